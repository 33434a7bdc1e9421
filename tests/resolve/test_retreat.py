"""Retreat adjudication: DATC v3.0 section 6.H, from the board the movement phase leaves behind.

The retreat options below are what the movement resolver computes for each case; this module
only decides what the retreat orders do with them.
"""

from __future__ import annotations

import pytest

from adjudicator.board.map import Map, load_map
from adjudicator.board.position import Dislodged, Position
from adjudicator.board.types import Phase, Unit, UnitType, province_of
from adjudicator.orders.model import Disband, Retreat, RetreatOrder, UnitRef
from adjudicator.orders.results import Resolution
from adjudicator.resolve.retreat import NO_ORDER, adjudicate_retreats


@pytest.fixture(scope="module")
def game_map() -> Map:
    return load_map("standard")


def board(
    units: dict[str, list[str]], dislodged: dict[str, dict[str, list[str]]], phase: str = "S1901R"
) -> Position:
    placed = [Unit.parse(power, text) for power, texts in units.items() for text in texts]
    gone = {
        (u := Unit.parse(power, text)).province: Dislodged(u, tuple(options))
        for power, entries in dislodged.items()
        for text, options in entries.items()
    }
    return Position("standard", Phase.parse(phase), {u.province: u for u in placed}, {}, gone)


def retreat(text: str, target: str) -> Retreat:
    kind, location = text.split()
    return Retreat(UnitRef(UnitType(kind), location), target)


def disband(text: str) -> Disband:
    kind, location = text.split()
    return Disband(UnitRef(UnitType(kind), location))


def keyed(*orders: RetreatOrder) -> dict[str, RetreatOrder]:
    return {province_of(o.unit.location): o for o in orders}


def board_strings(units: dict[str, Unit]) -> set[str]:
    return {f"{u.power} {u}" for u in units.values()}


def test_6h1_two_fleets_retreating_to_one_place_are_disbanded(game_map: Map) -> None:
    # The Austrian support is illegal and never reaches this module.
    position = board(
        {"AUSTRIA": ["A SER"], "ITALY": ["A VEN", "A TRI", "F GRE", "F AEG"]},
        {"AUSTRIA": {"F TRI": ["ADR", "ALB"]}, "TURKEY": {"F GRE": ["ALB", "BUL/SC"]}},
    )
    orders = keyed(retreat("F TRI", "ALB"), retreat("F GRE", "ALB"))
    outcome = adjudicate_retreats(game_map, position, orders)
    assert outcome.resolutions["TRI"] == Resolution(
        False, ("bounce", "disbanded"), "bounced with F GRE R ALB", ("F GRE",)
    )
    assert outcome.resolutions["GRE"].tags == ("bounce", "disbanded")
    assert not outcome.resolutions["GRE"].succeeds
    assert "ALB" not in outcome.units
    assert outcome.units == position.units


def test_6h2_a_retreating_unit_cannot_support(game_map: Map) -> None:
    # F HOL's support is illegal: it is filtered out, so F HOL has no order and is disbanded.
    position = board(
        {"ENGLAND": ["A EDI", "F YOR"], "GERMANY": ["A KIE", "A HOL"], "RUSSIA": ["A NWY"]},
        {
            "ENGLAND": {"F NWY": ["NTH", "NWG", "SKA", "BAR"]},
            "RUSSIA": {"F EDI": ["NTH", "NWG", "CLY"], "F HOL": ["NTH", "BEL", "HEL"]},
        },
    )
    orders = keyed(retreat("F NWY", "NTH"), retreat("F EDI", "NTH"))
    outcome = adjudicate_retreats(game_map, position, orders)
    assert outcome.resolutions["NWY"].tags == ("bounce", "disbanded")
    assert outcome.resolutions["EDI"].tags == ("bounce", "disbanded")
    assert outcome.resolutions["HOL"] == NO_ORDER
    assert "NTH" not in outcome.units


def test_6h7_two_armies_retreating_to_one_place_are_disbanded(game_map: Map) -> None:
    position = board(
        {"AUSTRIA": ["A BUD", "A VIE"], "GERMANY": ["A MUN", "A BOH"]},
        {"ITALY": {"A VIE": ["GAL", "TYR"], "A BOH": ["GAL", "TYR"]}},
    )
    orders = keyed(retreat("A BOH", "TYR"), retreat("A VIE", "TYR"))
    outcome = adjudicate_retreats(game_map, position, orders)
    assert all(r.tags == ("bounce", "disbanded") for r in outcome.resolutions.values())
    assert "TYR" not in outcome.units


def test_6h8_three_retreats_to_one_place_all_disband(game_map: Map) -> None:
    position = board(
        {"ENGLAND": ["A EDI", "F YOR"], "GERMANY": ["A KIE", "A HOL"], "RUSSIA": ["A NWY"]},
        {
            "ENGLAND": {"F NWY": ["NTH", "NWG", "SKA", "BAR"]},
            "RUSSIA": {"F EDI": ["NTH", "NWG", "CLY"], "F HOL": ["NTH", "BEL", "HEL"]},
        },
    )
    orders = keyed(retreat("F NWY", "NTH"), retreat("F EDI", "NTH"), retreat("F HOL", "NTH"))
    outcome = adjudicate_retreats(game_map, position, orders)
    assert outcome.resolutions["HOL"] == Resolution(
        False,
        ("bounce", "disbanded"),
        "bounced with F NWY R NTH, F EDI R NTH",
        ("F NWY", "F EDI"),
    )
    assert sum(r.succeeds for r in outcome.resolutions.values()) == 0
    assert outcome.units == position.units


