"""The engine's API: actions, notation, views, events, records, determinism."""

from __future__ import annotations

import copy
import json
import pickle
import random

import pytest

from compiled import fields
from unoattack.bots import HeuristicBot, ISMCTSBot, RandomBot, play_match
from unoattack.engine import (
    ILLEGAL_REASONS,
    NUM_ACTIONS,
    SPECTATOR,
    Action,
    Game,
    IllegalAction,
    PositionError,
    Record,
    format_position,
    parse_position,
    verify,
    view,
)
from unoattack.engine.actions import ACTIONS, ActionKind, play
from unoattack.engine.events import Dealt, Pressed
from unoattack.engine.game import REFEREE
from unoattack.engine.match import Match, Timing, play_out
from unoattack.engine.state import Duty, MoveCache, State
from unoattack.rules.cards import FACES

POSITION = (
    "2003 hands=R7,B-Skip,W/G3,Y-TH/Y1,Y2 pile=B5,R2 colour=R dir=ccw turn=2 dealer=1 "
    "scores=10,0,45 stock=G1,G2,... launcher=scripted:3,0,2+1 seed=5"
)


def test_every_action_code_round_trips() -> None:
    assert NUM_ACTIONS == len(ACTIONS) == 747
    for code, action in enumerate(ACTIONS):
        assert action.code == code
        assert Action.from_code(code) is action
        assert Action.parse(str(action)) == action


def test_action_strings_read_naturally() -> None:
    assert str(play("WAA", "G", target=2)) == "play WAA G @2"
    assert str(play("Y-TH", target=1, uno=True)) == "play Y-TH @1 uno"
    assert Action.parse("PLAY r7").card is not None
    assert Action.parse("colour blue").kind is ActionKind.CHOOSE_COLOUR


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("jump", "not an action: 'jump': write press"),
        ("play", "not an action: 'play': write press"),
        ("play R0", "unknown card 'R0': write a colour letter and a number (R7)"),
        ("play R7 purple", "unknown colour 'purple': use R, Y, G or B"),
        ("catch 12", "not an action: 'catch 12': write press"),
        # "²" and "𝟙" pass str.isdigit(); int() refused the one with its own words and
        # read the other as seat 1.
        ("catch ²", "not an action: 'catch ²': write press"),
        ("catch 𝟙", "not an action: 'catch 𝟙': write press"),
        ("play Y-TH @²", "not an action: 'play Y-TH @²': write press"),
    ],
)
def test_malformed_action_strings_are_refused(text: str, start: str) -> None:
    with pytest.raises(ValueError) as refused:
        Action.parse(text)
    assert str(refused.value).startswith(start)


def test_an_empty_action_string_is_refused_with_examples() -> None:
    with pytest.raises(ValueError, match="empty action: try 'press', 'play R7' or 'play W G'"):
        Action.parse("")


def test_impossible_actions_cannot_be_built() -> None:
    with pytest.raises(ValueError, match="needs a colour"):
        play("W")
    with pytest.raises(ValueError, match="is not a wild"):
        play("R7", "G")


def test_position_round_trips() -> None:
    game = parse_position(POSITION)
    assert format_position(game) == POSITION
    assert format_position(parse_position(format_position(game))) == POSITION
    assert game.to_act == 2 and game.direction == -1 and game.scores == [10, 0, 45]
    assert [str(c) for c in game.hand(1)] == ["G3", "Y-TH"]
    assert [str(game.faces[i]) for i in game.launcher.stock[:3]] == ["G1", "G2", "R1"]


