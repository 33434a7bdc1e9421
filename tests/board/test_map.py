"""The map loader is generic (a second, made-up map works) and the validator names every problem."""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.board.map import MapError, load_map, map_from_data, read_map_file
from adjudicator.board.resources import data_dir
from adjudicator.board.types import Phase, PhaseKind, Season, Unit, UnitType
from adjudicator.board.validate import validate_map_data
from adjudicator.cli.map import map_command

MAPS = Path(__file__).parents[1] / "maps"
ISLAND = MAPS / "island.toml"
STANDARD = data_dir("maps") / "standard.toml"


def _data(path: Path) -> dict[str, Any]:
    with path.open("rb") as handle:
        return tomllib.load(handle)


# -- the standard map --------------------------------------------------------------------------
def test_standard_map_validates_cleanly() -> None:
    assert validate_map_data(_data(STANDARD)) == []


def test_standard_map_facts() -> None:
    board = load_map("standard")
    assert board.name == "standard"
    assert len(board.provinces) == 76
    assert len(board.supply_centers) == 34
    assert len(board.powers) == 7
    assert sum(len(p.home_centers) for p in board.powers.values()) == 22
    assert board.victory_centers == 18
    assert board.start_phase == Phase(1901, Season.SPRING, PhaseKind.MOVEMENT)
    coasts = {code: p.coasts for code, p in board.provinces.items() if p.coasts}
    assert coasts == {"BUL": ("EC", "SC"), "SPA": ("NC", "SC"), "STP": ("NC", "SC")}
    assert len(board.start_units()) == 22
    assert board.powers["RUSSIA"].adjective == "Russian"
    assert board.provinces["SWI"].terrain == "impassable"


def test_a_map_derives_its_facts_when_made() -> None:
    """`Map.facts` is a field, derived with the map (read with no call, phase after phase); a
    board with provinces closed (`Map.during`) has facts of its own, without their links."""
    board = load_map("standard")
    assert board.facts is board.facts and board.facts.province["STP/NC"] == "STP"
    assert board.facts.army_near["PAR"] == board.army_adjacency["PAR"]
    wwi = load_map("wwi")
    assert wwi.closed_until is not None
    closed = wwi.during(Phase.parse("S1914M"))
    assert closed is not wwi and closed.facts is not wwi.facts
    assert closed.facts.army_near != wwi.facts.army_near


# -- a second map: the loader knows nothing about the standard board ----------------------------
@pytest.fixture(scope="module")
def island() -> Any:
    return read_map_file(ISLAND)


def test_island_map_loads_by_path() -> None:
    assert load_map(str(ISLAND)).name == "island"


def test_shared_units() -> None:
    """facts.unit: one shared value per power, type and location (armies and fleets apart),
    looked up by power then location; a power's table holds a unit at every place of the map
    (an exact dict: the movement step's look-up of a place moved to), made of the map's own
    strings; the tables stay bounded whatever powers and places a position made by hand names."""
    game_map = map_from_data(_data(ISLAND))  # (a map of its own: fresh tables)
    facts = game_map.facts
    army = facts.unit("EASTHOLD", UnitType.ARMY, "VAL")
    assert army == Unit("EASTHOLD", UnitType.ARMY, "VAL")
    assert facts.unit("EASTHOLD", UnitType.ARMY, "VAL") is army
    assert facts.armies["EASTHOLD"]["VAL"] is army
    fleet = facts.unit("EASTHOLD", UnitType.FLEET, "VAL")
    assert fleet == Unit("EASTHOLD", UnitType.FLEET, "VAL")
    assert facts.fleets["EASTHOLD"]["VAL"] is fleet
    table = facts.fleets["WESTMARK"]
    assert type(table) is dict
    assert table.keys() == facts.province.keys()
    canonical = {place: place for place in facts.province}
    assert all(unit.location is canonical[place] for place, unit in table.items())
    assert facts.unit("WESTMARK", UnitType.FLEET, "XYZ/NC") == Unit(
        "WESTMARK", UnitType.FLEET, "XYZ/NC"
    )
    for i in range(3000):
        facts.unit(f"P{i % 100}", UnitType.FLEET, "VAL")
        facts.unit("EASTHOLD", UnitType.ARMY, f"L{i}")
    assert len(facts.fleets) <= 64
    assert len(facts.armies["EASTHOLD"]) == len(facts.province)
    assert len(facts.armies.odd) <= 1024
    assert facts.unit("P99", UnitType.FLEET, "VAL") == Unit("P99", UnitType.FLEET, "VAL")
    assert facts.unit("EASTHOLD", UnitType.ARMY, "L7") is facts.unit(
        "EASTHOLD", UnitType.ARMY, "L7"
    )


