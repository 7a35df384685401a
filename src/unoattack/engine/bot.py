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

A front-end with an event loop runs a search bot's decision on a thread ahead of its
move (:class:`Search`); :class:`Ahead` keeps the decision until the move comes due.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple, Protocol, cast

from unoattack.engine._compiled import mypyc_attr
from unoattack.engine.actions import Action
from unoattack.engine.determinize import HandReading, Sampler
from unoattack.engine.view import View

if TYPE_CHECKING:
    from unoattack.engine.game import Game

__all__ = ["ActionPicker", "Ahead", "Bot", "Search", "SearchBot"]


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


@mypyc_attr(allow_interpreted_subclasses=True)  # copyable: see _compiled
class ActionPicker:
    """A base for a bot that looks at nothing but its legal actions (random play): the
    match calls its :meth:`choose_among` and :meth:`react_among` for it, as it calls
    those methods of any bot that has them. In the compiled build a subclass's methods
    are called directly, not looked up by name at every move: a random bot's every move
    in a simulation or an environment's step.
    """

    def choose(self, view: View) -> Action:
        return self.choose_among(view.legal_actions)

    def react(self, view: View) -> Action | None:
        return self.react_among(view.legal_actions)

    def choose_among(self, legal_actions: Sequence[Action]) -> Action:
        """The seat's decision, from its legal actions alone."""
        raise NotImplementedError

    def react_among(self, legal_actions: Sequence[Action]) -> Action | None:
        """An out-of-turn action from the legal actions alone, or None."""
        raise NotImplementedError


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


@mypyc_attr(allow_interpreted_subclasses=True)  # copyable: see _compiled
class Ahead:
    """Search bots' decisions worked out ahead of their moves, off a front-end's event
    loop (``Match(search_ahead=True)``): such a move waits until its decision is
    prepared, for the table state and the seat it was searched for."""

    __slots__ = ("decision", "on")

    #: The decision prepared: (state, seat, action), or None.
    decision: tuple[int, int, Action] | None

    def __init__(self, on: bool) -> None:
        self.on = on
        self.decision = None

    def _ready(self, state: int, seat: int) -> bool:
        decision = self.decision
        return decision is not None and decision[0] == state and decision[1] == seat

    def waits(self, bot: Bot, state: int, seat: int) -> bool:
        """Whether ``bot``'s move for ``seat`` in ``state`` waits for its decision."""
        return self.on and hasattr(bot, "decide") and not self._ready(state, seat)

    def search(
        self, bot: Bot, state: int, seat: int, game: Game, reading: HandReading | None = None
    ) -> Search | None:
        """The search ``bot`` will run for ``seat`` in ``state``, unless it is not a
        search bot or its decision is prepared already. ``reading``: what the seat has
        read of the hand so far (see :class:`~unoattack.engine.determinize.HandReading`)."""
        if not hasattr(bot, "decide") or self._ready(state, seat):
            return None
        return Search(state, seat, cast(SearchBot, bot), Sampler(game, seat, reading))

    def prepare(self, search: Search, action: Action, state: int) -> None:
        """Keep ``search``'s decision if the table is still in the state it was for."""
        if search.state == state:
            self.decision = (search.state, search.seat, action)

    def take(self, state: int, seat: int) -> Action | None:
        """The prepared decision for ``seat`` in ``state`` (then forgotten), if any."""
        decision = self.decision
        if decision is None or not self._ready(state, seat):
            return None
        self.decision = None
        return decision[2]

    def copy(self) -> Ahead:
        twin = Ahead(self.on)
        twin.decision = self.decision
        return twin
