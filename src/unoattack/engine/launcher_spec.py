"""Launcher specs: the one line that names a launcher model and its settings
(``hazard``, ``memoryless:p=0.3,mean=4``, ``hazard:misfire=0.05``, ``scripted:3,0,2+1``),
read into a :class:`~unoattack.engine.launcher_model.LauncherModel` (docs/launcher.md).
A model writes its own spec back (``model.spec``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from unoattack.engine.launcher_model import (
    _FAULT_KEYS,
    _KEY_MEAN,
    _KEY_P,
    LAUNCHER_MODELS,
    DrawOneModel,
    HazardModel,
    LauncherModel,
    LauncherSpecError,
    MemorylessModel,
    ScheduleModel,
    ScriptedModel,
    _checked,
    _Key,
    _parse_token,
    with_faults,
)

__all__ = ["parse_launcher"]

_MODEL_KEYS: dict[str, tuple[_Key, ...]] = {
    "hazard": (),
    "schedule": (),
    "memoryless": (_KEY_P, _KEY_MEAN),
    "draw-one": (),
}
_BUILDERS: dict[str, Callable[[Mapping[str, float]], LauncherModel]] = {
    "hazard": lambda values: HazardModel(),
    "schedule": lambda values: ScheduleModel(),
    "memoryless": lambda values: MemorylessModel(p=values["p"], mean=values["mean"]),
    "draw-one": lambda values: DrawOneModel(),
}


def parse_launcher(spec: str) -> LauncherModel:
    """Build a launcher model from its spec: ``name[:key=value,...]``.

    ``scripted`` takes outcome tokens instead of keys: ``scripted:3,0,2+1,m,0+1``.

    >>> parse_launcher("hazard:misfire=0.05")
    FaultyModel(inner=HazardModel(), misfire=0.05, stuck=0.0)
    >>> parse_launcher("hazard:misfire=0,stuck=0")
    HazardModel()

    Raises:
        LauncherSpecError: An unknown model or key, a value out of range, or a bad
            scripted token; the message names the allowed ones.
    """
    name, _, rest = spec.partition(":")
    name = name.strip().lower()
    rest = rest.strip()
    if name == ScriptedModel.name:
        tokens = [token.strip().lower() for token in rest.split(",")] if rest else []
        loop = bool(tokens) and tokens[-1] == "loop"
        if loop:
            tokens.pop()
            if not tokens:
                raise LauncherSpecError("a scripted launcher needs outcomes before 'loop'")
        return ScriptedModel(tuple(_parse_token(token) for token in tokens), loop)
    if name not in _BUILDERS:
        raise LauncherSpecError(
            f"unknown launcher model {name!r}: allowed models are {', '.join(LAUNCHER_MODELS)}"
        )
    keys = {key.name: key for key in _MODEL_KEYS[name] + _FAULT_KEYS}
    allowed_keys = ", ".join(keys)
    values = {key.name: key.default for key in keys.values()}
    given: set[str] = set()
    for item in rest.split(",") if rest else ():
        key_name, equals, text = item.partition("=")
        key_name = key_name.strip().lower()
        if not equals:
            raise LauncherSpecError(
                f"launcher spec item {item!r} is not key=value: allowed keys for {name!r} "
                f"are {allowed_keys}"
            )
        if key_name not in keys:
            raise LauncherSpecError(
                f"unknown key {key_name!r} for launcher model {name!r}: allowed keys are "
                f"{allowed_keys}"
            )
        if key_name in given:
            raise LauncherSpecError(f"launcher key {key_name!r} is given twice in {spec!r}")
        given.add(key_name)
        key = keys[key_name]
        try:
            number = float(text)
        except ValueError:
            raise LauncherSpecError(
                f"launcher key {key_name!r} got {text.strip()!r}: allowed values are {key.allowed}"
            ) from None
        values[key_name] = _checked(key, number)
    return with_faults(_BUILDERS[name](values), values["misfire"], values["stuck"])
