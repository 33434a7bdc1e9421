"""From players' order texts to typed orders: the lenient, position-aware reader.

Every non-blank line that is not a power header or a comment ends as exactly one OrderEntry or
OrderError (or one per order when a line holds several, separated by ',' or ';'). Nothing raises
out of `interpret_orders`: bad text, unknown names, foreign units and conflicting orders all
become error entries that quote the input and point at the bad part.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache

from adjudicator.board.convoy import route_problem
from adjudicator.board.map import Map
from adjudicator.board.names import (
    NameProblem,
    Place,
    location_for,
    resolve_power,
    resolve_province,
)
from adjudicator.board.position import Position
from adjudicator.board.rules import DEFAULT_RULES, Rules
from adjudicator.board.types import PhaseKind, Unit, UnitType, province_of
from adjudicator.orders import model
from adjudicator.orders.daide import daide_power, is_daide, read_raw
from adjudicator.orders.legality import Board, Depends, board_of, board_reason, fixed_reason
from adjudicator.orders.parse import (
    RawOrder,
    RawPlace,
    RawUnit,
    Span,
    SyntaxProblem,
    first_words,
    order_words,
    resolve_written_place,
)
from adjudicator.orders.results import COMMENT, OrderEntry, OrderError
from adjudicator.orders.settle import Candidate, order_key, settle
from adjudicator.orders.sheet import (
    AFTER_ORDER,
    MAX_ORDER_LENGTH,
    ORDER,
    ORDER_IN_COMMENT,
    TOO_LONG,
    pieces,
    power_key,
)
from adjudicator.orders.spelling import NOT_AN_ORDER, is_chatter

_MOVEMENT_FORMS = frozenset({"hold", "move", "support_hold", "support_move", "convoy"})
_RETREAT_FORMS = frozenset({"move", "retreat", "disband_after", "remove_before"})
_ADJUSTMENT_FORMS = frozenset(
    {"build_after", "build_before", "disband_after", "remove_before", "waive"}
)
_WRONG_PHASE = {
    PhaseKind.MOVEMENT: "only holds, moves, supports and convoys are ordered in a movement phase",
    PhaseKind.RETREAT: "only retreats and disbands can be ordered in a retreat phase",
    PhaseKind.ADJUSTMENT: "only builds, removals and waives can be ordered in an adjustment phase",
}
_FORMS = {
    PhaseKind.MOVEMENT: _MOVEMENT_FORMS,
    PhaseKind.RETREAT: _RETREAT_FORMS,
    PhaseKind.ADJUSTMENT: _ADJUSTMENT_FORMS,
}


# -- one order ----------------------------------------------------------------------------


@cache
def _ref(unit_type: UnitType, location: str) -> model.UnitRef:
    """One shared UnitRef per unit type and map location (a few hundred per map), rather than
    one per order kept in the caches."""
    return model.UnitRef(unit_type, location)


class _Problem(Exception):
    """Why one order's text cannot become an order, and where."""

    def __init__(self, message: str, span: Span) -> None:
        super().__init__(message)
        self.message = message
        self.span = span


def _owner_problem(
    game_map: Map, kind: PhaseKind, power: str, province: str, unit: Unit | None
) -> str | None:
    """Why the unit found where an order's unit is written cannot take this power's order."""
    if unit is None:
        dislodged = "dislodged " if kind is PhaseKind.RETREAT else ""
        return f"no {dislodged}unit in {game_map.provinces[province].name} ({province})"
    if unit.power != power:
        owner_info = game_map.powers.get(unit.power)
        owner = owner_info.name if owner_info else unit.power
        mine = game_map.powers[power].name
        return f"{unit} belongs to {owner}, not {mine}"
    return None


