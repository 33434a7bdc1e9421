"""Drawing an error under the text it is about, for people reading a terminal."""

from __future__ import annotations


def render_caret(input: str, span: tuple[int, int], message: str) -> str:
    """The input, then carets under span [start, end) and the message:

    A Lodnon - Bel
      ^^^^^^ unknown province 'Lodnon'

    An empty span (something missing at that point) gets a single caret.
    """
    line = input.replace("\n", " ").replace("\t", " ")
    start = max(0, min(span[0], len(line)))
    end = max(start + 1, min(span[1], len(line)))
    return f"{line}\n{' ' * start}{'^' * (end - start)} {message}"
