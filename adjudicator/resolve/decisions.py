"""The decisions of DATC chapter 5 and the algorithm that settles them.

Every move, active support and active convoy is one yes/no decision (the move succeeds, the
support is given, the convoying fleet stays), defined by conditions on the strengths and on the
path of convoyed armies, which refer to other decisions. `resolve` settles them with the guess
algorithm of DATC 5.F: a decision met again in its own recursion is guessed, failing then
succeeding; when exactly one guess is consistent it is taken, else the backup rule decides the
cycle (resolve/backup.py)."""

from __future__ import annotations

from typing import Final

from adjudicator.board.convoy import route_of_units
from adjudicator.board.frozen import compiled
from adjudicator.board.map import Map
from adjudicator.board.rules import Rules
from adjudicator.resolve.backup import backup
from adjudicator.resolve.columns import rule_choices
from adjudicator.resolve.order_table import (
    BY_CONVOY,
    FALLBACK,
    LAND,
    MOVE,
    NONE,
    SUPPORT,
    OrderTable,
)

UNRESOLVED: Final = 0
GUESSING: Final = 1
RESOLVED: Final = 2
FOLLOWS: Final = -1  # open, a move that follows another (`_open`): below UNRESOLVED

Bounce = tuple[float, int]
"""A failed move's attack strength and the unit that held it off (NONE: none alone)."""
_STANDOFF: Final[Bounce] = (1, NONE)  # strength 1, held off by no unit alone (made once)
_OWN_POWER: Final[Bounce] = (0, NONE)  # strength 0: against its own power
_NO_UNITS: Final[set[int]] = set()  # `Decisions.paradox` and `paths` while empty (shared,
_NO_PATHS: Final[dict[int, bool]] = {}  # never changed: a Decisions makes its own to add to)


