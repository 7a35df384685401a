"""Reading a position string into a game (the grammar is in
:mod:`unoattack.engine.notation` and docs/notation.md).

Every check names its field, so that a malformed string says where it went wrong, and
what is read is a position the rules could reach: every card placed once, a seat to act,
presses owed by seats in play, a pile to answer when a duty may stack.
"""

from __future__ import annotations

from unoattack.engine._notation import (
    FIELDS,
    REQUIRED,
    REST,
    TURN_FIELDS,
    PositionError,
    card_ids,
    card_tokens,
    read_card,
    read_count,
    read_duty,
    read_house,
    read_int,
    read_seat,
    read_seats,
    seats_text,
)
from unoattack.engine.deal import dealer_chosen, draw_again, turn_start
from unoattack.engine.game import Game, Phase
from unoattack.engine.launcher import parse_launcher
from unoattack.rules.cards import Card, Colour
from unoattack.rules.edition import EDITION_NAMES, Edition, EditionError


def parse_position(text: str) -> Game:
    """Build the game a position string describes (docs/notation.md).

    A position whose pile is empty turns its start card from the front of the stock and
    applies it, as a new hand does (R44–R56, R50).

    Raises:
        PositionError: The string is malformed or describes no reachable position; the
            message names the field.
    """
    edition, values = _read_fields(text)
    hands_text = values["hands"].split("/")
    players = len(hands_text)
    if not 2 <= players <= 10:
        raise PositionError(f"hands: {players} seats given; a table has 2 to 10")
    try:
        model = parse_launcher(values["launcher"])
    except ValueError as exc:
        raise PositionError(f"launcher: {exc}") from None
    seed = read_int(values.get("seed", "0"), "seed")
    try:
        game = Game(edition, players, seed, model)
    except EditionError as exc:
        raise PositionError(f"hands: {exc}") from None
    stock = _place_cards(game, hands_text, values)
    _read_seats(game, values)
    game.hand_number = read_count(values.get("hand", "1"), "hand")
    game.called_uno = [False] * players
    for seat in read_seats(values.get("said", ""), "said", players):
        game.called_uno[seat] = True
    if not game.pile:
        _read_launcher(game, values)
        _turn_start_card(game, values, stock)
    else:
        game.launcher.load(stock)
        _read_launcher(game, values)
        _read_table(game, values)
    return game


def _read_fields(text: str) -> tuple[Edition, dict[str, str]]:
    """The edition (with its house rules) and every field's text."""
    words = text.split()
    if not words:
        raise PositionError("empty position: it starts with an edition name (2003, 2010, mega-hit)")
    values: dict[str, str] = {}
    for word in words[1:]:
        key, sep, value = word.partition("=")
        if not sep or key not in FIELDS:
            raise PositionError(f"{word!r} is not a field: fields are " + ", ".join(FIELDS))
        if key in values:
            raise PositionError(f"field {key!r} is given twice")
        values[key] = value
    edition = _edition(words[0], values.get("house", ""))
    for key in REQUIRED:
        if key not in values:
            raise PositionError(f"field {key!r} is missing")
    return edition, values


def _edition(name: str, house: str) -> Edition:
    """An edition with its house rules; a shipped one's is remembered, since a test reads
    many positions of one table."""
    key = (name, house)
    found = _EDITIONS.get(key)
    if found is None:
        try:
            found = Edition.load(name)
        except ValueError as exc:
            raise PositionError(str(exc)) from None
        if house:
            try:
                found = found.with_options(read_house(house))
            except ValueError as exc:
                raise PositionError(f"house: {exc}") from None
        if name in EDITION_NAMES:  # an edition file may change: it is read again
            if len(_EDITIONS) >= 256:
                _EDITIONS.clear()
            _EDITIONS[key] = found
    return found


_EDITIONS: dict[tuple[str, str], Edition] = {}


