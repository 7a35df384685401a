"""Why an action is refused: :class:`IllegalAction`, the stable keys of its reasons
(:data:`ILLEGAL_REASONS`), and :func:`explain`, which finds the reason in words a player
understands; :func:`play_to_explain`, the play to ask about when a player asks why a card
cannot be played; and the refusals of the table (:class:`MatchRefusal`,
:data:`MATCH_REASONS`).

``Game.apply`` checks an action against the cached legal actions in two ``&``; only when
the check fails does it ask :func:`explain` why, so the explanation costs nothing on the
legal path.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from unoattack.engine.actions import Action, ActionKind, play
from unoattack.engine.state import Phase
from unoattack.rules.cards import Card, Colour

if TYPE_CHECKING:
    from unoattack.engine.game import Game


class IllegalAction(ValueError):
    """An action that the rules do not allow now. The game is unchanged.

    ``str(error)`` says why in English. ``reason`` names it with a stable key (one of
    :data:`ILLEGAL_REASONS`) and ``details`` holds the values the sentence mentions (seats
    as numbers, cards as their codes such as ``R7``, colours as their letters), so that a
    front-end can say it in another language.
    """

    def __init__(self, message: str, reason: str = "not_allowed", **details: str | int) -> None:
        super().__init__(message)
        self.reason = reason
        self.details = details


#: Every ``IllegalAction.reason`` the engine gives, with the details that come with it.
ILLEGAL_REASONS: Final[dict[str, tuple[str, ...]]] = {
    "not_allowed": (),
    "match_over": (),
    "no_such_seat": ("seat", "players"),
    "eliminated": ("seat",),
    "no_uno_to_call": (),
    "uno_not_yours": ("seat",),
    "not_catchable": ("seat",),
    "catch_yourself": (),
    "not_your_turn": ("seat",),
    "name_start_colour": (),
    "no_colour_to_name": (),
    "no_presses_to_stop": (),
    "every_press_counts": (),
    "stop_after_cards": (),
    "no_press_now": (),
    "card_not_in_hand": ("card",),
    "must_press": ("left",),
    "must_press_until_fire": (),
    "must_press_or_stack": (),
    "wild_needs_colour": ("card",),
    "needs_target": ("card",),
    "takes_no_target": ("card",),
    "target_yourself": (),
    "no_target_seat": ("seat",),
    "no_going_out_on_trade": (),
    "uno_with_one_card_only": (),
    "no_match": ("card", "top", "colour"),
    "referee_only": (),
    "nobody_to_penalize": ("seat",),
    "hand_over": (),
}


class MatchRefusal(IllegalAction):
    """An action the table refuses for a reason of the table, not of the cards (see
    :mod:`unoattack.engine.match`). Like any :class:`IllegalAction` it leaves everything
    unchanged; its ``reason`` is a key of :data:`MATCH_REASONS`."""


#: Every ``MatchRefusal.reason``, and every reason a held catch fails, with its details.
MATCH_REASONS: Final[dict[str, tuple[str, ...]]] = {
    "stale": ("state",),  # the action was meant for an earlier state of the table
    "between_hands": (),  # the table pauses between two hands
    "catch_pending": ("seat",),  # a catch is held for the UNO grace: the table waits
    "uno_in_time": ("seat",),  # a held catch failed: the player said UNO within the grace
    "too_late": (),  # a held catch failed: the window closed before it settled
    "offer_pending": ("seat",),  # offers: another seat must answer its offer first
    "no_offer": (),  # offers: there is nothing to decline
    "answer_offer": (),  # offers: while offered, a seat may only react or decline
    "undo_with_people": (),  # a take-back: only a player alone against bots may undo
    "undo_unavailable": (),  # a take-back: not at a table that journals its actions
    "nothing_to_undo": (),  # a take-back: the seat has made no move yet
    "undo_past_hand": (),  # a take-back: the seat's last move was in a finished hand
}


def no_such_seat(game: Game, seat: int) -> IllegalAction:
    return IllegalAction(
        f"there is no seat {seat} at this table of {game.n}",
        "no_such_seat",
        seat=seat,
        players=game.n,
    )


def play_to_explain(game: Game, card: Card, seat: int) -> Action:
    """The play of ``card`` by ``seat`` to ask :func:`explain` about when a player asks why
    the card cannot be played at all (a front-end's unplayable card): one with its choices
    made — red for a wild, the next seat still playing for a card aimed at a player — so
    that the reason given is what stops every play of the card, never a choice left open.
    """
    colour = Colour.RED if card.is_wild else None
    target = None
    if game._tables.effect_of[card.index].targeted:
        others = [(seat + step) % game.n for step in range(1, game.n)]
        target = next((s for s in others if game.active[s]), others[0])
    return play(card, colour, target)


def explain(game: Game, action: Action, seat: int) -> IllegalAction:
    """Why ``action`` by ``seat`` is not legal in ``game``, in words a player understands."""
    if action.kind is ActionKind.PENALIZE:
        # A table-talk rule (A41): only a referee reports it, never a player's seat.
        return IllegalAction("only the referee can apply the suggestion penalty", "referee_only")
    phase = game.phase
    if phase is Phase.MATCH_OVER:
        return IllegalAction("the match is over", "match_over")
    if not 0 <= seat < game.n:
        return no_such_seat(game, seat)
    if not game.active[seat]:
        return IllegalAction(f"seat {seat} has been eliminated", "eliminated", seat=seat)
    kind = action.kind
    if kind is ActionKind.SAY_UNO:
        if game.uno_seat == -1:
            return IllegalAction(
                "there is no UNO to call now: call it when a play leaves you one card",
                "no_uno_to_call",
            )
        return IllegalAction(
            f"only seat {game.uno_seat} can call UNO now", "uno_not_yours", seat=game.uno_seat
        )
    if kind is ActionKind.CATCH:
        if game.uno_seat == -1 or action.target != game.uno_seat:
            target = -1 if action.target is None else action.target
            return IllegalAction(
                f"seat {action.target} cannot be caught: a catch is only possible after "
                "a player's second-to-last card and before the next card or press",
                "not_catchable",
                seat=target,
            )
        return IllegalAction("you cannot catch yourself: call UNO instead", "catch_yourself")
    to_act = game.to_act
    if seat != to_act:
        assert to_act is not None
        return IllegalAction(
            f"it is not your turn: seat {to_act} is to act", "not_your_turn", seat=to_act
        )
    if phase is Phase.CHOOSE_COLOUR:
        return IllegalAction(
            "first name the colour of the wild start card (colour R, Y, G or B)",
            "name_start_colour",
        )
    if kind is ActionKind.CHOOSE_COLOUR:
        return IllegalAction("there is no colour to name now", "no_colour_to_name")
    if kind is ActionKind.STOP:
        if phase is not Phase.PRESSING:
            return IllegalAction("you have no presses to stop", "no_presses_to_stop")
        if game._tables.stop_mode != "choose":
            return IllegalAction("in this edition every press must be made", "every_press_counts")
        return IllegalAction(
            "you may stop only once the launcher has yielded cards", "stop_after_cards"
        )
    if kind is ActionKind.PRESS:
        return IllegalAction("you cannot press now", "no_press_now")
    return _explain_play(game, action, seat)


def _explain_play(game: Game, action: Action, seat: int) -> IllegalAction:
    """Why the play ``action`` by ``seat``, whose turn or presses it is, is not legal."""
    card = action.card
    assert card is not None
    faces = game.faces
    hand = game.hands[seat]
    if not any(faces[i] == card for i in hand):
        return IllegalAction(f"you have no {card} in your hand", "card_not_in_hand", card=str(card))
    effect = game._tables.effect_of[card.index]
    if game.phase is Phase.PRESSING:
        duty = game.duties[0]
        if not duty.stackable:
            if duty.left:
                return IllegalAction(
                    f"you must press the launcher ({duty.left} to go)",
                    "must_press",
                    left=duty.left,
                )
            return IllegalAction(
                "you must press the launcher (until it fires to go)", "must_press_until_fire"
            )
        return IllegalAction(
            "you must press, or stack a Hit card on the pile", "must_press_or_stack"
        )
    if card.is_wild and action.colour is None:
        return IllegalAction(
            f"{card} is a wild: name a colour", "wild_needs_colour", card=str(card)
        )
    if effect.targeted and action.target is None:
        return IllegalAction(f"{card} needs a target player", "needs_target", card=str(card))
    if action.target is not None:
        if not effect.targeted:
            return IllegalAction(f"{card} takes no target", "takes_no_target", card=str(card))
        if action.target == seat:
            return IllegalAction("choose another player, not yourself", "target_yourself")
        if not (0 <= action.target < game.n and game.active[action.target]):
            return IllegalAction(
                f"there is no player in seat {action.target} to choose",
                "no_target_seat",
                seat=action.target,
            )
    if effect.trades and len(hand) == 1:
        # R31: a player may not go out on a Trade Hands card.
        return IllegalAction(
            "you may not go out on a Trade Hands card: press the launcher instead",
            "no_going_out_on_trade",
        )
    if action.uno:
        return IllegalAction(
            "UNO is called only with a play that leaves you one card", "uno_with_one_card_only"
        )
    assert game.colour is not None
    return IllegalAction(
        f"{card} does not match {game.top} (colour {game.colour.name.lower()}): play the "
        "same colour, number or symbol, a wild, or press the launcher",
        "no_match",
        card=str(card),
        top=str(game.top),
        colour=game.colour.letter,
    )
