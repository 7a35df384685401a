"""scripts/oracle_gap.py: its oracle deals every hand as it really is (only the
launcher's order is chance), and it plays whole heads-up hands, the bot's own."""

from __future__ import annotations

import random
from collections import Counter

from repo_scripts import load_script
from unoattack.engine import Game
from unoattack.engine.actions import PRESS, Action
from unoattack.engine.determinize import Sampler


def test_the_oracle_deals_every_hand_as_it_is_and_shuffles_the_launcher() -> None:
    oracle_gap = load_script("oracle_gap")
    game = Game.new("2010", 2, 5, "hazard", {}, events=True)
    honest = Sampler(game, 0).sample(random.Random(1))
    oracle = oracle_gap.RealHands(game, 0)
    samples = [oracle.sample(random.Random(seed)) for seed in (1, 2)]
    for sample in samples:
        assert [Counter(sample.hand(s)) for s in (0, 1)] == [Counter(game.hand(s)) for s in (0, 1)]
        assert sorted(sample.launcher.stock) == sorted(game.launcher.stock)
        assert sample.pile == game.pile
    assert samples[0].launcher.stock != samples[1].launcher.stock
    assert oracle.sample_inferring(random.Random(1)).launcher.stock == samples[0].launcher.stock
    assert Counter(honest.hand(1)) != Counter(game.hand(1))  # the bot's own samples guess


def test_decisions_are_sorted_by_the_card_they_play() -> None:
    oracle_gap = load_script("oracle_gap")
    assert oracle_gap.kind_of(PRESS) == "press"
    assert oracle_gap.kind_of(Action.parse("play R7")) == "number"
    assert oracle_gap.kind_of(Action.parse("play B-Skip")) == "action skip"
    assert oracle_gap.kind_of(Action.parse("play W R")) == "wild wild"


def test_a_hand_is_played_to_its_end_with_a_gap_for_each_choice() -> None:
    oracle_gap = load_script("oracle_gap")
    gap = oracle_gap.Gap()
    game = Game.new("2010", 2, 3, "hazard", {}, events=True)
    bot = oracle_gap.ISMCTSBot(random.Random(3), iterations=30)
    recorder = oracle_gap.Recorder(bot, game, 30, gap, 7)
    choices = []
    decide = recorder.decide

    def counted(knowledge: Sampler) -> Action:
        if len(knowledge.legal_actions()) > 1:
            choices.append(knowledge.legal_actions())
        return decide(knowledge)

    recorder.decide = counted
    winner = oracle_gap.play_hand(game, {0: recorder, 1: oracle_gap.HeuristicBot(random.Random(4))})
    assert game.last_hand is not None and winner == game.last_hand.winner
    assert choices and sum(row[0] for row in gap.rows.values()) == len(choices)
    assert all(row[1] <= row[0] and row[2] <= row[0] for row in gap.rows.values())
