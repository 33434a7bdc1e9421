"""Typed orders: one frozen class per order kind, each with its canonical string (CONTRACT.md).

These are the orders after name resolution: every location is a canonical map code and every
unit reference carries its type. Parsing the canonical string gives the same order back
(`adjudicator.parse.parse_canonical`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, final

from adjudicator.board.frozen import Recipe, by_fields, compiled, open_twin, slot_setters
from adjudicator.board.types import UnitType, province_of


@dataclass(frozen=True, slots=True, init=False)
class UnitRef:
    """A unit as an order names it: type and location (a fleet's coast included)."""

    type: UnitType
    location: str
    text: str = field(init=False, repr=False, compare=False)
    """Its string ('A PAR'), made with it: the orders' strings and the reasons that name it
    read it, where a call of `__str__` would make it each time (units are shared: `ref`)."""

    def __init__(self, type: UnitType, location: str) -> None:
        text = _PREFIX[type] + location  # (one concatenation of two exact strs)
        if _COMPILED:
            self.type = type  # type: ignore[misc]
            self.location = location  # type: ignore[misc]
            self.text = text  # type: ignore[misc]
            return
        set_type, set_location, set_text = _UNIT_REF
        set_type(self, type)
        set_location(self, location)
        set_text(self, text)

    @property
    def province(self) -> str:
        return province_of(self.location)

    def __str__(self) -> str:
        return self.text

    def __reduce__(self) -> Recipe:
        return by_fields(self)  # (board/frozen.py: pickled by its fields in both builds)


_PREFIX: Final = {unit_type: f"{unit_type.value} " for unit_type in UnitType}
"""A unit type's letter and a space, as a UnitRef's string starts: adding the StrEnum member
itself to a str is a generic addition of a str subclass (compiled, about twice the
instructions)."""
_UNIT_REF: Final = slot_setters(UnitRef, "type", "location", "text")


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
        return f"{self.unit.text} H"

    def __reduce__(self) -> Recipe:
        return by_fields(self)  # (board/frozen.py: pickled by its fields in both builds)


_HOLD: Final = slot_setters(Hold, "unit")


Seen = tuple[object, str, bool]
"""`Move.seen`: the map's facts, the move's province, whether it may go by convoy."""
UNSEEN: Final[Seen] = (None, "", False)
"""`Move.seen` of a move not yet read (on no map)."""


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
    seen: Seen = field(init=False, repr=False, compare=False)
    """What the order table worked out of this move on a map, kept for the next phase that
    gives the same move (the reader's memo gives the same object back): the map's facts
    (`MapFacts`), the province it goes to, whether it may go by convoy (an army ordered via
    convoy, or with no land route). `UNSEEN` until read; replaced whole (`keep_seen`), never
    part of the order's value."""

    def __init__(
        self, unit: UnitRef, target: str, via_convoy: bool = False, route: tuple[str, ...] = ()
    ) -> None:
        if _COMPILED:
            self.unit = unit  # type: ignore[misc]
            self.target = target  # type: ignore[misc]
            self.via_convoy = via_convoy  # type: ignore[misc]
            self.route = route  # type: ignore[misc]
            self.seen = UNSEEN  # type: ignore[misc]
            return
        set_unit, set_target, set_via_convoy, set_route, set_seen = _MOVE
        set_unit(self, unit)
        set_target(self, target)
        set_via_convoy(self, via_convoy)
        set_route(self, route)
        set_seen(self, UNSEEN)

    def __str__(self) -> str:
        if self.route:
            return f"{self.unit.text} - {' - '.join(self.route)} - {self.target}"
        return f"{self.unit.text} - {self.target}" + (" VIA" if self.via_convoy else "")

    def __reduce__(self) -> Recipe:
        return by_fields(self)  # (board/frozen.py: pickled by its fields in both builds)


_MOVE: Final = slot_setters(Move, "unit", "target", "via_convoy", "route", "seen")


def keep_seen(order: Move, seen: Seen) -> None:
    """Set `order.seen` (past the frozen `__setattr__`: a cache, not the order's value)."""
    if _COMPILED:
        order.seen = seen  # type: ignore[misc]
    else:
        _MOVE[4](order, seen)


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
        return f"{self.unit.text} S {self.supported.text}"

    def __reduce__(self) -> Recipe:
        return by_fields(self)  # (board/frozen.py: pickled by its fields in both builds)


_SUPPORT_HOLD: Final = slot_setters(SupportHold, "unit", "supported")


SupportSeen = tuple[object, str, str]
"""`SupportMove.seen`: the map's facts, the province the support is given into, the province
of the supported unit ('' when the support names a coast: such a support is matched apart)."""
SUPPORT_UNSEEN: Final[SupportSeen] = (None, "", "")
"""`SupportMove.seen` of a support not yet read (on no map)."""


@final
@dataclass(frozen=True, slots=True, init=False)
class SupportMove:
    """Support of a move. The target is a province, or a location when the player named a coast:
    a support without a coast fits a move to either coast, one with a coast only that coast
    (DATC 6.B.9; see order_table)."""

    unit: UnitRef
    supported: UnitRef
    target: str
    seen: SupportSeen = field(init=False, repr=False, compare=False)
    """What the order table worked out of this support on a map, kept as `Move.seen` is (the
    map's facts, the province it is given into, the supported unit's province: `SupportSeen`).
    `SUPPORT_UNSEEN` until read; replaced whole (`keep_support_seen`)."""

    def __init__(self, unit: UnitRef, supported: UnitRef, target: str) -> None:
        if _COMPILED:
            self.unit = unit  # type: ignore[misc]
            self.supported = supported  # type: ignore[misc]
            self.target = target  # type: ignore[misc]
            self.seen = SUPPORT_UNSEEN  # type: ignore[misc]
            return
        set_unit, set_supported, set_target, set_seen = _SUPPORT_MOVE
        set_unit(self, unit)
        set_supported(self, supported)
        set_target(self, target)
        set_seen(self, SUPPORT_UNSEEN)

    def __str__(self) -> str:
        return f"{self.unit.text} S {self.supported.text} - {self.target}"

    def __reduce__(self) -> Recipe:
        return by_fields(self)  # (board/frozen.py: pickled by its fields in both builds)


_SUPPORT_MOVE: Final = slot_setters(SupportMove, "unit", "supported", "target", "seen")


def keep_support_seen(order: SupportMove, seen: SupportSeen) -> None:
    """Set `order.seen` (past the frozen `__setattr__`, as `keep_seen`)."""
    if _COMPILED:
        order.seen = seen  # type: ignore[misc]
    else:
        _SUPPORT_MOVE[3](order, seen)


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
        return f"{self.unit.text} C {self.army.text} - {self.target}"

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
        return f"{self.unit.text} R {self.target}"

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
        return f"{self.unit.text} D"

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
        return f"{self.unit.text} B"

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


# -- the orders a reader makes for each text it reads first (`reader.made`) -----------------


def hold(unit: UnitRef) -> Hold:
    """`Hold(unit)`, made as `_OPEN_HOLD` says."""
    if _COMPILED:
        return Hold(unit)
    order: Hold = _OPEN_HOLD()
    order.unit = unit  # type: ignore[misc]
    order.__class__ = Hold
    return order


def move(unit: UnitRef, target: str, via_convoy: bool, route: tuple[str, ...]) -> Move:
    """`Move(unit, target, via_convoy, route)`, made as `_OPEN_HOLD` says."""
    if _COMPILED:
        return Move(unit, target, via_convoy, route)
    order: Move = _OPEN_MOVE()
    order.unit = unit  # type: ignore[misc]
    order.target = target  # type: ignore[misc]
    order.via_convoy = via_convoy  # type: ignore[misc]
    order.route = route  # type: ignore[misc]
    order.seen = UNSEEN  # type: ignore[misc]
    order.__class__ = Move
    return order


def support_hold(unit: UnitRef, supported: UnitRef) -> SupportHold:
    """`SupportHold(unit, supported)`, made as `_OPEN_HOLD` says."""
    if _COMPILED:
        return SupportHold(unit, supported)
    order: SupportHold = _OPEN_SUPPORT_HOLD()
    order.unit = unit  # type: ignore[misc]
    order.supported = supported  # type: ignore[misc]
    order.__class__ = SupportHold
    return order


def support_move(unit: UnitRef, supported: UnitRef, target: str) -> SupportMove:
    """`SupportMove(unit, supported, target)`, made as `_OPEN_HOLD` says."""
    if _COMPILED:
        return SupportMove(unit, supported, target)
    order: SupportMove = _OPEN_SUPPORT_MOVE()
    order.unit = unit  # type: ignore[misc]
    order.supported = supported  # type: ignore[misc]
    order.target = target  # type: ignore[misc]
    order.seen = SUPPORT_UNSEEN  # type: ignore[misc]
    order.__class__ = SupportMove
    return order


def convoy(unit: UnitRef, army: UnitRef, target: str) -> Convoy:
    """`Convoy(unit, army, target)`, made as `_OPEN_HOLD` says."""
    if _COMPILED:
        return Convoy(unit, army, target)
    order: Convoy = _OPEN_CONVOY()
    order.unit = unit  # type: ignore[misc]
    order.army = army  # type: ignore[misc]
    order.target = target  # type: ignore[misc]
    order.__class__ = Convoy
    return order


_OPEN_HOLD: Final = Hold if _COMPILED else open_twin(Hold)
"""Pure Python, an order the reader makes is made with no call of its class (the call of its
`__init__`, and of a slot setter a field): an object of its open twin (`frozen.open_twin`,
whose `__init__` is object's own: no Python frame), its fields set by plain assignments, then
made one of its class (about 40% of the instructions). Compiled, its class is called (mypyc
sets its fields in C)."""
_OPEN_MOVE: Final = Move if _COMPILED else open_twin(Move)
_OPEN_SUPPORT_HOLD: Final = SupportHold if _COMPILED else open_twin(SupportHold)
_OPEN_SUPPORT_MOVE: Final = SupportMove if _COMPILED else open_twin(SupportMove)
_OPEN_CONVOY: Final = Convoy if _COMPILED else open_twin(Convoy)
