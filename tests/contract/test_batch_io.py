"""`adjudicator batch` writes the same bytes whichever JSON encoder is installed (orjson with the
`fast` extra, pydantic_core without), and leaves the garbage collector as it found it."""

from __future__ import annotations

import gc
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from helpers_batch import EXAMPLE, ROOT, mixed_input
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic_core import to_json

from adjudicator.contract.batch import run_batch
from adjudicator.contract.documents import adjudicate_document

orjson = pytest.importorskip("orjson")


def batch_output(source: Path, hide_orjson: bool) -> bytes:
    """A whole `adjudicator batch` process, with orjson importable or not."""
    expected = "pydantic_core" if hide_orjson else "orjson"
    code = (
        "import sys\n"
        + ("sys.modules['orjson'] = None\n" if hide_orjson else "")
        + "from adjudicator.contract import jsonout\n"
        + f"assert jsonout.ENCODER == {expected!r}, jsonout.ENCODER\n"
        + "from adjudicator.cli.main import main\n"
        + "main(['batch', sys.argv[1]])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(source)], capture_output=True, cwd=ROOT, check=False
    )
    assert done.returncode == 1, done.stderr.decode()  # the bad lines
    return done.stdout


def test_output_is_byte_identical_without_orjson(tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    source.write_bytes(mixed_input())
    fast, fallback = batch_output(source, False), batch_output(source, True)
    assert fast == fallback
    lines = fast.splitlines()
    assert len(lines) == 7
    assert "A Par \u2013 Bur".encode() in fast  # UTF-8 as it came, not \u escapes
    assert [json.loads(line).get("line") for line in lines] == [None, None, 3, None, 6, 7, None]


@settings(max_examples=200, deadline=None)
@given(orders=st.lists(st.text(st.characters(blacklist_categories=["Cs"]), max_size=30)))
def test_both_encoders_agree_on_any_order_text(orders: list[str]) -> None:
    result = adjudicate_document({**EXAMPLE, "orders": {"FRANCE": orders}})
    assert orjson.dumps(result) == to_json(result)


def test_a_batch_leaves_the_collector_as_it_found_it() -> None:
    before = gc.get_threshold(), gc.get_freeze_count(), gc.isenabled()
    sink = io.BytesIO()
    run_batch([json.dumps(EXAMPLE), json.dumps(EXAMPLE)], sink)
    assert (gc.get_threshold(), gc.get_freeze_count(), gc.isenabled()) == before
    assert len(sink.getvalue().splitlines()) == 2
