"""Simulations: statistics, the match driver, and summaries checked against games
counted by hand or replayed independently."""

from __future__ import annotations

import importlib
import math
import random
from collections import Counter

import pytest

from unoattack.bots import RandomBot, make_bot, play_match
from unoattack.engine import Action, ActionKind, Game, parse_position
from unoattack.engine.events import (
    CardPlayed,
    HandStarted,
    HandWon,
    MatchWon,
    PlayerEliminated,
    Pressed,
    Reshuffled,
    TurnStarted,
)
from unoattack.engine.match import Match
from unoattack.sim.simulate import (
    Chunk,
    SimConfig,
    SimError,
    Summary,
    bot_rng,
    drive,
    game_seed,
    run_chunk,
    simulate,
)
from unoattack.sim.stats import Dist, wilson
from unoattack.sim.tournament import TournamentConfig, entry_labels, tournament

# ---------------------------------------------------------------------- statistics


def test_wilson_interval_matches_the_formula_worked_by_hand() -> None:
    # 8 wins in 10: p = 0.8, z = 1.96: centre (0.8 + 1.9208/10) / 1.38416, half-width
    # 1.96 * sqrt(0.016 + 0.0096040) / 1.38416.
    z = 1.959963984540054
    centre = (0.8 + z * z / 20) / (1 + z * z / 10)
    half = z * math.sqrt(0.8 * 0.2 / 10 + z * z / 400) / (1 + z * z / 10)
    low, high = wilson(8, 10)
    assert low == pytest.approx(centre - half, abs=1e-12)
    assert high == pytest.approx(centre + half, abs=1e-12)
    assert (round(low, 4), round(high, 4)) == (0.4902, 0.9433)


def test_wilson_interval_at_the_edges() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(0, 5)[0] == 0.0
    assert wilson(5, 5)[1] == 1.0
    assert round(wilson(5, 5)[0], 4) == 0.5655
    low, high = wilson(500, 1000)
    assert low == pytest.approx(1 - high)
    with pytest.raises(ValueError, match="successes <= trials"):
        wilson(3, 2)


def test_dist_quantiles_and_merge_are_exact() -> None:
    d = Dist.of([5, 1, 1, 2, 9, 3, 3, 3, 4, 10])
    assert (d.count, d.total, d.min, d.max) == (10, 41, 1, 10)
    assert d.mean == 4.1
    assert (d.quantile(0.1), d.quantile(0.5), d.quantile(0.9), d.quantile(1.0)) == (1, 3, 9, 10)
    assert d.share_at_least(4) == 0.4
    merged = Dist.of([1, 2]).merge(Dist.of([2, 7]))
    assert merged == Dist.of([7, 2, 2, 1])
    assert Dist.from_dict(d.to_dict()) == d
    assert Dist().to_dict()["mean"] is None


# ---------------------------------------------------------------------- seeds and driver


def test_seeds_are_stable_and_independent_of_the_process() -> None:
    # Fixed values: a change here changes every published figure (docs/analysis.md).
    assert game_seed(0, 0) == 5806984295981911323
    assert game_seed(0, 1) != game_seed(1, 0)
    assert bot_rng(3, 4, 0, 1).random() == bot_rng(3, 4, 0, 1).random()
    assert bot_rng(3, 4, 0, 1).random() != bot_rng(3, 4, 0, 2).random()


@pytest.mark.parametrize(("edition", "players", "seed"), [("2003", 3, 4), ("mega-hit", 4, 2)])
def test_driver_plays_exactly_the_games_of_play_match(
    edition: str, players: int, seed: int
) -> None:
    # Both go through the match layer; the games must not differ.
    # (Matches of several hands: see the replay test below, which compares them too.)
    ours = Game.new(edition, players=players, seed=seed)
    theirs = Game.new(edition, players=players, seed=seed)
    taken = drive(ours, [RandomBot(random.Random(f"{seed}:{s}")) for s in range(players)]).state
    expected = play_match(theirs, [RandomBot(random.Random(f"{seed}:{s}")) for s in range(players)])
    assert taken == expected
    assert ours.history == theirs.history
    kinds = Counter(Action.from_code(code).kind for _, code in ours.history)
    assert kinds[ActionKind.CATCH] + kinds[ActionKind.SAY_UNO] > 0  # catch windows opened
    assert ours.result == theirs.result


def test_driver_with_view_based_bots_matches_play_match() -> None:
    ours = Game.new("2010", players=3, seed=5)
    theirs = Game.new("2010", players=3, seed=5)
    drive(ours, [make_bot("heuristic", random.Random(s)) for s in range(3)])
    play_match(theirs, [make_bot("heuristic", random.Random(s)) for s in range(3)])
    assert ours.history == theirs.history


