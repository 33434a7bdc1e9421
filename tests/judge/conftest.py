"""A judge database with one game and two players, for the judge's smaller tests."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from adjudicator.game.game import new_game
from adjudicator.judge.deadlines import DEFAULT_SCHEDULE, iso, parse_time
from adjudicator.judge.store import Store, hash_password

NOW = parse_time("2026-11-23T20:00")


def make_store(path: Path, now: datetime = NOW) -> Store:
    store = Store(path)
    with store.transaction():
        store.set_setting("address", "judge@example.org")
        store.set_setting("outbox", str(path.parent / "outbox"))
        store.add_game("demo", new_game(), dict(DEFAULT_SCHEDULE), iso(now))
        store.set_deadline("demo", "2026-11-25T20:00:00+00:00")
        store.set_player("demo", "FRANCE", "alice@example.com", hash_password("paris1900"))
        store.set_player("demo", "ENGLAND", "bob@example.co.uk", hash_password("hunter2"))
    return store


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = make_store(tmp_path / "judge.sqlite")
    yield opened
    opened.close()


def mail(
    body: str, *, sender: str = "alice@example.com", number: int = 1, extra: str = ""
) -> bytes:
    """A plain mail as a mail program writes it."""
    return (
        f"From: Someone <{sender}>\nTo: judge@example.org\nSubject: orders\n"
        f"Message-ID: <t{number}@players.example>\nDate: Mon, 23 Nov 2026 21:00:00 +0000\n"
        f"{extra}Content-Type: text/plain; charset=utf-8\n\n{body}"
    ).encode()
