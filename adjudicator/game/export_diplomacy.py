"""Export of a game as a saved game of the Python `diplomacy` package (its saved-game format).

The mirror of import_diplomacy: one phase entry per played phase (the board at its start, the
orders the package should accept, the results in its words) and a last entry for the phase now
to play ("COMPLETED" when the game is over). The package loads the document with its own
`from_saved_game_format` and, given each phase's orders, adjudicates to the next phase's board.

Orders are written in the package's syntax, which is our canonical one, with two adjustments: an
order this engine found illegal is left out (the package refuses such orders and the unit
holds), a support names the province it supports into, never a coast, and a move that states
its convoy route is written as a move via convoy (the package has no routes). Removals that civil
disorder chose are written as orders, so the package removes the same units. Phases imported
from the package keep its own order strings. Nothing here needs the package installed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from adjudicator.board.map import Map, load_map
from adjudicator.board.position import Position
from adjudicator.board.types import PhaseKind, province_of
from adjudicator.game.game import Game, PlayedPhase, read_orders
from adjudicator.game.import_diplomacy import RESULT_TAGS, SOURCE
from adjudicator.orders.results import OrderResult
from adjudicator.resolve.sequence import game_over

# The package's own rules for a game it creates (what its saved games of such games carry).
DEFAULT_PACKAGE_RULES = ("NO_PRESS", "POWER_CHOICE")

# Our tags in the package's result words (the inverse of import_diplomacy.RESULT_TAGS).
RESULT_WORDS: Mapping[str, str] = {tag: word for word, tag in RESULT_TAGS.items() if tag}


def _package_order(text: str) -> str:
    """Our canonical order in the package's syntax: a support's target without its coast, and
    a move that states its convoy route ('A LON - NTH - BEL') as a move via convoy."""
    words = text.split()
    if len(words) == 7 and words[2] == "S" and words[5] == "-":
        words[6] = province_of(words[6])
    if len(words) > 4 and words[2] == "-" and words[4] == "-":
        words = [*words[:3], words[-1], "VIA"]
    return " ".join(words)


def _played_orders(played: PlayedPhase, powers: Iterable[str]) -> dict[str, list[str]]:
    """The orders of a played phase as the package should be given them, every power listed."""
    orders: dict[str, list[str]] = {power: [] for power in powers}
    if played.source == SOURCE:
        return orders | {power: list(lines) for power, lines in played.orders.items()}
    removals = played.phase.kind is PhaseKind.ADJUSTMENT
    for entry in played.results:
        if "illegal" in entry.tags:
            continue
        if entry.input is None and not (removals and entry.order.endswith(" D")):
            continue  # a default order (hold, disband) the package gives by itself
        orders.setdefault(entry.power, []).append(_package_order(entry.order))
    return orders


def _results(
    results: Sequence[OrderResult], before: Position, orders: Mapping[str, list[str]]
) -> dict[str, list[str]]:
    """The package's `results`: each unit (or WAIVE) with the words for its tags. In an
    adjustment phase, as the package writes them: a build or removal ordered that happened gets
    the word '' (a removal no order asked for, 'disband'), one that did not 'void', and 'WAIVE'
    gets one 'void' per build left unordered."""
    words: dict[str, list[str]] = {}
    adjusting = before.phase.kind is PhaseKind.ADJUSTMENT
    for entry in results:
        found = words.setdefault(entry.unit or "WAIVE", [])
        ordered = adjusting and _package_order(entry.order) in orders.get(entry.power, ())
        found.extend(
            RESULT_WORDS[t]
            for t in entry.tags
            if t in RESULT_WORDS and not (ordered and t == "disbanded")
        )
        if adjusting and not found:
            found.append("void" if entry.result == "fails" else "")
    if adjusting and "WAIVE" not in words:
        built = Counter(
            r.power for r in results if r.order.endswith(" B") and r.result == "succeeds"
        )
        game_map = load_map(before.variant)
        for power, info in game_map.powers.items():
            due = _builds(before, power, sorted(info.home_centers))["count"]
            words.setdefault("WAIVE", []).extend(["void"] * max(0, due - built[power]))
        if not words["WAIVE"]:
            del words["WAIVE"]
    return words


class _States:
    """The `state` of each position in turn; `influence` (the provinces each power's units
    visited last, as the package keeps it) follows the positions in play order."""

    def __init__(self, game_map: Map, game_id: str, rules: list[str]) -> None:
        self.map, self.game_id, self.rules = game_map, game_id, rules
        self.influence: dict[str, list[str]] = {power: [] for power in game_map.powers}

    def _visit(self, position: Position) -> None:
        here = [*position.units.values(), *(d.unit for d in position.dislodged.values())]
        for unit in here:
            province = unit.province
            for visited in self.influence.values():
                if province in visited:
                    visited.remove(province)
            self.influence.setdefault(unit.power, []).append(province)

    def state(self, position: Position, name: str) -> dict[str, Any]:
        self._visit(position)
        game_map, powers = self.map, sorted(self.map.powers)
        units = {p: [str(u) for u in position.units_of(p)] for p in powers}
        retreats: dict[str, dict[str, list[str]]] = {p: {} for p in powers}
        for d in sorted(position.dislodged.values(), key=lambda d: str(d.unit)):
            units.setdefault(d.unit.power, []).append(f"*{d.unit}")
            retreats.setdefault(d.unit.power, {})[str(d.unit)] = list(d.retreats)
        centers = {p: position.centers_of(p) for p in powers}
        homes = {p: sorted(game_map.powers[p].home_centers) for p in powers}
        return {
            "name": name,
            "note": "",
            "units": units,
            "retreats": retreats,
            "centers": centers,
            "homes": homes,
            "influence": {p: list(self.influence.get(p, ())) for p in powers},
            "civil_disorder": dict.fromkeys(powers, 0),
            "builds": {p: _builds(position, p, homes[p]) for p in powers},
            "game_id": self.game_id,
            "map": position.variant,
            "rules": self.rules,
        }


def _builds(position: Position, power: str, homes: list[str]) -> dict[str, Any]:
    """The package's `builds` entry: units to build (negative: to remove) and the free sites."""
    if position.phase.kind is not PhaseKind.ADJUSTMENT:
        return {"count": 0, "homes": []}
    count = len(position.centers_of(power)) - len(position.units_of(power))
    if count <= 0:
        return {"count": count, "homes": []}
    owned = set(position.centers_of(power))
    sites = [h for h in homes if h in owned and h not in position.units]
    return {"count": min(count, len(sites)), "homes": sites}


