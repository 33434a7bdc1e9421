"""Orders in DAIDE's syntax, the protocol of Diplomacy bots: read, and written.

DAIDE (the Diplomacy AI Development Environment) writes an order as tokens, a unit as
`( power unit_type province )`: `( ENG FLT LON ) MTO NTH`, `( FRA AMY PAR ) SUP ( FRA AMY MAR )
MTO BUR`, `( ENG AMY LON ) CTO BEL VIA ( NTH )`, `( RUS FLT ( STP SCS ) ) BLD`, `ENG WVE`
(DAIDE Message Syntax v0.178, "(iii) Submitting orders"). Its grammar is grammar/daide.lark;
its tokens for powers, provinces and coasts come from the map file (`daide` fields and the
`[daide]` table, validated with the map; a power or province without one is its code).

Reading gives the same raw order (`RawOrder`) the ordinary grammar gives, with the map's codes
in place of the tokens, so the order reader's interpretation and legality checks are the same
for both notations. A DAIDE order is told from any other by its first character (a unit opens
with '(') or its last token (WVE): nothing else the reader accepts looks like that, and the
test costs ordinary orders nothing.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Final

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from adjudicator.board.map import Map
from adjudicator.board.names import NameProblem, join_compounds, resolve_power, resolve_province
from adjudicator.board.types import PhaseKind, UnitType, coast_of, province_of
from adjudicator.orders import model
from adjudicator.orders.lark_problem import lark_problem
from adjudicator.orders.parse import (
    Form,
    RawOrder,
    RawPlace,
    RawUnit,
    Span,
    SyntaxProblem,
    compiled_grammar,
)
from adjudicator.orders.shapes import raw_parse
from adjudicator.orders.spelling import unwrap_via

_FORMS: dict[str, Form] = {
    "hold": "hold",
    "move": "move",
    "convoy_move": "move",
    "support_hold": "support_hold",
    "support_move": "support_move",
    "convoy": "convoy",
    "retreat": "retreat",
    "disband": "disband_after",
    "build": "build_after",
    "waive": "waive",
}
_LABELS = {
    "TOKEN": "a DAIDE token",
    "LPAR": "'('",
    "RPAR": "')'",
    "$END": "the end of the order",
    "<END-OF-FILE>": "the end of the order",
}


@cache
def _parser() -> Lark:
    """The DAIDE order grammar, built once per process."""
    return compiled_grammar("daide.lark")


def is_daide(text: str) -> bool:
    """Whether an order's text is in DAIDE's syntax (a unit first, or a waive)."""
    return text[:1] == "(" or text[-3:].upper() == "WVE"


# -- the map's tokens ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Tokens:
    """A map's DAIDE tokens, both ways (token -> code, code -> token)."""

    provinces: Mapping[str, str]
    powers: Mapping[str, str]
    coasts: Mapping[str, str]
    province_token: Mapping[str, str]
    power_token: Mapping[str, str]
    coast_token: Mapping[str, str]


@cache
def tokens_for(game_map: Map) -> Tokens:
    """The DAIDE tokens of a map, from its data (a province or power without one: its code)."""
    province_token = {code: p.daide or code for code, p in game_map.provinces.items()}
    power_token = {code: p.daide or code for code, p in game_map.powers.items()}
    coast_token = {code: game_map.daide_coasts.get(code, code) for code in game_map.coast_names}
    return Tokens(
        provinces={t: c for c, t in province_token.items()},
        powers={t: c for c, t in power_token.items()},
        coasts={t: c for c, t in coast_token.items()},
        province_token=province_token,
        power_token=power_token,
        coast_token=coast_token,
    )


class _Bad(Exception):
    def __init__(self, message: str, span: Span) -> None:
        super().__init__(message)
        self.problem = SyntaxProblem(message, span)


def _unknown(what: str, token: Token, close: Sequence[str], label: Callable[[str], str]) -> _Bad:
    """The error for a token the map does not have, suggesting the `close` ones."""
    hint = f" \u2014 did you mean {' or '.join(label(t) for t in close)}?" if close else ""
    return _Bad(f"unknown DAIDE {what} token '{token}'{hint}", _span_of(token))


def _close(word: str, table: Mapping[str, str]) -> list[str]:
    return difflib.get_close_matches(word, list(table), n=3, cutoff=0.6)


