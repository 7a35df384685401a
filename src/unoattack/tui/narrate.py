"""The engine's events told in plain words, for one viewing seat.

Events are redacted for the viewer first (``event.for_seat(viewer)``), so a line never
tells a seat more than the engine lets it see.

>>> from unoattack.engine.events import Pressed, UnoSaid
>>> from unoattack.rules import Card
>>> tr = Tr("en")
>>> names = ["Ana", "Bot 2"].__getitem__
>>> press = Pressed(0, True, 2, 0, (Card.parse("R7"), Card.parse("W")))
>>> describe(press, 0, names, tr)
'You press the launcher: it fires! 2 cards. You get red 7, Wild.'
>>> describe(press, 1, names, tr)
'Ana presses the launcher: it fires! 2 cards.'
>>> describe(UnoSaid(1), 0, names, Tr("fr"))
'Bot 2 dit UNO !'
"""

from __future__ import annotations

from collections.abc import Callable

from unoattack.engine import SPECTATOR, Action, ActionKind
from unoattack.engine.events import (
    CardPlayed,
    Caught,
    ColourChosen,
    DealerChosen,
    Dealt,
    DirectionReversed,
    Event,
    HandStarted,
    HandsTraded,
    HandVoid,
    HandWon,
    MatchWon,
    MustPress,
    Penalized,
    PlayerEliminated,
    Pressed,
    Reshuffled,
    Skipped,
    StartCardTurned,
    StoppedPressing,
    TurnStarted,
    UnoSaid,
)
from unoattack.tui.i18n import Tr

Names = Callable[[int], str]


