"""Rule scenarios for the 2010 edition (E2; seed 002 is its only source), from positions.

Every test builds a position in one line (tests/scenario.py), acts, and asserts the exact
outcome that RULINGS.md requires. Stocks written ``stock=...`` hold the rest of the deck
in deck order, so the first cards a press yields are R1, R1, R2 (the pile holds the
other R2), R3, ...
"""

from __future__ import annotations

from collections import Counter

import pytest

from scenario import act, hand, legal, owes, position, types
from unoattack.engine import Game, IllegalAction, Phase
from unoattack.engine.events import Pressed, Skipped, TurnStarted
from unoattack.rules.cards import Card, Colour, Kind
from unoattack.rules.edition import WILD_CUSTOM_EFFECTS, Edition, EditionError

E2_POINTS = {
    Kind.REVERSE: 20,
    Kind.SKIP: 20,
    Kind.HIT2: 20,
    Kind.WILD_HIT4: 40,
    Kind.DISCARD_ALL: 30,
    Kind.WILD: 50,
    Kind.WILD_ATTACK_ATTACK: 50,
    Kind.WILD_CUSTOM: 50,
}


def four(hands: str, *, launcher: str = "scripted:", extra: str = "") -> str:
    """A 2010 position with four seats, seat 0 to play, dealer 3, the top card R2."""
    return (
        f"2010 hands={hands} pile=R2 turn=0 dealer=3 scores=0,0,0,0 stock=... "
        f"launcher={launcher} seed=0 {extra}"
    ).strip()


def pressers(events: list) -> list[int]:
    """The seat of each press, in order."""
    return [e.seat for e in events if isinstance(e, Pressed)]


def turns(events: list) -> list[tuple[int, bool]]:
    """(seat, bonus) of each turn started, in order."""
    return [(e.seat, e.bonus) for e in events if isinstance(e, TurnStarted)]


def until_hand_won(events: list) -> list:
    """The events of a hand up to and including its HandWon (the next hand is dealt after)."""
    names = types(events)
    assert "hand_won" in names
    return events[: names.index("hand_won") + 1]


# --------------------------------------------------------------------------- the deck


def test_e2_deck_is_the_112_cards_listed_without_trade_hands_all_hit_or_hit_fire():
    """R-§1.2, A01: 112 cards as listed in seed 002; no TH, WAH or WHF in the deck."""
    deck = Edition.load("2010").deck
    assert deck.size == 112
    kinds = Counter(card.kind for card in deck.faces)
    assert kinds == {
        Kind.NUMBER: 72,
        Kind.REVERSE: 4,
        Kind.HIT2: 8,
        Kind.SKIP: 8,
        Kind.DISCARD_ALL: 8,
        Kind.WILD: 4,
        Kind.WILD_ATTACK_ATTACK: 4,
        Kind.WILD_CUSTOM: 3,
        Kind.WILD_HIT4: 1,
    }
    for colour in Colour:
        per_kind = Counter(card.kind for card in deck.faces if card.colour is colour)
        assert per_kind == {
            Kind.NUMBER: 18,
            Kind.REVERSE: 1,
            Kind.HIT2: 2,
            Kind.SKIP: 2,
            Kind.DISCARD_ALL: 2,
        }
        numbers = Counter(c.number for c in deck.faces if c.colour is colour and c.number)
        assert numbers == {n: 2 for n in range(1, 10)}
    for absent in ("R-TH", "WAH", "WHF"):
        assert deck.count(Card.parse(absent)) == 0


def test_e2_card_points_make_wild_hit4_worth_40_and_the_deck_1590():
    """R-§1.2, R71: E2 values; Wild Hit 4 is worth 40 and the whole deck 1590."""
    edition = Edition.load("2010")
    for kind, points in E2_POINTS.items():
        card = next(c for c in edition.deck.faces if c.kind is kind)
        assert edition.card_points(card) == points, kind
    assert edition.card_points(Card.parse("B7")) == 7
    assert sum(edition.card_points(c) for c in edition.deck.faces) == 1590


# --------------------------------------------------------------------------- Wild Hit 4


