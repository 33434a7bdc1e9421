"""A position: everything on the board at the start of a phase, as one immutable value."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from adjudicator.board.frozen import slot_setters
from adjudicator.board.types import Phase, Unit


@dataclass(frozen=True, slots=True, init=False)
class Dislodged:
    """A unit dislodged in the movement phase, and where it may retreat to."""

    unit: Unit
    retreats: tuple[str, ...]

    def __init__(self, unit: Unit, retreats: tuple[str, ...]) -> None:
        """Set by its slots' setters, as a Position is (board/frozen.py)."""
        _SET_UNIT(self, unit)
        _SET_RETREATS(self, retreats)


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
        """Each field set by its slot's setter (board/frozen.py): a position is made for every
        phase read and every phase played, and the frozen dataclass's own __init__ (one
        object.__setattr__ a field, the field looked up by name) costs twice as much."""
        _SET_VARIANT(self, variant)
        _SET_PHASE(self, phase)
        _SET_UNITS(self, units)
        _SET_CENTERS(self, centers)
        _SET_DISLODGED(self, {} if dislodged is None else dislodged)
        _SET_WINNER(self, winner)

    def units_of(self, power: str) -> list[Unit]:
        return sorted((u for u in self.units.values() if u.power == power), key=str)

    def centers_of(self, power: str) -> list[str]:
        return sorted(p for p, owner in self.centers.items() if owner == power)


(
    _SET_VARIANT,
    _SET_PHASE,
    _SET_UNITS,
    _SET_CENTERS,
    _SET_DISLODGED,
    _SET_WINNER,
) = slot_setters(Position, "variant", "phase", "units", "centers", "dislodged", "winner")
_SET_UNIT, _SET_RETREATS = slot_setters(Dislodged, "unit", "retreats")
