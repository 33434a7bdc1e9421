"""The convoy areas and coastal provinces of a board as bits of an int: a search over the
fleets at sea (which armies they could carry where, and which fleets a route needs) becomes a
few integer operations a step. Derived once per board (`seas_of`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final

from adjudicator.board.bounded import keep
from adjudicator.board.map import Map

_NOTHING: Final[frozenset[str]] = frozenset()


def seas_of(game_map: Map) -> Seas:
    """The bit tables of a board (a closed board from `Map.during` has its own)."""
    return game_map.seas


@dataclass(frozen=True, slots=True)
class Seas:
    """The convoy areas and coastal provinces of a board as bits of an int, so a search over
    the fleets at sea is a few integer operations a step (its tables typed `dict`, as `Map`'s)."""

    areas: tuple[str, ...]
    """Bit i -> the convoy area."""
    area_bit: dict[str, int]
    coasts: tuple[str, ...]
    """Bit i -> the coastal province (in sorted order, so a mask reads out sorted)."""
    coast_bit: dict[str, int]
    water: dict[str, int]
    """Province -> the convoy areas next to it (the steps of a convoy route)."""
    area_water: tuple[int, ...]
    """Area i -> the convoy areas next to it."""
    area_landings: tuple[int, ...]
    """Area i -> the coastal provinces next to it (where a convoy may start or land)."""
    decoded: dict[int, tuple[str, ...]]
    """Mask -> its coastal provinces, remembered as they are read (`landing_names`)."""

    @classmethod
    def of(cls, game_map: Map) -> Seas:
        water = game_map.facts.water
        coastal = [p for p, prov in game_map.provinces.items() if prov.is_coastal]
        areas = tuple(sorted(game_map.convoy_areas))
        area_bit = {a: 1 << i for i, a in enumerate(areas)}
        coasts = tuple(sorted(coastal))
        coast_bit = {c: 1 << i for i, c in enumerate(coasts)}

        def bits(places: frozenset[str], table: Mapping[str, int]) -> int:
            return sum(table[p] for p in places if p in table)

        landings = [0] * len(areas)
        for province in coasts:
            for area in water.get(province, _NOTHING):
                landings[areas.index(area)] |= coast_bit[province]
        return cls(
            areas=areas,
            area_bit=area_bit,
            coasts=coasts,
            coast_bit=coast_bit,
            water={p: bits(near, area_bit) for p, near in water.items()},
            area_water=tuple(bits(water.get(a, _NOTHING), area_bit) for a in areas),
            area_landings=tuple(landings),
            decoded={},
        )

    def mask(self, provinces: Iterable[str]) -> int:
        """The convoy areas among `provinces` as bits (the others carry nothing)."""
        area_bit = self.area_bit
        mask = 0
        for province in provinces:
            mask |= area_bit.get(province, 0)
        return mask

    def reach(self, source: str, fleets: int) -> int:
        """The fleets of `fleets` a convoy from `source` can get to, one fleet to the next."""
        return self.spread(self.water.get(source, 0) & fleets, fleets)

    def route(self, source: str, target: str, fleets: int) -> bool:
        """Is there a chain of the fleets `fleets` from `source` to `target`?"""
        return bool(self.reach(source, fleets) & self.water.get(target, 0))

    def spread(self, start: int, fleets: int) -> int:
        """The fleets linked to those of `start` through `fleets` (start included)."""
        area_water = self.area_water
        seen = frontier = start
        while frontier:
            low = frontier & -frontier
            frontier ^= low
            new = area_water[low.bit_length() - 1] & fleets & ~seen
            seen |= new
            frontier |= new
        return seen

    def on_routes(self, source: str, target: str, fleets: int) -> int:
        """The fleets of `fleets` on at least one simple chain from `source` to `target`: a
        fleet reached that leads nowhere is on none (DATC 6.F.12)."""
        goal = self.water.get(target, 0)
        found = 0
        firsts = self.water.get(source, 0) & fleets
        while firsts:
            first = firsts & -firsts
            firsts ^= first
            found |= _chains(self, fleets, goal, first, first)
        return found

    def area_names(self, mask: int) -> frozenset[str]:
        """The convoy areas of a mask."""
        names = []
        while mask:
            low = mask & -mask
            mask ^= low
            names.append(self.areas[low.bit_length() - 1])
        return frozenset(names)

    def landings(self, fleets: int) -> int:
        found = 0
        area_landings = self.area_landings
        while fleets:
            low = fleets & -fleets
            fleets ^= low
            found |= area_landings[low.bit_length() - 1]
        return found

    def groups(self, fleets: int) -> dict[int, tuple[int, int]]:
        """Fleet bit -> (the fleets linked to it through `fleets`, the landings next to them)."""
        found: dict[int, tuple[int, int]] = {}
        rest = fleets
        while rest:
            members = self.spread(rest & -rest, fleets)
            group = members, self.landings(members)
            rest &= ~members
            while members:
                low = members & -members
                members ^= low
                found[low] = group
        return found

    def landing_names(self, mask: int) -> tuple[str, ...]:
        """The coastal provinces of a mask, sorted (remembered: masks recur)."""
        found = self.decoded.get(mask)
        if found is None:
            names, rest = [], mask
            while rest:
                low = rest & -rest
                rest ^= low
                names.append(self.coasts[low.bit_length() - 1])
            found = keep(self.decoded, mask, tuple(names), 1 << 14)
        return found

    def alone(self, fleets: int, source: str, target: str) -> int:
        """The fleets of `fleets` next to both `source` and `target`: each is a convoy route
        by itself (the usual convoy), found with no search."""
        water = self.water
        return fleets & water.get(source, 0) & water.get(target, 0)

    def is_needed(
        self,
        fleets: int,
        source: str,
        target: str,
        fleet: str,
        kept: dict[tuple[str, str, int], dict[int, int]] | None = None,
    ) -> bool:
        """Is `fleet` on a route of `fleets` from `source` to `target` of which every fleet
        is needed (`needed_to`, DATC 6.G.19)? `kept`: the searches a caller keeps (a board's:
        the fleets convoying one army ask the same one)."""
        bit = self.area_bit.get(fleet, 0)
        if self.alone(bit & fleets, source, target):
            return True
        if not bit:
            return False
        found = None if kept is None else kept.get((source, target, fleets))
        if found is None:
            found = self.needed_to(fleets, source, target)
            if kept is not None:
                kept[source, target, fleets] = found
        return bit in found

    def needed_to(self, fleets: int, source: str, target: str) -> dict[int, int]:
        """The fleets of `needed`'s routes from `source` that land at `target`: area bit -> the
        target's bit. Its own search, over the convoy areas' bits alone: a route to one landing
        needs no masks of landings (interpreted, an int of more than 30 bits, as the coasts'
        masks are on most maps, is the slow kind)."""
        goal = self.coast_bit.get(target, 0)
        found: dict[int, int] = {}
        if goal and target != source and source in self.coast_bit:
            at_start, ends = self.water.get(source, 0), self.water.get(target, 0)
            firsts = at_start & fleets
            while firsts:
                first = firsts & -firsts
                firsts ^= first
                _walk_to(self, fleets, ends, goal, found, first, at_start)
        return found

    def needed(self, fleets: int, source: str) -> dict[int, int]:
        """Area bit -> the landings (bits) it is on a route to from `source`, over routes of
        which every fleet is needed: no fleet touches the start or the landing or an earlier
        fleet but its neighbours on the route (the reader's test, DATC 6.G.19)."""
        at_start = self.water.get(source, 0)
        source_bit = self.coast_bit[source]
        found: dict[int, int] = {}
        firsts = at_start & fleets
        while firsts:
            first = firsts & -firsts
            firsts ^= first
            _walk(self, fleets, source_bit, found, first, 0, at_start)
        return found


def _walk(
    seas: Seas,
    fleets: int,
    source_bit: int,
    found: dict[int, int],
    last: int,
    touched: int,
    excluded: int,
) -> int:
    """One step of `Seas.needed`'s depth-first walk from the fleet `last`: the landings the
    routes going on from it reach, which `found` adds to its own (each fleet of a route is on
    a route to the landings of those after it: one update a step, not one per fleet before).

    A function of the module, not a function nested in `needed`: a nested function that calls
    itself is a reference cycle, left on every call for the garbage collector to find."""
    index = last.bit_length() - 1
    here = seas.area_landings[index]
    reached = here & ~touched & ~source_bit
    steps = seas.area_water[index] & fleets & ~excluded
    if steps:
        touched |= here
        excluded |= seas.area_water[index]
        while steps:
            step = steps & -steps
            steps ^= step
            reached |= _walk(seas, fleets, source_bit, found, step, touched, excluded | step)
    if reached:
        found[last] = found.get(last, 0) | reached
    return reached


def _walk_to(
    seas: Seas, fleets: int, ends: int, goal: int, found: dict[int, int], last: int, excluded: int
) -> bool:
    """`Seas.needed_to`'s step, `_walk`'s to the one landing `goal` (next to the convoy areas
    `ends`): does a route going on from the fleet `last` land there? The first fleet next to
    it ends the route (one going on would touch it), so no fleet before it touches it: no
    landings need be kept."""
    if last & ends:
        found[last] = goal
        return True
    near = seas.area_water[last.bit_length() - 1]
    steps = near & fleets & ~excluded
    excluded |= near
    reached = False
    while steps:
        step = steps & -steps
        steps ^= step
        if _walk_to(seas, fleets, ends, goal, found, step, excluded | step):
            reached = True
    if reached:
        found[last] = goal
    return reached


def _chains(seas: Seas, fleets: int, goal: int, here: int, path: int) -> int:
    """`Seas.on_routes`' depth-first step: the fleets of the chains through the fleets `path`
    that end at the fleet `here` and go on to the goal (the fleets next to the target). A
    function of the module, as `_walk`."""
    found = path if here & goal else 0
    steps = seas.area_water[here.bit_length() - 1] & fleets & ~path
    while steps:
        step = steps & -steps
        steps ^= step
        found |= _chains(seas, fleets, goal, step, path | step)
    return found


def reached(start: int, groups: Mapping[int, tuple[int, int]]) -> tuple[int, int]:
    """The fleets and landings of the groups of the fleets of `start`."""
    fleets = landings = 0
    while start:
        low = start & -start
        start ^= low
        if not low & fleets:
            members, reached = groups[low]
            fleets |= members
            landings |= reached
    return fleets, landings
