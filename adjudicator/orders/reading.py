"""One order's text read as far as it can be without the power and the position, and the order
it gives the units it names: the two steps every way of reading an order shares (a sheet's
pieces in `interpret`, strings of one order in `strings`). A string of one order whose shape
has a plan (`shapes.plan_of`) is read first by `read_planned`, looking its names up with no
parse; any other text, and any the plan cannot read, by `read_text` and `order_of`."""

from __future__ import annotations

from typing import Final, NamedTuple, final

from adjudicator.board.bounded import keep
from adjudicator.board.map import Map
from adjudicator.board.names import NameProblem, Place
from adjudicator.board.types import PhaseKind, UnitType
from adjudicator.orders import model
from adjudicator.orders.daide import is_daide, read_raw
from adjudicator.orders.legality import Depends, fixed_reason
from adjudicator.orders.memo import Memo
from adjudicator.orders.parse import (
    OFF_BOARD,
    RawOrder,
    RawUnit,
    Span,
    SyntaxProblem,
    resolve_written,
)
from adjudicator.orders.reader import (
    FORMS,
    WRONG_PHASE,
    Problem,
    Reader,
    made,
    other_unit,
    stray_word,
)
from adjudicator.orders.shapes import Run, TokenPlan, TokenRun, plan_of, token_plan_of
from adjudicator.orders.sheet import (
    MAX_ORDER_LENGTH,
    POWER_WORDS,
    is_one_order,
    power_words,
)
from adjudicator.orders.spelling import NOT_AN_ORDER, is_chatter


@final
class Reading(NamedTuple):
    """One order's text as far as it can be read without the power and the position: where
    the units it names stand. Immutable: it lives in caches shared by every thread (a named
    tuple: one is made for every text met, and tuples are the cheapest to make)."""

    raw: RawOrder
    own: str | None  # the province of the ordered unit (None for builds and waives)
    other: str | None  # the province of a supported or convoyed unit, when it has one

    @property
    def span(self) -> Span | None:
        """Where the ordered unit is written."""
        return None if self.raw.unit is None else self.raw.unit.span


Planned = tuple[
    str,  # form
    str,  # own: the province of the ordered unit
    str | None,  # other: the province of a supported or convoyed unit, when it has one
    Span,  # span: where the ordered unit is written
    UnitType | None,  # other_type: the other unit's type as written, and its place
    Place | None,  # other_place
    Place | None,  # target
    bool,  # via
    int,  # words: how many words (parse.WORD) the text holds (see sheet.is_one_order)
]
"""A `Reading` of a text whose shape has a plan (shapes.Plan): its names looked up, and no
parse built. A plain tuple, read by the places of the fields above (`type(x) is tuple` tells
it from a `Reading` or an `Unreadable`, named tuples): a named tuple's fields are unspecialised
attribute look-ups in CPython 3.11 (~100 instructions each, ten or so a new text)."""


def shared_span(span: Span) -> Span:
    """One tuple for each span (a `Planned` reading's; records of strings keep them: texts of
    one shape share theirs, memory), kept by its ends as one int: a tuple key is hashed and
    compared item by item (compiled, several times the instructions)."""
    start, end = span
    key = start << 32 | end
    kept = _SPANS.get(key)
    if kept is None:
        kept = keep(_SPANS, key, span, 1 << 12)
    return kept


_SPANS: Final[dict[int, Span]] = {}


@final  # (`type(x) is` narrows it either way: a negative isinstance asks for __class__, slow)
class Unreadable(NamedTuple):
    """Why a text cannot be an order (a cached value, so not the exception itself)."""

    message: str
    span: Span


KINDS: Final = {kind.value: kind for kind in PhaseKind}
Read = tuple[model.Order, str | Depends | None] | Unreadable
"""An order with its fixed legality (`fixed_reason`), or why the text gives none."""


def _province_of(reader: Reader, raw: RawUnit | None) -> str | None:
    if raw is None:
        return None
    try:
        return reader.unit_place(raw).province
    except Problem:
        return None


def read_text(game_map: Map, kind_code: str, text: str) -> Reading | Unreadable:
    """What one order's text says before the power and the position are looked at, or why it
    cannot be an order whatever they are."""
    kind = KINDS[kind_code]
    raw = read_raw(game_map, text)
    if isinstance(raw, SyntaxProblem):
        if is_chatter(game_map, text):
            return Unreadable(NOT_AN_ORDER, (0, len(text)))
        stray = stray_word(game_map, text, raw.message)
        return Unreadable(stray.message, stray.span) if stray else Unreadable(raw.message, raw.span)
    if raw.form not in FORMS[kind]:
        return Unreadable(WRONG_PHASE[kind], (0, len(text)))
    reader = Reader(game_map, kind, text, None, None)
    own = None
    if raw.form not in OFF_BOARD:
        assert raw.unit is not None
        try:
            own = reader.unit_place(raw.unit).province
        except Problem as problem:
            return Unreadable(problem.message, problem.span)
    return Reading(raw, own, _province_of(reader, raw.other))


