"""A position: everything on the board at the start of a phase, as one immutable value."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from adjudicator.board.types import Phase, Unit


@dataclass(frozen=True, slots=True)
class Dislodged:
    """A unit dislodged in the movement phase, and where it may retreat to."""

    unit: Unit
    retreats: tuple[str, ...]


@dataclass(frozen=True, slots=True)
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

    def units_of(self, power: str) -> list[Unit]:
        return sorted((u for u in self.units.values() if u.power == power), key=str)

    def centers_of(self, power: str) -> list[str]:
        return sorted(p for p, owner in self.centers.items() if owner == power)
