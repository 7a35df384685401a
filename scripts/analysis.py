#!/usr/bin/env python3
"""Write docs/analysis.md and its figures (docs/img/analysis-*.png) from real runs.

Every figure in the page comes from the simulations this script runs; each table names
the ``unoattack simulate`` / ``tournament`` command that reproduces a row exactly (the
same seed gives the same games on any machine, whatever the number of processes).

Usage::

    python scripts/analysis.py [--jobs N] [--scale 1.0] [--out docs/analysis.md]

``--scale`` multiplies every sample size (0.1 for a quick look; the page then has wider
intervals). The default takes a few minutes on two cores.
"""

from __future__ import annotations

import argparse
import json
import platform
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from importlib.metadata import version
from pathlib import Path
from typing import Any

from unoattack.sim import plots
from unoattack.sim.backends import cpu_count
from unoattack.sim.simulate import SimConfig, simulate
from unoattack.sim.stats import proportion
from unoattack.sim.tournament import TournamentConfig, tournament

ROOT = Path(__file__).resolve().parent.parent
SEED = 2024
EDITIONS = ("2003", "2010", "mega-hit")
LAUNCHERS = ("hazard", "schedule", "memoryless", "draw-one")

Data = dict[str, Any]

FIRST_PLAYER_COLUMNS = (
    "edition",
    "players",
    "hands",
    "fair share",
    "first turn wins",
    "x fair",
    "dealer wins",
    "command",
)
LAUNCHER_COLUMNS = (
    "launcher",
    "cards / press",
    "fires",
    "presses / hand",
    "cards launched / hand",
    "turns / hand",
    "median / p90 turns",
    "reloads / hand",
    "points / hand",
    "hands / match",
    "turns / match",
)
STACKING_COLUMNS = (
    "players",
    "stacking",
    "turns / hand",
    "median / p90 turns",
    "stacked plays / hand",
    "presses / hand",
    "cards launched / hand",
    "points / hand",
    "command",
)
STRENGTH_COLUMNS = (
    "edition",
    "players",
    "matches",
    "heuristic seats",
    "heuristic wins",
    "fair share",
    "heuristic μ ± σ",
    "random μ ± σ",
    "hands / match",
    "command",
)


# ---------------------------------------------------------------------- helpers


def rewrap(markdown: str, width: int = 88) -> str:
    """Re-fill the prose paragraphs (figures substituted into them leave ragged lines);
    tables, code, images and headings stay as they are."""
    out = []
    for block in markdown.split("\n\n"):
        first = block.lstrip("\n")[:1]
        listed = block.startswith(("* ", "- ", "    "))
        if not block.strip() or first in "|#!`" or listed:
            out.append(block)
            continue
        out.append(
            textwrap.fill(
                " ".join(block.split()),
                width=width,
                break_long_words=False,
                break_on_hyphens=False,
            )
        )
    return "\n\n".join(out).rstrip() + "\n"


def pct(value: float | None, digits: int = 1) -> str:
    return "-" if value is None else f"{100 * value:.{digits}f}%"


def interval(row: Data) -> str:
    return f"{pct(row['rate'])} [{pct(row['low'])}, {pct(row['high'])}]"


def table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(x) for x in row) + " |" for row in rows]
    return "\n".join(lines)


def num(value: float | None, digits: int = 1) -> str:
    return "-" if value is None else f"{value:,.{digits}f}"


@dataclass
class Runner:
    jobs: int
    scale: float
    seconds: float = 0.0
    runs: int = 0

    def n(self, games: int) -> int:
        return max(10, round(games * self.scale))

    def sim(self, config: SimConfig) -> Data:
        config = replace(config, games=self.n(config.games)).validate()
        started = time.perf_counter()
        data = simulate(config, jobs=self.jobs).to_dict(config)
        self.seconds += time.perf_counter() - started
        self.runs += 1
        data["command"] = config.command()
        print(f"  {time.perf_counter() - started:6.1f} s  {data['command']}", file=sys.stderr)
        return data

    def tournament(self, config: TournamentConfig) -> Data:
        config = replace(config, games=self.n(config.games))
        started = time.perf_counter()
        data = tournament(config, jobs=self.jobs).to_dict()
        self.seconds += time.perf_counter() - started
        self.runs += 1
        data["command"] = config.command()
        print(f"  {time.perf_counter() - started:6.1f} s  {data['command']}", file=sys.stderr)
        return data


