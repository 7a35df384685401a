"""The ISMCTS bot: information-set Monte Carlo tree search from one seat's knowledge.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, "Information Set Monte Carlo
Tree Search", IEEE TCIAIG 2012). Each iteration samples a complete game consistent with
what the seat knows (:class:`~unoattack.engine.determinize.Sampler`, which never looks
at hidden cards), walks the tree with the actions legal in that sample (UCB1 with
availability counts, so an action is judged only against the samples it was legal in),
adds one node, plays the hand on with a fast policy and backs the result up: 1 to the
seat that wins the hand, 0 to the others. The samples weigh each opponent's hand by how
well it explains that opponent's latest plays, the heuristic bot being the model of the
player (:meth:`~unoattack.engine.determinize.Sampler.sample_explained`); at three seats
or more a search draws a hundred such samples and deals them again (:class:`SamplePool`).

The launcher is explicit chance: a press leads to one child per public outcome (how
many cards the presser took), drawn from the launcher model with a fresh random stream
in every sample. A playout stops at the end of the hand or after ``depth`` decisions;
then each seat's chance of winning the hand is estimated from cheap features of the
hands (:func:`fitted_estimate`).

UNO and catches are not searched: the bot says UNO with every play that leaves it one
card and catches whoever it can, like the heuristic bot (docs/bots.md).

>>> import random
>>> from unoattack.engine import Game
>>> from unoattack.engine.match import Match, play_out
>>> game = Game.new("mega-hit", players=2, seed=3)
>>> bots = {seat: ISMCTSBot(random.Random(seat), iterations=30) for seat in (0, 1)}
>>> play_out(Match(game, bots=bots), limit=40)
40
"""

from __future__ import annotations

import functools
import math
import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from unoattack.bots.heuristic import HeuristicBot
from unoattack.engine._compiled import mypyc_attr, reduce_dataclass
from unoattack.engine.actions import Action, ActionKind
from unoattack.engine.chance import choice
from unoattack.engine.determinize import PastTurn, Sampler
from unoattack.engine.game import Game, Phase
from unoattack.engine.view import View, view
from unoattack.rules.cards import FACES, Colour, Kind, is_digits

_TURN: Final = Phase.TURN
_PRESSING: Final = Phase.PRESSING
_PRESS: Final = ActionKind.PRESS
_STOP: Final = ActionKind.STOP
_REACTIONS: Final = (ActionKind.SAY_UNO, ActionKind.CATCH, ActionKind.PENALIZE)

