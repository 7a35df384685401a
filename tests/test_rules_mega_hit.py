"""Rule scenarios for the French-Canadian edition ``mega-hit`` (E3, seed 004).

Each test builds a position in one line, acts, and checks the outcome against
/work/shared/RULINGS.md. The launcher is scripted: the stock starts G1, G2, G3, ... so a
press scripted ``2`` hands the presser G1 and G2, and every press after the script dings.
Seats rise clockwise ("to the left"); seat 0 is usually the first to play.
"""

from __future__ import annotations

from collections import Counter

import pytest

from scenario import act, hand, legal, owes, position
from unoattack.engine import Game, IllegalAction, Phase
from unoattack.engine.events import (
    CardPlayed,
    Caught,
    Event,
    HandWon,
    MustPress,
    Pressed,
    Skipped,
    StoppedPressing,
    TurnStarted,
)
from unoattack.rules.cards import Card, Colour, Kind
from unoattack.rules.edition import Edition

STOCK = "G1,G2,G3,G4,G5,G6,..."
# The table of most scenarios: seat 0 holds a Hit 1, seat 1 a Hit 2, seat 2 a Double
# attaque, seat 3 no Hit card. With three cards each, no play makes anyone liable for UNO.
TABLE = "R-Hit1,R5,R6/Y-Hit2,Y3,Y4/DBL,B3,B4/Y6,Y7,B8"
NO_HITS = "R-Hit1,R5,R6/Y3,Y4,Y5/B3,B4,B5/Y6,Y7,B8"


def pos(
    hands: str,
    *,
    pile: str = "R2",
    turn: int = 0,
    dealer: int | None = None,
    script: str = "0",
    extra: str = "",
) -> Game:
    """A mega-hit position; the dealer defaults to the seat before ``turn``."""
    seats = hands.count("/") + 1
    if dealer is None:
        dealer = (turn - 1) % seats
    scores = ",".join(["0"] * seats)
    return position(
        f"mega-hit hands={hands} pile={pile} turn={turn} dealer={dealer} scores={scores} "
        f"stock={STOCK} launcher=scripted:{script} seed=0 {extra}".strip()
    )


def start(card: str, hands: str, *, script: str = "0", extra: str = "") -> Game:
    """A four-player table whose start card ``card`` is still to be turned (an empty
    pile, ``card`` at the front of the stock), dealer 3, so dealer+1 is seat 0 and
    dealer+2 is seat 1: reading it turns the card and applies it."""
    return position(
        f"mega-hit hands={hands} pile= dealer=3 scores=0,0,0,0 stock={card},{STOCK} "
        f"launcher=scripted:{script} seed=0 {extra}".strip()
    )


def presses_by(events: list[Event], seat: int) -> int:
    return sum(1 for e in events if isinstance(e, Pressed) and e.seat == seat)


def first(events: list[Event], kind: type[Event]) -> Event:
    return next(e for e in events if isinstance(e, kind))


def press(game: Game, times: int) -> list[Event]:
    return act(game, *["press"] * times)


# ------------------------------------------------------------------ deck and points


def test_deck_holds_112_cards_and_hit_2_is_worth_40():
    """A11, R71: the E3 deck (§1.3) has 112 cards worth 1640 points; Hit 2 scores 40."""
    edition = Edition.load("mega-hit")
    faces = edition.deck.faces
    assert Counter(c.kind for c in faces) == {
        Kind.NUMBER: 72,
        Kind.REVERSE: 4,
        Kind.SKIP: 8,
        Kind.DISCARD_ALL: 8,
        Kind.HIT1: 4,
        Kind.HIT2: 8,
        Kind.WILD: 4,
        Kind.WILD_ATTACK_ATTACK: 4,
    }
    assert edition.deck.count(Card.parse("R7")) == 2
    assert edition.deck.count(Card.parse("B-Hit1")) == 1
    assert edition.deck.count(Card.parse("B-Hit2")) == 2
    points = {
        text: edition.card_points(Card.parse(text))
        for text in ("R7", "Y-Rev", "G-Skip", "R-Hit1", "B-Hit2", "Y-DA", "W", "DBL")
    }
    assert points == {
        "R7": 7,
        "Y-Rev": 20,
        "G-Skip": 20,
        "R-Hit1": 20,
        "B-Hit2": 40,
        "Y-DA": 30,
        "W": 50,
        "DBL": 50,
    }
    assert sum(edition.card_points(c) for c in faces) == 1640


