"""Statistics for simulations: Wilson intervals and streaming integer distributions.

Everything a simulation aggregates is an integer count, so merging partial results is
exact and does not depend on the order in which they arrive: a run split over any number
of processes or machines adds up to the same figures, bit for bit. Floats appear only
when a summary is printed.

>>> low, high = wilson(50, 100)
>>> round(low, 4), round(high, 4)
(0.4038, 0.5962)
>>> d = Dist()
>>> for value in (3, 1, 2, 2, 10):
...     d.add(value)
>>> d.count, d.total, d.mean, d.quantile(0.5), d.min, d.max
(5, 18, 3.6, 2, 1, 10)
>>> d.merge(Dist.of([4])).count
6
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from typing import Any

#: The normal quantile for a two-sided 95% interval.
Z95 = 1.959963984540054


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95% by default).

    Unlike the textbook ``p ± z·sqrt(p(1-p)/n)``, it stays inside [0, 1] and keeps its
    coverage for proportions near 0 or 1 and for small samples. With no trials the
    proportion is unknown: the interval is the whole of [0, 1].

    >>> wilson(0, 10)[0], round(wilson(0, 10)[1], 4)
    (0.0, 0.2775)
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes} of {trials}")
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    # Clamp rounding noise: at p = 0 the lower bound is exactly 0, at p = 1 the upper 1.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


def peak_rss_kb() -> int:
    """This process's peak resident memory in KiB.

    Linux: ``VmHWM`` from ``/proc/self/status``, the high-water mark of this process's
    own memory. (``getrusage``'s ``ru_maxrss`` survives ``exec``: a process started by
    a large parent reports at least the parent's size, which would hide what a worker
    really uses.) Elsewhere: ``ru_maxrss``.
    """
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    import resource
    import sys

    scale = 1024 if sys.platform == "darwin" else 1  # macOS reports bytes
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // scale


def proportion(successes: int, trials: int) -> dict[str, Any]:
    """A proportion with its 95% Wilson interval, as JSON-ready data."""
    low, high = wilson(successes, trials)
    return {
        "wins": successes,
        "trials": trials,
        "rate": successes / trials if trials else None,
        "low": low,
        "high": high,
    }


class Dist:
    """The distribution of an integer quantity, kept as exact counts per value.

    Memory grows with the number of *distinct* values, not with the number of
    observations, so a million observations of a hand's length take a few kilobytes.
    """

    __slots__ = ("counts",)

    def __init__(self, counts: Counter[int] | None = None) -> None:
        self.counts: Counter[int] = counts if counts is not None else Counter()

    @classmethod
    def of(cls, values: Iterable[int]) -> Dist:
        return cls(Counter(values))

    def add(self, value: int, times: int = 1) -> None:
        self.counts[value] += times

    def merge(self, other: Dist) -> Dist:
        """Add ``other``'s observations to this one (in place); return self."""
        self.counts.update(other.counts)
        return self

    @property
    def count(self) -> int:
        return sum(self.counts.values())

    @property
    def total(self) -> int:
        return sum(value * times for value, times in self.counts.items())

    @property
    def mean(self) -> float | None:
        count = self.count
        return self.total / count if count else None

    @property
    def min(self) -> int | None:
        return min(self.counts) if self.counts else None

    @property
    def max(self) -> int | None:
        return max(self.counts) if self.counts else None

    def quantile(self, q: float) -> int | None:
        """The smallest observed value with at least a share ``q`` of observations at or
        below it (the inverse of the empirical distribution function)."""
        if not 0 <= q <= 1:
            raise ValueError(f"a quantile is between 0 and 1, got {q}")
        count = self.count
        if not count:
            return None
        needed = max(1, math.ceil(q * count))
        seen = 0
        for value in sorted(self.counts):
            seen += self.counts[value]
            if seen >= needed:
                return value
        raise AssertionError("unreachable: the counts add up to count")

    def items(self) -> list[tuple[int, int]]:
        """(value, count) pairs in increasing order of value."""
        return sorted(self.counts.items())

    def share_at_least(self, value: int) -> float | None:
        count = self.count
        if not count:
            return None
        return sum(c for v, c in self.counts.items() if v >= value) / count

    def to_dict(self) -> dict[str, Any]:
        """Summary figures and the full histogram as ``[[value, count], ...]``."""
        return {
            "count": self.count,
            "mean": self.mean,
            "min": self.min,
            "p10": self.quantile(0.1),
            "median": self.quantile(0.5),
            "p90": self.quantile(0.9),
            "max": self.max,
            "histogram": [[value, times] for value, times in self.items()],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Dist:
        return cls(Counter({int(value): int(times) for value, times in data["histogram"]}))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Dist):
            return NotImplemented
        return +self.counts == +other.counts

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Dist(count={self.count}, mean={self.mean})"
