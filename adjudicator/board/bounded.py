"""Bounded tables of facts learnt as they are met (a unit's text, a phase's name, an
explanation), kept by a module: one rule for how they stay bounded, so that a long batch, odd
spellings or many maps cannot grow them without end (issue 15: flat memory over 100,000 phases).

A full table is emptied and refills with what is met again: cheaper than the bookkeeping of a
least-recently-used cache on a hit, which is the path that counts. Values must be immutable: the
tables are shared by every thread, and a lost race only means learning a fact again.
"""

from __future__ import annotations

from typing import Any, TypeVar

K = TypeVar("K")
V = TypeVar("V")


def keep(table: dict[K, V], key: K, value: V, limit: int) -> V:
    """Store `value` under `key` in `table` and return it, emptying the table first when it
    already holds `limit` entries. Only a miss calls it: a hit stays one dict look-up."""
    if len(table) >= limit:
        table.clear()
    table[key] = value
    return value


def kept_for(table: dict[int, tuple[Any, V]], owner: object) -> V | None:
    """The value `table` keeps for the object `owner` itself, by its id; None when none is
    kept. The table holds each object beside its value (`keep_for`), so an id it keeps names
    no other object: a lookup with no hashing or comparing of the object (a Rules model, a
    Phase), for values derived from one that a phase meets again."""
    kept = table.get(id(owner))
    return kept[1] if kept is not None and kept[0] is owner else None


def keep_for(table: dict[int, tuple[Any, V]], owner: object, value: V, limit: int) -> V:
    """Store `value` for the object `owner` (see `kept_for`), bounded as `keep`; returns it."""
    keep(table, id(owner), (owner, value), limit)
    return value