def test_hand_winner_scores_40_for_each_hit_2_left_in_opponents_hands():
    """A11, R71: going out scores the opponents' cards, each Hit 2 at 40 points."""
    game = pos("R5/Y-Hit2,Y3,Y4/B-Hit1,B-Hit2,B4")
    events = act(game, "play R5")
    won = first(events, HandWon)
    assert won.seat == 0
    assert won.hand_points == (0, 47, 64)
    assert won.points == 111
    assert game.last_hand is not None and game.last_hand.points == 111


# ------------------------------------------------------------------ Hit 1 and Hit 2


def test_hit_1_next_player_presses_once_and_forfeits_the_turn():
    """R24: after a Hit 1 the next player presses once, then play goes to the player after."""
    game = pos(NO_HITS)
    events = act(game, "play R-Hit1")
    assert owes(game) == (1, 1)
    assert first(events, MustPress).reason == "hit"
    assert legal(game) == ["press"]
    events = act(game, "press")
    assert presses_by(events, 1) == 1
    assert game.phase is Phase.TURN and game.current == 2
    assert len(hand(game, 1)) == 3


def test_hit_2_next_player_presses_twice_and_forfeits_the_turn():
    """R25: after a Hit 2 the next player presses twice, then the player after plays."""
    game = pos("R-Hit2,R5,R6/Y3,Y4,Y5/B3,B4,B5/Y6,Y7,B8")
    act(game, "play R-Hit2")
    assert owes(game) == (1, 2)
    events = press(game, 2)
    assert presses_by(events, 1) == 2
    assert owes(game) is None
    assert game.phase is Phase.TURN and game.current == 2


def test_hit_2_stops_by_itself_after_the_first_press_that_yields_cards():
    """R17, A10: with stop_after_fire=always the obligation ends at the first fire."""
    game = pos("R-Hit2,R5,R6/Y3,Y4,Y5/B3,B4,B5/Y6,Y7,B8", script="2")
    act(game, "play R-Hit2")
    assert "stop" not in legal(game)
    events = act(game, "press")
    assert presses_by(events, 1) == 1
    stopped = first(events, StoppedPressing)
    assert (stopped.seat, stopped.presses_left) == (1, 1)
    assert hand(game, 1) == ["Y3", "Y4", "Y5", "G1", "G2"]
    assert owes(game) is None
    assert game.current == 2


def test_a_press_leaving_only_a_stuck_card_counts_as_a_fire():
    """A31, R16, R17: a card left sticking out goes to the presser and ends a Hit 2 early."""
    game = pos("R-Hit2,R5,R6/Y3,Y4,Y5/B3,B4,B5/Y6,Y7,B8", script="0+1")
    act(game, "play R-Hit2")
    events = act(game, "press")
    assert presses_by(events, 1) == 1
    assert hand(game, 1) == ["Y3", "Y4", "Y5", "G1"]
    assert owes(game) is None
    assert game.current == 2


def test_a_misfire_yields_nothing_so_the_hit_2_goes_on():
    """A31, R17: a misfire fires but yields no card, so the victim keeps pressing."""
    game = pos("R-Hit2,R5,R6/Y3,Y4,Y5/B3,B4,B5/Y6,Y7,B8", script="m")
    act(game, "play R-Hit2")
    act(game, "press")
    assert owes(game) == (1, 1)
    assert hand(game, 1) == ["Y3", "Y4", "Y5"]
    act(game, "press")
    assert owes(game) is None
    assert game.current == 2


def test_house_option_choose_offers_stop_only_once_cards_have_come_out():
    """R17, A10: with stop_after_fire=choose, ``stop`` is legal only after a press yields."""
    game = pos(
        "R-Hit2,R5,R6/Y3,Y4,Y5/B3,B4,B5/Y6,Y7,B8",
        script="2",
        extra="house=stop_after_fire=choose",
    )
    act(game, "play R-Hit2")
    assert legal(game) == ["press"]
    with pytest.raises(IllegalAction):
        act(game, "stop")
    act(game, "press")  # two cards come out
    assert owes(game) == (1, 1)
    assert legal(game) == ["press", "stop"]
    events = act(game, "stop")
    assert first(events, StoppedPressing).presses_left == 1
    assert hand(game, 1) == ["Y3", "Y4", "Y5", "G1", "G2"]
    assert game.phase is Phase.TURN and game.current == 2


