"""`adjudicator possible PHASE.json [--power POWER]`: every legal order of a position, as JSON."""

from __future__ import annotations

import json

import click

from adjudicator.cli.options import read_position


@click.command("possible")
@click.argument("phase_file", metavar="PHASE.json")
@click.option(
    "--power", metavar="POWER", help="Only this power's orders (FRANCE, France or French)."
)
def possible_command(phase_file: str, power: str | None) -> None:
    """Every legal order of the position in a phase document, by location (`-` reads standard
    input): {"orders": {"PAR": ["A PAR - BUR", ...], ...}}, each location's orders sorted.
    The document's orders, if any, are ignored; its rules are respected."""
    from adjudicator.board.map import load_map
    from adjudicator.board.names import NameProblem, resolve_power
    from adjudicator.orders.possible import possible_orders

    position, rules = read_position(phase_file)
    code = None
    if power is not None:
        game_map = load_map(position.variant)
        try:
            code = resolve_power(game_map, power, prefix=True)
        except NameProblem as problem:
            raise click.BadParameter(str(problem)) from None
    found = possible_orders(position, power=code, rules=rules)
    document = {"orders": {where: sorted(orders) for where, orders in sorted(found.items())}}
    click.echo(json.dumps(document, indent=2, ensure_ascii=False))
