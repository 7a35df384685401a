"""Tournaments: bots play the same deals from every seat, rated with OpenSkill.

Each *deal* ``i`` (seed :func:`~unoattack.sim.simulate.game_seed` ``(S, i)``) is played
once per rotation of the lineup: in rotation ``r`` the bots sit ``r`` seats further on,
and the deck and the launcher draw from the same streams as in every other rotation
(common random numbers), so a bot's luck of the deal and of the launcher is shared out
evenly and comparisons need far fewer games than independent matches would.

Entries are the bots cycled over the seats (``random,heuristic`` at four seats is two of
each: ``random``, ``heuristic``, ``random#2``, ``heuristic#2``). Every game updates the
PlackettLuce ratings of ``openskill`` (winners ranked first, everyone else tied second),
in game order whatever the backend and the number of jobs, so ratings are reproducible.

>>> result = tournament(TournamentConfig(("random", "heuristic"), players=2, games=2, seed=3))
>>> result.summary.games, sorted(e.label for e in result.entries)
(4, ['heuristic', 'random'])
"""

from __future__ import annotations

import shlex
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from unoattack.sim.simulate import GameRow, RunStats, SimConfig, SimError, Summary, simulate
from unoattack.sim.stats import proportion

FORMAT = "unoattack-tournament/1"


def entry_labels(bots: tuple[str, ...], players: int) -> tuple[str, ...]:
    """The seats' bots in rotation 0, each copy of a bot after the first numbered.

    >>> entry_labels(("random", "heuristic"), 4)
    ('random', 'heuristic', 'random#2', 'heuristic#2')
    """
    if not bots:
        return ()
    labels = []
    seen: dict[str, int] = {}
    for seat in range(players):
        name = bots[seat % len(bots)]
        seen[name] = seen.get(name, 0) + 1
        labels.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
    return tuple(labels)


@dataclass(frozen=True, slots=True)
class TournamentConfig:
    """``games`` deals, each played once per rotation of the seats (``players`` times)."""

    bots: tuple[str, ...]
    players: int = 2
    games: int = 100
    seed: int = 0
    edition: str = "2003"
    launcher: str = "hazard"
    options: tuple[tuple[str, str], ...] = ()
    unit: str = "matches"

    def command(self) -> str:
        """The ``unoattack tournament`` command line that plays exactly these games."""
        args = ["unoattack", "tournament", "--bots", ",".join(self.bots)]
        args += ["--players", str(self.players), "--games", str(self.games)]
        args += ["--seed", str(self.seed), "--edition", self.edition]
        args += ["--launcher", self.launcher, "--unit", self.unit]
        for key, value in self.options:
            args += ["--option", f"{key}={value}"]
        return " ".join(shlex.quote(arg) for arg in args)

    def sim_config(self) -> SimConfig:
        """The simulation that plays it: entry labels as the seats' bots, a rotation
        per seat."""
        if len(self.bots) > self.players:
            raise SimError(
                f"{len(self.bots)} bots for {self.players} seats: a tournament seats every "
                "bot at every game; give at most one bot a seat"
            )
        return SimConfig(
            edition=self.edition,
            players=self.players,
            games=self.games,
            seed=self.seed,
            bots=entry_labels(self.bots, self.players),
            launcher=self.launcher,
            options=self.options,
            unit=self.unit,
            rotations=self.players,
        ).validate()


@dataclass(frozen=True, slots=True)
class Entry:
    """One seat's bot over the tournament: its wins and its OpenSkill rating."""

    label: str
    wins: int
    games: int
    mu: float
    sigma: float

    @property
    def bot(self) -> str:
        return self.label.partition("#")[0]

    @property
    def ordinal(self) -> float:
        """The conservative skill estimate ``mu - 3 sigma`` that tables sort by."""
        return self.mu - 3 * self.sigma


@dataclass(slots=True)
class TournamentResult:
    config: TournamentConfig
    sim: SimConfig
    summary: Summary
    entries: list[Entry]

    def ranked(self) -> list[Entry]:
        return sorted(self.entries, key=lambda e: (-e.ordinal, e.label))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, stable keys (docs/analysis.md lists them)."""
        entries = []
        for rank, entry in enumerate(self.ranked(), start=1):
            row: dict[str, Any] = {"rank": rank, "entry": entry.label, "bot": entry.bot}
            row.update(proportion(entry.wins, entry.games))
            row.update({"mu": entry.mu, "sigma": entry.sigma, "ordinal": entry.ordinal})
            entries.append(row)
        return {
            "format": FORMAT,
            "config": {**self.sim.to_dict(), "bots": list(self.config.bots)},
            "deals": self.config.games,
            "rotations": self.sim.rotations,
            "games": self.summary.games,
            "entries": entries,
            "summary": self.summary.to_dict(self.sim),
        }


def tournament(
    config: TournamentConfig,
    *,
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    chunk_size: int | None = None,
    on_progress: Callable[[int], None] | None = None,
    stats: RunStats | None = None,
) -> TournamentResult:
    """Play every deal in every rotation and rate the entries."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise SimError("tournament ratings need openskill: pip install 'unoattack[sim]'") from None
    sim = config.sim_config()
    labels = sim.lineup
    model = PlackettLuce()
    ratings = {label: model.rating(name=label) for label in labels}
    wins = dict.fromkeys(labels, 0)
    played = dict.fromkeys(labels, 0)

    def rate(rows: list[GameRow]) -> None:
        # Called in game order (simulate() puts chunks back in order), so the ratings
        # do not depend on which worker finished first.
        for row in rows:
            seats = row.bots
            ranks = [1.0 if seat in row.winners else 2.0 for seat in range(len(seats))]
            rated = model.rate([[ratings[label]] for label in seats], ranks=ranks)
            for label, team in zip(seats, rated, strict=True):
                ratings[label] = team[0]
                played[label] += 1
            for seat in row.winners:
                wins[seats[seat]] += 1

    summary = simulate(
        sim,
        jobs=jobs,
        backend=backend,
        address=address,
        chunk_size=chunk_size,
        on_progress=on_progress,
        on_rows=rate,
        stats=stats,
    )
    entries = [
        Entry(label, wins[label], played[label], r.mu, r.sigma) for label, r in ratings.items()
    ]
    return TournamentResult(config, sim, summary, entries)
