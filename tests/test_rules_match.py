"""Rule scenarios for the rules every edition shares: the table, the deal, turns, presses,
the empty launcher, UNO, the suggestion penalty, scoring and the end of a hand or match.

Each test builds a position in one line (docs/notation.md), acts, and checks the exact
outcome against RULINGS.md. Most use the 2003 edition; the rule ids in the docstrings
are those of RULINGS.md.
"""

from __future__ import annotations

from collections import Counter

import pytest

from scenario import act, hand, legal, owes, position, types
from unoattack.engine import Game, IllegalAction, Phase, format_position
from unoattack.engine.events import DealerChosen, HandStarted, HandWon, Pressed, Reshuffled
from unoattack.rules.cards import Colour, Kind
from unoattack.rules.edition import Edition

# A three-seat table where seat 0 plays R7 on R2 and keeps one card.
UNO_TABLE = (
    "2003 hands=R7,G5/G3,G4,B1/B3,B4,Y1 pile=R2 turn=0 dealer=2 scores=0,0,0 stock=... "
    "launcher=scripted:1,1,1,1 seed=0"
)


def rest_of_deck(edition: str, *used: str) -> list[str]:
    """Every card of the edition's deck, in deck order, less one copy of each of ``used``."""
    left = Counter(used)
    cards = []
    for face in Edition.load(edition).deck.faces:
        name = str(face)
        if left[name]:
            left[name] -= 1
        else:
            cards.append(name)
    assert not +left, f"not in the deck: {dict(+left)}"
    return cards


def event(events: list, kind: type):
    """The only event of a class among ``events``."""
    found = [e for e in events if isinstance(e, kind)]
    assert len(found) == 1, types(events)
    return found[0]


def refused(game: Game, text: str, seat: int | None = None) -> str:
    """Apply an illegal action: check the game is unchanged, and return the message."""
    before = format_position(game)
    with pytest.raises(IllegalAction) as info:
        act(game, text, seat=seat)
    assert format_position(game) == before
    return str(info.value)


# ---------------------------------------------------------------- the table and the deal


def test_one_or_eleven_players_are_refused_with_a_clear_error():
    """R01: a table has 2 to 10 players; 1 and 11 are refused and the message says so."""
    for players in (1, 11):
        with pytest.raises(ValueError, match=r"2 to 10"):
            Game.new("2003", players=players, seed=0)


def test_every_table_of_two_to_ten_is_dealt_hand_size_cards_one_pile_card_rest_in_stock():
    """R01, R06: with 2 to 10 players each seat gets hand_size cards (7, or the option),
    one card starts the pile and every other card is in the launcher."""
    for size in (7, 5):
        for players in range(2, 11):
            game = Game.new(
                "2003",
                players=players,
                seed=players,
                launcher="scripted",
                options={"hand_size": size},
            )
            assert [len(h) for h in game.hands] == [size] * players
            assert len(game.pile) == 1
            assert len(game.launcher.stock) == 112 - size * players - 1
            assert event(game.log, HandStarted).hand_size == size


def test_the_player_left_of_the_dealer_starts_clockwise_on_a_number_card():
    """R07, R44: on a number start card, dealer+1 plays first and play goes clockwise."""
    seen = 0
    for seed in range(60):
        game = Game.new("2003", players=5, seed=seed, launcher="scripted")
        if game.top.kind is not Kind.NUMBER:
            continue
        seen += 1
        assert game.current == (game.dealer + 1) % 5
        assert game.phase is Phase.TURN
        assert game.direction == 1
    assert seen >= 20


def test_the_first_dealer_drew_the_single_highest_number_and_ties_redraw_among_the_tied():
    """R04, A32: the dealer drew the highest number, action cards count 0; players tied
    for the highest redraw among themselves, and if all drew action cards, all redraw."""
    ties = 0
    for players in (2, 4, 7, 10):
        for seed in range(50):
            game = Game.new("2003", players=players, seed=seed, launcher="scripted")
            chosen = event(game.log, DealerChosen)
            assert chosen.dealer == game.dealer
            drawing = list(range(players))
            for number, draws in enumerate(chosen.rounds):
                assert [seat for seat, _ in draws] == drawing
                value = {
                    seat: card.number if card.kind is Kind.NUMBER else 0 for seat, card in draws
                }
                best = max(value.values())
                leaders = [seat for seat in drawing if value[seat] == best]
                if number == len(chosen.rounds) - 1:
                    assert best > 0 and leaders == [chosen.dealer]
                else:
                    ties += 1
                    assert best == 0 or len(leaders) > 1
                    drawing = leaders if best > 0 else drawing
    assert ties >= 20