def _names(game_map: Map) -> Memo[Place]:
    """The places that runs of words name on a map, as written (_NOWHERE: none), for planned
    texts: one lookup for a name met before, a few hundred per map, bounded all the same (the
    words come from players). One per map, kept in _NAMES (a dict's look-up is a third of a
    functools.cache call's instructions)."""
    return _NAMES.setdefault(game_map, Memo(1 << 12))


_NAMES: Final[dict[Map, Memo[Place]]] = {}


_NOWHERE: Final = Place("")


def _place(names: Memo[Place], game_map: Map, words: list[str], run: Run) -> Place | None:
    """The place a run of words names (None: none, as written)."""
    (first, last), coast = run
    if coast is None and last == first + 1:  # a name of one word (nearly every name)
        return _named(names, game_map, words[first])
    coast_words = None if coast is None else words[coast[0] : coast[1]]
    return _named(names, game_map, words[first:last], coast_words)


def _named(
    names: Memo[Place], game_map: Map, name: str | list[str], coast: list[str] | None = None
) -> Place | None:
    """The place a name names (None: none, as written): a word, or words and an explicit
    coast's words, kept by the word or by both lists written out."""
    key = name if name.__class__ is str else f"{name}{coast}"
    place = names.young.get(key) or names.older(key)  # the young generation first: a dict look-up
    if place is None:
        words = [name] if isinstance(name, str) else name
        try:
            place = resolve_written(game_map, words, coast)
        except NameProblem:
            place = _NOWHERE
        names.put(key, place)
    return None if place is _NOWHERE else place


def _token_place(
    names: Memo[Place], game_map: Map, tokens: list[str], run: TokenRun
) -> Place | None:
    """The place a run of tokens names (`shapes.TokenRun`; None: none, as written), as the
    run of their words does (`_place`)."""
    if isinstance(run, int):
        return _named(names, game_map, tokens[run])
    first, last, coast = run
    name = tokens[first:last]
    if not coast:
        return _named(names, game_map, name)
    name[-1], coast_word = name[-1].split("/")
    return _named(names, game_map, name, [coast_word])


def read_planned(game_map: Map, kind_code: str, text: str) -> Planned | None:
    """`read_text` of a text whose shape has a plan, for a form that orders a unit in this
    kind of phase, when the map knows its names as written; else None, and `read_text`
    (which finds the same for such a text, and says what is wrong with any other). A text of
    tokens met before is read by its plan in tokens (`shapes.token_plan_of`): no regular
    expression; any other by its plan in words. A name of one token met before is one look-up
    in the young generation of the map's names (each a few instructions a text: ~1.7 new texts
    a dense phase are read so)."""
    tokens = text.split(" ")
    found = token_plan_of(tokens)
    if found is None:
        return _read_by_words(game_map, kind_code, text)
    if type(found) is tuple:  # (else _NO_PLAN: its shape has none)
        return _read_by_tokens(game_map, kind_code, found, tokens)
    return None


def read_one(game_map: Map, kind_code: str, text: str) -> Planned | Reading | Unreadable | None:
    """What a string first met says (strings.Strings._first): None when it is not one order
    alone (too long, or not `sheet.is_one_order`), else its reading: by its shape's plan when
    it has one (`read_planned`), else `read_text`. A text read by its tokens is known to hold
    nothing that parts a sheet's pieces (`sheet.plain`): is_one_order need not look, nor be
    called when the text holds more words than a power's name (the usual new text)."""
    if len(text) > MAX_ORDER_LENGTH:
        return None
    tokens = text.split(" ")
    found = token_plan_of(tokens)
    planned: Planned | None = None
    if found is None:
        planned = _read_by_words(game_map, kind_code, text)
    elif type(found) is tuple:  # (a negative isinstance asks for __class__: slow)
        planned = _read_by_tokens(game_map, kind_code, found, tokens)
        # (`is_one_order`'s answer, with no call: a place's name is no run of dots)
        if planned is not None and planned[8] > (
            POWER_WORDS.get(game_map) or power_words(game_map)
        ):
            return planned
    words = 0 if planned is None else planned[8]
    if not is_one_order(game_map, text, words, found is not None):
        return None
    return read_text(game_map, kind_code, text) if planned is None else planned


