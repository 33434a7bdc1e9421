"""How many builds or removals each power is due in an adjustment phase (rulebook XIII).

A fact of the position, asked by the adjustment resolver, the list of possible orders and the
judge: it lives here, below all of them.
"""

from __future__ import annotations

from adjudicator.board.map import Map
from adjudicator.board.position import Position


def _powers(game_map: Map, position: Position) -> list[str]:
    """Every power that could adjust: the map's, plus any other that owns a unit or a centre."""
    extra = {u.power for u in position.units.values()} | set(position.centers.values())
    return sorted(set(game_map.powers) | extra)


def vacant_build_sites(game_map: Map, position: Position, power: str) -> list[str]:
    """The places `power` could build on now: its vacant owned build sites, and its vacant
    partisan sites while it may use them (Map.partisans)."""
    owned = {c for c in game_map.build_sites(power) if position.centers.get(c) == power}
    sites = owned | game_map.partisans(power, position.centers)
    return sorted(site for site in sites if site not in position.units)


def _vacant_home_centers(game_map: Map, position: Position, power: str) -> int:
    return len(vacant_build_sites(game_map, position, power))


def _surplus(game_map: Map, position: Position, power: str) -> int:
    """Owned centres (and partisan sites in use: each counts as one) minus units: builds (+)
    or removals (-) before the home-centre cap."""
    centers = sum(1 for owner in position.centers.values() if owner == power)
    centers += len(game_map.partisans(power, position.centers))
    units = sum(1 for u in position.units.values() if u.power == power)
    return centers - units


def adjustment_counts(game_map: Map, position: Position) -> dict[str, int]:
    """Power -> builds (+) or removals (-) due; builds are capped by vacant owned home centres."""
    counts = {}
    for power in _powers(game_map, position):
        surplus = _surplus(game_map, position, power)
        counts[power] = min(surplus, _vacant_home_centers(game_map, position, power))
        if power in game_map.neutral_at(position.phase):
            counts[power] = min(counts[power], 0)  # XIV.2: a neutral power never builds
    return counts


def unusable_builds(game_map: Map, position: Position) -> dict[str, int]:
    """Power -> builds its centres allow but no vacant owned home centre can take (if any)."""
    unusable = {}
    for power in _powers(game_map, position):
        lost = _surplus(game_map, position, power) - _vacant_home_centers(game_map, position, power)
        if _surplus(game_map, position, power) > 0 and lost > 0:
            unusable[power] = lost
    return unusable
