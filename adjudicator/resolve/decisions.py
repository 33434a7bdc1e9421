"""The decisions of DATC chapter 5 and the algorithm that settles them.

Every move, active support and active convoy is one yes/no decision: the move succeeds, the
support is given (not cut), the convoying fleet stays (is not dislodged). They are defined by
conditions on the strengths (attack, hold, defend, prevent) and on the path of convoyed armies,
which refer to other decisions. `resolve` settles them with the guess algorithm of DATC 5.F:
a decision met again deeper in its own recursion is guessed, first as failing then as
succeeding; when exactly one guess is consistent it is taken, otherwise the backup rule decides
the cycle (moves only: all succeed; convoys involved: the paradox rule, by default Szykman's,
makes those convoys fail, the DPTG's only when that is consistent and otherwise fails all
the moves of the cycle; anything else: all fail).
"""

from __future__ import annotations

from typing import Final

from adjudicator.board.convoy import route_of_units
from adjudicator.board.frozen import compiled
from adjudicator.board.map import Map
from adjudicator.board.rules import Rules
from adjudicator.resolve.columns import rule_choices
from adjudicator.resolve.order_table import (
    BY_CONVOY,
    CONVOY,
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
FOLLOWS: Final = -1
"""Open, a move that follows another (`_open`): below UNRESOLVED, `resolve_all` asks `<=`."""

Bounce = tuple[float, int]
"""A failed move's attack strength and the unit that held it off (NONE: none alone)."""


class Decisions:
    """Mutable scratch state for one adjudication; the public result is built from it once.
    The table's columns the conditions read are kept here too: one attribute to load, not
    two."""

    __slots__ = (
        "_deps",
        "_paths",
        "_weak",
        "backers",
        "bounced",
        "choices",
        "dest",
        "facing",
        "kind",
        "map",
        "moves_into",
        "occupant",
        "paradox",
        "province",
        "result",
        "route",
        "rules",
        "state",
        "t",
        "units",
    )

    def __init__(self, game_map: Map, table: OrderTable, rules: Rules) -> None:
        self.map = game_map
        self.t = table
        self.rules = rules
        self.choices = rule_choices(rules)
        self.state = [RESOLVED] * len(table.units)  # (`size`: a property call more)
        self.result: list[bool] = table.unopposed[:]
        """Every move is a decision, and so is every matched support and every convoy in use;
        holds, void supports and convoys are settled (as failing) from the start, and so is
        what nothing opposes (`OrderTable.unopposed`, as succeeding). `resolve_all` settles the
        rest. An open decision's result is False (`_decide` guesses it failing as it is)."""
        self.paradox: set[int] = set()
        """Convoys made to fail by the paradox rule."""
        self.bounced: dict[int, Bounce] = {}
        """Failed move -> its attack strength and the unit that held it off (`_move_fails`),
        kept when its decision was settled asking no guess: the explanation reads them back
        (a move settled otherwise is asked again)."""
        self._deps: list[int] = []
        self._paths: dict[int, bool] = {}
        """Convoy paths whose fleets are all settled (they cannot change any more), by move."""
        self._weak = bool(table.weak)
        """The map has weak links: a move's own strength may be ½ (`_own`)."""
        self.kind, self.occupant, self.facing, self.route = (
            table.kind,
            table.occupant,
            table.facing,
            table.route,
        )
        self.backers, self.units, self.moves_into = table.backers, table.units, table.moves_into
        self.dest, self.province = table.dest, table.province
        if self._weak:
            for i in table.opposed:
                self.state[i] = UNRESOLVED
        else:
            self._open(table.opposed)

    def _open(self, opposed: list[int]) -> None:
        """Open the decisions the table found opposed, but those no other decision can change
        (not on maps with weak links, where a move's own strength may be ½), each settled as the
        algorithm would settle it, asking nothing it would ask first:
        - a move over land with no support into a unit that stays fails (its attack, at most 1,
          never beats that unit's hold; DATC 5.B.1), held off by that unit, or of strength 0
          against a unit of its own power (`_move_fails`' answer); so does one that meets a
          move over land with no support head to head (its attack, 1, never beats that
          move's defend, 1, the one strength `_move_fails` asks);
        - a move over land with no support into a province whose unit moves, not head to head,
          succeeds when that move is one nothing opposes and no other enters (`_follows`
          asks nothing then); else it is left open as FOLLOWS: `_decide` asks `_follows`, what
          `_move_fails` would ask;
        - a move over land with no support into an empty province fails when the first other
          move there is not by convoy alone and has no support (its prevent strength, 1, is
          asked first and beats the attack of 1);
        - a support whose first attacker of another power moves over land, not from where the
          support is directed, is cut (DATC 5.B.2); one attacked by its own power alone stands."""
        state, result = self.state, self.result
        kind, occupant, route, backers = self.kind, self.occupant, self.route, self.backers
        facing, units, bounced = self.facing, self.units, self.bounced
        moves_into, dest = self.moves_into, self.dest
        province, area = self.province, self.t.support_area
        move, land, none = MOVE, LAND, NONE  # (locals: read for each decision, as no global is)
        for i in opposed:
            if kind[i] == move and route[i] == land and not backers[i]:
                o = occupant[i]
                if o == none:  # the first other move there is asked first
                    movers = moves_into[dest[i]]  # (two at least: opposed, not by convoy alone;
                    # tests/resolve/test_movement_invariants.py checks the table's fact)
                    k = movers[1] if movers[0] == i else movers[0]
                    if route[k] != BY_CONVOY and not backers[k]:
                        bounced[i] = 1, none
                        continue
                elif kind[o] == move and facing[i] == none:
                    if result[o] and len(moves_into[dest[i]]) == 1:
                        result[i] = True  # (follows a move nothing opposes, alone: `_follows`)
                        continue
                    state[i] = FOLLOWS
                    continue
                elif kind[o] != move or (route[o] == land and not backers[o]):
                    bounced[i] = (0, none) if units[o].power == units[i].power else (1, o)
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

    # -- the generic algorithm -------------------------------------------------------------
    def resolve_all(self) -> None:
        """Settle every open decision, in unit order. Only those the table found opposed can
        be (`_open`): interpreted, they alone are looked at (sorted in C); compiled, every
        unit's state is, by a native loop (cheaper there than a generic sort)."""
        state = self.state
        if _COMPILED:
            for i in range(len(state)):
                if state[i] <= UNRESOLVED:
                    self._decide(i)
            return
        unresolved = UNRESOLVED  # (a local: read for each decision, as no global is)
        for i in sorted(self.t.opposed):
            if state[i] <= unresolved:
                self._decide(i)

    def resolve(self, i: int) -> bool:
        now = self.state[i]
        if now == RESOLVED:
            return self.result[i]
        if now == GUESSING:
            deps = self._deps
            if i not in deps:
                deps.append(i)
            return self.result[i]
        return self._decide(i)

    def _decide(self, i: int) -> bool:
        """`resolve` of an open decision: guessed failing while it is judged."""
        state, deps = self.state, self._deps
        mark = len(deps)
        now = state[i]
        state[i] = GUESSING  # (its result is False already: every open decision's is)
        if now == FOLLOWS:
            bounce = self._follows(i)
        elif self.kind[i] == MOVE:
            bounce = self._move_fails(i)
        else:
            first = self._adjudicate(i)
            if len(deps) == mark:  # (as a move's)
                if state[i] != RESOLVED:
                    self.result[i] = first
                    state[i] = RESOLVED
                    return first
                return self.result[i]
            return self._guessed(i, mark, first)
        if len(deps) == mark:
            # Independent of any guess: final, unless the backup rule settled it already (else
            # its result is still the guess, failing).
            if state[i] == RESOLVED:
                return self.result[i]
            state[i] = RESOLVED
            if bounce is None:
                self.result[i] = True
                return True
            self.bounced[i] = bounce
            return False
        return self._guessed(i, mark, bounce is None)

    def _guessed(self, i: int, mark: int, first: bool) -> bool:
        """`_decide` of a decision that asked a guess (`first`: its answer, guessed failing)."""
        state, result, deps = self.state, self.result, self._deps
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
        self._backup(mark)
        return self.resolve(i)

    def _forget(self, mark: int) -> None:
        """Reopen the decisions guessed since `mark` (an open decision's result is False)."""
        for k in self._deps[mark:]:
            self.state[k] = UNRESOLVED
            self.result[k] = False
        del self._deps[mark:]

    def _backup(self, mark: int) -> None:
        """Zero or two consistent outcomes: DATC 5.B.9 decides the decisions of the cycle."""
        cycle = self._deps[mark:]
        del self._deps[mark:]
        kinds = self.kind
        convoys = [k for k in cycle if kinds[k] == CONVOY]
        for k in cycle:
            self.state[k] = UNRESOLVED
            self.result[k] = False
        if convoys:
            # The Szykman rule (also the fallback of the 1982 rule): the convoys fail.
            for k in convoys:
                self._settle(k, False)
                self.paradox.add(k)
            if self.choices.paradox_dptg and not self._all_fail_consistent(convoys):
                # The DPTG: no consistent outcome with every convoy failing: all moves fail.
                for k in cycle:
                    if kinds[k] == MOVE:
                        self._settle(k, False)
        elif all(kinds[k] == MOVE for k in cycle):
            for k in cycle:
                self._settle(k, True)
        else:
            for k in cycle:
                self._settle(k, False)

    def _all_fail_consistent(self, convoys: list[int]) -> bool:
        """With these convoys failed, is each fleet really dislodged (the DPTG's test)? What the
        test settles stays only when the answer is yes (put back in place: `resolve` and
        `resolve_all` hold the lists)."""
        state, result, paradox = self.state[:], self.result[:], set(self.paradox)
        paths = dict(self._paths)  # convoy routes found during the trial go with it
        bounced = dict(self.bounced)
        mark = len(self._deps)
        for k in convoys:
            if not any(self.resolve(m) for m in self.moves_into.get(self.province[k], ())):
                self.state[:], self.result[:] = state, result
                self.paradox.clear()
                self.paradox.update(paradox)
                self._paths = paths
                self.bounced = bounced
                del self._deps[mark:]
                return False
        return True

    def _settle(self, i: int, value: bool) -> None:
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
            return 0, NONE
        if self.facing[i] != NONE and (opponent := self.opponent(i)) != NONE:
            if attack <= self.defend(opponent):
                return attack, opponent
        elif (occupant := self.occupant[i]) != NONE and attack <= self.hold(occupant):
            return attack, occupant
        for k in self.moves_into[self.dest[i]]:
            if k != i and attack <= self.prevent(k):
                return attack, NONE  # prevented
        return None

    def _follows(self, i: int) -> Bounce | None:
        """`_move_fails` of a move that FOLLOWS (`_open`): its attack is 1 when the unit it
        follows leaves (whose hold is then 0), else 0 against its own power or 1 against that
        unit's hold, 1; then only a prevent may stop it."""
        o = self.occupant[i]
        if self.result[o] if self.state[o] == RESOLVED else self.resolve(o):
            for k in self.moves_into[self.dest[i]]:
                if k != i and self.prevent(k) >= 1:
                    return 1, NONE  # prevented
            return None
        units = self.units
        return (0, NONE) if units[o].power == units[i].power else (1, o)

    def cutters(self, s: int) -> list[int]:
        """The moves that cut support `s` (DATC 5.B.2, with the 4.A.2 and 4.A.4 options): a
        unit's own power never cuts its support."""
        units = self.units
        power = units[s].power
        attackers = self.moves_into.get(self.province[s], ())
        cut = []
        for m in attackers:  # (a loop: README, Hot code: cells)
            if units[m].power != power and self._cuts(m, s):
                cut.append(m)
        return cut

    def _cuts(self, m: int, s: int) -> bool:
        t, route = self.t, self.route
        area = t.support_area[s]
        if (
            area in t.convoying_seas
            and route[m] != LAND
            and self.choices.paradox_1982
            and self.by_convoy(m)
        ):
            # 1982: a convoyed army never cuts support into water that holds a convoying fleet,
            # even when it dislodges the supporter (DATC 6.F.17).
            return False
        if self.province[m] == area and not (
            self.choices.convoyed_attack_cuts_support_on_itself and self.by_convoy(m)
        ):
            # Attacked from where the support is directed: only dislodgement cuts.
            return self.resolve(m)
        if t.weak and t.weak[m] and (route[m] == LAND or not self.by_convoy(m)):
            # A move across a weak link cuts no support; dislodging the supporter still does.
            # Unlike its strength (`_own`), a convoyed army's cut is judged by its own step, not
            # by the convoy's landing: DPjudge's cutSupport tests the pair (origin, target), so
            # an army convoyed round the Cape still cuts (1900/movement-cape-convoy-cuts).
            return self.resolve(m)
        return self.path(m)

    # -- paths -----------------------------------------------------------------------------
    def convoy_path(self, m: int) -> bool:
        t = self.t
        fleets = t.convoy_fleets.get(m)
        if not fleets:
            return False
        if len(fleets) == 1 or m in t.whole_route or self.choices.one_route_breaks:
            # (One fleet on a route makes the route alone: `route_of_units` would ask it alone.
            # A loop: compiled, `resolve` called natively, not through a bound method; a fleet
            # settled already, mostly, read with no call.)
            state, result = self.state, self.result
            for c in fleets:
                if not (result[c] if state[c] == RESOLVED else self.resolve(c)):
                    break
            else:
                return True
            return False
        return self._any_route(m, fleets)

    def _any_route(self, m: int, fleets: tuple[int, ...]) -> bool:
        """`convoy_path` when any route of the fleets carries the army (kept once they are all
        settled: it cannot change any more)."""
        state = self.state
        final = True
        for c in fleets:  # (a loop, no generator: README, Hot code: cells)
            if state[c] != RESOLVED:
                final = False
                break
        if final and m in self._paths:
            return self._paths[m]
        province = self.province
        found = route_of_units(self.map, province[m], self.dest[m], fleets, province, self.resolve)
        if final:
            self._paths[m] = found
        return found

    def path(self, m: int) -> bool:
        return self.route[m] != BY_CONVOY or self.convoy_path(m)

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
        """The supports of `m` given (those of `exclude_power` left out: no power to read
        for each when it is None, as mostly)."""
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
        """A moving unit's own strength: 1, or ½ across a weak link (Map.weak_links), when it
        steps across one or a convoy can land it only across one."""
        t = self.t
        if not self._weak:
            return 1
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
        occupant = self.occupant[m]
        against = None  # the power whose supports do not count
        if occupant != NONE and not (
            self.kind[occupant] == MOVE
            and (self.facing[m] == NONE or self.opponent(m) == NONE)
            and (
                self.result[occupant]
                if self.state[occupant] == RESOLVED
                else self.resolve(occupant)
            )
        ):
            units = self.units
            against = units[occupant].power
            if against == units[m].power:
                return 0
        if self._weak:
            return self._strength(m, against)
        return 1 + self._support_count(m, against) if self.backers[m] else 1  # (`_strength`)

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
            if self.choices.dislodged_always and not self.resolve(m):
                return 0
        if self._weak:
            return self._strength(m)
        return 1 + self._support_count(m) if self.backers[m] else 1  # (`_strength`)


_COMPILED: Final = compiled(Decisions.resolve)
