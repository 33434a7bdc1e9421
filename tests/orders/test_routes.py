"""Explicit convoy routes (issue 14, part 2): 'A Lon-Nth-Bel' is the army's move by convoy to the
last place, through the seas named; a route that is not a chain of seas is an error that marks
the first wrong step."""

from __future__ import annotations

import pytest

from adjudicator import read_orders, start_position
from adjudicator.board.map import load_map
from adjudicator.board.types import PhaseKind, UnitType
from adjudicator.orders.caret import render_caret
from adjudicator.orders.model import Move, UnitRef
from adjudicator.orders.parse import OrderParseError, parse_order

MAP = load_map("standard")
LON = UnitRef(UnitType.ARMY, "LON")


@pytest.mark.parametrize(
    ("text", "order"),
    [
        ("A Lon-Nth-Bel", Move(LON, "BEL", True, ("NTH",))),
        ("A London - North Sea - Belgium", Move(LON, "BEL", True, ("NTH",))),
        ("A Lon-Eng-Mao-Por", Move(LON, "POR", True, ("ENG", "MAO"))),
        ("A LON - NTH - BEL VIA", Move(LON, "BEL", True, ("NTH",))),
        ("a lon -> nth -> bel", Move(LON, "BEL", True, ("NTH",))),
    ],
)
def test_a_route_is_read_as_a_move_by_convoy(text: str, order: Move) -> None:
    assert parse_order(MAP, text) == order


def test_the_canonical_string_names_the_route_and_reads_back() -> None:
    order = Move(LON, "POR", True, ("ENG", "MAO"))
    assert str(order) == "A LON - ENG - MAO - POR"
    assert parse_order(MAP, str(order)) == order


@pytest.mark.parametrize(
    ("text", "message", "span"),
    [
        ("A Lvp-Nth-Bel", "North Sea (NTH) does not border Liverpool (LVP)", (6, 9)),
        ("A Lvp - Irish Sea - Yorkshire - Bel", "Yorkshire (YOR) is not a sea", (20, 29)),
        (
            "A Lvp-Iri-Mao-Bel",
            "Belgium (BEL) does not border Mid-Atlantic Ocean (MAO), the last sea named",
            (14, 17),
        ),
        ("A Lvp-Iri-Iri-Wal", "Irish Sea (IRI) is named twice", (10, 13)),
    ],
)
def test_a_wrong_chain_is_an_error_at_its_first_wrong_step(
    text: str, message: str, span: tuple[int, int]
) -> None:
    _, errors = read_orders(start_position(), {"ENGLAND": [text]})
    (error,) = errors
    assert (error.input, error.error, error.span) == (text, f"not a convoy route: {message}", span)
    with pytest.raises(OrderParseError) as caught:
        parse_order(MAP, text)
    assert (caught.value.message, caught.value.span) == (error.error, span)


def test_the_error_is_shown_with_a_caret_under_the_step() -> None:
    _, errors = read_orders(start_position(), {"ENGLAND": ["A Lvp-Nth-Bel"]})
    (error,) = errors
    assert render_caret(error.input, error.span, error.error) == (
        "A Lvp-Nth-Bel\n"
        "      ^^^ not a convoy route: North Sea (NTH) does not border Liverpool (LVP)"
    )


def test_a_retreat_cannot_state_a_route() -> None:
    with pytest.raises(OrderParseError, match="a retreat cannot go by convoy"):
        parse_order(MAP, "A LON - NTH - BEL", PhaseKind.RETREAT)


def test_a_route_read_against_the_position() -> None:
    entries, errors = read_orders(
        start_position(), {"ENGLAND": ["A Lvp - Iri - Wal", "F Lon-Nth-Bel"]}
    )
    assert errors == []
    assert [(str(e.order), e.illegal) for e in entries] == [
        ("A LVP - IRI - WAL", "no fleets at sea could convoy A LVP to WAL"),
        ("F LON - NTH - BEL", "only armies can be convoyed"),
    ]
