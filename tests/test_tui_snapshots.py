"""Snapshots of the main screens in English and French, at 80x24 and 120x40.

Each screen is exported as SVG (``App.export_screenshot``) and compared with the file in
``tests/__snapshots__/test_tui_snapshots/``. The tables are positions played by scripted
bots at ``Pace.instant()``: no clock, no randomness. After a deliberate change of the
screens, rewrite the files with ``UNOATTACK_UPDATE_SNAPSHOTS=1 pytest tests/test_tui_snapshots.py``
and look at them (any browser shows an SVG).
"""

from __future__ import annotations

import difflib
import os
import re
from pathlib import Path

import pytest
from textual.app import App
from textual.pilot import Pilot

from test_tui_support import ScriptBot, run, screen_text, table_app
from unoattack.tui.app import PlayApp
from unoattack.tui.dialogs import (
    ColourDialog,
    HandOverScreen,
    MatchOverScreen,
    PassScreen,
    TargetDialog,
)
from unoattack.tui.new_game import NewGameScreen
from unoattack.tui.session import Pace
from unoattack.tui.setup import Setup, parse_players
from unoattack.tui.table import TableScreen

SNAPSHOTS = Path(__file__).parent / "__snapshots__" / "test_tui_snapshots"
UPDATE = os.environ.get("UNOATTACK_UPDATE_SNAPSHOTS") == "1"
SIZES = {"80x24": (80, 24), "120x40": (120, 40)}
TAIL = "stock=... launcher=scripted:0 seed=0"

# Four seats; you hold twelve cards. Bot 2 plays, Bot 3 presses, Bot 4 forgets UNO.
TABLE = (
    "mega-hit hands=R7,R-Hit2,Y3,Y-Skip,G1,G5,G9,B2,B-DA,W,WAA,R3/B4,B5,G2,Y9,R1/G6,R6/Y1,R5 "
    f"pile=R2 turn=0 dealer=3 scores=120,40,0,310 {TAIL}"
)


def table_bots() -> dict[int, ScriptBot]:
    return {1: ScriptBot(["play R1"]), 2: ScriptBot(), 3: ScriptBot(["play R5"])}


def _text_of(svg: str) -> str:
    """The visible characters of a Textual SVG, line by line (for a readable diff)."""
    texts = re.findall(r"<text[^>]*>(.*?)</text>", svg)
    return "\n".join(t.replace("&#160;", " ") for t in texts)


def check(app: App[None], name: str) -> None:
    svg = app.export_screenshot(title=name)
    path = SNAPSHOTS / f"{name}.svg"
    if UPDATE or not path.exists():
        SNAPSHOTS.mkdir(parents=True, exist_ok=True)
        path.write_text(svg, encoding="utf-8")
        if not UPDATE:
            pytest.fail(f"snapshot {path.name} was missing and has been written: check it")
        return
    expected = path.read_text(encoding="utf-8")
    if svg != expected:
        diff = "\n".join(
            difflib.unified_diff(
                _text_of(expected).splitlines(),
                _text_of(svg).splitlines(),
                "stored",
                "now",
                lineterm="",
            )
        )
        shown = screen_text(app)
        pytest.fail(f"snapshot {name} differs (text diff below; screen now):\n{diff}\n{shown}")


def lines_of(app: App[None]) -> list[str]:
    return [line.rstrip() for line in screen_text(app).splitlines()]


def top_panels(lines: list[str]) -> tuple[list[str], int, int]:
    """The pile panel's lines, and the rows where the pile and the players panels end
    (both open on the row under the status line)."""
    split = lines[1].index("╮╭") + 1  # the players panel's first column
    pile_end = next(row for row in range(2, len(lines)) if lines[row].startswith("╰"))
    seats_end = next(row for row in range(2, len(lines)) if lines[row][split] == "╰")
    pile = [lines[row][1 : split - 1].strip() for row in range(2, pile_end)]
    return pile, pile_end, seats_end


