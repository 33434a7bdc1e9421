"""`adjudicator render` and `adjudicator game show -o`: documents and games drawn to files."""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from adjudicator.cli.game import game_command
from adjudicator.cli.main import main

EXAMPLES = Path(__file__).parents[2] / "examples"
PNG = b"\x89PNG\r\n\x1a\n"


def _orders(svg: Path) -> dict[str, set[str]]:
    root = ET.fromstring(svg.read_text(encoding="utf-8"))
    found: dict[str, set[str]] = {}
    for element in root.iter():
        classes = element.get("class", "").split()
        if "order" in classes:
            found[element.get("data-order", "")] = set(classes)
    return found


def test_a_phase_document_draws_its_orders(tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    args = ["render", str(EXAMPLES / "sample-spring-1901.json"), "-o", str(out)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    orders = _orders(out)
    assert len(orders) == 22 and orders["A LVP - YOR"] == {"order", "move", "given"}


def test_a_result_document_draws_the_outcomes(tmp_path: Path) -> None:
    runner = CliRunner()
    fall = json.loads((EXAMPLES / "sample-game.json").read_text(encoding="utf-8"))
    doc = dict(fall["phases"][0]["next"], variant="standard", rules="2023")
    doc["orders"] = fall["phases"][1]["orders"]
    phase = tmp_path / "fall.json"
    phase.write_text(json.dumps(doc), encoding="utf-8")
    adjudicated = runner.invoke(main, ["adjudicate", str(phase)])
    assert adjudicated.exit_code == 0, adjudicated.output
    (tmp_path / "result.json").write_text(adjudicated.output, encoding="utf-8")
    out = tmp_path / "result.svg"
    result = runner.invoke(main, ["render", str(tmp_path / "result.json"), "-o", str(out)])
    assert result.exit_code == 0, result.output
    orders = _orders(out)
    assert orders["F NTH C A YOR - NWY"] == {"order", "convoy", "ok"}
    assert orders["A BUD - SER"] == {"order", "move", "failed"}
    assert orders["A UKR S F SEV - RUM"] == {"order", "support", "ok"}


def test_png_output(tmp_path: Path) -> None:
    pytest.importorskip("resvg_py")
    out = tmp_path / "board.png"
    args = ["render", str(EXAMPLES / "sample-spring-1901.json"), "-o", str(out)]
    assert CliRunner().invoke(main, args).exit_code == 0
    assert out.read_bytes().startswith(PNG)


def test_png_without_the_renderer_says_how_to_get_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "resvg_py", None)  # an import of it now fails
    out = tmp_path / "board.png"
    args = ["render", str(EXAMPLES / "sample-spring-1901.json"), "-o", str(out)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 1
    assert "pip install 'adjudicator[png]'" in result.output
    assert not out.exists()


def test_an_unknown_picture_format_is_refused(tmp_path: Path) -> None:
    args = ["render", str(EXAMPLES / "sample-spring-1901.json"), "-o", str(tmp_path / "b.gif")]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 1 and "end it in .svg or .png" in result.output


def test_a_document_of_another_kind_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"phase": "X1901M"}', encoding="utf-8")
    result = CliRunner().invoke(main, ["render", str(bad), "-o", str(tmp_path / "b.svg")])
    assert result.exit_code == 1 and "not a phase or result document" in result.output


def test_a_result_document_with_a_bad_next_is_named_as_such(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"phase": "S1901M", "orders": [], "next": {}}', encoding="utf-8")
    result = CliRunner().invoke(main, ["render", str(bad), "-o", str(tmp_path / "b.svg")])
    assert result.exit_code == 1
    assert "Error: not a result document: its next position: " in result.output


def test_a_result_document_naming_an_unknown_place_is_one_sentence(tmp_path: Path) -> None:
    made = CliRunner().invoke(
        main, ["adjudicate", str(EXAMPLES / "sample-spring-1901.json"), "--format", "json"]
    )
    assert made.exit_code == 0, made.output
    document = json.loads(made.output)
    document["orders"][0]["unit"] = "A XXX"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(document), encoding="utf-8")
    result = CliRunner().invoke(main, ["render", str(bad), "-o", str(tmp_path / "b.svg")])
    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Error: not a result document: 'XXX'" in result.output


@pytest.mark.parametrize("kind", ["phase", "result"])
def test_a_good_document_on_a_map_without_a_drawing_is_not_called_bad(
    tmp_path: Path, kind: str
) -> None:
    """The error says the drawing is missing and how to make one, not that the document is bad."""
    island = Path(__file__).parents[1] / "maps" / "island.toml"
    phase = {
        "variant": str(island),
        "phase": "S1201M",
        "units": {"WESTMARK": ["A HIL"], "EASTHOLD": ["A EPT"]},
        "centers": {"WESTMARK": ["HIL"], "EASTHOLD": ["EPT"]},
        "orders": {"WESTMARK": ["A HIL - VAL"]},
    }
    document = tmp_path / f"{kind}.json"
    if kind == "result":
        made = CliRunner().invoke(main, ["adjudicate", "-", "--format", "json"], json.dumps(phase))
        assert made.exit_code == 0, made.output
        document.write_text(made.output, encoding="utf-8")
    else:
        document.write_text(json.dumps(phase), encoding="utf-8")
    result = CliRunner().invoke(main, ["render", str(document), "-o", str(tmp_path / "b.svg")])
    assert result.exit_code == 1
    assert "no drawing for the map" in result.output and "import-drawing" in result.output
    assert "not a" not in result.output


def test_game_show_draws_a_played_phase_and_the_current_one(tmp_path: Path) -> None:
    game = str(EXAMPLES / "sample-game.json")
    out = tmp_path / "fall.svg"
    result = CliRunner().invoke(game_command, ["show", game, "--phase", "F1901M", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert _orders(out)["F NTH C A YOR - NWY"] == {"order", "convoy", "ok"}
    now = tmp_path / "now.svg"
    result = CliRunner().invoke(game_command, ["show", game, "-o", str(now)])
    assert result.exit_code == 0, result.output
    assert _orders(now) == {}
    result = CliRunner().invoke(game_command, ["show", game, "--phase", "F1950M", "-o", str(now)])
    assert result.exit_code == 1 and "not in this game" in result.output
