"""The one rule for the module tables kept by text or key: bounded, emptied when full."""

from __future__ import annotations

from adjudicator.board.bounded import keep, keep_for, kept_for


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


def test_a_value_kept_for_an_object_is_found_for_that_object_alone() -> None:
    table: dict[int, tuple[object, str]] = {}
    first, equal = [1], [1]  # equal values, two objects
    assert kept_for(table, first) is None
    assert keep_for(table, first, "one", limit=4) == "one"
    assert kept_for(table, first) == "one"
    assert kept_for(table, equal) is None  # by identity, not equality
    table[id(equal)] = (object(), "stale")  # an id reused by another object once freed
    assert kept_for(table, equal) is None