def test_wild_hit4_names_the_colour_and_the_next_player_owes_four_presses():
    """R26, R11: WH4 names a colour; the next player owes exactly 4 presses."""
    game = position(four("WH4,R5,R6/G3,G4/B3,B4/Y3,Y4"))
    events = act(game, "play WH4 G")
    assert types(events) == ["card_played", "must_press"]
    assert game.colour is Colour.GREEN
    assert owes(game) == (1, 4)
    assert game.phase is Phase.PRESSING
    assert legal(game) == ["press"]


def test_wild_hit4_victim_presses_all_four_times_even_after_a_fire():
    """R26, A39, A47, R17: no stopping after cards fire, and no card play instead."""
    game = position(four("WH4,R5,R6/G3,W/B3,B4/Y3,Y4", launcher="scripted:3"))
    act(game, "play WH4 G")
    act(game, "press")
    assert hand(game, 1) == ["G3", "W", "R1", "R1", "R2"]
    assert owes(game) == (1, 3)
    assert legal(game) == ["press"]
    with pytest.raises(IllegalAction):
        act(game, "stop")
    with pytest.raises(IllegalAction):
        act(game, "play W R")
    events = act(game, "press", "press", "press")
    assert pressers(events) == [1, 1, 1]
    assert owes(game) is None
    assert len(game.hands[1]) == 5


def test_wild_hit4_victim_forfeits_and_play_goes_to_the_player_after():
    """R26, A38, A04: the victim forfeits; play passes on in the current direction."""
    game = position(four("WH4,R5,R6/G3,G4/B3,B4/Y3,Y4"))
    events = act(game, "play WH4 G", "press", "press", "press", "press")
    assert pressers(events) == [1, 1, 1, 1]
    assert turns(events) == [(2, False)]
    assert (game.current, game.phase) == (2, Phase.TURN)

    game = position(four("WH4,R5,R6/G3,G4/B3,B4/Y3,Y4", extra="dir=ccw"))
    events = act(game, "play WH4 G", "press", "press", "press", "press")
    assert pressers(events) == [3, 3, 3, 3]
    assert (game.current, game.phase) == (2, Phase.TURN)


# --------------------------------------------------------------------------- Wild Attack-Attack


def test_attack_attack_targets_only_other_active_players():
    """R27, A06, A34: not yourself, not an eliminated seat; any other active player."""
    game = position(
        "2010 hands=WAA,R5,R6/G3,G4//Y3,Y4 pile=R2 turn=0 dealer=3 scores=0,0,0,0 "
        "stock=... launcher=scripted: seed=0 out=2"
    )
    plays = [a for a in legal(game) if a.startswith("play WAA R")]
    assert plays == ["play WAA R @1", "play WAA R @3"]
    with pytest.raises(IllegalAction):
        act(game, "play WAA R @0")
    with pytest.raises(IllegalAction):
        act(game, "play WAA R @2")
    assert hand(game, 0) == ["WAA", "R5", "R6"]


def test_attack_attack_target_presses_twice_even_after_a_fire():
    """R27, R17, A47: the target (not the next player) presses twice, both mandatory."""
    game = position(four("WAA,R5,R6/G3,G4/B3,B4/Y3,Y4", launcher="scripted:1"))
    events = act(game, "play WAA B @2")
    assert types(events) == ["card_played", "must_press"]
    assert game.colour is Colour.BLUE
    assert owes(game) == (2, 2)
    act(game, "press")
    assert owes(game) == (2, 1)
    assert legal(game) == ["press"]
    with pytest.raises(IllegalAction):
        act(game, "stop")
    act(game, "press")
    assert owes(game) is None
    assert hand(game, 2) == ["B3", "B4", "R1"]
    assert hand(game, 1) == ["G3", "G4"]


def test_attack_attack_on_a_far_player_passes_over_the_next_player():
    """R28, A05: play resumes with the second player after the attacker: seat 1 is passed."""
    game = position(four("WAA,R5,R6/G3,G4/B3,B4/Y3,Y4"))
    events = act(game, "play WAA B @3", "press", "press")
    assert pressers(events) == [3, 3]
    assert turns(events) == [(2, False)]
    assert (game.current, game.phase) == (2, Phase.TURN)
    assert hand(game, 1) == ["G3", "G4"]


def test_attack_attack_target_may_be_the_next_to_play():
    """R28, A05: a target two seats on presses twice and then plays next."""
    game = position(four("WAA,R5,R6/G3,G4/B3,B4/Y3,Y4", launcher="scripted:1,1"))
    events = act(game, "play WAA B @2", "press", "press")
    assert pressers(events) == [2, 2]
    assert (game.current, game.to_act, game.phase) == (2, 2, Phase.TURN)
    assert hand(game, 2) == ["B3", "B4", "R1", "R1"]


