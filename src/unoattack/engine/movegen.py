"""Move generation: every legal action of a seat, in a fixed order, fast.

``legal_actions`` is :meth:`Game.legal_actions <unoattack.engine.game.Game.legal_actions>`.
It is built like a chess move generator: what can be worked out once is.

- A set of faces is an int with a bit set for each face in it (a *face mask*); each hand
  keeps the mask of the faces it holds (:mod:`unoattack.engine.state`). Which bit stands
  for which face is the deck's :class:`FaceLayout`: the faces the deck has, in face
  order, take the lowest bits. An edition has at most 59 of the 66 faces, so its masks
  fit in machine code's small ints (62 bits); with every face at its own index, the
  wilds' bits (60 to 65) made nearly every mask a number the runtime allocates.
- ``MATCH_MASKS[top * 4 + colour]`` is the (face-indexed) mask of the faces that may be
  played on the face ``top`` (R08–R11), read per card id into ``Tables.match_of`` in the
  deck's layout, so the playable faces of a hand are one ``&``.
- The plain plays of a face mask (no target, no UNO) are read ``CHUNK_BITS`` faces at a
  time from tables of ``2 ** CHUNK_BITS`` entries, one table per chunk of a layout's
  bits, and concatenated in face order. The number of chunks follows from the number of
  faces. The listers that read them (``FaceLayout.plain_plays`` and its kin) are generated once
  per layout, with one lookup per chunk written out: in the interpreter a loop over the
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

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Final, cast

from unoattack.engine._compiled import mypyc_attr
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
    """The face-indexed mask of some faces: bit ``f`` for face ``f``."""
    return sum(1 << f for f in faces)


def codes_of(actions: tuple[Action, ...]) -> int:
    """The set of the actions' codes, as a bit mask."""
    codes = 0
    for action in actions:
        codes |= 1 << action.code
    return codes


# Lookup tables built once, so that listing legal plays is bit arithmetic and indexing.
# top face * 4 + active colour -> the face-indexed mask of the faces that may be played on
# it (FaceLayout.match has it in a deck's bits)
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
# _plays counts plain plays by face: one per card, four (one per colour) per wild, and
# none for a face that always names a target.
assert all(
    len(PLAIN_ACTIONS[c.index][0]) == (4 if c.is_wild else 0 if always_targeted(c) else 1)
    for c in FACES
)
FACES_OF_COLOUR: Final = {
    colour: tuple(c.index for c in FACES if c.colour is colour) for colour in Colour
}
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
# Faces whose plays may name a target, whatever the options: those that always do, and
# the wilds whose effect the table writes (Wild Customizable, R29).
_MAY_TARGET: Final = frozenset(
    c.index for c in FACES if c.kind.effect is None or c.kind.effect.targeted
)

ChunkTable = tuple[tuple[Action, ...], ...]
Lister = Callable[[int], tuple[Action, ...]]


def _chunk_table(
    face_at: tuple[int, ...], first: int, after: tuple[Action, ...] = ()
) -> ChunkTable:
    """For each subset of the CHUNK_BITS bits from ``first`` on, the plain plays of their
    faces (``face_at``: bit -> face) in face order, then ``after``."""
    bits = range(first, first + CHUNK_BITS)
    single = [PLAIN_ACTIONS[face_at[b]][0] if b < _N_FACES else () for b in bits]
    table = [after] * (1 << CHUNK_BITS)
    for subset in range(1, 1 << CHUNK_BITS):
        lowest = subset & -subset  # its plays come first, then those of the higher bits
        table[subset] = single[lowest.bit_length() - 1] + table[subset ^ lowest]
    return tuple(table)


def _lister(name: str, tables: tuple[ChunkTable, ...], doc: str) -> Lister:
    """Generate a function of a face mask that concatenates the plays of ``tables`` (one
    per chunk, from the first), one lookup per chunk written out (see the module's
    docstring)."""
    namespace: dict[str, object] = {}
    terms = []
    for k, table in enumerate(tables):
        namespace[f"t{k}"] = table
        bits = f"playable >> {k * CHUNK_BITS}" if k else "playable"
        terms.append(f"t{k}[{bits}]" if k == CHUNKS - 1 else f"t{k}[{bits} & {_CHUNK}]")
    source = f"def {name}(playable):\n    return {' + '.join(terms) or '()'}\n"
    exec(compile(source, f"<movegen.{name}>", "exec"), namespace)
    lister = cast(Lister, namespace[name])
    lister.__doc__ = doc
    return lister


