"""Summaries for people: plain text for the terminal, and a self-contained HTML report.

Both read the JSON-ready data of :meth:`Summary.to_dict
<unoattack.sim.simulate.Summary.to_dict>` and :meth:`TournamentResult.to_dict
<unoattack.sim.tournament.TournamentResult.to_dict>`.
"""

from __future__ import annotations

import base64
import html
from typing import Any

Data = dict[str, Any]


def _n(value: float | None, digits: int = 1) -> str:
    if value is None:
        return "-"
    if float(value).is_integer() and digits <= 1:
        return f"{int(value):,}"
    return f"{value:,.{digits}f}"


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def _dist(d: Data | None, digits: int = 1) -> str:
    if d is None or not d["count"]:
        return "-"
    return (
        f"mean {_n(d['mean'], digits)}, median {_n(d['median'])} "
        f"(p10 {_n(d['p10'])}, p90 {_n(d['p90'])}; {_n(d['min'])} to {_n(d['max'])})"
    )


def _rate(row: Data) -> list[str]:
    """A proportion's cells: the rate and its interval."""
    return [_pct(row["rate"]), f"[{_pct(row['low'])}, {_pct(row['high'])}]"]


def _table(header: list[str], rows: list[list[str]], left: int = 1) -> list[str]:
    """Aligned columns: the first ``left`` to the left (names), the rest to the right."""
    widths = [max(len(str(x)) for x in column) for column in zip(header, *rows, strict=True)]
    lines = []
    for row in [header, *rows]:
        cells = [
            str(x).ljust(w) if i < left else str(x).rjust(w)
            for i, (x, w) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append(("  " + "  ".join(cells)).rstrip())
    return lines


def describe_config(config: Data) -> str:
    options = ", ".join(f"{k}={v}" for k, v in config["options"].items())
    bots = config["bots"]
    lineup = bots[0] if len(set(bots)) == 1 else ",".join(bots)
    return (
        f"edition {config['edition']}, {config['players']} players ({lineup}), "
        f"launcher {config['launcher']}"
        + (f", options {options}" if options else "")
        + f", seed {config['seed']}"
    )


def summary_text(data: Data) -> str:
    """The summary a ``simulate`` run prints."""
    config = data["config"]
    unit = config["unit"]
    games, hands = data["games"], data["hands"]
    launcher = data["launcher"]
    matches = data["hands_per_match"] is not None
    lines = [
        f"{games:,} {unit} of {describe_config(config)}",
        "",
        f"games            {games:,} {unit}" + (f", {hands:,} hands" if matches else ""),
    ]
    if matches:
        lines.append(f"hands per match  {_dist(data['hands_per_match'], 2)}")
    per_game = f"{_n(data['decisions_per_game'])} per match, " if matches else ""
    lines += [
        f"decisions        {data['decisions']:,} "
        f"({per_game}{_n(data['decisions_per_hand'])} per hand)",
        f"turns per hand   {_dist(data['turns_per_hand'])}",
        f"cards played     {_n(data['plays_per_hand']['mean'])} per hand; "
        f"stacked plays {_n(data['stacked_plays_per_hand']['mean'], 2)} per hand",
        f"launcher         {launcher['presses']:,} presses "
        f"({_n(launcher['presses_per_hand']['mean'])} per hand), "
        f"fired on {_pct(launcher['fire_rate'])} of presses",
        f"cards launched   {launcher['cards_launched']:,} "
        f"({_n(launcher['cards_per_hand']['mean'])} per hand, "
        f"{_n(launcher['cards_per_press']['mean'], 2)} per press; "
        f"{launcher['stuck_cards']:,} stuck)",
        f"reloads          {launcher['reloads']:,} "
        f"({_n(launcher['reloads_per_hand']['mean'], 2)} per hand; "
        f"in {_pct(launcher['hands_with_reload'])} of hands)",
        f"points per hand  {_dist(data['points']['per_hand'])}",
    ]
    if data["points"]["winner_final_score"] is not None:
        lines.append(f"winner's score   {_dist(data['points']['winner_final_score'])}")
    ends = ", ".join(f"{k.replace('_', ' ')} {v:,}" for k, v in data["ends"].items())
    lines.append(f"ends             {ends}")
    wins = data["wins"]
    lines += ["", "win rate by seat (95% Wilson interval)"]
    lines += _table(
        ["seat", "bot", "wins", "rate", "interval"],
        [
            [str(r["seat"]), r["bot"] or "(varies)", f"{r['wins']:,}", *_rate(r)]
            for r in wins["by_seat"]
        ],
        left=2,
    )
    lines += ["", "win rate by bot (over the seats it held)"]
    lines += _table(
        ["bot", "seats", "wins", "of", "rate", "interval"],
        [
            [r["bot"], str(r["seats"]), f"{r['wins']:,}", f"{r['trials']:,}", *_rate(r)]
            for r in wins["by_bot"]
        ],
    )
    lines += ["", "hand wins by deal order (0: the dealer's left, who plays first)"]
    lines += _table(
        ["order", "wins", "of hands", "rate", "interval"],
        [
            [str(r["order"]), f"{r['wins']:,}", f"{r['trials']:,}", *_rate(r)]
            for r in wins["hands_by_deal_order"]
        ],
    )
    first = wins["hands_by_first_turn"]
    lines.append(
        f"  the player who took the first turn won {_pct(first['rate'])} of hands "
        f"[{_pct(first['low'])}, {_pct(first['high'])}]"
    )
    if wins["shared"]:
        lines.append(f"  ({wins['shared']:,} games ended in a tie: each tied seat counts a win)")
    return "\n".join(lines)


def tournament_text(data: Data) -> str:
    """The table a ``tournament`` run prints."""
    config = data["config"]
    lines = [
        f"tournament: {data['deals']:,} deals x {data['rotations']} seat rotations = "
        f"{data['games']:,} {config['unit']}",
        describe_config({**config, "bots": data["summary"]["config"]["bots"]}),
        "",
    ]
    lines += _table(
        ["rank", "entry", "wins", "of", "rate", "interval", "mu", "sigma", "ordinal"],
        [
            [
                str(e["rank"]),
                e["entry"],
                f"{e['wins']:,}",
                f"{e['trials']:,}",
                *_rate(e),
                f"{e['mu']:.2f}",
                f"{e['sigma']:.2f}",
                f"{e['ordinal']:.2f}",
            ]
            for e in data["entries"]
        ],
        left=2,
    )
    lines += [
        "",
        "win rate: share of games won (95% Wilson interval); mu, sigma: OpenSkill "
        "PlackettLuce rating; ordinal = mu - 3 sigma",
    ]
    return "\n".join(lines)


_STYLE = """
body { font-family: system-ui, sans-serif; max-width: 72rem; margin: 2rem auto; padding: 0 1rem;
       color: #222; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.15rem; margin-top: 2rem; }
table { border-collapse: collapse; margin: .5rem 0; }
td, th { border: 1px solid #ccc; padding: .25rem .6rem; text-align: right; }
th { background: #f3f3f3; } td:first-child, th:first-child { text-align: left; }
img { max-width: 100%; } pre { background: #f7f7f7; padding: .75rem; overflow-x: auto; }
"""


def _html_table(header: list[str], rows: list[list[Any]]) -> str:
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in header)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(str(x))}</td>" for x in row) + "</tr>" for row in rows
    )
    return f"<table><tr>{head}</tr>{body}</table>"


