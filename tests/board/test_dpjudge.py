"""Importing DPjudge map files: the standard map comes out as ours, nothing is dropped silently."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from adjudicator.board.dpjudge import import_dpjudge
from adjudicator.board.map import load_map, map_from_data, read_map_file
from adjudicator.board.validate import validate_map_data
from adjudicator.cli.main import main

SOURCES = Path(__file__).resolve().parents[1] / "data" / "dpjudge"
SHIPPED = ("fleetrome", "pure", "ancmed", "modern", "crowded", "fiveman", "chaos", "minorpower")
SHIPPED += ("youngstown", "canton", "hundred", "1900")


def _facts(path_or_name: str | Path) -> dict[str, object]:
    m = read_map_file(path_or_name) if isinstance(path_or_name, Path) else load_map(path_or_name)
    return {
        "provinces": {k: (p.terrain, p.center, p.coasts) for k, p in m.provinces.items()},
        "army": m.army_adjacency,
        "fleet": m.fleet_adjacency,
        "powers": {k: (p.home_centers, sorted(p.start_units)) for k, p in m.powers.items()},
        "victory": m.victory_centers,
        "start": m.start_phase,
    }


def test_standard_map_imports_as_our_standard_map(tmp_path: Path) -> None:
    imported = import_dpjudge(SOURCES / "standard.map")
    assert imported.report == ()
    target = tmp_path / "standard.toml"
    target.write_text(imported.text, encoding="utf-8")
    assert _facts(target) == _facts("standard")
    assert "Copyright 2017 Manus Hand" in imported.text


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_variant_is_what_the_importer_makes(name: str) -> None:
    """maps/NAME.toml is the importer's output, untouched: re-importing reproduces it."""
    imported = import_dpjudge(SOURCES / f"{name}.map")
    assert imported.report == ()
    assert validate_map_data(imported.data) == []
    assert tomllib.loads(imported.text) == imported.data
    shipped = load_map(name)
    made = map_from_data(imported.data)
    assert made.army_adjacency == shipped.army_adjacency
    assert made.fleet_adjacency == shipped.fleet_adjacency
    assert made.powers == shipped.powers


def test_weak_links_and_partisan_sites_are_kept() -> None:
    """1900's Cape of Good Hope (`*MAO`) and Russia's partisan site (`*SIB`) are map data."""
    imported = import_dpjudge(SOURCES / "1900.map")
    assert imported.report == ()
    assert imported.data["variant"]["weak_links"] == [["EGY", "MAO"], ["HEJ", "MAO"]]
    assert imported.data["powers"]["RUSSIA"]["partisan_sites"] == ["SIB"]
    game_map = map_from_data(imported.data)
    assert game_map.is_weak("MAO", "EGY") and game_map.is_weak("HEJ", "MAO")
    assert not game_map.is_weak("EGY", "EAS")
    assert "MAO" in game_map.fleet_adjacency["EGY"]  # the link itself is kept


def test_unrepresentable_lines_are_named() -> None:
    loeb = import_dpjudge(SOURCES / "loeb9.map").report
    assert any("RULE HIBERNATE" in line for line in loeb)
    assert any("IN SPRING" in line for line in loeb)
    assert any("nap~" in line for line in loeb)


def test_drop_amend_rename_and_unplayed_are_followed() -> None:
    data = import_dpjudge(SOURCES / "fiveman.map").data
    assert "WAR" not in data["provinces"] and "CON" not in data["provinces"]
    assert data["provinces"]["POL"]["name"] == "Poland"
    assert "warsaw" in data["provinces"]["POL"]["aliases"]
    assert "AEG" in data["fleet"]["BLA"]
    assert sorted(data["powers"]) == ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY"]
    assert data["variant"]["victory_centers"] == 14


def test_calendar_rules_and_start_are_data() -> None:
    hundred = import_dpjudge(SOURCES / "hundred.map").data["variant"]
    assert hundred | {"source": ""} == {
        "name": "hundred",
        "victory_centers": 9,
        "start_phase": "S1425M",
        "source": "",
        "year_step": 5,
        "fall_offset": 5,
        "build_anywhere": True,
    }
    chaos = import_dpjudge(SOURCES / "chaos.map").data
    assert chaos["variant"]["start_phase"] == "W1900A"
    assert len(chaos["powers"]) == 34
    assert import_dpjudge(SOURCES / "1900.map").data["powers"]["BRITAIN"]["start_centers"] == [
        "EDI",
        "EGY",
        "LON",
        "LVP",
    ]


def _import(tmp_path: Path, name: str) -> tuple[Path, str]:
    target = tmp_path / f"{name}.toml"
    args = ["map", "import", str(SOURCES / f"{name}.map"), "-o", str(target)]
    return target, CliRunner().invoke(main, args).output


def test_map_import_command_writes_and_validates(tmp_path: Path) -> None:
    target, output = _import(tmp_path, "fleetrome")
    assert "fleetrome, 76 provinces, 34 centres, 7 powers; 0 line(s) not represented" in output
    assert read_map_file(target).powers["ITALY"].start_units == ("A VEN", "F NAP", "F ROM")


def test_map_import_command_lists_what_it_left_out(tmp_path: Path) -> None:
    assert "not represented: loeb9.map:68: RULE" in _import(tmp_path, "loeb9")[1]


def test_ports_are_kept() -> None:
    assert import_dpjudge(SOURCES / "ancmed.map").data["provinces"]["BAL"]["port"] is True
    assert load_map("ancmed").convoy_areas >= {"BAL", "LIG", "BER"}


def test_spellings_only_on_coast_lines_are_kept() -> None:
    """canton.map spells Canton's coasts 'kwantung/ec': 'kwantung' names the province."""
    aliases = import_dpjudge(SOURCES / "canton.map").data["provinces"]["CAN"]["aliases"]
    assert "kwantung" in aliases
