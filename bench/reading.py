"""How long reading a big order sheet takes: the reader must be linear in its input (issue 10).

Not a test: timings depend on the machine. A seeded order sheet of about SIZE bytes (default
1 MB) is built from the lines players send (orders in several notations, headers, comments,
chatter, misspellings, long words with and without hyphens, over-long lines) and read by
`interpret_orders` against the standard opening; then half of it, to show the time per byte
stays put. The suite checks linearity by a deterministic measure (tests/orders/test_linear.py).

    python bench/reading.py [--size 1000000] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import time

from adjudicator.board.map import load_map
from adjudicator.game.game import start_position
from adjudicator.orders.interpret import interpret_orders

_LINES = (
    "France:",
    "A Par - Bur",
    "A Mar S A Par - Bur",
    "F Bre -> Mid-Atlantic Ocean",
    "fleet brest moves to the english channel",
    "A Paris holds",
    "A Lodnon - Wal",
    "# a comment",
    "A Par - Bur // A Mar - Spa",
    "Hi GM, here are my orders",
    "Cheers",
    "Germany: A Ber - Kie; F Kie - Den",
    "[ENGLAND] F Lon - Nth",
    "A St-Petersburg-Moscow - War",
)


def sheet(size: int, seed: int) -> str:
    """About `size` characters of order lines, the same for the same seed."""
    rng = random.Random(seed)
    lines: list[str] = []
    length = 0
    while length < size:
        roll = rng.random()
        if roll < 0.01:
            line = "A Par-Bur " + "x" * rng.randrange(100, 5000)
        elif roll < 0.02:
            line = "-".join(["Mid"] * rng.randrange(10, 500))
        else:
            line = rng.choice(_LINES)
        lines.append(line)
        length += len(line) + 1
    return "\n".join(lines)


def _read(text: str) -> tuple[float, int, int]:
    game_map = load_map("standard")
    position = start_position(game_map)
    start = time.perf_counter()
    entries, errors = interpret_orders(game_map, position, {"FRANCE": [text]})
    return time.perf_counter() - start, len(entries), len(errors)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    _read(sheet(10_000, args.seed))  # warm: grammar and map loaded, caches primed
    print(f"{'bytes':>10} {'lines':>8} {'entries':>8} {'errors':>8} {'s':>7} {'us/byte':>8}")
    for size in (args.size // 2, args.size):
        text = sheet(size, args.seed)
        seconds, entries, errors = _read(text)
        lines = text.count("\n") + 1
        per_byte = seconds / len(text) * 1e6
        counts = f"{len(text):>10} {lines:>8} {entries:>8} {errors:>8}"
        print(f"{counts} {seconds:>7.2f} {per_byte:>8.3f}")


if __name__ == "__main__":
    main()
