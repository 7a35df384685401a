"""The heuristic bot: a hand-written strategy that sees only its seat's view.

Every decision is a choice among ``view.legal_actions``, so the bot can never attempt an
illegal action. The strategy (docs/bots.md lists it rule by rule):

- catch a catchable opponent, and call UNO when it is itself catchable;
- go out when it can;
- shed the most cards (a Discard All of its largest colour, a Trade Hands towards a
  smaller hand), then hit or block a player about to go out;
- keep wilds for need, dump high points when someone is close to going out;
- launch attacks when the launcher is primed, hold them just after it fired;
- name its strongest colour, aim attacks at the leader, stack in Mega Hit, stop
  pressing as soon as it may, say UNO with every play that leaves one card.

Ties are broken with the injected generator only, so a seeded game is reproducible.

>>> from unoattack.engine import Game, view
>>> game = Game.new("mega-hit", players=3, seed=4)
>>> bot = HeuristicBot(random.Random(0))
>>> me = view(game, game.to_act)
>>> bot.choose(me) in me.legal_actions
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import Any, Final

from unoattack.engine._compiled import mypyc_attr
from unoattack.engine.actions import Action, ActionKind
from unoattack.engine.chance import choice
from unoattack.engine.launcher import HazardModel
from unoattack.engine.view import View
from unoattack.rules.cards import FACES, Card, Colour, Kind
from unoattack.rules.edition import DEFAULT_POINTS, EDITION_NAMES, Edition

_PLAY: Final = ActionKind.PLAY
_PRESS: Final = ActionKind.PRESS
_STOP: Final = ActionKind.STOP
_SAY_UNO: Final = ActionKind.SAY_UNO
_CATCH: Final = ActionKind.CATCH
_CHOOSE_COLOUR: Final = ActionKind.CHOOSE_COLOUR

#: Cards whose effect falls on the next player (Reverse only does with two players).
_HITS_NEXT: Final = frozenset({Kind.SKIP, Kind.HIT1, Kind.HIT2, Kind.WILD_HIT_FIRE, Kind.WILD_HIT4})
#: Cards that make someone press the launcher.
_LAUNCHES: Final = frozenset(
    {
        Kind.HIT1,
        Kind.HIT2,
        Kind.WILD_ALL_HIT,
        Kind.WILD_HIT_FIRE,
        Kind.WILD_HIT4,
        Kind.WILD_ATTACK_ATTACK,
    }
)
_COLOURS: Final = tuple(Colour)
#: A hand this small is about to go out (close enough to dump points and to block).
CLOSE_TO_OUT: Final = 2
#: Below this chance of firing (hazard model) a hit is weak: hold attack cards.
PRIMED_FIRE_CHANCE: Final = 0.5


@cache
def _points(edition: str) -> tuple[int, ...]:
    """Points of every face (by ``Card.index``) in ``edition``."""
    table = dict(DEFAULT_POINTS)
    if edition in EDITION_NAMES:
        table.update(Edition.load(edition).points)
    return tuple(
        (card.number or 0) if card.kind is Kind.NUMBER else table[card.kind] for card in FACES
    )


@mypyc_attr(allow_interpreted_subclasses=True)  # copyable: see _compiled
class HeuristicBot:
    """A rule-based player. It reads only the :class:`View` it is given.

    Args:
        rng: Breaks ties between equally good actions; the bot draws from nothing else.
    """

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    # ------------------------------------------------------------------ protocol

    def react(self, view: View) -> Action | None:
        """Call UNO when it is itself catchable; otherwise catch whoever can be caught."""
        catch = None
        for action in view.legal_actions:
            if action.kind is _SAY_UNO:
                return action
            if action.kind is _CATCH:
                catch = action
        return catch

    def choose(self, view: View) -> Action:
        """The seat's decision when the game waits for it."""
        legal = view.legal_actions
        press = stop = catch = None
        by_face: dict[Card, list[Action]] = {}  # legal plays by face, in the engine's order
        colours: list[Action] = []
        last: Card | None = None
        group: list[Action] = []
        for action in legal:
            kind = action.kind
            if kind is _PLAY:
                card = action.card
                if card is last:  # the engine lists the variants of a face together
                    group.append(action)
                else:
                    assert card is not None
                    group = by_face.setdefault(card, [])
                    group.append(action)
                    last = card
            elif kind is _PRESS:
                press = action
            elif kind is _SAY_UNO:
                return action  # out-of-turn actions never end the turn: take them first
            elif kind is _CATCH:
                catch = action
            elif kind is _STOP:
                stop = action
            elif kind is _CHOOSE_COLOUR:
                colours.append(action)
        if catch is not None:
            return catch
        if colours:
            return self._name_colour(view, colours)
        if stop is not None:
            return stop  # stop_after_fire=choose: never take more cards than it must
        if by_face:
            if len(by_face) == 1:
                card, actions = next(iter(by_face.items()))
                if not card.is_wild and card.kind is not Kind.TRADE_HANDS:
                    return _pick(actions, None, None, self.rng)  # one coloured play: play it
            table = _Table(view, self.rng)
            if view.phase == "pressing":
                return self._stack(table, by_face)
            chosen = self._play(table, by_face)
            if chosen is not None:
                return chosen
        if press is not None:
            return press
        return choice(self.rng, legal)  # unreachable with the engine's rules

    # ------------------------------------------------------------------ decisions

    def _name_colour(self, view: View, colours: list[Action]) -> Action:
        best = _Table(view, self.rng).best_colour
        for action in colours:
            if action.colour is best:
                return action
        return choice(self.rng, colours)

    def _stack(self, table: _Table, by_face: dict[Card, list[Action]]) -> Action:
        """Facing a Mega Hit pile: stack a Hit card (a Double attaque goes to the target)."""
        target = table.attack_target
        coloured = [card for card in by_face if not card.is_wild]
        wild = [card for card in by_face if card.is_wild]
        points = table.points
        if wild and (not coloured or target != table.next_seat):
            # A coloured Hit card passes the pile to the next player; a Double attaque
            # aims it, so it is worth spending when the target is someone else.
            card = self._best(wild, lambda c: points[c.index])
        else:
            card = self._best(coloured, lambda c: (points[c.index], table.continuity(c)))
        colour = table.best_colour if card.is_wild else None
        return _pick(by_face[card], colour, target, self.rng)

    def _play(self, table: _Table, by_face: dict[Card, list[Action]]) -> Action | None:
        """A turn: rank each playable face; None when pressing is better (see Trade Hands)."""
        candidates: list[tuple[tuple[float, ...], Card, int | None]] = []
        has_coloured = False
        evaluated = []
        for card in by_face:
            target = None
            if card.kind is Kind.TRADE_HANDS:
                target = table.smallest_hand(a.target for a in by_face[card])
                if table.size > 1 and table.counts[target] >= table.size - 1:
                    continue  # the trade would not leave it fewer cards: never worth it
            elif card.is_wild and by_face[card][0].target is not None:
                target = table.attack_target
            evaluated.append((card, target))
            if not card.is_wild:
                has_coloured = True
        for card, target in evaluated:
            candidates.append((table.rank(card, target, has_coloured), card, target))
        if not candidates:
            return None
        best = max(key for key, _, _ in candidates)
        tied = [(card, target) for key, card, target in candidates if key == best]
        card, target = tied[0] if len(tied) == 1 else choice(self.rng, tied)
        colour = table.best_colour if card.is_wild else None
        return _pick(by_face[card], colour, target, self.rng)

    def _best(self, cards: Sequence[Card], key: Callable[[Card], Any]) -> Card:
        scored = [(key(card), card) for card in cards]
        top = max(score for score, _ in scored)
        tied = [card for score, card in scored if score == top]
        return tied[0] if len(tied) == 1 else choice(self.rng, tied)


