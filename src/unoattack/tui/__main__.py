"""``python -m unoattack.tui play ...`` / ``python -m unoattack.tui replay FILE``."""

from __future__ import annotations

import typer

from unoattack.tui.commands import register

app = typer.Typer(
    help="UNO Attack! at the terminal.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
register(app)

if __name__ == "__main__":
    app()
