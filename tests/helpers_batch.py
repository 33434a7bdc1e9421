"""A batch input that holds every kind of line, shared by the batch tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE: dict[str, Any] = json.loads((ROOT / "examples" / "spring-1901.json").read_text())


def mixed_input(copies: int = 1) -> bytes:
    """Good lines, bad lines, blank lines, non-ASCII orders, a line that is not UTF-8."""
    odd_orders = {
        "FRANCE": ["A Par \u2013 Bur", "F Brést - Mao", 'A Mar "holds"', "A Pic \\ Bel 😀"],
        "ENGLAND": "F Lon - Nth\nF Edi\u2028- Nwg\x07",
    }
    fall = {**EXAMPLE, "phase": "F1901M"}
    lines = [
        json.dumps(EXAMPLE),
        json.dumps({**EXAMPLE, "orders": odd_orders}, ensure_ascii=False),
        "not json",
        "",
        json.dumps(fall),
        json.dumps({"phase": "S1901M", "units": {"NARNIA": ["A PAR"]}}),
    ]
    block = "\n".join(lines).encode() + b"\n\xff\xfe not text\n" + json.dumps(EXAMPLE).encode()
    return b"\n".join([block] * copies) + b"\n"