def test_hit_cards_still_stop_early_when_the_scope_is_hit_cards():
    """A10, R17: fr_stop_on_fire_scope=hit_cards keeps the early stop for Hit cards."""
    game = pos(
        "R-Hit2,R5,R6/Y3,Y4,Y5/B3,B4,B5/Y6,Y7,B8",
        script="1",
        extra="house=fr_stop_on_fire_scope=hit_cards",
    )
    act(game, "play R-Hit2")
    events = act(game, "press")
    assert presses_by(events, 1) == 1
    assert owes(game) is None
    assert game.current == 2


# ------------------------------------------------------------------ Double attaque


def test_double_attaque_names_a_colour_and_the_chosen_player_presses_twice():
    """R27, A36: the attacker names a colour and any other player; that player presses."""
    game = pos("DBL,R5,R6/Y3,Y4,Y5/B3,B4,B5/Y6,Y7,B8")
    events = act(game, "play DBL G @2")
    played = first(events, CardPlayed)
    assert (played.target, played.colour) == (2, Colour.GREEN)
    assert game.colour is Colour.GREEN
    assert first(events, MustPress).reason == "attack"
    assert owes(game) == (2, 2)


def test_double_attaque_cannot_target_its_own_player():
    """A06, R27: any OTHER active player may be attacked, never oneself."""
    game = pos("DBL,R5,R6/Y3,Y4,Y5/B3,B4,B5/Y6,Y7,B8")
    targets = {a.split("@")[1] for a in legal(game) if a.startswith("play WAA")}
    assert targets == {"1", "2", "3"}
    with pytest.raises(IllegalAction):
        act(game, "play DBL G @0")
    assert hand(game, 0) == ["WAA", "R5", "R6"]


def test_after_double_attaque_play_resumes_two_seats_after_the_attacker():
    """R28, A05: whoever was attacked, the second player after the attacker plays next."""
    game = pos("DBL,R5,R6/Y3,Y4,Y5/B3,B4,B5/Y6,Y7,B8")
    events = act(game, "play DBL G @3")
    assert owes(game) == (3, 2)
    events += press(game, 2)
    assert presses_by(events, 3) == 2
    assert presses_by(events, 1) == 0
    assert game.phase is Phase.TURN and game.current == 2
    assert len(hand(game, 1)) == 3


def test_double_attaque_target_may_stop_after_a_fire_and_may_be_next_to_play():
    """R27, R28, R17: the target stops at the first fire; the second seat on plays next."""
    game = pos("DBL,R5,R6/Y3,Y4,Y5/B3,B4,B5/Y6,Y7,B8", script="1")
    act(game, "play DBL Y @2")
    events = act(game, "press")
    assert presses_by(events, 2) == 1
    assert first(events, StoppedPressing).presses_left == 1
    assert hand(game, 2) == ["B3", "B4", "B5", "G1"]
    assert game.phase is Phase.TURN and game.current == 2


# ------------------------------------------------------------------ Méga appuyer


def test_stacking_is_optional_and_an_unstacked_hit_card_follows_its_own_rule():
    """R37, A09, A07, R42: the victim may press instead of stacking; a single Hit 1
    then makes the victim forfeit, and play goes to the player after the victim."""
    game = pos(TABLE)
    act(game, "play R-Hit1")
    assert legal(game) == ["press", "play Y-Hit2"]
    act(game, "press")
    assert game.phase is Phase.TURN and game.current == 2
    assert hand(game, 1) == ["Y-Hit2", "Y3", "Y4"]
    assert game.pile_total == 0


def test_only_the_player_facing_the_hit_may_stack():
    """A09, R37: a player not facing the obligation cannot lay a Hit card on it."""
    game = pos(TABLE)
    act(game, "play R-Hit1")
    assert legal(game, seat=2) == []
    with pytest.raises(IllegalAction):
        act(game, "play DBL G @3", seat=2)
    assert owes(game) == (1, 1)
    assert hand(game, 2) == ["WAA", "B3", "B4"]


