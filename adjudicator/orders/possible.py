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
from typing import Final

from adjudicator.board.adjustments import adjustment_counts, vacant_build_sites
from adjudicator.board.bounded import keep
from adjudicator.board.map import Map, load_map
from adjudicator.board.position import Position
from adjudicator.board.rules import DEFAULT_RULES, Rules
from adjudicator.board.seas import Seas, reached, seas_of
from adjudicator.board.types import PhaseKind, UnitType

PossibleOrders = Mapping[str, tuple[str, ...]]
_Unit = tuple[tuple[str, ...], tuple[tuple[str, tuple[str, ...]], ...], int]
"""What a unit may be ordered to do whoever stands around: its hold and moves by land or sea;
(the name of another unit, the supports of it holding or moving by land or sea), by the first
place of the other it supports; the coastal provinces it reaches (bits of `Seas.coast_bit`),
where the convoyed moves it may support land."""
"""Location -> the canonical strings of every legal order there."""

_NOTHING: Final[frozenset[str]] = frozenset()
_CARRIED_LIMIT: Final = 1 << 12


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
    reach_of: dict[str, frozenset[str]]
    """Name -> the provinces it reaches (`reach`)."""
    units: dict[str, _Unit]
    """Name -> what a unit of that name may be ordered to do whoever stands around (`unit`)."""
    by_sea: dict[str, Mapping[str, tuple[str, str | None]]]
    """Army's name -> coastal province -> its move there by convoy ("A LON - BEL VIA") and, for
    a province it does not border, the end of a support of that move (" S A LON - BEL")."""
    carried: dict[tuple[str, int], _Carried]
    """(army's province, the fleets at sea linked to it) -> its convoys (`carry`)."""

    def carry(self, army: str, carriers: int) -> _Carried:
        """What the fleets at sea linked to an army (`carriers`, bits) can do for it: facts of
        the map, the same in every position with those fleets, so found once (the table is
        bounded: cleared when full; an entry is about 4 KB, the table 16 MB at most)."""
        key = (army, carriers)
        found = self.carried.get(key)
        if found is None:
            found = keep(self.carried, key, _carried(self, army, carriers), _CARRIED_LIMIT)
        return found

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

    def unit(self, name: str) -> _Unit:
        found = self.units.get(name)
        if found is None:
            location = name[2:]
            if name[0] == "A":
                targets = self.map.army_adjacency.get(location, _NOTHING)
            else:
                targets = self.map.fleet_adjacency.get(location, _NOTHING)
            coast_bit = self.seas.coast_bit
            found = self.units[name] = (
                (name + " H", *(name + " - " + t for t in sorted(targets))),
                self._support_orders(name),
                sum(coast_bit.get(p, 0) for p in self.reach(name)),
            )
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

    def _support_orders(self, name: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
        here = self.map.facts.province[name[2:]]
        table: dict[str, list[str]] = {}
        for target in sorted(self.reach(name) - {here}):
            for other in self.names.get(target, ()):
                table.setdefault(other, []).append(f"{name} S {other}")
            for other, province, forms in self.arrivals.get(target, ()):
                if province != here:
                    moves = table.setdefault(other, [])
                    moves.extend(f"{name} S {other} - {form}" for form in forms)
        return tuple((other, tuple(orders)) for other, orders in table.items())


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
        reach_of={},
        units={},
        by_sea={},
        carried={},
    )


@dataclass(frozen=True, slots=True)
class _Carried:
    """An army's orders over the fleets at sea linked to it, and the fleets' orders for it."""

    landings: tuple[str, ...]
    """Where those fleets could convoy the army (neighbours included), sorted."""
    via: tuple[str, ...]
    """Its moves there by convoy ("A LON - BEL VIA")."""
    far: tuple[tuple[str, str], ...]
    """(landing, the end of the order supporting the move there: " S A LON - BEL") for the
    landings the army does not border: only a convoy brings it there."""
    convoys: Mapping[int, tuple[str, ...]]
    """Fleet bit -> its convoys of the army ("F NTH C A LON - BEL"), to every landing some
    route of needed fleets with it on it reaches (the reader's test, DATC 6.G.19); the fleet
    named by its area (`_Movement.orders` renames one on a coast of a port)."""
    without: Mapping[int, int]
    """Fleet bit -> the landings (coast bits) the other fleets could carry the army to."""


