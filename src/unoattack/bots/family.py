"""The family bot: plays like the heuristic bot, but is human about UNO.

At a family table people forget to say UNO and are slow to catch someone who forgot;
that is what makes Catch part of the game (R59–R61). This bot:

- forgets to say UNO with the play that leaves it one card, ``forget`` of the time
  (then, while it can still be caught, remembers in time only ``remember`` of the time);
- catches a player who forgot only ``catch`` of the time, so a person at the table
  usually gets there first.

Everything else is :class:`~unoattack.bots.heuristic.HeuristicBot`'s strategy. It reads
only its view and draws only from its generator, so a seeded game is reproducible.

>>> import random
>>> from unoattack.bots.heuristic import HeuristicBot
>>> from unoattack.engine import parse_position, view
>>> game = parse_position("2003 hands=R7,R5/G3,G4 pile=R2 turn=0 dealer=1 scores=0,0 "
...                       "stock=... launcher=scripted:1 seed=0")
>>> str(HeuristicBot(random.Random(0)).choose(view(game, 0)))
'play R7 uno'
>>> str(FamilyBot(random.Random(0), forget=1.0).choose(view(game, 0)))
'play R7'
"""

from __future__ import annotations

import random
from typing import Final

from unoattack.bots.heuristic import HeuristicBot
from unoattack.engine._compiled import mypyc_attr
from unoattack.engine.actions import Action, ActionKind
from unoattack.engine.view import View

#: How often the family bot forgets UNO with the play that leaves it one card.
FORGET_UNO: Final = 0.3
#: How often it remembers UNO in time after forgetting, while it can still be caught.
REMEMBER_LATE: Final = 0.25
#: How often it catches a player who forgot UNO.
CATCH: Final = 0.35


@mypyc_attr(allow_interpreted_subclasses=True)  # copyable: see _compiled
class FamilyBot(HeuristicBot):
    """A heuristic player who sometimes forgets UNO and is slow to catch.

    Args:
        rng: Its only source of chance (ties, and the slips below).
        forget: Chance of forgetting UNO with the play that leaves one card.
        remember: Chance of saying UNO in time after forgetting.
        catch: Chance of catching a player who forgot.
    """

    def __init__(
        self,
        rng: random.Random,
        *,
        forget: float = FORGET_UNO,
        remember: float = REMEMBER_LATE,
        catch: float = CATCH,
    ) -> None:
        super().__init__(rng)
        for name, chance in (("forget", forget), ("remember", remember), ("catch", catch)):
            if not 0.0 <= chance <= 1.0:
                raise ValueError(f"{name} must be a chance from 0 to 1, got {chance}")
        self.forget = forget
        self.remember = remember
        self.catch = catch

    def react(self, view: View) -> Action | None:
        """Say UNO if it remembers in time; catch only now and then."""
        return self._slip(view, super().react(view))

    def choose(self, view: View) -> Action:
        chosen = super().choose(view)
        action = self._slip(view, chosen)
        if action is None:
            # It let the reaction pass: its decision without reactions.
            rest = _without_reactions(view)
            return super().choose(rest) if rest.legal_actions else chosen
        if action.kind is ActionKind.PLAY and action.uno and self.rng.random() < self.forget:
            for plain in view.legal_actions:
                if (
                    plain.kind is ActionKind.PLAY
                    and not plain.uno
                    and (plain.card, plain.colour, plain.target)
                    == (action.card, action.colour, action.target)
                ):
                    return plain
        return action

    def _slip(self, view: View, action: Action | None) -> Action | None:
        """``action`` as the heuristic bot chose it, or None where this player slips."""
        if action is None:
            return None
        if action.kind is ActionKind.SAY_UNO and self.rng.random() >= self.remember:
            return None
        if action.kind is ActionKind.CATCH and self.rng.random() >= self.catch:
            return None
        return action


def _without_reactions(view: View) -> View:
    legal = tuple(
        a for a in view.legal_actions if a.kind not in (ActionKind.SAY_UNO, ActionKind.CATCH)
    )
    return view._replace(legal_actions=legal)
