"""The Textual apps: :class:`PlayApp` (a new or resumed match) and :class:`ReplayApp`."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from textual.app import App

from unoattack.engine import SPECTATOR, Record
from unoattack.engine.match import Bot
from unoattack.tui import store
from unoattack.tui.i18n import Tr
from unoattack.tui.new_game import NewGameScreen
from unoattack.tui.replay import ReplayScreen
from unoattack.tui.session import Pace, Session
from unoattack.tui.setup import Setup
from unoattack.tui.table import TableScreen

CSS = """
Screen { layout: vertical; }
#status { height: 1; padding: 0 1; background: $primary-background; text-style: bold;
          text-wrap: nowrap; text-overflow: ellipsis; }
#top { height: auto; max-height: 35vh; }
#info { width: 1fr; height: 100%; padding: 0 1; border: round $primary;
        text-wrap: nowrap; text-overflow: ellipsis; }
#seats { width: 1fr; height: 100%; padding: 0 1; border: round $primary; overflow-y: auto; }
#seat-lines { text-wrap: nowrap; text-overflow: ellipsis; }
#log { height: 1fr; min-height: 5; padding: 0 1; border: round $primary; }
#prompt { height: auto; max-height: 3; padding: 0 1; background: $boost; }
/* As tall as the hand, up to what the rest leaves it beside the log's least (HandBox). */
#hand-box { height: auto; border: round $accent; overflow-y: auto; }
#actions { height: 1; padding: 0 1; }
#actions Button { height: 1; min-width: 6; border: none; margin: 0 1 0 0; padding: 0 1; }
#actions Button.armed { background: $warning; color: $background; text-style: bold; }
#actions Button.catch { background: $error; text-style: bold; }
#keys { height: 1; padding: 0 1; color: $text-muted; }

.dialog { width: auto; min-width: 40; max-width: 90%; height: auto; padding: 1 2;
          border: thick $accent; background: $surface; }