def _dist_row(name: str, d: Data | None) -> list[Any]:
    if d is None or not d["count"]:
        return [name, "-", "-", "-", "-", "-", "-"]
    return [name, _n(d["mean"], 2), d["min"], d["p10"], d["median"], d["p90"], d["max"]]


def html_report(data: Data, figure_png: bytes | None, command: str | None = None) -> str:
    """A self-contained HTML page: settings, figures (embedded PNG) and tables."""
    config = data["config"]
    wins = data["wins"]
    launcher = data["launcher"]
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'>",
        f"<title>unoattack simulation: {html.escape(config['edition'])}</title>",
        f"<style>{_STYLE}</style></head><body>",
        "<h1>unoattack simulation</h1>",
        f"<p>{html.escape(describe_config(config))}; {data['games']:,} {config['unit']}, "
        f"{data['hands']:,} hands, {data['decisions']:,} decisions.</p>",
    ]
    if command:
        parts.append(f"<p>Reproduce with:</p><pre>{html.escape(command)}</pre>")
    if figure_png:
        encoded = base64.b64encode(figure_png).decode("ascii")
        parts.append(
            "<h2>Figures</h2>"
            f"<img alt='hand length, cards per press, win rates' "
            f"src='data:image/png;base64,{encoded}'>"
        )
    parts.append("<h2>Distributions</h2>")
    parts.append(
        _html_table(
            ["quantity", "mean", "min", "p10", "median", "p90", "max"],
            [
                _dist_row("hands per match", data["hands_per_match"]),
                _dist_row("turns per hand", data["turns_per_hand"]),
                _dist_row("cards played per hand", data["plays_per_hand"]),
                _dist_row("stacked plays per hand", data["stacked_plays_per_hand"]),
                _dist_row("presses per hand", launcher["presses_per_hand"]),
                _dist_row("cards launched per hand", launcher["cards_per_hand"]),
                _dist_row("cards per press", launcher["cards_per_press"]),
                _dist_row("reloads per hand", launcher["reloads_per_hand"]),
                _dist_row("points per hand", data["points"]["per_hand"]),
                _dist_row("winner's final score", data["points"]["winner_final_score"]),
            ],
        )
    )
    parts.append(
        f"<p>Launcher {html.escape(launcher['model'])}: {launcher['presses']:,} presses, "
        f"fired on {_pct(launcher['fire_rate'])}, {launcher['cards_launched']:,} cards "
        f"launched ({launcher['stuck_cards']:,} stuck), {launcher['reloads']:,} reloads "
        f"(in {_pct(launcher['hands_with_reload'])} of hands).</p>"
    )

    def rate_rows(rows: list[Data], first: str, extra: str | None = None) -> list[list[Any]]:
        out = []
        for r in rows:
            row = [r[first]] + ([r[extra] if r[extra] is not None else "(varies)"] if extra else [])
            row += [f"{r['wins']:,}", f"{r['trials']:,}", _pct(r["rate"])]
            row += [f"{_pct(r['low'])} to {_pct(r['high'])}"]
            out.append(row)
        return out

    parts.append("<h2>Win rates (95% Wilson intervals)</h2><h3>By seat</h3>")
    parts.append(
        _html_table(
            ["seat", "bot", "wins", "games", "rate", "interval"],
            rate_rows(wins["by_seat"], "seat", "bot"),
        )
    )
    parts.append("<h3>By bot</h3>")
    parts.append(
        _html_table(
            ["bot", "seats", "wins", "seat-games", "rate", "interval"],
            rate_rows(wins["by_bot"], "bot", "seats"),
        )
    )
    parts.append("<h3>Hands by deal order (0: the dealer's left, who plays first)</h3>")
    parts.append(
        _html_table(
            ["order", "wins", "hands", "rate", "interval"],
            rate_rows(wins["hands_by_deal_order"], "order"),
        )
    )
    first = wins["hands_by_first_turn"]
    parts.append(
        f"<p>The player who took a hand's first turn won {_pct(first['rate'])} of hands "
        f"({_pct(first['low'])} to {_pct(first['high'])}).</p>"
    )
    ends = ", ".join(f"{k.replace('_', ' ')}: {v:,}" for k, v in data["ends"].items())
    parts.append(f"<p>How games ended: {html.escape(ends)}.</p>")
    parts.append("</body></html>")
    return "\n".join(parts)
