"""The WebSocket protocol and the REST bodies: pydantic messages and their JSON payloads.

Every client message is validated here before anything else looks at it; a message that
does not fit its model is answered with an ``error`` and changes nothing. Server messages
are built from per-seat views (:func:`view_payload`) and redacted events only: nothing
in this module can see a :class:`~unoattack.engine.Game`, so nothing here can leak one.

docs/protocol.md describes every message; ``GET /api/protocol`` serves their JSON schema.

>>> msg = parse_client_message('{"type": "act", "state": 3, "action": "play R7"}')
>>> type(msg).__name__, msg.state, msg.action
('Act', 3, 'play R7')
>>> parse_client_message('{"type": "act", "action": "press"}')
Traceback (most recent call last):
...
unoattack.web.protocol.MessageError: act.state: Field required
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import asdict
from typing import Annotated, Any, Literal, get_args

import orjson
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from unoattack.engine.actions import ACTIONS, Action
from unoattack.engine.events import Event
from unoattack.engine.view import View
from unoattack.rules.cards import FACES, Card

#: Largest client message, in bytes of UTF-8 text.
MAX_MESSAGE_BYTES = 2048
#: Longest display name and chat line, in characters (after cleaning).
MAX_NAME = 24
MAX_CHAT = 200
#: Bot levels the host may give a bot (``unoattack.bots.make_bot`` names).
BotLevel = Literal["random", "family", "heuristic", "ismcts-easy", "ismcts-normal", "ismcts-hard"]
BOT_LEVELS: tuple[str, ...] = get_args(BotLevel)
#: How quickly a table's bots play, as the host sets it: each pace scales the server's
#: ``bot_delay`` by its factor (a bot acts, presses and reacts after that long).
BotPace = Literal["quick", "normal", "relaxed"]
BOT_PACES: tuple[str, ...] = get_args(BotPace)
PACE_FACTORS: dict[str, float] = {"quick": 0.5, "normal": 1.0, "relaxed": 2.0}

StateId = Annotated[int, Field(ge=0, le=10_000_000, strict=True)]


class MessageError(ValueError):
    """A client message that is not valid JSON or does not fit the protocol."""


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# ----------------------------------------------------------------------- client -> server


class Hello(_Message):
    """First message of a connection: a seat's token, or none to watch."""

    type: Literal["hello"]
    token: str | None = Field(default=None, max_length=64)


class Act(_Message):
    """An action, in the engine's text form (``play R7 uno``, ``press``, ``catch 2``)."""

    type: Literal["act"]
    state: StateId
    action: str = Field(min_length=1, max_length=40)
    seat: int | None = Field(default=None, ge=-1, le=9, strict=True)
    ref: int | None = Field(default=None, ge=0, le=2**31, strict=True)


class Chat(_Message):
    """A line of chat from a seated player."""

    type: Literal["chat"]
    state: StateId
    text: str = Field(min_length=1, max_length=MAX_CHAT * 2)


class Ping(_Message):
    type: Literal["ping"]
    state: StateId
    ref: int | None = Field(default=None, ge=0, le=2**31, strict=True)


class Hint(_Message):
    """A player asks the coach for the best moves of its own decision at ``state``."""

    type: Literal["hint"]
    state: StateId
    ref: int | None = Field(default=None, ge=0, le=2**31, strict=True)


class Ready(_Message):
    """Between two hands: this seat's player is ready for the next one."""

    type: Literal["ready"]
    state: StateId


ClientMessage = Annotated[Hello | Act | Chat | Ping | Hint | Ready, Field(discriminator="type")]
_CLIENT = TypeAdapter(ClientMessage)


def parse_client_message(text: str | bytes) -> Hello | Act | Chat | Ping | Hint | Ready:
    """Validate one client message; raise :class:`MessageError` with a short reason."""
    if isinstance(text, bytes):
        raise MessageError("send text frames of JSON, not binary frames")
    if len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES:
        raise MessageError(f"message larger than {MAX_MESSAGE_BYTES} bytes")
    try:
        data = orjson.loads(text)
    except orjson.JSONDecodeError:  # bad JSON, nested too deep, or a lone surrogate
        raise MessageError("not JSON") from None
    if not isinstance(data, dict):
        raise MessageError("a message is a JSON object with a 'type'")
    try:
        return _CLIENT.validate_python(data)
    except ValidationError as exc:
        raise MessageError(_first_error(exc)) from None


def _first_error(exc: ValidationError) -> str:
    error = exc.errors(include_url=False)[0]
    where = ".".join(str(part) for part in error["loc"])
    return f"{where}: {error['msg']}" if where else str(error["msg"])


