"""The engine's legal actions against a plain reference, at every decision of many games.

The engine lists legal plays with bit masks, lookup tables and caches (docs/engine.md,
"Speed"). The reference here builds the same list the slow, obvious way, from the hand's
cards and the rules, and the two must agree exactly, order included, for the seat to act
and for another seat, at every step of random games in every edition, with Wild
Customizable set to each effect that needs a target, and with Trade Hands allowed as a
last card.
"""

from __future__ import annotations

import random

import pytest

from unoattack.engine import Action, Game, Phase
from unoattack.engine.actions import PRESS, SAY_UNO, STOP, catch, choose_colour, play
from unoattack.rules.cards import FACES, Card, Colour, Kind
from unoattack.rules.edition import Edition

EDITIONS = ("2003", "2010", "mega-hit")

# What each kind of card does (docs/rules.md); Wild Customizable's comes from the options.
EFFECT = {
    Kind.NUMBER: "none",
    Kind.SKIP: "skip",
    Kind.REVERSE: "reverse",
    Kind.HIT1: "hit",
    Kind.HIT2: "hit",
    Kind.DISCARD_ALL: "discard_all",
    Kind.TRADE_HANDS: "trade_hands",
    Kind.WILD: "none",
    Kind.WILD_ALL_HIT: "all_hit",
    Kind.WILD_HIT_FIRE: "hit_fire",
    Kind.WILD_HIT4: "hit",
    Kind.WILD_ATTACK_ATTACK: "attack",
}

SETUPS = [
    ("2003", {}),
    ("2010", {}),
    ("mega-hit", {}),
    ("2010", {"wild_custom_effect": "attack:3"}),
    ("2010", {"wild_custom_effect": "trade_hands", "may_go_out_on_trade_hands": True}),
    ("2003", {"may_go_out_on_trade_hands": True}),
    ("mega-hit", {"stop_after_fire": "choose"}),
]


def effect_of(game: Game, card: Card) -> str:
    if card.kind is Kind.WILD_CUSTOM:
        return game.options.wild_custom[0]
    return EFFECT[card.kind]


def matches(game: Game, card: Card) -> bool:
    """R08–R11: same colour, same number, same symbol, or a wild."""
    top = game.top
    if card.is_wild or card.colour is game.colour:
        return True
    if card.kind is Kind.NUMBER:
        return top.kind is Kind.NUMBER and card.number == top.number
    return card.kind is top.kind


def reference_plays(game: Game, seat: int, stacking: bool) -> list[Action]:
    hand = game.hand(seat)
    n = len(hand)
    plays: list[Action] = []
    for card in sorted(set(hand), key=lambda c: c.index):
        effect = effect_of(game, card)
        if stacking:
            if effect not in ("hit", "attack"):  # R37: only Hit cards stack
                continue
        elif not matches(game, card):
            continue
        colours: list[Colour | None] = list(Colour) if card.is_wild else [None]
        if effect in ("attack", "trade_hands"):
            if effect == "trade_hands" and n == 1 and not game.options.may_go_out_on_trade_hands:
                continue  # R31
            for target in range(game.n):
                if target == seat or not game.active[target]:
                    continue
                # A17: after a trade, liability follows the hand received.
                left = len(game.hands[target]) if effect == "trade_hands" else n - 1
                plays += [play(card, c, target) for c in colours]
                if left == 1:
                    plays += [play(card, c, target, uno=True) for c in colours]
            continue
        if card.kind is Kind.DISCARD_ALL:
            left = sum(1 for c in hand if c.colour is not card.colour)  # R32
        else:
            left = n - 1
        plays += [play(card, c) for c in colours]
        if left == 1:  # R57: UNO may be said with the play that leaves one card
            plays += [play(card, c, uno=True) for c in colours]
    return plays


