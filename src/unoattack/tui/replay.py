"""Step through a recorded match, forward and back, as a spectator or as one seat.

Step ``k`` is the game after the record's first ``k`` actions (``Record.replay(upto=k)``);
stepping forward applies one more action, stepping back replays from the deal. The last
action is told in words, as the table's log tells it (its first line, for the viewer).
The viewer is its own app (``unoattack replay FILE``) or a screen over the recent
matches, to which Q goes back.

A replay is watched afterwards, perhaps by someone else than the player of the seat it
views from: every seat is named by its player's name, that one too ("Player 1 plays",
never "You play"), as at a keyboard passed between players.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

from unoattack.engine import SPECTATOR, Action, Game, Record, view
from unoattack.engine.events import Event
from unoattack.engine.game import REFEREE
from unoattack.engine.view import log_for, log_size
from unoattack.tui.i18n import Tr
from unoattack.tui.narrate import describe, say_action
from unoattack.tui.widgets import EventLog, HandBox, HandView, Key, KeyLine, TopPanels

#: The footer's keys that step, in pairs: one action (←→), ten (PgUp/PgDn), to an end
#: (Home/End); ``replay.key.NAME`` in the words.
_STEP_KEYS = ("step", "ten", "end")


class ReplayScreen(Screen[None]):
    """A recorded match: ←/→ one action, PgUp/PgDn ten, Home/End, V another seat; Q
    leaves the app, or with ``back`` goes back to the screen underneath."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "step(1)", show=False, priority=True),
        Binding("n", "step(1)", show=False, priority=True),
        Binding("left", "step(-1)", show=False, priority=True),
        Binding("b", "step(-1)", show=False, priority=True),
        Binding("pagedown", "step(10)", show=False, priority=True),
        Binding("pageup", "step(-10)", show=False, priority=True),
        Binding("end", "step(1000000)", show=False, priority=True),
        Binding("home", "step(-1000000)", show=False, priority=True),
        Binding("v", "next_viewer", show=False, priority=True),
        Binding("q", "quit", show=False, priority=True),
        Binding("escape", "quit", show=False, priority=True),
    ]

    def __init__(
        self,
        record: Record,
        title: str,
        tr: Tr,
        viewer: int = SPECTATOR,
        names: list[str] | None = None,
        *,
        back: bool = False,
    ) -> None:
        super().__init__()
        self.back = back
        self.record = record
        self.names = names or [tr("player", n=s + 1) for s in range(record.players)]
        self.file_title = title
        self.tr = tr
        self.viewer = viewer
        self.total = len(record.actions)
        self.step = 0
        self.game: Game = record.replay(upto=0)
        #: Where the last action's events start in the game's log.
        self._last_action_start = 0

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        yield TopPanels(id="top")
        yield EventLog(id="log")
        yield Static(id="prompt")
        with HandBox(id="hand-box"):
            yield HandView(self.tr, id="hand", chooser=False)
        yield KeyLine(self.keys, id="keys")

    @property
    def keys(self) -> list[Key]:
        """The footer's keys, those that move the replay from this step: ← PgUp Home
        once past the deal, → PgDn End before the last step (each pair as one key when
        both of it do); V and Q always."""
        back, on = self.step > 0, self.step < self.total
        if back and on:
            moves = [f"replay.key.{pair}" for pair in _STEP_KEYS]
        elif back or on:
            way = "back" if back else "on"
            moves = [f"replay.key.{pair}.{way}" for pair in _STEP_KEYS]
        else:  # a record without an action: nowhere to step to
            moves = []
        quit_key = "replay.key.quit.back" if self.back else "replay.key.quit"
        return [Key(self.tr(key)) for key in [*moves, "replay.key.seat", quit_key]]

    def on_mount(self) -> None:
        self.query_one("#log", EventLog).border_title = self.tr("log")
        self._redraw()

    def go_to(self, step: int) -> None:
        """Show the game after ``step`` actions (clamped to the record)."""
        step = max(0, min(self.total, step))
        if step == self.step:
            return
        if step < self.step:
            self.game = self.record.replay(upto=max(0, step - 1))
            self.step = max(0, step - 1)
            self._last_action_start = 0
        for seat, text in self.record.actions[self.step : step]:
            self._last_action_start = log_size(self.game)
            # A referee's penalty (seat -1) goes through apply() as well.
            self.game.apply(Action.parse(text), seat)
        self.step = step
        self._redraw()

    def action_step(self, delta: int) -> None:
        self.go_to(self.step + delta)

    def action_next_viewer(self) -> None:
        # spectator -> seat 0 -> seat 1 -> ... -> spectator
        self.viewer = self.viewer + 1 if self.viewer + 1 < self.game.n else SPECTATOR
        self._redraw()

    def action_quit(self) -> None:
        if self.back:
            self.dismiss(None)
        else:
            self.app.exit()

    def _redraw(self) -> None:
        tr = self.tr
        v = view(self.game, self.viewer)
        names = self.names
        who = tr("replay.spectator") if self.viewer == SPECTATOR else names[self.viewer]
        status = Text(tr("replay.title", file=self.file_title), style="bold")
        status.append(f" · {tr('replay.step', k=self.step, n=self.total)}")
        status.append(f" · {tr('replay.viewer', who=who)}")
        self.query_one("#status", Static).update(status)
        self.query_one(KeyLine).show(self.keys)
        self.query_one(TopPanels).show(v, names, tr, self.viewer)
        lines = [
            line
            for event in log_for(self.game, self.viewer)
            if (line := self._describe(event)) is not None
        ]
        self.query_one("#log", EventLog).show(lines)
        prompt = tr("replay.last", action=self._last_action()) if self.step else tr("replay.start")
        self.query_one("#prompt", Static).update(prompt)
        hand = self.query_one("#hand", HandView)
        if self.viewer == SPECTATOR:
            hand.show(None, frozenset(), placeholder=tr("hand.spectator"))
            title = tr("replay.spectator")
        else:
            playable = frozenset(a.card for a in v.legal_actions if a.card is not None)
            hand.show(v.hand, playable)
            title = tr("hand.of", who=names[self.viewer])
        self.query_one(HandBox).border_title = title

    def _last_action(self) -> str:
        """The last action in words: the first line the log tells of it, for the viewer."""
        for event in log_for(self.game, self.viewer, self._last_action_start):
            line = self._describe(event)
            if line is not None:
                return line
        # Today every action has an event told in words; one without is told as the coach
        # would say it.
        seat, text = self.record.actions[self.step - 1]
        actor = self.tr("replay.referee") if seat == REFEREE else self.names[seat]
        return f"{actor}: {say_action(Action.parse(text), self.names.__getitem__, self.tr)}"

    def _describe(self, event: Event) -> str | None:
        """``event`` in words, as the viewer may know it, every seat by its name."""
        return describe(event, self.viewer, self.names.__getitem__, self.tr, second_person=False)
