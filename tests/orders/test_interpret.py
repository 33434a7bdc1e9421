"""Reading order sheets against a position: headers, errors with spans, phases, DATC 4.B-4.D."""

from __future__ import annotations

import enum
from collections import deque
from collections.abc import Callable
from typing import Any

import pytest
from helpers_orders import only_entry, only_error, position, read

from adjudicator.board.map import load_map
from adjudicator.board.position import Position
from adjudicator.board.rules import Rules
from adjudicator.board.types import Phase, Unit, UnitType
from adjudicator.orders.caret import render_caret
from adjudicator.orders.interpret import interpret_orders, interpret_orders_by_unit
from adjudicator.orders.model import Move, UnitRef

START = position(
    units={
        "ENGLAND": ["F LON", "F EDI", "A LVP"],
        "FRANCE": ["A PAR", "A MAR", "F BRE"],
        "RUSSIA": ["F STP/SC", "A WAR", "A MOS", "F SEV"],
        "GERMANY": ["A BER", "A MUN", "F KIE"],
    }
)


# -- sheets: powers, lines, separators, comments ------------------------------------------


def test_power_keys_in_any_case() -> None:
    entries, errors = read(START, {"england": ["F Lon - Nth"], "France": ["A Par - Bur"]})
    assert errors == []
    assert [(e.power, str(e.order)) for e in entries] == [
        ("ENGLAND", "F LON - NTH"),
        ("FRANCE", "A PAR - BUR"),
    ]


@pytest.mark.parametrize(
    "wrap", [list, tuple, deque, lambda texts: iter(texts)], ids=["list", "tuple", "deque", "iter"]
)
def test_a_power_s_orders_may_come_in_any_iterable(wrap: Callable[[list[str]], Any]) -> None:
    """The one-order fast path took a slice of the power's texts: a deque or an iterator
    raised TypeError where a list was read."""
    texts = ["A Par - Bur", "A Mar H", "F Bre - Mao\nF Kie - Den"]
    expected = read(START, {"FRANCE": texts})
    assert read(START, {"FRANCE": wrap(texts)}) == expected
    assert [str(e.order) for e in expected[0]] == ["A PAR - BUR", "A MAR H", "F BRE - MAO"]


def test_the_entries_by_unit_come_with_one_order_a_unit_and_no_error() -> None:
    """The engine's movement step takes the reader's dict of entries by province as it is:
    given only when it holds every entry (one order a unit, no error entry)."""
    game_map = load_map("standard")
    orders = {"FRANCE": ["A Par - Bur", "A Mar H"], "ENGLAND": ["F Lon - Nth"]}
    entries, errors, by_unit = interpret_orders_by_unit(game_map, START, orders)
    assert (entries, errors) == interpret_orders(game_map, START, orders)
    assert by_unit == {"PAR": entries[0], "MAR": entries[1], "LON": entries[2]}
    twice = {"FRANCE": ["A Par - Bur", "A Par H"]}
    assert interpret_orders_by_unit(game_map, START, twice)[2] is None
    with_error = {"FRANCE": ["A Par - Bur", "A Xyz H"]}
    assert interpret_orders_by_unit(game_map, START, with_error)[2] is None
    adjustments = position("W1901A", units={"FRANCE": ["A PAR"]})
    assert interpret_orders_by_unit(game_map, adjustments, {"FRANCE": ["A Par D"]})[2] is None


def test_several_lines_and_orders_per_line() -> None:
    sheet = "F Lon - Nth, F Edi - Nwg; A Lvp - Yor.\n\n  \nF Lon H"
    entries, errors = read(START, {"ENGLAND": [sheet]})
    assert [e.input for e in entries] == ["F Edi - Nwg", "A Lvp - Yor."]
    assert [e.input for e in errors] == ["F Lon - Nth", "F Lon H"]  # two orders for F LON


def test_headers_switch_power_for_the_lines_after_them() -> None:
    sheet = """
        England:
        F Lon - Nth
        [FRANCE]
        A Par - Bur   # the big one
        // a comment line
        GERMANY
        A Mun - Ruh
        Russia: A War - Gal, A Mos - Ukr
    """
    entries, errors = read(START, {"": [sheet]})
    assert [(e.power, e.input, e.error, e.kind) for e in errors] == [  # comments are shown
        ("FRANCE", "# the big one", "ignored comment", "comment"),
        ("FRANCE", "// a comment line", "ignored comment", "comment"),
    ]
    assert [(e.power, str(e.order)) for e in entries] == [
        ("ENGLAND", "F LON - NTH"),
        ("FRANCE", "A PAR - BUR"),
        ("GERMANY", "A MUN - RUH"),
        ("RUSSIA", "A WAR - GAL"),
        ("RUSSIA", "A MOS - UKR"),
    ]
    assert entries[1].input == "A Par - Bur"


