"""Views: the only door through which hidden information leaves the engine.

``view(game, seat)`` shows a seat its own hand and what the whole table can see;
``view(game, SPECTATOR)`` shows no hand at all; :func:`log_for` gives the events a seat
may see. A new field of the game stays hidden
until it is added here on purpose (default-deny).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from unoattack.engine.actions import Action
from unoattack.engine.events import SPECTATOR, Event
from unoattack.engine.game import Game
from unoattack.engine.launcher import LauncherPublic
from unoattack.engine.scoring import HandResult, MatchResult
from unoattack.engine.state import Phase
from unoattack.rules.cards import Card, Colour

_PHASE_NAMES: Final = tuple(phase.name.lower() for phase in Phase)


class PressDuty(NamedTuple):
    """Public: ``seat`` owes ``presses`` (0: until the launcher yields cards) for
    ``reason`` (hit, attack, pile, all_hit, hit_fire, start, uno_penalty, suggestion)."""

    seat: int
    presses: int
    until_fire: bool
    may_stack: bool
    penalty: bool
    reason: str


class View(NamedTuple):
    """What one seat (or a spectator, ``seat == SPECTATOR``) knows of a game."""

    seat: int
    edition: str
    players: int
    hand: tuple[Card, ...] | None  # None for a spectator
    hand_counts: tuple[int, ...]
    said_uno: tuple[bool, ...]
    top: Card
    colour: Colour | None
    direction: int
    pile_size: int
    launcher: LauncherPublic
    scores: tuple[int, ...]
    active: tuple[bool, ...]
    dealer: int
    hand_number: int
    to_act: int | None
    phase: str
    duties: tuple[PressDuty, ...]
    mega_pile: int  # presses accumulated on a Mega Hit pile (0 when none)
    catchable: int | None  # the seat that can be caught for not saying UNO
    legal_actions: tuple[Action, ...]  # this seat's, now
    last_hand: HandResult | None
    result: MatchResult | None

    @property
    def is_my_turn(self) -> bool:
        return self.to_act == self.seat


def view(game: Game, seat: int) -> View:
    """The game as ``seat`` sees it (``SPECTATOR``: no hand, no legal actions)."""
    spectator = seat == SPECTATOR
    if not spectator and not 0 <= seat < game.n:
        raise ValueError(f"there is no seat {seat} at this table of {game.n}")
    faces = game.faces
    hand = None if spectator else tuple(map(faces.__getitem__, game.hands[seat]))
    hand_counts = tuple(map(len, game.hands))
    return View(
        seat=seat,
        edition=game.edition.name,
        players=game.n,
        hand=hand,
        hand_counts=hand_counts,
        said_uno=tuple(
            [said and count == 1 for said, count in zip(game.called_uno, hand_counts, strict=True)]
        ),
        top=faces[game.pile[-1]],
        colour=game.colour,
        direction=game.direction,
        pile_size=len(game.pile),
        launcher=game.launcher.public(),
        scores=tuple(game.scores),
        active=tuple(game.active),
        dealer=game.dealer,
        hand_number=game.hand_number,
        to_act=game.to_act,
        phase=_PHASE_NAMES[game.phase],
        duties=tuple(
            [
                PressDuty(d.seat, d.left, d.until_fire, d.stackable, d.penalty, d.reason)
                for d in game.duties
            ]
        )
        if game.duties
        else (),
        mega_pile=game.pile_total if game.pile_cards > 1 else 0,
        catchable=game.uno_seat if game.uno_seat >= 0 else None,
        legal_actions=() if spectator else game.legal_actions(seat),
        last_hand=game.last_hand,
        result=game.result,
    )


# Where the seat's own parts sit in a View (views() copies the rest from the public one).
_SEAT: Final = View._fields.index("seat")
_HAND: Final = View._fields.index("hand")
_LEGAL: Final = View._fields.index("legal_actions")
_COUNTS: Final = View._fields.index("hand_counts")
_SAID_UNO: Final = View._fields.index("said_uno")


def views(game: Game, seats: Sequence[int]) -> list[View]:
    """``view(game, seat)`` for each of ``seats`` (seats, or ``SPECTATOR``), what all of
    them see alike built once: a server's update to every seat after an action."""
    public = view(game, SPECTATOR)
    fields = list(public)
    faces = game.faces
    seen = []
    for seat in seats:
        if seat == SPECTATOR:
            seen.append(public)
            continue
        if not 0 <= seat < game.n:
            view(game, seat)  # raises, saying why the seat is wrong
        fields[_SEAT] = seat
        fields[_HAND] = tuple(map(faces.__getitem__, game.hands[seat]))
        fields[_LEGAL] = game.legal_actions(seat)
        seen.append(View._make(fields))
    return seen


def rehanded(seen: View, game: Game, seat: int) -> View:
    """``view(game, seat)`` when ``seen`` is that view from before ``seat``'s hand, and
    nothing else, changed: the fields the hand decides built again, the others kept (a
    search weighing many hands in one position builds the rest once)."""
    fields = list(seen)
    hand = game.hands[seat]
    count = len(hand)
    fields[_HAND] = tuple(map(game.faces.__getitem__, hand))
    counts = list(seen.hand_counts)
    counts[seat] = count
    fields[_COUNTS] = tuple(counts)
    said = list(seen.said_uno)
    said[seat] = game.called_uno[seat] and count == 1
    fields[_SAID_UNO] = tuple(said)
    fields[_LEGAL] = game.legal_actions(seat)
    return View._make(fields)


def events_for(events: list[Event], seat: int) -> list[Event]:
    """Events as ``seat`` may see them (redacted: others' cards are hidden)."""
    return [event.for_seat(seat) for event in events]


def log_size(game: Game) -> int:
    """How many events the game has emitted: where the next action's events start, for
    :func:`log_for` (a count reveals nothing)."""
    return len(game.log)


def log_for(game: Game, seat: int, start: int = 0, stop: int | None = None) -> list[Event]:
    """The game's events ``start:stop`` (list indices) as ``seat`` (or ``SPECTATOR``) may
    see them: with :func:`view`, the only door through which a front-end learns what
    happened."""
    return [event.for_seat(seat) for event in game.log[start:stop]]