def test_attack_resume_option_gives_the_next_player_the_turn_unless_attacked():
    """R28, A05: attack_resume=next_unless_target_is_next."""
    option = "house=attack_resume=next_unless_target_is_next"
    game = position(four("WAA,R5,R6/G3,G4/B3,B4/Y3,Y4", extra=option))
    act(game, "play WAA B @3", "press", "press")
    assert (game.current, game.phase) == (1, Phase.TURN)

    game = position(four("WAA,R5,R6/G3,G4/B3,B4/Y3,Y4", extra=option))
    act(game, "play WAA B @1", "press", "press")
    assert (game.current, game.phase) == (2, Phase.TURN)


# --------------------------------------------------------------------------- Wild Customizable


def test_wild_customizable_is_a_plain_wild_by_default():
    """R29, A40, R10: by default WCust only names a colour; the next player plays."""
    assert Edition.load("2010").options.wild_custom_effect == "plain_wild"
    game = position(four("WCust,R5,R6/G3,G4/B3,B4/Y3,Y4"))
    assert [a for a in legal(game) if a.startswith("play WCust")][:4] == [
        "play WCust R",
        "play WCust Y",
        "play WCust G",
        "play WCust B",
    ]
    events = act(game, "play WCust B")
    assert types(events) == ["card_played", "turn_started"]
    assert game.colour is Colour.BLUE
    assert (game.current, game.phase, owes(game)) == (1, Phase.TURN, None)


def test_wild_customizable_hit_n_makes_the_next_player_press_n_times():
    """R29, A40: wild_custom_effect=hit:3: next player presses 3 times and forfeits."""
    game = position(four("WCust,R5,R6/G3,G4/B3,B4/Y3,Y4", extra="house=wild_custom_effect=hit:3"))
    act(game, "play WCust G")
    assert game.colour is Colour.GREEN
    assert owes(game) == (1, 3)
    events = act(game, "press", "press", "press")
    assert pressers(events) == [1, 1, 1]
    assert (game.current, game.phase) == (2, Phase.TURN)


def test_wild_customizable_attack_n_makes_a_chosen_player_press_n_times():
    """R29, A40, R27, R28: wild_custom_effect=attack:3: the chosen player presses 3 times."""
    game = position(
        four("WCust,R5,R6/G3,G4/B3,B4/Y3,Y4", extra="house=wild_custom_effect=attack:3")
    )
    assert "play WCust G @0" not in legal(game)
    act(game, "play WCust G @3")
    assert game.colour is Colour.GREEN
    assert owes(game) == (3, 3)
    events = act(game, "press", "press", "press")
    assert pressers(events) == [3, 3, 3]
    assert (game.current, game.phase) == (2, Phase.TURN)


def test_wild_customizable_skip_skips_the_next_player():
    """R29, A40, R22: wild_custom_effect=skip."""
    game = position(four("WCust,R5,R6/G3,G4/B3,B4/Y3,Y4", extra="house=wild_custom_effect=skip"))
    events = act(game, "play WCust G")
    assert Skipped(1) in events
    assert game.colour is Colour.GREEN
    assert (game.current, game.phase, owes(game)) == (2, Phase.TURN, None)


def test_wild_customizable_reverse_reverses_the_direction():
    """R29, A40, R21: wild_custom_effect=reverse."""
    game = position(four("WCust,R5,R6/G3,G4/B3,B4/Y3,Y4", extra="house=wild_custom_effect=reverse"))
    act(game, "play WCust G")
    assert game.direction == -1
    assert game.colour is Colour.GREEN
    assert (game.current, game.phase) == (3, Phase.TURN)


def test_wild_customizable_all_hit_makes_every_other_player_press_once():
    """R29, A40, R35, A24: wild_custom_effect=all_hit; then the next player's normal turn."""
    game = position(
        four(
            "WCust,R5,R6/G3,G4/B3,B4/Y3,Y4",
            launcher="scripted:1,0,2",
            extra="house=wild_custom_effect=all_hit",
        )
    )
    act(game, "play WCust G")
    events = act(game, "press", "press", "press")
    assert pressers(events) == [1, 2, 3]
    assert hand(game, 1) == ["G3", "G4", "R1"]
    assert hand(game, 2) == ["B3", "B4"]
    assert hand(game, 3) == ["Y3", "Y4", "R1", "R2"]
    assert (game.current, game.phase, owes(game)) == (1, Phase.TURN, None)


