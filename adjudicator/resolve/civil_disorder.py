"""Which units a power removes when it orders too few removals (DATC 4.D.8, test cases 6.J).

2023 rulebook (default): each unit's distance is the fewest moves to the nearest supply centre
its power owns, where every unit may cross land and sea alike. Classic (1971/1982, and DATC v2's
reading): the distance is to the nearest home centre; armies walk over land and may cross seas
as if convoyed, fleets move only as fleets do. The farthest unit goes first; at equal distance
fleets go before armies, then the province whose English name comes first alphabetically.
A unit that cannot reach any target at all counts as the farthest.

Distances are plain breadth-first searches over the Map's adjacency; this is not a hot path.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache

from adjudicator.board.map import Map
from adjudicator.board.rules import DEFAULT_RULES, Rules
from adjudicator.board.types import Unit, UnitType, province_of

Neighbours = Callable[[str], Iterable[str]]


@dataclass(frozen=True, slots=True)
class Removal:
    """A unit removed by civil disorder, with the distance that chose it (None: unreachable)."""

    unit: Unit
    distance: int | None


def _bfs_distance(start: str, targets: frozenset[str], neighbours: Neighbours) -> int | None:
    """Fewest steps from `start` to any node in `targets`, or None when none can be reached."""
    if start in targets:
        return 0
    seen = {start}
    frontier: deque[tuple[str, int]] = deque([(start, 0)])
    while frontier:
        node, steps = frontier.popleft()
        for nxt in neighbours(node):
            if nxt in seen:
                continue
            if nxt in targets:
                return steps + 1
            seen.add(nxt)
            frontier.append((nxt, steps + 1))
    return None


@cache
def _any_terrain_graph(game_map: Map) -> Mapping[str, frozenset[str]]:
    """Province -> provinces one army or fleet move away (2023: every unit crosses anything)."""
    graph: dict[str, set[str]] = {}
    for source, targets in game_map.army_adjacency.items():
        graph.setdefault(source, set()).update(targets)
    for source, targets in game_map.fleet_adjacency.items():
        graph.setdefault(province_of(source), set()).update(province_of(t) for t in targets)
    return {p: frozenset(n) for p, n in graph.items()}


@cache
def _army_convoy_graph(game_map: Map) -> Mapping[str, frozenset[str]]:
    """Province -> next province for an army walking over land or crossing water by convoy.

    Fleet steps are only added where a sea is involved: an army uses a fleet's coastline
    only as the start or end of a convoy, never to walk along a coast it has no land border on.
    """
    graph: dict[str, set[str]] = {p: set(n) for p, n in game_map.army_adjacency.items()}
    for source, targets in game_map.fleet_adjacency.items():
        here = province_of(source)
        for target in targets:
            there = province_of(target)
            if game_map.provinces[here].is_sea or game_map.provinces[there].is_sea:
                graph.setdefault(here, set()).add(there)
    return {p: frozenset(n) for p, n in graph.items()}


def _empty() -> frozenset[str]:
    return frozenset()


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
    if rules.civil_disorder == "2023":
        graph = _any_terrain_graph(game_map)
        targets = frozenset(owned_centers)
        return _bfs_distance(unit.province, targets, lambda p: graph.get(p, _empty()))
    homes = game_map.powers[unit.power].home_centers if unit.power in game_map.powers else ()
    if unit.type is UnitType.ARMY:
        graph = _army_convoy_graph(game_map)
        return _bfs_distance(unit.province, frozenset(homes), lambda p: graph.get(p, _empty()))
    locations = frozenset(loc for home in homes for loc in game_map.locations_of(home))
    fleet = game_map.fleet_adjacency
    return _bfs_distance(unit.location, locations, lambda loc: fleet.get(loc, _empty()))


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
