"""Undoing the last adjudicated phase (game.undo_last, `game undo`, the judge's rollback)."""

from __future__ import annotations

import pytest

from adjudicator.game.game import (
    GameError,
    adjudicate_pending,
    declare_disorder,
    new_game,
    undo_last,
    with_orders,
)
from adjudicator.game.gamefile import game_to_text


def test_undo_gives_back_the_game_before_the_phase_with_its_orders_pending() -> None:
    before = declare_disorder(with_orders(new_game(), "FRANCE", ["A Par - Bur"]), ["ITALY"])
    after, played = adjudicate_pending(before)
    after = declare_disorder(after, [])  # lifted after the phase: the undo brings it back
    undone, last = undo_last(after)
    assert last == played
    assert undone.pending == {"FRANCE": ("A Par - Bur",)} and undone.disorder == ("ITALY",)
    assert game_to_text(undone) == game_to_text(before)


def test_undo_refuses_to_drop_orders_sent_for_the_next_phase() -> None:
    after, _ = adjudicate_pending(with_orders(new_game(), "FRANCE", ["A Par - Bur"]))
    sent = with_orders(with_orders(after, "ENGLAND", ["F Lon H"]), "TURKEY", [])
    with pytest.raises(GameError, match="F1901M already has orders from England, Turkey"):
        undo_last(sent)
    undone, _ = undo_last(sent, drop_pending=True)
    assert undone.pending == {"FRANCE": ("A Par - Bur",)}


def test_nothing_to_undo_at_the_start() -> None:
    with pytest.raises(GameError, match="nothing to undo"):
        undo_last(new_game())
