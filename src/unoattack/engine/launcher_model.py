"""Launcher models: how the toy behaves, as immutable configuration.

A model says what one press does (an :class:`Outcome`), given the launcher's public
counters and a random stream; :class:`~unoattack.engine.launcher.Launcher` holds what the
toy holds (the stock and the counters) and asks its model at each press. Every model is
written as a one-line spec that round-trips through
:func:`~unoattack.engine.launcher_spec.parse_launcher` (docs/launcher.md derives the
figures):

- ``hazard`` (the default): calibrated on 800 presses of a real launcher; the longer it
  has gone without firing, the likelier it fires.
- ``schedule``: the reported fixed firmware schedule, 34 firings every 96 presses.
- ``memoryless``: every press fires with the same probability.
- ``draw-one``: every press yields exactly one card, like drawing in plain UNO.
- ``scripted``: a given sequence of outcomes, for tests and tutorials.

Every model but ``scripted`` also takes the fault keys ``misfire`` and ``stuck``
(:class:`FaultyModel`).

>>> from unoattack.engine.launcher_spec import parse_launcher
>>> parse_launcher("memoryless:mean=4,p=0.30").spec
'memoryless:p=0.3,mean=4'
"""

from __future__ import annotations

import math
import random
import re
from abc import ABC, abstractmethod
from bisect import bisect_right
from collections.abc import Hashable
from dataclasses import dataclass
from typing import ClassVar

from unoattack.engine.launcher_draws import (
    HAZARD_CARD_PMFS,
    HAZARD_FIRE,
    HAZARD_LAST_STEP,
    HAZARD_MEAN_CARDS,
    binomial_cdf,
    binomial_pmf,
    hazard_cards,
)

__all__ = [
    "DEFAULT_LAUNCHER",
    "DING",
    "LAUNCHER_MODELS",
    "DrawOneModel",
    "FaultyModel",
    "HazardModel",
    "LauncherModel",
    "LauncherSpecError",
    "MemorylessModel",
    "Outcome",
    "ScheduleModel",
    "ScriptedModel",
    "fired",
    "with_faults",
]

#: The model names a spec may start with, in the order the docs present them.
LAUNCHER_MODELS: tuple[str, ...] = ("hazard", "schedule", "memoryless", "draw-one", "scripted")
#: The model a game uses unless told otherwise.
DEFAULT_LAUNCHER = "hazard"


class LauncherSpecError(ValueError):
    """A launcher spec, or a parameter given to a model, is not valid."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one press does, before the launcher caps it to the cards it holds.

    Attributes:
        fired: The mechanism fired (the toy dings several times). False means a single
            ding: nothing fired.
        cards: Cards that shoot out; 0 for a ding or a misfire (fired, nothing came out).
        stuck: Cards left sticking out of the launcher; they go to the presser too (R16).
    """

    fired: bool
    cards: int
    stuck: int = 0

    def __post_init__(self) -> None:
        if self.cards < 0 or self.stuck < 0 or (self.cards and not self.fired):
            raise ValueError(
                f"impossible outcome {self!r}: counts must be >= 0, and cards only shoot "
                "out when the launcher fired"
            )

    @property
    def total(self) -> int:
        """Cards the presser receives: fired plus stuck (A31: stuck cards count)."""
        return self.cards + self.stuck


# Outcomes are values, so the common ones are built once: a press then allocates nothing
# but the list of yielded card ids.
#: A ding: the press fired nothing (the one shared value).
DING = Outcome(fired=False, cards=0)
_MISFIRED = Outcome(fired=True, cards=0)
_FIRED = tuple(Outcome(fired=True, cards=count) for count in range(64))


def fired(count: int) -> Outcome:
    """The outcome of a firing that shoots ``count`` cards (shared values)."""
    return _FIRED[count] if count < len(_FIRED) else Outcome(fired=True, cards=count)


