"""The explanations of failed movement orders that name the units responsible: made once per
unit (and, for a move, its target) and kept, since they depend on nothing else; and the other
failures, made from their fields."""

from __future__ import annotations

from typing import Final

from adjudicator.board.bounded import keep
from adjudicator.board.types import Unit, UnitType
from adjudicator.orders.results import Resolution, order_tags

CYCLE: Final = "failed: unresolvable cycle of orders"
BOUNCE: Final = ("bounce",)
_ARMY: Final = UnitType.ARMY  # (a module constant: an enum member's lookup is dear)


class Culprit:
    """The explanations that name one unit alone, made once per unit and (for a move) its
    target: they depend on nothing else, so a map has a few hundred of them however many
    order texts a long run meets. (A plain class: compiled, its fields are read natively.)"""

    __slots__ = ("bounced_by", "cut_by", "name", "ordered", "own", "pairs")

    bounced_by: Resolution
    """A move bounced off this unit, named as ordered ("bounced with A PAR - BUR"; not moving,
    "bounced with A PAR")."""
    cut_by: Resolution
    """A support cut by this unit ("support cut by A PAR")."""
    own: Resolution
    """A move that would have dislodged this unit of its own power, nothing else holding it
    off ("cannot dislodge own unit A PAR - BUR"; for a unit not moving, its target is '')."""
    name: str
    """The unit ("A PAR")."""
    ordered: str
    """The unit and its move's target, as a reason names them ("A PAR - BUR"; else "A PAR")."""
    pairs: dict[str, Resolution]
    """A move bounced off this unit and another move as strong, by that move's `ordered`
    ("bounced with A PAR - BUR, A MUN - BUR"): made once a pair (`bounced_with`)."""

    def __init__(self, name: str, ordered: str) -> None:
        named = (name,)
        self.bounced_by = failure(BOUNCE, "bounced with " + ordered, named)
        self.cut_by = failure(("cut",), "support cut by " + name, named)
        self.own = failure(BOUNCE, "cannot dislodge own unit " + ordered, named)
        self.name, self.ordered = name, ordered
        self.pairs = {}

    def bounced_with(self, other: Culprit) -> Resolution:
        """`pairs` of `other`, made and kept."""
        text = "bounced with " + self.ordered + ", " + other.ordered
        why = failure(BOUNCE, text, (self.name, other.name))
        return keep(self.pairs, other.ordered, why, PAIRS_LIMIT)


CULPRITS: Final[dict[UnitType, dict[str, dict[str, Culprit]]]] = {t: {} for t in UnitType}
"""By the unit's type, location and (for a move) target: looked up by strings the table holds
(no key to build), with no name written for a unit already met."""
_ARMY_CULPRITS: Final = CULPRITS[_ARMY]  # (a unit's table chosen by a comparison, no look-up)
_FLEET_CULPRITS: Final = CULPRITS[UnitType.FLEET]


def forget() -> None:
    """Forget every explanation kept (a test starts cold): the tables emptied, not replaced
    (`_ARMY_CULPRITS` and `_FLEET_CULPRITS` are two of them)."""
    for table in CULPRITS.values():
        table.clear()


CULPRITS_LIMIT = 1 << 12
"""Locations kept for a type (variants with many units, many maps)."""
TARGETS_LIMIT = 1 << 6
"""Targets kept for a location (its neighbours, and '')."""
PAIRS_LIMIT = 1 << 6
"""Other moves kept for a culprit (`Culprit.pairs`)."""


def culprit(unit: Unit, target: str) -> Culprit:
    """The explanations naming `unit` (`target`: its move's target, else ''). The board's unit
    is named, whatever its order (a unit whose order did not count holds off moves too)."""
    at = _ARMY_CULPRITS if unit.type is _ARMY else _FLEET_CULPRITS
    try:  # (two subscripts: no method called, no None tested; a unit not met yet is rare)
        return at[unit.location][target]
    except KeyError:
        return _new_culprit(at, unit, target)


def _new_culprit(at: dict[str, dict[str, Culprit]], unit: Unit, target: str) -> Culprit:
    """`culprit` of a unit (in `at`, its type's table) and target met for the first time."""
    by_target = at.get(unit.location)
    if by_target is None:
        by_target = keep(at, unit.location, {}, CULPRITS_LIMIT)
    name = str(unit)
    known = Culprit(name, f"{name} - {target}" if target else name)
    keep(by_target, target, known, TARGETS_LIMIT)
    return known


def failure(tags: tuple[str, ...], reason: str | None, culprits: tuple[str, ...]) -> Resolution:
    """A failed order's resolution, made from its fields' tuple (a named tuple's own __new__ is
    a Python function: several times dearer)."""
    return _new(Resolution, (False, tags, reason, culprits))


_new: Final = tuple.__new__

DISLODGED_TAGS: Final[dict[tuple[str, ...], tuple[str, ...]]] = {}
"""Tags -> the same with "dislodged", in the contract's order (the few sets this module gives)."""


def dislodged_tags(tags: tuple[str, ...]) -> tuple[str, ...]:
    """`tags` with "dislodged", in the contract's order."""
    known = DISLODGED_TAGS.get(tags)
    if known is None:
        known = DISLODGED_TAGS[tags] = order_tags((*tags, "dislodged"))
    return known


VOID: Final[dict[str, Resolution]] = {}
"""Why a support or convoy is void -> its resolution: a map's tables write the same reasons
again and again (a dict look-up, not a named tuple made)."""
NO_CONVOY: Final[dict[str, Resolution]] = {}
"""Province -> the resolution of a move with no convoy route there."""
REASONS_LIMIT = 1 << 12
"""Reasons (and provinces) kept in each."""


def void(reason: str) -> Resolution:
    """The resolution of a support or convoy void for `reason`."""
    known = VOID.get(reason)
    if known is None:
        known = keep(VOID, reason, failure(("void",), reason, ()), REASONS_LIMIT)
    return known


def no_convoy(province: str) -> Resolution:
    """The resolution of a move (or of the convoy for it) with no convoy route to `province`."""
    known = NO_CONVOY.get(province)
    if known is None:
        why = failure(("no_convoy",), f"no convoy route to {province}", ())
        known = keep(NO_CONVOY, province, why, REASONS_LIMIT)
    return known
