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
from typing import Any

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
    read_one,
    read_planned,
    read_text,
)
from adjudicator.orders.results import OrderEntry, OrderError, entry_like

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
    OrderEntry | None,  # like: the first entry made for these units (another power's entry
]  # is made from its strings, `entry_like`)
"""All a string of one order says once read: what depends on its text only, and the order it
gave the units last met where it names them (a new position mostly meets the same ones). A
plain tuple, unpacked by the names above where it is read: a named tuple's fields, and
unpacking one, are unspecialised in CPython 3.11."""

_Kept = tuple[str, Unit, str | None, Unit | None, OrderEntry | tuple[OrderEntry]]
"""An entry of a string for one power, with what a phase must hold for it to be the answer:
the province of the ordered unit and the unit met there, the province of the other unit (None:
the order names none) and the unit met there (None: none). The entry of an order whose legality
depends on the board is kept alone in a tuple: it is the answer while the board's verdict stays
the same (`Strings._on_board`). The units are the position's own objects:
a new position mostly holds the very same ones (positions share their units), so the usual
check is two look-ups and an identity."""

_Record = tuple[Any, ...]
"""A string's record in the memo: one `_Kept` or None per power (its seat, `_seats`), then
its `_Known`."""


_MEMO_SIZE = 1 << 14
_RETREAT = PhaseKind.RETREAT
"""An enum member as a constant: a member is a slow attribute in CPython 3.11 (~0.3 µs)."""


@cache
def memo(game_map: Map, kind_code: str) -> Memo[_Record]:
    """The strings of one order read on a map in a kind of phase (a few per process). The kind
    may be given as its code or as itself: a PhaseKind is that str (and cheaper than .value)."""
    return Memo(_MEMO_SIZE)


@cache
def _seats(game_map: Map) -> dict[str, int]:
    """Each power's place among the entries a string's record keeps."""
    return {power: seat for seat, power in enumerate(game_map.powers)}


def _read(game_map: Map, kind_code: str, text: str) -> Reading | Planned | Unreadable:
    """What a text says before the power and the position are looked at: by its shape's plan
    when it has one, else through its parse."""
    return read_planned(game_map, kind_code, text) or read_text(game_map, kind_code, text)


def _learn(
    strings: Strings,
    text: str,
    reading: Reading | Planned | Unreadable,
    units: tuple[Unit | None, Unit | None],
) -> _Known:
    """What `text` says, with the order it gives `units` (none when there is no ordered unit);
    the caller keeps it (`Strings._given`)."""
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
                None,
            )
    return known


_NONE = (None,) * 7
"""What a text that names a unit knows when none stands there: no units met, no order."""


def _made(
    like: OrderEntry | None,
    power: str,
    text: str,
    order: model.Order,
    reason: str | None,
) -> OrderEntry:
    """The entry of `text`'s order for `power`: from the strings of one made for another
    power or board when there is one (`like`), else from nothing."""
    if like is None:
        return OrderEntry(power, text, order, reason)
    return entry_like(like, power, reason)


