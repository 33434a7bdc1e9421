"""`game orders --add`: one order at a time, on a real game file."""

from __future__ import annotations

from pathlib import Path

from helpers_game import game

from adjudicator.game.gamefile import read_game


def test_add_replaces_one_order_and_shows_the_whole_set(tmp_path: Path) -> None:
    path = str(tmp_path / "club.json")
    game("new", path)
    game("orders", path, "france", "-", input="A Par-Bur\nF Bre-Mid\n")
    result = game("orders", path, "france", "--add", "A Mar-Spa", "--add", "A Par - Pic")
    assert result.exit_code == 0
    assert result.output == (
        "France: added A Mar-Spa => A MAR - SPA\n"
        "France: added A Par - Pic => A PAR - PIC\n"
        "  replaces A Par-Bur\n"
        "Orders of France for S1901M:\n"
        "  F BRE - MAO\n"
        "  A MAR - SPA\n"
        "  A PAR - PIC\n"
        "France still owes: nothing\n"
    )
    assert read_game(path).pending["FRANCE"] == ("F Bre-Mid", "A Mar-Spa", "A Par - Pic")


def test_add_refuses_an_order_it_cannot_read_and_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "club.json"
    game("new", str(path))
    game("orders", str(path), "france", "--add", "A Par-Bur")
    before = path.read_bytes()
    result = game("orders", str(path), "france", "--add", "A Mar-Spx")
    assert result.exit_code == 1
    assert result.stderr.startswith("A Mar-Spx\n      ^^^ unknown province 'Spx'")
    assert result.stderr.endswith("Error: the order to add could not be read; nothing changed\n")
    assert path.read_bytes() == before


def test_orders_wants_a_file_or_add_but_not_both(tmp_path: Path) -> None:
    path = str(tmp_path / "club.json")
    game("new", path)
    for args in ([], ["-", "--add", "A Par H"]):
        result = game("orders", path, "france", *args, input="A Mar H\n")
        assert result.exit_code == 2
        assert "give ORDERS (a file, or - for standard input) or --add ORDER" in result.output
    assert dict(read_game(path).pending) == {}
