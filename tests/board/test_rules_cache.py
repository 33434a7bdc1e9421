"""Rule options: each edition and each options object is built once and shared (the model is
frozen), and equal-looking values of different types stay different options."""

from __future__ import annotations

import pytest

from adjudicator.board.rules import Rules, rules_from, rules_spec


def test_an_edition_is_built_once() -> None:
    assert rules_from("2023") is rules_from("2023")
    assert rules_from("1971") is rules_from("1971")
    assert rules_from("1971").multi_route_convoy == "any_route"


def test_an_options_object_is_built_once_and_read_as_before() -> None:
    spec = {"edition": "datc_v2", "civil_disorder": "classic"}
    assert rules_from(spec) is rules_from(dict(spec))
    assert rules_from(spec) == Rules(
        edition="datc_v2", adjacent_convoy="land_fallback", civil_disorder="classic"
    )
    assert rules_spec(rules_from(spec)) == {
        "adjacent_convoy": "land_fallback",
        "civil_disorder": "classic",
        "edition": "datc_v2",
    }
    assert rules_spec(rules_from("datc_v2")) == "datc_v2"


def test_values_of_other_types_are_not_mixed_up_by_the_cache() -> None:
    assert rules_from({"end_year": 1910}).end_year == 1910
    with pytest.raises(ValueError, match="end_year"):
        rules_from({"end_year": 1910.5})
    # a list of powers is not hashable: still read, each time
    assert rules_from({"disorder": ["ITALY"]}).disorder == ("ITALY",)
    assert rules_from({"disorder": "ITALY FRANCE"}).disorder == ("ITALY", "FRANCE")


def test_a_bad_option_is_refused_every_time() -> None:
    for _ in range(2):
        with pytest.raises(ValueError, match="unknown option"):
            rules_from({"colour": "blue"})
