"""Position and Dislodged set their fields past the frozen dataclass's __init__ (an open twin's
in pure Python, natively compiled: board/position.py): they must still be made, compared, copied
and refused changes as the dataclasses they declare, in either build."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, fields, replace

import pytest

from adjudicator.board import position as position_module
from adjudicator.board.position import Dislodged, Position
from adjudicator.board.types import Phase, Unit, UnitType


def test_a_position_is_made_compared_and_copied_as_a_dataclass() -> None:
    phase = Phase.parse("S1901M")
    units = {"PAR": Unit("FRANCE", UnitType.ARMY, "PAR")}
    centers = {"PAR": "FRANCE"}
    position = Position("standard", phase, units, centers)
    assert [f.name for f in fields(Position)] == [
        "variant",
        "phase",
        "units",
        "centers",
        "dislodged",
        "winner",
    ]
    assert (position.variant, position.phase, position.units, position.centers) == (
        "standard",
        phase,
        units,
        centers,
    )
    assert position.dislodged == {} and position.winner is None
    assert position.dislodged is not Position("standard", phase, units, centers).dislodged
    named = Position(
        variant="standard", phase=phase, units=units, centers=centers, dislodged={}, winner=None
    )
    assert named == position and hash(named.phase) == hash(position.phase)
    won = replace(position, winner="FRANCE")
    assert won.winner == "FRANCE" and won.units is units and won != position
    assert repr(won).startswith("Position(variant='standard', phase=")


def test_a_position_cannot_be_changed() -> None:
    position = Position("standard", Phase.parse("S1901M"), {}, {})
    assert position_module._COMPILED is not position_module.__file__.endswith(".py")
    assert type(position) is Position
    for name in ("variant", "phase", "units", "centers", "dislodged", "winner"):
        with pytest.raises(FrozenInstanceError):
            setattr(position, name, None)
    with pytest.raises(FrozenInstanceError):
        position.winner = "FRANCE"  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        del position.units  # type: ignore[misc]
    assert position.winner is None and position.units == {}


def test_a_dislodged_unit_is_made_and_frozen_as_a_dataclass() -> None:
    unit = Unit("FRANCE", UnitType.ARMY, "PAR")
    dislodged = Dislodged(unit, ("BUR", "GAS"))
    assert type(dislodged) is Dislodged
    assert [f.name for f in fields(Dislodged)] == ["unit", "retreats"]
    assert (dislodged.unit, dislodged.retreats) == (unit, ("BUR", "GAS"))
    assert Dislodged(retreats=("BUR", "GAS"), unit=unit) == dislodged
    assert replace(dislodged, retreats=()).retreats == () and dislodged.retreats == ("BUR", "GAS")
    for name in ("unit", "retreats"):
        with pytest.raises(FrozenInstanceError):
            setattr(dislodged, name, ())


def test_the_factories_make_the_values_the_classes_make() -> None:
    """new_position and new_dislodged (no class call in pure Python) make values equal to the
    classes', of the class itself and as frozen; adjudicate's PhaseResult too."""
    from adjudicator.board.map import load_map
    from adjudicator.resolve.engine import PhaseResult, adjudicate

    phase = Phase.parse("F1901M")
    unit = Unit("FRANCE", UnitType.ARMY, "PAR")
    made = position_module.new_position("standard", phase, {"PAR": unit}, {"PAR": "FRANCE"})
    assert type(made) is Position and made.dislodged == {}
    assert made == Position("standard", phase, {"PAR": unit}, {"PAR": "FRANCE"})
    lying = position_module.new_dislodged(unit, ("BUR",))
    assert type(lying) is Dislodged and lying == Dislodged(unit, ("BUR",))
    with_both = position_module.new_position("standard", phase, {}, {}, {"PAR": lying}, "FRANCE")
    assert with_both == Position("standard", phase, {}, {}, {"PAR": lying}, "FRANCE")
    for value, name in ((made, "winner"), (lying, "retreats")):
        with pytest.raises(FrozenInstanceError):
            setattr(value, name, None)
    game_map = load_map("standard")
    units = {u.province: u for u in game_map.start_units()}
    start = Position("standard", game_map.start_phase, units, game_map.start_centers())
    result = adjudicate(start, {"FRANCE": ["A Par - Bur"]})
    assert type(result) is PhaseResult and type(result.next) is Position
    assert result == PhaseResult(result.phase, result.orders, result.errors, result.next)
    with pytest.raises(FrozenInstanceError):
        result.next = start  # type: ignore[misc]
