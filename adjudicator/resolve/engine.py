"""One phase, start to end: read the orders, adjudicate, and build the next position.

This is the pipeline of ARCHITECTURE.md as one readable function per phase kind; each step is
a pure function in its own module (interpret, movement, retreat, adjustment, sequence).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from operator import itemgetter
from sys import intern
from typing import Literal, NamedTuple

from adjudicator.board.map import Map, load_map
from adjudicator.board.position import Dislodged, Position
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
from adjudicator.resolve.movement import SUCCESS, adjudicate_movement
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
    if out.ignored:
        entries = ignore_orders(entries, out)
    kind = position.phase.kind
    if kind is _MOVEMENT:
        results, after = _movement(game_map, position, entries, rules, out.disbanded)
    elif kind is _RETREAT:
        results, after = _retreats(game_map, position, entries, rules)
    else:
        results, after = _adjustments(game_map, position, entries, rules)
    if out.ignored:
        results = explained(results, out)
    return PhaseResult(
        phase=position.phase,
        orders=tuple(results),
        errors=tuple(errors),
        next=next_position(game_map, after, rules),
    )


_MOVEMENT, _RETREAT = PhaseKind.MOVEMENT, PhaseKind.RETREAT  # (an enum member's lookup is dear)


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


class _Kept(NamedTuple):
    """What the result lines of one order share, made once per text: the reader returns the
    same immutable order for a text it has read before (on a board where the units it names
    stand as before). A legal order names its unit as it stands, so `unit` is the unit's."""

    order: Order
    province: str
    """The province of the unit it orders."""
    movement: bool
    """Is it a movement order (the resolver's input, when legal)?"""
    text: str
    """The canonical order string."""
    unit: str
    """The unit it orders, as a result line names it."""


_KEPT: dict[str | None, _Kept] = {}
_KEPT_LIMIT = 1 << 14


def _kept(province_of: Mapping[str, str], entry: OrderEntry) -> _Kept | None:
    """The kept strings of the entry's order, by the text it was read from; a text read as
    another order (another board) makes its own. None for a build or waive (no unit)."""
    order = entry.order
    known = _KEPT.get(entry.input)
    if known is not None and known.order is order:
        return known
    if isinstance(order, _NO_UNIT):
        return None
    unit = order.unit
    movement = isinstance(order, MovementOrder)
    text, given = str(order), entry.input
    if given is not None and text == given:  # a text already canonical (most are): one string
        text = given
    # a unit's string is shared by all the texts that order it (a map has a few hundred)
    known = _Kept(order, province_of[unit.location], movement, text, intern(str(unit)))
    if len(_KEPT) >= _KEPT_LIMIT:
        _KEPT.clear()  # bounded: a long run keeps the recent texts
    _KEPT[entry.input] = known
    return known


def _sorted(results: list[OrderResult]) -> list[OrderResult]:
    return sorted(results, key=lambda r: (r.power, r.unit))


_NO_UNIT = (Build, Waive)
_OUTCOME: dict[bool, Literal["succeeds", "fails"]] = {True: "succeeds", False: "fails"}
_Given = dict[str, tuple[OrderEntry, _Kept]]


def _given(game_map: Map, entries: list[OrderEntry]) -> tuple[_Given, dict[str, MovementOrder]]:
    """The entries (with their kept strings) by the province of the unit they order (as
    `_by_province`), and the legal movement orders among them, in one pass."""
    province_of = game_map.facts.province
    kept = _KEPT
    given: _Given = {}
    legal: dict[str, MovementOrder] = {}
    for entry in entries:
        known = kept.get(entry.input)
        if known is None or known.order is not entry.order:
            known = _kept(province_of, entry)
            if known is None:
                continue
        province = known.province
        given[province] = entry, known
        if entry.illegal is None and known.movement:
            legal[province] = entry.order  # type: ignore[assignment]
        elif province in legal:  # a later entry for the unit replaces the earlier one
            del legal[province]
    return given, legal


_BY_UNIT, _BY_POWER = itemgetter(1), itemgetter(0)


def _movement(
    game_map: Map,
    position: Position,
    entries: list[OrderEntry],
    rules: Rules,
    disbanded: frozenset[str] = frozenset(),
) -> tuple[list[OrderResult], Position]:
    given, legal = _given(game_map, entries)
    outcome = adjudicate_movement(game_map, position, legal, rules)
    resolutions = outcome.resolutions
    dislodged = outcome.dislodged
    if disbanded:
        dislodged = without_retreats(dislodged, disbanded)
    results: list[OrderResult] = []
    units = position.units
    for province, (entry, known) in given.items():
        resolution = resolutions.get(province)
        if resolution is SUCCESS and entry.illegal is None:  # the common case
            results.append(
                OrderResult(entry.power, known.unit, entry.input, known.text, "succeeds", (), None)
            )
        elif resolution is not None:  # (an entry for no unit has no line)
            results.append(_line(province, units[province], entry, known, resolution, dislodged))
    if len(results) < len(units):  # units without orders hold
        for province, unit in units.items():
            if province not in given:
                line = _line(province, unit, None, None, resolutions[province], dislodged)
                results.append(line)
    # By power, then unit: two stable sorts on strings, several times faster than on tuples.
    results.sort(key=_BY_UNIT)
    results.sort(key=_BY_POWER)
    after = Position(
        variant=position.variant,
        phase=position.phase,
        units=outcome.units,
        centers=position.centers,
        dislodged=dislodged,
        winner=position.winner,
    )
    return results, after


def _line(
    province: str,
    unit: Unit,
    entry: OrderEntry | None,
    known: _Kept | None,
    resolution: Resolution,
    dislodged: Mapping[str, Dislodged],
) -> OrderResult:
    """The result line of a unit whose order did not simply succeed, illegal or missing."""
    succeeds, tags, reason, culprits = resolution
    d = dislodged.get(province)
    if d is not None and not d.retreats:  # a dislodged unit with nowhere to go is disbanded
        tags, culprits = (*tags, "disbanded"), ()
    if entry is None or known is None:  # no order: the unit held
        word = _OUTCOME[succeeds]
        held = str(Hold(_ref(unit)))  # the notation is the order model's (rare: a unit unordered)
        return OrderResult(unit.power, str(unit), None, held, word, tags, reason, culprits)
    if entry.illegal is not None:
        return _illegal(unit.power, str(unit), entry, tags)
    word = _OUTCOME[succeeds]
    return OrderResult(
        entry.power, known.unit, entry.input, known.text, word, tags, reason, culprits
    )


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
