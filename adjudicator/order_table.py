"""What a movement phase's orders say about one another, worked out once before adjudication.

Matching is static: which supports and convoys fit the order of the unit they name (the rest are
void), which fleets can form a convoy route for each army, and how each army travels (over land,
only by convoy, or by convoy with the land route as fallback; DATC 4.A.3). Everything is indexed
by unit number so that the decision solver works on plain tuples.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from adjudicator.convoy import route_exists, route_fleets
from adjudicator.map import Map
from adjudicator.orders import Convoy, Hold, Move, MovementOrder, SupportHold, SupportMove, UnitRef
from adjudicator.position import Position
from adjudicator.rules import Rules
from adjudicator.types import Unit, UnitType, coast_of, province_of

# Order kinds.
HOLD, MOVE, SUPPORT, CONVOY = 0, 1, 2, 3
# How a move travels: over land (or sea, for fleets), only by convoy, or by convoy with the land
# route as a fallback when the convoy fails (DATC v2's adjacent-convoy rule and the 1971 rule).
LAND, BY_CONVOY, FALLBACK = 0, 1, 2
NONE = -1


@dataclass(frozen=True, slots=True)
class OrderTable:
    """The orders of one movement phase, indexed by unit number (units sorted by province)."""

    units: tuple[Unit, ...]
    orders: tuple[MovementOrder, ...]
    kind: tuple[int, ...]
    power: tuple[str, ...]
    province: tuple[str, ...]
    index: Mapping[str, int]
    """Province -> number of the unit standing there."""
    dest: tuple[str, ...]
    """The target province of a move ('' for other orders)."""
    route: tuple[int, ...]
    """LAND, BY_CONVOY or FALLBACK for a move (LAND for other orders)."""
    has_route: tuple[bool, ...]
    """For a move that may go by convoy: could the ordered fleets form a route at all?"""
    stranded: tuple[bool, ...]
    """A move that must go by convoy where no fleets at sea could make a route: it fails and the
    unit counts as holding."""
    convoy_fleets: tuple[tuple[int, ...], ...]
    """For a move that may go by convoy: the convoying fleets that lie on some route."""
    backers: tuple[tuple[int, ...], ...]
    """Matching supports: of the move for a moving unit, of its holding for any other unit."""
    supported: tuple[int, ...]
    """For a support: the number of the unit it supports (NONE when void)."""
    support_area: tuple[str, ...]
    """For a support: the province the support is given into ('' for other orders)."""
    convoyed: tuple[int, ...]
    """For a convoy: the army it carries (NONE when void or not used)."""
    void: tuple[str | None, ...]
    """Why a support or convoy has no effect (it is void or its army goes over land)."""
    moves_into: Mapping[str, tuple[int, ...]]
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
) -> tuple[int, str | None]:
    """The supported unit's number and, when the support does not match its order, why.

    A support may leave out the coast of the move it supports (DATC 6.B.15), but a coast it
    names must be the one the move goes to (4.B.4, 6.B.9).
    """
    target = index.get(order.supported.province, NONE)
    name = _unit_string(order.supported)
    if target == NONE:
        return NONE, f"void: no unit in {order.supported.province}"
    if target == own:
        return NONE, f"void: {name} cannot support itself"
    if isinstance(order, SupportMove):
        wanted = province_of(order.target)
        if dest[target] == wanted and kind[target] != MOVE:
            return NONE, f"void: {name} has no convoy route to {wanted}"
        if kind[target] != MOVE or dest[target] != wanted:
            return NONE, f"void: {name} did not move to {wanted}"
        theirs = orders[target]
        named, went = coast_of(order.target), isinstance(theirs, Move) and coast_of(theirs.target)
        if named and went and named != went:
            return NONE, f"void: {name} did not move to {order.target}"
    elif kind[target] == MOVE:
        return NONE, f"void: {name} did not hold"
    return target, None


def _convoy_void(
    order: Convoy,
    index: Mapping[str, int],
    units: list[Unit],
    orders: list[MovementOrder],
) -> tuple[int, str | None]:
    army = index.get(order.army.province, NONE)
    wanted = province_of(order.target)
    name = _unit_string(order.army)
    if army == NONE or units[army].type is not UnitType.ARMY:
        return NONE, f"void: no army in {order.army.province}"
    theirs = orders[army]
    if not isinstance(theirs, Move) or province_of(theirs.target) != wanted:
        return NONE, f"void: {name} did not move to {wanted}"
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
    by_province = {
        (key if "/" not in key else province_of(key)): order for key, order in orders.items()
    }
    provinces = sorted(position.units)
    units = [position.units[p] for p in provinces]
    index = {p: i for i, p in enumerate(provinces)}
    given: list[MovementOrder] = [
        by_province.get(p) or Hold(UnitRef(u.type, u.location))
        for p, u in zip(provinces, units, strict=True)
    ]
    n = len(units)
    kind = [HOLD] * n
    dest = [""] * n
    void: list[str | None] = [None] * n
    candidates: list[list[int]] = [[] for _ in range(n)]
    for i, order in enumerate(given):
        if isinstance(order, Move):
            kind[i] = MOVE
            dest[i] = province_of(order.target)
        elif isinstance(order, SupportHold | SupportMove):
            kind[i] = SUPPORT
        elif isinstance(order, Convoy):
            kind[i] = CONVOY
            army, reason = _convoy_void(order, index, units, given)
            if reason is None and not game_map.provinces[provinces[i]].is_sea:
                reason = f"void: {units[i]} is not at sea"
            void[i] = reason
            if reason is None:
                candidates[army].append(i)

    seas_with_fleets = [
        p
        for p, u in zip(provinces, units, strict=True)
        if u.type is UnitType.FLEET and game_map.provinces[p].is_sea
    ]
    route = [LAND] * n
    has_route = [False] * n
    stranded = [False] * n
    convoy_fleets: list[tuple[int, ...]] = [()] * n
    for i, order in enumerate(given):
        if not isinstance(order, Move):
            continue
        if candidates[i]:
            fleet_at = {provinces[c]: c for c in candidates[i]}
            on_route = route_fleets(game_map, provinces[i], dest[i], fleet_at)
            has_route[i] = bool(on_route)
            convoy_fleets[i] = tuple(sorted(fleet_at[p] for p in on_route))
        route[i] = _route_mode(
            game_map, rules, i, order, units, given, index, candidates[i], has_route[i]
        )
        if route[i] == BY_CONVOY and not has_route[i]:
            # No route even with every fleet at sea (DATC 6.D.32): impossible in this position,
            # so the unit holds and may be supported in holding. With fleets that merely did not
            # convoy (6.D.8) it is a failed move.
            stranded[i] = not route_exists(
                game_map, provinces[i], dest[i], seas_with_fleets, lambda _: True
            )
            if stranded[i]:
                kind[i] = HOLD

    moves_into: dict[str, list[int]] = {}
    for i in range(n):
        if kind[i] == MOVE:
            moves_into.setdefault(dest[i], []).append(i)

    supported = [NONE] * n
    support_area = [""] * n
    for i, order in enumerate(given):
        if isinstance(order, SupportHold | SupportMove):
            supported[i], void[i] = _support_void(order, i, index, kind, dest, given)
            support_area[i] = (
                province_of(order.target)
                if isinstance(order, SupportMove)
                else order.supported.province
            )

    convoyed = [NONE] * n
    convoying_seas: set[str] = set()
    for i in range(n):
        if not isinstance(given[i], Move):
            continue
        used = frozenset(convoy_fleets[i]) if route[i] != LAND else frozenset()
        for c in candidates[i]:
            if c in used:
                convoyed[c] = i
                convoying_seas.add(provinces[c])
            elif route[i] == LAND:
                void[c] = f"void: {units[i]} - {dest[i]} does not go by convoy"
            elif has_route[i]:
                void[c] = f"void: {units[c]} is not on a convoy route to {dest[i]}"

    backers: list[list[int]] = [[] for _ in range(n)]
    for i in range(n):
        if kind[i] == SUPPORT and supported[i] != NONE:
            backers[supported[i]].append(i)

    return OrderTable(
        units=tuple(units),
        orders=tuple(given),
        kind=tuple(kind),
        power=tuple(u.power for u in units),
        province=tuple(provinces),
        index=index,
        dest=tuple(dest),
        route=tuple(route),
        has_route=tuple(has_route),
        stranded=tuple(stranded),
        convoy_fleets=tuple(convoy_fleets),
        backers=tuple(tuple(b) for b in backers),
        supported=tuple(supported),
        support_area=tuple(support_area),
        convoyed=tuple(convoyed),
        void=tuple(void),
        moves_into={p: tuple(m) for p, m in moves_into.items()},
        convoying_seas=frozenset(convoying_seas),
    )
