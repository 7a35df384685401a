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

With ``--leaf kinds`` it fits the kinds leaf instead (``KIND_LEAF_WEIGHTS``,
:class:`~unoattack.bots.ismcts.KindLeaf`): the features of
:func:`~unoattack.bots.ismcts.kind_leaf_features`, one set of weights heads-up (from
the 2-player hands) and one for three seats or more (the 3- and 4-player hands
together), each held out by hands (the last fifth), and compared on the held-out
heads-up positions with the seven features' ``LEAF_WEIGHTS``.

With ``--leaf shape`` it fits the shape leaf's weights for three seats or more
(``SHAPE_LEAF_WEIGHTS``): the kinds leaf's features and
:data:`~unoattack.bots.ismcts.SHAPE_LEAF_FEATURES` together, on the 3- and 4-player
hands, with the held-out log-likelihood of the kinds leaf's weights on the same
positions beside the fit's.

Usage::

    python scripts/fit_leaf.py [--hands 600] [--seed 1]
    python scripts/fit_leaf.py --leaf kinds --hands 10000   # KIND_LEAF_WEIGHTS
    python scripts/fit_leaf.py --leaf shape --hands 20000 --seed 7   # SHAPE_LEAF_WEIGHTS
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable

import numpy as np
from scipy.optimize import minimize

from unoattack.bots.heuristic import HeuristicBot
from unoattack.bots.ismcts import (
    KIND_LEAF_FEATURES,
    KIND_LEAF_WEIGHTS,
    LEAF_FEATURES,
    LEAF_WEIGHTS,
    SHAPE_LEAF_FEATURES,
    kind_leaf_features,
    leaf_features,
)
from unoattack.engine import Game, view
from unoattack.rules.cards import Kind

EDITIONS = ("2003", "2010", "mega-hit")
PLAYERS = (2, 3, 4)
RECORD = 0.25  # the share of decisions recorded
RIDGE = 1e-3


Rows = list[tuple[int, ...] | None]


def table_positions(
    edition: str, players: int, hands: int, seed: int, features: Callable[[Game], Rows]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The positions of ``hands`` first hands of heuristic self-play (``RECORD`` of
    the decisions, hands without a winner left out) as arrays: the seats' ``features``
    (positions x seats x features), the winner's seat and the hand's number."""
    rng = random.Random(f"{seed}:{edition}:{players}")
    rows: list[Rows] = []
    winners: list[int] = []
    numbers: list[int] = []
    for index in range(hands):
        game = Game.new(edition, players=players, seed=rng.getrandbits(32), events=False)
        bots = [HeuristicBot(random.Random(rng.getrandbits(32))) for _ in range(players)]
        recorded: list[Rows] = []
        while not game.is_over and game.hand_number == 1:
            seat = game.to_act
            assert seat is not None
            if rng.random() < RECORD:
                recorded.append(features(game))
            game.apply(bots[seat].choose(view(game, seat)), seat)
        last = game.last_hand
        if last is None or last.winner < 0:
            continue
        rows += recorded
        winners += [last.winner] * len(recorded)
        numbers += [index] * len(recorded)
    return np.array(rows, float), np.array(winners), np.array(numbers)


def positions(edition: str, players: int, hands: int, seed: int) -> list[tuple[np.ndarray, int]]:
    """(features of the seats in play, index of the winner among them) of ``hands``
    first hands of heuristic self-play (every seat is in play in a first hand)."""
    x, winners, _ = table_positions(edition, players, hands, seed, leaf_features)
    return list(zip(x, (int(w) for w in winners), strict=True))


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


def masked_fit(
    x: np.ndarray, absent: np.ndarray, winners: np.ndarray
) -> tuple[np.ndarray, Callable[[np.ndarray, np.ndarray, np.ndarray, np.ndarray], float]]:
    """The conditional logit's weights fitted to positions ``x`` (positions x seats x
    features; ``absent`` adds -1e9 to a padded seat), and the held-out log-likelihood
    a position of weights on other positions."""
    picked = np.arange(len(winners))

    def loss(weights: np.ndarray) -> tuple[float, np.ndarray]:
        z = x @ weights + absent
        z -= z.max(1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(1, keepdims=True)
        value = -np.log(p[picked, winners]).mean() + RIDGE * weights @ weights
        grad = -(x[picked, winners] - np.einsum("ns,nsf->nf", p, x)).mean(0)
        return value, grad + 2 * RIDGE * weights

    def held_out(weights: np.ndarray, x: np.ndarray, absent: np.ndarray, won: np.ndarray) -> float:
        z = x @ weights + absent
        z -= z.max(1, keepdims=True)
        return float((z[np.arange(len(won)), won] - np.log(np.exp(z).sum(1))).mean())

    fitted = minimize(loss, np.zeros(x.shape[2]), jac=True, method="L-BFGS-B").x
    return fitted, held_out


def group_positions(
    edition: str, group: tuple[int, ...], hands: int, seed: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The leaf features of the positions of heuristic self-play at the table sizes of
    ``group`` together (a smaller table's seats padded out, ``absent``), each
    position's winner and whether it is fitted on (the first four fifths of the hands)
    or held out."""
    parts = [table_positions(edition, n, hands, seed, kind_leaf_features) for n in group]
    width = max(group)
    xs, absents = [], []
    for (x, _, _), n in zip(parts, group, strict=True):
        pad = width - n
        xs.append(np.concatenate([x, np.zeros((len(x), pad, x.shape[2]))], 1))
        absent = np.zeros((len(x), width))
        absent[:, n:] = -1e9
        absents.append(absent)
    train = np.concatenate([part[2] for part in parts]) < hands * 4 // 5
    won = np.concatenate([part[1] for part in parts])
    return np.concatenate(xs), np.concatenate(absents), won, train


