"""Throughput: random self-play decisions per second, ours beside RLCard's and OpenSpiel's.

Three engines play random games in the same process, one after the other, for 2 and 4
players; each figure is decisions (actions applied) divided by the time spent inside
games.

* ``unoattack``: ``Game.new(edition, players, seed, launcher, events=False)``, then
  ``game.apply(rng.choice(game.legal_actions()))`` until ``game.is_over``: full matches
  (to 500 points) through the engine's public, validated API. Only the seat to act
  moves (no out-of-turn reactions). With ``events=True`` (``unoattack bench --events``)
  the same games are also played with events on (``unoattack_events``), as a front-end
  plays them, and ``events_cost`` is the share of the speed that costs.
* RLCard ``uno``: ``env.reset()``, then ``env.step(rng.choice(state['legal_actions']))``
  until ``env.is_over()``: one hand each, with RLCard's observation encoding on every
  step, which is the cost of its public API.
* OpenSpiel ``crazy_eights``: chance nodes sampled from ``chance_outcomes()``, player
  decisions drawn uniformly from ``legal_actions()``; only player decisions count.

The timer (``time.perf_counter``) runs around each game, from its creation (our
``Game.new`` deals, as RLCard's ``reset`` does) to its end; whole games are played until
the time budget per engine and player count is spent, or ``games`` games are played.
The engines take turns in short slices (see :func:`run_bench`), so that all of them
meet the same machine.

RLCard pitfall (rlcard 1.2.0): ``rlcard.make('uno', config={'game_num_players': 4})``
silently builds a *2-player* game, because ``Env.__init__`` forwards ``game_*`` keys only
for blackjack and the hold'em games. :func:`bench_rlcard_uno` applies the setting the
way the base class would (``env.game.configure(...)``, ``env.num_players = n``) and
checks that every seat really moves. ``benchmarks/rlcard_uno.py`` runs the third-party
half of this module on its own.
"""

from __future__ import annotations

import importlib
import platform
import random
import time
from collections.abc import Callable
from importlib.metadata import PackageNotFoundError, version
from typing import Any, Final

PLAYER_COUNTS = (2, 4)
#: Slices each engine and player count is timed in, taking turns (bench --rounds).
DEFAULT_ROUNDS = 3

#: A benchmark: (players, seconds, games or None, seed) -> figures.
Bench = Callable[[int, float, int | None, int], dict[str, Any]]


def bench_unoattack(
    num_players: int,
    seconds: float,
    games: int | None,
    seed: int,
    edition: str = "2003",
    launcher: str = "hazard",
    events: bool = False,
) -> dict[str, Any]:
    """Random self-play of whole matches through ``legal_actions`` and ``apply``."""
    from unoattack.engine import Game

    rng = random.Random(seed)
    choice = rng.choice
    elapsed = 0.0
    n_games = decisions = forced = hands = 0
    perf_counter = time.perf_counter
    while True:
        t0 = perf_counter()
        game = Game.new(
            edition, players=num_players, seed=seed + n_games, launcher=launcher, events=events
        )
        d = f = 0
        while not game.is_over:
            legal = game.legal_actions()
            if len(legal) == 1:
                f += 1
            game.apply(choice(legal))
            d += 1
        elapsed += perf_counter() - t0
        n_games += 1
        decisions += d
        forced += f
        hands += game.hand_number
        if games is not None:
            if n_games >= games:
                break
        elif elapsed >= seconds:
            break
    return {
        "decisions_per_second": decisions / elapsed,
        "games": n_games,
        "hands": hands,
        "decisions": decisions,
        "decisions_per_game": decisions / n_games,
        "forced_decision_share": forced / decisions,
        "seconds": elapsed,
        "params": f"edition={edition}, launcher={launcher}, full matches, "
        f"events {'on' if events else 'off'}",
    }


