"""The Recent matches and Statistics screens, driven like a player would: keys and clicks,
from the new-game screen to a resumed match, a replay, a deletion and the statistics.

The saved matches are played by the engine (``test_tui_support.a_few_saved_matches``);
local time is UTC, so the dates are exact.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Button, DataTable

from test_tui_support import (
    NOON,
    a_few_saved_matches,
    flat,
    run,
    saved_match,
    screen_text,
    utc,
)
from unoattack.engine import Game, Record
from unoattack.tui import history, store
from unoattack.tui.app import PlayApp
from unoattack.tui.dialogs import PassScreen
from unoattack.tui.history import read_history, statistics, statistics_lines
from unoattack.tui.i18n import Tr
from unoattack.tui.new_game import NewGameScreen
from unoattack.tui.recent import DeleteDialog, RecentMatchesScreen, StatisticsScreen
from unoattack.tui.replay import ReplayScreen
from unoattack.tui.session import Pace, resume
from unoattack.tui.setup import Setup
from unoattack.tui.table import TableScreen
from unoattack.tui.widgets import HandView

Saved = dict[str, tuple[Path, Game]]


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(store.ENV_VAR, str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.fixture
def saved(data_dir: Path) -> Saved:
    return a_few_saved_matches()


def new_game_app(lang: str = "en") -> PlayApp:
    return PlayApp(Setup(lang=lang), show_setup=True, pace=Pace.instant(), save=False)


def recent(pilot: Pilot[None]) -> RecentMatchesScreen:
    screen = pilot.app.screen
    assert isinstance(screen, RecentMatchesScreen), type(screen).__name__
    return screen


def rows(pilot: Pilot[None]) -> list[list[str]]:
    """The list as shown: each row's cells."""
    table = recent(pilot).query_one("#hist-list", DataTable)
    return [[cell.plain for cell in table.get_row_at(i)] for i in range(table.row_count)]


def cursor(pilot: Pilot[None]) -> int:
    return recent(pilot).query_one("#hist-list", DataTable).cursor_row


async def open_recent(pilot: Pilot[None]) -> RecentMatchesScreen:
    assert isinstance(pilot.app.screen, NewGameScreen)
    await pilot.press("ctrl+r")
    return recent(pilot)


async def choose(pilot: Pilot[None], row: int) -> None:
    """Move the cursor to ``row`` with the arrow keys."""
    await pilot.press(*["down"] * row)
    assert cursor(pilot) == row


# ---------------------------------------------------------------------- the list


def test_the_list_opens_from_the_new_game_screen_by_key_and_by_click(saved: Saved) -> None:
    scores = {name: game.scores for name, (_, game) in saved.items()}

    def named(names: str, match: str) -> str:
        return " · ".join(
            f"{name} {score}" for name, score in zip(names.split(","), scores[match], strict=True)
        )

    async def scenario(pilot: Pilot[None]) -> None:
        await open_recent(pilot)
        assert rows(pilot) == [
            [
                "2026-03-01 12:04",
                "UNO Attack! (2003)",
                "won by Bot 1",
                named("Bot 1,Bot 2", "m5-bots"),
            ],
            ["2026-03-01 12:03", "UNO Attack! (2003)", "in progress, hand 1", "You 0 · Bot 2 0"],
            [
                "2026-03-01 12:02",
                "UNO Attack! Méga appuyer",
                "won by Bot 3; you: 3rd",
                named("You,Bot 2,Bot 3,Bot 4", "m3-challenge"),
            ],
            [
                "2026-03-01 12:01",
                "UNO Attack! (later edition)",
                "won by Bot 3; you: 2nd",
                named("You,Ana,Bot 3", "m2-lowest"),
            ],
            [
                "2026-03-01 12:00",
                "UNO Attack! (2003)",
                "you won",
                named("You,Bot 2,Bot 3", "m1-first"),
            ],
            [
                "2026-03-01 11:59",
                "UNO Attack! (later edition)",
                "in progress, hand 1",
                "You 0 · Bot 2 0 · Ana 0",
            ],
        ]
        text = flat(pilot.app)
        assert "Recent matches · 6 matches" in text
        # The chosen match in full: file, edition, scoring, the bots' levels.
        assert "m5-bots.json · UNO Attack! (2003) · first to 1 wins · 2 players" in text
        assert f"Bot 1 (random) {scores['m5-bots'][0]} · Bot 2 (heuristic) 0" in text
        assert recent(pilot).query_one("#hist-resume", Button).disabled  # it is over
        await pilot.press("down")
        assert "m4-unfinished.json · UNO Attack! (2003) · first to 500 wins · 2 players" in (
            flat(pilot.app)
        )
        assert not recent(pilot).query_one("#hist-resume", Button).disabled
        await pilot.press("escape")
        assert isinstance(pilot.app.screen, NewGameScreen)
        await pilot.click("#recent")
        assert len(rows(pilot)) == 6
        await pilot.click("#hist-back")
        assert isinstance(pilot.app.screen, NewGameScreen)

    with utc():
        run(new_game_app(), scenario)


