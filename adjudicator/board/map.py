"""The board as data: a `Map` is loaded from maps/NAME.toml and never changes afterwards.

It owns a NetworkX graph of locations (for analysis, pictures and the validator) and plain
adjacency sets derived from it once, which the hot path of the adjudicator uses.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from adjudicator.board.graph import DisorderDistances, disorder_distances, location_graph
from adjudicator.board.resources import data_dir, unknown_variant
from adjudicator.board.types import (
    Phase,
    PowerInfo,
    Province,
    SharedUnits,
    Unit,
    UnitType,
    coast_of,
    province_of,
)

if TYPE_CHECKING:
    from adjudicator.board.seas import Seas

TERRAINS: Final = ("land", "sea", "coast", "impassable")
_Adjacency = dict[str, frozenset[str]]


class MapError(ValueError):
    """A map file that cannot be used; `problems` lists every inconsistency found."""

    def __init__(self, source: str, problems: list[str]) -> None:
        self.problems = problems
        super().__init__(f"{source}: " + "; ".join(problems))


@dataclass(slots=True)
class _Derived:
    """What a `Map` derives from its fields on first use, kept beside it (one per map).

    Not functools.cached_property: mypyc compiles that as a plain property, which derives
    again on every access (the compiled build spent most of its time re-deriving what was then
    the property `Map.facts`; python/mypy#21611)."""

    distances: DisorderDistances | None = None
    graph: Any = None
    centers: frozenset[str] | None = None
    centers_in_order: tuple[str, ...] | None = None
    convoy_areas: frozenset[str] | None = None
    closed: Map | None = None
    neutral: tuple[frozenset[str], tuple[tuple[str, Phase], ...]] | None = None
    """The powers always neutral, and those neutral until a phase (with it)."""
    partisans: bool | None = None
    """Has any power partisan sites?"""
    seas: Seas | None = None
    locations: dict[str, tuple[str, ...]] | None = None
    """Province -> `Map.locations_of`, the map's own strings."""


@dataclass(frozen=True, eq=False)
class Map:
    """A variant's board. Build one with `load_map`; every field is read-only by convention
    (tables typed `dict`, not `Mapping`: compiled, a lookup in a dict is native)."""

    name: str
    victory_centers: int
    start_phase: Phase
    provinces: dict[str, Province]
    powers: dict[str, PowerInfo]
    coast_names: dict[str, tuple[str, ...]]
    army_adjacency: _Adjacency
    fleet_adjacency: _Adjacency
    _fleet_provinces: _Adjacency = field(repr=False)
    build_anywhere: bool = False
    """Builds in any owned, vacant supply centre, not only home centres (a variant's rule)."""
    year_step: int = 1
    """Years from a winter to the next spring (the Hundred Years' War game steps by five)."""
    fall_offset: int = 0
    """Years from a spring to its fall (0 in the standard calendar; 5 in hundred)."""
    closed: frozenset[str] = frozenset()
    """Provinces no unit may enter, support into or retreat to before `closed_until`."""
    closed_until: Phase | None = None
    sides: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Teams whose centres count together for victory (the two-player game)."""
    joins_winner: str | None = None
    """The power that joins the side winning the coin toss (Rules.coin_toss)."""
    players: tuple[tuple[str, ...], ...] = ()
    """The powers each person plays when one plays several (rulebook XIV.2); empty: one each."""
    daide_coasts: dict[str, str] = field(default_factory=dict)
    """Coast code -> its DAIDE token (the map file's `[daide] coasts`, else the code)."""
    weak_links: frozenset[frozenset[str]] = frozenset()
    """Pairs of provinces joined by a weak link (DPjudge's `*`, 1900's Cape of Good Hope): no
    support is given across it, a move across it has half a unit's strength (plus its
    supports) and cuts no support, and a retreat across it loses to any other retreat into
    the same province. An army convoyed across it (the convoy's last step) has half strength
    but cuts support, as in DPjudge, which judges the cut by the army's own step."""

    _derived: _Derived = field(default_factory=_Derived, init=False, repr=False)
    facts: MapFacts = field(init=False, repr=False)
    """The lookups the resolver and the order reader ask of the map, derived with it (a field,
    read with no call: the movement step reads it every phase, and a property is a call of a
    Python function interpreted; deriving them takes well under a millisecond)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "facts", _derive_facts(self))

    @property
    def seas(self) -> Seas:
        """The convoy areas and coastal provinces as bits (board/seas.py), derived once: an
        attribute of the map, not a cache keyed by it (compiled, a native read)."""
        derived = self._derived
        if derived.seas is None:
            from adjudicator.board.seas import Seas  # (seas.py imports this module)

            derived.seas = Seas.of(self)
        return derived.seas

    @property
    def _links(self) -> tuple[dict[str, Province], _Adjacency, _Adjacency]:
        """What the NetworkX views are built from: provinces and both adjacencies."""
        return self.provinces, self.army_adjacency, self.fleet_adjacency

    @property
    def disorder_distances(self) -> DisorderDistances:
        """Shortest distances for civil disorder, from NetworkX, derived once per board."""
        derived = self._derived
        if derived.distances is None:
            derived.distances = disorder_distances(*self._links)
        return derived.distances

    @property
    def graph(self) -> Any:
        """A NetworkX graph of locations with `army`/`fleet` edge flags (built on first use)."""
        derived = self._derived
        if derived.graph is None:
            derived.graph = location_graph(*self._links)
        return derived.graph

    # -- places ---------------------------------------------------------------------------
    @property
    def supply_centers(self) -> frozenset[str]:
        derived = self._derived
        if derived.centers is None:
            derived.centers = frozenset(p for p, prov in self.provinces.items() if prov.center)
        return derived.centers

    @property
    def supply_centers_in_order(self) -> tuple[str, ...]:
        """The supply centres sorted: the order of a position's centre owners."""
        derived = self._derived
        if derived.centers_in_order is None:
            derived.centers_in_order = tuple(sorted(self.supply_centers))
        return derived.centers_in_order

    @property
    def convoy_areas(self) -> frozenset[str]:
        """Where a fleet may convoy: every sea, and ports."""
        derived = self._derived
        if derived.convoy_areas is None:
            derived.convoy_areas = frozenset(
                p for p, prov in self.provinces.items() if prov.is_sea or prov.port
            )
        return derived.convoy_areas

    def locations_of(self, province: str) -> tuple[str, ...]:
        """Where a unit can stand in a province: its coasts if it has several, else itself
        (the strings of the map's tables, one object a place: see `map_from_data`)."""
        derived = self._derived
        if derived.locations is None:
            own = {place: place for place in self.fleet_adjacency}  # (as map_from_data made them)
            found: dict[str, tuple[str, ...]] = {}
            for code, prov in self.provinces.items():
                coasts = [f"{code}/{coast}" for coast in prov.coasts]
                found[code] = tuple(own.get(c, c) for c in coasts) or (code,)
            derived.locations = found
        return derived.locations[province]

    def is_valid_location(self, unit_type: UnitType, location: str) -> bool:
        """Can a unit of this type stand here (armies on land/coast, fleets on sea/coast)?"""
        province = province_of(location)
        prov = self.provinces.get(province)
        if prov is None or prov.terrain == "impassable":
            return False
        if unit_type is UnitType.ARMY:
            return coast_of(location) is None and not prov.is_sea
        return location in self.fleet_adjacency

    # -- movement -------------------------------------------------------------------------
    def can_move(self, unit_type: UnitType, source: str, target: str) -> bool:
        """Is `target` one step from `source` for this unit type (coast-exact for fleets)?"""
        if unit_type is UnitType.ARMY:
            return target in self.army_adjacency.get(province_of(source), ())
        return target in self.fleet_adjacency.get(source, ())

    def reachable_provinces(self, unit_type: UnitType, location: str) -> frozenset[str]:
        """The provinces a unit could move to in one step (what it may support into)."""
        if unit_type is UnitType.ARMY:
            return self.army_adjacency.get(province_of(location), frozenset())
        return self._fleet_provinces.get(location, frozenset())

    def fleet_targets(self, location: str, province: str) -> tuple[str, ...]:
        """The locations of `province` a fleet at `location` can move to (for coast inference)."""
        return tuple(
            loc
            for loc in self.locations_of(province)
            if loc in self.fleet_adjacency.get(location, ())
        )

    def power_name(self, code: str) -> str:
        """A power as people read it: its name from the map ('France'), else the code in title
        case; '(no power given)' for none."""
        info = self.powers.get(code)
        return info.name if info else code.title() or "(no power given)"

    def power_adjective(self, code: str) -> str:
        """A power's adjective from the map ('French'), else the code in title case."""
        info = self.powers.get(code)
        return info.adjective if info else code.title()

    def neutral_at(self, phase: Phase) -> frozenset[str]:
        """The powers nobody plays in this phase (one shared set when no neutrality ends)."""
        derived = self._derived
        if derived.neutral is None:
            powers = self.powers.values()
            always = frozenset(p.code for p in powers if p.neutral)
            ends = tuple((p.code, p.neutral_until) for p in powers if p.neutral_until is not None)
            derived.neutral = always, ends
        always, ends = derived.neutral
        return always.union(c for c, end in ends if phase < end) if ends else always

    def during(self, phase: Phase) -> Map:
        """The board as it is in `phase`: without the links into closed provinces, if any."""
        if not self.closed or (self.closed_until is not None and phase >= self.closed_until):
            return self
        derived = self._derived
        if derived.closed is None:
            derived.closed = self._close()
        return derived.closed

    def _close(self) -> Map:
        def kept(source: str, targets: frozenset[str]) -> frozenset[str]:
            inside = province_of(source) in self.closed
            return frozenset(t for t in targets if inside or province_of(t) not in self.closed)

        army = {s: kept(s, t) for s, t in self.army_adjacency.items()}
        fleet = {s: kept(s, t) for s, t in self.fleet_adjacency.items()}
        province = self.facts.province  # (the map's own strings, not new ones)
        return replace(
            self,
            army_adjacency=army,
            fleet_adjacency=fleet,
            _fleet_provinces={s: frozenset(map(province.__getitem__, t)) for s, t in fleet.items()},
            closed=frozenset(),
        )

    def is_weak(self, source: str, target: str) -> bool:
        """Is the link between these places (locations or provinces) a weak link?"""
        return bool(self.weak_links) and (
            frozenset((province_of(source), province_of(target))) in self.weak_links
        )

    def partisans(self, power: str, centers: Mapping[str, str]) -> frozenset[str]:
        """The partisan sites `power` may use with this ownership: all of them while it has lost
        some but not all of its home centres, else none."""
        info = self.powers.get(power)
        if info is None or not info.partisan_sites:
            return _NO_PLACES
        held = sum(1 for c in info.home_centers if centers.get(c) == power)
        return info.partisan_sites if 0 < held < len(info.home_centers) else _NO_PLACES

    @property
    def has_partisans(self) -> bool:
        """Has any power partisan sites (few maps do: then `partisans` need not be asked)?"""
        derived = self._derived
        if derived.partisans is None:
            derived.partisans = any(p.partisan_sites for p in self.powers.values())
        return derived.partisans

    def build_sites(self, power: str) -> frozenset[str]:
        """Where `power` may build when it owns the centre and it is vacant."""
        if self.build_anywhere:
            return self.supply_centers
        info = self.powers.get(power)
        return info.home_centers if info else frozenset()

    def home_power(self, province: str) -> str | None:
        for power in self.powers.values():
            if province in power.home_centers:
                return power.code
        return None

    def start_units(self) -> tuple[Unit, ...]:
        return tuple(
            Unit.parse(power.code, text)
            for power in self.powers.values()
            for text in power.start_units
        )

    def start_centers(self) -> dict[str, str]:
        """Province -> owner at the start: every home centre belongs to its power."""
        return {
            c: p.code
            for p in self.powers.values()
            for c in sorted(p.home_centers if p.start_centers is None else p.start_centers)
        }


@dataclass(frozen=True, slots=True)
class MapFacts:
    """What the movement resolver asks of a map, as plain lookups (built once per map)."""

    province: dict[str, str]
    """Location ('STP/NC' or 'PAR') -> province, for every location of the map: an exact dict
    (interpreted, a subscript specialised for dicts; compiled, a native look-up: a subclass's
    look-up is a generic call either way)."""
    seas: frozenset[str]
    army_near: dict[str, frozenset[str]]
    """Province -> the provinces an army there can move to, for every province (none: an
    empty set), so a reader subscripts it, with no call of `get`."""
    fleet_near: dict[str, frozenset[str]]
    """Location -> the provinces a fleet there can move to (for convoy routes and retreats)."""
    coasts: dict[str, tuple[str, ...]]
    """Province with several coasts -> its coast locations."""
    water: dict[str, frozenset[str]]
    """Province -> the convoy areas from which a fleet can move to it (to any of its coasts):
    the steps of a convoy route, looked up as sets."""
    armies: SharedUnits
    """Power -> location -> the army there, shared: a `Unit` is immutable, and two lookups
    by strings cost less than building one (or a (power, type, location) key)."""
    fleets: SharedUnits
    """The fleets, as `armies`."""
    routes: dict[tuple[str, ...], frozenset[str]] = field(default_factory=dict)
    """(source, target, fleet provinces...) -> the fleets on a convoy route, as asked: a fact
    of the map alone (`convoy.route_fleets`), asked for most convoyed armies of every phase."""

    def carries_alone(self, fleet: str, source: str, target: str) -> bool:
        """Is a fleet in `fleet` a convoy route by itself from `source` to `target` (provinces):
        in a convoy area next to both ends (`Seas.alone` in bits)? The usual convoy: no search,
        no key of `convoy.route_fleets`' memo made, the same answer."""
        water = self.water
        return fleet in water[source] and fleet in water[target]

    def unit(self, power: str, unit_type: UnitType, location: str) -> Unit:
        """The unit of this power and type at this location (one shared value each)."""
        return (self.armies if unit_type is UnitType.ARMY else self.fleets).unit(power, location)


_NO_PLACES: Final[frozenset[str]] = frozenset()


def _derive_facts(game_map: Map) -> MapFacts:
    provinces: dict[str, str] = {}
    for code in game_map.provinces:
        for location in game_map.locations_of(code):
            provinces[location] = code
        provinces[code] = code
    fleet_near = {
        loc: game_map.reachable_provinces(UnitType.FLEET, loc) for loc in game_map.fleet_adjacency
    }
    seas = game_map.convoy_areas
    # Links into each province from the convoy areas: on a board with closed provinces
    # (`Map.during`) only these are cut, and no convoy may land in a closed province.
    borders: dict[str, set[str]] = {code: set() for code in game_map.provinces}
    for location, targets in game_map.fleet_adjacency.items():
        if provinces[location] in seas:
            for target in targets:
                borders[provinces[target]].add(provinces[location])
    water = {code: frozenset(near) for code, near in borders.items()}
    places = tuple(provinces)  # (every location and province: where a unit may be moved to)
    return MapFacts(
        armies=SharedUnits(UnitType.ARMY, places),
        fleets=SharedUnits(UnitType.FLEET, places),
        water=water,
        province=provinces,
        seas=game_map.convoy_areas,
        army_near={
            code: game_map.army_adjacency.get(code, _NO_PLACES) for code in game_map.provinces
        },
        fleet_near=fleet_near,
        coasts={
            code: game_map.locations_of(code)
            for code, prov in game_map.provinces.items()
            if prov.coasts
        },
    )


def map_from_data(data: Mapping[str, Any], source: str = "<map>") -> Map:
    """Build a Map from the parsed contents of a map file, after validating all of it."""
    from adjudicator.board.validate import validate_map_data

    problems = validate_map_data(data)
    if problems:
        raise MapError(source, problems)
    variant = data["variant"]
    # One string object for each place's name, the provinces' keys and their coasts' locations:
    # the map's tables share them, so a look-up of a place one table gave in another finds its
    # key by identity (an equal string elsewhere costs a comparison of characters on each hit).
    own: dict[str, str] = {}
    for code, p in data["provinces"].items():
        own[code] = code
        for coast in p.get("coasts", ()):
            location = f"{code}/{coast}"
            own[location] = location

    def one(place: str) -> str:
        return own.get(place, place)

    provinces = {
        code: Province(
            code=code,
            name=p["name"],
            terrain=p["terrain"],
            center=bool(p.get("center", False)),
            coasts=tuple(p.get("coasts", ())),
            aliases=tuple(p.get("aliases", ())),
            port=bool(p.get("port", False)),
            daide=p.get("daide", code),
        )
        for code, p in data["provinces"].items()
    }
    powers = {
        code: PowerInfo(
            code=code,
            name=p["name"],
            adjective=p["adjective"],
            home_centers=frozenset(map(one, p["home_centers"])),
            start_units=tuple(p["start_units"]),
            start_centers=(
                frozenset(map(one, p["start_centers"])) if "start_centers" in p else None
            ),
            neutral=bool(p.get("neutral", False)),
            neutral_until=Phase.parse(p["neutral_until"]) if "neutral_until" in p else None,
            daide=p.get("daide", code),
            partisan_sites=frozenset(p.get("partisan_sites", ())),
        )
        for code, p in data["powers"].items()
    }
    coast_names = {k: tuple(v) for k, v in data.get("coast_names", {}).items()}
    daide_coasts = data.get("daide", {}).get("coasts", {})
    army = {one(s): frozenset(map(one, n)) for s, n in data.get("army", {}).items()}
    fleet = {one(s): frozenset(map(one, n)) for s, n in data.get("fleet", {}).items()}
    fleet_provinces = {s: frozenset(one(province_of(t)) for t in n) for s, n in fleet.items()}
    return Map(
        name=variant["name"],
        victory_centers=int(variant["victory_centers"]),
        start_phase=Phase.parse(variant.get("start_phase", "S1901M")),
        provinces=provinces,
        powers=powers,
        coast_names=coast_names,
        army_adjacency=army,
        fleet_adjacency=fleet,
        _fleet_provinces=fleet_provinces,
        build_anywhere=bool(variant.get("build_anywhere", False)),
        year_step=int(variant.get("year_step", 1)),
        fall_offset=int(variant.get("fall_offset", 0)),
        closed=frozenset(variant.get("closed", ())),
        closed_until=Phase.parse(variant["closed_until"]) if "closed_until" in variant else None,
        sides={k: tuple(v) for k, v in variant.get("sides", {}).items()},
        joins_winner=variant.get("joins_winner"),
        players=tuple(tuple(team) for team in variant.get("players", ())),
        daide_coasts={coast: daide_coasts.get(coast, coast) for coast in coast_names},
        weak_links=frozenset(frozenset(pair) for pair in variant.get("weak_links", ())),
    )


def read_map_file(path: Path) -> Map:
    from adjudicator.board.inherit import read_toml, with_base

    return map_from_data(with_base(read_toml(path), path.parent), str(path))


@cache
def load_map(name_or_path: str = "standard") -> Map:
    """A variant by name (maps/NAME.toml) or a path to a map file; loaded once per process."""
    candidate = Path(name_or_path)
    if candidate.suffix == ".toml" and _is_file(candidate):
        return read_map_file(candidate)
    path = data_dir("maps") / f"{name_or_path}.toml"
    if not _is_file(path):
        missing = "no such map file; " if candidate.suffix == ".toml" else ""
        raise MapError(name_or_path, [missing + unknown_variant(name_or_path)])
    return read_map_file(path)


def _is_file(path: Path) -> bool:
    """`Path.is_file`, False for a name the file system refuses (one too long, say): a phase
    document may name any variant, and an unknown one is a MapError, not an OSError."""
    try:
        return path.is_file()
    except OSError:
        return False
