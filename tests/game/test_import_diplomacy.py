"""Import of the `diplomacy` package's saved games (tests/data/diplomacy_opening.json).

The fixture is written by hand in that package's format: five phases of an opening with
bounces, a convoy, a dislodgement, a retreat and builds (one of them refused as "void").
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from adjudicator.cli.game import game_command
from adjudicator.game.game import replay
from adjudicator.game.gamefile import game_from_text, game_to_text, read_game
from adjudicator.game.import_diplomacy import SavedGameError, game_from_saved, tags_of

FIXTURE = Path(__file__).parents[1] / "data" / "diplomacy_opening.json"


@pytest.fixture
def saved() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return data


def test_result_words_become_contract_tags() -> None:
    assert tags_of(["no convoy", "bounce"], "x") == ("bounce", "no_convoy")
    assert tags_of(["disband", "dislodged"], "x") == ("dislodged", "disbanded")
    assert tags_of(["", "maybe"], "x") == ()
    with pytest.raises(SavedGameError, match="x: unknown result 'exploded'"):
        tags_of(["exploded"], "x")


def test_phases_become_played_phases(saved: dict[str, Any]) -> None:
    game = game_from_saved(saved)
    assert [str(p.phase) for p in game.played] == ["S1901M", "F1901M", "F1901R", "W1901A"]
    assert str(game.current.phase) == "S1902M"
    assert all(p.source == "diplomacy" for p in game.played)
    assert dict(game.meta) == {
        "imported_from": "diplomacy",
        "name": "hand-made-opening",
        "diplomacy_rules": "NO_PRESS, POWER_CHOICE",
    }
    assert dict(game.pending) == {}


def test_orders_are_kept_as_the_package_wrote_them(saved: dict[str, Any]) -> None:
    game = game_from_saved(saved)
    assert game.played[1].orders["ENGLAND"] == (
        "F NTH C A YOR - NWY",
        "A YOR - NWY VIA",
        "F NWG S A YOR - NWY",
    )
    assert game.played[2].orders == {"FRANCE": ("A BUR R PAR",)}


def test_results_are_mapped_per_unit(saved: dict[str, Any]) -> None:
    game = game_from_saved(saved)
    spring, fall, retreat, winter = game.played
    vienna = next(r for r in spring.results if r.unit == "A VIE")
    assert (vienna.power, vienna.order, vienna.result, vienna.tags) == (
        "AUSTRIA",
        "A VIE - GAL",
        "fails",
        ("bounce",),
    )
    burgundy = next(r for r in fall.results if r.unit == "A BUR" and r.power == "FRANCE")
    assert (burgundy.result, burgundy.tags) == ("fails", ("dislodged",))
    assert [(r.order, r.result) for r in retreat.results] == [("A BUR R PAR", "succeeds")]
    rome = next(r for r in winter.results if r.unit == "A ROM")
    assert (rome.order, rome.result, rome.tags) == ("A ROM B", "fails", ())


def test_dislodged_units_and_their_retreats_are_read(saved: dict[str, Any]) -> None:
    game = game_from_saved(saved)
    before_retreat = game.played[1].next
    assert str(before_retreat.phase) == "F1901R"
    assert str(before_retreat.dislodged["BUR"].unit) == "A BUR"
    assert before_retreat.dislodged["BUR"].unit.power == "FRANCE"
    assert before_retreat.units["BUR"].power == "GERMANY"
    assert before_retreat.dislodged["BUR"].retreats == ("BEL", "GAS", "MAR", "PAR", "PIC")


def test_the_imported_game_replays_cleanly(saved: dict[str, Any]) -> None:
    assert replay(game_from_saved(saved)) == ()


def test_a_disagreement_with_the_package_is_reported(saved: dict[str, Any]) -> None:
    changed = copy.deepcopy(saved)
    changed["phases"][0]["results"]["A VIE"] = []
    (found,) = replay(game_from_saved(changed))
    assert str(found.phase) == "S1901M"
    assert found.problems == (
        "AUSTRIA A VIE (A VIE - GAL): stored succeeds, replay fails (bounce)",
    )


def test_the_game_file_round_trip_keeps_the_import(saved: dict[str, Any]) -> None:
    game = game_from_saved(saved)
    assert game_from_text(game_to_text(game)) == game


def test_a_completed_game_ends_after_its_last_phase(saved: dict[str, Any]) -> None:
    finished = copy.deepcopy(saved)
    finished["phases"][-1]["name"] = "COMPLETED"
    game = game_from_saved(finished)
    assert str(game.current.phase) == "S1902M"
    assert game.current.units == game_from_saved(saved).current.units


def test_unsaved_orders_of_the_last_phase_become_pending(saved: dict[str, Any]) -> None:
    ongoing = copy.deepcopy(saved)
    ongoing["phases"][-1]["orders"]["FRANCE"] = ["A PAR - BUR"]
    assert dict(game_from_saved(ongoing).pending) == {"FRANCE": ("A PAR - BUR",)}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(phases=[]), "the saved game has no phases"),
        (lambda d: d.update(map="atlantis"), "unknown variant 'atlantis'"),
        (lambda d: d["phases"][1].update(name="X1901M"), r"phase 1 \(X1901M\)"),
        (
            lambda d: d["phases"][0]["state"]["units"]["FRANCE"].append("F PAR"),
            r"phase 0 \(S1901M\): unit 'F PAR' of FRANCE cannot stand there",
        ),
        (lambda d: d["phases"][0]["results"].update({"A PAR": ["zapped"]}), "unknown result"),
    ],
)
def test_bad_saved_games_are_refused(saved: dict[str, Any], change: Any, message: str) -> None:
    broken = copy.deepcopy(saved)
    change(broken)
    with pytest.raises(SavedGameError, match=message):
        game_from_saved(broken)


def test_cli_import_then_replay(tmp_path: Path) -> None:
    out = tmp_path / "game.json"
    runner = CliRunner()
    result = runner.invoke(game_command, ["import", str(FIXTURE), str(out)])
    assert result.exit_code == 0, result.output
    assert result.output == f"{out}: imported 4 phases; now at S1902M\n"
    assert str(read_game(out).current.phase) == "S1902M"
    result = runner.invoke(game_command, ["replay", str(out)])
    assert (result.exit_code, result.output) == (0, "OK: 4 phases replayed\n")
    again = runner.invoke(game_command, ["import", str(FIXTURE), str(out)])
    assert again.exit_code == 1 and "exists" in again.output


def test_the_fixture_matches_the_package_itself(saved: dict[str, Any]) -> None:
    """When the `diplomacy` package is installed (the bench extra), it plays the fixture's
    orders to the same boards and results, so the fixture is faithful to its format."""
    diplomacy = pytest.importorskip("diplomacy")
    export = pytest.importorskip("diplomacy.utils.export")
    game = diplomacy.Game()
    for phase in saved["phases"][:-1]:
        assert game.get_current_phase() == phase["name"]
        for power, orders in phase["orders"].items():
            if orders:
                game.set_orders(power, orders)
        game.process()
    theirs = export.to_saved_game_format(game)["phases"]
    assert [p["name"] for p in theirs] == [p["name"] for p in saved["phases"]]
    for their, our in zip(theirs, saved["phases"], strict=True):
        for key in ("units", "centers"):
            assert {p: sorted(v) for p, v in their["state"][key].items()} == {
                p: sorted(v) for p, v in our["state"][key].items()
            }
        assert their["state"]["retreats"] == our["state"]["retreats"]
        assert their["results"] == our["results"]


@pytest.mark.parametrize("seed", range(12))
def test_games_the_package_plays_replay_to_the_same_boards(seed: int) -> None:
    """Random legal orders played by the package for three years: imported and replayed under
    the import's rules, every board agrees; outcomes differ only where the two vocabularies
    do (the package calls a support of an attack on the supporter's own unit "void")."""
    diplomacy = pytest.importorskip("diplomacy")
    export = pytest.importorskip("diplomacy.utils.export")
    chooser = random.Random(seed)
    theirs = diplomacy.Game()
    while theirs.get_current_phase() < "S1904M":
        possible = theirs.get_all_possible_orders()
        for power, locations in sorted(theirs.get_orderable_locations().items()):
            orders = [chooser.choice(sorted(possible[x])) for x in sorted(locations) if possible[x]]
            if theirs.get_current_phase().endswith("A"):
                due = len(theirs.get_centers(power)) - len(theirs.get_units(power))
                orders = orders[: abs(due)]
            theirs.set_orders(power, orders)
        theirs.process()
    game = game_from_saved(export.to_saved_game_format(theirs))
    for found in replay(game):
        for problem in found.problems:
            assert "stored fails, replay succeeds" in problem, f"{found.phase}: {problem}"