def test_the_list_speaks_french(saved: Saved) -> None:
    async def scenario(pilot: Pilot[None]) -> None:
        await open_recent(pilot)
        assert [row[2] for row in rows(pilot)] == [
            "gagnée par Robot 1",
            "en cours, manche 1",
            "gagnée par Robot 3 ; vous : 3e",
            "gagnée par Robot 3 ; vous : 2e",
            "vous avez gagné",
            "en cours, manche 1",
        ]
        # Each edition by its title in French, as the new-game screen and the table say.
        assert [row[1] for row in rows(pilot)] == [
            "UNO Attack! (2003)",
            "UNO Attack! (2003)",
            "UNO Attack! Méga appuyer",
            "UNO Attack! (édition ultérieure)",
            "UNO Attack! (2003)",
            "UNO Attack! (édition ultérieure)",
        ]
        text = flat(pilot.app)
        assert "Parties récentes · 6 parties" in text
        assert "m5-bots.json · UNO Attack! (2003) · premier à 1 · 2 joueurs" in text
        assert "gagnée par Robot 1 · 1 manche jouée" in text
        await choose(pilot, 2)
        assert "gagnée par Robot 3 ; vous : 3e · 2 manches jouées" in flat(pilot.app)
        assert "Reprendre (R) Revoir (P) Supprimer (D) Stats (S) Retour (Échap)" in flat(pilot.app)

    run(new_game_app("fr"), scenario)


def test_an_empty_list_says_so_and_offers_nothing_to_act_on(data_dir: Path) -> None:
    async def scenario(pilot: Pilot[None]) -> None:
        screen = await open_recent(pilot)
        assert rows(pilot) == []
        assert f"No saved matches in {data_dir / 'matches'}." in flat(pilot.app)
        for button in ("#hist-resume", "#hist-replay", "#hist-delete"):
            assert screen.query_one(button, Button).disabled
        await pilot.press("r", "p", "d")
        assert pilot.app.screen is screen
        await pilot.press("s")
        assert isinstance(pilot.app.screen, StatisticsScreen)
        assert "Your matches: 0 (0 finished, 0 unfinished)" in flat(pilot.app)

    run(new_game_app(), scenario)


def test_a_file_that_is_not_a_record_is_listed_as_skipped(saved: Saved) -> None:
    (store.matches_dir() / "broken.json").write_text("{", encoding="utf-8")

    async def scenario(pilot: Pilot[None]) -> None:
        await open_recent(pilot)
        assert len(rows(pilot)) == 6
        assert "1 file skipped (not a readable record): broken.json" in flat(pilot.app)

    run(new_game_app(), scenario)


# ---------------------------------------------------------------------- resume


