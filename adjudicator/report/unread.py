"""The lines a report adds for what was not read as an order: the lines in error, then the
ignored comments, each grouped under one heading per power, caret-marked (the same rendering
as `adjudicator check`). Every report that prints a phase's result uses this block."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.board.map import Map
from adjudicator.orders.caret import render_caret
from adjudicator.orders.results import OrderError

_TITLES = (
    (False, "Orders that could not be read:"),
    (True, "Comments (ignored, not read as orders):"),
)


def unread_lines(game_map: Map, errors: Sequence[OrderError]) -> list[str]:
    """The block for a report: empty when every line was read as an order."""
    lines: list[str] = []
    for comments, title in _TITLES:
        by_power: dict[str, list[OrderError]] = {}
        for error in errors:
            if error.is_comment == comments:
                by_power.setdefault(error.power, []).append(error)
        if not by_power:
            continue
        lines += ["", title]
        for power, chosen in by_power.items():
            lines += ["", f"{game_map.power_name(power)}:"]
            lines += [render_caret(e.input, e.span, e.error) for e in chosen]
    return lines


def with_unread(report: str, game_map: Map, errors: Sequence[OrderError]) -> str:
    """A report (ending in a newline) followed by the unread block, if any."""
    lines = unread_lines(game_map, errors)
    return report.rstrip("\n") + "\n" + "\n".join(lines) + "\n" if lines else report
