"""The rules engine: one game of UNO Attack from the first deal to the match's end.

A :class:`Game` is fully determined by its edition and options, its seed and the actions
applied to it. Shuffles and the launcher draw from two separate seeded streams, so a
different launcher model keeps the same deal.

>>> game = Game.new("2003", players=3, seed=7)
>>> game.to_act in (0, 1, 2), len(game.legal_actions()) > 0
(True, True)

Rule ids in comments (R12, A19, ...) refer to docs/rules.md, which follows RULINGS.md.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from unoattack.engine.actions import (
    _INDEX,
    ACTIONS,
    MAX_SEATS,
    PRESS,
    SAY_UNO,
    STOP,
    Action,
    ActionKind,
    catch,
    choose_colour,
    penalize,
)
from unoattack.engine.events import (
    CardPlayed,
    Caught,
    ColourChosen,
    DealerChosen,
    Dealt,
    DirectionReversed,
    Event,
    HandStarted,
    HandsTraded,
    HandVoid,
    HandWon,
    MatchWon,
    MustPress,
    Penalized,
    PlayerEliminated,
    Pressed,
    Reshuffled,
    Skipped,
    StartCardTurned,
    StoppedPressing,
    TurnStarted,
    UnoSaid,
)
from unoattack.engine.launcher import DEFAULT_LAUNCHER, Launcher, LauncherModel, parse_launcher
from unoattack.rules.cards import FACES, Card, Colour, Kind
from unoattack.rules.edition import Edition, EditionError

MIN_PLAYERS = 2
MAX_PLAYERS = 10
REFEREE = -1


class IllegalAction(ValueError):
    """An action that the rules do not allow now. The game is unchanged.

    ``str(error)`` says why in English. ``reason`` names it with a stable key (one of
    :data:`ILLEGAL_REASONS`) and ``details`` holds the values the sentence mentions (seats
    as numbers, cards as their codes such as ``R7``, colours as their letters), so that a
    front-end can say it in another language.
    """

    def __init__(self, message: str, reason: str = "not_allowed", **details: str | int) -> None:
        super().__init__(message)
        self.reason = reason
        self.details = details


#: Every ``IllegalAction.reason`` the engine gives, with the details that come with it.
ILLEGAL_REASONS: dict[str, tuple[str, ...]] = {
    "not_allowed": (),
    "match_over": (),
    "no_such_seat": ("seat", "players"),
    "eliminated": ("seat",),
    "no_uno_to_call": (),
    "uno_not_yours": ("seat",),
    "not_catchable": ("seat",),
    "catch_yourself": (),
    "not_your_turn": ("seat",),
    "name_start_colour": (),
    "no_colour_to_name": (),
    "no_presses_to_stop": (),
    "every_press_counts": (),
    "stop_after_cards": (),
    "no_press_now": (),
    "card_not_in_hand": ("card",),
    "must_press": ("left",),
    "must_press_until_fire": (),
    "must_press_or_stack": (),
    "wild_needs_colour": ("card",),
    "needs_target": ("card",),
    "takes_no_target": ("card",),
    "target_yourself": (),
    "no_target_seat": ("seat",),
    "no_going_out_on_trade": (),
    "uno_with_one_card_only": (),
    "no_match": ("card", "top", "colour"),
    "referee_only": (),
    "nobody_to_penalize": ("seat",),
    "hand_over": (),
}


class Phase(IntEnum):
    TURN = 0  # the current player plays a card or presses
    PRESSING = 1  # someone owes presses (a Hit, an attack, a penalty...)
    CHOOSE_COLOUR = 2  # the first player names the colour of a wild start card
    MATCH_OVER = 3


# An enum member reached through its class costs a metaclass lookup (about 70 ns on
# Python 3.11) every time; the hot paths use these module-level names instead.
_TURN = Phase.TURN
_PRESSING = Phase.PRESSING
_CHOOSE_COLOUR = Phase.CHOOSE_COLOUR
_MATCH_OVER = Phase.MATCH_OVER
_PLAY_KIND = ActionKind.PLAY
_PRESS_KIND = ActionKind.PRESS
_PENALIZE_KIND = ActionKind.PENALIZE
_NO_SEAT = -2  # an empty legal-action cache
_JUST_PRESS: tuple[Action, ...] = (PRESS,)  # PRESS has code 0
_COLOUR_CHOICES = tuple(choose_colour(c) for c in Colour)


# Effects of each kind (Wild Customizable's comes from the options).
_EFFECT: dict[Kind, tuple[str, int]] = {
    Kind.NUMBER: ("none", 0),
    Kind.SKIP: ("skip", 0),
    Kind.REVERSE: ("reverse", 0),
    Kind.HIT1: ("hit", 1),
    Kind.HIT2: ("hit", 2),
    Kind.DISCARD_ALL: ("discard_all", 0),
    Kind.TRADE_HANDS: ("trade_hands", 0),
    Kind.WILD: ("none", 0),
    Kind.WILD_ALL_HIT: ("all_hit", 0),
    Kind.WILD_HIT_FIRE: ("hit_fire", 0),
    Kind.WILD_HIT4: ("hit", 4),
    Kind.WILD_ATTACK_ATTACK: ("attack", 2),
}
_TARGETED = ("attack", "trade_hands")


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


# Lookup tables built once, so that listing legal plays is bit arithmetic and indexing.
# A set of faces is an int with bit ``face.index`` set for each face in it (a "face mask").
_BIT = tuple(1 << f for f in range(len(FACES)))


def _mask_of(faces: frozenset[int]) -> int:
    return sum(_BIT[f] for f in faces)


# top face * 4 + active colour -> the mask of the faces that may be played on it
_MATCH_MASKS = tuple(_mask_of(_matching_faces(top, colour)) for top in FACES for colour in Colour)
# [face][leaves one card]: the plays without UNO, and with UNO said too when they may be.
_PLAIN_ACTIONS = tuple(
    (_play_actions(c, None, False), _play_actions(c, None, False) + _play_actions(c, None, True))
    if c.kind is not Kind.TRADE_HANDS
    else ((), ())
    for c in FACES
)
_TARGET_ACTIONS = tuple(
    tuple(
        (_play_actions(c, t, False), _play_actions(c, t, False) + _play_actions(c, t, True))
        for t in range(MAX_SEATS)
    )
    if c.is_wild or c.kind is Kind.TRADE_HANDS
    else ()
    for c in FACES
)
_DISCARD_ALL = frozenset(c.index for c in FACES if c.kind is Kind.DISCARD_ALL)
_DISCARD_ALL_MASK = _mask_of(_DISCARD_ALL)
_WILD_FACES = _mask_of(frozenset(c.index for c in FACES if c.is_wild))
# _plays counts plain plays by face: one per card, four (one per colour) per wild, and
# none for a Trade Hands, which always has a target and is never plain.
assert all(
    len(_PLAIN_ACTIONS[c.index][0]) == (4 if c.is_wild else 0 if c.kind is Kind.TRADE_HANDS else 1)
    for c in FACES
)
_FACES_OF_COLOUR = {
    colour: tuple(c.index for c in FACES if c.colour is colour) for colour in Colour
}
_COLOUR_FACES = {colour: _mask_of(frozenset(faces)) for colour, faces in _FACES_OF_COLOUR.items()}
# face -> the mask of the faces not of its colour (wilds included); 0 for a wild
_OTHER_COLOURS = tuple(
    _mask_of(frozenset(range(len(FACES)))) & ~_COLOUR_FACES[c.colour] if c.colour is not None else 0
    for c in FACES
)

# The plain plays (no target, no UNO) of a face mask, read 11 bits at a time: chunk k
# covers faces 11k..11k+10, and _Pk[bits] lists their plays in face order. Listing a
# hand's plain plays is then six lookups, whatever the size of the hand.
_CHUNK_BITS = 11
_CHUNK = (1 << _CHUNK_BITS) - 1
assert len(FACES) <= 6 * _CHUNK_BITS  # _plain_plays reads six chunks


def _chunk_table(first: int, after: tuple[Action, ...] = ()) -> tuple[tuple[Action, ...], ...]:
    """For each subset of the 11 faces from ``first`` on (as bits), their plain plays in
    face order, then ``after``."""
    faces = range(first, first + _CHUNK_BITS)
    single = [_PLAIN_ACTIONS[f][0] if f < len(FACES) else () for f in faces]
    table = [after] * (1 << _CHUNK_BITS)
    for bits in range(1, 1 << _CHUNK_BITS):
        lowest = bits & -bits  # its plays come first, then those of the higher faces
        table[bits] = single[lowest.bit_length() - 1] + table[bits ^ lowest]
    return tuple(table)


_P0, _P1, _P2, _P3, _P4, _P5 = (_chunk_table(k * _CHUNK_BITS) for k in range(6))
_LAST_CHUNK = 5 * _CHUNK_BITS  # the first face of the last chunk
_P5_THEN_PRESS = _chunk_table(_LAST_CHUNK, (PRESS,))  # a turn's actions end with the press


def _plain_plays(playable: int) -> tuple[Action, ...]:
    """The plain plays of the faces in ``playable``, in face order."""
    return (
        _P0[playable & _CHUNK]
        + _P1[playable >> 11 & _CHUNK]
        + _P2[playable >> 22 & _CHUNK]
        + _P3[playable >> 33 & _CHUNK]
        + _P4[playable >> 44 & _CHUNK]
        + _P5[playable >> 55]
    )


# action code -> the bit of the action's face if it is a plain play (no target, no UNO),
# else 0, so that ``plain & _PLAIN_BIT[code]`` says whether the action is among the plain
# plays of the face mask ``plain``.
_PLAIN_BIT = tuple(
    _BIT[action.card.index]
    if action.kind is ActionKind.PLAY
    and action.card is not None
    and action.target is None
    and not action.uno
    else 0
    for action in ACTIONS
)


# action code -> the colour a play makes active: the card's, or the one named for a wild
_PLAY_COLOUR = tuple(
    (action.card.colour if action.card.colour is not None else action.colour)
    if action.card is not None
    else None
    for action in ACTIONS
)


def _codes_of(actions: tuple[Action, ...]) -> int:
    """The set of the actions' codes, as a bit mask."""
    codes = 0
    for action in actions:
        codes |= 1 << action.code
    return codes


