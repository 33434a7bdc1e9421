"""Checks a map file's contents and reports every inconsistency at once (see `validate_map_data`).

A map author fixing a new variant wants the whole list, not one error per run, so every check
runs on whatever parts of the file are well formed and skips only what depends on broken parts.
Each message starts with the place in the file (`[army] BOH`, `[powers.FRANCE]`) and says what
to change. The validator never raises, whatever the input: it is the gate in front of `Map`.

Decisions: starting units must stand on a location their type can occupy and no two may share a
province, but they need not stand in a home centre (some variants start units elsewhere);
an island province (coastal, no army edges) is allowed; centres on seas are allowed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from adjudicator.board.graph import cut_off_provinces
from adjudicator.board.types import Phase
from adjudicator.board.validate_daide import check_daide
from adjudicator.board.validate_rules import check_variant_rules

TERRAINS = ("land", "sea", "coast", "impassable")
REQUIRED_SECTIONS = ("variant", "provinces", "powers")
VARIANT_FIELDS = frozenset(
    {"name", "victory_centers", "start_phase", "build_anywhere", "year_step", "fall_offset"}
    | {"source", "description", "players", "base", "closed", "closed_until", "sides"}
    | {"joins_winner", "base_error", "weak_links"}
)
PROVINCE_FIELDS = frozenset({"name", "terrain", "center", "coasts", "aliases", "port", "daide"})
POWER_FIELDS = frozenset(
    {"name", "adjective", "home_centers", "start_units", "start_centers", "neutral"}
    | {"neutral_until", "daide", "partisan_sites"}
)

_CODE = re.compile(r"[A-Z][A-Z0-9]*")
_POWER_CODE = re.compile(r"[A-Z][A-Z0-9_]*")


@dataclass(frozen=True, slots=True)
class _Board:
    """What the edge, unit and power checks need to know about the declared provinces.

    A province whose terrain is unknown is kept (so edges to it are not "unknown") but its
    edges are not judged: the terrain problem is reported once, with the province.
    """

    terrain: Mapping[str, str]
    coasts: Mapping[str, tuple[str, ...]]
    centers: frozenset[str]

    def army_problem(self, location: str) -> str | None:
        """Why an army cannot stand at `location`, or None when it can."""
        province, sep, _ = location.partition("/")
        if province not in self.terrain:
            return f"unknown location {location}"
        if sep:
            return f"armies stand in provinces, not on coasts: write {province}"
        terrain = self.terrain[province]
        if terrain not in TERRAINS:
            return None  # reported with the province; judging its edges would only add noise
        if terrain == "sea":
            return f"{province} is a sea; armies cannot go there"
        if terrain == "impassable":
            return f"{province} is impassable"
        return None

    def fleet_problem(self, location: str) -> str | None:
        """Why a fleet cannot stand at `location`, or None when it can."""
        province, sep, coast = location.partition("/")
        if province not in self.terrain:
            return f"unknown location {location}"
        terrain = self.terrain[province]
        if terrain not in TERRAINS:
            return None
        if terrain == "land":
            return f"{province} is land; fleets cannot go there"
        if terrain == "impassable":
            return f"{province} is impassable"
        coasts = self.coasts.get(province, ())
        if sep and coast not in coasts:
            known = f"its coasts are {', '.join(coasts)}" if coasts else "it has no named coasts"
            return f"{province} has no coast {coast!r} ({known})"
        if not sep and coasts:
            spelled = " or ".join(f"{province}/{c}" for c in coasts)
            return f"{province} has several coasts: write {spelled}"
        return None

    def fleet_locations(self) -> list[str]:
        """Every place a fleet can stand, in file order."""
        result: list[str] = []
        for code, terrain in self.terrain.items():
            if terrain == "sea" or (terrain == "coast" and not self.coasts.get(code)):
                result.append(code)
            elif terrain == "coast":
                result.extend(f"{code}/{c}" for c in self.coasts[code])
        return result


def validate_map_data(data: Mapping[str, Any], *, whole_board: bool = False) -> list[str]:
    """Every problem found in a map file's parsed contents; an empty list means usable.

    `whole_board` adds the analyses of the board as a graph (NetworkX: provinces cut off from
    the rest), for map authors (`adjudicator map validate`, `map import`) and the test suite;
    loading a map skips them, so start-up never imports NetworkX."""
    if not isinstance(data, Mapping):
        return ["the map file must be a table of sections ([variant], [provinces], [powers], ...)"]
    problems: list[str] = []
    for section in REQUIRED_SECTIONS:
        if section not in data:
            problems.append(f"missing section [{section}]: add it (see maps/standard.toml)")
        elif not isinstance(data[section], Mapping):
            problems.append(f"[{section}] must be a table")
    for section in ("army", "fleet", "coast_names"):
        if section in data and not isinstance(data[section], Mapping):
            problems.append(f"[{section}] must be a table")
    provinces = _section(data, "provinces")
    if isinstance(data.get("provinces"), Mapping):
        problems += _check_provinces(provinces)
    problems += _check_spellings(provinces)
    board = _board(provinces)
    problems += _check_coast_names(_section(data, "coast_names"), board)
    army, fleet = _section(data, "army"), _section(data, "fleet")
    problems += _check_edges("army", army, board.army_problem)
    problems += _check_edges("fleet", fleet, board.fleet_problem)
    problems += _check_coverage(board, army, fleet)
    problems += _check_powers(_section(data, "powers"), board)
    problems += _check_variant(_section(data, "variant"), board, "variant" in data)
    problems += check_variant_rules(data)
    problems += check_daide(data)
    if whole_board and not problems:  # on a well-formed board: can every province be reached?
        problems += _check_connected(provinces, army, fleet)
    return problems


def _check_connected(
    provinces: Mapping[str, Any], army: Mapping[str, Any], fleet: Mapping[str, Any]
) -> list[str]:
    passable = [p for p, e in provinces.items() if e.get("terrain") != "impassable"]
    return [
        f"provinces cut off from the rest of the board: {', '.join(part)}; "
        "link them with an [army] or [fleet] edge"
        for part in cut_off_provinces(passable, army, fleet)
    ]


def _section(data: Mapping[str, Any], name: str) -> Mapping[str, Any]:
    value = data.get(name, {})
    return value if isinstance(value, Mapping) else {}


def _is_text(value: object) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _string_list(value: object) -> list[str] | None:
    """The value as a list of strings, or None when it is not one."""
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return list(value)
    return None


def _board(provinces: Mapping[str, Any]) -> _Board:
    terrain: dict[str, str] = {}
    coasts: dict[str, tuple[str, ...]] = {}
    centers: set[str] = set()
    for code, entry in provinces.items():
        if not isinstance(entry, Mapping):
            continue
        terrain[code] = str(entry.get("terrain"))
        coasts[code] = tuple(_string_list(entry.get("coasts", [])) or ())
        if entry.get("center") is True:
            centers.add(code)
    return _Board(terrain, coasts, frozenset(centers))


# -- provinces -------------------------------------------------------------------------------
def _check_provinces(provinces: Mapping[str, Any]) -> list[str]:
    problems: list[str] = []
    if not provinces:
        return ["[provinces] is empty: list the provinces of the map"]
    for code, entry in provinces.items():
        where = f"[provinces] {code}"
        if not _CODE.fullmatch(code):
            fix = f"write {code.upper()}" if _CODE.fullmatch(code.upper()) else "use A-Z and 0-9"
            problems.append(f"{where}: a province code must be upper case letters/digits; {fix}")
        if not isinstance(entry, Mapping):
            problems.append(f"{where}: must be a table such as {{ name = ..., terrain = ... }}")
            continue
        problems += _check_province_entry(where, entry)
    return problems


def _check_coasts(where: str, entry: Mapping[str, Any], terrain: Any) -> list[str]:
    """A province's `coasts`: two or more upper-case codes, only on a coastal province."""
    coasts = _string_list(entry.get("coasts", []))
    if coasts is None:
        return [f'{where}: \'coasts\' must be a list of coast codes such as ["NC", "SC"]']
    problems: list[str] = []
    if coasts and terrain != "coast":
        problems.append(
            f"{where}: only a coastal province can have coasts (terrain is {terrain!r})"
        )
    if len(coasts) == 1:
        problems.append(f"{where}: list two or more coasts, or none for a single-coast province")
    if len(set(coasts)) != len(coasts):
        problems.append(f"{where}: a coast is listed twice in {coasts}")
    problems += [
        f"{where}: coast {coast!r} must be upper case, e.g. NC"
        for coast in coasts
        if not _CODE.fullmatch(coast)
    ]
    return problems


