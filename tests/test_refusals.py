"""Every refusal explained in the player's language.

For each reason the engine gives (``ILLEGAL_REASONS``) and each refusal of the table
(``MATCH_REASONS``), the terminal game says why, and what to do instead, in English and
in French, built from the reason's details. The web page holds the same sentences
(static/i18n.js, checked here against the terminal game's); tests/e2e/test_web_refusals.py
checks that the page fills them in to the same words, and tests/test_tui_app.py and the
browser tests make refused moves like a player would.
"""

from __future__ import annotations

import json
import random
import re
from importlib import resources
from pathlib import Path
from typing import NamedTuple

import pytest

from unoattack.engine import ILLEGAL_REASONS, ActionKind, Game, IllegalAction
from unoattack.engine.actions import ACTIONS
from unoattack.engine.game import REFEREE
from unoattack.engine.match import MATCH_REASONS
from unoattack.tui.i18n import MESSAGES, Tr

#: Every reason and the details it comes with.
REASONS = {**ILLEGAL_REASONS, **MATCH_REASONS}
#: French colours said of a card ("une carte verte") agree with "carte".
FEMININE = ["rouge", "jaune", "verte", "bleue"]
#: The terminal game's names of a table of three: you and two bots (seats 0, 1, 2).
NAMES = ("You", "Bot 2", "Bot 3")


class Example(NamedTuple):
    reason: str
    details: dict[str, str | int]
    english: str
    french: str


