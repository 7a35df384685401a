"""Bots: policies that see only their seat's view (or, for search, only what their seat
knows) and return an action.

>>> import random
>>> type(make_bot("heuristic", random.Random(1))).__name__
'HeuristicBot'
>>> make_bot("ismcts:iters=200", random.Random(1)).iterations
200
>>> make_bot("greedy", random.Random(1))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: unknown bot 'greedy': choose one of random, family, heuristic, ismcts-easy, ...
"""

from __future__ import annotations

import random

from unoattack.bots.family import FamilyBot
from unoattack.bots.heuristic import HeuristicBot
from unoattack.bots.ismcts import LEVELS, ISMCTSBot, parse_ismcts
from unoattack.bots.random_bot import RandomBot, play_match
from unoattack.engine.match import Bot

#: The names :func:`make_bot` understands (``ismcts:iters=N`` and its options besides).
BOT_NAMES: tuple[str, ...] = (
    "random",
    "family",
    "heuristic",
    *(f"ismcts-{level}" for level in LEVELS),
)


def make_bot(spec: str, rng: random.Random) -> Bot:
    """The bot named ``spec``, drawing from ``rng``: ``random``, ``family`` (the heuristic
    strategy, but it sometimes forgets UNO and is slow to catch), ``heuristic``,
    ``ismcts-easy``/``-normal``/``-hard`` (thinking 0.05, 0.2, 0.5 s a decision), or
    ``ismcts:iters=N`` (reproducible) with options ``:time=S``, ``:depth=D``,
    ``:guided`` (see :func:`unoattack.bots.ismcts.parse_ismcts`)."""
    name = spec.strip().lower()
    if name == "random":
        return RandomBot(rng)
    if name == "heuristic":
        return HeuristicBot(rng)
    if name == "family":
        return FamilyBot(rng)
    if name.startswith("ismcts"):
        return parse_ismcts(name, rng)
    raise ValueError(f"unknown bot {spec!r}: choose one of {', '.join(BOT_NAMES)}, ismcts:iters=N")


__all__ = [
    "BOT_NAMES",
    "Bot",
    "FamilyBot",
    "HeuristicBot",
    "ISMCTSBot",
    "RandomBot",
    "make_bot",
    "play_match",
]
