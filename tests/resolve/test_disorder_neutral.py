"""The neutral powers of a phase (Map.neutral_at), found once per map: the set of the powers
always neutral is shared, and a neutrality that ends is asked of the phase."""

from __future__ import annotations

import pytest

from adjudicator.api import start_position
from adjudicator.board.map import Map, load_map
from adjudicator.board.rules import DEFAULT_RULES
from adjudicator.board.types import Phase
from adjudicator.resolve import disorder

PHASES = ("S1901M", "F1901M", "W1901A", "F1914R", "S1915M", "S1920M")


def _by_the_powers(game_map: Map, phase: Phase) -> frozenset[str]:
    """The rule read off each power's entry, as the map file gives it."""
    return frozenset(
        p.code
        for p in game_map.powers.values()
        if p.neutral or (p.neutral_until is not None and phase < p.neutral_until)
    )


@pytest.mark.parametrize("variant", ["standard", "wwi", "modern", "six"])
def test_the_neutral_powers_are_the_map_s_in_every_phase(variant: str) -> None:
    game_map = load_map(variant)
    for name in PHASES:
        phase = Phase.parse(name)
        assert game_map.neutral_at(phase) == _by_the_powers(game_map, phase)


def test_a_neutrality_that_ends_is_asked_of_the_phase() -> None:
    game_map = load_map("wwi")
    seen = {name: game_map.neutral_at(Phase.parse(name)) for name in PHASES}
    assert len(set(seen.values())) > 1  # (the test needs a power whose neutrality ends)


def test_powers_always_neutral_are_one_shared_set() -> None:
    game_map = load_map("six")
    spring, later = Phase.parse("S1901M"), Phase.parse("F1920M")
    assert game_map.neutral_at(spring) == {"ITALY"}
    assert game_map.neutral_at(spring) is game_map.neutral_at(later)


def test_the_disorder_of_a_phase_names_the_map_s_neutral_powers() -> None:
    game_map = load_map("six")
    position = start_position("six")
    out = disorder.disorder(game_map, position, [], [], DEFAULT_RULES)
    assert out.neutral == {"ITALY"} and "ITALY" in out.ignored
