"""The movement resolver on hand-built positions with typed orders (DATC v3.0 cases by number)."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from adjudicator.board.map import Map, load_map
from adjudicator.board.position import Position
from adjudicator.board.rules import DEFAULT_RULES, Rules
from adjudicator.board.types import Phase, Unit, UnitType
from adjudicator.orders.model import (
    Convoy,
    Hold,
    Move,
    MovementOrder,
    SupportHold,
    SupportMove,
    UnitRef,
)
from adjudicator.resolve.movement import MovementOutcome, adjudicate_movement

MAP: Map = load_map("standard")


# -- small builders: typed values, written the way the DATC lists a case -------------------------
def ref(text: str) -> UnitRef:
    kind, location = text.split()
    return UnitRef(UnitType(kind), location)


def move(unit: str, target: str, via: bool = False) -> Move:
    return Move(ref(unit), target, via)


def hold(unit: str) -> Hold:
    return Hold(ref(unit))


def sup(unit: str, supported: str, target: str | None = None) -> SupportHold | SupportMove:
    if target is None:
        return SupportHold(ref(unit), ref(supported))
    return SupportMove(ref(unit), ref(supported), target)


def convoy(fleet: str, army: str, target: str) -> Convoy:
    return Convoy(ref(fleet), ref(army), target)


def position(**units: str) -> Position:
    """position(ENGLAND="F NTH, A LON", ...)"""
    board = {}
    for power, listed in units.items():
        for text in listed.split(","):
            unit = Unit.parse(power, text)
            board[unit.province] = unit
    return Position("standard", Phase.parse("S1901M"), board, {})


def run(pos: Position, *orders: MovementOrder, rules: Rules = DEFAULT_RULES) -> MovementOutcome:
    keyed: Mapping[str, MovementOrder] = {o.unit.province: o for o in orders}
    return adjudicate_movement(MAP, pos, keyed, rules)


def board(outcome: MovementOutcome) -> set[str]:
    return {str(u) for u in outcome.units.values()}


def retreats(outcome: MovementOutcome) -> dict[str, tuple[str, ...]]:
    return {str(d.unit): d.retreats for d in outcome.dislodged.values()}


# -- basics -------------------------------------------------------------------------------------
def test_unordered_unit_holds_and_every_unit_has_a_resolution() -> None:
    out = run(position(ENGLAND="F NTH, A LON"), move("F NTH", "NWG"))
    assert board(out) == {"F NWG", "A LON"}
    assert set(out.resolutions) == {"NTH", "LON"}
    assert out.resolutions["LON"].succeeds and out.resolutions["LON"].tags == ()


def test_simple_bounce_names_the_other_unit_and_contests_the_area() -> None:
    # 6.A.11
    out = run(position(AUSTRIA="A VIE", ITALY="A VEN"), move("A VEN", "TYR"), move("A VIE", "TYR"))
    assert board(out) == {"A VIE", "A VEN"}
    res = out.resolutions["VEN"]
    assert not res.succeeds
    assert res.tags == ("bounce",)
    assert res.reason == "bounced with A VIE - TYR"
    assert out.contested == frozenset({"TYR"})


def test_supported_attack_dislodges_and_retreats_avoid_origin_and_occupied() -> None:
    # 6.A.8 shape: Trieste is attacked from Venice with support from Tyrolia.
    out = run(
        position(AUSTRIA="F TRI", ITALY="A VEN, A TYR"),
        move("A VEN", "TRI"),
        sup("A TYR", "A VEN", "TRI"),
    )
    assert board(out) == {"A TRI", "A TYR"}
    assert retreats(out) == {"F TRI": ("ADR", "ALB")}
    res = out.resolutions["TRI"]
    assert res == type(res)(False, ("dislodged",), "dislodged by A VEN - TRI", ("A VEN",))


def test_support_cut_reason_names_the_attacker() -> None:
    # 6.D.2 shape: the support in Tyrolia is cut from Trieste.
    out = run(
        position(AUSTRIA="F TRI, A VIE", ITALY="A VEN, A TYR"),
        hold("F TRI"),
        move("A VIE", "TYR"),
        move("A VEN", "TRI"),
        sup("A TYR", "A VEN", "TRI"),
    )
    assert board(out) == {"F TRI", "A VIE", "A VEN", "A TYR"}
    res = out.resolutions["TYR"]
    assert (res.succeeds, res.tags, res.reason) == (False, ("cut",), "support cut by A VIE")


def test_support_not_cut_by_the_unit_it_attacks() -> None:
    # Munich is attacked from Kiel while supporting the attack on Kiel: not cut.
    out = run(
        position(GERMANY="A KIE", RUSSIA="A MUN, A BER"),
        move("A KIE", "MUN"),
        sup("A MUN", "A BER", "KIE"),
        move("A BER", "KIE"),
    )
    assert out.resolutions["MUN"].succeeds
    assert board(out) == {"A MUN", "A KIE"}
    assert retreats(out) == {"A KIE": ("DEN", "HOL", "RUH")}


def test_void_supports_and_their_reasons() -> None:
    out = run(
        position(ENGLAND="F NTH, A LON, F EDI, F YOR"),
        sup("F NTH", "A LON", "BEL"),
        move("A LON", "WAL"),
        sup("F YOR", "F EDI"),
        move("F EDI", "NWG"),
    )
    assert out.resolutions["NTH"].tags == ("void",)
    assert out.resolutions["NTH"].reason == "void: A LON did not move to BEL"
    assert out.resolutions["YOR"].reason == "void: F EDI did not hold"
    assert not out.resolutions["YOR"].succeeds


def test_support_naming_a_coast_must_match_the_move() -> None:
    # 6.B.9 (a named coast must match) and 6.B.15 (an omitted coast matches either).
    pos = position(FRANCE="F POR, F MAO", ITALY="F LYO, F WES")
    rest = (sup("F LYO", "F WES", "SPA/SC"), move("F WES", "SPA/SC"))
    wrong = run(pos, sup("F POR", "F MAO", "SPA/NC"), move("F MAO", "SPA/SC"), *rest)
    assert wrong.resolutions["POR"].reason == "void: F MAO did not move to SPA/NC"
    assert "F SPA/SC" in board(wrong) and "F MAO" in board(wrong)
    omitted = run(pos, sup("F POR", "F MAO", "SPA"), move("F MAO", "SPA/SC"), *rest)
    assert omitted.resolutions["POR"].succeeds
    assert board(omitted) == {str(u) for u in pos.units.values()}


def test_supporting_a_supporting_unit_in_hold() -> None:
    # A hold support also helps a unit that supports (any order but a move).
    out = run(
        position(GERMANY="A MUN, A BER, A SIL", RUSSIA="A WAR, A PRU, A BOH"),
        sup("A MUN", "A BER"),
        sup("A BER", "A SIL"),
        move("A PRU", "BER"),
        sup("A WAR", "A PRU", "BER"),
    )
    assert "A BER" in board(out)
    assert out.resolutions["PRU"].reason == "bounced with A BER"


# -- head to head, self-dislodgement, beleaguered garrison ---------------------------------------
def test_head_to_head_stronger_side_wins_and_loser_cannot_retreat_there() -> None:
    # 6.E.1: the loser of a head-to-head battle has no effect on the winner's area.
    out = run(
        position(GERMANY="A BER, F KIE, A SIL", RUSSIA="A PRU"),
        move("A BER", "PRU"),
        move("F KIE", "BER"),
        sup("A SIL", "A BER", "PRU"),
        move("A PRU", "BER"),
    )
    assert board(out) == {"A PRU", "F BER", "A SIL"}
    assert retreats(out) == {"A PRU": ("LVN", "WAR")}
    assert out.contested == frozenset()


def test_no_self_dislodgement_in_head_to_head() -> None:
    # 6.E.2
    out = run(
        position(GERMANY="A BER, F KIE, A MUN"),
        move("A BER", "KIE"),
        move("F KIE", "BER"),
        sup("A MUN", "F KIE", "BER"),
    )
    assert board(out) == {"A BER", "F KIE", "A MUN"}
    assert "cannot dislodge own unit" in (out.resolutions["KIE"].reason or "")


def test_no_help_in_dislodging_own_unit() -> None:
    # 6.E.3
    out = run(
        position(GERMANY="A BER, A MUN", ENGLAND="F KIE"),
        move("A BER", "KIE"),
        sup("A MUN", "F KIE", "BER"),
        move("F KIE", "BER"),
    )
    assert board(out) == {"A BER", "A MUN", "F KIE"}


def test_beleaguered_garrison_holds() -> None:
    # 6.E.13: three-way beleaguered garrison.
    out = run(
        position(
            ENGLAND="F EDI, F YOR",
            FRANCE="F BEL, F ENG",
            GERMANY="F NTH",
            RUSSIA="F NWG, F NWY",
        ),
        sup("F EDI", "F YOR", "NTH"),
        move("F YOR", "NTH"),
        move("F BEL", "NTH"),
        sup("F ENG", "F BEL", "NTH"),
        move("F NWG", "NTH"),
        sup("F NWY", "F NWG", "NTH"),
    )
    assert "F NTH" in board(out)
    assert out.dislodged == {}


def test_circular_movement_succeeds_and_swap_without_convoy_fails() -> None:
    # 6.C.1 and 6.A.? swap: a ring moves, a two-unit swap over land bounces.
    ring = run(
        position(TURKEY="F ANK, A CON, A SMY"),
        move("F ANK", "CON"),
        move("A CON", "SMY"),
        move("A SMY", "ANK"),
    )
    assert board(ring) == {"F CON", "A SMY", "A ANK"}
    swap = run(position(TURKEY="A CON, A BUL"), move("A CON", "BUL"), move("A BUL", "CON"))
    assert board(swap) == {"A CON", "A BUL"}


def test_disrupted_circular_movement_all_fail() -> None:
    # 6.C.3
    out = run(
        position(TURKEY="F ANK, A CON, A SMY, A BUL"),
        move("F ANK", "CON"),
        move("A CON", "SMY"),
        move("A SMY", "ANK"),
        move("A BUL", "CON"),
    )
    assert board(out) == {"F ANK", "A CON", "A SMY", "A BUL"}


def test_moved_fleet_keeps_its_coast_and_retreats_are_coast_exact() -> None:
    # 6.H.15: no coastal crawl in retreat; the moved fleet stands on the coast it went to.
    out = run(
        position(ENGLAND="F POR", FRANCE="F SPA/SC, F MAO"),
        move("F SPA/SC", "POR"),
        sup("F MAO", "F SPA/SC", "POR"),
    )
    assert board(out) == {"F POR", "F MAO"}
    assert retreats(out) == {"F POR": ()}
    out = run(position(FRANCE="F GAS"), move("F GAS", "SPA/NC"))
    assert board(out) == {"F SPA/NC"}


# -- convoys -------------------------------------------------------------------------------------
def test_convoy_carries_army_and_convoy_succeeds() -> None:
    out = run(
        position(ENGLAND="F NTH, A LON"),
        convoy("F NTH", "A LON", "HOL"),
        move("A LON", "HOL"),
    )
    assert board(out) == {"F NTH", "A HOL"}
    assert out.resolutions["NTH"].succeeds


def test_dislodged_convoy_disrupts_and_leaves_no_standoff() -> None:
    # 6.F.7: the dislodged fleet may retreat to Holland, which is not contested.
    out = run(
        position(ENGLAND="F NTH, A LON", GERMANY="F HEL, F SKA"),
        convoy("F NTH", "A LON", "HOL"),
        move("A LON", "HOL"),
        sup("F HEL", "F SKA", "NTH"),
        move("F SKA", "NTH"),
    )
    assert board(out) == {"A LON", "F HEL", "F NTH"}
    assert "HOL" in retreats(out)["F NTH"]
    assert out.resolutions["LON"].tags == ("disrupted",)
    assert out.resolutions["LON"].reason == "convoy disrupted: F NTH dislodged"
    assert out.resolutions["NTH"].tags == ("dislodged", "disrupted")


def test_convoy_with_no_fleet_at_sea_is_a_hold_that_can_be_supported() -> None:
    # 6.D.32: no fleet could convoy, so the army holds and the hold support counts.
    out = run(
        position(ENGLAND="F EDI, A LVP", FRANCE="F LON", GERMANY="A YOR"),
        sup("F EDI", "A LVP", "YOR"),
        move("A LVP", "YOR"),
        sup("F LON", "A YOR"),
        move("A YOR", "HOL"),
    )
    assert "A YOR" in board(out)
    assert out.resolutions["LON"].succeeds
    res = out.resolutions["YOR"]
    assert (res.succeeds, res.tags, res.reason) == (False, ("no_convoy",), "no convoy route to HOL")


def test_army_with_unordered_fleet_at_sea_cannot_be_supported_in_hold() -> None:
    # 6.D.8: a convoy was possible, so the failed move gets no hold support.
    out = run(
        position(AUSTRIA="F ION, A SER, A ALB", TURKEY="A GRE, A BUL"),
        hold("F ION"),
        sup("A SER", "A ALB", "GRE"),
        move("A ALB", "GRE"),
        move("A GRE", "NAP"),
        sup("A BUL", "A GRE"),
    )
    assert board(out) == {"F ION", "A SER", "A GRE", "A BUL"}
    assert out.resolutions["GRE"].tags == ("dislodged", "no_convoy")
    assert out.resolutions["BUL"].tags == ("void",)


def test_simple_convoy_paradox_szykman() -> None:
    # 6.F.14: the convoy is ignored, London's support stands, the Channel fleet is dislodged.
    out = run(
        position(ENGLAND="F LON, F WAL", FRANCE="A BRE, F ENG"),
        sup("F LON", "F WAL", "ENG"),
        move("F WAL", "ENG"),
        move("A BRE", "LON"),
        convoy("F ENG", "A BRE", "LON"),
    )
    assert board(out) == {"F LON", "F ENG", "A BRE"}
    assert set(retreats(out)) == {"F ENG"}
    assert out.resolutions["LON"].succeeds
    assert "disrupted" in out.resolutions["BRE"].tags


def test_pandins_paradox() -> None:
    # 6.F.16: nothing moves.
    pos = position(ENGLAND="F LON, F WAL", FRANCE="A BRE, F ENG", GERMANY="F NTH, F BEL")
    out = run(
        pos,
        sup("F LON", "F WAL", "ENG"),
        move("F WAL", "ENG"),
        move("A BRE", "LON"),
        convoy("F ENG", "A BRE", "LON"),
        sup("F NTH", "F BEL", "ENG"),
        move("F BEL", "ENG"),
    )
    assert board(out) == {str(u) for u in pos.units.values()}


PANDIN_EXTENDED = (
    position(ENGLAND="F LON, F WAL", FRANCE="A BRE, F ENG, F YOR", GERMANY="F NTH, F BEL"),
    (
        sup("F LON", "F WAL", "ENG"),
        move("F WAL", "ENG"),
        move("A BRE", "LON"),
        convoy("F ENG", "A BRE", "LON"),
        sup("F YOR", "A BRE", "LON"),
        sup("F NTH", "F BEL", "ENG"),
        move("F BEL", "ENG"),
    ),
)


def test_pandins_extended_paradox_szykman_and_1982() -> None:
    # 6.F.17: Szykman: nothing is dislodged. 1982: the army dislodges London.
    pos, orders = PANDIN_EXTENDED
    out = run(pos, *orders)
    assert out.dislodged == {}
    out = run(pos, *orders, rules=Rules(convoy_paradox="1982"))
    assert set(retreats(out)) == {"F LON"}
    assert "A LON" in board(out)


def test_second_order_paradox() -> None:
    # 6.F.24: the supports are not cut; the North Sea fleet is dislodged.
    out = run(
        position(
            ENGLAND="F EDI, F LON, F IRI, F MAO",
            FRANCE="A BRE, F ENG, F BEL",
            RUSSIA="A NWY, F NTH",
        ),
        move("F EDI", "NTH"),
        sup("F LON", "F EDI", "NTH"),
        move("F IRI", "ENG"),
        sup("F MAO", "F IRI", "ENG"),
        move("A BRE", "LON"),
        convoy("F ENG", "A BRE", "LON"),
        sup("F BEL", "F ENG"),
        move("A NWY", "BEL"),
        convoy("F NTH", "A NWY", "BEL"),
    )
    assert set(retreats(out)) == {"F NTH"}
    assert "F ENG" in board(out)


# -- rule options: each with a DATC case that tells the choices apart -----------------------------
MULTI_ROUTE = (
    position(ENGLAND="F ENG, F NTH, A LON", FRANCE="F BRE, F MAO"),
    (
        convoy("F ENG", "A LON", "BEL"),
        convoy("F NTH", "A LON", "BEL"),
        move("A LON", "BEL"),
        sup("F BRE", "F MAO", "ENG"),
        move("F MAO", "ENG"),
    ),
)


@pytest.mark.parametrize(("option", "army_at"), [("all_routes", "A BEL"), ("any_route", "A LON")])
def test_multi_route_convoy_option(option: str, army_at: str) -> None:
    # 4.A.1 / 6.F.9
    pos, orders = MULTI_ROUTE
    out = run(pos, *orders, rules=Rules(multi_route_convoy=option))  # type: ignore[arg-type]
    assert army_at in board(out)
    assert set(retreats(out)) == {"F ENG"}


def test_1982_paradox_rule_saves_the_convoying_fleet() -> None:
    # 4.A.2 / 6.F.21 (Dad's army convoy).
    pos = position(
        RUSSIA="A EDI, F NWG, A NWY", FRANCE="F IRI, F MAO", ENGLAND="A LVP, F NAO, F CLY"
    )
    orders = (
        sup("A EDI", "A NWY", "CLY"),
        convoy("F NWG", "A NWY", "CLY"),
        move("A NWY", "CLY"),
        sup("F IRI", "F MAO", "NAO"),
        move("F MAO", "NAO"),
        move("A LVP", "CLY", via=True),
        convoy("F NAO", "A LVP", "CLY"),
        sup("F CLY", "F NAO"),
    )
    default = run(pos, *orders)
    assert {str(d.unit) for d in default.dislodged.values()} == {"F NAO", "F CLY"}
    old = run(pos, *orders, rules=Rules(convoy_paradox="1982"))
    assert {str(d.unit) for d in old.dislodged.values()} == {"F CLY"}
    assert old.resolutions["CLY"].succeeds


KIDNAP = (
    position(ENGLAND="A NWY", RUSSIA="F SWE", GERMANY="F SKA"),
    (move("A NWY", "SWE"), move("F SWE", "NWY"), convoy("F SKA", "A NWY", "SWE")),
)


def test_adjacent_convoy_no_kidnapping_by_default_but_in_1971() -> None:
    # 4.A.3 / 6.G.2
    pos, orders = KIDNAP
    out = run(pos, *orders)
    assert board(out) == {"A NWY", "F SWE", "F SKA"}
    assert out.resolutions["SKA"].tags == ("void",)
    out = run(pos, *orders, rules=Rules(adjacent_convoy="1971"))
    assert board(out) == {"A SWE", "F NWY", "F SKA"}


def test_own_fleet_shows_intent_to_swap() -> None:
    # 6.G.1
    out = run(
        position(ENGLAND="A NWY, F SKA", RUSSIA="A SWE"),
        move("A NWY", "SWE"),
        convoy("F SKA", "A NWY", "SWE"),
        move("A SWE", "NWY"),
    )
    assert board(out) == {"A SWE", "F SKA", "A NWY"}


EXPLICIT_MISSING = (
    position(FRANCE="A BEL", ENGLAND="F NTH, A HOL"),
    (move("A BEL", "HOL", via=True), move("F NTH", "HEL"), move("A HOL", "KIE")),
)


@pytest.mark.parametrize(
    ("option", "army_at"), [("via_or_own_fleet", "A BEL"), ("land_fallback", "A HOL")]
)
def test_explicit_convoy_that_is_not_there(option: str, army_at: str) -> None:
    # 4.A.3 / 6.G.8: no fallback to the land route by default; DATC v2 falls back.
    pos, orders = EXPLICIT_MISSING
    out = run(pos, *orders, rules=Rules(adjacent_convoy=option))  # type: ignore[arg-type]
    assert army_at in board(out)
    if option == "via_or_own_fleet":
        assert out.resolutions["BEL"].tags == ("no_convoy",)


ATTACK_ON_ITSELF = (
    position(AUSTRIA="F ADR, A TRI", ITALY="A VEN, F ALB"),
    (
        convoy("F ADR", "A TRI", "VEN"),
        move("A TRI", "VEN", via=True),
        sup("A VEN", "F ALB", "TRI"),
        move("F ALB", "TRI"),
    ),
)


@pytest.mark.parametrize(("cuts", "dislodged"), [(False, {"A TRI"}), (True, set())])
def test_convoyed_attack_on_itself_option(cuts: bool, dislodged: set[str]) -> None:
    # 4.A.4 / 6.G.13
    pos, orders = ATTACK_ON_ITSELF
    out = run(pos, *orders, rules=Rules(convoyed_attack_cuts_support_on_itself=cuts))
    assert {str(d.unit) for d in out.dislodged.values()} == dislodged


RETREAT_AFTER_CONVOY = (
    position(FRANCE="A GAS, A BUR, F MAO, F WES, F LYO", ITALY="A MAR"),
    (
        move("A GAS", "MAR", via=True),
        sup("A BUR", "A GAS", "MAR"),
        convoy("F MAO", "A GAS", "MAR"),
        convoy("F WES", "A GAS", "MAR"),
        convoy("F LYO", "A GAS", "MAR"),
    ),
)


@pytest.mark.parametrize(
    ("allowed", "options"), [(True, ("GAS", "PIE", "SPA")), (False, ("PIE", "SPA"))]
)
def test_retreat_to_convoyed_attackers_origin_option(
    allowed: bool, options: tuple[str, ...]
) -> None:
    # 4.A.5 / 6.H.11
    pos, orders = RETREAT_AFTER_CONVOY
    out = run(pos, *orders, rules=Rules(retreat_to_convoy_origin=allowed))
    assert retreats(out) == {"A MAR": options}


SWAPPED_OR_HEAD_TO_HEAD = (
    position(
        ENGLAND="A NWY, F DEN, F FIN",
        GERMANY="F SKA",
        RUSSIA="A SWE, F BAR",
        FRANCE="F NWG, F NTH",
    ),
    (
        move("A NWY", "SWE", via=True),
        sup("F DEN", "A NWY", "SWE"),
        sup("F FIN", "A NWY", "SWE"),
        convoy("F SKA", "A NWY", "SWE"),
        move("A SWE", "NWY"),
        sup("F BAR", "A SWE", "NWY"),
        move("F NWG", "NWY"),
        sup("F NTH", "F NWG", "NWY"),
    ),
)


@pytest.mark.parametrize(
    ("option", "fleet_at"), [("head_to_head_only", "F NWG"), ("always", "F NWY")]
)
def test_dislodged_unit_effect_option(option: str, fleet_at: str) -> None:
    # 4.A.7 / 6.G.10: by default the dislodged army still bounces the fleet from Norway.
    pos, orders = SWAPPED_OR_HEAD_TO_HEAD
    out = run(pos, *orders, rules=Rules(dislodged_unit_effect=option))  # type: ignore[arg-type]
    assert fleet_at in board(out)
    assert "A SWE" in board(out)  # the English army
    assert retreats(out) == {"A SWE": ()}


# -- retreat options and contested areas ---------------------------------------------------------
def test_no_retreat_to_contested_area() -> None:
    # 6.H.6 shape: Serbia is left empty by a standoff, Venice is the attacker's origin.
    out = run(
        position(AUSTRIA="A TRI, A BUD", ITALY="A VEN, A TYR", TURKEY="A BUL"),
        move("A VEN", "TRI"),
        sup("A TYR", "A VEN", "TRI"),
        move("A BUD", "SER"),
        move("A BUL", "SER"),
    )
    assert out.contested == frozenset({"SER"})
    assert retreats(out) == {"A TRI": ("ALB", "VIE")}


def test_dislodged_unit_does_not_make_attackers_area_contested() -> None:
    # 6.H.9: the fleet in Kiel may retreat to Berlin.
    out = run(
        position(ENGLAND="F HEL, F DEN", GERMANY="A BER, F KIE, A SIL", RUSSIA="A PRU"),
        move("F HEL", "KIE"),
        sup("F DEN", "F HEL", "KIE"),
        move("A BER", "PRU"),
        hold("F KIE"),
        sup("A SIL", "A BER", "PRU"),
        move("A PRU", "BER"),
    )
    assert "BER" in retreats(out)["F KIE"]
    assert "BER" not in out.contested


def test_outcome_does_not_depend_on_order_of_the_mapping() -> None:
    pos, orders = PANDIN_EXTENDED
    forward = adjudicate_movement(MAP, pos, {o.unit.province: o for o in orders})
    backward = adjudicate_movement(MAP, pos, {o.unit.province: o for o in reversed(orders)})
    assert forward == backward
