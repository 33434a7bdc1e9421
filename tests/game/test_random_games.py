"""Whole random games: the invariants of issue 4 hold phase after phase, and the saved game
file replays to the same final position."""

from __future__ import annotations

import random
from pathlib import Path

from helpers_games import MAP, random_orders
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.board.position import Position
from adjudicator.board.types import PhaseKind, Season
from adjudicator.game.game import Game, adjudicate_pending, new_game, replay, with_orders
from adjudicator.game.gamefile import read_game, write_game


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
        for power, lines in random_orders(position, rng).items():
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
