"""Events are default-deny: every field that can carry cards is declared hidden (and to
whom it shows) or public, and one rule in the base class redacts the hidden ones."""

from __future__ import annotations

from typing import ClassVar, NamedTuple

import pytest

from unoattack.engine.events import EVENT_TYPES, SPECTATOR, Event, HandsTraded, Pressed
from unoattack.rules.cards import Card


def annotations(cls: type[Event]) -> dict[str, str]:
    """The annotation of each field, as written (the modules use postponed annotations)."""
    found: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        found.update({k: str(v) for k, v in vars(klass).get("__annotations__", {}).items()})
    return {name: found[name] for name in cls.field_names}


def owners_of(names: str | tuple[str, ...]) -> tuple[str, ...]:
    """The fields naming the seats that may see a hidden field."""
    return (names,) if isinstance(names, str) else names


def sample(cls: type[Event], seat: int, other: int) -> Event:
    """An event of type ``cls`` whose fields naming an owner are ``seat``, ``seat + 3``...
    (one owner each), whose other numbers are ``other`` and whose card fields hold cards."""
    card = Card.parse("R7")
    owners = sorted({owner for names in cls.hidden.values() for owner in owners_of(names)})
    values = []
    for name, annotation in annotations(cls).items():
        if name in owners:
            values.append(seat + 3 * owners.index(name))
        elif "Card" in annotation:
            values.append(((card,),) if annotation.count("tuple") > 1 else (card,))
        elif "int" in annotation:
            values.append(other)
        else:
            values.append(None)
    return tuple.__new__(cls, values)


def test_every_event_type_is_listed_with_its_type_name_and_fields() -> None:
    # So that the tests below walk every event type (hand_void was once left out).
    defined = {c for c in Event.__subclasses__() if c.__module__ == Event.__module__}
    assert set(EVENT_TYPES.values()) == defined
    assert len(EVENT_TYPES) == 21
    for name, cls in EVENT_TYPES.items():
        assert cls.type == name and cls.field_names


@pytest.mark.parametrize("cls", EVENT_TYPES.values(), ids=EVENT_TYPES.keys())
def test_every_field_that_can_carry_cards_is_declared_hidden_or_public(cls: type[Event]) -> None:
    carrying = {name for name, annotation in annotations(cls).items() if "Card" in annotation}
    assert carrying == set(cls.hidden) | set(cls.public), (
        f"{cls.__name__}: declare each card field in `hidden` (with the field naming the seat "
        "that may see it) or in `public` (with why every seat may)"
    )
    assert not set(cls.hidden) & set(cls.public)


def test_an_event_type_with_an_undeclared_card_field_cannot_be_defined() -> None:
    # Default-deny at the source: forgetting to declare a field that carries cards fails
    # when the event type is defined, not when a card reaches the wrong player.
    class _Peeked(NamedTuple):
        seat: int
        cards: tuple[Card, ...] | None

    with pytest.raises(TypeError, match=r"Peeked: declare each field .*\['cards'\]"):

        class Peeked(Event, _Peeked):
            type: ClassVar[str] = "peeked"


@pytest.mark.parametrize("cls", EVENT_TYPES.values(), ids=EVENT_TYPES.keys())
def test_no_event_type_redacts_on_its_own(cls: type[Event]) -> None:
    assert "for_seat" not in vars(cls)


@pytest.mark.parametrize("cls", [c for c in EVENT_TYPES.values() if c.hidden], ids=lambda c: c.type)
def test_hidden_fields_show_only_to_their_seat(cls: type[Event]) -> None:
    for field, names in cls.hidden.items():
        event = sample(cls, seat=1, other=2)
        owners = {getattr(event, name) for name in owners_of(names)}
        for owner in owners:
            assert getattr(event.for_seat(owner), field) is not None
        for seat in (SPECTATOR, 0, 1, 2, 3, 4, 5, 6, 7):
            if seat not in owners:
                seen = event.for_seat(seat)
                assert getattr(seen, field) is None, (cls.__name__, field, seat)
                assert type(seen) is cls and seen.to_dict()[field] is None
                # Everything else shows as it is.
                for name in cls.field_names:
                    if name not in cls.hidden:
                        assert getattr(seen, name) == getattr(event, name)


def test_both_seats_of_a_trade_see_both_hands_and_nobody_else_does() -> None:
    r7, g2 = Card.parse("R7"), Card.parse("G2")
    traded = HandsTraded(
        seat=0, target=2, seat_count=1, target_count=1, seat_cards=(r7,), target_cards=(g2,)
    )
    # Each side gave one of the hands away and received the other: both see both.
    assert traded.for_seat(0) is traded and traded.for_seat(2) is traded
    assert traded.for_seat(1).seat_cards is None and traded.for_seat(1).target_cards is None


def test_events_are_values() -> None:
    pressed = Pressed(0, True, 1, 0, (Card.parse("R7"),))
    assert pressed == Pressed(0, True, 1, 0, (Card.parse("R7"),))
    assert hash(pressed) == hash(Pressed(0, True, 1, 0, (Card.parse("R7"),)))
    assert pressed != pressed.for_seat(1) and pressed.for_seat(0) is pressed
    assert EVENT_TYPES["skipped"](1) != EVENT_TYPES["uno_said"](1)  # not mere tuples
    with pytest.raises(AttributeError):
        pressed.seat = 2  # type: ignore[misc]
    assert repr(pressed).startswith("Pressed(seat=0, fired=True")