def save(fig: Any, name: str, img: Path) -> str:
    img.mkdir(parents=True, exist_ok=True)
    plots.save(fig, img / name)
    return f"img/{name}"


def figure(rows: int = 1, cols: int = 1, size: tuple[float, float] = (7, 4)) -> tuple[Any, Any]:
    plt = plots.pyplot()
    return plt.subplots(rows, cols, figsize=size, layout="constrained", squeeze=False)


# ---------------------------------------------------------------------- experiments


def first_player(run: Runner, img: Path) -> str:
    """Does the player who takes a hand's first turn win more than a fair share?"""
    counts = (2, 3, 4, 6)
    results: dict[tuple[str, int], Data] = {}
    for edition in EDITIONS:
        for players in counts:
            config = SimConfig(
                edition=edition,
                players=players,
                games=3000,
                seed=SEED,
                bots=("heuristic",),
                unit="hands",
            )
            results[edition, players] = run.sim(config)

    rows = []
    for (edition, players), data in results.items():
        first = data["wins"]["hands_by_first_turn"]
        order = data["wins"]["hands_by_deal_order"]
        fair = 1 / players
        rows.append(
            [
                edition,
                players,
                f"{data['hands']:,}",
                pct(fair),
                interval(first),
                f"{first['rate'] / fair:.2f}",
                interval(order[-1]),
                f"`{data['command']}`",
            ]
        )
    fig, axes = figure(size=(8, 4.2))
    ax = axes[0][0]
    width = 0.25
    for i, edition in enumerate(EDITIONS):
        xs, ys, lo, hi = [], [], [], []
        for j, players in enumerate(counts):
            first = results[edition, players]["wins"]["hands_by_first_turn"]
            xs.append(j + (i - 1) * width)
            ys.append(first["rate"] * players)
            lo.append((first["rate"] - first["low"]) * players)
            hi.append((first["high"] - first["rate"]) * players)
        ax.errorbar(xs, ys, yerr=[lo, hi], fmt="o", capsize=4, label=edition)
    ax.axhline(1.0, color="grey", linestyle="--", linewidth=1)
    ax.set_xticks(range(len(counts)), [f"{n} players" for n in counts])
    ax.set_ylabel("first player's win rate / fair share")
    ax.set_title("First-turn advantage (heuristic bots, first hand of a match, 95% intervals)")
    ax.legend()
    path = save(fig, "analysis-first-player.png", img)

    def edge(key: tuple[str, int], which: str = "hands_by_first_turn") -> Data:
        wins = results[key]["wins"]
        return wins[which] if which != "dealer" else wins["hands_by_deal_order"][-1]

    def describe(keys: list[tuple[str, int]]) -> str:
        return ", ".join(f"{e} with {p} players" for e, p in keys) if keys else "none"

    above = [k for k in results if edge(k)["low"] > 1 / k[1]]
    below = [k for k in results if edge(k)["high"] < 1 / k[1]]
    leaning = sum(edge(k)["rate"] > 1 / k[1] for k in results)
    dealer_below = [k for k in results if edge(k, "dealer")["high"] < 1 / k[1]]
    dealer_above = [k for k in results if edge(k, "dealer")["low"] > 1 / k[1]]
    best = max(results, key=lambda k: edge(k)["rate"] - 1 / k[1])
    worst = min(results, key=lambda k: edge(k)["rate"] - 1 / k[1])
    # Pooled over the settings: first-turn wins against their expected number under
    # "every seat equal", with the binomial variance of each setting.
    won = sum(edge(k)["wins"] for k in results)
    expected = sum(edge(k)["trials"] / k[1] for k in results)
    variance = sum(edge(k)["trials"] * (1 / k[1]) * (1 - 1 / k[1]) for k in results)
    z = (won - expected) / variance**0.5
    dealer_won = sum(edge(k, "dealer")["wins"] for k in results)
    dealer_z = (dealer_won - expected) / variance**0.5
    mean_ratio = sum(edge(k)["rate"] * k[1] for k in results) / len(results)
    mean_dealer = sum(edge(k, "dealer")["rate"] * k[1] for k in results) / len(results)
    points = 100 * (edge(best)["rate"] - 1 / best[1])
    if abs(z) < 2:
        verdict = "Going first makes no clear difference."
    elif z > 0:
        verdict = "Going first is worth a little, and only a little."
    else:
        verdict = "Going first is, if anything, a slight handicap."
    return f"""## 1. First-player advantage

Each row is the first hand of {results[EDITIONS[0], 2]["hands"]:,} matches (`--unit
hands`) between heuristic bots with the default `hazard` launcher. *First turn* is the
player who took the hand's first turn (a Skip, Reverse or Hit start card changes who
that is); *dealer* is the dealer's own win rate (the dealer is the last to play in the
first round). Intervals are 95% Wilson intervals.

{table(FIRST_PLAYER_COLUMNS, rows)}

![First-turn advantage]({path})

{verdict} The first player's win rate is above the fair share in {leaning} of the
{len(results)} settings, {mean_ratio:.2f} times the fair share on average, and at most
{points:.1f} points above it ({best[0]} with {best[1]} players: {pct(edge(best)["rate"])}
against a fair {pct(1 / best[1])}); the lowest is {worst[0]} with {worst[1]} players,
{100 * (edge(worst)["rate"] - 1 / worst[1]):+.1f} points. Pooled over all the settings,
first players won {won:,} hands where equal seats would win {expected:,.0f} on average
(z = {z:+.1f}); dealers won {dealer_won:,} (z = {dealer_z:+.1f}, {mean_dealer:.2f} times
a fair share on average). One setting at a time, the interval lies wholly above the fair
share for {describe(above)} and wholly below it for {describe(below)}; the dealer's lies
wholly below for {describe(dealer_below)} and wholly above for {describe(dealer_above)}.
With twelve intervals at 95%, one in twenty misses the true rate by chance alone, which
is why the pooled figure is the one to trust. A likely reason the edge is small: acting
first is a head start of one card, while a single press of the launcher often hands out
several (section 2).
"""


