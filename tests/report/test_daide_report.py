"""`--format daide`: a phase's results as DAIDE ORD messages, on real phase documents and games."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from adjudicator.board.types import Phase, UnitType
from adjudicator.cli.game import game_command
from adjudicator.cli.main import main
from adjudicator.orders import refusals
from adjudicator.orders.model import Hold, UnitRef
from adjudicator.orders.refusals import Refusal
from adjudicator.orders.results import OrderResult
from adjudicator.report.daide import daide_turn, result_tokens


def _ord(tmp_path: Path, document: dict[str, Any]) -> list[str]:
    path = tmp_path / "phase.json"
    path.write_text(json.dumps(document))
    result = CliRunner().invoke(main, ["adjudicate", str(path), "--format", "daide"])
    assert result.exit_code == 0, result.output
    return result.output.splitlines()


def test_movement_results_with_their_tokens(tmp_path: Path) -> None:
    lines = _ord(
        tmp_path,
        {
            "phase": "F1901M",
            "units": {
                "ENGLAND": ["F LON", "F NTH", "A YOR", "F HEL"],
                "FRANCE": ["A PIC", "F BRE", "A BEL", "A BUR"],
                "GERMANY": ["F HOL", "A RUH", "A MUN"],
                "RUSSIA": ["F STP/SC"],
            },
            "orders": {
                "ENGLAND": [
                    "( ENG FLT LON ) HLD",
                    "F Hel S A Bel - Hol",
                    "( ENG AMY YOR ) CTO NWY",
                    "( ENG FLT NTH ) CVY ( ENG AMY YOR ) CTO NWY",
                ],
                "FRANCE": [
                    "A Pic - Lon",
                    "( FRA FLT BRE ) MTO ECH",
                    "( FRA AMY BEL ) MTO HOL",
                    "( FRA AMY BUR ) SUP ( GER AMY MUN )",
                ],
                "GERMANY": ["F Hol - Nth", "A Ruh - Bur", "A Mun H"],
                "RUSSIA": ["( RUS FLT ( STP SCS ) ) MTO GOB"],
            },
        },
    )
    assert lines == [
        "ORD ( FAL 1901 ) ( ( ENG AMY YOR ) CTO NWY VIA ( NTH ) ) ( SUC )",
        "ORD ( FAL 1901 ) ( ( ENG FLT HEL ) SUP ( FRA AMY BEL ) MTO HOL ) ( SUC )",
        "ORD ( FAL 1901 ) ( ( ENG FLT LON ) HLD ) ( SUC )",
        "ORD ( FAL 1901 ) ( ( ENG FLT NTH ) CVY ( ENG AMY YOR ) CTO NWY ) ( SUC )",
        "ORD ( FAL 1901 ) ( ( FRA AMY BEL ) MTO HOL ) ( SUC )",
        "ORD ( FAL 1901 ) ( ( FRA AMY BUR ) SUP ( GER AMY MUN ) ) ( CUT )",
        "ORD ( FAL 1901 ) ( ( FRA AMY PIC ) MTO LON ) ( FAR )",
        "ORD ( FAL 1901 ) ( ( FRA FLT BRE ) MTO ECH ) ( SUC )",
        "ORD ( FAL 1901 ) ( ( GER AMY MUN ) HLD ) ( SUC )",
        "ORD ( FAL 1901 ) ( ( GER AMY RUH ) MTO BUR ) ( BNC )",
        "ORD ( FAL 1901 ) ( ( GER FLT HOL ) MTO NTH ) ( BNC RET )",
        "ORD ( FAL 1901 ) ( ( RUS FLT ( STP SCS ) ) MTO GOB ) ( SUC )",
    ]


def test_a_dislodged_holder_is_ret_alone_and_a_disrupted_convoy_is_dsr(tmp_path: Path) -> None:
    lines = _ord(
        tmp_path,
        {
            "phase": "S1902M",
            "units": {
                "ENGLAND": ["A LON", "F ENG"],
                "FRANCE": ["F BRE", "F MAO"],
                "GERMANY": ["A HOL"],
            },
            "orders": {
                "ENGLAND": ["( ENG AMY LON ) CTO BEL VIA ( ECH )", "F Eng C A Lon - Bel"],
                "FRANCE": ["F Bre - Eng", "F Mao S F Bre - Eng"],
                "GERMANY": ["A Hol - Bel"],
            },
        },
    )
    assert lines == [
        "ORD ( SPR 1902 ) ( ( ENG AMY LON ) CTO BEL VIA ( ECH ) ) ( DSR )",
        "ORD ( SPR 1902 ) ( ( ENG FLT ECH ) CVY ( ENG AMY LON ) CTO BEL ) ( RET )",
        "ORD ( SPR 1902 ) ( ( FRA FLT BRE ) MTO ECH ) ( SUC )",
        "ORD ( SPR 1902 ) ( ( FRA FLT MAO ) SUP ( FRA FLT BRE ) MTO ECH ) ( SUC )",
        "ORD ( SPR 1902 ) ( ( GER AMY HOL ) MTO BEL ) ( SUC )",
    ]


def test_retreats_and_adjustments(tmp_path: Path) -> None:
    retreats = _ord(
        tmp_path,
        {
            "phase": "F1901R",
            "units": {"ENGLAND": ["F NTH"]},
            "dislodged": {"GERMANY": {"F HEL": ["DEN", "KIE"]}, "FRANCE": {"A BUR": ["PAR"]}},
            "orders": {"GERMANY": ["( GER FLT HEL ) RTO DEN"], "FRANCE": ["( FRA AMY BUR ) DSB"]},
        },
    )
    assert retreats == [
        "ORD ( AUT 1901 ) ( ( FRA AMY BUR ) DSB ) ( SUC )",
        "ORD ( AUT 1901 ) ( ( GER FLT HEL ) RTO DEN ) ( SUC )",
    ]
    builds = _ord(
        tmp_path,
        {
            "phase": "W1901A",
            "units": {"RUSSIA": ["A MOS"], "FRANCE": ["A PAR", "A BUR", "A PIC"]},
            "centers": {"RUSSIA": ["STP", "SEV", "MOS"], "FRANCE": ["PAR"]},
            "orders": {
                "RUSSIA": ["( RUS FLT ( STP NCS ) ) BLD", "RUS WVE"],
                "FRANCE": ["( FRA AMY PIC ) REM", "( FRA AMY BUR ) REM"],
            },
        },
    )
    assert builds == [
        "ORD ( WIN 1901 ) ( ( FRA AMY PIC ) REM ) ( SUC )",
        "ORD ( WIN 1901 ) ( ( FRA AMY BUR ) REM ) ( SUC )",
        "ORD ( WIN 1901 ) ( ( RUS FLT ( STP NCS ) ) BLD ) ( SUC )",
        "ORD ( WIN 1901 ) ( RUS WVE ) ( SUC )",
    ]


def test_turns_and_tokens() -> None:
    assert [daide_turn(Phase.parse(p)) for p in ("S1901M", "S1901R", "F1901M", "F1901R")] == [
        "SPR 1901",
        "SUM 1901",
        "FAL 1901",
        "AUT 1901",
    ]
    assert daide_turn(Phase.parse("W1910A")) == "WIN 1910"

    hold = Hold(UnitRef(UnitType.ARMY, "PAR"))
    void = OrderResult("FRANCE", "A PAR", None, "A PAR H", "fails", ("void",), None)
    assert result_tokens(void, hold) == "NSO"


def test_game_adjudicate_prints_ord_messages(tmp_path: Path) -> None:
    path = str(tmp_path / "club.json")
    runner = CliRunner()
    runner.invoke(game_command, ["new", path])
    runner.invoke(game_command, ["orders", path, "england", "-"], input="( ENG FLT LON ) MTO ECH\n")
    result = runner.invoke(game_command, ["adjudicate", path, "--format", "daide"])
    assert result.exit_code == 0, result.output
    assert "ORD ( SPR 1901 ) ( ( ENG FLT LON ) MTO ECH ) ( SUC )\n" in result.output
    assert "ORD ( SPR 1901 ) ( ( RUS FLT ( STP SCS ) ) HLD ) ( SUC )\n" in result.output


def test_game_adjudicate_in_daide_still_shows_the_lines_it_could_not_read(tmp_path: Path) -> None:
    path = str(tmp_path / "club.json")
    runner = CliRunner()
    runner.invoke(game_command, ["new", path])
    runner.invoke(game_command, ["orders", path, "france", "-"], input="A Par - Xyz\nA Mar - Spa\n")
    result = runner.invoke(game_command, ["adjudicate", path, "--format", "daide"])
    assert result.exit_code == 0, result.output
    assert "ORD ( SPR 1901 ) ( ( FRA AMY MAR ) MTO SPA ) ( SUC )\n" in result.stdout
    assert "unknown province 'Xyz'" in result.stderr  # DAIDE has no message for it: not dropped


def test_the_readme_shows_real_output() -> None:
    root = Path(__file__).resolve().parents[2]
    readme = (root / "README.md").read_text(encoding="utf-8")
    marker = "`adjudicator adjudicate examples/daide-fall-1901.json --format daide` prints:"
    start = readme.index("```\n", readme.index(marker)) + len("```\n")
    shown = readme[start : readme.index("\n```", start)]
    example = str(root / "examples" / "daide-fall-1901.json")
    result = CliRunner().invoke(main, ["adjudicate", example, "--format", "daide"])
    assert result.exit_code == 0
    assert result.output.rstrip("\n") == shown


def test_an_unread_line_is_labelled_by_its_power_s_map_name(tmp_path: Path) -> None:
    """The lines DAIDE has no message for go to standard error under Map.power_name."""
    path = tmp_path / "phase.json"
    document = {
        "variant": "chaos",
        "phase": "S1901M",
        "units": {"ST_PETERSBURG": ["A STP"]},
        "orders": {"ST_PETERSBURG": ["A Stp - Xyz"]},
    }
    path.write_text(json.dumps(document))
    result = CliRunner().invoke(main, ["adjudicate", str(path), "--format", "daide"])
    assert result.stderr.startswith("St Petersburg:\nA Stp - Xyz\n")


def test_a_refused_order_gets_the_token_a_daide_server_answers(tmp_path: Path) -> None:
    """An order kept as illegal reports why in DAIDE's words (report.daide._REFUSALS), not FLD."""
    moves = _ord(
        tmp_path,
        {
            "phase": "S1901M",
            "units": {"FRANCE": ["A PAR", "F MAO", "F BRE", "A PIC", "F NAO", "A MAR"]},
            "orders": {
                "FRANCE": [
                    "A Par - Mos",
                    "F Mao - Spa",
                    "A Mar C F Mao - Gas",
                    "F Nao C F Mao - Bre",
                    "F Bre C A Pic - Lon",
                    "A Pic H",
                ]
            },
        },
    )
    assert moves == [
        "ORD ( SPR 1901 ) ( ( FRA AMY MAR ) CVY ( FRA FLT MAO ) CTO GAS ) ( NSF )",
        "ORD ( SPR 1901 ) ( ( FRA AMY PAR ) MTO MOS ) ( FAR )",
        "ORD ( SPR 1901 ) ( ( FRA AMY PIC ) HLD ) ( SUC )",
        "ORD ( SPR 1901 ) ( ( FRA FLT BRE ) CVY ( FRA AMY PIC ) CTO LON ) ( NAS )",
        "ORD ( SPR 1901 ) ( ( FRA FLT MAO ) MTO SPA ) ( CST )",
        "ORD ( SPR 1901 ) ( ( FRA FLT NAO ) CVY ( FRA FLT MAO ) CTO BRE ) ( NSA )",
    ]
    builds = _ord(
        tmp_path,
        {
            "phase": "W1901A",
            "units": {"FRANCE": ["A PAR"], "GERMANY": ["A KIE"]},
            "centers": {"FRANCE": ["PAR", "MAR", "BRE", "SPA"], "GERMANY": ["KIE", "HOL"]},
            "orders": {"FRANCE": ["Build A Par", "Build A Mun"], "GERMANY": ["Build A Ber"]},
        },
    )
    refused = [line for line in builds if "WVE" not in line]
    assert refused == [
        "ORD ( WIN 1901 ) ( ( FRA AMY PAR ) BLD ) ( ESC )",
        "ORD ( WIN 1901 ) ( ( FRA AMY MUN ) BLD ) ( HSC )",
        "ORD ( WIN 1901 ) ( ( GER AMY BER ) BLD ) ( YSC )",
    ]
    retreats = _ord(
        tmp_path,
        {
            "phase": "F1901R",
            "units": {"ENGLAND": ["F NTH"]},
            "dislodged": {"GERMANY": {"F HEL": ["DEN", "KIE"]}},
            "orders": {"GERMANY": ["F Hel - Nth"]},
        },
    )
    assert retreats == ["ORD ( AUT 1901 ) ( ( GER FLT HEL ) RTO NTH ) ( NVR )"]