@mypyc_attr(allow_interpreted_subclasses=True)  # copyable: see _compiled
class FaceLayout:
    """Which bit of a face mask stands for which face, for one deck, and the tables of
    the move generator in those bits (see the module's docstring). Faces the deck has
    take the lowest bits in face order, so that the plays of a mask, read bit by bit,
    come in face order as before; the faces it lacks follow, in face order, and appear
    in no mask (:func:`layout_for` shares one layout among the decks of the same faces).

    Args:
        faces: The faces (indexes) the deck has.
    """

    __slots__ = (
        "bit_of",
        "colour_mask",
        "face_at",
        "head_plays",
        "head_tables",
        "match",
        "other_colours_at",
        "plain_bit",
        "plain_plays",
        "plain_tables",
        "plays_then_press",
        "present",
        "tail_bits",
        "tail_shift",
        "then_press_tables",
        "wild_mask",
    )

    def __init__(self, faces: Iterable[int]) -> None:
        has = frozenset(faces)
        #: bit -> face, and face -> its bit (a mask of one face)
        self.face_at = tuple(sorted(has)) + tuple(f for f in range(_N_FACES) if f not in has)
        bit_of = [0] * _N_FACES
        for position, face in enumerate(self.face_at):
            bit_of[face] = 1 << position
        self.bit_of = tuple(bit_of)
        #: the mask of the faces the deck has
        self.present = self.mask(has)
        #: top face * 4 + active colour -> the mask of the faces that may be played on it
        self.match = tuple(self.translate(mask) for mask in MATCH_MASKS)
        self.wild_mask = self.mask(c.index for c in FACES if c.is_wild)
        #: colour -> the mask of its faces
        self.colour_mask = tuple(self.mask(FACES_OF_COLOUR[colour]) for colour in Colour)
        #: bit -> the mask of the faces not of its face's colour (wilds included); 0 for
        #: a wild's bit
        self.other_colours_at = tuple(
            self.present & ~self.colour_mask[colour] if colour is not None else 0
            for colour in (FACES[f].colour for f in self.face_at)
        )
        #: action code -> the bit of the action's face if it is a plain play (no target,
        #: no UNO), else 0, so that ``plain & plain_bit[code]`` says whether the action is
        #: among the plain plays of the face mask ``plain``
        self.plain_bit = tuple(
            bit_of[action.card.index]
            if action.kind is ActionKind.PLAY
            and action.card is not None
            and action.target is None
            and not action.uno
            else 0
            for action in ACTIONS
        )
        chunks = tuple(_chunk_table(self.face_at, k * CHUNK_BITS) for k in range(CHUNKS))
        last_then_press = _chunk_table(self.face_at, (CHUNKS - 1) * CHUNK_BITS, _JUST_PRESS)
        # The tail: the chunks from the first one holding a face that may name a target.
        may_target = self.mask(_MAY_TARGET) & self.present
        lowest = (may_target & -may_target).bit_length() - 1  # -1 when there is none
        tail = lowest // CHUNK_BITS if may_target else CHUNKS - 1
        self.tail_shift = tail * CHUNK_BITS
        self.tail_bits = _N_FACES - self.tail_shift
        self.plain_tables = chunks
        self.then_press_tables = (*chunks[:-1], last_then_press)
        self.head_tables = chunks[:tail]
        # What the interpreter calls instead of _concat (see the module's docstring).
        self.plain_plays = _lister(
            "plain_plays", self.plain_tables, "The plain plays of a mask, in face order."
        )
        self.plays_then_press = _lister(
            "plays_then_press", self.then_press_tables, "plain_plays(playable), the press."
        )
        self.head_plays = _lister(
            "head_plays", self.head_tables, "The plain plays of a mask before the tail."
        )

    def __reduce__(self) -> tuple[object, tuple[tuple[int, ...]]]:
        # Copied and pickled as the layout of its faces: the one shared layout (its
        # listers are functions generated here, which pickle cannot name).
        return layout_for, (self.face_at[: self.present.bit_count()],)

    def mask(self, faces: Iterable[int]) -> int:
        """The mask of some faces (indexes)."""
        mask = 0
        for f in faces:
            mask |= self.bit_of[f]
        return mask

    def translate(self, face_mask: int) -> int:
        """A mask with bit ``f`` for face ``f`` (``MATCH_MASKS``), in this layout, less the
        faces the deck lacks."""
        return self.mask(f for f in range(_N_FACES) if face_mask >> f & 1) & self.present

    def faces(self, mask: int) -> list[int]:
        """The faces of a mask, in face order."""
        return [f for position, f in enumerate(self.face_at) if mask >> position & 1]


