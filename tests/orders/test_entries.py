"""OrderEntry: the result line made with an entry names its unit by the unit's own string; an
entry is a frozen value of its four fields."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, replace

import pytest

from adjudicator.board.types import UnitType
from adjudicator.orders import model, results
from adjudicator.orders.model import Build, Hold, Move, UnitRef
from adjudicator.orders.results import OrderEntry, entry_like


def test_each_entry_names_its_unit_by_its_string_one_string_a_unit() -> None:
    army, fleet = UnitRef(UnitType.ARMY, "BRE"), UnitRef(UnitType.FLEET, "BRE")
    held = OrderEntry("FRANCE", None, Hold(army))
    moved = OrderEntry("FRANCE", "A Bre - Par", Move(UnitRef(UnitType.ARMY, "BRE"), "PAR"))
    by_sea = OrderEntry("FRANCE", None, Move(fleet, "MAO"))
    built = OrderEntry("RUSSIA", None, Build(UnitRef(UnitType.FLEET, "STP/SC")))
    assert (held.line[1], moved.line[1]) == ("A BRE", "A BRE")
    assert held.line[1] is moved.line[1]  # shared by every entry that orders the unit
    assert by_sea.line[1] == "F BRE"  # the same place, the other type: its own string
    assert built.line[1] == "F STP/SC" and built.province is None


def test_an_entry_is_a_frozen_value_of_its_four_fields_in_either_build() -> None:
    """Its fields are set past the frozen __setattr__ (an open twin's in pure Python, natively
    compiled: results._COMPILED), and it is an OrderEntry again, frozen, once made."""
    move = Move(UnitRef(UnitType.ARMY, "PAR"), "BUR")
    entry = OrderEntry("FRANCE", "A Par - Bur", move)
    assert results._COMPILED is not results.__file__.endswith(".py")
    assert type(entry) is OrderEntry
    assert (entry.province, entry.legal, entry.line.order) == ("PAR", move, "A PAR - BUR")
    for name in ("power", "input", "order", "illegal", "province", "line", "legal"):
        with pytest.raises(FrozenInstanceError):
            setattr(entry, name, None)
    illegal = OrderEntry(power="FRANCE", input="A Par - Bur", order=move, illegal="no")
    assert illegal.legal is None and illegal != entry
    like = entry_like(entry, "GERMANY", None)
    assert like == OrderEntry("GERMANY", "A Par - Bur", move) and like.line[0] == "GERMANY"
    assert entry == OrderEntry("FRANCE", "A Par - Bur", Move(UnitRef(UnitType.ARMY, "PAR"), "BUR"))
    assert hash(entry) == hash(OrderEntry("FRANCE", "A Par - Bur", move))
    assert repr(illegal) == (
        "OrderEntry(power='FRANCE', input='A Par - Bur', order=Move(unit=UnitRef(type="
        "<UnitType.ARMY: 'A'>, location='PAR'), target='BUR', via_convoy=False, route=()), "
        "illegal='no')"
    )
    moved = replace(entry, input="A PAR - BUR")
    assert type(moved) is OrderEntry and moved.line.input == "A PAR - BUR"


def test_an_order_is_a_frozen_value_of_its_fields_in_either_build() -> None:
    """Its fields are set past the frozen __setattr__ (slot setters in pure Python, natively
    compiled: model._COMPILED), and each order is frozen, equal and hashed by its fields."""
    army, fleet = UnitRef(UnitType.ARMY, "LON"), UnitRef(UnitType.FLEET, "NTH")
    assert model._COMPILED is not model.__file__.endswith(".py")
    orders = [
        (model.Hold(army), ("unit",)),
        (model.Move(army, "BEL", True, ("NTH",)), ("unit", "target", "via_convoy", "route")),
        (model.SupportHold(fleet, army), ("unit", "supported")),
        (model.SupportMove(fleet, army, "BEL"), ("unit", "supported", "target")),
        (model.Convoy(fleet, army, "BEL"), ("unit", "army", "target")),
        (model.Retreat(army, "WAL"), ("unit", "target")),
        (model.Disband(army), ("unit",)),
        (model.Build(army), ("unit",)),
    ]
    for order, names in orders:
        again = type(order)(*(getattr(order, name) for name in names))
        assert again == order and hash(again) == hash(order) and repr(again) == repr(order)
        for name in names:
            with pytest.raises(FrozenInstanceError):
                setattr(order, name, None)
    assert str(orders[1][0]) == "A LON - NTH - BEL" and str(orders[4][0]) == "F NTH C A LON - BEL"
