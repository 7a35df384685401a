"""The terminal table driven like a player would: keys, buttons, dialogs, screens.

Every table runs at ``Pace.instant()``: bots act and animations end at once, in a fixed
order, so each test is exact and nothing waits on the clock (but one, where the bot's
thinking time is what the test is about).
"""

from __future__ import annotations

import random
import re
import secrets
import threading
from dataclasses import replace
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Button, Checkbox, Input, RadioButton, Select, Static

from test_tui_support import (
    ScriptBot,
    flat,
    run,
    screen_text,
    session_for,
    table_app,
    until,
)
from unoattack.bots.ismcts import ISMCTSBot, MoveEstimate
from unoattack.engine import Action, ActionKind, Game, Record, parse_position, view
from unoattack.engine.determinize import Sampler
from unoattack.engine.events import (
    CardPlayed,
    Caught,
    HandsTraded,
    UnoSaid,
)
from unoattack.rules import Card, Colour, Edition
from unoattack.tui import store
from unoattack.tui import table as table_module
from unoattack.tui.app import PlayApp, ReplayApp
from unoattack.tui.commands import _resumed_session, build_setup
from unoattack.tui.dialogs import (
    ColourDialog,
    HandOverScreen,
    HelpScreen,
    MatchOverScreen,
    PassScreen,
    TargetDialog,
)
from unoattack.tui.new_game import NewGameScreen
from unoattack.tui.replay import ReplayScreen
from unoattack.tui.session import Pace
from unoattack.tui.setup import Setup, parse_players
from unoattack.tui.table import TableScreen
from unoattack.tui.widgets import HandView

