"""The pending orders as the reader understands them, line by line in the order written.

The reader gives the orders it read and the lines it could not read as two lists, each in the
order written; a person checking an order sheet wants them as one list in the sheet's order.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from adjudicator.board.map import Map, load_map
from adjudicator.game.game import Game
from adjudicator.orders.interpret import interpret_orders
from adjudicator.orders.results import OrderEntry, OrderError
from adjudicator.orders.sheet import segments

Reading = OrderEntry | OrderError


def in_written_order(
    game_map: Map,
    texts: Sequence[str],
    power: str,
    entries: Sequence[OrderEntry],
    errors: Sequence[OrderError],
) -> list[Reading]:
    """The entries and errors read from `texts` as one list in the order written.

    Each order's text gives one entry or one error, and both lists keep the order written, so
    walking the texts' orders and taking the head of the list whose input is that text restores
    it. Anything quoted differently is kept, at the end."""
    todo_entries, todo_errors = deque(entries), deque(errors)
    found: list[Reading] = []
    for _, text in segments(game_map, texts, power):
        if todo_entries and todo_entries[0].input == text:
            found.append(todo_entries.popleft())
        elif todo_errors and todo_errors[0].input == text:
            found.append(todo_errors.popleft())
    return [*found, *todo_entries, *todo_errors]


def read_pending(game: Game, power: str) -> tuple[list[OrderEntry], list[OrderError]]:
    """One power's pending order set as the reader understands it now (orders, errors)."""
    lines = list(game.pending.get(power, ()))
    return interpret_orders(load_map(game.variant), game.current, {power: lines}, game.rules)


def pending_readings(game: Game, power: str) -> list[Reading]:
    """One power's pending order set read against the current position, in the order written."""
    entries, errors = read_pending(game, power)
    lines = list(game.pending.get(power, ()))
    return in_written_order(load_map(game.variant), lines, power, entries, errors)
