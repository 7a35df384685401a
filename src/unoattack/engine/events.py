"""Events: what happened, as values. Every change of a game emits one or more.

An event is an immutable tuple of its fields (cheap to build: the engine makes two for a
decision) with a ``type`` naming it in records and protocols, and ``to_dict()``.

Hidden information is default-deny: each event type declares which of its fields are
hidden and whose seat may see each (``hidden``), and one rule, :meth:`Event.for_seat`,
redacts them for everyone else. A press shows every seat how many cards the presser
took, and only the presser which ones. A field that carries cards is either hidden or
declared ``public`` with the reason: an event type that leaves one undeclared cannot be
defined (``TypeError``), and tests/test_events.py walks every event type.

>>> pressed = Pressed(seat=1, fired=True, count=2, stuck=0, cards=(Card.parse("R7"),) * 2)
>>> pressed.for_seat(1) is pressed, pressed.for_seat(0).cards, pressed.for_seat(0).count
(True, None, 2)
>>> pressed.to_dict()["cards"], pressed.for_seat(SPECTATOR).to_dict()["cards"]
(['R7', 'R7'], None)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, NamedTuple

from unoattack.rules.cards import Card, Colour

SPECTATOR = -1


class Event(tuple[Any, ...]):
    """Base class. ``type`` names the event in records and protocols.

    A subclass lists its fields in a :class:`~typing.NamedTuple` it also derives from,
    and declares:

    - ``hidden``: field -> the field holding the seat that may see it (or a tuple of
      such fields, when several seats may); every other seat, and a spectator, gets
      None there;
    - ``public``: field -> why every seat may see it, for the fields that carry cards
      and are not hidden.
    """

    __slots__ = ()
    type: ClassVar[str] = "event"
    hidden: ClassVar[Mapping[str, str | tuple[str, ...]]] = {}
    public: ClassVar[Mapping[str, str]] = {}
    #: The names of the fields, in order (the NamedTuple's ``_fields``).
    field_names: ClassVar[tuple[str, ...]] = ()
    # (index of a hidden field, indices of the fields holding the seats that may see it)
    _redacted: ClassVar[tuple[tuple[int, tuple[int, ...]], ...]] = ()

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        # The fields come from the NamedTuple base, after this class in the MRO.
        cls.field_names = getattr(cls, "_fields")  # noqa: B009
        index = {name: i for i, name in enumerate(cls.field_names)}
        owners = {name: _owners(owner) for name, owner in cls.hidden.items()}
        named = {owner for names in owners.values() for owner in names}
        unknown = sorted({*cls.hidden, *named, *cls.public} - set(index))
        if unknown:
            raise TypeError(f"{cls.__name__} declares fields it does not have: {unknown}")
        # Default-deny: a field that can carry cards and is declared neither hidden nor
        # public is a leak waiting to happen, so such an event type cannot be defined.
        undeclared = sorted(
            name
            for name, annotation in _annotations(cls).items()
            if "Card" in annotation and name not in cls.hidden and name not in cls.public
        )
        if undeclared:
            raise TypeError(
                f"{cls.__name__}: declare each field that can carry cards in `hidden` (with "
                f"the field naming the seat that may see it) or in `public` (with why every "
                f"seat may): {undeclared}"
            )
        cls._redacted = tuple(
            (index[name], tuple(index[owner] for owner in names)) for name, names in owners.items()
        )

    def for_seat(self, seat: int) -> Event:
        """This event as ``seat`` may see it (``SPECTATOR`` for a spectator): each hidden
        field is None unless ``seat`` is one its event names for it."""
        redacted = self._redacted
        if not redacted:
            return self
        values = list(self)
        for field, owners in redacted:
            for owner in owners:
                if values[owner] == seat:
                    break
            else:
                values[field] = None
        if values == list(self):
            return self
        return tuple.__new__(type(self), values)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.type}
        for name, value in zip(self.field_names, self, strict=True):
            data[name] = _plain(value)
        return data

    # Tuples compare by their items only: two events are equal when their types are too.
    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((self.type, tuple(self)))


def _owners(owner: str | tuple[str, ...]) -> tuple[str, ...]:
    return (owner,) if isinstance(owner, str) else owner


def _annotations(cls: type) -> dict[str, str]:
    """The annotation of each of ``cls``'s fields, as written (this module postpones
    annotations, so they are strings)."""
    found: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        found.update({k: str(v) for k, v in vars(klass).get("__annotations__", {}).items()})
    return {name: found[name] for name in getattr(cls, "_fields")}  # noqa: B009


def _plain(value: Any) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Colour):
        return value.letter
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


class _DealerChosen(NamedTuple):
    rounds: tuple[tuple[tuple[int, Card], ...], ...]
    dealer: int


class DealerChosen(Event, _DealerChosen):
    """Each round of draws (seat, card) to choose the first dealer (R04, A32)."""

    __slots__ = ()
    type: ClassVar[str] = "dealer_chosen"
    public: ClassVar[Mapping[str, str]] = {"rounds": "drawn face up (R04)"}


class _HandStarted(NamedTuple):
    hand_number: int
    dealer: int
    hand_size: int


class HandStarted(Event, _HandStarted):
    __slots__ = ()
    type: ClassVar[str] = "hand_started"


class _Dealt(NamedTuple):
    seat: int
    count: int  # type: ignore[assignment]  # shadows tuple.count: events are tuples
    cards: tuple[Card, ...] | None


class Dealt(Event, _Dealt):
    """A seat's dealt hand; other seats see only the count."""

    __slots__ = ()
    type: ClassVar[str] = "dealt"
    hidden: ClassVar[Mapping[str, str]] = {"cards": "seat"}


