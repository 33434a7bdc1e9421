"""One phase, start to end: read the orders, adjudicate, and build the next position.

This is the pipeline of ARCHITECTURE.md as one readable function per phase kind; each step is
a pure function in its own module (interpret, movement, retreat, adjustment, sequence).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from operator import itemgetter
from types import MappingProxyType
from typing import Final, TypeVar, final, get_args

from adjudicator.board.bounded import keep
from adjudicator.board.frozen import SET_CLASS, Recipe, by_fields, compiled, open_twin
from adjudicator.board.map import Map, load_map
from adjudicator.board.position import Dislodged, Position
from adjudicator.board.rules import DEFAULT_RULES, Rules
from adjudicator.board.types import Phase, PhaseKind, Unit
from adjudicator.orders.interpret import interpret_orders_by_unit
from adjudicator.orders.model import (
    Disband,
    Hold,
    MovementOrder,
    Order,
    RetreatOrder,
    UnitRef,
    Waive,
)
from adjudicator.orders.results import (
    ILLEGAL,
    OrderEntry,
    OrderError,
    OrderResult,
    Resolution,
    unit_text,
)
from adjudicator.resolve.adjustment import adjudicate_adjustments
from adjudicator.resolve.disorder import (
    NOBODY,
    Disorder,
    disorder,
    explained,
    ignore_orders,
    without_retreats,
)
from adjudicator.resolve.movement import SUCCESS, resolve_orders
from adjudicator.resolve.retreat import adjudicate_retreats
from adjudicator.resolve.sequence import position_after


@final  # (its __init__ makes the value a PhaseResult again: `_OPEN`)
@dataclass(frozen=True, slots=True, init=False)
class PhaseResult:
    """Everything a phase produced: one result per order, the error entries, the next position.
    (Slots: one is made every phase.)"""

    phase: Phase
    orders: tuple[OrderResult, ...]
    errors: tuple[OrderError, ...]
    next: Position

    def __init__(
        self,
        phase: Phase,
        orders: tuple[OrderResult, ...],
        errors: tuple[OrderError, ...],
        next: Position,
    ) -> None:
        """The dataclass's own `__init__`, written out: compiled, its fields are set natively
        (the generated one runs interpreted there); in pure Python, as an object of `_OPEN`'s
        (board/frozen.py), by plain assignments rather than four `object.__setattr__` calls."""
        if not _COMPILED:
            SET_CLASS(self, _OPEN)
        _phase_result(phase, orders, errors, next, self)

    def __reduce__(self) -> Recipe:
        return by_fields(self)  # (board/frozen.py: pickled by its fields in both builds)


def adjudicate(
    position: Position,
    orders: Mapping[str, Sequence[str]],
    rules: Rules = DEFAULT_RULES,
) -> PhaseResult:
    """Adjudicate one phase from the players' order texts (any notation the parser reads).

    CalendarError when the phase after this one would be past the calendar's last year."""
    game_map = load_map(position.variant)
    if game_map.closed:  # (a map with none is the same board in every phase: no call)
        game_map = game_map.during(position.phase)
    entries, errors, by_unit = interpret_orders_by_unit(game_map, position, orders, rules)
    out = disorder(game_map, position, entries, errors, rules)
    if out.ignored:
        entries = ignore_orders(entries, out)
        by_unit = None
    kind = position.phase.kind
    dislodged: Mapping[str, Dislodged]
    if kind is _MOVEMENT:
        results, units, dislodged = _movement(
            game_map, position, entries, rules, out, errors, by_unit
        )
    else:
        dislodged = _NONE_DISLODGED  # (only a movement phase dislodges: no dict made)
        if kind is _RETREAT:
            results, units = _retreats(game_map, position, entries, rules)
        else:
            results, units = _adjustments(game_map, position, entries, rules)
    if out.ignored:
        results = explained(results, out)
    after = position_after(game_map, position, units, dislodged, rules)
    return _phase_result(position.phase, tuple(results), tuple(errors), after)


def _phase_result(
    phase: Phase,
    orders: tuple[OrderResult, ...],
    errors: tuple[OrderError, ...],
    after: Position,
    into: PhaseResult | None = None,
) -> PhaseResult:
    """`PhaseResult(...)`, the one writer of its fields: pure Python, with no Python __init__
    (as orders/results.new_entry makes an entry); `into`: the one being initialised
    (`PhaseResult.__init__`). Compiled, the class is called (its fields set in C)."""
    made: PhaseResult
    if into is not None:
        made = into
    elif _COMPILED:
        return PhaseResult(phase, orders, errors, after)
    else:
        made = _OPEN()
    made.phase = phase  # type: ignore[misc]
    made.orders = orders  # type: ignore[misc]
    made.errors = errors  # type: ignore[misc]
    made.next = after  # type: ignore[misc]
    if not _COMPILED:
        made.__class__ = PhaseResult  # (the twin's own assignment: no call)
    return made


_COMPILED: Final = compiled(adjudicate)
_OPEN: Final = PhaseResult if _COMPILED else open_twin(PhaseResult)
"""PhaseResult's open twin (board/frozen.py); not used compiled, where plain assignments to a
native object's fields are set in C."""


