"""The board as a picture: one SVG per position, with its orders and their outcomes drawn.

`render_svg` is a pure function of the position, the orders or the adjudicated result, the map
and its geometry (maps/NAME.geometry.json). Every element a reader (or a test) looks for has a
class: `unit army|fleet`, `center`, `order move|support|convoy|hold|retreat`, `ok|failed|given`,
`dislodged`, `build`, `removal`, `legend`, `title`. Coordinates are the geometry's; the picture
is drawn at twice that size so names stay legible in the PNG.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape

from adjudicator.board.geometry import Geometry, load_geometry
from adjudicator.board.map import Map, load_map
from adjudicator.board.position import Dislodged, Position
from adjudicator.board.rules import DEFAULT_RULES
from adjudicator.board.types import Phase, PhaseKind, Unit, UnitType, province_of
from adjudicator.orders import model
from adjudicator.orders.interpret import interpret_orders
from adjudicator.orders.parse import OrderParseError, parse_order
from adjudicator.orders.results import OrderResult
from adjudicator.report import palette

SCALE = 2.0
TITLE_BAND = 26.0
LEGEND_WIDTH = 150.0
UNIT_SIZE = 6.5
DISLODGED_OFFSET = (9.0, 7.0)
FONT = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif"


@dataclass(frozen=True, slots=True)
class Drawn:
    """One order to draw: whose, what, how it went (`ok`, `failed`; `given` if not judged)."""

    power: str
    order: model.Order
    outcome: str


def phase_title(phase: Phase) -> str:
    """'Spring 1901 — Movement': the heading of a picture."""
    return f"{phase.season.word} {phase.year} \N{EM DASH} {phase.kind.word}"


def render_svg(
    position: Position,
    *,
    orders: Mapping[str, Sequence[str]] | None = None,
    result: Sequence[OrderResult] | None = None,
    after: Position | None = None,
    title: str | None = None,
    game_map: Map | None = None,
    geometry: Geometry | None = None,
) -> str:
    """The SVG picture of `position` (the start of a phase).

    `orders` (texts per power, any notation) are drawn as given; `result` (the adjudicated
    entries) are drawn with their outcomes, failures dashed red. `after`, the position the phase
    led to, shows the dislodged units (offset, with their possible retreats).
    """
    game_map = game_map or load_map(position.variant)
    geometry = geometry or load_geometry(position.variant)
    drawn = _drawn(game_map, position, orders, result)
    dislodged = dict(position.dislodged)
    if after is not None:
        dislodged.update(after.dislodged)
    canvas = _Canvas(game_map, geometry, palette.power_colors(game_map.powers))
    canvas.board(position)
    canvas.units(position, dislodged)
    canvas.orders(drawn, position, dislodged)
    canvas.legend(position)
    return canvas.finish(title if title is not None else phase_title(position.phase))


def _drawn(
    game_map: Map,
    position: Position,
    orders: Mapping[str, Sequence[str]] | None,
    result: Sequence[OrderResult] | None,
) -> list[Drawn]:
    drawn: list[Drawn] = []
    if result is not None:
        for entry in result:
            order = _read(game_map, entry.order, position.phase.kind)
            if order is not None:
                outcome = "ok" if entry.result == "succeeds" else "failed"
                drawn.append(Drawn(entry.power, order, outcome))
    elif orders:
        entries, _errors = interpret_orders(game_map, position, orders, DEFAULT_RULES)
        drawn = [Drawn(e.power, e.order, "failed" if e.illegal else "given") for e in entries]
    return drawn


def _read(game_map: Map, text: str, kind: PhaseKind) -> model.Order | None:
    try:
        return parse_order(game_map, text, kind)
    except OrderParseError:
        return None


def _f(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


class _Canvas:
    """Collects the picture's elements in painting order (board, units, orders, legend)."""

    def __init__(self, game_map: Map, geometry: Geometry, colors: Mapping[str, str]) -> None:
        self.map = game_map
        self.geometry = geometry
        self.colors = colors
        self.parts: list[str] = []
        self.top: list[str] = []  # orders go above units

    # -- the board ----------------------------------------------------------------------------
    def board(self, position: Position) -> None:
        geometry, parts = self.geometry, self.parts
        parts.append(
            f'<rect class="sea-background" width="{_f(geometry.width)}" '
            f'height="{_f(geometry.height)}" fill="{palette.SEA}"/>'
        )
        for kind, rings in geometry.scenery:
            color = palette.LAND if kind == "land" else palette.SEA
            path = _path(rings)
            parts.append(f'<path class="scenery {kind}" d="{path}" fill="{color}"/>')
        for code, province in self.map.provinces.items():
            fill = self._fill(code, province.terrain, position)
            terrain = (
                "sea" if province.is_sea else "impassable" if fill == palette.IMPASSABLE else "land"
            )
            parts.append(
                f'<path class="province {terrain}" data-province="{code}" '
                f'd="{geometry.paths[code]}" fill="{fill}" stroke="{palette.BORDER}" '
                'stroke-width=".6" fill-rule="evenodd"/>'
            )
        self._labels()
        self._centers(position)

    def _fill(self, code: str, terrain: str, position: Position) -> str:
        if terrain == "sea":
            return palette.SEA
        if terrain == "impassable":
            return palette.IMPASSABLE
        color = self.colors.get(position.centers.get(code) or "")
        return palette.tint(color) if color else palette.LAND

    def _labels(self) -> None:
        labels = []
        for code in self.map.provinces:
            x, y = self.geometry.units[code]
            labels.append(f'<text x="{_f(x)}" y="{_f(y + 11.5)}">{code}</text>')
        self.parts.append(
            f'<g class="labels" font-family="{FONT}" font-size="5.5" fill="#222" '
            'stroke="#FFFFFF" stroke-width="1.4" stroke-opacity=".8" paint-order="stroke" '
            f'text-anchor="middle">{"".join(labels)}</g>'
        )

    def _centers(self, position: Position) -> None:
        for code in sorted(self.map.supply_centers):
            x, y = self.geometry.centers[code]
            owner = position.centers.get(code)
            fill = self.colors.get(owner or "", palette.NEUTRAL_CENTER)
            self.parts.append(
                f'<circle class="center" data-province="{code}" data-owner="{owner or ""}" '
                f'cx="{_f(x)}" cy="{_f(y)}" r="3.4" fill="{fill}" stroke="#222" '
                'stroke-width=".9"/>'
            )

    # -- units --------------------------------------------------------------------------------
    def units(self, position: Position, dislodged: Mapping[str, Dislodged]) -> None:
        for province, unit in sorted(position.units.items()):
            if province in dislodged and dislodged[province].unit == unit:
                continue  # the unit a move dislodges is drawn offset, as the dislodged unit
            self.unit(unit, self.point(unit.location))
        for entry in dislodged.values():
            at = self.offset(entry.unit.location)
            self.parts.append(
                f'<circle class="dislodged-mark" cx="{_f(at[0])}" cy="{_f(at[1])}" r="9.5" '
                f'fill="#FFFFFF" fill-opacity=".6" stroke="{palette.FAILED}" stroke-width="1.2" '
                'stroke-dasharray="2 1.5"/>'
            )
            self.unit(entry.unit, at, extra=" dislodged")
            if position.phase.kind is PhaseKind.MOVEMENT:  # a result: where it may retreat
                for target in entry.retreats:
                    text = escape(f"{entry.unit} may retreat to {target}")
                    end = self.point(target)
                    self._arrow("retreat-option", "option", text, at, end, head=True, dash="1 1.6")

    def point(self, location: str) -> tuple[float, float]:
        units = self.geometry.units
        return units.get(location) or units[province_of(location)]

    def offset(self, location: str) -> tuple[float, float]:
        x, y = self.point(location)
        return x + DISLODGED_OFFSET[0], y + DISLODGED_OFFSET[1]

    def unit(
        self, unit: Unit, at: tuple[float, float], extra: str = "", ghost: bool = False
    ) -> None:
        color = self.colors.get(unit.power, "#777777")
        initial = (self.map.powers[unit.power].name if unit.power in self.map.powers else "?")[0]
        kind = "army" if unit.type is UnitType.ARMY else "fleet"
        x, y = at
        s = UNIT_SIZE
        if unit.type is UnitType.ARMY:
            shape = f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(s)}"/>'
        else:
            hull = (
                f"M{_f(x - s * 1.45)},{_f(y - s * 0.7)}h{_f(s * 2.9)}l{_f(-s * 0.6)},{_f(s * 1.5)}"
            )
            shape = f'<path d="{hull}h{_f(-s * 1.7)}Z"/>'
        opacity = ' opacity=".55"' if ghost else ""
        self.parts.append(
            f'<g class="unit {kind}{extra}" data-power="{unit.power}" '
            f'data-location="{unit.location}" fill="{color}" stroke="#000" '
            f'stroke-width=".9"{opacity}>{shape}'
            f'<text x="{_f(x)}" y="{_f(y + 2.9)}" font-family="{FONT}" font-size="8" '
            f'font-weight="bold" text-anchor="middle" stroke="none" '
            f'fill="{palette.text_color(color)}">{escape(initial)}</text></g>'
        )

    # -- orders -------------------------------------------------------------------------------
    def orders(
        self, drawn: Iterable[Drawn], position: Position, dislodged: Mapping[str, Dislodged]
    ) -> None:
        for item in drawn:
            self._order(item, position, dislodged)

    def _order(self, item: Drawn, position: Position, dislodged: Mapping[str, Dislodged]) -> None:
        order, css = item.order, item.outcome
        text = escape(str(order))
        if isinstance(order, model.Move):
            start = self.point(order.unit.location)
            self._arrow("move", css, text, start, self.point(order.target), head=True)
        elif isinstance(order, model.SupportMove):
            target = self.point(order.target)
            self._arrow("support", css, text, self.point(order.unit.location), target, dash="3 2")
        elif isinstance(order, model.SupportHold):
            end = self.point(order.supported.location)
            self._arrow("support", css, text, self.point(order.unit.location), end, dash="3 2")
        elif isinstance(order, model.Convoy):
            self._convoy(css, text, order)
        elif isinstance(order, model.Hold):
            self._ring("hold", css, text, self.point(order.unit.location))
        else:
            self._adjustment(item, position, text)

    def _adjustment(self, item: Drawn, position: Position, text: str) -> None:
        order, css = item.order, item.outcome
        if isinstance(order, model.Retreat):
            start = self.offset(order.unit.location)
            self._arrow("retreat", css, text, start, self.point(order.target), head=True)
        elif isinstance(order, model.Build):
            unit = Unit(item.power, order.unit.type, order.unit.location)
            self.unit(unit, self.point(unit.location), extra=" built", ghost=css == "failed")
            self._ring("build", css, text, self.point(unit.location), radius=UNIT_SIZE + 3.5)
        elif isinstance(order, model.Disband):
            retreat_phase = position.phase.kind is PhaseKind.RETREAT
            at = (
                self.offset(order.unit.location)
                if retreat_phase
                else self.point(order.unit.location)
            )
            self._cross("removal", css, text, at)

    def _convoy(self, css: str, text: str, order: model.Convoy) -> None:
        points = [self.point(order.army.location), self.point(order.unit.location)]
        points.append(self.point(order.target))
        d = "M" + " ".join(f"{_f(x)},{_f(y)}" for x, y in _shorten(points, 7.0))
        self.top.append(self._line_group("convoy", css, text, d, dash="1.2 2.2", head=False))

    def _arrow(
        self,
        kind: str,
        css: str,
        text: str,
        start: tuple[float, float],
        end: tuple[float, float],
        *,
        head: bool = False,
        dash: str | None = None,
    ) -> None:
        (x1, y1), (x2, y2) = _shorten([start, end], UNIT_SIZE + (3.0 if head else 1.5))
        d = f"M{_f(x1)},{_f(y1)} {_f(x2)},{_f(y2)}"
        self.top.append(self._line_group(kind, css, text, d, dash=dash, head=head))

    def _line_group(
        self, kind: str, css: str, text: str, d: str, *, dash: str | None, head: bool
    ) -> str:
        failed = css == "failed"
        color = palette.FAILED if failed else palette.OPTION if css == "option" else palette.ORDER
        dashes = "4 2.2" if failed and dash is None else dash
        dash_attr = f' stroke-dasharray="{dashes}"' if dashes else ""
        marker = f' marker-end="url(#head-{"failed" if failed else "ok"})"' if head else ""
        return (
            f'<g class="order {kind} {css}" data-order="{text}" fill="none">'
            f'<path d="{d}" stroke="#FFFFFF" stroke-width="3.2" stroke-opacity=".7"/>'
            f'<path d="{d}" stroke="{color}" stroke-width="1.5"{dash_attr}{marker}/></g>'
        )

    def _ring(
        self, kind: str, css: str, text: str, at: tuple[float, float], radius: float = 9.5
    ) -> None:
        color = palette.FAILED if css == "failed" else palette.ORDER
        dash = ' stroke-dasharray="3 2"' if css == "failed" else ""
        self.top.append(
            f'<circle class="order {kind} {css}" data-order="{text}" cx="{_f(at[0])}" '
            f'cy="{_f(at[1])}" r="{_f(radius)}" fill="none" stroke="{color}" '
            f'stroke-width="1.4"{dash}/>'
        )

    def _cross(self, kind: str, css: str, text: str, at: tuple[float, float]) -> None:
        x, y, s = at[0], at[1], UNIT_SIZE + 1.5
        w = _f(2 * s)
        d = f"M{_f(x - s)},{_f(y - s)}l{w},{w}m0,-{w}l-{w},{w}"
        color = palette.FAILED if css != "failed" else palette.ORDER
        self.top.append(
            f'<path class="order {kind} {css}" data-order="{text}" d="{d}" '
            f'stroke="{color}" stroke-width="2.2"/>'
        )

    # -- legend and frame ---------------------------------------------------------------------
    def legend(self, position: Position) -> None:
        x = self.geometry.width + 10
        rows = [
            f'<text x="{_f(x)}" y="14" font-size="9" font-weight="bold">Powers</text>',
            f'<text x="{_f(x + 96)}" y="14" font-size="6">centres/units</text>',
        ]
        centers = _count(position.centers.values())
        units = _count(u.power for u in position.units.values())
        for i, (power, info) in enumerate(sorted(self.map.powers.items())):
            y = 30 + i * 18
            color = self.colors[power]
            rows.append(
                f'<g class="legend-power" data-power="{power}">'
                f'<rect x="{_f(x)}" y="{_f(y - 8)}" width="12" height="12" fill="{color}" '
                f'stroke="#000" stroke-width=".6"/><text x="{_f(x + 6)}" y="{_f(y + 1)}" '
                f'font-size="8" font-weight="bold" text-anchor="middle" '
                f'fill="{palette.text_color(color)}">{escape(info.name[0])}</text>'
                f'<text x="{_f(x + 17)}" y="{_f(y + 1)}" font-size="8.5">{escape(info.name)}</text>'
                f'<text class="count" x="{_f(x + 130)}" y="{_f(y + 1)}" font-size="8.5" '
                f'text-anchor="end">{centers.get(power, 0)}/{units.get(power, 0)}</text></g>'
            )
        rows.extend(self._key(x, 30 + len(self.map.powers) * 18 + 10))
        self.parts.append(
            f'<g class="legend" font-family="{FONT}" fill="#111" '
            f'transform="translate(0 {_f(-TITLE_BAND)})">{"".join(rows)}</g>'
        )

    def _key(self, x: float, y: float) -> list[str]:
        """A key to the symbols: army, fleet, supply centre, and the order lines."""
        lines = [
            ("move", palette.ORDER, "", "ok"),
            ("support", palette.ORDER, "3 2", ""),
            ("convoy", palette.ORDER, "1.2 2.2", ""),
            ("may retreat", palette.OPTION, "1 1.6", "ok"),
        ]
        rows = [f'<text x="{_f(x)}" y="{_f(y)}" font-size="9" font-weight="bold">Key</text>']
        for i, (name, color, dash, head) in enumerate(lines):
            yy = y + 14 + i * 13
            marker = f' marker-end="url(#head-{head})"' if head else ""
            rows.append(
                f'<path d="M{_f(x)},{_f(yy - 3)}h26" stroke="{color}" stroke-width="1.5" '
                f'stroke-dasharray="{dash or "none"}"{marker}/>'
                f'<text x="{_f(x + 34)}" y="{_f(yy)}" font-size="8">{name}</text>'
            )
        yy = y + 14 + len(lines) * 13
        rows.append(
            f'<path d="M{_f(x)},{_f(yy - 3)}h26" stroke="{palette.FAILED}" stroke-width="1.5" '
            f'stroke-dasharray="4 2.2" marker-end="url(#head-failed)"/>'
            f'<text x="{_f(x + 34)}" y="{_f(yy)}" font-size="8">failed</text>'
            f'<circle cx="{_f(x + 4)}" cy="{_f(yy + 12)}" r="3.4" fill="#fff" stroke="#222"/>'
            f'<text x="{_f(x + 34)}" y="{_f(yy + 15)}" font-size="8">supply centre</text>'
            f'<text x="{_f(x)}" y="{_f(yy + 30)}" font-size="7">circle: army; hull: fleet</text>'
        )
        return rows

    def finish(self, title: str) -> str:
        width = self.geometry.width + LEGEND_WIDTH
        height = self.geometry.height + TITLE_BAND
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
            f'width="{_f(width * SCALE)}" height="{_f(height * SCALE)}" '
            f'viewBox="0 {_f(-TITLE_BAND)} {_f(width)} {_f(height)}">'
            f"<title>{escape(title)}</title>{_DEFS}"
            f'<rect x="0" y="{_f(-TITLE_BAND)}" width="{_f(width)}" height="{_f(height)}" '
            'fill="#FFFFFF"/>'
            f'<text class="title" x="8" y="{_f(-8)}" font-family="{FONT}" font-size="15" '
            f'font-weight="bold" fill="#111">{escape(title)}</text>'
        )
        frame = (
            f'<rect width="{_f(self.geometry.width)}" height="{_f(self.geometry.height)}" '
            'fill="none" stroke="#222" stroke-width="1"/>'
        )
        return "".join([head, *self.parts, *self.top, frame, "</svg>\n"])


_DEFS = (
    "<defs>"
    + "".join(
        f'<marker id="head-{name}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" '
        f'markerHeight="5" orient="auto-start-reverse"><path d="M0,0L10,5L0,10Z" '
        f'fill="{color}"/></marker>'
        for name, color in (("ok", palette.ORDER), ("failed", palette.FAILED))
    )
    + "</defs>"
)


def _path(rings: Sequence[Sequence[float]]) -> str:
    from adjudicator.board.geometry import rings_to_path

    return rings_to_path(tuple(tuple(r) for r in rings))


def _count(values: Iterable[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    return counts


def _shorten(points: list[tuple[float, float]], gap: float) -> list[tuple[float, float]]:
    """The polyline with its ends pulled in by `gap`, so lines meet symbols, not cover them."""

    def toward(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy)
        share = min(gap / length, 0.45) if length else 0.0
        return a[0] + dx * share, a[1] + dy * share

    if len(points) < 2:
        return points
    return [toward(points[0], points[1]), *points[1:-1], toward(points[-1], points[-2])]
