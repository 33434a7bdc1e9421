"""Frozen values made many times a phase (a position, an order per new text, an entry per text
and power): how their own `__init__` sets their fields.

A frozen dataclass's generated `__init__` sets each field through `object.__setattr__`, which
looks the field up by name each time. Each field's slot setter, bound once per class, sets it
past the frozen `__setattr__` the same way, for about half the cost (issue 15); the values stay
frozen for everyone else.

Cheaper still (`open_twin`): the object made, for the time of its `__init__`, an object of a
subclass of the very same layout with object's `__setattr__`, whose fields are then set by
plain assignments (CPython specialises them: a few instructions each, where a setter is a call),
and made a frozen value again. In the compiled build (`compiled`) the plain assignments alone
do: mypyc sets a native object's field in C, past its class's `__setattr__`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from types import FunctionType
from typing import Any, Final


def slot_setters(cls: type, *names: str) -> tuple[Any, ...]:
    """The slot setters of `cls`'s fields `names`, in that order: `setter(instance, value)`."""
    return tuple(getattr(cls, name).__set__ for name in names)


def open_twin(cls: type) -> type:
    """A subclass of `cls` that adds no slot, its `__setattr__` and `__delattr__` object's
    own (both: they share one C slot, which a Python method of either makes a call): a value
    of either class may be made one of the other (`SET_CLASS`). CPython checks that the two
    layouts match at every change, at once for a subclass that adds nothing, where two classes
    of equal slots have their slots compared name by name (~450 instructions an object made).
    Its `__init__` is object's own too: `twin()` makes an empty value with no Python frame, for
    a factory to set its fields and make it one of `cls` (~300 instructions fewer than
    `object.__new__(twin)`, a call through the generic wrapper of `__new__`)."""
    plain = {
        "__slots__": (),
        "__setattr__": object.__setattr__,
        "__delattr__": object.__delattr__,
        "__init__": object.__init__,
    }
    return type(f"Open{cls.__name__}", (cls,), plain)


SET_CLASS: Final[Callable[[object, type], None]] = object.__dict__["__class__"].__set__
"""`SET_CLASS(value, cls)`: an object made one of `cls`, past its own `__setattr__` (a frozen
one refuses `__class__` too); `cls` of the same layout (`open_twin`)."""


def compiled(function: Callable[..., Any]) -> bool:
    """Is `function`'s module the compiled build's (mypyc)? Its functions are built-in ones
    there, Python functions in the pure package."""
    return not isinstance(function, FunctionType)


Recipe = tuple[type, tuple[Any, ...]]
"""What `__reduce__` returns: a callable and its arguments."""


def by_fields(value: Any) -> Recipe:
    """A frozen dataclass value's pickle recipe (its `__reduce__`): its class called with its
    `__init__`'s fields. Needed by the compiled build, whose native classes pickle by making an
    empty object and setting its fields, which a required `__init__` argument or the frozen
    `__setattr__` refuses; the pure package's values pickle the same way."""
    return type(value), tuple(getattr(value, f.name) for f in fields(value) if f.init)
