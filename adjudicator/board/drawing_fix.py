"""Corrections to a DPjudge drawing, as data (maps/drawing-fix/NAME.toml).

Some drawings lack what our map needs: a border DPjudge never drew because its picture did not
need it (two seas that meet in a strait, an ocean that runs off the page), a province drawn in
two pieces (Byzantium on both sides of the Bosporus), a place the drawing has no point for
(Nepal in canton.ps), or a code spelt differently from the map file (modern.ps's AND for ADL).
A fix file says so, one entry per correction, and `adjudicator map import-drawing` applies it
before it rebuilds the provinces. Every coordinate is the geometry's own (picture units: x
right, y down, origin top-left), so an author reads them off the rendered picture.

    [rename]              # the drawing's code = the map's code
    AND = "ADL"

    [[line]]              # a border line the drawing lacks (stretched to meet the lines it nears)
    why = "the Strait of Gibraltar: South Atlantic | Straits of Gibraltar"
    points = [[86, 590.5], [84, 594]]

    [points]              # a location's point (unit and label), added or moved
    NEP = [383, 296]

    [centers]             # a supply centre's mark, added or moved
    NEP = [380, 300]

    [also]                # further pieces of a province: a point inside each
    BYZ = [[622, 222], [600, 221]]
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

Point = tuple[float, float]
_SECTIONS = ("rename", "line", "points", "centers", "also")


class FixError(ValueError):
    """A fix file that cannot be read; the message names the file and the entry."""


@dataclass(frozen=True)
class DrawingFix:
    """What a fix file says (coordinates in picture units, as written)."""

    rename: Mapping[str, str] = field(default_factory=dict)
    lines: tuple[tuple[Point, ...], ...] = ()
    points: Mapping[str, Point] = field(default_factory=dict)
    centers: Mapping[str, Point] = field(default_factory=dict)
    also: Mapping[str, tuple[Point, ...]] = field(default_factory=dict)


def fix_path(map_path: Path) -> Path:
    """Where a map's drawing corrections live: maps/modern.toml -> maps/drawing-fix/modern.toml
    (a folder of their own: every maps/*.toml is a variant)."""
    return map_path.parent / "drawing-fix" / f"{map_path.stem}.toml"


def read_fix(path: Path) -> DrawingFix:
    """Read and check a fix file; a FixError names the file and the bad entry."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise FixError(f"{path.name}: not a readable TOML file: {error}") from None
    try:
        return fix_from_data(data)
    except FixError as error:
        raise FixError(f"{path.name}: {error}") from None


def fix_from_data(data: Mapping[str, Any]) -> DrawingFix:
    unknown = sorted(set(data) - set(_SECTIONS))
    if unknown:
        raise FixError(f"unknown section {unknown[0]!r}; a fix file has {', '.join(_SECTIONS)}")
    rename = _table(data, "rename")
    for old, new in rename.items():
        if not isinstance(new, str):
            raise FixError(f"[rename] {old} = {new!r}: give the map's code as a string")
    lines = []
    for number, entry in enumerate(data.get("line", []), start=1):
        points = entry.get("points") if isinstance(entry, Mapping) else None
        if not isinstance(points, list) or len(points) < 2:
            raise FixError(f"[[line]] {number}: 'points' needs at least two [x, y] pairs")
        lines.append(tuple(_point(p, f"[[line]] {number}") for p in points))
    also = {
        code: tuple(_point(p, f"[also] {code}") for p in _list(value, f"[also] {code}"))
        for code, value in _table(data, "also").items()
    }
    return DrawingFix(
        rename={old.upper(): new.upper() for old, new in rename.items()},
        lines=tuple(lines),
        points={c.upper(): _point(p, f"[points] {c}") for c, p in _table(data, "points").items()},
        centers={
            c.upper(): _point(p, f"[centers] {c}") for c, p in _table(data, "centers").items()
        },
        also={code.upper(): points for code, points in also.items()},
    )


def _table(data: Mapping[str, Any], name: str) -> Mapping[str, Any]:
    table = data.get(name, {})
    if not isinstance(table, Mapping):
        raise FixError(f"[{name}] must be a table of CODE = value lines")
    return table


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list) or not value:
        raise FixError(f"{where}: give a list of [x, y] points")
    return value


def _point(value: Any, where: str) -> Point:
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
    ):
        return float(value[0]), float(value[1])
    raise FixError(f"{where}: {value!r} is not a point; write [x, y] in picture units")
