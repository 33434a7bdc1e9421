"""Orders in DAIDE's syntax: the grammar, reading (strict and lenient), errors, the map's tokens.

The writer and the round trip over many positions are in test_daide_roundtrip.py.
"""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers_orders import MAP, position, read
from lark import Lark

from adjudicator.board.map import load_map
from adjudicator.board.resources import data_dir
from adjudicator.board.validate import validate_map_data
from adjudicator.cli.main import main
from adjudicator.orders.caret import render_caret
from adjudicator.orders.daide import daide_order, is_daide, tokens_for
from adjudicator.orders.model import Hold, UnitRef
from adjudicator.orders.parse import OrderParseError, parse_order

BOARD = position(
    units={
        "ENGLAND": ["F LON", "A YOR", "F NTH", "F ENG"],
        "FRANCE": ["A PAR", "A MAR", "F BRE"],
        "RUSSIA": ["F STP/SC", "F SEV"],
        "TURKEY": ["F ANK"],
        "ITALY": ["F ROM"],
    }
)


def test_grammar_builds_in_strict_mode_when_interegular_is_there() -> None:
    pytest.importorskip("interegular")
    text = (data_dir("grammar") / "daide.lark").read_text()
    parser = Lark(text, parser="lalr", lexer="contextual", strict=True)
    assert parser.parse("( ENG FLT LON ) MTO NTH")


READINGS = [
    ("( ENG FLT LON ) MTO NTH", "F LON - NTH"),
    ("( ENG FLT LON ) MTO ECH", "F LON - ENG"),
    ("( FRA AMY PAR ) SUP ( FRA AMY MAR ) MTO BUR", "A PAR S A MAR - BUR"),
    ("( FRA AMY PAR ) SUP ( FRA AMY MAR )", "A PAR S A MAR"),
    ("( ENG FLT NTH ) CVY ( ENG AMY YOR ) CTO BEL", "F NTH C A YOR - BEL"),
    ("( ENG AMY YOR ) CTO BEL VIA ( NTH )", "A YOR - NTH - BEL"),
    ("( ENG AMY YOR ) CTO BEL", "A YOR - BEL VIA"),
    ("( ENG AMY YOR ) MTO BEL", "A YOR - BEL"),
    ("( RUS FLT ( STP SCS ) ) MTO GOB", "F STP/SC - BOT"),
    ("( FRA FLT BRE ) MTO ( SPA NCS )", "F BRE - SPA/NC"),
    ("( ITA FLT ROM ) MTO GOL", "F ROM - LYO"),
    ("( TUR FLT ANK ) HLD", "F ANK H"),
    ("(tur flt ank) hld", "F ANK H"),
    ("( ENG FLT ECH ) SUP ( FRA FLT BRE ) MTO ( SPA NCS )", "F ENG S F BRE - SPA/NC"),
]


@pytest.mark.parametrize(("text", "canonical"), READINGS)
def test_daide_orders_read_as_the_same_orders(text: str, canonical: str) -> None:
    assert str(parse_order(MAP, text)) == canonical
    entries, errors = read(BOARD, {"": [text]})  # the power comes from the order's tokens
    assert errors == []
    assert [str(e.order) for e in entries] == [canonical]
    assert is_daide(text)


@pytest.mark.parametrize(
    ("phase", "text", "canonical"),
    [
        ("F1901R", "( ENG FLT NTH ) RTO HEL", "F NTH R HEL"),
        ("F1901R", "( ENG FLT NTH ) MTO HEL", "F NTH R HEL"),
        ("F1901R", "( ENG FLT NTH ) DSB", "F NTH D"),
        ("W1901A", "( ENG FLT EDI ) BLD", "F EDI B"),
        ("W1901A", "( RUS FLT ( STP NCS ) ) BLD", "F STP/NC B"),
        ("W1901A", "( ENG FLT LON ) REM", "F LON D"),
        ("W1901A", "ENG WVE", "WAIVE"),
    ],
)
def test_retreats_and_adjustments(phase: str, text: str, canonical: str) -> None:
    units = {"ENGLAND": ["F LON"]}
    dislodged = {"ENGLAND": {"F NTH": ["HEL", "DEN"]}} if phase == "F1901R" else None
    centers = {"EDI": "ENGLAND", "LON": "ENGLAND", "LVP": "ENGLAND", "STP": "RUSSIA"}
    pos = position(phase, units, dislodged, centers)
    entries, errors = read(pos, {"": [text]})
    assert errors == []
    assert [str(e.order) for e in entries] == [canonical]
    assert entries[0].illegal is None


