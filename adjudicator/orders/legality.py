"""Legality: can an order be valid at all in this position, before looking at any other order?

An illegal order (DATC 4.E.1) is kept with its reason and ignored: the unit holds, or in a
retreat phase is disbanded. Whether a legal support or convoy matches its partner ("void") is
the resolver's business, not this module's. All geography comes from the Map.
"""

from __future__ import annotations

from enum import Enum
from typing import Final

from adjudicator.board.bounded import keep
from adjudicator.board.map import Map
from adjudicator.board.position import Position
from adjudicator.board.seas import seas_of
from adjudicator.board.types import UnitType, province_of
from adjudicator.orders import model
from adjudicator.orders.model import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
)
from adjudicator.orders.onboard import Board
from adjudicator.orders.refusals import reason

_ARMY: Final = UnitType.ARMY
_FLEET: Final = UnitType.FLEET
"""Enum members as constants: a member is a slow attribute in CPython 3.11 (~0.3 µs)."""


def board_of(game_map: Map, position: Position) -> Board:
    """The board of a position, whose mappings are already keyed by province."""
    ground = _GROUND.get(game_map) or _ground(game_map)  # (`Map.convoy_areas`: a property)
    return Board(position.units, position.dislodged, position.centers, ground.convoy_areas)


def _can_reach(game_map: Map, unit: model.UnitRef) -> frozenset[str]:
    """Provinces a unit could move to in one step; a fleet written without the coast it
    needs may reach what any of its coasts reaches (the position decides the coast)."""
    unit_type, location = unit.type, unit.location
    if unit_type is _FLEET and location not in game_map.fleet_adjacency:
        reach: set[str] = set()
        for place in game_map.locations_of(province_of(location)):
            reach |= game_map.reachable_provinces(unit_type, place)
        return frozenset(reach)
    return game_map.reachable_provinces(unit_type, location)


class _Ground:
    """What the legality of a first read asks of a map, derived once: lookups where the
    checks would otherwise call a property or a function a few times an order (the coastal
    and sea provinces, `Province.is_coastal` and `is_sea`; each location's province,
    `MapFacts.province`; where a unit can move, `reach`) and the seas' bit tables
    (`seas_of`)."""

    __slots__ = (
        "army_reach",
        "coastal",
        "convoy_areas",
        "fleet_reach",
        "held",
        "map",
        "province",
        "provinces",
        "sea",
        "seas",
        "split",
        "weak_links",
    )

    def __init__(self, game_map: Map) -> None:
        self.map = game_map
        self.provinces = game_map.provinces
        self.coastal = frozenset(c for c, prov in self.provinces.items() if prov.is_coastal)
        self.sea = frozenset(c for c, prov in self.provinces.items() if prov.is_sea)
        self.split = frozenset(c for c in self.provinces if len(game_map.locations_of(c)) > 1)
        """The provinces of several places a unit may stand in (coasts: `Map.locations_of`)."""
        self.convoy_areas = game_map.convoy_areas
        self.province = game_map.facts.province
        self.seas = seas_of(game_map)
        self.weak_links = bool(game_map.weak_links)
        locations = list(self.province)
        self.army_reach = {at: _can_reach(game_map, model.UnitRef(_ARMY, at)) for at in locations}
        self.fleet_reach = {at: _can_reach(game_map, model.UnitRef(_FLEET, at)) for at in locations}
        self.held: dict[int, tuple[str, ...]] = {}  # (`_areas`)

    def reach(self, unit: model.UnitRef) -> frozenset[str]:
        """`_can_reach`, looked up (every location of the map is kept)."""
        found = (self.fleet_reach if unit.type is _FLEET else self.army_reach).get(unit.location)
        return _can_reach(self.map, unit) if found is None else found


_GROUND: Final[dict[Map, _Ground]] = {}
"""Map -> its `_Ground` (one per map, as `functools.cache` would keep: a plain dict's look-up
is a third of that call's instructions)."""


def _ground(game_map: Map) -> _Ground:
    try:
        return _GROUND[game_map]
    except KeyError:
        return _GROUND.setdefault(game_map, _Ground(game_map))


class Depends(Enum):
    """The verdict on an order depends on the board, beyond the units the order names."""

    ON_BOARD = "on the board"


ON_BOARD: Final = Depends.ON_BOARD
"""The one member as a constant, for the reader's per-order checks (see `_FLEET`)."""


