"""What adjudication says about each order: resolutions, result entries and error entries."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from sys import intern
from typing import Any, Final, Literal, NamedTuple, final

from adjudicator.board.bounded import keep
from adjudicator.board.frozen import SET_CLASS, Recipe, by_fields, compiled, open_twin
from adjudicator.board.types import Unit, UnitType, province_of
from adjudicator.orders.model import Build, Order, Waive

# The tags of CONTRACT.md, in the order they are printed.
TAGS = (
    "bounce",
    "cut",
    "dislodged",
    "void",
    "illegal",
    "no_convoy",
    "disrupted",
    "disbanded",
    "waived",
)


def order_tags(tags: Iterable[str]) -> tuple[str, ...]:
    """Tags once each, in the contract's order (unknown ones last): the one ordering every
    output and comparison uses."""
    rank = _TAG_RANK
    return tuple(sorted(set(tags), key=lambda t: rank.get(t, len(rank))))


_TAG_RANK: Final = {tag: rank for rank, tag in enumerate(TAGS)}


class Resolution(NamedTuple):
    """One order's outcome: success, the contract's tags, and why it failed (naming culprits).

    A named tuple, immutable like the other values: the resolver makes one per unit and
    phase, and a tuple is built in one step where a frozen dataclass sets field by field."""

    succeeds: bool
    tags: tuple[str, ...] = ()
    reason: str | None = None
    culprits: tuple[str, ...] = ()
    """The units responsible, as the resolver found them: the units a move bounced with, the
    unit that cut a support, the unit that dislodged this one, the convoying fleets that
    failed. The `reason` is written from the same record."""


@final  # (its __init__ makes the value an OrderEntry again: `_OPEN`)
@dataclass(frozen=True, slots=True, init=False)
class OrderEntry:
    """One order read from a player's text: `illegal` holds the reason when it cannot be valid.

    The reader shares an entry between phases (the same text, power and units give the same
    entry), so what a result line needs of it is made once, with the entry: one record per
    order from the reader to the result, found again by no cache. Frozen for that reason: an
    entry the API hands out (read_orders) is the one the reader keeps, and a caller changing it
    would change every later phase that meets the same text."""

    power: str
    input: str | None
    order: Order
    illegal: str | None = None
    province: str | None = field(init=False, repr=False, compare=False)
    """The province of the unit it orders; None for a build or waive (no unit on the board)."""
    line: OrderResult = field(init=False, repr=False, compare=False)
    """Its result line when nothing happens to its unit (shared by every phase that uses the
    entry): a legal order's simply succeeds, an illegal one's fails with its reason (the
    engine takes it as it is); the other outcomes take its strings (`unit`, `order`) from it."""
    legal: Order | None = field(init=False, repr=False, compare=False)
    """The order when it counts (it is legal), else None: what the resolver is given."""

    def __init__(
        self,
        power: str,
        input: str | None,
        order: Order,
        illegal: str | None = None,
        like: OrderEntry | None = None,
    ) -> None:
        """The fields, and what the resolver and the result line take from them, set in one
        call. `like`: an entry of the same text and order (another power's, or on another
        board), whose strings are taken rather than written again (see `entry_like`; given
        by position there: a keyword costs the call a dict)."""
        if not _COMPILED:  # pure Python: its fields set as an object of `_OPEN`'s
            SET_CLASS(self, _OPEN)
        new_entry(power, input, order, illegal, like, self)

    def __reduce__(self) -> Recipe:
        return by_fields(self)  # (board/frozen.py: pickled by its fields in both builds)


_COMPILED: Final = compiled(order_tags)
_OPEN: Final = OrderEntry if _COMPILED else open_twin(OrderEntry)
"""OrderEntry's open twin (board/frozen.py): an entry is one of it while its `__init__` sets
its seven fields by plain assignments (seven slot setters, calls, cost ~4.7k instructions an
entry). Not used compiled: mypyc sets a native object's fields in C (the setters' calls cost
it more: ~7.5k an entry)."""


def new_entry(
    power: str,
    input: str | None,
    order: Order,
    illegal: str | None = None,
    like: OrderEntry | None = None,
    into: OrderEntry | None = None,
) -> OrderEntry:
    """`OrderEntry(power, input, order, illegal, like)`, the one writer of an entry's fields.
    Pure Python, the reader makes its entries here: an empty object of `_OPEN` (its
    `__init__` object's: no frame, no first change of class), its fields set, then made an
    OrderEntry. `into`: the entry being initialised (`OrderEntry.__init__`, which made it one
    of `_OPEN`). Compiled, the class is called (mypyc sets a native object's fields in C)."""
    if into is not None:
        entry = into
    elif _COMPILED:
        return OrderEntry(power, input, order, illegal, like)
    else:
        entry = _OPEN()
    same = False
    if like is not None:
        province = like.province
        line = like.line
        unit, text = line[1], line[3]  # (its strings by index)
        same = line[0] == power and like.illegal is illegal
    else:
        text = str(order)
        if input is not None and text == input:  # already canonical (most are): one string
            text = input
        if type(order) is Waive:  # (final classes: no isinstance, a generic call)
            province, unit = None, ""
        else:
            ordered = order.unit
            location = ordered.location
            unit = UNIT_TEXTS[ordered.type].get(location) or unit_text(ordered.type, location)
            province = None if type(order) is Build else province_of(location)
    if not same:  # (an illegal order's line fails with its reason: the engine takes it)
        line = _new(
            _LINE,
            (power, unit, input, text, "succeeds", (), None, ())
            if illegal is None
            else (power, unit, input, text, "fails", ILLEGAL, illegal, ()),
        )
    entry.power = power  # type: ignore[misc]
    entry.input = input  # type: ignore[misc]
    entry.order = order  # type: ignore[misc]
    entry.illegal = illegal  # type: ignore[misc]
    entry.province = province  # type: ignore[misc]
    entry.line = line  # type: ignore[misc]
    entry.legal = order if illegal is None else None  # type: ignore[misc]
    if not _COMPILED:
        entry.__class__ = OrderEntry  # (the twin's own assignment: no call)
    return entry


ILLEGAL: Final = ("illegal",)
"""The tags of an illegal order's line when nothing else happened to its unit."""


def entry_like(entry: OrderEntry, power: str, illegal: str | None) -> OrderEntry:
    """`OrderEntry(power, entry.input, entry.order, illegal)`, made from `entry`'s strings:
    the same text read for another power, or its legality on another board. Its order and unit
    are not written again (a third of the cost of an entry made from nothing), and its line
    only differs from `entry`'s in its power."""
    return new_entry(power, entry.input, entry.order, illegal, entry)


UNIT_TEXTS: Final[dict[UnitType, dict[str, str]]] = {unit_type: {} for unit_type in UnitType}
"""Each type's units' strings by location ('A PAR'): one string shared by every entry that
orders the unit and every document that lists it (a few hundred a map), looked up rather than
written again (its __str__, a Python call, is a tenth of a new entry's instructions). A hit is
two subscripts; a miss calls `unit_text`, its one writer."""


def unit_text(unit_type: UnitType, location: str) -> str:
    """The string of a unit of `unit_type` at `location`, from `UNIT_TEXTS` (learnt there on
    first use; bounded by `keep`: maps read from files)."""
    texts = UNIT_TEXTS[unit_type]
    text = texts.get(location)
    if text is None:
        text = keep(texts, location, intern(str(Unit("", unit_type, location))), 1 << 12)
    return text


_new: Final = tuple.__new__
"""A named tuple from a tuple of its fields, with no Python __new__ (its generated one)."""


COMMENT: Final = "comment"
"""The `kind` of an error entry that is an ignored comment, not a fault."""


@dataclass(frozen=True, slots=True)
class OrderError:
    """Input that could not become an order; `span` marks the bad part of `input` [start, end).

    `kind` is "error", or COMMENT for a comment the reader ignored (a line or the end of a
    line from '#' or '//', a piece of nothing but dots): shown to the player, never a fault."""

    power: str
    input: str
    error: str
    span: tuple[int, int]
    kind: str = "error"

    @property
    def is_comment(self) -> bool:
        return self.kind == COMMENT

    def to_document(self) -> dict[str, Any]:
        """The entry of a result document's `errors` (CONTRACT.md); `"kind": "comment"` only
        for an ignored comment (a compatible extension)."""
        document: dict[str, Any] = {
            "power": self.power,
            "input": self.input,
            "error": self.error,
            "span": list(self.span),
        }
        if self.kind != "error":
            document["kind"] = self.kind
        return document

    def __reduce__(self) -> Recipe:
        return by_fields(self)  # (board/frozen.py: pickled by its fields in both builds)


def faults(errors: Iterable[OrderError]) -> list[OrderError]:
    """The error entries that are faults: all but the ignored comments."""
    return [e for e in errors if e.kind != COMMENT]


class OrderResult(NamedTuple):
    """One line of a result document's `orders`.

    A named tuple (one per unit and phase; see Resolution); `_replace` makes a changed copy."""

    power: str
    unit: str
    input: str | None
    order: str
    result: Literal["succeeds", "fails"]
    tags: tuple[str, ...]
    reason: str | None
    culprits: tuple[str, ...] = ()

    def to_document(self) -> dict[str, Any]:
        """The entry of a result document's `orders` (see `result_documents`)."""
        return result_documents((self,))[0]


_LINE: Final = OrderResult
"""OrderResult as a constant: compiled, a C static, where the class's name is a look-up in the
module's globals (a class mypyc does not compile, as a named tuple is)."""


def result_documents(results: Iterable[OrderResult]) -> list[dict[str, Any]]:
    """The entries of a result document's `orders` (CONTRACT.md), one per result, its keys in
    the contract's order: the one writer of them (the contract's documents and the game files
    both call it); `culprits` only when some unit is responsible (a compatible extension).
    Each entry is a new dict with new lists, since the caller owns the document. A line that
    simply succeeds (two in three) is a copy of `_SUCCEEDS` with its four strings set: a copy
    keeps the template's table, where a dict literal inserts each key anew (copying a template
    for every line, all seven values set, cost more); any other line is a dict literal."""
    entries = []
    for line in results:
        # (interpreted, a named tuple is unpacked by iterating it, and a plain copy of it, made
        # in C, natively; compiled, the line's own items are read)
        power, unit, given, order, result, tags, reason, culprits = (
            line if _COMPILED else () + line  # noqa: RUF005 (`(*line,)` iterates it)
        )
        if reason is None and result == "succeeds" and not culprits:
            entry = _SUCCEEDS.copy()
            entry["power"] = power
            entry["unit"] = unit
            entry["input"] = given
            entry["order"] = order
            entry["tags"] = [*tags] if tags else []  # (none, nearly always: no extend)
        else:
            entry = {
                "power": power,
                "unit": unit,
                "input": given,
                "order": order,
                "result": result,
                "tags": [*tags],
                "reason": reason,
            }
            if culprits:
                entry["culprits"] = [*culprits]
        entries.append(entry)
    return entries


_SUCCEEDS: Final[dict[str, Any]] = {
    "power": "",
    "unit": "",
    "input": None,
    "order": "",
    "result": "succeeds",
    "tags": None,
    "reason": None,
}
"""A result entry of a line that succeeds, its keys in the contract's order: only copied."""
