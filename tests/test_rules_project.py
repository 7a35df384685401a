"""Rules the rulebooks leave to the project (P-rulings) and the general rows of RULINGS.md
that have no card of their own (R02, R20, A29, A37, A42, A46)."""

from __future__ import annotations

import pytest

from scenario import act, hand, legal, owes, position, types
from unoattack.engine import (
    SPECTATOR,
    Game,
    IllegalAction,
    PositionError,
    format_position,
    parse_launcher,
    view,
)
from unoattack.engine.events import HandsTraded, HandVoid, Pressed
from unoattack.rules import Edition, EditionError


def test_object_is_first_to_500_points_by_default() -> None:
    """R02, R72: by default a match is won by the first player to reach 500 points."""
    for name in ("2003", "2010", "mega-hit"):
        options = Edition.load(name).options
        assert (options.scoring_mode, options.target_score) == ("first_to_500", 500)
    game = position(
        "2003 hands=R5/G1,G2 pile=R2 turn=0 dealer=1 scores=497,0 stock=... "
        "launcher=scripted seed=0"
    )
    act(game, "play R5")
    assert game.result is not None and game.result.winners == (0,)
    assert game.result.scores == (500, 0)


def test_launcher_orientation_changes_nothing() -> None:
    """R20: turning the launcher towards the player has no effect: the same press yields
    the same cards whoever presses."""
    outcomes = []
    for turn in (0, 1):
        game = position(
            f"2003 hands=R5,Y5/G1,B5 pile=R2 turn={turn} dealer=1 scores=0,0 "
            "stock=Y9,Y8,... launcher=scripted:2 seed=0"
        )
        act(game, "press")
        outcomes.append(hand(game, turn)[2:])
    assert outcomes == [["Y9", "Y8"], ["Y9", "Y8"]]


def test_the_start_card_begins_the_discard_pile() -> None:
    """A29: the card turned at the start begins the discard pile (the "DRAW" pile of
    [001] is the discard pile); the other undealt cards are the launcher's stock."""
    game = Game.new("2003", players=3, seed=5)
    assert len(game.pile) == 1
    assert len(game.pile) + len(game.launcher.stock) + 3 * 7 == 112


def test_both_2003_witnesses_are_one_edition() -> None:
    """A37: seeds 001 and 003 are the same edition."""
    assert Edition.load("2003").sources == (
        "001_75cf3a34d728951f.txt",
        "003_61d2baeb217f9859.txt",
    )


def test_mega_hit_reshuffles_at_a_pile_height() -> None:
    """A42, A30: the French "certaine hauteur" is the same pile-size threshold."""
    game = position(
        "mega-hit hands=R5,R6,R7/G1,G2 pile=R1,R2 turn=0 dealer=1 scores=0,0 stock=... "
        "launcher=scripted seed=0 house=reshuffle_threshold=3"
    )
    stock = len(game.launcher.stock)
    events = act(game, "play R5")
    assert "reshuffled" in types(events)
    assert [str(game.faces[i]) for i in game.pile] == ["R5"]
    assert len(game.launcher.stock) == stock + 2


@pytest.mark.parametrize("spec", ["hazard", "schedule", "memoryless", "draw-one"])
def test_every_launcher_model_is_seeded_and_bounded(spec: str) -> None:
    """A46: a pluggable launcher drawing from the game's seeded stream; a press yields 0 up
    to all the cards the launcher holds."""
    runs = []
    for _ in range(2):
        game = Game.new("2003", players=2, seed=3, launcher=spec)
        got = []
        for _ in range(60):
            stock = len(game.launcher.stock)
            events = game.apply(game.legal_actions()[-1])
            pressed = next(e for e in events if isinstance(e, Pressed))
            assert 0 <= pressed.count + pressed.stuck <= max(stock, 0) or stock == 0
            got.append((pressed.count, pressed.stuck))
        runs.append(got)
    assert runs[0] == runs[1]
    assert parse_launcher(spec).spec == spec


def test_misfires_yield_nothing_and_stuck_cards_count() -> None:
    """P01, A31: a misfire yields no card, so Wild Hit-Fire goes on; a stuck card ends it."""
    game = position(
        "2003 hands=WHF,R5/G1,G2/B1,B2 pile=R2 turn=0 dealer=2 scores=0,0,0 stock=... "
        "launcher=scripted:m,0+1 seed=0"
    )
    act(game, "play WHF G")
    act(game, "press")
    assert owes(game) == (1, 0)
    act(game, "press")
    assert owes(game) is None and game.to_act == 2
    assert hand(game, 1) == ["G1", "G2", "R1"]


