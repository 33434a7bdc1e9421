"""`adjudicator batch`: one phase document per line in, one result document per line out.

Streams line by line: memory is bounded by the reader's size-limited caches, not by the length
of the input. Start-up (imports, the map, the grammar) is paid once, on the first line; with
several jobs the worker processes are forked after it, so they inherit it, and the lines are
dealt to them in chunks, a few chunks in flight per job, each chunk's output coming back as one
piece of bytes written in input order. bench/batch.py measures all of this.
"""

from __future__ import annotations

import gc
import json
import multiprocessing
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager
from itertools import islice
from typing import IO, Any, TypeVar

from adjudicator.contract.documents import DocumentError, adjudicate_document, adjudicate_json_line

# Lines per task sent to a worker: large enough that the pool's own cost (a pickle and a pipe
# round trip per task) is small beside the adjudication of the lines, small enough to keep the
# workers evenly busy up to the end.
CHUNK = 64
IN_FLIGHT = 3  # chunks queued per job: the next is ready when one finishes

Numbered = tuple[int, str | bytes]
T = TypeVar("T")
R = TypeVar("R")


def error_object(number: int, message: str) -> dict[str, Any]:
    """The contract's answer for input line (or document) `number` that could not be
    adjudicated."""
    return {"line": number, "error": message}


def error_line(number: int, message: str) -> bytes:
    return json.dumps(error_object(number, message), ensure_ascii=False).encode()


def process_line(numbered: Numbered) -> tuple[bytes, bool]:
    """One input line -> (output line, ok). Never raises for bad input: it becomes an error line
    (bytes that are not UTF-8 too: one bad line must not cost the others their results)."""
    number, line = numbered
    try:
        text = line.decode("utf-8") if isinstance(line, bytes) else line
        return adjudicate_json_line(text), True
    except UnicodeDecodeError as error:
        message = f"not UTF-8 text (byte {error.start} of the line); save the file as UTF-8"
    except DocumentError as error:
        message = str(error)
    return error_line(number, message), False


def process_document(numbered: tuple[int, Mapping[str, Any]]) -> tuple[dict[str, Any], bool]:
    """One phase document (parsed JSON) -> (its result document or its error object, ok)."""
    number, document = numbered
    try:
        return adjudicate_document(document), True
    except DocumentError as error:
        return error_object(number, str(error)), False


def numbered_lines(lines: Iterable[str | bytes]) -> Iterator[Numbered]:
    """The non-blank lines with their 1-based line numbers (the numbers error lines quote)."""
    for number, line in enumerate(lines, start=1):
        if line.strip():
            yield number, line


def process_chunk(lines: list[Numbered]) -> tuple[bytes, int]:
    """A task of a worker process (`--jobs`) or of a Dask worker (contract/cluster.py):
    numbered lines -> their output lines as one piece of bytes (each line ending in a newline)
    and how many failed. One object back per chunk, not one per line."""
    texts, failures = [], 0
    for line in lines:
        text, ok = process_line(line)
        texts.append(text)
        failures += not ok
    texts.append(b"")
    return b"\n".join(texts), failures


def partitions(items: Iterable[T], size: int) -> Iterator[list[T]]:
    """Consecutive lists of `size` items (the last one shorter)."""
    iterator = iter(items)
    while part := list(islice(iterator, size)):
        yield part


def in_order(
    submit: Callable[[list[T]], Future[R]], items: Iterable[T], size: int, window: int
) -> Iterator[R]:
    """The result of the task `submit` starts on each part of `items` (`size` items a part),
    in input order, with at most `window` tasks in flight: the input is read only as fast as
    the results are taken, so memory stays flat however long it is."""
    pending: deque[Future[R]] = deque()
    for part in partitions(items, size):
        pending.append(submit(part))
        if len(pending) >= window:
            yield pending.popleft().result()
    while pending:
        yield pending.popleft().result()


def write_lines(sink: IO[bytes], outputs: Iterable[tuple[bytes, bool]]) -> int:
    """Write each output line; returns how many were error lines."""
    failures = 0
    for text, ok in outputs:
        sink.write(text + b"\n")
        failures += not ok
    return failures


def write_chunks(sink: IO[bytes], chunks: Iterable[tuple[bytes, int]]) -> int:
    """Write each chunk's output lines (`process_chunk`'s answers, in input order); returns how
    many were error lines."""
    failures = 0
    for text, failed in chunks:
        sink.write(text)
        failures += failed
    return failures


@contextmanager
def steady_gc() -> Iterator[None]:
    """Garbage collection tuned for a long run: what start-up built (modules, the map, the
    grammar, the schema validators) is frozen out of the collector's scans, and young objects
    are collected less often (each phase makes many short-lived objects and almost no cycles).
    The settings are restored afterwards."""
    thresholds = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(GC_YOUNG, *thresholds[1:])
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()


GC_YOUNG = 10_000


def _pool_context() -> multiprocessing.context.BaseContext:
    """Fork where it is safe (Linux), so workers inherit the warmed-up process."""
    return multiprocessing.get_context("fork" if sys.platform == "linux" else None)


def run_batch(source: Iterable[str | bytes], sink: IO[bytes], jobs: int = 1) -> int:
    """Adjudicate every line of `source` into `sink`; returns how many lines failed."""
    work = numbered_lines(source)
    first = next(work, None)
    if first is None:
        return 0
    failures = write_lines(sink, [process_line(first)])  # pays the start-up, once
    with steady_gc():
        if jobs <= 1:
            return failures + write_lines(sink, map(process_line, work))
        return failures + _run_jobs(work, sink, jobs)


def _run_jobs(work: Iterable[Numbered], sink: IO[bytes], jobs: int) -> int:
    """The lines over `jobs` worker processes. Not multiprocessing.Pool: its worker-handling
    thread wakes whenever the result pipe is readable and spun while a chunk's results were
    read (bench/batch.py measured ~40 µs of the parent's CPU per line, against ~16 µs here)."""
    pool = ProcessPoolExecutor(jobs, mp_context=_pool_context())
    try:
        chunks = in_order(
            lambda part: pool.submit(process_chunk, part), work, CHUNK, IN_FLIGHT * jobs
        )
        return write_chunks(sink, chunks)
    finally:
        pool.shutdown(cancel_futures=True)
