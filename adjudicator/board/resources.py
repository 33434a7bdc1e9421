"""Where the data files live: inside the installed package, or at the top of a checkout."""

import difflib
from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent  # adjudicator/, above board/


def data_dir(name: str) -> Path:
    """The folder `name` (grammar or maps): package data when installed, else the checkout's."""
    installed = _PACKAGE / name
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / name


@cache
def bundled_variants() -> frozenset[str]:
    """The names of the variants in the package's maps/ (its files do not change)."""
    return frozenset(path.stem for path in data_dir("maps").glob("*.toml"))


def unknown_variant(name: str) -> str:
    """The error for a name of no bundled variant: the likely one, and every known one."""
    known = sorted(bundled_variants())
    close = difflib.get_close_matches(name.lower(), known, n=1, cutoff=0.6)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return f"unknown variant {name!r}{hint}; known: {', '.join(known)}"
