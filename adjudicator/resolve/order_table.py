"""What a movement phase's orders say about one another, worked out once before adjudication.

Matching is static: which supports and convoys fit the order of the unit they name (the rest are
void), which fleets can form a convoy route for each army, and how each army travels (over land,
only by convoy, or by convoy with the land route as fallback; DATC 4.A.3). Everything is indexed
by unit number so that the decision solver works on plain lists.

The facts of the board the resolver asks about again and again (the province of a location,
which provinces are seas, where armies and fleets can go, which fleets lie on a convoy route)
are derived once per `Map` (`Map.facts`). The table is filled in place, column by column, in
one pass over the orders and one over the supports; the convoy steps run only for the armies
that may go by convoy, usually one or two a phase.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping
from typing import Final

from adjudicator.board.frozen import compiled
from adjudicator.board.map import Map, MapFacts
from adjudicator.board.position import Position
from adjudicator.board.rules import Rules
from adjudicator.board.types import Unit, coast_of
from adjudicator.orders.model import (
    Convoy,
    Move,
    MovementOrder,
    Seen,
    SupportHold,
    SupportMove,
    SupportSeen,
    keep_seen,
    keep_support_seen,
)
from adjudicator.resolve.columns import (
    _ARMY,
    BY_CONVOY,
    CONVOY,
    FALLBACK,
    HOLD,
    LAND,
    MOVE,
    NONE,
    SUPPORT,
    OrderTable,
    by_halves,
    new_table,
    unit_string,
)
from adjudicator.resolve.convoy_orders import find_routes, find_weak_links

__all__ = [
    "BY_CONVOY",
    "CONVOY",
    "FALLBACK",
    "HOLD",
    "LAND",
    "MOVE",
    "NONE",
    "SUPPORT",
    "OrderTable",
    "build_table",
    "table_of",
]


def build_table(
    game_map: Map,
    position: Position,
    orders: Mapping[str, MovementOrder],
    rules: Rules,
) -> OrderTable:
    """Index units and orders and match every support and convoy with what it names; the
    orders keyed by the province (or the location) of their unit."""
    board = position.units
    provinces = sorted(board)
    if orders.keys() <= board.keys():  # keyed by province (the keys' view: no order compared)
        given = list(map(orders.get, provinces))
    else:  # keyed by location: key by province
        prov = game_map.facts.province
        by_province = {prov[key]: order for key, order in orders.items()}
        given = list(map(by_province.get, provinces))
    return table_of(game_map, provinces, list(map(board.__getitem__, provinces)), given, rules)


def table_of(
    game_map: Map,
    provinces: list[str],
    units: list[Unit],
    orders: list[MovementOrder | None],
    rules: Rules,
) -> OrderTable:
    """`build_table` of the units in province order (`provinces` sorted, `units` standing
    there, `orders` theirs or None), as the engine has them already: the lists become the
    table's columns."""
    t = new_table(game_map.facts, provinces, units, orders)
    maybe_convoyed = _read_orders(t)
    if maybe_convoyed or t.convoys:
        find_routes(game_map, rules, t, maybe_convoyed)
    if t.supports:
        _match_supports(t)
    if game_map.weak_links:
        find_weak_links(game_map, t)
    return t


def _read_orders(t: OrderTable) -> list[int]:
    """Each unit's kind of order, the moves into each province, and then who stands in each
    province moved into and the head-to-head pairs (as if every move went over land: the
    convoy steps correct the few that go by convoy), and which moves are opposed (another
    move into their province, or a unit in it). Returns the armies that may go by convoy
    (ordered to, or with no land route), in unit order. One pass over the orders, then one
    over the units (`_find_occupants`)."""
    orders = t.orders
    kind, moves, supports, convoys = t.kind, t.moves, t.supports, t.convoys
    facts = t.facts
    dest, target, moves_into = t.dest, t.target, t.moves_into
    unopposed, opposed = t.unopposed, t.opposed
    maybe_convoyed = []
    # (the classes and the kind asked of every unit as locals: interpreted, a local is read
    # for about half a module global's cost)
    move_cls, moving = Move, MOVE
    support_move_cls, support_hold_cls, convoy_cls = SupportMove, SupportHold, Convoy
    for i, order in enumerate(orders):
        if type(order) is move_cls:  # (`order` a Move: compiled, its fields are read natively)
            kind[i] = moving
            moves.append(i)
            target[i] = order.target
            # (worked out once a move and map: `Move.seen`)
            on, where, by_sea = order.seen
            if on is not facts:
                on, where, by_sea = _seen(order, facts)
            dest[i] = where
            if where in moves_into:
                into = moves_into[where]
                if len(into) == 1:  # two moves there now: both are opposed
                    first = into[0]
                    unopposed[first] = False
                    opposed.append(first)
                into.append(i)
                opposed.append(i)
            else:
                moves_into[where] = [i]
                unopposed[i] = True  # (so far)
            if by_sea:
                maybe_convoyed.append(i)
            continue
        cls = type(order)
        if cls is support_move_cls or cls is support_hold_cls:
            kind[i] = SUPPORT
            supports.append(i)
        elif cls is convoy_cls:
            kind[i] = CONVOY
            convoys.append(i)
    if moves:
        _find_occupants(t)
    return maybe_convoyed