def _place_cards(game: Game, hands_text: list[str], values: dict[str, str]) -> list[int]:
    """Put every card of the deck in its place: the hands, the pile and the aside are set
    on the game; the stock (front first) is returned, for the caller to load."""
    written = [(f"hands (seat {s})", card_tokens(h)) for s, h in enumerate(hands_text)]
    written.append(("pile", card_tokens(values["pile"])))
    rest_in = ""
    for field in ("stock", "aside"):
        tokens = card_tokens(values.get(field, ""))
        if tokens and tokens[-1] == REST:
            if rest_in:
                raise PositionError(f"{field}: only one of stock and aside may end with {REST}")
            rest_in = field
            tokens.pop()
        written.append((field, tokens))
    # A card written with its copy claims that copy; the others take, in the order they
    # are written, the lowest copy of their face left (see notation._zone_texts).
    tables = game._tables
    ids_of = tables.ids_of
    faces, numbered = card_ids(tables)
    placed = bytearray(len(game.faces))
    for field, tokens in written:
        for token in tokens:
            if "#" in token:
                i = numbered.get(token)
                if i is None:
                    i = _copy_id(game, field, token)
                if placed[i]:
                    raise PositionError(f"{field}: {token} is placed twice")
                placed[i] = 1
    lowest = [0] * tables.n_faces  # per face: the index of its lowest copy that may be free
    zones: dict[str, list[int]] = {}
    for field, tokens in written:
        ids = zones[field] = []
        for token in tokens:
            f = faces.get(token)
            if f is None:
                if "#" in token:
                    i = numbered.get(token)
                    ids.append(_copy_id(game, field, token) if i is None else i)
                    continue
                f = read_card(token, field)[0].index
            copies = ids_of[f]
            k = lowest[f]
            while k < len(copies) and placed[copies[k]]:
                k += 1
            if k == len(copies):
                card = read_card(token, field)[0]
                raise PositionError(
                    f"{field}: one {card} too many: the {game.edition.name} deck has {len(copies)}"
                )
            i = copies[k]
            placed[i] = 1
            lowest[f] = k + 1
            ids.append(i)
    remaining = [i for i, done in enumerate(placed) if not done]
    if remaining and not rest_in:
        raise PositionError(
            f"stock: {len(remaining)} cards of the deck are not placed: end the stock (or "
            f"the aside) with {REST} to put the rest there in deck order"
        )
    if rest_in:
        zones[rest_in] += remaining
    game.hands = [dict.fromkeys(zones[f"hands (seat {s})"]) for s in range(game.n)]
    for seat in range(game.n):
        game._index_hand(seat)
    game.pile = zones["pile"]
    game.aside = zones["aside"]
    return zones["stock"]


def _copy_id(game: Game, field: str, token: str) -> int:
    """The card id of a card written with its copy (``R7#2``)."""
    card, copy = read_card(token, field)
    copies = game._tables.ids_of[card.index]
    if copy > len(copies):
        raise PositionError(
            f"{field}: {token}: the {game.edition.name} deck has {len(copies)} {card}"
        )
    return copies[copy - 1]


def _read_seats(game: Game, values: dict[str, str]) -> None:
    """Who is in play, the scores and the dealer."""
    players = game.n
    for seat in read_seats(values.get("out", ""), "out", players):
        if game.hands[seat]:
            raise PositionError(f"out: eliminated seat {seat} still holds cards")
        game.active[seat] = False
    game.n_active = sum(game.active)
    if game.n_active < 2:
        raise PositionError("out: at least two players must remain")
    game._seats_changed()
    scores = [read_int(v, "scores") for v in values["scores"].split(",")]
    if len(scores) != players:
        raise PositionError(f"scores: {len(scores)} given for {players} seats")
    game.scores = scores
    if "draws" in values:
        if "dealer" in values:
            raise PositionError("draws: give the dealer or the draws that chose them, not both")
        _read_draws(game, values)
    elif "dealer" in values:
        game.dealer = read_seat(values["dealer"], "dealer", players)
    else:
        raise PositionError("field 'dealer' is missing")


