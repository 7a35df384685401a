"""The pieces of the table: the hand, the seats, the pile, the launcher and the log.

Each widget renders what it is given (a view's fields, names, the words of a language);
none of them knows a rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Click, Resize
from textual.geometry import Region, Size
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from unoattack.engine import SPECTATOR, View
from unoattack.engine.launcher import LauncherPublic
from unoattack.rules import Card, Colour, Kind
from unoattack.tui.i18n import Tr

# Chip colours: a playable card is a solid chip of its colour; the others are its colour
# on the background, so the playable ones stand out on any terminal.
_SOLID = {
    Colour.RED: "bold #ffffff on #c62828",
    Colour.YELLOW: "bold #000000 on #fdd835",
    Colour.GREEN: "bold #ffffff on #2e7d32",
    Colour.BLUE: "bold #ffffff on #1565c0",
    None: "bold #ffffff on #5e35b1",
}
_FADED = {
    Colour.RED: "#ef9a9a",
    Colour.YELLOW: "#fff59d",
    Colour.GREEN: "#a5d6a7",
    Colour.BLUE: "#90caf9",
    None: "#b39ddb",
}
_GROUPS: tuple[Colour | None, ...] = (Colour.RED, Colour.YELLOW, Colour.GREEN, Colour.BLUE, None)
#: Rows a bordered panel takes beyond its lines (the border, top and bottom).
_PANEL_FRAME = 2


def chip(card: Card, tr: Tr, *, playable: bool = True, selected: bool = False) -> Text:
    """A card as a coloured chip: `` 7 `` (``▸7◂`` when selected)."""
    label = tr.label(card)
    text = f"▸{label}◂" if selected else f" {label} "
    style = _SOLID[card.colour] if playable else _FADED[card.colour]
    if selected:
        style += " underline"
    return Text(text, style=style)


class Chips:
    """Card chips side by side, wrapped between chips and never inside one, so that a
    card's name ("All Hit") is never split across two lines (a table cell of a hand)."""

    def __init__(self, chips: Sequence[Text]) -> None:
        self.chips = list(chips)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widths = [chip.cell_len for chip in self.chips]
        if not widths:
            return Measurement(0, 0)
        return Measurement(max(widths), sum(widths) + len(widths) - 1)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines: list[Text] = []
        line = Text()
        for chip_text in self.chips:
            if line and line.cell_len + 1 + chip_text.cell_len > options.max_width:
                lines.append(line)
                line = Text()
            if line:
                line.append(" ")
            line.append_text(chip_text)
        lines.append(line)
        yield Text("\n", no_wrap=True).join(lines)


def group_name(colour: Colour | None, tr: Tr) -> str:
    return tr("group.wild") if colour is None else tr.colour(colour).capitalize()


def sort_key(card: Card) -> tuple[int, int, int]:
    group = _GROUPS.index(card.colour)
    return (group, 0 if card.kind is Kind.NUMBER else 1, card.number or card.kind)


@dataclass(frozen=True, slots=True)
class _Region:
    y: int
    x0: int
    x1: int
    index: int


