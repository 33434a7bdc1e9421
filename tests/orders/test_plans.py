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
from adjudicator.orders import reading, shapes
from adjudicator.orders.model import UnitRef
from adjudicator.orders.reading import Reading, order_of, read_one, read_planned, read_text
from adjudicator.orders.shapes import token_plan_of
from adjudicator.orders.sheet import MAX_ORDER_LENGTH, is_one_order, plain

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
    _, planned_own, planned_other, planned_span, *_ = planned  # (see reading.Planned)
    assert (planned_own, planned_other, planned_span) == (reading.own, reading.other, reading.span)
    own = data.draw(units_at(planned_own))
    if own is None:  # as the reader has it: the unit ordered stands where it is written
        own = UnitRef(UnitType.ARMY, planned_own)
    other = data.draw(units_at(planned_other))
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


# -- plans in tokens ----------------------------------------------------------------------

NAMES = ["Par", "PAR", "bur", "North Sea", "STP/SC", "Spa/nc", "St Petersburg/sc", "Mid-Atlantic"]
NAMES += ["Gas.", "Lvp", "Nth", "Mao", "x", "S", "A", "Sea", "nowhere", "Lon'", "Par2", "2Par"]
WORDS = ["A", "F", "a", "Army", "fleet", "-", "->", "S", "C", "H", "hold", "VIA", "via", "convoy"]
WORDS += ["to", "the", "moves", "supports", "R", "D", "B", "WVE", "Par-Bur", "(nc)", ".", ""]

spelt = st.lists(st.sampled_from([*NAMES, *WORDS]), min_size=1, max_size=8).map(" ".join)


@st.composite
def canonical(draw: st.DrawFn) -> str:
    """A canonical order's string, with its gaps and case sometimes changed."""
    text = str(draw(orders()))
    if draw(st.booleans()):
        gap = draw(st.sampled_from(["  ", "\t", " . ", ". "]))
        words = text.split(" ")
        at = draw(st.integers(1, max(1, len(words) - 1)))
        text = " ".join(words[:at]) + gap + " ".join(words[at:])
    return text.title() if draw(st.booleans()) else text


@settings(max_examples=1500, deadline=timedelta(seconds=2))
@given(st.one_of(texts, spelt, canonical()), st.sampled_from(KINDS))
def test_a_text_read_by_its_tokens_reads_as_by_its_words(text: str, kind: PhaseKind) -> None:
    """The plan in tokens (shapes.token_plan_of) is the plan in words (shapes.plan_of) moved
    onto the text's tokens: both readings are the same, and both are the parse's (see
    test_a_planned_text_reads_as_its_parse)."""
    by_words = reading._read_by_words(MAP, kind, text)
    found = token_plan_of(text.split(" "))
    if found is None:
        return  # read by its words
    if isinstance(found, str):
        assert by_words is None  # a shape without a plan
        return
    assert read_planned(MAP, kind, text) == by_words
    if by_words is not None:
        parsed = read_text(MAP, kind, text)
        assert isinstance(parsed, Reading)
        assert by_words[1:4] == (parsed.own, parsed.other, parsed.span)  # (see reading.Planned)


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
        "F North Sea convoys A Lon - Bel",
        "A St Petersburg - Moscow",
    ],
)
def test_the_usual_orders_are_read_by_their_tokens(text: str) -> None:
    found = token_plan_of(text.split(" "))
    assert found is not None and not isinstance(found, str)
    assert read_planned(MAP, PhaseKind.MOVEMENT, text) == reading._read_by_words(
        MAP, PhaseKind.MOVEMENT, text
    )


@pytest.mark.parametrize(
    "text",
    [
        "A Par  - Bur",  # an empty token: two spaces
        " A Par - Bur",  # ...a space at an end
        "A Par. - Bur",  # a place that is not whole tokens
        "A Par - Bur - WVE",  # DAIDE's waive
        "A Lon - Bel (via convoy)",  # 'via' unwrapped first
        "F Bre - Mid-Atlantic",  # a compound joined first
    ],
)
def test_other_texts_are_read_by_their_words(text: str) -> None:
    assert token_plan_of(text.split(" ")) is None


def test_the_shapes_of_tokens_kept_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    kept = dict(shapes._TOKEN_SHAPES)
    monkeypatch.setattr(shapes, "_TOKENS_KEPT", 4)
    try:
        shapes._TOKEN_SHAPES.clear()
        assert token_plan_of(["A", "PAR", "-", "BUR"]) is not None
        assert token_plan_of(["F", "NTH", "C", "A", "LON", "-", "BEL"]) is not None
        assert len(shapes._TOKEN_SHAPES) <= 4
        assert read_planned(MAP, PhaseKind.MOVEMENT, "F NTH C A LON - BEL") is not None
    finally:
        shapes._TOKEN_SHAPES.clear()
        shapes._TOKEN_SHAPES.update(kept)


def _read_first(kind: PhaseKind, text: str) -> object:
    """What a string first met says, step by step (as strings.Strings._first read it)."""
    if len(text) > MAX_ORDER_LENGTH:
        return None
    planned = read_planned(MAP, kind, text)
    if not is_one_order(MAP, text, 0 if planned is None else planned[8]):
        return None
    return read_text(MAP, kind, text) if planned is None else planned


sheets = st.one_of(
    st.lists(st.sampled_from([*NAMES, *WORDS, "England", "England:", "[FRANCE]", "#", "//"])).map(
        " ".join
    ),
    st.sampled_from(["England", "ENGLAND", "France.", "...", "A Par - Bur, A Mar H", "x" * 501]),
    st.sampled_from(["A Par - Bur\nA Mar H", "A Par - Bur // hi", "A\tPar - Bur", "A Par H "]),
)


@settings(max_examples=1500, deadline=timedelta(seconds=2))
@given(st.one_of(texts, spelt, canonical(), sheets), st.sampled_from(KINDS))
def test_a_string_first_met_reads_as_step_by_step(text: str, kind: PhaseKind) -> None:
    """read_one (is_one_order told a text read by its tokens holds no marks) reads what
    reading it step by step reads, and finds the same strings not one order alone."""
    assert read_one(MAP, kind, text) == _read_first(kind, text)


@settings(max_examples=500, deadline=timedelta(seconds=2))
@given(
    st.lists(st.sampled_from([*NAMES, *WORDS, "England", "France.", "..", "Austria"]), min_size=1)
)
def test_plain_tokens_make_a_plain_string(tokens: list[str]) -> None:
    """A string of plain tokens joined by single spaces is one order alone as is_one_order
    finds it without being told."""
    if not all(plain(token) and token for token in tokens):
        return
    text = " ".join(tokens)
    assert plain(text)
    assert is_one_order(MAP, text, 0, plain=True) == is_one_order(MAP, text)
