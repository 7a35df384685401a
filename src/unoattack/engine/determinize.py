"""Determinization: complete games sampled from what one seat knows.

A search bot (or a coach) must not look at hidden cards. What a seat knows is its own
hand, the cards on the pile (all played face up, Discard All's included), the hands of
the trades it took part in (both sides of a trade see both hands; it knows where the
hand it gave away went, less what was played from it since), every hand's size, the
cards left out of play and the launcher's public counters. A :class:`Sampler` reads
exactly that — the seat's hand, the public fields of the game and
the game's events as that seat saw them — and deals every card the seat cannot
place at random among the other hands (beside the cards it knows they hold), the
launcher's stock and the aside. A sample's reshuffles and presses draw from the
search's random stream: the launcher's future is chance, not knowledge.

Two games that look the same to a seat give the same samples for the same random
stream (tests/test_determinize.py holds it), so nothing hidden can steer a search.
A sample weighs every placement of the unseen cards equally: it does not reason about
when a card could have been drawn (after a reshuffle, a card that went back into the
launcher is as likely in an older hand as in the launcher), unless asked to read the
reloads (``reloads=True``, below). A game played with events off keeps no log, so its
samples know nothing of trades.

:meth:`Sampler.sample_inferring` reasons about one thing more, which a player may
assume: an opponent who pressed at the start of its turn, with no press owed, is taken
to have had no card it could play (it could have reneged, R14, so this is a guess about
the opponent, not a rule). The cards it still holds from then are dealt from the faces
that were not playable then (a Trade Hands excepted: one that would not have helped is
kept). That it held at least its hand's size less the cards it took since is certain.
On a Mega Hit table it reads a press of the same kind: an opponent who pressed first
under a pile it could have stacked on is taken to have held no Hit card (R37: any Hit
card, whatever its colour, the Double attaque included); nothing is better done with a
Hit card than passing the pile on.
With ``wilds=True`` it reads one thing more of the same kind: an opponent who played a
wild at the start of its turn, keeping cards, while no other hand held two cards or
fewer, is taken to have had no coloured card it could play (a player keeps wilds for
need; with someone close to going out a wild may be played to stop them or shed its
points, so then nothing is read). Only the latest such press or wild of a seat counts,
unless ``every=True``: then every press of a seat since its last trade counts.

With ``reloads=True`` (:meth:`Sampler.sample_inferring`, :meth:`Sampler.sample_explained`)
it reads the launcher's last reload from the discard pile (R18, R19): every discard but
the top card went in, each seen played, so the cards another seat has held since (at
least its hand's size less the cards it took since, a public count) were among the
cards the seat could not place then. Those are dealt from the cards unseen then, never
more of a face than were unseen then. This is no guess: the rules put the cards there.

:meth:`Sampler.sample_explained` weighs the hands it deals by a model of the players,
which the caller brings: for each opponent's latest plays made as its turn began, since
it last took a card (:class:`PastTurn`), the sampler rebuilds the view that opponent
had then with the hand the sample gives it (its hand now, with the cards it has played
since put back; the table then, from public events), and the model says how likely the
play was from that view. The sampler reads nothing more than for :meth:`sample`.

>>> import random
>>> from unoattack.engine import Game
>>> game = Game.new("2003", players=3, seed=5)
>>> sample = Sampler(game, 0).sample(random.Random(1))
>>> sample.hand(0) == game.hand(0), len(sample.hand(1)) == len(game.hand(1))
(True, True)
>>> sample.history == game.history, sample.top == game.top
(True, True)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Final, NamedTuple

from unoattack.engine._compiled import mypyc_attr
from unoattack.engine.actions import Action
from unoattack.engine.events import (
    CardPlayed,
    ColourChosen,
    Dealt,
    DirectionReversed,
    Event,
    HandStarted,
    HandsTraded,
    MustPress,
    Pressed,
    Reshuffled,
    StartCardTurned,
    TurnStarted,
)
from unoattack.engine.game import Game
from unoattack.engine.movegen import MATCH_MASKS
from unoattack.engine.state import NO_SEAT, Phase
from unoattack.engine.view import View, rehanded, view
from unoattack.rules.cards import FACES, Card, Colour, Kind

__all__ = ["Knowledge", "PastTurn", "Sampler", "determinize", "knowledge"]


class Knowledge(NamedTuple):
    """What one seat knows of where the cards are, in the current hand.

    Attributes:
        seat: The seat that knows.
        hand: Its own hand.
        known: For each seat, the cards it is known to hold (its whole hand for
            ``seat``; for another, the hand ``seat`` saw it take in a trade, less what
            it has played since).
        unknown: For each seat, how many of its cards ``seat`` cannot name (0 for itself).
        stock_size: Cards in the launcher (all unknown to every player).
        aside_size: Cards out of play (unknown).
        unseen: The cards ``seat`` cannot place, sorted.
    """

    seat: int
    hand: tuple[Card, ...]
    known: tuple[tuple[Card, ...], ...]
    unknown: tuple[int, ...]
    stock_size: int
    aside_size: int
    unseen: tuple[Card, ...]


#: The faces a press at the start of a turn says nothing against: a Trade Hands that
#: would not have left fewer cards is kept by a player who then presses.
_KEPT_ANYWAY: Final = sum(1 << card.index for card in FACES if card.kind is Kind.TRADE_HANDS)
#: The faces a wild played at the start of a turn says something against: the coloured
#: ones (another wild may be held as well), a Trade Hands excepted as for a press.
_COLOURED: Final = sum(1 << card.index for card in FACES if not card.is_wild) & ~_KEPT_ANYWAY
#: A player with this many cards or fewer is close to going out: then a wild may be
#: played to hold that player back, or to shed its points, with a coloured card at hand.
_CLOSE: Final = 2


def _hand_sizes(log: list[Event], begin: int) -> dict[int, int]:
    """Each dealt seat's hand size after the events ``begin:`` of the current hand, from
    public counts alone (deals, presses, plays, trades)."""
    sizes: dict[int, int] = {}
    for index in range(begin, len(log)):
        _count_cards(sizes, log[index])
    return sizes


def _count_cards(sizes: dict[int, int], event: Event) -> None:
    kind = type(event)
    if kind is Dealt:
        assert isinstance(event, Dealt)
        sizes[event.seat] = sizes.get(event.seat, 0) + event.count
    elif kind is Pressed:
        assert isinstance(event, Pressed)
        sizes[event.seat] = sizes.get(event.seat, 0) + event.count
    elif kind is CardPlayed:
        assert isinstance(event, CardPlayed)
        sizes[event.seat] = sizes.get(event.seat, 0) - 1 - len(event.discarded)
    elif kind is HandsTraded:
        assert isinstance(event, HandsTraded)
        sizes[event.seat] = event.seat_count
        sizes[event.target] = event.target_count


class PastTurn(NamedTuple):
    """A play an opponent made as one of its turns began, since its last trade (see
    :meth:`Sampler.sample_explained`): what the table showed then, all of it public, and
    what it played. Its hand then was its hand now with the cards it has played since
    (``held_since``) put back, less the ``taken`` cards it has taken since (when it took
    none, exactly its hand now with those cards put back)."""

    seat: int
    #: Where the play is in the game's log (its index).
    at: int
    top: Card
    colour: Colour
    direction: int
    #: Every seat's hand size then (the public counts).
    sizes: tuple[int, ...]
    #: The launcher's presses since it last fired, then (its public counter).
    since_fire: int
    card: Card
    #: The colour the play made active (a wild's named colour).
    named: Colour
    #: The cards it has played since, this play's included (a Discard All's too).
    held_since: tuple[Card, ...]
    #: The cards it has taken from the launcher since (the Pressed events' public
    #: counts): that many of the cards it holds now were not in its hand then.
    taken: int = 0


#: How many of an opponent's latest plays a sample explains (older ones cost time and,
#: the hand having changed since, say less about it now).
EXPLAINED_TURNS: Final = 3


#: What a PastTurn keeps of the table while the events are read: the play's index, the
#: top card, the colour, the direction relative to the hand's first, the hand sizes, the
#: launcher's counter, the card played.
_Table = tuple[int, Card, Colour, int, dict[int, int], int, Card]


@mypyc_attr(allow_interpreted_subclasses=True)  # copyable: see _compiled
class _TurnRead:
    """A PastTurn as the events are read: the table then, the colour named, and what its
    player has played and taken since (both grow as the reading goes on)."""

    __slots__ = ("held_since", "named", "table", "taken")

    def __init__(self, table: _Table, named: Colour) -> None:
        self.table = table
        self.named = named
        self.held_since: list[Card] = []
        self.taken = 0

    def past(self, player: int, first: int, players: int) -> PastTurn:
        """The PastTurn of ``player``'s play, the hand having begun in the direction
        ``first``, at a table of ``players`` seats."""
        at, top, colour, relative, sizes, since_fire, card = self.table
        return PastTurn(
            player,
            at,
            top,
            colour,
            first * relative,
            tuple(sizes.get(s, 0) for s in range(players)),
            since_fire,
            card,
            self.named,
            tuple(self.held_since),
            self.taken,
        )


class _Guesses(NamedTuple):
    """What the events of the current hand let a seat guess about the others' hands
    (see :func:`_guesses`)."""

    #: Seat -> (the mask of the faces it did not hold then, the cards taken since), from
    #: presses at the start of a turn and first presses under a pile it could have
    #: stacked on.
    presses: dict[int, tuple[int, int]]
    #: The same from presses and from wilds played at the start of a turn.
    wilds: dict[int, tuple[int, int]]
    #: Seat -> the colour (an int) named with the wild it played last, while its hand
    #: has not changed since.
    named: dict[int, int]
    #: Seat -> every press of ``presses`` since its hand last changed hands (a trade),
    #: oldest first, each as [the mask of the faces it did not hold then, the cards
    #: taken since].
    every: dict[int, list[list[int]]]
    #: Seat -> its latest plays as its turns began since its last trade, oldest first,
    #: each with the cards it has taken since (for :meth:`Sampler.sample_explained`).
    turns: dict[int, tuple[PastTurn, ...]]
    #: Since the launcher was last reloaded from the discard pile in this hand (R18,
    #: R19): the faces the seat could place then (the pile and its own hand), and each
    #: other seat's cards taken since (absent: a trade since, which moved whole hands);
    #: None before any reload.
    reload: tuple[Counter[Card], dict[int, int]] | None = None


def _presses_since_fire(log: list[Event], end: int) -> int:
    """The launcher's public counter after the events ``:end`` of ``log``: the presses
    since the last one that fired (or since the game began)."""
    count = 0
    for index in range(end - 1, -1, -1):
        event = log[index]
        if type(event) is Pressed:
            assert isinstance(event, Pressed)
            if event.fired:
                break
            count += 1
    return count


@mypyc_attr(allow_interpreted_subclasses=True)  # copyable: see _compiled
class HandReading:
    """What ``seat`` has read of the current hand's events, kept from one of its
    decisions to the next so that each reads only the events since the last: a match
    keeps one for each search bot's seat. Read from scratch at each decision, a hand of
    thousands of actions (random bots pressing at will) made every decision read
    thousands of events.

    :meth:`read` goes on from where it stopped when ``game``'s log is the one it read
    and has only grown since; otherwise (another game, a take-back, a log cut short) it
    reads the current hand again from its start. Either way it returns what one pass
    over the hand's events gives (``tests/test_determinize.py`` checks that the two
    agree at every decision of seeded games).
    """

    __slots__ = (
        "_colour",
        "_every",
        "_known",
        "_last",
        "_log",
        "_mine",
        "_named",
        "_pile",
        "_previous",
        "_read",
        "_reload",
        "_reversed",
        "_since_fire",
        "_sizes",
        "_stack_duty",
        "_stackable",
        "_top",
        "_turns",
        "_wilds",
        "seat",
    )

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self._log: list[Event] | None = None  # the log read (None: nothing read yet)
        self._read = 0  # how many of its events
        self._last: Event | None = None  # the last of them, to tell the log has not changed
        self._stackable = 0  # the faces that may be stacked on a Mega Hit pile (see read)
        self._start(0, 0, 0)

    def _start(self, players: int, begin: int, since_fire: int) -> None:
        """Forget the hand read so far: a hand begins at ``begin``."""
        self._read = begin
        # The cards known to be in each seat's hand (see _known_now).
        self._known: list[Counter[Card]] = [Counter() for _ in range(players)]
        # See _guesses.
        self._wilds: dict[int, list[int]] = {}
        self._named: dict[int, int] = {}
        self._every: dict[int, list[list[int]]] = {}  # each seat's last: its presses guess
        # seat -> its latest plays as its turns began: the fields of a PastTurn (the
        # direction relative to the hand's first, the hand sizes as they were counted),
        # the colour named, the cards played and taken since
        self._turns: dict[int, list[_TurnRead]] = {}
        self._sizes: dict[int, int] = {}
        self._top: Card | None = None
        self._colour: Colour | None = None
        self._reversed = 1  # -1 while the direction is the opposite of the hand's first
        self._since_fire = since_fire
        self._previous: object = None
        # The faces of the seat's own hand and of the discard pile, as the events show
        # them, and what a reload of the launcher lets it guess (see _Guesses.reload).
        self._mine: Counter[Card] = Counter()
        self._pile: Counter[Card] = Counter()
        self._reload: tuple[Counter[Card], dict[int, int]] | None = None
        # The seat that now owes a pile it may stack on, until it stacks or presses.
        self._stack_duty = -1

    def read(self, game: Game) -> tuple[list[Counter[Card]], _Guesses]:
        """What the seat knows other seats hold (see :meth:`_known`) and what it may
        guess of their hands (see :meth:`_guesses`), from the events of the current hand
        it may see."""
        log = game.log
        read = self._read
        if (
            log is not self._log
            or read > len(log)
            or (read > 0 and log[read - 1] is not self._last)
            or len(self._known) != game.n
        ):
            begin = len(log)
            while begin > 0 and type(log[begin - 1]) is not HandStarted:
                begin -= 1
            self._log = log
            self._start(game.n, begin, _presses_since_fire(log, begin))
            # The Hit cards, face-indexed as MATCH_MASKS is (the tables' mask is in the
            # edition's own layout of bits); a log is one game's, so one edition's.
            tables = game._tables
            self._stackable = sum(1 << f for f in tables.layout.faces(tables.stackable_mask))
        for index in range(self._read, len(log)):
            self._note(log, index)
        self._read = len(log)
        self._last = log[-1] if log else None
        return self._known_now(), self._guesses(game)

    def _note(self, log: list[Event], index: int) -> None:
        """Read the event at ``index``: one step of the pass over the hand's events,
        reading only their public fields (a trade as this seat may see it)."""
        event = log[index]
        kind = type(event)
        if kind is HandStarted:
            self._start(len(self._known), index + 1, self._since_fire)
            return
        seat = self.seat
        known = self._known
        wilds, named, every, turns = self._wilds, self._named, self._every, self._turns
        sizes = self._sizes
        if kind is CardPlayed:
            assert isinstance(event, CardPlayed)
            player = event.seat
            # What is known of the player's hand: less the cards it played.
            held = known[player]
            if held:
                for card in (event.card, *event.discarded):
                    if held[card] > 0:
                        held[card] -= 1
            previous = self._previous
            top, colour = self._top, self._colour
            if player != seat:
                if (
                    not event.stacked
                    and type(previous) is TurnStarted
                    and previous.seat == player
                    and top is not None
                    and colour is not None
                ):
                    # A play as its turn began: the table then, for sample_explained ...
                    table = (
                        index,
                        top,
                        colour,
                        self._reversed,
                        sizes.copy(),
                        self._since_fire,
                        event.card,
                    )
                    found = turns.setdefault(player, [])
                    found.append(_TurnRead(table, event.colour))
                    if len(found) > EXPLAINED_TURNS:
                        del found[0]
                    # ... and, a wild played keeping cards with nobody close to going
                    # out, the guess that it had no coloured card to play.
                    if (
                        event.card.is_wild
                        and not event.discarded
                        and sizes.get(player, 0) > 1
                        and all(size > _CLOSE for other, size in sizes.items() if other != player)
                    ):
                        wilds[player] = [MATCH_MASKS[top.index * 4 + colour] & _COLOURED, 0]
                if event.card.is_wild:
                    named[player] = int(event.colour)
                else:
                    named.pop(player, None)
                for turn in turns.get(player, ()):
                    turn.held_since.append(event.card)
                    turn.held_since += event.discarded
            else:
                mine = self._mine
                for card in (event.card, *event.discarded):
                    mine[card] -= 1
            self._pile[event.card] += 1
            self._pile.update(event.discarded)
            self._top, self._colour = event.card, event.colour
        elif kind is StartCardTurned:
            assert isinstance(event, StartCardTurned)
            self._top, self._colour = event.card, event.card.colour
            if not event.returned:  # R50: a Trade Hands turned goes back into the stock
                self._pile[event.card] += 1
        elif kind is Reshuffled:
            # R18, R19: every discard but the top card went into the launcher, with what
            # was left in it. The seat could place every card but the others' hands, the
            # stock and the cards aside; the cards another seat has held since were among
            # those, not among the discards.
            top = self._top
            self._reload = (self._pile + self._mine, {s: 0 for s in range(len(known)) if s != seat})
            self._pile = Counter() if top is None else Counter((top,))
        elif kind is ColourChosen:
            assert isinstance(event, ColourChosen)
            self._colour = event.colour
        elif kind is DirectionReversed:
            self._reversed = -self._reversed
        elif kind is MustPress:
            assert isinstance(event, MustPress)
            self._stack_duty = event.seat if event.may_stack else -1
        elif kind is Pressed:
            assert isinstance(event, Pressed)
            presser = event.seat
            previous = self._previous
            top, colour = self._top, self._colour
            # The faces it did not hold, if the press says so.
            mask = -1
            if (
                type(previous) is TurnStarted
                and previous.seat == presser
                and presser != seat
                and top is not None
                and colour is not None
            ):
                mask = MATCH_MASKS[top.index * 4 + colour] & ~_KEPT_ANYWAY
            elif presser == self._stack_duty and presser != seat and self._stackable:
                # R37: it could have passed the pile on with any Hit card it held.
                mask = self._stackable
            if mask >= 0:
                wilds[presser] = [mask, 0]
                every.setdefault(presser, []).append([mask, 0])
            if presser in wilds:
                wilds[presser][1] += event.count
            for guess in every.get(presser, ()):
                guess[1] += event.count
            if presser == seat:
                took = event.for_seat(seat)
                assert isinstance(took, Pressed)
                self._mine.update(took.cards or ())
            elif self._reload is not None and presser in self._reload[1]:
                self._reload[1][presser] += event.count
            if event.count:
                named.pop(presser, None)
            if event.stuck:
                turns.pop(presser, None)
            elif event.count:
                for turn in turns.get(presser, ()):
                    turn.taken += event.count
            self._since_fire = 0 if event.fired else self._since_fire + 1
        elif kind is Dealt:
            assert isinstance(event, Dealt)
            turns.pop(event.seat, None)
            if event.seat == seat:
                dealt = event.for_seat(seat)
                assert isinstance(dealt, Dealt)
                self._mine.update(dealt.cards or ())
        elif kind is HandsTraded:
            assert isinstance(event, HandsTraded)
            # Both sides of a trade see both hands; a trade between two others moves
            # what the seat knew of one hand to the other.
            seen = event.for_seat(seat)
            assert isinstance(seen, HandsTraded)
            a, b = seen.seat, seen.target
            if seat == a:
                known[b] = Counter(seen.target_cards or ())
                self._mine = Counter(seen.seat_cards or ())
            elif seat == b:
                known[a] = Counter(seen.seat_cards or ())
                self._mine = Counter(seen.target_cards or ())
            else:
                known[a], known[b] = known[b], known[a]
            # A trade forgets what was guessed of both hands.
            drawn = {} if self._reload is None else self._reload[1]
            for guessed in (wilds, named, every, turns, drawn):
                guessed.pop(event.seat, None)
                guessed.pop(event.target, None)
        _count_cards(sizes, event)
        self._previous = event
        if kind is not MustPress and kind is not Reshuffled:
            # Only the press that answers the pile says the pile could not be stacked on:
            # a reshuffle of the launcher may come before it (it changes no hand).
            self._stack_duty = -1

    def _known_now(self) -> list[Counter[Card]]:
        """The cards ``seat`` knows other seats hold: the hands of the trades it took
        part in this hand, less the cards played from them since (copies, without the
        cards counted down to zero)."""
        return [+held for held in self._known]

    def _guesses(self, game: Game) -> _Guesses:
        """For each other seat whose latest turn in the current hand began, nothing owed,
        with a press (it could have played instead) or, for ``wilds``, with a wild played
        while it kept cards and no other seat was close to going out (it could have
        played a coloured card instead), or whose latest press was the first under a
        Mega Hit pile it could have stacked on (it could have stacked instead): the mask
        of the faces it did not hold then, and the cards it has taken since (the Pressed
        events' public counts); each other seat whose hand has not changed since it
        played a wild (no play, no card taken, no trade): the colour it named; and each
        other seat's latest plays (up to :data:`EXPLAINED_TURNS`) made as its turn began
        since it was dealt its hand or took part in a trade, each with the cards it has
        taken since; and, since the launcher was last reloaded from the discard pile,
        the faces the seat could place then and each other seat's cards taken since. A
        trade forgets what was known of both hands. Copies: the reading
        goes on changing its own."""
        first = game.direction * self._reversed  # the direction the hand began with
        every = self._every
        return _Guesses(
            {s: (found[-1][0], found[-1][1]) for s, found in every.items()},
            {s: (mask, taken) for s, (mask, taken) in self._wilds.items()},
            dict(self._named),
            {s: [[mask, taken] for mask, taken in found] for s, found in every.items()},
            {
                player: tuple(turn.past(player, first, game.n) for turn in found)
                for player, found in sorted(self._turns.items())
            },
            None if self._reload is None else (+self._reload[0], dict(self._reload[1])),
        )


#: How many hands a sample draws for a seat that named a colour before it keeps one in
#: which that colour is not the most held (the guess may be wrong: people err).
NAMED_ATTEMPTS: Final = 20


def knowledge(game: Game, seat: int) -> Knowledge:
    """What ``seat`` knows of where the cards are (see :class:`Knowledge`).

    It reads the seat's own hand, the public fields of the game (the pile, the hands'
    sizes, the launcher's and the aside's sizes) and the events as that seat saw them.
    """
    return Sampler(game, seat).knowledge


def _card_key(card: Card) -> int:
    return card.index


@mypyc_attr(allow_interpreted_subclasses=True)  # copyable: see _compiled
class Sampler:
    """What ``seat`` knows of ``game``, and complete games sampled consistent with it.

    The knowledge is worked out once; each :meth:`sample` is a copy of the public game
    with the unseen cards dealt anew (the fast door for a search that samples a game per
    iteration). A sampler holds no hidden card of the game it was made from: its public
    copy has every other hand, the launcher and the aside emptied, so a search bot given
    one (:class:`~unoattack.engine.bot.SearchBot`) cannot look.
    """

    __slots__ = (
        "_aside_size",
        "_colour_of",
        "_face_of",
        "_fresh_turns",
        "_known_ids",
        "_layered",
        "_named",
        "_presses",
        "_public",
        "_reloaded",
        "_scenes",
        "_stock_size",
        "_turns",
        "_unknown",
        "_unseen_ids",
        "_voids",
        "_wild_voids",
        "seat",
    )

    def __init__(self, game: Game, seat: int, reading: HandReading | None = None) -> None:
        """``reading``: what the seat has read of the hand so far, kept by the caller
        from one decision to the next (a match keeps one per search bot's seat); None
        reads the hand from its start."""
        if not 0 <= seat < game.n:
            raise ValueError(f"there is no seat {seat} at this table of {game.n}")
        if reading is not None and reading.seat != seat:
            raise ValueError(f"a reading of seat {reading.seat} given for seat {seat}")
        self.seat = seat
        hands = game.hands
        if game.emitting:
            in_hands, guesses = (HandReading(seat) if reading is None else reading).read(game)
        else:  # no events: nothing is known of other hands but their sizes
            in_hands, guesses = [], _Guesses({}, {}, {}, {}, {})
        # The ids of each face the seat cannot see: not in its hand, not on the pile.
        # Which copy of a face a card is never matters to the rules, so ids are handed
        # out lowest first.
        placed = set(hands[seat])
        placed.update(game.pile)
        free = [[i for i in ids if i not in placed] for ids in game._tables.ids_of]
        known_ids: list[list[int]] = [[] for _ in hands]
        for other, held in enumerate(in_hands):
            if other == seat or not held:
                continue
            claimed: list[int] = []
            for card, count in held.items():
                ids = free[card.index]
                claimed += ids[:count]  # never more than the copies left to claim
                del ids[:count]
            if len(claimed) > len(hands[other]):
                # More known cards than the hand holds: events and state disagree (a
                # game whose log was cut); trust the state and forget the claim.
                for card_id in claimed:
                    free[game._tables.face_of[card_id]].append(card_id)
                claimed = []
            known_ids[other] = claimed
        self._known_ids = known_ids
        self._unseen_ids = sorted(i for ids in free for i in ids)
        self._unknown = [
            0 if s == seat else len(hand) - len(known_ids[s]) for s, hand in enumerate(hands)
        ]
        self._stock_size = len(game.launcher.stock)
        self._aside_size = len(game.aside)
        # For sample_inferring: each seat that pressed (or, for wilds=True, played a
        # wild) at the start of its turn, how many of the cards it cannot name it held
        # then at least, and which unseen cards could be among them (the faces it did
        # not hold then).
        face_of = game._tables.face_of

        def voids(found: dict[int, tuple[int, int]]) -> tuple[tuple[int, int, frozenset[int]], ...]:
            return tuple(
                (
                    other,
                    max(0, self._unknown[other] - taken),
                    frozenset(i for i in self._unseen_ids if not playable >> face_of[i] & 1),
                )
                for other, (playable, taken) in sorted(found.items())
            )

        self._voids = voids(guesses.presses)
        self._wild_voids = voids(guesses.wilds)
        # For reloads=True: each seat's latest press as above and, since the launcher's
        # last reload, the cards it held then (at least its unknown count less the cards
        # it took since), which were not among the discards that went in: of each face,
        # no more than were unseen then (and are unseen now).
        guessed: dict[int, list[tuple[int, frozenset[int]]]] = {
            other: [(guesses.presses[other][1], allowed)] for other, _count, allowed in self._voids
        }
        if guesses.reload is not None:
            seen_then, drawn = guesses.reload
            # The cards these seats are known to hold (from a trade before the reload)
            # were among the unseen then too.
            placed_then = seen_then + Counter(game.faces[i] for s in drawn for i in known_ids[s])
            ids_of = game._tables.ids_of
            held_then = frozenset(
                card_id
                for card, ids in zip(FACES, free, strict=True)
                for card_id in ids[: max(0, len(ids_of[card.index]) - placed_then[card])]
            )
            for other, taken in drawn.items():
                guessed.setdefault(other, []).append((taken, held_then))
        self._reloaded = tuple(
            (other, _nested(self._unknown[other], events))
            for other, events in sorted(guessed.items())
        )
        # For sample_inferring(every=True), worked out when first asked for (see
        # _layers): every press of each seat since its last trade.
        self._presses = guesses.every
        self._face_of = face_of
        self._layered: tuple[tuple[int, tuple[tuple[int, frozenset[int]], ...]], ...] | None = None
        # For sample_inferring(named=True): each seat that named a colour with the wild it
        # played last, and the colours of the cards it is known to hold.
        self._colour_of = [-1 if c.colour is None else int(c.colour) for c in game.faces]
        named = []
        for other, colour in sorted(guesses.named.items()):
            counts = [0, 0, 0, 0]
            for card_id in known_ids[other]:
                if self._colour_of[card_id] >= 0:
                    counts[self._colour_of[card_id]] += 1
            named.append((other, colour, tuple(counts)))
        self._named = tuple(named)
        # For sample_explained: each other seat's latest plays since its last trade (and,
        # in _fresh_turns, those since it last took a card too), and the positions they
        # were made in (built when first asked for).
        self._turns = guesses.turns
        fresh = {s: tuple(t for t in turns if not t.taken) for s, turns in guesses.turns.items()}
        self._fresh_turns = {s: turns for s, turns in fresh.items() if turns}
        # id of a turn -> (the turn, its position, its player's view of it with no hand):
        # the turn kept, so that its id is not reused for another (hashing a turn costs
        # more than building its view)
        self._scenes: dict[int, tuple[PastTurn, Game, View]] = {}
        # The public game: the seat's hand and the pile as they are, every hidden zone
        # emptied (so a sample can only ever hold what the sampler deals into it).
        public = game.search_copy(random.Random(0))
        for s in range(game.n):
            if s != seat:
                public.hands[s] = {}
                public._index_hand(s)
        public.launcher.stock = []
        public.aside = []
        self._public = public

    @property
    def knowledge(self) -> Knowledge:
        """What the seat knows, card by card (see :class:`Knowledge`)."""
        public = self._public
        faces = public.faces

        def cards(ids: list[int]) -> tuple[Card, ...]:
            return tuple(sorted((faces[i] for i in ids), key=_card_key))

        return Knowledge(
            seat=self.seat,
            hand=tuple(public.hand(self.seat)),
            known=tuple(
                tuple(public.hand(s)) if s == self.seat else cards(ids)
                for s, ids in enumerate(self._known_ids)
            ),
            unknown=tuple(self._unknown),
            stock_size=self._stock_size,
            aside_size=self._aside_size,
            unseen=cards(self._unseen_ids),
        )

    @property
    def edition(self) -> str:
        """The edition's name (its rules are public)."""
        return self._public.edition.name

    @property
    def hand_number(self) -> int:
        return self._public.hand_number

    @property
    def seats_in_play(self) -> int:
        """How many seats are still in the match (public: eliminations are announced)."""
        return self._public.n_active

    def legal_actions(self) -> tuple[Action, ...]:
        """The seat's legal actions: the same in every sample (they depend only on its
        own hand and on public fields)."""
        return self._public.legal_actions(self.seat)

    def view(self) -> View:
        """The seat's view of the game."""
        return view(self._public, self.seat)

    def sample(self, rng: random.Random) -> Game:
        """A complete game: the unseen cards shuffled with ``rng`` and dealt to the other
        hands (after the cards known to be there), then the launcher, then the aside.
        The sample draws its reshuffles and presses from ``rng`` too."""
        # Sorting by random keys shuffles uniformly, in a third of ``rng.shuffle``'s time.
        draw = rng.random
        return self._deal(rng, sorted(self._unseen_ids, key=lambda _card: draw()), {})

    def _deal(self, rng: random.Random, unseen: list[int], chosen: dict[int, list[int]]) -> Game:
        """A copy of the public game (drawing from ``rng``) with each other hand dealt its
        known cards, its ``chosen`` ones, then the next of ``unseen`` in order; the rest
        of ``unseen`` goes to the launcher, then the aside."""
        game = self._public.search_copy(rng)
        at = 0
        for s, count in enumerate(self._unknown):
            if s == self.seat:
                continue
            picks = chosen.get(s, ())
            more = count - len(picks)
            game.hands[s] = dict.fromkeys((*self._known_ids[s], *picks, *unseen[at : at + more]))
            game._index_hand(s)
            at += more
        stock = at + self._stock_size
        game.launcher.stock = unseen[at:stock]
        game.aside = unseen[stock:]
        return game

    def sample_inferring(
        self,
        rng: random.Random,
        wilds: bool = False,
        named: bool = False,
        every: bool = False,
        reloads: bool = False,
    ) -> Game:
        """:meth:`sample`, with the cards an opponent held when it pressed at the start of
        its turn taken from the faces it could not have played then, or when it pressed
        first under a Mega Hit pile, from the faces that are not Hit cards (see the
        module's text): each such seat's share of them first, in seat order, then the
        rest as :meth:`sample` deals. Where too few such cards are unseen (the opponent
        reneged), it gets those there are. Without such a press it is :meth:`sample`.

        With ``wilds``, a wild played at the start of a turn counts too, when its player
        kept cards and no other hand was close to going out (two cards or fewer): the
        cards it kept are taken from the faces that are wild or were not playable then
        (it played the wild because it had no coloured card to play), the latest of its
        presses and such plays counting.

        With ``named`` as well, an opponent whose hand has not changed since it played a
        wild is taken to hold at least as many cards of the colour it named as of any
        other colour (a player names the colour it holds most): its hand is drawn again,
        up to :data:`NAMED_ATTEMPTS` times, until that holds.

        With ``every`` (which reads presses alone: ``wilds`` and ``named`` are then not
        read), every press of an opponent at the start of its turn since its last trade
        counts, not only the latest: the cards it has held since a press (at least its
        hand's size less the cards it took since) were held at every later press too, so
        they are taken from the faces playable at none of them.

        With ``reloads`` (unless ``every``, which reads its presses alone; ``wilds`` and
        ``named`` are then not read), the launcher's last reload in this hand is read
        too, with the latest press (see the module's text): the cards an opponent holds
        from then are dealt from the cards unseen then; where it also pressed, the cards
        it holds from the earlier of the two are dealt from the cards both allow."""
        if every:
            return self._sample_layered(rng)
        if reloads:
            return self._sample_layered(rng, reloads=True)
        found = self._wild_voids if wilds else self._voids
        if not found and not (named and self._named):
            return self.sample(rng)
        draw = rng.random
        unseen = sorted(self._unseen_ids, key=lambda _card: draw())
        chosen: dict[int, list[int]] = {}
        taken: set[int] = set()
        for other, count, allowed in found:
            chosen[other] = _take(unseen, allowed, count, taken)
        if named:
            self._draw_named(rng, unseen, chosen, taken, found)
        rest = [card_id for card_id in unseen if card_id not in taken]
        return self._deal(rng, rest, chosen)

    def sample_explained(
        self,
        rng: random.Random,
        likelihood: Callable[[View, PastTurn], float],
        attempts: int = 8,
        across: bool = False,
        reloads: bool = False,
    ) -> Game:
        """:meth:`sample_inferring`, with each opponent's hand also weighed by how well it
        explains the plays that opponent made as its latest turns began, since it last
        took a card (:class:`PastTurn`, up to :data:`EXPLAINED_TURNS` a seat), or with
        ``across`` since its last trade, whatever it took since.

        ``likelihood(view, turn)`` says how likely (0 to 1) the player was to make the
        play ``turn`` records, seeing ``view``: its view of that position with the hand
        the sample gives it then (its hand now, with the cards it has played since put
        back). For a play made before the player took cards (``across``), the cards it
        took since (``turn.taken``) are the last of the hand drawn: the hand then is the
        others (the cards known, then those drawn for a press, come first), with the
        cards played since put back. So it is as large as it was then, and an older
        play's hand is a part of a newer one's. A card taken since and played since is
        counted as held then: which card was new is not known. With ``reloads``, the
        cards an opponent holds from the launcher's last reload are drawn from the cards
        unseen then (see :meth:`sample_inferring`).

        An opponent's hand is drawn up to ``attempts`` times and kept with the
        product of the likelihoods of its plays as the chance (rejection sampling), or
        else the one drawn that explained most of its latest plays is kept. The cards
        it holds since a press at the start of its turn are drawn as
        :meth:`sample_inferring` draws them, and an opponent with no such play is dealt
        as there. The model of the players is the caller's: the sampler only builds
        their views, from what the seat saw."""
        turns_of = self._turns if across else self._fresh_turns
        if not turns_of:
            return self.sample_inferring(rng, reloads=reloads)
        draw = rng.random
        unseen = sorted(self._unseen_ids, key=lambda _card: draw())
        chosen: dict[int, list[int]] = {}
        taken: set[int] = set()
        if reloads:
            guessed = dict(self._reloaded)
        else:
            guessed = {other: ((count, allowed),) for other, count, allowed in self._voids}
        for other, layers in guessed.items():
            if other not in turns_of:
                picks: list[int] = []
                for count, allowed in layers:  # the counts are cumulative (see _nested)
                    picks += _take(unseen, allowed, count - len(picks), taken)
                chosen[other] = picks
        for other, turns in turns_of.items():
            need = self._unknown[other]
            if not need:
                continue
            pool = [card_id for card_id in unseen if card_id not in taken]
            fitting = [
                (count, [card_id for card_id in pool if card_id in allowed])
                for count, allowed in guessed.get(other, ())
            ]
            known = self._known_ids[other]
            best: list[int] = []
            best_explained = -1
            for _attempt in range(attempts):
                picks = []
                picked: set[int] = set()
                for count, allowed_ids in fitting:  # the counts are cumulative (see _nested)
                    left = [i for i in allowed_ids if i not in picked] if picked else allowed_ids
                    count = min(count - len(picks), len(left), need - len(picks))
                    if count > 0:
                        drawn = rng.sample(left, count)
                        picks += drawn
                        picked.update(drawn)
                rest = [card_id for card_id in pool if card_id not in picked] if picked else pool
                picks += rng.sample(rest, min(need - len(picks), len(rest)))
                hand = known + picks
                # Kept with the product of the likelihoods as the chance: a draw per play,
                # latest first, stopping at the first that fails.
                explained = 0
                for turn in reversed(turns):
                    held = hand[: max(0, len(hand) - turn.taken)] if turn.taken else hand
                    if draw() >= likelihood(self.past_view(held, turn), turn):
                        break
                    explained += 1
                if explained > best_explained:
                    best, best_explained = picks, explained
                if explained == len(turns):
                    break
            chosen[other] = best
            taken.update(best)
        rest = [card_id for card_id in unseen if card_id not in taken]
        return self._deal(rng, rest, chosen)

    def past_turns(self, seat: int, across: bool = False) -> tuple[PastTurn, ...]:
        """``seat``'s latest plays as its turns began since it last took a card, or with
        ``across`` since its last trade (see :meth:`sample_explained`), oldest first;
        none for the sampler's own seat."""
        return (self._turns if across else self._fresh_turns).get(seat, ())

    def past_view(self, hand_now: list[int], turn: PastTurn) -> View:
        """The view ``turn.seat`` had as it made the play ``turn``, had it held
        ``hand_now`` (card ids) now: the same hand with the cards it has played since put
        back, and the table as it was then (the pile's top card, the colour, the
        direction, the hands' sizes, the launcher's counter). For a play made before it
        took cards (``turn.taken``), ``hand_now`` is the part of its hand held since; as
        a card played since may be one it took, the cards played since are put back,
        the earliest first, only until the hand is as large as it was then."""
        scene = self._scenes.get(id(turn))
        if scene is None or scene[0] is not turn:
            scene = self._scene(turn)
        _turn, game, seen = scene
        ids_of = game._tables.ids_of
        player = turn.seat
        hand = dict.fromkeys(hand_now)
        back = turn.held_since
        if turn.taken:
            back = back[: max(0, turn.sizes[player] - len(hand))]
        for card in back:
            for card_id in ids_of[card.index]:
                if card_id not in hand:
                    hand[card_id] = None
                    break
        game.hands[player] = hand
        game._index_hand(player)
        game._cache.seat = NO_SEAT
        # Only the hand differs from one weighed hand to the next: the rest of the view
        # is the scene's, built once.
        return rehanded(seen, game, player)

    def _scene(self, turn: PastTurn) -> tuple[PastTurn, Game, View]:
        """The public position of ``turn``: its player to start a turn, nothing owed,
        the other hands of their sizes then (which cards they hold does not change what
        the player may do)."""
        game = self._public.search_copy(random.Random(0))
        player = turn.seat
        for other, size in enumerate(turn.sizes):
            if other != player:
                game.hands[other] = dict.fromkeys(range(size))
                game._index_hand(other)
        game.pile = [game._tables.ids_of[turn.top.index][0]]
        game.colour = turn.colour
        game.direction = turn.direction
        game.phase = Phase.TURN
        game.current = player
        game.duties = []
        game.uno_seat = -1
        game.went_out = -1
        game.pile_total = game.pile_cards = 0
        game.pile_origin = -1
        game.skip_after_bonus = game._bonus_skip = -1
        game.resume_colour = False
        game.launcher.since_fire = turn.since_fire
        game.hands[player] = {}
        game._index_hand(player)
        scene = (turn, game, view(game, player))
        self._scenes[id(turn)] = scene
        return scene

    def _layers(self) -> tuple[tuple[int, tuple[tuple[int, frozenset[int]], ...]], ...]:
        """Each seat's presses since its last trade in layers, oldest first: (how many of
        its unknown cards, which unseen cards they may be). The cards it has held since
        its oldest press (at least its unknown count less the cards taken since) were
        held at every later press too, so they avoid the faces playable at any of them;
        each later press adds the cards taken in between."""
        if self._layered is not None:
            return self._layered
        face_of = self._face_of
        layered = []
        for other, found in sorted(self._presses.items()):
            unknown = self._unknown[other]
            layers = []
            counted = 0  # the cards the older layers deal
            for k, (_mask, taken) in enumerate(found):
                since = max(0, unknown - taken)
                playable = 0
                for mask, _taken in found[k:]:
                    playable |= mask
                allowed = frozenset(i for i in self._unseen_ids if not playable >> face_of[i] & 1)
                layers.append((max(0, since - counted), allowed))
                counted = max(counted, since)
            layered.append((other, tuple(layers)))
        self._layered = tuple(layered)
        return self._layered

    def _sample_layered(self, rng: random.Random, reloads: bool = False) -> Game:
        """:meth:`sample_inferring` from every press of a seat since its last trade, not
        only the latest (``every=True``): its cards held since each press avoid the
        faces playable then and at every later press. With ``reloads`` instead, from
        its latest press and the launcher's last reload (``reloads=True``)."""
        layered = self._reloaded if reloads else self._layers()
        if not layered:
            return self.sample(rng)
        draw = rng.random
        unseen = sorted(self._unseen_ids, key=lambda _card: draw())
        chosen: dict[int, list[int]] = {}
        taken: set[int] = set()
        for other, layers in layered:
            picks: list[int] = []
            for count, allowed in layers:
                # With reloads the counts are the layers' and the older ones' together.
                picks += _take(unseen, allowed, count - len(picks) if reloads else count, taken)
            chosen[other] = picks
        rest = [card_id for card_id in unseen if card_id not in taken]
        return self._deal(rng, rest, chosen)

    def _draw_named(
        self,
        rng: random.Random,
        unseen: list[int],
        chosen: dict[int, list[int]],
        taken: set[int],
        found: tuple[tuple[int, int, frozenset[int]], ...],
    ) -> None:
        """Deal each seat that named a colour its whole unknown share, drawn again until
        the named colour is (one of) the most held in its hand (see
        :meth:`sample_inferring`); a seat with a guess from an older press is left be."""
        colour_of = self._colour_of
        guesses = {other: (count, allowed) for other, count, allowed in found}
        for other, colour, known_counts in self._named:
            need = self._unknown[other]
            guess = guesses.get(other)
            if need == 0 or (guess is not None and guess[0] != need):
                continue
            taken.difference_update(chosen.get(other, ()))
            allowed = guess[1] if guess is not None else None
            pool = [i for i in unseen if i not in taken and (allowed is None or i in allowed)]
            if len(pool) < need:
                taken.update(chosen.get(other, ()))
                continue
            for _attempt in range(NAMED_ATTEMPTS):
                picks = rng.sample(pool, need)
                counts = list(known_counts)
                for card_id in picks:
                    if colour_of[card_id] >= 0:
                        counts[colour_of[card_id]] += 1
                if counts[colour] == max(counts):
                    break
            chosen[other] = picks
            taken.update(picks)


def _nested(
    unknown: int, events: list[tuple[int, frozenset[int]]]
) -> tuple[tuple[int, frozenset[int]], ...]:
    """The cards of a hand that ``events`` say something of, in layers, oldest first:
    (how many of its ``unknown`` cards this layer and the older ones hold together,
    which cards this layer's may be). Each event is (the cards taken since, the cards
    the hand's cards held then may be); the cards held since an older event (at least
    ``unknown`` less the cards taken since) were held at every later one too, so they
    are among the cards every later one allows. The counts are cumulative so that a
    layer short of cards leaves the newer ones to deal the rest."""
    ordered = sorted(events, key=lambda event: -event[0])  # most taken since: oldest
    layers = []
    for k, (taken, allowed) in enumerate(ordered):
        for _later, also in ordered[k + 1 :]:
            allowed &= also
        layers.append((max(0, unknown - taken), allowed))
    return tuple(layers)


def _take(unseen: list[int], allowed: frozenset[int], count: int, taken: set[int]) -> list[int]:
    """The first ``count`` cards of ``unseen`` (in its random order) that are ``allowed``
    and not ``taken`` yet (fewer if there are not so many), added to ``taken``."""
    picks: list[int] = []
    if count > 0:
        for card_id in unseen:
            if card_id in allowed and card_id not in taken:
                picks.append(card_id)
                if len(picks) == count:
                    break
        taken.update(picks)
    return picks


def determinize(game: Game, seat: int, rng: random.Random) -> Game:
    """One complete game consistent with what ``seat`` knows of ``game`` (see
    :class:`Sampler`; build one to sample many)."""
    return Sampler(game, seat).sample(rng)
