"""Convoy routes: chains of convoying fleets on sea provinces from an army's province to its target.

Works on provinces only: a fleet at sea touches a coastal province when it could move to any of
its coasts, which is all a convoy needs (the army lands on the province, not on a coast).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Final, TypeVar

from adjudicator.board.bounded import keep
from adjudicator.board.map import Map
from adjudicator.board.seas import Seas

Span = tuple[int, int]

_NOWHERE: Final[frozenset[str]] = frozenset()
_F = TypeVar("_F")


ROUTES_KEPT = 1 << 14
"""How many answers of `route_fleets` a board keeps (not Final: a test lowers it)."""


def route_fleets(
    game_map: Map, source: str, target: str, fleets: Collection[str]
) -> frozenset[str]:
    """The fleet provinces that lie on at least one simple route; empty when there is no route.

    A fleet that can be reached but leads nowhere (DATC 6.F.12) is not on a route, and one
    outside the convoy areas carries nothing. The answer depends on the map alone, so it is
    kept per map (`MapFacts.routes`), by the fleets as given (a caller gives them in one order,
    its units'; a hit then makes no bits and sorts nothing): the same few convoys come back
    phase after phase.
    """
    facts = game_map.facts
    key = (source, target, *fleets)
    found = facts.routes.get(key)
    if found is None:
        seas = game_map.seas
        on = seas.area_names(seas.on_routes(source, target, seas.mask(fleets)))
        found = keep(facts.routes, key, on, ROUTES_KEPT)
    return found


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
        seas = game_map.seas
        return seas.route(source, target, seas.mask(fleets))
    return bool(shortest_route(game_map, source, target, fleets, usable))


def route_of_units(
    game_map: Map,
    source: str,
    target: str,
    units: Sequence[int],
    provinces: Sequence[str],
    stays: Callable[[int], bool],
) -> bool:
    """`route_exists` over the fleets `units` (numbers; `provinces`: where each number stands),
    `stays` asked with a fleet's number, of the same fleets in the same order (the resolver's
    question: its answers may decide others), with no search for the unit in a sea reached."""
    seas = game_map.seas
    area_bit = seas.area_bit
    pool = 0
    unit_of: dict[int, int] = {}  # a convoy area's number -> the fleet's there
    for c in units:  # (a fleet outside the convoy areas: bit 0, never reached)
        bit = area_bit.get(provinces[c], 0)
        pool |= bit
        unit_of[bit.bit_length() - 1] = c
    return _breadth_first(seas, source, target, pool, stays, unit_of) >= 0


def shortest_route(
    game_map: Map,
    source: str,
    target: str,
    fleets: Collection[str],
    usable: Callable[[str], bool] | None = None,
) -> tuple[str, ...]:
    """The fleet provinces of a shortest chain of usable fleets from source to target, in
    order (the first found breadth first, fleets tried in sorted order: the order of the
    convoy areas' bits); () when none. Fleets outside the convoy areas carry nothing.

    `usable` is asked lazily and at most once per fleet (see `route_exists`)."""
    seas = game_map.seas
    areas = seas.areas
    came_from = [-1] * len(areas)
    here = _breadth_first(seas, source, target, seas.mask(fleets), usable, areas, came_from)
    if here < 0:
        return ()
    route = [areas[here]]
    while came_from[here] >= 0:
        here = came_from[here]
        route.append(areas[here])
    route.reverse()
    return tuple(route)


def _breadth_first(
    seas: Seas,
    source: str,
    target: str,
    pool: int,
    usable: Callable[[_F], bool] | None,
    fleet: Mapping[int, _F] | Sequence[_F],
    came_from: list[int] | None = None,
) -> int:
    """The one search of a chain of fleets (`route_of_units`, `shortest_route`): the convoy
    area (its number) where a chain of usable fleets of `pool` (the areas' bits) from
    `source` first reaches `target`, breadth first, the fleets reached from one tried in the
    order of their bits; -1 when none. `usable` is asked, lazily and at most once a fleet, with
    the fleet as the caller names it (`fleet`, by area number: its province or its unit's
    number); `came_from` (one item an area) is given each area's predecessor."""
    goal, area_water = seas.water.get(target, 0), seas.area_water
    queue: list[int] = []
    here = head = -1
    seen = found = seas.water.get(source, 0) & pool
    while True:
        while found:  # the fleets first reached from `here` (the army's, at first)
            low = found & -found
            found ^= low
            step = low.bit_length() - 1
            if came_from is not None:
                came_from[step] = here
            if usable is None or usable(fleet[step]):
                queue.append(step)
        head += 1
        if head == len(queue):
            return -1
        here = queue[head]
        if goal >> here & 1:
            return here
        found = area_water[here] & pool & ~seen
        seen |= found


def needed_for_convoy(
    game_map: Map, fleets: frozenset[str], source: str, target: str, fleet: str
) -> bool:
    """Is `fleet` on some convoy route from `source` to `target` of which every fleet is needed
    (DATC 6.G.19)? The one search for it is Seas.needed_to (the possible-orders table asks
    Seas.needed, every landing at once); the fleets not in a convoy area carry nothing."""
    seas = game_map.seas
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
