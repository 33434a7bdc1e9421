"""Run case files through the engine and say, in lines a person can read, what came out wrong.

The engine is imported inside `run_case`, so this module (and pytest's collection of the
catalogue) works before the engine exists.
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import click

from adjudicator.board.position import Dislodged, Position
from adjudicator.board.resources import data_dir
from adjudicator.board.types import PhaseKind, Unit
from adjudicator.orders.results import OrderResult, order_tags
from adjudicator.testcases.casefile import After, Case, CaseError, Expected, Step, read_case

if TYPE_CHECKING:
    from adjudicator.resolve.engine import PhaseResult


@dataclass(frozen=True, slots=True)
class CaseOutcome:
    """What running one case gave: passed or not, and the diff lines when not."""

    case: Case
    passed: bool
    diff: tuple[str, ...]


def bundled_cases() -> Path:
    """The catalogue shipped with the checkout (test_cases/)."""
    return data_dir("test_cases")


def find_case_files(paths: Iterable[Path | str]) -> list[Path]:
    """Every .case file named, or found below a named folder, sorted, without repeats."""
    found: dict[Path, None] = {}
    for path in map(Path, paths):
        files = sorted(path.rglob("*.case")) if path.is_dir() else [path]
        for file in files:
            found.setdefault(file, None)
    return list(found)


def run_case(case: Case) -> CaseOutcome:
    """Adjudicate every step of a case and compare each with what the case expects."""
    from adjudicator.resolve.engine import adjudicate

    diff: list[str] = []
    position = case.start_position()
    for number, step in enumerate(case.steps, start=1):
        heading = f"step {number} ({step.phase}, line {step.line}):"
        if position.phase != step.phase:
            diff += [
                heading,
                f"  the case expects phase {step.phase}, the game is at {position.phase}",
            ]
            break
        try:
            result = adjudicate(position, step.orders_by_power(), case.rules)
        except Exception as error:
            lines = traceback.format_exception_only(type(error), error)
            diff += [heading, "  the engine raised: " + "".join(lines).strip()]
            break
        problems = compare_step(step, result)
        if problems:
            diff += [heading, *(f"  {line}" for line in problems)]
        position = result.next
    return CaseOutcome(case, not diff, tuple(diff))


# -- comparing ------------------------------------------------------------------------------


def compare_step(step: Step, result: PhaseResult) -> list[str]:
    """Diff lines (`- expected` / `+ actual`) for one step; empty when all is as expected."""
    lines = _compare_results(step, result.orders)
    lines += _compare_errors(step, result)
    if step.after is not None:
        lines += compare_position(step.after, result.next)
    return lines


def _entry_key(entry: OrderResult, kind: PhaseKind) -> str:
    return entry.order if kind is PhaseKind.ADJUSTMENT else entry.unit


def _show(entry: OrderResult, key: str) -> str:
    tags = "".join(f" {t}" for t in order_tags(entry.tags))
    units = "".join(f" {u}" for u in sorted(entry.culprits))
    why = f"  ({entry.order}: {entry.reason})" if entry.reason else f"  ({entry.order})"
    return f"{key}: {entry.result}{tags}{units}{why}"


def _matches(expected: Expected, entry: OrderResult) -> bool:
    if expected.result != entry.result:
        return False
    if expected.culprits is not None and expected.culprits != frozenset(entry.culprits):
        return False
    return expected.tags is None or expected.tags == frozenset(entry.tags)


def _compare_results(step: Step, entries: Sequence[OrderResult]) -> list[str]:
    kind = step.phase.kind
    pool: dict[str, list[OrderResult]] = {}
    for entry in entries:
        pool.setdefault(_entry_key(entry, kind), []).append(entry)
    lines: list[str] = []
    for expected in step.results:
        candidates = pool.get(expected.key, [])
        if not candidates:
            lines += [f"- {expected}", f"+ {expected.key}: (no result for it)"]
            continue
        match = next((e for e in candidates if _matches(expected, e)), None)
        if match is None:
            match = candidates[0]
            lines += [f"- {expected}", f"+ {_show(match, expected.key)}"]
        candidates.remove(match)
    return lines


def _compare_errors(step: Step, result: PhaseResult) -> list[str]:
    actual = [(e.power, e.input, e.error) for e in result.errors]
    lines: list[str] = []
    for expected in step.errors:
        hit = next((a for a in actual if a[0] == expected.power and a[1] == expected.text), None)
        if hit is None:
            lines.append(f"- error {expected.power.title()}: {expected.text}")
        else:
            actual.remove(hit)
    lines += [f"+ error {power.title()}: {text}  ({why})" for power, text, why in actual]
    return lines


def _unit_text(unit: Unit) -> str:
    return f"{unit.power.title()}: {unit}"


def _dislodged_text(d: Dislodged) -> str:
    return f"{d.unit.power.title()}: {d.unit} -> {' '.join(sorted(d.retreats))}"


def _set_diff(name: str, expected: Iterable[str], actual: Iterable[str]) -> list[str]:
    want, have = set(expected), set(actual)
    if want == have:
        return []
    return [
        f"{name}:",
        *(f"- {t}" for t in sorted(want - have)),
        *(f"+ {t}" for t in sorted(have - want)),
    ]


def compare_position(after: After, position: Position) -> list[str]:
    """Diff lines between an `after:` block and the position the engine reached."""
    lines: list[str] = []
    if position.phase != after.phase:
        lines += ["next phase:", f"- {after.phase}", f"+ {position.phase}"]
    board = after.board
    if board.units is not None:
        lines += _set_diff(
            "units",
            (_unit_text(u) for u in board.units),
            (_unit_text(u) for u in position.units.values()),
        )
    lines += _set_diff(
        "dislodged",
        (_dislodged_text(d) for d in board.dislodged),
        (_dislodged_text(d) for d in position.dislodged.values()),
    )
    if board.centers is not None:
        lines += _set_diff(
            "centers",
            (f"{p}: {owner.title()}" for p, owner in board.centers),
            (f"{p}: {owner.title()}" for p, owner in position.centers.items()),
        )
    if board.winner is not None and board.winner != (position.winner or "NONE"):
        lines += ["winner:", f"- {board.winner.title()}", f"+ {position.winner or '(none)'}"]
    return lines


# -- the command ----------------------------------------------------------------------------


def run_paths(paths: Sequence[Path | str]) -> bool:
    """Run every case under `paths`, print PASS/FAIL lines and diffs; True when all passed."""
    files = find_case_files(paths or [bundled_cases()])
    passed = failed = 0
    for file in files:
        try:
            case = read_case(file)
        except CaseError as error:
            failed += 1
            click.echo(f"FAIL {file}: cannot read the case\n    {error}")
            continue
        outcome = run_case(case)
        if outcome.passed:
            passed += 1
            click.echo(f"PASS {case.id}")
        else:
            failed += 1
            click.echo(f"FAIL {case.id}  ({file})")
            for line in outcome.diff:
                click.echo(f"    {line}")
    click.echo(f"{passed} passed, {failed} failed")
    return failed == 0


@click.command("test")
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
def _test(paths: tuple[Path, ...]) -> None:
    """Run test-case files or folders (default: the bundled test_cases/); exit 1 on a failure."""
    if not run_paths(paths):
        sys.exit(1)


test_command: click.Command = _test
