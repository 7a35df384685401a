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

>>> from unoattack.engine import Game, view
>>> game = Game.new("2003", players=3, seed=7, options={"target_score": 1})
>>> table = Table(game, max_decisions=500)
>>> encoder = ObservationEncoder.for_game(game)
>>> vector = encoder.encode(view(game, table.seat), deciding=True)
>>> vector.shape, vector.dtype.name, encoder.size
((262,), 'float32', 262)
>>> mask = action_mask(table.legal_codes())
>>> int(mask.sum()) == len(game.legal_actions()), describe_action(PASS)
(True, 'pass')
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

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
    View,
    view,
)
from unoattack.engine.launcher import ScheduleModel
from unoattack.engine.match import Bot, Match, Step
from unoattack.rules.cards import FACES, Colour

__all__ = [
    "MAX_SEATS",
    "NUM_CODES",
    "PASS",
    "REWARD_MODES",
    "SEAT_FEATURES",
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
PASS = NUM_ACTIONS
#: Size of every env's discrete action space: the engine's codes plus PASS.
NUM_CODES = NUM_ACTIONS + 1
#: Seats a table can have; the observation always has this many seat slots.
MAX_SEATS = 10
#: How rewards are paid: per match (+1 each winner, -1 every other seat) or per hand.
REWARD_MODES = ("match", "hand")
RewardMode = Literal["match", "hand"]

_PHASES = ("turn", "pressing", "choose_colour", "match_over")
_SINCE_FIRE_BUCKETS = 5  # 0, 1, 2, 3 and "4 or more": the hazard model's steps
_CLIP_PRESSES = 100.0
_CLIP_SCORE = 2.0

#: The features of each seat slot, in order (slot 0 is the observing seat, slot k the
#: seat k places clockwise from it).
SEAT_FEATURES = (
    "present",  # 1 if the table has this seat
    "active",  # 1 if not eliminated (challenge scoring)
    "cards",  # cards in hand
    "said_uno",  # said UNO and holds one card
    "to_act",  # the game waits for this seat's decision
    "catchable",  # can be caught for not saying UNO
    "dealer",  # deals this hand
    "score",  # score / target score, clipped to 2
    "owed_presses",  # presses this seat owes (0 when none or "until it fires"), clipped to 100
    "until_fire",  # owes presses until the launcher yields cards
    "may_stack",  # may answer its duty with a Hit card (Mega Hit stacking)
)


@dataclass(frozen=True, slots=True)
class Segment:
    """A named slice of the observation vector."""

    name: str
    start: int
    size: int
    shape: tuple[int, ...]
    description: str

    @property
    def stop(self) -> int:
        return self.start + self.size


FloatArray = npt.NDArray[np.float32]
MaskArray = npt.NDArray[np.int8]


class ObservationEncoder:
    """Encodes one seat's view as a flat ``float32`` vector.

    The layout is the same for every edition and table size (ten seat slots, unused ones
    zero), so a policy trained at one table can be tried at another. Only ``low``/``high``
    depend on the table: they come from its public configuration (the deck's size and
    largest number of copies of a face, the target score).

    Args:
        deck_size: Cards in the deck (bounds card counts).
        max_copies: The most copies of one face in the deck (bounds the hand segment).
        target_score: The match's target score (scores are scaled by it).
    """

    def __init__(self, deck_size: int, max_copies: int, target_score: int) -> None:
        self.deck_size = deck_size
        self.target_score = max(1, target_score)
        seat_highs = {
            "cards": float(deck_size),
            "score": _CLIP_SCORE,
            "owed_presses": _CLIP_PRESSES,
        }
        parts: list[tuple[str, tuple[int, ...], float | list[float], str]] = [
            ("hand", (len(FACES),), float(max_copies), "copies of each face in my hand"),
            ("top", (len(FACES),), 1.0, "one-hot: the face on top of the discard pile"),
            ("colour", (4,), 1.0, "one-hot: colour in force R, Y, G, B (none: all 0)"),
            ("phase", (4,), 1.0, "one-hot: turn, pressing, choose_colour, match_over"),
            ("decision", (2,), 1.0, "I decide now: [my turn's decision, an out-of-turn offer]"),
            ("direction", (1,), 1.0, "1 clockwise (seat numbers rising), 0 counter-clockwise"),
            ("since_fire", (_SINCE_FIRE_BUCKETS,), 1.0, "one-hot: presses since firing 0..3, 4+"),
            ("since_reload", (1,), 95.0, "presses since the last reload, modulo 96"),
            ("stock", (1,), float(deck_size), "cards in the launcher"),
            ("pile", (1,), float(deck_size), "cards in the discard pile"),
            ("mega_pile", (1,), _CLIP_PRESSES, "presses stacked on a Mega Hit pile, clipped"),
            (
                "seats",
                (MAX_SEATS, len(SEAT_FEATURES)),
                [seat_highs.get(name, 1.0) for name in SEAT_FEATURES] * MAX_SEATS,
                "per seat, relative to me (slot k: k seats clockwise): " + ", ".join(SEAT_FEATURES),
            ),
        ]
        segments: list[Segment] = []
        highs: list[float] = []
        start = 0
        for name, shape, high, description in parts:
            size = int(np.prod(shape))
            segments.append(Segment(name, start, size, shape, description))
            highs += high if isinstance(high, list) else [high] * size
            start += size
        self.segments: tuple[Segment, ...] = tuple(segments)
        self.size = start
        self.low: FloatArray = np.zeros(self.size, np.float32)
        self.high: FloatArray = np.array(highs, np.float32)
        self._at = {s.name: s.start for s in segments}

    @classmethod
    def for_game(cls, game: Game) -> ObservationEncoder:
        """The encoder for ``game``'s table (edition deck and target score)."""
        deck = game.edition.deck
        copies = max(deck.count(face) for face in set(deck.faces))
        return cls(deck.size, copies, game.options.target_score)

    def segment(self, name: str) -> Segment:
        """The segment called ``name`` (see :attr:`segments`)."""
        for segment in self.segments:
            if segment.name == name:
                return segment
        raise KeyError(name)

    def encode(
        self,
        seen: View,
        *,
        deciding: bool = False,
        reacting: bool = False,
        perspective: int | None = None,
        out: FloatArray | None = None,
    ) -> FloatArray:
        """The vector for ``seen``, a view of the game.

        Args:
            seen: The view (a spectator view encodes an empty hand).
            deciding: The viewing seat is the one whose decision the env waits for.
            reacting: ... and that decision is an out-of-turn offer (say UNO, catch, pass).
            perspective: The seat the seat slots are relative to (default: ``seen.seat``;
                needed for a spectator view).
            out: A vector to write into instead of a new one.
        """
        vec: FloatArray = np.zeros(self.size, np.float32) if out is None else out
        if out is not None:
            vec.fill(0.0)
        at = self._at
        if seen.hand is not None:
            base = at["hand"]
            for card in seen.hand:
                vec[base + card.index] += 1.0
        vec[at["top"] + seen.top.index] = 1.0
        if seen.colour is not None:
            vec[at["colour"] + int(seen.colour)] = 1.0
        vec[at["phase"] + _PHASES.index(seen.phase)] = 1.0
        if deciding:
            vec[at["decision"] + (1 if reacting else 0)] = 1.0
        vec[at["direction"]] = 1.0 if seen.direction > 0 else 0.0
        launcher = seen.launcher
        vec[at["since_fire"] + min(launcher.presses_since_fire, _SINCE_FIRE_BUCKETS - 1)] = 1.0
        vec[at["since_reload"]] = launcher.presses_since_reload % ScheduleModel.PERIOD
        vec[at["stock"]] = launcher.stock_size
        vec[at["pile"]] = seen.pile_size
        vec[at["mega_pile"]] = min(float(seen.mega_pile), _CLIP_PRESSES)
        me = seen.seat if perspective is None else perspective
        if me == SPECTATOR:
            me = 0
        n = seen.players
        owed = [0] * n
        until_fire = [False] * n
        may_stack = [False] * n
        for duty in seen.duties:
            owed[duty.seat] += duty.presses
            until_fire[duty.seat] = until_fire[duty.seat] or duty.until_fire
            may_stack[duty.seat] = may_stack[duty.seat] or duty.may_stack
        width = len(SEAT_FEATURES)
        for slot in range(n):
            seat = (me + slot) % n
            row = at["seats"] + slot * width
            vec[row : row + width] = (
                1.0,
                1.0 if seen.active[seat] else 0.0,
                seen.hand_counts[seat],
                1.0 if seen.said_uno[seat] else 0.0,
                1.0 if seen.to_act == seat else 0.0,
                1.0 if seen.catchable == seat else 0.0,
                1.0 if seen.dealer == seat else 0.0,
                min(seen.scores[seat] / self.target_score, _CLIP_SCORE),
                min(float(owed[seat]), _CLIP_PRESSES),
                1.0 if until_fire[seat] else 0.0,
                1.0 if may_stack[seat] else 0.0,
            )
        return vec


def action_mask(codes: Iterable[int]) -> MaskArray:
    """A fresh ``int8`` mask of size :data:`NUM_CODES` with 1 at each legal code."""
    mask: MaskArray = np.zeros(NUM_CODES, np.int8)
    for code in codes:
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

    __slots__ = ("_active", "decisions", "match", "max_decisions", "recent")

    def __init__(
        self, game: Game, max_decisions: int, bots: Mapping[int, Bot] | None = None
    ) -> None:
        if max_decisions < 1:
            raise ValueError(f"max_decisions must be at least 1, got {max_decisions}")
        self.match = Match(game, bots=bots, offers=True)
        self.max_decisions = max_decisions
        self.decisions = 0
        self.recent: deque[str] = deque(maxlen=8)
        self._active = list(game.active)  # who is in the match, step by step

    # ------------------------------------------------------------------ queries

    @property
    def game(self) -> Game:
        return self.match.game

    @property
    def is_over(self) -> bool:
        """The match has ended."""
        return self.match.is_over

    @property
    def is_truncated(self) -> bool:
        """The turn cap cut the match short."""
        return not self.match.is_over and self.decisions >= self.max_decisions

    @property
    def seat(self) -> int | None:
        """The seat whose decision is awaited (None once over or truncated, or while
        the bots have something to do: see :meth:`run_bots`)."""
        if self.decisions >= self.max_decisions:
            return None
        return self.match.deciding

    @property
    def reacting(self) -> bool:
        """The awaited decision is an offer of a reaction (its options include PASS)."""
        return self.seat is not None and self.match.offered is not None

    def legal_codes(self, seat: int | None = None) -> list[int]:
        """Sorted legal codes of ``seat`` (default: the deciding seat); [] if it does not
        decide now."""
        deciding = self.seat
        if deciding is None or (seat is not None and seat != deciding):
            return []
        codes = [a.code for a in self.match.legal_actions(deciding)]
        if self.match.offered is not None:
            codes.append(PASS)
        codes.sort()
        return codes

    def view(self, seat: int) -> View:
        """``seat``'s view of the game."""
        return self.match.view(seat)

    # ------------------------------------------------------------------ acting

    def apply(self, code: int) -> Transition:
        """Apply the deciding seat's decision ``code``.

        Raises:
            IllegalAction: ``code`` is not a legal decision now (the table is unchanged).
        """
        seat = self.seat
        if seat is None:
            raise IllegalAction("the match is over" if self.is_over else "the turn cap is reached")
        if code == PASS:
            if self.match.offered != seat:
                raise IllegalAction("there is nothing to pass on: it is your turn to act")
            steps = self.match.decline(seat)
        else:
            try:
                action = Action.from_code(int(code))
            except ValueError as exc:
                raise IllegalAction(str(exc)) from None
            if action.kind is ActionKind.PENALIZE:
                raise IllegalAction("penalize is the referee's action, not a player's")
            steps = self.match.submit(seat, action)  # the match judges; raises IllegalAction
        transition = self._transitions(steps)[-1]
        return transition._replace(seat=seat, code=code)

    def run_bots(self) -> list[Transition]:
        """Let the bots act until a seat played from outside must decide (or the match
        ends, or the cap is reached); one transition per bot action."""
        steps = self.match.advance(0.0, limit=max(0, self.max_decisions - self.decisions))
        return self._transitions(steps)

    def count_idle(self) -> None:
        """Count a decision that changed nothing (an env's refused action) towards the cap."""
        self.decisions += 1

    def _transitions(self, steps: list[Step]) -> list[Transition]:
        found = []
        for step in steps:
            self.decisions += 1
            code = PASS if step.action is None else step.action.code
            self.recent.append(f"P{step.seat}: {describe_action(code)}")
            active_before = tuple(self._active)
            if step.hand is not None:
                for seat in step.hand.eliminated:
                    self._active[seat] = False
            found.append(
                Transition(
                    step.seat, code, active_before, step.hand, step.result, self.is_truncated
                )
            )
        return found

    def clone(self) -> Table:
        """An independent copy (the match is cloned with its game's random streams)."""
        twin = object.__new__(Table)
        twin.match = self.match.clone()
        twin.max_decisions = self.max_decisions
        twin.decisions = self.decisions
        twin.recent = deque(self.recent, maxlen=self.recent.maxlen)
        twin._active = list(self._active)
        return twin

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        return self.clone()

    def __copy__(self) -> Table:
        return self.clone()


def rewards(mode: RewardMode, step: Transition, players: int) -> list[float]:
    """Each seat's reward for one transition.

    ``match``: when the match ends, +1 to each winner and -1 to every other seat.
    ``hand``: when a hand ends, +1 to its winner and -1 to every other seat that was
    still in the match. A truncated match pays nothing.
    """
    paid = [0.0] * players
    if mode == "match":
        if step.result is not None:
            winners = step.result.winners
            paid = [1.0 if s in winners else -1.0 for s in range(players)]
    elif mode == "hand":
        if step.hand is not None:
            winner = step.hand.winner
            paid = [
                1.0 if s == winner else (-1.0 if step.active_before[s] else 0.0)
                for s in range(players)
            ]
    else:
        raise ValueError(f"unknown reward mode {mode!r}: use one of {', '.join(REWARD_MODES)}")
    return paid


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
        lines.append("recent: " + " · ".join(table.recent))
    return "\n".join(lines)
