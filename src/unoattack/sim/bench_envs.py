"""Environment steps per second: our PettingZoo, Gymnasium and OpenSpiel environments beside
RLCard's UNO.

``unoattack bench --envs`` runs the four side by side in one process, in interleaved
slices (as :func:`unoattack.sim.bench.run_bench` does), for 2 and 4 players, each with
a uniformly random legal action at every step, through each library's public API as a
researcher's training loop calls it:

* ``pettingzoo``: ``env(edition=..., num_players=n)``, ``reset(seed)``, then for each
  agent of ``agent_iter()``: ``last()`` (the observation vector and the action mask,
  built at every step), a random action of ``info["legal_actions"]``, ``step``.
  Counted: steps of agents that decide (not the ``None`` steps of finished agents).
  Whole matches to 500 points, or the env's turn cap.
* ``gymnasium``: ``gymnasium.make("unoattack/UnoAttack-v0", num_players=n,
  opponents="random")`` (with what ``gymnasium.make`` wraps it in), ``reset``, then
  ``step`` with a random action of ``info["legal_actions"]`` until the episode ends. Counted: calls
  to ``step``; the random bots' moves inside them are counted apart
  (``decisions_per_second``: every seat's decisions).
* ``openspiel``: ``pyspiel.load_game("python_uno_attack", {"players": n, "edition": ...})``,
  ``new_initial_state()``, then at a chance node (the deal's seed bytes, a press's
  outcome) an outcome drawn by the probabilities of ``chance_outcomes()``, and at a
  decision a random action of ``legal_actions()``, until ``is_terminal()``. Counted:
  decisions (chance nodes are not steps of a player). Whole matches, or the game's turn
  cap (``max_turns``, 10,000).
* ``rlcard_uno``: :func:`unoattack.sim.bench.bench_rlcard_uno`: ``env.step`` with a
  random action of ``state["legal_actions"]``, one hand per ``reset``, RLCard's
  observation encoding included. Its seat 0's steps are counted apart
  (``learner_steps``): the same loop is one learner among random players, so those are
  the steps of the single-agent loop a Gymnasium step stands for
  (``learner_ratios``: Gymnasium's steps over them).

The timer runs around whole episodes, ``reset`` included. All four harnesses pick from
the list of legal actions the environment hands over, the same idiom for each; reading
them off our int8 mask instead (``mask.nonzero()[0].tolist()``, as a masked policy's
sampling does) costs about 1.5 µs more a step (docs/envs-log.md).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from unoattack.sim.bench import (
    DEFAULT_ROUNDS,
    PLAYER_COUNTS,
    Bench,
    bench_rlcard_uno,
    importable,
    versions,
)

#: The environments, in the order they run in each slice.
ENVIRONMENTS = ("pettingzoo", "gymnasium", "openspiel", "rlcard_uno")
#: Ours: each is timed against RLCard's UNO environment.
OURS = ("pettingzoo", "gymnasium", "openspiel")
LABELS = {
    "pettingzoo": "PettingZoo (unoattack)",
    "gymnasium": "Gymnasium (unoattack)",
    "openspiel": "OpenSpiel (unoattack)",
    "rlcard_uno": "RLCard UNO",
}


def _enough(n_games: int, elapsed: float, games: int | None, seconds: float) -> bool:
    """Whether a harness has timed enough: ``games`` episodes, or else ``seconds``."""
    return n_games >= games if games is not None else elapsed >= seconds


def _figures(steps: int, decisions: int, games: int, forced: int, elapsed: float) -> dict[str, Any]:
    """One harness's figures: steps, every seat's decisions (as many, where every seat is
    an agent), episodes, the share of steps with one legal action, the time."""
    return {
        "decisions_per_second": decisions / elapsed,
        "steps_per_second": steps / elapsed,
        "games": games,
        "decisions": decisions,
        "steps": steps,
        "decisions_per_game": decisions / games,
        "forced_decision_share": forced / steps,
        "seconds": elapsed,
    }


def bench_pettingzoo(
    num_players: int, seconds: float, games: int | None, seed: int, edition: str = "2003"
) -> dict[str, Any]:
    """Random legal play of whole matches through the AEC API."""
    from unoattack.envs.pettingzoo import env as make_env

    table = make_env(edition=edition, num_players=num_players)
    rng = random.Random(seed)
    choice = rng.choice
    perf_counter = time.perf_counter
    elapsed = 0.0
    n_games = steps = forced = 0
    while True:
        t0 = perf_counter()
        table.reset(seed=seed + n_games)
        for _agent in table.agent_iter():
            _observation, _reward, terminated, truncated, info = table.last()
            if terminated or truncated:
                table.step(None)
                continue
            legal = info["legal_actions"]
            if len(legal) == 1:
                forced += 1
            table.step(choice(legal))
            steps += 1
        elapsed += perf_counter() - t0
        n_games += 1
        if _enough(n_games, elapsed, games, seconds):
            break
    return _figures(steps, steps, n_games, forced, elapsed)


def bench_gymnasium(
    num_players: int, seconds: float, games: int | None, seed: int, edition: str = "2003"
) -> dict[str, Any]:
    """One learning seat, random legal actions, against random bots."""
    import gymnasium

    import unoattack.envs

    env = gymnasium.make(
        unoattack.envs.ENV_ID, edition=edition, num_players=num_players, opponents="random"
    )
    rng = random.Random(seed)
    choice = rng.choice
    perf_counter = time.perf_counter
    elapsed = 0.0
    n_games = steps = forced = decisions = 0
    while True:
        t0 = perf_counter()
        _observation, info = env.reset(seed=seed + n_games)
        done = False
        while not done:
            legal = info["legal_actions"]
            if len(legal) == 1:
                forced += 1
            _observation, _reward, terminated, truncated, info = env.step(choice(legal))
            done = terminated or truncated
            steps += 1
        elapsed += perf_counter() - t0
        decisions += env.unwrapped.table.decisions  # type: ignore[attr-defined]
        n_games += 1
        if _enough(n_games, elapsed, games, seconds):
            break
    env.close()
    return _figures(steps, decisions, n_games, forced, elapsed)


def bench_openspiel(
    num_players: int, seconds: float, games: int | None, seed: int, edition: str = "2003"
) -> dict[str, Any]:
    """Every seat random, the launcher's outcomes drawn as OpenSpiel's chance nodes give
    them, through pyspiel's API."""
    import pyspiel  # type: ignore[import-not-found]

    import unoattack.envs.openspiel  # noqa: F401 (registers the game)

    game = pyspiel.load_game(
        "python_uno_attack", {"players": num_players, "edition": edition, "seed": seed}
    )
    rng = random.Random(seed)
    choice, choices = rng.choice, rng.choices
    perf_counter = time.perf_counter
    elapsed = 0.0
    n_games = steps = forced = 0
    while True:
        t0 = perf_counter()
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, chances = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(choices(outcomes, chances)[0])
                continue
            legal = state.legal_actions()
            if len(legal) == 1:
                forced += 1
            state.apply_action(choice(legal))
            steps += 1
        elapsed += perf_counter() - t0
        n_games += 1
        if _enough(n_games, elapsed, games, seconds):
            break
    return _figures(steps, steps, n_games, forced, elapsed)


