"""The house rules a table of an edition may change, as the home page's form offers them.

Which options apply is read from the edition's deck, never from its name: an option
about a kind of effect (attacks, Trade Hands, Skip and Reverse, Hit cards) applies when a
card of the deck has that effect; when only a Wild Customizable could have it, the
option applies once the table writes that effect on the Wild Customizable (``needs``).
An option may also need another option's value (``allow_stack_after_out`` needs
stacking). Options no table of this server can use are left out: the suggestion
penalty, which only a referee gives.

>>> from unoattack.rules import Edition
>>> [rule["name"] for rule in house_rules(Edition.load("2003"))][:4]
['hand_size', 'uno_penalty_presses', 'stacking', 'allow_stack_after_out']
>>> rules = {rule["name"]: rule for rule in house_rules(Edition.load("2010"))}
>>> rules["may_go_out_on_trade_hands"]["needs"]  # no Trade Hands card in its deck
{'wild_custom_effect': ['trade_hands']}
"""

from __future__ import annotations

from typing import Any

from unoattack.rules.cards import Effect, Kind
from unoattack.rules.edition import (
    LAUNCHER_EFFECTS,
    OPTION_CHOICES,
    OPTION_RANGES,
    Edition,
)

#: The effects each option is about: it applies to a deck with a card of one of them.
_EFFECTS: dict[str, tuple[Effect, ...]] = {
    "stacking": tuple(e for e in Effect if e.stackable),
    "allow_stack_after_out": tuple(e for e in Effect if e.stackable),
    "two_player_rules": (Effect.SKIP, Effect.REVERSE),
    "e2_extra_card_all_counts": (Effect.SKIP, Effect.REVERSE),
    "attack_resume": (Effect.ATTACK,),
    "may_go_out_on_trade_hands": (Effect.TRADE_HANDS,),
}
#: Options that only count when another option has one of some values.
_NEEDS: dict[str, dict[str, list[Any]]] = {
    "allow_stack_after_out": {"stacking": [True]},
    "fr_stop_on_fire_scope": {"stop_after_fire": ["always", "choose"]},
}
#: The house rules in the order the form lists them (scoring is the form's own).
ORDER: tuple[str, ...] = (
    "hand_size",
    "uno_penalty_presses",
    "stacking",
    "allow_stack_after_out",
    "stop_after_fire",
    "fr_stop_on_fire_scope",
    "two_player_rules",
    "e2_extra_card_all_counts",
    "attack_resume",
    "wild_custom_effect",
    "may_go_out_on_trade_hands",
    "last_card_effects",
    "reshuffle_threshold",
)
#: The presses a Wild Customizable written ``hit:N`` or ``attack:N`` may take.
CUSTOM_PRESSES = (1, 10)


def _deck_effects(edition: Edition) -> tuple[set[Effect], set[Effect]]:
    """The effects the deck's cards have, and those only a Wild Customizable could have
    (what the table writes on it, option ``wild_custom_effect``)."""
    kinds = {face.kind for face in edition.deck.faces}
    native: set[Effect] = {kind.effect for kind in kinds if kind.effect is not None}
    custom: set[Effect] = set()
    if Kind.WILD_CUSTOM in kinds:
        custom = {e for e in Effect if e.customizable and e is not Effect.NONE}
    return native, custom - native


def _applies(
    effects: tuple[Effect, ...], native: set[Effect], custom: set[Effect]
) -> dict[str, list[Any]] | None:
    """What an option about ``effects`` needs to apply: nothing ({}), a Wild
    Customizable written with one of them, or None when it cannot apply."""
    if not effects or native.intersection(effects):
        return {}
    written = [e.key for e in effects if e in custom]
    return {"wild_custom_effect": written} if written else None


def house_rules(edition: Edition) -> list[dict[str, Any]]:
    """Each option a table of ``edition`` may set, in the form's order: its ``name``,
    ``type`` (``bool``, ``choice``, ``number``, ``effect``, ``effects``, ``threshold``),
    the edition's ``default``, the ``choices`` or ``min``/``max`` it takes, and what it
    ``needs`` to apply (option name → the values that let it apply; for
    ``wild_custom_effect``, the effect before any ``:N``)."""
    native, custom = _deck_effects(edition)
    has_custom = any(face.kind is Kind.WILD_CUSTOM for face in edition.deck.faces)
    defaults = edition.to_dict()["options"]
    rules: list[dict[str, Any]] = []
    for name in ORDER:
        if name == "wild_custom_effect" and not has_custom:
            continue
        needs = _applies(_EFFECTS.get(name, ()), native, custom)
        if needs is None:
            continue
        rule: dict[str, Any] = {"name": name, "default": defaults.get(name)}
        if name == "wild_custom_effect":
            low, high = CUSTOM_PRESSES
            rule["type"] = "effect"
            rule["choices"] = ["plain_wild"] + [
                e.key for e in Effect if e.customizable and e is not Effect.NONE
            ]
            rule["counted"] = [e.key for e in Effect if e.counted]
            rule["min"], rule["max"] = low, high
        elif name == "last_card_effects":
            rule["type"] = "effects"
            rule["choices"] = []
            for key in LAUNCHER_EFFECTS:
                item_needs = _applies((Effect.from_key(key),), native, custom)
                if item_needs is not None:
                    rule["choices"].append({"value": key, "needs": item_needs})
        elif name == "reshuffle_threshold":
            rule["type"] = "threshold"
            rule["min"], rule["max"] = 2, 112
        elif name in OPTION_CHOICES:
            rule["type"] = "choice"
            rule["choices"] = list(OPTION_CHOICES[name])
        elif name in OPTION_RANGES:
            rule["type"] = "number"
            rule["min"], rule["max"] = OPTION_RANGES[name]
        else:
            rule["type"] = "bool"
        rule["needs"] = needs | _NEEDS.get(name, {})
        rules.append(rule)
    return rules


def deck_cards(edition: Edition) -> list[dict[str, Any]]:
    """The kinds of card in ``edition``'s deck, as the page's "How to play" lists them:
    each ``kind`` (its key), how many the deck holds (``count``) and the ``points`` one
    is worth left in a hand (``None`` for numbers: their face value), in card-table order.

    >>> from unoattack.rules import Edition
    >>> deck_cards(Edition.load("2010"))[-1]
    {'kind': 'wild_custom', 'count': 3, 'points': 50}
    """
    counts: dict[Kind, int] = {}
    for face in edition.deck.faces:
        counts[face.kind] = counts.get(face.kind, 0) + 1
    return [
        {
            "kind": kind.key,
            "count": counts[kind],
            "points": None if kind is Kind.NUMBER else edition.points[kind],
        }
        for kind in Kind
        if kind in counts
    ]
