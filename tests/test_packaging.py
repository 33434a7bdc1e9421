"""The wheel must carry grammar/ and maps/ so an installed `adjudicator` runs from anywhere."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_wheel_ships_grammar_and_maps(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        check=True,
    )
    (wheel,) = tmp_path.glob("adjudicator-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "adjudicator/grammar/orders.lark" in names
    assert "adjudicator/maps/standard.toml" in names
    assert "adjudicator/test_cases/datc/6.A.1.case" in names
    assert "adjudicator/resolve/engine.py" in names
    assert "adjudicator/py.typed" in names  # the API is typed for its users (PEP 561)


def test_cli_runs_from_another_directory(tmp_path: Path) -> None:
    example = ROOT / "examples" / "spring-1901.json"
    done = subprocess.run(
        [sys.executable, "-m", "adjudicator", "adjudicate", str(example)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    assert '"phase": "S1901M"' in done.stdout
    assert '"F1901M"' in done.stdout
