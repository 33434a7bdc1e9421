"""The phase sequence: skipped phases, centre ownership after the Fall, the winner, short games."""

from __future__ import annotations

import random

import pytest

from adjudicator.board.adjustments import (
    _balance,
    adjustment_counts,
    adjustments_due_given,
    adjustments_due_on,
    owned_counts,
)
from adjudicator.board.map import Map, load_map
from adjudicator.board.position import Dislodged, Position
from adjudicator.board.rules import Rules
from adjudicator.board.types import (
    LAST_YEAR,
    CalendarError,
    Phase,
    PhaseKind,
    Season,
    Unit,
    UnitType,
)
from adjudicator.resolve.sequence import (
    _centers_of,
    _powers,
    _updated_centers,
    decide_winner,
    game_over,
    next_position,
    position_after,
)


@pytest.fixture(scope="module")
def game_map() -> Map:
    return load_map("standard")


def start(game_map: Map) -> Position:
    units = {u.province: u for u in game_map.start_units()}
    return Position("standard", game_map.start_phase, units, game_map.start_centers())


def moved(position: Position, phase: str, **moves: str) -> Position:
    """The board after `phase` with units moved (province -> new location)."""
    units = dict(position.units)
    for source, target in moves.items():
        unit = units.pop(source)
        units[target.split("/")[0]] = Unit(unit.power, unit.type, target)
    return Position(position.variant, Phase.parse(phase), units, position.centers)


def gone(power: str, text: str, *retreats: str) -> tuple[str, Dislodged]:
    unit = Unit.parse(power, text)
    return unit.province, Dislodged(unit, retreats)


def test_spring_to_fall_when_nothing_is_dislodged(game_map: Map) -> None:
    after = moved(start(game_map), "S1901M", PAR="BUR", BRE="MAO")
    nxt = next_position(game_map, after)
    assert str(nxt.phase) == "F1901M"
    assert nxt.units == after.units
    assert nxt.centers == game_map.start_centers()
    assert nxt.dislodged == {} and nxt.winner is None


def test_position_after_takes_the_board_the_phase_left(game_map: Map) -> None:
    before = moved(start(game_map), "F1901M")
    after = moved(before, "F1901M", MUN="BEL")
    nxt = position_after(game_map, before, after.units, {})  # (the engine makes no `after`)
    assert nxt == next_position(game_map, after)
    assert nxt.centers["BEL"] == "GERMANY" and "MUN" not in nxt.units


def test_spring_occupation_changes_no_centre(game_map: Map) -> None:
    after = moved(start(game_map), "S1901M", BRE="MAO", PAR="PIC", MUN="BUR")
    after = moved(after, "S1901M", BUR="BEL")
    nxt = next_position(game_map, after)
    assert "BEL" not in nxt.centers


def test_retreat_phase_lists_only_units_that_can_retreat(game_map: Map) -> None:
    base = moved(start(game_map), "S1901M")
    after = Position(
        base.variant,
        base.phase,
        base.units,
        base.centers,
        dict([gone("AUSTRIA", "A GAL", "BOH", "SIL"), gone("TURKEY", "F BLA")]),
    )
    nxt = next_position(game_map, after)
    assert str(nxt.phase) == "S1901R"
    assert set(nxt.dislodged) == {"GAL"}
    assert nxt.dislodged["GAL"].retreats == ("BOH", "SIL")
    assert nxt.units == after.units and nxt.centers == after.centers


def test_no_phase_is_made_past_the_calendars_last_year(game_map: Map) -> None:
    """A retreat phase too (a Position made by hand can be in any year)."""
    base = start(game_map)
    for year, season in [(LAST_YEAR, Season.FALL), (LAST_YEAR + 1, Season.SPRING)]:
        phase = Phase(year, season, PhaseKind.MOVEMENT)
        lying = dict([gone("AUSTRIA", "A GAL", "BOH")]) if year > LAST_YEAR else {}
        after = Position(base.variant, phase, base.units, base.centers, lying)
        with pytest.raises(CalendarError, match="the phase after it could not be named"):
            next_position(game_map, after)
    before = Position(base.variant, Phase(LAST_YEAR, Season.SPRING, PhaseKind.MOVEMENT), {}, {})
    assert str(next_position(game_map, before).phase) == f"F{LAST_YEAR}M"