def _seen(order: Move, facts: MapFacts) -> Seen:
    """`Move.seen` on the map of `facts`, worked out and kept: the province the move goes to
    (a location without a coast is its province) and whether it may go by convoy (an army
    ordered so, or with no land route from its province)."""
    to, unit = order.target, order.unit
    where = to if "/" not in to else facts.province[to]
    by_sea = unit.type is _ARMY and (
        order.via_convoy or where not in facts.army_near[facts.province[unit.location]]
    )
    seen = (facts, where, by_sea)
    keep_seen(order, seen)
    return seen


def _find_occupants(t: OrderTable) -> None:
    """Who stands in each province moved into, the head-to-head pairs, and the moves opposed by
    a unit standing in their province: one pass over the units, each asking whether anyone
    moves into its province (cheaper than a dict from province to unit number, which the table
    does not have, or a search of the sorted provinces for each move: comparing strings by
    order costs more than a look-up by hash)."""
    provinces, moves_into, dest = t.province, t.moves_into, t.dest
    occupant, facing, unopposed, opposed = t.occupant, t.facing, t.unopposed, t.opposed
    for o, here in enumerate(provinces):
        if here in moves_into:
            for i in moves_into[here]:
                occupant[i] = o
                if unopposed[i]:  # alone, into a province someone stands in
                    unopposed[i] = False
                    opposed.append(i)
                if o < i and dest[o] == provinces[i]:  # (a unit not moving has no `dest`)
                    facing[i] = o
                    facing[o] = i


def _match_supports(t: OrderTable) -> None:
    """Each support with the unit it backs (or why it is void) and the area it is for. The
    common case, a support that matches its unit's order with no coast named, is seen at once
    (a supported move among the moves into the area, a supported hold by the place of its
    unit); the rest go through `_support_void`."""
    facts, kind, orders, moves_into = t.facts, t.kind, t.orders, t.moves_into
    prov = facts.province
    backers, area, provinces = t.backers, t.support_area, t.province
    opposed, unopposed, size = t.opposed, t.unopposed, len(provinces)
    none, support_move_cls = NONE, SupportMove  # (locals: read for each support)
    for i in t.supports:
        order = orders[i]
        backed = none
        if type(order) is support_move_cls:
            # (worked out once a support and map: `SupportMove.seen`; a support naming a
            # coast has no `here`, left to `_support_void`)
            on, wanted, here = order.seen
            if on is not facts:
                on, wanted, here = _support_seen(order, facts)
            area[i] = wanted
            if wanted in moves_into:
                for m in moves_into[wanted]:
                    if provinces[m] == here:
                        backed = m
                        break
        else:
            assert type(order) is SupportHold
            area[i] = where = prov[order.supported.location]
            # (`OrderTable.unit_at`, with no call): the unit there, not itself, not moving
            o = by_halves(provinces, where) if _COMPILED else bisect_left(provinces, where)
            if o < size and provinces[o] == where and o != i and kind[o] != MOVE:
                backed = o
        if backed == none:
            backed = _support_void(t, i, order)
            if backed == none:
                continue
        backers[backed] += (i,)
        if provinces[i] in moves_into:  # (`OrderTable.in_use`, with the columns at hand)
            opposed.append(i)
        else:
            unopposed[i] = True


def _support_seen(order: SupportMove, facts: MapFacts) -> SupportSeen:
    """`SupportMove.seen` on the map of `facts`, worked out and kept: the province the support
    is given into, and the supported unit's province ('' when the support names a coast)."""
    to, province = order.target, facts.province
    seen = (
        (facts, to, province[order.supported.location])
        if "/" not in to
        else (facts, province[to], "")
    )
    keep_support_seen(order, seen)
    return seen


def _support_void(t: OrderTable, own: int, order: SupportHold | SupportMove) -> int:
    """The supported unit's number (NONE when the support does not match its order: then
    `OrderTable.void` says why).

    A support may leave out the coast of the move it supports (DATC 6.B.15), but a coast it
    names must be the one the move goes to (4.B.4, 6.B.9).
    """
    target, why = _support_match(t, own, order)
    if why is not None:
        t.void[own] = why
    return target


def _support_match(
    t: OrderTable, own: int, order: SupportHold | SupportMove
) -> tuple[int, str | None]:
    """`_support_void`: the supported unit's number and why the support is void (or None)."""
    supported, provinces = order.supported, t.facts.province
    target = t.unit_at(provinces[supported.location])
    if target == NONE:
        return NONE, f"void: no unit in {supported.province}"
    if target == own:
        return NONE, f"void: {unit_string(supported)} cannot support itself"
    kind = t.kind[target]
    if type(order) is SupportMove:
        wanted = provinces[order.target]
        if t.dest[target] != wanted:
            return NONE, f"void: {unit_string(supported)} did not move to {wanted}"
        if kind != MOVE:
            return NONE, f"void: {unit_string(supported)} has no convoy route to {wanted}"
        named = "/" in order.target and coast_of(order.target)
        if named:
            theirs = t.orders[target]
            went = isinstance(theirs, Move) and coast_of(theirs.target)
            if went and named != went:
                return NONE, f"void: {unit_string(supported)} did not move to {order.target}"
    elif kind == MOVE:
        return NONE, f"void: {unit_string(supported)} did not hold"
    return target, None


_COMPILED: Final = compiled(table_of)
