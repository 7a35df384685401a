"""UNO Attack as a Gymnasium environment: one seat learns, bots play the others.

>>> import gymnasium
>>> import unoattack.envs  # registers the id
>>> env = gymnasium.make("unoattack/UnoAttack-v0", num_players=3, options={"target_score": 1})
>>> observation, info = env.reset(seed=1)
>>> observation.shape, info["action_mask"].shape, int(env.action_space.n)
((262,), (748,), 748)

The learner's observation is its encoded view (:mod:`unoattack.envs.encoding`); its
legal actions are in ``info["action_mask"]`` (``int8``), in ``info["legal_actions"]``
(the same codes as a list, ascending, as RLCard's ``state["legal_actions"]`` and
OpenSpiel's ``legal_actions()`` hand them: a random or tabular policy picks from it
without scanning the mask) and in :meth:`UnoAttackEnv.action_masks` (the method
sb3-contrib's ``MaskablePPO`` calls). The action space is the engine's action
codes plus PASS (747), which the learner uses to decline an out-of-turn offer (say UNO,
catch a player): the out-of-turn protocol is :class:`unoattack.envs.encoding.Table`'s.

An illegal action (one the mask forbids, as an unmasked random policy picks) is refused
without raising: the game is unchanged, the reward is ``illegal_reward`` (default -0.1),
``info["illegal_action"]`` is True, and the refused step counts towards ``max_steps``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from unoattack import bots
from unoattack.bots import BOT_NAMES
from unoattack.engine import Game
from unoattack.engine.match import Bot
from unoattack.envs.encoding import (
    NUM_CODES,
    FloatArray,
    GymnasiumStep,
    ObservationEncoder,
    Table,
    action_mask,
    check_reward_mode,
    render_table,
)

__all__ = ["BOT_NAMES", "DEFAULT_MAX_STEPS", "Bot", "UnoAttackEnv", "make_bot"]

#: Decisions (every seat's, passes and refused actions included) before truncation.
DEFAULT_MAX_STEPS = 10_000
RENDER_MODES = ("human", "ansi")


def make_bot(name: str, rng: random.Random) -> Bot:
    """An opponent by name (:data:`BOT_NAMES`: ``random``, ``heuristic``, the ISMCTS
    levels, ``ismcts:iters=N``), using ``rng`` for every random choice."""
    try:
        return bots.make_bot(name, rng)
    except ValueError as exc:
        raise ValueError(f"{exc}, or a bot object") from None


class UnoAttackEnv(gymnasium.Env[FloatArray, np.int64]):
    """One learning seat against bots.

    Args:
        edition: ``2003``, ``2010``, ``mega-hit`` or the path of an edition file.
        num_players: 2 to 10 seats.
        seat: The learner's seat, or None for a seat drawn at each reset.
        opponents: A bot name for every other seat (``"random"``, ``"heuristic"``, a search
            bot: ``"ismcts-hard"``, ``"ismcts:iters=200"``; docs/bots.md), or a
            sequence with one bot name or bot object per other seat, in seat order. Named
            bots are rebuilt at each reset with generators drawn from the env's; bot
            objects keep their own generators (seed them yourself for reproducibility).
        launcher: A launcher spec (``hazard``, ``schedule``, ``memoryless:p=0.3``...).
        options: House rules, e.g. ``{"target_score": 100}``.
        reward: ``"match"`` (+1 if the learner wins the match, -1 if not) or ``"hand"``
            (+1 / -1 for the learner at each hand's end).
        illegal_reward: The reward of a refused (illegal) action.
        max_steps: Decisions after which the episode is truncated (the turn cap).
        render_mode: None, ``"human"`` (prints) or ``"ansi"`` (``render()`` returns text).
    """

    # Gymnasium declares metadata as an instance attribute with a class-level default.
    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 2}  # noqa: RUF012

    def __init__(
        self,
        edition: str = "2003",
        num_players: int = 2,
        seat: int | None = 0,
        opponents: str | Sequence[str | Bot] = "random",
        launcher: str = "hazard",
        options: Mapping[str, Any] | None = None,
        reward: str = "match",
        illegal_reward: float = -0.1,
        max_steps: int = DEFAULT_MAX_STEPS,
        render_mode: str | None = None,
    ) -> None:
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', got {render_mode!r}")
        if seat is not None and not 0 <= seat < num_players:
            raise ValueError(f"seat must be from 0 to {num_players - 1} (or None), got {seat}")
        self.edition = edition
        self.num_players = num_players
        self.seat = seat
        self.launcher = launcher
        self.options = dict(options or {})
        self.reward_mode = check_reward_mode(reward)
        self.illegal_reward = float(illegal_reward)
        self.max_steps = max_steps
        self.render_mode = render_mode
        if isinstance(opponents, str):
            self._opponents: list[str | Bot] = [opponents] * (num_players - 1)
        else:
            self._opponents = list(opponents)
        if len(self._opponents) != num_players - 1:
            raise ValueError(
                f"opponents needs one bot per other seat ({num_players - 1}), "
                f"got {len(self._opponents)}"
            )
        for opponent in self._opponents:
            if isinstance(opponent, str):
                make_bot(opponent, random.Random(0))  # refuse an unknown name now
        probe = Game.new(edition, num_players, 0, launcher, self.options, events=False)
        self.encoder = ObservationEncoder.for_game(probe)
        self._layout = self.encoder.layout
        self.observation_space = spaces.Box(self.encoder.low, self.encoder.high, dtype=np.float32)
        self.action_space = spaces.Discrete(NUM_CODES)
        self.table: Table | None = None
        self.learner = 0 if seat is None else seat
        self.bots: dict[int, Bot] = {}
        # Each reset makes a compiled GymnasiumStep this instance's step (_bind_step),
        # unless a subclass has a step of its own or each step must render.
        self._bind_steps = render_mode != "human" and type(self).step is UnoAttackEnv.step

    # ------------------------------------------------------------------ Gymnasium API

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[FloatArray, dict[str, Any]]:
        """Deal a new match and play the bots up to the learner's first decision.

        ``options`` is accepted for the Gymnasium API and ignored: house rules go to
        the constructor.
        """
        super().reset(seed=seed)
        rng = self.np_random
        game_seed = int(rng.integers(2**62))
        self.learner = int(rng.integers(self.num_players)) if self.seat is None else self.seat
        others = [s for s in range(self.num_players) if s != self.learner]
        self.bots = {}
        for other, opponent in zip(others, self._opponents, strict=True):
            bot_rng = random.Random(int(rng.integers(2**62)))
            bot = make_bot(opponent, bot_rng) if isinstance(opponent, str) else opponent
            self.bots[other] = bot
        # A search bot reads what its seat saw in trades from the game's events.
        searching = any(hasattr(bot, "decide") for bot in self.bots.values())
        game = Game.new(
            self.edition, self.num_players, game_seed, self.launcher, self.options, events=searching
        )
        self.table = table = Table(game, self.max_steps, bots=self.bots)
        table.run_bots()  # up to the learner's first decision (a reset pays no reward)
        self._bind_step()
        if self.render_mode == "human":
            self.render()
        return self._outcome(table)

    def step(self, action: np.int64 | int) -> tuple[FloatArray, float, bool, bool, dict[str, Any]]:
        # After a reset, a training loop's env.step is the compiled GymnasiumStep.step
        # (_bind_step) instead; this one serves before the first reset, a subclass that
        # calls it, and the human render mode.
        table = self.table
        if table is None:
            raise RuntimeError("call reset() before using the environment")
        outcome = table.gymnasium_step(
            self.learner, action, self.reward_mode, self._layout, self.illegal_reward
        )
        if self.render_mode == "human":
            self.render()
        return outcome

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's legal actions as booleans (for sb3-contrib's MaskablePPO)."""
        return action_mask(self._table().legal_codes(self.learner)).astype(bool)

    def render(self) -> str | None:
        """``ansi``: the table as text; ``human``: print it. Shows the learner's hand."""
        if self.render_mode is None:
            return None
        text = render_table(self._table(), self.learner)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    # ------------------------------------------------------------------ helpers

    def _bind_step(self) -> None:
        """Make this instance's ``step`` the compiled step of its table's learner: the
        same outcome as :meth:`step`, without a call through Python code at every
        decision."""
        table = self.table
        if self._bind_steps and table is not None:
            stepper = GymnasiumStep(
                table, self.learner, self.reward_mode, self._layout, self.illegal_reward
            )
            self.__dict__["step"] = stepper.step

    def __getstate__(self) -> dict[str, Any]:
        # A copy or a pickle binds its own step to its own table (__setstate__): the
        # bound step would otherwise come along as the original's.
        state = self.__dict__.copy()
        state.pop("step", None)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._bind_step()

    def _table(self) -> Table:
        if self.table is None:
            raise RuntimeError("call reset() before using the environment")
        return self.table

    def _outcome(self, table: Table) -> tuple[FloatArray, dict[str, Any]]:
        """The learner's observation (a fresh copy of its numbers, refreshed) and the
        info dict with its action mask and legal codes."""
        learner = self.learner
        observation, mask, legal, reacting = table.decision_observation(learner, self._layout)
        info = {
            "action_mask": mask,
            "legal_actions": legal,
            "seat": learner,
            "reacting": reacting,
            "illegal_action": False,
        }
        return observation, info
