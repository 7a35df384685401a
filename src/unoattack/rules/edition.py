"""Editions as data: deck composition, card points and rule options.

Each edition is a TOML file in ``unoattack/rules/editions``. A user can load their
own file, or take a shipped edition and override single options (house rules):

>>> ed = Edition.load("mega-hit")
>>> ed.deck.size, ed.options.stacking, ed.points[Kind.HIT2]
(112, True, 40)
>>> ed.with_options({"stacking": "off"}).options.stacking
False
>>> Edition.load("2003").with_options({"stackin": True})
Traceback (most recent call last):
...
unoattack.rules.edition.EditionError: unknown option 'stackin': did you mean 'stacking'? ...
"""

from __future__ import annotations

import difflib
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from unoattack.rules.cards import (
    CARD_TABLE,
    FACES,
    NUMBERS,
    Card,
    Colour,
    Effect,
    Kind,
    is_digits,
)


class EditionError(ValueError):
    """An edition file, or an option given for one, is not valid."""


#: The key of each effect a card can have (:class:`unoattack.rules.cards.Effect`).
EFFECTS: tuple[str, ...] = tuple(effect.key for effect in Effect)
#: Launcher effects of a last card that can be carried out after a player goes out.
LAUNCHER_EFFECTS: tuple[str, ...] = tuple(effect.key for effect in Effect if effect.launcher)
#: The menu of effects a Wild Customizable may be given (RULINGS A40): a plain wild, or
#: an effect, with its number of presses when it takes one.
WILD_CUSTOM_EFFECTS: tuple[str, ...] = tuple(
    "plain_wild" if effect is Effect.NONE else f"{effect.key}:N" if effect.counted else effect.key
    for effect in Effect
    if effect.customizable
)
#: The presses a counted effect written on a Wild Customizable may take (``hit:N``).
WILD_CUSTOM_PRESSES: tuple[int, int] = (1, 10)
_COUNTED = tuple(effect.key for effect in Effect if effect.counted)
SCORING_MODES = ("first_to_500", "running_total_lowest_wins", "challenge")


@dataclass(frozen=True, slots=True)
class Options:
    """Every rule switch that differs between editions or can be a house rule.

    Names follow RULINGS.md §4 where it names them. Defaults are those of the 2003
    edition; each edition file sets its own.
    """

    #: Méga appuyer (RULINGS R37): a player facing a Hit card may stack any Hit card.
    stacking: bool = False
    #: May an obligation to press N times end after the first press that yields cards
    #: (R17)? ``never`` (every press is made), ``always`` (it stops by itself, the
    #: rulings' default policy), ``choose`` (the presser decides each time).
    stop_after_fire: str = "never"
    #: Which obligations ``stop_after_fire`` covers (A10): ``all`` or ``hit_cards``.
    fr_stop_on_fire_scope: str = "all"
    #: With two players, Reverse acts as a Skip and Skip gives an extra turn (R75, R76).
    two_player_rules: bool = True
    #: The literal E2 text: an extra turn after Skip/Reverse with any player count (A02).
    e2_extra_card_all_counts: bool = False
    #: Where play resumes after an attack card (R28, A05).
    attack_resume: str = "second_from_attacker"
    #: E3: may the player facing a pile stack after the hand has ended (A45)?
    allow_stack_after_out: bool = False
    #: The effect written on a Wild Customizable (R29, A40): see WILD_CUSTOM_EFFECTS.
    wild_custom_effect: str = "plain_wild"
    #: Launcher effects of a last card still carried out when a player goes out (R64).
    last_card_effects: tuple[str, ...] = LAUNCHER_EFFECTS
    #: May a player go out on a Trade Hands card? The 2003 rulebook says no (R31).
    may_go_out_on_trade_hands: bool = False
    #: Presses for being caught without saying UNO (R58).
    uno_penalty_presses: int = 2
    #: Presses for suggesting a card to another player (R63).
    suggestion_penalty_presses: int = 4
    #: Cards dealt to each player (R06).
    hand_size: int = 7
    #: Discard-pile size that triggers a reshuffle after a play (R19); ``None``: only
    #: when the launcher is empty (the default of A30).
    reshuffle_threshold: int | None = None
    #: ``first_to_500``, ``running_total_lowest_wins`` or ``challenge`` (R72–R74).
    scoring_mode: str = "first_to_500"
    #: Points that win (first_to_500), end (running total) or eliminate (challenge).
    target_score: int = 500

    @property
    def wild_custom(self) -> tuple[str, int]:
        """The Wild Customizable's effect as (effect key, presses)."""
        name, _, count = self.wild_custom_effect.partition(":")
        if name == "plain_wild":
            return ("none", 0)
        return (name, int(count) if count else 0)

    @property
    def wild_custom_kind(self) -> tuple[Effect, int]:
        """The Wild Customizable's effect as (:class:`Effect`, presses)."""
        name, presses = self.wild_custom
        return Effect.from_key(name), presses


