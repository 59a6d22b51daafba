"""The installable app's icons, drawn pixel by pixel and encoded as PNG with the standard
library only (no image library for three small pictures)."""

from __future__ import annotations

import struct
import zlib

# The app manifest's colours; the icon's board is drawn in the theme colour.
APP_COLOURS = {"background": "#f6f7f9", "theme": "#2f5d8a"}


def _rgba(colour: str) -> tuple[int, int, int, int]:
    """#rrggbb as an opaque RGBA pixel."""
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16), 255)


def png(width: int, height: int, pixel) -> bytes:
    """An RGBA PNG with pixel(x, y) -> (r, g, b, a)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\0" + b"".join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(rows, 9))
        + chunk(b"IEND", b"")
    )


def icon(size: int, maskable: bool = False) -> bytes:
    """The app's icon: a 4x4 board with the gap in the last cell, drawn pixel by pixel.
    A maskable icon keeps the board inside the middle 80 % (the safe zone) on a full
    background."""
    theme = _rgba(APP_COLOURS["theme"])
    tile = (0xFF, 0xFF, 0xFF, 255)
    clear = (0, 0, 0, 0)
    margin = size * (0.2 if maskable else 0.06)
    cell = (size - 2 * margin) / 4
    gap = cell * 0.08

    def pixel(x: int, y: int):
        inside = margin <= x < size - margin and margin <= y < size - margin
        if not inside:
            return theme if maskable else clear
        cx, cy = (x - margin) / cell, (y - margin) / cell
        col, row = int(cx), int(cy)
        fx, fy = (cx - col) * cell, (cy - row) * cell
        on_tile = gap <= fx < cell - gap and gap <= fy < cell - gap
        if (row, col) == (3, 3) or not on_tile:
            return theme
        return tile

    return png(size, size, pixel)