class Strings:
    """The strings of one order of a set of orders, read against its board: what a call needs
    looked up once rather than per power (the memo, the powers' places, the units that take
    orders: in a retreat phase the dislodged ones)."""

    __slots__ = ("board", "empty", "kind", "map", "memo", "own_units", "seats")

    def __init__(self, game_map: Map, board: Board, kind: PhaseKind) -> None:
        self.map = game_map
        self.board = board
        self.kind = kind
        self.memo = memo(game_map, kind)
        self.seats = _seats(game_map)
        self.empty: tuple[None, ...] = (None,) * len(self.seats)
        """A record's seats with no entry kept."""
        self.own_units: Mapping[str, Unit] = board.units
        if kind is _RETREAT:
            self.own_units = {p: gone.unit for p, gone in board.dislodged.items()}

    def one(self, power: str, text: str) -> OrderEntry | OrderError | None:
        """The entry of a string for `power` when it is one order alone, else None."""
        results: list[OrderEntry | OrderError] = []
        return results[0] if self.read(power, (text,), results) else None

    def read(self, power: str, texts: Sequence[str], results: list[OrderEntry | OrderError]) -> int:
        """Read a power's strings while each is one order alone, into `results`; how many
        were. The usual case is the entry kept for the power, when the units it was made for
        stand where the text names them: two look-ups and an identity (see `_Kept`)."""
        known_strings, own_units, units = self.memo, self.own_units, self.board.units
        young, seat = known_strings.young, self.seats[power]  # an older young generation does too
        get_own, get_other, append = own_units.get, units.get, results.append
        start = len(results)  # (each text read appends one result)
        for text in texts:
            try:
                record = young.get(text)
            except TypeError:  # not a string: the sheet's reader says what it is
                return len(results) - start
            if record is None:
                record = known_strings.get(text)
                if record is None:
                    entry = self._first(power, text)
                    if entry is None:
                        return len(results) - start
                    append(entry)
                    continue
            kept = record[seat]
            if kept is not None:
                own, unit, other, found, entry = kept
                if get_own(own) is unit and (
                    other is None
                    or (met := get_other(other)) is found
                    or (
                        met is not None
                        and found is not None
                        and met.location == found.location
                        and met.type is found.type
                    )
                ):
                    if type(entry) is tuple:  # its legality depends on the board
                        entry = self._on_board(power, text, record, entry[0])
                    append(entry)
                    continue
            append(self._again(power, text, record))
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
        is not one order alone (or is one a sheet's rules read otherwise): `read_one`."""
        if text.__class__ is not str:
            return None  # (a str subclass, an Enum's say, is read by its value on the sheet's way)
        reading = read_one(self.map, self.kind, text)
        if reading is None:
            return None
        own = other = None
        if not isinstance(reading, Unreadable):
            own, other = reading.own, reading.other
        unit = None if own is None else self.own_units.get(own)
        found = None if other is None else self.board.units.get(other)
        known = _learn(self, text, reading, (unit, found))
        record = (*self.empty, known)
        wrong = self.owner_error(power, text, own, known[2], unit)
        if wrong is not None:
            self.memo.put(text, record)
            return wrong
        return self._given(power, text, record, unit, found, fresh=True)

    def _again(self, power: str, text: str, record: _Record) -> OrderEntry | OrderError:
        """A string of one order already read, with no entry kept for this power and these
        units: the units it was learnt for (the entry is made now, or its legality depends on
        the board), or others: not `power`'s (an error), missing (a build or waive names none),
        or other units (then the order for these is learnt)."""
        known: _Known = record[-1]
        own, other, span, own_type, own_location, other_type, other_location = known[:7]
        unit = None if own is None else self.own_units.get(own)
        found = None if other is None else self.board.units.get(other)
        same = (
            unit is not None
            and unit.power == power
            and unit.type is own_type
            and unit.location == own_location
            and (
                other_type is None
                if found is None
                else found.type is other_type and found.location == other_location
            )
        )
        if same:
            kept = record[self.seats[power]]
            if kept is not None:  # made for equal units, other objects (a position made anew)
                entry: OrderEntry | tuple[OrderEntry] = kept[4]
                if type(entry) is tuple:
                    return self._on_board(power, text, record, entry[0])
                return entry  # type: ignore[return-value]  # (not a tuple)
        else:
            wrong = self.owner_error(power, text, own, span, unit)
            if wrong is not None:
                return wrong
            if own is not None:
                reading = _read(self.map, self.kind, text)
                known = _learn(self, text, reading, (unit, found))
                return self._given(power, text, (*self.empty, known), unit, found, fresh=True)
        return self._given(power, text, record, unit, found)

    def _given(
        self,
        power: str,
        text: str,
        record: _Record,
        unit: Unit | None,
        found: Unit | None,
        fresh: bool = False,
    ) -> OrderEntry | OrderError:
        """The answer of a known string for `power`'s units (`unit`, and `found` where it names
        another), the ones it was learnt for, with no entry kept for `power`: one made now
        (from the strings of the last one made for these units, `like`, when there is one) and
        kept in the power's seat. `fresh`: the record is not in the memo yet."""
        known: _Known = record[-1]
        order, reason, like = known[7:]
        own = known[0]
        if isinstance(order, Unreadable) or own is None or unit is None:
            if fresh:  # (learnt: kept with no entry; a build or a waive keeps none, rare)
                self.memo.put(text, record)
            if isinstance(order, Unreadable):
                return OrderError(power, text, order.message, order.span)
        assert order is not None
        if reason is ON_BOARD:
            reason = board_reason(self.map, self.board, power, order)
        assert not isinstance(reason, Depends)
        entry = _made(like, power, text, order, reason)
        if own is None or unit is None:
            return entry
        seat = self.seats[power]
        kept: _Kept = (own, unit, known[1], found, (entry,) if known[8] is ON_BOARD else entry)
        if like is None:
            known = (*known[:9], entry)
        self.memo.put(text, (*record[:seat], kept, *record[seat + 1 : -1], known))
        return entry

    def _on_board(self, power: str, text: str, record: _Record, kept: OrderEntry) -> OrderEntry:
        """The entry of a known string whose order's legality depends on the board, for
        `power`'s units: the one kept while the board's verdict stays the same, else one made
        now and kept."""
        known: _Known = record[-1]
        order = known[7]
        assert order is not None and not isinstance(order, Unreadable)
        verdict = board_reason(self.map, self.board, power, order)
        if kept.illegal == verdict:
            return kept
        entry = entry_like(kept, power, verdict)
        seat = self.seats[power]
        own, unit, other, found, _ = record[seat]
        again: _Kept = (own, unit, other, found, (entry,))
        self.memo.put(text, (*record[:seat], again, *record[seat + 1 :]))
        return entry
