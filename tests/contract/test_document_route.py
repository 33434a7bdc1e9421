"""The document route's own steps: counting a phase document's order lines; writing the
`next` document from what was read, as a document of the caller's own; what a phase leaves
behind."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.board.map import load_map
from adjudicator.board.position import Position
from adjudicator.board.rules import DEFAULT_RULES
from adjudicator.board.types import Phase, Unit, UnitType
from adjudicator.contract.documents import (
    MAX_ORDER_LINES,
    DocumentError,
    adjudicate_document,
    adjudicate_json_line,
    orders_from_document,
    position_to_document,
    read_phase_document,
    result_to_document,
)
from adjudicator.contract.jsonout import dumps
from adjudicator.contract.reading import read_document
from adjudicator.orders.model import Hold, UnitRef
from adjudicator.orders.results import UNIT_TEXTS, OrderEntry, unit_text
from adjudicator.resolve.engine import adjudicate

STANDARD = load_map("standard")
CENTRES = sorted(STANDARD.supply_centers)
POWERS = sorted(STANDARD.powers)


def test_order_lines_are_counted_inside_each_text_of_a_list() -> None:
    half = MAX_ORDER_LINES // 2
    texts = ["A Par - Bur\nA Mar - Spa"] * half  # two lines each: exactly the limit
    document = {"phase": "S1901M", "orders": {"FRANCE": texts, "ENGLAND": []}}
    assert orders_from_document(read_phase_document(document))["FRANCE"] == texts
    document["orders"] = {"FRANCE": texts, "ENGLAND": ["F Lon - Nth\n"]}  # two lines more
    with pytest.raises(DocumentError, match=rf"orders: {MAX_ORDER_LINES + 2} lines"):
        orders_from_document(read_phase_document(document))
    document["orders"] = {"FRANCE": "\n".join(texts), "ENGLAND": "F Lon - Nth"}
    with pytest.raises(DocumentError, match=rf"orders: {MAX_ORDER_LINES + 1} lines"):
        orders_from_document(read_phase_document(document))


_NO_CYCLES = """
import gc, json, sys
from adjudicator.contract.documents import adjudicate_document
document = json.loads(sys.argv[1])
adjudicate_document(document)  # the first time fills the caches
gc.collect()
gc.disable()
adjudicate_document(document)
print(gc.collect())
"""


def test_a_phase_leaves_no_reference_cycles_for_the_collector() -> None:
    # Garbage with cycles is freed only by the collector, whose runs a busy process pays for:
    # a phase (convoys included: their route searches once left nested recursive functions)
    # must free everything it built as soon as it is done. In a fresh interpreter, so that no
    # other test's threads leave garbage meanwhile.
    document = {
        "phase": "S1901M",
        "units": {"ENGLAND": ["A LON", "F ENG", "F MAO"], "FRANCE": ["A POR", "A SPA"]},
        "orders": {
            "ENGLAND": ["A LON - POR", "F ENG C A LON - POR", "F MAO C A LON - POR"],
            "FRANCE": ["A POR H", "A SPA S A POR"],
        },
    }
    run = [sys.executable, "-c", _NO_CYCLES, json.dumps(document)]
    found = subprocess.run(run, capture_output=True, text=True, check=True).stdout
    assert found.split() == ["0"]


@settings(max_examples=200, deadline=None)
@given(
    phase=st.sampled_from(["S1901M", "F1901M", "F1901R", "W1901A"]),
    centres=st.permutations(CENTRES),
    owners=st.lists(st.sampled_from([*POWERS, None]), min_size=len(CENTRES)),
    order=st.permutations(POWERS),
)
def test_a_next_document_is_written_alike_from_the_centres_read(
    phase: str, centres: list[str], owners: list[str | None], order: list[str]
) -> None:
    """The document's own lists of centres (any order, empty ones too) are `next`'s when
    the phase leaves the centres as they were: the same bytes as grouping them again."""
    lists: dict[str, list[str]] = {power: [] for power in order}
    for centre, owner in zip(centres, owners, strict=False):
        if owner is not None:
            lists[owner].append(centre)
    units = {"FRANCE": ["A PAR"], "ENGLAND": ["F LON"]}
    document = {"phase": phase, "units": units, "centers": lists, "orders": {}}
    said = read_document(document, lambda: read_phase_document(document))
    assert said.owned is lists  # read by code: kept for the writer
    grouped = result_to_document(adjudicate(said.position, said.orders, said.rules), said.rules)
    assert dumps(adjudicate_document(document)) == dumps(grouped)
    assert adjudicate_json_line(json.dumps(document)) == dumps(grouped)


def _containers(value: object) -> list[object]:
    """Every dict and list inside a document, itself first."""
    found: list[object] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            found.append(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            found.append(item)
            stack.extend(item)
    return found


def test_a_result_document_shares_no_dict_or_list_with_its_input_or_another_result() -> None:
    """The caller owns both documents: changing one changes nothing else, later results
    included (the centres read are reused for `next`, as copies)."""
    document = {
        "phase": "S1901M",
        "units": {"FRANCE": ["A PAR", "F BRE"], "ENGLAND": ["F LON"]},
        "centers": {"FRANCE": ["PAR", "BRE"], "ENGLAND": ["LON"]},
        "orders": {"FRANCE": ["A PAR - BUR", "F BRE H"], "ENGLAND": ["F LON - NTH"]},
    }
    first, second = adjudicate_document(document), adjudicate_document(document)
    mine = {id(item) for item in _containers(first)}
    assert not mine & {id(item) for item in _containers(document)}
    assert not mine & {id(item) for item in _containers(second)}
    assert first["next"]["centers"] == {"ENGLAND": ["LON"], "FRANCE": ["BRE", "PAR"]}


def test_a_phase_is_named_as_its_own_string_whatever_was_named_before() -> None:
    # A phase keeps its name, written when it is made (Phase.name), and documents write it: a
    # phase made anew or from a name written another way must still be named as str(phase)
    # names it.
    for year in range(1901, 1901 + 300):
        for name in (f"S{year}M", f"f{year}r", f"W{year}A"):
            phase = Phase.parse(name)
            assert phase.name == str(phase) == name.upper()
            assert Phase(phase.year, phase.season, phase.kind).name == name.upper()  # made anew
    document = adjudicate_document({"phase": "f1901m", "units": {"FRANCE": ["A PAR"]}})
    assert (document["phase"], document["next"]["phase"]) == ("F1901M", "W1901A")


def test_each_result_entry_is_the_callers_own() -> None:
    # orders.results.result_documents copies one template for the lines that simply succeed:
    # changing an entry handed out must change no other entry, no later document, nor the
    # keys' order (the contract's).
    document = {
        "phase": "S1901M",
        "units": {"FRANCE": ["A PAR", "A MAR"], "GERMANY": ["A MUN"]},
        "orders": {"FRANCE": ["A PAR - BUR", "A MAR - BUR"], "GERMANY": ["A MUN H"]},
    }
    keys = ["power", "unit", "input", "order", "result", "tags", "reason"]
    first = adjudicate_document(document)["orders"]
    assert [(e["unit"], e["result"], list(e)) for e in first] == [
        ("A MAR", "fails", [*keys, "culprits"]),
        ("A PAR", "fails", [*keys, "culprits"]),
        ("A MUN", "succeeds", keys),
    ]
    for entry in first:
        entry["tags"].append("changed")
        entry["result"] = entry["power"] = entry["input"] = "changed"
    again = adjudicate_document(document)["orders"]
    assert again[2] == {
        "power": "GERMANY",
        "unit": "A MUN",
        "input": "A MUN H",
        "order": "A MUN H",
        "result": "succeeds",
        "tags": [],
        "reason": None,
    }
    assert [e["tags"] for e in again] == [["bounce"], ["bounce"], []]


def test_a_document_names_a_unit_by_the_string_its_order_entry_names_it_by() -> None:
    """One table of unit strings (orders/results.UNIT_TEXTS) for order entries and documents:
    `next` lists the very string an entry's result line names the unit by, learnt when first
    met, a power off the map (a Position made by hand) included."""
    for texts in UNIT_TEXTS.values():
        texts.clear()  # no unit met yet
    units = {"PAR": Unit.parse("FRANCE", "A PAR"), "LON": Unit.parse("NOWHERE", "F LON")}
    position = Position("standard", Phase.parse("S1901M"), units, {})
    document = position_to_document(position, DEFAULT_RULES)
    assert document["units"] == {"FRANCE": ["A PAR"], "NOWHERE": ["F LON"]}
    entry = OrderEntry("FRANCE", None, Hold(UnitRef(UnitType.ARMY, "PAR")))
    assert entry.line[1] is document["units"]["FRANCE"][0] is unit_text(UnitType.ARMY, "PAR")
    assert document["units"]["NOWHERE"][0] is unit_text(UnitType.FLEET, "LON")


def test_next_lists_every_power_sorted_and_leaves_out_a_power_with_none() -> None:
    """`next` groups units and centres by power, powers in sorted order, each list sorted;
    a power with nothing is left out (when every power has some, the grouping is the
    document's own dict: the lists are still sorted in it)."""
    homes = {power: sorted(STANDARD.powers[power].home_centers) for power in POWERS}
    units = {}
    for power in reversed(POWERS):  # each power's units and centres out of order
        for province in reversed(homes[power]):
            units[province] = Unit.parse(power, f"A {province}")
    centers = {province: power for power in POWERS for province in reversed(homes[power])}
    phase = Phase.parse("S1901M")
    document = position_to_document(Position("standard", phase, units, centers), DEFAULT_RULES)
    assert list(document["units"]) == list(document["centers"]) == POWERS
    assert document["units"] == {p: [f"A {c}" for c in homes[p]] for p in POWERS}
    assert document["centers"] == homes
    gone = POWERS[2]
    left = {p: u for p, u in units.items() if u.power != gone}
    owned = {c: p for c, p in centers.items() if p != POWERS[4]}
    document = position_to_document(Position("standard", phase, left, owned), DEFAULT_RULES)
    assert list(document["units"]) == [p for p in POWERS if p != gone]
    assert list(document["centers"]) == [p for p in POWERS if p != POWERS[4]]
    assert document["units"][POWERS[0]] == [f"A {c}" for c in homes[POWERS[0]]]
