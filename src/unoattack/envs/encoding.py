"""Observation and action encoding shared by the PettingZoo, Gymnasium and OpenSpiel envs.

Three things live here, so that the three environments cannot drift apart:

- :class:`ObservationEncoder`: one seat's :class:`~unoattack.engine.View` as a flat
  ``float32`` vector with a documented layout (docs/envs.md). It reads nothing but the
  view, plus the table's public configuration (deck size, target score) for its bounds.
- The action encoding: an action is its engine code ``action.code`` (0..746), and one
  more index, :data:`PASS` (747), lets a seat decline an out-of-turn action.
  :func:`action_mask` turns legal codes into the ``int8`` mask the envs hand out.
- :class:`Table`: a match (engine/match.py, with offers) plus a turn cap. While a catch
  window is open, every seat that may act out of turn is offered its option (saying UNO,
  catching a player who did not) as a decision of its own, with :data:`PASS` beside it,
  in the match's reaction order, before the seat to act decides.

>>> from unoattack.engine import Game
>>> game = Game.new("2003", players=3, seed=7, options={"target_score": 1})
>>> table = Table(game, max_decisions=500)
>>> encoder = ObservationEncoder.for_game(game)
>>> vector = encoder.encode(table, table.seat, deciding=True)
>>> vector.shape, vector.dtype.name, encoder.size
((262,), 'float32', 262)
>>> mask = action_mask(table.legal_codes())
>>> int(mask.sum()) == len(game.legal_actions()), describe_action(PASS)
(True, 'pass')
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from typing import Any, Final, Literal, NamedTuple, SupportsInt, cast

import numpy as np
import numpy.typing as npt

from unoattack.engine import (
    NUM_ACTIONS,
    SPECTATOR,
    Action,
    ActionKind,
    Game,
    HandResult,
    IllegalAction,
    MatchResult,
    Phase,
    View,
    view,
)
from unoattack.engine._compiled import mypyc_attr
from unoattack.engine.actions import ACTIONS
from unoattack.engine.features import (
    MAX_SEATS,
    SEAT_FEATURES,
    SEGMENTS,
    Layout,
    SeatFeatures,
    Segment,
)
from unoattack.engine.match import Bot, Match, Step
from unoattack.rules.cards import Colour

__all__ = [
    "MAX_SEATS",
    "NUM_CODES",
    "PASS",
    "REWARD_MODES",
    "SEAT_FEATURES",
    "GymnasiumStep",
    "ObservationEncoder",
    "Segment",
    "Table",
    "Transition",
    "action_mask",
    "check_reward_mode",
    "decode_action",
    "describe_action",
    "render_table",
    "rewards",
]

#: The "pass" decision: decline an out-of-turn action (say UNO, catch). Never an engine code.
PASS: Final = NUM_ACTIONS
#: Size of every env's discrete action space: the engine's codes plus PASS.
NUM_CODES: Final = NUM_ACTIONS + 1
#: How rewards are paid: per match (+1 each winner, -1 every other seat) or per hand.
REWARD_MODES: Final = ("match", "hand")
RewardMode = Literal["match", "hand"]

FloatArray = npt.NDArray[np.float32]
MaskArray = npt.NDArray[np.int8]
_INT8: Final = np.dtype(np.int8)
#: How many decisions Table.recent keeps.
_RECENT: Final = 8
_zeros: Final = np.zeros
_MASK_SHAPE: Final = (NUM_CODES,)  # a tuple made once: no int to box at every mask
_new: Final = tuple.__new__
_PENALIZE: Final = ActionKind.PENALIZE
_MATCH_OVER: Final = Phase.MATCH_OVER
_ACTIONS: Final = ACTIONS
_FLOAT32: Final = np.dtype(np.float32)


@mypyc_attr(allow_interpreted_subclasses=True)  # copyable: see _compiled
class ObservationEncoder:
    """Encodes one seat's view as a flat ``float32`` vector.

    The layout is :data:`unoattack.engine.features.SEGMENTS`: the same for every edition
    and table size (ten seat slots, unused ones zero), so a policy trained at one table
    can be tried at another. Only ``low``/``high`` depend on the table: they come from
    its public configuration (the deck's size and largest number of copies of a face,
    the target score). The numbers come from the engine's
    :class:`~unoattack.engine.features.SeatFeatures`, which reads only what the seat's
    view shows and rewrites only what changed since that seat's last observation.

    Args:
        deck_size: Cards in the deck (bounds card counts).
        max_copies: The most copies of one face in the deck (bounds the hand segment).
        target_score: The match's target score (scores are scaled by it).
    """

    def __init__(self, deck_size: int, max_copies: int, target_score: int) -> None:
        self.layout = Layout(deck_size, max_copies, target_score)
        self.deck_size = deck_size
        self.target_score = self.layout.target_score
        self.segments: tuple[Segment, ...] = SEGMENTS
        self.size = Layout.size
        self.low: FloatArray = np.zeros(self.size, np.float32)
        self.high: FloatArray = np.array(self.layout.high, np.float32)

    @classmethod
    def for_game(cls, game: Game) -> ObservationEncoder:
        """The encoder for ``game``'s table (edition deck and target score)."""
        layout = Layout.for_game(game)
        return cls(layout.deck_size, layout.max_copies, layout.target_score)

    def segment(self, name: str) -> Segment:
        """The segment called ``name`` (see :attr:`segments`)."""
        return self.layout.segment(name)

    def encode(
        self,
        table: Table,
        seat: int,
        *,
        deciding: bool = False,
        reacting: bool = False,
        perspective: int | None = None,
        out: FloatArray | None = None,
    ) -> FloatArray:
        """``seat``'s vector at ``table`` now.

        Args:
            table: The table.
            seat: The seat, or ``SPECTATOR`` (its vector has an empty hand).
            deciding: The seat is the one whose decision the env waits for.
            reacting: ... and that decision is an out-of-turn offer (say UNO, catch, pass).
            perspective: The seat the seat slots are relative to (default: ``seat``;
                needed for a spectator).
            out: A vector to write into instead of a new one.
        """
        vector = table.vector(seat, self.layout, perspective, deciding, reacting)
        if out is None:
            return vector.copy()  # one copy of a contiguous buffer: the caller's to keep
        out[:] = vector
        return out


