"""Read a `.case` file (test_cases/FORMAT.md) into immutable values.

Everything a case says is checked here against its variant's map, so a typo in a hand-written
case is reported at its line (file, line number and the line's text) instead of surfacing later
as a puzzling adjudication failure. Only `orders:` and `errors:` are left as text: they are
what the order parser is being tested on.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from adjudicator.board.map import Map, MapError, load_map
from adjudicator.board.names import resolve_power
from adjudicator.board.position import Dislodged
from adjudicator.board.rules import Rules, rules_from
from adjudicator.board.types import Phase, PhaseKind, Unit, UnitType
from adjudicator.orders.results import TAGS
from adjudicator.testcases.model import (
    After,
    Board,
    Case,
    CaseError,
    Expected,
    OrderLine,
    Step,
)

__all__ = ["After", "Board", "Case", "CaseError", "Expected", "Step", "parse_case", "read_case"]

HEADER_KEYS = ("case", "title", "source", "rules", "variant")
START_SECTIONS = ("units", "centers", "dislodged", "orders", "results", "errors")
AFTER_SECTIONS = ("units", "centers", "dislodged")

_UNIT = re.compile(r"^([AaFf])\s+([A-Za-z]{3}(?:/[A-Za-z]{2})?)$")
_KEY_LINE = re.compile(r"^([a-z]+)\s*:\s*(.*)$")


_Block = list[tuple["_Line", list["_Line"]]]
"""One step of a case: its section keyword lines, each with the indented lines under it."""


@dataclass
class _StepSections:
    """A step's sections as read: before `after:` (start) and after it."""

    start: dict[str, list[_Line]] = field(default_factory=dict)
    after_line: _Line | None = None
    after: dict[str, list[_Line]] = field(default_factory=dict)
    winner: str | None = None


@dataclass(frozen=True, slots=True)
class _Line:
    number: int
    text: str

    @property
    def indented(self) -> bool:
        return self.text[:1] in (" ", "\t")


def _lines(text: str) -> Iterator[_Line]:
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if stripped and not stripped.startswith("#"):
            yield _Line(number, raw.rstrip())


