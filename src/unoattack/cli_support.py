"""What every command of the ``unoattack`` script shares: errors in one line.

Bad input gives one line on stderr and exit code 2, whether the command itself finds it
(:func:`fail`) or the parser does (:class:`OneLineErrors`: a bad integer, an unknown
option, a value out of range), where click would draw a box of several lines.
"""

from __future__ import annotations

import math
from typing import Any, NoReturn

import typer
from typer.core import TyperCommand

__all__ = ["OneLineErrors", "fail"]


def fail(message: str) -> NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)


# The parser's usage errors (bad integer, unknown option...) are click's UsageError,
# vendored or not depending on Typer's version: find the class through a public one.
_USAGE_ERROR: type[Exception] = next(
    c for c in typer.BadParameter.__mro__ if c.__name__ == "UsageError"
)


class OneLineErrors(TyperCommand):
    """A command whose parse errors are one line on stderr (exit 2), like ours: a
    number that is not finite too."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        try:
            rest = super().parse_args(ctx, args)
        except _USAGE_ERROR as exc:
            message = " ".join(exc.format_message().split())  # type: ignore[attr-defined]
            typer.echo(f"error: {message} (see 'unoattack {self.name} --help')", err=True)
            raise typer.Exit(2) from None
        # click reads "nan" and "inf" as floats, and a range's bounds let NaN through.
        for name, value in ctx.params.items():
            if isinstance(value, float) and not math.isfinite(value):
                option = "--" + name.replace("_", "-")
                message = f"{option} {value}: give a finite number"
                typer.echo(f"error: {message} (see 'unoattack {self.name} --help')", err=True)
                raise typer.Exit(2)
        return rest
