"""The JSON contract (CONTRACT.md): phase documents in, result documents out.

`PhaseDocument` validates what a tool sends (and gives its JSON schema); the conversions here are
the only place where the contract's vocabulary meets the engine's values.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from adjudicator.board.map import Map, MapError, load_map
from adjudicator.board.names import resolve_power
from adjudicator.board.position import Dislodged, Position
from adjudicator.board.rules import Rules, rules_from, rules_spec
from adjudicator.board.types import CalendarError, Phase, Unit
from adjudicator.contract.jsonout import dumps
from adjudicator.orders.results import result_documents
from adjudicator.resolve.engine import PhaseResult, adjudicate


class DocumentError(ValueError):
    """A phase document that cannot be adjudicated; the message says what and where."""


class PhaseDocument(BaseModel):
    """The state of one phase plus the players' orders, as tools send it."""

    model_config = ConfigDict(extra="forbid")

    variant: str = "standard"
    rules: str | dict[str, Any] = "2023"
    phase: str
    units: dict[str, list[str]] = Field(default_factory=dict)
    centers: dict[str, list[str]] | None = None
    dislodged: dict[str, dict[str, list[str]]] = Field(default_factory=dict)
    orders: dict[str, list[str] | str] = Field(default_factory=dict)
    winner: str | None = None


@lru_cache(maxsize=4096)
def _unit(game_map: Map, power: str, text: str) -> Unit:
    """A unit string of a document; cached, since a board has few distinct ones."""
    try:
        unit = Unit.parse(power, text)
    except ValueError:
        expected = "expected e.g. 'A PAR' or 'F STP/SC'"
        raise DocumentError(f"bad unit {text!r} of {power}: {expected}") from None
    if not game_map.is_valid_location(unit.type, unit.location):
        raise DocumentError(f"unit {text!r} of {power} cannot stand there on {game_map.name}")
    return unit


def _power(game_map: Map, name: str) -> str:
    if name in game_map.powers:  # already a power's code: the usual case
        return name
    power = name.upper()
    if power not in game_map.powers:
        known = ", ".join(game_map.powers)
        raise DocumentError(f"unknown power {name!r} on {game_map.name}; known: {known}")
    return power


def position_from_document(doc: PhaseDocument) -> tuple[Position, Rules]:
    """The Position and Rules a validated phase document describes."""
    try:
        game_map = load_map(doc.variant)
        rules = rules_from(doc.rules)
        phase = _phase(doc.phase)
    except (MapError, ValueError) as error:
        raise DocumentError(str(error)) from None
    _check_rule_names(game_map, rules)
    province_of = game_map.facts.province
    units: dict[str, Unit] = {}
    for name, texts in doc.units.items():
        power = _power(game_map, name)
        for text in texts:
            unit = _unit(game_map, power, text)
            province = province_of[unit.location]
            if province in units:
                raise DocumentError(f"two units in {province}: {units[province]}, {text}")
            units[province] = unit
    centers = game_map.start_centers() if doc.centers is None else _centers(game_map, doc.centers)
    dislodged: dict[str, Dislodged] = {}
    for name, entries in doc.dislodged.items():
        power = _power(game_map, name)
        for text, retreats in entries.items():
            unit = _unit(game_map, power, text)
            dislodged[unit.province] = Dislodged(unit, tuple(r.upper() for r in retreats))
    _check_order_powers(game_map, doc)
    winner = _winner(game_map, doc.winner) if doc.winner else None
    position = Position(
        variant=doc.variant,
        phase=phase,
        units=units,
        centers=centers,
        dislodged=dislodged,
        winner=winner,
    )
    return position, rules


@lru_cache(maxsize=1024)
def _phase(text: str) -> Phase:
    return Phase.parse(text)


def _centers(game_map: Map, center_lists: Mapping[str, list[str]]) -> dict[str, str]:
    """Centre -> owner; every name a supply centre, every centre listed once."""
    supply_centers = game_map.supply_centers
    centers: dict[str, str] = {}
    for name, provinces in center_lists.items():
        power = _power(game_map, name)
        for province in provinces:
            code = province if province in supply_centers else province.upper()
            if code not in supply_centers:
                raise DocumentError(f"{province!r} of {power} is not a supply centre")
            if centers.setdefault(code, power) != power:
                raise DocumentError(
                    f"centers: {code} is listed for both {centers[code]} and {power}; "
                    "a centre has one owner"
                )
    return centers


def _check_order_powers(game_map: Map, doc: PhaseDocument) -> None:
    """Orders are given for the variant's powers (by code, name or adjective; an empty key
    leaves the power to headers inside the text): a typo would lose the whole set."""
    powers = game_map.powers
    for name in doc.orders:
        if name not in powers and name.strip() and resolve_power(game_map, name) is None:
            known = ", ".join(game_map.powers)
            raise DocumentError(
                f"orders: unknown power {name!r} on {game_map.name}; known: {known}"
            )


