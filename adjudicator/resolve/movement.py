"""The movement phase: from a position and its (legal) orders to where every unit ends up.

`adjudicate_movement` follows DATC v3.0 with the rule options of `Rules`: the orders are matched
once (`order_table`), the decisions are settled (`decisions`), and this module turns the settled
decisions into the outcome: units after the moves, dislodged units with their retreat options,
provinces left empty by a standoff, and one `Resolution` per unit.

What "succeeds" means for each order:
- hold: the unit was not dislodged;
- move: the unit moved;
- support: the support was given and not cut, even when the supported order fails;
- convoy: the army was carried (its convoy route held), even when the army then bounces.
Failures carry the tags of CONTRACT.md and a reason naming the units responsible. A dislodged
unit always has the tag "dislodged", whatever its order.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import NamedTuple

from adjudicator.board.map import Map
from adjudicator.board.position import Dislodged, Position
from adjudicator.board.rules import DEFAULT_RULES, Rules
from adjudicator.board.types import Unit, UnitType, province_of
from adjudicator.orders.model import Convoy, Move, MovementOrder
from adjudicator.orders.results import Resolution, order_tags
from adjudicator.resolve.decisions import Decisions
from adjudicator.resolve.order_table import (
    BY_CONVOY,
    CONVOY,
    MOVE,
    NONE,
    SUPPORT,
    OrderTable,
    build_table,
)

__all__ = ["SUCCESS", "MovementOutcome", "adjudicate_movement"]


class MovementOutcome(NamedTuple):
    """Everything a movement phase decides; the mappings are never changed after construction.
    A named tuple: one is made per phase, in one step (a frozen dataclass sets each field)."""

    resolutions: Mapping[str, Resolution]
    """Province of every unit at the start -> what became of its order."""
    units: Mapping[str, Unit]
    """Province -> unit after the moves (dislodged units are not here)."""
    dislodged: Mapping[str, Dislodged]
    """Province -> each dislodged unit and where it may retreat (sorted; empty: nowhere)."""
    contested: frozenset[str]
    """Provinces left empty by a standoff: no retreat may go there."""


def adjudicate_movement(
    game_map: Map,
    position: Position,
    orders: Mapping[str, MovementOrder],
    rules: Rules = DEFAULT_RULES,
) -> MovementOutcome:
    """Adjudicate one movement phase; a unit without an order holds."""
    table = build_table(game_map, position, orders, rules)
    _ensure_recursion_room(table.size)
    decisions = Decisions(game_map, table, rules)
    decisions.resolve_all()
    return _Outcome(game_map, table, decisions, rules).build()


def _ensure_recursion_room(units: int) -> None:
    """A long chain of dependent moves recurses a few frames per unit; big variants need room."""
    needed = 200 + 12 * units
    if sys.getrecursionlimit() < needed:
        sys.setrecursionlimit(needed)


SUCCESS = Resolution(True)
"""Success, the common case: one shared value (`is` tells a plain success from the others)."""

_Why = tuple[bool, tuple[str, ...], str | None, tuple[str, ...]]
"""An order's outcome as the settled decisions give it: success, tags, the reason in words and
the units responsible (the same record the reason is written from; each unit named once)."""

_ARMY = UnitType.ARMY  # (a module constant: an enum member's lookup is dear)
_HELD: _Why = SUCCESS
"""The outcome of an order that stood (and of a hold): nothing to explain."""
_CYCLE = "failed: unresolvable cycle of orders"
_BOUNCE = ("bounce",)


class _Culprit(NamedTuple):
    """The explanations that name one unit alone, made once per unit and (for a move) its
    target: they depend on nothing else, so a map has a few hundred of them however many
    order texts a long run meets."""

    bounced_by_move: Resolution
    """A move bounced off this unit's move ("bounced with A PAR - BUR")."""
    bounced_by_unit: Resolution
    """A move bounced off this unit, not moving ("bounced with A PAR")."""
    cut_by: Resolution
    """A support cut by this unit ("support cut by A PAR")."""


_CULPRITS: dict[str, _Culprit] = {}
"""By the unit's order as a reason names it ("A PAR - BUR" for a move, else "A PAR")."""
_CULPRITS_LIMIT = 1 << 12


def _culprit(order: MovementOrder) -> _Culprit:
    name = str(order.unit)
    as_move = f"{name} - {order.target}" if isinstance(order, Move) else name
    known = _CULPRITS.get(as_move)
    if known is None:
        named = (name,)
        known = _Culprit(
            Resolution(False, _BOUNCE, "bounced with " + as_move, named),
            Resolution(False, _BOUNCE, "bounced with " + name, named),
            Resolution(False, ("cut",), "support cut by " + name, named),
        )
        if len(_CULPRITS) >= _CULPRITS_LIMIT:
            _CULPRITS.clear()  # bounded: variants with many units, or many maps
        _CULPRITS[as_move] = known
    return known


