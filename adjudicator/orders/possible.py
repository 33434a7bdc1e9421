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
from adjudicator.board.seas import Seas, reached, seas_of
from adjudicator.board.types import PhaseKind, UnitType

PossibleOrders = Mapping[str, tuple[str, ...]]
"""Location -> the canonical strings of every legal order there."""

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
    seas: Seas
    coastal: frozenset[str]
    own: dict[str, tuple[str, ...]]
    """Name -> its hold and its moves by land or sea."""
    reach_of: dict[str, frozenset[str]]
    """Name -> the provinces it reaches (`reach`)."""
    supports: dict[str, Mapping[str, tuple[str, ...]]]
    """Name -> name of another unit -> the supports of it holding or moving by land or sea
    that a unit of the first name may give."""
    by_sea: dict[str, Mapping[str, tuple[str, str | None]]]
    """Army's name -> coastal province -> its move there by convoy ("A LON - BEL VIA") and, for
    a province it does not border, the end of a support of that move (" S A LON - BEL")."""

    def reach(self, name: str) -> frozenset[str]:
        """The provinces a unit of this name moves to in one step (where it may support)."""
        known = self.reach_of.get(name)
        if known is not None:
            return known
        location = name[2:]
        if name[0] == "A":
            found = self.map.army_adjacency.get(location, _NOTHING)
        else:
            found = self.map.facts.fleet_near.get(location, _NOTHING)
        self.reach_of[name] = found
        return found

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

    def support_orders(self, name: str) -> Mapping[str, tuple[str, ...]]:
        found = self.supports.get(name)
        if found is None:
            found = self._support_orders(name)
            self.supports[name] = found
        return found

    def by_sea_orders(self, name: str) -> Mapping[str, tuple[str, str | None]]:
        found = self.by_sea.get(name)
        if found is None:
            near = self.map.army_adjacency.get(name[2:], _NOTHING)
            found = {
                target: (
                    f"{name} - {target} VIA",
                    None if target in near else f" S {name} - {target}",
                )
                for target in self.seas.coasts
            }
            self.by_sea[name] = found
        return found

    def _support_orders(self, name: str) -> Mapping[str, tuple[str, ...]]:
        here = self.map.facts.province[name[2:]]
        table: dict[str, list[str]] = {}
        for target in sorted(self.reach(name) - {here}):
            for other in self.names.get(target, ()):
                table.setdefault(other, []).append(f"{name} S {other}")
            for other, province, forms in self.arrivals.get(target, ()):
                if province != here:
                    moves = table.setdefault(other, [])
                    moves.extend(f"{name} S {other} - {form}" for form in forms)
        return {other: tuple(orders) for other, orders in table.items()}


