"""Issue 15's figures in one run: adjudication and possible orders against the reference, and
the compiled build's µs per phase.

1. Adjudication, pure Python (bench/steady.py's measure: new dense movement phases, ours warmed
   up on others, the reference's `Game.process()` and ours interleaved in short rounds): the
   document route and the Python-values route, µs per phase and the ratio.
2. Possible orders, pure Python (bench/possible.py's measure): the first call on a new
   position and the best of three calls, µs per position and the ratio.
3. The compiled build (bench/compiled.py's machinery: the mypyc build from ~/.cache/adjudicator,
   timed in a fresh interpreter with steady.py's measure): µs per phase, its ratio to the
   reference in the same rounds, and how far it is from dipcc's 35 µs.

    python bench/summary.py [--phases 1000] [--positions 300] [--no-compiled]

The issue's targets: 10x the reference for adjudication and for possible orders in pure
Python; the compiled build within 3x of dipcc (105 µs a phase). Nothing here is a test.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import platform
import statistics
import sys
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import compiled
import possible
import steady
import tables
from run import reference_available

from adjudicator import build_fast

TARGET = 10.0


HEADER = ("measure", "ours, µs", "reference, µs", "reference / ours", "target")
NUMERIC = (False, True, True, True, False)
Row = list[str]


def _row(label: str, ours_us: float, reference_us: float, ratio: float, target: str) -> Row:
    return [label, f"{ours_us:.0f}", f"{reference_us:.0f}", f"{ratio:.1f}x", target]


def adjudication(args: argparse.Namespace) -> list[Row]:
    rounds = steady.measure(args.phases, args.rounds, args.warm)
    median = statistics.median
    reference = median(r.reference for r in rounds) * 1e6
    rows = []
    for label, route in (
        ("document in, result document out", "document"),
        ("Python values", "python"),
    ):
        ours = median(getattr(r, route) for r in rounds) * 1e6
        ratio = median(r.reference / getattr(r, route) for r in rounds)
        goal = "met" if ratio >= TARGET else "not met"
        rows.append(_row(f"adjudication, {label}", ours, reference, ratio, f"≥ 10x ({goal})"))
    return rows


def possible_orders(args: argparse.Namespace) -> list[Row]:
    f = possible.measure(args.positions, 2000, 1, 3, check=False)
    rows = []
    for label, (ours, reference) in (("first call", f.first), ("best of 3", f.best)):
        ratio = reference / ours
        goal = "met" if ratio >= TARGET else "not met"
        rows.append(
            _row(f"possible orders, {label}", ours * 1e6, reference * 1e6, ratio, f"≥ 10x ({goal})")
        )
    return rows


@contextlib.contextmanager
def _stdout_to_stderr() -> Iterator[None]:
    """Send what a build prints (setuptools, and the C compiler it runs, which write to file
    descriptor 1) to stderr, so stdout carries the table alone."""
    sys.stdout.flush()
    saved = os.dup(1)
    os.dup2(2, 1)
    try:
        yield
    finally:
        sys.stdout.flush()
        os.dup2(saved, 1)
        os.close(saved)


def compiled_build(args: argparse.Namespace) -> list[Row]:
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "adjudicator"
    print("building (or reusing) the compiled build ...", file=sys.stderr)
    with _stdout_to_stderr():
        build = build_fast.cached_build(cache, build_fast.COMPILED)
    tree = build_fast.overlay(build, Path(args.workdir) / "compiled-tree")
    result = compiled.time_build(tree, args)
    assert result["compiled"], "the compiled build was not imported"
    ours = result["python"]
    within = ours / compiled.DIPCC_US
    goal = "met" if within <= 3 else "not met"
    return [
        _row(
            "compiled build, Python values",
            ours,
            result["reference"],
            result["python_ratio"],
            f"≤ 3x dipcc's 35 µs: {within:.1f}x ({goal})",
        ),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = steady.measure_parser(__doc__, 1000, 25)
    parser.add_argument("--positions", type=int, default=300, help="possible-orders positions")
    parser.add_argument("--workdir", default="/tmp", help="where the compiled tree goes")
    parser.add_argument("--no-compiled", action="store_true", help="skip the compiled build")
    args = parser.parse_args(argv)
    why_not = reference_available()
    if why_not is not None:
        print(why_not, file=sys.stderr)
        return 1
    load = os.getloadavg()[0]
    rows = adjudication(args) + possible_orders(args)
    if not args.no_compiled:
        rows += compiled_build(args)
    print(tables.table(HEADER, rows, NUMERIC))
    print(
        f"\nAdjudication: {args.phases} new dense movement phases, ours warmed up on {args.warm}"
        f" others, medians of {args.rounds} rounds; possible orders: {args.positions} new dense"
        f" positions after 2000 others. Python {platform.python_version()},"
        f" {steady._machine()}, load average {load:.1f} at the start."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
