"""Acceptance checks of issues 2-4 that no other test makes on its own: the catalogue covers every
DATC v3.0 chapter-6 case and the rule alternatives, the rulebook's examples and sample game are
there (and the sample game replays from a game file), the judge report has its three shapes, and
random order *text* (legal, illegal and garbage) through the public document API keeps the
movement invariants and accounts for every line given."""

from __future__ import annotations

import json
import random
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.board.map import load_map
from adjudicator.board.types import UnitType
from adjudicator.cli.main import main
from adjudicator.contract.documents import adjudicate_document
from adjudicator.game.game import adjudicate_pending, new_game, replay, with_orders
from adjudicator.game.gamefile import read_game, write_game
from adjudicator.testcases.casefile import read_case
from adjudicator.testcases.caserun import bundled_cases, find_case_files

ROOT = Path(__file__).resolve().parent.parent
DATC = ROOT.parent / "shared" / "reference" / "DATC_v3_0.txt"
CASES = {read_case(p).id: read_case(p) for p in find_case_files([bundled_cases()])}
MAP = load_map("standard")


def _datc_case_numbers() -> list[str]:
    if not DATC.exists():
        pytest.skip(f"{DATC} is not beside this checkout")
    found = re.findall(r"^(6\.[A-J]\.\d+)\.? TEST CASE", DATC.read_text(), flags=re.MULTILINE)
    return sorted(set(found), key=lambda s: (s[2], int(s.split(".")[2])))


def _datc_sources() -> dict[str, list[str]]:
    """DATC case number -> ids of the case files whose source names it."""
    sources: dict[str, list[str]] = defaultdict(list)
    for case in CASES.values():
        match = re.fullmatch(r"DATC v3\.0 (6\.[A-J]\.\d+)", case.source)
        if match:
            sources[match.group(1)].append(case.id)
    return sources


def test_every_datc_chapter_6_case_has_a_case_file_under_the_default_rules() -> None:
    numbers = _datc_case_numbers()
    assert len(numbers) >= 160
    assert numbers[0] == "6.A.1" and numbers[-1] == "6.J.11"
    sources = _datc_sources()
    missing = [n for n in numbers if n not in sources]
    assert not missing, f"DATC cases without a case file: {missing}"
    default = CASES["6.A.1"].rules
    for number in numbers:
        plain = [i for i in sources[number] if CASES[i].rules == default]
        assert plain, f"{number} has no case file under the default (2023) rules"


@pytest.mark.parametrize(
    ("issue", "rules", "numbers"),
    [
        # 4.A.1 multi-route convoy disruption: the 1971 rule (any route suffices)
        ("4.A.1", {"multi_route_convoy": "any_route"}, ["6.F.9", "6.F.10", "6.F.11", "6.F.12"]),
        # 4.A.2 convoy paradoxes: the 1982 rule
        (
            "4.A.2",
            {"convoy_paradox": "1982"},
            [
                "6.F.14",
                "6.F.17",
                "6.F.18",
                "6.F.19",
                "6.F.20",
                "6.F.21",
                "6.F.22",
                "6.F.23",
                "6.F.24",
            ],
        ),
        # 4.A.3 convoying to an adjacent province: the 1971 rule
        ("4.A.3", {"adjacent_convoy": "1971"}, ["6.G.2", "6.G.3", "6.G.4", "6.G.6", "6.G.7"]),
        # 4.A.7 avoiding a head-to-head battle to bounce a unit
        ("4.A.7", {"dislodged_unit_effect": "always"}, ["6.G.10", "6.G.14", "6.G.15"]),
    ],
)
def test_rule_alternatives_have_their_datc_cases(
    issue: str, rules: dict[str, str], numbers: list[str]
) -> None:
    sources = _datc_sources()
    for number in numbers:
        alternative = [
            CASES[i]
            for i in sources.get(number, [])
            if all(getattr(CASES[i].rules, k) == v for k, v in rules.items())
        ]
        assert alternative, f"{issue}: no case file runs {number} with {rules}"


def test_the_rulebook_examples_and_sample_game_are_in_the_catalogue() -> None:
    sources = {case.source for case in CASES.values()}
    for n in range(1, 14):
        assert f"rulebook Example {n}" in sources
    assert any(s.startswith("rulebook sample game") for s in sources)


