"""Many games between bots, aggregated as they finish: the engine of ``unoattack simulate``.

A simulation is a :class:`SimConfig` (edition, options, launcher, players, bots, seed,
number of games). Game ``i`` is dealt from :func:`game_seed` ``(seed, i)`` and the bot in
seat ``s`` draws from :func:`bot_rng` ``(seed, i, rotation, s)``, so any game can be
replayed alone, and a run gives the same figures however it is split into chunks,
processes or machines: each chunk returns a :class:`Summary` of integer counts, and
summaries add up exactly in any order.

>>> config = SimConfig(edition="mega-hit", players=2, games=3, unit="hands", seed=1)
>>> summary = simulate(config)
>>> summary.games, summary.hands, sum(summary.seat_wins)
(3, 3, 3)
>>> summary == run_chunk(Chunk(config, 0, 2)).summary.merge(run_chunk(Chunk(config, 2, 3)).summary)
True
"""

from __future__ import annotations

import hashlib
import importlib
import random
import shlex
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from unoattack.engine import SPECTATOR, Game
from unoattack.engine.events import (
    CardPlayed,
    HandStarted,
    HandWon,
    MatchWon,
    PlayerEliminated,
    Pressed,
    Reshuffled,
    TurnStarted,
)
from unoattack.engine.launcher import parse_launcher
from unoattack.engine.launcher_model import ScriptedModel
from unoattack.engine.match import Bot, Match, play_out
from unoattack.sim.stats import Dist, peak_rss_kb, proportion

UNITS = ("matches", "hands")
#: A game that takes more decisions than this is a bug (a bot or the engine loops).
MAX_DECISIONS = 10_000_000
FORMAT = "unoattack-simulate/1"


class SimError(ValueError):
    """A simulation's settings are not valid; the message says which and why."""


def _bots_module() -> Any:
    # Looked up when a bot is made, not at import: the bots package grows new bots (and
    # gained its make_bot factory) independently of this module.
    return importlib.import_module("unoattack.bots")


def make_bot(name: str, rng: random.Random) -> Bot:
    """The bot called ``name``, drawing from ``rng`` (``unoattack.bots.make_bot``).

    A label ``name#k`` (a tournament's k-th copy of a bot) plays the bot ``name``.
    """
    name = name.partition("#")[0]
    bots = _bots_module()
    factory = getattr(bots, "make_bot", None)
    if factory is None:  # a bots package without the factory: only the random bot
        if name != "random":
            raise SimError(f"unknown bot {name!r}: choose one of random")
        bot: Bot = bots.RandomBot(rng)
        return bot
    try:
        bot = factory(name, rng)
    except ValueError as exc:
        raise SimError(str(exc)) from None
    return bot