def test_wild_customizable_hit_fire_presses_until_the_launcher_fires():
    """R29, A40, R36: wild_custom_effect=hit_fire; the presser forfeits."""
    game = position(
        four(
            "WCust,R5,R6/G3,G4/B3,B4/Y3,Y4",
            launcher="scripted:0,0,2",
            extra="house=wild_custom_effect=hit_fire",
        )
    )
    act(game, "play WCust G")
    events = act(game, "press", "press")
    assert pressers(events) == [1, 1]
    assert game.phase is Phase.PRESSING
    events = act(game, "press")
    assert hand(game, 1) == ["G3", "G4", "R1", "R1"]
    assert turns(events) == [(2, False)]
    assert (game.current, game.phase, owes(game)) == (2, Phase.TURN, None)


def test_wild_customizable_trade_hands_swaps_hands_with_the_chosen_player():
    """R29, A40, R30: wild_custom_effect=trade_hands; play then goes to the next player."""
    game = position(
        four("WCust,R5,R6/G3,G4/B3,B4,B5/Y3,Y4", extra="house=wild_custom_effect=trade_hands")
    )
    act(game, "play WCust G @2")
    assert hand(game, 0) == ["B3", "B4", "B5"]
    assert hand(game, 2) == ["R5", "R6"]
    assert game.colour is Colour.GREEN
    assert (game.current, game.phase) == (1, Phase.TURN)


def test_wild_customizable_unknown_effect_is_an_error_naming_the_menu():
    """R29, A40: an effect outside the menu is an EditionError listing the allowed values."""
    with pytest.raises(EditionError) as caught:
        Edition.load("2010").with_options({"wild_custom_effect": "draw:2"})
    message = str(caught.value)
    assert "wild_custom_effect" in message
    for entry in WILD_CUSTOM_EFFECTS:
        assert entry in message


# --------------------------------------------------------------------------- Hit 2


def test_hit2_next_player_presses_twice_both_mandatory_and_forfeits():
    """R25, R17, A38: both presses are made even after a fire; play goes to the player after."""
    game = position(four("R-Hit2,R5,R6/G3,G4/B3,B4/Y3,Y4", launcher="scripted:2"))
    act(game, "play R-Hit2")
    assert owes(game) == (1, 2)
    act(game, "press")
    assert owes(game) == (1, 1)
    with pytest.raises(IllegalAction):
        act(game, "stop")
    events = act(game, "press")
    assert hand(game, 1) == ["G3", "G4", "R1", "R1"]
    assert turns(events) == [(2, False)]
    assert (game.current, game.phase) == (2, Phase.TURN)


def test_hit2_cannot_be_stacked_in_e2():
    """R25, R37, A47, A09: the victim of a Hit 2 must press: no Hit 2 on it, no wild."""
    game = position(four("R-Hit2,R5,R6/Y-Hit2,W/B3,B4/Y3,Y4"))
    act(game, "play R-Hit2")
    assert owes(game) == (1, 2)
    assert legal(game) == ["press"]
    with pytest.raises(IllegalAction):
        act(game, "play Y-Hit2")
    with pytest.raises(IllegalAction):
        act(game, "play W G")
    assert hand(game, 1) == ["Y-Hit2", "W"]


# --------------------------------------------------------------------------- Discard All


def test_discard_all_discards_every_card_of_its_colour_including_the_second_da():
    """R32, A22: all red cards go (numbers, actions, the other red DA); wilds stay."""
    game = position(four("R-DA,R3,R-Skip,G4,R-DA,W/G3,G4/B3,B4/Y3,Y4"))
    events = act(game, "play R-DA")
    assert hand(game, 0) == ["G4", "W"]
    assert [str(c) for c in events[0].discarded] == ["R3", "R-Skip", "R-DA"]
    assert [str(game.faces[i]) for i in game.pile] == ["R2", "R3", "R-Skip", "R-DA", "R-DA"]
    assert game.colour is Colour.RED
    # R34: the buried Skip has no effect.
    assert (game.current, game.phase) == (1, Phase.TURN)


