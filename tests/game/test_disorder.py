"""Rulebook XIV.2/XIV.3 in a game: civil disorder declared by the gamesmaster, the file that
keeps it, one person ordering several powers, and what `game show` says of them."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from adjudicator.board.map import load_map
from adjudicator.board.rules import rules_from
from adjudicator.board.types import Phase
from adjudicator.cli.game import game_command
from adjudicator.game.game import (
    Game,
    GameError,
    adjudicate_pending,
    declare_disorder,
    new_game,
    read_orders,
    rebuild,
    replay,
    teammates,
    with_orders,
)
from adjudicator.game.gamefile import game_from_text, game_to_text, read_game

# France attacks Munich with support; Germany orders Kiel to support Munich.
SPRING = {"FRANCE": ["A Par-Bur"], "GERMANY": ["A Mun-Ruh", "F Kie-Hol", "A Ber-Sil"]}


def spring(game: Game) -> Game:
    for power, lines in SPRING.items():
        game = with_orders(game, power, lines)
    return adjudicate_pending(game)[0]


def test_a_declared_power_s_orders_are_ignored_and_kept_with_the_phase() -> None:
    game = spring(declare_disorder(new_game(), ["germ"]))
    assert game.played[0].disorder == ("GERMANY",)
    german = sorted(str(u) for u in game.current.units_of("GERMANY"))
    assert german == ["A BER", "A MUN", "F KIE"]  # every order ignored: the units held
    assert str(game.current.units["BUR"]) == "A BUR"  # France's order counts
    assert replay(game) == ()
    assert rebuild(game).played[0].disorder == ("GERMANY",)


def test_lifting_the_declaration_lets_the_power_order_again() -> None:
    game = spring(declare_disorder(declare_disorder(new_game(), ["GERMANY"]), []))
    assert game.played[0].disorder == ()
    assert sorted(str(u) for u in game.current.units_of("GERMANY")) == ["A RUH", "A SIL", "F HOL"]


def test_the_game_file_keeps_the_declarations() -> None:
    game = declare_disorder(spring(declare_disorder(new_game(), ["GERMANY"])), ["ITALY"])
    text = game_to_text(game)
    assert '"disorder": ["GERMANY"]' in text
    assert '"pending": {"phase": "F1901M", "disorder": ["ITALY"]' in text
    again = game_from_text(text)
    assert again.disorder == ("ITALY",)
    assert again.played[0].disorder == ("GERMANY",)
    assert replay(again) == ()


def test_a_game_without_declarations_writes_no_disorder_field() -> None:
    assert '"disorder"' not in game_to_text(spring(new_game()))


def test_cli_declares_warns_and_lifts(tmp_path: Path) -> None:
    path = str(tmp_path / "club.json")
    runner = CliRunner()
    assert runner.invoke(game_command, ["new", path]).exit_code == 0
    declared = runner.invoke(game_command, ["disorder", path, "germany", "Italy"])
    assert declared.exit_code == 0
    assert declared.output == "civil disorder from S1901M: Germany, Italy\n"
    ordered = runner.invoke(game_command, ["orders", path, "germany", "-"], input="A Mun-Ruh\n")
    assert "Germany is declared in civil disorder: these orders are ignored" in ordered.output
    assert read_game(path).disorder == ("GERMANY", "ITALY")
    lifted = runner.invoke(game_command, ["disorder", path])
    assert lifted.output == "no civil disorder at S1901M\n"
    unknown = runner.invoke(game_command, ["disorder", path, "Atlantis"])
    assert unknown.exit_code == 1
    assert "unknown power 'Atlantis'" in unknown.output


def test_show_names_neutral_powers_sides_and_the_coin_toss_once_made(tmp_path: Path) -> None:
    path = str(tmp_path / "wwi.json")
    runner = CliRunner()
    assert runner.invoke(game_command, ["new", path, "--variant", "wwi"]).exit_code == 0
    assert runner.invoke(game_command, ["disorder", path, "Turkey"]).exit_code == 0
    before = runner.invoke(game_command, ["show", path]).output
    assert "Neutral (nobody orders them): Italy\n" in before
    assert "In civil disorder (declared): Turkey\n" in before
    assert "Side CENTRAL: Austria, Germany, Turkey\nSide ENTENTE: England, France, Russia" in before
    assert "Coin toss" not in before
    for _ in range(2):  # Spring and Fall 1914 without orders; nothing to adjust
        assert runner.invoke(game_command, ["adjudicate", path]).exit_code == 0
    after = runner.invoke(game_command, ["show", path]).output
    assert "S1915M" in after
    assert "Neutral" not in after
    # The seed (rules coin_toss_seed, 1914 by default) decides; a replay always tosses the same.
    assert "Coin toss won by CENTRAL: Italy plays with it from S1915M\n" in after


def test_one_person_playing_several_powers_may_order_them_in_one_sheet() -> None:
    game = new_game("four")  # Austria+France are one player's
    sheet = ["Austria:", "A Vie-Gal", "France:", "A Par-Bur"]
    _, reading = read_orders(game, "Austria", sheet)
    assert [str(e.order) for e in reading.entries] == ["A VIE - GAL", "A PAR - BUR"]
    with pytest.raises(GameError, match="AUSTRIA may not order for ENGLAND"):
        read_orders(game, "Austria", ["England:", "F Lon-Nth"])


def test_in_wwi_italy_is_ordered_with_the_toss_winners_once_it_has_joined() -> None:
    game = new_game("wwi", rules_from({"coin_toss": "CENTRAL"}))
    assert teammates(load_map("wwi"), "AUSTRIA", game.current, game.rules) == {
        "AUSTRIA",
        "GERMANY",
        "TURKEY",
    }
    joined = replace(game, start=replace(game.start, phase=Phase.parse("S1915M")))
    assert "ITALY" in teammates(load_map("wwi"), "GERMANY", joined.current, joined.rules)
    assert "ITALY" not in teammates(load_map("wwi"), "FRANCE", joined.current, joined.rules)
    _, reading = read_orders(joined, "Germany", ["Italy:", "A Rom-Apu"])
    assert [str(e.order) for e in reading.entries] == ["A ROM - APU"]
