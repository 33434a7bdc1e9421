"""Illegal orders are kept with a reason and ignored (the unit holds): a test for every kind."""

from __future__ import annotations

import pytest
from helpers_orders import MAP, only_entry, position

from adjudicator.board.convoy import needed_for_convoy, route_exists
from adjudicator.board.position import Position
from adjudicator.board.seas import seas_of
from adjudicator.board.types import UnitType
from adjudicator.orders.legality import board_of
from adjudicator.orders.onboard import Board

A, F = UnitType.ARMY, UnitType.FLEET


def illegal(
    units: dict[str, list[str]], power: str, text: str, phase: str = "S1901M"
) -> str | None:
    return only_entry(position(phase, units=units), power, text).illegal


@pytest.mark.parametrize(
    ("units", "text", "reason"),
    [
        # 6.A.1, 6.A.9: fleets move only along coasts and seas
        ({"ENGLAND": ["F NTH"]}, "F North Sea - Picardy", "F NTH cannot reach PIC"),
        ({"ITALY": ["F ROM"]}, "F Rome - Venice", "F ROM cannot reach VEN"),
        # 6.A.2, 6.A.3: armies stay off the sea, fleets off the land
        (
            {"ENGLAND": ["A LVP"]},
            "A Liverpool - Irish Sea",
            "armies cannot move to sea (Irish Sea)",
        ),
        ({"GERMANY": ["F KIE"]}, "F Kiel - Munich", "F KIE cannot reach MUN"),
        # 6.A.4: a move to its own province
        ({"GERMANY": ["F KIE"]}, "F Kiel - Kiel", "F KIE cannot move to its own province"),
        # 6.A.7: fleets cannot be convoyed, so a fleet's move must be one step
        ({"ENGLAND": ["F LON"]}, "F London - Belgium", "F LON cannot reach BEL"),
        ({"ENGLAND": ["F LON"]}, "F Lon - Nth via convoy", "only armies can be convoyed"),
        # an army inland can never be convoyed
        ({"FRANCE": ["A PAR"]}, "A Par - Mun", "A PAR cannot reach MUN"),
        (
            {"FRANCE": ["A PAR"]},
            "A Par - Bur via convoy",
            "a move via convoy must go from a coastal",
        ),
        (
            {"FRANCE": ["A BUR"]},
            "A Bur - Bel by convoy",
            "a move via convoy must go from a coastal province to a coastal province",
        ),
        # Switzerland
        ({"FRANCE": ["A MAR"]}, "A Mar - Swi", "Switzerland cannot be entered"),
    ],
)
def test_impossible_moves(units: dict[str, list[str]], text: str, reason: str) -> None:
    power = next(iter(units))
    found = illegal(units, power, text)
    assert found is not None
    assert found.startswith(reason)


def test_6d32_a_move_that_needs_fleets_where_there_are_none_is_illegal() -> None:
    units = {"ENGLAND": ["F EDI", "A LVP"], "FRANCE": ["F LON"], "GERMANY": ["A YOR"]}
    assert illegal(units, "GERMANY", "A Yorkshire - Holland") == (
        "no fleets at sea could convoy A YOR to HOL"
    )


def test_a_move_via_convoy_to_a_neighbour_needs_fleets_that_could_convoy_it() -> None:
    # written "via convoy", a move to a neighbour is a convoyed move: no fleets, no move
    units = {"FRANCE": ["A BRE", "F MAO"], "ENGLAND": ["F LON"]}
    assert illegal(units, "FRANCE", "A Bre - Pic via convoy") == (
        "no fleets at sea could convoy A BRE to PIC"
    )
    assert illegal(units, "FRANCE", "A Bre - Pic") is None
    assert illegal(units, "FRANCE", "A Bre - Gas via convoy") is None  # through MAO


def test_a_move_with_fleets_for_a_convoy_is_legal_whatever_they_are_ordered() -> None:
    units = {"ENGLAND": ["A YOR", "F NTH"], "FRANCE": ["F ENG"]}
    assert illegal(units, "ENGLAND", "A Yor - Hol") is None
    assert illegal(units, "ENGLAND", "A Yor - Bre") is None  # NTH, ENG: any owner
    assert illegal(units, "ENGLAND", "A Yor - Nwy via convoy") is None
    assert illegal(units, "ENGLAND", "A Yor - Lon via convoy") is None  # adjacent, explicit


