"""How long drawing one phase takes (issue 12's target: under 20 ms for the SVG of a dense phase).

Not a test: timings depend on the machine. The dense phase is the rulebook sample game's
Fall 1902 movement (31 units, every kind of order, dislodged units with their retreats); the
SVG is drawn many times and the median is reported, with the PNG (resvg) for comparison.

    python bench/pictures.py [--repeat 200]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "report"))

from sample_game import sample_game

from adjudicator.report.svg import render_svg


def _median_ms(action: object, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    game = sample_game()
    index = max(range(len(game.played)), key=lambda i: len(game.played[i].results))
    played, before = game.played[index], game.before(index)

    def draw() -> str:
        return render_svg(before, result=played.results, after=played.next)

    draw()  # the first call loads the map and its geometry once per process
    svg_ms = _median_ms(draw, args.repeat)
    print(f"{played.phase}: {len(played.results)} orders, SVG {len(draw()) // 1024} KiB")
    print(f"SVG: median {svg_ms:.2f} ms over {args.repeat} runs (target: under 20 ms)")
    try:
        from adjudicator.report.png import svg_to_png

        svg = draw()
        png_ms = _median_ms(lambda: svg_to_png(svg), max(5, args.repeat // 20))
        print(f"PNG from that SVG (resvg): median {png_ms:.0f} ms")
    except ImportError:
        print("PNG: resvg-py not installed (pip install -e '.[png]')")


if __name__ == "__main__":
    main()
