"""`adjudicator batch`: one phase document per line in, one result document per line out.

Streams line by line (memory stays flat however long the input); with several jobs the lines
are spread over worker processes and written back in input order.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from multiprocessing import Pool
from typing import IO

from adjudicator.contract.documents import DocumentError, adjudicate_json_line


def process_line(numbered: tuple[int, str | bytes]) -> tuple[str, bool]:
    """One input line -> (output line, ok). Never raises for bad input: it becomes an error line
    (bytes that are not UTF-8 too: one bad line must not cost the others their results)."""
    number, line = numbered
    try:
        text = line.decode("utf-8") if isinstance(line, bytes) else line
        return adjudicate_json_line(text).decode(), True
    except UnicodeDecodeError as error:
        message = f"not UTF-8 text (byte {error.start} of the line); save the file as UTF-8"
    except DocumentError as error:
        message = str(error)
    return json.dumps({"line": number, "error": message}, ensure_ascii=False), False


def _numbered(lines: Iterable[str | bytes]) -> Iterator[tuple[int, str | bytes]]:
    for number, line in enumerate(lines, start=1):
        if line.strip():
            yield number, line


def run_batch(source: IO[str] | IO[bytes], sink: IO[str], jobs: int = 1) -> int:
    """Adjudicate every line of `source` into `sink`; returns how many lines failed."""
    failures = 0
    work = _numbered(source)
    if jobs <= 1:
        outputs: Iterable[tuple[str, bool]] = map(process_line, work)
        for text, ok in outputs:
            sink.write(text + "\n")
            failures += not ok
        return failures
    with Pool(jobs) as pool:
        for text, ok in pool.imap(process_line, work, chunksize=64):
            sink.write(text + "\n")
            failures += not ok
    return failures
