"""Reading DPjudge map files (`.map` and the parts they `USE`) into our map data.

DPjudge's format is a sequence of directives where later lines change what earlier lines (or
included files) set up, so the reader keeps a mutable working state (`_Reader`) and converts it
to the `maps/*.toml` shape at the end (`import_dpjudge`). Every line it cannot represent is
named in the report (file, line number, text, why): an importer that silently drops a rule would
ship a variant that plays differently from its source. The format is summarised in
../shared/reference/dpjudge/README.md (files: MIT licence, Copyright 2017 Manus Hand).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from adjudicator.board.dpjudge_edges import KINDS, adjacency, classify_token

SEASONS = {"SPRING": "S", "FALL": "F", "WINTER": "W", "A.D.": "S"}
PHASE_KINDS = {"MOVEMENT": "M", "RETREATS": "R", "ADJUSTMENTS": "A"}
NO_EFFECT = frozenset({"FLAG", "FLAGS", "NOTIFY", "TEXTONLY"})
KNOWN_RULES = {"BUILD_ANY": "build_anywhere"}
STANDARD_FLOW = ("SPRING:MOVEMENT,RETREATS", "FALL:MOVEMENT,RETREATS", "WINTER:ADJUSTMENTS")
NOTICE = (
    "# Converted by `adjudicator map import` from DPjudge's {source}.\n"
    "# DPjudge map data: Copyright 2017 Manus Hand, MIT licence (the notice is in\n"
    "# maps/LICENSE-dpjudge and must be kept with this file).\n"
)
_POWER_LINE = re.compile(r"^(?P<name>[^\s(]+)\s*(?:\((?P<adj>[^)]*)\))?(?P<rest>.*)$")


@dataclass
class _Power:
    name: str
    adjective: str
    homes: list[str] = field(default_factory=list)
    units: dict[str, str] = field(default_factory=dict)  # province -> "A BUD"
    owns: list[str] | None = None
    partisans: list[str] = field(default_factory=list)


@dataclass
class _Reader:
    """The working state while a file and everything it loads are read, top to bottom."""

    names: dict[str, tuple[str, list[str]]] = field(default_factory=dict)
    places: dict[str, tuple[str, list[str]]] = field(default_factory=dict)
    powers: dict[str, _Power] = field(default_factory=dict)
    unowned: list[str] = field(default_factory=list)
    current: str | None = None
    begin: str = "S1901M"
    victory: int | None = None
    flow: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    report: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    where: str = ""
    origin: dict[str, str] = field(default_factory=dict)  # place -> "file:line" of its line

    # -- reading -----------------------------------------------------------------------------
    def read(self, path: Path) -> None:
        self.files.append(path.name)
        for number, raw in enumerate(path.read_text(encoding="latin-1").splitlines(), 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            self.where = f"{path.name}:{number}: {line}"
            self.line(path, line)

    def drop(self, why: str) -> None:
        """Name a line that could not be represented (never drop one silently)."""
        self.report.append(f"{self.where} -- {why}")

    def line(self, path: Path, line: str) -> None:
        words = line.split()
        keyword = words[0].upper()
        if "=" in line and keyword not in ("IN", "FROM"):
            self.name_line(line)
        elif keyword in ("USE", "USES", "MAP"):
            self.use(path, keyword, words[1:])
        elif (
            len(words) > 2
            and words[2].upper() == "ABUTS"
            and (keyword in KINDS or keyword == "AMEND")
        ):
            self.place_line(keyword, words[1], words[3:])
        elif keyword in ("A", "F") and len(words) == 2:
            self.unit(keyword, words[1])
        else:
            self.directive(keyword, words[1:], line)

    def directive(self, keyword: str, args: list[str], line: str) -> None:
        handler = {
            "DROP": self.drop_places,
            "UNOWNED": self.neutral,
            "NEUTRAL": self.neutral,
            "CENTERS": self.neutral,
            "OWNS": self.owns,
            "UNPLAYED": self.unplayed,
            "BEGIN": self.begin_line,
            "VICTORY": self.victory_line,
            "FLOW": self.flow.extend,
            "RULE": self.rule,
            "RULES": self.rule,
        }.get(keyword)
        if handler is not None:
            handler(args)
        elif keyword in NO_EFFECT:
            self.notes.append(f"{self.where} -- display only, no effect on play")
        else:
            self.power_line(line)

    def use(self, path: Path, keyword: str, args: list[str]) -> None:
        for name in args:
            target = path.parent / (name if "." in name else f"{name}.map")
            if keyword == "MAP":
                self.notes.append(f"{self.where} -- drawn with {name}.ps")
            if not target.is_file():
                self.drop(f"included file {target.name} not found")
                continue
            self.read(target)

    # -- places and names ----------------------------------------------------------------------
    def name_line(self, line: str) -> None:
        left, _, right = line.partition("=")
        spellings = [w.replace("+", " ").lower() for w in right.split()]
        if not spellings:
            self.drop("a name with no abbreviation after '='")
            return
        old, arrow, long_name = left.partition("->")
        if arrow:
            self.rename(old.strip().lower(), spellings[0])
        else:
            long_name = old
        self.names[spellings[0]] = (" ".join(long_name.replace("+", " ").split()), spellings[1:])

    def rename(self, old: str, new: str) -> None:
        """`OLD -> New Name = new ...`: every use of the old abbreviation follows."""
        self.names.pop(old, None)

        def swap(token: str) -> str:
            base, sep, coast = token.partition("/")
            if base.lower() != old:
                return token
            renamed = new.upper() if base.isupper() else new
            return renamed + sep + coast

        self.places = {
            swap(k): (kind, [swap(t) for t in v]) for k, (kind, v) in self.places.items()
        }
        self.unowned = [swap(c) for c in self.unowned]
        for power in self.powers.values():
            power.homes = [swap(h) for h in power.homes]
            power.units = {swap(p): " ".join(map(swap, u.split())) for p, u in power.units.items()}

    def place_line(self, keyword: str, place: str, neighbours: list[str]) -> None:
        self.origin[place.upper()] = self.where.split(": ", 1)[0]
        if keyword != "AMEND":
            self.places[place] = (keyword, list(neighbours))
            return
        key = next((k for k in self.places if k == place or k.upper() == place.upper()), None)
        if key is None:
            self.drop(f"AMEND of unknown place {place}")
            return
        kind, current = self.places[key]
        for token in neighbours:
            if token.startswith("-"):
                current = [t for t in current if t.upper() != token[1:].upper()]
            elif token not in current:
                current.append(token)
        self.places[key] = (kind, current)

    def drop_places(self, args: list[str]) -> None:
        gone = {a.upper() for a in args}

        def kept(token: str) -> bool:
            return classify_token(token)[0].split("/")[0].upper() not in gone

        self.places = {
            k: (kind, [t for t in v if kept(t)]) for k, (kind, v) in self.places.items() if kept(k)
        }
        self.names = {k: v for k, v in self.names.items() if k.split("/")[0].upper() not in gone}
        self.unowned = [c for c in self.unowned if c.upper() not in gone]
        for power in self.powers.values():
            power.homes = [h for h in power.homes if h.upper() not in gone]
            power.units = {p: u for p, u in power.units.items() if p.upper() not in gone}

    # -- powers, centres, units ---------------------------------------------------------------
    def power_line(self, line: str) -> None:
        match = _POWER_LINE.match(line)
        assert match is not None  # the pattern matches any non-blank line
        name, adjective, rest = match["name"], match["adj"], match["rest"].split()
        code = name.upper().replace("+", "_").lstrip("_")
        if adjective is None and (rest or not name.isupper()) and code not in self.powers:
            self.drop("unknown directive")
            return
        adj = _title((adjective or "").split(":")[0].strip())
        power = self.powers.setdefault(code, _Power(_title(name), adj or _title(name)))
        if adj:
            power.adjective = adj
        self.current = code
        for home in rest:
            self.home(power, home)

    def home(self, power: _Power, home: str) -> None:
        if home.startswith("-"):
            power.homes = [h for h in power.homes if h != home[1:].upper()]
        elif home[0] == "*" and len(home) > 1:
            power.partisans.append(home[1:].upper())
        elif home[0] in "+@~&":
            self.drop(f"home mark {home[0]!r} on {home} (factory, alternative or hidden home)")
        elif home.upper() not in power.homes:
            power.homes.append(home.upper())

    def unit(self, kind: str, location: str) -> None:
        if self.current is None:
            self.drop("a unit before any power line")
            return
        province = location.split("/")[0].upper()
        for power in self.powers.values():
            power.units.pop(province, None)
        self.powers[self.current].units[province] = f"{kind} {location.upper()}"

    def neutral(self, args: list[str]) -> None:
        self.unowned += [a.upper() for a in args if a.upper() not in self.unowned]

    def owns(self, args: list[str]) -> None:
        if self.current is None:
            self.drop("OWNS before any power line")
            return
        self.powers[self.current].owns = [a.upper() for a in args]

    def unplayed(self, args: list[str]) -> None:
        for name in args:
            if self.powers.pop(name.upper(), None) is None:
                self.drop(f"UNPLAYED names unknown power {name}")

    # -- calendar and rules --------------------------------------------------------------------
    def begin_line(self, args: list[str]) -> None:
        if len(args) != 3 or args[0].upper() not in SEASONS or args[2].upper() not in PHASE_KINDS:
            self.drop("BEGIN must read SEASON YEAR PHASE")
            return
        season, kind = SEASONS[args[0].upper()], PHASE_KINDS[args[2].upper()]
        self.begin = f"{season}{int(args[1]):04d}{kind}"

    def victory_line(self, args: list[str]) -> None:
        if len(args) > 1:
            self.drop("a victory count per year; only the first is kept")
        self.victory = int(args[0])

    def rule(self, args: list[str]) -> None:
        for name in args:
            if name.upper() in KNOWN_RULES:
                self.rules.append(KNOWN_RULES[name.upper()])
            else:
                self.drop(f"RULE {name} has no equivalent")


def _title(text: str) -> str:
    text = text.replace("+", " ").lstrip("_")
    return text.title() if text.isupper() else text


@dataclass(frozen=True)
class Imported:
    """A converted map: its data (the TOML shape), TOML text, and what could not be kept."""

    data: dict[str, Any]
    text: str
    report: tuple[str, ...]
    notes: tuple[str, ...]


def import_dpjudge(path: Path, name: str | None = None) -> Imported:
    """Read a DPjudge `.map` file (and what it loads) into our map format."""
    from adjudicator.board.dpjudge_toml import to_toml

    reader = _Reader()
    reader.read(path)
    variant = name or path.stem
    data, problems = _convert(reader, variant)
    report = tuple(reader.report + problems)
    return Imported(
        data, to_toml(data, NOTICE.format(source=path.name), report), report, tuple(reader.notes)
    )


_COAST_SPELLING = re.compile(r"^(?P<place>.+?)\s*(?:/|\(|\s)\s*(?P<coast>[a-z ]+?)\)?$")


def _coast_spellings(names: dict[str, tuple[str, list[str]]], problems: list[str]) -> None:
    """Fold the spellings of coast name lines (`spa/nc spain(nc) ...`) into their province's:
    a coast is written as the province's spelling plus a coast name ([coast_names])."""
    for key, (long_name, aliases) in list(names.items()):
        base, sep, _ = key.partition("/")
        if not sep or base not in names:
            continue
        for spelling in [long_name.lower(), *aliases]:
            match = _COAST_SPELLING.match(spelling)
            place = match["place"].strip() if match else None
            if place is None:
                problems.append(f"coast spelling {spelling!r} of {key} left out")
            elif place != base and place != names[base][0].lower() and place not in names[base][1]:
                names[base][1].append(place)


