"""Rule options: every DATC section-4 choice the engine depends on, as one frozen model.

Defaults are DATC v3.0's preferences (the 2023 rulebook). A phase document's `rules` is an
edition name from EDITIONS or an object of fields (optionally with "edition" as its base).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator


class Rules(BaseModel):
    """One field per rule choice; the docstring of each names the DATC issue it settles."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    edition: str = "2023"
    """The preset this set of options started from (informational)."""

    multi_route_convoy: Literal["all_routes", "any_route", "own_fleets_first"] = "all_routes"
    """4.A.1: a convoy with several routes is disrupted only when all routes are (1982 on)
    or as soon as any route is (1971); "own_fleets_first" (the DPTG): as soon as any route is,
    but when the army's own power's convoying fleets form a route, only they carry it (foreign
    convoys are not used when not needed, DATC 6.F.10, 6.F.11)."""

    convoy_paradox: Literal["szykman", "1982", "dptg"] = "szykman"
    """4.A.2: a convoy paradox is broken by the Szykman rule (the convoying fleets hold), by
    the 1982 rule (a convoyed army never cuts a support of an attack on a body of water that
    holds a convoying fleet) or by the DPTG's (the outcome in which every convoy of the paradox
    fails, when that outcome is consistent; otherwise all its moves fail, DATC 6.F.22-6.F.24)."""

    adjacent_convoy: Literal["via_or_own_fleet", "land_fallback", "1971", "explicit"] = (
        "via_or_own_fleet"
    )
    """4.A.3: when an army adjacent to its target may also go by convoy. 2023 (default): the
    convoy is used when the order says "via convoy" or a fleet of its own power is ordered to
    convoy it, with no fallback to the land route; DATC v2: the same, but the land route is used
    when the convoy fails; 1971: only when the unit in the target moves the opposite way;
    explicit (the DPTG): only when the order says "via convoy" (whatever the fleets do), and
    then only by convoy."""

    convoy_route: Literal["any", "stated"] = "any"
    """4.A.6: a move that names its convoy route ('A LON - NTH - BEL') states intent only, and
    any convoy route may carry the army (the rulebook, default); or only the stated route counts
    (as some judges read it): the army is carried only when every sea it names holds a fleet
    convoying it, and it fails when any of them is dislodged."""

    convoyed_attack_cuts_support_on_itself: bool = False
    """4.A.4: may an army convoyed into a province cut a support for an attack on its own
    starting province? (No, by default.)"""

    retreat_to_convoy_origin: bool = True
    """4.A.5: may a unit dislodged by a convoyed army retreat to that army's origin? (2023: yes.)"""

    dislodged_unit_effect: Literal["head_to_head_only", "always"] = "head_to_head_only"
    """4.A.7: a dislodged unit has no effect on the attacker's origin only after a head-to-head
    battle (default), or always (the literal rulebook)."""

    civil_disorder: Literal["2023", "classic"] = "2023"
    """4.D.8: which units a power in civil disorder removes. 2023: farthest from any owned centre
    (land and sea distance for every unit); classic: farthest from its home centres, armies
    moving over land and by convoy, fleets over water."""

    multiple_orders: Literal["hold", "first", "last"] = "hold"
    """4.D.3: a unit given several different legal orders follows none of them (it holds and
    may receive hold support; in a retreat it is disbanded), or the first, or the last."""

    disorder_units: Literal["rulebook", "hold"] = "rulebook"
    """XIV.3: the units of a power that sends no orders in a movement phase hold, do not
    support each other, are disbanded when dislodged and build nothing (rulebook), or they
    only hold ("hold", what most judges do)."""

    disorder: tuple[str, ...] = ()
    """Powers a gamesmaster has declared in civil disorder: their orders are ignored."""

    @field_validator("disorder", mode="before")
    @classmethod
    def _powers_list(cls, value: Any) -> Any:
        """A case file's `disorder=GERMANY ITALY` names powers separated by blanks."""
        return tuple(value.upper().split()) if isinstance(value, str) else value

    coin_toss: str | None = None
    """The side that won the two-player game's coin toss (a [sides] name of the map), which the
    map's `joins_winner` power joins; None: decided by `coin_toss_seed`."""

    coin_toss_seed: int = 1914
    """The seed of the coin toss when it is not given (so a replay always tosses the same)."""

    end_year: int | None = Field(default=None, ge=1)
    """The short-game rule: the game ends after this year's Fall/Winter; most centres wins."""


