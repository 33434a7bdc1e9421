"""Every legal order of a position: what each unit may be ordered to do (issue 14, part 1).

Exactly the orders the order reader (`interpret`) accepts as legal, in canonical strings, keyed
by the unit's location (for a build, by the build location, coast included):

- movement: holds; moves by land or sea; moves by convoy over the fleets now at sea, written
  `A LON - BEL VIA` (to a neighbour too, when such fleets are there); supports of every unit
  within reach holding, and of every move another unit may make into a province the supporter
  reaches (a supported fleet's move with and without the coast it reaches; a convoyed move
  only when fleets other than the supporter could carry it, DATC 6.D.31); convoys by fleets in
  convoy areas, for every army and landing a route of the fleets at sea needs them for
  (DATC 6.G.19, as `legality` decides);
- retreats: to every place the dislodged unit may go (coast named where a fleet needs one), and
  the disband;
- adjustments: for a power due builds, every unit on every coast of each owned vacant site
  (home centres, or any centre on a build-anywhere map), each listed once, and `WAIVE` under
  each site; for a power due removals, the removal of each unit. A power with nothing due has
  no orders.

Neutral powers and those the rules put in civil disorder give no orders. The work per map
(where each unit may go, which coasts a sea touches) is done once; a position costs one pass
over its units and the fleets at sea.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from adjudicator.board.adjustments import adjustment_counts, vacant_build_sites
from adjudicator.board.map import Map, load_map
from adjudicator.board.position import Position
from adjudicator.board.rules import DEFAULT_RULES, Rules
from adjudicator.board.types import PhaseKind, UnitType

PossibleOrders = Mapping[str, tuple[str, ...]]
"""Location -> the sorted canonical strings of every legal order there."""

_NOTHING: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class _Facts:
    """What the enumeration asks of one board, derived once; the tables keyed by a unit's
    name ("F STP/SC") are filled on first use."""

    map: Map
    names: Mapping[str, tuple[str, ...]]
    """Province -> the names of the units that may stand there ("A STP", "F STP/NC", ...)."""
    arrivals: Mapping[str, tuple[tuple[str, str, tuple[str, ...]], ...]]
    """Province -> (name, province, the ways a support names the move) of every unit that
    could move there in one step: the province, and for a fleet the coast it reaches."""
    water: Mapping[str, frozenset[str]]
    """Province -> the convoy areas next to it (the steps of a convoy route)."""
    landings: Mapping[str, frozenset[str]]
    """Convoy area -> the coastal provinces next to it (where a convoy may start or land)."""
    coastal: frozenset[str]
    convoy_areas: frozenset[str]
    own: dict[str, tuple[str, ...]]
    """Name -> its hold and its moves by land or sea."""
    supports: dict[str, tuple[tuple[str, str, tuple[str, ...]], ...]]
    """Name -> (province, name of a unit there, the supports of it holding or moving by land
    or sea that a unit of the first name may give)."""

    def reach(self, name: str) -> frozenset[str]:
        """The provinces a unit of this name moves to in one step (where it may support)."""
        location = name[2:]
        if name[0] == "A":
            return self.map.army_adjacency.get(location, _NOTHING)
        return self.map.facts.fleet_near.get(location, _NOTHING)

    def own_orders(self, name: str) -> tuple[str, ...]:
        found = self.own.get(name)
        if found is None:
            location = name[2:]
            if name[0] == "A":
                targets = self.map.army_adjacency.get(location, _NOTHING)
            else:
                targets = self.map.fleet_adjacency.get(location, _NOTHING)
            found = (name + " H", *(name + " - " + t for t in sorted(targets)))
            self.own[name] = found
        return found

    def support_orders(self, name: str) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
        found = self.supports.get(name)
        if found is None:
            found = self._support_orders(name)
            self.supports[name] = found
        return found

    def _support_orders(self, name: str) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
        here = self.map.facts.province[name[2:]]
        table: dict[tuple[str, str], list[str]] = {}
        for target in sorted(self.reach(name) - {here}):
            for other in self.names.get(target, ()):
                table.setdefault((target, other), []).append(f"{name} S {other}")
            for other, province, forms in self.arrivals.get(target, ()):
                if province != here:
                    moves = table.setdefault((province, other), [])
                    moves.extend(f"{name} S {other} - {form}" for form in forms)
        return tuple((p, other, tuple(orders)) for (p, other), orders in sorted(table.items()))


@cache
def _facts(game_map: Map) -> _Facts:
    facts = game_map.facts
    coastal = frozenset(p for p, prov in game_map.provinces.items() if prov.is_coastal)
    landings: dict[str, set[str]] = {}
    for province in sorted(coastal):
        for sea in facts.water.get(province, _NOTHING):
            landings.setdefault(sea, set()).add(province)
    names: dict[str, list[str]] = {}
    arrivals: dict[str, list[tuple[str, str, tuple[str, ...]]]] = {}
    for province, prov in sorted(game_map.provinces.items()):
        if not prov.is_sea and prov.terrain != "impassable":
            names.setdefault(province, []).append("A " + province)
    for province, targets in sorted(game_map.army_adjacency.items()):
        name = "A " + province
        for target in sorted(targets):
            arrivals.setdefault(target, []).append((name, province, (target,)))
    for location, targets in sorted(game_map.fleet_adjacency.items()):
        name, province = "F " + location, facts.province[location]
        names.setdefault(province, []).append(name)
        by_province: dict[str, list[str]] = {}
        for target in sorted(targets):
            by_province.setdefault(facts.province[target], []).append(target)
        for target, coasts in sorted(by_province.items()):
            forms = (target,) if coasts == [target] else (target, *coasts)
            arrivals.setdefault(target, []).append((name, province, forms))
    return _Facts(
        map=game_map,
        names={p: tuple(n) for p, n in names.items()},
        arrivals={p: tuple(a) for p, a in arrivals.items()},
        water=facts.water,
        landings={sea: frozenset(p) for sea, p in landings.items()},
        coastal=coastal,
        convoy_areas=game_map.convoy_areas,
        own={},
        supports={},
    )


def _ordering_powers(
    game_map: Map, position: Position, rules: Rules, power: str | None
) -> set[str]:
    """The powers whose orders count: the map's, less the neutral and those in disorder."""
    powers = set(game_map.powers) - game_map.neutral_at(position.phase)
    powers -= {p.upper() for p in rules.disorder}
    if power is not None:
        powers &= {power.upper()}
    return powers