def _pending(game: Game) -> dict[str, list[str] | None]:
    """The orders received for the phase now to play, in the package's syntax (None: none)."""
    orders: dict[str, list[str] | None] = dict.fromkeys(sorted(load_map(game.variant).powers))
    imported = game.meta.get("imported_from") == SOURCE
    for power, lines in game.pending.items():
        if imported:
            orders[power] = list(lines)
            continue
        _, reading = read_orders(game, power, lines)
        orders[power] = [
            _package_order(str(e.order)) for e in reading.entries if e.illegal is None
        ] or None
    return orders


def saved_from_game(game: Game, game_id: str) -> dict[str, Any]:
    """The `diplomacy` package's saved game (its `to_saved_game_format`) for this game."""
    game_map = load_map(game.variant)
    package_rules = game.meta.get("diplomacy_rules")
    rules = package_rules.split(", ") if package_rules else list(DEFAULT_PACKAGE_RULES)
    states = _States(game_map, game_id, rules)
    phases = []
    for index, played in enumerate(game.played):
        name = str(played.phase)
        orders = _played_orders(played, sorted(game_map.powers))
        phases.append(
            {
                "name": name,
                "state": states.state(game.before(index), name),
                "orders": orders,
                "results": _results(played.results, game.before(index), orders),
                "messages": [],
            }
        )
    current = game.current
    over = game_over(current, game.rules)
    name = "COMPLETED" if over else str(current.phase)
    phases.append(
        {
            "name": name,
            "state": states.state(current, name),
            "orders": dict.fromkeys(sorted(game_map.powers)) if over else _pending(game),
            "results": {},
            "messages": [],
        }
    )
    return {"id": game_id, "map": game.variant, "rules": rules, "phases": phases}
