"""The compiled build against pure Python: µs per dense phase, in process (issue 15, part 3).

Builds (or reuses, from ~/.cache/adjudicator) the mypyc build of adjudicator.build_fast, then
times `adjudicate_document` on the same dense phases (bench/corpus.py) in two fresh interpreters,
one on the pure package and one on the compiled copy, round after round, alternating: each
round times a first pass over the phases (new to the caches, as in a batch of distinct phases)
and a second pass (the same phases again, as a search revisiting positions). Prints the medians
and the speed-up. The target the issue sets: within 3x of dipcc's 35 µs per dense phase.

    python bench/compiled.py [--phases 2000] [--rounds 3]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import corpus, write_corpus

from adjudicator import build_fast

ROOT = Path(__file__).resolve().parents[1]

TIMER = """
import json, sys, time, gc
import adjudicator.resolve.engine as engine
from adjudicator.contract.documents import adjudicate_document
docs = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8")]
for doc in docs[:50]:
    adjudicate_document(doc)
passes = []
for _ in range(2):
    start = time.process_time()
    for doc in docs[50:]:
        adjudicate_document(doc)
    passes.append((time.process_time() - start) / (len(docs) - 50) * 1e6)
compiled = engine.__file__.endswith(".so")
print(json.dumps({"compiled": compiled, "first": passes[0], "again": passes[1]}))
"""


def time_build(tree: Path, source: Path) -> dict[str, float]:
    done = subprocess.run(
        [sys.executable, "-c", TIMER, str(source)],
        cwd=tree,
        env={**os.environ, "PYTHONPATH": str(tree)},
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phases", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workdir", type=Path, default=Path("/tmp"))
    args = parser.parse_args(argv)
    source = args.workdir / f"compiled-corpus-{args.phases}.jsonl"
    write_corpus(source, corpus(args.phases, args.seed, "dense", "2023", "ours"))
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "adjudicator"
    print("building (or reusing) the compiled build ...", file=sys.stderr)
    compiled = build_fast.overlay(build_fast.cached_build(cache), args.workdir / "compiled-tree")
    builds = {"pure Python": ROOT, "compiled (mypyc)": compiled}
    times: dict[str, dict[str, list[float]]] = {n: {"first": [], "again": []} for n in builds}
    for _ in range(args.rounds):
        for name, tree in builds.items():
            result = time_build(tree, source)
            assert result["compiled"] == (tree == compiled), f"{name}: wrong build imported"
            for key in ("first", "again"):
                times[name][key].append(result[key])
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs; {args.phases} dense phases, ")
    print(f"seed {args.seed}; CPU µs per phase of adjudicate_document, median of {args.rounds}")
    print(f"{'build':20s} {'new phases':>11} {'seen again':>11}")
    medians = {n: {k: statistics.median(v) for k, v in t.items()} for n, t in times.items()}
    for name, row in medians.items():
        print(f"{name:20s} {row['first']:11.0f} {row['again']:11.0f}")
    pure, fast = medians["pure Python"], medians["compiled (mypyc)"]
    first, again = pure["first"] / fast["first"], pure["again"] / fast["again"]
    print(f"{'speed-up':20s} {first:10.2f}x {again:10.2f}x")
    print(f"dipcc 35 µs x 3 = 105 µs: compiled is {fast['again'] / 35:.1f}x dipcc (seen phases)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