class LauncherModel(ABC):
    """How the toy behaves: immutable configuration; all mutable state lives in Launcher.

    A model only decides what a press would do; the :class:`Launcher` caps it to the
    cards it holds. ``parse_launcher(model.spec) == model`` for every model.
    """

    __slots__ = ()

    #: The spec name of the model (``faulty`` for the fault layer, which has none).
    name: ClassVar[str]

    @property
    @abstractmethod
    def spec(self) -> str:
        """The canonical spec string: parse_launcher gives back an equal model."""

    @abstractmethod
    def outcome(
        self, rng: random.Random, since_fire: int, since_reload: int, press_number: int
    ) -> Outcome:
        """Decide one press.

        Args:
            rng: The launcher's random stream; the only source of randomness.
            since_fire: Presses made since the last firing (0: the first press after a
                firing, or ever).
            since_reload: Presses made since the launcher was last loaded (0-based).
            press_number: 0-based index of this press among all presses of the game.

        Returns:
            What the press does if the launcher holds enough cards.
        """

    def distribution(
        self, since_fire: int, since_reload: int, press_number: int, at_most: int
    ) -> list[tuple[Outcome, float]]:
        """Every outcome :meth:`outcome` can decide for this press, with its probability:
        chance made explicit, for search and for the OpenSpiel game.

        Args:
            since_fire, since_reload, press_number: As for :meth:`outcome`.
            at_most: Firings of this many cards or more may be given as one outcome of
                ``at_most`` cards (a launcher holding that many delivers them alike);
                models with a bounded card count ignore it.
        """
        raise NotImplementedError(f"the launcher model {self.spec!r} does not list its outcomes")

    def distribution_key(self, since_fire: int, since_reload: int, press_number: int) -> Hashable:
        """What of the counters :meth:`distribution` reads: two presses with equal keys
        (and equal ``at_most``) have the same distribution, so that it can be worked out
        once and kept (the OpenSpiel game's chance nodes do). By default every counter;
        each model names the ones it reads."""
        return (since_fire, since_reload, press_number)

    def __str__(self) -> str:
        return self.spec


# ---------------------------------------------------------------------------- parameters


@dataclass(frozen=True, slots=True)
class _Key:
    """One numeric spec key: its name, its allowed range and its default."""

    name: str
    low: float
    high: float
    low_excluded: bool
    default: float

    def allows(self, value: float) -> bool:
        # Written so that NaN fails every comparison and is refused.
        above_low = value > self.low if self.low_excluded else value >= self.low
        return above_low and value <= self.high

    @property
    def allowed(self) -> str:
        sign = "<" if self.low_excluded else "<="
        return f"{_short(self.low)} {sign} {self.name} <= {_short(self.high)}"


_KEY_P = _Key("p", 0.0, 1.0, low_excluded=True, default=0.40)
_KEY_MEAN = _Key("mean", 1.0, 20.0, low_excluded=False, default=5.2)
_KEY_MISFIRE = _Key("misfire", 0.0, 1.0, low_excluded=False, default=0.0)
_KEY_STUCK = _Key("stuck", 0.0, 1.0, low_excluded=False, default=0.0)
_FAULT_KEYS = (_KEY_MISFIRE, _KEY_STUCK)


def _short(number: float) -> str:
    """``4`` rather than ``4.0``; otherwise the shortest text that reads back exactly."""
    number = float(number)
    return str(int(number)) if number.is_integer() else repr(number)


def _checked(key: _Key, value: float) -> float:
    number = float(value)
    if not key.allows(number):
        raise LauncherSpecError(
            f"launcher key {key.name!r} got {_short(number)}: allowed values are {key.allowed}"
        )
    return number


def _given(values: tuple[tuple[_Key, float], ...]) -> str:
    # Default values are left out, so a model with only defaults is its bare name.
    return ",".join(f"{key.name}={_short(value)}" for key, value in values if value != key.default)


def _spec(name: str, values: tuple[tuple[_Key, float], ...]) -> str:
    given = _given(values)
    return f"{name}:{given}" if given else name


# ------------------------------------------------------------------------------- models

# The hazard model's measured tables and its draw are in launcher_draws (compiled code).