def test_resume_goes_on_with_the_chosen_match_as_play_resume_does(saved: Saved) -> None:
    path, game = saved["m0-older"]  # not the latest unfinished: --resume would not pick it
    app = new_game_app()

    async def scenario(pilot: Pilot[None]) -> None:
        await open_recent(pilot)
        await choose(pilot, 5)
        await pilot.press("r")
        session = app.session
        assert session is not None and session.save_path == path
        # The match goes on from where it stopped (the bots move at once, at this pace).
        assert session.game.history[: len(game.history)] == game.history
        assert [s.spec for s in session.seats] == ["you", "bot:random", "human:Ana"]
        # What --resume does with the match it picks (resuming writes the files again).
        expected = resume(path)
        assert [s.spec for s in session.seats] == [s.spec for s in expected.seats]
        assert (session.tr.lang, session.hints) == (expected.tr.lang, expected.hints)
        assert (session.tr.lang, session.hints) == ("fr", True)
        # You and Ana share the keyboard: the table asks for it first, as after --resume.
        assert isinstance(pilot.app.screen, PassScreen)
        assert [type(s).__name__ for s in pilot.app.screen_stack[1:]] == [
            "TableScreen",
            "PassScreen",
        ]
        await pilot.press("enter")
        table = pilot.app.screen
        assert isinstance(table, TableScreen) and table.game is session.game
        before = len(session.game.history)
        await pilot.press("p")
        assert len(session.game.history) > before
        assert Record.load(path).actions == Record.from_game(session.game).actions

    run(app, scenario)


def test_enter_resumes_an_unfinished_match_and_replays_a_finished_one(saved: Saved) -> None:
    path, game = saved["m4-unfinished"]
    app = new_game_app()

    async def scenario(pilot: Pilot[None]) -> None:
        await open_recent(pilot)
        await pilot.press("enter")  # m5-bots is over: a replay
        assert isinstance(pilot.app.screen, ReplayScreen)
        await pilot.press("q")
        assert cursor(pilot) == 0
        await pilot.press("down", "enter")  # m4-unfinished goes on
        table = pilot.app.screen
        assert isinstance(table, TableScreen)
        assert app.session is not None and app.session.save_path == path
        assert table.game.history[: len(game.history)] == game.history
        assert set(table.query_one(HandView).cards) == set(table.session.view(0).hand or ())

    run(app, scenario)


def test_a_finished_match_is_not_resumed_and_a_broken_one_says_why(saved: Saved) -> None:
    path, _ = saved["m4-unfinished"]
    record = Record.load(path)
    record.actions = [*record.actions, (0, "play WAH R")]  # not a legal action there
    record.save(path)
    os.utime(path, (NOON + 180, NOON + 180))  # still second in the list

    async def scenario(pilot: Pilot[None]) -> None:
        screen = await open_recent(pilot)
        await pilot.press("r")  # m5-bots is over
        assert pilot.app.screen is screen
        assert "This match is over: replay it (P)." in flat(pilot.app)
        await pilot.press("down")  # what was said of m5-bots goes with it
        assert "This match is over" not in flat(pilot.app)
        await pilot.press("r")
        assert pilot.app.screen is screen
        assert f"Cannot resume: {path}: the saved actions do not replay: " in flat(pilot.app)
        await pilot.press("p")
        assert pilot.app.screen is screen
        assert f"Cannot replay: {path}: the actions do not replay: " in flat(pilot.app)

    run(new_game_app(), scenario, size=(160, 32))


# ---------------------------------------------------------------------- replay


def test_replay_opens_the_viewer_and_q_comes_back_to_the_list(saved: Saved) -> None:
    path, game = saved["m3-challenge"]
    steps = len(game.history)

    async def scenario(pilot: Pilot[None]) -> None:
        await open_recent(pilot)
        await choose(pilot, 2)
        await pilot.press("p")
        viewer = pilot.app.screen
        assert isinstance(viewer, ReplayScreen)
        assert viewer.record.actions == Record.load(path).actions
        assert viewer.names == ["Player 1", "Bot 2", "Bot 3", "Bot 4"]  # as `replay` names
        assert f"Replay m3-challenge.json · step 0/{steps}" in flat(pilot.app)
        # At the deal, the keys that step on; Q goes back to the list.
        assert flat(pilot.app).endswith("→ next PgDn +10 End V change seat Q back")
        await pilot.press("end")
        assert viewer.game.history == game.history
        await pilot.press("q")
        assert recent(pilot) and cursor(pilot) == 2
        assert path.exists()

    run(new_game_app(), scenario)