def test_the_deal_passes_one_seat_to_the_left_each_hand():
    """R05, A32: after a hand, the seat left of the dealer deals the next one, whatever
    the direction of play was (here counter-clockwise)."""
    game = position(
        "2003 hands=R7/G3,G4/B3,B4/Y3,Y4 pile=R2 dir=ccw turn=0 dealer=2 "
        "scores=0,0,0,0 stock=... launcher=scripted seed=0"
    )
    events = act(game, "play R7")
    assert "hand_won" in types(events)
    assert event(events, HandStarted).dealer == 3
    assert game.dealer == 3
    assert game.hand_number == 2


def test_the_deal_skips_an_eliminated_player():
    """R05, A32, A34: the deal passes left past an eliminated seat, who is dealt nothing."""
    game = position(
        "2003 hands=R7/G3,G4/B3,B4/ pile=R2 turn=0 dealer=2 scores=0,0,0,600 "
        "stock=... launcher=scripted seed=0 out=3 "
        "house=scoring_mode=challenge;target_score=500"
    )
    events = act(game, "play R7")
    assert game.dealer == 0
    assert [e.seat for e in events if e.type == "dealt"] == [1, 2, 0]
    assert game.hand(3) == []


# ---------------------------------------------------------------- turns and presses


def test_a_press_ends_the_turn_even_when_it_yields_playable_cards():
    """R12, R13: with nothing playable the player may only press; one press is the whole
    turn, even when the cards it yields could be played."""
    game = position(
        "2003 hands=G3,G4/B3,B4/Y3,Y4 pile=R2 turn=0 dealer=2 scores=0,0,0 "
        "stock=R5,R6,... launcher=scripted:2 seed=0"
    )
    assert legal(game) == ["press"]
    act(game, "press")
    assert hand(game, 0) == ["G3", "G4", "R5", "R6"]
    assert game.current == 1
    assert game.phase is Phase.TURN


def test_reneging_is_allowed_in_every_edition():
    """R14: a player may press instead of playing a playable card; the turn is then over."""
    for edition in ("2003", "2010", "mega-hit"):
        game = position(
            f"{edition} hands=R7,R8/G3,G4/B3,B4 pile=R2 turn=0 dealer=2 "
            "scores=0,0,0 stock=... launcher=scripted seed=0"
        )
        assert "play R7" in legal(game)
        assert "press" in legal(game)
        act(game, "press")
        assert hand(game, 0) == ["R7", "R8"]
        assert game.current == 1


def test_a_player_facing_a_hit_may_not_renege_or_play_even_a_wild():
    """R14, A47: facing a Hit 2 in 2003 the victim must press: no card play, not a wild."""
    game = position(
        "2003 hands=R-Hit2,R5/R6,W,G-Hit2/B3,B4 pile=R2 turn=0 dealer=2 "
        "scores=0,0,0 stock=... launcher=scripted seed=0"
    )
    act(game, "play R-Hit2 uno")
    assert owes(game) == (1, 2)
    assert legal(game) == ["press"]
    with pytest.raises(IllegalAction, match="press"):
        act(game, "play W G")
    with pytest.raises(IllegalAction, match="press"):
        act(game, "play R6")


def test_a_ding_yields_nothing_and_play_moves_on():
    """R15: a press that dings gives no card, and play moves to the next person."""
    game = position(
        "2003 hands=G3,G4/B3,B4/Y3,Y4 pile=R2 turn=0 dealer=2 scores=0,0,0 "
        "stock=... launcher=scripted:0 seed=0"
    )
    stock = len(game.launcher.stock)
    press = event(act(game, "press"), Pressed)
    assert (press.count, press.stuck, press.cards) == (0, 0, ())
    assert hand(game, 0) == ["G3", "G4"]
    assert len(game.launcher.stock) == stock
    assert game.current == 1


