"""./scripts/play: it says what it does on the first run, installs only when the
project's packaging changed, and tells the game how it was typed, so that the commands
the game prints (resume a match) work as printed."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from unoattack.tui import launch

ROOT = Path(__file__).resolve().parent.parent

# Stand-ins for the virtual environment's programs, so that the script's own logic runs
# for real in a scratch copy of the project without installing anything: python logs
# what pip was asked to do, and unoattack prints what it was started with.
FAKE_PYTHON = """#!/usr/bin/env bash
if [ "${1:-}" = "--version" ]; then echo "Python 3.11.0"; exit 0; fi
echo "python $*" >>"$(dirname "$0")/../calls.log"
"""
FAKE_UNOATTACK = """#!/usr/bin/env bash
echo "unoattack $* (UNOATTACK_PLAY=$UNOATTACK_PLAY)"
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "play", tmp_path / "scripts" / "play")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    bin_dir = tmp_path / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    for name, text in (("python", FAKE_PYTHON), ("unoattack", FAKE_UNOATTACK)):
        (bin_dir / name).write_text(text)
        (bin_dir / name).chmod(0o755)
    return tmp_path


def run_play(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "scripts/play", *args], cwd=project, capture_output=True, text=True, check=True
    )


def test_play_installs_once_and_then_starts_without_pip(project: Path) -> None:
    first = run_play(project, "--players", "3")
    assert first.stderr.splitlines() == [
        "- installing unoattack and the terminal game's packages with pip",
        "- ready: starting the game",
    ]
    assert first.stdout == "unoattack play --players 3 (UNOATTACK_PLAY=scripts/play)\n"
    second = run_play(project, "--lang", "fr")
    assert second.stderr == ""
    assert second.stdout == "unoattack play --lang fr (UNOATTACK_PLAY=scripts/play)\n"
    calls = (project / ".venv" / "calls.log").read_text().splitlines()
    assert calls == ["python -m pip install --quiet --disable-pip-version-check -e ."]


def test_play_reinstalls_when_the_packaging_changed(project: Path) -> None:
    run_play(project)
    with (project / "pyproject.toml").open("a") as file:
        file.write("\n# a new dependency, say\n")
    again = run_play(project)
    assert "installing" in again.stderr
    assert len((project / ".venv" / "calls.log").read_text().splitlines()) == 2


def test_the_game_prints_the_command_the_player_typed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(launch.LAUNCHER_VARIABLE, "./scripts/play")
    assert launch.play_command() == "./scripts/play"
    monkeypatch.setenv(launch.LAUNCHER_VARIABLE, "/home/ana/my games/scripts/play")
    assert launch.play_command() == "'/home/ana/my games/scripts/play'"
    monkeypatch.delenv(launch.LAUNCHER_VARIABLE)
    # The virtual environment's program, not on the PATH: its path as typed.
    monkeypatch.setattr(sys, "argv", [".venv/bin/unoattack", "play"])
    monkeypatch.setenv("PATH", "/nonexistent")
    assert launch.play_command() == ".venv/bin/unoattack play"
    # On the PATH: the bare name works.
    program = ROOT / ".venv" / "bin" / "unoattack"
    monkeypatch.setattr(sys, "argv", [str(program), "play"])
    monkeypatch.setenv("PATH", str(program.parent) + os.pathsep + "/usr/bin")
    assert launch.play_command() == "unoattack play"
