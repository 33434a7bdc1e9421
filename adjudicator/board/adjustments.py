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
    game_map: Map, centers: Mapping[str, str], units: Mapping[str, Unit]
) -> dict[str, int]:
    """Every power that could adjust (the map's, plus any other that owns a unit or a centre)
    -> owned centres (and partisan sites in use: each counts as one) minus units: builds (+)
    or removals (-) before the home-centre cap, by power in sorted order."""
    surpluses = _with_partisans(game_map, centers, _balance(game_map, centers, units))
    return dict(sorted(surpluses.items()))


def _balance(
    game_map: Map, centers: Mapping[str, str], units: Mapping[str, Unit]
) -> dict[str, int]:
    """`_surpluses` before partisan sites are counted, in no order."""
    balance = dict.fromkeys(game_map.powers, 0)
    for owner in centers.values():
        balance[owner] = balance.get(owner, 0) + 1
    for unit in units.values():
        power = unit.power
        balance[power] = balance.get(power, 0) - 1  # (`-=` on an item: a generic call compiled)
    return balance


def _with_partisans(
    game_map: Map, centers: Mapping[str, str], surpluses: dict[str, int]
) -> dict[str, int]:
    """`surpluses` with each power's partisan sites in use counted (a new dict; the same one
    on a map with none)."""
    if not game_map.has_partisans:
        return surpluses
    return {p: n + len(game_map.partisans(p, centers)) for p, n in surpluses.items()}


def vacant_build_sites(game_map: Map, position: Position, power: str) -> list[str]:
    """The places `power` could build on now: its vacant owned build sites, and its vacant
    partisan sites while it may use them (Map.partisans)."""
    return _vacant(game_map, position.centers, position.units, power)


def _vacant(
    game_map: Map, centers: Mapping[str, str], units: Mapping[str, Unit], power: str
) -> list[str]:
    return sorted(set(_vacant_sites(game_map, centers, units, power)))


def _vacant_sites(
    game_map: Map, centers: Mapping[str, str], units: Mapping[str, Unit], power: str
) -> Iterator[str]:
    """The rule of a vacant build site, written once: an empty build site `power` owns, or an
    empty partisan site it may use (a site may come twice)."""
    for site in game_map.build_sites(power):
        if site not in units and centers.get(site) == power:
            yield site
    if game_map.has_partisans:
        for site in game_map.partisans(power, centers):
            if site not in units:
                yield site


def adjustment_counts(game_map: Map, position: Position) -> dict[str, int]:
    """Power -> builds (+) or removals (-) due; builds are capped by vacant owned home centres."""
    centers, units = position.centers, position.units
    surpluses = _surpluses(game_map, centers, units)
    return dict(_counts(game_map, position.phase, centers, units, surpluses))


def adjustments_due(game_map: Map, position: Position) -> bool:
    """Does any power build or remove (is there an adjustment phase)? Stops at the first."""
    return adjustments_due_on(game_map, position.phase, position.centers, position.units)


def adjustments_due_on(
    game_map: Map, phase: Phase, centers: Mapping[str, str], units: Mapping[str, Unit]
) -> bool:
    """`adjustments_due` of a board given by its parts (the phase sequence has no position
    for the board a Fall left)."""
    return adjustments_due_given(
        game_map, phase, centers, units, _balance(game_map, centers, units)
    )


def adjustments_due_given(
    game_map: Map,
    phase: Phase,
    centers: Mapping[str, str],
    units: Mapping[str, Unit],
    balance: dict[str, int],
) -> bool:
    """`adjustments_due_on` given each power's owned centres minus units (every power of the
    map, and any other that owns a unit or a centre: `_balance`), as the phase sequence counts
    them while it settles a Fall's owners; partisan sites are counted here. A removal is never
    capped: one found ends the search before any vacant home centre is looked up; the powers'
    order does not matter."""
    surpluses = _with_partisans(game_map, centers, balance)
    for surplus in surpluses.values():  # (a loop: min(default=0) is a generic call compiled)
        if surplus < 0:
            return True
    neutral = None
    for power, surplus in surpluses.items():
        if surplus > 0:
            if neutral is None:
                neutral = game_map.neutral_at(phase)
            if power not in neutral and _can_build(game_map, centers, units, power):
                return True
    return False


def _can_build(
    game_map: Map, centers: Mapping[str, str], units: Mapping[str, Unit], power: str
) -> bool:
    """Has `power` a vacant build site? Stops at the first."""
    for _ in _vacant_sites(game_map, centers, units, power):
        return True
    return False


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
