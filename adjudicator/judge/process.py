"""One mail, one transaction; one tick, one transaction per game due.

A mail's Message-ID is recorded in the same transaction as everything it changed and the
acknowledgement it queued, so processing a mail twice changes and answers nothing the second
time, and a crash before the commit leaves the mail to be read again.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from adjudicator.game.game import GameError
from adjudicator.judge import mailin, results
from adjudicator.judge.commands import Session
from adjudicator.judge.deadlines import grace_end, iso, missing_powers, parse_time, shown
from adjudicator.judge.store import Store


@dataclass(frozen=True)
class Processed:
    message_id: str
    outcome: str


def reply_subject(subject: str) -> str:
    """'Re: ' and the player's subject (one 'Re:' only), on one line: no header injection."""
    flat = " ".join(subject.split())[:200]
    while flat.lower().startswith("re:"):
        flat = flat[3:].strip()
    return "Re: " + (flat or "your mail to the judge")


def _ack_body(session: Session) -> str:
    mail = session.mail
    head = [f"Your mail to the judge, read {shown(iso(session.now))}:", ""]
    if not mail.lines:
        head.append("It held no text for the judge. Send HELP for the commands.")
    return "\n".join(head + session.reply).rstrip("\n") + "\n"


def _read_commands(
    store: Store, mail: mailin.Incoming, now: datetime
) -> tuple[str, str, str | None]:
    """Act on the mail's lines: the acknowledgement, the outcome, and the game signed on to."""
    session = Session(store, mail, now)
    if len(mail.lines) > mailin.MAX_LINES:
        session.reply.append(f"Only the first {mailin.MAX_LINES} lines were read.")
        session.mail = replace(mail, lines=mail.lines[: mailin.MAX_LINES])
    session.run()
    return _ack_body(session), session.outcome, session.row.name if session.row else None


def process_mail(store: Store, raw: bytes, now: datetime) -> Processed:
    """Read one raw message and act on it, all in one transaction."""
    own = store.setting("address", "") or ""
    mail = mailin.read_mail(raw, own)
    with store.transaction():
        if store.seen(mail.message_id):
            return Processed(mail.message_id, "duplicate")
        if mail.ignore is not None:
            outcome = f"ignored: {mail.ignore}"
            store.record_mail_in(
                mail.message_id, mail.sender, mail.subject, None, outcome, iso(now)
            )
            return Processed(mail.message_id, outcome)
        game: str | None = None
        if mail.too_big:
            body = (
                f"Your mail is larger than {mailin.MAX_MAIL_BYTES // 1024} KiB and was not read.\n"
                "Send your orders as plain text.\n"
            )
            outcome = "refused: too big"
        else:
            body, outcome, game = _read_commands(store, mail, now)
        store.record_mail_in(mail.message_id, mail.sender, mail.subject, game, outcome, iso(now))
        store.queue_mail(
            mail.sender,
            reply_subject(mail.subject),
            body,
            kind="ack",
            at=iso(now),
            game=game,
            in_reply_to=mail.message_id,
        )
    return Processed(mail.message_id, outcome)


def due(store: Store, name: str, now: datetime) -> str | None:
    """What a tick should do with this game now: 'adjudicate', 'late', or None."""
    row = store.get_game(name)
    game = row.game
    if row.deadline is None:
        return None
    # Powers nobody plays, or declared in civil disorder, are not waited for before the deadline.
    players = [p for p in store.players(name) if p.power not in game.disorder]
    played = {p.power for p in players}
    missing = [p for p in missing_powers(game) if p in played]
    waiting = [p for p in players if p.wait]
    if players and not missing and not waiting:
        return "adjudicate"
    if now < parse_time(row.deadline):
        return None
    if not missing:
        return "adjudicate"
    end = grace_end(row.schedule, row.deadline)
    if now >= end:
        return "adjudicate"
    return None if row.late_sent else "late"


def tick(store: Store, now: datetime) -> list[str]:
    """Adjudicate every game that is due, send late notices; one line per thing done."""
    done = []
    for name in store.game_names():
        with store.transaction():
            action = due(store, name, now)
            row = store.get_game(name)
            if action == "adjudicate":
                phase = row.game.current.phase
                try:
                    results.adjudicate_game(store, name, now)
                except GameError as error:
                    done.append(f"{name}: {error}")
                    continue
                done.append(
                    f"{name}: {phase} adjudicated; now {store.get_game(name).game.current.phase}"
                )
            elif action == "late" and row.deadline:
                count = results.late_notices(store, row, grace_end(row.schedule, row.deadline), now)
                done.append(f"{name}: deadline passed, {count} late notice(s)")
    return done
