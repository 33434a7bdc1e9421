"""Checks of a map file's variant rules: neutral powers, closed provinces, sides, players.

Kept apart from validate.py (the board itself); the same contract: every problem, never raise.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adjudicator.board.types import Phase


def _phase_problem(where: str, key: str, value: object) -> list[str]:
    try:
        Phase.parse(str(value))
    except ValueError:
        return [f"{where}: {key} {value!r} is not a phase name such as S1915M"]
    return [] if isinstance(value, str) else [f"{where}: {key} must be a phase name in quotes"]


def _names(where: str, key: str, value: object, known: Mapping[str, Any], what: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        return [f"{where}: {key} must be a list of {what} codes"]
    return [f"{where}: {key} names unknown {what} {v}" for v in value if v not in known]


def check_variant_rules(data: Mapping[str, Any]) -> list[str]:
    """Problems in the variant-rule fields of `[variant]` and `[powers.X]`."""
    variant, powers = data.get("variant"), data.get("powers")
    provinces = data.get("provinces")
    if not isinstance(variant, Mapping) or not isinstance(powers, Mapping):
        return []
    problems: list[str] = []
    if isinstance(provinces, Mapping) and "closed" in variant:
        problems += _names("[variant]", "closed", variant["closed"], provinces, "province")
    if "closed_until" in variant:
        problems += _phase_problem("[variant]", "closed_until", variant["closed_until"])
    sides = variant.get("sides", {})
    if not isinstance(sides, Mapping):
        problems.append("[variant]: sides must be a table of lists of powers")
    else:
        for side, members in sides.items():
            problems += _names("[variant]", f"sides.{side}", members, powers, "power")
    for team in variant.get("players", []):
        problems += _names("[variant]", "players", team, powers, "power")
    joins = variant.get("joins_winner")
    if joins is not None and joins not in powers:
        problems.append(f"[variant]: joins_winner {joins!r} is not a power")
    for flag in ("build_anywhere",):
        if flag in variant and not isinstance(variant[flag], bool):
            problems.append(f"[variant]: {flag} must be true or false")
    for code, power in powers.items():
        if isinstance(power, Mapping) and "neutral_until" in power:
            problems += _phase_problem(f"[powers.{code}]", "neutral_until", power["neutral_until"])
    return problems
