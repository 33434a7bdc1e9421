"""Possible orders, side by side: our `possible_orders` against the `diplomacy` package's
`Game.get_all_possible_orders()` on the same dense positions (bench/corpus.py's dense movement
phases: 28-34 units of the seven powers on the standard map, fleets at sea for convoys).

For each position both engines are set up once (not timed: our phase document is read into a
Position, the reference's `diplomacy.Game` is given the units and centres), then each call is
timed `--repeat` times and the fastest kept: the slower runs measure the other programs on the
machine, not the code (timeit's advice). The figures are the mean of those times over the
positions, in microseconds, and their ratio.

`--check` also compares the two lists of every position as sets of order strings (the package
lists a unit on a two-coast province under its province too; sets ignore that).

    python bench/possible.py --positions 300 --seed 1 [--check]

Nothing here is a test: timings depend on the machine. The reference is AGPL and only imported
(`pip install -e '.[bench]'`); none of its code is copied here.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
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
        start = time.perf_counter()
        value = call()
        best = min(best, time.perf_counter() - start)
    return best, value


def flat(orders: dict[str, Any]) -> set[str]:
    return {order for listed in orders.values() for order in listed}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per call; the best kept")
    parser.add_argument("--check", action="store_true", help="compare the two lists too")
    args = parser.parse_args(argv)
    missing = reference_available()
    if missing:
        print(missing, file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    board = Board(load_map("standard"))
    docs = [dense_phase(board, rng) for _ in range(args.positions)]
    positions = [position_from_document(read_phase_document(doc))[0] for doc in docs]
    games = [_reference_game(doc) for doc in docs]
    possible_orders(positions[0])  # the per-map tables, built once per process
    games[0].get_all_possible_orders()
    ours = theirs = 0.0
    sizes = [0, 0]
    differ = []
    for i, (position, game) in enumerate(zip(positions, games, strict=True)):
        seconds, mine = fastest(lambda p=position: possible_orders(p), args.repeat)
        ours += seconds
        seconds, reference = fastest(game.get_all_possible_orders, args.repeat)
        theirs += seconds
        sizes[0] += len(flat(mine))
        sizes[1] += len(flat(reference))
        if args.check and flat(mine) != flat(reference):
            differ.append(
                (i, sorted(flat(mine) - flat(reference)), sorted(flat(reference) - flat(mine)))
            )
    count = len(positions)
    print(f"{count} dense positions (seed {args.seed}), best of {args.repeat} runs per call")
    print(f"orders per position: ours {sizes[0] / count:.0f}, reference {sizes[1] / count:.0f}")
    print(f"reference Game.get_all_possible_orders() {theirs / count * 1e6:9.0f} µs/position")
    print(f"ours possible_orders()                   {ours / count * 1e6:9.0f} µs/position")
    print(f"ratio (reference / ours): {theirs / ours:.1f}x")
    if args.check:
        print(f"same orders: {count - len(differ)} of {count} positions")
        for i, only_ours, only_theirs in differ[:5]:
            print(
                f"  position {i}: only ours {only_ours[:4]}, only the reference {only_theirs[:4]}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