TAIL = "stock=... launcher=scripted:0 seed=0"
#: Options the new-game screen shows under Scoring, not among the house rules.
SCORING_OPTIONS = ("scoring_mode", "target_score")


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test saves into its own data directory."""
    monkeypatch.setenv(store.ENV_VAR, str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.fixture
def drawn_seed(monkeypatch: pytest.MonkeyPatch) -> int:
    """The seed a match started without one draws, fixed, so that the deal is known: seed
    13, say, turns up a wild first and the table opens under a colour dialog."""
    monkeypatch.setattr(secrets, "randbelow", lambda bound: 1)
    return 1


def table(pilot: Pilot[None]) -> TableScreen:
    screen = pilot.app.screen
    assert isinstance(screen, TableScreen), type(screen).__name__
    return screen


def played(game: Game) -> list[CardPlayed]:
    return [e for e in game.log if isinstance(e, CardPlayed)]


def notices(pilot: Pilot[None]) -> list[str]:
    """The notices shown so far, oldest first (refusals and their reasons among them)."""
    return [str(notice.message) for notice in pilot.app._notifications]


# ---------------------------------------------------------------------- starting


def test_a_game_starts_from_flags_with_no_screen_in_between(data_dir: Path) -> None:
    setup = build_setup(
        edition="mega-hit", players="you,bot:heuristic,bot:heuristic", seed=7, lang="fr"
    )
    app = PlayApp(setup, pace=Pace.instant())

    async def scenario(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        game = screen.game
        assert game.edition.name == "mega-hit" and game.n == 3 and game.seed == 7
        assert game.to_act == 0  # the bots have played up to the human's turn
        hand = screen.query_one(HandView)
        assert sorted(map(str, hand.cards)) == sorted(map(str, view(game, 0).hand or ()))
        assert "Votre main" in screen_text(pilot.app)
        assert screen.prompt_text.startswith("À vous")
        saved = store.records()
        assert len(saved) == 1
        assert Record.load(saved[0]).actions == Record.from_game(game).actions

    run(app, scenario)


def test_the_pace_is_chosen_on_the_new_game_screen(drawn_seed: int) -> None:
    app = PlayApp(show_setup=True, pace=Pace.instant(), save=False)

    async def scenario(pilot: Pilot[None]) -> None:
        screen = pilot.app.screen
        assert isinstance(screen, NewGameScreen)
        speed = screen.query_one("#speed", Select)
        assert speed.value == "instant"  # the app's own pace, to begin with
        speed.value = "fast"
        await pilot.pause()
        screen.query_one("#start", Button).press()
        await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen))
        assert table(pilot).pace.speed == "fast"
        assert table(pilot).game.seed == drawn_seed
        assert table(pilot).match.timing.think == 0.35

    run(app, scenario, size=(120, 50))


def test_the_new_game_screen_sets_up_and_starts_a_match() -> None:
    app = PlayApp(show_setup=True, pace=Pace.instant(), save=False)

    async def scenario(pilot: Pilot[None]) -> None:
        screen = pilot.app.screen
        assert isinstance(screen, NewGameScreen)
        assert "The original: Hit 2" in flat(pilot.app)
        screen.query_one("#lang", Select).value = "fr"
        await until(pilot, lambda: "Nouvelle partie" in flat(pilot.app))
        screen.query_one("#ed-2", RadioButton).value = True  # mega-hit
        await until(pilot, lambda: screen.setup.edition == "mega-hit")
        await until(pilot, lambda: screen.query_one("#opt-stacking", Checkbox).value)
        screen.query_one("#add-seat", Button).press()
        await until(pilot, lambda: len(screen.query(".seat-row")) == 4)
        screen.query_one("#seat-kind-3", Select).value = "bot:random"
        screen.query_one("#seed", Input).value = "11"
        await pilot.pause()
        screen.query_one("#start", Button).press()
        await pilot.pause()
        game = table(pilot).game
        assert (game.edition.name, game.n, game.seed) == ("mega-hit", 4, 11)
        assert [s.spec for s in table(pilot).session.seats] == [
            "you",
            "bot:family",
            "bot:family",
            "bot:random",
        ]
        assert "Votre main" in screen_text(pilot.app)

    run(app, scenario, size=(100, 60))


def test_the_new_game_screen_seats_every_bot_level_the_search_bots_too() -> None:
    # It once offered only random, family and heuristic, and crashed when --setup (or N
    # after a match) showed it a table with a search bot.
    setup = Setup(seats=parse_players("you,bot:ismcts-hard,bot:heuristic"), seed=3)
    app = PlayApp(setup, show_setup=True, pace=Pace.instant(), save=False)

    async def scenario(pilot: Pilot[None]) -> None:
        screen = pilot.app.screen
        assert isinstance(screen, NewGameScreen)
        kind = screen.query_one("#seat-kind-1", Select)
        assert kind.value == "bot:ismcts-hard"
        assert [value for _, value in kind._options] == [
            "you",
            "human",
            "bot:random",
            "bot:family",
            "bot:heuristic",
            "bot:ismcts-easy",
            "bot:ismcts-normal",
            "bot:ismcts-hard",
        ]
        assert "Bot: search, hard" in flat(pilot.app)
        screen.query_one("#seat-kind-2", Select).value = "bot:ismcts-easy"
        await pilot.pause()
        screen.query_one("#start", Button).press()
        await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen))
        assert [s.spec for s in table(pilot).session.seats] == [
            "you",
            "bot:ismcts-hard",
            "bot:ismcts-easy",
        ]

    run(app, scenario, size=(100, 60))


@pytest.mark.parametrize(("lang", "label"), [("en", "Bot: "), ("fr", "Robot : ")])
def test_a_search_with_its_own_options_keeps_its_seat_from_the_command_line_to_the_table(
    lang: str, label: str
) -> None:
    # --players takes the searches that tournament and simulate take (docs/bots.md), so
    # that a player can sit down against a reproducible search; the new-game screen
    # offers the seat as it was written rather than failing on a level it does not list.
    spec = "ismcts:iters=150:depth=4"
    setup = Setup(seats=parse_players(f"you,bot:{spec}"), seed=3, lang=lang)
    app = PlayApp(setup, show_setup=True, pace=Pace.instant(), save=False)

    async def scenario(pilot: Pilot[None]) -> None:
        screen = pilot.app.screen
        assert isinstance(screen, NewGameScreen)
        kind = screen.query_one("#seat-kind-1", Select)
        assert kind.value == f"bot:{spec}"
        assert [value for _, value in kind._options][-1] == f"bot:{spec}"
        assert label + spec in flat(pilot.app)
        screen.query_one("#start", Button).press()
        await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen))
        session = table(pilot).session
        assert [s.spec for s in session.seats] == ["you", f"bot:{spec}"]
        bot = session.bots[1]
        assert isinstance(bot, ISMCTSBot)
        assert (bot.iterations, bot.depth) == (150, 4)

    run(app, scenario, size=(100, 60))


@pytest.mark.parametrize("edition", ["2003", "2010", "mega-hit"])
def test_the_new_game_screen_offers_the_house_rules_of_the_chosen_edition(edition: str) -> None:
    setup = Setup(edition=edition, seed=1)
    app = PlayApp(setup, show_setup=True, pace=Pace.instant(), save=False)

    async def scenario(pilot: Pilot[None]) -> None:
        screen = pilot.app.screen
        assert isinstance(screen, NewGameScreen)
        shown = [row.children[0].id for row in screen.query(".option-row")]
        offered = Edition.load(edition).options_set
        assert shown == [f"opt-{name}" for name in offered if name not in SCORING_OPTIONS]
        # The options no edition file sets, and those a deck makes moot, are not offered.
        assert "opt-last_card_effects" not in shown and "opt-reshuffle_threshold" not in shown
        assert ("opt-attack_resume" in shown) == (edition != "2003")  # no attack card
        assert ("opt-may_go_out_on_trade_hands" in shown) == (edition == "2003")

    run(app, scenario, size=(100, 60))


def test_the_new_game_screen_names_every_choice_in_words() -> None:
    setup = Setup(edition="2010", seed=1, lang="fr")
    app = PlayApp(setup, show_setup=True, pace=Pace.instant(), save=False)

    async def scenario(pilot: Pilot[None]) -> None:
        screen = pilot.app.screen
        assert isinstance(screen, NewGameScreen)

        def words(ident: str) -> dict[str, str]:
            """The choices of a Select (which has no public list of them) by value."""
            select = screen.query_one(ident, Select)
            return {str(value): str(label) for label, value in select._options}

        assert words("#opt-scoring_mode") == {
            "first_to_500": "Premier à 500 points",
            "running_total_lowest_wins": "Le plus petit total gagne",
            "challenge": "Défi (élimination)",
        }
        assert words("#launcher")["hazard"] == "Réaliste"
        custom = words("#opt-wild_custom_effect")
        assert (custom["plain_wild"], custom["hit:2"], custom["attack:3"]) == (
            "carte blanche simple",
            "Appuyer 2 fois",
            "Attaque : 3 fois",
        )
        assert len(custom) == 6 + 2 * 10  # six effects, and Hit and Attack from 1 to 10
        screen.query_one("#opt-target_score", Input).value = "300"
        await pilot.pause()
        assert words("#opt-scoring_mode")["first_to_500"] == "Premier à 300 points"
        assert screen.query_one("#opt-scoring_mode", Select).value == "first_to_500"
        # The menu shows it too (it kept saying 500: the same value drew no new label).
        shown = screen.query_one("#opt-scoring_mode #label", Static)
        assert str(shown.render()) == "Premier à 300 points"

    run(app, scenario, size=(100, 60))


EDITION_TITLES = {
    ("2003", "en"): "UNO Attack! (2003)",
    ("2003", "fr"): "UNO Attack! (2003)",
    ("2010", "en"): "UNO Attack! (later edition)",
    ("2010", "fr"): "UNO Attack! (édition ultérieure)",
    ("mega-hit", "en"): "UNO Attack! Méga appuyer",
    ("mega-hit", "fr"): "UNO Attack! Méga appuyer",
}


@pytest.mark.parametrize(("edition", "lang"), EDITION_TITLES)
def test_the_edition_has_one_name_on_the_new_game_screen_and_at_the_table(
    edition: str, lang: str
) -> None:
    # The new-game screen once named the editions "2003", "2010" and "mega-hit", and the
    # table's header "UNO Attack! (later edition)" in French too.
    title = EDITION_TITLES[edition, lang]
    setup = Setup(edition=edition, seats=parse_players("you,bot"), seed=1, lang=lang)
    app = PlayApp(setup, show_setup=True, pace=Pace.instant(), save=False)

    async def scenario(pilot: Pilot[None]) -> None:
        screen = pilot.app.screen
        assert isinstance(screen, NewGameScreen)
        chosen = [button for button in screen.query(RadioButton) if button.value]
        assert [button.label.plain.split(" — ")[0] for button in chosen] == [title]
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen))
        header = screen_text(pilot.app).splitlines()[0].strip()
        assert header.split(" · ")[0] == title

    run(app, scenario, size=(80, 24))


def test_the_control_that_changed_the_new_game_screen_keeps_the_focus() -> None:
    # The screen is built again when a seat is added or the language changes: Enter on
    # "Add a seat" added one seat, and the next ones went nowhere.
    app = PlayApp(show_setup=True, pace=Pace.instant(), save=False)

    async def scenario(pilot: Pilot[None]) -> None:
        screen = pilot.app.screen
        assert isinstance(screen, NewGameScreen)
        screen.query_one("#add-seat", Button).focus()
        for seats in (4, 5, 6):
            await pilot.press("enter")
            await until(pilot, lambda seats=seats: len(screen.query(".seat-row")) == seats)
            assert screen.focused is not None and screen.focused.id == "add-seat"
        screen.query_one("#remove-seat", Button).focus()
        await pilot.press("enter")
        await until(pilot, lambda: len(screen.query(".seat-row")) == 5)
        assert screen.focused is not None and screen.focused.id == "remove-seat"
        screen.query_one("#lang", Select).focus()
        screen.query_one("#lang", Select).value = "fr"
        await until(pilot, lambda: "Nouvelle partie" in flat(pilot.app))
        assert screen.focused is not None and screen.focused.id == "lang"

    run(app, scenario, size=(120, 50))


REFUSED_SETUPS = {
    "en": (
        "Cannot start: Target score must be a whole number from 1 to 1000000.",
        "Cannot start: Presses for being caught without UNO must be a whole number from 0 to 20.",
        "Cannot start: only one seat can be “You”: make the others human or bots.",
    ),
    "fr": (
        "Impossible de commencer : Score visé doit être un nombre entier de 1 à 1000000.",
        "Impossible de commencer : Appuis pour un UNO oublié doit être un nombre entier de 0 à 20.",
        "Impossible de commencer : une seule place peut être « Vous » : les autres sont des "
        "joueurs ou des robots.",
    ),
}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_new_game_screen_refuses_a_bad_setup_in_one_line_in_its_own_words(lang: str) -> None:
    # The engine's words ("option 'target_score' got '0'") are for --option; the screen
    # names its own fields, in its language.
    target, presses, two_of_you = REFUSED_SETUPS[lang]
    app = PlayApp(Setup(lang=lang), show_setup=True, pace=Pace.instant(), save=False)

    async def scenario(pilot: Pilot[None]) -> None:
        screen = pilot.app.screen
        assert isinstance(screen, NewGameScreen)

        async def refused() -> str:
            screen.query_one("#start", Button).press()
            await pilot.pause()
            assert isinstance(pilot.app.screen, NewGameScreen)
            return str(screen.query_one("#new-error", Static).render())

        screen.query_one("#opt-target_score", Input).value = "0"
        assert await refused() == target
        screen.query_one("#opt-target_score", Input).value = "500"
        screen.query_one("#opt-uno_penalty_presses", Input).value = "abc"
        assert await refused() == presses
        screen.query_one("#opt-uno_penalty_presses", Input).value = "2"
        screen.query_one("#seat-kind-1", Select).value = "you"
        assert await refused() == two_of_you

    run(app, scenario, size=(120, 50))


# ---------------------------------------------------------------------- playing cards


def test_enter_plays_the_chosen_card_and_the_log_tells_it() -> None:
    app = table_app(f"2003 hands=R7,G3/B4,B5 pile=R2 turn=0 dealer=1 scores=0,0 {TAIL}")

    async def scenario(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        assert screen.query_one(HandView).chosen == Card.parse("R7")  # the playable one
        await pilot.press("enter")
        assert played(screen.game)[0].card == Card.parse("R7")
        assert "You play red 7." in screen.log_lines
        assert "Bot 2 presses the launcher: ding, nothing comes out." in screen.log_lines

    run(app, scenario)


def test_arrows_choose_a_card_and_an_unplayable_one_is_refused_with_the_reason() -> None:
    app = table_app(f"2003 hands=R7,G3/B4,B5 pile=R2 turn=0 dealer=1 scores=0,0 {TAIL}")

    async def scenario(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        await pilot.press("down")
        assert screen.query_one(HandView).chosen == Card.parse("G3")
        await pilot.press("enter")
        assert played(screen.game) == []
        assert screen.game.to_act == 0
        assert notices(pilot)[-1] == (
            "Green 3 matches neither red nor 2: play a red card or a 2, or press the launcher."
        )
        await pilot.press("up", "enter")
        assert played(screen.game)[0].card == Card.parse("R7")

    run(app, scenario)


def test_a_not_your_turn_refusal_is_withdrawn_when_the_turn_comes() -> None:
    """The refusal says who is to act; once the bot has played and the viewer's turn has
    come, it would contradict the prompt, so it goes at once (not after its six seconds).
    Another notice shown meanwhile stays."""
    game = parse_position(f"2003 hands=R7,G3/R4,B5 pile=R2 turn=1 dealer=0 scores=0,0 {TAIL}")
    session = session_for(game, "you,bot", bots={1: ScriptBot(["play R4"])})
    # The bot thinks 3 s, so that the table is up and the refusal shown before it plays
    # even on a loaded machine (with 0.8 s, a slow start once let the bot play first).
    app = PlayApp(session=session, pace=replace(Pace.instant(), think=3.0))

    async def scenario(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        assert screen.game.to_act == 1
        await pilot.press("enter")
        pilot.app.notify("Could not save the match", severity="error", timeout=60)
        await pilot.pause()
        assert notices(pilot) == [
            "It is not your turn: Bot 2 is to act, so wait for your turn.",
            "Could not save the match",
        ]
        await until(pilot, lambda: screen.game.to_act == 0)
        await pilot.pause()
        assert played(screen.game)[-1].card == Card.parse("R4")
        assert notices(pilot) == ["Could not save the match"]
        assert screen.prompt_text.startswith("Your turn")

    run(app, scenario)


def test_a_refused_card_is_explained_in_french() -> None:
    app = table_app(f"2003 hands=R7,G3/B4,B5 pile=R2 turn=0 dealer=1 scores=0,0 {TAIL}", lang="fr")

    async def scenario(pilot: Pilot[None]) -> None:
        await pilot.press("down", "enter")
        assert played(table(pilot).game) == []
        assert notices(pilot)[-1] == (
            "La carte 3 vert ne va ni sur le rouge ni sur le 2 : jouez une carte rouge ou un "
            "2, ou appuyez sur le distributeur."
        )

    run(app, scenario)


def test_facing_a_hit_pile_each_refused_key_says_why() -> None:
    bots = {2: ScriptBot(["play R-Hit2"])}
    app = table_app(
        f"mega-hit hands=Y-Hit1,G4/B4,B5/R-Hit2,R3,R4 pile=R2 turn=2 dealer=1 scores=0,0,0 {TAIL}",
        "you,bot,bot",
        bots=bots,
    )

    async def scenario(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        assert screen.game.to_act == 0
        await pilot.press("right", "enter")  # G4 cannot go on the Hit pile
        assert screen.query_one(HandView).chosen == Card.parse("G4")
        assert notices(pilot)[-1] == (
            "Only a Hit card can go on the Hit pile: stack one, or press the launcher."
        )
        await pilot.press("s")  # this edition has no stopping once the launcher fires
        assert notices(pilot)[-1] == (
            "In this edition every press must be made: keep pressing the launcher."
        )
        assert played(screen.game)[-1].card == Card.parse("R-Hit2")  # nothing more played
        assert screen.game.to_act == 0

    run(app, scenario)


# Sixty-four cards, sixteen of each colour: at 80 columns each colour takes two lines of
# chips (eight lines), more than an 80x24 screen leaves the hand beside the table.
LONG_HAND = ",".join(
    f"{colour}{card}"
    for colour in "RYGB"
    for card in (*"123456789", "-Skip", "-Skip", "-Rev", "-Rev", "-Hit2", "-DA", "-TH")
)
LONG_HAND_SCREEN = {
    "en": (
        "What happened",
        "Press (P)",
        "←→↑↓ choose  Enter play  P press  U UNO  H hint  Z undo  F speed  Q quit",
        "▸Trade Hands◂",
    ),
    "fr": (
        "Ce qui s'est passé",
        "Appuyer (P)",
        "←→ carte  Entrée jouer  P appuyer  H conseil  Z annuler  F vitesse  Q quitter",
        "▸Échange◂",
    ),
}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_long_hand_scrolls_in_its_panel_with_the_chosen_card_in_sight(lang: str) -> None:
    # A hand of 64 cards once pushed the buttons and the footer off an 80x24 screen.
    app = table_app(
        f"2003 hands={LONG_HAND}/B9 pile=R9 turn=0 dealer=1 scores=0,0 {TAIL}", lang=lang
    )
    log_title, press, footer, last_chip = LONG_HAND_SCREEN[lang]

    async def scenario(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        hand = screen.query_one(HandView)
        box = screen.query_one("#hand-box")
        lines = screen_text(pilot.app).splitlines()
        assert len(lines) == 24
        assert lines[0].startswith(" UNO Attack! (2003) · ")
        # The whole table stays on the screen: the log keeps three lines, the buttons and
        # the footer their rows.
        log_top = next(row for row, line in enumerate(lines) if f"╭─ {log_title} " in line)
        log_end = next(row for row in range(log_top, 24) if lines[row].startswith("╰"))
        assert log_end - log_top - 1 == 3
        assert lines[-2].lstrip().startswith(press)
        assert lines[-1].strip() == footer
        # The hand scrolls in its panel, the chosen card in sight.
        assert (hand.chosen, box.scroll_y) == (Card.parse("R1"), 0)
        assert box.max_scroll_y > 0
        assert "▸1◂" in screen_text(pilot.app)
        await pilot.press("left")  # round to the last card, on the last line
        await pilot.pause()
        assert (hand.chosen, box.scroll_y) == (Card.parse("B-TH"), box.max_scroll_y)
        assert last_chip in screen_text(pilot.app)
        await pilot.press("right")  # and back to the first
        await pilot.pause()
        assert (hand.chosen, box.scroll_y) == (Card.parse("R1"), 0)
        assert "▸1◂" in screen_text(pilot.app)

    run(app, scenario, size=(80, 24))


def test_clicking_a_card_chooses_it_and_clicking_again_plays_it() -> None:
    app = table_app(f"2003 hands=R7,R3/B4,B5 pile=R2 turn=0 dealer=1 scores=0,0 {TAIL}")

    async def scenario(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        hand = screen.query_one(HandView)
        assert [str(c) for c in hand.cards] == ["R3", "R7"]
        region = next(r for r in hand._regions if r.index == 1)
        await pilot.click(HandView, offset=(region.x0 + 2, region.y))  # +1 for padding
        assert hand.chosen == Card.parse("R7")
        await pilot.click(HandView, offset=(region.x0 + 2, region.y))
        assert played(screen.game)[0].card == Card.parse("R7")

    run(app, scenario)


def test_a_wild_asks_for_a_colour() -> None:
    app = table_app(f"2003 hands=W,G3/B4,B5 pile=R2 turn=0 dealer=1 scores=0,0 {TAIL}")

    async def scenario(pilot: Pilot[None]) -> None:
        await pilot.press("enter")
        dialog = pilot.app.screen
        assert isinstance(dialog, ColourDialog)
        assert dialog.colours == [Colour.RED, Colour.YELLOW, Colour.GREEN, Colour.BLUE]
        await pilot.press("b")
        event = played(table(pilot).game)[0]
        assert (event.card, event.colour) == (Card.parse("W"), Colour.BLUE)

    run(app, scenario)


def test_the_colour_picker_speaks_french_and_takes_french_initials() -> None:
    app = table_app(f"2003 hands=W,G3/B4,B5 pile=R2 turn=0 dealer=1 scores=0,0 {TAIL}", lang="fr")

    async def scenario(pilot: Pilot[None]) -> None:
        await pilot.press("enter")
        text = flat(pilot.app)
        assert "Choisissez la couleur de la Carte blanche" in text
        assert "Jaune (J)" in text
        await pilot.press("j")
        assert played(table(pilot).game)[0].colour is Colour.YELLOW

    run(app, scenario)


def test_escape_cancels_a_play_at_the_colour_picker() -> None:
    app = table_app(f"2003 hands=W,G3/B4,B5 pile=R2 turn=0 dealer=1 scores=0,0 {TAIL}")

    async def scenario(pilot: Pilot[None]) -> None:
        await pilot.press("enter", "escape")
        screen = table(pilot)
        assert played(screen.game) == [] and screen.game.to_act == 0

    run(app, scenario)


def test_trade_hands_asks_whom_to_trade_with() -> None:
    app = table_app(
        f"2003 hands=Y-TH,R1/B4,B5/G1,G2,G3 pile=Y5 turn=0 dealer=2 scores=0,0,0 {TAIL}",
        "you,bot,bot",
    )

    async def scenario(pilot: Pilot[None]) -> None:
        await pilot.press("enter")
        dialog = pilot.app.screen
        assert isinstance(dialog, TargetDialog)
        assert dialog.targets == [(1, "Bot 2 · 2 cards"), (2, "Bot 3 · 3 cards")]
        assert "Bot 3 · 3 cards (3)" in flat(pilot.app)  # a seat's key is its number
        await pilot.press("3")
        screen = table(pilot)
        traded = [e for e in screen.game.log if isinstance(e, HandsTraded)]
        assert (traded[0].seat, traded[0].target) == (0, 2)
        assert "You trade hands with Bot 3. You receive green 1, green 2, green 3." in (
            screen.log_lines
        )

    run(app, scenario)


def test_attack_attack_asks_a_colour_then_a_target() -> None:
    app = table_app(
        f"2010 hands=WAA,R1/B4,B5/G1,G2 pile=Y5 turn=0 dealer=2 scores=0,0,0 {TAIL}",
        "you,bot,bot",
    )

    async def scenario(pilot: Pilot[None]) -> None:
        await pilot.press("enter")
        assert isinstance(pilot.app.screen, ColourDialog)
        await pilot.press("g")
        assert isinstance(pilot.app.screen, TargetDialog)
        await pilot.press("2")  # Bot 2
        event = played(table(pilot).game)[0]
        assert (event.card, event.colour, event.target) == (
            Card.parse("WAA"),
            Colour.GREEN,
            1,
        )

    run(app, scenario)


def test_facing_a_hit_pile_the_prompt_offers_to_stack_or_press() -> None:
    bots = {2: ScriptBot(["play R-Hit2"])}
    app = table_app(
        f"mega-hit hands=Y-Hit1,G4/B4,B5/R-Hit2,R3,R4 pile=R2 turn=2 dealer=1 scores=0,0,0 {TAIL}",
        "you,bot,bot",
        bots=bots,
    )

    async def scenario(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        assert screen.prompt_text == (
            "Press the launcher (P): 2 presses to go. Or stack a Hit card (Enter) onto the pile."
        )
        assert screen.query_one(HandView).playable == frozenset({Card.parse("Y-Hit1")})
        await pilot.press("enter")
        stacked = played(screen.game)[-1]
        assert (stacked.card, stacked.stacked) == (Card.parse("Y-Hit1"), True)

    run(app, scenario)


def test_a_wild_start_card_asks_the_first_player_for_its_colour() -> None:
    seed = next(
        s for s in range(500) if Game.new("2003", players=2, seed=s).phase.name == "CHOOSE_COLOUR"
    )
    game = Game.new("2003", players=2, seed=seed)
    seats = "you,bot" if game.to_act == 0 else "bot,you"
    app = PlayApp(session=session_for(game, seats), pace=Pace.instant())

    async def scenario(pilot: Pilot[None]) -> None:
        dialog = pilot.app.screen
        assert isinstance(dialog, ColourDialog)
        assert "Name the colour of the start card." in flat(pilot.app)
        await pilot.press("escape")  # not a play: it cannot be cancelled
        assert pilot.app.screen is dialog
        await pilot.press("g")
        assert table(pilot).game.colour is Colour.GREEN

    run(app, scenario)


# ---------------------------------------------------------------------- the launcher


def test_pressing_the_launcher_rings_and_the_cards_arrive_in_the_hand() -> None:
    app = table_app(
        "2003 hands=G3,G4/R-Hit2,B4,B5 pile=R2 turn=1 dealer=0 scores=0,0 "
        "stock=R8,Y9,... launcher=scripted:2 seed=0",
        bots={1: ScriptBot(["play R-Hit2"])},
    )

    async def scenario(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        assert screen.prompt_text == "Press the launcher (P): 2 presses to go."
        await pilot.press("p")
        assert screen.bells == 1
        assert sorted(str(c) for c in screen.query_one(HandView).cards) == [
            "G3",
            "G4",
            "R8",
            "Y9",
        ]
        assert "You press the launcher: it fires! 2 cards. You get red 8, yellow 9." in (
            screen.log_lines
        )
        assert "DING DING! It fires: 8 9" in flat(pilot.app)
        assert screen.prompt_text == "Press the launcher (P): 1 press to go."

    run(app, scenario)


def test_a_press_that_yields_nothing_just_dings_and_rings_no_bell() -> None:
    app = table_app(f"2003 hands=G3,G4/B4,B5 pile=R2 turn=0 dealer=1 scores=0,0 {TAIL}")

    async def scenario(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        await pilot.click("#press")
        assert screen.bells == 0
        assert "You press the launcher: ding, nothing comes out." in screen.log_lines

    run(app, scenario)


def test_other_players_presses_show_how_many_cards_not_which() -> None:
    app = table_app(
        "2003 hands=R-Hit2,G4/B4,B5 pile=R2 turn=0 dealer=1 scores=0,0 "
        "stock=R8,Y9,... launcher=scripted:2 seed=0"
    )

    async def scenario(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        await pilot.press("enter")  # Hit 2: the bot presses twice
        assert "Bot 2 presses the launcher: it fires! 2 cards." in screen.log_lines
        assert not any("red 8" in line for line in screen.log_lines)
        assert screen.bells == 1

    run(app, scenario)


# ---------------------------------------------------------------------- UNO


def test_saying_uno_with_the_play() -> None:
    app = table_app(
        f"2003 hands=R7,R8/B4,B5 pile=R2 turn=0 dealer=1 scores=0,0 {TAIL}",
        bots={1: ScriptBot(catch=True)},
    )

    async def scenario(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        await pilot.press("u")
        assert "UNO will be said with your play." in screen.prompt_text
        await pilot.press("enter")
        assert any(isinstance(e, UnoSaid) and e.seat == 0 for e in screen.game.log)
        assert not any(isinstance(e, Caught) for e in screen.game.log)
        assert "UNO!" in flat(pilot.app)  # the seats panel shows who said it

    run(app, scenario)


def test_forgetting_uno_gets_you_caught_by_a_bot() -> None:
    app = table_app(
        f"2003 hands=R7,R8/B4,B5 pile=R2 turn=0 dealer=1 scores=0,0 {TAIL}",
        bots={1: ScriptBot(catch=True)},
    )

    async def scenario(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        await pilot.press("enter")
        caught = [e for e in screen.game.log if isinstance(e, Caught)]
        assert [(c.catcher, c.seat, c.presses) for c in caught] == [(1, 0, 2)]
        assert "Bot 2 catches you without UNO: 2 presses for you." in screen.log_lines
        assert screen.prompt_text.startswith(
            "Press the launcher (P): 2 presses to go (penalty: no UNO)."
        )

    run(app, scenario)


def test_saying_uno_right_after_the_play_before_anyone_catches_you() -> None:
    # Two players: a Skip gives its player another turn, still liable for UNO.
    app = table_app(f"2003 hands=R-Skip,R8/B4,B5 pile=R2 turn=0 dealer=1 scores=0,0 {TAIL}")

    async def scenario(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        await pilot.press("right", "enter")  # the Skip, after the 8
        assert "You have one card left: say UNO (U) before you are caught!" in (screen.prompt_text)
        assert screen.query_one("#uno", Button).has_class("armed")
        await pilot.click("#uno")
        assert isinstance(screen.game.log[-1], UnoSaid)
        assert screen.log_lines[-1] == "You say UNO!"

    run(app, scenario)


def test_catching_a_bot_that_forgot_uno() -> None:
    app = table_app(
        f"2003 hands=G3,G4/R7,R8 pile=R2 turn=1 dealer=0 scores=0,0 {TAIL}",
        bots={1: ScriptBot(["play R7"])},
    )

    async def scenario(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        catch = screen.query_one("#catch", Button)
        assert catch.display and str(catch.label) == "Catch Bot 2! (C)"
        assert "Bot 2 did not say UNO: catch them (C)!" in screen.prompt_text
        assert "no UNO!" in flat(pilot.app)
        await pilot.press("c")
        caught = [e for e in screen.game.log if isinstance(e, Caught)]
        assert [(c.catcher, c.seat) for c in caught] == [(0, 1)]
        assert "You catch Bot 2 without UNO: 2 presses for them." in screen.log_lines
        assert view(screen.game, 0).hand_counts == (2, 1)  # scripted: the presses ding
        assert not screen.query_one("#catch", Button).display
        assert screen.game.to_act == 0

    run(app, scenario)


def test_catch_is_refused_when_nobody_can_be_caught() -> None:
    app = table_app(f"2003 hands=G3,G4/R7,R8 pile=R2 turn=0 dealer=1 scores=0,0 {TAIL}")

    async def scenario(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        assert not screen.query_one("#catch", Button).display
        await pilot.press("c")
        assert not any(isinstance(e, Caught) for e in screen.game.log)
        assert notices(pilot)[-1] == (
            "Nobody can be caught now: a player can be caught only after playing their "
            "second-to-last card without saying UNO, until the next card or press."
        )

    run(app, scenario)


def test_uno_with_nothing_to_call_says_when_to_say_it() -> None:
    app = table_app(f"2003 hands=G3,G4/R7,R8 pile=R2 turn=0 dealer=1 scores=0,0 {TAIL}")

    async def scenario(pilot: Pilot[None]) -> None:
        await pilot.press("u")
        assert not any(isinstance(e, UnoSaid) for e in table(pilot).game.log)
        assert notices(pilot)[-1] == (
            "There is no UNO to say now: say UNO with the play that leaves you one card."
        )

    run(app, scenario)


# ---------------------------------------------------------------------- hot-seat


def test_hot_seat_passes_the_keyboard_and_hides_the_hand() -> None:
    setup = build_setup(players="human:Ana,human:Ben", seed=3, launcher="scripted:0")
    app = PlayApp(setup, pace=Pace.instant(), save=False)

    async def scenario(pilot: Pilot[None]) -> None:
        first = pilot.app.screen
        assert isinstance(first, PassScreen)
        game = pilot.app.session.game  # type: ignore[attr-defined]
        names = ["Ana", "Ben"]
        starter = game.to_act
        other = 1 - starter
        text = flat(pilot.app)
        assert f"Pass the keyboard to {names[starter]}" in text
        assert "'s hand" not in text and "Your hand" not in text
        await pilot.press("enter")
        screen = table(pilot)
        assert screen.viewer == starter
        assert f"{names[starter]}'s hand" in flat(pilot.app)
        mine = set(view(game, starter).hand or ())
        assert set(screen.query_one(HandView).cards) == mine
        await pilot.press("p")  # a press ends the turn: the other player's turn
        assert isinstance(pilot.app.screen, PassScreen)
        assert f"Pass the keyboard to {names[other]}" in flat(pilot.app)
        await pilot.press("enter")
        screen = table(pilot)
        assert screen.viewer == other
        assert set(screen.query_one(HandView).cards) == set(view(game, other).hand or ())
        dealt = [line for line in screen.log_lines if " is dealt " in line]
        assert [line.split(" is dealt ")[0] for line in dealt] == [names[other]]  # his own
        assert any(
            line == f"{names[starter]} presses the launcher: ding, nothing comes out."
            for line in screen.log_lines
        )

    run(app, scenario)


def test_q_while_the_keyboard_passes_quits_and_saves_without_showing_a_hand() -> None:
    # Q did nothing there: to quit, someone had to show their hand first.
    setup = build_setup(players="human:Ana,human:Ben", seed=3, launcher="scripted:0")
    app = PlayApp(setup, pace=Pace.instant())

    async def scenario(pilot: Pilot[None]) -> None:
        assert isinstance(pilot.app.screen, PassScreen)
        assert "Q quits: the match is saved." in flat(pilot.app)
        await pilot.press("q")
        await until(pilot, lambda: not pilot.app.is_running)

    run(app, scenario)
    (saved,) = store.records()
    assert Record.load(saved).players == 2


# Alice plays red 7; Ben, who cannot follow it, presses and gets yellow 7 and blue 9.
ALICE_AND_BEN = (
    "2003 hands=R7,G3/B4,B5 pile=R2 turn=0 dealer=1 scores=0,0 stock=Y7,B9,... "
    "launcher=scripted:2 seed=0"
)


def test_hot_seat_names_every_player_in_the_log_never_you() -> None:
    # The log once said "You play red 7." to Alice and "You press the launcher" to Ben:
    # with the keyboard passed around, "You" is whoever looks. Alone, it stays "You"
    # (test_enter_plays_the_chosen_card_and_the_log_tells_it).
    app = table_app(ALICE_AND_BEN, "human:Alice,human:Ben")

    async def scenario(pilot: Pilot[None]) -> None:
        assert isinstance(pilot.app.screen, PassScreen)
        await pilot.press("enter")  # Alice takes the keyboard
        screen = table(pilot)
        await pilot.press("enter")  # red 7
        assert isinstance(pilot.app.screen, PassScreen)
        assert (screen.viewer, screen.log_lines) == (0, ["Alice plays red 7."])
        await pilot.press("enter")  # Ben takes it, the dealer
        assert " · dealer: Ben · " in screen_text(pilot.app).splitlines()[0]
        await pilot.press("p")  # and gets two cards, which only he reads
        assert isinstance(pilot.app.screen, PassScreen)
        assert (screen.viewer, screen.log_lines) == (
            1,
            [
                "Alice plays red 7.",
                "Ben presses the launcher: it fires! 2 cards. Ben gets yellow 7, blue 9.",
            ],
        )
        await pilot.press("enter")  # Alice again: she reads how many, not which
        assert screen.log_lines[-1] == "Ben presses the launcher: it fires! 2 cards."

    run(app, scenario, size=(80, 24))


def test_hot_seat_the_next_player_never_sees_the_cards_the_launcher_gave_the_last() -> None:
    # The launcher's animation once stayed up for Alice with the faces of Ben's two cards.
    app = table_app(ALICE_AND_BEN, "human:Alice,human:Ben")

    async def scenario(pilot: Pilot[None]) -> None:
        await pilot.press("enter", "enter")  # Alice plays red 7
        await pilot.press("enter", "p")  # Ben presses: yellow 7 and blue 9 come out
        await pilot.press("enter")  # Alice takes the keyboard
        assert table(pilot).viewer == 0
        pile = [line.split("│")[1].strip() for line in screen_text(pilot.app).splitlines()[2:6]]
        assert pile == [
            "Top  7  red",
            "Pile: 2 cards",
            "Launcher ○○○○○○○○ 105 cards",
            "0 presses since it last fired",
        ]

    run(app, scenario, size=(80, 24))


def test_hot_seat_the_end_of_a_hand_and_of_the_match_name_the_winner() -> None:
    # "Hand 1: you went out", "You score 54 points." and "You win the match!" were said
    # to whoever held the keyboard when Alice went out.
    app = table_app(
        f"2003 hands=R7/B4,B5 pile=R2 turn=0 dealer=1 scores=495,0 {TAIL} house=target_score=500",
        "human:Alice,human:Ben",
    )

    async def scenario(pilot: Pilot[None]) -> None:
        await pilot.press("enter")  # Alice takes the keyboard
        await pilot.press("enter")  # and goes out with red 7
        await until(pilot, lambda: isinstance(pilot.app.screen, HandOverScreen))
        screen = pilot.app.screen
        assert screen.query_one("#hand-title").render().plain == "Hand 1: Alice went out"
        assert screen.query_one("#hand-line").render().plain == "Alice scores 9 points."
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(pilot.app.screen, MatchOverScreen))
        headline = pilot.app.screen.query_one("#match-headline").render().plain
        assert headline == "Alice wins the match!"

    run(app, scenario)


# ---------------------------------------------------------------------- hands and matches


def test_going_out_shows_the_points_and_the_next_hand_follows() -> None:
    app = table_app(f"2003 hands=R7/B4,W pile=R2 turn=0 dealer=1 scores=0,0 {TAIL}")

    async def scenario(pilot: Pilot[None]) -> None:
        await pilot.press("enter")
        screen = pilot.app.screen
        assert isinstance(screen, HandOverScreen)
        text = flat(pilot.app)
        assert "Hand 1: you went out" in text
        assert "You score 54 points." in text
        assert "Bot 2 4 Wild 54 0" in text  # cards left, their points, the total
        assert "You 0 54" in text
        await pilot.press("enter")
        table_screen = table(pilot)
        assert table_screen.game.hand_number == 2
        assert "You go out and win hand 1 (+54 points)!" in table_screen.log_lines

    run(app, scenario)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_dead_hand_is_told_and_has_its_screen(lang: str) -> None:
    """P08: every card is in a hand and both players press the empty launcher in turn:
    the log says the hand is void, its screen says nobody scores, then the next hand."""
    cards = [str(c) for c in Edition.load("2003").deck.faces]
    cards.remove("B9")  # the top card
    cards.remove("B1")  # the launcher's last card
    app = table_app(
        f"2003 hands={','.join(cards[:55])}/{','.join(cards[55:])} pile=B9 turn=0 dealer=1 "
        "scores=0,0 stock=B1 launcher=draw-one seed=0",
        lang=lang,
        bots={1: ScriptBot()},  # presses: it plays nothing
    )
    words = {
        "en": (
            "Hand 1 is void: the launcher is empty with nothing to reload, and every player "
            "has pressed it in turn. Nobody scores.",
            "Hand 1 is void",
        ),
        "fr": (
            "La manche 1 est nulle : le distributeur est vide, sans rien à recharger, et "
            "chaque joueur a appuyé à son tour. Personne ne marque.",
            "La manche 1 est nulle",
        ),
    }[lang]

    async def scenario(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        await pilot.press("p")  # the launcher's last card
        await until(pilot, lambda: screen.game.to_act == 0)  # the bot pressed it empty
        await pilot.press("p")  # empty again: the hand is dead
        await until(pilot, lambda: isinstance(pilot.app.screen, HandOverScreen))
        assert pilot.app.screen.query_one("#hand-title").render().plain == words[1]
        assert words[0] in screen.log_lines
        await pilot.press("enter")
        assert table(pilot).game.hand_number == 2
        assert table(pilot).game.scores == [0, 0]

    run(app, scenario, size=(120, 40))


def test_the_final_scores_are_ranked_not_in_seat_order() -> None:
    app = table_app(
        f"2003 hands=R7/B4,B5/G1 pile=R2 turn=0 dealer=2 scores=495,0,300 {TAIL} "
        "house=target_score=500",
        "you,bot,bot",
    )

    async def scenario(pilot: Pilot[None]) -> None:
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(pilot.app.screen, HandOverScreen))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(pilot.app.screen, MatchOverScreen))
        body = str(pilot.app.screen.query_one("#match-body").render()).splitlines()
        assert body == [
            "Final scores",
            "★ You: 505 points",
            "  Bot 3: 300 points",
            "  Bot 2: 0 points",
        ]

    run(app, scenario)


def test_the_match_ends_with_the_winner(drawn_seed: int) -> None:
    app = table_app(
        f"2003 hands=R7/B4,B5 pile=R2 turn=0 dealer=1 scores=495,0 {TAIL} house=target_score=500"
    )

    async def scenario(pilot: Pilot[None]) -> None:
        await pilot.press("enter")
        assert isinstance(pilot.app.screen, HandOverScreen)
        await pilot.press("enter")
        assert isinstance(pilot.app.screen, MatchOverScreen)
        text = flat(pilot.app)
        assert "You win the match!" in text
        assert "★ You: 504 points" in text
        await pilot.press("n")
        # The screen is pushed before it is composed: wait for its widgets, so that the
        # key reaches a screen ready to start (a loaded machine once lost it).
        await until(
            pilot,
            lambda: (
                isinstance(pilot.app.screen, NewGameScreen)
                and bool(pilot.app.screen.query("#new-error"))
            ),
        )
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen))
        assert table(pilot).game.hand_number == 1
        assert table(pilot).game.seed == drawn_seed

    run(app, scenario)


def test_the_challenge_ends_with_the_order_of_elimination() -> None:
    app = table_app(
        "2003 hands=R7/B4,B5/ pile=R2 turn=0 dealer=1 scores=0,95,130 out=2 "
        f"{TAIL} house=scoring_mode=challenge;target_score=100",
        "you,bot,bot",
        lang="fr",
    )

    async def scenario(pilot: Pilot[None]) -> None:
        await pilot.press("enter")
        assert isinstance(pilot.app.screen, HandOverScreen)
        assert "Éliminé : Robot 2." in flat(pilot.app)
        await pilot.press("enter")
        assert isinstance(pilot.app.screen, MatchOverScreen)
        text = flat(pilot.app)
        assert "Vous gagnez la partie !" in text
        assert "1. Robot 2 (manche 1, 104 points)" in text
        await pilot.press("q")

    run(app, scenario)


def test_bots_alone_play_while_you_watch() -> None:
    setup = build_setup(players="bot:random,bot:heuristic", seed=2)
    app = PlayApp(setup, pace=Pace.instant(), save=False)

    async def scenario(pilot: Pilot[None]) -> None:
        assert isinstance(pilot.app.screen, HandOverScreen)  # a whole hand went by
        assert pilot.app.session.game.hand_number == 2  # type: ignore[attr-defined]

    run(app, scenario)


# ---------------------------------------------------------------------- help


def test_help_shows_the_keys_and_the_rules_of_the_edition() -> None:
    app = table_app(f"mega-hit hands=R7,G3/B4,B5 pile=R2 turn=0 dealer=1 scores=0,0 {TAIL}")

    async def scenario(pilot: Pilot[None]) -> None:
        await pilot.press("question_mark")
        assert isinstance(pilot.app.screen, HelpScreen)
        text = flat(pilot.app)
        assert "P or Space: press the launcher" in text
        assert "Rules of this edition (UNO Attack! Méga appuyer)" in text
        await pilot.press("escape")
        assert isinstance(pilot.app.screen, TableScreen)

    run(app, scenario, size=(100, 60))


@pytest.mark.parametrize(
    ("seats", "unused"),
    [("you,bot", ("S: stop",)), ("you,human:Ana", ("S: stop", "Z: take back"))],
    ids=["alone-with-a-bot", "hot-seat"],
)
def test_help_lists_only_the_keys_this_table_uses(seats: str, unused: tuple[str, ...]) -> None:
    # As the footer does: no S where a presser may not stop (2003: never), no Z in
    # hot-seat, no H where hints are off.
    app = table_app(f"2003 hands=R7,G3/B4,B5 pile=R2 turn=0 dealer=1 scores=0,0 {TAIL}", seats)

    async def scenario(pilot: Pilot[None]) -> None:
        screen = pilot.app.screen
        if isinstance(screen, PassScreen):
            await pilot.press("enter")
        table(pilot).session.hints = seats == "you,bot"
        await pilot.press("question_mark")
        assert isinstance(pilot.app.screen, HelpScreen)
        text = flat(pilot.app)
        assert "P or Space: press the launcher" in text
        for key in unused:
            assert key not in text, key
        assert ("H: a hint" in text) == (seats == "you,bot")

    run(app, scenario, size=(100, 60))


# ---------------------------------------------------------------------- save, resume, replay


def test_every_action_is_saved_and_resume_continues_the_match(data_dir: Path) -> None:
    setup = build_setup(players="you,bot:random", seed=5, launcher="draw-one", lang="fr")
    app = PlayApp(setup, pace=Pace.instant())
    history: list[tuple[int, int]] = []

    async def scenario(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        await pilot.press("p")
        history.extend(screen.game.history)
        saved = Record.load(store.records()[0])
        assert len(saved.actions) == len(history)
        await pilot.press("q")

    run(app, scenario)
    session = _resumed_session(None)
    assert session.game.history == history
    assert [s.spec for s in session.seats] == ["you", "bot:random"]
    assert session.tr.lang == "fr"
    resumed = PlayApp(session=session, pace=Pace.instant())

    async def again(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        assert set(screen.query_one(HandView).cards) == set(view(screen.game, 0).hand or ())
        assert "Votre main" in screen_text(pilot.app)

    run(resumed, again)


def twelve_presses(tmp_path: Path) -> tuple[Path, Game]:
    """A saved record of 12 presses (always legal) at three seats, and its game."""
    game = Game.new("2003", players=3, seed=9, launcher="draw-one")
    for _ in range(12):
        game.apply(game.legal_actions()[-1])
    path = tmp_path / "match.json"
    Record.from_game(game).save(path)
    return path, game


def test_replay_steps_forward_and_back(tmp_path: Path) -> None:
    path, game = twelve_presses(tmp_path)
    app = ReplayApp(Record.load(path), path.name)

    async def scenario(pilot: Pilot[None]) -> None:
        screen = pilot.app.screen
        assert isinstance(screen, ReplayScreen)
        assert "step 0/12" in flat(pilot.app)
        await pilot.press("right", "right", "right")
        assert screen.step == 3
        assert screen.game.history == game.history[:3]
        assert "step 3/12" in flat(pilot.app)
        await pilot.press("left")
        assert screen.step == 2 and screen.game.history == game.history[:2]
        await pilot.press("end")
        assert screen.step == 12 and screen.game.history == game.history
        await pilot.press("v")  # seat 0's view: its hand
        assert set(screen.query_one(HandView).cards) == set(view(game, 0).hand or ())
        await pilot.press("home")
        assert screen.step == 0 and screen.game.history == []

    run(app, scenario)


def test_the_replay_shows_a_hand_without_a_card_to_choose(tmp_path: Path) -> None:
    # A replay is watched, not played: no card is marked as chosen (the table's ▸7◂),
    # and the hand takes no focus, so ↑↓ and Enter choose nothing.
    path, _ = twelve_presses(tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        await pilot.press("right", "v")  # seat 0's view, with a card it may play
        screen = pilot.app.screen
        hand = screen.query_one(HandView)
        assert hand.cards and hand.playable
        assert "▸" not in screen_text(pilot.app) and "◂" not in screen_text(pilot.app)
        assert screen.focused is None
        await pilot.press("down", "enter")
        assert isinstance(screen, ReplayScreen) and screen.step == 1
        assert "▸" not in screen_text(pilot.app)

    run(ReplayApp(Record.load(path), path.name), scenario)


def traded_hands(tmp_path: Path) -> Path:
    """A record that plays (or presses) up to the first card played at a seat: Trade
    Hands, move 28, whose notation is "play B-TH @1" (Player 1 trades with Player 2)."""
    game = Game.new("2003", players=3, seed=0, launcher="draw-one")
    action = game.legal_actions()[-1]
    while action.target is None:
        plays = [a for a in game.legal_actions() if a.kind is ActionKind.PLAY]
        targeted = [a for a in plays if a.target is not None]
        action = (targeted or plays or [game.legal_actions()[-1]])[0]
        game.apply(action)
    path = tmp_path / "match.json"
    Record.from_game(game).save(path)
    return path


def test_replay_tells_the_last_action_in_words(tmp_path: Path) -> None:
    path = traded_hands(tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        await pilot.press("end")
        assert "last action: Player 1 plays blue Trade Hands at Player 2." in flat(pilot.app)
        await pilot.press("v")  # as the first seat, who played it: named all the same
        assert "last action: Player 1 plays blue Trade Hands at Player 2." in flat(pilot.app)
        await pilot.press("left")
        assert "last action: Player 3 plays blue 1." in flat(pilot.app)

    run(ReplayApp(Record.load(path), path.name), scenario)

    async def in_french(pilot: Pilot[None]) -> None:
        await pilot.press("end")
        assert "dernière action : Joueur 1 joue Échange de mains bleu contre Joueur 2." in (
            flat(pilot.app)
        )

    run(ReplayApp(Record.load(path), path.name, lang="fr"), in_french)


@pytest.mark.parametrize(
    ("lang", "you", "names", "traded"),
    [
        (
            "en",
            r"\b[Yy]ou\b",
            ["Player 1", "Ana", "Bot 3"],
            "Player 1 trades hands with Ana. {who} receives ",
        ),
        (
            "fr",
            r"\b[Vv]ous\b",
            ["Joueur 1", "Ana", "Robot 3"],
            "Joueur 1 échange sa main avec Ana. {who} reçoit ",
        ),
    ],
    ids=["en", "fr"],
)
def test_replay_names_every_seat_by_its_players_name(
    tmp_path: Path, lang: str, you: str, names: list[str], traded: str
) -> None:
    # A replay is watched afterwards, maybe by someone else: the seat it views from is
    # named like the others (as at a keyboard passed around), never "you". The names are
    # those `replay` reads from the seats file: the seat of `you` is "Player 1".
    path = traded_hands(tmp_path)

    async def scenario(pilot: Pilot[None]) -> None:
        await pilot.press("end")
        for seat in range(3):
            await pilot.press("v")
            screen = pilot.app.screen
            assert isinstance(screen, ReplayScreen) and screen.viewer == seat
            text = flat(pilot.app)
            assert not re.findall(you, text), (seat, text)
            assert f"{names[seat]} " in text  # the hand's title: "Ana's hand", "Main de Ana"
            if seat in (0, 1):  # each of the two who traded sees what they received
                assert traded.format(who=names[seat]) in text, text

    run(ReplayApp(Record.load(path), path.name, lang=lang, names=names), scenario)


# The replay's footer at the deal, between, and at the last step, by language: the keys
# that would not move (back at the deal, on at the end) are not shown.
REPLAY_FOOTERS = {
    "en": [
        "→ next  PgDn +10  End  V change seat  Q quit",
        "←→ step  PgUp/PgDn ±10  Home/End  V change seat  Q quit",
        "← previous  PgUp −10  Home  V change seat  Q quit",
    ],
    "fr": [
        "→ suivante  PgDn +10  Fin  V changer de place  Q quitter",
        "←→ étape  PgUp/PgDn ±10  Début/Fin  V changer de place  Q quitter",
        "← précédente  PgUp −10  Début  V changer de place  Q quitter",
    ],
}


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_replay_footer_shows_the_keys_that_apply_on_one_line(
    tmp_path: Path, lang: str, size: tuple[int, int]
) -> None:
    path, _ = twelve_presses(tmp_path)
    at_the_deal, between, at_the_end = REPLAY_FOOTERS[lang]

    def footer(pilot: Pilot[None]) -> str:
        lines = screen_text(pilot.app).splitlines()
        assert len(lines) == size[1]
        return lines[-1].strip()

    async def scenario(pilot: Pilot[None]) -> None:
        assert footer(pilot) == at_the_deal
        await pilot.press("right")
        assert footer(pilot) == between
        await pilot.press("pagedown")  # step 11 of 12
        assert footer(pilot) == between
        await pilot.press("right")
        assert footer(pilot) == at_the_end
        await pilot.press("left")
        assert footer(pilot) == between
        await pilot.press("home")
        assert footer(pilot) == at_the_deal

    run(ReplayApp(Record.load(path), path.name, lang=lang), scenario, size=size)


def test_a_replay_with_no_action_offers_only_to_change_seat_and_quit(tmp_path: Path) -> None:
    path = tmp_path / "dealt.json"
    Record.from_game(Game.new("2003", players=2, seed=1)).save(path)

    async def scenario(pilot: Pilot[None]) -> None:
        assert screen_text(pilot.app).splitlines()[-1].strip() == "V change seat  Q quit"
        await pilot.press("right", "end", "left", "home")  # nothing to step to: no harm
        screen = pilot.app.screen
        assert isinstance(screen, ReplayScreen) and screen.step == 0

    run(ReplayApp(Record.load(path), path.name), scenario)


def test_a_match_that_cannot_be_saved_goes_on_and_says_why(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    game = Game.new("2003", players=2, seed=1, launcher="draw-one")
    session = session_for(game, "you,bot")
    session.save_path = blocker / "match.json"
    session._dirty = True
    app = PlayApp(session=session, pace=Pace.instant())

    async def scenario(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        await pilot.press("p")
        assert session.save_error is not None
        assert session.save_error.startswith(f"cannot save to {blocker / 'match.json'}")
        assert len(screen.game.history) >= 1  # the match went on

    run(app, scenario)


def test_a_key_pressed_twice_on_the_end_of_hand_closes_it_once() -> None:
    app = table_app(f"2003 hands=R7/B4,W pile=R2 turn=0 dealer=1 scores=0,0 {TAIL}")

    async def scenario(pilot: Pilot[None]) -> None:
        await pilot.press("enter")
        hand_over = pilot.app.screen
        assert isinstance(hand_over, HandOverScreen)
        await pilot.press("enter")
        assert isinstance(pilot.app.screen, TableScreen)
        # A fast double press: the second Enter reaches the screen after it is gone.
        hand_over.action_next()
        await pilot.pause()
        assert isinstance(pilot.app.screen, TableScreen)

    run(app, scenario)


# ---------------------------------------------------------------------- search bots, coach


def test_a_search_bot_thinks_on_a_thread_and_the_table_stays_live(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The bot's thinking is held on a gate, so the test sees it think whatever the
    # machine's speed: the screen must keep serving messages meanwhile.
    thinking = threading.Event()
    gate = threading.Event()
    decide = ISMCTSBot.decide

    def held_decide(bot: ISMCTSBot, knowledge: Sampler) -> Action:
        thinking.set()
        gate.wait(30)
        return decide(bot, knowledge)

    monkeypatch.setattr(ISMCTSBot, "decide", held_decide)
    setup = build_setup(players="you,bot:ismcts-easy", seed=11, edition="2010")
    app = PlayApp(setup, pace=Pace.instant(), save=False)

    async def scenario(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        game = screen.game
        for _ in range(500):
            if thinking.is_set():
                break
            if screen.match.deciding == 0:
                legal = screen._legal()
                plays = [a for a in legal if a.kind.name == "PLAY"]
                screen._act(0, plays[0] if plays else legal[0])
            await pilot.pause(0.01)
        assert thinking.is_set()
        moves = len(game.history)
        for _ in range(5):
            await pilot.pause(0.01)  # returns: the event loop is not blocked
        assert screen._thinking is not None and game.to_act == 1
        assert len(game.history) == moves  # the bot has not moved yet
        gate.set()
        for _ in range(500):
            if len(game.history) > moves:
                break
            await pilot.pause(0.01)
        assert game.history[moves][0] == 1  # the bot's move, made once it was worked out

    run(app, scenario)


async def ask_the_coach(pilot: Pilot[None]) -> TableScreen:
    """Press H at the table and wait for the coach's hint (in ``hints_shown``)."""
    screen = table(pilot)
    await pilot.press("h")
    await until(pilot, lambda: bool(screen.hints_shown), seconds=60)
    return screen