def _read_draws(game: Game, values: dict[str, str]) -> None:
    """R04, A32: the draws that chose the first dealer, round by round (rounds separated
    by ``/``, a card for each seat drawing, in seat order)."""
    if game.n_active < game.n or values.get("hand", "1") != "1":
        raise PositionError("draws: the first dealer is drawn for in hand 1, before anyone is out")
    drawing = list(range(game.n))
    rounds = []
    texts = values["draws"].split("/")
    for number, text in enumerate(texts, 1):
        tokens = card_tokens(text)
        if len(tokens) != len(drawing):
            raise PositionError(
                f"draws: round {number} has {len(tokens)} cards for the {len(drawing)} "
                f"seats drawing ({seats_text(drawing)})"
            )
        cards = [read_card(token, "draws") for token in tokens]
        for card, copy in cards:
            if copy or not game._tables.ids_of[card.index]:
                raise PositionError(f"draws: {card} is not a face of the {game.edition.name} deck")
        draws = [(seat, card) for seat, (card, _) in zip(drawing, cards, strict=True)]
        rounds.append(tuple(draws))
        drawing = draw_again(draws)
        if not drawing and number < len(texts):
            raise PositionError(f"draws: round {number} chose the dealer; nobody draws again")
        if drawing and number == len(texts):
            raise PositionError(
                f"draws: round {number} leaves seats {seats_text(drawing)} to draw again"
            )
    dealer_chosen(game, tuple(rounds))


def _read_launcher(game: Game, values: dict[str, str]) -> None:
    """The launcher's counters: presses since it fired, since it was loaded, in all."""
    text = values.get("presses", "0,0,0")
    counts = [read_count(v, "presses") for v in text.split(",")]
    if len(counts) != 3:
        raise PositionError(
            f"presses: {text!r}: write three numbers: since it fired, since it was loaded, in all"
        )
    since_fire, since_reload, total = counts
    if max(since_fire, since_reload) > total:
        raise PositionError(f"presses: {text!r}: more presses since an event than in all")
    launcher = game.launcher
    launcher.since_fire, launcher.since_reload, launcher.presses = counts


def _turn_start_card(game: Game, values: dict[str, str], stock: list[int]) -> None:
    """An empty pile: the start card is turned from the front of the stock (R44–R56)."""
    given = [field for field in TURN_FIELDS if field in values]
    if given:
        raise PositionError(
            f"{given[0]}: the pile is empty, so the start card is still to be turned: "
            "its effect decides who plays (leave out " + ", ".join(TURN_FIELDS) + ")"
        )
    if game.launcher.since_reload:
        raise PositionError("presses: the launcher is loaded as the start card is turned")
    if all(_trades(game.faces[i]) for i in stock):
        raise PositionError(
            "stock: the start card is turned from the stock, which holds no card but "
            "Trade Hands (R50 puts them back)"
        )
    for seat in game.active_seats():
        if not game.hands[seat]:
            raise PositionError(f"hands: seat {seat} has no cards; the hand would be over")
    stock.reverse()  # the next card turned is the last of the undealt cards
    turn_start(game, stock)


