"""The compiled build beside pure Python and the reference, in one run (issue 15, part 3).

Builds (or reuses, from ~/.cache/adjudicator) the mypyc build of adjudicator.build_fast, then
runs bench/steady.py's measure in fresh interpreters, one on the pure package and one on the
compiled copy, in turn (`--repeats` times each): each warms ours up on other phases, then times
the same new dense phases through the reference (`diplomacy` `Game.process()` alone) and ours
(document route and Python route) interleaved in short rounds, as steady.py does. Every ratio
is taken within one interpreter's rounds (the reference and ours under the same load), so the
compiled build's speed-up over pure Python is the ratio of two such ratios; the µs figures are
medians and swing with the machine's load. The issue's target for the compiled build: within
3x of dipcc's 35 µs per dense phase (105 µs).

    python bench/compiled.py [--phases 1000] [--rounds 25] [--warm 3000] [--repeats 2]
    python bench/compiled.py --only resolve/ board/   # a partial build: what each part gives
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
from pathlib import Path

import steady
import tables

from adjudicator import build_fast

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
DIPCC_US = 35.0  # Cicero's C++ engine per dense phase (issue 15)

# Run in the tree to time: check which build is imported, then steady.py's measure.
TIMER = """
import json, statistics, sys
sys.path.insert(0, sys.argv[1])
from steady import measure
rounds = measure(int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]))
median = statistics.median
loaded = [m for m in list(sys.modules.values()) if m.__name__.startswith("adjudicator.")]
print(json.dumps({
    "compiled": sum(1 for m in loaded if (getattr(m, "__file__", "") or "").endswith(".so")),
    "reference": median(r.reference for r in rounds) * 1e6,
    "document": median(r.document for r in rounds) * 1e6,
    "python": median(r.python for r in rounds) * 1e6,
    "document_ratio": median(r.reference / r.document for r in rounds),
    "python_ratio": median(r.reference / r.python for r in rounds),
}))
"""

ROUTES = ("document", "python")  # adjudicate_document(doc); adjudicate(position, ...)


def time_build(tree: Path, args: argparse.Namespace) -> dict[str, float]:
    sizes = [str(args.phases), str(args.rounds), str(args.warm)]
    done = subprocess.run(
        [sys.executable, "-c", TIMER, str(BENCH), *sizes],
        cwd=tree,  # not the checkout: its pure package must not come first on sys.path
        env={**os.environ, "PYTHONPATH": str(tree)},
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def table(runs: dict[str, list[dict[str, float]]], args: argparse.Namespace) -> str:
    def median(build: str, key: str) -> float:
        return statistics.median(run[key] for run in runs[build])

    header = ["build", "reference", *(c for r in ROUTES for c in (r, "ref/ours"))]
    rows = [
        [
            build,
            f"{median(build, 'reference'):.0f}",
            *(
                cell
                for route in ROUTES
                for cell in (
                    f"{median(build, route):.0f}",
                    f"{median(build, route + '_ratio'):.1f}x",
                )
            ),
        ]
        for build in runs
    ]
    speedups = [median("compiled", r + "_ratio") / median("pure", r + "_ratio") for r in ROUTES]
    rows.append(["compiled / pure", "", *(c for x in speedups for c in ("", f"{x:.2f}x"))])
    lines = [
        "µs per new dense phase; document: adjudicate_document(doc), python: adjudicate(position,"
        " orders, rules); ref/ours: the reference's time over ours",
        tables.table(header, rows, [False, *[True] * (len(header) - 1)], markdown=False),
    ]
    fast = median("compiled", "python")
    lines += [
        "",
        "Each row's figures come from one interpreter (the reference and ours in the same"
        " rounds), so its ratios hold under load; its µs swing with the load.",
        f"dipcc {DIPCC_US:.0f} µs a phase: compiled (Python route) is {fast / DIPCC_US:.1f}x"
        f" dipcc here (target: within 3x, {3 * DIPCC_US:.0f} µs).",
        f"{args.phases} new dense movement phases (bench/corpus.py, seed 1) in {args.rounds}"
        f" rounds per interpreter, ours warmed up on {args.warm} other phases;"
        f" medians of {args.repeats} interpreters per build; {len(args.modules)} modules"
        f" compiled. Python {platform.python_version()}, {os.cpu_count()} CPUs.",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = steady.measure_parser(__doc__, 1000, 25)
    parser.add_argument("--repeats", type=int, default=2, help="interpreters per build")
    parser.add_argument("--workdir", type=Path, default=Path("/tmp"))
    parser.add_argument("--only", nargs="+", metavar="PREFIX", help="compile only these parts")
    args = parser.parse_args(argv)
    args.modules = modules = build_fast.select(args.only) if args.only else build_fast.COMPILED
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "adjudicator"
    print("building (or reusing) the compiled build ...", file=sys.stderr)
    build = build_fast.cached_build(cache, modules)
    compiled = build_fast.overlay(build, args.workdir / "compiled-tree")
    builds = {"pure": ROOT, "compiled": compiled}
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in builds}
    for _ in range(args.repeats):
        for name, tree in builds.items():
            result = time_build(tree, args)
            compiled_in_use = result.pop("compiled")
            assert bool(compiled_in_use) == (name == "compiled"), f"{name}: wrong build"
            runs[name].append(result)
    print(table(runs, args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