@pytest.mark.parametrize(
    ("units", "power", "text", "reason"),
    [
        # 6.A.8
        (
            {"AUSTRIA": ["F TRI"]},
            "AUSTRIA",
            "F Trieste Supports F Trieste",
            "a unit cannot support",
        ),
        ({"FRANCE": ["A PAR"]}, "FRANCE", "A Par S A Par - Bur", "a unit cannot support its own"),
        # 6.A.10: the supporter must be able to reach the target
        (
            {"ITALY": ["F ROM", "A APU"]},
            "ITALY",
            "F Rome Supports A Apulia - Venice",
            "F ROM cannot reach VEN, so it cannot support there",
        ),
        (
            {"GERMANY": ["A MUN"], "AUSTRIA": ["A BOH"]},
            "GERMANY",
            "A Mun S A Boh - Mun",
            "A MUN cannot support into its own province",
        ),
        ({"FRANCE": ["F BRE", "A PAR"]}, "FRANCE", "F Bre S A Par", "F BRE cannot reach PAR"),
        # 6.A.5: a supported move to the unit's own province can never succeed
        (
            {"ENGLAND": ["A LVP", "A YOR"]},
            "ENGLAND",
            "A Liverpool Supports A Yorkshire - Yorkshire",
            "the supported move cannot succeed: A YOR cannot move to its own province",
        ),
        # a coast named for the supported fleet must be one it can reach (the support could
        # never match a legal move otherwise); without a coast it fits the coast it can reach
        (
            {"FRANCE": ["F POR"], "ITALY": ["F WES"]},
            "FRANCE",
            "F Por S F Wes - Spa(nc)",
            "the supported move cannot succeed: F WES cannot reach SPA/NC",
        ),
        # 6.D.31: the only convoy would need the supporting fleet itself
        (
            {"AUSTRIA": ["A RUM"], "TURKEY": ["F BLA"]},
            "TURKEY",
            "F Black Sea Supports A Rumania - Armenia",
            "the supported move cannot succeed: no fleets at sea could convoy A RUM to ARM",
        ),
    ],
)
def test_impossible_supports(
    units: dict[str, list[str]], power: str, text: str, reason: str
) -> None:
    found = illegal(units, power, text)
    assert found is not None
    assert found.startswith(reason)


def test_possible_supports_are_legal() -> None:
    units = {"FRANCE": ["F MAR", "F GAS", "F POR"], "ENGLAND": ["F MAO", "A LON", "F NTH", "F ENG"]}
    assert illegal(units, "FRANCE", "F Mar S F Gas - Spa(nc)") is None  # 6.B.4
    assert illegal(units, "FRANCE", "F Por S F Mao - Spa") is None
    assert illegal(units, "FRANCE", "F Por S F Mao - Spa/nc") is None
    assert illegal(units, "FRANCE", "F Mar S A Pie") is None  # no unit there: void, not illegal
    assert illegal(units, "ENGLAND", "F Nth S A Lon - Bel") is None  # convoyed through ENG


@pytest.mark.parametrize(
    ("units", "power", "text", "reason"),
    [
        # 6.A.7
        (
            {"ENGLAND": ["F LON", "F NTH"]},
            "ENGLAND",
            "F North Sea Convoys A London - Belgium",
            "only armies can be convoyed",
        ),
        # 6.A.5
        (
            {"ENGLAND": ["F NTH", "A YOR"]},
            "ENGLAND",
            "F North Sea Convoys A Yorkshire - Yorkshire",
            "A YOR cannot be convoyed to its own province",
        ),
        # coastal fleets cannot convoy on the standard map
        (
            {"ENGLAND": ["F LON", "A WAL"]},
            "ENGLAND",
            "F Lon C A Wal - Bel",
            "F LON is not at sea: only fleets in sea provinces can convoy",
        ),
        ({"FRANCE": ["A PAR", "A MAR"]}, "FRANCE", "A Mar C A Par - Bur", "only fleets can convoy"),
        (
            {"ENGLAND": ["F NTH", "A LON"]},
            "ENGLAND",
            "F Nth C A Lon - Mun",
            "convoys go from a coastal province to a coastal province",
        ),
        (
            {"ENGLAND": ["F NTH", "A LON"]},
            "ENGLAND",
            "F Nth C A Lon - Tun",
            "F NTH is not needed on any convoy route from LON to TUN",
        ),
        # 6.G.19: the route through the Gulf of Lyon does not need the Western Mediterranean
        (
            {"FRANCE": ["A MAR", "F WES"], "ITALY": ["F LYO", "A SPA"]},
            "FRANCE",
            "F Western Mediterranean Convoys A Marseilles - Spain",
            "F WES is not needed on any convoy route from MAR to SPA",
        ),
    ],
)
def test_impossible_convoys(
    units: dict[str, list[str]], power: str, text: str, reason: str
) -> None:
    found = illegal(units, power, text)
    assert found is not None
    assert found.startswith(reason)


