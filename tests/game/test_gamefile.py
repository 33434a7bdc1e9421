"""The game file: its text, reading it back, refusing bad files, and writing atomically."""

from __future__ import annotations

import json
import os
import stat
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from adjudicator.board.rules import rules_from
from adjudicator.game import gamefile
from adjudicator.game.game import Game, GameError, adjudicate_pending, new_game, with_orders
from adjudicator.game.gamefile import (
    GameFileError,
    game_from_text,
    game_to_text,
    read_game,
    update_game,
    write_game,
)


@pytest.fixture(scope="module")
def played() -> Game:
    game = with_orders(new_game(), "FRANCE", ["A Par-Bur", "A Lodnon-Bel"])
    game = with_orders(game, "GERMANY", ["A Mun-Bur"])
    game, _ = adjudicate_pending(game)
    return with_orders(game, "ENGLAND", ["F Lon-Nth"])


def test_text_round_trips_to_an_equal_game(played: Game) -> None:
    text = game_to_text(played)
    again = game_from_text(text)
    assert again == played
    assert game_to_text(again) == text


def test_text_is_json_in_a_fixed_key_order(played: Game) -> None:
    data = json.loads(game_to_text(played))
    assert list(data) == ["format", "version", "variant", "rules", "start", "phases", "pending"]
    (phase,) = data["phases"]
    assert list(phase) == ["phase", "orders", "results", "errors", "next"]
    assert data["pending"] == {"phase": "F1901M", "orders": {"ENGLAND": ["F Lon-Nth"]}}
    assert phase["orders"] == {"FRANCE": ["A Par-Bur", "A Lodnon-Bel"], "GERMANY": ["A Mun-Bur"]}
    assert phase["errors"][0]["input"] == "A Lodnon-Bel"


def test_each_result_entry_is_one_line(played: Game) -> None:
    lines = game_to_text(played).splitlines()
    paris = [line.strip() for line in lines if '"unit": "A PAR"' in line]
    assert len(paris) == 1
    assert paris[0].startswith(
        '{"power": "FRANCE", "unit": "A PAR", "input": "A Par-Bur", "order": "A PAR - BUR", '
        '"result": "fails", "tags": ["bounce"], "reason": "'
    )
    assert paris[0].endswith('"culprits": ["A MUN"]},')
    assert '      "AUSTRIA": ["A BUD", "A VIE", "F TRI"],' in lines


def test_rules_and_meta_are_kept() -> None:
    game = new_game(rules=rules_from({"edition": "1982", "end_year": 1910}))
    game = Game(game.variant, game.rules, game.start, meta={"name": "club-12"})
    again = game_from_text(game_to_text(game))
    assert again.rules.end_year == 1910 and again.rules.convoy_paradox == "1982"
    assert dict(again.meta) == {"name": "club-12"}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not valid JSON at line 1 column 2"),
        ("[]", "expected a JSON object"),
        ('{"format": "other"}', "not a game file: format: Input should be 'adjudicator-game'"),
    ],
)
def test_bad_text_is_refused_with_a_reason(text: str, message: str) -> None:
    with pytest.raises(GameFileError, match=message):
        game_from_text(text, "g.json")


def test_a_bad_unit_is_refused_with_its_place(played: Game) -> None:
    data = json.loads(game_to_text(played))
    data["phases"][0]["next"]["units"]["FRANCE"].append("F PAR")
    with pytest.raises(GameFileError, match=r"g.json: phases\[0\] \(S1901M\).next: unit 'F PAR'"):
        game_from_text(json.dumps(data), "g.json")


def test_pending_orders_must_be_for_the_current_phase(played: Game) -> None:
    data = json.loads(game_to_text(played))
    data["pending"]["phase"] = "S1901M"
    with pytest.raises(
        GameFileError, match="pending orders are for S1901M, but the game is at F1901M"
    ):
        game_from_text(json.dumps(data))


def test_a_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(GameFileError, match="cannot read"):
        read_game(tmp_path / "nothing.json")


def test_write_then_read(tmp_path: Path, played: Game) -> None:
    path = tmp_path / "game.json"
    write_game(path, played)
    assert read_game(path) == played
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_a_failed_replace_leaves_the_old_file_whole(
    tmp_path: Path, played: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    write_game(path, new_game())
    before = path.read_bytes()

    def broken(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError, match="No space left"):
        write_game(path, played)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left


def test_a_failed_write_leaves_the_old_file_whole(
    tmp_path: Path, played: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    write_game(path, new_game())
    before = path.read_bytes()

    def broken(fd: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", broken)
    with pytest.raises(OSError, match="Input/output error"):
        write_game(path, played)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_a_failed_serialisation_touches_nothing(
    tmp_path: Path, played: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    write_game(path, new_game())
    before = path.read_bytes()

    def broken(game: Game) -> str:
        raise RuntimeError("serialiser failed")

    monkeypatch.setattr(gamefile, "game_to_text", broken)
    with pytest.raises(RuntimeError, match="serialiser failed"):
        write_game(path, played)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_rewriting_keeps_the_file_permissions(tmp_path: Path, played: Game) -> None:
    path = tmp_path / "game.json"
    write_game(path, new_game())
    path.chmod(0o640)
    write_game(path, played)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_concurrent_updates_do_not_undo_each_other(tmp_path: Path) -> None:
    """Seven players' orders arriving at once: each read-change-write waits for the last."""
    path = tmp_path / "game.json"
    write_game(path, new_game())
    powers = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]

    def send(power: str) -> None:
        def change(game: Game) -> tuple[Game, None]:
            time.sleep(0.01)  # widen the window a lost update would need
            return with_orders(game, power, [f"# orders of {power}"]), None

        update_game(path, change)

    with ThreadPoolExecutor(max_workers=len(powers)) as pool:
        list(pool.map(send, powers))
    assert sorted(read_game(path).pending) == powers


def test_a_failed_change_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    write_game(path, new_game())
    before = path.read_bytes()

    def change(game: Game) -> tuple[Game, None]:
        raise GameError("refused")

    with pytest.raises(GameError, match="refused"):
        update_game(path, change)
    assert path.read_bytes() == before


def test_phases_that_do_not_chain_are_refused_on_reading() -> None:
    """Issue 10, fault 5: a duplicated phase used to be noticed only by `game replay`."""
    game = new_game()
    game, _ = adjudicate_pending(with_orders(game, "FRANCE", ["A Par-Bur"]))
    game, _ = adjudicate_pending(with_orders(game, "FRANCE", ["A Bur-Bel"]))
    data = json.loads(game_to_text(game))
    assert [p["phase"] for p in data["phases"]] == ["S1901M", "F1901M"]
    data["phases"][1] = data["phases"][0]  # the spring copied over the fall
    data["pending"]["phase"] = data["phases"][1]["next"]["phase"]
    with pytest.raises(GameFileError, match=r"phases\[1\] is S1901M, but the phase before"):
        game_from_text(json.dumps(data))
    assert game_from_text(game_to_text(game)) == game  # an untouched file still reads
