"""Reading order text: the Lark grammar (grammar/orders.lark) and the strict canonical parser.

`raw_parse` turns one order's text into a `RawOrder` whose places are still words as written,
with character spans. It knows no map, so its results are cached by text. `parse_order` is the
strict, position-free reader of the canonical form (unit types required) used for round trips
and test cases; `adjudicator.orders.interpret` is the lenient, position-aware reader for players.
"""

from __future__ import annotations

import bisect
import contextlib
import hashlib
import os
import re
import sys
import tempfile
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Literal, NamedTuple

import lark
from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput
from lark.lexer import PatternStr

from adjudicator.board.convoy import route_problem
from adjudicator.board.map import Map
from adjudicator.board.names import NameProblem, Place, location_for, resolve_coast, resolve_place
from adjudicator.board.resources import data_dir
from adjudicator.board.types import PhaseKind, UnitType, province_of
from adjudicator.orders import model
from adjudicator.orders.lark_problem import lark_problem

Span = tuple[int, int]
Form = Literal[
    "hold",
    "move",
    "support_hold",
    "support_move",
    "convoy",
    "retreat",
    "disband_after",
    "build_after",
    "build_before",
    "remove_before",
    "waive",
]


class RawPlace(NamedTuple):
    """A place as written: its words (coast words included when not separated), and the
    words of an explicit coast ('/nc', '(north coast)')."""

    words: tuple[str, ...]
    span: Span
    coast: tuple[str, ...] | None = None
    coast_span: Span | None = None


class RawUnit(NamedTuple):
    place: RawPlace
    type: UnitType | None
    nationality: str | None
    span: Span
    nationality_span: Span | None = None


class RawOrder(NamedTuple):
    """The shape of an order before any name is looked up; `form` is the grammar rule.
    (Plain tuples: thousands are built from cached parses, and tuples are the cheapest.)"""

    form: Form
    unit: RawUnit | None = None
    other: RawUnit | None = None
    target: RawPlace | None = None
    via_convoy: bool = False
    route: tuple[RawPlace, ...] = ()  # a move's places before its target (a convoy route)


@dataclass(frozen=True, slots=True)
class SyntaxProblem:
    message: str
    span: Span


class OrderParseError(ValueError):
    """Order text that cannot be read; `span` marks the bad part of `input` [start, end)."""

    def __init__(self, message: str, input: str, span: Span) -> None:
        super().__init__(message)
        self.message = message
        self.input = input
        self.span = span


# -- the grammar --------------------------------------------------------------------------


_OPTIONS: dict[str, Any] = {"parser": "lalr", "lexer": "contextual", "propagate_positions": True}


