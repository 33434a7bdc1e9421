"""How the document route reads a phase document: without pydantic when it is well-formed,
with the same values and the same errors as pydantic's validation gives, whatever the input."""

from __future__ import annotations

import copy
import enum
import json
import re
import types
from collections.abc import Callable, Iterator
from dataclasses import astuple
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from helpers_batch import EXAMPLE
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.api import position_from_json
from adjudicator.board.map import load_map
from adjudicator.contract import documents, reading, vocabulary
from adjudicator.contract.documents import (
    DocumentError,
    PhaseDocument,
    adjudicate_document,
    adjudicate_json_line,
    adjudicate_phase_document,
    position_from_document,
    read_phase_document,
    read_phase_json,
)
from adjudicator.contract.jsonout import dumps

RETREAT: dict[str, Any] = {
    "variant": "standard",
    "phase": "F1901R",
    "units": {"GERMANY": ["A MUN"], "RUSSIA": ["A WAR"]},
    "centers": {"GERMANY": ["BER", "KIE", "MUN"], "RUSSIA": ["mos", "WAR"]},
    "dislodged": {"AUSTRIA": {"A BOH": ["SIL", "vie"]}, "ITALY": {"A PIE": ["MAR", "TUS"]}},
    "orders": {"AUSTRIA": ["A Boh R Sil"], "italy": "A Pie R Tus"},
    "winner": None,
}


def validated(document: Any) -> Any:
    """What the route gave before it read documents itself: pydantic validates, then converts."""
    try:
        return adjudicate_phase_document(read_phase_document(document))
    except DocumentError as error:
        return str(error)


def read(document: Any) -> Any:
    try:
        return adjudicate_document(document)
    except DocumentError as error:
        return str(error)


def test_a_well_formed_document_is_not_validated_by_pydantic() -> None:
    refuse = mock.Mock(side_effect=AssertionError("validated"))
    with (
        mock.patch.object(documents, "read_phase_document", refuse),
        mock.patch.object(documents, "read_phase_json", refuse),
    ):
        for document in (EXAMPLE, RETREAT):
            assert adjudicate_document(document) == validated(document)
            line = json.dumps(document)
            assert adjudicate_json_line(line) == dumps(validated(document))


def test_two_units_in_one_province_are_refused() -> None:
    twice = {"phase": "S1901M", "units": {"FRANCE": ["A PAR", "A PAR"]}}
    with pytest.raises(DocumentError, match="two units in PAR: A PAR, A PAR"):
        adjudicate_document(twice)
    coasts = {"phase": "S1901M", "units": {"RUSSIA": ["A STP"], "ENGLAND": ["F STP/NC"]}}
    with pytest.raises(DocumentError, match="two units in STP: A STP, F STP/NC"):
        adjudicate_document(coasts)


@pytest.mark.skipif(
    not isinstance(reading._read, types.FunctionType),
    reason="compiled: reading.py calls its own _read natively, where no mock sees it",
)
def test_a_document_refused_for_what_it_says_is_read_once() -> None:
    """It was read, refused, then validated by pydantic and read again to the same error."""
    bad_unit = {**EXAMPLE, "units": {"FRANCE": ["A PAR", "X BUR"]}}
    line = json.dumps(bad_unit)
    for adjudicate in (adjudicate_document, adjudicate_json_line):
        given = bad_unit if adjudicate is adjudicate_document else line
        with (
            mock.patch.object(reading, "_read", wraps=reading._read) as reads,
            pytest.raises(DocumentError, match="bad unit 'X BUR' of FRANCE"),
        ):
            adjudicate(given)
        assert reads.call_count == 1


def test_a_malformed_value_is_worded_first_whatever_else_is_wrong() -> None:
    """The unit is refused first when read, but pydantic's error is the answer, as it was."""
    both = {**EXAMPLE, "units": {"FRANCE": ["X BUR"]}, "orders": {"FRANCE": 3}}
    expected = "not a phase document: orders.FRANCE.list[str]: Input should be a valid "
    with pytest.raises(DocumentError, match=re.escape(expected)):
        adjudicate_document(both)
    with pytest.raises(DocumentError, match=re.escape(expected)):
        adjudicate_json_line(json.dumps(both))