def action_mask(codes: Iterable[int]) -> MaskArray:
    """A fresh ``int8`` mask of size :data:`NUM_CODES` with 1 at each legal code."""
    # A handful of legal codes: setting them one by one in a fresh array is quicker than
    # numpy's fancy indexing. The array is numpy's own (np.zeros), not a view of a
    # bytearray: its nonzero(), which every masked policy calls, is quicker.
    # The codes as the objects they are (Any): typed as ints, machine code would unbox
    # each one and then box it again, a new object for every code above 256, to index.
    mask: MaskArray = _zeros(_MASK_SHAPE, _INT8)
    for code in cast("Iterable[Any]", codes):
        mask[code] = 1
    return mask


def decode_action(code: int) -> Action | None:
    """The engine action with this code, or None for :data:`PASS`."""
    if code == PASS:
        return None
    return Action.from_code(code)


def describe_action(code: int) -> str:
    """The action's string form (``play R7``, ``press``), or ``pass``."""
    action = decode_action(code)
    return "pass" if action is None else str(action)


# ---------------------------------------------------------------------------- the table


class Transition(NamedTuple):
    """What one decision did, as far as rewards and episode ends are concerned.

    Attributes:
        seat: The seat that decided.
        code: Its decision (an action code or PASS).
        active_before: Which seats were still in the match before the decision.
        hand: The hand that ended with this decision, if one did.
        result: The match result, if the match ended with this decision.
        truncated: The turn cap was reached (and the match is not over).
    """

    seat: int
    code: int
    active_before: tuple[bool, ...]
    hand: HandResult | None
    result: MatchResult | None
    truncated: bool


