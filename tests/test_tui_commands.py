"""The ``play``, ``replay`` and ``history`` commands: flags, output, and one-line errors
for bad input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from test_tui_support import a_few_saved_matches, saved_match, utc
from unoattack.engine import Game, Record
from unoattack.tui import store
from unoattack.tui.app import PlayApp, ReplayApp
from unoattack.tui.commands import register
from unoattack.tui.launch import play_command

runner = CliRunner()


def cli() -> typer.Typer:
    app = typer.Typer(pretty_exceptions_enable=False)
    register(app)
    return app


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(store.ENV_VAR, str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.fixture
def launched(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Apps that would have run (their run() is replaced)."""
    apps: list[Any] = []

    def fake_run(self: Any, *args: Any, **kwargs: Any) -> None:
        apps.append(self)

    monkeypatch.setattr(PlayApp, "run", fake_run)
    monkeypatch.setattr(ReplayApp, "run", fake_run)
    return apps


def one_line_error(result: Any) -> str:
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert "Traceback" not in result.output
    assert lines[0].startswith("error: ")
    return lines[0]


def test_register_adds_play_replay_and_history() -> None:
    result = runner.invoke(cli(), ["--help"])
    assert result.exit_code == 0
    assert all(name in result.output for name in ("play", "replay", "history"))


def test_flags_preset_everything_and_start_the_game_at_once(launched: list[Any]) -> None:
    result = runner.invoke(
        cli(),
        [
            "play",
            "--edition",
            "mega-hit",
            "--players",
            "you,bot:heuristic,human:Ana,bot:random",
            "--seed",
            "7",
            "--lang",
            "fr",
            "--launcher",
            "schedule",
            "--scoring",
            "challenge",
            "--target",
            "300",
            "--option",
            "hand_size=5",
        ],
    )
    assert result.exit_code == 0, result.output
    (app,) = launched
    setup = app.setup
    assert app.show_setup is False
    assert (setup.edition, setup.seed, setup.lang, setup.launcher) == (
        "mega-hit",
        7,
        "fr",
        "schedule",
    )
    assert [s.spec for s in setup.seats] == ["you", "bot:heuristic", "human:Ana", "bot:random"]
    assert setup.options == {"hand_size": "5", "scoring_mode": "challenge", "target_score": 300}


def test_without_flags_the_new_game_screen_comes_first(launched: list[Any]) -> None:
    result = runner.invoke(cli(), ["play", "--lang", "fr", "--seed", "4"])
    assert result.exit_code == 0, result.output
    (app,) = launched
    assert app.show_setup is True and app.setup.lang == "fr" and app.setup.seed == 4


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--edition", "1999"], "error: unknown edition '1999'"),
        (["--players", "you,robot"], "error: --players: 'robot' is not a seat"),
        (["--players", "you,,bot"], "error: --players 'you,,bot': an entry is empty"),
        (["--players", "you"], "error: a table has 2 to 10 seats, not 1"),
        (["--players", "you,you"], "error: only one seat can be 'you'"),
        (["--players", "1"], "error: --players 1: a table has 2 to 10 seats (you and the bots)"),
        (["--players", "11"], "error: --players 11: a table has 2 to 10 seats (you and the bots)"),
        (["--players", "you,bot:genius"], "error: --players: unknown bot level 'genius'"),
        (
            ["--players", "you,bot:ismcts:iters=0"],
            "error: --players: bot 'ismcts:iters=0': iters must be a whole number from 1 to",
        ),
        (
            ["--players", "you,bot:ismcts:iters=200:wobbly"],
            "error: --players: bot 'ismcts:iters=200:wobbly': unknown option 'wobbly'",
        ),
        (["--option", "stackin=on"], "error: unknown option 'stackin'"),
        (["--option", "stacking"], "error: --option 'stacking': write key=value"),
        (["--launcher", "turbo"], "error: unknown launcher model 'turbo'"),
        (["--lang", "de"], "error: --lang: unknown language 'de'"),
        (["--speed", "warp"], "error: --speed: unknown speed 'warp'"),
        (["--scoring", "golf"], "error: option 'scoring_mode' got 'golf'"),
        (["--resume", "--seed", "3"], "error: --resume continues a saved match as it was"),
        (["--resume"], "error: no unfinished match to resume"),
    ],
)
def test_bad_play_flags_give_a_one_line_error(
    args: list[str], message: str, launched: list[Any]
) -> None:
    line = one_line_error(runner.invoke(cli(), ["play", *args]))
    assert line.startswith(message), line
    assert launched == []


