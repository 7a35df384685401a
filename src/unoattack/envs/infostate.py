"""Perfect-recall information-state tensors for the OpenSpiel game.

A player's information state is everything it has seen since the deal, in order. As a
tensor (docs/envs.md, "Information states") it is the player's observation now
(:class:`~unoattack.envs.encoding.ObservationEncoder`'s 262 values) followed by one slot
per step of the history: the deal, each decision (who took it and what it was) and each
press's outcome, with the change that step made to the player's own hand. Steps are
bounded (every decision counts towards ``max_turns``, and every press has one outcome),
so the tensor has room for ``2 * max_turns + 1`` slots; unused slots are zero.

What a slot holds is public (who acted, what was played, what the launcher did) or the
player's own (its hand's change); another player's cards never enter it.

>>> layout = InfoStateLayout(observation_size=262, max_turns=3)
>>> layout.slots, layout.size, SLOT_SIZE
(7, 1452, 170)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import compress
from operator import ne
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from unoattack.engine.actions import Action, ActionKind
from unoattack.engine.features import MAX_SEATS
from unoattack.engine.launcher import Outcome
from unoattack.rules.cards import FACES

__all__ = ["SLOT_FIELDS", "SLOT_SIZE", "HandChange", "History", "InfoStateLayout", "Step"]

#: The kinds of step, in the order of the slot's one-hot ``kind``.
STEP_KINDS = (
    "deal",  # chance: the match is dealt (the hand's change is the hand dealt)
    "outcome",  # chance: what a press yielded
    "pass",  # a seat declined an out-of-turn offer
    *(kind.name.lower() for kind in ActionKind),  # press, stop, say_uno, ...
)
#: The fields of a slot: (name, size, meaning), in order.
SLOT_FIELDS: tuple[tuple[str, int, str], ...] = (
    ("actor", MAX_SEATS, "one-hot: the seat that decided, relative to me (none for chance)"),
    ("kind", len(STEP_KINDS), "one-hot: " + ", ".join(STEP_KINDS)),
    ("card", len(FACES), "one-hot: the face played"),
    ("colour", 4, "one-hot: the colour named (R, Y, G, B)"),
    ("target", MAX_SEATS, "one-hot: the seat aimed at or caught, relative to me"),
    ("uno", 1, "1 if the play said UNO"),
    ("fired", 1, "outcome: 1 if the launcher fired"),
    ("cards", 1, "outcome: cards that came out"),
    ("stuck", 1, "outcome: cards that stuck"),
    ("hand_change", len(FACES), "copies of each face that came into my hand (minus: left it)"),
)
SLOT_SIZE = sum(size for _name, size, _meaning in SLOT_FIELDS)
_AT: dict[str, int] = {}
_offset = 0
for _name, _size, _meaning in SLOT_FIELDS:
    _AT[_name] = _offset
    _offset += _size

#: One player's hand change in a step: (face index, copies gained, negative: lost).
HandChange = tuple[tuple[int, int], ...]


class Step(NamedTuple):
    """One step of the history: a decision (``seat`` and ``code``), a press's outcome,
    or the deal; and each player's hand change in it."""

    kind: str
    seat: int  # the deciding seat, -1 for chance
    action: Action | None
    outcome: Outcome | None
    changes: tuple[HandChange, ...]  # by seat


def changes(
    before: Sequence[Sequence[int]], after: Sequence[Sequence[int]]
) -> tuple[HandChange, ...]:
    """Each seat's hand change between two snapshots of every hand, each the copies of
    every face it holds (:meth:`Game.face_counts <unoattack.engine.game.Game.face_counts>`),
    by face."""
    return tuple(
        () if old == new else _change(old, new) for old, new in zip(before, after, strict=True)
    )


def _change(old: Sequence[int], new: Sequence[int]) -> HandChange:
    # Most steps change a face or two of one hand: the faces that differ are found in C
    # (compress over map), not by a loop over every face in Python.
    moved = compress(range(len(new)), map(ne, old, new))
    return tuple((face, new[face] - old[face]) for face in moved)


