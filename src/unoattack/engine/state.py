"""The state of a game: its fields, and nothing worked out from them.

:class:`State` holds what a game is at one moment: the hands, the pile, the launcher,
whose turn it is, the presses owed, the scores. What the rules make of an edition lives
in its :class:`~unoattack.engine.tables.Tables`, shared by every game of that edition
and referenced here, as is the :class:`Seating` of the seats in play; the legal actions
worked out for the current position live in one :class:`MoveCache` per game.
:class:`~unoattack.engine.game.Game` adds the rules on top.

Each hand is an insertion-ordered dict of card ids (a card leaves it in constant time,
the others keep their order), indexed by a count per face and a *face mask*, an int with
bit ``f`` set for each face ``f`` the hand holds; the index is part of the hand and kept
in step with it (:meth:`State._index_hand` after a deal).
"""

from __future__ import annotations

import random
from enum import IntEnum
from functools import cache
from typing import TYPE_CHECKING, Final, Self

from unoattack.engine._compiled import mypyc_attr
from unoattack.engine.actions import Action
from unoattack.engine.events import Event
from unoattack.engine.launcher import Launcher, LauncherModel
from unoattack.rules.cards import Colour
from unoattack.rules.edition import Edition, EditionError

if TYPE_CHECKING:
    from unoattack.engine.scoring import HandResult, MatchResult
    from unoattack.engine.tables import Tables

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 10


class Phase(IntEnum):
    TURN = 0  # the current player plays a card or presses
    PRESSING = 1  # someone owes presses (a Hit, an attack, a penalty...)
    CHOOSE_COLOUR = 2  # the first player names the colour of a wild start card
    MATCH_OVER = 3


#: Why presses are owed: a Duty's ``reason``, the ``MustPress`` event's and the view's.
PRESS_REASONS: Final = (
    "hit",  # a Hit card (R24–R26)
    "attack",  # an attack card aimed at a player (R27)
    "pile",  # a Mega Hit pile passed on (R38–R42)
    "all_hit",  # a Wild All Hit round (R35)
    "hit_fire",  # a Wild Hit-Fire: until the launcher yields (R36)
    "start",  # the start card (R48, R49, R52–R55)
    "uno_penalty",  # caught without saying UNO (R60)
    "suggestion",  # suggested a card to another player (R63)
)


@mypyc_attr(allow_interpreted_subclasses=True)  # copyable: see _compiled
class Duty:
    """An obligation to press: ``left`` presses (0 with ``until_fire``), owed for
    ``reason`` (one of :data:`PRESS_REASONS`)."""

    __slots__ = (
        "hit_card",
        "left",
        "penalty",
        "reason",
        "seat",
        "stackable",
        "until_fire",
        "yielded",
    )

    def __init__(
        self,
        seat: int,
        left: int,
        reason: str,
        *,
        until_fire: bool = False,
        stackable: bool = False,
        penalty: bool = False,
        hit_card: bool = False,
    ) -> None:
        self.seat = seat
        self.left = left
        self.reason = reason
        self.until_fire = until_fire
        self.stackable = stackable  # Mega Hit: may answer with a Hit card (R37)
        self.penalty = penalty  # penalty presses do not close a catch window (R61)
        self.hit_card = hit_card  # comes from a Hit card or pile (fr_stop_on_fire_scope)
        self.yielded = False  # the launcher has yielded cards during this duty

    def copy(self) -> Duty:
        duty = Duty(
            self.seat,
            self.left,
            self.reason,
            until_fire=self.until_fire,
            stackable=self.stackable,
            penalty=self.penalty,
            hit_card=self.hit_card,
        )
        duty.yielded = self.yielded
        return duty


@mypyc_attr(allow_interpreted_subclasses=True)  # copyable: see _compiled
class Seating:
    """Who plays after whom among the seats in play: one object per number of seats and
    seats eliminated, shared by every game (see :func:`seating`)."""

    __slots__ = ("active", "n", "successors")

    def __init__(self, n: int, active: tuple[bool, ...]) -> None:
        self.n = n
        self.active = active
        #: direction (1 or -1) -> each seat's next active seat in that direction
        self.successors: dict[int, tuple[int, ...]] = {}
        for direction in (1, -1):
            succ = []
            for seat in range(n):
                nxt = (seat + direction) % n
                while not active[nxt]:
                    nxt = (nxt + direction) % n
                succ.append(nxt)
            self.successors[direction] = tuple(succ)


@cache
def seating(n: int, active: tuple[bool, ...]) -> Seating:
    """The seating of ``n`` seats of which those with ``active[seat]`` are in play (at
    least one), worked out once per process."""
    return Seating(n, active)