def test_a_press_may_yield_several_cards_from_the_front_of_the_launcher():
    """R15: a press may fire several cards; all of them go to the presser."""
    game = position(
        "2003 hands=G3,G4/B3,B4/Y3,Y4 pile=R2 turn=0 dealer=2 scores=0,0,0 "
        "stock=B7,Y8,G9,R1,... launcher=scripted:3 seed=0"
    )
    act(game, "press")
    assert hand(game, 0) == ["G3", "G4", "B7", "Y8", "G9"]
    assert str(game.faces[game.launcher.stock[0]]) == "R1"


def test_cards_left_sticking_out_go_to_the_presser():
    """R16, A31: cards fired and cards left sticking out all go to the presser."""
    game = position(
        "2003 hands=G3,G4/B3,B4/Y3,Y4 pile=R2 turn=0 dealer=2 scores=0,0,0 "
        "stock=B7,Y8,G9,R1,... launcher=scripted:2+1 seed=0"
    )
    press = event(act(game, "press"), Pressed)
    assert (press.count, press.stuck) == (2, 1)
    assert hand(game, 0) == ["G3", "G4", "B7", "Y8", "G9"]
    assert game.current == 1


def test_stuck_cards_alone_end_a_wild_hit_fire_obligation():
    """R16, R36, A31: a press that yields only a stuck card counts as firing, so the
    Wild Hit-Fire victim takes it and stops; play goes to the player after the victim."""
    game = position(
        "2003 hands=WHF,R5/G3,G4/B3,B4 pile=R2 turn=0 dealer=2 scores=0,0,0 "
        "stock=Y9,... launcher=scripted:0,0+1 seed=0"
    )
    act(game, "play WHF G")
    assert owes(game) == (1, 0)
    act(game, "press")
    assert owes(game) == (1, 0)
    act(game, "press")
    assert owes(game) is None
    assert hand(game, 1) == ["G3", "G4", "Y9"]
    assert game.current == 2
    assert game.phase is Phase.TURN


# ---------------------------------------------------------------- the empty launcher


def test_an_empty_launcher_is_reloaded_from_all_discards_but_the_top_before_the_press():
    """R18, R19, A30: pressing an empty launcher first reshuffles every discard but the
    top card into it; the top card and the active colour stay, the press then yields."""
    held = ["G3", "G4", "B3", "B4", "Y3", "Y4", "R5"]
    pile = [*rest_of_deck("2003", *held), "R5"]
    game = position(
        f"2003 hands=G3,G4/B3,B4/Y3,Y4 pile={','.join(pile)} turn=0 dealer=2 "
        "scores=0,0,0 stock= launcher=scripted:2 seed=0"
    )
    assert game.launcher.stock == []
    events = act(game, "press")
    assert types(events)[:2] == ["reshuffled", "pressed"]
    assert event(events, Reshuffled).stock_size == len(pile) - 1
    assert [str(game.faces[i]) for i in game.pile] == ["R5"]
    assert game.colour is Colour.RED
    assert len(hand(game, 0)) == 4
    assert len(game.launcher.stock) == len(pile) - 1 - 2
    assert game.current == 1


def test_a_reshuffle_keeps_a_wilds_named_colour_and_the_turn_order():
    """R19, A30: a Wild on top stays with the colour named for it, and the direction and
    the next player are unchanged by the reshuffle."""
    held = ["G3", "G4", "B3", "B4", "Y3", "Y4", "W"]
    pile = [*rest_of_deck("2003", *held), "W"]
    game = position(
        f"2003 hands=G3,G4/B3,B4/Y3,Y4 pile={','.join(pile)} colour=B dir=ccw "
        "turn=0 dealer=1 scores=0,0,0 stock= launcher=scripted:1 seed=0"
    )
    events = act(game, "press")
    assert "reshuffled" in types(events)
    assert str(game.top) == "W"
    assert len(game.pile) == 1
    assert game.colour is Colour.BLUE
    assert game.direction == -1
    assert game.current == 2


