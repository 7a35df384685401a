"""Research environments: PettingZoo (AEC), Gymnasium (one learning seat) and OpenSpiel.

Install the extra: ``pip install 'unoattack[rl]'``. Importing this package registers the
Gymnasium env ``unoattack/UnoAttack-v0`` (when Gymnasium is installed); importing
:mod:`unoattack.envs.openspiel` registers the OpenSpiel game ``python_uno_attack``.

- :mod:`unoattack.envs.pettingzoo`: ``env(edition=..., num_players=..., ...)``
- :mod:`unoattack.envs.gymnasium`: ``UnoAttackEnv``, or ``gymnasium.make(ENV_ID)``
- :mod:`unoattack.envs.openspiel`: ``pyspiel.load_game("python_uno_attack")``
- :mod:`unoattack.envs.encoding`: the observation and action encoding all three share

docs/envs.md describes the observation layout, the action space and the rewards.
"""

from __future__ import annotations

from unoattack.envs.encoding import NUM_CODES, PASS, ObservationEncoder, Table

#: The Gymnasium id of the single-agent environment.
ENV_ID = "unoattack/UnoAttack-v0"
#: The registered episode cap, in the learner's steps (Gymnasium's ``TimeLimit``). A
#: match between heuristic bots to 500 points takes a seat a median of 505 decisions
#: (longest 1,046 of 150) with two players and 120 (longest 354) with four; two random
#: players mostly do not finish within the table's own cap of 10,000 decisions.
EPISODE_STEPS = 2_000

__all__ = ["ENV_ID", "EPISODE_STEPS", "NUM_CODES", "PASS", "ObservationEncoder", "Table"]


def _register_gymnasium() -> None:
    try:
        import gymnasium
    except ImportError:  # the rl extra is not installed: nothing to register
        return
    if ENV_ID not in gymnasium.registry:
        # Without Gymnasium's order enforcer and passive checker: the env refuses a step
        # before reset itself and passes check_env (tested), so the two wrappers would
        # only pass each step on, at a cost of 4 to 7% of a step's time (docs/envs.md,
        # "Speed"). `gymnasium.make(ENV_ID, disable_env_checker=False)` brings the
        # checker back.
        gymnasium.register(
            id=ENV_ID,
            entry_point="unoattack.envs.gymnasium:UnoAttackEnv",
            max_episode_steps=EPISODE_STEPS,
            order_enforce=False,
            disable_env_checker=True,
        )


_register_gymnasium()
