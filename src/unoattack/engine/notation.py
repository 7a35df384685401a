"""A one-line position notation that round-trips, so a test builds any position in one line.

A position can be written at every decision of a game (P05): a turn, presses owed, a
Mega Hit pile being answered, a colour still to be named. The edition comes first, the
other fields are ``key=value`` in any order (docs/notation.md gives the grammar and an
example of each form)::

    2003 hands=R7,B-Skip/G3,W/Y1 pile=R2,R7 colour=R dir=cw turn=0 dealer=2
         scores=0,0,0 stock=G1,G2,... launcher=scripted:3,0,2+1 seed=0

- ``hands``: one hand per seat, seats separated by ``/``, cards by ``,``. ``pile``: the
  discard pile from the bottom (the last card is the top); empty while the start card is
  still to be turned from the stock's front. ``stock``: the launcher's stock, next card
  out first; ``aside``: cards out of play. One of the two may end with ``...``: the rest
  of the deck, in deck order. ``R7#2`` names the second R7 of the deck, when which copy
  is where matters (a hand gives up its lowest copy first).
- ``colour``: the active colour, or ``?`` while the colour of a wild start card is still
  to be named. ``dir``: ``cw`` or ``ccw``. ``turn``: the seat to play (or to name the
  colour).
- While presses are owed: ``owe`` (``seat:presses:reason`` and flags, front first),
  ``then`` (who plays once they are made), ``mega=total:cards:origin`` (a Mega Hit
  pile), ``went`` (the seat that went out, its last card's presses still owed).
- ``dealer`` (or, to be read only, ``draws``: the draws that chose it, R04), ``scores``,
  ``launcher`` (a spec, docs/launcher.md), ``presses`` (the launcher's counters),
  ``seed``; optional: ``out`` (eliminated seats), ``catch`` (the
  seat that can be caught), ``said`` (seats that said UNO), ``bonus`` (the seat a Skip
  passes over after this extra turn), ``empty`` (turns in a row that pressed an empty
  launcher), ``hand`` (the hand number), ``house`` (house rules).

>>> from unoattack.engine import Action
>>> game = parse_position("mega-hit hands=R-Hit1,R5,R6/Y-Hit2,G1/B3 pile=R2 turn=0 dealer=2 "
...                       "scores=0,0,0 stock=... launcher=scripted:1 seed=0")
>>> str(game.top), game.to_act
('R2', 0)
>>> _ = game.apply(Action.parse("play R-Hit1"))
>>> format_position(game)  # doctest: +NORMALIZE_WHITESPACE
'mega-hit hands=R5,R6/Y-Hit2,G1/B3 pile=R2,R-Hit1 colour=R dir=cw owe=1:1:hit+stack then=2
 mega=1:1:0 dealer=2 scores=0,0,0 stock=... launcher=scripted:1 seed=0'
"""

from __future__ import annotations

from collections.abc import Iterable

from unoattack.engine._notation import (
    REST,
    PositionError,
    card_names,
    duty_text,
    house_text,
    seats_text,
)
from unoattack.engine._position_reader import parse_position
from unoattack.engine.game import Game, Phase

__all__ = ["PositionError", "format_position", "parse_position"]


