"""Batches beyond one machine: the same work as `adjudicator batch`, as a Dask job.

The input is cut into partitions of consecutive lines (or documents); each partition is one
task on the cluster's workers (dask.distributed), which run exactly what a single-process batch
runs on each line. Results come back in input order, with the same error lines, so the output is
byte for byte the single-process batch's. At most a few partitions per worker thread are in
flight at once: memory stays bounded however long the input.

Dask is the optional `dask` extra; the workers need this package installed (the same version),
since tasks name its functions rather than carry them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from itertools import chain
from typing import IO, TYPE_CHECKING, Any, TypeVar

from adjudicator.contract import batch
from adjudicator.contract.batch import (
    numbered_lines,
    process_chunk,
    process_document,
    write_chunks,
)

if TYPE_CHECKING:
    from distributed import Client

PARTITION = 500  # lines per task: a task's overhead (~1 ms) is small beside 500 phases
IN_FLIGHT = 3  # partitions queued per worker thread: work is ready when a task finishes

T = TypeVar("T")
R = TypeVar("R")


def process_documents(documents: list[tuple[int, Mapping[str, Any]]]) -> list[dict[str, Any]]:
    """One task: a partition of numbered phase documents -> result documents or error objects."""
    return [process_document(numbered)[0] for numbered in documents]


class ClusterError(RuntimeError):
    """No cluster to run on: Dask is not installed, or its scheduler cannot be reached."""


@contextmanager
def connect(dask: str | Client) -> Iterator[Client]:
    """A client of the scheduler at `dask` (an address, e.g. tcp://host:8786), or that client."""
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError("Dask is not installed: pip install 'adjudicator[dask]'") from None
    if isinstance(dask, Client):
        yield dask
        return
    try:
        client = Client(dask)  # type: ignore[no-untyped-call]
    except (OSError, ValueError, TypeError) as error:
        raise ClusterError(
            f"cannot reach a Dask scheduler at {dask!r}: {error} (is `dask scheduler` running "
            "there, and are its workers started with `dask worker ADDRESS`?)"
        ) from None
    with client:
        yield client


def in_order(
    client: Client, task: Callable[[list[T]], R], items: Iterable[T], size: int
) -> Iterator[R]:
    """Each partition's result, in input order, computed on the cluster."""
    threads = client.nthreads()  # type: ignore[no-untyped-call]
    window = IN_FLIGHT * max(1, sum(threads.values()))

    def submit(part: list[T]) -> Any:
        return client.submit(task, part, pure=False)

    return batch.in_order(submit, items, size, window)


def run_batch_on_dask(
    source: Iterable[str | bytes], sink: IO[bytes], dask: str | Client, partition: int = 0
) -> int:
    """`adjudicator batch --dask ADDRESS`: like run_batch (each partition is a chunk of
    `--jobs`, the same task); returns how many lines failed."""
    with connect(dask) as client:
        lines = numbered_lines(source)
        chunks = in_order(client, process_chunk, lines, partition or PARTITION)
        return write_chunks(sink, chunks)


def adjudicate_documents(
    documents: Iterable[Mapping[str, Any]],
    dask: str | Client | None = None,
    partition: int = 0,
) -> Iterator[dict[str, Any]]:
    """Phase documents in, their result documents out in the same order: in this process, or
    on the Dask cluster whose scheduler is at `dask` (an address or a Client). A document that
    cannot be adjudicated gives `{"line": N, "error": "..."}` (N its 1-based position), as
    `adjudicator batch` does, and the others go on."""
    numbered = enumerate(documents, start=1)
    if dask is None:
        yield from (process_document(item)[0] for item in numbered)
        return
    with connect(dask) as client:
        parts = in_order(client, process_documents, numbered, partition or PARTITION)
        yield from chain.from_iterable(parts)
