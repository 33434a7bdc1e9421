"""Who still owes orders for the current phase, read from the pending orders.

Movement: each unit without an order; retreats: each dislodged unit without one (every listed
dislodged unit has somewhere to go, the others are destroyed); adjustments: the builds and
removals still to be ordered. Nobody else owes anything: not a power with nothing to do, not an
eliminated one, not a neutral power (rulebook XIV.2) nor one declared in civil disorder (XIV.3),
whose orders are ignored anyway. A unit given an order that cannot succeed (void) has an order;
a line that could not be read orders nothing, so its unit is still owed.

Pure functions of a Game; `game status`, `game show` and `game adjudicate` print them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from adjudicator.board.adjustments import adjustment_counts
from adjudicator.board.map import load_map
from adjudicator.board.types import PhaseKind
from adjudicator.game.game import Game, phase_rules
from adjudicator.orders.interpret import interpret_orders
from adjudicator.orders.model import Build, Disband, Waive, ordered_unit
from adjudicator.orders.results import OrderEntry
from adjudicator.resolve.disorder import disorder
from adjudicator.resolve.sequence import game_over


@dataclass(frozen=True)
class Owed:
    """What one power still has to order: units (movement: on the board; retreats: dislodged,
    named by where they stand) or a number of builds or removals (adjustments)."""

    power: str
    units: tuple[str, ...] = ()
    builds: int = 0
    removals: int = 0
    sent: bool = False
    """Whether the power has sent an order set for this phase at all."""

    def words(self) -> str:
        """What is owed, in a gamesmaster's words ('A MAR, F BRE', '1 build', '2 removals')."""
        if self.units:
            return ", ".join(self.units)
        count, noun = (self.builds, "build") if self.builds else (self.removals, "removal")
        return f"{count} {noun}{'' if count == 1 else 's'}"

    def fate(self, kind: PhaseKind) -> str:
        """What becomes of what is owed if it never comes, the one wording every command and
        mail uses ('units without orders hold', 'builds not ordered are waived')."""
        if self.units:
            if kind is PhaseKind.MOVEMENT:
                return "units without orders hold"
            return "dislodged units without orders are disbanded"
        if self.builds:
            return "builds not ordered are waived"
        return "removals not ordered are made by the civil-disorder rules"


def _adjustments_used(entries: Sequence[OrderEntry], power: str) -> tuple[int, int]:
    """(builds and waives, removals) a power's legal adjustment orders use up."""
    mine = [e.order for e in entries if e.power == power and e.illegal is None]
    builds = sum(1 for order in mine if isinstance(order, Build | Waive))
    return builds, sum(1 for order in mine if isinstance(order, Disband))


def owed_orders(game: Game) -> tuple[Owed, ...]:
    """The powers that still owe orders for the current phase, alphabetically, and what."""
    position = game.current
    rules = phase_rules(game.rules, game.disorder)
    if game_over(position, rules):
        return ()
    game_map = load_map(game.variant)
    entries, errors = interpret_orders(game_map, position, game.pending, rules)
    excused = disorder(game_map, position, [], [], rules).ignored
    ordered = {
        (e.power, unit.province) for e in entries if (unit := ordered_unit(e.order)) is not None
    }
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        idle = [u for u in position.units.values() if (u.power, u.province) not in ordered]
    elif kind is PhaseKind.RETREAT:
        idle = [
            d.unit
            for d in position.dislodged.values()
            if (d.unit.power, d.unit.province) not in ordered
        ]
    else:
        idle = []
    sent = set(game.pending) | {e.power for e in entries} | {e.power for e in errors}
    owed = []
    for power in sorted({u.power for u in idle} - excused):
        units = tuple(sorted(str(u) for u in idle if u.power == power))
        owed.append(Owed(power, units=units, sent=power in sent))
    if kind is PhaseKind.ADJUSTMENT:
        for power, due in sorted(adjustment_counts(game_map, position).items()):
            if power in excused or not due:
                continue
            builds, removals = _adjustments_used(entries, power)
            left = due - builds if due > 0 else -due - removals
            if left > 0:
                builds, removals = (left, 0) if due > 0 else (0, left)
                owed.append(Owed(power, (), builds, removals, power in sent))
    return tuple(owed)
