"""The table: where a match is played.

The screen shows one seat's view (the *viewer*: the human whose decision is awaited, or a
spectator when only bots play), offers that seat's legal actions as keys, buttons and
prompts, and plays the bots on timers so that things happen at a human pace.

The rules of the table — who may act, in which order reactions are settled, when a
bot moves or says UNO or catches someone — are the session's
:class:`~unoattack.engine.match.Match`'s, timed by the :class:`Pace`. The screen owns
two things, both scheduled through :meth:`TableScreen._later` (a zero delay runs at once,
in order, which makes :meth:`Pace.instant` deterministic):

- *the table's clock*: seconds that pass only while the table is idle (it stands still
  while an animation, a dialog or an end-of-hand screen is shown, as the players' eyes
  are there). The screen hands the match the player's actions with that time, and wakes
  the match when :meth:`Match.next_due` says: a bot's move after its thinking time, a
  bot's reaction after its reaction time. A human can beat a bot, and can be beaten.
- *steps*: after every action its events are revealed one by one, with the launcher's
  animation for each press and the end-of-hand and end-of-match screens in between.
"""

from __future__ import annotations

import math
import random
import time
from collections import deque
from collections.abc import Callable, Mapping
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.notifications import Notification, Notify
from textual.screen import Screen
from textual.widgets import Button, Static

from unoattack.bots.ismcts import COACH_SECONDS, MoveEstimate, about_even, coach
from unoattack.engine import SPECTATOR, Action, ActionKind, Game, IllegalAction, Phase, View
from unoattack.engine.actions import PRESS, SAY_UNO, STOP, catch
from unoattack.engine.determinize import Sampler
from unoattack.engine.events import (
    HandVoid,
    HandWon,
    MatchWon,
    PlayerEliminated,
    Pressed,
    TurnStarted,
)
from unoattack.engine.explain import play_to_explain
from unoattack.engine.match import Search, Step, StepKind
from unoattack.engine.view import PressDuty
from unoattack.rules import Card, Colour
from unoattack.tui.dialogs import (
    ColourDialog,
    HandOverScreen,
    HelpScreen,
    MatchOverScreen,
    PassScreen,
    TargetDialog,
)
from unoattack.tui.narrate import describe, say_action
from unoattack.tui.rulebook import edition_rules
from unoattack.tui.session import SPEEDS, Pace, Session
from unoattack.tui.widgets import EventLog, HandBox, HandView, Key, KeyLine, TopPanels, chip

Reveal = Callable[[], float | None]  # a step of the story; how long until the next
_FRAMES = "◐◓◑◒"
#: Events looked back through for the prompt's details (a bonus turn).
_RECENT = 200
#: How long the reason for a refusal stays up: long enough to read a sentence.
_REFUSAL_SECONDS = 6.0
#: The footer's keys in their order (``key.NAME`` in the words), and those a button of
#: the table shows as well (Press, UNO!, Catch, Help), which give way on a narrow screen.
_KEYS = ("move", "play", "press", "stop", "uno", "catch", "hint", "undo", "speed", "help", "quit")
_BUTTONED_KEYS = frozenset({"press", "uno", "catch", "help"})


