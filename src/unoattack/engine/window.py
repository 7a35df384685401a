"""The catch window: who may react while a player can be caught for not saying UNO, in
what order reactions that meet are settled, and what the bots at the table will do.

A window opens when a play leaves a player one card and they did not say UNO with it
(R57, R60), and closes at the next card play or press by anyone, penalty presses apart
(R61). Meanwhile the liable player may say UNO and every other player may catch them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from unoattack.engine.actions import Action, ActionKind
from unoattack.engine.bot import ActionPicker
from unoattack.engine.game import Game
from unoattack.engine.step import Chooser
from unoattack.engine.view import view

if TYPE_CHECKING:
    from unoattack.engine.bot import Bot

#: The kinds of action a seat may take out of turn: its reactions.
REACTIONS: Final = (ActionKind.SAY_UNO, ActionKind.CATCH)

# A planned reaction: (due, position in the reaction order, seat, action); the action is
# None for an offer to a seat played from outside (with offers).
Planned = tuple[float, int, int, Action | None]


def reaction_order(game: Game) -> list[int]:
    """The seats that may react in the open catch window, in the order reactions that
    meet at the same moment are settled: the liable seat first (R59: who calls UNO before
    anyone catches them is safe), then the other active seats in the order of play from
    it (docs/rules.md P12). Empty when no window is open.

    >>> from unoattack.engine import parse_position, Action
    >>> game = parse_position("2003 hands=R7,G5/G3,G4,B1/B3,B4,Y1 pile=R2 turn=0 dealer=2 "
    ...                       "scores=0,0,0 stock=... launcher=scripted:0 seed=0")
    >>> _ = game.apply(Action.parse("play R7"))
    >>> reaction_order(game)
    [0, 1, 2]
    """
    liable = game.uno_seat
    if liable < 0:
        return []
    n, step = game.n, game.direction
    return [seat for seat in ((liable + k * step) % n for k in range(n)) if game.active[seat]]


@dataclass(slots=True)
class Window:
    """An open catch window: who is liable, when and at which state it opened, and the
    reactions planned in it, in settling order."""

    liable: int
    opened: float
    state: int
    queue: list[Planned]
    # Whether a seat played from outside may react (a bot's closing move waits for it).
    people_may_react: bool

    @classmethod
    def open(
        cls,
        game: Game,
        at: float,
        state: int,
        controller: Callable[[int], Bot | None],
        offers: bool,
        reaction_time: Callable[[Action], float],
    ) -> Window:
        """The window that opened at time ``at``: every bot decides its reaction now, in
        the reaction order, and acts after its reaction time; with ``offers``, every seat
        played from outside is offered its reaction in its place in that order."""
        queue: list[Planned] = []
        people = False
        for position, seat in enumerate(reaction_order(game)):
            bot = controller(seat)
            if bot is None:
                if offers:
                    queue.append((at, position, seat, None))
                else:
                    people = True
                continue
            if isinstance(bot, ActionPicker):
                reaction = bot.react_among(game.legal_actions(seat))  # a call, no lookup
            elif (react_among := getattr(bot, "react_among", None)) is not None:
                reaction = react_among(game.legal_actions(seat))
            else:
                reaction = bot.react(view(game, seat))
            if reaction is None or reaction.kind not in REACTIONS:
                continue
            queue.append((at + reaction_time(reaction), position, seat, reaction))
        queue.sort(key=lambda planned: (planned[0], planned[1]))
        return cls(game.uno_seat, at, state, queue, people)


@dataclass(slots=True)
class HeldCatch:
    """A catch held for the UNO grace (P13)."""

    catcher: int
    liable: int
    at: float
    state: int
    chooser: Chooser