def _convert(reader: _Reader, variant: str) -> tuple[dict[str, Any], list[str]]:
    problems: list[str] = []
    _coast_spellings(reader.names, problems)
    centers = {h for p in reader.powers.values() for h in p.homes + (p.owns or [])}
    centers |= set(reader.unowned)
    weak: set[frozenset[str]] = set()
    provinces, army, fleet, edge_problems = adjacency(reader.places, reader.names, centers, weak)
    for problem in edge_problems:  # name the line the place was defined (or amended) on
        where = reader.origin.get(problem.split(" ", 1)[0].rstrip(":").upper())
        problems.append(f"{where}: {problem}" if where else problem)
    info: dict[str, Any] = {
        "name": variant,
        "victory_centers": reader.victory or len(centers) // 2 + 1,
        "start_phase": reader.begin,
        "source": f"DPjudge {reader.files[0]} (MIT licence, maps/LICENSE-dpjudge)",
    }
    info.update(_calendar(reader.flow, problems))
    for rule in reader.rules:
        info[rule] = True
    if weak:
        info["weak_links"] = sorted(sorted(pair) for pair in weak)
    powers = {
        code: {
            "name": p.name,
            "adjective": p.adjective,
            "home_centers": sorted(p.homes),
            "start_units": sorted(p.units.values()),
        }
        | ({"start_centers": sorted(p.owns)} if p.owns is not None else {})
        | ({"partisan_sites": sorted(p.partisans)} if p.partisans else {})
        for code, p in sorted(reader.powers.items())
    }
    coasts = sorted({c for prov in provinces.values() for c in prov.get("coasts", ())})
    data = {
        "variant": info,
        "coast_names": {c: [c.lower(), *_COAST_WORDS.get(c, [])] for c in coasts},
        "powers": powers,
        "provinces": provinces,
        "army": army,
        "fleet": fleet,
    }
    return data, problems


_COAST_WORDS = {
    "NC": ["north coast", "north", "n"],
    "SC": ["south coast", "south", "s"],
    "EC": ["east coast", "east", "e"],
    "WC": ["west coast", "west", "w"],
}


def _calendar(flow: list[str], problems: list[str]) -> dict[str, int]:
    """DPjudge's FLOW as our calendar fields: the standard year, or hundred's five-year steps."""
    if not flow or tuple(f.upper() for f in flow) == STANDARD_FLOW:
        return {}
    steps = [f for f in flow if f.upper().startswith("NEWYEAR:")]
    divs = [f for f in flow if f.upper().startswith("IFYEARDIV:")]
    if len(steps) == 1 and len(divs) == 1:
        step = int(steps[0].split(":")[1])
        if int(divs[0].split(":")[1]) == 2 * step:
            return {"year_step": step, "fall_offset": step}
    problems.append(f"FLOW {' '.join(flow)}: this calendar has no equivalent")
    return {}
