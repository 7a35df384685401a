"""Prompts and interludes: colour and target pickers, passing the keyboard, the end of a
hand and of the match, and the help.

Pickers offer exactly the choices they are given, which the table takes from the legal
actions; they know no rule.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.markdown import Markdown
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Key
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Static

from unoattack.engine.events import HandVoid, HandWon, MatchWon
from unoattack.rules import Card, Colour
from unoattack.tui.i18n import Tr
from unoattack.tui.launch import play_command
from unoattack.tui.widgets import Chips, chip

_COLOUR_KEYS = {"en": "rygb", "fr": "rjvb"}
#: Columns around a dialog's content (``.dialog``: padding 2 and a thick border, each
#: side) and around a compact button's label (padding 1 each side).
_DIALOG_FRAME = 6
_BUTTON_PADDING = 2


def seat_key(seat: int) -> str:
    """The key that picks ``seat``: its number from 1, as every screen numbers seats (the
    tenth seat's key is 0)."""
    return str((seat + 1) % 10)


_DISMISSED: weakref.WeakSet[Screen[Any]] = weakref.WeakSet()


def close(screen: Screen[Any], result: Any) -> None:
    """Dismiss ``screen`` with ``result``, once. A second key press queued before the
    screen is gone must not dismiss again: that would pop the screen underneath."""
    if screen in _DISMISSED or screen is not screen.app.screen:
        return
    _DISMISSED.add(screen)
    screen.dismiss(result)


class ColourDialog(ModalScreen[Colour | None]):
    """Pick one of ``colours``. Keys: the colour's initial, or 1–4; Esc cancels if allowed."""

    def __init__(self, tr: Tr, colours: Sequence[Colour], title: str, cancel: bool) -> None:
        super().__init__()
        self.tr = tr
        self.colours = list(colours)
        self.title_text = title
        self.cancellable = cancel
        letters = _COLOUR_KEYS[tr.lang]
        self.keys: dict[str, Colour] = {}
        for i, colour in enumerate(self.colours):
            self.keys[str(i + 1)] = colour
            self.keys[letters[colour]] = colour

    def on_key(self, event: Key) -> None:
        if event.key in self.keys:
            event.stop()
            close(self, self.keys[event.key])
        elif event.key == "escape":
            event.stop()
            if self.cancellable:
                close(self, None)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            with Horizontal(classes="dialog-buttons"):
                letters = _COLOUR_KEYS[self.tr.lang]
                for colour in self.colours:
                    name = self.tr.colour(colour).capitalize()
                    yield Button(
                        f"{name} ({letters[colour].upper()})",
                        id=f"colour-{colour.letter}",
                        classes=f"colour-{colour.letter}",
                    )
            if self.cancellable:
                yield Button(self.tr("dlg.cancel"), id="cancel", classes="cancel")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "cancel":
            close(self, None)
        elif event.button.id and event.button.id.startswith("colour-"):
            close(self, Colour.parse(event.button.id.removeprefix("colour-")))


class TargetDialog(ModalScreen[int | None]):
    """Pick one of ``targets`` (seats). The key of a seat is its number as the table
    shows it (1 for the first seat; 0 for a tenth); Esc cancels."""

    def __init__(self, tr: Tr, targets: Sequence[tuple[int, str]], title: str) -> None:
        super().__init__()
        self.tr = tr
        self.targets = list(targets)
        self.title_text = title
        self.keys = {seat_key(seat): seat for seat, _ in self.targets}

    def on_key(self, event: Key) -> None:
        if event.key in self.keys:
            event.stop()
            close(self, self.keys[event.key])
        elif event.key == "escape":
            event.stop()
            close(self, None)

    def compose(self) -> ComposeResult:
        labels = [f"{label} ({seat_key(seat)})" for seat, label in self.targets]
        cancel = self.tr("dlg.cancel")
        box = Vertical(classes="dialog")
        # As wide as the longest line, so that no name is broken across two lines: an
        # auto width would not count the title and buttons, which fill the width given.
        widest = max(cell_len(text) for text in [self.title_text, *labels, cancel])
        box.styles.width = widest + _BUTTON_PADDING + _DIALOG_FRAME
        with box:
            yield Static(self.title_text, classes="dialog-title")
            with Vertical(classes="dialog-list"):
                for (seat, _), label in zip(self.targets, labels, strict=True):
                    yield Button(label, id=f"target-{seat}", compact=True)
            yield Button(cancel, id="cancel", classes="cancel", compact=True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "cancel":
            close(self, None)
        elif event.button.id and event.button.id.startswith("target-"):
            close(self, int(event.button.id.removeprefix("target-")))


class PassScreen(Screen[None]):
    """Hot-seat: hides the table until the next player says they have the keyboard."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "ready", show=False),
        Binding("q", "quit_match", show=False),
    ]

    def __init__(self, tr: Tr, name: str) -> None:
        super().__init__()
        self.tr = tr
        self.player = name

    def compose(self) -> ComposeResult:
        with Vertical(classes="interlude"):
            yield Static(self.tr("dlg.pass.title"), classes="dialog-title")
            yield Static(self.tr("dlg.pass.body", who=self.player), classes="interlude-body")
            yield Button(self.tr("dlg.pass.ready", who=self.player), id="ready")
            yield Static(self.tr("dlg.quit.saved"), classes="interlude-body")

    def on_mount(self) -> None:
        self.query_one("#ready", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        close(self, None)

    def action_ready(self) -> None:
        close(self, None)

    def action_quit_match(self) -> None:
        quit_table(self)


def quit_table(screen: Screen[None]) -> None:
    """Q on a screen over the table (the keyboard's hand-over, a hand's end): quit as the
    table's Q does, the match saved, without showing anyone's hand first."""
    for under in reversed(screen.app.screen_stack):
        quit_match = getattr(under, "action_quit", None)
        if under is not screen and quit_match is not None:
            quit_match()
            return


def _hand_table(
    tr: Tr,
    names: Sequence[str],
    hands: Sequence[Sequence[Card]],
    points: Sequence[int],
    scores: Sequence[int],
    winner: int,
    eliminated: Sequence[int],
) -> Table:
    table = Table(expand=True, show_edge=False, pad_edge=False)
    table.add_column(tr("col.player"), no_wrap=True)
    table.add_column(tr("col.left"), ratio=1)
    table.add_column(tr("col.points"), justify="right", no_wrap=True)
    table.add_column(tr("col.total"), justify="right", no_wrap=True)
    for seat, name in enumerate(names):
        cards = Chips([chip(card, tr) for card in hands[seat]])
        style = "bold" if seat == winner else ("dim" if seat in eliminated else "")
        table.add_row(Text(name, style=style), cards, str(points[seat]), str(scores[seat]))
    return table


class HandOverScreen(Screen[None]):
    """The end of a hand: who went out, the points left in every hand, the totals. The
    hand that ends the match (``last``) leads to the match's result, not to a next hand."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "next", show=False),
        Binding("q", "quit_match", show=False),
    ]

    def __init__(
        self,
        tr: Tr,
        event: HandWon | HandVoid,
        names: Sequence[str],
        viewer: int,
        mode: str,
        eliminated: Sequence[int],
        *,
        last: bool = False,
    ) -> None:
        super().__init__()
        self.tr = tr
        self.event = event
        self.names = list(names)
        self.viewer = viewer
        self.mode = mode
        self.eliminated = list(eliminated)
        self.last = last

    def compose(self) -> ComposeResult:
        tr, e = self.tr, self.event
        if isinstance(e, HandVoid):  # P08: nobody won it, nobody scores
            with Vertical(classes="interlude"):
                title = tr("dlg.hand.void.title", n=e.hand_number)
                yield Static(title, classes="dialog-title", id="hand-title")
                yield Static(tr("dlg.hand.void"), classes="interlude-body", id="hand-line")
                yield Button(tr("dlg.next"), id="next")
            return
        you = e.seat == self.viewer
        title = (
            tr("dlg.hand.title.you", n=e.hand_number)
            if you
            else tr("dlg.hand.title", n=e.hand_number, who=self.names[e.seat])
        )
        if self.mode == "first_to_500":
            points = tr.count("point", e.points)
            line = (
                tr("dlg.hand.scored.you", points=points)
                if you
                else tr("dlg.hand.scored", who=self.names[e.seat], points=points)
            )
        else:
            line = tr("dlg.hand.running")
        if self.eliminated:
            who = tr("and").join(self.names[s] for s in self.eliminated)
            line += " " + tr("dlg.hand.eliminated", who=who)
        with Vertical(classes="interlude"):
            yield Static(title, classes="dialog-title", id="hand-title")
            yield Static(line, classes="interlude-body", id="hand-line")
            with VerticalScroll(classes="interlude-table"):
                yield Static(
                    _hand_table(
                        tr, self.names, e.hands, e.hand_points, e.scores, e.seat, self.eliminated
                    ),
                    id="hand-table",
                )
            yield Button(tr("dlg.result" if self.last else "dlg.next"), id="next")
            yield Static(tr("dlg.quit.saved"), classes="interlude-body")

    def on_mount(self) -> None:
        self.query_one("#next", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        close(self, None)

    def action_next(self) -> None:
        close(self, None)


class MatchOverScreen(Screen[str]):
    """The end of the match: the winner, or the order of elimination in the Challenge, and
    the final scores. Dismissed with ``new`` (another game) or ``quit``."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "finish('new')", show=False),
        Binding("q", "finish('quit')", show=False),
        Binding("escape", "finish('quit')", show=False),
    ]

    def __init__(
        self,
        tr: Tr,
        event: MatchWon,
        names: Sequence[str],
        viewer: int,
        eliminations: Sequence[tuple[int, int, int]],
    ) -> None:
        super().__init__()
        self.tr = tr
        self.event = event
        self.names = list(names)
        self.viewer = viewer
        self.eliminations = list(eliminations)

    def compose(self) -> ComposeResult:
        tr, e = self.tr, self.event
        if len(e.winners) == 1:
            winner = e.winners[0]
            headline = (
                tr("dlg.match.winner.you")
                if winner == self.viewer
                else tr("dlg.match.winner", who=self.names[winner])
            )
        else:
            headline = tr("dlg.match.winners", who=tr("and").join(self.names[s] for s in e.winners))
        body = Text()
        if self.eliminations:
            body.append(tr("dlg.match.order") + "\n", style="bold")
            for n, (seat, hand, score) in enumerate(self.eliminations, start=1):
                body.append(
                    tr(
                        "dlg.match.order.item",
                        n=n,
                        who=self.names[seat],
                        hand=hand,
                        points=tr.count("point", score),
                    )
                    + "\n"
                )
        body.append(tr("dlg.match.final") + "\n", style="bold")
        # The standings, as the web page gives them: the winners, then the highest
        # score first (the lowest first where the lowest wins: a winner below the top).
        low_wins = bool(e.winners) and e.scores[e.winners[0]] < max(e.scores)
        order = sorted(
            range(len(e.scores)),
            key=lambda s: (s not in e.winners, e.scores[s] if low_wins else -e.scores[s], s),
        )
        for seat in order:
            mark = "★ " if seat in e.winners else "  "
            points = tr.count("point", e.scores[seat])
            body.append(f"{mark}{tr('dlg.match.score', who=self.names[seat], points=points)}\n")
        with Vertical(classes="interlude"):
            yield Static(tr("dlg.match.title"), classes="dialog-title")
            yield Static(headline, classes="headline", id="match-headline")
            with VerticalScroll(classes="interlude-table"):
                yield Static(body, id="match-body")
            with Horizontal(classes="dialog-buttons"):
                yield Button(tr("dlg.match.new"), id="new")
                yield Button(tr("dlg.quit"), id="quit")

    def on_mount(self) -> None:
        self.query_one("#new", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        close(self, event.button.id or "quit")

    def action_finish(self, choice: str) -> None:
        close(self, choice)


class HelpScreen(ModalScreen[None]):
    """The keys, and the rules of the edition being played."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", show=False),
        Binding("question_mark", "close", show=False),
        Binding("f1", "close", show=False),
        Binding("q", "close", show=False),
    ]

    def __init__(
        self,
        tr: Tr,
        edition: str,
        rules: str,
        from_doc: bool,
        unused: frozenset[str] = frozenset(),
    ) -> None:
        """``unused``: the keys the table has no use for (``stop``, ``hint``, ``undo``),
        left out as the footer leaves them out."""
        super().__init__()
        self.tr = tr
        self.edition = edition
        self.rules = rules
        self.from_doc = from_doc
        self.unused = unused

    def compose(self) -> ComposeResult:
        tr = self.tr
        keys = "\n".join(
            "- " + tr(f"help.key.{k}", resume=f"{play_command()} --resume")
            for k in (
                "move",
                "play",
                "press",
                "stop",
                "uno",
                "catch",
                "hint",
                "undo",
                "speed",
                "help",
                "quit",
            )
            if k not in self.unused
        )
        note = tr("help.rules.source") if self.from_doc else tr("help.rules.differences")
        text = (
            f"# {tr('help.keys')}\n\n{keys}\n\n# {tr('help.rules', edition=self.edition)}\n\n"
            f"*{note}*\n\n{self.rules}\n"
        )
        with Vertical(classes="help"):
            yield Static(tr("help.title"), classes="dialog-title")
            with VerticalScroll(id="help-body"):
                yield Static(Markdown(text), id="help-text")
            yield Button(tr("help.close"), id="close")

    def on_mount(self) -> None:
        self.query_one("#help-body", VerticalScroll).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        close(self, None)

    def action_close(self) -> None:
        close(self, None)
