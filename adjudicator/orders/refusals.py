"""Why an order is refused, in words and in kind.

Every reason the rules give for refusing an order (orders.legality, resolve.adjustment) is
written here from one template, and each template has a kind. A result keeps only the words
(they are what the contract, the game file and the judge's report carry), so `kind_of` reads
the kind back from them by the same templates: a reworded template changes both sides at once,
and a report that needs the kind (DAIDE's refusal tokens) never matches English by hand.
"""

from __future__ import annotations

import re
import string
from enum import Enum
from functools import cache
from typing import Final


class Refusal(Enum):
    """What kind of fault made an order impossible."""

    UNREACHABLE = "unreachable"
    """The unit cannot get there (or support or convoy there) from where it stands."""
    COAST = "coast"
    """A fleet's coast must be named."""
    NOT_AT_SEA = "not at sea"
    """A convoying fleet is not in a sea province."""
    NOT_A_FLEET = "not a fleet"
    """Only fleets convoy."""
    NOT_AN_ARMY = "not an army"
    """Only armies are convoyed."""
    NO_RETREAT = "no retreat"
    """The retreat is not one of the unit's options."""
    NOT_HOME = "not a home centre"
    """A build outside the power's build sites."""
    NOT_OWNED = "not owned"
    """A build in a home centre the power does not own."""
    OCCUPIED = "occupied"
    """A build where a unit stands (or was built this winter)."""
    NO_BUILDS = "no builds"
    """More builds than the power may make."""
    NO_REMOVALS = "no removals"
    """More removals than the power must make."""
    OTHER = "other"
    """Any other fault (off the map, a unit supporting itself, a unit that is not there...)."""


TEMPLATES: Final[dict[str, tuple[str, Refusal | None]]] = {
    # a reason wrapped in another: its kind is the wrapped one's (None); first, so that no
    # template of the wrapped reason matches the whole
    "supported_move": ("the supported move cannot succeed: {problem}", None),
    # moves (orders.legality)
    "off_map": ("{target} is not on the map", Refusal.OTHER),
    "move_own": ("{unit} cannot move to its own province", Refusal.UNREACHABLE),
    "impassable": ("{name} cannot be entered", Refusal.UNREACHABLE),
    "army_to_sea": ("armies cannot move to sea ({name})", Refusal.UNREACHABLE),
    "via_inland": (
        "a move via convoy must go from a coastal province to a coastal province",
        Refusal.UNREACHABLE,
    ),
    "support_unreachable": (
        "{unit} cannot reach {province}, so it cannot support there",
        Refusal.UNREACHABLE,
    ),
    "unreachable": ("{unit} cannot reach {target}", Refusal.UNREACHABLE),
    "coast_needed": ("the coast must be named: {unit} can reach {options}", Refusal.COAST),
    "no_route": ("no fleets at sea could convoy {unit} to {province}", Refusal.UNREACHABLE),
    # supports
    "support_own": ("{unit} cannot support into its own province", Refusal.OTHER),
    "weak_link": (
        "{unit} cannot support into {province}: the link between {source} and {province} is a"
        " weak link (no support across it)",
        Refusal.OTHER,
    ),
    "support_itself": ("a unit cannot support itself", Refusal.OTHER),
    "support_own_move": ("a unit cannot support its own move", Refusal.OTHER),
    # convoys
    "fleets_convoy": ("only fleets can convoy", Refusal.NOT_A_FLEET),
    "not_at_sea": (
        "{unit} is not at sea: only fleets in sea provinces can convoy",
        Refusal.NOT_AT_SEA,
    ),
    "armies_convoyed": ("only armies can be convoyed", Refusal.NOT_AN_ARMY),
    "convoy_own": ("{unit} cannot be convoyed to its own province", Refusal.OTHER),
    "convoy_inland": (
        "convoys go from a coastal province to a coastal province",
        Refusal.UNREACHABLE,
    ),
    "not_needed": (
        "{unit} is not needed on any convoy route from {source} to {target}",
        Refusal.UNREACHABLE,
    ),
    # retreats
    "not_dislodged": ("{unit} was not dislodged", Refusal.OTHER),
    "nowhere": ("{unit} has nowhere to retreat", Refusal.NO_RETREAT),
    "retreat_elsewhere": (
        "{unit} cannot retreat to {target}; it may retreat to {options}",
        Refusal.NO_RETREAT,
    ),
    # builds and removals (orders.legality, resolve.adjustment)
    "partisan_site": (
        "{power} may build in {name} (a partisan site) only while it has lost some but not all"
        " of its home centres",
        Refusal.NOT_HOME,
    ),
    "not_home": ("{name} is not a home centre of {power}", Refusal.NOT_HOME),
    "not_owned": ("{power} does not own {name}", Refusal.NOT_OWNED),
    "occupied": ("{name} is occupied", Refusal.OCCUPIED),
    "built_twice": ("{province} already has a unit built this winter", Refusal.OCCUPIED),
    "fleet_inland": ("a fleet cannot be built inland ({name})", Refusal.OTHER),
    "army_at_sea": ("an army cannot be built at sea ({name})", Refusal.OTHER),
    "build_coast": ("a fleet built in {name} needs a coast: {options}", Refusal.COAST),
    "cannot_stand": ("{unit} cannot stand there", Refusal.OTHER),
    "no_builds": ("{power} has no builds to make", Refusal.NO_BUILDS),
    "all_builds": ("{power} has made all {count} of its builds already", Refusal.NO_BUILDS),
    "no_removals": ("{power} has no removals to make", Refusal.NO_REMOVALS),
    "all_removals": ("{power} has made all {count} of its removals already", Refusal.NO_REMOVALS),
    "removed_twice": ("{unit} is already removed by an earlier order", Refusal.OTHER),
    "no_such_unit": ("there is no {unit}", Refusal.OTHER),
    "not_its_unit": ("{unit} belongs to {power}", Refusal.OTHER),
    "not_adjustment": ("{order} is not an adjustment order", Refusal.OTHER),
}
"""Reason name -> (its wording, with `str.format` fields; its kind). A more particular wording
comes before a more general one that would also match it."""


