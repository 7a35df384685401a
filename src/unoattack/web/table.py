"""One table of the web server: its setup, its seats and tokens, its match and actions.

A table knows no network and no clock: the :class:`~unoattack.web.manager.TableManager`
drives it. It holds no rule either: the cards' rules are the engine's and the table's
(who may act, reactions, the UNO grace, bots' turns) are its
:class:`~unoattack.engine.match.Match`'s. A table checks who may speak for a seat, and
its match's journal writes every accepted action to the store before the game changes
(event sourcing: the store holds the setup and the actions, and :meth:`Table.restore`
rebuilds the game by replaying them).
"""

from __future__ import annotations

import hashlib
import logging
import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from unoattack.bots import make_bot
from unoattack.engine import Action, Game
from unoattack.engine.launcher_model import ScriptedModel
from unoattack.engine.match import Match, Timing
from unoattack.engine.view import View
from unoattack.rules.edition import Edition
from unoattack.web.protocol import BOT_LEVELS, BOT_PACES, MAX_NAME, clean_text
from unoattack.web.store import Store, StoredTable

log = logging.getLogger("unoattack.web")

#: Code alphabet: no 0/O, 1/I/L, so a code read aloud or typed on a phone is unambiguous.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
#: A rejoin code: 8 characters of the same alphabet (about 40 bits), shown as ABCD-EFGH.
REJOIN_LENGTH = 8
#: Level of the bot that stands in for an absent player or takes a kicked player's seat.
STAND_IN_LEVEL = "heuristic"


