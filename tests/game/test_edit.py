"""Adding or replacing one order in a pending set (game/edit.py, `game orders --add`)."""

from __future__ import annotations

import json

import pytest

from adjudicator.game.edit import UnreadableOrders, add_orders
from adjudicator.game.game import Game, GameError, new_game, with_orders
from adjudicator.game.gamefile import game_from_text, game_to_text
from adjudicator.game.owed import owed_orders
from adjudicator.game.readings import pending_readings
from adjudicator.orders.results import OrderEntry


def france(game: Game) -> tuple[str, ...]:
    return tuple(game.pending["FRANCE"])


def test_an_added_order_goes_last_and_replaces_the_order_for_its_unit() -> None:
    game = with_orders(new_game(), "FRANCE", ["A Par - Bur, A Mar - Spa", "F Bre - Mid", "xyz"])
    game, added = add_orders(game, "france", ["A Mar H"])
    assert france(game) == ("A Par - Bur", "F Bre - Mid", "xyz", "A Mar H")
    assert added.replaced == ("A Par - Bur, A Mar - Spa",)
    assert [str(e.order) for e in added.reading.entries] == ["A MAR H"]
    game, added = add_orders(game, "FRANCE", ["A Par - Pic", "F Bre H"])
    assert france(game) == ("xyz", "A Mar H", "A Par - Pic", "F Bre H")
    assert added.replaced == ("A Par - Bur", "F Bre - Mid")


def test_the_last_order_of_a_line_is_struck_with_its_separator() -> None:
    game = with_orders(new_game(), "FRANCE", ["A Par - Bur; A Mar - Spa"])
    game, _ = add_orders(game, "FRANCE", ["A Mar - Pie"])
    assert france(game) == ("A Par - Bur", "A Mar - Pie")


def test_to_add_to_nothing_starts_the_set() -> None:
    game, added = add_orders(new_game(), "FRANCE", ["A Par - Bur", "", "A Mar H \n F Bre H"])
    assert france(game) == ("A Par - Bur", "A Mar H", " F Bre H") and added.replaced == ()


def test_a_header_stays_for_the_lines_after_it() -> None:
    # Four players: Austria's player also orders France, under a header.
    game = with_orders(new_game("four"), "AUSTRIA", ["A Vie H", "France: A Par H", "A Mar H"])
    game, _ = add_orders(game, "AUSTRIA", ["France: A Par - Bur"])
    assert game.pending["AUSTRIA"] == ("A Vie H", "France:", "A Mar H", "France: A Par - Bur")
    # An order for Austria itself now needs its header again: the set ends under France's.
    game, _ = add_orders(game, "AUSTRIA", ["A Vie - Gal"])
    assert game.pending["AUSTRIA"] == (
        "France:",
        "A Mar H",
        "France: A Par - Bur",
        "Austria:",
        "A Vie - Gal",
    )


def test_an_order_replaces_the_one_in_a_teammate_s_sheet() -> None:
    # Four players: Austria's player orders France in Austria's sheet; an order added for
    # France replaces it there, instead of leaving two orders for A PAR (so A PAR would hold).
    game = with_orders(new_game("four"), "AUSTRIA", ["A Vie H", "France: A Par H", "A Mar H"])
    game, added = add_orders(game, "FRANCE", ["A Par - Bur"])
    assert game.pending["AUSTRIA"] == ("A Vie H", "France:", "A Mar H")
    assert game.pending["FRANCE"] == ("A Par - Bur",)
    assert added.replaced == ("France: A Par H",)
    # And the other way: France's own sheet loses the order Austria's player replaces.
    game, added = add_orders(game, "AUSTRIA", ["France: A Par - Pic"])
    assert "FRANCE" not in game.pending and added.replaced == ("A Par - Bur",)
    readings = pending_readings(game, "AUSTRIA") + pending_readings(game, "FRANCE")
    assert [str(r.order) for r in readings if isinstance(r, OrderEntry)] == [
        "A VIE H",
        "A MAR H",
        "A PAR - PIC",
    ]
    # A stranger's sheet is never touched: England's player plays England alone.
    with pytest.raises(GameError, match="may not order for FRANCE"):
        add_orders(game, "ENGLAND", ["France: A Par H"])