@pytest.mark.parametrize("variant", sorted(path.stem for path in data_dir("maps").glob("*.toml")))
def test_the_province_of_every_place_is_a_plain_look_up(variant: str) -> None:
    """facts.province is an exact dict (a plain look-up, compiled or not) that holds every place
    a unit may stand on or move to: each location of a province, and each place the map's
    adjacencies name; the shared units hold a unit at each of them; the map's tables name each
    place by one string object."""
    game_map = load_map(variant)
    facts = game_map.facts
    assert type(facts.province) is dict
    named = {p for code in game_map.provinces for p in (code, *game_map.locations_of(code))}
    for table in (game_map.army_adjacency, game_map.fleet_adjacency):
        named.update(table)
        named.update(t for targets in table.values() for t in targets)
    assert named <= facts.province.keys()
    assert all(facts.province[p] == p.partition("/")[0] for p in named)
    assert facts.armies["ANYONE"].keys() == facts.province.keys()
    # one string object a place: a place one table gives is another's key itself
    own = {place: place for place in facts.province}
    for table in (game_map.army_adjacency, game_map.fleet_adjacency):
        assert all(s is own[s] and all(t is own[t] for t in near) for s, near in table.items())
    assert all(p is own[p] for code in game_map.provinces for p in game_map.locations_of(code))
    assert all(facts.province[p] is own[facts.province[p]] for p in own)
    assert all(c is own[c] for info in game_map.powers.values() for c in info.home_centers)


@pytest.mark.parametrize("variant", sorted(path.stem for path in data_dir("maps").glob("*.toml")))
def test_army_near_holds_every_province(variant: str) -> None:
    """facts.army_near is an exact dict with every province (the order table subscripts it
    for any unit's province, with no `get`): an army's reach where the map gives one, else
    nothing."""
    game_map = load_map(variant)
    near = game_map.facts.army_near
    assert type(near) is dict
    assert near.keys() == game_map.provinces.keys()
    for code in game_map.provinces:
        assert near[code] == game_map.army_adjacency.get(code, frozenset())
    sea = next((c for c, prov in game_map.provinces.items() if prov.is_sea), None)
    if sea is not None:
        assert not near[sea]


def test_island_map_facts(island: Any) -> None:
    assert island.name == "island"
    assert island.victory_centers == 5
    assert island.start_phase == Phase(1201, Season.SPRING, PhaseKind.MOVEMENT)
    assert len(island.provinces) == 12
    assert island.supply_centers == {"CAP", "EPT", "HIL", "NPT", "ROK", "SPT", "VAL", "WPT"}
    assert set(island.powers) == {"WESTMARK", "EASTHOLD"}
    assert island.powers["EASTHOLD"].adjective == "Eastholder"
    assert island.home_power("VAL") == "EASTHOLD"
    assert island.home_power("NPT") is None
    assert island.start_centers()["HIL"] == "WESTMARK"
    assert Unit("EASTHOLD", UnitType.FLEET, "CAP/SC") in island.start_units()
    assert island.coast_names["NC"][0] == "nc"
    # 12 provinces, plus one node for each coast of the two-coast province.
    assert island.graph.number_of_nodes() == 14


