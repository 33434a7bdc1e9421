"""The command-line faces: adjudicate, batch and check, as a user or a tool calls them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from adjudicator.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "spring-1901.json"


def _run(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.output


def test_adjudicate_prints_the_result_document() -> None:
    code, out = _run("adjudicate", str(EXAMPLE))
    assert code == 0
    doc = json.loads(out)
    assert doc["phase"] == "S1901M"
    assert doc["next"]["phase"] == "F1901M"
    vienna = next(o for o in doc["orders"] if o["unit"] == "A VIE")
    assert vienna == {
        "power": "AUSTRIA",
        "unit": "A VIE",
        "input": "A Vienna - Galicia",
        "order": "A VIE - GAL",
        "result": "fails",
        "tags": ["bounce"],
        "reason": "bounced with A WAR - GAL",
        "culprits": ["A WAR"],
    }
    assert [e["input"] for e in doc["errors"]] == ["A Lodnon - Wal"]
    inputs = {o["input"] for o in doc["orders"]} | {e["input"] for e in doc["errors"]}
    given = json.loads(EXAMPLE.read_text())["orders"]
    for lines in given.values():
        for line in lines:
            for part in line.split(";"):
                assert part.strip() in {i.strip() for i in inputs if i}, part


def test_adjudicate_reads_stdin_and_prints_the_judge_report() -> None:
    code, out = _run("adjudicate", "-", "--format", "text", stdin=EXAMPLE.read_text())
    assert code == 0
    assert out.startswith("Movement results for Spring of 1901.")
    assert "Austria: Army Vienna -> Galicia.  (*bounce*)" in out
    assert "unknown province 'Lodnon' — did you mean London (LON)?" in out


def test_adjudicate_explains_a_bad_document() -> None:
    code, out = _run("adjudicate", "-", stdin='{"phase": "S1901M", "units": {"NARNIA": []}}')
    assert code != 0
    assert "unknown power 'NARNIA'" in out


def _batch_input() -> str:
    phase = json.loads(EXAMPLE.read_text())
    fall = dict(phase, phase="F1901M")
    return "\n".join([json.dumps(phase), "not json", json.dumps(fall), '{"phase": "X"}']) + "\n"


def test_batch_keeps_order_and_reports_bad_lines(tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text(_batch_input())
    code, out = _run("batch", str(source))
    assert code == 1
    lines = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    assert [line.get("phase") for line in lines] == ["S1901M", None, "F1901M", None]
    assert lines[1]["line"] == 2 and "not valid JSON" in lines[1]["error"]
    assert lines[3]["line"] == 4 and "phase" in lines[3]["error"]


def test_batch_with_jobs_gives_identical_output(tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text(_batch_input() * 20)
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    _run("batch", str(source), "-o", str(one))
    _run("batch", str(source), "-o", str(two), "--jobs", "2")
    assert one.read_text() == two.read_text()
    assert len(one.read_text().splitlines()) == 80


def test_check_shows_readings_and_carets(tmp_path: Path) -> None:
    sheet = tmp_path / "orders.txt"
    sheet.write_text("England:\nF Lon-Nth\n[FRANCE]\nA Par - Bur\nF Bre - Nor\n")
    code, out = _run("check", str(sheet), "--state", str(EXAMPLE))
    assert code == 1
    assert "F Lon-Nth" in out and "=> F LON - NTH" in out
    assert "=> A PAR - BUR" in out
    assert "F Bre - Nor\n        ^^^ ambiguous province 'Nor'" in out


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (None, "no such file"),
        ("folder", "is a folder, not a file"),
        (b"\xff\xfe{", "not UTF-8 text (byte 0"),
        (b"[" * 100_000, "nested too deeply"),
        (b'{\n "phase": }', ":2:11: not valid JSON"),
    ],
)
def test_bad_files_get_one_sentence_not_a_traceback(
    tmp_path: Path, content: bytes | str | None, expected: str
) -> None:
    """Issue 10, fault 3: each names the file (and line and column where there is one)."""
    path = tmp_path / "phase.json"
    if content == "folder":
        path.mkdir()
    elif isinstance(content, bytes):
        path.write_bytes(content)
    result = CliRunner().invoke(main, ["adjudicate", str(path)])
    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert f"Error: {path}" in result.output
    assert expected in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_batch_goes_on_past_a_line_that_is_not_utf8(tmp_path: Path, jobs: str) -> None:
    """Issue 10, fault 3: a non-UTF-8 line is one error line; the lines around it keep results."""
    source = tmp_path / "in.jsonl"
    source.write_bytes(b'{"phase": "S1901M"}\n\xff\xfe not text\n{"phase": "F1901M"}\n')
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(main, ["batch", str(source), "-o", str(out), "--jobs", jobs])
    assert result.exit_code == 1
    first, second, third = (json.loads(line) for line in out.read_text().splitlines())
    assert first["phase"] == "S1901M"
    assert second == {
        "line": 2,
        "error": "not UTF-8 text (byte 0 of the line); save the file as UTF-8",
    }
    assert third["phase"] == "F1901M"
