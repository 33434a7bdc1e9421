"""The machine interface of ../shared/design/CONTRACT.md, checked end to end through the
`adjudicator batch` command: field names, ordering, tags, nothing dropped, and chaining (the
`next` of one result plus orders is the next input) from S1901M through a retreat phase and an
adjustment phase to S1902M."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from adjudicator.cli.main import main
from adjudicator.contract.documents import DocumentError, adjudicate_document

RESULT_KEYS = ["phase", "orders", "errors", "next"]
ORDER_KEYS = ["power", "unit", "input", "order", "result", "tags", "reason"]
ERROR_KEYS = ["power", "input", "error", "span"]
TAGS = {
    "bounce",
    "cut",
    "dislodged",
    "void",
    "illegal",
    "no_convoy",
    "disrupted",
    "disbanded",
    "waived",
}
UNIT = re.compile(r"^[AF] [A-Z]{3}(/(NC|SC|EC))?$")
CANONICAL = re.compile(
    r"^(WAIVE"
    r"|[AF] [A-Z]{3}(/[NSE]C)? (H|D|B|R [A-Z]{3}(/[NSE]C)?|- [A-Z]{3}(/[NSE]C)?( VIA)?"
    r"|S [AF] [A-Z]{3}(/[NSE]C)?( - [A-Z]{3}(/[NSE]C)?)?|C A [A-Z]{3} - [A-Z]{3}))$"
)


def batch(docs: Sequence[Mapping[str, Any]], tmp_path: Path) -> list[dict[str, Any]]:
    """Run `adjudicator batch` on the documents; the result documents, one per line."""
    source = tmp_path / "in.jsonl"
    sink = tmp_path / "out.jsonl"
    source.write_text("".join(json.dumps(d) + "\n" for d in docs))
    result = CliRunner().invoke(main, ["batch", str(source), "-o", str(sink)])
    assert result.exit_code == 0, result.output
    lines = sink.read_text().splitlines()
    assert len(lines) == len(docs)
    return [json.loads(line) for line in lines]


def check_shape(doc: Mapping[str, Any], given: Mapping[str, Any]) -> None:
    """Everything CONTRACT.md says of one result document."""
    assert list(doc) == RESULT_KEYS
    assert doc["phase"] == given["phase"]
    for entry in doc["orders"]:
        # `culprits` (the units responsible) is an extension, present only on some failures
        assert [k for k in entry if k != "culprits"] == ORDER_KEYS, entry
        assert entry.get("culprits", ["A X"]), entry  # never an empty list
        assert entry["result"] in ("succeeds", "fails")
        assert set(entry["tags"]) <= TAGS, entry
        assert entry["reason"] is None or isinstance(entry["reason"], str)
        assert CANONICAL.match(entry["order"]), entry["order"]
        if entry["order"] != "WAIVE":
            assert UNIT.match(entry["unit"]), entry
            assert entry["order"].startswith(entry["unit"] + " ")
        if entry["result"] == "fails":
            assert entry["reason"], entry  # a failed order says why
    for error in doc["errors"]:
        assert list(error) == ERROR_KEYS, error
        start, end = error["span"]
        assert 0 <= start <= end <= len(error["input"])
        assert error["error"]
    # Ordered by power, then unit (adjustments: see test_adjustment_results_are_ordered_by_power).
    if not given["phase"].endswith("A"):
        keys = [(e["power"], e["unit"]) for e in doc["orders"]]
        assert keys == sorted(keys)
    # Nothing given is silently dropped.
    seen = [e["input"] for e in doc["orders"] if e["input"]] + [e["input"] for e in doc["errors"]]
    for power, lines in given.get("orders", {}).items():
        for text in [lines] if isinstance(lines, str) else lines:
            for line in text.splitlines():
                if line.strip():
                    assert any(line.strip() in s or s.strip() in line for s in seen), (power, line)
    # `next` is a phase document without orders.
    nxt = doc["next"]
    assert "orders" not in nxt
    assert {"variant", "rules", "phase", "units", "centers", "dislodged"} <= set(nxt)
    for power, units in nxt["units"].items():
        assert units == sorted(units), power
        assert all(UNIT.match(u) for u in units)
    for dislodged in nxt["dislodged"].values():
        for unit, options in dislodged.items():
            assert UNIT.match(unit)
            assert options, f"{unit} has nowhere to go and must not be listed"


def step(previous: Mapping[str, Any], orders: Mapping[str, Any]) -> dict[str, Any]:
    return {**previous["next"], "orders": dict(orders)}


START = {
    "variant": "standard",
    "rules": "2023",
    "phase": "S1901M",
    "units": {
        "ENGLAND": ["F LON"],
        "FRANCE": ["A MAR", "A PAR", "F BRE"],
        "GERMANY": ["A BER", "A MUN", "F KIE"],
    },
    "orders": {
        "ENGLAND": ["F Lon - Nor", "F London - Wales"],
        "FRANCE": ["A Mar - Bur", "A Par - Pic", "F Bre - Mid"],
        "GERMANY": ["A Mun-Ruh\nA Ber-Mun", "F Kie - Hol"],
    },
}
FALL = {
    "FRANCE": ["A Pic - Bel", "F Mao - Por", "A Bur H"],
    "GERMANY": ["A Ruh - Bur", "A Mun S A Ruh - Bur", "F Hol H"],
}
RETREAT = {"FRANCE": ["A Bur R Par"]}
WINTER = {"FRANCE": ["A Mar B", "F Bre B", "F Par B"], "GERMANY": ["Build A Ber"]}
SPRING = {"GERMANY": ["A Bur - Par"]}


def test_a_year_chains_through_retreats_and_adjustments(tmp_path: Path) -> None:
    documents = [START]
    results = batch(documents, tmp_path)
    for orders in (FALL, RETREAT, WINTER, SPRING):
        documents.append(step(results[-1], orders))
        results.append(batch([documents[-1]], tmp_path)[0])
    for doc, given in zip(results, documents, strict=True):
        check_shape(doc, given)
    phases = [d["phase"] for d in results] + [results[-1]["next"]["phase"]]
    assert phases == ["S1901M", "F1901M", "F1901R", "W1901A", "S1902M", "F1902M"]

    spring, fall, retreat, winter, _ = results
    assert spring["errors"] == [
        {
            "power": "ENGLAND",
            "input": "F Lon - Nor",
            "error": "ambiguous province 'Nor': NWY, NTH, NAF, NWG, NAO",
            "span": [8, 11],
        }
    ]
    assert spring["next"]["dislodged"] == {}

    by_unit = {e["unit"]: e for e in fall["orders"]}
    assert by_unit["A BUR"]["tags"] == ["dislodged"]
    assert "A RUH" in by_unit["A BUR"]["reason"]
    # Retreat options: not the attacker's origin (RUH), not occupied (MUN, BEL after the move).
    assert fall["next"]["dislodged"] == {"FRANCE": {"A BUR": ["GAS", "MAR", "PAR", "PIC"]}}
    # Ownership does not change after a Fall movement phase followed by retreats...
    assert fall["next"]["centers"] == spring["next"]["centers"]
    # ... but after the Fall retreats.
    assert retreat["orders"] == [
        {
            "power": "FRANCE",
            "unit": "A BUR",
            "input": "A Bur R Par",
            "order": "A BUR R PAR",
            "result": "succeeds",
            "tags": [],
            "reason": None,
        }
    ]
    assert retreat["next"]["dislodged"] == {}
    assert retreat["next"]["centers"]["FRANCE"] == ["BEL", "BRE", "MAR", "PAR", "POR"]
    assert retreat["next"]["centers"]["GERMANY"] == ["BER", "HOL", "KIE", "MUN"]

    built = {(e["power"], e["order"]): e for e in winter["orders"]}
    assert built["FRANCE", "A MAR B"]["result"] == "succeeds"
    assert built["FRANCE", "F BRE B"]["result"] == "succeeds"
    assert built["FRANCE", "F PAR B"]["result"] == "fails"
    assert "illegal" in built["FRANCE", "F PAR B"]["tags"]
    assert built["GERMANY", "A BER B"]["input"] == "Build A Ber"
    assert winter["next"]["units"]["FRANCE"] == ["A BEL", "A MAR", "A PAR", "F BRE", "F POR"]
    assert winter["next"]["units"]["GERMANY"] == ["A BER", "A BUR", "A MUN", "F HOL"]
    assert winter["next"]["phase"] == "S1902M"


def test_batch_and_adjudicate_document_agree(tmp_path: Path) -> None:
    fall = step(adjudicate_document(START), FALL)
    assert batch([START, fall], tmp_path) == [adjudicate_document(START), adjudicate_document(fall)]


def test_a_dislodged_unit_with_no_retreat_is_disbanded_at_once(tmp_path: Path) -> None:
    doc = {
        "phase": "F1901M",
        "units": {
            "ENGLAND": ["F HEL", "F NTH"],
            "FRANCE": ["A BEL", "A HOL"],
            "GERMANY": ["A KIE", "A RUH"],
        },
        "orders": {"GERMANY": ["A Ruh - Hol", "A Kie S A Ruh - Hol"], "FRANCE": ["A Hol H"]},
    }
    (result,) = batch([doc], tmp_path)
    check_shape(result, doc)
    holland = next(e for e in result["orders"] if e["unit"] == "A HOL")
    assert holland["result"] == "fails"
    assert set(holland["tags"]) == {"dislodged", "disbanded"}
    assert result["next"]["dislodged"] == {}
    # No retreat phase; the Fall ends, so ownership changes and the winter comes next.
    assert result["next"]["phase"] == "W1901A"
    assert "A HOL" not in result["next"]["units"].get("FRANCE", [])
    assert "HOL" in result["next"]["centers"]["GERMANY"]


def test_retreat_phase_documents_from_outside(tmp_path: Path) -> None:
    """A retreat phase given by hand: two retreats to one place both disband (one written as
    a move, the usual way of writing a retreat), a unit without an order disbands."""
    doc = {
        "phase": "F1901R",
        "units": {"GERMANY": ["A MUN"], "RUSSIA": ["A WAR"]},
        "dislodged": {
            "AUSTRIA": {"A BOH": ["SIL", "VIE"], "F TRI": ["ADR", "VEN"]},
            "FRANCE": {"A TYR": ["SIL", "VIE"]},
            "ITALY": {"A PIE": ["MAR", "TUS"]},
        },
        "orders": {"AUSTRIA": ["A Boh R Sil"], "FRANCE": ["A Tyr - Sil"], "ITALY": ["A Pie R Tus"]},
    }
    (result,) = batch([doc], tmp_path)
    check_shape(result, doc)
    by_unit = {e["unit"]: e for e in result["orders"]}
    assert set(by_unit) == {"A BOH", "F TRI", "A TYR", "A PIE"}
    assert by_unit["F TRI"]["input"] is None and "disbanded" in by_unit["F TRI"]["tags"]
    assert by_unit["A PIE"]["result"] == "succeeds"
    for unit in ("A BOH", "A TYR"):
        assert by_unit[unit]["result"] == "fails"
        assert set(by_unit[unit]["tags"]) == {"bounce", "disbanded"}
    assert by_unit["A TYR"]["order"] == "A TYR R SIL"
    assert result["next"]["units"]["ITALY"] == ["A TUS"]
    assert result["next"]["phase"] == "W1901A"
    assert result["next"]["dislodged"] == {}


def test_adjustment_phase_documents_with_centers(tmp_path: Path) -> None:
    doc = {
        "phase": "W1901A",
        "units": {"RUSSIA": ["A LVN", "A SWE"], "ENGLAND": ["F NTH"]},
        "centers": {"RUSSIA": ["STP"], "ENGLAND": ["LON", "EDI"]},
        "orders": {"ENGLAND": ["F Edi B", "Waive"]},
    }
    (result,) = batch([doc], tmp_path)
    check_shape(result, doc)
    entries = [(e["power"], e["order"], e["result"], e["tags"]) for e in result["orders"]]
    assert ("ENGLAND", "F EDI B", "succeeds", []) in entries
    # Russia gives no orders: civil disorder removes the unit farthest from an owned centre.
    assert ("RUSSIA", "A SWE D", "succeeds", ["disbanded"]) in entries
    assert result["next"]["units"] == {"ENGLAND": ["F EDI", "F NTH"], "RUSSIA": ["A LVN"]}
    assert result["next"]["phase"] == "S1902M"


def test_adjustment_results_are_ordered_by_power(tmp_path: Path) -> None:
    doc = {
        "phase": "W1901A",
        "units": {"FRANCE": ["A PAR"], "AUSTRIA": []},
        "centers": {"FRANCE": ["PAR", "MAR"], "AUSTRIA": ["VIE"]},
        "orders": {"FRANCE": ["A Mar B"]},
    }
    (result,) = batch([doc], tmp_path)
    powers = [e["power"] for e in result["orders"]]
    assert powers == sorted(powers)


def test_a_bad_line_is_reported_in_place_and_the_run_goes_on(tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text(
        json.dumps(START)
        + "\n"
        + "{not json\n"
        + json.dumps({"phase": "X1901M"})
        + "\n"
        + json.dumps(START)
        + "\n"
    )
    result = CliRunner().invoke(main, ["batch", str(source)])
    assert result.exit_code != 0
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(lines) == 4
    assert lines[0] == lines[3] == adjudicate_document(START)
    assert lines[1]["line"] == 2 and lines[1]["error"]
    assert lines[2]["line"] == 3 and lines[2]["error"]


def _opening(variant: str, rules: dict[str, Any]) -> dict[str, Any]:
    return {"variant": variant, "rules": rules, "phase": "S1901M", "units": {}, "orders": {}}


def test_rule_options_naming_an_unknown_power_or_side_are_refused() -> None:
    with pytest.raises(DocumentError, match=r"rules.disorder: unknown power 'GERMNY' on standard"):
        adjudicate_document(_opening("standard", {"disorder": ["GERMNY"]}))
    with pytest.raises(DocumentError, match=r"rules.coin_toss: 'ALLIES' is not a side of wwi"):
        adjudicate_document({**_opening("wwi", {"coin_toss": "ALLIES"}), "phase": "S1914M"})
    with pytest.raises(DocumentError, match=r"the variant has no sides"):
        adjudicate_document(_opening("standard", {"coin_toss": "ENTENTE"}))
    done = adjudicate_document(_opening("standard", {"disorder": ["germany"]}))
    assert done["next"]["phase"] == "F1901M"


def test_a_side_that_won_reads_back_as_the_winner() -> None:
    """On wwi a side wins; the `next` document naming it is a valid phase document again."""
    doc = {**_opening("wwi", {"coin_toss": "CENTRAL"}), "phase": "S1916M", "winner": "Central"}
    assert adjudicate_document(doc)["next"]["winner"] == "CENTRAL"
    with pytest.raises(DocumentError, match="unknown power 'Allies' on wwi"):
        adjudicate_document({**doc, "winner": "Allies"})


def test_a_centre_owned_by_two_powers_is_refused() -> None:
    """Issue 10, fault 5: the second owner used to win silently."""
    document = {
        "phase": "S1901M",
        "units": {},
        "centers": {"FRANCE": ["PAR", "BEL"], "GERMANY": ["BEL"]},
    }
    with pytest.raises(DocumentError) as caught:
        adjudicate_document(document)
    assert "BEL is listed for both FRANCE and GERMANY" in str(caught.value)


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        ({"end_year": -5}, "rules: end_year: Input should be greater than or equal to 1"),
        ({"convoy_paradox": "nonsense"}, "rules: convoy_paradox:"),
        ({"bogus": 1}, "rules: bogus: unknown option; known: adjacent_convoy"),
    ],
)
def test_bad_rule_options_are_refused_in_the_options_words(
    rules: dict[str, Any], words: str
) -> None:
    """Issue 10, faults 5 and 6: a negative end_year is refused; no pydantic text or link."""
    with pytest.raises(DocumentError) as caught:
        adjudicate_document({"phase": "S1901M", "units": {}, "rules": rules})
    message = str(caught.value)
    assert words in message
    assert "pydantic" not in message and "http" not in message
