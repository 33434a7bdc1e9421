"""The JSON contract (CONTRACT.md): phase documents in, result documents out.

contract/reading.py reads a phase document into the engine's values; this module runs the
phase and writes the result document (and a position as the contract's `next`). The two are
the only place where the contract's vocabulary meets the engine's values.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from pydantic_core import from_json

from adjudicator.board.bounded import keep_for, kept_for
from adjudicator.board.map import load_map
from adjudicator.board.position import Dislodged, Position
from adjudicator.board.rules import Rules, rules_spec
from adjudicator.board.types import CalendarError, UnitType
from adjudicator.contract.jsonout import dumps
from adjudicator.contract.reading import (
    MAX_ORDER_LINES,
    DocumentError,
    PhaseDocument,
    PhaseFields,
    Said,
    Vocabulary,
    orders_from_document,
    position_from_document,
    read_document,
    read_phase_document,
    read_phase_json,
    read_validated,
    vocabulary_of,
)
from adjudicator.orders.results import UNIT_TEXTS, result_documents, unit_text
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
    strings and its centres sorted."""
    return _next_document(position, rules, vocabulary_of(load_map(position.variant)), None)


def _next_document(
    position: Position,
    rules: Rules,
    vocabulary: Vocabulary,
    owned: Mapping[str, list[str]] | None,
) -> dict[str, Any]:
    """`position_to_document` on the map of `vocabulary`: each unit's string found by two
    subscripts (the order entries' table, orders/results.UNIT_TEXTS), each unit and centre
    put in its power's list (made beforehand for the map's powers, in sorted order: no key
    sorted, no test per item). `owned` is the centres of the phase document read (by code)
    when the phase left them as they were: no centre is grouped again."""
    army, armies, fleets = _ARMY, UNIT_TEXTS[_ARMY], UNIT_TEXTS[UnitType.FLEET]
    by_power: dict[str, list[str]] = {}
    for power in vocabulary.powers:  # (a loop: a comprehension is a call more, interpreted)
        by_power[power] = []
    for unit in position.units.values():
        try:  # one subscript more, a unit met for the first time or a power off the map is rare
            texts = armies if unit.type is army else fleets  # (no lookup keyed by an enum)
            by_power[unit.power].append(texts[unit.location])
        except KeyError:
            by_power.setdefault(unit.power, []).append(unit_text(unit.type, unit.location))
    if owned is None:
        by_owner: dict[str, list[str]] = {power: [] for power in vocabulary.powers}
        for province, owner in position.centers.items():
            try:
                by_owner[owner].append(province)
            except KeyError:
                by_owner.setdefault(owner, []).append(province)
        centers = _sorted_lists(by_owner, len(by_owner) == len(vocabulary.powers))
    else:  # the document's own lists, by code (a new list each: the caller owns both),
        centers = {}  # under the map's powers in sorted order (`owned` names no other)
        for power in vocabulary.powers:
            if power in owned:
                names = owned[power]
                if names:
                    names = [*names]  # (sorted() looks its list's sort method up by name)
                    names.sort()
                    centers[power] = names
    doc: dict[str, Any] = {
        "variant": position.variant,
        "rules": _rules_spec(rules),
        "phase": position.phase.name,
        "units": _sorted_lists(by_power, len(by_power) == len(vocabulary.powers)),
        "centers": centers,
        "dislodged": _dislodged(position.dislodged) if position.dislodged else {},
    }
    if position.winner:
        doc["winner"] = position.winner
    return doc


_ARMY: Final = UnitType.ARMY


def _dislodged(dislodged: Mapping[str, Dislodged]) -> dict[str, dict[str, list[str]]]:
    """The dislodged units by power, powers and units in sorted order, each with its retreats."""
    lying: dict[str, list[tuple[str, list[str]]]] = {}
    for d in dislodged.values():
        lying.setdefault(d.unit.power, []).append((str(d.unit), list(d.retreats)))
    return {power: dict(sorted(lying[power])) for power in sorted(lying)}


def _sorted_lists(lists: dict[str, list[str]], keys_sorted: bool) -> dict[str, list[str]]:
    """The lists that are not empty, each sorted in place, under their keys in sorted order
    (`keys_sorted`: `lists` has them so already): `lists` itself when none is empty (the
    usual case: no dict made again)."""
    if keys_sorted:
        for strings in lists.values():
            if not strings:
                break
            strings.sort()
        else:
            return lists
    sorted_lists = {}
    for key, strings in lists.items() if keys_sorted else sorted(lists.items()):
        if strings:
            strings.sort()
            sorted_lists[key] = strings
    return sorted_lists


def _rules_spec(rules: Rules) -> str | dict[str, Any]:
    """`rules_spec`, an edition's name kept per Rules object (a few: one per edition read):
    the name is written every phase, and comparing the rules with their edition's costs
    as much as a third of the document."""
    spec = kept_for(_SPECS, rules)
    if spec is not None:
        return spec
    written = rules_spec(rules)
    if type(written) is str:
        keep_for(_SPECS, rules, written, 64)
    return written


_SPECS: Final[dict[int, tuple[Rules, str]]] = {}


def result_to_document(result: PhaseResult, rules: Rules) -> dict[str, Any]:
    """The result document (docs/CONTRACT.md) of a phase adjudicated under `rules`."""
    vocabulary = vocabulary_of(load_map(result.next.variant))
    return _result_document(result, rules, vocabulary, None)


def _result_document(
    result: PhaseResult,
    rules: Rules,
    vocabulary: Vocabulary,
    owned: Mapping[str, list[str]] | None,
) -> dict[str, Any]:
    return {
        "phase": result.phase.name,
        "orders": result_documents(result.orders),
        "errors": [e.to_document() for e in result.errors] if result.errors else [],
        "next": _next_document(result.next, rules, vocabulary, owned),
    }


def adjudicate_phase_document(doc: PhaseDocument) -> dict[str, Any]:
    """A validated phase document in, a result document out; DocumentError if unusable."""
    return _adjudicate(read_validated(doc))


def adjudicate_document(data: Mapping[str, Any]) -> dict[str, Any]:
    """A phase document (parsed JSON) in, a result document out; DocumentError if unusable."""
    return _adjudicate(read_document(data))


def adjudicate_json_line(line: str | bytes) -> bytes:
    """One line of `adjudicator batch`: JSON text in, compact JSON of the result out."""
    try:  # the parser of pydantic's validation, without the validation: the same values
        data = from_json(line)
    except ValueError:  # not JSON: pydantic words it
        data = None
    return dumps(_adjudicate(read_document(data, lambda: read_phase_json(line))))


def _adjudicate(said: Said) -> dict[str, Any]:
    return _written(said, _run(said))


def _run(said: Said) -> PhaseResult:
    """The phase a document read describes, adjudicated (bench/route.py times the steps)."""
    try:
        return adjudicate(said.position, said.orders, said.rules)
    except CalendarError as error:
        raise DocumentError(str(error)) from None


def _written(said: Said, result: PhaseResult) -> dict[str, Any]:
    """The result document of the phase `said` describes; the document's own centres are
    `next`'s when the phase left them as they were (the same mapping)."""
    owned = said.owned if result.next.centers is said.position.centers else None
    return _result_document(result, said.rules, said.vocabulary, owned)