#: The allowed values of each option that takes a word.
OPTION_CHOICES: dict[str, tuple[str, ...]] = {
    "stop_after_fire": ("never", "always", "choose"),
    "fr_stop_on_fire_scope": ("all", "hit_cards"),
    "attack_resume": ("second_from_attacker", "next_unless_target_is_next"),
    "scoring_mode": SCORING_MODES,
}
#: The allowed range of each option that takes a whole number.
OPTION_RANGES: dict[str, tuple[int, int]] = {
    "uno_penalty_presses": (0, 20),
    "suggestion_penalty_presses": (0, 20),
    "hand_size": (1, 10),
    "target_score": (1, 1_000_000),
}
OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in fields(Options))
# RULINGS §4 names the Challenge game's limit separately; it is the same number.
_ALIASES = {"challenge_limit": "target_score"}
_BOOL_WORDS = {
    "true": True,
    "on": True,
    "yes": True,
    "1": True,
    "false": False,
    "off": False,
    "no": False,
    "0": False,
}


def _allowed(name: str) -> str:
    default = getattr(Options(), name)
    if name in OPTION_CHOICES:
        return "one of " + ", ".join(OPTION_CHOICES[name])
    if name == "wild_custom_effect":
        low, high = WILD_CUSTOM_PRESSES
        return "one of " + ", ".join(WILD_CUSTOM_EFFECTS) + f" (N from {low} to {high})"
    if name == "last_card_effects":
        return "a list drawn from " + ", ".join(LAUNCHER_EFFECTS)
    if name == "reshuffle_threshold":
        return "none, or a discard-pile size from 2 to 112"
    if isinstance(default, bool):
        return "true or false"
    low, high = OPTION_RANGES[name]
    return f"a whole number from {low} to {high}"


def _coerce(name: str, value: Any) -> Any:
    """Turn a value from a file or the command line into the option's type, or raise."""
    default = getattr(Options(), name)
    bad = EditionError(f"option {name!r} got {value!r}: allowed values are {_allowed(name)}")
    if name == "reshuffle_threshold":
        if value is None or (isinstance(value, str) and value.lower() in ("none", "")):
            return None
        number = _as_int(value, bad)
        if not 2 <= number <= 112:
            raise bad
        return number
    if name == "last_card_effects":
        items = value.split(",") if isinstance(value, str) else value
        if not isinstance(items, list | tuple):
            raise bad
        items = tuple(str(item).strip() for item in items if str(item).strip())
        if any(item not in LAUNCHER_EFFECTS for item in items):
            raise bad
        return items
    if name == "wild_custom_effect":
        text = str(value).strip()
        effect, _, count = text.partition(":")
        if effect in _COUNTED:
            low, high = WILD_CUSTOM_PRESSES
            if not is_digits(count) or not low <= int(count) <= high:
                raise bad
        elif count or effect not in WILD_CUSTOM_EFFECTS:
            raise bad
        return text
    if isinstance(default, bool):
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in _BOOL_WORDS:
            return _BOOL_WORDS[value.strip().lower()]
        raise bad
    if isinstance(default, int):
        number = _as_int(value, bad)
        low, high = OPTION_RANGES[name]
        if not low <= number <= high:
            raise bad
        return number
    text = str(value).strip()
    if text not in OPTION_CHOICES[name]:
        raise bad
    return text


