"""The entries of a result document's `orders` (CONTRACT.md), written from the engine's lines.

Its own module, importing nothing of the package at run time, so that the engine's values
(`OrderResult.to_document`) can write an entry with this one writer too.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from adjudicator.orders.results import OrderResult


def order_documents(results: Iterable[OrderResult]) -> list[dict[str, Any]]:
    """One entry per line, its keys in the contract's order; `culprits` only when some unit
    is responsible (a compatible extension). Each entry is a new dict with new lists, since
    the caller owns the document. One comprehension, each dict a literal: a loop with
    appends cost a tenth more, dict.copy of a template per line more still (a 7-key dict
    literal is most of an entry's cost, and a template's lookup costs what it saves)."""
    return [
        {
            "power": power,
            "unit": unit,
            "input": given,
            "order": order,
            "result": result,
            "tags": [*tags],
            "reason": reason,
        }
        if not culprits
        else {
            "power": power,
            "unit": unit,
            "input": given,
            "order": order,
            "result": result,
            "tags": [*tags],
            "reason": reason,
            "culprits": [*culprits],
        }
        for power, unit, given, order, result, tags, reason, culprits in results
    ]
