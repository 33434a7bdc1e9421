"""Retreat adjudication (rulebook XI, DATC 6.H): dislodged units retreat, bounce or disband.

The movement resolver already decided where each dislodged unit may go (`Dislodged.retreats`),
so this phase is simple: a retreat arrives when it is the only retreat into its province;
two or more retreats into one province all fail and those units are disbanded; a unit without
an order is disbanded. On a map with weak links (Map.weak_links), a retreat across one loses to
any other retreat into the same province: it is disbanded and the others are judged without
it. Retreats cannot be supported or convoyed, so nothing else matters.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from adjudicator.board.map import Map
from adjudicator.board.position import Dislodged, Position
from adjudicator.board.rules import DEFAULT_RULES, Rules
from adjudicator.board.types import Unit, province_of
from adjudicator.orders.legality import board_of, retreat_problem
from adjudicator.orders.model import Disband, Retreat, RetreatOrder
from adjudicator.orders.results import Resolution


@dataclass(frozen=True)
class RetreatOutcome:
    """Every dislodged unit's resolution (keyed by its province) and the board afterwards."""

    resolutions: Mapping[str, Resolution]
    units: Mapping[str, Unit]


NO_ORDER: Final = Resolution(True, ("disbanded",), "no retreat order: the unit is disbanded")
DISBANDED: Final = Resolution(True, ("disbanded",))


def _checked_target(
    game_map: Map, position: Position, dislodged: Dislodged, order: Retreat
) -> str | None:
    """Why a retreat cannot be carried out, re-checked here because a bad one must not bounce:
    the reader's check (`retreat_problem`), and that nothing stands there now."""
    problem = retreat_problem(game_map, board_of(game_map, position), order)
    if problem:
        return problem
    if province_of(order.target) in position.units:
        return f"{order.target} is occupied"
    if not game_map.is_valid_location(dislodged.unit.type, order.target):
        return f"{dislodged.unit} cannot stand in {order.target}"
    return None


def adjudicate_retreats(
    game_map: Map,
    position: Position,
    orders: Mapping[str, RetreatOrder],
    rules: Rules = DEFAULT_RULES,
) -> RetreatOutcome:
    """Resolve the retreat phase; `orders` are legal orders keyed by the dislodged unit's province.

    An order for a province with no dislodged unit is ignored (the legality check reports it).
    `rules` is accepted for symmetry with the other phases: no rule option affects retreats
    once the retreat options are known (4.A.5 is settled when they are computed).
    """
    del rules
    resolutions: dict[str, Resolution] = {}
    claims: dict[str, list[tuple[str, Retreat]]] = defaultdict(list)
    for province, dislodged in position.dislodged.items():
        order = orders.get(province)
        if order is None:
            resolutions[province] = NO_ORDER
        elif isinstance(order, Disband):
            resolutions[province] = DISBANDED
        else:
            problem = _checked_target(game_map, position, dislodged, order)
            if problem is None:
                claims[province_of(order.target)].append((province, order))
            else:
                resolutions[province] = Resolution(False, ("illegal", "disbanded"), problem)

    units = dict(position.units)
    for target, contenders in claims.items():
        weak = [
            (p, o) for p, o in contenders if game_map.is_weak(p, target) and len(contenders) > 1
        ]
        for province, _ in weak:
            resolutions[province] = Resolution(
                False,
                ("bounce", "disbanded"),
                f"retreated across a weak link: loses to {_others(contenders, province)}",
                tuple(str(position.dislodged[p].unit) for p, _ in contenders if p != province),
            )
        contenders = [c for c in contenders if c not in weak]
        if not contenders:
            continue
        if len(contenders) == 1:
            province, order = contenders[0]
            unit = position.dislodged[province].unit
            units[target] = Unit(unit.power, unit.type, order.target)
            resolutions[province] = Resolution(True)
            continue
        for province, _ in contenders:
            others = [(p, o) for p, o in contenders if p != province]
            resolutions[province] = Resolution(
                False,
                ("bounce", "disbanded"),
                "bounced with " + _others(contenders, province),
                tuple(str(position.dislodged[p].unit) for p, _ in others),
            )
    return RetreatOutcome(resolutions=resolutions, units=units)


def _others(contenders: list[tuple[str, Retreat]], province: str) -> str:
    """The other retreats into the same province, as the result's reason names them."""
    return ", ".join(str(o) for p, o in contenders if p != province)
