"""The recent matches: the saved matches, newest first, to resume, replay or delete; and
the statistics of your matches.

Both screens show what :mod:`unoattack.tui.history` reads from the data dir, in the same
words as ``unoattack history``. Resuming a match dismisses the screen with its
:class:`Session`, which the app sits down at; a replay opens over the list and Q comes
back to it.
"""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Key, Resize
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, DataTable, Static

from unoattack.engine import SPECTATOR, Record, RecordError
from unoattack.tui import store
from unoattack.tui.dialogs import close
from unoattack.tui.history import (
    History,
    MatchSummary,
    details,
    read_history,
    scores_text,
    skipped_line,
    state_text,
    statistics,
    statistics_lines,
    when,
)
from unoattack.tui.i18n import Tr
from unoattack.tui.replay import ReplayScreen
from unoattack.tui.session import ResumeError, Session, replay_names, resume

# The list's columns: each cell is padded by one on both sides, and a vertical scrollbar
# (two cells) may appear; the last column takes what is left of the width.
_CELL_PADDING = 2
_SCROLLBAR = 2
_MAX_STATE = 30
_MIN_SCORES = 12
#: Keys that confirm a deletion, by language (Yes; Oui).
_YES_KEYS = {"en": ("y",), "fr": ("o", "y")}


def _cell(text: str) -> Text:
    """A cell of the list: one line, cut with an ellipsis rather than wrapped."""
    return Text(text, no_wrap=True, overflow="ellipsis")


