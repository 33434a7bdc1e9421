"""The rulebook's sample game (test_cases/rulebook/sample-game.case) played into a Game.

examples/sample-game.json is this game written out; regenerate it with
`python tests/report/sample_game.py examples/sample-game.json`.
"""

from __future__ import annotations

import sys
from functools import cache

from adjudicator.board.map import load_map
from adjudicator.game.game import Game, adjudicate_pending, new_game, power_code, with_orders
from adjudicator.game.gamefile import write_game
from adjudicator.testcases.casefile import read_case
from adjudicator.testcases.caserun import bundled_cases


@cache
def sample_game() -> Game:
    case = read_case(bundled_cases() / "rulebook" / "sample-game.case")
    game = new_game()
    game = Game(game.variant, game.rules, game.start, meta={"name": "sample"})
    for step in case.steps:
        for power, lines in step.orders_by_power().items():
            game = with_orders(game, power_code(load_map(), power), lines)
        game, _played = adjudicate_pending(game)
    return game


if __name__ == "__main__":
    write_game(sys.argv[1], sample_game())
