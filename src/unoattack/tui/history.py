"""The saved matches read back: a summary of each, and statistics over them.

Everything comes from the files in ``<data dir>/matches/`` (:mod:`unoattack.tui.store`):
a record's edition, number of players, public events and result, and the seats file
next to it. No match is replayed: the public events say which hand is being played, the
scores after each hand and who was knocked out, and the result says who won.

Reading a few hundred long records takes a while (each holds every event of its match),
so each summary is cached in ``<data dir>/history-cache.json`` under its record's size
and modification time and its seats file's: a record is read again only when it changed.

"You" are the seat of kind ``you``; the statistics count the matches that have one.
"""

from __future__ import annotations

import functools
import json
import os
import textwrap
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from unoattack.engine import Record, RecordError
from unoattack.engine.state import MAX_PLAYERS, MIN_PLAYERS
from unoattack.rules.edition import EDITION_NAMES, SCORING_MODES, Edition, Options
from unoattack.tui import store
from unoattack.tui.i18n import Tr
from unoattack.tui.session import seat_name
from unoattack.tui.setup import Seat, SetupError

CACHE_NAME = "history-cache.json"
CACHE_FORMAT = "unoattack-history-cache"
# Bumped whenever a summary gains or changes a field: an older cache is then ignored.
# 2: the edition's title. 3: its titles in other languages.
CACHE_VERSION = 3
#: The widest a line of the statistics' tables is, unless told otherwise: what 80 columns
#: leave inside the margins of the screen and of ``unoattack history``.
STATISTICS_WIDTH = 76
#: Between two columns of those tables, and before a group's name.
_GAP = "  "
_INDENT = "  "
#: The scoring mode in which points are won; in the others they count against you.
HIGHEST_WINS = "first_to_500"


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """One saved match, as its files tell it.

    Attributes:
        path: The record.
        saved_at: When it was last written (seconds since the epoch): the last action.
        edition: The edition's name (``2003``, ``2010``, ``mega-hit``, or a custom one).
        edition_title: Its title as the record holds it, in English (the words say it
            in the player's language: :func:`edition_text`).
        edition_titles: Its title in other languages (language code -> title), as the
            record's edition holds them (``titles``); for a shipped edition saved before
            records held them, the shipped edition's.
        seats: Who sat where, from the seats file (or as :func:`store.table_for` takes a
            record without one).
        scoring_mode: ``first_to_500``, ``running_total_lowest_wins`` or ``challenge``.
        target_score: The match's target.
        hand: The hand being played, or the last one.
        hands_played: The hands that ended (won, or void).
        scores: Each seat's score after the last hand that ended.
        winners: Who won (several when tied); None while the match goes on.
        eliminations: (seat, hand) for each player knocked out, in order (the Challenge).
        actions: How many actions the record holds (the replay's steps).
    """

    path: Path
    saved_at: float
    edition: str
    edition_title: str
    seats: tuple[Seat, ...]
    scoring_mode: str
    target_score: int
    hand: int
    hands_played: int
    scores: tuple[int, ...]
    winners: tuple[int, ...] | None
    eliminations: tuple[tuple[int, int], ...]
    actions: int
    edition_titles: Mapping[str, str] = field(default_factory=dict)

    def edition_title_in(self, lang: str) -> str:
        """The edition's title in language ``lang``: the English one unless the record's
        edition gives another."""
        return self.edition_titles.get(lang, self.edition_title)

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def is_over(self) -> bool:
        return self.winners is not None

    @property
    def you(self) -> int | None:
        """The seat of kind ``you``, if the match has one."""
        for index, seat in enumerate(self.seats):
            if seat.kind == "you":
                return index
        return None

    def place(self, seat: int) -> int | None:
        """``seat``'s place at the end of the match (1 for a winner; tied seats share a
        place), or None while it goes on."""
        if self.winners is None:
            return None
        if seat in self.winners:
            return 1
        knocked_out = dict(self.eliminations)
        if self.scoring_mode == "challenge" and seat in knocked_out:
            # The last one standing wins; the others rank by how long they lasted.
            hand = knocked_out[seat]
            lasted_longer = sum(1 for _, other in self.eliminations if other > hand)
            return len(self.winners) + lasted_longer + 1
        mine = self.scores[seat]
        if self.scoring_mode == HIGHEST_WINS:
            better = sum(1 for score in self.scores if score > mine)
        else:
            better = sum(1 for score in self.scores if score < mine)
        return better + 1

    def to_dict(self) -> dict[str, Any]:
        """The summary as data (what the cache holds; the path as the file's name)."""
        return {
            "file": self.path.name,
            "saved_at": self.saved_at,
            "edition": self.edition,
            "edition_title": self.edition_title,
            "seats": [seat.to_dict() for seat in self.seats],
            "scoring_mode": self.scoring_mode,
            "target_score": self.target_score,
            "hand": self.hand,
            "hands_played": self.hands_played,
            "scores": list(self.scores),
            "winners": None if self.winners is None else list(self.winners),
            "eliminations": [list(pair) for pair in self.eliminations],
            "actions": self.actions,
            "edition_titles": dict(self.edition_titles),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], folder: Path) -> MatchSummary:
        winners = data["winners"]
        return cls(
            path=folder / str(data["file"]),
            saved_at=float(data["saved_at"]),
            edition=str(data["edition"]),
            edition_title=str(data["edition_title"]),
            seats=tuple(Seat.from_dict(seat) for seat in data["seats"]),
            scoring_mode=str(data["scoring_mode"]),
            target_score=int(data["target_score"]),
            hand=int(data["hand"]),
            hands_played=int(data["hands_played"]),
            scores=tuple(int(score) for score in data["scores"]),
            winners=None if winners is None else tuple(int(seat) for seat in winners),
            eliminations=tuple((int(seat), int(hand)) for seat, hand in data["eliminations"]),
            actions=int(data["actions"]),
            edition_titles={
                str(lang): str(title) for lang, title in data.get("edition_titles", {}).items()
            },
        )


