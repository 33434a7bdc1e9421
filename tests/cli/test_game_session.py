"""A gamesmaster's short game, all from the command line, on one real game file: orders added
one at a time (one replaced), who owes what, a warned adjudication, a --strict refusal, an undo
that gives back the file as it was, and the phase adjudicated again."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers_game import game

from adjudicator.cli.main import main
from adjudicator.game.gamefile import read_game

OWED = (
    "Orders owed for S1901M:\n"
    "  Austria: F TRI\n"
    "  France: A MAR, F BRE\n"
    "  (if they do not come, units without orders hold)\n"
)


def test_a_short_game_without_a_text_editor(tmp_path: Path) -> None:
    file = tmp_path / "club.json"
    path = str(file)
    assert game("new", path, "--variant", "classic-fva").exit_code == 0  # Austria and France

    game("orders", path, "austria", "--add", "A Vie-Gal", "--add", "A Bud-Ser")
    replaced = game("orders", path, "austria", "--add", "A Vie-Tyr")
    assert replaced.output == (
        "Austria: added A Vie-Tyr => A VIE - TYR\n"
        "  replaces A Vie-Gal\n"
        "Orders of Austria for S1901M:\n"
        "  A BUD - SER\n"
        "  A VIE - TYR\n"
        "Austria still owes: F TRI\n"
    )
    game("orders", path, "france", "--add", "A Par-Bur")

    status = game("status", path)
    assert status.output == (
        "club: Spring 1901 Movement (S1901M)\nOrders received from: Austria, France\n" + OWED
    )

    before = file.read_bytes()
    first = game("adjudicate", path)
    assert first.exit_code == 0
    assert "Austria: Army Vienna -> Tyrolia.\nAustria: Fleet Trieste, No Order Processed." in (
        first.stdout
    )
    assert first.stderr == "warning: orders missing for S1901M (units without orders hold):\n" + (
        "  Austria: F TRI\n  France: A MAR, F BRE\n"
    )
    after_first = file.read_bytes()

    strict = game("adjudicate", "--strict", path)
    assert strict.exit_code == 1 and strict.stdout == ""
    assert "orders missing for F1901M" in strict.stderr
    assert "  Austria: A SER, A TYR, F TRI (nothing sent)\n" in strict.stderr
    assert file.read_bytes() == after_first

    undone = game("undo", path)
    assert undone.output == (
        f"{path}: Spring 1901 Movement (S1901M) undone; "
        "its orders are pending again (from Austria, France)\n"
    )
    assert file.read_bytes() == before
    assert read_game(path).pending["AUSTRIA"] == ("A Bud-Ser", "A Vie-Tyr")
    assert game("status", path).output.endswith(OWED)

    again = game("adjudicate", path)
    assert again.stdout == first.stdout
    assert file.read_bytes() == after_first


def test_undo_refuses_to_lose_orders_and_nothing_to_undo(tmp_path: Path) -> None:
    file = tmp_path / "club.json"
    path = str(file)
    game("new", path)
    nothing = game("undo", path)
    assert nothing.exit_code == 1
    assert nothing.stderr == "Error: nothing to undo: no phase of this game has been adjudicated\n"
    game("adjudicate", path)
    game("orders", path, "england", "--add", "F Lon - Nth")
    before = file.read_bytes()
    refused = game("undo", path)
    assert refused.exit_code == 1
    assert "F1901M already has orders from England; undoing S1901M would drop them" in (
        refused.stderr
    )
    assert file.read_bytes() == before
    assert game("undo", "--force", path).exit_code == 0
    assert str(read_game(path).current.phase) == "S1901M"


ROOT = Path(__file__).resolve().parents[2]


def readme_session() -> list[tuple[list[str], str]]:
    """(arguments after `adjudicator`, the output shown) for each `$` line of the README's
    session in "A game without a text editor"."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme.index("```\n$ adjudicator", readme.index("### A game without a text editor"))
    block = readme[start + 4 : readme.index("\n```", start + 4) + 1]
    steps: list[tuple[list[str], str]] = []
    for line in block.splitlines(keepends=True):
        if line.startswith("$ adjudicator "):
            steps.append((shlex.split(line)[2:], ""))
        else:
            steps[-1] = (steps[-1][0], steps[-1][1] + line)
    return steps


def test_the_readme_session_is_real_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    steps = readme_session()
    assert len(steps) >= 10
    for arguments, shown in steps:
        result = CliRunner().invoke(main, arguments)
        assert result.output == shown, " ".join(arguments)
