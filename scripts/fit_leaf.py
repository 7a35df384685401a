#!/usr/bin/env python3
"""Fit the search bot's leaf evaluation: who wins the hand, from cheap features.

When a playout of :mod:`unoattack.bots.ismcts` stops before the hand ends, each seat's
chance of winning the hand is a conditional logit (a softmax over the seats in play) of
its :func:`~unoattack.bots.ismcts.leaf_features`. This script regenerates the
coefficients (``LEAF_WEIGHTS`` in ismcts.py): it plays first hands of heuristic
self-play (every edition, 2-4 players, the hazard launcher), records the features of
every seat at a quarter of the decisions, labels them with the hand's winner, and fits
the coefficients of each edition by maximum likelihood (L-BFGS, a small ridge).

It prints the log-likelihood per position of the fit and of the former estimate
(``-0.1 x cards``) on held-out hands, and the constants to paste into ismcts.py.

Usage::

    python scripts/fit_leaf.py [--hands 600] [--seed 1]
"""

from __future__ import annotations

import argparse
import random

import numpy as np
from scipy.optimize import minimize

from unoattack.bots.heuristic import HeuristicBot
from unoattack.bots.ismcts import LEAF_FEATURES, leaf_features
from unoattack.engine import Game, view

EDITIONS = ("2003", "2010", "mega-hit")
PLAYERS = (2, 3, 4)
RECORD = 0.25  # the share of decisions recorded
RIDGE = 1e-3


def positions(edition: str, players: int, hands: int, seed: int) -> list[tuple[np.ndarray, int]]:
    """(features of the seats in play, index of the winner among them) of ``hands``
    first hands of heuristic self-play."""
    rng = random.Random(f"{seed}:{edition}:{players}")
    found: list[tuple[np.ndarray, int]] = []
    for index in range(hands):
        game = Game.new(edition, players=players, seed=rng.getrandbits(32))
        bots = [HeuristicBot(random.Random(rng.getrandbits(32))) for _ in range(players)]
        recorded: list[list[tuple[int, tuple[int, ...]]]] = []
        while not game.is_over and game.hand_number == 1:
            seat = game.to_act
            assert seat is not None
            if rng.random() < RECORD:
                rows = leaf_features(game)
                recorded.append([(s, row) for s, row in enumerate(rows) if row is not None])
            game.apply(bots[seat].choose(view(game, seat)), seat)
        last = game.last_hand
        if last is None or last.winner < 0:
            continue
        for seats in recorded:
            order = [s for s, _ in seats]
            if last.winner in order:
                found.append((np.array([row for _, row in seats], float), order.index(last.winner)))
        del index
    return found


def log_likelihood(weights: np.ndarray, data: list[tuple[np.ndarray, int]]) -> float:
    total = 0.0
    for x, winner in data:
        z = x @ weights
        top = z.max()
        total += z[winner] - top - np.log(np.exp(z - top).sum())
    return total / len(data)


def fit(data: list[tuple[np.ndarray, int]]) -> np.ndarray:
    width = data[0][0].shape[1]

    def loss(weights: np.ndarray) -> tuple[float, np.ndarray]:
        value = 0.0
        grad = np.zeros(width)
        for x, winner in data:
            z = x @ weights
            p = np.exp(z - z.max())
            p /= p.sum()
            value -= np.log(p[winner])
            grad -= x[winner] - p @ x
        n = len(data)
        return value / n + RIDGE * weights @ weights, grad / n + 2 * RIDGE * weights

    start = np.zeros(width)
    start[0] = -0.1
    return minimize(loss, start, jac=True, method="L-BFGS-B").x


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=600, help="hands per edition and table")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    baseline = np.zeros(len(LEAF_FEATURES))
    baseline[0] = -0.1
    weights = {}
    for edition in EDITIONS:
        train: list[tuple[np.ndarray, int]] = []
        test: list[tuple[np.ndarray, int]] = []
        for players in PLAYERS:
            data = positions(edition, players, args.hands, args.seed)
            cut = len(data) * 4 // 5  # the last fifth of the hands is held out
            train += data[:cut]
            test += data[cut:]
        fitted = fit(train)
        weights[edition] = fitted
        print(
            f"{edition}: {len(train)} positions to fit, {len(test)} held out; "
            f"log-likelihood a position held out: fitted {log_likelihood(fitted, test):.4f}, "
            f"-0.1 x cards {log_likelihood(baseline, test):.4f}"
        )
    print("LEAF_WEIGHTS = {")
    for edition, fitted in weights.items():
        values = ", ".join(f"{w:.3f}" for w in fitted)
        print(f'    "{edition}": ({values}),')
    print("}")


if __name__ == "__main__":
    main()
