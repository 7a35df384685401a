"""The saved matches read back (tui/history.py): summaries, places, statistics, the words
of the list, the cache, and files that are not records.

The matches are played by the engine and saved by the store's own writers
(``test_tui_support.a_few_saved_matches``); expected scores come from those games.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from test_tui_support import NOON, a_few_saved_matches, saved_match, utc
from unoattack.engine import Game, Record
from unoattack.engine.events import PlayerEliminated
from unoattack.tui import history, store
from unoattack.tui.history import (
    MatchSummary,
    details,
    history_text,
    read_history,
    scores_text,
    state_text,
    statistics,
    statistics_lines,
    when,
)
from unoattack.tui.i18n import Tr
from unoattack.tui.setup import parse_players

EN, FR = Tr("en"), Tr("fr")


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(store.ENV_VAR, str(tmp_path / "data"))
    return tmp_path / "data"


def by_name(found: history.History) -> dict[str, MatchSummary]:
    return {summary.path.stem: summary for summary in found.matches}


def scores(game: Game) -> tuple[int, ...]:
    assert game.result is not None
    return game.result.scores


def summary(
    seats: str,
    scores: tuple[int, ...],
    winners: tuple[int, ...] | None,
    mode: str = "first_to_500",
    eliminations: tuple[tuple[int, int], ...] = (),
    edition: str = "2003",
    hands: int = 1,
) -> MatchSummary:
    """A summary made by hand, for the rules that need a particular ending."""
    return MatchSummary(
        path=Path("m.json"),
        saved_at=NOON,
        edition=edition,
        edition_title=f"UNO Attack! ({edition})",
        seats=parse_players(seats),
        scoring_mode=mode,
        target_score=100,
        hand=hands,
        hands_played=hands,
        scores=scores,
        winners=winners,
        eliminations=eliminations,
        actions=10,
    )


# ---------------------------------------------------------------------- summaries


def test_saved_matches_are_summarized_from_their_files_newest_first() -> None:
    saved = a_few_saved_matches()
    found = read_history()
    assert [s.path.name for s in found.matches] == [
        "m5-bots.json",
        "m4-unfinished.json",
        "m3-challenge.json",
        "m2-lowest.json",
        "m1-first.json",
        "m0-older.json",
    ]
    assert found.skipped == ()
    matches = by_name(found)
    challenge_path, challenge = saved["m3-challenge"]
    out = [e.seat for e in challenge.log if isinstance(e, PlayerEliminated)]
    assert out == [0, 3, 1]
    assert matches["m3-challenge"] == MatchSummary(
        path=challenge_path,
        saved_at=NOON + 120,
        edition="mega-hit",
        edition_title="UNO Attack! Méga appuyer",  # the record's: the edition file's
        seats=parse_players("you,bot,bot,bot"),
        scoring_mode="challenge",
        target_score=40,
        hand=2,
        hands_played=2,
        scores=scores(challenge),
        winners=(2,),
        eliminations=((0, 1), (3, 1), (1, 2)),  # seats 0 and 3 out in hand 1, seat 1 in 2
        actions=len(challenge.history),
    )
    unfinished = matches["m4-unfinished"]
    assert (unfinished.is_over, unfinished.hand, unfinished.hands_played) == (False, 1, 0)
    assert (unfinished.winners, unfinished.scores, unfinished.actions) == (None, (0, 0), 10)
    assert [s.spec for s in matches["m0-older"].seats] == ["you", "bot:random", "human:Ana"]
    assert matches["m5-bots"].you is None and matches["m2-lowest"].you == 0


def test_a_record_without_its_seats_file_is_you_and_heuristic_bots() -> None:
    saved_match("bare", "you,bot:random,bot:random", seed=5, actions=4, seats_file=False)
    (found,) = read_history().matches
    assert [s.spec for s in found.seats] == ["you", "bot:heuristic", "bot:heuristic"]


def test_the_edition_is_named_by_its_title_in_the_players_language() -> None:
    # The record's edition holds its titles in other languages (2010.toml's ``titles``).
    later, _ = saved_match("later", edition="2010", seed=3)
    summary = by_name(read_history())["later"]
    assert summary.edition_titles == {"fr": "UNO Attack! (édition ultérieure)"}
    assert history.edition_text(summary, FR) == "UNO Attack! (édition ultérieure)"
    assert history.edition_text(summary, EN) == "UNO Attack! (later edition)"
    # A record saved before records held the titles: the shipped edition's are used.
    data = json.loads(later.read_text(encoding="utf-8"))
    del data["edition"]["titles"]
    later.write_text(json.dumps(data), encoding="utf-8")
    older = by_name(read_history())["later"]
    assert history.edition_text(older, FR) == "UNO Attack! (édition ultérieure)"
    # The cache keeps them: read again from it, the summary is the same.
    assert by_name(read_history())["later"] == older


def test_places_in_a_finished_match() -> None:
    # First to the target: the highest score is best; tied seats share a place.
    first = summary("you,bot,bot,bot", (520, 80, 80, 10), (0,))
    assert [first.place(s) for s in range(4)] == [1, 2, 2, 4]
    # Lowest total: the lowest is best, and several may win.
    lowest = summary("you,bot,bot", (40, 40, 210), (0, 1), mode="running_total_lowest_wins")
    assert [lowest.place(s) for s in range(3)] == [1, 1, 3]
    # Challenge: the last one standing wins; the others rank by the hand they went out in,
    # later is better; out in the same hand, they share a place.
    challenge = summary(
        "you,bot,bot,bot",
        (160, 284, 13, 93),
        (2,),
        mode="challenge",
        eliminations=((0, 1), (3, 1), (1, 2)),
        hands=2,
    )
    assert [challenge.place(s) for s in range(4)] == [3, 2, 1, 3]
    assert summary("you,bot", (0, 0), None).place(0) is None


# ---------------------------------------------------------------------- words


def test_each_match_reads_as_the_table_names_its_seats() -> None:
    saved = a_few_saved_matches()
    matches = by_name(read_history())
    first, lowest, challenge, bots = (
        scores(saved[name][1]) for name in ("m1-first", "m2-lowest", "m3-challenge", "m5-bots")
    )
    states = {name: state_text(s, EN) for name, s in matches.items()}
    assert states == {
        "m0-older": "in progress, hand 1",
        "m1-first": "you won",
        "m2-lowest": "won by Bot 3; you: 2nd",
        "m3-challenge": "won by Bot 3; you: 3rd",
        "m4-unfinished": "in progress, hand 1",
        "m5-bots": "won by Bot 1",
    }
    assert scores_text(matches["m1-first"], EN) == f"You {first[0]} · Bot 2 0 · Bot 3 0"
    a, b, c = lowest
    assert scores_text(matches["m2-lowest"], EN, level=True) == (
        f"You {a} · Ana {b} · Bot 3 (random) {c}"
    )
    assert scores_text(matches["m5-bots"], FR, level=True) == (
        f"Robot 1 (hasard) {bots[0]} · Robot 2 (stratège) {bots[1]}"
    )
    assert state_text(matches["m3-challenge"], FR) == "gagnée par Robot 3 ; vous : 3e"
    assert state_text(matches["m1-first"], FR) == "vous avez gagné"
    assert state_text(matches["m4-unfinished"], FR) == "en cours, manche 1"
    with utc():
        assert when(matches["m3-challenge"]) == "2026-03-01 12:02"
    a, b, c, d = challenge
    assert details(matches["m3-challenge"], EN) == [
        "m3-challenge.json · UNO Attack! Méga appuyer · out at 40 · 4 players",
        f"You {a} · Bot 2 (heuristic) {b} · Bot 3 (heuristic) {c} · Bot 4 (heuristic) {d}",
        "won by Bot 3; you: 3rd · 2 hands played",
    ]
    assert details(matches["m1-first"], FR)[2] == "vous avez gagné · 1 manche jouée"
    assert details(matches["m3-challenge"], FR)[2].endswith(" · 2 manches jouées")
    assert details(matches["m4-unfinished"], EN)[2] == "in progress, hand 1 · 0 hands played"


def test_a_shared_win_names_everyone_who_shares_it() -> None:
    tied = summary("you,bot,bot", (40, 40, 210), (0, 1), mode="running_total_lowest_wins")
    assert state_text(tied, EN) == "shared by You and Bot 2"
    others = summary("you,bot,bot", (90, 40, 40), (1, 2), mode="running_total_lowest_wins")
    assert state_text(others, EN) == "shared by Bot 2 and Bot 3; you: 3rd"
    assert state_text(others, FR) == "partagée par Robot 2 et Robot 3 ; vous : 3e"


# ---------------------------------------------------------------------- statistics


def test_statistics_count_your_matches_and_an_unfinished_one_is_no_loss() -> None:
    saved = a_few_saved_matches()
    stats = statistics(read_history().matches)
    total = stats.total
    assert (total.matches, total.finished, total.won, total.unfinished) == (5, 3, 1, 2)
    assert total.hands == 4  # 1 + 1 + 2 hands ended; the unfinished ones are in hand 1
    assert total.win_rate == pytest.approx(1 / 3)
    assert {name: t.to_dict() for name, t in stats.by_edition.items()} == {
        "2003": {
            "matches": 2,
            "finished": 1,
            "won": 1,
            "unfinished": 1,
            "win_rate": 1.0,
            "hands": 1,
        },
        "2010": {
            "matches": 2,
            "finished": 1,
            "won": 0,
            "unfinished": 1,
            "win_rate": 0.0,
            "hands": 1,
        },
        "mega-hit": {
            "matches": 1,
            "finished": 1,
            "won": 0,
            "unfinished": 0,
            "win_rate": 0.0,
            "hands": 2,
        },
    }
    assert {n: (t.finished, t.won, t.unfinished) for n, t in stats.by_players.items()} == {
        2: (0, 0, 1),
        3: (2, 1, 1),
        4: (1, 0, 0),
    }
    assert stats.by_players[2].win_rate is None  # nothing finished: no rate, not 0%
    assert {mode: best.score for mode, best in stats.best.items()} == {
        "first_to_500": scores(saved["m1-first"][1])[0],
        "running_total_lowest_wins": scores(saved["m2-lowest"][1])[0],
        "challenge": scores(saved["m3-challenge"][1])[0],
    }
    assert stats.without_you == 1  # m5-bots: nobody's seat is yours


def test_the_best_score_is_the_highest_or_the_lowest_as_the_scoring_says() -> None:
    matches = [
        summary("you,bot", (510, 20), (0,)),
        summary("you,bot", (630, 20), (0,)),
        summary("you,bot", (90, 120), (1,)),
        summary("you,bot", (45, 210), (0,), mode="running_total_lowest_wins"),
        summary("you,bot", (12, 230), (0,), mode="running_total_lowest_wins"),
        summary("you,bot", (0, 0), None, mode="running_total_lowest_wins"),  # not over
        summary("you,bot", (80, 100), (0,), mode="challenge", eliminations=((1, 3),)),
        summary("you,bot", (30, 100), (0,), mode="challenge", eliminations=((1, 2),)),
    ]
    best = statistics(matches).best
    assert {mode: b.score for mode, b in best.items()} == {
        "first_to_500": 630,
        "running_total_lowest_wins": 12,  # not the unfinished 0
        "challenge": 30,
    }


def test_statistics_lines_in_english_and_french() -> None:
    saved = a_few_saved_matches()
    stats = statistics(read_history().matches)
    first, lowest, challenge = (
        scores(saved[name][1])[0] for name in ("m1-first", "m2-lowest", "m3-challenge")
    )
    assert statistics_lines(stats, EN) == [
        "Your matches: 5 (3 finished, 2 unfinished)",
        "Won: 1 of 3 finished (33%)",
        "Hands played: 4",
        "Best final score:",
        f"  first to the target (the highest): {first} points, first to 1 wins",
        f"  lowest total (the lowest wins): {lowest} points, lowest total at 1",
        f"  challenge (the lowest: points put you out): {challenge} points, out at 40",
        "",
        "By edition                     finished  won  rate  unfinished  hands",
        "  UNO Attack! (2003)                  1    1  100%           1      1",
        "  UNO Attack! (later edition)         1    0    0%           1      1",
        "  UNO Attack! Méga appuyer            1    0    0%           0      2",
        "",
        "By players                     finished  won  rate  unfinished  hands",
        "  2 players                           0    0     —           1      0",
        "  3 players                           2    1   50%           1      2",
        "  4 players                           1    0    0%           0      2",
        "",
        'Not counted: 1 match without a seat of yours ("You").',
    ]
    french = statistics_lines(stats, FR)
    assert french[:4] == [
        "Vos parties : 5 (3 terminées, 2 en cours)",
        "Gagnées : 1 sur 3 terminées (33 %)",
        "Manches jouées : 4",
        "Meilleur score final :",
    ]
    assert french[-1] == "Non comptées : 1 partie sans place à vous (« Vous »)."
    # Each edition by its French title: the longest goes on under itself, to fit 80
    # columns (those lines are indented by 2 in `unoattack history` and on the screen).
    assert french[8:13] == [
        "Par édition                     terminées  gagnées   taux  en cours  manches",
        "  UNO Attack! (2003)                    1        1  100 %         1        1",
        "  UNO Attack! (édition                  1        0    0 %         1        1",
        "    ultérieure)",
        "  UNO Attack! Méga appuyer              1        0    0 %         0        2",
    ]
    assert all(len(line) <= 76 for line in french)
    assert french[15] == (
        "  2 joueurs                             0        0      —         1        0"
    )
    # Where there is room, it stays on its line.
    assert statistics_lines(stats, FR, width=120)[10] == (
        "  UNO Attack! (édition ultérieure)          1        0    0 %         1        1"
    )


def test_statistics_of_nothing_say_so() -> None:
    lines = statistics_lines(statistics([]), EN)
    assert lines == [
        "Your matches: 0 (0 finished, 0 unfinished)",
        "Won: 0 of 0 finished (—)",
        "Hands played: 0",
        "Best final score: none yet (no finished match).",
    ]
    assert statistics_lines(statistics([]), FR)[:2] == [
        "Vos parties : 0 (0 terminée, 0 en cours)",
        "Gagnées : 0 sur 0 terminée (—)",
    ]


def test_counted_words_take_the_plural_they_need() -> None:
    assert [EN.count("hands_played", n) for n in (1, 2)] == ["1 hand played", "2 hands played"]
    assert [FR.count("hands_played", n) for n in (1, 2)] == ["1 manche jouée", "2 manches jouées"]
    assert [EN.count("match", n) for n in (1, 3)] == ["1 match", "3 matches"]
    assert [FR.count("players", n) for n in (1, 4)] == ["1 joueur", "4 joueurs"]
    assert [EN.ordinal(n) for n in (1, 2, 3, 4, 11, 21, 112)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "21st",
        "112th",
    ]
    assert [FR.ordinal(n) for n in (1, 2, 10)] == ["1er", "2e", "10e"]


# ---------------------------------------------------------------------- files that are not records


def test_files_that_are_not_readable_records_are_skipped_with_a_note() -> None:
    saved_match("good", seed=5, options={"target_score": 1})
    folder = store.matches_dir()
    (folder / "broken.json").write_text("{", encoding="utf-8")
    (folder / "notes.json").write_text('{"hello": 1}', encoding="utf-8")
    (folder / "binary.json").write_bytes(b"\xff\xfe\x00")
    odd = Record.load(folder / "good.json")
    odd.events = [{"hand_number": 1}]  # an event without its type
    odd.save(folder / "odd-events.json")
    crowd = Record.load(folder / "good.json")
    crowd.players = 99
    crowd.save(folder / "crowd.json")
    stranger = Record.load(folder / "good.json")
    stranger.result = {"winners": [7], "scores": [1, 2], "hands": 1, "reason": "x"}
    stranger.save(folder / "stranger.json")
    (folder / "a-folder.json").mkdir()  # not a file: not listed at all
    (folder / "lonely.table.json").write_text("{}", encoding="utf-8")  # a seats file
    found = read_history()
    assert [s.path.name for s in found.matches] == ["good.json"]
    reasons = {item.path.name: item.reason for item in found.skipped}
    assert reasons == {
        "binary.json": "is not a game record (not text)",
        "broken.json": "is not a game record (not JSON: Expecting property name enclosed "
        "in double quotes)",
        "crowd.json": "99 players is not a table",
        "notes.json": 'is not a game record (no "format": "unoattack-record")',
        "odd-events.json": "an event or the result is malformed ('type')",
        "stranger.json": "its scores, seats or winners do not fit its 2 players",
    }
    text = history_text(found, EN)
    assert "Skipped broken.json: is not a game record (not JSON: " in text
    assert "Your matches: 1 (1 finished, 0 unfinished)" in text
    # The list reads them once: the reasons are cached too, and said again.
    assert read_history().skipped == found.skipped


def test_an_empty_data_dir_says_so_in_one_line(data_dir: Path) -> None:
    found = read_history()
    assert found.matches == () and found.skipped == ()
    assert history_text(found, EN) == f"No saved matches in {data_dir / 'matches'}."
    assert history_text(found, FR) == f"Aucune partie enregistrée dans {data_dir / 'matches'}."


# ---------------------------------------------------------------------- the cache


def test_summaries_are_cached_and_a_record_that_changed_is_read_again(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = a_few_saved_matches()
    first = read_history()
    cache = json.loads((data_dir / history.CACHE_NAME).read_text(encoding="utf-8"))
    assert sorted(cache["entries"]) == sorted(f"{name}.json" for name in saved)
    loaded: list[str] = []
    real_load = Record.load

    def counting_load(path: str | Path) -> Record:
        loaded.append(Path(path).name)
        return real_load(path)

    monkeypatch.setattr(Record, "load", counting_load)
    assert read_history() == first
    assert loaded == []  # nothing parsed: every summary came from the cache
    # The unfinished match goes on: its record is rewritten, and only it is read again.
    path, game = saved["m4-unfinished"]
    for _ in range(5):
        game.apply(game.legal_actions()[0])
    store.write_record(game, path)
    again = by_name(read_history())
    assert loaded == ["m4-unfinished.json"]
    assert again["m4-unfinished"].actions == 15
    # A new seats file (the same match, other seats) is a change too.
    loaded.clear()
    store.write_table(path, parse_players("you,bot:random"), "en")
    assert by_name(read_history())["m4-unfinished"].seats[1].level == "random"
    assert loaded == ["m4-unfinished.json"]
    # A deleted match leaves the list and the cache.
    store.delete_match(saved["m1-first"][0])
    assert "m1-first" not in by_name(read_history())
    cache = json.loads((data_dir / history.CACHE_NAME).read_text(encoding="utf-8"))
    assert "m1-first.json" not in cache["entries"]


def test_a_cache_that_cannot_be_read_or_written_only_costs_time(data_dir: Path) -> None:
    saved_match("one", seed=5, options={"target_score": 1})
    cache = data_dir / history.CACHE_NAME
    cache.write_text("not json", encoding="utf-8")
    fresh = read_history()
    assert [s.path.name for s in fresh.matches] == ["one.json"]
    assert json.loads(cache.read_text(encoding="utf-8"))["format"] == history.CACHE_FORMAT
    cache.write_text(
        json.dumps(
            {
                "format": history.CACHE_FORMAT,
                "version": history.CACHE_VERSION,
                "entries": {"one.json": {"key": "stale", "summary": {"file": "one.json"}}},
            }
        ),
        encoding="utf-8",
    )
    assert read_history() == fresh
    # An entry edited by hand, naming a seat the table does not have: read again.
    data = json.loads(cache.read_text(encoding="utf-8"))
    data["entries"]["one.json"]["summary"]["winners"] = [9]
    cache.write_text(json.dumps(data), encoding="utf-8")
    assert read_history() == fresh
    cache.unlink()
    cache.mkdir()  # a cache that cannot be written
    assert read_history() == fresh
    assert read_history(cache=False) == fresh


def test_deleting_a_match_removes_its_record_and_its_seats_file() -> None:
    path, _ = saved_match("gone", seed=5, actions=3)
    assert store.table_path(path).exists()
    store.delete_match(path)
    assert not path.exists() and not store.table_path(path).exists()
