"""The engine's random draws are the standard library's, draw for draw (engine/chance.py):
a game is the same whether its shuffles and a bot's choices run compiled or not."""

from __future__ import annotations

import random

import pytest

from unoattack.engine import chance


@pytest.mark.parametrize("seed", range(40))
def test_choice_shuffle_and_randrange_draw_as_the_standard_library_does(seed: int):
    ours, theirs = random.Random(seed), random.Random(seed)
    for size in range(1, 140):
        items = list(range(size))
        assert chance.choice(ours, items) == theirs.choice(items)
        assert chance.randrange(ours, size) == theirs.randrange(size)
        mine, reference = list(items), list(items)
        chance.shuffle(ours, mine)
        theirs.shuffle(reference)
        assert mine == reference
    # Both generators are left in the same state: the next draws agree too.
    assert ours.getrandbits(64) == theirs.getrandbits(64)


def test_a_generator_of_a_subclass_draws_in_its_own_way():
    class Fixed(random.Random):
        def choice(self, seq):  # type: ignore[no-untyped-def, override]
            return seq[-1]

        def shuffle(self, x):  # type: ignore[no-untyped-def, override]
            x.reverse()

        def randrange(self, start, stop=None, step=1):  # type: ignore[no-untyped-def, override]
            return 0

    rng = Fixed(1)
    items = [3, 1, 2]
    assert chance.choice(rng, items) == 2
    chance.shuffle(rng, items)
    assert items == [2, 1, 3]
    assert chance.randrange(rng, 10) == 0


def test_randbelow_asks_a_subclass_for_its_own_bits():
    class Counting(random.Random):
        def getrandbits(self, k):  # type: ignore[no-untyped-def, override]
            self.asked = getattr(self, "asked", 0) + 1
            return self.asked % 4  # 1, 2, 3, 0, 1...

    rng = Counting(5)
    assert [chance.randbelow(rng, 3) for _ in range(2)] == [1, 2]
    assert chance.randbelow(rng, 3) == 0 and rng.asked == 4  # 3 was drawn again once
    # A Random's own bits: the same numbers as the standard library's _randbelow.
    assert [chance.randbelow(random.Random(8), 1000) for _ in range(3)] == [
        random.Random(8)._randbelow(1000)  # type: ignore[attr-defined]
    ] * 3


def test_an_empty_choice_or_range_is_refused_as_the_standard_library_refuses_it():
    with pytest.raises(IndexError, match="empty sequence"):
        chance.choice(random.Random(0), [])
    with pytest.raises(ValueError, match="empty range"):
        chance.randrange(random.Random(0), 0)
    empty: list[int] = []
    chance.shuffle(random.Random(0), empty)
    assert empty == []