@dataclass(slots=True)
class _Reader:
    """Reads one order against the map and the two units of the position it depends on: the
    ordered unit as it stands (or, in a retreat phase, lies dislodged) where it is written,
    already known to be the ordering power's, and the unit standing where a supported or
    convoyed unit is written. Type and coast come from the position, whatever was written
    (DATC 4.C.2, 4.B.5)."""

    map: Map
    kind: PhaseKind
    text: str
    own: model.UnitRef | None
    other: model.UnitRef | None

    def place(self, place: RawPlace) -> Place:
        try:
            return resolve_written_place(self.map, place)
        except NameProblem as problem:
            coast_error = str(problem).startswith("unknown coast")
            span = place.coast_span if coast_error and place.coast_span else place.span
            raise _Problem(str(problem), span) from None

    def unit_place(self, raw: RawUnit) -> Place:
        """The place of a unit phrase; a leading nationality without a unit type
        ('Russian War') is dropped when the whole phrase is not a place."""
        try:
            return self.place(raw.place)
        except _Problem:
            words = raw.place.words
            if len(words) > 1 and resolve_power(self.map, words[0]) is not None:
                try:
                    return self.place(RawPlace(words[1:], raw.place.span, raw.place.coast))
                except _Problem:
                    pass
            raise

    def other_unit(self, raw: RawUnit) -> model.UnitRef:
        """A supported or convoyed unit: as it stands when there is one (nationality and type
        as written are ignored, DATC 4.C.6), else as written, else guessed from the terrain."""
        place = self.unit_place(raw)
        if self.other is not None:
            return self.other
        unit_type = raw.type
        if unit_type is None:
            sea = self.map.provinces[place.province].is_sea
            unit_type = UnitType.FLEET if sea else UnitType.ARMY
        return _ref(unit_type, location_for(self.map, unit_type, place))

    def destination(self, unit: model.UnitRef, raw: RawPlace) -> str:
        """Where a unit is sent. Armies ignore coasts (4.B.6); a fleet keeps a real coast of
        the province even if it cannot reach it (illegal, 4.B.3), else gets the only coast it
        can reach (4.B.2); with two reachable coasts and none named the target stays a bare
        province, which legality rejects (4.B.1)."""
        place = self.place(raw)
        province = place.province
        coasts = self.map.provinces[province].coasts
        if unit.type is UnitType.ARMY or not coasts:
            return province
        if place.coast in coasts:
            return f"{province}/{place.coast}"
        options = self.map.fleet_targets(unit.location, province)
        return options[0] if len(options) == 1 else province

    def route(self, unit: model.UnitRef, raw: RawOrder, target: str) -> tuple[str, ...]:
        """The seas a move names on its way ('A Lon-Nth-Bel'), checked to be a chain of seas
        from the unit to the target; else the first wrong step is the error."""
        seas = tuple(self.place(place).province for place in raw.route)
        spans = [place.span for place in (*raw.route, raw.target) if place is not None]
        problem = route_problem(self.map, unit.province, seas, province_of(target), spans)
        if problem is not None:
            raise _Problem(*problem)
        return seas

    def build(self, raw: RawUnit) -> model.Build:
        """A build; a missing unit type means an army inland and a fleet where a coast was
        named, and is an error in a coastal province without one (DATC 4.C.3)."""
        place = self.place(raw.place)
        prov = self.map.provinces[place.province]
        unit_type = raw.type
        if unit_type is None:
            if prov.is_land:
                unit_type = UnitType.ARMY
            elif prov.is_sea or place.coast in prov.coasts:
                unit_type = UnitType.FLEET
            else:
                raise _Problem(
                    f"build an army or a fleet? Write A or F before {prov.name}", raw.span
                )
        return model.Build(_ref(unit_type, location_for(self.map, unit_type, place)))

    def order(self, raw: RawOrder) -> model.Order:
        whole = (0, len(self.text))
        if raw.form not in _FORMS[self.kind]:
            raise _Problem(_WRONG_PHASE[self.kind], whole)
        if raw.form == "waive":
            return model.Waive()
        assert raw.unit is not None
        if raw.form in ("build_after", "build_before"):
            return self.build(raw.unit)
        ref = self.own
        assert ref is not None
        if raw.form in ("disband_after", "remove_before"):
            return model.Disband(ref)
        if raw.form == "hold":
            return model.Hold(ref)
        if raw.form in ("move", "retreat") and raw.target is not None:
            target = self.destination(ref, raw.target)
            if self.kind is PhaseKind.RETREAT:
                if raw.via_convoy or raw.route:
                    raise _Problem("a retreat cannot go by convoy", whole)
                return model.Retreat(ref, target)
            route = self.route(ref, raw, target) if raw.route else ()
            return model.Move(ref, target, raw.via_convoy or bool(route), route)
        assert raw.other is not None
        other = self.other_unit(raw.other)
        if raw.form == "support_hold":
            return model.SupportHold(ref, other)
        assert raw.target is not None
        place = self.place(raw.target)
        if raw.form == "support_move":
            # a coast named for a supported fleet must match its move (4.B.4, 6.B.9)
            return model.SupportMove(ref, other, location_for(self.map, other.type, place))
        return model.Convoy(ref, other, place.province)


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


