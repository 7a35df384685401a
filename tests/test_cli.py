"""The command line: each command works, and bad input gives one line and exit code 2."""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from unoattack.cli import app

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_every_command_is_summed_up_in_one_sentence_in_the_command_list() -> None:
    # The command list shows a command's first paragraph with its line breaks: a help
    # whose first sentence runs over lines reads broken there (loadtest's did).
    commands = typer.main.get_command(app).commands  # type: ignore[attr-defined]
    assert len(commands) == 12
    for name, sub in commands.items():
        summary = (sub.help or "").split("\n\n")[0]
        assert summary and "\n" not in summary.strip(), name
        assert summary.strip().endswith("."), name


def test_editions_lists_all_three() -> None:
    code, out, _ = run("editions")
    assert code == 0
    assert "2003: UNO Attack! (2003) — 112 cards" in out
    assert "mega-hit:" in out and "2010:" in out


def test_editions_json_is_machine_readable() -> None:
    code, out, _ = run("editions", "--json")
    rows = json.loads(out)
    assert code == 0 and [r["name"] for r in rows] == ["2003", "2010", "mega-hit"]
    assert [r["cards"] for r in rows] == [112, 112, 112]
    assert [r["deck_points"] for r in rows] == [1480, 1590, 1640]
    assert rows[2]["options"]["stacking"] is True


def test_selfplay_writes_a_record_that_verifies(tmp_path: Path) -> None:
    record = tmp_path / "match.json"
    code, out, _ = run(
        "selfplay",
        "--edition",
        "mega-hit",
        "--players",
        "3",
        "--seed",
        "4",
        "--record",
        str(record),
    )
    assert code == 0 and "won the match" in out and record.exists()
    code, out, _ = run("verify", str(record))
    assert code == 0 and "intact" in out


def test_selfplay_numbers_players_from_1_and_counts_in_words() -> None:
    out = run("selfplay", "--players", "3", "--seed", "1", "--option", "target_score=1")[1]
    assert out.splitlines()[-3:] == [
        "hand 1: Player 2 went out and scores 471; scores 0, 471, 0",
        "Player 2 won the match (target reached)",
        "2657 actions, 1 hand",
    ]


def test_selfplay_of_a_match_that_cannot_end_is_a_one_line_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Once this script has run out every press dings: from some point nobody can play and
    # nobody draws. The cap is lowered from 10,000,000 so that the test is quick.
    # (the package's name `simulate` is also its function's: the module is taken by name)
    monkeypatch.setattr(importlib.import_module("unoattack.sim.simulate"), "MAX_DECISIONS", 20_000)
    code, out, err = run("selfplay", "--players", "2", "--launcher", "scripted:3,0,2")
    assert (code, out) == (2, "")
    assert err == (
        "error: the game with seed 0 did not end after 20,000 decisions: the scripted "
        "launcher dings once its script runs out; end it with loop\n"
    )


def test_selfplay_is_deterministic(tmp_path: Path) -> None:
    first = run("selfplay", "--players", "2", "--seed", "9")
    second = run("selfplay", "--players", "2", "--seed", "9")
    assert first == second


def test_verify_reports_a_tampered_record(tmp_path: Path) -> None:
    record = tmp_path / "match.json"
    run("selfplay", "--players", "2", "--seed", "1", "--record", str(record))
    data = json.loads(record.read_text())
    data["seed"] = 2
    record.write_text(json.dumps(data))
    code, out, _ = run("verify", str(record))
    assert code == 1 and "NOT intact" in out and "digest" in out


def test_position_shows_the_table() -> None:
    text = (
        "2003 hands=R5,G7/G1,G2 pile=R2 colour=R dir=cw turn=0 dealer=1 scores=0,0 "
        "stock=... launcher=hazard seed=0"
    )
    code, out, _ = run("position", text)
    assert code == 0
    assert "* P0 [  0] R5 G7" in out
    assert "legal: play R5, play R5 uno, press" in out
    assert out.strip().endswith(text)


