#!/usr/bin/env python3
"""OpenSpiel's own ISMCTS bot against OpenSpiel's uniform random bot, on UNO Attack.

Plays ``--hands`` one-hand games (``options=target_score=1``: the first player out wins)
of ``python_uno_attack``, 2 players, 7-card hands, with OpenSpiel's
``ismcts.ISMCTSBot`` in seat 0 for the even-numbered hands and seat 1 for the odd ones,
against ``UniformRandomBot``, and prints the search bot's win rate with its 95% Wilson
interval, and the wall and CPU time. The search values its leaves with
:class:`unoattack.envs.openspiel.HandRolloutEvaluator`, rollouts played by the engine
(OpenSpiel's ``RandomRolloutEvaluator`` plays them through the pyspiel API: seconds a
decision on a 7-card hand). By default a rollout plays 6 decisions of the project's
playout policy and the hands' sizes estimate the rest: rollouts played to the end of
the hand hardly tell moves apart (docs/envs.md).

Every hand is reproducible on its own: hand ``i`` draws its deal, its presses' outcomes,
both bots' choices and the search's determinizations from generators seeded with
``(seed, i)`` (ISMCTSBot's own resampling is unseeded, so the search is given a seeded
resampler), and the result does not depend on ``--jobs``. A line per hand goes to
stderr as it ends.

Usage::

    python scripts/openspiel_ismcts.py --hands 300 --simulations 50 --seed 0
    python scripts/openspiel_ismcts.py --hands 20 --evaluator heuristic --depth none --jobs 2
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from contextlib import nullcontext
from typing import NamedTuple

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts
from open_spiel.python.bots.uniform_random import UniformRandomBot

from unoattack.envs.openspiel import GAME_NAME, ROLLOUT_POLICIES, HandRolloutEvaluator
from unoattack.sim.stats import wilson

FINAL_POLICIES = {
    "max_visit_count": ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
    "normalized_visit_count": ismcts.ISMCTSFinalPolicyType.NORMALIZED_VISITED_COUNT,
    "max_value": ismcts.ISMCTSFinalPolicyType.MAX_VALUE,
}


class Settings(NamedTuple):
    """What every hand of a run shares (sent to the worker processes)."""

    seed: int
    simulations: int
    evaluator: str
    depth: int | None
    uct_c: float
    max_world_samples: int
    final_policy: str
    edition: str
    max_turns: int


class HandResult(NamedTuple):
    """One hand: where the search bot sat and what it got (+1 won, -1 lost, 0 cut)."""

    index: int
    search_seat: int
    search_return: float
    decisions: int
    searched: int  # the search bot's decisions with more than one legal action
    seconds: float
    cpu_seconds: float


def load_game(settings: Settings) -> pyspiel.Game:
    return pyspiel.load_game(
        GAME_NAME,
        {
            "players": 2,
            "edition": settings.edition,
            "options": "target_score=1",
            "max_turns": settings.max_turns,
        },
    )


def play_hand(settings: Settings, index: int) -> HandResult:
    """Hand ``index``: the search bot sits in seat ``index % 2``."""
    started, cpu_started = time.perf_counter(), time.process_time()
    game = load_game(settings)
    chance = np.random.RandomState([settings.seed, index, 0])
    search_rs = np.random.RandomState([settings.seed, index, 1])
    search_seat = index % 2
    searcher = ismcts.ISMCTSBot(
        game,
        HandRolloutEvaluator(search_rs, policy=settings.evaluator, depth=settings.depth),
        settings.uct_c,
        max_simulations=settings.simulations,
        max_world_samples=settings.max_world_samples,
        random_state=search_rs,
        final_policy_type=FINAL_POLICIES[settings.final_policy],
    )
    # ISMCTSBot resamples with an unseeded UniformProbabilitySampler by default.
    resampling = pyspiel.UniformProbabilitySampler(int(search_rs.randint(2**31)), 0.0, 1.0)
    searcher.set_resampler(lambda state, player: state.resample_from_infostate(player, resampling))
    opponent = UniformRandomBot(1 - search_seat, np.random.RandomState([settings.seed, index, 2]))
    state = game.new_initial_state()
    decisions = searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(chance.choice(outcomes, p=probabilities)))
            continue
        decisions += 1
        if state.current_player() == search_seat:
            searched += len(state.legal_actions()) > 1
            state.apply_action(int(searcher.step(state)))
        else:
            state.apply_action(int(opponent.step(state)))
    return HandResult(
        index,
        search_seat,
        state.returns()[search_seat],
        decisions,
        searched,
        time.perf_counter() - started,
        time.process_time() - cpu_started,
    )


def _play_hand(job: tuple[Settings, int]) -> HandResult:
    return play_hand(*job)


def describe(result: HandResult) -> str:
    outcome = {1.0: "won", -1.0: "lost"}.get(result.search_return, "cut by the turn cap")
    return (
        f"hand {result.index}: ISMCTS in seat {result.search_seat} {outcome}, "
        f"{result.decisions} decisions ({result.searched} searched), "
        f"{result.seconds:.1f} s ({result.cpu_seconds:.1f} s CPU)"
    )


def rollout_depth(text: str) -> int | None:
    """``--depth``: a number of decisions, or ``none``."""
    return None if text.lower() == "none" else int(text)


def rate(wins: int, hands: int) -> str:
    low, high = wilson(wins, hands)
    share = wins / hands if hands else float("nan")
    return f"{share:.3f} over {hands} hands (95% Wilson interval {low:.3f}-{high:.3f})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=300, help="hands to play (default 300)")
    parser.add_argument(
        "--simulations", type=int, default=50, help="ISMCTS simulations a move (default 50)"
    )
    parser.add_argument("--seed", type=int, default=0, help="seeds every hand (default 0)")
    parser.add_argument(
        "--evaluator",
        choices=ROLLOUT_POLICIES,
        default="playout",
        help="HandRolloutEvaluator's rollout policy (default playout)",
    )
    parser.add_argument(
        "--depth",
        type=rollout_depth,
        default=6,
        help="decisions a rollout plays before the hands' sizes estimate the result, or "
        "'none' to play the hand out (default 6)",
    )
    parser.add_argument("--uct-c", type=float, default=2.0, help="UCT constant (default 2.0)")
    parser.add_argument(
        "--max-world-samples",
        type=int,
        default=ismcts.UNLIMITED_NUM_WORLD_SAMPLES,
        help="determinizations kept a search (default -1: a fresh one every simulation)",
    )
    parser.add_argument(
        "--final-policy",
        choices=sorted(FINAL_POLICIES),
        default="max_visit_count",
        help="how the search picks its move (default max_visit_count)",
    )
    parser.add_argument("--edition", default="attack-2003", help="default attack-2003")
    parser.add_argument(
        "--max-turns", type=int, default=10_000, help="the game's turn cap (default 10000)"
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--quiet", action="store_true", help="no line per hand on stderr")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.simulations < 1 or args.jobs < 1:
        parser.error("--hands, --simulations and --jobs must be at least 1")
    settings = Settings(
        args.seed,
        args.simulations,
        args.evaluator,
        args.depth,
        args.uct_c,
        args.max_world_samples,
        args.final_policy,
        args.edition,
        args.max_turns,
    )
    depth = "" if args.depth is None else f" of {args.depth} decisions"
    samples = "unlimited" if args.max_world_samples < 0 else str(args.max_world_samples)
    print(
        f"ISMCTSBot ({args.simulations} simulations a move, HandRolloutEvaluator "
        f"{args.evaluator} rollouts{depth}, uct_c {args.uct_c}, max_world_samples {samples}, "
        f"final policy {args.final_policy}) against UniformRandomBot: {args.edition}, "
        f"2 players, one 7-card hand a game, seats rotated, seed {args.seed}",
        flush=True,
    )
    started = time.perf_counter()
    jobs = [(settings, index) for index in range(args.hands)]
    results: list[HandResult] = []
    with multiprocessing.Pool(args.jobs) if args.jobs > 1 else nullcontext() as pool:
        played = map(_play_hand, jobs) if pool is None else pool.imap_unordered(_play_hand, jobs)
        for result in played:
            results.append(result)
            if not args.quiet:
                print(describe(result), file=sys.stderr, flush=True)
    wall = time.perf_counter() - started
    results.sort()
    wins = sum(r.search_return > 0 for r in results)
    cut = sum(r.search_return == 0 for r in results)
    print(f"win rate {rate(wins, len(results))}; {len(results) - wins - cut} lost, {cut} cut")
    for seat in (0, 1):
        mine = [r for r in results if r.search_seat == seat]
        print(f"  in seat {seat}: {rate(sum(r.search_return > 0 for r in mine), len(mine))}")
    decisions = sum(r.decisions for r in results)
    searched = sum(r.searched for r in results)
    cpu = sum(r.cpu_seconds for r in results)
    print(
        f"{decisions} decisions, {searched} searched by ISMCTS "
        f"({cpu / max(searched, 1):.3f} s CPU each, the hand's other work included)"
    )
    print(f"wall time {wall:.0f} s with {args.jobs} job(s); {cpu:.0f} s CPU in the hands")
    return 0


if __name__ == "__main__":
    sys.exit(main())
