"""`adjudicator batch --dask ADDRESS` and `adjudicate_documents(..., dask=...)` on a real Dask
cluster (a LocalCluster of two single-thread workers on 127.0.0.1): the same bytes, in the same
order, with the same error lines as the single-process batch."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers_batch import EXAMPLE, mixed_input

from adjudicator.cli.main import main
from adjudicator.contract import cluster
from adjudicator.contract.batch import run_batch
from adjudicator.contract.cluster import adjudicate_documents

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=False,  # workers are threads of this process: fast to start, same code
        protocol="tcp",  # but tasks and results still cross a real connection
        host="127.0.0.1",
        dashboard_address=None,
    ) as local:
        yield local.scheduler_address


def test_dask_batch_is_byte_identical_to_one_process(
    scheduler: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cluster, "PARTITION", 5)  # many partitions, more than are in flight
    source = tmp_path / "in.jsonl"
    source.write_bytes(mixed_input(copies=6))
    expected = io.BytesIO()
    with source.open("rb") as lines:
        failures = run_batch(lines, expected)
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(main, ["batch", str(source), "-o", str(out), "--dask", scheduler])
    assert result.exit_code == 1  # the bad lines
    assert f"{failures} line(s) could not be adjudicated" in result.output
    assert out.read_bytes() == expected.getvalue()
    answers = [json.loads(line) for line in out.read_bytes().splitlines()]
    assert len(answers) == 42 and failures == 18
    assert answers[12] == {
        "line": 15,
        "error": "not UTF-8 text (byte 0 of the line); save the file as UTF-8",
    }


def test_documents_come_back_in_order_with_their_errors(scheduler: str) -> None:
    documents = [
        {**EXAMPLE, "phase": "F1901M" if n % 3 else "S1901M"} if n % 4 else {"phase": "X"}
        for n in range(1, 30)
    ]
    local = list(adjudicate_documents(documents))
    on_dask = list(adjudicate_documents(documents, dask=scheduler, partition=4))
    assert on_dask == local
    assert [answer.get("line") for answer in on_dask[:4]] == [None, None, None, 4]
    assert on_dask[1]["phase"] == "F1901M"


def test_an_unreachable_scheduler_is_one_sentence(tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text(json.dumps(EXAMPLE) + "\n")
    result = CliRunner().invoke(main, ["batch", str(source), "--dask", "nonsense::"])
    assert result.exit_code == 1
    assert "cannot reach a Dask scheduler at 'nonsense::'" in result.output
    assert "Traceback" not in result.output