def test_resume_picks_the_last_unfinished_match(launched: list[Any], data_dir: Path) -> None:
    finished = Game.new("2003", players=2, seed=1, options={"target_score": 1})
    while not finished.is_over:
        finished.apply(finished.legal_actions()[0])
    store.write_record(finished, store.matches_dir() / "a-finished.json")
    ongoing = Game.new("2010", players=3, seed=2)
    ongoing.apply(ongoing.legal_actions()[-1])
    path = store.matches_dir() / "b-ongoing.json"
    store.write_record(ongoing, path)
    (store.matches_dir() / "c-broken.json").write_text("{}")
    result = runner.invoke(cli(), ["play", "--resume"])
    assert result.exit_code == 0, result.output
    (app,) = launched
    session = app.session
    assert session.save_path == path
    assert session.game.history == ongoing.history
    # No table file: seat 0 is you, the others heuristic bots.
    assert [s.spec for s in session.seats] == ["you", "bot:heuristic", "bot:heuristic"]
    # Quitting before the end (the app's run returns at once here) says where it is kept.
    assert result.stdout.endswith(f"saved to {path}; continue with: {play_command()} --resume\n")


def test_the_quit_message_is_in_the_players_language(launched: list[Any]) -> None:
    ongoing = Game.new("2010", players=3, seed=2)
    path = store.matches_dir() / "b-ongoing.json"
    store.write_record(ongoing, path)
    result = runner.invoke(cli(), ["play", "--resume", "--lang", "fr"])
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        f"partie enregistrée dans {path} ; pour la reprendre : {play_command()} --resume\n"
    )


def test_replay_opens_a_record_as_a_chosen_seat(launched: list[Any], tmp_path: Path) -> None:
    game = Game.new("2003", players=3, seed=4)
    path = tmp_path / "game.json"
    Record.from_game(game).save(path)
    result = runner.invoke(cli(), ["replay", str(path), "--seat", "2", "--lang", "fr"])
    assert result.exit_code == 0, result.output
    (app,) = launched
    # Seat 2 as people count seats: the engine's seat 1.
    assert (app.viewer, app.tr.lang, app.record_title) == (1, "fr", "game.json")