@dataclass(frozen=True, slots=True)
class Skipped:
    """A file in the matches folder that is not a readable record, and why."""

    path: Path
    reason: str


@dataclass(frozen=True, slots=True)
class History:
    """The saved matches, newest first, and the files that could not be read."""

    folder: Path
    matches: tuple[MatchSummary, ...]
    skipped: tuple[Skipped, ...] = ()


def summarize(record: Record, path: Path, saved_at: float, seats: Sequence[Seat]) -> MatchSummary:
    """The summary of ``record`` (saved at ``path``); :class:`RecordError` when its
    edition or events are not what a game writes."""
    name, title, titles, mode, target = _edition_facts(record.edition, path)
    players = record.players
    hand = hands_played = 0
    scores: tuple[int, ...] = (0,) * players
    eliminations: list[tuple[int, int]] = []
    try:
        for event in record.events:
            kind = event["type"]
            if kind == "hand_started":
                hand = int(event["hand_number"])
            elif kind == "hand_won":
                hands_played += 1
                scores = tuple(int(score) for score in event["scores"])
            elif kind == "hand_void":
                hands_played += 1
            elif kind == "player_eliminated":
                eliminations.append((int(event["seat"]), hand))
        winners = None
        if record.result is not None:
            winners = tuple(int(seat) for seat in record.result["winners"])
            scores = tuple(int(score) for score in record.result["scores"])
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"{path}: an event or the result is malformed ({exc})") from None
    summary = MatchSummary(
        path=path,
        saved_at=saved_at,
        edition=name,
        edition_title=title,
        seats=tuple(seats),
        scoring_mode=mode,
        target_score=target,
        hand=hand,
        hands_played=hands_played,
        scores=scores,
        winners=winners,
        eliminations=tuple(eliminations),
        actions=len(record.actions),
        edition_titles=titles,
    )
    if len(seats) != players or not _fits(summary):
        raise RecordError(f"{path}: its scores, seats or winners do not fit its {players} players")
    return summary


