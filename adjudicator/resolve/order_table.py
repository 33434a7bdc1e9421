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

from adjudicator.board.convoy import route_exists, route_fleets
from adjudicator.board.map import Map, MapFacts
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

# Order kinds.
HOLD, MOVE, SUPPORT, CONVOY = 0, 1, 2, 3
# How a move travels: over land (or sea, for fleets), only by convoy, or by convoy with the land
# route as a fallback when the convoy fails (DATC v2's adjacent-convoy rule and the 1971 rule).
LAND, BY_CONVOY, FALLBACK = 0, 1, 2
NONE = -1
_ARMY, _FLEET = UnitType.ARMY, UnitType.FLEET
"""(A module constant is read ~7x faster than an Enum member.)"""
_NOWHERE: frozenset[str] = frozenset()


class OrderTable:
    """The orders of one movement phase, indexed by unit number (units sorted by province).

    The columns are plain lists, filled by `build_table` and never changed afterwards (a plain
    class with slots: the table is built in place, once per phase, with no copy).
    """

    __slots__ = (
        "backers",
        "convoy_fleets",
        "convoyed",
        "convoying_seas",
        "convoys",
        "dest",
        "facing",
        "facts",
        "has_route",
        "index",
        "kind",
        "moves",
        "moves_into",
        "occupant",
        "orders",
        "power",
        "province",
        "route",
        "stranded",
        "support_area",
        "supported",
        "supporting",
        "supports",
        "target",
        "units",
        "void",
        "weak",
        "weak_landing",
        "whole_route",
    )

    facts: MapFacts
    units: list[Unit]
    orders: list[MovementOrder | None]
    """Each unit's order; None for a unit without one (it holds)."""
    kind: list[int]
    moves: list[int]
    """The units ordered to move (in unit order), whether or not their move stands."""
    supports: list[int]
    """The units ordered to support (in unit order), void or not."""
    convoys: list[int]
    """The units ordered to convoy (in unit order), void or not."""
    power: list[str]
    province: list[str]
    index: dict[str, int]
    """Province -> number of the unit standing there."""
    dest: list[str]
    """The target province of a move ('' for other orders)."""
    target: list[str]
    """The target of a move as ordered: a location, with the coast a fleet names ('' for other
    orders)."""
    occupant: list[int]
    """For a move: the unit standing in its target province (NONE when empty)."""
    facing: list[int]
    """For a move: the move coming the opposite way from its target (NONE when there is none),
    when neither must go by convoy: the head-to-head battle, unless a fallback convoy carries
    one of them."""
    route: list[int]
    """LAND, BY_CONVOY or FALLBACK for a move (LAND for other orders)."""
    has_route: list[bool]
    """For a move that may go by convoy: could the ordered fleets form a route at all?"""
    stranded: list[bool]
    """A move that must go by convoy where no fleets at sea could make a route: it fails and the
    unit counts as holding."""
    convoy_fleets: list[tuple[int, ...]]
    """For a move that may go by convoy: the convoying fleets that lie on some route."""
    whole_route: list[bool]
    """A move that goes only by the convoy route it states (4.A.6 "stated"): every fleet of
    `convoy_fleets` must stay for it to arrive."""
    backers: list[tuple[int, ...]]
    """Matching supports: of the move for a moving unit, of its holding for any other unit."""
    supported: list[int]
    """For a support: the number of the unit it supports (NONE when void)."""
    support_area: list[str]
    """For a support: the province the support is given into ('' for other orders)."""
    convoyed: list[int]
    """For a convoy: the army it carries (NONE when void or not used)."""
    supporting: list[int]
    """The supports and convoys in use (matched; a convoy carrying its army): decisions."""
    void: list[str | None]
    """Why a support or convoy has no effect (it is void or its army goes over land)."""
    moves_into: dict[str, list[int]]
    """Province -> the moves into it, in unit order (a stranded move is not one)."""
    convoying_seas: frozenset[str]
    """Sea provinces holding a fleet whose convoy is in use (for the 1982 paradox rule)."""
    weak: list[bool]
    """For a move: its step crosses a weak link (Map.weak_links); empty on maps without any."""
    weak_landing: list[bool]
    """For a move that may go by convoy: every fleet that could land it does so across a weak
    link (DPjudge judges a convoy by its last step); empty on maps without weak links."""

    def __init__(
        self,
        facts: MapFacts,
        provinces: list[str],
        units: list[Unit],
        orders: list[MovementOrder | None],
    ) -> None:
        n = len(units)
        self.facts, self.province, self.units, self.orders = facts, provinces, units, orders
        self.index = dict(zip(provinces, range(n), strict=True))
        self.power = [unit.power for unit in units]
        self.kind = [HOLD] * n
        self.moves, self.supports, self.convoys = [], [], []
        self.dest = [""] * n
        self.target = [""] * n
        self.occupant = [NONE] * n
        self.facing = [NONE] * n
        self.route = [LAND] * n
        self.has_route = [False] * n
        self.stranded = [False] * n
        self.convoy_fleets = [()] * n
        self.whole_route = [False] * n
        self.backers = [()] * n
        self.supported = [NONE] * n
        self.support_area = [""] * n
        self.convoyed = [NONE] * n
        self.supporting = []
        self.void = [None] * n
        self.moves_into = {}
        self.convoying_seas = frozenset()
        self.weak, self.weak_landing = [], []

    @property
    def size(self) -> int:
        return len(self.units)


