"""The house rules the home page offers for an edition: read from its deck, never from
its name (unoattack.web.house_rules)."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytest.importorskip("fastapi")

from test_refusals import page_words
from unoattack.rules import Edition
from unoattack.web.house_rules import house_rules

#: Every edition offers these, whatever its deck.
EVERYWHERE = [
    "hand_size",
    "uno_penalty_presses",
    "stacking",
    "allow_stack_after_out",
    "stop_after_fire",
    "fr_stop_on_fire_scope",
    "two_player_rules",
    "e2_extra_card_all_counts",
]


def rules_of(edition: Edition) -> dict[str, dict[str, Any]]:
    return {rule["name"]: rule for rule in house_rules(edition)}


def test_2003_offers_trade_hands_but_no_attack_and_no_wild_customizable() -> None:
    rules = rules_of(Edition.load("2003"))
    assert list(rules) == [
        *EVERYWHERE,
        "may_go_out_on_trade_hands",
        "last_card_effects",
        "reshuffle_threshold",
    ]
    assert rules["may_go_out_on_trade_hands"]["needs"] == {}
    effects = rules["last_card_effects"]["choices"]
    assert effects == [
        {"value": "hit", "needs": {}},
        {"value": "all_hit", "needs": {}},
        {"value": "hit_fire", "needs": {}},
    ]


def test_2010_offers_what_its_wild_customizable_may_become_once_written() -> None:
    rules = rules_of(Edition.load("2010"))
    assert list(rules) == [
        *EVERYWHERE,
        "attack_resume",
        "wild_custom_effect",
        "may_go_out_on_trade_hands",
        "last_card_effects",
        "reshuffle_threshold",
    ]
    assert rules["wild_custom_effect"] | {"needs": None} == {
        "name": "wild_custom_effect",
        "type": "effect",
        "default": "plain_wild",
        "choices": [
            "plain_wild",
            "skip",
            "reverse",
            "hit",
            "all_hit",
            "hit_fire",
            "attack",
            "trade_hands",
        ],
        "counted": ["hit", "attack"],
        "min": 1,
        "max": 10,
        "needs": None,
    }
    # No Trade Hands card in the deck: the option counts once the wild is one.
    assert rules["may_go_out_on_trade_hands"]["needs"] == {"wild_custom_effect": ["trade_hands"]}
    assert rules["last_card_effects"]["choices"] == [
        {"value": "hit", "needs": {}},
        {"value": "all_hit", "needs": {"wild_custom_effect": ["all_hit"]}},
        {"value": "hit_fire", "needs": {"wild_custom_effect": ["hit_fire"]}},
        {"value": "attack", "needs": {}},
    ]


def test_mega_hit_stacks_by_default_and_offers_its_attack_but_no_trade_hands() -> None:
    rules = rules_of(Edition.load("mega-hit"))
    assert list(rules) == [*EVERYWHERE, "attack_resume", "last_card_effects", "reshuffle_threshold"]
    assert rules["stacking"] == {"name": "stacking", "type": "bool", "default": True, "needs": {}}
    assert rules["allow_stack_after_out"]["needs"] == {"stacking": [True]}
    assert rules["stop_after_fire"] == {
        "name": "stop_after_fire",
        "type": "choice",
        "default": "always",
        "choices": ["never", "always", "choose"],
        "needs": {},
    }
    assert rules["fr_stop_on_fire_scope"]["needs"] == {"stop_after_fire": ["always", "choose"]}
    assert [c["value"] for c in rules["last_card_effects"]["choices"]] == ["hit", "attack"]


def test_the_deck_decides_not_the_editions_name() -> None:
    # An edition file named like the 2003 one, whose deck has an attack, no Trade Hands,
    # no Skip and no Reverse.
    toml = """
name = "2003"
[deck]
numbers_per_colour = 2
hit2 = 1
wild_attack_attack = 4
"""
    rules = rules_of(Edition.from_toml(toml))
    assert list(rules) == [
        "hand_size",
        "uno_penalty_presses",
        "stacking",
        "allow_stack_after_out",
        "stop_after_fire",
        "fr_stop_on_fire_scope",
        "attack_resume",
        "last_card_effects",
        "reshuffle_threshold",
    ]
    assert [c["value"] for c in rules["last_card_effects"]["choices"]] == ["hit", "attack"]


def test_no_table_here_offers_the_suggestion_penalty_only_a_referee_gives() -> None:
    for name in ("2003", "2010", "mega-hit"):
        assert "suggestion_penalty_presses" not in rules_of(Edition.load(name))


def test_every_house_rule_and_choice_is_in_plain_words_in_both_languages() -> None:
    words = page_words()
    for name in ("2003", "2010", "mega-hit"):
        for rule in house_rules(Edition.load(name)):
            keys = [f"rule.{rule['name']}", f"rule.{rule['name']}.help"]
            if rule["type"] == "choice":
                keys += [f"rule.{rule['name']}.{choice}" for choice in rule["choices"]]
            elif rule["type"] == "effect":
                keys += [f"effect.{choice}" for choice in rule["choices"]]
            elif rule["type"] == "effects":
                keys += [f"last.{choice['value']}" for choice in rule["choices"]]
            for lang in ("en", "fr"):
                for key in keys:
                    text = words[lang].get(key, "")
                    assert text and "_" not in text, (lang, key)
    for lang in ("en", "fr"):
        for key, text in words[lang].items():
            if key.endswith(".help"):
                # One sentence that explains the rule.
                assert text.endswith(".") and text.count(". ") == 0, (lang, key)


def test_the_page_says_everything_in_both_languages_with_the_same_blanks() -> None:
    words = page_words()
    assert words["en"].keys() == words["fr"].keys()
    blank = re.compile(r"{(\w+)}")
    for key, english in words["en"].items():
        assert set(blank.findall(english)) == set(blank.findall(words["fr"][key])), key
    # No "(s)": every count has its singular and its plural.
    assert not [key for lang in words for key, text in words[lang].items() if "(s)" in text]
