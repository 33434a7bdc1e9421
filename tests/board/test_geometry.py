"""The standard map's drawing is complete and the geometry check fails on a broken one."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from adjudicator.board.geometry import (
    geometry_from_data,
    geometry_path,
    inside,
    load_geometry,
    validate_geometry,
)
from adjudicator.board.map import load_map
from adjudicator.board.resources import data_dir
from adjudicator.cli.map import map_command

STANDARD = data_dir("maps") / "standard.toml"
_ROOT = Path(__file__).resolve().parents[2]
# ../shared beside the checkout (CI), or beside the folder of worktrees (a developer's copy)
DRAWINGS = [
    r / "shared" / "reference" / "dpjudge" / "maps" for r in (_ROOT.parent, _ROOT.parents[1])
]


def _drawing(name: str) -> Path:
    pytest.importorskip("shapely")
    for folder in DRAWINGS:
        if (folder / name).is_file():
            return folder / name
    pytest.skip(f"DPjudge's {name} is not in ../shared/reference/dpjudge/maps")


def _data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(geometry_path(STANDARD).read_text(encoding="utf-8"))
    return data


def test_standard_geometry_is_complete() -> None:
    assert validate_geometry(load_map("standard"), _data()) == []
    geometry = load_geometry("standard")
    assert set(geometry.provinces) == set(load_map("standard").provinces)
    assert {"STP/NC", "STP/SC", "SPA/NC", "SPA/SC", "BUL/EC", "BUL/SC"} <= set(geometry.units)
    assert geometry.notice.startswith("Geometry converted from a DPjudge drawing (MIT")


def test_licence_is_kept_beside_the_geometry() -> None:
    text = (data_dir("maps") / "LICENSE-dpjudge").read_text(encoding="utf-8")
    assert "Copyright 2017 Manus Hand" in text and "Permission is hereby granted" in text


def test_a_missing_province_shape_is_reported() -> None:
    data = _data()
    del data["provinces"]["BUR"]
    assert validate_geometry(load_map("standard"), data) == [
        "geometry: province BUR has no shape; add it under 'provinces'"
    ]


def test_a_unit_point_outside_its_province_is_reported() -> None:
    data = _data()
    data["units"]["STP/NC"] = data["units"]["MOS"]
    problems = validate_geometry(load_map("standard"), data)
    assert len(problems) == 1 and "unit point STP/NC" in problems[0]
    assert "outside STP's shape" in problems[0]


def test_a_missing_coast_point_and_centre_are_reported() -> None:
    data = _data()
    del data["units"]["SPA/SC"], data["centers"]["PAR"]
    assert sorted(validate_geometry(load_map("standard"), data)) == [
        "geometry: location SPA/SC has no unit point in 'units'",
        "geometry: supply centre PAR has no point in 'centers'",
    ]


def test_two_provinces_in_one_face_are_reported() -> None:
    data = _data()
    data["provinces"]["TYS"] = data["provinces"]["ION"]
    data["units"]["TYS"] = data["units"]["ION"]
    problems = validate_geometry(load_map("standard"), data)
    assert "geometry: ION and TYS have the same shape" in problems[-1]


def test_an_unreadable_geometry_is_reported_not_raised() -> None:
    assert validate_geometry(load_map("standard"), {"width": 1})[0].startswith(
        "geometry: unreadable"
    )


def test_point_in_shape_counts_holes() -> None:
    square = (
        (0.0, 0.0, 10.0, 0.0, 10.0, 10.0, 0.0, 10.0),
        (4.0, 4.0, 6.0, 4.0, 6.0, 6.0, 4.0, 6.0),
    )
    assert inside((1.0, 1.0), square)
    assert not inside((5.0, 5.0), square)
    assert not inside((11.0, 5.0), square)


def test_map_validate_fails_on_broken_geometry(tmp_path: Path) -> None:
    shutil.copy(STANDARD, tmp_path / "standard.toml")
    data = _data()
    data["units"]["PAR"] = data["units"]["MUN"]
    (tmp_path / "standard.geometry.json").write_text(json.dumps(data), encoding="utf-8")
    result = CliRunner().invoke(map_command, ["validate", str(tmp_path / "standard.toml")])
    assert result.exit_code == 1
    assert "unit point PAR" in result.output and "outside PAR's shape" in result.output
    (tmp_path / "standard.geometry.json").write_text(json.dumps(_data()), encoding="utf-8")
    result = CliRunner().invoke(map_command, ["validate", str(tmp_path / "standard.toml")])
    assert result.exit_code == 0, result.output


GEOMETRIES = sorted(data_dir("maps").glob("*.geometry.json"))


@pytest.mark.parametrize("geometry_file", GEOMETRIES, ids=lambda p: p.name.split(".")[0])
def test_import_drawing_makes_the_committed_geometry(geometry_file: Path, tmp_path: Path) -> None:
    """The geometry is derived data: importing DPjudge's drawing again, with the map's
    corrections (maps/drawing-fix/NAME.toml, picked up through --map), gives the same file."""
    variant = geometry_file.name.split(".")[0]
    committed = json.loads(geometry_file.read_text(encoding="utf-8"))
    drawing = committed["source"].split()[0]
    target = tmp_path / geometry_file.name
    map_file = data_dir("maps") / f"{variant}.toml"
    args = ["import-drawing", str(_drawing(drawing)), "-o", str(target), "--map", str(map_file)]
    result = CliRunner().invoke(map_command, args)
    assert result.exit_code == 0, result.output
    assert "came out as one shape" not in result.output
    assert json.loads(target.read_text(encoding="utf-8")) == committed


def test_import_drawing_rejects_a_file_without_points(tmp_path: Path) -> None:
    pytest.importorskip("shapely")
    bad = tmp_path / "bad.ps"
    bad.write_text("%!PS-Adobe-3.0\n%%EndSetup\n", encoding="utf-8")
    result = CliRunner().invoke(map_command, ["import-drawing", str(bad)])
    assert result.exit_code == 1
    assert "no '% INFO' block" in result.output


_TINY = """%!PS-Adobe-3.0
% INFO
%   10   10 AAA Aland
%   30   10 BBB Bland
%   20   30 SEA The Sea
% MAP
/VisitTerritories {
\t(AAA) 10 10 l
\t(BBB) 30 10 l
\t(SEA) 20 30 w
} def
/MapForm <<
\t/PaintProc {
\t\tSeaBlue 0 0 40 40 rectfill
\t\tIncludeLand
\t\tIncludeBorders
\t} bind
>> def
/IncludeLand {
\t/fk { p s LandBrown f r k } bd
\tOutlineLand
} bd
/IncludeBorders {
\t/fk { k } bd
\tOutlineBorders
} bd
/OutlineLand {
\t2 2 m 38 2 l 38 18 l 2 18 l fk
} bd
/OutlineBorders {
BORDER} bd
/VisitColors {
\t/LandBrown .8 .7 .4 r
\t/SeaBlue .1 .4 .6 r
} def
"""


@pytest.mark.parametrize(
    ("border", "warned"),
    [("\t20 3 m 20 16.5 l fk\n", False), ("", True)],  # the border stops short of the coast
)
def test_import_a_small_drawing(tmp_path: Path, border: str, warned: bool) -> None:
    pytest.importorskip("shapely")
    drawing = tmp_path / "tiny.ps"
    drawing.write_text(_TINY.replace("BORDER", border), encoding="utf-8")
    target = tmp_path / "tiny.geometry.json"
    result = CliRunner().invoke(map_command, ["import-drawing", str(drawing), "-o", str(target)])
    assert result.exit_code == 0, result.output
    assert ("AAA, BBB came out as one shape" in result.output) is warned
    geometry = json.loads(target.read_text(encoding="utf-8"))
    assert geometry["width"] == 40 and geometry["height"] == 40
    assert set(geometry["provinces"]) == {"AAA", "BBB", "SEA"}
    assert geometry["units"]["AAA"] == [10, 30]  # y flipped: the picture's y grows downwards
    sea = geometry["provinces"]["SEA"]
    assert len(sea) == 2  # the frame, with the land as a hole


@pytest.mark.parametrize(
    "geometry_file",
    sorted(data_dir("maps").glob("*.geometry.json")),
    ids=lambda p: p.name.split(".")[0],
)
def test_every_bundled_geometry_fits_its_map(geometry_file: Path) -> None:
    variant = geometry_file.name.split(".")[0]
    data = json.loads(geometry_file.read_text(encoding="utf-8"))
    assert validate_geometry(load_map(variant), data) == []
    assert data["notice"].startswith("Geometry converted from a DPjudge drawing (MIT")


_FIX = """
[rename]
AAA = "CCC"

