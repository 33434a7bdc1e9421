"""The convoy steps of the order table (resolve/convoy_orders.py) and the rule choices the
resolver reads (resolve/columns.RuleChoices)."""

from __future__ import annotations

import pytest

from adjudicator.board.convoy import route_exists, route_fleets
from adjudicator.board.map import load_map
from adjudicator.board.rules import EDITIONS, Rules, rules_from
from adjudicator.board.types import Unit, UnitType
from adjudicator.resolve.columns import RuleChoices, new_table, rule_choices
from adjudicator.resolve.convoy_orders import _carriers, _fleets_could_carry


@pytest.mark.parametrize("variant", ["standard", "1900", "ancmed"])
def test_one_fleet_carries_exactly_when_route_fleets_says_so(variant: str) -> None:
    """`_carriers` judges a convoy of one fleet without `route_fleets`
    (`MapFacts.carries_alone`: the fleet must border both ends). Its answer is route_fleets'
    for every sea, army beside it and target."""
    game_map = load_map(variant)
    facts = game_map.facts
    coastal = sorted(p for p, near in facts.water.items() if near)
    for sea in sorted(facts.seas):
        for source in coastal:
            if sea not in facts.water[source]:
                continue
            for target in coastal:
                if target == source:
                    continue
                provinces = sorted((source, sea))
                army, fleet = provinces.index(source), provinces.index(sea)
                units = [
                    Unit("P", UnitType.ARMY if k == army else UnitType.FLEET, p)
                    for k, p in enumerate(provinces)
                ]
                t = new_table(facts, provinces, units, [None, None])
                t.dest[army] = target
                _carriers(game_map, t, army, [fleet])
                expected = bool(route_fleets(game_map, source, target, [sea]))
                assert (army in t.convoy_fleets) == expected, (source, sea, target)
                assert t.convoy_fleets.get(army, (fleet,)) == (fleet,)


@pytest.mark.parametrize("variant", ["standard", "ancmed"])
def test_the_fleets_could_carry_as_route_exists_over_every_fleet_at_sea(variant: str) -> None:
    """`_fleets_could_carry` (a stranded army's test, DATC 6.D.32), searching from the army
    and asking only for the units of the areas reached, answers as route_exists over every
    fleet at sea: armies and fleets on coasts carry nothing."""
    import random

    game_map = load_map(variant)
    facts, rng = game_map.facts, random.Random(15)
    coastal = sorted(p for p, near in facts.water.items() if near and p not in facts.seas)
    seas = sorted(facts.seas)
    answers = set()
    for _ in range(60):
        at_sea = {sea for sea in seas if rng.random() < 0.3}
        on_coasts = set(rng.sample(coastal, 8))
        provinces = sorted(at_sea | on_coasts)
        units = [
            Unit("P", UnitType.FLEET if p in at_sea or rng.random() < 0.5 else UnitType.ARMY, p)
            for p in provinces
        ]
        t = new_table(facts, provinces, units, [None] * len(provinces))
        for source in rng.sample(coastal, 6):
            for target in rng.sample(coastal, 6):
                expected = route_exists(game_map, source, target, at_sea)
                assert _fleets_could_carry(game_map, t, source, target) is expected
                answers.add(expected)
    assert answers == {False, True}


def _expected(rules: Rules) -> tuple[object, ...]:
    return (
        rules.adjacent_convoy,
        rules.convoy_route == "stated",
        rules.multi_route_convoy == "own_fleets_first",
        rules.multi_route_convoy != "all_routes",
        rules.convoy_paradox == "1982",
        rules.convoy_paradox == "dptg",
        rules.convoyed_attack_cuts_support_on_itself,
        rules.dislodged_unit_effect == "always",
    )


def _choices(choices: RuleChoices) -> tuple[object, ...]:
    return (
        choices.adjacent_convoy,
        choices.stated_route,
        choices.own_fleets_first,
        choices.one_route_breaks,
        choices.paradox_1982,
        choices.paradox_dptg,
        choices.convoyed_attack_cuts_support_on_itself,
        choices.dislodged_always,
    )


def test_the_rule_choices_are_those_of_the_rules_asked_about() -> None:
    """`rule_choices` keeps the last choices made: asked about other rules (another edition,
    a copy with an option changed) it reads them, never answering with the last ones."""
    every = [rules_from(name) for name in EDITIONS]
    every.append(Rules(convoy_route="stated", dislodged_unit_effect="always"))
    every.append(Rules(convoyed_attack_cuts_support_on_itself=True))
    every.append(every[0].model_copy(update={"multi_route_convoy": "any_route"}))
    for rules in every + every[::-1]:
        choices = rule_choices(rules)
        assert choices.rules is rules
        assert _choices(choices) == _expected(rules)
        assert rule_choices(rules) is choices  # (kept while the same rules come again)


def test_a_location_without_a_coast_is_its_province_on_every_map() -> None:
    """The order table takes a move's target for its province when it names no coast (the
    map's look-up only for a coast): so every map's locations say."""
    from adjudicator.board.resources import data_dir

    for path in sorted(data_dir("maps").glob("*.toml")):
        facts = load_map(path.stem).facts
        for location, province in facts.province.items():
            assert "/" in location or province == location, (path.stem, location)