def test_discard_all_on_a_discard_all_of_another_colour_discards_the_played_colour():
    """R33, A03, A22: on a blue DA, a green DA takes the greens; blues stay."""
    game = position(
        "2010 hands=G-DA,G5,B7,G9/R3,R4/Y3,Y4 pile=R2,B-DA turn=0 dealer=2 "
        "scores=0,0,0 stock=... launcher=scripted: seed=0"
    )
    events = act(game, "play G-DA")
    assert hand(game, 0) == ["B7"]
    assert [str(c) for c in events[0].discarded] == ["G5", "G9"]
    assert str(game.top) == "G-DA"
    assert game.colour is Colour.GREEN


def test_discard_all_is_not_a_wild():
    """R33, A03: a DA needs a colour or DA match; it is not playable on any card."""
    game = position(four("B-DA,B3,G1/G3,G4/B4,B5/Y3,Y4"))
    assert legal(game) == ["press"]
    with pytest.raises(IllegalAction):
        act(game, "play B-DA")


# --------------------------------------------------------------------------- extra card


def test_no_extra_card_after_skip_or_reverse_with_three_or_more_players():
    """R23, A02, R21, R22: by default the extra card is for two-player games only."""
    game = position(four("R-Skip,R5,R6/G3,G4/B3,B4/Y3,Y4"))
    events = act(game, "play R-Skip")
    assert Skipped(1) in events
    assert turns(events) == [(2, False)]
    assert game.current == 2

    game = position(four("R-Rev,R5,R6/G3,G4/B3,B4/Y3,Y4"))
    events = act(game, "play R-Rev")
    assert game.direction == -1
    assert turns(events) == [(3, False)]
    assert game.current == 3


def test_extra_card_option_gives_another_turn_after_reverse():
    """R23, A02: e2_extra_card_all_counts=on: after a Reverse the player goes again."""
    game = position(
        four("R-Rev,R5,R6/G3,G4/B3,B4/Y3,Y4", extra="house=e2_extra_card_all_counts=on")
    )
    events = act(game, "play R-Rev")
    assert game.direction == -1
    assert turns(events) == [(0, True)]
    assert (game.current, game.phase) == (0, Phase.TURN)
    events = act(game, "play R5")
    assert turns(events) == [(3, False)]


def test_extra_card_option_after_skip_the_skipped_player_still_loses_their_turn():
    """R23, A02, R22: e2_extra_card_all_counts=on: extra turn, and seat 1 is still skipped."""
    game = position(
        four("R-Skip,R5,R6/G3,G4/B3,B4/Y3,Y4", extra="house=e2_extra_card_all_counts=on")
    )
    events = act(game, "play R-Skip")
    assert Skipped(1) in events
    assert turns(events) == [(0, True)]
    events = act(game, "play R5")
    assert turns(events) == [(2, False)]
    assert (game.current, game.phase) == (2, Phase.TURN)

    # The same when the extra turn is a press.
    game = position(
        four("R-Skip,R5,R6/G3,G4/B3,B4/Y3,Y4", extra="house=e2_extra_card_all_counts=on")
    )
    act(game, "play R-Skip")
    events = act(game, "press")
    assert pressers(events) == [0]
    assert turns(events) == [(2, False)]


# --------------------------------------------------------------------------- going out


def test_going_out_on_wild_hit4_the_next_player_still_presses_four_times():
    """R64, R66, R70, A38: the WH4 effect happens before scoring; the cards count."""
    game = position(
        "2010 hands=WH4/G3,G4/B3,B4 pile=R2 turn=0 dealer=2 scores=0,0,0 stock=... "
        "launcher=scripted:1,0,2,0 seed=0"
    )
    events = act(game, "play WH4 G")
    assert "hand_won" not in types(events)
    assert owes(game) == (1, 4)
    events = until_hand_won(act(game, "press", "press", "press", "press"))
    assert pressers(events) == [1, 1, 1, 1]
    result = game.last_hand
    assert result is not None
    assert result.winner == 0
    # Seat 1: G3 G4 + R1 R1 R2 = 11; seat 2: B3 B4 = 7.
    assert result.hand_points == (0, 11, 7)
    assert result.points == 18
    assert result.scores == (18, 0, 0)