@dataclass(frozen=True, slots=True)
class _Translator:
    """Turns a parse tree's tokens into the map's codes; an unknown token raises _Bad."""

    map: Map
    tokens: Tokens

    def province_label(self, token: str) -> str:
        return f"{token} ({self.map.provinces[self.tokens.provinces[token]].name})"

    def power_label(self, token: str) -> str:
        return f"{token} ({self.map.powers[self.tokens.powers[token]].name})"

    def province(self, token: Token) -> str:
        word = str(token).upper()
        code = self.tokens.provinces.get(word)
        if code is not None:
            return code
        try:  # a name or code the map knows, whose token is another ('ENG', 'LYO', 'Lyon')
            close = [self.tokens.province_token[resolve_province(self.map, word)]]
        except NameProblem:
            close = _close(word, self.tokens.provinces)
        raise _unknown("province", token, close, self.province_label)

    def power(self, token: Token) -> str:
        word = str(token).upper()
        code = self.tokens.powers.get(word)
        if code is not None:
            return code
        named = resolve_power(self.map, word)  # a power's name or code ('ENGLAND')
        close = [self.tokens.power_token[named]] if named else _close(word, self.tokens.powers)
        raise _unknown("power", token, close, self.power_label)

    def coast(self, token: Token) -> str:
        word = str(token).upper()
        code = self.tokens.coasts.get(word)
        if code is not None:
            return code
        close = _close(word, self.tokens.coasts) or sorted(self.tokens.coasts)
        raise _unknown("coast", token, close, str)

    def place(self, node: Tree[Token]) -> RawPlace:
        words = [c for c in node.children if isinstance(c, Token) and c.type == "TOKEN"]
        province = words[0]
        place = RawPlace((self.province(province),), _span_of(province))
        coasts = [c for c in node.children if isinstance(c, Tree)]
        if not coasts:
            return place
        coast = coasts[0].children[0]
        assert isinstance(coast, Token)
        return place._replace(coast=(self.coast(coast),), coast_span=_span_of(coast))

    def unit(self, node: Tree[Token]) -> RawUnit:
        power = next(c for c in node.children if isinstance(c, Token) and c.type == "TOKEN")
        type_node, place_node = (c for c in node.children if isinstance(c, Tree))
        unit_type = UnitType.ARMY if type_node.data == "army" else UnitType.FLEET
        return RawUnit(
            self.place(place_node),
            unit_type,
            self.power(power),
            (node.meta.start_pos, node.meta.end_pos),
            _span_of(power),
        )


def _span_of(token: Token) -> Span:
    start = token.start_pos or 0
    return start, token.end_pos or start + len(token)


def _expected(names: set[str]) -> str:
    return ", ".join(sorted({_LABELS.get(n, n) for n in names}))


@lru_cache(maxsize=1 << 12)
def _tree(text: str) -> Tree[Token] | SyntaxProblem:
    """The parse of one order's text (map-free, so cached by text)."""
    try:
        return _parser().parse(text)
    except UnexpectedInput as error:
        return SyntaxProblem(*lark_problem(error, text, _expected, "DAIDE order"))


@dataclass(frozen=True, slots=True)
class DaideReading:
    """A DAIDE order read against a map: its raw order (or why not) and the power it names."""

    raw: RawOrder | SyntaxProblem
    power: str | None


def _raw(translate: _Translator, tree: Tree[Token]) -> RawOrder:
    form = _FORMS[str(tree.data)]
    nodes = [c for c in tree.children if isinstance(c, Tree)]
    units = [translate.unit(n) for n in nodes if n.data == "unit"]
    places = [translate.place(n) for n in nodes if n.data == "place"]
    if tree.data == "waive":  # its power, when written, must be one of the map's
        for token in tree.children:
            if isinstance(token, Token) and token.type == "TOKEN":
                translate.power(token)
    route = tuple(  # the seas of a VIA: the convoy route the order states, in order
        RawPlace((translate.province(sea),), _span_of(sea))
        for via in nodes
        if via.data == "via"
        for sea in via.children
        if isinstance(sea, Token) and sea.type == "TOKEN"
    )
    return RawOrder(
        form=form,
        unit=units[0] if units else None,
        other=units[1] if len(units) > 1 else None,
        target=places[0] if places else None,
        via_convoy=tree.data == "convoy_move",
        route=route,
    )


