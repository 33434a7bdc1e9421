"""One order's text against the map and the units it names: the reader's rules of meaning.

`Reader` turns a raw order (the grammar's shape, names as written) into a typed order for the
units the position has where the text names them; `interpret` decides which units those are,
keeps what it learnt, and turns a `Problem` into an error entry.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from adjudicator.board.bounded import keep
from adjudicator.board.convoy import route_problem
from adjudicator.board.map import Map
from adjudicator.board.names import (
    NameProblem,
    Place,
    location_for,
    resolve_power,
    resolve_province,
)
from adjudicator.board.types import PhaseKind, Unit, UnitType
from adjudicator.orders import model
from adjudicator.orders.parse import (
    RawOrder,
    RawPlace,
    RawUnit,
    Span,
    first_words,
    order_words,
    resolve_written_place,
)

_MOVEMENT_FORMS: Final = frozenset({"hold", "move", "support_hold", "support_move", "convoy"})
_RETREAT_FORMS: Final = frozenset({"move", "retreat", "disband_after", "remove_before"})
_ADJUSTMENT_FORMS = frozenset(
    {"build_after", "build_before", "disband_after", "remove_before", "waive"}
)
WRONG_PHASE = {
    PhaseKind.MOVEMENT: "only holds, moves, supports and convoys are ordered in a movement phase",
    PhaseKind.RETREAT: "only retreats and disbands can be ordered in a retreat phase",
    PhaseKind.ADJUSTMENT: "only builds, removals and waives can be ordered in an adjustment phase",
}
_RETREAT: Final = PhaseKind.RETREAT
_ARMY: Final = UnitType.ARMY
_FLEET: Final = UnitType.FLEET
"""Enum members as constants: a member is a slow attribute in CPython 3.11 (~0.3 µs a look-up)."""
FORMS = {
    PhaseKind.MOVEMENT: _MOVEMENT_FORMS,
    PhaseKind.RETREAT: _RETREAT_FORMS,
    PhaseKind.ADJUSTMENT: _ADJUSTMENT_FORMS,
}


# -- one order ----------------------------------------------------------------------------


def ref(unit_type: UnitType, location: str) -> model.UnitRef:
    """One shared UnitRef per unit type and map location (a few hundred per map), rather than
    one per order kept in the caches: kept in a plain dict per type, by location (a
    `functools.cache` call makes and hashes a key tuple: compiled, several times the
    instructions of this look-up)."""
    refs = _FLEET_REFS if unit_type is _FLEET else _ARMY_REFS
    found = refs.get(location)
    if found is None:
        found = keep(refs, location, model.UnitRef(unit_type, location), 1 << 12)
    return found


_ARMY_REFS: Final[dict[str, model.UnitRef]] = {}
_FLEET_REFS: Final[dict[str, model.UnitRef]] = {}
REFS: Final = {_ARMY: _ARMY_REFS, _FLEET: _FLEET_REFS}
"""Each type's `ref` tables (by location), for a caller that looks a kept one up itself (a
look-up, where `ref` is a call), and calls `ref` when it finds none."""


class Problem(Exception):
    """Why one order's text cannot become an order, and where."""

    def __init__(self, message: str, span: Span) -> None:
        super().__init__(message)
        self.message = message
        self.span = span


def owner_problem(
    game_map: Map, kind: PhaseKind, power: str, province: str, unit: Unit | None
) -> str | None:
    """Why the unit found where an order's unit is written cannot take this power's order."""
    if unit is None:
        dislodged = "dislodged " if kind is _RETREAT else ""
        return f"no {dislodged}unit in {game_map.provinces[province].name} ({province})"
    if unit.power != power:
        owner_info = game_map.powers.get(unit.power)
        owner = owner_info.name if owner_info else unit.power
        mine = game_map.powers[power].name
        return f"{unit} belongs to {owner}, not {mine}"
    return None


