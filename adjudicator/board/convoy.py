"""Convoy routes: chains of convoying fleets on sea provinces from an army's province to its target.

Works on provinces only: a fleet at sea touches a coastal province when it could move to any of
its coasts, which is all a convoy needs (the army lands on the province, not on a coast).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Final

from adjudicator.board.map import ROUTES_KEPT, Map
from adjudicator.board.seas import seas_of

Span = tuple[int, int]

_NOWHERE: Final[frozenset[str]] = frozenset()


def route_fleets(
    game_map: Map, source: str, target: str, fleets: Collection[str]
) -> frozenset[str]:
    """The fleet provinces that lie on at least one simple route; empty when there is no route.

    A fleet that can be reached but leads nowhere (DATC 6.F.12) is not on a route. The search
    walks simple paths depth first; the answer depends on the map alone, so it is kept per map
    (`MapFacts.routes`): the same few convoys come back phase after phase.
    """
    facts = game_map.facts
    key = (source, target, *sorted(fleets))
    found = facts.routes.get(key)
    if found is None:
        found = _route_fleets(facts.fleet_near, source, target, frozenset(fleets))
        if len(facts.routes) < ROUTES_KEPT:
            facts.routes[key] = found
    return found


def _route_fleets(
    fleet_near_map: Mapping[str, frozenset[str]], source: str, target: str, pool: frozenset[str]
) -> frozenset[str]:
    """`route_fleets`, searched."""
    fleet_near = fleet_near_map.get
    on_route: set[str] = set()
    for first in sorted(pool):
        if source in fleet_near(first, _NOWHERE):
            _extend(first, target, pool, fleet_near, [], on_route)
    return frozenset(on_route)


def _extend(
    here: str,
    target: str,
    pool: frozenset[str],
    fleet_near: Callable[[str, frozenset[str]], frozenset[str]],
    path: list[str],
    on_route: set[str],
) -> None:
    """`route_fleets`' depth-first step: the fleets of `path` and `here` are on a route when
    `here` is next to the target. A function of the module, not one nested in `route_fleets`:
    a nested function that calls itself is a reference cycle left for the garbage collector."""
    path.append(here)
    near = fleet_near(here, _NOWHERE)
    if target in near:
        on_route.update(path)
    for step in sorted(near & pool):
        if step not in path:
            _extend(step, target, pool, fleet_near, path, on_route)
    path.pop()


def route_exists(
    game_map: Map,
    source: str,
    target: str,
    fleets: Collection[str],
    usable: Callable[[str], bool] | None = None,
) -> bool:
    """Is there a chain of usable fleets from source to target?

    `usable` is asked lazily (breadth first, in sorted order) and at most once per fleet, so a
    caller whose answers are expensive or guessed only pays for the fleets the search reaches.
    Without it every fleet is usable (the question the order reader asks: could a route exist?).
    """
    if usable is None:
        seas = seas_of(game_map)
        return seas.route(source, target, seas.mask(fleets))
    return bool(shortest_route(game_map, source, target, fleets, usable))


def shortest_route(
    game_map: Map,
    source: str,
    target: str,
    fleets: Collection[str],
    usable: Callable[[str], bool] | None = None,
) -> tuple[str, ...]:
    """The fleet provinces of a shortest chain of usable fleets from source to target, in
    order (the first found breadth first, fleets tried in sorted order); () when none.

    `usable` is asked lazily and at most once per fleet (see `route_exists`)."""
    fleet_near = game_map.facts.fleet_near
    pool = frozenset(fleets)
    came_from: dict[str, str] = {}
    queue: deque[str] = deque()
    for first in sorted(pool):
        if source in fleet_near.get(first, _NOWHERE):
            came_from[first] = ""
            if usable is None or usable(first):
                queue.append(first)
    while queue:
        here = queue.popleft()
        near = fleet_near.get(here, _NOWHERE)
        if target in near:
            route = [here]
            while came_from[route[-1]]:
                route.append(came_from[route[-1]])
            return tuple(reversed(route))
        for step in sorted(near & pool):
            if step not in came_from:
                came_from[step] = here
                if usable is None or usable(step):
                    queue.append(step)
    return ()


def needed_for_convoy(
    game_map: Map, fleets: frozenset[str], source: str, target: str, fleet: str
) -> bool:
    """Is `fleet` on some convoy route from `source` to `target` of which every fleet is needed
    (DATC 6.G.19)? The one search for it is Seas.needed (the possible-orders table asks it
    for every fleet at once); the fleets not in a convoy area carry nothing."""
    seas = seas_of(game_map)
    return seas.is_needed(seas.mask(fleets), source, target, fleet)


def route_problem(
    game_map: Map, source: str, seas: tuple[str, ...], target: str, spans: Sequence[Span]
) -> tuple[str, Span] | None:
    """stated_route_problem with the span of the first wrong step (`spans`: where each sea
    and then the target were written): the one check for the player's reader and the strict
    one."""
    problem = stated_route_problem(game_map, source, seas, target)
    if problem is None:
        return None
    step, message = problem
    return message, spans[step]


def stated_route_problem(
    game_map: Map, source: str, seas: tuple[str, ...], target: str
) -> tuple[int, str] | None:
    """Do these seas make a convoy route from `source` to `target`, in this order? None when
    they do; else the number of the first wrong step (len(seas) for the target) and why."""
    facts, names = game_map.facts, game_map.provinces
    here = source
    for step, sea in enumerate(seas):
        if sea not in facts.seas:
            return step, f"not a convoy route: {names[sea].name} ({sea}) is not a sea"
        if sea in seas[:step]:
            return step, f"not a convoy route: {names[sea].name} ({sea}) is named twice"
        if sea not in facts.water.get(here, _NOWHERE):
            return step, (
                f"not a convoy route: {names[sea].name} ({sea}) does not border"
                f" {names[here].name} ({here})"
            )
        here = sea
    if seas and here not in facts.water.get(target, _NOWHERE):
        return len(seas), (
            f"not a convoy route: {names[target].name} ({target}) does not border"
            f" {names[here].name} ({here}), the last sea named"
        )
    return None
