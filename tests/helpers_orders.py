"""Small builders shared by the order-reading tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.board.map import load_map
from adjudicator.board.position import Dislodged, Position
from adjudicator.board.rules import DEFAULT_RULES, Rules
from adjudicator.board.types import Phase, Unit
from adjudicator.orders.interpret import interpret_orders
from adjudicator.orders.results import OrderEntry, OrderError

MAP = load_map()


def position(
    phase: str = "S1901M",
    units: Mapping[str, Sequence[str]] | None = None,
    dislodged: Mapping[str, Mapping[str, Sequence[str]]] | None = None,
    centers: Mapping[str, str] | None = None,
) -> Position:
    """A position from contract-style unit strings: {"ENGLAND": ["F LON"]}."""
    placed = {
        u.province: u
        for power, texts in (units or {}).items()
        for u in (Unit.parse(power, t) for t in texts)
    }
    gone = {
        u.province: Dislodged(u, tuple(retreats))
        for power, entries in (dislodged or {}).items()
        for u, retreats in ((Unit.parse(power, t), r) for t, r in entries.items())
    }
    return Position(
        "standard",
        Phase.parse(phase),
        placed,
        dict(centers) if centers is not None else MAP.start_centers(),
        gone,
    )


def read(
    pos: Position, orders: Mapping[str, Sequence[str]], rules: Rules = DEFAULT_RULES
) -> tuple[list[OrderEntry], list[OrderError]]:
    return interpret_orders(MAP, pos, orders, rules)


def only_entry(pos: Position, power: str, text: str) -> OrderEntry:
    entries, errors = read(pos, {power: [text]})
    assert errors == [], errors
    assert len(entries) == 1
    return entries[0]


def only_error(pos: Position, power: str, text: str) -> OrderError:
    entries, errors = read(pos, {power: [text]})
    assert entries == [], entries
    assert len(errors) == 1
    return errors[0]