def test_extra_turn_after_skip_keeps_the_skip() -> None:
    """P02, A02: with e2_extra_card_all_counts, a Skip gives an extra turn at once and the
    skipped player still loses theirs; a Wild All Hit in that turn makes them press."""
    game = position(
        "2003 hands=R-Skip,WAH,R5,R6/G1,G2/B1,B2/Y1,Y2 pile=R2 turn=0 dealer=3 "
        "scores=0,0,0,0 stock=... launcher=scripted seed=0 house=e2_extra_card_all_counts=on"
    )
    act(game, "play R-Skip")
    assert game.to_act == 0
    events = act(game, "play WAH G")
    assert [e.seat for e in events if e.type == "must_press"] == [1, 2, 3]
    act(game, "press", "press", "press")
    assert game.to_act == 2  # the skipped seat 1 has lost its turn


def test_extra_turn_after_reverse_goes_on_in_the_new_direction() -> None:
    """P02: with e2_extra_card_all_counts, after a Reverse the player plays again, then play
    goes on in the new direction."""
    game = position(
        "2003 hands=R-Rev,R5,R6/G1,G2/B1,B2/Y1,Y2 pile=R2 turn=0 dealer=3 scores=0,0,0,0 "
        "stock=... launcher=scripted seed=0 house=e2_extra_card_all_counts=on"
    )
    act(game, "play R-Rev")
    assert game.to_act == 0 and game.direction == -1
    act(game, "play R5")
    assert game.to_act == 3


def test_wild_customizable_hit_cards_stack_and_stop_early() -> None:
    """P03: with stacking on, a Wild Customizable written hit:N is a Hit card: it stacks, and
    fr_stop_on_fire_scope=hit_cards lets its victim stop after cards come out."""
    game = position(
        "2010 hands=R-Hit2,R5/WCust,G2/B1,B2 pile=R2 turn=0 dealer=2 scores=0,0,0 stock=... "
        "launcher=scripted:0,2 seed=0 house=stacking=on;stop_after_fire=always;"
        "fr_stop_on_fire_scope=hit_cards;wild_custom_effect=hit:3"
    )
    act(game, "play R-Hit2")
    assert "play WCust B" in legal(game)
    act(game, "play WCust B")
    assert owes(game) == (2, 5)
    act(game, "press", "press")
    assert owes(game) is None and len(game.hands[2]) == 4


def test_wild_customizable_trade_hands_is_not_a_last_card() -> None:
    """P03, R31: a Wild Customizable written trade_hands cannot be played as the last card."""
    game = position(
        "2010 hands=WCust/G1,G2/B1,B2 pile=R2 turn=0 dealer=2 scores=0,0,0 stock=... "
        "launcher=scripted seed=0 house=wild_custom_effect=trade_hands"
    )
    assert legal(game) == ["press"]


def test_no_suggestion_penalty_once_the_last_card_is_played() -> None:
    """P04: while the last card's Hit is still being pressed, the hand is over: no penalty."""
    game = position(
        "2003 hands=R-Hit2/G1,G2/B1,B2 pile=R2 turn=0 dealer=2 scores=0,0,0 stock=... "
        "launcher=scripted seed=0"
    )
    act(game, "play R-Hit2")
    assert owes(game) == (1, 2)
    with pytest.raises(IllegalAction, match="the hand is over"):
        game.penalize_suggestion(2)


def test_a_position_is_written_at_every_decision() -> None:
    """P05: a position is written at every decision (a start card's presses with its
    colour still to name, a penalty in front of them, the colour named, the turns) and
    read back as the same game; once the match is over there is none to write."""
    game = position(
        "2010 hands=R5,R6/G3,G4/B3,B4 pile= dealer=0 scores=0,0,0 stock=WH4,... "
        "launcher=scripted:0,1 seed=0 house=target_score=1"
    )
    game.penalize_suggestion(2)
    phases = []
    while not game.is_over:
        text = format_position(game)
        copy = position(text)
        assert format_position(copy) == text
        assert [legal(copy, s) for s in range(3)] == [legal(game, s) for s in range(3)]
        phases.append(game.phase.name)
        act(game, legal(game)[0])
    assert phases[:9] == ["PRESSING"] * 8 + ["CHOOSE_COLOUR"]
    assert set(phases[9:]) == {"TURN"}
    with pytest.raises(PositionError, match="the match is over"):
        format_position(game)