def test_a_sheet_may_mix_notations_and_powers() -> None:
    """A DAIDE order names its power where the sheet names none; after a header, the
    header's power orders, as for any other notation."""
    sheet = "( RUS FLT ( STP SCS ) ) MTO GOB\nFrance: A Par - Bur\n( ENG FLT LON ) MTO NTH"
    entries, errors = read(BOARD, {"": [sheet]})
    assert [(e.power, str(e.order)) for e in entries] == [
        ("RUSSIA", "F STP/SC - BOT"),
        ("FRANCE", "A PAR - BUR"),
    ]
    assert [(e.power, e.error) for e in errors] == [
        ("FRANCE", "F LON belongs to England, not France")
    ]


def test_the_power_the_sheet_gives_is_kept_and_checked_as_usual() -> None:
    entries, errors = read(BOARD, {"ENGLAND": ["( FRA AMY PAR ) MTO BUR"]})
    assert entries == []
    assert [(e.error, e.span) for e in errors] == [
        ("A PAR belongs to France, not England", (0, 15))
    ]


@pytest.mark.parametrize(
    ("text", "message", "bad"),
    [
        (
            "( ENG FLT LON ) MTO ECX",
            "unknown DAIDE province token 'ECX' \u2014 did you mean ECH (English Channel)?",
            "ECX",
        ),
        (
            "( ENG FLT LON ) MTO ENG",
            "unknown DAIDE province token 'ENG' \u2014 did you mean ECH (English Channel)?",
            "ENG",
        ),
        (
            "( ITA FLT ROM ) MTO LYO",
            "unknown DAIDE province token 'LYO' \u2014 did you mean GOL (Gulf of Lyon)?",
            "LYO",
        ),
        (
            "( ENX FLT LON ) HLD",
            "unknown DAIDE power token 'ENX' \u2014 did you mean ENG (England)?",
            "ENX",
        ),
        (
            "( ENGLAND FLT LON ) HLD",
            "unknown DAIDE power token 'ENGLAND' \u2014 did you mean ENG (England)?",
            "ENGLAND",
        ),
        (
            "( RUS FLT ( STP NCX ) ) HLD",
            "unknown DAIDE coast token 'NCX' \u2014 did you mean NCS?",
            "NCX",
        ),
        (
            "( ENG AMY YOR ) CTO BEL VIA ( NTX )",
            "unknown DAIDE province token 'NTX' \u2014 did you mean NTH (North Sea)?",
            "NTX",
        ),
        (
            "( ENG XXX LON ) HLD",
            "unexpected 'XXX': expected AMY, FLT",
            "XXX",
        ),
        (
            "( ENG FLT LON ) HLD NTH",
            "unexpected 'NTH': expected the end of the order",
            "NTH",
        ),
    ],
)
def test_errors_point_at_the_bad_token(text: str, message: str, bad: str) -> None:
    entries, errors = read(BOARD, {"": [text]})
    assert entries == []
    (error,) = errors
    assert error.error == message
    start = text.rindex(bad)
    assert error.span == (start, start + len(bad))
    with pytest.raises(OrderParseError) as raised:
        parse_order(MAP, text)
    assert (raised.value.message, raised.value.span) == (message, error.span)


def test_an_incomplete_order_is_named_at_its_end() -> None:
    text = "( ENG FLT LON ) SUP"
    (error,) = read(BOARD, {"": [text]})[1]
    assert error.power == "ENGLAND"  # named by its first token, though the rest does not read
    assert render_caret(text, error.span, error.error) == (
        "( ENG FLT LON ) SUP\n                   ^ incomplete DAIDE order: expected '('"
    )


def test_a_waive_without_a_power_needs_one_from_the_sheet() -> None:
    pos = position("W1901A", {}, centers={"LON": "ENGLAND"})
    entries, errors = read(pos, {"": ["WVE"]})
    assert [e.error for e in errors] == ["no power given: start with a header such as 'England:'"]
    entries, errors = read(pos, {"ENGLAND": ["WVE"]})
    assert [(e.power, str(e.order)) for e in entries] == [("ENGLAND", "WAIVE")]


