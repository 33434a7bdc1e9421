"""Random text, bytes and documents through the command line, in process (issue 10): never a
traceback, every line given accounted for in the result (an order, an error or an ignored
comment), and the reader's work in proportion to the input (a deterministic count, no clock).
Bounded to a few seconds: a few hundred derandomized examples in all."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.board.map import load_map
from adjudicator.board.names import resolve_power
from adjudicator.cli.main import main
from adjudicator.orders import interpret

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = str(ROOT / "examples" / "spring-1901.json")
MAP = load_map("standard")

PIECES = [
    "A", "F", "Par", "Bur", "Mar", "Spa", "Lon", "Nth", "Bre", "Mao", "Mid-Atlantic", "Ocean",
    "-", "->", "\u2013", "\u2014", "\u2192", "--", "S", "C", "H", "stays", "to", "the", "Black",
    "Sea", "(via convoy)", "(sc)", "/", "#", "//", "....", ",", ";", ":", "France:", "[ENGLAND]",
    "England", "Builds:", "Removes:", "Hi GM", "Cheers", "Austria's", "orders", "01", "x" * 600,
    "\n", "\n", "\t", " ", "\u00e9", "\ud800", "Lodnon", "Wal",
]  # fmt: skip
SHEETS = st.lists(st.sampled_from(PIECES) | st.text(max_size=12), max_size=25).map(" ".join)
FUZZ = settings(
    max_examples=60, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)


def _invoke(args: list[str], stdin: bytes) -> Result:
    result = CliRunner().invoke(main, args, input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code in (0, 1, 2), result.output
    assert "Traceback" not in result.output
    return result


def _is_header(line: str) -> bool:
    """A line that only names a power (it switches the power; it orders nothing)."""
    name = line.strip().strip("[]:. \t")
    return bool(name) and resolve_power(MAP, name) is not None


def _accounted_for(sheet: str, document: dict[str, Any]) -> None:
    inputs = [e["input"] for e in document["orders"] if e["input"]]
    inputs += [e["input"] for e in document["errors"]]
    for line in sheet.splitlines():
        if line.strip() and not _is_header(line):
            assert any(text in line for text in inputs), (line, inputs)


@FUZZ
@given(SHEETS)
def test_a_random_sheet_in_a_document_is_read_line_by_line(sheet: str) -> None:
    document = {"phase": "S1901M", "orders": {"FRANCE": [sheet]}}
    text = json.dumps(document).encode("utf-8")  # a lone surrogate travels as its escape
    result = _invoke(["adjudicate", "-"], text)
    if result.exit_code == 0:
        _accounted_for(sheet, json.loads(result.output))
    _invoke(["adjudicate", "-", "--format", "text"], text)


@FUZZ
@given(SHEETS)
def test_a_random_sheet_is_checked_without_a_traceback(sheet: str) -> None:
    stdin = sheet.encode("utf-8", "replace")  # a file holds no lone surrogate
    _invoke(["check", "-", "--state", EXAMPLE, "--power", "france"], stdin)


@FUZZ
@given(st.binary(max_size=200))
def test_random_bytes_get_a_sentence(data: bytes) -> None:
    _invoke(["check", "-", "--state", EXAMPLE], data)
    _invoke(["adjudicate", "-"], data)
    _invoke(["batch", "-"], data)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8) | st.sampled_from(PIECES),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
KEYS = st.sampled_from(["phase", "units", "orders", "centers", "dislodged", "rules", "variant"])


@FUZZ
@given(st.dictionaries(KEYS, JSON | st.sampled_from(["S1901M", "W1901A", "F1901R"])))
def test_random_documents_get_a_result_or_a_sentence(document: dict[str, Any]) -> None:
    _invoke(["adjudicate", "-"], json.dumps(document).encode("utf-8"))


def test_reading_through_the_command_line_is_linear(monkeypatch: pytest.MonkeyPatch) -> None:
    """The characters the reader's per-order step is given: twice the sheet, twice the work,
    and never more than a bounded piece at once (the order length limit)."""
    seen: list[int] = []
    reading = interpret._reading

    def counted(game_map: Any, kind: str, text: str) -> Any:
        seen.append(len(text))
        return reading(game_map, kind, text)

    monkeypatch.setattr(interpret, "_reading", counted)
    piece = "A Par - Bur; A Mar \u2013 Spa # hi\nHi GM\nA Par-Bur " + "x" * 5000 + "\n"
    totals = []
    for repeat in (20, 40):
        seen.clear()
        document = {"phase": "S1901M", "orders": {"FRANCE": [piece * repeat]}}
        _invoke(["adjudicate", "-"], json.dumps(document).encode("utf-8"))
        assert max(seen) <= 500
        totals.append(sum(seen))
    assert totals[1] == 2 * totals[0]
