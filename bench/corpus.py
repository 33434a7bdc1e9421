"""A fixed, seeded corpus of phase documents (CONTRACT.md) for the benchmark.

Two kinds of phases:

* ``dense``: independent random movement positions on the standard map, 28-34 units spread over
  the seven powers (one per province, every unit on a place it may stand), each unit with a
  random order. Most orders are legal (holds, moves to adjacent places, supports of neighbours'
  moves and holds, convoys by fleets at sea with the matching convoyed army moves); a few are not
  (moves to places out of reach, supports into places the supporter cannot reach, convoys by
  fleets on a coast, armies ordered to convoy).
* ``games``: whole random games from the 1901 position. Each phase's orders are random (retreats
  and adjustments included) and the next phase is the state an engine produced: ours (chaining the
  result document's ``next``) or the reference (``diplomacy.Game``), ``--games-engine``.

Orders are written in the canonical strings both engines read ("A PAR - BUR",
"F NTH C A LON - BEL", "A MAR S A PAR - BUR", "F STP/SC - BOT", "A PAR H", "A LON - BEL VIA").
Everything is drawn from one ``random.Random(seed)`` and every choice is made from a sorted list,
so a seed gives the same corpus on every machine and under any PYTHONHASHSEED.

    python bench/corpus.py --phases 3000 --seed 1 -o /tmp/bench-corpus.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from adjudicator.board.map import Map, load_map
from adjudicator.board.types import province_of

DEFAULT_OUTPUT = "/tmp/bench-corpus.jsonl"

# Share of each kind of order in a dense position (the rest of the units are moved).
HOLD_SHARE = 0.12
SUPPORT_SHARE = 0.28
CONVOY_ATTEMPTS = 3  # convoy plans tried per position
ILLEGAL_SHARE = 0.06  # orders replaced by one that cannot be valid


@dataclass(frozen=True, slots=True)
class Piece:
    """A unit of the generator: power, 'A' or 'F', location ('STP/SC')."""

    power: str
    kind: str
    location: str

    @property
    def province(self) -> str:
        return province_of(self.location)

    def __str__(self) -> str:
        return f"{self.kind} {self.location}"


Phase = dict[str, Any]  # a phase document
Rules = str | dict[str, Any]  # an edition name or an options object
Step = Callable[[Phase], Phase | None]  # a phase document -> the next state (None: game over)


class Board:
    """The facts of a map the generator needs, as sorted lists (for a deterministic corpus)."""

    def __init__(self, game_map: Map) -> None:
        self.map = game_map
        self.powers = sorted(game_map.powers)
        provinces = game_map.provinces
        self.places = sorted(p for p, prov in provinces.items() if prov.terrain != "impassable")
        self.seas = {p for p in self.places if provinces[p].terrain == "sea"}
        self.lands = {p for p in self.places if provinces[p].terrain == "land"}
        self.supply_centers = sorted(game_map.supply_centers)
        self.army_moves = {p: sorted(t) for p, t in game_map.army_adjacency.items()}
        self.fleet_moves = {loc: sorted(t) for loc, t in game_map.fleet_adjacency.items()}
        self.fleet_spots = {
            p: [loc for loc in game_map.locations_of(p) if loc in game_map.fleet_adjacency]
            for p in self.places
        }
        # Provinces a fleet in a sea touches: where it can pick up or land a convoyed army.
        self.touches = {
            s: sorted({province_of(t) for t in game_map.fleet_adjacency.get(s, ())})
            for s in sorted(self.seas)
        }
        self.homes = {p: sorted(info.home_centers) for p, info in game_map.powers.items()}

    def reach(self, piece: Piece) -> list[str]:
        """Provinces the piece could move to in one step (what it may support into)."""
        if piece.kind == "A":
            return self.army_moves.get(piece.province, [])
        return sorted({province_of(t) for t in self.fleet_moves.get(piece.location, [])})

    def moves(self, piece: Piece) -> list[str]:
        """Locations the piece can move to (coast-exact for fleets)."""
        if piece.kind == "A":
            return self.army_moves.get(piece.province, [])
        return self.fleet_moves.get(piece.location, [])


# -- movement orders --------------------------------------------------------------------------


def _convoy_route(
    board: Board, army: Piece, fleets: dict[str, Piece], rng: random.Random
) -> tuple[str, list[str]] | None:
    """A random destination for `army` over seas held by `fleets`, and the seas on the way."""
    start = army.province
    came_from: dict[str, str | None] = {}
    queue: deque[str] = deque()
    for sea in sorted(fleets):
        if start in board.touches[sea]:
            came_from[sea] = None
            queue.append(sea)
    landings: dict[str, str] = {}  # destination -> the last sea of the first route found to it
    while queue:
        sea = queue.popleft()
        for place in board.touches[sea]:
            if place in fleets and place not in came_from:
                came_from[place] = sea
                queue.append(place)
            elif place not in board.seas and place != start and place not in landings:
                landings[place] = sea
    if not landings:
        return None
    target = rng.choice(sorted(landings))
    route: list[str] = []
    step: str | None = landings[target]
    while step is not None:
        route.append(step)
        step = came_from[step]
    return target, route[::-1]


def _illegal(board: Board, piece: Piece, pieces: list[Piece], rng: random.Random) -> str:
    """An order for `piece` that no rule lets stand (the engines ignore it: the unit holds)."""
    reach = set(board.reach(piece))
    far = [p for p in board.places if p not in reach and p != piece.province]
    if piece.kind == "A":
        far = [p for p in far if p not in board.seas]
    choice = rng.randrange(4)
    if choice == 0 and far:  # a move out of reach
        return f"{piece} - {rng.choice(far)}"
    if choice == 1:  # a support into a place the supporter cannot reach
        others = [p for p in pieces if p is not piece]
        other = rng.choice(others)
        targets = [t for t in board.reach(other) if t not in reach and t != piece.province]
        if targets:
            return f"{piece} S {other} - {rng.choice(targets)}"
    if choice == 2 and piece.kind == "F" and piece.province not in board.seas:
        armies = [p for p in pieces if p.kind == "A"]  # a convoy by a fleet on a coast
        if armies:
            army = rng.choice(armies)
            return f"{piece} C {army} - {rng.choice(board.army_moves[army.province])}"
    if choice == 3 and piece.kind == "A":  # an army cannot convoy
        others = [p for p in pieces if p.kind == "A" and p is not piece]
        if others:
            other = rng.choice(others)
            return f"{piece} C {other} - {rng.choice(board.army_moves[other.province])}"
    # Fallback: a fleet into an inland province or an army onto the sea.
    if piece.kind == "F":
        return f"{piece} - {rng.choice(sorted(board.lands))}"
    return f"{piece} - {rng.choice(sorted(board.seas))}"


def movement_orders(
    board: Board, pieces: list[Piece], rng: random.Random, illegal_share: float = ILLEGAL_SHARE
) -> dict[str, list[str]]:
    """Random orders for every piece: a few convoys first, then moves and holds, then supports."""
    by_province = {p.province: p for p in pieces}
    orders: dict[str, str] = {}  # province -> order
    moves: dict[str, str] = {}  # province -> target province, for the moves ordered so far

    # Convoys: an army on a coast, a chain of fleets at sea, a landing on another coast.
    free_fleets = {p.province: p for p in pieces if p.kind == "F" and p.province in board.seas}
    coastal_armies = sorted(
        (p for p in pieces if p.kind == "A" and p.province not in board.lands),
        key=lambda p: p.province,
    )
    for _ in range(CONVOY_ATTEMPTS):
        if not coastal_armies or not free_fleets:
            break
        army = rng.choice(coastal_armies)
        if army.province in orders:
            continue
        found = _convoy_route(board, army, free_fleets, rng)
        if found is None:
            continue
        target, route = found
        for sea in route:
            orders[sea] = f"{free_fleets.pop(sea)} C {army} - {target}"
        if rng.random() < 0.12:
            continue  # the army does something else: the convoys are void
        adjacent = target in board.army_moves[army.province]
        via = " VIA" if adjacent and rng.random() < 0.5 else ""
        orders[army.province] = f"{army} - {target}{via}"
        moves[army.province] = target

    # Holds and moves; supporters are decided once every move is known.
    supporters: list[Piece] = []
    for piece in pieces:
        if piece.province in orders:
            continue
        roll = rng.random()
        if roll < HOLD_SHARE:
            orders[piece.province] = f"{piece} H"
        elif roll < HOLD_SHARE + SUPPORT_SHARE:
            supporters.append(piece)
        else:
            target = rng.choice(board.moves(piece))
            orders[piece.province] = f"{piece} - {target}"
            moves[piece.province] = province_of(target)

    for piece in supporters:
        reach = set(board.reach(piece))
        move_partners = [
            by_province[origin]
            for origin, target in sorted(moves.items())
            if target in reach and origin != piece.province
        ]
        hold_partners = [
            by_province[p]
            for p in board.reach(piece)
            if p in by_province and p not in moves and p != piece.province
        ]
        if move_partners and (rng.random() < 0.7 or not hold_partners):
            partner = _prefer_own(piece, move_partners, rng)
            orders[piece.province] = f"{piece} S {partner} - {moves[partner.province]}"
        elif hold_partners:
            partner = _prefer_own(piece, hold_partners, rng)
            orders[piece.province] = f"{piece} S {partner}"
        elif rng.random() < 0.5:
            orders[piece.province] = f"{piece} H"
        else:
            orders[piece.province] = f"{piece} - {rng.choice(board.moves(piece))}"

    for piece in pieces:
        if rng.random() < illegal_share:
            orders[piece.province] = _illegal(board, piece, pieces, rng)

    by_power: dict[str, list[str]] = {}
    for piece in pieces:
        by_power.setdefault(piece.power, []).append(orders[piece.province])
    return by_power


def _prefer_own(piece: Piece, partners: list[Piece], rng: random.Random) -> Piece:
    own = [p for p in partners if p.power == piece.power]
    return rng.choice(own if own and rng.random() < 0.75 else partners)


# -- dense positions --------------------------------------------------------------------------


def army_moves_from(board: Board, province: str) -> list[str]:
    """Where an army in `province` could move (empty on an island)."""
    return board.army_moves.get(province, [])


def dense_phase(board: Board, rng: random.Random, rules: Rules = "2023") -> Phase:
    """One random movement phase: 28-34 units on distinct provinces, a random order for each
    (on another map, as many per playable province as on the standard map's 75)."""
    scale = len(board.places) / 75
    count = rng.randint(round(28 * scale), round(34 * scale))
    places = rng.sample(board.places, count)
    pieces: list[Piece] = []
    for province in sorted(places):
        if province in board.seas:
            kind = "F"
        elif province in board.lands or not board.fleet_spots[province]:
            kind = "A"
        else:
            island = not army_moves_from(board, province)  # an army there could not move
            kind = "F" if rng.random() < 0.45 or island else "A"
        location = rng.choice(board.fleet_spots[province]) if kind == "F" else province
        pieces.append(Piece(rng.choice(board.powers), kind, location))
    owner_at = {p.province: p.power for p in pieces}
    centers: dict[str, list[str]] = {}
    for center in board.supply_centers:
        roll = rng.random()
        if roll < 0.1:
            continue  # unowned
        owner = owner_at.get(center) if roll < 0.75 else None
        owner = owner or rng.choice(board.powers)
        centers.setdefault(owner, []).append(center)
    units: dict[str, list[str]] = {}
    for piece in pieces:
        units.setdefault(piece.power, []).append(str(piece))
    season = rng.choice("SF")
    return {
        "variant": board.map.name,
        "rules": rules,
        "phase": f"{season}{rng.randint(1901, 1915)}M",
        "units": units,
        "centers": centers,
        "orders": movement_orders(board, pieces, rng),
    }


def dense_phases(board: Board, rng: random.Random, count: int, rules: Rules) -> Iterator[Phase]:
    for _ in range(count):
        yield dense_phase(board, rng, rules)


# -- whole games ------------------------------------------------------------------------------


def _pieces(state: Phase) -> list[Piece]:
    return sorted(
        (
            Piece(power, text.split()[0], text.split()[1])
            for power, texts in state.get("units", {}).items()
            for text in texts
        ),
        key=lambda p: p.province,
    )


def retreat_orders(state: Phase, rng: random.Random) -> dict[str, list[str]]:
    orders: dict[str, list[str]] = {}
    for power, entries in sorted(state.get("dislodged", {}).items()):
        for unit, retreats in sorted(entries.items()):
            if retreats and rng.random() < 0.85:
                orders.setdefault(power, []).append(f"{unit} R {rng.choice(sorted(retreats))}")
            else:
                orders.setdefault(power, []).append(f"{unit} D")
    return orders


def adjustment_orders(board: Board, state: Phase, rng: random.Random) -> dict[str, list[str]]:
    """Complete build and removal orders (no civil disorder: its rules differ between editions)."""
    orders: dict[str, list[str]] = {}
    pieces = _pieces(state)
    occupied = {p.province for p in pieces}
    for power in board.powers:
        owned = set(state.get("centers", {}).get(power, []))
        mine = [p for p in pieces if p.power == power]
        delta = len(owned) - len(mine)
        if delta < 0:
            for piece in rng.sample(mine, -delta):
                orders.setdefault(power, []).append(f"{piece} D")
        elif delta > 0:
            sites = [h for h in board.homes[power] if h in owned and h not in occupied]
            for site in rng.sample(sites, min(delta, len(sites))):
                if rng.random() < 0.08:
                    orders.setdefault(power, []).append("WAIVE")
                    continue
                spots = board.fleet_spots[site]
                if spots and (site in board.seas or rng.random() < 0.4):
                    orders.setdefault(power, []).append(f"F {rng.choice(spots)} B")
                else:
                    orders.setdefault(power, []).append(f"A {site} B")
    return orders


def phase_orders(board: Board, state: Phase, rng: random.Random) -> dict[str, list[str]]:
    kind = state["phase"][-1]
    if kind == "M":
        return movement_orders(board, _pieces(state), rng, illegal_share=0.02)
    if kind == "R":
        return retreat_orders(state, rng)
    return adjustment_orders(board, state, rng)


def start_state(board: Board, rules: Rules) -> Phase:
    units: dict[str, list[str]] = {}
    for power in board.powers:
        units[power] = sorted(board.map.powers[power].start_units)
    return {
        "variant": "standard",
        "rules": rules,
        "phase": str(board.map.start_phase),
        "units": units,
        "centers": {p: list(h) for p, h in board.homes.items()},
        "dislodged": {},
    }


def game_phases(
    board: Board,
    rng: random.Random,
    count: int,
    rules: Rules,
    step: Step,
    last_year: int = 1930,
) -> Iterator[Phase]:
    """Phases of random games, one game after another, until `count` phases are written."""
    written = 0
    while written < count:
        state: Phase | None = start_state(board, rules)
        while state is not None and written < count:
            if state.get("winner") or int(state["phase"][1:-1]) > last_year:
                break
            doc = {key: value for key, value in state.items() if key != "winner"}
            doc["orders"] = phase_orders(board, doc, rng)
            yield doc
            written += 1
            state = step(doc)


def our_step(doc: Phase) -> Phase | None:
    """The next state by our engine: the result document's `next`."""
    from adjudicator.contract.documents import adjudicate_document

    return adjudicate_document(doc)["next"]


def reference_step(doc: Phase) -> Phase | None:
    """The next state by the reference engine (bench/run.py holds the adapter)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from run import reference_next  # type: ignore[import-not-found]

    return reference_next(doc)


# -- the corpus -------------------------------------------------------------------------------


def corpus(
    phases: int,
    seed: int = 1,
    kind: str = "dense",
    rules: Rules = "2023",
    games_engine: str = "ours",
) -> Iterator[Phase]:
    """`phases` phase documents; `kind` is dense, games or mixed (half and half, interleaved)."""
    board = Board(load_map("standard"))
    rng = random.Random(seed)
    step = our_step if games_engine == "ours" else reference_step
    if kind == "dense":
        yield from dense_phases(board, rng, phases, rules)
    elif kind == "games":
        yield from game_phases(board, rng, phases, rules, step)
    elif kind == "mixed":
        games = game_phases(board, random.Random(seed + 1), phases - phases // 2, rules, step)
        dense = dense_phases(board, rng, phases // 2, rules)
        for pair in zip(games, dense, strict=False):
            yield from pair
        yield from games
        yield from dense
    else:
        raise ValueError(f"unknown corpus kind {kind!r}: dense, games or mixed")


def rules_arg(text: str) -> Rules:
    """A --rules value: an edition name, or a JSON options object such as
    '{"edition": "datc_v2", "civil_disorder": "classic"}'."""
    if text.lstrip().startswith("{"):
        value = json.loads(text)
        if not isinstance(value, dict):
            raise argparse.ArgumentTypeError("--rules: a JSON object or an edition name")
        return value
    return text


def write_corpus(path: str | Path, phases: Iterator[Phase]) -> int:
    written = 0
    with Path(path).open("w", encoding="utf-8") as out:
        for doc in phases:
            out.write(json.dumps(doc, separators=(",", ":")) + "\n")
            written += 1
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phases", type=int, default=3000, help="how many phase documents")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kind", choices=["dense", "games", "mixed"], default="dense")
    parser.add_argument(
        "--rules", type=rules_arg, default="2023", help="an edition name or a JSON object"
    )
    parser.add_argument(
        "--games-engine",
        choices=["ours", "reference"],
        default="ours",
        help="which engine plays the random games forward",
    )
    parser.add_argument("-o", "--output", default=DEFAULT_OUTPUT)
    args = parser.parse_args(argv)
    written = write_corpus(
        args.output, corpus(args.phases, args.seed, args.kind, args.rules, args.games_engine)
    )
    print(f"wrote {written} phase documents to {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
