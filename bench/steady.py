"""Steady state, side by side: our in-process adjudication against the reference's `process()`.

The question bots and researchers ask: once a process is warm, what does one more phase cost?
Both engines get the same dense movement phases (bench/corpus.py), none of which ours has seen
before: ours is first warmed up on a corpus of other phases (another seed), so its caches hold
what a long-running process holds (order texts read before, per-map facts), never the phase
being timed. What the warm-up left is then frozen out of the collector's way (`gc.freeze()`, as
a long-running process's old objects are), so that neither engine's timing pays for scanning
it. Then, in many short rounds, a slice of the corpus is timed through each engine in turn, so
both run under the same load (the machine may be shared), our two routes in alternating order
after the reference (the first pays for the reference's run before it); the figures are the
medians of the rounds.

- reference: `diplomacy.Game.process()` alone (its game is set up untimed, as in run.py);
- ours, document: `adjudicate_document(doc)`: a phase document (parsed JSON) in, the result
  document out (order texts read, adjudicated, results and next position as dicts);
- ours, Python: `adjudicate(position, orders, rules)`: a Position and the players' order texts
  in, a PhaseResult out (the texts are still read; no JSON-shaped dicts either way).

    python bench/steady.py [--phases 2000] [--rounds 50] [--warm 3000] [--readme]

`--readme` prints the table as markdown, with the machine and the Python version: the README's
"Performance" section is this output.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import tables
from corpus import corpus
from run import _reference_game, reference_available

Phase = dict[str, Any]
WARM_SEED = 1001  # the warm-up corpus: other phases than the timed ones (seed 1)


@dataclass
class Round:
    reference: float
    document: float
    python: float
    phases: int


def _ours_document(docs: list[Phase]) -> float:
    from adjudicator.contract.documents import adjudicate_document

    clock, seconds = time.perf_counter, 0.0
    for doc in docs:
        start = clock()
        adjudicate_document(doc)
        seconds += clock() - start
    return seconds


def _ours_python(docs: list[Phase]) -> float:
    from adjudicator.contract.documents import (
        orders_from_document,
        position_from_document,
        read_phase_document,
    )
    from adjudicator.resolve.engine import adjudicate

    inputs = []
    for doc in docs:  # untimed: the caller already holds Python values
        document = read_phase_document(doc)
        position, rules = position_from_document(document)
        inputs.append((position, orders_from_document(document), rules))
    clock, seconds = time.perf_counter, 0.0
    for position, orders, rules in inputs:
        start = clock()
        adjudicate(position, orders, rules)
        seconds += clock() - start
    return seconds


def _reference(docs: list[Phase]) -> float:
    clock, seconds = time.perf_counter, 0.0
    for doc in docs:
        game = _reference_game(doc)  # untimed set-up
        start = clock()
        game.process()
        seconds += clock() - start
    return seconds


def measure(phases: int, rounds: int, warm: int, seed: int = 1) -> list[Round]:
    """Time `rounds` slices of a fresh corpus through each engine; ours warmed up first."""
    from adjudicator.contract.documents import adjudicate_document

    for doc in corpus(warm, WARM_SEED):
        adjudicate_document(doc)
    docs = list(corpus(phases, seed))
    gc.collect()
    gc.freeze()
    size = max(1, len(docs) // rounds)
    # ours twice over different slices: the document route and the Python route each meet
    # every phase of their slice for the first time. Which of ours runs first alternates:
    # the one right after the reference pays for it (its first phase ~1.8x, the next few
    # less, ~10% over the slice; measured at load 4: the document route, always first, came
    # out 119-125 µs a phase dearer than the Python route, and -20 to 32 µs when second).
    results = []
    for number, start in enumerate(range(0, size * rounds, size)):
        part = docs[start : start + size]
        half = len(part) // 2
        ours: list[tuple[str, Callable[[list[Phase]], float], list[Phase]]] = [
            ("document", _ours_document, part[:half]),
            ("python", _ours_python, part[half:]),
        ]
        engines = [("reference", _reference, part), *(ours[::-1] if number % 2 else ours)]
        timed = {name: run(chunk) / len(chunk) for name, run, chunk in engines}
        results.append(Round(timed["reference"], timed["document"], timed["python"], len(part)))
    return results


def _machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} CPUs"


def table(results: list[Round], markdown: bool) -> str:
    reference = statistics.median(r.reference for r in results)
    rows = [
        ("reference: `diplomacy` `Game.process()` alone", reference, None),
        (
            "ours: `adjudicate_document(doc)`, document in, result document out",
            statistics.median(r.document for r in results),
            statistics.median(r.reference / r.document for r in results),
        ),
        (
            "ours: `adjudicate(position, orders, rules)`, Python values in and out",
            statistics.median(r.python for r in results),
            statistics.median(r.reference / r.python for r in results),
        ),
    ]
    phases = sum(r.phases for r in results)
    cells = [
        [
            label,
            f"{seconds * 1e6:.0f}",
            "1" if ratio is None else f"{ratio:.1f}\N{MULTIPLICATION SIGN}",
        ]
        for label, seconds, ratio in rows
    ]
    header = ("measure", "µs per phase", "reference / ours")
    lines = [tables.table(header, cells, (False, True, True), markdown)]
    lines += [
        "",
        f"{phases} new dense movement phases (bench/corpus.py, seed 1) in {len(results)} rounds,"
        " medians of the rounds; ours warmed up on other phases first."
        f" Python {platform.python_version()}, {_machine()}.",
    ]
    return "\n".join(lines)


def measure_parser(doc: str, phases: int, rounds: int) -> argparse.ArgumentParser:
    """A command line with `measure`'s arguments (timed phases, rounds, warm-up phases), for
    each bench that times with it; `doc` is the bench's module docstring."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--phases", type=int, default=phases, help="timed phases in all")
    parser.add_argument("--rounds", type=int, default=rounds, help="slices timed in turn")
    parser.add_argument("--warm", type=int, default=3000, help="warm-up phases (another seed)")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = measure_parser(__doc__, 2000, 50)
    parser.add_argument("--readme", action="store_true", help="print the table as markdown")
    parser.add_argument("--verbose", action="store_true", help="print every round")
    args = parser.parse_args(argv)
    why_not = reference_available()
    if why_not is not None:
        print(why_not, file=sys.stderr)
        return 1
    results = measure(args.phases, args.rounds, args.warm)
    if args.verbose:
        for number, r in enumerate(results, 1):
            print(
                f"round {number}: reference {r.reference * 1e6:.0f} us, ours document"
                f" {r.document * 1e6:.0f} us ({r.reference / r.document:.1f}x), Python"
                f" {r.python * 1e6:.0f} us ({r.reference / r.python:.1f}x)"
            )
    print(table(results, args.readme))
    return 0


if __name__ == "__main__":
    sys.exit(main())