TABLE_TEXT = {
    "en": {
        "status": "UNO Attack! Méga appuyer · hand 1 · dealer: Bot 4 · first to 500 wins",
        "pile": [
            "Top  5  red",
            "Pile: 4 cards",
            "Launcher ●○○○○○○○ 90 cards",
            "1 press since it last fired",
        ],
        # At 80 columns, ? (Help) and C (Catch) give way to H, Z and F: their buttons show them.
        "keys": {
            "80x24": "←→↑↓ choose  Enter play  P press  U UNO  H hint  Z undo  F speed  Q quit",
            "120x40": "←→↑↓ choose  Enter play  P press  U UNO  C catch  H hint  Z undo  "
            "F speed  ? help  Q quit",
        },
    },
    "fr": {
        "status": "UNO Attack! Méga appuyer · manche 1 · Robot 4 distribue · premier à 500",
        "pile": [
            "Dessus  5  rouge",
            "Talon : 4 cartes",
            "Distributeur ●○○○○○○○ 90 cartes",
            "1 appui depuis le dernier tir",
        ],
        "keys": {
            "80x24": "←→ carte  Entrée jouer  P appuyer  H conseil  Z annuler  F vitesse  "
            "Q quitter",
            "120x40": "←→ carte  Entrée jouer  P appuyer  U UNO  C attraper  H conseil  Z annuler  "
            "F vitesse  ? aide  Q quitter",
        },
    },
}


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES)
def test_table(lang: str, size: str) -> None:
    app = table_app(TABLE, "you,bot,bot,bot", lang=lang, bots=table_bots())

    async def scenario(pilot: Pilot[None]) -> None:
        await pilot.press("enter")  # red 3
        assert isinstance(pilot.app.screen, TableScreen)
        lines = lines_of(pilot.app)
        expected = TABLE_TEXT[lang]
        assert lines[0].strip() == expected["status"]
        pile, pile_end, seats_end = top_panels(lines)
        assert pile == expected["pile"]  # a line each: none wraps
        assert pile_end == seats_end
        assert lines[-1].strip() == expected["keys"][size]  # one line, at 80 columns too
        check(pilot.app, f"table_{lang}_{size}")

    run(app, scenario, SIZES[size])


# You face a Mega Hit pile of 7 presses: Bot 3 hits you, you stack, Bot 2 stacks, Bot 3
# stacks again. The pile panel has a fifth line; the players panel, three seats, matches.
MEGA_PILE = (
    "mega-hit hands=Y-Hit1,G4,R3,G-Hit1/G-Hit2,B5/R-Hit2,B-Hit2,R4 pile=R2 turn=2 dealer=1 "
    f"scores=0,0,0 {TAIL}"
)
MEGA_PILE_LINES = {
    "en": [
        "Top  Hit 2  blue",
        "Pile: 5 cards",
        "Mega Hit pile: 7 presses",
        "Launcher ○○○○○○○○ 102 cards",
        "0 presses since it last fired",
    ],
    "fr": [
        "Dessus  Appuyer 2  bleu",
        "Talon : 5 cartes",
        "Pile Méga appuyer : 7 appuis",
        "Distributeur ○○○○○○○○ 102 cartes",
        "0 appui depuis le dernier tir",
    ],
}


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES)
def test_table_facing_a_mega_hit_pile(lang: str, size: str) -> None:
    bots = {1: ScriptBot(["play G-Hit2"]), 2: ScriptBot(["play R-Hit2", "play B-Hit2"])}
    app = table_app(MEGA_PILE, "you,bot,bot", lang=lang, bots=bots)

    async def scenario(pilot: Pilot[None]) -> None:
        await pilot.press("enter")  # stack Hit 1
        pile, pile_end, seats_end = top_panels(lines_of(pilot.app))
        assert pile == MEGA_PILE_LINES[lang]
        assert pile_end == seats_end
        check(pilot.app, f"table_pile_{lang}_{size}")

    run(app, scenario, SIZES[size])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_colour_picker(lang: str) -> None:
    app = table_app(TABLE, "you,bot,bot,bot", lang=lang, bots=table_bots())

    async def scenario(pilot: Pilot[None]) -> None:
        await pilot.press("left", "left", "enter")  # the Wild (the list wraps around)
        assert isinstance(pilot.app.screen, ColourDialog)
        check(pilot.app, f"colour_{lang}_80x24")

    run(app, scenario, SIZES["80x24"])


