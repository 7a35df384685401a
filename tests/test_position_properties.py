"""P05: a position can be written at every decision and read back as the same game.

Over 2,000 seeded random games (every edition, 2 to 10 players, every launcher model,
scripted ones and faults, house rules), at every decision of every game:

- ``parse_position(format_position(game))`` gives every seat the same legal actions;
- ``format_position`` writes the parsed game back to the same string;
- given the original's random streams (the notation records the position, not the
  streams' progress), the parsed game is the same game: the next action gives the same
  events and the same position after it.

From every decision, the parsed copy is also played on to the end in lockstep with the
original: every event and the result agree.

The games are kept short (hands of 1 to 3 cards, low targets) so that the whole test
takes about a minute and a half on one core; the bots play a card when they can, and
sometimes press, stop, stack, catch, say UNO, and a referee penalizes a suggestion. A
game that runs past 250 decisions (about one in fifteen: hands that keep growing, piles
pressed on an empty launcher) is passed over for the next seed: its positions are of
the same kinds, and playing each of them on to the end costs the square of its length.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

import pytest

from test_properties import EDITIONS, MODES
from test_properties import LAUNCHERS as EVERY_LAUNCHER
from unoattack.engine import Action, Game, Phase, format_position, parse_position
from unoattack.engine.actions import ActionKind
from unoattack.engine.events import Event

GAMES = 2_000
CHUNKS = 8
LONGEST = 250  # decisions: a longer game is passed over (see the module's docstring)
# Every launcher model, with faults and scripts (those of the invariants' random games),
# and two more scripts that ding often.
LAUNCHERS = (*EVERY_LAUNCHER, "scripted:0,0,1,0,2+1,loop", "scripted:1,m,0,4,0,loop")
REACTIONS = (ActionKind.SAY_UNO, ActionKind.CATCH)


@dataclass(frozen=True)
class Setup:
    edition: str
    players: int
    launcher: str
    options: dict[str, Any]
    aside: bool  # start from a position with cards out of play


def setup_for(index: int) -> Setup:
    """The table of random game ``index``: short matches, house rules drawn at random."""
    rng = random.Random(f"setup:{index}")
    edition = EDITIONS[index % 3]
    options: dict[str, Any] = {
        "hand_size": rng.choice((1, 2, 2, 3, 3)),
        "scoring_mode": MODES[index // 3 % 3],
        "target_score": rng.choice((1, 1, 1, 20, 60)),
    }
    if rng.random() < 0.4:
        options["stacking"] = rng.random() < 0.7
    if rng.random() < 0.5:
        options["stop_after_fire"] = rng.choice(("never", "always", "choose", "choose"))
    if rng.random() < 0.2:
        options["fr_stop_on_fire_scope"] = "hit_cards"
    if rng.random() < 0.3:
        options["e2_extra_card_all_counts"] = True
    if rng.random() < 0.2:
        options["two_player_rules"] = False
    if rng.random() < 0.2:
        options["attack_resume"] = "next_unless_target_is_next"
    if rng.random() < 0.2:
        options["allow_stack_after_out"] = True
    if rng.random() < 0.2:
        options["last_card_effects"] = rng.choice(("", "hit", "hit,all_hit,hit_fire,attack"))
    if rng.random() < 0.2:
        options["may_go_out_on_trade_hands"] = True
    if rng.random() < 0.3:
        options["reshuffle_threshold"] = rng.choice((8, 30))
    if rng.random() < 0.2:
        options["uno_penalty_presses"] = rng.choice((0, 1, 3))
    if edition == "2010" and rng.random() < 0.7:
        options["wild_custom_effect"] = rng.choice(
            ("skip", "reverse", "hit:2", "all_hit", "hit_fire", "attack:3", "trade_hands")
        )
    return Setup(
        edition=edition,
        players=2 + rng.randrange(9),
        launcher=LAUNCHERS[index % len(LAUNCHERS)],
        options=options,
        aside=rng.random() < 0.2,
    )


#: One decision: a seat's action, or the referee's suggestion penalty on a seat.
Move = tuple[int, Action | None]


def new_game(index: int) -> Game:
    setup = setup_for(index)
    game = Game.new(
        setup.edition,
        players=setup.players,
        seed=index,
        launcher=setup.launcher,
        options=setup.options,
    )
    if setup.aside:
        # Some of the stock's cards are out of play: the launcher empties sooner, and
        # the hand may die (P08).
        stock = game.launcher.stock
        cut = random.Random(index).randrange(len(stock) // 4)
        game.aside, game.launcher.stock = stock[cut:], stock[:cut]
    return game


def play_moves(index: int) -> list[Move] | None:
    """The decisions of random game ``index``, played to the end by random bots; None
    when it runs past ``LONGEST`` decisions."""
    game = new_game(index)
    rng = random.Random(index)
    moves: list[Move] = []
    while not game.is_over:
        if len(moves) == LONGEST:
            return None
        move: Move
        if game.uno_seat >= 0 and rng.random() < 0.5:
            seat = rng.choice(game.seats_that_may_act())
            reactions = [a for a in game.legal_actions(seat) if a.kind in REACTIONS]
            move = (seat, rng.choice(reactions))
        elif rng.random() < 0.01 and game.went_out < 0:
            move = (rng.choice(game.active_seats()), None)
        else:
            # A card when one can be played on a turn, so that hands end; any action
            # half the time while presses are owed (stacking on a pile, stopping).
            actions = game.legal_actions()
            plays = [a for a in actions if a.kind is ActionKind.PLAY]
            if not plays or rng.random() < (0.5 if game.phase is Phase.PRESSING else 0.05):
                plays = list(actions)
            seat = game.to_act
            assert seat is not None
            move = (seat, rng.choice(plays))
        apply(game, move)
        moves.append(move)
    return moves


def apply(game: Game, move: Move) -> list[Event]:
    seat, action = move
    return game.penalize_suggestion(seat) if action is None else game.apply(action, seat)


def read_back(game: Game) -> tuple[str, Game]:
    """The position of ``game`` and the game read from it, with the original's random
    streams."""
    text = format_position(game)
    copy = parse_position(text)
    copy.deck_rng.setstate(game.deck_rng.getstate())
    copy.launcher.rng.setstate(game.launcher.rng.getstate())
    return text, copy


def check_game(index: int, seen: Counter[str]) -> bool:
    """Check every decision of game ``index``; False if it is too long to be checked."""
    moves = play_moves(index)
    if moves is None:
        return False
    game = new_game(index)
    lockstep: list[Game] = []  # copies played on to the end beside the original
    expected = ""  # the position the copy read at the last decision reached
    for number, move in enumerate(moves):
        text, copy = read_back(game)
        seen.update(field.partition("=")[0] for field in text.split()[1:])
        seen[f"phase:{game.phase.name}"] += 1
        if game.colour is None and game.phase is Phase.PRESSING:
            seen["colour_resume"] += 1
        seen["decisions"] += 1
        where = f"game {index}, decision {number}: {text}"
        assert format_position(copy) == text, where
        assert not expected or expected == text, where
        for seat in range(game.n):
            assert copy.legal_actions(seat) == game.legal_actions(seat), where
        events = apply(game, move)
        assert apply(copy, move) == events, where
        for twin in lockstep:
            assert apply(twin, move) == events, where
        if game.is_over:
            assert copy.result == game.result, where
        else:
            expected = format_position(copy)
        lockstep.append(copy)
    assert game.is_over
    for twin in lockstep:
        assert twin.result == game.result, f"game {index}"
    return True


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_every_decision_is_written_and_read_back_as_the_same_game(chunk: int) -> None:
    """P05: at every decision of random games, the position read back is the same game."""
    seen: Counter[str] = Counter()
    checked = passed_over = 0
    index = chunk
    while checked < GAMES // CHUNKS:
        if check_game(index, seen):
            checked += 1
        else:
            passed_over += 1
        index += CHUNKS
    # Long games are a few: hands that grow without end, piles pressed on an empty
    # launcher. Their positions are of the same kinds as the others'.
    assert passed_over < checked // 7
    # Every form turns up in every chunk.
    for form in ("owe", "then", "mega", "went", "aside", "presses", "catch", "said", "bonus"):
        assert seen[form], f"no position with {form}= in chunk {chunk}"
    for form in ("empty", "out", "hand", "house"):
        assert seen[form], f"no position with {form}= in chunk {chunk}"
    assert seen["phase:CHOOSE_COLOUR"] and seen["colour_resume"], seen
