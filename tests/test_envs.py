"""The research environments: PettingZoo, Gymnasium and OpenSpiel, and their encoding.

Matches are kept short (``target_score`` 1: the first hand won ends the match) and turn
caps small, so that the whole file runs in seconds.
"""

from __future__ import annotations

import copy
import doctest
import itertools
import json
import math
import pickle
import random
import re
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.bots.uniform_random import UniformRandomBot
from pettingzoo.test import api_test, seed_test

import unoattack.envs
from unoattack.bots import RandomBot
from unoattack.bots.ismcts import HAND_SIZE_WEIGHT
from unoattack.engine import (
    NUM_ACTIONS,
    SPECTATOR,
    Action,
    ActionKind,
    Game,
    View,
    parse_position,
)
from unoattack.engine.actions import PRESS
from unoattack.engine.launcher import (
    Outcome,
    parse_launcher,
)
from unoattack.envs import pettingzoo as pz
from unoattack.envs.encoding import (
    MAX_SEATS,
    NUM_CODES,
    PASS,
    SEAT_FEATURES,
    ObservationEncoder,
    RewardMode,
    Table,
    action_mask,
    describe_action,
    rewards,
)
from unoattack.envs.gymnasium import UnoAttackEnv
from unoattack.envs.openspiel import (
    GAME_NAME,
    ROLLOUT_POLICIES,
    SEED_BYTES,
    HandRolloutEvaluator,
    parse_options,
)
from unoattack.rules.cards import Card

ENVS_DOC = Path(__file__).parent.parent / "docs" / "envs.md"

EDITIONS = ("2003", "2010", "mega-hit")
SHORT = {"target_score": 1}
FIRST_PLAY = min(
    a.code for a in map(Action.from_code, range(NUM_ACTIONS)) if a.kind is ActionKind.PLAY
)


def greedy(mask: np.ndarray) -> int:
    """Play a card when possible (matches end fast), else the first other legal option."""
    codes = [int(c) for c in np.flatnonzero(mask)]
    plays = [c for c in codes if FIRST_PLAY <= c < PASS]
    return plays[0] if plays else codes[0]


# ---------------------------------------------------------------------------- encoding


def test_action_space_is_the_engine_codes_plus_pass() -> None:
    assert NUM_ACTIONS == 747
    assert PASS == 747 and NUM_CODES == 748
    assert describe_action(PASS) == "pass"
    assert describe_action(Action.parse("play WAA R @2").code) == "play WAA R @2"
    mask = action_mask([0, 5, PASS])
    assert mask.dtype == np.int8 and mask.shape == (748,)
    assert [int(i) for i in np.flatnonzero(mask)] == [0, 5, 747]


def test_observation_layout_is_contiguous_and_documented() -> None:
    encoder = ObservationEncoder.for_game(Game.new("2003", players=2, seed=0))
    names = [s.name for s in encoder.segments]
    assert names == [
        "hand",
        "top",
        "colour",
        "phase",
        "decision",
        "direction",
        "since_fire",
        "since_reload",
        "stock",
        "pile",
        "mega_pile",
        "seats",
    ]
    start = 0
    for segment in encoder.segments:
        assert segment.start == start
        start = segment.stop
    assert encoder.size == start == 262
    assert encoder.segment("seats").shape == (MAX_SEATS, len(SEAT_FEATURES))
    assert encoder.high[encoder.segment("hand").start] == 4  # four copies of a face at most
    assert encoder.high[encoder.segment("stock").start] == 112
    docs = ENVS_DOC.read_text(encoding="utf-8")
    for segment in encoder.segments:
        assert f"| `{segment.name}` | {segment.start}" in docs
    for feature in SEAT_FEATURES:
        assert f"`{feature}`" in docs