def _printf(template: str) -> str:
    """A template's wording for the `%` operator: each `{field}` as `%(field)s` (str() of the
    value, as `str.format` gives it), a literal '%' doubled."""
    parts = []
    for literal, field, spec, conversion in string.Formatter().parse(template):
        parts.append(literal.replace("%", "%%"))
        if field is not None:
            assert field.isidentifier() and not spec and not conversion, template
            parts.append(f"%({field})s")
    return "".join(parts)


_WORDINGS: Final[dict[str, str]] = {}
"""Template -> its wording for `%`, made when first used: a reason is made for each first read
of an order that can never be valid (most of the new texts of a phase), and `%` with the
fields' dict takes about a third fewer instructions than `str.format(**fields)`, which unpacks
them again. Kept by the template's words, so a template changed in TEMPLATES is followed."""


def reason(key: str, /, **fields: object) -> str:
    """The words of reason `key`, its fields filled in."""
    template = TEMPLATES[key][0]
    try:
        wording = _WORDINGS[template]
    except KeyError:
        wording = _WORDINGS.setdefault(template, _printf(template))
    return wording % fields


@cache
def _patterns() -> tuple[tuple[re.Pattern[str], Refusal | None], ...]:
    """Each template as a pattern matching the reasons written from it (a field: any text)."""
    patterns = []
    for template, kind in TEMPLATES.values():
        parts = []
        for literal, field, _, _ in string.Formatter().parse(template):
            parts.append(re.escape(literal))
            if field is not None:
                parts.append("(.+)")
        patterns.append((re.compile("".join(parts), re.DOTALL), kind))
    return tuple(patterns)


def kind_of(words: str | None) -> Refusal | None:
    """The kind of a reason written from a template here (None: words of no template, such as
    a note on civil disorder, or no reason at all)."""
    if not words:
        return None
    for pattern, kind in _patterns():
        match = pattern.fullmatch(words)
        if match is not None:
            return kind_of(match.group(1)) if kind is None else kind
    return None
