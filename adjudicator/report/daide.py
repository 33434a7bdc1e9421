"""A phase's results as DAIDE `ORD` messages, one per order, as a DAIDE server sends them.

`ORD ( SPR 1901 ) ( ( ENG FLT LON ) MTO NTH ) ( SUC )` (DAIDE Message Syntax v0.178, "(iv)
Results"): the turn (SPR, SUM, FAL, AUT, WIN and the year), the order in DAIDE's syntax
(orders.daide.daide_order) and its result: SUC (succeeded), BNC (a move or retreat bounced),
CUT (a support cut), DSR (a convoyed move whose convoy was disrupted), NSO (no such order: a
support or convoy whose partner did not order the matching move, or a convoyed move no fleet
convoyed), and RET after any of them, or alone for a holding or convoying unit, when the unit
was dislodged. DAIDE servers refuse an order that cannot be valid before the turn, with a
token saying why; this engine keeps it (the unit holds) and reports that token as its result:
FAR (cannot reach), CST, NAS, NSF, NSA, NVR, YSC, ESC, HSC, NMB, NMR (`_REFUSALS`), or FLD (the
protocol's token for a failed order) for a reason none of them names. A waive is `( ENG WVE )`;
a move ordered by convoy is CTO, with VIA and the seas of the convoying fleets' route when they
form one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.board.convoy import shortest_route
from adjudicator.board.map import Map
from adjudicator.board.position import Position
from adjudicator.board.types import Phase, PhaseKind, Season
from adjudicator.orders import model
from adjudicator.orders.daide import daide_order
from adjudicator.orders.parse import parse_order
from adjudicator.orders.refusals import Refusal, kind_of
from adjudicator.orders.results import OrderResult

_TURNS = {
    (Season.SPRING, PhaseKind.MOVEMENT): "SPR",
    (Season.SPRING, PhaseKind.RETREAT): "SUM",
    (Season.FALL, PhaseKind.MOVEMENT): "FAL",
    (Season.FALL, PhaseKind.RETREAT): "AUT",
    (Season.WINTER, PhaseKind.ADJUSTMENT): "WIN",
}
_NOTES = (
    ("illegal", "FLD"),
    ("bounce", "BNC"),
    ("cut", "CUT"),
    ("disrupted", "DSR"),
    ("no_convoy", "NSO"),
    ("void", "NSO"),
)
"""A failed order's result token, from its first tag found here."""
_REFUSALS = {
    Refusal.UNREACHABLE: "FAR",
    Refusal.COAST: "CST",
    Refusal.NOT_AT_SEA: "NAS",
    Refusal.NOT_A_FLEET: "NSF",
    Refusal.NOT_AN_ARMY: "NSA",
    Refusal.NO_RETREAT: "NVR",
    Refusal.NOT_HOME: "HSC",
    Refusal.NOT_OWNED: "YSC",
    Refusal.OCCUPIED: "ESC",
    Refusal.NO_BUILDS: "NMB",
    Refusal.NO_REMOVALS: "NMR",
}
"""An order refused as illegal: the token a DAIDE server answers for its kind of fault (read
from its reason by orders.refusals); FLD for any other. NSP, NSU, NYU and NRN have no entry: a
line naming no such province or unit, another power's unit or a unit not dislodged is not read
as an order at all (an error, shown on standard error), so no result."""


def daide_turn(phase: Phase) -> str:
    """A phase as DAIDE's turn: `SPR 1901`."""
    return f"{_TURNS[phase.season, phase.kind]} {phase.year}"


def refusal_token(reason: str | None) -> str:
    """The DAIDE token for an order refused as illegal for `reason` (`FAR`, `CST`, ...)."""
    kind = kind_of(reason)
    return "FLD" if kind is None else _REFUSALS.get(kind, "FLD")


def result_tokens(result: OrderResult, order: model.Order) -> str:
    """The result part of an ORD message: `SUC`, `BNC RET`, `RET`, ..."""
    tags = set(result.tags)
    notes = []
    if result.result == "succeeds":
        notes.append("SUC")
    else:
        note = next((n for tag, n in _NOTES if tag in tags), None)
        if note == "FLD":
            note = refusal_token(result.reason)
        if note == "DSR" and not isinstance(order, model.Move):
            note = None  # a convoying fleet dislodged: RET alone (DSR is the army's)
        if note is None and isinstance(order, model.Build | model.Disband | model.Waive):
            note = refusal_token(result.reason)  # one too many: refused, though not illegal
        elif note is None and isinstance(order, model.Move | model.Retreat):
            note = "BNC"
        elif note is None and isinstance(order, model.SupportHold | model.SupportMove):
            note = "CUT"
        notes += [note] if note else []
    if "dislodged" in tags:
        notes.append("RET")
    return " ".join(notes)


def daide_report(game_map: Map, before: Position, orders: Sequence[OrderResult]) -> str:
    """The ORD messages of the phase that started at `before`, one line per result entry."""
    kind = before.phase.kind
    turn = daide_turn(before.phase)
    owner_of: Mapping[str, str] = {p: u.power for p, u in before.units.items()}
    if kind is PhaseKind.RETREAT:
        owner_of = {p: d.unit.power for p, d in before.dislodged.items()}
    read = [(result, parse_order(game_map, result.order, kind)) for result in orders]
    convoys: dict[tuple[str, str], list[str]] = {}
    for _, order in read:
        if isinstance(order, model.Convoy):
            convoys.setdefault((order.army.province, order.target), []).append(order.unit.province)
    lines = []
    for result, order in read:
        via: tuple[str, ...] = ()
        if isinstance(order, model.Move) and order.via_convoy:
            fleets = convoys.get((order.unit.province, order.target), [])
            via = shortest_route(game_map, order.unit.province, order.target, fleets)
        text = daide_order(game_map, order, result.power, kind=kind, owner_of=owner_of, via=via)
        lines.append(f"ORD ( {turn} ) ( {text} ) ( {result_tokens(result, order)} )")
    return "".join(line + "\n" for line in lines)
