"""The case-file parser (testcases.casefile) and the runner's diff (testcases.caserun)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest
from click.testing import CliRunner

from adjudicator.board.position import Dislodged, Position
from adjudicator.board.rules import DEFAULT_RULES
from adjudicator.board.types import Phase, Unit, UnitType
from adjudicator.orders.results import OrderError, OrderResult
from adjudicator.testcases.casefile import Board, Case, CaseError, parse_case, read_case
from adjudicator.testcases.caserun import (
    bundled_cases,
    compare_position,
    compare_step,
    find_case_files,
)
from adjudicator.testcases.caserun import (
    test_command as command,
)

HEADER = "case: t1\ntitle: a test\nsource: regression\n"

SIMPLE = (
    HEADER
    + """
phase: S1901M
units:
  Austria: A Vie, F Tri
  ITALY: A ven
orders:
  Austria: A Vienna - Tyrolia
  Austria: F Tri H
  Italy: A Venice - Tyrolia
results:
  A VIE: fails bounce
  a ven: fails
errors:
  Italy: A Rome - Apulia
after: F1901M
units:
  Austria: A VIE, F TRI
  Italy: A VEN
"""
)


def error_of(text: str) -> CaseError:
    with pytest.raises(CaseError) as info:
        parse_case(text, "x.case")
    return info.value


# -- header ---------------------------------------------------------------------------------


def test_header_values_and_defaults() -> None:
    case = parse_case(SIMPLE, "x.case")
    assert (case.id, case.title, case.source, case.variant) == (
        "t1",
        "a test",
        "regression",
        "standard",
    )
    assert case.rules == DEFAULT_RULES
    assert case.path == "x.case"


@pytest.mark.parametrize("missing", ["case", "title", "source"])
def test_header_requires_case_title_source(missing: str) -> None:
    text = "\n".join(line for line in SIMPLE.splitlines() if not line.startswith(missing + ":"))
    assert f"'{missing}:'" in str(error_of(text))


def test_unknown_header_key() -> None:
    error = error_of("colour: red\n" + SIMPLE)
    assert error.line == 1 and "unknown header key 'colour'" in str(error)


def test_unknown_variant_quotes_its_line() -> None:
    error = error_of(HEADER + "variant: atlantis\n" + SIMPLE[len(HEADER) :])
    assert error.line == 4 and "atlantis" in str(error)


# -- rules ----------------------------------------------------------------------------------


def test_rules_edition() -> None:
    case = parse_case(HEADER + "rules: 1982\n" + SIMPLE[len(HEADER) :])
    assert case.rules.edition == "1982" and case.rules.convoy_paradox == "1982"


def test_rules_key_values() -> None:
    case = parse_case(
        HEADER
        + "rules: convoy_paradox=1982, multi_route_convoy=any_route, end_year=1905\n"
        + SIMPLE[len(HEADER) :]
    )
    assert case.rules.convoy_paradox == "1982"
    assert case.rules.multi_route_convoy == "any_route"
    assert case.rules.end_year == 1905
    assert case.rules.adjacent_convoy == DEFAULT_RULES.adjacent_convoy


def test_rules_edition_as_base() -> None:
    case = parse_case(HEADER + "rules: edition=1971, civil_disorder=2023\n" + SIMPLE[len(HEADER) :])
    assert case.rules.multi_route_convoy == "any_route" and case.rules.civil_disorder == "2023"


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        ("1999", "unknown rules edition"),
        ("convoy_paradox=maybe", "bad rules"),
        ("no_such_option=1", "bad rules"),
        ("convoy_paradox", "unknown rules edition"),
        ("convoy_paradox=1982, oops", "expected key=value"),
    ],
)
def test_bad_rules(rules: str, words: str) -> None:
    error = error_of(HEADER + f"rules: {rules}\n" + SIMPLE[len(HEADER) :])
    assert error.line == 4 and words in str(error)


# -- sections of a step ---------------------------------------------------------------------


def test_units_orders_results_errors_after() -> None:
    case = parse_case(SIMPLE)
    (step,) = case.steps
    assert step.phase == Phase.parse("S1901M")
    assert step.board is not None and step.board.units == (
        Unit("AUSTRIA", UnitType.ARMY, "VIE"),
        Unit("AUSTRIA", UnitType.FLEET, "TRI"),
        Unit("ITALY", UnitType.ARMY, "VEN"),
    )
    assert step.orders_by_power() == {
        "AUSTRIA": ["A Vienna - Tyrolia", "F Tri H"],
        "ITALY": ["A Venice - Tyrolia"],
    }
    assert [(r.key, r.result, r.tags) for r in step.results] == [
        ("A VIE", "fails", frozenset({"bounce"})),
        ("A VEN", "fails", None),
    ]
    assert [(e.power, e.text, e.line) for e in step.errors] == [("ITALY", "A Rome - Apulia", 17)]
    assert step.after is not None
    assert step.after.phase == Phase.parse("F1901M")
    assert step.after.board.units is not None and len(step.after.board.units) == 3
    assert step.after.board.dislodged == () and step.after.board.centers is None


def test_start_position_defaults_to_start_centres() -> None:
    position = parse_case(SIMPLE).start_position()
    assert position.phase == Phase.parse("S1901M")
    assert set(position.units) == {"VIE", "TRI", "VEN"}
    assert position.centers["STP"] == "RUSSIA" and "BEL" not in position.centers
    assert position.dislodged == {}


def test_centers_and_coasts_and_comments() -> None:
    text = (
        HEADER
        + """
