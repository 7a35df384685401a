"""Determinization: complete games sampled from what one seat knows, and only that.

- Two games that look the same to a seat give that seat the same samples for the same
  random stream, whatever their hidden cards.
- Every sample is a legal game: each card exactly once, the seat's own view unchanged
  (hand, hand sizes, pile, launcher counters, legal actions), the same public history.
- What a seat saw in a trade is kept: the hand it gave away is where it went.
- Inferring from presses (a guess about opponents, an option of the search): an
  opponent who pressed at the start of its turn gets no card it could have played then,
  and the guess reads nothing the seat did not see. So too, with ``wilds``, for an
  opponent who played a wild at the start of its turn while nobody else was close to
  going out: no coloured card it could have played then; and, on a Mega Hit table, for
  an opponent who pressed under a pile it could have stacked on: no Hit card.
- Explaining plays (``sample_explained``, another option of the search): the view
  rebuilt of an opponent's past play, with its real hand, is the view it had; a card
  taken forgets the plays before it; the hands kept are the ones the model finds likely;
  and nothing is read that the seat did not see.
"""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from unoattack.bots.heuristic import HeuristicBot
from unoattack.engine import Action, Game, format_position, parse_position, view
from unoattack.engine.actions import ActionKind
from unoattack.engine.determinize import (
    HandReading,
    PastTurn,
    Sampler,
    _hand_sizes,
    determinize,
    knowledge,
)
from unoattack.engine.events import (
    CardPlayed,
    HandStarted,
    HandsTraded,
    MustPress,
    Pressed,
    Reshuffled,
    TurnStarted,
)
from unoattack.engine.view import View
from unoattack.rules.cards import Card, Colour, Kind

EDITIONS = ("2003", "2010", "mega-hit")


def faces_only(game: Game) -> str:
    """The position of ``game`` without copy numbers: which copy of a face is where is
    not something the rules (or a player) can tell apart."""
    return re.sub(r"#\d+", "", format_position(game))


def random_decisions(edition: str, players: int, seed: int, count: int) -> list[Game]:
    """``count`` games taken at random decisions of a random match (clones)."""
    rng = random.Random(seed)
    game = Game.new(edition, players=players, seed=seed)
    taken: list[Game] = []
    while not game.is_over and len(taken) < count:
        seat = game.to_act
        assert seat is not None
        actions = game.legal_actions(seat)
        plays = [a for a in actions if a.kind is ActionKind.PLAY]
        game.apply(rng.choice(plays if plays and rng.random() < 0.9 else actions), seat)
        if rng.random() < 0.2:
            taken.append(game.clone())
    return taken


def test_two_games_that_look_the_same_to_a_seat_give_it_the_same_samples() -> None:
    # Seat 0 holds the same cards and sees the same table in both; the other hands and
    # the launcher hold different cards.
    shown = "hands=R5,B-Skip,W/{one}/{two} pile=G3,R3 colour=R dir=cw turn=0 dealer=2 "
    rest = "scores=0,0,0 stock={stock},... launcher=hazard presses=1,4,9 seed=3"
    first = parse_position(
        "2003 " + shown.format(one="G1,G2,Y-TH", two="B1,B2,WAH,Y7") + rest.format(stock="R9,Y1")
    )
    second = parse_position(
        "2003 " + shown.format(one="R9,Y9,B4", two="G5,G6,G7,G8") + rest.format(stock="WHF,Y-Rev")
    )
    assert view(first, 0) == view(second, 0)
    assert faces_only(first) != faces_only(second)
    for seed in range(20):
        a = Sampler(first, 0).sample(random.Random(seed))
        b = Sampler(second, 0).sample(random.Random(seed))
        assert faces_only(a) == faces_only(b)
    # ... and different streams give different samples.
    samples = {faces_only(Sampler(first, 0).sample(random.Random(s))) for s in range(20)}
    assert len(samples) == 20


def draw(sampler: Sampler, method: str, rng: random.Random) -> Game:
    """A sample by ``method``: ``sample``, ``sample_inferring`` (from presses) or
    ``sample_inferring_wilds`` (from presses and wilds) or ``sample_inferring_named`` (and
    the colours wilds named)."""
    if method == "sample_inferring_wilds":
        return sampler.sample_inferring(rng, wilds=True)
    if method == "sample_inferring_named":
        return sampler.sample_inferring(rng, wilds=True, named=True)
    if method == "sample_inferring_every":
        return sampler.sample_inferring(rng, every=True)
    if method == "sample_inferring_reloads":
        return sampler.sample_inferring(rng, reloads=True)
    if method.startswith("sample_explained"):
        model = HeuristicBot(random.Random(0))

        def likelihood(seen: View, turn: PastTurn) -> float:
            return 1.0 if model.choose(seen).card == turn.card else 0.1

        return sampler.sample_explained(
            rng,
            likelihood,
            across=method.endswith("across"),
            reloads=method.endswith("reloads"),
        )
    sample: Game = getattr(sampler, method)(rng)
    return sample