def _cache_dir() -> Path:
    """Where the compiled grammar is kept between runs: a per-user cache directory."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "adjudicator"


@cache
def _parser() -> Lark:
    return compiled_grammar("orders.lark")


def compiled_grammar(filename: str) -> Lark:
    """A grammar of grammar/, compiled, and kept on disk between runs (callers cache it).

    Building the LALR tables takes a few hundred milliseconds; loading them takes a few. The
    cache file is named by a hash of everything the tables depend on (the grammar text, the
    options, the Lark and Python versions), so a changed grammar is never read from a stale
    file. Any trouble with the cache (unwritable, corrupt) just means building the grammar.
    Strict checking (conflicts, terminal collisions) is the test suite's job, not start-up's.
    """
    text = (data_dir("grammar") / filename).read_text(encoding="utf-8")
    key = "".join([text, repr(sorted(_OPTIONS.items())), lark.__version__, sys.version])
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]
    path = _cache_dir() / f"{Path(filename).stem}-{digest}.lark"
    try:
        with path.open("rb") as saved:
            return Lark.load(saved)
    except Exception:  # missing, unreadable or corrupt: build it again
        pass
    parser = Lark(text, **_OPTIONS)
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, delete=False) as fresh:
            parser.save(fresh)
        os.replace(fresh.name, path)  # atomic: a concurrent reader sees all or nothing
    return parser


_LABELS = {
    "a place": "WORD",
    "A or F": "_A _ARMY _F _FLEET",
    "H": "_H _HOLD _HOLDS _STAND _STANDS _STAY _STAYS",
    "-": "_DASH _ARROW _DARROW _M _MOVE _MOVES _TO",
    "S": "_S _SUPPORT _SUPPORTS",
    "C": "_C _CONVOY _CONVOYS _T _TRANSPORT _TRANSPORTS",
    "VIA": "_VIA _BY",
    "the end of the order": "$END",
    "R": "_R _RETREAT _RETREATS",
    "B": "_B _BUILD _BUILDS _PLUS",
    "D": "_D _DISBAND _DISBANDS _REMOVE _REMOVES _STAR",
    "WAIVE": "_W _WAIVE _WAIVES _WAIVED",
    "a coast": "_SLASH _LPAR",
    "')'": "_RPAR",
}
_EXPECTED = {name: label for label, names in _LABELS.items() for name in names.split()}


def _expected(names: set[str]) -> str:
    labels = sorted({_EXPECTED[n] for n in names if n in _EXPECTED})
    return ", ".join(labels) if labels else "something else"


def _span(node: Tree[Token]) -> Span:
    return node.meta.start_pos, node.meta.end_pos


def _words(tokens: list[Any]) -> tuple[str, ...]:
    return tuple(str(t).replace("_", "-") for t in tokens if isinstance(t, Token))


def _place(node: Tree[Token]) -> RawPlace:
    words = [c for c in node.children if isinstance(c, Token)]
    coast_nodes = [c for c in node.children if isinstance(c, Tree)]
    span = (words[0].start_pos or 0, words[-1].end_pos or 0)
    if not coast_nodes:
        return RawPlace(_words(words), span)
    coast = [c for c in coast_nodes[0].children if isinstance(c, Token)]
    coast_span = (coast[0].start_pos or 0, coast[-1].end_pos or 0)
    return RawPlace(_words(words), span, _words(coast), coast_span)


def _unit(node: Tree[Token]) -> RawUnit:
    nationality: str | None = None
    nationality_span: Span | None = None
    unit_type: UnitType | None = None
    place: RawPlace | None = None
    for child in node.children:
        if not isinstance(child, Tree):
            continue
        if child.data == "nationality":
            nationality, nationality_span = str(child.children[0]), _span(child)
        elif child.data == "army":
            unit_type = UnitType.ARMY
        elif child.data == "fleet":
            unit_type = UnitType.FLEET
        elif child.data == "place":
            place = _place(child)
    assert place is not None
    return RawUnit(place, unit_type, nationality, _span(node), nationality_span)


def _raw(tree: Tree[Token]) -> RawOrder:
    form: Form = str(tree.data)  # type: ignore[assignment]
    units = [_unit(c) for c in tree.children if isinstance(c, Tree) and c.data == "unit"]
    places = [_place(c) for c in tree.children if isinstance(c, Tree) and c.data == "place"]
    via = any(isinstance(c, Tree) and c.data == "via" for c in tree.children)
    return RawOrder(
        form=form,
        unit=units[0] if units else None,
        other=units[1] if len(units) > 1 else None,
        target=places[-1] if places else None,
        via_convoy=via,
        route=tuple(places[:-1]),
    )


def _direct_parse(text: str) -> RawOrder | SyntaxProblem:
    """One order's text through the Lark parser."""
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as error:
        return SyntaxProblem(*lark_problem(error, text, _expected, "order"))
    return _raw(tree)


# -- orders of the same shape -------------------------------------------------------------
#
# The parse of an order depends on its names only through their token type: every word that is
# not a keyword is a WORD, wherever the parser is. So "A PAR - BUR" and "A Mar - Gas" parse
# alike, and the grammar need only run once per *shape* ("A x - x"), its result then moved onto
# the words and positions of each text. Keywords stay as written in the shape, and the
# placeholder "x" can only be read as a WORD: a shape that parses proves that each of its
# placeholders was read as a whole WORD in a parser state that takes one, where any other
# non-keyword word is read the same way. A shape that does not parse goes no further: its
# text gets the Lark parse itself (errors quote the text's own words).

_WORD = re.compile(r"[^\W\d_][\w']*")  # the grammar's WORD terminal
_PLACEHOLDER = "x"


@cache
def order_words() -> frozenset[str]:
    """Every literal of the grammar (order words and symbols such as '-'), lower case."""
    return frozenset(
        t.pattern.value.lower() for t in _parser().terminals if isinstance(t.pattern, PatternStr)
    )


@cache
def first_words(*rules: str) -> frozenset[str]:
    """The literals (lower case) that can start the grammar's `rules`: for `army` and `fleet`
    the unit words 'a', 'army', 'f', 'fleet'. From the grammar: Python keeps no second list."""
    parser = _parser()
    patterns = {t.name: t.pattern for t in parser.terminals}
    starts = {(r.origin.name, r.expansion[0].name) for r in parser.rules if r.expansion}
    todo, seen = set(rules), set()
    while todo:  # a rule's first symbol may be a rule ('_build'): follow it
        seen |= todo
        todo = {first for origin, first in starts if origin in todo} - seen
    return frozenset(p.value.lower() for n in seen if isinstance(p := patterns.get(n), PatternStr))


