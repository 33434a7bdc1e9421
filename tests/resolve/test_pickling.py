"""Every value a phase hands out pickles and comes back equal, in both builds: the compiled
build's native classes pickle by their `__reduce__` (board/frozen.by_fields), for callers that
send results between processes (multiprocessing, a cluster)."""

from __future__ import annotations

import pickle

from adjudicator.board.map import load_map
from adjudicator.board.position import Position
from adjudicator.board.rules import DEFAULT_RULES
from adjudicator.board.types import Phase, Unit, UnitType
from adjudicator.orders.interpret import interpret_orders
from adjudicator.orders.model import Build, Disband, Retreat, UnitRef, Waive
from adjudicator.orders.results import OrderEntry
from adjudicator.resolve.engine import adjudicate

ARMY, FLEET = UnitType.ARMY, UnitType.FLEET
UNITS = {
    "BUR": Unit("FRANCE", ARMY, "BUR"),
    "PIC": Unit("FRANCE", ARMY, "PIC"),
    "MUN": Unit("GERMANY", ARMY, "MUN"),
    "RUH": Unit("GERMANY", ARMY, "RUH"),
    "KIE": Unit("GERMANY", FLEET, "KIE"),
    "LON": Unit("ENGLAND", ARMY, "LON"),
    "NTH": Unit("ENGLAND", FLEET, "NTH"),
}
ORDERS = {
    "FRANCE": ["A BUR H", "A PIC H"],
    "GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR", "F KIE S A MUN"],
    "ENGLAND": ["A LON - NWY", "F NTH C A LON - NWY", "A XYZ - PAR"],
}


def _round_trip(value: object) -> None:
    back = pickle.loads(pickle.dumps(value))
    assert type(back) is type(value) and back == value, value


def test_a_phase_and_everything_in_it_pickle() -> None:
    position = Position("standard", Phase.parse("S1901M"), UNITS, {"PAR": "FRANCE"})
    result = adjudicate(position, ORDERS, DEFAULT_RULES)
    assert result.next.dislodged and result.errors  # (A BUR dislodged; A XYZ unreadable)
    game_map = load_map("standard").during(position.phase)
    entries, errors = interpret_orders(game_map, position, ORDERS, DEFAULT_RULES)
    orders = [entry.order for entry in entries]
    assert {type(o).__name__ for o in orders} >= {"Hold", "Move", "SupportHold", "SupportMove"}
    assert "Convoy" in {type(o).__name__ for o in orders}
    army = UnitRef(ARMY, "PAR")
    others = [Retreat(army, "BUR"), Disband(army), Build(army), Waive(), army]
    values = [position, result, result.next, position.phase, *result.orders, *result.errors]
    values += [*entries, *errors, *orders, *others, *UNITS.values()]
    values += [*result.next.dislodged.values(), OrderEntry("FRANCE", "Build A Par", Build(army))]
    for value in values:
        _round_trip(value)