TARGET = (
    f"2003 hands=Y-TH,R1/B4,B5,B6,B7,B8,B9/G1,G2,G3 pile=Y5 turn=0 dealer=0 scores=0,0,0 {TAIL}"
)
TARGET_TEXT = {
    "en": (
        "you deal",
        "Your hand — 2 cards, 1 playable",
        "Bot 2 · 6 cards (2)",
        "Bot 3 · 3 cards (3)",
    ),
    "fr": (
        "vous distribuez",
        "Votre main — 2 cartes, 1 jouable",
        "Robot 2 · 6 cartes (2)",
        "Robot 3 · 3 cartes (3)",
    ),
}


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES)
def test_target_buttons(lang: str, size: str) -> None:
    app = table_app(TARGET, "you,bot,bot", lang=lang)
    dealer, hand, bot2, bot3 = TARGET_TEXT[lang]

    async def scenario(pilot: Pilot[None]) -> None:
        text = screen_text(pilot.app)
        assert f" · {dealer} · " in text.splitlines()[0]
        assert f"╭─ {hand} ─" in text
        await pilot.press("enter")  # Trade Hands
        assert isinstance(pilot.app.screen, TargetDialog)
        # Each button on one line, the seat's key its number at the table.
        buttons = [
            b for line in lines_of(pilot.app) for b in re.findall(r"█ +(\S.* · .*\)) +█", line)
        ]
        assert buttons == [bot2, bot3]
        check(pilot.app, f"target_{lang}_{size}")

    run(app, scenario, SIZES[size])


# Internal names the screen once showed; "_" stands for any other (second_from_attacker).
NEW_GAME_IDENTIFIERS = ("first_to_500", "(stacking)", "hazard", "stop_after_fire", "_")


def new_game_app(lang: str, edition: str = "mega-hit") -> PlayApp:
    setup = Setup(edition=edition, seats=parse_players("you,bot:heuristic,human:Ana"), seed=7)
    setup.lang = lang
    return PlayApp(setup, show_setup=True, pace=Pace.instant(), save=False)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES)
def test_new_game(lang: str, size: str) -> None:
    app = new_game_app(lang)

    async def scenario(pilot: Pilot[None]) -> None:
        assert isinstance(pilot.app.screen, NewGameScreen)
        text = screen_text(pilot.app)
        for identifier in NEW_GAME_IDENTIFIERS:
            assert identifier not in text
        assert ("First to 500 points" if lang == "en" else "Premier à 500 points") in text
        check(pilot.app, f"new_game_{lang}_{size}")

    run(app, scenario, SIZES[size])


