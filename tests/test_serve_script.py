"""./scripts/serve: on a fresh clone it says what it does, creates .venv, installs the
project with the web server's extra only when the project's packaging changed, and
starts ``unoattack serve`` with the flags it was given."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Stand-ins for the programs the script runs, so that its own logic runs for real in a
# scratch copy of the project without installing anything: python3 makes a virtual
# environment of stand-ins, its python logs what pip was asked to do, and unoattack
# prints what it was started with.
FAKE_PYTHON = """#!/usr/bin/env bash
if [ "${1:-}" = "--version" ]; then echo "Python 3.11.0"; exit 0; fi
echo "python $*" >>"$(dirname "$0")/../calls.log"
"""
FAKE_UNOATTACK = """#!/usr/bin/env bash
echo "unoattack $*"
"""
FAKE_PYTHON3 = f"""#!/usr/bin/env bash
# python3 -m venv .venv
[ "$1 $2 $3" = "-m venv .venv" ] || exit 3
mkdir -p .venv/bin
cat >.venv/bin/python <<'END'
{FAKE_PYTHON}END
cat >.venv/bin/unoattack <<'END'
{FAKE_UNOATTACK}END
chmod +x .venv/bin/python .venv/bin/unoattack
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A scratch copy of the project as a fresh clone has it: no .venv."""
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "serve", tmp_path / "scripts" / "serve")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    tools = tmp_path / "tools"
    tools.mkdir()
    (tools / "python3").write_text(FAKE_PYTHON3)
    (tools / "python3").chmod(0o755)
    return tmp_path


def run_serve(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PATH=f"{project / 'tools'}{os.pathsep}{os.environ['PATH']}")
    return subprocess.run(
        ["bash", "scripts/serve", *args],
        cwd=project,
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )


def pip_calls(project: Path) -> list[str]:
    return (project / ".venv" / "calls.log").read_text().splitlines()


def test_serve_sets_up_a_fresh_clone_once_and_then_starts_at_once(project: Path) -> None:
    first = run_serve(project, "--port", "8080")
    assert first.stderr.splitlines() == [
        "First run: setting up UNO Attack in .venv (about a minute, once).",
        "- creating the virtual environment",
        "- installing unoattack and the web server's packages with pip",
        "- ready: starting the server",
    ]
    assert first.stdout == "unoattack serve --port 8080\n"
    second = run_serve(project, "--host", "127.0.0.1")
    assert second.stderr == ""
    assert second.stdout == "unoattack serve --host 127.0.0.1\n"
    assert pip_calls(project) == [
        "python -m pip install --quiet --disable-pip-version-check -e .[web]"
    ]


def test_serve_reinstalls_when_the_packaging_changed(project: Path) -> None:
    run_serve(project)
    with (project / "pyproject.toml").open("a") as file:
        file.write("\n# a new dependency, say\n")
    again = run_serve(project)
    assert again.stderr.splitlines() == [
        "- installing unoattack and the web server's packages with pip",
        "- ready: starting the server",
    ]
    assert len(pip_calls(project)) == 2


def test_serve_installs_the_web_extra_after_play_set_up_the_terminal_game(
    project: Path,
) -> None:
    # ./scripts/play made .venv and installed the package without the web extra: its
    # stamp is not the server's, so the server's packages are installed once.
    run_serve(project)
    (project / ".venv" / "calls.log").unlink()
    (project / ".venv" / ".unoattack-serve").unlink()
    (project / ".venv" / ".unoattack-play").write_text("whatever play wrote")
    again = run_serve(project)
    assert "installing unoattack and the web server's packages" in again.stderr
    assert pip_calls(project) == [
        "python -m pip install --quiet --disable-pip-version-check -e .[web]"
    ]
