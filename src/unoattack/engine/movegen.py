"""Move generation: every legal action of a seat, in a fixed order, fast.

``legal_actions`` is :meth:`Game.legal_actions <unoattack.engine.game.Game.legal_actions>`.
It is built like a chess move generator: what can be worked out once is.

- A set of faces is an int with bit ``f`` set for each face ``f`` in it (a *face mask*);
  each hand keeps the mask of the faces it holds (:mod:`unoattack.engine.state`).
- ``MATCH_MASKS[top * 4 + colour]`` is the mask of the faces that may be played on the
  face ``top`` (R08–R11), read per card id into ``Tables.match_of``, so the playable
  faces of a hand are one ``&``.
- The plain plays of a face mask (no target, no UNO) are read ``CHUNK_BITS`` faces at a
  time from tables of ``2 ** CHUNK_BITS`` entries, one table per chunk of faces, and
  concatenated in face order. The number of chunks follows from the number of faces.
  The listers that read them (:data:`plain_plays` and its kin) are generated once, at
  import, with one lookup per chunk written out: in the interpreter a loop over the
  chunks would cost more than the lookups themselves. The compiled build (docs/engine.md)
  loops (:func:`_concat`): machine code loops for less than a call back into Python.
- Faces whose plays name a target (Trade Hands, Attack-Attack, a Wild Customizable made
  targeted by the options) all lie in the *tail*, the chunks from the first one holding
  such a face; when one of them is playable, the tail's plays (at every other active
  seat) come from a cache per seating (:meth:`Tables.seat_plays
  <unoattack.engine.tables.Tables.seat_plays>`).
- Only when a play could leave one card, so that UNO may be said with it (a hand of two,
  a Discard All that leaves one card of another colour, a Trade Hands with a player who
  holds one), does the listing take the slower path (:func:`_plays`).
- The legal actions are cached until the game changes (:class:`MoveCache
  <unoattack.engine.state.MoveCache>`), with two bit masks beside them, so that
  ``apply``'s check is two ``&``.

tests/test_legal_oracle.py checks the result against a plain reference at every decision
of random games in every edition.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final, cast

from unoattack.engine.actions import (
    _INDEX,
    ACTIONS,
    MAX_SEATS,
    PRESS,
    SAY_UNO,
    STOP,
    Action,
    ActionKind,
    always_targeted,
    catch,
    choose_colour,
)
from unoattack.engine.state import Duty, Phase
from unoattack.rules.cards import FACES, Card, Colour, Kind

if TYPE_CHECKING:
    from unoattack.engine.game import Game

# An enum member reached through its class costs a metaclass lookup (about 70 ns on
# Python 3.11) every time; the hot paths use these module-level names instead.
_TURN: Final = Phase.TURN
_PRESSING: Final = Phase.PRESSING
_CHOOSE_COLOUR: Final = Phase.CHOOSE_COLOUR
_JUST_PRESS: Final[tuple[Action, ...]] = (PRESS,)  # PRESS has code 0
_COLOUR_CHOICES: Final = tuple(choose_colour(c) for c in Colour)
_N_FACES: Final = len(FACES)


def _matching_faces(top: Card, colour: Colour) -> frozenset[int]:
    """Faces that may be played on ``top`` with ``colour`` active (R08–R11, A25, A43)."""
    legal = set()
    for card in FACES:
        if (
            card.is_wild
            or card.colour is colour
            or (card.kind is Kind.NUMBER and top.kind is Kind.NUMBER and card.number == top.number)
            or (card.kind is not Kind.NUMBER and card.kind is top.kind)
        ):
            legal.add(card.index)
    return frozenset(legal)


def _play_actions(card: Card, target: int | None, uno: bool) -> tuple[Action, ...]:
    colours: tuple[Colour | None, ...] = tuple(Colour) if card.is_wild else (None,)
    return tuple(ACTIONS[_INDEX[(ActionKind.PLAY, card, c, target, uno)]] for c in colours)


def _mask_of(faces: frozenset[int]) -> int:
    return sum(BIT[f] for f in faces)


def codes_of(actions: tuple[Action, ...]) -> int:
    """The set of the actions' codes, as a bit mask."""
    codes = 0
    for action in actions:
        codes |= 1 << action.code
    return codes