def test_a_game_the_driver_cannot_finish_is_a_simulation_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # (the package's name `simulate` is also its function's: the module is taken by name)
    monkeypatch.setattr(importlib.import_module("unoattack.sim.simulate"), "MAX_DECISIONS", 20_000)
    game = Game.new("2003", players=2, seed=0, launcher="scripted:3,0,2")
    with pytest.raises(SimError) as caught:
        drive(game, [RandomBot(random.Random(s)) for s in range(2)])
    assert str(caught.value) == (
        "the game with seed 0 did not end after 20,000 decisions: the scripted launcher "
        "dings once its script runs out; end it with loop"
    )


def test_driver_stops_after_the_first_hand_when_asked() -> None:
    game = Game.new("2010", players=2, seed=3)
    drive(game, [make_bot("heuristic", random.Random(s)) for s in range(2)], first_hand_only=True)
    assert game.last_hand is not None and game.last_hand.hand_number == 1
    assert game.hand_number == 2 or game.is_over


# ---------------------------------------------------------------------- a hand counted by hand

HAND = (
    "2003 hands=R-Hit2,R5,R6/G3,G4/B3,B4 pile=R2 turn=0 dealer=2 scores=0,0,0 "
    "stock=... launcher=scripted:2+1,0,3 seed=0"
)
PLAYS = [
    (0, "play R-Hit2"),  # seat 1 must press twice and forfeits its turn
    (1, "press"),  # 2+1: R1, R1 fire and R2 sticks out: 3 cards
    (1, "press"),  # 0: a ding; seat 2's turn
    (2, "press"),  # 3: R3, R3, R4
    (0, "play R5 uno"),
    (1, "press"),  # the script has run out: every press dings
    (2, "press"),
    (0, "play R6"),  # out: 1 holds G3 G4 R1 R1 R2 (11), 2 holds B3 B4 R3 R3 R4 (17)
]


def test_summary_of_a_hand_counted_by_hand() -> None:
    match = Match(parse_position(HAND))
    dealer = match.game.dealer
    for seat, text in PLAYS:
        match.submit(seat, Action.parse(text))
    summary = Summary(3)
    row = summary.record(
        match,
        ("random", "heuristic", "random"),
        dealer=dealer,
        first_hand_only=True,
        turn=0,
    )
    config = SimConfig(
        edition="2003",
        players=3,
        games=1,
        unit="hands",
        bots=("random", "heuristic"),
        launcher="scripted:2+1,0,3",
    )
    data = summary.to_dict(config)
    assert (data["games"], data["hands"], data["decisions"]) == (1, 1, 8)
    # Seat 0's turn (the position starts inside it), then 2 (after 1's presses), 0, 1, 2
    # and 0 again.
    assert data["turns_per_hand"]["histogram"] == [[6, 1]]
    assert data["plays_per_hand"]["histogram"] == [[3, 1]]
    launcher = data["launcher"]
    assert launcher["presses"] == 5
    assert launcher["cards_launched"] == 6
    assert launcher["cards_per_press"]["histogram"] == [[0, 3], [3, 2]]
    assert (launcher["firings"], launcher["stuck_cards"], launcher["reloads"]) == (2, 1, 0)
    assert launcher["fire_rate"] == 2 / 5
    assert data["points"]["per_hand"]["histogram"] == [[28, 1]]
    assert data["points"]["winner_final_score"] is None
    wins = data["wins"]
    assert [r["wins"] for r in wins["by_seat"]] == [1, 0, 0]
    assert [r["bot"] for r in wins["by_seat"]] == ["random", "heuristic", "random"]
    assert [(r["bot"], r["seats"], r["wins"], r["trials"]) for r in wins["by_bot"]] == [
        ("random", 2, 1, 2),
        ("heuristic", 1, 0, 1),
    ]
    # Dealer 2: seat 0 is on the dealer's left, the first in deal order.
    assert [(r["order"], r["wins"], r["trials"]) for r in wins["hands_by_deal_order"]] == [
        (0, 1, 1),
        (1, 0, 1),
        (2, 0, 1),
    ]
    assert (wins["hands_by_first_turn"]["wins"], wins["hands_by_first_turn"]["trials"]) == (1, 1)
    assert data["ends"] == {"hand": 1}
    assert (row.presses, row.cards_launched, row.winners, row.scores) == (5, 6, (0,), (28, 0, 0))


# ---------------------------------------------------------------------- games replayed apart


