"""The neutral powers of a phase, kept per map when they never change (resolve.disorder)."""

from __future__ import annotations

import pytest

from adjudicator.board.map import load_map
from adjudicator.board.types import Phase
from adjudicator.resolve import disorder

PHASES = ("S1901M", "F1901M", "W1901A", "F1914R", "S1915M", "S1920M")


@pytest.mark.parametrize("variant", ["standard", "wwi", "modern"])
def test_the_kept_neutral_powers_are_the_maps_in_every_phase(variant: str) -> None:
    game_map = load_map(variant)
    for name in PHASES:
        phase = Phase.parse(name)
        assert disorder._neutral(game_map, phase) == game_map.neutral_at(phase)


def test_a_neutrality_that_ends_is_asked_of_the_phase() -> None:
    game_map = load_map("wwi")
    before = {name: game_map.neutral_at(Phase.parse(name)) for name in PHASES}
    assert len(set(before.values())) > 1  # (the test needs a power whose neutrality ends)
    for name, neutral in before.items():
        assert disorder._neutral(game_map, Phase.parse(name)) == neutral


def test_the_kept_neutral_powers_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(disorder, "_ALWAYS", {})
    monkeypatch.setattr(disorder, "_ALWAYS_LIMIT", 2)
    phase = Phase.parse("S1901M")
    for variant in ("standard", "wwi", "modern"):
        game_map = load_map(variant)
        assert disorder._neutral(game_map, phase) == game_map.neutral_at(phase)
    assert 0 < len(disorder._ALWAYS) <= 2
