"""Strings of one order, the hot path of reading: what programs send, one order per string.

A string that is one order alone (no header, comment, separator or surrounding space) is read
once and kept by text, with the order it gave the units it named and the entries made for it
(a power each), each with the unit it was made for. A new position mostly holds the very same
Unit objects where the text names them (positions share their units): then the answer is one
lookup of the text, one of the unit and an identity. What is kept is shared by every
thread: the orders and entries are immutable, and a record only ever gains or replaces an entry
for one power, in place (`_Record`); a lost race only means learning a text again.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Final

from adjudicator.board.map import Map
from adjudicator.board.types import PhaseKind, Unit, UnitType
from adjudicator.orders import model
from adjudicator.orders.legality import ON_BOARD, Depends, board_verdict
from adjudicator.orders.memo import Memo
from adjudicator.orders.onboard import Board
from adjudicator.orders.parse import Span
from adjudicator.orders.reader import REFS, owner_problem, ref
from adjudicator.orders.reading import (
    Planned,
    Read,
    Reading,
    Unreadable,
    order_of,
    planned_order,
    read_one,
    read_planned,
    read_text,
    shared_span,
)
from adjudicator.orders.results import OrderEntry, OrderError, entry_like, new_entry
from adjudicator.orders.sheet import own_keys, power_key

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
    # is made from its strings, `entry_like`)
    tuple[str, ...] | None,  # held: the convoy areas a legal verdict of the board rested on
]  # (`legality.board_verdict`; None: none yet)
"""All a string of one order says once read: what depends on its text only, and the order it
gave the units last met where it names them (a new position mostly meets the same ones). A
plain tuple, read by the places of the names above: a named tuple's fields, and unpacking one,
are unspecialised in CPython 3.11."""

_Record = list[Any]
"""A string's record in the memo, one flat list (one object a string: memory): the eleven fields
of its `_Known` (`record[:_KNOWN]`: read by constant indices, which CPython 3.11 specialises,
where a negative one is a generic subscript); then for each power (its seat, `_layout`) the
entry kept for it or None; then for each power the Unit object that entry was made for
(`_UNMET`: no entry, or one whose legality depends on the board, which `Strings._again`
checks each time, `_verdict`). The units met are the position's own objects: a new position mostly
holds the very same ones, so the usual check is one look-up of the place the text names and an
identity; the other unit a support or convoy names is checked by its type and place
(`_Known`), whoever owns it.

Its `_Known` never changes (other units met make a new record) but for `held`, set in place as an
entry made for another power, or another unit object, is set in its seat (`Strings._given`: copying
the record cost more than the entry): any areas set there make a legal verdict, as the board found
it (`Strings._verdict`). Threads racing to set one seat may leave one's entry with the other's unit:
each was made for a unit of that power where the text names it, of the type and place `_Known` says,
and the entry depends on nothing else, so any pair still holds."""

_KNOWN: Final = 11
_UNMET: Final = object()
"""A seat's unit met when no entry stands for a unit: never the look-up of a place (a Unit,
or None where none stands), so `Strings.read`'s identity fails and `_again` answers."""


_MEMO_SIZE: Final = 3 << 12
"""Strings a generation of the memo holds (so at most twice as many are kept): the memory of a
long batch (100,000 phases: records, entries and lines of ~24,000 strings, within 1.5x of a
1,000-phase run) against the strings met again (a dense phase meets ~31, ~1.7 of them new)."""
_RETREAT: Final = PhaseKind.RETREAT
"""An enum member as a constant: a member is a slow attribute in CPython 3.11 (~0.3 µs)."""


def memo(game_map: Map, kind_code: str) -> Memo[_Record]:
    """The strings of one order read on a map in a kind of phase (a few per process). The kind
    may be given as its code or as itself: a PhaseKind is that str (and cheaper than .value)."""
    return _memo_in(_layout(game_map)[4], kind_code)


