"""Orders of the same shape: the grammar runs once per shape, not once per text.

The parse of an order depends on its names only through their token type: every word that is
not a keyword is a WORD, wherever the parser is. So "A PAR - BUR" and "A Mar - Gas" parse
alike, and the grammar need only run once per *shape* ("A x - x"), its result then moved onto
the words and positions of each text. Keywords stay as written in the shape, and the
placeholder "x" can only be read as a WORD: a shape that parses proves that each of its
placeholders was read as a whole WORD in a parser state that takes one, where any other
non-keyword word is read the same way. A shape that does not parse goes no further: its
text gets the Lark parse itself (errors quote the text's own words).

What a shape's parse says is kept as a `_Template`: every position of its parse as a position
in the shape and the number of placeholders before it, every place's words as a run of the
shape's words. A text of that shape has the same words in the same order (a placeholder
stands for one whole word), so its parse is made from its words and how much longer than the
shape it is after each placeholder: no search, no parse.
"""

from __future__ import annotations

import bisect
import re
from functools import lru_cache
from typing import Final, NamedTuple

from adjudicator.board.bounded import keep
from adjudicator.board.types import UnitType
from adjudicator.orders.parse import (
    PLACEHOLDER,
    WORD,
    RawOrder,
    RawPlace,
    RawUnit,
    Span,
    SyntaxProblem,
    direct_parse,
    name_word,
    shape_keywords,
)
from adjudicator.orders.sheet import plain

_PIECES: Final = re.compile(f"({WORD.pattern})")
"""Splits a text into what lies between words and the words (WORD's matches, in order)."""

_LENGTH: Final = len(PLACEHOLDER)
_At = tuple[int, int]
"""A position of a shape's parse: (where in the shape, how many placeholders end before it)."""


class _Place(NamedTuple):
    start: _At
    end: _At
    words: tuple[int, int]  # the run of the shape's words it is, [first, last)
    coast: tuple[_At, _At, tuple[int, int]] | None  # likewise an explicit coast's


class _Unit(NamedTuple):
    place: _Place
    type: UnitType | None
    nationality: tuple[_At, _At] | None
    span: tuple[_At, _At]


Run = tuple[tuple[int, int], tuple[int, int] | None]
"""A place as runs of a text's words, [first, last): its name's, and its explicit coast's."""


class Plan(NamedTuple):
    """What every text of a shape names, by the place of its words, when the shape is of the
    usual kind: an ordered unit written without a nationality, and no convoy route. A text of
    such a shape is read by looking its names up: no parse is built for it (see
    reading.read_planned)."""

    form: str
    own: Run  # the ordered unit's place
    phrase: tuple[int, int]  # the first and the last word of the ordered unit's phrase
    other: Run | None  # a supported or convoyed unit's place
    other_type: UnitType | None  # its type as written
    target: Run | None
    via: bool


class _Template(NamedTuple):
    """A shape's parse, ready to be moved onto the words of any text of that shape."""

    form: str
    unit: _Unit | None
    other: _Unit | None
    target: _Place | None
    via_convoy: bool
    route: tuple[_Place, ...]
    plan: Plan | None


def _run(place: _Place) -> Run:
    return place.words, None if place.coast is None else place.coast[2]


class _Shape:
    """Where a shape's words and placeholders are, to express its parse in them."""

    def __init__(self, shape: str) -> None:
        self.shape = shape
        matches = list(WORD.finditer(shape))
        self.words = [m.group() for m in matches]
        self.starts = [m.start() for m in matches]
        self.ends = [m.end() for m in matches if m.group() == PLACEHOLDER]

    def at(self, position: int) -> _At:
        return position, bisect.bisect_right(self.ends, position)

    def run(self, span: Span) -> tuple[int, int]:
        """The shape's words in `span`; ValueError unless they are exactly what it holds."""
        first = bisect.bisect_left(self.starts, span[0])
        last = bisect.bisect_left(self.starts, span[1])
        if self.words[first:last] != WORD.findall(self.shape, *span):
            raise ValueError(span)
        return first, last

    def phrase(self, span: Span) -> tuple[int, int] | None:
        """The first and the last of the shape's words of `span`, when it starts and ends
        with words."""
        first = bisect.bisect_left(self.starts, span[0])
        last = bisect.bisect_left(self.starts, span[1]) - 1
        if first > last or self.starts[first] != span[0]:
            return None
        return (first, last) if self.starts[last] + len(self.words[last]) == span[1] else None

    def place(self, place: RawPlace) -> _Place:
        coast = None
        if place.coast_span is not None:
            start, end = place.coast_span
            coast = (self.at(start), self.at(end), self.run(place.coast_span))
        start, end = place.span
        return _Place(self.at(start), self.at(end), self.run(place.span), coast)

    def unit(self, unit: RawUnit | None) -> _Unit | None:
        if unit is None:
            return None
        span = unit.nationality_span
        nationality = None if span is None else (self.at(span[0]), self.at(span[1]))
        whole = (self.at(unit.span[0]), self.at(unit.span[1]))
        return _Unit(self.place(unit.place), unit.type, nationality, whole)


