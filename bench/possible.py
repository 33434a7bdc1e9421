"""Possible orders, side by side: our `possible_orders` against the `diplomacy` package's
`Game.get_all_possible_orders()` on the same dense positions (bench/corpus.py's dense movement
phases: 28-34 units of the seven powers on the standard map, fleets at sea for convoys).

For each position both engines are set up once (not timed: our phase document is read into a
Position, the reference's `diplomacy.Game` is given the units and centres). Ours first runs on
`--warm` other positions, as in a long run (its per-map tables fill as boards are seen: what the
fleets at sea linked to an army can do for it, kept by army and fleets), then each timed
position is new to it. Two figures per engine, the mean over the positions in microseconds:
the first call on each position (for ours, a board it has not seen; the engines take turns on
blocks of 50 positions, so both run under the same load), and the fastest of `--repeat` more
calls on it (the slower runs measure the other programs on the machine, not the code: timeit's
advice), with the ratios of the two engines. The collector is off while timing (as in timeit):
its passes over the reference's 300 games in memory are neither engine's cost.

`--check` also compares the two lists of every position as sets of order strings (the package
lists a unit on a two-coast province under its province too; sets ignore that).

    python bench/possible.py --positions 300 --warm 2000 --seed 1 [--check]

Nothing here is a test: timings depend on the machine. The reference is AGPL and only imported
(`pip install -e '.[bench]'`); none of its code is copied here.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import Board, dense_phase
from run import _reference_game, reference_available

from adjudicator.board.map import load_map
from adjudicator.contract.documents import position_from_document, read_phase_document
from adjudicator.orders.possible import possible_orders


def fastest(call: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """The fastest of `repeat` runs of `call`, in seconds, and its value."""
    best, value = float("inf"), None
    for _ in range(repeat):
        start = time.process_time()
        value = call()
        best = min(best, time.process_time() - start)
    return best, value


def flat(orders: dict[str, Any]) -> set[str]:
    return {order for listed in orders.values() for order in listed}


def first_calls(calls: list[Callable[[], Any]], block: int = 50) -> tuple[float, float]:
    """Seconds of the first call of each pair (ours, the reference's), the engines taking
    turns on blocks of positions (each in its own loop, as a caller would run it)."""
    totals = [0.0, 0.0]
    for start in range(0, len(calls), 2 * block):
        for engine in (0, 1):
            chunk = calls[start + engine : start + 2 * block : 2]
            began = time.process_time()
            for call in chunk:
                call()
            totals[engine] += time.process_time() - began
    return totals[0], totals[1]


@dataclass
class Figures:
    """Mean seconds per position, [ours, the reference's]: first calls and best of repeats."""

    first: tuple[float, float]
    best: tuple[float, float]
    sizes: tuple[float, float]  # orders listed per position
    differ: list[tuple[int, list[str], list[str]]]  # positions whose lists differ (--check)
    count: int


def measure(positions: int, warm: int, seed: int, repeat: int, check: bool) -> Figures:
    """Time both engines on `positions` new dense positions, ours warmed up on `warm` others."""
    rng = random.Random(seed)
    board = Board(load_map("standard"))
    docs = [dense_phase(board, rng) for _ in range(positions)]
    boards = [position_from_document(read_phase_document(doc))[0] for doc in docs]
    games = [_reference_game(doc) for doc in docs]
    other = random.Random(seed + 1_000_003)  # another stream: positions never timed
    for _ in range(warm):
        possible_orders(position_from_document(read_phase_document(dense_phase(board, other)))[0])
    _reference_game(dense_phase(board, other)).get_all_possible_orders()
    gc.collect()
    gc.disable()  # as timeit does: the collector's passes over 300 reference games are no engine's
    calls: list[Callable[[], Any]] = []
    for position, game in zip(boards, games, strict=True):
        calls += [partial(possible_orders, position), game.get_all_possible_orders]
    first = first_calls(calls)
    best = [0.0, 0.0]
    sizes = [0, 0]
    differ = []
    for i, (position, game) in enumerate(zip(boards, games, strict=True)):
        seconds, mine = fastest(lambda p=position: possible_orders(p), repeat)
        best[0] += seconds
        seconds, reference = fastest(game.get_all_possible_orders, repeat)
        best[1] += seconds
        sizes[0] += len(flat(mine))
        sizes[1] += len(flat(reference))
        if check and flat(mine) != flat(reference):
            differ.append(
                (i, sorted(flat(mine) - flat(reference)), sorted(flat(reference) - flat(mine)))
            )
    gc.enable()
    n = len(boards)
    return Figures(
        (first[0] / n, first[1] / n),
        (best[0] / n, best[1] / n),
        (sizes[0] / n, sizes[1] / n),
        differ,
        n,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--warm", type=int, default=2000, help="other positions ours sees first")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per call; the best kept")
    parser.add_argument("--check", action="store_true", help="compare the two lists too")
    args = parser.parse_args(argv)
    missing = reference_available()
    if missing:
        print(missing, file=sys.stderr)
        return 2
    f = measure(args.positions, args.warm, args.seed, args.repeat, args.check)
    first, best, sizes = f.first, f.best, f.sizes
    print(
        f"{f.count} dense positions (seed {args.seed}); ours warmed up on {args.warm} others; "
        f"first calls, then best of {args.repeat}"
    )
    print(f"orders per position: ours {sizes[0]:.0f}, reference {sizes[1]:.0f}")
    print(f"{'µs/position':41s} {'first call':>10} {'best of ' + str(args.repeat):>10}")
    print(f"reference Game.get_all_possible_orders() {first[1] * 1e6:10.0f}", end="")
    print(f" {best[1] * 1e6:10.0f}")
    print(f"ours possible_orders()                   {first[0] * 1e6:10.0f}", end="")
    print(f" {best[0] * 1e6:10.0f}")
    print(
        f"ratio (reference / ours)                 {first[1] / first[0]:9.1f}x "
        f"{best[1] / best[0]:9.1f}x"
    )
    if args.check:
        print(f"same orders: {f.count - len(f.differ)} of {f.count} positions")
        for i, only_ours, only_theirs in f.differ[:5]:
            print(
                f"  position {i}: only ours {only_ours[:4]}, only the reference {only_theirs[:4]}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
