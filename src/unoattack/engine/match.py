"""The match: the one arbiter of a table.

A :class:`Match` wraps a :class:`~unoattack.engine.game.Game` and owns the rules of the
table that are not card rules: which seats may act now and with what, the order in which
reactions that meet are settled (:mod:`unoattack.engine.window`, docs/rules.md P12), the
UNO grace (P13), stale-state refusals, when bots act, turn timers and stand-ins, the
pause between hands and the rematch. The web server, the terminal game, the simulations,
the research environments and the bot runner all go through it, so the same actions at
the same times give the same game whatever the front-end.

Time is an argument. Every call that can change the table takes ``now``, in seconds on
any clock the caller likes (a monotonic clock, a virtual one, or always 0): the match
keeps no clock of its own, so everything is deterministic and testable. Things that are
due later (a bot's move, a bot's reaction, a held catch, a turn timer, the end of a
pause) happen when the caller calls :meth:`Match.advance` with a time at or past them,
each at its own due time, in due order; :meth:`Match.next_due` says when to call.

>>> from unoattack.engine import Game
>>> from unoattack.bots import RandomBot
>>> import random
>>> game = Game.new("2003", players=3, seed=4)
>>> match = Match(game, bots={s: RandomBot(random.Random(s)) for s in range(3)})
>>> steps = match.advance(0.0)          # instant timing: the bots play the whole match
>>> game.is_over, match.state == len(steps)
(True, True)

Research environments are turn-based: with ``offers=True`` each seat played from outside
that may react is *offered* the chance in the reaction order and answers, by its
reaction or :meth:`Match.decline`, before anything else happens.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Final

from unoattack.engine._compiled import mypyc_attr
from unoattack.engine.actions import Action, ActionKind, catch
from unoattack.engine.agenda import MOVE, REACT, RESUME, SETTLE, TIMEOUT, Due, next_due
from unoattack.engine.bot import ActionPicker, Ahead, Bot, Search, SearchBot
from unoattack.engine.determinize import HandReading, Sampler
from unoattack.engine.events import SPECTATOR, Event
from unoattack.engine.explain import MATCH_REASONS, IllegalAction, MatchRefusal, explain
from unoattack.engine.game import Game, Phase
from unoattack.engine.record import TakeBack, rewind
from unoattack.engine.seats import Seats
from unoattack.engine.step import Chooser, JournalError, Step, StepKind
from unoattack.engine.timing import INSTANT, Timing
from unoattack.engine.view import View, log_for, view, views
from unoattack.engine.window import REACTIONS, HeldCatch, Window, reaction_order

__all__ = [
    "INSTANT",
    "MATCH_REASONS",
    "Bot",
    "Chooser",
    "JournalError",
    "Match",
    "MatchRefusal",
    "Search",
    "SearchBot",
    "Step",
    "StepKind",
    "Timing",
    "play_out",
]


_APPLIED: Final = StepKind.APPLIED
_PLAY: Final = ActionKind.PLAY
_CATCH: Final = ActionKind.CATCH
_BOT: Final = Chooser.BOT
_PLAYER: Final = Chooser.PLAYER
_MATCH_OVER: Final = Phase.MATCH_OVER
_NO_DECISION: Final[tuple[int | None, bool]] = (None, False)


@mypyc_attr(allow_interpreted_subclasses=True)  # copyable: see _compiled
class Match:
    """A table around one game: its seats' bots, its timing, and the arbiter's rules.

    Args:
        game: The game (a new one, or one rebuilt by replaying its actions).
        bots: The bot of each seat the match plays itself; other seats are played from
            outside through :meth:`submit`.
        stand_ins: Bots that stand in for seats played from outside: when their player
            is away (:meth:`set_away`) or runs out of time (``Timing.turn_timer``).
        timing: How long things take (default: instant).
        offers: Seats played from outside must answer an offer before anyone else acts
            in a catch window (turn-based environments); otherwise they react whenever
            they like, like people at a table.
        journal: Called with ``(seat, action)`` before each action is applied (a server
            writes it to its store there); if it raises, the action is not applied.
        now: The time the match starts at.
        search_ahead: A search bot's move waits until its decision is prepared (see
            :meth:`upcoming_search`), so that a front-end with an event loop can search
            on a thread; otherwise the match searches when the move is due.
    """

    __slots__ = (
        "_ahead",
        "_direct",
        "_held",
        "_journal",
        "_origin",
        "_pause_until",
        "_readings",
        "_ready",
        "_rng",
        "_since",
        "_window",
        "game",
        "offers",
        "seats",
        "state",
        "takebacks",
        "timing",
    )

    def __init__(
        self,
        game: Game,
        *,
        bots: Mapping[int, Bot] | None = None,
        stand_ins: Mapping[int, Bot] | None = None,
        timing: Timing = INSTANT,
        offers: bool = False,
        journal: Callable[[int, Action], None] | None = None,
        now: float = 0.0,
        search_ahead: bool = False,
    ) -> None:
        self.game = game
        self.offers = offers
        #: Who plays each seat: the match's bots, stand-ins, who is away.
        self.seats = Seats(game.n, bots, stand_ins)
        self._journal = journal
        self.set_timing(timing)
        # Reaction times come from the match's own stream, so that they are the same
        # wherever the match is played.
        self._rng = random.Random(f"unoattack:{game.seed}:match")
        #: The state id: how many actions the game has taken.
        self.state = len(game.history)
        self._since = now  # when the current state began
        self._window: Window | None = None
        self._held: HeldCatch | None = None
        self._pause_until: float | None = None
        self._ready: set[int] = set()
        self._ahead = Ahead(search_ahead)
        # What each search bot's seat has read of the hand so far: each decision reads
        # only the events since its last (a reading checks it is reading the same log).
        self._readings: dict[int, HandReading] = {}
        #: The moves taken back at this table (:meth:`take_back`), for its record.
        self.takebacks: list[TakeBack] = []
        # The game as the match found it, random streams included: a take-back replays
        # from here (a game set up from a position has no deal to replay from).
        self._origin = game.clone()
        self._observe(now, reopened=True)

    # ------------------------------------------------------------------ seats

    def set_timing(self, timing: Timing) -> None:
        """Change how long things take (a front-end choosing its pace)."""
        self.timing = timing
        # No journal and no catch to hold: a bot's move needs no judging beyond the engine's.
        self._direct = self._journal is None and timing.uno_grace <= 0

    def set_bot(self, seat: int, bot: Bot | None) -> None:
        """Let the match play ``seat`` with ``bot`` (None: the seat is played from outside)."""
        self.seats.set_bot(seat, bot)

    def set_away(self, seat: int, away: bool) -> None:
        """While a player is away, their stand-in plays their seat at bots' pace."""
        self.seats.set_away(seat, away)

    # ------------------------------------------------------------------ queries

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    @property
    def paused_until(self) -> float | None:
        """The end of the pause between two hands, while it lasts (``inf``: until every
        seat played from outside is ready); None when play goes on."""
        return self._pause_until

    @property
    def ready_seats(self) -> frozenset[int]:
        """The seats whose players said they are ready for the next hand, during the pause
        between two hands (:meth:`ready`)."""
        return frozenset(self._ready)

    @property
    def turn_deadline(self) -> tuple[int, float] | None:
        """(seat, time) when the turn timer of the seat to act runs out and its stand-in
        decides for it; None when no timer runs: no ``Timing.turn_timer``, the match is
        over or paused, or the seat to act is played by a bot (or, while away, its
        stand-in)."""
        game = self.game
        timer = self.timing.turn_timer
        if timer <= 0 or game.is_over or self._pause_until is not None:
            return None
        seat = game.to_act
        if seat is None or self.seats.controller(seat) is not None:
            return None
        if seat not in self.seats.stand_ins:
            return None
        return seat, self._since + timer

    @property
    def held_catch(self) -> tuple[int, int] | None:
        """(catcher, liable seat) of the catch held for the UNO grace, if any."""
        held = self._held
        return None if held is None else (held.catcher, held.liable)

    def reaction_order(self) -> list[int]:
        """The seats that may react in the open catch window, in the order reactions
        that meet at the same moment are settled (P12; :func:`reaction_order`)."""
        return reaction_order(self.game)

    @property
    def offered(self) -> int | None:
        """With offers: the seat whose answer to an offer the match awaits, if any."""
        window = self._window
        if window is None or not window.queue or self._held is not None:
            return None
        head = window.queue[0]
        return head[2] if head[3] is None else None

    @property
    def deciding(self) -> int | None:
        """The seat played from outside whose decision the match awaits now: a seat
        offered a reaction, or the seat to act. None when the match is over, paused, or
        a bot or a held catch comes first."""
        return self.decision()[0]

    def decision(self) -> tuple[int | None, bool]:
        """The decision the match awaits now: (:attr:`deciding`, whether that seat is
        answering an offer of a reaction rather than acting in its turn). Environments
        ask it once after each change, so it is written for speed."""
        game = self.game
        if game.phase is _MATCH_OVER or self._pause_until is not None:
            return _NO_DECISION
        window = self._window
        if window is not None:
            if self._held is not None:
                return _NO_DECISION
            queue = window.queue
            if queue:
                head = queue[0]
                if head[3] is None:
                    return head[2], True  # an offer to a seat played from outside
                if self.offers:
                    return _NO_DECISION  # a bot's reaction comes first
        elif self._held is not None:
            return _NO_DECISION
        seat = game.to_act
        if seat is None or seat in self.seats.bots or seat in self.seats.away:
            return _NO_DECISION
        return seat, False

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        """What the table accepts from ``seat`` now: the engine's legal actions, none
        while the table pauses; with offers, only the answer to an offer while one is
        out, and only the seat to act's otherwise."""
        game = self.game
        if game.phase is _MATCH_OVER or self._pause_until is not None or not 0 <= seat < game.n:
            return ()
        if not self.offers:
            return game.legal_actions(seat)
        deciding, offer = self.decision()
        if deciding != seat:
            return ()
        return self.decision_actions(seat, offer)

    def decision_actions(self, seat: int, offer: bool) -> tuple[Action, ...]:
        """With offers: the legal actions of the decision :meth:`decision` just returned,
        ``(seat, offer)``: :meth:`legal_actions` without asking for the decision again
        (environments know it already)."""
        actions = self.game.legal_actions(seat)
        if offer:
            return tuple(a for a in actions if a.kind in REACTIONS)
        return actions

    def view(self, viewer: int) -> View:
        """The game as ``viewer`` (a seat, or ``SPECTATOR``) sees it, with the actions the
        table accepts from that seat now."""
        seen = view(self.game, viewer)
        if viewer == SPECTATOR:
            return seen
        legal = self.legal_actions(viewer)
        return seen if legal is seen.legal_actions else seen._replace(legal_actions=legal)

    def views(self, viewers: Sequence[int]) -> list[View]:
        """:meth:`view` for each of ``viewers``, what all of them see alike built once."""
        seen = views(self.game, viewers)
        for index, viewer in enumerate(viewers):
            if viewer != SPECTATOR:
                legal = self.legal_actions(viewer)
                if legal is not seen[index].legal_actions:
                    seen[index] = seen[index]._replace(legal_actions=legal)
        return seen

    def events(self, viewer: int, start: int = 0, stop: int | None = None) -> list[Event]:
        """The game's events ``start:stop`` (as list indices), as ``viewer`` may see them."""
        return log_for(self.game, viewer, start, stop)

    def step_events(self, step: Step, viewer: int) -> list[Event]:
        """The events of ``step`` as ``viewer`` (a seat, or ``SPECTATOR``) may see them."""
        return self.events(viewer, step.log_start, step.log_stop)

    @property
    def log_size(self) -> int:
        """How many events the game has emitted (for :meth:`events` indices)."""
        return len(self.game.log)

    # ------------------------------------------------------------------ time

    def next_due(self) -> float | None:
        """When something is next due (call :meth:`advance` then); None when the match
        waits for a seat played from outside, or is over."""
        due = self._due()
        return None if due is None else due.at

    def advance(
        self, now: float, *, limit: int | None = None, stop: Callable[[], bool] | None = None
    ) -> list[Step]:
        """Do everything due at or before ``now``, each at its due time, in order: held
        catches, bots' reactions and moves, turn timers, the end of a pause.

        Args:
            now: The time now.
            limit: Stop after this many steps.
            stop: Stop as soon as this returns true (checked before each step).

        Raises:
            JournalError: The journal refused an action (it was not applied).
        """
        steps: list[Step] = []
        game, bots, away = self.game, self.seats.bots, self.seats.away
        timing = self.timing
        instant = self._direct and timing.think <= 0 and timing.press <= 0 and not self._ahead.on
        while limit is None or len(steps) < limit:
            if stop is not None and stop():
                break
            if (
                instant
                and self._window is None
                and self._held is None
                and self._pause_until is None
            ):
                # The common cases of simulations and environments, taken without the
                # general search for what comes due (next_due's first case): a bot to
                # act at once, or a seat played from outside to decide, and nothing else
                # pending.
                seat = game.to_act
                if seat is None:
                    break
                bot = bots.get(seat)
                if bot is not None:
                    if self._since <= now:
                        self._bot_move(seat, bot, _BOT, self._since, steps)
                        continue
                elif not away and timing.turn_timer <= 0:
                    break  # a seat played from outside decides: nothing comes due
            due = self._due()
            if due is None or due.at > now:
                break
            try:
                steps += self._do(due)
            except JournalError as exc:
                raise JournalError(exc.cause, steps + exc.steps) from exc.cause
        return steps

    def upcoming_search(self) -> Search | None:
        """The search a bot will run for the next thing the match does, when that is a
        search bot's move whose decision is not prepared yet; None otherwise.

        A front-end with an event loop runs it on a thread (``search.bot.decide(
        search.knowledge)``), hands the action to :meth:`prepare`, and only then lets the
        move come due with :meth:`advance`: a bot thinking for half a second freezes
        nobody. Without it, :meth:`advance` runs the search itself.
        """
        due = self._next()
        if due is None or due.kind not in (MOVE, TIMEOUT):
            return None
        bot = self.seats.mover(due.seat, due.kind == TIMEOUT)
        return self._ahead.search(bot, self.state, due.seat, self.game, self._reading(due.seat))

    def prepare(self, search: Search, action: Action) -> None:
        """The decision of ``search``, worked out ahead: the bot's move plays it if the
        table is still in the state it was searched for (else the bot decides anew)."""
        self._ahead.prepare(search, action, self.state)

    # ------------------------------------------------------------------ acting

    def submit(
        self, seat: int, action: Action, *, now: float = 0.0, state: int | None = None
    ) -> list[Step]:
        """An action by ``seat``'s player, at time ``now``, meant for table state
        ``state`` (None: whatever the state). Whatever was due before it happens first.

        Returns the steps taken: what came due, then the action's (a held catch's may
        fail along the way). What comes due after it (a bot's answer, say) is left for
        :meth:`advance`, so that a front-end can show the action first.

        Raises:
            IllegalAction: The rules do not allow it now (a :class:`MatchRefusal` for a
                reason of the table); nothing changed but what came due first.
            JournalError: The journal refused it.
        """
        game = self.game
        seats = self.seats
        if (
            self._direct
            and self._window is None
            and self._held is None
            and self._pause_until is None
            and seat == game.to_act
            and seat not in seats.bots
            and seat not in seats.away
            and (self.timing.turn_timer <= 0 or seat not in seats.stand_ins)
        ):
            # The common case (every move of a research environment's seat): the seat to
            # act, played from outside, with nothing due before it (no bot to move, no
            # timer, no window, no held catch, no pause) and nothing for the table to
            # refuse but a stale state; what is left to judge is the engine's.
            if state is not None:
                self._check_state(state)
            return [self._apply(seat, action, now, _PLAYER)]
        steps = self.advance(now)
        try:
            steps += self._submit(seat, action, now, state)
        except JournalError as exc:
            raise JournalError(exc.cause, steps + exc.steps) from exc.cause
        return steps

    def _submit(self, seat: int, action: Action, now: float, state: int | None) -> list[Step]:
        self._screen(seat, action, state)
        return self._accept(seat, action, now, Chooser.PLAYER, state)

    def refusal(self, seat: int, action: Action, state: int | None = None) -> IllegalAction | None:
        """Why the table would refuse ``action`` from ``seat``'s player (meant for table
        state ``state``; None: whatever the state), without trying it: what :meth:`submit`
        would raise, or None when the table would take it. Unlike :meth:`submit` it does
        not first do what is due: it judges the table as it stands.

        A front-end asks it when a player reaches for something the table does not offer
        (an unplayable card, a key with no legal action behind it), to say why.
        """
        try:
            self._screen(seat, action, state)
        except IllegalAction as refused:
            return refused
        held = self._held_refusal(seat, action)
        if held is not None:
            return held
        game = self.game
        if action in game.legal_actions(seat):
            return None
        return explain(game, action, seat)

    def _screen(self, seat: int, action: Action, state: int | None) -> None:
        """Raise the table's refusal of an action from outside, if any, before the held
        catch and the cards are looked at."""
        game = self.game
        if not 0 <= seat < game.n:
            raise IllegalAction(
                f"there is no seat {seat} at this table of {game.n}",
                "no_such_seat",
                seat=seat,
                players=game.n,
            )
        if game.phase is _MATCH_OVER:
            raise IllegalAction("the match is over", "match_over")
        if self._pause_until is not None:
            raise MatchRefusal("the next hand starts in a moment", "between_hands")
        if self.offers and self._window is not None:
            offered = self.offered
            if offered is not None and offered != seat:
                raise MatchRefusal(
                    f"seat {offered} answers its offer first", "offer_pending", seat=offered
                )
            if offered == seat and action.kind not in REACTIONS:
                raise MatchRefusal("answer the offer: react, or decline it", "answer_offer")
        self._check_state(state)

    def decline(self, seat: int, *, now: float = 0.0) -> list[Step]:
        """With offers: ``seat`` declines the reaction it is offered. Like :meth:`submit`,
        it first does what was due; what comes due after is for :meth:`advance`."""
        steps = self.advance(now)
        if self.offered != seat:
            raise MatchRefusal("there is no offer to decline: it is not an offer", "no_offer")
        window = self._window
        assert window is not None
        window.queue.pop(0)
        steps.append(Step(StepKind.DECLINED, seat, None, now, self.state))
        return steps

    def ready(self, seat: int, *, now: float) -> list[Step]:
        """``seat``'s player is ready for the next hand; the pause ends when every seat
        played from outside is (or at its end). Like :meth:`submit`, it first does what
        was due; what comes due after is for :meth:`advance`."""
        self.seats.check(seat)
        steps = self.advance(now)
        if self._pause_until is None:
            return steps
        self._ready.add(seat)
        outside = [s for s in range(self.game.n) if self.seats.controller(s) is None]
        if outside and self._ready.issuperset(outside):
            steps.append(self._resume(now))
        return steps

    def rematch(self, seed: int, *, now: float = 0.0) -> Match:
        """A new match at the same table: same edition, options, launcher, seats, bots,
        stand-ins and timing; a new deal from ``seed``."""
        game = self.game
        fresh = Game.new(
            game.edition,
            players=game.n,
            seed=seed,
            launcher=game.launcher.model,
            events=game.emitting,
        )
        match = Match(
            fresh,
            bots=self.seats.bots,
            stand_ins=self.seats.stand_ins,
            timing=self.timing,
            offers=self.offers,
            journal=self._journal,
            now=now,
            search_ahead=self._ahead.on,
        )
        match.seats.away = set(self.seats.away)
        return match

    def take_back(self, seat: int, *, now: float = 0.0) -> TakeBack:
        """Undo ``seat``'s last move and everything after it (the bots' answers): the
        game is rewound to just before that move (:func:`~unoattack.engine.record.rewind`),
        so the launcher and the deck give the same outcomes to the same actions again.

        A house rule of the family table, not of the cards: allowed only to a player
        alone against bots (every other seat is a bot), within the hand being played,
        and never at a table that journals its actions (a server). The take-back is
        kept in :attr:`takebacks` for the match's record.

        Raises:
            MatchRefusal: It is not allowed now (nothing changes).
        """
        game = self.game
        self.seats.check(seat)
        if self._journal is not None:
            raise MatchRefusal("moves cannot be taken back at this table", "undo_unavailable")
        if any(self.seats.controller(s) is None for s in range(game.n) if s != seat):
            raise MatchRefusal(
                "only a player alone against bots may take a move back", "undo_with_people"
            )
        history = game.history
        at = next((i for i in range(len(history) - 1, -1, -1) if history[i][0] == seat), None)
        if at is None:
            raise MatchRefusal("you have made no move to take back", "nothing_to_undo")
        rewound = self._rewind(at)
        if rewound.hand_number != game.hand_number or self._pause_until is not None:
            raise MatchRefusal("your last move was in a hand that is over", "undo_past_hand")
        takeback = TakeBack(at, tuple((s, str(Action.from_code(code))) for s, code in history[at:]))
        self.takebacks.append(takeback)
        self.game = rewound
        self.state = len(rewound.history)
        self._since = now
        self._window = self._held = None
        self._ahead = Ahead(self._ahead.on)
        self._observe(now, reopened=True)
        return takeback

    def _rewind(self, upto: int) -> Game:
        """The game after its first ``upto`` actions: replayed from the game as the
        match found it, or, for an earlier move (a resumed match), from its deal."""
        origin = self._origin
        done = len(origin.history)
        if upto < done:
            return rewind(self.game, upto)
        rewound = origin.clone()
        for seat, code in self.game.history[done:upto]:
            rewound.apply(Action.from_code(code), seat)
        return rewound

    def clone(self, game: Game | None = None) -> Match:
        """An independent copy (the game with its random streams; bots are shared).

        ``game``: the copy's game instead of a clone of this one (a determinization of
        it, for search), which the copy then owns."""
        twin = Match.__new__(Match)  # no __init__: every field is set below
        twin.game = self.game.clone() if game is None else game
        twin.offers = self.offers
        twin.seats = self.seats.copy()
        twin.timing = self.timing
        twin.state = self.state
        twin.takebacks = self.takebacks
        twin._ahead = self._ahead.copy()
        twin._direct = self._direct
        twin._held = self._held
        twin._journal = self._journal
        twin._origin = self._origin
        twin._pause_until = self._pause_until
        twin._ready = set(self._ready)
        twin._readings = {}  # the copy's log is another list: read from the hand's start
        twin._rng = random.Random()
        twin._rng.setstate(self._rng.getstate())
        twin._since = self._since
        twin._window = (
            None if self._window is None else replace(self._window, queue=list(self._window.queue))
        )
        return twin

    # ------------------------------------------------------------------ the arbiter

    def _check_state(self, state: int | None) -> None:
        if state is not None and state != self.state:
            raise MatchRefusal(
                f"the table has moved on (state {self.state})", "stale", state=self.state
            )

    def _accept(
        self, seat: int, action: Action, at: float, chooser: Chooser, state: int | None
    ) -> list[Step]:
        """Judge one action (from outside or from a bot) and carry it out."""
        game = self.game
        held = self._held
        if held is not None:
            refused = self._held_refusal(seat, action)
            if refused is not None:
                raise refused
            # The UNO grace: the liable player's call, arriving while the catch is held,
            # wins (R59, P13); the catch fails.
            said = self._apply(seat, action, at, chooser)
            self._held = None
            failed = Step(
                StepKind.FAILED,
                held.catcher,
                catch(held.liable),
                at,
                self.state,
                held.chooser,
                "uno_in_time",
            )
            return [said, failed]
        if action.kind is _CATCH and self.timing.uno_grace > 0:
            if action not in game.legal_actions(seat):
                game.apply(action, seat)  # the engine says why (IllegalAction), changing nothing
            self._held = HeldCatch(seat, game.uno_seat, at, self.state, chooser)
            return [Step(StepKind.HELD, seat, action, at, self.state, chooser)]
        return [self._apply(seat, action, at, chooser)]

    def _held_refusal(self, seat: int, action: Action) -> MatchRefusal | None:
        """While a catch is held, the table waits for it: only the liable player's UNO
        can still come first (P13)."""
        held = self._held
        if held is None or (action.kind is ActionKind.SAY_UNO and seat == held.liable):
            return None
        return MatchRefusal(
            "a catch is being settled: wait a moment", "catch_pending", seat=held.catcher
        )

    def _settle(self, at: float) -> Step:
        """Carry out the held catch at ``at``, or fail it if its window has closed."""
        held = self._held
        assert held is not None
        self._held = None
        action = catch(held.liable)
        if self.state == held.state and self.game.uno_seat == held.liable:
            return self._apply(held.catcher, action, at, held.chooser)
        return Step(StepKind.FAILED, held.catcher, action, at, self.state, held.chooser, "too_late")

    def _apply(self, seat: int, action: Action, at: float, chooser: Chooser) -> Step:
        game = self.game
        if self._journal is not None:
            if action not in game.legal_actions(seat):
                game.apply(action, seat)  # the engine says why (IllegalAction), changing nothing
            try:
                self._journal(seat, action)
            except Exception as exc:
                raise JournalError(exc, []) from exc
        log = game.log
        start = len(log)
        last_hand = game.last_hand
        game.apply(action, seat)  # IllegalAction (nothing changes) if not legal now
        self.state += 1
        self._since = at
        hand = game.last_hand
        if hand is last_hand:
            hand = None
        elif not game.is_over and self.timing.between_hands > 0:
            self._pause_until = at + self.timing.between_hands
            self._ready = set()
        if game.uno_seat >= 0 or self._window is not None:
            self._observe(at, reopened=action.kind is _PLAY)
        return Step(
            _APPLIED, seat, action, at, self.state, chooser, "", hand, game.result, start, len(log)
        )

    def _observe(self, at: float, reopened: bool) -> None:
        """After an action: note a catch window that opened (and the bots' reactions to
        it) or closed. Any card play closes a window (R61), so a window open after a play
        is a new one."""
        game = self.game
        liable = game.uno_seat
        if liable < 0 or game.is_over:
            self._window = None
            return
        window = self._window
        if window is None or window.liable != liable or reopened:
            self._window = Window.open(
                game, at, self.state, self.seats.controller, self.offers, self._reaction_time
            )

    def _reaction_time(self, reaction: Action) -> float:
        low, high = self.timing.react
        delay = low if high <= low else self._rng.uniform(low, high)
        if reaction.kind is ActionKind.SAY_UNO:
            delay *= 0.5  # one's own UNO comes quicker than spotting someone else's
        return delay

    def _next(self) -> Due | None:
        """What comes due next (:func:`~unoattack.engine.agenda.next_due`)."""
        return next_due(
            self.game,
            self.seats,
            self.timing,
            since=self._since,
            window=self._window,
            held=self._held,
            pause=self._pause_until,
            offers=self.offers,
        )

    def _due(self) -> Due | None:
        """What comes due next, as :meth:`_next` says, but nothing while a search bot's
        move waits for its decision to be prepared (with ``search_ahead``)."""
        due = self._next()
        if due is not None and due.kind in (MOVE, TIMEOUT):
            bot = self.seats.mover(due.seat, due.kind == TIMEOUT)
            if self._ahead.waits(bot, self.state, due.seat):
                return None
        return due

    def _resume(self, at: float) -> Step:
        """The pause between two hands is over."""
        self._pause_until = None
        self._ready = set()
        self._since = at
        return Step(StepKind.RESUMED, -1, None, at, self.state)

    def _do(self, due: Due) -> list[Step]:
        at, kind, seat = due
        if kind == RESUME:
            return [self._resume(at)]
        if kind == SETTLE:
            return [self._settle(at)]
        game = self.game
        if kind == REACT:
            window = self._window
            assert window is not None
            reaction = window.queue.pop(0)[3]
            assert reaction is not None
            # A bot's reaction stands only while it is still legal in the same window,
            # and while a catch is held only the liable player's UNO may still come
            # first (P13): another bot's catch of the same player lapses.
            if reaction not in game.legal_actions(seat) or (
                self._held is not None and self._held_refusal(seat, reaction) is not None
            ):
                return []
            return self._accept(seat, reaction, at, Chooser.BOT, None)
        bot = self.seats.mover(seat, kind == TIMEOUT)
        chooser = Chooser.BOT if bot is self.seats.bots.get(seat) else Chooser.STAND_IN
        steps: list[Step] = []
        self._bot_move(seat, bot, chooser, at, steps)
        return steps

    def _reading(self, seat: int) -> HandReading:
        """What ``seat``'s search bot has read of the hand so far (kept between its
        decisions)."""
        reading = self._readings.get(seat)
        if reading is None:
            reading = self._readings[seat] = HandReading(seat)
        return reading

    def _bot_move(
        self, seat: int, bot: Bot, chooser: Chooser, at: float, steps: list[Step]
    ) -> None:
        """``bot`` decides for ``seat``, which the game waits for, at time ``at``; its
        steps are added to ``steps`` (no list of their own: this is every simulated
        move's path)."""
        game = self.game
        ahead = self._ahead
        # A search bot's decision may have been worked out ahead, off a front-end's loop.
        choice = None if ahead.decision is None else ahead.take(self.state, seat)
        if choice is None:
            if isinstance(bot, ActionPicker):
                choice = bot.choose_among(game.legal_actions(seat))  # a call, no lookup
            elif (among := getattr(bot, "choose_among", None)) is not None:
                choice = among(game.legal_actions(seat))
            elif (decide := getattr(bot, "decide", None)) is not None:
                choice = decide(Sampler(game, seat, self._reading(seat)))  # what it knows
            else:
                choice = bot.choose(view(game, seat))
        try:
            if self._direct and choice.kind is not _CATCH and self._held is None:
                steps.append(self._apply(seat, choice, at, chooser))  # the common case
            else:
                steps += self._accept(seat, choice, at, chooser, None)
        except IllegalAction as exc:
            raise RuntimeError(f"the bot of seat {seat} chose {choice}: {exc}") from exc


def play_out(
    match: Match, *, limit: int | None = None, stop: Callable[[], bool] | None = None
) -> int:
    """Let a match whose every seat is a bot play on (at instant timing) until it ends,
    ``stop`` returns true, or ``limit`` actions; return the number of actions applied."""
    steps = match.advance(math.inf, limit=limit, stop=stop)
    return sum(1 for step in steps if step.kind is StepKind.APPLIED)
