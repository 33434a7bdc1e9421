"""Properties of the movement resolver over random positions and random legal orders."""

from __future__ import annotations

import os
from bisect import bisect_left
from dataclasses import dataclass
from random import Random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.board.map import load_map
from adjudicator.board.position import Position
from adjudicator.board.rules import Rules
from adjudicator.board.types import Phase, Unit, UnitType, province_of
from adjudicator.orders.model import (
    Convoy,
    Hold,
    Move,
    MovementOrder,
    SupportHold,
    SupportMove,
    UnitRef,
)
from adjudicator.resolve.columns import by_halves
from adjudicator.resolve.decisions import UNRESOLVED, Decisions
from adjudicator.resolve.movement import MovementOutcome, adjudicate_movement
from adjudicator.resolve.order_table import BY_CONVOY, CONVOY, MOVE, NONE, build_table

MAP = load_map("standard")
POWERS = sorted(MAP.powers)
PLACES = sorted(p for p, prov in MAP.provinces.items() if prov.terrain != "impassable")
COASTAL = [p for p in PLACES if MAP.provinces[p].is_coastal]


@dataclass(frozen=True)
class Scenario:
    position: Position
    orders: tuple[MovementOrder, ...]
    rules: Rules


def _fleet_locations(province: str) -> list[str]:
    return [loc for loc in MAP.locations_of(province) if loc in MAP.fleet_adjacency]


def _near(province: str) -> frozenset[str]:
    return MAP.army_adjacency.get(province, frozenset()) | frozenset(
        p
        for loc in MAP.locations_of(province)
        for p in MAP.reachable_provinces(UnitType.FLEET, loc)
    )


def _region(seed: str, radius: int) -> list[str]:
    """Provinces within `radius` steps of `seed`: crowded boards make units interact."""
    found = {seed}
    frontier = {seed}
    for _ in range(radius):
        frontier = {n for p in frontier for n in _near(p)} - found
        found |= frontier
    return sorted(p for p in found if p in PLACES)


@st.composite
def units(draw: st.DrawFn) -> dict[str, Unit]:
    region = _region(draw(st.sampled_from(PLACES)), draw(st.integers(1, 3)))
    chosen = draw(st.lists(st.sampled_from(region), min_size=1, max_size=24, unique=True))
    powers = draw(st.lists(st.sampled_from(POWERS), min_size=1, max_size=4, unique=True))
    board = {}
    for province in chosen:
        prov = MAP.provinces[province]
        kinds = ([] if prov.is_sea else [UnitType.ARMY]) + (
            [UnitType.FLEET] if _fleet_locations(province) else []
        )
        kind = draw(st.sampled_from(kinds))
        location = (
            province if kind is UnitType.ARMY else draw(st.sampled_from(_fleet_locations(province)))
        )
        board[province] = Unit(draw(st.sampled_from(powers)), kind, location)
    return board


def _moves_for(unit: Unit, far: bool) -> list[str]:
    """One-step targets, or for a coastal army (when `far`) coastal provinces to convoy to."""
    if unit.type is UnitType.FLEET:
        return sorted(MAP.fleet_adjacency[unit.location])
    if far and MAP.provinces[unit.province].is_coastal:
        return [p for p in _region(unit.province, 3) if p in COASTAL and p != unit.province]
    return sorted(MAP.army_adjacency[unit.province])