class HandView(Widget, can_focus=True):
    """A hand, grouped by colour, playable cards solid, the chosen one marked.

    ←/→ move through the cards, ↑/↓ jump between colours, Enter (or a click on the chosen
    card) posts :class:`HandView.Chosen`. In a :class:`HandBox` too short for the hand, the
    panel scrolls to keep the chosen card in sight.
    """

    DEFAULT_CSS = """
    HandView { height: auto; min-height: 1; padding: 0 1; }
    HandView:focus { background: $boost; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", show=False),
        Binding("right", "move(1)", show=False),
        Binding("up", "jump(-1)", show=False),
        Binding("down", "jump(1)", show=False),
        Binding("enter", "choose", show=False),
    ]
    LABEL_WIDTH = 9

    class Chosen(Message):
        """The player chose a card to play."""

        def __init__(self, card: Card) -> None:
            super().__init__()
            self.card = card

    def __init__(self, tr: Tr, *, id: str | None = None, chooser: bool = True) -> None:
        """``chooser``: the player chooses a card here (the table); False shows the hand
        only (the replay: no card marked, nothing to focus or choose)."""
        super().__init__(id=id)
        self.tr = tr
        self.chooser = chooser
        self.can_focus = chooser
        self.cards: list[Card] = []  # sorted, without the cards still arriving
        self.playable: frozenset[Card] = frozenset()
        self.selected = 0
        self.placeholder = ""
        self._regions: list[_Region] = []

    def show(
        self,
        hand: Sequence[Card] | None,
        playable: frozenset[Card],
        hidden: Sequence[Card] = (),
        placeholder: str = "",
    ) -> None:
        """Show ``hand`` minus the ``hidden`` cards (still flying out of the launcher)."""
        before = self.cards[self.selected] if self.cards else None
        cards = sorted(hand or (), key=sort_key)
        for card in hidden:
            if card in cards:
                cards.remove(card)
        self.cards = cards
        self.playable = playable
        self.placeholder = placeholder
        if before in cards and (before in playable or not playable):
            self.selected = cards.index(before)
        elif not cards:
            self.selected = 0
        else:
            firsts = [i for i, c in enumerate(cards) if c in playable]
            if firsts:
                self.selected = firsts[0]
            else:
                self.selected = min(self.selected, len(cards) - 1)
        self.refresh(layout=True)
        self._keep_chosen_in_sight()

    @property
    def chosen(self) -> Card | None:
        return self.cards[self.selected] if self.cards else None

    def action_move(self, step: int) -> None:
        if self.cards:
            self.selected = (self.selected + step) % len(self.cards)
            self.refresh()
            self._keep_chosen_in_sight()

    def action_jump(self, step: int) -> None:
        if not self.cards:
            return
        groups = [_GROUPS.index(c.colour) for c in self.cards]
        here = groups[self.selected]
        present = sorted(set(groups))
        target = present[(present.index(here) + step) % len(present)]
        offset = self.selected - groups.index(here)
        start = groups.index(target)
        size = groups.count(target)
        self.selected = start + min(offset, size - 1)
        self.refresh()
        self._keep_chosen_in_sight()

    def action_choose(self) -> None:
        card = self.chosen
        if card is not None and self.chooser:
            self.post_message(self.Chosen(card))

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or not self.chooser:
            return
        for region in self._regions:
            if region.y == offset.y and region.x0 <= offset.x < region.x1:
                if region.index == self.selected:
                    self.action_choose()
                else:
                    self.selected = region.index
                    self.refresh()
                    self._keep_chosen_in_sight()
                return

    def on_resize(self, event: Resize) -> None:
        self._keep_chosen_in_sight()  # the hand's lines break elsewhere at another width

    def _keep_chosen_in_sight(self) -> None:
        """Scroll the panel to the chosen card's line, once the screen is laid out anew."""

        def scroll() -> None:
            panel = self.parent
            regions = self._layout(self.content_size.width)[1]
            chosen = [region for region in regions if region.index == self.selected]
            if isinstance(panel, HandBox) and chosen:
                line = self.virtual_region.y + self.styles.padding.top + chosen[0].y
                panel.scroll_to_region(Region(0, line, 1, 1), animate=False, x_axis=False)

        self.call_after_refresh(scroll)

    def _layout(self, width: int) -> tuple[list[Text], list[_Region]]:
        lines: list[Text] = []
        regions: list[_Region] = []
        if not self.cards:
            return [Text(self.placeholder, style="dim")], regions
        width = max(width, self.LABEL_WIDTH + 8)
        index = 0
        for colour in _GROUPS:
            members = [c for c in self.cards if c.colour is colour]
            if not members:
                continue
            line = Text(group_name(colour, self.tr).ljust(self.LABEL_WIDTH)[: self.LABEL_WIDTH])
            x = self.LABEL_WIDTH
            for card in members:
                piece = chip(
                    card,
                    self.tr,
                    playable=card in self.playable,
                    selected=self.chooser and index == self.selected,
                )
                if x + len(piece) > width and x > self.LABEL_WIDTH:
                    lines.append(line)
                    line = Text(" " * self.LABEL_WIDTH)
                    x = self.LABEL_WIDTH
                regions.append(_Region(len(lines), x, x + len(piece), index))
                line.append_text(piece)
                line.append(" ")
                x += len(piece) + 1
                index += 1
            lines.append(line)
        return lines, regions

    def render(self) -> Text:
        lines, self._regions = self._layout(self.content_size.width)
        return Text("\n").join(lines)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._layout(width)[0])


