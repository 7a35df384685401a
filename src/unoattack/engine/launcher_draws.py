"""The hazard launcher's measured tables and its draw, as compiled code (and the binomial
helpers that the models share).

:mod:`unoattack.engine.launcher_model` stays interpreted in the compiled build
(docs/engine.md, "The compiled build"): its models are frozen dataclasses. The default
model's draw is made at every press, so it lives here, where the compiled build compiles
it, and both :meth:`HazardModel.outcome
<unoattack.engine.launcher_model.HazardModel.outcome>` and :meth:`Launcher.press
<unoattack.engine.launcher.Launcher.press>` call it: one draw, the same random numbers
either way.

>>> import random
>>> [hazard_cards(random.Random(seed), 0) for seed in range(6)]
[0, 6, 0, 0, 0, 0]
>>> hazard_cards(random.Random(1), HAZARD_LAST_STEP)  # four presses without firing: it fires
9
"""

from __future__ import annotations

import math
from itertools import accumulate
from random import Random
from typing import Final

__all__ = [
    "HAZARD_CARD_CDFS",
    "HAZARD_CARD_PMFS",
    "HAZARD_FIRE",
    "HAZARD_LAST_STEP",
    "HAZARD_MEAN_CARDS",
    "binomial_cdf",
    "binomial_pmf",
    "hazard_cards",
]


def binomial_pmf(trials: int, p: float) -> tuple[float, ...]:
    """P(X = x) for x = 0 .. trials."""
    return tuple(
        math.comb(trials, successes) * p**successes * (1 - p) ** (trials - successes)
        for successes in range(trials + 1)
    )


def binomial_cdf(trials: int, p: float) -> tuple[float, ...]:
    """P(X <= x) for x = 0 .. trials-1, so ``bisect_right(cdf, u)`` samples X from u."""
    return tuple(accumulate(binomial_pmf(trials, p)[:-1]))


# Measured on a real launcher over 800 presses (docs/launcher.md): the chance that a press
# fires given k presses since the last firing, and the mean cards of a firing at that k.
# From k = 4 on it always fired. (Typed as tuples of any length: with their fixed-length
# type inferred, the compiled module failed at import, "value for final name
# HAZARD_MEAN_CARDS was not set", when the lines below read them.)
HAZARD_FIRE: Final[tuple[float, ...]] = (0.18, 0.50, 0.59, 0.55, 1.00)
HAZARD_MEAN_CARDS: Final[tuple[float, ...]] = (4.66, 5.39, 4.72, 5.07, 7.20)
HAZARD_CARD_TRIALS: Final = 12

# Cards = 1 + Binomial(12, (m - 1) / 12) has mean exactly m and never exceeds 13.
HAZARD_CARD_PMFS: Final = tuple(
    binomial_pmf(HAZARD_CARD_TRIALS, (mean - 1) / HAZARD_CARD_TRIALS) for mean in HAZARD_MEAN_CARDS
)
HAZARD_CARD_CDFS: Final = tuple(
    binomial_cdf(HAZARD_CARD_TRIALS, (mean - 1) / HAZARD_CARD_TRIALS) for mean in HAZARD_MEAN_CARDS
)
HAZARD_LAST_STEP: Final = len(HAZARD_FIRE) - 1


def hazard_cards(rng: Random, since_fire: int) -> int:
    """One press of the hazard model: the cards it fires, 0 for a ding.

    One uniform draw decides whether it fires; a second, if it does, how many cards
    (inverse-CDF sampling: ``1 + bisect_right(cdf, u)``, one draw instead of twelve coin
    flips).
    """
    step = since_fire if since_fire < HAZARD_LAST_STEP else HAZARD_LAST_STEP
    if rng.random() >= HAZARD_FIRE[step]:
        return 0
    cdf = HAZARD_CARD_CDFS[step]
    u = rng.random()
    # bisect_right over twelve increasing numbers, written out: a call to the bisect
    # module from machine code costs more than the few comparisons it saves.
    extra = 0
    last = len(cdf)
    while extra < last and cdf[extra] <= u:
        extra += 1
    return 1 + extra
