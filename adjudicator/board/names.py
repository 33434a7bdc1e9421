"""Name resolution: the words a player wrote for a place, coast or power, read against the map.

The map file is the only source of names. A place is looked up case- and punctuation-blind in
tiers: province code, full name, alias, name with the spaces squeezed out, then a unique prefix
of the words of any of those. The first tier with a hit decides; two provinces in that tier make
the name ambiguous (the rulebook: an order with two meanings is not obeyed).
"""

from __future__ import annotations

import difflib
import itertools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Final, Literal, overload

from adjudicator.board.map import Map
from adjudicator.board.types import UnitType

_NOT_WORD: Final = re.compile(r"[\W_]+")
_HYPHENATED: Final = re.compile(r"(?<![^\W\d_])[^\W\d_]++(?:-[^\W\d_]++)+")
"""Words joined by hyphens. Linear: a match starts only where a word starts (the lookbehind),
and the possessive runs never give letters back. (Without those, a long word with no hyphen
was tried from each of its letters, each try running to its end: quadratic.)"""


def normalize(text: str) -> str:
    """Lower case, punctuation and '_' as single spaces: 'St.-Petersburg' -> 'st petersburg'."""
    return _NOT_WORD.sub(" ", text.lower()).strip()


class NameProblem(ValueError):
    """A name that does not denote exactly one thing; the message is ready for the player."""


class UnknownName(NameProblem):
    pass


class AmbiguousName(NameProblem):
    def __init__(self, message: str, candidates: tuple[str, ...]) -> None:
        super().__init__(message)
        self.candidates = candidates


@dataclass(frozen=True, slots=True)
class Place:
    """A resolved place: a province code and, when the player named one, a coast code."""

    province: str
    coast: str | None = None


@dataclass(frozen=True)
class NameIndex:
    """Every spelling of the map's provinces, coasts and powers, normalized, built once per map."""

    tiers: tuple[Mapping[str, frozenset[str]], ...]
    prefix_keys: tuple[tuple[tuple[str, ...], str], ...]
    coasts: Mapping[str, str]
    powers: Mapping[str, str]
    compounds: frozenset[tuple[str, str]]
    display: Mapping[str, str]
    max_coast_words: int


def _add(table: dict[str, set[str]], key: str, province: str) -> None:
    if key:
        table.setdefault(key, set()).add(province)


def _freeze(table: dict[str, set[str]]) -> dict[str, frozenset[str]]:
    return {k: frozenset(v) for k, v in table.items()}


@cache
def index_for(game_map: Map) -> NameIndex:
    """The name index of a map (cached: maps are immutable and loaded once)."""
    codes: dict[str, set[str]] = {}
    names: dict[str, set[str]] = {}
    aliases: dict[str, set[str]] = {}
    squeezed: dict[str, set[str]] = {}
    prefix: list[tuple[tuple[str, ...], str]] = []
    compounds: set[tuple[str, str]] = set()
    for code, prov in game_map.provinces.items():
        spellings = (normalize(code), normalize(prov.name), *(normalize(a) for a in prov.aliases))
        _add(codes, spellings[0], code)
        _add(names, spellings[1], code)
        for alias in spellings[2:]:
            _add(aliases, alias, code)
        for spelling in spellings:
            words = tuple(spelling.split())
            if not words:
                continue
            _add(squeezed, "".join(words), code)
            prefix.append((words, code))
            if len(words) > 1:
                prefix.append((("".join(words),), code))
            compounds.update(itertools.pairwise(words))
    coasts: dict[str, str] = {}
    for coast, spellings in game_map.coast_names.items():
        coasts[normalize(coast)] = coast
        for spelling in spellings:
            coasts[normalize(spelling)] = coast
    powers: dict[str, str] = {}
    for code, power in game_map.powers.items():
        for spelling in (code, power.name, power.adjective):
            powers[normalize(spelling)] = code
    return NameIndex(
        tiers=(_freeze(codes), _freeze(names), _freeze(aliases), _freeze(squeezed)),
        prefix_keys=tuple(prefix),
        coasts=coasts,
        powers=powers,
        compounds=frozenset(compounds),
        display={code: prov.name for code, prov in game_map.provinces.items()},
        max_coast_words=max((len(k.split()) for k in coasts), default=1),
    )