#: Format characters that are part of an emoji: the zero-width joiner (a cook is a
#: woman, a joiner and a frying pan) and the tag characters of a subdivision's flag.
#: Every other control or format character (a bidi override, a zero-width space) goes.
EMOJI_JOINERS = frozenset({"\u200d", *map(chr, range(0xE0020, 0xE0080))})


def clean_text(text: str, limit: int) -> str:
    """Strip control and format characters, collapse spaces, cut to ``limit`` characters;
    "" when nothing visible is left.

    >>> clean_text("  Ann\\u0000\\u202e  <b>  ", 24)
    'Ann <b>'
    >>> cook = "\\U0001f469\\u200d\\U0001f373"  # woman, joiner, frying pan
    >>> clean_text(f"Maman {cook}", 24) == f"Maman {cook}"
    True
    >>> clean_text("\\u200d \\u200d", 24)
    ''
    """
    kept = "".join(" " if ch.isspace() else ch for ch in text if _printable(ch))
    cleaned = " ".join(kept.split())[:limit]
    visible = any(not ch.isspace() and ch not in EMOJI_JOINERS for ch in cleaned)
    return cleaned if visible else ""


def _printable(ch: str) -> bool:
    return ch.isspace() or ch in EMOJI_JOINERS or not unicodedata.category(ch).startswith("C")


# ------------------------------------------------------------------------------ REST bodies


class CreateTable(_Message):
    """A new table: the rules it plays and who may sit."""

    edition: Literal["2003", "2010", "mega-hit"] = "2003"
    options: dict[str, str | int | bool | None] = Field(
        default_factory=dict,
        description="house rules: option name -> value (docs/rules.md lists them)",
        max_length=32,
    )
    launcher: str = Field(default="hazard", max_length=200, description="a launcher spec")
    scoring_mode: Literal["first_to_500", "running_total_lowest_wins", "challenge"] | None = None
    target_score: int | None = Field(default=None, ge=1, le=1_000_000)
    seats: int = Field(default=4, ge=2, le=10)
    turn_timer: int = Field(
        default=60, ge=0, le=3600, description="seconds; 0: no timer, absent players wait"
    )
    seed: int | None = Field(
        default=None, ge=0, le=2**62, description="only when the server allows chosen seeds"
    )
    host_name: str | None = Field(
        default=None, max_length=MAX_NAME * 4, description="the host takes seat 0 by this name"
    )
    hints: bool = Field(default=True, description="players may ask the coach for hints")
    bot_pace: BotPace = Field(default="normal", description="how quickly the bots play")


class Join(_Message):
    # No minimum: a name of spaces alone is refused by the table (bad_name), as the
    # host's name is, in words a page can translate.
    name: str = Field(max_length=MAX_NAME * 4)
    seat: int | None = Field(default=None, ge=0, le=9, description="a given empty seat")


class Reclaim(_Message):
    """Take one's seat on another device with the seat's rejoin code."""

    rejoin: str = Field(min_length=1, max_length=32, description="the rejoin code, e.g. K7QX-2MPA")


class HostCommand(_Message):
    host_token: str = Field(min_length=1, max_length=64)


class AddBot(HostCommand):
    level: BotLevel = "heuristic"


class SetPace(HostCommand):
    """How quickly the table's bots play, from now on."""

    pace: BotPace


class SeatToken(_Message):
    token: str = Field(min_length=1, max_length=64)


# ------------------------------------------------------------------------ server payloads


def _action_payload(action: Action) -> dict[str, Any]:
    return {
        "code": action.code,
        "text": str(action),
        "kind": action.kind.name.lower(),
        "card": None if action.card is None else str(action.card),
        "colour": None if action.colour is None else action.colour.letter,
        "target": action.target,
        "uno": action.uno,
    }


# Built once: every action's payload, indexed by code.
_ACTION_PAYLOADS = tuple(_action_payload(a) for a in ACTIONS)

#: What the page needs to draw each face (its colour, kind and number): rendering only.
FACE_TABLE: dict[str, dict[str, Any]] = {
    str(card): {
        "colour": None if card.colour is None else card.colour.letter,
        "kind": card.kind.key,
        "number": card.number,
    }
    for card in FACES
}


def action_payload(action: Action) -> dict[str, Any]:
    return _ACTION_PAYLOADS[action.code]


#: Each face's notation, by its index in FACES (a view holds many cards per update).
_FACE_TEXT = tuple(str(card) for card in FACES)