def test_uno_is_offered_only_with_a_play_that_leaves_one_card() -> None:
    """P06, R57: the UNO variant of a play exists only when the play leaves one card."""
    three = position(
        "2003 hands=R5,R6,G7/G1,G2 pile=R2 turn=0 dealer=1 scores=0,0 stock=... "
        "launcher=scripted seed=0"
    )
    assert legal(three) == ["play R5", "play R6", "press"]
    two = position(
        "2003 hands=R5,G7/G1,G2 pile=R2 turn=0 dealer=1 scores=0,0 stock=... "
        "launcher=scripted seed=0"
    )
    assert legal(two) == ["play R5", "play R5 uno", "press"]
    with pytest.raises(IllegalAction, match="there is no UNO to call now"):
        act(two, "uno")


def test_the_next_hand_is_dealt_at_once() -> None:
    """P07, R05: after a hand the next is dealt at once by the next dealer to the left."""
    game = position(
        "2003 hands=R5/G1,G2/B1,B2 pile=R2 turn=0 dealer=2 scores=0,0,0 stock=... "
        "launcher=scripted seed=0"
    )
    events = act(game, "play R5")
    assert types(events)[:3] == ["card_played", "hand_won", "hand_started"]
    assert game.hand_number == 2 and game.dealer == 0
    assert [len(h) for h in game.hands] == [7, 7, 7]
    assert game.last_hand is not None and game.last_hand.winner == 0


def test_a_hand_where_nobody_can_go_is_void() -> None:
    """P08: once every player in a row has pressed an empty launcher with nothing to reload,
    the hand is void: nobody scores and the next dealer deals."""
    cards = [str(c) for c in Edition.load("2003").deck.faces]
    cards.remove("B9")  # the top card
    cards.remove("B1")  # the launcher's last card
    game = position(
        f"2003 hands={','.join(cards[:55])}/{','.join(cards[55:])} pile=B9 turn=0 dealer=1 "
        "scores=0,0 stock=B1 launcher=draw-one seed=0"
    )
    act(game, "press")  # the launcher's last card: not an empty press
    assert game.hand_number == 1
    act(game, "press")  # empty, nothing to reload: 1 of 2
    assert game.hand_number == 1
    events = act(game, "press")  # empty again: 2 of 2
    assert isinstance(events[1], HandVoid)
    assert game.last_hand is not None
    assert (game.last_hand.winner, game.last_hand.reason) == (-1, "void")
    assert game.scores == [0, 0] and game.hand_number == 2 and game.dealer == 0


def test_public_information_only_in_views() -> None:
    """P09: a seat sees its own hand, every hand's size, how many cards a press gave; the
    cards of a press go only to the presser, a trade's hands only to the two who traded."""
    game = position(
        "2003 hands=Y-TH,R5,R6/G1,G2/B1,B2 pile=Y2 turn=0 dealer=2 scores=0,0,0 stock=... "
        "launcher=scripted:2 seed=0"
    )
    (_played, traded, *_) = act(game, "play Y-TH @1")
    assert isinstance(traded, HandsTraded)
    seen_by_2 = traded.for_seat(2)
    assert isinstance(seen_by_2, HandsTraded)
    assert seen_by_2.seat_cards is None and seen_by_2.target_cards is None
    assert (seen_by_2.seat_count, seen_by_2.target_count) == (2, 2)
    for party in (0, 1):  # each gave one hand away and received the other
        seen = traded.for_seat(party)
        assert isinstance(seen, HandsTraded)
        assert [str(c) for c in seen.seat_cards or ()] == ["G1", "G2"]
        assert [str(c) for c in seen.target_cards or ()] == ["R5", "R6"]
    spectator = view(game, SPECTATOR)
    assert spectator.hand is None and spectator.hand_counts == (2, 2, 2)
    assert view(game, 1).hand is not None


def test_a_deck_too_small_for_the_table_is_refused() -> None:
    """P10: dealing needs players × hand_size + 2 cards."""
    tiny = Edition.from_toml('name = "tiny"\n[deck]\nnumbers_per_colour = 1\n')
    with pytest.raises(EditionError, match=r"the tiny deck has 36 cards: .* needs at least 44"):
        Game.new(tiny, players=6, seed=0)
    assert Game.new(tiny, players=4, seed=0).n == 4


def test_challenge_limit_is_another_name_for_the_target() -> None:
    """P11, R74: RULINGS §4's challenge_limit sets the same number as target_score."""
    options = Edition.load("2003").with_options({"challenge_limit": 300}).options
    assert options.target_score == 300