def build_table(
    game_map: Map,
    position: Position,
    orders: Mapping[str, MovementOrder],
    rules: Rules,
) -> OrderTable:
    """Index units and orders and match every support and convoy with what it names."""
    facts = game_map.facts
    board = position.units
    provinces = sorted(board)
    if orders.keys() <= board.keys():  # keyed by province (the keys' view: no order compared)
        given = list(map(orders.get, provinces))
    else:  # keyed by location: key by province
        prov = facts.province
        by_province = {prov[key]: order for key, order in orders.items()}
        given = list(map(by_province.get, provinces))
    t = OrderTable(facts, provinces, list(map(board.__getitem__, provinces)), given)
    maybe_convoyed = _read_orders(t)
    candidates = _match_convoys(t)
    if maybe_convoyed or candidates:
        routes = _Routes(game_map, rules, t, candidates)
        for i in sorted(maybe_convoyed.union(candidates)):
            routes.find(i)
        routes.assign()
    _match_supports(t)
    if game_map.weak_links:
        _find_weak_links(game_map, t)
    if t.convoys:
        convoyed = t.convoyed
        t.supporting += [i for i in t.convoys if convoyed[i] != NONE]
    return t


def _read_orders(t: OrderTable) -> set[int]:
    """Each unit's kind of order; which moves go into each province, who stands there, and
    head-to-head pairs (as if every move went over land: `_Routes` corrects the few that go by
    convoy). Returns the armies that may go by convoy (ordered to, or with no land route)."""
    facts = t.facts
    army_near, prov, kind, dest = facts.army_near, facts.province, t.kind, t.dest
    target, units, moves_into = t.target, t.units, t.moves_into
    occupant, facing, at = t.occupant, t.facing, t.index.get
    moves, supports, convoys = t.moves, t.supports, t.convoys
    provinces, army = t.province, _ARMY
    maybe_convoyed: set[int] = set()
    for i, order in enumerate(t.orders):
        if type(order) is Move:
            moves.append(i)
            kind[i] = MOVE
            target[i] = to = order.target
            dest[i] = where = prov[to]
            if units[i].type is army and (
                order.via_convoy or where not in army_near.get(provinces[i], ())
            ):
                maybe_convoyed.add(i)
            if where in moves_into:
                moves_into[where].append(i)
            else:
                moves_into[where] = [i]
            o = at(where, NONE)
            if o != NONE:
                occupant[i] = o
                if o < i and dest[o] == provinces[i] and kind[o] == MOVE:
                    facing[i], facing[o] = o, i
        elif type(order) is Convoy:
            convoys.append(i)
            kind[i] = CONVOY
        elif order is not None and type(order) is not Hold:
            supports.append(i)
            kind[i] = SUPPORT
    return maybe_convoyed