def test_the_coach_gives_the_three_best_moves_with_the_chance_of_winning_the_hand() -> None:
    app = table_app(
        f"2003 hands=R7,R8,G8,B8,W/B4,B5,B6 pile=R2 turn=0 dealer=1 scores=0,0 {TAIL}",
    )

    async def scenario(pilot: Pilot[None]) -> None:
        screen = await ask_the_coach(pilot)
        lines = screen.hints_shown[0].splitlines()
        # Three moves, and a line saying so if their chances came out about even.
        assert lines[3:] in ([], ["These moves are about even here."])
        lines = lines[:3]
        assert len(lines) == 3
        for rank, line in enumerate(lines, start=1):
            assert re.fullmatch(rf"{rank}\. (play|press) .*: \d+%", line), line
        assert screen.game.history == []  # a hint plays nothing
        shown = [n.message for n in pilot.app._notifications]
        assert screen.hints_shown[0] in shown
        await pilot.press("p")  # a move: the hint was for the position before it
        await until(pilot, lambda: bool(screen.game.history), seconds=10)
        await pilot.pause(0.05)
        assert screen.hints_shown[0] not in [n.message for n in pilot.app._notifications]

    run(app, scenario)


def test_the_coach_says_when_its_best_moves_are_about_even(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Three equal figures guide nobody: under the moves, the coach says they are about
    even (bots.ismcts.about_even, here given such estimates)."""

    def even(knowledge: Sampler, rng: random.Random) -> tuple[MoveEstimate, ...]:
        legal = knowledge.legal_actions()
        return tuple(MoveEstimate(a, 10, 0.081 - 0.003 * i) for i, a in enumerate(legal[:3]))

    monkeypatch.setattr(table_module, "coach", even)
    app = table_app(
        f"2003 hands=R7,R8,G8,B8,W/B4,B5,B6 pile=R2 turn=0 dealer=1 scores=0,0 {TAIL}", lang="fr"
    )

    async def scenario(pilot: Pilot[None]) -> None:
        screen = await ask_the_coach(pilot)
        lines = screen.hints_shown[0].splitlines()
        assert [line.split(" : ")[1] for line in lines[:3]] == ["8%", "8%", "8%"]
        assert lines[3:] == ["Ces coups se valent à peu près ici."]

    run(app, scenario)


def test_the_coach_speaks_french_and_says_when_there_is_one_move() -> None:
    app = table_app(
        f"2003 hands=G7,G8/B4,B5,B6 pile=R2 turn=0 dealer=1 scores=0,0 {TAIL}", lang="fr"
    )

    async def scenario(pilot: Pilot[None]) -> None:
        screen = await ask_the_coach(pilot)
        assert screen.hints_shown == ["Un seul coup possible : appuyer sur le distributeur."]
        shown = [n.message for n in pilot.app._notifications]
        assert screen.hints_shown[0] in shown
        # The help opens without the hint drawn over it.
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(pilot.app.screen, HelpScreen))
        assert screen.hints_shown[0] not in [n.message for n in pilot.app._notifications]

    run(app, scenario)


def test_no_hint_at_a_table_without_hints_nor_for_someone_elses_decision() -> None:
    game = parse_position(f"2003 hands=R7,R8,G8/B4,B5,B6 pile=R2 turn=0 dealer=1 scores=0,0 {TAIL}")
    session = session_for(game, "you,bot")
    session.hints = False
    app = PlayApp(session=session, pace=Pace.instant())

    async def scenario(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        await pilot.press("h")
        for _ in range(20):
            await pilot.pause()
        assert screen.hints_shown == [] and not screen._coaching
        assert any("Hints are off" in n.message for n in pilot.app._notifications)

    run(app, scenario)


# ---------------------------------------------------------------------- taking a move back


def test_z_takes_back_your_move_and_the_bots_answer_and_the_record_says_so(
    data_dir: Path,
) -> None:
    setup = build_setup(players="you,bot:heuristic", seed=11, lang="en")
    app = PlayApp(setup, pace=Pace.instant())

    async def scenario(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        await until(pilot, lambda: screen.match.deciding == 0)
        before = screen.game.history
        before_log = list(screen.log_lines)
        hand = list(screen.game.hand(0))
        await pilot.press("p")  # press the launcher (always legal on one's turn or duty)
        await until(pilot, lambda: len(screen.game.history) > len(before))
        await until(pilot, lambda: not screen.busy)
        await pilot.press("z")
        await until(pilot, lambda: screen.game.history == before)
        assert screen.game.hand(0) == hand
        assert screen.log_lines[:-1] == before_log
        assert screen.log_lines[-1] == (
            "You took back your move (press the launcher) and the bots' answers."
        )
        assert screen.session.match.takebacks[0].undone[0] == (0, "press")
        screen.session.save()
        saved = Record.load(screen.session.save_path)
        assert [t.at for t in saved.takebacks] == [len(before)]
        # A resumed match keeps its take-backs in the record it goes on writing.
        assert _resumed_session(None).match.takebacks == saved.takebacks

    run(app, scenario)


def test_z_is_refused_in_hot_seat_with_the_reason() -> None:
    app = table_app(
        f"2003 hands=R7,G3/B4,B5/Y1,Y2 pile=R2 turn=0 dealer=2 scores=0,0,0 {TAIL}",
        seats="you,human:Ana,bot",
    )

    async def scenario(pilot: Pilot[None]) -> None:
        assert isinstance(pilot.app.screen, PassScreen)
        await pilot.press("enter")  # the keyboard goes to the first player
        await pilot.pause()
        screen = table(pilot)
        await pilot.press("z")
        await pilot.pause()
        notes = [n.message for n in pilot.app._notifications]
        assert notes[-1] == (
            "Only a player alone against bots may take a move back: another player would lose "
            "theirs."
        )
        assert screen.session.match.takebacks == []

    run(app, scenario)


def test_the_prompt_never_runs_ahead_of_the_story() -> None:
    # The bot presses and the launcher fires 2 cards, animated: until the log has told
    # the firing, the prompt does not yet say it is your turn.
    position = f"2003 hands=R7,G3/B4,B5 pile=R2 turn=1 dealer=0 scores=0,0 {TAIL}"
    session = session_for(
        parse_position(position.replace("scripted:0", "scripted:2")),
        "you,bot",
    )
    slow = Pace(think=0.0, press=0.0, react=(0.0, 0.0), grace=0.0, whirr=0.15, card=0.15)
    app = PlayApp(session=session, pace=slow)

    async def scenario(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        seen: list[tuple[str, bool]] = []
        for _ in range(200):
            prompt = str(screen.query_one("#prompt").render())
            fired = any("fires" in line for line in screen.log_lines)
            seen.append((prompt, fired))
            if prompt.startswith("Your turn"):
                break
            await pilot.pause(0.01)
        assert seen[-1][0].startswith("Your turn") and seen[-1][1]
        assert ("…", False) in seen  # the story was told while the prompt waited
        assert all(fired for prompt, fired in seen if prompt.startswith("Your turn"))

    run(app, scenario)


@pytest.mark.parametrize(
    ("lang", "note"),
    [
        ("en", "One moment: the last moves are still being shown (F: faster)."),
        ("fr", "Un instant : les derniers coups s'affichent encore (F : plus vite)."),
    ],
)
def test_a_key_while_the_moves_are_shown_is_answered_once_and_changes_nothing(
    lang: str, note: str
) -> None:
    # The bot presses and the launcher fires 2 cards, animated. Keys pressed meanwhile
    # do not act (the screen is behind the match) but are not ignored without a word:
    # one note a showing, however many keys.
    position = f"2003 hands=R7,G3/B4,B5 pile=R2 turn=1 dealer=0 scores=0,0 {TAIL}"
    session = session_for(
        parse_position(position.replace("scripted:0", "scripted:2")), "you,bot", lang=lang
    )
    slow = Pace(think=0.0, press=0.0, react=(0.0, 0.0), grace=0.0, whirr=0.15, card=0.15)
    app = PlayApp(session=session, pace=slow)

    async def scenario(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        for _ in range(200):
            if screen._stepping:
                break
            await pilot.pause(0.01)
        assert screen._stepping
        state = screen.match.state
        for key in ("p", "enter", "u", "p"):
            await pilot.press(key)
        await pilot.pause()
        assert notices(pilot).count(note) == 1
        assert screen.match.state == state
        for _ in range(300):
            if not screen._stepping:
                break
            await pilot.pause(0.01)
        assert not screen._stepping and not screen._told_showing

    run(app, scenario)


def test_f_changes_the_speed_during_play() -> None:
    app = table_app(f"2003 hands=R7,G3/B4,B5 pile=R2 turn=0 dealer=1 scores=0,0 {TAIL}")

    async def scenario(pilot: Pilot[None]) -> None:
        screen = table(pilot)
        assert screen.pace.speed == "instant"
        speeds = []
        for _ in range(3):
            await pilot.press("f")
            speeds.append((screen.pace.speed, screen.match.timing.think))
        assert speeds == [("normal", 1.0), ("fast", 0.35), ("instant", 0.0)]
        notes = [n.message for n in pilot.app._notifications]
        assert notes[-3:] == ["Speed: normal.", "Speed: fast.", "Speed: instant."]

    run(app, scenario)


# ---------------------------------------------------------------------- the footer

CHOOSE_TO_STOP = ["stop_after_fire=choose"]
# The keys of the table, by where they apply (S: the table lets you stop; H: hints; Z: you
# alone against bots), language and size. Where the line is too long, the keys a button
# shows as well give way first, from the end: ? (Help), C (Catch), U (UNO!), P (Press).
FOOTERS = [
    (
        "you,bot",
        CHOOSE_TO_STOP,
        True,
        "en",
        "80x24",
        "←→↑↓ choose  Enter play  P press  S stop  H hint  Z undo  F speed  Q quit",
    ),
    (
        "you,bot",
        CHOOSE_TO_STOP,
        True,
        "en",
        "120x40",
        "←→↑↓ choose  Enter play  P press  S stop  U UNO  C catch  H hint  Z undo  F speed  "
        "? help  Q quit",
    ),
    (
        "you,bot",
        CHOOSE_TO_STOP,
        True,
        "fr",
        "80x24",
        "←→ carte  Entrée jouer  S arrêter  H conseil  Z annuler  F vitesse  Q quitter",
    ),
    (
        "you,bot",
        CHOOSE_TO_STOP,
        True,
        "fr",
        "120x40",
        "←→ carte  Entrée jouer  P appuyer  S arrêter  U UNO  C attraper  H conseil  "
        "Z annuler  F vitesse  ? aide  Q quitter",
    ),
    (
        "you,bot",
        [],
        True,
        "en",
        "80x24",
        "←→↑↓ choose  Enter play  P press  U UNO  H hint  Z undo  F speed  Q quit",
    ),
    (
        "you,bot",
        [],
        False,
        "en",
        "80x24",
        "←→↑↓ choose  Enter play  P press  U UNO  C catch  Z undo  F speed  Q quit",
    ),
    (
        "you,human:Ana",
        CHOOSE_TO_STOP,
        True,
        "en",
        "80x24",
        "←→↑↓ choose  Enter play  P press  S stop  U UNO  H hint  F speed  Q quit",
    ),
]


@pytest.mark.parametrize(("seats", "options", "hints", "lang", "size", "footer"), FOOTERS)
def test_the_footer_shows_the_keys_that_apply_on_one_line(
    seats: str, options: list[str], hints: bool, lang: str, size: str, footer: str
) -> None:
    # H, Z, F and S were in no footer: only the help named them.
    setup = build_setup(
        players=seats, seed=3, launcher="scripted:0", options=options, lang=lang, hints=hints
    )
    app = PlayApp(setup, pace=Pace.instant(), save=False)
    width, height = (int(n) for n in size.split("x"))

    async def scenario(pilot: Pilot[None]) -> None:
        if isinstance(pilot.app.screen, PassScreen):
            await pilot.press("enter")
        table(pilot)
        lines = screen_text(pilot.app).splitlines()
        assert (len(lines), lines[-1].strip()) == (height, footer)

    run(app, scenario, size=(width, height))