def bench_rlcard_uno(
    num_players: int, seconds: float, games: int | None, seed: int
) -> dict[str, Any]:
    """RLCard's UNO environment, random legal actions, one hand per game.

    ``learner_decisions`` counts seat 0's: the steps of one learner in the same loop, with
    the other seats playing at random (what a single-agent environment's step is).
    """
    rlcard = importlib.import_module("rlcard")
    env = rlcard.make("uno", config={"game_num_players": num_players, "seed": seed})
    if env.num_players != num_players:
        # See the module docstring: the config key is ignored for 'uno'.
        env.game.configure({"game_num_players": num_players})
        env.num_players = num_players
        env.state_shape = [[4, 4, 15] for _ in range(num_players)]
        env.action_shape = [None for _ in range(num_players)]
    rng = random.Random(seed)
    choice = rng.choice

    elapsed = 0.0
    n_games = 0
    decisions = 0
    learner_decisions = 0
    forced = 0
    seats_seen: set[int] = set()
    perf_counter = time.perf_counter
    while True:
        t0 = perf_counter()
        state, player_id = env.reset()
        d = 0
        f = 0
        mine = 0
        seen = {player_id}
        while not env.is_over():
            legal = list(state["legal_actions"])
            if len(legal) == 1:
                f += 1
            if player_id == 0:
                mine += 1
            state, player_id = env.step(choice(legal))
            seen.add(player_id)
            d += 1
        elapsed += perf_counter() - t0
        n_games += 1
        decisions += d
        learner_decisions += mine
        forced += f
        seats_seen |= seen
        if games is not None:
            if n_games >= games:
                break
        elif elapsed >= seconds:
            break

    if len(env.game.players) != num_players or seats_seen != set(range(num_players)):
        raise RuntimeError(
            f"RLCard UNO did not play {num_players} seats: "
            f"{len(env.game.players)} players, seats seen {sorted(seats_seen)}"
        )
    return {
        "decisions_per_second": decisions / elapsed,
        "games": n_games,
        "decisions": decisions,
        "decisions_per_game": decisions / n_games,
        "learner_decisions": learner_decisions,
        "forced_decision_share": forced / decisions,
        "seconds": elapsed,
    }


def bench_openspiel_crazy_eights(
    num_players: int, seconds: float, games: int | None, seed: int
) -> dict[str, Any]:
    """OpenSpiel's crazy_eights with its default parameters apart from ``players``.

    Note the default ``max_turns=100`` (card plays) ends many games without a winner.
    """
    pyspiel = importlib.import_module("pyspiel")
    game = pyspiel.load_game("crazy_eights", {"players": num_players})
    rng = random.Random(seed)
    choice = rng.choice
    rand = rng.random

    elapsed = 0.0
    n_games = 0
    decisions = 0
    forced = 0
    with_winner = 0
    perf_counter = time.perf_counter
    while True:
        t0 = perf_counter()
        state = game.new_initial_state()
        d = 0
        f = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                r = rand()
                acc = 0.0
                action = outcomes[-1][0]
                for a, p in outcomes:
                    acc += p
                    if r < acc:
                        action = a
                        break
                state.apply_action(action)
            else:
                legal = state.legal_actions()
                if len(legal) == 1:
                    f += 1
                state.apply_action(choice(legal))
                d += 1
        elapsed += perf_counter() - t0
        n_games += 1
        decisions += d
        forced += f
        # A player who emptied their hand scores 0; everyone else is penalised.
        if 0.0 in state.returns():
            with_winner += 1
        if games is not None:
            if n_games >= games:
                break
        elif elapsed >= seconds:
            break

    return {
        "decisions_per_second": decisions / elapsed,
        "games": n_games,
        "decisions": decisions,
        "decisions_per_game": decisions / n_games,
        "forced_decision_share": forced / decisions,
        "games_with_winner_share": with_winner / n_games,
        "seconds": elapsed,
        "params": str(game.get_parameters()),
    }


#: The third-party engines: key -> (module that must import, label, benchmark).
OTHERS: tuple[tuple[str, str, str, Bench], ...] = (
    ("rlcard_uno", "rlcard", "RLCard UNO", bench_rlcard_uno),
    ("openspiel_crazy_eights", "pyspiel", "OpenSpiel crazy_eights", bench_openspiel_crazy_eights),
)


def versions() -> dict[str, str | None]:
    out: dict[str, str | None] = {"python": platform.python_version()}
    for dist in ("unoattack", "rlcard", "open_spiel", "numpy"):
        try:
            out[dist] = version(dist)
        except PackageNotFoundError:
            out[dist] = None
    return out


