"""Compact JSON bytes for result documents, as fast as the installed packages allow.

With the `fast` extra, orjson writes them (bench/batch.py measured it at about half the time of
pydantic_core's `to_json` and a third of the standard library's `json.dumps` per result line);
without it, pydantic_core (which pydantic already brings) does. Both give the same bytes for
the documents of the contract (dicts, lists, strings, integers, booleans, None, in insertion
order, UTF-8 unescaped): tests/contract/test_batch_io.py checks it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic_core import to_json

ENCODER = "pydantic_core"
dumps: Callable[[Any], bytes] = to_json
try:
    import orjson
except ImportError:  # pragma: no cover - the fallback when the extra is not installed
    pass
else:
    ENCODER = "orjson"
    dumps = orjson.dumps
