"""Effects: what each card does once it is on the pile, one handler per
:class:`~unoattack.rules.cards.Effect`, found through :data:`HANDLERS`.

A handler is called with the game, the seat that played the card, the target seat it
names (or None), its presses (a Hit's N) and how the card came to the pile
(:class:`Via`): played on a turn, stacked on a Mega Hit pile (R37), or turned as the
start card, as if the dealer had played it (R44–R56). It moves the game on through the
game's turn machinery: ``_next`` and ``_after`` (who plays next), ``_turn`` and
``_pass_turn`` (start a turn), ``_owe`` (someone owes presses) and ``_emit`` (an event,
when ``game.emitting``).

The game calls the handler of a played card only when its effect does more than pass the
turn (``Effect.passes``), and when the player went out only for the effects the options
carry out after a last card (R64); a start card always calls its handler. The card
table (``unoattack.rules.cards``) says which effect each kind of card has.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum
from typing import TYPE_CHECKING, Final

from unoattack.engine.actions import MAX_SEATS
from unoattack.engine.events import DirectionReversed, HandsTraded, Skipped
from unoattack.engine.state import Duty, Phase
from unoattack.rules.cards import Card, Effect

if TYPE_CHECKING:
    from unoattack.engine.game import Game


class Via(IntEnum):
    """How a card came to the top of the pile."""

    PLAYED = 0  # played on the player's turn
    STACKED = 1  # stacked on a Mega Hit pile by the player who owed its presses (R37)
    TURNED = 2  # turned as the start card; "the player" is the dealer (R44–R56)


PLAYED: Final = Via.PLAYED
STACKED: Final = Via.STACKED
TURNED: Final = Via.TURNED

# Events are immutable values: one shared object per value, as in game.py.
_SKIPPED: Final = tuple(Skipped(seat) for seat in range(MAX_SEATS))
_REVERSED: Final = {direction: DirectionReversed(direction) for direction in (1, -1)}

#: A handler: (game, seat, target, presses, via) -> None.
Handler = Callable[["Game", int, "int | None", int, Via], None]
#: The handler of each effect.
HANDLERS: Final[dict[Effect, Handler]] = {}


def handles(effect: Effect) -> Callable[[Handler], Handler]:
    """Register the decorated function as the handler of ``effect``."""

    def register(handler: Handler) -> Handler:
        assert effect not in HANDLERS, f"{effect} has two handlers"
        HANDLERS[effect] = handler
        return handler

    return register


def turn_start_card(game: Game, card: Card) -> None:
    """Carry out the effect of the start card ``card`` (R44–R56)."""
    game.colour = card.colour
    game.resume_colour = card.is_wild  # dealer+1 names the colour once the presses are done
    handler, presses = game._tables.on_start[card.index]
    handler(game, game.dealer, None, presses, TURNED)


def trade_hands(game: Game, seat: int, target: int) -> dict[int, None]:
    """``seat`` and ``target`` swap hands (R30), before UNO liability is judged on the hand
    received (A17); the hand ``seat`` now holds."""
    hands, counts, masks = game.hands, game._counts, game._masks
    mine, theirs = hands[target], hands[seat]
    hands[seat], hands[target] = mine, theirs
    counts[seat], counts[target] = counts[target], counts[seat]
    masks[seat], masks[target] = masks[target], masks[seat]
    if game.emitting:
        faces = game.faces
        game._emit(
            HandsTraded(
                seat,
                target,
                len(mine),
                len(theirs),
                tuple(map(faces.__getitem__, mine)),
                tuple(map(faces.__getitem__, theirs)),
            )
        )
    return mine


# ---------------------------------------------------------------------- the handlers


@handles(Effect.NONE)
def no_effect(game: Game, seat: int, target: int | None, presses: int, via: Via) -> None:
    """The next player's turn (R08). A start card: dealer+1 plays (R44), after naming the
    colour when it is a wild (R47, R56)."""
    if via is not TURNED:
        game._pass_turn(seat)
    elif game.colour is None:
        game.current = game._next(seat)  # R47: dealer+1 names the colour, then plays
        game.phase = Phase.CHOOSE_COLOUR
        game.resume_colour = False
    else:
        game._turn(game._next(seat))  # R44


@handles(Effect.SKIP)
def skip(game: Game, seat: int, target: int | None, presses: int, via: Via) -> None:
    """The next player loses their turn (R21). A start card skips dealer+1 (R46)."""
    if via is TURNED:
        first = game._next(seat)
        if game.emitting:
            game._emit(_SKIPPED[first])  # R46
        game._turn(game._next(first))
        return
    opts = game.options
    skipped = game._after(seat)
    if game.emitting:
        game._emit(_SKIPPED[skipped])
    if game.n_active == 2 and opts.two_player_rules:
        game._turn(seat, bonus=True)  # R76
    elif opts.e2_extra_card_all_counts:
        game.skip_after_bonus = skipped  # A02 (literal reading)
        game._turn(seat, bonus=True)
    else:
        game._turn(game._next(skipped))


@handles(Effect.REVERSE)
def reverse(game: Game, seat: int, target: int | None, presses: int, via: Via) -> None:
    """Play changes direction (R22). A start card: the dealer plays first, then play goes
    to the right (R45)."""
    if via is TURNED:
        game.direction = -1  # R45
        if game.emitting:
            game._emit(_REVERSED[-1])
        game._turn(seat)
        return
    opts = game.options
    game.direction = -game.direction
    if game.emitting:
        game._emit(_REVERSED[game.direction])
    if game.n_active == 2 and opts.two_player_rules:
        if game.emitting:
            game._emit(_SKIPPED[game._next(seat)])
        game._turn(seat, bonus=True)  # R75: Reverse acts like a Skip
    elif opts.e2_extra_card_all_counts:
        game._turn(seat, bonus=True)
    else:
        game._turn(game._next(seat))


@handles(Effect.HIT)
def hit(game: Game, seat: int, target: int | None, presses: int, via: Via) -> None:
    """The next player presses ``presses`` times and forfeits the turn (R24–R26); on a
    Mega Hit pile, the pile grows and passes on (R38–R42). A start card: dealer+1
    presses, dealer+2 starts (R48, R49, R54)."""
    if via is TURNED:
        _start_presses(game, seat, presses)
    elif via is STACKED:
        _stack(game, game._next(seat), presses)
    else:
        victim = game._after(seat)
        game.resume = game._next(victim)  # R24–R26: the victim forfeits
        _lay_pile(game, seat, victim, presses, "hit")


@handles(Effect.ATTACK)
def attack(game: Game, seat: int, target: int | None, presses: int, via: Via) -> None:
    """The chosen player presses ``presses`` times (R27); play resumes two seats on from
    the attacker (R28, A05). On a Mega Hit pile, it aims the pile (R39). A start card is
    pressed by dealer+1, and dealer+2 starts (R55)."""
    if via is TURNED:
        _start_presses(game, seat, presses)
        return
    assert target is not None
    if via is STACKED:
        _stack(game, target, presses)
        return
    second = game._next(game._next(seat))
    if game.options.attack_resume == "next_unless_target_is_next":
        nxt = game._next(seat)
        game.resume = second if nxt == target else nxt
    else:
        game.resume = second
    _lay_pile(game, seat, target, presses, "attack")


@handles(Effect.ALL_HIT)
def all_hit(game: Game, seat: int, target: int | None, presses: int, via: Via) -> None:
    """Every other player presses once, in order; then a normal turn (R35, A24). A start
    card: everyone but the dealer, and dealer+1 plays first (R52)."""
    if via is TURNED:
        game.resume = game._next(seat)
        reason = "start"
    else:
        game.resume = game._after(seat)
        game.resume_colour = False
        reason = "all_hit"
    succ = game._succ
    other = succ[seat]
    while other != seat:
        game._owe(Duty(other, 1, reason))
        other = succ[other]


@handles(Effect.HIT_FIRE)
def hit_fire(game: Game, seat: int, target: int | None, presses: int, via: Via) -> None:
    """The next player presses until the launcher yields cards, and forfeits (R36). A
    start card: dealer+1 presses, dealer+2 starts (R53)."""
    if via is TURNED:
        victim = game._next(seat)
        reason = "start"
    else:
        victim = game._after(seat)
        game.resume_colour = False
        reason = "hit_fire"
    game.resume = game._next(victim)
    game._owe(Duty(victim, 0, reason, until_fire=True))


@handles(Effect.TRADE_HANDS)
@handles(Effect.DISCARD_ALL)
def pass_on(game: Game, seat: int, target: int | None, presses: int, via: Via) -> None:
    """Trade Hands and Discard All do their work as they are played (the game swaps the
    hands, R30, or discards the colour, R32); then the turn passes on. A start card:
    dealer+1 plays (R50 returns a Trade Hands to the stock; R51)."""
    if via is TURNED:
        game._turn(game._next(seat))
    else:
        game._pass_turn(seat)


# A new effect: its handler above this line, registered with @handles(Effect.NEW).


def _lay_pile(game: Game, seat: int, victim: int, presses: int, reason: str) -> None:
    """``seat``'s Hit card starts a pile of ``presses`` that ``victim`` owes; on a Mega Hit
    table the victim may answer with a Hit card (R37), after the hand ended only if the
    options allow it (A45)."""
    opts = game.options
    may_stack = opts.stacking and (game.went_out < 0 or opts.allow_stack_after_out)
    game.pile_total = presses
    game.pile_cards = 1
    game.pile_origin = seat
    game.resume_colour = False
    game._owe(Duty(victim, presses, reason, stackable=may_stack, hit_card=True))


def _stack(game: Game, victim: int, presses: int) -> None:
    """R38–R40: a Hit card stacked on the pile adds its presses and passes the pile on to
    ``victim`` (who may stack in turn, as in :func:`_lay_pile`); play resumes after
    whoever laid its first card (R42)."""
    opts = game.options
    may_stack = opts.stacking and (game.went_out < 0 or opts.allow_stack_after_out)
    game.pile_total += presses
    game.pile_cards += 1
    game.resume = game._next(game.pile_origin)  # R42
    game.resume_colour = False
    game._owe(Duty(victim, game.pile_total, "pile", stackable=may_stack, hit_card=True))


def _start_presses(game: Game, dealer: int, presses: int) -> None:
    """R48, R49, R54, R55: dealer+1 presses (no stacking, A28), dealer+2 starts."""
    first = game._next(dealer)
    game.resume = game._next(first)
    game._owe(Duty(first, presses, "start", hit_card=True))


missing = [effect for effect in Effect if effect not in HANDLERS]
assert not missing, f"effects without a handler: {missing}"