def _unit_string(ref: UnitRef) -> str:
    return f"{ref.type} {ref.province}"


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
        return NONE, f"void: {_unit_string(supported)} cannot support itself"
    kind = t.kind[target]
    if type(order) is SupportMove:
        wanted = provinces[order.target]
        if t.dest[target] != wanted:
            return NONE, f"void: {_unit_string(supported)} did not move to {wanted}"
        if kind != MOVE:
            return NONE, f"void: {_unit_string(supported)} has no convoy route to {wanted}"
        named = "/" in order.target and coast_of(order.target)
        if named:
            theirs = t.orders[target]
            went = isinstance(theirs, Move) and coast_of(theirs.target)
            if went and named != went:
                return NONE, f"void: {_unit_string(supported)} did not move to {order.target}"
    elif kind == MOVE:
        return NONE, f"void: {_unit_string(supported)} did not hold"
    return target, None


def _match_convoys(t: OrderTable) -> dict[int, list[int]]:
    """Each convoy with the army whose move it names, or why it is void. Returns army -> the
    fleets at sea whose convoy matches its move. The common case, a fleet at sea naming an
    army's move as ordered, is seen at once from the columns; the rest go through
    `_convoy_void`."""
    candidates: dict[int, list[int]] = {}
    prov, at, seas, orders = t.facts.province, t.index.get, t.facts.seas, t.orders
    provinces, kind, dest, units = t.province, t.kind, t.dest, t.units
    for i in t.convoys:
        order = orders[i]
        assert type(order) is Convoy
        army = at(prov[order.army.location], NONE)
        if (
            army == NONE
            or kind[army] != MOVE
            or dest[army] != prov[order.target]
            or units[army].type is not _ARMY
            or provinces[i] not in seas
        ):
            t.void[i] = _convoy_void(t, i, order)
        elif army in candidates:
            candidates[army].append(i)
        else:
            candidates[army] = [i]
    return candidates


def _convoy_void(t: OrderTable, own: int, order: Convoy) -> str:
    """Why a convoy does not match: no army where it names one, an army that does not move
    there, or a fleet that is not at sea."""
    provinces = t.facts.province
    army = t.index.get(provinces[order.army.location], NONE)
    wanted = provinces[order.target]
    if army == NONE or t.units[army].type is not _ARMY:
        return f"void: no army in {order.army.province}"
    if t.kind[army] != MOVE or t.dest[army] != wanted:
        return f"void: {_unit_string(order.army)} did not move to {wanted}"
    return f"void: {t.units[own]} is not at sea"


