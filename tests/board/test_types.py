from __future__ import annotations

import pytest

from adjudicator.board.types import Phase, PhaseKind, Season, Unit, UnitType, coast_of, province_of


def test_phase_round_trip_and_order() -> None:
    names = ["S1901M", "S1901R", "F1901M", "F1901R", "W1901A", "S1902M"]
    phases = [Phase.parse(n) for n in names]
    assert [str(p) for p in phases] == names
    assert sorted(reversed(phases)) == phases
    assert Phase.parse("f1905r") == Phase(1905, Season.FALL, PhaseKind.RETREAT)


@pytest.mark.parametrize("bad", ["", "X1901M", "S19O1M", "W1901M", "S1901A", "F1901"])
def test_bad_phase_names_are_rejected(bad: str) -> None:
    with pytest.raises(ValueError):
        Phase.parse(bad)


def test_following_phases() -> None:
    assert [str(p) for p in Phase.parse("F1901M").following()] == ["F1901R", "W1901A", "S1902M"]
    assert [str(p) for p in Phase.parse("W1901A").following()] == ["S1902M"]


def test_units_and_locations() -> None:
    unit = Unit.parse("RUSSIA", "f stp/sc")
    assert unit == Unit("RUSSIA", UnitType.FLEET, "STP/SC")
    assert str(unit) == "F STP/SC"
    assert unit.province == "STP"
    assert province_of("PAR") == "PAR"
    assert coast_of("SPA/NC") == "NC"
    assert coast_of("SPA") is None


def test_phase_names_keep_four_digit_years() -> None:
    """Ancient Mediterranean starts in year 1: its phases are S0001M, F0001M, ..."""
    first = Phase.parse("S0001M")
    assert str(first) == "S0001M"
    assert str(first.following()[-1]) == "S0002M"
    assert Phase.parse("S1M") == first


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("S1901", "did you mean S1901M?"),
        ("W1901", "did you mean W1901A?"),
        ("S0000M", "years start at 1"),
        ("X1901M", "a season (S, F, W)"),
        ("S12345M", "a year of up to four digits"),
    ],
)
def test_bad_phase_names_say_what_is_wrong_in_the_input_s_words(text: str, words: str) -> None:
    """Issue 10, faults 5 and 6: never "'1' is not a valid PhaseKind"; no year 0."""
    with pytest.raises(ValueError) as caught:
        Phase.parse(text)
    message = str(caught.value)
    assert f"bad phase name {text!r}" in message
    assert words in message
    assert "PhaseKind" not in message