def game_seed(seed: int, index: int) -> int:
    """The engine seed of game (or deal) ``index`` of a run seeded ``seed``: a 63-bit
    hash, so neighbouring runs share no games and any game can be replayed alone."""
    digest = hashlib.blake2b(f"unoattack.sim:{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def bot_rng(seed: int, index: int, rotation: int, seat: int) -> random.Random:
    """The random stream of the bot in ``seat`` of game ``index`` (``rotation`` of it)."""
    return random.Random(f"unoattack.sim:{seed}:{index}:{rotation}:bot:{seat}")


@dataclass(frozen=True, slots=True)
class SimConfig:
    """What to simulate. ``bots`` are cycled over the seats (``("random",)``: everyone).

    ``rotations`` > 1 plays every deal that many times with the bots moved one seat on
    each time (a tournament's common random numbers: the same deal and launcher stream
    for every rotation); ``games`` counts deals, so ``games * rotations`` are played.
    """

    edition: str = "2003"
    players: int = 4
    games: int = 1000
    seed: int = 0
    bots: tuple[str, ...] = ("random",)
    launcher: str = "hazard"
    options: tuple[tuple[str, str], ...] = ()
    unit: str = "matches"
    rotations: int = 1

    @property
    def total(self) -> int:
        """Games played: deals times rotations."""
        return self.games * self.rotations

    @property
    def lineup(self) -> tuple[str, ...]:
        """The bot of each seat in rotation 0."""
        return tuple(self.bots[s % len(self.bots)] for s in range(self.players))

    def seat_bots(self, rotation: int) -> tuple[str, ...]:
        """The bot of each seat in ``rotation``: the lineup moved ``rotation`` seats on."""
        lineup = self.lineup
        n = self.players
        return tuple(lineup[(s - rotation) % n] for s in range(n))

    def new_game(self, index: int) -> Game:
        return Game.new(
            self.edition,
            players=self.players,
            seed=game_seed(self.seed, index),
            launcher=self.launcher,
            options=dict(self.options),
        )

    def validate(self) -> SimConfig:
        """Check every setting (dealing one game); return the config with the launcher
        spec in canonical form. Raises :class:`SimError` with a one-line message."""
        if self.unit not in UNITS:
            raise SimError(f"unit must be one of {', '.join(UNITS)}, got {self.unit!r}")
        if self.games < 1:
            raise SimError(f"games must be at least 1, got {self.games}")
        if self.rotations < 1:
            raise SimError(f"rotations must be at least 1, got {self.rotations}")
        if not self.bots:
            raise SimError("give at least one bot")
        if len(self.bots) > self.players:
            raise SimError(
                f"{len(self.bots)} bots for {self.players} seats: give at most one bot a seat"
            )
        for name in self.bots:
            make_bot(name, random.Random(0))
        try:
            launcher = parse_launcher(self.launcher).spec
            Game.new(
                self.edition,
                players=self.players,
                seed=0,
                launcher=launcher,
                options=dict(self.options),
                events=False,
            )
        except ValueError as exc:
            raise SimError(str(exc)) from None
        except OSError as exc:
            raise SimError(f"cannot read edition {self.edition!r}: {exc.strerror}") from None
        return replace(self, launcher=launcher)

    def command(self) -> str:
        """The ``unoattack simulate`` command line that plays exactly these games."""
        args = ["unoattack", "simulate", "--edition", self.edition, "--players", str(self.players)]
        args += ["--games", str(self.games), "--seed", str(self.seed)]
        args += ["--bots", ",".join(self.bots), "--launcher", self.launcher, "--unit", self.unit]
        for key, value in self.options:
            args += ["--option", f"{key}={value}"]
        return " ".join(shlex.quote(arg) for arg in args)

    def to_dict(self) -> dict[str, Any]:
        return {
            "edition": self.edition,
            "players": self.players,
            "games": self.games,
            "unit": self.unit,
            "seed": self.seed,
            "bots": list(self.lineup),
            "launcher": self.launcher,
            "options": dict(self.options),
            "rotations": self.rotations,
        }


# ---------------------------------------------------------------------- playing a game


def drive(game: Game, bots: Sequence[Bot], *, first_hand_only: bool = False) -> Match:
    """Let ``bots`` play ``game`` (to its end, or to the end of its first hand) through a
    :class:`~unoattack.engine.match.Match` at instant timing, the bot runner's rules;
    return the match (``match.state`` is the number of decisions taken)."""
    match = Match(game, bots=dict(enumerate(bots)))
    stop = (lambda: game.hand_number != 1) if first_hand_only else None
    play_out(match, limit=MAX_DECISIONS, stop=stop)
    if not game.is_over and not (stop is not None and stop()):
        raise SimError(unending_game(game, MAX_DECISIONS))
    return match


def unending_game(game: Game, decisions: int) -> str:
    """Why ``game`` did not end after ``decisions`` decisions, in a line."""
    said = f"the game with seed {game.seed} did not end after {decisions:,} decisions"
    model = game.launcher.model
    if isinstance(model, ScriptedModel) and not model.loop:
        # Once its script has run out, every press is a ding: nobody draws again.
        return f"{said}: the scripted launcher dings once its script runs out; end it with loop"
    return f"{said} (a bot or the engine loops)"


# ---------------------------------------------------------------------- aggregation


class GameRow(NamedTuple):
    """One game, as a CSV row (``--csv``) and for tournament ratings."""

    game: int
    deal: int
    rotation: int
    seed: int
    bots: tuple[str, ...]
    hands: int
    decisions: int
    turns: int
    presses: int
    cards_launched: int
    reloads: int
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    end: str

    def csv_fields(self) -> list[str | int]:
        return [
            self.game,
            self.deal,
            self.rotation,
            self.seed,
            " ".join(self.bots),
            self.hands,
            self.decisions,
            self.turns,
            self.presses,
            self.cards_launched,
            self.reloads,
            " ".join(map(str, self.winners)),
            " ".join(map(str, self.scores)),
            self.end,
        ]


#: The columns of ``--csv``: :meth:`GameRow.csv_fields` in this order.
CSV_HEADER = (
    "game",
    "deal",
    "rotation",
    "seed",
    "bots",
    "hands",
    "decisions",
    "turns",
    "presses",
    "cards_launched",
    "reloads",
    "winners",
    "scores",
    "end",
)


def _dists() -> dict[str, Dist]:
    return {name: Dist() for name in _DIST_NAMES}


_DIST_NAMES = (
    "turns_per_hand",
    "presses_per_hand",
    "cards_per_hand",
    "cards_per_press",
    "reloads_per_hand",
    "stacked_per_hand",
    "plays_per_hand",
    "points_per_hand",
    "hands_per_match",
    "decisions_per_game",
    "winner_final_score",
)


@dataclass(eq=True)
class Summary:
    """Everything a run aggregates: integer counts only, so :meth:`merge` is exact and
    commutative. Win counts are per seat, per bot (by name, over the seats it held) and,
    per hand, per deal order (0: the dealer's left, the first to play unless the start
    card says otherwise; the last: the dealer) and for the player who took the hand's
    first turn."""

    players: int
    games: int = 0
    hands: int = 0
    decisions: int = 0
    firings: int = 0
    stuck_cards: int = 0
    shared_wins: int = 0
    first_turn_wins: int = 0
    seat_wins: list[int] = field(default_factory=list)
    bot_wins: Counter[str] = field(default_factory=Counter)
    bot_seat_games: Counter[str] = field(default_factory=Counter)
    seat_bot_games: list[Counter[str]] = field(default_factory=list)
    order_wins: list[int] = field(default_factory=list)
    order_trials: list[int] = field(default_factory=list)
    ends: Counter[str] = field(default_factory=Counter)
    dists: dict[str, Dist] = field(default_factory=_dists)

    def __post_init__(self) -> None:
        n = self.players
        self.seat_wins = self.seat_wins or [0] * n
        self.order_wins = self.order_wins or [0] * n
        self.order_trials = self.order_trials or [0] * n
        self.seat_bot_games = self.seat_bot_games or [Counter() for _ in range(n)]

    def merge(self, other: Summary) -> Summary:
        """Add ``other`` (a summary of other games of the same config) into this one."""
        if other.players != self.players:
            raise ValueError("cannot merge summaries of different player counts")
        self.games += other.games
        self.hands += other.hands
        self.decisions += other.decisions
        self.firings += other.firings
        self.stuck_cards += other.stuck_cards
        self.shared_wins += other.shared_wins
        self.first_turn_wins += other.first_turn_wins
        for s in range(self.players):
            self.seat_wins[s] += other.seat_wins[s]
            self.order_wins[s] += other.order_wins[s]
            self.order_trials[s] += other.order_trials[s]
            self.seat_bot_games[s].update(other.seat_bot_games[s])
        self.bot_wins.update(other.bot_wins)
        self.bot_seat_games.update(other.bot_seat_games)
        self.ends.update(other.ends)
        for name, dist in other.dists.items():
            self.dists[name].merge(dist)
        return self

    def record(
        self,
        match: Match,
        bots: tuple[str, ...],
        *,
        dealer: int,
        first_hand_only: bool,
        active: Sequence[bool] | None = None,
        turn: int = -1,
    ) -> GameRow:
        """Fold one finished game (read from its public events) into the counts.

        Args:
            match: The match, played with events on; its state id counts the decisions.
            bots: The bot (name or label) of each seat.
            dealer: The dealer of its first hand (noted before play; later hands' come
                from ``HandStarted`` events).
            first_hand_only: Count up to the end of the first hand only.
            active: Seats in play at the start (default: all; later eliminations come
                from ``PlayerEliminated`` events).
            turn: For a game that starts inside a turn (a position), the seat whose
                turn it is: that turn counts as the hand's first. Games dealt by
                ``Game.new`` announce every turn with a ``TurnStarted`` event.
        """
        n = self.players
        d = self.dists
        turns_d, presses_d, cards_d = (
            d["turns_per_hand"],
            d["presses_per_hand"],
            d["cards_per_hand"],
        )
        per_press, reloads_d = d["cards_per_press"], d["reloads_per_hand"]
        stacked_d, plays_d, points_d = (
            d["stacked_per_hand"],
            d["plays_per_hand"],
            d["points_per_hand"],
        )
        active = list(active) if active is not None else [True] * n
        hands = presses = cards = reloads = stacked = plays = 0
        first = turn
        turns = 1 if turn >= 0 else 0
        first_wins = 0
        all_turns = all_presses = all_cards = all_reloads = 0
        firings = stuck = 0
        scores: tuple[int, ...] = (0,) * n
        winners: tuple[int, ...] = ()
        end = "unfinished"
        decisions = match.state
        for event in match.events(SPECTATOR):
            kind = type(event)
            if kind is TurnStarted:
                turns += 1
                if first < 0:
                    first = event.seat  # type: ignore[attr-defined]
            elif kind is Pressed:
                got = event.count + event.stuck  # type: ignore[attr-defined]
                presses += 1
                cards += got
                per_press.add(got)
                stuck += event.stuck  # type: ignore[attr-defined]
                if event.fired:  # type: ignore[attr-defined]
                    firings += 1
            elif kind is CardPlayed:
                plays += 1
                if event.stacked:  # type: ignore[attr-defined]
                    stacked += 1
            elif kind is Reshuffled:
                reloads += 1
            elif kind is HandStarted:
                dealer = event.dealer  # type: ignore[attr-defined]
                turns = presses = cards = reloads = stacked = plays = 0
                first = -1
            elif kind is HandWon:
                assert isinstance(event, HandWon)
                hands += 1
                turns_d.add(turns)
                presses_d.add(presses)
                cards_d.add(cards)
                reloads_d.add(reloads)
                stacked_d.add(stacked)
                plays_d.add(plays)
                all_turns += turns
                all_presses += presses
                all_cards += cards
                all_reloads += reloads
                winner = event.seat
                points_d.add(sum(event.hand_points) - event.hand_points[winner])
                order = [(dealer + k) % n for k in range(1, n + 1) if active[(dealer + k) % n]]
                self.order_wins[order.index(winner)] += 1
                if winner == first:
                    first_wins += 1
                for position in range(len(order)):
                    self.order_trials[position] += 1
                scores = event.scores
                if first_hand_only:
                    winners = (winner,)
                    end = "hand"
                    break
            elif kind is PlayerEliminated:
                active[event.seat] = False  # type: ignore[attr-defined]
            elif kind is MatchWon:
                assert isinstance(event, MatchWon)
                winners = event.winners
                scores = event.scores
                end = event.reason
        if not winners:
            raise RuntimeError(f"game with seed {match.game.seed} ended without a winner")
        self.games += 1
        self.hands += hands
        self.decisions += decisions
        self.firings += firings
        self.stuck_cards += stuck
        self.first_turn_wins += first_wins
        self.ends[end] += 1
        if len(winners) > 1:
            self.shared_wins += 1
        for s in winners:
            self.seat_wins[s] += 1
            self.bot_wins[bots[s]] += 1
        for s in range(n):
            self.bot_seat_games[bots[s]] += 1
            self.seat_bot_games[s][bots[s]] += 1
        d["decisions_per_game"].add(decisions)
        if not first_hand_only:
            d["hands_per_match"].add(hands)
            d["winner_final_score"].add(max(scores[s] for s in winners))
        return GameRow(
            game=0,
            deal=0,
            rotation=0,
            seed=match.game.seed,
            bots=bots,
            hands=hands,
            decisions=decisions,
            turns=all_turns,
            presses=all_presses,
            cards_launched=all_cards,
            reloads=all_reloads,
            winners=winners,
            scores=scores,
            end=end,
        )

    def to_dict(self, config: SimConfig) -> dict[str, Any]:
        """The summary as JSON-ready data with stable keys (docs/analysis.md lists them)."""
        d = self.dists
        hands = self.hands
        presses = d["presses_per_hand"].total
        matches = config.unit == "matches"
        lineup = config.lineup

        def per_hand(total: int) -> float | None:
            return total / hands if hands else None

        by_seat = []
        for s in range(self.players):
            row: dict[str, Any] = {"seat": s}
            seat_bots = self.seat_bot_games[s]
            row["bot"] = next(iter(seat_bots)) if len(seat_bots) == 1 else None
            row.update(proportion(self.seat_wins[s], self.games))
            by_seat.append(row)
        by_bot = []
        for name in dict.fromkeys(lineup):
            row = {"bot": name, "seats": lineup.count(name)}
            row.update(proportion(self.bot_wins[name], self.bot_seat_games[name]))
            by_bot.append(row)
        by_order = []
        for position in range(self.players):
            row = {"order": position}
            row.update(proportion(self.order_wins[position], self.order_trials[position]))
            by_order.append(row)
        return {
            "format": FORMAT,
            "config": config.to_dict(),
            "games": self.games,
            "hands": hands,
            "decisions": self.decisions,
            "decisions_per_game": self.decisions / self.games if self.games else None,
            "decisions_per_hand": per_hand(self.decisions),
            "hands_per_match": d["hands_per_match"].to_dict() if matches else None,
            "turns_per_hand": d["turns_per_hand"].to_dict(),
            "plays_per_hand": d["plays_per_hand"].to_dict(),
            "stacked_plays_per_hand": d["stacked_per_hand"].to_dict(),
            "launcher": {
                "model": config.launcher,
                "presses": presses,
                "presses_per_hand": d["presses_per_hand"].to_dict(),
                "cards_launched": d["cards_per_hand"].total,
                "cards_per_hand": d["cards_per_hand"].to_dict(),
                "cards_per_press": d["cards_per_press"].to_dict(),
                "firings": self.firings,
                "fire_rate": self.firings / presses if presses else None,
                "stuck_cards": self.stuck_cards,
                "reloads": d["reloads_per_hand"].total,
                "reloads_per_hand": d["reloads_per_hand"].to_dict(),
                "hands_with_reload": d["reloads_per_hand"].share_at_least(1),
            },
            "wins": {
                "by_seat": by_seat,
                "by_bot": by_bot,
                "hands_by_deal_order": by_order,
                "hands_by_first_turn": proportion(self.first_turn_wins, hands),
                "shared": self.shared_wins,
            },
            "points": {
                "per_hand": d["points_per_hand"].to_dict(),
                "winner_final_score": d["winner_final_score"].to_dict() if matches else None,
            },
            "ends": dict(sorted(self.ends.items())),
        }


# ---------------------------------------------------------------------- chunks


@dataclass(frozen=True, slots=True)
class Chunk:
    """Games ``start`` to ``stop`` (exclusive) of a run; ``rows``: also return one
    :class:`GameRow` per game."""

    config: SimConfig
    start: int
    stop: int
    rows: bool = False


@dataclass(slots=True)
class ChunkResult:
    start: int
    stop: int
    summary: Summary
    rows: list[GameRow] | None
    peak_rss_kb: int  # of the process that played the chunk, when it finished


@dataclass(slots=True)
class RunStats:
    """How a run went, apart from its results (which do not depend on it)."""

    chunks: int = 0
    worker_peak_rss_kb: int = 0  # the largest peak memory of a process that played games


def play_game(config: SimConfig, index: int, summary: Summary) -> GameRow:
    """Play game ``index`` of a run (deal ``index // rotations``, rotated
    ``index % rotations`` seats) and fold it into ``summary``."""
    deal, rotation = divmod(index, config.rotations)
    bots_of_seat = config.seat_bots(rotation)
    game = config.new_game(deal)
    bots = [
        make_bot(name, bot_rng(config.seed, deal, rotation, seat))
        for seat, name in enumerate(bots_of_seat)
    ]
    first_hand_only = config.unit == "hands"
    dealer = game.dealer
    match = drive(game, bots, first_hand_only=first_hand_only)
    row = summary.record(match, bots_of_seat, dealer=dealer, first_hand_only=first_hand_only)
    return row._replace(game=index, deal=deal, rotation=rotation)


def run_chunk(chunk: Chunk) -> ChunkResult:
    """Play one chunk of games (in a worker process, a Ray task or in-process)."""
    summary = Summary(chunk.config.players)
    rows: list[GameRow] | None = [] if chunk.rows else None
    for index in range(chunk.start, chunk.stop):
        row = play_game(chunk.config, index, summary)
        if rows is not None:
            rows.append(row)
    return ChunkResult(chunk.start, chunk.stop, summary, rows, peak_rss_kb())


def chunks(config: SimConfig, size: int, rows: bool = False) -> Iterator[Chunk]:
    total = config.total
    for start in range(0, total, size):
        yield Chunk(config, start, min(total, start + size), rows)


def default_chunk_size(total: int, jobs: int) -> int:
    """Small enough for every worker to get several chunks and a lively progress bar."""
    return max(1, min(200, -(-total // (max(1, jobs) * 8))))


def simulate(
    config: SimConfig,
    *,
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    chunk_size: int | None = None,
    on_progress: Callable[[int], None] | None = None,
    on_rows: Callable[[list[GameRow]], None] | None = None,
    stats: RunStats | None = None,
) -> Summary:
    """Play every game of ``config`` and return their summary.

    Args:
        jobs: Worker processes (local) or tasks in flight (Ray); 1 plays in-process.
        backend: ``local`` or ``ray`` (see :mod:`unoattack.sim.backends`).
        address: A Ray cluster's address (default: start a local Ray).
        chunk_size: Games per task (default: :func:`default_chunk_size`).
        on_progress: Called with the number of games each finished chunk played.
        on_rows: Called with each chunk's :class:`GameRow` list, in game order.
        stats: Filled with how the run went (chunks, the workers' peak memory).
    """
    from unoattack.sim.backends import run_tasks

    size = chunk_size or default_chunk_size(config.total, jobs)
    summary = Summary(config.players)
    waiting: dict[int, list[GameRow]] = {}  # rows of chunks that finished early
    next_start = 0
    tasks = chunks(config, size, rows=on_rows is not None)
    for result in run_tasks(run_chunk, tasks, backend=backend, jobs=jobs, address=address):
        summary.merge(result.summary)
        if stats is not None:
            stats.chunks += 1
            stats.worker_peak_rss_kb = max(stats.worker_peak_rss_kb, result.peak_rss_kb)
        if on_rows is not None:
            assert result.rows is not None
            waiting[result.start] = result.rows
            while next_start in waiting:
                rows = waiting.pop(next_start)
                on_rows(rows)
                next_start += len(rows)
        if on_progress is not None:
            on_progress(result.stop - result.start)
    return summary
