"""Sides and the coin toss of the two-player game (rulebook XIV.2, the First World War game).

Centres are owned per power (England, France, ...), but victory counts a side's centres
together. Italy, neutral at first, joins the side that wins the coin toss before the Fall 1914
adjustments. The toss is an input (`Rules.coin_toss`) or drawn from `Rules.coin_toss_seed`, so
the same game always replays the same way.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from adjudicator.board.map import Map
from adjudicator.board.rules import Rules
from adjudicator.board.types import Phase, PhaseKind, Season


def coin_toss(game_map: Map, rules: Rules) -> str | None:
    """The side that won the toss, or None on a map without sides."""
    if not game_map.sides:
        return None
    if rules.coin_toss is not None:
        side = rules.coin_toss.upper()
        if side not in game_map.sides:
            known = ", ".join(sorted(game_map.sides))
            raise ValueError(
                f"coin_toss {rules.coin_toss!r} is not a side of {game_map.name}: {known}"
            )
        return side
    return random.Random(rules.coin_toss_seed).choice(sorted(game_map.sides))


def by_side(game_map: Map, centers: Mapping[str, str], rules: Rules, year: int) -> dict[str, str]:
    """Centre -> the side of its owner after `year`'s Fall (a power on no side stays itself).

    The joining power counts for the toss's winner only from the year it has joined: the toss
    is made after the Fall 1914 centre count, and Italy joins in Spring 1915."""
    side_of = {power: side for side, members in game_map.sides.items() for power in members}
    winner = coin_toss(game_map, rules)
    joins = game_map.joins_winner
    fall = Phase(year, Season.FALL, PhaseKind.MOVEMENT)
    if joins is not None and winner is not None and joins not in game_map.neutral_at(fall):
        side_of[joins] = winner
    return {center: side_of.get(owner, owner) for center, owner in centers.items()}
