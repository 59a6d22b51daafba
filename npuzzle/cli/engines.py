"""The engine a command runs its tasks on (npuzzle.batch's: worker processes or a Dask
cluster), made from the command's options and always closed when the command ends."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from .. import batch
from .errors import Invalid

__all__ = ["engine"]


@contextmanager
def engine(kind: str | None, jobs: int | None, scheduler: str | None) -> Iterator[Any]:
    """The engine called kind ("local", "dask"; None: no engine, the block gets None),
    closed when the block ends; an engine that cannot start is bad input."""
    if kind is None:
        yield None
        return
    try:
        made = batch.make_engine(kind, jobs, scheduler)
    except batch.EngineError as e:
        raise Invalid(str(e)) from None
    try:
        yield made
    finally:
        made.close()
