"""Events: what happened, as values. Every change of a game emits one or more.

Events that carry hidden cards are redacted by :meth:`Event.for_seat`: a press shows
every seat how many cards the presser took, and only the presser which ones.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, ClassVar

from unoattack.rules.cards import Card, Colour

SPECTATOR = -1


@dataclass(frozen=True, slots=True)
class Event:
    """Base class. ``type`` names the event in records and protocols."""

    type: ClassVar[str] = "event"

    def for_seat(self, seat: int) -> Event:
        """This event as ``seat`` may see it (``SPECTATOR`` for a spectator)."""
        return self

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.type}
        for f in fields(self):
            data[f.name] = _plain(getattr(self, f.name))
        return data


def _plain(value: Any) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Colour):
        return value.letter
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class DealerChosen(Event):
    """Each round of draws (seat, card) to choose the first dealer (R04, A32)."""

    type: ClassVar[str] = "dealer_chosen"
    rounds: tuple[tuple[tuple[int, Card], ...], ...]
    dealer: int


@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    type: ClassVar[str] = "hand_started"
    hand_number: int
    dealer: int
    hand_size: int


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """A seat's dealt hand; other seats see only the count."""

    type: ClassVar[str] = "dealt"
    seat: int
    count: int
    cards: tuple[Card, ...] | None

    def for_seat(self, seat: int) -> Event:
        return self if seat == self.seat else replace(self, cards=None)


@dataclass(frozen=True, slots=True)
class StartCardTurned(Event):
    """The card turned to start the discard pile; ``returned`` for a Trade Hands put back."""

    type: ClassVar[str] = "start_card"
    card: Card
    returned: bool


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """A play. ``discarded`` lists the cards a Discard All took with it (below the top)."""

    type: ClassVar[str] = "card_played"
    seat: int
    card: Card
    colour: Colour
    target: int | None = None
    discarded: tuple[Card, ...] = ()
    stacked: bool = False


@dataclass(frozen=True, slots=True)
class ColourChosen(Event):
    type: ClassVar[str] = "colour_chosen"
    seat: int
    colour: Colour


@dataclass(frozen=True, slots=True)
class MustPress(Event):
    """``seat`` now owes presses: ``presses`` (0 = until the launcher yields cards)."""

    type: ClassVar[str] = "must_press"
    seat: int
    presses: int
    reason: str  # hit, attack, pile, all_hit, hit_fire, start, uno_penalty, suggestion
    may_stack: bool = False


@dataclass(frozen=True, slots=True)
class Pressed(Event):
    """One press. ``fired``: the mechanism fired; ``count`` cards shot out and ``stuck``
    were left sticking out; all went to the presser (R16). A misfire fires with 0 cards."""

    type: ClassVar[str] = "pressed"
    seat: int
    fired: bool
    count: int
    stuck: int
    cards: tuple[Card, ...] | None

    @property
    def misfired(self) -> bool:
        return self.fired and self.count == 0 and self.stuck == 0

    def for_seat(self, seat: int) -> Event:
        return self if seat == self.seat else replace(self, cards=None)


@dataclass(frozen=True, slots=True)
class StoppedPressing(Event):
    """The presser stopped once the launcher had yielded cards (R17)."""

    type: ClassVar[str] = "stopped_pressing"
    seat: int
    presses_left: int


@dataclass(frozen=True, slots=True)
class Skipped(Event):
    type: ClassVar[str] = "skipped"
    seat: int


@dataclass(frozen=True, slots=True)
class DirectionReversed(Event):
    type: ClassVar[str] = "direction_reversed"
    direction: int  # +1 clockwise (to the left), -1 counter-clockwise


@dataclass(frozen=True, slots=True)
class HandsTraded(Event):
    """``seat`` and ``target`` swapped hands; each learns the cards they received."""

    type: ClassVar[str] = "hands_traded"
    seat: int
    target: int
    seat_count: int  # cards ``seat`` now holds
    target_count: int
    seat_cards: tuple[Card, ...] | None  # what ``seat`` received
    target_cards: tuple[Card, ...] | None  # what ``target`` received

    def for_seat(self, seat: int) -> Event:
        return replace(
            self,
            seat_cards=self.seat_cards if seat == self.seat else None,
            target_cards=self.target_cards if seat == self.target else None,
        )


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    type: ClassVar[str] = "turn_started"
    seat: int
    bonus: bool = False  # an extra turn after Skip/Reverse (R75, R76)


@dataclass(frozen=True, slots=True)
class UnoSaid(Event):
    type: ClassVar[str] = "uno_said"
    seat: int


@dataclass(frozen=True, slots=True)
class Caught(Event):
    type: ClassVar[str] = "caught"
    catcher: int
    seat: int
    presses: int


@dataclass(frozen=True, slots=True)
class Penalized(Event):
    """The referee's card-suggestion penalty (R63)."""

    type: ClassVar[str] = "penalized"
    seat: int
    presses: int


@dataclass(frozen=True, slots=True)
class Reshuffled(Event):
    """The discard pile (all but the top card) went back into the launcher (R19)."""

    type: ClassVar[str] = "reshuffled"
    stock_size: int


@dataclass(frozen=True, slots=True)
class HandWon(Event):
    """The end of a hand: the winner, each seat's points in hand, the scores after."""

    type: ClassVar[str] = "hand_won"
    hand_number: int
    seat: int
    points: int  # points the winner scored (0 in running-total modes)
    hand_points: tuple[int, ...]  # per seat: value of the cards left in hand
    hands: tuple[tuple[Card, ...], ...]  # revealed for scoring
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HandVoid(Event):
    """P08: every player in a row pressed an empty launcher with nothing to reload."""

    type: ClassVar[str] = "hand_void"
    hand_number: int


@dataclass(frozen=True, slots=True)
class PlayerEliminated(Event):
    type: ClassVar[str] = "player_eliminated"
    seat: int
    score: int


@dataclass(frozen=True, slots=True)
class MatchWon(Event):
    type: ClassVar[str] = "match_won"
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str


EVENT_TYPES: dict[str, type[Event]] = {
    cls.type: cls
    for cls in (
        DealerChosen,
        HandStarted,
        Dealt,
        StartCardTurned,
        CardPlayed,
        ColourChosen,
        MustPress,
        Pressed,
        StoppedPressing,
        Skipped,
        DirectionReversed,
        HandsTraded,
        TurnStarted,
        UnoSaid,
        Caught,
        Penalized,
        Reshuffled,
        HandWon,
        PlayerEliminated,
        MatchWon,
    )
}