def test_position_with_house_rules_out_and_catch_round_trips() -> None:
    text = (
        "mega-hit hands=R5/G1,G2/ pile=R2 colour=R dir=cw turn=0 dealer=1 scores=0,0,600 "
        "stock=... launcher=hazard seed=0 out=2 catch=0 hand=3 "
        "house=stop_after_fire=choose;reshuffle_threshold=30"
    )
    game = parse_position(text)
    assert format_position(game) == text
    assert game.options.stop_after_fire == "choose" and game.active == [True, True, False]
    assert [str(a) for a in game.legal_actions(1)] == ["catch 0"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty position"),
        ("1999 hands=R1/R2", "unknown edition"),
        (
            "2003 hands=R1/R2 pile=R3 turn=0 dealer=0 scores=0,0 stock=R4 launcher=hazard",
            "not placed",
        ),
        (
            "2003 hands=R1,R1,R1/R2 pile=R3 turn=0 dealer=0 scores=0,0 stock=... launcher=hazard",
            "one R1 too many",
        ),
        (
            "2003 hands=R1/R2 pile=W turn=0 dealer=0 scores=0,0 stock=... launcher=hazard",
            "name the active colour",
        ),
        (
            "2003 hands=R1/R2 pile=R3 turn=5 dealer=0 scores=0,0 stock=... launcher=hazard",
            "seat 5 does not exist",
        ),
        (
            "2003 hands=R1/R2 pile=R3 turn=0 dealer=0 scores=0,0 stock=... launcher=rocket",
            "launcher",
        ),
        (
            "2003 hands=R1/R2 pile=R3 turn=0 dealer=0 scores=0 stock=... launcher=hazard",
            "1 given for 2 seats",
        ),
        (
            "2003 hands=R1/R2 pile=R3 turn=0 dealer=0 scores=0,0 stock=... launcher=hazard x=1",
            "is not a field",
        ),
        (
            "2003 hands=R1/R2 pile=R3 turn=0 dealer=0 scores=0,0 stock=... launcher=hazard "
            "house=stacking=perhaps",
            "house",
        ),
    ],
)
def test_bad_positions_say_which_field(text: str, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        parse_position(text)


def test_illegal_action_leaves_the_game_unchanged() -> None:
    game = parse_position(POSITION)
    before = format_position(game)
    with pytest.raises(IllegalAction, match="you have no G7 in your hand"):
        game.apply(play("G7"))
    with pytest.raises(IllegalAction, match="it is not your turn: seat 2 is to act"):
        game.apply(play("R7"), seat=0)
    with pytest.raises(IllegalAction, match="Y1 does not match R2") as raised:
        game.apply(play("Y1"))
    assert raised.value.reason == "no_match"
    assert raised.value.details == {"card": "Y1", "top": "R2", "colour": "R"}
    assert format_position(game) == before
    assert game.history == [] and game.log == []


def test_every_refusal_names_a_known_reason_with_its_details() -> None:
    """An IllegalAction's reason and details are what ILLEGAL_REASONS says, for every
    action refused over random games, so front-ends can translate them."""
    seen: set[str] = set()
    rng = random.Random(3)
    for index, edition in enumerate(("2003", "2010", "mega-hit") * 3):
        game = Game.new(edition, players=2 + index % 4, seed=index, events=False)
        while not game.is_over and game.hand_number < 3:
            seat = rng.randrange(-1, game.n + 1)
            for action in rng.sample(ACTIONS, 40):
                if seat in range(game.n) and action in game.legal_actions(seat):
                    continue
                if action.kind is ActionKind.PENALIZE and seat == REFEREE:
                    continue
                try:
                    game.apply(action, seat)
                except IllegalAction as refusal:
                    assert refusal.reason in ILLEGAL_REASONS, refusal.reason
                    assert set(refusal.details) == set(ILLEGAL_REASONS[refusal.reason])
                    seen.add(refusal.reason)
                else:
                    raise AssertionError(f"{action} by seat {seat} was accepted")
            game.apply(rng.choice(game.legal_actions()))
    assert len(seen) >= 15, sorted(seen)


def test_view_shows_own_hand_and_counts_only() -> None:
    game = parse_position(POSITION)
    mine = view(game, 1)
    assert [str(c) for c in mine.hand or ()] == ["G3", "Y-TH"]
    assert mine.hand_counts == (3, 2, 2)
    assert mine.legal_actions == ()
    assert view(game, 2).is_my_turn
    spectator = view(game, SPECTATOR)
    assert spectator.hand is None and spectator.legal_actions == ()
    assert spectator.launcher.stock_size == len(game.launcher.stock)
    with pytest.raises(ValueError, match="no seat 7"):
        view(game, 7)


def test_the_view_says_why_each_press_is_owed() -> None:
    """A front-end reads why presses are owed from the view, not from the log."""
    game = parse_position(
        "2003 hands=R-Hit2,R5,R6/G1,G2/B1,B2 pile=R2 turn=0 dealer=2 scores=0,0,0 stock=... "
        "launcher=scripted seed=0"
    )
    game.apply(Action.parse("play R-Hit2"))
    game.penalize_suggestion(2)
    owed = view(game, SPECTATOR).duties
    assert [(d.seat, d.presses, d.penalty, d.reason) for d in owed] == [
        (2, 4, True, "suggestion"),
        (1, 2, False, "hit"),
    ]


def test_face_counts_are_the_copies_of_each_face_a_hand_holds_as_it_changes() -> None:
    game = parse_position(POSITION)
    counts = game.face_counts(1)
    g3, trade = (next(c.index for c in FACES if str(c) == name) for name in ("G3", "Y-TH"))
    assert len(counts) == len(FACES) and sum(counts) == 2
    assert (counts[g3], counts[trade]) == (1, 1)
    # ... and they follow every hand through random play: presses, plays, trades.
    game = Game.new("2003", players=3, seed=4)
    rng = random.Random(4)
    for _ in range(300):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
        for seat in range(3):
            held = [0] * len(FACES)
            for card in game.hand(seat):
                held[card.index] += 1
            assert game.face_counts(seat) == tuple(held)


def test_press_events_are_redacted_for_other_seats() -> None:
    game = parse_position(POSITION)
    (pressed, *_) = game.apply(Action.parse("press"))
    assert isinstance(pressed, Pressed) and pressed.count == 3
    assert [str(c) for c in pressed.cards or ()] == ["G1", "G2", "R1"]
    other = pressed.for_seat(0)
    assert isinstance(other, Pressed) and other.cards is None and other.count == 3
    assert pressed.for_seat(2) is pressed


def test_dealt_events_show_each_seat_only_its_own_hand() -> None:
    game = Game.new("2003", players=3, seed=1)
    dealt = [e for e in game.log if isinstance(e, Dealt)]
    assert len(dealt) == 3
    for event in dealt:
        assert event.for_seat(event.seat) is event
        seen = event.for_seat((event.seat + 1) % 3)
        assert isinstance(seen, Dealt) and seen.cards is None and seen.count == 7


def random_match(seed: int, launcher: str = "hazard") -> Game:
    game = Game.new("mega-hit", players=3, seed=seed, launcher=launcher)
    play_match(game, [RandomBot(random.Random(seed * 10 + s)) for s in range(3)])
    return game


def test_same_seed_and_actions_give_the_identical_game() -> None:
    first, second = random_match(11), random_match(11)
    assert [e.to_dict() for e in first.log] == [e.to_dict() for e in second.log]
    assert first.result == second.result


def test_a_different_launcher_keeps_the_same_deal() -> None:
    """Deck and launcher draw from separate streams: the deal does not depend on the model."""
    hazard = Game.new("2003", players=4, seed=9, launcher="hazard")
    draw_one = Game.new("2003", players=4, seed=9, launcher="draw-one")
    assert hazard.hands == draw_one.hands and hazard.pile == draw_one.pile


def test_record_replays_and_verifies() -> None:
    game = random_match(3)
    record = Record.from_game(game)
    again = Record.from_json(record.to_json())
    assert verify(again).ok
    replayed = again.replay()
    assert replayed.result == game.result
    assert [e.to_dict() for e in replayed.log] == [e.to_dict() for e in game.log]
    halfway = again.replay(upto=len(record.actions) // 2)
    assert len(halfway.history) == len(record.actions) // 2


def test_tampered_records_are_detected() -> None:
    record = Record.from_game(random_match(4))
    data = json.loads(record.to_json())
    first_play = next(i for i, (_, text) in enumerate(data["actions"]) if text != "press")
    data["actions"][first_play][1] = "press"
    assert not verify(Record.from_json(json.dumps(data))).ok
    data = json.loads(record.to_json())
    data["result"]["winners"] = [9]
    verdict = verify(Record.from_json(json.dumps(data)))
    assert not verdict.ok and "digest" in verdict.message
    # A forger who recomputes the digest is still caught by the replay.
    forged = Record.from_json(record.to_json())
    forged.events[-1] = {**forged.events[-1], "winners": [9]}
    forged.digest = forged.compute_digest()
    verdict = verify(forged)
    assert not verdict.ok and "differs on replay" in verdict.message


def test_clone_is_independent() -> None:
    game = Game.new("2003", players=3, seed=2)
    twin = game.clone()
    action = game.legal_actions()[-1]
    game.apply(action)
    assert twin.history == [] and len(game.history) == 1
    twin.apply(action)
    assert [e.to_dict() for e in twin.log] == [e.to_dict() for e in game.log]


def as_data(value: object) -> object:
    """A game's field as plain data: the move cache and the duties by their slots."""
    if isinstance(value, list):
        return [as_data(item) for item in value]
    if isinstance(value, (MoveCache, Duty)):
        return {name: getattr(value, name) for name in fields(type(value))}
    return value


def test_a_clone_and_a_search_copy_have_every_field_of_the_game() -> None:
    """The copies assign the game's fields one by one: none may be left out, and each
    mutable one is copied, not shared."""
    game = Game.new("mega-hit", players=3, seed=5)
    for _ in range(12):
        game.apply(game.legal_actions()[0])
    shared = {"_seating", "_succ", "_tables", "edition", "faces", "options", "last_hand"}
    for twin in (game.clone(), game.search_copy(random.Random(1))):
        for name in fields(State):
            mine, theirs = getattr(game, name), getattr(twin, name)
            if name in {"deck_rng", "launcher", "log", "emitting"}:
                continue  # each copy sets its own streams, launcher and log
            assert as_data(theirs) == as_data(mine), name
            if isinstance(mine, (list, dict, MoveCache)) and name not in shared:
                assert theirs is not mine, name
            if name == "duties":
                assert all(t is not m for t, m in zip(theirs, mine, strict=True))


def test_only_the_referee_applies_the_suggestion_penalty() -> None:
    """R63, A41: the penalty is a referee's action; a player's seat cannot apply it."""
    game = parse_position(POSITION)
    with pytest.raises(IllegalAction, match="only the referee"):
        game.apply(Action.parse("penalize 0"), seat=2)
    assert game.history == []
    events = game.apply(Action.parse("penalize 0"), seat=REFEREE)
    assert [e.type for e in events] == ["penalized", "must_press"]


@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
def test_a_match_and_its_bots_survive_pickle_and_deepcopy_and_play_on_the_same(how: str) -> None:
    """A match mid-hand, with its game and bots, is copied whole: the copy offers the
    same actions (the very Action objects of their codes) and, played on, makes the same
    moves and ends the same. The compiled build must do this too (engine/_compiled.py)."""
    bots = {0: HeuristicBot(random.Random(1)), 1: ISMCTSBot(random.Random(2), iterations=20)}
    match = Match(Game.new("2010", players=2, seed=11), bots=bots)
    play_out(match, limit=30)
    copy_of = (lambda m: pickle.loads(pickle.dumps(m))) if how == "pickle" else copy.deepcopy
    twin = copy_of(match)
    seat = match.game.to_act
    assert seat is not None
    offered = twin.legal_actions(seat)
    assert offered == match.legal_actions(seat)
    assert all(action is ACTIONS[action.code] for action in offered)
    assert copy_of(Timing(think=1.5)) == Timing(think=1.5)
    play_out(match, limit=400)
    play_out(twin, limit=400)
    assert twin.game.history == match.game.history
    assert twin.game.last_hand == match.game.last_hand


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"edition": 2003}, "edition: give a name such as '2003' or an Edition, not 2003"),
        ({"players": "2"}, "players: give a whole number from 2 to 10, not '2'"),
        ({"players": 2.5}, "players: give a whole number from 2 to 10, not 2.5"),
        ({"players": True}, "players: give a whole number from 2 to 10, not True"),
        ({"seed": "x"}, "seed: give a whole number, not 'x'"),
        ({"launcher": 5}, "launcher: give a spec such as 'hazard' or a LauncherModel, not 5"),
        ({"options": 3}, "options: give a mapping of option names to values, not 3"),
    ],
)
def test_a_new_game_with_an_argument_of_the_wrong_type_names_it(
    arguments: dict[str, object], message: str
) -> None:
    # These were TypeErrors and AttributeErrors from deep in the deal ("'<=' not
    # supported"), or accepted: a seed of "x" dealt a game its record could not replay.
    with pytest.raises(TypeError) as refused:
        Game.new(**{"edition": "2003", "players": 2, **arguments})  # type: ignore[arg-type]
    assert str(refused.value) == message


def test_a_new_game_takes_numpy_integers_as_the_ints_they_are() -> None:
    numpy = pytest.importorskip("numpy")
    game = Game.new("2003", players=numpy.int64(3), seed=numpy.int64(5))
    assert (game.n, game.seed) == (3, 5) and type(game.seed) is int
    assert game.hands == Game.new("2003", players=3, seed=5).hands  # the same deal