def test_replay_takes_the_name_of_a_saved_match_as_history_lists_it(
    launched: list[Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = store.matches_dir()
    folder.mkdir(parents=True)
    Record.from_game(Game.new("2003", players=2, seed=4)).save(
        folder / "20261202-154438-seed4.json"
    )
    monkeypatch.chdir(tmp_path)  # no such file here: the name is the saved match's
    result = runner.invoke(cli(), ["replay", "20261202-154438-seed4.json"])
    assert result.exit_code == 0, result.output
    (app,) = launched
    assert app.record_title == "20261202-154438-seed4.json"
    # The name without its ".json" is the same match.
    result = runner.invoke(cli(), ["replay", "20261202-154438-seed4"])
    assert result.exit_code == 0, result.output
    assert launched[-1].record_title == "20261202-154438-seed4.json"
    line = one_line_error(runner.invoke(cli(), ["replay", "20261202-000000-seed9.json"]))
    assert line.startswith("error: cannot read 20261202-000000-seed9.json")


def test_replay_of_a_file_that_is_not_a_record_is_a_one_line_error(tmp_path: Path) -> None:
    notes = tmp_path / "notes.json"
    notes.write_text('{"hello": 1}')
    line = one_line_error(runner.invoke(cli(), ["replay", str(notes)]))
    assert line == f'error: {notes} is not a game record (no "format": "unoattack-record")'
    garbage = tmp_path / "garbage.bin"
    garbage.write_bytes(b"\xff\xfe\x00")
    assert "is not a game record" in one_line_error(runner.invoke(cli(), ["replay", str(garbage)]))
    missing = tmp_path / "missing.json"
    assert "cannot read" in one_line_error(runner.invoke(cli(), ["replay", str(missing)]))


def test_replay_of_a_record_whose_actions_do_not_replay_is_a_one_line_error(
    tmp_path: Path,
) -> None:
    game = Game.new("2003", players=2, seed=4)
    record = Record.from_game(game)
    record.actions = [(0, "play WAH R"), (1, "play WAH R")]
    path = tmp_path / "bad.json"
    record.save(path)
    line = one_line_error(runner.invoke(cli(), ["replay", str(path)]))
    assert line.startswith(f"error: {path}: the actions do not replay: ")


def test_replay_seat_out_of_range(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    Record.from_game(Game.new("2003", players=2, seed=4)).save(path)
    line = one_line_error(runner.invoke(cli(), ["replay", str(path), "--seat", "3"]))
    assert line == "error: --seat 3: this match has seats 1 to 2"
    line = one_line_error(runner.invoke(cli(), ["replay", str(path), "--seat", "0"]))
    assert line == "error: --seat 0: this match has seats 1 to 2"


# ---------------------------------------------------------------------- history


def test_history_prints_the_matches_newest_first_then_your_statistics(data_dir: Path) -> None:
    saved = a_few_saved_matches()
    (store.matches_dir() / "broken.json").write_text("{", encoding="utf-8")
    with utc():
        result = runner.invoke(cli(), ["history"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    final = saved["m3-challenge"][1].result
    assert final is not None
    a, b, c, d = final.scores
    assert lines[:11] == [
        "6 matches saved, the most recent first, in:",
        f"  {data_dir / 'matches'}",
        "",
        "2026-03-01 12:04  UNO Attack! (2003)  won by Bot 1",
        f"  Bot 1 (random) {saved['m5-bots'][1].scores[0]} · Bot 2 (heuristic) 0",
        "  m5-bots.json · first to 1 wins · 1 hand played",
        "",
        "2026-03-01 12:03  UNO Attack! (2003)  in progress, hand 1",
        "  You 0 · Bot 2 (heuristic) 0",
        "  m4-unfinished.json · first to 500 wins · 0 hands played",
        "",
    ]
    assert lines[11:14] == [
        "2026-03-01 12:02  UNO Attack! Méga appuyer  won by Bot 3; you: 3rd",
        f"  You {a} · Bot 2 (heuristic) {b} · Bot 3 (heuristic) {c} · Bot 4 (heuristic) {d}",
        "  m3-challenge.json · out at 40 · 2 hands played",
    ]
    assert "Skipped broken.json: is not a game record (not JSON: " in result.output
    statistics_at = lines.index("Statistics of your matches")
    assert lines[statistics_at + 1 : statistics_at + 4] == [
        "  Your matches: 5 (3 finished, 2 unfinished)",
        "  Won: 1 of 3 finished (33%)",
        "  Hands played: 4",
    ]
    assert lines[-1] == '  Not counted: 1 match without a seat of yours ("You").'


def test_history_in_french(data_dir: Path) -> None:
    saved = a_few_saved_matches()
    winner = saved["m5-bots"][1].scores[0]

    def scores_of(name: str) -> tuple[int, ...]:
        result = saved[name][1].result
        assert result is not None
        return result.scores

    with utc():
        result = runner.invoke(cli(), ["history", "--lang", "fr"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:2] == [
        "6 parties enregistrées, la plus récente d'abord, dans :",
        f"  {data_dir / 'matches'}",
    ]
    assert lines[3:6] == [
        "2026-03-01 12:04  UNO Attack! (2003)  gagnée par Robot 1",
        f"  Robot 1 (hasard) {winner} · Robot 2 (stratège) 0",
        "  m5-bots.json · premier à 1 · 1 manche jouée",
    ]
    # The edition by its title in French, as the new-game screen and the table give it.
    # With its place, it would run past 80 columns: the state goes under it.
    at = lines.index("2026-03-01 12:01  UNO Attack! (édition ultérieure)")
    you, ana, _ = scores_of("m2-lowest")
    assert lines[at + 1 : at + 3] == [
        "  gagnée par Robot 3 ; vous : 2e",
        f"  Vous {you} · Ana {ana} · Robot 3 (hasard) 0",
    ]
    # Four seats in French run past 80 columns: the scores go on, indented further.
    at = lines.index("2026-03-01 12:02  UNO Attack! Méga appuyer  gagnée par Robot 3 ; vous : 3e")
    a, b, c, d = scores_of("m3-challenge")
    assert lines[at + 1 : at + 3] == [
        f"  Vous {a} · Robot 2 (stratège) {b} · Robot 3 (stratège) {c}",
        f"    Robot 4 (stratège) {d}",
    ]
    assert all(len(line) <= 80 for line in lines if not line.startswith("  /"))
    assert "  Vos parties : 5 (3 terminées, 2 en cours)" in lines


def test_history_json_is_for_scripts(data_dir: Path) -> None:
    saved = a_few_saved_matches()
    (store.matches_dir() / "notes.json").write_text('{"hello": 1}', encoding="utf-8")
    result = runner.invoke(cli(), ["history", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["folder"] == str(data_dir / "matches")
    assert [m["file"] for m in data["matches"]] == [
        f"{name}.json" for name in reversed(list(saved))
    ]
    challenge = data["matches"][2]
    game = saved["m3-challenge"][1]
    assert game.result is not None
    assert {key: challenge[key] for key in challenge if key not in ("saved", "seats")} == {
        "file": "m3-challenge.json",
        "edition": "mega-hit",
        "edition_title": "UNO Attack! Méga appuyer",
        "players": 4,
        "scoring_mode": "challenge",
        "target_score": 40,
        "over": True,
        "hand": 2,
        "hands_played": 2,
        "scores": list(game.result.scores),
        "winners": [2],
        "you": 0,
        "your_place": 3,
        "state": "won by Bot 3; you: 3rd",
        "actions": len(game.history),
    }
    assert challenge["seats"][1] == {
        "kind": "bot",
        "name": "",
        "level": "heuristic",
        "label": "Bot 2 (heuristic)",
    }
    assert challenge["saved"].startswith("2026-03-01T")
    assert data["matches"][1]["over"] is False and data["matches"][1]["your_place"] is None
    stats = data["statistics"]
    assert stats["total"] == {
        "matches": 5,
        "finished": 3,
        "won": 1,
        "unfinished": 2,
        "win_rate": 1 / 3,
        "hands": 4,
    }
    assert sorted(stats["by_edition"]) == ["2003", "2010", "mega-hit"]
    assert sorted(stats["by_players"]) == ["2", "3", "4"]
    assert stats["best"]["challenge"] == {
        "score": game.result.scores[0],
        "highest_is_best": False,
        "target_score": 40,
        "file": "m3-challenge.json",
    }
    assert stats["best"]["first_to_500"]["highest_is_best"] is True
    assert stats["without_you"] == 1
    assert data["skipped"] == [
        {"file": "notes.json", "reason": 'is not a game record (no "format": "unoattack-record")'}
    ]
    # The edition's name stays the same in every language; its title is in the one asked.
    french = json.loads(runner.invoke(cli(), ["history", "--json", "--lang", "fr"]).output)
    assert [(m["edition"], m["edition_title"]) for m in french["matches"][2:4]] == [
        ("mega-hit", "UNO Attack! Méga appuyer"),
        ("2010", "UNO Attack! (édition ultérieure)"),
    ]


def test_history_of_one_match_says_it_in_the_singular_and_fits_80_columns(
    data_dir: Path,
) -> None:
    saved_match("only", "you,bot:random,bot:heuristic", seed=1)
    with utc():
        english = runner.invoke(cli(), ["history"]).output.splitlines()
        french = runner.invoke(cli(), ["history", "--lang", "fr"]).output.splitlines()
    assert english[:2] == ["1 match saved, the most recent first, in:", f"  {data_dir / 'matches'}"]
    assert french[:2] == [
        "1 partie enregistrée, la plus récente d'abord, dans :",
        f"  {data_dir / 'matches'}",
    ]
    folder_line = f"  {data_dir / 'matches'}"
    for line in english + french:
        assert line == folder_line or len(line) <= 80, line


def test_history_of_an_empty_data_dir_says_so_in_one_line(data_dir: Path) -> None:
    result = runner.invoke(cli(), ["history"])
    assert result.exit_code == 0
    assert result.output == f"No saved matches in {data_dir / 'matches'}.\n"
    empty = json.loads(runner.invoke(cli(), ["history", "--json"]).output)
    assert (empty["matches"], empty["skipped"], empty["statistics"]["total"]["matches"]) == (
        [],
        [],
        0,
    )


def test_history_with_an_unknown_language_is_a_one_line_error() -> None:
    line = one_line_error(runner.invoke(cli(), ["history", "--lang", "de"]))
    assert line == "error: --lang: unknown language 'de': choose one of en, fr"