_LAYOUTS: Final[dict[frozenset[int], FaceLayout]] = {}


def layout_for(faces: Iterable[int]) -> FaceLayout:
    """The layout of a deck of these faces: built the first time, then shared."""
    key = frozenset(faces)
    found = _LAYOUTS.get(key)
    if found is None:
        found = _LAYOUTS[key] = FaceLayout(key)
    return found


#: This module runs as machine code (the compiled build, docs/engine.md), not as Python.
COMPILED: Final = not __file__.endswith(".py")


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
                layout = tables.layout
                if playable & tables.targeted_mask:
                    key = seat << layout.tail_bits | playable >> layout.tail_shift
                    found = cache.tails.get(key)
                    if found is None:
                        found = _turn_tail(game, seat, key)
                    tail, codes = found
                    head = (
                        _concat(layout.head_tables, playable)
                        if COMPILED
                        else layout.head_plays(playable)
                    )
                    actions = head + tail
                    plain = playable & tables.untargeted_mask
                else:
                    actions = (
                        _concat(layout.then_press_tables, playable)
                        if COMPILED
                        else layout.plays_then_press(playable)
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
    ``FaceLayout.plain_bit``); and the codes of the other actions."""
    press = _JUST_PRESS if then_press else ()
    codes = int(then_press)  # PRESS has code 0
    layout = game._tables.layout
    n_hand = len(game.hands[seat])
    # Faces whose plays need more than a table lookup: a target to choose, a play that
    # may leave one card (R57), so that UNO may be said with it.
    if n_hand > 2:
        special = playable & game._tables.targeted_mask | _discards_leaving_one(
            game, seat, playable
        )
        if not special:
            plays = (
                _concat(layout.plain_tables, playable) if COMPILED else layout.plain_plays(playable)
            )
            return plays + press, playable, codes
    else:
        special = playable
    plain = playable ^ special
    plays = (_concat(layout.plain_tables, plain) if COMPILED else layout.plain_plays(plain)) + press
    inserted = 0
    while special:
        bit = special & -special  # the lowest special face
        special ^= bit
        # Its plays go after those of the lower faces: the plain plays (four for a wild,
        # one for another card) and the special plays already inserted.
        below = plain & (bit - 1)
        at = inserted + below.bit_count() + 3 * (below & layout.wild_mask).bit_count()
        face = layout.face_at[bit.bit_length() - 1]
        more, more_codes = _face_plays(game, seat, face, n_hand)
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
    bit = tables.layout.bit_of[f]
    if tables.discard_mask & bit:
        one_left = _discards_leaving_one(game, seat, bit) != 0
    else:
        one_left = n_hand == 2
    plays = PLAIN_ACTIONS[f][one_left]
    return plays, codes_of(plays)


def _discards_leaving_one(game: Game, seat: int, faces: int) -> int:
    """The Discard All faces in the mask ``faces`` whose play leaves ``seat`` exactly one
    card (R32: the cards of the other colours stay)."""
    found = 0
    tables = game._tables
    layout = tables.layout
    discards = faces & tables.discard_mask
    while discards:
        bit = discards & -discards
        discards ^= bit
        others = game._masks[seat] & layout.other_colours_at[bit.bit_length() - 1]
        if (
            others != 0
            and others & (others - 1) == 0  # a single face...
            # ...and a single copy
            and game._counts[seat][layout.face_at[others.bit_length() - 1]] == 1
        ):
            found |= bit
    return found


def _turn_tail(game: Game, seat: int, key: int) -> tuple[tuple[Action, ...], int]:
    """The end of a turn's actions when no play leaves one card, for the key
    ``seat << tail_bits | tail`` (``tail``: the playable faces of the layout's tail, as
    bits): the plays of those faces (targeted ones at every other active seat), then the
    press; and the codes of the targeted plays and the press. Cached per seating."""
    tables = game._tables
    layout = tables.layout
    tail = key & ((1 << layout.tail_bits) - 1)
    targeted = tables.targeted
    actions: tuple[Action, ...] = ()
    codes = 1  # the press
    for position in range(layout.tail_shift, _N_FACES):
        if tail >> (position - layout.tail_shift) & 1:
            f = layout.face_at[position]
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
