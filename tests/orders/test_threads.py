"""Reading and adjudicating from eight threads at once gives exactly the single-threaded results.

The inputs are made so that the same order text recurs across positions where the units it
names belong to other powers or are of another type: the case a shared, mutable memo inside a
cache got wrong under threads (another thread's units, this thread's order).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from random import Random
from typing import Any

import pytest

from adjudicator.board.map import load_map
from adjudicator.board.types import UnitType
from adjudicator.contract.documents import adjudicate_document

MAP = load_map("standard")
POWERS = sorted(MAP.powers)
# A crowded corner of the board: few provinces, so the same texts meet different units.
REGION = ("MUN", "BER", "KIE", "SIL", "BOH", "TYR", "RUH", "BUR", "PRU", "HOL", "DEN", "BAL")
THREADS = 8


def _unit(rng: Random, province: str) -> tuple[str, str]:
    prov = MAP.provinces[province]
    fleet_ok = prov.is_coastal and not prov.coasts
    kind = "F" if fleet_ok and rng.random() < 0.5 else "A"
    if prov.is_sea:
        kind = "F"
    return kind, f"{kind} {province}"


def _text(rng: Random, kind: str, province: str, placed: dict[str, str]) -> str:
    """One order text; the unit type written for another unit is a guess, as players guess."""
    others = [p for p in placed if p != province]
    roll = rng.random()
    near = sorted(p for p in REGION if p != province)
    if roll < 0.3 or not others:
        return f"{kind} {province} - {rng.choice(near)}"
    if roll < 0.4:
        return f"{kind} {province} H"
    other = rng.choice(others)
    written = rng.choice("AF")
    if roll < 0.7:
        return f"{kind} {province} S {written} {other}"
    return f"{kind} {province} S {written} {other} - {rng.choice(near)}"


def _documents(count: int, seed: int) -> list[dict[str, Any]]:
    rng = Random(seed)
    documents = []
    for _ in range(count):
        provinces = rng.sample(REGION, rng.randint(4, len(REGION)))
        units: dict[str, list[str]] = {}
        orders: dict[str, list[str]] = {}
        placed: dict[str, str] = {}
        for province in provinces:
            power = rng.choice(POWERS)
            kind, unit = _unit(rng, province)
            placed[province] = kind
            units.setdefault(power, []).append(unit)
        for power, power_units in units.items():
            orders[power] = [_text(rng, unit[0], unit[2:], placed) for unit in power_units]
        documents.append({"phase": "S1901M", "units": units, "orders": orders})
    return documents


def _rounds(documents: list[dict[str, Any]], seed: int, repeat: int) -> Iterator[int]:
    rng = Random(seed)
    for _ in range(repeat):
        order = list(range(len(documents)))
        rng.shuffle(order)
        yield from order


@pytest.fixture
def fast_switching() -> Iterator[None]:
    """Switch threads often, so that interleavings that are rare in real use happen here."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(before)


def test_eight_threads_agree_with_one(fast_switching: None) -> None:
    from adjudicator.orders import interpret, strings  # the caches under test

    documents = _documents(300, seed=7)
    expected = [adjudicate_document(doc) for doc in documents]
    assert len({str(e["orders"]) for e in expected}) > 250  # distinct inputs, distinct outcomes

    def worker(seed: int) -> list[int]:
        wrong = []
        for index in _rounds(documents, seed, repeat=6):
            try:
                if adjudicate_document(documents[index]) != expected[index]:
                    wrong.append(index)
            except Exception:  # a crash is a wrong answer too
                wrong.append(index)
        return wrong

    for cached in (interpret._reading, interpret._order):
        cached.cache_clear()  # start cold: every thread fills the caches at the same time
    strings.forget()
    with ThreadPoolExecutor(THREADS) as pool:
        wrong = [i for found in pool.map(worker, range(THREADS)) for i in found]
    assert wrong == []


def test_the_inputs_share_texts_across_owners() -> None:
    """The test above means something only if one text meets different units."""
    documents = _documents(300, seed=7)
    owners: dict[str, set[str]] = {}
    for doc in documents:
        for power, texts in doc["orders"].items():
            for text in texts:
                owners.setdefault(text, set()).add(power)
    shared = [t for t, powers in owners.items() if len(powers) > 1]
    assert len(shared) > 100
    assert UnitType.FLEET  # the region mixes armies and fleets
