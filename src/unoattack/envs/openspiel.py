"""UNO Attack as an OpenSpiel Python game, registered as ``python_uno_attack``.

>>> import pyspiel
>>> import unoattack.envs.openspiel
>>> game = pyspiel.load_game("python_uno_attack(players=3,options=target_score:1)")
>>> str(game)
'python_uno_attack(deals=0,edition=attack-2003,launcher=hazard,max_turns=10000,options=target_score:1,players=3,seed=0)'
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 256)
>>> for byte in (0, 0, 0, 0, 0, 0, 0, 7):  # the deal of seed 7, a byte at a time
...     state.apply_action(byte)
>>> state.current_player() in (0, 1, 2), game.max_game_length()
(True, 10000)

Sequential, imperfect information, explicit chance (docs/envs.md has the details):

- **The deal** comes first, as chance: by default (``deals=0``) a 64-bit number drawn a
  byte at a time by eight chance nodes of 256 equally likely outcomes (most significant
  byte first), so that every seed is possible and long runs do not repeat deals; with
  ``deals=N``, one chance node of ``N`` equally likely outcomes. Drawn number ``i``
  deals the match ``Game.new(..., seed=seed + i)`` deals. That seed fixes the whole
  deck stream of the match: the first dealer, every hand's deal and every reshuffle.
- **The launcher** is explicit: a player's ``press`` leads to a chance node whose
  outcomes are what the press yields (fired or not, cards shot out, cards stuck), with
  the launcher model's probabilities, capped to the cards loaded; the cards that come out
  are the stock's front. Search can enumerate every press's outcomes. Outcome ids are
  ``offset + fired + 2 * (cards + (deck_size + 1) * stuck)``, where ``offset`` is
  ``deals`` (256 when ``deals=0``): no id is both a deal's and a press's.
- **Decisions** are the engine's action codes (0..746) and PASS (747), with the
  out-of-turn protocol of :class:`unoattack.envs.encoding.Table`.
- **Returns** are the match result: +1 to each winner, -1 to every other seat; 0 to all
  when the turn cap ``max_turns`` (also ``max_game_length``) cuts the match short. A
  two-player match has one winner, so the two-player game is declared zero-sum; with more
  players, or when lowest running totals can tie (A33: co-winners), it is general-sum.

Parameters: ``players`` (2), ``edition`` ("attack-2003"), ``launcher`` ("hazard"),
``options`` (house rules as ``name=value;name=value``, e.g. ``target_score=50;stacking=on``),
``seed`` (0), ``deals`` (0: every 64-bit seed), ``max_turns`` (10000).

A game string reads a bare number as an integer and cuts values at ``,`` and ``=``, so
the game writes its parameters back (``str(game)``) in a form that loads the same game:
the editions are ``attack-2003``, ``attack-2010`` and ``mega-hit`` (or an edition .toml
file's path; ``"2003"`` and ``"2010"`` are taken in a parameter dictionary); options
are ``name:value;name:value``; a launcher spec writes ``;`` for ``,`` and ``:`` for
``=`` after the model's name (``memoryless:p:0.3;mean:4``, ``scripted:3;0;loop``).

The observer's tensor is :class:`unoattack.envs.encoding.ObservationEncoder`'s vector;
its string is a one-line summary of the same view. Both come from ``view(game, player)``
only (with ``private_info=NONE``, from the spectator's view). The perfect-recall
information state is a string (:meth:`UnoAttackState.information_state`) and a tensor
(the observation, then a slot per step since the deal: :mod:`unoattack.envs.infostate`),
and ``resample_from_infostate`` is the engine's determinization from a player's
knowledge, so OpenSpiel's ``ISMCTSBot`` runs on the game. :class:`HandRolloutEvaluator`
values a search's leaves by playing them on with the engine: OpenSpiel's random
rollouts, through the pyspiel API, cost seconds a move.
"""

from __future__ import annotations

import json
import random
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
import pyspiel  # type: ignore[import-not-found]
from open_spiel.python.algorithms import mcts  # type: ignore[import-untyped]

from unoattack.bots.heuristic import HeuristicBot
from unoattack.bots.ismcts import estimate, playout_policy
from unoattack.engine import SPECTATOR, Game, View, view
from unoattack.engine.actions import PRESS, Action
from unoattack.engine.determinize import Sampler
from unoattack.engine.launcher import LauncherModel, Outcome, press_distribution
from unoattack.envs.encoding import (
    NUM_CODES,
    PASS,
    FloatArray,
    ObservationEncoder,
    Table,
    describe_action,
    render_table,
)
from unoattack.envs.infostate import (
    SLOT_SIZE,
    History,
    InfoStateLayout,
    Step,
    changes,
)

