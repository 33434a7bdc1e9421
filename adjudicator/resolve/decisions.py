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

from adjudicator.board.convoy import route_exists
from adjudicator.board.map import Map
from adjudicator.board.rules import Rules
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

UNRESOLVED, GUESSING, RESOLVED = 0, 1, 2


class Decisions:
    """Mutable scratch state for one adjudication; the public result is built from it once."""

    def __init__(self, game_map: Map, table: OrderTable, rules: Rules) -> None:
        self.map = game_map
        self.t = table
        self.rules = rules
        n = table.size
        self.state = [RESOLVED] * n
        self.result = [False] * n
        self.paradox = [False] * n
        """Convoys made to fail by the paradox rule."""
        self.bounced: dict[int, tuple[float, int]] = {}
        """Failed move -> (its attack strength, the unit that held it off or NONE), as found
        when the move was settled on settled facts: the explanation reads them back."""
        self._deps: list[int] = []
        self._paths: dict[int, bool] = {}
        """Convoy paths whose fleets are all settled (they cannot change any more), by move."""
        self._any_route = rules.multi_route_convoy != "all_routes"
        self._paradox_1982 = rules.convoy_paradox == "1982"
        self._paradox_dptg = rules.convoy_paradox == "dptg"
        self._convoy_cuts_own_area = rules.convoyed_attack_cuts_support_on_itself
        self._literal_dislodged_effect = rules.dislodged_unit_effect == "always"
        self._weak = bool(table.weak)
        """The map has weak links: a move's own strength may be ½ (`_own`)."""
        self._open_decisions()

    def _open_decisions(self) -> None:
        """Every move is a decision, and so is every matched support and every convoy in use;
        holds and void supports and convoys are settled (as failing) from the start. So is a
        decision that asks no other (`_fixed_support`, `_fixed_move`; most orders of a phase):
        the algorithm would find the same on first sight, asking nothing, so the order in which
        it meets everything else does not change."""
        t, state, result = self.t, self.state, self.result
        attacked, kind, province = t.moves_into, t.kind, t.province
        for i in t.supporting:
            movers = attacked.get(province[i])
            if movers is None:
                result[i] = True
                continue
            stands = self._fixed_support(i, movers) if kind[i] == SUPPORT else None
            if stands is None:
                state[i] = UNRESOLVED
            else:
                result[i] = stands
        self._open_moves()

    def _open_moves(self) -> None:
        """`_open_decisions` for the moves (the supports are settled or open already)."""
        t, state, result = self.t, self.state, self.result
        attacked, kind = t.moves_into, t.kind
        occupant, route, dest, backers, power = t.occupant, t.route, t.dest, t.backers, t.power
        for m in t.moves:
            if kind[m] != MOVE:
                continue  # stranded: it holds
            o = occupant[m]
            # The common cases at a glance: alone into an empty province without support, or
            # over land without support against a unit that stays, supported (if at all) by
            # settled supports: its strength, at most 1, never beats the hold strength.
            if o == NONE:
                if route[m] != BY_CONVOY and not backers[m] and len(attacked[dest[m]]) == 1:
                    result[m] = True
                    continue
            elif kind[o] == MOVE:
                state[m] = UNRESOLVED  # asks whether the unit leaves
                continue
            elif (
                route[m] == LAND
                and not backers[m]
                and (not backers[o] or all(state[s] == RESOLVED for s in backers[o]))
            ):
                if power[o] == power[m]:  # an own unit is not attacked: strength 0
                    self.bounced[m] = (0, NONE)
                else:
                    self.bounced[m] = (0.5 if self._weak and t.weak[m] else 1, o)
                continue
            moves = self._fixed_move(m, o) if route[m] != BY_CONVOY else None
            if moves is None:
                state[m] = UNRESOLVED
            else:
                result[m] = moves

    def _fixed_support(self, s: int, movers: list[int]) -> bool | None:
        """Support `s`'s decision when it asks no other (`_adjudicate`, `_cuts`): own units never
        cut it; the first foreign move against it cuts it when it comes over land from elsewhere
        than where the support goes, across no weak link. None: it must be decided."""
        t = self.t
        power = t.power
        for m in movers:
            if power[m] != power[s]:
                cuts = t.route[m] == LAND and t.province[m] != t.support_area[s]
                return False if cuts and not (self._weak and t.weak[m]) else None
        return True

    def _fixed_move(self, m: int, o: int) -> bool | None:
        """Move `m`'s decision when it asks no other (`_move_succeeds` with every strength it
        reads fixed), for a move not only by convoy into an empty province or against a unit
        `o` that stays: its supports settled, and those of each rival it meets before the one
        that stops it; a failure records its strength and the unit that held it off, as
        `_move_succeeds` does. None: it must be decided."""
        t = self.t
        if o == NONE:
            attack = self._fixed_strength(m)
        elif t.power[o] == t.power[m]:
            self.bounced[m] = (0, NONE)  # an own unit is not attacked: strength 0
            return False
        else:
            attack = self._fixed_strength(m, t.power[o])
            hold = self._fixed_strength(o)  # its own 1 and its supports (`hold`)
            if attack is None or hold is None:
                return None
            if attack <= hold:
                self.bounced[m] = (attack, o)
                return False
        if attack is None:
            return None
        for k in t.moves_into[t.dest[m]]:
            if k == m:
                continue
            # Its prevent strength, when that asks no other decision (`prevent`).
            there = t.occupant[k]
            if t.route[k] == BY_CONVOY or (there != NONE and t.dest[there] == t.province[k]):
                return None
            prevent = self._fixed_strength(k)
            if prevent is None:
                return None
            if attack <= prevent:
                self.bounced[m] = (attack, NONE)
                return False
        return True

    def _fixed_strength(self, m: int, exclude_power: str | None = None) -> float | None:
        """`_strength` (a unit that stays: `hold`) when its supports are settled, else None."""
        t = self.t
        half = False  # its own strength ½ (`_own`)
        if self._weak and t.kind[m] == MOVE:
            if t.route[m] != LAND:
                return None  # `_own` asks whether the convoy carries it
            half = t.weak[m]
        power, state, result = t.power, self.state, self.result
        count = 0
        for s in t.backers[m]:
            if power[s] != exclude_power:
                if state[s] != RESOLVED:
                    return None
                if result[s]:
                    count += 1
        return count + 0.5 if half else count + 1

    # -- the generic algorithm -------------------------------------------------------------
    def resolve_all(self) -> None:
        """Settle every open decision, in unit order (the next one found by `list.index`)."""
        state, i = self.state, -1
        try:
            while True:
                i = state.index(UNRESOLVED, i + 1)
                self.resolve(i)
        except ValueError:  # none left
            return

    def resolve(self, i: int) -> bool:
        state = self.state[i]
        if state == RESOLVED:
            return self.result[i]
        deps = self._deps
        if state == GUESSING:
            if i not in deps:
                deps.append(i)
            return self.result[i]
        mark = len(deps)
        self.result[i] = False
        self.state[i] = GUESSING
        is_move = self.t.kind[i] == MOVE
        first = self._move_succeeds(i) if is_move else self._adjudicate(i)
        if len(deps) == mark:
            # Independent of any guess: final. (The backup rule may have settled it already.)
            if self.state[i] != RESOLVED:
                self.result[i] = first
                self.state[i] = RESOLVED
            elif i in self.bounced:
                del self.bounced[i]  # found on guesses
            return self.result[i]
        if i in self.bounced:
            del self.bounced[i]  # found on guesses: the explanation asks again
        if deps[mark] != i:
            # Depends on a guess made further up: stay a guess, let that order sort it out.
            deps.append(i)
            self.result[i] = first
            return first
        # A cycle through this decision: try the other guess.
        self._forget(mark)
        self.result[i] = True
        self.state[i] = GUESSING
        second = self._move_succeeds(i) if is_move else self._adjudicate(i)
        if first == second:
            self._forget(mark)
            self.bounced.pop(i, None)  # found on a guess of its own
            self.result[i] = first
            self.state[i] = RESOLVED
            return first
        self._backup(mark)
        return self.resolve(i)

    def _decided(self, i: int) -> bool:
        """`resolve` for a decision most likely settled already: no frame when it is."""
        return self.result[i] if self.state[i] == RESOLVED else self.resolve(i)

    def _forget(self, mark: int) -> None:
        for k in self._deps[mark:]:
            self.state[k] = UNRESOLVED
        del self._deps[mark:]

    def _backup(self, mark: int) -> None:
        """Zero or two consistent outcomes: DATC 5.B.9 decides the decisions of the cycle."""
        cycle = self._deps[mark:]
        del self._deps[mark:]
        kinds = self.t.kind
        convoys = [k for k in cycle if kinds[k] == CONVOY]
        for k in cycle:
            self.state[k] = UNRESOLVED
        if convoys:
            # The Szykman rule (also the fallback of the 1982 rule): the convoys fail.
            for k in convoys:
                self._settle(k, False)
                self.paradox[k] = True
            if self._paradox_dptg and not self._all_fail_consistent(convoys):
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
        test settles stays only when the answer is yes."""
        saved = (self.state[:], self.result[:], self.paradox[:])
        paths = dict(self._paths)  # convoy routes found during the trial go with it
        bounced = dict(self.bounced)
        mark = len(self._deps)
        t = self.t
        for k in convoys:
            if not any(self.resolve(m) for m in t.moves_into.get(t.province[k], ())):
                self.state, self.result, self.paradox = saved
                self._paths = paths
                self.bounced = bounced
                del self._deps[mark:]
                return False
        return True

    def _settle(self, i: int, value: bool) -> None:
        self.result[i] = value
        self.state[i] = RESOLVED
        self.bounced.pop(i, None)

    def _adjudicate(self, i: int) -> bool:
        """A support's or a convoy's decision (a move's: `_move_succeeds`)."""
        t = self.t
        attackers = t.moves_into.get(t.province[i])
        if not attackers:
            return True
        if t.kind[i] == SUPPORT:
            power = t.power[i]
            for m in attackers:
                if t.power[m] != power and self._cuts(m, i):
                    break  # cut
            else:
                return True
            return False
        return not any(self.resolve(m) for m in attackers)  # a convoying fleet: not dislodged

    # -- the conditions --------------------------------------------------------------------
    def _move_succeeds(self, i: int) -> bool:
        """DATC 5.B.1; a failure records its attack strength and the unit that held it off
        (`bounced`; `resolve` keeps it when the decision is final)."""
        t = self.t
        occupant = t.occupant[i]
        if (
            occupant != NONE
            and t.facing[i] == NONE
            and t.kind[occupant] == MOVE
            and t.route[i] == LAND
            and not t.backers[i]
            and not self._weak
        ):
            # Most moves still open: over land, unsupported, at a unit ordered elsewhere. What
            # `attack` and `hold` give: strength 1 when that unit leaves, else held off.
            if not self._decided(occupant):
                self.bounced[i] = (0, NONE) if t.power[occupant] == t.power[i] else (1, occupant)
                return False
            return self._unprevented(i, 1)
        attack = self.attack(i)
        if attack == 0:
            self.bounced[i] = (0, NONE)
            return False
        opponent = self.opponent(i) if t.facing[i] != NONE else NONE
        if opponent != NONE:
            if attack <= self.defend(opponent):
                self.bounced[i] = (attack, opponent)
                return False
        elif occupant != NONE and attack <= self.hold(occupant):
            self.bounced[i] = (attack, occupant)
            return False
        return self._unprevented(i, attack)

    def _unprevented(self, i: int, attack: float) -> bool:
        """Does every other move into move `i`'s target have a smaller prevent strength?"""
        for k in self.t.moves_into[self.t.dest[i]]:
            if k != i and attack <= self.prevent(k):
                self.bounced[i] = (attack, NONE)
                return False  # prevented
        return True

    def cutters(self, s: int) -> list[int]:
        """The moves that cut support `s` (DATC 5.B.2, with the 4.A.2 and 4.A.4 options): a
        unit's own power never cuts its support."""
        t = self.t
        power = t.power[s]
        attackers = t.moves_into.get(t.province[s], ())
        return [m for m in attackers if t.power[m] != power and self._cuts(m, s)]

    def _cuts(self, m: int, s: int) -> bool:
        t = self.t
        area = t.support_area[s]
        if (
            self._paradox_1982
            and area in t.convoying_seas
            and t.route[m] != LAND
            and self.by_convoy(m)
        ):
            # 1982: a convoyed army never cuts support into water that holds a convoying fleet,
            # even when it dislodges the supporter (DATC 6.F.17).
            return False
        if t.province[m] == area and not (self._convoy_cuts_own_area and self.by_convoy(m)):
            # Attacked from where the support is directed: only dislodgement cuts.
            return self.resolve(m)
        if t.weak and t.weak[m] and (t.route[m] == LAND or not self.by_convoy(m)):
            # A move across a weak link cuts no support; dislodging the supporter still does.
            # Unlike its strength (`_own`), a convoyed army's cut is judged by its own step, not
            # by the convoy's landing: DPjudge's cutSupport tests the pair (origin, target), so
            # an army convoyed round the Cape still cuts (1900/movement-cape-convoy-cuts).
            return self.resolve(m)
        return self.path(m)

    # -- paths -----------------------------------------------------------------------------
    def convoy_path(self, m: int) -> bool:
        t = self.t
        fleets = t.convoy_fleets[m]
        if not fleets:
            return False
        if self._any_route or t.whole_route[m] or len(fleets) == 1:
            # (One fleet on a route makes the route alone: `route_exists` would ask it alone.)
            return all(self.resolve(c) for c in fleets)
        state = self.state
        final = all(state[c] == RESOLVED for c in fleets)
        if final and m in self._paths:
            return self._paths[m]
        index = t.index
        found = route_exists(
            self.map,
            t.province[m],
            t.dest[m],
            [t.province[c] for c in fleets],
            lambda p: self.resolve(index[p]),
        )
        if final:
            self._paths[m] = found
        return found

    def path(self, m: int) -> bool:
        return self.t.route[m] != BY_CONVOY or self.convoy_path(m)

    def by_convoy(self, m: int) -> bool:
        """Does this move travel by convoy (decided by its orders, or by its fallback)?"""
        route = self.t.route[m]
        if route == FALLBACK:
            return self.convoy_path(m)
        return route == BY_CONVOY

    def opponent(self, m: int) -> int:
        """The unit this move meets head to head (both over land, each to the other's place)."""
        t = self.t
        o = t.facing[m]
        if o != NONE and (
            (t.route[m] == FALLBACK and self.convoy_path(m))
            or (t.route[o] == FALLBACK and self.convoy_path(o))
        ):
            return NONE  # one of them is carried by its fallback convoy: no battle
        return o

    # -- strengths -------------------------------------------------------------------------
    def _support_count(self, m: int, exclude_power: str | None = None) -> int:
        backers = self.t.backers[m]
        if not backers:
            return 0
        count = 0
        power, state, result = self.t.power, self.state, self.result
        for s in backers:
            if power[s] != exclude_power and (
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
        if t.route[m] == LAND or not self.by_convoy(m):
            return 0.5 if t.weak[m] else 1
        return 0.5 if t.weak_landing[m] else 1

    def _strength(self, m: int, exclude_power: str | None = None) -> float:
        """A move's own strength and its supports (those of `exclude_power` left out)."""
        own = self._own(m) if self._weak else 1  # (`_own` asked only on maps with weak links)
        if not self.t.backers[m]:
            return own
        return own + self._support_count(m, exclude_power)

    def attack(self, m: int) -> float:
        t = self.t
        if t.route[m] == BY_CONVOY and not self.convoy_path(m):
            return 0
        occupant = t.occupant[m]
        against = None  # the power whose supports do not count
        if occupant != NONE and not (
            t.kind[occupant] == MOVE
            and (t.facing[m] == NONE or self.opponent(m) == NONE)
            and self._decided(occupant)
        ):
            against = t.power[occupant]
            if against == t.power[m]:
                return 0
        if t.backers[m] or self._weak:
            return self._strength(m, against)
        return 1

    def hold(self, unit: int) -> int:
        """The hold strength of the unit standing in a move's target (`OrderTable.occupant`)."""
        if self.t.kind[unit] == MOVE:
            return 0 if self._decided(unit) else 1
        return 1 + self._support_count(unit) if self.t.backers[unit] else 1

    def defend(self, m: int) -> float:
        return self._strength(m)

    def prevent(self, m: int) -> float:
        t = self.t
        if t.route[m] == BY_CONVOY and not self.convoy_path(m):
            return 0
        o = t.occupant[m]
        if o != NONE and t.kind[o] == MOVE and t.dest[o] == t.province[m] and self.resolve(o):
            # Beaten by the unit coming from its destination (DATC 4.A.7): no effect there
            # after a head-to-head battle, or always under the literal rule.
            if self.opponent(m) != NONE:
                return 0
            if self._literal_dislodged_effect and not self.resolve(m):
                return 0
        return self._strength(m)
