"""A seat's view as numbers: the flat vector the research environments hand out.

This is :func:`unoattack.engine.view.view` in another form, for learners that want a
vector: it reads exactly what a seat's view shows (its own hand, and what the whole
table sees) and nothing else. ``tests/test_envs.py`` checks, over many seeded games,
that the vector equals the one spelled out from ``view(game, seat)``.

It is built for speed (research environments step it millions of times): each seat's
vector lives in an ``array('f')`` that is updated in place, and only what changed since
that seat's last encoding is rewritten: the hand segment when the hand changed, a
one-hot mark that moved, the features of the seats where they changed.
The layout (:data:`SEGMENTS`) is the same for every edition and table size.

>>> from unoattack.engine import Game
>>> game = Game.new("2003", players=3, seed=7, options={"target_score": 1})
>>> layout = Layout.for_game(game)
>>> seat0 = SeatFeatures(game, 0, layout)
>>> vector = seat0.refresh(deciding=True, reacting=False)
>>> len(vector), layout.size, sum(vector[layout.start("hand") : layout.stop("hand")])
(262, 262, 7.0)
"""

from __future__ import annotations

from array import array
from struct import Struct
from typing import TYPE_CHECKING, Any, ClassVar, Final, NamedTuple, cast

from unoattack.engine._compiled import mypyc_attr
from unoattack.engine.events import SPECTATOR
from unoattack.engine.launcher import ScheduleModel
from unoattack.engine.state import Phase
from unoattack.rules.cards import FACES

if TYPE_CHECKING:
    from unoattack.engine.game import Game

__all__ = ["MAX_SEATS", "SEAT_FEATURES", "SEGMENTS", "Layout", "SeatFeatures", "Segment"]

#: Seats a table can have; the vector always has this many seat slots.
MAX_SEATS: Final = 10
SINCE_FIRE_BUCKETS: Final = 5  # 0, 1, 2, 3 and "4 or more": the hazard model's steps
CLIP_PRESSES: Final = 100.0
CLIP_SCORE: Final = 2.0

#: The features of each seat slot, in order (slot 0 is the observing seat, slot k the
#: seat k places clockwise from it).
SEAT_FEATURES: Final = (
    "present",  # 1 if the table has this seat
    "active",  # 1 if not eliminated (challenge scoring)
    "cards",  # cards in hand
    "said_uno",  # said UNO and holds one card
    "to_act",  # the game waits for this seat's decision
    "catchable",  # can be caught for not saying UNO
    "dealer",  # deals this hand
    "score",  # score / target score, clipped to 2
    "owed_presses",  # presses this seat owes (0 when none or "until it fires"), clipped to 100
    "until_fire",  # owes presses until the launcher yields cards
    "may_stack",  # may answer its duty with a Hit card (Mega Hit stacking)
)
_WIDTH: Final = len(SEAT_FEATURES)


class Segment(NamedTuple):
    """A named slice of the vector: ``start``, ``size`` values shaped ``shape``."""

    name: str
    start: int
    size: int
    shape: tuple[int, ...]
    description: str

    @property
    def stop(self) -> int:
        return self.start + self.size


def _segments() -> tuple[Segment, ...]:
    parts: list[tuple[str, tuple[int, ...], str]] = [
        ("hand", (len(FACES),), "copies of each face in my hand"),
        ("top", (len(FACES),), "one-hot: the face on top of the discard pile"),
        ("colour", (4,), "one-hot: colour in force R, Y, G, B (none: all 0)"),
        ("phase", (4,), "one-hot: turn, pressing, choose_colour, match_over"),
        ("decision", (2,), "I decide now: [my turn's decision, an out-of-turn offer]"),
        ("direction", (1,), "1 clockwise (seat numbers rising), 0 counter-clockwise"),
        ("since_fire", (SINCE_FIRE_BUCKETS,), "one-hot: presses since firing 0..3, 4+"),
        ("since_reload", (1,), "presses since the last reload, modulo 96"),
        ("stock", (1,), "cards in the launcher"),
        ("pile", (1,), "cards in the discard pile"),
        ("mega_pile", (1,), "presses stacked on a Mega Hit pile, clipped"),
        (
            "seats",
            (MAX_SEATS, _WIDTH),
            "per seat, relative to me (slot k: k seats clockwise): " + ", ".join(SEAT_FEATURES),
        ),
    ]
    segments = []
    start = 0
    for name, shape, description in parts:
        size = 1
        for extent in shape:
            size *= extent
        segments.append(Segment(name, start, size, shape, description))
        start += size
    return tuple(segments)