def _first_power(tokens: Tokens, text: str) -> str | None:
    """The power named by an order's first token, if it is a power token: the order is that
    power's even where the rest does not read (its error goes to that power)."""
    words = text.replace("(", " ").split()
    return tokens.powers.get(words[0].upper()) if words else None


@lru_cache(maxsize=1 << 13)
def read_daide(game_map: Map, text: str) -> DaideReading:
    """One DAIDE order's shape, with the map's codes for its tokens (or the first bad token)."""
    tokens = tokens_for(game_map)
    power = _first_power(tokens, text)
    tree = _tree(text)
    if isinstance(tree, SyntaxProblem):
        return DaideReading(tree, power)
    try:
        return DaideReading(_raw(_Translator(game_map, tokens), tree), power)
    except _Bad as bad:
        return DaideReading(bad.problem, power)


def read_raw(game_map: Map, text: str) -> RawOrder | SyntaxProblem:
    """One order's shape in either notation, DAIDE's or the ordinary one."""
    if is_daide(text):
        return read_daide(game_map, text).raw
    return raw_parse(unwrap_via(join_compounds(game_map, text)))


def daide_power(game_map: Map, text: str) -> str | None:
    """The power a DAIDE order names first (its unit's, or its waive's), if it is one."""
    return read_daide(game_map, text).power if is_daide(text) else None


# -- writing ---------------------------------------------------------------------------------

_UNIT_TYPES: Final = {UnitType.ARMY: "AMY", UnitType.FLEET: "FLT"}
_VERBS: dict[type, str] = {
    model.Hold: "HLD",
    model.Move: "MTO",
    model.SupportHold: "SUP",
    model.SupportMove: "SUP",
    model.Convoy: "CVY",
    model.Retreat: "RTO",
    model.Disband: "DSB",
    model.Build: "BLD",
}
_THEN: Final[dict[type, tuple[str, ...]]] = {model.SupportMove: ("MTO",), model.Convoy: ("CTO",)}
"""The word between the other unit an order names and the target of that unit's move."""


@dataclass(frozen=True, slots=True)
class _Writer:
    tokens: Tokens
    power: str
    owner_of: Mapping[str, str]

    def location(self, location: str) -> str:
        province = self.tokens.province_token[province_of(location)]
        coast = coast_of(location)
        return f"( {province} {self.tokens.coast_token[coast]} )" if coast else province

    def unit(self, unit: model.UnitRef, power: str | None = None) -> str:
        owner = power or self.owner_of.get(unit.province, self.power)
        token = self.tokens.power_token.get(owner, owner)
        return f"( {token} {_UNIT_TYPES[unit.type]} {self.location(unit.location)} )"


def daide_order(
    game_map: Map,
    order: model.Order,
    power: str,
    *,
    kind: PhaseKind = PhaseKind.RETREAT,
    owner_of: Mapping[str, str] | None = None,
    via: Sequence[str] = (),
) -> str:
    """An order in DAIDE's syntax, given by `power`: `( ENG FLT LON ) MTO NTH`.

    `owner_of` (province -> power) names the powers of the other units an order names (a
    supported or convoyed unit; the ordering power when absent). A disband is DSB, or REM when
    `kind` is the adjustment phase. A move by convoy is CTO, with the route it states (or else
    `via`, the seas of a route in order, when given) as its VIA. Reading the result back gives
    the same order."""
    tokens = tokens_for(game_map)
    write = _Writer(tokens, power, owner_of or {})
    if isinstance(order, model.Waive):
        return f"{tokens.power_token.get(power, power)} WVE"
    verb = _VERBS[type(order)]
    if isinstance(order, model.Move) and (order.via_convoy or order.route):
        verb = "CTO"
    elif isinstance(order, model.Disband) and kind is PhaseKind.ADJUSTMENT:
        verb = "REM"
    words = [write.unit(order.unit, power), verb]
    if isinstance(order, model.SupportHold | model.SupportMove):
        words.append(write.unit(order.supported))
    elif isinstance(order, model.Convoy):
        words.append(write.unit(order.army))
    words += _THEN.get(type(order), ())
    if not isinstance(order, model.Hold | model.SupportHold | model.Disband | model.Build):
        words.append(write.location(order.target))
    seas = order.route or via if isinstance(order, model.Move) else ()
    if seas:
        words.append(f"VIA ( {' '.join(tokens.province_token[s] for s in seas)} )")
    return " ".join(words)