class _Outcome:
    """Reads the settled decisions once and builds the public outcome from them."""

    def __init__(self, game_map: Map, table: OrderTable, decisions: Decisions, rules: Rules):
        self.map = game_map
        self.t = table
        self.d = decisions
        self.rules = rules
        result, kind, occupant = decisions.result, table.kind, table.occupant
        self.moved = moved = [False] * table.size
        self._prevent: dict[int, float] = {}
        """Prevent strengths asked while explaining (a move bounced by others asks each)."""
        went = [m for m in table.moves if kind[m] == MOVE and result[m]]
        for m in went:
            moved[m] = True
        self.dislodger = {o: m for m in went if (o := occupant[m]) != NONE and not moved[o]}
        """Dislodged unit -> the move that dislodged it."""

    def build(self) -> MovementOutcome:
        t, moved, dislodger = self.t, self.moved, self.dislodger
        units = self._units()
        contested = frozenset(
            p
            for p, movers in t.moves_into.items()
            if p not in units and any(not moved[k] and self._prevents(k) > 0 for k in movers)
        )
        province = t.province
        dislodged = {
            province[i]: Dislodged(t.units[i], self._retreats(i, m, units, contested))
            for i, m in sorted(dislodger.items())
        }
        # Success, the common case, is one shared value; the others are explained, once each:
        # failed moves (stranded ones included) and supports, convoys, dislodged units.
        result = self.d.result
        explained = [m for m in t.moves if not moved[m]]
        explained += [s for s in t.supports if not result[s]]
        resolutions = dict.fromkeys(province, SUCCESS)
        resolution = self._resolution
        for i in dict.fromkeys([*explained, *t.convoys, *dislodger]):
            resolutions[province[i]] = resolution(i)
        return MovementOutcome(resolutions, units, dislodged, contested)

    def _units(self) -> dict[str, Unit]:
        """Province -> unit after the moves, in unit order (a moved unit where it went, the
        dislodged left out)."""
        t, moved, dislodger = self.t, self.moved, self.dislodger
        units: dict[str, Unit] = {}
        dest, province, unit_at = t.dest, t.province, t.facts.unit
        target, coasts = t.target, t.facts.coasts
        for i, unit in enumerate(t.units):
            if moved[i]:
                to = dest[i]
                if unit.type is _ARMY:
                    where = to
                else:  # a fleet stands on the exact coast
                    where = target[i]
                    if where in coasts:
                        where = self._landing(i)
                units[to] = unit_at(unit.power, unit.type, where)
            elif i not in dislodger:
                units[province[i]] = unit
        return units

    # -- places ----------------------------------------------------------------------------
    def _landing(self, m: int) -> str:
        """Where a fleet ordered to a province of several coasts, none named, lands: the one
        coast it can reach (or the province, when it could reach several)."""
        target = self.t.target[m]
        reachable = self.map.fleet_targets(self.t.units[m].location, target)
        return reachable[0] if len(reachable) == 1 else target

    def _retreats(
        self, i: int, m: int, occupied: Mapping[str, Unit], contested: frozenset[str]
    ) -> tuple[str, ...]:
        """DATC 6.H: adjacent places that are empty, not contested, not the attacker's origin
        (which is allowed after an attack by convoy, 4.A.5)."""
        unit = self.t.units[i]
        origin = self.t.province[m]
        if self.rules.retreat_to_convoy_origin and self.d.by_convoy(m):
            origin = ""
        if unit.type is _ARMY:
            options = self.map.army_adjacency.get(unit.province, frozenset())
        else:
            options = self.map.fleet_adjacency.get(unit.location, frozenset())
        province = self.t.facts.province
        return tuple(
            sorted(
                loc
                for loc in options
                if (p := province[loc]) != origin and p not in occupied and p not in contested
            )
        )

    # -- resolutions -----------------------------------------------------------------------
    def _resolution(self, i: int) -> Resolution:
        t = self.t
        kind = t.kind[i]
        why: _Why
        if t.stranded[i]:
            why = False, ("no_convoy",), f"no convoy route to {t.dest[i]}", ()
        elif kind == MOVE:
            why = self._move(i)
        elif kind == SUPPORT:
            why = self._support(i)
        elif kind == CONVOY:
            why = self._convoy(i)
        else:
            why = _HELD
        attacker = self.dislodger.get(i)
        if attacker is None:
            return why if isinstance(why, Resolution) else Resolution(*why)
        # Only a support may still stand (the 1982 paradox rule, DATC 6.F.17).
        succeeds, tags, reason, culprits = why
        name = str(t.units[attacker])
        note = f"dislodged by {name} - {t.target[attacker]}"
        succeeds = succeeds and kind == SUPPORT
        tags = order_tags((*tags, "dislodged"))
        reason = f"{reason}; {note}" if reason else note
        return Resolution(succeeds, tags, reason, tuple(dict.fromkeys((*culprits, name))))

    def _prevents(self, k: int) -> float:
        """Move k's prevent strength, asked once (every other move into its target asks)."""
        strength = self._prevent.get(k)
        if strength is None:
            strength = self._prevent[k] = self.d.prevent(k)
        return strength

    def _move(self, i: int) -> _Why:
        """Why move `i` failed: the unit that held it off, as its decision recorded it (asked
        again when the decision was settled on guesses or by the backup rule), and the other
        moves into its target as strong as it. The usual one, held off by one unit alone, is
        that unit's explanation (`_culprit`)."""
        t, d = self.t, self.d
        if t.route[i] == BY_CONVOY:
            if not t.has_route[i]:
                return False, ("no_convoy",), f"no convoy route to {t.dest[i]}", ()
            if not d.convoy_path(i):
                return self._disruption(i)
        occupant = t.occupant[i]
        known = d.bounced.get(i)
        strength = d.attack(i) if known is None else known[0]
        # With a path, attack strength 0 means the unit in the way is of the same power.
        own = strength == 0 and occupant != NONE
        if own:
            strength, held = d.defend(i), NONE
        elif known is None:
            held = self._resister(i, strength)
        else:
            held = known[1]
        culprits = [] if held == NONE else [held]
        movers = t.moves_into[t.dest[i]]
        if len(movers) > 1:
            prevents = self._prevents
            culprits += [k for k in movers if k != i and prevents(k) >= strength]
        if len(culprits) == 1 and not own:  # the common case: one unit held it off
            k = culprits[0]
            order = t.orders[k]
            if order is not None:
                named = _culprit(order)
                return named.bounced_by_move if t.kind[k] == MOVE else named.bounced_by_unit
        names, text = self._named(culprits)
        if own:
            name = str(t.units[occupant])
            own_text = f"cannot dislodge own unit {self._order_text(occupant, name)}"
            text = f"bounced with {text}; {own_text}" if culprits else own_text
            return False, _BOUNCE, text, (*names, name)
        if culprits:
            return False, _BOUNCE, "bounced with " + text, names
        return False, _BOUNCE, _CYCLE, ()

    def _resister(self, i: int, strength: float) -> int:
        """The unit that held move `i` off its target: the head-to-head opponent that was as
        strong, or the unit staying there that held (NONE when neither did)."""
        d, t = self.d, self.t
        opponent = d.opponent(i) if t.facing[i] != NONE else NONE
        if opponent != NONE:
            return opponent if d.defend(opponent) >= strength else NONE
        occupant = t.occupant[i]
        if occupant != NONE and d.hold(occupant) >= strength:
            return occupant
        return NONE

    def _support(self, i: int) -> _Why:
        t, d = self.t, self.d
        void = t.void[i]
        if void is not None:
            return False, ("void",), void, ()
        if d.result[i]:
            return _HELD
        cutters = d.cutters(i)
        if not cutters:
            return False, ("cut",), _CYCLE, ()
        if len(cutters) == 1 and (order := t.orders[cutters[0]]) is not None:
            return _culprit(order).cut_by
        names = tuple([str(t.units[m]) for m in cutters])
        return False, ("cut",), "support cut by " + ", ".join(names), names

    def _convoy(self, i: int) -> _Why:
        t, d = self.t, self.d
        void = t.void[i]
        if void is not None:
            return False, ("void",), void, ()
        army = t.convoyed[i]
        if army == NONE:
            order = t.orders[i]
            assert isinstance(order, Convoy)
            return False, ("no_convoy",), f"no convoy route to {province_of(order.target)}", ()
        if d.paradox[i]:
            rule = "DPTG" if d.rules.convoy_paradox == "dptg" else "Szykman"
            reason = f"convoy paradox: this convoy is ignored ({rule} rule)"
            return False, ("disrupted",), reason, ()
        if not d.result[i]:
            return False, ("disrupted",), None, ()
        if not d.convoy_path(army):
            return self._disruption(army)
        return _HELD

    def _disruption(self, m: int) -> _Why:
        """Why army `m`'s convoy failed: the fleets of its route that were dislodged or ignored."""
        t, d = self.t, self.d
        broken = []
        fleets = []
        for c in t.convoy_fleets[m]:
            if d.paradox[c]:
                fleets.append(name := str(t.units[c]))
                broken.append(name + " ignored (convoy paradox)")
            elif not d.result[c]:
                fleets.append(name := str(t.units[c]))
                broken.append(name + " dislodged")
        reason = "convoy disrupted: " + (", ".join(broken) or "no route left")
        return False, ("disrupted",), reason, tuple(fleets)

    def _named(self, units: list[int]) -> tuple[tuple[str, ...], str]:
        """The units' names, each once, and their orders as a reason names them ("A PAR -
        BUR, F BRE")."""
        t = self.t
        kind, target, all_units = t.kind, t.target, t.units
        names = []
        texts = []
        for k in units:
            name = str(all_units[k])
            if name not in names:
                names.append(name)
            texts.append(f"{name} - {target[k]}" if kind[k] == MOVE else name)
        return tuple(names), ", ".join(texts)

    def _order_text(self, i: int, name: str) -> str:
        return f"{name} - {self.t.target[i]}" if self.t.kind[i] == MOVE else name