EXAMPLES = [
    Example(
        "not_allowed",
        {},
        "The rules do not allow that now: choose another move.",
        "Les règles ne le permettent pas maintenant : choisissez un autre coup.",
    ),
    Example(
        "match_over",
        {},
        "The match is over: nothing more can be played.",
        "La partie est terminée : plus rien ne peut être joué.",
    ),
    Example(
        "no_such_seat",
        {"seat": 7, "players": 3},
        "There is no seat 8 at this table of 3 players: the seats go from 1 to 3.",
        "Il n'y a pas de place 8 à cette table de 3 joueurs : les places vont de 1 à 3.",
    ),
    Example(
        "eliminated",
        {"seat": 0},
        "You are out of the match: you can only watch the others play.",
        "Vous êtes éliminé de la partie : vous ne pouvez plus que regarder les autres jouer.",
    ),
    Example(
        "no_uno_to_call",
        {},
        "There is no UNO to say now: say UNO with the play that leaves you one card.",
        "Il n'y a pas de UNO à dire maintenant : dites UNO avec la carte qui vous en laisse une.",
    ),
    Example(
        "uno_not_yours",
        {"seat": 1},
        "Only Bot 2 can say UNO now, having one card left: catch them before they do.",
        "Seul Bot 2 peut dire UNO maintenant, car il lui reste une carte : attrapez-le "
        "avant qu'il le dise.",
    ),
    Example(
        "not_catchable",
        {"seat": 2},
        "Bot 3 cannot be caught now: a player can be caught only after playing their "
        "second-to-last card without saying UNO, until the next card or press.",
        "Bot 3 ne peut pas être attrapé maintenant : on n'attrape un joueur qu'après son "
        "avant-dernière carte jouée sans dire UNO, jusqu'à la carte ou l'appui suivant.",
    ),
    Example(  # a catch of nobody: the engine's seat -1
        "not_catchable",
        {"seat": -1},
        "Nobody can be caught now: a player can be caught only after playing their "
        "second-to-last card without saying UNO, until the next card or press.",
        "Personne ne peut être attrapé maintenant : on n'attrape un joueur qu'après son "
        "avant-dernière carte jouée sans dire UNO, jusqu'à la carte ou l'appui suivant.",
    ),
    Example(
        "catch_yourself",
        {},
        "You cannot catch yourself: say UNO instead.",
        "Vous ne pouvez pas vous attraper vous-même : dites plutôt UNO.",
    ),
    Example(
        "not_your_turn",
        {"seat": 1},
        "It is not your turn: Bot 2 is to act, so wait for your turn.",
        "Ce n'est pas votre tour : c'est à Bot 2 de jouer, attendez votre tour.",
    ),
    Example(
        "name_start_colour",
        {},
        "The start card is a wild: first name its colour (red, yellow, green or blue).",
        "La carte de départ est une carte blanche : annoncez d'abord sa couleur (rouge, "
        "jaune, vert ou bleu).",
    ),
    Example(
        "no_colour_to_name",
        {},
        "There is no colour to name now: only a wild start card waits for one.",
        "Il n'y a pas de couleur à annoncer maintenant : seule une carte blanche de départ "
        "en attend une.",
    ),
    Example(
        "no_presses_to_stop",
        {},
        "You have no presses to stop: you can stop only while you owe presses.",
        "Vous n'avez pas d'appuis à arrêter : on ne peut arrêter que quand on doit des appuis.",
    ),
    Example(
        "every_press_counts",
        {},
        "In this edition every press must be made: keep pressing the launcher.",
        "Dans cette édition, il faut faire tous les appuis : continuez d'appuyer sur le "
        "distributeur.",
    ),
    Example(
        "stop_after_cards",
        {},
        "You may stop only once the launcher has given you cards: keep pressing it.",
        "Vous ne pouvez arrêter qu'une fois que le distributeur vous a donné des cartes : "
        "continuez d'appuyer.",
    ),
    Example(
        "no_press_now",
        {},
        "The launcher cannot be pressed now: nothing calls for a press.",
        "Impossible d'appuyer sur le distributeur maintenant : rien ne le demande.",
    ),
    Example(
        "card_not_in_hand",
        {"card": "G7"},
        "You have no green 7 in your hand: play a card you hold.",
        "Vous n'avez pas de 7 vert en main : jouez une carte que vous avez.",
    ),
    Example(
        "must_press",
        {"left": 1},
        "You still owe 1 press: press the launcher before you play a card.",
        "Vous devez encore 1 appui : appuyez sur le distributeur avant de jouer une carte.",
    ),
    Example(
        "must_press",
        {"left": 2},
        "You still owe 2 presses: press the launcher before you play a card.",
        "Vous devez encore 2 appuis : appuyez sur le distributeur avant de jouer une carte.",
    ),
    Example(
        "must_press_until_fire",
        {},
        "You must press the launcher until it fires before you play a card.",
        "Vous devez appuyer sur le distributeur jusqu'à ce qu'il tire avant de jouer une carte.",
    ),
    Example(
        "must_press_or_stack",
        {},
        "Only a Hit card can go on the Hit pile: stack one, or press the launcher.",
        "Seule une carte Appuyer peut aller sur la pile : empilez-en une, ou appuyez sur le "
        "distributeur.",
    ),
    Example(
        "wild_needs_colour",
        {"card": "W"},
        "A wild is played naming a colour: choose one for Wild.",
        "Une carte blanche se joue en annonçant une couleur : choisissez-en une pour Carte "
        "blanche.",
    ),
    Example(
        "needs_target",
        {"card": "WAA"},
        "Wild Attack-Attack is played against a player: choose whom.",
        "La carte Double attaque se joue contre un joueur : choisissez lequel.",
    ),
    Example(
        "takes_no_target",
        {"card": "B-Skip"},
        "Blue Skip is not played against anyone: play it without choosing a player.",
        "La carte Passer bleu ne se joue contre personne : jouez-la sans choisir de joueur.",
    ),
    Example(
        "target_yourself",
        {},
        "You cannot aim at yourself: choose another player.",
        "Vous ne pouvez pas vous viser vous-même : choisissez un autre joueur.",
    ),
    Example(
        "no_target_seat",
        {"seat": 2},
        "Bot 3 is out of the match: choose a player still playing.",
        "Bot 3 est éliminé : choisissez un joueur encore en jeu.",
    ),
    Example(  # a seat that is not at the table
        "no_target_seat",
        {"seat": 5},
        "There is no player in seat 6: choose a player still playing.",
        "Il n'y a pas de joueur à la place 6 : choisissez un joueur encore en jeu.",
    ),
    Example(
        "no_going_out_on_trade",
        {},
        "You may not go out on a Trade Hands card: press the launcher instead.",
        "On ne peut pas finir sur un Échange de mains : appuyez plutôt sur le distributeur.",
    ),
    Example(
        "uno_with_one_card_only",
        {},
        "UNO is said only with the play that leaves you one card: play without it.",
        "UNO se dit seulement avec la carte qui vous en laisse une : jouez sans l'annoncer.",
    ),
    Example(
        "no_match",
        {"card": "Y1", "top": "R3", "colour": "R"},
        "Yellow 1 matches neither red nor 3: play a red card or a 3, or press the launcher.",
        "La carte 1 jaune ne va ni sur le rouge ni sur le 3 : jouez une carte rouge ou un 3, "
        "ou appuyez sur le distributeur.",
    ),
    Example(
        "no_match",
        {"card": "R1", "top": "G8", "colour": "G"},
        "Red 1 matches neither green nor 8: play a green card or an 8, or press the launcher.",
        "La carte 1 rouge ne va ni sur le vert ni sur le 8 : jouez une carte verte ou un 8, "
        "ou appuyez sur le distributeur.",
    ),
    Example(
        "no_match",
        {"card": "G-Skip", "top": "B-Rev", "colour": "B"},
        "Green Skip matches neither blue nor Reverse: play a blue card or a Reverse, or "
        "press the launcher.",
        "La carte Passer vert ne va ni sur le bleu ni sur l'Inversion : jouez une carte "
        "bleue ou une Inversion, ou appuyez sur le distributeur.",
    ),
    Example(
        "no_match",
        {"card": "Y-Hit2", "top": "G-DA", "colour": "G"},
        "Yellow Hit 2 matches neither green nor Discard All: play a green card or a Discard "
        "All, or press the launcher.",
        "La carte Appuyer 2 fois jaune ne va ni sur le vert ni sur le Poser tout : jouez une "
        "carte verte ou un Poser tout, ou appuyez sur le distributeur.",
    ),
    Example(  # a wild on the pile: only the colour named for it counts
        "no_match",
        {"card": "Y1", "top": "W", "colour": "B"},
        "Yellow 1 is not blue, the colour named for the wild on top: play a blue card, or "
        "press the launcher.",
        "La carte 1 jaune n'est pas bleue, la couleur annoncée pour la carte blanche du "
        "dessus : jouez une carte bleue, ou appuyez sur le distributeur.",
    ),
    Example(
        "referee_only",
        {},
        "Only the referee gives the penalty for suggesting a card.",
        "Seul l'arbitre donne la pénalité pour avoir suggéré une carte.",
    ),
    Example(
        "nobody_to_penalize",
        {"seat": 1},
        "Bot 2 is out of the match: there is nobody to penalize.",
        "Bot 2 est éliminé : il n'y a personne à pénaliser.",
    ),
    Example(  # a seat that is not at the table
        "nobody_to_penalize",
        {"seat": 9},
        "There is no player in seat 10 to penalize.",
        "Il n'y a pas de joueur à la place 10 à pénaliser.",
    ),
    Example(
        "hand_over",
        {},
        "The hand is over: there is nothing to penalize.",
        "La manche est finie : il n'y a rien à pénaliser.",
    ),
    Example(
        "stale",
        {"state": 12},
        "The table moved on before your move arrived: look again and choose anew.",
        "La table a bougé avant que votre coup arrive : regardez de nouveau et rejouez.",
    ),
    Example(
        "between_hands",
        {},
        "The hand is over: the next one starts in a moment.",
        "La manche est finie : la suivante commence dans un instant.",
    ),
    Example(
        "catch_pending",
        {"seat": 2},
        "A catch is being settled: wait a moment, then try again.",
        "Quelqu'un est en train d'être attrapé : attendez un instant, puis réessayez.",
    ),
    Example(
        "uno_in_time",
        {"seat": 1},
        "Too late: Bot 2 said UNO in time, so your catch does not count.",
        "Trop tard : Bot 2 a dit UNO à temps, votre prise ne compte pas.",
    ),
    Example(
        "too_late",
        {},
        "Too late: the chance to catch closed before your catch was judged.",
        "Trop tard : l'occasion d'attraper était passée quand votre prise a été jugée.",
    ),
    Example(
        "offer_pending",
        {"seat": 2},
        "Bot 3 must first answer their offer: wait for them.",
        "Bot 3 doit d'abord répondre à son offre : attendez.",
    ),
    Example(
        "no_offer",
        {},
        "There is no offer to decline: act as usual.",
        "Il n'y a pas d'offre à refuser : jouez normalement.",
    ),
    Example(
        "answer_offer",
        {},
        "You are offered a reaction: react, or decline the offer.",
        "On vous offre de réagir : réagissez, ou refusez l'offre.",
    ),
    Example(
        "undo_with_people",
        {},
        "Only a player alone against bots may take a move back: another player would lose theirs.",
        "Seul un joueur face à des robots peut reprendre un coup : un autre joueur perdrait "
        "le sien.",
    ),
    Example(
        "undo_unavailable",
        {},
        "Moves cannot be taken back at this table: every move stays as it was played.",
        "On ne peut pas reprendre de coup à cette table : chaque coup reste tel qu'il a été joué.",
    ),
    Example(
        "nothing_to_undo",
        {},
        "You have made no move yet, so there is none to take back.",
        "Vous n'avez encore joué aucun coup : il n'y a rien à reprendre.",
    ),
    Example(
        "undo_past_hand",
        {},
        "Your last move was in a hand that is over: it stays played.",
        "Votre dernier coup était dans une manche terminée : il reste joué.",
    ),
]