def test_with_nothing_to_reshuffle_a_press_yields_nothing_and_hit_fire_ends():
    """R18, A30: with an empty launcher and only the top card on the pile a press yields
    nothing, and a Wild Hit-Fire obligation ends after that one empty press (the turn is
    still forfeited)."""
    held = ["WHF", "G5", "B3", "R2"]
    rest = rest_of_deck("2003", *held)
    game = position(
        f"2003 hands=WHF,G5/B3/{','.join(rest)} pile=R2 turn=0 dealer=2 "
        "scores=0,0,0 stock= launcher=scripted:1,5,5,5 seed=0"
    )
    act(game, "play WHF G")
    assert owes(game) == (1, 0)
    # Seat 0 did not say UNO: the catch's two penalty presses take the R2 back out of the
    # reshuffled discards, leaving both the launcher and the pile below the top empty.
    act(game, "catch 0", seat=1)
    act(game, "press", "press")
    assert hand(game, 0) == ["G5", "R2"]
    assert [str(game.faces[i]) for i in game.pile] == ["WHF"]
    assert game.launcher.stock == []
    assert owes(game) == (1, 0)
    events = act(game, "press")
    press = event(events, Pressed)
    assert (press.seat, press.cards) == (1, ())
    assert owes(game) is None
    assert hand(game, 1) == ["B3"]
    assert game.current == 2
    assert game.phase is Phase.TURN


def test_the_reshuffle_threshold_reloads_the_launcher_when_the_pile_reaches_it():
    """R19, A30: with reshuffle_threshold=N, a play that brings the pile to N cards
    reshuffles every discard but the top card into the launcher; play goes on normally."""
    game = position(
        "2003 hands=R7,R8/G3,G4/B3,B4 pile=R1,R2,R3,R4 turn=0 dealer=2 "
        "scores=0,0,0 stock=... launcher=scripted seed=0 "
        "house=reshuffle_threshold=5"
    )
    stock = len(game.launcher.stock)
    events = act(game, "play R7")
    assert event(events, Reshuffled).stock_size == stock + 4
    assert [str(game.faces[i]) for i in game.pile] == ["R7"]
    assert len(game.launcher.stock) == stock + 4
    assert game.colour is Colour.RED
    assert game.current == 1


def test_a_discard_all_group_counts_toward_the_reshuffle_threshold():
    """R19, A22: the pile grows by every card a Discard All discards, so a group of three
    on a pile of two reaches a threshold of 5 (a single card would not)."""
    game = position(
        "2003 hands=R3,R4,R-DA,G5,G6/G3,G4/B3,B4 pile=R1,R2 turn=0 dealer=2 "
        "scores=0,0,0 stock=... launcher=scripted seed=0 "
        "house=reshuffle_threshold=5"
    )
    events = act(game, "play R-DA")
    assert event(events, Reshuffled).stock_size == len(game.launcher.stock)
    assert [str(game.faces[i]) for i in game.pile] == ["R-DA"]
    assert hand(game, 0) == ["G5", "G6"]


# ---------------------------------------------------------------- UNO


def test_saying_uno_with_the_play_leaves_nobody_to_catch():
    """R57, A18: saying UNO with the play that leaves one card makes the player safe."""
    game = position(UNO_TABLE)
    events = act(game, "play R7 uno")
    assert "uno_said" in types(events)
    assert game.uno_seat == -1
    assert "catch 0" not in legal(game, 2)
    refused(game, "catch 0", seat=2)


def test_a_play_that_leaves_one_card_without_uno_opens_the_catch_window():
    """R57, R60: once the play leaving one card has resolved, every other player may catch."""
    game = position(UNO_TABLE)
    act(game, "play R7")
    assert game.uno_seat == 0
    assert "catch 0" in legal(game, 1)
    assert "catch 0" in legal(game, 2)


def test_a_catch_before_the_second_to_last_card_is_played_is_illegal_and_costs_nothing():
    """R60: a play that leaves two cards opens no window; a catch is refused, costs the
    catcher nothing and changes nothing."""
    game = position(
        "2003 hands=R7,G5,G6/G3,G4,B1/B3,B4,Y1 pile=R2 turn=0 dealer=2 "
        "scores=0,0,0 stock=... launcher=scripted seed=0"
    )
    message = refused(game, "catch 0", seat=2)
    assert "cannot be caught" in message
    act(game, "play R7")
    assert game.uno_seat == -1
    refused(game, "catch 0", seat=2)
    assert hand(game, 2) == ["B3", "B4", "Y1"]


def test_a_caught_player_presses_twice_at_once_and_turn_order_is_unchanged():
    """R58, A20: the caught player presses twice immediately; the turn that was due
    (the next player's) follows, and nobody loses a turn."""
    game = position(UNO_TABLE)
    act(game, "play R7")
    events = act(game, "catch 0", seat=2)
    assert types(events) == ["caught", "must_press"]
    assert game.to_act == 0
    assert owes(game) == (0, 2)
    act(game, "press", "press")
    assert hand(game, 0) == ["G5", "R1", "R1"]
    assert game.current == 1
    assert game.phase is Phase.TURN


