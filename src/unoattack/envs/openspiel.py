"""UNO Attack as an OpenSpiel Python game, registered as ``python_uno_attack``.

>>> import pyspiel
>>> import unoattack.envs.openspiel
>>> game = pyspiel.load_game("python_uno_attack(players=3,options=target_score:1)")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 1000)
>>> state.apply_action(7)  # the deal of seed 7
>>> state.current_player() in (0, 1, 2), game.max_game_length()
(True, 10000)

Sequential, imperfect information, explicit chance (docs/envs.md has the details):

- **The deal** is the root chance node: ``deals`` equally likely outcomes; outcome ``i``
  deals the match ``Game.new(..., seed=seed + i)`` deals. That seed fixes the whole deck
  stream of the match: the first dealer, every hand's deal and every reshuffle.
- **The launcher** is explicit: a player's ``press`` leads to a chance node whose
  outcomes are what the press yields (fired or not, cards shot out, cards stuck), with
  the launcher model's probabilities, capped to the cards loaded; the cards that come out
  are the stock's front. Search can enumerate every press's outcomes. Outcome ids are
  ``deals + fired + 2 * (cards + (deck_size + 1) * stuck)``.
- **Decisions** are the engine's action codes (0..746) and PASS (747), with the
  out-of-turn protocol of :class:`unoattack.envs.encoding.Table`.
- **Returns** are the match result: +1 to each winner, -1 to every other seat; 0 to all
  when the turn cap ``max_turns`` (also ``max_game_length``) cuts the match short.

Parameters: ``players`` (2), ``edition`` ("2003"), ``launcher`` ("hazard"), ``options``
(house rules as ``name=value;name=value``, e.g. ``target_score=50;stacking=on``),
``seed`` (0), ``deals`` (1000), ``max_turns`` (10000).

The observer's tensor is :class:`unoattack.envs.encoding.ObservationEncoder`'s vector;
its string is a one-line summary of the same view. Both come from ``view(game, player)``
only (with ``private_info=NONE``, from the spectator's view). Perfect-recall
information states are not provided.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from unoattack.engine import SPECTATOR, Game, View, view
from unoattack.engine.actions import PRESS
from unoattack.engine.launcher import LauncherModel, Outcome, press_distribution
from unoattack.envs.encoding import (
    NUM_CODES,
    FloatArray,
    ObservationEncoder,
    Table,
    describe_action,
    render_table,
)

__all__ = [
    "GAME_NAME",
    "UnoAttackGame",
    "UnoAttackObserver",
    "UnoAttackState",
    "parse_options",
]

GAME_NAME = "python_uno_attack"
_DEFAULT_PARAMS: dict[str, Any] = {
    "players": 2,
    "edition": "2003",
    "launcher": "hazard",
    "options": "",
    "seed": 0,
    "deals": 1000,
    "max_turns": 10_000,
}

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Python UNO Attack!",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=10,
    min_num_players=2,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULT_PARAMS,
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
    edition: str
    launcher: str
    options: Mapping[str, str]
    seed: int
    deals: int
    max_turns: int
    deck_size: int
    max_copies: int
    target_score: int

    @classmethod
    def from_params(cls, params: Mapping[str, Any]) -> _Setup:
        values = {**_DEFAULT_PARAMS, **params}
        options = parse_options(str(values["options"]))
        deals, max_turns = int(values["deals"]), int(values["max_turns"])
        if deals < 1 or max_turns < 1:
            raise ValueError(f"deals and max_turns must be at least 1, got {deals}, {max_turns}")
        probe = Game.new(
            str(values["edition"]),
            int(values["players"]),
            0,
            str(values["launcher"]),
            options,
            events=False,
        )
        encoder = ObservationEncoder.for_game(probe)
        max_copies = int(encoder.high[encoder.segment("hand").start])
        return cls(
            players=probe.n,
            edition=str(values["edition"]),
            launcher=str(values["launcher"]),
            options=options,
            seed=int(values["seed"]),
            deals=deals,
            max_turns=max_turns,
            deck_size=probe.edition.deck.size,
            max_copies=max_copies,
            target_score=probe.options.target_score,
        )

    def outcome_id(self, outcome: Outcome) -> int:
        return (
            self.deals
            + int(outcome.fired)
            + 2 * (outcome.cards + (self.deck_size + 1) * outcome.stuck)
        )

    def outcome_of(self, action: int) -> Outcome:
        code = action - self.deals
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
            max_chance_outcomes=setup.deals + 2 * (setup.deck_size + 1) ** 2,
            num_players=setup.players,
            min_utility=-1.0,
            max_utility=1.0,
            max_game_length=setup.max_turns,
        )
        super().__init__(_GAME_TYPE, info, dict(params or {}))
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
        self.deal = -1
        self.pending_press = False

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
            return [(i, 1.0 / setup.deals) for i in range(setup.deals)]
        return [(setup.outcome_id(o), p) for o, p in self._press_distribution()]

    def _apply_action(self, action: int) -> None:
        setup = self.setup
        if self.table is None:
            if not 0 <= action < setup.deals:
                raise ValueError(f"deal {action} is out of range 0..{setup.deals - 1}")
            game = Game.new(
                setup.edition,
                setup.players,
                setup.seed + action,
                setup.launcher,
                setup.options,
                events=False,
            )
            self.table = Table(game, setup.max_turns)
            self.deal = action
        elif self.pending_press:
            self._press(setup.outcome_of(action))
            self.pending_press = False
        elif action == PRESS.code:
            if PRESS.code not in self.table.legal_codes():
                raise ValueError("press is not legal now")
            self.pending_press = True  # its outcome is the next (chance) node
        else:
            self.table.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        setup = self.setup
        if player == pyspiel.PlayerId.CHANCE:
            if action < setup.deals:
                return f"deal seed {setup.seed + action}"
            return _outcome_text(setup.outcome_of(action))
        return describe_action(action)

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
            return f"before the deal: {self.setup.deals} deals from seed {self.setup.seed}"
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

    def _press_distribution(self) -> list[tuple[Outcome, float]]:
        assert self.table is not None
        public = view(self.table.game, SPECTATOR)
        counters = public.launcher
        stock, since_reload = counters.stock_size, counters.presses_since_reload
        if stock == 0 and public.pile_size > 1:
            # R18, R19: an empty launcher is reloaded with the discards but the top card
            # before the press, which restarts its count of presses since reloading.
            stock, since_reload = public.pile_size - 1, 0
        return press_distribution(
            self.table.game.launcher.model,
            counters.presses_since_fire,
            since_reload,
            counters.total_presses,
            stock,
        )

    def _press(self, outcome: Outcome) -> None:
        table = self.table
        assert table is not None and table.seat is not None
        seat = table.seat
        before = table.view(seat)
        launcher = table.game.launcher
        model = launcher.model
        launcher.model = _ForcedModel(model, outcome)
        try:
            table.apply(PRESS.code)
        finally:
            launcher.model = model
        after = table.view(seat)
        if after.hand_number == before.hand_number and after.result is None:
            got = after.hand_counts[seat] - before.hand_counts[seat]
            if got != outcome.total:
                raise RuntimeError(f"the press gave {got} cards, the chance outcome said {outcome}")


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
    own view) or NONE (the spectator's view, seat slots still relative to the player).
    """

    def __init__(self, setup: _Setup, iig_obs_type: Any, params: Mapping[str, Any] | None):
        if params:
            raise ValueError(f"observation parameters are not supported, got {dict(params)}")
        if iig_obs_type.perfect_recall:
            raise ValueError("perfect-recall observations (information states) are not provided")
        if not iig_obs_type.public_info:
            raise ValueError("observations without public information are not provided")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("observations of every player's private cards are not provided")
        self.private = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.encoder = ObservationEncoder(setup.deck_size, setup.max_copies, setup.target_score)
        self.tensor: FloatArray = np.zeros(self.encoder.size, np.float32)
        self.dict = {
            s.name: self.tensor[s.start : s.stop].reshape(s.shape) for s in self.encoder.segments
        }

    def _view(self, state: UnoAttackState, player: int) -> View | None:
        if state.table is None:
            return None
        return state.table.view(player if self.private else SPECTATOR)

    def set_from(self, state: UnoAttackState, player: int) -> None:
        seen = self._view(state, player)
        if seen is None:
            self.tensor.fill(0.0)
            return
        assert state.table is not None
        deciding = state.table.seat == player and not state.pending_press
        self.encoder.encode(
            seen,
            deciding=deciding,
            reacting=deciding and state.table.reacting,
            perspective=player,
            out=self.tensor,
        )

    def string_from(self, state: UnoAttackState, player: int) -> str:
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


pyspiel.register_game(_GAME_TYPE, UnoAttackGame)
