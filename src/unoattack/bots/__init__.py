"""Bots: policies that see only their seat's view and return an action.

>>> import random
>>> type(make_bot("heuristic", random.Random(1))).__name__
'HeuristicBot'
>>> make_bot("greedy", random.Random(1))
Traceback (most recent call last):
...
ValueError: unknown bot 'greedy': choose one of random, heuristic
"""

from __future__ import annotations

import random

from unoattack.bots.heuristic import HeuristicBot
from unoattack.bots.random_bot import RandomBot, play_match
from unoattack.engine.match import Bot

#: The names :func:`make_bot` understands.
BOT_NAMES: tuple[str, ...] = ("random", "heuristic")


def make_bot(spec: str, rng: random.Random) -> Bot:
    """The bot named ``spec`` (``random`` or ``heuristic``), drawing from ``rng``."""
    name = spec.strip().lower()
    if name == "random":
        return RandomBot(rng)
    if name == "heuristic":
        return HeuristicBot(rng)
    raise ValueError(f"unknown bot {spec!r}: choose one of {', '.join(BOT_NAMES)}")


__all__ = ["BOT_NAMES", "Bot", "HeuristicBot", "RandomBot", "make_bot", "play_match"]
