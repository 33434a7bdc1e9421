"""Rule editions as presets of the options (adjudicator.board.rules)."""

from __future__ import annotations

import pytest

from adjudicator.board.rules import EDITIONS, Rules, rules_from, rules_spec


def test_the_dptg_edition_is_the_guide_where_the_datc_names_its_choice() -> None:
    dptg = rules_from("dptg")
    assert (dptg.multi_route_convoy, dptg.convoy_paradox, dptg.adjacent_convoy) == (
        "own_fleets_first",
        "dptg",
        "explicit",
    )
    # the issues the DATC names no DPTG choice for keep the DATC's preference
    chosen = {"edition", "multi_route_convoy", "convoy_paradox", "adjacent_convoy"}
    assert dptg.model_dump(exclude=chosen) == Rules().model_dump(exclude=chosen)


@pytest.mark.parametrize("edition", sorted(EDITIONS))
def test_a_document_writes_a_preset_by_its_name(edition: str) -> None:
    assert rules_spec(rules_from(edition)) == edition
    assert rules_from(rules_spec(rules_from(edition))) == rules_from(edition)


def test_an_option_changed_from_a_preset_is_written_with_its_base() -> None:
    changed = rules_from({"edition": "dptg", "convoy_route": "stated"})
    assert rules_spec(changed) == {"edition": "dptg", "convoy_route": "stated"} | {
        key: value
        for key, value in rules_from("dptg").model_dump(exclude_defaults=True).items()
        if key != "edition"
    }
    assert rules_from(rules_spec(changed)) == changed


def test_a_bad_option_value_is_named() -> None:
    with pytest.raises(ValueError, match="convoy_route"):
        rules_from({"convoy_route": "sometimes"})
