"""Winter adjustments: DATC v3.0 sections 6.I and 6.J (4.D.4 to 4.D.8), plus a property test."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.board.map import Map, load_map
from adjudicator.board.position import Position
from adjudicator.board.rules import Rules
from adjudicator.board.types import Phase, Unit, UnitType
from adjudicator.orders.model import Build, Disband, Hold, Order, UnitRef, Waive
from adjudicator.orders.results import OrderEntry, Resolution
from adjudicator.resolve.adjustment import (
    UNORDERED_BUILD,
    UNUSABLE_BUILD,
    AdjustmentOutcome,
    adjudicate_adjustments,
    adjustment_counts,
    unusable_builds,
)

STANDARD = load_map("standard")


@pytest.fixture(scope="module")
def game_map() -> Map:
    return STANDARD


def board(units: dict[str, list[str]], centers: dict[str, list[str]]) -> Position:
    placed = [Unit.parse(power, text) for power, texts in units.items() for text in texts]
    owners = {c: power for power, cs in centers.items() for c in cs}
    return Position("standard", Phase.parse("W1901A"), {u.province: u for u in placed}, owners)


def ref(text: str) -> UnitRef:
    kind, location = text.split()
    return UnitRef(UnitType(kind), location)


def build(power: str, text: str) -> OrderEntry:
    return OrderEntry(power, f"Build {text}", Build(ref(text)))


def remove(power: str, text: str) -> OrderEntry:
    return OrderEntry(power, f"Remove {text}", Disband(ref(text)))


def waive(power: str) -> OrderEntry:
    return OrderEntry(power, "Waive", Waive())


def lines(outcome: AdjustmentOutcome) -> list[tuple[str, str, bool, tuple[str, ...]]]:
    return [(p, str(o), r.succeeds, r.tags) for p, o, r in outcome.results]


# -- counts ---------------------------------------------------------------------------------


def test_counts_builds_removals_and_the_home_centre_cap(game_map: Map) -> None:
    position = board(
        {
            "GERMANY": ["A BER"],  # 4 centres, 1 unit, but only KIE and MUN are vacant homes
            "RUSSIA": ["A MOS", "A WAR", "F SEV", "F STP/SC", "A UKR"],  # 4 centres, 5 units
            "TURKEY": ["A ANK", "A CON", "A SMY"],  # 4 centres, every home occupied
            "ITALY": ["A ROM"],
        },
        {
            "GERMANY": ["BER", "KIE", "MUN", "DEN"],
            "RUSSIA": ["MOS", "WAR", "SEV", "STP"],
            "TURKEY": ["ANK", "CON", "SMY", "BUL"],
            "ITALY": ["ROM"],
        },
    )
    counts = adjustment_counts(game_map, position)
    assert counts["GERMANY"] == 2
    assert counts["RUSSIA"] == -1
    assert counts["TURKEY"] == 0
    assert counts["ITALY"] == 0
    assert counts["FRANCE"] == 0
    assert set(counts) == set(game_map.powers)
    assert unusable_builds(game_map, position) == {"GERMANY": 1, "TURKEY": 1}


def test_a_home_centre_owned_by_another_power_is_no_build_site(game_map: Map) -> None:
    position = board({"GERMANY": ["A HOL"]}, {"GERMANY": ["HOL", "KIE", "DEN"], "RUSSIA": ["BER"]})
    assert adjustment_counts(game_map, position)["GERMANY"] == 1


# -- 6.I building ---------------------------------------------------------------------------


def test_6i1_too_many_builds_first_legal_ones_count(game_map: Map) -> None:
    position = board({"GERMANY": ["A BER", "F DEN"]}, {"GERMANY": ["BER", "KIE", "MUN", "WAR"]})
    assert adjustment_counts(game_map, position)["GERMANY"] == 2
    position = board(
        {"GERMANY": ["A BER", "F DEN", "A HOL"]}, {"GERMANY": ["BER", "KIE", "MUN", "WAR"]}
    )
    entries = [build("GERMANY", "A WAR"), build("GERMANY", "A KIE"), build("GERMANY", "A MUN")]
    outcome = adjudicate_adjustments(game_map, position, entries)
    assert lines(outcome) == [
        ("GERMANY", "A WAR B", False, ("illegal",)),
        ("GERMANY", "A KIE B", True, ()),
        ("GERMANY", "A MUN B", False, ()),
    ]
    assert outcome.results[2][2].reason == "GERMANY has made all 1 of its builds already"
    assert outcome.units["KIE"] == Unit.parse("GERMANY", "A KIE")
    assert "MUN" not in outcome.units and "WAR" not in outcome.units


def test_6i2_no_fleet_in_a_land_area(game_map: Map) -> None:
    position = board(
        {"RUSSIA": ["A WAR", "F SEV", "F STP/SC"]}, {"RUSSIA": ["MOS", "WAR", "SEV", "STP"]}
    )
    outcome = adjudicate_adjustments(game_map, position, [build("RUSSIA", "F MOS")])
    (_, _, resolution), (_, order, waived) = outcome.results
    assert resolution == Resolution(False, ("illegal",), "a fleet cannot be built inland (Moscow)")
    assert order == Waive() and waived == Resolution(True, ("waived",), UNORDERED_BUILD)
    assert "MOS" not in outcome.units


def test_6i3_the_centre_must_be_empty(game_map: Map) -> None:
    position = board({"GERMANY": ["A BER"]}, {"GERMANY": ["BER", "KIE"]})
    outcome = adjudicate_adjustments(game_map, position, [build("GERMANY", "A BER")])
    assert outcome.results[0][2] == Resolution(False, ("illegal",), "Berlin is occupied")


@pytest.mark.parametrize("text", ["A STP", "F STP/NC"])
def test_6i4_both_coasts_must_be_empty(game_map: Map, text: str) -> None:
    position = board({"RUSSIA": ["F STP/SC"]}, {"RUSSIA": ["STP", "MOS"]})
    outcome = adjudicate_adjustments(game_map, position, [build("RUSSIA", text)])
    assert outcome.results[0][2] == Resolution(False, ("illegal",), "St Petersburg is occupied")
    assert outcome.units["STP"] == Unit.parse("RUSSIA", "F STP/SC")


def test_6i5_home_centre_not_owned(game_map: Map) -> None:
    position = board({"GERMANY": ["A HOL"]}, {"GERMANY": ["HOL", "DEN", "KIE"], "RUSSIA": ["BER"]})
    outcome = adjudicate_adjustments(game_map, position, [build("GERMANY", "A BER")])
    assert outcome.results[0][2] == Resolution(False, ("illegal",), "Germany does not own Berlin")
    assert "BER" not in outcome.units


def test_6i6_owned_centre_that_is_not_home(game_map: Map) -> None:
    position = board(
        {"GERMANY": ["A BER", "A KIE", "A MUN"]}, {"GERMANY": ["BER", "KIE", "MUN", "WAR"]}
    )
    outcome = adjudicate_adjustments(game_map, position, [build("GERMANY", "A WAR")])
    assert outcome.results[0][2] == Resolution(
        False, ("illegal",), "Warsaw is not a home centre of Germany"
    )
    assert "WAR" not in outcome.units


def test_6i7_only_one_build_in_a_home_centre(game_map: Map) -> None:
    position = board({"RUSSIA": ["A WAR"]}, {"RUSSIA": ["MOS", "WAR", "SEV"]})
    entries = [build("RUSSIA", "A MOS"), build("RUSSIA", "A MOS")]
    outcome = adjudicate_adjustments(game_map, position, entries)
    assert lines(outcome)[:2] == [
        ("RUSSIA", "A MOS B", True, ()),
        ("RUSSIA", "A MOS B", False, ("illegal",)),
    ]
    assert outcome.results[1][2].reason == "MOS already has a unit built this winter"
    # The second build was due too: it is left unused and reported as waived.
    assert lines(outcome)[2:] == [("RUSSIA", "WAIVE", True, ("waived",))]


def test_a_fleet_build_at_a_two_coast_centre_needs_a_coast(game_map: Map) -> None:
    position = board({}, {"RUSSIA": ["STP"]})
    outcome = adjudicate_adjustments(game_map, position, [build("RUSSIA", "F STP")])
    assert outcome.results[0][2].tags == ("illegal",)
    ok = adjudicate_adjustments(game_map, position, [build("RUSSIA", "F STP/NC")])
    assert ok.results[0][2] == Resolution(True)
    assert ok.units["STP"] == Unit.parse("RUSSIA", "F STP/NC")


def test_an_army_cannot_be_built_on_a_coast(game_map: Map) -> None:
    position = board({}, {"RUSSIA": ["STP"]})
    outcome = adjudicate_adjustments(game_map, position, [build("RUSSIA", "A STP/NC")])
    assert outcome.results[0][2].tags == ("illegal",)


def test_builds_of_another_power_home_fail(game_map: Map) -> None:
    position = board({}, {"RUSSIA": ["STP", "BER"], "GERMANY": ["KIE"]})
    outcome = adjudicate_adjustments(game_map, position, [build("RUSSIA", "A BER")])
    assert outcome.results[0][2].reason == "Berlin is not a home centre of Russia"


# -- waives and unused builds (4.D.7) -------------------------------------------------------


def test_a_waive_uses_a_build(game_map: Map) -> None:
    position = board({"ENGLAND": ["F NTH"]}, {"ENGLAND": ["LON", "EDI"]})
    entries = [waive("ENGLAND"), build("ENGLAND", "F LON"), waive("ENGLAND")]
    outcome = adjudicate_adjustments(game_map, position, entries)
    assert lines(outcome) == [
        ("ENGLAND", "WAIVE", True, ("waived",)),
        ("ENGLAND", "F LON B", False, ()),
        ("ENGLAND", "WAIVE", False, ()),
    ]
    assert "LON" not in outcome.units


def test_unordered_and_unusable_builds_are_reported_as_waived(game_map: Map) -> None:
    position = board(
        {"ENGLAND": ["F NTH"], "TURKEY": ["A ANK", "A CON", "A SMY"]},
        {"ENGLAND": ["LON", "EDI", "LVP"], "TURKEY": ["ANK", "CON", "SMY", "BUL"]},
    )
    outcome = adjudicate_adjustments(game_map, position, [build("ENGLAND", "F LON")])
    assert outcome.results == (
        ("ENGLAND", Build(ref("F LON")), Resolution(True)),
        ("ENGLAND", Waive(), Resolution(True, ("waived",), UNORDERED_BUILD)),
        ("TURKEY", Waive(), Resolution(True, ("waived",), UNUSABLE_BUILD)),
    )


def test_builds_and_waives_without_builds_due_fail(game_map: Map) -> None:
    position = board({"FRANCE": ["A PAR", "A BUR"]}, {"FRANCE": ["PAR", "BRE"]})
    outcome = adjudicate_adjustments(
        game_map, position, [build("FRANCE", "F BRE"), waive("FRANCE"), remove("FRANCE", "A PAR")]
    )
    assert lines(outcome) == [
        ("FRANCE", "F BRE B", False, ()),
        ("FRANCE", "WAIVE", False, ()),
        ("FRANCE", "A PAR D", False, ()),
    ]
    assert outcome.results[0][2].reason == "FRANCE has no builds to make"
    assert outcome.results[2][2].reason == "FRANCE has no removals to make"
    assert outcome.units == position.units


# -- 6.J removals ---------------------------------------------------------------------------


def test_6j1_too_many_disbands_first_legal_ones_count(game_map: Map) -> None:
    position = board({"FRANCE": ["A PAR", "A PIC"]}, {"FRANCE": ["PAR"]})
    entries = [remove("FRANCE", "F LYO"), remove("FRANCE", "A PIC"), remove("FRANCE", "A PAR")]
    outcome = adjudicate_adjustments(game_map, position, entries)
    assert lines(outcome) == [
        ("FRANCE", "F LYO D", False, ("illegal",)),
        ("FRANCE", "A PIC D", True, ("disbanded",)),
        ("FRANCE", "A PAR D", False, ()),
    ]
    assert outcome.results[0][2].reason == "there is no F LYO"
    assert outcome.results[2][2].reason == "FRANCE has made all 1 of its removals already"
    assert dict(outcome.units) == {"PAR": Unit.parse("FRANCE", "A PAR")}


def test_6j2_removing_the_same_unit_twice(game_map: Map) -> None:
    position = board({"FRANCE": ["A PAR", "A PIC", "A BUR"]}, {"FRANCE": ["BRE"]})
    entries = [remove("FRANCE", "A PAR"), remove("FRANCE", "A PAR")]
    outcome = adjudicate_adjustments(game_map, position, entries)
    assert lines(outcome) == [
        ("FRANCE", "A PAR D", True, ("disbanded",)),
        ("FRANCE", "A PAR D", False, ("illegal",)),
        # Civil disorder: BUR is two moves from Brest, PIC one.
        ("FRANCE", "A BUR D", True, ("disbanded",)),
    ]
    assert outcome.results[1][2].reason == "A PAR is already removed by an earlier order"
    assert outcome.results[2][2].reason == (
        "civil disorder: A BUR is 2 moves from an owned supply centre"
    )
    assert dict(outcome.units) == {"PIC": Unit.parse("FRANCE", "A PIC")}


@pytest.mark.parametrize(
    ("rules", "removed"), [(Rules(), "A TUS"), (Rules(civil_disorder="classic"), "A WAR")]
)
def test_6j11_civil_disorder_with_no_orders(game_map: Map, rules: Rules, removed: str) -> None:
    position = board({"ITALY": ["A WAR", "A TUS"]}, {"ITALY": ["WAR"]})
    outcome = adjudicate_adjustments(game_map, position, [], rules)
    ((power, order, resolution),) = outcome.results
    assert (power, str(order), resolution.succeeds, resolution.tags) == (
        "ITALY",
        f"{removed} D",
        True,
        ("disbanded",),
    )
    assert resolution.reason is not None and resolution.reason.startswith("civil disorder: ")
    assert len(outcome.units) == 1 and str(next(iter(outcome.units.values()))) != removed


def test_civil_disorder_counts_from_the_units_left(game_map: Map) -> None:
    # 6.J.7's board with two removals due and one ordered: the army goes by order, then the
    # fleets are ranked (North Sea before Skagerrak), one of them removed.
    position = board({"RUSSIA": ["A BOH", "F SKA", "F NTH", "A WAR"]}, {"RUSSIA": ["STP", "WAR"]})
    outcome = adjudicate_adjustments(game_map, position, [remove("RUSSIA", "A BOH")])
    assert lines(outcome) == [
        ("RUSSIA", "A BOH D", True, ("disbanded",)),
        ("RUSSIA", "F NTH D", True, ("disbanded",)),
    ]
    assert set(outcome.units) == {"SKA", "WAR"}


def test_a_power_with_no_centres_loses_every_unit(game_map: Map) -> None:
    position = board({"AUSTRIA": ["A GAL", "F ADR"], "ITALY": ["A VIE"]}, {"ITALY": ["VIE"]})
    outcome = adjudicate_adjustments(game_map, position, [])
    assert [str(o) for _, o, _ in outcome.results] == ["F ADR D", "A GAL D"]
    assert set(outcome.units) == {"VIE"}


def test_removing_a_foreign_unit_or_the_wrong_type_is_illegal(game_map: Map) -> None:
    position = board(
        {"FRANCE": ["A PAR", "A PIC"], "ENGLAND": ["F ENG"]},
        {"FRANCE": ["PAR"], "ENGLAND": ["LON"]},
    )
    entries = [remove("FRANCE", "F ENG"), remove("FRANCE", "F PIC"), remove("FRANCE", "A PIC")]
    outcome = adjudicate_adjustments(game_map, position, entries)
    assert [r.reason for _, _, r in outcome.results] == [
        "F ENG belongs to ENGLAND",
        "there is no F PIC",
        None,
    ]
    assert set(outcome.units) == {"PAR", "ENG"}


def test_entries_marked_illegal_fail_with_their_reason(game_map: Map) -> None:
    position = board({"FRANCE": ["A PAR", "A PIC"]}, {"FRANCE": ["PAR"]})
    hold: Order = Hold(ref("A PIC"))
    entries = [
        OrderEntry("FRANCE", "A PIC D", Disband(ref("A PIC")), illegal="the judge says no"),
        OrderEntry("FRANCE", "A PIC H", hold),
    ]
    outcome = adjudicate_adjustments(game_map, position, entries)
    assert outcome.results[0] == (
        "FRANCE",
        Disband(ref("A PIC")),
        Resolution(False, ("illegal",), "the judge says no"),
    )
    assert outcome.results[1][2] == Resolution(
        False, ("illegal",), "A PIC H is not an adjustment order"
    )
    # Nothing legal was ordered, so civil disorder removes the farther unit.
    assert [str(o) for _, o, _ in outcome.results[2:]] == ["A PIC D"]


def test_the_input_position_is_not_changed(game_map: Map) -> None:
    position = board({"FRANCE": ["A PAR", "A PIC"]}, {"FRANCE": ["PAR"]})
    before = dict(position.units)
    adjudicate_adjustments(game_map, position, [remove("FRANCE", "A PAR")])
    assert dict(position.units) == before


# -- property -------------------------------------------------------------------------------

POWERS = sorted(STANDARD.powers)
LOCATIONS = sorted(
    {(t, loc) for t in UnitType for p in STANDARD.provinces for loc in STANDARD.locations_of(p)}
    | {(t, p) for t in UnitType for p in STANDARD.provinces}
)
ALL_LOCATIONS = sorted({loc for _, loc in LOCATIONS})
VALID = [(t, loc) for t, loc in LOCATIONS if STANDARD.is_valid_location(t, loc)]


@st.composite
def winter_boards(draw: st.DrawFn) -> tuple[Position, list[OrderEntry]]:
    placed: dict[str, Unit] = {}
    for kind, location in draw(st.lists(st.sampled_from(VALID), min_size=4, max_size=34)):
        province = location.split("/")[0]
        if province not in placed:
            placed[province] = Unit(draw(st.sampled_from(POWERS)), kind, location)
    centres = sorted(STANDARD.supply_centers)
    # Owners cluster on few powers now and then, so that some have builds and others removals.
    pool = draw(st.lists(st.sampled_from(POWERS), min_size=1, max_size=4))
    drawn = draw(st.lists(st.sampled_from([*pool, None]), min_size=34, max_size=34))
    owners = {c: p for c, p in zip(centres, drawn, strict=True) if p is not None}
    position = Position("standard", Phase.parse("W1901A"), placed, owners)
    # Most orders come from the right power (builds at its home centres, removals of its own
    # units) so that many can succeed; the rest are arbitrary places, types and powers.
    kinds = st.sampled_from(list(UnitType))
    anywhere = st.sampled_from(ALL_LOCATIONS)
    mine = [
        OrderEntry(u.power, None, Disband(UnitRef(u.type, u.location))) for u in placed.values()
    ]
    homes = [
        OrderEntry(power, None, Build(UnitRef(kind, loc)))
        for power, info in STANDARD.powers.items()
        for centre in sorted(info.home_centers)
        for loc in (centre, *STANDARD.locations_of(centre))
        for kind in UnitType
    ]
    arbitrary = st.builds(
        OrderEntry,
        st.sampled_from(POWERS),
        st.none(),
        st.one_of(
            st.builds(Build, st.builds(UnitRef, kinds, anywhere)),
            st.builds(Disband, st.builds(UnitRef, kinds, anywhere)),
            st.just(Waive()),
        ),
    )
    removals = st.sampled_from(mine) if mine else arbitrary
    entries = draw(st.lists(st.one_of(st.sampled_from(homes), removals, arbitrary), max_size=20))
    return position, entries


@settings(max_examples=200, deadline=None)
@given(winter_boards(), st.sampled_from([Rules(), Rules(civil_disorder="classic")]))
def test_property_units_never_exceed_centres_and_stand_on_valid_places(
    board_and_orders: tuple[Position, list[OrderEntry]], rules: Rules
) -> None:
    position, entries = board_and_orders
    outcome = adjudicate_adjustments(STANDARD, position, entries, rules)
    counts = adjustment_counts(STANDARD, position)
    assert len(outcome.results) >= len(entries)
    for power in POWERS:
        owned = sum(1 for owner in position.centers.values() if owner == power)
        before = sum(1 for u in position.units.values() if u.power == power)
        after = sum(1 for u in outcome.units.values() if u.power == power)
        assert after <= owned
        if counts[power] <= 0:
            assert after == before + counts[power]
        else:
            assert before <= after <= before + counts[power]
    for province, unit in outcome.units.items():
        assert unit.province == province
        assert STANDARD.is_valid_location(unit.type, unit.location)
    new = {p for p in outcome.units if p not in position.units}
    for province in new:
        unit = outcome.units[province]
        assert province in STANDARD.powers[unit.power].home_centers
        assert position.centers.get(province) == unit.power
