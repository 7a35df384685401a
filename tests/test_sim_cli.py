"""The simulate, tournament and bench commands, driven like a user would."""

from __future__ import annotations

import csv
import importlib
import json
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from unoattack.sim.commands import register
from unoattack.sim.simulate import SimConfig, simulate

runner = CliRunner()


def make_app() -> typer.Typer:
    app = typer.Typer(pretty_exceptions_enable=False)
    register(app)
    return app


APP = make_app()
FAST = ["--edition", "mega-hit", "--players", "2", "--unit", "hands", "--jobs", "1"]


def invoke(*args: str) -> Any:
    return runner.invoke(APP, list(args))


def test_register_adds_the_three_commands() -> None:
    names = {c.name for c in typer.main.get_command(APP).commands.values()}  # type: ignore[attr-defined]
    assert names == {"simulate", "tournament", "bench"}


def test_simulate_prints_a_summary() -> None:
    result = invoke("simulate", *FAST, "--games", "6", "--seed", "3", "--bots", "heuristic")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("6 hands of edition mega-hit, 2 players (heuristic), launcher hazard")
    for label in (
        "decisions",
        "turns per hand",
        "launcher",
        "cards launched",
        "reloads",
        "points per hand",
        "win rate by seat (95% Wilson interval)",
        "win rate by bot",
        "hand wins by deal order",
        "peak memory",
    ):
        assert label in out


def test_simulate_json_has_stable_keys_and_the_library_figures() -> None:
    result = invoke("simulate", *FAST, "--games", "5", "--seed", "8", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert list(data) == [
        "format",
        "config",
        "games",
        "hands",
        "decisions",
        "decisions_per_game",
        "decisions_per_hand",
        "hands_per_match",
        "turns_per_hand",
        "plays_per_hand",
        "stacked_plays_per_hand",
        "launcher",
        "wins",
        "points",
        "ends",
        "run",
    ]
    assert data["format"] == "unoattack-simulate/1"
    assert data["config"] == {
        "edition": "mega-hit",
        "players": 2,
        "games": 5,
        "unit": "hands",
        "seed": 8,
        "bots": ["random", "random"],
        "launcher": "hazard",
        "options": {},
        "rotations": 1,
    }
    config = SimConfig(edition="mega-hit", players=2, games=5, seed=8, unit="hands")
    expected = simulate(config).to_dict(config)
    del data["run"]
    assert data == json.loads(json.dumps(expected))


def test_options_reach_the_engine() -> None:
    args = [*FAST, "--games", "3", "--json", "--bots", "heuristic"]
    on = json.loads(invoke("simulate", *args).stdout)
    off = json.loads(invoke("simulate", *args, "--option", "stacking=off").stdout)
    assert off["config"]["options"] == {"stacking": "off"}
    assert off["stacked_plays_per_hand"]["max"] == 0
    assert on["config"]["options"] == {}


def test_csv_has_one_row_per_game_adding_up_to_the_summary(tmp_path: Path) -> None:
    path = tmp_path / "games.csv"
    result = invoke("simulate", *FAST, "--games", "7", "--csv", str(path), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    with path.open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [int(r["game"]) for r in rows] == list(range(7))
    assert sum(int(r["decisions"]) for r in rows) == data["decisions"]
    assert sum(int(r["presses"]) for r in rows) == data["launcher"]["presses"]
    assert sum(int(r["cards_launched"]) for r in rows) == data["launcher"]["cards_launched"]
    assert sum(int(r["turns"]) for r in rows) == data["turns_per_hand"]["mean"] * 7


def test_plot_and_report_are_written(tmp_path: Path) -> None:
    plot, report = tmp_path / "sim.png", tmp_path / "sim.html"
    result = invoke("simulate", *FAST, "--games", "4", "--plot", str(plot), "--report", str(report))
    assert result.exit_code == 0, result.output
    assert plot.read_bytes().startswith(b"\x89PNG")
    page = report.read_text()
    assert page.startswith("<!doctype html>")
    for text in ("data:image/png;base64,", "Win rates", "By seat", "Hands by deal order"):
        assert text in page


def test_simulate_with_two_processes_matches_one() -> None:
    args = [*FAST[:-2], "--games", "6", "--seed", "5", "--json"]
    one = json.loads(invoke("simulate", *args, "--jobs", "1").stdout)
    two = json.loads(invoke("simulate", *args, "--jobs", "2").stdout)
    assert (one.pop("run")["jobs"], two.pop("run")["jobs"]) == (1, 2)
    assert one == two


def test_tournament_table_and_json() -> None:
    args = ["--bots", "random,heuristic", "--players", "2", "--games", "3", "--unit", "hands"]
    result = invoke("tournament", *args, "--jobs", "1")
    assert result.exit_code == 0, result.output
    assert "3 deals x 2 seat rotations = 6 hands" in result.stdout
    assert "ordinal" in result.stdout
    data = json.loads(invoke("tournament", *args, "--jobs", "1", "--json").stdout)
    assert data["format"] == "unoattack-tournament/1"
    assert data["games"] == 6
    assert [e["rank"] for e in data["entries"]] == [1, 2]
    assert {e["entry"] for e in data["entries"]} == {"random", "heuristic"}
    assert all(e["trials"] == 6 for e in data["entries"])


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (
            ["--search", "--envs"],
            "error: --search and --envs are two benchmarks: run them one at a time",
        ),
        (
            ["--envs", "--events"],
            "error: --events is for the engine's benchmark: drop it or --envs",
        ),
        (
            ["--search", "--events"],
            "error: --events is for the engine's benchmark: drop it or --search",
        ),
        (
            ["--search", "--games", "3"],
            "error: --games is not for --search, which times every edition for --seconds",
        ),
        (
            ["--search", "--rounds", "8"],
            "error: --rounds is not for --search, which times one table after another",
        ),
        (
            ["--envs", "--games", "1", "--rounds", "8"],
            "error: --rounds is for timed runs: --games plays its games in one round",
        ),
        (["--rounds", "0"], "error: --rounds must be at least 1, got 0"),
    ],
)
def test_bench_refuses_options_its_mode_would_ignore(args: list[str], error: str) -> None:
    # --search --envs ran the search alone and said nothing of the environments.
    result = invoke("bench", *args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == error + "\n"


def test_bench_json_reports_ours_and_theirs_or_says_why_not() -> None:
    result = invoke("bench", "--games", "1", "--json", "--edition", "mega-hit")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data["unoattack"]) == {"2", "4"}
    for key in ("rlcard_uno", "openspiel_crazy_eights"):
        if data[key] is None:
            assert "not importable" in data["skipped"][key]
            assert data["ratios"][key] is None
        else:
            assert set(data[key]) == {"2", "4"}
            assert data["ratios"][key]["2"] == data["unoattack"]["2"] / data[key]["2"]


