"""What a movement phase's orders say about one another, worked out once before adjudication.

Matching is static: which supports and convoys fit the order of the unit they name (the rest are
void), which fleets can form a convoy route for each army, and how each army travels (over land,
only by convoy, or by convoy with the land route as fallback; DATC 4.A.3). Everything is indexed
by unit number so that the decision solver works on plain lists.

The facts of the board the resolver asks about again and again (the province of a location,
which provinces are seas, where armies and fleets can go) are derived once per `Map`
(`Map.facts`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

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

_SUPPORTS = (SupportHold, SupportMove)


@dataclass(slots=True)
class OrderTable:
    """The orders of one movement phase, indexed by unit number (units sorted by province).

    The sequences are lists for speed; nothing changes them after `build_table` (the class is
    not frozen only because a frozen one costs a call per field to build, once per phase).
    """

    facts: MapFacts
    units: Sequence[Unit]
    orders: Sequence[MovementOrder | None]
    """Each unit's order; None for a unit without one (it holds)."""
    kind: Sequence[int]
    moves: Sequence[int]
    """The units ordered to move (in unit order), whether or not their move stands."""
    supports: Sequence[int]
    """The units ordered to support (in unit order), void or not."""
    convoys: Sequence[int]
    """The units ordered to convoy (in unit order), void or not."""
    power: Sequence[str]
    province: Sequence[str]
    index: Mapping[str, int]
    """Province -> number of the unit standing there."""
    dest: Sequence[str]
    """The target province of a move ('' for other orders)."""
    target: Sequence[str]
    """The target of a move as ordered: a location, with the coast a fleet names ('' for other
    orders)."""
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
    whole_route: Sequence[bool]
    """A move that goes only by the convoy route it states (4.A.6 "stated"): every fleet of
    `convoy_fleets` must stay for it to arrive."""
    backers: Sequence[tuple[int, ...]]
    """Matching supports: of the move for a moving unit, of its holding for any other unit."""
    supported: Sequence[int]
    """For a support: the number of the unit it supports (NONE when void)."""
    support_area: Sequence[str]
    """For a support: the province the support is given into ('' for other orders)."""
    convoyed: Sequence[int]
    """For a convoy: the army it carries (NONE when void or not used)."""
    supporting: Sequence[int]
    """The supports and convoys in use (matched; a convoy carrying its army): decisions."""
    void: Sequence[str | None]
    """Why a support or convoy has no effect (it is void or its army goes over land)."""
    moves_into: Mapping[str, Sequence[int]]
    convoying_seas: frozenset[str]
    """Sea provinces holding a fleet whose convoy is in use (for the 1982 paradox rule)."""
    weak: Sequence[bool] = ()
    """For a move: its step crosses a weak link (Map.weak_links); empty on maps without any."""
    weak_landing: Sequence[bool] = ()
    """For a move that may go by convoy: every fleet that could land it does so across a weak
    link (DPjudge judges a convoy by its last step)."""

    @property
    def size(self) -> int:
        return len(self.units)


def _unit_string(ref: UnitRef) -> str:
    return f"{ref.type} {ref.province}"


def _support_void(
    order: SupportHold | SupportMove,
    own: int,
    index: Mapping[str, int],
    kind: list[int],
    dest: list[str],
    orders: list[MovementOrder | None],
    provinces: Mapping[str, str],
) -> tuple[int, str | None]:
    """The supported unit's number and, when the support does not match its order, why.

    A support may leave out the coast of the move it supports (DATC 6.B.15), but a coast it
    names must be the one the move goes to (4.B.4, 6.B.9).
    """
    supported = order.supported
    target = index.get(provinces[supported.location], NONE)
    if target == NONE:
        return NONE, f"void: no unit in {supported.province}"
    if target == own:
        return NONE, f"void: {_unit_string(supported)} cannot support itself"
    if type(order) is SupportMove:
        wanted = provinces[order.target]
        if dest[target] != wanted:
            return NONE, f"void: {_unit_string(supported)} did not move to {wanted}"
        if kind[target] != MOVE:
            return NONE, f"void: {_unit_string(supported)} has no convoy route to {wanted}"
        named = "/" in order.target and coast_of(order.target)
        if named:
            theirs = orders[target]
            went = isinstance(theirs, Move) and coast_of(theirs.target)
            if went and named != went:
                return NONE, f"void: {_unit_string(supported)} did not move to {order.target}"
    elif kind[target] == MOVE:
        return NONE, f"void: {_unit_string(supported)} did not hold"
    return target, None