_MOVEMENT: Final = PhaseKind.MOVEMENT  # (an enum member's lookup is dear)
_NONE_DISLODGED: Final[Mapping[str, Dislodged]] = MappingProxyType({})
_RETREAT: Final = PhaseKind.RETREAT


def _given(
    entries: Iterable[OrderEntry], kinds: frozenset[type[_O]]
) -> tuple[dict[str, OrderEntry], dict[str, _O]]:
    """The entries by the province of the unit they order (builds and waives have none; a
    later entry for a unit replaces the earlier one), and the legal orders of `kinds` among
    them (the resolver's input), in one pass."""
    given: dict[str, OrderEntry] = {}
    legal: dict[str, _O] = {}
    for entry in entries:
        province = entry.province
        if province is None:
            continue
        given[province] = entry
        if entry.illegal is None and entry.order.__class__ in kinds:
            legal[province] = entry.order
        elif province in legal:
            del legal[province]
    return given, legal


_O = TypeVar("_O", bound=Order)
_MOVEMENT_KINDS: Final[frozenset[type[MovementOrder]]] = frozenset(get_args(MovementOrder))
_RETREAT_KINDS: Final[frozenset[type[RetreatOrder]]] = frozenset(get_args(RetreatOrder))


def _line(
    unit: Unit, entry: OrderEntry | None, default: type[Hold | Disband], resolution: Resolution
) -> OrderResult:
    """The result line of a unit whose order did not simply succeed: illegal (it fails with
    its reason whatever happened to the unit), missing (the unit did the `default`), or legal."""
    if entry is None:
        succeeds, tags, reason, culprits = resolution
        done = str(default(UnitRef(unit.type, unit.location)))  # the order model's notation
        return _new(
            OrderResult,
            (
                unit.power,
                unit_text(unit.type, unit.location),  # (str(unit), kept: no call)
                None,
                done,
                "succeeds" if succeeds else "fails",
                tags,
                reason,
                culprits,
            ),
        )
    illegal = entry.illegal
    line = entry.line
    if illegal is None:  # the entry's strings, then the resolution's
        succeeds, tags, reason, culprits = resolution
        outcome = "succeeds" if succeeds else "fails"
        return _new(
            OrderResult, (line[0], line[1], line[2], line[3], outcome, tags, reason, culprits)
        )
    tags = resolution.tags
    tags = ("illegal", *(t for t in tags if t != "illegal")) if tags else ILLEGAL
    name = unit_text(unit.type, unit.location)
    return _new(OrderResult, (unit.power, name, line.input, line.order, "fails", tags, illegal, ()))


def _sort(results: list[OrderResult]) -> list[OrderResult]:
    """By power, then unit (in place): two stable sorts on strings, several times faster than
    one on tuples."""
    results.sort(key=_BY_UNIT)
    results.sort(key=_BY_POWER)
    return results


def _sort_placed(game_map: Map, results: list[OrderResult]) -> list[OrderResult]:
    """`_sort` of the lines of a movement phase, which come in their units' province order:
    each line put, in a native loop, on the pile of its power and type (a unit's text is its
    type's letter, then its location), the piles in the powers' sorted order, each in province
    order, which is its order by location where, as on every map shipped, the map's locations
    sort as their provinces (`_ranks`); `_sort` elsewhere. No sort (one of int keys, an int
    made a line, cost ~4k instructions a phase more). Compiled alone (`_movement`): in pure
    Python, such a loop costs more than the two sorts in C."""
    rank = _ranks(game_map)
    if rank is None:
        return _sort(results)
    piles: list[list[OrderResult]] = [[] for _ in range(2 * len(rank))]
    try:
        for line in results:
            pile = rank[line[0]]
            # an army's first ('A PAR' < 'F BRE'): its first letter, compared natively as a
            # number (a comparison of strings is a generic call compiled)
            piles[pile if line[1][0] == "A" else pile + 1].append(line)
    except KeyError:  # a power the map does not know (a Position made by hand)
        return _sort(results)
    placed: list[OrderResult] = []
    for lines in piles:
        if lines:  # (half the piles, or more, are empty: no call)
            placed.extend(lines)
    return placed


def _ranks(game_map: Map) -> dict[str, int] | None:
    """Each power of the map by its armies' pile (`_sort_placed`: its fleets' is the next),
    in the powers' order; None when some locations of the map do not sort as their provinces
    (a province's name the start of another's, then a character before '/'). Made once a
    map."""
    if game_map in _RANKS:
        return _RANKS[game_map]
    province = game_map.facts.province
    by_location = [province[location] for location in sorted(province)]
    rank = None
    if by_location == sorted(by_location):
        rank = {power: 2 * r for r, power in enumerate(sorted(game_map.powers))}
    return keep(_RANKS, game_map, rank, 1 << 6)


_RANKS: Final[dict[Map, dict[str, int] | None]] = {}
"""`_ranks` by map (a map is hashed by its identity)."""


_new: Final = tuple.__new__  # (a named tuple from a tuple of its fields, with no Python __new__)
_BY_UNIT: Final = itemgetter(1)
_BY_POWER: Final = itemgetter(0)


