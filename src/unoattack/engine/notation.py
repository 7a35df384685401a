"""A one-line position notation that round-trips, so a test builds any turn in one line.

Fields, separated by spaces (the edition first, the rest ``key=value`` in any order)::

    2003 hands=R7,B-Skip/G3,W/Y1 pile=R2,R7 colour=R dir=cw turn=0 dealer=2
         scores=0,0,0 stock=G1,G2,... launcher=scripted:3,0,2+1 seed=0

- ``hands``: one hand per seat, seats separated by ``/``, cards by ``,`` (an empty hand
  is written as nothing between slashes).
- ``pile``: the discard pile from the bottom; the last card is the top.
- ``colour``: the active colour (needed when the top card is a wild; defaults to the
  top card's colour). ``dir``: ``cw`` (to the left, seat numbers rising) or ``ccw``.
- ``turn``: the seat to play. ``dealer``, ``scores``: as named.
- ``stock``: the launcher's stock, next card out first. It ends with ``...`` when the
  rest of the deck follows in deck order; every card of the deck must be placed.
- ``launcher``: a launcher spec (see docs/launcher.md); ``scripted:`` controls exactly
  what each press yields. ``seed``: seeds reshuffles (and a random launcher).
- Optional: ``out=1,3`` eliminated seats; ``catch=1`` a seat that can be caught for not
  saying UNO; ``hand=2`` the hand number; ``house=key=value;key=value`` house rules.

>>> game = parse_position("mega-hit hands=R-Hit1,R5/Y-Hit2,G1/B3 pile=R2 turn=0 dealer=2 "
...                       "scores=0,0,0 stock=... launcher=scripted:1 seed=0")
>>> str(game.top), game.to_act
('R2', 0)
>>> format_position(game) == ("mega-hit hands=R-Hit1,R5/Y-Hit2,G1/B3 pile=R2 colour=R dir=cw "
...     "turn=0 dealer=2 scores=0,0,0 stock=... launcher=scripted:1 seed=0")
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import fields

from unoattack.engine.game import Game, Phase
from unoattack.engine.launcher import parse_launcher
from unoattack.rules.cards import Card, Colour
from unoattack.rules.edition import Edition, Options


class PositionError(ValueError):
    """A position string that cannot be read; the message says which field and why."""


_FIELDS = (
    "hands",
    "pile",
    "colour",
    "dir",
    "turn",
    "dealer",
    "scores",
    "stock",
    "launcher",
    "seed",
    "out",
    "catch",
    "hand",
    "house",
)
_REQUIRED = ("hands", "pile", "turn", "dealer", "scores", "stock", "launcher")


def parse_position(text: str) -> Game:
    """Build a game at the start of a turn from a position string."""
    words = text.split()
    if not words:
        raise PositionError("empty position: it starts with an edition name (2003, 2010, mega-hit)")
    try:
        edition = Edition.load(words[0])
    except ValueError as exc:
        raise PositionError(str(exc)) from None
    values: dict[str, str] = {}
    for word in words[1:]:
        key, sep, value = word.partition("=")
        if not sep or key not in _FIELDS:
            raise PositionError(f"{word!r} is not a field: fields are " + ", ".join(_FIELDS))
        if key in values:
            raise PositionError(f"field {key!r} is given twice")
        values[key] = value
    for key in _REQUIRED:
        if key not in values:
            raise PositionError(f"field {key!r} is missing")
    if "house" in values:
        overrides = dict(_split_pair(item) for item in values["house"].split(";") if item)
        try:
            edition = edition.with_options(overrides)
        except ValueError as exc:
            raise PositionError(f"house: {exc}") from None
    hands_text = values["hands"].split("/")
    players = len(hands_text)
    try:
        model = parse_launcher(values["launcher"])
    except ValueError as exc:
        raise PositionError(f"launcher: {exc}") from None
    seed = _int(values.get("seed", "0"), "seed")
    if not 2 <= players <= 10:
        raise PositionError(f"hands: {players} seats given; a table has 2 to 10")
    game = Game(edition, players, seed, model)

    free: dict[Card, list[int]] = {}
    for card_id, face in enumerate(game.faces):
        free.setdefault(face, []).append(card_id)

    def take(field: str, tokens: list[str]) -> list[int]:
        ids = []
        for token in tokens:
            try:
                card = Card.parse(token)
            except ValueError as exc:
                raise PositionError(f"{field}: {exc}") from None
            pool = free.get(card)
            if not pool:
                have = edition.deck.count(card)
                raise PositionError(
                    f"{field}: one {card} too many: the {edition.name} deck has {have}"
                )
            ids.append(pool.pop(0))
        return ids

    game.hands = [
        dict.fromkeys(take(f"hands (seat {s})", _cards(h))) for s, h in enumerate(hands_text)
    ]
    for seat in range(len(game.hands)):
        game._index_hand(seat)
    game.pile = take("pile", _cards(values["pile"]))
    if not game.pile:
        raise PositionError("pile: the discard pile needs at least its top card")
    stock_tokens = _cards(values["stock"])
    rest = bool(stock_tokens) and stock_tokens[-1] == "..."
    stock = take("stock", stock_tokens[:-1] if rest else stock_tokens)
    remaining = sorted(i for pool in free.values() for i in pool)
    if remaining and not rest:
        raise PositionError(
            f"stock: {len(remaining)} cards of the deck are not placed: end the stock with "
            "... to put the rest there in deck order"
        )
    game.launcher.load(stock + remaining)

    top = game.top
    if "colour" in values:
        try:
            game.colour = Colour.parse(values["colour"])
        except ValueError as exc:
            raise PositionError(f"colour: {exc}") from None
    elif top.colour is None:
        raise PositionError(f"colour: the top card {top} is a wild: name the active colour")
    else:
        game.colour = top.colour
    direction = values.get("dir", "cw")
    if direction not in ("cw", "ccw"):
        raise PositionError(f"dir: {direction!r}: write cw or ccw")
    game.direction = 1 if direction == "cw" else -1
    for seat in _seats(values.get("out", ""), "out", players):
        if game.hands[seat]:
            raise PositionError(f"out: eliminated seat {seat} still holds cards")
        game.active[seat] = False
    game.n_active = sum(game.active)
    if game.n_active < 2:
        raise PositionError("out: at least two players must remain")
    game._seats_changed()
    scores = [_int(v, "scores") for v in values["scores"].split(",")]
    if len(scores) != players:
        raise PositionError(f"scores: {len(scores)} given for {players} seats")
    game.scores = scores
    game.dealer = _seat(values["dealer"], "dealer", players)
    game.current = _seat(values["turn"], "turn", players)
    if not game.active[game.current]:
        raise PositionError(f"turn: seat {game.current} has been eliminated")
    for seat in range(players):
        if game.active[seat] and not game.hands[seat]:
            raise PositionError(f"hands: seat {seat} has no cards; the hand would be over")
    if "catch" in values:
        seat = _seat(values["catch"], "catch", players)
        if len(game.hands[seat]) != 1:
            raise PositionError(f"catch: seat {seat} must hold exactly one card to be caught")
        game.uno_seat = seat
    game.hand_number = _int(values.get("hand", "1"), "hand")
    game.phase = Phase.TURN
    return game


def format_position(game: Game) -> str:
    """The position string of a game at the start of a turn."""
    if game.phase is not Phase.TURN or game.duties:
        raise PositionError("only the start of a turn can be written as a position")
    faces = game.faces

    def cards(ids: Iterable[int]) -> str:
        return ",".join(str(faces[i]) for i in ids)

    placed = {i for h in game.hands for i in h} | set(game.pile)
    stock = game.launcher.stock
    cut = len(stock)
    # The shortest prefix after which the stock is "the rest of the deck in deck order".
    for i in range(len(stock) + 1):
        rest = sorted(set(range(len(faces))) - placed - set(stock[:i]))
        if [faces[j] for j in stock[i:]] == [faces[j] for j in rest]:
            cut = i
            break
    stock_text = cards(stock[:cut])
    if cut < len(stock):
        stock_text = f"{stock_text},..." if stock_text else "..."
    assert game.colour is not None
    parts = [
        game.edition.name,
        "hands=" + "/".join(cards(h) for h in game.hands),
        "pile=" + cards(game.pile),
        f"colour={game.colour.letter}",
        "dir=" + ("cw" if game.direction == 1 else "ccw"),
        f"turn={game.current}",
        f"dealer={game.dealer}",
        "scores=" + ",".join(str(s) for s in game.scores),
        f"stock={stock_text}",
        f"launcher={game.launcher.model.spec}",
        f"seed={game.seed}",
    ]
    out = [s for s in range(game.n) if not game.active[s]]
    if out:
        parts.append("out=" + ",".join(map(str, out)))
    if game.uno_seat >= 0:
        parts.append(f"catch={game.uno_seat}")
    if game.hand_number != 1:
        parts.append(f"hand={game.hand_number}")
    house = _house(game)
    if house:
        parts.append("house=" + house)
    return " ".join(parts)


def _house(game: Game) -> str:
    base = (
        Edition.load(game.edition.name).options
        if game.edition.name in ("2003", "2010", "mega-hit")
        else Options()
    )
    items = []
    for f in fields(Options):
        value = getattr(game.options, f.name)
        if value != getattr(base, f.name):
            items.append(f"{f.name}={_option_text(value)}")
    return ";".join(items)


def _option_text(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if value is None:
        return "none"
    if isinstance(value, tuple):
        return ",".join(map(str, value))
    return str(value)


def _split_pair(item: str) -> tuple[str, str]:
    key, sep, value = item.partition("=")
    if not sep:
        raise PositionError(f"house: {item!r} is not key=value")
    return key, value


def _cards(text: str) -> list[str]:
    return [t for t in text.split(",") if t]


def _int(text: str, field: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise PositionError(f"{field}: {text!r} is not a whole number") from None


def _seat(text: str, field: str, players: int) -> int:
    seat = _int(text, field)
    if not 0 <= seat < players:
        raise PositionError(f"{field}: seat {seat} does not exist (seats 0 to {players - 1})")
    return seat


def _seats(text: str, field: str, players: int) -> list[int]:
    return [_seat(t, field, players) for t in text.split(",") if t]
