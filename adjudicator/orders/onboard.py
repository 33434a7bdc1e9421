"""The board of a set of orders: what legality (orders/legality.py) asks of a position, indexed
once per set of orders, with the convoy searches made on it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from adjudicator.board.frozen import compiled
from adjudicator.board.position import Dislodged
from adjudicator.board.seas import Seas
from adjudicator.board.types import Unit, UnitType

_FLEET: Final = UnitType.FLEET
"""An enum member as a constant: a member is a slow attribute in CPython 3.11 (~0.3 µs)."""


class Board:
    """What legality needs from a position, indexed once per set of orders: its units and
    dislodged units by province, the centres' owners, and the fleets at sea, found when first
    asked for (only a move or a convoy that may need a convoy route asks: most orders never do),
    with the convoy searches made on them (several orders of a phase ask the same one). Made and
    used by one call, never shared between threads."""

    __slots__ = ("_mask", "_reach", "_seas", "centers", "dislodged", "searches", "units")

    def __init__(
        self,
        units: Mapping[str, Unit],
        dislodged: Mapping[str, Dislodged],
        centers: Mapping[str, str],
        seas: frozenset[str],
    ) -> None:
        self.units: dict[str, Unit] = units if isinstance(units, dict) else dict(units)
        """By province: a dict, as a position's units mostly are (compiled code looks a dict's
        keys up natively, a mapping's by a method call)."""
        self.dislodged = dislodged
        self.centers = centers
        self._seas = seas
        self._mask: int | None = None
        self._reach: dict[str, int] | None = None  # (each made when first needed)
        self.searches: dict[tuple[str, str, int], dict[int, int]] | None = None
        """The searches for the fleets a convoy needs (`Seas.needed_to`) made on this board, by
        the army's province, the target and the fleets (`_needed`)."""

    def fleets_in(self, areas: tuple[str, ...]) -> bool:
        """Does a fleet stand in each of these convoy areas?"""
        units = self.units
        for area in areas:
            unit = units.get(area)
            if unit is None or unit.type is not _FLEET:
                return False
        return True

    def fleet_mask(self, seas: Seas) -> int:
        """The fleets in convoy areas as bits of `seas` (the board's map's)."""
        mask = self._mask
        if mask is None:
            mask = self._mask = _fleet_bits(self.units, self._seas, seas)
        return mask

    def reached(self, seas: Seas, source: str, helper: str | None) -> int:
        """The fleets at sea a convoy from `source` gets to (`helper`'s excepted: it supports
        the move), found once a board when there is no helper."""
        if helper is None:
            known = self._reach
            if known is None:
                known = self._reach = {}
            reached = known.get(source)
            if reached is None:
                reached = known[source] = seas.reach(source, self.fleet_mask(seas))
            return reached
        return seas.reach(source, self.fleet_mask(seas) & ~seas.area_bit.get(helper, 0))


def _fleet_bits(units: dict[str, Unit], areas: frozenset[str], seas: Seas) -> int:
    """`Board.fleet_mask`: the convoy areas (19 on the standard map) looked up among the
    units, each area's bit made as it goes (compiled: native dict and int operations, where a
    set's intersection and the bits' mapping are generic calls). Interpreted, the areas a unit
    stands in (`areas`: the same convoy areas, as a set) are found by a set's intersection in
    C, and only they looked at (a third of them or so)."""
    found = 0
    if _COMPILED:
        bit = 1
        for area in seas.areas:
            unit = units.get(area)
            if unit is not None and unit.type is _FLEET:
                found |= bit
            bit <<= 1
        return found
    area_bit = seas.area_bit
    for area in areas.intersection(units):
        if units[area].type is _FLEET:
            found |= area_bit[area]
    return found


_COMPILED: Final = compiled(_fleet_bits)
