"""The columns of a movement phase's order table: what the orders say about one another, by
unit number, in plain lists (`order_table` fills them; `decisions` and `movement` read them),
and the rule choices the resolver asks (`RuleChoices`)."""

from __future__ import annotations

from bisect import bisect_left
from typing import Final

from adjudicator.board.frozen import compiled
from adjudicator.board.map import MapFacts
from adjudicator.board.rules import DEFAULT_RULES, Rules
from adjudicator.board.types import Unit, UnitType
from adjudicator.orders.model import MovementOrder, UnitRef

# Order kinds.
HOLD: Final = 0
MOVE: Final = 1
SUPPORT: Final = 2
CONVOY: Final = 3
# How a move travels: over land (or sea, for fleets), only by convoy, or by convoy with the land
# route as a fallback when the convoy fails (DATC v2's adjacent-convoy rule and the 1971 rule).
LAND: Final = 0
BY_CONVOY: Final = 1
FALLBACK: Final = 2
NONE: Final = -1
_ARMY: Final = UnitType.ARMY
_FLEET: Final = UnitType.FLEET
"""(A module constant is read ~7x faster than an Enum member.)"""
_NOWHERE: Final[frozenset[str]] = frozenset()
_NO_FLAGS: Final[list[bool]] = []
"""`OrderTable.weak` and `weak_landing` on a map without weak links (shared, never changed:
`find_weak_links` makes new lists)."""
_NO_UNITS: Final[frozenset[int]] = frozenset()
"""`OrderTable.stranded` and `whole_route` while empty, as they mostly stay (shared: the
convoy steps that add to them make new sets)."""


class OrderTable:
    """The orders of one movement phase, indexed by unit number (units sorted by province).

    The columns are plain lists, made by `new_table`, filled by `build_table` and never changed
    afterwards (a plain class with slots: the table is built in place, once per phase, with no
    copy). A list costs about as much to make as a few lookups in it, so what few units have
    (the convoy facts, why an order is void) is kept in dicts and sets by unit number instead;
    a unit's power is read from its `Unit`.
    """

    __slots__ = (
        "_index",
        "backers",
        "convoy_fleets",
        "convoyed",
        "convoying_seas",
        "convoys",
        "dest",
        "facing",
        "facts",
        "kind",
        "moves",
        "moves_into",
        "occupant",
        "opposed",
        "orders",
        "province",
        "route",
        "stranded",
        "support_area",
        "supports",
        "target",
        "units",
        "unopposed",
        "void",
        "weak",
        "weak_landing",
        "whole_route",
    )

    facts: MapFacts
    units: list[Unit]
    orders: list[MovementOrder | None]
    """Each unit's order; None for a unit without one (it holds)."""
    kind: list[int]
    moves: list[int]
    """The units ordered to move (in unit order), whether or not their move stands."""
    supports: list[int]
    """The units ordered to support (in unit order), void or not."""
    convoys: list[int]
    """The units ordered to convoy (in unit order), void or not."""
    province: list[str]
    """Each unit's province, in sorted order (`unit_at` searches it by halves)."""
    dest: list[str]
    """The target province of a move ('' for other orders)."""
    target: list[str]
    """The target of a move as ordered: a location, with the coast a fleet names; for a support
    its `support_area` (one list: a unit is ordered one or the other, each read only for its
    kind; a list less to make a phase); '' for other orders."""
    occupant: list[int]
    """For a move: the unit standing in its target province (NONE when empty)."""
    facing: list[int]
    """For a move: the move coming the opposite way from its target (NONE when there is none),
    when neither must go by convoy: the head-to-head battle, unless a fallback convoy carries
    one of them."""
    route: list[int]
    """LAND, BY_CONVOY or FALLBACK for a move (LAND for other orders)."""
    stranded: frozenset[int]
    """The moves that must go by convoy where no fleets at sea could make a route: they fail
    and their units count as holding."""
    convoy_fleets: dict[int, tuple[int, ...]]
    """Move that may go by convoy -> the convoying fleets that lie on some route: its keys are
    the moves for which the ordered fleets could form a route (none: not here)."""
    whole_route: frozenset[int]
    """The moves that go only by the convoy route they state (4.A.6 "stated"): every fleet of
    `convoy_fleets` must stay for them to arrive."""
    backers: list[tuple[int, ...]]
    """Matching supports: of the move for a moving unit, of its holding for any other unit."""
    support_area: list[str]
    """For a support: the province the support is given into (the `target` list itself: read
    only for supports)."""
    convoyed: dict[int, int]
    """Convoy in use -> the army it carries."""
    void: dict[int, str]
    """Support or convoy with no effect -> why (it is void or its army goes over land)."""
    moves_into: dict[str, list[int]]
    """Province -> the moves into it, in unit order (a stranded move is not one)."""
    convoying_seas: tuple[str, ...]
    """Sea provinces holding a fleet whose convoy is in use (for the 1982 paradox rule; few: a
    tuple, made for less than a set)."""
    weak: list[bool]
    """For a move: its step crosses a weak link (Map.weak_links); empty on maps without any."""
    weak_landing: list[bool]
    """For a move that may go by convoy: every fleet that could land it does so across a weak
    link (DPjudge judges a convoy by its last step); empty on maps without weak links."""
    unopposed: list[bool]
    """The decisions nothing opposes, true from the start (`decisions`): a move into an empty
    province nobody else enters, not only by convoy (it arrives, whatever its strength), a
    support or convoy in use nobody moves against (it stands)."""
    opposed: list[int]
    """The other decisions, each once, in no order (`decisions` settles them): moves into a
    province someone stands in or another move enters, or only by convoy; supports and convoys
    in use that a move goes against. Holds, void supports and convoys, stranded moves are no
    decision."""
    _index: dict[str, int] | None

    @property
    def size(self) -> int:
        return len(self.units)

    @property
    def index(self) -> dict[str, int]:
        """Province -> number of the unit standing there (for tests and tools: the table
        finds a unit by the moves into its province, or by `unit_at`)."""
        index = self._index
        if index is None:
            index = self._index = dict(zip(self.province, range(len(self.units)), strict=True))
        return index

    def in_use(self, i: int) -> None:
        """Support or convoy `i` is in use (matched; a convoy carrying its army): a decision,
        opposed when a move goes against it, else one nothing opposes (`unopposed`). (Asked once
        the moves are known: after the convoy steps, which may strand some.)"""
        if self.province[i] in self.moves_into:
            self.opposed.append(i)
        else:
            self.unopposed[i] = True

    def unit_at(self, province: str) -> int:
        """The number of the unit standing in `province` (NONE: none). A binary search of the
        sorted provinces: cheaper, for the few a phase asks, than a dict of every unit (or a
        scan, which compares every province before it). Compiled, by `by_halves`: there
        `bisect_left`'s call and generic compares cost about twice its loop; interpreted,
        `bisect_left`'s C loop is the cheaper."""
        provinces = self.province
        i = by_halves(provinces, province) if _COMPILED else bisect_left(provinces, province)
        if i < len(provinces) and provinces[i] == province:
            return i
        return NONE

    def fleet_at(self, province: str) -> bool:
        """Does a fleet stand in `province` (`convoy_orders._strand`'s question of a sea)?"""
        i = self.unit_at(province)
        return i != NONE and self.units[i].type is _FLEET


