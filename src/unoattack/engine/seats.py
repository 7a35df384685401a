"""Who plays each seat of a table: the match's bots, and the stand-ins that play a seat
whose player is away or out of time (:class:`~unoattack.engine.match.Match` keeps one)."""

from __future__ import annotations

from collections.abc import Mapping

from unoattack.engine._compiled import mypyc_attr
from unoattack.engine.bot import Bot

__all__ = ["Seats"]


@mypyc_attr(allow_interpreted_subclasses=True)  # copyable: see _compiled
class Seats:
    """The bots of a table of ``n`` seats: ``bots`` play their seats; a seat without one
    is played from outside (a person, an environment), and its stand-in, if it has one,
    plays it while its player is ``away`` (or runs out of time)."""

    __slots__ = ("away", "bots", "n", "stand_ins")

    def __init__(
        self,
        n: int,
        bots: Mapping[int, Bot] | None = None,
        stand_ins: Mapping[int, Bot] | None = None,
    ) -> None:
        self.n = n
        self.bots: dict[int, Bot] = {}
        self.stand_ins: dict[int, Bot] = {}
        self.away: set[int] = set()
        for seat, bot in (bots or {}).items():
            self.set_bot(seat, bot)
        for seat, bot in (stand_ins or {}).items():
            self.set_stand_in(seat, bot)

    def check(self, seat: int) -> None:
        if not 0 <= seat < self.n:
            raise ValueError(f"there is no seat {seat} at this table of {self.n}")

    def set_bot(self, seat: int, bot: Bot | None) -> None:
        """Let ``bot`` play ``seat`` (None: the seat is played from outside)."""
        self.check(seat)
        if bot is None:
            self.bots.pop(seat, None)
        else:
            self.bots[seat] = bot

    def set_stand_in(self, seat: int, bot: Bot) -> None:
        self.check(seat)
        self.stand_ins[seat] = bot

    def set_away(self, seat: int, away: bool) -> None:
        """While a player is away, their stand-in plays their seat at bots' pace."""
        self.check(seat)
        if away:
            if seat not in self.stand_ins:
                raise ValueError(f"seat {seat} has no stand-in to play while its player is away")
            self.away.add(seat)
        else:
            self.away.discard(seat)

    def is_away(self, seat: int) -> bool:
        return seat in self.away

    def controller(self, seat: int) -> Bot | None:
        """Who plays ``seat`` now: its bot, or its stand-in while its player is away;
        None when the seat is played from outside."""
        bot = self.bots.get(seat)
        if bot is None and seat in self.away:
            return self.stand_ins[seat]
        return bot

    def mover(self, seat: int, timed_out: bool) -> Bot:
        """Who makes ``seat``'s move: its bot, else its stand-in (away or, when
        ``timed_out``, out of time)."""
        bot = None if timed_out else self.bots.get(seat)
        return self.stand_ins[seat] if bot is None else bot

    def copy(self) -> Seats:
        """The same seating (the bots themselves are shared)."""
        twin = Seats(self.n, self.bots, self.stand_ins)
        twin.away = set(self.away)
        return twin
