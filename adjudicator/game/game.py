"""A game as one immutable value: where it started, every phase played, and the orders pending.

Every operation here is pure: it takes a Game and gives back a new one (or a report), so the
command line can read a file, apply one operation and write the file, and tests need no disk.
Positions after each phase are stored, not only the orders, so that a game can be shown at any
phase without replaying it and so that `replay` can prove the stored history is reproducible.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from adjudicator.board.map import Map, load_map
from adjudicator.board.names import NameProblem, resolve_power
from adjudicator.board.position import Position
from adjudicator.board.rules import DEFAULT_RULES, Rules
from adjudicator.board.types import CalendarError, Phase
from adjudicator.orders.results import OrderEntry, OrderError, OrderResult
from adjudicator.resolve.sequence import game_over

# What an imported phase is compared on besides success and the board: the outcome tags. The
# `diplomacy` package's other words (cut, void, no convoy) explain a failure in its own way
# (it says "no convoy, void" where we say "void", "void" where we say "cut").
DIPLOMACY_TAGS = frozenset({"bounce", "dislodged"})


class GameError(ValueError):
    """A request a game cannot honour (unknown power, phase not played, game over)."""


def frozen_orders(orders: Mapping[str, Sequence[str]]) -> Mapping[str, tuple[str, ...]]:
    """Orders per power as a read-only mapping of tuples, powers in alphabetical order."""
    return MappingProxyType({power: tuple(lines) for power, lines in sorted(orders.items())})


@dataclass(frozen=True)
class PlayedPhase:
    """One adjudicated phase: the orders as written, what became of them, and the position after.

    `source` is None for phases this engine adjudicated and "diplomacy" for phases imported from
    that package's saved games, whose results use a smaller vocabulary (see DIPLOMACY_TAGS).
    """

    phase: Phase
    orders: Mapping[str, tuple[str, ...]]
    results: tuple[OrderResult, ...]
    errors: tuple[OrderError, ...]
    next: Position
    source: str | None = None
    disorder: tuple[str, ...] = ()
    """Powers the gamesmaster had declared in civil disorder for this phase (rulebook XIV.3)."""


@dataclass(frozen=True)
class Game:
    """A game: its variant and rules, its start, the phases played and the pending orders."""

    variant: str
    rules: Rules
    start: Position
    played: tuple[PlayedPhase, ...] = ()
    pending: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))
    meta: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    disorder: tuple[str, ...] = ()
    """Powers the gamesmaster declares in civil disorder from the current phase on: their orders
    are ignored until the declaration is lifted (kept per played phase, so replays agree)."""

    @property
    def current(self) -> Position:
        """The position now to be played."""
        return self.played[-1].next if self.played else self.start

    def before(self, index: int) -> Position:
        """The position at the start of played phase number `index`."""
        return self.played[index - 1].next if index > 0 else self.start

    def positions(self) -> tuple[Position, ...]:
        """Every position in play order: the start, then the one after each played phase."""
        return (self.start, *(p.next for p in self.played))

    def lookup(self, phase: Phase) -> tuple[Position, PlayedPhase | None]:
        """The position at the start of `phase` and, if it was played, what happened in it."""
        for index, played in enumerate(self.played):
            if played.phase == phase:
                return self.before(index), played
        if self.current.phase == phase:
            return self.current, None
        known = ", ".join(str(p.phase) for p in self.positions())
        raise GameError(f"phase {phase} is not in this game; its phases are {known}")


def start_position(game_map: Map, variant: str | None = None) -> Position:
    """The variant's opening position: start units, home centres owned, its first phase.

    `variant` is how the map was named when loaded (a bundled map's name or a path to a map
    file); the position keeps it, not the map's own name, so every later phase loads the same
    map again."""
    units = {unit.province: unit for unit in game_map.start_units()}
    name = game_map.name if variant is None else variant
    return Position(name, game_map.start_phase, units, game_map.start_centers())


def new_game(variant: str = "standard", rules: Rules = DEFAULT_RULES) -> Game:
    """A fresh game at the variant's start (the variant is a name or a path to a map file)."""
    start = start_position(load_map(variant), variant)
    return Game(variant=variant, rules=rules, start=start)


def power_code(game_map: Map, name: str) -> str:
    """A power's code from what a gamesmaster types (board.names.resolve_power with prefixes:
    the code, name, adjective or a unique prefix), GameError when it names none or several."""
    try:
        return resolve_power(game_map, name, prefix=True)
    except NameProblem as problem:
        raise GameError(str(problem)) from None


def phase_rules(rules: Rules, disorder: Sequence[str]) -> Rules:
    """The rules of one phase: the game's, with the powers declared in civil disorder added."""
    if not disorder:
        return rules
    return rules.model_copy(update={"disorder": tuple(sorted({*rules.disorder, *disorder}))})


