"""What the reader keeps of strings of one order: bounded, and never a different reading.

A string that is one order alone is read through `strings.memo` (its reading and the order
it gave the units last met); the same text inside a sheet is read piece by piece. Both must
give the same entries, whatever the units met where the text names them now.
"""

from __future__ import annotations

from helpers_orders import position, read
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.board.map import load_map
from adjudicator.board.types import PhaseKind
from adjudicator.orders import sheet, strings
from adjudicator.orders.legality import board_of
from adjudicator.orders.memo import Memo
from adjudicator.orders.parse import WORD
from adjudicator.orders.reading import read_one
from adjudicator.orders.results import OrderEntry, OrderError
from adjudicator.orders.sheet import ORDER, is_one_order

MAP = load_map()

TEXTS = ["Bre - Eng", "A Mar S Bre - Gas", "F Bre H", "A Par - Bur", "Mar - Pie"]
"""Texts whose orders depend on the unit types and owners met (no type, a wrong type, an
illegal move for an army) and one that names a unit missing in some positions."""

POSITIONS = [
    position(units={"FRANCE": ["A BRE", "A MAR", "A PAR"]}),
    position(units={"FRANCE": ["F BRE", "A MAR"], "GERMANY": ["A PAR"]}),
    position(units={"ENGLAND": ["F BRE"], "FRANCE": ["F MAR", "A PAR"]}),
    position(units={"FRANCE": ["A BRE", "A MAR", "A PAR"]}),
]


def _as_sheet(entries: list[OrderEntry], errors: list[OrderError]) -> list[object]:
    return sorted(
        [(e.power, e.input, str(e.order), e.illegal) for e in entries]
        + [(e.power, e.input, e.error, e.span) for e in errors],
        key=repr,
    )


def test_strings_of_one_order_read_as_the_same_lines_of_a_sheet() -> None:
    for board in POSITIONS * 2:  # the second round meets what the first one learnt
        for power in ("FRANCE", "ENGLAND", "GERMANY"):
            one_by_one = read(board, {power: TEXTS})
            sheet = read(board, {power: ["\n".join(TEXTS)]})
            assert _as_sheet(*one_by_one) == _as_sheet(*sheet)


def test_the_order_follows_the_unit_met_not_the_one_learnt() -> None:
    army, fleet = POSITIONS[0], POSITIONS[1]
    assert str(read(army, {"FRANCE": ["Bre - Eng"]})[0][0].illegal).startswith("armies cannot")
    assert read(fleet, {"FRANCE": ["Bre - Eng"]})[0][0].illegal is None
    errors = read(fleet, {"GERMANY": ["Bre - Eng"]})[1]
    assert [(e.error, e.span) for e in errors] == [("F BRE belongs to France, not Germany", (0, 3))]


def test_the_memo_holds_at_most_two_generations() -> None:
    memo: Memo[int] = Memo(4)
    for number in range(20):
        memo.put(str(number), number)
        assert len(memo) <= 8
    assert memo.get("0") is None
    assert memo.get("19") == 19
    assert memo.get("17") == 17  # in the old generation: carried into the young one
    assert memo.young.get("17") == 17
    assert memo.older("16") == 16 and memo.young.get("16") == 16  # (`get` past the young)
    assert memo.older("0") is None
    for number in range(20, 23):
        memo.put(str(number), number)
    assert memo.get("17") == 17


MARKS = ["A Par - Bur", " ", ".", ":", "[", "]", "#", "/", "\n", "\r", "\x0b", "\x1c", "\x1f"]
MARKS += ["\x85", "\u2028", ",", ";", "\t", "\xa0", "England", "Builds", "France.", "x" * 40]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(MARKS), max_size=5).map("".join))
def test_a_string_is_one_order_when_its_lines_are_that_order_alone(text: str) -> None:
    """is_one_order answers a string without any mark of a sheet without splitting it."""
    lines = sheet._lines(MAP, text)
    one = lines == ((None, None, ((ORDER, text),)),)
    assert is_one_order(MAP, text) == one
    assert is_one_order(MAP, text, len(WORD.findall(text))) == one  # the words told


