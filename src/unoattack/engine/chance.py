"""The random draws of the engine and the bots, exactly as ``random.Random`` makes them.

``Random.choice``, ``Random.shuffle`` and ``Random.randrange`` are Python code in the
standard library, so the compiled build (docs/engine.md, "The compiled build") would go
back to the interpreter for every draw, and for every card of a shuffle. These functions
make the same draws from the same generator (``Random._randbelow``: ``getrandbits`` of the
bound's bit length, drawn again until below the bound), so a game is the same whether they
run compiled or not, and the same as with the standard library's methods
(tests/test_chance.py). A generator of a subclass of ``Random`` may draw in its own way:
it is asked to draw itself.

>>> import random
>>> deck = list(range(10))
>>> shuffle(random.Random(4), deck)
>>> same = list(range(10))
>>> random.Random(4).shuffle(same)
>>> deck == same, choice(random.Random(9), deck) == random.Random(9).choice(deck)
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Final, TypeVar

__all__ = ["choice", "randbelow", "randrange", "shuffle"]

T = TypeVar("T")

# Read from C statics by the compiled build (module constants are Final, docs/engine.md).
_RANDOM: Final = Random
_GETRANDBITS: Final = Random.getrandbits


def randbelow(rng: Random, n: int) -> int:
    """A random int in ``[0, n)``, ``n > 0``: ``Random._randbelow`` for a ``Random``."""
    bits = n.bit_length()
    # The method found once, not at every draw (``rng.getrandbits`` is looked up through
    # the classes of ``rng``: ``Random`` is a Python subclass of ``_random.Random``); a
    # subclass may draw its bits in its own way.
    getrandbits = _GETRANDBITS if type(rng) is _RANDOM else type(rng).getrandbits
    draw = getrandbits(rng, bits)
    while draw >= n:
        draw = getrandbits(rng, bits)
    return draw


def choice(rng: Random, items: Sequence[T]) -> T:
    """``rng.choice(items)``: one of ``items`` at random (IndexError if there is none)."""
    count = len(items)
    if type(rng) is not _RANDOM:
        return rng.choice(items)
    if count == 0:
        raise IndexError("Cannot choose from an empty sequence")
    return items[randbelow(rng, count)]


def shuffle(rng: Random, items: list[T]) -> None:
    """``rng.shuffle(items)``: the list shuffled in place (Fisher-Yates, from the end)."""
    if type(rng) is not _RANDOM:
        rng.shuffle(items)
        return
    for i in range(len(items) - 1, 0, -1):
        j = randbelow(rng, i + 1)
        items[i], items[j] = items[j], items[i]


def randrange(rng: Random, stop: int) -> int:
    """``rng.randrange(stop)``, ``stop > 0``: a random int in ``[0, stop)``."""
    if type(rng) is not _RANDOM:
        return rng.randrange(stop)
    if stop <= 0:
        raise ValueError(f"empty range in randrange({stop})")
    return randbelow(rng, stop)
