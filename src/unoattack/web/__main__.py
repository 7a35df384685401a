"""``python -m unoattack.web serve|loadtest``: the web commands without the main CLI."""

from __future__ import annotations

import typer

from unoattack.web.commands import register

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False)
register(app)

if __name__ == "__main__":
    app()
