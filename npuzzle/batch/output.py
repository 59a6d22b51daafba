"""A batch's rows, written one whole line at a time as each board is answered.

With a file, a run can be repeated after Ctrl-C, ``kill -9`` or a lost machine: the ids
already in the file are skipped and the rest appended.  A line cut short by a kill (the
only way a line can be torn: each is one ``write`` to a file opened for appending) is
removed before the run goes on, so the file never holds a duplicate or a broken row.
"""

from __future__ import annotations

import csv
import io
import json
import os
import sys

from .tasks import ROW_FIELDS

__all__ = ["RowWriter"]


class RowWriter:
    """JSON Lines (default) or CSV, to a file (resumable) or to standard output."""

    def __init__(self, path: str | None, fmt: str = "jsonl"):
        self.fmt = fmt
        self.path = path
        self.answered: set[str] = set()  # ids found in the file when the run began
        self._fd: int | None = None
        if path is None:
            if fmt == "csv":
                self._emit(self._csv_line(dict(zip(ROW_FIELDS, ROW_FIELDS))))
            return
        text = self._kept_text(path)
        self._fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        if fmt == "csv":
            reader = csv.DictReader(io.StringIO(text))
            if reader.fieldnames and list(reader.fieldnames) != list(ROW_FIELDS):
                raise ValueError(f"{path} is not a batch CSV file (its header is not {','.join(ROW_FIELDS)})")
            self.answered = {row["id"] for row in reader}
            if not text:
                self._emit(self._csv_line(dict(zip(ROW_FIELDS, ROW_FIELDS))))
        else:
            for number, line in enumerate(text.splitlines(), 1):
                try:
                    self.answered.add(str(json.loads(line)["id"]))
                except (ValueError, KeyError, TypeError):
                    raise ValueError(f"{path} line {number} is not a batch row: is it the right file?") from None

    @staticmethod
    def _kept_text(path: str) -> str:
        """The file's whole lines; a last line with no newline (cut by a kill) is removed."""
        try:
            with open(path, "rb") as f:
                data = f.read()
        except FileNotFoundError:
            return ""
        whole = data[: data.rfind(b"\n") + 1]
        if len(whole) != len(data):
            with open(path, "r+b") as f:
                f.truncate(len(whole))
        return whole.decode("utf-8")

    def _csv_line(self, row: dict) -> str:
        out = io.StringIO()
        csv.writer(out, lineterminator="\n").writerow("" if row.get(k) is None else row[k] for k in ROW_FIELDS)
        return out.getvalue()

    def _emit(self, line: str) -> None:
        if self._fd is None:
            sys.stdout.write(line)
            sys.stdout.flush()
        else:
            os.write(self._fd, line.encode("utf-8"))  # one write: the whole line or nothing

    def write(self, row: dict) -> None:
        row = {k: v for k, v in row.items() if k != "states"}
        if self.fmt == "csv":
            self._emit(self._csv_line(row))
        else:
            self._emit(json.dumps(row, ensure_ascii=False) + "\n")

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