#: Thinking time per decision of each level, in seconds.
LEVELS: Final[dict[str, float]] = {"easy": 0.05, "normal": 0.2, "hard": 0.5}
#: UCB1's exploration constant (rewards are in [0, 1]).
EXPLORATION: Final = 0.7
#: Decisions a playout makes before the hand sizes estimate the result. Short playouts
#: won more hands against the heuristic bot at equal thinking time (2003, heads-up, 0.1 s
#: a decision, 200-300 hands each: depth 6 won 62-64%, depths 0-2 56-58%, 12-24 55-57%).
PLAYOUT_DEPTH: Final = 6
#: How much a smaller hand raises the chance of winning it (see :func:`estimate`). The
#: launcher makes hand sizes a weak guide: fitted to 24,000 decisions of heuristic
#: matches (every edition, 2-4 players), the likelihood of who won the hand peaks near
#: 0.1, and the search won 68% against 63% with 0.3 (300 hands each, same deals).
HAND_SIZE_WEIGHT: Final = 0.1
#: Progressive bias at the root: the heuristic bot's choice (from the seat's own view)
#: gets ``PRIOR_WEIGHT / (1 + visits)`` added to its UCB score. 0: no bias.
PRIOR_WEIGHT: Final = 0.0
#: The search overrides the heuristic bot's choice only when its best decision's
#: estimate beats the heuristic's by this much (a chance of winning the hand) after at
#: least ``OVERRIDE_VISITS`` visits. None: the most visited decision, whatever the
#: heuristic would play.
OVERRIDE_MARGIN: Final[float | None] = None
OVERRIDE_VISITS: Final = 0
#: The coefficients of :func:`fitted_estimate` per edition, in the order of
#: :data:`LEAF_FEATURES`: ``python scripts/fit_leaf.py --hands 150`` (seed 1: 150 first
#: hands of heuristic self-play per edition and table of 2, 3 and 4 players; 4,800-7,400
#: positions an edition to fit, a fifth more held out). Held-out log-likelihood a
#: position, fitted against the hand sizes' ``-0.1 x cards``: 2003 -1.055 / -1.069,
#: 2010 -0.956 / -1.067, mega-hit -0.956 / -1.023.
LEAF_WEIGHTS: Final[dict[str, tuple[float, ...]]] = {
    "2003": (-0.082, 0.489, 0.240, 0.097, 0.045, -0.168, -0.003),
    "2010": (-0.155, 0.581, 0.481, 0.214, 0.127, -0.296, 0.029),
    "mega-hit": (-0.205, 0.442, 0.520, 0.253, 0.091, -0.223, 0.015),
}
#: The coefficients of the kinds leaf (:class:`KindLeaf`) per edition: heads-up (two
#: seats in play), then three seats or more; each names its :data:`KIND_LEAF_FEATURES`
#: (a kind of card by its edition-file key: how many the seat holds), the others 0.
#: ``python scripts/fit_leaf.py --leaf kinds --hands 10000`` (seed 1: 10,000 first
#: hands of heuristic self-play per edition and table of 2, 3 and 4 players; 100,000 to
#: 157,000 positions to fit heads-up, 225,000 to 349,000 at three or four seats, the
#: last fifth of the hands held out). Held-out log-likelihood a heads-up position,
#: against :data:`LEAF_WEIGHTS` on the same positions: 2003 -0.676 / -0.680, 2010
#: -0.615 / -0.628, mega-hit -0.638 / -0.644.
KIND_LEAF_WEIGHTS: Final[dict[str, tuple[dict[str, float], dict[str, float]]]] = {
    "2003": (
        {
            "number": -0.049,
            "skip": -0.003,
            "reverse": -0.016,
            "hit2": 0.010,
            "discard_all": -0.015,
            "trade_hands": -0.100,
            "wild": 0.177,
            "wild_all_hit": 0.168,
            "wild_hit_fire": 0.337,
            "one card": 0.383,
            "two cards": 0.153,
            "of the colour": 0.035,
            "to play": 0.099,
            "to press": -0.160,
            "presses owed": 0.066,
            "next": 0.062,
        },
        {
            "number": -0.079,
            "skip": -0.038,
            "reverse": -0.042,
            "hit2": -0.007,
            "discard_all": 0.111,
            "trade_hands": 0.049,
            "wild": 0.179,
            "wild_all_hit": 0.123,
            "wild_hit_fire": 0.281,
            "one card": 0.678,
            "two cards": 0.218,
            "of the colour": 0.035,
            "to play": 0.053,
            "to press": -0.194,
            "presses owed": 0.034,
            "next": 0.010,
        },
    ),
    "2010": (
        {
            "number": -0.177,
            "skip": -0.041,
            "reverse": -0.072,
            "hit2": 0.066,
            "discard_all": 0.027,
            "wild": 0.324,
            "wild_hit4": 0.686,
            "wild_attack_attack": 0.737,
            "wild_custom": 0.323,
            "one card": 0.395,
            "two cards": 0.187,
            "of the colour": 0.078,
            "to play": 0.093,
            "to press": -0.127,
            "presses owed": -0.111,
            "next": 0.035,
        },
        {
            "number": -0.183,
            "skip": -0.104,
            "reverse": -0.149,
            "hit2": -0.014,
            "discard_all": 0.199,
            "wild": 0.277,
            "wild_hit4": 0.582,
            "wild_attack_attack": 0.379,
            "wild_custom": 0.263,
            "one card": 0.689,
            "two cards": 0.247,
            "of the colour": 0.052,
            "to play": 0.083,
            "to press": -0.066,
            "presses owed": -0.169,
            "next": 0.012,
        },
    ),
    "mega-hit": (
        {
            "number": -0.156,
            "skip": -0.059,
            "reverse": -0.119,
            "hit1": 0.124,
            "hit2": 0.173,
            "discard_all": 0.060,
            "wild": 0.357,
            "wild_attack_attack": 0.468,
            "one card": 0.352,
            "two cards": 0.144,
            "of the colour": 0.064,
            "to play": 0.098,
            "to press": -0.149,
            "presses owed": -0.033,
            "next": 0.051,
        },
        {
            "number": -0.227,
            "skip": -0.148,
            "reverse": -0.161,
            "hit1": 0.117,
            "hit2": 0.148,
            "discard_all": 0.128,
            "wild": 0.332,
            "wild_attack_attack": 0.412,
            "one card": 0.591,
            "two cards": 0.195,
            "of the colour": 0.069,
            "to play": 0.075,
            "to press": -0.203,
            "presses owed": -0.052,
            "next": 0.014,
        },
    ),
}
#: The shape leaf's weights at three seats or more (heads-up it weighs as the kinds
#: leaf does), per edition: the kinds leaf's features and :data:`SHAPE_LEAF_FEATURES`,
#: fitted together by ``python scripts/fit_leaf.py --leaf shape --hands 20000 --seed 7``
#: (20,000 first hands of heuristic self-play per edition at 3 and at 4 players; 452,000
#: to 696,000 positions to fit, the last fifth of the hands held out). Held-out
#: log-likelihood a position, against :data:`KIND_LEAF_WEIGHTS` on the same positions:
#: 2003 -1.2115 / -1.2192, 2010 -1.1195 / -1.1295, mega-hit -1.1117 / -1.1243.
SHAPE_LEAF_WEIGHTS: Final[dict[str, dict[str, float]]] = {
    "2003": {
        "number": -0.034,
        "skip": 0.007,
        "reverse": -0.018,
        "hit2": 0.029,
        "discard_all": 0.143,
        "trade_hands": 0.108,
        "wild": 0.160,
        "wild_all_hit": 0.148,
        "wild_hit_fire": 0.254,
        "one card": 0.477,
        "two cards": 0.178,
        "of the colour": 0.025,
        "to play": 0.105,
        "to press": -0.130,
        "presses owed": 0.040,
        "next": 0.017,
        "three cards": 0.060,
        "four cards": 0.013,
        "five cards": -0.009,
        "second": 0.007,
        "no play": -0.287,
        "matching": 0.009,
        "colours": -0.145,
        "presses since fire": -0.064,
        "most of a colour": -0.046,
        "going out": 1.081,
        "one card next": 0.082,
        "wilds only": 0.473,
    },
    "2010": {
        "number": -0.134,
        "skip": -0.051,
        "reverse": -0.095,
        "hit2": 0.014,
        "discard_all": 0.255,
        "wild": 0.266,
        "wild_hit4": 0.458,
        "wild_attack_attack": 0.364,
        "wild_custom": 0.266,
        "one card": 0.427,
        "two cards": 0.158,
        "of the colour": 0.043,
        "to play": 0.142,
        "to press": 0.024,
        "presses owed": -0.145,
        "next": 0.024,
        "three cards": 0.041,
        "four cards": -0.003,
        "five cards": -0.028,
        "second": 0.006,
        "no play": -0.411,
        "matching": 0.025,
        "colours": -0.148,
        "presses since fire": -0.105,
        "most of a colour": -0.060,
        "going out": 1.217,
        "one card next": 0.058,
        "wilds only": 0.531,
    },
    "mega-hit": {
        "number": -0.173,
        "skip": -0.061,
        "reverse": -0.135,
        "hit1": 0.191,
        "hit2": 0.196,
        "discard_all": 0.190,
        "wild": 0.289,
        "wild_attack_attack": 0.402,
        "one card": 0.353,
        "two cards": 0.135,
        "of the colour": 0.054,
        "to play": 0.151,
        "to press": -0.075,
        "presses owed": -0.067,
        "next": 0.014,
        "three cards": 0.028,
        "four cards": -0.027,
        "five cards": -0.042,
        "second": 0.003,
        "no play": -0.419,
        "matching": 0.027,
        "colours": -0.176,
        "presses since fire": -0.106,
        "most of a colour": -0.045,
        "going out": 1.323,
        "one card next": 0.052,
        "wilds only": 0.432,
    },
}
#: Whether the fitted leaf is the kinds leaf (:class:`KindLeaf`: every kind of card
#: weighed on its own, and the table's size) rather than :data:`LEAF_WEIGHTS`' seven
#: features; option ``kinds``, and ``fitted`` for the seven. Adopted 2026-11-27: at
#: 1,000 iterations against the heuristic bot on the same deals, 2,000 hands a line
#: (docs/bots-log.md, "The kinds leaf"), it won more hands in all six lines (332 more of
#: 12,000), most in Mega Hit heads-up (1,310 against 1,191) and one of four in 2010
#: (588 against 494).
KIND_LEAF: Final = True
#: Whether the kinds leaf weighs the shape of the hands too at three seats or more
#: (:data:`SHAPE_LEAF_FEATURES`, :data:`SHAPE_LEAF_WEIGHTS`; option ``shape``, and
#: ``kinds`` for the kinds leaf alone). It predicts who wins a hand better than the
#: kinds leaf, but one searcher among three heuristic bots won no more hands with it
#: at 1,000 iterations on the default's deals (docs/bots-log.md, "The shape leaf at
#: four seats"): not adopted.
SHAPE_LEAF: Final = False
#: Whether playouts that stop early are scored by :func:`fitted_estimate` (the
#: edition's :data:`LEAF_WEIGHTS`; other editions by the hand sizes). Adopted with
#: :data:`FAIR_WILDS`: together, at 1,000 iterations against the heuristic bot on the same
#: deals (docs/bots-log.md, "Strength: the runs"), they won 55.0% of 120 hands heads-up in 2010 (the
#: hand sizes and uniform actions: 47.5%), 73.3% in 2003 (65.0%) and 60.0% in Mega Hit
#: (55.0%), and as many hands at four seats (2010: 21.7% / 20.8%, 2003: 26.7% / 25.8%);
#: either alone did not win more in 2010 (47.5%, 44.2%).
FITTED_LEAF: Final = True
#: Whether playouts draw a turn's play uniformly over the cards (not the actions: a
#: wild is four actions, one per colour; see :func:`playout_policy`). Adopted with
#: :data:`FITTED_LEAF` (see there): fair playouts keep the wilds the fitted leaf counts.
FAIR_WILDS: Final = True
#: Whether playouts keep wilds (see :func:`playout_policy`): a coloured card when one is
#: playable and the next seat holds more than two cards, and a wild's colour the one its
#: player holds most.
GREEDY_PLAYOUTS: Final = False
#: Whether playouts at three seats or more aim a play that names a target as the
#: heuristic bot aims it, at the smallest other hand, and, with :data:`FAIR_WILDS`, draw
#: such a card no more often than another (see :func:`playout_policy`). Without it a
#: Trade Hands at four seats is three actions, one per target, and the playouts trade
#: three times as often as they play any other card, each time with a seat at random.
#: One of four at 1,000 iterations, the default's deals, 2,000 hands an edition
#: (2026-12-07, docs/bots-log.md, "Aimed playouts at four seats"): 2003 +53 +- 46
#: hands, 2010 -1 +- 85, Mega Hit -9 +- 50; heads-up it plays exactly as without.
AIMED_PLAYOUTS: Final = True
#: Whether, at three seats or more, the tree searches the other seats' plays that name a
#: target (Trade Hands, Wild Attack-Attack, a Mega Hit Double attaque) only at the
#: target the heuristic bot names, the smallest other hand in play, then the highest
#: score (ties: each of them; see :func:`aimed_decisions`). The target is public, so
#: where the other seats are heuristic bots the tree then plays their aims as they do;
#: the searcher's own targets are searched. Option ``aimtree``, ``searchaims`` without.
AIMED_TREE: Final = False
#: Whether the tree searches only the wild colours its player holds most (see
#: :func:`held_colours`).
HELD_COLOURS: Final = False
#: Whether the samples take an opponent who pressed at the start of its turn to have had
#: no card it could play (:meth:`Sampler.sample_inferring`; option ``infer``, and
#: ``blind`` without). Adopted 2026-11-26: at 1,000 iterations against the heuristic bot
#: on the same deals it won 27 hands more of 720 over six lines, more in five and two
#: fewer in one (docs/bots-log.md, "Strength: the runs"). R14 lets a player renege, which the guess
#: ignores.
INFER_PRESSES: Final = True
#: Whether the samples also take an opponent who played a wild at the start of its turn
#: (keeping cards, no other hand close to going out) to have had no coloured card it
#: could play (``Sampler.sample_inferring(wilds=True)``; option ``wilds``, and
#: ``presses`` for presses alone). The heuristic bot keeps its wilds for need, as most
#: families do; but at 1,000 iterations on the default's deals it won 9 hands fewer of
#: 720 over six lines (docs/bots-log.md, "Strength: the runs"): not adopted.
INFER_WILDS: Final = False
#: Whether the samples take an opponent whose hand has not changed since it played a
#: wild to hold most of the colour it named (``sample_inferring(named=True)``; option
#: ``named``, and ``unnamed`` without). With ``wilds``, measured as it: 2 hands fewer
#: of 720, level with the default: not adopted.
INFER_NAMED: Final = False
#: Whether the samples read every press of an opponent since its last trade, not only
#: the latest (``sample_inferring(every=True)``; option ``every``, and ``latest`` for the
#: latest alone): the cards it has held since an older press avoid the faces playable at
#: that press and at every later one. Borne out by the heuristic bot's real hands, but at
#: 1,000 iterations on the default's deals it won fewer hands in all six lines: 91 of 360
#: at four seats (the default: 107), 227 of 360 heads-up (241). Not adopted.
INFER_EVERY: Final = False
#: The chance (0 to 1) the samples give an opponent of a play the heuristic bot would not
#: have made with the hand a sample deals it, when they weigh its plays
#: (:meth:`Sampler.sample_explained`; option ``explain=S``, and ``unexplained`` for
#: samples that do not weigh them). Adopted heads-up on 2026-11-28 (midday): over 2,000
#: hands a line at 1,000 iterations, on the default's deals, it won 89 +- 47 hands more
#: in 2010 (60.0% against 55.5%), 43 more in Mega Hit and 66 more in 2003. At four seats
#: it cost six times the CPU an iteration until the pool (:data:`EXPLAIN_POOL`) made it
#: cheap; pooled, one searcher among three heuristic bots won more hands in every edition,
#: and it weighs the plays at every table since that evening (docs/bots-log.md, "The
#: opponents' plays weighed at four seats").
EXPLAIN_SLACK: Final = 0.1
#: With ``explain``: how many hands a sample draws for an opponent before it keeps the
#: one that explained most of its latest plays. Four times as many (32) won no more hands
#: at four seats (682 of 2,000 in Mega Hit against 700; docs/bots-log.md, "More thinking at
#: four seats").
EXPLAIN_ATTEMPTS: Final = 8
#: With ``explain``: whether the samples also weigh an opponent's plays made before it
#: last took cards from the launcher (``Sampler.sample_explained(across=True)``; option
#: ``across``, and ``since`` for the plays since it last took a card alone). The cards
#: it still holds from such a play are part of its hand now: a sample weighs the play
#: with its hand less as many cards as it has taken since.
EXPLAIN_ACROSS: Final = False
#: Whether the samples read the launcher's reloads (option ``reloads``, and ``unread``
#: without), while :data:`POOL_SEATS` seats or more are in play (an explicit ``reloads``
#: reads them at every table): when the discard pile went back into the launcher (R18,
#: R19), the cards another seat has held since were not among those discards, which
#: the seat saw played. So the cards an opponent holds from then (at least its hand's
#: size less the cards it took since) are dealt from the cards that were unseen then,
#: not from the launcher's (``Sampler.sample_inferring(reloads=True)``,
#: ``sample_explained(reloads=True)``). Not a guess: without it a sample may deal an
#: opponent cards the rules put in the launcher. One of four at 1,000 iterations, the
#: default's deals, 2,000 hands an edition (2026-12-08, docs/bots-log.md, "The
#: launcher's reloads read"): 2003 -14 +- 39 hands, 2010 +24 +- 35, Mega Hit +7 +- 17;
#: heads-up not measured, so not read there by default.
READ_RELOADS: Final = True
#: With ``explain``: how many samples a search draws weighing the plays before it deals
#: them again (:class:`SamplePool`; option ``pool=P``), while at least
#: :data:`POOL_SEATS` seats are in play. A sample that weighs the plays costs several
#: iterations; at four seats a hundred a decision cost a 1,000-iteration search little,
#: where weighing every sample cost six times the CPU. Heads-up every iteration still
#: draws its own: at equal iterations the pool won fewer hands there (21 fewer of 2,000
#: in 2010, 14 fewer in Mega Hit; docs/bots-log.md).
EXPLAIN_POOL: Final = 100