_DASHES = str.maketrans(
    dict.fromkeys("\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u2192\u27f6\u2794", "-")
)
"""The dashes and arrows players type or their editors make (en and em dashes, the minus sign,
arrows): all '-'."""
_LONG_DASH: Final = re.compile(r"--+>?")


def plain_dashes(text: str) -> str:
    """Every dash or arrow as the grammar's '-' ('--' and '-->' as '-' and spaces), keeping the
    text's length so spans stay true. Plain ASCII without '--' (the usual case) is returned as
    it is after two C-level checks; the grammar itself stays ASCII, which its shape cache needs."""
    if not text.isascii():
        text = text.translate(_DASHES)
    if "--" not in text:
        return text
    return _LONG_DASH.sub(lambda m: "-" + " " * (len(m.group()) - 1), text)


def join_compounds(game_map: Map, text: str) -> str:
    """Hyphens inside a map name ('Mid-Atlantic', 'St-Petersburg') become '_', so the grammar
    reads them as part of one word rather than as a move; every other hyphen is kept. Dashes
    are made plain first (plain_dashes). The text keeps its length, so spans into the result
    are spans into the original."""
    text = plain_dashes(text)
    if "-" not in text:
        return text
    compounds = index_for(game_map).compounds

    def joins(first: str, second: str) -> bool:
        return any(a == first and b.startswith(second) for a, b in compounds)

    def fix(match: re.Match[str]) -> str:
        parts = match.group(0).split("-")
        out = parts[0]
        for before, after in itertools.pairwise(parts):
            out += ("_" if joins(before.lower(), after.lower()) else "-") + after
        return out

    return _HYPHENATED.sub(fix, text)


def _label(index: NameIndex, code: str) -> str:
    return f"{index.display[code]} ({code})"