def format_position(game: Game) -> str:
    """The position string of a game at any decision (every phase but the match's end)."""
    phase = game.phase
    if phase is Phase.MATCH_OVER:
        raise PositionError("the match is over: there is no position to write")
    stock, aside = game.launcher.stock, game.aside
    # `...` stands for the end of the stock or of the aside: the longest run of cards in
    # deck order at its end. It goes where fewer cards are left to write, the stock first.
    stock_cut, aside_cut = _in_order_from(stock), _in_order_from(aside)
    if stock_cut + len(aside) <= len(stock) + aside_cut:
        aside_cut = len(aside)
    else:
        stock_cut = len(stock)
    zones: list[Iterable[int]] = [*game.hands, game.pile, stock[:stock_cut], aside[:aside_cut]]
    texts = _zone_texts(game, zones)
    *hands, pile, stock_text, aside_text = texts
    if stock_cut < len(stock):
        stock_text = f"{stock_text},{REST}" if stock_text else REST
    if aside_cut < len(aside):
        aside_text = f"{aside_text},{REST}" if aside_text else REST

    colour = "?" if game.colour is None else game.colour.letter
    parts = [
        game.edition.name,
        "hands=" + "/".join(hands),
        "pile=" + pile,
        f"colour={colour}",
        "dir=" + ("cw" if game.direction == 1 else "ccw"),
    ]
    if phase is Phase.PRESSING:
        # Nobody's turn: the front duty's seat acts. Where play resumes is moot once a
        # player went out (the hand ends when the presses are made, R64).
        parts.append("owe=" + ",".join(map(duty_text, game.duties)))
        if game.went_out < 0:
            parts.append(f"then={game.resume}")
    else:
        parts.append(f"turn={game.current}")
    # The pile's size shows (R38) once it holds two cards; its origin counts while it can
    # still grow (R42). A single Hit card's pile is the duty itself.
    if game.pile_cards > 1 or any(d.stackable for d in game.duties):
        parts.append(f"mega={game.pile_total}:{game.pile_cards}:{game.pile_origin}")
    if game.went_out >= 0:
        parts.append(f"went={game.went_out}")
    parts += [
        f"dealer={game.dealer}",
        "scores=" + ",".join(map(str, game.scores)),
        f"stock={stock_text}",
    ]
    if aside:
        parts.append(f"aside={aside_text}")
    launcher = game.launcher
    parts.append(f"launcher={launcher.model.spec}")
    if launcher.since_fire or launcher.since_reload or launcher.presses:
        parts.append(f"presses={launcher.since_fire},{launcher.since_reload},{launcher.presses}")
    parts.append(f"seed={game.seed}")
    out = [s for s in range(game.n) if not game.active[s]]
    if out:
        parts.append("out=" + seats_text(out))
    if game.uno_seat >= 0:
        parts.append(f"catch={game.uno_seat}")
    said = [s for s in range(game.n) if game.called_uno[s]]
    if said:
        parts.append("said=" + seats_text(said))
    if game.skip_after_bonus >= 0:
        parts.append(f"bonus={game.skip_after_bonus}")
    if game.empty_turns:
        parts.append(f"empty={game.empty_turns}")
    if game.hand_number != 1:
        parts.append(f"hand={game.hand_number}")
    house = house_text(game.edition)
    if house:
        parts.append("house=" + house)
    return " ".join(parts)


def _in_order_from(ids: list[int]) -> int:
    """Where the run of card ids in deck order at the end of ``ids`` starts."""
    cut = len(ids)
    while cut and (cut == len(ids) or ids[cut - 1] < ids[cut]):
        cut -= 1
    return cut


def _zone_texts(game: Game, zones: list[Iterable[int]]) -> list[str]:
    """The cards of each zone, written so that the reader gives each card its id back.

    A face's copies are numbered in deck order, the order of their ids. The reader gives
    a card written without its number the lowest copy of its face that no card before it
    took and no numbered card names; so a card is written with its number (``R7#2``)
    unless it is the lowest copy of its face not written before it (the copies left for
    the rest of the deck, ``...``, included).
    """
    tables = game._tables
    face_of, ids_of = tables.face_of, tables.ids_of
    names, numbered, copy_of = card_names(tables)
    lowest = [0] * tables.n_faces  # per face: its copies written so far from the lowest
    early = bytearray(len(face_of))  # copies written before a lower one
    texts = []
    for zone in zones:
        tokens = []
        for i in zone:
            f = face_of[i]
            k = copy_of[i]
            if k == lowest[f]:
                tokens.append(names[i])
                copies = ids_of[f]
                k += 1
                while k < len(copies) and early[copies[k]]:
                    k += 1
                lowest[f] = k
            else:
                tokens.append(numbered[i])
                early[i] = 1
        texts.append(",".join(tokens))
    return texts
