"""A match at the table: the game's match, who sits where, the bots, and where it is saved.

The session knows no rule: the cards' rules are the engine's and the table's (who may
act, reactions, when bots move) are its :class:`~unoattack.engine.match.Match`'s. It
hands the match the players' actions and keeps the record on disk. :class:`Pace` says
how long things take: the match's timing (bots' thinking and reaction times) and the
screen's animations.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from unoattack.engine import SPECTATOR, Action, Game, Record, RecordError, View
from unoattack.engine.match import INSTANT, Bot, Match, Step, Timing
from unoattack.engine.record import TakeBack
from unoattack.tui import store
from unoattack.tui.i18n import Tr
from unoattack.tui.setup import Seat


def make_bot(level: str, rng: random.Random) -> Bot:
    """A bot of ``level`` (``random`` or ``heuristic``) drawing from ``rng``."""
    from unoattack.bots import make_bot as bot_named

    return bot_named(level, rng)


@dataclass(frozen=True, slots=True)
class Pace:
    """How long things take at the table, in seconds. :meth:`instant` (all zero) is for
    tests: bots act and animations end at once, in a fixed order.

    Attributes:
        think: A bot's decision on its turn.
        press: A bot's next press of an obligation.
        react: The shortest and longest time a bot takes to say UNO or catch someone.
        grace: While a catch window is open and a human may act in it, a bot on its turn
            waits at least this long before its move (which would close the window).
        whirr: One frame of the launcher's whirr (four frames per press).
        card: Between two cards shooting out of the launcher.
        bell: Ring the terminal bell when the launcher fires.
    """

    think: float = 1.0
    press: float = 0.5
    react: tuple[float, float] = (0.8, 2.4)
    grace: float = 2.5
    whirr: float = 0.09
    card: float = 0.22
    bell: bool = True

    @classmethod
    def instant(cls, bell: bool = False) -> Pace:
        return cls(0.0, 0.0, (0.0, 0.0), 0.0, 0.0, 0.0, bell)

    @classmethod
    def named(cls, speed: str, bell: bool = True) -> Pace:
        """``normal``, ``fast`` or ``instant``."""
        if speed == "instant":
            return cls.instant(bell)
        if speed == "fast":
            return cls(0.35, 0.2, (0.4, 1.2), 1.5, 0.04, 0.08, bell)
        if speed == "normal":
            return cls(bell=bell)
        raise ValueError(f"unknown speed {speed!r}: choose normal, fast or instant")

    @property
    def speed(self) -> str | None:
        """The name of this pace (:data:`SPEEDS`), or None for a pace of one's own."""
        for name in ("normal", "fast", "instant"):
            if Pace.named(name, self.bell) == self:
                return name
        return None

    @property
    def is_instant(self) -> bool:
        return self.think == self.press == self.grace == self.whirr == self.card == 0 and (
            self.react == (0.0, 0.0)
        )

    def timing(self, people: bool) -> Timing:
        """The match's timing at this pace. With people at the table (``people``), a
        bot's move that would close a catch window waits ``grace`` after it opened, and
        the table pauses between hands until the hand's screen is closed."""
        return Timing(
            think=self.think,
            press=self.press,
            react=self.react,
            human_window=self.grace,
            between_hands=math.inf if people else 0.0,
        )


SPEEDS: tuple[str, ...] = ("normal", "fast", "instant")


def seat_name(seat: Seat, index: int, tr: Tr, *, you: bool = True) -> str:
    """A seat's name: its given name, ``You``, ``Player 3`` or ``Bot 2`` (numbered from 1).

    With ``you`` false (several humans share the keyboard, or a replay), the ``you`` seat
    is a ``Player`` like the others: "You" would read wrong on another player's screen.
    """
    if seat.name:
        return seat.name
    if seat.kind == "you" and you:
        return tr("you")
    if seat.is_human:
        return tr("player", n=index + 1)
    return tr("bot", n=index + 1)


def replay_names(table: store.SavedTable | None, players: int, tr: Tr) -> list[str] | None:
    """The seats' names for a replay, from the seats file saved with the record (None
    without one, or when it does not fit the record: seats are then "Player N"). The seat
    of ``you`` is a "Player" too: a replay is watched, and "You" would read wrong."""
    if table is None or len(table.seats) != players:
        return None
    return [seat_name(seat, index, tr, you=False) for index, seat in enumerate(table.seats)]


