"""The two-player game's winner is a side; phase documents carry it through."""

from __future__ import annotations

from typing import Any

from adjudicator.contract.documents import adjudicate_document

CENTRAL_21 = {
    "AUSTRIA": ["BUD", "TRI", "VIE", "SER", "GRE", "BUL", "RUM"],
    "GERMANY": ["BER", "KIE", "MUN", "DEN", "HOL", "BEL", "SWE"],
    "TURKEY": ["ANK", "CON", "SMY", "SEV", "MOS", "WAR", "STP"],
    "ITALY": ["NAP", "ROM", "VEN"],
}


def _fall(toss: str, year: int = 1915) -> dict[str, Any]:
    return {
        "variant": "wwi",
        "phase": f"F{year}M",
        "rules": {"coin_toss": toss},
        "units": {"AUSTRIA": ["A BUD"], "ITALY": ["A VEN"]},
        "centers": CENTRAL_21,
        "orders": {},
    }


def test_italy_counts_for_the_side_that_won_the_toss() -> None:
    assert adjudicate_document(_fall("CENTRAL"))["next"]["winner"] == "CENTRAL"
    assert adjudicate_document(_fall("ENTENTE"))["next"].get("winner") is None


def test_italy_counts_for_nobody_before_it_joins_in_1915() -> None:
    """The toss comes after the Fall 1914 centre count; Italy joins in Spring 1915."""
    assert adjudicate_document(_fall("CENTRAL", 1914))["next"].get("winner") is None


def test_a_side_as_winner_reads_back() -> None:
    after = adjudicate_document(_fall("CENTRAL"))["next"]
    assert adjudicate_document({**after, "orders": {}})["next"]["winner"] == "CENTRAL"