def test_island_locations(island: Any) -> None:
    assert island.locations_of("CAP") == ("CAP/NC", "CAP/SC")
    assert island.locations_of("HIL") == ("HIL",)
    assert island.is_valid_location(UnitType.FLEET, "CAP/NC")
    assert not island.is_valid_location(UnitType.FLEET, "CAP")
    assert not island.is_valid_location(UnitType.FLEET, "HIL")
    assert island.is_valid_location(UnitType.ARMY, "CAP")
    assert not island.is_valid_location(UnitType.ARMY, "NDP")
    assert not island.is_valid_location(UnitType.ARMY, "MTN")
    assert not island.is_valid_location(UnitType.FLEET, "MTN")


def test_island_army_moves(island: Any) -> None:
    assert island.can_move(UnitType.ARMY, "HIL", "VAL")
    assert island.can_move(UnitType.ARMY, "CAP", "EPT")
    assert not island.can_move(UnitType.ARMY, "NPT", "MTN")
    assert not island.can_move(UnitType.ARMY, "WPT", "NDP")
    assert island.reachable_provinces(UnitType.ARMY, "HIL") == {"NPT", "SPT", "VAL", "WPT"}
    # The islet is reached only by sea.
    assert island.reachable_provinces(UnitType.ARMY, "ROK") == frozenset()


def test_island_fleet_moves_are_coast_exact(island: Any) -> None:
    assert island.can_move(UnitType.FLEET, "NDP", "CAP/NC")
    assert not island.can_move(UnitType.FLEET, "NDP", "CAP/SC")
    assert not island.can_move(UnitType.FLEET, "CAP/NC", "EPT")
    assert island.can_move(UnitType.FLEET, "CAP/SC", "EPT")
    assert island.fleet_targets("STR", "CAP") == ("CAP/SC",)
    assert island.fleet_targets("NPT", "CAP") == ("CAP/NC",)
    assert island.fleet_targets("SDP", "CAP") == ()
    assert island.reachable_provinces(UnitType.FLEET, "CAP/NC") == {"NDP", "NPT"}
    assert island.reachable_provinces(UnitType.FLEET, "STR") == {"CAP", "EPT", "NDP", "ROK", "SDP"}


# -- the validator, one problem at a time -------------------------------------------------------
Mutation = Callable[[dict[str, Any]], None]


def _remove(items: list[str], value: str) -> None:
    items.remove(value)


def _cut_off(edges: dict[str, list[str]], location: str) -> None:
    """Drop a location's entry and every mention of it."""
    edges.pop(location)
    for targets in edges.values():
        if location in targets:
            targets.remove(location)