def test_the_next_card_play_closes_the_catch_window():
    """R61, A19: after the next player plays a card, nobody can catch any more."""
    game = position(
        "2003 hands=R7,G5/R8,G4,B1/B3,B4,Y1 pile=R2 turn=0 dealer=2 "
        "scores=0,0,0 stock=... launcher=scripted seed=0"
    )
    act(game, "play R7")
    act(game, "play R8", seat=1)
    assert game.uno_seat == -1
    refused(game, "catch 0", seat=2)


def test_the_next_press_closes_the_catch_window():
    """R61, A19: a press by the next player also begins their turn and closes the window."""
    game = position(UNO_TABLE)
    act(game, "play R7")
    act(game, "press", seat=1)
    assert game.uno_seat == -1
    refused(game, "catch 0", seat=2)


def test_a_forced_press_by_a_hit_victim_closes_the_catch_window():
    """R61, A19: the first forced press of a Hit 2 victim closes the window."""
    game = position(
        "2003 hands=R-Hit2,G5/G3,G4,B1/B3,B4,Y1 pile=R2 turn=0 dealer=2 "
        "scores=0,0,0 stock=... launcher=scripted seed=0"
    )
    act(game, "play R-Hit2")
    assert game.uno_seat == 0
    act(game, "press")
    assert owes(game) == (1, 1)
    assert game.uno_seat == -1
    with pytest.raises(IllegalAction, match="cannot be caught"):
        act(game, "catch 0", seat=2)


def test_penalty_presses_do_not_close_the_catch_window():
    """R61, A19: another player's penalty presses are not a turn: the window stays open."""
    game = position(UNO_TABLE)
    act(game, "play R7")
    game.penalize_suggestion(2)
    act(game, "press", "press", "press", "press")
    assert owes(game) is None
    assert game.uno_seat == 0
    events = act(game, "catch 0", seat=1)
    assert types(events) == ["caught", "must_press"]


def test_the_liable_players_own_extra_turn_closes_the_window_with_two_players():
    """R61, A19, R76: with two players, the liable player's press on the extra turn after
    a Skip closes the window."""
    game = position(
        "2003 hands=R-Skip,B5/G3,G4 pile=R2 turn=0 dealer=1 scores=0,0 "
        "stock=... launcher=scripted seed=0"
    )
    act(game, "play R-Skip")
    assert game.current == 0
    assert game.uno_seat == 0
    act(game, "press")
    assert game.uno_seat == -1
    refused(game, "catch 0", seat=1)


def test_a_player_caught_after_a_two_player_skip_still_takes_the_extra_turn():
    """A20, R76: the penalty does not cost the caught player the extra turn."""
    game = position(
        "2003 hands=R-Skip,B5/G3,G4 pile=R2 turn=0 dealer=1 scores=0,0 "
        "stock=... launcher=scripted:1,1 seed=0"
    )
    act(game, "play R-Skip")
    act(game, "catch 0", seat=1)
    act(game, "press", "press")
    assert len(hand(game, 0)) == 3
    assert game.current == 0
    assert game.to_act == 0
    assert game.phase is Phase.TURN


def test_calling_uno_before_anyone_catches_makes_the_player_safe_for_good():
    """R59, A18: a liable player who calls UNO out of turn is safe for the rest of it."""
    game = position(UNO_TABLE)
    act(game, "play R7")
    assert game.to_act == 1
    events = act(game, "uno", seat=0)
    assert types(events) == ["uno_said"]
    assert game.uno_seat == -1
    refused(game, "catch 0", seat=2)
    act(game, "press", seat=1)
    refused(game, "catch 0", seat=2)
    assert hand(game, 0) == ["G5"]