class _Duty:
    """An obligation to press: ``left`` presses (0 with ``until_fire``)."""

    __slots__ = ("hit_card", "left", "penalty", "seat", "stackable", "until_fire", "yielded")

    def __init__(
        self,
        seat: int,
        left: int,
        *,
        until_fire: bool = False,
        stackable: bool = False,
        penalty: bool = False,
        hit_card: bool = False,
    ) -> None:
        self.seat = seat
        self.left = left
        self.until_fire = until_fire
        self.stackable = stackable  # Mega Hit: may answer with a Hit card (R37)
        self.penalty = penalty  # penalty presses do not close a catch window (R61)
        self.hit_card = hit_card  # comes from a Hit card or pile (fr_stop_on_fire_scope)
        self.yielded = False  # the launcher has yielded cards during this duty

    def copy(self) -> _Duty:
        duty = _Duty(
            self.seat,
            self.left,
            until_fire=self.until_fire,
            stackable=self.stackable,
            penalty=self.penalty,
            hit_card=self.hit_card,
        )
        duty.yielded = self.yielded
        return duty


@dataclass(frozen=True, slots=True)
class HandResult:
    """The end of a hand, as a value."""

    hand_number: int
    winner: int  # -1 for a dead hand (P08)
    points: int  # what the winner scored (first_to_500), else 0
    hand_points: tuple[int, ...]
    scores: tuple[int, ...]
    eliminated: tuple[int, ...]
    reason: str = "went_out"  # or "void" (P08)


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The end of a match, as a value. Several winners only when tied (A33)."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    hands: int
    reason: str  # target_reached, lowest_total, last_standing