def _as_int(value: Any, error: EditionError) -> int:
    if isinstance(value, bool):
        raise error
    if isinstance(value, int):
        return value
    if isinstance(value, str) and is_digits(value.strip().removeprefix("-")):
        return int(value)
    raise error


def parse_options(overrides: Mapping[str, Any], base: Options | None = None) -> Options:
    """Apply option overrides to ``base`` (default options), validating each one."""
    base = base or Options()
    changes: dict[str, Any] = {}
    for name, value in overrides.items():
        name = _ALIASES.get(name, name)
        if name not in OPTION_NAMES:
            close = difflib.get_close_matches(name, OPTION_NAMES, n=1)
            hint = f"did you mean {close[0]!r}? " if close else ""
            raise EditionError(
                f"unknown option {name!r}: {hint}known options are " + ", ".join(OPTION_NAMES)
            )
        changes[name] = _coerce(name, value)
    return replace(base, **changes)


@dataclass(frozen=True, slots=True)
class Deck:
    """The cards of an edition: card id -> face. Ids run 0..size-1 in a fixed order."""

    faces: tuple[Card, ...]

    @property
    def size(self) -> int:
        return len(self.faces)

    def count(self, card: Card) -> int:
        return sum(1 for f in self.faces if f == card)


# Deck keys in edition files: coloured kinds count per colour, wilds count in total.
_COLOURED_KEYS = {r.key: r.kind for r in CARD_TABLE if not r.wild and r.kind is not Kind.NUMBER}
_WILD_KEYS = {r.key: r.kind for r in CARD_TABLE if r.wild}
#: Points of each kind a deck does not price, from the card table: the 2003 values
#: (RULINGS §1.2), and 50 for most wilds (numbers score face value).
DEFAULT_POINTS: dict[Kind, int] = {
    row.kind: row.points for row in CARD_TABLE if row.points is not None
}
POINT_KEYS = ("number", *_COLOURED_KEYS, *_WILD_KEYS)