def test_going_out_on_attack_attack_the_target_still_presses_twice():
    """R64, R67, A15: the WAA as last card still attacks the chosen player before scoring."""
    game = position(
        "2010 hands=WAA/G3,G4/B3,B4 pile=R2 turn=0 dealer=2 scores=0,0,0 stock=... "
        "launcher=scripted:1,2 seed=0"
    )
    events = act(game, "play WAA Y @2")
    assert "hand_won" not in types(events)
    assert owes(game) == (2, 2)
    events = until_hand_won(act(game, "press", "press"))
    assert pressers(events) == [2, 2]
    result = game.last_hand
    assert result is not None
    assert result.winner == 0
    # Seat 1: G3 G4 = 7; seat 2: B3 B4 + R1 R1 R2 = 11.
    assert result.hand_points == (0, 7, 11)
    assert result.points == 18


def test_going_out_on_skip_reverse_wild_or_discard_all_has_no_effect():
    """R64, R03: Skip, Reverse, Wild and DA as last cards leave nothing to do: score now."""
    for cards, play in (
        ("B-Skip", "play B-Skip"),
        ("B-Rev", "play B-Rev"),
        ("W", "play W G"),
        ("B-DA,B9", "play B-DA"),
    ):
        game = position(
            f"2010 hands={cards}/G3,G4/R3,R4 pile=B2 turn=0 dealer=2 scores=0,0,0 "
            "stock=... launcher=scripted:3,3 seed=0"
        )
        events = until_hand_won(act(game, play))
        assert types(events) == ["card_played", "hand_won"], cards
        assert game.last_hand is not None
        assert game.last_hand.winner == 0
        assert game.last_hand.hand_points == (0, 7, 7), cards
        assert game.last_hand.points == 14


# --------------------------------------------------------------------------- start cards


def start(card: str, players: int = 4, extra: str = "") -> Game:
    """A table whose start card ``card`` is still to be turned (an empty pile, ``card``
    at the front of the stock), dealer 0: reading it turns the card and applies it."""
    hands = "/".join(["R5,R6", "G3,G4", "B3,B4", "Y3,Y4", "R7,R8"][:players])
    scores = ",".join(["0"] * players)
    return position(
        f"2010 hands={hands} pile= dealer=0 scores={scores} stock={card},... "
        f"launcher=scripted: seed=0 {extra}".strip()
    )


def test_hit2_start_card_dealer_plus_one_presses_twice_and_dealer_plus_two_starts():
    """R49: a Hit 2 start card: dealer+1 presses twice, dealer+2 starts."""
    game = start("R-Hit2")
    assert owes(game) == (1, 2)
    assert game.to_act == 1
    act(game, "press", "press")
    assert (game.to_act, game.current, game.phase) == (2, 2, Phase.TURN)
    assert game.colour is Colour.RED


def test_wild_hit4_start_card_dealer_plus_one_presses_four_and_dealer_plus_two_names_colour():
    """R54, A26, A27: WH4 start: dealer+1 presses 4 times; dealer+2 names the colour, plays."""
    game = start("WH4")
    assert owes(game) == (1, 4)
    events = act(game, "press", "press", "press", "press")
    assert pressers(events) == [1, 1, 1, 1]
    assert (game.to_act, game.phase) == (2, Phase.CHOOSE_COLOUR)
    act(game, "colour G")
    assert (game.to_act, game.current, game.phase) == (2, 2, Phase.TURN)
    assert game.colour is Colour.GREEN


def test_attack_attack_start_card_targets_dealer_plus_one_and_dealer_plus_two_names_colour():
    """R55, A27, A26: WAA start: dealer+1 presses twice; dealer+2 names the colour, plays."""
    game = start("WAA")
    assert owes(game) == (1, 2)
    events = act(game, "press", "press")
    assert pressers(events) == [1, 1]
    assert (game.to_act, game.phase) == (2, Phase.CHOOSE_COLOUR)
    act(game, "colour Y")
    assert (game.to_act, game.current, game.phase) == (2, 2, Phase.TURN)
    assert game.colour is Colour.YELLOW


def test_wild_customizable_start_card_is_a_wild_even_with_an_effect_written():
    """R56, R47, A27: WCust start: dealer+1 names the colour and plays; no effect."""
    game = start("WCust", extra="house=wild_custom_effect=hit:2")
    assert owes(game) is None
    assert (game.to_act, game.phase) == (1, Phase.CHOOSE_COLOUR)
    act(game, "colour B")
    assert (game.to_act, game.phase) == (1, Phase.TURN)
    assert game.colour is Colour.BLUE
    assert game.direction == 1


