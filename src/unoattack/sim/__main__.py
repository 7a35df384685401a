"""``python -m unoattack.sim simulate|tournament|bench ...``: the same commands as
``unoattack simulate|tournament|bench``, without the rest of the command line."""

from __future__ import annotations

import typer

from unoattack.sim.commands import register

app = typer.Typer(
    help="Simulations, tournaments and benchmarks (also under the `unoattack` command).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
register(app)

if __name__ == "__main__":
    app(prog_name="python -m unoattack.sim")