@pytest.mark.parametrize(
    "method",
    [
        "sample",
        "sample_inferring",
        "sample_inferring_wilds",
        "sample_inferring_named",
        "sample_inferring_every",
        "sample_explained",
        "sample_explained_across",
        "sample_inferring_reloads",
        "sample_explained_reloads",
    ],
)
@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("players", [2, 4, 7])
def test_every_sample_is_a_legal_game_that_looks_the_same_to_the_seat(
    edition: str, players: int, method: str
) -> None:
    games = random_decisions(edition, players, seed=players * 31 + len(edition), count=25)
    assert len(games) >= 10
    rng = random.Random(0)
    for game in games:
        for seat in range(players):
            if not game.active[seat]:
                continue
            sampler = Sampler(game, seat)
            assert sampler.legal_actions() == game.legal_actions(seat)
            for _ in range(3):
                sample = draw(sampler, method, rng)
                ids = [i for hand in sample.hands for i in hand]
                ids += [*sample.pile, *sample.launcher.stock, *sample.aside]
                assert sorted(ids) == list(range(len(game.faces)))  # each card once
                assert view(sample, seat) == view(game, seat)
                assert sample.history == game.history
                assert Counter(sample.hand(seat)) == Counter(game.hand(seat))
                for other in range(players):
                    assert len(sample.hands[other]) == len(game.hands[other])
                # The sample plays on like any game.
                to_act = sample.to_act
                assert to_act is not None
                sample.apply(sample.legal_actions(to_act)[0], to_act)


def test_a_sampler_holds_no_hidden_card() -> None:
    game = Game.new("2010", players=4, seed=9)
    sampler = Sampler(game, 2)
    public = sampler._public
    assert [len(h) for h in public.hands] == [0, 0, 7, 0]
    assert public.launcher.stock == [] and public.aside == []


def test_the_hand_a_seat_gave_away_in_a_trade_is_known_to_be_where_it_went() -> None:
    # Seat 0 trades hands with seat 2 (R30): afterwards seat 0 knows seat 2 holds what it
    # gave (R5, G7), and seat 1 knows seat 0 now holds whatever seat 2 held.
    game = parse_position(
        "2003 hands=R-TH,R5,G7/B1,B2,B3/Y1,Y2,Y3,Y4 pile=R2 colour=R dir=cw turn=0 "
        "dealer=2 scores=0,0,0 stock=... launcher=scripted:0 seed=0"
    )
    game.apply(Action.parse("play R-TH @2"))
    r5, g7 = Card.parse("R5"), Card.parse("G7")
    told = knowledge(game, 0)
    assert told.known[2] == (r5, g7) and told.unknown[2] == 0
    assert Counter(told.hand) == Counter(Card.parse(c) for c in ("Y1", "Y2", "Y3", "Y4"))
    for seed in range(10):
        sample = determinize(game, 0, random.Random(seed))
        assert Counter(sample.hand(2)) == Counter([r5, g7])
    # Seat 2 knows seat 0 holds its old hand; seat 1 saw nothing but the sizes.
    assert Counter(knowledge(game, 2).known[0]) == Counter(
        Card.parse(c) for c in ("Y1", "Y2", "Y3", "Y4")
    )
    assert knowledge(game, 1).known[0] == () and knowledge(game, 1).unknown[0] == 4


def test_knowledge_of_a_traded_hand_shrinks_as_its_holder_plays_from_it() -> None:
    game = parse_position(
        "2003 hands=R-TH,R5,G7,R6/B1,B2,B3/Y1,Y2,Y3,Y4,R8 pile=R2 colour=R dir=cw turn=0 "
        "dealer=2 scores=0,0,0 stock=... launcher=scripted:0 seed=0"
    )
    game.apply(Action.parse("play R-TH @2"))  # seat 2 now holds R5, G7, R6
    game.apply(Action.parse("press"))  # seat 1 presses (the launcher dings)
    game.apply(Action.parse("play R5"))  # seat 2 plays the R5 seat 0 gave it
    told = knowledge(game, 0)
    assert Counter(told.known[2]) == Counter([Card.parse("G7"), Card.parse("R6")])
    assert told.unknown[2] == 0


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_reading_kept_between_decisions_reads_what_a_fresh_one_reads(edition: str) -> None:
    # A match keeps each search bot's reading of the hand from one decision to the next
    # (HandReading): at every decision of seeded matches of several hands, with trades,
    # what it has read is what reading the hand from its start gives, for every seat.
    # Trades: 2003's Trade Hands cards, 2010's wild as a trade (a house rule); Mega Hit
    # has no trade.
    options: dict[str, object] = {"target_score": 500}
    if edition == "2010":
        options["wild_custom_effect"] = "trade_hands"
    trades = hands = 0
    for players, seed in ((2, 3), (4, 5)):
        rng = random.Random(seed)
        game = Game.new(edition, players=players, seed=seed, options=options)
        readings = [HandReading(seat) for seat in range(players)]
        for _ in range(3_000):
            if game.is_over:
                break
            seat = game.to_act
            assert seat is not None
            for seen in range(players):
                assert readings[seen].read(game) == HandReading(seen).read(game)
            actions = game.legal_actions(seat)
            plays = [a for a in actions if a.kind is ActionKind.PLAY]
            game.apply(rng.choice(plays if plays and rng.random() < 0.9 else actions), seat)
        trades += sum(1 for event in game.log if type(event) is HandsTraded)
        hands += sum(1 for event in game.log if type(event) is HandStarted)
    # Trades and new hands were read on the way.
    assert (trades >= 2) == (edition != "mega-hit") and hands >= 4, (trades, hands)