def test_a_header_lasts_into_the_next_string() -> None:
    entries, errors = read(START, {"ENGLAND": ["France:", "A Par - Bur"]})
    assert errors == []
    assert [e.power for e in entries] == ["FRANCE"]


def test_orders_without_a_power() -> None:
    error = only_error(START, "", "A Par - Bur")
    assert error.error == "no power given: start with a header such as 'England:'"
    assert error.span == (0, 11)


def test_unknown_power() -> None:
    error = only_error(START, "Narnia", "A Par - Bur")
    assert error.power == "NARNIA"
    assert error.error == "unknown power 'NARNIA'"


# -- error entries and their spans --------------------------------------------------------


@pytest.mark.parametrize(
    ("power", "text", "message", "span"),
    [
        ("ENGLAND", "F Lon - Lodnon", "unknown province 'Lodnon' \u2014 did you mean", (8, 14)),
        ("ENGLAND", "A Nor - Swe", "ambiguous province 'Nor': NWY, NTH, NAF, NWG, NAO", (2, 5)),
        ("ENGLAND", "F Lon S A Nor", "ambiguous province 'Nor'", (10, 13)),
        ("ENGLAND", "F Lon - Bel - Hol", "not a convoy route: Belgium (BEL) is not a sea", (8, 11)),
        ("ENGLAND", "F Lon", "incomplete order", (5, 5)),
        ("ENGLAND", "A Yor - Lon", "no unit in Yorkshire (YOR)", (0, 5)),
        ("GERMANY", "F London - North Sea", "F LON belongs to England, not Germany", (0, 8)),
        ("ENGLAND", "F StP/xq - Bot", "unknown coast 'xq'", (6, 8)),
        ("ENGLAND", "A Par R Pic", "only holds, moves, supports and convoys", (0, 11)),
        ("ENGLAND", "Build A Lon", "only holds, moves, supports and convoys", (0, 11)),
    ],
)
def test_errors_quote_the_input_and_point_at_the_bad_part(
    power: str, text: str, message: str, span: tuple[int, int]
) -> None:
    error = only_error(START, power, text)
    assert error.input == text
    assert error.error.startswith(message)
    assert error.span == span


def test_an_error_renders_with_a_caret() -> None:
    error = only_error(START, "ENGLAND", "F Lon - Lodnon")
    assert render_caret(error.input, error.span, error.error) == (
        "F Lon - Lodnon\n        ^^^^^^ unknown province 'Lodnon' \u2014 did you mean London (LON)?"
    )


def test_spans_are_relative_to_the_order_within_its_line() -> None:
    entries, errors = read(START, {"ENGLAND": ["F Edi - Nwg,  A Lvp - Lodnon ; F Lon H"]})
    assert len(entries) == 2
    (error,) = errors
    assert error.input == "A Lvp - Lodnon"
    assert error.input[error.span[0] : error.span[1]] == "Lodnon"


# -- phases ---------------------------------------------------------------------------------


RETREAT = position(
    "F1901R",
    units={"AUSTRIA": ["A SER"], "TURKEY": ["A BUL"]},
    dislodged={"RUSSIA": {"A SER": ["ALB", "BUD"], "F BUL/EC": ["BLA", "RUM"]}},
)


def test_retreat_phase_reads_dashes_as_retreats_of_dislodged_units() -> None:
    entry = only_entry(RETREAT, "RUSSIA", "A Ser - Alb")
    assert str(entry.order) == "A SER R ALB"
    assert entry.illegal is None
    assert str(only_entry(RETREAT, "RUSSIA", "F Bul - Bla").order) == "F BUL/EC R BLA"
    assert str(only_entry(RETREAT, "RUSSIA", "Disband F Bul").order) == "F BUL/EC D"


def test_retreat_phase_errors() -> None:
    assert only_error(RETREAT, "AUSTRIA", "A Ser - Alb").error.startswith(
        "A SER belongs to Russia, not Austria"
    )
    assert only_error(RETREAT, "TURKEY", "A Con - Bul").error == (
        "no dislodged unit in Constantinople (CON)"
    )
    assert only_error(RETREAT, "RUSSIA", "A Ser H").error.startswith("only retreats and disbands")
    assert only_error(RETREAT, "RUSSIA", "A Ser - Alb via convoy").error == (
        "a retreat cannot go by convoy"
    )