def test_the_sample_game_replays_from_a_game_file(tmp_path: Path) -> None:
    case = CASES["rulebook-sample-game"]
    game = new_game(case.variant, case.rules)
    assert case.steps[0].phase == game.current.phase
    for step in case.steps:
        assert game.current.phase == step.phase
        lines: dict[str, list[str]] = defaultdict(list)
        for line in step.orders:
            lines[line.power].append(line.text)
        for power, texts in lines.items():
            game = with_orders(game, power, texts)
        game, played = adjudicate_pending(game)
        assert not played.errors
        assert step.after is not None and played.next.phase == step.after.phase
    assert str(game.current.phase) == "S1903M"
    path = tmp_path / "sample.json"
    write_game(path, game)
    assert replay(read_game(path)) == ()


def _text(doc: dict[str, Any]) -> str:
    result = CliRunner().invoke(
        main, ["adjudicate", "-", "--format", "text"], input=json.dumps(doc)
    )
    assert result.exit_code == 0, result.output
    return result.output


def test_the_judge_report_for_all_three_phase_kinds() -> None:
    movement = _text(
        {
            "phase": "F1901M",
            "units": {"GERMANY": ["A RUH", "A MUN"], "FRANCE": ["A BUR"]},
            "orders": {"GERMANY": ["A Ruh - Bur", "A Mun S A Ruh - Bur"], "FRANCE": ["A Bur H"]},
        }
    )
    assert movement.startswith("Movement results for Fall of 1901.")
    assert "France: Army Burgundy HOLD.  (*dislodged*)" in movement
    assert "The French Army in Burgundy can retreat to" in movement
    retreat = _text(
        {
            "phase": "F1901R",
            "units": {"GERMANY": ["A BUR", "A MUN"]},
            "dislodged": {"FRANCE": {"A BUR": ["GAS", "MAR", "PAR", "PIC"]}},
            "orders": {"FRANCE": ["A Bur R Par"]},
        }
    )
    assert retreat.startswith("Retreat results for Fall of 1901.")
    assert "France: Army Burgundy -> Paris." in retreat
    assert "Ownership of supply centers:" in retreat
    adjustment = _text(
        {
            "phase": "W1901A",
            "units": {"FRANCE": ["A PAR"]},
            "centers": {"FRANCE": ["PAR", "MAR", "BRE"]},
            "orders": {"FRANCE": ["A Mar B"]},
        }
    )
    assert adjustment.startswith("Adjustment results for Winter of 1901.")
    assert "Builds an army in Marseilles." in adjustment
    assert "waived" in adjustment


# -- random order text through the public API ------------------------------------------------

PROVINCES = sorted(MAP.provinces)
NAMES = {p: MAP.provinces[p].name for p in PROVINCES}
POWERS = sorted(MAP.powers)


def _reach(unit: str) -> list[str]:
    kind = UnitType.ARMY if unit[0] == "A" else UnitType.FLEET
    return sorted(MAP.reachable_provinces(kind, unit[2:]))


def _board(rng: random.Random) -> dict[str, list[str]]:
    """Units crowded into one region of the board, so that they meet."""
    region = {rng.choice(PROVINCES)}
    for _ in range(rng.randint(1, 3)):
        region |= {
            n[:3]
            for p in region
            for loc in MAP.locations_of(p)
            for kind in (UnitType.ARMY, UnitType.FLEET)
            if MAP.is_valid_location(kind, loc)
            for n in MAP.reachable_provinces(kind, loc)
        }
    units: dict[str, list[str]] = defaultdict(list)
    powers = rng.sample(POWERS, rng.randint(1, 4))
    for province in rng.sample(sorted(region), rng.randint(1, min(20, len(region)))):
        places = [
            (kind, location)
            for kind in "AF"
            for location in MAP.locations_of(province)
            if MAP.is_valid_location(UnitType.ARMY if kind == "A" else UnitType.FLEET, location)
        ]
        if places:
            kind, location = rng.choice(places)
            units[rng.choice(powers)].append(f"{kind} {location}")
    return dict(units)


def _place(rng: random.Random, province: str) -> str:
    return rng.choice([province, province.lower(), NAMES[province], province.title()])


