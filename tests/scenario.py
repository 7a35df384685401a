"""Helpers for rule scenarios: build a position in one line, act, read the outcome.

A scenario reads like a ruling::

    game = position("2003 hands=R-Hit2,R5/G3,G4/B3,B4 pile=R2 turn=0 dealer=2 ...")
    events = act(game, "play R-Hit2")
    assert owes(game) == (1, 2)
"""

from __future__ import annotations

from unoattack.engine import Action, Game, parse_position
from unoattack.engine.events import Event


def position(text: str) -> Game:
    """A game at the start of a turn, from a position string (docs/notation.md)."""
    return parse_position(text)


def act(game: Game, *actions: str, seat: int | None = None) -> list[Event]:
    """Apply actions given in their string form (``play R7``, ``press``, ``catch 2``),
    each by ``seat`` (default: the seat to act); return all their events."""
    events: list[Event] = []
    for text in actions:
        events += game.apply(Action.parse(text), seat)
    return events


def legal(game: Game, seat: int | None = None) -> list[str]:
    """The legal actions of ``seat`` (default: the seat to act) as strings."""
    return [str(a) for a in game.legal_actions(seat)]


def hand(game: Game, seat: int) -> list[str]:
    """A seat's hand as card strings, in the order held."""
    return [str(c) for c in game.hand(seat)]


def types(events: list[Event]) -> list[str]:
    """The ``type`` of each event, in order."""
    return [e.type for e in events]


def owes(game: Game) -> tuple[int, int] | None:
    """(seat, presses left) of the obligation being pressed now, or None."""
    if not game.duties:
        return None
    duty = game.duties[0]
    return (duty.seat, duty.left)