@pytest.mark.parametrize(
    ("laid", "stacked", "total"),
    [
        ("R-Hit2", "Y-Hit1", 3),  # Hit 1 on Hit 2
        ("R-Hit1", "B-Hit2", 3),  # Hit 2 on Hit 1
        ("B-Hit1", "R-Hit1", 2),  # red on blue
    ],
)
def test_any_hit_card_of_any_colour_stacks_and_the_pile_faces_the_next_player(
    laid: str, stacked: str, total: int
):
    """R37, R38, A09: any Hit card stacks whatever its colour or kind; the pile total is
    the sum, and after a coloured Hit card it faces the player after the stacker."""
    game = pos(f"{laid},R5,R6/{stacked},Y3,Y4/B3,B4,B5/Y6,Y7,B8", pile=f"{laid[0]}2")
    act(game, f"play {laid}")
    events = act(game, f"play {stacked}")
    assert first(events, CardPlayed).stacked is True
    assert first(events, MustPress).reason == "pile"
    assert owes(game) == (2, total)
    assert game.pile_total == total


def test_facing_a_pile_only_a_hit_card_or_a_press_is_allowed():
    """A09, A47, R14, R37: no other card (not even a matching card or a wild) and no
    reneging while facing a pile: the player stacks or presses the pile."""
    game = pos("R-Hit1,R5,R6/Y-Hit2,Y3,Y4/B-Hit1,Y5,W/Y6,Y7,B8")
    act(game, "play R-Hit1", "play Y-Hit2")
    assert owes(game) == (2, 3)
    assert legal(game) == ["press", "play B-Hit1"]
    for play in ("play Y5", "play W Y"):
        with pytest.raises(IllegalAction):
            act(game, play)
    act(game, "press")
    assert owes(game) == (2, 2)  # the press is one of the pile's, not a turn's press


def test_double_attaque_in_a_pile_adds_2_and_may_target_a_player_who_stacked():
    """R39, A51, A06: a DBL adds 2 and sends the pile to any other player, including one
    who already stacked, but not to its own player."""
    game = pos(TABLE)
    act(game, "play R-Hit1", "play Y-Hit2")
    targets = {a.split("@")[1] for a in legal(game) if a.startswith("play WAA")}
    assert targets == {"0", "1", "3"}
    act(game, "play DBL B @1")
    assert owes(game) == (1, 5)
    assert game.pile_total == 5


def test_the_target_of_a_double_attaque_in_a_pile_may_stack_again():
    """R40, A51: the DBL's target may stack; the pile then faces the player after them."""
    game = pos("R-Hit1,B-Hit1,R5/Y-Hit2,Y3,Y4/DBL,B3,B4/Y6,Y7,B8")
    act(game, "play R-Hit1", "play Y-Hit2", "play DBL G @0")
    assert owes(game) == (0, 5)
    assert "play B-Hit1" in legal(game)
    act(game, "play B-Hit1")
    assert owes(game) == (1, 6)


def test_when_the_first_card_is_a_double_attaque_the_target_may_start_a_pile():
    """R40, R42: the target of a DBL stacks; the pile faces the player after the TARGET,
    and once executed, play resumes after the attacker (who laid the first card)."""
    game = pos("DBL,R5,R6/Y3,Y4,Y5/B-Hit2,B3,B4/Y6,Y7,B8")
    act(game, "play DBL R @2")
    act(game, "play B-Hit2")
    assert owes(game) == (3, 4)
    events = press(game, 4)
    assert presses_by(events, 3) == 4
    assert game.phase is Phase.TURN and game.current == 1


def test_the_executor_presses_up_to_the_pile_total_and_the_pile_is_cleared():
    """R41: the player who executes presses the whole pile; then the pile is empty."""
    game = pos(NO_HITS.replace("Y3,Y4,Y5", "Y-Hit2,Y3,Y4"))
    act(game, "play R-Hit1", "play Y-Hit2")
    assert legal(game) == ["press"]
    events = press(game, 3)
    assert presses_by(events, 2) == 3
    assert owes(game) is None
    assert game.pile_total == 0
    assert game.phase is Phase.TURN