#: The whole-number settings of a spec (``ismcts:iters=N:depth=D``), each from its least
#: to its greatest. The greatest keep a mistyped figure from freezing a table: a million
#: iterations are two to three minutes' thought a decision at the measured rate, and ten
#: thousand samples in a pool are a few hundred megabytes.
SPEC_COUNTS: Final = {
    "iters": (1, 1_000_000),
    "depth": (0, 10_000),
    "visits": (0, 1_000_000),
    "pool": (0, 10_000),
}

#: The longest ``time=S`` a spec may give a decision (ten minutes).
MAX_SPEC_SECONDS: Final = 600.0
#: The pool (:data:`EXPLAIN_POOL`) serves while at least this many seats are in play;
#: an explicit ``pool=P`` serves at every table.
POOL_SEATS: Final = 3
#: Whether the other seats' decisions in the tree are the heuristic bot's rather than
#: searched (``:model``; off: docs/bots.md, "Settings and options").
MODELLED: Final = False


def leaf_for(edition: str, fitted: bool, kinds: bool, shape: bool = False) -> KindLeaf | None:
    """The leaf evaluation of ``edition``'s playouts that stop early: the shape leaf
    (``kinds`` and ``shape``), the kinds leaf (``kinds``), the seven fitted features
    (``fitted``, as a :class:`KindLeaf` that weighs them), or None for the hand sizes
    (and editions without fitted weights)."""
    if not fitted:
        return None
    if not kinds:
        return seven_feature_leaf(edition)
    return shape_leaf(edition) if shape else kind_leaf(edition)


@mypyc_attr(allow_interpreted_subclasses=True)  # copyable: see _compiled
class HeuristicLikelihood:
    """How likely a player was to make a past play (:class:`PastTurn`) if it played as
    the heuristic bot ``model`` does: 1 when the model, in its view of that position,
    plays the same card (a wild naming the same colour), else ``slack``. An object, not a
    closure, so that a bot holding it pickles and copies with its own model."""

    def __init__(self, model: HeuristicBot, slack: float) -> None:
        self.model = model
        self.slack = slack

    def __call__(self, seen: View, turn: PastTurn) -> float:
        action = self.model.choose(seen)
        if action.card == turn.card and (action.colour is None or action.colour == turn.named):
            return 1.0
        return self.slack


def explainer(rng: random.Random, slack: float = EXPLAIN_SLACK) -> HeuristicLikelihood:
    """The heuristic bot as the model of the players (:class:`HeuristicLikelihood`), its
    tie-breaks seeded from ``rng``."""
    return HeuristicLikelihood(HeuristicBot(random.Random(rng.getrandbits(32))), slack)


def adopted(knowledge: Sampler, rng: random.Random) -> dict[str, Any]:
    """The keyword arguments of :func:`search` that the bot and the coach use unless told
    otherwise at ``knowledge``'s decision: the adopted settings above, with the edition's
    leaf weights, the model that explains the opponents' plays (its seed drawn from
    ``rng``) and, while :data:`POOL_SEATS` or more seats are in play, its pool."""
    pooled = knowledge.seats_in_play >= POOL_SEATS
    return {
        "leaf": leaf_for(knowledge.edition, FITTED_LEAF, KIND_LEAF, SHAPE_LEAF),
        "fair_wilds": FAIR_WILDS,
        "greedy": GREEDY_PLAYOUTS,
        "aimed": AIMED_PLAYOUTS,
        "aimed_tree": AIMED_TREE,
        "held": HELD_COLOURS,
        "infer_presses": INFER_PRESSES,
        "infer_wilds": INFER_WILDS,
        "infer_named": INFER_NAMED,
        "infer_every": INFER_EVERY,
        "explain": explainer(rng),
        "explain_across": EXPLAIN_ACROSS,
        "reloads": READ_RELOADS and pooled,
        "pool": EXPLAIN_POOL if pooled else 0,
    }


@mypyc_attr(allow_interpreted_subclasses=True)
class SamplePool:
    """The first ``size`` samples of a search, dealt again: past them, each iteration
    plays a copy of a kept sample (round robin) with its unseen cards outside the hands
    (the launcher's and the aside) shuffled again, so the launcher's future stays
    chance. Weighing the opponents' plays (``explain``) costs several times an
    iteration; a pool pays it ``size`` times a decision instead of at every iteration,
    and the hands stay drawn as the weighing draws them."""

    def __init__(self, draw: Callable[[random.Random], Game], size: int) -> None:
        self.draw = draw
        self.size = size
        self.kept: list[Game] = []
        self.served = 0

    def __call__(self, rng: random.Random) -> Game:
        kept = self.kept
        if len(kept) < self.size:
            game = self.draw(rng)
            kept.append(game.search_copy(rng))
            return game
        game = kept[self.served % self.size].search_copy(rng)
        self.served += 1
        launcher = game.launcher
        in_stock = len(launcher.stock)
        draw = rng.random
        # Sorting by random keys shuffles uniformly, as the sampler's deal does.
        unseen = sorted(launcher.stock + game.aside, key=lambda _card: draw())
        launcher.stock = unseen[:in_stock]
        game.aside = unseen[in_stock:]
        return game


def decisions(legal: Sequence[Action]) -> list[Action]:
    """The decisions worth searching among ``legal``: no out-of-turn actions, no play
    that keeps quiet when the same play may say UNO, and no press when one may stop
    (``stop_after_fire=choose``: another press only ever adds cards to one's hand, and
    the playouts could not tell that from noise in a few thousand iterations)."""
    # A play's UNO twin comes right after it in the action table (ACTIONS): the codes
    # of the quiet twins are those of the plays that say UNO, less one.
    quiet = {a.code - 1 for a in legal if a.uno}
    may_stop = any(a.kind is _STOP for a in legal)
    return [
        a
        for a in legal
        if a.kind not in _REACTIONS and not (may_stop and a.kind is _PRESS) and a.code not in quiet
    ]


def held_colours(hand: Iterable[Colour | None], legal: list[Action]) -> list[Action]:
    """``legal`` less the actions naming a colour (a wild's, a wild start card's) that
    the ``hand`` (its cards' colours) holds fewer cards of than another colour. A wild is
    four decisions, one per colour, so a hand of three wilds and five coloured cards is
    seventeen; the search then spreads its iterations over colours the heuristic bot
    would never name."""
    if all(a.colour is None for a in legal):
        return legal
    held = [0, 0, 0, 0]
    for colour in hand:
        if colour is not None:
            held[colour] += 1
    most = max(held)
    kept = [a for a in legal if (c := a.colour) is None or held[c] == most]
    return kept or legal


#: The leaf features of a seat (:func:`leaf_features`), in order.
LEAF_FEATURES: Final = ("cards", "one card", "wilds", "action cards", "to play", "to press", "next")
_WILD_FACE: Final = tuple(card.is_wild for card in FACES)
_ACTION_FACE: Final = tuple(not card.is_wild and card.kind is not Kind.NUMBER for card in FACES)


def leaf_features(game: Game) -> list[tuple[int, ...] | None]:
    """Each seat's leaf features (:data:`LEAF_FEATURES`; None for a seat out of play):
    its cards, whether it holds one, its wilds, its coloured action cards, whether it
    is to play a turn, to press under a duty, or next after the seat to act."""
    faces = game.faces
    to_act = game.to_act
    pressing = game.phase is _PRESSING
    after = game._succ[to_act] if to_act is not None else -1
    rows: list[tuple[int, ...] | None] = []
    for s, hand in enumerate(game.hands):
        if not game.active[s]:
            rows.append(None)
            continue
        wilds = actions = 0
        for card_id in hand:
            index = faces[card_id].index
            wilds += _WILD_FACE[index]
            actions += _ACTION_FACE[index]
        cards = len(hand)
        acting = s == to_act
        rows.append(
            (
                cards,
                cards == 1,
                wilds,
                actions,
                acting and not pressing,
                acting and pressing,
                s == after,
            )
        )
    return rows