@dataclass(slots=True)
class Reader:
    """Reads one order against the map and the two units of the position it depends on: the
    ordered unit as it stands (or, in a retreat phase, lies dislodged) where it is written,
    already known to be the ordering power's, and the unit standing where a supported or
    convoyed unit is written. Type and coast come from the position, whatever was written
    (DATC 4.C.2, 4.B.5)."""

    map: Map
    kind: PhaseKind
    text: str
    own: model.UnitRef | None
    other: model.UnitRef | None

    def place(self, place: RawPlace) -> Place:
        try:
            return resolve_written_place(self.map, place)
        except NameProblem as problem:
            coast_error = str(problem).startswith("unknown coast")
            span = place.coast_span if coast_error and place.coast_span else place.span
            raise Problem(str(problem), span) from None

    def unit_place(self, raw: RawUnit) -> Place:
        """The place of a unit phrase; a leading nationality without a unit type
        ('Russian War') is dropped when the whole phrase is not a place."""
        try:
            return self.place(raw.place)
        except Problem:
            words = raw.place.words
            if len(words) > 1 and resolve_power(self.map, words[0]) is not None:
                try:
                    return self.place(RawPlace(words[1:], raw.place.span, raw.place.coast))
                except Problem:
                    pass
            raise

    def other_unit(self, raw: RawUnit) -> model.UnitRef:
        """A supported or convoyed unit (see `other_unit`)."""
        return other_unit(self.map, self.other, raw.type, self.unit_place(raw))

    def route(self, unit: model.UnitRef, raw: RawOrder, target: str) -> tuple[str, ...]:
        """The seas a move names on its way ('A Lon-Nth-Bel'), checked to be a chain of seas
        from the unit to the target province; else the first wrong step is the error."""
        seas = tuple(self.place(place).province for place in raw.route)
        spans = [place.span for place in (*raw.route, raw.target) if place is not None]
        problem = route_problem(self.map, unit.province, seas, target, spans)
        if problem is not None:
            raise Problem(*problem)
        return seas

    def build(self, raw: RawUnit) -> model.Build:
        """A build; a missing unit type means an army inland and a fleet where a coast was
        named, and is an error in a coastal province without one (DATC 4.C.3)."""
        place = self.place(raw.place)
        prov = self.map.provinces[place.province]
        unit_type = raw.type
        if unit_type is None:
            if prov.is_land:
                unit_type = UnitType.ARMY
            elif prov.is_sea or place.coast in prov.coasts:
                unit_type = UnitType.FLEET
            else:
                raise Problem(
                    f"build an army or a fleet? Write A or F before {prov.name}", raw.span
                )
        return model.Build(ref(unit_type, location_for(self.map, unit_type, place)))

    def order(self, raw: RawOrder) -> model.Order:
        whole = (0, len(self.text))
        if raw.form not in FORMS[self.kind]:
            raise Problem(WRONG_PHASE[self.kind], whole)
        if raw.form == "waive":
            return model.Waive()
        assert raw.unit is not None
        if raw.form in ("build_after", "build_before"):
            return self.build(raw.unit)
        own = self.own
        assert own is not None
        other = None if raw.other is None else self.other_unit(raw.other)
        target = None if raw.target is None else self.place(raw.target)
        by_convoy = raw.via_convoy or bool(raw.route)
        route: tuple[str, ...] = ()
        if raw.route and self.kind is not _RETREAT:
            assert target is not None
            route = self.route(own, raw, target.province)
        return made(self.map, self.kind, raw.form, own, other, target, by_convoy, route, whole)


def other_unit(
    game_map: Map, other: model.UnitRef | None, written: UnitType | None, place: Place
) -> model.UnitRef:
    """A supported or convoyed unit written at `place`: as it stands when there is one
    (nationality and type as written are ignored, DATC 4.C.6), else as written, else guessed
    from the terrain."""
    if other is not None:
        return other
    unit_type = written
    if unit_type is None:
        sea = game_map.provinces[place.province].is_sea
        unit_type = _FLEET if sea else _ARMY
    return ref(unit_type, location_for(game_map, unit_type, place))


def destination(game_map: Map, unit: model.UnitRef, place: Place) -> str:
    """Where a unit is sent. Armies ignore coasts (4.B.6); a fleet keeps a real coast of the
    province even if it cannot reach it (illegal, 4.B.3), else gets the only coast it can
    reach (4.B.2); with two reachable coasts and none named the target stays a bare province,
    which legality rejects (4.B.1)."""
    province = place.province
    coasts = game_map.provinces[province].coasts
    if unit.type is _ARMY or not coasts:
        return province
    if place.coast in coasts:
        return f"{province}/{place.coast}"
    options = game_map.fleet_targets(unit.location, province)
    return options[0] if len(options) == 1 else province


def made(
    game_map: Map,
    kind: PhaseKind,
    form: str,
    own: model.UnitRef,
    other: model.UnitRef | None,
    target: Place | None,
    by_convoy: bool,
    route: tuple[str, ...],
    whole: Span,
) -> model.Order:
    """The order of a form that orders a unit (not a build) once its names are resolved: the
    ordered unit and the other unit as they stand (or as written), the target's place, and a
    move's convoy (a route already checked). `whole` is the text's span, for the one error
    left: a retreat by convoy."""
    if form in ("disband_after", "remove_before"):
        return model.Disband(own)
    if form == "hold":
        return model.hold(own)
    if form == "support_hold":
        assert other is not None
        return model.support_hold(own, other)
    assert target is not None
    if form in ("move", "retreat"):
        sent = destination(game_map, own, target)
        if kind is _RETREAT:
            if by_convoy:
                raise Problem("a retreat cannot go by convoy", whole)
            return model.Retreat(own, sent)
        return model.move(own, sent, by_convoy, route)
    assert other is not None
    if form == "support_move":
        # a coast named for a supported fleet must match its move (4.B.4, 6.B.9)
        return model.support_move(own, other, location_for(game_map, other.type, target))
    if form == "convoy":
        return model.convoy(own, other, target.province)
    raise AssertionError(form)  # pragma: no cover - the forms of FORMS


def stray_word(game_map: Map, text: str, message: str) -> Problem | None:
    """A clearer error for an order that stops after a place ('A Par X Bur'): the grammar reads
    all those words as one place name and complains at the end, so point at the first word after
    the longest name the map knows. None when that does not apply."""
    if not message.startswith("incomplete order"):
        return None
    words = [(m.group(), m.span()) for m in re.finditer(r"[^\s.,;]+", text)]
    if words and words[0][0].lower() in first_words("army", "fleet"):
        words = words[1:]
    run = 0
    while run < len(words) and words[run][0].lower() not in order_words():
        run += 1
    known = 0
    for count in range(1, run):
        try:
            resolve_province(game_map, " ".join(w for w, _ in words[:count]))
        except NameProblem:
            continue
        known = count
    if not known:
        return None
    stray, span = words[known]
    place = " ".join(w for w, _ in words[:known])
    expected = message.partition("expected ")[2]
    return Problem(f"unexpected '{stray}' after '{place}': expected {expected}", span)
