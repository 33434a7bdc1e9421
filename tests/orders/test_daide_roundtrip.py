"""Round trip: every order of a position, written in DAIDE's syntax and read back, is the same
order, by the strict reader (parse_order) and by the order reader of a sheet (interpret_orders,
with the power taken from the DAIDE tokens), over many random positions of every phase kind.

The orders are every order the units of the position can be given: holds, moves (to every
neighbouring location, and by convoy to far coasts, with and without VIA), supports of holds and
of every move of a unit into a place the supporter reaches (with and without a coast), convoys,
retreats, disbands, builds on every location of the home centres, removals and waives.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from adjudicator.board.map import Map, load_map
from adjudicator.board.position import Dislodged, Position
from adjudicator.board.types import Phase, PhaseKind, Unit, UnitType, province_of
from adjudicator.orders import model
from adjudicator.orders.daide import daide_order
from adjudicator.orders.interpret import interpret_orders
from adjudicator.orders.parse import parse_order
from adjudicator.orders.possible import possible_orders

Pair = tuple[str, model.Order]


def _locations(game_map: Map, unit_type: UnitType) -> list[str]:
    return sorted(
        loc
        for code in game_map.provinces
        for loc in {*game_map.locations_of(code), code}
        if game_map.is_valid_location(unit_type, loc)
    )


def _units(game_map: Map, rng: random.Random, count: int) -> dict[str, Unit]:
    powers = sorted(game_map.powers)
    units: dict[str, Unit] = {}
    for _ in range(count * 3):
        unit_type = rng.choice([UnitType.ARMY, UnitType.FLEET])
        location = rng.choice(_locations(game_map, unit_type))
        if province_of(location) not in units:
            units[province_of(location)] = Unit(rng.choice(powers), unit_type, location)
        if len(units) == count:
            break
    return units


def _targets(game_map: Map, unit: model.UnitRef) -> list[str]:
    """The locations a unit may move to in one step (fleets: coast-exact)."""
    if unit.type is UnitType.ARMY:
        return sorted(game_map.army_adjacency.get(unit.province, ()))
    return sorted(game_map.fleet_adjacency.get(unit.location, ()))


def _movement(game_map: Map, units: dict[str, Unit], rng: random.Random) -> Iterator[Pair]:
    coasts = sorted(c for c, p in game_map.provinces.items() if p.is_coastal)
    refs = {p: model.UnitRef(u.type, u.location) for p, u in units.items()}
    for province, unit in units.items():
        ref, power = refs[province], unit.power
        yield power, model.Hold(ref)
        yield from ((power, model.Move(ref, t)) for t in _targets(game_map, ref))
        reach = game_map.reachable_provinces(ref.type, ref.location)
        if ref.type is UnitType.ARMY and game_map.provinces[province].is_coastal:
            for far in rng.sample(coasts, 3):
                yield power, model.Move(ref, far, via_convoy=True)
                yield power, model.Move(ref, far)
        for other_province, other in refs.items():
            if other_province == province:
                continue
            if other_province in reach:
                yield power, model.SupportHold(ref, other)
            for target in _targets(game_map, other):
                if province_of(target) in reach and province_of(target) != province:
                    yield power, model.SupportMove(ref, other, target)
                    yield power, model.SupportMove(ref, other, province_of(target))
            if other.type is UnitType.ARMY and game_map.provinces[province].is_sea:
                yield power, model.Convoy(ref, other, rng.choice(coasts))


def _retreats(game_map: Map, dislodged: dict[str, Dislodged]) -> Iterator[Pair]:
    for gone in dislodged.values():
        ref = model.UnitRef(gone.unit.type, gone.unit.location)
        yield gone.unit.power, model.Disband(ref)
        for target in _targets(game_map, ref):
            yield gone.unit.power, model.Retreat(ref, target)


def _adjustments(game_map: Map, units: dict[str, Unit]) -> Iterator[Pair]:
    for power, info in sorted(game_map.powers.items()):
        yield power, model.Waive()
        for home in sorted(info.home_centers):
            for unit_type in UnitType:
                for location in {*game_map.locations_of(home), home}:
                    if game_map.is_valid_location(unit_type, location):
                        yield power, model.Build(model.UnitRef(unit_type, location))
    for unit in units.values():
        yield unit.power, model.Disband(model.UnitRef(unit.type, unit.location))


def _position(variant: str, seed: int) -> tuple[Position, list[Pair]]:
    game_map = load_map(variant)
    rng = random.Random(seed)
    kind = (PhaseKind.MOVEMENT, PhaseKind.RETREAT, PhaseKind.ADJUSTMENT)[seed % 3]
    phase = {"M": "F1903M", "R": "S1903R", "A": "W1903A"}[kind.value]
    units = _units(game_map, rng, rng.randint(8, 24))
    dislodged: dict[str, Dislodged] = {}
    if kind is PhaseKind.RETREAT:
        for province in rng.sample(sorted(units), min(4, len(units))):
            unit = units.pop(province)
            dislodged[province] = Dislodged(unit, ())
    position = Position(variant, Phase.parse(phase), units, game_map.start_centers(), dislodged)
    if kind is PhaseKind.MOVEMENT:
        pairs = list(_movement(game_map, units, rng))
    elif kind is PhaseKind.RETREAT:
        pairs = list(_retreats(game_map, dislodged))
    else:
        pairs = list(_adjustments(game_map, units))
    return position, pairs


CASES = [("standard", seed) for seed in range(45)] + [
    (variant, seed) for variant in ("modern", "youngstown", "ancmed") for seed in range(3)
]


@pytest.mark.parametrize(("variant", "seed"), CASES)
def test_every_order_written_in_daide_reads_back_the_same(variant: str, seed: int) -> None:
    position, pairs = _position(variant, seed)
    game_map = load_map(variant)
    kind = position.phase.kind
    owner_of = {p: u.power for p, u in position.units.items()}
    owner_of |= {p: d.unit.power for p, d in position.dislodged.items()}
    assert len(pairs) >= 10
    for power, order in pairs:
        text = daide_order(game_map, order, power, kind=kind, owner_of=owner_of)
        assert parse_order(game_map, text, kind) == order, text
        entries, errors = interpret_orders(game_map, position, {"": [text]})
        assert errors == [], (text, errors)
        assert [(e.power, e.order) for e in entries] == [(power, order)], text


@pytest.mark.parametrize("seed", range(4))
def test_every_possible_order_of_random_positions_round_trips(seed: int) -> None:
    """The same over possible_orders (every legal order) of random positions of every phase
    kind on several maps (those of test_possible: tokens of their own or their codes)."""
    from test_possible import positions

    count = 0
    for game_map, position in positions(25, 1000 + seed):
        kind = position.phase.kind
        owner_of = {p: u.power for p, u in position.units.items()}
        if kind is PhaseKind.RETREAT:
            owner_of = {p: d.unit.power for p, d in position.dislodged.items()}
        for location, texts in possible_orders(position).items():
            power = owner_of.get(province_of(location)) or position.centers[province_of(location)]
            for text in texts:
                order = parse_order(game_map, text, kind)
                written = daide_order(game_map, order, power, kind=kind, owner_of=owner_of)
                assert parse_order(game_map, written, kind) == order, (text, written)
                count += 1
    assert count > 1000