def test_the_executor_stops_after_the_first_press_that_yields_cards():
    """R41, R17, A10: executing a pile ends at the first fire by default."""
    game = pos(NO_HITS.replace("Y3,Y4,Y5", "Y-Hit2,Y3,Y4"), script="0,2")
    act(game, "play R-Hit1", "play Y-Hit2")
    events = press(game, 2)
    assert presses_by(events, 2) == 2
    stopped = first(events, StoppedPressing)
    assert (stopped.seat, stopped.presses_left) == (2, 1)
    assert hand(game, 2) == ["B3", "B4", "B5", "G1", "G2"]
    assert owes(game) is None and game.pile_total == 0


def test_with_option_choose_the_executor_may_stop_once_cards_came_out():
    """R41, R17, R37: with stop_after_fire=choose the executor gets ``stop`` after a fire,
    and having started to press, may no longer stack."""
    game = pos(
        "R-Hit1,R5,R6/Y-Hit2,Y3,Y4/B-Hit1,B3,B4/Y6,Y7,B8",
        script="0,2",
        extra="house=stop_after_fire=choose",
    )
    act(game, "play R-Hit1", "play Y-Hit2")
    act(game, "press")  # a ding: no stop yet, and no stacking once pressing has begun
    assert legal(game) == ["press"]
    act(game, "press")  # two cards come out
    assert owes(game) == (2, 1)
    assert legal(game) == ["press", "stop"]
    act(game, "stop")
    assert owes(game) is None
    assert game.phase is Phase.TURN and game.current == 1


def test_after_a_pile_play_resumes_after_the_player_who_laid_the_first_hit_card():
    """R42, A07: P0 Hit 1, P1 stacks, P2 executes: P1 plays next, not P3."""
    game = pos(NO_HITS.replace("Y3,Y4,Y5", "Y-Hit2,Y3,Y4"))
    act(game, "play R-Hit1", "play Y-Hit2")
    events = press(game, 3)
    assert first(events, TurnStarted).seat == 1
    assert game.phase is Phase.TURN and game.current == 1


def test_after_a_pile_the_executor_plays_next_when_seated_after_the_first_player():
    """R42, R39, A51: the player after the first card's player plays next, even when that
    is the executor who just pressed the pile."""
    game = pos("R-Hit1,R5,R6/DBL,Y3,Y4/B-Hit2,B3,B4/DBL,Y6,Y7")
    act(game, "play R-Hit1", "play DBL Y @2", "play B-Hit2", "play DBL G @1")
    assert owes(game) == (1, 7)
    events = press(game, 7)
    assert presses_by(events, 1) == 7
    assert game.phase is Phase.TURN and game.current == 1
    assert game.colour is Colour.GREEN


def test_the_colour_after_a_pile_is_the_top_hit_cards_colour():
    """A48, R41: after a pile the active colour is that of the stacked card on top."""
    game = pos("R-Hit1,R5,R6/B-Hit2,Y3,Y4/B3,B4,B5/Y6,Y7,B8")
    act(game, "play R-Hit1", "play B-Hit2")
    press(game, 3)
    assert str(game.top) == "B-Hit2"
    assert game.colour is Colour.BLUE


def test_worked_example_the_pile_grows_1_3_5_and_turns_on_the_original_player():
    """R43, A08, R38, R39: right-hand player Hit 1 (1), you stack Hit 2 (3), the next
    player's Double attaque makes 5 and targets the original player, who cannot stack."""
    game = pos(TABLE)  # "you" are seat 1; the player to your right is seat 0
    act(game, "play R-Hit1")
    assert owes(game) == (1, 1) and game.pile_total == 1
    act(game, "play Y-Hit2")
    assert owes(game) == (2, 3) and game.pile_total == 3
    act(game, "play DBL G @0")
    assert owes(game) == (0, 5) and game.pile_total == 5
    assert legal(game) == ["press"]


def test_worked_example_the_original_player_presses_5_times_then_it_is_your_turn():
    """R43, A08, R42, A48: the original player presses 5 times, then seat 1 ("you") plays,
    in the colour the Double attaque named."""
    game = pos(TABLE)
    act(game, "play R-Hit1", "play Y-Hit2", "play DBL G @0")
    events = press(game, 5)
    assert presses_by(events, 0) == 5
    assert [e.seat for e in events if isinstance(e, TurnStarted)] == [1]
    assert game.phase is Phase.TURN and game.current == 1
    assert game.colour is Colour.GREEN
    assert game.pile_total == 0
    assert hand(game, 3) == ["Y6", "Y7", "B8"]