def _move_problem(
    ground: _Ground, unit: model.UnitRef, target: str, via: bool, helper: str | None
) -> str | Depends | None:
    """Why a move could never succeed (None when it could; ON_BOARD when that depends on a
    convoy route, see `_route`: a move that needs a convoy, or one written "via
    convoy" even to a neighbour). `helper` is set for a supported move: the supporter, which
    cannot also convoy it (DATC 6.D.31)."""
    province_at = ground.province
    source, province = province_at[unit.location], province_at[target]
    dest = ground.provinces.get(province)
    if dest is None:
        return reason("off_map", target=target)
    if province == source:
        return reason("move_own", unit=unit.text)
    if dest.terrain == "impassable":
        return reason("impassable", name=dest.name)
    if unit.type is _FLEET:
        return _fleet_move_problem(ground, unit, target, province, via, helper)
    if province in ground.sea:
        return reason("army_to_sea", name=dest.name)
    coastal = ground.coastal
    by_sea = source in coastal and province in coastal
    if via and not by_sea:
        return reason("via_inland")
    # (`Map.can_move` for an army: its province's neighbours, `_Ground.reach` looked up)
    if not via and province in (ground.army_reach.get(unit.location) or ground.reach(unit)):
        return None
    if not by_sea:
        return reason("unreachable", unit=unit.text, target=province)
    return Depends.ON_BOARD


def _fleet_move_problem(
    ground: _Ground,
    unit: model.UnitRef,
    target: str,
    province: str,
    via: bool,
    helper: str | None,
) -> str | None:
    """`_move_problem` for a fleet (to `target`, in `province`): it must reach the place, on a
    named coast where the province has two it can reach (4.B.1). A supported move may leave
    the coast out (the support then fits either), but a coast it names must be one the fleet
    can reach."""
    if via:
        return reason("armies_convoyed")
    location = unit.location
    if province not in (ground.fleet_reach.get(location) or ground.reach(unit)):
        return reason("unreachable", unit=unit.text, target=target)
    game_map = ground.map
    if helper is None and target == province and province in ground.split:
        options = game_map.fleet_targets(location, province)  # (one place elsewhere)
        if len(options) > 1:
            return reason("coast_needed", unit=unit.text, options=" and ".join(options))
    if helper is not None and target == province:
        return None  # (a supported move may leave the coast out)
    # (`Map.can_move` for a fleet, when it names its coast: one of its neighbours)
    neighbours = game_map.fleet_adjacency.get(location)
    if neighbours is not None and target not in neighbours:
        return reason("unreachable", unit=unit.text, target=target)
    return None


def _route(
    ground: _Ground, board: Board, source: str, province: str, helper: str | None
) -> tuple[str, ...] | None:
    """The rest of `_move_problem` for an army that can only get there by convoy: the convoy
    areas whose fleets carry it from `source` to `province` (not `helper`'s: it supports the
    move, 6.D.31), else None. A fleet next to both ends (looked for first, among a few seas:
    `Seas.alone` with no call), else every fleet a convoy gets to (`Board.reached`)."""
    seas = ground.seas
    water, areas = seas.water, seas.areas
    ends = water.get(province, 0)
    alone = water.get(source, 0) & ends
    if helper is not None:
        alone &= ~seas.area_bit.get(helper, 0)
    if alone:
        mask = board._mask
        if mask is not None:
            alone &= mask
            if alone:
                return (areas[(alone & -alone).bit_length() - 1],)
        else:  # (a few seas looked up, rather than every fleet at sea found)
            units = board.units
            while alone:
                low = alone & -alone
                alone ^= low
                area = areas[low.bit_length() - 1]
                found = units.get(area)
                if found is not None and found.type is _FLEET:
                    return (area,)
    reached = board.reached(seas, source, helper)
    if reached & ends:
        return ground.held.get(reached) or _areas(ground, reached)
    return None


def _areas(ground: _Ground, mask: int) -> tuple[str, ...]:
    """The convoy areas of a mask of their bits, kept by it (`_Ground.held`)."""
    return keep(ground.held, mask, tuple(ground.seas.area_names(mask)), 1 << 12)