class Game:
    """One match of UNO Attack. Create with :meth:`new`, or from a position string
    (:func:`unoattack.engine.notation.parse_position`)."""

    # Slots keep attribute access fast: the game has too many fields for a shared-key dict.
    __slots__ = (
        "_bonus_skip",
        "_cache",
        "_cache_codes",
        "_cache_plain",
        "_cache_seat",
        "_colour_of",
        "_counts",
        "_direction",
        "_effect",
        "_face_effect",
        "_face_of",
        "_hit_scope_only",
        "_ids_of",
        "_masks",
        "_moves",
        "_reshuffle_at",
        "_special_mask",
        "_stackable_mask",
        "_stop_mode",
        "_succ",
        "_successors",
        "_tail_cache",
        "_target_cache",
        "_targeted",
        "_targeted_last",
        "_targeted_mask",
        "_trading",
        "_trading_mask",
        "_untargeted_mask",
        "active",
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
        self.n = players
        self.seed = seed
        self.faces: tuple[Card, ...] = edition.deck.faces
        self.deck_rng = random.Random(f"unoattack:{seed}:deck")
        self.launcher = Launcher(launcher, random.Random(f"unoattack:{seed}:launcher"))
        # Simulations may turn events off for speed: apply() then returns no events and
        # the log stays empty (such a game cannot be recorded).
        self.emitting = events
        self.log: list[Event] = []
        self._moves: list[int] = []  # each action taken, as action code << 4 | seat + 1
        # Each hand is an insertion-ordered set of card ids (a dict of None values): a card
        # leaves it in constant time and the order of the others is kept.
        self.hands: list[dict[int, None]] = [{} for _ in range(players)]
        # Kept in step with ``hands`` (see _index_hand): per seat, how many cards of each
        # face it holds, and the mask of the faces it holds.
        self._counts: list[list[int]] = [[0] * len(FACES) for _ in range(players)]
        self._masks = [0] * players
        self.pile: list[int] = []
        self.colour: Colour | None = None
        self.active = [True] * players
        self.n_active = players  # kept equal to sum(active)
        self._direction = 1  # see the direction property
        self._seats_changed()  # sets _succ, each seat's next active seat
        self.scores = [0] * players
        self.dealer = 0
        self.hand_number = 0
        self.phase = _TURN
        self.current = 0
        self.duties: list[_Duty] = []
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
        self._cache: tuple[Action, ...] = ()
        self._cache_plain = 0
        self._cache_codes = 0
        self._cache_seat = _NO_SEAT  # the seat whose actions are cached; every change resets it
        self.last_hand: HandResult | None = None
        self.result: MatchResult | None = None
        wild_effect, wild_presses = self.options.wild_custom
        self._effect = dict(_EFFECT)
        self._effect[Kind.WILD_CUSTOM] = (wild_effect, wild_presses)
        # face -> (effect, presses, whether the effect only passes the turn on)
        self._face_effect = tuple(
            (name, presses, name in ("none", "discard_all", "trade_hands"))
            for name, presses in (self._effect[card.kind] for card in FACES)
        )
        self._face_of = tuple(card.index for card in self.faces)
        ids_of: list[list[int]] = [[] for _ in FACES]
        for card_id, card in enumerate(self.faces):
            ids_of[card.index].append(card_id)
        # face -> the ids of its copies, lowest first
        self._ids_of = tuple(tuple(ids) for ids in ids_of)
        self._colour_of = tuple(card.colour for card in self.faces)
        self._stackable_mask = _mask_of(
            frozenset(c.index for c in FACES if self._effect[c.kind][0] in ("hit", "attack"))
        )
        # Faces whose plays may need more than a table lookup: targets, or a Discard All
        # that may leave one card.
        self._special_mask = _mask_of(
            frozenset(
                c.index
                for c in FACES
                if self._effect[c.kind][0] in _TARGETED or c.kind is Kind.DISCARD_ALL
            )
        )
        self._trading = frozenset(
            c.index for c in FACES if self._effect[c.kind][0] == "trade_hands"
        )
        self._targeted = frozenset(c.index for c in FACES if self._effect[c.kind][0] in _TARGETED)
        self._targeted_mask = _mask_of(self._targeted)
        self._untargeted_mask = _mask_of(frozenset(range(len(FACES))) - self._targeted)
        self._targeted_last = self._targeted_mask >> _LAST_CHUNK
        assert self._targeted_last << _LAST_CHUNK == self._targeted_mask  # see _legal
        self._trading_mask = _mask_of(self._trading)
        opts = self.options
        self._stop_mode = opts.stop_after_fire
        self._hit_scope_only = opts.fr_stop_on_fire_scope == "hit_cards"
        self._reshuffle_at = opts.reshuffle_threshold

    # ------------------------------------------------------------------ creation

    @classmethod
    def new(
        cls,
        edition: str | Edition = "2003",
        players: int = 4,
        seed: int = 0,
        launcher: str | LauncherModel = DEFAULT_LAUNCHER,
        options: Mapping[str, Any] | None = None,
        *,
        events: bool = True,
    ) -> Game:
        """Shuffle, choose the dealer, deal and turn the start card."""
        if isinstance(edition, str):
            edition = Edition.load(edition)
        if options:
            edition = edition.with_options(options)
        model = parse_launcher(launcher) if isinstance(launcher, str) else launcher
        game = cls(edition, players, seed, model, events=events)
        game._choose_first_dealer()
        game._start_hand()
        return game

    def clone(self) -> Game:
        """An independent copy (for search): the same position, random streams and log."""
        other = object.__new__(Game)
        for name in Game.__slots__:
            setattr(other, name, getattr(self, name))
        other.deck_rng = random.Random()
        other.deck_rng.setstate(self.deck_rng.getstate())
        other.launcher = self.launcher.clone()
        other.log = list(self.log)
        other._moves = list(self._moves)
        other.hands = [dict(h) for h in self.hands]
        other._counts = [list(c) for c in self._counts]
        other._masks = list(self._masks)
        other.pile = list(self.pile)
        other.active = list(self.active)
        other.scores = list(self.scores)
        other.duties = [d.copy() for d in self.duties]
        other.called_uno = list(self.called_uno)
        return other

    # ------------------------------------------------------------------ queries

    @property
    def to_act(self) -> int | None:
        """The seat whose decision the game waits for (None once the match is over)."""
        phase = self.phase
        if phase is _TURN:
            return self.current
        if phase is _PRESSING:
            return self.duties[0].seat
        if phase is _MATCH_OVER:
            return None
        return self.current

    @property
    def history(self) -> list[tuple[int, int]]:
        """Every action taken so far, as (seat, action code); the seat is REFEREE for the
        suggestion penalty."""
        return [((move & 15) - 1, move >> 4) for move in self._moves]

    @property
    def is_over(self) -> bool:
        return self.phase is _MATCH_OVER

    @property
    def top(self) -> Card:
        return self.faces[self.pile[-1]]

    def hand(self, seat: int) -> list[Card]:
        """The cards in ``seat``'s hand (hidden information: use views for players)."""
        faces = self.faces
        return [faces[i] for i in self.hands[seat]]

    def active_seats(self) -> list[int]:
        return [s for s in range(self.n) if self.active[s]]

    def seats_that_may_act(self) -> list[int]:
        """Every seat with at least one legal action now, the one to act first."""
        seats = [] if self.to_act is None else [self.to_act]
        if self.uno_seat >= 0:
            for seat in range(self.n):
                if self.active[seat] and seat not in seats:
                    seats.append(seat)
        return seats

    def legal_actions(self, seat: int | None = None) -> tuple[Action, ...]:
        """Every action ``seat`` may take now (default: the seat to act), in a fixed order:
        plays by face, then the press, then UNO or a catch."""
        if seat is None:
            # self.to_act, inlined for the two common phases (the hot path)
            phase = self.phase
            if phase is _TURN:
                seat = self.current
            elif phase is _PRESSING:
                seat = self.duties[0].seat
            else:
                seat = self.to_act
                if seat is None:
                    return ()
        elif not 0 <= seat < self.n:
            return ()
        # The actions are cached until the game changes, with what apply() checks an
        # action against: the mask of the faces whose plain plays are legal
        # (_cache_plain) and the codes of the other legal actions (_cache_codes).
        if self._cache_seat == seat:
            return self._cache
        phase = self.phase
        if phase is _TURN and seat == self.current:
            # R08–R12: every legal play, then the press (code 0).
            assert self.colour is not None
            top = self._face_of[self.pile[-1]]
            playable = self._masks[seat] & _MATCH_MASKS[top * 4 + self.colour]
            special = playable & self._special_mask
            if len(self.hands[seat]) > 2 and (
                not special or self._no_play_leaves_one(seat, special)
            ):
                # The common case: no play can leave one card, so none comes with UNO
                # (R57), and the plays are table lookups (_plain_plays, inlined); the
                # targeted faces all lie in the last chunk.
                last = playable >> _LAST_CHUNK
                if last & self._targeted_last:
                    tail, codes = self._turn_tail(seat, last)
                else:
                    tail, codes = _P5_THEN_PRESS[last], 1  # PRESS has code 0
                actions = (
                    _P0[playable & _CHUNK]
                    + _P1[playable >> 11 & _CHUNK]
                    + _P2[playable >> 22 & _CHUNK]
                    + _P3[playable >> 33 & _CHUNK]
                    + _P4[playable >> 44 & _CHUNK]
                    + tail
                )
                plain = playable & self._untargeted_mask
            else:
                actions, plain, codes = self._plays(seat, playable, then_press=True)
        elif phase is _PRESSING and seat == self.duties[0].seat:
            duty = self.duties[0]
            plain = 0
            if duty.stackable or duty.yielded:
                actions = self._pressing_actions(duty)
                codes = _codes_of(actions)
            else:
                actions, codes = _JUST_PRESS, 1  # PRESS has code 0
        elif phase is _CHOOSE_COLOUR and seat == self.current:
            actions = _COLOUR_CHOICES
            plain = 0
            codes = _codes_of(actions)
        else:
            actions, plain, codes = (), 0, 0
        if self.uno_seat >= 0 and self.active[seat]:
            call = SAY_UNO if seat == self.uno_seat else catch(self.uno_seat)
            actions += (call,)
            codes |= 1 << call.code
        self._cache, self._cache_plain, self._cache_codes = actions, plain, codes
        self._cache_seat = seat
        return actions

    def _pressing_actions(self, duty: _Duty) -> tuple[Action, ...]:
        """The actions of a player who owes the presses of ``duty`` (R13–R17, R37)."""
        actions: tuple[Action, ...] = _JUST_PRESS
        if duty.yielded and self._stop_mode == "choose" and self._may_stop(duty):
            actions += (STOP,)
        if duty.stackable:
            # Mega Hit (R37): any Hit card, whatever its colour, and nothing else.
            actions += self._plays(duty.seat, self._masks[duty.seat] & self._stackable_mask)[0]
        return actions

    def _plays(
        self, seat: int, playable: int, then_press: bool = False
    ) -> tuple[tuple[Action, ...], int, int]:
        """Every play by ``seat`` of a face in the ``playable`` mask, in face order (then
        the press, if asked); the mask of the faces among them whose plays are plain (see
        _PLAIN_BIT); and the codes of the other actions."""
        press = _JUST_PRESS if then_press else ()
        codes = int(then_press)  # PRESS has code 0
        n_hand = len(self.hands[seat])
        # Faces whose plays need more than a table lookup: a target to choose, a play
        # that may leave one card (R57), so that UNO may be said with it.
        if n_hand > 2:
            special = playable & self._targeted_mask | self._discards_leaving_one(seat, playable)
            if not special:
                return _plain_plays(playable) + press, playable, codes
        else:
            special = playable
        plain = playable ^ special
        plays = _plain_plays(plain) + press
        inserted = 0
        while special:
            bit = special & -special  # the lowest special face
            special ^= bit
            # Its plays go after those of the lower faces: the plain plays (four for a
            # wild, one for another card) and the special plays already inserted.
            below = plain & (bit - 1)
            at = inserted + below.bit_count() + 3 * (below & _WILD_FACES).bit_count()
            more, more_codes = self._face_plays(seat, bit.bit_length() - 1, n_hand)
            plays = plays[:at] + more + plays[at:]
            inserted += len(more)
            codes |= more_codes
        return plays, plain, codes

    def _face_plays(self, seat: int, f: int, n_hand: int) -> tuple[tuple[Action, ...], int]:
        """The plays of face ``f`` from a hand of ``n_hand`` cards, UNO included where the
        play leaves one card (R57); and their codes."""
        if f in self._targeted:
            trading = f in self._trading
            if trading and n_hand == 1 and not self.options.may_go_out_on_trade_hands:
                return (), 0  # R31: a player may not go out on a Trade Hands card
            # A17: with Trade Hands, liability is judged on the hand received.
            if (1 not in map(len, self.hands)) if trading else n_hand != 2:
                return self._target_plays(seat, f)  # no play can leave one card
            by_target = _TARGET_ACTIONS[f]
            plays: tuple[Action, ...] = ()
            for target in range(self.n):
                if target == seat or not self.active[target]:
                    continue
                left = len(self.hands[target]) if trading else n_hand - 1
                plays += by_target[target][left == 1]
            return plays, _codes_of(plays)
        if f in _DISCARD_ALL:
            one_left = self._discards_leaving_one(seat, _BIT[f]) != 0
        else:
            one_left = n_hand == 2
        plays = _PLAIN_ACTIONS[f][one_left]
        return plays, _codes_of(plays)

    def _discards_leaving_one(self, seat: int, faces: int) -> int:
        """The Discard All faces in the mask ``faces`` whose play leaves ``seat`` exactly
        one card (R32: the cards of the other colours stay)."""
        found = 0
        discards = faces & _DISCARD_ALL_MASK
        while discards:
            bit = discards & -discards
            discards ^= bit
            others = self._masks[seat] & _OTHER_COLOURS[bit.bit_length() - 1]
            if (
                others != 0
                and others & (others - 1) == 0  # a single face...
                and self._counts[seat][others.bit_length() - 1] == 1  # ...and a single copy
            ):
                found |= bit
        return found

    def _no_play_leaves_one(self, seat: int, special: int) -> bool:
        """Whether no play of the faces in ``special`` can leave ``seat``, who holds three
        cards or more, a single card: a Discard All (R32) or a Trade Hands with a player
        who holds one card (A17)."""
        if special & _DISCARD_ALL_MASK and self._discards_leaving_one(seat, special):
            return False
        return not (special & self._trading_mask and 1 in map(len, self.hands))

    def _turn_tail(self, seat: int, last: int) -> tuple[tuple[Action, ...], int]:
        """The end of a turn's actions when no play leaves one card: the plays of the
        faces of the last chunk in ``last`` (targeted ones at every other active seat),
        then the press; and the codes of the targeted plays and the press. Cached until
        the seats in play change."""
        key = seat << _CHUNK_BITS | last
        found = self._tail_cache.get(key)
        if found is None:
            actions: tuple[Action, ...] = ()
            codes = 1  # the press
            for f in range(_LAST_CHUNK, _LAST_CHUNK + _CHUNK_BITS):
                if last >> (f - _LAST_CHUNK) & 1:
                    if f in self._targeted:
                        plays, more = self._target_plays(seat, f)
                        actions += plays
                        codes |= more
                    else:
                        actions += _PLAIN_ACTIONS[f][0]
            found = self._tail_cache[key] = (actions + _JUST_PRESS, codes)
        return found

    def _target_plays(self, seat: int, f: int) -> tuple[tuple[Action, ...], int]:
        """The plays of the targeted face ``f`` by ``seat`` at every other active seat,
        without UNO; and their codes. Cached until the seats in play change."""
        key = seat * len(FACES) + f
        found = self._target_cache.get(key)
        if found is None:
            plays = tuple(
                action
                for target in range(self.n)
                if target != seat and self.active[target]
                for action in _TARGET_ACTIONS[f][target][0]
            )
            found = self._target_cache[key] = (plays, _codes_of(plays))
        return found

    def _may_stop(self, duty: _Duty) -> bool:
        return duty.hit_card or not self._hit_scope_only

    # ------------------------------------------------------------------ applying

    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        """Apply a legal action by ``seat`` (default: the seat to act); return its events.

        The suggestion penalty (``penalize S``) is applied with ``seat=REFEREE``.

        Raises :class:`IllegalAction` with a message a player can read, leaving the game
        unchanged, when the rules do not allow it.
        """
        if seat is None:
            # self.to_act, inlined for the two common phases (the hot path)
            phase = self.phase
            if phase is _TURN:
                seat = self.current
            elif phase is _PRESSING:
                seat = self.duties[0].seat
            else:
                seat = self.to_act
                if seat is None:
                    raise IllegalAction("the match is over", "match_over")
        elif not 0 <= seat < self.n:
            if seat == REFEREE and action.kind is _PENALIZE_KIND:
                return self.penalize_suggestion(action.target if action.target is not None else -1)
            raise IllegalAction(
                f"there is no seat {seat} at this table of {self.n}",
                "no_such_seat",
                seat=seat,
                players=self.n,
            )
        if self._cache_seat != seat:
            self.legal_actions(seat)
        code = action.code
        if self._cache_codes >> code & 1 or self._cache_plain & _PLAIN_BIT[code]:
            return self.apply_unchecked(action, seat)
        if action.kind is _PENALIZE_KIND:
            # A table-talk rule (A41): only a referee reports it, never a player's seat.
            raise IllegalAction("only the referee can apply the suggestion penalty", "referee_only")
        raise self._explain(action, seat)

    def apply_unchecked(self, action: Action, seat: int) -> list[Event]:
        """Apply without checking legality: the fast door for search and simulation."""
        start = len(self.log)
        self._cache_seat = _NO_SEAT
        self._moves.append(action.code << 4 | seat + 1)
        kind = action.kind
        # _bonus_skip is -1 between actions; a pending bonus-turn skip sets it for one.
        if kind is _PLAY_KIND:
            if self.skip_after_bonus < 0:
                self._play(seat, action)
            else:
                self._take_bonus_skip()
                self._play(seat, action)
                self._bonus_skip = -1
        elif kind is _PRESS_KIND:
            if self.skip_after_bonus < 0:
                self._press(seat)
            else:
                self._take_bonus_skip()
                self._press(seat)
                self._bonus_skip = -1
        elif kind is ActionKind.STOP:
            duty = self.duties[0]
            if self.emitting:
                self._emit(StoppedPressing(seat, duty.left))
            self._finish_duty()
        elif kind is ActionKind.CHOOSE_COLOUR:
            assert action.colour is not None
            self.colour = action.colour
            if self.emitting:
                self._emit(ColourChosen(seat, action.colour))
            self.phase = _TURN
            if self.emitting:
                self._emit(TurnStarted(seat))
        elif kind is ActionKind.SAY_UNO:
            self.uno_seat = -1
            self.called_uno[seat] = True
            if self.emitting:
                self._emit(UnoSaid(seat))
        elif kind is ActionKind.CATCH:
            caught = self.uno_seat
            self.uno_seat = -1
            presses = self.options.uno_penalty_presses
            if self.emitting:
                self._emit(Caught(seat, caught, presses))
            self._interrupt(caught, presses, "uno_penalty")
        return self.log[start:] if self.emitting else []

    def _take_bonus_skip(self) -> None:
        if self.phase is _TURN:
            self._bonus_skip, self.skip_after_bonus = self.skip_after_bonus, -1

    def penalize_suggestion(self, seat: int) -> list[Event]:
        """Referee: ``seat`` suggested a card to another player and presses 4 times (R63)."""
        if not 0 <= seat < self.n or not self.active[seat]:
            raise IllegalAction(
                f"there is no player in seat {seat} to penalize", "nobody_to_penalize", seat=seat
            )
        if self.phase is _MATCH_OVER or self.went_out >= 0:
            raise IllegalAction("the hand is over: there is nothing to penalize", "hand_over")
        start = len(self.log)
        self._cache_seat = _NO_SEAT
        self._moves.append(penalize(seat).code << 4 | REFEREE + 1)
        presses = self.options.suggestion_penalty_presses
        if self.emitting:
            self._emit(Penalized(seat, presses))
        self._interrupt(seat, presses, "suggestion")
        return self.log[start:]

    def _emit(self, event: Event) -> None:
        self.log.append(event)

    def _explain(self, action: Action, seat: int) -> IllegalAction:
        """Why ``action`` by ``seat`` is not legal, in words a player understands."""
        if self.phase is _MATCH_OVER:
            return IllegalAction("the match is over", "match_over")
        if not 0 <= seat < self.n:
            return IllegalAction(
                f"there is no seat {seat} at this table of {self.n}",
                "no_such_seat",
                seat=seat,
                players=self.n,
            )
        if not self.active[seat]:
            return IllegalAction(f"seat {seat} has been eliminated", "eliminated", seat=seat)
        kind = action.kind
        if kind is ActionKind.SAY_UNO:
            if self.uno_seat == -1:
                return IllegalAction(
                    "there is no UNO to call now: call it when a play leaves you one card",
                    "no_uno_to_call",
                )
            return IllegalAction(
                f"only seat {self.uno_seat} can call UNO now", "uno_not_yours", seat=self.uno_seat
            )
        if kind is ActionKind.CATCH:
            if self.uno_seat == -1 or action.target != self.uno_seat:
                target = -1 if action.target is None else action.target
                return IllegalAction(
                    f"seat {action.target} cannot be caught: a catch is only possible after "
                    "a player's second-to-last card and before the next card or press",
                    "not_catchable",
                    seat=target,
                )
            return IllegalAction("you cannot catch yourself: call UNO instead", "catch_yourself")
        to_act = self.to_act
        if seat != to_act:
            assert to_act is not None
            return IllegalAction(
                f"it is not your turn: seat {to_act} is to act", "not_your_turn", seat=to_act
            )
        if self.phase is _CHOOSE_COLOUR:
            return IllegalAction(
                "first name the colour of the wild start card (colour R, Y, G or B)",
                "name_start_colour",
            )
        if kind is ActionKind.CHOOSE_COLOUR:
            return IllegalAction("there is no colour to name now", "no_colour_to_name")
        if kind is ActionKind.STOP:
            if self.phase is not _PRESSING:
                return IllegalAction("you have no presses to stop", "no_presses_to_stop")
            if self._stop_mode != "choose":
                return IllegalAction(
                    "in this edition every press must be made", "every_press_counts"
                )
            return IllegalAction(
                "you may stop only once the launcher has yielded cards", "stop_after_cards"
            )
        if kind is _PRESS_KIND:
            return IllegalAction("you cannot press now", "no_press_now")
        card = action.card
        assert card is not None
        faces = self.faces
        hand = self.hands[seat]
        if not any(faces[i] == card for i in hand):
            return IllegalAction(
                f"you have no {card} in your hand", "card_not_in_hand", card=str(card)
            )
        name = self._effect[card.kind][0]
        if self.phase is _PRESSING:
            duty = self.duties[0]
            if not duty.stackable:
                if duty.left:
                    return IllegalAction(
                        f"you must press the launcher ({duty.left} to go)",
                        "must_press",
                        left=duty.left,
                    )
                return IllegalAction(
                    "you must press the launcher (until it fires to go)", "must_press_until_fire"
                )
            return IllegalAction(
                "you must press, or stack a Hit card on the pile", "must_press_or_stack"
            )
        if card.is_wild and action.colour is None:
            return IllegalAction(
                f"{card} is a wild: name a colour", "wild_needs_colour", card=str(card)
            )
        if name in _TARGETED and action.target is None:
            return IllegalAction(f"{card} needs a target player", "needs_target", card=str(card))
        if action.target is not None:
            if name not in _TARGETED:
                return IllegalAction(f"{card} takes no target", "takes_no_target", card=str(card))
            if action.target == seat:
                return IllegalAction("choose another player, not yourself", "target_yourself")
            if not (0 <= action.target < self.n and self.active[action.target]):
                return IllegalAction(
                    f"there is no player in seat {action.target} to choose",
                    "no_target_seat",
                    seat=action.target,
                )
        if name == "trade_hands" and len(hand) == 1:
            return IllegalAction(
                "you may not go out on a Trade Hands card: press the launcher instead",
                "no_going_out_on_trade",
            )
        if action.uno:
            return IllegalAction(
                "UNO is called only with a play that leaves you one card", "uno_with_one_card_only"
            )
        assert self.colour is not None
        return IllegalAction(
            f"{card} does not match {self.top} (colour {self.colour.name.lower()}): play the "
            "same colour, number or symbol, a wild, or press the launcher",
            "no_match",
            card=str(card),
            top=str(self.top),
            colour=self.colour.letter,
        )

    # ------------------------------------------------------------------ seating

    @property
    def direction(self) -> int:
        """1 when play goes to higher seat numbers (clockwise), -1 the other way."""
        return self._direction

    @direction.setter
    def direction(self, value: int) -> None:
        self._direction = value
        self._succ = self._successors[value]

    def _seats_changed(self) -> None:
        """After players are eliminated (or set from a position): each seat's next active
        seat in either direction (at least one seat is active), and fresh caches."""
        n, active = self.n, self.active
        self._successors: dict[int, tuple[int, ...]] = {}
        for d in (1, -1):
            succ = []
            for seat in range(n):
                nxt = (seat + d) % n
                while not active[nxt]:
                    nxt = (nxt + d) % n
                succ.append(nxt)
            self._successors[d] = tuple(succ)
        self._succ = self._successors[self._direction]
        # (seat * faces + face) -> _target_plays, and (seat << 11 | last chunk) ->
        # _turn_tail; new dicts, since clones share the old ones
        self._target_cache: dict[int, tuple[tuple[Action, ...], int]] = {}
        self._tail_cache: dict[int, tuple[tuple[Action, ...], int]] = {}

    def _next(self, seat: int) -> int:
        """The next active seat in the current direction."""
        return self._succ[seat]

    def _after(self, seat: int) -> int:
        """The seat whose turn follows ``seat``'s, honouring a pending bonus-turn skip."""
        nxt = self._succ[seat]
        if nxt == self._bonus_skip:
            nxt = self._succ[nxt]
        self._bonus_skip = -1
        return nxt

    # ------------------------------------------------------------------ plays

    def _play(self, seat: int, action: Action) -> None:
        card = action.card
        assert card is not None
        f = card.index
        hand = self.hands[seat]
        self.uno_seat = -1  # any card play closes a catch window (R61)
        self.empty_turns = 0
        stacking = self.phase is _PRESSING
        name, presses, passes = self._face_effect[f]
        discarded: tuple[Card, ...] = ()
        if name == "discard_all":
            # R32, A22: every card of the Discard All's colour goes, the DA on top.
            colour_of = self._colour_of
            colour = card.colour
            group = [i for i in hand if colour_of[i] is colour]
            top_id = next(i for i in group if self._face_of[i] == f)
            group.remove(top_id)
            for i in group:
                del hand[i]
            del hand[top_id]
            self.pile.extend(group)
            self.pile.append(top_id)
            assert colour is not None
            counts = self._counts[seat]
            for f_gone in _FACES_OF_COLOUR[colour]:
                counts[f_gone] = 0
            self._masks[seat] &= ~_COLOUR_FACES[colour]
            if self.emitting:
                faces = self.faces
                discarded = tuple(faces[i] for i in group)
        else:
            # Take the copy of the face with the lowest card id that the hand holds.
            for i in self._ids_of[f]:
                if i in hand:
                    break
            del hand[i]
            self.pile.append(i)
            counts = self._counts[seat]
            left = counts[f] - 1
            counts[f] = left
            if not left:  # that was the last copy
                self._masks[seat] ^= _BIT[f]
        self.colour = colour = _PLAY_COLOUR[action.code]
        if self.emitting:
            assert colour is not None
            self._emit(CardPlayed(seat, card, colour, action.target, discarded, stacking))
        if stacking:
            self.duties.pop(0)
            self.phase = _TURN
        out = not hand
        if name == "trade_hands" and not out:
            target = action.target
            assert target is not None
            mine, theirs = self.hands[target], hand
            self.hands[seat], self.hands[target] = mine, theirs
            by_seat, masks = self._counts, self._masks
            by_seat[seat], by_seat[target] = by_seat[target], by_seat[seat]
            masks[seat], masks[target] = masks[target], masks[seat]
            if self.emitting:
                faces = self.faces
                self._emit(
                    HandsTraded(
                        seat,
                        target,
                        len(mine),
                        len(theirs),
                        tuple(faces[i] for i in mine),
                        tuple(faces[i] for i in theirs),
                    )
                )
            hand = mine
        self.called_uno[seat] = action.uno
        if out:
            self.went_out = seat
        elif len(hand) == 1:
            # R57–R62: a play that leaves one card makes its player liable.
            if action.uno:
                if self.emitting:
                    self._emit(UnoSaid(seat))
            else:
                self.uno_seat = seat
        if passes:
            # Most plays: the next player's turn (R08, R30, R32–R34).
            if not out:
                self._pass_turn(seat)
        else:
            self._resolve(seat, card, name, presses, action.target, stacking)
        if self.went_out >= 0:
            if self.phase is not _PRESSING:
                self._end_hand()
        elif self._reshuffle_at is not None and len(self.pile) >= self._reshuffle_at:
            self._reshuffle()

    def _resolve(
        self, seat: int, card: Card, name: str, presses: int, target: int | None, stacking: bool
    ) -> None:
        """Carry out the effect of the card ``seat`` just played, one that does more than
        pass the turn on."""
        out = self.went_out >= 0
        if out and name not in self.options.last_card_effects:
            return  # R64: only launcher effects survive the last card
        opts = self.options
        if name in ("hit", "attack"):
            may_stack = opts.stacking and (not out or opts.allow_stack_after_out)
            if stacking:
                # R38–R40: the pile grows; a coloured Hit passes it on, an attack aims it.
                self.pile_total += presses
                self.pile_cards += 1
                victim = target if name == "attack" and target is not None else self._next(seat)
                self.resume = self._next(self.pile_origin)  # R42
                reason = "pile"
            else:
                self.pile_total = presses
                self.pile_cards = 1
                self.pile_origin = seat
                if name == "attack":
                    assert target is not None
                    victim = target
                    # R28, A05: play resumes two seats on from the attacker.
                    second = self._next(self._next(seat))
                    if opts.attack_resume == "next_unless_target_is_next":
                        nxt = self._next(seat)
                        self.resume = second if nxt == target else nxt
                    else:
                        self.resume = second
                    reason = "attack"
                else:
                    victim = self._after(seat)
                    self.resume = self._next(victim)  # R24–R26: the victim forfeits
                    reason = "hit"
            self.resume_colour = False
            self._owe(_Duty(victim, self.pile_total, stackable=may_stack, hit_card=True), reason)
            return
        if name == "all_hit":
            # R35, A24: every other player presses once, in order; then a normal turn.
            self.resume = self._after(seat)
            self.resume_colour = False
            succ = self._succ
            other = succ[seat]
            while other != seat:
                self._owe(_Duty(other, 1), "all_hit")
                other = succ[other]
            return
        if name == "hit_fire":
            # R36: the next player presses until the launcher yields cards, and forfeits.
            victim = self._after(seat)
            self.resume = self._next(victim)
            self.resume_colour = False
            self._owe(_Duty(victim, 0, until_fire=True), "hit_fire")
            return
        if out:
            return
        two_player = self.n_active == 2 and opts.two_player_rules
        if name == "skip":
            skipped = self._after(seat)
            if self.emitting:
                self._emit(Skipped(skipped))
            if two_player:
                self._turn(seat, bonus=True)  # R76
            elif opts.e2_extra_card_all_counts:
                self.skip_after_bonus = skipped  # A02 (literal reading)
                self._turn(seat, bonus=True)
            else:
                self._turn(self._next(skipped))
            return
        if name == "reverse":
            self.direction = -self.direction
            if self.emitting:
                self._emit(DirectionReversed(self.direction))
            if two_player:
                if self.emitting:
                    self._emit(Skipped(self._next(seat)))
                self._turn(seat, bonus=True)  # R75: Reverse acts like a Skip
            elif opts.e2_extra_card_all_counts:
                self._turn(seat, bonus=True)
            else:
                self._turn(self._next(seat))
            return
        self._pass_turn(seat)

    def _pass_turn(self, seat: int) -> None:
        """The turn passes from ``seat`` to the next player (see :meth:`_after`)."""
        nxt = self._succ[seat]
        if nxt == self._bonus_skip:
            nxt = self._succ[nxt]
        self._bonus_skip = -1
        self.current = nxt
        self.phase = _TURN
        if self.emitting:
            self._emit(TurnStarted(nxt, False))

    def _turn(self, seat: int, bonus: bool = False) -> None:
        self.current = seat
        self.phase = _TURN
        if self.emitting:
            self._emit(TurnStarted(seat, bonus))

    def _owe(self, duty: _Duty, reason: str) -> None:
        self.duties.append(duty)
        self.phase = _PRESSING
        if self.emitting:
            self._emit(MustPress(duty.seat, duty.left, reason, duty.stackable))

    def _interrupt(self, seat: int, presses: int, reason: str) -> None:
        """Penalty presses, taken at once; turn order is unchanged (A20)."""
        if presses <= 0:
            return
        if not self.duties and self.phase is _TURN:
            self.resume = self.current
            self.resume_colour = False
        elif self.phase is _CHOOSE_COLOUR:
            self.resume = self.current
            self.resume_colour = True
        duty = _Duty(seat, presses, penalty=True)
        self.duties.insert(0, duty)
        self.phase = _PRESSING
        if self.emitting:
            self._emit(MustPress(seat, presses, reason))

    # ------------------------------------------------------------------ presses

    def _press(self, seat: int) -> None:
        duty = self.duties[0] if self.phase is _PRESSING else None
        if duty is None or not duty.penalty:
            self.uno_seat = -1  # a press by anyone closes a catch window (R61)
        launcher = self.launcher
        exhausted = False
        if not launcher.stock:
            exhausted = not self._reshuffle()  # R18: reload before pressing an empty launcher
        outcome, got = launcher.press()
        if got:
            hand = self.hands[seat]
            counts = self._counts[seat]
            mask = self._masks[seat]
            face_of = self._face_of
            for i in got:
                hand[i] = None
                f = face_of[i]
                counts[f] += 1
                mask |= _BIT[f]
            self._masks[seat] = mask
        if self.emitting:
            self._emit(
                Pressed(
                    seat,
                    outcome.fired,
                    outcome.cards,
                    outcome.stuck,
                    tuple(map(self.faces.__getitem__, got)),
                )
            )
        if duty is None:
            if exhausted:
                # P08: when every active player in a row has pressed a launcher that is empty
                # with nothing to reload, the hand is dead: no one scores, the next is dealt.
                self.empty_turns += 1
                if self.empty_turns >= self.n_active:
                    self._void_hand()
                    return
            self._pass_turn(seat)  # R12: a press ends the turn
            return
        duty.stackable = False
        if got:
            duty.yielded = True
        if duty.until_fire:
            if got or exhausted:  # A30: an empty launcher ends "until fire"
                self._finish_duty()
            return
        duty.left -= 1
        if duty.left == 0 or (got and self._stop_mode == "always" and self._may_stop(duty)):
            if duty.left and self.emitting:
                self._emit(StoppedPressing(seat, duty.left))
            self._finish_duty()

    def _finish_duty(self) -> None:
        self.duties.pop(0)
        if self.duties:
            return
        if self.went_out >= 0:
            self._end_hand()
            return
        self.pile_total = self.pile_cards = 0
        if self.resume_colour:
            self.current = self.resume
            self.phase = _CHOOSE_COLOUR
            self.resume_colour = False
        else:
            self._turn(self.resume)

    def _reshuffle(self) -> bool:
        """R19, A30: all discards but the top card, and the stock, become the new stock."""
        stock = self.launcher.stock
        if len(self.pile) <= 1 and not stock:
            return False
        cards = self.pile[:-1] + stock
        del self.pile[:-1]
        self.deck_rng.shuffle(cards)
        self.launcher.load(cards)
        if self.emitting:
            self._emit(Reshuffled(len(cards)))
        return True

    # ------------------------------------------------------------------ hands

    def _choose_first_dealer(self) -> None:
        """R04, A32: highest number deals; action cards count 0; ties redraw."""
        deck = list(range(len(self.faces)))
        self.deck_rng.shuffle(deck)
        drawing = list(range(self.n))
        rounds = []
        while True:
            draws = []
            for seat in drawing:
                if not deck:
                    deck = list(range(len(self.faces)))
                    self.deck_rng.shuffle(deck)
                draws.append((seat, self.faces[deck.pop()]))
            rounds.append(tuple(draws))
            values = {seat: (c.number or 0) if c.kind is Kind.NUMBER else 0 for seat, c in draws}
            best = max(values.values())
            leaders = [seat for seat in drawing if values[seat] == best]
            if best > 0 and len(leaders) == 1:
                self.dealer = leaders[0]
                break
            if best > 0:
                drawing = leaders
        if self.emitting:
            self._emit(DealerChosen(tuple(rounds), self.dealer))

    def _start_hand(self) -> None:
        """R06, R07, R44–R56: shuffle, deal, turn the start card and apply it."""
        self.hand_number += 1
        self.empty_turns = 0
        self.direction = 1
        self.uno_seat = -1
        self.went_out = -1
        self.skip_after_bonus = -1
        self.pile_total = self.pile_cards = 0
        self.duties = []
        cards = list(range(len(self.faces)))
        self.deck_rng.shuffle(cards)
        seats = []
        seat = self._next(self.dealer)
        for _ in range(self.n_active):
            seats.append(seat)
            seat = self._next(seat)
        if self.emitting:
            self._emit(HandStarted(self.hand_number, self.dealer, self.options.hand_size))
        for s in range(self.n):
            self.hands[s] = {}
        for _ in range(self.options.hand_size):
            for s in seats:
                self.hands[s][cards.pop()] = None
        for s in range(self.n):
            self._index_hand(s)
        faces = self.faces
        for s in seats:
            if self.emitting:
                self._emit(Dealt(s, len(self.hands[s]), tuple(faces[i] for i in self.hands[s])))
        while True:
            start = cards.pop()
            if faces[start].kind is not Kind.TRADE_HANDS:
                break
            # R50, A28: a Trade Hands goes back into the stock and another card is turned.
            if self.emitting:
                self._emit(StartCardTurned(faces[start], True))
            cards.insert(self.deck_rng.randrange(len(cards) + 1), start)
        cards.reverse()  # the launcher's front is the next card out
        self.pile = [start]
        self.launcher.load(cards)
        card = faces[start]
        if self.emitting:
            self._emit(StartCardTurned(card, False))
        self._apply_start_card(card)

    def _apply_start_card(self, card: Card) -> None:
        dealer = self.dealer
        first = self._next(dealer)
        second = self._next(first)
        self.colour = card.colour
        name, presses = self._effect[card.kind]
        if card.kind is Kind.WILD_CUSTOM:
            name = "none"  # R56: a Wild Customizable start card is a Wild
        self.resume_colour = card.is_wild
        if name in ("hit", "attack"):
            # R48, R49, R54, R55: dealer+1 presses (no stacking, A28), dealer+2 starts.
            self.resume = second
            self._owe(_Duty(first, presses, hit_card=True), "start")
        elif name == "hit_fire":
            self.resume = second  # R53
            self._owe(_Duty(first, 0, until_fire=True), "start")
        elif name == "all_hit":
            self.resume = first  # R52: everyone but the dealer presses once
            seat = first
            while True:
                self._owe(_Duty(seat, 1), "start")
                seat = self._next(seat)
                if seat == dealer:
                    break
        elif name == "reverse":
            self.direction = -1  # R45: the dealer plays first, then to the right
            if self.emitting:
                self._emit(DirectionReversed(-1))
            self._turn(dealer)
        elif name == "skip":
            if self.emitting:
                self._emit(Skipped(first))  # R46
            self._turn(second)
        elif card.is_wild:
            self.current = first  # R47: dealer+1 names the colour, then plays
            self.phase = _CHOOSE_COLOUR
            self.resume_colour = False
        else:
            self._turn(first)  # R44, R51

    def _void_hand(self) -> None:
        """P08: a dead hand scores nothing; the deal passes on as after any hand."""
        self.uno_seat = -1
        self.duties = []
        if self.emitting:
            self._emit(HandVoid(self.hand_number))
        self.last_hand = HandResult(
            self.hand_number, -1, 0, (0,) * self.n, tuple(self.scores), (), "void"
        )
        self.dealer = self._next_dealer()
        self._start_hand()

    def _end_hand(self) -> None:
        """R71–R74: score the hand, eliminate, and start the next hand or end the match."""
        winner = self.went_out
        self.uno_seat = -1
        self.duties = []
        faces = self.faces
        card_points = self.edition.card_points
        hand_points = tuple(
            sum(card_points(faces[i]) for i in self.hands[s]) if self.active[s] else 0
            for s in range(self.n)
        )
        mode = self.options.scoring_mode
        target = self.options.target_score
        won = 0
        if mode == "first_to_500":
            won = sum(hand_points)
            self.scores[winner] += won
        else:
            for s in range(self.n):
                if self.active[s] and s != winner:
                    self.scores[s] += hand_points[s]
        eliminated: list[int] = []
        if mode == "challenge":
            for s in range(self.n):
                if self.active[s] and self.scores[s] >= target:
                    self.active[s] = False
                    self.n_active -= 1
                    eliminated.append(s)
            self._seats_changed()
        if self.emitting:
            self._emit(
                HandWon(
                    self.hand_number,
                    winner,
                    won,
                    hand_points,
                    tuple(tuple(faces[i] for i in h) for h in self.hands),
                    tuple(self.scores),
                )
            )
        for s in eliminated:
            if self.emitting:
                self._emit(PlayerEliminated(s, self.scores[s]))
        self.last_hand = HandResult(
            self.hand_number, winner, won, hand_points, tuple(self.scores), tuple(eliminated)
        )
        self.went_out = -1
        result: MatchResult | None = None
        if mode == "first_to_500":
            if self.scores[winner] >= target:
                result = MatchResult(
                    (winner,), tuple(self.scores), self.hand_number, "target_reached"
                )
        elif mode == "running_total_lowest_wins":
            if max(self.scores) >= target:
                low = min(self.scores[s] for s in range(self.n) if self.active[s])
                winners = tuple(s for s in range(self.n) if self.scores[s] == low)
                result = MatchResult(winners, tuple(self.scores), self.hand_number, "lowest_total")
        elif self.n_active == 1:
            result = MatchResult((winner,), tuple(self.scores), self.hand_number, "last_standing")
        if result is not None:
            self.result = result
            self.phase = _MATCH_OVER
            if self.emitting:
                self._emit(MatchWon(result.winners, result.scores, result.reason))
            return
        self.dealer = self._next_dealer()
        self._start_hand()

    def _index_hand(self, seat: int) -> None:
        """Index ``seat``'s hand from its list (after a deal or a Discard All)."""
        counts = [0] * len(FACES)
        face_of = self._face_of
        for i in self.hands[seat]:
            counts[face_of[i]] += 1
        self._counts[seat] = counts
        self._masks[seat] = sum(_BIT[f] for f, count in enumerate(counts) if count)

    def _next_dealer(self) -> int:
        """A32: the deal passes one seat to the left, skipping eliminated players."""
        seat = (self.dealer + 1) % self.n
        while not self.active[seat]:
            seat = (seat + 1) % self.n
        return seat

    # ------------------------------------------------------------------ checks

    def card_locations(self) -> dict[int, str]:
        """Where every card id is (for invariant checks): ``hand:S``, ``pile``, ``stock``."""
        where: dict[int, str] = {}
        zones: list[tuple[str, Iterable[int]]] = [
            (f"hand:{s}", h) for s, h in enumerate(self.hands)
        ]
        zones += [("pile", self.pile), ("stock", self.launcher.stock)]
        for zone, ids in zones:
            for i in ids:
                if i in where:
                    raise AssertionError(f"card {i} is in {where[i]} and in {zone}")
                where[i] = zone
        return where