# ------------------------------------------------------------------ going out


def test_going_out_on_hit_1_the_victim_presses_and_those_cards_count():
    """R64, R66, A14, A45: the last card's Hit 1 is carried out (no stacking, the hand
    is over) and the cards it gives are scored."""
    game = pos("R-Hit1/Y-Hit2,Y3,Y4/B3,B4,B5", script="2")
    act(game, "play R-Hit1")
    assert owes(game) == (1, 1)
    assert legal(game) == ["press"]
    events = act(game, "press")
    won = first(events, HandWon)
    assert won.seat == 0
    assert won.hand_points == (0, 50, 12)
    assert won.points == 62


def test_going_out_on_hit_2_the_victim_may_stop_after_a_fire():
    """R66, R17, A14: the victim of a last Hit 2 stops at the first fire; cards count."""
    game = pos("R-Hit2/Y3,Y4,Y5/B3,B4,B5", script="3")
    act(game, "play R-Hit2")
    events = act(game, "press")
    assert presses_by(events, 1) == 1
    assert first(events, StoppedPressing).presses_left == 1
    won = first(events, HandWon)
    assert won.seat == 0
    assert won.hand_points == (0, 18, 12)


def test_going_out_on_double_attaque_the_target_presses_twice_without_stacking():
    """R67, R64, A45: the last DBL is played normally; its target presses, may not stack."""
    game = pos("DBL/Y3,Y4,Y5/B-Hit2,B4,B5")
    act(game, "play DBL G @2")
    assert owes(game) == (2, 2)
    assert legal(game) == ["press"]
    events = press(game, 2)
    assert presses_by(events, 2) == 2
    won = first(events, HandWon)
    assert won.seat == 0
    assert won.points == 12 + 49


def test_going_out_by_stacking_the_pile_is_executed_in_full_without_stacking():
    """R69, A45, R17: whoever the pile faces after a player goes out by stacking presses
    it (stopping after a fire) and may not stack; then the hand is scored."""
    game = pos("R-Hit1,R5,R6/Y-Hit2/B-Hit1,B3,B4/Y6,Y7,Y8", script="0,2")
    act(game, "play R-Hit1", "play Y-Hit2")
    assert owes(game) == (2, 3)
    assert legal(game) == ["press"]
    events = press(game, 2)
    assert presses_by(events, 2) == 2
    assert first(events, StoppedPressing).presses_left == 1
    won = first(events, HandWon)
    assert won.seat == 1
    assert won.hand_points == (11, 0, 30, 21)


def test_house_option_allow_stack_after_out_lets_the_pile_be_stacked():
    """A45, R69: with allow_stack_after_out=on the player facing the pile may stack."""
    game = pos(
        "R-Hit1,R5,R6/Y-Hit2/B-Hit1,B3,B4/Y6,Y7,Y8",
        extra="house=allow_stack_after_out=on",
    )
    act(game, "play R-Hit1", "play Y-Hit2")
    assert legal(game) == ["press", "play B-Hit1"]
    act(game, "play B-Hit1")
    assert owes(game) == (3, 4)
    events = press(game, 4)
    assert presses_by(events, 3) == 4
    won = first(events, HandWon)
    assert won.seat == 1
    assert won.hand_points == (11, 0, 7, 21)


# ------------------------------------------------------------------ start cards

START_HANDS = "Y-Hit2,Y4,Y5/B3,B4,B5/Y6,Y7,Y8/B6,B7,B8"


def test_start_hit_1_dealer_plus_1_presses_once_and_dealer_plus_2_starts():
    """R48, A09, A28: dealer+1 presses once (no stacking on a start card), dealer+2 plays."""
    game = start("R-Hit1", START_HANDS)
    assert owes(game) == (0, 1)
    assert legal(game) == ["press"]
    act(game, "press")
    assert game.phase is Phase.TURN and game.current == 1
    assert game.colour is Colour.RED