def test_trade_hands_liability_is_checked_after_the_swap_and_only_for_its_player():
    """R62, A17: a Trade Hands player who receives one card is liable; the target, who
    played nothing, never is — even when left with one card."""
    game = position(
        "2003 hands=Y-TH,Y5,Y6/G1/B3,B4 pile=Y2 turn=0 dealer=2 scores=0,0,0 "
        "stock=... launcher=scripted seed=0"
    )
    act(game, "play Y-TH @1")
    assert hand(game, 0) == ["G1"]
    assert game.uno_seat == 0
    game = position(
        "2003 hands=Y-TH,Y5/G1,G2,G3/B3,B4 pile=Y2 turn=0 dealer=2 "
        "scores=0,0,0 stock=... launcher=scripted seed=0"
    )
    act(game, "play Y-TH @1")
    assert hand(game, 1) == ["Y5"]
    assert game.uno_seat == -1
    refused(game, "catch 1", seat=2)


def test_a_discard_all_that_leaves_one_card_makes_the_player_liable():
    """R62, A44: a Discard All group that leaves one card opens the catch window."""
    game = position(
        "2003 hands=R3,R4,R-DA,G5/G3,G4/B3,B4 pile=R2 turn=0 dealer=2 "
        "scores=0,0,0 stock=... launcher=scripted seed=0"
    )
    act(game, "play R-DA")
    assert hand(game, 0) == ["G5"]
    assert game.uno_seat == 0
    assert "catch 0" in legal(game, 2)


def test_a_discard_all_that_leaves_no_card_goes_out_without_any_call():
    """R03, A44: a Discard All that empties the hand wins it; no UNO is due."""
    game = position(
        "2003 hands=R3,R-DA/G3,G4/B3,B4 pile=R2 turn=0 dealer=2 scores=0,0,0 "
        "stock=... launcher=scripted seed=0"
    )
    events = act(game, "play R-DA")
    won = event(events, HandWon)
    assert won.seat == 0
    assert won.points == 14
    assert "caught" not in types(events)
    assert game.last_hand is not None and game.last_hand.winner == 0


def test_nobody_can_be_caught_once_the_hand_has_ended():
    """A50: another player going out closes the window; the uncaught player pays nothing."""
    game = position(
        "2003 hands=G5/R8/B3,B4 pile=R2 turn=1 dealer=0 scores=0,0,0 "
        "stock=... launcher=scripted seed=0 catch=0"
    )
    assert "catch 0" in legal(game, 2)
    events = act(game, "play R8")
    assert "caught" not in types(events)
    assert game.last_hand is not None
    assert game.last_hand.winner == 1
    assert game.last_hand.hand_points == (5, 0, 7)
    assert game.uno_seat == -1
    with pytest.raises(IllegalAction):
        act(game, "catch 0", seat=2)


# ---------------------------------------------------------------- suggestion penalty


def test_the_suggestion_penalty_is_four_mandatory_presses_with_turn_order_unchanged():
    """R63, A20, A41: the referee's penalty makes the player press 4 times at once, every
    press mandatory in 2003 even after cards fire; then the turn that was due goes on."""
    game = position(UNO_TABLE)
    events = game.penalize_suggestion(2)
    assert types(events) == ["penalized", "must_press"]
    assert owes(game) == (2, 4)
    for left in (3, 2, 1):
        act(game, "press")
        assert owes(game) == (2, left)
        assert legal(game) == ["press"]
    act(game, "press")
    assert len(hand(game, 2)) == 7
    assert owes(game) is None
    assert game.current == 0
    assert game.to_act == 0
    assert game.phase is Phase.TURN


# ---------------------------------------------------------------- scoring and match end


def test_the_winner_scores_every_card_left_in_the_other_hands_at_2003_values():
    """R71, D1: numbers at face value, Skip/Reverse/Hit 2 20, Discard All and Trade
    Hands 30, Wild, Wild All Hit and Wild Hit-Fire 50."""
    game = position(
        "2003 hands=R7/R-Skip,B-Rev,G-Hit2,Y-DA,B-TH/W,WAH,WHF,R9 pile=R2 "
        "turn=0 dealer=2 scores=10,20,30 stock=... launcher=scripted seed=0"
    )
    events = act(game, "play R7")
    won = event(events, HandWon)
    assert won.hand_points == (0, 120, 159)
    assert won.points == 279
    assert game.last_hand is not None
    assert game.last_hand.points == 279
    assert game.scores == [289, 20, 30]
    assert "match_won" not in types(events)


