"""The deal: choosing the first dealer, shuffling, dealing and turning the start card."""

from __future__ import annotations

from typing import TYPE_CHECKING

from unoattack.engine.chance import randrange, shuffle
from unoattack.engine.effects import turn_start_card
from unoattack.engine.events import DealerChosen, Dealt, HandStarted, StartCardTurned
from unoattack.rules.cards import Card, Kind

if TYPE_CHECKING:
    from unoattack.engine.game import Game


def choose_first_dealer(game: Game) -> None:
    """R04, A32: highest number deals; action cards count 0; ties redraw."""
    faces, rng = game.faces, game.deck_rng
    deck = list(range(len(faces)))
    shuffle(rng, deck)
    drawing = list(range(game.n))
    rounds = []
    while True:
        draws = []
        for seat in drawing:
            if not deck:
                deck = list(range(len(faces)))
                shuffle(rng, deck)
            draws.append((seat, faces[deck.pop()]))
        rounds.append(tuple(draws))
        drawing = draw_again(draws)
        if not drawing:
            break
    dealer_chosen(game, tuple(rounds))


def draw_again(draws: list[tuple[int, Card]]) -> list[int]:
    """R04, A32: who draws again after a round of draws (seat, card), in seat order:
    nobody once a single highest number settles it (an action card or a wild counts 0),
    the seats tied for the highest number, or everyone when all drew 0."""
    values = {seat: (c.number or 0) if c.kind is Kind.NUMBER else 0 for seat, c in draws}
    best = max(values.values())
    leaders = [seat for seat, _ in draws if values[seat] == best]
    if best > 0 and len(leaders) == 1:
        return []
    return leaders if best > 0 else [seat for seat, _ in draws]


def dealer_chosen(game: Game, rounds: tuple[tuple[tuple[int, Card], ...], ...]) -> None:
    """The first dealer is the single highest number of the last round of draws."""
    last = rounds[-1]
    values = [(c.number or 0) if c.kind is Kind.NUMBER else 0 for _, c in last]
    game.dealer = last[values.index(max(values))][0]
    if game.emitting:
        game._emit(DealerChosen(rounds, game.dealer))


def start_hand(game: Game) -> None:
    """R06, R07, R44–R56: shuffle, deal, turn the start card and apply it."""
    game.hand_number += 1
    game.empty_turns = 0
    game.direction = 1
    game.uno_seat = -1
    game.went_out = -1
    game.skip_after_bonus = -1
    game.pile_total = game.pile_cards = 0
    game.duties = []
    game.aside = []  # cards set aside by a position are dealt again
    faces, hands = game.faces, game.hands
    cards = list(range(len(faces)))
    shuffle(game.deck_rng, cards)
    seats = []
    seat = game._next(game.dealer)
    for _ in range(game.n_active):
        seats.append(seat)
        seat = game._next(seat)
    hand_size = game.options.hand_size
    if game.emitting:
        game._emit(HandStarted(game.hand_number, game.dealer, hand_size))
    for s in range(game.n):
        hands[s] = {}
    for _ in range(hand_size):
        for s in seats:
            hands[s][cards.pop()] = None
    for s in range(game.n):
        game._index_hand(s)
    if game.emitting:
        for s in seats:
            game._emit(Dealt(s, len(hands[s]), tuple(map(faces.__getitem__, hands[s]))))
    turn_start(game, cards)


def turn_start(game: Game, undealt: list[int]) -> None:
    """R44–R56: turn the start card from the undealt cards (``undealt[-1]`` is the next
    one), load the others into the launcher, front first, and apply the start card.

    A position whose pile is empty (docs/notation.md) turns its start card here too."""
    faces = game.faces
    while True:
        start = undealt.pop()
        effect = faces[start].kind.effect
        if effect is None or not effect.trades:
            break
        # R50, A28: a Trade Hands goes back into the stock and another card is turned.
        if game.emitting:
            game._emit(StartCardTurned(faces[start], True))
        undealt.insert(randrange(game.deck_rng, len(undealt) + 1), start)
    undealt.reverse()  # the launcher's front is the next card out
    game.pile = [start]
    game.launcher.load(undealt)
    card = faces[start]
    if game.emitting:
        game._emit(StartCardTurned(card, False))
    turn_start_card(game, card)


def next_dealer(game: Game) -> int:
    """A32: the deal passes one seat to the left, skipping eliminated players."""
    seat = (game.dealer + 1) % game.n
    while not game.active[seat]:
        seat = (seat + 1) % game.n
    return seat