# Each edition by its title, as the table's header names it.
EDITION_MARKS = {
    "en": {"(2003)": "( )", "(later edition)": "( )", "Méga appuyer": "(•)"},
    "fr": {"(2003)": "( )", "(édition ultérieure)": "( )", "Méga appuyer": "(•)"},
}
TICKS = {
    "en": [
        "[x] Mega Hit: a player facing a Hit card may stack any Hit card",
        "[ ] Stacking allowed after a player has gone out",
    ],
    "fr": [
        "[x] Méga appuyer : on peut empiler toute carte Appuyer",
        "[ ] Empiler permis après qu'un joueur est sorti",
    ],
}


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES)
def test_new_game_reads_without_colour(
    lang: str, size: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With NO_COLOR the screen is monochrome: the chosen edition and the house rules on
    must still be told from the others, by their glyphs."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = new_game_app(lang)

    async def scenario(pilot: Pilot[None]) -> None:
        assert pilot.app.no_color
        marks = {}
        for line in lines_of(pilot.app):
            found = re.match(r" (.{3}) UNO Attack! (.+?) — ", line)
            if found:
                marks[found[2]] = found[1]
        assert marks == EDITION_MARKS[lang]
        check(pilot.app, f"new_game_mono_{lang}_{size}")
        pilot.app.screen.query_one("#form").scroll_end(animate=False)
        await pilot.pause()
        shown = [line.strip() for line in lines_of(pilot.app)]
        assert all(tick in shown for tick in TICKS[lang])

    run(app, scenario, SIZES[size])


# Bot 2 is left with wilds and long names: at 80 columns the chips wrap to three lines,
# where a table of plain text broke "All Hit" (and "Tous appuient") in two.
HAND_OVER = (
    "2003 hands=R7/B4,B5,Y-TH,R-DA,WAH,G-DA,WHF,B9,B8,B7,W/G1,G2 pile=R2 turn=0 dealer=2 "
    f"scores=60,12,0 {TAIL}"
)
# The chips of Bot 2's cards that have a name, and how many it holds.
CHIP_LABELS = {
    "en": {"All Hit": 1, "Trade Hands": 1, "Discard All": 2, "Hit-Fire": 1, "Wild": 1},
    "fr": {"Tous appuient": 1, "Échange": 1, "Poser tout": 2, "Jusqu'au tir": 1, "Blanche": 1},
}


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES)
def test_end_of_hand(lang: str, size: str) -> None:
    app = table_app(HAND_OVER, "you,bot,bot", lang=lang)

    async def scenario(pilot: Pilot[None]) -> None:
        await pilot.press("enter")
        assert isinstance(pilot.app.screen, HandOverScreen)
        rows = [
            [cell.strip(" █") for cell in line.split("│")]
            for line in lines_of(pilot.app)
            if line.count("│") == 3
        ]
        # Every card of Bot 2's hand whole on one line of the table: none is split.
        for label, copies in CHIP_LABELS[lang].items():
            assert sum(row[1].count(label) for row in rows) == copies, label
        bot2 = next(row for row in rows if row[0] in ("Bot 2", "Robot 2"))
        assert bot2[2:] == ["273", "12"]  # the points of its hand, its total
        assert ("Next hand (Enter)" if lang == "en" else "Manche suivante (Entrée)") in (
            screen_text(pilot.app)
        )
        check(pilot.app, f"hand_over_{lang}_{size}")

    run(app, scenario, SIZES[size])


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES)
def test_end_of_match(lang: str, size: str) -> None:
    app = table_app(f"2003 hands=R7/B4,B5 pile=R2 turn=0 dealer=1 scores=495,230 {TAIL}", lang=lang)
    next_hand = "Next hand" if lang == "en" else "Manche suivante"
    result = "Final scores (Enter)" if lang == "en" else "Pointage final (Entrée)"

    async def scenario(pilot: Pilot[None]) -> None:
        await pilot.press("enter")
        assert isinstance(pilot.app.screen, HandOverScreen)  # the hand that ends the match
        text = screen_text(pilot.app)
        assert next_hand not in text and result in text
        check(pilot.app, f"last_hand_{lang}_{size}")
        await pilot.press("enter")
        assert isinstance(pilot.app.screen, MatchOverScreen)
        text = screen_text(pilot.app)
        assert next_hand not in text
        assert ("★ You: 504 points" if lang == "en" else "★ Vous : 504 points") in text
        check(pilot.app, f"match_over_{lang}_{size}")

    run(app, scenario, SIZES[size])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_pass_the_keyboard(lang: str) -> None:
    app = table_app(
        f"2003 hands=R7,G3/B4,B5 pile=R2 turn=0 dealer=1 scores=0,0 {TAIL}",
        "human:Ana,human:Ben",
        lang=lang,
    )

    async def scenario(pilot: Pilot[None]) -> None:
        assert isinstance(pilot.app.screen, PassScreen)
        check(pilot.app, f"pass_{lang}_80x24")

    run(app, scenario, SIZES["80x24"])
