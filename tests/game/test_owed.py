"""Who still owes orders (game/owed.py), on game files written as a gamesmaster would."""

from __future__ import annotations

import json
from typing import Any

from adjudicator.board.types import PhaseKind
from adjudicator.game.game import Game, declare_disorder, new_game, with_orders
from adjudicator.game.gamefile import game_from_text
from adjudicator.game.owed import Owed, owed_orders

OPENING = {
    "AUSTRIA": ("A BUD", "A VIE", "F TRI"),
    "ENGLAND": ("A LVP", "F EDI", "F LON"),
    "GERMANY": ("A BER", "A MUN", "F KIE"),
    "ITALY": ("A ROM", "A VEN", "F NAP"),
    "RUSSIA": ("A MOS", "A WAR", "F SEV", "F STP/SC"),
    "TURKEY": ("A CON", "A SMY", "F ANK"),
}


def game_at(start: dict[str, Any], orders: dict[str, list[str]] | None = None) -> Game:
    """A game file's text whose start is `start`, read back as the program reads it."""
    doc = {
        "format": "adjudicator-game",
        "version": 1,
        "start": start,
        "pending": {"phase": start["phase"], "orders": orders or {}},
    }
    return game_from_text(json.dumps(doc))


def test_movement_every_unit_without_an_order_and_nobody_else() -> None:
    game = with_orders(new_game(), "France", ["A Par - Bur", "A Mar - Mos", "xyz"])
    # A Mar - Mos cannot succeed but is an order; 'xyz' orders nothing, so F BRE is owed.
    expected = [Owed(p, units=u) for p, u in OPENING.items()]
    expected.insert(2, Owed("FRANCE", units=("F BRE",), sent=True))
    assert owed_orders(game) == tuple(expected)
    assert expected[2].words() == "F BRE"


def test_an_empty_set_is_sent_but_the_units_are_still_owed() -> None:
    game = with_orders(new_game(), "ENGLAND", [])
    assert owed_orders(game)[1] == Owed("ENGLAND", ("A LVP", "F EDI", "F LON"), sent=True)


def test_nobody_owes_once_every_unit_has_an_order() -> None:
    game = new_game()
    for power, units in {**OPENING, "FRANCE": ("A MAR", "A PAR", "F BRE")}.items():
        game = with_orders(game, power, [f"{unit} H" for unit in units])
    assert owed_orders(game) == ()


def test_neutral_powers_and_powers_in_civil_disorder_owe_nothing() -> None:
    game = declare_disorder(new_game("five"), ["TURKEY"])  # five: Germany and Italy are neutral
    assert [o.power for o in owed_orders(game)] == ["AUSTRIA", "ENGLAND", "FRANCE", "RUSSIA"]


RETREAT = {
    "phase": "F1901R",
    "units": {"FRANCE": ["A MAR", "F MAO"], "GERMANY": ["A BUR", "A MUN", "F KIE"]},
    "centers": {"FRANCE": ["BRE", "MAR", "PAR"], "GERMANY": ["BER", "KIE", "MUN"]},
    "dislodged": {"FRANCE": {"A BUR": ["PAR", "GAS"]}},
}


def test_retreats_only_the_dislodged_units_are_owed() -> None:
    game = game_at(RETREAT)
    assert owed_orders(game) == (Owed("FRANCE", units=("A BUR",)),)
    assert owed_orders(with_orders(game, "FRANCE", ["A Bur R Par"])) == ()
    assert owed_orders(with_orders(game, "FRANCE", ["A Bur disband"])) == ()


ADJUSTMENT = {
    "phase": "W1901A",
    "units": {
        "FRANCE": ["A BUR", "A SPA", "F POR"],
        "AUSTRIA": ["A BUD", "A VIE", "F TRI"],
        "GERMANY": ["A BER", "A MUN", "F KIE"],
        "ENGLAND": ["A LVP", "F EDI", "F LON"],
    },
    "centers": {
        "FRANCE": ["BRE", "MAR", "PAR", "POR", "SPA"],
        "AUSTRIA": ["BUD", "VIE"],
        "GERMANY": ["BER", "DEN", "KIE", "MUN"],
        "ENGLAND": ["EDI", "LON", "LVP"],
    },
}


def test_adjustments_builds_and_removals_still_to_order() -> None:
    # France builds 2; Austria removes 1; Germany may build but has no vacant home centre;
    # England is even; Russia, Italy and Turkey are gone.
    game = game_at(ADJUSTMENT)
    assert owed_orders(game) == (Owed("AUSTRIA", removals=1), Owed("FRANCE", builds=2))
    assert [o.words() for o in owed_orders(game)] == ["1 removal", "2 builds"]
    # A build in a centre that is not a home centre cannot succeed and uses nothing up.
    game = with_orders(game, "FRANCE", ["Build A Par", "Build A Mun"])
    assert owed_orders(game) == (Owed("AUSTRIA", removals=1), Owed("FRANCE", builds=1, sent=True))
    game = with_orders(game, "FRANCE", ["Build A Par", "Waive"])
    game = with_orders(game, "AUSTRIA", ["Remove F Tri"])
    assert owed_orders(game) == ()


def test_one_wording_of_what_becomes_of_missing_orders() -> None:
    """`game status`/`adjudicate` and the judge's acknowledgement both say it with Owed.fate."""
    movement, retreat = PhaseKind.MOVEMENT, PhaseKind.RETREAT
    assert Owed("FRANCE", units=("A PAR",)).fate(movement) == "units without orders hold"
    assert Owed("FRANCE", units=("A PAR",)).fate(retreat) == (
        "dislodged units without orders are disbanded"
    )
    adjustment = PhaseKind.ADJUSTMENT
    assert Owed("FRANCE", builds=1).fate(adjustment) == "builds not ordered are waived"
    assert Owed("FRANCE", removals=2).fate(adjustment) == (
        "removals not ordered are made by the civil-disorder rules"
    )
