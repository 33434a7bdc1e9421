"""Legality: can an order be valid at all in this position, before looking at any other order?

An illegal order (DATC 4.E.1) is kept with its reason and ignored: the unit holds, or in a
retreat phase is disbanded. Whether a legal support or convoy matches its partner ("void") is
the resolver's business, not this module's. All geography comes from the Map.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from functools import cache

from adjudicator.board.convoy import needed_for_convoy, route_exists
from adjudicator.board.map import Map
from adjudicator.board.position import Dislodged, Position
from adjudicator.board.types import Unit, UnitType, province_of
from adjudicator.orders import model


@dataclass(frozen=True)
class Board:
    """What legality needs from a position, indexed once per set of orders."""

    units: Mapping[str, Unit]
    dislodged: Mapping[str, Dislodged]
    sea_fleets: frozenset[str]
    centers: Mapping[str, str]


def board_of(game_map: Map, position: Position) -> Board:
    """The board of a position, whose mappings are already keyed by province."""
    units = position.units
    fleets = [p for p in _seas(game_map).intersection(units) if units[p].type is UnitType.FLEET]
    return Board(
        units=units,
        dislodged=position.dislodged,
        sea_fleets=frozenset(fleets),
        centers=position.centers,
    )


@cache
def _seas(game_map: Map) -> frozenset[str]:
    return game_map.convoy_areas


def _can_reach(game_map: Map, unit: model.UnitRef) -> frozenset[str]:
    """Provinces a unit could move to in one step; a fleet written without the coast it
    needs may reach what any of its coasts reaches (the position decides the coast)."""
    if unit.type is UnitType.FLEET and unit.location not in game_map.fleet_adjacency:
        reach: set[str] = set()
        for location in game_map.locations_of(unit.province):
            reach |= game_map.reachable_provinces(unit.type, location)
        return frozenset(reach)
    return game_map.reachable_provinces(unit.type, unit.location)


class Depends(Enum):
    """The verdict on an order depends on the board, beyond the units the order names."""

    ON_BOARD = "on the board"


def _move_problem(
    game_map: Map, unit: model.UnitRef, target: str, via: bool, helper: str | None
) -> str | Depends | None:
    """Why a move could never succeed (None when it could; ON_BOARD when that depends on a
    convoy route, see `_route_problem`: a move that needs a convoy, or one written "via
    convoy" even to a neighbour). `helper` is set for a supported move: the supporter, which
    cannot also convoy it (DATC 6.D.31)."""
    source, province = unit.province, province_of(target)
    dest = game_map.provinces.get(province)
    if dest is None:
        return f"{target} is not on the map"
    if province == source:
        return f"{unit} cannot move to its own province"
    if dest.terrain == "impassable":
        return f"{dest.name} cannot be entered"
    if unit.type is UnitType.FLEET:
        return _fleet_move_problem(game_map, unit, target, via, helper)
    if dest.is_sea:
        return f"armies cannot move to sea ({dest.name})"
    adjacent = game_map.can_move(unit.type, unit.location, province)
    coastal = game_map.provinces[source].is_coastal and dest.is_coastal
    if via and not coastal:
        return "a move via convoy must go from a coastal province to a coastal province"
    if adjacent and not via:
        return None
    if not coastal:
        return f"{unit} cannot reach {province}"
    return Depends.ON_BOARD


def _fleet_move_problem(
    game_map: Map, unit: model.UnitRef, target: str, via: bool, helper: str | None
) -> str | None:
    """`_move_problem` for a fleet: it must reach the place, on a named coast where the
    province has two it can reach (4.B.1). A supported move may leave the coast out (the
    support then fits either), but a coast it names must be one the fleet can reach."""
    province = province_of(target)
    if via:
        return "only armies can be convoyed"
    if province not in _can_reach(game_map, unit):
        return f"{unit} cannot reach {target}"
    options = game_map.fleet_targets(unit.location, province)
    if helper is None and target == province and len(options) > 1:
        return f"the coast must be named: {unit} can reach {' and '.join(options)}"
    named = helper is None or target != province
    exact = named and unit.location in game_map.fleet_adjacency
    if exact and not game_map.can_move(unit.type, unit.location, target):
        return f"{unit} cannot reach {target}"
    return None


def _route_problem(
    game_map: Map, board: Board, unit: model.UnitRef, target: str, helper: str | None
) -> str | None:
    """The rest of `_move_problem` for an army that can only get there by convoy."""
    province = province_of(target)
    fleets = board.sea_fleets - {helper} if helper else board.sea_fleets
    if not route_exists(game_map, unit.province, province, fleets):
        return f"no fleets at sea could convoy {unit} to {province}"
    return None


def _support_problem(game_map: Map, supporter: model.UnitRef, province: str) -> str | None:
    if province == supporter.province:
        return f"{supporter} cannot support into its own province"
    if province not in _can_reach(game_map, supporter):
        return f"{supporter} cannot reach {province}, so it cannot support there"
    if game_map.is_weak(supporter.province, province):
        return (
            f"{supporter} cannot support into {province}: the link between "
            f"{supporter.province} and {province} is a weak link (no support across it)"
        )
    return None


def _convoy_problem(game_map: Map, order: model.Convoy) -> str | Depends | None:
    fleet, army, target = order.unit, order.army, order.target
    if fleet.type is not UnitType.FLEET:
        return "only fleets can convoy"
    if fleet.province not in game_map.convoy_areas:
        return f"{fleet} is not at sea: only fleets in sea provinces can convoy"
    if army.type is not UnitType.ARMY:
        return "only armies can be convoyed"
    if army.province == target:
        return f"{army} cannot be convoyed to its own province"
    if not (game_map.provinces[army.province].is_coastal and game_map.provinces[target].is_coastal):
        return "convoys go from a coastal province to a coastal province"
    return Depends.ON_BOARD


def _needed_problem(game_map: Map, board: Board, order: model.Convoy) -> str | None:
    """The rest of `_convoy_problem`: is the fleet on a route of fleets now at sea?"""
    fleet, army, target = order.unit, order.army, order.target
    water = game_map.facts.water
    if fleet.province in water[army.province] and fleet.province in water[target]:
        return None  # the fleet alone is a route (the usual convoy): no search
    if not needed_for_convoy(
        game_map, board.sea_fleets | {fleet.province}, army.province, target, fleet.province
    ):
        return f"{fleet} is not needed on any convoy route from {army.province} to {target}"
    return None


def retreat_problem(game_map: Map, board: Board, order: model.Retreat) -> str | None:
    """Why a retreat cannot be carried out (None: it can); the one check, for the reader and
    the retreat phase alike."""
    dislodged = board.dislodged.get(order.unit.province)
    if dislodged is None:
        return f"{order.unit} was not dislodged"
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
            return f"the coast must be named: {order.unit} can reach {' and '.join(coasts)}"
    if not dislodged.retreats:
        return f"{order.unit} has nowhere to retreat"
    options = ", ".join(dislodged.retreats)
    return f"{order.unit} cannot retreat to {target}; it may retreat to {options}"


def build_problem(game_map: Map, board: Board, power: str, unit: model.UnitRef) -> str | None:
    """Why `power` cannot build `unit` on this board (None: it can); the one check, for the
    reader and the adjustment phase alike."""
    province = unit.province
    prov = game_map.provinces[province]
    info = game_map.powers.get(power)
    if province in game_map.partisans(power, board.centers):
        pass  # a partisan site: no centre to own
    elif info is not None and province in info.partisan_sites:
        return (
            f"{power.title()} may build in {prov.name} (a partisan site) only while it has lost "
            "some but not all of its home centres"
        )
    elif province not in game_map.build_sites(power):
        return f"{prov.name} is not a home centre of {power.title()}"
    elif board.centers.get(province) != power:
        return f"{power.title()} does not own {prov.name}"
    if province in board.units:
        return f"{prov.name} is occupied"
    if unit.type is UnitType.FLEET and prov.is_land:
        return f"a fleet cannot be built inland ({prov.name})"
    if unit.type is UnitType.ARMY and prov.is_sea:
        return f"an army cannot be built at sea ({prov.name})"
    if unit.type is UnitType.FLEET and prov.coasts and unit.location == province:
        coasts = " or ".join(game_map.locations_of(province))
        return f"a fleet built in {prov.name} needs a coast: {coasts}"
    if not game_map.is_valid_location(unit.type, unit.location):
        return f"{unit} cannot stand there"
    return None


def fixed_reason(game_map: Map, order: model.Order) -> str | Depends | None:
    """Why `order` can never be valid whatever else is on the board (None: it is legal), or
    ON_BOARD when that depends on more of the board than the units the order names: then ask
    `board_reason`. A pure function of the map and the order (`interpret` keeps it with the
    text it read the order from)."""
    if isinstance(order, model.Move):
        return _move_problem(game_map, order.unit, order.target, order.via_convoy, None)
    if isinstance(order, model.SupportHold):
        if order.supported.province == order.unit.province:
            return "a unit cannot support itself"
        return _support_problem(game_map, order.unit, order.supported.province)
    if isinstance(order, model.SupportMove):
        if order.supported.province == order.unit.province:
            return "a unit cannot support its own move"
        problem = _support_problem(game_map, order.unit, province_of(order.target))
        if problem is not None:
            return problem
        move_problem = _move_problem(
            game_map, order.supported, order.target, False, order.unit.province
        )
        if isinstance(move_problem, str):
            return f"the supported move cannot succeed: {move_problem}"
        return move_problem
    if isinstance(order, model.Convoy):
        return _convoy_problem(game_map, order)
    if isinstance(order, model.Retreat | model.Build):
        return Depends.ON_BOARD
    assert isinstance(order, model.Hold | model.Disband | model.Waive)
    return None


def illegal_reason(game_map: Map, board: Board, power: str, order: model.Order) -> str | None:
    """Why `order` can never be valid in this position, or None when it is legal."""
    reason = fixed_reason(game_map, order)
    if reason is not Depends.ON_BOARD:
        return reason
    return board_reason(game_map, board, power, order)


def board_reason(game_map: Map, board: Board, power: str, order: model.Order) -> str | None:
    """`illegal_reason` for an order whose `fixed_reason` is ON_BOARD."""
    if isinstance(order, model.Move):
        return _route_problem(game_map, board, order.unit, order.target, None)
    if isinstance(order, model.SupportMove):
        problem = _route_problem(
            game_map, board, order.supported, order.target, order.unit.province
        )
        return f"the supported move cannot succeed: {problem}" if problem else None
    if isinstance(order, model.Convoy):
        return _needed_problem(game_map, board, order)
    if isinstance(order, model.Retreat):
        return retreat_problem(game_map, board, order)
    assert isinstance(order, model.Build)
    return build_problem(game_map, board, power, order.unit)
