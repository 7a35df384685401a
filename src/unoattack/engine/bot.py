"""What the match asks of a bot: a policy for one seat that sees only what that seat may.

The match (:mod:`unoattack.engine.match`) plays a seat with a :class:`Bot` when the
game waits for that seat, and asks every bot at the table for its reaction when a catch
window opens. Whatever a bot is given, it holds nothing another seat could not hand it:

- a :class:`~unoattack.engine.view.View` of its own seat (``choose``, ``react``);
- or only its legal actions (``choose_among``, ``react_among``: random play, where
  building a view would be wasted);
- or, for a search bot, a :class:`~unoattack.engine.determinize.Sampler` of its seat
  (``decide``): what the seat knows, from which the bot samples complete games
  consistent with it. It never holds the game itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, Protocol

from unoattack.engine.actions import Action
from unoattack.engine.view import View

if TYPE_CHECKING:
    from unoattack.engine.determinize import Sampler

__all__ = ["Bot", "Search", "SearchBot"]


class Bot(Protocol):
    """A policy for a seat: it sees only that seat's view (see :mod:`unoattack.bots`).

    A bot that looks at nothing but its legal actions may also have methods
    ``choose_among(legal_actions) -> Action`` and ``react_among(legal_actions) -> Action
    | None``: the match then calls them instead of :meth:`choose` and :meth:`react`, with
    the same legal actions, and spares building a view (random play in simulations). A
    search bot has :meth:`SearchBot.decide` instead.
    """

    def choose(self, view: View) -> Action:
        """The seat's decision when the game waits for it."""

    def react(self, view: View) -> Action | None:
        """An out-of-turn action when a catch window opens (say UNO, catch), or None."""


class SearchBot(Bot, Protocol):
    """A bot that searches: the match gives it its seat's knowledge to sample from."""

    def decide(self, knowledge: Sampler) -> Action:
        """The seat's decision, from what the seat knows (``knowledge.seat``'s)."""


class Search(NamedTuple):
    """A search bot's decision that a match will ask for at its next move
    (:meth:`~unoattack.engine.match.Match.upcoming_search`). A front-end runs
    ``search.bot.decide(search.knowledge)`` off its event loop (the sampler is a copy: the
    thread never touches the live game) and hands the action back with
    :meth:`~unoattack.engine.match.Match.prepare`."""

    state: int  # the table state the decision is for
    seat: int
    bot: SearchBot
    knowledge: Sampler
