"""The words of a phase document's board: unit strings, powers, centres, read once per map.

A board has few distinct unit strings and centre names, so what a document says is kept per
map (`Vocabulary`) and read again by one subscript. Each reader has a plain loop for the
contract's own spelling (nearly every document) and reads anything else one by one, which
words the error (contract/reading.py reads the rest of the document).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, NamedTuple

from adjudicator.board.bounded import keep
from adjudicator.board.map import Map
from adjudicator.board.names import unknown_power
from adjudicator.board.position import Dislodged
from adjudicator.board.rules import Rules
from adjudicator.board.types import Unit
from adjudicator.contract.errors import DocumentError, Malformed


class Vocabulary(NamedTuple):
    """What phase documents on one map have said before (a board has few distinct unit
    strings and centre names), so each is read once: per power, unit string -> the province
    it stands in and the unit; centre name as written -> its code."""

    map: Map
    units: dict[str, dict[str, _Placed]]
    centers: dict[str, str]
    powers: dict[str, str]
    """Each power's code -> itself (never changed), in sorted order (as result documents
    list them)."""
    supply_centers: frozenset[str]
    rules: dict[str, Rules]
    """Rule editions named in documents on this map, their power names checked (a few)."""


_VOCABULARIES: Final[dict[Map, Vocabulary]] = {}
_WORDS_LIMIT: Final = 4096  # per table; past it the table starts again (odd spellings: a key each)


def vocabulary_of(game_map: Map) -> Vocabulary:
    vocabulary = _VOCABULARIES.get(game_map)
    if vocabulary is None:
        units: dict[str, dict[str, _Placed]] = {power: {} for power in game_map.powers}
        vocabulary = Vocabulary(
            game_map,
            units,
            {},
            {code: code for code in sorted(info.code for info in game_map.powers.values())},
            game_map.supply_centers,
            {},
        )
        keep(_VOCABULARIES, game_map, vocabulary, 64)  # maps read from files: bounded too
    return vocabulary


_Placed = tuple[str, Unit]
"""The province a unit stands in, and the unit: an item of a position's `units`."""


def read_unit(game_map: Map, known: dict[str, _Placed], power: str, text: str) -> _Placed:
    """A unit string of `power` (`known`: those read before on this map). The unit is the
    map's shared one (`MapFacts.unit`), the one the engine places when a unit moves there."""
    placed = known.get(text)
    if placed is None:
        if type(text) is not str:
            raise Malformed
        try:
            unit = Unit.parse(power, text)
        except ValueError:
            expected = "expected e.g. 'A PAR' or 'F STP/SC'"
            raise DocumentError(f"bad unit {text!r} of {power}: {expected}") from None
        if not game_map.is_valid_location(unit.type, unit.location):
            raise DocumentError(f"unit {text!r} of {power} cannot stand there on {game_map.name}")
        facts = game_map.facts
        unit = facts.unit(power, unit.type, unit.location)
        placed = keep(known, text, (facts.province[unit.location], unit), _WORDS_LIMIT)
    return placed


def power_code(game_map: Map, name: str) -> str:
    info = game_map.powers.get(name)
    if info is not None:  # already a power's code: the usual case
        return info.code
    if type(name) is not str:
        raise Malformed
    power = name.upper()
    if power not in game_map.powers:
        raise DocumentError(str(unknown_power(game_map, name)))
    return power


def read_units(
    game_map: Map, vocabulary: Vocabulary, unit_lists: Mapping[str, list[str]]
) -> dict[str, Unit]:
    """Province -> unit; one unit a province. A document naming its powers by code with
    strings read before (nearly every one) is read in one plain loop, a subscript a string,
    the count of units compared with the strings' at the end (a generator or a call per
    power or string cost a third more; C-level map and dict.update more still); any other
    string by string (`units_one_by_one`), which words the error."""
    if type(unit_lists) is not dict:
        raise Malformed
    units: dict[str, Unit] = {}
    known_units, count = vocabulary.units, 0
    try:  # a power by code, a string read before (nearly all): one subscript each, no test
        for name, texts in unit_lists.items():
            known = known_units[name]
            if type(texts) is not list:
                break
            for text in texts:
                province, unit = known[text]
                units[province] = unit
            count += len(texts)
        else:
            if len(units) == count:  # else two units in one province
                return units
    except KeyError:
        pass
    return units_one_by_one(game_map, vocabulary, unit_lists)


