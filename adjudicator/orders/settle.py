"""Several orders for one unit (DATC 4.D.3): which one counts, and an error entry for the rest."""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.board.rules import Rules
from adjudicator.board.types import PhaseKind
from adjudicator.orders import model
from adjudicator.orders.results import OrderEntry, OrderError


@dataclass(frozen=True, slots=True)
class Candidate:
    index: int
    entry: OrderEntry


def order_key(index: int, entry: OrderEntry) -> object:
    """What an order is for: the orders of one group compete (the index: waives never do)."""
    order = entry.order
    if isinstance(order, model.Waive):
        return index
    if isinstance(order, model.Build):
        return ("build", entry.power, order)
    return order.unit.location  # the unit's location on the board, whatever was written


def _error(entry: OrderEntry, message: str) -> OrderError:
    assert entry.input is not None
    return OrderError(entry.power, entry.input, message, (0, len(entry.input)))


def settle(
    candidates: list[Candidate], rules: Rules, kind: PhaseKind
) -> tuple[dict[int, OrderEntry], dict[int, OrderError]]:
    """One order per unit (DATC 4.D.3): repeats of one order count once, an illegal order is
    ignored when the unit has a legal one, and different legal orders follow
    `rules.multiple_orders` (default: none of them counts, so the unit holds)."""
    groups: dict[object, list[Candidate]] = {}
    for candidate in candidates:
        groups.setdefault(order_key(candidate.index, candidate.entry), []).append(candidate)
    kept: dict[int, OrderEntry] = {}
    errors: dict[int, OrderError] = {}
    for group in groups.values():
        distinct: list[Candidate] = []
        for candidate in group:
            order = candidate.entry.order
            earlier = next((d for d in distinct if d.entry.order == order), None)
            if earlier is None:
                distinct.append(candidate)
            else:
                errors[candidate.index] = _error(
                    candidate.entry, f"repeats the order '{earlier.entry.input}'"
                )
        legal = [c for c in distinct if c.entry.illegal is None]
        pool = legal or distinct
        for candidate in distinct:
            if candidate not in pool:
                errors[candidate.index] = _error(
                    candidate.entry,
                    f"ignored: {candidate.entry.illegal}; the unit has a legal order",
                )
        if len(pool) == 1:
            kept[pool[0].index] = pool[0].entry
            continue
        chosen = {"first": pool[0], "last": pool[-1]}.get(rules.multiple_orders)
        fate = "is disbanded" if kind is PhaseKind.RETREAT else "holds"
        inputs = ", ".join(f"'{c.entry.input}'" for c in pool)
        for candidate in pool:
            if candidate is chosen:
                kept[candidate.index] = candidate.entry
            elif chosen is None:
                errors[candidate.index] = _error(
                    candidate.entry,
                    f"{len(pool)} different orders for one unit ({inputs}), so it {fate}",
                )
            else:
                errors[candidate.index] = _error(
                    candidate.entry, f"overruled by the order '{chosen.entry.input}'"
                )
    return kept, errors