#: The kinds leaf's features of a seat besides its cards of each kind, in order.
KIND_LEAF_SEAT_FEATURES: Final = (
    "one card",
    "two cards",
    "of the colour",
    "to play",
    "to press",
    "presses owed",
    "next",
)
#: The shape leaf's features besides the kinds leaf's, in order (weighed at three seats
#: or more; :data:`SHAPE_LEAF_WEIGHTS`): whether the seat holds three, four or five
#: cards; whether it is second after the seat to act; whether it is to play a turn with
#: no card of the colour in play, none matching the top card's symbol and no wild ("no
#: play"); its cards matching the top card's symbol in another colour; how many colours
#: it holds; under a duty, the launcher's presses since it last fired (up to
#: :data:`SINCE_FIRE_CAP`); its cards of the colour it holds most; whether it is to play
#: a turn holding one card it can play ("going out"); whether it is next holding one
#: card; whether it holds wilds alone.
SHAPE_LEAF_FEATURES: Final = (
    "three cards",
    "four cards",
    "five cards",
    "second",
    "no play",
    "matching",
    "colours",
    "presses since fire",
    "most of a colour",
    "going out",
    "one card next",
    "wilds only",
)
#: Every feature of :func:`kind_leaf_features`, in order: a seat's cards of each kind
#: (by its edition-file key), the kinds leaf's others, the shape leaf's.
KIND_LEAF_FEATURES: Final = (
    *(kind.key for kind in Kind),
    *KIND_LEAF_SEAT_FEATURES,
    *SHAPE_LEAF_FEATURES,
)
#: Presses owed count up to this many in the kinds leaf (longer duties are rare). A
#: Wild Hit-Fire's duty, until the launcher fires, owes no count: it counts 0.
OWED_CAP: Final = 4
#: The launcher's presses since it last fired count up to this many in the shape leaf.
SINCE_FIRE_CAP: Final = 6
#: Each face's colour as a number, 4 for a wild; and its symbol (kind and number), which
#: a card of another colour matches (-1 for a wild: a wild matches by being wild).
_COLOUR_CODE: Final = tuple(4 if card.colour is None else int(card.colour) for card in FACES)
_SYMBOL: Final = tuple(
    -1 if card.is_wild else int(card.kind) * 16 + (card.number or 0) for card in FACES
)


def kind_leaf_features(game: Game) -> list[tuple[int, ...] | None]:
    """Each seat's leaf features (:data:`KIND_LEAF_FEATURES`; None for a seat out of
    play): its cards of each kind, whether it holds one card or two, its cards of the
    colour in play, whether it is to play a turn, to press under a duty (and how many
    presses it owes, up to :data:`OWED_CAP`), or next after the seat to act; then the
    shape leaf's (:data:`SHAPE_LEAF_FEATURES`). What :class:`KindLeaf` weighs, written
    out (for fitting and checking it)."""
    faces = game.faces
    to_act = game.to_act
    pressing = game.phase is _PRESSING
    after = game._succ[to_act] if to_act is not None else -1
    second = game._succ[after] if after >= 0 else -1
    owed = min(game.duties[0].left, OWED_CAP) if pressing else 0
    since_fire = min(game.launcher.since_fire, SINCE_FIRE_CAP)
    top_symbol = _SYMBOL[faces[game.pile[-1]].index]
    rows: list[tuple[int, ...] | None] = []
    for s, hand in enumerate(game.hands):
        if not game.active[s]:
            rows.append(None)
            continue
        kinds = [0] * len(Kind)
        held = [0, 0, 0, 0]
        of_colour = matching = wilds = 0
        for card_id in hand:
            face = faces[card_id]
            kinds[face.kind] += 1
            if face.colour is None:
                wilds += 1
                continue
            held[face.colour] += 1
            if face.colour == game.colour:
                of_colour += 1
            elif _SYMBOL[face.index] == top_symbol:
                matching += 1
        cards = len(hand)
        acting = s == to_act
        playing = acting and not pressing
        no_play = playing and of_colour == 0 and matching == 0 and wilds == 0
        rows.append(
            (
                *kinds,
                cards == 1,
                cards == 2,
                of_colour,
                playing,
                acting and pressing,
                owed if acting else 0,
                s == after,
                cards == 3,
                cards == 4,
                cards == 5,
                s == second and not acting,
                no_play,
                matching,
                4 - held.count(0),
                since_fire if acting and pressing else 0,
                max(held),
                playing and cards == 1 and not no_play,
                s == after and cards == 1,
                cards > 0 and wilds == cards,
            )
        )
    return rows


@mypyc_attr(allow_interpreted_subclasses=True)
class KindLeaf:
    """The kinds leaf of an edition: who wins the hand, as a conditional logit of each
    seat's cards of every kind, of the colour in play, whether it holds one or two, and
    whether it is to play, to press (and how many presses it owes) or next; with weights
    for :data:`SHAPE_LEAF_FEATURES`, the shape leaf (:data:`KIND_LEAF_FEATURES`; one set
    of weights heads-up, one for more seats).

    The weights of a seat's cards are summed face by face, from a table per colour in
    play (a card of that colour carries the colour's weight too), so a seat costs one
    lookup a card; the shape's features, where a table weighs them, a second pass.
    """

    __slots__ = ("extras", "faces", "shapes")

    def __init__(self, weights: tuple[dict[str, float], dict[str, float]]) -> None:
        for table in weights:
            unknown = set(table) - set(KIND_LEAF_FEATURES)
            if unknown:
                raise ValueError(f"unknown leaf features: {sorted(unknown)}")
        #: [heads-up or not][colour in play, 4 for none][face index] -> weight
        self.faces: list[list[list[float]]] = []
        #: [heads-up or not] -> one card, two cards, to play, to press, a press owed, next
        self.extras: list[tuple[float, ...]] = []
        #: [heads-up or not] -> the weights of SHAPE_LEAF_FEATURES, or None if all are 0
        self.shapes: list[tuple[float, ...] | None] = []
        for table in weights:
            by_colour = []
            for colour in (*Colour, None):
                by_colour.append(
                    [
                        table.get(face.kind.key, 0.0)
                        + (
                            table.get("of the colour", 0.0)
                            if colour is not None and face.colour == colour
                            else 0.0
                        )
                        for face in FACES
                    ]
                )
            self.faces.append(by_colour)
            self.extras.append(
                tuple(
                    table.get(name, 0.0)
                    for name in (
                        "one card",
                        "two cards",
                        "to play",
                        "to press",
                        "presses owed",
                        "next",
                    )
                )
            )
            shape = tuple(table.get(name, 0.0) for name in SHAPE_LEAF_FEATURES)
            self.shapes.append(shape if any(shape) else None)

    def estimate(self, game: Game) -> list[float]:
        """Each seat's chance of winning the hand (0 for a seat out of play)."""
        table = 0 if game.n_active == 2 else 1
        colour = game.colour
        weights = self.faces[table][4 if colour is None else colour]
        w_one, w_two, w_play, w_press, w_owed, w_next = self.extras[table]
        shape = self.shapes[table]
        faces = game.faces
        to_act = game.to_act
        pressing = game.phase is _PRESSING
        after = game._succ[to_act] if to_act is not None else -1
        active = game.active
        exps = []
        for s, hand in enumerate(game.hands):
            if not active[s]:
                exps.append(0.0)
                continue
            z = 0.0
            for card_id in hand:
                z += weights[faces[card_id].index]
            cards = len(hand)
            if cards == 1:
                z += w_one
            elif cards == 2:
                z += w_two
            if s == to_act:
                if pressing:
                    z += w_press + w_owed * min(game.duties[0].left, OWED_CAP)
                else:
                    z += w_play
            elif s == after:
                z += w_next
            if shape is not None:
                z += _shape_terms(game, shape, s, after)
            exps.append(math.exp(z))
        total = sum(exps)
        return [e / total for e in exps]


def _shape_terms(game: Game, weights: tuple[float, ...], seat: int, after: int) -> float:
    """The shape leaf's part of ``seat``'s logit (:data:`SHAPE_LEAF_FEATURES`, as
    :func:`kind_leaf_features` writes them out) under ``weights``."""
    (
        w_three,
        w_four,
        w_five,
        w_second,
        w_no_play,
        w_matching,
        w_colours,
        w_since_fire,
        w_most,
        w_going_out,
        w_one_next,
        w_wilds_only,
    ) = weights
    faces = game.faces
    colour = game.colour
    in_play = 4 if colour is None else int(colour)
    top_symbol = _SYMBOL[faces[game.pile[-1]].index]
    held = [0, 0, 0, 0, 0]  # each colour's cards, then the wilds
    matching = 0
    hand = game.hands[seat]
    for card_id in hand:
        index = faces[card_id].index
        code = _COLOUR_CODE[index]
        held[code] += 1
        if code != in_play and code != 4 and _SYMBOL[index] == top_symbol:
            matching += 1
    wilds = held[4]
    cards = len(hand)
    z = w_matching * matching + w_most * max(held[0], held[1], held[2], held[3])
    z += w_colours * ((held[0] > 0) + (held[1] > 0) + (held[2] > 0) + (held[3] > 0))
    if cards == 3:
        z += w_three
    elif cards == 4:
        z += w_four
    elif cards == 5:
        z += w_five
    if cards and wilds == cards:
        z += w_wilds_only
    to_act = game.to_act
    if seat == to_act:
        if game.phase is _PRESSING:
            z += w_since_fire * min(game.launcher.since_fire, SINCE_FIRE_CAP)
        elif (in_play == 4 or held[in_play] == 0) and matching == 0 and wilds == 0:
            z += w_no_play
        elif cards == 1:
            z += w_going_out
    elif seat == after:
        if cards == 1:
            z += w_one_next
    elif to_act is not None and seat == game._succ[after]:
        z += w_second
    return z


@functools.cache
def kind_leaf(edition: str) -> KindLeaf | None:
    """The kinds leaf of ``edition`` (None for an edition without fitted weights: its
    playouts are scored by the hand sizes)."""
    weights = KIND_LEAF_WEIGHTS.get(edition)
    return None if weights is None else KindLeaf(weights)


@functools.cache
def shape_leaf(edition: str) -> KindLeaf | None:
    """The shape leaf of ``edition``: the kinds leaf heads-up, and at three seats or more
    :data:`SHAPE_LEAF_WEIGHTS` (the kinds leaf where the edition has no such weights;
    None without fitted weights)."""
    weights = KIND_LEAF_WEIGHTS.get(edition)
    if weights is None:
        return None
    return KindLeaf((weights[0], SHAPE_LEAF_WEIGHTS.get(edition, weights[1])))


