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
from typing import Protocol

from unoattack.engine.actions import Action, ActionKind
from unoattack.engine.game import Game
from unoattack.engine.view import View, view

_OUT_OF_TURN = (ActionKind.SAY_UNO, ActionKind.CATCH)


class Bot(Protocol):
    def choose(self, view: View) -> Action:
        """The seat's decision when the game waits for it."""

    def react(self, view: View) -> Action | None:
        """An out-of-turn action (say UNO, catch a player), or None to let it pass."""


class RandomBot:
    """Picks uniformly among the legal actions; says UNO and catches half the time."""

    def __init__(self, rng: random.Random, react_chance: float = 0.5) -> None:
        self.rng = rng
        self.react_chance = react_chance

    def choose(self, view: View) -> Action:
        return self.rng.choice(view.legal_actions)

    def react(self, view: View) -> Action | None:
        options = [a for a in view.legal_actions if a.kind in _OUT_OF_TURN]
        if options and self.rng.random() < self.react_chance:
            return self.rng.choice(options)
        return None


def play_match(game: Game, bots: Sequence[Bot], max_actions: int | None = None) -> int:
    """Let ``bots`` (one per seat) play until the match ends; return the actions taken.

    Before each decision, every other seat that could act out of turn (a catch window is
    open) is offered the chance, in seat order.
    """
    taken = 0
    while not game.is_over and (max_actions is None or taken < max_actions):
        seat = game.to_act
        assert seat is not None
        if game.uno_seat >= 0:
            for other in game.seats_that_may_act()[1:]:
                reaction = bots[other].react(view(game, other))
                if reaction is not None:
                    game.apply(reaction, other)
                    taken += 1
                    break
            seat = game.to_act
            if seat is None:
                break
        game.apply(bots[seat].choose(view(game, seat)), seat)
        taken += 1
    return taken
