"""Import a map's geometry from a DPjudge PostScript drawing (an import-time tool, never run hot).

DPjudge's `.ps` prologs draw a map from outlines grouped by style (coastlines, borders, lakes),
not per province, plus one point per location and per supply centre (format: the DPjudge README
in the reference folder). This module rebuilds one polygon per province from those lines: open
border lines are stretched a little so they reach the coast, every line is noded with every
other, the faces of the resulting arrangement are kept, and each province is the face holding
its location point. Faces holding no point (islands, lakes) are kept as scenery, coloured by the
last filled outline painted over them (the drawing's own painter's order).

What a drawing lacks for our map (a border DPjudge never drew, a place with no point, a code
spelt otherwise) is said in a correction file, maps/drawing-fix/NAME.toml (drawing_fix.py), not
in code here. PostScript itself is read by postscript.py (arcs, translate and rotate too).

The result is plain data in picture coordinates (y grows downwards, origin top-left), written
beside the map file as `maps/NAME.geometry.json`. shapely does the geometry; it is an optional
extra (`pip install -e '.[maps]'`), imported here only.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from adjudicator.board.drawing_fix import DrawingFix
from adjudicator.board.postscript import (
    Point,
    Ring,
    colors,
    group,
    offboard_boxes,
    procedures,
    subpaths,
)

NOTICE = (
    "Geometry converted from a DPjudge drawing (MIT licence, Copyright 2017 Manus Hand); "
    "the licence's full text is in maps/LICENSE-dpjudge."
)
_INFO = re.compile(r"^%\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(\S+)\s+(.*?)\s*$")
_SUPPLY = re.compile(r"^\s*/(\S+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+\w+\s*$")
_RECT = re.compile(r"(\w+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+rectfill")
_JOIN = 3.0  # map units: coasts closer than this are joined (a strait splits two seas)
_INSET = 4.0  # map units: how far inside its province a stray coast point is put
_NEAR = 25.0  # map units: how far a province's face may be from its point
_REACH = 12.0  # map units: farthest a dangling line end is joined to its neighbour
_EXTEND = 2.5  # map units an open border line is stretched at each end to meet the coast


class DrawingError(ValueError):
    """A drawing this importer cannot read; the message says what is missing."""


_V = TypeVar("_V")


@dataclass
class Drawing:
    """What a `.ps` prolog says, still in its own coordinates (y upwards)."""

    points: dict[str, tuple[float, float]]
    names: dict[str, str]
    centers: dict[str, tuple[float, float]]
    extent: tuple[float, float, float, float]
    background: str
    colors: dict[str, tuple[float, float, float]]
    # (colour or None for stroke-only, closed?, points) per sub-path, in painting order
    paths: list[tuple[str | None, bool, Ring]] = field(default_factory=list)


def read_drawing(text: str) -> Drawing:
    """Read the points, centres, extent, colours and outlines of a DPjudge `.ps` prolog."""
    points: dict[str, tuple[float, float]] = {}
    names: dict[str, str] = {}
    info = text.partition("% INFO\n")[2].partition("% MAP")[0]
    for line in info.splitlines():
        match = _INFO.match(line)
        if match:
            code = match.group(3).upper()
            points[code] = (float(match.group(1)), float(match.group(2)))
            names[code] = match.group(4)
    if not points:
        raise DrawingError("no '% INFO' block of location points (lines '%  x y ABR Name')")
    supplies = procedures(text, "VisitSupplies").get("VisitSupplies", "")
    centers = {
        m.group(1).upper(): (float(m.group(2)), float(m.group(3)))
        for m in map(_SUPPLY.match, supplies.splitlines())
        if m
    }
    drawing = Drawing(points, names, centers, (0, 0, 0, 0), "", colors(text))
    outlines = {**procedures(text, "Outline"), **procedures(text, "Shape")}
    form = text.partition("/PaintProc")[2].partition(">>")[0]
    includes = procedures(text, "Include")
    for name in re.findall(r"\b(Include\w+)", form):
        painted = group(includes.get(name, ""), outlines)
        for outline in painted.outlines:
            for closed, ring in subpaths(outlines[outline], painted.scale):
                if painted.fill and ring[0] != ring[-1]:
                    ring = [*ring, ring[0]]  # a fill closes the outline it paints
                drawing.paths.append((painted.fill, closed or bool(painted.fill), ring))
    drawing.paths.extend((None, True, ring) for ring in offboard_boxes(text))
    if not drawing.paths:
        raise DrawingError("no outlines found (procedures /Outline... called from /MapForm)")
    drawing.background, drawing.extent = _background(form, drawing)
    return drawing


def _background(form: str, drawing: Drawing) -> tuple[str, tuple[float, float, float, float]]:
    """The colour and extent of the map's background: its `rectfill`, or (`COLOUR clippath
    fill`) the bounds of everything drawn."""
    rect = _RECT.search(form)
    if rect is not None:
        x, y, width, height = (float(rect.group(i)) for i in range(2, 6))
        return rect.group(1), (x, y, width, height)
    clip = re.search(r"(\w+)\s+clippath\s+fill", form)
    if clip is None:
        raise DrawingError("no background ('COLOUR x y w h rectfill' or 'COLOUR clippath fill')")
    xs = [x for _f, _c, ring in drawing.paths for x, _y in ring]
    ys = [y for _f, _c, ring in drawing.paths for _x, y in ring]
    xs += [x for x, _y in drawing.points.values()]
    ys += [y for _x, y in drawing.points.values()]
    low_x, low_y = min(xs) - 5, min(ys) - 5
    return clip.group(1), (low_x, low_y, max(xs) + 5 - low_x, max(ys) + 5 - low_y)


def _stretched(ring: Ring) -> Ring:
    """An open line made a little longer at both ends, so it crosses the coast it stops near."""

    def beyond(end: tuple[float, float], before: tuple[float, float]) -> tuple[float, float]:
        dx, dy = end[0] - before[0], end[1] - before[1]
        length = (dx * dx + dy * dy) ** 0.5 or 1.0
        return end[0] + dx / length * _EXTEND, end[1] + dy / length * _EXTEND

    return [beyond(ring[0], ring[1]), *ring, beyond(ring[-1], ring[-2])]


def _is_water(rgb: tuple[float, float, float]) -> bool:
    red, green, blue = rgb
    return blue > red + 0.1 and blue >= green


def _faces(drawing: Drawing) -> list[Any]:
    """Every face of the arrangement of all the drawing's lines and its frame."""
    from shapely import LineString, box, polygonize, unary_union

    x, y, width, height = drawing.extent
    lines = [box(x, y, x + width, y + height).exterior]
    for _fill, closed, ring in drawing.paths:
        lines.append(LineString(ring if closed else _stretched(ring)))
    lines += _closing_segments(lines)
    noded = unary_union(lines)
    return list(polygonize(noded.geoms).geoms)


def _closing_segments(lines: list[Any]) -> list[Any]:
    """Short segments joining each dangling line end to the nearest other line nearby.

    A border drawn to stop just short of a coast (a gap a person never sees) would merge two
    provinces into one face; the segment closes it.
    """
    from shapely import LineString, Point, STRtree, unary_union
    from shapely.ops import nearest_points

    segments = []
    rings = [line for line in lines if line.is_closed]
    for index, ring in enumerate(rings):
        for other in rings[index + 1 :]:
            if 0 < ring.distance(other) <= _JOIN:  # two coasts a strait apart: Sicily, Calabria
                segments.append(LineString(nearest_points(ring, other)))
    tree = STRtree(lines)
    for index, line in enumerate(lines):
        if line.is_closed:
            continue
        coords = list(line.coords)
        for end, tail in ((coords[0], coords[:2]), (coords[-1], coords[-2:])):
            if any(i != index for i in tree.query(LineString(tail), predicate="intersects")):
                continue  # the stretched end already reaches the coast: nothing to close
            near = tree.query(Point(end), predicate="dwithin", distance=_REACH)
            others = unary_union([lines[i] for i in near if i != index])
            if not others.is_empty and 0 < others.distance(Point(end)) <= _REACH:
                target = nearest_points(Point(end), others)[1]
                segments.append(LineString([end, target]))
    return segments


def _flip(drawing: Drawing, point: tuple[float, float]) -> list[float]:
    """Drawing coordinates (y up) to picture coordinates (y down, frame at the origin)."""
    x, y, _width, height = drawing.extent
    return [round(point[0] - x, 1), round(y + height - point[1], 1)]


def _rings(drawing: Drawing, shape: Any) -> list[list[float]]:
    """A polygon's rings (a province in pieces: every piece's), holes included."""
    shape = shape.simplify(0.2)
    polygons = getattr(shape, "geoms", [shape])
    rings = [ring for polygon in polygons for ring in (polygon.exterior, *polygon.interiors)]
    return [[c for point in ring.coords[:-1] for c in _flip(drawing, point)] for ring in rings]


def _scenery_kinds(drawing: Drawing, faces: list[Any]) -> list[str]:
    """'land' or 'water' for each face: what the drawing last painted over it (painter's
    order)."""
    from shapely import Point, Polygon, prepare

    painted = []
    for fill, closed, ring in drawing.paths:
        if fill and closed and len(ring) > 2:
            polygon = Polygon(ring)
            prepare(polygon)
            painted.append((fill, polygon))
    kinds = []
    for face in faces:
        inside = Point(face.representative_point())
        color = drawing.background
        for fill, polygon in painted:
            if polygon.contains(inside):
                color = fill
        kinds.append("water" if _is_water(drawing.colors.get(color, (0.5, 0.5, 0.5))) else "land")
    return kinds


def _inside(point: tuple[float, float], shape: Any) -> tuple[float, float]:
    """The point itself, or (a coast's point drawn out at sea) the nearest spot well inside."""
    from shapely import Point
    from shapely.ops import nearest_points

    if shape.buffer(-1.0).contains(Point(point)):
        return point
    inner = shape.buffer(-_INSET)
    target = nearest_points(inner if not inner.is_empty else shape, Point(point))[0]
    return target.x, target.y


def _styles(text: str) -> dict[str, str]:
    """Each place's label style letter from /VisitTerritories (`w` marks a sea)."""
    body = procedures(text, "VisitTerritories").get("VisitTerritories", "")
    found = re.findall(r"^\s*\((\S+)\)\s+-?[\d.]+\s+-?[\d.]+\s+(\w+)\s*$", body, re.M)
    return {code.upper(): style for code, style in found}


def _wants(text: str, terrain: Mapping[str, str] | None) -> dict[str, str | None]:
    """The kind of face each place must have: 'water', 'land' or None (any). From the map's
    terrain when it is given (an impassable sea is any), else from the drawing's label styles."""
    wants: dict[str, str | None] = {
        code: {"w": "water", "b": None}.get(style, "land") for code, style in _styles(text).items()
    }
    for code, kind in (terrain or {}).items():
        wants[code] = {"sea": "water", "impassable": None}.get(kind, "land")
    return wants


def _province_faces(
    drawing: Drawing, faces: list[Any], kinds: list[str], wants: Mapping[str, str | None]
) -> dict[str, int]:
    """The face of each province: the one holding its point, unless that face is of the other
    kind (a harbour's point drawn just off the coast): then the nearest face of the right kind."""
    from shapely import Point

    chosen: dict[str, int] = {}
    for code, point in drawing.points.items():
        if "/" in code:
            continue
        spot = Point(point)
        holder = next((i for i, f in enumerate(faces) if f.contains(spot)), None)
        want = wants.get(code, "land")
        if holder is not None and want is not None and kinds[holder] != want:
            near = [i for i, f in enumerate(faces) if kinds[i] == want and f.distance(spot) < _NEAR]
            holder = min(near, key=lambda i: faces[i].distance(spot), default=holder)
        if holder is None:
            raise DrawingError(f"no closed shape around {code}'s point {point}")
        chosen[code] = holder
    return chosen


def _shapes(
    faces: list[Any], chosen: Mapping[str, int], also: Mapping[str, list[Point]]
) -> tuple[dict[str, Any], set[int]]:
    """Each province's shape (its face, joined with the further pieces a fix file names) and
    the faces used by a province."""
    from shapely import Point as Spot
    from shapely import unary_union

    shapes = {code: faces[index] for code, index in chosen.items()}
    used = set(chosen.values())
    for code, points in also.items():
        if code not in shapes:
            raise DrawingError(f"[also] {code}: the drawing has no point for {code}")
        pieces = []
        for point in points:
            index = next((i for i, f in enumerate(faces) if f.contains(Spot(point))), None)
            if index is None:
                raise DrawingError(f"[also] {code}: no face holds the point {list(point)}")
            pieces.append(index)
        used.update(pieces)
        shapes[code] = unary_union([shapes[code], *(faces[i] for i in pieces)])
    return shapes, used


def apply_fix(drawing: Drawing, fix: DrawingFix) -> dict[str, list[Point]]:
    """Change the drawing as a fix file says (adjudicator/board/drawing_fix.py); returns the
    further pieces of provinces, in drawing coordinates."""
    x, y, _width, height = drawing.extent

    def back(point: Point) -> Point:  # picture units (y down) -> the drawing's (y up)
        return point[0] + x, y + height - point[1]

    for old, new in fix.rename.items():
        _rename(drawing.points, old, new)
        _rename(drawing.names, old, new)
        _rename(drawing.centers, old, new)
    for code, point in fix.points.items():
        drawing.points[code] = back(point)
        drawing.names.setdefault(code, code)
    for code, point in fix.centers.items():
        drawing.centers[code] = back(point)
    for line in fix.lines:
        ring = [back(p) for p in line]
        drawing.paths.append((None, len(ring) > 2 and ring[0] == ring[-1], ring))
    return {code: [back(p) for p in points] for code, points in fix.also.items()}


def _rename(table: dict[str, _V], old: str, new: str) -> None:
    """Rename a code and its coasts (`AND`, `AND/NC` -> `ADL`, `ADL/NC`) in one table."""
    for code in [c for c in table if c == old or c.startswith(old + "/")]:
        table[new + code[len(old) :]] = table.pop(code)


def geometry_from_drawing(
    text: str,
    source: str = "drawing",
    fix: DrawingFix | None = None,
    terrain: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """The geometry document for a `.ps` drawing (fields: adjudicator/board/geometry.py),
    corrected by a fix file if one is given; `terrain` (code -> the map's terrain) says which
    places are seas."""
    drawing = read_drawing(text)
    also = apply_fix(drawing, fix) if fix is not None else {}
    faces = _faces(drawing)
    kinds = _scenery_kinds(drawing, faces)
    try:
        chosen = _province_faces(drawing, faces, kinds, _wants(text, terrain))
        shapes, used = _shapes(faces, chosen, also)
    except DrawingError as error:
        raise DrawingError(f"{source}: {error}") from None
    scenery = [
        {"kind": kinds[index], "rings": _rings(drawing, face)}
        for index, face in enumerate(faces)
        if index not in used and face.area > 1.0
    ]
    _x, _y, width, height = drawing.extent
    points = {
        code: _inside(p, shapes[code.partition("/")[0]]) for code, p in drawing.points.items()
    }
    return {
        "notice": NOTICE,
        "source": source,
        "width": width,
        "height": height,
        "provinces": {code: _rings(drawing, face) for code, face in shapes.items()},
        "units": {code: _flip(drawing, p) for code, p in points.items()},
        "centers": {code: _flip(drawing, p) for code, p in drawing.centers.items()},
        "scenery": scenery,
    }


def shared_faces(geometry: dict[str, Any]) -> list[list[str]]:
    """Provinces that came out as one face (a border missing from the drawing), for a warning."""
    groups: dict[str, list[str]] = {}
    for code, rings in geometry["provinces"].items():
        groups.setdefault(repr(rings), []).append(code)
    return [sorted(codes) for codes in groups.values() if len(codes) > 1]