def test_a_reading_of_another_log_reads_that_hand_from_its_start() -> None:
    game = Game.new("2003", players=3, seed=4)
    for _ in range(12):
        seat = game.to_act
        assert seat is not None
        game.apply(game.legal_actions(seat)[0], seat)
    reading = HandReading(1)
    reading.read(game)
    twin = game.clone()  # the same events, in another list, which then goes its own way
    for _ in range(6):
        seat = twin.to_act
        assert seat is not None
        twin.apply(twin.legal_actions(seat)[-1], seat)
    assert reading.read(twin) == HandReading(1).read(twin)
    assert reading.read(game) == HandReading(1).read(game)
    # A sampler given the reading samples what one reading the hand afresh samples.
    kept = Sampler(game, 1, reading).sample(random.Random(2))
    assert format_position(kept) == format_position(Sampler(game, 1).sample(random.Random(2)))
    with pytest.raises(ValueError, match="a reading of seat 1 given for seat 2"):
        Sampler(game, 2, reading)


def test_a_seat_out_of_range_is_refused() -> None:
    game = Game.new("2003", players=3, seed=1)
    with pytest.raises(ValueError, match="there is no seat 3 at this table of 3"):
        Sampler(game, 3)


# ---------------------------------------------------------------------- inferring from presses


def could_play(card: Card, top: Card, colour: Colour) -> bool:
    """R08–R11, written out: a wild, the active colour, the same number, the same symbol."""
    if card.is_wild or card.colour is colour:
        return True
    if card.kind is Kind.NUMBER:
        return top.kind is Kind.NUMBER and card.number == top.number
    return card.kind is top.kind


def after_a_press_at_a_turns_start(edition: str, seed: int) -> tuple[Game, int, Card, Colour]:
    """A match of heuristic bots, stopped at seat 0's decision right after another seat
    pressed at the start of its turn and took no card: (the game, that seat, the top
    card and the colour it pressed on)."""
    game = Game.new(edition, players=3, seed=seed)
    bots = [HeuristicBot(random.Random(seed * 3 + s)) for s in range(3)]
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        log = game.log
        last, before = log[-1], log[-2]
        if (
            seat == 0
            and isinstance(last, TurnStarted)
            and isinstance(before, Pressed)
            and before.seat != 0
            and before.count == 0
            and isinstance(log[-3], TurnStarted)
            and log[-3].seat == before.seat
            and game.phase.name == "TURN"
        ):
            top, colour = game.top, game.colour
            assert top is not None and colour is not None
            return game, before.seat, top, colour
        game.apply(bots[seat].choose(view(game, seat)), seat)
    raise AssertionError("no press at the start of a turn before seat 0's")


@pytest.mark.parametrize("edition", EDITIONS)
def test_an_opponent_who_pressed_at_the_start_of_its_turn_is_dealt_no_card_it_could_play(
    edition: str,
) -> None:
    # R14 lets a player renege, so this is a guess the search may make, not a rule: the
    # heuristic bot presses only when it cannot play (a Trade Hands that would not help
    # aside), so its real hand bears the guess out.
    for seed in range(40):
        try:
            game, presser, top, colour = after_a_press_at_a_turns_start(edition, seed)
        except AssertionError:
            continue
        playable = [c for c in game.hand(presser) if could_play(c, top, colour)]
        assert all(c.kind is Kind.TRADE_HANDS for c in playable)  # the bot did not renege
        sampler = Sampler(game, 0)
        rng = random.Random(seed)
        for _ in range(30):
            hand = sampler.sample_inferring(rng).hand(presser)
            assert len(hand) == len(game.hand(presser))
            assert not [
                c for c in hand if could_play(c, top, colour) and c.kind is not Kind.TRADE_HANDS
            ]
        # Without the guess some sample hands it a card it could have played.
        plain = [sampler.sample(rng).hand(presser) for _ in range(30)]
        assert any(could_play(c, top, colour) for hand in plain for c in hand)
        return
    raise AssertionError("no seed gave a press at the start of a turn")


def coloured_and_playable(card: Card, top: Card, colour: Colour) -> bool:
    """A coloured card playable on ``top`` in ``colour``, a Trade Hands aside."""
    return not card.is_wild and could_play(card, top, colour) and card.kind is not Kind.TRADE_HANDS


