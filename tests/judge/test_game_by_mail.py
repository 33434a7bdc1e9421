"""A whole game by mail, from the real .eml files in tests/data/mail/ to the mails sent back.

Results mails carry the board picture (a PNG, checked to be one) beside the judge's text.

Every acknowledgement, late notice, press and results mail is compared exactly with a file in
tests/data/mail/expected/ (one per mail, numbered as the judge numbers them), and the command
transcript with expected/transcript.txt. The clock is always given (--now), so the run is the
same every time. At the end the game is exported and `adjudicator game replay` must agree.
"""

from __future__ import annotations

import mailbox
from email import message_from_bytes, policy
from email.utils import parsedate_to_datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from adjudicator.cli.main import main

DATA = Path(__file__).resolve().parents[1] / "data" / "mail"
EXPECTED = DATA / "expected"

PLAYERS = (
    ("france", "alice@example.com", "paris1900"),
    ("england", "bob@example.co.uk", "hunter2"),
    ("germany", "carol@example.de", "Kaiser!"),
    ("italy", "dario@example.it", "roma&1"),
)

# (what, argument): a mail file to read at its Date, or a tick at a time.
SCRIPT = (
    *(("mail", f) for f in sorted(p.name for p in DATA.glob("*.eml"))[:11]),
    ("tick", "2026-11-25T21:00"),  # S1901M deadline passed, in the grace: Germany is late
    ("tick", "2026-11-26T08:00"),  # grace over: adjudicated without Germany (units hold)
    *(("mail", f) for f in sorted(p.name for p in DATA.glob("*.eml"))[11:15]),
    ("tick", "2026-11-26T18:00"),  # all have ordered, but Germany waits: nothing happens
    *(("mail", f) for f in sorted(p.name for p in DATA.glob("*.eml"))[15:16]),
    ("tick", "2026-11-27T08:30"),  # Germany no longer waits: adjudicated before the deadline
    *(("mail", f) for f in sorted(p.name for p in DATA.glob("*.eml"))[16:17]),
    ("tick", "2026-11-27T12:45"),  # the only retreat is ordered: adjudicated at once
    *(("mail", f) for f in sorted(p.name for p in DATA.glob("*.eml"))[17:]),
    ("tick", "2026-11-28T13:30"),  # W1901A deadline passed: Germany (a removal due) is late
    ("tick", "2026-11-29T01:00"),  # grace over: Germany's removal by civil disorder
)


def _invoke(args: list[str]) -> str:
    result = CliRunner().invoke(main, args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def _mail_text(raw: bytes) -> tuple[int, str]:
    """One sent mail as compared: its number, the headers a player sees, and the body."""
    message = message_from_bytes(raw, policy=policy.default)
    number = int(str(message["Message-ID"]).split(".")[1])
    heads = ["From", "To", "Subject", "Date", "Message-ID", "In-Reply-To", "Auto-Submitted"]
    lines = [f"{h}: {message[h]}" for h in heads if message[h] is not None]
    for attachment in message.iter_attachments():
        data = attachment.get_content()
        assert isinstance(data, bytes) and data.startswith(b"\x89PNG\r\n\x1a\n")
        lines.append(f"Attachment: {attachment.get_filename()} ({attachment.get_content_type()})")
    body = message.get_body(preferencelist=("plain",))
    assert body is not None
    return number, "\n".join(lines) + "\n\n" + str(body.get_content())


def run_game(folder: Path) -> tuple[str, dict[int, str], Path]:
    """Play the script in `folder`; the transcript, the mails sent by number, the database."""
    db = folder / "judge.sqlite"
    outbox = folder / "outbox"
    base = ["judge", "--db", str(db)]
    transcript = []

    def run(*args: str) -> None:
        output = _invoke([*base, *args])
        shown = [a for a in args if not a.startswith(str(folder))]
        output = output.replace(str(folder), "/srv/judge")
        transcript.append(f"$ adjudicator judge {' '.join(shown)}\n{output}")

    run("init", "--address", "judge@example.org", "--outbox", str(outbox))
    run("create", "demo", "--now", "2026-11-23T20:00", "--grace", "12h")
    for power, address, password in PLAYERS:
        run("player", "demo", power, address, "--password", password)
    run("player", "demo", "observer", "observer@example.net")
    for what, argument in SCRIPT:
        if what == "tick":
            run("tick", "--now", argument)
            continue
        path = DATA / argument
        message = message_from_bytes(path.read_bytes(), policy=policy.default)
        when = parsedate_to_datetime(str(message["Date"])).isoformat()
        output = _invoke([*base, "mail", str(path), "--now", when])
        transcript.append(
            f"$ adjudicator judge mail {argument}\n{output.replace(str(DATA) + '/', '')}"
        )
    mails = dict(_mail_text(m.as_bytes()) for m in mailbox.Maildir(outbox, create=False))
    return "".join(transcript), mails, db


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, dict[int, str], Path]:
    return run_game(tmp_path_factory.mktemp("judge"))


def test_there_are_enough_real_mails() -> None:
    assert len(list(DATA.glob("*.eml"))) >= 25


def test_the_transcript_is_as_expected(game: tuple[str, dict[int, str], Path]) -> None:
    transcript, _, _ = game
    assert transcript == (EXPECTED / "transcript.txt").read_text(encoding="utf-8")


def test_every_mail_sent_is_as_expected(game: tuple[str, dict[int, str], Path]) -> None:
    _, mails, _ = game
    expected = {int(p.stem.split("-")[0]): p for p in EXPECTED.glob("[0-9]*.txt")}
    assert sorted(mails) == sorted(expected)
    for number, text in sorted(mails.items()):
        # After a deliberate change: python tests/judge/regenerate_expected.py, then read the diff.
        assert text == expected[number].read_text(encoding="utf-8"), expected[number].name


def test_the_exported_game_replays(game: tuple[str, dict[int, str], Path], tmp_path: Path) -> None:
    _, _, db = game
    file = tmp_path / "demo.json"
    _invoke(["judge", "--db", str(db), "export", "demo", "-o", str(file)])
    output = _invoke(["game", "replay", str(file)])
    assert output == "OK: 4 phases replayed\n"
    shown = _invoke(["game", "show", str(file)])
    assert "Spring 1902 Movement (S1902M)" in shown
