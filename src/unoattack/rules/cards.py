"""Cards as values: colours, kinds and faces, with a notation that round-trips.

A *face* is what is printed on a card (``R7``, ``B-Skip``, ``WAH``). Decks hold several
copies of most faces; the engine tells copies apart by a card id (see
:class:`unoattack.rules.edition.Deck`), but everything a player sees is a face.

Every kind of card is one row of :data:`CARD_TABLE`: its key in edition files, its
notation, its English name, whether it is wild, its :class:`Effect`, its presses and its
default points. The faces, the notation, the names, the deck keys and the default points
are all read from that table.

>>> Card.parse("R7")
Card.parse('R7')
>>> str(Card.parse("b-skip")), Card.parse("DBL").kind.name
('B-Skip', 'WILD_ATTACK_ATTACK')
>>> Card.parse("WH4").kind.effect, Card.parse("WH4").kind.presses
(<Effect.HIT: 'hit'>, 4)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, IntEnum
from typing import NamedTuple


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


class Traits(NamedTuple):
    """What the rules and the move generator need to know of an effect."""

    #: The player names a target seat.
    targeted: bool = False
    #: A launcher effect, which is still carried out when its card was the player's last
    #: (R64, option ``last_card_effects``).
    launcher: bool = False
    #: A Hit card: it may be stacked on a Mega Hit pile (R37).
    stackable: bool = False
    #: Once its card is played, the turn only passes to the next player.
    passes: bool = False
    #: Swaps hands before UNO liability is judged (A17); not a last card unless the
    #: options allow it (R31).
    trades: bool = False
    #: Every card of the played card's colour leaves the hand with it (R32).
    discards: bool = False
    #: Takes a number of presses, written ``hit:N`` on a Wild Customizable.
    counted: bool = False
    #: May be written on a Wild Customizable (R29, A40).
    customizable: bool = True


class Effect(Enum):
    """What playing a card does (docs/rules.md): a key, the name edition files and options
    use (``wild_custom_effect = "hit:2"``), and the :class:`Traits` the rules and the move
    generator need. What the effect does is its handler, in :mod:`unoattack.engine.effects`.

    >>> Effect.from_key("attack").targeted, Effect.HIT.launcher, Effect.SKIP.passes
    (True, True, False)
    """

    NONE = "none", Traits(passes=True)  # numbers, plain wilds: the turn passes on (R08)
    SKIP = "skip", Traits()  # the next player loses their turn (R21)
    REVERSE = "reverse", Traits()  # the direction of play changes (R22)
    HIT = "hit", Traits(launcher=True, stackable=True, counted=True)  # N presses (R24-R26)
    ALL_HIT = "all_hit", Traits(launcher=True)  # every other player presses once (R35)
    HIT_FIRE = "hit_fire", Traits(launcher=True)  # press until cards come out (R36)
    ATTACK = "attack", Traits(targeted=True, launcher=True, stackable=True, counted=True)
    TRADE_HANDS = "trade_hands", Traits(targeted=True, passes=True, trades=True)  # R30, R31
    DISCARD_ALL = "discard_all", Traits(passes=True, discards=True, customizable=False)
    # A new effect: its member above this line, and its handler in engine/effects.py.

    # Each member's key and traits, the traits also one by one (effect.targeted...).
    key: str
    traits: Traits
    targeted: bool
    launcher: bool
    stackable: bool
    passes: bool
    trades: bool
    discards: bool
    counted: bool
    customizable: bool

    def __init__(self, key: str, traits: Traits) -> None:
        self.key = key
        self.traits = traits
        for name, value in traits._asdict().items():
            setattr(self, name, value)

    @classmethod
    def from_key(cls, key: str) -> Effect:
        """The effect whose key is ``key`` (``hit``, ``all_hit``...)."""
        for effect in cls:
            if effect.key == key:
                return effect
        raise ValueError(f"no effect {key!r}: effects are " + ", ".join(e.key for e in cls))

    def __repr__(self) -> str:
        return f"<Effect.{self.name}: {self.key!r}>"


class Kind(IntEnum):
    """Every card kind of every edition, in the order of :data:`CARD_TABLE`."""

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
    # A new kind of card: its member above this line, its row at the end of CARD_TABLE.

    @property
    def row(self) -> KindRow:
        """This kind's row of :data:`CARD_TABLE`."""
        return CARD_TABLE[self]

    @property
    def is_wild(self) -> bool:
        return CARD_TABLE[self].wild

    @property
    def key(self) -> str:
        """The snake_case name used in edition files (``hit2``, ``wild_all_hit``)."""
        return CARD_TABLE[self].key

    @property
    def effect(self) -> Effect | None:
        """What the card does; None when the table gives it (Wild Customizable, R29)."""
        return CARD_TABLE[self].effect

    @property
    def presses(self) -> int:
        return CARD_TABLE[self].presses


