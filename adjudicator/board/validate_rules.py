"""Checks of a map file's variant rules: neutral powers, closed provinces, sides, players,
partisan sites and weak links.

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
    return problems + _place_rule_problems(data, variant, powers, provinces)


def _place_rule_problems(
    data: Mapping[str, Any], variant: Mapping[str, Any], powers: Mapping[str, Any], provinces: Any
) -> list[str]:
    """Problems in the rules tied to places: partisan sites and weak links."""
    if not isinstance(provinces, Mapping):
        return []
    problems = _weak_link_problems(variant.get("weak_links", []), data, provinces)
    for code, power in powers.items():
        if isinstance(power, Mapping):
            problems += _partisan_problems(code, power.get("partisan_sites", []), provinces)
    return problems


def _partisan_problems(code: str, sites: object, provinces: Mapping[str, Any]) -> list[str]:
    where = f"[powers.{code}]"
    problems = _names(where, "partisan_sites", sites, provinces, "province")
    for site in sites if isinstance(sites, list) and not problems else []:
        entry = provinces[site]
        if not isinstance(entry, Mapping) or entry.get("terrain") not in ("land", "coast"):
            problems.append(f"{where}: partisan site {site} must be a land or coastal province")
        elif entry.get("center"):
            problems.append(
                f"{where}: partisan site {site} is a supply centre; a partisan site is a place "
                "that is not one (list a centre under home_centers instead)"
            )
    return problems


def _weak_link_problems(
    links: object, data: Mapping[str, Any], provinces: Mapping[str, Any]
) -> list[str]:
    """Each weak link is a pair of provinces that a unit can move between."""
    if not isinstance(links, list):
        return ["[variant]: weak_links must be a list of [PROVINCE, PROVINCE] pairs"]
    problems: list[str] = []
    for link in links:
        if not (isinstance(link, list) and len(link) == 2 and all(_is_code(p) for p in link)):
            problems.append(f"[variant]: weak link {link!r} is not a pair such as ['EGY', 'MAO']")
            continue
        unknown = [p for p in link if p not in provinces]
        if unknown:
            problems.append(f"[variant]: weak link {link} names unknown province {unknown[0]}")
        elif not _adjacent(data, *link):
            problems.append(
                f"[variant]: weak link {link}: no unit can move between {link[0]} and {link[1]}"
            )
    return problems


def _adjacent(data: Mapping[str, Any], first: str, second: str) -> bool:
    for kind in ("army", "fleet"):
        table = data.get(kind, {})
        if not isinstance(table, Mapping):
            continue
        for source, targets in table.items():
            if source.split("/")[0] != first or not isinstance(targets, list):
                continue
            if any(str(t).split("/")[0] == second for t in targets):
                return True
    return False


def _is_code(value: object) -> bool:
    return isinstance(value, str)
