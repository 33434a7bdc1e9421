"""One order's text read as far as it can be without the power and the position, and the order
it gives the units it names: the two steps every way of reading an order shares (a sheet's
pieces in `interpret`, strings of one order in `strings`)."""

from __future__ import annotations

from typing import NamedTuple

from adjudicator.board.map import Map
from adjudicator.board.types import PhaseKind
from adjudicator.orders import model
from adjudicator.orders.daide import read_raw
from adjudicator.orders.legality import Depends, fixed_reason
from adjudicator.orders.parse import RawOrder, RawUnit, Span, SyntaxProblem
from adjudicator.orders.reader import FORMS, WRONG_PHASE, Problem, Reader, stray_word
from adjudicator.orders.spelling import NOT_AN_ORDER, is_chatter


class Reading(NamedTuple):
    """One order's text as far as it can be read without the power and the position: where
    the units it names stand. Immutable: it lives in caches shared by every thread (a named
    tuple: one is made for every text met, and tuples are the cheapest to make)."""

    raw: RawOrder
    own: str | None  # the province of the ordered unit (None for builds and waives)
    other: str | None  # the province of a supported or convoyed unit, when it has one


class Unreadable(NamedTuple):
    """Why a text cannot be an order (a cached value, so not the exception itself)."""

    message: str
    span: Span


KINDS = {kind.value: kind for kind in PhaseKind}
Read = tuple[model.Order, str | Depends | None] | Unreadable
"""An order with its fixed legality (`fixed_reason`), or why the text gives none."""


def _province_of(reader: Reader, raw: RawUnit | None) -> str | None:
    if raw is None:
        return None
    try:
        return reader.unit_place(raw).province
    except Problem:
        return None


def read_text(game_map: Map, kind_code: str, text: str) -> Reading | Unreadable:
    """What one order's text says before the power and the position are looked at, or why it
    cannot be an order whatever they are."""
    kind = KINDS[kind_code]
    raw = read_raw(game_map, text)
    if isinstance(raw, SyntaxProblem):
        if is_chatter(game_map, text):
            return Unreadable(NOT_AN_ORDER, (0, len(text)))
        stray = stray_word(game_map, text, raw.message)
        return Unreadable(stray.message, stray.span) if stray else Unreadable(raw.message, raw.span)
    if raw.form not in FORMS[kind]:
        return Unreadable(WRONG_PHASE[kind], (0, len(text)))
    reader = Reader(game_map, kind, text, None, None)
    own = None
    if raw.form not in ("waive", "build_after", "build_before"):
        assert raw.unit is not None
        try:
            own = reader.unit_place(raw.unit).province
        except Problem as problem:
            return Unreadable(problem.message, problem.span)
    return Reading(raw, own, _province_of(reader, raw.other))


def order_of(
    game_map: Map,
    kind_code: str,
    text: str,
    raw: RawOrder,
    own: model.UnitRef | None,
    other: model.UnitRef | None,
) -> Read:
    """The order a text gives the units it names as they stand, whoever owns them, with the
    part of its legality that does not depend on the rest of the board."""
    try:
        order = Reader(game_map, KINDS[kind_code], text, own, other).order(raw)
    except Problem as problem:
        return Unreadable(problem.message, problem.span)
    return order, fixed_reason(game_map, order)