ISLAND = Path(__file__).parents[1] / "maps" / "island.toml"


PATHS = [str(ISLAND), "../tests/maps/island", "../tests/maps/island.toml", "standard.toml"]


@pytest.mark.parametrize("variant", PATHS)
def test_a_phase_document_names_a_bundled_variant_not_a_map_file(variant: str) -> None:
    """A path (absolute, or relative to maps/) had any .toml file read through the routes a
    service exposes: adjudicate_document and batch's lines."""
    document = {"variant": variant, "phase": "S1201M"}
    expected = f"variant: unknown variant {variant!r}"
    hint = "(a document sent to adjudicate_document or batch names a variant, not a map file"
    routes: list[tuple[Callable[[Any], Any], Any]] = [
        (adjudicate_document, document),
        (adjudicate_json_line, json.dumps(document)),
    ]
    for read, sent in routes:
        with pytest.raises(DocumentError, match=re.escape(expected)) as refused:
            read(sent)
        assert hint in str(refused.value)


def test_a_document_given_in_python_may_name_a_map_file() -> None:
    """A validated PhaseDocument, api.position_from_json and a game file (which makes its own
    PhaseDocument) read a map file: the caller chose it (`game new --variant FILE`)."""
    document = {"variant": str(ISLAND), "phase": "S1201M"}
    position, _ = position_from_document(PhaseDocument(variant=str(ISLAND), phase="S1201M"))
    assert position.variant == str(ISLAND) and position.centers
    assert position_from_json(document)[0] == position
    assert position_from_document(read_phase_json(json.dumps(document)))[0] == position
    assert adjudicate_phase_document(read_phase_document(document))["next"]["phase"] == "F1201M"


def test_an_unknown_variant_names_the_likely_one() -> None:
    with pytest.raises(DocumentError, match=re.escape("'Standard' (did you mean 'standard'?)")):
        adjudicate_document({"variant": "Standard", "phase": "S1901M"})


class _Order(str, enum.Enum):  # noqa: UP042 (not StrEnum: its str() is its value)
    """Order texts a Python caller keeps as a str Enum: each is its value, not str() of it."""

    PAR = "A PAR - BUR"


def test_a_str_subclass_order_text_is_read_by_its_value() -> None:
    plain = adjudicate_document({**EXAMPLE, "orders": {"FRANCE": ["A PAR - BUR"]}})
    given = adjudicate_document({**EXAMPLE, "orders": {"FRANCE": [_Order.PAR]}})
    assert given == plain and not given["errors"]


