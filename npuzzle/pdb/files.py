"""The pattern databases' files: their format, written and read back, and checked.

    >>> name, table = decode(encode("corner6", bytes(1 << 24)))
    >>> name, len(table)
    ('corner6', 16777216)

A file is one header line (magic, name, board size, cells, sha256 of the table, and for
the shapes of ``BLANK_HOME`` the blank's home cell, ``blank=0``), then the
zlib-compressed sparse table.  A file of such a shape without it was built before, with
the blank anywhere: it loads (its table is admissible, only weaker), and ``outdated``
says so, for ``npuzzle databases`` to build it again.  The biggest (``RAW``: half8's 4 GiB) are stored as they
are, after a header padded to 64 KiB, and mapped into memory instead of read: a process
starts on them at once, and the processes of a split search share one copy.  Which files
are loaded, and from where, is ``npuzzle.pdb.store``'s business.
"""

from __future__ import annotations

import hashlib
import os
import zlib
from pathlib import Path
from typing import Any

from .build import cell_bits
from .shapes import ALL_SHAPES, BLANK_HOME, SIX

__all__ = ["RAW", "encode", "decode", "write_raw", "open_raw", "check_file", "outdated", "reason"]

_MAGIC = b"npuzzle-pdb 1"
_RAW_MAGIC = b"npuzzle-pdb-raw 1"
_RAW_HEADER = 1 << 16  # bytes before the table: mmap's offset must be a multiple of the
# allocation granularity (4 KiB on Linux, 16 KiB on macOS on arm64, 64 KiB on Windows)
# databases stored uncompressed and mapped (compressing 4 GiB takes minutes; the 5x5's
# six-tile ones, 1 GiB each, start at once)
RAW = {"half8", *SIX}


def _shape_fields(name: str) -> list[bytes]:
    """A database's board size and cells as its file's header gives them."""
    side, cells = ALL_SHAPES[name]
    return [f"{side}x{side}".encode(), ",".join(map(str, cells)).encode()]


def _seed_fields(name: str) -> list[bytes]:
    """The header's last field, where the build's search put the blank: none, or ``blank=0``."""
    return [f"blank={BLANK_HOME[name]}".encode()] if name in BLANK_HOME else []


def _header(magic: bytes, name: str, digest: str) -> bytes:
    return b" ".join([magic, name.encode(), *_shape_fields(name), digest.encode(), *_seed_fields(name)])


def _fields(head: bytes, magic: bytes) -> list[bytes]:
    """A header line's fields, checked: six, or seven with the seed its shape is built
    with now (ValueError when it is not one of ours)."""
    fields = head.split(b" ")
    if b" ".join(fields[:2]) != magic or len(fields) not in (6, 7):
        raise ValueError("not an npuzzle pattern database")
    name = fields[2].decode()
    if name not in ALL_SHAPES or fields[6:] not in ([], _seed_fields(name)):
        raise ValueError(f"unknown pattern database {name!r}")
    return fields


def _size(name: str) -> int:
    """A database's table size in bytes (its sparse index's range)."""
    side, cells = ALL_SHAPES[name]
    return 1 << (cell_bits(side * side) * len(cells))


def encode(name: str, table: bytes) -> bytes:
    """A database file: one header line (magic, name, cells, sha256), then zlib data."""
    return _header(_MAGIC, name, hashlib.sha256(table).hexdigest()) + b"\n" + zlib.compress(table, 9)


def write_raw(path: Path, name: str, table: Any) -> None:
    """Write a RAW database file: the header line padded to 64 KiB, then the table as it is
    (``table``: bytes, an mmap or a numpy array).  Written beside the path, read back and
    checked against the table's digest, then moved into place; nothing is left behind when
    that fails (a full disk, an interrupt)."""
    digest = hashlib.sha256(table).hexdigest()
    header = _header(_RAW_MAGIC, name, digest) + b"\n"
    tmp = path.with_suffix(".tmp")
    try:
        with open(tmp, "wb") as out:
            out.write(header.ljust(_RAW_HEADER, b" "))
            out.write(memoryview(table).cast("B"))
            out.flush()
            os.fsync(out.fileno())
        if _digest_of(tmp) != digest:
            raise OSError(f"{tmp}: what was written differs from the table")
        tmp.replace(path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def _digest_of(path: Path) -> str:
    """The sha256 of a RAW file's table, read back from the disk."""
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        f.seek(_RAW_HEADER)
        while chunk := f.read(1 << 24):
            digest.update(chunk)
    return digest.hexdigest()


def open_raw(path: Path) -> tuple[str, object]:
    """(name, table) of a RAW database file, the table mapped read-only from the file.
    Its size and header are checked, not its digest (reading 4 GiB takes seconds; it was
    checked when written); ValueError when it is not one of ours, OSError when it cannot
    be read."""
    import mmap

    with open(path, "rb") as f:
        head = f.read(_RAW_HEADER)
        fields = _fields(head.partition(b"\n")[0], _RAW_MAGIC)
        name = fields[2].decode()
        if name not in RAW or fields[3:5] != _shape_fields(name):
            raise ValueError(f"unknown pattern database {name!r}")
        if os.fstat(f.fileno()).st_size != _RAW_HEADER + _size(name):
            raise ValueError(f"pattern database {name!r} is damaged")
        return name, mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ, offset=_RAW_HEADER)


def decode(data: bytes) -> tuple[str, bytes]:
    """(name, table) from a database file's bytes; ValueError when it is not one of ours."""
    head, sep, body = data.partition(b"\n")
    if not sep:
        raise ValueError("not an npuzzle pattern database")
    fields = _fields(head, _MAGIC)
    name = fields[2].decode()
    if fields[4] != _shape_fields(name)[1]:
        raise ValueError(f"unknown pattern database {name!r}")
    side, cells = ALL_SHAPES[name]
    try:
        table = zlib.decompress(body)
    except zlib.error:  # cut off or overwritten
        raise ValueError(f"pattern database {name!r} is damaged") from None
    if len(table) != _size(name) or hashlib.sha256(table).hexdigest() != fields[5].decode():
        raise ValueError(f"pattern database {name!r} is damaged")
    return name, table


def reason(error: OSError | ValueError) -> str:
    """A file's problem in a few words: the error's own, or the system's for an OSError."""
    return error.strerror or str(error) if isinstance(error, OSError) else str(error)


def outdated(path: Path) -> bool:
    """Whether a database file was built before its shape's blank had a home (BLANK_HOME):
    its header has no ``blank=`` field.  Only the header is read; False when absent."""
    if path.stem not in BLANK_HOME:
        return False
    try:
        with open(path, "rb") as f:
            head = f.read(_RAW_HEADER).partition(b"\n")[0]
    except OSError:
        return False
    return len(head.split(b" ")) == 6


def check_file(path: Path) -> str | None:
    """Why a database file cannot be used, in a few words (``pattern database 'half7' is
    damaged``); None when it is sound or absent.  Nothing is registered.  A RAW file's
    header and size are read; any other is decompressed and its digest compared (about a
    second for half7): for ``npuzzle databases list``, not for every search."""
    if not path.exists():
        return None
    try:
        if path.stem in RAW:
            name, table = open_raw(path)
            table.close()  # type: ignore[attr-defined]  # an mmap
        else:
            name, _ = decode(path.read_bytes())
    except (OSError, ValueError) as e:
        return reason(e)
    return None if name == path.stem else f"it holds {name}"