class _Table:
    """What the bot derives from one view, computed once per decision."""

    __slots__ = (
        "_colour",
        "_target",
        "attack_pref",
        "colour_counts",
        "colour_points",
        "counts",
        "danger",
        "hand",
        "next_seat",
        "opponents",
        "players_left",
        "points",
        "prev_seat",
        "rng",
        "scores",
        "size",
    )

    def __init__(self, view: View, rng: random.Random) -> None:
        self.rng = rng
        self._target = -1
        self._colour: Colour | None = None
        hand = view.hand or ()
        self.hand = hand
        self.size = len(hand)
        self.points = points = _points(view.edition)
        self.counts = counts = view.hand_counts
        self.scores = view.scores
        seat, active, n = view.seat, view.active, view.players
        self.opponents = [s for s in range(n) if s != seat and active[s]]
        self.players_left = len(self.opponents) + 1
        self.next_seat = _neighbour(seat, view.direction, active)
        self.prev_seat = _neighbour(seat, -view.direction, active)
        self.danger = any(counts[s] <= CLOSE_TO_OUT for s in self.opponents)
        colour_counts = [0, 0, 0, 0]
        colour_points = [0, 0, 0, 0]
        for card in hand:
            if card.colour is not None:
                colour_counts[card.colour] += 1
                colour_points[card.colour] += points[card.index]
        self.colour_counts = colour_counts
        self.colour_points = colour_points
        # Attack timing from the public launcher state (hazard model only: the others
        # either ignore the counter or are not calibrated; there it stays neutral).
        launcher = view.launcher
        self.attack_pref = 0
        if launcher.model.startswith("hazard"):
            chances = HazardModel.FIRE_PROBABILITIES
            chance = chances[min(launcher.presses_since_fire, len(chances) - 1)]
            self.attack_pref = 1 if chance >= PRIMED_FIRE_CHANCE else -1

    @property
    def best_colour(self) -> Colour:
        """The colour it holds most of, by count, then points (ties: the rng)."""
        if self._colour is None:
            keys = list(zip(self.colour_counts, self.colour_points, strict=True))
            best = max(keys)
            tied = [_COLOURS[i] for i, key in enumerate(keys) if key == best]
            self._colour = tied[0] if len(tied) == 1 else choice(self.rng, tied)
        return self._colour

    @property
    def attack_target(self) -> int:
        """The leader or the player about to go out: fewest cards, then highest score."""
        if self._target < 0:
            self._target = self.smallest_hand(self.opponents)
        return self._target

    def smallest_hand(self, seats: Iterable[int | None]) -> int:
        """Among ``seats``, the smallest hand, then the highest score (ties: the rng)."""
        options = [s for s in seats if s is not None]
        counts, scores = self.counts, self.scores
        best = min((counts[s], -scores[s]) for s in options)
        tied = [s for s in options if (counts[s], -scores[s]) == best]
        return tied[0] if len(tied) == 1 else choice(self.rng, tied)

    def continuity(self, card: Card) -> int:
        """Cards it would still hold of the colour the play makes active."""
        if card.kind is Kind.DISCARD_ALL:
            return 0
        colour = card.colour if card.colour is not None else self.best_colour
        held = self.colour_counts[colour]
        return held - 1 if card.colour is colour else held

    def rank(self, card: Card, target: int | None, has_coloured: bool) -> tuple[float, ...]:
        """A sort key: the larger, the better the play (docs/bots.md, in rule order)."""
        kind = card.kind
        counts = self.counts
        if kind is Kind.DISCARD_ALL:
            assert card.colour is not None
            shed = self.colour_counts[card.colour]
            points = self.colour_points[card.colour]
        elif kind is Kind.TRADE_HANDS and self.size > 1:  # (a last card goes out: no trade)
            assert target is not None
            shed = self.size - counts[target]
            points = self.points[card.index]
        else:
            shed = 1
            points = self.points[card.index]
        goes_out = shed >= self.size
        wild = card.is_wild
        launches = kind in _LAUNCHES or (wild and target is not None)
        nxt = self.next_seat
        next_close = counts[nxt] <= CLOSE_TO_OUT
        # Does the play hit or hold back a player who is about to go out?
        if kind in _HITS_NEXT:
            blocks = next_close
        elif kind is Kind.REVERSE:
            blocks = next_close and (
                self.players_left == 2 or counts[self.prev_seat] > CLOSE_TO_OUT
            )
        elif kind is Kind.WILD_ALL_HIT:
            blocks = self.danger
        elif wild and target is not None:
            blocks = counts[target] <= CLOSE_TO_OUT
        else:
            blocks = False
        keeps_wilds = not (wild and has_coloured and not next_close)
        return (
            goes_out,
            shed,
            blocks,
            keeps_wilds,
            points if self.danger else 0,
            self.attack_pref if launches else 0,
            self.continuity(card),
            points,
        )


def _neighbour(seat: int, direction: int, active: Sequence[bool]) -> int:
    n = len(active)
    other = (seat + direction) % n
    while not active[other]:
        other = (other + direction) % n
    return other


def _pick(
    actions: list[Action], colour: Colour | None, target: int | None, rng: random.Random
) -> Action:
    """The variant of one face's play with this colour and target (each where the play
    takes one), saying UNO if it may."""
    found = None
    for action in actions:
        if (action.colour is None or action.colour is colour) and (
            action.target is None or action.target == target
        ):
            if action.uno:
                return action
            if found is None:
                found = action
    return found if found is not None else choice(rng, actions)
