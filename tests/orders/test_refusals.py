"""orders.refusals: every refusal is written from one template, and its kind is read back from
the words alone (what a result keeps), so a report needing the kind never matches English."""

from __future__ import annotations

import string

import pytest

from adjudicator.orders import refusals
from adjudicator.orders.refusals import TEMPLATES, kind_of, reason


def _filled(template: str) -> dict[str, str]:
    """Each field of a template given a value of its own."""
    fields = [field for _, field, _, _ in string.Formatter().parse(template) if field]
    return {field: f"<{field} {i}>" for i, field in enumerate(fields)}


@pytest.mark.parametrize("key", [k for k, (_, kind) in TEMPLATES.items() if kind is not None])
def test_every_reason_reads_back_as_its_own_kind(key: str) -> None:
    template, kind = TEMPLATES[key]
    assert kind_of(reason(key, **_filled(template))) is kind


@pytest.mark.parametrize("key", [k for k, (_, kind) in TEMPLATES.items() if kind is not None])
def test_a_wrapped_reason_has_the_kind_of_the_one_it_wraps(key: str) -> None:
    template, kind = TEMPLATES[key]
    wrapped = reason("supported_move", problem=reason(key, **_filled(template)))
    assert kind_of(wrapped) is kind


def test_words_of_no_template_have_no_kind() -> None:
    assert kind_of("France is in civil disorder (rulebook XIV.3): its orders are ignored") is None
    assert kind_of(None) is None
    assert kind_of("") is None


def test_no_filled_template_also_reads_as_an_earlier_one_of_another_kind() -> None:
    """`kind_of` takes the first template that matches a reason's words: a particular wording
    must come before any general one that would also match it with another kind."""
    patterns = refusals._patterns()
    for position, (key, (template, kind)) in enumerate(TEMPLATES.items()):
        words = reason(key, **_filled(template))
        for pattern, earlier in patterns[:position]:
            if pattern.fullmatch(words):
                assert earlier == kind, f"{key!r} reads as an earlier template's kind {earlier}"


@pytest.mark.parametrize("key", list(TEMPLATES))
def test_a_reason_is_its_template_filled_in(key: str) -> None:
    """`reason` fills a template in with `%` (cheaper than str.format): the words are the
    template's str.format, whatever the fields hold (a unit, a number, '%' or braces)."""
    from adjudicator.board.types import UnitType
    from adjudicator.orders.model import UnitRef

    template = TEMPLATES[key][0]
    for value in (UnitRef(UnitType.FLEET, "STP/SC"), 7, "100% {x} %(y)s"):
        fields = {field: value for field in _filled(template)}
        assert reason(key, **fields) == template.format(**fields)
