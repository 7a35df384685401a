"""How long things take at a table: the :class:`Timing` a match is played at.

>>> Timing(think=1.0).press, INSTANT == Timing()
(0.0, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from unoattack.engine._compiled import reduce_dataclass


@dataclass(frozen=True, slots=True)
class Timing:
    """How long things take at a table, in seconds. The default is instant: bots act at
    once, in a fixed order, which is what simulations, environments and tests want.

    Attributes:
        think: A bot's decision on its turn, after the last action.
        press: A bot's next press of an obligation.
        react: The shortest and longest time a bot takes to catch someone, drawn
            uniformly (from the match's own seeded generator); a bot's own UNO takes half.
        uno_grace: How long a catch is held; the liable player's UNO arriving meanwhile
            wins (0: a catch applies at once; docs/rules.md P13).
        human_window: While a catch window is open and a seat played from outside may
            react in it, a bot's move that would close the window waits until this long
            after the window opened (P12).
        turn_timer: A decision of a seat played from outside not taken within this many
            seconds is taken by the seat's stand-in (0: no timer).
        between_hands: After a hand ends (and the match goes on), nobody acts for this
            long, or until every seat played from outside has said it is ready
            (``math.inf``: until they have).
    """

    think: float = 0.0
    press: float = 0.0
    react: tuple[float, float] = (0.0, 0.0)
    uno_grace: float = 0.0
    human_window: float = 0.0
    turn_timer: float = 0.0
    between_hands: float = 0.0

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_dataclass(self)  # pickle and copy it compiled too (see _compiled)


#: Everything at once.
INSTANT: Final = Timing()