class _Reader:
    """Turns the lines of one file into a Case; every check raises CaseError at its line."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.map: Map | None = None

    def fail(self, line: _Line | None, message: str) -> CaseError:
        if line is None:
            return CaseError(self.path, None, None, message)
        return CaseError(self.path, line.number, line.text, message)

    # -- structure ------------------------------------------------------------------------

    def read(self, text: str) -> Case:
        header, blocks = self.structure(text)
        for key in ("case", "title", "source"):
            if not header.get(key, ("", None))[0]:
                raise self.fail(None, f"the header needs '{key}:' before the first 'phase:'")
        variant, variant_line = header.get("variant", ("standard", None))
        try:
            self.map = load_map(variant)
        except MapError as error:
            raise self.fail(variant_line, str(error)) from None
        rules_text, rules_line = header.get("rules", ("2023", None))
        rules = self.rules(rules_text, rules_line)
        if not blocks:
            raise self.fail(None, "a case needs at least one 'phase:' step")
        return Case(
            id=header["case"][0],
            title=header["title"][0],
            source=header["source"][0],
            rules=rules,
            variant=variant,
            steps=self.steps(blocks),
            path=self.path,
            rules_text=rules_text,
        )

    def structure(self, text: str) -> tuple[dict[str, tuple[str, _Line]], list[_Block]]:
        """The header's `key: value` lines, then each step's sections with their lines."""
        header: dict[str, tuple[str, _Line]] = {}
        blocks: list[_Block] = []
        current: _Block | None = None
        for line in _lines(text):
            if line.indented:
                if current is None or _split_key(current[-1][0])[0] in ("phase", "after", "winner"):
                    raise self.fail(line, "an indented line must follow a section keyword")
                current[-1][1].append(line)
                continue
            match = _KEY_LINE.match(line.text)
            if match is None:
                raise self.fail(line, "expected 'keyword: value' (or an indented entry)")
            key, value = match.groups()
            if key == "phase":
                current = [(line, [])]
                blocks.append(current)
            elif current is None:
                self.header_line(header, key, value, line)
            else:
                current.append((line, []))
        return header, blocks

    def header_line(
        self, header: dict[str, tuple[str, _Line]], key: str, value: str, line: _Line
    ) -> None:
        if key not in HEADER_KEYS:
            raise self.fail(line, f"unknown header key {key!r}; known: {', '.join(HEADER_KEYS)}")
        if key in header:
            raise self.fail(line, f"{key!r} is given twice")
        header[key] = (value.strip(), line)

    def steps(self, blocks: list[_Block]) -> tuple[Step, ...]:
        """Each step, checked to follow on from the phase the previous step's `after:` names."""
        steps: list[Step] = []
        for index, sections in enumerate(blocks):
            step = self.step(sections, first=index == 0)
            if steps:
                previous = steps[-1]
                if previous.after is not None and previous.after.phase != step.phase:
                    raise self.fail(
                        sections[0][0],
                        f"this step must be {previous.after.phase}, the phase the previous "
                        "step's 'after:' names",
                    )
            steps.append(step)
        return tuple(steps)

    def rules(self, text: str, line: _Line | None) -> Rules:
        """`2023` or `key=value, key=value` (values as in the Rules model)."""
        spec: str | dict[str, str]
        if "=" in text:
            spec = {}
            for part in text.split(","):
                key, sep, value = part.partition("=")
                if not sep or not key.strip() or not value.strip():
                    raise self.fail(line, f"expected key=value, got {part.strip()!r}")
                spec[key.strip()] = value.strip()
        else:
            spec = text.strip()
        try:
            return rules_from(spec)
        except ValueError as error:
            message = str(error).splitlines()
            detail = "; ".join(m.strip() for m in message[1:3]) if len(message) > 1 else message[0]
            raise self.fail(line, f"bad rules: {detail}") from None

    def step(self, sections: _Block, *, first: bool) -> Step:
        phase_line = sections[0][0]
        phase = self.phase(phase_line)
        split = self.split_step(sections, first=first)
        board = self.first_board(phase_line, phase, split.start) if first else None
        start = split.start
        return Step(
            phase=phase,
            line=phase_line.number,
            board=board,
            orders=tuple(self.order_line(line) for line in start.get("orders", [])),
            results=tuple(self.expected(line, phase) for line in start.get("results", [])),
            errors=tuple(self.order_line(line) for line in start.get("errors", [])),
            after=self.after_block(split),
        )

    def split_step(self, sections: _Block, *, first: bool) -> _StepSections:
        """A step's sections, before and after its `after:` line, each checked where it is."""
        split = _StepSections()
        seen: dict[str, _Line] = {}
        for line, entries in sections[1:]:
            key, value = _split_key(line)
            scope = "after" if split.after_line is not None else "start"
            if key == "after":
                if split.after_line is not None:
                    raise self.fail(line, "'after:' is given twice in this step")
                split.after_line = line
                seen.clear()
            elif key == "winner" and scope == "after":
                split.winner = self.winner(split.winner, value, line)
            else:
                self.check_section(key, value, line, scope, seen, first=first)
                seen[key] = line
                (split.after if scope == "after" else split.start)[key] = entries
        return split

    def winner(self, given: str | None, value: str, line: _Line) -> str:
        if given is not None:
            raise self.fail(line, "'winner:' is given twice")
        side = value.strip().upper()  # a side wins the two-player game
        assert self.map is not None
        known = side in self.map.sides or side == "NONE"  # `none`: nobody has won
        return side if known else self.power(value, line)

    def check_section(
        self,
        key: str,
        value: str,
        line: _Line,
        scope: str,
        seen: Mapping[str, _Line],
        *,
        first: bool,
    ) -> None:
        allowed = AFTER_SECTIONS if scope == "after" else START_SECTIONS
        if key not in allowed:
            where = "an 'after:' block" if scope == "after" else "a step (before 'after:')"
            raise self.fail(
                line, f"{key!r} does not belong in {where}; expected one of {', '.join(allowed)}"
            )
        if value.strip():
            raise self.fail(line, f"'{key}:' takes indented lines, not a value")
        if key in seen:
            raise self.fail(line, f"'{key}:' is given twice")
        if scope == "start" and key in ("units", "centers", "dislodged") and not first:
            raise self.fail(
                line,
                "only the first step gives the position; later steps "
                "continue from the previous step's result",
            )

    def first_board(
        self, phase_line: _Line, phase: Phase, start: Mapping[str, list[_Line]]
    ) -> Board:
        if "units" not in start:
            raise self.fail(phase_line, "the first step needs 'units:' (the position)")
        if "dislodged" in start and phase.kind is not PhaseKind.RETREAT:
            raise self.fail(
                phase_line, "'dislodged:' is only given when a case starts in a retreat phase"
            )
        return self.board(start, None)

    def after_block(self, split: _StepSections) -> After | None:
        line = split.after_line
        if line is None:
            return None
        after_phase = self.phase(line, _split_key(line)[1])
        if "dislodged" in split.after and after_phase.kind is not PhaseKind.RETREAT:
            raise self.fail(
                line, "units can only be dislodged when the next phase is a retreat phase"
            )
        return After(after_phase, self.board(split.after, split.winner), line.number)

    # -- values ---------------------------------------------------------------------------

    def phase(self, line: _Line, text: str | None = None) -> Phase:
        value = _split_key(line)[1] if text is None else text
        try:
            return Phase.parse(value)
        except ValueError as error:
            message = str(error)
            if not message.startswith("bad phase name"):
                message = f"bad phase name {value.strip()!r}: expected e.g. S1901M, F1901R, W1901A"
            raise self.fail(line, message) from None

    def power(self, text: str, line: _Line) -> str:
        assert self.map is not None
        name = text.strip().upper()
        if name not in self.map.powers:
            name = resolve_power(self.map, text) or name  # its name: "St Petersburg" in chaos
        if name not in self.map.powers:
            raise self.fail(
                line,
                f"unknown power {text.strip()!r}; known: "
                f"{', '.join(p.title() for p in self.map.powers)}",
            )
        return name

    def power_entry(self, line: _Line) -> tuple[str, str]:
        power, sep, rest = line.text.strip().partition(":")
        if not sep:
            raise self.fail(line, "expected 'Power: ...'")
        return self.power(power, line), rest.strip()

    def unit(self, power: str, text: str, line: _Line, *, placed: bool = True) -> Unit:
        """A unit; `placed` False accepts any location of a known province (an illegal build)."""
        assert self.map is not None
        match = _UNIT.match(text.strip())
        if match is None:
            raise self.fail(
                line, f"expected a unit such as 'A Vie' or 'F Stp/sc', got {text.strip()!r}"
            )
        kind, location = UnitType(match[1].upper()), match[2].upper()
        if location.split("/")[0] not in self.map.provinces:
            raise self.fail(line, f"unknown province {location.split('/')[0]!r}")
        if placed and not self.map.is_valid_location(kind, location):
            raise self.fail(line, f"{kind.word.lower()} cannot stand at {location}")
        return Unit(power, kind, location)

    def location(self, text: str, line: _Line) -> str:
        assert self.map is not None
        location = text.strip().upper()
        province = location.split("/")[0]
        if province not in self.map.provinces or (
            location != province and location not in self.map.locations_of(province)
        ):
            raise self.fail(line, f"unknown location {text.strip()!r}")
        return location

    def board(self, sections: Mapping[str, list[_Line]], winner: str | None) -> Board:
        units = self.units(sections["units"]) if "units" in sections else None
        dislodged: list[Dislodged] = []
        for line in sections.get("dislodged", []):
            found = self.dislodged(line)
            if any(d.unit.province == found.unit.province for d in dislodged):
                raise self.fail(
                    line, f"a unit dislodged from {found.unit.province} is already listed"
                )
            dislodged.append(found)
        centers = self.centers(sections["centers"]) if "centers" in sections else None
        return Board(
            units=units,
            dislodged=tuple(dislodged),
            centers=centers,
            winner=winner,
        )

    def units(self, lines: list[_Line]) -> tuple[Unit, ...]:
        occupied: dict[str, Unit] = {}
        for line in lines:
            power, rest = self.power_entry(line)
            for text in filter(None, (t.strip() for t in rest.split(","))):
                unit = self.unit(power, text, line)
                if unit.province in occupied:
                    raise self.fail(
                        line, f"{unit.province} already holds {occupied[unit.province]}"
                    )
                occupied[unit.province] = unit
        return tuple(occupied.values())

    def dislodged(self, line: _Line) -> Dislodged:
        power, rest = self.power_entry(line)
        unit_text, arrow, options = rest.partition("->")
        if not arrow:
            raise self.fail(line, "expected 'Power: A Ser -> Alb Bud'")
        unit = self.unit(power, unit_text, line)
        retreats = tuple(sorted(self.location(t, line) for t in options.replace(",", " ").split()))
        if not retreats:
            raise self.fail(
                line,
                "a dislodged unit with nowhere to go is destroyed at once "
                "and never listed; leave it out",
            )
        return Dislodged(unit, retreats)

    def centers(self, lines: list[_Line]) -> tuple[tuple[str, str], ...]:
        assert self.map is not None
        owners: dict[str, str] = {}
        for line in lines:
            power, rest = self.power_entry(line)
            for text in rest.replace(",", " ").split():
                province = text.upper()
                if province not in self.map.supply_centers:
                    raise self.fail(line, f"{text!r} is not a supply centre")
                if province in owners:
                    raise self.fail(line, f"{province} is already owned by {owners[province]}")
                owners[province] = power
        return tuple(sorted(owners.items()))

    def order_line(self, line: _Line) -> OrderLine:
        power, text = self.power_entry(line)
        if not text:
            raise self.fail(line, "no order text after the power")
        return OrderLine(power, text, line.number)

    def expected(self, line: _Line, phase: Phase) -> Expected:
        key, sep, rest = line.text.strip().rpartition(":")
        if not sep or not key.strip():
            raise self.fail(line, "expected 'A Vie: succeeds' or 'A Vie: fails bounce'")
        words = rest.split()
        if not words or words[0].lower() not in ("succeeds", "fails"):
            raise self.fail(line, "the result must start with 'succeeds' or 'fails'")
        count = 1
        while count < len(words) and words[count].lower() in TAGS:
            count += 1
        tags = [w.lower() for w in words[1:count]]
        units = words[count:]  # the units responsible: 'fails bounce A VEN'
        if len(units) % 2 or any(w.upper() not in ("A", "F") for w in units[::2]):
            raise self.fail(
                line, f"unknown tag {units[0].lower()!r}; known: {' '.join(TAGS)}, then units"
            )
        culprits = [
            str(self.unit("", " ".join(units[i : i + 2]), line)) for i in range(0, len(units), 2)
        ]
        result: Literal["succeeds", "fails"] = (
            "succeeds" if words[0].lower() == "succeeds" else "fails"
        )
        return Expected(
            self.result_key(key, line, phase),
            result,
            frozenset(tags) if tags else None,
            line.number,
            frozenset(culprits) if culprits else None,
        )

    def result_key(self, text: str, line: _Line, phase: Phase) -> str:
        """A unit ('A VIE') in movement and retreat phases; an order ('A PAR B') in adjustments."""
        words = text.split()
        if phase.kind is PhaseKind.ADJUSTMENT:
            upper = [w.upper() for w in words]
            if upper == ["WAIVE"]:
                return "WAIVE"
            if len(upper) != 3 or upper[2] not in ("B", "D"):
                raise self.fail(
                    line,
                    "in an adjustment phase the key is a canonical order: "
                    "'A PAR B', 'F STP/NC B', 'A PAR D' or 'WAIVE'",
                )
            unit = self.unit("", " ".join(words[:2]), line, placed=False)
            return f"{unit} {upper[2]}"
        return str(self.unit("", " ".join(words), line))


def _split_key(line: _Line) -> tuple[str, str]:
    match = _KEY_LINE.match(line.text)
    assert match is not None
    return match[1], match[2]


def parse_case(text: str, path: str = "<case>") -> Case:
    """Read the text of a case file; raises CaseError naming the file, line and text."""
    return _Reader(path).read(text)


def read_case(path: Path | str) -> Case:
    """Read a case file from disk."""
    path = Path(path)
    return parse_case(path.read_text(encoding="utf-8"), str(path))