WINTER = position(
    "W1901A",
    units={"FRANCE": ["A PAR", "F BRE"], "RUSSIA": ["A MOS"]},
    centers={"PAR": "FRANCE", "BRE": "FRANCE", "MAR": "FRANCE", "STP": "RUSSIA", "LON": "ENGLAND"},
)


def test_adjustment_phase() -> None:
    assert str(only_entry(WINTER, "FRANCE", "Build F Mar").order) == "F MAR B"
    assert str(only_entry(WINTER, "FRANCE", "- A Par").order) == "A PAR D"
    assert str(only_entry(WINTER, "FRANCE", "W").order) == "WAIVE"
    assert only_error(WINTER, "FRANCE", "A Par - Bur").error.startswith("only builds, removals")
    assert (
        only_error(WINTER, "FRANCE", "Remove A Mos").error == "A MOS belongs to Russia, not France"
    )


def test_build_without_unit_type() -> None:
    # DATC 4.C.3: an army inland, a fleet where a coast is named, else no build
    assert str(only_entry(WINTER, "RUSSIA", "Build Mos").order) == "A MOS B"
    assert str(only_entry(WINTER, "RUSSIA", "Build StP/nc").order) == "F STP/NC B"
    error = only_error(WINTER, "FRANCE", "Build Mar")
    assert error.error == "build an army or a fleet? Write A or F before Marseilles"
    assert error.span == (6, 9)


def test_waives_are_never_merged() -> None:
    entries, errors = read(WINTER, {"FRANCE": ["waive", "waive", "Build waived"]})
    assert errors == []
    assert [str(e.order) for e in entries] == ["WAIVE"] * 3


# -- DATC 4.C: unit type and nationality ---------------------------------------------------


def test_missing_and_wrong_unit_type_are_ignored() -> None:
    # 4.C.1 and 4.C.2: the position says what the unit is
    assert str(only_entry(START, "ENGLAND", "Lon - Nth").order) == "F LON - NTH"
    assert str(only_entry(START, "ENGLAND", "A Lon - Nth").order) == "F LON - NTH"
    assert str(only_entry(START, "FRANCE", "F Par - Bur").order) == "A PAR - BUR"


def test_nationality_is_optional_and_a_wrong_one_is_ignored() -> None:
    # 4.C.5 and 4.C.6
    pos = position(units={"GERMANY": ["A SIL"], "RUSSIA": ["A WAR"], "ENGLAND": ["A LON"]})
    for text in (
        "A Sil S A War - Pru",
        "A Sil S Russian A War - Pru",
        "A Sil S English A War - Pru",
        "A Sil S Russia Army War - Pru",
    ):
        assert str(only_entry(pos, "GERMANY", text).order) == "A SIL S A WAR - PRU"


def test_supported_unit_type_comes_from_the_position_then_the_text_then_the_terrain() -> None:
    pos = position(units={"ENGLAND": ["F LON", "F NTH"]})
    assert str(only_entry(pos, "ENGLAND", "F Lon S A Nth").order) == "F LON S F NTH"
    assert str(only_entry(pos, "ENGLAND", "F Lon S F Wal - Yor").order) == "F LON S F WAL - YOR"
    assert str(only_entry(pos, "ENGLAND", "F Lon S Wal - Yor").order) == "F LON S A WAL - YOR"
    assert str(only_entry(pos, "ENGLAND", "F Lon S Eng").order) == "F LON S F ENG"


# -- DATC 4.D.3: several orders for one unit ----------------------------------------------


def test_identical_orders_count_once() -> None:
    entries, errors = read(START, {"FRANCE": ["A Par - Bur", "A Paris -> Burgundy"]})
    assert [str(e.order) for e in entries] == ["A PAR - BUR"]
    assert [(e.input, e.error) for e in errors] == [
        ("A Paris -> Burgundy", "repeats the order 'A Par - Bur'")
    ]


def test_an_illegal_order_gives_way_to_a_legal_one() -> None:
    # DATC 4.E.1's example: the illegal second order for the army is simply ignored
    pos = position(units={"GERMANY": ["F KIE", "A HOL"]})
    orders = {"GERMANY": ["F Kiel Hold", "A Holland Supports Kiel", "A Holland - Picardy"]}
    entries, errors = read(pos, orders)
    assert [str(e.order) for e in entries] == ["F KIE H", "A HOL S F KIE"]
    assert len(errors) == 1
    assert errors[0].input == "A Holland - Picardy"
    assert errors[0].error.startswith("ignored: no fleets at sea could convoy A HOL to PIC")


