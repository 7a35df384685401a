"""What a match did: :class:`Step` values, public facts only.

A front-end renders each step for its viewer with the match's ``view`` and the step's
events redacted for that viewer (``Match.step_events``); a step itself holds no hidden
information.
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from unoattack.engine.actions import Action
from unoattack.engine.scoring import HandResult, MatchResult


class StepKind(Enum):
    APPLIED = "applied"  # an action was applied to the game
    HELD = "held"  # a catch is held for the UNO grace
    FAILED = "failed"  # a held catch failed (``reason``: uno_in_time, too_late)
    DECLINED = "declined"  # offers: a seat declined its reaction
    RESUMED = "resumed"  # the pause between two hands is over


class Chooser(Enum):
    PLAYER = "player"  # the seat's player, from outside (a person, an agent)
    BOT = "bot"  # the seat's bot
    STAND_IN = "stand_in"  # the stand-in of a player who is away or ran out of time


class Step(NamedTuple):
    """One thing the match did, at time ``at``.

    Attributes:
        kind: What happened.
        seat: Who acted (-1 for the end of a pause).
        action: The action, if any.
        at: When it happened.
        state: The table's state id after it (the number of actions applied).
        chooser: Who chose the action: the seat's player, its bot or its stand-in.
        reason: Why a held catch failed (a key of ``MATCH_REASONS``).
        hand: The hand this action ended, if it ended one.
        result: The match result, if this action ended the match.
        log_start: Where the step's events start in the game's log...
        log_stop: ...and where they stop (equal when it has none).
    """

    kind: StepKind
    seat: int
    action: Action | None
    at: float
    state: int
    chooser: Chooser = Chooser.PLAYER
    reason: str = ""
    hand: HandResult | None = None
    result: MatchResult | None = None
    log_start: int = 0
    log_stop: int = 0

    @property
    def auto(self) -> bool:
        """The action was chosen by a bot or a stand-in, not by the seat's player."""
        return self.chooser is not Chooser.PLAYER


class JournalError(RuntimeError):
    """The journal refused an action: it was not applied. ``steps`` are what happened
    before (already applied and journaled), so that a server can still send them."""

    def __init__(self, cause: Exception, steps: list[Step]) -> None:
        super().__init__(f"the action could not be journaled: {cause}")
        self.cause = cause
        self.steps = steps