def seven_feature_weights(weights: Sequence[float]) -> dict[str, float]:
    """The seven features' weights (:data:`LEAF_FEATURES`, :data:`LEAF_WEIGHTS`) as
    the kinds leaf's: a card of each kind weighs a card, plus a wild's or a coloured
    action card's weight; one card, to play, to press and next as they are."""
    w_cards, w_one, w_wilds, w_actions, w_play, w_press, w_next = weights
    table = {
        kind.key: w_cards
        + (w_wilds if kind.is_wild else w_actions if kind is not Kind.NUMBER else 0.0)
        for kind in Kind
    }
    table.update({"one card": w_one, "to play": w_play, "to press": w_press, "next": w_next})
    return table


@functools.cache
def seven_feature_leaf(edition: str) -> KindLeaf | None:
    """The seven-feature leaf of ``edition`` (:data:`LEAF_WEIGHTS`) as a
    :class:`KindLeaf`, the same at every table size (None without weights)."""
    weights = LEAF_WEIGHTS.get(edition)
    if weights is None:
        return None
    table = seven_feature_weights(weights)
    return KindLeaf((table, table))


def fitted_estimate(game: Game, weights: Sequence[float]) -> list[float]:
    """Each seat's chance of winning the hand: ``exp(weights · features)`` per seat in
    play (:func:`leaf_features`), normalised (the seven-feature leaf, ``:fitted``)."""
    table = seven_feature_weights(weights)
    return KindLeaf((table, table)).estimate(game)


def estimate(game: Game) -> list[float]:
    """Each seat's chance of winning the hand, guessed from the hands' sizes: a weight of
    ``exp(-HAND_SIZE_WEIGHT * cards)`` per seat in play, normalised."""
    weights = [
        math.exp(-HAND_SIZE_WEIGHT * len(hand)) if game.active[s] else 0.0
        for s, hand in enumerate(game.hands)
    ]
    total = sum(weights)
    return [w / total for w in weights]


def playout_policy(
    game: Game,
    seat: int,
    rng: random.Random,
    fair_wilds: bool = False,
    greedy: bool = False,
    aimed: bool = False,
) -> Action:
    """The fast policy of playouts: on a turn, a random play (saying UNO with it when it
    may), pressing only when nothing can be played; under presses, stop when allowed,
    else stack a Hit card when one may be stacked (Mega Hit), else press; a random
    colour. It reads the legal actions' fixed order (:func:`movegen.legal_actions
    <unoattack.engine.movegen.legal_actions>`): a turn's plays, each play that may say
    UNO just before its UNO twin, then the press; a duty's press, stop, then stacks; an
    out-of-turn reaction last.

    With ``fair_wilds``, a turn's random play is uniform over the cards rather than over
    the actions: a wild has a variant per colour (four actions), so a uniform action
    plays wilds four times as often as a coloured card; a wild's variant is kept with
    probability 1/4, else the play is drawn again.

    With ``greedy``, a turn keeps wilds for need, as the heuristic bot does: while a
    coloured card is playable and the next seat holds more than two cards, the play is
    drawn among the coloured cards' plays only; a wild names the colour its player holds
    most (ties: each of them).

    With ``aimed``, at three seats or more, a turn's random play that names a target
    (Trade Hands, Wild Attack-Attack) names the smallest other hand (ties: one of them at
    random), as the heuristic bot aims; with ``fair_wilds`` as well, such a card is drawn
    no more often than another (a face has a play per target, so a variant is kept with
    probability one over the targets, times 1/4 for a wild). Heads-up a play has one
    target, and ``aimed`` changes nothing."""
    legal = game.legal_actions(seat)
    count = len(legal)
    if legal[-1].kind in _REACTIONS:
        count -= 1
    if count == 1:
        return legal[0]
    phase = game.phase
    if phase is _TURN:
        plays = count - 1  # the press comes last
        if greedy:
            return _greedy_play(game, seat, legal, plays, rng)
        index = int(rng.random() * plays)
        action = legal[index]
        # Aimed at three seats or more, a card that names a target is one play, not one
        # per target (heads-up there is one target: nothing changes).
        targets = game.n_active - 1 if aimed else 1
        if fair_wilds:
            # A card is drawn as often as another: a wild's play (one per colour) is kept
            # with probability 1/4, an aimed play (one per target) with 1/targets.
            while action.colour is not None or (targets > 1 and action.target is not None):
                keep = 0.25 if action.colour is not None else 1.0
                if targets > 1 and action.target is not None:
                    keep /= targets
                if rng.random() < keep:
                    break
                index = int(rng.random() * plays)
                action = legal[index]
        if targets > 1 and action.target is not None:
            return _aimed(game, seat, legal[:plays], action, rng)
        if not action.uno and index + 1 < plays and legal[index + 1].uno:
            return legal[index + 1]  # the same play, saying UNO
        return action
    if phase is _PRESSING:
        second = legal[1]
        if second.kind is _STOP:
            return second
        return legal[1 + int(rng.random() * (count - 1))]  # a stack
    return legal[int(rng.random() * count)]


_UNO_NEAR: Final = 2  # the heuristic bot's "close to going out"


def _aimed(
    game: Game, seat: int, plays: Sequence[Action], drawn: Action, rng: random.Random
) -> Action:
    """``drawn``'s card and colour, played at the smallest hand but ``seat``'s (the
    heuristic bot's target; ties: one at random), saying UNO with it when it may."""
    hands = game.hands
    active = game.active
    smallest = len(game.faces)
    targets: list[int] = []
    for other in range(game.n):
        if other == seat or not active[other]:
            continue
        size = len(hands[other])
        if size < smallest:
            smallest, targets = size, [other]
        elif size == smallest:
            targets.append(other)
    target = targets[0] if len(targets) == 1 else targets[int(rng.random() * len(targets))]
    card, colour = drawn.card, drawn.colour
    found = drawn
    for action in plays:
        if action.card is card and action.colour is colour and action.target == target:
            if action.uno:
                return action
            found = action
    return found


def aimed_decisions(game: Game, seat: int, legal: list[Action]) -> list[Action]:
    """``legal`` with each play that names a target kept only where it names the heuristic
    bot's target (:class:`~unoattack.bots.heuristic.HeuristicBot`'s attack target and
    Trade Hands partner): the smallest other hand in play, then the highest score, every
    seat tied for it kept. A card none of whose plays names such a seat keeps them all.
    Both figures are public, so a search can model a heuristic seat's aim exactly.

    >>> from unoattack.engine import Game
    >>> game = Game.new("2003", players=4, seed=1)
    >>> legal = game.legal_actions(game.to_act)
    >>> aimed_decisions(game, game.to_act, legal) == legal  # no play that names a target
    True
    """
    aiming = [action for action in legal if action.target is not None]
    if not aiming:
        return legal
    hands, scores, active = game.hands, game.scores, game.active
    best = min((len(hands[s]), -scores[s]) for s in range(game.n) if s != seat and active[s])
    targets = {
        s for s in range(game.n) if s != seat and active[s] and (len(hands[s]), -scores[s]) == best
    }
    aimed_cards = {action.card for action in aiming if action.target in targets}
    return [
        action
        for action in legal
        if action.target is None or action.target in targets or action.card not in aimed_cards
    ]


def _greedy_play(
    game: Game, seat: int, legal: Sequence[Action], plays: int, rng: random.Random
) -> Action:
    """A turn's play of the greedy playout policy (see :func:`playout_policy`) among the
    first ``plays`` of ``legal``."""
    coloured = [i for i in range(plays) if legal[i].colour is None]
    after = game._succ[seat]
    if coloured and len(game.hands[after]) > _UNO_NEAR:
        pool = coloured
    else:
        held = [0, 0, 0, 0]
        faces = game.faces
        for card_id in game.hands[seat]:
            colour = faces[card_id].colour
            if colour is not None:
                held[colour] += 1
        most = max(held)
        pool = coloured + [
            i for i in range(plays) if (c := legal[i].colour) is not None and held[c] == most
        ]
        if not pool:  # no wild may name the colour held most: any play
            pool = list(range(plays))
    index = pool[int(rng.random() * len(pool))]
    action = legal[index]
    if not action.uno and index + 1 < plays and legal[index + 1].uno:
        return legal[index + 1]  # the same play, saying UNO
    return action


class _Edge:
    """An action from a node: its statistics and the nodes it led to, one per public
    outcome (a press's cards; 0 otherwise)."""

    __slots__ = ("action", "available", "children", "reward", "seat", "visits")

    def __init__(self, action: Action, seat: int) -> None:
        self.action = action
        self.seat = seat  # who takes it: rewards are that seat's
        self.visits = 0
        self.reward = 0.0
        self.available = 0  # iterations in which it was legal
        self.children: dict[int, _Node] = {}


class _Node:
    __slots__ = ("edges",)

    def __init__(self) -> None:
        self.edges: dict[int, _Edge] = {}


class MoveEstimate(NamedTuple):
    """A root decision after a search: how often it was tried and the seat's estimated
    chance of winning the hand by taking it."""

    action: Action
    visits: int
    win_chance: float


@dataclass(frozen=True, slots=True)
class SearchResult:
    estimates: tuple[MoveEstimate, ...]  # most visited first
    iterations: int
    seconds: float

    @property
    def best(self) -> Action:
        return self.estimates[0].action

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_dataclass(self)  # pickle and copy it compiled too (see _compiled)


