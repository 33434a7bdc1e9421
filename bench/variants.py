"""Speed on other maps: dense random movement phases of `standard`, `modern` and `youngstown`.

The engine's work should grow with the number of units, not with the size of the map. For each
variant this generates dense phases as bench/corpus.py does (the same share of occupied
provinces as the standard corpus: 28-34 units on 75 places, ~53-64 on modern's 141, ~90-110 on
youngstown's 180) and times `adjudicate_document` in-process; it prints milliseconds per phase
and per unit. Not a test: timings depend on the machine.

    python bench/variants.py [--phases 300] [--seed 1] [--variants standard modern youngstown]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import Board, dense_phases

from adjudicator.board.map import load_map
from adjudicator.contract.documents import adjudicate_document


def time_variant(name: str, phases: int, seed: int) -> tuple[float, float]:
    """(ms per phase, ms per unit) over `phases` dense phases of the variant."""
    docs = list(dense_phases(Board(load_map(name)), random.Random(seed), phases, "2023"))
    units = sum(len(u) for doc in docs for u in doc["units"].values())
    adjudicate_document(docs[0])  # load the map and the grammar outside the timing
    start = time.perf_counter()
    for doc in docs:
        adjudicate_document(doc)
    seconds = time.perf_counter() - start
    return 1000 * seconds / len(docs), 1000 * seconds / units


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phases", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variants", nargs="+", default=["standard", "modern", "youngstown"])
    args = parser.parse_args(argv)
    print(f"{'variant':<12} {'provinces':>9} {'ms/phase':>9} {'ms/unit':>8}")
    for name in args.variants:
        per_phase, per_unit = time_variant(name, args.phases, args.seed)
        provinces = len(load_map(name).provinces)
        print(f"{name:<12} {provinces:>9} {per_phase:>9.2f} {per_unit:>8.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