__all__ = [
    "EDITION_NAMES",
    "GAME_NAME",
    "ROLLOUT_HORIZONS",
    "ROLLOUT_POLICIES",
    "SEED_BYTES",
    "HandRolloutEvaluator",
    "UnoAttackGame",
    "UnoAttackObserver",
    "UnoAttackState",
    "launcher_spec",
    "parse_options",
    "spiel_launcher",
    "spiel_options",
]

GAME_NAME = "python_uno_attack"
_DEFAULT_PARAMS: dict[str, Any] = {
    "players": 2,
    "edition": "attack-2003",
    "launcher": "hazard",
    "options": "",
    "seed": 0,
    "deals": 0,
    "max_turns": 10_000,
}
#: The editions' names in a game string (a bare year would be read as an integer), and
#: the engine's name of each.
EDITION_NAMES = {"attack-2003": "2003", "attack-2010": "2010", "mega-hit": "mega-hit"}
_SPIEL_NAMES = {engine: spiel for spiel, engine in EDITION_NAMES.items()}
#: ``deals=0``: the seed is drawn a byte at a time by this many chance nodes.
SEED_BYTES = 8

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Python UNO Attack!",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,  # two players: zero-sum (see below)
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=10,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULT_PARAMS,
)
_TYPE_FIELDS = (
    "short_name",
    "long_name",
    "dynamics",
    "chance_mode",
    "information",
    "reward_model",
    "max_num_players",
    "min_num_players",
    "provides_information_state_string",
    "provides_information_state_tensor",
    "provides_observation_string",
    "provides_observation_tensor",
    "parameter_specification",
)


def parse_options(text: str) -> dict[str, str]:
    """House rules from ``name=value;name=value``, or ``name:value;...`` (a game string
    cannot hold ``=`` in a value); the engine checks the names and values.

    >>> parse_options("target_score:50;wild_custom_effect=hit:4")
    {'target_score': '50', 'wild_custom_effect': 'hit:4'}
    """
    options: dict[str, str] = {}
    for item in text.split(";"):
        if not item.strip():
            continue
        cut = min((i for i in (item.find("="), item.find(":")) if i >= 0), default=-1)
        if cut < 0:
            raise ValueError(f"option {item!r} is not name=value (separate options with ';')")
        options[item[:cut].strip()] = item[cut + 1 :].strip()
    return options


def launcher_spec(text: str) -> str:
    """A launcher spec from its game-string spelling (see :func:`spiel_launcher`); a spec
    in the usual spelling comes back unchanged.

    >>> launcher_spec("memoryless:p:0.3;misfire:0.2"), launcher_spec("scripted:2;0;loop")
    ('memoryless:p=0.3,misfire=0.2', 'scripted:2,0,loop')
    """
    name, colon, rest = text.partition(":")
    items = [item.replace(":", "=", 1) for item in rest.split(";")]
    return name + colon + ",".join(items)


def spiel_launcher(spec: str) -> str:
    """A launcher spec as a game string can hold it: ``;`` for ``,``, ``:`` for ``=``.

    >>> spiel_launcher("memoryless:p=0.3,misfire=0.2")
    'memoryless:p:0.3;misfire:0.2'
    """
    name, colon, rest = spec.partition(":")
    return name + colon + rest.replace(",", ";").replace("=", ":")


def spiel_options(options: Mapping[str, str]) -> str:
    """House rules as a game string can hold them: ``name:value;name:value``."""
    return ";".join(f"{name}:{value}" for name, value in options.items())


# ---------------------------------------------------------------------------- the launcher


@dataclass(frozen=True, slots=True)
class _ForcedModel(LauncherModel):
    """A model that decides one given outcome: how a chance outcome reaches the engine."""

    name: ClassVar[str] = "forced"
    inner: LauncherModel
    forced: Outcome

    @property
    def spec(self) -> str:
        return self.inner.spec

    def outcome(self, rng: Any, since_fire: int, since_reload: int, press_number: int) -> Outcome:
        return self.forced


# ---------------------------------------------------------------------------- the game


