#!/usr/bin/env python3
"""Where the search bot's decisions differ from a search that sees the real hands: the
check behind "Where the hidden cards cost the search" in docs/bots-log.md.

Heads-up hands, the search bot (its adopted settings, a fixed number of iterations)
against the heuristic bot, seats alternating from hand to hand. At each of the search
bot's decisions with a choice, two more searches of the same size run on the real game
(the other hand as it is; the launcher's stock shuffled, so its future stays chance,
as in the search's own samples): the oracle, and a second oracle with another random
stream, the control. The script reads the real game only for these two; the bot plays
its own decision, so the hands are the ones the bot plays.

For each kind of decision the bot took it prints how often the oracle chose otherwise,
and the "regret": the oracle's estimated chance of winning the hand with its own choice
less its estimate for the bot's, summed. The control's regret (the oracle against
itself) is what two searches of that size disagree by chance; the bot's excess over it
is what not seeing the other hand costs, by the oracle's estimates.

Usage::

    python scripts/oracle_gap.py [--edition 2010] [--hands 300] [--seed 1000] [--iterations 1000]
"""

from __future__ import annotations

import argparse
import math
import random
from collections import defaultdict
from typing import Any

from unoattack.bots import HeuristicBot
from unoattack.bots.ismcts import ISMCTSBot, SearchResult, adopted, search
from unoattack.engine import Game
from unoattack.engine.actions import Action, ActionKind
from unoattack.engine.determinize import Sampler
from unoattack.engine.match import Match
from unoattack.engine.view import View


class RealHands(Sampler):
    """A sampler that deals every hand as it really is (the launcher's order shuffled)."""

    def __init__(self, game: Game, seat: int) -> None:
        super().__init__(game, seat)
        self.real = game

    def sample(self, rng: random.Random) -> Game:
        sample = self.real.search_copy(rng)
        rng.shuffle(sample.launcher.stock)
        return sample

    def sample_inferring(self, rng: random.Random, *_inference: Any, **_named: Any) -> Game:
        return self.sample(rng)  # the real hands: nothing to infer


def kind_of(action: Action) -> str:
    """The kind of a decision: ``press``, ``number``, ``wild WAA``, ``action Hit2``..."""
    card = action.card
    if action.kind is not ActionKind.PLAY or card is None:
        return action.kind.name.lower()
    if card.number is not None:
        return "number"
    return f"{'wild' if card.is_wild else 'action'} {card.kind.name.lower()}"


class Gap:
    """Per kind of decision: decisions, disagreements and regrets (bot, control)."""

    def __init__(self) -> None:
        self.rows: dict[str, list[float]] = defaultdict(lambda: [0, 0, 0, 0.0, 0.0])

    def add(self, kind: str, choice: Action, oracle: SearchResult, control: Action) -> None:
        chance = {estimate.action: estimate.win_chance for estimate in oracle.estimates}
        best = oracle.best
        row = self.rows[kind]
        row[0] += 1
        row[1] += choice != best
        row[2] += control != best
        # An action the oracle never tried has no estimate: it counts no regret.
        row[3] += chance[best] - chance.get(choice, chance[best])
        row[4] += chance[best] - chance.get(control, chance[best])


class Recorder:
    """The search bot, with the two oracle searches beside each of its decisions."""

    def __init__(self, bot: ISMCTSBot, game: Game, iterations: int, gap: Gap, seed: int) -> None:
        self.bot, self.game, self.iterations, self.gap = bot, game, iterations, gap
        self.rng = random.Random(seed)

    def decide(self, knowledge: Sampler) -> Action:
        choice = self.bot.decide(knowledge)
        if len(knowledge.legal_actions()) > 1:
            # The real hands need no weighing by the opponent's plays.
            settings = adopted(knowledge, self.rng) | {"explain": None}
            real = RealHands(self.game, knowledge.seat)
            oracle = search(real, self.rng, iterations=self.iterations, **settings)
            control = search(real, self.rng, iterations=self.iterations, **settings).best
            self.gap.add(kind_of(choice), choice, oracle, control)
        return choice

    def react(self, view: View) -> Action | None:
        return self.bot.react(view)

    def react_among(self, legal: list[Action]) -> Action | None:
        return self.bot.react_among(legal)


def play_hand(game: Game, bots: dict[int, Recorder | HeuristicBot]) -> int:
    """Play ``game``'s first hand with ``bots``; its winner."""
    Match(game, bots=bots).advance(math.inf, stop=lambda: game.last_hand is not None)
    assert game.last_hand is not None
    return game.last_hand.winner


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edition", default="2010")
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1000, help="hand i is dealt from seed + i")
    parser.add_argument("--iterations", type=int, default=1000)
    args = parser.parse_args()
    gap = Gap()
    won = 0
    for hand in range(args.hands):
        seed = args.seed + hand
        game = Game.new(args.edition, 2, seed, "hazard", {}, events=True)
        searcher = hand % 2
        bot = ISMCTSBot(random.Random(seed), iterations=args.iterations)
        bots = {
            searcher: Recorder(bot, game, args.iterations, gap, 10_000 + seed),
            1 - searcher: HeuristicBot(random.Random(20_000 + seed)),
        }
        winner = play_hand(game, bots)
        won += winner == searcher
    rows = gap.rows
    total = [sum(row[i] for row in rows.values()) for i in range(5)]
    print(
        f"{args.edition} heads-up, {args.hands} hands (seeds {args.seed} on),"
        f" {args.iterations} iterations: the search bot won {won}"
    )
    print(
        f"{int(total[0])} decisions with a choice; the oracle chose otherwise at {int(total[1])}"
        f" (control {int(total[2])}); regret {total[3]:.1f} (control {total[4]:.1f}),"
        f" excess {total[3] - total[4]:.1f}"
    )
    columns = ("the bot's decision", "decisions", "oracle differs", "control differs")
    columns += ("regret", "control", "excess", "share")
    print("| " + " | ".join(columns) + " |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    excess = total[3] - total[4]
    for kind, (n, differs, control_differs, regret, control) in sorted(
        rows.items(), key=lambda item: item[1][4] - item[1][3]
    ):
        print(
            f"| {kind} | {int(n)} | {differs / n:.1%} | {control_differs / n:.1%} | {regret:.1f}"
            f" | {control:.1f} | {regret - control:.1f} | {(regret - control) / excess:.0%} |"
        )


if __name__ == "__main__":
    main()
