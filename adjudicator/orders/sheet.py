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
from functools import lru_cache

from adjudicator.board.map import Map
from adjudicator.board.names import resolve_power

_COMMENT = re.compile(r"#|//")
_SEPARATOR = re.compile(r"[,;]")
_NAME_LENGTH = 40
"""Longer than any power's name: text before a ':' or inside '[...]' beyond this is no header."""
_CACHED_LENGTH = 4096
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


ORDER = "order"
COMMENT = "comment"
"""A comment on a line of its own, or a piece of nothing but dots."""
AFTER_ORDER = "after"
"""A comment that follows an order on the same line ('A Par - Bur // A Mar - Spa')."""

Piece = tuple[str, str]
"""(kind, text as written): ORDER, COMMENT or AFTER_ORDER."""
Line = tuple[str | None, tuple[Piece, ...]]
"""(the power of a header starting the line, or None; the line's pieces)."""


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
        power = None
        if line:
            header = _header(game_map, line)
            if header is not None:
                power, line = header
            for segment in _SEPARATOR.split(line):
                segment = segment.strip()
                if segment:
                    pieces.append((ORDER if segment.strip(".") else COMMENT, segment))
        if found is not None:
            comment = raw_line[found.start() :].strip()
            ordered = any(kind == ORDER for kind, _ in pieces)
            pieces.append((AFTER_ORDER if ordered else COMMENT, comment))
        if power is not None or pieces:
            lines.append((power, tuple(pieces)))
    return tuple(lines)


_cached_lines = lru_cache(maxsize=1 << 14)(_split_lines)


@lru_cache(maxsize=1 << 8)
def power_key(game_map: Map, key: str) -> str:
    """The power a key of the orders names (as written, in capitals, when it names none)."""
    return resolve_power(game_map, key) or key.strip().upper()


def pieces(game_map: Map, texts: Sequence[str], power: str) -> Iterator[tuple[str, str, str]]:
    """(power, kind, text) for every piece of `texts` (orders and comments); a header switches
    the power for the lines after it, in that string and the strings that follow it."""
    for text in texts:
        for header, line in _lines(game_map, str(text)):
            if header is not None:
                power = header
            for kind, piece in line:
                yield power, kind, piece


def segments(game_map: Map, texts: Sequence[str], power: str) -> Iterator[tuple[str, str]]:
    """(power, text) for every piece of `texts`, orders and comments alike, in the order
    written: each is the `input` of one entry of the reading."""
    for piece_power, _, piece in pieces(game_map, texts, power):
        yield piece_power, piece


def power_after(game_map: Map, texts: Sequence[str], power: str) -> str:
    """The power a line written after `texts` orders for: the last header's, else `power`."""
    for text in texts:
        for header, _ in _lines(game_map, str(text)):
            if header is not None:
                power = header
    return power