# Lookup tables built once, so that listing legal plays is bit arithmetic and indexing.
BIT: Final = tuple(1 << f for f in range(_N_FACES))
# top face * 4 + active colour -> the mask of the faces that may be played on it
MATCH_MASKS: Final = tuple(
    _mask_of(_matching_faces(top, colour)) for top in FACES for colour in Colour
)
# [face][leaves one card]: the plays without UNO, and with UNO said too when they may be;
# none for a face whose plays always name a target (Trade Hands), which is never plain.
PLAIN_ACTIONS: Final = tuple(
    ((), ())
    if always_targeted(c)
    else (
        _play_actions(c, None, False),
        _play_actions(c, None, False) + _play_actions(c, None, True),
    )
    for c in FACES
)
# [face][target][leaves one card], for the faces whose plays may name a target
TARGET_ACTIONS: Final = tuple(
    tuple(
        (_play_actions(c, t, False), _play_actions(c, t, False) + _play_actions(c, t, True))
        for t in range(MAX_SEATS)
    )
    if c.is_wild or always_targeted(c)
    else ()
    for c in FACES
)
WILD_FACES: Final = _mask_of(frozenset(c.index for c in FACES if c.is_wild))
# _plays counts plain plays by face: one per card, four (one per colour) per wild, and
# none for a face that always names a target.
assert all(
    len(PLAIN_ACTIONS[c.index][0]) == (4 if c.is_wild else 0 if always_targeted(c) else 1)
    for c in FACES
)
FACES_OF_COLOUR: Final = {
    colour: tuple(c.index for c in FACES if c.colour is colour) for colour in Colour
}
COLOUR_FACES: Final = {
    colour: _mask_of(frozenset(faces)) for colour, faces in FACES_OF_COLOUR.items()
}
# face -> the mask of the faces not of its colour (wilds included); 0 for a wild
OTHER_COLOURS: Final = tuple(
    _mask_of(frozenset(range(_N_FACES))) & ~COLOUR_FACES[c.colour] if c.colour is not None else 0
    for c in FACES
)

# action code -> the bit of the action's face if it is a plain play (no target, no UNO),
# else 0, so that ``plain & PLAIN_BIT[code]`` says whether the action is among the plain
# plays of the face mask ``plain``.
PLAIN_BIT: Final = tuple(
    BIT[action.card.index]
    if action.kind is ActionKind.PLAY
    and action.card is not None
    and action.target is None
    and not action.uno
    else 0
    for action in ACTIONS
)
# action code -> the colour a play makes active: the card's, or the one named for a wild
PLAY_COLOUR: Final = tuple(
    (action.card.colour if action.card.colour is not None else action.colour)
    if action.card is not None
    else None
    for action in ACTIONS
)

# ---------------------------------------------------------------------- chunk tables

