"""What every `adjudicator game` command shares: reading, writing and changing the game file
with its failures as command-line errors, and the names a person reads."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import click

from adjudicator.game.game import Game, GameError
from adjudicator.game.gamefile import GameFileError, read_game, update_game, write_game

T = TypeVar("T")


def load(path: str) -> Game:
    try:
        return read_game(path)
    except GameFileError as error:
        raise click.ClickException(str(error)) from None


def save(path: str, game: Game) -> None:
    try:
        write_game(path, game)
    except OSError as error:
        raise click.ClickException(f"{path}: cannot write: {error}") from None


def update(path: str, change: Callable[[Game], tuple[Game, T]]) -> tuple[Game, T]:
    """One locked read-change-write of the game file, its failures as command-line errors."""
    try:
        return update_game(path, change)
    except (GameFileError, GameError) as error:
        raise click.ClickException(str(error)) from None
    except OSError as error:
        raise click.ClickException(f"{path}: cannot write: {error}") from None


def game_name(path: str, game: Game) -> str:
    return game.meta.get("name") or Path(path).stem
