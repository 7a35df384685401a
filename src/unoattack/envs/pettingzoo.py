"""UNO Attack as a PettingZoo AEC environment: every seat is an agent.

>>> from unoattack.envs.pettingzoo import env
>>> table = env(edition="mega-hit", num_players=3, options={"target_score": 1})
>>> table.reset(seed=7)
>>> table.agent_selection in table.agents, int(table.action_space("player_0").n)
(True, 748)
>>> observation, reward, terminated, truncated, info = table.last()
>>> observation["observation"].shape, observation["action_mask"].dtype.name
((262,), 'int8')

Agents are ``player_0`` .. ``player_{n-1}`` (seat numbers). Each observation is a dict:
``observation`` (the encoded view of that seat, see :mod:`unoattack.envs.encoding`) and
``action_mask`` (``int8``, 748 entries: the engine's 747 action codes and PASS; all zero
for an agent that does not decide now). The deciding agent's info also has
``legal_actions``: the mask's codes as a list, ascending (as RLCard's
``state["legal_actions"]``), for a random or tabular policy that would otherwise scan
the mask; no other agent's info has it. Out-of-turn rules are turn-based: while a catch
window is open, each seat that may say UNO or catch becomes ``agent_selection`` in turn
with its option and PASS (see :class:`unoattack.envs.encoding.Table`).

Rewards (``reward=``): ``"match"`` (default) pays +1 to each winner and -1 to every
other seat when the match ends; ``"hand"`` pays +1 to the hand's winner and -1 to every
other seat still in the match at each hand's end. When ``max_steps`` decisions have been
made the match is truncated for every agent, with no reward.

An illegal action raises :class:`unoattack.engine.IllegalAction` (a ``ValueError`` whose
message says why) and changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils.env_logger import EnvLogger  # type: ignore[import-untyped]

from unoattack.engine import Game, IllegalAction
from unoattack.envs.encoding import (
    NUM_CODES,
    ObservationEncoder,
    Table,
    check_reward_mode,
    render_table,
    rewards,
)

__all__ = ["DEFAULT_MAX_STEPS", "env", "raw_env"]

#: Decisions (every seat's, passes included) after which a match is truncated.
DEFAULT_MAX_STEPS = 10_000
RENDER_MODES = ("human", "ansi")


def env(**kwargs: Any) -> raw_env:
    """The environment. Takes the keyword arguments of :class:`raw_env`.

    It makes the checks of PettingZoo's ``OrderEnforcingWrapper`` and
    ``AssertOutOfBoundsWrapper`` itself (step, observe or render before ``reset`` raise; a
    step after every agent is done warns; an action out of bounds, or None for an agent
    that is not done, is refused with :class:`~unoattack.engine.IllegalAction`) rather
    than through those wrappers: their attribute forwarding cost 40% of a step.
    """
    return raw_env(**kwargs)


class raw_env(AECEnv):  # type: ignore[misc]  # noqa: N801 (PettingZoo's naming convention)
    """The unwrapped AEC environment.

    Args:
        edition: ``2003``, ``2010``, ``mega-hit`` or the path of an edition file.
        num_players: 2 to 10 seats.
        launcher: A launcher spec (``hazard``, ``schedule``, ``memoryless:p=0.3``...).
        options: House rules, e.g. ``{"target_score": 100}``.
        reward: ``"match"`` or ``"hand"`` (see the module docstring).
        max_steps: Decisions after which the match is truncated (the turn cap).
        render_mode: None, ``"human"`` (prints) or ``"ansi"`` (``render()`` returns text).
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "unoattack_v0",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
        "render_fps": 2,
    }
    agent_selection: str

    def __init__(
        self,
        edition: str = "2003",
        num_players: int = 2,
        launcher: str = "hazard",
        options: Mapping[str, Any] | None = None,
        reward: str = "match",
        max_steps: int = DEFAULT_MAX_STEPS,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', got {render_mode!r}")
        self.edition = edition
        self.num_players = num_players
        self.launcher = launcher
        self.options = dict(options or {})
        self.reward_mode = check_reward_mode(reward)
        self.max_steps = max_steps
        self.render_mode = render_mode
        # A first game checks the arguments at once and gives the encoder its bounds.
        probe = Game.new(edition, num_players, 0, launcher, self.options, events=False)
        self.encoder = ObservationEncoder.for_game(probe)
        self._layout = self.encoder.layout
        self.possible_agents = [f"player_{seat}" for seat in range(num_players)]
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        self.encoder.low, self.encoder.high, dtype=np.float32
                    ),
                    "action_mask": spaces.Box(0, 1, shape=(NUM_CODES,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(NUM_CODES) for agent in self.possible_agents}
        self._rng: random.Random | None = None
        self.table: Table | None = None
        self._noted = False

    # ------------------------------------------------------------------ spaces

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ AEC API

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new match. ``seed`` reseeds the env's generator; without it the next
        match comes from the generator's current state. ``options`` is accepted for the
        PettingZoo API and ignored: house rules go to the constructor."""
        if seed is not None or self._rng is None:
            self._rng = random.Random(seed)
        game_seed = self._rng.getrandbits(63)
        game = Game.new(
            self.edition, self.num_players, game_seed, self.launcher, self.options, events=False
        )
        self.table = Table(game, self.max_steps)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._noted = False  # the last step paid rewards or put something in infos
        self._select()
        self._offer_legal_actions()

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s observation and action mask, both fresh arrays of its own."""
        table = self.table
        if table is None:
            raise RuntimeError("call reset() before using the environment")
        observation, mask, _reacting = table.observation(self._seat_of[agent], self._layout)
        return {"observation": observation, "action_mask": mask}

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The deciding agent's observation (as :meth:`observe`), cumulative reward,
        termination, truncation and info: PettingZoo's ``last``, with ``observe``
        inlined (a training loop calls it at every step)."""
        agent = self.agent_selection
        observation: dict[str, Any] | None = None
        if observe:
            table = self.table
            if table is None:
                raise RuntimeError("call reset() before using the environment")
            vector, mask, _reacting = table.observation(self._seat_of[agent], self._layout)
            observation = {"observation": vector, "action_mask": mask}
        return (
            observation,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def step(self, action: Any) -> None:
        table = self.table
        if table is None:
            raise RuntimeError("call reset() before using the environment")
        if not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalAction(f"{agent} must act: None is the action of an agent that is done")
        step = table.apply(int(action))  # raises IllegalAction, leaving everything unchanged
        self._cumulative_rewards[agent] = 0.0
        self.infos[agent].pop("legal_actions", None)  # it has decided
        if self._noted:
            # The last step paid rewards or ended a hand: this one starts clean.
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.infos = {a: {} for a in self.agents}
            self._noted = False
        if step.hand is not None or step.result is not None or step.truncated:
            # Rewards are paid only when a hand or the match ends (see ``rewards``).
            paid = rewards(self.reward_mode, step, self.num_players)
            self.rewards = {a: paid[self._seat_of[a]] for a in self.agents}
            if step.result is not None:
                self.terminations = dict.fromkeys(self.agents, True)
            elif step.truncated:
                self.truncations = dict.fromkeys(self.agents, True)
            if step.hand is not None:
                for a in self.agents:
                    self.infos[a]["hand"] = step.hand
            self._noted = True
            self._accumulate_rewards()
        seat = table.awaited()[0]  # self._select() and self._offer_legal_actions(), inlined
        if seat is not None:
            self.agent_selection = selected = self.possible_agents[seat]
            self.infos[selected]["legal_actions"] = table.legal_codes()
        else:
            self._select()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """``ansi``: the table as text; ``human``: print it. Shows the deciding seat's hand."""
        if self.render_mode is None:
            return None
        table = self._table()
        text = render_table(table, table.seat)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release; here for the PettingZoo API."""

    # ------------------------------------------------------------------ helpers

    def _table(self) -> Table:
        if self.table is None:
            raise RuntimeError("call reset() before using the environment")
        return self.table

    def _select(self) -> None:
        seat = self._table().awaited()[0]
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
        else:
            # Over or truncated: every agent is done; PettingZoo steps them out with None.
            self.agent_selection = self.agents[0]

    def _offer_legal_actions(self) -> None:
        """Put the deciding agent's legal codes in its info (nobody decides once the match
        is over or truncated)."""
        table = self._table()
        seat = table.awaited()[0]
        if seat is not None:
            self.infos[self.possible_agents[seat]]["legal_actions"] = table.legal_codes()
