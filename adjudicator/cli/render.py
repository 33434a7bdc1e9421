"""`adjudicator render`: draw a phase or result document as SVG or PNG (and helpers for `game`).

A phase document draws its position and its orders, if any; a result document draws the orders
with their outcomes over the position they were given in, rebuilt from the result itself (every
unit has an entry in a movement result) and its `next` position.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import click

from adjudicator.board.map import MapError
from adjudicator.board.position import Dislodged, Position
from adjudicator.board.types import Phase, PhaseKind, Unit
from adjudicator.orders.results import OrderResult

FORMATS = (".svg", ".png")


def write_picture(svg: str, output: Path) -> None:
    """Write the picture in the format the file name asks for (.svg or .png)."""
    suffix = output.suffix.lower()
    if suffix not in FORMATS:
        raise click.ClickException(
            f"{output}: the picture's format comes from the name; end it in .svg or .png"
        )
    if suffix == ".svg":
        output.write_text(svg, encoding="utf-8")
        return
    from adjudicator.report.png import PngUnavailable, svg_to_png

    try:
        output.write_bytes(svg_to_png(svg))
    except PngUnavailable as error:
        raise click.ClickException(str(error)) from None


@contextmanager
def drawing_needed() -> Iterator[None]:
    """Around drawing a board: a map with no drawing (a map file without its geometry beside
    it) is the command's one-line error, whose message says how to make one; no traceback."""
    try:
        yield
    except MapError as error:
        raise click.ClickException(str(error)) from None


def result_position(data: dict[str, Any]) -> tuple[Position, tuple[OrderResult, ...], Position]:
    """The position a result document's orders were given in, its entries and its `next`."""
    from adjudicator.contract.documents import (
        DocumentError,
        position_from_document,
        read_phase_document,
    )

    try:
        after, _rules = position_from_document(read_phase_document(data["next"]))
    except DocumentError as error:
        raise DocumentError(f"its next position: {error}") from None
    phase = Phase.parse(str(data["phase"]))
    results = tuple(
        OrderResult(
            e["power"], e["unit"], e.get("input"), e["order"], e["result"], tuple(e["tags"]), None
        )
        for e in data["orders"]
    )
    units = dict(after.units)
    dislodged: dict[str, Dislodged] = {}
    for entry in results:
        if not entry.unit:
            continue  # a waive
        unit = Unit.parse(entry.power, entry.unit)
        if phase.kind is PhaseKind.RETREAT:
            dislodged[unit.province] = Dislodged(unit, ())
            moved = entry.order.split()[-1].split("/")[0]
            if entry.result == "succeeds" and " R " in entry.order:
                units.pop(moved, None)  # it arrived there in this phase
        elif entry.order.endswith(" B"):
            units.pop(unit.province, None)
        else:
            units[unit.province] = unit
    if phase.kind is PhaseKind.MOVEMENT:
        units = {Unit.parse(e.power, e.unit).province: Unit.parse(e.power, e.unit) for e in results}
    before = replace(after, phase=phase, units=units, dislodged=dislodged, winner=None)
    return before, results, after


def document_svg(data: Any, title: str | None) -> str:
    """The picture of a phase document or a result document."""
    from adjudicator.contract.documents import (
        DocumentError,
        orders_from_document,
        position_from_document,
        read_phase_document,
    )
    from adjudicator.report.svg import render_svg

    result = isinstance(data, dict) and "next" in data and isinstance(data.get("orders"), list)
    try:
        with drawing_needed():  # first: a good document on a map that has no drawing
            if result:
                before, results, after = result_position(data)
                return render_svg(before, result=results, after=after, title=title)
            doc = read_phase_document(data)
            position, _rules = position_from_document(doc)
            return render_svg(position, orders=orders_from_document(doc) or None, title=title)
    except (DocumentError, KeyError, TypeError, ValueError) as error:  # e.g. a unit 'A XXX'
        raise click.ClickException(
            f"not a {'result' if result else 'phase or result'} document: {error}"
        ) from None


@click.command(name="render")
@click.argument("document", metavar="PHASE_OR_RESULT.json")
@click.option(
    "-o",
    "--output",
    required=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help="The picture to write: NAME.svg or NAME.png.",
)
@click.option("--title", default=None, help="Heading (default: the phase, 'Spring 1901 — ...').")
def render_command(document: str, output: Path, title: str | None) -> None:
    """Draw the board of a phase document (with its orders) or a result document (outcomes)."""
    from adjudicator.cli.options import read_json_file

    svg = document_svg(read_json_file(document), title)
    write_picture(svg, output)
    click.echo(f"{output}: written")
