"""Reading DPjudge's PostScript drawings without a PostScript interpreter (for drawing.py).

The outlines of a drawing use a handful of operators: moveto (m), lineto (l), curveto (c),
arc (a, an), closepath (p), the drawing's own `fk` ending a sub-path, translate (t) and
rotate (o); procedures are `/Name { ... } bd` blocks. This module turns them into point lists in
the drawing's coordinates (y upwards).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass

Point = tuple[float, float]
Ring = list[Point]
_NUMBER = re.compile(r"-?(?:\d+\.?\d*|\.\d+)")
_CURVE_STEPS = 6


@dataclass
class Group:
    """One `/Include...` procedure: which outlines it paints, at what scale, filled or not."""

    outlines: list[str]
    scale: tuple[float, float] = (1.0, 1.0)
    fill: str | None = None


def procedures(text: str, prefix: str) -> dict[str, str]:
    """The bodies of `/PrefixName { ... } bd` procedures (top-level ones end at `} bd` alone)."""
    found = {}
    for match in re.finditer(rf"^/({prefix}\w*) \{{\n(.*?)^\}} b?d", text, re.M | re.S):
        found[match.group(1)] = match.group(2)
    return found


def colors(text: str) -> dict[str, tuple[float, float, float]]:
    body = procedures(text, "VisitColors").get("VisitColors", "")
    colors: dict[str, tuple[float, float, float]] = {}
    for line in body.splitlines():
        words = line.split()
        if len(words) == 3 and words[0].startswith("/") and words[2] == "g":
            gray = float(words[1])
            colors[words[0][1:]] = (gray, gray, gray)
        elif len(words) == 5 and words[0].startswith("/") and words[4] == "r":
            colors[words[0][1:]] = (float(words[1]), float(words[2]), float(words[3]))
    return colors


def group(body: str, outlines: dict[str, str]) -> Group:
    words = body.split()
    group = Group([w for w in words if w in outlines])
    for i, word in enumerate(words):
        if word == "x" and i >= 2 and _NUMBER.fullmatch(words[i - 1]):
            group.scale = (float(words[i - 2]), float(words[i - 1]))
        if word == "f" and i >= 1 and "/fk" in words[max(0, i - 6) : i]:
            group.fill = words[i - 1]
    return group


def subpaths(body: str, scale: tuple[float, float]) -> Iterator[tuple[bool, Ring]]:
    """(closed?, points) for each sub-path of an outline procedure; curves are flattened.
    `translate` (t) and `rotate` (o) move what follows (1900.ps's crossing arrows)."""
    stack: list[float] = []
    ring: Ring = []
    matrix = _Matrix(scale[0], 0.0, 0.0, scale[1], 0.0, 0.0)
    for word in body.split():
        if _NUMBER.fullmatch(word):
            stack.append(float(word))
            continue
        if word == "m":
            if len(ring) > 1:
                yield False, ring
            ring = [matrix.apply(stack[-2], stack[-1])]
        elif word == "l":
            ring.append(matrix.apply(stack[-2], stack[-1]))
        elif word == "c":
            controls = [matrix.apply(stack[i], stack[i + 1]) for i in (-6, -4, -2)]
            ring.extend(_bezier(ring[-1], controls))
        elif word in ("a", "an") and len(stack) >= 5:
            arc = _arc(*stack[-5:], clockwise=word == "an")
            ring.extend(matrix.apply(x, y) for x, y in arc)
        elif word in ("t", "o"):
            matrix = matrix.moved(word, stack)
        elif word in ("fk", "p"):
            closed = word == "p" or (len(ring) > 2 and ring[0] == ring[-1])
            if len(ring) > 1 and word == "fk":
                yield closed, ring
                ring = []
        stack.clear()
    if len(ring) > 1:
        yield False, ring


@dataclass(frozen=True)
class _Matrix:
    """PostScript's current transformation: x' = a x + c y + e, y' = b x + d y + f."""

    a: float
    b: float
    c: float
    d: float
    e: float
    f: float

    def apply(self, x: float, y: float) -> Point:
        return self.a * x + self.c * y + self.e, self.b * x + self.d * y + self.f

    def moved(self, operator: str, stack: list[float]) -> _Matrix:
        """After `x y t` (translate) or `degrees o` (rotate); unchanged without operands."""
        if operator == "t" and len(stack) >= 2:
            return self.translate(stack[-2], stack[-1])
        if operator == "o" and stack:
            return self.rotate(stack[-1])
        return self

    def translate(self, x: float, y: float) -> _Matrix:
        e, f = self.apply(x, y)
        return _Matrix(self.a, self.b, self.c, self.d, e, f)

    def rotate(self, degrees: float) -> _Matrix:
        cos, sin = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
        a, b, c, d = self.a, self.b, self.c, self.d
        return _Matrix(
            a * cos + c * sin,
            b * cos + d * sin,
            c * cos - a * sin,
            d * cos - b * sin,
            self.e,
            self.f,
        )


def _bezier(start: tuple[float, float], controls: list[tuple[float, float]]) -> Ring:
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = start, *controls
    points = []
    for step in range(1, _CURVE_STEPS + 1):
        t = step / _CURVE_STEPS
        u = 1 - t
        a, b, c, d = u**3, 3 * u * u * t, 3 * u * t * t, t**3
        points.append((a * x0 + b * x1 + c * x2 + d * x3, a * y0 + b * y1 + c * y2 + d * y3))
    return points


def _arc(x: float, y: float, radius: float, start: float, end: float, *, clockwise: bool) -> Ring:
    """PostScript's `arc` (counter-clockwise) or `arcn` as points, every 10 degrees or less."""
    if clockwise:
        while end > start:
            end -= 360
    else:
        while end < start:
            end += 360
    steps = max(1, math.ceil(abs(end - start) / 10))
    angles = (math.radians(start + (end - start) * i / steps) for i in range(steps + 1))
    return [(x + radius * math.cos(a), y + radius * math.sin(a)) for a in angles]


def offboard_boxes(text: str) -> list[Ring]:
    """The boxes at the map's edge that stand for wrap-around neighbours (youngstown.ps): the
    outline `/DrawOffBoard` strokes, placed at each point `/VisitOffBoardBoxes` lists."""
    body = procedures(text, "DrawOffBoard").get("DrawOffBoard", "")
    visit = procedures(text, "VisitOffBoardBoxes").get("VisitOffBoardBoxes", "")
    outline = [ring for _closed, ring in subpaths(body, group(body, {}).scale)]
    if not outline or not visit:
        return []
    shape = [*outline[0], outline[0][0]]
    places = re.findall(r"^\s*\(\w+\)\s+\(\w*\)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+\w+\s*$", visit, re.M)
    return [[(px + float(x), py + float(y)) for px, py in shape] for x, y in places]
