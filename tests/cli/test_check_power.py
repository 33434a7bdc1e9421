"""`adjudicator check SHEET --state PHASE.json --power FRANCE`: one power's sheet without a
header, every line shown in the order of the sheet."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from adjudicator.cli.main import main

STATE = {
    "variant": "standard",
    "phase": "S1901M",
    "units": {"FRANCE": ["A PAR", "A MAR", "F BRE"], "GERMANY": ["A MUN"]},
    "centers": {"FRANCE": ["PAR", "MAR", "BRE"], "GERMANY": ["MUN"]},
}
SHEET = "A Par - Bur\nxyz\nF Bre - Mao\nA Mar - Mos\nA Mun H\n"


def check(tmp_path: Path, *options: str) -> tuple[int, str]:
    state, sheet = tmp_path / "phase.json", tmp_path / "france.txt"
    state.write_text(json.dumps(STATE))
    sheet.write_text(SHEET)
    result = CliRunner().invoke(main, ["check", str(sheet), "--state", str(state), *options])
    return result.exit_code, result.output


def test_a_one_power_sheet_reads_in_sheet_order(tmp_path: Path) -> None:
    code, out = check(tmp_path, "--power", "france")
    assert code == 1  # some lines could not be read
    assert out == (
        "France:   A Par - Bur                              => A PAR - BUR\n"
        "France:\n"
        "xyz\n"
        "^^^ not an order (a message to the gamesmaster? start the line with '#')\n"
        "France:   F Bre - Mao                              => F BRE - MAO\n"
        "France:   A Mar - Mos                              => A MAR - MOS"
        "   (illegal: A MAR cannot reach MOS)\n"
        "France:\n"
        "A Mun H\n"
        "^^^^^ A MUN belongs to Germany, not France\n"
    )


def test_a_clean_sheet_exits_0(tmp_path: Path) -> None:
    state, sheet = tmp_path / "phase.json", tmp_path / "france.txt"
    state.write_text(json.dumps(STATE))
    sheet.write_text("A Par H\nF Bre - Mao\n")
    args = ["check", str(sheet), "--state", str(state), "--power", "FRA"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0
    assert result.output.splitlines()[1].endswith("=> F BRE - MAO")


def test_without_power_the_sheet_needs_headers_and_says_so(tmp_path: Path) -> None:
    code, out = check(tmp_path)
    assert code == 1
    assert "A Par - Bur\n^^^^^^^^^^^ no power given: start with a header such as 'England:'" in out
    assert out.endswith("(a sheet for one power without a header: --power FRANCE, for instance)\n")


def test_an_unknown_power_is_named(tmp_path: Path) -> None:
    code, out = check(tmp_path, "--power", "Fance")
    assert code == 1
    assert "Error: --power: unknown power 'Fance' on standard; known: AUSTRIA, ENGLAND," in out


def test_a_power_is_labelled_by_its_map_name(tmp_path: Path) -> None:
    """The label is Map.power_name: chaos's ST_PETERSBURG reads 'St Petersburg', not
    'St_Petersburg', and a line before any header '(no power given)'."""
    state, sheet = tmp_path / "phase.json", tmp_path / "sheet.txt"
    units = {"variant": "chaos", "phase": "S1901M", "units": {"ST_PETERSBURG": ["A STP"]}}
    state.write_text(json.dumps(units))
    sheet.write_text("A Stp H\nSt Petersburg:\nA Stp - Mos\n")
    result = CliRunner().invoke(main, ["check", str(sheet), "--state", str(state)])
    assert result.output.splitlines()[:3] == [
        "(no power given):",
        "A Stp H",
        "^^^^^^^ no power given: start with a header such as 'England:'",
    ]
    assert "St Petersburg: A Stp - Mos" in result.output
