"""A position: everything on the board at the start of a phase, as one immutable value."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final, final

from adjudicator.board.frozen import SET_CLASS, Recipe, by_fields, compiled, open_twin
from adjudicator.board.types import Phase, Unit


@final  # (its __init__ makes the value a Dislodged again: `_OPEN_DISLODGED`)
@dataclass(frozen=True, slots=True, init=False)
class Dislodged:
    """A unit dislodged in the movement phase, and where it may retreat to."""

    unit: Unit
    retreats: tuple[str, ...]

    def __init__(self, unit: Unit, retreats: tuple[str, ...]) -> None:
        """Set as a Position's fields are (`new_dislodged`)."""
        if not _COMPILED:
            SET_CLASS(self, _OPEN_DISLODGED)
        new_dislodged(unit, retreats, self)

    def __reduce__(self) -> Recipe:
        return by_fields(self)  # (board/frozen.py: pickled by its fields in both builds)


@final  # (its __init__ makes the value a Position again: `_OPEN_POSITION`)
@dataclass(frozen=True, slots=True, init=False)
class Position:
    """Units by province, centre owners by province, and (in a retreat phase) the dislodged.

    Mappings are never changed after construction; a phase's outcome is a new Position.
    `winner` is set when a power has reached the victory count.
    """

    variant: str
    phase: Phase
    units: Mapping[str, Unit]
    centers: Mapping[str, str]
    dislodged: Mapping[str, Dislodged] = field(default_factory=dict)
    winner: str | None = None

    def __init__(
        self,
        variant: str,
        phase: Phase,
        units: Mapping[str, Unit],
        centers: Mapping[str, str],
        dislodged: Mapping[str, Dislodged] | None = None,
        winner: str | None = None,
    ) -> None:
        """Its fields set by plain assignments past the frozen __setattr__ (`new_position`,
        board/frozen.py: natively compiled, as an object of its open twin in pure Python): a
        position is made for every phase read and every phase played, and the frozen
        dataclass's own __init__ (one object.__setattr__ a field, the field looked up by name)
        costs several times more."""
        if not _COMPILED:
            SET_CLASS(self, _OPEN_POSITION)
        new_position(variant, phase, units, centers, dislodged, winner, self)

    def units_of(self, power: str) -> list[Unit]:
        return sorted((u for u in self.units.values() if u.power == power), key=str)

    def centers_of(self, power: str) -> list[str]:
        return sorted(p for p, owner in self.centers.items() if owner == power)

    def __reduce__(self) -> Recipe:
        return by_fields(self)  # (board/frozen.py: pickled by its fields in both builds)


_COMPILED: Final = compiled(Position.units_of)
_OPEN_POSITION: Final = Position if _COMPILED else open_twin(Position)
_OPEN_DISLODGED: Final = Dislodged if _COMPILED else open_twin(Dislodged)
"""The open twins (board/frozen.py) a Position and a Dislodged are made as in pure Python;
not used compiled, where mypyc sets a native object's fields in C."""


def new_position(
    variant: str,
    phase: Phase,
    units: Mapping[str, Unit],
    centers: Mapping[str, str],
    dislodged: Mapping[str, Dislodged] | None = None,
    winner: str | None = None,
    into: Position | None = None,
) -> Position:
    """`Position(...)`, the one writer of a position's fields, as the phase sequence makes
    one every phase: in pure Python with no Python `__init__` (as orders/results.new_entry
    makes an entry: an empty object of the open twin, its fields set, then made a Position; no
    frame, no first change of class); compiled, the class is called (its fields set in C).
    `into`: the position being initialised (`Position.__init__`)."""
    position: Position
    if into is not None:
        position = into
    elif _COMPILED:
        return Position(variant, phase, units, centers, dislodged, winner)
    else:
        position = _OPEN_POSITION()
    position.variant = variant  # type: ignore[misc]
    position.phase = phase  # type: ignore[misc]
    position.units = units  # type: ignore[misc]
    position.centers = centers  # type: ignore[misc]
    position.dislodged = {} if dislodged is None else dislodged  # type: ignore[misc]
    position.winner = winner  # type: ignore[misc]
    if not _COMPILED:
        position.__class__ = Position  # (the twin's own assignment: no call)
    return position


def new_dislodged(
    unit: Unit, retreats: tuple[str, ...], into: Dislodged | None = None
) -> Dislodged:
    """`Dislodged(unit, retreats)`, the one writer of its fields, as `new_position` makes a
    Position (`into`: the one being initialised, `Dislodged.__init__`)."""
    made: Dislodged
    if into is not None:
        made = into
    elif _COMPILED:
        return Dislodged(unit, retreats)
    else:
        made = _OPEN_DISLODGED()
    made.unit = unit  # type: ignore[misc]
    made.retreats = retreats  # type: ignore[misc]
    if not _COMPILED:
        made.__class__ = Dislodged
    return made
