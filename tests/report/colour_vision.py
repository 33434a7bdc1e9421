"""Simulated colour vision (Machado, Oliveira & Fernandes 2009, full severity) and CIELAB distance.

Used by the palette test: two colours a colour-blind reader must tell apart must stay apart
after the simulation.
"""

from __future__ import annotations

Matrix = tuple[tuple[float, float, float], ...]

MACHADO: dict[str, Matrix] = {
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def lab(rgb: tuple[int, int, int], vision: str = "normal") -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB colour as a reader with `vision` sees it."""
    linear = [_linear(c) for c in rgb]
    seen = [
        min(1.0, max(0.0, sum(m * c for m, c in zip(row, linear, strict=True))))
        for row in MACHADO[vision]
    ]
    r, g, b = seen
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def distance(a: tuple[int, int, int], b: tuple[int, int, int], vision: str) -> float:
    """CIE76 colour difference as seen with `vision` (about 2.3 is just noticeable)."""
    la, lb = lab(a, vision), lab(b, vision)
    return sum((p - q) ** 2 for p, q in zip(la, lb, strict=True)) ** 0.5
