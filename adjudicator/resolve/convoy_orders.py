"""The convoys of a movement phase's order table: which army each convoy names, which fleets
could carry each army that may go by convoy (and so how it travels, DATC 4.A.3), and which
moves cross a weak link. The steps run only for the armies that may go by convoy, usually one
or two a phase."""

from __future__ import annotations

from typing import Final

from adjudicator.board.convoy import route_exists, route_fleets
from adjudicator.board.map import Map
from adjudicator.board.rules import Rules
from adjudicator.board.types import province_of
from adjudicator.orders.model import Convoy, Move
from adjudicator.resolve.columns import (
    _ARMY,
    BY_CONVOY,
    FALLBACK,
    HOLD,
    LAND,
    MOVE,
    NONE,
    OrderTable,
    RuleChoices,
    rule_choices,
    unit_string,
)


def find_routes(game_map: Map, rules: Rules, t: OrderTable, maybe_convoyed: list[int]) -> None:
    """Match the convoys (the armies they name added to `maybe_convoyed`), then find how each
    army that may go by convoy travels (ordered to, with no land route, or named by a matching
    convoy: usually one or two a phase), which fleets could carry it, and which convoys carry
    nothing (`_assign`)."""
    candidates = match_convoys(t, maybe_convoyed) if t.convoys else _NO_CANDIDATES
    if not maybe_convoyed:  # (no army may go by convoy, and no convoy matches)
        return
    choices = rule_choices(rules)
    narrowed = choices.stated_route or choices.own_fleets_first
    left_out: dict[tuple[int, int], str] = {}
    """(fleet, army) -> why that matching convoy does not carry the army (it is void)."""
    route, provinces, dest, army_near = t.route, t.province, t.dest, t.facts.army_near
    facing = t.facing
    for i in maybe_convoyed:
        fleets = candidates.get(i, _NO_FLEETS)
        if fleets:
            pool = _pool(game_map, choices, t, i, fleets, left_out) if narrowed else fleets
            _carriers(game_map, t, i, pool)
        # (an army with no land route goes by convoy, whatever the rules: `_mode` not asked)
        if dest[i] not in army_near[provinces[i]]:
            mode = BY_CONVOY
        else:
            mode = _mode(t, choices.adjacent_convoy, i, fleets)
        if mode != LAND:
            route[i] = mode
            if mode == BY_CONVOY:  # a decision (unless it lands whatever happens), and nobody's
                # head to head
                if t.unopposed[i] and not _lands(t, i):
                    t.unopposed[i] = False
                    t.opposed.append(i)
                o = facing[i]
                if o != NONE:
                    facing[i] = facing[o] = NONE
                if i not in t.convoy_fleets:  # (no route of the ordered fleets)
                    _strand(game_map, t, i)
    if candidates:
        _assign(t, candidates, left_out)


def _lands(t: OrderTable, i: int) -> bool:
    """Does army `i`, going by convoy alone into an empty province (`OrderTable.unopposed` so
    far), arrive whatever happens: nothing attacks the fleets that could carry it, so they all
    stay, and together they make a route (`OrderTable.convoy_fleets`)?"""
    fleets = t.convoy_fleets.get(i)
    if not fleets:
        return False
    provinces, moves_into = t.province, t.moves_into
    for c in fleets:  # (a loop, no generator: README, Hot code: cells)
        if provinces[c] in moves_into:
            break  # attacked
    else:
        return True
    return False


def _carriers(game_map: Map, t: OrderTable, i: int, pool: list[int]) -> None:
    """The fleets of `pool` that lie on a convoy route of army `i` (`OrderTable.convoy_fleets`;
    none: no entry)."""
    provinces, dest = t.province, t.dest
    if len(pool) == 1:  # (most convoys are of one fleet)
        if t.facts.carries_alone(provinces[pool[0]], provinces[i], dest[i]):
            t.convoy_fleets[i] = (pool[0],)
        return
    seas = []
    for c in pool:  # (a loop, no comprehension: README, Hot code: cells)
        seas.append(provinces[c])
    on_route = route_fleets(game_map, provinces[i], dest[i], seas)
    if on_route:
        t.convoy_fleets[i] = tuple(_on(pool, provinces, on_route))


