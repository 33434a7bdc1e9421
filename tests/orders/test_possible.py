"""Possible orders against the order reader, both ways, over random positions (issue 14).

Every order `possible_orders` lists is one the reader accepts as legal, and every order the
reader accepts as legal is listed. "Legal" is the reader's word: an entry without an
`illegal` reason, for a power whose orders count (not neutral, not declared in disorder), and in
an adjustment phase of the kind the power is due (builds and waives when it may build, removals
when it must remove: a build or removal beyond the count fails in the adjustment, DATC 4.D.4).
A move of an army to a province it cannot walk to is by convoy whether written `VIA` or not: the
reader's `A LON - BEL` is the listed `A LON - BEL VIA`.

Candidates for the second direction are generated broadly, as typed orders over the units of
the board and the places around them (holds, moves and moves via convoy to every place within
two steps and to every coastal province, supports of every unit within two steps holding or
moving to every place the supporter reaches, convoys of every army next to the fleet's group of
fleets at sea to every province next to it, retreats to every place within two steps, builds of
both unit types on every location of every province, removals, waives). The fast pass judges
them with the reader's own legality function over 2,000 positions on five maps; a smaller pass
reads every listed order and every candidate as text with `interpret_orders`, as players' orders
are read.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache

import pytest

from adjudicator.board.adjustments import adjustment_counts
from adjudicator.board.map import Map, load_map
from adjudicator.board.position import Dislodged, Position
from adjudicator.board.rules import DEFAULT_RULES, Rules
from adjudicator.board.types import Phase, PhaseKind, Season, Unit, UnitType, province_of
from adjudicator.orders import model
from adjudicator.orders.interpret import interpret_orders
from adjudicator.orders.legality import board_of, illegal_reason
from adjudicator.orders.possible import possible_orders

MAPS = ("standard", "ancmed", "standard", "chaos", "standard", "wwi", "standard", "youngstown")
"""Standard; ports that convoy (ancmed); builds anywhere (chaos); neutral powers and provinces
closed until a year (wwi); a big board with many two-coast provinces (youngstown)."""
KINDS = (PhaseKind.MOVEMENT,) * 2 + (PhaseKind.RETREAT, PhaseKind.ADJUSTMENT)

# -- random positions -------------------------------------------------------------------------


@cache
def _places(game_map: Map) -> tuple[str, ...]:
    return tuple(
        sorted(p for p, prov in game_map.provinces.items() if prov.terrain != "impassable")
    )


def _spots(game_map: Map, province: str) -> list[tuple[UnitType, str]]:
    """Where a unit may stand in a province: (type, location)."""
    spots = []
    if not game_map.provinces[province].is_sea:
        spots.append((UnitType.ARMY, province))
    spots += [
        (UnitType.FLEET, loc)
        for loc in game_map.locations_of(province)
        if game_map.is_valid_location(UnitType.FLEET, loc)
    ]
    return spots


def _random_unit(game_map: Map, province: str, rng: random.Random) -> Unit | None:
    spots = _spots(game_map, province)
    if not spots:
        return None
    unit_type, location = rng.choice(spots)
    return Unit(rng.choice(sorted(game_map.powers)), unit_type, location)


def random_position(game_map: Map, rng: random.Random, kind: PhaseKind) -> Position:
    """Units on an eighth to three eighths of the board, centres owned at random (mostly by the unit
    on them), and in a retreat phase a few dislodged units with some of their neighbours left
    to retreat to."""
    places = _places(game_map)
    chosen = rng.sample(places, rng.randint(len(places) // 8, len(places) * 3 // 8))
    units = {p: u for p in sorted(chosen) if (u := _random_unit(game_map, p, rng)) is not None}
    powers = sorted(game_map.powers)
    centers = {}
    for center in sorted(game_map.supply_centers):
        if rng.random() < 0.85:
            occupant = units.get(center)
            mine = occupant is not None and rng.random() < 0.6
            centers[center] = occupant.power if occupant and mine else rng.choice(powers)
    dislodged = {}
    if kind is PhaseKind.RETREAT:
        for province in rng.sample(sorted(units), min(len(units), rng.randint(1, 4))):
            unit = units[province]
            near = (
                game_map.army_adjacency.get(province, frozenset())
                if unit.type is UnitType.ARMY
                else game_map.fleet_adjacency.get(unit.location, frozenset())
            )
            free = [loc for loc in sorted(near) if province_of(loc) not in units]
            retreats = tuple(loc for loc in free if rng.random() < 0.7)
            dislodged[province] = Dislodged(unit, retreats)
            attacker = _random_unit(game_map, province, rng)
            if attacker is not None and rng.random() < 0.8:
                units[province] = attacker
            else:
                del units[province]
    season = Season.WINTER if kind is PhaseKind.ADJUSTMENT else rng.choice("SF")
    phase = Phase(rng.randint(1901, 1920), Season(season), kind)
    return Position(game_map.name, phase, units, centers, dislodged)


def positions(count: int, seed: int) -> Iterator[tuple[Map, Position]]:
    rng = random.Random(seed)
    for i in range(count):
        game_map = load_map(MAPS[i % len(MAPS)])
        yield game_map, random_position(game_map, rng, KINDS[rng.randrange(len(KINDS))])


# -- candidate orders -------------------------------------------------------------------------


@cache
def _neighbours(game_map: Map) -> dict[str, set[str]]:
    """Province -> the provinces linked to it either way, by any unit."""
    found: dict[str, set[str]] = {p: set() for p in game_map.provinces}
    for table in (game_map.army_adjacency, game_map.fleet_adjacency):
        for source, targets in table.items():
            for target in targets:
                found[province_of(source)].add(province_of(target))
                found[province_of(target)].add(province_of(source))
    return found


@cache
def _near(game_map: Map, province: str, steps: int) -> frozenset[str]:
    """Provinces within `steps` links of any kind (the province itself included)."""
    neighbours = _neighbours(game_map)
    found = {province}
    for _ in range(steps):
        found |= {n for p in found for n in neighbours[p]}
    return frozenset(found)


@cache
def _locations(game_map: Map, provinces: frozenset[str]) -> tuple[str, ...]:
    """Every way to name a place in these provinces: the province, and each coast."""
    found = set(provinces)
    for p in provinces:
        found.update(game_map.locations_of(p))
    return tuple(sorted(found))


def _targets(game_map: Map, unit_type: UnitType, provinces: frozenset[str]) -> tuple[str, ...]:
    """The places a unit may be sent to as the reader writes them: an army's without coasts."""
    if unit_type is UnitType.ARMY:
        return tuple(sorted(provinces))
    return _locations(game_map, provinces)


