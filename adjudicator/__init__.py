"""A Diplomacy adjudicator: DATC v3.0 exact, maps as data, JSON in and out.

The public API (everything else may change)::

    import adjudicator
    position = adjudicator.start_position("standard")
    result = adjudicator.adjudicate(position, {"FRANCE": ["A Par - Bur"]})
    result.next                      # the next Position
    adjudicator.result_to_document(result, adjudicator.DEFAULT_RULES)  # the JSON contract

- maps: `load_map`; positions: `start_position`, `position_from_json`, `Position`;
- orders: `read_orders` (text in, `OrderEntry` / `OrderError` out); `possible_orders` (every
  legal order of a position, by location);
- a phase: `adjudicate` (Python values) or `adjudicate_document` (phase document in, result
  document out, docs/CONTRACT.md); many: `adjudicate_documents` (in order, in this process or
  on a Dask cluster);
- a game: `new_game`, `step`.

Names load on first use, so `import adjudicator` (and the command line) starts fast.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from adjudicator.api import DEFAULT_RULES as DEFAULT_RULES
    from adjudicator.api import Dislodged as Dislodged
    from adjudicator.api import DocumentError as DocumentError
    from adjudicator.api import Game as Game
    from adjudicator.api import GameError as GameError
    from adjudicator.api import Map as Map
    from adjudicator.api import MapError as MapError
    from adjudicator.api import Order as Order
    from adjudicator.api import OrderEntry as OrderEntry
    from adjudicator.api import OrderError as OrderError
    from adjudicator.api import OrderResult as OrderResult
    from adjudicator.api import Orders as Orders
    from adjudicator.api import Phase as Phase
    from adjudicator.api import PhaseKind as PhaseKind
    from adjudicator.api import PhaseResult as PhaseResult
    from adjudicator.api import PlayedPhase as PlayedPhase
    from adjudicator.api import Position as Position
    from adjudicator.api import Rules as Rules
    from adjudicator.api import Unit as Unit
    from adjudicator.api import UnitRef as UnitRef
    from adjudicator.api import UnitType as UnitType
    from adjudicator.api import adjudicate as adjudicate
    from adjudicator.api import adjudicate_document as adjudicate_document
    from adjudicator.api import adjudicate_documents as adjudicate_documents
    from adjudicator.api import load_map as load_map
    from adjudicator.api import new_game as new_game
    from adjudicator.api import position_from_json as position_from_json
    from adjudicator.api import position_to_document as position_to_document
    from adjudicator.api import possible_orders as possible_orders
    from adjudicator.api import read_orders as read_orders
    from adjudicator.api import result_to_document as result_to_document
    from adjudicator.api import rules_from as rules_from
    from adjudicator.api import start_position as start_position
    from adjudicator.api import step as step

__all__ = [
    "DEFAULT_RULES",
    "Dislodged",
    "DocumentError",
    "Game",
    "GameError",
    "Map",
    "MapError",
    "Order",
    "OrderEntry",
    "OrderError",
    "OrderResult",
    "Orders",
    "Phase",
    "PhaseKind",
    "PhaseResult",
    "PlayedPhase",
    "Position",
    "Rules",
    "Unit",
    "UnitRef",
    "UnitType",
    "adjudicate",
    "adjudicate_document",
    "adjudicate_documents",
    "load_map",
    "new_game",
    "position_from_json",
    "position_to_document",
    "possible_orders",
    "read_orders",
    "result_to_document",
    "rules_from",
    "start_position",
    "step",
]


def __getattr__(name: str) -> Any:
    if name in __all__:
        value = getattr(importlib.import_module("adjudicator.api"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'adjudicator' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