@cache
def _facts(game_map: Map) -> _Facts:
    facts = game_map.facts
    coastal = frozenset(p for p, prov in game_map.provinces.items() if prov.is_coastal)
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
        seas=seas_of(game_map),
        coastal=coastal,
        own={},
        reach_of={},
        supports={},
        by_sea={},
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
    """Every legal order of `position` (of `power` alone when given): location -> the
    canonical order strings there, exactly what the order reader accepts as legal, in a fixed
    order by kind (the hold, moves, moves via convoy, supports, convoys; sort them for another).

    Movement: holds, moves (`A LON - BEL VIA` by convoy), supports of holds and of every
    possible move, convoys; retreats: every retreat and the disband; adjustments: every build
    on every coast of each vacant owned site and `WAIVE` under each (for a power due builds),
    or every removal (for a power due removals). Locations are the unit's, or the build's with
    its coast (`STP/NC`). Neutral powers and those `rules.disorder` names give no orders.

        >>> import adjudicator
        >>> orders = adjudicator.possible_orders(adjudicator.start_position(), power="FRANCE")
        >>> orders["PAR"][:5]
        ('A PAR H', 'A PAR - BRE', 'A PAR - BUR', 'A PAR - GAS', 'A PAR - PIC')
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
    return found


# -- movement -------------------------------------------------------------------------------


class _Movement:
    """One movement phase: the board's units by name, the fleets at sea and where they could
    carry each army; then the orders of the units of the ordering powers."""

    def __init__(self, facts: _Facts, position: Position, powers: set[str]) -> None:
        self.facts = facts
        self.seas = seas = facts.seas
        self.units = units = position.units
        self.powers = powers
        self.names = {p: u.type + " " + u.location for p, u in units.items()}
        area_bit = seas.area_bit
        self.fleets = sum(
            area_bit[p] for p, u in units.items() if u.type is UnitType.FLEET and p in area_bit
        )
        self.convoyed: dict[str, tuple[str, ...]] = {}
        """Army's province -> where fleets could convoy it (neighbours included)."""
        self.carriers: dict[str, int] = {}
        """Army's province -> the fleets that could carry it (bits)."""
        self.arriving: dict[str, list[tuple[str, str]]] = {}
        """Province -> the armies only a convoy could bring there, each with the end of the
        order supporting that (" S A LON - BEL"): these supports depend on the fleets."""
        self.needed: dict[int, dict[str, int]] | None = None
        self.linked: dict[tuple[int, str], int] = {}
        """(fleet bit, army's province) -> the other fleets at sea linked to the army."""
        if self.fleets:
            self._find_convoys()

    def _find_convoys(self) -> None:
        seas, fleets = self.seas, self.fleets
        facts = self.facts
        coastal, by_sea = facts.coastal, facts.by_sea
        groups = seas.groups(fleets)
        for province, unit in self.units.items():
            if unit.type is not UnitType.ARMY or province not in coastal:
                continue
            start = seas.water.get(province, 0) & fleets
            if not start:
                continue
            carriers, landings = reached(start, groups)
            landings &= ~seas.coast_bit[province]
            if landings:
                targets = seas.landing_names(landings)
                self.convoyed[province] = targets
                self.carriers[province] = carriers
                ways = by_sea.get(self.names[province]) or facts.by_sea_orders(self.names[province])
                for target in targets:
                    support = ways[target][1]
                    if support is not None:
                        self.arriving.setdefault(target, []).append((province, support))

    def orders(self) -> dict[str, tuple[str, ...]]:
        found: dict[str, tuple[str, ...]] = {}
        facts, names = self.facts, self.names
        own, supports, by_sea = facts.own, facts.supports, facts.by_sea
        arriving, convoyed = frozenset(self.arriving), self.convoyed
        spots = set(names.values())
        reach_of, area_bit, fleets = facts.reach_of, self.seas.area_bit, self.fleets
        at_sea = {p for p in self.units if area_bit.get(p, 0) & fleets} if convoyed else ()
        for province, unit in self.units.items():
            if unit.power not in self.powers:
                continue
            name = names[province]
            out = list(own.get(name) or facts.own_orders(name))
            if province in convoyed:
                ways = by_sea.get(name) or facts.by_sea_orders(name)
                out.extend([ways[target][0] for target in convoyed[province]])
            table = supports.get(name) or facts.support_orders(name)
            for other, supporting in table.items():  # the table's order: same in every process
                if other in spots:
                    out.extend(supporting)
            near = (reach_of.get(name) or facts.reach(name)) & arriving if arriving else None
            if near:
                self._supports_by_sea(province, name, out, near)
            if province in at_sea:
                self._convoys(province, name, out)
            found[unit.location] = tuple(out)
        return found

    def _supports_by_sea(
        self, province: str, name: str, out: list[str], near: frozenset[str]
    ) -> None:
        """A unit's supports of others' moves by convoy into `near`, the places it reaches
        that such moves arrive at (none its own province, which is never in its reach)."""
        bit = self.seas.area_bit.get(province, 0) & self.fleets
        water, others = self.seas.water, self.fleets & ~bit
        arriving, carriers = self.arriving, self.carriers
        for target in sorted(near):  # a set: sorted, so the order is the same in every process
            for army, support in arriving[target]:
                if bit & carriers[army] and not (
                    water[army] & water[target] & others  # another fleet carries it alone
                    or self._carried_without(bit, army, target)
                ):
                    continue  # only this fleet could carry the army there (DATC 6.D.31)
                out.append(name + support)

    def _convoys(self, province: str, name: str, out: list[str]) -> None:
        """The convoys of a fleet at sea."""
        seas = self.seas
        for army, landings in self._needed().get(seas.area_bit[province], {}).items():
            convoy = f"{name} C {self.names[army]} - "
            out.extend([convoy + target for target in seas.landing_names(landings)])

    def _carried_without(self, fleet: int, army: str, target: str) -> bool:
        """Could the other fleets at sea carry the army to the target? (The fleets the others
        link to the army are remembered per fleet and army: a fleet asks for several targets.)"""
        seas, key = self.seas, (fleet, army)
        linked = self.linked.get(key)
        if linked is None:
            fleets = self.fleets & ~fleet
            linked = seas.spread(seas.water.get(army, 0) & fleets, fleets)
            self.linked[key] = linked
        return bool(linked & seas.water.get(target, 0))

    def _needed(self) -> dict[int, dict[str, int]]:
        """Fleet bit -> army -> the landings some route of needed fleets carries it to with
        that fleet on it (computed once per position)."""
        if self.needed is None:
            self.needed = {}
            for army in self.convoyed:
                for fleet, targets in self.seas.needed(self.fleets, army).items():
                    self.needed.setdefault(fleet, {})[army] = targets
        return self.needed


# -- retreats and adjustments ---------------------------------------------------------------


def _retreats(game_map: Map, position: Position, powers: set[str]) -> dict[str, tuple[str, ...]]:
    found: dict[str, tuple[str, ...]] = {}
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
        found[unit.location] = tuple(sorted(set(out)))
    return found


def _adjustments(game_map: Map, position: Position, powers: set[str]) -> dict[str, tuple[str, ...]]:
    found: dict[str, tuple[str, ...]] = {}
    for power, due in adjustment_counts(game_map, position).items():
        if power not in powers or due == 0:
            continue
        if due < 0:
            for unit in position.units.values():
                if unit.power == power:
                    found[unit.location] = (unit.type + " " + unit.location + " D",)
            continue
        for site in vacant_build_sites(game_map, position, power):
            for location, orders in _builds(game_map, site):
                found[location] = (*orders, "WAIVE")
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
