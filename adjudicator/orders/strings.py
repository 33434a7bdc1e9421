"""Strings of one order, the hot path of reading: what programs send, one order per string.

A string that is one order alone (no header, comment, separator or surrounding space) is read
once and kept by text, with the order it gave the units it named and the entries made for it
(a power each). A new position mostly meets the same units where the text names them: then
the answer is one lookup of the text and one of each unit. Everything kept is immutable and
shared by every thread; a lost race only means learning a text again.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from adjudicator.board.map import Map
from adjudicator.board.types import PhaseKind, Unit, UnitType
from adjudicator.orders import model
from adjudicator.orders.legality import ON_BOARD, Board, Depends, board_reason
from adjudicator.orders.memo import Memo
from adjudicator.orders.parse import Span
from adjudicator.orders.reader import owner_problem, ref
from adjudicator.orders.reading import (
    Planned,
    Reading,
    Unreadable,
    order_of,
    read_planned,
    read_text,
)
from adjudicator.orders.results import OrderEntry, OrderError
from adjudicator.orders.sheet import MAX_ORDER_LENGTH, is_one_order

_Known = tuple[
    str | None,  # the province of the ordered unit (None for builds and waives)
    str | None,  # the province of a supported or convoyed unit, when it has one
    Span | None,  # where the ordered unit is written
    UnitType | None,  # the type and location of the units last met there...
    str | None,
    UnitType | None,
    str | None,
    model.Order | Unreadable | None,  # ...and the order the text gave them (None: none yet)
    str | Depends | None,  # with its fixed legality
    tuple[OrderEntry | None, ...] | None,  # and, when that is all, the entries made (a power each)
]
"""All a string of one order says once read: what depends on its text only, and the order it
gave the units last met where it names them (a new position mostly meets the same ones).
Entries are immutable: one serves every phase where the same power orders the same units."""

_MEMO_SIZE = 1 << 14
_RETREAT = PhaseKind.RETREAT
"""An enum member as a constant: a member is a slow attribute in CPython 3.11 (~0.3 µs)."""


@cache
def memo(game_map: Map, kind_code: str) -> Memo[_Known]:
    """The strings of one order read on a map in a kind of phase (a few per process). The kind
    may be given as its code or as itself: a PhaseKind is that str (and cheaper than .value)."""
    return Memo(_MEMO_SIZE)


@cache
def _seats(game_map: Map) -> dict[str, int]:
    """Each power's place among the entries a known string keeps."""
    return {power: seat for seat, power in enumerate(game_map.powers)}


def _seated(
    game_map: Map, entries: tuple[OrderEntry | None, ...] | None, entry: OrderEntry
) -> tuple[OrderEntry | None, ...]:
    """`entries` with `entry` in its power's place."""
    seats: list[OrderEntry | None] = (
        [None] * len(game_map.powers) if entries is None else [*entries]
    )
    seats[_seats(game_map)[entry.power]] = entry
    return tuple(seats)


def _units(
    board: Board, retreat: bool, own: str | None, other: str | None
) -> tuple[Unit | None, Unit | None]:
    """The units a reading names, as they stand on the board."""
    if own is None:
        unit = None
    elif retreat:
        dislodged = board.dislodged.get(own)
        unit = dislodged.unit if dislodged else None
    else:
        unit = board.units.get(own)
    return unit, None if other is None else board.units.get(other)


def _learn(
    game_map: Map,
    kind_code: str,
    power: str,
    text: str,
    reading: Reading | Planned | Unreadable,
    units: tuple[Unit | None, Unit | None],
) -> _Known:
    """What `text` says, with the order it gives `units` (none when there is no ordered unit)
    and, when its legality is fixed, the entry for `power`; kept in the memo."""
    if isinstance(reading, Unreadable):
        known: _Known = (None, None, None, None, None, None, None, reading, None, None)
    else:
        unit, found = units
        span = reading.span
        if unit is None and reading.own is not None:
            known = (reading.own, reading.other, span, None, None, None, None, None, None, None)
        else:
            own = None if unit is None else ref(unit.type, unit.location)
            other = None if found is None else ref(found.type, found.location)
            read = order_of(game_map, kind_code, text, reading, own, other)
            order: model.Order | Unreadable = read if isinstance(read, Unreadable) else read[0]
            reason = None if isinstance(read, Unreadable) else read[1]
            entries = None
            if not isinstance(order, Unreadable) and reason is not ON_BOARD:
                entries = _seated(game_map, None, OrderEntry(power, text, order, reason))
            known = (
                reading.own,
                reading.other,
                span,
                None if own is None else own.type,
                None if own is None else own.location,
                None if other is None else other.type,
                None if other is None else other.location,
                order,
                reason,
                entries,
            )
    memo(game_map, kind_code).put(text, known)
    return known