def _read_table(game: Game, values: dict[str, str]) -> None:
    """What happens now: the colour, the direction, who acts and what is owed."""
    top = game.top
    colour = values.get("colour")
    if colour == "?":
        if not top.is_wild:
            raise PositionError(
                f"colour: ? is a colour still to be named, after a wild start card; the "
                f"top card is {top}"
            )
        game.colour = None
    elif colour is not None:
        try:
            game.colour = Colour.parse(colour)
        except ValueError as exc:
            raise PositionError(f"colour: {exc}") from None
    elif top.colour is None:
        raise PositionError(f"colour: the top card {top} is a wild: name the active colour")
    else:
        game.colour = top.colour
    direction = values.get("dir", "cw")
    if direction not in ("cw", "ccw"):
        raise PositionError(f"dir: {direction!r}: write cw or ccw")
    game.direction = 1 if direction == "cw" else -1

    # Once a player went out, the last card's presses may still pass a pile around:
    # others may go out on it too, and it may come back to the one who went out (R64).
    went = _active_seat(game, values["went"], "went") if "went" in values else -1
    for seat in game.active_seats():
        if not game.hands[seat] and went < 0:
            raise PositionError(f"hands: seat {seat} has no cards; the hand would be over")
    game.went_out = went
    if "owe" in values:
        _read_duties(game, values)
    else:
        for field in ("then", "mega", "went"):
            if field in values:
                raise PositionError(f"{field}: only while presses are owed (owe=)")
        if "turn" not in values:
            raise PositionError("field 'turn' is missing")
        game.current = _active_seat(game, values["turn"], "turn")
        game.phase = Phase.TURN if game.colour is not None else Phase.CHOOSE_COLOUR

    if "catch" in values:
        # The window stays open through penalty presses (R61), which may bring cards.
        caught = _active_seat(game, values["catch"], "catch")
        # The window opens on the play that leaves one card (R60) and closes at the next
        # play or press (R61); only penalty presses, which leave it open, add cards.
        held = len(game.hands[caught])
        if game.called_uno[caught]:
            raise PositionError(f"catch: seat {caught} said UNO (said=), so it cannot be caught")
        if held != 1 and "owe" not in values:
            raise PositionError(
                f"catch: seat {caught} holds {held} cards; a player can be caught holding one "
                "(more only while penalty presses are owed, owe=)"
            )
        game.uno_seat = caught
    if "bonus" in values:
        game.skip_after_bonus = _active_seat(game, values["bonus"], "bonus")
    empty = read_count(values.get("empty", "0"), "empty")
    if empty >= game.n_active:
        raise PositionError(
            f"empty: {empty} turns in a row pressed an empty launcher: the hand is void "
            f"once all {game.n_active} players have (P08)"
        )
    game.empty_turns = empty


def _read_duties(game: Game, values: dict[str, str]) -> None:
    """Presses owed (``owe``), where play resumes (``then``) and a pile (``mega``)."""
    players = game.n
    if "turn" in values:
        raise PositionError(
            "turn: presses are owed, so the first seat in owe acts; write where play "
            "resumes with then="
        )
    if not values["owe"]:
        raise PositionError("owe: give at least one duty, e.g. owe=1:2:hit")
    entries = values["owe"].split(",")
    duties = [read_duty(k, entry, players) for k, entry in enumerate(entries, 1)]
    for k, duty in enumerate(duties, 1):
        if not game.active[duty.seat]:
            raise PositionError(f"owe: entry {k}: seat {duty.seat} has been eliminated")
    game.duties = duties
    game.phase = Phase.PRESSING
    if game.went_out >= 0:
        if "then" in values:
            raise PositionError("then: the hand ends when the presses are made (went=)")
    elif "then" not in values:
        raise PositionError("then: give the seat that plays once the presses are made")
    else:
        game.resume = _active_seat(game, values["then"], "then")
        game.current = game.resume
    # A colour still to be named is named by the seat that plays next (R47, R53, R54).
    game.resume_colour = game.colour is None
    if "mega" in values:
        parts = values["mega"].split(":")
        if len(parts) != 3:
            raise PositionError(
                f"mega: {values['mega']!r}: write total:cards:origin (presses on the pile, "
                "Hit cards in it, the seat that laid the first)"
            )
        game.pile_total = read_count(parts[0], "mega")
        game.pile_cards = read_count(parts[1], "mega")
        game.pile_origin = read_seat(parts[2], "mega", players)
        if game.pile_cards < 1:
            raise PositionError("mega: a pile holds at least one Hit card")
    elif any(duty.stackable for duty in duties):
        raise PositionError(
            "mega: a duty that may stack (+stack) answers a pile: give mega=total:cards:origin"
        )


def _trades(card: Card) -> bool:
    """Whether ``card`` is a Trade Hands, which is never a start card (R50)."""
    effect = card.kind.effect
    return effect is not None and effect.trades


def _active_seat(game: Game, text: str, field: str) -> int:
    seat = read_seat(text, field, game.n)
    if not game.active[seat]:
        raise PositionError(f"{field}: seat {seat} has been eliminated")
    return seat
