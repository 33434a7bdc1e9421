"""Random play: twenty years of every shipped variant, every phase's position valid.

Orders are drawn from a seeded generator (hold, a move to a neighbour, support of a
neighbour's hold, any retreat, builds on free build sites, removals), so a map whose data the
engine misreads fails here with the phase and orders that broke it.
"""

from __future__ import annotations

import random

import pytest

from adjudicator.board.adjustments import adjustment_counts, vacant_build_sites
from adjudicator.board.map import Map, load_map
from adjudicator.board.position import Position
from adjudicator.board.resources import data_dir
from adjudicator.board.types import PhaseKind, Unit, UnitType
from adjudicator.game.game import start_position
from adjudicator.resolve.engine import adjudicate

VARIANTS = sorted(p.stem for p in data_dir("maps").glob("*.toml"))
YEARS = 20


def _movement_order(game_map: Map, unit: Unit, position: Position, rng: random.Random) -> str:
    if unit.type is UnitType.ARMY:
        targets = sorted(game_map.army_adjacency.get(unit.province, ()))
    else:
        targets = sorted(game_map.fleet_adjacency.get(unit.location, ()))
    roll = rng.random()
    if targets and roll < 0.6:
        return f"{unit} - {rng.choice(targets)}"
    neighbours = [
        position.units[t.split("/")[0]] for t in targets if t.split("/")[0] in position.units
    ]
    if neighbours and roll < 0.8:
        return f"{unit} S {rng.choice(neighbours)}"
    return f"{unit} H"


def _adjustment_orders(
    game_map: Map, position: Position, power: str, due: int, rng: random.Random
) -> list[str]:
    if due < 0:
        mine = sorted(str(u) for u in position.units.values() if u.power == power)
        return [f"{u} D" for u in rng.sample(mine, min(-due, len(mine)))]
    sites = vacant_build_sites(game_map, position, power)  # partisan sites too (1900)
    orders = []
    for site in rng.sample(sites, min(due, len(sites))):
        kinds = [
            k
            for k in "AF"
            if any(
                game_map.is_valid_location(UnitType(k), loc) for loc in game_map.locations_of(site)
            )
        ]
        kind = rng.choice(kinds)
        loc = next(
            loc
            for loc in game_map.locations_of(site)
            if game_map.is_valid_location(UnitType(kind), loc)
        )
        orders.append(f"Build {kind} {loc}")
    return orders


def _orders(game_map: Map, position: Position, rng: random.Random) -> dict[str, list[str]]:
    orders: dict[str, list[str]] = {}
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        for unit in sorted(position.units.values(), key=str):
            orders.setdefault(unit.power, []).append(_movement_order(game_map, unit, position, rng))
    elif kind is PhaseKind.RETREAT:
        for dislodged in position.dislodged.values():
            unit = dislodged.unit
            text = (
                f"{unit} R {rng.choice(dislodged.retreats)}" if rng.random() < 0.8 else f"{unit} D"
            )
            orders.setdefault(unit.power, []).append(text)
    else:
        for power, due in sorted(adjustment_counts(game_map, position).items()):
            if due:
                orders[power] = _adjustment_orders(game_map, position, power, due, rng)
    return orders


def _check(game_map: Map, position: Position) -> None:
    for province, unit in position.units.items():
        assert unit.province == province
        assert game_map.is_valid_location(unit.type, unit.location), (position.phase, unit)
    assert set(position.centers) <= game_map.supply_centers
    for power in {u.power for u in position.units.values()}:
        assert power in game_map.powers


@pytest.mark.parametrize("variant", VARIANTS)
def test_twenty_random_years(variant: str) -> None:
    game_map = load_map(variant)
    rng = random.Random(f"smoke-{variant}")
    position = start_position(game_map)
    last_year = game_map.start_phase.year + YEARS * game_map.year_step
    while position.winner is None and position.phase.year < last_year:
        _check(game_map, position)
        orders = _orders(game_map, position, rng)
        result = adjudicate(position, orders)
        assert not result.errors, (position.phase, result.errors)
        assert result.next.phase > position.phase
        position = result.next
    _check(game_map, position)
