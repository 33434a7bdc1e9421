"""Reading a phase document (CONTRACT.md) into the engine's values: the position, the orders and
the rules, with the contract's errors (`DocumentError`) for what is not usable.

`PhaseDocument` (contract/schema.py) validates what a tool sends (and gives its JSON schema);
a well-formed document is read without it (`read_document`: each value checked where it is
used), a malformed one through it, so that its error is pydantic's, worded as ever.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Final, NamedTuple, cast

from pydantic import ValidationError

from adjudicator.board.bounded import keep
from adjudicator.board.map import Map, MapError, load_map
from adjudicator.board.names import resolve_power, unknown_power
from adjudicator.board.position import Position
from adjudicator.board.resources import bundled_variants, unknown_variant
from adjudicator.board.rules import Rules, rules_from
from adjudicator.board.types import Phase
from adjudicator.contract.errors import DocumentError, Malformed
from adjudicator.contract.schema import PhaseDocument
from adjudicator.contract.vocabulary import (
    Vocabulary,
    centers_by_code,
    centers_one_by_one,
    power_code,
    read_dislodged,
    read_units,
    vocabulary_of,
)

__all__ = [
    "MAX_ORDER_LINES",
    "DocumentError",
    "PhaseDocument",
    "PhaseFields",
    "Said",
    "Vocabulary",
    "orders_from_document",
    "position_from_document",
    "read_document",
    "read_phase_document",
    "read_phase_json",
    "read_validated",
    "vocabulary_of",
]


class _Given(NamedTuple):
    """The fields a reader takes from a phase document: `PhaseDocument` has them too."""

    variant: Any
    rules: Any
    phase: Any
    units: Any
    centers: Any
    dislodged: Any
    orders: Any
    winner: Any


_NONE: Final[dict[str, Any]] = {}
_FIELDS: Final = frozenset(PhaseDocument.model_fields)


PhaseFields = PhaseDocument | _Given
"""A phase document validated by pydantic, or its fields as parsed."""


class Said:
    """A phase document as read (`read_document`, `read_validated`), with what its result
    document can reuse: the vocabulary of its map (its powers) and its own lists of
    centres when they name powers and centres by code (`owned`; None otherwise), which are
    the `next` document's when the phase left the centres as they were (each list sorted).

    A plain class, one made a document: compiled, made and read natively; interpreted, its
    fields are slots (a named tuple's are read through a descriptor call each)."""

    __slots__ = ("orders", "owned", "position", "rules", "vocabulary")

    position: Position
    orders: dict[str, list[str]]
    rules: Rules
    vocabulary: Vocabulary
    owned: dict[str, list[str]] | None

    def __init__(
        self,
        position: Position,
        orders: dict[str, list[str]],
        rules: Rules,
        vocabulary: Vocabulary,
        owned: dict[str, list[str]] | None,
    ) -> None:
        self.position, self.orders, self.rules = position, orders, rules
        self.vocabulary, self.owned = vocabulary, owned


def read_document(data: object, validate: Callable[[], PhaseDocument] | None = None) -> Said:
    """The position, orders and rules of a phase document to adjudicate (`data`: parsed JSON,
    None for text that is not JSON), read without pydantic when it is well-formed: its fields
    straight from the dict, each value checked where it is first used, at next to no cost
    (`Malformed`, or the TypeError of a dict lookup of an unhashable value, for a value of a
    type the contract does not allow: pydantic would refuse it or convert it). `validate` has
    pydantic read the document when it is not: when a value has a type the contract does not
    allow, the document is read from pydantic's values (or pydantic's error raised), so bad
    input gets the messages it always got and good input the same values either way; when
    the document is refused for what it says (DocumentError), `validate` only checks its
    types, so that pydantic's error comes first when it has one, and otherwise the error
    found is raised: read again, the document would give the same. By default pydantic reads
    `data` itself (`read_phase_document`; a caller that has the JSON text passes its reader:
    made per document, a closure would cost every document, read well or not)."""
    if type(data) is dict and _FIELDS.issuperset(data):  # (set look-ups in C)
        variant = data.get("variant", "standard")  # (no bound method: compiled, a C call)
        try:
            return _read(
                variant,
                _bundled(variant),
                data.get("rules", "2023"),
                data.get("phase"),
                data.get("units", _NONE),
                data.get("centers"),
                data.get("dislodged", _NONE),
                data.get("orders", _NONE),
                data.get("winner"),
                True,
            )
        except DocumentError:
            _validated(data, validate)
            raise
        except (ValueError, TypeError):  # Malformed among them
            pass
    doc = _validated(data, validate)
    return _read(
        doc.variant,
        _bundled(doc.variant),
        doc.rules,
        doc.phase,
        doc.units,
        doc.centers,
        doc.dislodged,
        doc.orders,
        doc.winner,
        True,
    )


def _validated(data: object, validate: Callable[[], PhaseDocument] | None) -> PhaseDocument:
    return read_phase_document(cast(Mapping[str, Any], data)) if validate is None else validate()


def read_validated(doc: PhaseDocument) -> Said:
    """The position, orders and rules of a phase document pydantic validated (its variant may
    name a map file)."""
    return _read_doc(doc, True)


def position_from_document(doc: PhaseFields) -> tuple[Position, Rules]:
    """The Position and Rules a phase document describes."""
    said = _read_doc(doc, False)
    return said.position, said.rules


def orders_from_document(doc: PhaseFields) -> dict[str, list[str]]:
    """Orders per power; a single string may hold several lines. DocumentError past
    MAX_ORDER_LINES lines."""
    orders, lines = _orders(doc.orders)
    _check_lines(lines)
    return dict(orders)  # the caller's own


def _read_doc(doc: PhaseFields, whole: bool) -> Said:
    """`_read` of any variant, a map file's too."""
    variant = doc.variant
    if type(variant) is not str:
        raise Malformed
    try:
        game_map = load_map(variant)
    except MapError as error:  # worded as _check_variant words it: the field, then the problem
        raise DocumentError("variant: " + "; ".join(error.problems)) from None
    vocabulary = vocabulary_of(game_map)
    fields = doc.rules, doc.phase, doc.units, doc.centers, doc.dislodged, doc.orders, doc.winner
    return _read(variant, vocabulary, *fields, whole)


def _read(
    variant: str,
    vocabulary: Vocabulary,
    spec: Any,
    name: Any,
    unit_lists: Any,
    center_lists: Any,
    dislodged: Any,
    orders: Any,
    winner: Any,
    whole: bool,
) -> Said:
    """A phase document's values on the map of `vocabulary`, each checked where it is first
    used, in the order the errors are reported: rules, phase, rule names, units, centres,
    dislodged units, the powers of the orders, winner, then (`whole`) the count of order
    lines (without `whole`, the orders are only checked, and given back as they are)."""
    game_map = vocabulary.map
    if type(name) is not str or (winner is not None and type(winner) is not str):
        raise Malformed
    rules, phase = _rules_and_phase(vocabulary, spec, name)
    units = read_units(game_map, vocabulary, unit_lists)
    owned = None
    if center_lists is None:
        centers = game_map.start_centers()
    else:
        by_code = centers_by_code(vocabulary, center_lists)
        if by_code is None:
            centers = centers_one_by_one(game_map, vocabulary.centers, center_lists)
        else:
            centers, owned = by_code, center_lists
    if type(dislodged) is not dict:
        raise Malformed
    lying = read_dislodged(game_map, vocabulary, dislodged) if dislodged else {}
    read_orders, lines = _orders(orders, game_map, vocabulary.powers)
    position = Position(
        variant, phase, units, centers, lying, _winner(game_map, winner) if winner else None
    )
    if whole:
        _check_lines(lines)
    return Said(position, read_orders, rules, vocabulary, owned)


def _rules_and_phase(vocabulary: Vocabulary, spec: Any, name: str) -> tuple[Rules, Phase]:
    """The rules and the phase of a document on the map of `vocabulary` (the rules' errors
    first, then the phase's, then the names the rules give)."""
    rules = vocabulary.rules.get(spec) if type(spec) is str else None  # checked before
    checked = rules is not None
    if rules is None:
        if type(spec) is not str and type(spec) is not dict:
            raise Malformed
        try:
            rules = rules_from(spec)
        except ValueError as error:
            raise DocumentError(str(error)) from None
    try:
        phase = _PHASES[name]
    except KeyError:
        phase = _phase(name)
    if not checked:
        _check_rule_names(vocabulary.map, rules)
        if type(spec) is str:  # an edition's name (rules_from knows a few): kept, checked
            vocabulary.rules[spec] = rules
    return rules, phase


def _bundled(variant: object) -> Vocabulary:
    """The vocabulary of a bundled variant named in a document sent to a service route;
    DocumentError for any other name (`_check_variant`)."""
    try:
        return _BUNDLED[variant]  # type: ignore[index]
    except (KeyError, TypeError):
        pass
    if type(variant) is not str:
        raise Malformed
    _check_variant(variant)
    try:
        game_map = load_map(variant)
    except MapError as error:  # a bundled map that does not load: worded as in _read_doc
        raise DocumentError("variant: " + "; ".join(error.problems)) from None
    return keep(_BUNDLED, variant, vocabulary_of(game_map), 64)


_BUNDLED: Final[dict[str, Vocabulary]] = {}
"""A bundled variant's name -> its vocabulary (a few dozen names)."""


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


def _phase(name: str) -> Phase:
    """The phase a name as written stands for, kept in `_PHASES`."""
    try:
        phase = Phase.parse(name)
    except ValueError as error:
        raise DocumentError(str(error)) from None
    return keep(_PHASES, name, phase, 1024)


_PHASES: Final[dict[str, Phase]] = {}
"""Phase name as written -> its phase (a game's names, a few hundred)."""


def _orders(
    orders: Mapping[str, list[str] | str],
    game_map: Map | None = None,
    powers: Mapping[str, str] = _NONE,
) -> tuple[dict[str, list[str]], int]:
    """Orders per power (a single string may hold several lines) and how many lines they
    are; on `game_map`, the keys must name its powers (`powers`: their codes; by code,
    name or adjective, any case; an empty key leaves the power to headers inside the text):
    a typo would lose the whole set. `orders` itself when every value is a list (nearly
    every document: no dict is made; nothing changes it), else a new dict. Every line is
    checked to be a string by one join at the end (a TypeError), not one a power."""
    if type(orders) is not dict:
        raise Malformed
    # (its values checked below: lists of strings, or a string put in a list of a copy)
    read: dict[str, list[str]] = orders
    every: list[str] = []
    for name, texts in orders.items():
        if type(name) is not str:
            raise Malformed
        if (
            game_map is not None
            and name not in powers
            and name.strip()
            and resolve_power(game_map, name) is None
        ):
            raise DocumentError(f"orders: {unknown_power(game_map, name)}")
        if type(texts) is list:
            every += texts
        elif type(texts) is str:
            if read is orders:
                read = dict(orders)
            read[name] = [texts]
            every.append(texts)
        else:
            raise Malformed
    text = "".join(every)  # TypeError for an item that is not a string
    lines = len(every)
    if "\n" in text:  # and a line more for each newline (`in` is a fraction of `count`)
        lines += text.count("\n")
    return read, lines


def _check_lines(lines: int) -> None:
    if lines > MAX_ORDER_LINES:
        raise DocumentError(
            f"orders: {lines} lines; a phase document may carry at most {MAX_ORDER_LINES}"
        )


def _winner(game_map: Map, name: str) -> str:
    """A power, or on a map with sides (the two-player `wwi`) a side's name."""
    return name.upper() if name.upper() in game_map.sides else power_code(game_map, name)


def _check_rule_names(game_map: Map, rules: Rules) -> None:
    """The powers and sides a rule option names must be the variant's (a typo would do nothing)."""
    for name in rules.disorder:
        if name.upper() not in game_map.powers:
            raise DocumentError(f"rules.disorder: {unknown_power(game_map, name)}")
    toss = rules.coin_toss
    if toss is not None and toss.upper() not in game_map.sides:
        sides = ", ".join(game_map.sides) or "none (the variant has no sides)"
        raise DocumentError(f"rules.coin_toss: {toss!r} is not a side of {game_map.name}: {sides}")


MAX_ORDER_LINES: Final = 10_000
"""The most order lines one phase document may carry (a real phase has a few hundred at most):
past it the document is refused, so memory stays bounded by what a phase can need."""


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
