"""board/frozen.py's open twin: a frozen value's class for the time of its `__init__`, a subclass
that adds nothing (so CPython's layout check passes at once) and sets fields as object does."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass

import pytest

from adjudicator.board.frozen import SET_CLASS, open_twin


@dataclass(frozen=True, slots=True)
class _Pair:
    left: int
    right: int


def test_the_twin_is_a_subclass_of_the_same_layout_with_objects_setattr() -> None:
    twin = open_twin(_Pair)
    assert twin.__bases__ == (_Pair,) and vars(twin)["__slots__"] == ()
    assert twin.__basicsize__ == _Pair.__basicsize__
    # both of object's own: either one a Python method would make every assignment a call
    assert twin.__setattr__ is object.__setattr__
    assert twin.__delattr__ is object.__delattr__
    # object's __init__ too: an empty value made with no Python frame, set, then frozen again
    assert twin.__init__ is object.__init__
    empty = twin()
    empty.left, empty.right = 1, 2
    empty.__class__ = _Pair
    assert type(empty) is _Pair and empty == _Pair(1, 2)


def test_a_value_is_set_as_the_twin_and_frozen_again() -> None:
    twin = open_twin(_Pair)
    pair = _Pair(1, 2)
    SET_CLASS(pair, twin)
    pair.left = 3  # type: ignore[misc]
    pair.right = 4  # type: ignore[misc]
    pair.__class__ = _Pair
    assert type(pair) is _Pair and pair == _Pair(3, 4) and repr(pair) == "_Pair(left=3, right=4)"
    with pytest.raises(FrozenInstanceError):
        pair.left = 5  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        del pair.right  # type: ignore[misc]
