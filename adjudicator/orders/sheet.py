"""Order sheets: the lines of what a player sent, split into power headers and single orders.

A header ('England:', '[ENGLAND]', or a power's name alone) switches the power for the lines
after it; ',' and ';' separate several orders on one line.
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


def _lines(game_map: Map, text: str) -> tuple[tuple[str | None, tuple[str, ...]], ...]:
    """The orders of one string, line by line (cached for the usual, short strings)."""
    if len(text) <= _CACHED_LENGTH:
        return _cached_lines(game_map, text)
    return _split_lines(game_map, text)


def _split_lines(game_map: Map, text: str) -> tuple[tuple[str | None, tuple[str, ...]], ...]:
    """The orders of one string, line by line: (the power of a header starting the line,
    or None; the line's orders)."""
    lines: list[tuple[str | None, tuple[str, ...]]] = []
    for raw_line in text.splitlines():
        line = _COMMENT.split(raw_line, maxsplit=1)[0].strip()
        if not line:
            continue
        header = _header(game_map, line)
        power = None
        if header is not None:
            power, line = header
        segments = (segment.strip() for segment in _SEPARATOR.split(line))
        lines.append((power, tuple(s for s in segments if s and s.strip("."))))
    return tuple(lines)


_cached_lines = lru_cache(maxsize=1 << 14)(_split_lines)


@lru_cache(maxsize=1 << 8)
def power_key(game_map: Map, key: str) -> str:
    """The power a key of the orders names (as written, in capitals, when it names none)."""
    return resolve_power(game_map, key) or key.strip().upper()


def segments(game_map: Map, texts: Sequence[str], power: str) -> Iterator[tuple[str, str]]:
    """(power, one order's text) for every order in `texts`; a header switches the power for
    the lines after it, in that string and the strings that follow it."""
    for text in texts:
        for header, segments in _lines(game_map, str(text)):
            if header is not None:
                power = header
            for segment in segments:
                yield power, segment


def power_after(game_map: Map, texts: Sequence[str], power: str) -> str:
    """The power a line written after `texts` orders for: the last header's, else `power`."""
    for text in texts:
        for header, _ in _lines(game_map, str(text)):
            if header is not None:
                power = header
    return power
