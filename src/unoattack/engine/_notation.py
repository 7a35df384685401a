"""The position notation's vocabulary, shared by its writer and its reader.

:mod:`unoattack.engine.notation` writes positions and documents the grammar;
:mod:`unoattack.engine._position_reader` reads them. Both use what is here: the error,
the fields in the order they are written, and the small codecs of the tokens (a card and
its copy, a duty owed, seats and numbers), each giving errors that name the field.
"""

from __future__ import annotations

from dataclasses import fields

from unoattack.engine.state import PRESS_REASONS, Duty
from unoattack.engine.tables import Tables
from unoattack.rules.cards import Card, is_digits
from unoattack.rules.edition import EDITION_NAMES, Edition, Options


class PositionError(ValueError):
    """A position string that cannot be read; the message says which field and why."""


#: Every field, in the order a position is written (the edition comes first; ``draws`` is
#: only read).
FIELDS = (
    "hands",
    "pile",
    "colour",
    "dir",
    "turn",
    "owe",
    "then",
    "mega",
    "went",
    "dealer",
    "draws",
    "scores",
    "stock",
    "aside",
    "launcher",
    "presses",
    "seed",
    "out",
    "catch",
    "said",
    "bonus",
    "empty",
    "hand",
    "house",
)
#: Fields every position gives (``turn`` is required too, unless presses are owed or the
#: start card is still to be turned; ``draws`` may stand for ``dealer``).
REQUIRED = ("hands", "pile", "scores", "stock", "launcher")
#: Fields that say what happens at the table now: none of them may be given while the
#: start card is still to be turned (its effect decides them, R44–R56).
TURN_FIELDS = ("colour", "dir", "turn", "owe", "then", "mega", "went", "catch", "bonus", "empty")

REST = "..."  # ends the stock or the aside: the rest of the deck, in deck order
FIRE = "fire"  # presses owed until the launcher yields cards (R36)

# Reasons whose duties always come from a Hit card (hit_card), and the penalties (R61).
_HIT_REASONS = frozenset(("hit", "attack", "pile"))
_PENALTY_REASONS = frozenset(("uno_penalty", "suggestion"))
# The flags of a duty that its reason does not settle, and the reasons each may go with:
# a pile may be answered with a Hit card (R37, never at the start, A28); a start card's
# presses come from a Hit card or not (a Hit 2 does, a Wild All Hit does not); the
# launcher may already have yielded during any duty (R17).
_FLAGS = {
    "stack": _HIT_REASONS,
    "hit": frozenset(("start",)),
    "yielded": frozenset(PRESS_REASONS),
}


# ---------------------------------------------------------------------- numbers, seats


def read_int(text: str, field: str) -> int:
    """A whole number (``field`` names it in the error)."""
    if not is_digits(text.removeprefix("-")):
        raise PositionError(f"{field}: {text!r} is not a whole number")
    return int(text)


def read_count(text: str, field: str) -> int:
    """A whole number, 0 or more."""
    value = read_int(text, field)
    if value < 0:
        raise PositionError(f"{field}: {value} is below 0")
    return value


def read_seat(text: str, field: str, players: int) -> int:
    """A seat of a table of ``players``."""
    seat = read_int(text, field)
    if not 0 <= seat < players:
        raise PositionError(f"{field}: seat {seat} does not exist (seats 0 to {players - 1})")
    return seat


def read_seats(text: str, field: str, players: int) -> list[int]:
    """Seats separated by ``,``, each once."""
    seats = [read_seat(t, field, players) for t in text.split(",") if t]
    if len(set(seats)) != len(seats):
        raise PositionError(f"{field}: a seat is named twice in {text!r}")
    return seats


def seats_text(seats: list[int]) -> str:
    return ",".join(map(str, seats))


# ---------------------------------------------------------------------- cards


def read_card(token: str, field: str) -> tuple[Card, int]:
    """A card token: its face and its copy (1 for the first copy in deck order), or 0
    when the token names no copy (``R7``; ``R7#2`` is the second R7 of the deck)."""
    found = _TOKENS.get(token)
    if found is not None:
        return found
    face_text, sep, copy_text = token.partition("#")
    try:
        card = Card.parse(face_text)
    except ValueError as exc:
        raise PositionError(f"{field}: {exc}") from None
    if sep and (not is_digits(copy_text) or int(copy_text) < 1):
        raise PositionError(f"{field}: {token!r}: write the copy after # as a number from 1 (R7#2)")
    found = card, int(copy_text) if sep else 0
    if len(_TOKENS) < 4096:  # every face and copy of any deck is a few hundred tokens
        _TOKENS[token] = found
    return found


_TOKENS: dict[str, tuple[Card, int]] = {}


#: Per card id: its token, its token with its copy, and its copy from 0.
CardNames = tuple[tuple[str, ...], tuple[str, ...], tuple[int, ...]]
_NAMES: dict[Tables, CardNames] = {}


