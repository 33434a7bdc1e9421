"""The values a `.case` file (test_cases/FORMAT.md) is read into: immutable, checked on reading."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from adjudicator.board.map import load_map
from adjudicator.board.position import Dislodged, Position
from adjudicator.board.rules import Rules
from adjudicator.board.types import Phase, Unit
from adjudicator.orders.results import order_tags


class CaseError(ValueError):
    """A case file that cannot be read; the message quotes where and what."""

    def __init__(self, path: str, line: int | None, text: str | None, message: str) -> None:
        self.path, self.line, self.text, self.message = path, line, text, message
        where = f"{path}:{line}" if line is not None else path
        quoted = f"\n    {text.strip()}" if text else ""
        super().__init__(f"{where}: {message}{quoted}")


@dataclass(frozen=True, slots=True)
class OrderLine:
    """One `Power: text` line of `orders:` or `errors:`, kept exactly as written."""

    power: str
    text: str
    line: int


@dataclass(frozen=True, slots=True)
class Expected:
    """One `results:` line; `tags` None means the tags are not checked, `culprits` None that
    the units responsible are not."""

    key: str
    result: Literal["succeeds", "fails"]
    tags: frozenset[str] | None
    line: int
    culprits: frozenset[str] | None = None

    def __str__(self) -> str:
        tags = "" if self.tags is None else "".join(f" {t}" for t in order_tags(self.tags))
        units = "" if self.culprits is None else "".join(f" {u}" for u in sorted(self.culprits))
        return f"{self.key}: {self.result}{tags}{units}"


@dataclass(frozen=True, slots=True)
class Board:
    """Units, dislodged units, centre owners and winner as a block of the file describes them.

    `units` None means the block had no `units:` (not checked); `centers` None likewise.
    """

    units: tuple[Unit, ...] | None = None
    dislodged: tuple[Dislodged, ...] = ()
    centers: tuple[tuple[str, str], ...] | None = None
    winner: str | None = None


@dataclass(frozen=True, slots=True)
class After:
    """The `after:` block: the phase that must come next and the board it must show."""

    phase: Phase
    board: Board
    line: int


@dataclass(frozen=True, slots=True)
class Step:
    """One phase of a case: its orders and what must come out of them."""

    phase: Phase
    line: int
    board: Board | None
    orders: tuple[OrderLine, ...] = ()
    results: tuple[Expected, ...] = ()
    errors: tuple[OrderLine, ...] = ()
    after: After | None = None

    def orders_by_power(self) -> dict[str, list[str]]:
        """The orders as the engine takes them: per power, in the order written."""
        grouped: dict[str, list[str]] = {}
        for order in self.orders:
            grouped.setdefault(order.power, []).append(order.text)
        return grouped


@dataclass(frozen=True)
class Case:
    """A whole case file: header values and its steps, first to last."""

    id: str
    title: str
    source: str
    rules: Rules
    variant: str
    steps: tuple[Step, ...]
    path: str = "<case>"
    rules_text: str = field(default="2023", compare=False)

    def start_position(self) -> Position:
        """The position of the first step (centres default to the variant's start)."""
        game_map = load_map(self.variant)
        first = self.steps[0]
        board = first.board or Board(units=())
        centers = dict(board.centers) if board.centers is not None else game_map.start_centers()
        return Position(
            variant=self.variant,
            phase=first.phase,
            units={u.province: u for u in board.units or ()},
            centers=centers,
            dislodged={d.unit.province: d for d in board.dislodged},
        )


# -- reading --------------------------------------------------------------------------------
