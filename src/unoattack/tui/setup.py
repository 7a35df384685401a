"""What a match is made of before it starts: edition, seats, launcher, house rules, language.

The command line and the new-game screen both build a :class:`Setup`; :meth:`Setup.check`
asks the engine to validate it, so a bad edition, option or launcher is refused with the
engine's own one-line message.

>>> seats = parse_players("you,bot:heuristic,human:Ana,bot:ismcts:iters=200")
>>> [seat.spec for seat in seats]
['you', 'bot:heuristic', 'human:Ana', 'bot:ismcts:iters=200']
>>> parse_players("you")
Traceback (most recent call last):
...
unoattack.tui.setup.SetupError: a table has 2 to 10 seats, not 1
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from unoattack.bots import BOT_NAMES, make_bot
from unoattack.engine import Game, parse_launcher
from unoattack.rules import Edition
from unoattack.rules.cards import is_digits
from unoattack.tui.i18n import LANGUAGES

#: Bot levels a seat may ask for (the names ``unoattack.bots.make_bot`` understands).
BOT_LEVELS: tuple[str, ...] = BOT_NAMES
#: Launcher models a player can choose on the new-game screen (``scripted`` is for tests,
#: and stays available from the command line).
PLAYABLE_LAUNCHERS: tuple[str, ...] = ("hazard", "schedule", "memoryless", "draw-one")
MIN_SEATS, MAX_SEATS = 2, 10
_SEAT_FORMS = (
    "write you, human[:NAME] or bot[:LEVEL] (LEVEL: "
    + ", ".join(BOT_LEVELS)
    + ", or a search with options such as ismcts:iters=500)"
)


class SetupError(ValueError):
    """A setup that cannot start a match; the message is one line a player can read."""


@dataclass(frozen=True, slots=True)
class Seat:
    """Who sits in a seat: ``you``, another ``human`` at the same keyboard, or a ``bot``."""

    kind: str
    name: str = ""
    level: str = ""

    @property
    def is_human(self) -> bool:
        return self.kind in ("you", "human")

    @property
    def spec(self) -> str:
        """The seat as written in ``--players`` (round-trips through :func:`parse_seat`)."""
        if self.kind == "bot":
            return f"bot:{self.level}"
        return f"{self.kind}:{self.name}" if self.name else self.kind

    def to_dict(self) -> dict[str, str]:
        return {"kind": self.kind, "name": self.name, "level": self.level}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Seat:
        kind = str(data.get("kind", ""))
        if kind == "bot":
            return parse_seat(f"bot:{data.get('level', '')}")
        return parse_seat(f"{kind}:{data.get('name', '')}")


def parse_seat(text: str) -> Seat:
    """One seat of ``--players``: ``you``, ``human``, ``human:Ana``, ``bot``, ``bot:random``."""
    head, _, arg = text.strip().partition(":")
    head = head.strip().lower()
    arg = arg.strip()
    if head in ("you", "me"):
        return Seat("you", arg)
    if head in ("human", "h"):
        return Seat("human", arg)
    if head == "bot":
        level = arg.lower() or "heuristic"
        if level not in BOT_LEVELS:
            if not level.startswith("ismcts:"):
                raise SetupError(
                    f"--players: unknown bot level {arg!r}: choose one of "
                    f"{', '.join(BOT_LEVELS)}, or a search with options such as "
                    "ismcts:iters=500"
                )
            # A search with its options (docs/bots.md), as tournament and simulate take
            # them: built once here so that a bad option is refused before the match.
            try:
                make_bot(level, random.Random(0))
            except ValueError as exc:
                raise SetupError(f"--players: {exc}") from None
        return Seat("bot", level=level)
    raise SetupError(f"--players: {text.strip()!r} is not a seat: {_SEAT_FORMS}")


def parse_players(text: str) -> tuple[Seat, ...]:
    """The seats of ``--players``, comma-separated, in seat order (seat 0 first); or a
    number N: you and N - 1 heuristic bots (the count the other commands take)."""
    if is_digits(text.strip()):
        count = int(text)
        if not MIN_SEATS <= count <= MAX_SEATS:
            raise SetupError(
                f"--players {count}: a table has {MIN_SEATS} to {MAX_SEATS} seats "
                "(you and the bots), or give the seats: you,bot:heuristic,human:Ana"
            )
        return (Seat("you"),) + (Seat("bot", level="heuristic"),) * (count - 1)
    parts = text.split(",")
    if any(not part.strip() for part in parts):
        raise SetupError(f"--players {text!r}: an entry is empty; {_SEAT_FORMS}, comma-separated")
    seats = tuple(parse_seat(part) for part in parts)
    check_seats(seats)
    return seats


def check_seats(seats: Sequence[Seat]) -> None:
    if not MIN_SEATS <= len(seats) <= MAX_SEATS:
        raise SetupError(f"a table has {MIN_SEATS} to {MAX_SEATS} seats, not {len(seats)}")
    if sum(seat.kind == "you" for seat in seats) > 1:
        raise SetupError("only one seat can be 'you': the other players are human or bot")


def default_seats() -> tuple[Seat, ...]:
    # Family bots forget UNO now and then, so that Catch is part of the default game.
    return (Seat("you"), Seat("bot", level="family"), Seat("bot", level="family"))


@dataclass(slots=True)
class Setup:
    """A match to start. ``options`` holds house-rule overrides of the edition's options
    (``scoring_mode`` and ``target_score`` among them); ``seed`` None draws one at start."""

    edition: str = "2003"
    seats: tuple[Seat, ...] = field(default_factory=default_seats)
    seed: int | None = None
    launcher: str = "hazard"
    options: dict[str, Any] = field(default_factory=dict)
    lang: str = "en"
    hints: bool = True  # a player may ask the coach for the best moves (H)
    #: The table's pace (``normal``, ``fast``, ``instant``); None: the app's own.
    speed: str | None = None

    def check(self) -> Edition:
        """The edition with its house rules, or :class:`SetupError` saying what is wrong."""
        if self.lang not in LANGUAGES:
            raise SetupError(
                f"--lang: unknown language {self.lang!r}: choose one of {', '.join(LANGUAGES)}"
            )
        check_seats(self.seats)
        try:
            edition = Edition.load(self.edition)
            if self.options:
                edition = edition.with_options(self.options)
            parse_launcher(self.launcher)
        except ValueError as exc:
            raise SetupError(str(exc)) from None
        return edition

    def new_game(self) -> Game:
        """Shuffle and deal (drawing a seed first if none was given)."""
        edition = self.check()
        if self.seed is None:
            self.seed = secrets.randbelow(1_000_000)
        try:
            return Game.new(
                edition, players=len(self.seats), seed=self.seed, launcher=self.launcher
            )
        except ValueError as exc:
            raise SetupError(str(exc)) from None