@cache
def _coastal(game_map: Map) -> frozenset[str]:
    return frozenset(p for p, prov in game_map.provinces.items() if prov.is_coastal)


def _ref(unit: Unit) -> model.UnitRef:
    return model.UnitRef(unit.type, unit.location)


def _sea_fleets(game_map: Map, position: Position) -> frozenset[str]:
    areas = game_map.convoy_areas
    return frozenset(
        p for p, u in position.units.items() if u.type is UnitType.FLEET and p in areas
    )


def _group(game_map: Map, position: Position, fleet: str) -> frozenset[str]:
    """The convoy areas linked to `fleet` by fleets in convoy areas, and the provinces next to
    them: where its convoys may start and land."""
    fleets = _sea_fleets(game_map, position)
    seen, frontier = {fleet}, [fleet]
    while frontier:
        here = frontier.pop()
        for step in _near(game_map, here, 1) & fleets:
            if step not in seen:
                seen.add(step)
                frontier.append(step)
    return frozenset().union(*(_near(game_map, p, 1) for p in seen))


class _Candidates:
    """Typed orders for the units of one position, most of them illegal: holds; moves with and
    without VIA to every place within `steps` links and to every province next to a group of
    fleets at sea next to the unit; supports of every unit within `steps` links holding, and of
    every unit next to the target, or next to a group of fleets at sea next to it, moving there,
    for every target within `steps` links; convoys of every unit next to the fleet's group to
    every province next to it; retreats; builds everywhere; removals; waives."""

    def __init__(self, game_map: Map, position: Position, steps: int) -> None:
        self.map, self.position, self.steps = game_map, position, steps
        self.refs = {p: _ref(u) for p, u in position.units.items()}
        fleets = _sea_fleets(game_map, position)
        self.groups = {f: _group(game_map, position, f) for f in sorted(fleets)}

    def by_sea(self, province: str) -> frozenset[str]:
        """The provinces next to the groups of fleets next to `province`."""
        found = _near(self.map, province, 1)
        return found.union(*(g for f, g in self.groups.items() if f in found))

    def movement(self, unit: Unit) -> Iterator[model.Order]:
        game_map, units, refs = self.map, self.position.units, self.refs
        ref, province = refs[unit.province], unit.province
        yield model.Hold(ref)
        around = _near(game_map, province, self.steps)
        targets = around | self.by_sea(province) if unit.type is UnitType.ARMY else around
        for target in _targets(game_map, unit.type, targets):
            yield model.Move(ref, target)
            yield model.Move(ref, target, via_convoy=True)
        for other in sorted(around & units.keys()):
            yield model.SupportHold(ref, refs[other])
        for target in _locations(game_map, around):
            for mover in sorted(self.by_sea(province_of(target)) & units.keys()):
                if units[mover].type is UnitType.FLEET or target == province_of(target):
                    yield model.SupportMove(ref, refs[mover], target)
        group = self.groups.get(province, frozenset())
        for start in sorted(group & units.keys()):
            for target in sorted(group & _coastal(game_map)):
                yield model.Convoy(ref, refs[start], target)

    def orders(self, power: str) -> Iterator[model.Order]:
        """The candidates for one power's units (or builds)."""
        game_map, position = self.map, self.position
        kind = position.phase.kind
        if kind is PhaseKind.MOVEMENT:
            for unit in position.units.values():
                if unit.power == power:
                    yield from self.movement(unit)
        elif kind is PhaseKind.RETREAT:
            for dislodged in position.dislodged.values():
                if dislodged.unit.power == power:
                    ref = _ref(dislodged.unit)
                    yield model.Disband(ref)
                    near = _near(game_map, ref.province, 2)
                    for target in _targets(game_map, ref.type, near):
                        yield model.Retreat(ref, target)
        else:
            yield model.Waive()
            for unit in position.units.values():
                if unit.power == power:
                    yield model.Disband(_ref(unit))
            for unit_type in UnitType:
                for place in _targets(game_map, unit_type, frozenset(_places(game_map))):
                    yield model.Build(model.UnitRef(unit_type, place))