def new_table(
    facts: MapFacts,
    provinces: list[str],
    units: list[Unit],
    orders: list[MovementOrder | None],
) -> OrderTable:
    """The table of these units (`provinces` sorted, `units` standing there, `orders` theirs or
    None), every column made as before any order is read. (The class has no `__init__`: called
    with no argument, it makes the object with no Python frame, ~450 instructions fewer.)"""
    n = len(units)
    t = OrderTable()
    t.facts, t.province, t.units, t.orders = facts, provinces, units, orders
    t.kind = [HOLD] * n
    t.moves, t.supports, t.convoys = [], [], []
    t.unopposed = [False] * n
    t.opposed = []
    t.dest = [""] * n
    t.target = t.support_area = [""] * n  # (one list: see `target`)
    t.occupant = [NONE] * n
    t.facing = [NONE] * n
    t.route = [LAND] * n
    t.backers = [()] * n
    t.moves_into, t.void, t.convoyed, t.convoy_fleets = {}, {}, {}, {}
    t.stranded = t.whole_route = _NO_UNITS
    t.convoying_seas = ()
    t.weak = t.weak_landing = _NO_FLAGS
    t._index = None
    return t


def by_halves(names: list[str], name: str) -> int:
    """`bisect_left(names, name)` as a loop of the module (compiled: native, no call)."""
    low, high = 0, len(names)
    while low < high:
        middle = (low + high) >> 1
        if names[middle] < name:
            low = middle + 1
        else:
            high = middle
    return low


class RuleChoices:
    """The rule options the movement resolver asks, read once from a `Rules`: an attribute of
    the pydantic model is a generic look-up (~300 instructions compiled), one of this class a
    field of a C struct. Made by `rule_choices`."""

    __slots__ = (
        "adjacent_convoy",
        "convoyed_attack_cuts_support_on_itself",
        "dislodged_always",
        "one_route_breaks",
        "own_fleets_first",
        "paradox_1982",
        "paradox_dptg",
        "rules",
        "stated_route",
    )

    rules: Rules
    """The options read."""
    adjacent_convoy: str
    """As `Rules` (4.A.3)."""
    stated_route: bool
    """convoy_route "stated" (4.A.6)."""
    own_fleets_first: bool
    """multi_route_convoy "own_fleets_first" (4.A.1, the DPTG)."""
    one_route_breaks: bool
    """multi_route_convoy other than "all_routes": any broken route disrupts (4.A.1)."""
    paradox_1982: bool
    """convoy_paradox "1982" (4.A.2)."""
    paradox_dptg: bool
    """convoy_paradox "dptg" (4.A.2)."""
    convoyed_attack_cuts_support_on_itself: bool
    """As `Rules` (4.A.4)."""
    dislodged_always: bool
    """dislodged_unit_effect "always" (4.A.7)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.adjacent_convoy = rules.adjacent_convoy
        self.stated_route = rules.convoy_route == "stated"
        routes = rules.multi_route_convoy
        self.own_fleets_first = routes == "own_fleets_first"
        self.one_route_breaks = routes != "all_routes"
        paradox = rules.convoy_paradox
        self.paradox_1982 = paradox == "1982"
        self.paradox_dptg = paradox == "dptg"
        self.convoyed_attack_cuts_support_on_itself = rules.convoyed_attack_cuts_support_on_itself
        self.dislodged_always = rules.dislodged_unit_effect == "always"


_LAST_CHOICES: Final[list[RuleChoices]] = [RuleChoices(DEFAULT_RULES)]
"""The choices last made (one: phase after phase comes with the same `Rules`). Replaced whole,
never changed: a thread reads either the old or the new, each of its own `Rules`."""


def rule_choices(rules: Rules) -> RuleChoices:
    """The `RuleChoices` of these rules (made again only when they are not the last asked)."""
    last = _LAST_CHOICES[0]
    if last.rules is not rules:
        last = _LAST_CHOICES[0] = RuleChoices(rules)
    return last


def unit_string(ref: UnitRef) -> str:
    """A unit as a void support or convoy names it: its type and province."""
    return f"{ref.type} {ref.province}"


_COMPILED: Final = compiled(unit_string)