def _fits(summary: MatchSummary) -> bool:
    """Whether the summary's scores are one per seat and its winners and eliminated
    players are seats of the table (the words of the list name them)."""
    players = summary.players
    named = [*(summary.winners or ()), *(seat for seat, _ in summary.eliminations)]
    return len(summary.scores) == players and all(0 <= seat < players for seat in named)


def _edition_facts(
    edition: Mapping[str, Any], path: Path
) -> tuple[str, str, dict[str, str], str, int]:
    """The edition's name, title, titles in other languages, scoring mode and target
    score, as a record holds them (an edition's options with every value set). Read
    directly: building the whole edition would take a quarter of the time of reading a
    record."""
    defaults = Options()
    options = edition.get("options", {})
    if not isinstance(options, Mapping):
        raise RecordError(f"{path}: its edition's options are not a table")
    name = edition.get("name")
    mode = options.get("scoring_mode", defaults.scoring_mode)
    target = options.get("target_score", defaults.target_score)
    if not isinstance(name, str) or mode not in SCORING_MODES or type(target) is not int:
        raise RecordError(f"{path}: its edition has no name, scoring mode or target score")
    title = edition.get("title")
    titles = edition.get("titles")
    if isinstance(titles, Mapping):
        translated = {str(lang): str(text) for lang, text in titles.items() if text}
    elif name in EDITION_NAMES:
        # Saved before records held the titles: the shipped edition of that name has them.
        translated = dict(_shipped_titles(name))
    else:
        translated = {}
    # An edition file may leave out its title: the edition is then called by its name.
    english = title if isinstance(title, str) and title else name
    return name, english, translated, mode, target


@functools.cache
def _shipped_titles(name: str) -> dict[str, str]:
    """A shipped edition's titles in other languages (loaded once: a folder of old
    records would otherwise load it once a record)."""
    return dict(Edition.load(name).titles)


# ---------------------------------------------------------------------- reading the folder


def _mtime_ns(path: Path) -> int | None:
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return None


def _read_summary(path: Path, saved_at: float) -> MatchSummary:
    record = Record.load(path)
    if not MIN_PLAYERS <= record.players <= MAX_PLAYERS:
        raise RecordError(f"{path}: {record.players} players is not a table")
    seats = store.table_for(path, record.players).seats
    return summarize(record, path, saved_at, seats)


def read_history(*, cache: bool = True) -> History:
    """The matches saved in the data dir, newest first (by the time of their last
    action), and the files skipped because they are not readable records.

    Args:
        cache: Use and update the summaries cached in the data dir.
    """
    folder = store.matches_dir()
    cache_path = store.data_dir() / CACHE_NAME
    old = _load_cache(cache_path) if cache else {}
    new: dict[str, dict[str, Any]] = {}
    found: list[tuple[float, str, MatchSummary | Skipped]] = []
    for path in _record_files(folder):
        try:
            stat = path.stat()
        except OSError as exc:
            found.append((0.0, path.name, Skipped(path, f"cannot read it: {exc.strerror}")))
            continue
        key = [stat.st_size, stat.st_mtime_ns, _mtime_ns(store.table_path(path))]
        entry = old.get(path.name)
        item: MatchSummary | Skipped | None = None
        if entry is not None and entry.get("key") == key:
            item = _from_entry(entry, path, folder)
        if item is None:
            try:
                item = _read_summary(path, stat.st_mtime)
            except RecordError as exc:
                item = Skipped(path, _without_path(str(exc), path))
        new[path.name] = _entry(key, item)
        found.append((stat.st_mtime, path.name, item))
    if cache and new != old:
        _save_cache(cache_path, new)
    found.sort(key=lambda t: (t[0], t[1]), reverse=True)
    return History(
        folder,
        tuple(item for _, _, item in found if isinstance(item, MatchSummary)),
        tuple(item for _, _, item in found if isinstance(item, Skipped)),
    )


