"""Where the data files live: inside the installed package, or at the top of a checkout."""

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent  # adjudicator/, above board/


def data_dir(name: str) -> Path:
    """The folder `name` (grammar or maps): package data when installed, else the checkout's."""
    installed = _PACKAGE / name
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / name