def kept_coloured(hand: list[Card], top: Card, colour: Colour) -> list[Card]:
    """The coloured cards of ``hand`` playable on ``top`` in ``colour`` (Trade Hands aside)."""
    return [card for card in hand if coloured_and_playable(card, top, colour)]


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_hand_sizes_read_from_public_events_are_the_real_ones(edition: str) -> None:
    # The guess from wilds needs every hand's size at the moment of the play: deals,
    # presses, plays (Discard All's included) and trades, counted from the events alone.
    for players, seed in ((2, 1), (4, 2), (7, 3)):
        game = Game.new(edition, players=players, seed=seed)
        bots = [HeuristicBot(random.Random(seed * 7 + s)) for s in range(players)]
        checked = 0
        while not game.is_over and checked < 600:
            log = game.log
            begin = max(i + 1 for i, e in enumerate(log) if isinstance(e, HandStarted))
            sizes = _hand_sizes(log, begin)
            assert [sizes.get(s, 0) for s in range(players)] == [len(h) for h in game.hands]
            checked += 1
            seat = game.to_act
            assert seat is not None
            game.apply(bots[seat].choose(view(game, seat)), seat)
        assert checked > 100


def after_a_wild_at_a_turns_start(edition: str, seed: int) -> tuple[Game, int, Card, Colour]:
    """A match of heuristic bots, stopped at seat 0's decision after another seat played
    a wild (not a Mega Hit stack) as its turn began, kept cards, with no other hand at
    two cards or fewer, and has taken no card since: (the game, that seat, the top card
    and the colour it played on)."""
    game = Game.new(edition, players=3, seed=seed)
    bots = [HeuristicBot(random.Random(seed * 3 + s)) for s in range(3)]
    found: tuple[int, Card, Colour, int] | None = None  # seat, top, colour, its hand size
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        if found is not None and seat == 0 and game.phase.name == "TURN":
            player, top, colour, size = found
            if len(game.hands[player]) == size:
                return game, player, top, colour
            found = None
        starting = isinstance(game.log[-1], TurnStarted) and game.log[-1].seat == seat
        top, colour = game.top, game.colour
        others_far = all(len(h) > 2 for s, h in enumerate(game.hands) if s != seat)
        action = bots[seat].choose(view(game, seat))
        game.apply(action, seat)
        played = next((e for e in reversed(game.log) if isinstance(e, CardPlayed)), None)
        if (
            seat != 0
            and starting
            and others_far
            and action.kind is ActionKind.PLAY
            and played is not None
            and played.seat == seat
            and played.card.is_wild
            and not played.stacked
            and game.hands[seat]
            and top is not None
            and colour is not None
        ):
            found = (seat, top, colour, len(game.hands[seat]))
        elif found is not None and seat == found[0]:
            found = None  # it played or took cards since
    raise AssertionError("no wild at the start of a turn before seat 0's")


@pytest.mark.parametrize("edition", EDITIONS)
def test_an_opponent_who_played_a_wild_with_nobody_close_is_dealt_no_coloured_card_it_could_play(
    edition: str,
) -> None:
    # The heuristic bot keeps its wilds for need: with nobody close to going out it plays
    # one only when no coloured card is playable (a Trade Hands that would not help
    # aside), so its real hand bears the guess out. A guess about opponents, not a rule.
    for seed in range(60):
        try:
            game, player, top, colour = after_a_wild_at_a_turns_start(edition, seed)
        except AssertionError:
            continue
        assert not kept_coloured(game.hand(player), top, colour)
        sampler = Sampler(game, 0)
        rng = random.Random(seed)
        for _ in range(30):
            hand = sampler.sample_inferring(rng, wilds=True).hand(player)
            assert len(hand) == len(game.hand(player))
            assert not kept_coloured(hand, top, colour)
        # Inferring from presses alone, some sample hands it such a card.
        plain = [sampler.sample_inferring(rng).hand(player) for _ in range(30)]
        assert any(kept_coloured(hand, top, colour) for hand in plain)
        return
    raise AssertionError("no seed gave a wild at the start of a turn")


def after_a_press_under_a_pile(game: Game) -> dict[int, int]:
    """Each other seat whose latest event of its own in the current hand was a press
    under a Mega Hit pile it could have stacked on, or a later press of that duty: the
    cards it has taken since that first press, itself included (public counts)."""
    log = game.log
    begin = max(i for i, event in enumerate(log) if isinstance(event, HandStarted))
    found: dict[int, int] = {}
    stack_duty = -1
    for event in log[begin:]:
        if isinstance(event, Pressed) and event.seat in found:
            found[event.seat] += event.count
        elif isinstance(event, Pressed) and event.seat == stack_duty and event.seat != 0:
            found[event.seat] = event.count
        elif isinstance(event, (TurnStarted, CardPlayed)):
            found.pop(event.seat, None)
        elif isinstance(event, HandsTraded):
            found.pop(event.seat, None)
            found.pop(event.target, None)
        if isinstance(event, MustPress):
            stack_duty = event.seat if event.may_stack else -1
        elif not isinstance(event, Reshuffled):
            stack_duty = -1
    return found


