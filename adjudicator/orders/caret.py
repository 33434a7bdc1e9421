"""Drawing an error under the text it is about, for people reading a terminal."""

from __future__ import annotations

SHOWN = 100
"""At most this many characters of the input are shown: a window around the bad part."""
_BEFORE = 40
"""How much of the input before the bad part the window keeps."""


def render_caret(input: str, span: tuple[int, int], message: str) -> str:
    """The input, then carets under span [start, end) and the message:

    A Lodnon - Bel
      ^^^^^^ unknown province 'Lodnon'

    An empty span (something missing at that point) gets a single caret. Long input is shown
    as a window around the span, cut ends marked '...'.
    """
    line = input.replace("\n", " ").replace("\t", " ")
    start = max(0, min(span[0], len(line)))
    end = max(start + 1, min(span[1], len(line)))
    if len(line) > SHOWN:
        cut = max(0, start - _BEFORE)
        head = "..." if cut else ""
        shown = line[cut : cut + SHOWN]
        tail = "..." if cut + SHOWN < len(line) else ""
        start, end = start - cut + len(head), min(end - cut, SHOWN) + len(head)
        line = head + shown + tail
    return f"{line}\n{' ' * start}{'^' * (end - start)} {message}"
