"""Running `adjudicator game ...` in a test, on real files."""

from __future__ import annotations

from click.testing import CliRunner, Result

from adjudicator.cli.game import game_command


def game(*args: str, input: str | None = None) -> Result:
    """The command's result (stdout and stderr apart); an unexpected exception is raised."""
    result = CliRunner().invoke(game_command, list(args), input=input)
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result
