"""Checks of a map file's DAIDE tokens: the `daide` fields of provinces and powers, `[daide]`.

DAIDE (the protocol of Diplomacy bots) names powers, provinces and coasts with three-letter
tokens, one name space for all (DAIDE Message Syntax v0.178, "Common terms" and "MAP"). A map
gives a power or a province its token with `daide = "ECH"`; one without keeps its code as its
token, and a coast not listed in `[daide] coasts` keeps its code too. So the tokens must be
unique: no two provinces, no two powers, no power and province with one token.
Kept apart from validate.py; the same contract: every problem, never raise.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

_TOKEN = re.compile(r"[A-Z]{3}")
DAIDE_FIELDS = frozenset({"coasts"})


def _token(where: str, value: object) -> list[str]:
    if isinstance(value, str) and _TOKEN.fullmatch(value):
        return []
    return [f'{where}: a DAIDE token is three upper-case letters, e.g. daide = "ECH"']


def _tokens(section: Mapping[str, Any], where: str) -> tuple[dict[str, str], list[str]]:
    """Code -> token of the entries of [provinces] or [powers], and the problems found."""
    tokens: dict[str, str] = {}
    problems: list[str] = []
    for code, entry in section.items():
        if not isinstance(entry, Mapping):
            continue
        if "daide" in entry:
            problems += _token(where.format(code), entry["daide"])
        tokens[code] = str(entry.get("daide", code))
    return tokens, problems


def _clashes(tokens: Mapping[str, str], what: str) -> list[str]:
    holder: dict[str, str] = {}
    problems = []
    for code, token in tokens.items():
        other = holder.setdefault(token, code)
        if other != code:
            problems.append(
                f"{what} {code}: DAIDE token {token!r} is also the token of {other}; "
                f'give one of them its own (daide = "...")'
            )
    return problems


def _check_coasts(section: Mapping[str, Any], coast_names: Mapping[str, Any]) -> list[str]:
    problems = [
        f"[daide]: unknown field {key!r}; known: {', '.join(sorted(DAIDE_FIELDS))}"
        for key in sorted(set(section) - DAIDE_FIELDS)
    ]
    coasts = section.get("coasts", {})
    if not isinstance(coasts, Mapping):
        return [*problems, '[daide] coasts must be a table such as { NC = "NCS" }']
    for coast, token in coasts.items():
        if coast not in coast_names:
            problems.append(f"[daide] coasts: {coast} is not a coast of [coast_names]")
        problems += _token(f"[daide] coasts {coast}", token)
    return problems + _clashes(
        {c: str(coasts.get(c, c)) for c in coast_names}, "[daide] coasts: coast"
    )


def _table(data: Mapping[str, Any], name: str) -> Mapping[str, Any]:
    value = data.get(name)
    return value if isinstance(value, Mapping) else {}


def check_daide(data: Mapping[str, Any]) -> list[str]:
    """Problems with the DAIDE tokens of a map file's provinces, powers and coasts."""
    places, problems = _tokens(_table(data, "provinces"), "[provinces] {}")
    rulers, more = _tokens(_table(data, "powers"), "[powers.{}]")
    problems += more + _clashes(places, "[provinces]") + _clashes(rulers, "[powers]")
    named = {token: code for code, token in places.items()}
    for power, token in rulers.items():
        if token in named:
            problems.append(
                f"[powers.{power}]: DAIDE token {token!r} is also the token of province "
                f'{named[token]}; give the province its own (daide = "..."), as the standard '
                f"map gives the English Channel ECH"
            )
    section = data.get("daide", {})
    if not isinstance(section, Mapping):
        return [*problems, "[daide] must be a table"]
    return problems + _check_coasts(section, _table(data, "coast_names"))
