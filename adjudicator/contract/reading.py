"""Reading a phase document (CONTRACT.md) into the engine's values: the position, the orders and
the rules, with the contract's errors (`DocumentError`) for what is not usable.

`PhaseDocument` validates what a tool sends (and gives its JSON schema); a well-formed document
is read without it (`read_document`: each value checked where it is used), a malformed one
through it, so that its error is pydantic's, worded as ever.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from adjudicator.board.map import Map, MapError, load_map
from adjudicator.board.names import resolve_power, unknown_power
from adjudicator.board.position import Dislodged, Position
from adjudicator.board.resources import bundled_variants, unknown_variant
from adjudicator.board.rules import Rules, rules_from
from adjudicator.board.types import Phase, Unit, UnitType


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


class _Given(NamedTuple):
    """A phase document's fields as parsed from JSON, not validated: `position_from_document`
    and `orders_from_document` check each value where they first use it, at next to no cost,
    and raise `_Malformed` for a value of a type the contract does not allow (pydantic would
    refuse it or convert it); a dict lookup of an unhashable value raises TypeError. Either
    way `_read` then has pydantic read the document, so bad input gets the messages it always
    got, and good input gives the same values either way."""

    variant: Any
    rules: Any
    phase: Any
    units: Any
    centers: Any
    dislodged: Any
    orders: Any
    winner: Any

    @classmethod
    def of(cls, data: object) -> _Given | None:
        """The fields of a dict with no key the contract lacks; None for anything else."""
        if type(data) is not dict or not data.keys() <= _FIELDS:
            return None
        get = data.get
        # tuple.__new__: the named tuple's own __new__ is a Python call more; a missing
        # field's empty default is one shared dict (only read, never changed)
        return tuple.__new__(
            cls,
            (
                get("variant", "standard"),
                get("rules", "2023"),
                get("phase"),
                get("units", _NONE),
                get("centers"),
                get("dislodged", _NONE),
                get("orders", _NONE),
                get("winner"),
            ),
        )


_NONE: dict[str, Any] = {}
_FIELDS = frozenset(PhaseDocument.model_fields)


class _Malformed(TypeError):
    """A value of a type the contract does not allow, met while converting a `_Given`."""


PhaseFields = PhaseDocument | _Given
"""A phase document validated by pydantic, or as parsed (its values checked as they are used)."""


_Read = tuple[Position, dict[str, list[str]], Rules]


def read_document(data: object, validate: Callable[[], PhaseDocument]) -> _Read:
    """The position, orders and rules of a phase document to adjudicate (`data`: parsed JSON,
    None for text that is not JSON), read without pydantic when it is well-formed (see
    `_Given`). `validate` has pydantic read the document when it is not: when a value has a
    type the contract does not allow, the document is read from pydantic's values (or
    pydantic's error raised); when the document is refused for what it says (DocumentError),
    `validate` only checks its types, so that pydantic's error comes first when it has one,
    and otherwise the error found is raised: read again, the document would give the same."""
    given = _Given.of(data)
    if given is not None:
        try:
            _check_variant(given.variant)
            return _read(given)
        except DocumentError:
            validate()
            raise
        except (ValueError, TypeError):  # _Malformed among them
            pass
    doc = validate()
    _check_variant(doc.variant)
    return _read(doc)


def read_validated(doc: PhaseDocument) -> _Read:
    """The position, orders and rules of a phase document pydantic validated."""
    return _read(doc)


def _read(doc: PhaseFields) -> _Read:
    position, rules = position_from_document(doc)
    return position, orders_from_document(doc), rules


def _check_variant(name: object) -> None:
    """A document sent to `adjudicate_document` or `batch` (what a service exposes) names a
    bundled variant (maps/NAME.toml, `adjudicator variants`): the name of a map file, which
    `load_map` reads, is refused there, so that such a document cannot have any file read. A
    validated PhaseDocument given in Python, a game file and the commands that read a file the
    user names may name a map file."""
    if type(name) is str and name not in bundled_variants():
        problem = f"variant: {unknown_variant(name)}"
        if Path(name).name != name or name.endswith(".toml"):
            problem += (
                " (a document sent to adjudicate_document or batch names a variant, not a map"
                " file; `adjudicator adjudicate FILE` reads a local document that names one)"
            )
        raise DocumentError(problem)


class _Vocabulary(NamedTuple):
    """What phase documents on one map have said before (a board has few distinct unit
    strings and centre names), so each is read once: per power, unit string -> the unit and
    its province; centre name as written -> its code."""

    units: dict[str, dict[str, _Placed]]
    centers: dict[str, str]
    unit_texts: dict[UnitType, dict[str, str]]
    """Type -> location -> the unit's string ('A PAR'): every unit the board can hold, made
    once per map rather than once per unit and phase."""


_VOCABULARIES: dict[Map, _Vocabulary] = {}
_WORDS_LIMIT = 4096  # per table; past it the table starts again (odd spellings are each a key)


def vocabulary_of(game_map: Map) -> _Vocabulary:
    vocabulary = _VOCABULARIES.get(game_map)
    if vocabulary is None:
        if len(_VOCABULARIES) >= 64:  # maps read from files: bounded too
            _VOCABULARIES.clear()
        units: dict[str, dict[str, _Placed]] = {power: {} for power in game_map.powers}
        vocabulary = _VOCABULARIES[game_map] = _Vocabulary(units, {}, _unit_texts(game_map))
    return vocabulary


def _unit_texts(game_map: Map) -> dict[UnitType, dict[str, str]]:
    locations = [*game_map.provinces, *game_map.fleet_adjacency]
    return {
        kind: {
            place: str(Unit("", kind, place))
            for place in locations
            if game_map.is_valid_location(kind, place)
        }
        for kind in UnitType
    }


_Placed = tuple[Unit, str]
"""A unit and the province it stands in."""


def _unit(game_map: Map, known: dict[str, _Placed], power: str, text: str) -> _Placed:
    """A unit string of `power` (`known`: those read before on this map)."""
    placed = known.get(text)
    if placed is None:
        if type(text) is not str:
            raise _Malformed
        try:
            unit = Unit.parse(power, text)
        except ValueError:
            expected = "expected e.g. 'A PAR' or 'F STP/SC'"
            raise DocumentError(f"bad unit {text!r} of {power}: {expected}") from None
        if not game_map.is_valid_location(unit.type, unit.location):
            raise DocumentError(f"unit {text!r} of {power} cannot stand there on {game_map.name}")
        if len(known) >= _WORDS_LIMIT:
            known.clear()
        placed = known[text] = unit, game_map.facts.province[unit.location]
    return placed


def _power(game_map: Map, name: str) -> str:
    info = game_map.powers.get(name)
    if info is not None:  # already a power's code: the usual case
        return info.code
    if type(name) is not str:
        raise _Malformed
    power = name.upper()
    if power not in game_map.powers:
        raise DocumentError(str(unknown_power(game_map, name)))
    return power


_RULE_SPECS = (str, dict)


def position_from_document(doc: PhaseFields) -> tuple[Position, Rules]:
    """The Position and Rules a phase document describes."""
    variant, spec, name, winner = doc.variant, doc.rules, doc.phase, doc.winner
    if type(variant) is not str or type(name) is not str or type(spec) not in _RULE_SPECS:
        raise _Malformed
    if winner is not None and type(winner) is not str:
        raise _Malformed
    try:
        game_map = load_map(variant)
    except MapError as error:  # worded as _check_variant words it: the field, then the problem
        raise DocumentError("variant: " + "; ".join(error.problems)) from None
    try:
        rules = rules_from(spec)
        phase = _phase(name)
    except ValueError as error:
        raise DocumentError(str(error)) from None
    _check_rule_names(game_map, rules)
    vocabulary = vocabulary_of(game_map)
    units = _units(game_map, vocabulary, doc.units)
    centers = (
        game_map.start_centers()
        if doc.centers is None
        else _centers(game_map, vocabulary.centers, doc.centers)
    )
    dislodged = _dislodged(game_map, vocabulary, doc.dislodged)
    _check_order_powers(game_map, doc.orders)
    position = Position(
        variant=variant,
        phase=phase,
        units=units,
        centers=centers,
        dislodged=dislodged,
        winner=_winner(game_map, winner) if winner else None,
    )
    return position, rules


def _units(
    game_map: Map, vocabulary: _Vocabulary, unit_lists: Mapping[str, list[str]]
) -> dict[str, Unit]:
    """Province -> unit; one unit a province. One plain loop over the strings (a generator
    or a call per power or string cost a third more here)."""
    if type(unit_lists) is not dict:
        raise _Malformed
    units: dict[str, Unit] = {}
    powers, known_units = game_map.powers, vocabulary.units
    for name, texts in unit_lists.items():
        info = powers.get(name)
        power = _power(game_map, name) if info is None else info.code
        if type(texts) is not list:
            raise _Malformed
        known = known_units[power]
        for text in texts:
            try:  # a string read before (nearly all): one subscript, the try costs nothing
                unit, province = known[text]
            except KeyError:
                unit, province = _unit(game_map, known, power, text)
            if province in units:
                raise DocumentError(f"two units in {province}: {units[province]}, {text}")
            units[province] = unit
    return units


@lru_cache(maxsize=1024)
def _phase(text: str) -> Phase:
    return Phase.parse(text)


def _centers(
    game_map: Map, codes: dict[str, str], center_lists: Mapping[str, list[str]]
) -> dict[str, str]:
    """Centre -> owner; every name a supply centre (`codes`: the names read before on this
    map), every centre listed once. One plain loop, as `_units`."""
    if type(center_lists) is not dict:
        raise _Malformed
    centers: dict[str, str] = {}
    powers = game_map.powers
    for name, provinces in center_lists.items():
        info = powers.get(name)
        power = _power(game_map, name) if info is None else info.code
        if type(provinces) is not list:
            raise _Malformed
        for province in provinces:
            try:  # as in _units
                code = codes[province]
            except KeyError:
                code = _center_code(game_map, codes, power, province)
            if centers.setdefault(code, power) != power:
                raise DocumentError(
                    f"centers: {code} is listed for both {centers[code]} and {power}; "
                    "a centre has one owner"
                )
    return centers


def _center_code(game_map: Map, codes: dict[str, str], power: str, province: str) -> str:
    """The supply centre a name of `power`'s centres stands for ('par' -> 'PAR')."""
    if type(province) is not str:
        raise _Malformed
    supply_centers = game_map.supply_centers
    code = province if province in supply_centers else province.upper()
    if code not in supply_centers:
        raise DocumentError(f"{province!r} of {power} is not a supply centre")
    if len(codes) >= _WORDS_LIMIT:
        codes.clear()
    codes[province] = code
    return code