def test_start_hit_2_dealer_plus_1_presses_twice_without_stacking():
    """R49, A09, A28: dealer+1 presses twice and may not stack; dealer+2 starts."""
    game = start("R-Hit2", START_HANDS)
    assert owes(game) == (0, 2)
    assert legal(game) == ["press"]
    events = press(game, 2)
    assert presses_by(events, 0) == 2
    assert game.phase is Phase.TURN and game.current == 1


def test_start_hit_2_dealer_plus_1_may_stop_after_a_fire():
    """R49, R17: the start Hit 2 ends at the first press that yields cards."""
    game = start("R-Hit2", START_HANDS, script="1")
    events = act(game, "press")
    assert presses_by(events, 0) == 1
    assert first(events, StoppedPressing).presses_left == 1
    assert game.phase is Phase.TURN and game.current == 1


def test_start_double_attaque_targets_dealer_plus_1_and_dealer_plus_2_names_the_colour():
    """R55, A27, A26, A28: dealer+1 presses twice (no stacking), then dealer+2 names the
    colour and takes the first turn."""
    game = start("DBL", START_HANDS)
    assert owes(game) == (0, 2)
    assert legal(game) == ["press"]
    press(game, 2)
    assert game.phase is Phase.CHOOSE_COLOUR and game.to_act == 1
    act(game, "colour G")
    assert game.phase is Phase.TURN and game.current == 1
    assert game.colour is Colour.GREEN


def test_start_reverse_the_dealer_plays_first_and_play_goes_right():
    """R45: with a Reverse start card the dealer plays first, counter-clockwise."""
    game = start("R-Rev", START_HANDS)
    assert game.phase is Phase.TURN and game.current == 3
    assert game.direction == -1
    act(game, "press")
    assert game.current == 2


def test_start_skip_dealer_plus_1_is_skipped():
    """R46: with a Skip start card dealer+1 is passed over and dealer+2 starts."""
    game = start("R-Skip", START_HANDS)
    assert any(isinstance(e, Skipped) and e.seat == 0 for e in game.log)
    assert game.phase is Phase.TURN and game.current == 1
    assert game.direction == 1


def test_start_wild_dealer_plus_1_names_a_colour_then_plays():
    """R47: with a Wild start card dealer+1 names a colour, then takes a normal turn."""
    game = start("W", "B5,Y4,Y5/B3,B4,B6/Y6,Y7,Y8/B7,B8,B9")
    assert game.phase is Phase.CHOOSE_COLOUR and game.to_act == 0
    act(game, "colour B")
    assert game.phase is Phase.TURN and game.current == 0
    assert game.colour is Colour.BLUE
    assert legal(game) == ["play B5", "press"]


def test_start_poser_tout_is_an_ordinary_card_for_dealer_plus_1():
    """R51, A23: dealer+1 starts on a Poser tout with its colour, another Poser tout,
    or a wild, and may press."""
    game = start("Y-DA", "Y5,B-DA,W,R7/B3,B4,B5/Y6,Y7,Y8/B6,B7,B8")
    assert game.phase is Phase.TURN and game.current == 0
    assert game.colour is Colour.YELLOW
    plays = legal(game)
    assert {"play Y5", "play B-DA", "play W R", "play W B", "press"} <= set(plays)
    assert "play R7" not in plays


# ------------------------------------------------------------------ penalties

PENALTY_HANDS = "R5,R6/Y3,Y4,Y5/B3,B4,B5/Y6,Y7,B8"


def test_uno_penalty_is_2_presses_and_turn_order_is_unchanged():
    """R58, A20: a caught player presses twice at once; the turn stays where it was."""
    game = pos(PENALTY_HANDS)
    act(game, "play R5")
    events = act(game, "catch 0", seat=2)
    assert first(events, Caught).presses == 2
    assert owes(game) == (0, 2)
    events = press(game, 2)
    assert presses_by(events, 0) == 2
    assert game.phase is Phase.TURN and game.current == 1


def test_uno_penalty_may_stop_after_a_fire():
    """R58, R17, A10: the UNO penalty ends at the first press that yields cards."""
    game = pos(PENALTY_HANDS, script="1")
    act(game, "play R5")
    act(game, "catch 0", seat=2)
    events = act(game, "press")
    assert presses_by(events, 0) == 1
    assert first(events, StoppedPressing).presses_left == 1
    assert hand(game, 0) == ["R6", "G1"]
    assert game.phase is Phase.TURN and game.current == 1


