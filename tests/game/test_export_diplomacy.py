"""Export to the `diplomacy` package's saved-game format (adjudicator.game.export_diplomacy).

Two directions are tested:
- a game played with this engine, exported, is loaded by the package with its own loader and
  replayed phase by phase to the same boards (needs the package: the test extra has it);
- a saved game imported and exported again is the same document, in the sense of `facts`.
"""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from helpers_games import MAP, random_orders

from adjudicator.board.rules import DEFAULT_RULES
from adjudicator.cli.game import game_command
from adjudicator.contract.documents import PhaseDocument, position_from_document
from adjudicator.game.export_diplomacy import saved_from_game
from adjudicator.game.game import Game, adjudicate_pending, new_game, with_orders
from adjudicator.game.gamefile import write_game
from adjudicator.game.import_diplomacy import game_from_saved

FIXTURE = Path(__file__).parents[1] / "data" / "diplomacy_opening.json"


def _sorted_lists(mapping: dict[str, Any] | None) -> dict[str, list[str]]:
    return {key: sorted(value or ()) for key, value in (mapping or {}).items()}


def facts(saved: dict[str, Any]) -> dict[str, Any]:
    """What "the same saved game" means: the same id, map and rules, and the same phases in
    order, each with the same name, the same board at its start (units with the dislodged,
    retreat options, centres and home centres, per power) and the same orders per power, and
    the same results for the units the phase's board or orders name. Lists compare as sets (the
    package itself writes them in no fixed order); a power without orders is the same whether
    written [] or null; and results the package keeps for units the phase neither has nor
    orders (a left-over of an earlier phase) are not game facts.

    Not compared: what the package derives for its own bookkeeping (`timestamp`,
    `zobrist_hash`, `influence`, `civil_disorder`, `builds`, `note`) and `messages` (this
    engine keeps no press)."""
    phases = []
    for phase in saved["phases"]:
        state = phase["state"]
        orders = {p: sorted(o or ()) for p, o in (phase.get("orders") or {}).items() if o}
        named = {text.lstrip("*") for units in state["units"].values() for text in units}
        named |= {" ".join(o.split()[:2]) for lines in orders.values() for o in lines}
        named.add("WAIVE")
        results = {
            unit: sorted(w for w in words if w not in ("", "maybe"))
            for unit, words in (phase.get("results") or {}).items()
            if unit in named
        }
        phases.append(
            {
                "name": phase["name"],
                "state": {
                    "name": state["name"],
                    "units": _sorted_lists(state["units"]),
                    "retreats": {p: _sorted_lists(r) for p, r in state["retreats"].items()},
                    "centers": _sorted_lists(state["centers"]),
                    "homes": _sorted_lists(state["homes"]),
                },
                "orders": orders,
                "results": results,
            }
        )
    return {"id": saved["id"], "map": saved["map"], "rules": saved["rules"], "phases": phases}


# -- a game played here ----------------------------------------------------------------------


def _play(seed: int, years: int) -> Game:
    rng = random.Random(seed)
    game = new_game("standard")
    while game.current.phase.year < 1901 + years and not game.current.winner:
        for power, lines in random_orders(game.current, rng).items():
            game = with_orders(game, power, lines)
        game, played = adjudicate_pending(game)
        assert not played.errors, played.errors
    return game


def _words(results: dict[str, Any]) -> dict[str, list[str]]:
    """Each unit's result words, as sorted lists ('' and 'maybe' say nothing; no words at all
    is the same as the unit not listed)."""
    words = {
        str(k): sorted(str(w) for w in v if str(w) not in ("", "maybe")) for k, v in results.items()
    }
    return {k: v for k, v in words.items() if v}


def _board(state: dict[str, Any]) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """Units (the dislodged marked '*') and centres of a package state, as sorted lists."""
    units = {p: sorted(u) for p, u in state["units"].items() if u}
    centers = {p: sorted(c) for p, c in state["centers"].items() if c}
    return units, centers


@pytest.mark.parametrize("seed", range(4))
def test_the_package_replays_an_exported_game_to_the_same_boards(seed: int) -> None:
    """Five years played here, exported, loaded by the package's own loader; then, phase by
    phase, the package is set to the phase's board, given its orders and processes: it reaches
    the next phase with the units (dislodged included) and centres this engine reached, and
    gives every order the result words the export wrote."""
    diplomacy = pytest.importorskip("diplomacy")
    export = pytest.importorskip("diplomacy.utils.export")
    from diplomacy.utils.game_phase_data import GamePhaseData

    game = _play(seed, years=5)
    saved = json.loads(json.dumps(saved_from_game(game, f"ours-{seed}")))
    loaded = export.from_saved_game_format(saved)
    assert loaded.get_current_phase() == str(game.current.phase)
    assert _board(loaded.get_state()) == _board(saved["phases"][-1]["state"])
    history = list(loaded.get_phase_history())
    assert [str(p.name) for p in history] == [str(p.phase) for p in game.played]
    phases = saved["phases"]
    for phase, following in itertools.pairwise(phases):
        theirs = diplomacy.Game(game_id="replay", rules=saved["rules"])
        theirs.set_phase_data(GamePhaseData.from_dict(phase))
        for power, orders in phase["orders"].items():
            theirs.set_orders(power, orders)
        assert theirs.get_orders() == {p: o for p, o in phase["orders"].items()}, phase["name"]
        theirs.process()
        assert theirs.get_current_phase() == following["name"]
        assert _board(theirs.get_state()) == _board(following["state"]), phase["name"]
        results = theirs.get_phase_history()[-1].results
        assert _words(results) == _words(phase["results"]), phase["name"]


