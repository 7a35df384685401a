"""The ``unoattack`` command line (Typer). Bad input gives a one-line error, exit code 2."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from unoattack.bots import RandomBot, play_match
from unoattack.cli_support import OneLineErrors
from unoattack.engine import (
    LAUNCHER_MODELS,
    SPECTATOR,
    Game,
    Phase,
    Record,
    RecordError,
    format_position,
    log_for,
    parse_position,
    verify,
)
from unoattack.engine.events import Event, HandWon, MatchWon, PlayerEliminated
from unoattack.rules import EDITION_NAMES, Edition, Kind
from unoattack.rules.edition import OPTION_NAMES
from unoattack.sim.commands import register as register_sim
from unoattack.tui.commands import register as register_tui
from unoattack.web.commands import register as register_web

app = typer.Typer(
    help="UNO Attack! — every edition's rules, a measured launcher, bots and tools.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def fail(message: str) -> NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)


def parse_option_pairs(pairs: list[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            fail(f"--option {pair!r}: write key=value, with a key among {', '.join(OPTION_NAMES)}")
        options[key.strip()] = value.strip()
    return options


@app.command(cls=OneLineErrors)
def editions(
    as_json: Annotated[bool, typer.Option("--json", help="machine-readable")] = False,
) -> None:
    """List the editions: name, cards, points and how each differs."""
    rows = []
    for name in EDITION_NAMES:
        ed = Edition.load(name)
        counts: dict[str, int] = {}
        for face in ed.deck.faces:
            key = "number" if face.kind is Kind.NUMBER else face.kind.key
            counts[key] = counts.get(key, 0) + 1
        rows.append(
            {
                "name": ed.name,
                "title": ed.title,
                "description": ed.description,
                "cards": ed.deck.size,
                "deck": counts,
                "deck_points": sum(ed.card_points(c) for c in ed.deck.faces),
                "differences": list(ed.differences),
                "options": ed.to_dict()["options"],
            }
        )
    if as_json:
        typer.echo(json.dumps(rows, indent=2))
        return
    for row in rows:
        typer.echo(f"{row['name']}: {row['title']} — {row['cards']} cards")
        typer.echo(f"  {row['description']}")
        deck = ", ".join(f"{k} {v}" for k, v in row["deck"].items())
        typer.echo(f"  deck: {deck}")
        for line in row["differences"]:
            typer.echo(f"  - {line}")


def describe(event: Event, names: list[str]) -> str | None:
    """A line for the match summary (hands and the match), None for other events."""
    if isinstance(event, HandWon):
        return (
            f"hand {event.hand_number}: {names[event.seat]} went out"
            + (f" and scores {event.points}" if event.points else "")
            + f"; scores {', '.join(map(str, event.scores))}"
        )
    if isinstance(event, PlayerEliminated):
        return f"  {names[event.seat]} is eliminated with {event.score} points"
    if isinstance(event, MatchWon):
        who = " and ".join(names[s] for s in event.winners)
        return f"{who} won the match ({event.reason.replace('_', ' ')})"
    return None


@app.command(cls=OneLineErrors)
def selfplay(
    edition: Annotated[str, typer.Option(help="2003, 2010, mega-hit or an edition .toml")] = "2003",
    players: Annotated[int, typer.Option(help="2 to 10")] = 4,
    seed: Annotated[int, typer.Option(help="the game's seed")] = 0,
    launcher: Annotated[str, typer.Option(help=", ".join(LAUNCHER_MODELS))] = "hazard",
    option: Annotated[list[str] | None, typer.Option(help="house rule key=value")] = None,
    record: Annotated[Path | None, typer.Option(help="write the match record here")] = None,
) -> None:
    """Play one full match between random bots and print how it went."""
    try:
        game = Game.new(
            edition,
            players=players,
            seed=seed,
            launcher=launcher,
            options=parse_option_pairs(option or []),
        )
    except ValueError as exc:
        fail(str(exc))
    bots = [RandomBot(random.Random(f"{seed}:bot:{seat}")) for seat in range(players)]
    from unoattack.sim.simulate import MAX_DECISIONS, unending_game

    actions = play_match(game, bots, max_actions=MAX_DECISIONS)
    if not game.is_over:
        fail(unending_game(game, actions))
    # People count seats from 1, as every table of the game shows them.
    names = [f"Player {s + 1}" for s in range(players)]
    for event in log_for(game, SPECTATOR):
        line = describe(event, names)
        if line:
            typer.echo(line)
    typer.echo(f"{plural(actions, 'action')}, {plural(game.hand_number, 'hand')}")
    if record is not None:
        try:
            Record.from_game(game).save(record)
        except OSError as exc:
            fail(f"cannot write {record}: {exc.strerror}")
        typer.echo(f"record written to {record}")


@app.command(name="verify", cls=OneLineErrors)
def verify_command(
    path: Annotated[Path, typer.Argument(help="a record written by selfplay")],
) -> None:
    """Replay a record and say whether it is intact."""
    try:
        record = Record.load(path)
    except RecordError as exc:
        fail(str(exc))
    verdict = verify(record)
    if not verdict.ok:
        typer.echo(f"{path}: NOT intact: {verdict.message}")
        raise typer.Exit(1)
    typer.echo(f"{path}: {verdict.message}")


@app.command(cls=OneLineErrors)
def position(
    text: Annotated[str, typer.Argument(help="a position string (docs/notation.md)")],
) -> None:
    """Check a position string and show the table it describes."""
    try:
        game = parse_position(text)
    except ValueError as exc:
        fail(str(exc))
    typer.echo(f"edition {game.edition.name}, {game.n} seats, dealer {game.dealer}")
    for seat in range(game.n):
        marker = "*" if seat == game.to_act else " "
        cards = " ".join(str(c) for c in game.hand(seat)) or (
            "(no cards)" if game.active[seat] else "(eliminated)"
        )
        typer.echo(f"{marker} P{seat} [{game.scores[seat]:>3}] {cards}")
    colour = "to be named" if game.colour is None else game.colour.name.lower()
    typer.echo(
        f"top {game.top} colour {colour}, "
        f"launcher {len(game.launcher.stock)} cards ({game.launcher.model.spec})"
    )
    for line in table_state(game):
        typer.echo(line)
    typer.echo("legal: " + ", ".join(str(a) for a in game.legal_actions()))
    typer.echo(format_position(game))


def table_state(game: Game) -> list[str]:
    """What happens at the table now, a line each: who acts and why, what is pending."""
    lines = []
    if game.phase is Phase.CHOOSE_COLOUR:
        lines.append(f"P{game.current} names the colour of the wild start card")
    elif game.phase is Phase.PRESSING:
        owed = "; ".join(
            f"P{d.seat} {'until it fires' if d.until_fire else plural(d.left, 'press')}"
            f" ({d.reason.replace('_', ' ')}{', may stack' if d.stackable else ''})"
            for d in game.duties
        )
        lines.append(f"presses owed: {owed}")
        if game.went_out >= 0:
            lines.append(f"P{game.went_out} went out: the hand ends once they are made")
        else:
            then = "names the colour, then plays" if game.colour is None else "plays"
            lines.append(f"then P{game.resume} {then}")
        if game.pile_cards:
            lines.append(
                f"a pile is answered: {plural(game.pile_total, 'press')}, "
                f"{plural(game.pile_cards, 'Hit card')}, laid first by P{game.pile_origin}"
            )
    else:
        lines.append(f"P{game.current} plays or presses")
    if game.uno_seat >= 0:
        lines.append(f"P{game.uno_seat} can be caught for not saying UNO")
    if game.skip_after_bonus >= 0:
        lines.append(f"an extra turn: P{game.skip_after_bonus} is passed over after it")
    if game.empty_turns:
        lines.append(f"{plural(game.empty_turns, 'turn')} in a row pressed an empty launcher")
    if game.aside:
        lines.append(f"{plural(len(game.aside), 'card')} out of play")
    return lines


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 'es' if word.endswith('s') else 's'}"


# The front-ends' commands; each imports its heavy dependencies only when it runs.
register_tui(app)
register_web(app)
register_sim(app)


def main(argv: list[str] | None = None) -> Any:
    """Entry point of the ``unoattack`` script."""
    try:
        return app(argv, standalone_mode=True)
    except KeyboardInterrupt:
        sys.exit(130)