# a comment
phase: F1901M
units:
  Russia: F Stp/sc, A Mos
centers:
  Russia: Stp, Mos Sev
  # an indented comment
  France: BEL
orders:
  Russia: F StP/sc - Bot
after: W1901A
units:
  Russia: F BOT, A MOS
centers:
  Russia: STP MOS SEV
  France: BEL
winner: France
"""
    )
    case = parse_case(text)
    position = case.start_position()
    assert position.units["STP"] == Unit("RUSSIA", UnitType.FLEET, "STP/SC")
    assert dict(position.centers) == {
        "STP": "RUSSIA",
        "MOS": "RUSSIA",
        "SEV": "RUSSIA",
        "BEL": "FRANCE",
    }
    after = case.steps[0].after
    assert after is not None and after.board.winner == "FRANCE"
    assert after.board.centers == (
        ("BEL", "FRANCE"),
        ("MOS", "RUSSIA"),
        ("SEV", "RUSSIA"),
        ("STP", "RUSSIA"),
    )


def test_retreat_phase_start_and_multi_step() -> None:
    text = (
        HEADER
        + """
phase: S1901R
units:
  Germany: A SER
dislodged:
  Austria: A Ser -> Alb, Bud
orders:
  Austria: A Ser R Bud
results:
  A SER: succeeds
after: F1901M
units:
  Germany: A SER
  Austria: A BUD

phase: F1901M
orders:
  Austria: A Bud - Vie
after: F1901R
units:
  Germany: A SER
  Austria: A VIE
dislodged:
  Austria: F Nth -> Bel Stp/nc
"""
    )
    case = parse_case(text)
    assert len(case.steps) == 2
    first, second = case.steps
    assert first.board is not None
    assert first.board.dislodged == (
        Dislodged(Unit("AUSTRIA", UnitType.ARMY, "SER"), ("ALB", "BUD")),
    )
    assert case.start_position().dislodged["SER"].retreats == ("ALB", "BUD")
    assert second.board is None
    assert second.orders_by_power() == {"AUSTRIA": ["A Bud - Vie"]}
    assert second.after is not None and second.after.board.dislodged[0].retreats == (
        "BEL",
        "STP/NC",
    )


def test_adjustment_results_are_keyed_by_order() -> None:
    text = (
        HEADER
        + """
phase: W1901A
units:
  Russia: A MOS
orders:
  Russia: Build F St Petersburg
  Russia: F Stp/nc B
  Russia: waive
results:
  F STP B: fails illegal
  f stp/nc b: succeeds
  WAIVE: succeeds waived
  A MOS D: fails
after: S1902M
units:
  Russia: A MOS, F STP/NC
