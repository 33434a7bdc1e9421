"""What Lark could not read, said for people: one wording for the order reader (orders.parse)
and the DAIDE reader (orders.daide), each with its own names for what it expected."""

from __future__ import annotations

from collections.abc import Callable

from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken


def lark_problem(
    error: UnexpectedInput, text: str, expected: Callable[[set[str]], str], noun: str
) -> tuple[str, tuple[int, int]]:
    """The message and the span [start, end) of the bad part of `text`: 'incomplete order:
    expected a place', "unexpected 'XXX': expected AMY, FLT", "unexpected character '%'"."""
    if isinstance(error, UnexpectedToken):
        token = error.token
        if token.type == "$END":
            return f"incomplete {noun}: expected {expected(error.expected)}", (len(text), len(text))
        start = token.start_pos or 0
        span = (start, token.end_pos or start + len(token))
        return f"unexpected '{token}': expected {expected(error.expected)}", span
    if isinstance(error, UnexpectedCharacters):
        # Lark declares pos_in_stream as None (unannotated): compiled code would check for None.
        pos: int = getattr(error, "pos_in_stream", None) or 0
        return f"unexpected character '{text[pos]}'", (pos, pos + 1)
    return f"cannot read this {noun}", (0, len(text))  # pragma: no cover
