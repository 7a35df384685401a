"""The words of the table (both languages), the seats of --players, the rules for the
help screen, the save folder and the pace of play."""

from __future__ import annotations

import math
import random
import re
from pathlib import Path

import pytest

from unoattack.bots import RandomBot, play_match
from unoattack.engine import SPECTATOR, Game
from unoattack.engine.events import Dealt, HandsTraded, HandWon, Pressed
from unoattack.engine.match import INSTANT, Timing
from unoattack.rules import Card, Edition
from unoattack.rules.edition import OPTION_CHOICES, SCORING_MODES, WILD_CUSTOM_EFFECTS
from unoattack.tui import store
from unoattack.tui.i18n import MESSAGES, OPTION_LABELS, Tr
from unoattack.tui.narrate import describe
from unoattack.tui.rulebook import edition_rules, rules_from_doc
from unoattack.tui.session import Pace
from unoattack.tui.setup import PLAYABLE_LAUNCHERS, Seat, Setup, SetupError, parse_players

SOURCES = Path(__file__).resolve().parents[1] / "src" / "unoattack" / "tui"


def test_english_and_french_have_the_same_messages_with_the_same_fields() -> None:
    assert MESSAGES["en"].keys() == MESSAGES["fr"].keys()
    field = re.compile(r"{(\w+)}")
    for key, english in MESSAGES["en"].items():
        assert set(field.findall(english)) == set(field.findall(MESSAGES["fr"][key])), key
    assert OPTION_LABELS["en"].keys() == OPTION_LABELS["fr"].keys()


def test_every_message_the_code_asks_for_exists() -> None:
    asked: set[str] = set()
    for path in SOURCES.glob("*.py"):
        if path.name == "i18n.py":
            continue
        asked |= set(re.findall(r"""\btr\(\s*["']([\w.-]+)["']""", path.read_text()))
    missing = sorted(key for key in asked if key not in MESSAGES["en"])
    assert missing == []


def test_french_card_names_follow_the_french_canadian_rulebook() -> None:
    tr = Tr("fr")
    names = {text: tr.card(Card.parse(text)) for text in ("R-Hit2", "Y-Hit1", "WAA", "B-DA")}
    assert names == {
        "R-Hit2": "Appuyer 2 fois rouge",
        "Y-Hit1": "Appuyer 1 fois jaune",
        "WAA": "Double attaque",
        "B-DA": "Poser tout bleu",
    }
    assert [tr.card(Card.parse(t)) for t in ("G-Rev", "B-Skip", "W", "G7")] == [
        "Inversion vert",
        "Passer bleu",
        "Carte blanche",
        "7 vert",
    ]
    assert Tr("en").card(Card.parse("B-Skip")) == "blue Skip"


def test_counts_and_times_agree_in_number() -> None:
    en, fr = Tr("en"), Tr("fr")
    assert [en.count("press", n) for n in (0, 1, 2)] == ["0 presses", "1 press", "2 presses"]
    assert [fr.count("press", n) for n in (0, 1, 2)] == ["0 appui", "1 appui", "2 appuis"]
    assert [en.times(n) for n in (0, 1, 2, 5)] == ["until it fires", "once", "twice", "5 times"]
    assert [en.count(noun, 1) for noun in ("card", "pt", "playable", "stuck")] == [
        "1 card",
        "1 pt",
        "1 playable",
        "1 stuck",
    ]
    assert [fr.count(noun, 1) for noun in ("card", "pt", "playable", "stuck")] == [
        "1 carte",
        "1 pt",
        "1 jouable",
        "1 coincée",
    ]
    assert [fr.count(noun, 2) for noun in ("card", "pt", "playable", "stuck")] == [
        "2 cartes",
        "2 pts",
        "2 jouables",
        "2 coincées",
    ]


def test_every_count_the_code_shows_has_its_singular_and_plural() -> None:
    counted: set[str] = set()
    for path in SOURCES.glob("*.py"):
        counted |= set(re.findall(r"""\.count\(\s*["'](\w+)["']""", path.read_text()))
    assert counted >= {"card", "point", "press", "pt", "playable", "stuck"}
    for lang in ("en", "fr"):
        missing = [
            n for n in counted for form in ("one", "many") if f"{n}.{form}" not in MESSAGES[lang]
        ]
        assert missing == [], lang