class HandBox(Vertical):
    """The hand's panel, the one of the table that gives way to the others: as tall as the
    hand (``height: auto``), up to :attr:`MAX_ROWS` and to the rows the rest of the screen
    leaves it, where a panel of ``1fr`` (the log) counts for its ``min-height``. A longer
    hand scrolls in it, by the mouse or the keys that choose a card (:class:`HandView`
    keeps the chosen one in sight).

    Textual grows an ``auto`` height past the screen rather than shrink the ``1fr`` log
    below its least, so the panel measures its room once the screen is laid out.
    """

    #: The most rows the panel takes, its border included, however long the hand.
    MAX_ROWS = 10
    #: The fewest: one line of cards, whatever the screen.
    MIN_ROWS = 1 + _PANEL_FRAME

    def __init__(self, *children: Widget, id: str | None = None) -> None:
        super().__init__(*children, id=id)
        self.rows = self.MAX_ROWS
        self.styles.max_height = self.rows

    def on_mount(self) -> None:
        self.screen.screen_layout_refresh_signal.subscribe(self, self._fit)

    def _fit(self, screen: Screen[object]) -> None:
        """Take the rows the rest of the screen leaves, now that it is laid out (a change
        lays it out again, and then the rows are the same)."""
        parent = self.parent
        if not isinstance(parent, Widget):
            return
        room = parent.size.height
        for widget in parent.children:
            if widget is self or not widget.display:
                continue
            if widget.styles.dock != "none" or widget.styles.overlay == "screen":
                continue  # out of the flow
            height, least = widget.styles.height, widget.styles.min_height
            if height is not None and height.is_fraction:
                room -= 0 if least is None else int(least.resolve(parent.size, screen.size))
            else:
                room -= widget.outer_size.height
        rows = max(self.MIN_ROWS, min(self.MAX_ROWS, room))
        if rows != self.rows:
            self.rows = rows
            self.styles.max_height = rows


def seat_line(
    v: View,
    seat: int,
    name: str,
    tr: Tr,
    *,
    name_width: int,
    count_width: int,
    score_width: int,
    viewer: int,
) -> Text:
    """One row of the seats panel: turn marker, name, cards, score and flags; the columns
    as wide as their widest entry, to leave the flags room."""
    marker = "▶ " if v.to_act == seat else "  "
    style = "bold" if seat == viewer else ""
    if not v.active[seat]:
        style = "dim"
    line = Text()
    line.append(marker, style="bold #fdd835")
    line.append(name[:name_width].ljust(name_width), style=style)
    line.append(f" {v.hand_counts[seat]:>{count_width}}", style=style)
    line.append("▮", style="#90caf9")
    line.append(f"  {tr.count('pt', v.scores[seat]):>{score_width}}", style=style)
    flags: list[tuple[str, str]] = []
    if not v.active[seat]:
        flags.append((tr("flag.out"), "dim"))
    if v.said_uno[seat]:
        flags.append((tr("flag.uno"), "bold #fdd835"))
    if v.catchable == seat:
        flags.append((tr("flag.catchable"), "bold #ff5252"))
    owed = sum(d.presses for d in v.duties if d.seat == seat)
    if any(d.seat == seat for d in v.duties):
        # A duty "until it fires" (Wild Hit-Fire, R36) counts no presses.
        if owed == 0:
            flags.append((tr("flag.owes.until_fire"), "#ffab40"))
        else:
            flags.append((tr("flag.owes", presses=tr.count("press", owed)), "#ffab40"))
    for text, flag_style in flags:
        line.append(" ")
        line.append(text, style=flag_style)
    return line