#: A plays cache (see :class:`MoveCache`): key -> (actions, the codes of the actions).
PlaysCache = dict[int, tuple[tuple[Action, ...], int]]
NO_SEAT: Final = -2  # an empty legal-action cache


@mypyc_attr(allow_interpreted_subclasses=True)  # copyable: see _compiled
class MoveCache:
    """A game's one cache: the legal actions of one seat in the current position, with
    what :meth:`~unoattack.engine.game.Game.apply` checks an action against, the mask of
    the faces whose plain plays are legal (``plain``) and the codes of the other legal
    actions (``codes``). Every change of the game empties it (``seat = NO_SEAT``).

    ``targets`` and ``tails`` are the plays that name other seats
    (:mod:`unoattack.engine.movegen`), shared by the games of one edition and seating.
    """

    __slots__ = ("actions", "codes", "plain", "seat", "tails", "targets")

    def __init__(self) -> None:
        self.seat = NO_SEAT
        self.actions: tuple[Action, ...] = ()
        self.plain = 0
        self.codes = 0
        self.targets: PlaysCache = {}
        self.tails: PlaysCache = {}

    def copy(self) -> MoveCache:
        other = MoveCache()
        other.seat, other.actions, other.plain, other.codes = (
            self.seat,
            self.actions,
            self.plain,
            self.codes,
        )
        other.targets, other.tails = self.targets, self.tails
        return other


