"""Random orders for whole random games (tests/game): holds, moves and supports (some of them
illegal), retreats or disbands, builds and removals (sometimes left to civil disorder)."""

from __future__ import annotations

import random

from adjudicator.board.map import Map, load_map
from adjudicator.board.position import Position
from adjudicator.board.types import PhaseKind, UnitType

MAP = load_map("standard")


def _movement_orders(game_map: Map, position: Position, rng: random.Random) -> dict[str, list[str]]:
    orders: dict[str, list[str]] = {}
    for unit in position.units.values():
        targets = sorted(
            game_map.army_adjacency.get(unit.location, ())
            if unit.type is UnitType.ARMY
            else game_map.fleet_adjacency.get(unit.location, ())
        )
        roll = rng.random()
        if roll < 0.15 or not targets:
            text = f"{unit} H"
        elif roll < 0.75:
            text = f"{unit} - {rng.choice(targets)}"
        else:
            friend = rng.choice(list(position.units.values()))
            text = f"{unit} S {friend}"
            if rng.random() < 0.5:
                text += f" - {rng.choice(targets).split('/')[0]}"
        orders.setdefault(unit.power, []).append(text)
    return orders


def _retreat_orders(position: Position, rng: random.Random) -> dict[str, list[str]]:
    orders: dict[str, list[str]] = {}
    for d in position.dislodged.values():
        choice = rng.choice([*d.retreats, None])
        text = f"{d.unit} D" if choice is None else f"{d.unit} R {choice}"
        orders.setdefault(d.unit.power, []).append(text)
    return orders


def _adjustment_orders(
    game_map: Map, position: Position, rng: random.Random
) -> dict[str, list[str]]:
    orders: dict[str, list[str]] = {}
    for power, info in game_map.powers.items():
        owned = position.centers_of(power)
        units = position.units_of(power)
        due = len(owned) - len(units)
        if due < 0 and rng.random() < 0.7:  # else: civil disorder picks the removals
            orders[power] = [f"{u} D" for u in rng.sample(units, -due)]
        elif due > 0:
            sites = [c for c in sorted(info.home_centers) if c in owned and c not in position.units]
            for site in rng.sample(sites, min(due, len(sites))):
                kind = "F" if game_map.provinces[site].is_coastal and rng.random() < 0.5 else "A"
                location = game_map.locations_of(site)[0] if kind == "F" else site
                orders.setdefault(power, []).append(f"{kind} {location} B")
    return orders


def random_orders(position: Position, rng: random.Random) -> dict[str, list[str]]:
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        return _movement_orders(MAP, position, rng)
    if kind is PhaseKind.RETREAT:
        return _retreat_orders(position, rng)
    return _adjustment_orders(MAP, position, rng)
