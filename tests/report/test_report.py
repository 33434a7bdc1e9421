"""The judge-style report: every line shape, on hand-built positions and result entries."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest

from adjudicator.board.map import Map, load_map, read_map_file
from adjudicator.board.position import Dislodged, Position
from adjudicator.board.types import Phase, Unit
from adjudicator.orders.results import OrderResult
from adjudicator.report.text import LINE_WIDTH, judge_report

STANDARD = load_map("standard")
ISLAND = Path(__file__).parents[1] / "maps" / "island.toml"


def position(
    phase: str,
    units: Mapping[str, Sequence[str]] = {},
    centers: Mapping[str, str] | None = None,
    dislodged: Mapping[str, tuple[str, tuple[str, ...]]] = {},
    winner: str | None = None,
    game_map: Map = STANDARD,
) -> Position:
    """A position from power -> unit strings and power -> (unit, retreats) for the dislodged."""
    placed = [Unit.parse(power, text) for power, texts in units.items() for text in texts]
    gone = {
        Unit.parse(power, text).province: Dislodged(Unit.parse(power, text), retreats)
        for power, (text, retreats) in dislodged.items()
    }
    return Position(
        variant=game_map.name,
        phase=Phase.parse(phase),
        units={u.province: u for u in placed},
        centers=game_map.start_centers() if centers is None else dict(centers),
        dislodged=gone,
        winner=winner,
    )


def result(
    power: str,
    order: str,
    tags: tuple[str, ...] = (),
    *,
    given: str | None = "(as written)",
    unit: str | None = None,
) -> OrderResult:
    """An entry for `order`; `given=None` is a unit nobody ordered."""
    failed = {"bounce", "cut", "dislodged", "void", "illegal", "no_convoy", "disrupted"}
    return OrderResult(
        power=power,
        unit=unit if unit is not None else " ".join(order.split()[:2]),
        input=given,
        order=order,
        result="fails" if failed & set(tags) else "succeeds",
        tags=tags,
        reason=None,
    )


def order_lines(report: str) -> list[str]:
    """The lines between the header and the first following block heading, blanks dropped."""
    body = report.split("\n\n", 1)[1]
    body = re.split(r"\n\n(?=The following|Ownership)", body)[0]
    return [line for line in body.splitlines() if line]


SPRING = position("S1901M")
SPRING_AFTER = position("F1901M")


def movement_line(*entries: OrderResult, before: Position = SPRING) -> list[str]:
    return order_lines(judge_report(STANDARD, before, entries, SPRING_AFTER))


# -- headers ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("phase", "header"),
    [
        ("S1901M", "Movement results for Spring of 1901."),
        ("F1902R", "Retreat results for Fall of 1902."),
        ("W1903A", "Adjustment results for Winter of 1903."),
    ],
)
def test_header(phase: str, header: str) -> None:
    report = judge_report(STANDARD, position(phase), [], position("S1904M"))
    assert report.splitlines()[0] == header


def test_header_with_game_name() -> None:
    report = judge_report(STANDARD, SPRING, [], SPRING_AFTER, game="ruby")
    assert report.splitlines()[0] == "Movement results for Spring of 1901.  (ruby.S1901M)"


# -- movement lines -----------------------------------------------------------------------------
def test_successful_move() -> None:
    lines = movement_line(result("AUSTRIA", "A ARM - SMY"))
    assert lines == ["Austria: Army Armenia -> Smyrna."]


def test_bounced_and_dislodged_move() -> None:
    lines = movement_line(result("AUSTRIA", "A BOH - SIL", ("bounce", "dislodged")))
    assert lines == ["Austria: Army Bohemia -> Silesia.  (*bounce, dislodged*)"]


def test_support_of_a_foreign_unit_names_its_power() -> None:
    before = position("S1901M", {"AUSTRIA": ["F ION"], "FRANCE": ["F TUN"]})
    lines = movement_line(result("AUSTRIA", "F ION S F TUN", ("cut", "dislodged")), before=before)
    assert lines == ["Austria: Fleet Ionian Sea SUPPORT French Fleet Tunis.  (*cut, dislodged*)"]


def test_support_of_an_own_unit_has_no_adjective() -> None:
    before = position("S1901M", {"FRANCE": ["A MAR", "A PAR"]})
    lines = movement_line(result("FRANCE", "A MAR S A PAR - BUR"), before=before)
    assert lines == ["France: Army Marseilles SUPPORT Army Paris -> Burgundy."]


def test_void_support_of_a_foreign_move() -> None:
    before = position("S1901M", {"ENGLAND": ["A MOS"], "AUSTRIA": ["A UKR"]})
    lines = movement_line(result("ENGLAND", "A MOS S A UKR - WAR", ("void",)), before=before)
    assert lines == ["England: Army Moscow SUPPORT Austrian Army Ukraine -> Warsaw.  (*void*)"]


def test_move_to_a_coast() -> None:
    lines = movement_line(result("FRANCE", "F POR - SPA/SC"))
    assert lines == ["France: Fleet Portugal -> Spain (south coast)."]


def test_convoy_from_a_coast() -> None:
    before = position("S1901M", {"GERMANY": ["F STP/NC"], "AUSTRIA": ["A TYR"]})
    lines = movement_line(result("GERMANY", "F STP/NC C A TYR - SWI"), before=before)
    assert lines == [
        "Germany: Fleet St Petersburg (north coast) CONVOY Austrian Army Tyrolia -> Switzerland."
    ]


def test_hold() -> None:
    assert movement_line(result("ITALY", "A VEN H")) == ["Italy: Army Venice HOLD."]


def test_support_to_hold_of_a_fleet_on_a_coast() -> None:
    before = position("S1901M", {"RUSSIA": ["F BOT", "F STP/SC"]})
    lines = movement_line(result("RUSSIA", "F BOT S F STP/SC"), before=before)
    assert lines == ["Russia: Fleet Gulf of Bothnia SUPPORT Fleet St Petersburg (south coast)."]


def test_convoyed_move_reads_as_a_move() -> None:
    lines = movement_line(result("ENGLAND", "A LON - BEL VIA", ("no_convoy",)))
    assert lines == ["England: Army London -> Belgium.  (*no convoy*)"]


def test_disrupted_and_no_convoy_print_one_word() -> None:
    lines = movement_line(result("ENGLAND", "A LON - BEL VIA", ("no_convoy", "disrupted")))
    assert lines == ["England: Army London -> Belgium.  (*no convoy*)"]


def test_unit_without_orders() -> None:
    lines = movement_line(result("AUSTRIA", "A BOH H", given=None))
    assert lines == ["Austria: Army Bohemia, No Order Processed."]


def test_unit_without_orders_that_was_dislodged() -> None:
    lines = movement_line(result("AUSTRIA", "A BOH H", ("dislodged",), given=None))
    assert lines == ["Austria: Army Bohemia, No Order Processed.  (*dislodged*)"]


def test_illegal_order_prints_as_void() -> None:
    lines = movement_line(result("AUSTRIA", "A VIE - BER", ("illegal",)))
    assert lines == ["Austria: Army Vienna -> Berlin.  (*void*)"]


def test_unreadable_order_text_is_printed_as_given() -> None:
    lines = movement_line(result("AUSTRIA", "A VIE ???", unit="A VIE"))
    assert lines == ["Austria: Army Vienna ???."]


def test_exactly_one_space_after_the_power() -> None:
    lines = movement_line(
        result("AUSTRIA", "A VIE H"),
        result("ENGLAND", "F LON - NTH"),
        result("GERMANY", "A MUN H", given=None),
    )
    assert all(re.match(r"^[A-Z][a-z]+: \S", line) for line in lines)


def test_full_movement_report_groups_powers() -> None:
    before = position("S1901M", {"AUSTRIA": ["A VIE", "A BUD"], "RUSSIA": ["A WAR"]})
    entries = [
        result("AUSTRIA", "A BUD S A VIE - GAL"),
        result("AUSTRIA", "A VIE - GAL"),
        result("RUSSIA", "A WAR - GAL", ("bounce",)),
    ]
    assert judge_report(STANDARD, before, entries, SPRING_AFTER) == (
        "Movement results for Spring of 1901.\n"
        "\n"
        "Austria: Army Budapest SUPPORT Army Vienna -> Galicia.\n"
        "Austria: Army Vienna -> Galicia.\n"
        "\n"
        "Russia: Army Warsaw -> Galicia.  (*bounce*)\n"
    )


# -- the dislodged list -------------------------------------------------------------------------
def test_dislodged_units_with_and_without_retreats() -> None:
    before = position("S1901M", {"AUSTRIA": ["A BOH"], "TURKEY": ["F AEG"]})
    entries = [
        result("AUSTRIA", "A BOH - SIL", ("bounce", "dislodged")),
        result("TURKEY", "F AEG H", ("dislodged", "disbanded")),
    ]
    after = position(
        "S1901R", {"GERMANY": ["A BOH"]}, dislodged={"AUSTRIA": ("A BOH", ("GAL", "VIE"))}
    )
    report = judge_report(STANDARD, before, entries, after)
    assert report.endswith(
        "Turkey: Fleet Aegean Sea HOLD.  (*dislodged*)\n"
        "\n"
        "The following units were dislodged:\n"
        "\n"
        "The Austrian Army in Bohemia can retreat to Galicia or Vienna.\n"
        "The Turkish Fleet in the Aegean Sea with no valid retreats was destroyed.\n"
    )


def test_dislodged_fleet_on_a_coast_and_retreats_to_coasts() -> None:
    entries = [result("RUSSIA", "F STP/SC H", ("dislodged",))]
    after = position(
        "S1901R", dislodged={"RUSSIA": ("F STP/SC", ("BOT", "FIN"))}, game_map=STANDARD
    )
    report = judge_report(STANDARD, SPRING, entries, after)
    assert report.splitlines()[-2:] == [
        "The Russian Fleet in St Petersburg (south coast) can retreat to",
        "Gulf of Bothnia or Finland.",
    ]


def test_a_long_retreat_list_wraps() -> None:
    retreats = ("ADR", "AEG", "ALB", "APU", "EAS", "GRE", "NAP", "TUN", "TYS")
    entries = [result("ITALY", "F ION H", ("dislodged",))]
    after = position("S1901R", dislodged={"ITALY": ("F ION", retreats)})
    lines = judge_report(STANDARD, SPRING, entries, after).splitlines()
    start = lines.index("The following units were dislodged:") + 2
    assert lines[start:] == [
        "The Italian Fleet in the Ionian Sea can retreat to Adriatic Sea or",
        "Aegean Sea or Albania or Apulia or Eastern Mediterranean or Greece or",
        "Naples or Tunis or Tyrrhenian Sea.",
    ]
    assert all(len(line) <= LINE_WIDTH for line in lines)


def test_no_dislodged_list_when_nobody_was_dislodged() -> None:
    report = judge_report(STANDARD, SPRING, [result("ITALY", "A VEN H")], SPRING_AFTER)
    assert "dislodged" not in report


# -- retreat phase ------------------------------------------------------------------------------
def test_retreat_phase_lines() -> None:
    before = position(
        "S1902R",
        dislodged={
            "AUSTRIA": ("A SER", ("ALB", "BUD")),
            "RUSSIA": ("F SEV", ("ARM",)),
            "TURKEY": ("A BUL", ("CON",)),
            "ITALY": ("A TRI", ("VIE",)),
        },
    )
    entries = [
        result("AUSTRIA", "A SER R ALB"),
        result("ITALY", "A TRI D", ("disbanded",)),
        result("RUSSIA", "F SEV R ARM", ("bounce", "disbanded")),
        result("TURKEY", "A BUL D", ("disbanded",), given=None),
    ]
    assert judge_report(STANDARD, before, entries, position("F1902M")) == (
        "Retreat results for Spring of 1902.\n"
        "\n"
        "Austria: Army Serbia -> Albania.\n"
        "\n"
        "Italy: Army Trieste DISBAND.\n"
        "\n"
        "Russia: Fleet Sevastopol -> Armenia.  (*bounce, destroyed*)\n"
        "\n"
        "Turkey: Army Bulgaria, No Order Processed.  (*destroyed*)\n"
    )


# -- ownership and adjustments after the Fall ---------------------------------------------------
FALL_CENTERS = {
    **{c: "AUSTRIA" for c in ("GRE", "SER")},
    **{c: "FRANCE" for c in ("BEL", "BRE", "MAR", "PAR", "POR", "SPA")},
    **{c: "ITALY" for c in ("NAP", "ROM", "VEN", "TUN", "TRI")},
}
FALL_UNITS = {
    "AUSTRIA": ["A SER", "F GRE", "A BUD"],
    "FRANCE": ["A PAR", "A BUR", "F MAO", "F SPA/SC"],
    "ITALY": ["A VEN", "A TRI", "F TUN", "F ION", "A ROM"],
}


def test_ownership_and_adjustment_summary_after_fall() -> None:
    after = position("W1901A", FALL_UNITS, FALL_CENTERS)
    report = judge_report(STANDARD, position("F1901M"), [], after)
    assert report.split("\n\n", 1)[1] == (
        "Ownership of supply centers:\n"
        "\n"
        "Austria:   Greece, Serbia.\n"
        "France:    Belgium, Brest, Marseilles, Paris, Portugal, Spain.\n"
        "Italy:     Naples, Rome, Trieste, Tunis, Venice.\n"
        "\n"
        "Austria:   2 Supply centers,  3 Units:  Removes  1 unit.\n"
        "France:    6 Supply centers,  4 Units:  Builds   2 units.\n"
        "Italy:     5 Supply centers,  5 Units:  Builds   0 units.\n"
    )


def test_ownership_lines_wrap_under_the_first_centre() -> None:
    centers = {c: "FRANCE" for c in sorted(STANDARD.supply_centers)[:17]}
    after = position("W1901A", {"FRANCE": ["A PAR"]}, centers)
    lines = judge_report(STANDARD, position("F1901R"), [], after).splitlines()
    assert lines[2:7] == [
        "Ownership of supply centers:",
        "",
        "France:    Ankara, Belgium, Berlin, Brest, Budapest, Bulgaria, Constantinople,",
        "           Denmark, Edinburgh, Greece, Holland, Kiel, Liverpool, London,",
        "           Marseilles, Moscow, Munich.",
    ]
    assert all(len(line) <= LINE_WIDTH for line in lines)


def test_singular_counts_keep_the_columns() -> None:
    after = position(
        "S1902M",
        {"TURKEY": ["A CON"], "RUSSIA": ["A MOS", "A WAR"]},
        {"CON": "TURKEY", "MOS": "RUSSIA"},
    )
    lines = judge_report(STANDARD, position("F1901M"), [], after).splitlines()
    assert lines[-2:] == [
        "Russia:    1 Supply center,   2 Units:  Removes  1 unit.",
        "Turkey:    1 Supply center,   1 Unit:   Builds   0 units.",
    ]


def test_victory_is_announced() -> None:
    centers = {c: "FRANCE" for c in sorted(STANDARD.supply_centers)[:18]}
    after = position("W1901A", {"FRANCE": ["A PAR"]}, centers, winner="FRANCE")
    last = judge_report(STANDARD, position("F1901M"), [], after).splitlines()[-1]
    assert last == "France:   18 Supply centers,  1 Unit:   Builds  17 units.  (* VICTORY!! *)"


def test_no_ownership_block_before_the_fall_retreats() -> None:
    after = position("F1901R", dislodged={"AUSTRIA": ("A BOH", ("GAL",))})
    entries = [result("AUSTRIA", "A BOH H", ("dislodged",))]
    assert "Ownership" not in judge_report(STANDARD, position("F1901M"), entries, after)


def test_no_ownership_block_after_spring() -> None:
    assert "Ownership" not in judge_report(STANDARD, SPRING, [], SPRING_AFTER)


def test_ownership_block_after_a_fall_with_nothing_to_adjust() -> None:
    after = position("S1902M", {"ITALY": ["A VEN"]}, {"VEN": "ITALY"})
    report = judge_report(STANDARD, position("F1901M"), [], after)
    assert "Ownership of supply centers:\n\nItaly:     Venice.\n" in report


# -- adjustment phase ---------------------------------------------------------------------------
def adjustment_lines(
    before: Position, entries: Sequence[OrderResult], after: Position
) -> list[str]:
    return judge_report(STANDARD, before, entries, after).splitlines()[2:]


def test_builds_removals_and_waives() -> None:
    before = position(
        "W1901A",
        {"AUSTRIA": ["F GRE", "A SER", "F NTH"], "ENGLAND": [], "RUSSIA": []},
        {"SER": "AUSTRIA", "LON": "ENGLAND", "EDI": "ENGLAND", "STP": "RUSSIA"},
    )
    entries = [
        result("AUSTRIA", "F GRE D"),
        result("AUSTRIA", "F NTH D", given=None),
        result("ENGLAND", "A LON B"),
        result("ENGLAND", "WAIVE", ("waived",), unit=""),
        result("RUSSIA", "F STP/NC B"),
    ]
    after = position(
        "S1902M",
        {"AUSTRIA": ["A SER"], "ENGLAND": ["A LON"], "RUSSIA": ["F STP/NC"]},
        before.centers,
    )
    assert adjustment_lines(before, entries, after) == [
        "Austria:                  Removes the fleet in Greece.",
        "Austria:                  Defaults, removing the fleet in the North Sea.",
        "England:                  Builds an army in London.",
        "England:                  Build waived.",
        "Russia:                   Builds a fleet in St Petersburg (north coast).",
    ]


def test_unusable_and_unordered_builds_are_waived() -> None:
    # Turkey owns 4 centres with 2 units, but its only vacant home is taken by the build:
    # one build is unusable. England ordered nothing with a free home: the build is waived.
    centers = {"ANK": "TURKEY", "CON": "TURKEY", "SMY": "TURKEY", "BUL": "TURKEY"}
    centers |= {"LON": "ENGLAND", "EDI": "ENGLAND", "LVP": "ENGLAND", "NWY": "ENGLAND"}
    before = position(
        "W1901A",
        {"TURKEY": ["A CON", "A SMY"], "ENGLAND": ["F NTH", "F NWG", "A LVP"]},
        centers,
    )
    engine_waives = [
        result("ENGLAND", "WAIVE", ("waived",), given=None, unit=""),
        result("TURKEY", "WAIVE", ("waived",), given=None, unit=""),
    ]
    entries = [result("TURKEY", "F ANK B"), *engine_waives]
    after = position(
        "S1902M",
        {"TURKEY": ["A CON", "A SMY", "F ANK"], "ENGLAND": ["F NTH", "F NWG", "A LVP"]},
        centers,
    )
    assert adjustment_lines(before, entries, after) == [
        "England:                  Build waived.",
        "Turkey:                   Builds a fleet in Ankara.",
        "Turkey:                   1 unusable build waived.",
    ]
    # Without the engine's waive entries the report counts the same builds itself.
    assert adjustment_lines(before, entries[:1], after) == adjustment_lines(before, entries, after)


def test_failed_build_shows_its_tags() -> None:
    before = position("W1901A", {}, {"PAR": "FRANCE"})
    entries = [result("FRANCE", "A MUN B", ("illegal",))]
    lines = adjustment_lines(before, entries, position("S1902M", {}, {"PAR": "FRANCE"}))
    assert lines[0] == "France:                   Builds an army in Munich.  (*void*)"


# -- names come from the map --------------------------------------------------------------------
def test_names_and_adjectives_come_from_the_map() -> None:
    island = read_map_file(ISLAND)
    before = position(
        "S1201M", {"WESTMARK": ["A HIL"], "EASTHOLD": ["A VAL", "F CAP/SC"]}, {}, game_map=island
    )
    entries = [
        result("EASTHOLD", "F CAP/SC - STR"),
        result("WESTMARK", "A HIL S A VAL - SPT"),
    ]
    after = position("F1201M", game_map=island)
    assert order_lines(judge_report(island, before, entries, after)) == [
        "Easthold: Fleet Cape Storm (south coast) -> The Strait.",
        "Westmark: Army Highlands SUPPORT Eastholder Army Valley -> Southport.",
    ]


def test_refused_adjustment_orders_read_as_refused_with_their_reason() -> None:
    """Issue 10, fault 1: a second build where one is allowed and a build on another power's
    centre never read as done; each says why."""
    from adjudicator.contract.documents import position_from_document, read_phase_document
    from adjudicator.report.text import judge_report
    from adjudicator.resolve.engine import adjudicate

    document = {
        "phase": "W1902A",
        "units": {
            "AUSTRIA": ["A VIE", "A BUD"],
            "FRANCE": ["A PAR", "A PIC"],
            "GERMANY": ["A BER"],
        },
        "centers": {
            "AUSTRIA": ["VIE", "BUD"],
            "FRANCE": ["PAR", "MAR", "BRE"],
            "GERMANY": ["BER", "MUN", "KIE", "WAR"],
        },
        "orders": {
            "AUSTRIA": ["Remove A Ser"],
            "FRANCE": ["Build A Mar", "Build F Bre"],
            "GERMANY": ["Build A War"],
        },
    }
    position, rules = position_from_document(read_phase_document(document))
    result = adjudicate(position, document["orders"], rules)
    report = judge_report(load_map("standard"), position, result.orders, result.next)
    lines = {line.strip() for line in report.splitlines()}
    refused = [line for line in lines if "(*refused:" in line or "(*void:" in line]
    assert any(
        line.startswith("France:") and "Builds a fleet in Brest." in line for line in refused
    )
    assert any(
        line.startswith("Germany:") and "Warsaw" in line and "(*void:" in line for line in refused
    )
    assert not any("Builds a fleet in Brest." in line and "(*" not in line for line in lines)
    for entry in result.orders:
        if entry.result == "fails":
            assert any(entry.reason and entry.reason in line for line in refused), entry
