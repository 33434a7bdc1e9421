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
from typing import Final, NamedTuple

from adjudicator.board.frozen import compiled
from adjudicator.board.map import Map
from adjudicator.board.position import Dislodged, Position, new_dislodged
from adjudicator.board.rules import DEFAULT_RULES, Rules
from adjudicator.board.types import Unit, UnitType, province_of
from adjudicator.orders.model import Convoy, MovementOrder
from adjudicator.orders.results import Resolution
from adjudicator.resolve.culprits import (
    BOUNCE,
    CYCLE,
    culprit,
    dislodged_tags,
    failure,
    no_convoy,
    void,
)
from adjudicator.resolve.decisions import Decisions
from adjudicator.resolve.order_table import (
    BY_CONVOY,
    CONVOY,
    LAND,
    MOVE,
    NONE,
    SUPPORT,
    OrderTable,
    build_table,
    table_of,
)

__all__ = ["SUCCESS", "MovementOutcome", "Resolved", "adjudicate_movement", "resolve_orders"]


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
    """Adjudicate one movement phase; a unit without an order holds. `orders` are keyed by
    the province (or the location) of their unit."""
    table = build_table(game_map, position, orders, rules)
    done = _resolved(game_map, table, rules)
    resolutions = dict.fromkeys(table.province, SUCCESS)
    for i, why in done.why.items():
        resolutions[table.province[i]] = why
    return MovementOutcome(resolutions, done.units, done.dislodged, frozenset(done.contested))


class Resolved:
    """A movement phase's outcome by unit number (the engine's form of `MovementOutcome`). A
    plain class: compiled, its fields are read natively. The one made a phase is the
    `_Outcome` that worked it out (no second object made)."""

    __slots__ = ("contested", "dislodged", "units", "why")

    why: dict[int, Resolution]
    """Unit number -> what became of its order, for those that did not simply succeed."""
    units: dict[str, Unit]
    dislodged: dict[str, Dislodged]
    contested: list[str]
    """Provinces left empty by a standoff (as found: one may be listed twice)."""


def resolve_orders(
    game_map: Map,
    provinces: list[str],
    units: list[Unit],
    orders: list[MovementOrder | None],
    rules: Rules,
) -> Resolved:
    """`adjudicate_movement` of the units in province order (`provinces` sorted, `units`
    standing there, `orders` theirs or None), as the engine has them."""
    return _resolved(game_map, table_of(game_map, provinces, units, orders, rules), rules)


def _resolved(game_map: Map, table: OrderTable, rules: Rules) -> Resolved:
    # A long chain of dependent moves recurses a few frames per unit: big variants need room.
    needed = 200 + 12 * len(table.units)  # (not the `size` property: a call less)
    if _recursion_limit() < needed:
        sys.setrecursionlimit(needed)
    decisions = Decisions(game_map, table, rules)
    decisions.resolve_all()
    # (no class call: interpreted, its __init__ frame would cost more than its fields' stores)
    outcome = _Outcome() if _COMPILED else _MAKE(_Outcome)
    outcome.t, outcome.d = table, decisions
    return outcome.build()


_recursion_limit: Final = sys.getrecursionlimit  # (compiled: a C static, no module attribute)
_COMPILED: Final = compiled(_resolved)
_MAKE: Final = object.__new__


SUCCESS: Final = Resolution(True)
"""Success, the common case: one shared value (`is` tells a plain success from the others)."""


_ARMY: Final = UnitType.ARMY  # (a module constant: an enum member's lookup is dear)
_HELD: Final = SUCCESS
"""The outcome of an order that stood (and of a hold): nothing to explain."""
_NOTHING: Final[frozenset[str]] = frozenset()
_new: Final = tuple.__new__  # (a named tuple from a tuple of its fields, with no Python __new__)