@lru_cache(maxsize=1 << 12)
def _template(shape: str) -> _Template | None:
    """The parse of a shape as a template; None when the shape does not parse (or, which the
    grammar rules out, a place of its parse is not a run of whole words)."""
    raw = direct_parse(shape)
    if not isinstance(raw, RawOrder):
        return None
    found = _Shape(shape)
    try:
        target = None if raw.target is None else found.place(raw.target)
        route = tuple(map(found.place, raw.route))
        unit, other = found.unit(raw.unit), found.unit(raw.other)
    except ValueError:
        return None
    plan = _plan(found, raw, unit, other, target)
    return _Template(raw.form, unit, other, target, raw.via_convoy, route, plan)


def _plan(
    found: _Shape, raw: RawOrder, unit: _Unit | None, other: _Unit | None, target: _Place | None
) -> Plan | None:
    """The plan of a shape (its parse `raw`, placed in it as `unit`, `other`, `target`), when
    the shape has one."""
    if raw.unit is None or unit is None or unit.nationality or raw.route:
        return None
    phrase = found.phrase(raw.unit.span)
    if phrase is None or (other is not None and other.nationality):
        return None
    return Plan(
        raw.form,
        _run(unit.place),
        phrase,
        None if other is None else _run(other.place),
        None if other is None else other.type,
        None if target is None else _run(target),
        raw.via_convoy,
    )


def _place(place: _Place, words: list[str], shifts: list[int]) -> RawPlace:
    """A place of a template, moved onto a text of its shape (its words, its shifts)."""
    (start, before), (end, within), (first, last), coast = place
    span = (start + shifts[before], end + shifts[within])
    if coast is None:
        return RawPlace(tuple(words[first:last]), span)
    (start, before), (end, within), (coast_first, coast_last) = coast
    coast_span = (start + shifts[before], end + shifts[within])
    coast_words = tuple(words[coast_first:coast_last])
    return RawPlace(tuple(words[first:last]), span, coast_words, coast_span)


def _unit(unit: _Unit | None, text: str, words: list[str], shifts: list[int]) -> RawUnit | None:
    """A unit of a template, moved onto a text of its shape."""
    if unit is None:
        return None
    nationality = nationality_span = None
    if unit.nationality is not None:
        (start, before), (end, within) = unit.nationality
        nationality_span = (start + shifts[before], end + shifts[within])
        nationality = text[nationality_span[0] : nationality_span[1]]
    (start, before), (end, within) = unit.span
    span = (start + shifts[before], end + shifts[within])
    place = _place(unit.place, words, shifts)
    return RawUnit(place, unit.type, nationality, span, nationality_span)


def _shaped(text: str, keywords: frozenset[str]) -> tuple[list[str], list[str], str]:
    """A text's pieces (between words, a word, between words, ..., between words), its words,
    and its shape: every word a placeholder but the keywords (and, to be safe, any word
    outside ASCII), which stay as written."""
    pieces = _PIECES.split(text)
    words = pieces[1::2]
    shape = pieces.copy()
    shape[1::2] = [w if w.lower() in keywords or not w.isascii() else PLACEHOLDER for w in words]
    return pieces, words, "".join(shape)


