"""The public API: what `import adjudicator` promises, and that it stays cheap to import."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import FrozenInstanceError, replace
from pathlib import Path

import pytest

import adjudicator


def test_every_exported_name_resolves_and_is_documented() -> None:
    for name in adjudicator.__all__:
        value = getattr(adjudicator, name)
        if callable(value) and not isinstance(value, type):
            assert value.__doc__, f"adjudicator.{name} has no docstring"


def test_unknown_names_are_attribute_errors() -> None:
    try:
        adjudicator.no_such_name  # type: ignore[attr-defined]  # noqa: B018
    except AttributeError as error:
        assert "no_such_name" in str(error)
    else:
        raise AssertionError("an unknown name was found")


def test_importing_the_package_loads_no_engine() -> None:
    """The command line imports the package root first: it must not pull in pydantic or lark."""
    code = (
        "import sys, adjudicator; heavy = ('pydantic', 'lark', 'networkx');"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in heavy))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_help_shows_the_api() -> None:
    code = (
        "import pydoc, adjudicator; print(pydoc.render_doc(adjudicator, renderer=pydoc.plaintext))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    for name in ("adjudicate", "read_orders", "start_position", "step", "position_from_json"):
        assert f"\n    {name}(" in done.stdout, name


def test_a_game_steps_through_a_year() -> None:
    game = adjudicator.new_game()
    game = adjudicator.step(game, {"FRANCE": ["A Par - Bur"], "GERMANY": ["A Mun - Ruh"]})
    game = adjudicator.step(game, {"FRANCE": ["A Bur - Bel"], "GERMANY": ["A Ruh - Hol"]})
    assert str(game.current.phase) == "W1901A"
    assert game.current.centers["BEL"] == "FRANCE"
    assert game.current.centers["HOL"] == "GERMANY"


def test_a_map_file_s_opening_position_adjudicates_on_that_map() -> None:
    # The position keeps the path it was made from: its map's own name ('island') is no
    # bundled variant, and naming it would fail (or find a bundled map of that name).
    island = str(Path(__file__).parent / "maps" / "island.toml")
    position = adjudicator.start_position(island)
    assert position.variant == island
    result = adjudicator.adjudicate(position, {"WESTMARK": ["A HIL - VAL"]})
    lines = {line.unit: line for line in result.orders}
    assert (lines["A HIL"].order, lines["A HIL"].result) == ("A HIL - VAL", "fails")  # bounced
    assert result.next.variant == island


def test_an_entry_handed_out_cannot_be_changed() -> None:
    # The reader keeps the entries it hands out and gives them again to later phases: a
    # caller's change would change those phases' results. The second power's entry for a text
    # the reader knows is made from the first's (orders.results.entry_like): frozen alike.
    position = adjudicator.start_position()
    ([french], _) = adjudicator.read_orders(position, {"FRANCE": ["A PAR H"]})
    moved = replace(position, units={"PAR": replace(position.units["PAR"], power="GERMANY")})
    ([german], _) = adjudicator.read_orders(moved, {"GERMANY": ["A PAR H"]})
    assert german.power == "GERMANY" and german.line.power == "GERMANY"
    for entry in (french, german):
        with pytest.raises(FrozenInstanceError):
            entry.illegal = "changed"  # type: ignore[misc]
    ([again], _) = adjudicator.read_orders(position, {"FRANCE": ["A PAR H"]})
    assert again.illegal is None
