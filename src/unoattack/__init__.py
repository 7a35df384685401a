"""unoattack: UNO Attack! with every edition's rules, a measured launcher, bots and tools."""

from unoattack.engine import (
    SPECTATOR,
    Action,
    Game,
    IllegalAction,
    MatchResult,
    Record,
    format_position,
    parse_position,
    view,
)
from unoattack.rules import Card, Colour, Edition, Kind

__version__ = "0.1.0"

__all__ = [
    "SPECTATOR",
    "Action",
    "Card",
    "Colour",
    "Edition",
    "Game",
    "IllegalAction",
    "Kind",
    "MatchResult",
    "Record",
    "format_position",
    "parse_position",
    "view",
]