def _shaped_parse(text: str, keywords: frozenset[str]) -> RawOrder | None:
    """The parse of `text` from the parse of its shape; None when the shape does not parse."""
    _, words, shape = _shaped(text, keywords)
    template = _template(shape)
    if template is None:
        return None
    shifts = [0]  # before the first placeholder: none
    shift = 0
    for word in words:
        if word.lower() not in keywords and word.isascii():  # a placeholder in the shape
            shift += len(word) - _LENGTH
            shifts.append(shift)
    if "_" in text:  # a compound name joined ('St_Petersburg'): its hyphen back
        words = [name_word(w) for w in words]
    target, route = template.target, template.route
    return RawOrder(
        template.form,  # type: ignore[arg-type]
        _unit(template.unit, text, words, shifts),
        _unit(template.other, text, words, shifts),
        None if target is None else _place(target, words, shifts),
        template.via_convoy,
        tuple([_place(place, words, shifts) for place in route]) if route else (),
    )


_HYPHEN: Final = re.compile(r"[A-Za-z]-[A-Za-z]")


def _as_read(text: str) -> bool:
    """Whether the grammar reads a text as it is written (see daide.read_raw): all ASCII, no
    dash to make plain, no hyphen that may join a compound name, no name joined already, no
    parentheses (around 'via convoy', or a DAIDE order's). Cheap tests first."""
    return (
        text.isascii()
        and "(" not in text
        and "_" not in text
        and ("-" not in text or ("--" not in text and _HYPHEN.search(text) is None))
    )


def plan_of(text: str) -> tuple[Plan, list[str], list[str]] | None:
    """The plan of a text's shape, with the text's pieces and words (see `_shaped`); None when
    the text is read through its parse: it is not as the grammar reads it, or its shape does
    not parse or has no plan."""
    keywords = shape_keywords()
    if keywords is None or not _as_read(text):
        return None
    pieces, words, shape = _shaped(text, keywords)
    template = _template(shape)
    if template is None or template.plan is None:
        return None
    return template.plan, pieces, words


TokenRun = int | tuple[int, int, bool]
"""A place as a run of a text's tokens (its pieces between single spaces): a token that is one
word, the name; or [first, last), each token one word but the last, which may be two words
parted by '/' (then True): the name's last word and its coast ('STP/SC')."""


TokenPlan = tuple[
    str,  # form
    TokenRun,  # own
    TokenRun | None,  # other
    UnitType | None,  # other_type
    TokenRun | None,  # target
    bool,  # via
    int,  # first, last: the first and the last token of the ordered unit's phrase
    int,
    int,  # words: how many words (parse.WORD) a text of the shape holds
]
"""A shape's plan (`Plan`) in tokens: its places and its ordered unit's phrase as runs of
whole tokens, so a text of the shape is read by looking its tokens up, without splitting it
into words (see `token_plan_of`). A plain tuple, by the fields above: unpacking a named tuple
is unspecialised in CPython 3.11 (~600 instructions a text read first)."""


_NO_PLAN: Final = "no plan"
"""`_token_plan`'s answer for a shape without a plan (its texts are read through their parse)."""
_TOKEN_SHAPES: Final[dict[str, str]] = {}
"""Token -> its shape (`_shaped`), for tokens that may be read as written (`_as_read`), hold
nothing that could part a sheet's pieces (`sheet.plain`) and are no DAIDE waive's last: a few
hundred (order words, names as written). Bounded: cleared when full (the tokens come from
players)."""
_TOKENS_KEPT = 1 << 12


def _learn_tokens(tokens: list[str], keywords: frozenset[str]) -> str | None:
    """The shape of a text of `tokens`, their shapes kept (`_TOKEN_SHAPES`); None when one may
    not be read as written. A token's shape is the text's shape at that token: a word
    (parse.WORD) holds no space, so a text's words are its tokens' words, in order."""
    found = []
    for token in tokens:
        shape = _TOKEN_SHAPES.get(token)
        if shape is None:
            if not token or not _as_read(token) or not plain(token):
                return None
            if token[-3:].upper() == "WVE":
                return None
            shape = keep(_TOKEN_SHAPES, token, _shaped(token, keywords)[2], _TOKENS_KEPT)
        found.append(shape)
    return " ".join(found)


