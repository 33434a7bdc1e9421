"""Texts read by their shape's plan say exactly what their parse says.

A text whose shape has a plan (orders/shapes.Plan) is read by looking its names up
(reading.read_planned), with no parse built; a string of one order is read so (strings.py),
the same text in a sheet through its parse (interpret.py). Both must agree on everything: the
units named, where the ordered unit is written, the order given to any units met there.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from helpers_orders import MAP, position, read
from hypothesis import given, settings
from hypothesis import strategies as st
from test_fuzz_parser import SHAPE_WORDS, mutated_orders
from test_memo import _as_sheet
from test_parse import orders
from test_spellings import SPELLINGS

from adjudicator.board.position import Position
from adjudicator.board.types import PhaseKind, UnitType
from adjudicator.orders.model import UnitRef
from adjudicator.orders.reading import Reading, order_of, read_planned, read_text

KINDS = [PhaseKind.MOVEMENT, PhaseKind.RETREAT, PhaseKind.ADJUSTMENT]

texts = st.one_of(
    orders().map(str),
    orders().map(lambda order: str(order).title()),
    st.sampled_from([text for _, text, _ in SPELLINGS]),
    mutated_orders(),
    st.lists(st.sampled_from([*SHAPE_WORDS, "Par", "Bur", "Mar", "Spa", "-", "S", "C"]))
    .map(" ".join)
    .filter(bool),
)


@st.composite
def units_at(draw: st.DrawFn, province: str | None) -> UnitRef | None:
    """None, or a unit of any type at a location of `province` (as a position may hold it)."""
    if province is None or draw(st.booleans()):
        return None
    unit_type = draw(st.sampled_from([UnitType.ARMY, UnitType.FLEET]))
    return UnitRef(unit_type, draw(st.sampled_from(MAP.locations_of(province))))


@settings(max_examples=1500, deadline=timedelta(seconds=2))
@given(texts, st.sampled_from(KINDS), st.data())
def test_a_planned_text_reads_as_its_parse(text: str, kind: PhaseKind, data: st.DataObject) -> None:
    planned = read_planned(MAP, kind, text)
    if planned is None:
        return
    reading = read_text(MAP, kind, text)
    assert isinstance(reading, Reading)
    assert (planned.own, planned.other, planned.span) == (reading.own, reading.other, reading.span)
    own = data.draw(units_at(planned.own))
    if own is None:  # as the reader has it: the unit ordered stands where it is written
        own = UnitRef(UnitType.ARMY, planned.own)
    other = data.draw(units_at(planned.other))
    assert order_of(MAP, kind, text, planned, own, other) == order_of(
        MAP, kind, text, reading, own, other
    )


@pytest.mark.parametrize(
    "text",
    [
        "A PAR - BUR",
        "F STP/SC - BOT",
        "F MAO - SPA/NC",
        "A MAR S A PAR - BUR",
        "A MAR S A PAR",
        "A MAR S F SPA/SC",
        "F NTH C A LON - BEL",
        "A LON - BEL VIA",
        "A PAR H",
        "a par hold",
        "Army Paris moves to Burgundy",
        "F North Sea convoys A Lon - Bel",
    ],
)
def test_the_usual_orders_are_read_by_plan(text: str) -> None:
    assert read_planned(MAP, PhaseKind.MOVEMENT, text) is not None


@pytest.mark.parametrize(
    "text",
    [
        "A Par -- Bur",  # a dash made plain first
        "F Bre - Mid-Atlantic",  # a compound joined first
        "A Lon - Bel (via convoy)",  # 'via' unwrapped first
        "A Lon - Nth - Bel",  # a route
        "Russian A Par H",  # a nationality
        "A Lodnon H",  # a name the map does not know
        "A Par - Bur - WVE",  # DAIDE's waive
        "B A Par",  # a build
        "A Par R Bur",  # a retreat, in a movement phase
    ],
)
def test_other_texts_are_read_by_their_parse(text: str) -> None:
    assert read_planned(MAP, PhaseKind.MOVEMENT, text) is None


POSITIONS = [
    position(units={"FRANCE": ["A PAR", "A MAR", "F BRE"], "GERMANY": ["A BUR", "F KIE"]}),
    position(units={"FRANCE": ["F MAR", "A BUR"], "ENGLAND": ["F NTH", "A LON", "F SPA/NC"]}),
    position(units={"RUSSIA": ["F STP/SC", "A MOS"], "ITALY": ["F GAS", "A PIE"]}),
]


@settings(max_examples=300, deadline=timedelta(seconds=2))
@given(
    st.lists(texts, min_size=1, max_size=6),
    st.sampled_from(POSITIONS),
    st.sampled_from(["FRANCE", "ENGLAND", "RUSSIA", "GERMANY"]),
)
def test_strings_of_one_order_read_as_the_lines_of_a_sheet(
    lines: list[str], board: Position, power: str
) -> None:
    lines = [line for line in lines if len(line.splitlines()) == 1]
    one_by_one = read(board, {power: lines})
    sheet = read(board, {power: ["\n".join(lines)]})
    assert _as_sheet(*one_by_one) == _as_sheet(*sheet)