@pytest.mark.parametrize("players", [3, 4])
def test_an_opponent_who_pressed_under_a_pile_it_could_stack_on_is_dealt_no_hit_card(
    players: int,
) -> None:
    # R37: facing a Mega Hit pile a player may pass it on with any Hit card. The heuristic
    # bot always does, so a press there says it held none: of the cards it holds now, no
    # more are Hit cards than it took since that press. A guess about opponents, not a
    # rule; its real hand bears it out every time.
    checked = guessed_plainly = 0
    for seed in range(12):
        game = Game.new("mega-hit", players=players, seed=seed)
        # R37: "TOUTE carte Appuyer": Hit 1, Hit 2 and the Double attaque.
        stackable = frozenset(
            card
            for card in game.faces
            if card.kind in (Kind.HIT1, Kind.HIT2, Kind.WILD_ATTACK_ATTACK)
        )
        bots = [HeuristicBot(random.Random(seed * 5 + s)) for s in range(players)]
        rng = random.Random(seed)
        for _ in range(1500):
            seat = game.to_act
            if seat is None:
                break
            if seat == 0:
                found = after_a_press_under_a_pile(game)
                sampler = Sampler(game, 0) if found else None
                for presser, taken in found.items():
                    assert sampler is not None
                    hits = sum(card in stackable for card in game.hand(presser))
                    assert hits <= taken  # the bot did not keep a Hit card back
                    for _sample in range(6):
                        hand = sampler.sample_inferring(rng).hand(presser)
                        assert len(hand) == len(game.hand(presser))
                        assert sum(card in stackable for card in hand) <= taken
                    plain = sampler.sample(rng).hand(presser)
                    guessed_plainly += sum(card in stackable for card in plain) > taken
                    checked += 1
            game.apply(bots[seat].choose(view(game, seat)), seat)
    assert checked >= 100
    # Without the guess, samples deal such a seat more Hit cards than it can hold.
    assert guessed_plainly >= 10


def could_be_old(cards: list[Card], unseen_then: Counter[Card]) -> int:
    """How many of ``cards`` could have been among the faces ``unseen_then``."""
    return sum((Counter(cards) & unseen_then).values())


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_cards_an_opponent_has_held_since_the_launcher_was_reloaded_are_no_discards(
    edition: str,
) -> None:
    # R18, R19: an empty launcher is reloaded with every discard but the top card, all
    # of them seen played. The cards another seat has held since were elsewhere then, so
    # of the cards it holds now, at least its hand's size less the cards it took since
    # are of the cards seat 0 could not place then. A rule, not a guess: the real hands
    # bear it out every time, and every sample that reads the reload keeps it.
    checked = broken_plainly = 0
    rng = random.Random(1)
    for seed in range(8):
        game = Game.new(edition, players=4, seed=seed)
        bots = [HeuristicBot(random.Random(seed * 3 + s)) for s in range(4)]
        loaded: set[int] | None = None  # the card ids reloaded into the launcher
        unseen_then: Counter[Card] = Counter()  # the faces seat 0 could not place then
        taken: dict[int, int] = {}  # each other seat's cards taken since, no trade since
        for _ in range(2500):
            seat = game.to_act
            if seat is None:
                break
            if seat == 0 and loaded is not None and taken:
                sampler = Sampler(game, 0)
                samples = [
                    sampler.sample_inferring(rng, reloads=True),
                    sampler.sample_explained(rng, lambda _view, _turn: 1.0, reloads=True),
                ]
                plain = sampler.sample_inferring(rng)
                for other, took in taken.items():
                    hand = list(game.hands[other])
                    since = len(hand) - took
                    assert len([i for i in hand if i not in loaded]) >= since
                    assert could_be_old(game.hand(other), unseen_then) >= since
                    for sample in samples:
                        assert could_be_old(sample.hand(other), unseen_then) >= since
                    broken_plainly += could_be_old(plain.hand(other), unseen_then) < since
                    checked += 1
            before = set(game.pile[:-1]) | set(game.launcher.stock)
            placed = Counter([game.faces[i] for i in game.pile] + game.hand(0))
            events = len(game.log)
            game.apply(bots[seat].choose(view(game, seat)), seat)
            for event in game.log[events:]:
                if isinstance(event, HandStarted):
                    loaded, taken = None, {}
                elif isinstance(event, Reshuffled):
                    loaded, taken = before, {1: 0, 2: 0, 3: 0}
                    unseen_then = Counter(game.faces) - placed
                elif isinstance(event, Pressed) and event.seat in taken:
                    taken[event.seat] += event.count
                elif isinstance(event, HandsTraded):
                    taken.pop(event.seat, None)
                    taken.pop(event.target, None)
    assert checked >= 100
    # Without the reload read, samples deal such a seat too many of the discards.
    assert broken_plainly >= checked // 4


def most_held(hand: list[Card]) -> set[Colour]:
    counts = Counter(card.colour for card in hand if card.colour is not None)
    top = max(counts.values(), default=0)
    return {colour for colour in Colour if counts[colour] == top}


