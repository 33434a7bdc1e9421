"""The public Python API: the few calls a tool needs, each a thin door onto one package.

Everything `adjudicator.__all__` names comes from here (`import adjudicator` loads this module on
first use); the imports written `X as X` are those re-exports. The modules behind them may
change, these names may not without notice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from adjudicator.board.map import Map as Map
from adjudicator.board.map import MapError as MapError
from adjudicator.board.map import load_map as load_map
from adjudicator.board.position import Dislodged as Dislodged
from adjudicator.board.position import Position as Position
from adjudicator.board.rules import DEFAULT_RULES as DEFAULT_RULES
from adjudicator.board.rules import Rules as Rules
from adjudicator.board.rules import rules_from as rules_from
from adjudicator.board.types import Phase as Phase
from adjudicator.board.types import PhaseKind as PhaseKind
from adjudicator.board.types import Unit as Unit
from adjudicator.board.types import UnitType as UnitType
from adjudicator.contract.cluster import adjudicate_documents as adjudicate_documents
from adjudicator.contract.documents import DocumentError as DocumentError
from adjudicator.contract.documents import adjudicate_document as adjudicate_document
from adjudicator.contract.documents import position_from_document, read_phase_document
from adjudicator.contract.documents import position_to_document as position_to_document
from adjudicator.contract.documents import result_to_document as result_to_document
from adjudicator.game.game import Game as Game
from adjudicator.game.game import GameError as GameError
from adjudicator.game.game import PlayedPhase as PlayedPhase
from adjudicator.game.game import adjudicate_pending
from adjudicator.game.game import new_game as new_game
from adjudicator.game.game import read_orders as read_game_orders
from adjudicator.game.game import start_position as _start_position
from adjudicator.orders.interpret import interpret_orders
from adjudicator.orders.model import Order as Order
from adjudicator.orders.model import UnitRef as UnitRef
from adjudicator.orders.possible import possible_orders as possible_orders
from adjudicator.orders.results import OrderEntry as OrderEntry
from adjudicator.orders.results import OrderError as OrderError
from adjudicator.orders.results import OrderResult as OrderResult
from adjudicator.resolve.engine import PhaseResult as PhaseResult
from adjudicator.resolve.engine import adjudicate as _adjudicate

Orders = Mapping[str, Sequence[str] | str]
"""Order texts by power: a list of lines, or one string of several lines, per power key."""


def start_position(variant: str = "standard") -> Position:
    """The opening position of a variant (a map name from maps/ or a path to a map file)."""
    return _start_position(load_map(variant), variant)


def position_from_json(document: Mapping[str, Any]) -> tuple[Position, Rules]:
    """The position and rules a phase document (docs/CONTRACT.md, parsed JSON) describes.

    Raises DocumentError, whose message names the bad part, when the document is unusable.
    """
    return position_from_document(read_phase_document(document))


def _as_lines(orders: Orders) -> dict[str, list[str]]:
    return {
        power: [texts] if isinstance(texts, str) else list(texts) for power, texts in orders.items()
    }


def read_orders(
    position: Position, orders: Orders, rules: Rules = DEFAULT_RULES
) -> tuple[list[OrderEntry], list[OrderError]]:
    """Read players' order texts against a position, in any notation the reader knows.

    Never raises for bad input: every line ends as an OrderEntry (illegal ones kept, with the
    reason in `.illegal`) or an OrderError that quotes the text and spans the bad part.
    """
    return interpret_orders(load_map(position.variant), position, _as_lines(orders), rules)


def adjudicate(position: Position, orders: Orders, rules: Rules = DEFAULT_RULES) -> PhaseResult:
    """Adjudicate one phase: every order's result, the error entries and the next position."""
    return _adjudicate(position, _as_lines(orders), rules)


def step(game: Game, orders: Orders) -> Game:
    """Play the game's current phase with these orders (by power); the game one phase on.

    Each power's orders go through the same checks as a gamesmaster's (`read_orders` of the
    game module): a sheet may not order another power's units.
    """
    for power, texts in _as_lines(orders).items():
        game, _ = read_game_orders(game, power, texts)
    game, _ = adjudicate_pending(game)
    return game
