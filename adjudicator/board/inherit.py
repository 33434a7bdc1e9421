"""A variant written as changes to another map: `[variant] base = "standard"`.

The rulebook's games for fewer players and the two-player games differ from the standard game
only in who plays, which powers are neutral and when the game starts or is won; copying the
whole board into each file would give the standard map ten sources of truth. A file with
`base` names the map it starts from; its tables are laid over the base's, entry by entry
(a `[powers.X]` entry over the base's power X), and `[variant] powers = [...]`, when given,
keeps only those powers (their home centres stay supply centres, now neutral).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from adjudicator.board.resources import data_dir


def read_toml(path: Path) -> dict[str, Any]:
    with path.open("rb") as handle:
        return tomllib.load(handle)


def with_base(data: Mapping[str, Any], folder: Path, seen: tuple[str, ...] = ()) -> dict[str, Any]:
    """The map data with its `base` map's tables underneath (followed recursively)."""
    variant = data.get("variant")
    if not isinstance(variant, Mapping):
        return dict(data)
    base_name = variant.get("base")
    if not isinstance(base_name, str):
        return dict(data)
    path = folder / f"{base_name}.toml"
    if not path.is_file():
        path = data_dir("maps") / f"{base_name}.toml"  # a shipped map, from anywhere
    if base_name in seen or not path.is_file():
        why = "names itself in a cycle" if base_name in seen else "is not a map here or in maps/"
        return {**data, "variant": {**variant, "base_error": f"base {base_name!r} {why}"}}
    merged = with_base(read_toml(path), path.parent, (*seen, base_name))
    for section, table in data.items():
        below = merged.get(section, {})
        if section == "powers" and isinstance(table, Mapping):
            table = {code: {**below.get(code, {}), **entry} for code, entry in table.items()}
        merged[section] = {**below, **table} if isinstance(table, Mapping) else table
    keep = merged["variant"].pop("powers", None)
    if isinstance(keep, list):
        merged["powers"] = {c: p for c, p in merged.get("powers", {}).items() if c in keep}
    return merged
