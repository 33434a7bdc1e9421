"""`adjudicator batch --jobs N`: the lines dealt to worker processes in chunks, a few chunks in
flight, come back byte for byte as one process writes them; a worker that dies stops the batch
with an error instead of leaving it waiting for ever."""

from __future__ import annotations

import io
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from helpers_batch import ROOT, mixed_input

from adjudicator.contract import batch
from adjudicator.contract.batch import run_batch


def one_process(data: bytes) -> tuple[bytes, int]:
    out = io.BytesIO()
    failures = run_batch(io.BytesIO(data).readlines(), out)
    return out.getvalue(), failures


@pytest.mark.parametrize("jobs", [2, 3])
def test_many_small_chunks_come_back_in_input_order(
    jobs: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = mixed_input(copies=5)  # good, bad, blank and non-UTF-8 lines: 35 lines to adjudicate
    expected, failures = one_process(data)
    monkeypatch.setattr(batch, "CHUNK", 2)  # many chunks, more than are in flight at once
    monkeypatch.setattr(batch, "IN_FLIGHT", 1)
    out = io.BytesIO()
    assert run_batch(io.BytesIO(data).readlines(), out, jobs=jobs) == failures == 15
    assert out.getvalue() == expected


def test_a_worker_that_dies_stops_the_batch(tmp_path: Path) -> None:
    """multiprocessing.Pool, which batch used before, starts a new worker and waits for ever
    for the lost chunk; the batch now ends with an error (the timeout only guards the test)."""
    source = tmp_path / "in.jsonl"
    source.write_bytes(mixed_input(copies=3))
    code = textwrap.dedent(
        f"""
        import os, sys
        from adjudicator.contract import batch
        line = batch.process_line
        def dying(numbered):  # as if the system killed the worker on line 21 (out of memory)
            if numbered[0] == 21:
                os._exit(9)
            return line(numbered)
        batch.process_line = dying
        with open({str(source)!r}, "rb") as lines:
            batch.run_batch(lines, sys.stdout.buffer, jobs=2)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, cwd=ROOT, timeout=120, check=False
    )
    assert done.returncode == 1
    assert b"BrokenProcessPool" in done.stderr
