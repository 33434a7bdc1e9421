"""Legality: can an order be valid at all in this position, before looking at any other order?

An illegal order (DATC 4.E.1) is kept with its reason and ignored: the unit holds, or in a
retreat phase is disbanded. Whether a legal support or convoy matches its partner ("void") is
the resolver's business, not this module's. All geography comes from the Map.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum

from adjudicator.board.convoy import needed_for_convoy, route_exists
from adjudicator.board.map import Map
from adjudicator.board.position import Dislodged, Position
from adjudicator.board.types import Unit, UnitType, province_of
from adjudicator.orders import model
from adjudicator.orders.refusals import reason

_FLEET = UnitType.FLEET
"""An enum member as a constant: a member is a slow attribute in CPython 3.11 (~0.3 µs)."""


class Board:
    """What legality needs from a position, indexed once per set of orders: its units and
    dislodged units by province, the centres' owners, and the provinces of the fleets at sea,
    found when first asked for (only a move or a convoy that may need a convoy route asks: most
    orders never do). Made and used by one call, never shared between threads."""

    __slots__ = ("_fleets", "_seas", "centers", "dislodged", "units")

    def __init__(
        self,
        units: Mapping[str, Unit],
        dislodged: Mapping[str, Dislodged],
        centers: Mapping[str, str],
        seas: frozenset[str],
    ) -> None:
        self.units = units
        self.dislodged = dislodged
        self.centers = centers
        self._seas = seas
        self._fleets: frozenset[str] | None = None

    @property
    def sea_fleets(self) -> frozenset[str]:
        """The provinces of the fleets in convoy areas."""
        fleets = self._fleets
        if fleets is None:
            units = self.units
            at_sea = self._seas.intersection(units)
            fleets = frozenset(p for p in at_sea if units[p].type is _FLEET)
            self._fleets = fleets
        return fleets


def board_of(game_map: Map, position: Position) -> Board:
    """The board of a position, whose mappings are already keyed by province."""
    return Board(position.units, position.dislodged, position.centers, game_map.convoy_areas)


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


ON_BOARD = Depends.ON_BOARD
"""The one member as a constant, for the reader's per-order checks (see `_FLEET`)."""


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
        return reason("off_map", target=target)
    if province == source:
        return reason("move_own", unit=unit)
    if dest.terrain == "impassable":
        return reason("impassable", name=dest.name)
    if unit.type is UnitType.FLEET:
        return _fleet_move_problem(game_map, unit, target, via, helper)
    if dest.is_sea:
        return reason("army_to_sea", name=dest.name)
    adjacent = game_map.can_move(unit.type, unit.location, province)
    coastal = game_map.provinces[source].is_coastal and dest.is_coastal
    if via and not coastal:
        return reason("via_inland")
    if adjacent and not via:
        return None
    if not coastal:
        return reason("unreachable", unit=unit, target=province)
    return Depends.ON_BOARD


def _fleet_move_problem(
    game_map: Map, unit: model.UnitRef, target: str, via: bool, helper: str | None
) -> str | None:
    """`_move_problem` for a fleet: it must reach the place, on a named coast where the
    province has two it can reach (4.B.1). A supported move may leave the coast out (the
    support then fits either), but a coast it names must be one the fleet can reach."""
    province = province_of(target)
    if via:
        return reason("armies_convoyed")
    if province not in _can_reach(game_map, unit):
        return reason("unreachable", unit=unit, target=target)
    options = game_map.fleet_targets(unit.location, province)
    if helper is None and target == province and len(options) > 1:
        return reason("coast_needed", unit=unit, options=" and ".join(options))
    named = helper is None or target != province
    exact = named and unit.location in game_map.fleet_adjacency
    if exact and not game_map.can_move(unit.type, unit.location, target):
        return reason("unreachable", unit=unit, target=target)
    return None


def _route_problem(
    game_map: Map, board: Board, unit: model.UnitRef, target: str, helper: str | None
) -> str | None:
    """The rest of `_move_problem` for an army that can only get there by convoy."""
    province = province_of(target)
    fleets = board.sea_fleets - {helper} if helper else board.sea_fleets
    if not route_exists(game_map, unit.province, province, fleets):
        return reason("no_route", unit=unit, province=province)
    return None