@dataclass(frozen=True, slots=True)
class _Setup:
    """A game's parameters, checked (shared by its states, never copied)."""

    players: int
    edition: str  # the engine's name
    spiel_edition: str  # the name in a game string
    launcher: str
    options: Mapping[str, str]
    seed: int
    deals: int
    max_turns: int
    deck_size: int
    max_copies: int
    target_score: int
    zero_sum: bool
    #: Each press's chance outcomes (ids and probabilities), kept by what decides them
    #: (the model's ``distribution_key`` and the cards loaded): the same few come back
    #: press after press, and working one out costs more than the rest of a step.
    press_outcomes: dict[tuple[Hashable, int], tuple[tuple[int, float], ...]] = field(
        default_factory=dict, compare=False, repr=False
    )

    @classmethod
    def from_params(cls, params: Mapping[str, Any]) -> _Setup:
        values = {**_DEFAULT_PARAMS, **params}
        options = parse_options(str(values["options"]))
        deals, max_turns = int(values["deals"]), int(values["max_turns"])
        if deals < 0 or max_turns < 1:
            raise ValueError(
                f"deals must be at least 0 and max_turns at least 1, got {deals}, {max_turns}"
            )
        edition = str(values["edition"])
        edition = EDITION_NAMES.get(edition, edition)
        launcher = launcher_spec(str(values["launcher"]))
        probe = Game.new(
            edition,
            int(values["players"]),
            0,
            launcher,
            options,
            events=False,
        )
        encoder = ObservationEncoder.for_game(probe)
        max_copies = int(encoder.high[encoder.segment("hand").start])
        return cls(
            players=probe.n,
            edition=edition,
            spiel_edition=_SPIEL_NAMES.get(edition, edition),
            launcher=launcher,
            options=options,
            seed=int(values["seed"]),
            deals=deals,
            max_turns=max_turns,
            deck_size=probe.edition.deck.size,
            max_copies=max_copies,
            target_score=probe.options.target_score,
            # Two players and one winner: +1 and -1 (0 and 0 at the turn cap). Lowest
            # running totals can tie, and co-winners both get +1 (A33).
            zero_sum=probe.n == 2 and probe.options.scoring_mode != "running_total_lowest_wins",
        )

    @property
    def deal_outcomes(self) -> int:
        """How many outcomes a deal's chance node has (a byte's, with ``deals=0``)."""
        return self.deals or 256

    def outcome_id(self, outcome: Outcome) -> int:
        return (
            self.deal_outcomes
            + int(outcome.fired)
            + 2 * (outcome.cards + (self.deck_size + 1) * outcome.stuck)
        )

    def outcome_of(self, action: int) -> Outcome:
        code = action - self.deal_outcomes
        fired, rest = code % 2, code // 2
        return Outcome(bool(fired), rest % (self.deck_size + 1), rest // (self.deck_size + 1))

    def __deepcopy__(self, memo: dict[int, Any]) -> _Setup:
        return self  # immutable: states share it


class UnoAttackGame(pyspiel.Game):  # type: ignore[misc]
    """The game: its parameters, sizes and bounds, and its observers."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        setup = _Setup.from_params(params or {})
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_CODES,
            max_chance_outcomes=setup.deal_outcomes + 2 * (setup.deck_size + 1) ** 2,
            num_players=setup.players,
            min_utility=-1.0,
            max_utility=1.0,
            max_game_length=setup.max_turns,
            utility_sum=0.0 if setup.zero_sum else None,
        )
        game_type = _GAME_TYPE
        if setup.zero_sum:
            game_type = pyspiel.GameType(
                **{name: getattr(_GAME_TYPE, name) for name in _TYPE_FIELDS},
                utility=pyspiel.GameType.Utility.ZERO_SUM,
            )
        # The parameters as given, written as a game string can hold them, so that
        # load_game(str(game)) loads the same game.
        stored = {**(params or {})}
        if "edition" in stored:
            stored["edition"] = setup.spiel_edition
        if "launcher" in stored:
            stored["launcher"] = spiel_launcher(setup.launcher)
        if "options" in stored:
            stored["options"] = spiel_options(setup.options)
        super().__init__(game_type, info, stored)
        self.setup = setup

    def new_initial_state(self) -> UnoAttackState:
        return UnoAttackState(self, self.setup)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> UnoAttackObserver:
        return UnoAttackObserver(
            self.setup, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


class UnoAttackState(pyspiel.State):  # type: ignore[misc]
    """A state: before the deal (chance), a decision, or a press's outcome (chance)."""

    def __init__(self, game: UnoAttackGame, setup: _Setup) -> None:
        super().__init__(game)
        self.setup = setup
        self.table: Table | None = None
        self.deal = 0  # the drawn number (a byte at a time until the table is dealt)
        self.deal_bytes = 0
        self.pending_press = False
        # Each pass on an offer: (seat, the length of the game's log then). Only the
        # seat that passed knows it did.
        self.passes: list[tuple[int, int]] = []
        # A state resampled for a search (resample_from_infostate): each player's
        # information state at the moment it was sampled; the sampled game's log
        # begins there.
        self.root: tuple[str, ...] | None = None
        #: The steps since the deal, for the information-state tensors (not ``history``:
        #: that is OpenSpiel's list of actions).
        self.trail = History()
        # Each player's information state as built so far (see _Recall).
        self.recall: dict[int, _Recall] = {}
        # What resampling from this state for a player needs (see _Resampling).
        self.resampling = _Resampling()

    # ------------------------------------------------------------------ OpenSpiel API

    def current_player(self) -> int:
        table = self.table
        if table is None or self.pending_press:
            return int(pyspiel.PlayerId.CHANCE)
        seat = table.seat
        if seat is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        assert self.table is not None and player == self.table.seat
        return self.table.legal_codes()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        setup = self.setup
        if self.table is None:
            count = setup.deal_outcomes
            return [(i, 1.0 / count) for i in range(count)]
        return list(self._press_outcomes())

    def _apply_action(self, action: int) -> None:
        setup = self.setup
        self.resampling.clear()  # what the players know changes
        if self.table is None:
            if not 0 <= action < setup.deal_outcomes:
                raise ValueError(f"deal {action} is out of range 0..{setup.deal_outcomes - 1}")
            if setup.deals:
                self.deal = action
            else:
                self.deal = self.deal << 8 | action
                self.deal_bytes += 1
                if self.deal_bytes < SEED_BYTES:
                    return
            game = Game.new(
                setup.edition,
                setup.players,
                setup.seed + self.deal,
                setup.launcher,
                setup.options,
                events=True,  # information states and resampling read what each seat saw
            )
            self.table = Table(game, setup.max_turns)
            dealt = self._hands()
            nothing = [(0,) * len(hand) for hand in dealt]
            self.trail.append(Step("deal", -1, None, None, changes(nothing, dealt)))
        elif self.pending_press:
            outcome = setup.outcome_of(action)
            before = self._hands()
            self._press(outcome)
            self.pending_press = False
            self.trail.append(Step("outcome", -1, None, outcome, changes(before, self._hands())))
        elif action == PRESS.code:
            if PRESS.code not in self.table.legal_codes():
                raise ValueError("press is not legal now")
            self.pending_press = True  # its outcome is the next (chance) node
            seat = self.table.seat
            assert seat is not None
            unchanged = ((),) * setup.players
            self.trail.append(Step("press", seat, PRESS, None, unchanged))
        else:
            seat, log_size = self.table.seat, self.table.match.log_size
            assert seat is not None
            before = self._hands()
            self.table.apply(action)
            if action == PASS:
                self.passes.append((seat, log_size))
                step = Step("pass", seat, None, None, ((),) * setup.players)
            else:
                played = Action.from_code(action)
                step = Step(
                    played.kind.name.lower(), seat, played, None, changes(before, self._hands())
                )
            self.trail.append(step)

    def _action_to_string(self, player: int, action: int) -> str:
        setup = self.setup
        if player == pyspiel.PlayerId.CHANCE:
            if action < setup.deal_outcomes:
                return f"deal seed {setup.seed + action}" if setup.deals else f"seed byte {action}"
            return _outcome_text(setup.outcome_of(action))
        return describe_action(action)

    def information_state(self, player: int) -> str:
        """Everything ``player`` has seen since the deal, in order (perfect recall): one
        line per event of the match as the engine shows that player (its redacted events:
        the cards it may not see are ``null``), and a ``pass`` line where it passed on an
        offer. The seed is hidden: before the deal every player knows nothing yet."""
        table = self.table
        if table is None:
            return f"P{player}"
        recall = self.recall.get(player)
        if recall is None:
            first = self.root[player] if self.root is not None else f"P{player}"
            recall = self.recall[player] = _Recall(first)
        log_size = table.match.log_size
        if recall.events == log_size and recall.passes == len(self.passes):
            return recall.text
        # Only the events and passes since the last call are new. A pass recorded since
        # then has an index (the log's size when it came) of at least recall.events.
        passed = [index for seat, index in self.passes[recall.passes :] if seat == player]
        lines = recall.lines
        at = 0
        # The events as the engine shows them to player (redacted: hidden cards null).
        for index, event in enumerate(table.match.events(player, recall.events), recall.events):
            while at < len(passed) and passed[at] == index:
                lines.append("pass")
                at += 1
            lines.append(json.dumps(event.to_dict(), separators=(",", ":")))
        lines += ["pass"] * (len(passed) - at)
        recall.events, recall.passes = log_size, len(self.passes)
        recall.text = "\n".join(lines)
        return recall.text

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> UnoAttackState:
        """A state that ``player_id`` cannot tell from this one: the engine's
        determinization from that player's knowledge (its hand, the cards played, the
        trades it saw, every hand's size, the launcher's counters), the cards it cannot
        place dealt at random among the other hands, the launcher and the cards aside
        (:class:`unoattack.engine.determinize.Sampler`). ``probability_sampler`` (a
        uniform sampler) seeds the deal. The sample's history starts there: its
        information states are each player's at this moment followed by what happens
        next, the other players' with the hand the sample gave them."""
        table = self.table
        if table is None:
            fresh: UnoAttackState = self.clone()  # before the deal nothing is dealt
            return fresh
        seed = int(probability_sampler() * 2**32) << 32 | int(probability_sampler() * 2**32)
        kept = self.resampling.get(player_id)
        if kept is None:
            kept = Sampler(table.game, player_id), self.trail.seen_by(player_id)
            self.resampling[player_id] = kept
        sampler, seen = kept
        sample = sampler.sample(random.Random(seed))
        sample.emitting = True  # what happens next is seen event by event
        twin = UnoAttackState(self.get_game(), self.setup)
        twin.table = table.clone(game=sample)
        twin.trail = History(seen.steps)  # the twin's own list: it grows as the twin plays
        twin.deal, twin.deal_bytes = self.deal, self.deal_bytes
        twin.pending_press = self.pending_press
        twin.root = tuple(
            self.information_state(player)
            if player == player_id
            else f"P{player} sampled by P{player_id} holding "
            + " ".join(str(card) for card in sample.hand(player))
            for player in range(self.setup.players)
        )
        return twin

    def is_terminal(self) -> bool:
        return self.table is not None and self.table.seat is None

    def returns(self) -> list[float]:
        table = self.table
        if table is None or table.game.result is None:
            return [0.0] * self.setup.players
        winners = table.game.result.winners
        return [1.0 if s in winners else -1.0 for s in range(self.setup.players)]

    def __str__(self) -> str:
        table = self.table
        if table is None:
            setup = self.setup
            if setup.deals:
                return f"before the deal: {setup.deals} deals from seed {setup.seed}"
            return f"before the deal: {self.deal_bytes} of {SEED_BYTES} seed bytes drawn"
        lines = [f"deal seed {self.setup.seed + self.deal} · decisions {table.decisions}"]
        lines.append(render_table(table))
        for seat in range(self.setup.players):
            hand = table.view(seat).hand
            assert hand is not None
            lines.append(f"P{seat} holds: " + " ".join(str(c) for c in hand))
        if self.pending_press:
            lines.append(f"P{table.seat} pressed: the launcher decides")
        elif table.reacting:
            lines.append(f"out-of-turn offer to P{table.seat}")
        return "\n".join(lines)

    # ------------------------------------------------------------------ helpers

    def _hands(self) -> list[tuple[int, ...]]:
        """Every seat's hand: the copies of each face it holds (what that seat's own view
        shows it, read from the counts the engine keeps rather than from a view built for
        each seat at every step)."""
        table = self.table
        assert table is not None
        game = table.game
        return [game.face_counts(s) for s in range(self.setup.players)]

    def _press_outcomes(self) -> tuple[tuple[int, float], ...]:
        """The chance outcomes of the press just made, as :func:`press_distribution` gives
        them, worked out once for each key (:attr:`_Setup.press_outcomes`)."""
        assert self.table is not None
        setup = self.setup
        game = self.table.game
        launcher = game.launcher
        stock, since_reload = len(launcher.stock), launcher.since_reload
        pile_size = len(game.pile)
        if stock == 0 and pile_size > 1:
            # R18, R19: an empty launcher is reloaded with the discards but the top card
            # before the press, which restarts its count of presses since reloading.
            stock, since_reload = pile_size - 1, 0
        model, since_fire, presses = launcher.model, launcher.since_fire, launcher.presses
        key = (model.distribution_key(since_fire, since_reload, presses), stock)
        kept = setup.press_outcomes.get(key)
        if kept is None:
            distribution = press_distribution(model, since_fire, since_reload, presses, stock)
            kept = tuple((setup.outcome_id(o), p) for o, p in distribution)
            setup.press_outcomes[key] = kept
        return kept

    def _press(self, outcome: Outcome) -> None:
        table = self.table
        assert table is not None and table.seat is not None
        seat = table.seat
        game = table.game
        hand_number, held = game.hand_number, len(game.hands[seat])
        launcher = game.launcher
        model = launcher.model
        launcher.model = _ForcedModel(model, outcome)
        try:
            table.apply(PRESS.code)
        finally:
            launcher.model = model
        if game.hand_number == hand_number and game.result is None:
            got = len(game.hands[seat]) - held
            if got != outcome.total:
                raise RuntimeError(f"the press gave {got} cards, the chance outcome said {outcome}")


class _Recall:
    """One player's information state as far as it was built: its lines, and how many
    of the game's events and of the state's passes they cover.

    ISMCTS asks for the information state at every node of every simulation (the
    root's at least four times a simulation), and rebuilding it from the whole log cost
    more as the match went on: 15 ms a call at a log of 1,400 events. Events and passes
    are only ever appended, and an event is shown to a player the same way whenever it
    is asked for, so each call only adds what is new; the joined text is kept too, so
    the same string, whose hash Python has already computed, is handed out again.
    """

    __slots__ = ("events", "lines", "passes", "text")

    def __init__(self, first_line: str) -> None:
        self.lines = [first_line]
        self.events = 0
        self.passes = 0
        self.text = first_line

    def __deepcopy__(self, memo: dict[int, Any]) -> _Recall:
        # States are cloned by deep copy: the lines are strings, so a shallow copy of
        # the list is an independent one (and far cheaper than copying it line by line).
        twin = object.__new__(_Recall)
        twin.lines = list(self.lines)
        twin.events, twin.passes, twin.text = self.events, self.passes, self.text
        return twin


class _Resampling(dict[int, tuple[Sampler, History]]):
    """What resampling one state for a player needs, made at its first resampling for
    that player and dropped when the state changes: the player's sampler
    (:class:`~unoattack.engine.determinize.Sampler`) and the steps since the deal as the
    player may carry them (``History.seen_by``).

    ISMCTS resamples its root state once a simulation. Reading what the player knows
    (the trades it saw, from the match's log) and rewriting every step of the history
    without the others' hand changes grew with the match, and were most of a
    resampling's cost; now they are done once a search. A clone starts without them:
    copying them would cost more than it saves.
    """

    def __deepcopy__(self, memo: dict[int, Any]) -> _Resampling:
        return _Resampling()


def _outcome_text(outcome: Outcome) -> str:
    if not outcome.fired and not outcome.total:
        return "launcher: ding"
    text = f"launcher fires {outcome.cards}" if outcome.fired else "launcher: no firing"
    if outcome.fired and not outcome.cards:
        text = "launcher misfires"
    if outcome.stuck:
        text += f", {outcome.stuck} stuck"
    return text


# ---------------------------------------------------------------------------- observer


class UnoAttackObserver:
    """Tensor and string observations, from ``view(game, player)`` only.

    Supports ``perfect_recall=False`` with ``private_info`` SINGLE_PLAYER (the player's
    own view) or NONE (the spectator's view, seat slots still relative to the player),
    and ``perfect_recall=True`` with SINGLE_PLAYER: the information state, as a string
    (:meth:`UnoAttackState.information_state`) and as a tensor (the observation, then
    :mod:`unoattack.envs.infostate`'s slots).
    """

    def __init__(self, setup: _Setup, iig_obs_type: Any, params: Mapping[str, Any] | None):
        if params:
            raise ValueError(f"observation parameters are not supported, got {dict(params)}")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        if not iig_obs_type.public_info:
            raise ValueError("observations without public information are not provided")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("observations of every player's private cards are not provided")
        self.private = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        if self.perfect_recall and not self.private:
            raise ValueError("information states are a player's own: private_info=SINGLE_PLAYER")
        self.encoder = ObservationEncoder(setup.deck_size, setup.max_copies, setup.target_score)
        self.players = setup.players
        # The information state: the observation now, then a slot per step since the deal.
        self.layout = InfoStateLayout(self.encoder.size, setup.max_turns)
        # With perfect recall each player has a tensor of its own, which keeps the steps
        # its slots hold: from one call to the next only the new steps are written (see
        # InfoStateLayout.fill). ``tensor`` and ``dict`` are the last player's.
        self._buffers: dict[int, tuple[FloatArray, dict[str, FloatArray], list[Step]]] = {}
        self.tensor, self.dict, self._written = self._buffer(0)

    def _buffer(self, player: int) -> tuple[FloatArray, dict[str, FloatArray], list[Step]]:
        kept = self._buffers.get(player)
        if kept is None:
            size = self.layout.size if self.perfect_recall else self.encoder.size
            tensor: FloatArray = np.zeros(size, np.float32)
            named = {
                s.name: tensor[s.start : s.stop].reshape(s.shape) for s in self.encoder.segments
            }
            if self.perfect_recall:
                named["history"] = tensor[self.encoder.size :].reshape(self.layout.slots, SLOT_SIZE)
            kept = self._buffers[player] = (tensor, named, [])
        return kept

    def _view(self, state: UnoAttackState, player: int) -> View | None:
        if state.table is None:
            return None
        return state.table.view(player if self.private else SPECTATOR)

    def set_from(self, state: UnoAttackState, player: int) -> None:
        table = state.table
        if table is None:  # before the deal: nothing seen yet, every number zero
            if self.perfect_recall:
                # A tensor of its own (-1: no player's), never written, so that the
                # player's tensor keeps its slots for the next state (random_sim_test
                # asks for the initial state's again and again).
                self.tensor, self.dict, self._written = self._buffer(-1)
            else:
                self.tensor.fill(0.0)
            return
        if self.perfect_recall:
            self.tensor, self.dict, self._written = self._buffer(player)
        deciding = table.seat == player and not state.pending_press
        self.encoder.encode(
            table,
            player if self.private else SPECTATOR,
            deciding=deciding,
            reacting=deciding and table.reacting,
            perspective=player,
            out=self.tensor[: self.encoder.size],
        )
        if self.perfect_recall:
            self.layout.fill(self.tensor, state.trail, player, self.players, self._written)

    def string_from(self, state: UnoAttackState, player: int) -> str:
        if self.perfect_recall:
            return state.information_state(player)
        seen = self._view(state, player)
        if seen is None:
            return f"P{player}: before the deal"
        colour = seen.colour.letter if seen.colour is not None else "-"
        parts = [f"P{player}"]
        if seen.hand is not None:
            parts.append("hand " + " ".join(str(c) for c in seen.hand))
        parts += [
            f"hand#{seen.hand_number} {seen.phase}",
            f"top {seen.top} colour {colour}",
            "to act " + (f"P{seen.to_act}" if seen.to_act is not None else "-"),
            "cards " + "/".join(map(str, seen.hand_counts)),
            "scores " + "/".join(map(str, seen.scores)),
            f"launcher {seen.launcher.stock_size} "
            f"(since firing {seen.launcher.presses_since_fire})",
            f"pile {seen.pile_size}",
        ]
        if seen.catchable is not None:
            parts.append(f"catchable P{seen.catchable}")
        for duty in seen.duties:
            owed = "until fire" if duty.until_fire else str(duty.presses)
            parts.append(f"P{duty.seat} owes {owed}")
        if state.pending_press:
            parts.append("press pending")
        elif state.table is not None and state.table.reacting:
            parts.append(f"offer to P{state.table.seat}")
        return " · ".join(parts)


# ---------------------------------------------------------------------------- evaluator

#: How :class:`HandRolloutEvaluator` plays a rollout's decisions.
ROLLOUT_POLICIES = ("random", "playout", "heuristic")
#: Where :class:`HandRolloutEvaluator`'s rollouts stop: the end of the match (the game's
#: own returns) or the end of the current hand (the hand's winner stands for the match's).
ROLLOUT_HORIZONS = ("match", "hand")


class HandRolloutEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """An OpenSpiel evaluator that plays a state out with the engine itself.

    OpenSpiel's ``mcts.RandomRolloutEvaluator`` plays its rollouts through the pyspiel
    state API (a state clone, ``legal_actions()``, a chance node and its outcome list at
    every press), and random play makes long hands: 20 simulations of a 7-card hand took
    about 6 s a decision. This evaluator copies the state's game without its event log
    (:meth:`Game.search_copy <unoattack.engine.state.State.search_copy>`) and plays on
    with :meth:`Game.apply_unchecked <unoattack.engine.game.Game.apply_unchecked>`, the
    engine's door for search: a few microseconds a decision.

    A rollout: the seat to act decides, with

    - ``policy="random"``: a uniformly random legal action of the engine, the policy of
      OpenSpiel's evaluator. A press is always legal, so random hands are long: played
      from the deal, a 2003 heads-up hand took a median of 2,000 decisions (6 of 100
      reached the 10,000-decision cap), 16 ms a rollout;
    - ``policy="playout"``: a random play, pressing only when no card can be played
      (:func:`unoattack.bots.ismcts.playout_policy`, the playouts of the project's own
      search bot): a median of 80 decisions, 1 ms;
    - ``policy="heuristic"``: the heuristic bot's choice from the seat's view
      (:class:`~unoattack.bots.heuristic.HeuristicBot`): a median of 50 decisions,
      2.5 ms.

    Presses and reshuffles draw from the launcher model and the deck with the
    evaluator's own generator, so chance keeps the game's distribution. A pending press
    (a chance node) is pressed first, its outcome so drawn. Only the seat to act decides:
    out-of-turn offers to the other seats (a catch, a late UNO) are not played, and the
    offers' passes do not count towards the turn cap.

    :meth:`evaluate` gives what :meth:`UnoAttackState.returns` would give at the
    rollout's end: +1 to each winner of the match and -1 to every other seat, 0 to all
    when the game's turn cap (``max_turns``) comes first. With ``horizon="hand"`` the
    rollout stops when the current hand ends: +1 to its winner, -1 to every other seat
    still in the match (0 to all for a void hand), a stand-in for a long match's result.
    With a ``depth``, a rollout still going after that many decisions stops there, and
    each seat gets ``2 p - 1``, where ``p`` is its chance of winning the hand guessed
    from the hands' sizes (:func:`unoattack.bots.ismcts.estimate`): the expected return
    of a one-hand match. The launcher makes a hand played out to its end mostly chance,
    so whole rollouts hardly tell moves apart, and short ones do (docs/envs.md has the
    measurements; the project's search bot plays 6 decisions). A state before the deal
    is first dealt at random; a terminal state gives its returns.

    It reads only the state it is handed. ISMCTS hands it the determinizations of
    ``resample_from_infostate``, whose hidden cards are a sample drawn from what the
    searching player knows, so the rollout's knowledge of every hand is no peeking.
    (``mcts.MCTSBot`` hands it the true state, and sees every hand anyway.)

    Args:
        random_state: The evaluator's generator, for reproducible rollouts. A
            ``random.Random`` is used as it is; a numpy ``RandomState`` (the one an
            OpenSpiel bot is given, say) seeds the evaluator's own ``random.Random``
            once, here; None: an unseeded one.
        policy: ``"random"``, ``"playout"`` or ``"heuristic"`` (:data:`ROLLOUT_POLICIES`).
        n_rollouts: Rollouts averaged per evaluation.
        horizon: ``"match"`` or ``"hand"`` (:data:`ROLLOUT_HORIZONS`).
        depth: Decisions a rollout makes before the hands' sizes decide; None: no limit.

    >>> game = pyspiel.load_game("python_uno_attack", {"options": "target_score=1"})
    >>> state = game.new_initial_state()
    >>> for byte in (0, 0, 0, 0, 0, 0, 0, 3):
    ...     state.apply_action(byte)
    >>> evaluator = HandRolloutEvaluator(random.Random(0))
    >>> [float(value) for value in evaluator.evaluate(state)]
    [1.0, -1.0]
    >>> legal = state.legal_actions()
    >>> evaluator.prior(state) == [(action, 1 / len(legal)) for action in legal]
    True
    """

    def __init__(
        self,
        random_state: random.Random | np.random.RandomState | None = None,
        policy: str = "random",
        n_rollouts: int = 1,
        horizon: str = "match",
        depth: int | None = None,
    ) -> None:
        if policy not in ROLLOUT_POLICIES:
            raise ValueError(f"unknown policy {policy!r}: use one of {', '.join(ROLLOUT_POLICIES)}")
        if horizon not in ROLLOUT_HORIZONS:
            raise ValueError(
                f"unknown horizon {horizon!r}: use one of {', '.join(ROLLOUT_HORIZONS)}"
            )
        if n_rollouts < 1:
            raise ValueError(f"n_rollouts must be at least 1, got {n_rollouts}")
        if depth is not None and depth < 0:
            raise ValueError(f"depth must be at least 0 (or None), got {depth}")
        if isinstance(random_state, np.random.RandomState):
            random_state = random.Random(int(random_state.randint(2**32, dtype=np.uint64)))
        self.rng = random_state if random_state is not None else random.Random()
        self.policy = policy
        self.n_rollouts = n_rollouts
        self.horizon = horizon
        self.depth = depth
        self._guide = HeuristicBot(self.rng) if policy == "heuristic" else None

    def evaluate(self, state: UnoAttackState) -> npt.NDArray[np.float64]:
        """Each player's value of ``state``: its rollouts' returns, averaged."""
        if state.is_terminal():
            return np.array(state.returns())
        rng = self.rng
        if state.table is None:  # before the deal: deal one at random
            state = state.clone()
            while state.table is None:
                state.apply_action(rng.randrange(state.setup.deal_outcomes))
        total = np.zeros(state.setup.players)
        for _ in range(self.n_rollouts):
            total += self._rollout(state)
        return total / self.n_rollouts

    def prior(self, state: UnoAttackState) -> list[tuple[int, float]]:
        """Equal priors for the legal actions; a chance node's outcomes with their
        probabilities; nothing at a terminal state."""
        if state.is_chance_node():
            return list(state.chance_outcomes())
        if state.is_terminal():
            return []
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]

    def _rollout(self, state: UnoAttackState) -> list[float]:
        table = state.table
        assert table is not None
        rng = self.rng
        game = table.game.search_copy(rng)
        players = game.n
        left = table.max_decisions - table.decisions  # decisions before the turn cap
        hand = game.hand_number
        if state.pending_press:
            seat = game.to_act
            assert seat is not None
            game.apply_unchecked(PRESS, seat)
            left -= 1
        guide = self._guide
        uniform = self.policy == "random"
        stop_at_hand = self.horizon == "hand"
        steps = left if self.depth is None else min(left, self.depth)
        while steps > 0 and not game.is_over and not (stop_at_hand and game.hand_number != hand):
            seat = game.to_act
            assert seat is not None
            if uniform:
                legal = game.legal_actions(seat)
                action = legal[int(rng.random() * len(legal))]
            elif guide is None:
                action = playout_policy(game, seat, rng)
            else:
                action = guide.choose(view(game, seat))
            game.apply_unchecked(action, seat)
            left -= 1
            steps -= 1
        result = game.result
        if result is not None:
            return [1.0 if s in result.winners else -1.0 for s in range(players)]
        last = game.last_hand
        if stop_at_hand and game.hand_number != hand and last is not None and last.winner >= 0:
            still_in = [game.active[s] or s in last.eliminated for s in range(players)]
            return [
                1.0 if s == last.winner else (-1.0 if still_in[s] else 0.0) for s in range(players)
            ]
        if left > 0 and not (stop_at_hand and game.hand_number != hand):  # cut at the depth
            return [2.0 * chance - 1.0 for chance in estimate(game)]
        return [0.0] * players  # the turn cap came first, or a void hand


pyspiel.register_game(_GAME_TYPE, UnoAttackGame)
