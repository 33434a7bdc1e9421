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

from collections.abc import Mapping

from adjudicator.board.map import Map
from adjudicator.board.position import Position
from adjudicator.board.rules import Rules
from adjudicator.board.types import Unit, coast_of
from adjudicator.orders.model import (
    Convoy,
    Move,
    MovementOrder,
    SupportHold,
    SupportMove,
)
from adjudicator.resolve.columns import (
    _ARMY,
    _NOWHERE,
    BY_CONVOY,
    CONVOY,
    FALLBACK,
    HOLD,
    LAND,
    MOVE,
    NONE,
    SUPPORT,
    OrderTable,
    unit_string,
)
from adjudicator.resolve.convoy_orders import Routes, find_weak_links, match_convoys

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
    t = OrderTable(game_map.facts, provinces, units, orders)
    maybe_convoyed = _read_orders(t)
    candidates = match_convoys(t) if t.convoys else _NO_CANDIDATES
    if maybe_convoyed or candidates:
        routes = Routes(game_map, rules, t, candidates)
        for i in sorted(maybe_convoyed.union(candidates)):
            routes.find(i)
        routes.assign()
    if t.supports:
        _match_supports(t)
    if game_map.weak_links:
        find_weak_links(game_map, t)
    if t.convoys:
        convoyed = t.convoyed
        t.supporting += [i for i in t.convoys if convoyed[i] != NONE]
    return t


_NO_CANDIDATES: dict[int, list[int]] = {}
"""No convoy matched (shared, never changed)."""


def _read_orders(t: OrderTable) -> set[int]:
    """Each unit's kind of order; which moves go into each province, who stands there, and
    head-to-head pairs (as if every move went over land: `Routes` corrects the few that go by
    convoy). Returns the armies that may go by convoy (ordered to, or with no land route).
    The kinds first, then the moves alone."""
    orders = t.orders
    kind, moves = t.kind, t.moves
    for i, order in enumerate(orders):
        cls = type(order)
        if cls is Move:
            kind[i] = MOVE
            moves.append(i)
        elif cls is SupportMove or cls is SupportHold:
            kind[i] = SUPPORT
            t.supports.append(i)
        elif cls is Convoy:
            kind[i] = CONVOY
            t.convoys.append(i)
    facts = t.facts
    army_near, prov, dest, target = facts.army_near, facts.province, t.dest, t.target
    units = t.units
    moves_into, occupant, facing, at = t.moves_into, t.occupant, t.facing, t.index.get
    provinces, army = t.province, _ARMY
    maybe_convoyed: set[int] = set()
    for i in moves:
        move: Move = orders[i]  # type: ignore[assignment]  # (its kind says so)
        to = move.target
        where = prov[to]
        target[i] = to
        dest[i] = where
        into = moves_into.get(where)
        if into is None:
            moves_into[where] = [i]
        else:
            into.append(i)
        o = at(where, NONE)
        if o != NONE:
            occupant[i] = o
            if o < i and kind[o] == MOVE and dest[o] == provinces[i]:
                facing[i] = o
                facing[o] = i
        if units[i].type is army and (
            move.via_convoy or where not in army_near.get(provinces[i], _NOWHERE)
        ):
            maybe_convoyed.add(i)
    return maybe_convoyed


def _match_supports(t: OrderTable) -> None:
    """Each support with the unit it backs (or why it is void) and the area it is for. The
    common case, a support that matches its unit's order with no coast named, is seen at once;
    the rest go through `_support_void`."""
    prov, at, kind, dest, orders = t.facts.province, t.index.get, t.kind, t.dest, t.orders
    void, supported, backers, area = t.void, t.supported, t.backers, t.support_area
    supporting = t.supporting
    for i in t.supports:
        order = orders[i]
        if type(order) is SupportMove:
            target = order.target
            area[i] = wanted = prov[target]
            backed = at(prov[order.supported.location], NONE)
            if backed == NONE or dest[backed] != wanted or kind[backed] != MOVE or "/" in target:
                backed, void[i] = _support_void(t, i, order)
        else:
            assert type(order) is SupportHold
            area[i] = where = prov[order.supported.location]
            backed = at(where, NONE)
            if backed in (NONE, i) or kind[backed] == MOVE:
                backed, void[i] = _support_void(t, i, order)
        if backed != NONE:
            supported[i] = backed
            backers[backed] += (i,)
            supporting.append(i)


def _support_void(
    t: OrderTable, own: int, order: SupportHold | SupportMove
) -> tuple[int, str | None]:
    """The supported unit's number and, when the support does not match its order, why.

    A support may leave out the coast of the move it supports (DATC 6.B.15), but a coast it
    names must be the one the move goes to (4.B.4, 6.B.9).
    """
    supported, provinces = order.supported, t.facts.province
    target = t.index.get(provinces[supported.location], NONE)
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