def launcher_models(run: Runner, img: Path) -> str:
    """How the launcher model changes the length of hands and matches."""
    hands: dict[str, Data] = {}
    matches: dict[str, Data] = {}
    for launcher in LAUNCHERS:
        hands[launcher] = run.sim(
            SimConfig(
                edition="2003",
                players=4,
                games=2000,
                seed=SEED,
                bots=("heuristic",),
                launcher=launcher,
                unit="hands",
            )
        )
        matches[launcher] = run.sim(
            SimConfig(
                edition="2003",
                players=4,
                games=150,
                seed=SEED,
                bots=("heuristic",),
                launcher=launcher,
            )
        )

    def turns_per_match(name: str) -> float:
        m = matches[name]
        return float(m["turns_per_hand"]["mean"]) * m["hands"] / m["games"]

    rows = []
    for launcher in LAUNCHERS:
        h, m = hands[launcher], matches[launcher]
        lh = h["launcher"]
        rows.append(
            [
                f"`{launcher}`",
                num(lh["cards_per_press"]["mean"], 2),
                pct(lh["fire_rate"], 0),
                num(lh["presses_per_hand"]["mean"]),
                num(lh["cards_per_hand"]["mean"]),
                num(h["turns_per_hand"]["mean"]),
                f"{h['turns_per_hand']['median']} / {h['turns_per_hand']['p90']}",
                num(lh["reloads_per_hand"]["mean"], 2),
                num(h["points"]["per_hand"]["mean"], 0),
                num(m["hands_per_match"]["mean"], 2),
                num(turns_per_match(launcher), 0),
            ]
        )
    fig, axes = figure(1, 2, size=(12, 4.2))
    plots.cards_per_press(axes[0][0], list(hands.values()))
    plots.hand_lengths(axes[0][1], list(hands.values()), cumulative=True)
    path = save(fig, "analysis-launchers.png", img)

    def mean_turns(name: str) -> float:
        return float(hands[name]["turns_per_hand"]["mean"])

    def spread(name: str) -> float:
        t = hands[name]["turns_per_hand"]
        return float(t["p90"]) / float(t["median"])

    longest = max(LAUNCHERS, key=mean_turns)
    shortest = min(LAUNCHERS, key=mean_turns)
    most_hands = max(LAUNCHERS, key=lambda name: matches[name]["hands_per_match"]["mean"])
    fewest_hands = min(LAUNCHERS, key=lambda name: matches[name]["hands_per_match"]["mean"])
    longest_match = max(LAUNCHERS, key=turns_per_match)
    shortest_match = min(LAUNCHERS, key=turns_per_match)
    hz, ml = hands["hazard"], hands["memoryless"]
    turnaround = "Matches turn this around." if longest_match == shortest else "Matches differ."
    commands = "\n".join(
        f"    {hands[name]['command']}\n    {matches[name]['command']}" for name in LAUNCHERS
    )
    return f"""## 2. The launcher model and the length of the game

2003 edition, four heuristic bots, the same deals for every model (the deck and the
launcher draw from separate random streams, so changing the model keeps the shuffle):
{hands["hazard"]["hands"]:,} first hands per model for the hand figures and
{matches["hazard"]["games"]:,} full matches (to 500 points) for the match figures.

{table(LAUNCHER_COLUMNS, rows)}

![Cards per press and hand length by launcher model]({path})

The launcher decides how long a hand lasts. Hands are longest with `{longest}`
({mean_turns(longest):.0f} turns on average) and shortest with `{shortest}`
({mean_turns(shortest):.0f}): {mean_turns(longest) / mean_turns(shortest):.2f} times as
many. A press of `hazard`, `schedule` or `memoryless` most often yields nothing and now
and then a burst, so the lengths spread out: the 90th percentile is
{spread("hazard"):.1f} times the median with `hazard` against {spread("draw-one"):.1f}
with `draw-one`, where every press is one card, as in plain UNO. `hazard` and
`memoryless` launch {num(hz["launcher"]["cards_per_press"]["mean"], 2)} and
{num(ml["launcher"]["cards_per_press"]["mean"], 2)} cards per press and give hands of
{num(hz["turns_per_hand"]["mean"])} and {num(ml["turns_per_hand"]["mean"])} turns: what
the hazard model adds (a launcher that grows likelier to fire the longer it has not)
barely shows in the length of a hand; the mean yield per press does.

{turnaround} More cards in play means more points for the winner of each hand,
so a match to 500 takes the most hands with `{most_hands}`
({num(matches[most_hands]["hands_per_match"]["mean"], 1)}) and the fewest with
`{fewest_hands}` ({num(matches[fewest_hands]["hands_per_match"]["mean"], 1)}), and in
turns the longest match is `{longest_match}`'s ({turns_per_match(longest_match):.0f}
turns) and the shortest `{shortest_match}`'s ({turns_per_match(shortest_match):.0f}).

Commands:

{commands}
"""


