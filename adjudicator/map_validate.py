"""Checks a map file's contents and reports every inconsistency at once (see `validate_map_data`).

Placeholder: a minimal structural check; the full validator is issue 2's work.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def validate_map_data(data: Mapping[str, Any]) -> list[str]:
    """Every problem found in a map file's parsed contents; an empty list means usable."""
    problems = []
    for section in ("variant", "provinces", "powers"):
        if section not in data:
            problems.append(f"missing section [{section}]")
    return problems
