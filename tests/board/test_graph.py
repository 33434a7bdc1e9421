"""The province graph: connectivity for the validator, distance tables for civil disorder."""

from __future__ import annotations

import tomllib
from collections import deque
from pathlib import Path
from typing import Any

import pytest

from adjudicator.board.map import load_map
from adjudicator.board.resources import data_dir
from adjudicator.board.types import province_of
from adjudicator.board.validate import validate_map_data

STANDARD = data_dir("maps") / "standard.toml"


def _standard() -> dict[str, Any]:
    return tomllib.loads(Path(STANDARD).read_text(encoding="utf-8"))


def test_provinces_cut_off_from_the_board_are_a_problem() -> None:
    """Iberia linked only to itself: every edge is still listed both ways, so only the
    connectivity check can find it."""
    data = _standard()
    iberia = {"POR", "SPA", "SPA/NC", "SPA/SC"}
    for kind in ("army", "fleet"):
        for source, targets in data[kind].items():
            inside = source in iberia
            data[kind][source] = [t for t in targets if (t in iberia) == inside]
    problems = validate_map_data(data, whole_board=True)
    assert problems == [
        "provinces cut off from the rest of the board: POR, SPA; "
        "link them with an [army] or [fleet] edge"
    ]


def test_the_standard_board_is_connected() -> None:
    assert validate_map_data(_standard(), whole_board=True) == []


def _bfs(start: str, neighbours: dict[str, set[str]]) -> dict[str, int]:
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in sorted(neighbours.get(here, ())):
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen


@pytest.mark.parametrize("variant", ["standard", "modern", "ancmed"])
def test_any_move_distances_are_the_breadth_first_ones(variant: str) -> None:
    """NetworkX's table agrees with a plain breadth-first walk over the same moves."""
    game_map = load_map(variant)
    steps: dict[str, set[str]] = {}
    for source, targets in game_map.army_adjacency.items():
        steps.setdefault(source, set()).update(targets)
    for source, targets in game_map.fleet_adjacency.items():
        steps.setdefault(province_of(source), set()).update(map(province_of, targets))
    table = game_map.disorder_distances.any_move
    for start in sorted(game_map.provinces)[::7]:
        assert dict(table[start]) == _bfs(start, steps)


def test_distance_tables_are_read_only() -> None:
    table = load_map("standard").disorder_distances.fleet
    with pytest.raises(TypeError):
        table["NTH"] = {}  # type: ignore[index]
    assert table["NTH"]["LON"] == 1
    assert table["STP/NC"]["STP/SC"] > 3  # the two coasts are far apart by sea


@pytest.mark.parametrize("path", sorted(data_dir("maps").glob("*.toml")), ids=lambda p: p.stem)
def test_every_shipped_board_is_connected(path: Path) -> None:
    from adjudicator.board.inherit import read_toml, with_base

    data = with_base(read_toml(path), path.parent)
    assert validate_map_data(data, whole_board=True) == []


def test_loading_a_map_does_not_import_networkx() -> None:
    """Start-up stays light: the graph analyses run for map authors, not on every load."""
    import subprocess
    import sys

    code = (
        "import sys; from adjudicator.board.map import read_map_file;"
        "from adjudicator.board.resources import data_dir;"
        "read_map_file(data_dir('maps') / 'standard.toml'); print('networkx' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