@dataclass(frozen=True, slots=True)
class HazardModel(LauncherModel):
    """The default: a launcher whose chance of firing grows with the presses since it last
    fired, calibrated on 800 presses of a real launcher.

    About 40.4% of presses fire, 5.20 cards per firing, 2.10 cards per press; never more
    than 5 presses between firings, never more than 13 cards at once.
    """

    name: ClassVar[str] = "hazard"
    #: P(fire | k presses since the last firing) for k = 0, 1, 2, 3 and k >= 4.
    FIRE_PROBABILITIES: ClassVar[tuple[float, ...]] = HAZARD_FIRE
    #: Mean cards of a firing for the same k.
    MEAN_CARDS: ClassVar[tuple[float, ...]] = HAZARD_MEAN_CARDS

    @property
    def spec(self) -> str:
        return self.name

    def outcome(
        self, rng: random.Random, since_fire: int, since_reload: int, press_number: int
    ) -> Outcome:
        count = hazard_cards(rng, since_fire)  # compiled: Launcher.press calls it too
        return _FIRED[count] if count else DING

    def distribution(
        self, since_fire: int, since_reload: int, press_number: int, at_most: int
    ) -> list[tuple[Outcome, float]]:
        step = since_fire if since_fire < HAZARD_LAST_STEP else HAZARD_LAST_STEP
        fire = HAZARD_FIRE[step]
        return [(DING, 1.0 - fire)] + [
            (fired(1 + extra), fire * p) for extra, p in enumerate(HAZARD_CARD_PMFS[step])
        ]

    def distribution_key(self, since_fire: int, since_reload: int, press_number: int) -> Hashable:
        return since_fire if since_fire < HAZARD_LAST_STEP else HAZARD_LAST_STEP


# The reported firmware schedule: presses (1-based since the last reload) that fire.
_SCHEDULE_PRESSES = (
    2, 6, 9, 13, 17, 21, 24, 26, 27, 29, 32, 36, 37, 41, 44, 47, 48,
    51, 54, 57, 58, 62, 66, 69, 72, 73, 77, 81, 84, 85, 88, 92, 93, 96,
)  # fmt: skip
_SCHEDULE_PERIOD = 96
_SCHEDULE_FIRES = tuple(press in _SCHEDULE_PRESSES for press in range(1, _SCHEDULE_PERIOD + 1))
# Cards = 2 + Binomial(10, 0.35): 2 to 12, mean 5.5, usually 3 to 8.
_SCHEDULE_MIN_CARDS = 2
_SCHEDULE_CARD_PMF = binomial_pmf(10, 0.35)
_SCHEDULE_CARD_CDF = binomial_cdf(10, 0.35)


@dataclass(frozen=True, slots=True)
class ScheduleModel(LauncherModel):
    """The reported fixed firmware schedule: the same 34 of every 96 presses fire.

    Presses are counted from 1 since the launcher was last loaded, so reloading restarts
    the schedule; after press 96 it wraps round to press 1.
    """

    name: ClassVar[str] = "schedule"
    #: The firing presses, 1-based since the last reload.
    FIRING_PRESSES: ClassVar[tuple[int, ...]] = _SCHEDULE_PRESSES
    #: Presses after which the schedule repeats.
    PERIOD: ClassVar[int] = _SCHEDULE_PERIOD

    @property
    def spec(self) -> str:
        return self.name

    def outcome(
        self, rng: random.Random, since_fire: int, since_reload: int, press_number: int
    ) -> Outcome:
        if not _SCHEDULE_FIRES[since_reload % _SCHEDULE_PERIOD]:
            return DING
        return _FIRED[_SCHEDULE_MIN_CARDS + bisect_right(_SCHEDULE_CARD_CDF, rng.random())]

    def distribution(
        self, since_fire: int, since_reload: int, press_number: int, at_most: int
    ) -> list[tuple[Outcome, float]]:
        if not _SCHEDULE_FIRES[since_reload % _SCHEDULE_PERIOD]:
            return [(DING, 1.0)]
        return [(fired(_SCHEDULE_MIN_CARDS + k), p) for k, p in enumerate(_SCHEDULE_CARD_PMF)]

    def distribution_key(self, since_fire: int, since_reload: int, press_number: int) -> Hashable:
        return _SCHEDULE_FIRES[since_reload % _SCHEDULE_PERIOD]  # a firing press or not


def _poisson(rng: random.Random, mean: float) -> int:
    """Sample Poisson(mean) by inversion: one uniform draw, about ``mean`` multiplications."""
    uniform = rng.random()
    count = 0
    term = math.exp(-mean)
    cumulative = term
    # ``term > 0`` ends the walk if rounding leaves the cumulative sum just below uniform.
    while uniform >= cumulative and term > 0.0:
        count += 1
        term *= mean / count
        cumulative += term
    return count


