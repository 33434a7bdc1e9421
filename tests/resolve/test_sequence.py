"""The phase sequence: skipped phases, centre ownership after the Fall, the winner, short games."""

from __future__ import annotations

import pytest

from adjudicator.board.adjustments import adjustments_due_on, owned_counts
from adjudicator.board.map import Map, load_map
from adjudicator.board.position import Dislodged, Position
from adjudicator.board.rules import Rules
from adjudicator.board.types import LAST_YEAR, CalendarError, Phase, PhaseKind, Season, Unit
from adjudicator.resolve.sequence import (
    _updated_centers,
    decide_winner,
    game_over,
    next_position,
    position_after,
    updated_centers,
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
    """A Position made by hand may list a place that is no centre: its owner stays, in order."""
    units = {"BUR": Unit.parse("GERMANY", "A BUR"), "BEL": Unit.parse("GERMANY", "A BEL")}
    owners = updated_centers(game_map, {"PAR": "FRANCE", "BUR": "FRANCE"}, units)
    assert list(owners.items()) == [("BEL", "GERMANY"), ("BUR", "FRANCE"), ("PAR", "FRANCE")]


def test_updated_centers_are_counted_as_they_are_made(game_map: Map) -> None:
    """position_after counts the new owners in the loop that makes them (`owned_counts` of
    them), also when a place that is no centre keeps its owner."""
    units = {"BUR": Unit.parse("GERMANY", "A BUR"), "BEL": Unit.parse("GERMANY", "A BEL")}
    for centers in ({"PAR": "FRANCE", "BUR": "FRANCE"}, {"PAR": "FRANCE", "BEL": "FRANCE"}):
        owners, counts = _updated_centers(game_map, centers, units)
        assert owners == updated_centers(game_map, centers, units)
        assert counts == owned_counts(owners)
    assert counts == {"GERMANY": 1, "FRANCE": 1}


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


def test_owned_counts_are_counted_once_for_winner_and_adjustments(game_map: Map) -> None:
    """position_after counts the owners once and hands the counts to both: the answers are
    those of the counts made from the centres (with a power the map does not know, too)."""
    owners = {**eighteen_for("FRANCE", game_map), "XYZ": "ATLANTIS"}
    counts = owned_counts(owners)
    assert counts == {"FRANCE": 18, "ENGLAND": 16, "ATLANTIS": 1}
    assert list(counts) == list(dict.fromkeys(owners.values()))  # in the order first met
    start_units = start(game_map).units
    for centers, units in ((owners, {}), (game_map.start_centers(), start_units)):
        owned = owned_counts(centers)
        for year in (1901, 1910):
            rules = Rules(end_year=1910)
            expected = decide_winner(game_map, centers, year, rules)
            assert decide_winner(game_map, centers, year, rules, owned) == expected
        phase = Phase.parse("F1905M")
        expected_due = adjustments_due_on(game_map, phase, centers, units)
        assert adjustments_due_on(game_map, phase, centers, units, owned) == expected_due
    assert decide_winner(game_map, owners, 1905) == "FRANCE"
    assert adjustments_due_on(game_map, Phase.parse("F1905M"), owners, {})
    assert not adjustments_due_on(
        game_map, Phase.parse("F1901M"), game_map.start_centers(), start_units
    )


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
