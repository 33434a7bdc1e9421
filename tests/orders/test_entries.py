"""OrderEntry: the result line made with an entry names its unit by the unit's own string."""

from __future__ import annotations

from adjudicator.board.types import UnitType
from adjudicator.orders.model import Build, Hold, Move, UnitRef
from adjudicator.orders.results import OrderEntry


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