def replay_counts(config: SimConfig) -> dict[str, object]:
    """Play every game of ``config`` with play_match and count straight from the logs."""
    counts: dict[str, object] = {}
    turns: list[int] = []
    per_press: list[int] = []
    reloads: list[int] = []
    stacked: list[int] = []
    seat_wins = [0] * config.players
    order_wins = [0] * config.players
    decisions = hands = first_turn_wins = 0
    points: list[int] = []
    hands_per_match: list[int] = []
    for i in range(config.games):
        game = Game.new(
            config.edition,
            players=config.players,
            seed=game_seed(config.seed, i),
            launcher=config.launcher,
            options=dict(config.options),
        )
        bots = [
            make_bot(name, bot_rng(config.seed, i, 0, s)) for s, name in enumerate(config.lineup)
        ]
        decisions += play_match(game, bots)
        log = game.log
        starts = [k for k, e in enumerate(log) if isinstance(e, HandStarted)]
        ends = [k for k, e in enumerate(log) if isinstance(e, HandWon)]
        assert len(starts) == len(ends)
        out: set[int] = set()
        for start, end in zip(starts, ends, strict=True):
            hand = log[start:end]
            turns.append(sum(isinstance(e, TurnStarted) for e in hand))
            first = next(e.seat for e in hand if isinstance(e, TurnStarted))
            per_press += [e.count + e.stuck for e in hand if isinstance(e, Pressed)]
            reloads.append(sum(isinstance(e, Reshuffled) for e in hand))
            stacked.append(sum(isinstance(e, CardPlayed) and e.stacked for e in hand))
            won = log[end]
            assert isinstance(won, HandWon)
            dealer = log[start].dealer  # type: ignore[attr-defined]
            seats = [(dealer + k) % config.players for k in range(1, config.players + 1)]
            order_wins[[s for s in seats if s not in out].index(won.seat)] += 1
            first_turn_wins += won.seat == first
            points.append(sum(won.hand_points))
            out |= {
                e.seat
                for e in log[end : end + 1 + config.players]
                if isinstance(e, PlayerEliminated)
            }
        hands += len(ends)
        hands_per_match.append(len(ends))
        final = log[-1]
        assert isinstance(final, MatchWon)
        for s in final.winners:
            seat_wins[s] += 1
    counts.update(
        decisions=decisions,
        hands=hands,
        turns=Counter(turns),
        per_press=Counter(per_press),
        reloads=Counter(reloads),
        stacked=Counter(stacked),
        seat_wins=seat_wins,
        order_wins=order_wins,
        points=Counter(points),
        hands_per_match=Counter(hands_per_match),
        first_turn_wins=first_turn_wins,
    )
    return counts


def histogram(counter: object) -> list[list[int]]:
    assert isinstance(counter, Counter)
    return [[v, c] for v, c in sorted(counter.items())]


@pytest.mark.parametrize(
    ("config", "features"),
    [
        # Short matches (target 100), a launcher that yields many cards: reloads, stacks.
        (
            SimConfig(
                edition="mega-hit",
                players=3,
                games=6,
                seed=11,
                launcher="scripted:3,0,2+1,m,0,loop",
                options=(("target_score", "100"),),
            ),
            {"reloads", "stacking"},
        ),
        (
            SimConfig(
                edition="2003",
                players=2,
                games=3,
                seed=2,
                launcher="draw-one",
                options=(("target_score", "200"),),
            ),
            {"reloads", "several hands"},
        ),
        # Challenge mode: players are eliminated, so later hands have fewer seats.
        (
            SimConfig(
                edition="2010",
                players=4,
                games=3,
                seed=5,
                bots=("heuristic", "random"),
                options=(("scoring_mode", "challenge"), ("target_score", "60")),
            ),
            {"eliminations", "several hands"},
        ),
    ],
)
def test_summary_equals_counts_from_games_replayed_independently(
    config: SimConfig, features: set[str]
) -> None:
    expected = replay_counts(config.validate())
    data = simulate(config.validate(), chunk_size=4).to_dict(config)
    assert data["decisions"] == expected["decisions"]
    assert data["hands"] == expected["hands"]
    assert data["turns_per_hand"]["histogram"] == histogram(expected["turns"])
    assert data["launcher"]["cards_per_press"]["histogram"] == histogram(expected["per_press"])
    assert data["launcher"]["reloads_per_hand"]["histogram"] == histogram(expected["reloads"])
    assert data["stacked_plays_per_hand"]["histogram"] == histogram(expected["stacked"])
    assert data["points"]["per_hand"]["histogram"] == histogram(expected["points"])
    assert data["hands_per_match"]["histogram"] == histogram(expected["hands_per_match"])
    assert [r["wins"] for r in data["wins"]["by_seat"]] == expected["seat_wins"]
    assert [r["wins"] for r in data["wins"]["hands_by_deal_order"]] == expected["order_wins"]
    assert data["wins"]["hands_by_first_turn"]["wins"] == expected["first_turn_wins"]
    # The settings were chosen to exercise these; check that they did.
    seen = {
        "reloads": data["launcher"]["reloads"] > 0,
        "stacking": data["stacked_plays_per_hand"]["max"] > 0,
        "several hands": data["hands_per_match"]["max"] > 1,
        "eliminations": data["wins"]["hands_by_deal_order"][-1]["trials"] < data["hands"],
    }
    assert features <= {name for name, happened in seen.items() if happened}


