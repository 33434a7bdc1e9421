"""The phase sequence: from the board after one phase to the position of the next phase.

Phases with nothing to do are skipped (CONTRACT.md): no retreat phase unless a dislodged unit
has somewhere to go (a unit with nowhere to go is destroyed and never listed), and no winter
phase unless some power must remove a unit or can build in a vacant owned home centre.
Supply centres change hands only when the Fall is over (after its retreats, if any), and the
winner is decided then too.

The short-game rule (`Rules.end_year`): the game ends with that year's centre update; the power
with the most centres wins (no winner on a tie). The phases still advance so that a chain of
documents never repeats a phase; `game_over` tells a caller the game has ended.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from adjudicator.board.adjustments import (
    adjustments_due_given,
    adjustments_due_on,
    owned_counts,
)
from adjudicator.board.bounded import keep
from adjudicator.board.map import Map
from adjudicator.board.position import Dislodged, Position, new_position
from adjudicator.board.rules import DEFAULT_RULES, Rules
from adjudicator.board.types import LAST_YEAR, CalendarError, Phase, PhaseKind, Season, Unit
from adjudicator.resolve.sides import by_side


def _updated_centers(
    game_map: Map, centers: Mapping[str, str], units: Mapping[str, Unit], index: dict[str, int]
) -> tuple[dict[str, str], list[int] | None, list[int] | None]:
    """Owners after a Fall, by province: an occupied centre goes to its occupier, a vacant one
    stays. Made in the map's centre order (no sort: a document's owners come grouped by power).

    Counted in the same loops, for the winner and the adjustments, when every owner and unit
    is of a power of the map: the centres and the units of each power, in the order `index`
    gives them (`_powers`); None, None otherwise (a Position made by hand)."""
    # plain dicts typed as such: looked up natively compiled (a Mapping's get is a call)
    on: dict[str, Unit] = units if type(units) is dict else dict(units)
    was: dict[str, str] = centers if type(centers) is dict else dict(centers)
    owners = _centers_of(game_map).copy()  # (each owner set in place: no insert, no resize)
    owned = [0] * len(index)
    fielded = [0] * len(index)
    try:
        for province in game_map.supply_centers_in_order:
            unit = on.get(province)
            if unit is not None:
                owner = unit.power
            else:
                found = was.get(province)
                if found is None:
                    del owners[province]  # a vacant centre nobody owns
                    continue
                owner = found
            owners[province] = owner
            i = index[owner]
            owned[i] = owned[i] + 1  # (`+=` on an item is a generic call compiled)
        for unit in on.values():
            i = index[unit.power]
            fielded[i] = fielded[i] + 1
    except KeyError:  # a power the map does not know
        return _by_hand(game_map, centers, units), None, None
    if game_map.supply_centers.issuperset(centers):
        return owners, owned, fielded
    return _by_hand(game_map, centers, units), None, None


def _powers(game_map: Map) -> tuple[tuple[str, ...], dict[str, int]]:
    """The map's powers, and each one's place among them (where `_updated_centers` counts
    it), made once a map."""
    known = _POWERS.get(game_map)
    if known is None:
        powers = tuple(game_map.powers)
        index = {power: i for i, power in enumerate(powers)}
        known = keep(_POWERS, game_map, (powers, index), 1 << 6)
    return known


_POWERS: Final[dict[Map, tuple[tuple[str, ...], dict[str, int]]]] = {}
"""`_powers` by map (a map is hashed by its identity)."""


def _centers_of(game_map: Map) -> dict[str, str]:
    """A dict of the map's centres in order (its values unused), made once a map: the owners
    after a Fall are its copy, which keeps its table (a dict filled key by key grows by
    steps)."""
    known = _CENTERS.get(game_map)
    if known is None:
        known = dict.fromkeys(game_map.supply_centers_in_order, "")
        known = keep(_CENTERS, game_map, known, 1 << 6)
    return known


_CENTERS: Final[dict[Map, dict[str, str]]] = {}
"""`_centers_of` by map (never handed out: only its copies are)."""


def _by_hand(
    game_map: Map, centers: Mapping[str, str], units: Mapping[str, Unit]
) -> dict[str, str]:
    """`_updated_centers` of a Position made by hand, which may name a power the map does not
    know or own places that are no centre: their owners are kept, in order too."""
    owners = {**centers}
    for province in game_map.supply_centers_in_order:
        unit = units.get(province)
        if unit is not None:
            owners[province] = unit.power
    return dict(sorted(owners.items()))


def decide_winner(
    game_map: Map, centers: Mapping[str, str], year: int, rules: Rules = DEFAULT_RULES
) -> str | None:
    """Who has won once the centres of `year`'s Fall are settled, if anyone (a side's name
    on a map with sides: their powers' centres count together): the power with strictly the
    most centres, once it has the victory count or the short game is over (none on a tie)."""
    if game_map.sides:
        counts = owned_counts(by_side(game_map, centers, rules, year))
    else:
        counts = owned_counts(centers)
    return _leader(game_map, tuple(counts), list(counts.values()), year, rules)


def _leader(
    game_map: Map, powers: Sequence[str], counts: list[int], year: int, rules: Rules
) -> str | None:
    """`decide_winner` given each power's (or side's) centres, in the same order (one with
    none never wins). The leader is looked for only when it could win."""
    most = max(counts) if counts else 0  # (a keyword is a generic call's dict, compiled)
    end = rules.end_year
    if most == 0 or (most < game_map.victory_centers and (end is None or year < end)):
        return None
    return powers[counts.index(most)] if counts.count(most) == 1 else None


def game_over(position: Position, rules: Rules = DEFAULT_RULES) -> bool:
    """Has the game ended before this position: a winner, or the short game's last Fall passed?"""
    if position.winner is not None:
        return True
    end = rules.end_year
    return end is not None and position.phase > Phase(end, Season.FALL, PhaseKind.RETREAT)