class Session:
    """One match being played: its match, the seats, the bots and the save file."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[Seat],
        *,
        lang: str = "en",
        save_path: Path | None = None,
        bots: Mapping[int, Bot] | None = None,
        hints: bool = True,
        takebacks: Sequence[TakeBack] = (),
    ) -> None:
        if len(seats) != game.n:
            raise ValueError(f"{len(seats)} seats for a table of {game.n}")
        self.seats = tuple(seats)
        self.tr = Tr(lang)
        self.save_path = save_path
        #: Whether a player may ask the coach for a hint (H) at this table.
        self.hints = hints
        self.humans = tuple(s for s, seat in enumerate(self.seats) if seat.is_human)
        self.bots: dict[int, Bot] = dict(bots or {})
        for s, seat in enumerate(self.seats):
            if not seat.is_human and s not in self.bots:
                self.bots[s] = make_bot(seat.level, random.Random(f"{game.seed}:bot:{s}"))
        #: The arbiter of the table; the screen sets its timing (:meth:`Pace.timing`).
        #: A search bot thinks on a thread, while the screen stays live (search_ahead).
        self.match = Match(game, bots=self.bots, timing=INSTANT, search_ahead=True)
        self.match.takebacks = list(takebacks)  # those of the match being resumed
        self._dirty = False
        #: Why the match could not be saved (the match goes on unsaved), or None.
        self.save_error: str | None = None
        if save_path is not None:
            try:
                store.write_table(save_path, self.seats, lang, hints)
            except OSError as exc:
                self._cannot_save(exc)
            self._dirty = True
            self.save()

    @property
    def game(self) -> Game:
        """The game being played (a new object after a take-back rewinds it)."""
        return self.match.game

    # ---------------------------------------------------------------- names

    def name(self, seat: int) -> str:
        """The seat's name at the table: ``You``, a given name, ``Player 3``, ``Bot 2``."""
        return seat_name(self.seats[seat], seat, self.tr, you=len(self.humans) == 1)

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and seat in self.humans

    # ---------------------------------------------------------------- acting

    def view(self, seat: int) -> View:
        return self.match.view(seat)

    def legal(self, seat: int) -> tuple[Action, ...]:
        if seat == SPECTATOR:
            return ()
        return self.match.legal_actions(seat)

    def apply(self, action: Action, seat: int, now: float) -> list[Step]:
        """Hand ``seat``'s ``action`` to the match at time ``now``; raises
        ``IllegalAction`` (nothing changes)."""
        steps = self.match.submit(seat, action, now=now)
        self._dirty = True
        return steps

    def take_back(self, seat: int, now: float) -> TakeBack:
        """Undo ``seat``'s last move and the bots' answers (the match says when that is
        allowed: a player alone against bots, in the hand being played); raises
        ``MatchRefusal`` otherwise. The record keeps the take-back."""
        took = self.match.take_back(seat, now=now)
        self._dirty = True
        return took

    def advance(self, now: float) -> list[Step]:
        """The next thing the match has due at ``now`` (a bot's move or reaction), if any."""
        steps = self.match.advance(now, limit=1)
        self._dirty = self._dirty or bool(steps)
        return steps

    def save(self) -> None:
        """Write the record if anything happened since the last save. A failure (a full
        disk, a folder without write access) stops the saving, not the match."""
        if self._dirty and self.save_path is not None and self.save_error is None:
            try:
                store.write_record(self.game, self.save_path, self.match.takebacks)
            except OSError as exc:
                self._cannot_save(exc)
        self._dirty = False

    def _cannot_save(self, exc: OSError) -> None:
        self.save_error = f"cannot save to {self.save_path}: {exc.strerror or exc}"


class ResumeError(ValueError):
    """A saved match that cannot be continued; the message is one line a player can read."""


def resume(path: Path, lang: str | None = None, record: Record | None = None) -> Session:
    """The saved match at ``path``, ready to go on where it stopped: its record replayed,
    its seats, language (``lang`` instead, when given) and hints from the seats file next
    to it (:func:`store.table_for`), saving to the same file.

    Args:
        path: The match's record, in the data dir.
        lang: The language to play in; None keeps the one the match was played in.
        record: The record at ``path``, when the caller has read it already.
    """
    if record is None:
        try:
            record = Record.load(path)
        except RecordError as exc:
            raise ResumeError(str(exc)) from None
    if record.result is not None:
        raise ResumeError(f"{path}: the match is over: replay it instead")
    try:
        game = record.replay()
    except ValueError as exc:
        raise ResumeError(f"{path}: the saved actions do not replay: {exc}") from None
    table = store.table_for(path, game.n)
    return Session(
        game,
        table.seats,
        lang=lang or table.lang,
        save_path=path,
        hints=table.hints,
        takebacks=record.takebacks,
    )
