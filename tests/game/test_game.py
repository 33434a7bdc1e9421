"""The Game value and the `adjudicator game` commands, played through a real opening."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from adjudicator.board.map import load_map
from adjudicator.board.types import Phase
from adjudicator.cli.game import game_command
from adjudicator.game.game import (
    Game,
    GameError,
    adjudicate_pending,
    new_game,
    order_lines,
    power_code,
    read_orders,
    rebuild,
    replay,
    with_orders,
)
from adjudicator.game.gamefile import read_game, write_game

# An opening in the notations players write: S1901M, F1901M (France dislodged in Burgundy),
# F1901R, W1901A (builds, one of them one too many).
OPENING: list[dict[str, str]] = [
    {
        "AUSTRIA": "A Vie-Gal\nA Bud-Ser\nF Tri-Alb",
        "ENGLAND": "F Lon-Nth\nF Edi-Nwg\nA Lvp-Yor",
        "FRANCE": "A Paris - Burgundy\nA Mar-Spa\nF Bre-Mid",
        "GERMANY": "A Mun-Ruh, F Kie-Den, A Ber-Mun",
        "ITALY": "A Ven H\nA Rom-Apu\nF Nap-Ion",
        "RUSSIA": "A War-Gal\nA Mos-Ukr\nF Sev-Bla\nF StP/sc-Bot",
        "TURKEY": "F Ank-Bla\nA Con-Bul\nA Smy-Con",
    },
    {
        "AUSTRIA": "A Ser-Gre\nF Alb S A Ser-Gre\nA Vie-Gal",
        "ENGLAND": "F Nth C A Yor-Nwy\nA Yor-Nwy via convoy\nF Nwg S A Yor-Nwy",
        "FRANCE": "A Bur H\nA Spa-Por\nF Mao-Spa/nc",
        "GERMANY": "A Ruh-Bur\nA Mun S A Ruh-Bur\nF Den-Swe",
        "ITALY": "F Ion-Tun\nA Apu H\nA Ven H",
        "RUSSIA": "A War-Gal\nA Ukr-Rum\nF Sev H\nF Bot-Swe",
        "TURKEY": "F Ank-Bla\nA Bul H\nA Con H",
    },
    {"FRANCE": "A Bur R Par"},
    {
        "AUSTRIA": "Build A Bud",
        "ENGLAND": "Build F Edi",
        "FRANCE": "Build F Bre\nBuild A Mar",
        "GERMANY": "Build F Kie",
        "ITALY": "Build F Nap\nBuild A Rom",
        "RUSSIA": "Build F StP/nc",
        "TURKEY": "Build F Smy",
    },
]


def play(game: Game, phases: list[dict[str, str]]) -> Game:
    for orders in phases:
        for power, text in orders.items():
            game = with_orders(game, power, order_lines(text))
        game, _ = adjudicate_pending(game)
    return game


@pytest.fixture(scope="module")
def opening() -> Game:
    return play(new_game(), OPENING)


def units(game: Game, power: str) -> list[str]:
    return [str(u) for u in game.current.units_of(power)]


def test_new_game_is_the_variant_start() -> None:
    game = new_game()
    assert game.current.phase == Phase.parse("S1901M")
    assert len(game.current.units) == 22
    assert game.current.centers_of("RUSSIA") == ["MOS", "SEV", "STP", "WAR"]
    assert game.played == () and dict(game.pending) == {}


def test_power_names_resolve_by_code_name_adjective_or_prefix() -> None:
    # One lookup (board.names.resolve_power): the adjective a sheet's header may use works
    # for a gamesmaster too, and a prefix must name one power.
    game_map = load_map("standard")
    assert power_code(game_map, "france") == "FRANCE"
    assert power_code(game_map, "French") == "FRANCE"
    assert power_code(game_map, "Tur") == "TURKEY"
    with pytest.raises(GameError, match="unknown power 'Spain'"):
        power_code(game_map, "Spain")
    with pytest.raises(GameError, match="ambiguous power 'I': INDIA, ITALY"):
        power_code(load_map("youngstown"), "I")


def test_a_new_order_set_replaces_the_old_one() -> None:
    game = with_orders(new_game(), "France", ["A Par-Bur", "A Mar-Spa"])
    game = with_orders(game, "FRANCE", ["F Bre-Mao"])
    assert dict(game.pending) == {"FRANCE": ("F Bre-Mao",)}


def test_order_lines_drop_blank_lines_and_keep_the_rest_as_written() -> None:
    assert order_lines("A Par-Bur  \n\n   \nF Bre - MAO\n") == ("A Par-Bur", "F Bre - MAO")


def test_reading_orders_reports_each_line() -> None:
    game, reading = read_orders(new_game(), "france", ["A Par-Bur", "A Lodnon-Bel"])
    assert reading.power == "FRANCE"
    assert [str(e.order) for e in reading.entries] == ["A PAR - BUR"]
    assert [e.input for e in reading.errors] == ["A Lodnon-Bel"]
    assert game.pending["FRANCE"] == ("A Par-Bur", "A Lodnon-Bel")


def test_a_header_naming_the_sender_is_accepted() -> None:
    _, reading = read_orders(new_game(), "France", ["France:", "A Par-Bur"])
    assert [str(e.order) for e in reading.entries] == ["A PAR - BUR"]


def test_one_power_may_not_order_for_another() -> None:
    with pytest.raises(GameError, match="FRANCE may not order for ENGLAND"):
        read_orders(new_game(), "France", ["England:", "F Lon-Nth"])


def test_the_opening_is_adjudicated_phase_by_phase(opening: Game) -> None:
    assert [str(p.phase) for p in opening.played] == ["S1901M", "F1901M", "F1901R", "W1901A"]
    assert str(opening.current.phase) == "S1902M"
    spring, fall, retreat, winter = opening.played
    bounced = sorted(r.unit for r in spring.results if "bounce" in r.tags)
    assert bounced == ["A VIE", "A WAR", "F ANK", "F SEV"]
    burgundy = next(r for r in fall.results if r.unit == "A BUR" and r.power == "FRANCE")
    assert "dislodged" in burgundy.tags and burgundy.result == "fails"
    assert sorted(fall.next.dislodged["BUR"].retreats) == ["BEL", "GAS", "MAR", "PAR", "PIC"]
    assert [r.order for r in retreat.results] == ["A BUR R PAR"]
    rome = next(r for r in winter.results if r.unit == "A ROM")
    assert rome.result == "fails"
    assert units(opening, "FRANCE") == ["A MAR", "A PAR", "A POR", "F BRE", "F SPA/NC"]
    assert opening.current.centers_of("ENGLAND") == ["EDI", "LON", "LVP", "NWY"]
    assert units(opening, "ITALY") == ["A APU", "A VEN", "F NAP", "F TUN"]
    assert dict(opening.pending) == {}


def test_orders_as_written_are_kept_per_phase(opening: Game) -> None:
    assert opening.played[0].orders["GERMANY"] == ("A Mun-Ruh, F Kie-Den, A Ber-Mun",)
    assert opening.played[2].orders == {"FRANCE": ("A Bur R Par",)}


def test_lookup_finds_the_position_at_the_start_of_a_phase(opening: Game) -> None:
    position, played = opening.lookup(Phase.parse("F1901R"))
    assert played is not None and played.phase == Phase.parse("F1901R")
    assert "BUR" in position.dislodged
    current, none = opening.lookup(Phase.parse("S1902M"))
    assert none is None and current == opening.current
    with pytest.raises(GameError, match="S1903M is not in this game"):
        opening.lookup(Phase.parse("S1903M"))


def test_replay_of_an_untouched_game_finds_nothing(opening: Game) -> None:
    assert replay(opening) == ()


def test_replay_detects_a_tampered_result(opening: Game) -> None:
    spring = opening.played[0]
    results = tuple(
        r._replace(result="succeeds", tags=()) if r.unit == "A VIE" else r for r in spring.results
    )
    tampered = replace(opening, played=(replace(spring, results=results), *opening.played[1:]))
    found = replay(tampered)
    assert [str(d.phase) for d in found] == ["S1901M"]
    assert found[0].problems == (
        "AUSTRIA A VIE (A VIE - GAL): stored succeeds, replay fails (bounce)",
    )


def test_replay_detects_a_tampered_position(opening: Game) -> None:
    fall = opening.played[1]
    centers = dict(fall.next.centers) | {"PAR": "GERMANY"}
    tampered = replace(
        opening,
        played=(opening.played[0], replace(fall, next=replace(fall.next, centers=centers))),
    )
    (found,) = replay(tampered)
    assert str(found.phase) == "F1901M"
    assert "stored only: GERMANY owns PAR" in found.problems
    assert "replay only: FRANCE owns PAR" in found.problems


def test_rebuild_recomputes_after_an_order_is_corrected(opening: Game) -> None:
    spring = opening.played[0]
    orders = dict(spring.orders) | {"AUSTRIA": ("A Vie H", "A Bud-Ser", "F Tri-Alb")}
    edited = replace(opening, played=(replace(spring, orders=orders), *opening.played[1:]))
    assert replay(edited)  # the stored results no longer follow from the orders
    rebuilt = rebuild(edited)
    assert replay(rebuilt) == ()
    vienna = next(r for r in rebuilt.played[0].results if r.unit == "A VIE")
    assert (vienna.order, vienna.result) == ("A VIE H", "succeeds")


def test_a_won_game_cannot_be_adjudicated(opening: Game) -> None:
    over = replace(opening, start=replace(opening.start, winner="FRANCE"), played=())
    with pytest.raises(GameError, match="the game is over: FRANCE has won"):
        adjudicate_pending(over)


# -- the command line --------------------------------------------------------------------------


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(game_command, list(args), input=input)
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output


def test_cli_plays_a_game_from_one_file(tmp_path: Path) -> None:
    path = str(tmp_path / "game.json")
    code, out = run("new", path, "--name", "demo")
    assert code == 0 and "at S1901M" in out
    code, out = run("new", path)
    assert code == 1 and "exists" in out

    code, out = run("orders", path, "France", "-", input="A Par-Bur\nA Mar S A Par-Bur\n")
    assert code == 0
    assert "A Par-Bur" in out and "=> A PAR - BUR" in out and "=> A MAR S A PAR - BUR" in out
    code, out = run("orders", path, "germany", "-", input="A Mun-Bur\nA Lodnon-Kie\n")
    assert code == 1
    assert "A Lodnon-Kie\n  ^^^^^^ unknown province 'Lodnon'" in out

    code, out = run("show", path)
    assert code == 0
    assert "Spring 1901 Movement (S1901M)" in out
    assert "France:  3 units: A MAR, A PAR, F BRE" in out
    assert "  France: A PAR - BUR\n          A MAR S A PAR - BUR" in out
    assert "  Germany: A MUN - BUR\n           'A Lodnon-Kie' not read: unknown province" in out
    assert "  France: F BRE\n  Germany: A BER, F KIE\n  Italy: A ROM, A VEN, F NAP (nothing" in out

    code, out = run("adjudicate", path)
    assert code == 0
    assert out.startswith("Movement results for Spring of 1901.  (demo.S1901M)")
    assert "Orders that could not be read:" in out
    game = read_game(path)
    assert str(game.current.phase) == "F1901M" and dict(game.pending) == {}
    assert units(game, "FRANCE") == ["A BUR", "A MAR", "F BRE"]

    code, out = run("show", path, "--phase", "S1901M")
    assert code == 0
    assert "France: A PAR - BUR  succeeds" in out
    assert "Germany: A MUN - BUR  fails (bounce)" in out
    assert "Next: F1901M" in out

    code, out = run("replay", path)
    assert (code, out) == (0, "OK: 1 phases replayed\n")


def test_cli_adjudicate_json_is_the_result_document(tmp_path: Path) -> None:
    path = str(tmp_path / "game.json")
    run("new", path)
    run("orders", path, "ENGLAND", "-", input="F Lon-Nth\n")
    result = CliRunner().invoke(game_command, ["adjudicate", path, "--format", "json"])
    assert result.exit_code == 0
    assert result.stderr.startswith("warning: orders missing for S1901M")  # not in the JSON
    doc = json.loads(result.stdout)
    assert doc["phase"] == "S1901M" and doc["next"]["phase"] == "F1901M"
    london = next(o for o in doc["orders"] if o["unit"] == "F LON")
    assert london == {
        "power": "ENGLAND",
        "unit": "F LON",
        "input": "F Lon-Nth",
        "order": "F LON - NTH",
        "result": "succeeds",
        "tags": [],
        "reason": None,
    }


def test_cli_replay_reports_a_hand_edited_result(tmp_path: Path, opening: Game) -> None:
    path = tmp_path / "game.json"
    write_game(path, opening)
    text = path.read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if '"unit": "A VIE"' in x and '"bounce"' in x)
    path.write_text(text.replace(line, line.replace('"bounce"', '"cut"')), encoding="utf-8")
    code, out = run("replay", str(path))
    assert code == 1
    assert (
        "S1901M: differs\n  AUSTRIA A VIE (A VIE - GAL): stored fails (cut), replay fails (bounce)"
        in out
    )


def test_cli_replay_rewrite_accepts_a_corrected_order(tmp_path: Path, opening: Game) -> None:
    path = tmp_path / "game.json"
    write_game(path, opening)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["phases"][0]["orders"]["AUSTRIA"] = ["A Vie H", "A Bud-Ser", "F Tri-Alb"]
    path.write_text(json.dumps(data), encoding="utf-8")
    assert run("replay", str(path))[0] == 1
    assert run("replay", str(path), "--rewrite") == (
        0,
        f"rewrote {path}: 4 phases re-adjudicated\n",
    )
    assert run("replay", str(path)) == (0, "OK: 4 phases replayed\n")


def test_cli_refuses_foreign_orders_and_unknown_powers(tmp_path: Path) -> None:
    path = str(tmp_path / "game.json")
    run("new", path)
    code, out = run("orders", path, "France", "-", input="England:\nF Lon-Nth\n")
    assert code == 1 and "may not order for ENGLAND" in out
    code, out = run("orders", path, "Spain", "-", input="A Mad-Par\n")
    assert code == 1 and "unknown power 'Spain'" in out
    assert dict(read_game(path).pending) == {}


def test_cli_show_of_a_retreat_phase_lists_the_options(tmp_path: Path, opening: Game) -> None:
    path = tmp_path / "game.json"
    write_game(path, opening)
    code, out = run("show", str(path), "--phase", "F1901R")
    assert code == 0
    assert (
        "The French Army in Burgundy (A BUR) can retreat to Belgium, Gascony, Marseilles, "
        "Paris or Picardy." in out
    )
    code, out = run("show", str(path), "--phase", "W1901A")
    assert "Adjustments:\n  Austria builds 1" in out and "France builds 2" in out
