"""What a match did: :class:`Step` values, public facts only.

A front-end renders each step for its viewer with the match's ``view`` and the step's
events redacted for that viewer (``Match.step_events``); a step itself holds no hidden
information.
"""

from __future__ import annotations

from enum import Enum
from typing import Final

from unoattack.engine._compiled import mypyc_attr
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


#: A step's fields, in the order of its constructor's arguments.
_FIELDS: Final = (
    "kind",
    "seat",
    "action",
    "at",
    "state",
    "chooser",
    "reason",
    "hand",
    "result",
    "log_start",
    "log_stop",
)


@mypyc_attr(allow_interpreted_subclasses=True)  # copyable: see _compiled
class Step:
    """One thing the match did, at time ``at``: a value, equal to any step with the same
    fields.

    A class with slots rather than a named tuple: the match makes one for every action
    of every table, and machine code (the compiled build) makes one of these in a
    fraction of the time a named tuple takes (a tuple to build, then ``tuple.__new__``
    to copy it into the subclass).

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

    __slots__ = _FIELDS

    def __init__(
        self,
        kind: StepKind,
        seat: int,
        action: Action | None,
        at: float,
        state: int,
        chooser: Chooser = Chooser.PLAYER,
        reason: str = "",
        hand: HandResult | None = None,
        result: MatchResult | None = None,
        log_start: int = 0,
        log_stop: int = 0,
    ) -> None:
        self.kind = kind
        self.seat = seat
        self.action = action
        self.at = at
        self.state = state
        self.chooser = chooser
        self.reason = reason
        self.hand = hand
        self.result = result
        self.log_start = log_start
        self.log_stop = log_stop

    @property
    def auto(self) -> bool:
        """The action was chosen by a bot or a stand-in, not by the seat's player."""
        return self.chooser is not Chooser.PLAYER

    def fields(self) -> tuple[object, ...]:
        """The step's fields, in the order of the constructor's arguments."""
        return (
            self.kind,
            self.seat,
            self.action,
            self.at,
            self.state,
            self.chooser,
            self.reason,
            self.hand,
            self.result,
            self.log_start,
            self.log_stop,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Step):
            return NotImplemented
        return self.fields() == other.fields()

    def __hash__(self) -> int:
        return hash(self.fields())

    def __repr__(self) -> str:
        pairs = ", ".join(f"{n}={v!r}" for n, v in zip(_FIELDS, self.fields(), strict=True))
        return f"Step({pairs})"


@mypyc_attr(native_class=False)  # mypyc makes no native subclass of RuntimeError
class JournalError(RuntimeError):
    """The journal refused an action: it was not applied. ``steps`` are what happened
    before (already applied and journaled), so that a server can still send them."""

    def __init__(self, cause: Exception, steps: list[Step]) -> None:
        super().__init__(f"the action could not be journaled: {cause}")
        self.cause = cause
        self.steps = steps