class TableClock:
    """Seconds of idle table: a monotonic clock that stands still while paused."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._start = clock()
        self._paused_at: float | None = None
        self._paused_for = 0.0

    def now(self) -> float:
        end = self._clock() if self._paused_at is None else self._paused_at
        return end - self._start - self._paused_for

    def pause(self) -> None:
        if self._paused_at is None:
            self._paused_at = self._clock()

    def resume(self) -> None:
        if self._paused_at is not None:
            self._paused_for += self._clock() - self._paused_at
            self._paused_at = None


class TableScreen(Screen[None]):
    """A match in play. See the module docstring for how time flows."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "press", show=False),
        Binding("space", "press", show=False),
        Binding("u", "uno", show=False),
        Binding("c", "catch", show=False),
        Binding("h", "hint", show=False),
        Binding("z", "undo", show=False),
        Binding("f", "speed", show=False),
        Binding("s", "stop", show=False),
        Binding("question_mark", "help", show=False),
        Binding("f1", "help", show=False),
        Binding("q", "quit", show=False),
    ]

    def __init__(self, session: Session, pace: Pace) -> None:
        super().__init__()
        self.session = session
        self.match = session.match
        self.pace = pace
        self.tr = session.tr
        self.names = [session.name(s) for s in range(self.game.n)]
        humans = session.humans
        self.match.set_timing(pace.timing(people=bool(humans)))
        # With one human there is nobody to hide the hand from; with several, the first
        # one to play is asked for the keyboard (viewer None until then).
        self.viewer: int | None = (
            SPECTATOR if not humans else humans[0] if len(humans) == 1 else None
        )
        # Several people at this keyboard: the story names each of them, as "you" would
        # be whoever looks at the screen.
        self.hot_seat = len(humans) > 1
        self.clock = TableClock()
        self._wakes = 0  # bumped by every wake scheduled: an older one does nothing
        self._thinking: tuple[int, int] | None = None  # (state, seat) searched on a thread
        self._coaching = False  # the coach is working out a hint
        self.hints_shown: list[str] = []  # every hint the coach gave, as shown
        self._due: deque[Callable[[], None]] = deque()
        self._draining = False
        self._steps: deque[Reveal] = deque()
        self._is_stepping = False
        self._is_interlude = False  # a screen hides the table (pass, hand over, help...)
        self._asking_colour = False
        self._shown = self.match.log_size  # events revealed so far
        self._lines: list[str] = []
        self._hidden: list[Card] = []  # cards still flying to the viewer's hand
        self._animation: Text | None = None
        self._uno_armed = False
        self.bells = 0  # times the bell rang (the launcher fired)
        self._mounted = False
        self._told_save_error = False
        # The match's state when the viewer was last told why a key was refused: the
        # reason may no longer hold once the match has moved on (see :meth:`_pump`).
        self._refused_in_state: int | None = None
        self._refusals: list[Notification] = []  # their notices, withdrawn together
        self._hint: Notification | None = None  # the coach's, withdrawn once play moves on
        # Whether the viewer was told, while the last moves are being shown, that its keys
        # wait for the end of the showing (once a showing: see :meth:`_ready_for_input`).
        self._told_showing = False

    @property
    def game(self) -> Game:
        """The game at this table (a new object after a take-back rewinds it)."""
        return self.match.game

    # The table's clock runs only while the table is idle: these two flags stop it.

    @property
    def _stepping(self) -> bool:
        return self._is_stepping

    @_stepping.setter
    def _stepping(self, value: bool) -> None:
        self._is_stepping = value
        if not value:
            self._told_showing = False
        self._sync_clock()

    @property
    def _interlude(self) -> bool:
        return self._is_interlude

    @_interlude.setter
    def _interlude(self, value: bool) -> None:
        self._is_interlude = value
        self._sync_clock()

    def _sync_clock(self) -> None:
        if self.busy:
            self.clock.pause()
        else:
            self.clock.resume()

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        tr = self.tr
        yield Static(id="status")
        yield TopPanels(id="top")
        yield EventLog(id="log")
        yield Static(id="prompt")
        with HandBox(id="hand-box"):
            yield HandView(tr, id="hand")
        with Horizontal(id="actions"):
            yield Button(tr("btn.press"), id="press", classes="act")
            yield Button(tr("btn.stop"), id="stop", classes="act")
            yield Button(tr("btn.uno"), id="uno", classes="act uno")
            yield Button("", id="catch", classes="act catch")
            yield Button(tr("btn.help"), id="help", classes="act")
        yield KeyLine(self.keys, id="keys")

    @property
    def keys(self) -> list[Key]:
        """The footer's keys, those that apply at this table (:attr:`unused_keys`)."""
        unused = self.unused_keys
        return [
            Key(self.tr(f"key.{name}"), button=name in _BUTTONED_KEYS)
            for name in _KEYS
            if name not in unused
        ]

    @property
    def unused_keys(self) -> frozenset[str]:
        """The keys this table has no use for, which the footer and the help leave out:
        S where a presser may not stop, H where hints are off, Z but for a player alone
        against bots."""
        humans = self.session.humans
        applies = {
            "stop": self.game.options.stop_after_fire == "choose",
            "hint": self.session.hints and bool(humans),
            "undo": len(humans) == 1,
        }
        return frozenset(name for name, used in applies.items() if not used)

    def on_mount(self) -> None:
        self._mounted = True
        self.query_one("#log", EventLog).border_title = self.tr("log")
        self.query_one("#hand", HandView).focus()
        self._relog()
        self._pump()
        self._drain()

    # ------------------------------------------------------------------ time

    def _later(self, delay: float, fn: Callable[[], None]) -> None:
        """Run ``fn`` after ``delay`` seconds; at once (in order) when it is zero."""
        if delay <= 0:
            self._due.append(fn)
            return

        def fire() -> None:
            fn()
            self._drain()

        self.set_timer(delay, fire)

    def _drain(self) -> None:
        """Run what is due now, then save the record. Every entry point ends here."""
        if self._draining:
            return
        self._draining = True
        try:
            while self._due:
                self._due.popleft()()
        finally:
            self._draining = False
        self.session.save()
        if self.session.save_error and not self._told_save_error:
            self._told_save_error = True
            self.notify(self.session.save_error, severity="error", timeout=10)

    def _note(self, text: str) -> None:
        """A short notice for a key that does nothing now."""
        self.notify(text, timeout=2.5)

    @property
    def busy(self) -> bool:
        return self._is_stepping or self._is_interlude

    # ------------------------------------------------------------------ acting

    def _act(self, seat: int, action: Action) -> bool:
        """A human's action, handed to the match with the table's time."""
        try:
            steps = self.session.apply(action, seat, self.clock.now())
        except IllegalAction as exc:
            self._refuse(exc.reason, exc.details)
            return False
        self._show(steps)
        return True

    def _explain(self, seat: int, action: Action) -> None:
        """The viewer reached for ``action``, which the table does not offer now: say why.
        What the table offers is exactly what it would take, so the match refuses it."""
        refusal = self.match.refusal(seat, action)
        assert refusal is not None, f"the table offers no {action} yet would take it"
        self._refuse(refusal.reason, refusal.details)

    def _refuse(self, reason: str, details: Mapping[str, str | int]) -> None:
        """Say why the table refused the viewer's action, and what to do instead, from
        the engine's reason key and details, in the table's language."""
        text = self.tr.refusal(reason, details, self.names)
        # Posted as App.notify does, keeping the notice: it can then be withdrawn alone.
        notice = Notification(text, "", "warning", _REFUSAL_SECONDS)
        self.app.post_message(Notify(notice))
        self._refusals.append(notice)
        self._refused_in_state = self.match.state

    def _withdraw_refusals(self) -> None:
        """Take down the refusals' notices, and only them: a coach's hint or a save error
        shown beside them stays."""
        for notice in self._refusals:
            # Textual has no public call to withdraw one notice; a toast clicked away
            # withdraws itself with this one.
            self.app._unnotify(notice)
        self._refusals.clear()

    def _withdraw_hint(self) -> None:
        if self._hint is not None:
            self.app._unnotify(self._hint)
            self._hint = None

    def _show(self, steps: list[Step]) -> None:
        """Tell what the match did, then go on (:meth:`_pump` once the story is told)."""
        told = False
        for step in steps:
            if step.kind is StepKind.APPLIED:
                self._animation = None
                self._withdraw_hint()  # its moves were for the position before
                if step.seat == self.viewer:
                    self._uno_armed = False
                self._queue_steps(step)
                told = True
        if not told:
            self._pump()

    def _queue_steps(self, step: Step) -> None:
        start = step.log_start
        events = self.match.step_events(step, self._viewer_seat)
        hand_over: tuple[int, HandWon, list[int]] | None = None
        ends_match = any(isinstance(event, MatchWon) for event in events)
        for offset, event in enumerate(events):
            if isinstance(event, Pressed):
                self._steps.extend(self._press_steps(event))
            self._steps.append(self._reveal_step(start + offset + 1))
            if isinstance(event, HandWon):
                # The hand's screen comes once the eliminations that follow are told.
                end, eliminated = offset, []
                while end + 1 < len(events) and isinstance(events[end + 1], PlayerEliminated):
                    end += 1
                    eliminated.append(events[end].seat)  # type: ignore[attr-defined]
                hand_over = (end, event, eliminated)
            if isinstance(event, HandVoid):  # P08: a dead hand has its screen too
                self._steps.append(self._hand_over_step(event, [], ends_match))
            if hand_over is not None and hand_over[0] == offset:
                self._steps.append(self._hand_over_step(hand_over[1], hand_over[2], ends_match))
                hand_over = None
            if isinstance(event, MatchWon):
                self._steps.append(self._match_over_step(event))
        if not self._stepping:
            self._run_steps()

    def _run_steps(self) -> None:
        self._stepping = True
        while self._steps:
            delay = self._steps.popleft()()
            self._redraw()
            if delay is None:
                return  # an interlude is open; closing it resumes the steps
            if delay > 0:
                self._later(delay, self._run_steps)
                return
        self._stepping = False
        self._pump()

    def _reveal_step(self, upto: int) -> Reveal:
        def step() -> float:
            self._reveal(upto)
            return 0.0

        return step

    def _press_steps(self, event: Pressed) -> list[Reveal]:
        """The launcher whirrs, then dings or fires, and the cards come out one by one."""
        tr, pace = self.tr, self.pace
        if event.seat == self._viewer_seat and not self.hot_seat:
            pressing = tr("launcher.press.you")
        else:
            pressing = tr("launcher.press", who=self.names[event.seat])
        mine = event.for_seat(self._viewer_seat)
        assert isinstance(mine, Pressed)
        cards = list(mine.cards or ())
        total = event.count + event.stuck
        steps: list[Reveal] = []

        def whirr(frame: int) -> Reveal:
            def step() -> float:
                if frame == 0 and cards:
                    self._hidden.extend(cards)
                self._animation = Text(f"{pressing} {_FRAMES[frame]}")
                return pace.whirr

            return step

        steps.extend(whirr(frame) for frame in range(len(_FRAMES)))

        if not event.fired and not event.stuck:

            def ding() -> float:
                self._animation = Text(tr("launcher.ding"), style="dim")
                return pace.card

            return [*steps, ding]

        def fire() -> float:
            self._ring()
            key = "launcher.misfire" if event.misfired else "launcher.fire"
            self._animation = Text(tr(key), style="bold #ffab40")
            return pace.card

        steps.append(fire)

        def arrive(n: int) -> Reveal:
            def step() -> float:
                assert self._animation is not None
                self._animation.append(" ")
                if cards:
                    card = cards[n]
                    if card in self._hidden:
                        self._hidden.remove(card)
                    self._animation.append_text(chip(card, tr))
                else:
                    self._animation.append("▮", style="bold #90caf9")
                return pace.card

            return step

        steps.extend(arrive(n) for n in range(total))
        return steps

    def _ring(self) -> None:
        self.bells += 1
        if self.pace.bell:
            self.app.bell()

    def _hand_over_step(
        self, event: HandWon | HandVoid, eliminated: list[int], last: bool
    ) -> Reveal:
        def step() -> None:
            self._interlude = True
            screen = HandOverScreen(
                self.tr,
                event,
                self.names,
                self._second_person,
                self.game.options.scoring_mode,
                eliminated,
                last=last,
            )
            self.app.push_screen(screen, lambda _: self._interlude_done())

        return step

    @property
    def _second_person(self) -> int:
        """The seat the end-of-hand and end-of-match screens call "you": the viewer's,
        but nobody's in hot-seat, where "you" would be whoever looks at the screen."""
        return SPECTATOR if self.hot_seat else self._viewer_seat

    def _match_over_step(self, event: MatchWon) -> Reveal:
        def step() -> None:
            self._interlude = True
            eliminations = []
            hand = 0
            for e in self.match.events(SPECTATOR):
                if isinstance(e, HandWon):
                    hand = e.hand_number
                elif isinstance(e, PlayerEliminated):
                    eliminations.append((e.seat, hand, e.score))
            screen = MatchOverScreen(self.tr, event, self.names, self._second_person, eliminations)
            self.app.push_screen(screen, self._match_done)

        return step

    def _interlude_done(self) -> None:
        self._interlude = False
        self._redraw()
        if self._stepping:
            self._run_steps()
        else:
            self._pump()
        self._drain()

    def _match_done(self, choice: str | None) -> None:
        self._interlude = False
        if choice == "new":
            new_game = getattr(self.app, "new_game", None)
            if callable(new_game):
                new_game()
                return
        self.app.exit()

    # ------------------------------------------------------------------ the match's time

    def _pump(self) -> None:
        """Decide what happens next: wait for a human, pass the keyboard, or wake the
        match when it next has something to do (a bot's move or reaction)."""
        if self.busy:
            return
        match = self.match
        if match.is_over:
            self._redraw()
            return
        if match.paused_until is not None:
            # The end of the hand has been told (its screen closed, if it had one): the
            # players at this keyboard are ready for the next hand.
            for human in self.session.humans:
                match.ready(human, now=self.clock.now())
        seat = match.deciding
        if seat is not None and self.session.is_human(seat):
            if seat != self.viewer:
                self._pass_keyboard(seat)
                return
            if self._refused_in_state not in (None, match.state):
                # A refusal from before ("it is not your turn: Bot 1 is to act") would
                # contradict the prompt now that the viewer's turn has come.
                self._refused_in_state = None
                self._withdraw_refusals()
            if self.game.phase is Phase.CHOOSE_COLOUR:
                self._ask_start_colour()
        search = match.upcoming_search()
        if search is not None:
            self._think(search)
        due = match.next_due()
        if due is not None:
            self._wakes += 1
            wake = self._wakes
            self._later(max(0.0, due - self.clock.now()), lambda: self._wake(wake))
        self._redraw()

    def _think(self, search: Search) -> None:
        """A search bot's decision, worked out on a thread while the table stays live;
        the match makes the move once it is prepared (and its time has come)."""
        key = (search.state, search.seat)
        if self._thinking == key:
            return
        self._thinking = key

        def done(action: Action) -> None:
            if self._thinking == key:
                self._thinking = None
            self.match.prepare(search, action)
            self._pump()
            self._drain()

        def work() -> None:
            action = search.bot.decide(search.knowledge)
            self.app.call_from_thread(done, action)

        self.run_worker(work, thread=True, group="search", exit_on_error=True)

    def _wake(self, wake: int) -> None:
        """The match has something due: let it do the next thing, and tell it."""
        if wake != self._wakes or self.busy:
            return  # a newer wake is scheduled, or the table is busy (it pumps again)
        steps = self.session.advance(self.clock.now())
        if steps:
            self._show(steps)
        else:
            self._pump()

    # ------------------------------------------------------------------ hot-seat

    def _pass_keyboard(self, seat: int) -> None:
        self._interlude = True

        def ready(_: None) -> None:
            self.viewer = seat
            self._hidden = []
            self._animation = None  # it showed the last viewer's cards coming out
            self._uno_armed = False
            self._relog()
            self._interlude = False
            self._pump()
            self.query_one("#hand", HandView).focus()
            self._drain()

        self.app.push_screen(PassScreen(self.tr, self.names[seat]), ready)

    def _ask_start_colour(self) -> None:
        if self._asking_colour:
            return
        seat = self._viewer_seat
        colours = [
            a.colour
            for a in self.session.legal(seat)
            if a.kind is ActionKind.CHOOSE_COLOUR and a.colour is not None
        ]
        if not colours:
            return
        self._asking_colour = True

        def chosen(colour: Colour | None) -> None:
            self._asking_colour = False
            match = [
                a
                for a in self.session.legal(seat)
                if a.kind is ActionKind.CHOOSE_COLOUR and a.colour is colour
            ]
            if match:
                self._act(seat, match[0])
            self._pump()
            self._drain()

        dialog = ColourDialog(self.tr, colours, self.tr("prompt.colour"), cancel=False)
        self.app.push_screen(dialog, chosen)

    # ------------------------------------------------------------------ the human

    @property
    def _viewer_seat(self) -> int:
        return SPECTATOR if self.viewer is None else self.viewer

    def _legal(self) -> tuple[Action, ...]:
        return self.session.legal(self._viewer_seat)

    def _ready_for_input(self) -> bool:
        """Whether the viewer's keys act now. Not while the last moves are still being
        shown (cards flying out of the launcher): the match's state on screen is behind,
        so a key then is answered with a note, once a showing, rather than ignored
        without a word."""
        if self._viewer_seat == SPECTATOR or self._is_interlude:
            return False
        if self._is_stepping:
            if not self._told_showing:
                self._told_showing = True
                self._note(self.tr("note.showing"))
            return False
        return True

    def on_hand_view_chosen(self, message: HandView.Chosen) -> None:
        message.stop()
        if self._ready_for_input():
            self._play(message.card)
        self._drain()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        actions: dict[str, Callable[[], None]] = {
            "press": self.action_press,
            "stop": self.action_stop,
            "uno": self.action_uno,
            "catch": self.action_catch,
            "help": self.action_help,
        }
        handler = actions.get(event.button.id or "")
        if handler is not None:
            handler()
        self.query_one("#hand", HandView).focus()

    def _play(self, card: Card) -> None:
        seat = self._viewer_seat
        plays = [a for a in self._legal() if a.kind is ActionKind.PLAY and a.card == card]
        if not plays:
            self._explain(seat, play_to_explain(self.game, card, seat))
            return
        with_uno = [a for a in plays if a.uno]
        without = [a for a in plays if not a.uno]
        plays = with_uno if self._uno_armed and with_uno else without or plays
        colours = sorted({a.colour for a in plays if a.colour is not None})
        targets = sorted({a.target for a in plays if a.target is not None})

        def finish(colour: Colour | None, target: int | None) -> None:
            for action in plays:
                if (colour is None or action.colour is colour) and (
                    target is None or action.target == target
                ):
                    self._uno_armed = False
                    self._act(seat, action)
                    break
            self._drain()

        def pick_target(colour: Colour | None) -> None:
            if len(targets) <= 1:
                finish(colour, targets[0] if targets else None)
                return
            options = [
                (t, f"{self.names[t]} · {self.tr.count('card', count)}")
                for t, count in ((t, self.match.view(seat).hand_counts[t]) for t in targets)
            ]
            dialog = TargetDialog(self.tr, options, self.tr("dlg.target", card=self.tr.card(card)))

            def chosen(target: int | None) -> None:
                if target is not None:
                    finish(colour, target)

            self.app.push_screen(dialog, chosen)

        if len(colours) > 1:
            title = self.tr("dlg.colour.for", card=self.tr.card(card))

            def chosen_colour(colour: Colour | None) -> None:
                if colour is not None:
                    pick_target(colour)

            self.app.push_screen(ColourDialog(self.tr, colours, title, cancel=True), chosen_colour)
        else:
            pick_target(colours[0] if colours else None)

    def _simple(self, action: Action | None, kind: ActionKind) -> None:
        """The key of an action of ``kind``: the legal one, or why ``action`` (that kind's
        action, None when there is none to ask about) is refused."""
        if not self._ready_for_input():
            return
        seat = self._viewer_seat
        found = [a for a in self._legal() if a.kind is kind]
        if found:
            self._act(seat, found[0])
        elif action is not None:
            self._explain(seat, action)
        else:
            # The engine's reason for a catch of nobody: no seat (-1) can be caught now.
            self._refuse("not_catchable", {"seat": -1})
        self._drain()

    def action_press(self) -> None:
        self._simple(PRESS, ActionKind.PRESS)

    def action_stop(self) -> None:
        self._simple(STOP, ActionKind.STOP)

    def action_catch(self) -> None:
        liable = self.game.uno_seat
        self._simple(catch(liable) if liable >= 0 else None, ActionKind.CATCH)

    def action_uno(self) -> None:
        if not self._ready_for_input():
            return
        legal = self._legal()
        seat = self._viewer_seat
        if any(a.kind is ActionKind.SAY_UNO for a in legal):
            self._act(seat, next(a for a in legal if a.kind is ActionKind.SAY_UNO))
        elif any(a.kind is ActionKind.PLAY and a.uno for a in legal):
            self._uno_armed = not self._uno_armed
            self._note(self.tr("note.uno_armed" if self._uno_armed else "note.uno_disarmed"))
            self._redraw()
        else:
            self._explain(seat, SAY_UNO)
        self._drain()

    def action_hint(self) -> None:
        """The coach's three best moves for the viewer's decision, searched on a thread
        from what the viewer's seat knows (a :class:`Sampler` of it, and nothing more)."""
        if not self._ready_for_input():
            return
        tr = self.tr
        seat = self._viewer_seat
        if not self.session.hints:
            self._note(tr("hint.off"))
            return
        if self.match.deciding != seat or self._coaching:
            if not self._coaching:
                self._note(tr("hint.not_yours"))
            return
        self._coaching = True
        knowledge = Sampler(self.game, seat)
        state = self.match.state
        names = self.names.__getitem__
        self.notify(tr("hint.thinking"), timeout=COACH_SECONDS + 1)

        def told(moves: tuple[MoveEstimate, ...]) -> None:
            self._coaching = False
            if self.match.state != state:
                return  # the table moved on while the coach thought
            if len(moves) == 1 and math.isnan(moves[0].win_chance):
                text = tr("hint.only", move=say_action(moves[0].action, names, tr))
            else:
                text = "\n".join(
                    tr(
                        "hint.line",
                        rank=rank,
                        move=say_action(move.action, names, tr),
                        chance=f"{move.win_chance:.0%}",
                    )
                    for rank, move in enumerate(moves, start=1)
                )
                if about_even(moves):
                    text += "\n" + tr("hint.even")
            self.hints_shown.append(text)
            # Posted as App.notify does, keeping the notice to withdraw it alone.
            self._hint = Notification(text, tr("hint.title"), "information", 15)
            self.app.post_message(Notify(self._hint))

        def work() -> None:
            moves = coach(knowledge, random.Random(state))
            self.app.call_from_thread(told, moves)

        self.run_worker(work, thread=True, group="coach", exit_on_error=True)

    def action_undo(self) -> None:
        """Take back the viewer's last move and the bots' answers: only alone against
        bots, in the hand being played (the match judges; its refusal is told)."""
        if not self._ready_for_input():
            return
        tr = self.tr
        if self._thinking is not None:
            self._note(tr("undo.wait"))
            return
        try:
            took = self.session.take_back(self._viewer_seat, self.clock.now())
        except IllegalAction as exc:
            self._refuse(exc.reason, exc.details)
            return
        # What was on its way to the screen belonged to the moves just undone.
        self._wakes += 1
        self._steps.clear()
        self._animation = None
        self._hidden = []
        self._uno_armed = False
        self._shown = self.match.log_size
        self._relog()
        move = say_action(Action.parse(took.undone[0][1]), self.names.__getitem__, tr)
        self._lines.append(tr("undo.done", move=move))
        self._pump()
        self._drain()

    def action_speed(self) -> None:
        """The next speed (normal, fast, instant, then normal again), from now on: the
        bots' thinking and reactions and the launcher's animation."""
        current = self.pace.speed
        following = SPEEDS[(SPEEDS.index(current) + 1) % len(SPEEDS)] if current else "normal"
        self.pace = Pace.named(following, bell=self.pace.bell)
        self.match.set_timing(self.pace.timing(people=bool(self.session.humans)))
        self._note(self.tr("speed.now", speed=self.tr(f"speed.{following}")))
        self._pump()
        self._drain()

    def action_help(self) -> None:
        if self._interlude:
            return
        self._interlude = True
        # A notification is drawn above every screen: the coach's hint would cover the
        # help (H asks for it again).
        self._withdraw_hint()
        edition = self.game.edition
        rules, from_doc = edition_rules(edition)
        title = self.tr.edition_title(edition)

        def closed(_: None) -> None:
            self._interlude = False
            self._pump()
            self._drain()

        help_screen = HelpScreen(self.tr, title, rules, from_doc, unused=self.unused_keys)
        self.app.push_screen(help_screen, closed)

    def action_quit(self) -> None:
        self.session.save()
        self.app.exit()

    # ------------------------------------------------------------------ drawing

    @property
    def log_lines(self) -> list[str]:
        """The event log as shown so far, oldest first."""
        return list(self._lines)

    @property
    def prompt_text(self) -> str:
        return self._prompt(self.match.view(self._viewer_seat)).plain

    def _reveal(self, upto: int) -> None:
        viewer = self._viewer_seat
        name = self.names.__getitem__
        for event in self.match.events(viewer, self._shown, upto):
            line = describe(event, viewer, name, self.tr, second_person=not self.hot_seat)
            if line:
                self._lines.append(line)
        self._shown = max(self._shown, upto)

    def _relog(self) -> None:
        """Tell the story so far again, as the (new) viewer may see it."""
        viewer = self._viewer_seat
        name = self.names.__getitem__
        lines = []
        for event in self.match.events(viewer, 0, self._shown):
            line = describe(event, viewer, name, self.tr, second_person=not self.hot_seat)
            if line:
                lines.append(line)
        self._lines = lines[-EventLog.LIMIT :]

    def _redraw(self) -> None:
        if not self._mounted:
            return
        v = self.match.view(self._viewer_seat)
        tr = self.tr
        edition = self.game.edition
        options = self.game.options
        goal = tr(f"goal.{options.scoring_mode}", target=options.target_score)
        if v.dealer == v.seat and not self.hot_seat:
            dealer = tr("status.dealer.you")
        else:
            dealer = tr("status.dealer", who=self.names[v.dealer])
        self.query_one("#status", Static).update(
            tr(
                "status",
                title=tr.edition_title(edition),
                hand=v.hand_number,
                dealer=dealer,
                goal=goal,
            )
        )
        self.query_one(TopPanels).show(v, self.names, tr, self._viewer_seat, self._animation)
        self.query_one("#log", EventLog).show(self._lines)
        legal = list(v.legal_actions)
        playable = frozenset(a.card for a in legal if a.kind is ActionKind.PLAY and a.card)
        hand = self.query_one("#hand", HandView)
        if v.seat == SPECTATOR:
            hand.show(None, frozenset(), placeholder=tr("hand.spectator"))
            self.query_one(HandBox).border_title = tr("seats")
        else:
            hand.show(v.hand, playable if not self.busy else frozenset(), self._hidden)
            count = len(v.hand or ())
            summary = tr(
                "hand.summary",
                cards=tr.count("card", count),
                playable=tr.count("playable", len(playable)),
            )
            title = tr("hand.of", who=self.names[v.seat]) if self.hot_seat else tr("hand")
            self.query_one(HandBox).border_title = f"{title} — {summary}"
        # The prompt speaks of the table as it is now; while the log is still telling how
        # it got there (a firing being animated), it would run ahead of the story.
        telling = self._shown < self.match.log_size
        self.query_one("#prompt", Static).update(Text("…") if telling else self._prompt(v))
        kinds = {a.kind for a in legal}
        self.query_one("#press", Button).disabled = ActionKind.PRESS not in kinds
        self.query_one("#stop", Button).display = ActionKind.STOP in kinds
        catch = self.query_one("#catch", Button)
        catch.display = ActionKind.CATCH in kinds
        if v.catchable is not None:
            catch.label = tr("btn.catch", who=self.names[v.catchable])
        uno = self.query_one("#uno", Button)
        uno.set_class(self._uno_armed or ActionKind.SAY_UNO in kinds, "armed")

    def _prompt(self, v: View) -> Text:
        tr = self.tr
        legal = list(v.legal_actions)
        kinds = {a.kind for a in legal}
        text = Text()
        if v.phase == "match_over":
            return Text(tr("prompt.over"), style="bold")
        seat = v.to_act
        assert seat is not None
        if v.seat == SPECTATOR and not self.session.humans:
            text.append(tr("prompt.spectator") + " ")
        if seat != v.seat:
            name = self.names[seat]
            if v.phase == "pressing" and v.duties:
                duty = v.duties[0]
                left = tr.times(0) if duty.until_fire else tr.count("press", duty.presses)
                text.append(tr("prompt.watch.press", who=name, left=left))
            elif v.phase == "choose_colour":
                text.append(tr("prompt.watch.colour", who=name))
            else:
                text.append(tr("prompt.watch", who=name))
        elif v.phase == "choose_colour":
            text.append(tr("prompt.colour"), style="bold")
        elif v.phase == "pressing" and v.duties:
            duty = v.duties[0]
            reason = self._press_reason(duty)
            if duty.until_fire:
                text.append(tr("prompt.press.fire", reason=reason), style="bold")
            else:
                left = tr.count("press", duty.presses)
                text.append(tr("prompt.press", left=left, reason=reason), style="bold")
            if ActionKind.PLAY in kinds:
                text.append(tr("prompt.stack"), style="bold")
            if ActionKind.STOP in kinds:
                text.append(tr("prompt.stop"))
        elif ActionKind.PLAY not in kinds:
            text.append(tr("prompt.turn.none"), style="bold")
        elif self._bonus_turn(seat):
            text.append(tr("prompt.bonus"), style="bold")
        else:
            text.append(tr("prompt.turn"), style="bold")
        if ActionKind.CATCH in kinds and v.catchable is not None:
            text.append(tr("prompt.catch", who=self.names[v.catchable]), style="bold #ff5252")
        if ActionKind.SAY_UNO in kinds:
            text.append(tr("prompt.liable"), style="bold #fdd835")
        if self._uno_armed:
            text.append(tr("prompt.uno_armed"), style="bold #fdd835")
        return text

    def _press_reason(self, duty: PressDuty) -> str:
        key = f"reason.{duty.reason}"
        return self.tr(key) if self.tr.has(key) else ""

    def _bonus_turn(self, seat: int) -> bool:
        for event in reversed(self.match.events(self._viewer_seat, -_RECENT)):
            if isinstance(event, TurnStarted):
                return event.seat == seat and event.bonus
        return False
