"""`adjudicator game orders|status`: the orders of the current phase, and who still owes them.

Every order is shown in canonical form (as the engine read it), in the order it was written;
lines that could not be read are shown with why. Pure rendering helpers plus the commands.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any

import click

from adjudicator.board.map import Map, load_map
from adjudicator.board.types import PhaseKind
from adjudicator.cli.game_io import game_name, load, update
from adjudicator.cli.options import read_text_file
from adjudicator.game.edit import UnreadableOrders, add_orders
from adjudicator.game.game import Game, GameError, order_lines, read_orders, undo_last
from adjudicator.game.gamefile import GameFileError, update_game
from adjudicator.game.owed import Owed, owed_orders
from adjudicator.game.readings import Reading, pending_readings
from adjudicator.orders.results import OrderEntry, faults


def reading_line(reading: Reading) -> str:
    """One order in canonical form (marked when it cannot succeed), or a line not read: every
    command that echoes an order writes it with this."""
    if isinstance(reading, OrderEntry):
        return str(reading.order) + (f"   (illegal: {reading.illegal})" if reading.illegal else "")
    return f"{reading.input!r} not read: {reading.error}"


def describe_pending(game_map: Map, game: Game) -> str:
    """The orders received so far for the current phase, as read, and who has sent none."""
    lines = ["", "Pending orders:"]
    for power in game.pending:
        label = f"  {game_map.power_name(power)}: "
        shown = [reading_line(r) for r in pending_readings(game, power)]
        for index, text in enumerate(shown or ["(none: default orders)"]):
            lines.append((label if index == 0 else " " * len(label)) + text)
    if not game.pending:
        lines.append("  (none yet)")
    return "\n".join(lines + describe_owed(game_map, game))


def _defaults(kind: PhaseKind, owed: Sequence[Owed]) -> str:
    """What becomes of the orders owed if they never come."""
    return "; ".join(sorted({o.fate(kind) for o in owed}))


def owed_text(game_map: Map, owed: Owed) -> str:
    """'France: A MAR' or 'Austria: A BUD, A VIE, F TRI (nothing sent)'."""
    silent = "" if owed.sent else " (nothing sent)"
    return f"{game_map.power_name(owed.power)}: {owed.words()}{silent}"


def describe_owed(game_map: Map, game: Game) -> list[str]:
    """Who still owes orders for the current phase, and what happens if they never come."""
    owed = owed_orders(game)
    if not owed:
        return ["", f"Orders owed for {game.current.phase}: none"]
    lines = ["", f"Orders owed for {game.current.phase}:"]
    lines += [f"  {owed_text(game_map, o)}" for o in owed]
    lines.append(f"  (if they do not come, {_defaults(game.current.phase.kind, owed)})")
    return lines


def missing_warning(game_map: Map, game: Game, owed: Sequence[Owed]) -> str:
    """For `game adjudicate`: whose orders are missing and what happens to them, a line each."""
    phase = game.current.phase
    lines = [f"orders missing for {phase} ({_defaults(phase.kind, owed)}):"]
    return "\n".join(lines + [f"  {owed_text(game_map, o)}" for o in owed])


def _unread(game: Game, power: str) -> int:
    """How many of the power's pending lines were not read as orders."""
    return sum(1 for r in pending_readings(game, power) if not isinstance(r, OrderEntry))


def status_document(name: str, game: Game) -> dict[str, Any]:
    """`game status --json`: the same facts as the text, for a script (README, *A game without
    a text editor*)."""
    kind = game.current.phase.kind
    return {
        "game": name,
        "variant": game.variant,
        "phase": str(game.current.phase),
        "received": list(game.pending),
        "unread": {p: n for p in game.pending if (n := _unread(game, p))},
        "owed": [
            {
                "power": o.power,
                "units": list(o.units),
                "builds": o.builds,
                "removals": o.removals,
                "sent": o.sent,
                "fate": o.fate(kind),
            }
            for o in owed_orders(game)
        ],
    }


@click.command("status")
@click.argument("game_file", metavar="FILE")
@click.option("--json", "as_json", is_flag=True, help="Print it as a JSON document.")
def status(game_file: str, as_json: bool) -> None:
    """Who still owes orders for the current phase (units, retreats, builds and removals)."""
    game = load(game_file)
    if as_json:
        document = status_document(game_name(game_file, game), game)
        click.echo(json.dumps(document, indent=2, ensure_ascii=False))
        return
    game_map = load_map(game.variant)
    phase = game.current.phase
    click.echo(
        f"{game_name(game_file, game)}: {phase.season.word} {phase.year} {phase.kind.word}"
        f" ({phase})"
    )
    received = ", ".join(game_map.power_name(p) for p in game.pending) or "nobody yet"
    click.echo(f"Orders received from: {received}")
    for power in game.pending:
        if unread := _unread(game, power):
            click.echo(f"  {game_map.power_name(power)}: {unread} line(s) not read (game show)")
    for line in describe_owed(game_map, game)[1:]:
        click.echo(line)