def test_different_legal_orders_make_the_unit_hold_by_default() -> None:
    entries, errors = read(START, {"FRANCE": ["A Par - Bur", "A Par - Pic"]})
    assert entries == []
    assert [e.input for e in errors] == ["A Par - Bur", "A Par - Pic"]
    assert errors[0].error == (
        "2 different orders for one unit ('A Par - Bur', 'A Par - Pic'), so it holds"
    )


@pytest.mark.parametrize(("policy", "kept", "dropped"), [("first", 0, 1), ("last", 1, 0)])
def test_multiple_orders_first_or_last(policy: str, kept: int, dropped: int) -> None:
    texts = ["A Par - Bur", "A Par - Pic"]
    rules = Rules(multiple_orders=policy)  # type: ignore[arg-type]
    entries, errors = read(START, {"FRANCE": texts}, rules)
    assert [e.input for e in entries] == [texts[kept]]
    assert [e.input for e in errors] == [texts[dropped]]
    assert errors[0].error == f"overruled by the order '{texts[kept]}'"


def test_several_orders_in_a_retreat_phase_disband_the_unit() -> None:
    entries, errors = read(RETREAT, {"RUSSIA": ["A Ser - Alb", "A Ser - Bud"]})
    assert entries == []
    assert errors[0].error.endswith("so it is disbanded")


# -- DATC 6.B: coasts, read at the interpretation level ------------------------------------


def _move(text: str, units: dict[str, list[str]], power: str = "FRANCE") -> tuple[str, str | None]:
    entry = only_entry(position(units=units), power, text)
    return str(entry.order), entry.illegal


def test_6b1_two_possible_coasts_and_none_named_is_illegal() -> None:
    order, illegal = _move("F Portugal - Spain", {"FRANCE": ["F POR"]})
    assert order == "F POR - SPA"
    assert illegal == "the coast must be named: F POR can reach SPA/NC and SPA/SC"


def test_6b2_the_only_possible_coast_is_taken() -> None:
    assert _move("F Gascony - Spain", {"FRANCE": ["F GAS"]}) == ("F GAS - SPA/NC", None)


def test_6b3_a_named_coast_that_cannot_be_reached_is_illegal() -> None:
    order, illegal = _move("F Gascony - Spain(sc)", {"FRANCE": ["F GAS"]})
    assert order == "F GAS - SPA/SC"
    assert illegal == "F GAS cannot reach SPA/SC"


def test_6b4_support_to_an_unreachable_coast() -> None:
    units = {"FRANCE": ["F GAS", "F MAR"], "ITALY": ["F WES"]}
    assert _move("F Gascony - Spain(nc)", units) == ("F GAS - SPA/NC", None)
    assert _move("F Marseilles Supports F Gascony - Spain(nc)", units) == (
        "F MAR S F GAS - SPA/NC",
        None,
    )
    assert _move("F Western Mediterranean - Spain(sc)", units, "ITALY") == ("F WES - SPA/SC", None)


def test_6b5_support_from_an_unreachable_coast_is_illegal() -> None:
    units = {"FRANCE": ["F MAR", "F SPA/NC"], "ITALY": ["F LYO"]}
    order, illegal = _move("F Spain(nc) Supports F Marseilles - Gulf of Lyon", units)
    assert order == "F SPA/NC S F MAR - LYO"
    assert illegal == "F SPA/NC cannot reach LYO, so it cannot support there"


def test_6b6_support_from_the_other_coast() -> None:
    units = {"ENGLAND": ["F IRI", "F NAO"], "FRANCE": ["F SPA/NC", "F MAO"], "ITALY": ["F LYO"]}
    assert _move("F Spain(nc) Supports F Mid-Atlantic Ocean", units) == ("F SPA/NC S F MAO", None)
    assert _move("F Gulf of Lyon - Spain(sc)", units, "ITALY") == ("F LYO - SPA/SC", None)


@pytest.mark.parametrize(
    ("text", "order"),
    [
        ("F Portugal Supports F Mid-Atlantic Ocean - Spain", "F POR S F MAO - SPA"),  # 6.B.7
        ("F Portugal Supports F Gascony - Spain", "F POR S F GAS - SPA"),  # 6.B.8
        ("F Portugal Supports F Mid-Atlantic Ocean - Spain(nc)", "F POR S F MAO - SPA/NC"),  # 6.B.9
        ("F Portugal Supports F Mid-Atlantic Ocean - Spain", "F POR S F MAO - SPA"),  # 6.B.15
    ],
)
def test_6b7_to_6b9_and_6b15_supports_keep_a_coast_only_if_named(text: str, order: str) -> None:
    units = {"FRANCE": ["F POR", "F GAS"], "ENGLAND": ["F MAO"]}
    assert _move(text, units) == (order, None)