def units_one_by_one(
    game_map: Map, vocabulary: Vocabulary, unit_lists: Mapping[str, list[str]]
) -> dict[str, Unit]:
    """`read_units` string by string: the same units, or the error of the first bad value."""
    units: dict[str, Unit] = {}
    powers, known_units = game_map.powers, vocabulary.units
    for name, texts in unit_lists.items():
        info = powers.get(name)
        power = power_code(game_map, name) if info is None else info.code
        if type(texts) is not list:
            raise Malformed
        known = known_units[power]
        for text in texts:
            province, unit = read_unit(game_map, known, power, text)
            if province in units:
                raise DocumentError(f"two units in {province}: {units[province]}, {text}")
            units[province] = unit
    return units


def read_centers(
    game_map: Map, vocabulary: Vocabulary, center_lists: Mapping[str, list[str]]
) -> dict[str, str]:
    """Centre -> owner; every name a supply centre, every centre listed once."""
    centers = centers_by_code(vocabulary, center_lists)
    if centers is None:
        return centers_one_by_one(game_map, vocabulary.centers, center_lists)
    return centers


def centers_by_code(
    vocabulary: Vocabulary, center_lists: Mapping[str, list[str]]
) -> dict[str, str] | None:
    """`read_centers` of a document in the contract's spelling (powers and centres by code,
    each centre once: nearly every one), in one plain loop, the names checked as the dict's
    keys at the end and their count compared with the names'; None for any other."""
    if type(center_lists) is not dict:
        raise Malformed
    centers: dict[str, str] = {}
    powers, count = vocabulary.powers, 0
    try:  # a power by code (nearly all): one subscript, no test
        for name, provinces in center_lists.items():
            power = powers[name]
            if type(provinces) is not list:
                return None
            for province in provinces:
                centers[province] = power
            count += len(provinces)
    except KeyError:
        return None
    if len(centers) != count or not vocabulary.supply_centers.issuperset(centers):
        return None
    return centers


def centers_one_by_one(
    game_map: Map, codes: dict[str, str], center_lists: Mapping[str, list[str]]
) -> dict[str, str]:
    """`read_centers` name by name (`codes`: the names read before on this map): the same
    centres, or the error of the first bad value (one power listing a centre twice is
    none)."""
    centers: dict[str, str] = {}
    powers = game_map.powers
    for name, provinces in center_lists.items():
        info = powers.get(name)
        power = power_code(game_map, name) if info is None else info.code
        if type(provinces) is not list:
            raise Malformed
        for province in provinces:
            try:  # a name read before: one subscript
                code = codes[province]
            except KeyError:
                code = _center_code(game_map, codes, power, province)
            if centers.setdefault(code, power) != power:
                raise DocumentError(
                    f"centers: {code} is listed for both {centers[code]} and {power}; "
                    "a centre has one owner"
                )
    return centers


def _center_code(game_map: Map, codes: dict[str, str], power: str, province: str) -> str:
    """The supply centre a name of `power`'s centres stands for ('par' -> 'PAR')."""
    if type(province) is not str:
        raise Malformed
    supply_centers = game_map.supply_centers
    code = province if province in supply_centers else province.upper()
    if code not in supply_centers:
        raise DocumentError(f"{province!r} of {power} is not a supply centre")
    return keep(codes, province, code, _WORDS_LIMIT)


def read_dislodged(
    game_map: Map, vocabulary: Vocabulary, entries_by_power: Mapping[str, dict[str, list[str]]]
) -> dict[str, Dislodged]:
    if type(entries_by_power) is not dict:
        raise Malformed
    dislodged: dict[str, Dislodged] = {}
    for name, entries in entries_by_power.items():
        power = power_code(game_map, name)
        if type(entries) is not dict:
            raise Malformed
        for text, retreats in entries.items():
            province, unit = read_unit(game_map, vocabulary.units[power], power, text)
            if type(retreats) is not list or not all(type(r) is str for r in retreats):
                raise Malformed
            if province in dislodged:
                earlier = dislodged[province].unit
                raise DocumentError(f"two dislodged units in {province}: {earlier}, {text}")
            dislodged[province] = Dislodged(unit, tuple(r.upper() for r in retreats))
    return dislodged