@mypyc_attr(allow_interpreted_subclasses=True)  # copyable: see _compiled
class Table:
    """A match in the turn-based form research environments need, with a turn cap.

    The rules of the table are the match's (:class:`unoattack.engine.match.Match`, with
    ``offers``): whose decision it is (:attr:`seat`), in which order seats are offered a
    reaction while a catch window is open (the reaction order, docs/rules.md P12), and
    when the bots of the other seats act. A seat offered a reaction (``uno`` or
    ``catch S``) may take it or :data:`PASS`; then the seat to act decides.

    Every decision of a seat played from outside, passes included, and every bot action
    counts towards ``max_decisions``; once reached (and the match not over) the table is
    truncated and nobody decides.
    """

    __slots__ = (
        "_active",
        "_codes",
        "_decision",
        "_features",
        "_noted",
        "_observed",
        "_recent",
        "decisions",
        "match",
        "max_decisions",
    )

    def __init__(
        self, game: Game, max_decisions: int, bots: Mapping[int, Bot] | None = None
    ) -> None:
        if max_decisions < 1:
            raise ValueError(f"max_decisions must be at least 1, got {max_decisions}")
        self.match = Match(game, bots=bots, offers=True)
        self.max_decisions = max_decisions
        self.decisions = 0
        # The last decisions, for rendering (recent): a ring of their steps, and how many
        # were noted in all.
        self._recent: list[Step | None] = [None] * _RECENT
        self._noted = 0
        self._active = tuple(game.active)  # who is in the match, step by step
        # The awaited decision (seat, is an offer), worked out once per change of the
        # table: envs ask for it several times a step.
        self._decision: tuple[int | None, bool] | None = None
        self._codes: list[int] | None = None  # ... and its legal codes, once asked for
        # Each seat's numbers, with a numpy array over their buffer (no copy).
        self._features: dict[tuple[int, int | None], tuple[SeatFeatures, FloatArray]] = {}
        # The last seat observed and its numbers: an environment observes one seat
        # after another (a Gymnasium env, the same), so that seat's come without the
        # lookup by a key.
        self._observed: tuple[int, SeatFeatures, FloatArray] | None = None

    # ------------------------------------------------------------------ queries

    @property
    def game(self) -> Game:
        return self.match.game

    @property
    def recent(self) -> list[tuple[int, int]]:
        """The last decisions (up to eight), oldest first: (seat, code) each."""
        noted, ring = self._noted, self._recent
        decisions = []
        for i in range(max(0, noted - _RECENT), noted):
            step = ring[i % _RECENT]
            assert step is not None
            action = step.action
            decisions.append((step.seat, PASS if action is None else action.code))
        return decisions

    @property
    def is_over(self) -> bool:
        """The match has ended."""
        return self.match.is_over

    @property
    def is_truncated(self) -> bool:
        """The turn cap cut the match short."""
        return not self.match.is_over and self.decisions >= self.max_decisions

    def awaited(self) -> tuple[int | None, bool]:
        """The awaited decision: (:attr:`seat`, :attr:`reacting`), worked out once per
        change of the table (the match's :meth:`~unoattack.engine.match.Match.decision`)."""
        decision = self._decision
        if decision is None:
            if self.decisions >= self.max_decisions:
                decision = (None, False)
            else:
                decision = self.match.decision()
            self._decision = decision
        return decision

    @property
    def seat(self) -> int | None:
        """The seat whose decision is awaited (None once over or truncated, or while
        the bots have something to do: see :meth:`run_bots`)."""
        return (self._decision or self.awaited())[0]

    @property
    def reacting(self) -> bool:
        """The awaited decision is an offer of a reaction (its options include PASS)."""
        return (self._decision or self.awaited())[1]

    def legal_codes(self, seat: int | None = None) -> list[int]:
        """Sorted legal codes of ``seat`` (default: the deciding seat); [] if it does not
        decide now."""
        deciding = (self._decision or self.awaited())[0]
        if deciding is None or (seat is not None and seat != deciding):
            return []
        return sorted(self.codes())

    def codes(self) -> list[int]:
        """The deciding seat's legal codes in the engine's order (the match's legal
        actions, then PASS when it answers an offer); [] when nobody decides. Worked out
        once per change of the table: the list is shared, do not change it."""
        codes = self._codes
        if codes is None:
            deciding, reacting = self._decision or self.awaited()
            if deciding is None:
                codes = []
            else:
                codes = [a.code for a in self.match.decision_actions(deciding, reacting)]
                if reacting:
                    codes.append(PASS)
            self._codes = codes
        return codes

    def features(self, seat: int, layout: Layout, perspective: int | None = None) -> SeatFeatures:
        """``seat``'s numbers (:class:`~unoattack.engine.features.SeatFeatures`), kept
        from one observation to the next so that only what changed is rewritten."""
        return self._numbers(seat, layout, perspective)[0]

    def vector(
        self,
        seat: int,
        layout: Layout,
        perspective: int | None = None,
        deciding: bool = False,
        reacting: bool = False,
    ) -> FloatArray:
        """``seat``'s numbers refreshed, as a ``float32`` array over their buffer: not a
        copy, so the next refresh rewrites it (copy it to keep it)."""
        numbers, vector = self._numbers(seat, layout, perspective)
        numbers.refresh(deciding=deciding, reacting=reacting)
        return vector

    def _numbers(
        self, seat: int, layout: Layout, perspective: int | None
    ) -> tuple[SeatFeatures, FloatArray]:
        key = (seat, perspective)
        kept = self._features.get(key)
        if kept is None or kept[0].game is not self.match.game or kept[0].layout is not layout:
            numbers = SeatFeatures(self.match.game, seat, layout, perspective)
            kept = (numbers, np.frombuffer(numbers.vector, _FLOAT32))
            self._features[key] = kept
        return kept

    def observation(self, seat: int, layout: Layout) -> tuple[FloatArray, MaskArray, bool]:
        """What an environment hands ``seat`` now, in one call: its numbers refreshed
        (a fresh copy, the caller's to keep), its action mask (fresh; all zero unless it
        decides now), and whether its decision answers an offer (PASS is legal)."""
        deciding, reacting = self._decision or self.awaited()
        observed = self._observed
        if (
            observed is not None
            and observed[0] == seat
            and observed[1].layout is layout
            and observed[1].game is self.match.game
        ):
            numbers, vector = observed[1], observed[2]
        else:
            numbers, vector = self._numbers(seat, layout, None)
            self._observed = (seat, numbers, vector)
        if deciding == seat:
            numbers.refresh(deciding=True, reacting=reacting)
            return vector.copy(), action_mask(self.codes()), reacting
        numbers.refresh(deciding=False, reacting=False)
        return vector.copy(), action_mask(()), False

    def decision_observation(
        self, seat: int, layout: Layout
    ) -> tuple[FloatArray, MaskArray, list[int], bool]:
        """:meth:`observation` with ``seat``'s sorted legal codes (:meth:`legal_codes`)
        beside its mask, in one call: what a Gymnasium step hands its learner."""
        observation, mask, reacting = self.observation(seat, layout)
        return observation, mask, self.legal_codes(seat), reacting

    def view(self, seat: int) -> View:
        """``seat``'s view of the game."""
        return self.match.view(seat)

    # ------------------------------------------------------------------ acting

    def apply(self, code: int) -> Transition:
        """Apply the deciding seat's decision ``code``.

        Raises:
            IllegalAction: ``code`` is not a legal decision now (the table is unchanged).
        """
        seat, reacting = self._decision or self.awaited()
        if seat is None:
            raise IllegalAction("the match is over" if self.is_over else "the turn cap is reached")
        if code == PASS:
            if not reacting:
                raise IllegalAction("there is nothing to pass on: it is your turn to act")
            self._decision = self._codes = None
            steps = self.match.decline(seat)
        else:
            if type(code) is int and 0 <= code < NUM_ACTIONS:
                action = _ACTIONS[code]
            else:
                try:
                    action = Action.from_code(int(code))
                except ValueError as exc:
                    raise IllegalAction(str(exc)) from None
            if action.kind is _PENALIZE:
                raise IllegalAction("penalize is the referee's action, not a player's")
            self._decision = self._codes = None
            steps = self.match.submit(seat, action)  # the match judges; raises IllegalAction
        if len(steps) == 1:
            return self._transition(steps[0])
        return self._transitions(steps)[-1]  # the seat's own step comes last

    def learner_step(
        self, seat: int, code: int, mode: RewardMode, layout: Layout
    ) -> tuple[FloatArray, float, bool, bool, MaskArray, list[int], bool, bool]:
        """A step of the deciding seat ``seat``, played from outside among bots, in one
        call (a Gymnasium step): apply its decision ``code`` (as :meth:`apply`) and let
        the bots act (as :meth:`run_bots`); or, when ``code`` is not a legal decision
        now, change nothing but count it towards the cap (as :meth:`count_idle`).

        Returns:
            ``seat``'s observation, its rewards for the step (:func:`rewards`), whether
            the match is over, whether the cap cut it short, its mask, its sorted legal
            codes, whether its decision answers an offer (as
            :meth:`decision_observation`), and whether ``code`` was refused.

        Raises:
            RuntimeError: ``seat`` does not decide now: the match is over or the cap is
                reached (an environment's episode is over).
        """
        if (self._decision or self.awaited())[0] != seat:
            raise RuntimeError("the episode is over: call reset()")
        reward = 0.0
        refused = code not in self.codes()
        if refused:
            self.count_idle()
        else:
            # apply and run_bots, without building a Transition for each step: the
            # steps are noted one by one, and only a step that ends a hand or the match
            # pays anything (this is a Gymnasium step's hot path).
            self._decision = self._codes = None
            match = self.match
            steps = match.decline(seat) if code == PASS else match.submit(seat, _ACTIONS[code])
            # run_bots' cap, counting the decision's own steps, which are noted below
            limit = max(0, self.max_decisions - self.decisions - len(steps))
            for taken in (steps, match.advance(0.0, limit=limit)):  # no list made of both
                for step in taken:
                    active_before = self._note(step)
                    if step.hand is not None or step.result is not None:
                        reward += seat_reward(mode, seat, step.hand, step.result, active_before)
        observation, mask, legal, reacting = self.decision_observation(seat, layout)
        over = self.match.game.phase is _MATCH_OVER
        truncated = not over and self.decisions >= self.max_decisions
        return observation, reward, over, truncated, mask, legal, reacting, refused

    def gymnasium_step(
        self,
        seat: int,
        action: SupportsInt,
        mode: RewardMode,
        layout: Layout,
        illegal_reward: float,
    ) -> tuple[FloatArray, float, bool, bool, dict[str, Any]]:
        """:meth:`learner_step` for ``action`` (an int, a numpy integer) in the form of
        Gymnasium's ``step``: the observation, the reward (``illegal_reward`` for a refused
        action), whether the match is over, whether the cap cut it short, and the info
        dict (:class:`~unoattack.envs.gymnasium.UnoAttackEnv` documents its keys).

        The Gymnasium env's ``step`` is this call: here it runs as machine code in the
        compiled build, where Python code would build the dict and the tuples at every
        step.
        """
        observation, reward, over, truncated, mask, legal, reacting, refused = self.learner_step(
            seat, _as_int(action), mode, layout
        )
        if refused:
            reward = illegal_reward
        info = {
            "action_mask": mask,
            "legal_actions": legal,
            "seat": seat,
            "reacting": reacting,
            "illegal_action": refused,
        }
        return observation, reward, over, truncated, info

    def run_bots(self) -> list[Transition]:
        """Let the bots act until a seat played from outside must decide (or the match
        ends, or the cap is reached); one transition per bot action."""
        self._decision = self._codes = None
        steps = self.match.advance(0.0, limit=max(0, self.max_decisions - self.decisions))
        return self._transitions(steps)

    def count_idle(self) -> None:
        """Count a decision that changed nothing (an env's refused action) towards the cap."""
        self._decision = self._codes = None
        self.decisions += 1

    def _transitions(self, steps: list[Step]) -> list[Transition]:
        return [self._transition(step) for step in steps]

    def _transition(self, step: Step) -> Transition:
        active_before = self._note(step)
        action = step.action
        code = PASS if action is None else action.code
        truncated = (
            self.decisions >= self.max_decisions and self.match.game.phase is not _MATCH_OVER
        )
        # Transition's own constructor is Python code; the tuple's is not.
        return _new(Transition, (step.seat, code, active_before, step.hand, step.result, truncated))

    def _note(self, step: Step) -> tuple[bool, ...]:
        """Count ``step`` as a decision and keep it in :attr:`recent` (and who is still in
        the match); return who was in the match before it."""
        self.decisions += 1
        hand = step.hand
        # A ring of the steps themselves, not a deque of pairs: no pair or number to
        # build and no method to look up at every step (a Gymnasium step's hot path).
        noted = self._noted
        self._recent[noted % _RECENT] = step
        self._noted = noted + 1
        active_before = self._active
        if hand is not None and hand.eliminated:
            still = list(active_before)
            for out in hand.eliminated:
                still[out] = False
            self._active = tuple(still)
        return active_before

    def clone(self, game: Game | None = None) -> Table:
        """An independent copy (the match is cloned with its game's random streams).

        ``game``: the copy's game instead of a clone of this one (a determinization)."""
        twin = Table.__new__(Table)  # no __init__: every field is set below
        twin.match = self.match.clone(game)
        twin.max_decisions = self.max_decisions
        twin.decisions = self.decisions
        twin._recent = list(self._recent)
        twin._noted = self._noted
        twin._active = self._active
        twin._decision = twin._codes = None
        twin._features = {}
        twin._observed = None
        return twin

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        # clone shares the bots (a search's copies must not move them); a deep copy
        # plays on by itself, as the original would, so its bots are copies too (through
        # ``memo``: an env's own references to its bots get the same copies).
        twin = self.clone()
        seats = twin.match.seats
        for seat, bot in seats.bots.items():
            seats.bots[seat] = copy.deepcopy(bot, memo)
        for seat, bot in seats.stand_ins.items():
            seats.stand_ins[seat] = copy.deepcopy(bot, memo)
        return twin

    def __copy__(self) -> Table:
        return self.clone()


