"""The board's colours stay apart for readers with colour-blindness (simulated, not guessed)."""

from __future__ import annotations

import itertools

import pytest
from colour_vision import MACHADO, distance

from adjudicator.board.map import load_map
from adjudicator.report import palette

POWERS = palette.power_colors(load_map("standard").powers)
MINIMUM = 10.0  # CIE76; 2.3 is just noticeable, 10 is plainly different at a glance


def _closest(colors: dict[str, str], vision: str) -> tuple[float, str, str]:
    return min(
        (distance(palette.rgb(a), palette.rgb(b), vision), x, y)
        for (x, a), (y, b) in itertools.combinations(colors.items(), 2)
    )


@pytest.mark.parametrize("vision", sorted(MACHADO))
def test_units_and_centres_are_distinguishable(vision: str) -> None:
    colors = {**POWERS, "sea": palette.SEA, "land": palette.LAND}
    gap, first, second = _closest(colors, vision)
    assert gap >= MINIMUM, f"{first} and {second} look alike with {vision} ({gap:.1f})"


@pytest.mark.parametrize("vision", sorted(MACHADO))
def test_owned_provinces_are_distinguishable(vision: str) -> None:
    colors = {p: palette.tint(c) for p, c in POWERS.items()}
    colors |= {"sea": palette.SEA, "land": palette.LAND}
    gap, first, second = _closest(colors, vision)
    assert gap >= MINIMUM, f"{first} and {second} look alike with {vision} ({gap:.1f})"


def test_the_palette_is_okabe_ito_for_the_standard_powers() -> None:
    assert set(POWERS.values()) <= set(palette.OKABE_ITO)
    assert len(set(POWERS.values())) == 7


def test_a_simulation_can_fail() -> None:
    """Red and green, far apart to normal sight, collapse for a deuteranope: the check bites."""
    red, green = (213, 94, 0), (90, 140, 0)
    assert distance(red, green, "normal") > 2 * distance(red, green, "deuteranopia")


def test_initials_are_readable_on_their_colour() -> None:
    assert palette.text_color("#000000") == "#FFFFFF"
    assert palette.text_color("#F0E442") == "#000000"