class _Routes:
    """How each army that may go by convoy goes, and which fleets carry it; every other move
    goes over land (or sea): the common case, with no convoy involved."""

    def __init__(
        self, game_map: Map, rules: Rules, t: OrderTable, candidates: dict[int, list[int]]
    ) -> None:
        self.map, self.rules, self.t = game_map, rules, t
        self.candidates = candidates
        """Army -> the fleets at sea whose convoy matches its move."""
        self.left_out: dict[tuple[int, int], str] = {}
        """(fleet, army) -> why that matching convoy does not carry the army (it is void)."""

    def find(self, i: int) -> None:
        """Army `i`'s route mode, the fleets that could carry it, and whether it is stranded."""
        t = self.t
        provinces = t.province
        fleets = self.candidates.get(i, [])
        if fleets:
            pool = self._pool(i, fleets)  # in unit order
            on_route = route_fleets(self.map, provinces[i], t.dest[i], [provinces[c] for c in pool])
            if on_route:
                t.has_route[i] = True
                t.convoy_fleets[i] = tuple([c for c in pool if provinces[c] in on_route])
        t.route[i] = mode = self._mode(i, fleets)
        if mode == BY_CONVOY:
            self._by_convoy_only(i)

    def _mode(self, i: int, candidates: list[int]) -> int:
        """DATC 4.A.3: does this move use a convoy, and may it fall back to the land route?"""
        t, rules = self.t, self.rules
        unit, move = t.units[i], t.orders[i]
        assert isinstance(move, Move)
        if unit.type is not _ARMY:
            return LAND
        source, target = t.province[i], t.dest[i]
        if target not in t.facts.army_near.get(source, _NOWHERE):
            return BY_CONVOY
        has_route = t.has_route[i]
        if rules.adjacent_convoy == "1971":
            other = t.index.get(target, NONE)
            theirs = t.orders[other] if other != NONE else None
            swapping = isinstance(theirs, Move) and province_of(theirs.target) == source
            return FALLBACK if swapping and has_route else LAND
        if rules.adjacent_convoy == "explicit":
            return BY_CONVOY if move.via_convoy else LAND
        intent = move.via_convoy or any(t.units[c].power == unit.power for c in candidates)
        if not intent:
            return LAND
        if rules.adjacent_convoy == "land_fallback":
            return FALLBACK if has_route else LAND
        return BY_CONVOY

    def _pool(self, i: int, fleets: list[int]) -> list[int]:
        """The convoying fleets that may carry army `i`, in unit order: all of them; or only
        those on the route its order states (4.A.6 "stated": all of them, or none when a sea of
        it has none); or under the DPTG's rule (4.A.1 "own_fleets_first") only its own power's
        when they alone form a route."""
        t = self.t
        order, provinces = t.orders[i], t.province
        if self.rules.convoy_route == "stated" and isinstance(order, Move) and order.route:
            t.whole_route[i] = True
            at = {provinces[c]: c for c in fleets}
            stated = [at[sea] for sea in order.route if sea in at]
            stated = sorted(set(stated)) if len(stated) == len(order.route) else []
            why = f"void: {t.units[i]} goes only by the route it states"
            self.left_out.update(((c, i), why) for c in fleets if c not in stated)
            return stated
        if self.rules.multi_route_convoy != "own_fleets_first":
            return fleets
        power = t.power[i]
        own = [c for c in fleets if t.power[c] == power]
        if len(own) == len(fleets) or not route_fleets(
            self.map, provinces[i], t.dest[i], [provinces[c] for c in own]
        ):
            return fleets
        why = f"void: {t.units[i]} goes by its own power's fleets"
        self.left_out.update(((c, i), why) for c in fleets if c not in own)
        return own

    def _by_convoy_only(self, i: int) -> None:
        """A move that goes only by convoy meets nobody head to head; without a route of the
        ordered fleets it may be impossible in this position (`_strand`)."""
        facing = self.t.facing
        o = facing[i]
        if o != NONE:
            facing[i] = facing[o] = NONE
        if not self.t.has_route[i]:
            self._strand(i)

    def _strand(self, i: int) -> None:
        """No route even with every fleet at sea (DATC 6.D.32): impossible in this position,
        so the unit holds and may be supported in holding. With fleets that merely did not
        convoy (6.D.8) it is a failed move."""
        t = self.t
        seas = t.facts.seas
        seas_with_fleets = [
            p for p, u in zip(t.province, t.units, strict=True) if u.type is _FLEET and p in seas
        ]
        t.stranded[i] = not route_exists(self.map, t.province[i], t.dest[i], seas_with_fleets)
        if t.stranded[i]:
            t.kind[i] = HOLD
            t.occupant[i] = NONE
            into = t.moves_into[t.dest[i]]
            into.remove(i)
            if not into:
                del t.moves_into[t.dest[i]]

    def assign(self) -> None:
        """The fleets that carry each army; the others' convoys are void, with the reason."""
        t = self.t
        route, units, dest, void = t.route, t.units, t.dest, t.void
        seas: set[str] = set()
        for i, fleets in self.candidates.items():
            used = frozenset(t.convoy_fleets[i]) if route[i] != LAND else frozenset()
            for c in fleets:
                if c in used:
                    t.convoyed[c] = i
                    seas.add(t.province[c])
                elif route[i] == LAND:
                    void[c] = f"void: {units[i]} - {dest[i]} does not go by convoy"
                elif (c, i) in self.left_out:
                    void[c] = self.left_out[c, i]
                elif t.has_route[i]:
                    void[c] = f"void: {units[c]} is not on a convoy route to {dest[i]}"
        t.convoying_seas = frozenset(seas)


def _find_weak_links(game_map: Map, t: OrderTable) -> None:
    """Which moves cross a weak link, directly or as a convoy's landing (maps with any)."""
    provinces, dest, fleet_near = t.province, t.dest, t.facts.fleet_near
    t.weak = [bool(d) and game_map.is_weak(p, d) for p, d in zip(provinces, dest, strict=True)]
    t.weak_landing = weak_landing = [False] * len(provinces)
    for i in t.moves:
        landings = [
            provinces[c]
            for c in t.convoy_fleets[i]
            if dest[i] in fleet_near.get(provinces[c], frozenset())
        ]
        weak_landing[i] = bool(landings) and all(game_map.is_weak(sea, dest[i]) for sea in landings)
