"""Bad input: whatever the text, reading it never raises, never hangs, and accounts for every order.

Each order written (a line, or a ','/';' separated part of one, that is not blank, a comment or
a power header) must come back as exactly one order entry or one error entry quoting it.
"""

from __future__ import annotations

import re
from datetime import timedelta

from helpers_orders import MAP, position, read
from hypothesis import given, settings
from hypothesis import strategies as st
from test_parse import orders
from test_spellings import SPELLINGS, _units_named

from adjudicator.board.names import join_compounds, resolve_power
from adjudicator.board.position import Position
from adjudicator.board.types import PhaseKind
from adjudicator.orders.model import Build, Disband, Retreat, Waive
from adjudicator.orders.parse import OrderParseError, direct_parse, parse_order, shape_keywords
from adjudicator.orders.shapes import _shaped_parse, raw_parse

POSITIONS = [
    position(units={p: [str(u) for u in MAP.start_units() if u.power == p] for p in MAP.powers}),
    position(
        "F1901R",
        units={"AUSTRIA": ["A SER"]},
        dislodged={
            "RUSSIA": {"A SER": ["ALB"], "F BUL/EC": ["BLA"]},
            "ENGLAND": {"F MAO": [], "F GAS": ["SPA"]},
        },
    ),
    position("W1901A", units={"RUSSIA": ["A MOS"]}),
]

TOKENS = [
    "A", "F", "a", "f", "S", "C", "H", "D", "R", "B", "W", "T", "M", "-", "->", "=>", "+",
    "*", "/", "(", ")", ".", ",", ";", "#", ":", "[", "]", "\n",
    "army", "fleet", "supports", "convoys", "holds", "via", "convoy", "by", "to", "move",
    "build", "waive", "remove", "disband", "retreat", "nc", "sc", "ec", "north", "coast",
    "England", "English", "[ENGLAND]", "France:", "Russian", "Nor", "Gulf", "of", "Lyon",
    "St.", "Petersburg", "Mid-Atlantic", "Ocean", "Lodnon", "Par", "Bur", "Lon", "Nth", "Bel",
    "StP", "Spa", "Bul", "Ser", "Alb", "Mos", "Kie", "Den", "Sev", "Rum", "Swi", "xx", "",
    "\u00e9", "\u2028", "\t", "//", "1.", "Mao", "Gas", "Spain",
]  # fmt: skip


def expected_orders(texts: list[str]) -> list[str]:
    """The orders and comments a sheet holds, found the plain way (independent of the
    implementation): each is the input of one entry."""
    found: list[str] = []
    for raw in (line for text in texts for line in text.splitlines()):
        marker = re.search(r"#|//", raw)
        line = (raw if marker is None else raw[: marker.start()]).strip()
        comment = "" if marker is None else raw[marker.start() :].strip()
        match = re.fullmatch(r"\[\s*([^\]]*?)\s*\]\s*(.*)", line) or re.fullmatch(
            r"([^:]*?)\s*:\s*(.*)", line
        )
        if match and resolve_power(MAP, match.group(1)) is not None:
            line = match.group(2)
        elif resolve_power(MAP, line.rstrip(".:")) is not None:
            line = ""
        found += [s.strip() for s in re.split(r"[,;]", line) if s.strip()]
        found += [comment] if comment else []
    return found


def check_accounted_for(pos: Position, power: str, texts: list[str]) -> None:
    entries, errors = read(pos, {power: texts})
    seen = sorted([str(e.input) for e in entries] + [e.input for e in errors])
    assert seen == sorted(expected_orders(texts))
    for error in errors:
        start, end = error.span
        assert 0 <= start <= end <= len(error.input)
        assert error.error


FUZZ = settings(max_examples=300, deadline=timedelta(seconds=2))


@FUZZ
@given(
    st.sampled_from(POSITIONS),
    st.sampled_from(["ENGLAND", "russia", "", "Narnia"]),
    st.lists(st.text(max_size=120), max_size=4),
)
def test_random_text(pos: Position, power: str, texts: list[str]) -> None:
    check_accounted_for(pos, power, texts)


@FUZZ
@given(
    st.sampled_from(POSITIONS),
    st.sampled_from(["ENGLAND", "RUSSIA", "AUSTRIA", "FRANCE"]),
    st.lists(st.lists(st.sampled_from(TOKENS), max_size=14).map(" ".join), max_size=4),
)
def test_random_order_words(pos: Position, power: str, texts: list[str]) -> None:
    check_accounted_for(pos, power, texts)