CHUNK_BITS: Final = 11
_CHUNK: Final = (1 << CHUNK_BITS) - 1
#: How many chunks of CHUNK_BITS faces cover every face.
CHUNKS: Final = -(-_N_FACES // CHUNK_BITS)


def _chunk_table(first: int, after: tuple[Action, ...] = ()) -> tuple[tuple[Action, ...], ...]:
    """For each subset of the CHUNK_BITS faces from ``first`` on (as bits), their plain
    plays in face order, then ``after``."""
    faces = range(first, first + CHUNK_BITS)
    single = [PLAIN_ACTIONS[f][0] if f < _N_FACES else () for f in faces]
    table = [after] * (1 << CHUNK_BITS)
    for bits in range(1, 1 << CHUNK_BITS):
        lowest = bits & -bits  # its plays come first, then those of the higher faces
        table[bits] = single[lowest.bit_length() - 1] + table[bits ^ lowest]
    return tuple(table)


_CHUNK_TABLES: Final = tuple(_chunk_table(k * CHUNK_BITS) for k in range(CHUNKS))
_LAST_THEN_PRESS: Final = _chunk_table((CHUNKS - 1) * CHUNK_BITS, _JUST_PRESS)

# Faces whose plays may name a target, whatever the options: those that always do, and
# the wilds whose effect the table writes (Wild Customizable, R29).
_MAY_TARGET: Final = _mask_of(
    frozenset(c.index for c in FACES if c.kind.effect is None or c.kind.effect.targeted)
)
#: The first chunk of the tail, which holds every face that may name a target.
TAIL: Final = (_MAY_TARGET & -_MAY_TARGET).bit_length() // CHUNK_BITS if _MAY_TARGET else CHUNKS - 1
TAIL_SHIFT: Final = TAIL * CHUNK_BITS
_TAIL_BITS: Final = _N_FACES - TAIL_SHIFT

Lister = Callable[[int], tuple[Action, ...]]


def _lister(name: str, chunks: range, then_press: bool, doc: str) -> Lister:
    """Generate a function of a face mask that concatenates the plays of the chunk tables
    of ``chunks`` (the last one ending with the press if ``then_press``), one lookup per
    chunk written out (see the module's docstring)."""
    namespace: dict[str, object] = {}
    terms = []
    for k in chunks:
        last = k == CHUNKS - 1
        namespace[f"t{k}"] = _LAST_THEN_PRESS if last and then_press else _CHUNK_TABLES[k]
        bits = f"playable >> {k * CHUNK_BITS}" if k else "playable"
        terms.append(f"t{k}[{bits}]" if last else f"t{k}[{bits} & {_CHUNK}]")
    source = f"def {name}(playable):\n    return {' + '.join(terms) or '()'}\n"
    exec(compile(source, f"<movegen.{name}>", "exec"), namespace)
    lister = cast(Lister, namespace[name])
    lister.__doc__ = doc
    return lister


plain_plays: Final = _lister(
    "plain_plays", range(CHUNKS), False, "The plain plays of the faces in a mask, in face order."
)
plays_then_press: Final = _lister(
    "plays_then_press", range(CHUNKS), True, "plain_plays(playable), then the press."
)
head_plays: Final = _lister(
    "head_plays", range(TAIL), False, "The plain plays of the faces of a mask before the tail."
)

#: This module runs as machine code (the compiled build, docs/engine.md), not as Python.
COMPILED: Final = not __file__.endswith(".py")
# The compiled build reads the chunk tables with a loop (:func:`_concat`): the generated
# listers would be Python code, called back from machine code at every listing.
_PLAIN_TABLES: Final = _CHUNK_TABLES
_THEN_PRESS_TABLES: Final = (*_CHUNK_TABLES[:-1], _LAST_THEN_PRESS)
_HEAD_TABLES: Final = _CHUNK_TABLES[:TAIL]


def _concat(
    tables: tuple[tuple[tuple[Action, ...], ...], ...], playable: int
) -> tuple[Action, ...]:
    """What the lister of ``tables`` gives for ``playable``: each chunk's plays, in order."""
    plays: tuple[Action, ...] = ()
    for table in tables:
        chunk = table[playable & _CHUNK]
        # A hand's playable faces fall in a chunk or two: concatenate only what is
        # there (a concatenation, even with an empty tuple, is a call into the runtime).
        if chunk:
            plays = plays + chunk if plays else chunk
        # Shifted in place, not read at a growing offset: a mask of every face is wider
        # than machine code's small ints (62 bits), so each operation on it is a call
        # into the runtime that allocates; once shifted a chunk, the rest fits.
        playable >>= CHUNK_BITS
    return plays


# ---------------------------------------------------------------------- listing


def legal_actions(game: Game, seat: int | None = None) -> tuple[Action, ...]:
    """Every action ``seat`` may take now (default: the seat to act), in a fixed order:
    plays by face, then the press, then UNO or a catch."""
    phase = game.phase
    if seat is None:
        # game.to_act, inlined for the two common phases (the hot path)
        if phase is _TURN:
            seat = game.current
        elif phase is _PRESSING:
            seat = game.duties[0].seat
        else:
            seat = game.to_act
            if seat is None:
                return ()
    elif not 0 <= seat < game.n:
        return ()
    cache = game._cache
    if cache.seat == seat:
        return cache.actions
    plain = 0
    if phase is _TURN:
        if seat == game.current:
            # R08–R12: every legal play, then the press (code 0).
            assert game.colour is not None
            tables = game._tables
            playable = game._masks[seat] & tables.match_of[game.pile[-1]][game.colour]
            # From a hand of three cards or more, only a Discard All (R32) or a Trade
            # Hands with a player who holds one card (A17) may leave a single card.
            if len(game.hands[seat]) > 2 and not (
                (playable & tables.discard_mask and _discards_leaving_one(game, seat, playable))
                or (playable & tables.trading_mask and any(len(h) == 1 for h in game.hands))
            ):
                # The common case: no play can leave one card, so none comes with UNO
                # (R57), and the plays are table lookups; the targeted faces all lie in
                # the tail, whose plays are cached per seating (see _turn_tail).
                if playable & tables.targeted_mask:
                    key = seat << _TAIL_BITS | playable >> TAIL_SHIFT
                    found = cache.tails.get(key)
                    if found is None:
                        found = _turn_tail(game, seat, key)
                    tail, codes = found
                    head = _concat(_HEAD_TABLES, playable) if COMPILED else head_plays(playable)
                    actions = head + tail
                    plain = playable & tables.untargeted_mask
                else:
                    actions = (
                        _concat(_THEN_PRESS_TABLES, playable)
                        if COMPILED
                        else plays_then_press(playable)
                    )
                    codes = 1  # PRESS has code 0
                    plain = playable
            else:
                actions, plain, codes = _plays(game, seat, playable, then_press=True)
        else:
            actions, codes = (), 0
    elif phase is _PRESSING:
        duty = game.duties[0]
        if seat != duty.seat:
            actions, codes = (), 0
        elif duty.stackable or duty.yielded:
            actions = _pressing_actions(game, duty)
            codes = codes_of(actions)
        else:
            actions, codes = _JUST_PRESS, 1  # PRESS has code 0
    elif phase is _CHOOSE_COLOUR and seat == game.current:
        actions = _COLOUR_CHOICES
        codes = codes_of(actions)
    else:
        actions, codes = (), 0
    if game.uno_seat >= 0 and game.active[seat]:
        call = SAY_UNO if seat == game.uno_seat else catch(game.uno_seat)
        actions += (call,)
        codes |= 1 << call.code
    cache.actions, cache.plain, cache.codes = actions, plain, codes
    cache.seat = seat
    return actions


def _pressing_actions(game: Game, duty: Duty) -> tuple[Action, ...]:
    """The actions of a player who owes the presses of ``duty`` (R13–R17, R37)."""
    actions: tuple[Action, ...] = _JUST_PRESS
    if duty.yielded and game._tables.stop_mode == "choose" and game._may_stop(duty):
        actions += (STOP,)
    if duty.stackable:
        # Mega Hit (R37): any Hit card, whatever its colour, and nothing else.
        stackable = game._masks[duty.seat] & game._tables.stackable_mask
        actions += _plays(game, duty.seat, stackable)[0]
    return actions


def _plays(
    game: Game, seat: int, playable: int, then_press: bool = False
) -> tuple[tuple[Action, ...], int, int]:
    """Every play by ``seat`` of a face in the ``playable`` mask, in face order (then the
    press, if asked); the mask of the faces among them whose plays are plain (see
    PLAIN_BIT); and the codes of the other actions."""
    press = _JUST_PRESS if then_press else ()
    codes = int(then_press)  # PRESS has code 0
    n_hand = len(game.hands[seat])
    # Faces whose plays need more than a table lookup: a target to choose, a play that
    # may leave one card (R57), so that UNO may be said with it.
    if n_hand > 2:
        special = playable & game._tables.targeted_mask | _discards_leaving_one(
            game, seat, playable
        )
        if not special:
            plays = _concat(_PLAIN_TABLES, playable) if COMPILED else plain_plays(playable)
            return plays + press, playable, codes
    else:
        special = playable
    plain = playable ^ special
    plays = (_concat(_PLAIN_TABLES, plain) if COMPILED else plain_plays(plain)) + press
    inserted = 0
    while special:
        bit = special & -special  # the lowest special face
        special ^= bit
        # Its plays go after those of the lower faces: the plain plays (four for a wild,
        # one for another card) and the special plays already inserted.
        below = plain & (bit - 1)
        at = inserted + below.bit_count() + 3 * (below & WILD_FACES).bit_count()
        more, more_codes = _face_plays(game, seat, bit.bit_length() - 1, n_hand)
        plays = plays[:at] + more + plays[at:]
        inserted += len(more)
        codes |= more_codes
    return plays, plain, codes


def _face_plays(game: Game, seat: int, f: int, n_hand: int) -> tuple[tuple[Action, ...], int]:
    """The plays of face ``f`` from a hand of ``n_hand`` cards, UNO included where the
    play leaves one card (R57); and their codes."""
    tables = game._tables
    if f in tables.targeted:
        trading = f in tables.trading
        if trading and n_hand == 1 and not game.options.may_go_out_on_trade_hands:
            return (), 0  # R31: a player may not go out on a Trade Hands card
        # A17: with Trade Hands, liability is judged on the hand received.
        if (1 not in map(len, game.hands)) if trading else n_hand != 2:
            return _target_plays(game, seat, f)  # no play can leave one card
        by_target = TARGET_ACTIONS[f]
        plays: tuple[Action, ...] = ()
        for target in range(game.n):
            if target == seat or not game.active[target]:
                continue
            left = len(game.hands[target]) if trading else n_hand - 1
            plays += by_target[target][left == 1]
        return plays, codes_of(plays)
    if tables.discard_mask & BIT[f]:
        one_left = _discards_leaving_one(game, seat, BIT[f]) != 0
    else:
        one_left = n_hand == 2
    plays = PLAIN_ACTIONS[f][one_left]
    return plays, codes_of(plays)


def _discards_leaving_one(game: Game, seat: int, faces: int) -> int:
    """The Discard All faces in the mask ``faces`` whose play leaves ``seat`` exactly one
    card (R32: the cards of the other colours stay)."""
    found = 0
    discards = faces & game._tables.discard_mask
    while discards:
        bit = discards & -discards
        discards ^= bit
        others = game._masks[seat] & OTHER_COLOURS[bit.bit_length() - 1]
        if (
            others != 0
            and others & (others - 1) == 0  # a single face...
            and game._counts[seat][others.bit_length() - 1] == 1  # ...and a single copy
        ):
            found |= bit
    return found


def _turn_tail(game: Game, seat: int, key: int) -> tuple[tuple[Action, ...], int]:
    """The end of a turn's actions when no play leaves one card, for the key
    ``seat << _TAIL_BITS | tail`` (``tail``: the playable faces of the tail, as bits):
    the plays of those faces (targeted ones at every other active seat), then the press;
    and the codes of the targeted plays and the press. Cached per seating."""
    tail = key & ((1 << _TAIL_BITS) - 1)
    targeted = game._tables.targeted
    actions: tuple[Action, ...] = ()
    codes = 1  # the press
    for f in range(TAIL_SHIFT, _N_FACES):
        if tail >> (f - TAIL_SHIFT) & 1:
            if f in targeted:
                plays, more = _target_plays(game, seat, f)
                actions += plays
                codes |= more
            else:
                actions += PLAIN_ACTIONS[f][0]
    found = game._cache.tails[key] = (actions + _JUST_PRESS, codes)
    return found


def _target_plays(game: Game, seat: int, f: int) -> tuple[tuple[Action, ...], int]:
    """The plays of the targeted face ``f`` by ``seat`` at every other active seat,
    without UNO; and their codes. Cached per seating."""
    key = seat * _N_FACES + f
    found = game._cache.targets.get(key)
    if found is None:
        plays = tuple(
            action
            for target in range(game.n)
            if target != seat and game.active[target]
            for action in TARGET_ACTIONS[f][target][0]
        )
        found = game._cache.targets[key] = (plays, codes_of(plays))
    return found
