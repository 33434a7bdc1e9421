"""The JSON contract (CONTRACT.md): phase documents in, result documents out.

contract/reading.py reads a phase document into the engine's values; this module runs the
phase and writes the result document (and a position as the contract's `next`). The two are
the only place where the contract's vocabulary meets the engine's values.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic_core import from_json

from adjudicator.board.map import load_map
from adjudicator.board.position import Position
from adjudicator.board.rules import Rules, rules_spec
from adjudicator.board.types import CalendarError
from adjudicator.contract.jsonout import dumps
from adjudicator.contract.reading import (
    MAX_ORDER_LINES,
    DocumentError,
    PhaseDocument,
    PhaseFields,
    orders_from_document,
    position_from_document,
    read_document,
    read_phase_document,
    read_phase_json,
    read_validated,
    vocabulary_of,
)
from adjudicator.orders.results import result_documents
from adjudicator.resolve.engine import PhaseResult, adjudicate

__all__ = [
    "MAX_ORDER_LINES",
    "DocumentError",
    "PhaseDocument",
    "PhaseFields",
    "adjudicate_document",
    "adjudicate_json_line",
    "adjudicate_phase_document",
    "orders_from_document",
    "position_from_document",
    "position_to_document",
    "read_phase_document",
    "read_phase_json",
    "result_to_document",
]


def position_to_document(position: Position, rules: Rules) -> dict[str, Any]:
    """A phase document (without orders) for a position: the contract's `next`.

    Powers in alphabetical order, each with its units (and dislodged units) sorted by their
    strings and its centres sorted; built directly, without sorting on computed keys."""
    unit_texts = vocabulary_of(load_map(position.variant)).unit_texts
    by_power: dict[str, list[str]] = {}
    for unit in position.units.values():
        try:  # one subscript a unit: a unit off the board (a Position made by hand) is rare
            text = unit_texts[unit.type][unit.location]
        except KeyError:
            text = str(unit)
        strings = by_power.get(unit.power)
        if strings is None:
            by_power[unit.power] = [text]
        else:
            strings.append(text)
    owned: dict[str, list[str]] = {}
    for province, owner in position.centers.items():
        provinces = owned.get(owner)
        if provinces is None:
            owned[owner] = [province]
        else:
            provinces.append(province)
    dislodged: dict[str, dict[str, list[str]]] = {}
    if position.dislodged:
        lying: dict[str, list[tuple[str, list[str]]]] = {}
        for d in position.dislodged.values():
            lying.setdefault(d.unit.power, []).append((str(d.unit), list(d.retreats)))
        dislodged = {power: dict(sorted(lying[power])) for power in sorted(lying)}
    doc: dict[str, Any] = {
        "variant": position.variant,
        "rules": rules_spec(rules),
        "phase": str(position.phase),
        "units": _sorted_lists(by_power),
        "centers": _sorted_lists(owned),
        "dislodged": dislodged,
    }
    if position.winner:
        doc["winner"] = position.winner
    return doc


def _sorted_lists(lists: dict[str, list[str]]) -> dict[str, list[str]]:
    """The lists sorted in place, under their keys in sorted order."""
    for strings in lists.values():
        strings.sort()
    return {key: lists[key] for key in sorted(lists)}


def result_to_document(result: PhaseResult, rules: Rules) -> dict[str, Any]:
    """The result document (docs/CONTRACT.md) of a phase adjudicated under `rules`."""
    return {
        "phase": str(result.phase),
        "orders": result_documents(result.orders),
        "errors": [e.to_document() for e in result.errors],
        "next": position_to_document(result.next, rules),
    }


def adjudicate_phase_document(doc: PhaseDocument) -> dict[str, Any]:
    """A validated phase document in, a result document out; DocumentError if unusable."""
    return _adjudicate(*read_validated(doc))


def adjudicate_document(data: Mapping[str, Any]) -> dict[str, Any]:
    """A phase document (parsed JSON) in, a result document out; DocumentError if unusable."""
    return _adjudicate(*read_document(data, lambda: read_phase_document(data)))


def adjudicate_json_line(line: str | bytes) -> bytes:
    """One line of `adjudicator batch`: JSON text in, compact JSON of the result out."""
    try:  # the parser of pydantic's validation, without the validation: the same values
        data = from_json(line)
    except ValueError:  # not JSON: pydantic words it
        data = None
    return dumps(_adjudicate(*read_document(data, lambda: read_phase_json(line))))


def _adjudicate(
    position: Position, orders: Mapping[str, list[str]], rules: Rules
) -> dict[str, Any]:
    try:
        result = adjudicate(position, orders, rules)
    except CalendarError as error:
        raise DocumentError(str(error)) from None
    return result_to_document(result, rules)
