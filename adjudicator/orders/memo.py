"""A bounded table of what was learnt by text: two generations of plain dicts.

A lookup is one dict access. When the young generation is full it becomes the old one and the
previous old one is dropped, so the table holds at most twice its size, and a text still in
use is carried into the young generation when found in the old one (nearly least recently
used, without the bookkeeping of an LRU). Values must be immutable: the table is shared by
every thread, and a lost race only means learning a text again.
"""

from __future__ import annotations

from typing import Generic, TypeVar

V = TypeVar("V")


class Memo(Generic[V]):
    """Text -> value, at most `2 * size` entries."""

    __slots__ = ("old", "size", "young")

    def __init__(self, size: int) -> None:
        self.size = size
        self.young: dict[str, V] = {}
        self.old: dict[str, V] = {}

    def get(self, text: str) -> V | None:
        """The value of `text`, if it is still known."""
        value = self.young.get(text)
        return self.older(text) if value is None else value

    def older(self, text: str) -> V | None:
        """`get` of a text not in the young generation (its caller looked there first)."""
        value = self.old.get(text)
        if value is not None:
            self.put(text, value)
        return value

    def put(self, text: str, value: V) -> None:
        young = self.young
        young[text] = value
        if len(young) >= self.size:
            self.old, self.young = young, {}

    def clear(self) -> None:
        self.young, self.old = {}, {}

    def __len__(self) -> int:
        return len(self.young) + len(self.old)