def test_possible_convoys_are_legal() -> None:
    units = {"ENGLAND": ["A LON", "F ENG", "F MAO"], "FRANCE": ["F WES"]}
    assert illegal(units, "ENGLAND", "F Eng C A Lon - Tun") is None  # the rulebook's XII.2
    assert illegal(units, "ENGLAND", "F Mao C A Lon - Tun") is None
    assert illegal(units, "FRANCE", "F Wes C English A Lon - Tun") is None
    assert illegal(units, "ENGLAND", "F Eng C A Lon - Bel") is None


def test_convoy_routes() -> None:
    board = board_of(MAP, position(units={"ENGLAND": ["F NTH", "F ENG", "F LON"]}))
    fleets = _sea_fleets(board)
    assert fleets == frozenset({"NTH", "ENG"})
    assert route_exists(MAP, "YOR", "BEL", fleets, lambda _: True)
    assert not route_exists(MAP, "YOR", "TUN", fleets, lambda _: True)
    assert needed_for_convoy(MAP, fleets, "LON", "BEL", "ENG")
    assert needed_for_convoy(MAP, fleets, "LON", "BEL", "NTH")
    assert not needed_for_convoy(MAP, fleets, "LON", "PIC", "NTH")


def _sea_fleets(board: Board) -> frozenset[str]:
    """The board's fleets in convoy areas (`Board.fleet_mask`'s bits)."""
    seas = seas_of(MAP)
    return seas.area_names(board.fleet_mask(seas))


RETREATS = {
    "RUSSIA": {"A SER": ["ALB", "BUD"], "F BUL/EC": ["BLA", "CON"], "A GAL": []},
    "FRANCE": {"F MAO": ["SPA"]},
}


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("A Ser - Alb", None),
        ("A Ser R Bud", None),
        ("F Bul - Con", None),
        ("A Ser D", None),
        ("A Ser - Bul", "A SER cannot retreat to BUL; it may retreat to ALB, BUD"),
        ("A Ser - Tri", "A SER cannot retreat to TRI; it may retreat to ALB, BUD"),
        ("F Bul - Rum", "F BUL/EC cannot retreat to RUM; it may retreat to BLA, CON"),
        ("A Gal - Vie", "A GAL has nowhere to retreat"),
    ],
)
def test_retreats(text: str, reason: str | None) -> None:
    pos = position("F1901R", units={"TURKEY": ["A BUL"]}, dislodged=RETREATS)
    assert only_entry(pos, "RUSSIA", text).illegal == reason


def test_a_fleet_retreat_names_its_coast_when_two_are_possible() -> None:
    pos = position("F1901R", dislodged=RETREATS)
    assert only_entry(pos, "FRANCE", "F Mao - Spa/sc").illegal is None
    assert only_entry(pos, "FRANCE", "F Mao - Spa").illegal == (
        "the coast must be named: F MAO can reach SPA/NC and SPA/SC"
    )


OWNED = {"PAR": "FRANCE", "MAR": "FRANCE", "STP": "RUSSIA", "MOS": "RUSSIA", "BRE": "GERMANY"}


@pytest.mark.parametrize(
    ("power", "text", "reason"),
    [
        ("FRANCE", "Build A Par", None),
        ("FRANCE", "Build F Mar", None),
        ("RUSSIA", "Build F StP/nc", None),
        ("RUSSIA", "Build A StP", None),
        ("FRANCE", "Build A Bur", "Burgundy is not a home centre of France"),
        ("FRANCE", "Build F Bre", "France does not own Brest"),
        ("FRANCE", "Build A Lon", "London is not a home centre of France"),
        ("RUSSIA", "Build A Mos", "Moscow is occupied"),
        ("FRANCE", "Build F Par", "a fleet cannot be built inland (Paris)"),  # 4.C.4
        ("RUSSIA", "Build F StP", "a fleet built in St Petersburg needs a coast"),  # 4.B.7
        ("FRANCE", "Build F Nth", "North Sea is not a home centre of France"),
    ],
)
def test_builds(power: str, text: str, reason: str | None) -> None:
    pos = position("W1901A", units={"RUSSIA": ["A MOS"]}, centers=OWNED)
    found = only_entry(pos, power, text).illegal
    if reason is None:
        assert found is None
    else:
        assert found is not None and found.startswith(reason)


