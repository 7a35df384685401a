"""Whether the tests run against the compiled build (mypyc, pyproject.toml), and the
one introspection that differs there.

``./scripts/test`` runs the tests a second time against the compiled wheel
(``scripts/test-compiled``): the same sources, so the same moves and the same games, as
machine code."""

from __future__ import annotations

import unoattack.engine.game

#: The engine is machine code: its classes are mypyc's native classes.
COMPILED = not unoattack.engine.game.__file__.endswith(".py")


def fields(cls: type) -> tuple[str, ...]:
    """The instance fields of ``cls``: its ``__slots__``, or those mypyc lists for a
    compiled class (which has no ``__slots__``)."""
    names = cls.__dict__.get("__slots__")
    if names is None:
        names = cls.__mypyc_attrs__
    return tuple(names)