def stacking(run: Runner, img: Path) -> str:
    """Mega Hit stacking on vs off: what it does to the length of hands."""
    settings = {
        "on": (),
        "off": (("stacking", "off"),),
        "on, pressing never stops": (("stop_after_fire", "never"),),
        "off, pressing never stops": (("stacking", "off"), ("stop_after_fire", "never")),
    }
    results: dict[tuple[int, str], Data] = {}
    for players in (2, 4):
        for name, options in settings.items():
            results[players, name] = run.sim(
                SimConfig(
                    edition="mega-hit",
                    players=players,
                    games=2000,
                    seed=SEED,
                    bots=("heuristic",),
                    unit="hands",
                    options=options,
                )
            )
    rows = []
    for (players, name), data in results.items():
        launcher = data["launcher"]
        rows.append(
            [
                players,
                name,
                num(data["turns_per_hand"]["mean"]),
                f"{data['turns_per_hand']['median']} / {data['turns_per_hand']['p90']}",
                num(data["stacked_plays_per_hand"]["mean"], 2),
                num(launcher["presses_per_hand"]["mean"]),
                num(launcher["cards_per_hand"]["mean"]),
                num(data["points"]["per_hand"]["mean"], 0),
                f"`{data['command']}`",
            ]
        )
    fig, axes = figure(1, 2, size=(12, 4.2))
    for k, players in enumerate((2, 4)):
        runs = [results[players, "on"], results[players, "off"]]
        plots.hand_lengths(
            axes[0][k],
            runs,
            label=lambda d: "stacking " + ("off" if d["config"]["options"] else "on"),
            cumulative=True,
        )
        axes[0][k].set_title(f"Mega Hit, {players} players: hand length")
    path = save(fig, "analysis-stacking.png", img)

    def change(players: int, on: str, off: str, key: str) -> str:
        def value(name: str) -> float:
            data = results[players, name]
            if key == "turns":
                return float(data["turns_per_hand"]["mean"])
            return float(data["launcher"][key]["mean"])

        x = value(on) / value(off) - 1
        return f"{'+' if x >= 0 else ''}{100 * x:.0f}%"

    on_full, off_full = "on, pressing never stops", "off, pressing never stops"
    shorter = all(
        results[p, "on"]["turns_per_hand"]["mean"] < results[p, "off"]["turns_per_hand"]["mean"]
        for p in (2, 4)
    )
    verdict = "Stacking makes hands shorter, not longer" if shorter else "Stacking changes hands"

    return f"""## 3. Mega Hit stacking and the length of hands

The `mega-hit` edition with its stacking rule (a player facing a Hit card may answer
with any Hit card and pass the growing pile on) against the same edition with
`--option stacking=off`, on the same {results[2, "on"]["hands"]:,} deals, heuristic bots.
The edition also stops a run of presses as soon as the launcher yields cards
(`stop_after_fire = "always"`, ruling R17); the last two rows of each player count turn
that off (`--option stop_after_fire=never`: every press owed is made) to show how the
two rules interact.

{table(STACKING_COLUMNS, rows)}

![Hand length with stacking on and off]({path})

{verdict}: {change(2, "on", "off", "turns")} turns with two players and
{change(4, "on", "off", "turns")} with four, and {change(2, "on", "off", "cards_per_hand")}
and {change(4, "on", "off", "cards_per_hand")} cards launched per hand. The control rows
separate two causes. When every press owed must be made (`stop_after_fire=never`),
stacking changes hands by {change(2, on_full, off_full, "turns")} and
{change(4, on_full, off_full, "turns")} while the cards launched change by
{change(2, on_full, off_full, "cards_per_hand")} and
{change(4, on_full, off_full, "cards_per_hand")}: a player facing a Hit who stacks sheds
a Hit card and passes the pile on instead of taking cards. With the edition's own rule a
pile's presses stop at the first press that yields cards, so a pile of several Hit cards
gives its last victim at most one burst of cards, as a single Hit does, and the cards
launched fall as well.
"""


