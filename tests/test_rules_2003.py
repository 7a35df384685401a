"""Rule scenarios for the 2003 edition (E1: seeds 001 and 003), built from positions.

Each test sets up a table in one line of position notation
(``unoattack.engine.notation``), acts, and checks the outcome against the ruling it names
(R## and A## refer to RULINGS.md). The launcher is scripted, so every press yields
exactly what the test says: ``3`` fires three cards, ``0`` dings, ``m`` misfires (fires,
nothing comes out), ``0+1`` leaves one card sticking out. With ``stock=R9,G8,...``
those are the first cards out.

Start cards cannot be written as a position (a position is the start of a turn), so those
tests deal real hands with :meth:`Game.new` and pick the first seed whose start card is
the one wanted. The deal uses its own random stream, so the launcher script does not
change which card is turned.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import pytest

from scenario import act, hand, legal, owes, position, types
from unoattack.engine import Game, IllegalAction, format_position
from unoattack.engine.events import Event, HandsTraded, HandWon, Pressed, StartCardTurned
from unoattack.rules.cards import Colour, Kind

# ------------------------------------------------------------------------------ helpers


def table(spec: str, launcher: str = "") -> Game:
    """A 2003 position from the fields given; the rest default: ``turn=0``, the dealer is
    the last seat (so seat 0 is dealer+1), scores 0, the rest of the deck in the stock, a
    scripted launcher with ``launcher`` as its script, seed 0."""
    given = {word.partition("=")[0] for word in spec.split()}
    players = spec.split("hands=")[1].split()[0].count("/") + 1
    defaults = {
        "turn": "0",
        "dealer": str(players - 1),
        "scores": ",".join(["0"] * players),
        "stock": "...",
        "launcher": f"scripted:{launcher}" if launcher else "scripted",
        "seed": "0",
    }
    rest = " ".join(f"{k}={v}" for k, v in defaults.items() if k not in given)
    return position(f"2003 {spec} {rest}")


def plays(game: Game, seat: int | None = None) -> set[str]:
    """The legal card plays, as strings without the UNO variants."""
    return {a for a in legal(game, seat) if a.startswith("play") and not a.endswith(" uno")}


def played_cards(game: Game, seat: int | None = None) -> set[str]:
    """The cards ``seat`` may legally play now (whatever colour or target goes with them)."""
    return {a.split()[1] for a in plays(game, seat)}


def pressers(events: list[Event]) -> list[int]:
    """The seats that pressed, in order."""
    return [e.seat for e in events if isinstance(e, Pressed)]


def press_out(game: Game) -> list[Event]:
    """Make every owed press, whoever owes it; return the events."""
    events: list[Event] = []
    while game.duties:
        events += act(game, "press")
    return events


def hand_won(events: list[Event]) -> HandWon:
    won = [e for e in events if isinstance(e, HandWon)]
    assert len(won) == 1, types(events)
    return won[0]


def seat_after(game: Game, seat: int, steps: int = 1) -> int:
    return (seat + steps) % game.n


@cache
def _start_seed(kind: Kind, players: int, want: Callable[[Game], bool] | None) -> int:
    for seed in range(20_000):
        game = Game.new("2003", players=players, seed=seed, launcher="scripted")
        if game.top.kind is kind and (want is None or want(game)):
            return seed
    raise AssertionError(f"no seed turns up a {kind.name} start card")


def start(
    kind: Kind, players: int = 4, launcher: str = "", want: Callable[[Game], bool] | None = None
) -> Game:
    """A freshly dealt 2003 game whose start card is of ``kind``."""
    seed = _start_seed(kind, players, want)
    game = Game.new(
        "2003",
        players=players,
        seed=seed,
        launcher=f"scripted:{launcher}" if launcher else "scripted",
    )
    assert game.top.kind is kind
    return game


# ------------------------------------------------------------------------------ matching


def test_r08_a_card_matches_by_active_colour_or_by_number() -> None:
    """R08: A card matches by active colour or by number."""
    # [001] "if the card is a red 7, you must throw down a red card or any color 7".
    game = table("hands=R3,R-Skip,B7,G7,B5,G-Skip,Y-Rev/G1/G2 pile=R7")
    assert played_cards(game) == {"R3", "R-Skip", "B7", "G7"}


def test_r08_the_colour_named_for_a_wild_is_the_active_colour() -> None:
    """R08: The colour named for a wild is the active colour."""
    game = table("hands=G5,R5,Y-Skip/G1/G2 pile=R7,W colour=G")
    assert played_cards(game) == {"G5"}


def test_r09_a43_hit2_does_not_match_a_2_nor_a_2_a_hit2() -> None:
    """R09, A43: Hit 2 does not match a 2 nor a 2 a Hit 2."""
    on_a_two = table("hands=G-Hit2,B4/G1/G2 pile=R2")
    assert played_cards(on_a_two) == set()
    on_a_hit2 = table("hands=B2,G2,B4/G1/G3 pile=R-Hit2")
    assert played_cards(on_a_hit2) == set()


def test_a43_an_action_card_matches_its_own_symbol_and_no_other() -> None:
    """A43: An action card matches its own symbol and no other."""
    # R08 (c): Skip on Skip, Hit 2 on Hit 2, TH on TH, DA on DA; A43 adds Reverse.
    symbols = ("Skip", "Rev", "Hit2", "DA", "TH")
    blue = ",".join(f"B-{s}" for s in symbols)
    for symbol in symbols:
        game = table(f"hands={blue},B5/G1/G2 pile=R-{symbol}")
        assert played_cards(game) == {f"B-{symbol}"}, symbol


def test_r08_an_unmatched_card_is_illegal_and_leaves_the_game_unchanged() -> None:
    """R08: An unmatched card is illegal and leaves the game unchanged."""
    game = table("hands=B5,G6/G1/G2 pile=R7")
    before = format_position(game)
    with pytest.raises(IllegalAction, match="does not match"):
        act(game, "play B5")
    assert format_position(game) == before


# ------------------------------------------------------------------------------ wilds


def test_r10_a_wild_plays_on_anything_and_may_name_the_current_colour() -> None:
    """R10: A wild plays on anything and may name the current colour."""
    # [001] "calls any color ... including the one presently being played if desired. A
    # Wild card can be played even if the player has another playable card".
    game = table("hands=W,R5,B9/G1,G2/Y1,Y2 pile=R-Hit2")
    assert {"play W R", "play W Y", "play W G", "play W B"} <= plays(game)
    act(game, "play W R")
    assert game.colour is Colour.RED
    assert game.to_act == 1
    assert owes(game) is None  # the Hit 2 under the Wild does nothing now


def test_r11_a25_wild_all_hit_and_wild_hit_fire_play_on_anything() -> None:
    """R11, A25: Wild All Hit and Wild Hit-Fire play on anything."""
    # No Wild-Draw-Four restriction: legal although the player holds a matching card.
    game = table("hands=WAH,WHF,G4/G1/G2 pile=G-DA")
    for wild in ("WAH", "WHF"):
        assert {f"play {wild} {c}" for c in "RYGB"} <= plays(game)


# ------------------------------------------------------------------------------ Reverse, Skip


def test_r21_reverse_flips_the_direction_with_three_or_more_players() -> None:
    """R21: Reverse flips the direction with three or more players."""
    game = table("hands=R-Rev,R5,B6/G1,G2/Y1,Y2/B1,B2 pile=R2", launcher="0")
    act(game, "play R-Rev")
    assert game.direction == -1
    assert game.to_act == 3  # play left becomes play right
    act(game, "press")
    assert game.to_act == 2


def test_r22_skip_passes_over_the_next_player() -> None:
    """R22: Skip passes over the next player."""
    game = table("hands=R-Skip,R5,B6/G1,G2/Y1,Y2/B1,B2 pile=R2")
    events = act(game, "play R-Skip")
    assert "skipped" in types(events)
    assert game.to_act == 2


def test_r22_skip_follows_the_current_direction() -> None:
    """R22: Skip follows the current direction."""
    game = table("hands=R-Skip,R5,B6/G1,G2/Y1,Y2/B1,B2 pile=R2 dir=ccw")
    act(game, "play R-Skip")
    assert game.to_act == 2  # seat 3 is skipped
    assert game.direction == -1


# ------------------------------------------------------------------------------ Hit 2


def test_r25_the_next_player_must_press_exactly_twice() -> None:
    """R25: The next player must press exactly twice."""
    game = table("hands=R-Hit2,R5,B6/G1,G2/Y1,Y2/B1,B2 pile=R2")
    act(game, "play R-Hit2")
    assert owes(game) == (1, 2)


def test_r25_a47_facing_a_hit2_only_press_is_legal_no_stacking_in_2003() -> None:
    """R25, A47: Facing a Hit 2 only press is legal no stacking in 2003."""
    game = table("hands=R-Hit2,R5,R6/G-Hit2,W,WAH,R6/Y1,Y2 pile=R2")
    act(game, "play R-Hit2")
    assert legal(game) == ["press"]
    with pytest.raises(IllegalAction):
        act(game, "play G-Hit2")
    with pytest.raises(IllegalAction):
        act(game, "play W R")


def test_r25_both_presses_are_mandatory_even_when_the_first_fires() -> None:
    """R25: Both presses are mandatory even when the first fires."""
    game = table("hands=R-Hit2,R5,B6/G1,G2/Y1,Y2 pile=R2 stock=B9,B8,B7,...", launcher="3,0")
    act(game, "play R-Hit2")
    act(game, "press")
    assert hand(game, 1) == ["G1", "G2", "B9", "B8", "B7"]
    assert owes(game) == (1, 1)
    assert legal(game) == ["press"]  # no "stop" in 2003 (R17 is E3 only)
    act(game, "press")
    assert owes(game) is None


def test_r25_the_victim_forfeits_and_play_goes_to_the_player_after() -> None:
    """R25: The victim forfeits and play goes to the player after."""
    game = table("hands=R-Hit2,R5,B6/G1,R6/Y1,Y2/B1,B2 pile=R2", launcher="1,1")
    act(game, "play R-Hit2")
    events = act(game, "press", "press")
    assert pressers(events) == [1, 1]
    assert game.to_act == 2
    assert "card_played" not in types(events)


# ------------------------------------------------------------------------------ Trade Hands


def test_r30_trade_hands_swaps_whole_hands_with_the_chosen_player() -> None:
    """R30: Trade Hands swaps whole hands with the chosen player."""
    game = table("hands=R-TH,R5,R6/G1,G2/B1,B2,B3,B4 pile=R2")
    events = act(game, "play R-TH @2")
    assert hand(game, 0) == ["B1", "B2", "B3", "B4"]
    assert hand(game, 2) == ["R5", "R6"]
    assert hand(game, 1) == ["G1", "G2"]
    assert any(isinstance(e, HandsTraded) and e.target == 2 for e in events)


def test_r30_the_player_may_choose_any_other_player_but_not_themselves() -> None:
    """R30: The player may choose any other player but not themselves."""
    game = table("hands=R-TH,R5,R6/G1,G2/Y1,Y2/B1,B2 pile=R2")
    assert {a for a in plays(game) if "TH" in a} == {"play R-TH @1", "play R-TH @2", "play R-TH @3"}
    with pytest.raises(IllegalAction):
        act(game, "play R-TH @0")


def test_r31_a16_trade_hands_is_never_legal_as_the_last_card_so_the_player_presses() -> None:
    """R31, A16: Trade Hands is never legal as the last card so the player presses."""
    # [001] "A player may not go out on a Trade Hands card."
    game = table("hands=R-TH/G1,G2/B1,B2 pile=R2", launcher="0")
    assert legal(game) == ["press"]
    with pytest.raises(IllegalAction, match="Trade Hands"):
        act(game, "play R-TH @1")
    act(game, "press")
    assert game.to_act == 1
    assert hand(game, 0) == ["R-TH"]


def test_r30_after_a_trade_play_goes_to_the_normal_next_player() -> None:
    """R30: After a trade play goes to the normal next player."""
    game = table("hands=R-TH,R5,R6/G1,G2/Y1,Y2/B1,B2 pile=R2")
    act(game, "play R-TH @2")
    assert game.to_act == 1
    assert game.direction == 1


def test_a17_the_player_who_receives_a_single_card_is_liable_for_uno() -> None:
    """A17: The player who receives a single card is liable for uno."""
    game = table("hands=R-TH,R5,R6/G1,G2/B7 pile=R2")
    assert "play R-TH @2 uno" in legal(game)  # UNO may be called with the trade
    assert "play R-TH @1 uno" not in legal(game)
    act(game, "play R-TH @2")
    assert hand(game, 0) == ["B7"]
    assert hand(game, 2) == ["R5", "R6"]
    assert "catch 0" in legal(game, 1)
    events = act(game, "catch 0", seat=1)
    assert owes(game) == (0, 2)
    assert "caught" in types(events)


def test_a17_the_target_left_with_one_card_is_never_liable() -> None:
    """A17: The target left with one card is never liable."""
    game = table("hands=R-TH,R5/G1,G2,G3/B7,B8 pile=R2")
    act(game, "play R-TH @1")
    assert hand(game, 1) == ["R5"]
    assert "catch 1" not in legal(game, 2)
    assert "catch 1" not in legal(game, 0)
    assert game.uno_seat == -1


# ------------------------------------------------------------------------------ Discard All


def test_r32_a22_discard_all_takes_every_card_of_its_colour_but_never_a_wild() -> None:
    """R32, A22: Discard All takes every card of its colour but never a wild."""
    game = table("hands=R-DA,R3,R-Skip,R-Hit2,R-Rev,W,WAH,B5/G1,G2/Y1,Y2 pile=R7")
    events = act(game, "play R-DA")
    assert sorted(hand(game, 0)) == ["B5", "W", "WAH"]
    assert str(game.top) == "R-DA"
    assert game.colour is Colour.RED
    played = next(e for e in events if e.type == "card_played")
    assert sorted(str(c) for c in played.discarded) == ["R-Hit2", "R-Rev", "R-Skip", "R3"]


def test_r33_a22_discard_all_on_another_colour_discards_the_played_colour() -> None:
    """R33, A22: Discard All on another colour discards the played colour."""
    game = table("hands=R-DA,R3,R8,B4,B5/G1,G2/Y1,Y2 pile=B7,B-DA")
    assert "play R-DA" in legal(game)
    act(game, "play R-DA")
    assert hand(game, 0) == ["B4", "B5"]
    assert game.colour is Colour.RED


def test_r34_a22_cards_buried_under_a_discard_all_have_no_effect() -> None:
    """R34, A22: Cards buried under a Discard All have no effect."""
    game = table("hands=R-DA,R-Skip,R-Hit2,R-Rev,B5/G1,G2/Y1,Y2/B1,B2 pile=R7")
    events = act(game, "play R-DA")
    assert owes(game) is None
    assert game.direction == 1
    assert game.to_act == 1
    assert "skipped" not in types(events)
    assert "direction_reversed" not in types(events)


def test_a16_a_trade_hands_buried_under_a_discard_all_has_no_effect() -> None:
    """A16: A Trade Hands buried under a Discard All has no effect."""
    game = table("hands=R-DA,R-TH,R4,B5,B6/G1,G2/Y1,Y2 pile=R7")
    events = act(game, "play R-DA")
    assert "hands_traded" not in types(events)
    assert hand(game, 0) == ["B5", "B6"]
    assert hand(game, 1) == ["G1", "G2"]
    assert hand(game, 2) == ["Y1", "Y2"]


def test_a16_a_player_may_go_out_with_a_trade_hands_under_a_discard_all() -> None:
    """A16: A player may go out with a Trade Hands under a Discard All."""
    game = table("hands=R-DA,R-TH/G1,G2/Y1,Y2 pile=R7")
    events = act(game, "play R-DA")
    assert "hands_traded" not in types(events)
    won = hand_won(events)
    assert won.seat == 0
    assert won.points == 1 + 2 + 1 + 2


# ------------------------------------------------------------------------------ Wild All Hit


def test_r35_a24_every_other_player_presses_once_in_order_then_a_normal_turn() -> None:
    """R35, A24: Every other player presses once in order then a normal turn."""
    # Whatever a press yields (cards, a ding, a misfire), the pressing passes on.
    game = table("hands=WAH,R5,B6/G1,G2/Y1,Y2/B1,B2 pile=R2 stock=R9,R8,R7,...", launcher="3,0,m")
    act(game, "play WAH G")
    assert game.colour is Colour.GREEN
    assert owes(game) == (1, 1)
    events = press_out(game)
    assert pressers(events) == [1, 2, 3]  # the player of the card does not press
    assert hand(game, 1) == ["G1", "G2", "R9", "R8", "R7"]
    # Then play continues as normal: the next player takes a full turn, nobody forfeits.
    assert game.to_act == 1
    assert owes(game) is None
    assert {"play G1", "play G2", "press"} <= set(legal(game))


def test_r35_a24_wild_all_hit_goes_round_in_the_reversed_direction() -> None:
    """R35, A24: Wild All Hit goes round in the reversed direction."""
    game = table("hands=WAH,R5,B6/G1,G2/Y1,Y2/B1,B2 pile=R2 dir=ccw", launcher="1,1,1")
    act(game, "play WAH Y")
    events = press_out(game)
    assert pressers(events) == [3, 2, 1]
    assert game.to_act == 3


# ------------------------------------------------------------------------------ Wild Hit-Fire


def test_r36_the_next_player_presses_until_cards_come_out_then_forfeits() -> None:
    """R36: The next player presses until cards come out then forfeits."""
    # Dings and misfires do not count; the press that yields cards ends it.
    game = table("hands=WHF,R5,B6/G1,G2/Y1,Y2/B1,B2 pile=R2 stock=B9,B8,...", launcher="0,m,0,2,1")
    act(game, "play WHF B")
    assert game.colour is Colour.BLUE
    events = press_out(game)
    assert pressers(events) == [1, 1, 1, 1]
    assert hand(game, 1) == ["G1", "G2", "B9", "B8"]
    assert game.to_act == 2


def test_r36_a31_a_press_that_leaves_a_card_sticking_out_counts_as_firing() -> None:
    """R36, A31: A press that leaves a card sticking out counts as firing."""
    game = table("hands=WHF,R5,B6/G1,G2/Y1,Y2 pile=R2 stock=B9,B8,...", launcher="0,0+1,3")
    act(game, "play WHF R")
    events = press_out(game)
    assert pressers(events) == [1, 1]
    assert hand(game, 1) == ["G1", "G2", "B9"]
    assert game.to_act == 2


# ------------------------------------------------------------------------------ going out


def test_r65_r70_going_out_on_wild_all_hit_everyone_presses_and_the_cards_count() -> None:
    """R65, R70: Going out on Wild All Hit everyone presses and the cards count."""
    # [001] "If a player goes out by discarding a Wild All Hit card or Wild Hit-Fire card,
    # all players must follow the normal rules for these cards."
    game = table("hands=WAH/G1/Y1 pile=R2 stock=R9,R8,B7,...", launcher="2,1")
    events = act(game, "play WAH G")
    assert not any(e.type == "hand_won" for e in events)
    events = press_out(game)
    assert pressers(events)[:2] == [1, 2]
    won = hand_won(events)
    assert won.seat == 0
    assert won.hand_points[1:] == (1 + 9 + 8, 1 + 7)
    assert won.points == 26
    assert game.scores[0] == 26


def test_r65_r70_going_out_on_wild_hit_fire_the_next_player_presses_until_fire() -> None:
    """R65, R70: Going out on Wild Hit-Fire the next player presses until fire."""
    game = table("hands=WHF/G1/Y1 pile=R2 stock=R9,R8,...", launcher="0,m,2")
    act(game, "play WHF G")
    events = press_out(game)
    assert pressers(events)[:3] == [1, 1, 1]
    won = hand_won(events)
    assert won.hand_points[1:] == (1 + 9 + 8, 1)
    assert game.scores[0] == 19


def test_r66_a14_going_out_on_hit2_the_victim_still_presses_twice_and_cards_count() -> None:
    """R66, A14: Going out on Hit 2 the victim still presses twice and cards count."""
    game = table("hands=R-Hit2/G1/Y1 pile=R2 stock=R9,R8,B7,...", launcher="2,1")
    act(game, "play R-Hit2")
    assert owes(game) == (1, 2)
    events = press_out(game)
    assert pressers(events)[:2] == [1, 1]
    won = hand_won(events)
    assert won.hand_points[1:] == (1 + 9 + 8 + 7, 1)
    assert game.scores[0] == 26


# ------------------------------------------------------------------------------ start cards


def test_r44_a_number_start_card_dealer_plus_one_starts_clockwise() -> None:
    """R44: A number start card dealer plus one starts clockwise."""
    game = start(Kind.NUMBER)
    assert game.to_act == seat_after(game, game.dealer)
    assert game.direction == 1
    assert owes(game) is None
    assert "press" in legal(game)


def test_r45_a_reverse_start_card_the_dealer_plays_first_then_to_the_right() -> None:
    """R45: A reverse start card the dealer plays first then to the right."""
    game = start(Kind.REVERSE)
    assert game.to_act == game.dealer
    assert game.direction == -1
    act(game, "press")
    assert game.to_act == seat_after(game, game.dealer, -1)


def test_r46_a_skip_start_card_dealer_plus_one_is_skipped() -> None:
    """R46: A skip start card dealer plus one is skipped."""
    game = start(Kind.SKIP)
    assert game.to_act == seat_after(game, game.dealer, 2)
    assert game.direction == 1


def test_r47_a_wild_start_card_dealer_plus_one_names_the_colour_then_plays() -> None:
    """R47: A wild start card dealer plus one names the colour then plays."""
    game = start(Kind.WILD)
    first = seat_after(game, game.dealer)
    assert game.to_act == first
    assert legal(game) == ["colour R", "colour Y", "colour G", "colour B"]
    act(game, "colour B")
    assert game.colour is Colour.BLUE
    assert game.to_act == first
    assert "press" in legal(game)  # a normal turn, which may be a press


def test_r49_a_hit2_start_card_dealer_plus_one_presses_twice_then_dealer_plus_two() -> None:
    """R49: A Hit 2 start card dealer plus one presses twice then dealer plus two."""
    game = start(Kind.HIT2, launcher="2,3")
    first = seat_after(game, game.dealer)
    assert owes(game) == (first, 2)
    assert legal(game) == ["press"]
    events = press_out(game)
    assert pressers(events) == [first, first]
    assert len(game.hands[first]) == 7 + 5
    assert game.to_act == seat_after(game, game.dealer, 2)


def _first_holds_a_wild(game: Game) -> bool:
    return any(c.is_wild for c in game.hand(game.to_act or 0))


def test_r51_a23_a_discard_all_start_card_is_an_ordinary_top_card() -> None:
    """R51, A23: A Discard All start card is an ordinary top card."""
    game = start(Kind.DISCARD_ALL, want=_first_holds_a_wild)
    first = seat_after(game, game.dealer)
    assert game.to_act == first
    assert owes(game) is None
    assert all(len(h) == 7 for h in game.hands)
    top = game.top
    expected = {
        str(c)
        for c in game.hand(first)
        if c.colour is top.colour or c.kind is Kind.DISCARD_ALL or c.is_wild
    }
    assert any(c.is_wild for c in game.hand(first))
    assert played_cards(game) == expected  # same colour, another DA, or a wild (A23)


def test_r52_a26_a_wild_all_hit_start_card_all_but_the_dealer_press_once() -> None:
    """R52, A26: A Wild All Hit start card all but the dealer press once."""
    game = start(Kind.WILD_ALL_HIT, launcher="2,0,m")
    dealer = game.dealer
    first = seat_after(game, dealer)
    events = press_out(game)
    assert pressers(events) == [first, seat_after(game, dealer, 2), seat_after(game, dealer, 3)]
    # dealer+1 then names the colour and takes the first turn.
    assert game.to_act == first
    assert legal(game) == ["colour R", "colour Y", "colour G", "colour B"]
    act(game, "colour Y")
    assert game.colour is Colour.YELLOW
    assert game.to_act == first
    assert "press" in legal(game)


def test_r53_a26_a_wild_hit_fire_start_card_dealer_plus_one_presses_until_fire() -> None:
    """R53, A26: A Wild Hit-Fire start card dealer plus one presses until fire."""
    game = start(Kind.WILD_HIT_FIRE, launcher="0,m,0,1")
    dealer = game.dealer
    first, second = seat_after(game, dealer), seat_after(game, dealer, 2)
    events = press_out(game)
    assert pressers(events) == [first] * 4
    assert len(game.hands[first]) == 8
    assert game.to_act == second  # dealer+2 names the colour and starts
    assert legal(game) == ["colour R", "colour Y", "colour G", "colour B"]
    act(game, "colour G")
    assert game.to_act == second
    assert game.colour is Colour.GREEN


def _trade_hands_returned(game: Game) -> bool:
    return any(isinstance(e, StartCardTurned) and e.returned for e in game.log)


def test_r50_a28_trade_hands_is_never_the_start_card_it_goes_back_into_the_stock() -> None:
    """R50, A28: Trade Hands is never the start card it goes back into the stock."""
    game = start(Kind.NUMBER, want=_trade_hands_returned)
    turned = [e for e in game.log if isinstance(e, StartCardTurned)]
    returned = [e.card for e in turned if e.returned]
    assert returned and all(c.kind is Kind.TRADE_HANDS for c in returned)
    assert not turned[-1].returned
    where = game.card_locations()
    for card in returned:  # one Trade Hands per colour, so the face names the card
        (card_id,) = [i for i, f in enumerate(game.faces) if f == card]
        assert where[card_id] == "stock"
    for seed in range(300):
        assert Game.new("2003", players=4, seed=seed).top.kind is not Kind.TRADE_HANDS


# ------------------------------------------------------------------------------ two players


def test_r75_a12_two_players_reverse_acts_as_skip_and_the_player_takes_a_full_turn() -> None:
    """R75, A12: Two players reverse acts as skip and the player takes a full turn."""
    game = table("hands=R-Rev,R5,B9/G1,G2 pile=R2", launcher="0")
    events = act(game, "play R-Rev")
    assert "skipped" in types(events)
    assert game.to_act == 0
    assert {"play R5", "press"} <= set(legal(game))  # may play again, or press (reneging)
    act(game, "press")
    assert game.to_act == 1


def test_r76_two_players_skip_gives_the_player_another_turn() -> None:
    """R76: Two players skip gives the player another turn."""
    game = table("hands=R-Skip,R5,B9/G1,G2 pile=R2")
    act(game, "play R-Skip")
    assert game.to_act == 0
    act(game, "play R5")
    assert game.to_act == 1


def test_r77_two_players_after_the_hit2_presses_play_returns_to_its_player() -> None:
    """R77: Two players after the Hit 2 presses play returns to its player."""
    game = table("hands=R-Hit2,R5,B6/G1,G2 pile=R2", launcher="1,1")
    act(game, "play R-Hit2")
    assert owes(game) == (1, 2)
    events = press_out(game)
    assert pressers(events) == [1, 1]
    assert game.to_act == 0


def test_r78_two_players_wild_all_hit_the_opponent_presses_once_then_plays() -> None:
    """R78: Two players Wild All Hit the opponent presses once then plays."""
    game = table("hands=WAH,R5,B6/G1,G2 pile=R2", launcher="1")
    act(game, "play WAH G")
    events = press_out(game)
    assert pressers(events) == [1]
    assert game.to_act == 1
    assert "play G1" in legal(game)


def test_r77_a13_two_players_wild_hit_fire_play_returns_to_its_player() -> None:
    """R77, A13: Two players Wild Hit-Fire play returns to its player."""
    game = table("hands=WHF,R5,B6/G1,G2 pile=R2", launcher="0,m,1")
    act(game, "play WHF G")
    events = press_out(game)
    assert pressers(events) == [1, 1, 1]
    assert game.to_act == 0


def test_r78_r31_two_players_trade_hands_target_is_the_opponent() -> None:
    """R78, R31: Two players Trade Hands target is the opponent."""
    game = table("hands=R-TH,R5,R6/G1,G2,G3 pile=R2")
    assert {a for a in plays(game) if "TH" in a} == {"play R-TH @1"}
    act(game, "play R-TH @1")
    assert hand(game, 0) == ["G1", "G2", "G3"]
    assert hand(game, 1) == ["R5", "R6"]
    assert game.to_act == 1


def test_a49_two_players_reverse_start_card_the_dealer_plays_first() -> None:
    """A49: Two players reverse start card the dealer plays first."""
    game = start(Kind.REVERSE, players=2)
    assert game.to_act == game.dealer


def test_a49_two_players_skip_start_card_the_dealer_starts() -> None:
    """A49: Two players skip start card the dealer starts."""
    game = start(Kind.SKIP, players=2)
    assert game.to_act == game.dealer


def test_a49_two_players_hit2_start_card_the_non_dealer_presses_the_dealer_starts() -> None:
    """A49: Two players Hit 2 start card the non dealer presses the dealer starts."""
    game = start(Kind.HIT2, players=2, launcher="1,1")
    other = 1 - game.dealer
    assert owes(game) == (other, 2)
    events = press_out(game)
    assert pressers(events) == [other, other]
    assert game.to_act == game.dealer


def test_a49_two_players_wild_all_hit_start_the_non_dealer_presses_once_then_starts() -> None:
    """A49: Two players Wild All Hit start the non dealer presses once then starts."""
    game = start(Kind.WILD_ALL_HIT, players=2, launcher="1")
    other = 1 - game.dealer
    events = press_out(game)
    assert pressers(events) == [other]
    assert game.to_act == other
    act(game, "colour R")
    assert game.to_act == other
    assert "press" in legal(game)


# ------------------------------------------------------------------------------ turns


def test_r14_a_player_may_press_instead_of_playing_a_playable_card() -> None:
    """R14: A player may press instead of playing a playable card."""
    # [001] RENEGING: "You may choose not to play a playable card ... you must hit the
    # Launcher button. Your turn is then over."
    game = table("hands=R5,W/G1,G2/Y1,Y2 pile=R2", launcher="0")
    assert "play R5" in legal(game)
    act(game, "press")
    assert game.to_act == 1
    assert hand(game, 0) == ["R5", "W"]


def test_r12_a_press_ends_the_turn_even_if_the_cards_received_are_playable() -> None:
    """R12: A press ends the turn even if the cards received are playable."""
    game = table("hands=B9/G1,G2/Y1,Y2 pile=R2 stock=R9,R8,...", launcher="2")
    act(game, "press")
    assert hand(game, 0) == ["B9", "R9", "R8"]
    assert game.to_act == 1
    assert plays(game, 0) == set()
    with pytest.raises(IllegalAction, match="not your turn"):
        act(game, "play R9", seat=0)
