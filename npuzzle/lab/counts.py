"""What the study lab's searches count and what limits them: the counters (Stats), a
run's own budget of time and nodes, the weight as a fraction, and the effective branching
factor (npuzzle.lab.searches defines each term).

    >>> stats = Stats(nodes_expanded=3)
    >>> Budget(max_nodes=3).check(stats.nodes_expanded)
    Traceback (most recent call last):
    ...
    npuzzle.result.Stop: node limit
    >>> weight_ratio(1.5), ebf(3, 2)
    ((3, 2), 1.303)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from ..result import Stop

__all__ = ["Stats", "Budget", "weight_ratio", "ebf"]

_CLOCK_EVERY = 256  # expansions between looks at the clock
_REPORT_EVERY = 0.25  # seconds between reports of a run's progress


@dataclass
class Stats:
    """What a search counted so far (see the module's definitions)."""

    nodes_expanded: int = 0
    nodes_generated: int = 0
    max_stored: int = 1
    iterations: int | None = None
    # IDA*'s passes: (threshold, nodes expanded in that pass), the last one included
    passes: list[tuple[int | float, int]] | None = None


class Budget:
    """A run's own limits: seconds of wall time and nodes expanded (None: no limit), and
    who hears how far it got (``report(nodes expanded)``, about four times a second: a
    study's page shows a long run moving)."""

    def __init__(
        self,
        time_limit: float | None = None,
        max_nodes: int | None = None,
        report: Callable[[int], None] | None = None,
    ):
        self.deadline = None if time_limit is None else time.perf_counter() + time_limit
        self.max_nodes = max_nodes
        self.report = report
        self.next_report = time.perf_counter() + _REPORT_EVERY

    def check(self, expanded: int) -> None:
        """Raise Stop before an expansion the budget does not allow."""
        if self.max_nodes is not None and expanded >= self.max_nodes:
            raise Stop("node limit")
        if expanded % _CLOCK_EVERY or (self.deadline is None and self.report is None):
            return
        now = time.perf_counter()
        if self.deadline is not None and now >= self.deadline:
            raise Stop("time limit")
        if self.report is not None and now >= self.next_report:
            self.next_report = now + _REPORT_EVERY
            self.report(expanded)


def weight_ratio(weight: float) -> tuple[int, int]:
    """A weight as a fraction (p, q) with q <= 100: f = g + (p/q) h is kept as the integer
    q g + p h, so equal f values stay equal."""
    from fractions import Fraction

    w = Fraction(weight).limit_denominator(100)
    return w.numerator, w.denominator


def ebf(generated: int, depth: int | None) -> float | None:
    """The effective branching factor b*: N = b* + b*^2 + ... + b*^d solved by bisection
    (None for a solved start or no solution).

        >>> ebf(3, 2)   # 1.303 + 1.303**2 = 3
        1.303
    """
    if not depth or generated < depth:
        return None

    def total(b: float) -> float:
        s, power = 0.0, 1.0
        for _ in range(depth):
            power *= b
            s += power
            if s > generated:
                break
        return s

    low, high = 1.0, float(max(generated, 1))
    for _ in range(100):
        mid = (low + high) / 2
        if total(mid) < generated:
            low = mid
        else:
            high = mid
        if high - low < 1e-9:
            break
    return round((low + high) / 2, 3)