def test_hands_are_scored_at_the_values_of_their_own_edition():
    """R71, D2, D3, A11: 2010 Wild Hit 4 is worth 40; mega-hit Hit 2 is worth 40,
    Hit 1 20 and Double attaque 50."""
    game = position(
        "2010 hands=R7/WH4,WAA,WCust/B-DA,R-Rev,G-Skip,R-Hit2 pile=R2 turn=0 "
        "dealer=2 scores=0,0,0 stock=... launcher=scripted seed=0"
    )
    assert event(act(game, "play R7"), HandWon).hand_points == (0, 140, 90)
    game = position(
        "mega-hit hands=R7/R-Hit2,G-Hit1,DBL/B-DA,R-Rev pile=R2 turn=0 "
        "dealer=2 scores=0,0,0 stock=... launcher=scripted seed=0"
    )
    assert event(act(game, "play R7"), HandWon).hand_points == (0, 110, 50)


def test_reaching_500_exactly_wins_the_match():
    """R72, A35: the first player whose total is 500 or more wins; 500 exactly counts."""
    game = position(
        "2003 hands=R7/R9/B9,Y2 pile=R2 turn=0 dealer=2 scores=480,0,0 "
        "stock=... launcher=scripted seed=0"
    )
    events = act(game, "play R7")
    assert types(events)[-2:] == ["hand_won", "match_won"]
    assert game.result is not None
    assert game.result.winners == (0,)
    assert game.result.reason == "target_reached"
    assert game.result.scores == (500, 0, 0)
    assert game.phase is Phase.MATCH_OVER


def test_in_running_total_mode_the_winner_adds_nothing_and_the_others_add_their_hand():
    """R73: each player adds the value of their own hand; the hand's winner adds 0."""
    game = position(
        "2003 hands=R7/R9/B-Skip pile=R2 turn=0 dealer=2 scores=10,20,30 "
        "stock=... launcher=scripted seed=0 "
        "house=scoring_mode=running_total_lowest_wins"
    )
    events = act(game, "play R7")
    won = event(events, HandWon)
    assert won.points == 0
    assert won.scores == (10, 29, 50)
    assert "match_won" not in types(events)


def test_running_total_ends_at_the_target_and_the_tied_lowest_totals_are_co_winners():
    """R73, A33, A35: when anyone reaches the target (exactly counts), the lowest total
    wins, and players tied for it are co-winners."""
    game = position(
        "2003 hands=R7/R9,B1/Y5 pile=R2 turn=0 dealer=2 scores=5,90,0 "
        "stock=... launcher=scripted seed=0 "
        "house=scoring_mode=running_total_lowest_wins;target_score=100"
    )
    events = act(game, "play R7")
    assert types(events)[-1] == "match_won"
    assert game.result is not None
    assert game.result.scores == (5, 100, 5)
    assert game.result.winners == (0, 2)
    assert game.result.reason == "lowest_total"


def test_challenge_eliminates_everyone_at_or_over_the_limit_in_the_same_hand():
    """R74, A34, A35: after the hand all players at or over the limit (exactly counts) go
    out of the game at once; play goes on with the others, who alone are dealt."""
    game = position(
        "2003 hands=R7/R9,B1/G-Skip/Y5 pile=R2 turn=0 dealer=0 "
        "scores=0,90,95,10 stock=... launcher=scripted seed=0 "
        "house=scoring_mode=challenge;target_score=100"
    )
    events = act(game, "play R7")
    assert [(e.seat, e.score) for e in events if e.type == "player_eliminated"] == [
        (1, 100),
        (2, 115),
    ]
    assert "match_won" not in types(events)
    assert game.last_hand is not None
    assert game.last_hand.eliminated == (1, 2)
    assert game.scores == [0, 100, 115, 15]
    assert game.active == [True, False, False, True]
    assert [len(h) for h in game.hands] == [7, 0, 0, 7]


def test_challenge_ends_when_one_player_is_left_standing():
    """R74, A34: when the others are all eliminated, the one left — the hand's winner —
    wins the match."""
    game = position(
        "2003 hands=R7/R9/B9 pile=R2 turn=0 dealer=2 scores=0,95,95 "
        "stock=... launcher=scripted seed=0 "
        "house=scoring_mode=challenge;target_score=100"
    )
    events = act(game, "play R7")
    assert types(events)[-3:] == ["player_eliminated", "player_eliminated", "match_won"]
    assert game.result is not None
    assert game.result.winners == (0,)
    assert game.result.reason == "last_standing"


