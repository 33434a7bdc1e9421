"""`adjudicator variants`: the list of shipped variants and their special rules."""

from __future__ import annotations

import json

from click.testing import CliRunner

from adjudicator.cli.main import main


def test_variants_lists_every_map_with_its_rules() -> None:
    out = CliRunner().invoke(main, ["variants"]).output
    assert "hundred: 3 powers, 17 centres, victory 9, starts S1425M" in out
    assert "  - years step by 5 (fall +5)" in out
    assert "  players: England | Austria+France | Germany+Turkey | Italy+Russia" in out
    assert "ancmed: 5 powers, 34 centres, victory 18, starts S0001M" in out


def test_variants_as_json() -> None:
    rows = json.loads(CliRunner().invoke(main, ["variants", "--format", "json"]).output)
    wwi = next(r for r in rows if r["name"] == "wwi")
    assert wwi["victory"] == 24
    assert wwi["start"] == "S1914M"
    assert "sides: CENTRAL vs ENTENTE" in wwi["special"]
    assert {r["name"] for r in rows} >= {"standard", "modern", "youngstown", "six", "classic-fva"}