def test_no_retreat_phase_when_no_dislodged_unit_can_retreat(game_map: Map) -> None:
    base = moved(start(game_map), "S1901M")
    after = Position(
        base.variant, base.phase, base.units, base.centers, dict([gone("TURKEY", "F BLA")])
    )
    nxt = next_position(game_map, after)
    assert str(nxt.phase) == "F1901M"
    assert nxt.dislodged == {}


def test_spring_retreats_lead_to_fall(game_map: Map) -> None:
    after = moved(start(game_map), "S1901R")
    after = Position(after.variant, after.phase, after.units, after.centers, {})
    assert str(next_position(game_map, after).phase) == "F1901M"


def test_fall_to_spring_when_no_adjustments_are_due(game_map: Map) -> None:
    # Every power still has exactly its home centres and its three (four) units.
    after = moved(start(game_map), "F1901M")
    nxt = next_position(game_map, after)
    assert str(nxt.phase) == "S1902M"
    assert nxt.centers == game_map.start_centers()


def test_fall_to_winter_when_a_build_is_due(game_map: Map) -> None:
    after = moved(start(game_map), "F1901M", BRE="MAO")
    after = moved(after, "F1901M", MAO="POR", PAR="BUR")
    nxt = next_position(game_map, after)
    assert str(nxt.phase) == "W1901A"
    assert nxt.centers["POR"] == "FRANCE"
    assert nxt.centers["BRE"] == "FRANCE" and nxt.centers["PAR"] == "FRANCE"


def test_winter_is_skipped_when_builds_have_nowhere_to_go(game_map: Map) -> None:
    # France already owns Portugal and now takes Spain: five centres, four units, but all
    # three home centres are occupied, so there is no build site and no removal anywhere.
    position = start(game_map)
    centers = {**position.centers, "POR": "FRANCE"}
    units = {**position.units, "SPA": Unit.parse("FRANCE", "A SPA")}
    after = Position("standard", Phase.parse("F1901M"), units, centers)
    nxt = next_position(game_map, after)
    assert nxt.centers["SPA"] == "FRANCE"
    assert str(nxt.phase) == "S1902M"

    # Without the English army in Liverpool, England may build there: winter is played.
    del units["LVP"]
    after = Position("standard", Phase.parse("F1901M"), units, centers)
    assert str(next_position(game_map, after).phase) == "W1901A"


def test_fall_to_winter_when_a_removal_is_due(game_map: Map) -> None:
    # A German army takes Warsaw: Russia owns three centres with four units.
    after = moved(start(game_map), "F1901M", WAR="UKR")
    after = moved(after, "F1901M", BER="PRU")
    after = moved(after, "F1901M", PRU="WAR")
    nxt = next_position(game_map, after)
    assert nxt.centers["WAR"] == "GERMANY"
    assert str(nxt.phase) == "W1901A"


def test_fall_retreats_then_centres_change(game_map: Map) -> None:
    position = start(game_map)
    units = dict(position.units)
    del units["SEV"]
    units["SEV"] = Unit.parse("TURKEY", "F SEV")
    del units["ANK"]
    after = Position(
        "standard",
        Phase.parse("F1901M"),
        units,
        position.centers,
        dict([gone("RUSSIA", "F SEV", "RUM", "ARM")]),
    )
    retreat_phase = next_position(game_map, after)
    assert str(retreat_phase.phase) == "F1901R"
    assert retreat_phase.centers["SEV"] == "RUSSIA"  # not yet: the Fall is not over

    units["RUM"] = Unit.parse("RUSSIA", "F RUM")
    after_retreats = Position("standard", Phase.parse("F1901R"), units, retreat_phase.centers)
    nxt = next_position(game_map, after_retreats)
    assert nxt.centers["SEV"] == "TURKEY"
    assert nxt.centers["RUM"] == "RUSSIA"
    assert nxt.centers["ANK"] == "TURKEY"  # vacant: keeps its owner
    assert str(nxt.phase) == "W1901A"
    assert nxt.dislodged == {}