def search(
    knowledge: Sampler,
    rng: random.Random,
    *,
    iterations: int | None = None,
    seconds: float | None = None,
    depth: int = PLAYOUT_DEPTH,
    guide: HeuristicBot | None = None,
    settle: bool = True,
    hint: Action | None = None,
    prior: float = 0.0,
    settle_on: int | None = None,
    leaf: KindLeaf | None = None,
    fair_wilds: bool = False,
    greedy: bool = False,
    aimed: bool = False,
    aimed_tree: bool = False,
    held: bool = False,
    exploration: float = EXPLORATION,
    infer_presses: bool = False,
    infer_wilds: bool = False,
    infer_named: bool = False,
    infer_every: bool = False,
    explain: Callable[[View, PastTurn], float] | None = None,
    explain_across: bool = False,
    reloads: bool = False,
    pool: int = 0,
    model: HeuristicBot | None = None,
) -> SearchResult:
    """Search the decision of ``knowledge.seat`` from what that seat knows.

    Stops after ``iterations`` (reproducible with a seeded ``rng``) or ``seconds`` of
    thinking, whichever comes first (at least one must be given), or sooner (with
    ``settle``) once the most tried decision cannot be overtaken in what is left. With
    ``guide``, the playouts follow the heuristic bot (stronger, several times slower).
    With ``hint`` (a decision) and ``prior`` > 0, the root's UCB score of ``hint`` gets
    ``prior / (1 + visits)`` more (progressive bias). With ``settle_on`` (an action
    code), the search settles early only when that decision leads. With ``leaf`` (a
    :class:`KindLeaf`, see :func:`leaf_for`), playouts that stop early are scored by it
    instead of :func:`estimate`. ``fair_wilds``, ``greedy`` and ``aimed``:
    see :func:`playout_policy`. With ``aimed_tree``, at three seats or more, the other
    seats' plays in the tree that name a target name the heuristic bot's
    (:func:`aimed_decisions`).
    With ``held``, the tree searches only the wild colours its player holds most
    (:func:`held_colours`). ``exploration``: UCB1's constant. With ``infer_presses``, the
    samples take an opponent who pressed at the start of its turn to have had no card it
    could play (:meth:`Sampler.sample_inferring`), and with ``infer_wilds`` as well one
    who played a wild there, with no other hand close to going out, to have had no
    coloured card it could play; with ``infer_named``, one whose hand has not changed
    since it played a wild to hold most of the colour it named. With ``infer_every`` (and
    ``infer_presses``; it reads presses alone), every press of an opponent since its last
    trade counts, not only the latest. With ``explain`` (a model of the players, see
    :class:`HeuristicLikelihood`), the samples infer from the latest presses as with
    ``infer_presses`` and weigh each opponent's hand by how likely its latest plays were
    (:meth:`Sampler.sample_explained`); the ``infer_`` options are then not read. With
    ``explain_across`` as well, the plays an opponent made before it last took cards are
    weighed too (``sample_explained(across=True)``). With ``reloads``, the samples read
    the launcher's last reload from the discard pile: an opponent's cards held since
    were unseen then (``reloads=True``, with ``explain`` or ``infer_presses``). With
    ``pool`` as well, only the first ``pool`` samples are drawn so, and the iterations
    after them deal those again (:class:`SamplePool`).
    With ``model`` (a heuristic bot), the other seats' decisions in the tree are not
    searched: each plays the model's choice from its view of the sample (the hand the
    sample deals it), so the tree branches on this seat's decisions and the launcher's.
    """
    if iterations is None and seconds is None:
        raise ValueError("give iterations, seconds or both")
    started = time.perf_counter()
    deadline = math.inf if seconds is None else started + seconds
    limit = iterations if iterations is not None else 1 << 62
    root = _Node()
    hand = knowledge.hand_number
    sample: Callable[[random.Random], Game] = knowledge.sample
    if explain is not None:
        sample = functools.partial(
            knowledge.sample_explained,
            likelihood=explain,
            attempts=EXPLAIN_ATTEMPTS,
            across=explain_across,
            reloads=reloads,
        )
        if pool:
            sample = SamplePool(sample, pool)
    elif infer_presses:
        sample = functools.partial(
            knowledge.sample_inferring,
            wilds=infer_wilds,
            named=infer_named,
            every=infer_every,
            # The reloads are read with the latest press alone.
            reloads=reloads and not (infer_wilds or infer_named or infer_every),
        )
    bias = {hint.code: prior} if hint is not None and prior > 0 else None
    done = 0
    while done < limit:
        _iterate(
            sample(rng),
            root,
            hand,
            rng,
            depth,
            guide,
            bias,
            leaf,
            fair_wilds,
            greedy,
            held,
            exploration,
            model,
            knowledge.seat,
            aimed,
            aimed_tree and knowledge.seats_in_play > 2,
        )
        done += 1
        if done & 15:
            continue
        # Every 16 iterations: the clock (it costs as much as a few decisions), and
        # whether the leader can still be caught in the iterations left.
        now = time.perf_counter()
        if now >= deadline:
            break
        left = limit - done
        if seconds is not None:
            left = min(left, int(done * (deadline - now) / (now - started)) + 1)
        if settle and _settled(root, left, settle_on):
            break
    edges = root.edges.values()
    estimates = sorted(
        (MoveEstimate(e.action, e.visits, e.reward / e.visits if e.visits else 0.0) for e in edges),
        key=lambda e: (-e.visits, -e.win_chance, e.action.code),
    )
    if not estimates:  # no iteration ran
        legal = decisions(knowledge.legal_actions())
        if held:
            cards = knowledge.view().hand or ()
            legal = held_colours((card.colour for card in cards), legal)
        estimates = [MoveEstimate(legal[0], 0, 0.0)]
    return SearchResult(tuple(estimates), done, time.perf_counter() - started)


def _settled(root: _Node, left: int, only: int | None = None) -> bool:
    """Whether the most visited decision stays the most visited whatever the ``left``
    iterations to come do (they could all go to the runner-up); with ``only``, and
    that decision (an action code) is the one leading."""
    first = second = 0
    leader = -1
    for code, edge in root.edges.items():
        visits = edge.visits
        if visits > first:
            first, second, leader = visits, first, code
        elif visits > second:
            second = visits
    return first - second > left and (only is None or leader == only)


def _iterate(
    game: Game,
    root: _Node,
    hand: int,
    rng: random.Random,
    depth: int,
    guide: HeuristicBot | None,
    bias: dict[int, float] | None = None,
    leaf: KindLeaf | None = None,
    fair_wilds: bool = False,
    greedy: bool = False,
    held: bool = False,
    exploration: float = EXPLORATION,
    model: HeuristicBot | None = None,
    searcher: int = -1,
    aimed: bool = False,
    aimed_tree: bool = False,
) -> None:
    """One iteration on the sampled ``game``: select, expand, play out, back up (with
    ``bias``: a bonus ``bias[code] / (1 + visits)`` to root edges' scores; with
    ``model``, the seats other than ``searcher`` play its choices; with ``aimed_tree``,
    they aim as the heuristic bot aims, :func:`aimed_decisions`)."""
    node = root
    path: list[_Edge] = []
    while not game.is_over and game.hand_number == hand:
        seat = game.to_act
        assert seat is not None
        if model is not None and seat != searcher:
            # Not searched: the model decides with the cards this sample deals the seat.
            action = model.choose(view(game, seat))
            if action.kind in _REACTIONS:
                action = playout_policy(game, seat, rng, fair_wilds, greedy, aimed)
            edge = node.edges.get(action.code)
            if edge is None:
                edge = node.edges[action.code] = _Edge(action, seat)
            node = _descend(game, edge, seat)
            path.append(edge)
            continue
        legal = decisions(game.legal_actions(seat))
        if held:
            faces = game.faces
            legal = held_colours((faces[i].colour for i in game.hands[seat]), legal)
        if aimed_tree and seat != searcher:
            legal = aimed_decisions(game, seat, legal)
        edges = node.edges
        untried = []
        for action in legal:
            edge = edges.get(action.code)
            if edge is None:
                untried.append(action)
            else:
                edge.available += 1
        if untried:
            action = untried[0] if len(untried) == 1 else choice(rng, untried)
            edge = edges[action.code] = _Edge(action, seat)
            edge.available += 1
            _descend(game, edge, seat)
            path.append(edge)
            break
        best = None
        best_score = -1.0
        for action in legal:
            edge = edges[action.code]
            score = edge.reward / edge.visits + exploration * math.sqrt(
                math.log(edge.available) / edge.visits
            )
            if score > best_score:
                best, best_score = edge, score
        if bias is not None and node is root:
            for action in legal:
                edge = edges[action.code]
                bonus = bias.get(action.code)
                if bonus is None:
                    continue
                score = (
                    edge.reward / edge.visits
                    + exploration * math.sqrt(math.log(edge.available) / edge.visits)
                    + bonus / (1 + edge.visits)
                )
                if score > best_score:
                    best, best_score = edge, score
        assert best is not None
        node = _descend(game, best, seat)
        path.append(best)
    rewards = _playout(game, hand, rng, depth, guide, leaf, fair_wilds, greedy, aimed)
    for edge in path:
        edge.visits += 1
        edge.reward += rewards[edge.seat]


def _descend(game: Game, edge: _Edge, seat: int) -> _Node:
    """Apply ``edge``'s action to ``game``; the child node of the outcome (made if new)."""
    action = edge.action
    if action.kind is _PRESS:
        before = len(game.hands[seat])
        game.apply_unchecked(action, seat)
        outcome = len(game.hands[seat]) - before
    else:
        game.apply_unchecked(action, seat)
        outcome = 0
    child = edge.children.get(outcome)
    if child is None:
        child = edge.children[outcome] = _Node()
    return child


def _playout(
    game: Game,
    hand: int,
    rng: random.Random,
    depth: int,
    guide: HeuristicBot | None,
    leaf: KindLeaf | None = None,
    fair_wilds: bool = False,
    greedy: bool = False,
    aimed: bool = False,
) -> list[float]:
    """Play on to the end of the hand or ``depth`` decisions; each seat's reward."""
    for _ in range(depth):
        if game.is_over or game.hand_number != hand:
            break
        seat = game.to_act
        assert seat is not None
        if guide is None:
            action = playout_policy(game, seat, rng, fair_wilds, greedy, aimed)
        else:
            action = guide.choose(view(game, seat))
            if action.kind in _REACTIONS:
                action = playout_policy(game, seat, rng, fair_wilds, greedy, aimed)
        game.apply_unchecked(action, seat)
    if game.is_over or game.hand_number != hand:
        last = game.last_hand
        winner = last.winner if last is not None else -1
        if winner < 0:  # a void hand (P08): nobody won it
            return [0.0] * game.n
        return [1.0 if s == winner else 0.0 for s in range(game.n)]
    return estimate(game) if leaf is None else leaf.estimate(game)