def example_id(example: Example) -> str:
    values = "-".join(str(v) for v in example.details.values())
    return f"{example.reason}[{values}]" if values else example.reason


def assert_reads_cleanly(text: str) -> None:
    """A sentence for a player: no raw key, no placeholder left, a capital, a full stop."""
    assert "{" not in text and "}" not in text, text
    assert "refusal." not in text and "symbol." not in text, text
    assert text[:1].isupper() and text.endswith("."), text


def test_every_reason_of_the_engine_and_the_table_has_an_example_with_its_details() -> None:
    assert {example.reason for example in EXAMPLES} == set(REASONS)
    for example in EXAMPLES:
        assert set(example.details) == set(REASONS[example.reason]), example.reason


@pytest.mark.parametrize("example", EXAMPLES, ids=example_id)
def test_the_terminal_game_says_why_in_english_and_french(example: Example) -> None:
    english = Tr("en").refusal(example.reason, example.details, NAMES)
    french = Tr("fr").refusal(example.reason, example.details, NAMES)
    assert (english, french) == (example.english, example.french)
    assert_reads_cleanly(english)
    assert_reads_cleanly(french)


def test_a_reason_from_a_newer_engine_reads_as_a_plain_refusal() -> None:
    assert Tr("en").refusal("no_such_reason_yet", {"seat": 1}, NAMES) == (
        "The rules do not allow that now: choose another move."
    )