@pytest.mark.parametrize("envs", [False, True])
def test_bench_takes_turns_in_as_many_slices_as_rounds_asks(envs: bool) -> None:
    """--rounds N times each engine (each environment) and player count in N slices
    taken in turn, --seconds split between them; by default three."""
    mode = ["--envs"] if envs else []
    for rounds, slices in ((None, 3), (5, 5)):
        extra = [] if rounds is None else ["--rounds", str(rounds)]
        result = invoke("bench", *mode, "--seconds", "0.05", *extra, "--json")
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        details = data["details"] if envs else {"unoattack": data["details"]["unoattack"]}
        for figures in details.values():
            assert {f["slices"] for f in figures.values()} == {slices}


def test_bench_envs_times_our_environments_beside_rlcards_in_one_run() -> None:
    result = invoke("bench", "--envs", "--games", "1", "--json", "--edition", "mega-hit")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert list(data["steps_per_second"]) == ["pettingzoo", "gymnasium", "openspiel", "rlcard_uno"]
    for key in ("pettingzoo", "gymnasium", "openspiel"):
        assert set(data["steps_per_second"][key]) == {"2", "4"}
        for players, figures in data["details"][key].items():
            assert figures["games"] == 1 and figures["steps"] > 0
            assert figures["steps_per_second"] == figures["steps"] / figures["seconds"]
            assert data["steps_per_second"][key][players] == figures["steps_per_second"]
    # Gymnasium's steps are the learner's; the random bots' moves come on top.
    assert all(f["decisions"] > f["steps"] for f in data["details"]["gymnasium"].values())
    reference = data["steps_per_second"]["rlcard_uno"]
    if reference is None:
        assert "not importable" in data["skipped"]["rlcard_uno"]
    else:
        for key in ("pettingzoo", "openspiel"):
            ours = data["steps_per_second"][key]["2"]
            assert data["ratios"][key]["2"] == ours / reference["2"]
        # One learner among random players: RLCard's seat 0 makes a share of the steps.
        rlcard = data["details"]["rlcard_uno"]["4"]
        assert 0 < rlcard["learner_steps"] < rlcard["steps"]
        gymnasium = data["steps_per_second"]["gymnasium"]["4"]
        learner_rate = rlcard["learner_steps"] / rlcard["seconds"]
        assert data["learner_ratios"]["4"] == gymnasium / learner_rate
    text = invoke("bench", "--envs", "--games", "1")
    assert text.exit_code == 0
    assert (
        "PettingZoo (unoattack) 2p:" in text.stdout and "Gymnasium (unoattack) 4p:" in text.stdout
    )
    assert "OpenSpiel (unoattack) 4p:" in text.stdout
    if reference is not None:
        assert "Gymnasium (unoattack) / RLCard UNO steps of seat 0 (one learner): 2p x" in (
            text.stdout
        )


