"""`adjudicator map ...`: commands for map authors (registered by adjudicator.cli.main)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import click

from adjudicator.board.geometry import geometry_path, validate_geometry
from adjudicator.board.map import Map, map_from_data
from adjudicator.board.resources import data_dir
from adjudicator.board.validate import validate_map_data


@click.group(name="map")
def map_command() -> None:
    """Work with map files (maps/*.toml)."""


def _map_file(name_or_path: str) -> Path:
    """A map file named the way `--variant` names one (a map of maps/), or a path to one."""
    path = Path(name_or_path)
    if path.is_file():
        return path
    bundled = data_dir("maps") / f"{name_or_path}.toml"
    if bundled.is_file():
        return bundled
    if path.is_dir():
        raise click.BadParameter(f"{name_or_path}: is a folder, not a map file")
    known = ", ".join(sorted(p.stem for p in data_dir("maps").glob("*.toml")))
    raise click.BadParameter(f"{name_or_path!r} is neither a file nor a variant; variants: {known}")


@map_command.command(name="validate")
@click.argument("name_or_file", metavar="VARIANT_OR_FILE")
def validate_command(name_or_file: str) -> None:
    """Check a variant (by name, as --variant takes it) or a map file and list every problem
    in it, one per line (exit status 1 if any)."""
    file = _map_file(name_or_file)
    try:
        data = tomllib.loads(file.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        click.echo(f"{file}: not a readable TOML file: {error}")
        raise SystemExit(1) from None
    from adjudicator.board.inherit import with_base

    data = with_base(data, file.parent)
    problems = validate_map_data(data, whole_board=True)
    if problems:
        for problem in problems:
            click.echo(problem)
        raise SystemExit(1)
    game_map = map_from_data(data, str(file))
    geometry_file = geometry_path(file)
    if geometry_file.is_file():
        problems = validate_geometry(game_map, json.loads(geometry_file.read_text("utf-8")))
        for problem in problems:
            click.echo(f"{geometry_file}: {problem}")
        if problems:
            raise SystemExit(1)
    click.echo(
        f"OK: {game_map.name}, {len(game_map.provinces)} provinces, "
        f"{len(game_map.supply_centers)} centres"
    )


@map_command.command(name="import-drawing")
@click.argument("drawing", metavar="FILE.ps", type=click.Path(exists=True, dir_okay=False))
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Where the geometry goes (default: FILE.geometry.json beside the drawing).",
)
@click.option(
    "--map",
    "map_file",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="A map file (maps/NAME.toml) to check the geometry against; its terrain says which "
    "places are seas, and its maps/drawing-fix/NAME.toml, if any, corrects the drawing.",
)
@click.option(
    "--fix",
    "fix_file",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="Corrections to the drawing (default: drawing-fix/NAME.toml beside --map's file).",
)
def import_drawing_command(
    drawing: str, output: Path | None, map_file: Path | None, fix_file: Path | None
) -> None:
    """Turn a DPjudge PostScript drawing into a geometry file (needs the [maps] extra)."""
    try:
        from adjudicator.board.drawing import DrawingError, geometry_from_drawing, shared_faces
        from adjudicator.board.drawing_fix import FixError, fix_path, read_fix
    except ImportError:  # pragma: no cover - the message for a missing optional extra
        raise click.ClickException("this needs shapely: pip install 'adjudicator[maps]'") from None
    path = Path(drawing)
    if fix_file is None and map_file is not None and fix_path(map_file).is_file():
        fix_file = fix_path(map_file)
    game_map = _read_map(map_file) if map_file is not None else None
    terrain = {c: p.terrain for c, p in game_map.provinces.items()} if game_map else None
    source = path.name
    if fix_file is not None:
        source += f" with {fix_file.parent.name}/{fix_file.name}"
    try:
        fix = read_fix(fix_file) if fix_file is not None else None
        geometry = geometry_from_drawing(path.read_text(encoding="latin-1"), source, fix, terrain)
    except ImportError:
        raise click.ClickException("this needs shapely: pip install 'adjudicator[maps]'") from None
    except (DrawingError, FixError) as error:
        raise click.ClickException(str(error)) from None
    target = output or path.with_name(path.stem + ".geometry.json")
    target.write_text(json.dumps(geometry, separators=(",", ":")) + "\n", encoding="utf-8")
    click.echo(f"{target}: {len(geometry['provinces'])} provinces, {len(geometry['units'])} points")
    for codes in shared_faces(geometry):
        click.echo(
            f"warning: {', '.join(codes)} came out as one shape: the drawing lacks a border "
            "between them (add a [[line]] to the map's drawing-fix/NAME.toml and import it again)"
        )
    if game_map is not None:
        problems = validate_geometry(game_map, geometry)
        for problem in problems:
            click.echo(problem)
        if problems:
            raise SystemExit(1)


def _read_map(map_file: Path) -> Map:
    from adjudicator.board.inherit import with_base

    data = with_base(tomllib.loads(map_file.read_text(encoding="utf-8")), map_file.parent)
    return map_from_data(data, str(map_file))


@map_command.command(name="import")
@click.argument(
    "source", metavar="FILE.map", type=click.Path(exists=True, dir_okay=False, path_type=Path)
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Where the map goes (default: maps/NAME.toml in the current folder).",
)
@click.option("--name", help="The variant's name (default: the file's name without .map).")
def import_command(source: Path, output: Path | None, name: str | None) -> None:
    """Convert a DPjudge map file (and the files it USEs) into a map file, then validate it.

    Every line that could not be represented is listed; the exit status is 1 if the result
    does not pass the validator.
    """
    from adjudicator.board.dpjudge import import_dpjudge

    imported = import_dpjudge(source, name)
    target = output or Path("maps") / f"{name or source.stem}.toml"
    target.write_text(imported.text, encoding="utf-8")
    for line in imported.report:
        click.echo(f"not represented: {line}")
    problems = validate_map_data(imported.data, whole_board=True)
    for problem in problems:
        click.echo(f"{target}: {problem}")
    if problems:
        raise SystemExit(1)
    game_map = map_from_data(imported.data, str(target))
    click.echo(
        f"{target}: {game_map.name}, {len(game_map.provinces)} provinces, "
        f"{len(game_map.supply_centers)} centres, {len(game_map.powers)} powers; "
        f"{len(imported.report)} line(s) not represented"
    )
