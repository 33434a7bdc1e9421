"""Strings of one order, the hot path of reading: what programs send, one order per string.

A string that is one order alone (no header, comment, separator or surrounding space) is read
once and kept by text, with the order it gave the units it named and the entries made for it
(a power each). A new position mostly meets the same units where the text names them: then
the answer is one lookup of the text and one of each unit. Everything kept is immutable and
shared by every thread; a lost race only means learning a text again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
from adjudicator.orders.results import OrderEntry, OrderError, entry_like
from adjudicator.orders.sheet import MAX_ORDER_LENGTH, is_one_order

_Known = tuple[
    str | None,  # own: the province of the ordered unit (None: builds, waives, unreadables)
    str | None,  # other: the province of a supported or convoyed unit, when it has one
    Span | None,  # span: where the ordered unit is written
    UnitType | None,  # own_type, own_location, other_type, other_location: the units last
    str | None,  # met there...
    UnitType | None,
    str | None,
    model.Order | Unreadable | None,  # order: ...and the order the text gave them (None: none)
    str | Depends | None,  # reason: with its fixed legality
    tuple[OrderEntry | None, ...] | None,  # entries: the entries made, a power each
]
"""All a string of one order says once read: what depends on its text only, and the order it
gave the units last met where it names them (a new position mostly meets the same ones), with
the entries made for it. Entries are immutable: one serves every phase where the same power
orders the same units. A plain tuple, unpacked by the names above where it is read: a named
tuple's fields, and unpacking one, are unspecialised in CPython 3.11 (measured: +16k
instructions a dense phase, ~1% of it)."""


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


def _read(game_map: Map, kind_code: str, text: str) -> Reading | Planned | Unreadable:
    """What a text says before the power and the position are looked at: by its shape's plan
    when it has one, else through its parse."""
    return read_planned(game_map, kind_code, text) or read_text(game_map, kind_code, text)


def _learn(
    strings: Strings,
    power: str,
    text: str,
    reading: Reading | Planned | Unreadable,
    units: tuple[Unit | None, Unit | None],
) -> _Known:
    """What `text` says, with the order it gives `units` (none when there is no ordered unit)
    and, when its legality is fixed and the unit is `power`'s, the entry for `power`; kept in
    the memo."""
    game_map, kind_code = strings.map, strings.kind
    if isinstance(reading, Unreadable):
        known: _Known = (None, None, None, None, None, None, None, reading, None, None)
    else:
        unit, found = units
        if unit is None and reading.own is not None:
            known = (reading.own, reading.other, reading.span, *_NONE)
        else:
            own = None if unit is None else ref(unit.type, unit.location)
            other = None if found is None else ref(found.type, found.location)
            read = order_of(game_map, kind_code, text, reading, own, other)
            order: model.Order | Unreadable = read if isinstance(read, Unreadable) else read[0]
            reason = None if isinstance(read, Unreadable) else read[1]
            entries = None
            fixed = not isinstance(order, Unreadable) and reason is not ON_BOARD
            if fixed and unit is not None and unit.power == power:
                assert not isinstance(order, Unreadable | None) and not isinstance(reason, Depends)
                entries = strings.alone(OrderEntry(power, text, order, reason))
            known = (
                reading.own,
                reading.other,
                reading.span,
                None if own is None else own.type,
                None if own is None else own.location,
                None if other is None else other.type,
                None if other is None else other.location,
                order,
                reason,
                entries,
            )
    strings.memo.put(text, known)
    return known


_NONE = (None,) * 7
"""What a text that names a unit knows when none stands there: no units met, no order."""


def _made(
    entries: tuple[OrderEntry | None, ...] | None,
    power: str,
    text: str,
    order: model.Order,
    reason: str | None,
) -> OrderEntry:
    """The entry of `text`'s order for `power`: from the strings of one made for another
    power or board when there is one (`entries`), else from nothing."""
    like = None if entries is None else next(filter(None, entries), None)
    if like is None:
        return OrderEntry(power, text, order, reason)
    return entry_like(like, power, reason)


class Strings:
    """The strings of one order of a set of orders, read against its board: what a call needs
    looked up once rather than per power (the memo, the powers' places, the units that take
    orders: in a retreat phase the dislodged ones)."""

    __slots__ = ("board", "kind", "map", "memo", "own_units", "seats")

    def __init__(self, game_map: Map, board: Board, kind: PhaseKind) -> None:
        self.map = game_map
        self.board = board
        self.kind = kind
        self.memo = memo(game_map, kind)
        self.seats = _seats(game_map)
        self.own_units: Mapping[str, Unit] = board.units
        if kind is _RETREAT:
            self.own_units = {p: gone.unit for p, gone in board.dislodged.items()}

    def alone(self, entry: OrderEntry) -> tuple[OrderEntry | None, ...]:
        """The entries of a string with `entry` alone, in its power's place."""
        return self.seated((None,) * len(self.seats), entry)

    def seated(
        self, entries: tuple[OrderEntry | None, ...], entry: OrderEntry
    ) -> tuple[OrderEntry | None, ...]:
        """`entries` with `entry` in its power's place."""
        seat = self.seats[entry.power]
        return (*entries[:seat], entry, *entries[seat + 1 :])

    def one(self, power: str, text: str) -> OrderEntry | OrderError | None:
        """The entry of a string for `power` when it is one order alone, else None."""
        results: list[OrderEntry | OrderError] = []
        return results[0] if self.read(power, (text,), results) else None

    def read(self, power: str, texts: Sequence[str], results: list[OrderEntry | OrderError]) -> int:
        """Read a power's strings while each is one order alone, into `results`; how many
        were. The usual case takes one lookup of the text and one of each unit it names: when
        the units met are the ones it was learnt for, the entry made then is the answer (or,
        for another power or an order whose legality depends on the board, made now)."""
        known_strings, own_units, units = self.memo, self.own_units, self.board.units
        young, seat = known_strings.young, self.seats[power]  # an older young generation does too
        for done, text in enumerate(texts):
            if text.__class__ is not str:
                return done
            known = young.get(text)
            if known is None:
                known = known_strings.get(text)
                if known is None:
                    entry = self._first(power, text)
                    if entry is None:
                        return done
                    results.append(entry)
                    continue
            (
                own,
                other,
                _,
                own_type,
                own_location,
                other_type,
                other_location,
                _,
                reason,
                entries,
            ) = known  # one step, where each field by name is a slow attribute (CPython 3.11)
            unit = own_units.get(own)  # type: ignore[arg-type]
            found = units.get(other)  # type: ignore[arg-type]
            if (
                unit is not None
                and unit.power == power
                and unit.type is own_type
                and unit.location == own_location
                and (
                    other_type is None
                    if found is None
                    else found.type is other_type and found.location == other_location
                )
            ):
                entry = None if entries is None else entries[seat]
                if entry is None or reason is ON_BOARD:
                    entry = self._given(power, text, known)
                results.append(entry)
            else:
                results.append(self._known(power, text, known, unit, found))
        return len(texts)

    def owner_error(
        self, power: str, text: str, own: str | None, span: Span | None, unit: Unit | None
    ) -> OrderError | None:
        """The error when `unit`, met where the text names the ordered unit (in `own`, written
        at `span`), cannot take `power`'s order."""
        if own is None or (unit is not None and unit.power == power):
            return None
        problem = owner_problem(self.map, self.kind, power, own, unit)
        assert problem is not None and span is not None
        return OrderError(power, text, problem, span)

    def _first(self, power: str, text: str) -> OrderEntry | OrderError | None:
        """A string of one order met for the first time, learnt, and its answer; None when it
        is not one order alone (or is one a sheet's rules read otherwise). Its shape's plan,
        when it has one, is read first: its words tell `is_one_order` it names no power."""
        game_map, kind = self.map, self.kind
        if len(text) > MAX_ORDER_LENGTH:
            return None
        planned = read_planned(game_map, kind, text)
        if not is_one_order(game_map, text, 0 if planned is None else planned.words):
            return None
        reading = read_text(game_map, kind, text) if planned is None else planned
        own = other = None
        if not isinstance(reading, Unreadable):
            own, other = reading.own, reading.other
        unit = None if own is None else self.own_units.get(own)
        found = None if other is None else self.board.units.get(other)
        known = _learn(self, power, text, reading, (unit, found))
        wrong = self.owner_error(power, text, own, known[2], unit)
        return wrong or self._given(power, text, known)

    def _known(
        self, power: str, text: str, known: _Known, unit: Unit | None, found: Unit | None
    ) -> OrderEntry | OrderError:
        """A string of one order already read whose ordered unit is not one it was learnt
        for: not `power`'s (an error), missing (a build or waive names none), or another (or
        another unit where it names the other one): then the order for these is learnt."""
        own, _, span = known[:3]
        wrong = self.owner_error(power, text, own, span, unit)
        if wrong is not None:
            return wrong
        if own is not None:
            reading = _read(self.map, self.kind, text)
            known = _learn(self, power, text, reading, (unit, found))
        return self._given(power, text, known)

    def _given(self, power: str, text: str, known: _Known) -> OrderEntry | OrderError:
        """The answer of a known string for `power`'s units, the ones it was learnt for: the
        entry kept for that power, else one made now (from the strings of one kept for another
        power when there is one) and kept. An order whose legality depends on the board keeps
        one entry, the last made: the answer again while its power and the board's verdict
        stay the same (one per power, with their result lines, took the peak memory of 100k
        phases to 1.52x that of 1k, over the 1.5x allowed)."""
        order, reason, entries = known[7:]
        if isinstance(order, Unreadable):
            return OrderError(power, text, order.message, order.span)
        assert order is not None
        kept = None if entries is None else entries[self.seats[power]]
        if reason is ON_BOARD:
            verdict = board_reason(self.map, self.board, power, order)
            if kept is not None and kept.illegal == verdict:
                return kept
            entry = _made(entries, power, text, order, verdict)
            seated = self.alone(entry)
        elif kept is None:
            assert not isinstance(reason, Depends)
            entry = _made(entries, power, text, order, reason)
            seated = self.alone(entry) if entries is None else self.seated(entries, entry)
        else:
            return kept
        self.memo.put(text, (*known[:9], seated))
        return entry
