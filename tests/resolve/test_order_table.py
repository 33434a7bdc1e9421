"""The order table's reading of the orders (resolve/order_table.py): what it keeps of a move
from phase to phase (`Move.seen`)."""

from __future__ import annotations

import pickle

from adjudicator.board.map import load_map
from adjudicator.board.types import Unit, UnitType
from adjudicator.orders.model import UNSEEN, Move, MovementOrder, UnitRef, keep_seen, move
from adjudicator.resolve.columns import OrderTable
from adjudicator.resolve.order_table import _read_orders

ARMY, FLEET = UnitType.ARMY, UnitType.FLEET


def _read(units: dict[str, Unit], orders: dict[str, MovementOrder]) -> tuple[OrderTable, list[int]]:
    provinces = sorted(units)
    table = OrderTable(
        load_map("standard").facts,
        provinces,
        [units[p] for p in provinces],
        [orders.get(p) for p in provinces],
    )
    return table, _read_orders(table)


def test_a_move_is_read_once_a_map_and_the_same_again() -> None:
    """The province a move goes to and whether it may go by convoy are worked out the first
    time a table reads the move, kept on it, and read back the same by the next table."""
    units = {
        "BRE": Unit("F", FLEET, "BRE"),
        "LON": Unit("E", ARMY, "LON"),
        "PAR": Unit("F", ARMY, "PAR"),
    }
    by_land, by_sea = Move(UnitRef(ARMY, "PAR"), "BUR"), Move(UnitRef(ARMY, "LON"), "BRE")
    coast = move(UnitRef(FLEET, "BRE"), "SPA/NC", False, ())
    orders: dict[str, MovementOrder] = {"PAR": by_land, "LON": by_sea, "BRE": coast}
    assert by_land.seen == UNSEEN and coast.seen == UNSEEN
    for _ in range(2):
        table, maybe_convoyed = _read(units, orders)
        assert table.dest == ["SPA", "BRE", "BUR"]
        assert table.target == ["SPA/NC", "BRE", "BUR"]
        assert maybe_convoyed == [1]
        assert by_sea.seen == (table.facts, "BRE", True)
        assert coast.seen == (table.facts, "SPA", False)


def test_what_was_seen_on_another_map_is_worked_out_again() -> None:
    """A move kept from another map's facts (another variant, the same move) is read anew."""
    order = Move(UnitRef(ARMY, "PAR"), "BUR")
    keep_seen(order, (object(), "MOS", True))
    table, maybe_convoyed = _read({"PAR": Unit("F", ARMY, "PAR")}, {"PAR": order})
    assert table.dest == ["BUR"]
    assert maybe_convoyed == []
    assert order.seen == (table.facts, "BUR", False)


def test_what_a_move_keeps_is_not_part_of_its_value() -> None:
    """`Move.seen` changes neither equality, hash, repr, nor what a pickle carries."""
    seen = Move(UnitRef(ARMY, "PAR"), "BUR", True)
    _read({"PAR": Unit("F", ARMY, "PAR")}, {"PAR": seen})
    fresh = Move(UnitRef(ARMY, "PAR"), "BUR", True)
    assert seen.seen != UNSEEN
    assert seen == fresh and hash(seen) == hash(fresh) and repr(seen) == repr(fresh)
    assert str(seen) == "A PAR - BUR VIA"
    assert pickle.loads(pickle.dumps(seen)).seen == UNSEEN