class _Outcome(Resolved):
    """Reads the settled decisions once and builds the outcome from them: itself, its fields
    set (`build`)."""

    __slots__ = ("_prevent", "d", "dislodger", "stayed", "t")

    t: OrderTable
    d: Decisions
    _prevent: dict[int, float]
    """Prevent strengths asked while explaining (a move bounced by others asks each)."""
    stayed: list[int]
    """The failed moves `Decisions.bounced` has no record of, stranded ones apart (settled on
    guesses or by the backup rule: rare)."""
    dislodger: dict[int, int]
    """Dislodged unit -> the move that dislodged it."""

    def build(self) -> Resolved:
        """Itself, its fields set (`t` and `d` set by its maker, `_resolved`)."""
        self._prevent, self.stayed, self.dislodger = {}, [], {}
        self.units = units = self._units(self.d.result)
        t, dislodger = self.t, self.dislodger
        # Success, the common case, is left out; the others are explained, once each: failed
        # moves (stranded ones, which hold, apart), failed supports, convoys, dislodged units.
        # (the methods called on self, not bound to locals: compiled, a native call each)
        why: dict[int, Resolution] = {}
        if t.stranded:
            for i in t.stranded:
                why[i] = self._resolution(i)
        contested = self._failed(why) if self.d.bounced or self.stayed else []
        dislodged = {}
        if dislodger:  # (loops: README, Hot code: cells)
            province, kind = t.province, t.kind
            for i in sorted(dislodger):  # (the numbers alone: no pairs made and compared)
                dislodged[province[i]] = new_dislodged(
                    t.units[i], self._retreats(i, dislodger[i], units, contested)
                )
                if kind[i] == MOVE:  # (a failed move: `_failed` explained its move alone)
                    why[i] = self._dislodged(i, why[i])
        result = self.d.result
        for i in t.supports:  # (`_resolution` asked only for a dislodged one)
            if not result[i]:
                why[i] = self._support(i) if i not in dislodger else self._resolution(i)
        for i in t.convoys:
            explained = self._convoy(i) if i not in dislodger else self._resolution(i)
            if explained is not SUCCESS:
                why[i] = explained
        for i in dislodger:
            if i not in why:  # (a dislodged unit's explanation is never a plain success)
                why[i] = self._resolution(i)
        self.why, self.dislodged, self.contested = why, dislodged, contested
        return self

    def _failed(self, why: dict[int, Resolution]) -> list[str]:
        """Explain each failed move (in `why`; `build` adds what dislodged its unit), and find
        the provinces left empty by a standoff: the targets of failed moves, empty after the
        moves, where some move had strength (its decision found it prevented with a strength
        above 0, else its own prevent strength is). One pass over the failed moves' records
        (`Decisions.bounced`), a loop (README, Hot code: cells), the usual explanations inline:
        the unit that held it off alone, or the one other move there when it was prevented,
        says it (`culprit`); `_own` and `_bounce` explain the others and the unrecorded."""
        t, units = self.t, self.units
        kind, dest, target, moves_into, all_units = t.kind, t.dest, t.target, t.moves_into, t.units
        found = []
        for m, (strength, held) in self.d.bounced.items():  # (any order: `why` is by unit)
            p = dest[m]
            if held == NONE and strength:  # prevented, strength above 0: a standoff
                if p not in units:
                    found.append(p)
                movers = moves_into[p]
                if len(movers) == 2:  # by the one other move there
                    held = movers[1] if movers[0] == m else movers[0]
                    why[m] = culprit(all_units[held], target[held]).bounced_by
                else:
                    why[m] = self._bounce(m, strength, held)
                continue
            if p not in units and self._prevents(m) > 0:
                found.append(p)
            if not strength:  # strength 0, with a path: a unit of its own power, maybe
                why[m] = self._own(m, held)
                continue
            if len(moves_into[p]) != 1:  # other moves there: named too when as strong
                why[m] = self._bounce(m, strength, held)
                continue
            # the usual: held off by the one unit it met alone (named with its move's target)
            why[m] = culprit(all_units[held], target[held] if kind[held] == MOVE else "").bounced_by
        for m in self.stayed:  # settled on guesses or by the backup rule: asked again
            p = dest[m]
            if p not in units and self._prevents(m) > 0:
                found.append(p)
            why[m] = self._bounce(m, None, NONE)
        return found

    def _units(self, result: list[bool]) -> dict[str, Unit]:
        """Province -> unit after the moves, in unit order (a moved unit where it went, the
        dislodged left out): the table's columns, changed where a unit moved. In the same pass
        over the moves, the failed ones are counted (those `Decisions.bounced` has no record
        of are listed: `stayed`) and the dislodged units found."""
        t = self.t
        provinces, units = t.province[:], t.units[:]
        kind, occupant, dest, target = t.kind, t.occupant, t.dest, t.target
        facts = t.facts
        coasts: dict[str, tuple[str, ...]] = facts.coasts  # (native)
        armies, fleets = facts.armies, facts.fleets
        dislodger = self.dislodger
        failed = 0
        for m in t.moves:  # (one pass, a loop: README, Hot code: cells)
            if not result[m]:  # (a stranded move, which holds, is never judged a success)
                failed += 1
                continue
            o = occupant[m]
            if o != NONE and not (result[o] and kind[o] == MOVE):
                dislodger[o] = m
            unit = units[m]  # (the shared units: by power, then location)
            provinces[m] = where = dest[m]
            if unit.type is _ARMY:
                units[m] = armies[unit.power][where]
            else:  # a fleet stands on the exact coast
                where = target[m]
                if where in coasts:
                    where = self._landing(m)
                units[m] = fleets[unit.power][where]
        if failed != len(self.d.bounced):  # (its records are of failed moves alone)
            self._unrecorded(result)
        for i in self.dislodger:
            provinces[i] = ""  # (left out below: no sort, no list shifted)
        if not _COMPILED:  # interpreted: in C, the one "" key (the dislodged) deleted after
            # (two lists of one length, copied above; a keyword argument makes zip's call dearer)
            placed = dict(zip(provinces, units))  # noqa: B905
            if self.dislodger:
                del placed[""]
            return placed
        placed = {}  # compiled: a native loop (dict and zip are generic calls there)
        for i in range(len(units)):
            p = provinces[i]
            if p:
                placed[p] = units[i]
        return placed

    def _unrecorded(self, result: list[bool]) -> None:
        """`stayed`: the failed moves with no record, stranded ones apart (`build`'s)."""
        t, bounced, stayed = self.t, self.d.bounced, self.stayed
        for m in t.moves:
            if not result[m] and m not in bounced and m not in t.stranded:
                stayed.append(m)

    # -- places ----------------------------------------------------------------------------
    def _landing(self, m: int) -> str:
        """Where a fleet ordered to a province of several coasts, none named, lands: the one
        coast it can reach (or the province, when it could reach several)."""
        target = self.t.target[m]
        reachable = self.d.map.fleet_targets(self.t.units[m].location, target)
        return reachable[0] if len(reachable) == 1 else target

    def _retreats(
        self, i: int, m: int, occupied: dict[str, Unit], contested: list[str]
    ) -> tuple[str, ...]:
        """DATC 6.H: adjacent places that are empty, not contested, not the attacker's origin
        (which is allowed after an attack by convoy, 4.A.5)."""
        t = self.t
        unit = t.units[i]
        origin = t.province[m]
        if t.route[m] != LAND and self.d.by_convoy(m) and self.d.rules.retreat_to_convoy_origin:
            origin = ""
        # (dicts, as `Map` makes them: compiled, `get` is called natively)
        near: dict[str, frozenset[str]]
        if unit.type is _ARMY:
            near, at = self.d.map.army_adjacency, t.province[i]
        else:
            near, at = self.d.map.fleet_adjacency, unit.location
        options = near.get(at, _NOTHING)
        province = t.facts.province
        found = []
        for loc in options:  # (a loop: README, Hot code: cells)
            p = province[loc]
            if p != origin and p not in occupied and p not in contested:
                found.append(loc)
        found.sort()
        return tuple(found)

    # -- resolutions -----------------------------------------------------------------------
    def _resolution(self, i: int) -> Resolution:
        """Why order `i`, not a failed move (`_failed` explains those), did not simply succeed
        (each explanation names the units responsible, the record its reason is written from,
        each unit once)."""
        t = self.t
        kind = t.kind[i]
        if kind == SUPPORT:
            why = _HELD if self.d.result[i] else self._support(i)
        elif kind == CONVOY:
            why = self._convoy(i)
        elif i in t.stranded:  # (a stranded move holds)
            why = no_convoy(t.dest[i])
        else:
            why = _HELD
        return why if i not in self.dislodger else self._dislodged(i, why)

    def _dislodged(self, i: int, why: Resolution) -> Resolution:
        """`why` of dislodged unit `i`, its attacker named. Only a support may still stand (the
        1982 paradox rule, DATC 6.F.17)."""
        t = self.t
        attacker = self.dislodger[i]
        succeeds, tags, reason, culprits = why
        by = culprit(t.units[attacker], t.target[attacker])
        note = "dislodged by " + by.ordered
        succeeds = succeeds and t.kind[i] == SUPPORT
        reason = reason + "; " + note if reason else note
        named = culprits if by.name in culprits else (*culprits, by.name)  # (each unit once)
        return _new(Resolution, (succeeds, dislodged_tags(tags), reason, named))

    def _prevents(self, k: int) -> float:
        """Move k's prevent strength, asked once (every other move into its target asks)."""
        strength = self._prevent.get(k)
        if strength is None:
            strength = self._prevent[k] = self.d.prevent(k)
        return strength

    def _own(self, m: int, held: int) -> Resolution:
        """`_failed` of a move of strength 0 with a path: alone against a unit of its own power,
        that unit's explanation; else `_bounce`'s."""
        t = self.t
        if t.route[m] != BY_CONVOY:
            occupant = t.occupant[m]
            if occupant != NONE and len(t.moves_into[t.dest[m]]) == 1:  # (`_own_unit`'s usual)
                moving = t.kind[occupant] == MOVE
                return culprit(t.units[occupant], t.target[occupant] if moving else "").own
        return self._bounce(m, 0, held)

    def _bounce(self, i: int, known: float | None, held: int) -> Resolution:
        """`_failed` of the others: a move with no convoy, into a unit of its own power, held
        off by several units, or settled on guesses (`known`: its recorded strength, with
        `held`; None: no record). Named: the unit that held it (unless NONE), then the other
        moves there whose prevent strength is as high."""
        t, d = self.t, self.d
        if t.route[i] == BY_CONVOY:  # for want of a convoy?
            if i not in t.convoy_fleets:
                return no_convoy(t.dest[i])
            if not d.convoy_path(i):
                return self._disruption(i)
        occupant = t.occupant[i]
        strength = d.attack(i) if known is None else known
        # With a path, attack strength 0 means the unit in the way is of the same power.
        own = strength == 0 and occupant != NONE
        if own:
            strength, held = d.defend(i), NONE
        elif known is None:
            held = self._resister(i, strength)
        others = [] if held == NONE else [held]
        for k in t.moves_into[t.dest[i]]:  # (a loop: README, Hot code: cells)
            if k != i and self._prevents(k) >= strength:
                others.append(k)
        if own:  # (no unit held it: `held` is NONE)
            return self._own_unit(occupant, others)
        if len(others) == 2:  # (two units: their explanation kept once a pair, `Culprit.pairs`)
            k, j = others  # (the second is a move there)
            a = culprit(t.units[k], t.target[k] if t.kind[k] == MOVE else "")
            b = culprit(t.units[j], t.target[j])
            return a.pairs.get(b.ordered) or a.bounced_with(b)
        if len(others) > 2:
            names, text = self._named(others)
            return failure(BOUNCE, "bounced with " + text, names)
        if not others:
            return failure(BOUNCE, CYCLE, ())
        # the common case: one unit held it off
        held = others[0]
        return culprit(t.units[held], t.target[held] if t.kind[held] == MOVE else "").bounced_by

    def _own_unit(self, occupant: int, culprits: list[int]) -> Resolution:
        """A move that would have dislodged a unit of its own power (`occupant`), and the
        other moves as strong as it (`culprits`)."""
        t = self.t
        moving = t.kind[occupant] == MOVE
        own = culprit(t.units[occupant], t.target[occupant] if moving else "").own
        if not culprits:  # the usual case: nothing else held it off
            return own
        names, text = self._named(culprits)
        return failure(BOUNCE, f"bounced with {text}; {own.reason}", (*names, *own.culprits))

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

    def _support(self, i: int) -> Resolution:  # (of a failed support)
        t, d = self.t, self.d
        reason = t.void.get(i)
        if reason is not None:
            return void(reason)
        cutters = d.cutters(i)
        if not cutters:
            return failure(("cut",), CYCLE, ())
        if len(cutters) == 1:  # (a cutter moves)
            return culprit(t.units[cutters[0]], t.target[cutters[0]]).cut_by
        names = tuple(map(str, map(t.units.__getitem__, cutters)))  # (map: README, Hot code: cells)
        return failure(("cut",), "support cut by " + ", ".join(names), names)

    def _convoy(self, i: int) -> Resolution:
        t, d = self.t, self.d
        army = t.convoyed.get(i, NONE)
        if army == NONE:  # void, or the army it names has no route (`convoyed`: in use alone)
            reason = t.void.get(i)
            if reason is not None:
                return void(reason)
            order = t.orders[i]
            assert isinstance(order, Convoy)
            return no_convoy(province_of(order.target))
        if not d.result[i]:
            if i in d.paradox:  # (failed, as the paradox rule settles it)
                rule = "DPTG" if d.rules.convoy_paradox == "dptg" else "Szykman"
                reason = f"convoy paradox: this convoy is ignored ({rule} rule)"
                return failure(("disrupted",), reason, ())
            return failure(("disrupted",), None, ())
        # An army that went by convoy alone had its route (its attack needs one): not asked.
        if (t.route[army] == BY_CONVOY and d.result[army]) or d.convoy_path(army):
            return _HELD
        return self._disruption(army)

    def _disruption(self, m: int) -> Resolution:
        """Why army `m`'s convoy failed: the fleets of its route that were dislodged or ignored."""
        t, d = self.t, self.d
        broken = []
        fleets = []
        for c in t.convoy_fleets.get(m, ()):
            if c in d.paradox:
                fleets.append(name := str(t.units[c]))
                broken.append(name + " ignored (convoy paradox)")
            elif not d.result[c]:
                fleets.append(name := str(t.units[c]))
                broken.append(name + " dislodged")
        reason = "convoy disrupted: " + (", ".join(broken) or "no route left")
        return failure(("disrupted",), reason, tuple(fleets))

    def _named(self, units: list[int]) -> tuple[tuple[str, ...], str]:
        """The units' names, each once, and their orders as a reason names them ("A PAR -
        BUR, F BRE")."""
        t = self.t
        kind, target, all_units = t.kind, t.target, t.units
        names = []
        texts = []
        for k in units:  # (the names kept with the unit's explanations: no string made)
            named = culprit(all_units[k], target[k] if kind[k] == MOVE else "")
            if named.name not in names:
                names.append(named.name)
            texts.append(named.ordered)
        return tuple(names), ", ".join(texts)
