"""The folders are the architecture: a package imports only from the packages below it.

Built on grimp (the graph behind import-linter), which also sees imports inside functions, so a
lazy import cannot hide an upward dependency.
"""

from __future__ import annotations

from pathlib import Path

import grimp
import pytest

# Top to bottom: each package may import only from those after it in this list.
LAYERS = (
    "cli",
    "judge",
    "testcases",
    "report",
    "game",
    "contract",
    "resolve",
    "orders",
    "board",
)
PACKAGE = Path(__file__).resolve().parents[1] / "adjudicator"


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("adjudicator")


def _layer(module: str) -> int | None:
    parts = module.split(".")
    if len(parts) < 2 or parts[1] not in LAYERS:
        return None
    return LAYERS.index(parts[1])


def test_every_package_is_a_layer() -> None:
    packages = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    assert packages <= set(LAYERS), f"packages outside the layer list: {packages - set(LAYERS)}"


def upward_imports(graph: grimp.ImportGraph) -> list[str]:
    """Every import of a module from a package above its own."""
    upward = []
    for importer in sorted(graph.modules):
        low = _layer(importer)
        if low is None:
            continue
        for imported in sorted(graph.find_modules_directly_imported_by(importer)):
            high = _layer(imported)
            if high is not None and high < low:
                upward.append(f"{importer} imports {imported}")
    return upward


def test_no_upward_import(graph: grimp.ImportGraph) -> None:
    assert upward_imports(graph) == []


def test_an_upward_import_is_caught() -> None:
    """The check itself can fail: an added board → resolve import is reported."""
    graph = grimp.build_graph("adjudicator")
    graph.add_import(importer="adjudicator.board.map", imported="adjudicator.resolve.engine")
    assert upward_imports(graph) == ["adjudicator.board.map imports adjudicator.resolve.engine"]


def test_nothing_imports_cli(graph: grimp.ImportGraph) -> None:
    importers = {
        importer
        for module in graph.find_children("adjudicator.cli") | {"adjudicator.cli"}
        for importer in graph.find_modules_that_directly_import(module)
        if not importer.startswith("adjudicator.cli") and importer != "adjudicator.__main__"
    }
    assert importers == set()


def test_board_imports_nothing_above(graph: grimp.ImportGraph) -> None:
    board = graph.find_descendants("adjudicator.board") | {"adjudicator.board"}
    outside = {
        imported
        for module in board
        for imported in graph.find_modules_directly_imported_by(module)
        if imported.startswith("adjudicator.") and imported not in board
    }
    assert outside == set()


def test_no_module_over_500_lines() -> None:
    long = {
        str(path.relative_to(PACKAGE)): n
        for path in PACKAGE.rglob("*.py")
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > 500
    }
    assert long == {}