def test_6b10_the_coast_of_the_ordered_unit_is_ignored() -> None:
    assert _move("F Spain(nc) - Gulf of Lyon", {"FRANCE": ["F SPA/SC"]}) == ("F SPA/SC - LYO", None)


def test_6b11_ordering_the_other_coast_does_not_move_the_fleet_there() -> None:
    order, illegal = _move("F Spain(sc) - Gulf of Lyon", {"FRANCE": ["F SPA/NC"]})
    assert order == "F SPA/NC - LYO"
    assert illegal == "F SPA/NC cannot reach LYO"


def test_6b12_armies_ignore_coasts() -> None:
    assert _move("A Gascony - Spain(nc)", {"FRANCE": ["A GAS"]}) == ("A GAS - SPA", None)


def test_6b13_coastal_crawl_orders() -> None:
    units = {"TURKEY": ["F BUL/SC", "F CON"]}
    assert _move("F Bulgaria(sc) - Constantinople", units, "TURKEY") == ("F BUL/SC - CON", None)
    assert _move("F Constantinople - Bulgaria(ec)", units, "TURKEY") == ("F CON - BUL/EC", None)


def test_6b14_a_fleet_build_needs_its_coast() -> None:
    pos = position("W1901A", units={})
    entry = only_entry(pos, "RUSSIA", "Build F St Petersburg")
    assert str(entry.order) == "F STP B"
    assert entry.illegal == "a fleet built in St Petersburg needs a coast: STP/NC or STP/SC"


def test_unknown_and_irrelevant_coasts_are_ignored() -> None:
    # 4.B.6: Spain has no west coast; Brest has no coasts at all
    assert _move("F Gascony - Spain west coast", {"FRANCE": ["F GAS"]}) == ("F GAS - SPA/NC", None)
    assert _move("F Mao - Brest (east coast)", {"FRANCE": ["F MAO"]}) == ("F MAO - BRE", None)


def test_interpreted_orders_are_typed() -> None:
    entry = only_entry(START, "RUSSIA", "F StP - Bot")
    assert entry.order == Move(UnitRef(UnitType.FLEET, "STP/SC"), "BOT")


@pytest.mark.parametrize(
    ("text", "stray", "message"),
    [
        ("A Par X Bur", "X", "unexpected 'X' after 'Par': expected -, B, C, D, H, R, S"),
        ("A North Sea xyz", "xyz", "unexpected 'xyz' after 'North Sea'"),
        ("Army Gal. removed", "removed", "unexpected 'removed' after 'Gal'"),
    ],
)
def test_a_stray_word_after_a_place_is_pointed_at(text: str, stray: str, message: str) -> None:
    position = _stray_position()
    entries, errors = interpret_orders(MAP_FOR_STRAYS, position, {"FRANCE": [text]})
    assert entries == []
    (error,) = errors
    assert error.error.startswith(message)
    assert text[error.span[0] : error.span[1]] == stray


def test_an_order_word_at_the_end_keeps_the_grammars_message() -> None:
    _, errors = interpret_orders(MAP_FOR_STRAYS, _stray_position(), {"FRANCE": ["A Par -"]})
    assert errors[0].error == "incomplete order: expected a place"


MAP_FOR_STRAYS = load_map("standard")


def _stray_position() -> Position:
    units = {"PAR": Unit("FRANCE", UnitType.ARMY, "PAR")}
    return Position("standard", Phase.parse("S1901M"), units, MAP_FOR_STRAYS.start_centers())


class _Text(str, enum.Enum):  # noqa: UP042 (not StrEnum: its str() is its value)
    """Order texts a Python caller keeps as a str Enum."""

    PAR = "A PAR - BUR"


def test_a_str_enum_order_text_is_read_by_its_value() -> None:
    """str() of a str Enum is '_Text.PAR': the reader read that, and the order was lost."""
    pos = position(units={"FRANCE": ["A PAR", "F BRE"]})
    entries, errors = read(pos, {"FRANCE": [_Text.PAR, "F BRE - MAO"]})
    assert errors == []
    assert (entries[0].input, str(entries[0].order)) == ("A PAR - BUR", "A PAR - BUR")