def _dislodged(
    game_map: Map, vocabulary: _Vocabulary, entries_by_power: Mapping[str, dict[str, list[str]]]
) -> dict[str, Dislodged]:
    if type(entries_by_power) is not dict:
        raise _Malformed
    dislodged: dict[str, Dislodged] = {}
    for name, entries in entries_by_power.items():
        power = _power(game_map, name)
        if type(entries) is not dict:
            raise _Malformed
        for text, retreats in entries.items():
            unit, province = _unit(game_map, vocabulary.units[power], power, text)
            if type(retreats) is not list or not all(type(r) is str for r in retreats):
                raise _Malformed
            if province in dislodged:
                earlier = dislodged[province].unit
                raise DocumentError(f"two dislodged units in {province}: {earlier}, {text}")
            dislodged[province] = Dislodged(unit, tuple(r.upper() for r in retreats))
    return dislodged


def _check_order_powers(game_map: Map, orders: Mapping[str, list[str] | str]) -> None:
    """Orders are given for the variant's powers (by code, name or adjective; an empty key
    leaves the power to headers inside the text): a typo would lose the whole set."""
    if type(orders) is not dict:
        raise _Malformed
    powers = game_map.powers
    for name in orders:
        if type(name) is not str:
            raise _Malformed
        if name not in powers and name.strip() and resolve_power(game_map, name) is None:
            raise DocumentError(f"orders: {unknown_power(game_map, name)}")