def _winner(game_map: Map, name: str) -> str:
    """A power, or on a map with sides (the two-player `wwi`) a side's name."""
    return name.upper() if name.upper() in game_map.sides else _power(game_map, name)


def _check_rule_names(game_map: Map, rules: Rules) -> None:
    """The powers and sides a rule option names must be the variant's (a typo would do nothing)."""
    for name in rules.disorder:
        if name.upper() not in game_map.powers:
            known = ", ".join(game_map.powers)
            raise DocumentError(
                f"rules.disorder: unknown power {name!r} on {game_map.name}; known: {known}"
            )
    toss = rules.coin_toss
    if toss is not None and toss.upper() not in game_map.sides:
        sides = ", ".join(game_map.sides) or "none (the variant has no sides)"
        raise DocumentError(f"rules.coin_toss: {toss!r} is not a side of {game_map.name}: {sides}")


def position_to_document(position: Position, rules: Rules) -> dict[str, Any]:
    """A phase document (without orders) for a position: the contract's `next`.

    Powers in alphabetical order, each with its units (and dislodged units) sorted by their
    strings and its centres sorted; built directly, without sorting on computed keys."""
    by_power: dict[str, list[str]] = {}
    for unit in position.units.values():
        strings = by_power.get(unit.power)
        if strings is None:
            by_power[unit.power] = [str(unit)]
        else:
            strings.append(str(unit))
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
        "units": {power: sorted(by_power[power]) for power in sorted(by_power)},
        "centers": {power: sorted(owned[power]) for power in sorted(owned)},
        "dislodged": dislodged,
    }
    if position.winner:
        doc["winner"] = position.winner
    return doc


MAX_ORDER_LINES = 10_000
"""The most order lines one phase document may carry (a real phase has a few hundred at most):
past it the document is refused, so memory stays bounded by what a phase can need."""


def orders_from_document(doc: PhaseDocument) -> dict[str, list[str]]:
    """Orders per power; a single string may hold several lines. DocumentError past
    MAX_ORDER_LINES lines."""
    lines = 0
    for texts in doc.orders.values():
        if isinstance(texts, str):
            lines += texts.count("\n") + 1
        else:  # each text's lines: one, and one more for each newline in it
            lines += len(texts) + "".join(texts).count("\n")
    if lines > MAX_ORDER_LINES:
        raise DocumentError(
            f"orders: {lines} lines; a phase document may carry at most {MAX_ORDER_LINES}"
        )
    return {
        power: [texts] if isinstance(texts, str) else texts for power, texts in doc.orders.items()
    }


def result_to_document(result: PhaseResult, rules: Rules) -> dict[str, Any]:
    """The result document (docs/CONTRACT.md) of a phase adjudicated under `rules`."""
    return {
        "phase": str(result.phase),
        "orders": result_documents(result.orders),
        "errors": [e.to_document() for e in result.errors],
        "next": position_to_document(result.next, rules),
    }


def _document_error(error: ValidationError) -> DocumentError:
    problems = [(e["type"], ".".join(str(p) for p in e["loc"]), e["msg"]) for e in error.errors()]
    if problems and problems[0][0] == "json_invalid":
        return DocumentError(f"not valid JSON: {problems[0][2]}")
    if problems and problems[0][0] == "model_type":
        return DocumentError("a phase document must be a JSON object")
    listed = "; ".join(f"{where or 'document'}: {message}" for _, where, message in problems)
    return DocumentError(f"not a phase document: {listed}")


def read_phase_document(data: Mapping[str, Any]) -> PhaseDocument:
    try:
        return PhaseDocument.model_validate(data)
    except ValidationError as error:
        raise _document_error(error) from None


def read_phase_json(text: str | bytes) -> PhaseDocument:
    """A phase document straight from JSON text (parsed and validated in one pass)."""
    try:
        return PhaseDocument.model_validate_json(text)
    except ValidationError as error:
        raise _document_error(error) from None


def adjudicate_phase_document(doc: PhaseDocument) -> dict[str, Any]:
    """A validated phase document in, a result document out; DocumentError if unusable."""
    position, rules = position_from_document(doc)
    try:
        result = adjudicate(position, orders_from_document(doc), rules)
    except CalendarError as error:
        raise DocumentError(str(error)) from None
    return result_to_document(result, rules)


def adjudicate_document(data: Mapping[str, Any]) -> dict[str, Any]:
    """A phase document (parsed JSON) in, a result document out; DocumentError if unusable."""
    return adjudicate_phase_document(read_phase_document(data))


def adjudicate_json_line(line: str | bytes) -> bytes:
    """One line of `adjudicator batch`: JSON text in, compact JSON of the result out."""
    return dumps(adjudicate_phase_document(read_phase_json(line)))
