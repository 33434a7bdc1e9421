"""Civil-disorder removals: DATC v3.0 section 6.J under the 2023 rule and the classic rule."""

from __future__ import annotations

import pytest

from adjudicator.board.map import Map, load_map
from adjudicator.board.rules import Rules, rules_from
from adjudicator.board.types import Unit
from adjudicator.resolve.civil_disorder import (
    Removal,
    civil_disorder_removals,
    describe,
    removal_order,
    unit_distance,
)

RULES_2023 = Rules()
CLASSIC = Rules(civil_disorder="classic")


@pytest.fixture(scope="module")
def game_map() -> Map:
    return load_map("standard")


def ranked(
    game_map: Map, power: str, units: list[str], owned: list[str], rules: Rules
) -> list[tuple[str, int | None]]:
    order = removal_order(game_map, [Unit.parse(power, u) for u in units], owned, rules)
    return [(str(r.unit), r.distance) for r in order]


# (case, power, units, owned centres, expected ranking under 2023, under classic)
CASES = [
    (
        "6.J.3 two armies, different distance",
        "RUSSIA",
        ["A LVN", "A SWE"],
        ["STP"],
        [("A SWE", 2), ("A LVN", 1)],
        [("A SWE", 2), ("A LVN", 1)],
    ),
    (
        "6.J.4 two armies, equal distance: alphabetical",
        "RUSSIA",
        ["A UKR", "A LVN"],
        ["MOS"],
        [("A LVN", 1), ("A UKR", 1)],
        [("A LVN", 1), ("A UKR", 1)],
    ),
    (
        "6.J.5 two fleets, different distance",
        "RUSSIA",
        ["F SKA", "F BER"],
        ["STP"],
        [("F BER", 3), ("F SKA", 2)],
        [("F BER", 3), ("F SKA", 2)],
    ),
    (
        # 2023: to the owned Munich, over land and sea, both three away; "Gulf of Bothnia"
        # comes first. Classic: to the nearest home centre by water: BOT is next to STP/SC.
        "6.J.6 two fleets, equal distance",
        "RUSSIA",
        ["F NTH", "F BOT"],
        ["MUN"],
        [("F BOT", 3), ("F NTH", 3)],
        [("F NTH", 2), ("F BOT", 1)],
    ),
    (
        "6.J.7 two fleets and an army, equal distance: fleets first",
        "RUSSIA",
        ["A BOH", "F SKA", "F NTH"],
        ["STP", "WAR"],
        [("F NTH", 2), ("F SKA", 2), ("A BOH", 2)],
        [("F NTH", 2), ("F SKA", 2), ("A BOH", 2)],
    ),
    (
        "6.J.8 a fleet nearer than the army",
        "RUSSIA",
        ["F BAL", "A TYR"],
        ["WAR"],
        [("A TYR", 3), ("F BAL", 2)],
        [("A TYR", 3), ("F BAL", 2)],
    ),
    (
        "6.J.9 counted from both coasts (south)",
        "RUSSIA",
        ["A GRE", "A SEV", "F BAL"],
        ["STP", "SEV"],
        [("A GRE", 3), ("F BAL", 2), ("A SEV", 0)],
        [("A GRE", 3), ("F BAL", 2), ("A SEV", 0)],
    ),
    (
        "6.J.9 counted from both coasts (north)",
        "RUSSIA",
        ["A GRE", "A SEV", "F SKA"],
        ["STP", "SEV"],
        [("A GRE", 3), ("F SKA", 2), ("A SEV", 0)],
        [("A GRE", 3), ("F SKA", 2), ("A SEV", 0)],
    ),
    (
        # Classic counts to the home centres, so Piedmont is next to Venice.
        "6.J.10 counting the convoying distance",
        "ITALY",
        ["A GRE", "A PIE"],
        ["NAP"],
        [("A PIE", 3), ("A GRE", 2)],
        [("A GRE", 2), ("A PIE", 1)],
    ),
    (
        "6.J.11 distance to an owned supply centre",
        "ITALY",
        ["A WAR", "A TUS"],
        ["WAR"],
        [("A TUS", 5), ("A WAR", 0)],
        [("A WAR", 4), ("A TUS", 1)],
    ),
]


