"""Neutral powers and civil disorder (rulebook XIV.2 and XIV.3) as one rule.

The rulebook treats a power nobody plays (Italy in the six-player game) and a power whose
player has stopped sending orders the same way: its units hold, do not support each other,
are disbanded when dislodged, and it builds nothing. Which powers are in that state is data:
the map's `neutral` powers, the powers a gamesmaster declares (`Rules.disorder`) and, under
`Rules.disorder_units == "rulebook"`, every power with units that sent no orders at all in a
movement phase. With `"hold"` (what most judges do) a silent power's units only hold.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final

from adjudicator.board.map import Map
from adjudicator.board.position import Dislodged, Position
from adjudicator.board.rules import Rules
from adjudicator.board.types import PhaseKind
from adjudicator.orders.results import OrderEntry, OrderError, OrderResult


@dataclass(frozen=True)
class Disorder:
    """`ignored`: powers whose orders count for nothing (their units hold);
    `disbanded`: powers whose dislodged units are disbanded instead of retreating;
    `silent`: so are those of every power with units that sent no orders at all (which
    `without_retreats` asks only of the powers of dislodged units: most phases have none)."""

    ignored: frozenset[str]
    disbanded: frozenset[str]
    neutral: frozenset[str] = frozenset()
    silent: bool = False


def disorder(
    game_map: Map,
    position: Position,
    entries: Sequence[OrderEntry],
    errors: Sequence[OrderError],
    rules: Rules,
) -> Disorder:
    """Which powers are neutral or in civil disorder in this phase."""
    neutral = game_map.neutral_at(position.phase)
    strict = rules.disorder_units == "rulebook"
    silent = strict and position.phase.kind is _MOVEMENT
    if not neutral and not rules.disorder:
        return _SILENT if silent else NOBODY  # the usual case: everybody named plays
    declared = neutral | frozenset(map(str.upper, rules.disorder)) if rules.disorder else neutral
    disbanded = declared if strict else neutral
    return Disorder(ignored=declared, disbanded=disbanded, neutral=neutral, silent=silent)


def silent_powers(
    powers: set[str], entries: Sequence[OrderEntry], errors: Sequence[OrderError]
) -> set[str]:
    """Those of `powers` (each with units) that sent no orders at all: neither an entry nor
    an order that could not be read."""
    # (set comprehensions: faster than map(attrgetter) on CPython 3.11)
    silent = powers.difference({e.power for e in entries})
    if silent and errors:
        silent.difference_update({e.power for e in errors})
    return silent


_MOVEMENT: Final = PhaseKind.MOVEMENT  # (a module constant: an enum member's lookup is dear)
NOBODY: Final = Disorder(frozenset(), frozenset(), frozenset())
"""Nobody in disorder: every power plays, and a silent one's units only hold."""
_SILENT: Final = Disorder(frozenset(), frozenset(), frozenset(), silent=True)


def _note(power: str, out: Disorder) -> str:
    if power in out.neutral:
        return f"{power} is neutral (rulebook XIV.2): nobody orders it"
    return f"{power} is in civil disorder (rulebook XIV.3): its orders are ignored"


def ignore_orders(entries: Sequence[OrderEntry], out: Disorder) -> list[OrderEntry]:
    """The entries, those of ignored powers marked illegal: the contract drops no input, and an
    illegal order is one that is reported and counts for nothing (the unit holds)."""
    if not out.ignored:
        return list(entries)
    return [
        replace(e, illegal=e.illegal or _note(e.power, out)) if e.power in out.ignored else e
        for e in entries
    ]


def explained(results: Sequence[OrderResult], out: Disorder) -> list[OrderResult]:
    """The results, each unit or waive of an ignored power saying why nobody ordered it."""
    if not out.ignored:
        return list(results)
    done = []
    for result in results:
        if result.power in out.ignored and result.input is None:
            note = _note(result.power, out)
            reason = f"{note}; {result.reason}" if result.reason else note
            result = result._replace(reason=reason)
        done.append(result)
    return done


def without_retreats(
    dislodged: Mapping[str, Dislodged],
    out: Disorder,
    given: Mapping[str | None, OrderEntry],
    entries: Sequence[OrderEntry],
    errors: Sequence[OrderError],
) -> Mapping[str, Dislodged]:
    """The dislodged units, those of powers in disorder with nowhere to go (so they are
    disbanded). `entries` and `errors`: the phase's, which tell the silent powers; `given`:
    the entries by province, which usually show at once that a dislodged unit's power sent
    orders (its own entry orders the unit), so that the others are asked only when not."""
    powers = out.disbanded
    if out.silent:
        maybe = {
            d.unit.power
            for p, d in dislodged.items()
            if (e := given.get(p)) is None or e.power != d.unit.power
        }
        if maybe and (silent := silent_powers(maybe, entries, errors)):
            powers = powers | silent
    if not powers:
        return dislodged
    return {p: Dislodged(d.unit, ()) if d.unit.power in powers else d for p, d in dislodged.items()}