def _on(fleets: list[int], provinces: list[str], seas: frozenset[str]) -> list[int]:
    """Those of `fleets` standing in `seas` (the seas of a route), in order."""
    found = []
    for c in fleets:
        if provinces[c] in seas:
            found.append(c)
    return found


_NO_CANDIDATES: Final[dict[int, list[int]]] = {}
_NO_FLEETS: Final[list[int]] = []
"""(Shared, never changed.)"""


def match_convoys(t: OrderTable, armies: list[int]) -> dict[int, list[int]]:
    """Each convoy with the army whose move it names, or why it is void. Returns army -> the
    fleets at sea whose convoy matches its move, and adds the armies named to `armies` (those
    that may go by convoy, in unit order: the armies named are mostly there already). The
    common case, a fleet at sea naming an army's move as ordered, is seen at once (the army
    among the moves into the target); the rest go through `_convoy_void`."""
    candidates: dict[int, list[int]] = {}
    named = False
    prov, seas, orders = t.facts.province, t.facts.seas, t.orders
    provinces, units, moves_into = t.province, t.units, t.moves_into
    for i in t.convoys:
        order = orders[i]
        assert type(order) is Convoy
        army = NONE
        to = prov[order.target]
        if to in moves_into and provinces[i] in seas:
            here = prov[order.army.location]
            for m in moves_into[to]:
                if provinces[m] == here:
                    if units[m].type is _ARMY:
                        army = m
                    break
        if army == NONE:
            t.void[i] = _convoy_void(t, i, order)
        elif army in candidates:
            candidates[army].append(i)
        else:
            candidates[army] = [i]
            if army not in armies:
                armies.append(army)
                named = True
    if named:
        armies.sort()
    return candidates


def _convoy_void(t: OrderTable, own: int, order: Convoy) -> str:
    """Why a convoy does not match: no army where it names one, an army that does not move
    there, or a fleet that is not at sea."""
    provinces = t.facts.province
    army = t.unit_at(provinces[order.army.location])
    wanted = provinces[order.target]
    if army == NONE or t.units[army].type is not _ARMY:
        return f"void: no army in {order.army.province}"
    if t.kind[army] != MOVE or t.dest[army] != wanted:
        return f"void: {unit_string(order.army)} did not move to {wanted}"
    return f"void: {t.units[own]} is not at sea"


def _mode(t: OrderTable, adjacent: str, i: int, candidates: list[int]) -> int:
    """DATC 4.A.3: does army `i`'s move to a place it could reach over land use a convoy, and
    may it fall back to the land route? (`adjacent`: the rule option `adjacent_convoy`; an
    army with no land route goes by convoy, as `find_routes` settles with no call.)"""
    unit, move = t.units[i], t.orders[i]
    assert type(move) is Move
    if unit.type is not _ARMY:
        return LAND
    source, target = t.province[i], t.dest[i]
    has_route = i in t.convoy_fleets
    if adjacent == "1971":
        other = t.unit_at(target)
        theirs = t.orders[other] if other != NONE else None
        swapping = isinstance(theirs, Move) and province_of(theirs.target) == source
        return FALLBACK if swapping and has_route else LAND
    if adjacent == "explicit":
        return BY_CONVOY if move.via_convoy else LAND
    intent = move.via_convoy
    if not intent:
        units, power = t.units, unit.power
        for c in candidates:
            if units[c].power == power:
                intent = True
                break
        else:
            return LAND
    if adjacent == "land_fallback":
        return FALLBACK if has_route else LAND
    return BY_CONVOY


