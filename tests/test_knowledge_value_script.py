"""scripts/knowledge_value.py: its samples deal each opponent what the mode says of its
real hand, and its harness plays the tournament's deals, seats and bot streams."""

from __future__ import annotations

import random
from collections import Counter

from repo_scripts import load_script
from unoattack.engine import Game
from unoattack.sim.tournament import TournamentConfig, tournament


def colours(game: Game, seat: int) -> Counter[object]:
    return Counter(card.colour for card in game.hand(seat))


def test_each_mode_deals_what_it_says_of_the_real_hands_and_no_card_twice() -> None:
    script = load_script("knowledge_value")
    game = Game.new("2003", 4, 8, "hazard", {}, events=True)
    hidden = Counter(card for s in (1, 2, 3) for card in game.hand(s))
    hidden += Counter(game.faces[i] for i in game.launcher.stock + game.aside)
    for know in ("nothing", "share=0.5", "share=1", "colours"):
        sample = script.Peeking(game, 0, know).sample(random.Random(4))
        assert sample.hand(0) == game.hand(0) and sample.pile == game.pile
        assert [len(sample.hand(s)) for s in range(4)] == [len(game.hand(s)) for s in range(4)]
        dealt = Counter(card for s in (1, 2, 3) for card in sample.hand(s))
        dealt += Counter(sample.faces[i] for i in sample.launcher.stock + sample.aside)
        assert dealt == hidden, know
        same = [Counter(sample.hand(s)) == Counter(game.hand(s)) for s in (1, 2, 3)]
        assert same == [know == "share=1"] * 3, know
        if know == "colours":
            assert [colours(sample, s) for s in (1, 2, 3)] == [colours(game, s) for s in (1, 2, 3)]
        if know == "share=0.5":
            for s in (1, 2, 3):
                kept = sum((Counter(sample.hand(s)) & Counter(game.hand(s))).values())
                assert kept >= round(len(game.hand(s)) / 2)


def test_the_bot_mode_wins_the_hands_the_tournament_counts() -> None:
    script = load_script("knowledge_value")
    bots = ("ismcts:iters=20", "heuristic", "heuristic", "heuristic")
    for seed, won in ((3, 1), (4, 1)):  # of 8 hands each
        result = tournament(TournamentConfig(bots, players=4, games=2, seed=seed, unit="hands"))
        assert next(entry.wins for entry in result.entries if entry.label == bots[0]) == won
        assert script.searcher_wins("2003", 4, 2, seed, 20, "bot") == won
