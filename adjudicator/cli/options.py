"""Options several commands share, written once so they read and behave the same everywhere."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

_F = TypeVar("_F", bound=Callable[..., Any])

_FORMATS = {
    "json": "json: the result document of docs/CONTRACT.md",
    "text": "text: the judge-style report",
}


def result_format(default: str) -> Callable[[_F], _F]:
    """`--format json|text` for a command that prints a phase's result (`default` first)."""
    choices = [default, *(f for f in _FORMATS if f != default)]
    return click.option(
        "--format",
        "output_format",
        type=click.Choice(choices),
        default=default,
        show_default=True,
        help="; ".join(_FORMATS[f] for f in choices) + ".",
    )