def overrule(
    estimates: Sequence[MoveEstimate], advice: Action, margin: float, min_visits: int
) -> Action:
    """The search's most visited decision if it is ``advice``, or if it was tried at
    least ``min_visits`` times and its estimate beats the estimate of ``advice`` by at
    least ``margin``; otherwise ``advice``.

    >>> from unoattack.engine import Action
    >>> a, b = Action.parse("play R5"), Action.parse("press")
    >>> str(overrule([MoveEstimate(a, 600, 0.55), MoveEstimate(b, 400, 0.52)], b, 0.05, 100))
    'press'
    >>> str(overrule([MoveEstimate(a, 600, 0.60), MoveEstimate(b, 400, 0.52)], b, 0.05, 100))
    'play R5'
    """
    best = estimates[0]
    if best.action == advice:
        return advice
    advised = next((e for e in estimates if e.action == advice), None)
    if advised is None or (
        best.visits >= min_visits and best.win_chance - advised.win_chance >= margin
    ):
        return best.action
    return advice


#: How long the coach thinks (the hard level's time).
COACH_SECONDS: Final = LEVELS["hard"]
#: Best moves whose estimated chances lie closer than this are about even: early in a
#: hand at a large table they all read, say, 8%, which guides nobody unless said so.
ABOUT_EVEN: Final = 0.02


def about_even(moves: Sequence[MoveEstimate]) -> bool:
    """Whether the coach's moves (two or more, each estimated) are about as good as
    each other: their chances of winning the hand within :data:`ABOUT_EVEN`.

    >>> from unoattack.engine.actions import PRESS, Action
    >>> play = Action.parse("play R5")
    >>> about_even([MoveEstimate(PRESS, 90, 0.081), MoveEstimate(play, 80, 0.075)])
    True
    >>> about_even([MoveEstimate(PRESS, 90, 0.30), MoveEstimate(play, 80, 0.22)])
    False
    """
    chances = [move.win_chance for move in moves]
    if len(chances) < 2 or any(math.isnan(chance) for chance in chances):
        return False
    return max(chances) - min(chances) < ABOUT_EVEN


def coach(
    knowledge: Sampler, rng: random.Random, *, seconds: float = COACH_SECONDS, top: int = 3
) -> tuple[MoveEstimate, ...]:
    """The ``top`` best decisions for ``knowledge.seat``, searched from what that seat
    knows (and nothing more), each with its estimated chance of winning the hand: the
    hint a learner asks for. It searches the whole time, so that even the runner-up
    moves are estimated from many playouts.

    >>> from unoattack.engine import parse_position
    >>> game = parse_position("2003 hands=R5,G7/G1,G2,G3/B1,B2,B3 pile=R2 colour=R turn=0 "
    ...                       "dealer=2 scores=0,0,0 stock=... launcher=hazard seed=0")
    >>> best = coach(Sampler(game, 0), random.Random(0), seconds=0.2)
    >>> [str(m.action) for m in best]
    ['play R5 uno', 'press']
    """
    legal = decisions(knowledge.legal_actions())
    if len(legal) == 1:
        return (MoveEstimate(legal[0], 0, math.nan),)
    settings = adopted(knowledge, rng)
    result = search(knowledge, rng, seconds=seconds, settle=False, **settings)
    return result.estimates[:top]