def test_an_eliminated_player_takes_no_turn():
    """A34: play passes over an eliminated seat."""
    game = position(
        "2003 hands=R7,R8//B3,B4/Y3,Y4 pile=R2 turn=0 dealer=3 scores=0,600,0,0 "
        "stock=... launcher=scripted seed=0 out=1 house=scoring_mode=challenge"
    )
    act(game, "play R7")
    assert game.current == 2


def test_an_eliminated_player_cannot_be_traded_with_or_made_to_press():
    """A34, R35: Trade Hands cannot choose an eliminated seat, and a Wild All Hit makes
    only the players still in the game press."""
    game = position(
        "2003 hands=Y-TH,WAH,Y5//B3,B4/G3,G4 pile=Y2 turn=0 dealer=3 "
        "scores=0,600,0,0 stock=... launcher=scripted seed=0 out=1 "
        "house=scoring_mode=challenge"
    )
    plays = legal(game)
    assert "play Y-TH @2" in plays and "play Y-TH @3" in plays
    assert not any("@1" in p for p in plays)
    refused(game, "play Y-TH @1")
    events = act(game, "play WAH G")
    assert [e.seat for e in events if e.type == "must_press"] == [2, 3]


def test_with_two_players_left_the_two_player_rules_apply():
    """R74, R79, R76: once only two remain, a Skip gives its player another turn."""
    game = position(
        "2003 hands=R-Skip,R5//B3,B4 pile=R2 turn=0 dealer=2 scores=0,600,0 "
        "stock=... launcher=scripted seed=0 out=1 house=scoring_mode=challenge"
    )
    act(game, "play R-Skip")
    assert game.current == 0
    assert game.to_act == 0
    assert game.phase is Phase.TURN


def test_the_hand_ends_after_the_last_cards_launcher_effect():
    """R03, R64, R66, A14: going out on a Hit 2, the victim still presses twice, and only
    then is the hand scored, with the cards pressed counting."""
    game = position(
        "2003 hands=R-Hit2/G3,G4/B3,B4 pile=R2 turn=0 dealer=2 scores=0,0,0 "
        "stock=G5,G6,G7,... launcher=scripted:2,1 seed=0"
    )
    events = act(game, "play R-Hit2")
    assert "hand_won" not in types(events)
    assert owes(game) == (1, 2)
    assert "hand_won" not in types(act(game, "press"))
    won = event(act(game, "press"), HandWon)
    assert won.seat == 0
    assert [str(c) for c in won.hands[1]] == ["G3", "G4", "G5", "G6", "G7"]
    assert won.hand_points == (0, 25, 7)
    assert won.points == 32


# ---------------------------------------------------------------- illegal actions


def test_acting_out_of_turn_is_refused_with_whose_turn_it_is():
    """R12: only the seat to act may play or press; the message says whose turn it is."""
    game = position(UNO_TABLE)
    message = refused(game, "play G3", seat=1)
    assert "not your turn" in message
    assert "seat 0" in message


def test_playing_a_card_not_in_hand_is_refused_naming_the_card():
    """R08: a player can play only a card they hold."""
    game = position(UNO_TABLE)
    assert "no B9 in your hand" in refused(game, "play B9")


def test_a_card_that_does_not_match_is_refused_naming_the_top_card():
    """R08: a card must match the colour, number or symbol of the top card."""
    game = position(UNO_TABLE)
    message = refused(game, "play G5")
    assert "G5 does not match R2" in message


def test_a_wild_without_a_colour_is_refused_asking_for_one():
    """R10, R11: a wild is played with a named colour; without one it is refused."""
    game = position(
        "2003 hands=W,R5/G3,G4/B3,B4 pile=R2 turn=0 dealer=2 scores=0,0,0 "
        "stock=... launcher=scripted seed=0"
    )
    before = format_position(game)
    with pytest.raises(ValueError, match=r"wild.*colour|colour.*wild"):
        act(game, "play W")
    assert format_position(game) == before


def test_trade_hands_as_the_last_card_is_refused():
    """R31, R68, A16: a player may not go out on a Trade Hands card: they must press."""
    game = position(
        "2003 hands=R-TH/G3,G4/B3,B4 pile=R2 turn=0 dealer=2 scores=0,0,0 "
        "stock=... launcher=scripted seed=0"
    )
    assert legal(game) == ["press"]
    assert "may not go out on a Trade Hands" in refused(game, "play R-TH @1")
