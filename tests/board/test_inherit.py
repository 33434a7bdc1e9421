"""Variants written as changes to another map (`[variant] base = ...`)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from adjudicator.board.map import load_map
from adjudicator.cli.main import main


def test_a_variant_lays_its_changes_over_the_base() -> None:
    six, standard = load_map("six"), load_map("standard")
    assert six.army_adjacency == standard.army_adjacency
    assert six.neutral_at(six.start_phase) == {"ITALY"}
    assert six.powers["ITALY"].home_centers == standard.powers["ITALY"].home_centers


def test_powers_keeps_only_the_named_powers() -> None:
    fva = load_map("classic-fva")
    assert sorted(fva.powers) == ["AUSTRIA", "FRANCE"]
    assert len(fva.supply_centers) == 34
    assert set(fva.start_centers()) == {"BRE", "MAR", "PAR", "BUD", "TRI", "VIE"}


def test_a_missing_base_is_reported(tmp_path: Path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text('[variant]\nbase = "nowhere"\nname = "broken"\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["map", "validate", str(broken)])
    assert result.exit_code == 1
    assert "[variant]: base 'nowhere' is not a map here or in maps/" in result.output


def test_a_variant_over_a_base_is_drawn_as_its_base() -> None:
    from adjudicator.board.geometry import load_geometry

    assert load_geometry("six").provinces == load_geometry("standard").provinces


def test_variant_rules_are_validated(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(
        '[variant]\nbase = "standard"\nname = "bad"\nclosed = ["ATL"]\nclosed_until = "1915"\n'
        'joins_winner = "ROME"\n[variant.sides]\nA = ["ENGLAND", "SPAIN"]\n'
        '[powers.ITALY]\nneutral_until = "spring"\n',
        encoding="utf-8",
    )
    output = CliRunner().invoke(main, ["map", "validate", str(bad)]).output
    assert "[variant]: closed names unknown province ATL" in output
    assert "[variant]: closed_until '1915' is not a phase name such as S1915M" in output
    assert "[variant]: joins_winner 'ROME' is not a power" in output
    assert "[variant]: sides.A names unknown power SPAIN" in output
    assert "[powers.ITALY]: neutral_until 'spring' is not a phase name such as S1915M" in output