def test_bench_search_reports_ismcts_iterations_per_second_at_every_table() -> None:
    result = invoke("bench", "--search", "--seconds", "0.05", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    tables = ["2003/2", "2010/2", "mega-hit/2", "2003/4", "2010/4", "mega-hit/4"]
    assert list(data["tables"]) == tables
    for figures in data["tables"].values():
        assert figures["iterations"] == 2_000 * figures["searches"] > 0
    assert list(data["levels"]) == ["easy", "normal", "hard"]
    rate = data["iterations_per_second"]
    assert data["levels"]["hard"] == {"seconds": 0.5, "iterations": round(rate * 0.5)}
    text = invoke("bench", "--search", "--seconds", "0.05")
    assert text.exit_code == 0 and "ISMCTS, one process:" in text.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "--players", "x"], "Invalid value for '--players'"),
        (["simulate", "--players", "1"], "players must be from 2 to 10, got 1"),
        (["simulate", "--edition", "1999"], "1999"),
        (["simulate", "--bots", "greedy"], "unknown bot 'greedy'"),
        (["simulate", "--bots", "random,,heuristic"], "give bot names separated by commas"),
        (["simulate", "--players", "2", "--bots", "random,random,random"], "3 bots for 2 seats"),
        (["simulate", "--unit", "rounds"], "--unit 'rounds': choose one of matches, hands"),
        (["simulate", "--games", "0"], "--games must be at least 1, got 0"),
        (["simulate", "--launcher", "catapult"], "unknown launcher model 'catapult'"),
        (["simulate", "--option", "stacking"], "--option 'stacking': write key=value"),
        (["simulate", "--option", "stackin=on"], "did you mean 'stacking'"),
        (["simulate", "--backend", "spark"], "--backend 'spark': choose one of local, ray"),
        (["simulate", "--address", "ray://h:1"], "--address needs --backend ray"),
        (["simulate", "--jobs", "-1"], "--jobs must be at least 1"),
        (["simulate", "--plot", "out.docx"], "unknown image format 'docx'"),
        (["simulate", "--csv", "/no/such/dir/g.csv"], "directory /no/such/dir does not exist"),
        (["simulate", "--bogus"], "No such option: --bogus"),
        (["tournament", "--bots", "random,heuristic,random", "--players", "2"], "3 bots"),
        (["tournament", "--games", "-3"], "--games must be at least 1"),
        (["bench", "--seconds", "0"], "--seconds must be positive"),
        (["bench", "--games", "1", "--edition", "1999"], "1999"),
    ],
)
def test_bad_arguments_give_a_one_line_error(args: list[str], message: str) -> None:
    # Small settings first (a later option wins), so that a check that let bad input
    # through would fail fast instead of running a long simulation.
    small = {
        "simulate": ["--games", "1", "--unit", "hands", "--jobs", "1"],
        "tournament": ["--games", "1", "--unit", "hands", "--jobs", "1"],
    }
    command, *rest = args
    result = invoke(command, *small.get(command, []), *rest)
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    assert message in lines[0]
    assert "Traceback" not in result.output


def test_a_game_that_cannot_end_is_one_line_in_one_process(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # In one process the driver's error reached the command as such: a traceback (the
    # workers of several report it as the backend's error, which was one line already).
    monkeypatch.setattr(importlib.import_module("unoattack.sim.simulate"), "MAX_DECISIONS", 20_000)
    result = invoke(
        "simulate", "--players", "2", "--games", "1", "--seed", "1", "--bots", "random,random",
        "--launcher", "scripted:0", "--jobs", "1",
    )  # fmt: skip
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: the game with seed ")
    assert lines[0].endswith(
        "did not end after 20,000 decisions: the scripted launcher dings once its script "
        "runs out; end it with loop"
    )
