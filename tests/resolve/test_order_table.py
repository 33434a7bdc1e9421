"""The order table's reading of the orders (resolve/order_table.py): what it keeps of a move
and of a support of a move from phase to phase (`Move.seen`, `SupportMove.seen`)."""

from __future__ import annotations

import pickle

from adjudicator.board.map import load_map
from adjudicator.board.rules import DEFAULT_RULES
from adjudicator.board.types import Unit, UnitType
from adjudicator.orders.model import (
    SUPPORT_UNSEEN,
    UNSEEN,
    Move,
    MovementOrder,
    SupportMove,
    UnitRef,
    keep_seen,
    keep_support_seen,
    move,
    support_move,
)
from adjudicator.resolve.columns import OrderTable, new_table
from adjudicator.resolve.order_table import _read_orders, table_of

ARMY, FLEET = UnitType.ARMY, UnitType.FLEET


def _read(units: dict[str, Unit], orders: dict[str, MovementOrder]) -> tuple[OrderTable, list[int]]:
    provinces = sorted(units)
    table = new_table(
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


def _matched(units: dict[str, Unit], orders: dict[str, MovementOrder]) -> OrderTable:
    provinces = sorted(units)
    return table_of(
        load_map("standard"),
        provinces,
        [units[p] for p in provinces],
        [orders.get(p) for p in provinces],
        DEFAULT_RULES,
    )


def test_a_support_of_a_move_is_read_once_a_map_and_the_same_again() -> None:
    """The province a support is given into and the supported unit's province are worked out
    the first time a table matches the support, kept on it, and read back the same; a support
    naming a coast keeps no province of its unit (it is matched by `_support_void`)."""
    units = {
        "BUR": Unit("F", ARMY, "BUR"),
        "GAS": Unit("F", ARMY, "GAS"),
        "MAO": Unit("F", FLEET, "MAO"),
        "POR": Unit("F", FLEET, "POR"),
    }
    plain = support_move(UnitRef(ARMY, "BUR"), UnitRef(ARMY, "GAS"), "MAR")
    coast = SupportMove(UnitRef(FLEET, "POR"), UnitRef(FLEET, "MAO"), "SPA/NC")
    orders: dict[str, MovementOrder] = {
        "BUR": plain,
        "GAS": Move(UnitRef(ARMY, "GAS"), "MAR"),
        "MAO": Move(UnitRef(FLEET, "MAO"), "SPA/NC"),
        "POR": coast,
    }
    assert plain.seen == SUPPORT_UNSEEN and coast.seen == SUPPORT_UNSEEN
    for _ in range(2):
        table = _matched(units, orders)
        assert table.backers == [(), (0,), (3,), ()]
        assert table.support_area[0] == "MAR" and table.support_area[3] == "SPA"
        assert plain.seen == (table.facts, "MAR", "GAS")
        assert coast.seen == (table.facts, "SPA", "")


def test_a_support_seen_on_another_map_is_worked_out_again() -> None:
    """A support kept from another map's facts is matched anew; what it keeps changes neither
    its equality, hash, repr, nor what a pickle carries."""
    units = {"BUR": Unit("F", ARMY, "BUR"), "GAS": Unit("F", ARMY, "GAS")}
    order = SupportMove(UnitRef(ARMY, "BUR"), UnitRef(ARMY, "GAS"), "MAR")
    keep_support_seen(order, (object(), "PAR", "BRE"))
    table = _matched(units, {"BUR": order, "GAS": Move(UnitRef(ARMY, "GAS"), "MAR")})
    assert table.backers == [(), (0,)]
    assert order.seen == (table.facts, "MAR", "GAS")
    fresh = SupportMove(UnitRef(ARMY, "BUR"), UnitRef(ARMY, "GAS"), "MAR")
    assert order == fresh and hash(order) == hash(fresh) and repr(order) == repr(fresh)
    assert pickle.loads(pickle.dumps(order)).seen == SUPPORT_UNSEEN
