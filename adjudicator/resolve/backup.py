"""The backup rule of DATC 5.B.9: how `Decisions` settles a cycle of decisions that has zero or
two consistent outcomes (moves only: all succeed; with convoys: the paradox rule, by default
Szykman's, makes those convoys fail, the DPTG's only when consistent, else fails the cycle's
moves; else: all fail). Rare: apart from the guess algorithm, which asks it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.resolve.columns import rule_choices
from adjudicator.resolve.order_table import CONVOY, MOVE

if TYPE_CHECKING:
    from adjudicator.resolve.decisions import Decisions


def backup(d: Decisions, cycle: list[int]) -> None:
    """Settle the decisions of `cycle`, open again (unguessed) when asked."""
    kinds = d.kind
    convoys = [k for k in cycle if kinds[k] == CONVOY]
    if convoys:
        # The Szykman rule (also the fallback of the 1982 rule): the convoys fail.
        d.paradox = set(d.paradox)  # (its own: `Decisions.paradox` starts shared)
        for k in convoys:
            d.settle(k, False)
            d.paradox.add(k)
        if rule_choices(d.rules).paradox_dptg and not _all_fail_consistent(d, convoys):
            # The DPTG: no consistent outcome with every convoy failing: all moves fail.
            for k in cycle:
                if kinds[k] == MOVE:
                    d.settle(k, False)
    elif all(kinds[k] == MOVE for k in cycle):
        for k in cycle:
            d.settle(k, True)
    else:
        for k in cycle:
            d.settle(k, False)


def _all_fail_consistent(d: Decisions, convoys: list[int]) -> bool:
    """With these convoys failed, is each fleet really dislodged (the DPTG's test)? What it
    settles stays only if so (put back in place: `resolve` and `resolve_all` hold the lists)."""
    state, result, paradox = d.state[:], d.result[:], set(d.paradox)
    paths = dict(d.paths)  # convoy routes found during the trial go with it
    bounced = dict(d.bounced)
    mark = len(d.deps)
    for k in convoys:
        if not any(d.resolve(m) for m in d.moves_into.get(d.province[k], ())):
            d.state[:], d.result[:] = state, result
            d.paradox = paradox
            d.paths = paths
            d.bounced = bounced
            del d.deps[mark:]
            return False
    return True
