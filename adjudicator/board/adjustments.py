"""How many builds or removals each power is due in an adjustment phase (rulebook XIII).

A fact of the position, asked by the adjustment resolver, the list of possible orders and the
judge: it lives here, below all of them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from adjudicator.board.map import Map
from adjudicator.board.position import Position


def _surpluses(game_map: Map, position: Position) -> dict[str, int]:
    """Every power that could adjust (the map's, plus any other that owns a unit or a centre)
    -> owned centres (and partisan sites in use: each counts as one) minus units: builds (+)
    or removals (-) before the home-centre cap. One pass over the centres and the units."""
    centers = position.centers
    owned = Counter(centers.values())
    units = Counter(u.power for u in position.units.values())
    powers = sorted(game_map.powers.keys() | owned.keys() | units.keys())
    return {
        power: owned[power] + len(game_map.partisans(power, centers)) - units[power]
        for power in powers
    }


def vacant_build_sites(game_map: Map, position: Position, power: str) -> list[str]:
    """The places `power` could build on now: its vacant owned build sites, and its vacant
    partisan sites while it may use them (Map.partisans)."""
    owned = {c for c in game_map.build_sites(power) if position.centers.get(c) == power}
    sites = owned | game_map.partisans(power, position.centers)
    return sorted(site for site in sites if site not in position.units)


def adjustment_counts(game_map: Map, position: Position) -> dict[str, int]:
    """Power -> builds (+) or removals (-) due; builds are capped by vacant owned home centres."""
    return dict(_counts(game_map, position))


def adjustments_due(game_map: Map, position: Position) -> bool:
    """Does any power build or remove (is there an adjustment phase)? Stops at the first."""
    return any(count for _, count in _counts(game_map, position))


def _counts(game_map: Map, position: Position) -> Iterator[tuple[str, int]]:
    """Each power's count, by power (vacant home centres looked up only for a power with
    builds: the cap never lowers a removal)."""
    neutral = game_map.neutral_at(position.phase)
    for power, surplus in _surpluses(game_map, position).items():
        if surplus > 0:
            surplus = min(surplus, len(vacant_build_sites(game_map, position, power)))
            if power in neutral:
                surplus = 0  # XIV.2: a neutral power never builds
        yield power, surplus


def unusable_builds(game_map: Map, position: Position) -> dict[str, int]:
    """Power -> builds its centres allow but no vacant owned home centre can take (if any)."""
    unusable = {}
    for power, surplus in _surpluses(game_map, position).items():
        lost = surplus - len(vacant_build_sites(game_map, position, power))
        if surplus > 0 and lost > 0:
            unusable[power] = lost
    return unusable
