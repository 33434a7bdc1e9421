"""`adjudicator variants`: every map shipped in maps/, with what makes each one special."""

from __future__ import annotations

import json
from typing import Any

import click

from adjudicator.board.inherit import read_toml, with_base
from adjudicator.board.map import Map, load_map
from adjudicator.board.resources import data_dir


def special_rules(game_map: Map) -> list[str]:
    """The rules a variant adds to the standard game, in words, read from its data."""
    rules = []
    if game_map.build_anywhere:
        rules.append("build in any owned centre")
    if game_map.year_step != 1 or game_map.fall_offset:
        rules.append(f"years step by {game_map.year_step} (fall +{game_map.fall_offset})")
    neutral = sorted(game_map.neutral_at(game_map.start_phase))
    if neutral:
        rules.append("neutral: " + ", ".join(p.title() for p in neutral))
    shut = sorted(p for p, prov in game_map.provinces.items() if prov.terrain == "impassable")
    if shut:
        rules.append("impassable: " + ", ".join(shut))
    ports = sorted(p for p, prov in game_map.provinces.items() if prov.port)
    if ports:
        rules.append("ports: " + ", ".join(ports))
    if game_map.closed:
        rules.append(f"closed until {game_map.closed_until}: " + ", ".join(sorted(game_map.closed)))
    if game_map.sides:
        rules.append("sides: " + " vs ".join(sorted(game_map.sides)))
    if game_map.joins_winner:
        rules.append(f"{game_map.joins_winner.title()} joins the coin toss's winner")
    if game_map.weak_links:
        links = sorted("-".join(sorted(pair)) for pair in game_map.weak_links)
        rules.append("weak links (half strength, no support across): " + ", ".join(links))
    for power in game_map.powers.values():
        if power.partisan_sites:
            sites = ", ".join(sorted(power.partisan_sites))
            rules.append(f"{power.name} partisan site: {sites}")
    return rules


def summary(name: str) -> dict[str, Any]:
    """One variant as the listing shows it (also the JSON form)."""
    game_map = load_map(name)
    path = data_dir("maps") / f"{name}.toml"
    variant = with_base(read_toml(path), path.parent)["variant"]
    return {
        "name": name,
        "powers": sorted(p.name for p in game_map.powers.values()),
        "centers": len(game_map.supply_centers),
        "provinces": len(game_map.provinces),
        "victory": game_map.victory_centers,
        "start": str(game_map.start_phase),
        "special": special_rules(game_map),
        "players": variant.get("players", []),
        "description": variant.get("description", ""),
        "source": variant.get("source", ""),
    }


@click.command(name="variants")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
def variants_command(fmt: str) -> None:
    """List every variant in maps/: powers, centres, victory count, start, special rules, source."""
    rows = [summary(p.stem) for p in sorted(data_dir("maps").glob("*.toml"))]
    if fmt == "json":
        click.echo(json.dumps(rows, indent=2))
        return
    for row in rows:
        click.echo(
            f"{row['name']}: {len(row['powers'])} powers, {row['centers']} centres, "
            f"victory {row['victory']}, starts {row['start']}; source: {row['source'] or 'hand'}"
        )
        click.echo(f"  powers: {', '.join(row['powers'])}")
        if row["players"]:
            teams = " | ".join("+".join(p.title() for p in team) for team in row["players"])
            click.echo(f"  players: {teams}")
        for rule in row["special"]:
            click.echo(f"  - {rule}")
