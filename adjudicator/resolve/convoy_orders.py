"""The convoys of a movement phase's order table: which army each convoy names, which fleets
could carry each army that may go by convoy (and so how it travels, DATC 4.A.3), and which
moves cross a weak link. The steps run only for the armies that may go by convoy, usually one
or two a phase."""

from __future__ import annotations

from adjudicator.board.convoy import route_exists, route_fleets
from adjudicator.board.map import Map
from adjudicator.board.rules import Rules
from adjudicator.board.types import province_of
from adjudicator.orders.model import Convoy, Move
from adjudicator.resolve.columns import (
    _ARMY,
    _FLEET,
    _NOWHERE,
    BY_CONVOY,
    FALLBACK,
    HOLD,
    LAND,
    MOVE,
    NONE,
    OrderTable,
    unit_string,
)


def match_convoys(t: OrderTable) -> dict[int, list[int]]:
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
        return f"void: {unit_string(order.army)} did not move to {wanted}"
    return f"void: {t.units[own]} is not at sea"


class Routes:
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


def find_weak_links(game_map: Map, t: OrderTable) -> None:
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