@pytest.mark.parametrize("edition", EDITIONS)
def test_an_opponent_who_named_a_colour_is_dealt_most_of_that_colour(edition: str) -> None:
    # The heuristic bot, like most people, names the colour it holds most; until its
    # hand changes, samples that take the guess give it a hand where that holds.
    for seed in range(60):
        try:
            game, player, top, colour = after_a_wild_at_a_turns_start(edition, seed)
        except AssertionError:
            continue
        wild = next(e for e in reversed(game.log) if isinstance(e, CardPlayed) and e.seat == player)
        assert wild.card.is_wild
        named = wild.colour
        assert named in most_held(game.hand(player))  # the bot named its colour
        sampler = Sampler(game, 0)
        rng = random.Random(seed)
        hands = [sampler.sample_inferring(rng, True, True).hand(player) for _ in range(30)]
        assert all(named in most_held(hand) for hand in hands)
        assert all(not kept_coloured(hand, top, colour) for hand in hands)
        # Inferring from the wild alone, some sample does not.
        plain = [sampler.sample_inferring(rng, True).hand(player) for _ in range(30)]
        assert not all(named in most_held(hand) for hand in plain)
        return
    raise AssertionError("no seed gave a wild at the start of a turn")


def looking_the_same_to_seat_0(game: Game) -> Game:
    """``game`` (three seats) with its log as seat 0 saw it (others' drawn and dealt cards
    hidden) and the cards seat 0 cannot see swapped about among the other hands and the
    launcher: a different game that looks the same to seat 0."""
    other = game.clone()
    other.log[:] = [event.for_seat(0) for event in game.log]
    hidden = [i for s in (1, 2) for i in other.hands[s]] + list(other.launcher.stock)
    random.Random(9).shuffle(hidden)
    at = 0
    for s in (1, 2):
        size = len(other.hands[s])
        other.hands[s] = dict.fromkeys(hidden[at : at + size])
        other._index_hand(s)
        at += size
    other.launcher.stock = hidden[at:]
    assert view(other, 0) == view(game, 0)
    return other


@pytest.mark.parametrize(("wilds", "every"), [(False, False), (True, False), (False, True)])
def test_inferred_samples_read_only_what_the_seat_saw(wilds: bool, every: bool) -> None:
    named = wilds
    made = after_a_wild_at_a_turns_start if wilds else after_a_press_at_a_turns_start
    game, _player, _top, _colour = made("2003", 3)
    other = looking_the_same_to_seat_0(game)
    for seed in range(10):
        a = Sampler(game, 0).sample_inferring(random.Random(seed), wilds, named, every)
        b = Sampler(other, 0).sample_inferring(random.Random(seed), wilds, named, every)
        assert faces_only(a) == faces_only(b)


def after_a_reload(edition: str) -> Game:
    """A three-seat heuristic match stopped at a turn of seat 0 after the launcher was
    reloaded from the discard pile in the current hand."""
    for seed in range(40):
        game, _seen = heuristic_match_views(edition, 3, seed, 600)
        log = game.log
        begin = max(i for i, event in enumerate(log) if isinstance(event, HandStarted))
        if game.to_act == 0 and any(isinstance(e, Reshuffled) for e in log[begin:]):
            return game
    raise AssertionError("no reload before a turn of seat 0")


@pytest.mark.parametrize("explained", [False, True])
def test_samples_that_read_the_reloads_read_only_what_the_seat_saw(explained: bool) -> None:
    game = after_a_reload("2003")
    other = looking_the_same_to_seat_0(game)

    def likelihood(_seen: View, _turn: PastTurn) -> float:
        return 0.5

    for seed in range(10):
        a, b = Sampler(game, 0), Sampler(other, 0)
        if explained:
            first = a.sample_explained(random.Random(seed), likelihood, reloads=True)
            second = b.sample_explained(random.Random(seed), likelihood, reloads=True)
        else:
            first = a.sample_inferring(random.Random(seed), reloads=True)
            second = b.sample_inferring(random.Random(seed), reloads=True)
        assert faces_only(first) == faces_only(second)


def after_two_presses_at_turns_start(
    edition: str, seed: int
) -> tuple[Game, int, list[tuple[Card, Colour]]]:
    """A match of heuristic bots, stopped at seat 0's turn after another seat pressed at
    the start of two turns in a row, taking no card either time, its hand unchanged
    since: (the game, that seat, the top card and colour of each press, oldest first)."""
    game = Game.new(edition, players=3, seed=seed)
    bots = [HeuristicBot(random.Random(seed * 3 + s)) for s in range(3)]
    presses: dict[int, list[tuple[Card, Colour]]] = {1: [], 2: []}
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        if seat == 0 and game.phase.name == "TURN":
            for other in (1, 2):
                if len(presses[other]) >= 2:
                    return game, other, presses[other][-2:]
        starting = isinstance(game.log[-1], TurnStarted) and game.log[-1].seat == seat
        top, colour = game.top, game.colour
        before = len(game.log)
        hands = [list(hand) for hand in game.hands]
        game.apply(bots[seat].choose(view(game, seat)), seat)
        pressed = [e for e in game.log[before:] if isinstance(e, Pressed)]
        for other in (1, 2):
            if list(game.hands[other]) != hands[other]:
                presses[other] = []  # it played, took cards or traded
        if (
            seat != 0
            and starting
            and len(pressed) == 1
            and pressed[0].seat == seat
            and pressed[0].count == 0
            and top is not None
            and colour is not None
        ):
            presses[seat].append((top, colour))
    raise AssertionError("no two presses in a row before seat 0's turn")