def _check_province_entry(where: str, entry: Mapping[str, Any]) -> list[str]:
    problems: list[str] = []
    for key in sorted(set(entry) - PROVINCE_FIELDS):
        problems.append(
            f"{where}: unknown field {key!r}; known: {', '.join(sorted(PROVINCE_FIELDS))}"
        )
    if not _is_text(entry.get("name")):
        problems.append(f"{where}: missing field 'name' (the full name, e.g. name = \"Paris\")")
    terrain = entry.get("terrain")
    if terrain is None:
        problems.append(f"{where}: missing field 'terrain'; use one of {', '.join(TERRAINS)}")
    elif terrain not in TERRAINS:
        problems.append(f"{where}: unknown terrain {terrain!r}; use one of {', '.join(TERRAINS)}")
    center = entry.get("center", False)
    if not isinstance(center, bool):
        problems.append(f"{where}: 'center' must be true or false")
    elif center and terrain == "impassable":
        problems.append(f"{where}: an impassable province cannot be a supply centre")
    problems += _check_coasts(where, entry, terrain)
    if _string_list(entry.get("aliases", [])) is None:
        problems.append(f"{where}: 'aliases' must be a list of strings")
    return problems


def _check_spellings(provinces: Mapping[str, Any]) -> list[str]:
    """Codes, names and aliases name exactly one province each, ignoring case."""
    problems: list[str] = []
    taken: dict[str, tuple[str, str]] = {}  # lower-case spelling -> (province, what it is there)
    spellings: list[tuple[str, str, str]] = [(code, "code", code) for code in provinces]
    for code, entry in provinces.items():
        if isinstance(entry, Mapping) and isinstance(entry.get("name"), str):
            spellings.append((code, "name", entry["name"]))
    for code, entry in provinces.items():
        if isinstance(entry, Mapping):
            spellings += [(code, "alias", a) for a in _string_list(entry.get("aliases", [])) or ()]
    for code, kind, text in spellings:
        key = " ".join(text.lower().split())
        if not key:
            problems.append(f"[provinces] {code}: empty {kind}")
            continue
        holder = taken.setdefault(key, (code, kind))
        if holder[0] != code:
            other, other_kind = holder
            problems.append(
                f"[provinces] {code}: {kind} {text!r} is already the {other_kind} of {other}; "
                f"each code, name and alias must name one province (ignoring case)"
            )
    return problems