def test_every_sentence_is_for_a_reason_and_every_variant_has_an_example() -> None:
    """No sentence is left without a reason of the engine to say it for, and each
    variant of a reason's sentence (a seat not at the table, a wild on the pile) renders,
    from that reason's details alone, in an example above."""
    variants = {
        key.removeprefix("refusal.") for key in MESSAGES["en"] if key.startswith("refusal.")
    }
    bases = {variant.split(".")[0] for variant in variants}
    assert bases == set(REASONS)
    shown = {"no_match.wild", "not_catchable.nobody", "no_target_seat.nobody"}
    shown |= {"nobody_to_penalize.nobody"} | set(REASONS)
    assert variants == shown


def page_words() -> dict[str, dict[str, str]]:
    """The page's words (static/i18n.js), language by language."""
    text = resources.files("unoattack.web").joinpath("static/i18n.js").read_text(encoding="utf-8")
    english, french = text.split("\n  fr: {\n")
    entry = re.compile(r'^ +("(?:[^"\\]|\\.)*"): ("(?:[^"\\]|\\.)*"),?$', re.MULTILINE)
    return {
        lang: {json.loads(key): json.loads(value) for key, value in entry.findall(part)}
        for lang, part in (("en", english), ("fr", french))
    }


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_page_has_the_terminal_games_sentence_for_every_reason(lang: str) -> None:
    page = page_words()[lang]
    made_of = ("refusal.", "symbol.", "card.subject", "card.a_colour", "player.", "press.")
    terminal = {key: text for key, text in MESSAGES[lang].items() if key.startswith(made_of)}
    assert {key: page.get(key) for key in terminal} == terminal
    assert {key for key in page if key.startswith("refusal.")} == {
        key for key in terminal if key.startswith("refusal.")
    }
    adjectives = {
        "en": ["red", "yellow", "green", "blue"],
        "fr": ["rouge", "jaune", "verte", "bleue"],
    }
    assert [page[f"colour_adj.{letter}"] for letter in "RYGB"] == adjectives[lang]
    assert not any(key.startswith(("illegal.", "err.illegal")) for key in page)


