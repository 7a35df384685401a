"""House-rule presets (Classic, Family, Chaos): data on the server, each edition's own,
using only the options that apply to it (unoattack.web.presets)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi")

import httpx

from test_refusals import page_words
from unoattack.engine import Game
from unoattack.rules import Edition
from unoattack.web.house_rules import deck_cards, house_rules
from unoattack.web.manager import Settings
from unoattack.web.presets import PRESET_NAMES, preset_options, presets
from unoattack.web.testing import NO_ADDRESS_LIMITS, ServerThread

EDITIONS = ("2003", "2010", "mega-hit")


@pytest.fixture(scope="module")
def server() -> Iterator[ServerThread]:
    with ServerThread(Settings(**NO_ADDRESS_LIMITS, db_url="sqlite://")) as running:
        yield running


def wire(options: dict[str, Any]) -> dict[str, Any]:
    """Options as the page sends them: a list joined by commas."""
    return {k: ",".join(v) if isinstance(v, list) else v for k, v in options.items()}


def test_each_preset_changes_exactly_these_rules_of_each_edition() -> None:
    expected = {
        "2003": {
            "classic": {},
            "family": {
                "uno_penalty_presses": 1,
                "stop_after_fire": "always",
                "may_go_out_on_trade_hands": True,
                "last_card_effects": [],
            },
            "chaos": {
                "uno_penalty_presses": 4,
                "stacking": True,
                "allow_stack_after_out": True,
                "e2_extra_card_all_counts": True,
                "may_go_out_on_trade_hands": True,
            },
        },
        "2010": {
            "classic": {},
            # No Trade Hands in the deck: going out on one is not a family rule here.
            "family": {
                "uno_penalty_presses": 1,
                "stop_after_fire": "always",
                "last_card_effects": [],
            },
            "chaos": {
                "uno_penalty_presses": 4,
                "stacking": True,
                "allow_stack_after_out": True,
                "e2_extra_card_all_counts": True,
                "wild_custom_effect": "all_hit",
            },
        },
        "mega-hit": {
            "classic": {},
            # The edition stops pressing once cards come out and stacks already.
            "family": {"uno_penalty_presses": 1, "last_card_effects": []},
            "chaos": {
                "uno_penalty_presses": 4,
                "allow_stack_after_out": True,
                "stop_after_fire": "never",
                "e2_extra_card_all_counts": True,
            },
        },
    }
    for name in EDITIONS:
        edition = Edition.load(name)
        assert presets(edition) == [
            {"name": preset, "options": expected[name][preset]} for preset in PRESET_NAMES
        ]


def test_a_preset_names_only_options_its_edition_offers_and_the_engine_takes() -> None:
    for name in EDITIONS:
        edition = Edition.load(name)
        offered = {rule["name"] for rule in house_rules(edition)}
        for preset in PRESET_NAMES:
            options = preset_options(edition, preset)
            assert set(options) <= offered, (name, preset)
            changed = edition.with_options(options)
            Game.new(changed, seed=1, players=4)  # a setup the engine accepts
            for option, value in options.items():
                got = getattr(changed.options, option)
                assert (list(got) if isinstance(got, tuple) else got) == value


def test_an_unknown_preset_is_refused() -> None:
    with pytest.raises(KeyError):
        preset_options(Edition.load("2003"), "wild")


def test_the_options_api_sends_each_editions_presets_and_cards(server: ServerThread) -> None:
    data = httpx.get(f"{server.url}/api/options").json()
    for info in data["editions"]:
        edition = Edition.load(info["name"])
        assert info["presets"] == presets(edition)
        assert info["cards"] == deck_cards(edition)
    cards = {c["kind"]: c for c in data["editions"][0]["cards"]}
    assert cards["number"] == {"kind": "number", "count": 72, "points": None}
    assert cards["trade_hands"] == {"kind": "trade_hands", "count": 4, "points": 30}
    assert sum(c["count"] for c in data["editions"][0]["cards"]) == 112
    mega = {c["kind"]: c["points"] for c in data["editions"][2]["cards"]}
    assert mega["hit2"] == 40  # RULINGS A11


def test_a_table_takes_each_preset_as_the_page_sends_it(server: ServerThread) -> None:
    for name in EDITIONS:
        for preset in presets(Edition.load(name)):
            body = {"edition": name, "options": wire(preset["options"]), "host_name": "Ann"}
            response = httpx.post(f"{server.url}/api/tables", json=body)
            assert response.status_code == 201, (name, preset, response.text)
            table = httpx.get(f"{server.url}/api/tables/{response.json()['code']}").json()
            assert {k: table["options"][k] for k in preset["options"]} == wire(preset["options"])


def test_every_preset_is_named_and_explained_in_both_languages() -> None:
    words = page_words()
    for lang in ("en", "fr"):
        for preset in (*PRESET_NAMES, "custom"):
            assert words[lang][f"preset.{preset}"]
            help_ = words[lang][f"preset.{preset}.help"]
            assert help_.endswith(".") and help_.count(". ") == 0, (lang, preset)


# How each preset's help says each house rule it changes (in any edition), in English
# and French; Classic changes none.
PRESET_SAYS: dict[str, dict[str, tuple[str, str]]] = {
    "classic": {},
    "family": {
        "uno_penalty_presses": ("a forgotten UNO costs one press", "un UNO oublié coûte un appui"),
        "stop_after_fire": (
            "pressing stops once cards come out",
            "on arrête d'appuyer dès que des cartes sortent",
        ),
        "last_card_effects": (
            "a last card ends the hand without more presses",
            "une dernière carte termine la manche sans autres appuis",
        ),
        "may_go_out_on_trade_hands": (
            "you may go out on a Trade Hands",
            "on peut sortir sur un Échange de mains",
        ),
    },
    "chaos": {
        "uno_penalty_presses": (
            "a forgotten UNO costs four presses",
            "un UNO oublié coûte quatre appuis",
        ),
        "stacking": ("Hit cards stack", "les cartes Appuyer s'empilent"),
        "allow_stack_after_out": (
            "even when a player goes out on one",
            "même quand un joueur sort sur l'une d'elles",
        ),
        "stop_after_fire": ("every press is made", "tous les appuis se font"),
        "e2_extra_card_all_counts": (
            "a Skip or a Reverse lets you play again",
            "un Passer ou une Inversion fait rejouer",
        ),
        "wild_custom_effect": (
            "a Wild Customizable makes everyone else press once",
            "une carte blanche personnalisable fait appuyer une fois tous les autres",
        ),
        "may_go_out_on_trade_hands": (
            "you may go out on a Trade Hands",
            "on peut sortir sur un Échange de mains",
        ),
    },
}


def test_each_presets_help_says_every_rule_the_preset_changes_in_both_languages() -> None:
    assert set(PRESET_SAYS) == set(PRESET_NAMES)
    words = page_words()
    for preset, says in PRESET_SAYS.items():
        changed = set().union(*(preset_options(Edition.load(name), preset) for name in EDITIONS))
        assert changed == set(says), preset
        for option, phrases in says.items():
            for lang, phrase in zip(("en", "fr"), phrases, strict=True):
                assert phrase in words[lang][f"preset.{preset}.help"], (lang, preset, option)