def test_a_teammate_s_sheet_left_without_orders_is_no_set_sent() -> None:
    # Austria's player sent only an order for France; France's order replaces it. Nothing
    # Austria sent stands, so Austria has sent nothing and is waited for (not kept as an empty
    # set or a lone 'France:' header, which counted as a set sent).
    game = with_orders(new_game("four"), "AUSTRIA", ["France:", "A Par H"])
    game, added = add_orders(game, "FRANCE", ["A Par - Bur"])
    assert added.replaced == ("A Par H",)
    assert "AUSTRIA" not in game.pending
    austria = next(o for o in owed_orders(game) if o.power == "AUSTRIA")
    assert not austria.sent
    # A sheet with something left of its own (here a comment) is still a set sent.
    game = with_orders(new_game("four"), "AUSTRIA", ["# thanks", "France: A Par H"])
    game, _ = add_orders(game, "FRANCE", ["A Par - Bur"])
    assert game.pending["AUSTRIA"] == ("# thanks", "France:")


def test_a_build_replaces_the_build_in_the_same_province() -> None:
    doc = {
        "format": "adjudicator-game",
        "version": 1,
        "start": {
            "phase": "W1901A",
            "units": {"FRANCE": ["A BUR", "A SPA", "F POR"]},
            "centers": {"FRANCE": ["BRE", "MAR", "PAR", "POR", "SPA"]},
        },
        "pending": {"phase": "W1901A", "orders": {"FRANCE": ["Build A Bre", "Build A Par"]}},
    }
    game, added = add_orders(game_from_text(json.dumps(doc)), "FRANCE", ["Build F Bre"])
    assert france(game) == ("Build A Par", "Build F Bre")
    assert added.replaced == ("Build A Bre",)


def test_an_unreadable_order_changes_nothing() -> None:
    game = with_orders(new_game(), "FRANCE", ["A Par - Bur"])
    with pytest.raises(UnreadableOrders) as refused:
        add_orders(game, "FRANCE", ["A Mar - Spa", "A Pxr - Pic"])
    assert [e.input for e in refused.value.errors] == ["A Pxr - Pic"]
    with pytest.raises(GameError, match="may not order for GERMANY"):
        add_orders(game, "FRANCE", ["Germany: A Ber H"])
    with pytest.raises(GameError, match="no order to add"):
        add_orders(game, "FRANCE", [""])
    assert game_to_text(game) == game_to_text(with_orders(new_game(), "FRANCE", ["A Par - Bur"]))


def test_a_line_not_read_goes_when_it_names_the_unit() -> None:
    lines = ["A Par - Bru, A Mar - Spa", "xyz", "A Mun H", "F Bre-Mxo"]
    game = with_orders(new_game(), "FRANCE", lines)
    game, added = add_orders(game, "FRANCE", ["A Par - Bur", "F Bre - Mao"])
    # 'xyz' names no unit and 'A Mun H' names Germany's: they stay, as written.
    assert france(game) == ("A Mar - Spa", "xyz", "A Mun H", "A Par - Bur", "F Bre - Mao")
    assert added.replaced == ("A Par - Bru, A Mar - Spa", "F Bre-Mxo")


def test_a_line_not_read_names_its_unit_however_written() -> None:
    lines = ["French A Paris - Bruxelles", "Fleet Brest -> Mxo", "F St Petersburg - Bxt"]
    game = with_orders(new_game(), "FRANCE", lines)
    game, added = add_orders(game, "FRANCE", ["A Par - Bur", "F Bre - Mao"])
    assert added.replaced == ("French A Paris - Bruxelles", "Fleet Brest -> Mxo")
    game = with_orders(new_game(), "RUSSIA", ["F St Petersburg - Bxt", "A Mos - Stp"])
    game, added = add_orders(game, "RUSSIA", ["F Stp/sc - Bot"])
    assert added.replaced == ("F St Petersburg - Bxt",)


def test_in_a_retreat_the_dislodged_unit_s_order_is_replaced() -> None:
    doc = {
        "format": "adjudicator-game",
        "version": 1,
        "start": {
            "phase": "F1901R",
            "units": {"FRANCE": ["A MAR"], "GERMANY": ["A BUR"]},
            "centers": {"FRANCE": ["MAR", "PAR"], "GERMANY": ["MUN"]},
            "dislodged": {"FRANCE": {"A BUR": ["PAR", "GAS"]}},
        },
        "pending": {"phase": "F1901R", "orders": {"FRANCE": ["A Bur - Gax"]}},
    }
    game, added = add_orders(game_from_text(json.dumps(doc)), "FRANCE", ["A Bur R Par"])
    assert france(game) == ("A Bur R Par",) and added.replaced == ("A Bur - Gax",)
    game, added = add_orders(game, "FRANCE", ["A Bur disband"])
    assert france(game) == ("A Bur disband",) and added.replaced == ("A Bur R Par",)
