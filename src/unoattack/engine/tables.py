"""Rule tables: what the rules make of one set of (deck, options, points), worked out once
and shared by every game played with them, and by their clones.

``tables_for(edition)`` builds the tables the first time it meets a deck, options and
points, and returns the same object afterwards, so that creating a game costs no table
building and the tables are not part of any game's state. A process keeps one set of
tables for each set of rules it plays: tuples over the faces and card ids, and the caches
of the plays that name other seats.

>>> from unoattack.rules.edition import Edition
>>> tables_for(Edition.load("2003")) is tables_for(Edition.load("2003"))
True
>>> house = Edition.load("2010").with_options({"wild_custom_effect": "attack:3"})
>>> tables_for(house).effect_of[65], tables_for(house).presses_of[65]
(<Effect.ATTACK: 'attack'>, 3)
"""

from __future__ import annotations

from typing import Final

from unoattack.engine._compiled import mypyc_attr
from unoattack.engine.effects import HANDLERS, Handler
from unoattack.engine.movegen import FaceLayout, layout_for
from unoattack.engine.state import PlaysCache, Seating
from unoattack.rules.cards import FACES, Card, Colour, Effect
from unoattack.rules.edition import Edition, Options

#: What playing a face does, for the game's play path, as a plain tuple (unpacking a
#: plain tuple is one specialised instruction; a named tuple's is not): its handler, its
#: presses, whether it only passes the turn (the handler need not be called), whether it
#: is still carried out after the player's last card (R64), whether the cards of its
#: colour go with it (R32), whether hands are swapped before UNO liability (A17).
OnPlay = tuple[Handler, int, bool, bool, bool, bool]


@mypyc_attr(allow_interpreted_subclasses=True)  # copyable: see _compiled
class Tables:
    """The rule tables of one deck, options and points (see :func:`tables_for`)."""

    __slots__ = (
        "_seat_plays",
        "bit_of",
        "colour_mask",
        "colour_of",
        "discard_mask",
        "effect_of",
        "face_of",
        "faces",
        "hit_scope_only",
        "ids_of",
        "layout",
        "match_of",
        "n_faces",
        "on_play",
        "on_start",
        "plain_bit",
        "points_of",
        "presses_of",
        "reshuffle_at",
        "stackable_mask",
        "stop_mode",
        "targeted",
        "targeted_mask",
        "trading",
        "trading_mask",
        "untargeted_mask",
    )

    def __init__(self, edition: Edition) -> None:
        opts = edition.options
        #: card id -> face; card id -> face index; card id -> colour; card id -> points
        self.faces: tuple[Card, ...] = edition.deck.faces
        self.face_of = tuple(card.index for card in self.faces)
        self.colour_of: tuple[Colour | None, ...] = tuple(card.colour for card in self.faces)
        self.points_of = tuple(edition.card_points(card) for card in self.faces)
        self.n_faces = len(FACES)
        ids_of: list[list[int]] = [[] for _ in FACES]
        for card_id, card in enumerate(self.faces):
            ids_of[card.index].append(card_id)
        #: face -> the ids of its copies, lowest first
        self.ids_of = tuple(tuple(ids) for ids in ids_of)
        #: which bit of a face mask stands for which face (movegen.FaceLayout); every
        #: mask below and every hand's is in these bits
        self.layout: FaceLayout = layout_for(self.face_of)
        layout = self.layout
        _mask = layout.mask
        #: the layout's tables the game's play paths read, at hand: face -> its bit;
        #: colour -> the mask of its faces; action code -> its face's bit if it is a
        #: plain play (FaceLayout)
        self.bit_of = layout.bit_of
        self.colour_mask = layout.colour_mask
        self.plain_bit = layout.plain_bit
        #: card id on top of the pile -> active colour -> the mask of the faces that may
        #: be played on it (R08–R11)
        self.match_of = tuple(layout.match[f * 4 : f * 4 + 4] for f in self.face_of)
        custom, custom_presses = opts.wild_custom_kind
        #: face -> its effect and presses; the table writes the Wild Customizable's (R29)
        self.effect_of: tuple[Effect, ...] = tuple(
            custom if card.kind.effect is None else card.kind.effect for card in FACES
        )
        self.presses_of = tuple(
            custom_presses if card.kind.effect is None else card.kind.presses for card in FACES
        )
        last_card = frozenset(opts.last_card_effects)
        self.on_play: tuple[OnPlay, ...] = tuple(
            (
                HANDLERS[effect],
                presses,
                effect.passes,
                effect.key in last_card,
                effect.discards,
                effect.trades,
            )
            for effect, presses in zip(self.effect_of, self.presses_of, strict=True)
        )
        # R56: a Wild Customizable start card is a plain Wild.
        self.on_start: tuple[tuple[Handler, int], ...] = tuple(
            (HANDLERS[Effect.NONE], 0) if card.kind.effect is None else (HANDLERS[effect], p)
            for card, effect, p in zip(FACES, self.effect_of, self.presses_of, strict=True)
        )
        effects = list(enumerate(self.effect_of))
        #: faces whose play names a target seat
        self.targeted = frozenset(f for f, effect in effects if effect.targeted)
        self.targeted_mask = _mask(self.targeted) & layout.present
        self.untargeted_mask = _mask(f for f, effect in effects if not effect.targeted)
        self.untargeted_mask &= layout.present
        #: faces that trade hands (R30, A17)
        self.trading = frozenset(f for f, effect in effects if effect.trades)
        self.trading_mask = _mask(self.trading) & layout.present
        #: faces that discard their colour (R32)
        self.discard_mask = _mask(f for f, effect in effects if effect.discards)
        self.discard_mask &= layout.present
        #: faces that may be stacked on a Mega Hit pile (R37)
        self.stackable_mask = _mask(f for f, effect in effects if effect.stackable)
        self.stackable_mask &= layout.present
        self.stop_mode = opts.stop_after_fire
        self.hit_scope_only = opts.fr_stop_on_fire_scope == "hit_cards"
        self.reshuffle_at = opts.reshuffle_threshold
        self._seat_plays: dict[Seating, tuple[PlaysCache, PlaysCache]] = {}

    def seat_plays(self, seating: Seating) -> tuple[PlaysCache, PlaysCache]:
        """The caches of the plays that name seats (targets, turn tails; see
        :mod:`unoattack.engine.movegen`), for the games of these tables and ``seating``."""
        found = self._seat_plays.get(seating)
        if found is None:
            found = self._seat_plays[seating] = ({}, {})
        return found


_TABLES: Final[dict[tuple[tuple[int, ...], Options, tuple[tuple[object, int], ...]], Tables]] = {}


# The tables of the editions met last, by identity: working out the key costs more than
# the rest of creating a game (a position read back, a simulation's many games). Each
# entry keeps its edition alive, so that its id is not reused.
_RECENT: Final[dict[int, tuple[Edition, Tables]]] = {}


def tables_for(edition: Edition) -> Tables:
    """The tables of ``edition``'s deck, options and points: built the first time, then
    shared."""
    recent = _RECENT.get(id(edition))
    if recent is not None and recent[0] is edition:
        return recent[1]
    key = (
        tuple(card.index for card in edition.deck.faces),
        edition.options,
        tuple(edition.points.items()),
    )
    found = _TABLES.get(key)
    if found is None:
        found = _TABLES[key] = Tables(edition)
    if len(_RECENT) >= 64:
        _RECENT.clear()
    _RECENT[id(edition)] = (edition, found)
    return found