"""
    )
    keys = [r.key for r in parse_case(text).steps[0].results]
    assert keys == ["F STP B", "F STP/NC B", "WAIVE", "A MOS D"]


def test_empty_units_section_means_empty_board() -> None:
    text = HEADER + "phase: S1901M\nunits:\norders:\n  Russia: A Mos H\nafter: F1901M\nunits:\n"
    step = parse_case(text).steps[0]
    assert step.board == Board(units=())
    assert step.after is not None and step.after.board.units == ()


def test_after_without_units_does_not_check_units() -> None:
    step = parse_case(HEADER + "phase: S1901M\nunits:\n  Russia: A Mos\nafter: F1901M\n").steps[0]
    assert step.after is not None and step.after.board.units is None


# -- errors quote file, line and text -------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "line", "words"),
    [
        ("phase: S1901X\nunits:\n", 4, "bad phase name"),
        ("phase: S1901M\nunits:\n  Narnia: A Vie\n", 6, "unknown power 'Narnia'"),
        ("phase: S1901M\nunits:\n  Austria: A Xyz\n", 6, "unknown province 'XYZ'"),
        ("phase: S1901M\nunits:\n  Austria: F Vie\n", 6, "fleet cannot stand at VIE"),
        ("phase: S1901M\nunits:\n  Russia: F Stp\n", 6, "fleet cannot stand at STP"),
        ("phase: S1901M\nunits:\n  Austria: Vienna\n", 6, "expected a unit"),
        ("phase: S1901M\nunits:\n  Austria: A Vie, A Vie\n", 6, "VIE already holds A VIE"),
        ("phase: S1901M\nunits:\n  Austria A Vie\n", 6, "expected 'Power: ...'"),
        (
            "phase: S1901M\nunits:\n  Austria: A Vie\ncenters:\n  Austria: Boh\n",
            8,
            "not a supply centre",
        ),
        (
            "phase: S1901M\nunits:\n  Austria: A Vie\ncenters:\n  Austria: Vie\n  Italy: Vie\n",
            9,
            "already owned",
        ),
        ("phase: S1901M\nunits:\norders:\n  Austria:\n", 7, "no order text"),
        ("phase: S1901M\nunits:\nresults:\n  A VIE: wins\n", 7, "'succeeds' or 'fails'"),
        ("phase: S1901M\nunits:\nresults:\n  A VIE: fails kaboom\n", 7, "unknown tag 'kaboom'"),
        ("phase: S1901M\nunits:\nresults:\n  A VIE fails\n", 7, "expected 'A Vie: succeeds'"),
        ("phase: W1901A\nunits:\nresults:\n  A VIE: fails\n", 7, "canonical order"),
        ("phase: S1901M\nunits:\nunits:\n", 6, "'units:' is given twice"),
        ("phase: S1901M\nunits:\nwinner: Italy\n", 6, "'winner' does not belong"),
        ("phase: S1901M\nunits:\nafter: F1901M\norders:\n  Italy: A Ven H\n", 7, "does not belong"),
        ("phase: S1901M\nunits:\nafter: F1901M\nafter: F1901M\n", 7, "given twice"),
        (
            "phase: S1901M\nunits:\n  Italy: A Ven\nafter: F1901M\n"
            "dislodged:\n  Italy: A Ven -> Rom\n",
            7,
            "only be dislodged when the next phase is a retreat",
        ),
        ("phase: S1901R\nunits:\ndislodged:\n  Italy: A Ven ->\n", 7, "never listed"),
        ("phase: S1901R\nunits:\ndislodged:\n  Italy: A Ven -> Xyz\n", 7, "unknown location 'Xyz'"),
        (
            "phase: S1901R\nunits:\ndislodged:\n  Italy: A Ven Rom\n",
            7,
            "expected 'Power: A Ser -> Alb Bud'",
        ),
        (
            "phase: S1901M\nunits:\ndislodged:\n  Italy: A Ven -> Rom\n",
            4,
            "only given when a case starts",
        ),
        ("phase: S1901M\norders:\n  Italy: A Ven H\n", 4, "needs 'units:'"),
        ("phase: S1901M\nunits:\n\nphase: F1901M\nunits:\n", 8, "only the first step"),
        ("phase: S1901M\nunits:\nafter: F1901M\n\nphase: S1902M\n", 8, "must be F1901M"),
        ("phase: S1901M\n  Italy: A Ven\n", 5, "must follow a section keyword"),
        ("phase: S1901M\nunits: A Ven\n", 5, "takes indented lines"),
        ("phase: S1901M\nunits:\nbananas\n", 6, "expected 'keyword: value'"),
        ("phase: S1901M\nunits:\nspoons:\n", 6, "'spoons' does not belong"),
    ],
)
def test_errors_name_file_line_and_text(body: str, line: int, words: str) -> None:
    error = error_of(HEADER + body)
    assert error.path == "x.case"
    assert error.line == line, str(error)
    assert words in str(error)
    text = (HEADER + body).splitlines()[line - 1]
    assert str(error).startswith(f"x.case:{line}: ")
    assert str(error).endswith(text.strip())


def test_error_without_a_line() -> None:
    error = error_of(HEADER)
    assert error.line is None and str(error) == "x.case: a case needs at least one 'phase:' step"


def test_read_case_from_disk(tmp_path: Path) -> None:
    path = tmp_path / "one.case"
    path.write_text(SIMPLE, encoding="utf-8")
    assert read_case(path).path == str(path)


# -- the bundled catalogue ------------------------------------------------------------------


def test_every_bundled_case_parses_and_ids_are_unique() -> None:
    files = find_case_files([bundled_cases()])
    cases = [read_case(p) for p in files]
    ids = [c.id for c in cases]
    assert len(ids) == len(set(ids))
    assert {
        f"6.{s}.{n}"
        for s, count in zip("ABCDEFG", (12, 15, 9, 34, 15, 25, 20), strict=True)
        for n in range(1, count + 1)
    } <= set(ids)
    assert {f"rulebook-example-{n}" for n in range(1, 14)} <= set(ids)


def test_find_case_files_takes_files_and_folders(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "x.case").write_text(SIMPLE)
    (tmp_path / "y.case").write_text(SIMPLE)
    (tmp_path / "notes.txt").write_text("")
    found = find_case_files([tmp_path, tmp_path / "y.case"])
    assert found == [tmp_path / "a" / "x.case", tmp_path / "y.case"]


# -- the runner's diff ----------------------------------------------------------------------


@dataclass
class FakeResult:
    """Stands in for engine.PhaseResult: the runner only reads these three fields."""

    orders: tuple[OrderResult, ...]
    next: Position
    errors: tuple[OrderError, ...] = field(default=())


def result(unit: str, outcome: str, *tags: str, power: str = "AUSTRIA") -> OrderResult:
    return OrderResult(power, unit, None, f"{unit} H", outcome, tags, None)  # type: ignore[arg-type]


def position(phase: str, *units: Unit, dislodged: tuple[Dislodged, ...] = ()) -> Position:
    return Position(
        "standard",
        Phase.parse(phase),
        {u.province: u for u in units},
        {},
        {d.unit.province: d for d in dislodged},
    )


VIE = Unit("AUSTRIA", UnitType.ARMY, "VIE")
TRI = Unit("AUSTRIA", UnitType.FLEET, "TRI")
VEN = Unit("ITALY", UnitType.ARMY, "VEN")


def simple_case() -> Case:
    return parse_case(SIMPLE)


def test_compare_step_passes_when_all_matches() -> None:
    step = simple_case().steps[0]
    fake = FakeResult(
        orders=(
            result("A VIE", "fails", "bounce"),
            result("F TRI", "succeeds"),
            result("A VEN", "fails", "bounce", power="ITALY"),
        ),
        errors=(OrderError("ITALY", "A Rome - Apulia", "no unit in Rome", (2, 6)),),
        next=position("F1901M", VIE, TRI, VEN),
    )
    assert compare_step(step, fake) == []  # type: ignore[arg-type]


def test_compare_step_shows_result_error_and_unit_differences() -> None:
    step = simple_case().steps[0]
    fake = FakeResult(
        orders=(result("A VIE", "succeeds"),),
        errors=(OrderError("ITALY", "F Nap - Ion", "no such unit", (0, 5)),),
        next=position("F1901M", Unit("AUSTRIA", UnitType.ARMY, "TYR"), TRI, VEN),
    )
    diff = compare_step(step, fake)  # type: ignore[arg-type]
    assert diff == [
        "- A VIE: fails bounce",
        "+ A VIE: succeeds  (A VIE H)",
        "- A VEN: fails",
        "+ A VEN: (no result for it)",
        "- error Italy: A Rome - Apulia",
        "+ error Italy: F Nap - Ion  (no such unit)",
        "units:",
        "- Austria: A VIE",
        "+ Austria: A TYR",
    ]


def test_tags_not_written_are_not_checked() -> None:
    step = simple_case().steps[0]
    fake = FakeResult(
        orders=(result("A VIE", "fails", "bounce"), result("A VEN", "fails", "cut", power="ITALY")),
        errors=(OrderError("ITALY", "A Rome - Apulia", "x", (0, 1)),),
        next=position("F1901M", VIE, TRI, VEN),
    )
    assert compare_step(step, fake) == []  # type: ignore[arg-type]


def test_compare_position_phase_dislodged_centres_winner() -> None:
    text = (
        HEADER
        + """