def test_winter_leads_to_the_next_spring(game_map: Map) -> None:
    after = moved(start(game_map), "W1901A")
    nxt = next_position(game_map, after)
    assert str(nxt.phase) == "S1902M"
    assert nxt.centers == after.centers


def updated_centers(
    game_map: Map, centers: dict[str, str], units: dict[str, Unit]
) -> dict[str, str]:
    """The owners the phase after this Fall has (the phase sequence settles them)."""
    fall = Position("standard", Phase.parse("F1901M"), units, centers)
    return dict(next_position(game_map, fall).centers)


def test_updated_centers_only_counts_supply_centres(game_map: Map) -> None:
    units = {"BUR": Unit.parse("FRANCE", "A BUR"), "BEL": Unit.parse("GERMANY", "A BEL")}
    owners = updated_centers(game_map, {"BRE": "FRANCE", "BEL": "FRANCE"}, units)
    assert owners == {"BEL": "GERMANY", "BRE": "FRANCE"}


def test_updated_centers_are_by_province(game_map: Map) -> None:
    units = {"BUR": Unit.parse("FRANCE", "A BUR"), "BEL": Unit.parse("GERMANY", "A BEL")}
    grouped = {"PAR": "FRANCE", "BRE": "FRANCE", "BER": "GERMANY", "ANK": "TURKEY"}
    owners = updated_centers(game_map, grouped, units)
    assert list(owners.items()) == [
        ("ANK", "TURKEY"),
        ("BEL", "GERMANY"),
        ("BER", "GERMANY"),
        ("BRE", "FRANCE"),
        ("PAR", "FRANCE"),
    ]


def test_updated_centers_keep_an_owner_of_no_centre(game_map: Map) -> None:
    """A Position made by hand may list a place that is no centre, or a power the map does not
    know: the owners stay, in order too."""
    units = {"BUR": Unit.parse("GERMANY", "A BUR"), "BEL": Unit.parse("GERMANY", "A BEL")}
    owners = updated_centers(game_map, {"PAR": "FRANCE", "BUR": "FRANCE"}, units)
    assert list(owners.items()) == [("BEL", "GERMANY"), ("BUR", "FRANCE"), ("PAR", "FRANCE")]
    units["MUN"] = Unit.parse("ATLANTIS", "A MUN")
    owners = updated_centers(game_map, {"PAR": "FRANCE", "KIE": "OZ"}, units)
    assert list(owners.items()) == [
        ("BEL", "GERMANY"),
        ("KIE", "OZ"),
        ("MUN", "ATLANTIS"),
        ("PAR", "FRANCE"),
    ]


def test_updated_centers_leave_the_maps_centres_as_they_were(game_map: Map) -> None:
    """The owners are a copy of `_centers_of`'s dict, whose centres (in the map's order) stay
    for the next Fall: a vacant centre nobody owns is dropped from the copy alone."""
    blank = _centers_of(game_map)
    assert list(blank) == list(game_map.supply_centers_in_order)
    units = {"BUR": Unit.parse("FRANCE", "A BUR"), "BEL": Unit.parse("GERMANY", "A BEL")}
    owners = updated_centers(game_map, {"PAR": "FRANCE"}, units)
    assert owners == {"BEL": "GERMANY", "PAR": "FRANCE"}
    assert _centers_of(game_map) is blank
    assert blank == dict.fromkeys(game_map.supply_centers_in_order, "")


