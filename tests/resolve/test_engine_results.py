"""The engine's result lines: the canonical order strings it keeps by input text, and the order
of the lines (by power, then unit)."""

from __future__ import annotations

import pytest

from adjudicator.board.map import load_map
from adjudicator.board.position import Position
from adjudicator.board.types import UnitType
from adjudicator.orders.model import Hold, Move, UnitRef, Waive
from adjudicator.orders.results import OrderEntry
from adjudicator.resolve import engine
from adjudicator.resolve.engine import adjudicate


def test_kept_strings_belong_to_the_order_not_only_to_the_text() -> None:
    provinces = load_map("standard").facts.province
    army, fleet = UnitRef(UnitType.ARMY, "PAR"), UnitRef(UnitType.FLEET, "STP/NC")
    first = OrderEntry("FRANCE", "the same words", Move(army, "BUR"))
    second = OrderEntry("RUSSIA", "the same words", Hold(fleet))
    kept = engine._kept(provinces, first)
    assert kept is not None and (kept.text, kept.unit, kept.province) == (
        "A PAR - BUR",
        "A PAR",
        "PAR",
    )
    other = engine._kept(provinces, second)  # another order read from the same text
    assert other is not None and (other.text, other.unit, other.province) == (
        "F STP/NC H",
        "F STP/NC",
        "STP",
    )
    again = engine._kept(provinces, first)
    assert again is not None and again.text == "A PAR - BUR"
    assert engine._kept(provinces, first) is again  # kept, while the text reads as that order
    assert engine._kept(provinces, OrderEntry("FRANCE", "W", Waive())) is None  # no unit


def test_the_kept_strings_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine, "_KEPT", {})
    monkeypatch.setattr(engine, "_KEPT_LIMIT", 4)
    provinces = load_map("standard").facts.province
    army = UnitRef(UnitType.ARMY, "PAR")
    for n in range(10):
        kept = engine._kept(provinces, OrderEntry("FRANCE", f"text {n}", Hold(army)))
        assert kept is not None and kept.text == "A PAR H"
    assert 0 < len(engine._KEPT) <= 4


def test_result_lines_come_by_power_then_unit() -> None:
    game_map = load_map("standard")
    units = {u.province: u for u in game_map.start_units()}
    position = Position(
        variant="standard",
        phase=game_map.start_phase,
        units=units,
        centers=game_map.start_centers(),
    )
    result = adjudicate(position, {"TURKEY": ["F Ank - Bla"]})
    keys = [(line.power, line.unit) for line in result.orders]
    assert keys == sorted(keys) and len(keys) == 22
    assert result.orders[-3:][0].order == "A CON H" and result.orders[-2].order == "A SMY H"
    assert result.orders[-1].order == "F ANK - BLA" and result.orders[-1].input == "F Ank - Bla"


def test_adjustments_are_due_exactly_when_some_power_has_a_count() -> None:
    from adjudicator.board.adjustments import adjustment_counts, adjustments_due
    from adjudicator.board.types import Phase, Unit

    game_map = load_map("standard")
    units = {u.province: u for u in game_map.start_units()}
    fall = Phase.parse("F1901M")
    position = Position(
        variant="standard", phase=fall, units=units, centers=game_map.start_centers()
    )
    assert not adjustments_due(game_map, position)
    assert not any(adjustment_counts(game_map, position).values())
    units = dict(units)
    units["BEL"] = Unit("FRANCE", UnitType.ARMY, "BEL")  # one unit more than centres: a removal
    crowded = Position(variant="standard", phase=fall, units=units, centers=position.centers)
    assert adjustments_due(game_map, crowded)
    assert adjustment_counts(game_map, crowded)["FRANCE"] == -1