def _check_coast_names(coast_names: Mapping[str, Any], board: _Board) -> list[str]:
    problems: list[str] = []
    seen: dict[str, str] = {}
    for coast, names in coast_names.items():
        where = f"[coast_names] {coast}"
        if not _CODE.fullmatch(coast):
            problems.append(f"{where}: a coast code must be upper case, e.g. NC")
        spelled = _string_list(names)
        if spelled is None:
            problems.append(f'{where}: must be a list of spellings such as ["nc", "north coast"]')
            continue
        for name in spelled:
            other = seen.setdefault(name.lower(), coast)
            if other != coast:
                problems.append(f"{where}: spelling {name!r} is also given for {other}")
    used = {c: code for code, coasts in board.coasts.items() for c in coasts}
    for coast, code in used.items():
        if coast not in coast_names:
            problems.append(
                f"[coast_names]: coast {coast} (used by {code}) has no entry; "
                f"add {coast} = [...] with the spellings players use"
            )
    return problems


# -- adjacency -------------------------------------------------------------------------------
def _check_edges(
    kind: str, edges: Mapping[str, Any], problem_at: Callable[[str], str | None]
) -> list[str]:
    """One unit type's edges: known, standable endpoints, no self-loops, listed both ways."""
    problems: list[str] = []
    valid_sources: set[str] = set()
    for source in edges:
        why = problem_at(source)
        if why:
            problems.append(f"[{kind}] {source}: {why}")
        else:
            valid_sources.add(source)
    for source, targets in edges.items():
        where = f"[{kind}] {source}"
        listed = _string_list(targets)
        if listed is None:
            problems.append(f"{where}: must be a list of locations")
            continue
        for target in listed:
            why = problem_at(target)
            if why:
                problems.append(f"{where} lists {target}: {why}")
            elif target == source:
                problems.append(f"{where} lists itself; remove {target}")
            elif source in valid_sources and source not in (_string_list(edges.get(target)) or ()):
                problems.append(
                    f"{where} lists {target} but [{kind}] {target} does not list {source}; "
                    f"add {source} to [{kind}] {target} or remove {target} here"
                )
    return problems