@pytest.mark.parametrize("edition", EDITIONS)
def test_with_every_press_an_opponent_is_dealt_no_card_it_could_play_at_either(
    edition: str,
) -> None:
    # Two presses in a row with no card taken: the whole hand was held at both, so a
    # heuristic bot (which presses only when it cannot play, a Trade Hands that would not
    # help aside) holds no card playable at either. The latest press alone says less.
    def at_either(hand: list[Card], seen: list[tuple[Card, Colour]]) -> list[Card]:
        return [
            c
            for c in hand
            if c.kind is not Kind.TRADE_HANDS and any(could_play(c, t, k) for t, k in seen)
        ]

    for seed in range(80):
        try:
            game, presser, seen = after_two_presses_at_turns_start(edition, seed)
        except AssertionError:
            continue
        assert not at_either(game.hand(presser), seen)  # the bot did not renege
        sampler = Sampler(game, 0)
        rng = random.Random(seed)
        for _ in range(30):
            hand = sampler.sample_inferring(rng, every=True).hand(presser)
            assert len(hand) == len(game.hand(presser))
            assert not at_either(hand, seen)
        latest = [sampler.sample_inferring(rng).hand(presser) for _ in range(30)]
        if any(at_either(hand, seen[:1]) for hand in latest):
            return
    raise AssertionError("no seed gave two presses where the older one says more")


def heuristic_match_views(
    edition: str, players: int, seed: int, stop: int
) -> tuple[Game, dict[int, View]]:
    """A match of heuristic bots played for ``stop`` decisions (or to its end): the game,
    and the view each seat had at each of its decisions, by the log's length then."""
    game = Game.new(edition, players=players, seed=seed)
    bots = [HeuristicBot(random.Random(seed * 7 + s)) for s in range(players)]
    seen: dict[int, View] = {}
    for _ in range(stop):
        seat = game.to_act
        if seat is None:
            break
        seen[len(game.log)] = view(game, seat)
        game.apply(bots[seat].choose(seen[len(game.log)]), seat)
    return game, seen


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("players", [2, 4])
def test_an_opponents_past_view_with_its_real_hand_is_the_view_it_had(
    edition: str, players: int
) -> None:
    # Each play an opponent made as its turn began, since it last took a card: its hand
    # then is its hand now with the cards it played since; the table then is read from
    # public events. With its real hand, the view rebuilt is the one it had, in all it
    # shows of that turn's choice.
    checked = 0
    for seed in range(6):
        for stop in (40, 90, 160, 260):
            game, seen = heuristic_match_views(edition, players, seed, stop)
            if game.is_over:
                continue
            sampler = Sampler(game, 0)
            for other in range(1, players):
                for turn in sampler.past_turns(other):
                    had = seen[max(at for at in seen if at <= turn.at)]
                    assert had.seat == other and had.phase == "turn"
                    rebuilt = sampler.past_view(list(game.hands[other]), turn)
                    assert Counter(rebuilt.hand or ()) == Counter(had.hand or ())
                    assert rebuilt.hand_counts == had.hand_counts == turn.sizes
                    assert (rebuilt.top, rebuilt.colour, rebuilt.direction) == (
                        had.top,
                        had.colour,
                        had.direction,
                    )
                    assert rebuilt.launcher.presses_since_fire == had.launcher.presses_since_fire
                    assert (rebuilt.scores, rebuilt.active) == (had.scores, had.active)
                    assert set(rebuilt.legal_actions) == set(had.legal_actions)
                    played = game.log[turn.at]
                    assert isinstance(played, CardPlayed) and played.seat == other
                    assert (played.card, played.colour) == (turn.card, turn.named)
                    checked += 1
    assert checked >= 30


def test_a_past_view_built_for_hand_after_hand_is_the_whole_view_of_the_last() -> None:
    # A sample weighs many hands in one past position: the view built for each is the one
    # built from nothing for that hand, every field (hand, counts, UNO flags, legal plays)
    # and not a field of the hand before.
    checked = 0
    for seed in range(8):
        game, _seen = heuristic_match_views("2003", 4, seed, 90)
        if game.is_over:
            continue
        sampler = Sampler(game, 0)
        rng = random.Random(seed)
        for other in range(1, 4):
            for turn in sampler.past_turns(other):
                for _hand in range(4):
                    sample = sampler.sample(rng)
                    held = list(sample.hands[other])[: rng.randrange(len(sample.hands[other]) + 1)]
                    seen = sampler.past_view(held, turn)
                    scene = sampler._scenes[id(turn)][1]
                    assert seen == view(scene, other)
                    assert seen.hand_counts[other] == len(held) + len(turn.held_since)
                    checked += 1
    assert checked >= 40


