"""Which units a power removes when it orders too few removals (DATC 4.D.8, test cases 6.J).

2023 rulebook (default): each unit's distance is the fewest moves to the nearest supply centre
its power owns, where every unit may cross land and sea alike. Classic (1971/1982, and DATC v2's
reading): the distance is to the nearest home centre; armies walk over land and may cross seas
as if convoyed, fleets move only as fleets do. The farthest unit goes first; at equal distance
fleets go before armies, then the province whose English name comes first alphabetically.
A unit that cannot reach any target at all counts as the farthest.

Distances come from the map's shortest-distance tables (`Map.disorder_distances`, computed once
per board with NetworkX); this module only says which table and which targets each rule uses.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from adjudicator.board.graph import Distances
from adjudicator.board.map import Map
from adjudicator.board.rules import DEFAULT_RULES, Rules
from adjudicator.board.types import Unit, UnitType


@dataclass(frozen=True, slots=True)
class Removal:
    """A unit removed by civil disorder, with the distance that chose it (None: unreachable)."""

    unit: Unit
    distance: int | None


def _nearest(distances: Distances, start: str, targets: Iterable[str]) -> int | None:
    """Fewest steps from `start` to any of `targets`, or None when none can be reached."""
    reach = distances.get(start, {})
    found = [reach[t] for t in targets if t in reach]
    return min(found) if found else None


def unit_distance(
    game_map: Map,
    unit: Unit,
    owned_centers: Iterable[str],
    rules: Rules = DEFAULT_RULES,
) -> int | None:
    """The civil-disorder distance of one unit under `rules.civil_disorder` (None: unreachable).

    `owned_centers` are the provinces its power owns; the classic rule ignores them and uses
    the power's home centres instead.
    """
    tables = game_map.disorder_distances
    if rules.civil_disorder == "2023":
        return _nearest(tables.any_move, unit.province, owned_centers)
    homes = game_map.powers[unit.power].home_centers if unit.power in game_map.powers else ()
    if unit.type is UnitType.ARMY:
        return _nearest(tables.army_convoy, unit.province, homes)
    locations = [loc for home in homes for loc in game_map.locations_of(home)]
    return _nearest(tables.fleet, unit.location, locations)


def removal_order(
    game_map: Map,
    units: Iterable[Unit],
    owned_centers: Iterable[str],
    rules: Rules = DEFAULT_RULES,
) -> tuple[Removal, ...]:
    """One power's units in the order civil disorder removes them, first to go first."""
    owned = frozenset(owned_centers)
    ranked = [Removal(u, unit_distance(game_map, u, owned, rules)) for u in units]

    def key(removal: Removal) -> tuple[bool, int, int, str, str]:
        unreachable = removal.distance is None
        distance = -(removal.distance or 0)
        fleet_first = 0 if removal.unit.type is UnitType.FLEET else 1
        name = game_map.provinces[removal.unit.province].name.casefold()
        return (not unreachable, distance, fleet_first, name, removal.unit.location)

    return tuple(sorted(ranked, key=key))


def civil_disorder_removals(
    game_map: Map,
    units: Iterable[Unit],
    owned_centers: Iterable[str],
    count: int,
    rules: Rules = DEFAULT_RULES,
) -> tuple[Removal, ...]:
    """The `count` units a power that ordered too few removals loses (DATC 4.D.8)."""
    return removal_order(game_map, units, owned_centers, rules)[: max(count, 0)]


def describe(removal: Removal, rules: Rules = DEFAULT_RULES) -> str:
    """The reason printed with a civil-disorder removal."""
    target = "an owned supply centre" if rules.civil_disorder == "2023" else "a home centre"
    if removal.distance is None:
        return f"civil disorder: {removal.unit} cannot reach {target}"
    moves = "move" if removal.distance == 1 else "moves"
    return f"civil disorder: {removal.unit} is {removal.distance} {moves} from {target}"