def _winner(game_map: Map, name: str) -> str:
    """A power, or on a map with sides (the two-player `wwi`) a side's name."""
    return name.upper() if name.upper() in game_map.sides else _power(game_map, name)


def _check_rule_names(game_map: Map, rules: Rules) -> None:
    """The powers and sides a rule option names must be the variant's (a typo would do nothing)."""
    for name in rules.disorder:
        if name.upper() not in game_map.powers:
            raise DocumentError(f"rules.disorder: {unknown_power(game_map, name)}")
    toss = rules.coin_toss
    if toss is not None and toss.upper() not in game_map.sides:
        sides = ", ".join(game_map.sides) or "none (the variant has no sides)"
        raise DocumentError(f"rules.coin_toss: {toss!r} is not a side of {game_map.name}: {sides}")


MAX_ORDER_LINES = 10_000
"""The most order lines one phase document may carry (a real phase has a few hundred at most):
past it the document is refused, so memory stays bounded by what a phase can need."""


def orders_from_document(doc: PhaseFields) -> dict[str, list[str]]:
    """Orders per power; a single string may hold several lines. DocumentError past
    MAX_ORDER_LINES lines."""
    lines = 0
    orders: dict[str, list[str]] = {}
    for power, texts in doc.orders.items():
        if type(texts) is str:
            lines += texts.count("\n") + 1
            orders[power] = [texts]
            continue
        if type(texts) is not list:
            raise _Malformed
        # each text's lines: one, and one more for each newline in it; the join raises
        # TypeError for an item that is not a string (pydantic then reads the document)
        lines += len(texts) + "".join(texts).count("\n")
        orders[power] = texts
    if lines > MAX_ORDER_LINES:
        raise DocumentError(
            f"orders: {lines} lines; a phase document may carry at most {MAX_ORDER_LINES}"
        )
    return orders


def _document_error(error: ValidationError) -> DocumentError:
    problems = [(e["type"], ".".join(str(p) for p in e["loc"]), e["msg"]) for e in error.errors()]
    if problems and problems[0][0] == "json_invalid":
        return DocumentError(f"not valid JSON: {problems[0][2]}")
    if problems and problems[0][0] == "model_type":
        return DocumentError("a phase document must be a JSON object")
    listed = "; ".join(f"{where or 'document'}: {message}" for _, where, message in problems)
    return DocumentError(f"not a phase document: {listed}")


def read_phase_document(data: Mapping[str, Any]) -> PhaseDocument:
    """A phase document from parsed JSON, validated."""
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