def _or_list(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _prefix_match(words: Sequence[str], key: Sequence[str]) -> bool:
    """Each written word starts a word of the key, in order, the first word at the start."""
    if not key[0].startswith(words[0]):
        return False
    position = 1
    for word in words[1:]:
        while position < len(key) and not key[position].startswith(word):
            position += 1
        if position == len(key):
            return False
        position += 1
    return True


def _lookup(index: NameIndex, key: str) -> frozenset[str]:
    """The provinces of the first tier that knows `key` (empty when none does)."""
    words = key.split()
    if not words:
        return frozenset()
    for tier in index.tiers:
        hit = tier.get(key)
        if hit:
            return hit
    squeezed = index.tiers[3].get("".join(words))
    if squeezed:
        return squeezed
    return frozenset(code for k, code in index.prefix_keys if _prefix_match(words, k))


def _ambiguous(index: NameIndex, text: str, found: Iterable[str]) -> AmbiguousName:
    ranked = tuple(sorted(found, key=lambda c: (len(index.display[c]), c)))
    return AmbiguousName(f"ambiguous province '{text}': {', '.join(ranked)}", ranked)


def _unknown(index: NameIndex, text: str, key: str) -> UnknownName:
    scores: dict[str, float] = {}
    matcher = difflib.SequenceMatcher()
    for probe in {key, key.replace(" ", "")}:
        matcher.set_seq2(probe)
        for tier in index.tiers:
            for spelling, codes in tier.items():
                matcher.set_seq1(spelling)
                if matcher.real_quick_ratio() < 0.6 or matcher.quick_ratio() < 0.6:
                    continue
                score = matcher.ratio()
                for code in codes:
                    scores[code] = max(score, scores.get(code, 0.0))
    best = max(scores.values(), default=0.0)
    ranked = sorted(scores, key=lambda c: (-scores[c], c))
    suggestions = [_label(index, c) for c in ranked if scores[c] >= max(0.6, best - 0.1)]
    hint = f" \u2014 did you mean {_or_list(suggestions[:3])}?" if suggestions else ""
    return UnknownName(f"unknown province '{text}'{hint}")


def resolve_province(game_map: Map, text: str) -> str:
    """The one province `text` names; raises UnknownName or AmbiguousName."""
    index = index_for(game_map)
    key = normalize(text)
    found = _lookup(index, key)
    if len(found) == 1:
        return next(iter(found))
    if found:
        raise _ambiguous(index, text, found)
    raise _unknown(index, text, key)


def resolve_coast(game_map: Map, text: str) -> str:
    """The coast code a spelling names ('north coast' -> 'NC'); raises UnknownName."""
    index = index_for(game_map)
    coast = index.coasts.get(normalize(text))
    if coast is None:
        close = difflib.get_close_matches(normalize(text), index.coasts, n=1, cutoff=0.5)
        hint = f" \u2014 did you mean {index.coasts[close[0]]}?" if close else ""
        raise UnknownName(f"unknown coast '{text}'{hint}")
    return coast


@overload
def resolve_power(game_map: Map, text: str) -> str | None: ...


@overload
def resolve_power(game_map: Map, text: str, *, prefix: Literal[True]) -> str: ...


def resolve_power(game_map: Map, text: str, *, prefix: bool = False) -> str | None:
    """The power code a name, adjective or code stands for ('english' -> 'ENGLAND'), None when
    it names none: the one lookup of a power, for an order sheet's header and a person alike.

    `prefix=True`, for what a gamesmaster types: also the one power a name, adjective or code
    begins ('Tur'); UnknownName (with the known powers) or AmbiguousName instead of None."""
    powers = index_for(game_map).powers
    wanted = normalize(text)
    code = powers.get(wanted)
    if code is not None or not prefix:
        return code
    matches = sorted({c for key, c in powers.items() if wanted and key.startswith(wanted)})
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise AmbiguousName(f"ambiguous power {text!r}: {', '.join(matches)}", tuple(matches))
    raise unknown_power(game_map, text)


def unknown_power(game_map: Map, text: str) -> UnknownName:
    """The error for a name of no power of the map, listing the known ones (every reader of a
    power's name words it so)."""
    known = ", ".join(game_map.powers)
    return UnknownName(f"unknown power {text!r} on {game_map.name}; known: {known}")


def split_coast(game_map: Map, words: Sequence[str]) -> tuple[Sequence[str], str | None]:
    """Split a trailing coast spelling off a place's words: ['Spain', 'nc'] -> (['Spain'], 'NC')."""
    index = index_for(game_map)
    for size in range(min(index.max_coast_words, len(words) - 1), 0, -1):
        coast = index.coasts.get(normalize(" ".join(words[-size:])))
        if coast is not None:
            return words[:-size], coast
    return words, None


def resolve_place(game_map: Map, words: Sequence[str]) -> Place:
    """A province, with a coast if the words end in one ('St Petersburg north coast').

    The whole phrase wins when it names a province; otherwise a trailing coast spelling is
    split off. Errors are those of the whole phrase, which is what the player sees.
    """
    found = _place_or_problem(game_map, tuple(words))
    if isinstance(found, NameProblem):
        raise found.with_traceback(None)  # a cached instance: do not let its traceback grow
    return found


@lru_cache(maxsize=1 << 14)
def _place_or_problem(game_map: Map, words: tuple[str, ...]) -> Place | NameProblem:
    """resolve_place, cached (maps are immutable), with the problem returned, not raised."""
    try:
        return _resolve_place(game_map, words)
    except NameProblem as problem:
        return problem


def _resolve_place(game_map: Map, words: Sequence[str]) -> Place:
    text = " ".join(words)
    index = index_for(game_map)
    key = normalize(text)
    whole = _lookup(index, key)
    if len(whole) == 1:
        return Place(next(iter(whole)))
    rest, coast = split_coast(game_map, words)
    if coast is not None:
        found = _lookup(index, normalize(" ".join(rest)))
        if len(found) == 1:
            return Place(next(iter(found)), coast)
    if whole:
        raise _ambiguous(index, text, whole)
    raise _unknown(index, text, key)


_FLEET: Final = UnitType.FLEET
"""An enum member as a constant: a member is a slow attribute in CPython 3.11."""


def location_for(game_map: Map, unit_type: UnitType, place: Place) -> str:
    """Where a unit of this type stands in `place`: a fleet keeps a coast the province has;
    armies and irrelevant coasts drop it (DATC 4.B.6)."""
    coasts = game_map.provinces[place.province].coasts
    if unit_type is _FLEET and place.coast in coasts:
        return f"{place.province}/{place.coast}"
    return place.province
