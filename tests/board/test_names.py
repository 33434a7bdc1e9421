"""Name resolution against the map: tiers, ambiguity, suggestions, coasts, powers, hyphens."""

from __future__ import annotations

import pytest

from adjudicator.board.map import load_map
from adjudicator.board.names import (
    AmbiguousName,
    Place,
    UnknownName,
    join_compounds,
    normalize,
    resolve_coast,
    resolve_place,
    resolve_power,
    resolve_province,
)

MAP = load_map()


def test_normalize_ignores_case_and_punctuation() -> None:
    assert normalize("St.-Petersburg") == "st petersburg"
    assert normalize("  MID_atlantic   Ocean ") == "mid atlantic ocean"


@pytest.mark.parametrize(
    ("text", "province"),
    [
        ("LON", "LON"),  # code
        ("lon", "LON"),
        ("London", "LON"),  # full name
        ("north sea", "NTH"),
        ("Mid-Atlantic Ocean", "MAO"),
        ("St. Petersburg", "STP"),
        ("st-petersburg", "STP"),
        ("ST PETERSBURG", "STP"),
        ("Saint Petersburg", "STP"),  # alias
        ("heligoland", "HEL"),
        ("nrg", "NWG"),
        ("NorthSea", "NTH"),  # squeezed name
        ("stpetersburg", "STP"),
        ("Lond", "LON"),  # unique prefix
        ("Livon", "LVN"),
        ("Mid Atl", "MAO"),  # prefixes of the words of a name
        ("North Atl", "NAO"),
        ("Gulf Lyon", "LYO"),
        ("Gulf L", "LYO"),
        ("Gulf of B", "BOT"),
        ("St P", "STP"),
        ("Tyr", "TYR"),  # a code beats the prefix of 'Tyrrhenian'
        ("Eng", "ENG"),
        ("W Med", "WES"),
    ],
)
def test_resolves(text: str, province: str) -> None:
    assert resolve_province(MAP, text) == province


@pytest.mark.parametrize(
    ("text", "candidates"),
    [
        ("Nor", ("NWY", "NTH", "NAF", "NWG", "NAO")),
        ("North", ("NTH", "NAF", "NAO")),
        ("Gulf", ("LYO", "BOT")),
        ("Sw", ("SWE", "SWI")),
        ("Atlantic", ()),
    ],
)
def test_ambiguous_names_list_every_candidate(text: str, candidates: tuple[str, ...]) -> None:
    if not candidates:
        with pytest.raises(UnknownName):
            resolve_province(MAP, text)
        return
    with pytest.raises(AmbiguousName) as caught:
        resolve_province(MAP, text)
    assert caught.value.candidates == candidates
    assert str(caught.value) == f"ambiguous province '{text}': {', '.join(candidates)}"


def test_nor_is_the_rulebooks_example_of_an_ambiguous_name() -> None:
    with pytest.raises(AmbiguousName) as caught:
        resolve_province(MAP, "Nor")
    assert set(caught.value.candidates) == {"NWY", "NTH", "NWG", "NAF", "NAO"}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Lodnon", "unknown province 'Lodnon' \u2014 did you mean London (LON)?"),
        ("Sweeden", "unknown province 'Sweeden' \u2014 did you mean Sweden (SWE)?"),
        ("Holand", "unknown province 'Holand' \u2014 did you mean Holland (HOL)?"),
        ("tunsi", "unknown province 'tunsi' \u2014 did you mean Tunis (TUN) or Tuscany (TUS)?"),
        ("Xyzzy", "unknown province 'Xyzzy'"),
    ],
)
def test_unknown_names_suggest_the_closest(text: str, message: str) -> None:
    with pytest.raises(UnknownName) as caught:
        resolve_province(MAP, text)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("words", "place"),
    [
        (["Spain"], Place("SPA")),
        (["Spain", "nc"], Place("SPA", "NC")),
        (["Spain", "north", "coast"], Place("SPA", "NC")),
        (["Spa", "NORTH"], Place("SPA", "NC")),
        (["Bul", "e"], Place("BUL", "EC")),
        (["St", "Petersburg", "south", "coast"], Place("STP", "SC")),
        (["North", "Sea"], Place("NTH")),  # a whole name wins over 'North' + 'Sea'
        (["East"], Place("EAS")),  # an alias, not a coast
        (["Brest", "east", "coast"], Place("BRE", "EC")),  # irrelevant: the reader drops it
    ],
)
def test_places_with_coast_words(words: list[str], place: Place) -> None:
    assert resolve_place(MAP, words) == place


def test_place_errors_are_those_of_the_whole_phrase() -> None:
    with pytest.raises(UnknownName, match="unknown province 'Spian nc'"):
        resolve_place(MAP, ["Spian", "nc"])


@pytest.mark.parametrize(
    ("text", "coast"),
    [("nc", "NC"), ("NC", "NC"), ("north coast", "NC"), ("North", "NC"), ("s", "SC"), ("ec", "EC")],
)
def test_coasts(text: str, coast: str) -> None:
    assert resolve_coast(MAP, text) == coast


def test_unknown_coast() -> None:
    with pytest.raises(UnknownName, match="unknown coast 'nx' \u2014 did you mean NC"):
        resolve_coast(MAP, "nx")


@pytest.mark.parametrize(
    ("text", "power"),
    [("england", "ENGLAND"), ("ENGLAND", "ENGLAND"), ("English", "ENGLAND"), ("Turkish", "TURKEY")],
)
def test_powers(text: str, power: str) -> None:
    assert resolve_power(MAP, text) == power


def test_unknown_power() -> None:
    assert resolve_power(MAP, "Narnia") is None


@pytest.mark.parametrize(
    ("text", "joined"),
    [
        ("F Mid-Atlantic Ocean - Spa", "F Mid_Atlantic Ocean - Spa"),
        ("F Por-Mid-Atlantic", "F Por-Mid_Atlantic"),
        ("A st-petersburg - Mos", "A st_petersburg - Mos"),
        ("A St-P - Mos", "A St_P - Mos"),
        ("F Lon-Nth", "F Lon-Nth"),
        ("A Par-Bur", "A Par-Bur"),
        ("no hyphen here", "no hyphen here"),
    ],
)
def test_hyphens_inside_names_are_joined(text: str, joined: str) -> None:
    assert join_compounds(MAP, text) == joined
    assert len(join_compounds(MAP, text)) == len(text)
