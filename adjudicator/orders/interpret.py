"""From players' order texts to typed orders: the lenient, position-aware reader.

Every non-blank line that is not a power header or a comment ends as exactly one OrderEntry or
OrderError (or one per order when a line holds several, separated by ',' or ';'). Nothing raises
out of `interpret_orders`: bad text, unknown names, foreign units and conflicting orders all
become error entries that quote the input and point at the bad part.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache

from adjudicator.board.map import Map
from adjudicator.board.position import Position
from adjudicator.board.rules import DEFAULT_RULES, Rules
from adjudicator.board.types import PhaseKind, Unit, UnitType
from adjudicator.orders import model
from adjudicator.orders.daide import daide_power, is_daide, read_raw
from adjudicator.orders.legality import Board, Depends, board_of, board_reason, fixed_reason
from adjudicator.orders.memo import Memo
from adjudicator.orders.parse import (
    RawOrder,
    RawUnit,
    Span,
    SyntaxProblem,
)
from adjudicator.orders.reader import (
    FORMS,
    WRONG_PHASE,
    Problem,
    Reader,
    owner_problem,
    ref,
    stray_word,
)
from adjudicator.orders.results import COMMENT, OrderEntry, OrderError
from adjudicator.orders.settle import Candidate, order_key, settle
from adjudicator.orders.sheet import (
    AFTER_ORDER,
    MAX_ORDER_LENGTH,
    ORDER,
    ORDER_IN_COMMENT,
    TOO_LONG,
    is_one_order,
    power_key,
    text_pieces,
)
from adjudicator.orders.spelling import NOT_AN_ORDER, is_chatter

# -- the whole set ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Reading:
    """One order's text as far as it can be read without the power and the position: where
    the units it names stand. Immutable: it lives in a cache shared by every thread."""

    raw: RawOrder
    own: str | None  # the province of the ordered unit (None for builds and waives)
    other: str | None  # the province of a supported or convoyed unit, when it has one


@dataclass(frozen=True, slots=True)
class _Unreadable:
    """Why a text cannot be an order (a cached value, so not the exception itself)."""

    message: str
    span: Span


def _province_of(reader: Reader, raw: RawUnit | None) -> str | None:
    if raw is None:
        return None
    try:
        return reader.unit_place(raw).province
    except Problem:
        return None


def _read_text(game_map: Map, kind_code: str, text: str) -> _Reading | _Unreadable:
    """What one order's text says before the power and the position are looked at, or why it
    cannot be an order whatever they are."""
    kind = _KINDS[kind_code]
    raw = read_raw(game_map, text)
    if isinstance(raw, SyntaxProblem):
        if is_chatter(game_map, text):
            return _Unreadable(NOT_AN_ORDER, (0, len(text)))
        stray = stray_word(game_map, text, raw.message)
        return (
            _Unreadable(stray.message, stray.span) if stray else _Unreadable(raw.message, raw.span)
        )
    if raw.form not in FORMS[kind]:
        return _Unreadable(WRONG_PHASE[kind], (0, len(text)))
    reader = Reader(game_map, kind, text, None, None)
    own = None
    if raw.form not in ("waive", "build_after", "build_before"):
        assert raw.unit is not None
        try:
            own = reader.unit_place(raw.unit).province
        except Problem as problem:
            return _Unreadable(problem.message, problem.span)
    return _Reading(raw, own, _province_of(reader, raw.other))


_reading = lru_cache(maxsize=1 << 12)(_read_text)
"""`_read_text`, cached for the pieces of sheets (a string of one order has its `_memo`)."""

_Place = tuple[bool, str]
"""A unit as a cache key: (is it a fleet?, its location)."""
_TYPE = {True: UnitType.FLEET, False: UnitType.ARMY}
_KINDS = {kind.value: kind for kind in PhaseKind}
_Read = tuple[model.Order, str | Depends | None] | _Unreadable


def _order_of(
    game_map: Map,
    kind_code: str,
    text: str,
    raw: RawOrder,
    own: model.UnitRef | None,
    other: model.UnitRef | None,
) -> _Read:
    """The order a text gives the units it names as they stand, whoever owns them, with the
    part of its legality that does not depend on the rest of the board."""
    try:
        order = Reader(game_map, _KINDS[kind_code], text, own, other).order(raw)
    except Problem as problem:
        return _Unreadable(problem.message, problem.span)
    return order, fixed_reason(game_map, order)


@lru_cache(maxsize=1 << 12)
def _order(
    game_map: Map, kind_code: str, text: str, own: _Place | None, other: _Place | None
) -> _Read:
    """`_order_of` for the units as cache keys."""
    reading = _reading(game_map, kind_code, text)
    assert isinstance(reading, _Reading)
    units = (
        None if own is None else ref(_TYPE[own[0]], own[1]),
        None if other is None else ref(_TYPE[other[0]], other[1]),
    )
    return _order_of(game_map, kind_code, text, reading.raw, *units)


def _sheetless(game_map: Map, kind_code: str, power: str, text: str) -> str | OrderError:
    """The power of an order for which the sheet names no known power: a DAIDE order's own
    (its first token), else an error entry."""
    if not power and len(text) <= MAX_ORDER_LENGTH and is_daide(text):
        named = daide_power(game_map, text)
        if named is not None:
            return named
        unread = _reading(game_map, kind_code, text)
        if isinstance(unread, _Unreadable):
            return OrderError(power, text, unread.message, unread.span)
    if len(text) <= MAX_ORDER_LENGTH and not is_daide(text) and is_chatter(game_map, text):
        return OrderError(power, text, NOT_AN_ORDER, (0, len(text)))
    wanted = "no power given: start with a header such as 'England:'"
    message = f"unknown power '{power}'" if power else wanted
    return OrderError(power, text, message, (0, len(text)))


def _one(
    game_map: Map, board: Board, kind: PhaseKind, kind_code: str, power: str, text: str
) -> OrderEntry | OrderError:
    """One order's text read for a power against the board. The two cached steps depend on
    the text and the units it names only (never on who sends it), so a new position meets
    texts already read: what the text names, then the order it gives those units."""
    if power not in game_map.powers:
        named = _sheetless(game_map, kind_code, power, text)
        if isinstance(named, OrderError):
            return named
        power = named
    if len(text) > MAX_ORDER_LENGTH:
        return OrderError(power, text, TOO_LONG.format(len(text)), (MAX_ORDER_LENGTH, len(text)))
    reading = _reading(game_map, kind_code, text)
    if isinstance(reading, _Unreadable):
        return OrderError(power, text, reading.message, reading.span)
    own = None
    if reading.own is not None:
        if kind is PhaseKind.RETREAT:
            dislodged = board.dislodged.get(reading.own)
            unit = dislodged.unit if dislodged else None
        else:
            unit = board.units.get(reading.own)
        if unit is None or unit.power != power:
            problem = owner_problem(game_map, kind, power, reading.own, unit)
            assert problem is not None and reading.raw.unit is not None
            return OrderError(power, text, problem, reading.raw.unit.span)
        own = (unit.type is _FLEET, unit.location)
    # whoever owns the other unit: only its type and place matter
    found = None if reading.other is None else board.units.get(reading.other)
    other = None if found is None else (found.type is _FLEET, found.location)
    read = _order(game_map, kind_code, text, own, other)
    if isinstance(read, _Unreadable):
        return OrderError(power, text, read.message, read.span)
    order, reason = read
    if reason is Depends.ON_BOARD:
        reason = board_reason(game_map, board, power, order)
    return OrderEntry(power, text, order, reason)


_FLEET = UnitType.FLEET


def _comment(game_map: Map, kind_code: str, power: str, kind: str, text: str) -> OrderError:
    """A comment's entry: an ignored comment, or an error when it follows an order on the same
    line and itself reads as an order ('A Par - Bur // A Mar - Spa': that order is not lost)."""
    if kind == AFTER_ORDER:
        marker = "//" if text.startswith("//") else text[:1]
        start = len(text) - len(text[len(marker) :].lstrip())
        body = text[start:]
        readable = 0 < len(body) <= MAX_ORDER_LENGTH
        if readable and isinstance(_reading(game_map, kind_code, body), _Reading):
            return OrderError(power, text, ORDER_IN_COMMENT.format(marker), (start, len(text)))
    return OrderError(power, text, "ignored comment", (0, len(text)), COMMENT)


# -- strings of one order: the hot path ---------------------------------------------------

_Known = tuple[
    str | None,  # the province of the ordered unit (None for builds and waives)
    str | None,  # the province of a supported or convoyed unit, when it has one
    Span | None,  # where the ordered unit is written
    UnitType | None,  # the type and location of the units last met there...
    str | None,
    UnitType | None,
    str | None,
    model.Order | _Unreadable | None,  # ...and the order the text gave them (None: none yet)
    str | Depends | None,  # with its fixed legality
    tuple[OrderEntry | None, ...] | None,  # and, when that is all, the entries made (a power each)
]
"""All a string of one order says once read: what depends on its text only, and the order it
gave the units last met where it names them (a new position mostly meets the same ones).
Entries are immutable: one serves every phase where the same power orders the same units."""

_MEMO_SIZE = 1 << 14


@cache
def _memo(game_map: Map, kind_code: str) -> Memo[_Known]:
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
    reading: _Reading | _Unreadable,
    units: tuple[Unit | None, Unit | None],
) -> _Known:
    """What `text` says, with the order it gives `units` (none when there is no ordered unit)
    and, when its legality is fixed, the entry for `power`; kept in the memo."""
    if isinstance(reading, _Unreadable):
        known: _Known = (None, None, None, None, None, None, None, reading, None, None)
    else:
        unit, found = units
        span = None if reading.raw.unit is None else reading.raw.unit.span
        if unit is None and reading.own is not None:
            known = (reading.own, reading.other, span, None, None, None, None, None, None, None)
        else:
            own = None if unit is None else ref(unit.type, unit.location)
            other = None if found is None else ref(found.type, found.location)
            read = _order_of(game_map, kind_code, text, reading.raw, own, other)
            order: model.Order | _Unreadable = read if isinstance(read, _Unreadable) else read[0]
            reason = None if isinstance(read, _Unreadable) else read[1]
            entries = None
            if not isinstance(order, _Unreadable) and reason is not Depends.ON_BOARD:
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
    _memo(game_map, kind_code).put(text, known)
    return known


def _known(
    game_map: Map,
    board: Board,
    kind: PhaseKind,
    power: str,
    text: str,
    known: _Known,
) -> OrderEntry | OrderError:
    """`_one` for a string of one order already read: a check of the ordered unit's owner, and
    the order learnt for the units it names unless they are other ones now."""
    own, other, span, own_type, own_location, other_type, other_location, order, reason, entries = (
        known
    )
    if kind is PhaseKind.RETREAT:
        unit, found = _units(board, True, own, other)
    else:
        unit = None if own is None else board.units.get(own)
        found = None if other is None else board.units.get(other)
    if unit is not None and unit.power == power:
        same = unit.type is own_type and unit.location == own_location
    elif own is None:
        same = True
    else:
        problem = owner_problem(game_map, kind, power, own, unit)
        assert problem is not None and span is not None
        return OrderError(power, text, problem, span)
    if found is not None:
        same = same and found.type is other_type and found.location == other_location
    elif other_type is not None:
        same = False
    if not same:
        kind_code = kind.value
        reading = _read_text(game_map, kind_code, text)
        known = _learn(game_map, kind_code, power, text, reading, (unit, found))
        order, reason, entries = known[7:]
    if isinstance(order, _Unreadable):
        return OrderError(power, text, order.message, order.span)
    assert order is not None
    if reason is Depends.ON_BOARD:
        return OrderEntry(power, text, order, board_reason(game_map, board, power, order))
    assert entries is not None
    entry = entries[_seats(game_map)[power]]
    if entry is None:
        entry = OrderEntry(power, text, order, reason)
        _memo(game_map, kind).put(text, (*known[:9], _seated(game_map, entries, entry)))
    return entry


def _first(game_map: Map, board: Board, kind: PhaseKind, power: str, text: str) -> _Known | None:
    """A string of one order met for the first time (for its power, on this board), learnt;
    None when it is not one order alone (or is one a sheet's rules read otherwise)."""
    if len(text) > MAX_ORDER_LENGTH or not is_one_order(game_map, text):
        return None
    kind_code = kind.value
    reading = _read_text(game_map, kind_code, text)
    own = other = None
    if isinstance(reading, _Reading):
        own, other = reading.own, reading.other
    units = _units(board, kind is PhaseKind.RETREAT, own, other)
    return _learn(game_map, kind_code, power, text, reading, units)


def _strings(
    game_map: Map,
    board: Board,
    kind: PhaseKind,
    power: str,
    texts: Sequence[str],
    results: list[OrderEntry | OrderError],
) -> int:
    """Read a power's strings while each is one order alone, into `results`; how many were.
    The usual case takes one lookup of the text and one of each unit it names: the entry
    learnt is the answer when the units met are the ones it was learnt for."""
    memo = _memo(game_map, kind)
    young, units = memo.young, board.units  # an older young generation answers just as well
    usual = kind is not PhaseKind.RETREAT
    seat = _seats(game_map)[power]
    for done, text in enumerate(texts):
        known = young.get(text) if text.__class__ is str else None
        if known is None:
            if text.__class__ is not str:
                return done
            known = memo.get(text) or _first(game_map, board, kind, power, text)
            if known is None:
                return done
        elif usual and known[9] is not None and (entry := known[9][seat]) is not None:
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
                results.append(entry)
                continue
        results.append(_known(game_map, board, kind, power, text, known))
    return len(texts)


def _read_pieces(
    game_map: Map,
    board: Board,
    kind: PhaseKind,
    found: list[tuple[str, str, str, str]],
    results: list[OrderEntry | OrderError],
) -> None:
    """Read the pieces of a sheet, orders and comments, into `results`."""
    kind_code = kind.value
    for piece_power, piece_kind, piece, verb in found:
        if piece_kind == ORDER:
            entry = _one(game_map, board, kind, kind_code, piece_power, piece)
            if verb and isinstance(entry, OrderError):  # under 'Builds:', 'A Ber' builds
                with_verb = _one(game_map, board, kind, kind_code, piece_power, f"{verb} {piece}")
                entry = (
                    replace(with_verb, input=piece) if with_verb.__class__ is OrderEntry else entry
                )
            results.append(entry)
        else:
            results.append(_comment(game_map, kind_code, piece_power, piece_kind, piece))


def interpret_orders(
    game_map: Map,
    position: Position,
    orders: Mapping[str, Sequence[str]],
    rules: Rules = DEFAULT_RULES,
) -> tuple[list[OrderEntry], list[OrderError]]:
    """Read every power's order texts against the position; never raises for bad input.

    Returns the orders (illegal ones kept, with their reason) and the error entries, each in
    the order written.
    """
    board = board_of(game_map, position)
    kind = position.phase.kind
    kind_code = kind.value  # the caches key on the plain string (or the kind: a str, equal)
    memo = _memo(game_map, kind_code)
    powers = game_map.powers
    results: list[OrderEntry | OrderError] = []
    for key, texts in orders.items():
        power = power_key(game_map, key)
        given = [texts] if isinstance(texts, str) else texts
        done = _strings(game_map, board, kind, power, given, results) if power in powers else 0
        verb = ""
        for text in given[done:]:
            if text.__class__ is str and not verb and power in powers:
                known = memo.get(text) or _first(game_map, board, kind, power, text)
                if known is not None:
                    results.append(_known(game_map, board, kind, power, text, known))
                    continue
            found_pieces, power, verb = text_pieces(game_map, str(text), power, verb)
            _read_pieces(game_map, board, kind, found_pieces, results)
    entries = [r for r in results if isinstance(r, OrderEntry)]
    if kind is PhaseKind.MOVEMENT:  # no builds or waives: an order's key is where its unit is
        keys: set[object] = {
            e.order.unit.location for e in entries if not isinstance(e.order, model.Waive)
        }
    else:
        keys = {order_key(i, entry) for i, entry in enumerate(entries)}
    if len(entries) == len(results) == len(keys):
        return entries, []  # the usual case: no errors, and one order for each unit
    candidates = [Candidate(i, r) for i, r in enumerate(results) if isinstance(r, OrderEntry)]
    kept, errors = settle(candidates, rules, kind)
    entries = [kept[i] for i in sorted(kept)]
    all_errors = sorted(
        [(i, r) for i, r in enumerate(results) if isinstance(r, OrderError)] + list(errors.items()),
        key=lambda pair: pair[0],
    )
    return entries, [e for _, e in all_errors]