def token_plan_of(tokens: list[str]) -> TokenPlan | str | None:
    """The plan in tokens (`TokenPlan`) of the shape of a text split at its single spaces
    (`tokens`); _NO_PLAN when its shape has none; None when the text has a token that is not
    read as written (or is empty: two spaces in a row, a space at an end) or its plan's places
    are not whole tokens: then `plan_of` says. A text of admitted tokens is read as written,
    is no DAIDE order (it has no '(' and does not end in 'WVE', see daide.is_daide), and is
    `sheet.plain` (so sheet.is_one_order need not look for marks in it)."""
    shapes = []
    try:  # (a loop: compiled, native look-ups, where map calls a bound method)
        for token in tokens:
            shapes.append(_TOKEN_SHAPES[token])
        shape = " ".join(shapes)
    except KeyError:  # a token met for the first time (none are kept without the shape cache)
        keywords = shape_keywords()
        learnt = None if keywords is None else _learn_tokens(tokens, keywords)
        if learnt is None:
            return None
        shape = learnt
    try:
        return _TOKEN_PLANS[shape]
    except KeyError:
        return keep(_TOKEN_PLANS, shape, _token_plan(shape), _TOKENS_KEPT)


_TOKEN_PLANS: Final[dict[str, TokenPlan | str | None]] = {}
"""Shape -> `_token_plan`: a few dozen shapes (bounded as `_TOKEN_SHAPES`); a dict, whose
look-up is a fraction of an lru_cache call's."""


def _token_plan(shape: str) -> TokenPlan | str | None:
    """`token_plan_of` for a shape (its tokens' shapes joined by single spaces)."""
    template = _template(shape)
    if template is None or template.plan is None:
        return _NO_PLAN
    plan = template.plan
    pieces = shape.split(" ")
    token_of: list[int] = []  # word -> its token
    for index, piece in enumerate(pieces):
        token_of += [index] * len(WORD.findall(piece))
    first, last = plan.phrase
    a, b = token_of[first], token_of[last]
    if not (_starts(token_of, first) and WORD.match(pieces[a])):
        return None  # the phrase starts within a token
    if not (_starts(token_of, last + 1) and _ends_in_word(pieces[b])):
        return None  # ...or ends within one
    own = _token_run(plan.own, pieces, token_of)
    other = None if plan.other is None else _token_run(plan.other, pieces, token_of)
    target = None if plan.target is None else _token_run(plan.target, pieces, token_of)
    if own is None or (other is None) is not (plan.other is None):
        return None
    if (target is None) is not (plan.target is None):
        return None
    form, other_type, via, words = plan.form, plan.other_type, plan.via, len(token_of)
    return (form, own, other, other_type, target, via, a, b, words)


def _starts(token_of: list[int], word: int) -> bool:
    """Whether `word` is the first word of its token (or past the last word)."""
    return word == 0 or word == len(token_of) or token_of[word - 1] != token_of[word]


def _ends_in_word(piece: str) -> bool:
    """Whether a token's shape ends with (the last character of) a word."""
    ends = [match.end() for match in WORD.finditer(piece)]
    return bool(ends) and ends[-1] == len(piece)


def _token_run(run: Run, pieces: list[str], token_of: list[int]) -> TokenRun | None:
    """A run of words as a run of whole tokens, when it is one (see `TokenRun`)."""
    (first, last), coast = run
    start, end = token_of[first], token_of[last - 1] + 1
    if not _starts(token_of, first) or last - first != end - start:
        return None  # not each token one word of it
    if coast is None:
        if not all(pieces[i] == PLACEHOLDER for i in range(start, end)):
            return None
        return start if end == start + 1 else (start, end, False)
    slash = f"{PLACEHOLDER}/{PLACEHOLDER}"
    if coast != (last, last + 1) or pieces[end - 1] != slash:
        return None
    if all(pieces[i] == PLACEHOLDER for i in range(start, end - 1)):
        return start, end, True
    return None


@lru_cache(maxsize=1 << 10)  # strings of one order are kept by the reader (strings.memo)
def raw_parse(text: str) -> RawOrder | SyntaxProblem:
    """The shape of one order (pure and map-free, so cached by text)."""
    keywords = shape_keywords()
    if keywords is not None:
        shaped = _shaped_parse(text, keywords)
        if shaped is not None:
            return shaped
    return direct_parse(text)