# -- what counts as legal ---------------------------------------------------------------------


def _ordering(game_map: Map, position: Position, rules: Rules) -> list[str]:
    neutral = game_map.neutral_at(position.phase) | set(rules.disorder)
    return sorted(p for p in game_map.powers if p not in neutral)


def _canonical(game_map: Map, order: model.Order) -> str:
    """The order's string, a move that needs a convoy written with VIA as the list has it."""
    army_move = isinstance(order, model.Move) and order.unit.type is UnitType.ARMY
    if army_move and order.target not in game_map.army_adjacency.get(order.unit.province, ()):
        assert isinstance(order, model.Move)
        return str(model.Move(order.unit, order.target, via_convoy=True))
    return str(order)


def _due_allows(due: int, order: model.Order) -> bool:
    if isinstance(order, model.Build | model.Waive):
        return due > 0
    if isinstance(order, model.Disband):
        return due < 0
    return True


def legal_by_reader_rules(
    game_map: Map, position: Position, rules: Rules = DEFAULT_RULES, steps: int = 1
) -> set[str]:
    """The candidates the reader's legality function accepts, for powers whose orders count."""
    board = board_of(game_map, position)
    candidates = _Candidates(game_map, position, steps)
    counts = adjustment_counts(game_map, position)
    adjusting = position.phase.kind is PhaseKind.ADJUSTMENT
    found = set()
    for power in _ordering(game_map, position, rules):
        due = counts.get(power, 0)
        for order in candidates.orders(power):
            if adjusting and not _due_allows(due, order):
                continue
            if illegal_reason(game_map, board, power, order) is None:
                found.add(_canonical(game_map, order))
    return found


def listed(position: Position, rules: Rules = DEFAULT_RULES) -> set[str]:
    found = possible_orders(position, rules=rules)
    every = [o for orders in found.values() for o in orders]
    if position.phase.kind is not PhaseKind.ADJUSTMENT:
        assert len(every) == len(set(every)), "an order listed twice"
    return set(every)


# -- the fast pass: 2,000 positions -----------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_possible_orders_are_exactly_the_legal_ones(seed: int) -> None:
    for i, (game_map, position) in enumerate(positions(500, seed)):
        board = game_map.during(position.phase)
        expected = legal_by_reader_rules(board, position, steps=2 if i % 10 == 0 else 1)
        found = listed(position)
        where = f"{position.variant} {position.phase}"
        assert found == expected, (
            f"{where}: listed but illegal {sorted(found - expected)[:5]}"
            f"; legal but not listed {sorted(expected - found)[:5]}"
        )


# -- the reader pass: the same, read as text ---------------------------------------------------


def _slot(order: model.Order) -> str:
    """Orders in one reading must be for different units (else they compete, DATC 4.D.3)."""
    unit = model.ordered_unit(order)
    return "WAIVE" if unit is None else unit.province


