"""How many builds or removals each power is due in an adjustment phase (rulebook XIII).

A fact of the position, asked by the adjustment resolver, the list of possible orders and the
judge: it lives here, below all of them.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from adjudicator.board.map import Map
from adjudicator.board.position import Position
from adjudicator.board.types import Phase, Unit


def owned_counts(centers: Mapping[str, str]) -> dict[str, int]:
    """Owner -> how many centres it owns, in the order first met: counted once after a Fall,
    for the winner and the adjustments (a loop: collections.Counter's own Python code costs
    more than the loop, compiled or not)."""
    counts: dict[str, int] = {}
    for owner in centers.values():
        counts[owner] = counts.get(owner, 0) + 1
    return counts


def _surpluses(
    game_map: Map,
    centers: Mapping[str, str],
    units: Mapping[str, Unit],
    ordered: bool = True,
    owned: dict[str, int] | None = None,
) -> dict[str, int]:
    """Every power that could adjust (the map's, plus any other that owns a unit or a centre)
    -> owned centres (and partisan sites in use: each counts as one) minus units: builds (+)
    or removals (-) before the home-centre cap, by power (sorted when `ordered`). One pass
    over the units, counting into the owners' counts (`owned`, when the caller has them)."""
    surpluses = dict.fromkeys(game_map.powers, 0)
    surpluses.update(owned_counts(centers) if owned is None else owned)
    for unit in units.values():
        try:  # (every power is there already, but one of a position made by hand)
            surpluses[unit.power] -= 1
        except KeyError:
            surpluses[unit.power] = -1
    if game_map.has_partisans:
        for power in surpluses:
            surpluses[power] += len(game_map.partisans(power, centers))
    return dict(sorted(surpluses.items())) if ordered else surpluses


def vacant_build_sites(game_map: Map, position: Position, power: str) -> list[str]:
    """The places `power` could build on now: its vacant owned build sites, and its vacant
    partisan sites while it may use them (Map.partisans)."""
    return _vacant(game_map, position.centers, position.units, power)


def _vacant(
    game_map: Map, centers: Mapping[str, str], units: Mapping[str, Unit], power: str
) -> list[str]:
    owned = {c for c in game_map.build_sites(power) if centers.get(c) == power}
    sites = owned | game_map.partisans(power, centers) if game_map.has_partisans else owned
    return sorted(site for site in sites if site not in units)


def adjustment_counts(game_map: Map, position: Position) -> dict[str, int]:
    """Power -> builds (+) or removals (-) due; builds are capped by vacant owned home centres."""
    centers, units = position.centers, position.units
    surpluses = _surpluses(game_map, centers, units)
    return dict(_counts(game_map, position.phase, centers, units, surpluses))


def adjustments_due(game_map: Map, position: Position) -> bool:
    """Does any power build or remove (is there an adjustment phase)? Stops at the first."""
    return adjustments_due_on(game_map, position.phase, position.centers, position.units)


def adjustments_due_on(
    game_map: Map,
    phase: Phase,
    centers: Mapping[str, str],
    units: Mapping[str, Unit],
    owned: dict[str, int] | None = None,
) -> bool:
    """`adjustments_due` of a board given by its parts (the phase sequence has no position
    for the board a Fall left; `owned`: `owned_counts(centers)`, when the caller has it).
    A removal is never capped: one found ends the search before any vacant home centre is
    looked up; the powers' order does not matter."""
    surpluses = _surpluses(game_map, centers, units, False, owned)
    if min(surpluses.values(), default=0) < 0:  # (C's loop: no generator)
        return True
    return any(count for _, count in _counts(game_map, phase, centers, units, surpluses))


def _counts(
    game_map: Map,
    phase: Phase,
    centers: Mapping[str, str],
    units: Mapping[str, Unit],
    surpluses: dict[str, int],
) -> Iterator[tuple[str, int]]:
    """Each power's count, by power (vacant home centres looked up only for a power with
    builds: the cap never lowers a removal)."""
    neutral = None
    for power, surplus in surpluses.items():
        if surplus > 0:
            surplus = min(surplus, len(_vacant(game_map, centers, units, power)))
            if neutral is None:
                neutral = game_map.neutral_at(phase)
            if power in neutral:
                surplus = 0  # XIV.2: a neutral power never builds
        yield power, surplus


def unusable_builds(game_map: Map, position: Position) -> dict[str, int]:
    """Power -> builds its centres allow but no vacant owned home centre can take (if any)."""
    unusable = {}
    centers, units = position.centers, position.units
    for power, surplus in _surpluses(game_map, centers, units).items():
        lost = surplus - len(_vacant(game_map, centers, units, power))
        if surplus > 0 and lost > 0:
            unusable[power] = lost
    return unusable
