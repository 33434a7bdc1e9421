"""Import of saved games written by the Python `diplomacy` package (its `to_saved_game_format`).

Such a file lists phases in play order, each with the board at its start (`state`), the orders
the package accepted (per power) and its results (per unit, in its own words). Every phase but
the last becomes a played phase of our game whose `next` is the following phase's board; the
last phase (a phase still to play, or "COMPLETED") is where the game now stands. Orders are kept
exactly as the package wrote them, so `game replay` re-adjudicates the package's own orders and
shows where this engine disagrees with it. Nothing here needs the package installed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from adjudicator.board.map import MapError, load_map
from adjudicator.board.position import Position
from adjudicator.board.rules import Rules, rules_from
from adjudicator.board.types import Phase, PhaseKind
from adjudicator.contract.documents import DocumentError, PhaseDocument, position_from_document
from adjudicator.game.game import Game, PlayedPhase, frozen_orders
from adjudicator.orders.results import TAGS, OrderResult
from adjudicator.resolve.sequence import next_position

SOURCE = "diplomacy"

# The rule choices that reproduce the package's own adjudication (checked by replaying games it
# played): a move "via" convoy falls back to the land route, and civil disorder removes the
# units farthest from home, and a power that sends no orders only holds (its dislodged units
# may still retreat). An imported game keeps them, so its replay compares like with like;
# a gamesmaster may change the file's "rules" to see how the game goes under others.
IMPORT_RULES: Rules = rules_from(
    {"edition": "datc_v2", "civil_disorder": "classic", "disorder_units": "hold"}
)

# The package's result words and the contract tags they mean ("" and "maybe" mean nothing).
RESULT_TAGS: Mapping[str, str | None] = {
    "": None,
    "maybe": None,
    "bounce": "bounce",
    "cut": "cut",
    "dislodged": "dislodged",
    "void": "void",
    "no convoy": "no_convoy",
    "disrupted": "disrupted",
    "disband": "disbanded",
}

# Tags after which an order did not do what it said (a disband that happens still succeeds).
FAILING = frozenset({"bounce", "cut", "dislodged", "void", "no_convoy", "disrupted"})


class SavedGameError(ValueError):
    """A saved game that cannot be converted; the message names the phase and the problem."""


def tags_of(words: Sequence[str], where: str) -> tuple[str, ...]:
    """The contract tags for the package's result words, in the contract's order."""
    found = set()
    for word in words:
        key = str(word).strip().lower()
        if key not in RESULT_TAGS:
            raise SavedGameError(f"{where}: unknown result {word!r}")
        tag = RESULT_TAGS[key]
        if tag:
            found.add(tag)
    return tuple(tag for tag in TAGS if tag in found)


def _state_position(variant: str, phase: Phase, state: Mapping[str, Any], where: str) -> Position:
    """A phase's board: units ('*' marks the dislodged), centres, and retreat options."""
    units: dict[str, list[str]] = {}
    dislodged: dict[str, dict[str, list[str]]] = {}
    retreats = state.get("retreats") or {}
    for power, texts in (state.get("units") or {}).items():
        for text in texts or ():
            if text.startswith("*"):
                unit = text[1:].strip()
                options = list((retreats.get(power) or {}).get(unit) or ())
                if options:  # a unit with nowhere to go is destroyed and never listed
                    dislodged.setdefault(power, {})[unit] = options
            else:
                units.setdefault(power, []).append(text.strip())
    doc = PhaseDocument(
        variant=variant,
        phase=str(phase),
        units=units,
        centers={p: list(c or ()) for p, c in (state.get("centers") or {}).items()},
        dislodged=dislodged,
    )
    try:
        position, _ = position_from_document(doc)
    except DocumentError as error:
        raise SavedGameError(f"{where}: {error}") from None
    return position


def _unit_key(order: str) -> str:
    """The unit an order of the package names ('A PAR - BUR' -> 'A PAR'); 'WAIVE' stays."""
    words = order.split()
    return " ".join(words[:2]).upper() if len(words) >= 2 else order.strip().upper()


def _default_order(kind: PhaseKind, unit: str) -> str:
    return f"{unit} H" if kind is PhaseKind.MOVEMENT else f"{unit} D"