def _orders(rng: random.Random, units: dict[str, list[str]]) -> dict[str, list[str]]:
    """Mostly legal and near the units (moves first, then supports and convoys of those moves,
    so that units meet and get dislodged), sometimes anywhere (illegal), now and then junk."""
    owner = {u: p for p, us in units.items() for u in us}
    everyone = sorted(owner)
    moves: dict[str, str] = {}
    text: dict[str, str] = {}
    for unit in everyone:
        me = f"{unit[0]} {_place(rng, unit[2:5])}"
        roll = rng.random()
        if roll < 0.45:
            target = rng.choice(_reach(unit) or PROVINCES)
            moves[unit] = target
            text[unit] = f"{me} - {_place(rng, target)}"
        elif roll < 0.5:
            target = rng.choice(PROVINCES)  # often illegal, sometimes a real convoy
            moves[unit] = target
            text[unit] = f"{me} - {_place(rng, target)} via convoy"
    for unit in everyone:
        if unit in text:
            continue
        me = f"{unit[0]} {_place(rng, unit[2:5])}"
        reach = set(_reach(unit))
        backed = [(u, t) for u, t in moves.items() if t in reach and u != unit]
        roll = rng.random()
        if roll < 0.5 and backed:
            other, target = rng.choice(backed)
            text[unit] = f"{me} S {other} - {_place(rng, target)}"
        elif roll < 0.65:
            other = rng.choice(everyone)
            text[unit] = f"{me} S {other}"
        elif roll < 0.75 and moves:
            other, target = rng.choice(sorted(moves.items()))
            text[unit] = f"{me} C {other} - {_place(rng, target)}"
        elif roll < 0.85:
            text[unit] = f"{me} H"
        elif roll < 0.92:
            junk = ["", "hold everything", f"{me} - Nor", f"{me} flies to the moon", "A"]
            text[unit] = rng.choice(junk)
    orders: dict[str, list[str]] = defaultdict(list)
    for unit, line in text.items():
        orders[owner[unit]].append(line)
    if everyone and rng.random() < 0.2:  # an order for somebody else's unit
        victim = rng.choice(everyone)
        orders[rng.choice(POWERS)].append(f"{victim} - {rng.choice(_reach(victim) or PROVINCES)}")
    return dict(orders)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_random_order_text_keeps_the_movement_invariants(seed: int) -> None:
    rng = random.Random(seed)
    units = _board(rng)
    orders = _orders(rng, units)
    doc = {"phase": "S1901M", "units": units, "orders": dict(orders)}
    result = adjudicate_document(doc)

    # One entry per unit, ordered by power then unit; nothing given is dropped.
    entries = result["orders"]
    assert sorted((e["power"], e["unit"]) for e in entries) == sorted(
        (p, u) for p, us in units.items() for u in us
    )
    assert [(e["power"], e["unit"]) for e in entries] == sorted(
        (e["power"], e["unit"]) for e in entries
    )
    seen = [e["input"] for e in entries if e["input"] is not None]
    seen += [e["input"] for e in result["errors"]]
    for power, lines in orders.items():
        for line in lines:
            if line.strip():
                assert any(s.strip() == line.strip() for s in seen), (power, line)
    for error in result["errors"]:
        start, end = error["span"]
        assert 0 <= start <= end <= len(error["input"])

    # Never two units in one province; every unit moved, held or was dislodged.
    after = result["next"]
    standing = {u[2:5]: (p, u) for p, us in after["units"].items() for u in us}
    assert len(standing) == sum(len(us) for us in after["units"].values())
    dislodged = {u: opts for d in after["dislodged"].values() for u, opts in d.items()}
    attackers: dict[str, str] = {}
    for e in entries:
        order, province = e["order"], e["unit"][2:5]
        if "dislodged" in e["tags"]:
            assert (e["unit"] in dislodged) != ("disbanded" in e["tags"]), e
            assert standing[province][0] != e["power"], e  # no self-dislodgement
        elif order.split()[2] == "-" and e["result"] == "succeeds":
            target = order.split(" - ")[1][:3]
            assert standing[target][0] == e["power"], e
            attackers[target] = province
        else:
            assert standing[province] == (e["power"], e["unit"]), e
    # Retreats: somewhere empty and not the attacker's origin (unless the attack was convoyed).
    for unit, options in dislodged.items():
        origin = attackers[unit[2:5]]
        for place in options:
            assert place[:3] not in standing, (unit, place)
            if place[:3] == origin:
                assert any(
                    e["order"].startswith("F ") and f" C A {origin} - " in e["order"]
                    for e in entries
                ) or any(
                    e["order"].startswith(f"A {origin} - ") and "VIA" in e["order"] for e in entries
                )

    # The outcome does not depend on the order in which powers and lines are given.
    shuffled = list(orders.items())
    rng.shuffle(shuffled)
    for _, lines in shuffled:
        rng.shuffle(lines)
    again = adjudicate_document({**doc, "orders": dict(shuffled)})
    assert again["next"] == result["next"]

    # (Which of two spellings of one order is kept as `input` may follow the order given.)
    def outcome(doc: dict[str, Any]) -> list[tuple[str, ...]]:
        return [(e["power"], e["unit"], e["order"], e["result"], *e["tags"]) for e in doc["orders"]]

    assert outcome(again) == outcome(result)