class KindRow(NamedTuple):
    """One kind of card: a row of :data:`CARD_TABLE`."""

    kind: Kind
    key: str  # in edition files (deck counts, points)
    token: str  # notation: after the colour letter and a dash (R-Hit2), or the wild's own
    name: str  # in English
    wild: bool  # one face, no colour; the player names the colour (R09)
    effect: Effect | None  # None: written on the card by the table (options, R29)
    presses: int  # of a Hit or an attack
    points: int | None  # in hand at the end of a hand (RULINGS §1.2); None: face value


#: Every kind of card of every edition, one row each, in :class:`Kind` order. The faces
#: are built from it row by row, so a kind added at the end adds its faces (and its
#: action codes) after all the others: no existing face index or action code changes.
CARD_TABLE: tuple[KindRow, ...] = (
    KindRow(Kind.NUMBER, "number", "", "{number}", False, Effect.NONE, 0, None),
    KindRow(Kind.SKIP, "skip", "Skip", "Skip", False, Effect.SKIP, 0, 20),
    KindRow(Kind.REVERSE, "reverse", "Rev", "Reverse", False, Effect.REVERSE, 0, 20),
    KindRow(Kind.HIT1, "hit1", "Hit1", "Hit 1", False, Effect.HIT, 1, 20),
    KindRow(Kind.HIT2, "hit2", "Hit2", "Hit 2", False, Effect.HIT, 2, 20),
    KindRow(Kind.DISCARD_ALL, "discard_all", "DA", "Discard All", False, Effect.DISCARD_ALL, 0, 30),
    KindRow(Kind.TRADE_HANDS, "trade_hands", "TH", "Trade Hands", False, Effect.TRADE_HANDS, 0, 30),
    KindRow(Kind.WILD, "wild", "W", "Wild", True, Effect.NONE, 0, 50),
    KindRow(Kind.WILD_ALL_HIT, "wild_all_hit", "WAH", "Wild All Hit", True, Effect.ALL_HIT, 0, 50),
    KindRow(
        Kind.WILD_HIT_FIRE, "wild_hit_fire", "WHF", "Wild Hit-Fire", True, Effect.HIT_FIRE, 0, 50,
    ),
    KindRow(Kind.WILD_HIT4, "wild_hit4", "WH4", "Wild Hit 4", True, Effect.HIT, 4, 40),
    KindRow(
        Kind.WILD_ATTACK_ATTACK, "wild_attack_attack", "WAA", "Wild Attack-Attack", True,
        Effect.ATTACK, 2, 50,
    ),
    KindRow(Kind.WILD_CUSTOM, "wild_custom", "WCust", "Wild Customizable", True, None, 0, 50),
    # A new kind of card: its row above this line (docs/engine.md, "Adding a card kind").
)  # fmt: skip
assert [row.kind for row in CARD_TABLE] == list(Kind), "one row per Kind, in Kind order"