class _StartCardTurned(NamedTuple):
    card: Card
    returned: bool


class StartCardTurned(Event, _StartCardTurned):
    """The card turned to start the discard pile; ``returned`` for a Trade Hands put back."""

    __slots__ = ()
    type: ClassVar[str] = "start_card"
    public: ClassVar[Mapping[str, str]] = {"card": "turned face up (R07, R50)"}


class _CardPlayed(NamedTuple):
    seat: int
    card: Card
    colour: Colour
    target: int | None = None
    discarded: tuple[Card, ...] = ()
    stacked: bool = False


class CardPlayed(Event, _CardPlayed):
    """A play. ``discarded`` lists the cards a Discard All took with it (below the top)."""

    __slots__ = ()
    type: ClassVar[str] = "card_played"
    public: ClassVar[Mapping[str, str]] = {
        "card": "played face up",
        "discarded": "laid face up on the pile with the Discard All (R32)",
    }


class _ColourChosen(NamedTuple):
    seat: int
    colour: Colour


class ColourChosen(Event, _ColourChosen):
    __slots__ = ()
    type: ClassVar[str] = "colour_chosen"


class _MustPress(NamedTuple):
    seat: int
    presses: int
    reason: str  # hit, attack, pile, all_hit, hit_fire, start, uno_penalty, suggestion
    may_stack: bool = False


class MustPress(Event, _MustPress):
    """``seat`` now owes presses: ``presses`` (0 = until the launcher yields cards)."""

    __slots__ = ()
    type: ClassVar[str] = "must_press"


class _Pressed(NamedTuple):
    seat: int
    fired: bool
    count: int  # type: ignore[assignment]  # shadows tuple.count: events are tuples
    stuck: int
    cards: tuple[Card, ...] | None


class Pressed(Event, _Pressed):
    """One press. ``fired``: the mechanism fired; ``count`` cards shot out and ``stuck``
    were left sticking out; all went to the presser (R16). A misfire fires with 0 cards."""

    __slots__ = ()
    type: ClassVar[str] = "pressed"
    hidden: ClassVar[Mapping[str, str]] = {"cards": "seat"}

    @property
    def misfired(self) -> bool:
        return self.fired and self.count == 0 and self.stuck == 0