def _convoy_void(
    order: Convoy,
    index: Mapping[str, int],
    units: list[Unit],
    orders: list[MovementOrder | None],
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
    orders: list[MovementOrder | None],
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
    if rules.adjacent_convoy == "explicit":
        return BY_CONVOY if move.via_convoy else LAND
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
    builder = _Builder(game_map, position, orders, rules)
    builder.read_orders()
    builder.match_convoys()
    builder.find_routes()
    builder.match_supports()
    builder.assign_convoys()
    builder.find_weak_links()
    return builder.table()


class _Builder:
    """The steps of `build_table`, in order; each fills some columns of the table."""

    def __init__(
        self,
        game_map: Map,
        position: Position,
        orders: Mapping[str, MovementOrder],
        rules: Rules,
    ) -> None:
        self.map, self.rules = game_map, rules
        self.facts = facts = game_map.facts
        self.prov = prov = facts.province
        self.by_province = orders
        if "/" in "".join(orders):  # keyed by location: key by province
            self.by_province = {prov[key]: order for key, order in orders.items()}
        board = position.units
        self.provinces = provinces = sorted(board)
        self.units = list(map(board.__getitem__, provinces))
        self.index = {p: i for i, p in enumerate(provinces)}
        self.n = n = len(self.units)
        self.given: list[MovementOrder | None] = []
        self.kind = [HOLD] * n
        self.dest = [""] * n
        self.target = [""] * n
        self.void: list[str | None] = [None] * n
        self.moves: list[int] = []
        self.supports: list[int] = []
        self.convoys: list[int] = []
        self.candidates: dict[int, list[int]] = {}
        """Army -> the fleets at sea whose convoy matches its move."""
        self.maybe_convoyed: set[int] = set()
        """Armies moving where they could not go over land, or ordered to go by convoy."""
        self.route = [LAND] * n
        self.has_route = [False] * n
        self.stranded = [False] * n
        self.convoy_fleets: list[tuple[int, ...]] = [()] * n
        self.moves_into: dict[str, list[int]] = {}
        self.occupant = [NONE] * n
        self.facing = [NONE] * n
        self.supported = [NONE] * n
        self.support_area = [""] * n
        self.backers: list[tuple[int, ...]] = [()] * n
        self.convoyed = [NONE] * n
        self.convoying_seas: set[str] = set()
        self.left_out: dict[tuple[int, int], str] = {}
        """(fleet, army) -> why that matching convoy does not carry the army (it is void)."""
        self.whole_route = [False] * n

    def read_orders(self) -> None:
        """Each unit's order (None when it has none: it holds) and its kind; which moves go
        into each province, who stands there, and head-to-head pairs (as if every move went
        over land: `find_routes` corrects the few that go by convoy); the armies that may go
        by convoy."""
        army_near, prov, kind, dest = self.facts.army_near, self.prov, self.kind, self.dest
        target, units, moves_into = self.target, self.units, self.moves_into
        occupant, facing, at = self.occupant, self.facing, self.index.get
        moves, supports, convoys = self.moves, self.supports, self.convoys
        maybe_convoyed, army = self.maybe_convoyed, UnitType.ARMY
        get, provinces = self.by_province.get, self.provinces
        self.given = given = list(map(get, provinces))
        for i, order in enumerate(given):
            if type(order) is Move:
                moves.append(i)
                kind[i] = MOVE
                target[i] = to = order.target
                dest[i] = where = prov[to]
                if units[i].type is army and (
                    order.via_convoy or where not in army_near.get(provinces[i], ())
                ):
                    maybe_convoyed.add(i)
                into = moves_into.get(where)
                if into is None:
                    moves_into[where] = [i]
                else:
                    into.append(i)
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

    def match_convoys(self) -> None:
        """Each convoy with the army whose move it names, or why it is void."""
        for i in self.convoys:
            order = self.given[i]
            assert isinstance(order, Convoy)
            army, reason = _convoy_void(order, self.index, self.units, self.given, self.prov)
            if reason is None and self.provinces[i] not in self.facts.seas:
                reason = f"void: {self.units[i]} is not at sea"
            self.void[i] = reason
            if reason is None:
                self.candidates.setdefault(army, []).append(i)

    def find_routes(self) -> None:
        """How each army that may go by convoy goes; every other move goes over land (or sea):
        the common case, with no convoy involved."""
        provinces, dest = self.provinces, self.dest
        for i in sorted(self.maybe_convoyed.union(self.candidates)):
            order = self.given[i]
            assert isinstance(order, Move)
            fleets = self.candidates.get(i, [])
            if fleets:
                fleet_at = {provinces[c]: c for c in self._route_pool(i, fleets)}
                on_route = route_fleets(self.map, provinces[i], dest[i], fleet_at)
                self.has_route[i] = bool(on_route)
                self.convoy_fleets[i] = tuple(sorted(fleet_at[p] for p in on_route))
            self.route[i] = _route_mode(
                self.map,
                self.rules,
                i,
                order,
                self.units,
                self.given,
                self.index,
                fleets,
                self.has_route[i],
            )
            if self.route[i] == BY_CONVOY:
                self._by_convoy_only(i)

    def _route_pool(self, i: int, fleets: list[int]) -> list[int]:
        """The convoying fleets that may carry army `i`: all of them; or only those on the route
        its order states (4.A.6 "stated": all of them, or none when a sea of it has none); or
        under the DPTG's rule (4.A.1 "own_fleets_first") only its own power's when they alone
        form a route."""
        order = self.given[i]
        if self.rules.convoy_route == "stated" and isinstance(order, Move) and order.route:
            self.whole_route[i] = True
            at = {self.provinces[c]: c for c in fleets}
            stated = [at[sea] for sea in order.route if sea in at]
            stated = stated if len(stated) == len(order.route) else []
            why = f"void: {self.units[i]} goes only by the route it states"
            self.left_out.update(((c, i), why) for c in fleets if c not in stated)
            return stated
        if self.rules.multi_route_convoy != "own_fleets_first":
            return fleets
        power, provinces = self.units[i].power, self.provinces
        own = [c for c in fleets if self.units[c].power == power]
        if len(own) == len(fleets) or not route_fleets(
            self.map, provinces[i], self.dest[i], [provinces[c] for c in own]
        ):
            return fleets
        why = f"void: {self.units[i]} goes by its own power's fleets"
        self.left_out.update(((c, i), why) for c in fleets if c not in own)
        return own

    def _by_convoy_only(self, i: int) -> None:
        """A move that goes only by convoy meets nobody head to head; without a route of the
        ordered fleets it may be impossible in this position (`_strand`)."""
        o = self.facing[i]
        if o != NONE:
            self.facing[i] = self.facing[o] = NONE
        if not self.has_route[i]:
            self._strand(i)

    def _strand(self, i: int) -> None:
        """No route even with every fleet at sea (DATC 6.D.32): impossible in this position,
        so the unit holds and may be supported in holding. With fleets that merely did not
        convoy (6.D.8) it is a failed move."""
        seas = self.facts.seas
        seas_with_fleets = [
            p
            for p, u in zip(self.provinces, self.units, strict=True)
            if u.type is UnitType.FLEET and p in seas
        ]
        self.stranded[i] = not route_exists(
            self.map, self.provinces[i], self.dest[i], seas_with_fleets, lambda _: True
        )
        if self.stranded[i]:
            self.kind[i] = HOLD
            self.occupant[i] = NONE
            into = self.moves_into[self.dest[i]]
            into.remove(i)
            if not into:
                del self.moves_into[self.dest[i]]

    def match_supports(self) -> None:
        """Each support with the unit it backs (or why it is void) and the area it is for."""
        prov, index, kind, dest, given = self.prov, self.index, self.kind, self.dest, self.given
        void, supported, backers, area = self.void, self.supported, self.backers, self.support_area
        for i in self.supports:
            order = given[i]
            assert isinstance(order, _SUPPORTS)
            backed, void[i] = _support_void(order, i, index, kind, dest, given, prov)
            supported[i] = backed
            if backed != NONE:
                backers[backed] += (i,)
            area[i] = (
                prov[order.target] if type(order) is SupportMove else prov[order.supported.location]
            )

    def assign_convoys(self) -> None:
        """The fleets that carry each army; the others' convoys are void, with the reason."""
        route, units, dest = self.route, self.units, self.dest
        for i, fleets in self.candidates.items():
            used = frozenset(self.convoy_fleets[i]) if route[i] != LAND else frozenset()
            for c in fleets:
                if c in used:
                    self.convoyed[c] = i
                    self.convoying_seas.add(self.provinces[c])
                elif route[i] == LAND:
                    self.void[c] = f"void: {units[i]} - {dest[i]} does not go by convoy"
                elif (c, i) in self.left_out:
                    self.void[c] = self.left_out[c, i]
                elif self.has_route[i]:
                    self.void[c] = f"void: {units[c]} is not on a convoy route to {dest[i]}"

    def find_weak_links(self) -> None:
        """Which moves cross a weak link, directly or as a convoy's landing (maps with any)."""
        game_map = self.map
        if not game_map.weak_links:
            self.weak: list[bool] = []
            self.weak_landing: list[bool] = []
            return
        provinces, dest, fleet_near = self.provinces, self.dest, self.facts.fleet_near
        self.weak = [
            bool(d) and game_map.is_weak(p, d) for p, d in zip(provinces, dest, strict=True)
        ]
        self.weak_landing = [False] * self.n
        for i in self.moves:
            landings = [
                provinces[c]
                for c in self.convoy_fleets[i]
                if dest[i] in fleet_near.get(provinces[c], frozenset())
            ]
            self.weak_landing[i] = bool(landings) and all(
                game_map.is_weak(sea, dest[i]) for sea in landings
            )

    def table(self) -> OrderTable:
        return OrderTable(
            facts=self.facts,
            units=self.units,
            orders=self.given,
            kind=self.kind,
            moves=self.moves,
            supports=self.supports,
            convoys=self.convoys,
            power=[u.power for u in self.units],
            province=self.provinces,
            index=self.index,
            dest=self.dest,
            target=self.target,
            occupant=self.occupant,
            facing=self.facing,
            route=self.route,
            has_route=self.has_route,
            stranded=self.stranded,
            convoy_fleets=self.convoy_fleets,
            whole_route=self.whole_route,
            backers=self.backers,
            supported=self.supported,
            support_area=self.support_area,
            convoyed=self.convoyed,
            supporting=[i for i in self.supports if self.supported[i] != NONE]
            + [i for i in self.convoys if self.convoyed[i] != NONE],
            void=self.void,
            moves_into=self.moves_into,
            convoying_seas=frozenset(self.convoying_seas),
            weak=self.weak,
            weak_landing=self.weak_landing,
        )