#: The vector's layout, in order (docs/envs.md, "The observation").
SEGMENTS: Final[tuple[Segment, ...]] = _segments()
_AT: Final = {segment.name: segment.start for segment in SEGMENTS}
_HAND: Final = _AT["hand"]
_TOP: Final = _AT["top"]
_COLOUR: Final = _AT["colour"]
_PHASE: Final = _AT["phase"]
_DECISION: Final = _AT["decision"]
_DIRECTION: Final = _AT["direction"]
_SINCE_FIRE: Final = _AT["since_fire"]
_SINCE_RELOAD: Final = _AT["since_reload"]
_STOCK: Final = _AT["stock"]
_PILE: Final = _AT["pile"]
_MEGA: Final = _AT["mega_pile"]
_SEATS: Final = _AT["seats"]
_PERIOD: Final = ScheduleModel.PERIOD
_PRESSING: Final = Phase.PRESSING
_MATCH_OVER: Final = Phase.MATCH_OVER
_SIZE: Final = SEGMENTS[-1].stop
_N_FACES: Final = _TOP - _HAND
# The interpreter writes the hand segment whole, in C, from the engine's counts (ints):
# packing them into the vector's buffer is a third of the cost of ``array("f", counts)``
# and a slice assignment.
_PACK_HAND: Final = Struct(f"{_N_FACES}f").pack_into
_HAND_OFFSET: Final = 4 * _HAND
#: This module runs as machine code (the compiled build, docs/engine.md), not as Python.
COMPILED: Final = not __file__.endswith(".py")


@mypyc_attr(allow_interpreted_subclasses=True)  # copyable: see _compiled
class Layout:
    """The layout with one table's bounds (they come from its public configuration).

    Args:
        deck_size: Cards in the deck (bounds card counts).
        max_copies: The most copies of one face in the deck (bounds the hand segment).
        target_score: The match's target score (scores are scaled by it).
    """

    segments: ClassVar[tuple[Segment, ...]] = SEGMENTS
    size: ClassVar[int] = _SIZE

    def __init__(self, deck_size: int, max_copies: int, target_score: int) -> None:
        self.deck_size = deck_size
        self.max_copies = max_copies
        self.target_score = max(1, target_score)
        seat_highs = {"cards": float(deck_size), "score": CLIP_SCORE, "owed_presses": CLIP_PRESSES}
        highs = {
            "hand": float(max_copies),
            "since_reload": float(ScheduleModel.PERIOD - 1),
            "stock": float(deck_size),
            "pile": float(deck_size),
            "mega_pile": CLIP_PRESSES,
        }
        self.high: list[float] = []
        for segment in SEGMENTS:
            if segment.name == "seats":
                self.high += [seat_highs.get(name, 1.0) for name in SEAT_FEATURES] * MAX_SEATS
            else:
                self.high += [highs.get(segment.name, 1.0)] * segment.size

    @classmethod
    def for_game(cls, game: Game) -> Layout:
        """The layout with ``game``'s bounds (edition deck and target score)."""
        deck = game.edition.deck
        copies = max(deck.count(face) for face in set(deck.faces))
        return cls(deck.size, copies, game.options.target_score)

    def segment(self, name: str) -> Segment:
        """The segment called ``name``."""
        for segment in SEGMENTS:
            if segment.name == name:
                return segment
        raise KeyError(name)

    def start(self, name: str) -> int:
        return self.segment(name).start

    def stop(self, name: str) -> int:
        return self.segment(name).stop


# What pickling a SeatFeatures keeps: every field but the view of its vector (see
# SeatFeatures.__getstate__).
_PICKLED_SLOTS: Final = (
    "_active",
    "_at",
    "_called",
    "_colour",
    "_counts",
    "_dealer",
    "_decision",
    "_direction",
    "_duties",
    "_face_at",
    "_hand",
    "_held",
    "_mega",
    "_phase",
    "_pile",
    "_scores",
    "_since_fire",
    "_since_reload",
    "_stock",
    "_to_act",
    "_top",
    "_uno",
    "face_of",
    "game",
    "layout",
    "perspective",
    "seat",
    "vector",
)


