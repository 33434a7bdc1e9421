"""Orders of neutral and disordered powers are reported, never dropped (CONTRACT: every input
appears in a result or an error), and say why they count for nothing."""

from __future__ import annotations

from adjudicator.board.position import Position
from adjudicator.board.rules import rules_from
from adjudicator.board.types import Phase, Unit
from adjudicator.resolve.engine import adjudicate


def _position(variant: str, units: dict[str, list[str]]) -> Position:
    placed = [Unit.parse(power, text) for power, texts in units.items() for text in texts]
    return Position(variant, Phase.parse("S1901M"), {u.province: u for u in placed}, {})


def test_a_neutral_power_s_orders_come_back_illegal_with_the_reason() -> None:
    position = _position("six", {"ITALY": ["A ROM", "A VEN"], "FRANCE": ["A PIE"]})
    result = adjudicate(position, {"ITALY": ["A Rom S A Ven"], "FRANCE": ["A Pie - Tus"]})
    by_unit = {r.unit: r for r in result.orders}
    rome, venice = by_unit["A ROM"], by_unit["A VEN"]
    assert (rome.input, rome.result, rome.tags) == ("A Rom S A Ven", "fails", ("illegal",))
    assert rome.reason == "ITALY is neutral (rulebook XIV.2): nobody orders it"
    assert (venice.input, venice.result, venice.reason) == (None, "succeeds", rome.reason)
    assert by_unit["A PIE"].reason is None
    assert result.errors == ()


def test_a_declared_power_s_orders_come_back_illegal() -> None:
    position = _position("standard", {"GERMANY": ["A MUN", "A KIE"]})
    rules = rules_from({"disorder": ["GERMANY"]})
    result = adjudicate(position, {"GERMANY": ["A Kie S A Mun", "A Mun - Ruh"]}, rules)
    assert [(r.input, r.tags) for r in result.orders] == [
        ("A Kie S A Mun", ("illegal",)),
        ("A Mun - Ruh", ("illegal",)),
    ]
    assert {str(u) for u in result.next.units.values()} == {"A KIE", "A MUN"}
    assert all("civil disorder (rulebook XIV.3)" in (r.reason or "") for r in result.orders)


def _munich_dislodged(orders: dict[str, list[str]], **rules: str) -> tuple[str, ...]:
    """The French take Munich with support; what becomes of the German army there: its tags
    and where it may retreat."""
    position = _position("standard", {"GERMANY": ["A MUN", "A KIE"], "FRANCE": ["A BUR", "A RUH"]})
    french = ["A BUR - MUN", "A RUH S A BUR - MUN", *orders.pop("FRANCE", [])]
    result = adjudicate(position, {"FRANCE": french, **orders}, rules_from(rules))
    munich = next(r for r in result.orders if r.unit == "A MUN")
    kept = result.next.dislodged.get("MUN")  # (a unit disbanded is not there)
    return (*munich.tags, *(kept.retreats if kept else ()))


def test_a_power_that_sent_no_orders_loses_its_dislodged_units() -> None:
    # Rulebook XIV.3: Germany sent nothing, so its dislodged army is disbanded.
    assert _munich_dislodged({}) == ("dislodged", "disbanded")
    # An order of France for the German army is no order of Germany's.
    assert _munich_dislodged({"FRANCE": ["A MUN H"]})[-1] == "disbanded"


def test_a_power_that_sent_any_order_keeps_its_retreats() -> None:
    retreats = ("dislodged", "BER", "BOH", "SIL", "TYR")
    assert _munich_dislodged({"GERMANY": ["A MUN H"]}) == retreats
    # An order for another of its units, or one that could not be read, is enough.
    assert _munich_dislodged({"GERMANY": ["A KIE H"]}) == retreats
    assert _munich_dislodged({"GERMANY": ["no such order"]}) == retreats
    # With disorder_units="hold", a silent power's units only hold.
    assert _munich_dislodged({}, disorder_units="hold") == retreats