def places(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every value inside a document (the document itself first)."""
    yield path
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from places(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from places(inner, (*path, index))


WORDS = ["A PAR", "a par", "F STP/SC", "FRANCE", "france", "PAR", "par", "S1901M", "2023", ""]
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.sampled_from(WORDS)
    | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(WORDS) | st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=5,
)
PYTHON_ONLY = st.sampled_from([("A PAR",), 3j, b"PAR", frozenset({"PAR"}), {1: ["A PAR"]}])


@st.composite
def changed_documents(draw: st.DrawFn, python: bool) -> Any:
    """A good document with one value, or one key, replaced by another value or key."""
    document = copy.deepcopy(draw(st.sampled_from([EXAMPLE, RETREAT])))
    path = draw(st.sampled_from(list(places(document))))
    values = JSON_VALUES | PYTHON_ONLY if python else JSON_VALUES
    new = draw(values)
    if not path:
        return new
    parent = document
    for step in path[:-1]:
        parent = parent[step]
    if isinstance(parent, dict) and draw(st.booleans()):
        keys = st.sampled_from(WORDS) | st.text(max_size=6)
        key = draw(keys | st.integers()) if python else draw(keys)
        parent[key] = parent.pop(path[-1])  # the key renamed
    else:
        parent[path[-1]] = new
    return document


@pytest.mark.parametrize("variant", ["PAR", b"PAR", "Standard"])
def test_an_unknown_variant_is_worded_alike_on_both_routes(variant: object) -> None:
    """The service route (`_check_variant`) and the local one (load_map's MapError) name the
    field, then the problem; the hypothesis test above met b'PAR' once and they differed."""
    document = {"variant": variant, "phase": "S1901M"}
    assert read(document) == validated(document)
    assert str(read(document)).startswith("variant: unknown variant ")


@settings(max_examples=400, deadline=None)
@given(document=changed_documents(python=True))
def test_any_document_reads_as_pydantic_reads_it(document: Any) -> None:
    assert read(document) == validated(document)


@settings(max_examples=300, deadline=None)
@given(document=changed_documents(python=False))
def test_any_json_line_reads_as_pydantic_reads_it(document: Any) -> None:
    line = json.dumps(document)
    try:
        expected = dumps(adjudicate_phase_document(read_phase_json(line)))
    except DocumentError as error:
        expected = str(error).encode()
    try:
        assert adjudicate_json_line(line) == expected
    except DocumentError as error:
        assert str(error).encode() == expected


STANDARD = vocabulary.vocabulary_of(load_map("standard"))
UNIT_WORDS = ["A PAR", "A BUR", "F BRE", "F STP/SC", "A STP", "a par", "A  PAR", "X BUR", "F PAR"]
POWER_WORDS = ["FRANCE", "GERMANY", "RUSSIA", "france", "Russia", "PAR", ""]
CENTRE_WORDS = ["PAR", "BRE", "MUN", "STP", "par", "Mun", "BUR", "FRANCE", "", 3]


def _outcome(read_values: Callable[[], Any]) -> Any:
    """What a reader gives: its value (a dict's items, in order), or its error."""
    try:
        value = read_values()
    except DocumentError as error:
        return "DocumentError", str(error)
    except TypeError as error:  # Malformed, or a list as a key: pydantic reads the document
        return "TypeError", type(error).__name__
    return list(value.items())


@settings(max_examples=300, deadline=None)
@given(
    lists=st.dictionaries(
        st.sampled_from(POWER_WORDS), st.lists(st.sampled_from(UNIT_WORDS), max_size=4)
    )
    | st.sampled_from([{"FRANCE": "A PAR"}, {"FRANCE": [["A PAR"]]}, {"FRANCE": [3]}])
)
def test_units_read_in_one_loop_are_those_read_string_by_string(lists: Any) -> None:
    """The loop of subscripts (`read_units`) gives the units, or the error, that reading each
    string (`units_one_by_one`) gives, whatever was read before."""
    game_map = STANDARD.map
    fast = _outcome(lambda: vocabulary.read_units(game_map, STANDARD, lists))
    assert fast == _outcome(lambda: vocabulary.units_one_by_one(game_map, STANDARD, lists))
    assert fast == _outcome(lambda: vocabulary.read_units(game_map, STANDARD, lists))
    if isinstance(fast, list):  # the map's shared units, as the engine places them
        assert all(unit is game_map.facts.unit(*astuple(unit)) for _, unit in fast)


@settings(max_examples=300, deadline=None)
@given(
    lists=st.dictionaries(
        st.sampled_from(POWER_WORDS), st.lists(st.sampled_from(CENTRE_WORDS), max_size=4)
    )
    | st.sampled_from([{"FRANCE": "PAR"}, {"FRANCE": [["PAR"]]}])
)
def test_centres_read_in_one_loop_are_those_read_name_by_name(lists: Any) -> None:
    """As for units: `read_centers` gives what `centers_one_by_one` gives (a centre listed
    twice for one power is no error; for two powers it is)."""
    game_map = STANDARD.map
    fast = _outcome(lambda: vocabulary.read_centers(game_map, STANDARD, lists))
    read = vocabulary.centers_one_by_one
    assert fast == _outcome(lambda: read(game_map, STANDARD.centers, lists))
