"""Where matches are saved: each match is its game record, rewritten after every action.

Records go to ``<data dir>/matches/``; the data dir is ``platformdirs.user_data_dir(
"unoattack")`` unless the ``UNOATTACK_DATA_DIR`` environment variable names another. Next
to each record ``NAME.json`` a small ``NAME.table.json`` says who sat where (humans, bots
and their levels) and in which language, which the record itself does not hold.
:func:`table_for` reads it back, or says what a record without one is taken to be.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from unoattack.engine import Game, Record, RecordError
from unoattack.engine.record import TakeBack
from unoattack.tui.i18n import LANGUAGES
from unoattack.tui.setup import Seat, SetupError

ENV_VAR = "UNOATTACK_DATA_DIR"
TABLE_FORMAT = "unoattack-table"
_SCAN_LIMIT = 50  # records looked at, newest first, to find one to resume


def data_dir() -> Path:
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("unoattack"))


def matches_dir() -> Path:
    return data_dir() / "matches"


def table_path(record_path: Path) -> Path:
    """``NAME.json`` -> ``NAME.table.json``."""
    return record_path.with_suffix(".table.json")


def new_record_path(seed: int) -> Path:
    """A fresh file name for a new match: its start time and seed."""
    folder = matches_dir()
    stem = time.strftime("%Y%m%d-%H%M%S") + f"-seed{seed}"
    path = folder / f"{stem}.json"
    number = 2
    while path.exists():
        path = folder / f"{stem}-{number}.json"
        number += 1
    return path


def write_record(game: Game, path: Path, takebacks: Sequence[TakeBack] = ()) -> None:
    """Write the game's record, with the moves taken back, atomically (a crash never
    leaves half a file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    Record.from_game(game, takebacks).save(partial)
    os.replace(partial, path)


class SavedTable(NamedTuple):
    """Who sat where, the language, and whether hints are offered."""

    seats: tuple[Seat, ...]
    lang: str
    hints: bool


def write_table(path: Path, seats: tuple[Seat, ...], lang: str, hints: bool = True) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {
        "format": TABLE_FORMAT,
        "seats": [s.to_dict() for s in seats],
        "lang": lang,
        "hints": hints,
    }
    table_path(path).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def read_table(path: Path) -> SavedTable | None:
    """The seats, language and hints saved next to a record, or None when absent or
    unreadable (a file from before hints offers them)."""
    try:
        data = json.loads(table_path(path).read_text(encoding="utf-8"))
        if data.get("format") != TABLE_FORMAT:
            return None
        seats = tuple(Seat.from_dict(item) for item in data["seats"])
        return SavedTable(seats, str(data.get("lang", "en")), data.get("hints", True) is True)
    except (OSError, ValueError, KeyError, TypeError, AttributeError, SetupError, RecursionError):
        return None


def table_for(path: Path, players: int) -> SavedTable:
    """The table saved next to the record at ``path``; when its seats file is missing,
    unreadable or does not fit the record's ``players``, the table a match is resumed at:
    you in seat 0 and heuristic bots, in English, hints on."""
    table = read_table(path)
    if table is not None and len(table.seats) == players:
        lang = table.lang if table.lang in LANGUAGES else "en"
        return SavedTable(table.seats, lang, table.hints)
    seats = (Seat("you"), *(Seat("bot", level="heuristic") for _ in range(players - 1)))
    return SavedTable(seats, "en", True)


def delete_match(path: Path) -> None:
    """Remove a saved match: its record and the seats file next to it (``OSError`` when
    the record cannot be removed)."""
    path.unlink(missing_ok=True)
    table_path(path).unlink(missing_ok=True)


def records() -> list[Path]:
    """Saved records, newest first."""
    folder = matches_dir()
    if not folder.is_dir():
        return []
    found = [p for p in folder.glob("*.json") if not p.name.endswith(".table.json") and p.is_file()]
    return sorted(found, key=lambda p: (p.stat().st_mtime, p.name), reverse=True)


def last_unfinished() -> tuple[Path, Record] | None:
    """The most recently saved match that is not over, with its record."""
    for path in records()[:_SCAN_LIMIT]:
        try:
            record = Record.load(path)
        except RecordError:
            continue
        if record.result is None:
            return path, record
    return None