ColourDialog, TargetDialog, HelpScreen { align: center middle; }
.dialog-title { text-style: bold; width: 100%; content-align: center middle; padding: 0 0 1 0; }
.dialog-buttons { height: auto; width: auto; }
.dialog-buttons Button { margin: 0 1 0 0; }
.dialog-list { height: auto; width: 100%; }
.dialog-list Button { width: 100%; margin: 0 0 0 0; }
Button.colour-R { background: #c62828; color: #ffffff; }
Button.colour-Y { background: #fdd835; color: #000000; }
Button.colour-G { background: #2e7d32; color: #ffffff; }
Button.colour-B { background: #1565c0; color: #ffffff; }
Button.cancel { margin: 1 0 0 0; }

PassScreen, HandOverScreen, MatchOverScreen { align: center middle; }
.interlude { width: 90%; max-width: 110; height: auto; max-height: 100%; padding: 1 2;
             border: thick $accent; background: $surface; }
.interlude-body { padding: 0 0 1 0; }
.interlude-table { height: auto; max-height: 16; }
.headline { text-style: bold; color: $warning; padding: 0 0 1 0; }

.help { width: 90%; height: 90%; padding: 0 1; border: thick $accent; background: $surface; }
#help-body { height: 1fr; }

NewGameScreen { layout: vertical; }
#new-title { height: 1; padding: 0 1; background: $primary-background; text-style: bold; }
#form { height: 1fr; padding: 0 1; }
.row { height: auto; margin: 0 0 0 0; }
.field { width: 28; padding: 0 1 0 0; }
.section { text-style: bold; color: $accent; padding: 1 0 0 0; }
#edition { width: 100%; border: none; padding: 0; }
#edition RadioButton { width: 100%; height: auto; text-wrap: wrap; }
#edition:blur > RadioButton.-selected > .toggle--label { background: transparent; }
#lang, #speed { width: 30; }
#seat-rows { height: auto; }
/* "Place 10", then the longest kind ("Robot : famille (oublie parfois UNO)") on one line,
   then a name: 75 columns, within 80. */
.seat-row .field { width: 10; }
.seat-row Select { width: 40; }
.seat-row Input { width: 24; margin: 0 0 0 1; }
#add-seat, #remove-seat { margin: 0 1 0 0; }
#launcher { width: 26; }
#launcher-note, #scoring-note { padding: 0 1; width: 1fr; }
#opt-scoring_mode { width: 30; }
#opt-target_score, #seed { width: 14; }
.option-row Checkbox { width: 100%; }
.option-row Select, .option-row Input { width: 30; }
.option-label { padding: 0 1; width: 1fr; }
#new-error { height: auto; color: $error; padding: 0 1; }
#new-buttons { height: auto; padding: 0 1; }
#new-buttons Button { margin: 0 1 0 0; }

RecentMatchesScreen, StatisticsScreen { layout: vertical; }
#hist-title, #stats-title { height: 1; padding: 0 1; background: $primary-background;
                            text-style: bold; }
#hist-list { height: 1fr; }
#hist-detail { height: auto; min-height: 3; padding: 0 1; border-top: solid $primary; }
#hist-note { height: auto; padding: 0 1; color: $warning; }
#hist-buttons, #stats-buttons { height: 1; padding: 0 1; }
#hist-buttons Button, #stats-buttons Button { height: 1; min-width: 6; border: none;
                                              margin: 0 1 0 0; padding: 0; }
#hist-keys { height: 1; padding: 0 1; color: $text-muted; }
#stats-body { height: 1fr; padding: 0 1; }
DeleteDialog { align: center middle; }
DeleteDialog .dialog { width: 66; }
#del-facts { padding: 0 0 1 0; }
#del-body { padding: 0 0 1 0; }
"""


class PlayApp(App[None]):
    """``unoattack play``: the new-game screen (unless the setup is final) and the table.

    Args:
        setup: The match to set up or start.
        show_setup: Show the new-game screen first, preset from ``setup``.
        session: A match already under way (resumed, or built by a test); overrides setup.
        pace: How long bots and animations take (``Pace.instant()`` in tests).
        save: Save new matches in the data directory (see :mod:`unoattack.tui.store`).
        bots: Bots by seat, replacing those the seats ask for (tests).
    """

    CSS = CSS
    TITLE = "UNO Attack!"

    def __init__(
        self,
        setup: Setup | None = None,
        *,
        show_setup: bool = False,
        session: Session | None = None,
        pace: Pace | None = None,
        save: bool = True,
        bots: Mapping[int, Bot] | None = None,
    ) -> None:
        super().__init__()
        self.setup = setup or Setup()
        self.show_setup = show_setup
        self.session = session
        self.pace = pace or Pace()
        if self.setup.speed is None:  # the new-game screen starts from the app's pace
            self.setup.speed = self.pace.speed
        self.save = save
        self.bots = bots

    def on_mount(self) -> None:
        if self.session is not None:
            self.sit_down(self.session)
        elif self.show_setup:
            self._open_new_game()
        else:
            self.start(self.setup)

    def new_game(self) -> None:
        """Open the new-game screen (a fresh seed unless one was chosen).

        The switch runs from the app's own message loop: a screen's result callback goes
        to the message pump that pushed it, and the table that asks for a new game is
        about to be removed.
        """
        self.call_later(self._open_new_game)

    def _open_new_game(self) -> None:
        self.setup.seed = None if self.session is not None else self.setup.seed

        def chosen(choice: Setup | Session | None) -> None:
            if isinstance(choice, Session):
                self.sit_down(choice)
            elif choice is not None:
                self.start(choice)

        self._clear_screens()
        self.push_screen(NewGameScreen(self.setup), chosen)

    def start(self, setup: Setup) -> None:
        """Deal a match from ``setup`` and sit down at the table, at its pace."""
        self.setup = setup
        if setup.speed is not None and setup.speed != self.pace.speed:
            self.pace = Pace.named(setup.speed, bell=self.pace.bell)
        game = setup.new_game()
        assert setup.seed is not None
        path = store.new_record_path(setup.seed) if self.save else None
        session = Session(
            game,
            setup.seats,
            lang=setup.lang,
            save_path=path,
            bots=self.bots,
            hints=setup.hints,
        )
        self.sit_down(session)

    def sit_down(self, session: Session) -> None:
        """Play ``session``'s match: a new one, or a saved one resumed."""
        self.session = session
        self._clear_screens()
        self.push_screen(TableScreen(session, self.pace))

    def _clear_screens(self) -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()

    @property
    def saved_to(self) -> Path | None:
        return None if self.session is None else self.session.save_path


class ReplayApp(App[None]):
    """``unoattack replay FILE``: a recorded match, step by step."""

    CSS = CSS
    TITLE = "UNO Attack! replay"

    def __init__(
        self,
        record: Record,
        title: str,
        *,
        lang: str = "en",
        viewer: int = SPECTATOR,
        names: list[str] | None = None,
    ) -> None:
        super().__init__()
        self.record = record
        self.record_title = title
        self.tr = Tr(lang)
        self.viewer = viewer
        self.names = names

    def on_mount(self) -> None:
        self.push_screen(
            ReplayScreen(self.record, self.record_title, self.tr, self.viewer, self.names)
        )
