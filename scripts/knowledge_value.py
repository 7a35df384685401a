#!/usr/bin/env python3
"""What knowing more of the other hands would be worth to the search bot: the check
behind "What knowledge of the other hands is worth" in docs/bots-log.md.

One search bot (a fixed number of iterations, the adopted settings otherwise) among
heuristic bots, seats rotated on common deals: exactly the deals, seats and bot streams
of ``unoattack tournament --bots ismcts:iters=N,heuristic,... --unit hands`` with the
same seed. What the searcher's samples deal the other seats is set by ``--know``:

- ``bot``: the search bot itself (``make_bot("ismcts:iters=N")``), which reads only
  its seat's knowledge: the figure the tournament prints;
- ``nothing``: every card the seat cannot see dealt at random (no inference);
- ``share=F``: each opponent keeps a random share F of its real cards, the rest dealt
  at random (``share=1`` deals the real hands);
- ``colours``: each opponent dealt at random a hand of its real hand's colours, card for
  card (a wild counting as a fifth colour).

Every mode but ``bot`` reads the real game: a diagnostic, not a bot. The launcher's
future stays chance in every sample (its cards and the aside are dealt again).

Usage::

    python scripts/knowledge_value.py --know colours [--edition 2003] [--players 4]
        [--deals 50] [--seed 100] [--iterations 1000]
"""

from __future__ import annotations

import argparse
import random

from unoattack.bots import HeuristicBot, make_bot
from unoattack.bots.ismcts import adopted, search
from unoattack.engine import Game
from unoattack.engine.actions import Action
from unoattack.engine.bot import Bot
from unoattack.engine.determinize import Sampler
from unoattack.engine.view import View
from unoattack.sim.simulate import SimConfig, bot_rng, drive

WILD = 4  # the fifth "colour" of ``colours``


class Peeking(Sampler):
    """A sampler that deals the other hands from the real game, as ``know`` says."""

    def __init__(self, game: Game, seat: int, know: str) -> None:
        super().__init__(game, seat)
        self.real = game
        self.know = know

    def sample(self, rng: random.Random) -> Game:
        game = self.real.search_copy(rng)
        faces = game.faces
        others = [s for s in range(game.n) if s != self.seat]
        loose = [i for s in others for i in game.hands[s]]
        loose += game.launcher.stock + game.aside
        rng.shuffle(loose)
        kept: dict[int, list[int]] = {}
        if self.know == "colours":
            for s in others:
                wanted = [0] * 5
                for card_id in game.hands[s]:
                    colour = faces[card_id].colour
                    wanted[WILD if colour is None else int(colour)] += 1
                kept[s] = []
                for card_id in loose:
                    colour = faces[card_id].colour
                    c = WILD if colour is None else int(colour)
                    if wanted[c]:
                        wanted[c] -= 1
                        kept[s].append(card_id)
                taken = set(kept[s])
                loose = [card_id for card_id in loose if card_id not in taken]
        else:
            share = float(self.know.removeprefix("share=")) if self.know != "nothing" else 0.0
            for s in others:
                ids = list(game.hands[s])
                rng.shuffle(ids)
                kept[s] = ids[: round(share * len(ids))]
            taken = {card_id for ids in kept.values() for card_id in ids}
            loose = [card_id for card_id in loose if card_id not in taken]
        at = 0
        for s in others:
            more = len(game.hands[s]) - len(kept[s])
            game.hands[s] = dict.fromkeys(kept[s] + loose[at : at + more])
            game._index_hand(s)
            at += more
        in_stock = len(game.launcher.stock)
        game.launcher.stock = loose[at : at + in_stock]
        game.aside = loose[at + in_stock :]
        return game


class PeekingBot:
    """The search bot's search on :class:`Peeking` samples (no inference: the samples
    are what ``know`` makes them)."""

    def __init__(self, game: Game, know: str, rng: random.Random, iterations: int) -> None:
        self.game, self.know, self.rng, self.iterations = game, know, rng, iterations
        self.reflex = HeuristicBot(random.Random(0))

    def decide(self, knowledge: Sampler) -> Action:
        peeking = Peeking(self.game, knowledge.seat, self.know)
        settings = adopted(knowledge, self.rng)
        settings.update(explain=None, pool=0, infer_presses=False)
        return search(peeking, self.rng, iterations=self.iterations, **settings).best

    def react(self, view: View) -> Action | None:
        return self.reflex.react(view)


def searcher_wins(
    edition: str, players: int, deals: int, seed: int, iterations: int, know: str
) -> int:
    """Hands the searcher won of ``deals`` times ``players`` (every seat in turn)."""
    searcher_name = f"ismcts:iters={iterations}"
    config = SimConfig(
        edition=edition,
        players=players,
        games=deals,
        seed=seed,
        bots=(searcher_name,) + ("heuristic",) * (players - 1),
        launcher="hazard",
        unit="hands",
        rotations=players,
    )
    won = 0
    for deal in range(deals):
        for rotation in range(players):
            game = config.new_game(deal)
            bots: list[Bot] = []
            searcher = -1
            for seat, name in enumerate(config.seat_bots(rotation)):
                rng = bot_rng(seed, deal, rotation, seat)
                if name != searcher_name:
                    bots.append(HeuristicBot(rng))
                    continue
                searcher = seat
                if know == "bot":
                    bots.append(make_bot(name, rng))
                else:
                    bots.append(PeekingBot(game, know, rng, iterations))  # type: ignore[arg-type]
            drive(game, bots, first_hand_only=True)  # as the tournament plays a hand
            assert game.last_hand is not None
            won += game.last_hand.winner == searcher
    return won


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--know", required=True, help="bot, nothing, share=F or colours")
    parser.add_argument("--edition", default="2003")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument("--iterations", type=int, default=1000)
    args = parser.parse_args()
    know = args.know
    share = know.removeprefix("share=")
    if know not in ("bot", "nothing", "colours") and not (
        know.startswith("share=") and share.replace(".", "", 1).isdigit() and float(share) <= 1
    ):
        parser.error("--know: bot, nothing, share=F (F from 0 to 1) or colours")
    won = searcher_wins(args.edition, args.players, args.deals, args.seed, args.iterations, know)
    print(
        f"{args.edition}, {args.players} seats, seed {args.seed}, {args.iterations} iterations,"
        f" --know {know}: the searcher won {won} of {args.deals * args.players} hands"
    )


if __name__ == "__main__":
    main()