@click.command("orders")
@click.argument("game_file", metavar="FILE")
@click.argument("power")
@click.argument("orders_file", metavar="[ORDERS]", required=False)
@click.option(
    "--add",
    "added",
    multiple=True,
    metavar="ORDER",
    help="Add one order (repeatable), replacing any earlier order for the same unit.",
)
def orders(game_file: str, power: str, orders_file: str | None, added: tuple[str, ...]) -> None:
    """Set POWER's orders for the current phase from ORDERS (`-` reads standard input), or add
    single orders to them with --add.

    A new order set replaces the power's earlier one. Every line is shown as it was read; lines
    that could not be read are marked under the bad part. They are kept as written, so the
    exit status is 1 when some line could not be read (the set is saved all the same).

    `--add 'A Mar - Spa'` keeps the set and adds the order, replacing the earlier order for
    A MAR (also one in a teammate's sheet, in the variants where one person plays several
    powers); an order that cannot be read is refused (exit status 1, nothing changed). The
    power's whole set is shown afterwards, as read.
    """
    if (orders_file is None) == (not added):
        raise click.UsageError("give ORDERS (a file, or - for standard input) or --add ORDER")
    if orders_file is None:
        _add(game_file, power, added)
        return
    from adjudicator.orders.caret import render_caret

    lines = order_lines(read_text_file(orders_file))
    game, reading = update(game_file, lambda game: read_orders(game, power, lines))
    code = reading.power
    label = load_map(game.variant).powers[code].name
    click.echo(f"{label}: {len(lines)} line(s) for {game.current.phase}")
    if not lines:
        click.echo("  (no orders: the units hold, retreats disband, adjustments by default)")
    if code in game.disorder:
        click.echo(f"  ({label} is declared in civil disorder: these orders are ignored)")
    for entry in reading.entries:
        click.echo(f"  {entry.input!s:<36} => {reading_line(entry)}")
    for problem in reading.errors:
        click.echo(render_caret(problem.input, problem.span, problem.error))
    failed = faults(reading.errors)  # an ignored comment is shown, but is no fault
    if failed:
        click.echo(f"{len(failed)} line(s) could not be read", err=True)
        sys.exit(1)


def _add(game_file: str, power: str, lines: Sequence[str]) -> None:
    """`game orders --add`: one locked change; the power's whole set shown afterwards."""
    from adjudicator.orders.caret import render_caret

    try:
        game, done = update_game(game_file, lambda game: add_orders(game, power, lines))
    except UnreadableOrders as refused:
        for problem in refused.errors:
            click.echo(render_caret(problem.input, problem.span, problem.error), err=True)
        click.echo(f"Error: {refused}", err=True)
        sys.exit(1)
    except (GameFileError, GameError, OSError) as error:
        raise click.ClickException(str(error)) from None
    game_map = load_map(game.variant)
    code = done.reading.power
    label = game_map.power_name(code)
    for entry in done.reading.entries:
        click.echo(f"{label}: added {entry.input!s} => {reading_line(entry)}")
    for line in done.replaced:
        click.echo(f"  replaces {line}")
    if code in game.disorder:
        click.echo(f"  ({label} is declared in civil disorder: these orders are ignored)")
    click.echo(f"Orders of {label} for {game.current.phase}:")
    for reading in pending_readings(game, code):
        click.echo(f"  {reading_line(reading)}")
    mine = [o for o in owed_orders(game) if o.power == code]
    click.echo(f"{label} still owes: {mine[0].words() if mine else 'nothing'}")


@click.command("undo")
@click.argument("game_file", metavar="FILE")
@click.option("--force", is_flag=True, help="Drop orders already sent for the next phase.")
def undo(game_file: str, force: bool) -> None:
    """Undo the last adjudicated phase: its orders are pending again, to be changed and
    adjudicated anew. Refused while the next phase has orders (--force drops them)."""
    game, last = update(game_file, lambda game: undo_last(game, drop_pending=force))
    game_map = load_map(game.variant)
    phase = last.phase
    senders = ", ".join(game_map.power_name(p) for p in game.pending) or "nobody"
    click.echo(
        f"{game_file}: {phase.season.word} {phase.year} {phase.kind.word} ({phase}) undone; "
        f"its orders are pending again (from {senders})"
    )