def possible_orders(
    position: Position, *, power: str | None = None, rules: Rules = DEFAULT_RULES
) -> dict[str, tuple[str, ...]]:
    """Every legal order of `position` (of `power` alone when given): location -> the sorted
    canonical order strings there, exactly what the order reader accepts as legal.

    Movement: holds, moves (`A LON - BEL VIA` by convoy), supports of holds and of every
    possible move, convoys; retreats: every retreat and the disband; adjustments: every build
    on every coast of each vacant owned site and `WAIVE` under each (for a power due builds),
    or every removal (for a power due removals). Locations are the unit's, or the build's with
    its coast (`STP/NC`). Neutral powers and those `rules.disorder` names give no orders.

        >>> import adjudicator
        >>> orders = adjudicator.possible_orders(adjudicator.start_position(), power="FRANCE")
        >>> orders["PAR"][:5]
        ('A PAR - BRE', 'A PAR - BUR', 'A PAR - GAS', 'A PAR - PIC', 'A PAR H')
    """
    game_map = load_map(position.variant).during(position.phase)
    powers = _ordering_powers(game_map, position, rules, power)
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        found = _Movement(_facts(game_map), position, powers).orders()
    elif kind is PhaseKind.RETREAT:
        found = _retreats(game_map, position, powers)
    else:
        found = _adjustments(game_map, position, powers)
    return {location: tuple(sorted(orders)) for location, orders in sorted(found.items())}


# -- movement -------------------------------------------------------------------------------


