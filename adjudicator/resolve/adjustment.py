"""Winter adjustments (rulebook XIII, DATC 4.D.4 to 4.D.8, 6.I, 6.J): builds, removals, waives.

Orders are carried out one by one in the order given (DATC's preference for 4.D.4 to 4.D.6):
an order that cannot be valid fails with the tag "illegal" and uses nothing up; a valid build,
waive or removal beyond what the power is due fails. A waive uses a build (4.D.7). Removals a
power leaves out are made by the civil-disorder rules; builds it leaves unused are reported as
waived, so every build the centre count allowed is accounted for.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from adjudicator.board.adjustments import adjustment_counts, unusable_builds
from adjudicator.board.map import Map
from adjudicator.board.position import Position
from adjudicator.board.rules import DEFAULT_RULES, Rules
from adjudicator.board.types import Unit, province_of
from adjudicator.orders.legality import board_of, build_problem
from adjudicator.orders.model import Build, Disband, Order, UnitRef, Waive
from adjudicator.orders.refusals import reason
from adjudicator.orders.results import OrderEntry, Resolution
from adjudicator.resolve.civil_disorder import civil_disorder_removals, describe

UNORDERED_BUILD: Final = "no build ordered: the build is waived"
UNUSABLE_BUILD: Final = "unusable build: no vacant owned home centre, the build is waived"


@dataclass(frozen=True)
class AdjustmentOutcome:
    """(power, order, resolution) for every order in the order given, then the orders the
    engine made on the players' behalf: civil-disorder removals (tag "disbanded") and one WAIVE
    per build left unused (tag "waived"; reason UNORDERED_BUILD or UNUSABLE_BUILD)."""

    results: tuple[tuple[str, Order, Resolution], ...]
    units: Mapping[str, Unit]


class _Ledger:
    """The running state of one adjustment phase while orders are taken one by one."""

    def __init__(self, game_map: Map, position: Position) -> None:
        self.map = game_map
        self.position = position
        self.units: dict[str, Unit] = dict(position.units)
        self.due = adjustment_counts(game_map, position)
        self.left = {power: abs(n) for power, n in self.due.items()}
        self.built: set[str] = set()
        self.removed: set[str] = set()
        self.board = board_of(game_map, position)

    def _count_problem(self, power: str, builds: bool) -> str | None:
        due = self.due.get(power, 0)
        if (due > 0) != builds or due == 0:
            return reason("no_builds" if builds else "no_removals", power=power)
        if self.left[power] == 0:
            name = "all_builds" if builds else "all_removals"
            return reason(name, power=power, count=abs(due))
        return None

    def build(self, power: str, order: Build) -> Resolution:
        where = order.unit.location
        province = province_of(where)
        if province in self.built:
            return _illegal(reason("built_twice", province=province))
        illegal = build_problem(self.map, self.board, power, order.unit)
        if illegal:
            return _illegal(illegal)
        problem = self._count_problem(power, True)
        if problem:
            return Resolution(False, (), problem)
        self.left[power] -= 1
        self.built.add(province)
        self.units[province] = Unit(power, order.unit.type, where)
        return Resolution(True)

    def waive(self, power: str) -> Resolution:
        problem = self._count_problem(power, True)
        if problem:
            return Resolution(False, (), problem)
        self.left[power] -= 1
        return Resolution(True, ("waived",))

    def remove(self, power: str, order: Disband) -> Resolution:
        province = order.unit.province
        if province in self.removed:
            return _illegal(reason("removed_twice", unit=order.unit))
        unit = self.units.get(province)
        if unit is None or province in self.built or unit.type is not order.unit.type:
            return _illegal(reason("no_such_unit", unit=order.unit))
        if unit.power != power:
            return _illegal(reason("not_its_unit", unit=unit, power=unit.power))
        problem = self._count_problem(power, False)
        if problem:
            return Resolution(False, (), problem)
        self.left[power] -= 1
        self.removed.add(province)
        del self.units[province]
        return Resolution(True, ("disbanded",))

    def take(self, entry: OrderEntry) -> Resolution:
        if entry.illegal is not None:
            return _illegal(entry.illegal)
        order = entry.order
        if isinstance(order, Build):
            return self.build(entry.power, order)
        if isinstance(order, Waive):
            return self.waive(entry.power)
        if isinstance(order, Disband):
            return self.remove(entry.power, order)
        return _illegal(reason("not_adjustment", order=order))


def _illegal(reason: str) -> Resolution:
    return Resolution(False, ("illegal",), reason)


def adjudicate_adjustments(
    game_map: Map,
    position: Position,
    entries: Sequence[OrderEntry],
    rules: Rules = DEFAULT_RULES,
) -> AdjustmentOutcome:
    """Carry out a winter's orders one by one, then civil disorder and unused builds."""
    ledger = _Ledger(game_map, position)
    results: list[tuple[str, Order, Resolution]] = [
        (entry.power, entry.order, ledger.take(entry)) for entry in entries
    ]
    unusable = unusable_builds(game_map, position)
    for power, due in sorted(ledger.due.items()):
        left = ledger.left[power]
        if due < 0 and left:
            mine = [u for u in ledger.units.values() if u.power == power]
            owned = [c for c, owner in position.centers.items() if owner == power]
            for removal in civil_disorder_removals(game_map, mine, owned, left, rules):
                del ledger.units[removal.unit.province]
                order = Disband(UnitRef(removal.unit.type, removal.unit.location))
                results.append(
                    (power, order, Resolution(True, ("disbanded",), describe(removal, rules)))
                )
        unordered = left if due > 0 else 0
        waived = [UNORDERED_BUILD] * unordered + [UNUSABLE_BUILD] * unusable.get(power, 0)
        results.extend((power, Waive(), Resolution(True, ("waived",), r)) for r in waived)
    return AdjustmentOutcome(results=tuple(results), units=ledger.units)
