"""The rules engine: games, actions, events, the launcher, views, notation and records."""

from unoattack.engine.actions import NUM_ACTIONS, Action, ActionKind
from unoattack.engine.events import SPECTATOR, Event
from unoattack.engine.game import (
    ILLEGAL_REASONS,
    Game,
    HandResult,
    IllegalAction,
    MatchResult,
    Phase,
    match_result,
)
from unoattack.engine.launcher import LAUNCHER_MODELS, parse_launcher
from unoattack.engine.notation import PositionError, format_position, parse_position
from unoattack.engine.record import Record, RecordError, verify
from unoattack.engine.view import View, events_for, log_for, view

__all__ = [
    "ILLEGAL_REASONS",
    "LAUNCHER_MODELS",
    "NUM_ACTIONS",
    "SPECTATOR",
    "Action",
    "ActionKind",
    "Event",
    "Game",
    "HandResult",
    "IllegalAction",
    "MatchResult",
    "Phase",
    "PositionError",
    "Record",
    "RecordError",
    "View",
    "events_for",
    "format_position",
    "log_for",
    "match_result",
    "parse_launcher",
    "parse_position",
    "verify",
    "view",
]
