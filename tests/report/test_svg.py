"""Pictures of the rulebook's sample game: well-formed SVG with every unit, order and mark."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from sample_game import sample_game

from adjudicator.board.map import load_map
from adjudicator.board.resources import data_dir
from adjudicator.board.types import Phase
from adjudicator.game.game import start_position
from adjudicator.orders.results import OrderResult
from adjudicator.report import palette
from adjudicator.report.svg import phase_title, render_svg

NS = "{http://www.w3.org/2000/svg}"
KIND = {"-": "move", "S": "support", "C": "convoy", "H": "hold", "R": "retreat", "B": "build"}


def _parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)  # raises on anything not well-formed


def _classes(element: ET.Element) -> set[str]:
    return set(element.get("class", "").split())


def _with_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in _classes(e)]


def _title(root: ET.Element) -> str:
    (title,) = _with_class(root, "title")
    return title.text or ""


def test_start_position_has_every_unit_centre_and_province() -> None:
    position = start_position(load_map("standard"))
    root = _parse(render_svg(position))
    units = {(u.get("data-power"), u.get("data-location")) for u in _with_class(root, "unit")}
    assert units == {(u.power, u.location) for u in position.units.values()}
    fleets = {u.get("data-location") for u in _with_class(root, "fleet")}
    assert fleets == {"EDI", "LON", "BRE", "KIE", "NAP", "SEV", "STP/SC", "ANK", "TRI"}
    centres = {c.get("data-province"): c for c in _with_class(root, "center")}
    assert len(centres) == 34
    assert centres["PAR"].get("fill") == palette.power_colors(load_map().powers)["FRANCE"]
    assert centres["BEL"].get("fill") == palette.NEUTRAL_CENTER
    assert len(_with_class(root, "province")) == 76
    assert _title(root) == "Spring 1901 \N{EM DASH} Movement"
    assert not _with_class(root, "order")


def test_each_unit_carries_its_powers_initial() -> None:
    root = _parse(render_svg(start_position(load_map("standard"))))
    for unit in _with_class(root, "unit"):
        (text,) = unit.iter(f"{NS}text")
        assert text.text == unit.get("data-power", "?")[0]


def test_legend_lists_powers_with_centre_and_unit_counts() -> None:
    root = _parse(render_svg(start_position(load_map("standard"))))
    counts = {
        g.get("data-power"): next(t.text for t in g.iter(f"{NS}text") if "count" in _classes(t))
        for g in _with_class(root, "legend-power")
    }
    assert counts["RUSSIA"] == "4/4" and counts["AUSTRIA"] == "3/3" and len(counts) == 7


def test_orders_not_yet_judged_are_drawn_as_given() -> None:
    game = sample_game()
    played = game.played[0]
    root = _parse(render_svg(game.start, orders=played.orders))
    marks = _with_class(root, "order")
    assert {m.get("data-order") for m in marks} == {r.order for r in played.results}
    assert all("given" in _classes(m) for m in marks)
    assert all("move" in _classes(m) for m in marks)


def _expect_drawn(root: ET.Element, results: tuple[OrderResult, ...]) -> None:
    marks = {m.get("data-order"): m for m in _with_class(root, "order")}
    for result in results:
        if result.order == "WAIVE":
            continue
        mark = marks[result.order]
        word = result.order.split()[2] if len(result.order.split()) > 2 else "D"
        kind = KIND.get(word, "removal")
        assert kind in _classes(mark), (result.order, _classes(mark))
        assert ("ok" if result.result == "succeeds" else "failed") in _classes(mark)


@pytest.mark.parametrize("index", range(7))
def test_every_result_is_drawn_with_its_outcome(index: int) -> None:
    game = sample_game()
    played = game.played[index]
    svg = render_svg(game.before(index), result=played.results, after=played.next)
    root = _parse(svg)
    _expect_drawn(root, played.results)
    assert _title(root) == phase_title(played.phase)


def test_failed_orders_are_dashed_red_and_supports_dashed() -> None:
    game = sample_game()
    played = game.played[1]  # Fall 1901: bounces, a convoy, supports
    root = _parse(render_svg(game.before(1), result=played.results, after=played.next))
    failed = [m for m in _with_class(root, "failed") if "move" in _classes(m)]
    assert failed
    for mark in failed:
        line = list(mark.iter(f"{NS}path"))[-1]
        assert line.get("stroke") == palette.FAILED and line.get("stroke-dasharray")
    for mark in _with_class(root, "support"):
        assert list(mark.iter(f"{NS}path"))[-1].get("stroke-dasharray")
    (convoy,) = _with_class(root, "convoy")
    assert convoy.get("data-order") == "F NTH C A YOR - NWY"
    assert len(list(convoy.iter(f"{NS}path"))[-1].get("d", "").split()) == 3  # via the fleet


def test_dislodged_units_are_offset_with_their_retreats() -> None:
    game = sample_game()
    index = next(i for i, p in enumerate(game.played) if p.next.dislodged)
    played, before = game.played[index], game.before(index)
    root = _parse(render_svg(before, result=played.results, after=played.next))
    dislodged = {u.get("data-location") for u in _with_class(root, "dislodged")}
    assert dislodged == {d.unit.location for d in played.next.dislodged.values()}
    options = {m.get("data-order") for m in _with_class(root, "retreat-option")}
    expected = {
        f"{d.unit} may retreat to {target}"
        for d in played.next.dislodged.values()
        for target in d.retreats
    }
    assert options == expected and options
    # The retreat phase after it draws the same units offset, and their retreat orders.
    retreat = game.played[index + 1]
    assert retreat.phase == Phase.parse("F1902R")
    root = _parse(render_svg(played.next, result=retreat.results, after=retreat.next))
    assert {u.get("data-location") for u in _with_class(root, "dislodged")} == dislodged
    assert _with_class(root, "retreat")


def test_builds_and_removals_are_marked() -> None:
    game = sample_game()
    builds = 0
    for index, played in enumerate(game.played):
        if played.phase.kind.value != "A":
            continue
        root = _parse(render_svg(game.before(index), result=played.results))
        built = {u.get("data-location") for u in _with_class(root, "built")}
        ordered = {r.unit.split()[1] for r in played.results if r.order.endswith(" B")}
        assert built == ordered
        builds += len(built)
    assert builds > 0


def test_removal_is_a_cross_over_the_unit() -> None:
    game = sample_game()
    position = game.start
    results = (OrderResult("ITALY", "F NAP", None, "F NAP D", "succeeds", (), None),)
    root = _parse(render_svg(position, result=results))
    (removal,) = _with_class(root, "removal")
    assert removal.get("data-order") == "F NAP D" and "ok" in _classes(removal)


def test_a_title_can_be_given() -> None:
    root = _parse(render_svg(sample_game().start, title="Game <x> & co"))
    assert _title(root) == "Game <x> & co"


def test_the_example_game_file_is_the_sample_game() -> None:
    """examples/sample-game.json (used by the README's pictures) is this very game."""
    from pathlib import Path

    from adjudicator.game.gamefile import game_to_text

    example = Path(__file__).parents[2] / "examples" / "sample-game.json"
    assert example.read_text(encoding="utf-8") == game_to_text(sample_game())


def test_the_example_spring_orders_are_the_sample_games() -> None:
    import json
    from pathlib import Path

    doc = json.loads(
        (Path(__file__).parents[2] / "examples" / "sample-spring-1901.json").read_text()
    )
    assert doc["orders"] == {p: list(lines) for p, lines in sample_game().played[0].orders.items()}


VARIANTS = sorted(p.stem for p in data_dir("maps").glob("*.toml"))


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_draws_its_first_position(variant: str) -> None:
    """Each shipped variant has a drawing (its own or its base map's): every province a shape,
    every unit and centre drawn where the geometry says, centres in their owner's colour."""
    game_map = load_map(variant)
    position = start_position(game_map)
    root = _parse(render_svg(position))
    units = {(u.get("data-power"), u.get("data-location")) for u in _with_class(root, "unit")}
    assert units == {(u.power, u.location) for u in position.units.values()}
    provinces = {p.get("data-province") for p in _with_class(root, "province")}
    assert provinces == set(game_map.provinces)
    centres = {c.get("data-province"): c.get("fill") for c in _with_class(root, "center")}
    assert set(centres) == set(game_map.supply_centers)
    colors = palette.power_colors(game_map.powers)
    for province, owner in position.centers.items():
        assert centres[province] == colors[owner], (province, owner)