@st.composite
def scenarios(draw: st.DrawFn) -> Scenario:
    board = draw(units())
    ordered = sorted(board.values(), key=lambda u: u.province)
    ref = {u.province: UnitRef(u.type, u.location) for u in ordered}
    orders: dict[str, MovementOrder] = {}
    # Hypothesis favours small integers, so rare choices sit in the middle of a range.
    # First the moves, so that supports and convoys can match them. Fleets at sea mostly stay
    # to convoy; armies on a coast often try to go by sea.
    for unit in ordered:
        at_sea = MAP.provinces[unit.province].is_sea
        if draw(st.integers(0, 2)) == 1 or (at_sea and draw(st.integers(0, 2)) != 1):
            continue
        far = draw(st.integers(0, 2)) == 1
        target = draw(st.sampled_from(_moves_for(unit, far)))
        via = unit.type is UnitType.ARMY and draw(st.integers(0, 3)) == 2
        orders[unit.province] = Move(ref[unit.province], target, via)
    # Convoys: fleets at sea near a moving army carry it (now and then to the wrong place).
    for unit in ordered:
        if unit.province in orders or not MAP.provinces[unit.province].is_sea:
            continue
        if unit.type is not UnitType.FLEET:
            continue
        near = _region(unit.province, 2)
        armies = [
            o
            for o in ordered
            if o.type is UnitType.ARMY
            and o.province in near
            and isinstance(orders.get(o.province), Move)
        ]
        if armies and draw(st.integers(0, 3)) != 2:
            army = draw(st.sampled_from(armies))
            move = orders[army.province]
            assert isinstance(move, Move)
            target = province_of(move.target)
            if draw(st.integers(0, 6)) == 3:
                target = draw(st.sampled_from(COASTAL))
            orders[unit.province] = Convoy(ref[unit.province], ref[army.province], target)
    # Supports, mostly of what the other units ordered, sometimes void.
    for unit in ordered:
        if unit.province in orders or draw(st.integers(0, 4)) == 2:
            continue
        reach = MAP.reachable_provinces(unit.type, unit.location)
        choices: list[MovementOrder] = []
        for other in ordered:
            if other.province == unit.province:
                continue
            theirs = orders.get(other.province)
            if isinstance(theirs, Move) and province_of(theirs.target) in reach:
                target = province_of(theirs.target)
                choices.append(SupportMove(ref[unit.province], ref[other.province], target))
            if other.province in reach:
                choices.append(SupportHold(ref[unit.province], ref[other.province]))
                for step in sorted(MAP.reachable_provinces(other.type, other.location) & reach):
                    choices.append(SupportMove(ref[unit.province], ref[other.province], step))
                    break
        if choices:
            orders[unit.province] = draw(st.sampled_from(choices))
        elif draw(st.booleans()):
            orders[unit.province] = Hold(ref[unit.province])
    rules = Rules(
        multi_route_convoy=draw(st.sampled_from(["all_routes", "any_route"])),
        convoy_paradox=draw(st.sampled_from(["szykman", "1982"])),
        adjacent_convoy=draw(st.sampled_from(["via_or_own_fleet", "land_fallback", "1971"])),
        convoyed_attack_cuts_support_on_itself=draw(st.booleans()),
        retreat_to_convoy_origin=draw(st.booleans()),
        dislodged_unit_effect=draw(st.sampled_from(["head_to_head_only", "always"])),
    )
    position = Position("standard", Phase.parse("S1901M"), board, {})
    return Scenario(position, tuple(orders.values()), rules)


def _adjudicate(scenario: Scenario) -> MovementOutcome:
    keyed = {o.unit.province: o for o in scenario.orders}
    return adjudicate_movement(MAP, scenario.position, keyed, scenario.rules)


