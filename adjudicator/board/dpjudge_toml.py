"""Writing map data as TOML in the shape of maps/standard.toml (one province per line).

The standard library reads TOML but does not write it; map data is a few flat tables, so a
small writer keeps the output readable and diffable without a new dependency.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

_BARE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


def _key(key: str) -> str:
    return key if key and set(key) <= _BARE else json.dumps(key)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }"
    return "[" + ", ".join(_value(v) for v in value) + "]"


def _table(name: str, table: Mapping[str, Any], inline: bool) -> list[str]:
    """`[name]` then one `key = value` line per entry (sub-tables inline when `inline`)."""
    lines = ["", f"[{name}]"]
    for key, value in table.items():
        if isinstance(value, Mapping) and not inline:
            lines += _table(f"{name}.{_key(key)}", value, True)
        else:
            lines.append(f"{_key(key)} = {_value(value)}")
    return lines


def to_toml(data: Mapping[str, Any], header: str, report: Sequence[str] = ()) -> str:
    """The map file text: the header comment, what was not represented, then the tables."""
    lines = header.rstrip("\n").split("\n")
    if report:
        lines.append("# Not represented (see `adjudicator map import`):")
        lines += [f"#   {line}" for line in report]
    lines += _table("variant", data["variant"], True)
    lines += _table("coast_names", data.get("coast_names", {}), True)
    for code, power in data["powers"].items():
        lines += _table(f"powers.{_key(code)}", power, True)
    for name in ("provinces", "army", "fleet"):
        lines += _table(name, data[name], True)
    return "\n".join(lines) + "\n"