def test_an_exported_game_names_every_phase_and_power() -> None:
    game = _play(7, years=2)
    saved = saved_from_game(game, "named")
    assert (saved["id"], saved["map"], saved["rules"]) == (
        "named",
        "standard",
        ["NO_PRESS", "POWER_CHOICE"],
    )
    names = [p["name"] for p in saved["phases"]]
    assert names == [str(p.phase) for p in game.played] + [str(game.current.phase)]
    first = saved["phases"][0]
    assert set(first["orders"]) == set(MAP.powers)
    assert first["state"]["units"]["RUSSIA"] == ["A MOS", "A WAR", "F SEV", "F STP/SC"]
    assert saved["phases"][-1]["results"] == {}


def test_illegal_orders_are_left_out_and_supports_name_no_coast() -> None:
    document = PhaseDocument(
        phase="S1901M",
        units={"FRANCE": ["F MAO", "F POR", "F BRE"], "RUSSIA": ["A MOS", "F SEV"]},
    )
    start, _ = position_from_document(document)
    game = Game(variant="standard", rules=DEFAULT_RULES, start=start)
    game = with_orders(game, "FRANCE", ["F Mao - Spa/nc", "F Por S F Mao - Spa/nc", "F Bre - Par"])
    game = with_orders(game, "RUSSIA", ["F Sev - Rum", "A Mos S F Sev - Bla"])
    game, played = adjudicate_pending(game)
    assert [r.tags for r in played.results if r.unit in ("F BRE", "A MOS")] == [
        ("illegal",),
        ("illegal",),
    ]
    orders = saved_from_game(game, "x")["phases"][0]["orders"]
    assert orders["FRANCE"] == ["F MAO - SPA/NC", "F POR S F MAO - SPA"]
    assert orders["RUSSIA"] == ["F SEV - RUM"]


# -- imported and exported again -------------------------------------------------------------


def test_an_imported_saved_game_exports_to_the_same_document() -> None:
    saved = json.loads(FIXTURE.read_text(encoding="utf-8"))
    again = saved_from_game(game_from_saved(saved), saved["id"])
    assert facts(again) == facts(saved)


def test_sameness_sees_a_changed_order_result_or_board() -> None:
    """`facts` is not blind: each kind of change makes the documents differ."""
    saved = json.loads(FIXTURE.read_text(encoding="utf-8"))
    for change in (
        lambda d: d["phases"][0]["orders"]["FRANCE"].append("A PAR H"),
        lambda d: d["phases"][0]["results"]["A VIE"].append("cut"),
        lambda d: d["phases"][1]["state"]["units"]["FRANCE"].pop(),
        lambda d: d["phases"][2]["state"]["retreats"]["FRANCE"]["A BUR"].pop(),
        lambda d: d["phases"].pop(),
    ):
        changed = json.loads(json.dumps(saved))
        change(changed)
        assert facts(changed) != facts(saved)


@pytest.mark.parametrize("seed", range(3))
def test_a_game_the_package_played_exports_to_the_same_document(seed: int) -> None:
    """Ten years of random legal orders played by the package, as it saves them."""
    diplomacy = pytest.importorskip("diplomacy")
    export = pytest.importorskip("diplomacy.utils.export")
    chooser = random.Random(seed)
    theirs = diplomacy.Game(game_id=f"theirs-{seed}")
    while theirs.get_current_phase() < "S1911M" and not theirs.is_game_done:
        possible = theirs.get_all_possible_orders()
        for power, locations in sorted(theirs.get_orderable_locations().items()):
            orders = [chooser.choice(sorted(possible[x])) for x in sorted(locations) if possible[x]]
            theirs.set_orders(power, orders)
        theirs.process()
    saved = json.loads(json.dumps(export.to_saved_game_format(theirs)))
    again = saved_from_game(game_from_saved(saved), saved["id"])
    assert facts(again) == facts(saved)


def test_cli_export(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    game = _play(3, years=1)
    write_game(path, game)
    out = tmp_path / "saved.json"
    arguments = ["export", str(path), "--format", "diplomacy", "-o", str(out)]
    result = CliRunner().invoke(game_command, arguments)
    assert result.exit_code == 0, result.output
    phases = len(game.played) + 1
    assert result.output == f"{out}: {phases} phases (diplomacy saved game)\n"
    saved = json.loads(out.read_text(encoding="utf-8"))
    assert saved["id"] == "game"
    assert saved["phases"][0]["name"] == "S1901M"


def test_a_stated_convoy_route_is_written_as_a_move_via_convoy() -> None:
    """The package has no routes: 'A LON - NTH - BEL' is its 'A LON - BEL VIA'."""
    start, _ = position_from_document(
        PhaseDocument(phase="S1901M", units={"ENGLAND": ["A LON", "F NTH"]})
    )
    game = Game(variant="standard", rules=DEFAULT_RULES, start=start)
    game = with_orders(game, "ENGLAND", ["A Lon - Nth - Bel", "F Nth C A Lon - Bel"])
    game, played = adjudicate_pending(game)
    assert "A LON - NTH - BEL" in [r.order for r in played.results]
    orders = saved_from_game(game, "x")["phases"][0]["orders"]
    assert orders["ENGLAND"] == ["A LON - BEL VIA", "F NTH C A LON - BEL"]
