"""Actions: small frozen values with a stable integer encoding and a readable string form.

>>> a = Action.parse("play WAA R @2 uno")
>>> a
Action.parse('play WAA R @2 uno')
>>> Action.from_code(a.code) == a, Action.parse("press").code
(True, 0)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, Final

from unoattack.rules.cards import FACES, Card, Colour, is_digits

MAX_SEATS: Final = 10


class ActionKind(IntEnum):
    PRESS = 0  # press the launcher once (a turn's press, or one press of an obligation)
    STOP = 1  # stop pressing once the launcher has yielded cards (R17, option "choose")
    SAY_UNO = 2  # out of turn: the liable player calls UNO (self-catch, R59)
    CHOOSE_COLOUR = 3  # name the colour of a wild start card (R47, A26)
    CATCH = 4  # out of turn: catch a player who did not call UNO (R58, R60, R61)
    PENALIZE = 5  # referee: a player suggested a card (R63, A41)
    PLAY = 6  # play a card (with a colour for wilds, a target where the card needs one)


@dataclass(frozen=True, slots=True, eq=False)
class Action:
    """One decision. ``target`` is an absolute seat number; ``uno`` says UNO with the play.

    Two actions are equal when their codes are; building one that can never be legal
    (say, a wild without a colour) raises ``ValueError``.
    """

    kind: ActionKind
    card: Card | None = None
    colour: Colour | None = None
    target: int | None = None
    uno: bool = False
    code: int = field(default=-1, compare=False, repr=False, hash=False)

    def __post_init__(self) -> None:
        if self.code < 0:
            key = (self.kind, self.card, self.colour, self.target, self.uno)
            if key not in _INDEX:
                raise ValueError(f"no such action: {key}")
            object.__setattr__(self, "code", _INDEX[key])

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Action):
            return self.code == other.code
        return NotImplemented

    def __hash__(self) -> int:
        return self.code

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        # Pickled and copied as its code: the one Action of that code comes back (and a
        # compiled build, whose frozen dataclasses cannot be filled in, copies it too).
        return Action.from_code, (self.code,)

    @staticmethod
    def from_code(code: int) -> Action:
        """The action with this integer code."""
        if not 0 <= code < len(ACTIONS):
            raise ValueError(f"action code {code} is out of range 0..{len(ACTIONS) - 1}")
        return ACTIONS[code]

    @staticmethod
    def parse(text: str) -> Action:
        """Parse the string form: ``press``, ``stop``, ``uno``, ``colour R``, ``catch 2``,
        ``penalize 1``, ``play R7``, ``play W G``, ``play Y-TH @1 uno``, ``play WAA R @2``.
        """
        words = text.split()
        if not words:
            raise ValueError("empty action: try 'press', 'play R7' or 'play W G'")
        verb, rest = words[0].lower(), words[1:]
        try:
            if verb in ("press", "stop", "uno") and not rest:
                kind = {
                    "press": ActionKind.PRESS,
                    "stop": ActionKind.STOP,
                    "uno": ActionKind.SAY_UNO,
                }[verb]
                return ACTIONS[_INDEX[(kind, None, None, None, False)]]
            if verb in ("colour", "color") and len(rest) == 1:
                key = (ActionKind.CHOOSE_COLOUR, None, Colour.parse(rest[0]), None, False)
                return ACTIONS[_INDEX[key]]
            if verb in ("catch", "penalize") and len(rest) == 1:
                kind = ActionKind.CATCH if verb == "catch" else ActionKind.PENALIZE
                return ACTIONS[_INDEX[(kind, None, None, _seat(rest[0]), False)]]
            if verb == "play" and rest:
                card = Card.parse(rest[0])
                colour: Colour | None = None
                target: int | None = None
                uno = False
                for word in rest[1:]:
                    if word.lower() == "uno":
                        uno = True
                    elif word.startswith("@"):
                        target = _seat(word[1:])
                    else:
                        colour = Colour.parse(word)
                return ACTIONS[_INDEX[(ActionKind.PLAY, card, colour, target, uno)]]
        except KeyError:
            pass
        raise ValueError(
            f"not an action: {text!r}: write press, stop, uno, colour R, catch 2, penalize 1, "
            "play R7, play W G (a wild names a colour), play Y-TH @1 (a target seat)"
        )

    def __str__(self) -> str:
        kind = self.kind
        if kind is ActionKind.PLAY:
            parts = ["play", str(self.card)]
            if self.colour is not None:
                parts.append(self.colour.letter)
            if self.target is not None:
                parts.append(f"@{self.target}")
            if self.uno:
                parts.append("uno")
            return " ".join(parts)
        if kind is ActionKind.CHOOSE_COLOUR:
            assert self.colour is not None
            return f"colour {self.colour.letter}"
        if kind is ActionKind.CATCH:
            return f"catch {self.target}"
        if kind is ActionKind.PENALIZE:
            return f"penalize {self.target}"
        return {ActionKind.PRESS: "press", ActionKind.STOP: "stop", ActionKind.SAY_UNO: "uno"}[kind]

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


def _seat(text: str) -> int:
    text = text.upper().removeprefix("P")
    if not is_digits(text) or not 0 <= int(text) < MAX_SEATS:
        raise KeyError(text)
    return int(text)


def always_targeted(card: Card) -> bool:
    """Whether every play of ``card`` names a target: a coloured card whose effect is
    targeted (Trade Hands). A wild's plays may or may not, depending on its effect."""
    effect = card.kind.effect
    return not card.is_wild and effect is not None and effect.targeted