@dataclass(frozen=True, slots=True)
class MemorylessModel(LauncherModel):
    """Every press fires with probability ``p``, whatever happened before.

    Attributes:
        p: Probability that a press fires (0 < p <= 1).
        mean: Mean cards of a firing (1 <= mean <= 20); cards = 1 + Poisson(mean - 1).
            The defaults match the hazard model's fire rate and cards per firing.
    """

    name: ClassVar[str] = "memoryless"
    p: float = _KEY_P.default
    mean: float = _KEY_MEAN.default

    def __post_init__(self) -> None:
        object.__setattr__(self, "p", _checked(_KEY_P, self.p))
        object.__setattr__(self, "mean", _checked(_KEY_MEAN, self.mean))

    @property
    def spec(self) -> str:
        return _spec(self.name, ((_KEY_P, self.p), (_KEY_MEAN, self.mean)))

    def outcome(
        self, rng: random.Random, since_fire: int, since_reload: int, press_number: int
    ) -> Outcome:
        if rng.random() >= self.p:
            return DING
        return fired(1 + _poisson(rng, self.mean - 1))

    def distribution(
        self, since_fire: int, since_reload: int, press_number: int, at_most: int
    ) -> list[tuple[Outcome, float]]:
        # Cards = 1 + Poisson(mean - 1); the tail from at_most cards up is one outcome.
        lam = self.mean - 1
        limit = max(at_most, 1)
        result = [(DING, 1.0 - self.p)]
        term = math.exp(-lam)
        head = 0.0
        for extra in range(limit - 1):
            result.append((fired(1 + extra), self.p * term))
            head += term
            term *= lam / (extra + 1)
        result.append((fired(limit), self.p * max(0.0, 1.0 - head)))
        return result

    def distribution_key(self, since_fire: int, since_reload: int, press_number: int) -> Hashable:
        return None  # memoryless: every press alike


@dataclass(frozen=True, slots=True)
class DrawOneModel(LauncherModel):
    """Every press fires exactly one card: plain UNO's draw. Uses no randomness."""

    name: ClassVar[str] = "draw-one"

    @property
    def spec(self) -> str:
        return self.name

    def outcome(
        self, rng: random.Random, since_fire: int, since_reload: int, press_number: int
    ) -> Outcome:
        return _FIRED[1]

    def distribution(
        self, since_fire: int, since_reload: int, press_number: int, at_most: int
    ) -> list[tuple[Outcome, float]]:
        return [(_FIRED[1], 1.0)]

    def distribution_key(self, since_fire: int, since_reload: int, press_number: int) -> Hashable:
        return None  # every press alike


@dataclass(frozen=True, slots=True)
class ScriptedModel(LauncherModel):
    """A fixed sequence of outcomes, one per press of the game. Uses no randomness.

    Press number ``i`` (0-based, counted over the whole game) gets ``outcomes[i]``; once
    the script has run out, every press is a ding — unless the script ends with ``loop``,
    which repeats it from the start (for long games: a Wild Hit-Fire presses until cards
    come out, which a script of dings never gives).
    """

    name: ClassVar[str] = "scripted"
    outcomes: tuple[Outcome, ...] = ()
    loop: bool = False

    def __post_init__(self) -> None:
        # A list would make the model unhashable and mutable from outside.
        object.__setattr__(self, "outcomes", tuple(self.outcomes))

    @property
    def spec(self) -> str:
        if not self.outcomes:
            return self.name
        tokens = [_token(outcome) for outcome in self.outcomes] + (["loop"] if self.loop else [])
        return f"{self.name}:" + ",".join(tokens)

    def outcome(
        self, rng: random.Random, since_fire: int, since_reload: int, press_number: int
    ) -> Outcome:
        return self.at(press_number)

    def distribution(
        self, since_fire: int, since_reload: int, press_number: int, at_most: int
    ) -> list[tuple[Outcome, float]]:
        return [(self.at(press_number), 1.0)]

    def distribution_key(self, since_fire: int, since_reload: int, press_number: int) -> Hashable:
        return self.at(press_number)  # its one outcome

    def at(self, press_number: int) -> Outcome:
        """The scripted outcome of press number ``press_number`` (0-based) of the game."""
        if press_number < len(self.outcomes):
            return self.outcomes[press_number]
        if self.loop:
            return self.outcomes[press_number % len(self.outcomes)]
        return DING


_TOKEN_FORMS = (
    "N (N >= 1 cards fire), 0 (a ding, nothing happens), N+S (N fire and S stick out; "
    "0+S: nothing fires, S stick out), m (a misfire: fires, nothing comes out) or m+S"
)
_TOKEN = re.compile(r"(?P<head>\d+|m)(?:\+(?P<stuck>\d+))?")


