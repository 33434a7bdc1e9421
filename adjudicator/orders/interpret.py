"""From players' order texts to typed orders: the lenient, position-aware reader.

Every non-blank line that is not a power header or a comment ends as exactly one OrderEntry or
OrderError (or one per order when a line holds several, separated by ',' or ';'). Nothing raises
out of `interpret_orders`: bad text, unknown names, foreign units and conflicting orders all
become error entries that quote the input and point at the bad part.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Final

from adjudicator.board.map import Map
from adjudicator.board.position import Position
from adjudicator.board.rules import DEFAULT_RULES, Rules
from adjudicator.board.types import PhaseKind, UnitType
from adjudicator.orders.daide import daide_power, is_daide
from adjudicator.orders.legality import ON_BOARD, board_of, board_reason
from adjudicator.orders.reader import ref
from adjudicator.orders.reading import Read, Reading, Unreadable, order_of, read_text
from adjudicator.orders.results import COMMENT, OrderEntry, OrderError, new_entry
from adjudicator.orders.settle import Candidate, order_key, settle
from adjudicator.orders.sheet import (
    AFTER_ORDER,
    MAX_ORDER_LENGTH,
    ORDER,
    ORDER_IN_COMMENT,
    TOO_LONG,
    as_text,
    text_pieces,
)
from adjudicator.orders.spelling import NOT_AN_ORDER, is_chatter
from adjudicator.orders.strings import Strings

# -- the whole set ------------------------------------------------------------------------


_reading = lru_cache(maxsize=1 << 12)(read_text)
"""`read_text`, cached for the pieces of sheets (a string of one order has its memo)."""

_Place = tuple[bool, str]
"""A unit as a cache key: (is it a fleet?, its location)."""
_TYPE: Final = {True: UnitType.FLEET, False: UnitType.ARMY}


@lru_cache(maxsize=1 << 12)
def _order(
    game_map: Map, kind_code: str, text: str, own: _Place | None, other: _Place | None
) -> Read:
    """`order_of` for the units as cache keys."""
    reading = _reading(game_map, kind_code, text)
    assert isinstance(reading, Reading)
    units = (
        None if own is None else ref(_TYPE[own[0]], own[1]),
        None if other is None else ref(_TYPE[other[0]], other[1]),
    )
    return order_of(game_map, kind_code, text, reading, *units)


def _sheetless(game_map: Map, kind_code: str, power: str, text: str) -> str | OrderError:
    """The power of an order for which the sheet names no known power: a DAIDE order's own
    (its first token), else an error entry."""
    if not power and len(text) <= MAX_ORDER_LENGTH and is_daide(text):
        named = daide_power(game_map, text)
        if named is not None:
            return named
        unread = _reading(game_map, kind_code, text)
        if isinstance(unread, Unreadable):
            return OrderError(power, text, unread.message, unread.span)
    if len(text) <= MAX_ORDER_LENGTH and not is_daide(text) and is_chatter(game_map, text):
        return OrderError(power, text, NOT_AN_ORDER, (0, len(text)))
    wanted = "no power given: start with a header such as 'England:'"
    message = f"unknown power '{power}'" if power else wanted
    return OrderError(power, text, message, (0, len(text)))


def _one(strings: Strings, power: str, text: str) -> OrderEntry | OrderError:
    """One order's text read for a power against the board. The two cached steps depend on
    the text and the units it names only (never on who sends it), so a new position meets
    texts already read: what the text names, then the order it gives those units."""
    game_map, kind_code = strings.map, strings.kind  # a PhaseKind is its code (a str)
    if power not in game_map.powers:
        named = _sheetless(game_map, kind_code, power, text)
        if isinstance(named, OrderError):
            return named
        power = named
    if len(text) > MAX_ORDER_LENGTH:
        return OrderError(power, text, TOO_LONG.format(len(text)), (MAX_ORDER_LENGTH, len(text)))
    reading = _reading(game_map, kind_code, text)
    if isinstance(reading, Unreadable):
        return OrderError(power, text, reading.message, reading.span)
    own = None
    if reading.own is not None:
        unit = strings.own_units.get(reading.own)
        wrong = strings.owner_error(power, text, reading.own, reading.span, unit)
        if wrong is not None:
            return wrong
        assert unit is not None
        own = (unit.type is _FLEET, unit.location)
    # whoever owns the other unit: only its type and place matter
    found = None if reading.other is None else strings.board.units.get(reading.other)
    other = None if found is None else (found.type is _FLEET, found.location)
    read = _order(game_map, kind_code, text, own, other)
    if isinstance(read, Unreadable):
        return OrderError(power, text, read.message, read.span)
    order, reason = read
    if reason is ON_BOARD:
        reason = board_reason(game_map, strings.board, power, order)
    return new_entry(power, text, order, reason)


_FLEET: Final = UnitType.FLEET
_MOVEMENT: Final = PhaseKind.MOVEMENT  # an enum member: a slow attribute


def _comment(game_map: Map, kind_code: str, power: str, kind: str, text: str) -> OrderError:
    """A comment's entry: an ignored comment, or an error when it follows an order on the same
    line and itself reads as an order ('A Par - Bur // A Mar - Spa': that order is not lost)."""
    if kind == AFTER_ORDER:
        marker = "//" if text.startswith("//") else text[:1]
        start = len(text) - len(text[len(marker) :].lstrip())
        body = text[start:]
        readable = 0 < len(body) <= MAX_ORDER_LENGTH
        if readable and isinstance(_reading(game_map, kind_code, body), Reading):
            return OrderError(power, text, ORDER_IN_COMMENT.format(marker), (start, len(text)))
    return OrderError(power, text, "ignored comment", (0, len(text)), COMMENT)


def _read_pieces(
    strings: Strings,
    found: list[tuple[str, str, str, str]],
    results: list[OrderEntry | OrderError],
) -> None:
    """Read the pieces of a sheet, orders and comments, into `results`."""
    for piece_power, piece_kind, piece, verb in found:
        if piece_kind == ORDER:
            entry = _one(strings, piece_power, piece)
            if verb and isinstance(entry, OrderError):  # under 'Builds:', 'A Ber' builds
                with_verb = _one(strings, piece_power, f"{verb} {piece}")
                entry = (
                    replace(with_verb, input=piece) if with_verb.__class__ is OrderEntry else entry
                )
            results.append(entry)
        else:
            results.append(_comment(strings.map, strings.kind, piece_power, piece_kind, piece))


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
    entries, errors, _ = interpret_orders_by_unit(game_map, position, orders, rules)
    return entries, errors


def interpret_orders_by_unit(
    game_map: Map,
    position: Position,
    orders: Mapping[str, Sequence[str]],
    rules: Rules = DEFAULT_RULES,
) -> tuple[list[OrderEntry], list[OrderError], dict[str | None, OrderEntry] | None]:
    """`interpret_orders`, and the entries by their units' provinces when a movement phase's
    orders are one a unit with no error (the usual case): the dict that shows it, which the
    engine's movement step takes as it is (None otherwise)."""
    board = board_of(game_map, position)
    kind = position.phase.kind
    powers = game_map.powers
    one_order = Strings(game_map, board, kind)
    results: list[OrderEntry | OrderError] = []
    sets = iter(orders.items())
    sheets = False
    while (left := one_order.read(sets, results)) is not None:
        sheets = True  # a set holds more than strings of one order (rare)
        power, texts, done = left
        verb = ""
        for text in texts[done:]:
            if text.__class__ is str and not verb and power in powers:
                entry = one_order.one(power, text)
                if entry is not None:
                    results.append(entry)
                    continue
            found_pieces, power, verb = text_pieces(game_map, as_text(text), power, verb)
            _read_pieces(one_order, found_pieces, results)
    if sheets or one_order.faulty:
        entries = [r for r in results if r.__class__ is OrderEntry]
    else:  # strings of one order, each an order: the usual case
        # (no `cast` call: interpreted, it is a call and a new generic alias every phase)
        entries = results  # type: ignore[assignment]
    if len(entries) == len(results):  # no errors: the usual case
        # one order a unit, the usual case too: in a movement phase an order's key is where
        # its unit stands (`order_key`), its province (one unit a province, as met)
        if kind is _MOVEMENT:
            by_unit = {e.province: e for e in entries}
            if len(by_unit) == len(entries):
                return entries, [], by_unit
        elif len(_keys(entries)) == len(entries):
            return entries, [], None
    candidates = [Candidate(i, r) for i, r in enumerate(results) if isinstance(r, OrderEntry)]
    kept, errors = settle(candidates, rules, kind)
    entries = [kept[i] for i in sorted(kept)]
    all_errors = sorted(
        [(i, r) for i, r in enumerate(results) if isinstance(r, OrderError)] + list(errors.items()),
        key=lambda pair: pair[0],
    )
    return entries, [e for _, e in all_errors], None


def _keys(entries: list[OrderEntry]) -> set[object]:
    return {order_key(i, entry) for i, entry in enumerate(entries)}