def _rlcard(num_players: int, seconds: float, games: int | None, seed: int) -> dict[str, Any]:
    figures = bench_rlcard_uno(num_players, seconds, games, seed)
    figures["steps"] = figures["decisions"]
    figures["steps_per_second"] = figures["decisions_per_second"]
    figures["learner_steps"] = figures.pop("learner_decisions")
    return figures


def run_bench_envs(
    *,
    seconds: float = 3.0,
    games: int | None = None,
    seed: int = 0,
    players: tuple[int, ...] = PLAYER_COUNTS,
    edition: str = "2003",
    rounds: int = DEFAULT_ROUNDS,
    on_result: Callable[[str, int, dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """Every environment for every player count, in ``rounds`` interleaved slices of
    ``seconds / rounds`` each (or ``games`` episodes, in one round); figures and ratios.

    The result has stable keys: ``steps_per_second`` (environment -> players -> rate,
    RLCard None when it is not installed), ``ratios`` (each of ours over RLCard's),
    ``learner_ratios`` (Gymnasium's steps over RLCard's steps of seat 0 in the same
    run), ``details``, ``skipped`` and ``meta``.
    """
    if games is not None:
        rounds = 1
    runners: dict[str, Bench] = {
        "pettingzoo": lambda n, s, g, sd: bench_pettingzoo(n, s, g, sd, edition),
        "gymnasium": lambda n, s, g, sd: bench_gymnasium(n, s, g, sd, edition),
    }
    skipped: dict[str, str] = {}
    if importable("pyspiel") is None:
        runners["openspiel"] = lambda n, s, g, sd: bench_openspiel(n, s, g, sd, edition)
    else:
        skipped["openspiel"] = "pyspiel is not importable: pip install 'unoattack[rl]'"
    problem = importable("rlcard")
    if problem is None:
        runners["rlcard_uno"] = _rlcard
    else:
        skipped["rlcard_uno"] = problem
    parts: dict[tuple[str, int], list[dict[str, Any]]] = {}
    for round_number in range(rounds):
        for n in players:
            for key, run in runners.items():
                parts.setdefault((key, n), []).append(
                    run(n, seconds / rounds, games, seed + 1000 * round_number)
                )
    details: dict[str, dict[str, dict[str, Any]]] = {}
    rates: dict[str, dict[int, float] | None] = {}
    for key in ENVIRONMENTS:
        if key not in runners:
            rates[key] = None
            continue
        details[key] = {}
        for n in players:
            chunks = parts[key, n]
            total = {
                name: sum(chunk[name] for chunk in chunks)
                for name in ("games", "steps", "decisions", "seconds")
            }
            total["steps_per_second"] = total["steps"] / total["seconds"]
            total["decisions_per_second"] = total["decisions"] / total["seconds"]
            if key == "rlcard_uno":
                total["learner_steps"] = sum(chunk["learner_steps"] for chunk in chunks)
                total["learner_steps_per_second"] = total["learner_steps"] / total["seconds"]
            total["slices"] = len(chunks)
            details[key][str(n)] = total
            if on_result is not None:
                on_result(key, n, total)
        rates[key] = {n: details[key][str(n)]["steps_per_second"] for n in players}
    reference = rates["rlcard_uno"]
    ratios: dict[str, dict[int, float] | None] = {}
    for key in OURS:
        ours = rates[key]
        ratios[key] = (
            None
            if reference is None or ours is None
            else {n: ours[n] / reference[n] for n in players}
        )
    gymnasium = rates["gymnasium"]
    learner_ratios = (
        None
        if reference is None or gymnasium is None
        else {
            n: gymnasium[n] / details["rlcard_uno"][str(n)]["learner_steps_per_second"]
            for n in players
        }
    )
    return {
        "steps_per_second": rates,
        "ratios": ratios,
        "learner_ratios": learner_ratios,
        "details": details,
        "skipped": skipped,
        "meta": {
            "versions": versions(),
            "edition": edition,
            "seconds": seconds,
            "rounds": rounds,
            "games": games,
            "seed": seed,
        },
    }