phase: S1901M
units:
  Austria: A Vie
after: S1901R
units:
  Italy: A VIE
dislodged:
  Austria: A Vie -> Boh Gal
centers:
  Austria: Vie
winner: Austria
"""
    )
    after = parse_case(text).steps[0].after
    assert after is not None
    reached = Position(
        "standard",
        Phase.parse("F1901M"),
        {"VIE": Unit("ITALY", UnitType.ARMY, "VIE")},
        {"VIE": "ITALY"},
        {"VIE": Dislodged(VIE, ("BOH",))},
    )
    assert compare_position(after, reached) == [
        "next phase:",
        "- S1901R",
        "+ F1901M",
        "dislodged:",
        "- Austria: A VIE -> BOH GAL",
        "+ Austria: A VIE -> BOH",
        "centers:",
        "- VIE: Austria",
        "+ VIE: Italy",
        "winner:",
        "- Austria",
        "+ (none)",
    ]


def test_command_reports_unreadable_case(tmp_path: Path) -> None:
    bad = tmp_path / "bad.case"
    bad.write_text("case: x\n")
    outcome = CliRunner().invoke(command, [str(bad)])
    assert outcome.exit_code == 1
    assert "FAIL" in outcome.output and "bad.case" in outcome.output
    assert "0 passed, 1 failed" in outcome.output


def test_results_may_name_the_units_responsible() -> None:
    text = SIMPLE.replace("A VIE: fails bounce", "A VIE: fails bounce A Ven")
    (expected, *_) = parse_case(text).steps[0].results
    assert expected.culprits == frozenset({"A VEN"})
    assert str(expected) == "A VIE: fails bounce A VEN"


def test_a_wrong_culprit_fails_the_case() -> None:
    step = parse_case(SIMPLE.replace("A VIE: fails bounce", "A VIE: fails bounce F TRI")).steps[0]
    bounced = OrderResult(
        "AUSTRIA", "A VIE", None, "A VIE - TYR", "fails", ("bounce",), "x", ("A VEN",)
    )
    fake = FakeResult(
        orders=(bounced, result("F TRI", "succeeds"), result("A VEN", "fails", power="ITALY")),
        errors=(OrderError("ITALY", "A Rome - Apulia", "x", (0, 1)),),
        next=position("F1901M", VIE, TRI, VEN),
    )
    assert compare_step(step, fake) == [  # type: ignore[arg-type]
        "- A VIE: fails bounce F TRI",
        "+ A VIE: fails bounce A VEN  (A VIE - TYR: x)",
    ]
    right = parse_case(SIMPLE.replace("A VIE: fails bounce", "A VIE: fails bounce A VEN")).steps[0]
    assert compare_step(right, fake) == []  # type: ignore[arg-type]


@pytest.mark.parametrize("words", ["fails bounce A", "fails bounce A XYZ", "fails bounce kaboom"])
def test_a_bad_culprit_is_a_case_error(words: str) -> None:
    with pytest.raises(CaseError):
        parse_case(SIMPLE.replace("A VIE: fails bounce", f"A VIE: {words}"))