def _check_coverage(board: _Board, army: Mapping[str, Any], fleet: Mapping[str, Any]) -> list[str]:
    """Every place a unit may stand has somewhere to go (islands excepted, see module doc)."""
    problems: list[str] = []
    for location in board.fleet_locations():
        if _string_list(fleet.get(location)):
            continue
        province, sep, _ = location.partition("/")
        where = f"[provinces] {province}"
        if sep:
            problems.append(
                f'{where}: coast {location} has no fleet edges; add a [fleet] "{location}" '
                f"entry or remove the coast"
            )
        elif board.terrain[province] == "sea":
            problems.append(f"{where}: sea with no fleet edges; add a [fleet] {province} entry")
        else:
            problems.append(
                f"{where}: coastal province with no fleet edges; add a [fleet] {province} entry "
                f"or make its terrain land"
            )
    for code, terrain in board.terrain.items():
        if terrain == "land" and not _string_list(army.get(code)):
            problems.append(
                f"[provinces] {code}: land with no army edges; add an [army] {code} entry"
            )
    return problems


# -- powers and victory ----------------------------------------------------------------------
def _check_powers(powers: Mapping[str, Any], board: _Board) -> list[str]:
    problems: list[str] = []
    home_of: dict[str, str] = {}
    unit_at: dict[str, tuple[str, str]] = {}
    names: dict[str, str] = {}
    for code, entry in powers.items():
        where = f"[powers.{code}]"
        if not _POWER_CODE.fullmatch(code):
            problems.append(f"{where}: a power code must be upper case, e.g. FRANCE")
        if not isinstance(entry, Mapping):
            problems.append(
                f"{where}: must be a table with name, adjective, home_centers, start_units"
            )
            continue
        for key in sorted(set(entry) - POWER_FIELDS):
            problems.append(
                f"{where}: unknown field {key!r}; known: {', '.join(sorted(POWER_FIELDS))}"
            )
        for field, example in (("name", "France"), ("adjective", "French")):
            if not _is_text(entry.get(field)):
                problems.append(f'{where}: missing field {field!r} (e.g. {field} = "{example}")')
        if _is_text(entry.get("name")):
            other = names.setdefault(entry["name"].lower(), code)
            if other != code:
                problems.append(f"{where}: name {entry['name']!r} is also the name of {other}")
        problems += _check_homes(where, code, entry.get("home_centers"), board, home_of)
        problems += _check_start_centers(where, entry.get("start_centers", []), board)
        problems += _check_start_units(where, code, entry.get("start_units"), board, unit_at)
    return problems