class GymnasiumStep:
    """The Gymnasium ``step`` of one learner at one table: :meth:`step` is
    :meth:`Table.gymnasium_step` with the learner's seat and settings kept here.

    :class:`~unoattack.envs.gymnasium.UnoAttackEnv` makes the bound :meth:`step` of one
    of these its instance's ``step`` at each reset, so that a training loop's call goes
    straight into machine code (the compiled build) instead of through a method written
    in Python that only passes the same five arguments on (about 2% of a step's time).
    """

    __slots__ = ("illegal_reward", "layout", "mode", "seat", "table")

    def __init__(
        self, table: Table, seat: int, mode: RewardMode, layout: Layout, illegal_reward: float
    ) -> None:
        self.table = table
        self.seat = seat
        self.mode: RewardMode = mode
        self.layout = layout
        self.illegal_reward = illegal_reward

    def step(self, action: SupportsInt) -> tuple[FloatArray, float, bool, bool, dict[str, Any]]:
        """:meth:`Table.gymnasium_step` of the learner's ``action``."""
        return self.table.gymnasium_step(
            self.seat, action, self.mode, self.layout, self.illegal_reward
        )


def _as_int(action: SupportsInt) -> int:
    """An action as an int: a numpy integer (what a policy samples) or an int."""
    if type(action) is int:
        return action
    return int(action)


