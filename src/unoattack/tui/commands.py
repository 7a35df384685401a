"""The ``play``, ``replay`` and ``history`` commands, added to the main Typer app by
:func:`register`.

Bad input (an unknown edition, a malformed ``--players``, a file that is not a record)
gives a one-line ``error: ...`` on stderr and exit code 2, never a traceback. Textual is
imported only when a command runs, so the rest of the CLI starts fast.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from unoattack.cli_support import OneLineErrors
from unoattack.engine import SPECTATOR, Record, RecordError
from unoattack.tui import store
from unoattack.tui.i18n import LANGUAGES, Tr
from unoattack.tui.launch import play_command
from unoattack.tui.session import SPEEDS, Pace, ResumeError, Session, replay_names, resume
from unoattack.tui.setup import Setup, SetupError, parse_players


def register(app: typer.Typer) -> None:
    """Add ``play``, ``replay`` and ``history`` to ``app``."""
    app.command(name="play", cls=OneLineErrors)(play)
    app.command(name="replay", cls=OneLineErrors)(replay)
    app.command(name="history", cls=OneLineErrors)(history)


def fail(message: str) -> NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)


def _check_lang(lang: str | None) -> None:
    if lang is not None and lang not in LANGUAGES:
        fail(f"--lang: unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}")


def _option_pairs(pairs: list[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            fail(f"--option {pair!r}: write key=value (a house rule of the edition)")
        options[key.strip()] = value.strip()
    return options


def build_setup(
    *,
    edition: str | None = None,
    players: str | None = None,
    seed: int | None = None,
    launcher: str | None = None,
    options: list[str] | None = None,
    scoring: str | None = None,
    target: int | None = None,
    lang: str | None = None,
    hints: bool = True,
) -> Setup:
    """The setup the flags describe; :class:`SetupError` when it cannot start a match."""
    setup = Setup(edition=edition or "2003", seed=seed, lang=lang or "en", hints=hints)
    if players is not None:
        setup.seats = parse_players(players)
    if launcher is not None:
        setup.launcher = launcher
    setup.options = _option_pairs(options or [])
    if scoring is not None:
        setup.options["scoring_mode"] = scoring
    if target is not None:
        setup.options["target_score"] = target
    setup.check()
    return setup


def _resumed_session(lang: str | None) -> Session:
    found = store.last_unfinished()
    if found is None:
        fail(f"no unfinished match to resume in {store.matches_dir()}: start one with 'play'")
    path, record = found
    try:
        return resume(path, lang, record)
    except ResumeError as exc:
        fail(str(exc))


def play(
    edition: Annotated[
        str | None, typer.Option(help="2003, 2010, mega-hit or an edition .toml")
    ] = None,
    players: Annotated[
        str | None,
        typer.Option(
            help="a number N (you and N-1 heuristic bots), or the seats in order, "
            "comma-separated: you, human[:NAME] (same keyboard), bot[:LEVEL] (random, "
            "family, heuristic, ismcts-easy, ismcts-normal, ismcts-hard); "
            "e.g. you,bot:ismcts-hard"
        ),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="the deal's seed (default: random)")] = None,
    launcher: Annotated[
        str | None, typer.Option(help="hazard, schedule, memoryless, draw-one or scripted:...")
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option(help="a house rule, key=value (repeatable)")
    ] = None,
    scoring: Annotated[
        str | None,
        typer.Option(help="first_to_500, running_total_lowest_wins or challenge"),
    ] = None,
    target: Annotated[int | None, typer.Option(help="the target score")] = None,
    lang: Annotated[str | None, typer.Option(help="en or fr")] = None,
    resume: Annotated[
        bool, typer.Option("--resume", help="continue the last unfinished match")
    ] = False,
    setup_screen: Annotated[
        bool,
        typer.Option("--setup", help="show the new-game screen even when flags are given"),
    ] = False,
    speed: Annotated[str, typer.Option(help="normal, fast or instant")] = "normal",
    bell: Annotated[bool, typer.Option(help="ring the bell when the launcher fires")] = True,
    hints: Annotated[
        bool, typer.Option(help="let players ask the coach for the best moves (H)")
    ] = True,
) -> None:
    """Play UNO Attack! at the terminal, against bots or friends at the same keyboard.

    With --players or --edition the match starts at once, else the new-game screen comes first.

    Every action is saved: --resume continues the last unfinished match.
    """
    _check_lang(lang)
    if speed not in SPEEDS:
        fail(f"--speed: unknown speed {speed!r}: choose one of {', '.join(SPEEDS)}")
    pace = Pace.named(speed, bell=bell)
    if resume:
        given = [
            name
            for name, value in (
                ("--edition", edition),
                ("--players", players),
                ("--seed", seed),
                ("--launcher", launcher),
                ("--option", option),
                ("--scoring", scoring),
                ("--target", target),
            )
            if value
        ]
        if given:
            fail(f"--resume continues a saved match as it was: drop {', '.join(given)}")
        session = _resumed_session(lang)
        from unoattack.tui.app import PlayApp

        app = PlayApp(session=session, pace=pace)
    else:
        try:
            setup = build_setup(
                edition=edition,
                players=players,
                seed=seed,
                launcher=launcher,
                options=option,
                scoring=scoring,
                target=target,
                lang=lang,
                hints=hints,
            )
        except SetupError as exc:
            fail(str(exc))
        show = setup_screen or (edition is None and players is None)
        from unoattack.tui.app import PlayApp

        app = PlayApp(setup, show_setup=show, pace=pace)
    app.run()
    played = app.session
    if played is not None and played.save_path is not None and not played.game.is_over:
        command = f"{play_command()} --resume"
        typer.echo(played.tr("saved_resume", path=played.save_path, command=command))


def replay(
    path: Annotated[
        Path,
        typer.Argument(help="a game record, or the name of a saved match that 'history' lists"),
    ],
    seat: Annotated[
        int | None,
        typer.Option(
            help="view as this seat, numbered from 1 as the table shows them; default: spectator"
        ),
    ] = None,
    lang: Annotated[str | None, typer.Option(help="en or fr")] = None,
) -> None:
    """Step through a recorded match, forward and back."""
    _check_lang(lang)
    if not path.exists() and path.name == str(path):
        # A bare name, as `history` lists the saved matches, with or without its ".json".
        folder = store.matches_dir()
        for saved in (folder / path.name, folder / f"{path.name}.json"):
            if saved.is_file():
                path = saved
                break
    try:
        record = Record.load(path)
    except RecordError as exc:
        fail(str(exc))
    try:
        record.replay()
    except ValueError as exc:
        fail(f"{path}: the actions do not replay: {exc}")
    if seat is not None and not 1 <= seat <= record.players:
        fail(f"--seat {seat}: this match has seats 1 to {record.players}")
    table = store.read_table(path)
    language = lang or (table.lang if table and table.lang in LANGUAGES else "en")
    names = replay_names(table, record.players, Tr(language))
    from unoattack.tui.app import ReplayApp

    ReplayApp(
        record,
        path.name,
        lang=language,
        viewer=SPECTATOR if seat is None else seat - 1,
        names=names,
    ).run()


def history(
    as_json: Annotated[
        bool, typer.Option("--json", help="print the matches and statistics as JSON")
    ] = False,
    lang: Annotated[str | None, typer.Option(help="en or fr")] = None,
) -> None:
    """List the saved matches, newest first, and the statistics of yours.

    The same list and statistics as the terminal game's Recent matches screen.
    """
    _check_lang(lang)
    from unoattack.tui.history import history_json, history_text, read_history

    tr = Tr(lang or "en")
    found = read_history()
    if as_json:
        typer.echo(json.dumps(history_json(found, tr), indent=2, ensure_ascii=False))
    else:
        typer.echo(history_text(found, tr))
