"""The engine's result lines: the strings each entry carries for them, and the order of the
lines (by power, then unit)."""

from __future__ import annotations

from dataclasses import replace

from adjudicator.board.map import load_map
from adjudicator.board.position import Position
from adjudicator.board.types import UnitType
from adjudicator.orders.model import Build, Hold, Move, UnitRef, Waive
from adjudicator.orders.results import OrderEntry, OrderResult
from adjudicator.resolve.engine import adjudicate


def test_an_entry_carries_the_strings_of_its_own_order_not_of_its_text() -> None:
    army, fleet = UnitRef(UnitType.ARMY, "PAR"), UnitRef(UnitType.FLEET, "STP/NC")
    first = OrderEntry("FRANCE", "the same words", Move(army, "BUR"))
    second = OrderEntry("RUSSIA", "the same words", Hold(fleet))  # another order, same text
    assert first.province == "PAR" and first.line == OrderResult(
        "FRANCE", "A PAR", "the same words", "A PAR - BUR", "succeeds", (), None
    )
    assert second.province == "STP" and second.line == OrderResult(
        "RUSSIA", "F STP/NC", "the same words", "F STP/NC H", "succeeds", (), None
    )
    canonical = OrderEntry("FRANCE", "A PAR - BUR", Move(army, "BUR"))
    assert canonical.line.order is canonical.input  # one string when the text is canonical
    assert replace(first, input="A Par - Bur").line.input == "A Par - Bur"
    assert OrderEntry("FRANCE", "W", Waive()).province is None  # no unit
    build = OrderEntry("FRANCE", "Build A Par", Build(army))
    assert build.province is None and build.line.unit == "A PAR"  # not on the board yet
    assert first == OrderEntry("FRANCE", "the same words", Move(army, "BUR"))
    assert "line" not in repr(first)


def test_an_illegal_entrys_line_fails_with_its_reason_and_the_engine_takes_it() -> None:
    """An illegal order's line is made with its entry (it fails whatever else happens, when
    nothing happens to its unit); an entry made like another of other legality or power has
    its own line; the engine gives the reader's line of an illegal order as it is."""
    from adjudicator.orders.interpret import interpret_orders
    from adjudicator.orders.results import entry_like

    move = Move(UnitRef(UnitType.ARMY, "PAR"), "MUN")
    entry = OrderEntry("FRANCE", "A Par - Mun", move, "not adjacent")
    failed = OrderResult(
        "FRANCE", "A PAR", "A Par - Mun", "A PAR - MUN", "fails", ("illegal",), "not adjacent"
    )
    assert entry.line == failed
    assert entry_like(entry, "FRANCE", None).line == failed._replace(
        result="succeeds", tags=(), reason=None
    )
    assert entry_like(entry, "GERMANY", "no").line == failed._replace(power="GERMANY", reason="no")
    game_map = load_map("standard")
    units = {u.province: u for u in game_map.start_units()}
    position = Position("standard", game_map.start_phase, units, game_map.start_centers())
    orders = {"FRANCE": ["A Par - Mun", "A Mar H"]}
    (read, _), _ = interpret_orders(game_map, position, orders)
    assert read.illegal is not None and read.line.result == "fails"
    lines = adjudicate(position, orders).orders
    assert read.line in lines and sum(line.unit == "A PAR" for line in lines) == 1


def test_result_lines_come_by_power_then_unit() -> None:
    game_map = load_map("standard")
    units = {u.province: u for u in game_map.start_units()}
    position = Position(
        variant="standard",
        phase=game_map.start_phase,
        units=units,
        centers=game_map.start_centers(),
    )
    result = adjudicate(position, {"TURKEY": ["F Ank - Bla"]})
    keys = [(line.power, line.unit) for line in result.orders]
    assert keys == sorted(keys) and len(keys) == 22
    assert result.orders[-3:][0].order == "A CON H" and result.orders[-2].order == "A SMY H"
    assert result.orders[-1].order == "F ANK - BLA" and result.orders[-1].input == "F Ank - Bla"