@mypyc_attr(allow_interpreted_subclasses=True)  # copyable: see _compiled
class SeatFeatures:
    """One seat's vector of one game, kept up to date in place.

    Args:
        game: The game (read through this seat's eyes only).
        seat: The seat, or ``SPECTATOR`` (no hand: the hand segment stays zero).
        layout: The table's bounds.
        perspective: The seat the seat slots are relative to (default: ``seat``; needed
            for a spectator).

    :meth:`refresh` returns the seat's ``array('f')``; it is rewritten by the next
    refresh, so copy it to keep it.
    """

    __slots__ = (*_PICKLED_SLOTS, "_cells")

    def __init__(
        self, game: Game, seat: int, layout: Layout, perspective: int | None = None
    ) -> None:
        if seat != SPECTATOR and not 0 <= seat < game.n:
            raise ValueError(f"there is no seat {seat} at this table of {game.n}")
        me = seat if perspective is None else perspective
        if me == SPECTATOR:
            me = 0
        if not 0 <= me < game.n:
            raise ValueError(f"there is no seat {me} at this table of {game.n}")
        self.game = game
        self.seat = seat
        self.perspective = me
        self.layout = layout
        self.face_of = [face.index for face in game.faces]  # card id -> face index
        self._face_at = game._tables.layout.face_at  # bit of a face mask -> face index
        self.vector = array("f", bytes(4 * _SIZE))
        # refresh writes through a view of the vector's buffer: a view's item assignment
        # stores a float directly, where the array's parses its argument first (about
        # 10 ns a write). Typeshed types a view's items as int; this one's format is the
        # array's, "f", so it takes floats.
        self._cells = cast("array[float]", memoryview(self.vector))
        # What the vector holds now, to rewrite only what changes.
        self._hand: list[int] = [0] * _N_FACES  # the copies of each face the vector holds
        # ... and the faces it holds a copy of, as a mask (the engine's ``_masks`` form)
        self._held = 0
        self._top = self._colour = self._phase = self._decision = self._since_fire = -1
        # The direction and the counters as written (-1: never; the vector holds 0).
        self._direction = self._since_reload = self._stock = self._pile = -1
        self._mega = -1.0
        n = game.n
        # Where each seat's slot starts in the vector (slot k: k seats clockwise from me).
        self._at = [_SEATS + ((seat - me) % n) * _WIDTH for seat in range(n)]
        for at in self._at:
            self.vector[at] = 1.0  # present
        # The seat features as last written: each changes for a seat or two at a time.
        self._counts: list[int] = [-1] * n
        self._called: list[bool] | None = None
        self._scores: list[int] | None = None
        self._active: list[bool] | None = None
        self._to_act: int | None = -1
        self._uno = self._dealer = -1
        self._duties: dict[int, tuple[float, bool, bool]] = {}

    def __getstate__(self) -> dict[str, Any]:
        # A memoryview cannot be pickled (OpenSpiel serializes states so): the view
        # of the vector is made again from the vector.
        return {name: getattr(self, name) for name in _PICKLED_SLOTS}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        self._cells = cast("array[float]", memoryview(self.vector))

    def refresh(self, *, deciding: bool = False, reacting: bool = False) -> array[float]:
        """The vector as the game stands now.

        Args:
            deciding: The seat is the one whose decision is awaited.
            reacting: ... and that decision is an out-of-turn offer (say UNO, catch, pass).
        """
        # Written for speed: environments call this at every step. Each one-hot segment
        # moves its mark only when the value changed. Colours and phases are IntEnums:
        # used as ints, without ``.value`` (a descriptor in Python code).
        game = self.game
        vec = self._cells
        me = self.seat
        if me >= 0:
            # The engine keeps each hand's copies of each face (its move generator reads
            # them): the hand segment is that list, compared whole, in C, with what the
            # vector holds.
            counts = game._counts[me]
            written = self._hand
            if counts != written:
                held = game._masks[me]  # the faces the hand holds a copy of
                if COMPILED:
                    # A step changes a face or two. Only a face held now or when the
                    # vector was last written can have changed (the others are 0 in
                    # both): machine code walks the bits of those (in the game's face
                    # layout) and rewrites what changed.
                    bits = held | self._held
                    face_at = self._face_at
                    position = 0
                    while bits:
                        if bits & 1:
                            face = face_at[position]
                            count = counts[face]
                            if count != written[face]:
                                vec[_HAND + face] = count
                                written[face] = count
                        bits >>= 1
                        position += 1
                else:
                    # The interpreter would take longer over the walk than packing the
                    # whole segment into the vector's buffer in one call.
                    _PACK_HAND(vec, _HAND_OFFSET, *counts)
                    written[:] = counts
                self._held = held
        value = self.face_of[game.pile[-1]]
        last = self._top
        if value != last:
            if last >= 0:
                vec[_TOP + last] = 0.0
            vec[_TOP + value] = 1.0
            self._top = value
        colour = game.colour
        value = -1 if colour is None else colour + 0
        last = self._colour
        if value != last:
            if last >= 0:
                vec[_COLOUR + last] = 0.0
            if value >= 0:
                vec[_COLOUR + value] = 1.0
            self._colour = value
        value = game.phase + 0
        last = self._phase
        if value != last:
            if last >= 0:
                vec[_PHASE + last] = 0.0
            vec[_PHASE + value] = 1.0
            self._phase = value
        value = (1 if reacting else 0) if deciding else -1
        last = self._decision
        if value != last:
            if last >= 0:
                vec[_DECISION + last] = 0.0
            if value >= 0:
                vec[_DECISION + value] = 1.0
            self._decision = value
        launcher = game.launcher
        value = launcher.since_fire
        if value >= SINCE_FIRE_BUCKETS:
            value = SINCE_FIRE_BUCKETS - 1
        last = self._since_fire
        if value != last:
            if last >= 0:
                vec[_SINCE_FIRE + last] = 0.0
            vec[_SINCE_FIRE + value] = 1.0
            self._since_fire = value
        # The direction and the counters: each written only when it changed (a pack of
        # the four counters cost more than comparing them).
        value = 1 if game._direction > 0 else 0
        if value != self._direction:
            vec[_DIRECTION] = value
            self._direction = value
        value = launcher.since_reload % _PERIOD
        if value != self._since_reload:
            vec[_SINCE_RELOAD] = value
            self._since_reload = value
        value = len(launcher.stock)
        if value != self._stock:
            vec[_STOCK] = value
            self._stock = value
        value = len(game.pile)
        if value != self._pile:
            vec[_PILE] = value
            self._pile = value
        mega = min(game.pile_total, CLIP_PRESSES) if game.pile_cards > 1 else 0.0
        if mega != self._mega:
            vec[_MEGA] = mega
            self._mega = mega
        # The seats' features (one method with the rest: a call costs as much as a
        # feature). Each is compared with what the vector holds and rewritten only for
        # the seats where it changed: most steps move a hand's size and the turn marker.
        at = self._at
        called = game.called_uno
        seen = self._counts  # each hand's size as written (kept up to date in place)
        for seat, hand in enumerate(game.hands):
            count = len(hand)
            if count != seen[seat]:
                where = at[seat]
                vec[where + 2] = count
                # said_uno (a called UNO with one card) moves only when the count goes
                # to or from one; a change of the calls is written below.
                if called[seat] and (count == 1) != (seen[seat] == 1):
                    vec[where + 3] = 1.0 if count == 1 else 0.0
                seen[seat] = count
        counts = seen
        if called != self._called:
            for seat, said in enumerate(called):
                vec[at[seat] + 3] = 1.0 if said and counts[seat] == 1 else 0.0
            self._called = list(called)
        # game.to_act, inlined (a property: Python code)
        phase = game.phase
        if phase is _PRESSING:
            to_act: int | None = game.duties[0].seat
        elif phase is _MATCH_OVER:
            to_act = None
        else:
            to_act = game.current
        if to_act != self._to_act:
            if self._to_act is not None and self._to_act >= 0:
                vec[at[self._to_act] + 4] = 0.0
            if to_act is not None:
                vec[at[to_act] + 4] = 1.0
            self._to_act = to_act
        value = game.uno_seat
        if value != self._uno:
            if self._uno >= 0:
                vec[at[self._uno] + 5] = 0.0
            if value >= 0:
                vec[at[value] + 5] = 1.0
            self._uno = value
        value = game.dealer
        if value != self._dealer:
            if self._dealer >= 0:
                vec[at[self._dealer] + 6] = 0.0
            vec[at[value] + 6] = 1.0
            self._dealer = value
        scores = game.scores
        if scores != self._scores:
            target = self.layout.target_score
            for seat, score in enumerate(scores):
                vec[at[seat] + 7] = min(score / target, CLIP_SCORE)
            self._scores = list(scores)
        active = game.active
        if active != self._active:
            for seat, playing in enumerate(active):
                vec[at[seat] + 1] = 1.0 if playing else 0.0
            self._active = list(active)
        duties = game.duties
        if duties or self._duties:
            owed: dict[int, tuple[float, bool, bool]] = {}
            for duty in duties:
                left, until_fire, may_stack = owed.get(duty.seat, (0.0, False, False))
                owed[duty.seat] = (
                    left + duty.left,
                    until_fire or duty.until_fire,
                    may_stack or duty.stackable,
                )
            if owed != self._duties:
                for seat in self._duties.keys() | owed.keys():
                    left, until_fire, may_stack = owed.get(seat, (0.0, False, False))
                    where = at[seat]
                    vec[where + 8] = min(left, CLIP_PRESSES)
                    vec[where + 9] = 1.0 if until_fire else 0.0
                    vec[where + 10] = 1.0 if may_stack else 0.0
                self._duties = owed
        return self.vector
