"""Order sheets: the lines of what a player sent, split into power headers and single orders.

A header ('England:', '[ENGLAND]', or a power's name alone) switches the power for the lines
after it; ',' and ';' separate several orders on one line. Nothing vanishes: a comment (from '#'
or '//' to the end of its line) and a piece of nothing but dots are pieces of their own kind,
which the reader reports as ignored comments; a comment after an order on the same line is
marked, so that an order written there can be reported rather than lost.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from functools import cache, lru_cache
from typing import Final

from adjudicator.board.map import Map
from adjudicator.board.names import index_for, resolve_power
from adjudicator.orders.parse import first_words

_COMMENT: Final = re.compile(r"#|//")
_SEPARATOR: Final = re.compile(r"[,;]")
_NAME_LENGTH: Final = 40
"""Longer than any power's name: text before a ':' or inside '[...]' beyond this is no header."""
MAX_ORDER_LENGTH: Final = 500
"""The longest text read as one order (the longest real order is under 100 characters). Longer
text is an error entry before any reading, so the work per order is bounded and reading a
sheet is linear in its length."""
TOO_LONG = (
    f"too long for one order ({{}} characters; at most {MAX_ORDER_LENGTH}): "
    "put each order on its own line"
)
_CACHED_LENGTH: Final = 4096
"""Strings longer than this are split anew each time rather than kept in the cache."""


def _header(game_map: Map, line: str) -> tuple[str, str] | None:
    """(power, rest of line) when a line starts with a power header: 'England:', '[ENGLAND]',
    or is nothing but a power's name. (Plain string searches, not regular expressions with
    lazy groups: those backtrack quadratically on a long line without the closing mark.)"""
    if line.startswith("["):
        end = line.find("]", 0, _NAME_LENGTH)
        if end > 0:
            power = resolve_power(game_map, line[1:end])
            if power is not None:
                return power, line[end + 1 :].strip()
    colon = line.find(":", 0, _NAME_LENGTH)
    if colon >= 0:
        power = resolve_power(game_map, line[:colon])
        if power is not None:
            return power, line[colon + 1 :].strip()
    if len(line) > _NAME_LENGTH:
        return None
    power = resolve_power(game_map, line.rstrip(".:"))
    return (power, "") if power is not None else None


ORDER: Final = "order"
COMMENT: Final = "comment"
"""A comment on a line of its own, or a piece of nothing but dots."""
AFTER_ORDER: Final = "after"
"""A comment that follows an order on the same line ('A Par - Bur // A Mar - Spa')."""
ORDER_IN_COMMENT: Final = (
    "an order after '{}' is not read: put each order on its own line, or remove it"
)
"""The error for such a comment when it reads as an order itself: it is not lost."""

Piece = tuple[str, str]
"""(kind, text as written): ORDER, COMMENT or AFTER_ORDER."""
Line = tuple[str | None, str | None, tuple[Piece, ...]]
"""(the power of a header starting the line, or None; the verb of an adjustment header
starting it ('Builds:', 'Removes:'), or None; the line's pieces)."""


def _verb(line: str) -> tuple[str, str] | None:
    """(verb, rest of line) when a line starts with an adjustment header such as 'Builds:' or
    'Removes:', a word that starts the grammar's build or removal orders."""
    colon = line.find(":", 0, _NAME_LENGTH)
    word = line[:colon].strip() if colon > 1 else ""
    if word.isalpha() and word.lower() in first_words("build_before", "remove_before"):
        return word, line[colon + 1 :].strip()
    return None


def _lines(game_map: Map, text: str) -> tuple[Line, ...]:
    """The pieces of one string, line by line (cached for the usual, short strings)."""
    if len(text) <= _CACHED_LENGTH:
        return _cached_lines(game_map, text)
    return _split_lines(game_map, text)


def _split_lines(game_map: Map, text: str) -> tuple[Line, ...]:
    """The pieces of one string, line by line; blank lines have none and are left out."""
    lines: list[Line] = []
    for raw_line in text.splitlines():
        found = _COMMENT.search(raw_line)
        line = (raw_line if found is None else raw_line[: found.start()]).strip()
        pieces: list[Piece] = []
        power = verb = None
        if line:
            header = _header(game_map, line)
            if header is not None:
                power, line = header
            adjustment = _verb(line)
            if adjustment is not None:
                verb, line = adjustment
            for segment in _SEPARATOR.split(line):
                segment = segment.strip()
                if segment:
                    pieces.append((ORDER if segment.strip(".") else COMMENT, segment))
        if found is not None:
            comment = raw_line[found.start() :].strip()
            ordered = any(kind == ORDER for kind, _ in pieces)
            pieces.append((AFTER_ORDER if ordered else COMMENT, comment))
        if power is not None or verb is not None or pieces:
            lines.append((power, verb, tuple(pieces)))
    return tuple(lines)