@mypyc_attr(allow_interpreted_subclasses=True)  # copyable: see _compiled
class State:
    """The fields of one match of UNO Attack (see :class:`~unoattack.engine.game.Game`)."""

    # Slots keep attribute access fast: the game has too many fields for a shared-key dict.
    __slots__ = (
        "_bonus_skip",
        "_cache",
        "_counts",
        "_direction",
        "_masks",
        "_moves",
        "_seating",
        "_succ",
        "_tables",
        "active",
        "aside",
        "called_uno",
        "colour",
        "current",
        "dealer",
        "deck_rng",
        "duties",
        "edition",
        "emitting",
        "empty_turns",
        "faces",
        "hand_number",
        "hands",
        "last_hand",
        "launcher",
        "log",
        "n",
        "n_active",
        "options",
        "phase",
        "pile",
        "pile_cards",
        "pile_origin",
        "pile_total",
        "result",
        "resume",
        "resume_colour",
        "scores",
        "seed",
        "skip_after_bonus",
        "uno_seat",
        "went_out",
    )

    def __init__(
        self,
        edition: Edition,
        tables: Tables,
        players: int,
        seed: int,
        launcher: LauncherModel,
        *,
        events: bool = True,
    ) -> None:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise EditionError(
                f"players must be from {MIN_PLAYERS} to {MAX_PLAYERS}, got {players}"
            )
        needed = players * edition.options.hand_size + 2
        if edition.deck.size < needed:
            raise EditionError(
                f"the {edition.name} deck has {edition.deck.size} cards: dealing "
                f"{edition.options.hand_size} to {players} players needs at least {needed}"
            )
        self.edition = edition
        self.options = edition.options
        # The rules of this deck, options and points, worked out once for every game.
        self._tables = tables
        self.n = players
        self.seed = seed
        self.faces = tables.faces  # card id -> face
        self.deck_rng = random.Random(f"unoattack:{seed}:deck")
        self.launcher = Launcher(launcher, random.Random(f"unoattack:{seed}:launcher"))
        # Simulations may turn events off for speed: apply() then returns no events and
        # the log stays empty (such a game cannot be recorded).
        self.emitting = events
        self.log: list[Event] = []
        self._moves: list[int] = []  # each action taken, as action code << 4 | seat + 1
        self.hands: list[dict[int, None]] = [{} for _ in range(players)]
        # The index of each hand (see the module's docstring).
        self._counts: list[list[int]] = [[0] * tables.n_faces for _ in range(players)]
        self._masks = [0] * players
        self.pile: list[int] = []
        # Cards out of play until the next deal: only a position puts cards here (a
        # table that lost some); no reshuffle takes them back (R19) and no view shows them.
        self.aside: list[int] = []
        self.colour: Colour | None = None
        self.active = [True] * players
        self.n_active = players  # kept equal to sum(active)
        self._direction = 1  # see the direction property
        self._cache = MoveCache()
        self._seats_changed()  # sets _seating, and _succ: each seat's next active seat
        self.scores = [0] * players
        self.dealer = 0
        self.hand_number = 0
        self.phase = Phase.TURN
        self.current = 0
        self.duties: list[Duty] = []
        self.resume = 0  # who plays when the duties are done
        self.resume_colour = False  # ... after naming the colour of a wild start card
        self.skip_after_bonus = -1  # e2_extra_card_all_counts: the seat a Skip passed over
        self._bonus_skip = -1  # ... still to pass over during the current action
        self.uno_seat = -1  # the seat that can be caught (R60, R61), or -1
        self.called_uno = [False] * players  # for display: said UNO and holds one card
        self.went_out = -1  # the seat that went out; last-card effects still pending
        self.empty_turns = 0  # turns in a row that pressed an empty, unreloadable launcher
        self.pile_total = 0  # Mega Hit: presses accumulated (R38)
        self.pile_cards = 0
        self.pile_origin = -1  # who laid the first Hit card of the pile (R42, A08)
        self.last_hand: HandResult | None = None
        self.result: MatchResult | None = None

    def _copy_position(self) -> Self:
        """A copy that shares nothing mutable of the position (zones, counts, duties,
        scores, the move cache); the caller sets its random streams, launcher and log.

        Every slot is assigned by name, not in a loop over ``__slots__``: a search copies
        a game at every iteration, and ``getattr``/``setattr`` by name cost five times as
        much (the whole copy: 7.2 µs before, 4.9 µs now; a test checks that no slot is
        left out)."""
        cls = type(self)
        other = cls.__new__(cls)  # no __init__: every slot is set below
        other._bonus_skip = self._bonus_skip
        other._cache = self._cache.copy()
        other._counts = [list(c) for c in self._counts]
        other._direction = self._direction
        other._masks = list(self._masks)
        other._moves = list(self._moves)
        other._seating = self._seating
        other._succ = self._succ
        other._tables = self._tables
        other.active = list(self.active)
        other.aside = list(self.aside)
        other.called_uno = list(self.called_uno)
        other.colour = self.colour
        other.current = self.current
        other.dealer = self.dealer
        other.deck_rng = self.deck_rng
        other.duties = [d.copy() for d in self.duties]
        other.edition = self.edition
        other.emitting = self.emitting
        other.empty_turns = self.empty_turns
        other.faces = self.faces
        other.hand_number = self.hand_number
        other.hands = [dict(h) for h in self.hands]
        other.last_hand = self.last_hand
        other.launcher = self.launcher
        other.log = self.log
        other.n = self.n
        other.n_active = self.n_active
        other.options = self.options
        other.phase = self.phase
        other.pile = list(self.pile)
        other.pile_cards = self.pile_cards
        other.pile_origin = self.pile_origin
        other.pile_total = self.pile_total
        other.result = self.result
        other.resume = self.resume
        other.resume_colour = self.resume_colour
        other.scores = list(self.scores)
        other.seed = self.seed
        other.skip_after_bonus = self.skip_after_bonus
        other.uno_seat = self.uno_seat
        other.went_out = self.went_out
        return other

    def clone(self) -> Self:
        """An independent copy (for search): the same position, random streams and log.
        The rule tables are shared, not copied."""
        other = self._copy_position()
        other.deck_rng = random.Random()
        other.deck_rng.setstate(self.deck_rng.getstate())
        other.launcher = self.launcher.clone()
        other.log = list(self.log)
        return other

    def search_copy(self, rng: random.Random) -> Self:
        """A copy for search: the same position, no events, an empty log, and ``rng`` as
        both its deck's and its launcher's stream (the search's own: a sample's future
        is chance, and sharing one stream spares seeding two a sample)."""
        other = self._copy_position()
        other.deck_rng = rng
        launcher = self.launcher
        other.launcher = twin = Launcher(launcher.model, rng)
        twin.stock = list(launcher.stock)
        twin.since_fire = launcher.since_fire
        twin.since_reload = launcher.since_reload
        twin.presses = launcher.presses
        other.emitting = False
        other.log = []
        other._cache.seat = NO_SEAT
        return other

    # ------------------------------------------------------------------ seating

    @property
    def direction(self) -> int:
        """1 when play goes to higher seat numbers (clockwise), -1 the other way."""
        return self._direction

    @direction.setter
    def direction(self, value: int) -> None:
        self._direction = value
        self._succ = self._seating.successors[value]

    def _seats_changed(self) -> None:
        """After players are eliminated (or set from a position): the shared tables of
        who plays after whom among the seats in play, and the plays that name them."""
        self._seating = found = seating(self.n, tuple(self.active))
        self._succ = found.successors[self._direction]
        self._cache.targets, self._cache.tails = self._tables.seat_plays(found)

    def _index_hand(self, seat: int) -> None:
        """Index ``seat``'s hand from its ids (after a deal, or when set from a position)."""
        counts = [0] * self._tables.n_faces
        face_of, bit_of = self._tables.face_of, self._tables.bit_of
        mask = 0
        for i in self.hands[seat]:
            f = face_of[i]
            counts[f] += 1
            mask |= bit_of[f]
        self._counts[seat] = counts
        self._masks[seat] = mask
