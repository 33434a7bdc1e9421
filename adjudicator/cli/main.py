"""The `adjudicator` command line: thin faces on the engine (I/O lives here, nowhere else)."""

from __future__ import annotations

import importlib
import json
import sys
from typing import Any, ClassVar

import click

from adjudicator.cli.options import (
    daide_output,
    read_json_file,
    read_position,
    read_text_file,
    result_format,
)


class _LazyGroup(click.Group):
    """Subcommands kept in their own modules are imported only when used (fast start-up)."""

    lazy: ClassVar[dict[str, tuple[str, str]]] = {
        "test": ("adjudicator.testcases.caserun", "test_command"),
        "map": ("adjudicator.cli.map", "map_command"),
        "variants": ("adjudicator.cli.variants", "variants_command"),
        "game": ("adjudicator.cli.game", "game_command"),
        "render": ("adjudicator.cli.render", "render_command"),
        "judge": ("adjudicator.cli.judge", "judge_command"),
        "possible": ("adjudicator.cli.possible", "possible_command"),
    }

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *self.lazy])

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy:
            module, attribute = self.lazy[cmd_name]
            command: click.Command = getattr(importlib.import_module(module), attribute)
            return command
        return super().get_command(ctx, cmd_name)


@click.group(cls=_LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="adjudicator")
def main() -> None:
    """Adjudicate Diplomacy orders exactly (DATC v3.0), from JSON or from plain text."""
    _printable_output()


def _printable_output() -> None:
    """Text that cannot be encoded (a lone surrogate such as JSON's "\\ud800" in an order) is
    printed as its escape, never a crash; inside a JSON string that escape reads back the same."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


@main.command()
@click.argument("phase_file", metavar="PHASE.json")
@result_format("json")
def adjudicate(phase_file: str, output_format: str) -> None:
    """Adjudicate one phase document (`-` reads standard input)."""
    from adjudicator.board.types import CalendarError
    from adjudicator.contract.documents import (
        DocumentError,
        adjudicate_phase_document,
        read_phase_document,
    )

    data = read_json_file(phase_file)
    try:
        if output_format == "text":
            click.echo(_text_report(data), nl=False)
            return
        if output_format == "daide":
            click.echo(_daide_report(data), nl=False)
            return
        # a file the user names may name a map file, as the text and DAIDE reports read it
        result = adjudicate_phase_document(read_phase_document(data))
    except (DocumentError, CalendarError) as error:
        raise click.ClickException(str(error)) from None
    click.echo(json.dumps(result, indent=2, ensure_ascii=False))


def _run_phase(data: Any) -> tuple[Any, Any]:
    """A phase document's position and its adjudicated result."""
    from adjudicator.contract.documents import (
        orders_from_document,
        position_from_document,
        read_phase_document,
    )
    from adjudicator.resolve.engine import adjudicate as run_phase

    doc = read_phase_document(data)
    position, rules = position_from_document(doc)
    return position, run_phase(position, orders_from_document(doc), rules)


def _daide_report(data: Any) -> str:
    """The phase's results as DAIDE ORD messages (cli.options.daide_output)."""
    from adjudicator.board.map import load_map

    position, result = _run_phase(data)
    return daide_output(load_map(position.variant), position, result.orders, result.errors)


def _text_report(data: Any) -> str:
    from adjudicator.board.map import load_map
    from adjudicator.report.text import judge_report
    from adjudicator.report.unread import with_unread

    position, result = _run_phase(data)
    game_map = load_map(position.variant)
    report = judge_report(game_map, position, result.orders, result.next)
    return with_unread(report, game_map, result.errors)


@main.command()
@click.argument("input_file", metavar="IN.jsonl", type=click.File("rb"))
@click.option("-o", "--output", type=click.File("wb"), default="-", help="Where results go.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=1, show_default=True)
@click.option(
    "--dask",
    metavar="ADDRESS",
    help="Run on the Dask cluster with this scheduler (tcp://HOST:8786); needs the dask extra.",
)
def batch(input_file: Any, output: Any, jobs: int, dask: str | None) -> None:
    """Adjudicate one phase document per line; one result document per line, same order."""
    if dask is None:
        from adjudicator.contract.batch import run_batch

        failures = run_batch(input_file, output, jobs)
    else:
        failures = _batch_on_dask(input_file, output, jobs, dask)
    if failures:
        click.echo(f"{failures} line(s) could not be adjudicated", err=True)
        sys.exit(1)


def _batch_on_dask(input_file: Any, output: Any, jobs: int, address: str) -> int:
    from adjudicator.contract.cluster import ClusterError, run_batch_on_dask

    if jobs > 1:
        raise click.UsageError(
            "--jobs and --dask do not go together: the cluster's workers are the jobs"
        )
    try:
        return run_batch_on_dask(input_file, output, address)
    except ClusterError as error:
        raise click.ClickException(str(error)) from None


@main.command()
@click.argument("orders_file", metavar="ORDERS")
@click.option("--state", "state_file", required=True, metavar="PHASE.json", help="The position.")
@click.option(
    "--power",
    default=None,
    help="The power a sheet without a header orders for (e.g. FRANCE); headers still switch.",
)
def check(orders_file: str, state_file: str, power: str | None) -> None:
    """Read an order sheet against a position and show what each line means, or why not,
    in the order of the sheet."""
    from adjudicator.board.map import load_map
    from adjudicator.board.names import NameProblem, resolve_power
    from adjudicator.cli.game_orders import reading_line
    from adjudicator.game.readings import in_written_order
    from adjudicator.orders.caret import render_caret
    from adjudicator.orders.interpret import interpret_orders
    from adjudicator.orders.results import OrderEntry, faults

    position, rules = read_position(state_file)
    game_map = load_map(position.variant)
    try:
        # Without --power the sheet must name its powers: lines before any header are errors.
        code = "" if power is None else resolve_power(game_map, power, prefix=True)
    except NameProblem as error:
        raise click.ClickException(f"--power: {error}") from None
    text = read_text_file(orders_file)
    entries, errors = interpret_orders(game_map, position, {code: [text]}, rules)
    for reading in in_written_order(game_map, [text], code, entries, errors):
        label = f"{game_map.power_name(reading.power)}:"
        if isinstance(reading, OrderEntry):
            click.echo(f"{label:9} {reading.input!s:40} => {reading_line(reading)}")
        else:
            click.echo(label)
            click.echo(render_caret(reading.input, reading.span, reading.error))
    if power is None and any(e.power == "" for e in errors):
        click.echo("(a sheet for one power without a header: --power FRANCE, for instance)")
    if faults(errors):  # an ignored comment is shown, but is no fault
        sys.exit(1)