@cache
def _keywords() -> frozenset[str] | None:
    """The lower-case keywords a WORD could be read as; None when the grammar's terminals are not
    what the shape cache relies on (it is then not used)."""
    keywords: set[str] = set()
    for terminal in _parser().terminals:
        pattern = terminal.pattern
        if isinstance(pattern, PatternStr):
            if not pattern.value.isascii():
                return None
            if pattern.value.lower().startswith(_PLACEHOLDER):
                return None
            if _WORD.fullmatch(pattern.value):
                keywords.add(pattern.value.lower())
        elif terminal.name == "WORD":
            if pattern.value != _WORD.pattern or "i" not in pattern.flags:
                return None
        elif pattern.value != r"\s+":
            return None
    return frozenset(keywords)


@lru_cache(maxsize=1 << 12)
def _shape_parse(shape: str) -> RawOrder | None:
    raw = _direct_parse(shape)
    return raw if isinstance(raw, RawOrder) else None


class _Mover:
    """Moves a shape's parse onto a text: positions, and the words found at them."""

    def __init__(self, text: str, ends: list[int], shifts: list[int]) -> None:
        self.text = text
        self.ends = ends  # where each placeholder ends in the shape, in order, after a -1
        self.shifts = shifts  # how much later the text is than the shape after that end

    def span(self, span: Span) -> Span:
        start, end = span
        ends, shifts = self.ends, self.shifts
        return (
            start + shifts[bisect.bisect_right(ends, start) - 1],
            end + shifts[bisect.bisect_right(ends, end) - 1],
        )

    def words(self, span: Span) -> tuple[str, ...]:
        # between the words of one place there is only what the grammar ignores
        words = _WORD.findall(self.text, span[0], span[1])
        if "_" not in self.text:  # no compound name joined ('St_Petersburg'): the usual case
            return tuple(words)
        return tuple(w.replace("_", "-") for w in words)

    def place(self, place: RawPlace) -> RawPlace:
        span = self.span(place.span)
        if place.coast_span is None:
            return RawPlace(self.words(span), span, place.coast)
        coast_span = self.span(place.coast_span)
        return RawPlace(self.words(span), span, self.words(coast_span), coast_span)

    def unit(self, unit: RawUnit | None) -> RawUnit | None:
        if unit is None:
            return None
        nationality, nationality_span = unit.nationality, unit.nationality_span
        if nationality_span is not None:
            nationality_span = self.span(nationality_span)
            nationality = self.text[nationality_span[0] : nationality_span[1]]
        return RawUnit(
            self.place(unit.place), unit.type, nationality, self.span(unit.span), nationality_span
        )

    def order(self, raw: RawOrder) -> RawOrder:
        target = self.place(raw.target) if raw.target is not None else None
        route = tuple(map(self.place, raw.route))
        unit, other = self.unit(raw.unit), self.unit(raw.other)
        return RawOrder(raw.form, unit, other, target, raw.via_convoy, route)


def _shaped_parse(text: str, keywords: frozenset[str]) -> RawOrder | None:
    """The parse of `text` from the parse of its shape; None when the shape does not parse."""
    pieces: list[str] = []
    ends = [-1]  # before the text: no shift
    shifts = [0]
    done = shift = 0
    for match in _WORD.finditer(text):
        word = match.group()
        if word.lower() in keywords or not word.isascii():
            continue  # a keyword (or, to be safe, any word outside ASCII) stays as written
        start, end = match.span()
        pieces += (text[done:start], _PLACEHOLDER)
        done = end
        shift += len(word) - len(_PLACEHOLDER)
        ends.append(end - shift)
        shifts.append(shift)
    pieces.append(text[done:])
    shaped = _shape_parse("".join(pieces))
    if shaped is None:
        return None
    return _Mover(text, ends, shifts).order(shaped)


@lru_cache(maxsize=1 << 10)  # strings of one order are kept by the reader (interpret._memo)
def raw_parse(text: str) -> RawOrder | SyntaxProblem:
    """The shape of one order (pure and map-free, so cached by text)."""
    keywords = _keywords()
    if keywords is not None:
        shaped = _shaped_parse(text, keywords)
        if shaped is not None:
            return shaped
    return _direct_parse(text)