def card_names(tables: Tables) -> CardNames:
    """Each card id's token without and with its copy (``R7``, ``R7#2``: copies are
    numbered from 1 in deck order), and its copy from 0; worked out once per set of
    rule tables."""
    found = _NAMES.get(tables)
    if found is None:
        copy = {i: n for ids in tables.ids_of for n, i in enumerate(ids)}
        copy_of = tuple(copy[i] for i in range(len(tables.faces)))
        names = tuple(str(face) for face in tables.faces)
        numbered = tuple(f"{name}#{n + 1}" for name, n in zip(names, copy_of, strict=True))
        found = _NAMES[tables] = (names, numbered, copy_of)
    return found


_IDS: dict[Tables, tuple[dict[str, int], dict[str, int]]] = {}


def card_ids(tables: Tables) -> tuple[dict[str, int], dict[str, int]]:
    """The tokens :func:`card_names` writes, read back: a face's token to its face index,
    a numbered copy's token (``R7#2``) to its card id."""
    found = _IDS.get(tables)
    if found is None:
        names, numbered, _ = card_names(tables)
        faces = {name: tables.face_of[i] for i, name in enumerate(names)}
        found = _IDS[tables] = (faces, {token: i for i, token in enumerate(numbered)})
    return found


def card_tokens(text: str) -> list[str]:
    """The tokens of a list of cards separated by ``,`` (an empty list is empty)."""
    return [t for t in text.split(",") if t]


# ---------------------------------------------------------------------- duties


def duty_text(duty: Duty) -> str:
    """A duty as ``seat:presses:reason`` and its flags, e.g. ``1:6:pile+stack``."""
    presses = FIRE if duty.until_fire else str(duty.left)
    flags = []
    if duty.stackable:
        flags.append("+stack")
    if duty.hit_card and duty.reason not in _HIT_REASONS:
        flags.append("+hit")
    if duty.yielded:
        flags.append("+yielded")
    return f"{duty.seat}:{presses}:{duty.reason}{''.join(flags)}"


def read_duty(number: int, text: str, players: int) -> Duty:
    """Entry ``number`` (from 1) of ``owe``, as :func:`duty_text` writes it."""

    def bad(problem: str) -> PositionError:
        return PositionError(f"owe: entry {number} {text!r}: {problem}")

    parts = text.split(":")
    if len(parts) != 3:
        raise bad("write seat:presses:reason, e.g. 1:2:hit or 2:fire:hit_fire")
    seat_text, presses_text, tail = parts
    if not is_digits(seat_text) or not 0 <= int(seat_text) < players:
        raise bad(f"the seat must be one of 0 to {players - 1}")
    seat = int(seat_text)
    reason, *flags = tail.split("+")
    if reason not in PRESS_REASONS:
        raise bad("the reason must be one of " + ", ".join(PRESS_REASONS))
    until_fire = presses_text == FIRE
    if until_fire:
        if reason not in ("hit_fire", "start"):
            raise bad("only a Wild Hit-Fire (hit_fire, or a start card) presses until it fires")
        left = 0
    elif not is_digits(presses_text):
        raise bad(f"presses must be a whole number or {FIRE!r}")
    else:
        left = int(presses_text)
        if left < 1:
            raise bad("presses must be 1 or more")
        if reason == "hit_fire":
            raise bad(f"a Wild Hit-Fire's presses are {FIRE!r}")
    for flag in flags:
        if flag not in _FLAGS:
            raise bad(f"{flag!r} is not a flag: flags are " + ", ".join(_FLAGS))
        if reason not in _FLAGS[flag]:
            raise bad(f"+{flag} does not go with the reason {reason}")
    if len(set(flags)) != len(flags):
        raise bad("a flag is given twice")
    duty = Duty(
        seat,
        left,
        reason,
        until_fire=until_fire,
        stackable="stack" in flags,
        penalty=reason in _PENALTY_REASONS,
        hit_card=reason in _HIT_REASONS or "hit" in flags,
    )
    duty.yielded = "yielded" in flags
    return duty


# ---------------------------------------------------------------------- house rules


def base_options(edition: Edition) -> Options:
    """The options a position's ``house`` field changes: the shipped edition's."""
    if edition.name in EDITION_NAMES:
        return Edition.load(edition.name).options
    return Options()


def house_text(edition: Edition) -> str:
    """The options that differ from the shipped edition's, as ``key=value;...``."""
    key = (edition.name, edition.options)
    found = _HOUSE.get(key)
    if found is None:
        if len(_HOUSE) >= 1024:
            _HOUSE.clear()
        found = _HOUSE[key] = _house_text(edition)
    return found


_HOUSE: dict[tuple[str, Options], str] = {}


def _house_text(edition: Edition) -> str:
    base = base_options(edition)
    items = []
    for f in fields(Options):
        value = getattr(edition.options, f.name)
        if value != getattr(base, f.name):
            items.append(f"{f.name}={_option_text(value)}")
    return ";".join(items)


def read_house(text: str) -> dict[str, str]:
    """The ``house`` field's ``key=value`` pairs."""
    pairs = {}
    for item in text.split(";"):
        if not item:
            continue
        key, sep, value = item.partition("=")
        if not sep:
            raise PositionError(f"house: {item!r} is not key=value")
        pairs[key] = value
    return pairs


def _option_text(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if value is None:
        return "none"
    if isinstance(value, tuple):
        return ",".join(map(str, value))
    return str(value)