BROKEN: dict[str, tuple[Mutation, str]] = {
    "missing section": (
        lambda d: d.pop("powers"),
        "missing section [powers]: add it (see maps/standard.toml)",
    ),
    "missing variant field": (
        lambda d: d["variant"].pop("victory_centers"),
        "[variant]: missing field 'victory_centers' (e.g. victory_centers = 18)",
    ),
    "missing province name": (
        lambda d: d["provinces"]["VAL"].pop("name"),
        "[provinces] VAL: missing field 'name' (the full name, e.g. name = \"Paris\")",
    ),
    "unknown terrain": (
        lambda d: d["provinces"]["VAL"].update(terrain="hills"),
        "[provinces] VAL: unknown terrain 'hills'; use one of land, sea, coast, impassable",
    ),
    "unknown province field": (
        lambda d: d["provinces"]["ROK"].update(centre=True),
        "[provinces] ROK: unknown field 'centre'; "
        "known: aliases, center, coasts, daide, name, port, terrain",
    ),
    "lower-case code": (
        lambda d: d["provinces"].update(Bay={"name": "Bay", "terrain": "sea"}),
        "[provinces] Bay: a province code must be upper case letters/digits; write BAY",
    ),
    "alias of two provinces": (
        lambda d: d["provinces"]["STR"]["aliases"].append("Rock"),
        "[provinces] STR: alias 'Rock' is already the alias of ROK; "
        "each code, name and alias must name one province (ignoring case)",
    ),
    "alias equal to another code": (
        lambda d: d["provinces"]["WPT"].update(aliases=["npt"]),
        "[provinces] WPT: alias 'npt' is already the code of NPT; "
        "each code, name and alias must name one province (ignoring case)",
    ),
    "alias equal to another name": (
        lambda d: d["provinces"]["HIL"]["aliases"].append("VALLEY"),
        "[provinces] HIL: alias 'VALLEY' is already the name of VAL; "
        "each code, name and alias must name one province (ignoring case)",
    ),
    "one-way edge": (
        lambda d: _remove(d["army"]["VAL"], "HIL"),
        "[army] HIL lists VAL but [army] VAL does not list HIL; "
        "add HIL to [army] VAL or remove VAL here",
    ),
    "one-way fleet edge": (
        lambda d: _remove(d["fleet"]["ROK"], "STR"),
        "[fleet] STR lists ROK but [fleet] ROK does not list STR; "
        "add STR to [fleet] ROK or remove ROK here",
    ),
    "edge to unknown location": (
        lambda d: d["army"]["HIL"].append("ZZZ"),
        "[army] HIL lists ZZZ: unknown location ZZZ",
    ),
    "army edge to a sea": (
        lambda d: d["army"]["WPT"].append("NDP"),
        "[army] WPT lists NDP: NDP is a sea; armies cannot go there",
    ),
    "army edge to impassable": (
        lambda d: d["army"]["HIL"].append("MTN"),
        "[army] HIL lists MTN: MTN is impassable",
    ),
    "army entry for a sea": (
        lambda d: d["army"].update(STR=[]),
        "[army] STR: STR is a sea; armies cannot go there",
    ),
    "army edge to a coast": (
        lambda d: d["army"]["NPT"].append("CAP/NC"),
        "[army] NPT lists CAP/NC: armies stand in provinces, not on coasts: write CAP",
    ),
    "fleet edge to land": (
        lambda d: d["fleet"]["NDP"].append("HIL"),
        "[fleet] NDP lists HIL: HIL is land; fleets cannot go there",
    ),
    "fleet entry for impassable": (
        lambda d: d["fleet"].update(MTN=[]),
        "[fleet] MTN: MTN is impassable",
    ),
    "fleet edge to an unknown coast": (
        lambda d: d["fleet"]["STR"].append("CAP/EC"),
        "[fleet] STR lists CAP/EC: CAP has no coast 'EC' (its coasts are NC, SC)",
    ),
    "self loop": (
        lambda d: d["army"]["HIL"].append("HIL"),
        "[army] HIL lists itself; remove HIL",
    ),
    "multi-coast province as a plain fleet location": (
        lambda d: d["fleet"]["NDP"].append("CAP"),
        "[fleet] NDP lists CAP: CAP has several coasts: write CAP/NC or CAP/SC",
    ),
    "coast without fleet edges": (
        lambda d: _cut_off(d["fleet"], "CAP/SC"),
        "[provinces] CAP: coast CAP/SC has no fleet edges; "
        'add a [fleet] "CAP/SC" entry or remove the coast',
    ),
    "sea without fleet edges": (
        lambda d: d["provinces"].update(EMP={"name": "Empty Sea", "terrain": "sea"}),
        "[provinces] EMP: sea with no fleet edges; add a [fleet] EMP entry",
    ),
    "land without army edges": (
        lambda d: d["army"].pop("VAL"),
        "[provinces] VAL: land with no army edges; add an [army] VAL entry",
    ),
    "single coast listed": (
        lambda d: d["provinces"]["EPT"].update(coasts=["EC"]),
        "[provinces] EPT: list two or more coasts, or none for a single-coast province",
    ),
    "coast without a spelling": (
        lambda d: d["coast_names"].pop("SC"),
        "[coast_names]: coast SC (used by CAP) has no entry; "
        "add SC = [...] with the spellings players use",
    ),
    "home that is not a centre": (
        lambda d: d["provinces"]["HIL"].update(center=False),
        "[powers.WESTMARK]: home centre HIL is not a supply centre; "
        "set center = true on HIL or remove it from home_centers",
    ),
    "home of two powers": (
        lambda d: d["powers"]["EASTHOLD"]["home_centers"].append("WPT"),
        "[powers.EASTHOLD]: home centre WPT is also a home centre of WESTMARK",
    ),
    "unknown home": (
        lambda d: d["powers"]["EASTHOLD"]["home_centers"].append("ZZZ"),
        "[powers.EASTHOLD]: home centre ZZZ is not a known province",
    ),
    "army starting at sea": (
        lambda d: d["powers"]["WESTMARK"]["start_units"].append("A NDP"),
        "[powers.WESTMARK]: start unit 'A NDP': NDP is a sea; armies cannot go there",
    ),
    "fleet starting inland": (
        lambda d: d["powers"]["WESTMARK"]["start_units"].append("F VAL"),
        "[powers.WESTMARK]: start unit 'F VAL': VAL is land; fleets cannot go there",
    ),
    "fleet starting without its coast": (
        lambda d: d["powers"]["EASTHOLD"].update(start_units=["F CAP"]),
        "[powers.EASTHOLD]: start unit 'F CAP': CAP has several coasts: write CAP/NC or CAP/SC",
    ),
    "unit starting nowhere": (
        lambda d: d["powers"]["EASTHOLD"]["start_units"].append("A ZZZ"),
        "[powers.EASTHOLD]: start unit 'A ZZZ': unknown location ZZZ",
    ),
    "unreadable start unit": (
        lambda d: d["powers"]["EASTHOLD"]["start_units"].append("Army EPT"),
        "[powers.EASTHOLD]: start unit 'Army EPT' must read 'A PROV' or 'F PROV[/COAST]'",
    ),
    "two units in one province": (
        lambda d: d["powers"]["EASTHOLD"]["start_units"].append("A HIL"),
        "[powers.EASTHOLD]: start unit 'A HIL' shares HIL with WESTMARK's 'A HIL'",
    ),
    "missing adjective": (
        lambda d: d["powers"]["EASTHOLD"].pop("adjective"),
        "[powers.EASTHOLD]: missing field 'adjective' (e.g. adjective = \"French\")",
    ),
    "missing power name": (
        lambda d: d["powers"]["WESTMARK"].update(name=" "),
        "[powers.WESTMARK]: missing field 'name' (e.g. name = \"France\")",
    ),
    "victory beyond the centres": (
        lambda d: d["variant"].update(victory_centers=9),
        "[variant]: victory_centers is 9 but the map has only 8 supply centres; lower it",
    ),
    "bad start phase": (
        lambda d: d["variant"].update(start_phase="W1201M"),
        "[variant]: start_phase 'W1201M' is not a phase name such as S1901M",
    ),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_validator_names_the_problem(case: str) -> None:
    mutate, message = BROKEN[case]
    data = copy.deepcopy(_data(ISLAND))
    mutate(data)
    assert message in validate_map_data(data)


@pytest.mark.parametrize(
    "case",
    [
        "unknown terrain",
        "one-way edge",
        "coast without fleet edges",
        "home that is not a centre",
        "two units in one province",
        "victory beyond the centres",
    ],
)
def test_a_single_problem_is_reported_once(case: str) -> None:
    """No cascade: one mistake in the file gives one message."""
    mutate, message = BROKEN[case]
    data = copy.deepcopy(_data(ISLAND))
    mutate(data)
    assert validate_map_data(data) == [message]


def test_every_problem_is_reported_at_once() -> None:
    data = copy.deepcopy(_data(ISLAND))
    for case in ("unknown terrain", "one-way edge", "home of two powers", "missing adjective"):
        BROKEN[case][0](data)
    data["variant"]["victory_centers"] = 20
    assert validate_map_data(data) == [
        "[provinces] VAL: unknown terrain 'hills'; use one of land, sea, coast, impassable",
        "[army] HIL lists VAL but [army] VAL does not list HIL; "
        "add HIL to [army] VAL or remove VAL here",
        "[powers.EASTHOLD]: missing field 'adjective' (e.g. adjective = \"French\")",
        "[powers.EASTHOLD]: home centre WPT is also a home centre of WESTMARK",
        "[variant]: victory_centers is 20 but the map has only 8 supply centres; lower it",
    ]


def test_map_from_data_refuses_a_broken_map_with_all_problems() -> None:
    data = copy.deepcopy(_data(ISLAND))
    BROKEN["one-way edge"][0](data)
    BROKEN["missing adjective"][0](data)
    with pytest.raises(MapError) as caught:
        map_from_data(data, "island-broken")
    assert len(caught.value.problems) == 2
    assert str(caught.value).startswith("island-broken: [army] HIL lists VAL")


def test_an_empty_file_lists_the_missing_sections() -> None:
    assert validate_map_data({}) == [
        "missing section [variant]: add it (see maps/standard.toml)",
        "missing section [provinces]: add it (see maps/standard.toml)",
        "missing section [powers]: add it (see maps/standard.toml)",
    ]
    assert validate_map_data({"provinces": {}})[-1] == (
        "[provinces] is empty: list the provinces of the map"
    )


def test_sections_of_the_wrong_shape_are_reported_not_raised() -> None:
    problems = validate_map_data({"variant": [], "provinces": 3, "powers": "x", "army": 1})
    assert "[variant] must be a table" in problems
    assert "[provinces] must be a table" in problems
    assert "[powers] must be a table" in problems
    assert "[army] must be a table" in problems


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None)
@given(
    section=st.sampled_from(["variant", "provinces", "powers", "army", "fleet", "coast_names"]),
    value=_json,
)
def test_validator_never_raises(section: str, value: Any) -> None:
    data = _data(ISLAND)
    data[section] = value
    assert isinstance(validate_map_data(data), list)