def test_updated_centers_are_counted_as_they_are_made(game_map: Map) -> None:
    """position_after counts each power's centres and units in the loops that make the new
    owners (every power of the map, in the order `_powers` gives); not for a Position made by
    hand."""
    powers, index = _powers(game_map)
    assert powers == tuple(game_map.powers) and _powers(game_map)[1] is index
    units = {"BUR": Unit.parse("GERMANY", "A BUR"), "BEL": Unit.parse("GERMANY", "A BEL")}
    units["LON"] = Unit.parse("ENGLAND", "F LON")
    centers = {"PAR": "FRANCE", "LON": "FRANCE"}
    owners, owned, fielded = _updated_centers(game_map, centers, units, index)
    assert owned is not None and fielded is not None
    assert dict(zip(powers, owned, strict=True)) == {
        **dict.fromkeys(powers, 0),
        **owned_counts(owners),
    }
    assert dict(zip(powers, fielded, strict=True)) == {
        **dict.fromkeys(powers, 0),
        "GERMANY": 2,
        "ENGLAND": 1,
    }
    for centers in ({"PAR": "FRANCE", "BUR": "FRANCE"}, {"PAR": "FRANCE", "HOL": "OZ"}):
        assert _updated_centers(game_map, centers, units, index)[1:] == (None, None)
    units["MUN"] = Unit.parse("ATLANTIS", "A MUN")
    assert _updated_centers(game_map, {"PAR": "FRANCE"}, units, index)[1:] == (None, None)


def eighteen_for(power: str, game_map: Map) -> dict[str, str]:
    centres = sorted(game_map.supply_centers)
    return {c: (power if i < 18 else "ENGLAND") for i, c in enumerate(centres)}


def test_winner_when_a_power_reaches_the_victory_count(game_map: Map) -> None:
    owners = eighteen_for("FRANCE", game_map)
    units: dict[str, Unit] = {}
    after = Position("standard", Phase.parse("F1905M"), units, owners)
    nxt = next_position(game_map, after)
    assert nxt.winner == "FRANCE"
    assert game_over(nxt)

    seventeen = dict(owners)
    seventeen[next(c for c, p in owners.items() if p == "FRANCE")] = "ENGLAND"
    after = Position("standard", Phase.parse("F1905M"), units, seventeen)
    nxt = next_position(game_map, after)
    assert nxt.winner is None
    assert not game_over(nxt)


def test_winner_is_decided_only_when_ownership_changes(game_map: Map) -> None:
    owners = eighteen_for("FRANCE", game_map)
    after = Position("standard", Phase.parse("S1905M"), {}, owners)
    assert next_position(game_map, after).winner is None


def test_a_winner_stays_a_winner(game_map: Map) -> None:
    after = Position("standard", Phase.parse("F1906M"), {}, {}, winner="FRANCE")
    assert next_position(game_map, after).winner == "FRANCE"
    after = Position("standard", Phase.parse("W1906A"), {}, {}, winner="FRANCE")
    assert next_position(game_map, after).winner == "FRANCE"


def test_short_game_ends_with_the_fall_of_the_last_year(game_map: Map) -> None:
    rules = Rules(end_year=1902)
    after = moved(start(game_map), "F1902M", BRE="MAO", MAR="SPA")
    after = moved(after, "F1902M", MAO="POR")
    nxt = next_position(game_map, after, rules)
    assert nxt.winner == "FRANCE"  # five centres against Russia's four
    assert game_over(nxt, rules)
    assert str(nxt.phase) == "W1902A"  # the phase still advances


def test_short_game_tie_has_no_winner_but_is_over(game_map: Map) -> None:
    rules = Rules(end_year=1902)
    after = moved(start(game_map), "F1902M", BRE="MAO")
    after = moved(after, "F1902M", MAO="POR")
    nxt = next_position(game_map, after, rules)
    assert nxt.winner is None  # France and Russia have four centres each
    assert game_over(nxt, rules)
    earlier = next_position(game_map, moved(start(game_map), "F1901M"), rules)
    assert not game_over(earlier, rules)
    assert earlier.winner is None


def test_decide_winner_ties_and_counts(game_map: Map) -> None:
    assert decide_winner(game_map, {}, 1901) is None
    tied = {"PAR": "FRANCE", "BER": "GERMANY"}
    assert decide_winner(game_map, tied, 1910, Rules(end_year=1910)) is None
    assert decide_winner(game_map, {"PAR": "FRANCE"}, 1910, Rules(end_year=1910)) == "FRANCE"
    assert decide_winner(game_map, {"PAR": "FRANCE"}, 1909, Rules(end_year=1910)) is None


