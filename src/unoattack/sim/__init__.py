"""Simulations, tournaments and benchmarks: many games between bots, summarised.

The engine plays; this package deals games from derived seeds, spreads them over
processes or a Ray cluster, aggregates what happened (as integer counts, so any split
gives the same result) and reports it as text, JSON, CSV, plots and HTML.
"""

from unoattack.sim.simulate import SimConfig, SimError, Summary, game_seed, simulate
from unoattack.sim.stats import Dist, wilson

__all__ = ["Dist", "SimConfig", "SimError", "Summary", "game_seed", "simulate", "wilson"]