def heuristic_vs_random(run: Runner) -> str:
    """How strong is the heuristic bot against the random one?"""
    rows = []
    margins: list[tuple[float, float, float, str, int]] = []
    for edition in EDITIONS:
        for players, deals in ((2, 100), (4, 50)):
            data = run.tournament(
                TournamentConfig(
                    bots=("heuristic", "random"),
                    players=players,
                    games=deals,
                    seed=SEED,
                    edition=edition,
                )
            )
            heuristic = [e for e in data["entries"] if e["bot"] == "heuristic"]
            randoms = [e for e in data["entries"] if e["bot"] == "random"]
            wins = sum(e["wins"] for e in heuristic)
            share = proportion(wins, data["games"])
            fair = len(heuristic) / players
            margins.append((share["low"] - fair, share["low"], fair, edition, players))
            rows.append(
                [
                    edition,
                    players,
                    f"{data['games']:,}",
                    f"{len(heuristic)} of {players}",
                    interval(share),
                    pct(fair, 0),
                    " / ".join(f"{e['mu']:.1f} ± {e['sigma']:.1f}" for e in heuristic),
                    " / ".join(f"{e['mu']:.1f} ± {e['sigma']:.1f}" for e in randoms),
                    num(data["summary"]["hands_per_match"]["mean"], 2),
                    f"`{data['command']}`",
                ]
            )
    margin, low, fair, edition, players = min(margins)
    if margin > 0:
        verdict = (
            "The heuristic seats win more than their fair share in every setting; the "
            f"closest is {edition} with {players} players, whose interval still starts at "
            f"{pct(low)} against a fair {pct(fair, 0)}."
        )
    else:
        verdict = (
            f"In {edition} with {players} players the heuristic seats' interval reaches "
            f"down to {pct(low)}, below their fair {pct(fair, 0)}: no clear edge there."
        )
    return f"""## 4. The heuristic bot against the random bot

Tournaments (`unoattack tournament`): every deal is played once per seat rotation with
the same deck and launcher streams, so both bots meet the same luck from every seat.
With two players it is one against one; with four the seats alternate heuristic,
random, heuristic, random. *Heuristic wins* is the share of matches won by a heuristic
seat, against the share its seats would win if all bots were equal. Full matches to 500
points. Ratings are OpenSkill (PlackettLuce) μ ± σ after every match, per entry,
winners ranked first and the others tied.

{table(STRENGTH_COLUMNS, rows)}

{verdict} The heuristic bot goes out when it can, sheds as many cards as it can at
once (Discard All, Trade Hands towards a smaller hand), keeps wilds for need, names its
strongest colour, hits or blocks a player about to go out, and presses only when it has
nothing worth playing (the strategy is listed in `unoattack.bots.heuristic`). The random
bot picks uniformly among its legal actions: it presses the launcher when it could play,
spends wilds as readily as any other card and names a colour at random.
"""