def test_orders_in_the_wrong_phase_say_so() -> None:
    (error,) = read(BOARD, {"": ["( ENG FLT LON ) RTO NTH"]})[1]
    assert error.error == "only holds, moves, supports and convoys are ordered in a movement phase"


def test_ordinary_orders_are_not_taken_for_daide() -> None:
    for text in ("A Par - Bur", "F Spain(nc) S English A Gulf of Lyon - Mar", "WAIVE", "A PAR H"):
        assert not is_daide(text)


def test_check_reads_a_daide_sheet(tmp_path: Path) -> None:
    state = tmp_path / "state.json"
    state.write_text('{"phase": "S1901M", "units": {"ENGLAND": ["F LON"], "FRANCE": ["A PAR"]}}')
    sheet = tmp_path / "orders.txt"
    sheet.write_text("( ENG FLT LON ) MTO NTH\n( FRA AMY PAR ) MTO BUX\n")
    result = CliRunner().invoke(main, ["check", str(sheet), "--state", str(state)])
    assert result.exit_code == 1
    assert "England:  ( ENG FLT LON ) MTO NTH" in result.output
    assert "=> F LON - NTH" in result.output
    assert "^^^ unknown DAIDE province token 'BUX' \u2014 did you mean BUR (Burgundy) or" in (
        result.output
    )


# -- the map's tokens --------------------------------------------------------------------------


def test_the_standard_map_gives_the_daide_tokens() -> None:
    tokens = tokens_for(MAP)
    assert sorted(tokens.powers) == ["AUS", "ENG", "FRA", "GER", "ITA", "RUS", "TUR"]
    assert len(tokens.provinces) == len(MAP.provinces) == 76  # DAIDE's 75, and SWI
    assert {t: c for t, c in tokens.provinces.items() if t != c} == {
        "ECH": "ENG",
        "GOB": "BOT",
        "GOL": "LYO",
    }
    assert tokens.coasts == {"NCS": "NC", "SCS": "SC", "ECS": "EC", "WCS": "WC"}


@pytest.mark.parametrize("name", ["standard", "five", "modern", "youngstown", "ancmed", "hundred"])
def test_every_variant_has_unique_tokens(name: str) -> None:
    """Variants without DAIDE tokens use their codes: still one meaning per token."""
    game_map = load_map(name)
    tokens = tokens_for(game_map)
    assert len(tokens.provinces) == len(game_map.provinces)
    assert len(tokens.powers) == len(game_map.powers)
    assert not set(tokens.provinces) & set(tokens.powers)
    unit = next(iter(game_map.start_units()))
    text = daide_order(game_map, Hold(UnitRef(unit.type, unit.location)), unit.power)
    assert str(parse_order(game_map, text)) == f"{unit} H"


def _standard_data() -> dict[str, object]:
    return tomllib.loads((data_dir("maps") / "standard.toml").read_text())


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d["provinces"]["ENG"].pop("daide"),
            "[powers.ENGLAND]: DAIDE token 'ENG' is also the token of province ENG; give the "
            'province its own (daide = "..."), as the standard map gives the English Channel ECH',
        ),
        (
            lambda d: d["provinces"]["BOT"].update(daide="GOL"),
            "[provinces] LYO: DAIDE token 'GOL' is also the token of BOT; "
            'give one of them its own (daide = "...")',
        ),
        (
            lambda d: d["powers"]["FRANCE"].update(daide="fr"),
            '[powers.FRANCE]: a DAIDE token is three upper-case letters, e.g. daide = "ECH"',
        ),
        (
            lambda d: d["daide"]["coasts"].update(XC="XCS"),
            "[daide] coasts: XC is not a coast of [coast_names]",
        ),
        (
            lambda d: d["daide"].update(seasons=[]),
            "[daide]: unknown field 'seasons'; known: coasts",
        ),
    ],
)
def test_the_validator_checks_the_tokens(change: object, message: str) -> None:
    data = copy.deepcopy(_standard_data())
    change(data)  # type: ignore[operator]
    assert message in validate_map_data(data)


def test_the_shipped_standard_map_is_valid() -> None:
    assert validate_map_data(_standard_data()) == []