def test_a_text_keeps_an_entry_for_each_power_that_sent_it() -> None:
    """A known text met for another power's unit gets an entry of its own, set beside the first
    in the text's record (in place): each power then meets its own entry again, the very same."""
    strings.forget()
    french = position(units={"FRANCE": ["A PAR"], "ENGLAND": ["F NTH"]})
    german = position(units={"GERMANY": ["A PAR"], "ENGLAND": ["F NTH"]})
    text = "A PAR S F NTH"
    first = read(french, {"FRANCE": [text]})[0][0]
    other = read(german, {"GERMANY": [text]})[0][0]
    assert (first.power, other.power) == ("FRANCE", "GERMANY")
    assert (first.order, first.illegal) == (other.order, other.illegal)
    for _ in range(2):
        assert read(french, {"FRANCE": [text]})[0][0] is first
        assert read(german, {"GERMANY": [text]})[0][0] is other


def test_an_entry_that_depends_on_the_board_is_not_given_where_no_unit_stands() -> None:
    """An order whose legality the board decides (a move by convoy) keeps its entry with no
    unit met: a later board with nobody where the text names the unit must not be answered
    with that entry (as if the empty place matched the unit kept), but with the error."""
    strings.forget()
    text = "A LON - BEL"
    board = position(units={"FRANCE": ["A LON"], "ENGLAND": ["F NTH"]})
    empty = position(units={"FRANCE": ["A PAR"], "ENGLAND": ["F NTH"]})
    for _ in range(2):
        kept = read(board, {"FRANCE": [text]})[0]
        assert [(e.input, e.illegal) for e in kept] == [(text, None)]
        entries, errors = read(empty, {"FRANCE": [text]})
        assert entries == []
        assert [(e.input, e.error) for e in errors] == [(text, "no unit in London (LON)")]


def test_a_verdict_of_the_board_is_legal_where_the_fleets_it_rested_on_stand() -> None:
    """A move by convoy met again is legal at once where a fleet stands in each convoy area its
    last legal verdict rested on (`Strings._verdict`), whoever owns them and whatever else is
    at sea; where one is gone the board is asked again (another route, or none)."""
    strings.forget()
    texts = ["A LON - NWY", "A WAL - TUN"]  # by the North Sea alone; by a chain of fleets
    wal = "no fleets at sea could convoy A WAL to TUN"
    lon = "no fleets at sea could convoy A LON to NWY"
    armies = ["A LON", "A WAL"]
    boards = [
        ({"ENGLAND": [*armies, "F NTH", "F ENG", "F MAO", "F WES"]}, [None, None]),
        ({"ENGLAND": armies, "RUSSIA": ["F NTH", "F ENG", "F MAO", "F WES"]}, [None, None]),
        ({"ENGLAND": [*armies, "F ENG", "F MAO"]}, [lon, wal]),
        ({"ENGLAND": [*armies, "F IRI", "F MAO", "F WES", "F NTH"]}, [None, None]),
        ({"ENGLAND": [*armies, "F ENG", "F NTH", "F WES"]}, [None, wal]),
    ]
    for units, expected in boards * 2:  # the second round meets every verdict kept
        entries, errors = read(position(units=units), {"ENGLAND": texts})
        assert errors == []
        assert [e.illegal for e in entries] == expected


def test_a_new_texts_usual_record_is_the_one_learn_makes() -> None:
    """`Strings._first` learns its usual case (a planned text naming a unit of the power) with
    no `_learn` call, through the same writer (`strings._record`): the two records must stay
    alike, field for field (but what `_first` then keeps: its entry, `like`, and what a
    board's verdict rested on)."""
    strings.forget()
    units = {"FRANCE": ["A PAR", "A MAR", "F BRE"], "GERMANY": ["A MUN"], "ENGLAND": ["F LON"]}
    board = board_of(MAP, position(units=units))
    kind = PhaseKind.MOVEMENT
    texts = ["A Par - Bur", "Bre - Eng", "A Mar S A Par - Bur", "A Mar S A Mun - Bur", "F Bre H"]
    texts += ["A Par - Lon", "A Mar S F Lon - Eng", "F Bre C A Par - Lon", "Mar - Spa"]
    reader = strings.Strings(MAP, board, kind)
    for text in texts:
        assert isinstance(reader.one("FRANCE", text), OrderEntry)
        kept = reader.memo.get(text)
        reading = read_one(MAP, kind, text)
        assert type(reading) is tuple, text  # planned: `_first`'s usual case
        found = None if reading[2] is None else board.units.get(reading[2])
        learnt = strings._learn(reader, text, reading, board.units[reading[1]], found)
        assert kept is not None and kept[9] is not None
        assert kept[:9] == learnt[:9] and len(kept) == len(learnt), text