def test_reverse_skip_wild_and_discard_all_start_cards_are_as_in_e1():
    """A27, R45, R46, R47, R51, A23: E2 Reverse/Skip/Wild/DA start cards follow E1."""
    game = start("R-Rev")
    assert (game.to_act, game.phase, game.direction) == (0, Phase.TURN, -1)

    game = start("R-Skip")
    assert Skipped(1) in game.log
    assert (game.to_act, game.phase, game.direction) == (2, Phase.TURN, 1)

    game = start("W")
    assert (game.to_act, game.phase, owes(game)) == (1, Phase.CHOOSE_COLOUR, None)

    game = start("R-DA")
    assert (game.to_act, game.phase, game.direction) == (1, Phase.TURN, 1)
    assert game.colour is Colour.RED
    assert hand(game, 1) == ["G3", "G4"]


# --------------------------------------------------------------------------- two players


def two(hands: str, launcher: str = "scripted:") -> str:
    return (
        f"2010 hands={hands} pile=R2 turn=0 dealer=1 scores=0,0 stock=... "
        f"launcher={launcher} seed=0"
    )


def test_two_players_reverse_acts_as_a_skip_and_the_player_goes_again():
    """R75, R23, A02, A12: with two players a Reverse skips the opponent: extra turn."""
    game = position(two("R-Rev,R5,G7/G3,G4"))
    events = act(game, "play R-Rev")
    assert turns(events) == [(0, True)]
    assert (game.current, game.phase) == (0, Phase.TURN)
    events = act(game, "play R5")
    assert turns(events) == [(1, False)]


def test_two_players_skip_gives_the_player_another_turn():
    """R76, R23, A02, A12: with two players a Skip gives the player another turn."""
    game = position(two("R-Skip,R5,G7/G3,G4"))
    events = act(game, "play R-Skip")
    assert Skipped(1) in events
    assert turns(events) == [(0, True)]
    events = act(game, "press")
    assert turns(events) == [(1, False)]


def test_two_players_wild_hit4_returns_play_to_the_card_player():
    """R77, A13, R26: the opponent presses 4 times, then the WH4's player plays again."""
    game = position(two("WH4,R5,G7/G3,G4"))
    act(game, "play WH4 G")
    assert owes(game) == (1, 4)
    events = act(game, "press", "press", "press", "press")
    assert turns(events) == [(0, False)]
    assert (game.current, game.phase) == (0, Phase.TURN)


def test_two_players_attack_attack_returns_play_to_the_attacker():
    """R77, A13, R28, A05: the only target presses twice, then the attacker plays again."""
    game = position(two("WAA,R5,G7/G3,G4"))
    assert [a for a in legal(game) if a.startswith("play WAA R")] == ["play WAA R @1"]
    act(game, "play WAA R @1")
    assert owes(game) == (1, 2)
    events = act(game, "press", "press")
    assert turns(events) == [(0, False)]
    assert (game.current, game.phase) == (0, Phase.TURN)


# --------------------------------------------------------------------------- UNO


def test_uno_penalty_in_e2_is_two_presses_all_mandatory_and_keeps_turn_order():
    """R58, A21, A20, R17: caught in E2: 2 presses, no stop after a fire; turn order kept."""
    game = position(
        "2010 hands=R5,G1/G3,G4/B3,B4 pile=R2 turn=0 dealer=2 scores=0,0,0 stock=... "
        "launcher=scripted:3 seed=0"
    )
    act(game, "play R5")
    assert game.uno_seat == 0
    assert game.current == 1
    events = act(game, "catch 0", seat=2)
    assert types(events) == ["caught", "must_press"]
    assert owes(game) == (0, 2)
    act(game, "press", seat=0)
    assert owes(game) == (0, 1)
    assert legal(game, 0) == ["press"]
    with pytest.raises(IllegalAction):
        act(game, "stop", seat=0)
    act(game, "press", seat=0)
    assert hand(game, 0) == ["G1", "R1", "R1", "R2"]
    assert (game.to_act, game.current, game.phase) == (1, 1, Phase.TURN)
