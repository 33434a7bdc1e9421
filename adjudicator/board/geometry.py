"""A map's drawing as data: province shapes, unit points, centre points (maps/NAME.geometry.json).

Pictures need it; the adjudicator does not, so it lives in its own file beside the map and is
read only when something is drawn. `adjudicator map import-drawing` writes it from a DPjudge
drawing; `adjudicator map validate` checks it with `validate_geometry`: every province has a
shape, every location (each coast too) a unit point inside its province's shape, every supply
centre a point. Coordinates are picture units: x right, y down, (0, 0) the top-left corner.

The file's fields: `width`, `height` (the drawing's size); `provinces`: code -> list of rings,
each a flat [x0, y0, x1, y1, ...] list (holes are rings too: fill even-odd); `units`: location
(`STP`, `STP/NC`) -> [x, y] where a unit there is drawn; `centers`: province -> [x, y] of its
supply-centre mark; `scenery`: shapes that are no province (islands, lakes) as {kind: land |
water, rings}; `notice` and `source`: where the drawing came from and under which licence.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from adjudicator.board.map import Map, MapError
from adjudicator.board.resources import data_dir

Point = tuple[float, float]
Rings = tuple[tuple[float, ...], ...]  # each ring a flat x0, y0, x1, y1, ... sequence


@dataclass(frozen=True, eq=False)
class Geometry:
    """The drawing of one map; read-only after loading (it is cached and shared by threads)."""

    width: float
    height: float
    provinces: Mapping[str, Rings]
    units: Mapping[str, Point]
    centers: Mapping[str, Point]
    scenery: tuple[tuple[str, Rings], ...]
    notice: str

    @cached_property
    def paths(self) -> Mapping[str, str]:
        """SVG path data per province, built once: the picture reuses it for every phase."""
        return {code: rings_to_path(rings) for code, rings in self.provinces.items()}


def rings_to_path(rings: Rings) -> str:
    """SVG path data for rings given as flat coordinate sequences."""
    parts = []
    for ring in rings:
        points = " ".join(f"{ring[i]:g},{ring[i + 1]:g}" for i in range(0, len(ring) - 1, 2))
        parts.append(f"M{points}Z")
    return "".join(parts)


def inside(point: Point, rings: Rings) -> bool:
    """Is the point inside the shape (even-odd rule over all its rings, so holes count)?"""
    x, y = point
    crossings = 0
    for ring in rings:
        count = len(ring) // 2
        for i in range(count):
            x1, y1 = ring[2 * i], ring[2 * i + 1]
            x2, y2 = ring[(2 * i + 2) % (2 * count)], ring[(2 * i + 3) % (2 * count)]
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                crossings += 1
    return crossings % 2 == 1


def geometry_path(map_path: Path) -> Path:
    """Where a map file's geometry lives: maps/standard.toml -> maps/standard.geometry.json."""
    return map_path.with_name(map_path.stem + ".geometry.json")


def validate_geometry(game_map: Map, data: Mapping[str, Any]) -> list[str]:
    """Every problem of a geometry document for `game_map`, one message each ([] when fine)."""
    try:
        geometry = geometry_from_data(data)
    except (KeyError, TypeError, ValueError, IndexError) as error:
        return [f"geometry: unreadable ({type(error).__name__}: {error}); re-import the drawing"]
    problems = []
    for code, province in game_map.provinces.items():
        shape = geometry.provinces.get(code)
        if not shape:
            problems.append(f"geometry: province {code} has no shape; add it under 'provinces'")
            continue
        for location in (code, *game_map.locations_of(code)):
            point = geometry.units.get(location)
            if point is None:
                problems.append(f"geometry: location {location} has no unit point in 'units'")
            elif not inside(point, shape):
                problems.append(
                    f"geometry: unit point {location} {list(point)} lies outside {code}'s shape; "
                    "move it inside the province"
                )
        if province.center and code not in geometry.centers:
            problems.append(f"geometry: supply centre {code} has no point in 'centers'")
    owners: dict[Rings, str] = {}
    for code, shape in sorted(geometry.provinces.items()):
        if shape in owners:
            problems.append(
                f"geometry: {owners[shape]} and {code} have the same shape; the drawing lacks "
                "the border between them (add a closing line and import it again)"
            )
        owners.setdefault(shape, code)
    unknown = sorted(set(geometry.provinces) - set(game_map.provinces))
    if unknown:
        problems.append(f"geometry: shapes for provinces the map lacks: {', '.join(unknown)}")
    return problems


def geometry_from_data(data: Mapping[str, Any]) -> Geometry:
    """Build a Geometry from a parsed geometry document (no checks against a map)."""

    def point(value: Any) -> Point:
        x, y = value
        return float(x), float(y)

    def rings(value: Any) -> Rings:
        return tuple(tuple(float(c) for c in ring) for ring in value)

    return Geometry(
        width=float(data["width"]),
        height=float(data["height"]),
        provinces={code: rings(shape) for code, shape in data["provinces"].items()},
        units={code: point(p) for code, p in data["units"].items()},
        centers={code: point(p) for code, p in data.get("centers", {}).items()},
        scenery=tuple((s["kind"], rings(s["rings"])) for s in data.get("scenery", ())),
        notice=str(data.get("notice", "")),
    )


def _base_of(map_path: Path) -> str | None:
    """The map a variant file is written over (`[variant] base`), if any."""
    from adjudicator.board.inherit import read_toml

    if not map_path.is_file():
        return None
    base = read_toml(map_path).get("variant", {}).get("base")
    return base if isinstance(base, str) else None


@cache
def load_geometry(variant: str) -> Geometry:
    """The geometry of a variant (by name, or by the path of its map file); read once."""
    candidate = Path(variant)
    map_path = candidate if candidate.suffix == ".toml" else data_dir("maps") / f"{variant}.toml"
    path = geometry_path(map_path)
    base = _base_of(map_path)
    if not path.is_file() and base is not None:
        return load_geometry(str(map_path.with_name(f"{base}.toml")))  # drawn as its base map
    if not path.is_file():
        raise MapError(
            str(path),
            [
                f"no drawing for the map {variant!r}; make one with "
                f"'adjudicator map import-drawing DRAWING.ps -o {path.name}'"
            ],
        )
    with path.open(encoding="utf-8") as handle:
        return geometry_from_data(json.load(handle))