SETTINGS = settings(
    max_examples=int(os.environ.get("MOVEMENT_EXAMPLES", "300")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@SETTINGS
@given(scenarios())
def test_every_unit_is_accounted_for_once(scenario: Scenario) -> None:
    out = _adjudicate(scenario)
    before = scenario.position.units
    orders = {o.unit.province: o for o in scenario.orders}
    assert set(out.resolutions) == set(before)
    # Never two units in one province: no unit is lost to an overwritten key.
    assert len(out.units) + len(out.dislodged) == len(before)
    for province, unit in out.units.items():
        assert unit.province == province
    for province, unit in before.items():
        order = orders.get(province)
        resolution = out.resolutions[province]
        if province in out.dislodged:
            assert out.dislodged[province].unit == unit
            assert "dislodged" in resolution.tags
        elif isinstance(order, Move) and resolution.succeeds:
            landed = out.units[province_of(order.target)]
            assert (landed.power, landed.type) == (unit.power, unit.type)
            assert landed.location.startswith(province_of(order.target))
        else:
            assert out.units[province] == unit
            assert not isinstance(order, Move) or not resolution.succeeds


@SETTINGS
@given(scenarios())
def test_retreats_are_empty_uncontested_and_not_the_attackers_origin(scenario: Scenario) -> None:
    out = _adjudicate(scenario)
    orders = {o.unit.province: o for o in scenario.orders}
    for province in out.contested:
        assert province not in out.units
    for province, dislodged in out.dislodged.items():
        assert list(dislodged.retreats) == sorted(set(dislodged.retreats))
        attackers = [
            p
            for p, o in orders.items()
            if isinstance(o, Move)
            and province_of(o.target) == province
            and out.resolutions[p].succeeds
        ]
        assert len(attackers) == 1
        origin = attackers[0]
        unit = dislodged.unit
        for place in dislodged.retreats:
            target = province_of(place)
            assert MAP.can_move(unit.type, unit.location, place)
            assert target not in out.units
            assert target not in out.contested
            if target == origin:
                convoyed = any(
                    isinstance(o, Convoy) and o.army.province == origin for o in orders.values()
                )
                assert scenario.rules.retreat_to_convoy_origin and convoyed


@SETTINGS
@given(scenarios(), st.randoms(use_true_random=False))
def test_outcome_does_not_depend_on_the_order_of_the_mappings(
    scenario: Scenario, random: Random
) -> None:
    out = _adjudicate(scenario)
    shuffled_orders = list(scenario.orders)
    shuffled_units = list(scenario.position.units.items())
    random.shuffle(shuffled_orders)
    random.shuffle(shuffled_units)
    position = Position("standard", scenario.position.phase, dict(shuffled_units), {})
    again = adjudicate_movement(
        MAP, position, {o.unit.province: o for o in shuffled_orders}, scenario.rules
    )
    assert again == out


@SETTINGS
@given(scenarios())
def test_unit_at_finds_the_unit_of_every_province_and_none_elsewhere(scenario: Scenario) -> None:
    """`OrderTable.unit_at` searches the sorted provinces by halves: it finds what the index
    says, for every province of the map (before, between and after the units' provinces); the
    compiled build's search (`by_halves`) finds what `bisect_left` does."""
    keyed = {o.unit.province: o for o in scenario.orders}
    table = build_table(MAP, scenario.position, keyed, scenario.rules)
    for province in ("", *sorted(MAP.provinces), "~"):
        assert table.unit_at(province) == table.index.get(province, NONE)
        assert by_halves(table.province, province) == bisect_left(table.province, province)


@SETTINGS
@given(scenarios())
def test_an_opposed_move_into_an_empty_province_meets_another_move(scenario: Scenario) -> None:
    """The table marks a lone move into an empty province unopposed unless it goes by convoy
    alone (`OrderTable.unopposed`): an opposed move not by convoy alone into an empty province
    has another move into its target, which `Decisions._open` asks about (the one other than
    itself among the first two, with no length checked)."""
    keyed = {o.unit.province: o for o in scenario.orders}
    table = build_table(MAP, scenario.position, keyed, scenario.rules)
    for i in table.opposed:
        if table.kind[i] == MOVE and table.occupant[i] == NONE and table.route[i] != BY_CONVOY:
            assert len(table.moves_into[table.dest[i]]) >= 2


@SETTINGS
@given(scenarios())
def test_settling_unopposed_decisions_up_front_changes_nothing(scenario: Scenario) -> None:
    """The decisions settled before the guess algorithm runs are the ones it would find."""
    keyed = {o.unit.province: o for o in scenario.orders}
    table = build_table(MAP, scenario.position, keyed, scenario.rules)
    quick = Decisions(MAP, table, scenario.rules)
    quick.resolve_all()
    full = Decisions(MAP, table, scenario.rules)
    reopened = []
    for i in range(table.size):  # reopen every decision: the algorithm settles them all
        if table.kind[i] == MOVE or table.unopposed[i] or i in table.opposed:
            full.state[i], full.result[i] = UNRESOLVED, False
            reopened.append(i)
    full.todo = reopened  # (`resolve_all` asks the open ones alone: `Decisions.todo`)
    full.resolve_all()
    assert quick.result == full.result
    assert quick.paradox == full.paradox


@SETTINGS
@given(scenarios())
def test_a_bounce_records_what_the_settled_decisions_say(scenario: Scenario) -> None:
    """The explanation reads a failed move's strength and the unit that held it off from its
    decision (`Decisions.bounced`): they are what the settled decisions give when asked."""
    keyed = {o.unit.province: o for o in scenario.orders}
    table = build_table(MAP, scenario.position, keyed, scenario.rules)
    d = Decisions(MAP, table, scenario.rules)
    d.resolve_all()
    for m, (attack, resister) in d.bounced.items():
        # (of failed moves alone: the outcome counts the failed moves against these records)
        assert table.kind[m] == MOVE and not d.result[m]
        assert attack == d.attack(m)
        opponent = d.opponent(m)
        occupant = table.occupant[m]
        if attack == 0:
            held = NONE
        elif opponent != NONE:
            held = opponent if d.defend(opponent) >= attack else NONE
        else:
            held = occupant if occupant != NONE and d.hold(occupant) >= attack else NONE
        assert resister == held


@SETTINGS
@given(scenarios())
def test_a_convoy_in_use_is_never_void(scenario: Scenario) -> None:
    """The outcome explains a convoy by the army it carries, asking why it is void only of a
    convoy carrying none (`OrderTable.convoyed`, `OrderTable.void`)."""
    keyed = {o.unit.province: o for o in scenario.orders}
    table = build_table(MAP, scenario.position, keyed, scenario.rules)
    assert not table.convoyed.keys() & table.void.keys()
    assert all(table.kind[c] == CONVOY for c in table.convoyed)
