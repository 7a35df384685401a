"""The new-game screen: edition, seats, launcher, scoring, house rules and language.

It edits a :class:`Setup` (preset from the command line) and hands it to the app; the
engine validates it, and a refusal is shown as the engine's one-line message. The house
rules offered are those the chosen edition's data sets (``Edition.options_set``), each
with its words; a choice reads without colour: (•) and [x] mark what is chosen.
Its *Recent matches* (Ctrl+R) lists the saved matches; one resumed there is handed to
the app instead, as its :class:`Session`.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, Label, RadioButton, RadioSet, Select, Static

from unoattack.rules import EDITION_NAMES, Edition
from unoattack.rules.cards import is_digits
from unoattack.rules.edition import (
    OPTION_CHOICES,
    OPTION_RANGES,
    SCORING_MODES,
    WILD_CUSTOM_EFFECTS,
    WILD_CUSTOM_PRESSES,
    Options,
)
from unoattack.tui.dialogs import close
from unoattack.tui.i18n import LANGUAGE_NAMES, LANGUAGES, Tr
from unoattack.tui.recent import RecentMatchesScreen
from unoattack.tui.session import SPEEDS, Session
from unoattack.tui.setup import (
    BOT_LEVELS,
    MAX_SEATS,
    MIN_SEATS,
    PLAYABLE_LAUNCHERS,
    Seat,
    Setup,
    SetupError,
)

_MATCH_OPTIONS = ("scoring_mode", "target_score")


def _kind_of(seat: Seat) -> str:
    return f"bot:{seat.level}" if seat.kind == "bot" else seat.kind


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, tuple | list):
        return ",".join(str(v) for v in value)
    return str(value)


class Choice(RadioButton):
    """A radio button whose mark is a glyph, (•) chosen and ( ) not, so that the choice
    reads without colour (Textual's own shows the same ● on every button)."""

    DEFAULT_CSS = """
    Choice > .toggle--button { color: $foreground-muted; background: transparent; }
    Choice.-on > .toggle--button { color: $text-success; text-style: bold; }
    """

    @property
    def _button(self) -> Content:
        return Content.styled(
            "(•)" if self.value else "( )", self.get_visual_style("toggle--button")
        )


class Tick(Checkbox):
    """A checkbox whose mark is a glyph, [x] on and [ ] off (Textual's own shows the same
    X either way, told apart by colour only)."""

    DEFAULT_CSS = """
    Tick > .toggle--button { color: $foreground-muted; background: transparent; }
    Tick.-on > .toggle--button { color: $text-success; text-style: bold; }
    """

    @property
    def _button(self) -> Content:
        return Content.styled(
            "[x]" if self.value else "[ ]", self.get_visual_style("toggle--button")
        )


class _EditionButton(Choice):
    """A radio button whose long label (the edition's description) wraps."""

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        needed = self.get_content_width(container, viewport)
        return max(1, -(-needed // max(width, 1)))


class NewGameScreen(Screen[Setup | Session]):
    """Set up a match; dismissed with the checked :class:`Setup` when the player starts,
    or with the :class:`Session` of a saved match resumed from the recent matches."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", show=False),
        Binding("ctrl+r", "recent", show=False),
        Binding("escape", "quit", show=False),
    ]

    def __init__(self, setup: Setup) -> None:
        super().__init__()
        self.setup = setup
        self.tr = Tr(setup.lang)
        self._edition = self._load_edition()

    def _load_edition(self) -> Edition:
        try:
            return Edition.load(self.setup.edition)
        except ValueError:
            self.setup.edition = EDITION_NAMES[0]
            return Edition.load(self.setup.edition)

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        tr, setup = self.tr, self.setup
        edition = self._edition
        options = edition.with_options(self._valid_options()).options
        yield Static(tr("new.title"), id="new-title", classes="dialog-title")
        with VerticalScroll(id="form"):
            with Horizontal(classes="row"):
                yield Label(tr("new.language"), classes="field")
                yield Select(
                    [(LANGUAGE_NAMES[lang], lang) for lang in LANGUAGES],
                    value=setup.lang,
                    allow_blank=False,
                    compact=True,
                    id="lang",
                )
            yield Label(tr("new.edition"), classes="section")
            with RadioSet(id="edition", compact=True):
                names = list(EDITION_NAMES)
                if setup.edition not in names:
                    names.append(setup.edition)
                for name in names:
                    ed = Edition.load(name)
                    title = tr.edition_title(ed)  # as the table's header
                    description = tr.edition_description(ed)
                    yield _EditionButton(
                        f"{title} — {description}",
                        value=name == setup.edition,
                        compact=True,
                        id=f"ed-{EDITION_NAMES.index(name) if name in EDITION_NAMES else 9}",
                    )
            yield Label(tr("new.seats"), classes="section")
            with Vertical(id="seat-rows"):
                for i, seat in enumerate(setup.seats):
                    yield self._seat_row(i, seat)
            with Horizontal(classes="row"):
                yield Button(tr("new.add"), id="add-seat", compact=True)
                yield Button(tr("new.remove"), id="remove-seat", compact=True)
            yield Label(tr("new.launcher"), classes="section")
            with Horizontal(classes="row"):
                launchers = list(PLAYABLE_LAUNCHERS)
                if setup.launcher not in launchers:
                    launchers.append(setup.launcher)
                yield Select(
                    [(self._launcher_name(name), name) for name in launchers],
                    value=setup.launcher,
                    allow_blank=False,
                    compact=True,
                    id="launcher",
                )
                yield Static(self._launcher_note(setup.launcher), id="launcher-note")
            yield Label(tr("new.scoring"), classes="section")
            with Horizontal(classes="row"):
                yield Select(
                    self._scoring_choices(options.target_score),
                    value=options.scoring_mode,
                    allow_blank=False,
                    compact=True,
                    id="opt-scoring_mode",
                )
                yield Static(tr(f"scoring.{options.scoring_mode}"), id="scoring-note")
            with Horizontal(classes="row"):
                yield Label(tr("new.target"), classes="field")
                yield Input(
                    str(options.target_score), id="opt-target_score", type="integer", compact=True
                )
            with Horizontal(classes="row"):
                yield Label(tr("new.seed"), classes="field")
                yield Input(
                    "" if setup.seed is None else str(setup.seed),
                    id="seed",
                    type="integer",
                    compact=True,
                )
            with Horizontal(classes="row"):
                yield Label(tr("new.speed"), classes="field")
                yield Select(
                    [(tr(f"speed.{name}"), name) for name in SPEEDS],
                    value=setup.speed if setup.speed in SPEEDS else "normal",
                    allow_blank=False,
                    compact=True,
                    id="speed",
                )
            yield Label(tr("new.rules"), classes="section")
            for name in self._house_rules():
                yield self._option_row(name, getattr(options, name))
        yield Static("", id="new-error")
        with Horizontal(id="new-buttons"):
            yield Button(tr("new.start"), id="start", variant="primary", compact=True)
            yield Button(tr("new.recent"), id="recent", compact=True)
            yield Button(tr("new.quit"), id="quit", compact=True)

    def _seat_row(self, index: int, seat: Seat) -> Horizontal:
        tr = self.tr
        kinds = [
            (tr("new.kind.you"), "you"),
            (tr("new.kind.human"), "human"),
            *((tr(f"new.kind.bot.{level}"), f"bot:{level}") for level in BOT_LEVELS),
        ]
        if seat.kind == "bot" and seat.level not in BOT_LEVELS:
            # A search with its own options, given with --players (bot:ismcts:iters=500):
            # offered as it was written, so that the screen keeps it.
            kinds.append((tr("new.kind.bot.search", spec=seat.level), f"bot:{seat.level}"))
        name = Input(seat.name, placeholder=tr("new.name"), id=f"seat-name-{index}", compact=True)
        name.display = seat.is_human
        return Horizontal(
            Label(tr("new.seat", n=index + 1), classes="field"),
            Select(
                kinds,
                value=_kind_of(seat),
                allow_blank=False,
                compact=True,
                id=f"seat-kind-{index}",
            ),
            name,
            classes="row seat-row",
        )

    def _house_rules(self) -> list[str]:
        """The options this edition's data sets, and any other the setup changes (from
        ``--option``): the rules that matter at this table. Scoring has its own rows."""
        shown = set(self._edition.options_set) | set(self._valid_options())
        return [f.name for f in fields(Options) if f.name in shown - set(_MATCH_OPTIONS)]

    def _option_row(self, name: str, value: Any) -> Horizontal:
        label = self.tr.option(name)
        ident = f"opt-{name}"
        if isinstance(value, bool):
            return Horizontal(
                Tick(label, value=value, id=ident, compact=True),
                classes="row option-row",
            )
        widget: Select[str] | Input
        choices = self._choices(name)
        if choices:
            if str(value) not in {choice for _, choice in choices}:
                choices.append((str(value), str(value)))  # a value from a newer edition file
            widget = Select(choices, value=str(value), allow_blank=False, compact=True, id=ident)
        else:
            widget = Input(_text(value), id=ident, compact=True)
        return Horizontal(widget, Label(label, classes="option-label"), classes="row option-row")

    def _choices(self, name: str) -> list[tuple[str, str]]:
        """The values of an option that takes a word, each in words, or none."""
        tr = self.tr
        if name in OPTION_CHOICES:
            return [(tr(f"choice.{name}.{value}"), value) for value in OPTION_CHOICES[name]]
        if name != "wild_custom_effect":
            return []
        low, high = WILD_CUSTOM_PRESSES
        choices: list[tuple[str, str]] = []
        for effect in WILD_CUSTOM_EFFECTS:
            key, counted, _ = effect.partition(":")
            if counted:
                choices.extend(
                    (tr(f"custom.{key}", times=tr.times(n)), f"{key}:{n}")
                    for n in range(low, high + 1)
                )
            else:
                choices.append((tr(f"custom.{key}"), key))
        return choices

    def _scoring_choices(self, target: int) -> list[tuple[str, str]]:
        return [(self.tr(f"scoring.name.{mode}", target=target), mode) for mode in SCORING_MODES]

    def _launcher_name(self, launcher: str) -> str:
        key = f"launcher.name.{launcher}"
        return self.tr(key) if self.tr.has(key) else launcher

    def _launcher_note(self, launcher: str) -> str:
        key = f"launcher.{launcher}"
        return self.tr(key) if self.tr.has(key) else ""

    def on_mount(self) -> None:
        self.query_one("#start", Button).focus()

    # ------------------------------------------------------------------ reading the form

    def _valid_options(self) -> dict[str, Any]:
        try:
            self._edition.with_options(self.setup.options)
        except ValueError:
            return {}
        return self.setup.options

    def _collect(self) -> None:
        """Read every field into ``self.setup`` (nothing is checked here)."""
        setup = self.setup
        seats = []
        for row in self.query(".seat-row"):
            kind = str(row.query_one(Select).value)
            name = row.query_one(Input).value.strip()
            if kind.startswith("bot:"):
                seats.append(Seat("bot", level=kind.removeprefix("bot:")))
            else:
                seats.append(Seat(kind, name.replace(",", " ")))
        setup.seats = tuple(seats)
        setup.speed = str(self.query_one("#speed", Select).value)
        setup.launcher = str(self.query_one("#launcher", Select).value)
        defaults = self._edition.options
        options: dict[str, Any] = {}
        for f in fields(Options):
            widgets = self.query(f"#opt-{f.name}")
            if not widgets:
                continue
            widget = widgets.first()
            value: Any
            if isinstance(widget, Checkbox):
                value = widget.value
            elif isinstance(widget, Select):
                value = str(widget.value)
            elif isinstance(widget, Input):
                value = widget.value.strip()
            else:
                continue
            if _text(value) != _text(getattr(defaults, f.name)):
                options[f.name] = value
        setup.options = options
        seed = self.query_one("#seed", Input).value.strip()
        setup.seed = int(seed) if is_digits(seed.removeprefix("-")) else None

    # ------------------------------------------------------------------ events

    async def _rebuild(self) -> None:
        # The control that changed keeps the focus (a recompose drops it): Enter on
        # "Add a seat" adds another, Tab goes on from there.
        focused = self.focused.id if self.focused is not None else None
        self.tr = Tr(self.setup.lang)
        self._edition = self._load_edition()
        await self.recompose()
        if focused is not None:
            for widget in self.query(f"#{focused}"):
                widget.focus()

    async def on_select_changed(self, event: Select.Changed) -> None:
        ident = event.select.id or ""
        if ident == "lang" and event.value != self.setup.lang:
            self._collect()
            self.setup.lang = str(event.value)
            await self._rebuild()
        elif ident == "launcher":
            self.query_one("#launcher-note", Static).update(self._launcher_note(str(event.value)))
        elif ident == "opt-scoring_mode":
            self.query_one("#scoring-note", Static).update(self.tr(f"scoring.{event.value}"))
        elif ident.startswith("seat-kind-"):
            index = ident.removeprefix("seat-kind-")
            human = str(event.value) in ("you", "human")
            self.query_one(f"#seat-name-{index}", Input).display = human

    def on_input_changed(self, event: Input.Changed) -> None:
        # "First to 500 points" names the target score: it follows the target typed.
        target = event.value.strip()
        if event.input.id != "opt-target_score" or not is_digits(target):
            return
        select = self.query_one("#opt-scoring_mode", Select)
        mode = select.value
        choices = self._scoring_choices(int(target))
        with select.prevent(Select.Changed):
            select.set_options(choices)
            # Setting the value it already has would not redraw its label: pass by
            # another choice first.
            select.value = next(value for _label, value in choices if value != mode)
            select.value = mode

    async def on_radio_set_changed(self, event: RadioSet.Changed) -> None:
        ident = event.pressed.id or ""
        if not ident.startswith("ed-") or not ident[3:].isdigit():
            return
        number = int(ident[3:])
        if number >= len(EDITION_NAMES):
            return
        name = EDITION_NAMES[number]
        if name != self.setup.edition:
            self._collect()
            self.setup.edition = name
            self.setup.options = {}  # the house rules start from the new edition's own
            await self._rebuild()

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        ident = event.button.id
        if ident == "start":
            self.action_start()
        elif ident == "recent":
            self.action_recent()
        elif ident == "quit":
            self.action_quit()
        elif ident in ("add-seat", "remove-seat"):
            self._collect()
            seats = list(self.setup.seats)
            if ident == "add-seat" and len(seats) < MAX_SEATS:
                seats.append(Seat("bot", level="family"))
            elif ident == "remove-seat" and len(seats) > MIN_SEATS:
                seats.pop()
            self.setup.seats = tuple(seats)
            await self._rebuild()

    def action_start(self) -> None:
        self._collect()
        problem = self._problem()
        if problem is None:
            try:
                self.setup.check()
            except SetupError as exc:
                problem = str(exc)
        if problem is not None:
            self.query_one("#new-error", Static).update(self.tr("new.error", error=problem))
            return
        close(self, self.setup)

    def _problem(self) -> str | None:
        """What is wrong with the fields, in the screen's words (its labels, its
        language); None if nothing the screen can tell (the engine checks the rest)."""
        if sum(seat.kind == "you" for seat in self.setup.seats) > 1:
            return self.tr("new.error.one_you")
        for name, (low, high) in OPTION_RANGES.items():
            for field in self.query(f"#opt-{name}"):
                if not isinstance(field, Input):
                    continue
                text = field.value.strip()
                if not is_digits(text) or not low <= int(text) <= high:
                    label = self.tr.option(name)
                    return self.tr("new.error.range", option=label, low=low, high=high)
        return None

    def action_recent(self) -> None:
        """Open the recent matches; a match resumed there replaces this screen's setup."""

        def resumed(session: Session | None) -> None:
            if session is not None:
                close(self, session)

        self.app.push_screen(RecentMatchesScreen(self.tr), resumed)

    def action_quit(self) -> None:
        self.app.exit()
