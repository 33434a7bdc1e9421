"""Convoy routes on the standard board (board/convoy.py): the one search for a route, its
shortest chain (what a DAIDE report names after VIA), and the fleets a route needs."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from adjudicator.board import convoy
from adjudicator.board.convoy import needed_for_convoy, route_exists, route_fleets, shortest_route
from adjudicator.board.map import Map, load_map
from adjudicator.board.seas import seas_of

MAP = load_map()


def test_the_shortest_chain_is_named_in_order() -> None:
    fleets = {"ENG", "MAO", "WES", "NTH", "IRI"}
    assert shortest_route(MAP, "LON", "TUN", fleets) == ("ENG", "MAO", "WES")
    assert route_exists(MAP, "LON", "TUN", fleets, usable=lambda fleet: True)
    assert shortest_route(MAP, "LON", "TUN", fleets - {"MAO"}) == ()
    assert not route_exists(MAP, "LON", "TUN", fleets, usable=lambda fleet: fleet != "MAO")


def test_the_fleets_on_a_route_are_kept_per_map_and_bounded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """route_fleets is asked for most convoyed armies of a phase: the answer, a fact of the
    map, is kept (MapFacts.routes, by the fleets as given), found the same whatever the order
    of the fleets given, and the kept answers stay few (a full table is emptied: bounded.keep)."""
    kept = MAP.facts.routes
    saved = dict(kept)
    kept.clear()
    monkeypatch.setattr(convoy, "ROUTES_KEPT", 2)
    try:
        # DATC 6.F.12: a fleet that leads nowhere (BAR) is on no route.
        assert route_fleets(MAP, "LON", "TUN", ["WES", "MAO", "ENG", "BAR"]) == {
            "ENG",
            "MAO",
            "WES",
        }
        assert list(kept) == [("LON", "TUN", "WES", "MAO", "ENG", "BAR")]
        assert route_fleets(MAP, "LON", "TUN", ["WES", "MAO", "ENG", "BAR"]) == {
            "ENG",
            "MAO",
            "WES",
        }
        assert len(kept) == 1
        assert route_fleets(MAP, "LON", "TUN", ["ENG", "BAR", "WES", "MAO"]) == {
            "ENG",
            "MAO",
            "WES",
        }
        assert len(kept) == 2
        assert route_fleets(MAP, "LON", "BEL", ["NTH"]) == {"NTH"}
        assert route_fleets(MAP, "LON", "BEL", ["NTH"]) == {"NTH"}
        assert len(kept) == 1
        assert route_fleets(MAP, "LON", "BEL", ["NTH", "BRE"]) == {"NTH"}  # (BRE: not at sea)
    finally:
        kept.clear()
        kept.update(saved)


def test_a_fleet_is_needed_only_on_a_route_without_a_short_cut() -> None:
    # DATC 6.G.19: NTH touches both ends, so a route through ENG and NTH needs no ENG.
    fleets = frozenset({"NTH", "ENG"})
    assert needed_for_convoy(MAP, fleets, "LON", "BEL", "NTH")
    assert needed_for_convoy(MAP, fleets, "LON", "BEL", "ENG")  # ENG alone carries it
    assert not needed_for_convoy(MAP, frozenset({"NTH", "SKA"}), "LON", "NWY", "SKA")
    assert needed_for_convoy(MAP, frozenset({"ENG", "MAO"}), "LON", "POR", "MAO")
    assert not needed_for_convoy(MAP, frozenset({"ENG", "MAO"}), "LON", "POR", "IRI")


def test_a_fleet_that_alone_links_army_and_target_is_needed_as_the_search_says() -> None:
    """needed_for_convoy answers a one-fleet route without searching: the answer must be the
    search's (Seas.needed), for every such fleet, army and target of the map, with other
    fleets at sea around it or not."""
    from adjudicator.board.seas import seas_of

    game_map = load_map("standard")
    water = game_map.facts.water
    seas = seas_of(game_map)
    checked = 0
    coastal = {p: near for p, near in water.items() if p in seas.coast_bit}  # armies stand there
    for source, near_source in coastal.items():
        for target, near_target in coastal.items():
            if source == target:
                continue
            for fleet in near_source & near_target:
                for others in (frozenset(), frozenset(near_source | near_target) - {fleet}):
                    fleets = others | {fleet}
                    mask = 0
                    for province in fleets:
                        mask |= seas.area_bit.get(province, 0)
                    found = seas.needed(mask, source).get(seas.area_bit[fleet], 0)
                    expected = bool(found & seas.coast_bit.get(target, 0))
                    assert needed_for_convoy(game_map, fleets, source, target, fleet) is expected
                    checked += 1
    assert checked > 100


def _chain(water: dict[str, frozenset[str]], source: str, target: str, fleets: set[str]) -> bool:
    """Is there a chain of `fleets` from `source` to `target`: the plain search over sets."""
    frontier = [f for f in water.get(source, frozenset()) if f in fleets]
    seen = set(frontier)
    while frontier:
        here = frontier.pop()
        if here in water.get(target, frozenset()):
            return True
        for step in water.get(here, frozenset()):
            if step in fleets and step not in seen:
                seen.add(step)
                frontier.append(step)
    return False


def _random_cases(
    variant: str, rounds: int, sources: int, targets: int | None, share: float
) -> Iterator[tuple[Map, dict[str, frozenset[str]], set[str], str, str]]:
    """Seeded random cases for the searches over bits against those over sets: the map, its
    water, fleets at sea (`share` of the areas, new each round), an army's coast and a target
    (`targets` of them drawn for each of `sources`, or every coast)."""
    import random

    game_map = load_map(variant)
    seas, water = seas_of(game_map), dict(game_map.facts.water)
    rng = random.Random(15)
    for _ in range(rounds):
        fleets = {area for area in seas.areas if rng.random() < share}
        for source in rng.sample(seas.coasts, sources):
            ends = seas.coasts if targets is None else rng.sample(seas.coasts, targets)
            for target in ends:
                yield game_map, water, fleets, source, target


@pytest.mark.parametrize("variant", ["standard", "ancmed"])
def test_a_route_over_bits_is_the_search_over_sets(variant: str) -> None:
    """route_exists (and Seas.route, Seas.alone under it) answers as the plain search over the
    provinces of the fleets does, for random fleets at sea and every army and target."""
    checked = 0
    for game_map, water, fleets, source, target in _random_cases(variant, 40, 8, None, 0.3):
        seas = seas_of(game_map)
        expected = _chain(water, source, target, fleets)
        assert route_exists(game_map, source, target, fleets) is expected
        if seas.alone(seas.mask(fleets), source, target):
            assert expected  # a fleet next to both ends is a route alone
        checked += expected
    assert checked > 500


def _on_chains(
    water: dict[str, frozenset[str]], source: str, target: str, fleets: set[str]
) -> set[str]:
    """The fleets on some simple chain of `fleets` from `source` to `target`: every chain
    walked over sets, depth first."""
    found: set[str] = set()

    def walk(path: list[str]) -> None:
        if path[-1] in water.get(target, frozenset()):
            found.update(path)
        for step in fleets & water.get(path[-1], frozenset()):
            if step not in path:
                walk([*path, step])

    for first in fleets & water.get(source, frozenset()):
        walk([first])
    return found


@pytest.mark.parametrize("variant", ["standard", "ancmed"])
def test_the_fleets_on_a_route_over_bits_are_those_of_the_search_over_sets(variant: str) -> None:
    """route_fleets (Seas.on_routes) names the fleets the plain walk over every simple chain
    does, for random fleets at sea and armies and targets (6.F.12: one that leads nowhere is
    on no route)."""
    checked = 0
    for game_map, water, fleets, source, target in _random_cases(variant, 30, 6, 10, 0.3):
        expected = _on_chains(water, source, target, fleets)
        assert route_fleets(game_map, source, target, fleets) == expected
        checked += bool(expected)
    assert checked > 100


def _shortest(
    water: dict[str, frozenset[str]],
    source: str,
    target: str,
    fleets: set[str],
    usable: Callable[[str], bool],
) -> tuple[str, ...]:
    """The first shortest chain of usable `fleets` breadth first, fleets tried in sorted
    order: the plain search over sets."""
    came_from = {f: "" for f in sorted(fleets & water.get(source, frozenset()))}
    queue = [f for f in came_from if usable(f)]
    for here in queue:
        if here in water.get(target, frozenset()):
            route = [here]
            while came_from[route[-1]]:
                route.append(came_from[route[-1]])
            return tuple(reversed(route))
        for step in sorted(fleets & water.get(here, frozenset())):
            if step not in came_from:
                came_from[step] = here
                if usable(step):
                    queue.append(step)
    return ()


class _Asked:
    """A fleet's usability, noting the fleets asked about in order."""

    def __init__(self, blocked: set[str]) -> None:
        self.blocked = blocked
        self.asked: list[str] = []

    def __call__(self, fleet: str) -> bool:
        self.asked.append(fleet)
        return fleet not in self.blocked


