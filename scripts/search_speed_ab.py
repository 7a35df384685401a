#!/usr/bin/env python3
"""Search speed of the ISMCTS options, A/B in one process, interleaved, in CPU time.

For each table (edition / seats) it takes decisions of heuristic matches
(:func:`unoattack.sim.bench.search_positions`) and runs, round after round, the same
searches of 100 iterations (no early stop, the same random streams) with each variant
in turn, so that a busy machine slows every variant alike. It prints iterations per
second of CPU (``time.process_time``) and each variant's ratio to the first one.

Usage::

    python scripts/search_speed_ab.py [--rounds 3]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from unoattack.bots.ismcts import kind_leaf, search, seven_feature_leaf, shape_leaf
from unoattack.engine.determinize import Sampler
from unoattack.sim.bench import search_positions

#: Each variant's keyword arguments of ``search`` (``leaf``: True for the edition's
#: seven weights, "kinds" for its kinds leaf, "shape" for its shape leaf).
VARIANTS: dict[str, dict[str, Any]] = {
    "sizes:actions": {},
    "faces": {"fair_wilds": True},
    "fitted": {"leaf": True},
    "faces:fitted": {"fair_wilds": True, "leaf": True},
    "greedy": {"greedy": True},
    "faces:fitted:held": {"fair_wilds": True, "leaf": True, "held": True},
    "faces:kinds": {"fair_wilds": True, "leaf": "kinds"},
    "faces:shape": {"fair_wilds": True, "leaf": "shape"},
    "faces:kinds:aimed": {"fair_wilds": True, "leaf": "kinds", "aimed": True},
}
TABLES = (("2010", 2), ("2003", 4), ("2010", 4), ("mega-hit", 4))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    for edition, players in TABLES:
        positions = search_positions(edition, players, 0, 12)
        spent = dict.fromkeys(VARIANTS, 0.0)
        done = dict.fromkeys(VARIANTS, 0)
        for round_ in range(args.rounds):
            for name, options in VARIANTS.items():
                kwargs = dict(options)
                if kwargs.get("leaf") == "kinds":
                    kwargs["leaf"] = kind_leaf(edition)
                elif kwargs.get("leaf") == "shape":
                    kwargs["leaf"] = shape_leaf(edition)
                elif kwargs.get("leaf"):
                    kwargs["leaf"] = seven_feature_leaf(edition)
                rng = random.Random(round_)
                for game, seat in positions:
                    started = time.process_time()
                    result = search(
                        Sampler(game, seat), rng, iterations=100, settle=False, **kwargs
                    )
                    spent[name] += time.process_time() - started
                    done[name] += result.iterations
        rates = {name: done[name] / spent[name] for name in VARIANTS}
        first = next(iter(rates.values()))
        cells = ", ".join(f"{n} {r:,.0f} ({r / first:.2f})" for n, r in rates.items())
        print(f"{edition}/{players}: {cells} iterations/s", flush=True)


if __name__ == "__main__":
    main()