# -- the strict reader --------------------------------------------------------------------


def resolve_written_place(game_map: Map, place: RawPlace) -> Place:
    """A written place's province and coast; raises NameProblem (its span: `place.span` for the
    province, `place.coast_span` for an explicit coast)."""
    resolved = resolve_place(game_map, place.words)
    if place.coast is not None:
        return Place(resolved.province, resolve_coast(game_map, " ".join(place.coast)))
    return resolved


class _Strict:
    """One strict parse: every error carries the span of the words that caused it."""

    def __init__(self, game_map: Map, text: str) -> None:
        self.map = game_map
        self.text = text

    def fail(self, message: str, span: Span) -> OrderParseError:
        return OrderParseError(message, self.text, span)

    def place(self, place: RawPlace) -> Place:
        try:
            resolved = resolve_place(self.map, place.words)
        except NameProblem as problem:
            raise self.fail(str(problem), place.span) from None
        if place.coast is None:
            return resolved
        try:
            coast = resolve_coast(self.map, " ".join(place.coast))
        except NameProblem as problem:
            raise self.fail(str(problem), place.coast_span or place.span) from None
        return Place(resolved.province, coast)

    def unit(self, raw: RawUnit) -> model.UnitRef:
        if raw.type is None:
            raise self.fail("unit type (A or F) required", raw.span)
        return model.UnitRef(raw.type, location_for(self.map, raw.type, self.place(raw.place)))

    def target(self, unit: model.UnitRef, place: RawPlace) -> str:
        return location_for(self.map, unit.type, self.place(place))

    def province(self, place: RawPlace) -> str:
        return self.place(place).province


def _strict_move(
    strict: _Strict, raw: RawOrder, unit: model.UnitRef, kind: PhaseKind
) -> model.Order:
    """A '-' order: a move, or a retreat in a retreat phase (never by convoy)."""
    assert raw.target is not None
    whole = (0, len(strict.text))
    target = strict.target(unit, raw.target)
    if kind is PhaseKind.RETREAT:
        if raw.via_convoy or raw.route:
            raise strict.fail("a retreat cannot go by convoy", whole)
        return model.Retreat(unit, target)
    if kind is PhaseKind.ADJUSTMENT:
        raise strict.fail("a move is not an adjustment order", whole)
    seas = tuple(strict.province(place) for place in raw.route)
    spans = [place.span for place in (*raw.route, raw.target)]
    problem = route_problem(strict.map, unit.province, seas, province_of(target), spans)
    if problem is not None:
        raise strict.fail(*problem)
    return model.Move(unit, target, raw.via_convoy or bool(seas), seas)


def parse_order(game_map: Map, text: str, kind: PhaseKind = PhaseKind.MOVEMENT) -> model.Order:
    """Strictly read one order, as in its canonical form (or DAIDE's): unit types required, no
    position.

    `kind` only settles what a '-' means (a move, or a retreat in a retreat phase); coasts are
    kept as written where a fleet goes, and dropped for armies.
    Raises OrderParseError on any bad input.
    """
    from adjudicator.orders.daide import read_raw  # DAIDE's reader builds on this module

    raw = read_raw(game_map, text)
    if isinstance(raw, SyntaxProblem):
        raise OrderParseError(raw.message, text, raw.span)
    strict = _Strict(game_map, text)
    if raw.form == "waive":
        return model.Waive()
    assert raw.unit is not None
    unit = strict.unit(raw.unit)
    whole = (0, len(text))
    if raw.form == "hold":
        return model.Hold(unit)
    if raw.form == "move" and raw.target is not None:
        return _strict_move(strict, raw, unit, kind)
    if raw.form == "retreat" and raw.target is not None:
        return model.Retreat(unit, strict.target(unit, raw.target))
    if raw.form == "support_hold" and raw.other is not None:
        return model.SupportHold(unit, strict.unit(raw.other))
    if raw.form == "support_move" and raw.other is not None and raw.target is not None:
        other = strict.unit(raw.other)
        return model.SupportMove(unit, other, strict.target(other, raw.target))
    if raw.form == "convoy" and raw.other is not None and raw.target is not None:
        return model.Convoy(unit, strict.unit(raw.other), strict.province(raw.target))
    if raw.form in ("disband_after", "remove_before"):
        return model.Disband(unit)
    if raw.form in ("build_after", "build_before"):
        return model.Build(unit)
    raise strict.fail("cannot read this order", whole)  # pragma: no cover - grammar forms
