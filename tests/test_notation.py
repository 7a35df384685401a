"""The position notation: every form it reads and writes, and how a bad string is refused.

docs/notation.md shows an example of each form (its doctests run too);
tests/test_position_properties.py writes and reads back every decision of random games.
"""

from __future__ import annotations

import random
import re

import pytest

from unoattack.engine import Game, PositionError, format_position, parse_position
from unoattack.engine.events import StartCardTurned

TABLE = "2003 hands=R5,R6/G1,G2/B1,B2 pile=R2 dealer=2 scores=0,0,0 stock=... launcher=scripted"


def round_trip(text: str) -> Game:
    game = parse_position(text)
    assert format_position(game) == text
    return game


@pytest.mark.parametrize(
    "text",
    [
        "2003 hands=R7,B-Skip,W/G3,Y-TH/Y1,Y2 pile=B5,R2 colour=R dir=ccw turn=2 dealer=1 "
        "scores=10,0,45 stock=G1,G2,... launcher=scripted:3,0,2+1 seed=5",
        "mega-hit hands=R5/G1,G2/ pile=R2 colour=R dir=cw turn=0 dealer=1 scores=0,0,600 "
        "stock=... launcher=hazard seed=0 out=2 catch=0 hand=3 "
        "house=stop_after_fire=choose;reshuffle_threshold=30",
        "2010 hands=R5,R6/G1,G2 pile=R2 colour=R dir=cw turn=1 dealer=0 scores=0,0 "
        "stock=Y1,Y2,... launcher=draw-one seed=3 house=hand_size=2",
    ],
)
def test_positions_of_the_start_of_a_turn_read_and_write_as_before(text: str) -> None:
    assert round_trip(text).phase.name == "TURN"


@pytest.mark.parametrize(
    "owe",
    [
        "1:2:hit",
        "1:2:attack+yielded",
        "1:6:pile+stack",
        "1:1:all_hit,2:1:all_hit",
        "1:fire:hit_fire",
        "1:fire:start",
        "1:2:start+hit",
        "1:1:start",
        "0:2:uno_penalty,1:2:hit",
        "2:4:suggestion+yielded,1:2:hit",
    ],
)
def test_every_reason_and_flag_of_a_duty_reads_back(owe: str) -> None:
    mega = " mega=6:2:0" if "stack" in owe else ""
    game = round_trip(
        f"mega-hit hands=R5,R6/G1,G2/B1,B2 pile=R2,R-Hit2 colour=R dir=cw owe={owe} then=2"
        f"{mega} dealer=2 scores=0,0,0 stock=... launcher=scripted seed=0"
    )
    first = owe.split(",")[0].split(":")
    assert game.to_act == int(first[0])
    assert game.duties[0].reason == first[2].split("+")[0]


def test_copies_are_numbered_where_the_reader_would_take_another() -> None:
    """A game's shuffled stock and dealt hands hold copies in any order: the ids read back
    are the game's own, so the same copies leave the same hands later."""
    game = Game.new("2003", players=4, seed=3)
    text = format_position(game)
    assert "#2" in text
    copy = parse_position(text)
    assert copy.hands == game.hands
    assert copy.pile == game.pile
    assert copy.launcher.stock == game.launcher.stock


@pytest.mark.parametrize("seed", range(12))
def test_a_start_card_still_to_be_turned_is_turned_as_a_new_hand_turns_it(seed: int) -> None:
    """R44–R56: a position with an empty pile turns the front of the stock and applies it
    as the deal does: the position read is the new hand's."""
    edition = ("2003", "2010", "mega-hit")[seed % 3]
    game = Game.new(edition, players=2 + seed % 4, seed=seed, launcher="scripted")
    # None of these seeds turns a Trade Hands first, which goes back at random (R50).
    assert not any(isinstance(e, StartCardTurned) and e.returned for e in game.log)
    dealt = format_position(game)
    faces = game.faces
    words = dealt.split()
    hands = next(w for w in words if w.startswith("hands="))
    stock = ",".join(str(faces[i]) for i in [*game.pile, *game.launcher.stock])
    text = (
        f"{edition} {hands} pile= dealer={game.dealer} scores={','.join(['0'] * game.n)} "
        f"stock={stock} launcher=scripted seed={seed}"
    )
    turned = parse_position(text)
    # Faces only: the string above names no copies (the hands' copies are the lowest).
    assert re.sub("#[0-9]+", "", format_position(turned)) == re.sub("#[0-9]+", "", dealt)
    assert [e.type for e in turned.log][:1] == ["start_card"]


