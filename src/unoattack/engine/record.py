"""Game records: JSON with the edition, options, seed, actions and public event log.

Replaying a record reproduces every state; :func:`verify` says whether a record is
intact (its digest matches and a replay gives the same public events and result).

>>> from unoattack.engine.game import Game
>>> game = Game.new("2003", players=2, seed=3)
>>> game.apply(game.legal_actions()[-1]) and None
>>> record = Record.from_game(game)
>>> verify(Record.from_json(record.to_json())).ok
True
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from unoattack.engine.actions import Action
from unoattack.engine.events import SPECTATOR
from unoattack.engine.game import REFEREE, Game
from unoattack.engine.launcher import parse_launcher
from unoattack.rules.edition import Edition

FORMAT = "unoattack-record"
VERSION = 1


class RecordError(ValueError):
    """A file that is not a readable game record."""


@dataclass(frozen=True, slots=True)
class Verdict:
    ok: bool
    message: str
    actions: int = 0


@dataclass(frozen=True, slots=True)
class TakeBack:
    """A player took back moves (against bots only, see ``Match.take_back``): the
    actions from index ``at`` of the game's actions were undone. The record keeps them:
    its ``actions`` are the game as it went on."""

    at: int
    undone: tuple[tuple[int, str], ...]

    def to_dict(self) -> dict[str, Any]:
        return {"at": self.at, "undone": [[seat, text] for seat, text in self.undone]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TakeBack:
        return cls(int(data["at"]), tuple((int(s), str(t)) for s, t in data["undone"]))


@dataclass(slots=True)
class Record:
    edition: dict[str, Any]
    players: int
    seed: int
    launcher: str
    actions: list[tuple[int, str]]
    events: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    digest: str = ""
    takebacks: list[TakeBack] = field(default_factory=list)

    @classmethod
    def from_game(cls, game: Game, takebacks: Sequence[TakeBack] = ()) -> Record:
        """The record of a game created with :meth:`Game.new` (and kept with its log),
        with the moves its players took back."""
        record = cls(
            edition=game.edition.to_dict(),
            players=game.n,
            seed=game.seed,
            launcher=game.launcher.model.spec,
            actions=[(seat, str(Action.from_code(code))) for seat, code in game.history],
            events=[e.for_seat(SPECTATOR).to_dict() for e in game.log],
            result=_result(game),
            takebacks=list(takebacks),
        )
        record.digest = record.compute_digest()
        return record

    def body(self) -> dict[str, Any]:
        body = {
            "format": FORMAT,
            "version": VERSION,
            "edition": self.edition,
            "players": self.players,
            "seed": self.seed,
            "launcher": self.launcher,
            "actions": [[seat, text] for seat, text in self.actions],
            "events": self.events,
            "result": self.result,
        }
        if self.takebacks:  # absent when none, as in the records written before undo
            body["takebacks"] = [takeback.to_dict() for takeback in self.takebacks]
        return body

    def compute_digest(self) -> str:
        canonical = json.dumps(self.body(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(canonical.encode()).hexdigest()

    def to_json(self) -> str:
        return json.dumps({**self.body(), "digest": self.digest}, indent=1)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json() + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"cannot read {path}: {exc.strerror}") from None
        except UnicodeDecodeError:
            raise RecordError(f"{path} is not a game record (not text)") from None
        return cls.from_json(text, str(path))

    @classmethod
    def from_json(cls, text: str, source: str = "record") -> Record:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"{source} is not a game record (not JSON: {exc.msg})") from None
        except (ValueError, RecursionError) as exc:  # a number of over 4,300 digits; nesting
            why = "nested too deep" if isinstance(exc, RecursionError) else str(exc).split(";")[0]
            raise RecordError(f"{source} is not a game record ({why})") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(f'{source} is not a game record (no "format": "{FORMAT}")')
        if data.get("version") != VERSION:
            raise RecordError(f"{source}: record version {data.get('version')!r} is not {VERSION}")
        try:
            actions = [(int(seat), str(text)) for seat, text in data["actions"]]
            return cls(
                edition=dict(data["edition"]),
                players=int(data["players"]),
                seed=int(data["seed"]),
                launcher=str(data["launcher"]),
                actions=actions,
                events=list(data.get("events", [])),
                result=data.get("result"),
                digest=str(data.get("digest", "")),
                takebacks=[TakeBack.from_dict(t) for t in data.get("takebacks", [])],
            )
        except (KeyError, TypeError, ValueError, OverflowError) as exc:  # Overflow: Infinity
            raise RecordError(f"{source}: a field is missing or malformed ({exc})") from None

    def replay(self, upto: int | None = None) -> Game:
        """The game after the first ``upto`` actions (all by default)."""
        return self._replay(self.actions[:upto])

    def _replay(self, actions: Sequence[tuple[int, str]]) -> Game:
        edition = Edition.from_dict(self.edition, "record")
        game = Game.new(edition, self.players, self.seed, parse_launcher(self.launcher))
        for seat, text in actions:
            _redo(game, seat, Action.parse(text))
        return game

    def takeback_problem(self) -> str | None:
        """What is wrong with the take-backs, or None: each must undo at least one move,
        within one hand, of the game as it stood when it was taken (``Match.take_back``).

        The game as it stood is rebuilt from the last take-back back to the first: just
        before take-back k, the actions were the first ``at`` of those after it, then
        the moves it undid.
        """
        actions = list(self.actions)
        for number in range(len(self.takebacks), 0, -1):
            takeback = self.takebacks[number - 1]
            if not takeback.undone:
                return f"take-back {number} undoes no move"
            if not 0 <= takeback.at <= len(actions):
                return f"take-back {number} starts at action {takeback.at} of {len(actions)}"
            actions = actions[: takeback.at] + list(takeback.undone)
            try:
                before = self._replay(actions[: takeback.at]).hand_number
                after = self._replay(actions)
            except ValueError as exc:
                return f"take-back {number}: the moves it undid do not replay: {exc}"
            if after.hand_number != before:
                return f"take-back {number} undoes moves of a hand that was over"
        return None


def rewind(game: Game, upto: int) -> Game:
    """``game`` as it was after its first ``upto`` actions: the same table (edition,
    seats, seed, launcher, events on or off) replayed, so its random streams are where
    they were then, and the same actions give the same outcomes again."""
    rewound = Game.new(game.edition, game.n, game.seed, game.launcher.model, events=game.emitting)
    for seat, code in game.history[:upto]:
        _redo(rewound, seat, Action.from_code(code))
    return rewound


def _redo(game: Game, seat: int, action: Action) -> None:
    if seat == REFEREE:
        game.penalize_suggestion(action.target if action.target is not None else -1)
    else:
        game.apply(action, seat)


def _result(game: Game) -> dict[str, Any] | None:
    if game.result is None:
        return None
    r = game.result
    return {
        "winners": list(r.winners),
        "scores": list(r.scores),
        "hands": r.hands,
        "reason": r.reason,
    }


def verify(record: Record) -> Verdict:
    """Check a record: digest, then a full replay against its events and result."""
    if record.digest != record.compute_digest():
        return Verdict(
            False, "the digest does not match: the record was changed after it was written"
        )
    try:
        game = record.replay()
    except ValueError as exc:
        return Verdict(False, f"the actions do not replay: {exc}")
    events = [e.for_seat(SPECTATOR).to_dict() for e in game.log]
    if events != record.events:
        for index, (mine, theirs) in enumerate(zip(events, record.events, strict=False)):
            if mine != theirs:
                return Verdict(False, f"event {index} differs on replay: {theirs} != {mine}")
        return Verdict(
            False, f"the replay gives {len(events)} events, the record {len(record.events)}"
        )
    if _result(game) != record.result:
        return Verdict(False, "the result differs on replay")
    problem = record.takeback_problem()
    if problem is not None:
        return Verdict(False, problem)
    return Verdict(
        True,
        f"intact: {len(record.actions)} actions replay to the same {len(events)} events",
        len(record.actions),
    )