class _Movement:
    """One movement phase: the board's units by name, the fleets at sea and where they could
    carry each army; then the orders of the units of the ordering powers."""

    def __init__(self, facts: _Facts, position: Position, powers: set[str]) -> None:
        self.facts = facts
        self.units = units = position.units
        self.powers = powers
        self.names = {p: u.type + " " + u.location for p, u in units.items()}
        areas = facts.convoy_areas
        self.fleets = frozenset(
            p for p, u in units.items() if u.type is UnitType.FLEET and p in areas
        )
        self.convoyed: dict[str, frozenset[str]] = {}
        """Army's province -> where fleets could convoy it (neighbours included)."""
        self.arriving: dict[str, list[str]] = {}
        """Province -> the armies only a convoy could bring there (their supports depend on
        the fleets)."""
        self.carriers: dict[str, frozenset[str]] = {}
        """Army's province -> the fleets of the groups next to it (those that could carry it)."""
        self.without: dict[tuple[str, str], frozenset[str]] = {}
        self.needed: dict[str, dict[str, set[str]]] | None = None
        if self.fleets:
            self._find_convoys()

    def _find_convoys(self) -> None:
        facts = self.facts
        coastal, water, army_near = facts.coastal, facts.water, facts.map.army_adjacency
        groups: dict[str, tuple[frozenset[str], frozenset[str]]] = {}
        for province, unit in self.units.items():
            if unit.type is not UnitType.ARMY or province not in coastal:
                continue
            start = water.get(province, _NOTHING) & self.fleets
            if not start:
                continue
            landings: set[str] = set()
            carriers: set[str] = set()
            for fleet in start:
                if fleet not in groups:
                    self._group(fleet, self.fleets, groups)
                members, reached = groups[fleet]
                carriers |= members
                landings |= reached
            landings.discard(province)
            if landings:
                self.convoyed[province] = frozenset(landings)
                self.carriers[province] = frozenset(carriers)
                for target in landings.difference(army_near.get(province, _NOTHING)):
                    self.arriving.setdefault(target, []).append(province)

    def _group(
        self,
        fleet: str,
        fleets: frozenset[str],
        groups: dict[str, tuple[frozenset[str], frozenset[str]]],
    ) -> None:
        """Record the group of `fleets` linked to `fleet`, and its landings, for each of them."""
        water, landings = self.facts.water, self.facts.landings
        seen = {fleet}
        frontier = [fleet]
        while frontier:
            here = frontier.pop()
            for step in water.get(here, _NOTHING) & fleets:
                if step not in seen:
                    seen.add(step)
                    frontier.append(step)
        reached: set[str] = set()
        for sea in seen:
            reached |= landings.get(sea, _NOTHING)
        found = frozenset(seen), frozenset(reached)
        for sea in seen:
            groups[sea] = found

    def orders(self) -> dict[str, list[str]]:
        found: dict[str, list[str]] = {}
        facts, names = self.facts, self.names
        own, supports = facts.own, facts.supports
        for province, unit in self.units.items():
            if unit.power not in self.powers:
                continue
            name = names[province]
            out = list(own.get(name) or facts.own_orders(name))
            for where, other, orders in supports.get(name) or facts.support_orders(name):
                if names.get(where) == other:
                    out.extend(orders)
            if self.convoyed:
                self._by_fleets(province, name, out)
            found[unit.location] = out
        return found

    def _by_fleets(self, province: str, name: str, out: list[str]) -> None:
        """The orders of one unit that depend on the fleets at sea: its moves by convoy, its
        supports of others' convoyed moves and, for a fleet at sea, its convoys."""
        if province in self.convoyed:
            out.extend(f"{name} - {target} VIA" for target in self.convoyed[province])
        at_sea = province in self.fleets
        names = self.names
        for target in self.facts.reach(name):
            for army in self.arriving.get(target, ()):
                if army == province or target == province:
                    continue
                if (
                    at_sea
                    and province in self.carriers[army]
                    and target not in self._without(province, army)
                ):
                    continue  # only this fleet could carry the army there (DATC 6.D.31)
                out.append(f"{name} S {names[army]} - {target}")
        if at_sea:
            for army, landings in self._needed().get(province, {}).items():
                army_name = names[army]
                out.extend(f"{name} C {army_name} - {target}" for target in landings)

    def _without(self, fleet: str, army: str) -> frozenset[str]:
        """Where the army could be convoyed without this fleet."""
        found = self.without.get((fleet, army))
        if found is None:
            fleets = self.fleets - {fleet}
            groups: dict[str, tuple[frozenset[str], frozenset[str]]] = {}
            landings: set[str] = set()
            for first in self.facts.water.get(army, _NOTHING) & fleets:
                if first not in groups:
                    self._group(first, fleets, groups)
                landings |= groups[first][1]
            found = frozenset(landings)
            self.without[(fleet, army)] = found
        return found

    def _needed(self) -> dict[str, dict[str, set[str]]]:
        """Fleet -> army -> the landings some route of needed fleets carries it to with that
        fleet on it (computed once per position)."""
        if self.needed is None:
            self.needed = {}
            for army in self.convoyed:
                for fleet, targets in _routes(self.facts, self.fleets, army).items():
                    self.needed.setdefault(fleet, {})[army] = targets
        return self.needed


