"""Lines players send that are not orders in the grammar's form (issue 10, fault 7): adjustment
headers ('Builds: A Berlin, F Kiel', 'Removes: A Ber') and chatter ('Hi GM', 'Cheers', a
signature, "Austria's orders for Spring 01:"), which gets a short 'not an order', not a
grammar message about expected tokens. (Dashes, arrows, '(via convoy)', 'to the Black Sea' and
'stays' are rows of tests/orders/test_spellings.py.)"""

from __future__ import annotations

import pytest
from helpers_orders import position, read

from adjudicator.orders.spelling import NOT_AN_ORDER

WINTER = position(
    "W1901A",
    units={"GERMANY": ["A MUN"], "FRANCE": ["A PAR", "A MAR", "F BRE", "A BUR"]},
    centers={"BER": "GERMANY", "KIE": "GERMANY", "MUN": "GERMANY", "PAR": "FRANCE"},
)
SPRING = position(units={"AUSTRIA": ["A VIE"], "FRANCE": ["A PAR"]})


def test_a_builds_header_gives_its_verb_to_the_orders_after_it() -> None:
    entries, errors = read(WINTER, {"GERMANY": ["Builds: A Berlin, F Kiel"]})
    assert errors == []
    assert [(e.input, str(e.order)) for e in entries] == [
        ("A Berlin", "A BER B"),
        ("F Kiel", "F KIE B"),
    ]


def test_a_header_on_its_own_line_lasts_until_the_next_header() -> None:
    sheet = "Germany:\nBuilds:\nA Berlin\nBuild F Kiel\nFrance:\nRemoves: A Mar\nA Bur"
    entries, errors = read(WINTER, {"": [sheet]})
    assert errors == []
    assert [(e.power, e.input, str(e.order)) for e in entries] == [
        ("GERMANY", "A Berlin", "A BER B"),
        ("GERMANY", "Build F Kiel", "F KIE B"),
        ("FRANCE", "A Mar", "A MAR D"),
        ("FRANCE", "A Bur", "A BUR D"),
    ]


def test_without_a_header_a_bare_unit_is_still_an_error() -> None:
    _, errors = read(WINTER, {"GERMANY": ["Builds: A Berlin", "Germany:", "A Kiel"]})
    assert [e.input for e in errors] == ["A Kiel"]


@pytest.mark.parametrize(
    "line", ["Hi GM", "Cheers", "John", "Austria's orders for Spring 01:", "Thanks a lot"]
)
def test_chatter_is_not_an_order(line: str) -> None:
    [error] = read(SPRING, {"AUSTRIA": [line]})[1]
    assert (error.error, error.span) == (NOT_AN_ORDER, (0, len(line)))


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("A Vie Tyr", "unexpected 'Tyr' after 'Vie'"),
        ("Lodnon - Wal", "unknown province 'Lodnon'"),
        ("A Vie - ", "incomplete order"),
    ],
)
def test_a_broken_order_keeps_its_precise_message(line: str, message: str) -> None:
    [error] = read(SPRING, {"AUSTRIA": [line]})[1]
    assert error.error.startswith(message)


def test_a_sheet_with_greetings_reads_its_orders_and_names_the_rest() -> None:
    sheet = "Hi GM,\nAustria's orders for Spring 01:\nA Vie \u2013 Gal\nCheers\nJohn"
    entries, errors = read(SPRING, {"AUSTRIA": [sheet]})
    assert [str(e.order) for e in entries] == ["A VIE - GAL"]
    assert [(e.input, e.error) for e in errors] == [
        ("Hi GM", NOT_AN_ORDER),
        ("Austria's orders for Spring 01:", NOT_AN_ORDER),
        ("Cheers", NOT_AN_ORDER),
        ("John", NOT_AN_ORDER),
    ]


def test_chatter_before_any_header_is_not_an_order_either() -> None:
    entries, errors = read(SPRING, {"": ["Hi GM, my orders:", "Austria:", "A Vie - Gal"]})
    assert [str(e.order) for e in entries] == ["A VIE - GAL"]
    assert [(e.power, e.input, e.error) for e in errors] == [
        ("", "Hi GM", NOT_AN_ORDER),
        ("", "my orders:", NOT_AN_ORDER),
    ]
    [error] = read(SPRING, {"": ["A Vie - Gal"]})[1]
    assert error.error == "no power given: start with a header such as 'England:'"