def _record_files(folder: Path) -> list[Path]:
    try:
        entries = list(os.scandir(folder))
    except OSError:  # no folder yet: nothing saved
        return []
    return [
        Path(entry.path)
        for entry in entries
        if entry.name.endswith(".json")
        and not entry.name.endswith(".table.json")
        and entry.is_file()
    ]


def _without_path(message: str, path: Path) -> str:
    """A record error's message without the path it starts with: the note names the file."""
    for prefix in (f"{path}: ", f"{path} "):
        if message.startswith(prefix):
            return message[len(prefix) :]
    return message


def _entry(key: list[int | None], item: MatchSummary | Skipped) -> dict[str, Any]:
    if isinstance(item, Skipped):
        return {"key": key, "skipped": item.reason}
    return {"key": key, "summary": item.to_dict()}


def _from_entry(
    entry: Mapping[str, Any], path: Path, folder: Path
) -> MatchSummary | Skipped | None:
    """The cached summary (or reason for skipping); None when the entry is malformed."""
    try:
        if "skipped" in entry:
            return Skipped(path, str(entry["skipped"]))
        summary = MatchSummary.from_dict(entry["summary"], folder)
    except (KeyError, TypeError, ValueError, AttributeError, SetupError):
        return None
    return summary if summary.path == path and _fits(summary) else None


def _load_cache(path: Path) -> dict[str, dict[str, Any]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if (
        not isinstance(data, dict)
        or data.get("format") != CACHE_FORMAT
        or data.get("version") != CACHE_VERSION
        or not isinstance(data.get("entries"), dict)
    ):
        return {}
    return {name: entry for name, entry in data["entries"].items() if isinstance(entry, dict)}


def _save_cache(path: Path, entries: dict[str, dict[str, Any]]) -> None:
    """Write the cache atomically; a data dir that cannot be written only costs speed."""
    data = {"format": CACHE_FORMAT, "version": CACHE_VERSION, "entries": entries}
    partial = path.with_name(path.name + ".partial")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial.write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
        os.replace(partial, path)
    except OSError:
        partial.unlink(missing_ok=True)


# ---------------------------------------------------------------------- statistics


@dataclass(slots=True)
class Tally:
    """Your matches in one group: finished (won or not), won, unfinished, hands ended."""

    finished: int = 0
    won: int = 0
    unfinished: int = 0
    hands: int = 0

    @property
    def matches(self) -> int:
        return self.finished + self.unfinished

    @property
    def win_rate(self) -> float | None:
        """Won over finished: an unfinished match is not a loss. None before any finish."""
        return self.won / self.finished if self.finished else None

    def add(self, summary: MatchSummary, you: int) -> None:
        self.hands += summary.hands_played
        if summary.winners is None:
            self.unfinished += 1
            return
        self.finished += 1
        if you in summary.winners:
            self.won += 1

    def to_dict(self) -> dict[str, Any]:
        return {
            "matches": self.matches,
            "finished": self.finished,
            "won": self.won,
            "unfinished": self.unfinished,
            "win_rate": self.win_rate,
            "hands": self.hands,
        }


@dataclass(frozen=True, slots=True)
class BestScore:
    """Your best final score in one scoring mode, and the match it was made in."""

    score: int
    summary: MatchSummary


@dataclass(slots=True)
class Statistics:
    """Your matches: in all, by edition, by number of players; your best final score in
    each scoring mode; and how many matches had no seat of yours (not counted)."""

    total: Tally = field(default_factory=Tally)
    by_edition: dict[str, Tally] = field(default_factory=dict)
    #: A match of each edition, by its name (the keys of ``by_edition``): it has the
    #: edition's titles.
    edition_of: dict[str, MatchSummary] = field(default_factory=dict)
    by_players: dict[int, Tally] = field(default_factory=dict)
    best: dict[str, BestScore] = field(default_factory=dict)
    without_you: int = 0


def is_better(mode: str, score: int, than: int) -> bool:
    """Whether ``score`` is a better final score than ``than`` in scoring ``mode``: higher
    when points are won (first to the target), lower when they count against you (the
    lowest total wins; in the Challenge they knock you out)."""
    return score > than if mode == HIGHEST_WINS else score < than


def statistics(matches: Iterable[MatchSummary]) -> Statistics:
    stats = Statistics()
    for summary in matches:
        you = summary.you
        if you is None:
            stats.without_you += 1
            continue
        stats.total.add(summary, you)
        stats.by_edition.setdefault(summary.edition, Tally()).add(summary, you)
        stats.edition_of.setdefault(summary.edition, summary)
        stats.by_players.setdefault(summary.players, Tally()).add(summary, you)
        if summary.is_over:
            mode = summary.scoring_mode
            score = summary.scores[you]
            best = stats.best.get(mode)
            if best is None or is_better(mode, score, best.score):
                stats.best[mode] = BestScore(score, summary)
    stats.by_edition = dict(sorted(stats.by_edition.items()))
    stats.by_players = dict(sorted(stats.by_players.items()))
    stats.best = {mode: stats.best[mode] for mode in SCORING_MODES if mode in stats.best}
    return stats


# ---------------------------------------------------------------------- words


def when(summary: MatchSummary) -> str:
    """The local date and time of the match's last action: ``2026-11-25 21:35``."""
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(summary.saved_at))