@pytest.mark.parametrize("variant", ["standard", "ancmed"])
def test_the_shortest_chain_over_bits_is_that_of_the_search_over_sets(variant: str) -> None:
    """shortest_route finds the chain the plain breadth-first search over sets does, asking
    `usable` of the same fleets in the same order (a resolver's question may decide others)."""
    checked = 0
    for game_map, water, fleets, source, target in _random_cases(variant, 30, 6, 10, 0.4):
        blocked = set(sorted(fleets)[::5])  # (a fifth of them, which the resolver refuses)
        usable, expected_usable = _Asked(blocked), _Asked(blocked)
        expected = _shortest(water, source, target, fleets, expected_usable)
        assert shortest_route(game_map, source, target, fleets, usable) == expected
        assert usable.asked == expected_usable.asked
        checked += len(expected) > 1
    assert checked > 30


class _ByNumber:
    """`usable` asked by a fleet's number (its place in `provinces`)."""

    def __init__(self, provinces: list[str], usable: _Asked) -> None:
        self.provinces, self.usable = provinces, usable

    def __call__(self, c: int) -> bool:
        return self.usable(self.provinces[c])


@pytest.mark.parametrize("variant", ["standard", "ancmed"])
def test_a_route_of_units_asks_as_route_exists(variant: str) -> None:
    """route_of_units, the resolver's search by fleet number, answers as route_exists and asks
    the same fleets in the same order (a resolver's question may decide others)."""
    found = 0
    for game_map, _, fleets, source, target in _random_cases(variant, 30, 6, 10, 0.4):
        blocked = set(sorted(fleets)[::5])
        usable, expected_usable = _Asked(blocked), _Asked(blocked)
        provinces = sorted(fleets)
        units = list(range(len(provinces)))[::-1]  # (any order: the search asks in its own)
        expected = route_exists(game_map, source, target, fleets, expected_usable)
        stays = _ByNumber(provinces, usable)
        assert convoy.route_of_units(game_map, source, target, units, provinces, stays) is expected
        assert usable.asked == expected_usable.asked
        found += expected
    assert found > 30