def _memo_in(memos: dict[str, Memo[_Record]], kind_code: str) -> Memo[_Record]:
    """`memo` among a map's memos by kind (`_layout`'s), made when first asked for."""
    found = memos.get(kind_code)
    if found is None:
        found = memos.setdefault(kind_code, Memo(_MEMO_SIZE))
    return found


def forget() -> None:
    """Forget every string read (a test starts cold)."""
    _LAYOUTS.clear()


_Layout = tuple[
    dict[str, int], int, tuple[object, ...], _Record, dict[str, Memo[_Record]], dict[str, int]
]


def _layout(game_map: Map) -> _Layout:
    """A map's records (`_Record`), for `Strings` (made once): each power's seat (the index
    of the entry a record keeps for it, after its `_Known`), how many powers, then a record's
    entries and units met with none kept, the record of a string not in the memo (never
    changed), the map's memos by kind (`memo`) and the seats of the keys of a set of orders
    that are their own power (`sheet.own_keys`)."""
    found = _LAYOUTS.get(game_map)
    if found is None:
        seats = {power: seat for seat, power in enumerate(game_map.powers, _KNOWN)}
        width = len(seats)
        empty = (None,) * width + (_UNMET,) * width
        unknown: _Record = [*(None,) * _KNOWN, *empty]
        own = {key: seats[key] for key in own_keys(game_map)}
        layout: _Layout = seats, width, empty, unknown, {}, own
        found = _LAYOUTS.setdefault(game_map, layout)
    return found


_LAYOUTS: Final[dict[Map, _Layout]] = {}
"""Map -> its `_layout` (a few per process): a plain dict's look-up, a fraction of a
`functools.cache` call's, once for the layout and the memo of a set of orders (`Strings`)."""


def _learn(
    strings: Strings,
    text: str,
    reading: Reading | Planned | Unreadable,
    unit: Unit | None,
    found: Unit | None,
) -> _Record:
    """The record of what `text` says (`_Record`), with the order it gives `unit` and `found`,
    the units met where it names them (none when there is no ordered unit), and no entry kept;
    the caller keeps it (`Strings._given`)."""
    planned: Planned | None = None
    given: Reading | Planned
    if type(reading) is tuple:  # a `Planned` (a new text's usual reading): read by places
        # (mypy narrows `type(x) is tuple` to a tuple of any length, not to `Planned`)
        plan: Planned = reading  # type: ignore[assignment]
        planned = given = plan
        own_at: str | None = plan[1]
        other_at = plan[2]
        span: Span | None = plan[3]  # (shared: `reading.shared_span`)
    elif type(reading) is Reading:
        given = reading
        own_at, other_at = reading.own, reading.other
        span = None if reading.span is None else shared_span(reading.span)
    else:
        return [None, None, None, None, None, None, None, reading, None, None, None, *strings.empty]
    if unit is None:
        if own_at is not None:
            return [own_at, other_at, span, *_NONE, *strings.empty]
        own = None
    else:  # (`ref`'s, looked up: the call only for a unit's first)
        own = REFS[unit.type].get(unit.location) or ref(unit.type, unit.location)
    other = None
    if found is not None:
        other = REFS[found.type].get(found.location) or ref(found.type, found.location)
    if planned is not None and own is not None:  # (a `Planned` names an ordered unit)
        read = planned_order(strings.map, strings.kind, text, planned, own, other)
    else:
        read = order_of(strings.map, strings.kind, text, given, own, other)
    return _record(own_at, other_at, span, own, other, read, strings.empty)


def _record(
    own_at: str | None,
    other_at: str | None,
    span: Span | None,
    own: model.UnitRef | None,
    other: model.UnitRef | None,
    read: Read,
    empty: tuple[object, ...],
) -> _Record:
    """The one writer of a read text's record (`_Record`): where it names its units and its
    unit, the units met there (`own`, `other`), the order it gave them with its fixed legality
    (`read`), and no entry kept (`empty`, `Strings.empty`)."""
    order, reason = (read, None) if type(read) is Unreadable else read
    return [
        own_at,
        other_at,
        span,
        None if own is None else own.type,
        None if own is None else own.location,
        None if other is None else other.type,
        None if other is None else other.location,
        order,
        reason,
        None,
        None,
        *empty,
    ]


