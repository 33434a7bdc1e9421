"""DPjudge place lines to our provinces and army/fleet adjacency (see board/dpjudge.py).

The case of a code in DPjudge's adjacency lists carries meaning: `bul` as a subject is the
army-only parent of a multi-coast province; a neighbour in lower case is reachable by armies
only, one written `Tar` by fleets only (armies only by convoy). A link marked `*abr` is a weak
link (1900's Cape of Good Hope: `[variant] weak_links`). Other marked links (`X:abr`, `abr~`,
`abr(...)`) have rules we do not have: each is reported and left out.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

KINDS = {"LAND": "land", "WATER": "sea", "COAST": "coast", "PORT": "coast", "SHUT": "impassable"}
_TOKEN = re.compile(r"^(?P<only>[A-Za-z0-9]*:)?(?P<star>\*)?(?P<code>[A-Za-z0-9/]+)(?P<rest>.*)$")

Places = Mapping[str, tuple[str, list[str]]]


def classify_token(token: str) -> tuple[str, str | None]:
    """A neighbour token's place code and, if it has one, the special mark on it."""
    match = _TOKEN.match(token)
    if match is None:
        return token, token
    mark = (match["only"] or "") + (match["star"] or "") + match["rest"]
    return match["code"], mark or None


def _reach(code: str) -> str:
    """Who may use a link to this code: 'army' (lower case), 'fleet' (Capitalised) or 'both'."""
    base = code.split("/")[0]
    if base.islower():
        return "army"
    if base.isupper() or not any(c.isalpha() for c in base):
        return "both"
    return "fleet"


def _terrains(places: Places) -> tuple[dict[str, str], dict[str, list[str]]]:
    terrain: dict[str, str] = {}
    coasts: dict[str, list[str]] = {}
    for key, (kind, _) in places.items():
        base, sep, coast = key.upper().partition("/")
        if sep:
            coasts.setdefault(base, []).append(coast)
            terrain.setdefault(base, "coast")
        elif kind in KINDS:
            terrain[base] = KINDS[kind]
    return terrain, {k: sorted(v) for k, v in coasts.items()}


def adjacency(
    places: Places,
    names: Mapping[str, tuple[str, list[str]]],
    centers: set[str],
    weak: set[frozenset[str]] | None = None,
) -> tuple[dict[str, Any], dict[str, list[str]], dict[str, list[str]], list[str]]:
    """Provinces, army edges and fleet edges (both made symmetric) and what was left out; the
    weak links (`*abr`) are added to `weak` as pairs of provinces."""
    terrain, coasts = _terrains(places)
    problems: list[str] = []
    army: dict[str, set[str]] = {}
    fleet: dict[str, set[str]] = {}
    for key, (_, tokens) in places.items():
        for token in tokens:
            code, mark = classify_token(token)
            if mark == "*" and weak is not None:
                weak.add(frozenset((key.split("/")[0].upper(), code.split("/")[0].upper())))
                mark = None
            if mark is not None:
                problems.append(
                    f"{key} ABUTS {token}: the mark {mark!r} has no equivalent; link left out"
                )
                continue
            _army_edge(key, code, terrain, army)
            problem = _fleet_edge(key, code, terrain, coasts, fleet)
            if problem:
                problems.append(problem)
    provinces = _provinces(terrain, coasts, names, centers, problems)
    for key, (kind, _) in places.items():
        if kind == "PORT":
            provinces[key.upper()]["port"] = True
    return provinces, _symmetric(army), _symmetric(fleet), problems


def _army_edge(key: str, code: str, terrain: Mapping[str, str], army: dict[str, set[str]]) -> None:
    if "/" in key or "/" in code or _reach(code) == "fleet":
        return
    source, target = key.upper(), code.upper()
    if source == target:
        return
    if terrain.get(source) in ("land", "coast") and terrain.get(target) in ("land", "coast"):
        army.setdefault(source, set()).add(target)


def _fleet_location(code: str, terrain: Mapping[str, str], coasts: Mapping[str, list[str]]) -> bool:
    base, sep, coast = code.upper().partition("/")
    if terrain.get(base) == "sea":
        return not sep
    if terrain.get(base) != "coast":
        return False
    return coast in coasts.get(base, ()) if sep else base not in coasts


def _fleet_edge(
    key: str,
    code: str,
    terrain: Mapping[str, str],
    coasts: Mapping[str, list[str]],
    fleet: dict[str, set[str]],
) -> str | None:
    if _reach(code) == "army" or (key.split("/")[0].islower() and "/" not in key):
        return None
    if not _fleet_location(key, terrain, coasts):
        return None
    target = code.upper()
    base = target.split("/")[0]
    if terrain.get(base) in ("sea", "coast") and not _fleet_location(target, terrain, coasts):
        if terrain.get(key.upper().split("/")[0]) == "coast" and terrain.get(base) == "coast":
            return None  # coast to multi-coast parent: the army's link, written in upper case
        return f"{key} ABUTS {code}: no such fleet location; link left out"
    if _fleet_location(target, terrain, coasts):
        fleet.setdefault(key.upper(), set()).add(target)
    return None


def _symmetric(edges: Mapping[str, set[str]]) -> dict[str, list[str]]:
    both: dict[str, set[str]] = {k: set(v) for k, v in edges.items()}
    for source, targets in edges.items():
        for target in targets:
            both.setdefault(target, set()).add(source)
    return {k: sorted(both[k]) for k in sorted(both)}


def _provinces(
    terrain: Mapping[str, str],
    coasts: Mapping[str, list[str]],
    names: Mapping[str, tuple[str, list[str]]],
    centers: set[str],
    problems: list[str],
) -> dict[str, Any]:
    result: dict[str, Any] = {}
    taken: dict[str, str] = {}
    for code in sorted(terrain):
        name, _ = names.get(code.lower(), (code, []))
        if name.lower() in taken:
            problems.append(f"{code}: name {name!r} is also {taken[name.lower()]}'s; named {code}")
            name = code
        taken[code.lower()] = taken.setdefault(name.lower(), code)
        entry: dict[str, Any] = {"name": name, "terrain": terrain[code]}
        if code in centers and terrain[code] != "impassable":
            entry["center"] = True
        if code in coasts:
            entry["coasts"] = coasts[code]
        result[code] = entry
    for code, entry in result.items():
        aliases = []
        for alias in names.get(code.lower(), ("", []))[1]:
            holder = taken.setdefault(alias, code)
            if holder != code:
                problems.append(f"{code}: alias {alias!r} already names {holder}; alias left out")
            elif alias not in (code.lower(), entry["name"].lower()) and alias not in aliases:
                aliases.append(alias)
        if aliases:
            entry["aliases"] = aliases
    return result
