"""PNG from the SVG picture, by resvg (a Rust renderer shipped as a wheel: no system libraries).

The SVG stays the source; this only rasterises it. resvg-py is an optional extra
(`pip install 'adjudicator[png]'`): without it, `PngUnavailable` says how to get it.
"""

from __future__ import annotations


class PngUnavailable(RuntimeError):
    """The optional PNG renderer is not installed."""


INSTALL_HINT = "PNG pictures need resvg: pip install 'adjudicator[png]' (or write .svg instead)"


def svg_to_png(svg: str) -> bytes:
    """The picture as PNG bytes, at the SVG's own width and height."""
    try:
        import resvg_py
    except ImportError:
        raise PngUnavailable(INSTALL_HINT) from None
    return bytes(resvg_py.svg_to_bytes(svg_string=svg))
