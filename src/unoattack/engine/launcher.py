"""The card launcher: a model of the toy behind one interface.

UNO Attack has no draw pile. The undealt cards sit in a battery-powered launcher, and a
player who has to take cards presses its button. The toy either dings once and nothing
happens, or it fires: it dings several times and shoots out a random number of cards,
sometimes leaving a card sticking out, which the presser takes as well (RULINGS R15, R16).
No rulebook says how many cards a press yields (A46), so the engine keeps *how the toy
behaves* (a :class:`LauncherModel`, immutable configuration, in
:mod:`unoattack.engine.launcher_model`, where every model and its one-line spec are
described) apart from *what it holds* (a :class:`Launcher`, here: the loaded stock and its
press counters). All randomness comes from the :class:`random.Random` given to the
launcher, so a seed fixes every press. docs/launcher.md derives the figures.

>>> stock = [10, 11, 12, 13, 14]
>>> launcher = Launcher(parse_launcher("scripted:2,0,1+1"), random.Random(7), stock)
>>> launcher.press()
(Outcome(fired=True, cards=2, stuck=0), [10, 11])
>>> launcher.press()
(Outcome(fired=False, cards=0, stuck=0), [])
>>> launcher.press()
(Outcome(fired=True, cards=1, stuck=1), [12, 13])
>>> launcher.public().stock_size, launcher.public().presses_since_fire
(1, 0)
"""

from __future__ import annotations

import random
from typing import Final, NamedTuple

from unoattack.engine._compiled import mypyc_attr
from unoattack.engine.launcher_draws import HAZARD_CARD_TRIALS, hazard_cards

# The models are re-exported: a launcher is named by its spec, wherever it is used.
from unoattack.engine.launcher_model import (
    DEFAULT_LAUNCHER,
    DING,
    LAUNCHER_MODELS,
    DrawOneModel,
    FaultyModel,
    HazardModel,
    LauncherModel,
    LauncherSpecError,
    MemorylessModel,
    Outcome,
    ScheduleModel,
    ScriptedModel,
    fired,
    with_faults,
)
from unoattack.engine.launcher_spec import parse_launcher

__all__ = [
    "DEFAULT_LAUNCHER",
    "DING",
    "LAUNCHER_MODELS",
    "DrawOneModel",
    "FaultyModel",
    "HazardModel",
    "Launcher",
    "LauncherModel",
    "LauncherPublic",
    "LauncherSpecError",
    "MemorylessModel",
    "Outcome",
    "ScheduleModel",
    "ScriptedModel",
    "capped",
    "fired",
    "parse_launcher",
    "press_distribution",
    "with_faults",
]

# ------------------------------------------------------------------------------ launcher

# The hazard model's outcomes, for Launcher.press's compiled draw: a ding, or a firing of
# 0 (an empty launcher) to 1 + HAZARD_CARD_TRIALS cards.
_HAZARD_MODEL: Final = HazardModel
_DING: Final = DING
_FIRED_OUTCOMES: Final = tuple(fired(count) for count in range(HAZARD_CARD_TRIALS + 2))


def capped(outcome: Outcome, stock: int) -> Outcome:
    """A46: what a launcher holding ``stock`` cards delivers of ``outcome``: the fired
    cards first, then the stuck ones."""
    if outcome.cards + outcome.stuck <= stock:
        return outcome
    cards = min(outcome.cards, stock)
    if cards == stock and outcome.fired:
        return fired(cards)
    return Outcome(outcome.fired, cards, stock - cards)


def press_distribution(
    model: LauncherModel, since_fire: int, since_reload: int, press_number: int, stock: int
) -> list[tuple[Outcome, float]]:
    """Every outcome of one press as the launcher delivers it, with its probability (all
    above 0, summing to 1), ordered by stuck cards, then cards, then firing.

    Args:
        model: The launcher model.
        since_fire, since_reload, press_number: The launcher's public counters.
        stock: Cards loaded when the button is pressed (outcomes are capped to it).
    """
    merged: dict[Outcome, float] = {}
    for outcome, p in model.distribution(since_fire, since_reload, press_number, stock):
        if p > 0.0:
            delivered = capped(outcome, stock)
            merged[delivered] = merged.get(delivered, 0.0) + p
    return sorted(
        ((o, p) for o, p in merged.items() if p > 0.0),
        key=lambda item: (item[0].stuck, item[0].cards, item[0].fired),
    )


