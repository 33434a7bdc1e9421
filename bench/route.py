"""The document route's own work, stage by stage (issue 15): what `adjudicate_document` and
`adjudicate_json_line` add around the engine.

Steady state, as bench/steady.py measures it (a warm-up on 3000 phases of another seed, its
objects frozen out of the collector's scans, then phases never seen), each phase timed stage
by stage in the order the route takes them, so each stage runs after the others as it does
in the route (the engine leaves the processor's caches cold for the writer):

- document route: read (`read_document`: the dict to the position, orders and rules),
  engine (`adjudicate`), write (the result document as dicts);
- JSON line route (`adjudicator batch`): parse (`from_json`), read, engine, write, encode
  (`dumps`, orjson with the `fast` extra).

The phases are cut into rounds, each round's first half through the document route and its
second half through the JSON line route (each route meets its phases for the first time); the
table gives the medians over the rounds of the µs per phase of each stage. Timings move with
the machine's load: compare two trees in the same minute, or count instructions (valgrind
--tool=callgrind). From a worktree, `PYTHONPATH=.` has it time that tree's package.

    python bench/route.py [--phases 1000] [--rounds 10] [--warm 3000]
"""

from __future__ import annotations

import gc
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import tables
from corpus import corpus
from steady import WARM_SEED, measure_parser

STAGES = {
    "document": ("read", "engine", "write"),
    "json line": ("parse", "read", "engine", "write", "encode"),
}


def measure(phases: int, rounds: int, warm: int) -> dict[str, dict[str, list[float]]]:
    """µs per phase of each stage of each route, one figure per round."""
    from pydantic_core import from_json

    from adjudicator.contract import documents
    from adjudicator.contract.jsonout import dumps
    from adjudicator.contract.reading import read_document

    for doc in corpus(warm, WARM_SEED):
        documents.adjudicate_document(doc)
    docs = list(corpus(phases, 1))
    lines = [json.dumps(doc) for doc in docs]
    gc.collect()
    gc.freeze()
    clock = time.perf_counter
    figures: dict[str, dict[str, list[float]]] = {
        route: {stage: [] for stage in stages} for route, stages in STAGES.items()
    }
    size = max(2, phases // rounds)
    half = size // 2
    for start in range(0, size * rounds, size):
        spent = {route: dict.fromkeys(stages, 0.0) for route, stages in STAGES.items()}
        taken = spent["document"]
        for doc in docs[start : start + half]:
            t0 = clock()
            said = read_document(doc, lambda doc=doc: documents.read_phase_document(doc))
            t1 = clock()
            result = documents._run(said)
            t2 = clock()
            documents._written(said, result)
            t3 = clock()
            taken["read"] += t1 - t0
            taken["engine"] += t2 - t1
            taken["write"] += t3 - t2
        taken = spent["json line"]
        for line in lines[start + half : start + size]:
            t0 = clock()
            data = from_json(line)
            t1 = clock()
            said = read_document(data, lambda line=line: documents.read_phase_json(line))
            t2 = clock()
            result = documents._run(said)
            t3 = clock()
            written = documents._written(said, result)
            t4 = clock()
            dumps(written)
            t5 = clock()
            taken["parse"] += t1 - t0
            taken["read"] += t2 - t1
            taken["engine"] += t3 - t2
            taken["write"] += t4 - t3
            taken["encode"] += t5 - t4
        for route, stages in spent.items():
            count = half if route == "document" else size - half
            for stage, seconds in stages.items():
                figures[route][stage].append(seconds / count * 1e6)
    return figures


def table(figures: dict[str, dict[str, list[float]]], markdown: bool) -> str:
    cells = []
    for route, stages in figures.items():
        medians = {stage: statistics.median(values) for stage, values in stages.items()}
        around = sum(value for stage, value in medians.items() if stage != "engine")
        row = [f"{stage} {value:.1f}" for stage, value in medians.items()]
        cells.append([route, ", ".join(row), f"{around:.1f}", f"{sum(medians.values()):.1f}"])
    header = ("route", "µs per phase, stage by stage", "around the engine", "total")
    return tables.table(header, cells, (False, False, True, True), markdown)


def main(argv: list[str] | None = None) -> int:
    parser = measure_parser(__doc__, 1000, 10)
    parser.add_argument("--readme", action="store_true", help="print the table as markdown")
    args = parser.parse_args(argv)
    print(table(measure(args.phases, args.rounds, args.warm), args.readme))
    return 0


if __name__ == "__main__":
    sys.exit(main())
