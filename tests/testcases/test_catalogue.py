"""Every case file under test_cases/ run through the engine: one test per case, named by its id."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.testcases.casefile import CaseError, read_case
from adjudicator.testcases.caserun import bundled_cases, find_case_files, run_case

FILES = find_case_files([bundled_cases()])


def _case_id(path: Path) -> str:
    try:
        return read_case(path).id
    except CaseError:
        return path.stem


@pytest.mark.parametrize("path", FILES, ids=[_case_id(p) for p in FILES])
def test_case(path: Path) -> None:
    outcome = run_case(read_case(path))
    assert outcome.passed, f"{path}\n" + "\n".join(outcome.diff)
