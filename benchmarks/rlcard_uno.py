#!/usr/bin/env python3
"""Reference throughput: random self-play in RLCard's UNO (and, optionally, OpenSpiel).

It runs the third-party engines only, so that the figures it prints describe them
alone and can be set beside our own; ``unoattack bench`` runs the same measurements
(the code lives in ``unoattack.sim.bench``, which this script imports) side by side
with our engine and prints the ratios.

What is measured
----------------
* RLCard ``uno``: ``env.reset()``, then ``state, player_id = env.step(action)`` until
  ``env.is_over()``, where ``action`` is drawn uniformly from ``state['legal_actions']``
  with a ``random.Random(seed)`` owned by this script. Each ``env.step`` counts as one
  decision, including forced ones (a lone ``draw``). ``env.step`` goes through
  ``UnoEnv._decode_action`` (which recomputes the legal actions) and ``_extract_state``
  (which builds the 4x15x4 observation, the legal-action dict and the raw state) on
  every call; that is the cost of RLCard's public API and is included.
* OpenSpiel ``crazy_eights`` (optional, only if ``pyspiel`` imports): chance nodes
  are resolved by sampling ``state.chance_outcomes()``, player nodes by a uniform
  choice from ``state.legal_actions()``. Only player decisions are counted (a suit
  nomination after an 8 and each single ``draw`` are decisions there). Game
  parameters are OpenSpiel's defaults apart from ``players``; note the default
  ``max_turns=100`` (card plays) can end a game without a winner.

The timer (``time.perf_counter``) runs around each game, from reset / new initial
state to the terminal state; environment / game creation and the bookkeeping done
after a game ends are excluded. Whole games are played until the time budget per
player count is spent (or ``--games`` games are played).

RLCard pitfall (rlcard 1.2.0): ``rlcard.make('uno', config={'game_num_players': 4})``
silently builds a *2-player* game. ``Env.__init__`` only forwards ``game_*`` keys for
blackjack and the hold'em games, so for UNO the key is ignored. This script applies
the config the way the base class would (``env.game.configure(...)`` and
``env.num_players = n``) and checks that every seat really gets to move.

Usage::

    python benchmarks/rlcard_uno.py [--seconds 5] [--games N] [--seed 0] [--json]
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
from typing import Any

from unoattack.sim.bench import bench_openspiel_crazy_eights as _bench_openspiel_crazy_eights
from unoattack.sim.bench import bench_rlcard_uno as _bench_rlcard_uno
from unoattack.sim.bench import versions

PLAYER_COUNTS = (2, 4)


def _versions() -> dict[str, str | None]:
    return {k: v for k, v in versions().items() if k != "unoattack"}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--seconds",
        type=float,
        default=5.0,
        help="minimum timed play per engine and player count (default 5)",
    )
    ap.add_argument(
        "--games",
        type=int,
        default=None,
        help="play exactly this many games instead of a time budget",
    )
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)

    benches = (
        ("rlcard_uno", "rlcard", "RLCard UNO", _bench_rlcard_uno),
        (
            "openspiel_crazy_eights",
            "pyspiel",
            "OpenSpiel crazy_eights",
            _bench_openspiel_crazy_eights,
        ),
    )
    result: dict[str, Any] = {}
    details: dict[str, Any] = {}
    skipped: dict[str, str] = {}
    for key, module, label, fn in benches:
        try:
            __import__(module)
        except ImportError as exc:
            skipped[key] = f"{module} not importable: {exc}"
            result[key] = None
            if not args.json:
                print(f"{label}: skipped ({skipped[key]})")
            continue
        result[key] = {}
        details[key] = {}
        for n in PLAYER_COUNTS:
            r = fn(n, args.seconds, args.games, args.seed)
            result[key][str(n)] = r["decisions_per_second"]
            details[key][str(n)] = r
            if not args.json:
                extra = ""
                if "games_with_winner_share" in r:
                    extra = f", games with a winner {r['games_with_winner_share']:.1%}"
                print(
                    f"{label} {n}p: {r['decisions_per_second']:,.0f} decisions/s, "
                    f"{r['games']} games, {r['decisions_per_game']:.1f} decisions/game, "
                    f"forced {r['forced_decision_share']:.1%}{extra} "
                    f"({r['seconds']:.2f} s timed)"
                )

    meta = {
        "versions": _versions(),
        "platform": platform.platform(),
        "seconds": args.seconds,
        "games": args.games,
        "seed": args.seed,
    }
    if args.json:
        print(
            json.dumps({**result, "details": details, "skipped": skipped, "meta": meta}, indent=2)
        )
    else:
        v = meta["versions"]
        print(
            f"python {v['python']}, rlcard {v['rlcard']}, numpy {v['numpy']}, "
            f"open_spiel {v['open_spiel']}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