class RecentMatchesScreen(Screen[Session | None]):
    """The saved matches, newest first. R resumes the chosen one (when unfinished), P
    replays it, D deletes it (after a confirmation), S shows the statistics, Esc goes
    back; Enter resumes an unfinished match and replays a finished one. Dismissed with
    the session of the match to resume, or None."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "resume", show=False),
        Binding("p", "replay", show=False),
        Binding("d", "delete", show=False),
        Binding("delete", "delete", show=False),
        Binding("s", "statistics", show=False),
        Binding("escape", "back", show=False),
        Binding("q", "back", show=False),
    ]

    def __init__(self, tr: Tr) -> None:
        super().__init__()
        self.tr = tr
        self.history = History(store.matches_dir(), ())
        self._width = 0  # the width the list's columns were laid out for

    def compose(self) -> ComposeResult:
        tr = self.tr
        yield Static(tr("hist.title"), id="hist-title")
        yield DataTable(id="hist-list", cursor_type="row", zebra_stripes=True)
        yield Static(id="hist-detail")
        yield Static(id="hist-note")
        with Horizontal(id="hist-buttons"):
            yield Button(tr("hist.resume"), id="hist-resume")
            yield Button(tr("hist.replay"), id="hist-replay")
            yield Button(tr("hist.delete"), id="hist-delete")
            yield Button(tr("hist.stats"), id="hist-stats")
            yield Button(tr("hist.back"), id="hist-back")
        yield Static(tr("hist.keys"), id="hist-keys")

    def on_mount(self) -> None:
        self.reload()
        self.query_one("#hist-list", DataTable).focus()

    # ------------------------------------------------------------------ the list

    @property
    def matches(self) -> tuple[MatchSummary, ...]:
        return self.history.matches

    @property
    def chosen(self) -> MatchSummary | None:
        """The match under the cursor, if any."""
        table = self.query_one("#hist-list", DataTable)
        if not self.matches or not 0 <= table.cursor_row < len(self.matches):
            return None
        return self.matches[table.cursor_row]

    def reload(self, note: str = "", row: int = 0) -> None:
        """Read the saved matches again and show them, the cursor on ``row``."""
        self.history = read_history()
        title = self.tr("hist.title")
        if self.matches:
            title += f" · {self.tr.count('match', len(self.matches))}"
        self.query_one("#hist-title", Static).update(title)
        self._fill(row)
        self._note(note)

    def _fill(self, row: int) -> None:
        tr = self.tr
        table = self.query_one("#hist-list", DataTable)
        table.clear(columns=True)
        self._width = self.size.width or self.app.size.width
        when_texts = [when(s) for s in self.matches]
        editions = [s.edition for s in self.matches]
        states = [state_text(s, tr) for s in self.matches]
        scores = [scores_text(s, tr) for s in self.matches]
        headers = [
            tr("hist.col.when"),
            tr("hist.col.edition"),
            tr("hist.col.state"),
            tr("hist.col.scores"),
        ]
        widths = [
            max(cell_len(text) for text in [headers[0], *when_texts]),
            max(cell_len(text) for text in [headers[1], *editions]),
            min(_MAX_STATE, max(cell_len(text) for text in [headers[2], *states])),
        ]
        rest = self._width - _SCROLLBAR - _CELL_PADDING * len(headers) - sum(widths)
        widths.append(max(_MIN_SCORES, rest))
        for header, width in zip(headers, widths, strict=True):
            table.add_column(header, width=width)
        for summary, *cells in zip(self.matches, when_texts, editions, states, scores, strict=True):
            table.add_row(*(_cell(text) for text in cells), key=summary.path.name)
        if self.matches:
            table.move_cursor(row=min(row, len(self.matches) - 1))
        self._show_chosen()

    def on_resize(self, event: Resize) -> None:
        if event.size.width != self._width and self.is_mounted:
            self._fill(self.query_one("#hist-list", DataTable).cursor_row)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._show_chosen()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        chosen = self.chosen
        if chosen is not None and chosen.is_over:
            self.action_replay()
        else:
            self.action_resume()

    def _show_chosen(self) -> None:
        chosen = self.chosen
        detail = "" if chosen is None else "\n".join(details(chosen, self.tr))
        self.query_one("#hist-detail", Static).update(detail)
        self.query_one("#hist-resume", Button).disabled = chosen is None or chosen.is_over
        self.query_one("#hist-replay", Button).disabled = chosen is None
        self.query_one("#hist-delete", Button).disabled = chosen is None

    def _note(self, text: str) -> None:
        """Say ``text`` (what the last action did), then what always needs saying: that
        nothing is saved, or which files were skipped."""
        lines = [text] if text else []
        if not self.matches:
            lines.append(self.tr("hist.empty", folder=self.history.folder))
        skipped = skipped_line(self.history, self.tr)
        if skipped is not None:
            lines.append(skipped)
        note = self.query_one("#hist-note", Static)
        note.update("\n".join(lines))
        note.display = bool(lines)

    # ------------------------------------------------------------------ actions

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        action = {
            "hist-resume": self.action_resume,
            "hist-replay": self.action_replay,
            "hist-delete": self.action_delete,
            "hist-stats": self.action_statistics,
            "hist-back": self.action_back,
        }.get(event.button.id or "")
        if action is not None:
            action()

    def action_resume(self) -> None:
        """Go on with the chosen match, as ``play --resume`` does with the latest."""
        chosen = self.chosen
        if chosen is None:
            return
        if chosen.is_over:
            self._note(self.tr("hist.over"))
            return
        try:
            session = resume(chosen.path)
        except ResumeError as exc:
            self._note(self.tr("hist.cannot_resume", error=exc))
            return
        close(self, session)

    def action_replay(self) -> None:
        """Open the chosen match in the replay viewer, as ``unoattack replay FILE`` does."""
        chosen = self.chosen
        if chosen is None:
            return
        path = chosen.path
        try:
            record = Record.load(path)
            record.replay()
        except RecordError as exc:
            self._note(self.tr("hist.cannot_replay", error=exc))
            return
        except ValueError as exc:
            error = f"{path}: the actions do not replay: {exc}"
            self._note(self.tr("hist.cannot_replay", error=error))
            return
        tr = Tr(store.table_for(path, record.players).lang)
        names = replay_names(store.read_table(path), record.players, tr)
        self._note("")
        self.app.push_screen(ReplayScreen(record, path.name, tr, SPECTATOR, names, back=True))

    def action_delete(self) -> None:
        chosen = self.chosen
        if chosen is None:
            return
        row = self.query_one("#hist-list", DataTable).cursor_row

        def confirmed(yes: bool | None) -> None:
            if not yes:
                return
            try:
                store.delete_match(chosen.path)
            except OSError as exc:
                error = exc.strerror or str(exc)
                self._note(self.tr("hist.cannot_delete", file=chosen.path.name, error=error))
                return
            self.reload(self.tr("hist.deleted", file=chosen.path.name), row)

        self.app.push_screen(DeleteDialog(self.tr, chosen), confirmed)

    def action_statistics(self) -> None:
        self.app.push_screen(StatisticsScreen(self.tr, self.history))

    def action_back(self) -> None:
        close(self, None)


class DeleteDialog(ModalScreen[bool]):
    """Are you sure? Y (O in French) or the button deletes; N, Esc or the other button
    keeps the match. The focus starts on keeping it, so a stray Enter deletes nothing."""

    def __init__(self, tr: Tr, summary: MatchSummary) -> None:
        super().__init__()
        self.tr = tr
        self.summary = summary

    def compose(self) -> ComposeResult:
        tr, summary = self.tr, self.summary
        facts = f"{when(summary)} · {summary.edition} · {state_text(summary, tr)}"
        with Vertical(classes="dialog"):
            yield Static(tr("del.title"), classes="dialog-title")
            yield Static(facts, id="del-facts")
            yield Static(tr("del.body", file=summary.path.name), id="del-body")
            with Horizontal(classes="dialog-buttons"):
                yield Button(tr("del.yes"), id="del-yes", variant="error")
                yield Button(tr("del.no"), id="del-no")

    def on_mount(self) -> None:
        self.query_one("#del-no", Button).focus()

    def on_key(self, event: Key) -> None:
        if event.key in _YES_KEYS[self.tr.lang]:
            event.stop()
            close(self, True)
        elif event.key in ("n", "escape"):
            event.stop()
            close(self, False)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        close(self, event.button.id == "del-yes")


class StatisticsScreen(Screen[None]):
    """Your matches in numbers: played, won, by edition and by number of players, your
    best final score in each scoring mode. Esc, Q or S goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", show=False),
        Binding("q", "back", show=False),
        Binding("s", "back", show=False),
    ]

    def __init__(self, tr: Tr, history: History) -> None:
        super().__init__()
        self.tr = tr
        self.history = history

    @property
    def lines(self) -> list[str]:
        """What the screen shows, line by line (what ``unoattack history`` prints)."""
        lines = statistics_lines(statistics(self.history.matches), self.tr)
        skipped = skipped_line(self.history, self.tr)
        return lines if skipped is None else [*lines, "", skipped]

    def compose(self) -> ComposeResult:
        yield Static(self.tr("stats.title"), id="stats-title")
        with VerticalScroll(id="stats-body"):
            yield Static(Text("\n".join(self.lines), no_wrap=True), id="stats-text")
        with Horizontal(id="stats-buttons"):
            yield Button(self.tr("stats.back"), id="stats-back")

    def on_mount(self) -> None:
        self.query_one("#stats-body", VerticalScroll).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        close(self, None)

    def action_back(self) -> None:
        close(self, None)
