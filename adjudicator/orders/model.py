"""Typed orders: one frozen class per order kind, each with its canonical string (CONTRACT.md).

These are the orders after name resolution: every location is a canonical map code and every
unit reference carries its type. Parsing the canonical string gives the same order back
(`adjudicator.parse.parse_canonical`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, final

from adjudicator.board.frozen import Recipe, by_fields, compiled, slot_setters
from adjudicator.board.types import UnitType, province_of


@dataclass(frozen=True, slots=True)
class UnitRef:
    """A unit as an order names it: type and location (a fleet's coast included)."""

    type: UnitType
    location: str

    @property
    def province(self) -> str:
        return province_of(self.location)

    def __str__(self) -> str:
        """Called by name in the orders' strings (`UnitRef.__str__(unit)`): an f-string formats
        a UnitRef through its __format__ and its type's slot (pure Python, several times the
        instructions; compiled, a native call)."""
        return _PREFIX[self.type] + self.location  # (one concatenation of two exact strs)

    def __reduce__(self) -> Recipe:
        return by_fields(self)  # (board/frozen.py: pickled by its fields in both builds)


_PREFIX: Final = {unit_type: f"{unit_type.value} " for unit_type in UnitType}
"""A unit type's letter and a space, as a UnitRef's string starts: adding the StrEnum member
itself to a str is a generic addition of a str subclass (compiled, about twice the
instructions)."""


@final
@dataclass(frozen=True, slots=True, init=False)
class Hold:
    unit: UnitRef

    def __init__(self, unit: UnitRef) -> None:
        if _COMPILED:  # (see `_COMPILED`)
            self.unit = unit  # type: ignore[misc]
            return
        _HOLD[0](self, unit)

    def __str__(self) -> str:
        return f"{UnitRef.__str__(self.unit)} H"

    def __reduce__(self) -> Recipe:
        return by_fields(self)  # (board/frozen.py: pickled by its fields in both builds)


_HOLD: Final = slot_setters(Hold, "unit")


@final
@dataclass(frozen=True, slots=True, init=False)
class Move:
    """A move; `via_convoy` is the explicit "via convoy" of the 2000/2023 rules (DATC 4.A.3).
    `route` is a convoy route the order names, the seas in order ('A LON - NTH - BEL'): such a
    move is by convoy, and the route counts as the rule option `convoy_route` says (4.A.6)."""

    unit: UnitRef
    target: str
    via_convoy: bool = False
    route: tuple[str, ...] = ()

    def __init__(
        self, unit: UnitRef, target: str, via_convoy: bool = False, route: tuple[str, ...] = ()
    ) -> None:
        if _COMPILED:
            self.unit = unit  # type: ignore[misc]
            self.target = target  # type: ignore[misc]
            self.via_convoy = via_convoy  # type: ignore[misc]
            self.route = route  # type: ignore[misc]
            return
        set_unit, set_target, set_via_convoy, set_route = _MOVE
        set_unit(self, unit)
        set_target(self, target)
        set_via_convoy(self, via_convoy)
        set_route(self, route)

    def __str__(self) -> str:
        if self.route:
            return f"{UnitRef.__str__(self.unit)} - {' - '.join(self.route)} - {self.target}"
        return f"{UnitRef.__str__(self.unit)} - {self.target}" + (" VIA" if self.via_convoy else "")

    def __reduce__(self) -> Recipe:
        return by_fields(self)  # (board/frozen.py: pickled by its fields in both builds)


_MOVE: Final = slot_setters(Move, "unit", "target", "via_convoy", "route")


@final
@dataclass(frozen=True, slots=True, init=False)
class SupportHold:
    unit: UnitRef
    supported: UnitRef

    def __init__(self, unit: UnitRef, supported: UnitRef) -> None:
        if _COMPILED:
            self.unit = unit  # type: ignore[misc]
            self.supported = supported  # type: ignore[misc]
            return
        set_unit, set_supported = _SUPPORT_HOLD
        set_unit(self, unit)
        set_supported(self, supported)

    def __str__(self) -> str:
        return f"{UnitRef.__str__(self.unit)} S {UnitRef.__str__(self.supported)}"

    def __reduce__(self) -> Recipe:
        return by_fields(self)  # (board/frozen.py: pickled by its fields in both builds)


_SUPPORT_HOLD: Final = slot_setters(SupportHold, "unit", "supported")


@final
@dataclass(frozen=True, slots=True, init=False)
class SupportMove:
    """Support of a move. The target is a province, or a location when the player named a coast:
    a support without a coast fits a move to either coast, one with a coast only that coast
    (DATC 6.B.9; see order_table)."""

    unit: UnitRef
    supported: UnitRef
    target: str

    def __init__(self, unit: UnitRef, supported: UnitRef, target: str) -> None:
        if _COMPILED:
            self.unit = unit  # type: ignore[misc]
            self.supported = supported  # type: ignore[misc]
            self.target = target  # type: ignore[misc]
            return
        set_unit, set_supported, set_target = _SUPPORT_MOVE
        set_unit(self, unit)
        set_supported(self, supported)
        set_target(self, target)

    def __str__(self) -> str:
        return f"{UnitRef.__str__(self.unit)} S {UnitRef.__str__(self.supported)} - {self.target}"

    def __reduce__(self) -> Recipe:
        return by_fields(self)  # (board/frozen.py: pickled by its fields in both builds)


_SUPPORT_MOVE: Final = slot_setters(SupportMove, "unit", "supported", "target")


@final
@dataclass(frozen=True, slots=True, init=False)
class Convoy:
    unit: UnitRef
    army: UnitRef
    target: str

    def __init__(self, unit: UnitRef, army: UnitRef, target: str) -> None:
        if _COMPILED:
            self.unit = unit  # type: ignore[misc]
            self.army = army  # type: ignore[misc]
            self.target = target  # type: ignore[misc]
            return
        set_unit, set_army, set_target = _CONVOY
        set_unit(self, unit)
        set_army(self, army)
        set_target(self, target)

    def __str__(self) -> str:
        return f"{UnitRef.__str__(self.unit)} C {UnitRef.__str__(self.army)} - {self.target}"

    def __reduce__(self) -> Recipe:
        return by_fields(self)  # (board/frozen.py: pickled by its fields in both builds)


_CONVOY: Final = slot_setters(Convoy, "unit", "army", "target")


@final
@dataclass(frozen=True, slots=True, init=False)
class Retreat:
    unit: UnitRef
    target: str

    def __init__(self, unit: UnitRef, target: str) -> None:
        if _COMPILED:
            self.unit = unit  # type: ignore[misc]
            self.target = target  # type: ignore[misc]
            return
        set_unit, set_target = _RETREAT
        set_unit(self, unit)
        set_target(self, target)

    def __str__(self) -> str:
        return f"{UnitRef.__str__(self.unit)} R {self.target}"

    def __reduce__(self) -> Recipe:
        return by_fields(self)  # (board/frozen.py: pickled by its fields in both builds)


_RETREAT: Final = slot_setters(Retreat, "unit", "target")


@final
@dataclass(frozen=True, slots=True, init=False)
class Disband:
    """A disband in a retreat phase or a removal in an adjustment phase."""

    unit: UnitRef

    def __init__(self, unit: UnitRef) -> None:
        if _COMPILED:
            self.unit = unit  # type: ignore[misc]
            return
        _DISBAND[0](self, unit)

    def __str__(self) -> str:
        return f"{UnitRef.__str__(self.unit)} D"

    def __reduce__(self) -> Recipe:
        return by_fields(self)  # (board/frozen.py: pickled by its fields in both builds)


_DISBAND: Final = slot_setters(Disband, "unit")


@final
@dataclass(frozen=True, slots=True, init=False)
class Build:
    unit: UnitRef

    def __init__(self, unit: UnitRef) -> None:
        if _COMPILED:
            self.unit = unit  # type: ignore[misc]
            return
        _BUILD[0](self, unit)

    def __str__(self) -> str:
        return f"{UnitRef.__str__(self.unit)} B"

    def __reduce__(self) -> Recipe:
        return by_fields(self)  # (board/frozen.py: pickled by its fields in both builds)


_BUILD: Final = slot_setters(Build, "unit")


@final
@dataclass(frozen=True, slots=True)
class Waive:
    """A build given up on purpose (DATC 4.D.7)."""

    def __str__(self) -> str:
        return "WAIVE"

    def __reduce__(self) -> Recipe:
        return by_fields(self)  # (board/frozen.py: pickled by its fields in both builds)


MovementOrder = Hold | Move | SupportHold | SupportMove | Convoy
RetreatOrder = Retreat | Disband
AdjustmentOrder = Build | Disband | Waive
Order = Hold | Move | SupportHold | SupportMove | Convoy | Retreat | Disband | Build | Waive


def ordered_unit(order: Order) -> UnitRef | None:
    """The unit an order is given to (None for a waive)."""
    return None if isinstance(order, Waive) else order.unit


_COMPILED: Final = compiled(ordered_unit)
"""Is this the compiled build? There an order's `__init__` sets its fields by plain
assignments, which mypyc makes in C past the frozen `__setattr__` (a slot setter is a generic
call there); in pure Python by its slot setters (an assignment would meet the frozen
`__setattr__`)."""