def rewards(mode: RewardMode, step: Transition, players: int) -> list[float]:
    """Each seat's reward for one transition.

    ``match``: when the match ends, +1 to each winner and -1 to every other seat.
    ``hand``: when a hand ends, +1 to its winner and -1 to every other seat that was
    still in the match. A truncated match pays nothing.
    """
    if (mode == "match" and step.result is None) or (mode == "hand" and step.hand is None):
        return [0.0] * players
    return [
        seat_reward(mode, seat, step.hand, step.result, step.active_before)
        for seat in range(players)
    ]


def seat_reward(
    mode: RewardMode,
    seat: int,
    hand: HandResult | None,
    result: MatchResult | None,
    active_before: tuple[bool, ...],
) -> float:
    """``seat``'s reward (:func:`rewards`) for a decision that ended ``hand`` (None: no
    hand) and ``result`` (None: not the match), with ``active_before`` the seats in the
    match before it."""
    if mode == "match":
        if result is None:
            return 0.0
        return 1.0 if seat in result.winners else -1.0
    if mode == "hand":
        if hand is None:
            return 0.0
        return 1.0 if seat == hand.winner else (-1.0 if active_before[seat] else 0.0)
    raise ValueError(f"unknown reward mode {mode!r}: use one of {', '.join(REWARD_MODES)}")