@pytest.mark.parametrize(
    ("name", "power", "units", "owned", "expected_2023", "expected_classic"),
    CASES,
    ids=[c[0] for c in CASES],
)
def test_datc_6j_ranking(
    game_map: Map,
    name: str,
    power: str,
    units: list[str],
    owned: list[str],
    expected_2023: list[tuple[str, int]],
    expected_classic: list[tuple[str, int]],
) -> None:
    assert ranked(game_map, power, units, owned, RULES_2023) == expected_2023
    assert ranked(game_map, power, units, owned, CLASSIC) == expected_classic


def test_editions_choose_their_rule(game_map: Map) -> None:
    units = [Unit.parse("ITALY", "A WAR"), Unit.parse("ITALY", "A TUS")]
    (first_2023,) = civil_disorder_removals(game_map, units, ["WAR"], 1, rules_from("2023"))
    (first_1982,) = civil_disorder_removals(game_map, units, ["WAR"], 1, rules_from("1982"))
    assert str(first_2023.unit) == "A TUS"
    assert str(first_1982.unit) == "A WAR"


def test_count_limits_the_removals(game_map: Map) -> None:
    units = [Unit.parse("RUSSIA", u) for u in ("A BOH", "F SKA", "F NTH")]
    chosen = civil_disorder_removals(game_map, units, ["STP", "WAR"], 2)
    assert [str(r.unit) for r in chosen] == ["F NTH", "F SKA"]
    assert civil_disorder_removals(game_map, units, ["STP"], 0) == ()
    assert civil_disorder_removals(game_map, units, ["STP"], -1) == ()


def test_no_owned_centre_means_unreachable_and_alphabetical(game_map: Map) -> None:
    units = [Unit.parse("ITALY", u) for u in ("A VEN", "F ION", "A APU")]
    order = removal_order(game_map, units, [])
    assert [(str(r.unit), r.distance) for r in order] == [
        ("F ION", None),
        ("A APU", None),
        ("A VEN", None),
    ]


def test_unreachable_units_go_before_reachable_ones(game_map: Map) -> None:
    # A power the map does not know has no home centres: under the classic rule nothing of
    # it is reachable, and the tie-breaks still apply.
    far = Unit.parse("NOBODY", "A PAR")
    assert unit_distance(game_map, far, ["PAR"], CLASSIC) is None
    assert unit_distance(game_map, far, ["PAR"], RULES_2023) == 0


def test_classic_fleets_move_only_by_water(game_map: Map) -> None:
    # F HOL to Germany's homes: by water HOL-KIE is one step; an army walking is also one.
    assert unit_distance(game_map, Unit.parse("GERMANY", "F HOL"), [], CLASSIC) == 1
    # F BAR to Russia's homes reaches STP/NC in one step, by any route.
    assert unit_distance(game_map, Unit.parse("RUSSIA", "F BAR"), [], CLASSIC) == 1
    # F MAO to Russia: no land shortcut through France; by water it goes round Scandinavia.
    by_water = unit_distance(game_map, Unit.parse("RUSSIA", "F MAO"), [], CLASSIC)
    assert by_water is not None and by_water > 3


def test_classic_army_crosses_water_as_if_convoyed(game_map: Map) -> None:
    # A TUN to Italy's homes: TUN-TYS-NAP, two steps, though there is no land route at all.
    assert unit_distance(game_map, Unit.parse("ITALY", "A TUN"), [], CLASSIC) == 2


def test_describe_names_unit_and_distance(game_map: Map) -> None:
    removal = Removal(Unit.parse("RUSSIA", "A SWE"), 2)
    assert describe(removal) == "civil disorder: A SWE is 2 moves from an owned supply centre"
    assert describe(removal, CLASSIC) == "civil disorder: A SWE is 2 moves from a home centre"
    lost = Removal(Unit.parse("RUSSIA", "A SWE"), None)
    assert describe(lost) == "civil disorder: A SWE cannot reach an owned supply centre"