def _phase(played: Phase, year: int, season: Season, kind: PhaseKind) -> Phase:
    """The phase of `kind` in `season` of `year` that follows `played`, made once (an immutable
    value, a few per game year); CalendarError past LAST_YEAR, where a phase could no longer
    be named (or read back): such a phase is never kept, so only a new one is checked."""
    known = _PHASES.get((year, season, kind))
    if known is None:
        if year > LAST_YEAR:
            raise CalendarError(
                f"{played} is in the calendar's last year ({LAST_YEAR}): "
                "the phase after it could not be named (years have at most four digits)"
            )
        known = keep(_PHASES, (year, season, kind), Phase(year, season, kind), 1 << 12)
    return known


_PHASES: Final[dict[tuple[int, Season, PhaseKind], Phase]] = {}
"""The phases a phase moves on to, by year, season and kind."""


def next_position(game_map: Map, after: Position, rules: Rules = DEFAULT_RULES) -> Position:
    """The next phase's position from the board right after a phase (see the module docstring).

    `after.phase` is the phase just played; `after.centers` are the owners before it;
    `after.dislodged` is what a movement phase produced (retreat options may be empty) and is
    ignored after a retreat or adjustment phase. CalendarError when the next phase would be
    past the calendar's last year.
    """
    return position_after(game_map, after, after.units, after.dislodged, rules)


def position_after(
    game_map: Map,
    before: Position,
    units: Mapping[str, Unit],
    dislodged: Mapping[str, Dislodged],
    rules: Rules = DEFAULT_RULES,
) -> Position:
    """`next_position` of the board a phase left (`units`, and `dislodged` after a movement
    phase), given the position it started from: no position is made for that board alone."""
    phase = before.phase
    kind, season = phase.kind, phase.season
    if kind is _MOVEMENT and dislodged:
        retreating = {p: d for p, d in dislodged.items() if d.retreats}
        if retreating:
            retreat = _phase(phase, phase.year, season, _RETREAT)
            return _moved_on(before, retreat, units, dislodged=retreating)
    if kind is _ADJUSTMENT:
        spring = _phase(phase, phase.year + game_map.year_step, _SPRING, _MOVEMENT)
        return _moved_on(before, spring, units)
    if season is _SPRING:
        fall = _phase(phase, phase.year + game_map.fall_offset, _FALL, _MOVEMENT)
        return _moved_on(before, fall, units)
    # the owners counted once, for the winner and the adjustments
    powers, index = _powers(game_map)
    centers, owned, fielded = _updated_centers(game_map, before.centers, units, index)
    if owned is None or fielded is None:  # (a Position made by hand)
        winner = before.winner or decide_winner(game_map, centers, phase.year, rules)
        due = adjustments_due_on(game_map, phase, centers, units)
    else:
        winner = before.winner or (
            decide_winner(game_map, centers, phase.year, rules)
            if game_map.sides
            else _leader(game_map, powers, owned, phase.year, rules)
        )
        balance = {power: owned[i] - fielded[i] for i, power in enumerate(powers)}
        due = adjustments_due_given(game_map, phase, centers, units, balance)
    if due:
        after = _phase(phase, phase.year, _WINTER, _ADJUSTMENT)
    else:
        after = _phase(phase, phase.year + game_map.year_step, _SPRING, _MOVEMENT)
    return new_position(before.variant, after, units, centers, {}, winner)


# Module constants: an enum member's lookup (PhaseKind.MOVEMENT) costs several times more.
_MOVEMENT: Final = PhaseKind.MOVEMENT
_RETREAT: Final = PhaseKind.RETREAT
_ADJUSTMENT: Final = PhaseKind.ADJUSTMENT
_SPRING: Final = Season.SPRING
_FALL: Final = Season.FALL
_WINTER: Final = Season.WINTER


def _moved_on(
    before: Position,
    phase: Phase,
    units: Mapping[str, Unit],
    dislodged: Mapping[str, Dislodged] | None = None,
) -> Position:
    """`before`'s centres and winner with `units` in `phase`, with no dislodged units unless
    given; built directly, its fields in order (dataclasses.replace, or naming the fields,
    costs more on this path)."""
    return new_position(
        before.variant,
        phase,
        units,
        before.centers,
        dislodged,
        before.winner,
    )