def check_reward_mode(mode: str) -> RewardMode:
    """``mode`` if it is a reward mode, else ValueError naming the allowed ones."""
    if mode == "match":
        return "match"
    if mode == "hand":
        return "hand"
    raise ValueError(f"unknown reward mode {mode!r}: use one of {', '.join(REWARD_MODES)}")


# ---------------------------------------------------------------------------- rendering


def render_table(table: Table, seat: int | None = None) -> str:
    """The table as text: what everyone sees, plus ``seat``'s hand and options.

    Built from views only: ``seat``'s view for its hand, a spectator's for the rest.
    """
    game = table.game
    public = view(game, SPECTATOR)
    colour = Colour(public.colour).name.lower() if public.colour is not None else "none"
    arrow = "clockwise" if public.direction > 0 else "counter-clockwise"
    lines = [
        f"{public.edition} · hand {public.hand_number} · {public.phase} · "
        f"top {public.top} ({colour}) · {arrow} · launcher {public.launcher.stock_size} "
        f"cards, {public.launcher.presses_since_fire} since firing · pile {public.pile_size}"
    ]
    for s in range(public.players):
        marks = []
        if s == public.to_act:
            marks.append("to act")
        if s == public.dealer:
            marks.append("dealer")
        if public.said_uno[s]:
            marks.append("UNO")
        if public.catchable == s:
            marks.append("catchable")
        if not public.active[s]:
            marks.append("out")
        for duty in public.duties:
            if duty.seat == s:
                marks.append(
                    "owes "
                    + ("presses until it fires" if duty.until_fire else f"{duty.presses} presses")
                )
        note = f" ({', '.join(marks)})" if marks else ""
        lines.append(f"  P{s}: {public.hand_counts[s]} cards, score {public.scores[s]}{note}")
    if public.result is not None:
        winners = ", ".join(f"P{s}" for s in public.result.winners)
        lines.append(f"match over: {winners} won ({public.result.reason})")
    elif table.is_truncated:
        lines.append(f"truncated after {table.decisions} decisions")
    if seat is not None and 0 <= seat < public.players:
        mine = view(game, seat)
        assert mine.hand is not None
        lines.append(f"P{seat}'s hand: " + " ".join(str(c) for c in mine.hand))
        if table.seat == seat:
            options = [describe_action(c) for c in table.legal_codes()]
            kind = "out-of-turn offer" if table.reacting else "decision"
            lines.append(f"P{seat}'s {kind}: " + ", ".join(options))
    if table.recent:
        lines.append(
            "recent: " + " · ".join(f"P{s}: {describe_action(c)}" for s, c in table.recent)
        )
    return "\n".join(lines)