def _check_homes(
    where: str, power: str, homes: object, board: _Board, home_of: dict[str, str]
) -> list[str]:
    listed = _string_list(homes)
    if listed is None:
        return [f"{where}: 'home_centers' must be a list of province codes, e.g. [\"PAR\"]"]
    problems: list[str] = []
    for home in listed:
        if home not in board.terrain:
            problems.append(f"{where}: home centre {home} is not a known province")
            continue
        if home not in board.centers:
            problems.append(
                f"{where}: home centre {home} is not a supply centre; set center = true on "
                f"{home} or remove it from home_centers"
            )
        other = home_of.setdefault(home, power)
        if other != power:
            problems.append(f"{where}: home centre {home} is also a home centre of {other}")
    return problems


def _check_start_centers(where: str, owned: object, board: _Board) -> list[str]:
    """`start_centers` (owned at the start, when not the homes) lists supply centres."""
    listed = _string_list(owned)
    if listed is None:
        return [f"{where}: 'start_centers' must be a list of province codes, e.g. [\"PAR\"]"]
    return [
        f"{where}: start centre {c} is not a supply centre; set center = true on {c}"
        for c in listed
        if c not in board.centers
    ]


def _check_start_units(
    where: str, power: str, units: object, board: _Board, unit_at: dict[str, tuple[str, str]]
) -> list[str]:
    listed = _string_list(units)
    if listed is None:
        return [f'{where}: \'start_units\' must be a list such as ["A PAR", "F BRE"]']
    problems: list[str] = []
    for text in listed:
        kind, _, location = text.strip().partition(" ")
        location = location.strip()
        if kind not in ("A", "F") or not location:
            problems.append(f"{where}: start unit {text!r} must read 'A PROV' or 'F PROV[/COAST]'")
            continue
        why = board.army_problem(location) if kind == "A" else board.fleet_problem(location)
        if why:
            problems.append(f"{where}: start unit {text!r}: {why}")
            continue
        province = location.partition("/")[0]
        other = unit_at.setdefault(province, (power, text))
        if other != (power, text):
            problems.append(
                f"{where}: start unit {text!r} shares {province} with {other[0]}'s {other[1]!r}"
            )
    return problems


def _check_variant(variant: Mapping[str, Any], board: _Board, present: bool) -> list[str]:
    if not present:
        return []
    problems: list[str] = []
    for key in sorted(set(variant) - VARIANT_FIELDS):
        problems.append(
            f"[variant]: unknown field {key!r}; known: {', '.join(sorted(VARIANT_FIELDS))}"
        )
    if "base_error" in variant:
        problems.append(f"[variant]: {variant['base_error']}")
    if not _is_text(variant.get("name")):
        problems.append("[variant]: missing field 'name' (e.g. name = \"standard\")")
    victory = variant.get("victory_centers")
    if victory is None:
        problems.append("[variant]: missing field 'victory_centers' (e.g. victory_centers = 18)")
    elif isinstance(victory, bool) or not isinstance(victory, int) or victory < 1:
        problems.append(
            f"[variant]: victory_centers must be a positive whole number, not {victory!r}"
        )
    elif victory > len(board.centers):
        problems.append(
            f"[variant]: victory_centers is {victory} but the map has only "
            f"{len(board.centers)} supply centre{'' if len(board.centers) == 1 else 's'}; lower it"
        )
    for key in ("year_step", "fall_offset"):
        value = variant.get(key, 1)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            problems.append(f"[variant]: {key} must be a whole number of years, not {value!r}")
    phase = variant.get("start_phase", "S1901M")
    if not isinstance(phase, str) or not _is_phase(phase):
        problems.append(f"[variant]: start_phase {phase!r} is not a phase name such as S1901M")
    return problems


def _is_phase(text: str) -> bool:
    try:
        Phase.parse(text)
    except ValueError:
        return False
    return True
