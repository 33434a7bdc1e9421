"""Bounded tables of facts learnt as they are met (a unit's text, a phase's name, an
explanation), kept by a module: one rule for how they stay bounded, so that a long batch, odd
spellings or many maps cannot grow them without end (issue 15: flat memory over 100,000 phases).

A full table is emptied and refills with what is met again: cheaper than the bookkeeping of a
least-recently-used cache on a hit, which is the path that counts. Values must be immutable: the
tables are shared by every thread, and a lost race only means learning a fact again.
"""

from __future__ import annotations

from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


def keep(table: dict[K, V], key: K, value: V, limit: int) -> V:
    """Store `value` under `key` in `table` and return it, emptying the table first when it
    already holds `limit` entries. Only a miss calls it: a hit stays one dict look-up."""
    if len(table) >= limit:
        table.clear()
    table[key] = value
    return value