def _support_problem(game_map: Map, supporter: model.UnitRef, province: str) -> str | None:
    if province == supporter.province:
        return reason("support_own", unit=supporter)
    if province not in _can_reach(game_map, supporter):
        return reason("support_unreachable", unit=supporter, province=province)
    if game_map.is_weak(supporter.province, province):
        return reason("weak_link", unit=supporter, province=province, source=supporter.province)
    return None


def _convoy_problem(game_map: Map, order: model.Convoy) -> str | Depends | None:
    fleet, army, target = order.unit, order.army, order.target
    if fleet.type is not UnitType.FLEET:
        return reason("fleets_convoy")
    if fleet.province not in game_map.convoy_areas:
        return reason("not_at_sea", unit=fleet)
    if army.type is not UnitType.ARMY:
        return reason("armies_convoyed")
    if army.province == target:
        return reason("convoy_own", unit=army)
    if not (game_map.provinces[army.province].is_coastal and game_map.provinces[target].is_coastal):
        return reason("convoy_inland")
    return Depends.ON_BOARD


def _needed_problem(game_map: Map, board: Board, order: model.Convoy) -> str | None:
    """The rest of `_convoy_problem`: is the fleet on a route of fleets now at sea?"""
    fleet, army, target = order.unit, order.army, order.target
    if not needed_for_convoy(
        game_map, board.sea_fleets | {fleet.province}, army.province, target, fleet.province
    ):
        return reason("not_needed", unit=fleet, source=army.province, target=target)
    return None


def retreat_problem(game_map: Map, board: Board, order: model.Retreat) -> str | None:
    """Why a retreat cannot be carried out (None: it can); the one check, for the reader and
    the retreat phase alike."""
    dislodged = board.dislodged.get(order.unit.province)
    if dislodged is None:
        return reason("not_dislodged", unit=order.unit)
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
            return reason("coast_needed", unit=order.unit, options=" and ".join(coasts))
    if not dislodged.retreats:
        return reason("nowhere", unit=order.unit)
    options = ", ".join(dislodged.retreats)
    return reason("retreat_elsewhere", unit=order.unit, target=target, options=options)


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
        return reason("cannot_stand", unit=unit)
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
            return reason("support_itself")
        return _support_problem(game_map, order.unit, order.supported.province)
    if isinstance(order, model.SupportMove):
        if order.supported.province == order.unit.province:
            return reason("support_own_move")
        problem = _support_problem(game_map, order.unit, province_of(order.target))
        if problem is not None:
            return problem
        move_problem = _move_problem(
            game_map, order.supported, order.target, False, order.unit.province
        )
        if isinstance(move_problem, str):
            return reason("supported_move", problem=move_problem)
        return move_problem
    if isinstance(order, model.Convoy):
        return _convoy_problem(game_map, order)
    if isinstance(order, model.Retreat | model.Build):
        return Depends.ON_BOARD
    assert isinstance(order, model.Hold | model.Disband | model.Waive)
    return None


def illegal_reason(game_map: Map, board: Board, power: str, order: model.Order) -> str | None:
    """Why `order` can never be valid in this position, or None when it is legal."""
    fixed = fixed_reason(game_map, order)
    if fixed is not Depends.ON_BOARD:
        return fixed
    return board_reason(game_map, board, power, order)


def board_reason(game_map: Map, board: Board, power: str, order: model.Order) -> str | None:
    """`illegal_reason` for an order whose `fixed_reason` is ON_BOARD."""
    if isinstance(order, model.Move):
        return _route_problem(game_map, board, order.unit, order.target, None)
    if isinstance(order, model.SupportMove):
        problem = _route_problem(
            game_map, board, order.supported, order.target, order.unit.province
        )
        return reason("supported_move", problem=problem) if problem else None
    if isinstance(order, model.Convoy):
        return _needed_problem(game_map, board, order)
    if isinstance(order, model.Retreat):
        return retreat_problem(game_map, board, order)
    assert isinstance(order, model.Build)
    return build_problem(game_map, board, power, order.unit)