def seat_label(summary: MatchSummary, seat: int, tr: Tr, *, level: bool = False) -> str:
    """A seat as the table names it (``You``, ``Ana``, ``Player 3``, ``Bot 2``; numbered
    from 1), with a bot's level when ``level``: ``Bot 2 (family)``."""
    entry = summary.seats[seat]
    name = seat_name(entry, seat, tr)
    if level and entry.kind == "bot":
        key = f"level.{entry.level}"
        return f"{name} ({tr(key) if tr.has(key) else entry.level})"
    return name


def scores_text(summary: MatchSummary, tr: Tr, *, level: bool = False) -> str:
    """Each seat and its score: ``You 120 · Bot 2 40 · Bot 3 0``."""
    return " · ".join(
        f"{seat_label(summary, seat, tr, level=level)} {score}"
        for seat, score in enumerate(summary.scores)
    )


def score_lines(summary: MatchSummary, tr: Tr, width: int = 80) -> list[str]:
    """:func:`scores_text` with the bots' levels, indented by two, broken between seats
    into lines of at most ``width`` columns, each further line indented by four (a seat
    wider than that has a line of its own): four seats in French already ran past 80."""
    lines: list[str] = []
    line = ""
    for seat, score in enumerate(summary.scores):
        item = f"{seat_label(summary, seat, tr, level=True)} {score}"
        if line and len(line) + len(" · ") + len(item) > width:
            lines.append(line)
            line = ""
        if line:
            line += f" · {item}"
        else:
            line = ("    " if lines else "  ") + item
    return [*lines, line]


def state_text(summary: MatchSummary, tr: Tr) -> str:
    """``in progress, hand 3``, ``you won``, ``won by Bot 2; you: 3rd``."""
    if summary.winners is None:
        return tr("hist.state.playing", hand=summary.hand)
    you = summary.you
    winners = summary.winners
    if you is not None and winners == (you,):
        return tr("hist.state.you_won")
    who = tr("and").join(seat_label(summary, seat, tr) for seat in winners)
    text = tr("hist.state.shared" if len(winners) > 1 else "hist.state.won_by", who=who)
    place = None if you is None or you in winners else summary.place(you)
    if place is not None:
        text += tr("hist.state.place", place=tr.ordinal(place))
    return text


def edition_text(summary: MatchSummary, tr: Tr) -> str:
    """The edition by its title, as the new-game screen, the table and the help name it:
    ``UNO Attack! (2003)``, ``UNO Attack! (édition ultérieure)``."""
    return summary.edition_title_in(tr.lang)