def _province_of(reader: _Reader, raw: RawUnit | None) -> str | None:
    if raw is None:
        return None
    try:
        return reader.unit_place(raw).province
    except _Problem:
        return None


def _stray_word(game_map: Map, text: str, message: str) -> _Problem | None:
    """A clearer error for an order that stops after a place ('A Par X Bur'): the grammar reads
    all those words as one place name and complains at the end, so point at the first word after
    the longest name the map knows. None when that does not apply."""
    if not message.startswith("incomplete order"):
        return None
    words = [(m.group(), m.span()) for m in re.finditer(r"[^\s.,;]+", text)]
    if words and words[0][0].lower() in first_words("army", "fleet"):
        words = words[1:]
    run = 0
    while run < len(words) and words[run][0].lower() not in order_words():
        run += 1
    known = 0
    for count in range(1, run):
        try:
            resolve_province(game_map, " ".join(w for w, _ in words[:count]))
        except NameProblem:
            continue
        known = count
    if not known:
        return None
    stray, span = words[known]
    place = " ".join(w for w, _ in words[:known])
    expected = message.partition("expected ")[2]
    return _Problem(f"unexpected '{stray}' after '{place}': expected {expected}", span)


@lru_cache(maxsize=1 << 14)
def _reading(game_map: Map, kind_code: str, text: str) -> _Reading | _Unreadable:
    """What one order's text says before the power and the position are looked at, or why it
    cannot be an order whatever they are."""
    kind = _KINDS[kind_code]
    raw = read_raw(game_map, text)
    if isinstance(raw, SyntaxProblem):
        if is_chatter(game_map, text):
            return _Unreadable(NOT_AN_ORDER, (0, len(text)))
        stray = _stray_word(game_map, text, raw.message)
        return (
            _Unreadable(stray.message, stray.span) if stray else _Unreadable(raw.message, raw.span)
        )
    if raw.form not in _FORMS[kind]:
        return _Unreadable(_WRONG_PHASE[kind], (0, len(text)))
    reader = _Reader(game_map, kind, text, None, None)
    own = None
    if raw.form not in ("waive", "build_after", "build_before"):
        assert raw.unit is not None
        try:
            own = reader.unit_place(raw.unit).province
        except _Problem as problem:
            return _Unreadable(problem.message, problem.span)
    return _Reading(raw, own, _province_of(reader, raw.other))


_Place = tuple[bool, str]
"""A unit as a cache key: (is it a fleet?, its location)."""
_TYPE = {True: UnitType.FLEET, False: UnitType.ARMY}
_KINDS = {kind.value: kind for kind in PhaseKind}


@lru_cache(maxsize=1 << 15)
def _order(
    game_map: Map, kind_code: str, text: str, own: _Place | None, other: _Place | None
) -> tuple[model.Order, str | Depends | None] | _Unreadable:
    """The order a text gives the units it names as they stand, whoever owns them, with the
    part of its legality that does not depend on the rest of the board."""
    reading = _reading(game_map, kind_code, text)
    assert isinstance(reading, _Reading)
    units = (
        None if own is None else _ref(_TYPE[own[0]], own[1]),
        None if other is None else _ref(_TYPE[other[0]], other[1]),
    )
    try:
        order = _Reader(game_map, _KINDS[kind_code], text, *units).order(reading.raw)
    except _Problem as problem:
        return _Unreadable(problem.message, problem.span)
    return order, fixed_reason(game_map, order)


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
            problem = _owner_problem(game_map, kind, power, reading.own, unit)
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
    kind_code = kind.value  # the caches key on the plain string
    results: list[OrderEntry | OrderError] = []
    for key, texts in orders.items():
        power = power_key(game_map, key)
        given = [texts] if isinstance(texts, str) else texts
        for piece_power, piece_kind, piece, verb in pieces(game_map, given, power):
            if piece_kind == ORDER:
                found = _one(game_map, board, kind, kind_code, piece_power, piece)
                if verb and isinstance(found, OrderError):  # under 'Builds:', 'A Ber' builds
                    with_verb = _one(
                        game_map, board, kind, kind_code, piece_power, f"{verb} {piece}"
                    )
                    found = (
                        replace(with_verb, input=piece)
                        if with_verb.__class__ is OrderEntry
                        else found
                    )
                results.append(found)
            else:
                results.append(_comment(game_map, kind_code, piece_power, piece_kind, piece))
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
