"""The layers (docs/architecture.md): hidden information leaves the engine only through
per-seat views and redacted events, so no front-end reads a game's raw event log."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "unoattack"
FRONT_ENDS = ("tui", "web", "envs", "sim", "bots")
RAW_LOG = re.compile(r"\bgame\.log\b")


@pytest.mark.parametrize("front_end", FRONT_ENDS)
def test_no_front_end_reads_a_games_raw_log(front_end: str) -> None:
    readers = [
        f"{path.relative_to(PACKAGE)}:{number}: {line.strip()}"
        for path in sorted((PACKAGE / front_end).rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if RAW_LOG.search(line)
    ]
    assert readers == []


def test_the_check_finds_a_raw_log_read() -> None:
    assert RAW_LOG.search("events = self.game.log[start:]")
    assert not RAW_LOG.search("events = match.events(seat, start)")