def test_a_search_kept_by_the_caller_is_the_search() -> None:
    """Seas.is_needed with a caller's table of searches answers as without it, and keeps one
    search per army, target and fleets at sea (a search follows the routes to its target)."""
    from adjudicator.board.seas import seas_of

    seas = seas_of(MAP)
    fleets = seas.mask({"ENG", "MAO", "IRI", "NTH", "WES"})
    targets = ("POR", "SPA", "TUN", "BEL", "NWY")
    kept: dict[tuple[str, str, int], dict[int, int]] = {}
    for fleet in ("ENG", "MAO", "IRI", "NTH", "WES"):
        for target in targets:
            alone = seas.is_needed(fleets, "LON", target, fleet)
            assert seas.is_needed(fleets, "LON", target, fleet, kept) is alone
    assert sorted(kept) == sorted(("LON", target, fleets) for target in targets)


@pytest.mark.parametrize("variant", ["standard", "ancmed"])
def test_a_search_for_one_landing_finds_what_the_whole_search_finds_there(variant: str) -> None:
    """Seas.needed_to (what Seas.is_needed asks: its own search, over the convoy areas' bits
    alone) finds the fleets Seas.needed finds on routes landing at the target, for every
    army and target, on fleets at sea drawn at random (seeded): none when the target is the
    army's own province."""
    import random

    seas = seas_of(load_map(variant))
    draw = random.Random(15)
    checked = 0
    for _ in range(8):
        fleets = seas.mask(draw.sample(seas.areas, draw.randrange(3, len(seas.areas))))
        for source in seas.coasts:
            whole = seas.needed(fleets, source)
            for target, goal in seas.coast_bit.items():
                expected = {bit: goal for bit, landings in whole.items() if landings & goal}
                assert seas.needed_to(fleets, source, target) == expected
                checked += bool(expected)
    assert checked > 1000


def test_a_board_derives_its_bit_tables_once() -> None:
    """seas_of is the board's own Seas (Map.seas, derived once); a board with provinces closed
    until a phase (Map.during) has its own, without the closed ones' links."""
    from adjudicator.board.types import Phase

    assert seas_of(MAP) is MAP.seas is seas_of(MAP)
    wwi = load_map("wwi")
    assert wwi.closed_until is not None
    closed = wwi.during(Phase.parse("S1914M"))
    assert closed is not wwi and seas_of(closed) is closed.seas is not wwi.seas
    assert closed.seas.water != wwi.seas.water
