"""Import a map's geometry from a DPjudge PostScript drawing (an import-time tool, never run hot).

DPjudge's `.ps` prologs draw a map from outlines grouped by style (coastlines, borders, lakes),
not per province, plus one point per location and per supply centre (format: the DPjudge README
in the reference folder). This module rebuilds one polygon per province from those lines: open
border lines are stretched a little so they reach the coast, every line is noded with every
other, the faces of the resulting arrangement are kept, and each province is the face holding
its location point. Faces holding no point (islands, lakes) are kept as scenery, coloured by the
last filled outline painted over them (the drawing's own painter's order).

The result is plain data in picture coordinates (y grows downwards, origin top-left), written
beside the map file as `maps/NAME.geometry.json`. shapely does the geometry; it is an optional
extra (`pip install -e '.[maps]'`), imported here only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

NOTICE = (
    "Geometry converted from a DPjudge drawing (MIT licence, Copyright 2017 Manus Hand); "
    "the licence's full text is in maps/LICENSE-dpjudge."
)
_NUMBER = re.compile(r"-?(?:\d+\.?\d*|\.\d+)")
_INFO = re.compile(r"^%\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(\S+)\s+(.*?)\s*$")
_SUPPLY = re.compile(r"^\s*/(\S+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+\w+\s*$")
_RECT = re.compile(r"(\w+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+rectfill")
_CURVE_STEPS = 6
_JOIN = 3.0  # map units: coasts closer than this are joined (a strait splits two seas)
_INSET = 4.0  # map units: how far inside its province a stray coast point is put
_NEAR = 25.0  # map units: how far a province's face may be from its point
_REACH = 12.0  # map units: farthest a dangling line end is joined to its neighbour
_EXTEND = 2.5  # map units an open border line is stretched at each end to meet the coast


class DrawingError(ValueError):
    """A drawing this importer cannot read; the message says what is missing."""


Ring = list[tuple[float, float]]


@dataclass
class _Group:
    """One `/Include...` procedure: which outlines it paints, at what scale, filled or not."""

    outlines: list[str]
    scale: tuple[float, float] = (1.0, 1.0)
    fill: str | None = None


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


def _procedures(text: str, prefix: str) -> dict[str, str]:
    """The bodies of `/PrefixName { ... } bd` procedures (top-level ones end at `} bd` alone)."""
    found = {}
    for match in re.finditer(rf"^/({prefix}\w*) \{{\n(.*?)^\}} b?d", text, re.M | re.S):
        found[match.group(1)] = match.group(2)
    return found


def _colors(text: str) -> dict[str, tuple[float, float, float]]:
    body = _procedures(text, "VisitColors").get("VisitColors", "")
    colors: dict[str, tuple[float, float, float]] = {}
    for line in body.splitlines():
        words = line.split()
        if len(words) == 3 and words[0].startswith("/") and words[2] == "g":
            gray = float(words[1])
            colors[words[0][1:]] = (gray, gray, gray)
        elif len(words) == 5 and words[0].startswith("/") and words[4] == "r":
            colors[words[0][1:]] = (float(words[1]), float(words[2]), float(words[3]))
    return colors


def _group(body: str, outlines: dict[str, str]) -> _Group:
    words = body.split()
    group = _Group([w for w in words if w in outlines])
    for i, word in enumerate(words):
        if word == "x" and i >= 2 and _NUMBER.fullmatch(words[i - 1]):
            group.scale = (float(words[i - 2]), float(words[i - 1]))
        if word == "f" and i >= 1 and "/fk" in words[max(0, i - 6) : i]:
            group.fill = words[i - 1]
    return group


def _subpaths(body: str, scale: tuple[float, float]) -> Iterator[tuple[bool, Ring]]:
    """(closed?, points) for each sub-path of an outline procedure; curves are flattened."""
    stack: list[float] = []
    ring: Ring = []
    sx, sy = scale
    for word in body.split():
        if _NUMBER.fullmatch(word):
            stack.append(float(word))
            continue
        if word == "m":
            if len(ring) > 1:
                yield False, ring
            ring = [(stack[-2] * sx, stack[-1] * sy)]
        elif word == "l":
            ring.append((stack[-2] * sx, stack[-1] * sy))
        elif word == "c":
            ring.extend(
                _bezier(ring[-1], [(stack[i] * sx, stack[i + 1] * sy) for i in (-6, -4, -2)])
            )
        elif word in ("fk", "p"):
            closed = word == "p" or (len(ring) > 2 and ring[0] == ring[-1])
            if len(ring) > 1 and word == "fk":
                yield closed, ring
                ring = []
        stack.clear()
    if len(ring) > 1:
        yield False, ring


def _bezier(start: tuple[float, float], controls: list[tuple[float, float]]) -> Ring:
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = start, *controls
    points = []
    for step in range(1, _CURVE_STEPS + 1):
        t = step / _CURVE_STEPS
        u = 1 - t
        a, b, c, d = u**3, 3 * u * u * t, 3 * u * t * t, t**3
        points.append((a * x0 + b * x1 + c * x2 + d * x3, a * y0 + b * y1 + c * y2 + d * y3))
    return points


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
    supplies = _procedures(text, "VisitSupplies").get("VisitSupplies", "")
    centers = {
        m.group(1).upper(): (float(m.group(2)), float(m.group(3)))
        for m in map(_SUPPLY.match, supplies.splitlines())
        if m
    }
    drawing = Drawing(points, names, centers, (0, 0, 0, 0), "", _colors(text))
    outlines = {**_procedures(text, "Outline"), **_procedures(text, "Shape")}
    form = text.partition("/PaintProc")[2].partition(">>")[0]
    includes = _procedures(text, "Include")
    for name in re.findall(r"\b(Include\w+)", form):
        group = _group(includes.get(name, ""), outlines)
        for outline in group.outlines:
            for closed, ring in _subpaths(outlines[outline], group.scale):
                if group.fill and ring[0] != ring[-1]:
                    ring = [*ring, ring[0]]  # a fill closes the outline it paints
                drawing.paths.append((group.fill, closed or bool(group.fill), ring))
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
    from shapely import LineString, Point, unary_union
    from shapely.ops import nearest_points

    segments = []
    rings = [line for line in lines if line.is_closed]
    for index, ring in enumerate(rings):
        for other in rings[index + 1 :]:
            if 0 < ring.distance(other) <= _JOIN:  # two coasts a strait apart: Sicily, Calabria
                segments.append(LineString(nearest_points(ring, other)))
    for index, line in enumerate(lines):
        if line.is_closed:
            continue
        others = unary_union(lines[:index] + lines[index + 1 :])
        coords = list(line.coords)
        for end, tail in ((coords[0], coords[:2]), (coords[-1], coords[-2:])):
            if others.intersects(LineString(tail)):
                continue  # the stretched end already reaches the coast: nothing to close
            gap = others.distance(Point(end))
            if 0 < gap <= _REACH:
                target = nearest_points(Point(end), others)[1]
                segments.append(LineString([end, target]))
    return segments


def _flip(drawing: Drawing, point: tuple[float, float]) -> list[float]:
    """Drawing coordinates (y up) to picture coordinates (y down, frame at the origin)."""
    x, y, _width, height = drawing.extent
    return [round(point[0] - x, 1), round(y + height - point[1], 1)]


def _rings(drawing: Drawing, polygon: Any) -> list[list[float]]:
    polygon = polygon.simplify(0.2)
    rings = [polygon.exterior, *polygon.interiors]
    return [[c for point in ring.coords[:-1] for c in _flip(drawing, point)] for ring in rings]


def _scenery_kind(drawing: Drawing, face: Any) -> str:
    """'land' or 'water': what the drawing last painted over this face (painter's order)."""
    from shapely import Point, Polygon

    inside = face.representative_point()
    color = drawing.background
    for fill, closed, ring in drawing.paths:
        if fill and closed and len(ring) > 2 and Polygon(ring).contains(Point(inside)):
            color = fill
    return "water" if _is_water(drawing.colors.get(color, (0.5, 0.5, 0.5))) else "land"


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
    body = _procedures(text, "VisitTerritories").get("VisitTerritories", "")
    found = re.findall(r"^\s*\((\S+)\)\s+-?[\d.]+\s+-?[\d.]+\s+(\w+)\s*$", body, re.M)
    return {code.upper(): style for code, style in found}


def _province_faces(drawing: Drawing, faces: list[Any], styles: dict[str, str]) -> dict[str, Any]:
    """The face of each province: the one holding its point, unless that face is of the other
    kind (a harbour's point drawn just off the coast): then the nearest face of the right kind."""
    from shapely import Point

    kinds = [_scenery_kind(drawing, face) for face in faces]
    chosen: dict[str, Any] = {}
    for code, point in drawing.points.items():
        if "/" in code:
            continue
        spot = Point(point)
        holder = next((i for i, f in enumerate(faces) if f.contains(spot)), None)
        want = {"w": "water", "b": None}.get(styles.get(code, ""), "land")
        if holder is not None and want is not None and kinds[holder] != want:
            near = [i for i, f in enumerate(faces) if kinds[i] == want and f.distance(spot) < _NEAR]
            holder = min(near, key=lambda i: faces[i].distance(spot), default=holder)
        if holder is None:
            raise DrawingError(f"no closed shape around {code}'s point {point}")
        chosen[code] = faces[holder]
    return chosen


def geometry_from_drawing(text: str, source: str = "drawing") -> dict[str, Any]:
    """The geometry document for a `.ps` drawing (fields: adjudicator/board/geometry.py)."""
    drawing = read_drawing(text)
    faces = _faces(drawing)
    try:
        shapes = _province_faces(drawing, faces, _styles(text))
    except DrawingError as error:
        raise DrawingError(f"{source}: {error}") from None
    used = {id(face) for face in shapes.values()}
    scenery = [
        {"kind": _scenery_kind(drawing, face), "rings": _rings(drawing, face)}
        for face in faces
        if id(face) not in used and face.area > 1.0
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