@settings(max_examples=100, deadline=None)
@given(key=st.sampled_from(["VAL", "CAP", "NDP"]), value=_json)
def test_validator_never_raises_on_odd_provinces(key: str, value: Any) -> None:
    data = _data(ISLAND)
    data["provinces"][key] = value
    data["army"][key] = value
    data["fleet"][key] = value
    assert isinstance(validate_map_data(data), list)


# -- adjudicator map validate FILE --------------------------------------------------------------
def test_cli_validates_the_standard_map() -> None:
    result = CliRunner().invoke(map_command, ["validate", str(STANDARD)])
    assert result.exit_code == 0
    assert result.output == "OK: standard, 76 provinces, 34 centres\n"


def test_cli_validates_the_island_map() -> None:
    result = CliRunner().invoke(map_command, ["validate", str(ISLAND)])
    assert result.exit_code == 0
    assert result.output == "OK: island, 12 provinces, 8 centres\n"


def test_cli_lists_every_problem_of_a_broken_file() -> None:
    result = CliRunner().invoke(map_command, ["validate", str(MAPS / "broken.toml")])
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "[provinces] mud: a province code must be upper case letters/digits; write MUD",
        "[provinces] mud: unknown terrain 'swamp'; use one of land, sea, coast, impassable",
        "[provinces] POR: alias 'bay' is already the code of BAY; "
        "each code, name and alias must name one province (ignoring case)",
        "[army] POR lists HUT but [army] HUT does not list POR; "
        "add POR to [army] HUT or remove HUT here",
        "[army] POR lists BAY: BAY is a sea; armies cannot go there",
        "[fleet] POR lists BAY but [fleet] BAY does not list POR; "
        "add POR to [fleet] BAY or remove BAY here",
        "[provinces] BAY: sea with no fleet edges; add a [fleet] BAY entry",
        "[provinces] HUT: land with no army edges; add an [army] HUT entry",
        "[powers.RED]: missing field 'adjective' (e.g. adjective = \"French\")",
        "[powers.RED]: home centre HUT is not a supply centre; "
        "set center = true on HUT or remove it from home_centers",
        "[powers.RED]: start unit 'F HUT': HUT is land; fleets cannot go there",
        "[powers.RED]: start unit 'A BAY': BAY is a sea; armies cannot go there",
        "[variant]: victory_centers is 4 but the map has only 1 supply centre; lower it",
    ]