def _results(
    position: Position,
    orders: Mapping[str, Sequence[str]],
    results: Mapping[str, Sequence[str]],
    where: str,
) -> tuple[OrderResult, ...]:
    """One result entry per unit the package reported on, with its order and power."""
    owner = {str(u): u.power for u in position.units.values()}
    owner |= {str(d.unit): d.unit.power for d in position.dislodged.values()}
    given: dict[str, tuple[str, str | None]] = {}
    for power, texts in orders.items():
        for line in texts:
            given.setdefault(_unit_key(line), (power, line))
    adjusting = position.phase.kind is PhaseKind.ADJUSTMENT
    entries = []
    for key, words in results.items():
        unit = key.strip().upper()
        power, text = given.get(unit, (owner.get(unit, ""), None))
        tags = tags_of(list(words or ()), f"{where}, {unit}")
        if not power or (text is None and "void" in tags):
            # An order the package refused and left out of its order lists (or a WAIVE no
            # order accounts for): the engine never sees it, so there is nothing to compare.
            continue
        if adjusting and "void" in tags:
            # An unusable build or removal fails; the contract has no tag for that.
            tags = tuple(t for t in tags if t != "void")
            failed = True
        else:
            failed = bool(FAILING & set(tags))
        entries.append(
            OrderResult(
                power=power,
                unit="" if unit == "WAIVE" else unit,
                input=text,
                order=text or _default_order(position.phase.kind, unit),
                result="fails" if failed else "succeeds",
                tags=tags,
                reason=None,
            )
        )
    return tuple(sorted(entries, key=lambda r: (r.power, r.unit, r.order)))


def _final_position(variant: str, last: Position, state: Mapping[str, Any], where: str) -> Position:
    """The board of a COMPLETED game, under the phase (and winner) our sequence gives it."""
    board = _state_position(variant, last.phase, state, where)
    after = replace(last, units=board.units, dislodged={})
    following = next_position(load_map(variant), after, IMPORT_RULES)
    return replace(following, centers=board.centers)


def game_from_saved(data: Mapping[str, Any]) -> Game:
    """Our Game for a saved game of the `diplomacy` package (parsed JSON)."""
    if not isinstance(data, Mapping) or not isinstance(data.get("phases"), list):
        raise SavedGameError("not a saved game: expected an object with a 'phases' list")
    variant = str(data.get("map") or "standard")
    try:
        load_map(variant)
    except MapError as error:
        raise SavedGameError(str(error)) from None
    phases: list[Mapping[str, Any]] = data["phases"]
    if not phases:
        raise SavedGameError("the saved game has no phases")

    positions: list[Position] = []
    for index, entry in enumerate(phases):
        name = str(entry.get("name", ""))
        where = f"phase {index} ({name or '?'})"
        state = entry.get("state") or {}
        if name.upper() == "COMPLETED":
            if index != len(phases) - 1 or not positions:
                raise SavedGameError(f"{where}: COMPLETED must be the last phase")
            positions.append(_final_position(variant, positions[-1], state, where))
            continue
        try:
            phase = Phase.parse(name)
        except ValueError as error:
            raise SavedGameError(f"{where}: {error}") from None
        positions.append(_state_position(variant, phase, state, where))

    played = []
    for index, entry in enumerate(phases[:-1]):
        before = positions[index]
        where = f"phase {index} ({before.phase})"
        orders = {
            p: [str(o) for o in texts or ()] for p, texts in (entry.get("orders") or {}).items()
        }
        orders = {p: texts for p, texts in orders.items() if texts}
        results = _results(before, orders, entry.get("results") or {}, where)
        played.append(
            PlayedPhase(
                phase=before.phase,
                orders=frozen_orders(orders),
                results=results,
                errors=(),
                next=positions[index + 1],
                source=SOURCE,
            )
        )
    last = phases[-1]
    pending = {
        p: [str(o) for o in texts] for p, texts in (last.get("orders") or {}).items() if texts
    }
    meta = {"imported_from": SOURCE}
    if data.get("id"):
        meta["name"] = str(data["id"])
    if data.get("rules"):
        meta["diplomacy_rules"] = ", ".join(str(r) for r in data["rules"])
    return Game(
        variant=variant,
        rules=IMPORT_RULES,
        start=positions[0],
        played=tuple(played),
        pending=frozen_orders(pending),
        meta=meta,
    )
