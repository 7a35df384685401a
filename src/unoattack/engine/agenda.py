"""The agenda of a table: what comes due next, and when.

A :class:`~unoattack.engine.match.Match` keeps no clock: things happen when the caller
says what time it is (:meth:`~unoattack.engine.match.Match.advance`). Between two
calls, :func:`next_due` reads the table as it stands — the game, who plays each seat,
the timing, the open catch window, a held catch, a pause between hands — and says what
is due next: the end of the pause, a held catch to settle, a bot's reaction, a bot's or
a stand-in's move, or a turn timer running out.
"""

from __future__ import annotations

import math
from typing import Final, NamedTuple

from unoattack.engine.game import Game, Phase
from unoattack.engine.seats import Seats
from unoattack.engine.timing import Timing
from unoattack.engine.window import HeldCatch, Window

__all__ = ["MOVE", "REACT", "RESUME", "SETTLE", "TIMEOUT", "Due", "next_due"]

#: The kinds of thing that can come due, in the order they go when due at the same time.
RESUME: Final = 0
SETTLE: Final = 1
REACT: Final = 2
MOVE: Final = 3
TIMEOUT: Final = 4


class Due(NamedTuple):
    """Something due at time ``at``: its kind (:data:`MOVE`, ...) and its seat (-1 for
    the end of a pause)."""

    at: float
    kind: int
    seat: int


def next_due(
    game: Game,
    seats: Seats,
    timing: Timing,
    *,
    since: float,
    window: Window | None,
    held: HeldCatch | None,
    pause: float | None,
    offers: bool,
) -> Due | None:
    """What comes due next at the table, or None when it waits for a seat played from
    outside (or the match is over). ``since`` is when the current state began."""
    if window is None and held is None and pause is None:
        # The common case: no window, no held catch, no pause; only a move can come.
        to_act = game.to_act
        if to_act is None:
            return None
        if to_act in seats.bots or to_act in seats.away:
            wait = timing.press if game.phase is Phase.PRESSING else timing.think
            return Due(since + wait, MOVE, to_act)
        if timing.turn_timer > 0 and to_act in seats.stand_ins:
            return Due(since + timing.turn_timer, TIMEOUT, to_act)
        return None
    if game.is_over:
        return None
    if pause is not None:
        return None if math.isinf(pause) else Due(pause, RESUME, -1)
    best: Due | None = None
    if held is not None:
        best = Due(held.at + timing.uno_grace, SETTLE, held.catcher)
    if window is not None and window.queue:
        due, _, seat, reaction = window.queue[0]
        if reaction is None:
            return best  # an offer: its seat answers first (after a held catch)
        if best is None or due < best.at:
            best = Due(due, REACT, seat)
        if offers:
            return best  # the offers and the bots' reactions come before any move
    if held is not None:
        return best  # nobody moves while a catch is held
    to_act = game.to_act
    if to_act is None:
        return best
    if seats.controller(to_act) is not None:
        due = since + (timing.press if game.phase is Phase.PRESSING else timing.think)
        if window is not None and window.people_may_react:
            # P12: a bot's move that would close the window waits for people to react.
            due = max(due, window.opened + timing.human_window)
        kind = MOVE
    elif timing.turn_timer > 0 and to_act in seats.stand_ins:
        due, kind = since + timing.turn_timer, TIMEOUT
    else:
        return best
    if best is None or due < best.at:
        best = Due(due, kind, to_act)
    return best
