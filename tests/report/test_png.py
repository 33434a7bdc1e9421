"""The PNG shows what the SVG says: owned centres in the owner's colour, seas in the sea colour."""

from __future__ import annotations

import io
import struct
import zlib

import pytest
from sample_game import sample_game

from adjudicator.board.geometry import load_geometry
from adjudicator.board.map import load_map
from adjudicator.game.game import start_position
from adjudicator.report import palette
from adjudicator.report.png import svg_to_png
from adjudicator.report.svg import SCALE, TITLE_BAND, render_svg

pytest.importorskip("resvg_py")


def _decode(png: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and raw RGBA rows of an 8-bit RGBA PNG (the only kind resvg writes)."""
    stream = io.BytesIO(png)
    assert stream.read(8) == b"\x89PNG\r\n\x1a\n"
    data, width, height = b"", 0, 0
    while True:
        length, kind = struct.unpack(">I4s", stream.read(8))
        chunk = stream.read(length)
        stream.read(4)
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", chunk[:10])
            assert (depth, color) == (8, 6)
        elif kind == b"IDAT":
            data += chunk
        elif kind == b"IEND":
            break
    return width, height, _unfilter(zlib.decompress(data), width, height)


def _unfilter(raw: bytes, width: int, height: int) -> list[bytes]:
    stride, rows, previous = width * 4, [], bytearray(width * 4)
    for y in range(height):
        kind, line = (
            raw[y * (stride + 1)],
            bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)]),
        )
        for i in range(stride):
            left = line[i - 4] if i >= 4 else 0
            up, corner = previous[i], previous[i - 4] if i >= 4 else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (
                    line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)
                ) & 255
        rows.append(bytes(line))
        previous = line
    return rows


def _pixel(rows: list[bytes], point: tuple[float, float]) -> tuple[int, int, int]:
    x, y = round(point[0] * SCALE), round((point[1] + TITLE_BAND) * SCALE)
    r, g, b, _a = rows[y][x * 4 : x * 4 + 4]
    return r, g, b


def _close(a: tuple[int, int, int], b: tuple[int, int, int]) -> bool:
    return all(abs(p - q) <= 3 for p, q in zip(a, b, strict=True))


def test_owned_centres_and_seas_have_their_colours() -> None:
    game = sample_game()
    position = game.current  # Spring 1903: every centre owned
    game_map, geometry = load_map("standard"), load_geometry("standard")
    colors = palette.power_colors(game_map.powers)
    width, height, rows = _decode(svg_to_png(render_svg(position)))
    assert width > 1200 and height > 1000
    assert len(position.centers) == 34
    for province, owner in position.centers.items():
        seen = _pixel(rows, geometry.centers[province])
        assert _close(seen, palette.rgb(colors[owner])), (province, owner, seen)
    empty_seas = [
        code for code, p in game_map.provinces.items() if p.is_sea and code not in position.units
    ]
    assert len(empty_seas) > 5
    for sea in empty_seas:
        x, y = geometry.units[sea]
        seen = _pixel(rows, (x, y - 4))  # just above the name
        assert _close(seen, palette.rgb(palette.SEA)), (sea, seen)


IMPORTED = ["1900", "ancmed", "canton", "hundred", "modern", "pure", "youngstown"]


@pytest.mark.parametrize("variant", IMPORTED)
def test_the_imported_variants_render_as_png(variant: str) -> None:
    """The variants drawn from their own DPjudge drawings since issue 13 rasterise at their
    drawing's size."""
    geometry = load_geometry(variant)
    png = svg_to_png(render_svg(start_position(load_map(variant))))
    width, height = struct.unpack(">II", png[16:24])  # IHDR, right after the signature
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert height == round((geometry.height + TITLE_BAND) * SCALE)
    assert width > geometry.width * SCALE
