"""Small immutable values every part of the engine shares: unit types, units (one shared
value each where moves place them: `SharedUnits`), a map's provinces and powers, phases.

Locations are plain strings: a province code ("PAR") or a province with a coast ("STP/NC").
Strings keep positions cheap to hash, compare and print, and they are already canonical.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum
from functools import total_ordering
from typing import Final

from adjudicator.board.bounded import keep
from adjudicator.board.frozen import Recipe, by_fields


class UnitType(StrEnum):
    """Army or fleet; the value is the letter used in every canonical string."""

    ARMY = "A"
    FLEET = "F"

    @property
    def word(self) -> str:
        return "Army" if self is UnitType.ARMY else "Fleet"


_ARMY_TEXT: Final = UnitType.ARMY + " "
_FLEET_TEXT: Final = UnitType.FLEET + " "
"""A unit's text up to its location ('A ', 'F ')."""


def province_of(location: str) -> str:
    """The province of a location: 'STP/NC' -> 'STP', 'PAR' -> 'PAR' (itself, with no call:
    cheaper than a split's list, the more so compiled)."""
    return location[: location.index("/")] if "/" in location else location


def coast_of(location: str) -> str | None:
    """The coast of a location, if it names one: 'STP/NC' -> 'NC'."""
    _, sep, coast = location.partition("/")
    return coast if sep else None


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit on the board: whose it is, what it is and where it stands."""

    power: str
    type: UnitType
    location: str

    @property
    def province(self) -> str:
        return province_of(self.location)

    def __str__(self) -> str:
        # (one concatenation: adding to the StrEnum member itself is a generic add)
        return (_ARMY_TEXT if self.type is UnitType.ARMY else _FLEET_TEXT) + self.location

    @classmethod
    def parse(cls, power: str, text: str) -> Unit:
        """Read a canonical unit string such as 'F STP/SC' (the contract's notation)."""
        kind, _, location = text.strip().partition(" ")
        return cls(power, UnitType(kind.upper()), location.strip().upper())

    def __reduce__(self) -> Recipe:
        return by_fields(self)  # (board/frozen.py: pickled by its fields in both builds)


class SharedUnits(dict[str, dict[str, Unit]]):
    """Power -> location -> its unit of one type there, one shared value each. A power's table
    is made when first asked for (bounded by `_POWERS_KEPT`, as `bounded.keep` bounds a table),
    with a unit at every place of the map (`places`, the map's own strings): an exact dict, so
    a place the movement step moves a unit to is one plain look-up (a dict subclass's is a
    generic call, compiled or not). Units at places of no map (a position made by hand) are
    kept apart (`unit`, bounded by `_ODD_KEPT`)."""

    def __init__(self, unit_type: UnitType, places: tuple[str, ...]) -> None:
        super().__init__()
        self.unit_type = unit_type
        self.places = places
        self.odd: dict[tuple[str, str], Unit] = {}

    def __missing__(self, power: str) -> dict[str, Unit]:
        unit_type = self.unit_type
        table = {place: Unit(power, unit_type, place) for place in self.places}
        return keep(self, power, table, _POWERS_KEPT)

    def unit(self, power: str, location: str) -> Unit:
        """The unit of `power` at `location`, the shared one."""
        unit = self[power].get(location)
        if unit is None:  # a place of no map
            key = power, location
            unit = self.odd.get(key)
            if unit is None:
                unit = keep(self.odd, key, Unit(power, self.unit_type, location), _ODD_KEPT)
        return unit


_POWERS_KEPT: Final = 1 << 6
_ODD_KEPT: Final = 1 << 10


@dataclass(frozen=True, slots=True)
class Province:
    code: str
    name: str
    terrain: str
    center: bool = False
    coasts: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    port: bool = False
    """A coast whose fleet may convoy like one at sea (DPjudge's PORT; ancmed's Baleares)."""
    daide: str = ""
    """Its DAIDE token (the map file's `daide`, else its code)."""

    @property
    def is_sea(self) -> bool:
        return self.terrain == "sea"

    @property
    def is_land(self) -> bool:
        return self.terrain == "land"

    @property
    def is_coastal(self) -> bool:
        return self.terrain == "coast"


@dataclass(frozen=True, slots=True)
class PowerInfo:
    code: str
    name: str
    adjective: str
    home_centers: frozenset[str]
    start_units: tuple[str, ...]
    start_centers: frozenset[str] | None = None
    """Centres owned at the start when they differ from the homes (DPjudge's OWNS)."""
    neutral: bool = False
    """Nobody plays it (rulebook XIV.2): its units hold, never retreat, and it never builds."""
    neutral_until: Phase | None = None
    """Neutral only before this phase (the two-player game's Italy, until Spring 1915)."""
    daide: str = ""
    """Its DAIDE token (the map file's `daide`, else its code)."""
    partisan_sites: frozenset[str] = frozenset()
    """Places that are no supply centre where the power may build while it has lost some but
    not all of its home centres, each counting as one more centre for that adjustment
    (DPjudge's `*SIB`, 1900's Russian partisans); see `Map.partisans`."""


class Season(StrEnum):
    SPRING = "S"
    FALL = "F"
    WINTER = "W"

    @property
    def word(self) -> str:
        return {"S": "Spring", "F": "Fall", "W": "Winter"}[self.value]


class PhaseKind(StrEnum):
    MOVEMENT = "M"
    RETREAT = "R"
    ADJUSTMENT = "A"

    @property
    def word(self) -> str:
        return {"M": "Movement", "R": "Retreat", "A": "Adjustment"}[self.value]


_PHASE: Final = re.compile(r"([SFW])(\d{1,4})([MRA])")
LAST_YEAR: Final = 9999
"""A phase name has a year of up to four digits, so the calendar ends with this year."""


class CalendarError(ValueError):
    """A phase whose next phase would fall after LAST_YEAR: it could not be named or read back."""


def _phase_problem(text: str) -> str:
    """Why a phase name cannot be read, in the words of its parts, with the likely fix."""
    expected = "a season (S, F, W), a year of up to four digits and a kind (M, R, A)"
    hint = ""
    if re.fullmatch(r"[SF]\d{1,4}", text):
        hint = f"; did you mean {text}M?"
    elif re.fullmatch(r"W\d{1,4}", text):
        hint = f"; did you mean {text}A?"
    return f"bad phase name {text!r}: expected {expected}, e.g. S1901M, F1901R, W1901A{hint}"


@total_ordering
@dataclass(frozen=True, slots=True)
class Phase:
    """A phase such as S1901M; sorts in play order."""

    year: int
    season: Season
    kind: PhaseKind
    name: str = field(init=False, repr=False, compare=False)
    """Its name (S1901M), written once when the phase is made: phases are few and shared
    (the phase sequence and the document reader make each once), and every document, report
    and game file names them (formatting one costs four times reading it)."""

    def __post_init__(self) -> None:
        # A StrEnum member is its value's str: adding it reads no enum property (`.value` is
        # a Python-level call each).
        object.__setattr__(self, "name", self.season + f"{self.year:04d}" + self.kind)

    def __str__(self) -> str:
        return self.name

    @classmethod
    def parse(cls, text: str) -> Phase:
        text = text.strip().upper()
        match = _PHASE.fullmatch(text)
        if match is None:
            raise ValueError(_phase_problem(text))
        season, kind = Season(match[1]), PhaseKind(match[3])
        valid = {Season.SPRING: "MR", Season.FALL: "MR", Season.WINTER: "A"}[season]
        if kind.value not in valid:
            raise ValueError(f"bad phase name {text!r}: {season.word} has no {kind.word} phase")
        year = int(match[2])
        if year == 0:
            raise ValueError(f"bad phase name {text!r}: years start at 1 (e.g. S0001M)")
        return cls(year, season, kind)

    def _key(self) -> tuple[int, int]:
        order = {"SM": 0, "SR": 1, "FM": 2, "FR": 3, "WA": 4}
        return self.year, order[self.season.value + self.kind.value]

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Phase):
            return NotImplemented
        return self._key() < other._key()

    def following(self) -> tuple[Phase, ...]:
        """The phases that come after this one, nearest first, up to next year's spring."""
        y = self.year
        sequence = [
            Phase(y, Season.SPRING, PhaseKind.MOVEMENT),
            Phase(y, Season.SPRING, PhaseKind.RETREAT),
            Phase(y, Season.FALL, PhaseKind.MOVEMENT),
            Phase(y, Season.FALL, PhaseKind.RETREAT),
            Phase(y, Season.WINTER, PhaseKind.ADJUSTMENT),
            Phase(y + 1, Season.SPRING, PhaseKind.MOVEMENT),
        ]
        return tuple(p for p in sequence if self < p)

    def __reduce__(self) -> Recipe:
        return by_fields(self)  # (board/frozen.py: pickled by its fields in both builds)