def goal_text(summary: MatchSummary, tr: Tr) -> str:
    """The scoring: ``first to 500 wins``, ``lowest total at 200``, ``out at 500``."""
    return tr(f"goal.{summary.scoring_mode}", target=summary.target_score)


def details(summary: MatchSummary, tr: Tr) -> list[str]:
    """The match in full, a few lines: its file, edition, scoring and players; the seats
    with their levels and scores; its state and the hands played."""
    return [
        " · ".join(
            (
                summary.path.name,
                edition_text(summary, tr),
                goal_text(summary, tr),
                tr.count("players", summary.players),
            )
        ),
        scores_text(summary, tr, level=True),
        f"{state_text(summary, tr)} · {tr.count('hands_played', summary.hands_played)}",
    ]


def _rate(tr: Tr, rate: float | None) -> str:
    return "—" if rate is None else tr("percent", n=round(rate * 100))


def _tally_tables(
    tr: Tr, sections: Sequence[tuple[str, Sequence[tuple[str, Tally]]]], width: int
) -> list[str]:
    """Small tables, one per section: a row per group, the numbers right-aligned under
    their headers, the columns of every section in line, within ``width`` columns: a
    group's name too long for what the numbers leave it (an edition's title, in French)
    goes on under itself, its numbers on its first line."""
    headers = [
        tr("stats.col.finished"),
        tr("stats.col.won"),
        tr("stats.col.rate"),
        tr("stats.col.unfinished"),
        tr("stats.col.hands"),
    ]
    blocks = [
        [
            [title, *headers],
            *(
                [
                    label,
                    str(tally.finished),
                    str(tally.won),
                    _rate(tr, tally.win_rate),
                    str(tally.unfinished),
                    str(tally.hands),
                ]
                for label, tally in groups
            ),
        ]
        for title, groups in sections
    ]
    numbers = [
        max(len(row[i]) for block in blocks for row in block) for i in range(1, len(headers) + 1)
    ]
    room = width - sum(numbers) - len(_GAP) * len(numbers)
    titles = max(len(block[0][0]) for block in blocks)
    labels = max(len(_INDENT + row[0]) for block in blocks for row in block[1:])
    first = max(titles, min(labels, room))
    lines: list[str] = []
    for block in blocks:
        lines.append("")
        for index, row in enumerate(block):
            if index == 0:
                label = [row[0]]
            else:
                label = textwrap.wrap(
                    row[0],
                    first,
                    initial_indent=_INDENT,
                    subsequent_indent=_INDENT * 2,
                    break_long_words=False,
                    break_on_hyphens=False,
                ) or [_INDENT]
            cells = [label[0].ljust(first)] + [
                cell.rjust(size) for cell, size in zip(row[1:], numbers, strict=True)
            ]
            lines.append(_GAP.join(cells).rstrip())
            lines += label[1:]
    return lines


def statistics_lines(stats: Statistics, tr: Tr, width: int = STATISTICS_WIDTH) -> list[str]:
    """The statistics as lines of text, the same on the screen and from the command, its
    tables within ``width`` columns (where a group's name is longer, it wraps)."""
    total = stats.total
    lines = [
        tr(
            "stats.matches",
            matches=total.matches,
            finished=tr.count("finished", total.finished),
            unfinished=tr.count("unfinished", total.unfinished),
        ),
        tr(
            "stats.won",
            won=total.won,
            finished=tr.count("finished", total.finished),
            rate=_rate(tr, total.win_rate),
        ),
        tr("stats.hands", n=total.hands),
    ]
    if stats.best:
        lines.append(tr("stats.best"))
        for mode, best in stats.best.items():
            lines.append(
                "  "
                + tr(
                    f"stats.best.{mode}",
                    score=tr.count("point", best.score),
                    goal=goal_text(best.summary, tr),
                )
            )
    else:
        lines.append(tr("stats.best.none"))
    if stats.by_edition:
        by_edition = [
            (edition_text(stats.edition_of[name], tr), tally)
            for name, tally in stats.by_edition.items()
        ]
        by_players = [(tr.count("players", n), tally) for n, tally in stats.by_players.items()]
        lines += _tally_tables(
            tr,
            [(tr("stats.by_edition"), by_edition), (tr("stats.by_players"), by_players)],
            width,
        )
    if stats.without_you:
        lines.append("")
        lines.append(tr("stats.without_you", matches=tr.count("match", stats.without_you)))
    return lines


