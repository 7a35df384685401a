"""The random bot, and a driver that plays a match between bots.

>>> from unoattack.engine import Game
>>> game = Game.new("2010", players=3, seed=1)
>>> bots = [RandomBot(random.Random(seat)) for seat in range(3)]
>>> play_match(game, bots) > 0, game.result is not None
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from unoattack.engine._compiled import mypyc_attr
from unoattack.engine.actions import Action, ActionKind
from unoattack.engine.bot import ActionPicker
from unoattack.engine.chance import choice
from unoattack.engine.game import Game
from unoattack.engine.match import Bot, Match, play_out

_OUT_OF_TURN: Final = (ActionKind.SAY_UNO, ActionKind.CATCH)


@mypyc_attr(allow_interpreted_subclasses=True)  # copyable: see _compiled
class RandomBot(ActionPicker):
    """Picks uniformly among the legal actions; says UNO and catches half the time."""

    def __init__(self, rng: random.Random, react_chance: float = 0.5) -> None:
        self.rng = rng
        self.react_chance = react_chance

    def choose_among(self, legal_actions: Sequence[Action]) -> Action:
        """The same choice from the legal actions alone (the match spares the view)."""
        return choice(self.rng, legal_actions)

    def react_among(self, legal_actions: Sequence[Action]) -> Action | None:
        """The same reaction from the legal actions alone (the match spares the view)."""
        options = [a for a in legal_actions if a.kind in _OUT_OF_TURN]
        if options and self.rng.random() < self.react_chance:
            return choice(self.rng, options)
        return None


def play_match(game: Game, bots: Sequence[Bot], max_actions: int | None = None) -> int:
    """Let ``bots`` (one per seat) play until the match ends, through a :class:`Match` at
    instant timing; return the actions taken."""
    return play_out(Match(game, bots=dict(enumerate(bots))), limit=max_actions)