_NONE: Final = (None,) * 8
"""What a text that names a unit knows when none stands there: no units met, order, entry..."""


class Strings:
    """The strings of one order of a set of orders, read against its board: what a call needs
    looked up once rather than per power (the memo, the powers' places, the units that take
    orders: in a retreat phase the dislodged ones)."""

    __slots__ = (
        "board",
        "empty",
        "faulty",
        "kind",
        "map",
        "memo",
        "own_seats",
        "own_units",
        "seats",
        "unknown",
        "width",
    )

    def __init__(self, game_map: Map, board: Board, kind: PhaseKind) -> None:
        self.map = game_map
        self.board = board
        self.kind = kind
        layout = _LAYOUTS.get(game_map) or _layout(game_map)  # (the call: a map's first)
        self.seats, self.width, self.empty, self.unknown, memos, self.own_seats = layout
        """The powers' seats, where a record's units met start (after an entry for each
        power), a record's entries and units met with none kept, the record of a string not
        in the memo (it has no entry), and the seats of the keys that are their own power."""
        memo = memos.get(kind)  # (not `or`: a Memo's truth is its __len__, a call)
        self.memo = _memo_in(memos, kind) if memo is None else memo
        self.own_units = board.units
        if kind is _RETREAT:
            self.own_units = {p: gone.unit for p, gone in board.dislodged.items()}
        self.faulty = False
        """Has an error entry been made (`owner_error`, an unreadable string's)?"""

    def one(self, power: str, text: str) -> OrderEntry | OrderError | None:
        """The entry of a string for `power` when it is one order alone, else None."""
        results: list[OrderEntry | OrderError] = []
        sets = iter(((power, (text,)),))
        seated = {power: self.seats[power]}
        return None if self.read(sets, results, seated) else results[0]

    def read(
        self,
        sets: Iterator[tuple[str, Sequence[str]]],
        results: list[OrderEntry | OrderError],
        own_seats: dict[str, int] | None = None,
    ) -> tuple[str, Sequence[str], int] | None:
        """Read sets of orders (a power's key, its strings: any sequence, or one string), in
        turn, while each string is one order alone, into `results`: None when all were, else
        the power of the set where one was not, its strings and how many of them were read (a
        sheet's reader reads the rest, then the sets left). One call a set of orders: the
        look-ups below are made once, not once a power. `own_seats`: the seats of the keys
        that are their own power (by default the map's, `sheet.own_keys`, in `_layout`): one
        look-up for the usual key, a power's code. The usual case is the entry kept for
        the power, when the unit it was made for stands where the text names it and the other
        unit it names is as it was (`_Record`)."""
        known_strings, own_units, units = self.memo, self.own_units, self.board.units
        young, seats, width = known_strings.young, self.seats, self.width
        # (typed, as the entry and the unit found below are, the units' dicts looked up and
        # `results.append` called on the list: compiled code does each natively)
        unknown = self.unknown
        if own_seats is None:
            own_seats = self.own_seats
        for key, given in sets:
            # (a list, typed: compiled, its items are read natively, as `type` is called)
            texts: list[str] = (
                given if type(given) is list else [given] if isinstance(given, str) else list(given)
            )
            seat = own_seats.get(key)
            if seat is not None:
                power = key
            else:  # a key that names a power otherwise ('france'), or none
                power = power_key(self.map, key)
                seat = seats.get(power)
                if seat is None:
                    return power, texts, 0
            met_at = seat + width
            start = len(results)  # (each text read appends one result)
            for text in texts:
                try:  # (records are never empty: `unknown` when there is none)
                    record = young.get(text) or known_strings.older(text) or unknown
                except TypeError:  # not a string: the sheet's reader says what it is
                    return power, texts, len(results) - start
                if own_units.get(record[0]) is record[met_at]:  # (see `_Known`; else `_UNMET`)
                    other = record[1]
                    if other is None:
                        results.append(record[seat])  # (the entry kept: see `_Record`)
                        continue
                    found: Unit | None = units.get(other)
                    if (
                        record[5] is None
                        if found is None
                        else found.type is record[5] and found.location == record[6]
                    ):
                        results.append(record[seat])
                        continue
                again = (  # (`unknown`: a string not in the memo, met for the first time)
                    self._first(power, seat, text)
                    if record is unknown
                    else self._again(power, seat, text, record)
                )
                if again is None:
                    return power, texts, len(results) - start
                results.append(again)
        return None

    def owner_error(
        self, power: str, text: str, own: str | None, span: Span | None, unit: Unit | None
    ) -> OrderError | None:
        """The error when `unit`, met where the text names the ordered unit (in `own`, written
        at `span`), cannot take `power`'s order."""
        if own is None or (unit is not None and unit.power == power):
            return None
        problem = owner_problem(self.map, self.kind, power, own, unit)
        assert problem is not None and span is not None
        self.faulty = True
        return OrderError(power, text, problem, span)

    def _first(self, power: str, seat: int, text: str) -> OrderEntry | OrderError | None:
        """A string of one order met for the first time, learnt, and its answer; None when it
        is not one order alone (or is one a sheet's rules read otherwise): `read_one`. The usual
        one, planned, of a unit of `power`, is learnt here."""
        if type(text) is not str:
            return None  # (a str subclass, an Enum's say, is read by its value on the sheet's way)
        reading = read_one(self.map, self.kind, text)
        if type(reading) is not tuple:  # (a `Planned`: see `_learn`)
            return None if reading is None else self._first_other(power, seat, text, reading)
        plan: Planned = reading  # type: ignore[assignment]
        unit = self.own_units.get(plan[1])
        if unit is None or unit.power != power:
            return self._first_other(power, seat, text, plan)
        other_at = plan[2]
        found = None if other_at is None else self.board.units.get(other_at)
        own = REFS[unit.type].get(unit.location) or ref(unit.type, unit.location)
        other = None
        if found is not None:
            other = REFS[found.type].get(found.location) or ref(found.type, found.location)
        read = planned_order(self.map, self.kind, text, plan, own, other)
        record = _record(plan[1], other_at, plan[3], own, other, read, self.empty)
        order, reason = record[7], record[8]
        if type(order) is Unreadable or reason is ON_BOARD:
            return self._given(power, seat, text, record, unit, True)
        # `_given`'s usual case, with no call: the text's first entry, kept with the unit
        entry = new_entry(power, text, order, reason)
        record[seat] = entry  # (the entry first: see `_Record`)
        record[seat + self.width] = unit
        record[9] = entry
        self.memo.put(text, record)
        return entry

    def _first_other(
        self, power: str, seat: int, text: str, reading: Reading | Planned | Unreadable
    ) -> OrderEntry | OrderError | None:
        """`_first` of a text not planned, or not naming a unit of `power`."""
        own: str | None = None
        other: str | None = None
        if type(reading) is tuple:  # (a `Planned`: see `_learn`)
            plan: Planned = reading  # type: ignore[assignment]
            own, other = plan[1], plan[2]
        elif type(reading) is Reading:
            own, other = reading.own, reading.other
        unit = None if own is None else self.own_units.get(own)
        found = None if other is None else self.board.units.get(other)
        record = _learn(self, text, reading, unit, found)
        if unit is None or unit.power != power:  # (else `owner_error` finds none: no call)
            wrong = self.owner_error(power, text, record[0], record[2], unit)
            if wrong is not None:
                self.memo.put(text, record)
                return wrong
        return self._given(power, seat, text, record, unit, True)

    def _again(
        self, power: str, seat: int, text: str, record: _Record
    ) -> OrderEntry | OrderError | None:
        """`read`'s answer when no entry is kept for `power` and the units met, for a string
        of one order already read (`_first` reads one not in the memo), with no entry for
        this power and these units at once: the units it was learnt for (an
        entry made for equal units of other objects, or one whose legality depends on the
        board, or none yet), or others: not `power`'s (an error), missing (a build or waive
        names none), or other units (then the order for these is learnt)."""
        own, other = record[0], record[1]  # (see `_Known`: each field read where it is used)
        unit = None if own is None else self.own_units.get(own)
        found = None if other is None else self.board.units.get(other)
        own_location: str | None = record[4]  # (typed: compiled, compared as strs)
        same = (
            unit is not None
            and unit.power == power
            and unit.type is record[3]
            and own_location is not None
            and unit.location == own_location
            and (  # (no other unit named: none met; else as `read` checks it)
                other is None
                or (
                    record[5] is None
                    if found is None
                    else found.type is record[5] and found.location == record[6]
                )
            )
        )
        if same:
            kept: OrderEntry | None = record[seat]
            reason = record[8]
            if kept is not None:
                if reason is not ON_BOARD:
                    return kept
                # (the board's verdict asked again: the entry kept while it stays the same)
                verdict = self._verdict(power, record)
                if kept.illegal != verdict:
                    kept = record[seat] = entry_like(kept, power, verdict)
                return kept
            like: OrderEntry | None = record[9]
            if like is not None and reason is not ON_BOARD:
                # `_given`'s usual case, with no call: these units' entry for another power
                # made again for this one (`entry_like`, with one call fewer), and kept
                entry = new_entry(power, like.input, record[7], reason, like)
                record[seat] = entry  # (the entry first: see `_Record`)
                record[seat + self.width] = unit
                return entry
        else:
            wrong = self.owner_error(power, text, own, record[2], unit)
            if wrong is not None:
                return wrong
            if own is not None:
                game_map, kind = self.map, self.kind
                reading = read_planned(game_map, kind, text) or read_text(game_map, kind, text)
                record = _learn(self, text, reading, unit, found)
                return self._given(power, seat, text, record, unit, True)
        return self._given(power, seat, text, record, unit)

    def _given(
        self,
        power: str,
        seat: int,
        text: str,
        record: _Record,
        unit: Unit | None,
        fresh: bool = False,
    ) -> OrderEntry | OrderError:
        """The answer of a known string for `power`'s unit (`unit`), the one it was learnt
        for, with no entry kept for `power`: one made now (from the strings of the first one
        made for these units, `like`, when there is one) and kept in the power's seat, with
        the unit (none for an order whose legality depends on the board), in place. `fresh`:
        `record` is a new text's, put in the memo here (none is there yet; given by
        position: a call with a keyword is not CPython 3.11's specialised one)."""
        order: model.Order | Unreadable | None = record[7]  # (typed: compiled, their
        like: OrderEntry | None = record[9]  # fields are read natively; see `_Known`)
        reason = record[8]
        if type(order) is Unreadable:
            if fresh:  # (learnt: kept with no entry)
                self.memo.put(text, record)
            self.faulty = True
            return OrderError(power, text, order.message, order.span)
        assert order is not None
        board = reason is ON_BOARD  # (else the verdict is fixed: a reason or None)
        if board:
            reason = self._verdict(power, record)
        if like is None:  # the first entry made for these units
            entry = like = new_entry(power, text, order, reason)
        else:  # `entry_like(like, power, reason)`, with one call fewer
            entry = new_entry(power, like.input, order, reason, like)
        if unit is not None and record[0] is not None:  # (a build or a waive: none kept)
            record[seat] = entry  # (the entry first: see `_Record`)
            record[seat + self.width] = _UNMET if board else unit
            record[9] = like
        if fresh:
            self.memo.put(text, record)
        return entry

    def _verdict(self, power: str, record: _Record) -> str | None:
        """The board's verdict on the order of a record whose legality depends on it, given
        the convoy areas a legal verdict last rested on (`held`), and those it rests on now
        kept (`legality.board_verdict`)."""
        verdict, rests_on = board_verdict(self.map, self.board, power, record[7], record[10])
        if rests_on:
            record[10] = rests_on
        return verdict