class _StoppedPressing(NamedTuple):
    seat: int
    presses_left: int


class StoppedPressing(Event, _StoppedPressing):
    """The presser stopped once the launcher had yielded cards (R17)."""

    __slots__ = ()
    type: ClassVar[str] = "stopped_pressing"


class _Skipped(NamedTuple):
    seat: int


class Skipped(Event, _Skipped):
    __slots__ = ()
    type: ClassVar[str] = "skipped"


class _DirectionReversed(NamedTuple):
    direction: int  # +1 clockwise (to the left), -1 counter-clockwise


class DirectionReversed(Event, _DirectionReversed):
    __slots__ = ()
    type: ClassVar[str] = "direction_reversed"


class _HandsTraded(NamedTuple):
    seat: int
    target: int
    seat_count: int  # cards ``seat`` now holds
    target_count: int
    seat_cards: tuple[Card, ...] | None  # what ``seat`` received
    target_cards: tuple[Card, ...] | None  # what ``target`` received


class HandsTraded(Event, _HandsTraded):
    """``seat`` and ``target`` swapped hands: both see both hands (each gave one away and
    received the other, R30); nobody else sees either."""

    __slots__ = ()
    type: ClassVar[str] = "hands_traded"
    hidden: ClassVar[Mapping[str, str | tuple[str, ...]]] = {
        "seat_cards": ("seat", "target"),
        "target_cards": ("seat", "target"),
    }


class _TurnStarted(NamedTuple):
    seat: int
    bonus: bool = False  # an extra turn after Skip/Reverse (R75, R76)


class TurnStarted(Event, _TurnStarted):
    __slots__ = ()
    type: ClassVar[str] = "turn_started"


class _UnoSaid(NamedTuple):
    seat: int


class UnoSaid(Event, _UnoSaid):
    __slots__ = ()
    type: ClassVar[str] = "uno_said"


class _Caught(NamedTuple):
    catcher: int
    seat: int
    presses: int


class Caught(Event, _Caught):
    __slots__ = ()
    type: ClassVar[str] = "caught"


class _Penalized(NamedTuple):
    seat: int
    presses: int


class Penalized(Event, _Penalized):
    """The referee's card-suggestion penalty (R63)."""

    __slots__ = ()
    type: ClassVar[str] = "penalized"


class _Reshuffled(NamedTuple):
    stock_size: int


class Reshuffled(Event, _Reshuffled):
    """The discard pile (all but the top card) went back into the launcher (R19)."""

    __slots__ = ()
    type: ClassVar[str] = "reshuffled"


class _HandWon(NamedTuple):
    hand_number: int
    seat: int
    points: int  # points the winner scored (0 in running-total modes)
    hand_points: tuple[int, ...]  # per seat: value of the cards left in hand
    hands: tuple[tuple[Card, ...], ...]  # revealed for scoring
    scores: tuple[int, ...]


class HandWon(Event, _HandWon):
    """The end of a hand: the winner, each seat's points in hand, the scores after."""

    __slots__ = ()
    type: ClassVar[str] = "hand_won"
    public: ClassVar[Mapping[str, str]] = {"hands": "revealed for scoring (R71)"}


class _HandVoid(NamedTuple):
    hand_number: int


class HandVoid(Event, _HandVoid):
    """P08: every player in a row pressed an empty launcher with nothing to reload."""

    __slots__ = ()
    type: ClassVar[str] = "hand_void"


class _PlayerEliminated(NamedTuple):
    seat: int
    score: int


class PlayerEliminated(Event, _PlayerEliminated):
    __slots__ = ()
    type: ClassVar[str] = "player_eliminated"


class _MatchWon(NamedTuple):
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str


class MatchWon(Event, _MatchWon):
    __slots__ = ()
    type: ClassVar[str] = "match_won"


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
        HandVoid,
        PlayerEliminated,
        MatchWon,
    )
}