@pytest.mark.parametrize(
    ("lang", "title", "names"),
    [
        ("en", "Replay m0-older.json", ["Player 1", "Bot 2", "Ana"]),
        ("fr", "Relecture m0-older.json", ["Joueur 1", "Robot 2", "Ana"]),
    ],
)
def test_a_replay_is_in_the_language_of_the_list(
    saved: Saved, lang: str, title: str, names: list[str]
) -> None:
    # m0-older was played in French; the list is in the language the player chose, and
    # so is its replay.
    async def scenario(pilot: Pilot[None]) -> None:
        await open_recent(pilot)
        await choose(pilot, 5)
        await pilot.press("p")
        viewer = pilot.app.screen
        assert isinstance(viewer, ReplayScreen) and viewer.tr.lang == lang
        assert viewer.names == names
        assert f"{title} · " in flat(pilot.app)

    run(new_game_app(lang), scenario)


def test_a_row_and_the_buttons_answer_the_mouse(saved: Saved) -> None:
    async def scenario(pilot: Pilot[None]) -> None:
        await open_recent(pilot)
        await pilot.click("#hist-list", offset=(3, 4))  # the header, then rows 0 to 3
        assert cursor(pilot) == 3
        assert isinstance(pilot.app.screen, RecentMatchesScreen)  # one click only chooses
        await pilot.click("#hist-replay")
        viewer = pilot.app.screen
        assert isinstance(viewer, ReplayScreen) and viewer.file_title == "m2-lowest.json"
        await pilot.press("q")
        await pilot.click("#hist-list", offset=(3, 4))  # a click on the chosen row opens it
        assert isinstance(pilot.app.screen, ReplayScreen)

    run(new_game_app(), scenario)


# ---------------------------------------------------------------------- delete


def test_delete_asks_first_then_removes_the_record_and_its_seats_file(saved: Saved) -> None:
    path, _ = saved["m2-lowest"]
    seats_file = store.table_path(path)

    async def scenario(pilot: Pilot[None]) -> None:
        await open_recent(pilot)
        await choose(pilot, 3)
        await pilot.press("d")
        assert isinstance(pilot.app.screen, DeleteDialog)
        text = flat(pilot.app)
        assert "Delete this match?" in text
        assert "2026-03-01 12:01 · UNO Attack! (later edition) · won by Bot 3; you: 2nd" in text
        assert "Its record m2-lowest.json and its seats file are removed for good." in text
        await pilot.press("n")
        assert isinstance(pilot.app.screen, RecentMatchesScreen)
        assert path.exists() and seats_file.exists() and len(rows(pilot)) == 6
        await pilot.press("d", "enter")  # the focus is on "Keep it": Enter keeps it
        assert path.exists() and len(rows(pilot)) == 6
        await pilot.press("d", "y")
        assert not path.exists() and not seats_file.exists()
        assert [row[0] for row in rows(pilot)] == [
            "2026-03-01 12:04",
            "2026-03-01 12:03",
            "2026-03-01 12:02",
            "2026-03-01 12:00",
            "2026-03-01 11:59",
        ]
        assert cursor(pilot) == 3  # on the next one
        assert "Deleted m2-lowest.json." in flat(pilot.app)
        assert "Recent matches · 5 matches" in flat(pilot.app)

    with utc():
        run(new_game_app(), scenario)


def test_delete_by_mouse_and_in_french(saved: Saved) -> None:
    first, _ = saved["m5-bots"]
    second, _ = saved["m4-unfinished"]

    async def scenario(pilot: Pilot[None]) -> None:
        await open_recent(pilot)
        await pilot.click("#hist-delete")
        assert "Supprimer cette partie ?" in flat(pilot.app)
        await pilot.click("#del-yes")
        assert not first.exists()
        await pilot.press("d", "o")  # Oui
        assert not second.exists()
        assert len(rows(pilot)) == 4
        assert "m4-unfinished.json supprimée." in flat(pilot.app)

    run(new_game_app("fr"), scenario)