#: Number cards run from 1 to 9 in each colour (RULINGS §1.1).
NUMBERS = range(1, 10)
#: Notation of coloured action kinds, after the colour letter and a dash (``R-Hit2``).
ACTION_TOKENS: dict[Kind, str] = {
    row.kind: row.token for row in CARD_TABLE if not row.wild and row.kind is not Kind.NUMBER
}
#: Notation of the wild kinds (RULINGS.md §0).
WILD_TOKENS: dict[Kind, str] = {row.kind: row.token for row in CARD_TABLE if row.wild}
# The French-Canadian edition calls the Wild Attack-Attack "Double attaque" (RULINGS §0).
_WILD_ALIASES = {"DBL": Kind.WILD_ATTACK_ATTACK}

ENGLISH_NAMES: dict[Kind, str] = {row.kind: row.name for row in CARD_TABLE}


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
        return CARD_TABLE[self.kind].wild

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse a face written as in RULINGS.md: ``R7``, ``B-Skip``, ``G-Rev``, ``WAH``."""
        try:
            return _BY_TOKEN[text.strip().upper()]
        except KeyError:
            coloured = ", ".join(
                f"{'BGYR'[i % 4]}-{token}" for i, token in enumerate(ACTION_TOKENS.values())
            )
            aliases = {kind: f", {alias}" for alias, kind in _WILD_ALIASES.items()}
            wilds = ", ".join(token + aliases.get(kind, "") for kind, token in WILD_TOKENS.items())
            raise ValueError(
                f"unknown card {text!r}: write a colour letter and a number (R7), a colour "
                f"and an action ({coloured}) or a wild ({wilds})"
            ) from None

    def __str__(self) -> str:
        if self.kind is Kind.NUMBER:
            assert self.colour is not None
            return f"{self.colour.letter}{self.number}"
        if self.colour is not None:
            return f"{self.colour.letter}-{CARD_TABLE[self.kind].token}"
        return CARD_TABLE[self.kind].token

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def name(self) -> str:
        """A readable English name: ``red 7``, ``blue Skip``, ``Wild All Hit``."""
        base = CARD_TABLE[self.kind].name.format(number=self.number)
        if self.colour is None:
            return base
        return f"{self.colour.name.lower()} {base}"


def _build_faces() -> tuple[Card, ...]:
    """The faces of each row in table order: numbers by colour, then each coloured kind in
    the four colours, each wild once."""
    faces: list[Card] = []
    for row in CARD_TABLE:
        if row.kind is Kind.NUMBER:
            for colour in Colour:
                for number in NUMBERS:
                    faces.append(Card(row.kind, colour, number, len(faces)))
        elif row.wild:
            faces.append(Card(row.kind, None, None, len(faces)))
        else:
            for colour in Colour:
                faces.append(Card(row.kind, colour, None, len(faces)))
    return tuple(faces)


#: Every face of every edition, in a fixed order: the faces of each row of the card table
#: in turn. A face's position here is its ``index``; it never changes.
FACES: tuple[Card, ...] = _build_faces()
_BY_TOKEN: dict[str, Card] = {str(face).upper(): face for face in FACES}
_BY_TOKEN.update(
    {alias: next(f for f in FACES if f.kind is kind) for alias, kind in _WILD_ALIASES.items()}
)


def face(kind: Kind, colour: Colour | None = None, number: int | None = None) -> Card:
    """The interned face with these attributes."""
    probe = Card(kind, colour, number)
    for candidate in FACES:
        if candidate == probe:
            return candidate
    raise ValueError(f"no such card face: {kind.name} {colour} {number}")


def is_digits(text: str) -> bool:
    """Whether ``text`` is one or more of the digits 0-9, the only ones a seat, a count
    or a copy is written with. ``str.isdigit`` also takes "²", which ``int`` refuses,
    and "𝟙" or "٣", which ``int`` reads as 1 and 3.

    >>> is_digits("12"), is_digits("²"), is_digits("𝟙"), is_digits("")
    (True, False, False, False)
    """
    return text.isascii() and text.isdigit()