class History:
    """The steps since the deal. A state's copy copies the list, not the steps
    (immutable), so that search, which copies states all the time, stays cheap."""

    __slots__ = ("steps",)

    def __init__(self, steps: Iterable[Step] = ()) -> None:
        self.steps: list[Step] = list(steps)

    def append(self, step: Step) -> None:
        self.steps.append(step)

    def seen_by(self, player: int) -> History:
        """The history as ``player`` may carry it into a resampled state: the other
        players' hand changes are dropped (they are not the player's to know)."""
        return History(
            step._replace(
                changes=tuple(c if s == player else () for s, c in enumerate(step.changes))
            )
            for step in self.steps
        )

    def __deepcopy__(self, memo: dict[int, Any]) -> History:
        return History(self.steps)

    def __len__(self) -> int:
        return len(self.steps)


@dataclass(frozen=True, slots=True)
class InfoStateLayout:
    """The tensor's layout for a game: the observation, then ``slots`` step slots."""

    observation_size: int
    max_turns: int

    @property
    def slots(self) -> int:
        return 2 * self.max_turns + 1

    @property
    def size(self) -> int:
        return self.observation_size + self.slots * SLOT_SIZE

    def fill(
        self,
        tensor: npt.NDArray[np.float32],
        history: History,
        player: int,
        players: int,
        written: list[Step] | None = None,
    ) -> None:
        """Write ``player``'s history into ``tensor[observation_size:]`` (the caller
        writes the observation before it).

        ``written``: the steps this tensor's slots hold now, for ``player`` (kept by the
        caller, updated here); only the slots from the first step that differs are
        written again. A history only grows, and a state's copy shares its steps, so
        from one decision to the next that is one slot or two, where writing every slot
        made a long match quadratic (OpenSpiel's ``random_sim_test`` reads every
        player's tensor at every step). None: every slot is written.
        """
        slots = tensor[self.observation_size :]
        steps = history.steps[: self.slots]
        if written is None:
            slots.fill(0.0)
            start = 0
        else:
            start = len(written)
            if start > len(steps) or (start and steps[start - 1] is not written[-1]):
                # Another history than the one written: keep what the two share.
                start = 0
                for old, new in zip(written, steps, strict=False):
                    if old is not new:
                        break
                    start += 1
                slots[start * SLOT_SIZE : len(written) * SLOT_SIZE] = 0.0
                del written[start:]
            written += steps[start:]
        for index in range(start, len(steps)):
            self._write(slots, index * SLOT_SIZE, steps[index], player, players)

    @staticmethod
    def _write(
        slots: npt.NDArray[np.float32], base: int, step: Step, player: int, players: int
    ) -> None:
        """One step's slot, from ``base`` (the slot holds zeros)."""
        if step.seat >= 0:
            slots[base + _AT["actor"] + (step.seat - player) % players] = 1.0
        slots[base + _AT["kind"] + STEP_KINDS.index(step.kind)] = 1.0
        action = step.action
        if action is not None:
            if action.card is not None:
                slots[base + _AT["card"] + action.card.index] = 1.0
            if action.colour is not None:
                slots[base + _AT["colour"] + int(action.colour)] = 1.0
            if action.target is not None:
                slots[base + _AT["target"] + (action.target - player) % players] = 1.0
            slots[base + _AT["uno"]] = 1.0 if action.uno else 0.0
        outcome = step.outcome
        if outcome is not None:
            slots[base + _AT["fired"]] = 1.0 if outcome.fired else 0.0
            slots[base + _AT["cards"]] = outcome.cards
            slots[base + _AT["stuck"]] = outcome.stuck
        if player < len(step.changes):
            for face, gained in step.changes[player]:
                slots[base + _AT["hand_change"] + face] = gained
