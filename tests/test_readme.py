"""The README's worked example is the program's real output, kept so by this test."""

from __future__ import annotations

import doctest
from pathlib import Path

from click.testing import CliRunner

from adjudicator.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
COMMAND = "adjudicator adjudicate examples/spring-1901.json --format text"


def test_worked_example_matches_the_program() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme.index("```\n", readme.index(f"`{COMMAND}` prints:")) + len("```\n")
    shown = readme[start : readme.index("\n```", start)]
    example = str(ROOT / "examples" / "spring-1901.json")
    result = CliRunner().invoke(main, ["adjudicate", example, "--format", "text"])
    assert result.exit_code == 0
    assert result.output.rstrip("\n") == shown


def test_python_section_runs_as_shown() -> None:
    """The README's "Using it from Python" session is a doctest: its output is real."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.index("## Using it from Python")
    start = readme.index("```pycon\n", section) + len("```pycon\n")
    session = readme[start : readme.index("```", start)]
    parser = doctest.DocTestParser()
    test = parser.get_doctest(session, {}, "README: Using it from Python", "README.md", 0)
    assert len(test.examples) >= 10
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    outcome = runner.run(test)
    assert outcome.failed == 0


def test_fewer_players_example_matches_the_program() -> None:
    """The neutral-Italy example of "Fewer players and civil disorder" is real output."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    marker = "`adjudicator adjudicate examples/six-neutral-italy.json --format text`"
    start = readme.index("```\n", readme.index(marker)) + len("```\n")
    shown = readme[start : readme.index("\n```", start)]
    example = str(ROOT / "examples" / "six-neutral-italy.json")
    result = CliRunner().invoke(main, ["adjudicate", example, "--format", "text"])
    assert result.exit_code == 0
    assert result.output.rstrip("\n").endswith("\n\n" + shown)
