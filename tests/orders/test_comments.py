"""Nothing given vanishes (issue 10, fault 2): comments and lines of dots are entries the player
sees, of kind "comment"; an order written after '//' or '#' on the same line as another order
is an error, not lost."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from helpers_orders import position, read

from adjudicator.cli.main import main
from adjudicator.contract.documents import adjudicate_document
from adjudicator.contract.schema import ResultDocument
from adjudicator.game.game import adjudicate_pending, new_game, with_orders
from adjudicator.game.gamefile import read_game, write_game
from adjudicator.judge.ack import line_readings
from adjudicator.orders.results import faults

START = position(units={"FRANCE": ["A PAR", "A MAR", "F BRE"]})


def test_an_order_after_a_comment_mark_on_an_order_line_is_an_error() -> None:
    entries, errors = read(START, {"FRANCE": ["A Par - Bur // A Mar - Spa"]})
    assert [str(e.order) for e in entries] == ["A PAR - BUR"]
    [error] = errors
    assert (error.input, error.span, error.kind) == ("// A Mar - Spa", (3, 14), "error")
    assert error.error == (
        "an order after '//' is not read: put each order on its own line, or remove it"
    )
    _, errors = read(START, {"FRANCE": ["A Par - Bur #A Mar - Spa"]})
    assert [(e.input, e.span, e.error[:20]) for e in errors] == [
        ("#A Mar - Spa", (1, 12), "an order after '#' i")
    ]


def test_comments_and_lines_of_dots_are_ignored_comments_the_player_sees() -> None:
    sheet = "# my orders\nA Par - Bur // the big push\n....\nA Mar H, ...\n// A Mar - Spa"
    entries, errors = read(START, {"FRANCE": [sheet]})
    assert [str(e.order) for e in entries] == ["A PAR - BUR", "A MAR H"]
    assert faults(errors) == []
    assert [(e.input, e.error, e.span, e.kind) for e in errors] == [
        ("# my orders", "ignored comment", (0, 11), "comment"),
        ("// the big push", "ignored comment", (0, 15), "comment"),
        ("....", "ignored comment", (0, 4), "comment"),
        ("...", "ignored comment", (0, 3), "comment"),
        # a whole line commented out is the player's choice: shown, not an error
        ("// A Mar - Spa", "ignored comment", (0, 14), "comment"),
    ]


def test_the_result_document_marks_comments_with_their_kind() -> None:
    document = {
        "phase": "S1901M",
        "units": {"FRANCE": ["A PAR", "A MAR"]},
        "orders": {"FRANCE": ["A Par - Bur # thanks GM", "A Mar H // A Mar - Spa"]},
    }
    result = adjudicate_document(document)
    ResultDocument.model_validate(result)
    assert result["errors"][0] == {
        "power": "FRANCE",
        "input": "# thanks GM",
        "error": "ignored comment",
        "span": [0, 11],
        "kind": "comment",
    }
    assert "kind" not in result["errors"][-1]  # an order after '//': an error


def test_check_shows_comments_and_exits_0_when_nothing_else_is_wrong(tmp_path: Path) -> None:
    sheet = tmp_path / "orders.txt"
    sheet.write_text("France:\nA Par - Bur # the big push\n")
    state = tmp_path / "phase.json"
    state.write_text(json.dumps({"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}}))
    result = CliRunner().invoke(main, ["check", str(sheet), "--state", str(state)])
    assert result.exit_code == 0, result.output
    assert "# the big push\n^^^^^^^^^^^^^^ ignored comment" in result.output


def test_the_text_report_lists_comments_after_the_errors_grouped_by_power(
    tmp_path: Path,
) -> None:
    document = {
        "phase": "S1901M",
        "units": {"FRANCE": ["A PAR", "A MAR"], "ENGLAND": ["F LON"]},
        "orders": {
            "FRANCE": ["A Par - Bur # go", "A Lodnon - Wal", "A Mar - Xyz"],
            "ENGLAND": ["F Lon - Nth // hi"],
        },
    }
    path = tmp_path / "phase.json"
    path.write_text(json.dumps(document))
    result = CliRunner().invoke(main, ["adjudicate", str(path), "--format", "text"])
    assert result.exit_code == 0, result.output
    tail = result.output.split("Orders that could not be read:\n", 1)[1]
    assert tail.startswith("\nFrance:\nA Lodnon - Wal\n")
    assert tail.count("France:") == 2  # once for the errors, once for the comments
    assert "A Mar - Xyz\n" in tail.split("Comments")[0]
    comments = tail.split("Comments (ignored, not read as orders):\n", 1)[1]
    assert comments == (
        "\nFrance:\n# go\n^^^^ ignored comment\n\nEngland:\n// hi\n^^^^^ ignored comment\n"
    )


def test_a_game_file_keeps_the_kind_of_its_entries(tmp_path: Path) -> None:
    game = with_orders(new_game("standard"), "FRANCE", ["A Par - Bur # go"])
    played, _ = adjudicate_pending(game)
    path = tmp_path / "game.json"
    write_game(path, played)
    [comment] = read_game(path).played[0].errors
    assert comment.is_comment and comment.input == "# go"


def test_the_judge_acknowledgement_shows_each_comment_under_its_line() -> None:
    lines = ["A Par - Bur # go", "A Mar H"]
    entries, errors = read(START, {"FRANCE": lines})
    shown = line_readings(lines, entries, errors)
    assert shown[0] == ["    read as A PAR - BUR", "    # go", "    ^^^^ ignored comment"]
    assert shown[1] == ["    read as A MAR H"]