def read_as_text(
    game_map: Map, position: Position, texts: dict[str, list[str]]
) -> tuple[set[str], list[str]]:
    """Read power -> order texts with the reader, a unit's orders in different readings:
    the canonical strings of the legal entries, and every text read otherwise (illegal or not
    an order at all)."""
    rounds: dict[int, dict[str, list[str]]] = {}
    for power, lines in texts.items():
        seen: dict[str, int] = {}
        for text in lines:
            slot = text.split(" ")[1].split("/")[0] if text != "WAIVE" else "WAIVE"
            seen[slot] = seen.get(slot, -1) + 1
            rounds.setdefault(seen[slot], {}).setdefault(power, []).append(text)
    legal, refused = set(), []
    for orders in rounds.values():
        entries, errors = interpret_orders(game_map, position, orders)
        refused += [f"{e.input}: {e.message}" for e in errors]
        for entry in entries:
            if entry.illegal is None:
                legal.add(_canonical(game_map, entry.order))
            else:
                refused.append(f"{entry.input}: {entry.illegal}")
    return legal, refused


@pytest.mark.parametrize("seed", [100, 101])
def test_the_reader_reads_every_listed_order_and_lists_every_legal_one(seed: int) -> None:
    for game_map, position in positions(12, seed):
        board = game_map.during(position.phase)
        found = possible_orders(position)
        owners = {u.location: u.power for u in position.units.values()}
        owners |= {d.unit.location: d.unit.power for d in position.dislodged.values()}
        by_power: dict[str, list[str]] = {}
        counts = adjustment_counts(board, position)
        for location, orders in found.items():
            power = owners.get(location) or _builder(board, position, location, counts)
            by_power.setdefault(power, []).extend(orders)
        legal, refused = read_as_text(board, position, by_power)
        assert refused == [], f"{position.variant} {position.phase}: {refused[:5]}"
        listed_orders = {o for orders in found.values() for o in orders}
        assert legal == listed_orders
        adjusting = position.phase.kind is PhaseKind.ADJUSTMENT
        candidates = _Candidates(board, position, 1)
        written = {
            power: [
                str(o)
                for o in candidates.orders(power)
                if not adjusting or _due_allows(counts.get(power, 0), o)
            ]
            for power in _ordering(board, position, DEFAULT_RULES)
        }
        accepted, _ = read_as_text(board, position, written)
        assert accepted <= listed_orders, sorted(accepted - listed_orders)[:5]


def _builder(game_map: Map, position: Position, location: str, counts: dict[str, int]) -> str:
    """The power that may build at a location (its owner, with builds due)."""
    owner = position.centers[province_of(location)]
    assert counts[owner] > 0
    return owner


def test_a_partisan_site_is_a_possible_build_only_while_it_may_be_used() -> None:
    """1900: Russia, having lost Moscow, may build in Siberia (its partisan site); holding all
    four home centres it may not."""
    phase = Phase(1900, Season.WINTER, PhaseKind.ADJUSTMENT)
    units = {
        "WAR": Unit("RUSSIA", UnitType.ARMY, "WAR"),
        "SEV": Unit("RUSSIA", UnitType.FLEET, "SEV"),
    }
    lost = {"WAR": "RUSSIA", "SEV": "RUSSIA", "STP": "RUSSIA", "MOS": "TURKEY"}
    turkish = {"MOS": Unit("TURKEY", UnitType.ARMY, "MOS")}
    found = possible_orders(Position("1900", phase, {**units, **turkish}, lost), power="RUSSIA")
    assert found["SIB"] == ("A SIB B", "WAIVE") and "STP" in found
    held = Position("1900", phase, units, {**lost, "MOS": "RUSSIA"})
    assert "SIB" not in possible_orders(held, power="RUSSIA")


def test_the_order_within_a_location_is_the_same_in_every_process() -> None:
    """The API promises a fixed order by kind: it must not follow the hashing of strings,
    which changes from one interpreter to the next (PYTHONHASHSEED)."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    import adjudicator

    example = Path(__file__).resolve().parents[2] / "examples" / "spring-1901.json"
    package_root = str(Path(adjudicator.__file__).resolve().parents[1])  # the build under test
    script = (
        "import json, sys, adjudicator\n"
        "from adjudicator.contract.documents import position_from_document, "
        "read_phase_document\n"
        "doc = json.load(open(sys.argv[1]))\n"
        "position = position_from_document(read_phase_document(doc))[0]\n"
        "print(json.dumps(adjudicator.possible_orders(position)))\n"
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", script, str(example)],
            env={**os.environ, "PYTHONHASHSEED": str(seed), "PYTHONPATH": package_root},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in (1, 2, 3, 4)
    }
    assert len(outputs) == 1 and '"A PAR S A MAR - BUR"' in outputs.pop()