def random_boards(game_map: Map, seed: int) -> list[tuple[dict[str, str], dict[str, Unit]]]:
    """Boards of random owners (some centres left vacant) and random units of the map's powers."""
    chance = random.Random(seed)
    powers = sorted(game_map.powers)
    centres = sorted(game_map.supply_centers)
    boards = []
    for _ in range(40):
        owned = chance.sample(centres, chance.randrange(len(centres) + 1))
        centers = {c: chance.choice(powers) for c in owned}
        places = chance.sample(sorted(game_map.provinces), chance.randrange(len(centres) + 1))
        units = {p: Unit(chance.choice(powers), UnitType.ARMY, p) for p in places}
        boards.append((centers, units))
    return boards


@pytest.mark.parametrize("variant", ["standard", "1900", "chaos", "five", "wwi", "hundred"])
def test_the_counts_made_with_the_owners_decide_as_those_made_from_them(variant: str) -> None:
    """position_after counts owners and units as it settles a Fall's owners and hands the counts
    to the winner and the adjustments: the same answers as the counts made from the owners (on
    maps with partisans, neutral powers, builds anywhere and sides too)."""
    game_map = load_map(variant)
    rules = Rules(end_year=game_map.start_phase.year + 1)
    for seed in range(3):
        for centers, units in random_boards(game_map, seed):
            fall = Phase(game_map.start_phase.year + seed, Season.FALL, PhaseKind.MOVEMENT)
            before = Position(variant, fall, units, centers)
            after = position_after(game_map, before, units, {}, rules)
            owners = after.centers
            assert owners == {
                c: units[c].power if c in units else centers[c]
                for c in sorted(game_map.supply_centers)
                if c in units or c in centers
            }
            assert after.winner == decide_winner(game_map, owners, fall.year, rules)
            due = adjustments_due_on(game_map, fall, owners, units)
            assert due is (after.phase.kind is PhaseKind.ADJUSTMENT)
            counts = adjustment_counts(game_map, Position(variant, fall, units, owners))
            assert due is any(counts.values())
            balance = _balance(game_map, owners, units)
            assert adjustments_due_given(game_map, fall, owners, units, balance) is due


def test_a_partisan_site_counts_once() -> None:
    """Russia holds three of its four home centres (its partisan site, Siberia, is in use) and
    has a unit more than centres: the site makes up for it, no removal and no build."""
    game_map = load_map("1900")
    russia = ("A MOS", "F SEV", "F STP/SC", "A UKR")
    units = {u.province: u for u in (Unit.parse("RUSSIA", text) for text in russia)}
    centers = dict.fromkeys(("MOS", "SEV", "STP"), "RUSSIA")
    fall = Phase(1902, Season.FALL, PhaseKind.MOVEMENT)
    after = position_after(game_map, Position("1900", fall, units, centers), units, {})
    assert after.phase == Phase(1903, Season.SPRING, PhaseKind.MOVEMENT)
    assert adjustment_counts(game_map, Position("1900", fall, units, centers))["RUSSIA"] == 0
    assert not adjustments_due_on(game_map, fall, centers, units)
    balance = _balance(game_map, centers, units)
    assert balance["RUSSIA"] == -1
    assert not adjustments_due_given(game_map, fall, centers, units, balance)


def test_a_whole_first_year(game_map: Map) -> None:
    """S1901M -> F1901M -> W1901A -> S1902M with the usual openings."""
    spring = moved(start(game_map), "S1901M", PAR="BUR", MAR="SPA", BRE="MAO")
    fall = next_position(game_map, spring)
    assert str(fall.phase) == "F1901M"
    after_fall = moved(fall, "F1901M", MAO="POR")
    winter = next_position(game_map, after_fall)
    assert str(winter.phase) == "W1901A"
    assert [c for c, p in sorted(winter.centers.items()) if p == "FRANCE"] == [
        "BRE",
        "MAR",
        "PAR",
        "POR",
        "SPA",
    ]
    after_winter = moved(winter, "W1901A")
    spring_1902 = next_position(game_map, after_winter)
    assert str(spring_1902.phase) == "S1902M"
