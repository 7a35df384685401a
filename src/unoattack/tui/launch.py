"""How the player started the game, so that every command the game prints works as
printed: ``./scripts/play`` is not ``unoattack`` on the PATH, and neither is
``.venv/bin/unoattack``."""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from pathlib import Path

#: ``./scripts/play`` sets it to the path the player typed to run it (its ``$0``).
LAUNCHER_VARIABLE = "UNOATTACK_PLAY"


def play_command() -> str:
    """The command that starts the terminal game again, as the player can type it."""
    typed = os.environ.get(LAUNCHER_VARIABLE)
    if typed:
        return shlex.quote(typed)
    program = Path(sys.argv[0])
    if program.name == "unoattack":
        on_path = shutil.which("unoattack")
        if on_path is not None and Path(on_path).resolve() == program.resolve():
            return "unoattack play"
        return f"{shlex.quote(sys.argv[0])} play"
    if program.name == "__main__.py":  # python -m unoattack
        return f"{shlex.quote(sys.executable)} -m unoattack play"
    return "unoattack play"