def print_weights(names: tuple[str, ...], weights: np.ndarray, indent: str) -> None:
    named = [
        f'"{name}": {value:.3f}'
        for name, value in zip(names, weights, strict=True)
        if round(value, 3) != 0
    ]
    print(indent + "{" + ", ".join(named) + "},")


def fit_kinds(hands: int, seed: int) -> None:
    """Fit and print ``KIND_LEAF_WEIGHTS`` (the kinds leaf: no shape features)."""
    kinds = len(KIND_LEAF_FEATURES) - len(SHAPE_LEAF_FEATURES)
    print("KIND_LEAF_WEIGHTS = {")
    for edition in EDITIONS:
        tables = []
        lines = []
        for group in ((2,), (3, 4)):
            x, absent, won, train = group_positions(edition, group, hands, seed)
            x = x[:, :, :kinds]
            weights, held_out = masked_fit(x[train], absent[train], won[train])
            tables.append(weights)
            test = ~train
            line = f"{held_out(weights, x[test], absent[test], won[test]):.4f}"
            if group == (2,):
                seven = np.array([seven_features(row) for row in x[test]])
                old = held_out(np.array(LEAF_WEIGHTS[edition]), seven, absent[test], won[test])
                line += f" (LEAF_WEIGHTS {old:.4f})"
            lines.append(f"{len(x[train])} positions to fit, held out {line}")
        print(f"    # {edition}: heads-up {lines[0]}; three seats or more {lines[1]}")
        print(f'    "{edition}": (')
        for weights in tables:
            print_weights(KIND_LEAF_FEATURES[:kinds], weights, "        ")
        print("    ),")
    print("}")


def fit_shape(hands: int, seed: int, editions: tuple[str, ...]) -> None:
    """Fit and print ``SHAPE_LEAF_WEIGHTS`` (three seats or more, every feature), with
    the held-out log-likelihood a position of the kinds leaf's weights beside it."""
    kinds = len(KIND_LEAF_FEATURES) - len(SHAPE_LEAF_FEATURES)
    print("SHAPE_LEAF_WEIGHTS = {")
    for edition in editions:
        x, absent, won, train = group_positions(edition, (3, 4), hands, seed)
        weights, held_out = masked_fit(x[train], absent[train], won[train])
        test = ~train
        table = KIND_LEAF_WEIGHTS[edition][1]
        current = np.array([table.get(name, 0.0) for name in KIND_LEAF_FEATURES[:kinds]])
        before = held_out(current, x[test][:, :, :kinds], absent[test], won[test])
        after = held_out(weights, x[test], absent[test], won[test])
        print(
            f"    # {edition}: {len(x[train])} positions to fit; held out a position: "
            f"the kinds leaf {before:.4f}, the shape leaf {after:.4f}"
        )
        print_weights(KIND_LEAF_FEATURES, weights, f'    "{edition}": ')
    print("}")


def seven_features(seats: np.ndarray) -> list[list[float]]:
    """The seven features of :data:`LEAF_FEATURES` of each seat, from its kinds-leaf
    features (a position's rows)."""
    kinds = len(Kind)
    wild = [Kind(k).is_wild for k in range(kinds)]
    seven = []
    for row in seats:
        counts = row[:kinds]
        one, _two, _colour, play, press, _owed, after = row[kinds : kinds + 7]
        wilds = sum(c for c, w in zip(counts, wild, strict=True) if w)
        actions = sum(counts) - counts[Kind.NUMBER] - wilds
        seven.append([sum(counts), one, wilds, actions, play, press, after])
    return seven


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=600, help="hands per edition and table")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--leaf", choices=("fitted", "kinds", "shape"), default="fitted")
    parser.add_argument("--edition", choices=EDITIONS, help="with --leaf shape: this one only")
    args = parser.parse_args()
    if args.leaf == "kinds":
        fit_kinds(args.hands, args.seed)
        return
    if args.leaf == "shape":
        fit_shape(args.hands, args.seed, (args.edition,) if args.edition else EDITIONS)
        return
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