def _routes(facts: _Facts, fleets: frozenset[str], source: str) -> dict[str, set[str]]:
    """Fleet -> the landings it is on a route to from `source`, over routes of which every
    fleet is needed: no fleet touches the start or the landing or an earlier fleet but its
    neighbours on the route (the reader's test, DATC 6.G.19)."""
    water, landings = facts.water, facts.landings
    at_start = water.get(source, _NOTHING)
    found: dict[str, set[str]] = {}

    def walk(path: list[str], touched: frozenset[str]) -> None:
        last = path[-1]
        new = landings.get(last, _NOTHING) - touched - {source}
        if new:
            for fleet in path:
                found.setdefault(fleet, set()).update(new)
        before = path[:-1]
        for step in water.get(last, _NOTHING) & fleets:
            if step in path or step in at_start:
                continue
            if any(step in water[p] for p in before):
                continue
            walk([*path, step], touched | landings.get(last, _NOTHING))

    for first in at_start & fleets:
        walk([first], _NOTHING)
    return found


# -- retreats and adjustments ---------------------------------------------------------------


def _retreats(game_map: Map, position: Position, powers: set[str]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for dislodged in position.dislodged.values():
        unit = dislodged.unit
        if unit.power not in powers:
            continue
        name = unit.type + " " + unit.location
        out = [name + " D"]
        for place in dislodged.retreats:
            province = game_map.facts.province[place]
            if unit.type is UnitType.ARMY:
                out.append(f"{name} R {province}")
            else:
                targets = game_map.fleet_targets(unit.location, province)
                out.extend(f"{name} R {target}" for target in targets)
        found[unit.location] = sorted(set(out))
    return found


def _adjustments(game_map: Map, position: Position, powers: set[str]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for power, due in adjustment_counts(game_map, position).items():
        if power not in powers or due == 0:
            continue
        if due < 0:
            for unit in position.units.values():
                if unit.power == power:
                    found[unit.location] = [unit.type + " " + unit.location + " D"]
            continue
        for site in vacant_build_sites(game_map, position, power):
            for location, orders in _builds(game_map, site):
                found[location] = [*orders, "WAIVE"]
    return found


def _builds(game_map: Map, site: str) -> list[tuple[str, list[str]]]:
    """(location, the builds there) for one site: an army on land, fleets on each coast."""
    prov = game_map.provinces[site]
    if prov.coasts:
        coasts = [(loc, [f"F {loc} B"]) for loc in game_map.locations_of(site)]
        return [(site, [f"A {site} B"]), *coasts] if not prov.is_sea else coasts
    orders = []
    if not prov.is_sea:
        orders.append(f"A {site} B")
    if not prov.is_land and game_map.is_valid_location(UnitType.FLEET, site):
        orders.append(f"F {site} B")
    return [(site, orders)]