def _token(outcome: Outcome) -> str:
    head = (str(outcome.cards) if outcome.cards else "m") if outcome.fired else "0"
    return f"{head}+{outcome.stuck}" if outcome.stuck else head


def _parse_token(token: str) -> Outcome:
    match = _TOKEN.fullmatch(token.strip().lower())
    if match is None:
        hint = ""
        if "=" in token:
            hint = "; the scripted model takes no keys (misfire and stuck are for the others)"
        raise LauncherSpecError(f"bad scripted token {token!r}: use {_TOKEN_FORMS}{hint}")
    head = match["head"]
    stuck = int(match["stuck"] or 0)
    if head == "m":
        return Outcome(fired=True, cards=0, stuck=stuck)
    cards = int(head)
    return Outcome(fired=cards > 0, cards=cards, stuck=stuck)


@dataclass(frozen=True, slots=True)
class FaultyModel(LauncherModel):
    """The fault layer: misfires and stuck cards on top of any model but ``scripted``.

    After the inner model decides a press: if it fired, with probability ``misfire`` it
    misfires instead (it fires, nothing comes out); then, independently, with probability
    ``stuck`` one more card is left sticking out. A zero probability draws nothing from
    the random stream. Build one with :func:`with_faults`, which returns the inner model
    itself when both probabilities are 0 (this class refuses that, so that
    ``parse_launcher(model.spec) == model`` holds).

    Attributes:
        inner: The model that decides the press before faults.
        misfire: Probability that a firing misfires (0 <= misfire <= 1).
        stuck: Probability that a press leaves one more card sticking out (0 to 1).
    """

    name: ClassVar[str] = "faulty"
    inner: LauncherModel
    misfire: float = _KEY_MISFIRE.default
    stuck: float = _KEY_STUCK.default

    def __post_init__(self) -> None:
        if isinstance(self.inner, ScriptedModel | FaultyModel):
            raise LauncherSpecError(
                f"the fault layer cannot wrap {self.inner.spec!r}: it applies once, to "
                "hazard, schedule, memoryless or draw-one"
            )
        object.__setattr__(self, "misfire", _checked(_KEY_MISFIRE, self.misfire))
        object.__setattr__(self, "stuck", _checked(_KEY_STUCK, self.stuck))
        if not self.misfire and not self.stuck:
            raise LauncherSpecError(
                "a fault layer with misfire=0 and stuck=0 is the plain model: use the inner "
                "model itself, or with_faults(), which returns it"
            )

    @property
    def spec(self) -> str:
        inner = self.inner.spec
        faults = _given(((_KEY_MISFIRE, self.misfire), (_KEY_STUCK, self.stuck)))
        return f"{inner}{',' if ':' in inner else ':'}{faults}"

    def outcome(
        self, rng: random.Random, since_fire: int, since_reload: int, press_number: int
    ) -> Outcome:
        outcome = self.inner.outcome(rng, since_fire, since_reload, press_number)
        if self.misfire and outcome.fired and rng.random() < self.misfire:
            outcome = _MISFIRED
        if self.stuck and rng.random() < self.stuck:
            outcome = Outcome(outcome.fired, outcome.cards, outcome.stuck + 1)
        return outcome

    def distribution(
        self, since_fire: int, since_reload: int, press_number: int, at_most: int
    ) -> list[tuple[Outcome, float]]:
        inner = self.inner.distribution(since_fire, since_reload, press_number, at_most)
        faulty: list[tuple[Outcome, float]] = []
        for outcome, p in inner:
            if self.misfire and outcome.fired:
                faulty += [(_MISFIRED, p * self.misfire), (outcome, p * (1 - self.misfire))]
            else:
                faulty.append((outcome, p))
        if not self.stuck:
            return faulty
        stuck: list[tuple[Outcome, float]] = []
        for outcome, p in faulty:
            more = Outcome(outcome.fired, outcome.cards, outcome.stuck + 1)
            stuck += [(more, p * self.stuck), (outcome, p * (1 - self.stuck))]
        return stuck

    def distribution_key(self, since_fire: int, since_reload: int, press_number: int) -> Hashable:
        return self.inner.distribution_key(since_fire, since_reload, press_number)


def with_faults(model: LauncherModel, misfire: float = 0.0, stuck: float = 0.0) -> LauncherModel:
    """``model`` with the fault layer, or ``model`` itself when both probabilities are 0."""
    if not misfire and not stuck:
        return model
    return FaultyModel(model, misfire, stuck)