_cached_lines: Final = lru_cache(maxsize=1 << 10)(_split_lines)


@lru_cache(maxsize=1 << 8)
def power_key(game_map: Map, key: str) -> str:
    """The power a key of the orders names (as written, in capitals, when it names none)."""
    return resolve_power(game_map, key) or key.strip().upper()


@cache
def own_keys(game_map: Map) -> frozenset[str]:
    """The power codes that are their own `power_key` (all, on any sensible map): the usual
    keys of a set of orders, known without a look-up."""
    return frozenset(code for code in game_map.powers if power_key(game_map, code) == code)


def as_text(text: object) -> str:
    """What the reader reads of a text: a string by its own value (a str Enum's is not its
    str(), 'Order.PAR'), anything else by its str() (an error entry quotes it)."""
    return str.__str__(text) if isinstance(text, str) else str(text)


def pieces(game_map: Map, texts: Sequence[str], power: str) -> Iterator[tuple[str, str, str, str]]:
    """(power, kind, text, verb) for every piece of `texts` (orders and comments). A header
    switches the power for the lines after it, in that string and the strings that follow it;
    an adjustment header ('Builds: A Ber, F Kie') gives its verb to the orders after it, up
    to the next header ('' when there is none)."""
    verb = ""
    for text in texts:
        found, power, verb = text_pieces(game_map, as_text(text), power, verb)
        yield from found


def text_pieces(
    game_map: Map, text: str, power: str, verb: str
) -> tuple[list[tuple[str, str, str, str]], str, str]:
    """`pieces` of one string, read with the power and verb of the strings before it; and the
    power and verb it leaves for the strings after it."""
    found = []
    for header, line_verb, line in _lines(game_map, text):
        if header is not None:
            power, verb = header, ""
        if line_verb is not None:
            verb = line_verb
        for kind, piece in line:
            found.append((power, kind, piece, verb))
    return found, power, verb


_MARKS: Final = re.compile(r"[#,;:\[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")
"""What can make a string more than one piece: a comment ('#', and '//', looked for apart: a
pattern of one character class is searched for several times faster than one with an
alternative), a separator, a header's ':' or '[', a line break (each character
str.splitlines breaks at)."""


def plain(text: str) -> bool:
    """Whether a text holds none of `_MARKS`, no '//' and no white space: then so does any
    string of such texts joined by single spaces, with no space at either end (none of the
    marks is a space, and '//' cannot straddle one): see `is_one_order`'s `plain`."""
    return _MARKS.search(text) is None and "//" not in text and text.isprintable()


def is_one_order(game_map: Map, text: str, words: int = 0, plain: bool = False) -> bool:
    """Whether a string is a line of one order and nothing else, its one piece the string as
    written: no header, comment, separator or surrounding space. Its reading then depends on
    that order's text alone. A string without any of `_MARKS` (the usual order) is one line
    whose one piece is itself, unless it is a power's name alone (a header) or all dots.

    `words`: how many of the grammar's words (parse.WORD) the string is known to hold, when it
    is (else 0). A power's name has no more than the map's longest (`power_words`): each of
    those words starts with a letter, and two are parted by a character that `normalize`
    makes a space, so a string holds at least as many words of a name as of the grammar.

    `plain`: the string is known to be texts that are each `plain`, joined by single spaces
    (shapes.token_plan_of reads such strings): none of `_MARKS`, no space at either end."""
    if plain or (_MARKS.search(text) is None and "//" not in text):
        return (
            (plain or text == text.strip())
            and text.strip(".") != ""
            and (
                len(text) > _NAME_LENGTH
                or words > (POWER_WORDS.get(game_map) or power_words(game_map))
                or resolve_power(game_map, text.rstrip(".")) is None
            )
        )
    return _lines(game_map, text) == ((None, None, ((ORDER, text),)),)


def power_words(game_map: Map) -> int:
    """The most words of any name of a power of the map, as `resolve_power` reads it (kept in
    POWER_WORDS: a dict's look-up is a third of a functools.cache call's instructions)."""
    most = max((len(name.split()) for name in index_for(game_map).powers), default=0)
    return POWER_WORDS.setdefault(game_map, most)


POWER_WORDS: Final[dict[Map, int]] = {}


def segments(game_map: Map, texts: Sequence[str], power: str) -> Iterator[tuple[str, str]]:
    """(power, text) for every piece of `texts`, orders and comments alike, in the order
    written: each is the `input` of one entry of the reading."""
    for piece_power, _, piece, _ in pieces(game_map, texts, power):
        yield piece_power, piece


def power_after(game_map: Map, texts: Sequence[str], power: str) -> str:
    """The power a line written after `texts` orders for: the last header's, else `power`."""
    for text in texts:
        for header, _, _ in _lines(game_map, as_text(text)):
            if header is not None:
                power = header
    return power
