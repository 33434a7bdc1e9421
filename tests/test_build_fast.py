"""The compiled build's cache (adjudicator.build_fast): a build another process has just been
given survives the pruning of a third, so checkouts compiling side by side cannot remove each
other's build between the lock and the copy."""

from __future__ import annotations

import os
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from adjudicator import build_fast


def _build(cache: Path, name: str, used: float) -> Path:
    build = cache / f"mypyc-{name}"
    build.mkdir(parents=True)
    (build / "built").write_text("adjudicator/resolve/engine.py\n")
    os.utime(build, (used, used))
    return build


def test_pruning_keeps_the_newest_and_any_build_in_use(tmp_path: Path) -> None:
    now = 1_000_000.0
    hour = build_fast.IN_USE
    old = [_build(tmp_path, f"old{i}", now - 2 * hour - i) for i in range(3)]
    recent = _build(tmp_path, "recent", now - hour / 2)
    newest = [_build(tmp_path, f"new{i}", now - i) for i in range(3)]
    build_fast._prune(tmp_path, keep=3, now=now)
    assert all(b.is_dir() for b in newest)
    assert recent.is_dir()  # beyond the three newest, but used within the hour
    assert not any(b.exists() for b in old)


def test_a_finished_build_is_reused_and_marked_used(tmp_path: Path) -> None:
    key = build_fast.build_key()
    done = _build(tmp_path, key, used=1_000.0)
    assert build_fast.cached_build(tmp_path) == done  # no compiler run: it is built
    assert done.stat().st_mtime > 1_000.0 + build_fast.IN_USE


def test_a_build_holds_the_source_its_key_names(tmp_path: Path, monkeypatch: Any) -> None:
    """A checkout edited while its call waits for the build lock (another checkout compiling):
    the build made must be named by the source it holds, not by the source before the edit."""
    checkout = tmp_path / "checkout"
    shutil.copytree(build_fast.PACKAGE, checkout, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(build_fast, "PACKAGE", checkout)
    module = build_fast.COMPILED[0]
    before = build_fast.build_key()
    real_flock = build_fast.fcntl.flock

    def edited_while_waiting(fd: Any, operation: int) -> None:
        with (checkout / module).open("a") as source:
            source.write("\n# edited while the build waited\n")
        real_flock(fd, operation)

    def compiled(where: Path, modules: Sequence[str] = ()) -> list[Path]:
        (where / "build").mkdir()  # (what mypyc leaves: the cache removes it)
        return []

    monkeypatch.setattr(build_fast.fcntl, "flock", edited_while_waiting)
    monkeypatch.setattr(build_fast, "compile_in", compiled)
    cache = tmp_path / "cache"
    done = build_fast.cached_build(cache)
    assert done.name == f"mypyc-{build_fast.build_key(package=done / 'adjudicator')}"
    assert done.name == f"mypyc-{before}"  # copied before the edit: the key of what it holds
    assert (done / "built").is_file()
    assert [p.name for p in cache.iterdir() if p.name.startswith("stage-")] == []
