"""The compiled build's cache (adjudicator.build_fast): a build another process has just been
given survives the pruning of a third, so checkouts compiling side by side cannot remove each
other's build between the lock and the copy."""

from __future__ import annotations

import os
from pathlib import Path

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