def test_suggestion_penalty_is_4_presses_and_turn_order_is_unchanged():
    """R63, A41, A20: the referee's suggestion penalty: 4 presses, same player's turn."""
    game = pos(PENALTY_HANDS)
    game.penalize_suggestion(2)
    assert owes(game) == (2, 4)
    events = press(game, 4)
    assert presses_by(events, 2) == 4
    assert game.phase is Phase.TURN and game.current == 0
    assert hand(game, 0) == ["R5", "R6"]


def test_suggestion_penalty_may_stop_after_a_fire():
    """R63, R17, A41: the suggestion penalty ends at the first press that yields cards."""
    game = pos(PENALTY_HANDS, script="0,2")
    game.penalize_suggestion(2)
    events = press(game, 2)
    stopped = first(events, StoppedPressing)
    assert (stopped.seat, stopped.presses_left) == (2, 2)
    assert owes(game) is None
    assert game.phase is Phase.TURN and game.current == 0


@pytest.mark.parametrize("penalty", ["uno", "suggestion"])
def test_with_scope_hit_cards_penalties_are_pressed_in_full(penalty: str):
    """A10, R17: with fr_stop_on_fire_scope=hit_cards the UNO and suggestion penalties
    no longer stop after a fire."""
    game = pos(PENALTY_HANDS, script="1", extra="house=fr_stop_on_fire_scope=hit_cards")
    if penalty == "uno":
        act(game, "play R5")
        act(game, "catch 0", seat=2)
        seat, presses = 0, 2
    else:
        game.penalize_suggestion(2)
        seat, presses = 2, 4
    events = act(game, "press")
    assert owes(game) == (seat, presses - 1)
    events += press(game, presses - 1)
    assert presses_by(events, seat) == presses
    assert not any(isinstance(e, StoppedPressing) for e in events)
    assert game.phase is Phase.TURN


# ------------------------------------------------------------------ two players


def test_two_players_reverse_acts_as_skip_and_the_player_plays_again():
    """R75, A12: with two players a Reverse skips the opponent; a full turn follows."""
    game = pos("R-Rev,R5,R6,Y9/Y3,Y4,Y5")
    events = act(game, "play R-Rev")
    assert TurnStarted(0, True) in events
    assert game.phase is Phase.TURN and game.current == 0
    assert legal(game) == ["play R5", "play R6", "press"]
    act(game, "press")  # the extra turn may be a press
    assert game.current == 1


def test_two_players_skip_gives_the_player_another_turn():
    """R76, A12: with two players the Skip's player plays again at once."""
    game = pos("R-Skip,R5,R6/Y3,Y4,Y5")
    events = act(game, "play R-Skip")
    assert TurnStarted(0, True) in events
    assert game.phase is Phase.TURN and game.current == 0


@pytest.mark.parametrize(("card", "presses"), [("R-Hit1", 1), ("R-Hit2", 2)])
def test_two_players_hit_cards_return_play_to_the_cards_player(card: str, presses: int):
    """R77, A13: after the opponent presses for a Hit 1 or Hit 2, the card's player plays."""
    game = pos(f"{card},R5,R6/Y3,Y4,Y5")
    act(game, f"play {card}")
    assert owes(game) == (1, presses)
    events = press(game, presses)
    assert presses_by(events, 1) == presses
    assert game.phase is Phase.TURN and game.current == 0


def test_two_players_double_attaque_returns_play_to_the_attacker():
    """R77, A13, R28: with two players the attacker plays again after the opponent presses."""
    game = pos("DBL,R5,R6/Y3,Y4,Y5")
    act(game, "play DBL G @1")
    press(game, 2)
    assert game.phase is Phase.TURN and game.current == 0
    assert game.colour is Colour.GREEN


def test_two_players_a_pile_follows_the_mega_rule():
    """R77, R42, A13: P0 Hit 1, P1 stacks, P0 executes: play resumes after P0, with P1."""
    game = pos("R-Hit1,R5,R6/Y-Hit2,Y3,Y4")
    act(game, "play R-Hit1", "play Y-Hit2")
    assert owes(game) == (0, 3)
    events = press(game, 3)
    assert presses_by(events, 0) == 3
    assert game.phase is Phase.TURN and game.current == 1