def test_a_trade_hands_is_never_the_start_card_it_goes_back_into_the_stock() -> None:
    """R50, A28: the Trade Hands at the front of the stock goes back at random, another
    card is turned."""
    game = parse_position(
        "2003 hands=R5,R6/G1,G2/B1,B2 pile= dealer=0 scores=0,0,0 stock=Y-TH,B-TH,G7,... "
        "launcher=scripted seed=4"
    )
    turned = [(str(e.card), e.returned) for e in game.log if isinstance(e, StartCardTurned)]
    assert turned == [("Y-TH", True), ("B-TH", True), ("G7", False)]
    assert str(game.top) == "G7" and game.to_act == 1
    stock = [str(game.faces[i]) for i in game.launcher.stock]
    assert "Y-TH" in stock and "B-TH" in stock


def test_cards_aside_stay_out_of_play_until_the_next_deal() -> None:
    """R19: a reshuffle takes the discards and the stock, never the cards aside; the next
    deal shuffles the whole deck again."""
    game = round_trip(
        "2003 hands=R5,R6/G1,G2 pile=B3,B4,R2 colour=R dir=cw turn=1 dealer=0 scores=0,0 "
        "stock= aside=... launcher=scripted:1 seed=0"
    )
    assert sorted(game.card_locations()) == list(range(112))
    game.apply(game.legal_actions()[-1])  # seat 1 presses: the two discards are reloaded
    assert len(game.hand(1)) == 3 and len(game.launcher.stock) == 1
    assert len(game.aside) == 105
    rng = random.Random(0)
    while game.hand_number == 1:
        game.apply(rng.choice(game.legal_actions()))
        assert len(game.aside) == 105 or game.hand_number == 2
    assert game.aside == [] and sorted(game.card_locations()) == list(range(112))


def test_the_draws_for_the_first_dealer_choose_it_as_the_match_does() -> None:
    """R04, A32: a position may give the draws that chose the first dealer: seats tied on
    the highest number redraw among themselves; if all drew 0, all redraw."""
    game = parse_position(
        "2003 hands=R5,R6/G1,G2/B1,B2 pile=R2 turn=1 draws=B-Skip,W,Y-Rev/R9,G9,B2/Y2,Y7 "
        "scores=0,0,0 stock=... launcher=scripted seed=0"
    )
    assert game.dealer == 1
    (chosen,) = game.log
    assert chosen.type == "dealer_chosen" and len(chosen.rounds) == 3
    assert "dealer=1" in format_position(game)


BAD = [
    ("owe=1:x:hit then=0", "owe: entry 1 '1:x:hit': presses must be a whole number or 'fire'"),
    ("owe=1:2:hit,1:x then=0", "owe: entry 2 '1:x': write seat:presses:reason"),
    ("owe=1:2:kick then=0", "owe: entry 1 '1:2:kick': the reason must be one of hit, attack"),
    ("owe=7:2:hit then=0", "owe: entry 1 '7:2:hit': the seat must be one of 0 to 2"),
    ("owe=1:0:hit then=0", "owe: entry 1 '1:0:hit': presses must be 1 or more"),
    ("owe=1:fire:hit then=0", "owe: entry 1 '1:fire:hit': only a Wild Hit-Fire (hit_fire"),
    ("owe=1:2:hit_fire then=0", "owe: entry 1 '1:2:hit_fire': a Wild Hit-Fire's presses"),
    ("owe=1:2:hit+wings then=0", "owe: entry 1 '1:2:hit+wings': 'wings' is not a flag"),
    ("owe=1:2:suggestion+stack then=0", "owe: entry 1 '1:2:suggestion+stack': +stack does not"),
    ("owe=1:2:hit+yielded+yielded then=0", "owe: entry 1 '1:2:hit+yielded+yielded': a flag is"),
    ("owe= then=0", "owe: give at least one duty"),
    ("owe=1:2:hit", "then: give the seat that plays once the presses are made"),
    ("turn=0 owe=1:2:hit then=0", "turn: presses are owed, so the first seat in owe acts"),
    ("turn=0 then=2", "then: only while presses are owed (owe=)"),
    ("turn=0 went=0", "went: only while presses are owed (owe=)"),
    ("owe=1:2:hit then=0 went=0", "then: the hand ends when the presses are made (went=)"),
    ("owe=1:2:pile+stack then=0", "mega: a duty that may stack (+stack) answers a pile"),
    ("owe=1:2:pile+stack then=0 mega=2:1", "mega: '2:1': write total:cards:origin"),
    ("owe=1:2:pile+stack then=0 mega=2:0:0", "mega: a pile holds at least one Hit card"),
    ("owe=1:2:hit then=5", "then: seat 5 does not exist (seats 0 to 2)"),
    ("colour=? turn=0", "colour: ? is a colour still to be named, after a wild start card"),
    ("colour=P turn=0", "colour: "),
    ("dir=up turn=0", "dir: 'up': write cw or ccw"),
    ("turn=0 presses=1,2", "presses: '1,2': write three numbers"),
    ("turn=0 presses=3,1,2", "presses: '3,1,2': more presses since an event than in all"),
    ("turn=0 presses=0,-1,2", "presses: -1 is below 0"),
    ("turn=0 empty=3", "empty: 3 turns in a row pressed an empty launcher"),
    ("turn=0 said=1,1", "said: a seat is named twice in '1,1'"),
    ("turn=0 said=x", "said: 'x' is not a whole number"),
    ("turn=0 out=1", "out: eliminated seat 1 still holds cards"),
    ("turn=0 catch=5", "catch: seat 5 does not exist"),
    # R60, R61: a catch window is open on a player holding one card who did not say UNO.
    ("turn=0 catch=1", "catch: seat 1 holds 2 cards; a player can be caught holding one"),
    ("turn=0 said=1 catch=1", "catch: seat 1 said UNO (said=), so it cannot be caught"),
    ("turn=0 bonus=9", "bonus: seat 9 does not exist"),
    ("turn=0 hand=-2", "hand: -2 is below 0"),
    ("turn=0 seed=x", "seed: 'x' is not a whole number"),
    # int() reads "𝟙" as 1 and "1_0" as 10; a position is written with 0-9 only.
    ("turn=0 seed=𝟙", "seed: '𝟙' is not a whole number"),
    ("turn=0 seed=1_0", "seed: '1_0' is not a whole number"),
    ("turn=0 said=²", "said: '²' is not a whole number"),
    ("", "field 'turn' is missing"),
    ("turn=0 aside=...", "aside: only one of stock and aside may end with ..."),
    ("turn=0 draws=R3,G9,B2", "draws: give the dealer or the draws that chose them, not both"),
]