def declare_disorder(game: Game, powers: Sequence[str]) -> Game:
    """The game with exactly `powers` declared in civil disorder (none: every one lifted)."""
    game_map = load_map(game.variant)
    codes = tuple(sorted({power_code(game_map, name) for name in powers}))
    return replace(game, disorder=codes)


def order_lines(text: str) -> tuple[str, ...]:
    """The non-blank lines of an order text, as written (trailing spaces dropped)."""
    return tuple(line.rstrip() for line in text.splitlines() if line.strip())


def with_orders(game: Game, power: str, lines: Sequence[str]) -> Game:
    """The game with `power`'s pending orders replaced: a new order set replaces the old one."""
    code = power_code(load_map(game.variant), power)
    pending = dict(game.pending)
    pending[code] = tuple(lines)
    return replace(game, pending=frozen_orders(pending))


def without_orders(game: Game, power: str) -> Game:
    """The game with no pending orders for `power`: it has sent none (game.owed)."""
    pending = {p: lines for p, lines in game.pending.items() if p != power}
    return replace(game, pending=frozen_orders(pending))


@dataclass(frozen=True)
class Reading:
    """How one power's order set reads against the current position."""

    power: str
    entries: tuple[OrderEntry, ...]
    errors: tuple[OrderError, ...]


def teammates(game_map: Map, power: str, position: Position, rules: Rules) -> frozenset[str]:
    """The powers played by the person who plays `power` (rulebook XIV.2: four, three and two
    players; in `wwi` Italy is played with the coin toss's winners once it has joined)."""
    from adjudicator.resolve.sides import coin_toss

    team = next((set(t) for t in game_map.players if power in t), {power})
    joins = game_map.joins_winner
    if joins and joins not in game_map.neutral_at(position.phase):
        won = set(game_map.sides.get(coin_toss(game_map, rules) or "", ()))
        if power in won:
            team.add(joins)
        elif power == joins:
            team |= won
    return frozenset(team)


def read_orders(game: Game, power: str, lines: Sequence[str]) -> tuple[Game, Reading]:
    """Set `power`'s pending orders and say how each line reads.

    A set sent by one power may not order for another: a header naming another power (which
    the order reader honours in mixed sheets) is refused here, so one player's mail can never
    move someone else's units; the powers the same person plays (`teammates`) are allowed.
    """
    from adjudicator.orders.interpret import interpret_orders

    game_map = load_map(game.variant)
    code = power_code(game_map, power)
    entries, errors = interpret_orders(game_map, game.current, {code: list(lines)}, game.rules)
    powers = {e.power for e in entries} | {e.power for e in errors}
    strangers = sorted(powers - {code, ""} - teammates(game_map, code, game.current, game.rules))
    if strangers:
        raise GameError(
            f"orders from {code} may not order for {', '.join(strangers)} (a header names them)"
        )
    return with_orders(game, code, lines), Reading(code, tuple(entries), tuple(errors))


def played_from_result(
    orders: Mapping[str, Sequence[str]],
    phase: Phase,
    results: Sequence[OrderResult],
    errors: Sequence[OrderError],
    after: Position,
    disorder: Sequence[str] = (),
) -> PlayedPhase:
    return PlayedPhase(
        phase, frozen_orders(orders), tuple(results), tuple(errors), after, None, tuple(disorder)
    )


def adjudicate_pending(game: Game) -> tuple[Game, PlayedPhase]:
    """Adjudicate the current phase with the pending orders; the game moves on one phase."""
    from adjudicator.resolve.engine import adjudicate

    position = game.current
    if game_over(position, game.rules):
        who = f": {position.winner} has won" if position.winner else ""
        raise GameError(f"the game is over{who}")
    try:
        result = adjudicate(position, game.pending, phase_rules(game.rules, game.disorder))
    except CalendarError as error:
        raise GameError(str(error)) from None
    played = played_from_result(
        game.pending, result.phase, result.orders, result.errors, result.next, game.disorder
    )
    return replace(game, played=(*game.played, played), pending=frozen_orders({})), played


def undo_last(game: Game, drop_pending: bool = False) -> tuple[Game, PlayedPhase]:
    """The game as it was before its last phase was adjudicated: that phase's orders pending
    again, and its civil-disorder declaration current again; also the phase undone.

    Orders already sent for the phase after it would be lost, so they are refused unless
    `drop_pending` says to drop them (GameError names the powers)."""
    if not game.played:
        raise GameError("nothing to undo: no phase of this game has been adjudicated")
    last = game.played[-1]
    if game.pending and not drop_pending:
        game_map = load_map(game.variant)
        powers = ", ".join(game_map.powers[p].name for p in game.pending if p in game_map.powers)
        raise GameError(
            f"{game.current.phase} already has orders from {powers}; undoing {last.phase} would "
            "drop them (--force drops them)"
        )
    earlier = replace(
        game, played=game.played[:-1], pending=frozen_orders(last.orders), disorder=last.disorder
    )
    return earlier, last