@st.composite
def mutated_orders(draw: st.DrawFn) -> str:
    """A real spelling with a few characters inserted, deleted or replaced."""
    text = draw(st.sampled_from([t for _, t, _ in SPELLINGS]))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        how = draw(st.sampled_from(["insert", "delete", "replace"]))
        char = draw(st.sampled_from(list("-/(),;.:# aFsCnX\u00fc")))
        if how == "insert":
            text = text[:at] + char + text[at:]
        elif how == "delete":
            text = text[:at] + text[at + 1 :]
        else:
            text = text[:at] + char + text[at + 1 :]
    return text


@FUZZ
@given(
    st.sampled_from(POSITIONS),
    st.sampled_from(["ENGLAND", "RUSSIA", "AUSTRIA"]),
    st.lists(mutated_orders(), min_size=1, max_size=5),
)
def test_mutated_real_orders(pos: Position, power: str, texts: list[str]) -> None:
    check_accounted_for(pos, power, texts)


@FUZZ
@given(st.one_of(st.text(max_size=80), mutated_orders()), st.sampled_from(list(PhaseKind)))
def test_strict_parser_only_raises_its_own_error(text: str, kind: PhaseKind) -> None:
    try:
        parse_order(MAP, text, kind)
    except OrderParseError as error:
        assert error.input == text
        assert 0 <= error.span[0] <= error.span[1] <= len(text)


SHAPE_WORDS = [*TOKENS, "x", "X", "Sx", "Hxyz", "\u017f", "\u212a", "d'Or", "1abc", "_ab", "'ab"]


def test_the_shape_cache_is_in_use() -> None:
    assert shape_keywords() is not None  # the grammar's terminals are what the shape cache needs


@settings(max_examples=1000, deadline=timedelta(seconds=2))
@given(
    st.lists(st.sampled_from(SHAPE_WORDS), max_size=12),
    st.sampled_from([" ", "", "  ", ". ", "\t"]),
)
def test_a_parse_from_the_shape_is_the_parse_of_the_text(words: list[str], gap: str) -> None:
    text = join_compounds(MAP, gap.join(words))
    keywords = shape_keywords()
    assert keywords is not None
    shaped = _shaped_parse(text, keywords)
    if shaped is not None:
        assert shaped == direct_parse(text)
    assert raw_parse(text) == direct_parse(text)


def test_a_long_line_is_read_quickly() -> None:
    sheet = ", ".join(["F Lon - Nth", "A Lvp - Lodnon", "xyzzy " * 50] * 40)
    entries, errors = read(POSITIONS[0], {"ENGLAND": [sheet]})
    assert len(entries) + len(errors) == 120


@st.composite
def orders_with_positions(draw: st.DrawFn) -> tuple[Position, str, str]:
    """Any order the map allows, in a position holding its units (random owners)."""
    order = draw(orders())
    kind = {Retreat: "R", Disband: draw(st.sampled_from("RA")), Build: "A", Waive: "A"}.get(
        type(order), "M"
    )
    power = draw(st.sampled_from(sorted(MAP.powers)))
    refs = _units_named(order) if not isinstance(order, Build) else []
    owners = [power] + [draw(st.sampled_from(sorted(MAP.powers))) for _ in refs[1:]]
    units: dict[str, list[str]] = {}
    for ref, owner in zip(refs, owners[: len(refs)], strict=True):
        units.setdefault(owner, []).append(str(ref))
    retreats = draw(st.lists(st.sampled_from(sorted(MAP.provinces)), max_size=3))
    if kind == "R":
        gone = {p: {u: retreats for u in us} for p, us in units.items()}
        pos = position("F1901R", dislodged=gone)
    else:
        pos = position({"M": "S1901M", "A": "W1901A"}[kind], units=units)
    return pos, power, str(order)


@FUZZ
@given(orders_with_positions())
def test_every_order_of_the_map_is_read_without_raising(case: tuple[Position, str, str]) -> None:
    pos, power, text = case
    check_accounted_for(pos, power, [text])
    entries, _ = read(pos, {power: [text]})
    for entry in entries:
        assert entry.illegal is None or entry.illegal