def _card_text(card: Card) -> str:
    index = card.index
    if 0 <= index < len(_FACE_TEXT) and FACES[index] is card:
        return _FACE_TEXT[index]
    return str(card)


def _cards_text(cards: Sequence[Card]) -> list[str]:
    """:func:`_card_text` of each card (a hand: the one call per card is what costs)."""
    text, faces = _FACE_TEXT, FACES
    # A card that is not one of FACES (index -1, or another object) is written anew.
    return [text[c.index] if faces[c.index] is c else str(c) for c in cards]


def view_payload(v: View) -> dict[str, Any]:
    """A :class:`View` as JSON-ready data (the only game state a client ever receives)."""
    launcher = v.launcher
    return {
        "seat": v.seat,
        "edition": v.edition,
        "players": v.players,
        "hand": None if v.hand is None else _cards_text(v.hand),
        "hand_counts": list(v.hand_counts),
        "said_uno": list(v.said_uno),
        "top": _card_text(v.top),
        "colour": None if v.colour is None else v.colour.letter,
        "direction": v.direction,
        "pile_size": v.pile_size,
        "launcher": {
            "model": launcher.model,
            "presses_since_fire": launcher.presses_since_fire,
            "presses_since_reload": launcher.presses_since_reload,
            "total_presses": launcher.total_presses,
            "stock_size": launcher.stock_size,
        },
        "scores": list(v.scores),
        "active": list(v.active),
        "dealer": v.dealer,
        "hand_number": v.hand_number,
        "to_act": v.to_act,
        "phase": v.phase,
        "duties": [
            {
                "seat": d.seat,
                "presses": d.presses,
                "until_fire": d.until_fire,
                "may_stack": d.may_stack,
                "penalty": d.penalty,
                "reason": d.reason,
            }
            for d in v.duties
        ],
        "mega_pile": v.mega_pile,
        "catchable": v.catchable,
        "legal": [_ACTION_PAYLOADS[a.code] for a in v.legal_actions],
        "last_hand": None if v.last_hand is None else _plain(asdict(v.last_hand)),
        "result": None if v.result is None else _plain(asdict(v.result)),
    }


def view_payloads(views: Sequence[View]) -> list[dict[str, Any]]:
    """Views of one game at one moment (:meth:`Match.views`) as :func:`view_payload`
    gives them, what every seat sees alike converted once (a broadcast's updates)."""
    if not views:
        return []
    common = view_payload(views[0])
    payloads = []
    for v in views:
        payload = common.copy()  # the public parts are shared, never changed
        payload["seat"] = v.seat
        payload["hand"] = None if v.hand is None else _cards_text(v.hand)
        payload["legal"] = [_ACTION_PAYLOADS[a.code] for a in v.legal_actions]
        payloads.append(payload)
    return payloads


def events_payload(
    events: list[Event], shared: dict[int, tuple[Event, dict[str, Any]]] | None = None
) -> list[dict[str, Any]]:
    """Events already redacted for their viewer (:meth:`Match.events`), as JSON-ready data.

    ``shared`` caches payloads by event, so a broadcast converts each public event (the
    same object for every viewer) once rather than once per seat.
    """
    if shared is None:
        return [event.to_dict() for event in events]
    out = []
    for event in events:
        found = shared.get(id(event))
        if found is None or found[0] is not event:
            found = shared[id(event)] = (event, event.to_dict())
        out.append(found[1])
    return out


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def dumps(payload: dict[str, Any]) -> str:
    """A message as compact JSON text (UTF-8 as is).

    orjson, not the standard library's encoder: every action sends each seat a whole
    view, and encoding was a fifth of the server's CPU (docs/web.md, "Load test")."""
    return orjson.dumps(payload).decode()


_NO_ACK = ',"ack":null}'


def acknowledged(update: str, ref: int | None) -> str:
    """The text of an update whose ``ack`` (its last key, null) becomes ``ref``: the same
    update for the player whose action it acknowledges, without encoding it again.

    >>> acknowledged(dumps({"type": "update", "state": 3, "ack": None}), 7)
    '{"type":"update","state":3,"ack":7}'
    """
    if not update.endswith(_NO_ACK):
        raise ValueError("an update ends with its null ack")
    if ref is None:
        return update
    return f'{update[: -len(_NO_ACK)]},"ack":{int(ref)}}}'


def protocol_schema() -> dict[str, Any]:
    """The JSON schema of every client message (served at ``/api/protocol``)."""
    return _CLIENT.json_schema()
