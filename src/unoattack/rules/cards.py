"""Cards as values: colours, kinds and faces, with a notation that round-trips.

A *face* is what is printed on a card (``R7``, ``B-Skip``, ``WAH``). Decks hold several
copies of most faces; the engine tells copies apart by a card id (see
:class:`unoattack.rules.edition.Deck`), but everything a player sees is a face.

>>> Card.parse("R7")
Card.parse('R7')
>>> str(Card.parse("b-skip")), Card.parse("DBL").kind.name
('B-Skip', 'WILD_ATTACK_ATTACK')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum


class Colour(IntEnum):
    """The four suit colours, in the order the rulebooks list them."""

    RED = 0
    YELLOW = 1
    GREEN = 2
    BLUE = 3

    @property
    def letter(self) -> str:
        return "RYGB"[self]

    @classmethod
    def parse(cls, text: str) -> Colour:
        """Parse ``R``/``red`` (any case) into a colour."""
        key = text.strip().upper()
        for colour in cls:
            if key in (colour.letter, colour.name):
                return colour
        raise ValueError(f"unknown colour {text!r}: use R, Y, G or B (red, yellow, green, blue)")


class Kind(IntEnum):
    """Every card kind of every edition."""

    NUMBER = 0
    SKIP = 1
    REVERSE = 2
    HIT1 = 3
    HIT2 = 4
    DISCARD_ALL = 5
    TRADE_HANDS = 6
    WILD = 7
    WILD_ALL_HIT = 8
    WILD_HIT_FIRE = 9
    WILD_HIT4 = 10
    WILD_ATTACK_ATTACK = 11
    WILD_CUSTOM = 12

    @property
    def is_wild(self) -> bool:
        return self >= Kind.WILD

    @property
    def key(self) -> str:
        """The snake_case name used in edition files (``hit2``, ``wild_all_hit``)."""
        return self.name.lower()


#: Notation of coloured action kinds, after the colour letter and a dash (``R-Hit2``).
ACTION_TOKENS: dict[Kind, str] = {
    Kind.SKIP: "Skip",
    Kind.REVERSE: "Rev",
    Kind.HIT1: "Hit1",
    Kind.HIT2: "Hit2",
    Kind.DISCARD_ALL: "DA",
    Kind.TRADE_HANDS: "TH",
}
#: Notation of the wild kinds (RULINGS.md §0).
WILD_TOKENS: dict[Kind, str] = {
    Kind.WILD: "W",
    Kind.WILD_ALL_HIT: "WAH",
    Kind.WILD_HIT_FIRE: "WHF",
    Kind.WILD_HIT4: "WH4",
    Kind.WILD_ATTACK_ATTACK: "WAA",
    Kind.WILD_CUSTOM: "WCust",
}
# The French-Canadian edition calls the Wild Attack-Attack "Double attaque" (RULINGS §0).
_WILD_ALIASES = {"DBL": Kind.WILD_ATTACK_ATTACK}

ENGLISH_NAMES: dict[Kind, str] = {
    Kind.NUMBER: "{number}",
    Kind.SKIP: "Skip",
    Kind.REVERSE: "Reverse",
    Kind.HIT1: "Hit 1",
    Kind.HIT2: "Hit 2",
    Kind.DISCARD_ALL: "Discard All",
    Kind.TRADE_HANDS: "Trade Hands",
    Kind.WILD: "Wild",
    Kind.WILD_ALL_HIT: "Wild All Hit",
    Kind.WILD_HIT_FIRE: "Wild Hit-Fire",
    Kind.WILD_HIT4: "Wild Hit 4",
    Kind.WILD_ATTACK_ATTACK: "Wild Attack-Attack",
    Kind.WILD_CUSTOM: "Wild Customizable",
}


@dataclass(frozen=True, slots=True)
class Card:
    """A card face. Build one with :meth:`parse` or take it from :data:`FACES`.

    ``index`` is the face's position in :data:`FACES`, a stable small integer used
    in action encodings and lookup tables.
    """

    kind: Kind
    colour: Colour | None = None
    number: int | None = None
    index: int = field(default=-1, compare=False, repr=False)

    @property
    def is_wild(self) -> bool:
        return self.kind >= Kind.WILD

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse a face written as in RULINGS.md: ``R7``, ``B-Skip``, ``G-Rev``, ``WAH``."""
        try:
            return _BY_TOKEN[text.strip().upper()]
        except KeyError:
            raise ValueError(
                f"unknown card {text!r}: write a colour letter and a number (R7), a colour "
                "and an action (B-Skip, G-Rev, Y-Hit1, R-Hit2, B-DA, Y-TH) or a wild "
                "(W, WAH, WHF, WH4, WAA, DBL, WCust)"
            ) from None

    def __str__(self) -> str:
        if self.kind is Kind.NUMBER:
            assert self.colour is not None
            return f"{self.colour.letter}{self.number}"
        if self.colour is not None:
            return f"{self.colour.letter}-{ACTION_TOKENS[self.kind]}"
        return WILD_TOKENS[self.kind]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def name(self) -> str:
        """A readable English name: ``red 7``, ``blue Skip``, ``Wild All Hit``."""
        base = ENGLISH_NAMES[self.kind].format(number=self.number)
        if self.colour is None:
            return base
        return f"{self.colour.name.lower()} {base}"


def _build_faces() -> tuple[Card, ...]:
    faces: list[Card] = []
    for colour in Colour:
        for number in range(1, 10):
            faces.append(Card(Kind.NUMBER, colour, number, len(faces)))
    for kind in ACTION_TOKENS:
        for colour in Colour:
            faces.append(Card(kind, colour, None, len(faces)))
    for kind in WILD_TOKENS:
        faces.append(Card(kind, None, None, len(faces)))
    return tuple(faces)


#: Every face of every edition, in a fixed order: numbers by colour, coloured actions,
#: wilds. A face's position here is its ``index``; it never changes.
FACES: tuple[Card, ...] = _build_faces()
_BY_TOKEN: dict[str, Card] = {str(face).upper(): face for face in FACES}
_BY_TOKEN.update(
    {
        alias: FACES[-len(WILD_TOKENS) + list(WILD_TOKENS).index(kind)]
        for alias, kind in _WILD_ALIASES.items()
    }
)


def face(kind: Kind, colour: Colour | None = None, number: int | None = None) -> Card:
    """The interned face with these attributes."""
    probe = Card(kind, colour, number)
    for candidate in FACES:
        if candidate == probe:
            return candidate
    raise ValueError(f"no such card face: {kind.name} {colour} {number}")