def test_hands_unit_plays_the_first_hand_of_the_same_deals() -> None:
    matches = SimConfig(edition="2010", players=2, games=5, seed=4, bots=("heuristic",))
    hands = SimConfig(edition="2010", players=2, games=5, seed=4, bots=("heuristic",), unit="hands")
    rows_m: list[object] = []
    rows_h: list[object] = []
    simulate(matches, on_rows=rows_m.extend)
    data = simulate(hands, on_rows=rows_h.extend).to_dict(hands)
    assert data["games"] == data["hands"] == 5
    assert data["hands_per_match"] is None
    for row_m, row_h in zip(rows_m, rows_h, strict=True):
        assert row_m.seed == row_h.seed  # type: ignore[attr-defined]
        assert row_h.hands == 1  # type: ignore[attr-defined]


def test_chunks_add_up_to_the_whole_run_in_any_order() -> None:
    config = SimConfig(edition="mega-hit", players=3, games=9, seed=8, unit="hands")
    whole = simulate(config)
    parts = [run_chunk(Chunk(config, a, b)).summary for a, b in ((6, 9), (0, 2), (2, 6))]
    merged = Summary(3)
    for part in parts:
        merged.merge(part)
    assert merged == whole
    assert merged.to_dict(config) == whole.to_dict(config)


def test_rows_come_back_in_game_order() -> None:
    config = SimConfig(edition="mega-hit", players=2, games=7, seed=1, unit="hands")
    rows: list[object] = []
    summary = simulate(config, chunk_size=2, on_rows=rows.extend)
    assert [r.game for r in rows] == list(range(7))  # type: ignore[attr-defined]
    assert sum(r.decisions for r in rows) == summary.decisions  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"edition": "1999"}, "1999"),
        ({"players": 11}, "players must be from 2 to 10, got 11"),
        ({"bots": ("greedy",)}, "unknown bot 'greedy'"),
        ({"bots": ("random",) * 5}, "5 bots for 4 seats"),
        ({"launcher": "catapult"}, "unknown launcher model 'catapult'"),
        ({"options": (("stackin", "on"),)}, "did you mean 'stacking'"),
        ({"unit": "rounds"}, "unit must be one of matches, hands"),
        ({"games": 0}, "games must be at least 1"),
    ],
)
def test_bad_settings_are_refused_with_a_clear_message(
    changes: dict[str, object], message: str
) -> None:
    config = SimConfig(**{**{"players": 4}, **changes})  # type: ignore[arg-type]
    with pytest.raises(SimError, match=message):
        config.validate()


# ---------------------------------------------------------------------- tournaments


def test_entries_number_the_copies_of_a_bot() -> None:
    assert entry_labels(("random",), 3) == ("random", "random#2", "random#3")
    assert entry_labels(("heuristic", "random"), 2) == ("heuristic", "random")


def test_tournament_rotations_share_each_deal() -> None:
    config = TournamentConfig(("heuristic", "random"), players=2, games=3, seed=5, unit="hands")
    sim = config.sim_config()
    assert sim.total == 6
    assert [sim.seat_bots(r) for r in range(2)] == [
        ("heuristic", "random"),
        ("random", "heuristic"),
    ]
    rows: list[object] = []
    simulate(sim, on_rows=rows.extend)
    seeds = [r.seed for r in rows]  # type: ignore[attr-defined]
    assert seeds[0] == seeds[1] == game_seed(5, 0) and seeds[2] == seeds[3] == game_seed(5, 1)
    result = tournament(config)
    entries = {e.label: e for e in result.entries}
    assert entries["heuristic"].games == entries["random"].games == 6
    assert entries["heuristic"].wins + entries["random"].wins == 6
    data = result.to_dict()
    assert data["entries"][0]["rank"] == 1
    assert data["summary"]["wins"]["by_seat"][0]["bot"] is None  # seats change hands
    # The heuristic bot beats the random bot here, and its rating is the higher one.
    assert entries["heuristic"].wins > entries["random"].wins
    assert entries["heuristic"].mu > entries["random"].mu
