"""`adjudicator map ...`: commands for map authors (registered by adjudicator.cli.main)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import click

from adjudicator.board.map import map_from_data
from adjudicator.board.validate import validate_map_data


@click.group(name="map")
def map_command() -> None:
    """Work with map files (maps/*.toml)."""


@map_command.command(name="validate")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
def validate_command(file: Path) -> None:
    """Check FILE and list every problem in it, one per line (exit status 1 if any)."""
    try:
        data = tomllib.loads(file.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        click.echo(f"{file}: not a readable TOML file: {error}")
        raise SystemExit(1) from None
    problems = validate_map_data(data)
    if problems:
        for problem in problems:
            click.echo(problem)
        raise SystemExit(1)
    game_map = map_from_data(data, str(file))
    click.echo(
        f"OK: {game_map.name}, {len(game_map.provinces)} provinces, "
        f"{len(game_map.supply_centers)} centres"
    )
