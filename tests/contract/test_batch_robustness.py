"""Whatever a tool sends, `adjudicator batch` answers every line and never stops on one."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.contract.batch import process_line

EXAMPLE = json.loads(
    (Path(__file__).resolve().parents[2] / "examples" / "spring-1901.json").read_text()
)
ODD_VALUES: list[Any] = [
    None,
    1,
    "",
    "X",
    "S1901R",
    "W1901A",
    "F1901R",
    [],
    {},
    ["A PAR"],
    {"FRANCE": ["A PAR"]},
    {"FRANCE": {"A PAR": ["PIC"]}},
    {"FRANCE": ["PAR", "XXX"]},
    {"convoy_paradox": "1982"},
    {"bogus": 1},
    "nope",
    ["F STP/XX"],
    {"FRANCE": "A Par - Bur\nA Mar H"},
    {"RUSSIA": {"F STP/NC": ["BAR"]}},
    {"NARNIA": ["A PAR"]},
]
KEYS = ["variant", "rules", "phase", "units", "centers", "dislodged", "orders", "winner"]


@settings(max_examples=300, deadline=None)
@given(
    changes=st.lists(
        st.tuples(st.sampled_from(KEYS), st.sampled_from(range(len(ODD_VALUES)))), max_size=3
    )
)
def test_mutated_documents_give_a_result_or_an_error_line(changes: list[tuple[str, int]]) -> None:
    doc = json.loads(json.dumps(EXAMPLE))
    for key, value in changes:
        doc[key] = ODD_VALUES[value]
    text, ok = process_line((7, json.dumps(doc)))
    answer = json.loads(text)
    if ok:
        assert set(answer) == {"phase", "orders", "errors", "next"}
    else:
        assert answer["line"] == 7
        assert answer["error"]


def test_a_variant_name_the_file_system_refuses_is_an_error_line() -> None:
    """A name too long for a file name was an OSError that stopped the whole batch."""
    doc = {**EXAMPLE, "variant": "a" * 300}
    text, ok = process_line((3, json.dumps(doc)))
    assert not ok
    answer = json.loads(text)
    assert answer["line"] == 3
    assert "unknown variant 'aaaa" in answer["error"]


def test_two_dislodged_units_in_one_province_are_refused() -> None:
    """As two units in one province are: the later one silently replaced the earlier."""
    doc = {
        "phase": "S1901R",
        "units": {},
        "dislodged": {"GERMANY": {"A PAR": ["BUR"]}, "FRANCE": {"A PAR": ["PIC"]}},
    }
    text, ok = process_line((1, json.dumps(doc)))
    assert not ok
    assert json.loads(text)["error"] == "two dislodged units in PAR: A PAR, A PAR"