def test_a_build_or_removal_beyond_the_count_answers_nmb_or_nmr(tmp_path: Path) -> None:
    """A build or removal over the power's count is refused (not illegal): DAIDE's NMB/NMR,
    never an empty result `(  )`."""
    removals = _ord(
        tmp_path,
        {
            "phase": "W1901A",
            "units": {"FRANCE": ["A RUH"]},
            "centers": {"FRANCE": ["PAR"]},
            "orders": {"FRANCE": ["Remove A Ruh"]},
        },
    )
    assert removals == ["ORD ( WIN 1901 ) ( ( FRA AMY RUH ) REM ) ( NMR )"]
    builds = _ord(
        tmp_path,
        {
            "phase": "W1901A",
            "units": {"FRANCE": ["A PAR", "A PIC"]},
            "centers": {"FRANCE": ["PAR", "MAR", "BRE"]},  # one build due
            "orders": {"FRANCE": ["Build A Mar", "Build F Bre"]},
        },
    )
    assert "ORD ( WIN 1901 ) ( ( FRA FLT BRE ) BLD ) ( NMB )" in builds
    assert all(not line.endswith("(  )") for line in builds)


def test_rewording_a_refusal_keeps_its_token(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The token comes from the reason's kind (orders.refusals), not from its English: reworded
    templates give new words and the same tokens."""
    document: dict[str, Any] = {
        "phase": "S1901M",
        "units": {"FRANCE": ["A PAR", "F MAO"]},
        "orders": {"FRANCE": ["A Par - Mos", "F Mao - Spa"]},
    }
    before = _ord(tmp_path, document)
    assert before == [
        "ORD ( SPR 1901 ) ( ( FRA AMY PAR ) MTO MOS ) ( FAR )",
        "ORD ( SPR 1901 ) ( ( FRA FLT MAO ) MTO SPA ) ( CST )",
    ]
    monkeypatch.setitem(
        refusals.TEMPLATES, "unreachable", ("{unit} is too far from {target}", Refusal.UNREACHABLE)
    )
    monkeypatch.setitem(
        refusals.TEMPLATES, "coast_needed", ("which coast of {options}, {unit}?", Refusal.COAST)
    )
    refusals._patterns.cache_clear()
    # other spellings of the same orders: texts read before keep the reasons they were read with
    document["orders"] = {"FRANCE": ["A Paris - Moscow", "F Mid-Atlantic Ocean - Spain"]}
    try:
        path = tmp_path / "phase.json"
        path.write_text(json.dumps(document))
        reworded = CliRunner().invoke(main, ["adjudicate", str(path), "--format", "json"])
        assert "A PAR is too far from MOS" in reworded.output
        assert "which coast of SPA/NC and SPA/SC, F MAO?" in reworded.output
        assert _ord(tmp_path, document) == before
    finally:
        monkeypatch.undo()
        refusals._patterns.cache_clear()