def test_position_shows_what_is_pending() -> None:
    text = (
        "mega-hit hands=R5,R6/G-Hit2,G1/B3,B4 pile=R2,R-Hit1 colour=R dir=cw "
        "owe=0:4:suggestion,1:1:hit+stack then=2 mega=1:1:0 dealer=2 scores=0,0,0 stock=... "
        "aside=R9,R8 launcher=scripted seed=0"
    )
    code, out, _ = run("position", text)
    assert code == 0
    assert "* P0 [  0] R5 R6" in out
    assert "presses owed: P0 4 presses (suggestion); P1 1 press (hit, may stack)" in out
    assert "then P2 plays" in out
    assert "2 cards out of play" in out
    assert out.strip().endswith(text)
    code, out, _ = run(
        "position",
        "2010 hands=R5,R6/G1,G2 pile=WH4 colour=? owe=1:4:start+hit then=0 dealer=0 "
        "scores=0,0 stock=... launcher=scripted",
    )
    assert code == 0
    assert "top WH4 colour to be named" in out and "then P0 names the colour, then plays" in out
    code, out, _ = run(
        "position",
        "2003 hands=R5,R6/G1,G2 pile= dealer=1 scores=0,0 stock=W,... launcher=scripted",
    )
    assert code == 0 and "P0 names the colour of the wild start card" in out


TABLE = "2003 hands=R5,R6/G1,G2 pile=R2 dealer=1 scores=0,0 stock=... launcher=scripted"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("selfplay", "--edition", "1999"), "error: unknown edition '1999'"),
        # The parser's own errors, a line too (click drew a box of several).
        (("selfplay", "--players", "abc"), "error: Invalid value for '--players': 'abc'"),
        (("editions", "--bogus"), "error: No such option: --bogus"),
        (("serve", "--port", "-1"), "error: Invalid value for '--port': -1 is not in the"),
        (("play", "--seed", "abc"), "error: Invalid value for '--seed': 'abc'"),
        (("serve", "--rate", "nan"), "error: --rate nan: give a finite number"),
        (("loadtest", "--duration", "inf"), "error: --duration inf: give a finite number"),
        (("selfplay", "--players", "11"), "error: players must be from 2 to 10, got 11"),
        (("selfplay", "--launcher", "rocket"), "error: unknown launcher model 'rocket'"),
        (("selfplay", "--option", "stacking"), "error: --option 'stacking': write key=value"),
        (("selfplay", "--option", "speed=3"), "error: unknown option 'speed'"),
        (("position", "2003 hands=R1"), "error: field 'pile' is missing"),
        (
            ("position", f"{TABLE} owe=1:x:hit then=0"),
            "error: owe: entry 1 '1:x:hit': presses must be a whole number or 'fire'",
        ),
        (("position", f"{TABLE} turn=0 then=1"), "error: then: only while presses are owed"),
        (("position", f"{TABLE} colour=? turn=0"), "error: colour: ? is a colour still to be"),
        (("position", f"{TABLE} turn=0 presses=1,2"), "error: presses: '1,2': write three"),
        (("position", f"{TABLE} turn=0 aside=..."), "error: aside: only one of stock and"),
        (("position", f"{TABLE} turn=0 empty=2"), "error: empty: 2 turns in a row pressed"),
        (("position", TABLE.replace("R5", "R5#3")), "error: hands (seat 0): R5#3: the 2003"),
        (("position", TABLE.replace("R2", "") + " turn=0"), "error: turn: the pile is empty"),
    ],
)
def test_bad_input_gives_one_line_and_exit_2(args: tuple[str, ...], message: str) -> None:
    code, out, err = run(*args)
    assert code == 2
    assert err.strip().splitlines() == [err.strip()] and err.startswith(message)
    assert "Traceback" not in out + err


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda text: text.replace('"players": 2', '"players": Infinity'), "a field is missing or"),
        (lambda text: text.replace('"seed": 4', '"seed": ' + "9" * 5000), "Exceeds the limit"),
        (lambda text: "[" * 100_000 + "]" * 100_000, "nested too deep"),
    ],
)
def test_verify_refuses_a_record_pythons_json_reads_badly_in_one_line(
    tmp_path: Path, edit: Callable[[str], str], message: str
) -> None:
    # Infinity (int() overflows), a number of over 4,300 digits, arrays nested deeper than
    # the parser recurses: each was a traceback.
    path = tmp_path / "match.json"
    assert run("selfplay", "--players", "2", "--seed", "4", "--record", str(path))[0] == 0
    text = path.read_text()
    assert '"players": 2' in text and '"seed": 4' in text
    path.write_text(edit(text))
    code, out, err = run("verify", str(path))
    assert code == 2 and err.startswith(f"error: {path}") and message in err
    assert err.strip().splitlines() == [err.strip()] and "Traceback" not in out + err


def test_verify_refuses_a_file_that_is_not_a_record(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("hello")
    code, _, err = run("verify", str(path))
    assert code == 2 and err.startswith("error: ") and "is not a game record" in err
    code, _, err = run("verify", str(tmp_path / "missing.json"))
    assert code == 2 and "cannot read" in err
