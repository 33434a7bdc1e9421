"""One phase, start to end: read the orders, adjudicate, and build the next position.

This is the pipeline of ARCHITECTURE.md as one readable function per phase kind; each step is
a pure function in its own module (interpret, movement, retreat, adjustment, sequence).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from adjudicator.board.map import Map, load_map
from adjudicator.board.position import Position
from adjudicator.board.rules import DEFAULT_RULES, Rules
from adjudicator.board.types import Phase, PhaseKind, Unit
from adjudicator.orders.interpret import interpret_orders
from adjudicator.orders.model import (
    Build,
    Disband,
    Hold,
    MovementOrder,
    Order,
    RetreatOrder,
    UnitRef,
    Waive,
)
from adjudicator.orders.results import OrderEntry, OrderError, OrderResult, Resolution
from adjudicator.resolve.adjustment import adjudicate_adjustments
from adjudicator.resolve.disorder import disorder, explained, ignore_orders, without_retreats
from adjudicator.resolve.movement import adjudicate_movement
from adjudicator.resolve.retreat import adjudicate_retreats
from adjudicator.resolve.sequence import next_position


@dataclass(frozen=True)
class PhaseResult:
    """Everything a phase produced: one result per order, the error entries, the next position."""

    phase: Phase
    orders: tuple[OrderResult, ...]
    errors: tuple[OrderError, ...]
    next: Position


def adjudicate(
    position: Position,
    orders: Mapping[str, Sequence[str]],
    rules: Rules = DEFAULT_RULES,
) -> PhaseResult:
    """Adjudicate one phase from the players' order texts (any notation the parser reads).

    CalendarError when the phase after this one would be past the calendar's last year."""
    game_map = load_map(position.variant).during(position.phase)
    entries, errors = interpret_orders(game_map, position, orders, rules)
    out = disorder(game_map, position, entries, errors, rules)
    entries = ignore_orders(entries, out)
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        results, after = _movement(game_map, position, entries, rules, out.disbanded)
    elif kind is PhaseKind.RETREAT:
        results, after = _retreats(game_map, position, entries, rules)
    else:
        results, after = _adjustments(game_map, position, entries, rules)
    return PhaseResult(
        phase=position.phase,
        orders=tuple(explained(results, out)),
        errors=tuple(errors),
        next=next_position(game_map, after, rules),
    )


def _ref(unit: Unit) -> UnitRef:
    return UnitRef(unit.type, unit.location)


def _by_province(entries: Iterable[OrderEntry]) -> dict[str, OrderEntry]:
    """Entries keyed by the province of the unit they order (adjustments have no such key)."""
    return {e.order.unit.province: e for e in entries if not isinstance(e.order, Build | Waive)}


def _result(
    power: str, unit: Unit, entry: OrderEntry | None, default: Order, resolution: Resolution
) -> OrderResult:
    """A result line (as `_movement` writes them, for the other phases)."""
    if entry is None:
        text, order = None, default
    else:
        text, order = entry.input, entry.order
        if entry.illegal is not None:
            return _illegal(power, str(unit), entry, resolution.tags)
    # The fields in order: power, unit, input, order, result, tags, reason, culprits.
    return OrderResult(
        power,
        str(unit),
        text,
        str(order),
        "succeeds" if resolution.succeeds else "fails",
        resolution.tags,
        resolution.reason,
        resolution.culprits,
    )


def _illegal(power: str, unit: str, entry: OrderEntry, tags: tuple[str, ...]) -> OrderResult:
    """An illegal order's line: it fails with its reason whatever happened to the unit."""
    tags = ("illegal", *(t for t in tags if t != "illegal"))
    return OrderResult(power, unit, entry.input, str(entry.order), "fails", tags, entry.illegal)


_CANONICAL: dict[str | None, tuple[Order, str]] = {}
_CANONICAL_LIMIT = 1 << 15


def _canonical(entry: OrderEntry) -> str:
    """The order's canonical string, kept by the text it was read from: the reader returns the
    same (immutable) order for a text it has read before, so the string is made once; the
    identity check makes a text read as another order (another board) make its own."""
    known = _CANONICAL.get(entry.input)
    if known is not None and known[0] is entry.order:
        return known[1]
    string = str(entry.order)
    if len(_CANONICAL) >= _CANONICAL_LIMIT:
        _CANONICAL.clear()  # bounded: a long run keeps the recent texts
    _CANONICAL[entry.input] = (entry.order, string)
    return string


