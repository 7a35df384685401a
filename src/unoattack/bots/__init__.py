"""Bots: policies that see only their seat's view and return an action."""

from unoattack.bots.random_bot import RandomBot, play_match

__all__ = ["RandomBot", "play_match"]
