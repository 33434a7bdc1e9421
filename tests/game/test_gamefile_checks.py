"""Inconsistent game files and documents are refused with a sentence (issue 10, fault 5):
pending orders for a power that is not in the game, and years past what a phase name can hold
(a game at W9999A used to write S10000M, a file it could then not read back)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from adjudicator.cli.main import main
from adjudicator.contract.documents import DocumentError, adjudicate_document
from adjudicator.game.game import GameError, adjudicate_pending, new_game
from adjudicator.game.gamefile import (
    GameFileError,
    game_from_text,
    game_to_document,
    read_game,
    write_game,
)


def _game_text(**changes: object) -> str:
    document = game_to_document(new_game("standard"))
    for key, value in changes.items():
        section, _, field = key.partition("__")
        document[section][field] = value
    return json.dumps(document)


def test_pending_orders_for_a_power_not_in_the_game_are_refused() -> None:
    text = _game_text(pending__orders={"NARNIA": ["A Par - Bur"]})
    with pytest.raises(GameFileError) as refused:
        game_from_text(text, "game.json")
    assert str(refused.value) == (
        "game.json: pending orders for 'NARNIA', which is not a power of standard; "
        "known: AUSTRIA, ENGLAND, FRANCE, GERMANY, ITALY, RUSSIA, TURKEY"
    )


def test_a_five_digit_year_in_a_game_file_is_refused() -> None:
    text = _game_text(start__phase="S19010M", pending__phase="S19010M")
    with pytest.raises(GameFileError, match=r"game\.json: start: bad phase name 'S19010M'"):
        game_from_text(text, "game.json")


def test_the_calendars_last_year_is_not_adjudicated_and_the_file_stays_readable(
    tmp_path: Path,
) -> None:
    path = tmp_path / "game.json"
    path.write_text(_game_text(start__phase="W9999A", pending__phase="W9999A"))
    game = read_game(path)
    with pytest.raises(GameError, match=r"W9999A is in the calendar's last year \(9999\)"):
        adjudicate_pending(game)
    result = CliRunner().invoke(main, ["game", "adjudicate", str(path)])
    assert result.exit_code == 1
    assert "Error: W9999A is in the calendar's last year (9999)" in result.output
    assert read_game(path) == game  # nothing written: the file still reads
    write_game(path, game)


def test_a_document_in_the_calendars_last_year_is_refused_only_when_its_next_phase_is_not() -> None:
    message = "W9999A is in the calendar's last year (9999): the phase after it could not be named"
    with pytest.raises(DocumentError, match=re.escape(message)):
        adjudicate_document({"phase": "W9999A", "units": {"FRANCE": ["A PAR"]}})
    result = CliRunner().invoke(
        main, ["adjudicate", "-", "--format", "text"], input='{"phase": "W9999A"}'
    )
    assert result.exit_code == 1 and f"Error: {message}" in result.output
    # The last year is played up to its last phase that can be named.
    spring = adjudicate_document({"phase": "S9999M", "units": {"FRANCE": ["A PAR"]}})
    assert spring["next"]["phase"] == "F9999M"
    fall = adjudicate_document({"phase": "F9999M"})  # builds are due: its winter can be named
    assert fall["next"]["phase"] == "W9999A"
    settled = {"phase": "F9999M", "units": {"FRANCE": ["A PAR", "A MAR", "F BRE"]}}
    settled["centers"] = {"FRANCE": ["PAR", "MAR", "BRE"]}  # nothing to adjust: S10000M next
    with pytest.raises(DocumentError, match=r"F9999M is in the calendar's last year \(9999\)"):
        adjudicate_document(settled)


def test_a_document_with_orders_for_a_power_not_in_the_game_is_refused() -> None:
    units = {"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]}
    document = {"phase": "S1901M", "units": units, "orders": {"Narnia": ["A Par - Bur"]}}
    with pytest.raises(DocumentError, match="orders: unknown power 'Narnia' on standard; known"):
        adjudicate_document(document)
    document["orders"] = {"french": ["A Par - Bur"], "": ["Germany: A Mun - Ruh"]}
    result = adjudicate_document(document)  # names, adjectives and headers still do
    assert [entry["order"] for entry in result["orders"]] == ["A PAR - BUR", "A MUN - RUH"]
