#!/usr/bin/env python3
"""What the opponents' plays tell a search bot: the checks behind ``:explain`` in
docs/bots-log.md ("The options, as they were tried").

Every check runs on positions of heuristic self-play (the hazard launcher), at seat 0's
turns, and reads the real game only to score what the samples got right:

- ``model``: for each opponent's latest plays since it last took a card
  (``Sampler.past_turns``), the view rebuilt with its real hand
  (``Sampler.past_view``) is given to a heuristic bot; how often it makes the play the
  opponent made.
- ``overlap``: the share of an opponent's real cards that a sample deals it, dealt at
  random (``sample``), with the inference from presses (``sample_inferring``), with
  the heuristic model explaining its plays (``sample_explained``) and explaining its
  plays made before it last took cards too (``sample_explained(across=True)``) or
  reading the launcher's reloads as well (``sample_explained(reloads=True)``), each from
  a random stream of its own, so that the others' figures are as they were.
- ``speed``: search iterations per CPU second, the default settings with ``explain``
  and with ``unexplained``, on the same positions, interleaved.

Usage::

    python scripts/explain_checks.py model|overlap|speed [--players 4] [--matches 8]
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from collections.abc import Iterator

from unoattack.bots.heuristic import HeuristicBot
from unoattack.bots.ismcts import HeuristicLikelihood, adopted, explainer, search
from unoattack.engine import Game, view
from unoattack.engine.determinize import Sampler

EDITIONS = ("2003", "2010", "mega-hit")
#: The cap on a match's decisions (the checks want positions, not whole matches).
DECISIONS = 600


def turns_of_seat_0(edition: str, players: int, seed: int, every: int) -> Iterator[Game]:
    """A heuristic match, stopped at every ``every``-th decision that is seat 0's turn."""
    game = Game.new(edition, players=players, seed=seed)
    bots = [HeuristicBot(random.Random(seed * 10 + seat)) for seat in range(players)]
    for step in range(DECISIONS):
        seat = game.to_act
        if seat is None:
            return
        if seat == 0 and step % every == 0 and game.phase.name == "TURN":
            yield game
        game.apply(bots[seat].choose(view(game, seat)), seat)


def check_model(edition: str, players: int, matches: int) -> str:
    model = HeuristicBot(random.Random(99))
    made = checks = 0
    for seed in range(matches):
        for game in turns_of_seat_0(edition, players, seed, every=3):
            sampler = Sampler(game, 0)
            for other in range(1, players):
                for turn in sampler.past_turns(other):
                    seen = sampler.past_view(list(game.hands[other]), turn)
                    action = model.choose(seen)
                    checks += 1
                    made += action.card == turn.card and (
                        action.colour is None or action.colour == turn.named
                    )
    return f"the model makes the play in {made} of {checks} checks ({100 * made / checks:.1f}%)"


def check_overlap(edition: str, players: int, matches: int) -> str:
    likelihood = HeuristicLikelihood(HeuristicBot(random.Random(5)), 0.1)
    right: Counter[str] = Counter()
    cards = 0
    for seed in range(matches):
        for game in turns_of_seat_0(edition, players, seed, every=7):
            sampler = Sampler(game, 0)
            rng = random.Random(1)
            rng_across = random.Random(2)
            rng_reloads = random.Random(3)
            for other in range(1, players):
                real = Counter(game.hand(other))
                for _ in range(4):
                    samples = {
                        "random": sampler.sample(rng),
                        "infer": sampler.sample_inferring(rng),
                        "explain": sampler.sample_explained(rng, likelihood),
                        "across": sampler.sample_explained(rng_across, likelihood, across=True),
                        "reloads": sampler.sample_explained(rng_reloads, likelihood, reloads=True),
                    }
                    for name, sample in samples.items():
                        dealt = Counter(sample.faces[i] for i in sample.hands[other])
                        right[name] += sum((dealt & real).values())
                    cards += sum(real.values())
    shares = ", ".join(f"{name} {100 * n / cards:.1f}%" for name, n in right.items())
    return f"real cards dealt, of {cards}: {shares}"


def check_speed(edition: str, players: int, matches: int) -> str:
    games = []
    for seed in range(matches):
        found = [
            game.clone()
            for game in turns_of_seat_0(edition, players, seed, every=9)
            if len(game.legal_actions(0)) > 2
        ]
        games += found[:4]
    cpu = {"unexplained": 0.0, "explain": 0.0}
    iterations = dict.fromkeys(cpu, 0)
    for order in (("unexplained", "explain"), ("explain", "unexplained")):
        for name in order:
            for game in games:
                knowledge = Sampler(game, 0)
                settings = adopted(knowledge, random.Random(1))
                settings["explain"] = explainer(random.Random(1)) if name == "explain" else None
                settings["pool"] = 0  # the cost of weighing every sample, as measured before
                started = time.process_time()
                result = search(
                    knowledge, random.Random(2), iterations=200, settle=False, **settings
                )
                cpu[name] += time.process_time() - started
                iterations[name] += result.iterations
    rates = {name: round(iterations[name] / cpu[name]) for name in cpu}
    return (
        f"{len(games)} positions, iterations a CPU second: unexplained "
        f"{rates['unexplained']:,}, explain {rates['explain']:,} "
        f"(x{cpu['explain'] / cpu['unexplained']:.2f} the CPU)"
    )


CHECKS = {"model": check_model, "overlap": check_overlap, "speed": check_speed}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("check", choices=sorted(CHECKS))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--matches", type=int, default=8)
    args = parser.parse_args()
    check = CHECKS[args.check]
    for edition in EDITIONS:
        print(f"{edition}, {args.players} seats: {check(edition, args.players, args.matches)}")


if __name__ == "__main__":
    main()