def _support_problem(
    ground: _Ground, supporter: model.UnitRef, source: str, province: str
) -> str | None:
    """Why `supporter`, in province `source`, cannot support into `province`."""
    if province == source:
        return reason("support_own", unit=supporter.text)
    reach = (ground.fleet_reach if supporter.type is _FLEET else ground.army_reach).get(
        supporter.location
    )  # (`_Ground.reach` looked up: the call only for a place it does not keep)
    if province not in (reach or ground.reach(supporter)):
        return reason("support_unreachable", unit=supporter.text, province=province)
    if ground.weak_links and ground.map.is_weak(source, province):
        return reason("weak_link", unit=supporter.text, province=province, source=source)
    return None


def _convoy_problem(ground: _Ground, order: model.Convoy) -> str | Depends | None:
    fleet, army, target = order.unit, order.army, order.target
    if fleet.type is not _FLEET:
        return reason("fleets_convoy")
    province_at = ground.province
    at = province_at[fleet.location]
    if at not in ground.convoy_areas:
        return reason("not_at_sea", unit=fleet.text)
    if army.type is not _ARMY:
        return reason("armies_convoyed")
    source = province_at[army.location]
    if source == target:
        return reason("convoy_own", unit=army.text)
    coastal = ground.coastal
    if not (source in coastal and target in coastal):
        return reason("convoy_inland")
    seas = ground.seas
    if seas.alone(seas.area_bit.get(at, 0), source, target):
        return None  # the fleet alone carries the army there, whatever else is at sea
    return Depends.ON_BOARD


def _needed(ground: _Ground, board: Board, order: model.Convoy) -> tuple[str, ...] | None:
    """The rest of `_convoy_problem` (the fleet does not carry the army alone): the convoy
    areas of the routes of fleets now at sea of which every fleet is needed (`Seas.is_needed`,
    the board's search: `Board.searches`) when the fleet is on one, else None."""
    seas, province_at = ground.seas, ground.province
    at, source = province_at[order.unit.location], province_at[order.army.location]
    target = order.target
    mask = board._mask
    if mask is None:
        mask = board.fleet_mask(seas)
    bit = seas.area_bit[at]  # (a convoy area: `_convoy_problem`)
    fleets = mask | bit
    key = (source, target, fleets)
    searches = board.searches
    if searches is None:
        searches = board.searches = {}
    found = searches.get(key)
    if found is None:
        found = searches[key] = seas.needed_to(fleets, source, target)
    if bit not in found:
        return None
    on = sum(found)  # (its keys: one bit each)
    return ground.held.get(on) or _areas(ground, on)


def retreat_problem(game_map: Map, board: Board, order: model.Retreat) -> str | None:
    """Why a retreat cannot be carried out (None: it can); the one check, for the reader and
    the retreat phase alike."""
    dislodged = board.dislodged.get(order.unit.province)
    if dislodged is None:
        return reason("not_dislodged", unit=order.unit.text)
    allowed = {province_of(r) for r in dislodged.retreats}
    target = order.target
    fits = province_of(target) in allowed and (
        order.unit.type is UnitType.ARMY
        or game_map.can_move(order.unit.type, order.unit.location, target)
    )
    if fits:
        return None
    if order.unit.type is UnitType.FLEET and target in allowed:
        coasts = game_map.fleet_targets(order.unit.location, target)
        if len(coasts) > 1:
            return reason("coast_needed", unit=order.unit.text, options=" and ".join(coasts))
    if not dislodged.retreats:
        return reason("nowhere", unit=order.unit.text)
    options = ", ".join(dislodged.retreats)
    return reason("retreat_elsewhere", unit=order.unit.text, target=target, options=options)


def build_problem(game_map: Map, board: Board, power: str, unit: model.UnitRef) -> str | None:
    """Why `power` cannot build `unit` on this board (None: it can); the one check, for the
    reader and the adjustment phase alike."""
    province = unit.province
    prov = game_map.provinces[province]
    info = game_map.powers.get(power)
    if province in game_map.partisans(power, board.centers):
        pass  # a partisan site: no centre to own
    elif info is not None and province in info.partisan_sites:
        return reason("partisan_site", power=power.title(), name=prov.name)
    elif province not in game_map.build_sites(power):
        return reason("not_home", name=prov.name, power=power.title())
    elif board.centers.get(province) != power:
        return reason("not_owned", power=power.title(), name=prov.name)
    if province in board.units:
        return reason("occupied", name=prov.name)
    if unit.type is UnitType.FLEET and prov.is_land:
        return reason("fleet_inland", name=prov.name)
    if unit.type is UnitType.ARMY and prov.is_sea:
        return reason("army_at_sea", name=prov.name)
    if unit.type is UnitType.FLEET and prov.coasts and unit.location == province:
        coasts = " or ".join(game_map.locations_of(province))
        return reason("build_coast", name=prov.name, options=coasts)
    if not game_map.is_valid_location(unit.type, unit.location):
        return reason("cannot_stand", unit=unit.text)
    return None