def memory(jobs: int, sizes: tuple[int, ...]) -> str:
    """Peak memory of the same run at growing sizes: it should stay flat."""
    rows = []
    for games in sizes:
        args = [
            sys.executable,
            "-m",
            "unoattack.sim",
            "simulate",
            "--edition",
            "mega-hit",
            "--players",
            "2",
            "--unit",
            "hands",
            "--launcher",
            "draw-one",
            "--bots",
            "random",
            "--seed",
            str(SEED),
            "--games",
            str(games),
            "--jobs",
            str(jobs),
            "--json",
        ]
        started = time.perf_counter()
        out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
        seconds = time.perf_counter() - started
        data = json.loads(out)
        rss = data["run"]["peak_rss_kb"]
        command = " ".join(["unoattack", *args[3:-1]])
        print(f"  {seconds:6.1f} s  {command}", file=sys.stderr)
        rows.append(
            [
                f"{games:,}",
                f"{data['decisions']:,}",
                f"{rss['main'] / 1024:.0f} MiB",
                f"{rss['largest_worker'] / 1024:.0f} MiB",
                f"`{command}`",
            ]
        )
    return f"""## Memory stays flat

Results are aggregated as chunks of games finish (integer counts and histograms keyed by
value), and at most two chunks per worker are in flight, so memory does not grow with
the number of games. Peak resident memory (`VmHWM`) of the main process and of the
largest worker process, for the same settings at growing sizes:

{table(["hands", "decisions", "main", "largest worker", "command"], rows)}

`python scripts/analysis.py --memory-sizes 500,5000,100000` adds a row for 100,000 hands
(about ten minutes on two cores).
"""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--jobs", type=int, default=cpu_count())
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "analysis.md")
    ap.add_argument(
        "--memory-sizes",
        default="500,5000",
        help="hands for the memory table, comma-separated ('' to skip)",
    )
    args = ap.parse_args(argv)
    img = args.out.parent / "img"
    run = Runner(jobs=args.jobs, scale=args.scale)
    started = time.perf_counter()
    sections: list[Callable[[], str]] = [
        lambda: first_player(run, img),
        lambda: launcher_models(run, img),
        lambda: stacking(run, img),
        lambda: heuristic_vs_random(run),
    ]
    sizes = tuple(int(s) for s in args.memory_sizes.split(",") if s.strip())
    if sizes:
        sections.append(lambda: memory(args.jobs, sizes))
    body = [section() for section in sections]
    seconds = time.perf_counter() - started
    command = "python scripts/analysis.py" + (f" --scale {args.scale}" if args.scale != 1.0 else "")
    header = f"""# What the simulations say

*Generated by `{command}` (unoattack {version("unoattack")}, Python
{platform.python_version()}, {args.jobs} processes, {seconds / 60:.1f} minutes). Do not
edit by hand: change the script and run it again.*

Every figure below comes from simulated games: bots playing the engine's rules, dealt
from seed {SEED}. The same command gives the same games and the same figures on any
machine, with any number of processes (`--jobs`) or a Ray cluster (`--backend ray`):
game *i* is dealt from a seed derived from (seed, *i*), each bot draws from a stream
derived from (seed, *i*, seat), and results are added up as integer counts, whatever
order they come back in. Each table shows the command for each row; add `--json` for
every figure of the run, `--plot FILE.png` or `--report FILE.html` for its charts.

The bots: `random` picks uniformly among the legal actions; `heuristic` is the
rule-based player of `unoattack.bots.heuristic`. Random play is a poor model of
people (it presses the launcher when it could play, so its hands run to hundreds of
turns); the questions about the game are answered with heuristic bots.
"""
    text = header + "\n" + "\n".join(body)
    args.out.write_text(rewrap(text), encoding="utf-8")
    print(f"wrote {args.out} in {seconds:.0f} s ({run.runs} runs)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