EDITIONS: Mapping[str, Mapping[str, Any]] = {
    "2023": {},
    "2000": {},
    "datc_v2": {"adjacent_convoy": "land_fallback"},
    "1982": {
        "convoy_paradox": "1982",
        "adjacent_convoy": "land_fallback",
        "retreat_to_convoy_origin": False,
        "civil_disorder": "classic",
    },
    "1971": {
        "multi_route_convoy": "any_route",
        "adjacent_convoy": "1971",
        "retreat_to_convoy_origin": False,
        "civil_disorder": "classic",
    },
    "dptg": {
        "multi_route_convoy": "own_fleets_first",
        "convoy_paradox": "dptg",
        "adjacent_convoy": "explicit",
    },
}
"""The presets. "dptg" is the Diplomacy Player's Technical Guide (1998) as the DATC v3.0 names
its choices: 4.A.1 (6.F.10, 6.F.11), 4.A.2 (6.F.17-6.F.24) and 4.A.3 (choice e, 6.G.2-6.G.8).
The DATC names no DPTG choice for the other section-4 issues; they keep the DATC's preference
(its remarks on DPTG bugs, 6.E.7 and 6.E.15, are not rule choices and are not reproduced)."""

DEFAULT_RULES = Rules()


def rules_from(spec: str | Mapping[str, Any] | Rules | None) -> Rules:
    """The Rules a phase document asks for: None, an edition name, or an options object."""
    if spec is None:
        return DEFAULT_RULES
    if isinstance(spec, Rules):
        return spec
    if isinstance(spec, str):
        return _edition(spec)
    if all(type(value) in _SCALARS for value in spec.values()):
        # keyed with each value's type too: 1, 1.0 and True are equal keys but not equal options
        return _options(tuple((name, type(value), value) for name, value in spec.items()))
    return _from_options(dict(spec))  # a list of powers: built each time


_SCALARS = frozenset({str, int, bool, float, type(None)})


@lru_cache(maxsize=64)
def _edition(name: str) -> Rules:
    """An edition's Rules, built once (the model is frozen: every phase shares it)."""
    if name not in EDITIONS:
        raise ValueError(f"unknown rules edition {name!r}; known: {', '.join(EDITIONS)}")
    return Rules(edition=name, **EDITIONS[name])


@lru_cache(maxsize=256)
def _options(key: tuple[tuple[str, type, Any], ...]) -> Rules:
    """The Rules of an options object of plain values (as its items, so hashable), built once."""
    return _from_options({name: value for name, _, value in key})


def _from_options(fields: dict[str, Any]) -> Rules:
    base = str(fields.pop("edition", "2023"))
    if base not in EDITIONS:
        raise ValueError(f"unknown rules edition {base!r}; known: {', '.join(EDITIONS)}")
    try:
        return Rules(edition=base, **{**EDITIONS[base], **fields})
    except ValidationError as error:
        raise ValueError(_options_problem(error)) from None


def _options_problem(error: ValidationError) -> str:
    """A bad rule option in the words of the option and the value given, without pydantic's
    links: 'rules: end_year: -5 must be at least 1'."""
    parts = []
    for problem in error.errors(include_url=False):
        where = ".".join(str(p) for p in problem["loc"]) or "rules"
        given = problem.get("input")
        message = str(problem["msg"])
        if problem["type"] == "extra_forbidden":
            known = ", ".join(sorted(Rules.model_fields))
            message = f"unknown option; known: {known}"
        parts.append(f"{where}: {message} (given {given!r})")
    return "rules: " + "; ".join(parts)


def rules_spec(rules: Rules) -> str | dict[str, Any]:
    """How a phase document writes these rules: the edition name when they are exactly a preset."""
    preset = rules_from(rules.edition)
    if rules is preset or rules == preset:
        return rules.edition
    return rules.model_dump(exclude_defaults=True) | {"edition": rules.edition}