def fixed_reason(game_map: Map, order: model.Order) -> str | Depends | None:
    """Why `order` can never be valid whatever else is on the board (None: it is legal), or
    ON_BOARD when that depends on more of the board than the units the order names: then ask
    `board_reason`. A pure function of the map and the order (`interpret` keeps it with the
    text it read the order from)."""
    try:
        ground = _GROUND[game_map]
    except KeyError:
        ground = _ground(game_map)
    # (each kind by its exact type, the orders' classes being final: a negative isinstance
    # asks for the object's __class__, several times the instructions in CPython 3.11; the
    # classes by name: compiled, `model.Move` there is the module's attribute, looked up)
    if type(order) is Move:
        return _move_problem(ground, order.unit, order.target, order.via_convoy, None)
    if type(order) is SupportMove:
        province_at, unit, supported = ground.province, order.unit, order.supported
        source = province_at[unit.location]
        if province_at[supported.location] == source:
            return reason("support_own_move")
        problem = _support_problem(ground, unit, source, province_at[order.target])
        if problem is not None:
            return problem
        move_problem = _move_problem(ground, supported, order.target, False, source)
        if type(move_problem) is str:
            return reason("supported_move", problem=move_problem)
        return move_problem
    if type(order) is Convoy:
        return _convoy_problem(ground, order)
    if type(order) is SupportHold:
        province_at = ground.province
        source = province_at[order.unit.location]
        held = province_at[order.supported.location]
        if held == source:
            return reason("support_itself")
        return _support_problem(ground, order.unit, source, held)
    if type(order) is Retreat or type(order) is Build:
        return Depends.ON_BOARD
    assert type(order) is Hold or type(order) is Disband or type(order) is Waive
    return None


def illegal_reason(game_map: Map, board: Board, power: str, order: model.Order) -> str | None:
    """Why `order` can never be valid in this position, or None when it is legal."""
    fixed = fixed_reason(game_map, order)
    if fixed is not Depends.ON_BOARD:
        return fixed
    return board_reason(game_map, board, power, order)


def board_reason(game_map: Map, board: Board, power: str, order: model.Order) -> str | None:
    """`illegal_reason` for an order whose `fixed_reason` is ON_BOARD."""
    return board_verdict(game_map, board, power, order)[0]


def board_verdict(
    game_map: Map,
    board: Board,
    power: str,
    order: model.Order,
    held: tuple[str, ...] | None = None,
) -> tuple[str | None, tuple[str, ...]]:
    """`board_reason`, and what a legal convoy's or move by convoy rests on (else ()): the
    convoy areas of its routes. A board with a fleet in each of those (`held`, from a verdict
    on another board) finds it legal at once: more fleets take no route away, nor make a fleet
    less needed (`strings.Strings._verdict` keeps them with the order's text)."""
    if held is not None and board.fleets_in(held):
        return None, held
    ground = _GROUND.get(game_map) or _ground(game_map)
    if type(order) is Move:  # the most asked first (by exact type: see `fixed_reason`)
        province = ground.province[order.target]
        held = _route(ground, board, ground.province[order.unit.location], province, None)
        if held is not None:
            return None, held
        return reason("no_route", unit=order.unit.text, province=province), ()
    if type(order) is Convoy:
        held = _needed(ground, board, order)
        if held is not None:
            return None, held
        source, target = ground.province[order.army.location], order.target
        return reason("not_needed", unit=order.unit.text, source=source, target=target), ()
    if type(order) is SupportMove:
        province_at, supported = ground.province, order.supported
        helper = province_at[order.unit.location]
        province = province_at[order.target]
        held = _route(ground, board, province_at[supported.location], province, helper)
        if held is None:
            problem = reason("no_route", unit=supported.text, province=province)
            return reason("supported_move", problem=problem), ()
        return None, held
    if type(order) is Retreat:
        return retreat_problem(game_map, board, order), ()
    assert type(order) is Build
    return build_problem(game_map, board, power, order.unit), ()