@pytest.mark.parametrize(("extra", "message"), BAD)
def test_a_bad_field_is_refused_with_its_name_and_the_fault(extra: str, message: str) -> None:
    with pytest.raises(PositionError) as refused:
        parse_position(f"{TABLE} {extra}".strip())
    assert str(refused.value).startswith(message)


START = "2003 hands=R5,R6/G1,G2/B1,B2 scores=0,0,0 launcher=scripted"
BAD_CARDS = [
    (
        "pile=R2 dealer=0 turn=0 stock=... hands=R5#3,R6/G1,G2/B1,B2",
        "hands (seat 0): R5#3: the 2003 deck has 2 R5",
    ),
    (
        "pile=R2 dealer=0 turn=0 stock=... hands=R5#0,R6/G1,G2/B1,B2",
        "hands (seat 0): 'R5#0': write the copy after # as a number from 1 (R7#2)",
    ),
    ("pile=R2,R5#1 dealer=0 turn=0 stock=R5#1,...", "stock: R5#1 is placed twice"),
    ("pile=R5,R5 dealer=0 turn=0 stock=...", "pile: one R5 too many: the 2003 deck has 2"),
    ("pile=R2,DA dealer=0 turn=0 stock=...", "pile: unknown card 'DA'"),
    ("pile=R2 dealer=0 turn=0 stock=R1", "stock: 104 cards of the deck are not placed"),
    ("pile= dealer=0 turn=1 stock=...", "turn: the pile is empty, so the start card"),
    ("pile= dealer=0 stock=... presses=0,1,1", "presses: the launcher is loaded as the start"),
    (
        "pile= dealer=0 stock=Y-TH aside=...",
        "stock: the start card is turned from the stock, which holds no card but Trade Hands",
    ),
    ("pile= draws=R3,G9/Y2 stock=...", "draws: round 1 has 2 cards for the 3 seats drawing"),
    ("pile= draws=R3,G9,B9 stock=...", "draws: round 1 leaves seats 1,2 to draw again"),
    ("pile= draws=R3,G9,B2/Y2 stock=...", "draws: round 1 chose the dealer; nobody draws"),
    ("pile= draws=R3,G9,B2 hand=2 stock=...", "draws: the first dealer is drawn for in hand 1"),
    ("pile= stock=...", "field 'dealer' is missing"),
]


@pytest.mark.parametrize(("extra", "message"), BAD_CARDS)
def test_a_bad_card_or_start_is_refused_with_its_field(extra: str, message: str) -> None:
    with pytest.raises(PositionError, match="^" + message.replace("(", r"\(").replace(")", r"\)")):
        text = f"{START} {extra}"
        if "hands=" in extra:
            text = text.replace("hands=R5,R6/G1,G2/B1,B2 ", "")
        parse_position(text)


def test_a_wild_the_edition_does_not_deal_cannot_be_drawn() -> None:
    with pytest.raises(PositionError, match="draws: WHF is not a face of the mega-hit deck"):
        parse_position(
            "mega-hit hands=R5,R6/G1,G2/B1,B2 pile=R2 turn=0 draws=R3,G9,WHF scores=0,0,0 "
            "stock=... launcher=scripted"
        )
