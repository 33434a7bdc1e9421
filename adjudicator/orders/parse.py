"""Reading order text: the Lark grammar (grammar/orders.lark) and the strict canonical parser.

The grammar turns one order's text into a `RawOrder` whose places are still words as written,
with character spans (orders/shapes.py runs it once per shape of text). `parse_order` is the
strict, position-free reader of the canonical form (unit types required) used for round trips
and test cases; `adjudicator.orders.interpret` is the lenient, position-aware reader for players.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Final, Literal, NamedTuple

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

OFF_BOARD: Final = frozenset({"build_after", "build_before", "waive"})
"""The forms whose unit stands on no board: a build names a new one, a waive none."""


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


_OPTIONS: Final[dict[str, Any]] = {
    "parser": "lalr",
    "lexer": "contextual",
    "propagate_positions": True,
}


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
_EXPECTED: Final = {name: label for label, names in _LABELS.items() for name in names.split()}


def _expected(names: set[str]) -> str:
    labels = sorted({_EXPECTED[n] for n in names if n in _EXPECTED})
    return ", ".join(labels) if labels else "something else"


def _span(node: Tree[Token]) -> Span:
    return node.meta.start_pos, node.meta.end_pos


def name_word(word: str) -> str:
    """A WORD as a word of a name: a compound joined for the grammar ('St_Petersburg', see
    board.names.join_compounds) gets its hyphen back."""
    return word.replace("_", "-")


def _words(tokens: list[Any]) -> tuple[str, ...]:
    return tuple(name_word(str(t)) for t in tokens if isinstance(t, Token))


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


def direct_parse(text: str) -> RawOrder | SyntaxProblem:
    """One order's text through the Lark parser."""
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as error:
        return SyntaxProblem(*lark_problem(error, text, _expected, "order"))
    return _raw(tree)


# -- the grammar's words -----------------------------------------------------------------

WORD: Final = re.compile(r"[^\W\d_][\w']*")
"""The grammar's WORD terminal (checked against the grammar by `shape_keywords`)."""
PLACEHOLDER: Final = "x"
"""What stands for a name in the shape of an order (orders/shapes.py)."""


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
def shape_keywords() -> frozenset[str] | None:
    """The lower-case keywords a WORD could be read as; None when the grammar's terminals are not
    what the shape cache (orders/shapes.py) relies on (it is then not used)."""
    keywords: set[str] = set()
    for terminal in _parser().terminals:
        pattern = terminal.pattern
        if isinstance(pattern, PatternStr):
            if not pattern.value.isascii():
                return None
            if pattern.value.lower().startswith(PLACEHOLDER):
                return None
            if WORD.fullmatch(pattern.value):
                keywords.add(pattern.value.lower())
        elif terminal.name == "WORD":
            if pattern.value != WORD.pattern or "i" not in pattern.flags:
                return None
        elif pattern.value != r"\s+":
            return None
    return frozenset(keywords)


# -- the strict reader --------------------------------------------------------------------


def resolve_written_place(game_map: Map, place: RawPlace) -> Place:
    """A written place's province and coast; raises NameProblem (its span: `place.span` for the
    province, `place.coast_span` for an explicit coast)."""
    return resolve_written(game_map, place.words, place.coast)


def resolve_written(
    game_map: Map, words: Sequence[str], coast: Sequence[str] | None = None
) -> Place:
    """The province a place's words name, with the coast an explicit coast's words name."""
    resolved = resolve_place(game_map, words)
    if coast is not None:
        return Place(resolved.province, resolve_coast(game_map, " ".join(coast)))
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