@dataclass(frozen=True, slots=True)
class Edition:
    """An edition: name, title, description, deck, points per kind and options.

    ``titles`` holds the title in other languages (language code -> title), for the
    front-ends to name the edition in their language; ``title`` is the English one.
    ``descriptions`` does the same for ``description``.

    >>> Edition.load("2010").title_in("fr")
    'UNO Attack! (édition ultérieure)'
    >>> Edition.load("2003").title_in("fr")  # a name, the same in every language
    'UNO Attack! (2003)'
    >>> Edition.load("mega-hit").description_in("fr")[:43]
    'Appuyer 1 fois, Appuyer 2 fois (40 points) '

    ``options_set`` names the options the edition's data sets, in the order of
    :class:`Options`: the ones that matter for this edition (a 2003 table has no attack
    card, so no ``attack_resume``), which a front-end offers as its house rules.

    >>> Edition.load("2003").options_set[:3]
    ('stacking', 'stop_after_fire', 'two_player_rules')
    >>> "attack_resume" in Edition.load("2003").options_set
    False
    """

    name: str
    title: str
    description: str
    sources: tuple[str, ...]
    deck: Deck
    points: Mapping[Kind, int]  # points per kind; numbers score face value (-1 here)
    options: Options
    differences: tuple[str, ...] = ()
    options_set: tuple[str, ...] = ()
    titles: Mapping[str, str] = field(default_factory=dict)
    descriptions: Mapping[str, str] = field(default_factory=dict)

    def title_in(self, lang: str) -> str:
        """The title in language ``lang`` (``en``, ``fr``): the English one unless the
        edition's data gives another."""
        return self.titles.get(lang, self.title)

    def description_in(self, lang: str) -> str:
        """The description in language ``lang``: the English one unless the edition's
        data gives another."""
        return self.descriptions.get(lang, self.description)

    def card_points(self, card: Card) -> int:
        """Points a card left in hand is worth (R71)."""
        if card.kind is Kind.NUMBER:
            assert card.number is not None
            return card.number
        return self.points[card.kind]

    def with_options(self, overrides: Mapping[str, Any]) -> Edition:
        """This edition with some options changed (house rules)."""
        return replace(self, options=parse_options(overrides, self.options))

    def to_dict(self) -> dict[str, Any]:
        """The edition as data that :meth:`from_dict` reads back (used by records)."""
        deck: dict[str, int] = {}
        for kind in Kind:
            copies = [f for f in self.deck.faces if f.kind is kind]
            if kind is Kind.NUMBER:
                deck["numbers_per_colour"] = len(copies) // (len(Colour) * len(NUMBERS))
            elif kind.is_wild:
                deck[kind.key] = len(copies)
            else:
                deck[kind.key] = len(copies) // 4
        options: dict[str, Any] = {}
        for f in fields(Options):
            value = getattr(self.options, f.name)
            if value is None:
                continue
            options[f.name] = list(value) if isinstance(value, tuple) else value
        titles = {"titles": dict(self.titles)} if self.titles else {}
        descriptions = {"descriptions": dict(self.descriptions)} if self.descriptions else {}
        return {
            "name": self.name,
            "title": self.title,
            **titles,
            "description": self.description,
            **descriptions,
            "sources": list(self.sources),
            "differences": list(self.differences),
            "deck": {k: v for k, v in deck.items() if v},
            "points": {"number": "face", **{k.key: v for k, v in self.points.items()}},
            "options": options,
        }

    @classmethod
    def load(cls, name_or_path: str | Path) -> Edition:
        """Load a shipped edition by name (``2003``, ``2010``, ``mega-hit``) or a TOML file."""
        text_name = str(name_or_path)
        if text_name in EDITION_NAMES:
            return _shipped(text_name)
        path = Path(name_or_path)
        if path.suffix != ".toml" and not path.exists():
            raise EditionError(
                f"unknown edition {text_name!r}: choose one of {', '.join(EDITION_NAMES)} "
                "or give the path of an edition .toml file"
            )
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise EditionError(f"cannot read edition file {text_name}: {exc.strerror}") from None
        except UnicodeDecodeError:
            raise EditionError(f"edition file {text_name} is not UTF-8 text") from None
        return cls.from_toml(text, source=str(path))

    @classmethod
    def from_toml(cls, text: str, source: str = "<edition>") -> Edition:
        """Build an edition from the text of an edition file."""
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise EditionError(f"{source}: not valid TOML: {exc}") from None
        return cls.from_dict(data, source)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], source: str = "<edition>") -> Edition:
        known = {
            "name",
            "title",
            "titles",
            "description",
            "descriptions",
            "sources",
            "differences",
            "deck",
            "points",
            "options",
        }
        for key in data:
            if key not in known:
                raise EditionError(
                    f"{source}: unknown field {key!r}: allowed fields are "
                    + ", ".join(sorted(known))
                )
        name = data.get("name")
        if not isinstance(name, str) or not name:
            raise EditionError(f"{source}: field 'name' must be a non-empty string")
        deck_data = data.get("deck")
        if not isinstance(deck_data, Mapping):
            raise EditionError(f"{source}: field 'deck' must be a table of card counts")
        deck = _build_deck(deck_data, source)
        points = _read_points(data.get("points", {}), deck, source)
        options_data = data.get("options", {})
        if not isinstance(options_data, Mapping):
            raise EditionError(f"{source}: field 'options' must be a table")
        try:
            options = parse_options(options_data)
        except EditionError as exc:
            raise EditionError(f"{source}: {exc}") from None
        texts = {}
        for key in ("title", "description"):
            value = data.get(key, name if key == "title" else "")
            if not isinstance(value, str):
                raise EditionError(f"{source}: field {key!r} must be a string")
            texts[key] = value
        translations = {}
        for key, what in (("titles", "title"), ("descriptions", "description")):
            table = data.get(key, {})
            if not isinstance(table, Mapping) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in table.items()
            ):
                raise EditionError(f"{source}: field {key!r} must be a table of language = {what}")
            translations[key] = dict(table)
        lists = {}
        for key in ("sources", "differences"):
            value = data.get(key, [])
            if not isinstance(value, list | tuple) or not all(isinstance(s, str) for s in value):
                raise EditionError(f"{source}: field {key!r} must be a list of strings")
            lists[key] = tuple(value)
        return cls(
            name=name,
            title=texts["title"],
            titles=translations["titles"],
            description=texts["description"],
            descriptions=translations["descriptions"],
            sources=lists["sources"],
            deck=deck,
            points=points,
            options=options,
            differences=lists["differences"],
            options_set=tuple(
                name
                for name in OPTION_NAMES
                if any(_ALIASES.get(key, key) == name for key in options_data)
            ),
        )


