"""Options several commands share, written once so they read and behave the same everywhere."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

if TYPE_CHECKING:
    from collections.abc import Sequence

    from adjudicator.board.map import Map
    from adjudicator.board.position import Position
    from adjudicator.board.rules import Rules
    from adjudicator.orders.results import OrderError, OrderResult

_F = TypeVar("_F", bound=Callable[..., Any])

_FORMATS = {
    "json": "json: the result document of docs/CONTRACT.md",
    "text": "text: the judge-style report",
    "daide": "daide: DAIDE ORD messages, one per order",
}


def daide_output(
    game_map: Map,
    position: Position,
    results: Sequence[OrderResult],
    errors: Sequence[OrderError],
) -> str:
    """A phase's results as DAIDE ORD messages. The order lines that could not be read are not
    orders and DAIDE has no message for them, so they go to standard error, never dropped."""
    from adjudicator.orders.caret import render_caret
    from adjudicator.report.daide import daide_report

    for error in errors:
        click.echo(f"{game_map.power_name(error.power)}:", err=True)
        click.echo(render_caret(error.input, error.span, error.error), err=True)
    return daide_report(game_map, position, results)


def result_format(default: str) -> Callable[[_F], _F]:
    """`--format json|text|daide` for a command that prints a phase's result (`default` first)."""
    choices = [default, *(f for f in _FORMATS if f != default)]
    return click.option(
        "--format",
        "output_format",
        type=click.Choice(choices),
        default=default,
        show_default=True,
        help="; ".join(_FORMATS[f] for f in choices) + ".",
    )


def read_text_file(path: str) -> str:
    """A file's text (`-`: standard input), or one sentence naming the file and what is wrong."""
    try:
        if path == "-":
            return sys.stdin.buffer.read().decode("utf-8")
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise click.ClickException(f"{path}: no such file") from None
    except IsADirectoryError:
        raise click.ClickException(f"{path}: is a folder, not a file") from None
    except UnicodeDecodeError as error:
        bad = error.object[error.start : error.start + 1]
        raise click.ClickException(
            f"{path}: not UTF-8 text (byte {error.start}: {bad!r}); save it as UTF-8"
        ) from None
    except OSError as error:
        raise click.ClickException(f"{path}: cannot be read ({error.strerror})") from None


def read_json_file(path: str) -> Any:
    """A JSON file's value, or one sentence naming the file, the line and the column."""
    text = read_text_file(path)
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise click.ClickException(
            f"{path}:{error.lineno}:{error.colno}: not valid JSON: {error.msg}"
        ) from None
    except RecursionError:
        raise click.ClickException(f"{path}: JSON nested too deeply to be a document") from None


def read_position(path: str) -> tuple[Position, Rules]:
    """The position and rules of a phase document file, or one sentence saying what is wrong."""
    from adjudicator.contract.documents import (
        DocumentError,
        position_from_document,
        read_phase_document,
    )

    try:
        return position_from_document(read_phase_document(read_json_file(path)))
    except DocumentError as error:
        raise click.ClickException(str(error)) from None
