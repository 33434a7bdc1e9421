"""Adding or replacing single orders in a power's pending set, without resending the set.

The set stays as the player wrote it: an added order goes at the end, and the earlier orders for
the same unit (the same province, for a build) are struck from their lines; a line left with no
order is dropped, unless it is a power header, which the lines after it need; a teammate's set
left with no order at all is dropped, so that power has sent nothing. A line that could
not be read is struck too when it starts with the unit ('A Par - Bru' for 'A Par - Bur'), in a
movement or retreat phase. Pure functions of a Game.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from adjudicator.board.map import Map, load_map
from adjudicator.board.names import NameProblem, resolve_place, resolve_power
from adjudicator.board.position import Position
from adjudicator.board.rules import Rules
from adjudicator.board.types import PhaseKind
from adjudicator.game.game import (
    Game,
    GameError,
    Reading,
    order_lines,
    power_code,
    read_orders,
    teammates,
    with_orders,
    without_orders,
)
from adjudicator.orders.interpret import interpret_orders
from adjudicator.orders.model import ordered_unit
from adjudicator.orders.parse import first_words
from adjudicator.orders.results import OrderEntry, OrderError, faults
from adjudicator.orders.sheet import power_after, segments

_AFTER = re.compile(r"\s*[,;]\s*")
_BEFORE = re.compile(r"\s*[,;]\s*$")


class UnreadableOrders(GameError):
    """Orders to add that could not be read: nothing is changed (the errors say why)."""

    def __init__(self, errors: Sequence[OrderError]) -> None:
        what = "the order" if len(errors) == 1 else f"{len(errors)} orders"
        super().__init__(f"{what} to add could not be read; nothing changed")
        self.errors = tuple(errors)


@dataclass(frozen=True)
class Added:
    """What an addition did: how the added lines read, and the earlier lines it replaced."""

    reading: Reading
    replaced: tuple[str, ...]


def _units(entries: Sequence[OrderEntry]) -> set[tuple[str, str]]:
    return {(e.power, unit.province) for e in entries if (unit := ordered_unit(e.order))}


def _has_header(game_map: Map, line: str) -> bool:
    return power_after(game_map, [line], "") != ""


def _strike(line: str, texts: Sequence[str]) -> str:
    """The line without the orders whose text is given (and the separator next to each)."""
    for text in texts:
        at = line.find(text)
        if at < 0:
            continue
        end = at + len(text)
        after = _AFTER.match(line, end)
        before = _BEFORE.search(line, 0, at)
        if after and after.end() < len(line):
            end = after.end()
        elif before:
            at = before.start()
        line = line[:at] + line[end:]
    return line.strip()


_WORD = re.compile(r"[^\s-]+")


def _unit_named(game_map: Map, position: Position, error: OrderError) -> tuple[str, str] | None:
    """The power's unit an order that could not be read starts with, if it does: after an
    optional nationality and a unit word ('A', 'Fleet': the grammar's), the longest run of up
    to three words naming a province where that power has a unit (dislodged, in a retreat):
    'A Par - Bru' names A PAR, 'F Bre-Mxo' F BRE. Read with the map's names, not by reading
    the line again as some other order."""
    kind = position.phase.kind
    if kind is PhaseKind.ADJUSTMENT:
        return None
    words = _WORD.findall(error.input)[:5]
    if words and resolve_power(game_map, words[0]) is not None:
        words = words[1:]  # 'French A Par ...'
    if not words or words[0].lower() not in first_words("army", "fleet"):
        return None
    for count in range(min(len(words), 4), 1, -1):
        try:
            province = resolve_place(game_map, words[1:count]).province
        except NameProblem:
            continue
        if kind is PhaseKind.MOVEMENT:
            unit = position.units.get(province)
        else:
            unit = dislodged.unit if (dislodged := position.dislodged.get(province)) else None
        return (unit.power, unit.province) if unit and unit.power == error.power else None
    return None


def _without_units(
    game_map: Map,
    position: Position,
    rules: Rules,
    power: str,
    lines: Sequence[str],
    units: set[tuple[str, str]],
) -> tuple[list[str], list[str]]:
    """(the lines kept, some shortened; the lines that gave an order to one of `units`)."""
    kept, replaced = [], []
    for line in lines:
        entries, errors = interpret_orders(game_map, position, {power: [line]}, rules)
        hit = [e.input or "" for e in entries if _units([e]) & units]
        hit += [e.input for e in errors if _unit_named(game_map, position, e) in units]
        header = _has_header(game_map, line)
        power = power_after(game_map, [line], power)
        if not hit:
            kept.append(line)
            continue
        replaced.append(line)
        rest = _strike(line, hit)
        if header or any(True for _ in segments(game_map, [rest], power)):
            kept.append(rest)
    return kept, replaced


def _with_rest(game_map: Map, game: Game, power: str, rest: Sequence[str]) -> Game:
    """The game with a teammate's sheet cut to `rest`; a sheet left with nothing but headers is
    dropped: nothing of the teammate's stands, so it has sent nothing (game.owed) and is waited
    for like any power that has not sent orders."""
    if any(True for _ in segments(game_map, rest, power)):
        return with_orders(game, power, rest)
    return without_orders(game, power)


def add_orders(game: Game, power: str, lines: Sequence[str]) -> tuple[Game, Added]:
    """The game with `lines` added to `power`'s pending orders, each replacing any earlier order
    for its unit, also one in a teammate's sheet (four, three and two players: the person who
    plays Austria and France may order France's units under a 'France:' header in Austria's
    sheet). UnreadableOrders (nothing changed) when a line cannot be read."""
    game_map = load_map(game.variant)
    code = power_code(game_map, power)
    lines = [line for text in lines for line in order_lines(text)]
    _, reading = read_orders(game, code, lines)  # also refuses orders for a stranger's units
    if faults(reading.errors):
        raise UnreadableOrders(faults(reading.errors))
    if not reading.entries:
        raise GameError("no order to add: give one, e.g. --add 'A Par - Bur'")
    units = _units(reading.entries)
    team = teammates(game_map, code, game.current, game.rules)
    replaced: list[str] = []
    for sheet in sorted(team & set(game.pending) - {code}):
        rest, struck = _without_units(
            game_map, game.current, game.rules, sheet, game.pending[sheet], units
        )
        if struck:
            game, replaced = _with_rest(game_map, game, sheet, rest), [*replaced, *struck]
    earlier = game.pending.get(code, ())
    kept, struck = _without_units(game_map, game.current, game.rules, code, earlier, units)
    if power_after(game_map, kept, code) != code and not _has_header(game_map, lines[0]):
        # the set ends under a teammate's header, and the added lines were read as `code`'s
        kept.append(f"{game_map.powers[code].name}:")
    return with_orders(game, code, [*kept, *lines]), Added(reading, (*replaced, *struck))