def test_every_choice_of_the_new_game_screen_has_words_in_both_languages() -> None:
    keys = [f"launcher.name.{name}" for name in PLAYABLE_LAUNCHERS]
    keys += [f"scoring.name.{mode}" for mode in SCORING_MODES]
    keys += [
        f"choice.{name}.{value}"
        for name, values in OPTION_CHOICES.items()
        for value in values
        if name != "scoring_mode"
    ]
    keys += [f"custom.{effect.partition(':')[0]}" for effect in WILD_CUSTOM_EFFECTS]
    assert [key for key in keys if key not in MESSAGES["en"]] == []


def test_cards_left_stuck_in_the_launcher_agree_in_number() -> None:
    def told(lang: str, stuck: int) -> str | None:
        event = Pressed(seat=1, fired=True, count=2, stuck=stuck, cards=None)
        return describe(event, 0, lambda seat: "Bob", Tr(lang))

    assert told("fr", 1) == "Bob appuie sur le distributeur : ça tire ! 3 cartes (1 coincée)."
    assert told("fr", 2) == "Bob appuie sur le distributeur : ça tire ! 4 cartes (2 coincées)."
    assert told("en", 1) == "Bob presses the launcher: it fires! 3 cards (1 stuck)."


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown language 'de'"):
        Tr("de")


@pytest.mark.parametrize("edition", ["2003", "2010", "mega-hit"])
def test_every_event_of_a_whole_match_is_told_in_both_languages(edition: str) -> None:
    game = Game.new(edition, players=3, seed=11, options={"target_score": 150})
    play_match(game, [RandomBot(random.Random(s)) for s in range(3)])
    names = ["Ana", "Ben", "Cy"].__getitem__
    for lang in ("en", "fr"):
        tr = Tr(lang)
        for viewer in (SPECTATOR, 0, 1, 2):
            for event in game.log:
                for second_person in (True, False):
                    line = describe(event, viewer, names, tr, second_person=second_person)
                    assert line is None or (line and "{" not in line), (event, line)


def test_a_seat_never_reads_another_seats_cards() -> None:
    game = Game.new("2003", players=3, seed=5, options={"target_score": 100})
    play_match(game, [RandomBot(random.Random(s)) for s in range(3)])
    names = ["Ana", "Ben", "Cy"].__getitem__
    tr = Tr("en")
    for event in game.log:
        for viewer in (SPECTATOR, 0, 1, 2):
            line = describe(event, viewer, names, tr) or ""
            if isinstance(event, Pressed) and event.count and event.seat != viewer:
                assert "You get" not in line
            if isinstance(event, Dealt):
                assert (line != "") == (event.seat == viewer)
            if isinstance(event, HandsTraded) and viewer not in (event.seat, event.target):
                assert "receive" not in line


@pytest.mark.parametrize("edition", ["2003", "2010", "mega-hit"])
def test_at_a_shared_keyboard_the_viewer_is_named_and_reads_only_their_own_cards(
    edition: str,
) -> None:
    game = Game.new(edition, players=3, seed=5, options={"target_score": 100})
    play_match(game, [RandomBot(random.Random(s)) for s in range(3)])
    names = ["Ana", "Ben", "Cy"]
    you = re.compile(r"\b(you|your|vous|votre)\b", re.IGNORECASE)
    for lang in ("en", "fr"):
        tr = Tr(lang)
        for viewer in (0, 1, 2):
            for event in game.log:
                line = describe(event, viewer, names.__getitem__, tr, second_person=False)
                assert not you.search(line or ""), (event, line)
                mine = describe(event, viewer, names.__getitem__, tr) or ""
                # The same facts as the viewer reads them alone: "You" gives way to a name.
                assert (line is None) == (mine == ""), (event, line)
                if isinstance(event, Dealt):
                    assert (line is not None) == (event.seat == viewer)
                if isinstance(event, Pressed) and event.count and event.seat == viewer:
                    gets = " gets " if lang == "en" else " reçoit "
                    assert f"{names[viewer]}{gets}" in (line or ""), line


def test_the_viewer_reads_you() -> None:
    game = Game.new("2003", players=2, seed=3)
    names = ["Ana", "Ben"].__getitem__
    event = next(e for e in game.log if isinstance(e, Dealt) and e.seat == 0)
    assert (
        describe(event, 0, names, Tr("en"))
        == "You are dealt " + ", ".join(Tr("en").card(c) for c in event.cards or ()) + "."
    )
    won = HandWon(1, 1, 30, (30, 0), ((Card.parse("W"),), ()), (0, 30))
    assert describe(won, 1, names, Tr("fr")) == (
        "Vous n'avez plus de cartes et gagnez la manche 1 (+30 points) !"
    )
    assert describe(won, 0, names, Tr("en")) == "Ben goes out and wins hand 1 (+30 points)!"