[[line]]
why = "the border the drawing lacks"
points = [[20, 37], [20, 23.5]]

[[line]]
why = "cuts off a strip east of BBB"
points = [[34, 37], [34, 23.5]]

[points]
BBB = [25, 28]

[centers]
CCC = [8, 30]

[also]
BBB = [[36, 30]]
"""


def test_a_fix_file_corrects_the_drawing(tmp_path: Path) -> None:
    """Lines split merged places, codes are renamed, points and centres set, and a province
    drawn in two pieces gets both (maps/drawing-fix/NAME.toml, picture coordinates)."""
    pytest.importorskip("shapely")
    drawing, fix = tmp_path / "tiny.ps", tmp_path / "tiny-fix.toml"
    drawing.write_text(_TINY.replace("BORDER", ""), encoding="utf-8")
    fix.write_text(_FIX, encoding="utf-8")
    target = tmp_path / "tiny.geometry.json"
    args = ["import-drawing", str(drawing), "-o", str(target), "--fix", str(fix)]
    result = CliRunner().invoke(map_command, args)
    assert result.exit_code == 0, result.output
    assert "came out as one shape" not in result.output
    geometry = json.loads(target.read_text(encoding="utf-8"))
    assert geometry["source"] == "tiny.ps with " + tmp_path.name + "/tiny-fix.toml"
    assert set(geometry["provinces"]) == {"CCC", "BBB", "SEA"}
    assert geometry["units"]["BBB"] == [25, 28] and geometry["centers"]["CCC"] == [8, 30]
    shape = geometry_from_data(geometry).provinces["BBB"]
    assert inside((36, 30), shape) and inside((25, 28), shape) and not inside((10, 30), shape)
    assert not [s for s in geometry["scenery"] if s["kind"] == "land"]  # the strip is BBB's


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[lines]\n", "unknown section 'lines'; a fix file has rename, line, points"),
        ("[[line]]\npoints = [[1, 2]]\n", "[[line]] 1: 'points' needs at least two [x, y] pairs"),
        ("[points]\nNEP = [1]\n", "[points] NEP: [1] is not a point; write [x, y] in picture"),
        ("[rename]\nAND = 3\n", "[rename] AND = 3: give the map's code as a string"),
        ("[also]\nBYZ = []\n", "[also] BYZ: give a list of [x, y] points"),
        ("[points\n", "not a readable TOML file"),
    ],
)
def test_a_bad_fix_file_is_named_with_its_entry(tmp_path: Path, text: str, message: str) -> None:
    pytest.importorskip("shapely")
    drawing, fix = tmp_path / "tiny.ps", tmp_path / "bad.toml"
    drawing.write_text(_TINY.replace("BORDER", ""), encoding="utf-8")
    fix.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(map_command, ["import-drawing", str(drawing), "--fix", str(fix)])
    assert result.exit_code == 1
    assert f"Error: bad.toml: {message}" in result.output


def test_an_also_point_outside_every_face_is_named(tmp_path: Path) -> None:
    pytest.importorskip("shapely")
    drawing, fix = tmp_path / "tiny.ps", tmp_path / "fix.toml"
    drawing.write_text(_TINY.replace("BORDER", ""), encoding="utf-8")
    fix.write_text("[also]\nSEA = [[99, 99]]\n", encoding="utf-8")
    result = CliRunner().invoke(map_command, ["import-drawing", str(drawing), "--fix", str(fix)])
    assert result.exit_code == 1
    assert "tiny.ps with" in result.output
    assert "[also] SEA: no face holds the point [" in result.output


def test_arcs_are_drawn_as_circles() -> None:
    """PostScript's arc operator (pure.ps draws each province as a circle)."""
    pytest.importorskip("shapely")
    from adjudicator.board.drawing import read_drawing

    text = _TINY.replace("2 2 m 38 2 l 38 18 l 2 18 l fk", "30 10 m 20 10 8 0 360 a fk")
    (fill, closed, ring) = read_drawing(text.replace("BORDER", "")).paths[0]
    assert fill == "LandBrown" and closed and len(ring) >= 36
    assert all(abs(((x - 20) ** 2 + (y - 10) ** 2) ** 0.5 - 8) < 1e-9 for x, y in ring[1:-1])