class Decisions:
    """Mutable scratch state for one adjudication; the public result is built from it once.
    The table's columns the conditions read are kept here too (one attribute to load, not two)."""

    __slots__ = (
        "_weak",
        "backers",
        "bounced",
        "deps",
        "dest",
        "facing",
        "kind",
        "map",
        "moves_into",
        "occupant",
        "paradox",
        "paths",
        "province",
        "result",
        "route",
        "rules",
        "state",
        "t",
        "todo",
        "units",
    )

    def __init__(self, game_map: Map, table: OrderTable, rules: Rules) -> None:
        self.map, self.t, self.rules = game_map, table, rules
        self.state = [RESOLVED] * len(table.units)  # (`size`: a property call more)
        self.result: list[bool] = table.unopposed[:]
        """Holds, void supports and convoys are settled (failing) from the start, and so is
        what nothing opposes (`OrderTable.unopposed`, succeeding); `resolve_all` settles the
        other decisions. An open decision's result is False (`_decide`'s first guess)."""
        self.paradox = _NO_UNITS
        """Convoys made to fail by the paradox rule (`backup`: a set of its own once any is)."""
        self.bounced: dict[int, Bounce] = {}
        """Failed move -> its attack strength and the unit that held it off (`_move_fails`),
        when settled asking no guess: the explanation reads them (else it asks again)."""
        self.deps: list[int] = []
        """Decisions met as a guess, or judged on one, in order (from a guess's mark: its cycle)."""
        self.paths = _NO_PATHS
        """Convoy paths by move, once their fleets are all settled (`_any_route`: then its own)."""
        self._weak = bool(table.weak)
        """The map has weak links: a move's own strength may be ½ (`_own`)."""
        self.kind, self.occupant = table.kind, table.occupant
        self.facing, self.route = table.facing, table.route
        self.backers, self.units, self.moves_into = table.backers, table.units, table.moves_into
        self.dest, self.province = table.dest, table.province
        self.todo = table.opposed
        """The decisions left open (`_open`), in any order: those `resolve_all` asks."""
        if self._weak:
            for i in table.opposed:
                self.state[i] = UNRESOLVED
        else:
            self.todo = self._open(table.opposed)

    def _open(self, opposed: list[int]) -> list[int]:
        """Open the decisions the table found opposed, but those no other decision can change
        (maps without weak links), settled as the algorithm would, asking nothing it asks first.
        A move over land with no support: into a unit that stays, or head to head with such a
        move, fails (attack 1 never beats hold or defend 1; DATC 5.B.1), held off by that unit
        or of strength 0 against its own power (`_move_fails`' answer); into an empty province,
        fails when the first other move there has no support, not by convoy alone (its prevent,
        1, is asked first); into a province whose unit moves, succeeds when that move is one
        nothing opposes and no other enters, else is left open as FOLLOWS (`_decide`). A
        support whose first attacker of another power comes over land, not from where it is
        directed, is cut (DATC 5.B.2); one attacked by its own power alone stands."""
        state, result = self.state, self.result
        kind, occupant, route, backers = self.kind, self.occupant, self.route, self.backers
        facing, units, bounced = self.facing, self.units, self.bounced
        moves_into, dest = self.moves_into, self.dest
        province, area = self.province, self.t.support_area
        move, land, none = MOVE, LAND, NONE  # (locals: read for each decision, as no global is)
        standoff, own = _STANDOFF, _OWN_POWER
        todo: list[int] = []
        for i in opposed:
            if kind[i] == move and route[i] == land and not backers[i]:
                o = occupant[i]
                if o == none:  # the first other move there is asked first
                    movers = moves_into[dest[i]]  # (two at least: opposed, not by convoy alone;
                    # tests/resolve/test_movement_invariants.py checks the table's fact)
                    k = movers[1] if movers[0] == i else movers[0]
                    if route[k] != BY_CONVOY and not backers[k]:
                        bounced[i] = standoff
                        continue
                elif kind[o] == move and facing[i] == none:
                    if result[o] and len(moves_into[dest[i]]) == 1:
                        result[i] = True  # (follows a move nothing opposes, alone: `_follows`)
                        continue
                    state[i] = FOLLOWS
                    todo.append(i)
                    continue
                elif kind[o] != move or (route[o] == land and not backers[o]):
                    bounced[i] = own if units[o].power == units[i].power else (1, o)
                    continue
            elif kind[i] == SUPPORT:  # its first attacker of another power is asked first
                power = units[i].power
                for k in moves_into[province[i]]:
                    if units[k].power != power:
                        break
                else:
                    result[i] = True
                    continue
                if route[k] == land and province[k] != area[i]:
                    continue  # cut: `result` says so already
            state[i] = UNRESOLVED
            todo.append(i)
        return todo

    # -- the generic algorithm -------------------------------------------------------------
    def resolve_all(self) -> None:
        """Settle every open decision, in unit order: those `_open` left open (`todo`), sorted
        in C; compiled, every unit's state by a native loop (cheaper there than a sort)."""
        state = self.state
        if _COMPILED:
            for i in range(len(state)):
                if state[i] <= UNRESOLVED:
                    self._decide(i)
            return
        for i in sorted(self.todo):
            if state[i] <= UNRESOLVED:
                self._decide(i)

    def resolve(self, i: int) -> bool:
        now = self.state[i]
        if now == RESOLVED:
            return self.result[i]
        if now == GUESSING:
            deps = self.deps
            if i not in deps:
                deps.append(i)
            return self.result[i]
        return self._decide(i)

    def _decide(self, i: int) -> bool:
        """`resolve` of an open decision: guessed failing while it is judged."""
        state, deps = self.state, self.deps
        mark = len(deps)
        now = state[i]
        state[i] = GUESSING  # (its result is False already: every open decision's is)
        if now == FOLLOWS:
            # `_move_fails` of a move that FOLLOWS (`_open`): attack 1 if the unit followed leaves
            # (hold 0: then only a prevent stops it), else 0 (its own power) or 1 against hold 1.
            o = self.occupant[i]
            bounce = None
            if self.result[o] if state[o] == RESOLVED else self.resolve(o):
                for k in self.moves_into[self.dest[i]]:
                    if k != i and self.prevent(k) >= 1:
                        bounce = _STANDOFF  # prevented
                        break
            else:
                units = self.units
                bounce = _OWN_POWER if units[o].power == units[i].power else (1, o)
        elif self.kind[i] == MOVE:
            bounce = self._move_fails(i)
        else:
            return self._decide_other(i, mark)
        if len(deps) == mark:
            # Final, unless the backup rule settled it (else its result is the guess, failing).
            if state[i] == RESOLVED:
                return self.result[i]
            state[i] = RESOLVED
            if bounce is None:
                self.result[i] = True
                return True
            self.bounced[i] = bounce
            return False
        return self._guessed(i, mark, bounce is None)

    def _decide_other(self, i: int, mark: int) -> bool:
        """`_decide` of a support or a convoy (as a move's)."""
        state = self.state
        first = self._adjudicate(i)
        if len(self.deps) == mark:
            if state[i] != RESOLVED:
                self.result[i] = first
                state[i] = RESOLVED
                return first
            return self.result[i]
        return self._guessed(i, mark, first)

    def _guessed(self, i: int, mark: int, first: bool) -> bool:
        """`_decide` of a decision that asked a guess (`first`: its answer, guessed failing)."""
        state, result, deps = self.state, self.result, self.deps
        if deps[mark] != i:
            # Depends on a guess made further up: stay a guess, let that order sort it out.
            deps.append(i)
            result[i] = first
            return first
        # A cycle through this decision: try the other guess.
        self._forget(mark)
        result[i] = True
        state[i] = GUESSING
        second = self._move_fails(i) is None if self.kind[i] == MOVE else self._adjudicate(i)
        if first == second:
            self._forget(mark)
            result[i] = first
            state[i] = RESOLVED
            return first
        cycle = deps[mark:]
        self._forget(mark)
        backup(self, cycle)
        return self.resolve(i)

    def _forget(self, mark: int) -> None:
        for k in self.deps[mark:]:
            self.state[k] = UNRESOLVED
            self.result[k] = False
        del self.deps[mark:]

    def settle(self, i: int, value: bool) -> None:
        self.result[i] = value
        self.state[i] = RESOLVED

    def _adjudicate(self, i: int) -> bool:
        """A support's or a convoy's decision (a move's: `_move_fails`)."""
        attackers = self.moves_into.get(self.province[i])
        if not attackers:
            return True
        if self.kind[i] == SUPPORT:
            units = self.units
            power = units[i].power
            for m in attackers:
                if units[m].power != power and self._cuts(m, i):
                    break  # cut
            else:
                return True
            return False
        # A convoying fleet: not dislodged. (A loop: as `convoy_path`'s.)
        for m in attackers:
            if self.resolve(m):
                break  # dislodged
        else:
            return True
        return False

    # -- the conditions --------------------------------------------------------------------
    def _move_fails(self, i: int) -> Bounce | None:
        """DATC 5.B.1: None when move `i` succeeds, else its attack strength and the unit that
        held it off (NONE: none alone), which its explanation reads (`bounced`)."""
        attack = self.attack(i)
        if attack == 0:
            return _OWN_POWER  # (no path, or against its own power)
        if self.facing[i] != NONE and (opponent := self.opponent(i)) != NONE:
            if attack <= self.defend(opponent):
                return attack, opponent
        elif (o := self.occupant[i]) != NONE and attack <= self.hold(o):
            return attack, o
        for k in self.moves_into[self.dest[i]]:
            if k != i and attack <= self.prevent(k):
                return attack, NONE  # prevented
        return None

    def cutters(self, s: int) -> list[int]:
        """The moves that cut support `s` (DATC 5.B.2, with the 4.A.2 and 4.A.4 options): a
        unit's own power never cuts its support."""
        units = self.units
        power = units[s].power
        cut = []
        for m in self.moves_into.get(self.province[s], ()):  # (a loop: README, Hot code: cells)
            if units[m].power != power and self._cuts(m, s):
                cut.append(m)
        return cut

    def _cuts(self, m: int, s: int) -> bool:
        t, route = self.t, self.route
        area = t.support_area[s]
        if (
            area in t.convoying_seas
            and route[m] != LAND
            and rule_choices(self.rules).paradox_1982
            and self.by_convoy(m)
        ):
            # 1982: a convoyed army never cuts support into water that holds a convoying fleet,
            # even when it dislodges the supporter (DATC 6.F.17).
            return False
        if self.province[m] == area and not (
            route[m] != LAND
            and rule_choices(self.rules).convoyed_attack_cuts_support_on_itself
            and self.by_convoy(m)
        ):
            # Attacked from where the support is directed: only dislodgement cuts.
            return self.resolve(m)
        if t.weak and t.weak[m] and (route[m] == LAND or not self.by_convoy(m)):
            # A move across a weak link cuts no support; dislodging the supporter still does. A
            # convoyed army's cut is judged by its own step, not its landing (as `_own`): DPjudge's
            # cutSupport tests (origin, target): 1900/movement-cape-convoy-cuts (the Cape) cuts.
            return self.resolve(m)
        return route[m] != BY_CONVOY or self.convoy_path(m)  # (its path)

    # -- paths -----------------------------------------------------------------------------
    def convoy_path(self, m: int) -> bool:
        t = self.t
        fleets = t.convoy_fleets.get(m)
        if not fleets:
            return False
        if len(fleets) == 1 or m in t.whole_route or rule_choices(self.rules).one_route_breaks:
            # (One fleet makes the route alone: `route_of_units` would ask it alone. A loop:
            # compiled, `resolve` called natively; a fleet settled, mostly, read with no call.)
            state, result = self.state, self.result
            for c in fleets:
                if not (result[c] if state[c] == RESOLVED else self.resolve(c)):
                    break
            else:
                return True
            return False
        return self._any_route(m, fleets)

    def _any_route(self, m: int, fleets: tuple[int, ...]) -> bool:
        """`convoy_path` when any route of the fleets carries it: yes when they all stay (each
        lies on a route: `OrderTable.convoy_fleets`); kept once they are all settled."""
        state, result = self.state, self.result
        final = stay = True
        for c in fleets:  # (a loop, no generator: README, Hot code: cells)
            if state[c] != RESOLVED:
                final = False
                break
            if not result[c]:
                stay = False
        if final:
            if stay:
                return True
            if m in self.paths:
                return self.paths[m]
        province = self.province
        found = route_of_units(self.map, province[m], self.dest[m], fleets, province, self.resolve)
        if final:
            if self.paths is _NO_PATHS:
                self.paths = {}
            self.paths[m] = found
        return found

    def by_convoy(self, m: int) -> bool:
        """Does this move travel by convoy (decided by its orders, or by its fallback)?"""
        route = self.route[m]
        if route == FALLBACK:
            return self.convoy_path(m)
        return route == BY_CONVOY

    def opponent(self, m: int) -> int:
        """The unit this move meets head to head (both over land, each to the other's place)."""
        o = self.facing[m]
        route = self.route
        if o != NONE and (
            (route[m] == FALLBACK and self.convoy_path(m))
            or (route[o] == FALLBACK and self.convoy_path(o))
        ):
            return NONE  # one of them is carried by its fallback convoy: no battle
        return o

    # -- strengths -------------------------------------------------------------------------
    def _support_count(self, m: int, exclude_power: str | None = None) -> int:
        """The supports of `m` given (no power read when none is left out, as mostly)."""
        count = 0
        state, result = self.state, self.result
        if exclude_power is None:
            for s in self.backers[m]:
                if result[s] if state[s] == RESOLVED else self.resolve(s):
                    count += 1
            return count
        units = self.units
        for s in self.backers[m]:
            if units[s].power != exclude_power and (
                result[s] if state[s] == RESOLVED else self.resolve(s)
            ):
                count += 1
        return count

    def _own(self, m: int) -> float:
        """A moving unit's own strength: ½ when it steps, or a convoy can land it, only across a
        weak link (Map.weak_links), else 1."""
        t = self.t  # (asked on maps with weak links alone: `_strength`)
        if self.route[m] == LAND or not self.by_convoy(m):
            return 0.5 if t.weak[m] else 1
        return 0.5 if t.weak_landing[m] else 1

    def _strength(self, m: int, exclude_power: str | None = None) -> float:
        """A move's own strength and its supports (those of `exclude_power` left out)."""
        own = self._own(m) if self._weak else 1  # (`_own` asked only on maps with weak links)
        if not self.backers[m]:
            return own
        return own + self._support_count(m, exclude_power)

    def attack(self, m: int) -> float:
        if self.route[m] == BY_CONVOY and not self.convoy_path(m):
            return 0
        o = self.occupant[m]
        against = None  # the power whose supports do not count
        if o != NONE and not (
            self.kind[o] == MOVE
            and (self.facing[m] == NONE or self.opponent(m) == NONE)
            and (self.result[o] if self.state[o] == RESOLVED else self.resolve(o))
        ):
            units = self.units
            against = units[o].power
            if against == units[m].power:
                return 0
        return self._strength(m, against)

    def hold(self, unit: int) -> int:
        """The hold strength of the unit standing in a move's target (`OrderTable.occupant`)."""
        if self.kind[unit] == MOVE:
            settled = self.result[unit] if self.state[unit] == RESOLVED else self.resolve(unit)
            return 0 if settled else 1
        return 1 + self._support_count(unit) if self.backers[unit] else 1

    def defend(self, m: int) -> float:
        return self._strength(m)

    def prevent(self, m: int) -> float:
        if self.route[m] == BY_CONVOY and not self.convoy_path(m):
            return 0
        o = self.occupant[m]
        if (
            o != NONE
            and self.kind[o] == MOVE
            and self.dest[o] == self.province[m]
            and self.resolve(o)
        ):
            # Beaten by the unit coming from its destination (DATC 4.A.7): no effect there
            # after a head-to-head battle, or always under the literal rule.
            if self.opponent(m) != NONE:
                return 0
            if rule_choices(self.rules).dislodged_always and not self.resolve(m):
                return 0
        return self._strength(m)


_COMPILED: Final = compiled(Decisions.resolve)
