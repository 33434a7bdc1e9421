"""The one rule for the module tables kept by text or key: bounded, emptied when full."""

from __future__ import annotations

from adjudicator.board.bounded import keep


def test_keep_stores_and_returns_the_value() -> None:
    table: dict[str, int] = {}
    assert keep(table, "a", 1, limit=3) == 1
    assert table == {"a": 1}


def test_a_full_table_is_emptied_before_the_new_entry() -> None:
    table: dict[str, int] = {}
    for n, key in enumerate("abc"):
        keep(table, key, n, limit=3)
    assert len(table) == 3
    keep(table, "d", 9, limit=3)
    assert table == {"d": 9}


def test_never_more_than_the_limit() -> None:
    table: dict[int, int] = {}
    sizes = []
    for n in range(1000):
        keep(table, n, n, limit=64)
        sizes.append(len(table))
    assert max(sizes) == 64
    assert table[999] == 999  # the newest entry always stays
