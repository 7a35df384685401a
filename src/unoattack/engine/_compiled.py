"""mypyc's class options, for the compiled build (pyproject.toml, docs/engine.md): a
decorator that mypyc reads when it compiles, and that does nothing to the sources run as
they are. It is not compiled itself, and nothing here imports mypy at run time.

Frozen dataclasses pickle and copy through :func:`reduce_dataclass` instead. The
classes of compiled modules that a program may copy or pickle, or that copy
themselves through ``cls.__new__(cls)``, are marked
``@mypyc_attr(allow_interpreted_subclasses=True)``: mypyc then makes their objects the
way Python does, ``__new__`` without ``__init__``, so that copies, ``copy.deepcopy`` and
``pickle`` work on them as on the sources. (``serializable=True``, meant for this, leaves
``__init__`` uncalled when Python code makes an object, with mypy 2.4.)
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr
else:

    def mypyc_attr(*args: Any, **kwargs: Any) -> Any:
        return lambda cls: cls


def reduce_dataclass(obj: Any) -> tuple[Any, tuple[Any, ...]]:
    """``__reduce__`` for a frozen dataclass of a compiled module: made again from its
    fields. mypyc compiles a dataclass to a native class, which the ``__setstate__`` that
    ``dataclass(slots=True, frozen=True)`` writes cannot fill in."""
    return type(obj), tuple(getattr(obj, field.name) for field in dataclasses.fields(obj))


__all__ = ["mypyc_attr", "reduce_dataclass"]
