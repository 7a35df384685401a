"""scripts/bot_strength.py combine: runs of one tournament that differ in their seed
alone are summed into one line per entry, with the Wilson interval of the sum."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from repo_scripts import load_script
from unoattack.cli import app
from unoattack.sim.stats import wilson

BOTS = "random,heuristic"


def tournament(tmp_path: Path, seed: int, edition: str = "2003") -> Path:
    """A real run of ``unoattack tournament --json``: 3 deals heads-up, 6 hands."""
    args = ["tournament", "--bots", BOTS, "--players", "2", "--games", "3", "--seed", str(seed)]
    args += ["--edition", edition, "--unit", "hands", "--jobs", "1", "--json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    path = tmp_path / f"{edition}-{seed}.json"
    path.write_text(result.stdout)
    return path


def wins(path: Path) -> dict[str, tuple[int, int]]:
    run = json.loads(path.read_text())
    return {entry["entry"]: (entry["wins"], entry["trials"]) for entry in run["entries"]}


def test_combine_sums_the_wins_of_runs_that_differ_in_their_seed(tmp_path: Path) -> None:
    runs = [tournament(tmp_path, seed) for seed in (5, 6, 7)]
    text = load_script("bot_strength").combine([str(path) for path in runs])
    lines = text.splitlines()
    assert lines[0] == "3 runs (seeds 5, 6, 7): random, heuristic, edition 2003, 2 players, hands"
    for entry in ("random", "heuristic"):
        won = sum(wins(path)[entry][0] for path in runs)
        trials = sum(wins(path)[entry][1] for path in runs)
        assert trials == 18
        low, high = wilson(won, trials)
        row = f"| {entry} | {won} | 18 | {won / 18:.1%} [{low:.1%}, {high:.1%}] |"
        assert row in lines
    # Every hand has one winner: the two entries' wins make up the hands played.
    assert sum(sum(wins(path)[e][0] for path in runs) for e in ("random", "heuristic")) == 18


def test_combine_refuses_runs_of_different_tables_or_the_same_seed(tmp_path: Path) -> None:
    script = load_script("bot_strength")
    first = tournament(tmp_path, 5)
    other_edition = tournament(tmp_path, 6, edition="2010")
    with pytest.raises(SystemExit, match="differ in more than the seed: edition"):
        script.combine([str(first), str(other_edition)])
    with pytest.raises(SystemExit, match="are both seed 5"):
        script.combine([str(first), str(first)])
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    with pytest.raises(SystemExit, match=r"broken\.json: not a tournament's JSON"):
        script.combine([str(first), str(broken)])
