"""Spellings players use that are made plain before the grammar reads an order, and talk that
is not an order at all.

The grammar stays small and ASCII (its shape cache needs that, see parse.py): dashes and arrows
are made '-' by board.names.plain_dashes; '(via convoy)' loses its parentheses here. Every
change keeps the text's length, so spans into the plain text are spans into what was written.
The words come from the grammar (parse.first_words), never from a Python list.
"""

from __future__ import annotations

import re
from functools import cache

from adjudicator.board.map import Map
from adjudicator.board.names import NameProblem, resolve_power, resolve_province
from adjudicator.orders.parse import first_words, order_words

_PARENS = re.compile(r"\(([^()]*)\)")
_WORD = re.compile(r"[^\W\d_][\w']*")

NOT_AN_ORDER = "not an order (a message to the gamesmaster? start the line with '#')"


def unwrap_via(text: str) -> str:
    """'A Lon - Bel (via convoy)' -> 'A Lon - Bel  via convoy ': parentheses around words that
    start the grammar's `via` rule become spaces; a coast in parentheses is left alone."""
    if "(" not in text:
        return text
    via = first_words("via")

    def plain(match: re.Match[str]) -> str:
        words = match.group(1).split()
        return f" {match.group(1)} " if words and words[0].lower() in via else match.group()

    return _PARENS.sub(plain, text)


@cache
def _symbols() -> tuple[str, ...]:
    """The grammar's literals that are not words: '-', '->', '/', '(', '+', '*'..."""
    return tuple(w for w in order_words() if not _WORD.fullmatch(w))


def is_chatter(game_map: Map, text: str) -> bool:
    """Talk rather than an order that went wrong ('Hi GM', 'Cheers', a signature, "Austria's
    orders for Spring 01:"): no symbol of the grammar, and a first word that can start no order
    (by the grammar) and is no power or place. Such text gets a short NOT_AN_ORDER, not a
    grammar message."""
    if any(symbol in text for symbol in _symbols()):
        return False
    first = _WORD.search(text)
    if first is None:
        return True
    word = first.group()
    if word.lower() in first_words("start") or resolve_power(game_map, word) is not None:
        return False
    try:
        resolve_province(game_map, word)
    except NameProblem:
        return True
    return False
