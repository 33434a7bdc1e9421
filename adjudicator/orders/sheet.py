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
_BRACKET_HEADER = re.compile(r"\[\s*([^\]]*?)\s*\]\s*(.*)")
_COLON_HEADER = re.compile(r"([^:]*?)\s*:\s*(.*)")
_SEPARATOR = re.compile(r"[,;]")


def _header(game_map: Map, line: str) -> tuple[str, str] | None:
    """(power, rest of line) when a line starts with a power header: 'England:', '[ENGLAND]',
    or is nothing but a power's name."""
    for pattern in (_BRACKET_HEADER, _COLON_HEADER):
        match = pattern.fullmatch(line)
        if match:
            power = resolve_power(game_map, match.group(1))
            if power is not None:
                return power, match.group(2)
    power = resolve_power(game_map, line.rstrip(".:"))
    return (power, "") if power is not None else None


@lru_cache(maxsize=1 << 14)
def _lines(game_map: Map, text: str) -> tuple[tuple[str | None, tuple[str, ...]], ...]:
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