def _read_by_tokens(
    game_map: Map, kind_code: str, plan: TokenPlan, tokens: list[str]
) -> Planned | None:
    """`read_planned` by the plan of the text's shape in tokens (`shapes.token_plan_of`)."""
    form, own_run, other_run, other_type, target_run, via, first, last, words = plan
    if form not in _ORDERING[kind_code]:
        return None
    try:
        names = _NAMES[game_map]
    except KeyError:
        names = _names(game_map)
    young = names.young
    own = young.get(tokens[own_run]) if type(own_run) is int else None
    if own is None or own is _NOWHERE:
        own = _token_place(names, game_map, tokens, own_run)
        if own is None:
            return None
    other = target = None
    if other_run is not None:
        other = young.get(tokens[other_run]) if type(other_run) is int else None
        if other is None or other is _NOWHERE:
            other = _token_place(names, game_map, tokens, other_run)
            if other is None:
                return None
    if target_run is not None:
        target = young.get(tokens[target_run]) if type(target_run) is int else None
        if target is None or target is _NOWHERE:
            target = _token_place(names, game_map, tokens, target_run)
            if target is None:
                return None
    # (first, last: the phrase's first and last tokens: its span, shared: `shared_span`)
    if first == 0 and last == 1:  # a unit's type and its place of one token (nearly all)
        end = len(tokens[0]) + 1 + len(tokens[1])
        span = _SPANS.get(end) or shared_span((0, end))  # (a span from 0 is kept by its end)
    else:
        start = 0 if first == 0 else len(" ".join(tokens[:first])) + 1
        span = shared_span((start, start + len(" ".join(tokens[first : last + 1]))))
    return (
        form,
        own.province,
        None if other is None else other.province,
        span,
        other_type,
        other,
        target,
        via,
        words,
    )


def _read_by_words(game_map: Map, kind_code: str, text: str) -> Planned | None:
    """`read_planned` by the plan of the text's shape in words (`shapes.plan_of`)."""
    found = plan_of(text)
    if found is None or is_daide(text):
        return None
    plan, pieces, words = found
    if plan.form not in _ORDERING[kind_code]:
        return None
    names = _names(game_map)
    own = _place(names, game_map, words, plan.own)
    if own is None:
        return None
    other = target = None
    if plan.other is not None:
        other = _place(names, game_map, words, plan.other)
        if other is None:
            return None
    if plan.target is not None:
        target = _place(names, game_map, words, plan.target)
        if target is None:
            return None
    first, last = plan.phrase  # its text's span: the length of what is before and within
    start = len(pieces[0]) if first == 0 else len("".join(pieces[: 2 * first + 1]))
    end = start + len("".join(pieces[2 * first + 1 : 2 * last + 2]))
    return (
        plan.form,
        own.province,
        None if other is None else other.province,
        shared_span((start, end)),
        plan.other_type,
        other,
        target,
        plan.via,
        len(words),
    )


_ORDERING: Final[dict[str, frozenset[str]]] = {
    kind: forms - OFF_BOARD for kind, forms in FORMS.items()
}
"""The forms of each kind of phase that order a unit of the board (see reader.made), by the
kind's code (a PhaseKind is its code)."""


def order_of(
    game_map: Map,
    kind_code: str,
    text: str,
    reading: Reading | Planned,
    own: model.UnitRef | None,
    other: model.UnitRef | None,
) -> Read:
    """The order a text gives the units it names as they stand, whoever owns them, with the
    part of its legality that does not depend on the rest of the board."""
    kind = KINDS[kind_code]
    if type(reading) is not Reading:  # (Reading is final: either narrows)
        assert own is not None
        return planned_order(game_map, kind, text, reading, own, other)
    try:
        order = Reader(game_map, kind, text, own, other).order(reading.raw)
    except Problem as problem:
        return Unreadable(problem.message, problem.span)
    return order, fixed_reason(game_map, order)


def planned_order(
    game_map: Map,
    kind: PhaseKind,
    text: str,
    planned: Planned,
    own: model.UnitRef,
    other: model.UnitRef | None,
) -> Read:
    """`order_of` a `Planned` reading (strings.Strings reads a new text's so, its kind of
    phase at hand: no look-up of it, no dispatch on the reading)."""
    place = planned[5]  # (see `Planned`)
    found = other  # (the unit standing there: `other_unit`'s answer, with no call)
    if place is None:
        found = None
    elif other is None:
        found = other_unit(game_map, other, planned[4], place)
    try:
        order = made(
            game_map, kind, planned[0], own, found, planned[6], planned[7], (), (0, len(text))
        )
    except Problem as problem:
        return Unreadable(problem.message, problem.span)
    return order, fixed_reason(game_map, order)