# -- replay -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Discrepancy:
    """A stored phase that re-adjudication does not reproduce, with every difference in words."""

    phase: Phase
    problems: tuple[str, ...]


def _outcome(result: OrderResult, tags: frozenset[str] | None) -> str:
    shown = sorted(t for t in result.tags if tags is None or t in tags)
    return result.result + (f" ({', '.join(shown)})" if shown else "")


def _compare_results(
    stored: Sequence[OrderResult], fresh: Sequence[OrderResult], imported: bool
) -> list[str]:
    """Differences in outcome per unit; reasons are prose and are not compared.

    An imported phase is compared only on the units its source reported and on the tags both
    vocabularies share (DIPLOMACY_TAGS), since its orders are in that source's own notation.
    """
    tags = DIPLOMACY_TAGS if imported else None

    def keyed(results: Sequence[OrderResult]) -> dict[tuple[str, str], OrderResult]:
        # Waives have no unit: the n-th waive of a power is compared with the n-th.
        seen: Counter[tuple[str, str]] = Counter()
        out = {}
        for r in results:
            name = r.unit or r.order
            seen[r.power, name] += 1
            count = seen[r.power, name]
            out[r.power, name if count == 1 else f"{name} #{count}"] = r
        return out

    old, new = keyed(stored), keyed(fresh)
    problems = []
    for k in sorted(old.keys() | new.keys()):
        before, after = old.get(k), new.get(k)
        label = f"{k[0]} {k[1]}"
        if before is None:
            if not imported:
                problems.append(f"{label}: not stored, replay gives {after and after.order}")
        elif after is None:
            problems.append(f"{label}: stored {before.order}, replay has no such order")
        elif not imported and before.order != after.order:
            problems.append(f"{label}: stored order {before.order}, replay reads {after.order}")
        elif _outcome(before, tags) != _outcome(after, tags):
            problems.append(
                f"{label} ({after.order}): stored {_outcome(before, tags)}, "
                f"replay {_outcome(after, tags)}"
            )
    return problems


def _position_lines(position: Position) -> set[str]:
    """A position as comparable facts, one short sentence each."""
    facts = {f"phase {position.phase}"}
    facts |= {f"{u.power} {u}" for u in position.units.values()}
    facts |= {f"{owner} owns {p}" for p, owner in position.centers.items()}
    facts |= {
        f"{d.unit.power} {d.unit} dislodged, retreats {'/'.join(sorted(d.retreats)) or 'none'}"
        for d in position.dislodged.values()
    }
    if position.winner:
        facts.add(f"winner {position.winner}")
    return facts


def compare_positions(stored: Position, fresh: Position) -> list[str]:
    """The facts only the stored position has, then those only the replayed one has."""
    old, new = _position_lines(stored), _position_lines(fresh)
    return [f"stored only: {fact}" for fact in sorted(old - new)] + [
        f"replay only: {fact}" for fact in sorted(new - old)
    ]


def replay(game: Game) -> tuple[Discrepancy, ...]:
    """Re-adjudicate every played phase and report those whose stored outcome differs.

    Each phase is replayed from its stored starting position, so one bad phase is reported once
    instead of spoiling all that follow; when nothing differs, replaying from the start
    reproduces every stored position.
    """
    from adjudicator.resolve.engine import adjudicate

    found = []
    for index, played in enumerate(game.played):
        position = game.before(index)
        problems: list[str] = []
        if position.phase != played.phase:
            problems.append(f"stored as {played.phase} but its position is {position.phase}")
        result = adjudicate(position, played.orders, phase_rules(game.rules, played.disorder))
        problems += _compare_results(played.results, result.orders, played.source is not None)
        problems += compare_positions(played.next, result.next)
        if problems:
            found.append(Discrepancy(played.phase, tuple(problems)))
    return tuple(found)


def rebuild(game: Game) -> Game:
    """The game re-adjudicated from its start with the stored orders (results and positions anew).

    For a gamesmaster who corrected an order by hand, or an import to be taken over by this
    engine; the orders as written are kept, everything derived from them is recomputed.
    """
    from adjudicator.resolve.engine import adjudicate

    position = game.start
    played = []
    for old in game.played:
        result = adjudicate(position, old.orders, phase_rules(game.rules, old.disorder))
        played.append(
            played_from_result(
                old.orders, result.phase, result.orders, result.errors, result.next, old.disorder
            )
        )
        position = result.next
    return replace(game, played=tuple(played))
