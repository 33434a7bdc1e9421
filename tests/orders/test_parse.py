"""The grammar, the raw parse with its spans, and the strict canonical reader `parse_order`."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Lark

from adjudicator.board.map import Map, load_map
from adjudicator.board.resources import data_dir
from adjudicator.board.types import PhaseKind, UnitType
from adjudicator.orders.caret import render_caret
from adjudicator.orders.model import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    SupportHold,
    SupportMove,
    UnitRef,
    Waive,
)
from adjudicator.orders.parse import (
    OrderParseError,
    RawOrder,
    SyntaxProblem,
    _parser,
    parse_order,
)
from adjudicator.orders.shapes import raw_parse

MAP = load_map()
A, F = UnitType.ARMY, UnitType.FLEET


def test_grammar_is_lalr_without_conflicts(caplog: pytest.LogCaptureFixture) -> None:
    text = (data_dir("grammar") / "orders.lark").read_text()
    with caplog.at_level(logging.DEBUG, logger="lark"):
        Lark(text, parser="lalr", lexer="contextual", debug=True)
    assert "conflict" not in caplog.text.lower()


def test_grammar_builds_in_strict_mode_when_interegular_is_there() -> None:
    pytest.importorskip("interegular")
    text = (data_dir("grammar") / "orders.lark").read_text()
    assert Lark(text, parser="lalr", lexer="contextual", strict=True).parse("A PAR H")


def test_compiled_grammar_is_kept_between_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    _parser.cache_clear()
    try:
        built = _parser()
        (saved,) = (tmp_path / "adjudicator").iterdir()
        _parser.cache_clear()
        loaded = _parser()
        assert loaded is not built
        for text in ("A PAR H", "F Spain(nc) S English A Gulf of Lyon - Mar", "A Lon - Bel via"):
            assert loaded.parse(text) == built.parse(text)
        saved.write_bytes(b"not a parser")  # a corrupt cache file is rebuilt, not trusted
        _parser.cache_clear()
        assert _parser().parse("A PAR H") == built.parse("A PAR H")
        assert saved.read_bytes() != b"not a parser"
    finally:
        _parser.cache_clear()


def test_raw_parse_keeps_words_and_spans() -> None:
    raw = raw_parse("F Spain(nc) S English A Gulf of Lyon - Mar")
    assert isinstance(raw, RawOrder)
    assert raw.form == "support_move"
    assert raw.unit is not None and raw.other is not None and raw.target is not None
    assert raw.unit.type is F
    assert raw.unit.place.words == ("Spain",)
    assert raw.unit.place.coast == ("nc",)
    assert raw.unit.place.span == (2, 7)
    assert raw.unit.place.coast_span == (8, 10)
    assert raw.other.nationality == "English"
    assert raw.other.nationality_span == (14, 21)
    assert raw.other.place.words == ("Gulf", "of", "Lyon")
    assert raw.other.place.span == (24, 36)
    assert raw.target.words == ("Mar",)


def test_raw_parse_is_cached() -> None:
    assert raw_parse("A Par - Bur") is raw_parse("A Par - Bur")


@pytest.mark.parametrize(
    ("text", "form"),
    [
        ("A Par H", "hold"),
        ("A Par - Bur via convoy", "move"),
        ("A Par S A Mar", "support_hold"),
        ("A Par S A Mar - Bur", "support_move"),
        ("F Nth C A Lon - Bel", "convoy"),
        ("A Ser R Alb", "retreat"),
        ("A Ser D", "disband_after"),
        ("A Par B", "build_after"),
        ("Build A Par", "build_before"),
        ("- A Par", "remove_before"),
        ("waive", "waive"),
    ],
)
def test_every_form(text: str, form: str) -> None:
    raw = raw_parse(text)
    assert isinstance(raw, RawOrder)
    assert raw.form == form


@pytest.mark.parametrize(
    ("text", "message", "span"),
    [
        ("A Par", "incomplete order: expected -, B, C, D, H, R, S", (5, 5)),
        ("A Par S", "incomplete order", (7, 7)),
        ("A Par ? Bur", "unexpected character '?'", (6, 7)),
        ("F Lon S", "incomplete order: expected A or F, a place", (7, 7)),
        ("A Par - Bur Mar H", "unexpected 'H'", (16, 17)),
        ("A Par - - Bur", "unexpected '-'", (8, 9)),
        ("", "incomplete order", (0, 0)),
        ("A Par - Bur(nc", "incomplete order: expected ')'", (14, 14)),
    ],
)
def test_syntax_problems_point_at_the_bad_part(
    text: str, message: str, span: tuple[int, int]
) -> None:
    problem = raw_parse(text)
    assert isinstance(problem, SyntaxProblem)
    assert problem.message.startswith(message)
    assert problem.span == span


CANONICAL: list[Order] = [
    Hold(UnitRef(A, "PAR")),
    Hold(UnitRef(F, "STP/SC")),
    Move(UnitRef(A, "PAR"), "BUR"),
    Move(UnitRef(F, "MAO"), "SPA/NC"),
    Move(UnitRef(A, "LON"), "BEL", via_convoy=True),
    Move(UnitRef(A, "LON"), "BEL", via_convoy=True, route=("NTH",)),
    Move(UnitRef(A, "LON"), "POR", via_convoy=True, route=("ENG", "MAO")),
    SupportHold(UnitRef(A, "MUN"), UnitRef(A, "BER")),
    SupportHold(UnitRef(F, "MAR"), UnitRef(F, "SPA/NC")),
    SupportMove(UnitRef(A, "MAR"), UnitRef(A, "PAR"), "BUR"),
    SupportMove(UnitRef(F, "MAR"), UnitRef(F, "GAS"), "SPA"),
    SupportMove(UnitRef(F, "MAR"), UnitRef(F, "GAS"), "SPA/NC"),
    Convoy(UnitRef(F, "NTH"), UnitRef(A, "LON"), "BEL"),
    Retreat(UnitRef(A, "PAR"), "PIC"),
    Retreat(UnitRef(F, "MAO"), "SPA/SC"),
    Disband(UnitRef(A, "PAR")),
    Disband(UnitRef(F, "BUL/EC")),
    Build(UnitRef(F, "STP/NC")),
    Build(UnitRef(A, "PAR")),
    Waive(),
]


@pytest.mark.parametrize("order", CANONICAL, ids=str)
def test_canonical_round_trip(order: Order) -> None:
    assert parse_order(MAP, str(order)) == order


def test_contract_strings_read_as_expected() -> None:
    assert str(parse_order(MAP, "A LON - BEL VIA")) == "A LON - BEL VIA"
    assert parse_order(MAP, "A PAR R PIC") == Retreat(UnitRef(A, "PAR"), "PIC")
    assert parse_order(MAP, "A PAR D") == Disband(UnitRef(A, "PAR"))
    assert parse_order(MAP, "F STP/NC B") == Build(UnitRef(F, "STP/NC"))
    assert parse_order(MAP, "WAIVE") == Waive()


def test_kind_settles_what_a_dash_means() -> None:
    assert parse_order(MAP, "A SER - ALB", PhaseKind.RETREAT) == Retreat(UnitRef(A, "SER"), "ALB")
    assert parse_order(MAP, "A SER - ALB") == Move(UnitRef(A, "SER"), "ALB")
    with pytest.raises(OrderParseError, match="not an adjustment order"):
        parse_order(MAP, "A SER - ALB", PhaseKind.ADJUSTMENT)
    with pytest.raises(OrderParseError, match="cannot go by convoy"):
        parse_order(MAP, "A SER - ALB VIA", PhaseKind.RETREAT)


def test_strict_reader_normalises_coasts_it_cannot_use() -> None:
    # armies drop coasts (DATC 4.B.6); where a fleet goes, the coast is kept as written
    assert parse_order(MAP, "A GAS - SPA/NC") == Move(UnitRef(A, "GAS"), "SPA")
    assert parse_order(MAP, "F MAR S A GAS - SPA/NC") == SupportMove(
        UnitRef(F, "MAR"), UnitRef(A, "GAS"), "SPA"
    )
    assert parse_order(MAP, "F MAR S F GAS - SPA/NC") == SupportMove(
        UnitRef(F, "MAR"), UnitRef(F, "GAS"), "SPA/NC"
    )
    assert parse_order(MAP, "F GAS - SPA") == Move(UnitRef(F, "GAS"), "SPA")
    assert parse_order(MAP, "F LON/NC - NTH") == Move(UnitRef(F, "LON"), "NTH")


@pytest.mark.parametrize(
    ("text", "message", "span"),
    [
        ("PAR - BUR", "unit type (A or F) required", (0, 3)),
        ("A PAR S MAR - BUR", "unit type (A or F) required", (8, 11)),
        ("A Lodnon - BEL", "unknown province 'Lodnon' \u2014 did you mean London (LON)?", (2, 8)),
        ("A Nor - SWE", "ambiguous province 'Nor': NWY, NTH, NAF, NWG, NAO", (2, 5)),
        ("F STP/XQ H", "unknown coast 'XQ'", (6, 8)),
        ("A PAR", "incomplete order", (5, 5)),
    ],
)
def test_strict_errors(text: str, message: str, span: tuple[int, int]) -> None:
    with pytest.raises(OrderParseError) as caught:
        parse_order(MAP, text)
    assert caught.value.message.startswith(message)
    assert caught.value.input == text
    assert caught.value.span == span
    assert str(caught.value) == caught.value.message


def test_render_caret() -> None:
    assert render_caret("A Lodnon - Bel", (2, 8), "unknown province 'Lodnon'") == (
        "A Lodnon - Bel\n  ^^^^^^ unknown province 'Lodnon'"
    )
    assert render_caret("A Par", (5, 5), "incomplete order") == "A Par\n     ^ incomplete order"
    assert render_caret("", (0, 0), "empty") == "\n^ empty"


# -- every order the map allows round-trips -----------------------------------------------


def _locations(game_map: Map, unit_type: UnitType) -> list[str]:
    if unit_type is UnitType.FLEET:
        return sorted(game_map.fleet_adjacency)
    return sorted(p for p, prov in game_map.provinces.items() if prov.terrain in ("land", "coast"))


@st.composite
def unit_refs(draw: st.DrawFn) -> UnitRef:
    unit_type = draw(st.sampled_from([A, F]))
    return UnitRef(unit_type, draw(st.sampled_from(_locations(MAP, unit_type))))


provinces = st.sampled_from(
    sorted(p for p, v in MAP.provinces.items() if v.terrain != "impassable")
)


@st.composite
def orders(draw: st.DrawFn) -> Order:
    unit = draw(unit_refs())
    targets = _locations(MAP, unit.type)
    choice = draw(st.integers(0, 8))
    if choice == 0:
        return Hold(unit)
    if choice == 1:
        via = unit.type is A and draw(st.booleans())
        return Move(unit, draw(st.sampled_from(targets)), via)
    if choice == 2:
        return SupportHold(unit, draw(unit_refs()))
    if choice == 3:
        return SupportMove(unit, draw(unit_refs()), draw(provinces))
    if choice == 4:
        army = UnitRef(A, draw(st.sampled_from(_locations(MAP, A))))
        return Convoy(unit, army, draw(provinces))
    if choice == 5:
        return Retreat(unit, draw(st.sampled_from(targets)))
    if choice == 6:
        return Disband(unit)
    if choice == 7:
        return Build(unit)
    return Waive()


@settings(max_examples=300, deadline=None)
@given(orders())
def test_every_order_round_trips(order: Order) -> None:
    assert parse_order(MAP, str(order)) == order


@settings(max_examples=200, deadline=None)
@given(orders())
def test_lower_case_full_names_read_the_same(order: Order) -> None:
    text = str(order)
    for code, prov in MAP.provinces.items():
        text = text.replace(f" {code}", f" {prov.name}")
    assert parse_order(MAP, text.lower()) == order


def test_unit_words_come_from_the_grammar() -> None:
    from adjudicator.orders.parse import first_words

    assert first_words("army", "fleet") == frozenset({"a", "army", "f", "fleet"})


@pytest.mark.parametrize("word", ["supp", "sup", "SUPP", "Sup"])
def test_sup_and_supp_are_support(word: str) -> None:
    """Issue 10, fault 7: `Sev supp A Ukr` used to read as an unknown province."""
    from adjudicator import read_orders, start_position

    entries, errors = read_orders(start_position(), {"RUSSIA": [f"F Sev {word} A Mos"]})
    assert errors == []
    assert [str(e.order) for e in entries] == ["F SEV S A MOS"]