def test_every_refusal_met_in_random_games_reads_cleanly_in_both_languages() -> None:
    """Real refusals, with the engine's own details, over random games of every edition."""
    seen: set[str] = set()
    rng = random.Random(16)
    words = (Tr("en"), Tr("fr"))
    for index, edition in enumerate(("2003", "2010", "mega-hit") * 2):
        game = Game.new(edition, players=2 + index % 4, seed=index, events=False)
        names = [f"Seat {s + 1}" for s in range(game.n)]
        while not game.is_over and game.hand_number < 3:
            seat = rng.randrange(-1, game.n + 1)
            for action in rng.sample(ACTIONS, 20):
                if seat in range(game.n) and action in game.legal_actions(seat):
                    continue
                if action.kind is ActionKind.PENALIZE and seat == REFEREE:
                    continue  # the referee's action: it is applied
                try:
                    game.apply(action, seat)
                except IllegalAction as refusal:
                    seen.add(refusal.reason)
                    for tr in words:
                        assert_reads_cleanly(tr.refusal(refusal.reason, refusal.details, names))
            game.apply(rng.choice(game.legal_actions()))
    assert len(seen) >= 12, sorted(seen)


def server_error_codes() -> set[str]:
    """Every error code the web server can send: docs/protocol.md's table of WebSocket
    errors, and the codes written in the server's source (REST errors among them)."""
    codes: set[str] = set()
    web = resources.files("unoattack.web")
    for module in web.iterdir():
        if module.name.endswith(".py") and module.name != "loadtest.py":
            source = module.read_text(encoding="utf-8")
            codes |= set(re.findall(r'(?:TableError|error)\(\s*(?:\w+,\s*)?"([a-z_]+)"', source))
            codes |= set(re.findall(r'"code": "([a-z_]+)"', source))
    protocol = (Path(__file__).parents[1] / "docs" / "protocol.md").read_text(encoding="utf-8")
    table = protocol.split("### Error codes", 1)[1].split("\n\n", 2)[1]
    for first, second in re.findall(r"^\| `([a-z_]+)`(?: / `([a-z_]+)`)?", table, re.MULTILINE):
        codes |= {first, second} - {""}
    return codes


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_page_words_every_error_the_server_sends(lang: str) -> None:
    """A French player never reads the server's English message: each code has the page's
    sentence, or comes with an engine reason (refusal.*) every time."""
    page = page_words()[lang]
    always_with_a_reason = {"illegal"}
    never_shown = {"moved"}  # between server processes only: it never reaches a page
    codes = server_error_codes()
    assert {"unavailable", "storage", "rate_limited", "not_host", "malformed"} <= codes
    unworded = {
        code
        for code in codes - always_with_a_reason - never_shown
        if f"err.{code}" not in page and f"refusal.{code}" not in page
    }
    assert unworded == set()