def _movement(
    game_map: Map,
    position: Position,
    entries: list[OrderEntry],
    rules: Rules,
    out: Disorder = NOBODY,
    errors: Sequence[OrderError] = (),
    by_unit: dict[str | None, OrderEntry] | None = None,
) -> tuple[list[OrderResult], Mapping[str, Unit], Mapping[str, Dislodged]]:
    """The result lines, the units after the moves and the dislodged units (`out`, `errors`:
    who is in disorder, the orders that could not be read; `by_unit`: the entries by
    province when the reader made that dict, `interpret_orders_by_unit`)."""
    board = position.units
    # by province, a later entry for a unit replacing an earlier one; an entry for no unit
    # has no line
    given = {entry.province: entry for entry in entries} if by_unit is None else by_unit
    provinces = sorted(board)
    # (one itemgetter looks every unit, and every unit's entry, up in C: fewer steps than map
    # over a bound method; of one key it gives the value alone, not in a tuple)
    every: tuple[OrderEntry, ...] | None = None
    if len(provinces) > 1:
        look_up = itemgetter(*provinces)
        units = list(look_up(board))
        if len(given) == len(provinces):  # (the reader's entries order units of this board)
            try:
                every = look_up(given)  # an entry for every unit: the usual phase
            except KeyError:  # (an entry for a province with no unit)
                every = None
    else:
        units = list(board.values())
    # (the reader gives movement orders alone in a movement phase)
    orders: list[MovementOrder | None]
    # (each unit's entry's line; the others come below: typed with no None, the why loop
    # needs no assert for the entries' lines it reads)
    results: list[OrderResult]
    at: tuple[OrderEntry | None, ...]  # (a tuple typed as such: indexed natively compiled)
    if every is not None:
        at = every
        orders = [e.legal for e in every]  # type: ignore[misc]
        results = [e.line for e in every]
    else:  # a unit with no entry
        at = tuple(map(given.get, provinces))
        orders = [None if e is None else e.legal for e in at]  # type: ignore[misc]
        results = [None if e is None else e.line for e in at]  # type: ignore[misc]
    done = resolve_orders(game_map, provinces, units, orders, rules)
    dislodged: Mapping[str, Dislodged] = done.dislodged
    if dislodged and (out.disbanded or out.silent):
        dislodged = without_retreats(dislodged, out, given, entries, errors)
    gone = {p for p, d in dislodged.items() if not d.retreats} if dislodged else _NOWHERE
    # Every unit's line is its entry's (looked up in C), the line of an order that simply
    # succeeds or of an illegal one that fails with its reason, but for the orders that did
    # not simply succeed, and the units with no entry. An illegal entry's line names its
    # ordered unit: the one standing there when the reader read it against this board
    # (`by_unit`), else it is made for the unit standing there.
    why = done.why
    if by_unit is None or every is None:
        _unordered(results, units, orders, at, why)  # type: ignore[arg-type]
    for i, resolution in why.items():
        if gone and provinces[i] in gone:
            resolution = _disbanded(resolution)
        elif orders[i] is not None:  # (`_line`'s usual case, inline: a legal entry's line,
            # not yet replaced; its fields by index, the resolution's unpacked: fewest tuples)
            line = results[i]
            succeeds, tags, reason, culprits = resolution
            outcome = "succeeds" if succeeds else "fails"
            results[i] = _new(
                OrderResult, (line[0], line[1], line[2], line[3], outcome, tags, reason, culprits)
            )
            continue
        results[i] = _line(units[i], at[i], Hold, resolution)
    placed = _sort_placed(game_map, results) if _COMPILED else _sort(results)
    return placed, done.units, dislodged  # (no None left)


def _unordered(
    results: list[OrderResult | None],
    units: list[Unit],
    orders: list[MovementOrder | None],
    at: tuple[OrderEntry | None, ...],
    why: dict[int, Resolution],
) -> None:
    """The lines of the units whose order did not count (illegal, or none) and that nothing
    happened to, each made for the unit standing there (`_movement`)."""
    for i, order in enumerate(orders):
        if order is None and i not in why:
            results[i] = _line(units[i], at[i], Hold, SUCCESS)


def _disbanded(resolution: Resolution) -> Resolution:
    """A dislodged unit with nowhere to go is disbanded after a movement phase."""
    return resolution._replace(tags=(*resolution.tags, "disbanded"), culprits=())


_NOWHERE: Final[frozenset[str]] = frozenset()


def _retreats(
    game_map: Map, position: Position, entries: list[OrderEntry], rules: Rules
) -> tuple[list[OrderResult], Mapping[str, Unit]]:
    given, legal = _given(entries, _RETREAT_KINDS)
    outcome = adjudicate_retreats(game_map, position, legal, rules)
    results = [
        _line(d.unit, given.get(province), Disband, outcome.resolutions[province])
        for province, d in position.dislodged.items()
    ]
    return _sort(results), outcome.units


def _adjustments(
    game_map: Map, position: Position, entries: list[OrderEntry], rules: Rules
) -> tuple[list[OrderResult], Mapping[str, Unit]]:
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
    return results, outcome.units