class SeatsPanel(VerticalScroll, can_focus=False):
    """Every seat: whose turn it is, cards in hand, score, UNO and pending presses; the
    direction of play in the title, as it says who comes next.

    With many seats on a small terminal the list scrolls to keep the seat to act in sight.
    """

    DEFAULT_CSS = "SeatsPanel > Static { width: 100%; }"

    def compose(self) -> ComposeResult:
        yield Static(id="seat-lines")

    def show(self, v: View, names: Sequence[str], tr: Tr, viewer: int) -> int:
        """Show the seats; the number of lines shown (one a seat)."""
        arrow = "↻ " + tr("clockwise") if v.direction > 0 else "↺ " + tr("counterclockwise")
        self.border_title = f"{tr('seats')} · {arrow}"
        name_width = min(max(len(n) for n in names), 14)
        count_width = max(2, *(len(str(count)) for count in v.hand_counts))
        score_width = max(len(tr.count("pt", score)) for score in v.scores)
        lines = [
            seat_line(
                v,
                s,
                names[s],
                tr,
                name_width=name_width,
                count_width=count_width,
                score_width=score_width,
                viewer=viewer,
            )
            for s in range(v.players)
        ]
        self.query_one("#seat-lines", Static).update(Text("\n").join(lines))
        if v.to_act is not None:
            self.call_after_refresh(self.scroll_to, y=max(0, v.to_act - 1), animate=False)
        return len(lines)


def pile_text(v: View, tr: Tr) -> Text:
    """The top card and its colour (the colour named, for a wild), the size of the pile,
    and the Mega Hit pile when one is building: short lines that fit a half screen."""
    line = Text(f"{tr('top')} ")
    line.append_text(chip(v.top, tr))
    colour = v.top.colour if v.colour is None else v.colour
    if colour is not None:
        line.append(" → " if colour is not v.top.colour else " ")
        line.append(tr.colour(colour), style=_FADED[colour] + " bold")
    line.append("\n")
    line.append(tr("pile.size", cards=tr.count("card", v.pile_size)), style="dim")
    if v.mega_pile:
        line.append("\n")
        line.append(tr("mega_pile", presses=tr.count("press", v.mega_pile)), style="bold #ffab40")
    return line


def launcher_text(public: LauncherPublic, tr: Tr, animation: Text | None) -> Text:
    """The launcher: its lights (they speed up as presses go by without a firing), the
    cards loaded, and the press going on, if any."""
    since = public.presses_since_fire
    lights = "●" * min(since, 8) + "○" * max(0, 8 - since)
    line = Text(f"{tr('launcher')} ", style="bold")
    line.append(lights, style="#ff7043")
    line.append(" " + tr("launcher.stock", stock=tr.count("card", public.stock_size)))
    line.append("\n")
    if animation is not None:
        line.append_text(animation)
    else:
        line.append(tr("launcher.since", since=tr.count("press", since)), style="dim")
    return line


class TableInfo(Static):
    """The pile and the launcher, a line for each thing (a line too long for the panel is
    cut with an ellipsis rather than wrapped: the panel's height is its number of lines)."""

    def show(self, v: View, tr: Tr, animation: Text | None = None) -> int:
        """Show the pile and the launcher; the number of lines shown."""
        public = v.launcher
        model = public.model.partition(":")[0]  # a scripted launcher's script is no one's business
        if tr.has(f"launcher.name.{model}"):  # in words, as the new-game screen names it
            model = tr(f"launcher.name.{model}")
        self.border_subtitle = tr(
            "launcher.model", model=model, presses=tr.count("press", public.total_presses)
        )
        text = pile_text(v, tr)
        text.append("\n")
        text.append_text(launcher_text(v.launcher, tr, animation))
        self.update(text)
        return len(text.plain.splitlines())