@pytest.mark.parametrize(
    "block", re.findall(r"```python\n(.*?)```", ENVS_DOC.read_text(encoding="utf-8"), re.S)
)
def test_every_example_of_the_envs_doc_runs_on_its_own(block: str) -> None:
    # pytest's --doctest-glob runs a file's examples in one namespace, so an example that
    # leans on an earlier one's imports passes there and fails for a reader who pastes it
    # alone: each runs here with nothing imported.
    test = doctest.DocTestParser().get_doctest(block, {}, "docs/envs.md", str(ENVS_DOC), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    assert runner.run(test, out=lambda _text: None).failed == 0


POSITION = (
    "2003 hands=R7,R5,B-Skip/G3,G4,Y1/B3,B4 pile=R2 turn=0 dealer=2 scores=125,0,250 "
    "stock=... launcher=scripted:1 seed=0"
)


def test_observation_reads_the_view_relative_to_the_observer() -> None:
    game = parse_position(POSITION)
    encoder = ObservationEncoder.for_game(game)
    table = Table(game, 100)
    obs = encoder.encode(table, 1)

    def part(name: str) -> np.ndarray:
        segment = encoder.segment(name)
        return obs[segment.start : segment.stop].reshape(segment.shape)

    held = sorted(Card.parse(c).index for c in ("G3", "G4", "Y1"))
    assert [int(i) for i in np.flatnonzero(part("hand"))] == held
    assert [int(i) for i in np.flatnonzero(part("top"))] == [Card.parse("R2").index]
    assert part("colour").tolist() == [1.0, 0.0, 0.0, 0.0]
    assert part("phase").tolist() == [1.0, 0.0, 0.0, 0.0]
    assert part("decision").tolist() == [0.0, 0.0]
    seats = part("seats")
    # Slot 0 is seat 1 itself, slot 1 is seat 2, slot 2 is seat 0; slots 3.. are empty.
    assert seats[:3, SEAT_FEATURES.index("cards")].tolist() == [3.0, 2.0, 3.0]
    assert seats[:3, SEAT_FEATURES.index("to_act")].tolist() == [0.0, 0.0, 1.0]
    assert seats[:3, SEAT_FEATURES.index("dealer")].tolist() == [0.0, 1.0, 0.0]
    assert seats[:3, SEAT_FEATURES.index("score")].tolist() == [0.0, 0.5, 0.25]
    assert not seats[3:].any()
    mine = encoder.encode(table, 0, deciding=True)
    decision = encoder.segment("decision")
    assert mine[decision.start : decision.stop].tolist() == [1.0, 0.0]


def test_observation_never_depends_on_hidden_cards() -> None:
    # Seats 1 and 2 hold different cards, and the stock is in another order: seat 0's
    # observation is the same, because it is built from seat 0's view only.
    other = POSITION.replace("G3,G4,Y1/B3,B4", "B3,B4,Y1/G3,G4").replace(
        "stock=...", "stock=Y9,..."
    )
    first, second = parse_position(POSITION), parse_position(other)
    encoder = ObservationEncoder.for_game(first)
    a = encoder.encode(Table(first, 100), 0, deciding=True)
    b = encoder.encode(Table(second, 100), 0, deciding=True)
    assert first.hands != second.hands
    assert np.array_equal(a, b)
    assert not np.array_equal(
        encoder.encode(Table(first, 100), 1), encoder.encode(Table(second, 100), 1)
    )


def encode_view(
    encoder: ObservationEncoder,
    seen: View,
    *,
    deciding: bool = False,
    reacting: bool = False,
    perspective: int | None = None,
) -> np.ndarray:
    """The observation spelled out from a view, field by field: the oracle the engine's
    incremental numbers (engine/features.py) must equal."""
    vec = np.zeros(encoder.size, np.float32)

    def at(name: str) -> int:
        return encoder.segment(name).start

    for card in seen.hand or ():
        vec[at("hand") + card.index] += 1
    vec[at("top") + seen.top.index] = 1
    if seen.colour is not None:
        vec[at("colour") + int(seen.colour)] = 1
    vec[at("phase") + ["turn", "pressing", "choose_colour", "match_over"].index(seen.phase)] = 1
    if deciding:
        vec[at("decision") + (1 if reacting else 0)] = 1
    vec[at("direction")] = 1 if seen.direction > 0 else 0
    vec[at("since_fire") + min(seen.launcher.presses_since_fire, 4)] = 1
    vec[at("since_reload")] = seen.launcher.presses_since_reload % 96
    vec[at("stock")] = seen.launcher.stock_size
    vec[at("pile")] = seen.pile_size
    vec[at("mega_pile")] = min(seen.mega_pile, 100)
    me = seen.seat if perspective is None else perspective
    for slot in range(seen.players):
        seat = (me + slot) % seen.players
        duties = [d for d in seen.duties if d.seat == seat]
        row = at("seats") + slot * len(SEAT_FEATURES)
        vec[row : row + len(SEAT_FEATURES)] = (
            1,
            seen.active[seat],
            seen.hand_counts[seat],
            seen.said_uno[seat],
            seen.to_act == seat,
            seen.catchable == seat,
            seen.dealer == seat,
            min(seen.scores[seat] / encoder.target_score, 2),
            min(sum(d.presses for d in duties), 100),
            any(d.until_fire for d in duties),
            any(d.may_stack for d in duties),
        )
    return vec


@pytest.mark.parametrize("edition", ["2003", "2010", "mega-hit"])
def test_the_incremental_observation_equals_the_one_spelled_out_from_the_view(
    edition: str,
) -> None:
    # Every seat's vector is kept between observations and only what changed is
    # rewritten; here seats are observed at irregular intervals (some skip many steps)
    # across whole matches, and each vector must equal the view's, value for value.
    choose = random.Random(5)
    compared = 0
    for seed in range(12):
        game = Game.new(edition, players=2 + seed % 4, seed=seed, options={"target_score": 100})
        table = Table(game, 3000)
        encoder = ObservationEncoder.for_game(game)
        while table.seat is not None:
            for seat in range(game.n):
                if choose.random() < 0.4:
                    deciding = table.seat == seat
                    reacting = deciding and table.reacting
                    got = encoder.encode(table, seat, deciding=deciding, reacting=reacting)
                    expected = encode_view(
                        encoder, table.view(seat), deciding=deciding, reacting=reacting
                    )
                    assert np.array_equal(got, expected), (edition, seed, table.decisions, seat)
                    compared += 1
            table.apply(choose.choice(table.legal_codes()))
    assert compared > 5000


def test_a_pickled_table_keeps_its_observations_up_to_date() -> None:
    # OpenSpiel serializes states by pickling them, with the seats' kept vectors (their
    # views of the buffers are made again): the copy's vectors must follow its own game.
    game = Game.new("2010", players=3, seed=8, options={"target_score": 100})
    table = Table(game, 3000)
    encoder = ObservationEncoder.for_game(game)
    choose = random.Random(8)
    for _ in range(40):
        for seat in range(3):
            encoder.encode(table, seat)
        table.apply(choose.choice(table.legal_codes()))
    copy = pickle.loads(pickle.dumps(table))
    compared = 0
    while table.seat is not None and compared < 600:
        for seat in range(3):
            mine, theirs = encoder.encode(table, seat), encoder.encode(copy, seat)
            assert np.array_equal(mine, theirs), (table.decisions, seat)
            compared += 1
        code = choose.choice(table.legal_codes())
        table.apply(code)
        copy.apply(code)
    assert compared == 600
    # The copy's vectors are its own: stepping it alone leaves the original's as they are.
    before = [encoder.encode(table, seat) for seat in range(3)]
    copy.apply(choose.choice(copy.legal_codes()))
    assert all(np.array_equal(encoder.encode(table, s), before[s]) for s in range(3))
    assert not all(np.array_equal(encoder.encode(copy, s), before[s]) for s in range(3))


def test_a_catch_window_offers_each_seat_its_option_and_a_pass_in_turn() -> None:
    """P12: offers go in the reaction order: the liable seat, then the order of play."""
    game = parse_position(POSITION.replace("R7,R5,B-Skip", "R7,R5"))
    table = Table(game, 100)
    table.apply(Action.parse("play R7").code)  # leaves one card, no UNO: catchable
    assert (table.seat, table.reacting) == (0, True)
    assert [describe_action(c) for c in table.legal_codes()] == ["uno", "pass"]
    table.apply(PASS)
    # Seat 1 is to act; it is offered its catch in its place, then decides.
    assert (table.seat, table.reacting) == (1, True)
    assert [describe_action(c) for c in table.legal_codes()] == ["catch 0", "pass"]
    table.apply(PASS)
    assert (table.seat, table.reacting) == (2, True)
    assert [describe_action(c) for c in table.legal_codes()] == ["catch 0", "pass"]
    table.apply(PASS)
    assert (table.seat, table.reacting) == (1, False)
    assert "catch 0" in [describe_action(c) for c in table.legal_codes()]
    assert "pass" not in [describe_action(c) for c in table.legal_codes()]
    assert table.legal_codes(2) == []


def test_a_catch_closes_the_window_and_the_caught_seat_presses() -> None:
    game = parse_position(POSITION.replace("R7,R5,B-Skip", "R7,R5"))
    table = Table(game, 100)
    table.apply(Action.parse("play R7").code)
    table.apply(PASS)  # seat 0 does not say UNO
    step = table.apply(Action.parse("catch 0").code)
    assert step.seat == 1 and step.hand is None and step.result is None
    assert (table.seat, table.reacting) == (0, False)
    assert [describe_action(c) for c in table.legal_codes()] == ["press"]


def test_the_table_refuses_illegal_decisions_and_changes_nothing() -> None:
    game = parse_position(POSITION)
    table = Table(game, 100)
    for code in (PASS, Action.parse("penalize 1").code, Action.parse("play G3").code, 9999):
        with pytest.raises(ValueError):
            table.apply(code)
    assert table.decisions == 0 and table.seat == 0


def test_the_turn_cap_truncates() -> None:
    table = Table(Game.new("2003", players=2, seed=3, events=False), max_decisions=5)
    for _ in range(5):
        table.apply(table.legal_codes()[0])
    assert table.is_truncated and table.seat is None and table.legal_codes() == []


# ---------------------------------------------------------------------------- PettingZoo


@pytest.mark.parametrize("edition", EDITIONS)
def test_pettingzoo_api_test_passes(edition: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the api test's advice for dict observations
        api_test(pz.env(edition=edition, num_players=3, options=SHORT), num_cycles=300)
        # Long enough that random play ends the match (terminations, dead steps).
        api_test(pz.env(edition=edition, num_players=2, options=SHORT), num_cycles=4000)


@pytest.mark.parametrize("edition", EDITIONS)
def test_pettingzoo_seed_test_passes(edition: str) -> None:
    seed_test(lambda: pz.env(edition=edition, num_players=3, options=SHORT), num_cycles=200)


def play_pettingzoo(env: object, seed: int) -> list[tuple[str, int, float]]:
    """Play a match greedily; return (agent, action, reward) for every step."""
    trail: list[tuple[str, int, float]] = []
    env.reset(seed=seed)  # type: ignore[attr-defined]
    for agent in env.agent_iter():  # type: ignore[attr-defined]
        observation, reward, terminated, truncated, _ = env.last()  # type: ignore[attr-defined]
        action = None if terminated or truncated else greedy(observation["action_mask"])
        trail.append((agent, -1 if action is None else action, float(reward)))
        env.step(action)  # type: ignore[attr-defined]
    return trail


def test_pettingzoo_match_pays_the_winner_and_is_reproducible() -> None:
    env = pz.env(edition="mega-hit", num_players=3, options=SHORT)
    trail = play_pettingzoo(env, seed=11)
    final = {agent: reward for agent, action, reward in trail if action == -1}
    assert sorted(final.values()) == [-1.0, -1.0, 1.0]
    assert env.agents == []
    assert play_pettingzoo(pz.env(edition="mega-hit", num_players=3, options=SHORT), 11) == trail
    assert play_pettingzoo(env, seed=12) != trail


def test_pettingzoo_hand_rewards_and_observation_spaces() -> None:
    raw = pz.raw_env(num_players=2, reward="hand", options={"target_score": 10_000})
    assert raw.observation_space("player_0") is raw.observation_space("player_0")
    raw.reset(seed=5)
    paid: list[float] = []
    for agent in raw.agent_iter(3000):
        observation, reward, _, _, _ = raw.last()
        assert observation["action_mask"].dtype == np.int8
        assert raw.observation_space(agent).contains(observation)
        paid.append(reward)
        if "hand" in raw.infos[agent]:
            break
        raw.step(greedy(observation["action_mask"]))
    assert raw.table is not None and raw.table.game.hand_number == 2
    assert raw.rewards in ({"player_0": 1.0, "player_1": -1.0}, {"player_0": -1.0, "player_1": 1.0})


def test_pettingzoo_out_of_turn_offers_are_turns_with_a_pass() -> None:
    raw = pz.raw_env(edition="mega-hit", num_players=3, options=SHORT)
    rng = random.Random(0)
    offers = 0
    for seed in range(10):
        if offers >= 10:
            break
        raw.reset(seed=seed)
        for agent in raw.agent_iter(2000):
            observation, _, terminated, truncated, _ = raw.last()
            if terminated or truncated:
                raw.step(None)
                continue
            codes = [int(c) for c in np.flatnonzero(observation["action_mask"])]
            if PASS in codes:
                offers += 1
                kinds = {Action.from_code(c).kind for c in codes if c != PASS}
                assert kinds <= {ActionKind.SAY_UNO, ActionKind.CATCH} and len(codes) == 2
                assert observation["observation"][66 + 66 + 4 + 4 + 1] == 1.0  # reacting
                for other in raw.agents:
                    if other != agent:
                        assert not raw.observe(other)["action_mask"].any()
            raw.step(rng.choice(codes))
    assert offers > 0


def test_pettingzoo_the_deciding_agents_info_lists_the_masks_codes_and_no_other_does() -> None:
    raw = pz.raw_env(edition="mega-hit", num_players=3, options=SHORT)
    rng = random.Random(3)
    raw.reset(seed=3)
    decided = offers = 0
    for agent in raw.agent_iter(3000):
        observation, _, terminated, truncated, info = raw.last()
        if terminated or truncated:
            assert "legal_actions" not in info  # nobody decides once the match is over
            raw.step(None)
            continue
        codes = [int(c) for c in np.flatnonzero(observation["action_mask"])]
        assert info["legal_actions"] == codes  # the same codes, ascending
        assert [a for a in raw.agents if "legal_actions" in raw.infos[a]] == [agent]
        decided += 1
        offers += PASS in codes
        raw.step(rng.choice(info["legal_actions"]))
    assert raw.agents == []
    assert decided > 100 and offers > 0


def test_pettingzoo_truncates_at_the_turn_cap_and_refuses_illegal_actions() -> None:
    raw = pz.raw_env(num_players=2, max_steps=40, render_mode="ansi")
    raw.reset(seed=1)
    observation = raw.observe(raw.agent_selection)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="you have no presses to stop"):
        raw.step(illegal)
    steps = 0
    for _ in raw.agent_iter():
        observation, reward, _, truncated, _ = raw.last()
        if truncated:
            assert reward == 0.0
            raw.step(None)
            continue
        steps += 1
        raw.step(int(np.flatnonzero(observation["action_mask"])[0]))  # always press
    assert steps == 40
    text = raw.render()
    assert text is not None and "truncated after 40 decisions" in text


# ---------------------------------------------------------------------------- Gymnasium


@pytest.mark.filterwarnings("ignore:.*alternative render modes")
@pytest.mark.parametrize("edition", EDITIONS)
def test_gymnasium_check_env_passes(edition: str) -> None:
    check_env(UnoAttackEnv(edition=edition, num_players=3, options=SHORT))
    check_env(gymnasium.make(unoattack.envs.ENV_ID, edition=edition).unwrapped)


def play_gymnasium(env: gymnasium.Env, seed: int) -> list[tuple[int, float]]:  # type: ignore[type-arg]
    trail: list[tuple[int, float]] = []
    _, info = env.reset(seed=seed)
    done = False
    while not done:
        action = greedy(info["action_mask"])
        _, reward, terminated, truncated, info = env.step(action)
        trail.append((action, float(reward)))
        done = terminated or truncated
    return trail


def test_gymnasium_info_lists_the_learners_legal_codes_as_the_mask_has_them() -> None:
    env = gymnasium.make(unoattack.envs.ENV_ID, num_players=3, options=SHORT)
    rng = random.Random(8)
    _, info = env.reset(seed=8)
    steps, terminated, truncated = 0, False, False
    while not (terminated or truncated):
        assert info["legal_actions"] == [int(c) for c in np.flatnonzero(info["action_mask"])]
        assert info["legal_actions"]
        _, _, terminated, truncated, info = env.step(rng.choice(info["legal_actions"]))
        steps += 1
    assert terminated and steps > 50
    assert info["legal_actions"] == [] and not info["action_mask"].any()  # the match is over


@pytest.mark.parametrize("opponents", ["random", "heuristic"])
def test_gymnasium_episodes_end_with_the_match_and_are_reproducible(opponents: str) -> None:
    env = gymnasium.make(unoattack.envs.ENV_ID, num_players=3, opponents=opponents, options=SHORT)
    trail = play_gymnasium(env, seed=4)
    assert trail[-1][1] in (1.0, -1.0)
    assert all(reward == 0.0 for _, reward in trail[:-1])
    assert play_gymnasium(env, seed=4) == trail
    again = gymnasium.make(unoattack.envs.ENV_ID, num_players=3, opponents=opponents, options=SHORT)
    assert play_gymnasium(again, seed=4) == trail


def test_the_registered_environment_truncates_an_episode_at_its_step_cap() -> None:
    env = gymnasium.make(unoattack.envs.ENV_ID, num_players=2)
    assert env.spec is not None and env.spec.max_episode_steps == unoattack.envs.EPISODE_STEPS
    short = gymnasium.make(unoattack.envs.ENV_ID, num_players=2, max_episode_steps=25)
    _, info = short.reset(seed=3)
    rng = np.random.default_rng(3)
    ends = []
    for _ in range(25):
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, _, terminated, truncated, info = short.step(action)
        ends.append((terminated, truncated))
    assert ends[:-1] == [(False, False)] * 24 and ends[-1] == (False, True)


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_vector_environments_step_several_tables_with_stacked_masks(mode: str) -> None:
    envs = gymnasium.make_vec(
        unoattack.envs.ENV_ID, num_envs=3, vectorization_mode=mode, num_players=2, options=SHORT
    )
    observations, info = envs.reset(seed=5)
    assert observations.shape == (3, 262) and info["action_mask"].shape == (3, 748)
    rng = np.random.default_rng(5)
    finished = 0
    for _ in range(3000):
        # A table that just finished has an empty mask: its next action is ignored (it
        # deals its next match instead).
        actions = [
            int(rng.choice(np.flatnonzero(mask))) if mask.any() else 0
            for mask in info["action_mask"]
        ]
        observations, _rewards, terminated, _truncated, info = envs.step(np.array(actions))
        finished += int(terminated.sum())
        if finished >= 3:
            break
    assert finished >= 3  # matches to 1 point end, and their tables deal the next one
    envs.close()


@pytest.mark.parametrize(
    ("mode", "players", "options"),
    [
        ("match", 2, {"target_score": 1}),
        ("hand", 3, {"target_score": 500}),
        ("hand", 4, {"scoring_mode": "challenge", "target_score": 150}),
    ],
)
def test_a_learner_step_is_apply_then_run_bots(
    mode: RewardMode, players: int, options: dict[str, object]
) -> None:
    """Table.learner_step, a Gymnasium step's one call, does what the table's slower
    doors do one after the other: the same observation, reward, ends, mask, legal codes,
    count of decisions, recent decisions and seats still in (challenge eliminates some)."""

    def table(seed: int) -> Table:
        game = Game.new("2010", players, seed, options=options, events=False)
        bots = {s: RandomBot(random.Random(seed * 10 + s)) for s in range(1, players)}
        built = Table(game, 8000, bots=bots)
        built.run_bots()
        return built

    # What the seeds cover: steps that pay the learner, eliminations that leave the
    # match going (challenge), and episodes cut short by the cap.
    paid = eliminated = cut = 0
    for seed in range(6):
        quick, slow = table(seed), table(seed)
        layout = ObservationEncoder.for_game(quick.game).layout
        rng = random.Random(seed)
        legal = quick.legal_codes(0)
        active = tuple(quick.game.active)
        while True:
            # Now and then a code that is not legal now: refused, but counted.
            code = rng.choice(legal) if rng.random() > 0.05 else NUM_CODES - 1
            got = quick.learner_step(0, code, mode, layout)
            reward, refused = 0.0, code not in slow.codes()
            if refused:
                slow.count_idle()
            else:
                own = slow.apply(code)
                reward = rewards(mode, own, players)[0]
                for moved in slow.run_bots():
                    reward += rewards(mode, moved, players)[0]
            observation, mask, legal_after, reacting = slow.decision_observation(0, layout)
            over, truncated = slow.is_over, slow.is_truncated
            want = (observation, reward, over, truncated, mask, legal_after, reacting, refused)
            assert np.array_equal(got[0], want[0]) and np.array_equal(got[4], want[4])
            assert got[1:4] + got[5:] == want[1:4] + want[5:]
            assert (quick.decisions, list(quick.recent)) == (slow.decisions, list(slow.recent))
            assert quick.game.active == slow.game.active
            paid += reward != 0.0
            eliminated += not over and tuple(quick.game.active) != active
            active = tuple(quick.game.active)
            legal = got[5]
            if over or truncated:
                cut += truncated
                break
    assert paid >= 6 and cut >= (0 if mode == "match" else 2)


def test_recent_keeps_the_last_eight_decisions_passes_included() -> None:
    # Every seat from outside: each decision is one of ours, passes and all (seed 4 is
    # a match in which a seat passes on an offer).
    game = Game.new("2003", 3, 4, options={"target_score": 1}, events=False)
    table = Table(game, 3000)
    rng = random.Random(4)
    made: list[tuple[int, int]] = []
    while table.seat is not None:
        seat, code = table.seat, rng.choice(table.codes())
        table.apply(code)
        made.append((seat, code))
        assert table.recent == made[-8:]
    assert table.is_over and len(made) == 681 and (2, PASS) in made
    assert table.clone().recent == made[-8:]


def test_gymnasium_refuses_an_illegal_action_without_raising() -> None:
    env = UnoAttackEnv(num_players=2, illegal_reward=-0.25, max_steps=30)
    observation, info = env.reset(seed=2)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    again, reward, terminated, truncated, info2 = env.step(illegal)
    assert (reward, terminated, truncated, info2["illegal_action"]) == (-0.25, False, False, True)
    assert np.array_equal(again, observation)
    assert np.array_equal(info2["action_mask"], info["action_mask"])
    assert env.action_masks().tolist() == info["action_mask"].astype(bool).tolist()
    truncated = False
    steps = 1
    while not truncated:
        _, reward, terminated, truncated, _ = env.step(illegal)
        steps += 1
    assert not terminated and env.table is not None and env.table.decisions == 30
    with pytest.raises(RuntimeError, match="the episode is over: call reset"):
        env.step(illegal)
    assert env.table.decisions == 30


def test_the_registered_environment_is_the_env_in_its_step_cap_alone() -> None:
    env = gymnasium.make(unoattack.envs.ENV_ID, num_players=2)
    assert isinstance(env, gymnasium.wrappers.TimeLimit) and type(env.env) is UnoAttackEnv
    with pytest.raises(RuntimeError, match=r"call reset\(\) before using the environment"):
        env.step(0)
    checked = gymnasium.make(unoattack.envs.ENV_ID, num_players=2, disable_env_checker=False)
    assert isinstance(checked.env, gymnasium.wrappers.PassiveEnvChecker)
    _, info = checked.reset(seed=1)
    checked.step(info["legal_actions"][0])


def test_a_subclass_step_and_the_human_render_mode_are_called_at_every_step(
    capsys: pytest.CaptureFixture[str],
) -> None:
    class Counting(UnoAttackEnv):
        calls = 0

        def step(self, action: np.int64 | int) -> Any:
            Counting.calls += 1
            return super().step(action)

    for env in (Counting(num_players=2), UnoAttackEnv(num_players=2, render_mode="human")):
        _, info = env.reset(seed=5)
        capsys.readouterr()
        for _ in range(3):
            _, _, _, _, info = env.step(info["legal_actions"][0])
        assert env.table is not None
    assert Counting.calls == 3
    assert capsys.readouterr().out.count("'s hand") == 3  # rendered after each step


def test_a_copied_or_unpickled_environment_steps_its_own_table() -> None:
    env = gymnasium.make(unoattack.envs.ENV_ID, num_players=3, options=SHORT)
    _, info = env.reset(seed=6)
    for _ in range(4):
        _, _, _, _, info = env.step(info["legal_actions"][0])
    raw = env.unwrapped
    assert isinstance(raw, UnoAttackEnv) and raw.table is not None
    decisions = raw.table.decisions
    for twin in (copy.deepcopy(env), pickle.loads(pickle.dumps(env))):
        twin_raw = twin.unwrapped
        assert isinstance(twin_raw, UnoAttackEnv) and twin_raw.table is not None
        before = twin_raw.table.decisions
        twin.step(info["legal_actions"][0])
        assert twin_raw.table.decisions > before
        assert raw.table.decisions == decisions  # the original did not move


@pytest.mark.parametrize("opponents", ["random", "heuristic"])
def test_a_deep_copy_of_an_environment_plays_on_as_the_original_would(opponents: str) -> None:
    env = gymnasium.make(unoattack.envs.ENV_ID, num_players=4, opponents=opponents)
    _, info = env.reset(seed=9)
    rng = random.Random(9)
    for _ in range(10):
        _, _, _, _, info = env.step(rng.choice(info["legal_actions"]))
    twin = copy.deepcopy(env)
    trails = []
    for played in (env, twin):  # the original first: the copy's bots must not be its bots
        rng, seen, trail = random.Random(10), info, []
        for _ in range(60):
            observation, reward, terminated, truncated, seen = played.step(
                rng.choice(seen["legal_actions"])
            )
            trail.append((observation.tolist(), reward, terminated, seen["legal_actions"]))
            if terminated or truncated:
                break
        trails.append(trail)
    assert len(trails[0]) == 60 and trails[0] == trails[1]


def test_gymnasium_takes_bot_objects_and_draws_the_learner_seat() -> None:
    bots = [RandomBot(random.Random(1)), RandomBot(random.Random(2))]
    env = UnoAttackEnv(num_players=3, seat=None, opponents=bots, options=SHORT, render_mode="ansi")
    seats = set()
    for seed in range(8):
        _, info = env.reset(seed=seed)
        seats.add(info["seat"])
        assert set(env.bots.values()) <= set(bots)
    assert len(seats) > 1
    text = env.render()
    assert text is not None and f"P{env.learner}'s hand" in text
    with pytest.raises(ValueError, match="unknown bot"):
        UnoAttackEnv(opponents="clever")
    with pytest.raises(ValueError, match="one bot per other seat"):
        UnoAttackEnv(num_players=3, opponents=["random"])


# ---------------------------------------------------------------------------- OpenSpiel


def deal(state: pyspiel.State, seed: int) -> None:
    """Draw the deal of ``seed`` (with the default ``deals=0``: eight seed bytes)."""
    for byte in seed.to_bytes(SEED_BYTES, "big"):
        assert state.is_chance_node()
        state.apply_action(byte)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("edition", EDITIONS)
def test_openspiel_random_sim_test_serializes_every_edition(edition: str, players: int) -> None:
    game = pyspiel.load_game(GAME_NAME, {"edition": edition, "players": players, "max_turns": 150})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    faulty = pyspiel.load_game(
        GAME_NAME,
        {
            "edition": edition,
            "players": players,
            "max_turns": 150,
            "launcher": "memoryless:p=0.3,misfire=0.2,stuck=0.1",
            "options": "stacking=on;target_score=100",
        },
    )
    pyspiel.random_sim_test(faulty, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("edition", EDITIONS)
def test_openspiel_game_and_state_round_trip_through_their_strings(
    edition: str, players: int
) -> None:
    game = pyspiel.load_game(GAME_NAME, {"edition": edition, "players": players})
    spelled = {"2003": "attack-2003", "2010": "attack-2010"}.get(edition, edition)
    assert f"edition={spelled}," in str(game)
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game) and again.get_parameters() == game.get_parameters()
    state = game.new_initial_state()
    deal(state, 2026)
    choose = random.Random(players)
    for _ in range(60):
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(choose.choices(outcomes, probs)[0])
        else:
            state.apply_action(choose.choice(state.legal_actions()))
    text = pyspiel.serialize_game_and_state(game, state)
    loaded_game, loaded = pyspiel.deserialize_game_and_state(text)
    assert str(loaded_game) == str(game)
    assert loaded.history() == state.history() and str(loaded) == str(state)
    assert loaded.legal_actions() == state.legal_actions()


def test_openspiel_year_editions_cannot_be_bare_numbers_in_a_game_string() -> None:
    # OpenSpiel reads a bare number as an integer: the game string spells the years out.
    with pytest.raises(pyspiel.SpielError, match="Expected type: kString"):
        pyspiel.load_game("python_uno_attack(edition=2003)")
    assert pyspiel.load_game("python_uno_attack(edition=attack-2010)").setup.edition == "2010"


def test_openspiel_two_players_are_zero_sum_and_more_are_general_sum() -> None:
    two = pyspiel.load_game(GAME_NAME, {"players": 2, "options": "target_score=1"})
    assert two.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert two.utility_sum() == 0.0
    for seed in range(5):
        state = play_openspiel(two, random.Random(seed))
        assert sorted(state.returns()) == [-1.0, 1.0]
    four = pyspiel.load_game(GAME_NAME, {"players": 4})
    assert four.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    # Lowest running totals can tie (A33): both co-winners get +1.
    lowest = pyspiel.load_game(
        GAME_NAME, {"players": 2, "options": "scoring_mode=running_total_lowest_wins"}
    )
    assert lowest.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


def test_openspiel_deals_come_from_every_64_bit_seed() -> None:
    game = pyspiel.load_game(GAME_NAME, {"players": 3, "seed": 5})
    state = game.new_initial_state()
    for drawn in range(SEED_BYTES):
        assert state.chance_outcomes() == [(byte, 1 / 256) for byte in range(256)]
        assert state.action_to_string(pyspiel.PlayerId.CHANCE, 9) == "seed byte 9"
        state.apply_action(0xAB if drawn == 0 else 0)
    assert not state.is_chance_node()
    seed = 5 + (0xAB << 56)
    expected = Game.new("2003", 3, seed, "hazard", events=False)
    assert [list(h) for h in state.table.game.hands] == [list(h) for h in expected.hands]
    # deals=N: one chance node of N deals, deal i from seed + i.
    fixed = pyspiel.load_game(GAME_NAME, {"players": 3, "deals": 10}).new_initial_state()
    assert len(fixed.chance_outcomes()) == 10
    fixed.apply_action(7)
    assert fixed.table.game.seed == 7


def test_openspiel_random_sim_test_passes_with_a_fixed_set_of_deals() -> None:
    game = pyspiel.load_game(GAME_NAME, {"players": 3, "max_turns": 150, "deals": 20})
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_openspiel_declares_its_shape() -> None:
    game = pyspiel.load_game("python_uno_attack(players=4,max_turns=500,deals=10)")
    assert game.num_players() == 4
    assert game.num_distinct_actions() == 748
    assert game.max_game_length() == 500
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    assert game.max_chance_outcomes() == 10 + 2 * 113 * 113
    assert game.observation_tensor_size() == 262
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert parse_options("target_score:50;wild_custom_effect=hit:4") == {
        "target_score": "50",
        "wild_custom_effect": "hit:4",
    }


def play_openspiel(game: pyspiel.Game, choose: random.Random) -> pyspiel.State:
    """Sample chance from its probabilities and play greedily until the end."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(choose.choices(outcomes, probs)[0])
        else:
            state.apply_action(greedy(np.array(state.legal_actions_mask())))
    return state


def test_openspiel_match_returns_and_reproducibility() -> None:
    game = pyspiel.load_game(
        GAME_NAME, {"edition": "mega-hit", "players": 3, "options": "target_score=1"}
    )
    state = play_openspiel(game, random.Random(3))
    assert sorted(state.returns()) == [-1.0, -1.0, 1.0]
    again = play_openspiel(game, random.Random(3))
    assert again.history() == state.history()
    assert str(again) == str(state)
    replay = game.new_initial_state()
    for action in state.history():
        replay.apply_action(action)
    assert str(replay) == str(state) and replay.returns() == state.returns()


def test_openspiel_press_outcomes_are_chance_nodes_from_the_front_of_the_stock() -> None:
    game = pyspiel.load_game(GAME_NAME, {"players": 2, "launcher": "hazard"})
    state = game.new_initial_state()
    deal(state, 0)
    while state.current_player() >= 0 and 0 not in state.legal_actions():
        state.apply_action(state.legal_actions()[0])
    seat = state.current_player()
    table = state.table
    front = list(table.game.launcher.stock[:3])
    state.apply_action(0)  # press
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
    named = {state.action_to_string(pyspiel.PlayerId.CHANCE, a): a for a, _ in outcomes}
    assert "launcher: ding" in named and "launcher fires 13" in named
    state.apply_action(named["launcher fires 3"])
    assert list(state.table.game.hands[seat])[-3:] == front


def test_openspiel_observer_uses_only_the_players_view() -> None:
    game = pyspiel.load_game(GAME_NAME, {"players": 3})
    state = game.new_initial_state()
    assert state.observation_string(0) == "P0: before the deal"
    deal(state, 5)
    encoder = ObservationEncoder.for_game(state.table.game)
    seat = state.current_player()
    expected = encode_view(encoder, state.table.view(seat), deciding=True)
    assert np.array_equal(np.array(state.observation_tensor(seat), np.float32), expected)
    text = state.observation_string(seat)
    mine = " ".join(str(c) for c in state.table.view(seat).hand)
    assert f"hand {mine}" in text and text.count("hand ") == 1
    public = pyspiel.IIGObservationType(
        perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
    )
    observer = game.make_py_observer(public)
    observer.set_from(state, seat)
    assert not observer.dict["hand"].any()
    spectator = encode_view(encoder, state.table.view(SPECTATOR), deciding=True, perspective=seat)
    assert np.array_equal(observer.tensor, spectator)


def play_to_a_decision_of(state: pyspiel.State, player: int, choose: random.Random) -> None:
    """Play on (chance by its probabilities, decisions at random) until ``player`` decides."""
    while True:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(choose.choices(outcomes, probs)[0])
        elif state.current_player() == player and choose.random() < 0.3:
            return
        else:
            state.apply_action(choose.choice(state.legal_actions()))


def test_openspiel_information_states_have_perfect_recall_and_hide_other_hands() -> None:
    game = pyspiel.load_game(GAME_NAME, {"players": 3, "options": "target_score=1"})
    assert game.get_type().provides_information_state_string
    state = game.new_initial_state()
    assert state.information_state_string(0) == "P0"  # before the deal: the seed is hidden
    deal(state, 77)
    choose = random.Random(1)
    seen: list[str] = []
    for _ in range(6):
        play_to_a_decision_of(state, 0, choose)
        text = state.information_state_string(0)
        assert not seen or text.startswith(seen[-1])  # it only ever grows: perfect recall
        seen.append(text)
        state.apply_action(choose.choice(state.legal_actions()))
    lines = [json.loads(line) for line in seen[-1].splitlines()[1:] if line != "pass"]
    dealt = [event for event in lines if event["type"] == "dealt"]
    assert dealt and all((event["cards"] is None) == (event["seat"] != 0) for event in dealt)


def test_openspiel_a_pass_on_an_offer_is_part_of_the_passers_information_state() -> None:
    game = pyspiel.load_game(GAME_NAME, {"players": 3})
    state = game.new_initial_state()
    deal(state, 3)
    choose = random.Random(4)
    for _ in range(5000):
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(choose.choices(outcomes, probs)[0])
            continue
        if PASS in state.legal_actions():
            break
        state.apply_action(choose.choice(state.legal_actions()))
    passer = state.current_player()
    others = [p for p in range(3) if p != passer]
    before = [state.information_state_string(p) for p in range(3)]
    state.apply_action(PASS)
    assert state.information_state_string(passer) == before[passer] + "\npass"
    assert [state.information_state_string(p) for p in others] == [before[p] for p in others]


def test_openspiel_information_states_built_step_by_step_match_those_built_at_once() -> None:
    # The state adds to each information state only what happened since it was last
    # asked for; a replay of the same history builds them in one go at the end.
    game = pyspiel.load_game(GAME_NAME, {"players": 3})
    state = game.new_initial_state()
    deal(state, 3)
    choose = random.Random(4)
    passes = 0
    while passes < 3:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(choose.choices(outcomes, probs)[0])
        else:
            legal = state.legal_actions()
            action = PASS if PASS in legal else choose.choice(legal)
            passes += action == PASS
            state.apply_action(action)
        for player in range(3):
            state.information_state_string(player)
    replay = game.new_initial_state()
    for action in state.history():
        replay.apply_action(action)
    assert [replay.information_state_string(p) for p in range(3)] == [
        state.information_state_string(p) for p in range(3)
    ]
    assert sum(state.information_state_string(p).count("\npass") for p in range(3)) == 3


@pytest.mark.parametrize("edition", EDITIONS)
def test_openspiel_information_state_tensors_written_step_by_step_match_those_written_whole(
    edition: str,
) -> None:
    # A player's tensor rewrites only the slots of the steps it does not hold yet, from
    # one call to the next; the same numbers as written whole, whatever the state asked
    # for: the next one, a copy that went another way, the state before the deal, or the
    # first state again.
    from unoattack.envs.infostate import InfoStateLayout

    game = pyspiel.load_game(GAME_NAME, {"edition": edition, "players": 3, "max_turns": 60})
    observer = game.make_py_observer(
        pyspiel.IIGObservationType(
            perfect_recall=True, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER
        )
    )
    layout = InfoStateLayout(observer.encoder.size, 60)

    def whole(state: pyspiel.State, player: int) -> np.ndarray:
        observer.set_from(state, player)  # the observation part, and the slots as kept
        expected = observer.tensor.copy()
        layout.fill(expected, state.trail, player, 3)  # every slot written anew
        return expected

    choose = random.Random(edition)
    state = game.new_initial_state()
    deal(state, 7)
    kept = state.clone()
    checked = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(choose.choices(outcomes, probs)[0])
        else:
            state.apply_action(choose.choice(state.legal_actions()))
        branch = state.clone()
        if not branch.is_terminal():
            branch.apply_action(
                choose.choice(branch.legal_actions())
                if not branch.is_chance_node()
                else branch.chance_outcomes()[0][0]
            )
        for asked in (state, branch, game.new_initial_state(), kept, state):
            for player in range(3):
                if asked.table is None:
                    observer.set_from(asked, player)
                    assert not observer.tensor.any()
                    continue
                expected = whole(asked, player)
                observer.set_from(asked, player)
                assert np.array_equal(observer.tensor, expected)
                checked += 1
    assert checked > 300
    assert np.array_equal(info_tensor(kept, 0), whole(kept, 0))


def test_openspiel_resampling_keeps_what_the_player_knows() -> None:
    game = pyspiel.load_game(GAME_NAME, {"edition": "2003", "players": 4})
    state = game.new_initial_state()
    deal(state, 12)
    choose = random.Random(12)
    for _ in range(20):
        play_to_a_decision_of(state, 2, choose)
        sampler = pyspiel.UniformProbabilitySampler(choose.randrange(1 << 30), 0.0, 1.0)
        sample = state.resample_from_infostate(2, sampler)
        assert sample.information_state_string(2) == state.information_state_string(2)
        assert sample.legal_actions() == state.legal_actions()
        real, dealt = state.table.game, sample.table.game
        assert list(dealt.hand(2)) == list(real.hand(2)) and dealt.pile == real.pile
        assert [len(dealt.hand(p)) for p in range(4)] == [len(real.hand(p)) for p in range(4)]
        assert len(dealt.launcher.stock) == len(real.launcher.stock)
        cards = sorted(c for p in range(4) for c in dealt.hands[p]) + sorted(dealt.launcher.stock)
        assert sorted(cards + dealt.pile + dealt.aside) == sorted(
            [c for p in range(4) for c in real.hands[p]]
            + real.launcher.stock
            + real.pile
            + real.aside
        )
        # The sample plays on: every seat's information state grows from its start.
        start = [sample.information_state_string(p) for p in range(4)]
        sample.apply_action(sample.legal_actions()[0])
        assert all(sample.information_state_string(p).startswith(start[p]) for p in range(4))
        state.apply_action(choose.choice(state.legal_actions()))


def info_tensor(state: pyspiel.State, player: int) -> np.ndarray:
    return np.array(state.information_state_tensor(player), np.float32)


def test_openspiel_information_state_tensors_have_a_slot_per_step() -> None:
    from unoattack.envs.infostate import SLOT_FIELDS, SLOT_SIZE, STEP_KINDS

    game = pyspiel.load_game(GAME_NAME, {"players": 3, "max_turns": 40})
    assert game.get_type().provides_information_state_tensor
    assert game.information_state_tensor_shape() == [262 + 81 * SLOT_SIZE]
    at = {}
    offset = 0
    for name, size, _meaning in SLOT_FIELDS:
        at[name] = (offset, size)
        offset += size

    def slot(tensor: np.ndarray, index: int, name: str) -> list[float]:
        start, size = at[name]
        base = 262 + index * SLOT_SIZE + start
        return tensor[base : base + size].tolist()

    state = game.new_initial_state()
    assert not info_tensor(state, 0).any()  # before the deal nothing is known
    deal(state, 0)
    mine = info_tensor(state, 0)
    # Slot 0 is the deal: my own 7 cards, and nobody else's.
    assert slot(mine, 0, "kind")[STEP_KINDS.index("deal")] == 1.0
    dealt = sorted(c.index for c in state.table.view(0).hand)
    changed = slot(mine, 0, "hand_change")
    assert (
        sum(changed) == 7
        and sorted(i for i, n in enumerate(changed) for _ in range(int(n))) == dealt
    )
    assert not mine[262 + SLOT_SIZE :].any()
    assert np.array_equal(mine[:262], np.array(state.observation_tensor(0), np.float32))
    seat = state.current_player()
    state.apply_action(PRESS.code)
    outcomes, probs = zip(*state.chance_outcomes(), strict=True)
    state.apply_action(outcomes[int(np.argmax(probs))])
    presser = info_tensor(state, seat)
    watcher = info_tensor(state, (seat + 1) % 3)
    # Slot 1: the press, by that seat (slot 0 of its own relative seats); slot 2: the outcome.
    assert slot(presser, 1, "actor")[0] == 1.0 and slot(watcher, 1, "actor")[2] == 1.0
    assert slot(presser, 1, "kind")[STEP_KINDS.index("press")] == 1.0
    assert slot(watcher, 2, "kind")[STEP_KINDS.index("outcome")] == 1.0
    got = sum(slot(presser, 2, "hand_change"))
    assert got == slot(presser, 2, "cards")[0] + slot(presser, 2, "stuck")[0]
    assert not any(slot(watcher, 2, "hand_change"))  # the presser's cards stay its own


def test_openspiel_a_resampled_state_has_the_players_information_state_tensor() -> None:
    # ISMCTS searches samples the player cannot tell from the real state: its tensor
    # (perfect recall, no hidden card) is the same in every sample.
    game = pyspiel.load_game(GAME_NAME, {"players": 3, "max_turns": 300})
    state = game.new_initial_state()
    deal(state, 9)
    choose = random.Random(9)
    hidden_differed = 0
    for _ in range(8):
        play_to_a_decision_of(state, 1, choose)
        sampler = pyspiel.UniformProbabilitySampler(choose.randrange(1 << 30), 0.0, 1.0)
        sample = state.resample_from_infostate(1, sampler)
        hidden_differed += sample.table.game.hands != state.table.game.hands
        assert np.array_equal(info_tensor(sample, 1), info_tensor(state, 1))
        state.apply_action(choose.choice(state.legal_actions()))
    assert hidden_differed == 8  # the other hands were dealt anew each time


def test_openspiel_samples_of_one_state_play_on_independently() -> None:
    # A state keeps what resampling for a player needs (its sampler, the steps as the
    # player carries them) until it changes: samples drawn one after the other from it
    # must not share anything that grows, and a changed state must be sampled afresh.
    game = pyspiel.load_game(GAME_NAME, {"players": 3, "max_turns": 300})
    state = game.new_initial_state()
    deal(state, 9)
    choose = random.Random(9)
    play_to_a_decision_of(state, 1, choose)
    sampler = pyspiel.UniformProbabilitySampler(3, 0.0, 1.0)
    first = state.resample_from_infostate(1, sampler)
    for _ in range(6):
        if first.is_chance_node():
            outcomes, probs = zip(*first.chance_outcomes(), strict=True)
            first.apply_action(choose.choices(outcomes, probs)[0])
        else:
            first.apply_action(choose.choice(first.legal_actions()))
    second = state.resample_from_infostate(1, sampler)
    assert np.array_equal(info_tensor(second, 1), info_tensor(state, 1))
    assert second.information_state_string(1) == state.information_state_string(1)
    state.apply_action(choose.choice(state.legal_actions()))
    play_to_a_decision_of(state, 1, choose)
    third = state.resample_from_infostate(1, sampler)
    assert np.array_equal(info_tensor(third, 1), info_tensor(state, 1))
    assert list(third.table.game.hands[1]) == list(state.table.game.hands[1])


def test_openspiels_own_ismcts_bot_plays_full_games_against_random() -> None:
    # Random play makes long hands (a press is always legal), and OpenSpiel's random
    # rollouts play each to its end: short hands and a small turn cap keep this quick.
    game = pyspiel.load_game(
        GAME_NAME, {"players": 2, "options": "target_score=1;hand_size=3", "max_turns": 100}
    )
    for index in range(2):
        rs = np.random.RandomState(index)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
        searcher = ismcts.ISMCTSBot(game, evaluator, 2.0, max_simulations=4, random_state=rs)
        bots = (
            [searcher, UniformRandomBot(1, rs)]
            if index == 0
            else [UniformRandomBot(0, rs), searcher]
        )
        returns, state = play_spiel_bots(game, bots, rs)
        assert state.is_terminal() and sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


def test_openspiels_mcts_bot_plays_a_full_game() -> None:
    # MCTSBot searches the true state (it sees every hand): a tool check, not a fair bot.
    game = pyspiel.load_game(
        GAME_NAME, {"players": 2, "options": "target_score=1;hand_size=3", "max_turns": 100}
    )
    rs = np.random.RandomState(2)
    searcher = mcts.MCTSBot(game, 2.0, 4, mcts.RandomRolloutEvaluator(1, rs), random_state=rs)
    returns, state = play_spiel_bots(game, [searcher, UniformRandomBot(1, rs)], rs)
    assert state.is_terminal() and sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


def test_openspiels_mcts_bot_with_the_rollout_evaluator_plays_a_full_game() -> None:
    # The engine's rollouts (docs/envs.md, "ISMCTS on the real hand") serve MCTSBot too;
    # a seed whose 3-card hand the searcher wins before the cap.
    game = pyspiel.load_game(
        GAME_NAME, {"players": 2, "options": "target_score=1;hand_size=3", "max_turns": 100}
    )
    rs = np.random.RandomState(5)
    searcher = mcts.MCTSBot(game, 2.0, 8, HandRolloutEvaluator(rs), random_state=rs)
    returns, state = play_spiel_bots(game, [searcher, UniformRandomBot(1, rs)], rs)
    assert state.is_terminal() and returns == [1.0, -1.0]
    assert state.table.decisions == 9


def play_spiel_bots(
    game: pyspiel.Game, bots: list[pyspiel.Bot], rs: np.random.RandomState
) -> tuple[list[float], pyspiel.State]:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rs.choice(outcomes, p=probs)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return state.returns(), state


# ---------------------------------------------------------------------------- the evaluator

ONE_HAND = {"players": 2, "options": "target_score=1"}  # the real hand: 7 cards, 2003


def test_hand_rollout_evaluator_gives_the_returns_at_a_terminal_state() -> None:
    game = pyspiel.load_game(GAME_NAME, ONE_HAND)
    state = play_openspiel(game, random.Random(3))
    assert state.returns() == [1.0, -1.0]
    for policy in ROLLOUT_POLICIES:
        values = HandRolloutEvaluator(random.Random(0), policy=policy).evaluate(state)
        assert values.shape == (2,) and values.tolist() == [1.0, -1.0]
    assert HandRolloutEvaluator(random.Random(0)).prior(state) == []


def test_hand_rollout_evaluator_is_deterministic_for_a_seed_and_leaves_the_state_alone() -> None:
    game = pyspiel.load_game(GAME_NAME, ONE_HAND)
    state = game.new_initial_state()
    deal(state, 7)
    before = (str(state), state.information_state_string(0), state.history())
    found = {}
    for policy, depth in itertools.product(ROLLOUT_POLICIES, (None, 6)):
        values = [
            HandRolloutEvaluator(random.Random(5), policy, n_rollouts=8, depth=depth).evaluate(
                state
            )
            for _ in range(2)
        ]
        assert values[0].tolist() == values[1].tolist()
        assert values[0].sum() == pytest.approx(0.0)
        found[policy, depth] = values[0].round(4).tolist()
    assert found == {
        ("random", None): [-0.25, 0.25],
        ("random", 6): [0.042, -0.042],
        ("playout", None): [0.0, 0.0],
        ("playout", 6): [0.0, 0.0],
        ("heuristic", None): [-1.0, 1.0],
        ("heuristic", 6): [0.0, 0.0],
    }
    # A numpy RandomState (an OpenSpiel bot's) seeds the evaluator's generator once.
    seeded = [HandRolloutEvaluator(np.random.RandomState(2), n_rollouts=4) for _ in range(2)]
    assert seeded[0].evaluate(state).tolist() == seeded[1].evaluate(state).tolist()
    assert (str(state), state.information_state_string(0), state.history()) == before


def test_hand_rollout_evaluator_cut_at_a_depth_reads_the_hand_sizes() -> None:
    game = pyspiel.load_game(GAME_NAME, ONE_HAND)
    state = game.new_initial_state()
    deal(state, 7)
    at_once = HandRolloutEvaluator(random.Random(0), depth=0)
    assert at_once.evaluate(state).tolist() == [0.0, 0.0]  # 7 cards each: even
    state.apply_action(state.legal_actions()[1])  # P1 plays B3: 7 cards against 6
    assert [len(state.table.game.hands[seat]) for seat in (0, 1)] == [7, 6]
    # Each seat's chance of winning the hand is weighed exp(-weight * cards).
    lead = 1 / (1 + math.exp(-HAND_SIZE_WEIGHT))  # P1's chance
    assert at_once.evaluate(state).tolist() == pytest.approx([1 - 2 * lead, 2 * lead - 1])


def test_hand_rollout_evaluator_handles_chance_nodes_and_the_deal() -> None:
    game = pyspiel.load_game(GAME_NAME, ONE_HAND)
    evaluator = HandRolloutEvaluator(random.Random(1), policy="playout")
    state = game.new_initial_state()
    assert evaluator.prior(state) == state.chance_outcomes()  # the seed's bytes
    assert sorted(evaluator.evaluate(state).tolist()) == [-1.0, 1.0]  # dealt at random
    assert state.table is None
    deal(state, 7)
    while 0 not in state.legal_actions():
        state.apply_action(state.legal_actions()[0])
    state.apply_action(0)  # press: its outcome is pending
    assert state.is_chance_node()
    assert evaluator.prior(state) == state.chance_outcomes()
    assert sorted(evaluator.evaluate(state).tolist()) == [-1.0, 1.0]
    assert state.is_chance_node()


def test_hand_rollout_evaluator_stops_at_the_end_of_the_hand_or_the_turn_cap() -> None:
    match = pyspiel.load_game(GAME_NAME, {"players": 2})  # to 500 points
    state = match.new_initial_state()
    deal(state, 7)
    hands = HandRolloutEvaluator(random.Random(0), policy="playout", horizon="hand")
    assert [sorted(hands.evaluate(state).tolist()) for _ in range(3)] == [[-1.0, 1.0]] * 3
    capped = pyspiel.load_game(GAME_NAME, {**ONE_HAND, "max_turns": 3})
    state = capped.new_initial_state()
    deal(state, 7)
    assert HandRolloutEvaluator(random.Random(0)).evaluate(state).tolist() == [0.0, 0.0]


def test_hand_rollout_evaluator_refuses_unknown_settings() -> None:
    with pytest.raises(ValueError, match="unknown policy 'greedy'"):
        HandRolloutEvaluator(policy="greedy")
    with pytest.raises(ValueError, match="unknown horizon 'turn'"):
        HandRolloutEvaluator(horizon="turn")
    with pytest.raises(ValueError, match="n_rollouts must be at least 1"):
        HandRolloutEvaluator(n_rollouts=0)
    with pytest.raises(ValueError, match="depth must be at least 0"):
        HandRolloutEvaluator(depth=-1)


def test_openspiels_ismcts_bot_with_the_rollout_evaluator_plays_a_real_hand() -> None:
    # The real hand (7 cards, 2003, heads-up) against the uniform random bot, with few
    # simulations. ISMCTSBot resamples with an unseeded sampler unless it is given a
    # resampler: a seeded one makes the game reproducible.
    game = pyspiel.load_game(GAME_NAME, ONE_HAND)
    rs = np.random.RandomState(8)
    searcher = ismcts.ISMCTSBot(
        game, HandRolloutEvaluator(rs, policy="playout"), 2.0, max_simulations=8, random_state=rs
    )
    sampler = pyspiel.UniformProbabilitySampler(8, 0.0, 1.0)
    searcher.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    returns, state = play_spiel_bots(game, [searcher, UniformRandomBot(1, rs)], rs)
    assert state.is_terminal() and returns == [1.0, -1.0]
    assert state.table.decisions == 272


# ---------------------------------------------------------------------------- the example


def test_the_training_example_runs(tmp_path: Path) -> None:
    pytest.importorskip("sb3_contrib")
    script = Path(__file__).parent.parent / "examples" / "train_masked.py"
    done = subprocess.run(
        [sys.executable, str(script), "--timesteps", "256", "--eval-episodes", "3", "--seed", "1"],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    assert "win rate" in done.stdout and "95% Wilson interval" in done.stdout


def test_openspiel_scripted_loop_repeats_its_outcomes() -> None:
    """A scripted launcher ending in ``loop`` gives the same chance outcome per press."""
    from unoattack.envs.openspiel import press_distribution

    model = parse_launcher("scripted:2,0,loop")
    assert press_distribution(model, 0, 0, 2, 50) == [(Outcome(True, 2), 1.0)]
    assert press_distribution(model, 0, 0, 3, 50) == [(Outcome(False, 0), 1.0)]


def test_a_search_bot_can_be_the_gymnasium_environments_opponent() -> None:
    env = UnoAttackEnv(
        num_players=2, opponents="ismcts:iters=8", options={"target_score": 1, "hand_size": 3}
    )
    _observation, info = env.reset(seed=4)
    rng = np.random.default_rng(0)
    steps = 0
    done = False
    while not done and steps < 3000:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _observation, _reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated
        steps += 1
    assert done
    assert env.table is not None and env.table.match.game.emitting  # the bot reads events
    with pytest.raises(ValueError, match="unknown bot 'ismcts-expert'"):
        UnoAttackEnv(num_players=2, opponents="ismcts-expert")
