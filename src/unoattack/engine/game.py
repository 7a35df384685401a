"""The rules engine: one game of UNO Attack from the first deal to the match's end.

A :class:`Game` is fully determined by its edition and options, its seed and the actions
applied to it. Shuffles and the launcher draw from two separate seeded streams, so a
different launcher model keeps the same deal.

>>> game = Game.new("2003", players=3, seed=7)
>>> game.to_act in (0, 1, 2), len(game.legal_actions()) > 0
(True, True)

The game is its state (:mod:`unoattack.engine.state`) with the rules on top: this module
applies actions (plays, presses, duties, reactions); the legal actions come from
:mod:`unoattack.engine.movegen`, what a card does from :mod:`unoattack.engine.effects`,
refusals from :mod:`unoattack.engine.explain`, the deal from :mod:`unoattack.engine.deal`
and the end of a hand from :mod:`unoattack.engine.scoring`.

Rule ids in comments (R12, A19, ...) refer to docs/rules.md, which follows RULINGS.md.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Mapping
from typing import Any, Final, SupportsIndex

from unoattack.engine import movegen
from unoattack.engine._compiled import mypyc_attr
from unoattack.engine.actions import MAX_SEATS, Action, ActionKind, penalize
from unoattack.engine.chance import shuffle
from unoattack.engine.deal import choose_first_dealer, start_hand
from unoattack.engine.effects import PLAYED, STACKED, trade_hands
from unoattack.engine.events import (
    CardPlayed,
    Caught,
    ColourChosen,
    Event,
    MustPress,
    Penalized,
    Pressed,
    Reshuffled,
    StoppedPressing,
    TurnStarted,
    UnoSaid,
)
from unoattack.engine.explain import ILLEGAL_REASONS, IllegalAction, explain, no_such_seat
from unoattack.engine.launcher import DEFAULT_LAUNCHER, LauncherModel, parse_launcher
from unoattack.engine.movegen import FACES_OF_COLOUR, PLAY_COLOUR
from unoattack.engine.scoring import HandResult, MatchResult, end_hand, match_result, void_hand
from unoattack.engine.state import NO_SEAT, Duty, Phase, State
from unoattack.engine.tables import tables_for
from unoattack.rules.cards import Card
from unoattack.rules.edition import Edition

# Front-ends import these from here.
__all__ = [
    "ILLEGAL_REASONS",
    "REFEREE",
    "Game",
    "HandResult",
    "IllegalAction",
    "MatchResult",
    "Phase",
    "match_result",
]

REFEREE: Final = -1

# Events are immutable values, and those of almost every decision take few values: a
# turn starting, a play, a press that yields nothing, presses owed. The game appends one
# shared object for each such value rather than building it again: building and then
# garbage-collecting about two new objects a decision was most of what events cost. The
# shared ones are a few thousand at most (seats x action codes, seats x presses). Other
# presses are built from their fields with the tuple constructor itself (events are
# tuples), a third of the cost of calling the class, whose ``__new__`` is Python code.
_new: Final = tuple.__new__
_TURNS: Final = tuple(TurnStarted(seat, False) for seat in range(MAX_SEATS))
_BONUS_TURNS: Final = tuple(TurnStarted(seat, True) for seat in range(MAX_SEATS))
# [fired][seat]: a press that yields no card
_NOTHING_PRESSED: Final = tuple(
    tuple(Pressed(seat, fired, 0, 0, ()) for seat in range(MAX_SEATS)) for fired in (False, True)
)
# action code << 5 | seat << 1 | stacked -> the play, when it discards nothing more
_PLAYS: Final[dict[int, CardPlayed]] = {}
# (seat, presses, reason, may stack) -> the event that someone owes presses
_OWED: Final[dict[tuple[int, int, str, bool], MustPress]] = {}
# stock size -> the event of a reshuffle
_RESHUFFLED: Final[dict[int, Reshuffled]] = {}

# An enum member reached through its class costs a metaclass lookup (about 70 ns on
# Python 3.11) every time; the hot paths use these module-level names instead.
_TURN: Final = Phase.TURN
_PRESSING: Final = Phase.PRESSING
_CHOOSE_COLOUR: Final = Phase.CHOOSE_COLOUR
_MATCH_OVER: Final = Phase.MATCH_OVER
_PLAY_KIND: Final = ActionKind.PLAY
_PRESS_KIND: Final = ActionKind.PRESS
_PENALIZE_KIND: Final = ActionKind.PENALIZE


@mypyc_attr(allow_interpreted_subclasses=True)  # copyable: see _compiled
class Game(State):
    """One match of UNO Attack. Create with :meth:`new`, or from a position string
    (:func:`unoattack.engine.notation.parse_position`)."""

    __slots__ = ()

    def __init__(
        self,
        edition: Edition,
        players: int,
        seed: int,
        launcher: LauncherModel,
        *,
        events: bool = True,
    ) -> None:
        super().__init__(edition, tables_for(edition), players, seed, launcher, events=events)

    # ------------------------------------------------------------------ creation

    @classmethod
    def new(
        cls,
        edition: str | Edition = "2003",
        players: SupportsIndex = 4,
        seed: SupportsIndex = 0,
        launcher: str | LauncherModel = DEFAULT_LAUNCHER,
        options: Mapping[str, Any] | None = None,
        *,
        events: bool = True,
    ) -> Game:
        """Shuffle, choose the dealer, deal and turn the start card.

        Arguments of the wrong type are refused in the caller's words (a TypeError naming
        the argument), not deep inside the deal; a seed is a whole number, so that the
        record of the game (which stores it) replays it. ``players`` and ``seed`` are
        typed SupportsIndex, not int, because the compiled build checks an int parameter
        on entry with its own message (and turns True into 1) before this check runs.
        """
        count, number = _checked_new_arguments(edition, players, seed, launcher, options)
        if isinstance(edition, str):
            edition = Edition.load(edition)
        if options:
            edition = edition.with_options(options)
        model = parse_launcher(launcher) if isinstance(launcher, str) else launcher
        game = cls(edition, count, number, model, events=events)
        choose_first_dealer(game)
        start_hand(game)
        return game

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

    def face_counts(self, seat: int) -> tuple[int, ...]:
        """How many copies of each face (by :attr:`Card.index`) ``seat``'s hand holds,
        kept by the engine as the hand changes (hidden information: use views for
        players)."""
        return tuple(self._counts[seat])

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
        """Every action ``seat`` may take now (default: the seat to act), in a fixed
        order: plays by face, then the press, then UNO or a catch."""
        # A method, not the function assigned to the class: mypyc compiles only methods.
        return movegen.legal_actions(self, seat)

    def _may_stop(self, duty: Duty) -> bool:
        """Whether ``duty`` may end once cards came out (R17, in the scope of A10)."""
        return duty.hit_card or not self._tables.hit_scope_only

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
            raise no_such_seat(self, seat)
        cache = self._cache
        if cache.seat != seat:
            self.legal_actions(seat)
        code = action.code
        if cache.codes >> code & 1 or cache.plain & self._tables.plain_bit[code]:
            return self.apply_unchecked(action, seat)
        raise explain(self, action, seat)

    def apply_unchecked(self, action: Action, seat: int) -> list[Event]:
        """Apply without checking legality: the fast door for search and simulation."""
        start = len(self.log)
        self._cache.seat = NO_SEAT
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
        self._cache.seat = NO_SEAT
        self._moves.append(penalize(seat).code << 4 | REFEREE + 1)
        presses = self.options.suggestion_penalty_presses
        if self.emitting:
            self._emit(Penalized(seat, presses))
        self._interrupt(seat, presses, "suggestion")
        return self.log[start:]

    def _emit(self, event: Event) -> None:
        self.log.append(event)

    # ------------------------------------------------------------------ seating

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
        tables = self._tables
        handler, presses, passes, survives, discards, trades = tables.on_play[f]
        discarded: tuple[Card, ...] = ()
        if discards:
            # R32, A22: every card of the Discard All's colour goes, the DA on top.
            colour_of = tables.colour_of
            colour = card.colour
            group = [i for i in hand if colour_of[i] is colour]
            face_of = tables.face_of
            top_id = next(i for i in group if face_of[i] == f)
            group.remove(top_id)
            for i in group:
                del hand[i]
            del hand[top_id]
            self.pile.extend(group)
            self.pile.append(top_id)
            assert colour is not None
            counts = self._counts[seat]
            for f_gone in FACES_OF_COLOUR[colour]:
                counts[f_gone] = 0
            self._masks[seat] &= ~tables.colour_mask[colour]
            if self.emitting:
                faces = self.faces
                discarded = tuple(map(faces.__getitem__, group))
        else:
            # Take the copy of the face with the lowest card id that the hand holds.
            for i in tables.ids_of[f]:
                if i in hand:
                    break
            del hand[i]
            self.pile.append(i)
            counts = self._counts[seat]
            left = counts[f] - 1
            counts[f] = left
            if not left:  # that was the last copy
                self._masks[seat] ^= tables.bit_of[f]
        self.colour = colour = PLAY_COLOUR[action.code]
        if self.emitting:
            assert colour is not None
            if discarded:
                played = (seat, card, colour, action.target, discarded, stacking)
                self.log.append(_new(CardPlayed, played))
            else:
                key = action.code << 5 | seat << 1 | stacking
                event = _PLAYS.get(key)
                if event is None:
                    event = _PLAYS[key] = CardPlayed(
                        seat, card, colour, action.target, (), stacking
                    )
                self.log.append(event)
        if stacking:
            self.duties.pop(0)
            self.phase = _TURN
        out = not hand
        if trades and not out:
            assert action.target is not None
            hand = trade_hands(self, seat, action.target)
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
        elif survives or not out:
            # R64: when the player went out, only the launcher effects the options name
            # are still carried out.
            handler(self, seat, action.target, presses, STACKED if stacking else PLAYED)
        if self.went_out >= 0:
            if self.phase is not _PRESSING:
                end_hand(self)
        elif tables.reshuffle_at is not None and len(self.pile) >= tables.reshuffle_at:
            self._reshuffle()

    def _pass_turn(self, seat: int) -> None:
        """The turn passes from ``seat`` to the next player (see :meth:`_after`)."""
        nxt = self._succ[seat]
        if nxt == self._bonus_skip:
            nxt = self._succ[nxt]
        self._bonus_skip = -1
        self.current = nxt
        self.phase = _TURN
        if self.emitting:
            self.log.append(_TURNS[nxt])

    def _turn(self, seat: int, bonus: bool = False) -> None:
        self.current = seat
        self.phase = _TURN
        if self.emitting:
            self.log.append((_BONUS_TURNS if bonus else _TURNS)[seat])

    def _owe(self, duty: Duty) -> None:
        self.duties.append(duty)
        self.phase = _PRESSING
        if self.emitting:
            key = (duty.seat, duty.left, duty.reason, duty.stackable)
            event = _OWED.get(key)
            if event is None:
                event = _OWED[key] = _new(MustPress, key)
            self.log.append(event)

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
        duty = Duty(seat, presses, reason, penalty=True)
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
            tables = self._tables
            face_of, bit_of = tables.face_of, tables.bit_of
            for i in got:
                hand[i] = None
                f = face_of[i]
                counts[f] += 1
                mask |= bit_of[f]
            self._masks[seat] = mask
        if self.emitting:
            if got:
                cards = tuple(map(self.faces.__getitem__, got))
                pressed = (seat, outcome.fired, outcome.cards, outcome.stuck, cards)
                self.log.append(_new(Pressed, pressed))
            else:  # no card, none stuck: the launcher yields all it counts (A46)
                self.log.append(_NOTHING_PRESSED[outcome.fired][seat])
        if duty is None:
            if exhausted:
                # P08: when every active player in a row has pressed a launcher that is empty
                # with nothing to reload, the hand is dead: no one scores, the next is dealt.
                self.empty_turns += 1
                if self.empty_turns >= self.n_active:
                    void_hand(self)
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
        if duty.left == 0 or (got and self._tables.stop_mode == "always" and self._may_stop(duty)):
            if duty.left and self.emitting:
                self._emit(StoppedPressing(seat, duty.left))
            self._finish_duty()

    def _finish_duty(self) -> None:
        self.duties.pop(0)
        if self.duties:
            return
        if self.went_out >= 0:
            end_hand(self)
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
        shuffle(self.deck_rng, cards)
        self.launcher.load(cards)
        if self.emitting:
            event = _RESHUFFLED.get(len(cards))
            if event is None:
                event = _RESHUFFLED[len(cards)] = Reshuffled(len(cards))
            self._emit(event)
        return True

    # ------------------------------------------------------------------ checks

    def card_locations(self) -> dict[int, str]:
        """Where every card id is (for invariant checks): ``hand:S``, ``pile``, ``stock``,
        ``aside``."""
        where: dict[int, str] = {}
        zones: list[tuple[str, Iterable[int]]] = [
            (f"hand:{s}", h) for s, h in enumerate(self.hands)
        ]
        zones += [("pile", self.pile), ("stock", self.launcher.stock), ("aside", self.aside)]
        for zone, ids in zones:
            for i in ids:
                if i in where:
                    raise AssertionError(f"card {i} is in {where[i]} and in {zone}")
                where[i] = zone
        return where


def _checked_new_arguments(
    edition: object, players: object, seed: object, launcher: object, options: object
) -> tuple[int, int]:
    """``players`` and ``seed`` as ints (a NumPy integer is one), after refusing any
    argument of :meth:`Game.new` of the wrong type with a TypeError that names it."""

    def whole(value: object, name: str, expected: str) -> int:
        try:
            if isinstance(value, bool):
                raise TypeError
            return operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            raise TypeError(f"{name}: give {expected}, not {value!r}") from None

    if not isinstance(edition, (str, Edition)):
        raise TypeError(f"edition: give a name such as '2003' or an Edition, not {edition!r}")
    count = whole(players, "players", f"a whole number from 2 to {MAX_SEATS}")
    number = whole(seed, "seed", "a whole number")
    if not isinstance(launcher, (str, LauncherModel)):
        raise TypeError(
            f"launcher: give a spec such as 'hazard' or a LauncherModel, not {launcher!r}"
        )
    if options is not None and not isinstance(options, Mapping):
        raise TypeError(f"options: give a mapping of option names to values, not {options!r}")
    return count, number