def test_removals_and_waives_are_always_legal() -> None:
    pos = position("W1901A", units={"RUSSIA": ["A MOS"]}, centers=OWNED)
    assert only_entry(pos, "RUSSIA", "Remove A Mos").illegal is None
    assert only_entry(pos, "RUSSIA", "waive").illegal is None


def test_legal_orders_have_no_reason() -> None:
    units = {"FRANCE": ["A PAR", "A MAR", "F BRE"]}
    for text in ("A Par H", "A Par - Bur", "A Mar S A Par - Bur", "F Bre - Mao", "A Par S F Bre"):
        assert illegal(units, "FRANCE", text) is None


def _random_boards(count: int) -> list[Position]:
    """Positions of fleets on random convoy areas and coasts (about a third of each)."""
    import random

    rng = random.Random(1515)
    seas = sorted(MAP.convoy_areas)
    coasts = sorted(p for p, prov in MAP.provinces.items() if prov.is_coastal and not prov.coasts)
    return [
        position(
            units={
                "ENGLAND": [f"F {p}" for p in seas if rng.random() < 0.35],
                "FRANCE": [f"F {p}" for p in coasts if rng.random() < 0.1],
            }
        )
        for _ in range(count)
    ]


def test_a_boards_routes_are_the_search_over_its_fleets_at_sea() -> None:
    """An army's route by convoy (`_route`: a fleet next to both ends looked for first,
    among a few seas; else the fleets a convoy gets to, found once a board) is found as
    route_exists finds one over the board's fleets at sea without the supporting helper's,
    whether the board has found all its fleets at sea yet or not; the areas it answers are
    fleets of the board (not the helper's) that carry the army there by themselves."""
    from adjudicator.orders.legality import _ground, _route

    seas, ground = seas_of(MAP), _ground(MAP)
    checked = 0
    for pos in _random_boards(12):
        fleets = _sea_fleets(board_of(MAP, pos))
        for helper in (None, *sorted(fleets)[:2], "PAR"):
            for found_first in (False, True):
                board = board_of(MAP, pos)
                if found_first:
                    board.fleet_mask(seas)
                for source in ("LON", "BRE", "NAP", "SEV", "CON"):
                    for target in seas.coasts:
                        usable = fleets - {helper} if helper else fleets
                        expected = route_exists(MAP, source, target, usable)
                        held = _route(ground, board, source, target, helper)
                        assert (held is not None) is expected
                        if held is not None:
                            assert set(held) <= usable
                            assert route_exists(MAP, source, target, frozenset(held))
                        checked += expected
    assert checked > 1000


def test_a_convoys_verdict_is_the_search_for_needed_fleets() -> None:
    """A convoy's legality (its fixed part, where a fleet next to both ends is legal alone,
    then the board's) is needed_for_convoy over the fleets at sea and the convoying fleet."""
    from adjudicator.orders.legality import board_verdict, illegal_reason
    from adjudicator.orders.model import Convoy, UnitRef

    checked = 0
    for pos in _random_boards(6):
        board = board_of(MAP, pos)
        fleets = _sea_fleets(board)
        for fleet in sorted(fleets):
            for source in ("LON", "BRE", "NAP", "SEV", "CON", "TUN", "NWY"):
                for target in seas_of(MAP).coasts:
                    if target == source:
                        continue
                    order = Convoy(UnitRef(F, fleet), UnitRef(A, source), target)
                    needed = needed_for_convoy(MAP, fleets | {fleet}, source, target, fleet)
                    found = illegal_reason(MAP, board, "ENGLAND", order)
                    not_needed = (
                        f"F {fleet} is not needed on any convoy route from {source} to {target}"
                    )
                    assert found == (None if needed else not_needed)
                    held = board_verdict(MAP, board, "ENGLAND", order)[1]
                    if held:  # (its legality on the board: the areas it rests on suffice)
                        assert fleet in held and set(held) <= fleets
                        assert needed_for_convoy(MAP, frozenset(held), source, target, fleet)
                    checked += needed
    assert checked > 100