def reference_legal(game: Game, seat: int) -> list[Action]:
    actions: list[Action] = []
    if game.phase is Phase.TURN and seat == game.current:
        actions = [*reference_plays(game, seat, stacking=False), PRESS]
    elif game.phase is Phase.PRESSING and seat == game.duties[0].seat:
        duty = game.duties[0]
        actions = [PRESS]
        may_stop = duty.hit_card or game.options.fr_stop_on_fire_scope != "hit_cards"
        if duty.yielded and game.options.stop_after_fire == "choose" and may_stop:
            actions.append(STOP)
        if duty.stackable:
            actions += reference_plays(game, seat, stacking=True)
    elif game.phase is Phase.CHOOSE_COLOUR and seat == game.current:
        actions = [choose_colour(c) for c in Colour]
    if game.uno_seat >= 0 and game.active[seat]:
        actions.append(SAY_UNO if seat == game.uno_seat else catch(game.uno_seat))
    return actions


@pytest.mark.parametrize("index", range(len(SETUPS) * 4))
def test_legal_actions_match_the_reference_at_every_decision(index: int) -> None:
    """R08–R12, R31, R32, R37, R57, A17: the fast listing equals the reference."""
    edition, options = SETUPS[index % len(SETUPS)]
    players = 2 + index % 5 * 2
    rng = random.Random(index)
    decisions = 0
    seed = index
    while decisions < 2000:
        game = Game.new(edition, players=players, seed=seed, options=options, events=False)
        while not game.is_over and decisions < 2000:
            seat = game.to_act
            assert seat is not None
            other = rng.randrange(game.n)
            for who in (seat, other):
                assert list(game.legal_actions(who)) == reference_legal(game, who), (
                    f"seed {seed}, seat {who}, decision {decisions}"
                )
            legal = game.legal_actions()
            # Favour plays, so that hands shrink and UNO and last-card cases come up.
            plays = [a for a in legal if a.card is not None]
            game.apply(rng.choice(plays) if plays and rng.random() < 0.8 else rng.choice(legal))
            decisions += 1
        seed += 1000


def deck_faces(edition: str) -> list[int]:
    """The faces (indexes) of an edition's deck."""
    return sorted({card.index for card in Edition.load(edition).deck.faces})


@pytest.mark.parametrize("edition", [*EDITIONS, "every face"])
def test_the_compiled_builds_chunk_loop_lists_what_the_generated_listers_list(
    edition: str,
) -> None:
    """The compiled build reads a layout's chunk tables with a loop (movegen._concat)
    instead of the listers generated for the layout; both give the same plays for every
    face mask of the layout's faces."""
    from unoattack.engine import movegen

    faces = range(len(FACES)) if edition == "every face" else deck_faces(edition)
    layout = movegen.layout_for(faces)
    rng = random.Random(5)
    every_bit = (1 << movegen.CHUNKS * movegen.CHUNK_BITS) - 1
    masks = [
        0,
        every_bit,
        *(rng.getrandbits(movegen.CHUNKS * movegen.CHUNK_BITS) for _ in range(2000)),
    ]
    for mask in masks:
        mask &= layout.present
        assert movegen._concat(layout.plain_tables, mask) == layout.plain_plays(mask)
        assert movegen._concat(layout.then_press_tables, mask) == layout.plays_then_press(mask)
        head = mask & ((1 << layout.tail_shift) - 1)
        assert movegen._concat(layout.head_tables, head) == layout.head_plays(head)


@pytest.mark.parametrize("edition", EDITIONS)
def test_an_editions_faces_take_the_lowest_bits_in_face_order(edition: str) -> None:
    """Each edition's face masks fit in machine code's small ints (below bit 62), and a
    mask's faces read bit by bit come in face order, so its plays keep their order."""
    from unoattack.engine import movegen

    faces = sorted(deck_faces(edition))
    layout = movegen.layout_for(faces)
    assert list(layout.face_at[: len(faces)]) == faces
    assert layout.present == (1 << len(faces)) - 1 < 1 << 62
    assert [layout.bit_of[f] for f in faces] == [1 << k for k in range(len(faces))]
    top = faces[0]
    assert layout.faces(layout.match[top * 4]) == sorted(
        f for f in faces if movegen.MATCH_MASKS[top * 4] >> f & 1
    )
    plays = movegen._concat(layout.plain_tables, layout.present)
    assert [a.card.index for a in plays if a.card is not None] == sorted(
        a.card.index for a in plays if a.card is not None
    )
