"""Reading is linear in the input (issue 10, fault 4), checked by deterministic measures only:
no step whose cost can grow faster than its input ever sees more than a bounded piece of it,
and each piece is handed over once. (Timings are in bench/reading.py, not here.)"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from helpers_orders import MAP, position, read

from adjudicator.board import names
from adjudicator.contract.documents import (
    MAX_ORDER_LINES,
    DocumentError,
    adjudicate_document,
)
from adjudicator.orders import interpret, sheet
from adjudicator.orders.caret import SHOWN, render_caret
from adjudicator.orders.sheet import MAX_ORDER_LENGTH

START = position(units={"FRANCE": ["A PAR", "A MAR", "F BRE"]})
LONG_WORD = "A Par-Bur " + "x" * 20000  # took about 7 s before the fix


def test_a_hyphenated_name_is_only_looked_for_where_a_word_starts() -> None:
    # The regex used to be tried from every letter of a long word, each try running to the
    # word's end: quadratic. It must not match from inside a word.
    assert names._HYPHENATED.match("xPar-Bur", 1) is None
    assert names._HYPHENATED.match("Par-Bur", 0) is not None
    assert names.join_compounds(MAP, "F Mid-Atlantic-Ocean - Bre") == "F Mid_Atlantic_Ocean - Bre"
    assert names.join_compounds(MAP, "A St-Petersburg-Mos") == "A St_Petersburg-Mos"


def test_an_order_longer_than_the_limit_is_one_error_and_the_sheet_goes_on() -> None:
    entries, errors = read(START, {"FRANCE": [LONG_WORD, "A Mar - Spa"]})
    assert [str(e.order) for e in entries] == ["A MAR - SPA"]
    [error] = errors
    assert error.input == LONG_WORD
    assert error.error == (
        f"too long for one order (20010 characters; at most {MAX_ORDER_LENGTH}): "
        "put each order on its own line"
    )
    assert error.span == (MAX_ORDER_LENGTH, len(LONG_WORD))


def test_a_long_input_is_shown_as_a_window_around_the_bad_part() -> None:
    shown, carets = render_caret(LONG_WORD, (MAX_ORDER_LENGTH, len(LONG_WORD)), "too long").split(
        "\n"
    )
    assert shown.startswith("...x") and shown.endswith("x...")
    assert len(shown) == SHOWN + 6
    assert carets.strip().startswith("^") and carets.endswith("^ too long")


class _Recorder:
    """Wraps a function and records the length of the text argument of each call."""

    def __init__(self, function: Callable[..., Any], argument: int) -> None:
        self.function = function
        self.argument = argument
        self.lengths: list[int] = []

    def __call__(self, *args: Any) -> Any:
        self.lengths.append(len(args[self.argument]))
        return self.function(*args)


@pytest.fixture
def recorded(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, _Recorder]]:
    """The steps of reading that may cost more than linear in what they are given: the reading
    of one order (grammar, names, suggestions) and the power-name lookups of the sheet."""
    one = _Recorder(interpret._reading, 2)
    power = _Recorder(sheet.resolve_power, 1)
    monkeypatch.setattr(interpret, "_reading", one)
    monkeypatch.setattr(sheet, "resolve_power", power)
    yield {"order": one, "power": power}


def _sheet(repeat: int) -> str:
    piece = "\n".join(
        [
            "France:",
            "A Par - Bur; A Mar S A Par - Bur",
            LONG_WORD,
            "[" + " " * 3000,  # a bracket that never closes
            "a" + " " * 3000 + "b: A Par H",  # a colon far away
            "-".join(["Mid"] * 2000),
            "A Mar - Spa # " + "y" * 3000,
        ]
    )
    return "\n".join([piece] * repeat)


def test_no_step_that_could_be_quadratic_sees_more_than_a_bounded_piece(
    recorded: dict[str, _Recorder],
) -> None:
    text = _sheet(5)
    entries, errors = read(START, {"FRANCE": [text]})
    order, power = recorded["order"].lengths, recorded["power"].lengths
    assert max(order) <= MAX_ORDER_LENGTH
    assert max(power) <= sheet._NAME_LENGTH
    # each order is read once; each line looks for a header at most twice
    assert len(order) <= len(entries) + len(errors)
    assert len(power) <= 2 * (text.count("\n") + 1)


def test_work_grows_in_proportion_to_the_input(recorded: dict[str, _Recorder]) -> None:
    read(START, {"FRANCE": [_sheet(4)]})
    small = sum(recorded["order"].lengths) + sum(recorded["power"].lengths)
    for record in recorded.values():
        record.lengths.clear()
    read(START, {"FRANCE": [_sheet(8)]})
    large = sum(recorded["order"].lengths) + sum(recorded["power"].lengths)
    assert large == 2 * small


def test_a_document_with_too_many_order_lines_is_refused_with_a_sentence() -> None:
    document = {
        "phase": "S1901M",
        "units": {"FRANCE": ["A PAR"]},
        "orders": {"FRANCE": ["A Par - Bur"] * (MAX_ORDER_LINES + 1)},
    }
    with pytest.raises(DocumentError, match=r"10001 lines; .* at most 10000"):
        adjudicate_document(document)
    document["orders"] = {"FRANCE": ["A Par - Bur"] * MAX_ORDER_LINES}
    assert len(adjudicate_document(document)["errors"]) == MAX_ORDER_LINES - 1
