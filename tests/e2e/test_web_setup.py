"""Setting up in plain words, in headless Chromium: the house-rule presets (Classic,
Family, Chaos, and Custom once an option is changed) and the one-screen "How to play",
from the home page and from the table, in English and French, on a desktop and a phone.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright.sync_api")

import httpx
from playwright.sync_api import Browser, Page
from test_web_browser import CHROMIUM, DESKTOP, PHONE, new_page, shot, wait_until
from test_web_phone import cut_off

from unoattack.rules import Edition
from unoattack.web.manager import Settings
from unoattack.web.presets import preset_options
from unoattack.web.testing import NO_ADDRESS_LIMITS, ServerThread, create_table, post

pytestmark = pytest.mark.skipif(
    not os.path.exists(CHROMIUM), reason="needs Debian's chromium: apt-get install -y chromium"
)

LANGS = [("en", DESKTOP), ("fr", PHONE), ("en", PHONE), ("fr", DESKTOP)]


@pytest.fixture(scope="module")
def server() -> Iterator[ServerThread]:
    settings = Settings(**NO_ADDRESS_LIMITS, db_url="sqlite://", bot_delay=0.15, allow_seed=True)
    with ServerThread(settings) as running:
        yield running


def home(browser: Browser, server: ServerThread, lang: str, viewport: dict[str, int]) -> Page:
    page = new_page(browser, viewport)
    page.goto(server.url + "/static/favicon.svg")
    page.evaluate(f"localStorage.setItem('uno.lang', '{lang}')")
    page.goto(server.url + "/")
    wait_until(page, "document.querySelectorAll('#create-presets-list input').length === 4")
    return page


def chosen(page: Page) -> str:
    value: str = page.evaluate("document.querySelector('input[name=preset]:checked').value")
    return value


def options_of(server: ServerThread, page: Page) -> dict[str, object]:
    page.fill("#create-name", "Ann")
    page.click("#create-btn")
    page.wait_for_selector("#lobby:not([hidden])")
    code = page.text_content("#table-code") or ""
    options: dict[str, object] = httpx.get(f"{server.url}/api/tables/{code}").json()["options"]
    return {k: v for k, v in options.items() if k not in ("scoring_mode", "target_score")}


PRESET_WORDS = {
    "en": ["Classic", "Family", "Chaos", "Custom"],
    "fr": ["Classique", "Famille", "Chaos", "Personnalisé"],
}
FAMILY_HELP = {
    "en": "Gentler: a forgotten UNO costs one press, pressing stops once cards come out, "
    "a last card ends the hand without more presses, and you may go out on a Trade Hands "
    "(in an edition that has them).",
    "fr": "Plus doux : un UNO oublié coûte un appui, on arrête d'appuyer dès que des cartes "
    "sortent, une dernière carte termine la manche sans autres appuis, et on peut sortir "
    "sur un Échange de mains (dans une édition qui en a).",
}


@pytest.mark.parametrize(("lang", "viewport"), LANGS[:2])
def test_a_preset_fills_the_house_rules_and_a_change_makes_it_custom(
    server: ServerThread, browser: Browser, tmp_path: Path, lang: str, viewport: dict[str, int]
) -> None:
    page = home(browser, server, lang, viewport)
    names = page.eval_on_selector_all(
        "#create-presets-list .preset-name", "els => els.map(e => e.textContent)"
    )
    assert names == PRESET_WORDS[lang]
    assert page.text_content("#preset-family-help") == FAMILY_HELP[lang]
    assert chosen(page) == "classic"  # the edition's own rules
    page.check("#preset-family")
    page.click("#create-rules summary")
    assert page.input_value("#rule-uno_penalty_presses") == "1"
    assert page.input_value("#rule-stop_after_fire") == "always"
    assert page.is_checked("#rule-may_go_out_on_trade_hands")
    assert page.locator('[data-rule="last_card_effects"] input:checked').count() == 0
    shot(page, tmp_path, f"presets-family-{lang}")
    # Any change makes it the host's own; choosing the preset again puts it back.
    page.fill("#rule-hand_size", "5")
    page.dispatch_event("#rule-hand_size", "change")
    assert chosen(page) == "custom"
    page.fill("#rule-hand_size", "7")
    page.dispatch_event("#rule-hand_size", "change")
    assert chosen(page) == "family"
    assert options_of(server, page) == {
        "uno_penalty_presses": 1,
        "stop_after_fire": "always",
        "may_go_out_on_trade_hands": True,
        "last_card_effects": "",
    }
    assert not page.errors  # type: ignore[attr-defined]


PACES = {"en": ["quick", "normal", "relaxed"], "fr": ["rapide", "normal", "posé"]}


@pytest.mark.parametrize(("lang", "viewport"), LANGS[:2])
def test_the_host_chooses_the_bots_pace_when_creating_the_table(
    server: ServerThread, browser: Browser, lang: str, viewport: dict[str, int]
) -> None:
    page = home(browser, server, lang, viewport)
    assert page.locator("#create-pace option").all_text_contents() == PACES[lang]
    assert page.input_value("#create-pace") == "normal"
    page.select_option("#create-pace", "relaxed")
    page.fill("#create-name", "Ann")
    page.click("#create-btn")
    page.wait_for_selector("#lobby:not([hidden])")
    code = page.text_content("#table-code") or ""
    assert httpx.get(f"{server.url}/api/tables/{code}").json()["bot_pace"] == "relaxed"
    assert page.input_value("#bot-pace") == "relaxed"  # and the lobby shows it
    assert not page.errors  # type: ignore[attr-defined]


def test_chaos_uses_only_the_options_of_the_chosen_edition(
    server: ServerThread, browser: Browser
) -> None:
    page = home(browser, server, "en", PHONE)
    page.select_option("#create-edition", "2010")
    assert chosen(page) == "classic"
    page.check("#preset-chaos")
    page.click("#create-rules summary")
    assert page.input_value("#rule-wild_custom_effect") == "all_hit"
    assert page.is_checked("#rule-stacking") and page.is_checked("#rule-allow_stack_after_out")
    assert options_of(server, page) == {
        "uno_penalty_presses": 4,
        "stacking": True,
        "allow_stack_after_out": True,
        "e2_extra_card_all_counts": True,
        "wild_custom_effect": "all_hit",
    }
    # Another edition starts again from its own rules.
    page.goto(server.url + "/")
    wait_until(page, "document.querySelectorAll('#create-presets-list input').length === 4")
    page.check("#preset-chaos")
    page.select_option("#create-edition", "mega-hit")
    assert chosen(page) == "classic"


HOWTO = {
    "en": {
        "title": "How to play UNO Attack!",
        "cards": "The action cards of UNO Attack! (2003)",
        "cards.2010": "The action cards of UNO Attack! (later edition)",
        "trade": "Trade Hands (×4, 30 points) Swap hands with a player you choose; the "
        "rulebook forbids going out on it, but a house rule may allow it.",
        "trade.may": "Trade Hands (×4, 30 points) Swap hands with a player you choose; at "
        "this table you may go out on it (a house rule).",
        "trade.may_not": "Trade Hands (×4, 30 points) Swap hands with a player you choose; "
        "you may not go out on it.",
        "uno": "When you play your second-to-last card, say UNO (the UNO! button). If anyone "
        "catches you first, before the next player starts, you owe 2 presses.",
        "mega": "Mega Hit: a player who must press because of a Hit card may stack any Hit "
        "card instead; the presses add up and pass on.",
    },
    "fr": {
        "title": "Comment jouer à UNO Attack!",
        "cards": "Les cartes Action de UNO Attack! (2003)",
        "cards.2010": "Les cartes Action de UNO Attack! (édition ultérieure)",
        "trade": "Échange de mains (×4, 30 points) Échangez votre main avec le joueur de votre "
        "choix ; les règles interdisent de sortir sur cette carte, mais une règle maison peut "
        "le permettre.",
        "trade.may": "Échange de mains (×4, 30 points) Échangez votre main avec le joueur de "
        "votre choix ; à cette table, on peut sortir sur cette carte (règle maison).",
        "trade.may_not": "Échange de mains (×4, 30 points) Échangez votre main avec le joueur "
        "de votre choix ; on ne peut pas sortir sur cette carte.",
        "uno": "Quand vous posez votre avant-dernière carte, dites UNO (le bouton UNO !). Si "
        "quelqu'un vous attrape avant, et avant que le joueur suivant commence, vous faites "
        "2 appuis.",
        "mega": "Méga appuyer : un joueur qui doit appuyer à cause d'une carte Appuyer peut "
        "plutôt poser n'importe quelle carte Appuyer ; les appuis s'additionnent et passent "
        "au suivant.",
    },
}


@pytest.mark.parametrize(("lang", "viewport"), LANGS)
def test_how_to_play_opens_from_the_home_page_and_the_table(
    server: ServerThread, browser: Browser, tmp_path: Path, lang: str, viewport: dict[str, int]
) -> None:
    words = HOWTO[lang]
    page = home(browser, server, lang, viewport)
    page.click("#home-howto")
    page.wait_for_selector("#howto[open]")
    assert page.text_content("#howto-title") == words["title"]
    assert page.text_content("#howto-cards-title") == words["cards"]
    kinds = page.eval_on_selector_all("#howto-cards li", "els => els.map(e => e.dataset.kind)")
    assert kinds == [
        "skip",
        "reverse",
        "hit2",
        "discard_all",
        "trade_hands",
        "wild",
        "wild_all_hit",
        "wild_hit_fire",
    ]
    assert page.text_content('#howto-cards li[data-kind="trade_hands"] .words') == words["trade"]
    assert page.text_content("#howto-uno") == words["uno"]
    assert page.is_hidden("#howto-notes")
    # Each edition's own cards: the French-Canadian one stacks its Hit cards.
    page.select_option("#howto-edition", "mega-hit")
    kinds = page.eval_on_selector_all("#howto-cards li", "els => els.map(e => e.dataset.kind)")
    assert kinds == ["skip", "reverse", "hit1", "hit2", "discard_all", "wild", "wild_attack_attack"]
    assert page.text_content("#howto-notes li") == words["mega"]
    # One screen: on a phone the dialog fits the screen and scrolls inside itself.
    dialog = page.locator("#howto").bounding_box()
    assert dialog is not None and dialog["height"] <= viewport["height"]
    shot(page, tmp_path, f"howto-{lang}-{viewport['width']}")
    page.keyboard.press("Escape")
    wait_until(page, "!document.getElementById('howto').open")

    # From the table: the top bar's "?" shows the table's edition.
    table = create_table(server.url, edition="2010", seats=2, host_name="Ann", seed=3)
    code = str(table["code"])
    post(
        server.url,
        f"/api/tables/{code}/seats/1/bot",
        host_token=table["host_token"],
        level="random",
    )
    page.evaluate(f"localStorage.setItem('uno.seat.{code}', '{table['token']}')")
    page.goto(f"{server.url}/t/{code}")
    page.wait_for_selector("#lobby:not([hidden])")
    post(server.url, f"/api/tables/{code}/start", host_token=table["host_token"])
    wait_until(page, "document.body.dataset.screen === 'game'")
    page.click("#btn-howto")
    page.wait_for_selector("#howto[open]")
    assert page.input_value("#howto-edition") == "2010"
    assert page.text_content("#howto-cards-title") == words["cards.2010"]
    kinds = page.eval_on_selector_all("#howto-cards li", "els => els.map(e => e.dataset.kind)")
    assert "wild_hit4" in kinds and "trade_hands" not in kinds
    page.click("#howto-close")
    wait_until(page, "!document.getElementById('howto').open")
    assert not page.errors  # type: ignore[attr-defined]


TRADE = '#howto-cards li[data-kind="trade_hands"] .words'


def open_how_to(page: Page, button: str) -> str:
    """Open How to play with ``button``: what it says of the Trade Hands."""
    page.click(button)
    page.wait_for_selector("#howto[open]")
    return page.text_content(TRADE) or ""


@pytest.mark.parametrize(("lang", "viewport"), LANGS)
def test_how_to_play_at_a_table_says_its_own_rule_on_going_out_on_a_trade_hands(
    server: ServerThread, browser: Browser, tmp_path: Path, lang: str, viewport: dict[str, int]
) -> None:
    # At no table: the rulebook's rule, and that a house rule may change it.
    page = home(browser, server, lang, viewport)
    assert open_how_to(page, "#home-howto") == HOWTO[lang]["trade"]
    for may, says in ((True, HOWTO[lang]["trade.may"]), (False, HOWTO[lang]["trade.may_not"])):
        options = {"may_go_out_on_trade_hands": True} if may else {}
        table = create_table(server.url, edition="2003", host_name="Ann", options=options)
        code = str(table["code"])
        page.evaluate(f"localStorage.setItem('uno.seat.{code}', '{table['token']}')")
        page.goto(f"{server.url}/t/{code}")
        page.wait_for_selector("#lobby:not([hidden])")
        assert open_how_to(page, "#btn-howto") == says
        assert page.input_value("#howto-edition") == "2003"
        if may:
            shot(page, tmp_path, f"howto-table-trade-{lang}-{viewport['width']}")
        # Another edition is said by its rulebook, and the table's edition again by the table.
        page.select_option("#howto-edition", "2010")
        page.select_option("#howto-edition", "2003")
        assert page.text_content(TRADE) == says
        page.click("#howto-close")
        wait_until(page, "!document.getElementById('howto').open")
    assert not page.errors  # type: ignore[attr-defined]


def how_to_at_table(
    page: Page, server: ServerThread, edition: str, options: object, **scoring: object
) -> None:
    """Open How to play as Ann, the host of a new table of ``edition``, ``options`` and
    ``scoring``."""
    table = create_table(server.url, edition=edition, host_name="Ann", options=options, **scoring)
    code = str(table["code"])
    page.evaluate(f"localStorage.setItem('uno.seat.{code}', '{table['token']}')")
    page.goto(f"{server.url}/t/{code}")
    page.wait_for_selector("#lobby:not([hidden])")
    page.click("#btn-howto")
    page.wait_for_selector("#howto[open]")


#: What How to play says of the deal and of the reshuffle: the rulebook's, then a table's
#: house rules (the numbers go in {n}, the mark of a house rule in {house}).
DEAL_WORDS = {
    "en": {
        "deal": "Each player is dealt {n} cards at the start of a hand{house}.",
        "empty": "When the launcher is empty, the discard pile, all but its top card, is "
        "shuffled and loaded into it{house}.",
        "at": "Once the discard pile holds {n} cards, it is shuffled, all but its top card, "
        "and loaded into the launcher with the cards still in it; so it is whenever the "
        "launcher is empty{house}.",
        "house": " (this table's house rule)",
    },
    "fr": {
        "deal": "Chaque joueur reçoit {n} cartes au début d'une manche{house}.",
        "empty": "Quand le distributeur est vide, le talon, sauf sa carte du dessus, est brassé "
        "et remis dans le distributeur{house}.",
        "at": "Dès que le talon compte {n} cartes, il est brassé, sauf sa carte du dessus, et "
        "remis dans le distributeur avec les cartes qui y restent ; de même chaque fois que "
        "le distributeur est vide{house}.",
        "house": " (règle maison de cette table)",
    },
}


@pytest.mark.parametrize(("lang", "viewport"), LANGS[:2])
def test_how_to_play_says_the_hand_dealt_and_when_the_pile_goes_back_into_the_launcher(
    server: ServerThread, browser: Browser, lang: str, viewport: dict[str, int]
) -> None:
    words = DEAL_WORDS[lang]
    page = home(browser, server, lang, viewport)
    page.click("#home-howto")
    page.wait_for_selector("#howto[open]")
    for name in ("2003", "2010", "mega-hit"):
        # The numbers are the edition's data: 7 cards (R06), and the pile goes back only
        # into an empty launcher (R19, A30: no rulebook gives the stopper's height).
        options = Edition.load(name).options
        assert (options.hand_size, options.reshuffle_threshold) == (7, None)
        page.select_option("#howto-edition", name)
        assert page.text_content("#howto-deal") == words["deal"].format(n=7, house="")
        assert page.text_content("#howto-reshuffle") == words["empty"].format(house="")
    page.keyboard.press("Escape")
    # A table that deals 5 and reshuffles at 40 cards says so, as its house rules.
    how_to_at_table(page, server, "mega-hit", {"hand_size": 5, "reshuffle_threshold": 40})
    house = words["house"]
    assert page.text_content("#howto-deal") == words["deal"].format(n=5, house=house)
    assert page.text_content("#howto-reshuffle") == words["at"].format(n=40, house=house)
    page.select_option("#howto-edition", "2003")  # another edition: its rulebook's
    assert page.text_content("#howto-deal") == words["deal"].format(n=7, house="")
    assert page.text_content("#howto-reshuffle") == words["empty"].format(house="")
    assert not page.errors  # type: ignore[attr-defined]


#: What How to play says of the 2010 Wild Customizable and going out on it.
CUSTOM_TRADE = {
    "en": {
        "rulebook": "A plain wild, unless the table writes an effect on it (house rules); "
        "written as a Trade Hands, you may not go out on it, unless a house rule allows it.",
        "table": "Name a colour; it acts as Trade Hands: swap hands with a chosen player "
        "(this table's house rule).",
        "may_not": " As on a Trade Hands, you may not go out on it.",
        "may": " At this table you may go out on it (this table's house rule).",
    },
    "fr": {
        "rulebook": "Une carte blanche ordinaire, sauf si la table y écrit un effet (règles "
        "maison) ; si elle y écrit Échange de mains, on ne peut pas sortir sur cette carte, "
        "sauf si une règle maison le permet.",
        "table": "Annoncez une couleur ; elle agit comme Échange de mains : échanger sa main "
        "avec un joueur choisi (règle maison de cette table).",
        "may_not": " Comme sur un Échange de mains, on ne peut pas sortir sur cette carte.",
        "may": " À cette table, on peut sortir sur cette carte (règle maison de cette table).",
    },
}
CUSTOM = '#howto-cards li[data-kind="wild_custom"] .words'


@pytest.mark.parametrize(("lang", "viewport"), LANGS[:2])
def test_how_to_play_says_whether_one_may_go_out_on_a_wild_customizable_trade_hands(
    server: ServerThread, browser: Browser, lang: str, viewport: dict[str, int]
) -> None:
    # The engine holds a Wild Customizable written as a Trade Hands to the Trade Hands'
    # rule (P03: tests/test_rules_project.py::test_wild_customizable_trade_hands_is_not_a_
    # last_card), unless the table lets players go out on a Trade Hands.
    words = CUSTOM_TRADE[lang]
    kind = {"en": "Wild Customizable", "fr": "Carte blanche personnalisable"}[lang]
    meta = " (×3, 50 points) "
    page = home(browser, server, lang, viewport)
    page.select_option("#create-edition", "2010")
    page.click("#home-howto")
    page.wait_for_selector("#howto[open]")
    assert page.text_content(CUSTOM) == kind + meta + words["rulebook"]
    page.keyboard.press("Escape")
    for may in (False, True):
        options: dict[str, object] = {"wild_custom_effect": "trade_hands"}
        if may:
            options["may_go_out_on_trade_hands"] = True
        how_to_at_table(page, server, "2010", options)
        says = words["table"] + words["may" if may else "may_not"]
        assert page.text_content(CUSTOM) == kind + meta + says
        page.click("#howto-close")
        wait_until(page, "!document.getElementById('howto').open")
    assert not page.errors  # type: ignore[attr-defined]


#: What How to play says at a table of each preset (and scoring), beside the rulebook's
#: words of HOWTO: each rule the preset or the scoring changes, marked as the table's.
HOUSE = {
    "en": {
        "mark": " (this table's house rule)",
        "goal": "Be the first to play every card in your hand: you then score the cards left "
        "in the other hands.",
        "goal.own": "Be the first to play every card in your hand: the others then add the "
        "cards left in their own hands to their totals, and a low total is better",
        "uno": "When you play your second-to-last card, say UNO (the UNO! button). If anyone "
        "catches you first, before the next player starts, you owe {presses}",
        "presses.1": "1 press",
        "presses.2": "2 presses",
        "presses.4": "4 presses",
        "skip": "Skip (×8, 20 points) The next player loses their turn.",
        "skip.again": "Skip (×8, 20 points) The next player loses their turn, and you play "
        "again at once",
        "reverse": "Reverse (×4, 20 points) Play changes direction (with two players, it acts "
        "as a Skip).",
        "reverse.again": "Reverse (×4, 20 points) Play changes direction, and you play again "
        "at once",
        "custom.plain": "Wild Customizable (×3, 50 points) A plain wild: this table writes no "
        "effect on it.",
        "custom.all_hit": "Wild Customizable (×3, 50 points) Name a colour; it acts as All "
        "Hit: everyone else presses once",
        "stacking": "Mega Hit: a player who must press because of a Hit card may stack any Hit "
        "card instead; the presses add up and pass on",
        "after_out": "Even when a player goes out on a Hit card, the next player may still "
        "stack on it",
        "stop": "A player who owes several presses stops as soon as cards come out",
        "last_none": "A last card ends the hand at once: nobody presses for it",
        "score.first": "Numbers score their face value, the other cards the points above. The "
        "first to 500 wins the match.",
        "score.running": "Numbers score their face value, the other cards the points above. "
        "Once anyone has 250, the lowest total wins the match",
        "score.challenge": "Numbers score their face value, the other cards the points above. "
        "Whoever reaches 300 is out, and the last player left wins the match",
    },
    "fr": {
        "mark": " (règle maison de cette table)",
        "goal": "Être le premier à poser toutes les cartes de sa main : on marque alors les "
        "cartes restées dans les autres mains.",
        "goal.own": "Être le premier à poser toutes les cartes de sa main : les autres "
        "ajoutent alors les cartes restées dans leur main à leur total, et le plus petit "
        "total vaut mieux",
        "uno": "Quand vous posez votre avant-dernière carte, dites UNO (le bouton UNO !). Si "
        "quelqu'un vous attrape avant, et avant que le joueur suivant commence, vous faites "
        "{presses}",
        "presses.1": "1 appui",
        "presses.2": "2 appuis",
        "presses.4": "4 appuis",
        "skip": "Passer (×8, 20 points) Le joueur suivant passe son tour.",
        "skip.again": "Passer (×8, 20 points) Le joueur suivant passe son tour, et vous "
        "rejouez aussitôt",
        "reverse": "Inversion (×4, 20 points) Le sens du jeu s'inverse (à deux joueurs, elle "
        "agit comme un Passer).",
        "reverse.again": "Inversion (×4, 20 points) Le sens du jeu s'inverse, et vous rejouez "
        "aussitôt",
        "custom.plain": "Carte blanche personnalisable (×3, 50 points) Une carte blanche "
        "ordinaire : cette table n'y écrit aucun effet.",
        "custom.all_hit": "Carte blanche personnalisable (×3, 50 points) Annoncez une "
        "couleur ; elle agit comme Tous appuient : tous les autres appuient une fois",
        "stacking": "Méga appuyer : un joueur qui doit appuyer à cause d'une carte Appuyer peut "
        "plutôt poser n'importe quelle carte Appuyer ; les appuis s'additionnent et passent "
        "au suivant",
        "after_out": "Même quand un joueur sort sur une carte Appuyer, le joueur suivant peut "
        "encore empiler dessus",
        "stop": "Un joueur qui doit plusieurs appuis s'arrête dès que des cartes sortent",
        "last_none": "Une dernière carte termine la manche aussitôt : personne n'appuie pour elle",
        "score.first": "Les chiffres valent leur valeur, les autres cartes les points "
        "ci-dessus. Le premier à 500 gagne la partie.",
        "score.running": "Les chiffres valent leur valeur, les autres cartes les points "
        "ci-dessus. Dès que quelqu'un a 250, le plus petit total gagne la partie",
        "score.challenge": "Les chiffres valent leur valeur, les autres cartes les points "
        "ci-dessus. Qui atteint 300 est éliminé, et le dernier joueur restant gagne la partie",
    },
}


def how_to_at(
    page: Page, server: ServerThread, edition: str, preset: str, **scoring: object
) -> dict[str, object]:
    """Sit at a new table of ``edition`` with ``preset``'s house rules (as the home page
    sends them) and ``scoring``, open How to play: what it says, part by part."""
    wished = preset_options(Edition.load(edition), preset)
    options = {k: ",".join(v) if isinstance(v, list) else v for k, v in wished.items()}
    how_to_at_table(page, server, edition, options, **scoring)
    cards = page.eval_on_selector_all(
        "#howto-cards li",
        "els => Object.fromEntries(els.map(e =>"
        " [e.dataset.kind, e.querySelector('.words').textContent]))",
    )
    return {
        "goal": page.text_content("#howto-goal"),
        "uno": page.text_content("#howto-uno"),
        "cards": cards,
        "notes": page.eval_on_selector_all("#howto-notes li", "els => els.map(e => e.textContent)"),
        "notes shown": page.is_visible("#howto-notes"),
        "score": page.text_content("#howto-score"),
    }


@pytest.mark.parametrize(("lang", "viewport"), LANGS)
def test_how_to_play_at_a_table_says_each_house_rule_of_its_preset_as_the_tables(
    server: ServerThread, browser: Browser, tmp_path: Path, lang: str, viewport: dict[str, int]
) -> None:
    words, house = HOWTO[lang], HOUSE[lang]
    mark = house["mark"] + "."
    page = home(browser, server, lang, viewport)

    # Chaos (later edition), with the Challenge to 300: every rule it changes is the table's.
    says = how_to_at(page, server, "2010", "chaos", scoring_mode="challenge", target_score=300)
    cards = says["cards"]
    assert isinstance(cards, dict)
    assert says["goal"] == house["goal.own"] + mark
    assert says["uno"] == house["uno"].format(presses=house["presses.4"]) + mark
    assert cards["skip"] == house["skip.again"] + mark
    assert cards["reverse"] == house["reverse.again"] + mark
    assert cards["wild_custom"] == house["custom.all_hit"] + mark
    assert says["notes"] == [house["stacking"] + mark, house["after_out"] + mark]
    assert says["score"] == house["score.challenge"] + mark
    shot(page, tmp_path, f"howto-table-chaos-{lang}-{viewport['width']}")
    # Another edition is said by its rulebook, and the table's edition again by the table.
    page.select_option("#howto-edition", "2003")
    assert page.text_content("#howto-uno") == words["uno"]
    assert page.text_content("#howto-goal") == house["goal"]
    page.select_option("#howto-edition", "2010")
    assert page.text_content("#howto-uno") == says["uno"]
    page.click("#howto-close")
    wait_until(page, "!document.getElementById('howto').open")

    # Family (2003), with running totals to 250.
    says = how_to_at(
        page, server, "2003", "family", scoring_mode="running_total_lowest_wins", target_score=250
    )
    cards = says["cards"]
    assert isinstance(cards, dict)
    assert says["goal"] == house["goal.own"] + mark
    assert says["uno"] == house["uno"].format(presses=house["presses.1"]) + mark
    assert cards["trade_hands"] == words["trade.may"]
    assert cards["skip"] == house["skip"]
    assert says["notes"] == [house["stop"] + mark, house["last_none"] + mark]
    assert says["score"] == house["score.running"] + mark
    shot(page, tmp_path, f"howto-table-family-{lang}-{viewport['width']}")
    page.click("#howto-close")
    wait_until(page, "!document.getElementById('howto').open")

    # Classic (later edition): the rulebook, said as this table's rules, with no mark.
    says = how_to_at(page, server, "2010", "classic")
    cards = says["cards"]
    assert isinstance(cards, dict)
    assert says["goal"] == house["goal"]
    assert says["uno"] == words["uno"]
    assert cards["skip"] == house["skip"]
    assert cards["reverse"] == house["reverse"]
    assert cards["wild_custom"] == house["custom.plain"]
    assert says["notes"] == [] and not says["notes shown"]
    assert says["score"] == house["score.first"]
    assert house["mark"] not in (page.text_content("#howto") or "")
    page.click("#howto-close")
    wait_until(page, "!document.getElementById('howto').open")
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize(("lang", "viewport"), LANGS)
def test_how_to_play_keeps_its_close_button_and_its_edition_in_sight(
    server: ServerThread, browser: Browser, lang: str, viewport: dict[str, int]
) -> None:
    # At a Chaos table in French on a desktop, the longest How to play there is, "Fermer"
    # was cut off at the bottom until one scrolled, and the edition menu read "UNO
    # Attack! (édition".
    page = home(browser, server, lang, viewport)
    how_to_at(page, server, "2010", "chaos", scoring_mode="challenge", target_score=300)
    dialog = page.locator("#howto").bounding_box()
    close = page.locator("#howto-close").bounding_box()
    assert dialog is not None and close is not None
    assert (
        close["y"] >= dialog["y"] and close["y"] + close["height"] <= dialog["y"] + dialog["height"]
    ), (close, dialog)
    assert cut_off(page, "How to play", "#howto") == []
    page.click("#howto-close")
    wait_until(page, "!document.getElementById('howto').open")
