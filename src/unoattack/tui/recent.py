"""The recent matches: the saved matches, newest first, to resume, replay or delete; and
the statistics of your matches.

Both screens show what :mod:`unoattack.tui.history` reads from the data dir, in the same
words as ``unoattack history``. Resuming a match dismisses the screen with its
:class:`Session`, which the app sits down at; a replay opens over the list and Q comes
back to it.
"""

from __future__ import annotations

from collections.abc import Sequence
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
    edition_text,
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
_MIN_SCORES = 12
_KEEP_WITH_WORD_BEFORE = ";:!?»"
#: The statistics' padding (one on each side) and a vertical scrollbar.
_STATISTICS_MARGINS = 4
#: Keys that confirm a deletion, by language (Yes; Oui).
_YES_KEYS = {"en": ("y",), "fr": ("o", "y")}


def _cell(text: str) -> Text:
    """A cell of the list: its lines as they are, each cut with an ellipsis rather than
    wrapped (the edition and state come wrapped already, by :func:`lines_of`)."""
    return Text(text, no_wrap=True, overflow="ellipsis")


def _words(text: str) -> list[str]:
    """The words of ``text`` that a line may break between: a number stays with the word
    before it ("Bot 3", "hand 1"), and so does a French ``;``, ``:``, ``!`` or ``?``
    (French sets a space before them that does not break)."""
    words: list[str] = []
    for word in text.split():
        if words and (word.isdigit() or word[0] in _KEEP_WITH_WORD_BEFORE):
            words[-1] += f" {word}"
        else:
            words.append(word)
    return words


def lines_of(text: str, width: int) -> list[str]:
    """``text`` wrapped at its spaces into lines of at most ``width`` cells, as a cell of
    the list shows it (a word longer than that stays whole, on a line of its own).

    >>> lines_of("UNO Attack! (later edition)", 20)
    ['UNO Attack! (later', 'edition)']
    >>> lines_of("gagnée par Robot 3 ; vous : 2e", 20)
    ['gagnée par Robot 3 ;', 'vous : 2e']
    """
    lines: list[str] = []
    for word in _words(text):
        if lines and cell_len(lines[-1]) + 1 + cell_len(word) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines or [""]


def column_widths(width: int, columns: Sequence[Sequence[str]]) -> list[int]:
    """The widths of the list's columns (date, edition, state, scores; each given by its
    header then its cells) on a screen ``width`` cells wide.

    The date is always whole on one line. The edition's title and the state are too when
    they fit beside the scores' least; otherwise they wrap at their spaces, the widths
    chosen so that as few rows as possible take more than one line (then as few lines,
    then as few cells wrapped as possible, then the title the wider). The scores take
    what is left, cut short.

    >>> columns = [["When", "12:00"], ["Edition", "UNO Attack! (later edition)"],
    ...            ["State", "won by Bot 3"], ["Scores", "You 70 · Ana 84 · Bot 3 0"]]
    >>> column_widths(80, columns), column_widths(50, columns)
    ([5, 27, 12, 26], [5, 17, 6, 12])
    """
    when, edition, state = ([cell_len(text) for text in column] for column in columns[:3])
    budget = width - _SCROLLBAR - _CELL_PADDING * len(columns) - max(when)
    room = budget - _MIN_SCORES
    whole = (max(edition), max(state))
    if sum(whole) <= room:
        chosen = whole
    else:
        # A header stays on its line: a column is never narrower than its header or the
        # longest word of its cells.
        least = [
            max(cell_len(column[0]), *(cell_len(word) for text in column for word in _words(text)))
            for column in columns[1:3]
        ]
        rows = list(zip(columns[1][1:], columns[2][1:], strict=True))

        def cost(widths: tuple[int, int]) -> tuple[int, int, int, int]:
            counts = [
                (len(lines_of(title, widths[0])), len(lines_of(says, widths[1])))
                for title, says in rows
            ]
            heights = [max(count) for count in counts]
            wrapped_cells = sum(n > 1 for count in counts for n in count)
            return sum(h > 1 for h in heights), sum(heights), wrapped_cells, -widths[0]

        fitting = [
            (title, min(whole[1], room - title))
            for title in range(least[0], whole[0] + 1)
            if room - title >= least[1]
        ]
        # Too narrow for even that (far below 80 columns): the list scrolls sideways.
        chosen = min(fitting, key=cost) if fitting else (least[0], least[1])
    return [max(when), *chosen, max(_MIN_SCORES, budget - sum(chosen))]


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
        self._noted_row = -1  # the row of the match the note speaks of

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
        columns = [
            [tr("hist.col.when"), *(when(s) for s in self.matches)],
            [tr("hist.col.edition"), *(edition_text(s, tr) for s in self.matches)],
            [tr("hist.col.state"), *(state_text(s, tr) for s in self.matches)],
            [tr("hist.col.scores"), *(scores_text(s, tr) for s in self.matches)],
        ]
        widths = column_widths(self._width, columns)
        for column, width in zip(columns, widths, strict=True):
            table.add_column(column[0], width=width)
        edition_width, state_width = widths[1:3]
        for index, summary in enumerate(self.matches, start=1):
            date, title, says, scores = (column[index] for column in columns)
            titled, told = lines_of(title, edition_width), lines_of(says, state_width)
            table.add_row(
                _cell(date),
                _cell("\n".join(titled)),
                _cell("\n".join(told)),
                _cell(scores),
                height=max(len(titled), len(told)),
                key=summary.path.name,
            )
        if self.matches:
            table.move_cursor(row=min(row, len(self.matches) - 1))
        self._show_chosen()

    def on_resize(self, event: Resize) -> None:
        if event.size.width != self._width and self.is_mounted:
            self._fill(self.query_one("#hist-list", DataTable).cursor_row)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        now = self.query_one("#hist-list", DataTable).cursor_row
        # What was said of another match ("This match is over") goes; a highlight left
        # over from filling the list again (its cursor has moved on since) is not a move.
        if event.cursor_row == now != self._noted_row:
            self._note("")
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
        # The match it was said of: moving to another one takes the note away.
        self._noted_row = self.query_one("#hist-list", DataTable).cursor_row
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
        # In the language of this list, the one the player chose, whatever the language
        # the match was played in (resuming keeps that one: the table's own setting).
        tr = self.tr
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
        facts = f"{when(summary)} · {edition_text(summary, tr)} · {state_text(summary, tr)}"
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
        """What the screen shows, line by line (what ``unoattack history`` prints, its
        tables as wide as the screen allows)."""
        width = self.app.size.width - _STATISTICS_MARGINS
        lines = statistics_lines(statistics(self.history.matches), self.tr, width)
        skipped = skipped_line(self.history, self.tr)
        return lines if skipped is None else [*lines, "", skipped]

    def _text(self) -> Text:
        return Text("\n".join(self.lines), no_wrap=True)

    def compose(self) -> ComposeResult:
        yield Static(self.tr("stats.title"), id="stats-title")
        with VerticalScroll(id="stats-body"):
            yield Static(self._text(), id="stats-text")
        with Horizontal(id="stats-buttons"):
            yield Button(self.tr("stats.back"), id="stats-back")

    def on_mount(self) -> None:
        self.query_one("#stats-body", VerticalScroll).focus()

    def on_resize(self, event: Resize) -> None:
        self.query_one("#stats-text", Static).update(self._text())

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        close(self, None)

    def action_back(self) -> None:
        close(self, None)