def test_loading_a_broken_file_raises_with_every_problem() -> None:
    with pytest.raises(MapError) as caught:
        read_map_file(MAPS / "broken.toml")
    assert len(caught.value.problems) == 13


def test_cli_reports_unreadable_toml(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[variant\nname = 1\n", encoding="utf-8")
    result = CliRunner().invoke(map_command, ["validate", str(bad)])
    assert result.exit_code == 1
    assert result.output.startswith(f"{bad}: not a readable TOML file: ")


def test_map_validate_takes_a_variant_name_as_variant_does() -> None:
    """Issue 10, fault 6: `map validate standard` reads maps/standard.toml."""
    result = CliRunner().invoke(map_command, ["validate", "standard"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("OK: standard,")
    unknown = CliRunner().invoke(map_command, ["validate", "standrad"])
    assert unknown.exit_code == 2
    assert "'standrad' is neither a file nor a variant" in unknown.output
    assert "standard" in unknown.output.split("variants:")[1]


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (
            lambda d: d["variant"].update(weak_links=[["EGY", "PAR"]]),
            "[variant]: weak link ['EGY', 'PAR']: no unit can move between EGY and PAR",
        ),
        (
            lambda d: d["variant"].update(weak_links=[["EGY", "XYZ"]]),
            "[variant]: weak link ['EGY', 'XYZ'] names unknown province XYZ",
        ),
        (
            lambda d: d["variant"].update(weak_links=["EGY-MAO"]),
            "[variant]: weak link 'EGY-MAO' is not a pair such as ['EGY', 'MAO']",
        ),
        (
            lambda d: d["powers"]["RUSSIA"].update(partisan_sites=["MOS"]),
            "[powers.RUSSIA]: partisan site MOS is a supply centre; a partisan site is a place "
            "that is not one (list a centre under home_centers instead)",
        ),
        (
            lambda d: d["powers"]["RUSSIA"].update(partisan_sites=["BAR"]),
            "[powers.RUSSIA]: partisan site BAR must be a land or coastal province",
        ),
    ],
)
def test_weak_links_and_partisan_sites_are_checked(mutate: Any, message: str) -> None:
    """1900's special places: a weak link joins two provinces a unit can move between; a
    partisan site is a land place that is not a supply centre."""
    data = copy.deepcopy(_data(data_dir("maps") / "1900.toml"))
    assert validate_map_data(data) == []
    mutate(data)
    assert validate_map_data(data) == [message]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Standard", "unknown variant 'Standard' (did you mean 'standard'?); known: 1900, "),
        ("/nowhere/mine.toml", "no such map file; unknown variant '/nowhere/mine.toml'; known: "),
    ],
)
def test_an_unknown_variant_says_what_is_wrong_and_the_likely_fix(name: str, expected: str) -> None:
    """A variant's name in the wrong case names the likely one; a map file's path that is not
    there says so (it was reported as an unknown variant only)."""
    with pytest.raises(MapError) as refused:
        load_map(name)
    assert expected in str(refused.value)