def test_a_card_taken_forgets_the_plays_before_it() -> None:
    # Seat 1 played as its turn began, then took cards from the launcher: that play is
    # forgotten (its hand then is no longer its hand now plus what it played since).
    for seed in range(40):
        game, _seen = heuristic_match_views("2003", 3, seed, 120)
        log = game.log
        begin = max(i for i, e in enumerate(log) if isinstance(e, HandStarted))
        turns = Sampler(game, 0).past_turns(1)
        took = [
            i
            for i in range(begin, len(log))
            if isinstance(log[i], Pressed) and log[i].seat == 1 and (log[i].count or log[i].stuck)
        ]
        if turns and took:
            assert all(turn.at > took[-1] and turn.taken == 0 for turn in turns)
            return
    raise AssertionError("no seat 1 that played after taking cards")


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_play_before_a_card_taken_is_read_with_the_cards_held_since(edition: str) -> None:
    # Across the cards taken, an opponent's play is kept with how many it took since (the
    # public counts). Its hand then is its hand now less that many cards, with the cards
    # it played since put back until it is as large as it was: with its real hand, the
    # cards it held then first, the view rebuilt is the one it had whenever no card it
    # took was played since.
    checked = exact = 0
    for seed in range(6):
        for stop in (90, 160, 260):
            game, seen = heuristic_match_views(edition, 4, seed, stop)
            if game.is_over:
                continue
            log = game.log
            sampler = Sampler(game, 0)
            for other in range(1, 4):
                across = sampler.past_turns(other, across=True)
                fresh = sampler.past_turns(other)
                assert across[len(across) - len(fresh) :] == fresh
                for turn in across:
                    if not turn.taken:
                        continue
                    taken = [
                        e.count
                        for e in log[turn.at :]
                        if isinstance(e, Pressed) and e.seat == other
                    ]
                    assert turn.taken == sum(taken) > 0
                    had = seen[max(at for at in seen if at <= turn.at)]
                    then = Counter(had.hand or ())
                    still = Counter(then)
                    for card in turn.held_since:
                        still[card] -= 1
                    old: list[int] = []
                    new: list[int] = []
                    for card_id in game.hands[other]:
                        face = game.faces[card_id]
                        if still[face] > 0:
                            still[face] -= 1
                            old.append(card_id)
                        else:
                            new.append(card_id)
                    held = (old + new)[: max(0, len(game.hands[other]) - turn.taken)]
                    rebuilt = sampler.past_view(held, turn)
                    assert rebuilt.hand_counts == had.hand_counts == turn.sizes
                    checked += 1
                    if Counter(rebuilt.hand or ()) == then:
                        exact += 1
                        assert set(rebuilt.legal_actions) == set(had.legal_actions)
    assert checked >= 10
    assert exact >= checked // 2


def test_explained_samples_keep_the_hands_the_model_finds_likely() -> None:
    # A model that makes every past play of seat 1 likely only when its hand then held a
    # wild: the samples deal it a wild (among the cards it still holds, or played since).
    for seed in range(40):
        game, _seen = heuristic_match_views("2003", 3, seed, 60)
        sampler = Sampler(game, 0)
        if not game.is_over and sampler.past_turns(1):
            break
    else:
        raise AssertionError("no position with a past play of seat 1")

    def likelihood(seen: View, turn: PastTurn) -> float:
        if turn.seat != 1:
            return 1.0
        return 1.0 if any(card.is_wild for card in seen.hand or ()) else 0.0

    turn = sampler.past_turns(1)[-1]
    with_wild = 0
    for seed in range(30):
        sample = sampler.sample_explained(random.Random(seed), likelihood, attempts=200)
        held = list(sample.hands[1])
        with_wild += any(card.is_wild for card in sampler.past_view(held, turn).hand or ())
    assert with_wild == 30
    plain = 0
    for seed in range(30):
        sample = sampler.sample_inferring(random.Random(seed))
        held = list(sample.hands[1])
        plain += any(card.is_wild for card in sampler.past_view(held, turn).hand or ())
    assert plain < 30


@pytest.mark.parametrize("across", [False, True])
def test_explained_samples_read_only_what_the_seat_saw(across: bool) -> None:
    model = HeuristicBot(random.Random(4))

    def likelihood(seen: View, turn: PastTurn) -> float:
        action = model.choose(seen)
        return 1.0 if action.card == turn.card else 0.1

    for seed in range(40):
        game, _seen = heuristic_match_views("2010", 3, seed, 70)
        if not game.is_over and any(Sampler(game, 0).past_turns(s) for s in (1, 2)):
            break
    else:
        raise AssertionError("no position with a past play to explain")
    other = looking_the_same_to_seat_0(game)
    for seed in range(10):
        model.rng.seed(seed)
        a = Sampler(game, 0).sample_explained(random.Random(seed), likelihood, across=across)
        model.rng.seed(seed)
        b = Sampler(other, 0).sample_explained(random.Random(seed), likelihood, across=across)
        assert faces_only(a) == faces_only(b)