def _carried(facts: _Facts, army: str, carriers: int) -> _Carried:
    seas, name = facts.seas, "A " + army
    landings = seas.landing_names(seas.landings(carriers) & ~seas.coast_bit[army])
    ways = facts.by_sea.get(name) or facts.by_sea_orders(name)
    convoys = {
        fleet: tuple(
            f"F {seas.areas[fleet.bit_length() - 1]} C {name} - {target}"
            for target in seas.landing_names(reached)
        )
        for fleet, reached in seas.needed(carriers, army).items()
    }
    start, without = seas.water[army], {}
    rest = carriers
    while rest:
        fleet = rest & -rest
        rest ^= fleet
        others = carriers & ~fleet
        without[fleet] = seas.landings(seas.spread(start & others, others))
    return _Carried(
        landings=landings,
        via=tuple(ways[target][0] for target in landings),
        far=tuple((t, support) for t in landings if (support := ways[t][1]) is not None),
        convoys=convoys,
        without=without,
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
    """One movement phase: the board's units by name, the fleets at sea and what they could
    do for each army next to them (`_Facts.carry`); then the orders of the units of the
    ordering powers."""

    def __init__(self, facts: _Facts, position: Position, powers: set[str]) -> None:
        self.facts = facts
        self.units = units = position.units
        self.powers = powers
        self.names = {p: u.type + " " + u.location for p, u in units.items()}
        area_bit = facts.seas.area_bit
        self.at_sea = {
            p: area_bit[p] for p, u in units.items() if u.type is UnitType.FLEET and p in area_bit
        }
        """Province -> its bit, for each fleet at sea (in a convoy area)."""
        self.carried: dict[str, tuple[int, _Carried]] = {}
        """Army's province -> the fleets at sea linked to it and what they could do for it."""
        self.arriving: dict[str, list[tuple[str, str]]] = {}
        """Province -> the armies only a convoy could bring there, each with the end of the
        order supporting that (" S A LON - BEL"): these supports depend on the fleets."""
        self.arrivals = 0
        """The provinces of `arriving` (bits of `Seas.coast_bit`)."""
        self.convoys: dict[int, list[str]] = {}
        """Fleet bit -> its convoys ("F NTH C A LON - BEL"), army by army."""
        if self.at_sea:
            self._find_convoys(sum(self.at_sea.values()))

    def _find_convoys(self, fleets: int) -> None:
        facts, seas = self.facts, self.facts.seas
        coastal, water, coast_bit = facts.coastal, seas.water, seas.coast_bit
        groups = seas.groups(fleets)
        arriving, convoys = self.arriving, self.convoys
        for province, unit in self.units.items():
            if unit.type is not UnitType.ARMY or province not in coastal:
                continue
            start = water.get(province, 0) & fleets
            if not start:
                continue
            carriers = reached(start, groups)[0]
            carried = facts.carry(province, carriers)
            if not carried.landings:
                continue
            self.carried[province] = carriers, carried
            for target, support in carried.far:
                if target in arriving:
                    arriving[target].append((province, support))
                else:
                    arriving[target] = [(province, support)]
                    self.arrivals |= coast_bit[target]
            for fleet, ends in carried.convoys.items():
                if fleet in convoys:
                    convoys[fleet].extend(ends)
                else:
                    convoys[fleet] = list(ends)

    def orders(self) -> dict[str, tuple[str, ...]]:
        found: dict[str, tuple[str, ...]] = {}
        facts, names, powers = self.facts, self.names, self.powers
        known, carried, at_sea, arrivals = facts.units, self.carried, self.at_sea, self.arrivals
        spots = set(names.values())
        for province, unit in self.units.items():
            if unit.power not in powers:
                continue
            name = names[province]
            own, supports, reach = known.get(name) or facts.unit(name)
            out = list(own)
            if province in carried:
                out.extend(carried[province][1].via)
            for other, supporting in supports:  # the table's order: same in every process
                if other in spots:
                    out.extend(supporting)
            if reach & arrivals:
                self._supports_by_sea(province, name, out, reach & arrivals)
            if province in at_sea:
                convoys = self.convoys.get(at_sea[province], ())
                if unit.location != province:  # on a coast of a port: named with it
                    convoys = [name + order[len(province) + 2 :] for order in convoys]
                out.extend(convoys)
            found[unit.location] = tuple(out)
        return found

    def _supports_by_sea(self, province: str, name: str, out: list[str], targets: int) -> None:
        """A unit's supports of others' moves by convoy into `targets`, the places it reaches
        that such moves land at (read out sorted, so the same in every process; its own
        province is never among them)."""
        arriving, seas = self.arriving, self.facts.seas
        bit = self.at_sea.get(province, 0)
        for target in seas.landing_names(targets):
            found = arriving[target]
            if not bit:  # not a fleet at sea: it carries nobody, so it supports every such move
                out.extend([name + support for _, support in found])
                continue
            landing = seas.coast_bit[target]
            for army, support in found:
                carriers, carried = self.carried[army]
                if bit & carriers and not carried.without[bit] & landing:
                    continue  # only this fleet could carry the army there (DATC 6.D.31)
                out.append(name + support)


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
