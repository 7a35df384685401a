"""Property tests over many seeded random games: invariants that must always hold.

- the deck's 112 cards are always all somewhere, never in two places;
- scores equal the points left in hands at the end of every hand (R71–R74);
- a seat's view and redacted events never show another seat's cards;
- replaying a game's record gives the identical event log.

The games mix every edition, launcher model (with and without faults), scoring mode and
player count from 2 to 10. Bots play a random legal card most of the time and otherwise
any legal action (reneging presses, UNO calls, catches); a referee sometimes applies the
suggestion penalty.
"""

from __future__ import annotations

import random

import pytest

from unoattack.engine import SPECTATOR, Game, Record, verify, view
from unoattack.engine.actions import ActionKind
from unoattack.engine.events import Dealt, HandsTraded, HandWon, Pressed

GAMES = 10_000
CHUNKS = 40
EDITIONS = ("2003", "2010", "mega-hit")
LAUNCHERS = (
    "hazard",
    "schedule",
    "memoryless",
    "draw-one",
    "hazard:misfire=0.1,stuck=0.1",
    "scripted:3,0,0+1,m,2+1,0,5,1,loop",
)
MODES = ("first_to_500", "running_total_lowest_wins", "challenge")


def setup_for(index: int) -> dict[str, object]:
    """The edition, players, launcher and options of random game number ``index``."""
    return {
        "edition": EDITIONS[index % 3],
        "players": 2 + (index // 3) % 9,
        "launcher": LAUNCHERS[(index // 27) % len(LAUNCHERS)],
        "options": {
            "scoring_mode": MODES[(index // 7) % 3],
            "target_score": 100 + (index % 5) * 50,
            "reshuffle_threshold": "none" if index % 4 else 40,
        },
    }


def play_random_game(index: int, check_every_step: bool) -> Game:
    setup = setup_for(index)
    game = Game.new(
        str(setup["edition"]),
        players=int(str(setup["players"])),
        seed=index,
        launcher=str(setup["launcher"]),
        options=setup["options"],  # type: ignore[arg-type]
    )
    rng = random.Random(index)
    for _ in range(200_000):
        if game.is_over:
            break
        if game.uno_seat >= 0 and rng.random() < 0.5:
            seat = rng.choice(game.seats_that_may_act())
            extra = [
                a
                for a in game.legal_actions(seat)
                if a.kind in (ActionKind.SAY_UNO, ActionKind.CATCH)
            ]
            if extra:
                game.apply(rng.choice(extra), seat)
        elif rng.random() < 0.002 and game.went_out < 0:
            game.penalize_suggestion(rng.choice(game.active_seats()))
        else:
            actions = game.legal_actions()
            plays = [a for a in actions if a.kind is ActionKind.PLAY]
            choice = rng.choice(plays if plays and rng.random() < 0.9 else actions)
            game.apply(choice)
        if check_every_step:
            check_cards(game)
    assert game.is_over, f"game {index} did not end"
    return game


def check_cards(game: Game) -> None:
    where = game.card_locations()  # raises if a card is in two places
    assert sorted(where) == list(range(112))


def check_scores(game: Game) -> None:
    """R71–R74: every hand's points are the values of the cards left in hands."""
    scores = [0] * game.n
    points = game.edition.card_points
    for event in game.log:
        if not isinstance(event, HandWon):
            continue
        values = [sum(points(c) for c in hand) for hand in event.hands]
        assert values[event.seat] == 0
        assert list(event.hand_points) == values
        if game.options.scoring_mode == "first_to_500":
            assert event.points == sum(event.hand_points)
            scores[event.seat] += event.points
        else:
            assert event.points == 0
            for seat, value in enumerate(event.hand_points):
                scores[seat] += value
        assert list(event.scores) == scores
    assert game.result is not None
    assert list(game.result.scores) == scores


def check_hidden(game: Game) -> None:
    """Views and redacted events show a seat only its own cards."""
    for seat in range(game.n):
        mine = view(game, seat)
        assert mine.hand == tuple(game.hand(seat))
        for event in game.log:
            seen = event.for_seat(seat)
            if isinstance(seen, Pressed | Dealt) and seen.seat != seat:
                assert seen.cards is None
            if isinstance(seen, HandsTraded):
                assert seen.seat_cards is None or seat in (seen.seat, seen.target)
                assert seen.target_cards is None or seat in (seen.seat, seen.target)
    spectator = view(game, SPECTATOR)
    assert spectator.hand is None and spectator.legal_actions == ()


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_every_invariant(chunk: int) -> None:
    for index in range(chunk, GAMES, CHUNKS):
        game = play_random_game(index, check_every_step=index % 50 == 0)
        check_cards(game)
        check_scores(game)
        if index % 10 == 0:
            check_hidden(game)
            verdict = verify(Record.from_game(game))
            assert verdict.ok, verdict.message
