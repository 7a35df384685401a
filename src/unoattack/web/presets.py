"""House-rule presets the home page offers in one choice: Classic, Family and Chaos.

A preset is data: the house rules it changes from the edition's own values. The same
wishes are written once for every edition, and each edition's preset keeps only the
options that apply to it (:func:`unoattack.web.house_rules.house_rules`: read from its
deck) and that differ from its rulebook, so a preset never names an option the chosen
edition does not offer. The page fills the form from a preset; what it sends back is
validated like any house rule.

- **Classic**: the rulebook as printed (no change).
- **Family**: gentler: a forgotten UNO costs one press, a player stops pressing as soon
  as cards come out, a last card ends the hand without making anyone press, and a
  Trade Hands may be played as a last card.
- **Chaos**: every fun option on: Hit cards stack (even after a player goes out), a
  Skip or a Reverse lets its player play again, every press owed is made, a forgotten
  UNO costs four presses, a Wild Customizable makes everybody else press once, and a
  Trade Hands may end a hand.

>>> from unoattack.rules import Edition
>>> [p["name"] for p in presets(Edition.load("2003"))]
['classic', 'family', 'chaos']
>>> presets(Edition.load("2003"))[0]["options"]
{}
"""

from __future__ import annotations

from typing import Any

from unoattack.rules.edition import Edition
from unoattack.web.house_rules import house_rules

#: Each preset's wishes, for any edition: option -> value (a list for a list option).
#: ``last_card_effects`` set to ``all`` means every effect the edition's table can meet.
WISHES: dict[str, dict[str, Any]] = {
    "classic": {},
    "family": {
        "uno_penalty_presses": 1,
        "stop_after_fire": "always",
        "fr_stop_on_fire_scope": "all",
        "last_card_effects": [],
        "may_go_out_on_trade_hands": True,
    },
    "chaos": {
        "uno_penalty_presses": 4,
        "stacking": True,
        "allow_stack_after_out": True,
        "stop_after_fire": "never",
        "e2_extra_card_all_counts": True,
        "wild_custom_effect": "all_hit",
        "last_card_effects": "all",
        "may_go_out_on_trade_hands": True,
    },
}
PRESET_NAMES: tuple[str, ...] = tuple(WISHES)


def _effect(value: Any) -> Any:
    """A Wild Customizable's effect without its presses (``hit:2`` -> ``hit``)."""
    return str(value).split(":")[0] if isinstance(value, str) else value


def _holds(needs: dict[str, list[Any]], values: dict[str, Any], offered: set[str]) -> bool:
    """Whether every option ``needs`` names is offered and has one of its values."""
    return all(
        name in offered and _effect(values.get(name)) in wanted for name, wanted in needs.items()
    )


def preset_options(edition: Edition, name: str) -> dict[str, Any]:
    """The house rules preset ``name`` changes for ``edition``: only options that apply
    to it (given the preset's other values), and only where they differ from the
    edition's own values. Raises KeyError for an unknown preset."""
    wishes = WISHES[name]
    rules = house_rules(edition)
    offered = {rule["name"] for rule in rules}
    values: dict[str, Any] = {rule["name"]: rule["default"] for rule in rules}
    for rule in rules:
        if rule["name"] in wishes:
            values[rule["name"]] = wishes[rule["name"]]
    # A list option keeps the items the table can meet with these values.
    for rule in rules:
        if rule["type"] != "effects":
            continue
        meets = [c["value"] for c in rule["choices"] if _holds(c["needs"], values, offered)]
        wanted = values[rule["name"]]
        values[rule["name"]] = meets if wanted == "all" else [e for e in meets if e in wanted]
    options: dict[str, Any] = {}
    for rule in rules:
        name_ = rule["name"]
        if name_ not in wishes or not _holds(rule["needs"], values, offered):
            continue
        default = rule["default"]
        if rule["type"] == "effects":
            default = [e for e in default if e in {c["value"] for c in rule["choices"]}]
            default = [c for c in default if _holds(_needs_of(rule, c), values, offered)]
        if values[name_] != default:
            options[name_] = values[name_]
    return options


def _needs_of(rule: dict[str, Any], value: str) -> dict[str, list[Any]]:
    needs: dict[str, list[Any]] = next(c["needs"] for c in rule["choices"] if c["value"] == value)
    return needs


def presets(edition: Edition) -> list[dict[str, Any]]:
    """The presets of ``edition``, in the page's order: ``name`` and ``options`` (the
    house rules it changes, as :func:`preset_options`)."""
    return [{"name": name, "options": preset_options(edition, name)} for name in PRESET_NAMES]