class TableError(Exception):
    """A request the table refuses: ``code`` for programs, ``message`` for people, and
    ``details`` for a page that says it in its own language (``seat``: the seat's index,
    which people read as ``seat + 1``)."""

    def __init__(
        self, code: str, message: str, status: int = 409, details: dict[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        self.details = details or {}


def token_hash(token: str) -> str:
    """Tokens are stored hashed: a copy of the database does not let anyone take a seat."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def rejoin_code(token: str) -> str:
    """The short code that gives a seat to another device, read from the seat's token.

    Only the seat's player, who holds the token, is shown it; the store keeps its hash,
    so that, like a token, a copy of the database does not let anyone take a seat.

    >>> rejoin_code("a token") == rejoin_code("a token") != rejoin_code("another")
    True
    >>> len(rejoin_code("a token")), set(rejoin_code("a token")) <= set(CODE_ALPHABET)
    (8, True)
    """
    digest = hashlib.sha256(b"unoattack rejoin:" + token.encode("utf-8", "surrogatepass"))
    number = int.from_bytes(digest.digest(), "big")
    letters = []
    for _ in range(REJOIN_LENGTH):
        number, index = divmod(number, len(CODE_ALPHABET))
        letters.append(CODE_ALPHABET[index])
    return "".join(letters)


def clean_rejoin(text: str) -> str:
    """A rejoin code as typed (any case, dashes, spaces) in its canonical form."""
    return "".join(c for c in text.upper() if c.isalnum())


def new_code(taken: set[str] | dict[str, Any]) -> str:
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code


def bot_name(index: int) -> str:
    """The name of a bot the host seats at ``index``: people number seats from 1."""
    return f"Bot {index + 1}"


def clean_name(name: str) -> str:
    text = clean_text(name, MAX_NAME)
    if not text:
        raise TableError("bad_name", "a name needs at least one visible character", 422)
    return text


@dataclass(slots=True, eq=False)
class Seat:
    """A seat: empty, a human (with a hashed token) or a bot (with a level)."""

    kind: str = "empty"  # empty, human, bot
    name: str = ""
    level: str = STAND_IN_LEVEL
    token_hash: str = ""
    #: A bot's seat only: the hashed token of the player the host replaced by this bot,
    #: so that the host can let them back in (:meth:`Table.readmit`).
    kicked_hash: str = ""
    #: The hash of the seat's rejoin code (:func:`rejoin_code` of its token), set when
    #: the player first connects with the token.
    rejoin_hash: str = ""
    # Runtime only (not stored): live connections and whether a bot plays for the player.
    connections: int = 0
    autopilot: bool = False

    @property
    def is_bot_controlled(self) -> bool:
        return self.kind == "bot" or self.autopilot

    def stored(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "name": self.name,
            "level": self.level,
            "token_hash": self.token_hash,
            "kicked_hash": self.kicked_hash,
            "rejoin_hash": self.rejoin_hash,
        }

    @classmethod
    def from_stored(cls, data: dict[str, Any]) -> Seat:
        return cls(
            kind=str(data.get("kind", "empty")),
            name=str(data.get("name", "")),
            level=str(data.get("level", STAND_IN_LEVEL)),
            token_hash=str(data.get("token_hash", "")),
            kicked_hash=str(data.get("kicked_hash", "")),
            rejoin_hash=str(data.get("rejoin_hash", "")),
        )

    def public(self, index: int) -> dict[str, Any]:
        return {
            "seat": index,
            "kind": self.kind,
            "name": self.name,
            "level": self.level if self.kind == "bot" else None,
            "connected": self.kind == "bot" or self.connections > 0,
            "autopilot": self.autopilot,
            "kicked": bool(self.kicked_hash),
        }


@dataclass(slots=True)
class Setup:
    """What a table plays: everything :meth:`Game.new` needs but the number of players."""

    edition: str
    options: dict[str, Any]
    launcher: str
    seed: int
    turn_timer: int
    hints: bool = True  # players may ask the coach for the best moves
    #: How quickly the bots play (BOT_PACES): the host may change it at any time.
    bot_pace: str = "normal"

    def stored(self) -> dict[str, Any]:
        return {
            "edition": self.edition,
            "options": self.options,
            "launcher": self.launcher,
            "seed": self.seed,
            "turn_timer": self.turn_timer,
            "hints": self.hints,
            "bot_pace": self.bot_pace,
        }

    @classmethod
    def from_stored(cls, data: dict[str, Any]) -> Setup:
        return cls(
            edition=str(data["edition"]),
            options=dict(data.get("options", {})),
            launcher=str(data["launcher"]),
            seed=int(data["seed"]),
            turn_timer=int(data.get("turn_timer", 0)),
            hints=data.get("hints", True) is True,
            bot_pace=pace if (pace := data.get("bot_pace")) in BOT_PACES else "normal",
        )

    def new_game(self, players: int) -> Game:
        return Game.new(
            self.edition,
            players=players,
            seed=self.seed,
            launcher=self.launcher,
            options=self.options,
        )


@dataclass(eq=False)
class Table:
    code: str
    setup: Setup
    seats: list[Seat]
    host_hash: str
    store: Store
    status: str = "lobby"  # lobby, playing, over
    match: Match | None = None
    actions: list[tuple[int, str]] = field(default_factory=list)
    _rules: dict[str, Any] | None = field(default=None, repr=False)

    # ------------------------------------------------------------------ creation

    @classmethod
    def create(
        cls,
        store: Store,
        code: str,
        setup: Setup,
        seats: int,
        host_name: str | None,
    ) -> tuple[Table, str, str | None]:
        """A new table in the lobby; returns it, the host token and the host's seat token.

        The setup is checked by dealing a trial game with every seat filled, so a bad
        edition option, launcher spec or hand size fails here with the engine's message.
        """
        try:
            trial = setup.new_game(seats)
        except ValueError as exc:
            raise TableError("bad_setup", str(exc), 422) from None
        model = trial.launcher.model
        if isinstance(model, ScriptedModel) and not (
            model.loop and any(outcome.cards for outcome in model.outcomes)
        ):
            # Once its script runs out (or if it never fires) nobody draws a card again
            # and the match may never end: a table of bots would play on for ever.
            raise TableError(
                "bad_setup",
                "a scripted launcher must fire cards and end with loop, or the match may never end",
                422,
            )
        host_token = new_token()
        table = cls(code, setup, [Seat() for _ in range(seats)], token_hash(host_token), store)
        seat_token = None
        if host_name is not None:
            seat_token = new_token()
            table.seats[0] = Seat("human", clean_name(host_name), token_hash=token_hash(seat_token))
        store.create_table(code, setup.stored(), table.stored_seats(), table.host_hash)
        return table, host_token, seat_token

    @classmethod
    def restore(
        cls, store: Store, stored: StoredTable, timing: Callable[[Table], Timing], now: float
    ) -> Table:
        """Rebuild a table from the store: its game is the replay of its actions, in a
        match with the timing ``timing(table)`` gives, as of time ``now``."""
        table = cls(
            stored.code,
            Setup.from_stored(stored.setup),
            [Seat.from_stored(s) for s in stored.seats],
            stored.host_hash,
            store,
            status=stored.status,
        )
        if stored.status != "lobby":
            game = table.setup.new_game(len(table.seats))
            for seat, text in stored.actions:
                game.apply(Action.parse(text), seat)
            table.actions = list(stored.actions)
            table._open(game, timing(table), now)
            if game.is_over and table.status != "over":
                table.status = "over"
        return table

    def stored_seats(self) -> list[dict[str, Any]]:
        return [seat.stored() for seat in self.seats]

    def _open(self, game: Game, timing: Timing, now: float) -> None:
        """Seat ``game`` at this table: a match with a bot for each bot seat, a stand-in
        for every seat, the table's timing, and the store as its journal."""
        bots = {
            index: make_bot(seat.level, self._rng("bot", index))
            for index, seat in enumerate(self.seats)
            if seat.kind == "bot"
        }
        stand_ins = {
            index: make_bot(STAND_IN_LEVEL, self._rng("stand-in", index))
            for index in range(len(self.seats))
        }
        self.match = Match(
            game,
            bots=bots,
            stand_ins=stand_ins,
            timing=timing,
            journal=self._journal,
            now=now,
            search_ahead=True,  # the manager runs search bots on its threads
        )

    def _rng(self, role: str, seat: int) -> random.Random:
        return random.Random(f"{self.setup.seed}:{role}:{seat}")

    # ------------------------------------------------------------------ queries

    @property
    def game(self) -> Game | None:
        """The game (None before the start). Players learn of it only through the
        match's views and redacted events."""
        return None if self.match is None else self.match.game

    @property
    def state(self) -> int:
        """The state id: how many actions the game has taken (0 before the start)."""
        return len(self.actions)

    @property
    def rules(self) -> dict[str, Any]:
        """Every option the table plays with (the edition's, with the house rules)."""
        if self._rules is None:
            edition = Edition.load(self.setup.edition).with_options(self.setup.options)
            self._rules = edition.to_dict()["options"]
        return self._rules

    @property
    def has_people(self) -> bool:
        """Whether people play at the table (else it is bots only, for watchers)."""
        return any(seat.kind == "human" for seat in self.seats)

    def seat_of(self, token: str | None) -> Seat | None:
        if not token:
            return None
        digest = token_hash(token)
        for seat in self.seats:
            if seat.kind == "human" and secrets.compare_digest(seat.token_hash, digest):
                return seat
        return None

    def kicked_from(self, token: str | None) -> Seat | None:
        """The seat a bot plays since the host removed the player with ``token``."""
        if not token:
            return None
        digest = token_hash(token)
        for seat in self.seats:
            if seat.kicked_hash and secrets.compare_digest(seat.kicked_hash, digest):
                return seat
        return None

    def index(self, seat: Seat) -> int | None:
        for number, candidate in enumerate(self.seats):
            if candidate is seat:
                return number
        return None

    def is_host(self, host_token: str) -> bool:
        return secrets.compare_digest(self.host_hash, token_hash(host_token))

    def check_host(self, host_token: str) -> None:
        if not self.is_host(host_token):
            raise TableError("not_host", "only the host can do that", 403)

    def public(self) -> dict[str, Any]:
        """What anyone may know about the table (no token, no seed)."""
        return {
            "code": self.code,
            "status": self.status,
            "edition": self.setup.edition,
            "options": self.setup.options,
            "rules": self.rules,
            "launcher": self.setup.launcher,
            "turn_timer": self.setup.turn_timer,
            "hints": self.setup.hints,
            "bot_pace": self.setup.bot_pace,
            "seats": [seat.public(i) for i, seat in enumerate(self.seats)],
            "state": self.state,
        }

    def view_for(self, seat: int) -> View | None:
        """The game as ``seat`` (or ``SPECTATOR``) sees it; None before the start."""
        return None if self.match is None else self.match.view(seat)

    # ------------------------------------------------------------------ the lobby

    def _lobby(self) -> None:
        if self.status != "lobby":
            raise TableError("started", "the match has started: seats are fixed")

    def _seat(self, index: int) -> Seat:
        if not 0 <= index < len(self.seats):
            # The index as the request wrote it (REST paths and frames count from 0): "no
            # seat 0" for seat -1 named a seat that exists.
            raise TableError(
                "no_seat",
                f"there is no seat {index} at this table: its seats are 0 to {len(self.seats) - 1}",
                404,
                {"seat": index},
            )
        return self.seats[index]

    def join(self, name: str, index: int | None = None) -> tuple[int, str]:
        """Take an empty seat (the first one, or ``index``); returns the seat and its token."""
        self._lobby()
        name = clean_name(name)
        if index is None:
            empty = [i for i, seat in enumerate(self.seats) if seat.kind == "empty"]
            if not empty:
                raise TableError("full", "every seat is taken")
            index = empty[0]
        seat = self._seat(index)
        if seat.kind != "empty":
            raise TableError("taken", f"seat {index + 1} is taken", details={"seat": index})
        token = new_token()
        self.seats[index] = Seat("human", name, token_hash=token_hash(token))
        self._save_seats()
        return index, token

    def add_bot(self, index: int, level: str) -> None:
        self._lobby()
        if level not in BOT_LEVELS:
            raise TableError("bad_level", f"bot levels are {', '.join(BOT_LEVELS)}", 422)
        if self._seat(index).kind != "empty":
            raise TableError("taken", f"seat {index + 1} is taken", details={"seat": index})
        self.seats[index] = Seat("bot", bot_name(index), level=level)
        self._save_seats()

    def remove_seat(self, index: int) -> Seat:
        """Remove a seat before the start (seats after it move up by one)."""
        self._lobby()
        seat = self._seat(index)
        if len(self.seats) <= 2:
            raise TableError("too_few", "a table needs at least 2 seats")
        self.seats.pop(index)
        # A bot named after its seat takes the name of its new seat.
        for number, other in enumerate(self.seats[index:], start=index):
            if other.kind == "bot" and other.name == bot_name(number + 1):
                other.name = bot_name(number)
        self._save_seats()
        return seat

    def kick(self, index: int) -> Seat:
        """Remove a player: in the lobby the seat empties, in a match a bot takes it over
        (and the host may let the player back in, :meth:`readmit`)."""
        seat = self._seat(index)
        if seat.kind != "human":
            raise TableError(
                "not_human", f"seat {index + 1} has no player to remove", details={"seat": index}
            )
        if self.status == "lobby":
            self.seats[index] = Seat()
        else:
            self.seats[index] = Seat(
                "bot", seat.name, level=STAND_IN_LEVEL, kicked_hash=seat.token_hash
            )
            assert self.match is not None
            self.match.set_bot(index, make_bot(STAND_IN_LEVEL, self._rng("bot", index)))
        self._save_seats()
        return seat

    def keep_rejoin(self, seat: Seat, code: str) -> None:
        """Remember the hash of ``seat``'s rejoin code (its player has just shown the
        token it comes from), so that the code works from then on."""
        digest = token_hash(code)
        if seat.rejoin_hash != digest:
            seat.rejoin_hash = digest
            self._save_seats()

    def reclaim(self, code: str) -> tuple[int, Seat, str]:
        """The seat whose rejoin code is ``code``, given a new token (the old one no longer
        holds it): returns its index, the seat and the new token."""
        digest = token_hash(clean_rejoin(code))
        for index, seat in enumerate(self.seats):
            if (
                seat.kind == "human"
                and seat.rejoin_hash
                and secrets.compare_digest(seat.rejoin_hash, digest)
            ):
                token = new_token()
                seat.token_hash = token_hash(token)
                seat.rejoin_hash = token_hash(rejoin_code(token))
                self._save_seats()
                return index, seat, token
        raise TableError("bad_rejoin", "no seat at this table has this rejoin code", 404)

    def readmit(self, index: int) -> Seat:
        """Let the player the host replaced by a bot have their seat back, with the token
        they had; returns the seat. Their bot leaves the match."""
        seat = self._seat(index)
        if self.status != "playing" or not seat.kicked_hash:
            raise TableError(
                "not_kicked",
                f"no player was removed from seat {index + 1}",
                details={"seat": index},
            )
        player = Seat("human", seat.name, token_hash=seat.kicked_hash)
        self.seats[index] = player
        assert self.match is not None
        self.match.set_bot(index, None)
        self._save_seats()
        return player

    def start(self, timing: Timing, now: float) -> Match:
        """Deal the match, at time ``now``; returns it."""
        self._lobby()
        empty = [i for i, seat in enumerate(self.seats) if seat.kind == "empty"]
        if empty:
            raise TableError(
                "empty_seats",
                f"seat {empty[0] + 1} is empty: add a bot or remove the seat before starting",
                details={"seat": empty[0]},
            )
        game = self.setup.new_game(len(self.seats))
        self.store.save_seats(self.code, self.stored_seats(), status="playing")
        self.status = "playing"
        self._open(game, timing, now)
        assert self.match is not None
        return self.match

    def rematch(self, seed: int, now: float) -> Match:
        """After the match: a new one at the same table (same seats, bots, rules, timing
        and link), dealt from ``seed`` at time ``now``; returns it. The store forgets the
        last match's actions and keeps the new seed, so the table is still its setup and
        its actions (the last match's record is gone)."""
        if self.status != "over" or self.match is None:
            raise TableError("not_over", "a rematch starts when the match is over")
        self.setup.seed = seed
        self.store.restart(self.code, self.setup.stored())
        self.actions = []
        self.match = self.match.rematch(seed, now=now)
        self.status = "playing"
        return self.match

    def set_pace(self, pace: str) -> None:
        """How quickly the bots play (BOT_PACES), kept with the table's setup."""
        if pace not in BOT_PACES:
            raise TableError("bad_pace", f"the bots' pace is one of {', '.join(BOT_PACES)}", 422)
        if self.status == "over":
            raise TableError("over", "the match is over")
        self.setup.bot_pace = pace
        self.store.save_setup(self.code, self.setup.stored())

    def _save_seats(self) -> None:
        self.store.save_seats(self.code, self.stored_seats())

    # ------------------------------------------------------------------ the match

    def _journal(self, seat: int, action: Action) -> None:
        """The match's journal: an action is stored before the game takes it. If the write
        fails the exception propagates and nothing changes."""
        text = str(action)
        self.store.append_action(self.code, len(self.actions), seat, text)
        self.actions.append((seat, text))

    def mark_over(self) -> None:
        """The match has ended: say so in the store (the actions are there already, so
        a replay would find it over anyway)."""
        self.status = "over"
        try:
            self.store.set_status(self.code, "over")
        except Exception:
            log.exception("table %s: cannot record that the match is over", self.code)