_INDEX: Final[dict[tuple[object, ...], int]] = {}


def _build() -> tuple[tuple[Action, ...], dict[tuple[object, ...], int]]:
    """Enumerate every action in a fixed order. The order is the encoding: never reorder."""
    keys: list[tuple[ActionKind, Card | None, Colour | None, int | None, bool]] = [
        (ActionKind.PRESS, None, None, None, False),
        (ActionKind.STOP, None, None, None, False),
        (ActionKind.SAY_UNO, None, None, None, False),
    ]
    keys += [(ActionKind.CHOOSE_COLOUR, None, c, None, False) for c in Colour]
    keys += [(ActionKind.CATCH, None, None, s, False) for s in range(MAX_SEATS)]
    keys += [(ActionKind.PENALIZE, None, None, s, False) for s in range(MAX_SEATS)]
    for card in FACES:
        if card.is_wild:
            # Any wild may need a target (Attack-Attack, or a Wild Customizable whose
            # table-written effect targets a player), so every wild has target slots.
            for colour in Colour:
                for target in (None, *range(MAX_SEATS)):
                    for uno in (False, True):
                        keys.append((ActionKind.PLAY, card, colour, target, uno))
        elif always_targeted(card):
            for target in range(MAX_SEATS):
                for uno in (False, True):
                    keys.append((ActionKind.PLAY, card, None, target, uno))
        else:
            for uno in (False, True):
                keys.append((ActionKind.PLAY, card, None, None, uno))
    actions = tuple(
        Action(k, card, colour, target, uno, code)
        for code, (k, card, colour, target, uno) in enumerate(keys)
    )
    return actions, {key: code for code, key in enumerate(keys)}


_BUILT = _build()
ACTIONS: Final = _BUILT[0]
_INDEX.update(_BUILT[1])
#: Number of distinct actions; codes run 0..NUM_ACTIONS-1.
NUM_ACTIONS: Final = len(ACTIONS)
PRESS: Final = ACTIONS[0]
STOP: Final = ACTIONS[1]
SAY_UNO: Final = ACTIONS[2]


def choose_colour(colour: Colour) -> Action:
    return ACTIONS[_INDEX[(ActionKind.CHOOSE_COLOUR, None, colour, None, False)]]


def catch(seat: int) -> Action:
    return ACTIONS[_INDEX[(ActionKind.CATCH, None, None, seat, False)]]


def penalize(seat: int) -> Action:
    return ACTIONS[_INDEX[(ActionKind.PENALIZE, None, None, seat, False)]]


def play(
    card: Card | str,
    colour: Colour | str | None = None,
    target: int | None = None,
    uno: bool = False,
) -> Action:
    """The action of playing ``card``; raises ``ValueError`` for a combination that
    can never be legal (a colour on a non-wild, no colour on a wild)."""
    if isinstance(card, str):
        card = Card.parse(card)
    if isinstance(colour, str):
        colour = Colour.parse(colour)
    try:
        return ACTIONS[_INDEX[(ActionKind.PLAY, card, colour, target, uno)]]
    except KeyError:
        if card.is_wild and colour is None:
            raise ValueError(f"playing {card} needs a colour: R, Y, G or B") from None
        if not card.is_wild and colour is not None:
            raise ValueError(f"{card} is not a wild: it takes no colour") from None
        if always_targeted(card) and target is None:
            raise ValueError(f"playing {card} needs a target seat") from None
        raise ValueError(f"no such action: play {card} colour={colour} target={target}") from None
