"""`adjudicator batch`: one phase document per line in, one result document per line out.

Streams line by line: memory is bounded by the reader's size-limited caches, not by the length
of the input. Start-up (imports, the map, the grammar) is paid once, on the first line; with
several jobs the worker processes are forked after it, so they inherit it, and the lines are
spread over them and written back in input order. bench/batch.py measures all of this.
"""

from __future__ import annotations

import gc
import json
import multiprocessing
import sys
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import IO, Any

from adjudicator.contract.documents import DocumentError, adjudicate_document, adjudicate_json_line

# Lines per task sent to a worker: large enough that the pool's own cost (a pickle and a pipe
# round trip per task) is small beside the adjudication of the lines, small enough to keep the
# workers evenly busy up to the end.
CHUNK = 64

Numbered = tuple[int, str | bytes]


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


def write_lines(sink: IO[bytes], outputs: Iterable[tuple[bytes, bool]]) -> int:
    """Write each output line; returns how many were error lines."""
    failures = 0
    for text, ok in outputs:
        sink.write(text + b"\n")
        failures += not ok
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
        with _pool_context().Pool(jobs) as pool:
            return failures + write_lines(sink, pool.imap(process_line, work, chunksize=CHUNK))
