"""The text of acknowledgements: how each order line was read, a power's order set, the board.

Pure functions of the game and the readings; the order reader (interpret_orders) and the caret
renderer are the ones `adjudicator check` uses, so a player sees the same errors in both.
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.board.adjustments import adjustment_counts
from adjudicator.board.map import load_map
from adjudicator.board.position import Position
from adjudicator.board.types import PhaseKind
from adjudicator.game.game import Game
from adjudicator.game.owed import owed_orders
from adjudicator.game.readings import read_pending
from adjudicator.orders.caret import render_caret
from adjudicator.orders.results import OrderEntry, OrderError

INDENT = "    "


def phase_words(position: Position) -> str:
    phase = position.phase
    return f"{phase.season.word} {phase.year} {phase.kind.word}"


def _indented(text: str) -> list[str]:
    return [INDENT + line for line in text.split("\n")]


def _entry_lines(entry: OrderEntry) -> list[str]:
    mark = f"  (void: {entry.illegal})" if entry.illegal else ""
    return [f"{INDENT}read as {entry.order}{mark}"]


def _error_lines(error: OrderError) -> list[str]:
    return _indented(render_caret(error.input, error.span, error.error))


def line_readings(
    lines: Sequence[str], entries: Sequence[OrderEntry], errors: Sequence[OrderError]
) -> list[list[str]]:
    """For each order line, what was read from it: entries and errors are each in written
    order and quote the part of the line they came from, so they are taken from the front."""
    todo_entries, todo_errors = list(entries), list(errors)
    shown: list[list[str]] = []
    for line in lines:
        found: list[tuple[int, list[str]]] = []
        rest = line
        while True:
            spots = []
            if todo_entries and (todo_entries[0].input or "") in rest:
                spots.append((rest.index(todo_entries[0].input or ""), 0))
            if todo_errors and todo_errors[0].input in rest:
                spots.append((rest.index(todo_errors[0].input), 1))
            if not spots:
                break
            at, which = min(spots)
            if which == 0:
                entry = todo_entries.pop(0)
                found.append((at, _entry_lines(entry)))
                text = entry.input or ""
            else:
                error = todo_errors.pop(0)
                found.append((at, _error_lines(error)))
                text = error.input
            rest = rest[:at] + "\0" * len(text) + rest[at + len(text) :]
        shown.append([text for _, block in sorted(found, key=lambda f: f[0]) for text in block])
    if shown:  # anything the reader quoted differently still gets said, under the last line
        shown[-1] += [t for e in todo_entries for t in _entry_lines(e)]
        shown[-1] += [t for e in todo_errors for t in _error_lines(e)]
    return shown


def order_set_lines(game: Game, power: str) -> list[str]:
    """The power's complete current order set and what is still missing from it (the units,
    builds or removals game.owed finds, counting orders from a teammate's sheet too)."""
    phase = game.current.phase
    entries, _ = read_pending(game, power)
    if power not in game.pending:
        lines = [f"You have no orders for {phase} yet."]
    else:
        lines = [f"Your orders for {phase}:"]
        lines += [f"{INDENT}{e.order}" for e in entries] or [f"{INDENT}(none)"]
    owed = next((o for o in owed_orders(game) if o.power == power), None)
    if owed is None:
        return lines
    lines.append(f"Not yet ordered: {owed.words()} ({owed.fate(phase.kind)})")
    return lines


def unread_lines(errors: Sequence[OrderError]) -> list[str]:
    """The mail's bad lines once more, under one heading after the order set: each was
    answered where it stood, and this says in one place what was not taken (nor stored)."""
    if not errors:
        return []
    count = len(errors)
    heading = f"Not read as orders, so not stored ({count} {'line' if count == 1 else 'lines'}):"
    return ["", heading, *(f"{INDENT}{error.input}: {error.error}" for error in errors)]


def board_lines(game: Game, ordered: Sequence[str], waiting: Sequence[str]) -> list[str]:
    """LIST: the position, and who has ordered."""
    game_map = load_map(game.variant)
    position = game.current
    lines = [f"Position for {phase_words(position)} ({position.phase}):", ""]
    for power in sorted(game_map.powers):
        units = ", ".join(str(u) for u in position.units_of(power)) or "-"
        centers = position.centers_of(power)
        lines.append(f"{game_map.power_name(power) + ':':<10}{len(centers):>2} centres; {units}")
    for d in sorted(position.dislodged.values(), key=lambda d: str(d.unit)):
        options = ", ".join(d.retreats) or "nowhere"
        name = game_map.power_name(d.unit.power)
        lines.append(f"Dislodged: {name} {d.unit}, may retreat to {options}")
    if position.phase.kind is PhaseKind.ADJUSTMENT:
        for power, count in sorted(adjustment_counts(game_map, position).items()):
            if count:
                what = f"builds {count}" if count > 0 else f"removes {-count}"
                lines.append(f"Adjustment: {game_map.power_name(power)} {what}")
    names = [game_map.power_name(p) for p in ordered]
    lines += ["", f"Orders received from: {', '.join(names) or 'nobody yet'}"]
    if waiting:
        lines.append(
            f"Waiting (asked to wait): {', '.join(game_map.power_name(p) for p in waiting)}"
        )
    return lines
