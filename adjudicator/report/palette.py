"""Colours of the pictures: Okabe & Ito's colour-blind-safe set for the powers.

Okabe, M. and Ito, K. (2008), "Color Universal Design": eight colours that stay apart for
people with protanopia, deuteranopia and tritanopia. tests/report/test_palette.py checks that,
with simulated colour vision, every pair used on the board stays distinguishable. Each unit also
carries its power's initial, so nothing depends on colour alone.
"""

from __future__ import annotations

from collections.abc import Iterable

# In the order powers are given colours (powers sorted by code): for the standard map Austria
# vermillion, England blue, France sky blue, Germany black, Italy bluish green, Russia reddish
# purple, Turkey yellow; an eighth power gets orange.
OKABE_ITO = ("#D55E00", "#0072B2", "#56B4E9", "#000000", "#009E73", "#CC79A7", "#F0E442", "#E69F00")
# Beyond eight powers: Paul Tol's "muted" scheme (also designed for colour-blind readers).
TOL_MUTED = ("#332288", "#88CCEE", "#44AA99", "#117733", "#999933", "#DDCC77", "#CC6677", "#882255")

SEA = "#C8D8E0"
LAND = "#F6F0E0"
IMPASSABLE = "#A8A29A"
BORDER = "#4D4D4D"
ORDER = "#111111"
FAILED = "#C00000"
OPTION = "#6E6E6E"  # a dislodged unit's possible retreats
NEUTRAL_CENTER = "#FFFFFF"
TINT = 0.7  # how much of the owner's colour an owned province gets (the rest is white)


def power_colors(powers: Iterable[str]) -> dict[str, str]:
    """A colour per power code, stable for a map: powers sorted by code take the set in order."""
    colors = OKABE_ITO + TOL_MUTED
    return {power: colors[i % len(colors)] for i, power in enumerate(sorted(powers))}


def rgb(color: str) -> tuple[int, int, int]:
    """'#RRGGBB' as three 0-255 integers."""
    return int(color[1:3], 16), int(color[3:5], 16), int(color[5:7], 16)


def tint(color: str, share: float = TINT) -> str:
    """The colour mixed with white: an owned province is filled lighter than its owner's units."""
    red, green, blue = (round(255 - (255 - c) * share) for c in rgb(color))
    return f"#{red:02X}{green:02X}{blue:02X}"


def text_color(color: str) -> str:
    """Black or white, whichever reads better on `color` (relative luminance, WCAG)."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(c) for c in rgb(color))
    luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    return "#000000" if luminance > 0.2 else "#FFFFFF"
