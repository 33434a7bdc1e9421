"""Bad input gets one sentence naming the file, never a traceback (issue 10, fault 3): order
sheets and game files that are missing, folders, not UTF-8 or nested too deeply, and lone
surrogates in order strings, printed as text or JSON and written into a game file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from adjudicator.cli.main import main
from adjudicator.game.game import new_game, with_orders
from adjudicator.game.gamefile import read_game, write_game

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "spring-1901.json"

BAD_IDS = ["missing", "folder", "not-utf8"]
BAD_CONTENTS = [
    (None, "no such file"),
    ("folder", "is a folder, not a file"),
    (b"France:\nA Par - Bur\n\xff\xfe", "not UTF-8 text (byte 20: b'\\xff')"),
]


def _invoke(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def _make(path: Path, content: bytes | str | None) -> None:
    if content == "folder":
        path.mkdir()
    elif isinstance(content, bytes):
        path.write_bytes(content)


def _one_sentence(result: Result, path: Path, expected: str) -> None:
    assert result.exit_code in (1, 2), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert f"Error: {path}: " in result.output
    assert expected in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize(("content", "expected"), BAD_CONTENTS, ids=BAD_IDS)
def test_check_names_a_bad_order_sheet(tmp_path: Path, content: object, expected: str) -> None:
    sheet = tmp_path / "orders.txt"
    _make(sheet, content)  # type: ignore[arg-type]
    _one_sentence(_invoke("check", str(sheet), "--state", str(EXAMPLE)), sheet, expected)


@pytest.mark.parametrize(("content", "expected"), BAD_CONTENTS, ids=BAD_IDS)
def test_game_orders_names_a_bad_order_sheet(
    tmp_path: Path, content: object, expected: str
) -> None:
    game = tmp_path / "game.json"
    write_game(game, new_game("standard"))
    sheet = tmp_path / "orders.txt"
    _make(sheet, content)  # type: ignore[arg-type]
    _one_sentence(_invoke("game", "orders", str(game), "france", str(sheet)), sheet, expected)
    assert read_game(game).pending == {}  # nothing was stored


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (None, "No such file"),
        ("folder", "Is a directory"),
        (b'{"format": "adjudicator-game", \xe9t\xe9}', "not UTF-8 text (byte 31: b'\\xe9')"),
        (b"[" * 100_000, "JSON nested too deeply to be a game file"),
    ],
    ids=["missing", "folder", "not-utf8", "deep"],
)
def test_a_bad_game_file_is_named(tmp_path: Path, content: object, expected: str) -> None:
    game = tmp_path / "game.json"
    _make(game, content)  # type: ignore[arg-type]
    for command in (["show"], ["adjudicate"], ["orders", "france", "-"]):
        args = ["game", command[0], str(game), *command[1:]]
        _one_sentence(CliRunner().invoke(main, args, input="A Par H"), game, expected)


SURROGATE_DOCUMENT = (
    '{"phase": "S1901M", "units": {"FRANCE": ["A PAR"]},'
    ' "orders": {"FRANCE": ["A Par - Bur \\ud800"]}}'
)


def test_a_lone_surrogate_is_printed_as_its_escape_in_json(tmp_path: Path) -> None:
    document = tmp_path / "phase.json"
    document.write_text(SURROGATE_DOCUMENT)
    result = _invoke("adjudicate", str(document))
    assert result.exception is None, result.output
    [error] = json.loads(result.output)["errors"]
    assert error["input"] == "A Par - Bur \ud800"  # the escape reads back as what was sent


def test_a_lone_surrogate_is_printed_as_its_escape_in_the_text_report(tmp_path: Path) -> None:
    document = tmp_path / "phase.json"
    document.write_text(SURROGATE_DOCUMENT)
    result = _invoke("adjudicate", str(document), "--format", "text")
    assert result.exception is None, result.output
    assert "A Par - Bur \\ud800\n" in result.output


def test_a_lone_surrogate_in_pending_orders_is_written_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    game = with_orders(new_game("standard"), "FRANCE", ["A Par - Bur \ud800"])
    write_game(path, game)
    assert read_game(path).pending == game.pending


@pytest.mark.parametrize("report", ["json", "text", "daide"])
def test_a_local_phase_document_may_name_a_map_file_in_every_report(
    tmp_path: Path, report: str
) -> None:
    """A file the user names is read with the map file it names (a game on its own map writes
    such results), in every report alike: the JSON report alone refused it."""
    named = str(ROOT / "maps" / "standard.toml")
    path = tmp_path / "phase.json"
    path.write_text(json.dumps({**json.loads(EXAMPLE.read_text()), "variant": named}))
    result = _invoke("adjudicate", str(path), "--format", report)
    bundled = _invoke("adjudicate", str(EXAMPLE), "--format", report)
    assert result.exit_code == 0 == bundled.exit_code, result.output
    if report != "json":
        assert result.output == bundled.output
        return
    got, expected = json.loads(result.output), json.loads(bundled.output)
    assert got["next"].pop("variant") == named and expected["next"].pop("variant") == "standard"
    assert got == expected


@pytest.mark.parametrize("command", ["html", "show"])
def test_a_game_picture_on_a_map_without_a_drawing_says_how_to_make_one(
    tmp_path: Path, command: str
) -> None:
    island = ROOT / "tests" / "maps" / "island.toml"  # a map file with no drawing beside it
    game_file = tmp_path / "island.json"
    assert _invoke("game", "new", str(game_file), "--variant", str(island)).exit_code == 0
    picture = tmp_path / ("island.html" if command == "html" else "island.svg")
    result = _invoke("game", command, str(game_file), "-o", str(picture))
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "no drawing for the map" in result.output
    assert "adjudicator map import-drawing" in result.output
    assert not picture.exists()