def _build_deck(deck_data: Mapping[str, Any], source: str) -> Deck:
    faces: list[Card] = []
    allowed = ("numbers_per_colour", *_COLOURED_KEYS, *_WILD_KEYS)
    for key, value in deck_data.items():
        if key not in allowed:
            raise EditionError(
                f"{source}: deck.{key} is not a card kind: allowed keys are " + ", ".join(allowed)
            )
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 20:
            raise EditionError(f"{source}: deck.{key} must be a whole number from 0 to 20")
    per_number = deck_data.get("numbers_per_colour", 0)
    for face in FACES:
        if face.kind is Kind.NUMBER:
            faces.extend([face] * per_number)
        elif face.is_wild:
            faces.extend([face] * deck_data.get(face.kind.key, 0))
        else:
            faces.extend([face] * deck_data.get(face.kind.key, 0))
    # Sort by face so that copies of a face have consecutive ids.
    faces.sort(key=lambda f: f.index)
    if not 2 * 7 + 2 <= len(faces) <= 400:
        raise EditionError(f"{source}: the deck has {len(faces)} cards; it needs 16 to 400")
    if not any(f.kind is Kind.NUMBER for f in faces):
        raise EditionError(f"{source}: the deck needs number cards to choose a dealer (R04)")
    return Deck(tuple(faces))


def _read_points(points_data: Any, deck: Deck, source: str) -> Mapping[Kind, int]:
    if not isinstance(points_data, Mapping):
        raise EditionError(f"{source}: field 'points' must be a table")
    for key, value in points_data.items():
        if key not in POINT_KEYS:
            raise EditionError(
                f"{source}: points.{key} is not a card kind: allowed keys are "
                + ", ".join(POINT_KEYS)
            )
        if key == "number":
            if value != "face":
                raise EditionError(f'{source}: points.number must be "face" (face value)')
        elif isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 1000:
            raise EditionError(f"{source}: points.{key} must be a whole number from 0 to 1000")
    result: dict[Kind, int] = {}
    for kind in Kind:
        if kind is Kind.NUMBER:
            continue
        value = points_data.get(kind.key)
        result[kind] = value if value is not None else DEFAULT_POINTS[kind]
    return result


EDITION_NAMES: tuple[str, ...] = ("2003", "2010", "mega-hit")


@cache
def _shipped(name: str) -> Edition:
    """A shipped edition, read once: editions are immutable values."""
    data = resources.files("unoattack.rules.editions").joinpath(f"{name}.toml")
    return Edition.from_toml(data.read_text(encoding="utf-8"), source=name)