class LauncherPublic(NamedTuple):
    """What every player at the table can observe about the launcher.

    Attributes:
        model: The model's spec.
        presses_since_fire: Presses since it last fired; its lights speed up as this grows.
        presses_since_reload: Presses since it was last loaded.
        total_presses: Presses made this game.
        stock_size: Cards loaded in it (the stack is visible through the case).
    """

    model: str
    presses_since_fire: int
    presses_since_reload: int
    total_presses: int
    stock_size: int


@mypyc_attr(allow_interpreted_subclasses=True)  # copyable: see _compiled
class Launcher:
    """The physical launcher: the loaded stock (card ids, front = next out) and its counters.

    Attributes:
        model: How it behaves.
        rng: Its random stream; the game owns it, apart from the deck's stream.
        stock: The loaded card ids; ``stock[0]`` comes out first.
        since_fire: Presses since the mechanism last fired (0 after a firing, or at first).
        since_reload: Presses since it was last loaded.
        presses: Presses made this game.
    """

    __slots__ = ("model", "presses", "rng", "since_fire", "since_reload", "stock")

    def __init__(
        self, model: LauncherModel, rng: random.Random, stock: list[int] | None = None
    ) -> None:
        self.model = model
        self.rng = rng
        self.stock: list[int] = list(stock) if stock is not None else []
        self.since_fire = 0
        self.since_reload = 0
        self.presses = 0

    def load(self, cards: list[int]) -> None:
        """(Re)load the stock with ``cards``, in this order, front first.

        The press count since reloading restarts; ``since_fire`` does not, because it is
        the state of the mechanism, not of the cards.
        """
        self.stock = list(cards)
        self.since_reload = 0

    def press(self) -> tuple[Outcome, list[int]]:
        """Press the button once.

        Returns:
            The outcome, capped to the cards the launcher holds (fired cards first, then
            stuck ones), and the yielded card ids taken from the front of the stock:
            fired first, then stuck. A firing with an empty stock still counts as fired,
            since the mechanism ran.
        """
        model = self.model
        if type(model) is _HAZARD_MODEL:
            # The default model, drawn by compiled code: no stuck cards, so a firing
            # yields what it fires, capped to the stock (A46).
            count = hazard_cards(self.rng, self.since_fire)
            self.presses += 1
            self.since_reload += 1
            if not count:
                self.since_fire += 1
                return _DING, []
            self.since_fire = 0
            stock = self.stock
            if count > len(stock):
                count = len(stock)
            yielded = stock[:count]
            del stock[:count]
            return _FIRED_OUTCOMES[count], yielded
        outcome = model.outcome(self.rng, self.since_fire, self.since_reload, self.presses)
        self.presses += 1
        self.since_reload += 1
        if not outcome.fired:
            self.since_fire += 1
            if not outcome.stuck:
                return outcome, []  # a ding: nothing comes out
        else:
            self.since_fire = 0
        stock = self.stock
        count = outcome.cards + outcome.stuck
        if count > len(stock):
            count = len(stock)
            outcome = capped(outcome, count)
        yielded = stock[:count]
        del stock[:count]
        return outcome, yielded

    def public(self) -> LauncherPublic:
        """The launcher as every player sees it."""
        return LauncherPublic(
            model=self.model.spec,
            presses_since_fire=self.since_fire,
            presses_since_reload=self.since_reload,
            total_presses=self.presses,
            stock_size=len(self.stock),
        )

    def clone(self) -> Launcher:
        """An independent copy: same model, a copy of the stock, counters and rng state."""
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        twin = Launcher(self.model, rng, self.stock)
        twin.since_fire = self.since_fire
        twin.since_reload = self.since_reload
        twin.presses = self.presses
        return twin

    def __repr__(self) -> str:
        # The stock's order is hidden information: show only its size.
        return (
            f"Launcher(model={self.model.spec!r}, stock_size={len(self.stock)}, "
            f"since_fire={self.since_fire}, since_reload={self.since_reload}, "
            f"presses={self.presses})"
        )
