"""Cards and editions: the game's data, with no rules logic."""

from unoattack.rules.cards import CARD_TABLE, FACES, Card, Colour, Effect, Kind
from unoattack.rules.edition import EDITION_NAMES, Edition, EditionError, Options

__all__ = [
    "CARD_TABLE",
    "EDITION_NAMES",
    "FACES",
    "Card",
    "Colour",
    "Edition",
    "EditionError",
    "Effect",
    "Kind",
    "Options",
]