def test_6h9_retreat_to_the_attackers_empty_origin(game_map: Map) -> None:
    position = board(
        {"ENGLAND": ["F KIE", "F DEN"], "GERMANY": ["A PRU", "A SIL"]},
        {"GERMANY": {"F KIE": ["BER", "BAL", "HOL"]}},
        phase="F1901R",
    )
    outcome = adjudicate_retreats(game_map, position, keyed(retreat("F KIE", "BER")))
    assert outcome.resolutions["KIE"] == Resolution(True)
    assert outcome.units["BER"] == Unit.parse("GERMANY", "F BER")
    assert outcome.units["KIE"] == Unit.parse("ENGLAND", "F KIE")


def test_6h10_an_impossible_retreat_does_not_bounce_a_good_one(game_map: Map) -> None:
    # The English retreat is illegal and would not normally be passed; if it is, it must
    # neither arrive nor stand the German retreat off.
    position = board(
        {"GERMANY": ["A KIE", "A MUN"], "RUSSIA": ["A PRU", "A SIL"]},
        {"ENGLAND": {"A KIE": ["DEN", "HOL", "RUH"]}, "GERMANY": {"A PRU": ["BER", "LVN"]}},
    )
    orders = keyed(retreat("A KIE", "BER"), retreat("A PRU", "BER"))
    outcome = adjudicate_retreats(game_map, position, orders)
    assert outcome.resolutions["PRU"] == Resolution(True)
    english = outcome.resolutions["KIE"]
    assert not english.succeeds
    assert english.tags == ("illegal", "disbanded")
    assert english.reason == "A KIE cannot retreat to BER; it may retreat to DEN, HOL, RUH"
    assert outcome.units["BER"] == Unit.parse("GERMANY", "A BER")


def test_6h14_support_from_movement_does_not_help_a_retreat(game_map: Map) -> None:
    position = board(
        {"ENGLAND": ["F ENG"], "FRANCE": ["A PIC", "A BRE"], "GERMANY": ["A MUN", "A BUR"]},
        {"ENGLAND": {"A PIC": ["BEL"]}, "FRANCE": {"A BUR": ["BEL", "GAS"]}},
    )
    orders = keyed(retreat("A PIC", "BEL"), retreat("A BUR", "BEL"))
    outcome = adjudicate_retreats(game_map, position, orders)
    assert [r.tags for r in outcome.resolutions.values()] == [("bounce", "disbanded")] * 2
    assert "BEL" not in outcome.units


def test_retreats_to_two_coasts_of_one_province_bounce(game_map: Map) -> None:
    position = board(
        {"FRANCE": ["F MAO", "F WES"]},
        {"ENGLAND": {"F POR": ["SPA/NC"]}, "ITALY": {"F LYO": ["SPA/SC", "TYS"]}},
    )
    orders = keyed(retreat("F POR", "SPA/NC"), retreat("F LYO", "SPA/SC"))
    outcome = adjudicate_retreats(game_map, position, orders)
    assert outcome.resolutions["POR"].tags == ("bounce", "disbanded")
    assert outcome.resolutions["LYO"].tags == ("bounce", "disbanded")
    assert "SPA" not in outcome.units


def test_retreat_keeps_its_coast(game_map: Map) -> None:
    position = board({"FRANCE": ["F MAO"]}, {"ENGLAND": {"F POR": ["SPA/NC"]}})
    outcome = adjudicate_retreats(game_map, position, keyed(retreat("F POR", "SPA/NC")))
    assert outcome.units["SPA"] == Unit.parse("ENGLAND", "F SPA/NC")


def test_disband_order_and_missing_order(game_map: Map) -> None:
    position = board(
        {"AUSTRIA": ["A VIE"], "RUSSIA": ["A BUD"]},
        {"AUSTRIA": {"A GAL": ["BOH", "SIL"], "F TRI": ["ADR", "ALB"]}},
    )
    outcome = adjudicate_retreats(game_map, position, keyed(disband("A GAL")))
    assert outcome.resolutions["GAL"] == Resolution(True, ("disbanded",))
    assert outcome.resolutions["TRI"] == Resolution(
        True, ("disbanded",), "no retreat order: the unit is disbanded"
    )
    assert outcome.units == position.units


def test_retreat_into_an_occupied_province_fails(game_map: Map) -> None:
    # Options never name an occupied province; the re-check guards against a bad caller.
    position = board({"RUSSIA": ["A BOH"]}, {"AUSTRIA": {"A GAL": ["BOH"]}})
    outcome = adjudicate_retreats(game_map, position, keyed(retreat("A GAL", "BOH")))
    assert outcome.resolutions["GAL"] == Resolution(
        False, ("illegal", "disbanded"), "BOH is occupied"
    )
    assert outcome.units["BOH"] == Unit.parse("RUSSIA", "A BOH")


def test_order_for_a_province_without_dislodged_unit_is_ignored(game_map: Map) -> None:
    position = board({"ENGLAND": ["F NTH"]}, {"ENGLAND": {"A HOL": ["BEL"]}})
    orders = keyed(retreat("A HOL", "BEL"), retreat("F NTH", "NWG"))
    outcome = adjudicate_retreats(game_map, position, orders)
    assert set(outcome.resolutions) == {"HOL"}
    assert outcome.units["NTH"] == Unit.parse("ENGLAND", "F NTH")
    assert outcome.units["BEL"] == Unit.parse("ENGLAND", "A BEL")
    assert board_strings(dict(outcome.units)) == {"ENGLAND F NTH", "ENGLAND A BEL"}