def describe(
    event: Event, viewer: int, names: Names, tr: Tr, *, second_person: bool = True
) -> str | None:
    """One line telling ``event`` to ``viewer`` (a seat or ``SPECTATOR``), or None for
    events that need no line (an ordinary turn starting, another seat's deal).

    The viewer's own doings are told as "you" unless ``second_person`` is False: at a
    keyboard passed between players, where "you" is whoever looks, each is named (the
    line still tells only what the viewer may know).

    >>> from unoattack.engine.events import Dealt
    >>> from unoattack.rules import Card
    >>> deal = Dealt(0, 2, (Card.parse("R7"), Card.parse("W")))
    >>> describe(deal, 0, ["Ana", "Ben"].__getitem__, Tr("en"), second_person=False)
    'Ana is dealt red 7, Wild.'
    """
    event = event.for_seat(viewer)
    you = viewer if second_person and viewer != SPECTATOR else None  # told as "you"

    def say(key: str, seat: int, **values: object) -> str:
        if seat == you and tr.has(f"{key}.you"):
            return tr(f"{key}.you", **values)
        return tr(key, who=names(seat), **values)

    def obj(seat: int) -> str:
        return tr("you.object") if seat == you else names(seat)

    if isinstance(event, DealerChosen):
        return say("ev.dealer_chosen", event.dealer)
    if isinstance(event, HandStarted):
        cards = tr.count("card", event.hand_size)
        return say("ev.hand_started", event.dealer, n=event.hand_number, cards=cards)
    if isinstance(event, Dealt):
        if event.cards is None or event.seat != viewer:
            return None
        return say("ev.dealt", event.seat, cards=tr.cards(event.cards))
    if isinstance(event, StartCardTurned):
        key = "ev.start_card.returned" if event.returned else "ev.start_card"
        return tr(key, card=tr.card(event.card))
    if isinstance(event, CardPlayed):
        line = say("ev.played", event.seat, card=tr.card(event.card))
        if event.card.is_wild:
            line += tr("ev.played.colour", colour=tr.colour(event.colour))
        if event.target is not None:
            line += tr("ev.played.target", target=obj(event.target))
        if event.stacked:
            line += tr("ev.played.stacked")
        if event.discarded:
            line += tr("ev.played.discarded", cards=tr.cards(event.discarded))
        return line + "."
    if isinstance(event, ColourChosen):
        return say("ev.colour_chosen", event.seat, colour=tr.colour(event.colour))
    if isinstance(event, MustPress):
        line = say("ev.must_press", event.seat, times=tr.times(event.presses))
        line += tr(f"reason.{event.reason}") if tr.has(f"reason.{event.reason}") else ""
        if event.may_stack:
            line += tr("ev.must_press.stack")
        return line + "."
    if isinstance(event, Pressed):
        if not event.fired and not event.stuck:
            return say("ev.pressed.ding", event.seat)
        if event.misfired:
            return say("ev.pressed.misfire", event.seat)
        line = say("ev.pressed.fire", event.seat, count=tr.count("card", event.count + event.stuck))
        if event.stuck:
            line += tr("ev.pressed.stuck", stuck=tr.count("stuck", event.stuck))
        line += "."
        if event.cards:
            line += say("ev.pressed.got", event.seat, cards=tr.cards(event.cards))
        return line
    if isinstance(event, StoppedPressing):
        return say("ev.stopped", event.seat, left=event.presses_left)
    if isinstance(event, Skipped):
        return say("ev.skipped", event.seat)
    if isinstance(event, DirectionReversed):
        direction = tr("clockwise") if event.direction > 0 else tr("counterclockwise")
        return tr("ev.reversed", direction=direction)
    if isinstance(event, HandsTraded):
        if event.target == you:
            line = tr("ev.traded.victim", who=names(event.seat))
        else:
            line = say("ev.traded", event.seat, target=names(event.target))
        received = event.seat_cards if viewer == event.seat else event.target_cards
        if received is not None and viewer in (event.seat, event.target):
            line += say("ev.traded.got", viewer, cards=tr.cards(received))
        return line
    if isinstance(event, TurnStarted):
        return say("ev.bonus", event.seat) if event.bonus else None
    if isinstance(event, UnoSaid):
        return say("ev.uno", event.seat)
    if isinstance(event, Caught):
        presses = tr.count("press", event.presses)
        if event.seat == you:
            return tr("ev.caught.victim", catcher=names(event.catcher), presses=presses)
        if event.catcher == you:
            return tr("ev.caught.you", who=names(event.seat), presses=presses)
        return tr("ev.caught", catcher=names(event.catcher), who=names(event.seat), presses=presses)
    if isinstance(event, Penalized):
        return say("ev.penalized", event.seat, presses=tr.count("press", event.presses))
    if isinstance(event, Reshuffled):
        return tr("ev.reshuffled", count=tr.count("card", event.stock_size))
    if isinstance(event, HandWon):
        points = tr("ev.hand_won.points", points=tr.count("point", event.points))
        return say(
            "ev.hand_won", event.seat, n=event.hand_number, points=points if event.points else ""
        )
    if isinstance(event, HandVoid):
        return tr("ev.hand_void", n=event.hand_number)  # P08
    if isinstance(event, PlayerEliminated):
        return say("ev.eliminated", event.seat, points=tr.count("point", event.score))
    if isinstance(event, MatchWon):
        if len(event.winners) == 1:
            return say("ev.match_won", event.winners[0])
        who = tr("and").join(obj(s) for s in event.winners)
        return tr("ev.match_won.many", who=who)
    return None


def say_action(action: Action, names: Names, tr: Tr) -> str:
    """A decision in words, as the coach gives it: ``play red 5, saying UNO``.

    >>> tr, names = Tr("en"), ["You", "Ana", "Bot 3"].__getitem__
    >>> say_action(Action.parse("play WAA G @1 uno"), names, tr)
    'play Wild Attack-Attack and name green, naming Ana, saying UNO'
    >>> say_action(Action.parse("press"), names, Tr("fr"))
    'appuyer sur le distributeur'
    """
    kind = action.kind
    if kind is ActionKind.PRESS:
        return tr("act.press")
    if kind is ActionKind.STOP:
        return tr("act.stop")
    if kind is ActionKind.CHOOSE_COLOUR and action.colour is not None:
        return tr("act.colour", colour=tr.colour(action.colour))
    if kind is not ActionKind.PLAY or action.card is None:
        return str(action)  # out of turn: the coach never suggests these
    text = tr("act.play", card=tr.card(action.card))
    if action.colour is not None:
        text += tr("act.play.colour", colour=tr.colour(action.colour))
    if action.target is not None:
        text += tr("act.play.target", who=names(action.target))
    if action.uno:
        text += tr("act.play.uno")
    return text