def _sorted(results: list[OrderResult]) -> list[OrderResult]:
    return sorted(results, key=lambda r: (r.power, r.unit))


_NO_UNIT = (Build, Waive)
_OUTCOME: dict[bool, Literal["succeeds", "fails"]] = {True: "succeeds", False: "fails"}


def _movement(
    game_map: Map,
    position: Position,
    entries: list[OrderEntry],
    rules: Rules,
    disbanded: frozenset[str] = frozenset(),
) -> tuple[list[OrderResult], Position]:
    province_of = game_map.facts.province  # as `_by_province`, with the map's lookup
    given = {
        province_of[entry.order.unit.location]: entry
        for entry in entries
        if not isinstance(entry.order, _NO_UNIT)
    }
    legal: dict[str, MovementOrder] = {
        province: entry.order
        for province, entry in given.items()
        if entry.illegal is None and isinstance(entry.order, MovementOrder)
    }
    outcome = adjudicate_movement(game_map, position, legal, rules)
    resolutions = outcome.resolutions
    dislodged = without_retreats(dict(outcome.dislodged), disbanded)
    results = []
    word = _OUTCOME
    for province, unit in position.units.items():
        succeeds, tags, reason, culprits = resolutions[province]
        if province in dislodged and not dislodged[province].retreats:
            tags, culprits = (*tags, "disbanded"), ()
        entry = given.get(province)
        if entry is None:  # no order: the unit held
            text, order = None, str(Hold(_ref(unit)))
        elif entry.illegal is None:
            text, order = entry.input, _canonical(entry)
        else:
            results.append(_illegal(unit.power, str(unit), entry, tags))
            continue
        results.append(
            OrderResult(unit.power, str(unit), text, order, word[succeeds], tags, reason, culprits)
        )
    results.sort()  # by power, then unit: tuples, and a unit has one line
    after = Position(
        variant=position.variant,
        phase=position.phase,
        units=outcome.units,
        centers=position.centers,
        dislodged=dislodged,
        winner=position.winner,
    )
    return results, after


def _retreats(
    game_map: Map, position: Position, entries: list[OrderEntry], rules: Rules
) -> tuple[list[OrderResult], Position]:
    given = _by_province(entries)
    legal: dict[str, RetreatOrder] = {
        province: entry.order
        for province, entry in given.items()
        if entry.illegal is None and isinstance(entry.order, RetreatOrder)
    }
    outcome = adjudicate_retreats(game_map, position, legal, rules)
    results = [
        _result(
            d.unit.power,
            d.unit,
            given.get(province),
            Disband(_ref(d.unit)),
            outcome.resolutions[province],
        )
        for province, d in position.dislodged.items()
    ]
    after = replace(position, units=outcome.units, dislodged={})
    return _sorted(results), after


def _adjustments(
    game_map: Map, position: Position, entries: list[OrderEntry], rules: Rules
) -> tuple[list[OrderResult], Position]:
    outcome = adjudicate_adjustments(game_map, position, entries, rules)
    # Results come back in the order given, then the engine's own (civil disorder, waives):
    # pair each with the first unused entry of the same order, so repeats keep their inputs.
    unused: dict[tuple[str, Order], list[OrderEntry]] = {}
    for given in entries:
        unused.setdefault((given.power, given.order), []).append(given)
    results = []
    for power, order, resolution in outcome.results:
        waiting = unused.get((power, order))
        entry = waiting.pop(0) if waiting else None
        results.append(
            OrderResult(
                power=power,
                unit="" if isinstance(order, Waive) else str(order.unit),
                input=entry.input if entry else None,
                order=str(order),
                result="succeeds" if resolution.succeeds else "fails",
                tags=resolution.tags,
                reason=resolution.reason,
                culprits=resolution.culprits,
            )
        )
    # By power as the contract asks; within a power in the order given, which decides 4.D.4-6.
    results.sort(key=lambda r: r.power)
    after = replace(position, units=outcome.units)
    return results, after