# ---------------------------------------------------------------------- statistics


def test_the_statistics_screen_shows_what_the_command_prints(saved: Saved) -> None:
    async def scenario(pilot: Pilot[None]) -> None:
        await open_recent(pilot)
        await pilot.press("s")
        screen = pilot.app.screen
        assert isinstance(screen, StatisticsScreen)
        expected = statistics_lines(statistics(read_history().matches), Tr("en"))
        assert screen.lines == expected
        shown = screen_text(pilot.app).splitlines()
        for line in filter(None, expected):
            assert any(row.rstrip().endswith(line) for row in shown), line
        assert "Statistics of your matches" in flat(pilot.app)
        await pilot.press("escape")
        assert isinstance(pilot.app.screen, RecentMatchesScreen)
        await pilot.click("#hist-stats")
        assert isinstance(pilot.app.screen, StatisticsScreen)
        await pilot.click("#stats-back")
        assert isinstance(pilot.app.screen, RecentMatchesScreen)

    run(new_game_app(), scenario)


# ---------------------------------------------------------------------- layout


#: At 80 columns, the rows whose edition's title or state go on to a second line: the
#: Mega Hit and 2010 titles are longer than what the date, the state and the scores' least
#: leave them; in French, so are the longest states.
WRAPPED_AT_80 = {
    "en": ["m3-challenge", "m2-lowest", "m0-older"],
    "fr": ["m6-crowd", "m3-challenge", "m2-lowest", "m0-older"],
}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_screens_fit_80x24_and_cut_no_title_or_state(lang: str, saved: Saved) -> None:
    # A long table: ten seats, names and bots (its scores are cut short in the list).
    crowd = "you,human:Alexandra,bot:random," + ",".join(["bot:family"] * 7)
    saved_match("m6-crowd", crowd, seed=2, actions=200, saved_at=NOON + 300)
    tr = Tr(lang)

    async def scenario(pilot: Pilot[None]) -> None:
        screen = await open_recent(pilot)
        lines = screen_text(pilot.app).splitlines()
        assert len(lines) == 24 and all(len(line) <= 80 for line in lines)
        table = screen.query_one("#hist-list", DataTable)
        # Where each column's cells start on the screen (each is padded by one).
        starts = [1]
        for column in table.ordered_columns[:-1]:
            starts.append(starts[-1] + column.get_render_width(table))
        widths = [column.width for column in table.ordered_columns]
        wrapped = []
        for summary in screen.matches:
            # A match's row: its date once, on its first line; the title and the state
            # whole, on as many lines as the row takes; the start of its scores.
            date = history.when(summary)
            (top,) = [row for row, line in enumerate(lines) if line.startswith(f" {date}  ")]
            height = table.get_row_height(summary.path.name)
            cells = [
                [lines[row][start : start + width].strip() for row in range(top, top + height)]
                for start, width in zip(starts, widths, strict=True)
            ]
            assert cells[0] == [date] + [""] * (height - 1)
            assert " ".join(filter(None, cells[1])) == history.edition_text(summary, tr)
            assert " ".join(filter(None, cells[2])) == history.state_text(summary, tr)
            assert cells[3][0] == history.scores_text(summary, tr)[: widths[3] - 1] + "…"
            if height > 1:
                wrapped.append(summary.path.stem)
        assert wrapped == WRAPPED_AT_80[lang]
        buttons = "   ".join(
            tr(key) for key in ("hist.resume", "hist.replay", "hist.delete", "hist.stats")
        )
        assert any(f"  {buttons}   {tr('hist.back')}" in line for line in lines)
        assert any(line.strip() == tr("hist.keys") for line in lines)
        await pilot.press("s")
        statistics_screen = pilot.app.screen
        assert isinstance(statistics_screen, StatisticsScreen)
        shown = screen_text(pilot.app).splitlines()
        for line in filter(None, statistics_screen.lines):
            assert any(row.rstrip() == f" {line}" for row in shown), line
        assert any(row.strip() == tr("stats.back") for row in shown)

    with utc():
        run(new_game_app(lang), scenario, size=(80, 24))
