"""Whole random games: the invariants of issue 4 hold phase after phase, and the saved game
file replays to the same final position."""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.board.map import Map, load_map
from adjudicator.board.position import Position
from adjudicator.board.types import PhaseKind, Season, UnitType
from adjudicator.game.game import Game, adjudicate_pending, new_game, replay, with_orders
from adjudicator.game.gamefile import read_game, write_game

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


def _orders(position: Position, rng: random.Random) -> dict[str, list[str]]:
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        return _movement_orders(MAP, position, rng)
    if kind is PhaseKind.RETREAT:
        return _retreat_orders(position, rng)
    return _adjustment_orders(MAP, position, rng)


def _check_position(before: Position, after: Position) -> None:
    for province, unit in after.units.items():
        assert unit.province == province
        assert MAP.is_valid_location(unit.type, unit.location), unit
    if after.centers != before.centers:
        # Ownership changes only when a Fall phase (movement or retreats) ends.
        assert before.phase.season is Season.FALL, (before.phase, after.phase)
    if before.phase.kind is PhaseKind.ADJUSTMENT:
        for power in MAP.powers:
            assert len(after.units_of(power)) <= len(after.centers_of(power)), power


def _play(seed: int, phases: int) -> Game:
    rng = random.Random(seed)
    game = new_game("standard")
    for _ in range(phases):
        position = game.current
        if position.winner:
            break
        for power, lines in _orders(position, rng).items():
            game = with_orders(game, power, lines)
        game, played = adjudicate_pending(game)
        assert not played.errors, played.errors
        _check_position(position, played.next)
    return game


@settings(
    max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_games_keep_the_invariants_and_replay(seed: int, tmp_path: Path) -> None:
    game = _play(seed, phases=30)
    assert len(game.played) >= 1
    path = tmp_path / f"game-{seed}.json"
    write_game(path, game)
    stored = read_game(path)
    assert stored.current == game.current
    assert replay(stored) == ()