def test_seats_round_trip_through_their_spec() -> None:
    seats = parse_players(" you , human:Ana ,bot:random,BOT,h")
    assert [s.spec for s in seats] == ["you", "human:Ana", "bot:random", "bot:heuristic", "human"]
    assert parse_players(",".join(s.spec for s in seats)) == seats
    assert [Seat.from_dict(s.to_dict()) for s in seats] == list(seats)


def test_players_as_a_number_means_you_and_heuristic_bots() -> None:
    assert [s.spec for s in parse_players("3")] == ["you", "bot:heuristic", "bot:heuristic"]
    assert [s.spec for s in parse_players(" 2 ")] == ["you", "bot:heuristic"]
    assert len(parse_players("10")) == 10


def test_a_setup_is_checked_by_the_engine() -> None:
    with pytest.raises(SetupError, match="unknown edition 'x'"):
        Setup(edition="x").check()
    with pytest.raises(SetupError, match="unknown launcher model"):
        Setup(launcher="nope").check()
    setup = Setup(edition="2010", options={"scoring_mode": "challenge", "target_score": 200})
    game = setup.new_game()
    assert setup.seed is not None and game.seed == setup.seed
    assert game.options.scoring_mode == "challenge" and game.options.target_score == 200


def test_help_rules_come_from_the_rules_document_filtered_by_edition(tmp_path: Path) -> None:
    doc = tmp_path / "rules.md"
    doc.write_text(
        "# Rules\n\n## Action cards\n\n"
        "### R24 — Hit 1\nRuling: The next player presses once.\\\n"
        'Source: [004] "Le joueur suivant" · RULINGS R24\\\nTests: x\n\n'
        "### R26 — Wild Hit 4\nRuling: The next player presses 4 times.\\\n"
        'Source: [002] "activates the launcher 4 times" · RULINGS R26\\\n\n'
        "### R01 — Players\nRuling: 2 to 10 players.\\\nSource: RULINGS R01\\\n\n"
        "## Ambiguity rulings\n\n### A01 — Something\nRuling: a ruling.\\\n"
        "Source: [004] x\\\n"
    )
    text, from_doc = edition_rules(Edition.load("mega-hit"), doc)
    assert from_doc
    assert text == (
        "## Action cards\n\n"
        "**R24 — Hit 1.** The next player presses once.\n\n"
        "**R01 — Players.** 2 to 10 players."
    )
    assert "Wild Hit 4" in rules_from_doc(doc.read_text(), Edition.load("2010"))


def test_without_the_rules_document_help_lists_the_editions_differences(tmp_path: Path) -> None:
    text, from_doc = edition_rules(Edition.load("2010"), tmp_path / "absent.md")
    assert not from_doc
    assert text.splitlines()[0] == "- Wild Hit 4: the next player presses 4 times"


def test_the_data_dir_comes_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(store.ENV_VAR, str(tmp_path))
    assert store.matches_dir() == tmp_path / "matches"
    assert store.last_unfinished() is None
    monkeypatch.delenv(store.ENV_VAR)
    assert store.data_dir().name == "unoattack"


def test_a_table_file_that_is_broken_is_ignored(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    store.table_path(path).write_text('{"format": "unoattack-table", "seats": [{"kind": "x"}]}')
    assert store.read_table(path) is None
    store.write_table(path, parse_players("you,bot:random"), "fr")
    assert store.read_table(path) == (parse_players("you,bot:random"), "fr", True)
    store.write_table(path, parse_players("you,bot:ismcts-hard"), "en", hints=False)
    assert store.read_table(path) == (parse_players("you,bot:ismcts-hard"), "en", False)


def test_paces() -> None:
    assert Pace.instant().is_instant
    assert not Pace().is_instant and not Pace.named("fast").is_instant
    assert Pace.named("instant", bell=True).bell
    with pytest.raises(ValueError, match="unknown speed"):
        Pace.named("warp")
    # The match's timing at a pace: people at the table get time to catch a bot, and the
    # table waits for them between hands.
    assert Pace().timing(people=True) == Timing(
        think=1.0, press=0.5, react=(0.8, 2.4), human_window=2.5, between_hands=math.inf
    )
    assert Pace.instant().timing(people=False) == INSTANT
