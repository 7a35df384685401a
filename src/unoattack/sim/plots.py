"""Plots of simulation summaries (matplotlib, drawn off-screen).

Every function reads the JSON-ready summary of :meth:`Summary.to_dict
<unoattack.sim.simulate.Summary.to_dict>`, so a saved ``--json`` output can be plotted
again later. Functions that take several summaries draw them side by side, labelled by
``label`` (default: the launcher model).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from itertools import accumulate
from pathlib import Path
from typing import Any

Data = dict[str, Any]


def pyplot() -> Any:
    """``matplotlib.pyplot`` with the off-screen Agg backend."""
    try:
        import matplotlib
    except ImportError:
        raise ImportError("plots need matplotlib: pip install 'unoattack[sim]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def supported_formats() -> tuple[str, ...]:
    """File suffixes a figure can be saved as (``png``, ``svg``, ``pdf``...)."""
    plt = pyplot()
    return tuple(plt.gcf().canvas.get_supported_filetypes())


def launcher_label(data: Data) -> str:
    return str(data["config"]["launcher"])


def _histogram(dist: Data) -> tuple[list[int], list[int]]:
    pairs = dist["histogram"]
    return [v for v, _ in pairs], [c for _, c in pairs]


def hand_lengths(
    ax: Any,
    runs: Sequence[Data],
    label: Callable[[Data], str] = launcher_label,
    cumulative: bool = False,
) -> None:
    """The distribution of hand lengths (turns per hand), one outline per run; with
    ``cumulative``, the share of hands that last at most so many turns (easier to read
    when several runs share the axes)."""
    top = max(
        [(r["turns_per_hand"]["p90"] or 0) * 2 for r in runs if r["turns_per_hand"]["count"]] + [10]
    )
    for run in runs:
        values, counts = _histogram(run["turns_per_hand"])
        if not values:
            continue
        text = f"{label(run)} (mean {run['turns_per_hand']['mean']:.0f})"
        if cumulative:
            total = sum(counts)
            shares = [seen / total for seen in accumulate(counts)]
            ax.step([0, *values], [0.0, *shares], where="post", label=text)
        else:
            ax.hist(
                values,
                weights=counts,
                bins=min(60, top),
                range=(0, top),
                histtype="step",
                density=True,
                linewidth=1.5,
                label=text,
            )
    ax.set_xlabel("turns per hand")
    ax.set_ylabel("share of hands lasting at most x turns" if cumulative else "density")
    ax.set_title("Hand length")
    ax.set_xlim(0, top)
    ax.legend(fontsize="small")


def cards_per_press(
    ax: Any, runs: Sequence[Data], label: Callable[[Data], str] = launcher_label
) -> None:
    """Cards launched per press (fired plus stuck), one group of bars per run."""
    width = 0.8 / max(1, len(runs))
    top = 0
    for i, run in enumerate(runs):
        dist = run["launcher"]["cards_per_press"]
        values, counts = _histogram(dist)
        total = sum(counts) or 1
        shown = [(v, c) for v, c in zip(values, counts, strict=True) if v <= 12]
        top = max([top] + [v for v, _ in shown])
        mean = dist["mean"] if dist["mean"] is not None else 0.0
        ax.bar(
            [v + (i - (len(runs) - 1) / 2) * width for v, _ in shown],
            [c / total for _, c in shown],
            width=width,
            label=f"{label(run)} (mean {mean:.2f})",
        )
    ax.set_xticks(range(top + 1))
    ax.set_xlabel("cards launched by one press")
    ax.set_ylabel("share of presses")
    ax.set_title("Cards per press, by launcher model")
    ax.legend(fontsize="small")


def _rates(ax: Any, rows: Sequence[Data], key: str, players: int, label: str | None) -> None:
    xs = [row[key] for row in rows if row["rate"] is not None]
    rates = [row["rate"] for row in rows if row["rate"] is not None]
    low = [row["rate"] - row["low"] for row in rows if row["rate"] is not None]
    high = [row["high"] - row["rate"] for row in rows if row["rate"] is not None]
    ax.errorbar(xs, rates, yerr=[low, high], fmt="o", capsize=4, label=label)
    ax.axhline(1 / players, color="grey", linestyle="--", linewidth=1)
    ax.set_xticks(range(players))
    ax.set_ylabel("win rate (95% Wilson interval)")


def win_rate_by_seat(ax: Any, run: Data) -> None:
    """Each seat's win rate with its 95% interval; the dashed line is 1/players."""
    players = run["config"]["players"]
    _rates(ax, run["wins"]["by_seat"], "seat", players, None)
    ax.set_xlabel("seat")
    ax.set_title(f"Win rate by seat ({run['games']} {run['config']['unit']})")


def win_rate_by_deal_order(
    ax: Any, runs: Sequence[Data], label: Callable[[Data], str] | None = None
) -> None:
    """Hand win rate by position after the dealer (0: first to play; last: the dealer)."""
    players = max(r["config"]["players"] for r in runs)
    for run in runs:
        _rates(
            ax,
            run["wins"]["hands_by_deal_order"],
            "order",
            run["config"]["players"],
            label(run) if label else None,
        )
    ax.set_xticks(range(players))
    ax.set_xlabel("seat after the dealer (0 plays first)")
    ax.set_title("Hand wins by deal order")
    if label:
        ax.legend(fontsize="small")


def summary_figure(data: Data) -> Any:
    """The four panels of a simulation: hand length, cards per press, win rate by seat
    and by deal order."""
    plt = pyplot()
    fig, axes = plt.subplots(2, 2, figsize=(11, 8), layout="constrained")
    config = data["config"]
    fig.suptitle(
        f"{config['edition']}, {config['players']} players, {', '.join(config['bots'])}, "
        f"launcher {config['launcher']}, seed {config['seed']}"
    )
    hand_lengths(axes[0][0], [data])
    cards_per_press(axes[0][1], [data])
    win_rate_by_seat(axes[1][0], data)
    win_rate_by_deal_order(axes[1][1], [data])
    return fig


def save(fig: Any, path: Path | str | None = None) -> bytes:
    """Save ``fig`` to ``path`` (format from the suffix) or return it as PNG bytes."""
    plt = pyplot()
    try:
        if path is not None:
            fig.savefig(path, dpi=110)
            return b""
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png", dpi=90)
        return buffer.getvalue()
    finally:
        plt.close(fig)