def _owner_error(
    game_map: Map, kind: PhaseKind, power: str, text: str, known: _Known, unit: Unit | None
) -> OrderError | None:
    """The error when the unit met where the text names the ordered unit is not `power`'s."""
    own = known[0]
    if own is None or (unit is not None and unit.power == power):
        return None
    problem = owner_problem(game_map, kind, power, own, unit)
    assert problem is not None and known[2] is not None
    return OrderError(power, text, problem, known[2])


def _given(
    game_map: Map, board: Board, kind: PhaseKind, power: str, text: str, known: _Known
) -> OrderEntry | OrderError:
    """The answer of a known string for `power`'s units, the ones it was learnt for."""
    order, reason, entries = known[7:]
    if isinstance(order, Unreadable):
        return OrderError(power, text, order.message, order.span)
    assert order is not None
    if reason is ON_BOARD:
        return OrderEntry(power, text, order, board_reason(game_map, board, power, order))
    assert entries is not None
    entry = entries[_seats(game_map)[power]]
    if entry is None:
        entry = OrderEntry(power, text, order, reason)
        memo(game_map, kind).put(text, (*known[:9], _seated(game_map, entries, entry)))
    return entry


def _known(
    game_map: Map, board: Board, kind: PhaseKind, power: str, text: str, known: _Known
) -> OrderEntry | OrderError:
    """A string of one order already read: a check of the ordered unit's owner, and the order
    learnt for the units it names unless they are other ones now."""
    unit, found = _units(board, kind is _RETREAT, known[0], known[1])
    wrong = _owner_error(game_map, kind, power, text, known, unit)
    if wrong is not None:
        return wrong
    same = unit is None or (unit.type is known[3] and unit.location == known[4])
    if found is not None:
        same = same and found.type is known[5] and found.location == known[6]
    elif known[5] is not None:
        same = False
    if not same:
        reading = read_text(game_map, kind, text)
        known = _learn(game_map, kind, power, text, reading, (unit, found))
    return _given(game_map, board, kind, power, text, known)


def _first(
    game_map: Map, board: Board, kind: PhaseKind, power: str, text: str
) -> OrderEntry | OrderError | None:
    """A string of one order met for the first time, learnt, and its answer; None when it is
    not one order alone (or is one a sheet's rules read otherwise)."""
    if len(text) > MAX_ORDER_LENGTH or not is_one_order(game_map, text):
        return None
    reading = read_planned(game_map, kind, text) or read_text(game_map, kind, text)
    own = other = None
    if not isinstance(reading, Unreadable):
        own, other = reading.own, reading.other
    units = _units(board, kind is _RETREAT, own, other)
    known = _learn(game_map, kind, power, text, reading, units)
    wrong = _owner_error(game_map, kind, power, text, known, units[0])
    return wrong or _given(game_map, board, kind, power, text, known)


class Strings:
    """The strings of one order of a set of orders, read against its board: what a call needs
    looked up once rather than per power (the memo, the powers' places)."""

    __slots__ = ("board", "kind", "map", "memo", "seats", "usual")

    def __init__(self, game_map: Map, board: Board, kind: PhaseKind) -> None:
        self.map = game_map
        self.board = board
        self.kind = kind
        self.memo = memo(game_map, kind)
        self.seats = _seats(game_map)
        self.usual = kind is not _RETREAT  # units stand where they are ordered

    def one(self, power: str, text: str) -> OrderEntry | OrderError | None:
        """The entry of a string for `power` when it is one order alone, else None."""
        known = self.memo.get(text)
        if known is None:
            return _first(self.map, self.board, self.kind, power, text)
        return _known(self.map, self.board, self.kind, power, text, known)

    def read(self, power: str, texts: Sequence[str], results: list[OrderEntry | OrderError]) -> int:
        """Read a power's strings while each is one order alone, into `results`; how many
        were. The usual case takes one lookup of the text and one of each unit it names: when
        the units met are the ones it was learnt for, the entry made then is the answer (or,
        for another power or an order whose legality depends on the board, made now)."""
        game_map, board, kind, known_strings = self.map, self.board, self.kind, self.memo
        young, units = known_strings.young, board.units  # an older young generation does too
        usual, seat = self.usual, self.seats[power]
        for done, text in enumerate(texts):
            known = young.get(text) if text.__class__ is str else None
            if known is None:
                if text.__class__ is not str:
                    return done
                known = known_strings.get(text)
                if known is None:
                    entry = _first(game_map, board, kind, power, text)
                    if entry is None:
                        return done
                    results.append(entry)
                    continue
            elif usual:
                unit, found = units.get(known[0]), units.get(known[1])  # type: ignore[arg-type]
                if (
                    unit is not None
                    and unit.power == power
                    and unit.type is known[3]
                    and unit.location == known[4]
                    and (
                        known[5] is None
                        if found is None
                        else found.type is known[5] and found.location == known[6]
                    )
                ):
                    entries = known[9]
                    entry = None if entries is None else entries[seat]
                    if entry is None:
                        entry = _given(game_map, board, kind, power, text, known)
                    results.append(entry)
                    continue
            results.append(_known(game_map, board, kind, power, text, known))
        return len(texts)
