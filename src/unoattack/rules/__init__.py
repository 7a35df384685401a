"""Cards and editions: the game's data, with no rules logic."""

from unoattack.rules.cards import FACES, Card, Colour, Kind
from unoattack.rules.edition import EDITION_NAMES, Edition, EditionError, Options

__all__ = ["EDITION_NAMES", "FACES", "Card", "Colour", "Edition", "EditionError", "Kind", "Options"]