def test_adjustments_are_due_exactly_when_some_power_has_a_count() -> None:
    from adjudicator.board.adjustments import adjustment_counts, adjustments_due
    from adjudicator.board.types import Phase, Unit

    game_map = load_map("standard")
    units = {u.province: u for u in game_map.start_units()}
    fall = Phase.parse("F1901M")
    position = Position(
        variant="standard", phase=fall, units=units, centers=game_map.start_centers()
    )
    assert not adjustments_due(game_map, position)
    assert not any(adjustment_counts(game_map, position).values())
    units = dict(units)
    units["BEL"] = Unit("FRANCE", UnitType.ARMY, "BEL")  # one unit more than centres: a removal
    crowded = Position(variant="standard", phase=fall, units=units, centers=position.centers)
    assert adjustments_due(game_map, crowded)
    assert adjustment_counts(game_map, crowded)["FRANCE"] == -1
    # a centre more, but every home centre occupied: the build is capped to none
    richer = {**position.centers, "BEL": "FRANCE"}
    blocked = Position(variant="standard", phase=fall, units=position.units, centers=richer)
    assert adjustment_counts(game_map, blocked)["FRANCE"] == 0
    assert not adjustments_due(game_map, blocked)
    # and a removal elsewhere is due whatever the builds
    extra = {**position.units, "HOL": Unit("GERMANY", UnitType.ARMY, "HOL")}
    both = Position(variant="standard", phase=fall, units=extra, centers=richer)
    assert adjustments_due(game_map, both)
    assert adjustment_counts(game_map, both)["GERMANY"] == -1


def test_a_movement_step_finds_each_units_entry_however_the_entries_fall() -> None:
    """Every unit with an entry (looked up at once), a unit without one (it holds), and as
    many entries as units but one for an empty province (it has no line; the unit without
    one holds): each unit's line is the one its own entry, or none, gives."""
    from adjudicator.board.rules import DEFAULT_RULES
    from adjudicator.resolve.engine import _movement

    game_map = load_map("standard")
    units = {u.province: u for u in game_map.start_units() if u.power == "FRANCE"}
    position = Position("standard", game_map.start_phase, units, game_map.start_centers())
    army = UnitType.ARMY
    moves = [
        OrderEntry("FRANCE", None, Move(UnitRef(army, "PAR"), "BUR")),
        OrderEntry("FRANCE", None, Move(UnitRef(army, "MAR"), "PIE")),
        OrderEntry("FRANCE", None, Move(UnitRef(UnitType.FLEET, "BRE"), "MAO")),
    ]
    stray = OrderEntry("FRANCE", None, Move(UnitRef(army, "GAS"), "SPA"))  # no unit in GAS

    def lines(entries: list[OrderEntry]) -> list[tuple[str, str]]:
        results, _, _ = _movement(game_map, position, entries, DEFAULT_RULES)
        return [(line.unit, line.order) for line in results]

    ordered = [("A MAR", "A MAR - PIE"), ("A PAR", "A PAR - BUR"), ("F BRE", "F BRE - MAO")]
    assert lines(moves) == ordered
    held = [("A MAR", "A MAR H"), ("A PAR", "A PAR - BUR"), ("F BRE", "F BRE - MAO")]
    assert lines(moves[::2]) == held
    assert lines([moves[0], stray, moves[2]]) == held


def test_the_compiled_sort_of_a_movement_phase_is_the_sort_of_every_map() -> None:
    """`_sort_placed` (the compiled build's) orders lines in province order as `_sort` does,
    on every shipped map (whose locations sort as their provinces), armies and fleets of a
    power mixed, and hands a line of a power the map does not know to `_sort`."""
    import random

    from adjudicator.board.resources import data_dir
    from adjudicator.resolve.engine import _ranks, _sort, _sort_placed

    pick = random.Random(15)
    for variant in sorted(p.stem for p in data_dir("maps").glob("*.toml")):
        game_map = load_map(variant)
        assert _ranks(game_map) is not None, variant
        province = game_map.facts.province
        powers = sorted(game_map.powers)
        for _ in range(20):
            places = sorted(pick.sample(sorted(province), min(30, len(province))))
            by_province = {province[p]: p for p in places}  # one location a province
            lines = [
                OrderResult(
                    pick.choice(powers), pick.choice("AF") + " " + at, None, "", "fails", (), None
                )
                for _, at in sorted(by_province.items())
            ]
            assert _sort_placed(game_map, lines[:]) == _sort(lines[:]), variant
    stranger = [OrderResult("ZZ", "A PAR", None, "", "fails", (), None), *lines[:1]]
    assert _sort_placed(load_map("standard"), stranger[:]) == _sort(stranger)
