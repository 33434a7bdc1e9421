"""Frozen values made many times a phase (a position, an order per new text, an entry per text
and power): how their own `__init__` sets their fields.

A frozen dataclass's generated `__init__` sets each field through `object.__setattr__`, which
looks the field up by name each time. Each field's slot setter, bound once per class, sets it
past the frozen `__setattr__` the same way, for about half the cost (issue 15); the values stay
frozen for everyone else.
"""

from __future__ import annotations

from typing import Any


def slot_setters(cls: type, *names: str) -> tuple[Any, ...]:
    """The slot setters of `cls`'s fields `names`, in that order: `setter(instance, value)`."""
    return tuple(getattr(cls, name).__set__ for name in names)
