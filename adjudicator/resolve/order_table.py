"""What a movement phase's orders say about one another, worked out once before adjudication.

Matching is static: which supports and convoys fit the order of the unit they name (the rest are
void), which fleets can form a convoy route for each army, and how each army travels (over land,
only by convoy, or by convoy with the land route as fallback; DATC 4.A.3). Everything is indexed
by unit number so that the decision solver works on plain lists.

The facts of the board the resolver asks about again and again (the province of a location,
which provinces are seas, where armies and fleets can go) are derived once per `Map`
(`map_facts`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from weakref import WeakKeyDictionary

from adjudicator.board.map import Map
from adjudicator.board.position import Position
from adjudicator.board.rules import Rules
from adjudicator.board.types import Unit, UnitType, coast_of, province_of
from adjudicator.orders.model import (
    Convoy,
    Hold,
    Move,
    MovementOrder,
    SupportHold,
    SupportMove,
    UnitRef,
)
from adjudicator.resolve.convoy import route_exists, route_fleets

# Order kinds.
HOLD, MOVE, SUPPORT, CONVOY = 0, 1, 2, 3
# How a move travels: over land (or sea, for fleets), only by convoy, or by convoy with the land
# route as a fallback when the convoy fails (DATC v2's adjacent-convoy rule and the 1971 rule).
LAND, BY_CONVOY, FALLBACK = 0, 1, 2
NONE = -1

_SUPPORTS = (SupportHold, SupportMove)


class _Provinces(dict[str, str]):
    """Location -> province for every location of a map; anything else is split on demand."""

    def __missing__(self, location: str) -> str:
        return province_of(location)


@dataclass(frozen=True, slots=True)
class MapFacts:
    """What the movement resolver asks of a map, as plain lookups (built once per map)."""

    province: Mapping[str, str]
    """Location ('STP/NC' or 'PAR') -> province."""
    seas: frozenset[str]
    army_near: Mapping[str, frozenset[str]]
    """Province -> the provinces an army there can move to."""
    fleet_near: Mapping[str, frozenset[str]]
    """Location -> the provinces a fleet there can move to (for convoy routes and retreats)."""
    coasts: Mapping[str, tuple[str, ...]]
    """Province with several coasts -> its coast locations."""


_FACTS: WeakKeyDictionary[Map, MapFacts] = WeakKeyDictionary()


def map_facts(game_map: Map) -> MapFacts:
    facts = _FACTS.get(game_map)
    if facts is None:
        provinces = _Provinces()
        for code in game_map.provinces:
            for location in game_map.locations_of(code):
                provinces[location] = code
            provinces[code] = code
        fleet_near = {
            loc: game_map.reachable_provinces(UnitType.FLEET, loc)
            for loc in game_map.fleet_adjacency
        }
        facts = MapFacts(
            province=provinces,
            seas=game_map.convoy_areas,
            army_near=game_map.army_adjacency,
            fleet_near=fleet_near,
            coasts={
                code: game_map.locations_of(code)
                for code, prov in game_map.provinces.items()
                if prov.coasts
            },
        )
        _FACTS[game_map] = facts
    return facts


@dataclass(frozen=True, slots=True)
class OrderTable:
    """The orders of one movement phase, indexed by unit number (units sorted by province).

    The sequences are lists for speed; nothing changes them after `build_table`.
    """

    facts: MapFacts
    units: Sequence[Unit]
    orders: Sequence[MovementOrder]
    kind: Sequence[int]
    power: Sequence[str]
    province: Sequence[str]
    index: Mapping[str, int]
    """Province -> number of the unit standing there."""
    dest: Sequence[str]
    """The target province of a move ('' for other orders)."""
    occupant: Sequence[int]
    """For a move: the unit standing in its target province (NONE when empty)."""
    facing: Sequence[int]
    """For a move: the move coming the opposite way from its target (NONE when there is none),
    when neither must go by convoy: the head-to-head battle, unless a fallback convoy carries
    one of them."""
    route: Sequence[int]
    """LAND, BY_CONVOY or FALLBACK for a move (LAND for other orders)."""
    has_route: Sequence[bool]
    """For a move that may go by convoy: could the ordered fleets form a route at all?"""
    stranded: Sequence[bool]
    """A move that must go by convoy where no fleets at sea could make a route: it fails and the
    unit counts as holding."""
    convoy_fleets: Sequence[tuple[int, ...]]
    """For a move that may go by convoy: the convoying fleets that lie on some route."""
    backers: Sequence[tuple[int, ...]]
    """Matching supports: of the move for a moving unit, of its holding for any other unit."""
    supported: Sequence[int]
    """For a support: the number of the unit it supports (NONE when void)."""
    support_area: Sequence[str]
    """For a support: the province the support is given into ('' for other orders)."""
    convoyed: Sequence[int]
    """For a convoy: the army it carries (NONE when void or not used)."""
    void: Sequence[str | None]
    """Why a support or convoy has no effect (it is void or its army goes over land)."""
    moves_into: Mapping[str, Sequence[int]]
    convoying_seas: frozenset[str]
    """Sea provinces holding a fleet whose convoy is in use (for the 1982 paradox rule)."""

    @property
    def size(self) -> int:
        return len(self.units)


def _unit_string(ref: UnitRef) -> str:
    return f"{ref.type.value} {ref.province}"


def _support_void(
    order: SupportHold | SupportMove,
    own: int,
    index: Mapping[str, int],
    kind: list[int],
    dest: list[str],
    orders: list[MovementOrder],
    provinces: Mapping[str, str],
) -> tuple[int, str | None]:
    """The supported unit's number and, when the support does not match its order, why.

    A support may leave out the coast of the move it supports (DATC 6.B.15), but a coast it
    names must be the one the move goes to (4.B.4, 6.B.9).
    """
    target = index.get(provinces[order.supported.location], NONE)
    if target == NONE:
        return NONE, f"void: no unit in {order.supported.province}"
    name = _unit_string(order.supported)
    if target == own:
        return NONE, f"void: {name} cannot support itself"
    if isinstance(order, SupportMove):
        wanted = provinces[order.target]
        if kind[target] != MOVE:
            if dest[target] == wanted:
                return NONE, f"void: {name} has no convoy route to {wanted}"
            return NONE, f"void: {name} did not move to {wanted}"
        if dest[target] != wanted:
            return NONE, f"void: {name} did not move to {wanted}"
        named = coast_of(order.target)
        if named:
            theirs = orders[target]
            went = isinstance(theirs, Move) and coast_of(theirs.target)
            if went and named != went:
                return NONE, f"void: {name} did not move to {order.target}"
    elif kind[target] == MOVE:
        return NONE, f"void: {name} did not hold"
    return target, None


def _convoy_void(
    order: Convoy,
    index: Mapping[str, int],
    units: list[Unit],
    orders: list[MovementOrder],
    provinces: Mapping[str, str],
) -> tuple[int, str | None]:
    army = index.get(provinces[order.army.location], NONE)
    wanted = provinces[order.target]
    if army == NONE or units[army].type is not UnitType.ARMY:
        return NONE, f"void: no army in {order.army.province}"
    theirs = orders[army]
    if not isinstance(theirs, Move) or provinces[theirs.target] != wanted:
        return NONE, f"void: {_unit_string(order.army)} did not move to {wanted}"
    return army, None


def _route_mode(
    game_map: Map,
    rules: Rules,
    i: int,
    move: Move,
    units: list[Unit],
    orders: list[MovementOrder],
    index: Mapping[str, int],
    candidates: list[int],
    has_route: bool,
) -> int:
    """DATC 4.A.3: does this move use a convoy, and may it fall back to the land route?"""
    unit = units[i]
    if unit.type is not UnitType.ARMY:
        return LAND
    source, target = unit.province, province_of(move.target)
    if target not in game_map.army_adjacency.get(source, frozenset()):
        return BY_CONVOY
    if rules.adjacent_convoy == "1971":
        other = index.get(target, NONE)
        theirs = orders[other] if other != NONE else None
        swapping = isinstance(theirs, Move) and province_of(theirs.target) == source
        return FALLBACK if swapping and has_route else LAND
    intent = move.via_convoy or any(units[c].power == unit.power for c in candidates)
    if not intent:
        return LAND
    if rules.adjacent_convoy == "land_fallback":
        return FALLBACK if has_route else LAND
    return BY_CONVOY


def build_table(
    game_map: Map,
    position: Position,
    orders: Mapping[str, MovementOrder],
    rules: Rules,
) -> OrderTable:
    """Index units and orders and match every support and convoy with what it names."""
    facts = map_facts(game_map)
    prov = facts.province
    by_province = orders
    if any("/" in key for key in orders):  # keyed by location: key by province
        by_province = {prov[key]: order for key, order in orders.items()}
    board = position.units
    provinces = sorted(board)
    units = [board[p] for p in provinces]
    index = {p: i for i, p in enumerate(provinces)}
    n = len(units)
    given: list[MovementOrder] = []
    kind = [HOLD] * n
    dest = [""] * n
    void: list[str | None] = [None] * n
    moves: list[int] = []
    supports: list[int] = []
    convoys: list[int] = []
    candidates: dict[int, list[int]] = {}
    """Army -> the fleets at sea whose convoy matches its move."""
    maybe_convoyed: set[int] = set()
    """Armies moving where they could not go over land, or ordered to go by convoy."""
    army_near = facts.army_near
    for i, (p, unit) in enumerate(zip(provinces, units, strict=True)):
        order = by_province.get(p)
        if order is None:
            order = Hold(UnitRef(unit.type, unit.location))
        given.append(order)
        if isinstance(order, Move):
            moves.append(i)
            kind[i] = MOVE
            dest[i] = target = prov[order.target]
            if unit.type is UnitType.ARMY and (
                order.via_convoy or target not in army_near.get(p, ())
            ):
                maybe_convoyed.add(i)
        elif isinstance(order, _SUPPORTS):
            supports.append(i)
            kind[i] = SUPPORT
        elif isinstance(order, Convoy):
            convoys.append(i)
            kind[i] = CONVOY
    for i in convoys:
        order = given[i]
        assert isinstance(order, Convoy)
        army, reason = _convoy_void(order, index, units, given, prov)
        if reason is None and provinces[i] not in facts.seas:
            reason = f"void: {units[i]} is not at sea"
        void[i] = reason
        if reason is None:
            candidates.setdefault(army, []).append(i)

    route = [LAND] * n
    has_route = [False] * n
    stranded = [False] * n
    convoy_fleets: list[tuple[int, ...]] = [()] * n
    # Every other move goes over land (or sea): the common case, with no convoy involved.
    for i in sorted(maybe_convoyed.union(candidates)):
        order = given[i]
        assert isinstance(order, Move)
        fleets = candidates.get(i, [])
        if fleets:
            fleet_at = {provinces[c]: c for c in fleets}
            on_route = route_fleets(game_map, provinces[i], dest[i], fleet_at)
            has_route[i] = bool(on_route)
            convoy_fleets[i] = tuple(sorted(fleet_at[p] for p in on_route))
        route[i] = _route_mode(game_map, rules, i, order, units, given, index, fleets, has_route[i])
        if route[i] == BY_CONVOY and not has_route[i]:
            # No route even with every fleet at sea (DATC 6.D.32): impossible in this position,
            # so the unit holds and may be supported in holding. With fleets that merely did not
            # convoy (6.D.8) it is a failed move.
            seas_with_fleets = [
                p
                for p, u in zip(provinces, units, strict=True)
                if u.type is UnitType.FLEET and p in facts.seas
            ]
            stranded[i] = not route_exists(
                game_map, provinces[i], dest[i], seas_with_fleets, lambda _: True
            )
            if stranded[i]:
                kind[i] = HOLD

    moves_into: dict[str, list[int]] = {}
    occupant = [NONE] * n
    facing = [NONE] * n
    for i in moves:
        if kind[i] != MOVE:
            continue
        target = dest[i]
        if target in moves_into:
            moves_into[target].append(i)
        else:
            moves_into[target] = [i]
        o = index.get(target, NONE)
        occupant[i] = o
        if (
            o != NONE
            and kind[o] == MOVE
            and dest[o] == provinces[i]
            and route[i] != BY_CONVOY
            and route[o] != BY_CONVOY
        ):
            facing[i] = o

    supported = [NONE] * n
    support_area = [""] * n
    backers: list[tuple[int, ...]] = [()] * n
    for i in supports:
        order = given[i]
        assert isinstance(order, _SUPPORTS)
        backed, void[i] = _support_void(order, i, index, kind, dest, given, prov)
        supported[i] = backed
        if backed != NONE:
            backers[backed] += (i,)
        support_area[i] = (
            prov[order.target] if isinstance(order, SupportMove) else prov[order.supported.location]
        )

    convoyed = [NONE] * n
    convoying_seas: set[str] = set()
    for i, fleets in candidates.items():
        used = frozenset(convoy_fleets[i]) if route[i] != LAND else frozenset()
        for c in fleets:
            if c in used:
                convoyed[c] = i
                convoying_seas.add(provinces[c])
            elif route[i] == LAND:
                void[c] = f"void: {units[i]} - {dest[i]} does not go by convoy"
            elif has_route[i]:
                void[c] = f"void: {units[c]} is not on a convoy route to {dest[i]}"

    return OrderTable(
        facts=facts,
        units=units,
        orders=given,
        kind=kind,
        power=[u.power for u in units],
        province=provinces,
        index=index,
        dest=dest,
        occupant=occupant,
        facing=facing,
        route=route,
        has_route=has_route,
        stranded=stranded,
        convoy_fleets=convoy_fleets,
        backers=backers,
        supported=supported,
        support_area=support_area,
        convoyed=convoyed,
        void=void,
        moves_into=moves_into,
        convoying_seas=frozenset(convoying_seas),
    )