def skipped_line(history: History, tr: Tr) -> str | None:
    """One line naming the files skipped (unreadable), or None."""
    if not history.skipped:
        return None
    names = ", ".join(item.path.name for item in history.skipped)
    return tr("hist.skipped", files=tr.count("skipped", len(history.skipped)), names=names)


def history_text(history: History, tr: Tr) -> str:
    """``unoattack history``: the matches, newest first, then the statistics."""
    if not history.matches and not history.skipped:
        return tr("hist.empty", folder=history.folder)
    count = tr.count("saved_match", len(history.matches))
    # The folder on a line of its own: with it, the heading ran past 80 columns.
    lines = [tr("hist.heading", matches=count), f"  {history.folder}"]
    for summary in history.matches:
        lines.append("")
        heading = f"{when(summary)}  {edition_text(summary, tr)}"
        state = state_text(summary, tr)
        if len(heading) + 2 + len(state) <= 80:
            lines.append(f"{heading}  {state}")
        else:  # a long title and a place, as in French, go past 80 columns
            lines += [heading, f"  {state}"]
        lines += score_lines(summary, tr)
        lines.append(
            f"  {summary.path.name} · {goal_text(summary, tr)} · "
            f"{tr.count('hands_played', summary.hands_played)}"
        )
    for item in history.skipped:
        lines.append("")
        lines.append(tr("hist.skipped.one_file", file=item.path.name, reason=item.reason))
    lines.append("")
    lines.append(tr("stats.title"))
    stats = statistics(history.matches)
    lines += [f"  {line}" if line else "" for line in statistics_lines(stats, tr)]
    return "\n".join(lines)


def history_json(history: History, tr: Tr) -> dict[str, Any]:
    """``unoattack history --json``: the matches with their seats named in ``tr``'s
    language, the statistics, and the files skipped."""
    stats = statistics(history.matches)
    matches = []
    for summary in history.matches:
        you = summary.you
        saved = datetime.fromtimestamp(summary.saved_at).astimezone()
        matches.append(
            {
                "file": summary.path.name,
                "saved": saved.isoformat(timespec="seconds"),
                "edition": summary.edition,
                "edition_title": edition_text(summary, tr),
                "players": summary.players,
                "seats": [
                    {**seat.to_dict(), "label": seat_label(summary, index, tr, level=True)}
                    for index, seat in enumerate(summary.seats)
                ],
                "scoring_mode": summary.scoring_mode,
                "target_score": summary.target_score,
                "over": summary.is_over,
                "hand": summary.hand,
                "hands_played": summary.hands_played,
                "scores": list(summary.scores),
                "winners": None if summary.winners is None else list(summary.winners),
                "you": you,
                "your_place": None if you is None else summary.place(you),
                "state": state_text(summary, tr),
                "actions": summary.actions,
            }
        )
    return {
        "folder": str(history.folder),
        "matches": matches,
        "statistics": {
            "total": stats.total.to_dict(),
            "by_edition": {name: tally.to_dict() for name, tally in stats.by_edition.items()},
            "by_players": {str(n): tally.to_dict() for n, tally in stats.by_players.items()},
            "best": {
                mode: {
                    "score": best.score,
                    "highest_is_best": mode == HIGHEST_WINS,
                    "target_score": best.summary.target_score,
                    "file": best.summary.path.name,
                }
                for mode, best in stats.best.items()
            },
            "without_you": stats.without_you,
        },
        "skipped": [{"file": item.path.name, "reason": item.reason} for item in history.skipped],
    }