@mypyc_attr(allow_interpreted_subclasses=True)  # copyable: see _compiled
class ISMCTSBot:
    """A seat played by information-set search.

    Args:
        rng: Its only source of randomness: a seeded bot with a fixed ``iterations`` plays
            the same moves every time.
        iterations: Iterations per decision (reproducible), or None to think ``seconds``.
        seconds: Thinking time per decision (with ``iterations``: whichever ends first).
        guided: Playouts follow the heuristic bot instead of the fast random policy.
        fitted_leaf: Playouts that stop early are scored by a fitted leaf (option
            ``sizes`` turns it off: the hand sizes score them).
        kind_leaf: With ``fitted_leaf``, that leaf is the kinds leaf (:class:`KindLeaf`,
            option ``kinds``) rather than the seven features of :data:`LEAF_WEIGHTS`
            (option ``fitted``).
        shape_leaf: With ``kind_leaf``, the kinds leaf weighs the shape of the hands
            too at three seats or more (:data:`SHAPE_LEAF_WEIGHTS`, option ``shape``;
            ``kinds`` turns it off).
        aimed: At three seats or more, the playouts aim a play that names a target at
            the smallest other hand, as the heuristic bot does, and draw such a card no
            more often than another (:func:`playout_policy`; option ``aimed``,
            ``unaimed`` turns it off).
        aimed_tree: At three seats or more, the other seats' plays in the tree that
            name a target name the heuristic bot's (:func:`aimed_decisions`; option
            ``aimtree``, ``searchaims`` turns it off).
        exploration: UCB1's constant (option ``c=X``).
        infer_presses: Opponents who pressed at the start of their turn are taken to
            have had no playable card (on by default; option ``blind`` turns it off).
        infer_wilds: With ``infer_presses``, opponents who played a wild at the start
            of their turn, nobody else close to going out, are taken to have had no
            coloured card to play (option ``wilds``; ``presses`` turns it off).
        infer_named: With ``infer_presses``, an opponent whose hand has not changed
            since it played a wild is taken to hold most of the colour it named (option
            ``named``; ``unnamed`` turns it off).
        infer_every: With ``infer_presses`` (and without ``infer_wilds`` or
            ``infer_named``), every press of an opponent since its last trade counts, not
            only the latest (option ``every``; ``latest`` turns it off).
        explain: The chance the samples give an opponent's play that the heuristic bot
            would not have made with the hand a sample deals it (option ``explain=S``,
            ``explain`` alone for 0.1; ``unexplained`` turns it off). None: plays are not
            weighed. With it the samples infer from presses too, the latest only.
        explain_across: With ``explain``, the plays an opponent made before it last
            took cards are weighed too (option ``across``; ``since`` turns it off).
        reloads: The samples read the launcher's last reload from the discard pile
            (:data:`READ_RELOADS`; option ``reloads``, ``unread`` turns it off), while
            ``reload_seats`` seats or more are in play.
        reload_seats: Three by default; an explicit ``reloads`` reads them at every
            table.
        modelled: The other seats' decisions in the tree are the heuristic bot's, from
            their views of each sample, rather than searched (option ``model``;
            ``searched`` turns it off).
        pool: With ``explain``, a search draws this many samples weighing the plays and
            then deals them again (:class:`SamplePool`; option ``pool=P``); 0: every
            iteration draws its own.
        pool_seats: The pool serves while at least this many seats are in play (three
            by default; an explicit ``pool=P`` serves at every table).
    """

    #: The match gives this bot the game to sample from (see :meth:`decide`).
    def __init__(
        self,
        rng: random.Random,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        guided: bool = False,
        depth: int = PLAYOUT_DEPTH,
        prior: float = PRIOR_WEIGHT,
        margin: float | None = OVERRIDE_MARGIN,
        min_visits: int = OVERRIDE_VISITS,
        fitted_leaf: bool = FITTED_LEAF,
        kind_leaf: bool = KIND_LEAF,
        shape_leaf: bool = SHAPE_LEAF,
        fair_wilds: bool = FAIR_WILDS,
        greedy: bool = GREEDY_PLAYOUTS,
        aimed: bool = AIMED_PLAYOUTS,
        aimed_tree: bool = AIMED_TREE,
        held: bool = HELD_COLOURS,
        exploration: float = EXPLORATION,
        infer_presses: bool = INFER_PRESSES,
        infer_wilds: bool = INFER_WILDS,
        infer_named: bool = INFER_NAMED,
        infer_every: bool = INFER_EVERY,
        explain: float | None = EXPLAIN_SLACK,
        explain_across: bool = EXPLAIN_ACROSS,
        reloads: bool = READ_RELOADS,
        reload_seats: int = POOL_SEATS,
        modelled: bool = MODELLED,
        pool: int = EXPLAIN_POOL,
        pool_seats: int = POOL_SEATS,
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError("an ISMCTS bot needs iterations, seconds or both")
        self.rng = rng
        self.iterations = iterations
        self.seconds = seconds
        self.depth = depth
        self.guided = guided
        self._guide = HeuristicBot(random.Random(rng.getrandbits(32))) if guided else None
        self._reflex = HeuristicBot(random.Random(0))
        self.prior = prior
        self.margin = margin
        self.min_visits = min_visits
        self.fitted_leaf = fitted_leaf
        self.kind_leaf = kind_leaf
        self.shape_leaf = shape_leaf
        self.fair_wilds = fair_wilds
        self.greedy = greedy
        self.aimed = aimed
        self.aimed_tree = aimed_tree
        self.held = held
        self.exploration = exploration
        self.infer_presses = infer_presses
        self.infer_wilds = infer_wilds
        self.infer_named = infer_named
        self.infer_every = infer_every
        self.explain = explain
        self.explain_across = explain_across
        self.reloads = reloads
        self.reload_seats = reload_seats
        self.pool = pool
        self.pool_seats = pool_seats
        self._explainer = None if explain is None else explainer(rng, explain)
        advised = prior > 0 or margin is not None
        self._advisor = HeuristicBot(random.Random(rng.getrandbits(32))) if advised else None
        self.modelled = modelled
        self._model = HeuristicBot(random.Random(rng.getrandbits(32))) if modelled else None

    def decide(self, knowledge: Sampler) -> Action:
        """The seat's decision, searched from what the seat knows (``knowledge``)."""
        legal = decisions(knowledge.legal_actions())
        if len(legal) == 1:
            return legal[0]
        hint = None
        if self._advisor is not None:
            advice = self._advisor.choose(knowledge.view())
            if advice in legal:
                hint = advice
        margin = self.margin if hint is not None else None
        result = search(
            knowledge,
            self.rng,
            iterations=self.iterations,
            seconds=self.seconds,
            depth=self.depth,
            guide=self._guide,
            hint=hint,
            prior=self.prior,
            settle_on=hint.code if margin is not None and hint is not None else None,
            leaf=leaf_for(knowledge.edition, self.fitted_leaf, self.kind_leaf, self.shape_leaf),
            fair_wilds=self.fair_wilds,
            greedy=self.greedy,
            aimed=self.aimed,
            aimed_tree=self.aimed_tree,
            held=self.held,
            exploration=self.exploration,
            infer_presses=self.infer_presses,
            infer_wilds=self.infer_wilds,
            infer_named=self.infer_named,
            infer_every=self.infer_every,
            explain=self._explainer,
            explain_across=self.explain_across,
            reloads=self.reloads and knowledge.seats_in_play >= self.reload_seats,
            pool=self.pool if knowledge.seats_in_play >= self.pool_seats else 0,
            model=self._model,
        )
        if margin is None or hint is None:
            return result.best
        return overrule(result.estimates, hint, margin, self.min_visits)

    def choose(self, view: View) -> Action:
        """Outside a match (a bare view) there is nothing to sample from."""
        raise TypeError("an ISMCTS bot decides at a Match, which gives it its seat's knowledge")

    def react(self, view: View) -> Action | None:
        """Say UNO when catchable, else catch whoever can be caught (as the heuristic bot)."""
        return self._reflex.react(view)

    def react_among(self, legal_actions: Sequence[Action]) -> Action | None:
        for action in legal_actions:
            if action.kind is ActionKind.SAY_UNO:
                return action
        for action in legal_actions:
            if action.kind is ActionKind.CATCH:
                return action
        return None


# Every option parse_ismcts takes, as an unknown option's error lists them.
SPEC_OPTIONS: Final = (
    "iters=N, time=S, depth=D, c=X, prior=W, margin=M, visits=V, guided, "
    "shape or kinds or fitted or sizes, faces or actions, greedy or random, aimed or unaimed, "
    "aimtree or searchaims, held or colours, "
    "infer or blind, wilds or presses, named or unnamed, every or latest, "
    "explain=S or unexplained, across or since, reloads or unread, pool=P, model or searched"
)


def parse_ismcts(spec: str, rng: random.Random) -> ISMCTSBot:
    """An ISMCTS bot from its name: ``ismcts-easy``, ``ismcts-normal``, ``ismcts-hard``
    (:data:`LEVELS`: thinking time), or ``ismcts`` followed by options, each after a
    colon: ``iters=N`` (iterations per decision, reproducible), ``time=S`` (seconds per
    decision), ``depth=D`` (playout decisions), ``guided`` (heuristic playouts), ``c=X``
    (UCB1's exploration constant), and the options of docs/bots.md.

    >>> parse_ismcts("ismcts:iters=300:guided", random.Random(0)).iterations
    300
    >>> parse_ismcts("ismcts:iters=0", random.Random(0))
    Traceback (most recent call last):
    ...
    ValueError: bot 'ismcts:iters=0': iters must be a whole number from 1 to 1,000,000
    """
    name = spec.strip().lower()
    level = name.removeprefix("ismcts-")
    if name.startswith("ismcts-") and level in LEVELS:
        return ISMCTSBot(rng, seconds=LEVELS[level])
    head, *parts = name.split(":")
    if head != "ismcts" or not parts:
        raise ValueError(
            f"unknown bot {spec!r}: ismcts-easy, ismcts-normal, ismcts-hard or ismcts:iters=N"
        )
    settings: dict[str, float | int | bool] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        if key == "guided" and not sep:
            settings["guided"] = True
        elif key in ("shape", "kinds", "fitted", "sizes") and not sep:
            settings["fitted"] = key != "sizes"
            settings["kinds"] = key in ("shape", "kinds")
            settings["shape"] = key == "shape"
        elif key in ("faces", "actions") and not sep:
            settings["faces"] = key == "faces"
        elif key in ("greedy", "random") and not sep:
            settings["greedy"] = key == "greedy"
        elif key in ("aimed", "unaimed") and not sep:
            settings["aimed"] = key == "aimed"
        elif key in ("aimtree", "searchaims") and not sep:
            settings["aimtree"] = key == "aimtree"
        elif key in ("held", "colours") and not sep:
            settings["held"] = key == "held"
        elif key in ("infer", "blind") and not sep:
            settings["infer"] = key == "infer"
        elif key in ("wilds", "presses") and not sep:
            settings["wilds"] = key == "wilds"
        elif key in ("named", "unnamed") and not sep:
            settings["named"] = key == "named"
        elif key in ("every", "latest") and not sep:
            settings["every"] = key == "every"
        elif key in ("model", "searched") and not sep:
            settings["model"] = key == "model"
        elif key in ("across", "since") and not sep:
            settings["across"] = key == "across"
        elif key in ("reloads", "unread") and not sep:
            settings["reloads"] = key == "reloads"
        elif key == "unexplained" and not sep:
            settings["explain"] = -1.0
        elif key == "explain":
            try:
                number = float(value) if sep else 0.1
            except ValueError:
                number = -1.0
            if not 0 <= number <= 1:
                raise ValueError(f"bot {spec!r}: explain must be a chance from 0 to 1")
            settings["explain"] = number
        elif key in SPEC_COUNTS:
            minimum, maximum = SPEC_COUNTS[key]
            if not is_digits(value) or not minimum <= int(value) <= maximum:
                raise ValueError(
                    f"bot {spec!r}: {key} must be a whole number from {minimum} to {maximum:,}"
                )
            settings[key] = int(value)
        elif key in ("prior", "margin", "c"):
            try:
                number = float(value)
            except ValueError:
                number = -1.0
            if not 0 <= number < math.inf:
                raise ValueError(f"bot {spec!r}: {key} must be a number of at least 0")
            settings[key] = number
        elif key == "time":
            try:
                seconds = float(value)
            except ValueError:
                seconds = -1.0
            if not 0 < seconds <= MAX_SPEC_SECONDS:
                raise ValueError(
                    f"bot {spec!r}: time must be a number of seconds above 0, "
                    f"at most {MAX_SPEC_SECONDS:g}"
                )
            settings["time"] = seconds
        else:
            raise ValueError(f"bot {spec!r}: unknown option {part!r} ({SPEC_OPTIONS})")
    if "iters" not in settings and "time" not in settings:
        raise ValueError(f"bot {spec!r}: give iters=N or time=S")
    for option in ("wilds", "named", "every"):
        if settings.get(option) and settings.get("infer") is False:
            raise ValueError(f"bot {spec!r}: {option} infers from presses as well: drop blind")
    if settings.get("every") and (settings.get("wilds") or settings.get("named")):
        raise ValueError(f"bot {spec!r}: every reads presses alone: drop wilds and named")
    explaining = float(settings.get("explain", -1)) >= 0
    extra = [option for option in ("wilds", "named", "every") if settings.get(option)]
    if explaining and extra:
        dropped = " and ".join(extra)
        raise ValueError(f"bot {spec!r}: explain reads the latest press alone: drop {dropped}")
    plain_inference = not any(settings.get(option) for option in ("wilds", "named", "every"))
    if settings.get("reloads") and (settings.get("infer") is False or not plain_inference):
        raise ValueError(
            f"bot {spec!r}: reloads reads with the latest press: drop blind, wilds, named and every"
        )
    if settings.get("across") and _explain_setting(settings) is None:
        raise ValueError(
            f"bot {spec!r}: across weighs the opponents' plays: it goes with explain, "
            "not with unexplained, blind, wilds, named or every"
        )
    if explaining and settings.get("infer") is False:
        raise ValueError(f"bot {spec!r}: explain infers from presses as well: drop blind")
    return ISMCTSBot(
        rng,
        iterations=int(settings["iters"]) if "iters" in settings else None,
        seconds=float(settings["time"]) if "time" in settings else None,
        guided=bool(settings.get("guided", False)),
        depth=int(settings.get("depth", PLAYOUT_DEPTH)),
        prior=float(settings.get("prior", PRIOR_WEIGHT)),
        margin=float(settings["margin"]) if "margin" in settings else OVERRIDE_MARGIN,
        min_visits=int(settings.get("visits", OVERRIDE_VISITS)),
        fitted_leaf=bool(settings.get("fitted", FITTED_LEAF)),
        kind_leaf=bool(settings.get("kinds", KIND_LEAF)),
        shape_leaf=bool(settings.get("shape", SHAPE_LEAF)),
        fair_wilds=bool(settings.get("faces", FAIR_WILDS)),
        greedy=bool(settings.get("greedy", GREEDY_PLAYOUTS)),
        aimed=bool(settings.get("aimed", AIMED_PLAYOUTS)),
        aimed_tree=bool(settings.get("aimtree", AIMED_TREE)),
        held=bool(settings.get("held", HELD_COLOURS)),
        exploration=float(settings.get("c", EXPLORATION)),
        infer_presses=bool(settings.get("infer", INFER_PRESSES)),
        infer_wilds=bool(settings.get("wilds", INFER_WILDS)),
        infer_named=bool(settings.get("named", INFER_NAMED)),
        infer_every=bool(settings.get("every", INFER_EVERY)),
        explain=_explain_setting(settings),
        explain_across=bool(settings.get("across", EXPLAIN_ACROSS)),
        reloads=bool(settings.get("reloads", READ_RELOADS)),
        reload_seats=2 if settings.get("reloads") else POOL_SEATS,
        modelled=bool(settings.get("model", MODELLED)),
        pool=int(settings.get("pool", EXPLAIN_POOL)),
        pool_seats=2 if "pool" in settings else POOL_SEATS,
    )


def _explain_setting(settings: dict[str, float | int | bool]) -> float | None:
    if "explain" not in settings:
        # Another inference named instead (blind, wilds, named or every): the samples
        # infer as it says and do not weigh the plays.
        other = settings.get("infer") is False or any(
            settings.get(option) for option in ("wilds", "named", "every")
        )
        return None if other else EXPLAIN_SLACK
    slack = float(settings["explain"])
    return None if slack < 0 else slack