def _pool(
    game_map: Map,
    choices: RuleChoices,
    t: OrderTable,
    i: int,
    fleets: list[int],
    left_out: dict[tuple[int, int], str],
) -> list[int]:
    """The convoying fleets that may carry army `i`, in unit order: all of them; or only
    those on the route its order states (4.A.6 "stated": all of them, or none when a sea of
    it has none); or under the DPTG's rule (4.A.1 "own_fleets_first") only its own power's
    when they alone form a route. The others go into `left_out`, with the reason."""
    order, provinces = t.orders[i], t.province
    if choices.stated_route and isinstance(order, Move) and order.route:
        t.whole_route |= {i}
        at = {provinces[c]: c for c in fleets}
        stated = [at[sea] for sea in order.route if sea in at]
        stated = sorted(set(stated)) if len(stated) == len(order.route) else []
        why = f"void: {t.units[i]} goes only by the route it states"
        left_out.update(((c, i), why) for c in fleets if c not in stated)
        return stated
    if not choices.own_fleets_first:
        return fleets
    units = t.units
    power = units[i].power
    own = [c for c in fleets if units[c].power == power]
    if len(own) == len(fleets) or not route_fleets(
        game_map, provinces[i], t.dest[i], [provinces[c] for c in own]
    ):
        return fleets
    why = f"void: {t.units[i]} goes by its own power's fleets"
    left_out.update(((c, i), why) for c in fleets if c not in own)
    return own


def _strand(game_map: Map, t: OrderTable, i: int) -> None:
    """No route even with every fleet at sea (DATC 6.D.32): impossible in this position,
    so the unit holds and may be supported in holding. With fleets that merely did not
    convoy (6.D.8) it is a failed move."""
    if not _fleets_could_carry(game_map, t, t.province[i], t.dest[i]):
        t.stranded |= {i}
        t.kind[i] = HOLD
        t.occupant[i] = NONE
        t.opposed.remove(i)  # (no decision: the unit holds)
        into = t.moves_into[t.dest[i]]
        into.remove(i)
        if not into:
            del t.moves_into[t.dest[i]]
        elif len(into) == 1:  # the other move there may now be unopposed
            other = into[0]
            if t.occupant[other] == NONE and t.route[other] != BY_CONVOY:
                t.unopposed[other] = True
                t.opposed.remove(other)


def _fleets_could_carry(game_map: Map, t: OrderTable, source: str, target: str) -> bool:
    """`route_exists` over every fleet at sea: the search goes over every convoy area, asking
    which unit stands only in those it reaches (a route is mostly found within a step or two,
    where a pass over every unit is the dearer)."""
    return route_exists(game_map, source, target, game_map.seas.areas, t.fleet_at)


def _assign(
    t: OrderTable, candidates: dict[int, list[int]], left_out: dict[tuple[int, int], str]
) -> None:
    """The fleets that carry each army; the others' convoys are void, with the reason."""
    route, units, dest, void, provinces = t.route, t.units, t.dest, t.void, t.province
    convoyed, moves_into = t.convoyed, t.moves_into
    seas = []
    for i, fleets in candidates.items():
        mode = route[i]
        used = t.convoy_fleets.get(i, ()) if mode != LAND else ()
        for c in fleets:
            if c in used:
                convoyed[c] = i
                sea = provinces[c]
                seas.append(sea)
                if sea in moves_into:  # (`OrderTable.in_use`, with the columns at hand)
                    t.opposed.append(c)
                else:
                    t.unopposed[c] = True
            elif mode == LAND:
                void[c] = f"void: {units[i]} - {dest[i]} does not go by convoy"
            elif (c, i) in left_out:
                void[c] = left_out[c, i]
            elif i in t.convoy_fleets:
                void[c] = f"void: {units[c]} is not on a convoy route to {dest[i]}"
    if seas:
        t.convoying_seas = tuple(seas)


def find_weak_links(game_map: Map, t: OrderTable) -> None:
    """Which moves cross a weak link, directly or as a convoy's landing (maps with any)."""
    provinces, dest, fleet_near = t.province, t.dest, t.facts.fleet_near
    t.weak = [bool(d) and game_map.is_weak(p, d) for p, d in zip(provinces, dest, strict=True)]
    t.weak_landing = weak_landing = [False] * len(provinces)
    for i in t.moves:
        landings = [
            provinces[c]
            for c in t.convoy_fleets.get(i, ())
            if dest[i] in fleet_near.get(provinces[c], frozenset())
        ]
        weak_landing[i] = bool(landings) and all(game_map.is_weak(sea, dest[i]) for sea in landings)
