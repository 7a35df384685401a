"""Train a masked policy on the Gymnasium env against random bots, then measure it.

Needs the ``rl`` extra plus sb3-contrib and a CPU build of PyTorch::

    pip install -e '.[rl]' sb3-contrib torch==2.13.0
    python examples/train_masked.py                  # about 3.5 minutes on 2 CPU cores
    python examples/train_masked.py --timesteps 20000 --eval-episodes 200   # a quick look

It trains sb3-contrib's MaskablePPO (PPO that samples only legal actions, from the env's
``action_masks()``) for one seat of a 2-player 2003 table whose match is one hand
(``target_score`` 1), then plays ``--eval-episodes`` fresh matches with the greedy
policy and prints the win rate with a 95% Wilson score interval. ``--baseline`` also
measures a policy that picks uniformly among the legal actions, for comparison.
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.env_util import make_vec_env

from unoattack.envs.gymnasium import UnoAttackEnv

Z95 = 1.959963984540054  # the standard normal's 97.5% quantile


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion of ``wins`` in ``games``."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def make_env(args: argparse.Namespace) -> UnoAttackEnv:
    return UnoAttackEnv(
        edition=args.edition,
        num_players=args.players,
        opponents=args.opponents,
        options={"target_score": 1},
        max_steps=args.max_steps,
    )


def evaluate(
    args: argparse.Namespace, model: MaskablePPO | None, deterministic: bool = True
) -> tuple[int, int, int]:
    """Play fresh matches (seeds not used in training); return wins, losses, truncations."""
    env = make_env(args)
    rng = np.random.default_rng(args.seed)
    wins = losses = cut = 0
    for episode in range(args.eval_episodes):
        observation, info = env.reset(seed=1_000_000 + args.seed * 10_000 + episode)
        while True:
            mask = info["action_mask"].astype(bool)
            if model is None:
                action = int(rng.choice(np.flatnonzero(mask)))
            else:
                action = int(
                    model.predict(observation, action_masks=mask, deterministic=deterministic)[0]
                )
            observation, reward, terminated, truncated, info = env.step(action)
            if terminated:
                wins += reward > 0
                losses += reward <= 0
                break
            if truncated:
                cut += 1
                break
    return wins, losses, cut


def report(name: str, wins: int, losses: int, cut: int) -> None:
    games = wins + losses + cut
    low, high = wilson(wins, games)
    print(
        f"{name}: win rate {wins / games:.3f} over {games} matches "
        f"(95% Wilson interval {low:.3f}–{high:.3f}; {losses} lost, {cut} cut by the turn cap)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edition", default="2003")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponents", default="random", help="random or heuristic")
    parser.add_argument("--timesteps", type=int, default=100_000)
    parser.add_argument("--eval-episodes", type=int, default=500)
    parser.add_argument("--max-steps", type=int, default=2000, help="turn cap per match")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--baseline", action="store_true", help="also measure a random policy")
    parser.add_argument(
        "--sampled", action="store_true", help="also measure the policy sampling its actions"
    )
    args = parser.parse_args()

    torch.set_num_threads(1)
    start = time.perf_counter()
    envs = make_vec_env(lambda: make_env(args), n_envs=4, seed=args.seed)
    model = MaskablePPO(
        "MlpPolicy",
        envs,
        n_steps=1024,
        batch_size=512,
        n_epochs=5,
        learning_rate=3e-4,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [128, 128]},
        seed=args.seed,
        device="cpu",
        verbose=0,
    )
    model.learn(total_timesteps=args.timesteps)
    trained = time.perf_counter()
    print(f"trained {args.timesteps} steps in {trained - start:.0f} s")
    report("MaskablePPO", *evaluate(args, model))
    if args.sampled:
        report("MaskablePPO, sampled", *evaluate(args, model, deterministic=False))
    print(f"evaluated in {time.perf_counter() - trained:.0f} s")
    if args.baseline:
        report("uniform random legal actions", *evaluate(args, None))


if __name__ == "__main__":
    main()