class TopPanels(Horizontal):
    """The pile and launcher beside the players, both panels as tall as the taller one's
    lines (a long list of players scrolls within a third of the screen)."""

    def compose(self) -> ComposeResult:
        yield TableInfo(id="info")
        yield SeatsPanel(id="seats")

    def show(
        self,
        v: View,
        names: Sequence[str],
        tr: Tr,
        viewer: int,
        animation: Text | None = None,
    ) -> None:
        info_lines = self.query_one(TableInfo).show(v, tr, animation)
        seat_lines = self.query_one(SeatsPanel).show(v, names, tr, viewer)
        # The stylesheet caps the height (max-height); the pile's lines are never cut.
        self.styles.height = max(info_lines, seat_lines) + _PANEL_FRAME
        self.styles.min_height = info_lines + _PANEL_FRAME


class EventLog(VerticalScroll, can_focus=False):
    """What happened, newest first (scrolls with the mouse; the keys belong to the hand)."""

    DEFAULT_CSS = "EventLog Static { width: 100%; }"
    LIMIT = 120

    def compose(self) -> ComposeResult:
        yield Static(id="log-lines")

    def show(self, lines: Sequence[str]) -> None:
        shown = list(reversed(lines[-self.LIMIT :]))
        text = Text()
        for i, line in enumerate(shown):
            if i:
                text.append("\n")
            text.append(line, style="bold" if i == 0 else "")
        self.query_one("#log-lines", Static).update(text)
        self.scroll_home(animate=False)


@dataclass(frozen=True, slots=True)
class Key:
    """A key of the footer: ``text`` names it, then what it does ("P press"); ``button``
    says that a button on the screen shows it too."""

    text: str
    button: bool = False


#: Between two keys of the footer (the key itself is bold).
_KEY_GAP = "  "


def keys_line(keys: Sequence[Key], width: int) -> Text:
    """The keys on one line of ``width`` cells: when they do not all fit, those a button
    shows as well give way first, from the end. A key's name may stand alone ("End").

    >>> keys = [Key("P press", button=True), Key("H hint"), Key("? help", button=True)]
    >>> keys_line(keys, 40).plain, keys_line(keys, 16).plain, keys_line(keys, 6).plain
    ('P press  H hint  ? help', 'P press  H hint', 'H hint')
    """
    shown = list(keys)

    def length() -> int:
        return sum(cell_len(key.text) for key in shown) + len(_KEY_GAP) * (len(shown) - 1)

    while length() > width and any(key.button for key in shown):
        del shown[max(i for i, key in enumerate(shown) if key.button)]
    line = Text(no_wrap=True, overflow="ellipsis")
    for i, key in enumerate(shown):
        name, _, does = key.text.partition(" ")
        if i:
            line.append(_KEY_GAP)
        line.append(name, style="bold")
        if does:
            line.append(f" {does}")
    return line


class KeyLine(Widget):
    """The footer: the keys that apply now (at the table, or at this step of a replay), on
    one line (see :func:`keys_line`)."""

    DEFAULT_CSS = "KeyLine { height: 1; }"

    def __init__(self, keys: Sequence[Key] = (), *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.keys = tuple(keys)

    def show(self, keys: Sequence[Key]) -> None:
        if tuple(keys) != self.keys:
            self.keys = tuple(keys)
            self.refresh()

    def render(self) -> Text:
        return keys_line(self.keys, self.content_size.width)


def viewer_hand(v: View) -> tuple[Card, ...] | None:
    return None if v.seat == SPECTATOR else v.hand
