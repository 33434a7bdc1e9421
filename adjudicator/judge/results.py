"""Adjudicating a judge game: the engine runs, the results mail goes to every player.

The results text is the judge report of adjudicator.report.text (what `--format text` prints),
tagged `(game.S1901M)`, followed by the next phase and its deadline. Missing orders follow the
rules inside the engine (units hold, unordered retreats disband, civil disorder in winter).
"""

from __future__ import annotations

from datetime import datetime

from adjudicator.board.map import MapError, load_map
from adjudicator.game.game import Game, GameError, adjudicate_pending, undo_last
from adjudicator.judge.ack import phase_words
from adjudicator.judge.deadlines import iso, missing_powers, next_deadline, shown
from adjudicator.judge.store import GameRow, Store
from adjudicator.report.text import judge_report
from adjudicator.report.unread import unread_lines
from adjudicator.resolve.sequence import game_over


def results_text(row: GameRow, before: Game, after: Game, deadline: str | None) -> str:
    """The results mail's body: the judge report, then what comes next."""
    game_map = load_map(after.variant)
    played = after.played[-1]
    start = before.current
    body = judge_report(game_map, start, played.results, played.next, game=row.name)
    lines = [body.rstrip("\n")]
    missing = missing_powers(before)
    if missing:
        names = ", ".join(game_map.power_name(p) for p in missing)
        lines += ["", f"No orders were received from: {names}."]
    lines += unread_lines(game_map, played.errors)
    position = after.current
    lines.append("")
    if game_over(position, after.rules):
        winner = game_map.power_name(position.winner) if position.winner else "nobody"
        lines.append(f"The game {row.name!r} is over: {winner} has won.")
    else:
        lines.append(
            f"The next phase of {row.name!r} will be {phase_words(position)} "
            f"({row.name}.{position.phase})."
        )
        lines.append(f"The deadline for orders is {shown(deadline)}.")
    return "\n".join(lines) + "\n"


def picture(row: GameRow, before: Game, after: Game) -> tuple[str, bytes] | None:
    """The board picture of the phase just played, as a PNG attachment; None when this machine
    has no PNG renderer (the optional [png] extra) or the variant has no drawing."""
    from adjudicator.report.png import PngUnavailable, svg_to_png
    from adjudicator.report.svg import render_svg

    played = after.played[-1]
    start = before.current
    try:
        svg = render_svg(start, result=played.results, after=played.next)
        return f"{row.name}.{played.phase}.png", svg_to_png(svg)
    except (PngUnavailable, MapError):
        return None


def recipients(store: Store, name: str) -> list[str]:
    """Every player's address, then the observers', each once."""
    seen: list[str] = []
    for address in [p.address for p in store.players(name)] + store.observers(name):
        if address not in seen:
            seen.append(address)
    return seen


def adjudicate_game(store: Store, name: str, now: datetime) -> str:
    """Adjudicate the game's current phase (inside the caller's transaction); the report."""
    row = store.get_game(name)
    before = row.game
    after, played = adjudicate_pending(before)
    position = after.current
    deadline = (
        None
        if game_over(position, after.rules)
        else next_deadline(row.schedule, position.phase.kind, now)
    )
    text = results_text(row, before, after, deadline)
    at = iso(now)
    store.save_game(name, after)
    store.record_results(name, str(played.phase), text, at)
    store.set_deadline(name, deadline)
    for player in store.players(name):
        store.update_player(name, player.power, "wait", 0)
    subject = f"{name}.{played.phase} results"
    attachment = picture(row, before, after)
    for address in recipients(store, name):
        store.queue_mail(
            address, subject, text, kind="results", at=at, game=name, attachment=attachment
        )
    return text


def rollback(store: Store, name: str, now: datetime) -> str:
    """Undo the last adjudicated phase: its orders become pending again, a new deadline runs."""
    row = store.get_game(name)
    game = row.game
    if not game.played:
        raise GameError(f"game {name!r} has no adjudicated phase to roll back")
    earlier, last = undo_last(game, drop_pending=True)
    store.save_game(name, earlier)
    store.drop_results(name, str(last.phase))
    store.set_deadline(name, next_deadline(row.schedule, last.phase.kind, now))
    return f"{name}: rolled back to {last.phase}; its orders are pending again"


def late_notices(store: Store, row: GameRow, grace_until: datetime, now: datetime) -> int:
    """Tell each power without orders that the deadline passed; the number of notices."""
    game = row.game
    position = game.current
    game_map = load_map(game.variant)
    missing = set(missing_powers(game))
    count = 0
    for player in store.players(row.name):
        if player.power not in missing:
            continue
        body = (
            f"The deadline for {row.name} {phase_words(position)} ({row.name}.{position.phase}) "
            f"has passed\nand no orders from {game_map.power_name(player.power)} have arrived.\n"
            f"The phase will be adjudicated at {shown(iso(grace_until))},\n"
            "with or without them.\n"
        )
        subject = f"{row.name}.{position.phase} late notice"
        store.queue_mail(player.address, subject, body, kind="late", at=iso(now), game=row.name)
        count += 1
    store.set_game_field(row.name, "late_sent", 1)
    return count