def importable(module: str) -> str | None:
    """None if ``module`` imports, else the reason (for the "skipped" message)."""
    try:
        importlib.import_module(module)
    except ImportError as exc:
        return f"{module} is not importable ({exc}); pip install 'unoattack[bench]'"
    return None


def _combine(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """One engine's figures from several timed slices: totals, then the rates."""
    games = sum(p["games"] for p in parts)
    decisions = sum(p["decisions"] for p in parts)
    seconds = sum(p["seconds"] for p in parts)
    out: dict[str, Any] = {
        "decisions_per_second": decisions / seconds,
        "games": games,
        "decisions": decisions,
        "decisions_per_game": decisions / games,
        "forced_decision_share": sum(p["forced_decision_share"] * p["decisions"] for p in parts)
        / decisions,
        "seconds": seconds,
        "slices": len(parts),
    }
    if "games_with_winner_share" in parts[0]:
        out["games_with_winner_share"] = (
            sum(p["games_with_winner_share"] * p["games"] for p in parts) / games
        )
    if "hands" in parts[0]:
        out["hands"] = sum(p["hands"] for p in parts)
    if "params" in parts[0]:
        out["params"] = parts[0]["params"]
    return out


def run_bench(
    *,
    seconds: float = 3.0,
    games: int | None = None,
    seed: int = 0,
    players: tuple[int, ...] = PLAYER_COUNTS,
    edition: str = "2003",
    launcher: str = "hazard",
    rounds: int = DEFAULT_ROUNDS,
    others: bool = True,
    events: bool = False,
    on_result: Callable[[str, int, dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """Run every engine for every player count; return figures and our ratios.

    The engines take turns: each gets ``seconds / rounds`` (or ``games`` games) per
    round, for ``rounds`` rounds, and its figure is its total decisions over its total
    time. Interleaving keeps a change in the machine's load (another job starting, the
    CPU's clock) from favouring whichever engine happened to run first.

    The result has stable keys: ``unoattack``, ``rlcard_uno``, ``openspiel_crazy_eights``
    (decisions per second by player count, or None when skipped), ``ratios`` (ours over
    theirs), ``details``, ``skipped`` (why an engine did not run) and ``meta``; with
    ``events``, also ``unoattack_events`` (ours with events on) and ``events_cost`` (the
    share of our speed that events cost), else None for both.
    """
    if games is not None:
        rounds = 1
    engines: list[tuple[str, Bench]] = [
        (
            "unoattack",
            lambda n, s, g, seed: bench_unoattack(
                n, s, g, seed, edition=edition, launcher=launcher
            ),
        )
    ]
    if events:
        engines.append(
            (
                "unoattack_events",
                lambda n, s, g, seed: bench_unoattack(
                    n, s, g, seed, edition=edition, launcher=launcher, events=True
                ),
            )
        )
    skipped: dict[str, str] = {}
    for key, module, _label, fn in OTHERS:
        problem = importable(module) if others else "not requested"
        if problem is None:
            engines.append((key, fn))
        else:
            skipped[key] = problem
    parts: dict[tuple[str, int], list[dict[str, Any]]] = {}
    for round_number in range(rounds):
        for n in players:
            for key, fn in engines:
                r = fn(n, seconds / rounds, games, seed + 1000 * round_number)
                parts.setdefault((key, n), []).append(r)
    result: dict[str, Any] = {}
    details: dict[str, Any] = {}
    for key, _fn in engines:
        details[key] = {str(n): _combine(parts[key, n]) for n in players}
        result[key] = {n: d["decisions_per_second"] for n, d in details[key].items()}
        if on_result is not None:
            for n in players:
                on_result(key, n, details[key][str(n)])
    ratios: dict[str, dict[str, float] | None] = {}
    for key, _module, _label, _fn in OTHERS:
        if key in skipped:
            result[key] = None
            ratios[key] = None
        else:
            ratios[key] = {n: result["unoattack"][n] / result[key][n] for n in result[key]}
    on = result.get("unoattack_events")
    return {
        "unoattack": result["unoattack"],
        **{key: result[key] for key, _m, _l, _f in OTHERS},
        "unoattack_events": on,
        "events_cost": None if on is None else {n: 1 - on[n] / result["unoattack"][n] for n in on},
        "ratios": ratios,
        "details": details,
        "skipped": skipped,
        "meta": {
            "versions": versions(),
            "platform": platform.platform(),
            "seconds": seconds,
            "rounds": rounds,
            "games": games,
            "seed": seed,
        },
    }


LABELS = {
    "unoattack": "unoattack",
    "unoattack_events": "unoattack (events on)",
    **{key: label for key, _m, label, _f in OTHERS},
}


# ------------------------------------------------------------------------------ search

#: The tables the search bench thinks at: every edition, heads-up and four seats.
SEARCH_TABLES = tuple(
    (edition, n) for n in PLAYER_COUNTS for edition in ("2003", "2010", "mega-hit")
)


def search_positions(edition: str, players: int, seed: int, count: int) -> list[tuple[Any, int]]:
    """``count`` decisions worth searching (two choices or more) from matches between
    heuristic bots: (game, seat) pairs, the games played with events on as a table's."""
    from unoattack.bots.heuristic import HeuristicBot
    from unoattack.bots.ismcts import decisions
    from unoattack.engine import Game, view

    rng = random.Random(seed)
    found: list[tuple[Any, int]] = []
    deal = 0
    while len(found) < count:
        game = Game.new(edition, players=players, seed=seed * 1000 + deal)
        bots = [HeuristicBot(random.Random(deal * 10 + s)) for s in range(players)]
        deal += 1
        while not game.is_over and len(found) < count:
            seat = game.to_act
            assert seat is not None
            if len(decisions(game.legal_actions(seat))) > 1 and rng.random() < 0.15:
                found.append((game.clone(), seat))
            game.apply(bots[seat].choose(view(game, seat)), seat)
    return found


#: The iterations of each search :func:`bench_search` times: 100 until 2026-11-28,
#: evening, when the search began to draw a pool of a hundred samples a decision at
#: larger tables (``ismcts.EXPLAIN_POOL``), which a search of 100 never deals again.
SEARCH_ITERATIONS: Final = 2_000


def bench_search(
    seconds: float = 3.0,
    seed: int = 0,
    tables: tuple[tuple[str, int], ...] = SEARCH_TABLES,
    on_table: Callable[[str, dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """ISMCTS iterations per second in this process: searches of a fixed number of
    iterations (no early stop) at decisions of heuristic matches, for about ``seconds``
    per table. An iteration samples a game from the seat's knowledge, walks the tree,
    plays the hand on for up to ``PLAYOUT_DEPTH`` decisions and backs up, with the bot's
    adopted settings (:func:`~unoattack.bots.ismcts.adopted`)."""
    from unoattack.bots.ismcts import LEVELS, PLAYOUT_DEPTH, adopted, search
    from unoattack.engine.determinize import Sampler

    per_table: dict[str, dict[str, Any]] = {}
    total_iterations = 0
    total_seconds = 0.0
    for edition, players in tables:
        positions = search_positions(edition, players, seed, 24)
        iterations = 0
        spent = 0.0
        searches = 0
        rng = random.Random(seed)
        while spent < seconds:
            game, seat = positions[searches % len(positions)]
            started = time.process_time()
            knowledge = Sampler(game, seat)
            settings = adopted(knowledge, rng)
            # As long as the levels search at larger tables (thousands of iterations), so
            # that the pool of samples weighing the plays is dealt again as it is there.
            result = search(knowledge, rng, iterations=SEARCH_ITERATIONS, settle=False, **settings)
            spent += time.process_time() - started
            iterations += result.iterations
            searches += 1
        key = f"{edition}/{players}"
        per_table[key] = {
            "iterations_per_second": iterations / spent,
            "searches": searches,
            "iterations": iterations,
            "seconds": spent,
        }
        if on_table is not None:
            on_table(key, per_table[key])
        total_iterations += iterations
        total_seconds += spent
    rate = total_iterations / total_seconds
    return {
        "iterations_per_second": rate,
        "tables": per_table,
        "levels": {
            level: {"seconds": budget, "iterations": round(rate * budget)}
            for level, budget in LEVELS.items()
        },
        "meta": {
            "playout_depth": PLAYOUT_DEPTH,
            "clock": "process CPU time (time.process_time), one process",
            "seconds_per_table": seconds,
            "seed": seed,
            "versions": versions(),
            "platform": platform.platform(),
        },
    }
