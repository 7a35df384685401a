"""The ISMCTS bot: it decides from what its seat knows, legally, reproducibly, at every
prompt, and says UNO and catches like the other bots."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from compiled import COMPILED
from test_properties import LAUNCHERS
from unoattack.bots import BOT_NAMES, HeuristicBot, ISMCTSBot, RandomBot, make_bot
from unoattack.bots.ismcts import (
    EXPLORATION,
    KIND_LEAF_FEATURES,
    KIND_LEAF_WEIGHTS,
    LEAF_WEIGHTS,
    LEVELS,
    OWED_CAP,
    SHAPE_LEAF_FEATURES,
    SHAPE_LEAF_WEIGHTS,
    SPEC_OPTIONS,
    KindLeaf,
    SamplePool,
    aimed_decisions,
    coach,
    decisions,
    fitted_estimate,
    held_colours,
    kind_leaf,
    kind_leaf_features,
    leaf_features,
    playout_policy,
    search,
    seven_feature_leaf,
    shape_leaf,
)
from unoattack.engine import Action, Game, View, parse_position, view
from unoattack.engine.actions import ACTIONS, ActionKind
from unoattack.engine.determinize import Sampler
from unoattack.engine.match import Bot, Match, StepKind, play_out
from unoattack.rules.cards import Kind

EDITIONS = ("2003", "2010", "mega-hit")


def decide(game: Game, bot: ISMCTSBot, seat: int | None = None) -> Action:
    seat = game.to_act if seat is None else seat
    assert seat is not None
    return bot.decide(Sampler(game, seat))


def test_the_levels_and_the_reproducible_form_are_bots_by_name() -> None:
    assert BOT_NAMES == (
        "random",
        "family",
        "heuristic",
        "ismcts-easy",
        "ismcts-normal",
        "ismcts-hard",
    )
    assert LEVELS == {"easy": 0.05, "normal": 0.2, "hard": 0.5}
    hard = make_bot("ismcts-hard", random.Random(0))
    assert isinstance(hard, ISMCTSBot) and (hard.seconds, hard.iterations) == (0.5, None)
    fixed = make_bot("ismcts:iters=300:depth=8:guided", random.Random(0))
    assert isinstance(fixed, ISMCTSBot)
    assert (fixed.iterations, fixed.seconds, fixed.depth, fixed.guided) == (300, None, 8, True)


def test_the_samples_explain_the_plays_unless_the_name_says_otherwise() -> None:
    # docs/bots.md, ":explain": a play the model would not make is given the chance 0.1,
    # from a pool of 100 samples a decision at three seats or more ("pool=P" names a pool
    # for every table); "unexplained" weighs no play, and naming another inference
    # (blind, wilds, named, every) picks it instead.
    def setting(spec: str) -> tuple[float | None, int, int]:
        bot = make_bot(spec, random.Random(0))
        assert isinstance(bot, ISMCTSBot)
        return bot.explain, bot.pool, bot.pool_seats

    assert setting("ismcts:iters=10") == (0.1, 100, 3)
    assert setting("ismcts-hard") == (0.1, 100, 3)
    assert setting("ismcts:iters=10:infer") == (0.1, 100, 3)
    assert setting("ismcts:iters=10:explain") == (0.1, 100, 3)
    assert setting("ismcts:iters=10:pool=100") == (0.1, 100, 2)
    assert setting("ismcts:iters=10:explain=0.25:pool=0") == (0.25, 0, 2)
    assert setting("ismcts:iters=10:explain:unexplained")[0] is None
    for other in (":blind", ":wilds", ":named", ":every", ":wilds:named"):
        assert setting(f"ismcts:iters=10{other}")[0] is None, other


def test_the_plays_before_the_cards_taken_are_weighed_only_when_asked() -> None:
    # docs/bots.md, ":across": off by default; "since" names the default.
    def across(spec: str) -> bool:
        bot = make_bot(spec, random.Random(0))
        assert isinstance(bot, ISMCTSBot)
        return bot.explain_across

    assert not across("ismcts:iters=10")
    assert not across("ismcts-hard")
    assert across("ismcts:iters=10:across")
    assert across("ismcts:iters=10:explain=0.2:across")
    assert not across("ismcts:iters=10:across:since")


def test_the_reloads_are_read_at_three_seats_or_more_unless_the_name_says_otherwise() -> None:
    # docs/bots.md, ":reloads": read while three seats or more are in play; an explicit
    # "reloads" reads them at every table, "unread" at none.
    def reading(spec: str) -> tuple[bool, int]:
        bot = make_bot(spec, random.Random(0))
        assert isinstance(bot, ISMCTSBot)
        return bot.reloads, bot.reload_seats

    assert reading("ismcts:iters=10") == (True, 3)
    assert reading("ismcts-hard") == (True, 3)
    assert reading("ismcts:iters=10:reloads") == (True, 2)
    assert reading("ismcts:iters=10:unexplained:reloads") == (True, 2)
    assert reading("ismcts:iters=10:reloads:unread")[0] is False


class CountingSampler(Sampler):
    """A seat's knowledge that counts the samples drawn weighing the opponents' plays."""

    def __init__(self, game: Game, seat: int) -> None:
        super().__init__(game, seat)
        self.explained = 0

    def sample_explained(self, *args: Any, **kwargs: Any) -> Game:
        self.explained += 1
        return super().sample_explained(*args, **kwargs)


HEADS_UP = (
    "2010 hands=R5,R6,B7,G-Skip/G1,G2,G3,Y4 pile=R2 colour=R dir=cw turn=0 dealer=1 "
    "scores=0,0 stock=... launcher=hazard seed=0"
)
THREE_SEATS = (
    "2010 hands=R5,R6,B7,G-Skip/G1,G2,G3,Y4/B1,B2 pile=R2 colour=R dir=cw turn=0 dealer=1 "
    "scores=0,0,0 stock=... launcher=hazard seed=0"
)
FOUR_SEATS_MIDHAND = (
    "2003 hands=R5,R6,B7,G-Skip/G1,G2,G3,Y4,Y5/B1,B2,R9/Y7,Y8,Y9,B3,B4,G7 pile=R2 colour=R "
    "dir=cw turn=0 dealer=1 scores=0,0,0,0 stock=... launcher=hazard seed=0"
)
ONE_OUT = (
    "2010 hands=R5,R6,B7,G-Skip/G1,G2,G3,Y4/ pile=R2 colour=R dir=cw turn=0 dealer=1 "
    "scores=0,0,600 stock=... launcher=hazard seed=0 out=2 hand=3"
)


@pytest.mark.parametrize(
    ("position", "spec", "explained"),
    [
        (HEADS_UP, "ismcts:iters=64", True),
        (ONE_OUT, "ismcts:iters=64", True),  # two seats in play of three
        (THREE_SEATS, "ismcts:iters=64", True),
        (THREE_SEATS, "ismcts:iters=64:explain", True),
        (HEADS_UP, "ismcts:iters=64:unexplained", False),
        (THREE_SEATS, "ismcts:iters=64:unexplained", False),
        (HEADS_UP, "ismcts:iters=64:blind", False),
    ],
)
def test_the_default_weighs_the_opponents_plays_at_every_table(
    position: str, spec: str, explained: bool
) -> None:
    bot = make_bot(spec, random.Random(1))
    assert isinstance(bot, ISMCTSBot)
    knowledge = CountingSampler(parse_position(position), 0)
    bot.decide(knowledge)
    # Every iteration draws its sample weighing the plays (64 are fewer than the pool's
    # 100), or none does. (The search may settle early, but only at a multiple of 16.)
    assert knowledge.explained in (range(16, 65) if explained else (0,))


@pytest.mark.parametrize(("position", "most"), [(HEADS_UP, None), (THREE_SEATS, 100)])
def test_the_coach_weighs_the_opponents_plays_as_the_bot_does(
    position: str, most: int | None
) -> None:
    knowledge = CountingSampler(parse_position(position), 0)
    best = coach(knowledge, random.Random(2), seconds=0.05)
    assert len(best) == 3
    assert knowledge.explained > 0
    if most is not None:  # at three seats, the pool's samples, dealt again after them
        assert knowledge.explained <= most


def test_a_search_within_its_pool_plays_as_one_without_a_pool() -> None:
    # The pool's samples are the ones a search without a pool draws, from the same random
    # stream: until the pool is full the two play move for move (iterations > pool
    # deal the pool again, and no longer draw what the other draws). The default at
    # four seats is the measured ":explain:pool=100" line's bot.
    histories = []
    specs = ("ismcts:iters=30", "ismcts:iters=30:pool=0", "ismcts:iters=30:pool=10")
    for spec in (*specs, "ismcts:iters=30:explain:pool=100"):
        game = Game.new("2010", players=4, seed=33)
        bots: dict[int, Bot] = {0: make_bot(spec, random.Random(4))}
        bots |= {seat: HeuristicBot(random.Random(seat)) for seat in (1, 2, 3)}
        play_hand(game, bots)
        histories.append(game.history)
    assert histories[0] == histories[1] == histories[3] and len(histories[0]) > 20
    assert histories[2] != histories[0]


@pytest.mark.parametrize(
    ("position", "spec", "explained"),
    [
        (THREE_SEATS, "ismcts:iters=64:explain:pool=5", 5),
        (THREE_SEATS, "ismcts:iters=300", 100),
        (HEADS_UP, "ismcts:iters=64", 64),  # heads-up: a sample weighing the plays each
        (HEADS_UP, "ismcts:iters=64:pool=7", 7),
        (HEADS_UP, "ismcts:iters=64:pool=100", 64),  # fewer iterations than the pool
        (HEADS_UP, "ismcts:iters=64:pool=0", 64),  # a sample weighing the plays each
        (THREE_SEATS, "ismcts:iters=64:pool=5", 5),
        (THREE_SEATS, "ismcts:iters=64:unexplained:pool=5", 0),  # nothing weighed
    ],
)
def test_a_pool_weighs_the_opponents_plays_for_its_first_samples_alone(
    position: str, spec: str, explained: int
) -> None:
    # docs/bots.md, ":pool": the samples weighing the plays are drawn once a decision,
    # then dealt again. The search stops early only at a multiple of 16 iterations.
    knowledge = CountingSampler(parse_position(position), 0)
    result = make_bot(spec, random.Random(3)).decide(knowledge)
    assert result in knowledge.legal_actions()
    if explained == 64:
        assert knowledge.explained in range(16, 65)
    else:
        assert knowledge.explained == explained


def test_a_pool_deals_its_hands_again_with_the_launcher_shuffled_anew() -> None:
    knowledge = Sampler(parse_position(FOUR_SEATS_MIDHAND), 0)
    rng = random.Random(8)
    pool = SamplePool(knowledge.sample_inferring, 2)
    drawn = [pool(rng) for _ in range(2)]
    firsts = [(game.hands[1:], sorted(game.launcher.stock + game.aside)) for game in drawn]
    stocks = {tuple(game.launcher.stock) for game in drawn}
    for served in range(8):
        game = pool(rng)
        # Round robin over the kept samples: the same hands and
        # the same unseen cards outside them, the launcher's as many, in a new order.
        hands, unseen = firsts[served % 2]
        assert game.hands[1:] == hands
        assert sorted(game.launcher.stock + game.aside) == unseen
        assert len(game.launcher.stock) == len(drawn[served % 2].launcher.stock)
        stocks.add(tuple(game.launcher.stock))
        # A served game is the search's to play on: the kept sample does not change.
        game.apply(game.legal_actions()[0])
    assert len(stocks) == 10


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts", "ismcts-easy, ismcts-normal, ismcts-hard or ismcts:iters=N"),
        ("ismcts:depth=3", "give iters=N or time=S"),
        ("ismcts:iters=0", "iters must be a whole number from 1 to 1,000,000"),
        ("ismcts:iters=ten", "iters must be a whole number from 1 to 1,000,000"),
        ("ismcts:time=-1", "time must be a number of seconds above 0"),
        ("ismcts:time=nan", "time must be a number of seconds above 0"),
        ("ismcts:time=601", "time must be a number of seconds above 0, at most 600"),
        ("ismcts:iters=1000001", "iters must be a whole number from 1 to 1,000,000"),
        ("ismcts:iters=²", "iters must be a whole number from 1 to 1,000,000"),
        ("ismcts:iters=9:depth=10001", "depth must be a whole number from 0 to 10,000"),
        ("ismcts:iters=9:pool=10001", "pool must be a whole number from 0 to 10,000"),
        ("ismcts:fast", "unknown option 'fast'"),
        ("ismcts:iters=9:blind:wilds", "wilds infers from presses as well: drop blind"),
        ("ismcts:iters=9:named:blind", "named infers from presses as well: drop blind"),
        ("ismcts:iters=9:blind:every", "every infers from presses as well: drop blind"),
        ("ismcts:iters=9:every:wilds", "every reads presses alone: drop wilds and named"),
        ("ismcts:iters=9:explain=1.5", "explain must be a chance from 0 to 1"),
        ("ismcts:iters=9:explain=some", "explain must be a chance from 0 to 1"),
        ("ismcts:iters=9:pool=many", "pool must be a whole number from 0 to 10,000"),
        ("ismcts:iters=9:explain:named", "explain reads the latest press alone: drop named"),
        ("ismcts:iters=9:blind:explain=0.2", "explain infers from presses as well: drop blind"),
        ("ismcts:iters=9:across:unexplained", "across weighs the opponents' plays: it goes with"),
        ("ismcts:iters=9:every:across", "across weighs the opponents' plays: it goes with"),
        ("ismcts:iters=9:blind:reloads", "reloads reads with the latest press: drop blind"),
        ("ismcts:iters=9:reloads:wilds", "reloads reads with the latest press: drop blind, wilds"),
        ("ismcts-expert", "unknown bot 'ismcts-expert'"),
    ],
)
def test_a_malformed_ismcts_name_is_refused_with_what_is_wrong(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_bot(spec, random.Random(0))


def test_an_unknown_ismcts_option_is_refused_with_every_option_named() -> None:
    with pytest.raises(ValueError) as refused:
        make_bot("ismcts:iters=10:fast", random.Random(0))
    assert str(refused.value) == (
        "bot 'ismcts:iters=10:fast': unknown option 'fast' (iters=N, time=S, depth=D, c=X, "
        "prior=W, margin=M, visits=V, guided, shape or kinds or fitted or sizes, faces or actions, "
        "greedy or random, aimed or unaimed, aimtree or searchaims, held or colours, "
        "infer or blind, wilds or presses, named or unnamed, every or latest, "
        "explain=S or unexplained, across or since, reloads or unread, pool=P, model or searched)"
    )


def test_every_option_the_error_names_is_taken() -> None:
    values = {"N": "10", "S": "0.1", "D": "3", "X": "0.5", "W": "1", "M": "0.1", "V": "5", "P": "4"}
    for item in SPEC_OPTIONS.split(", "):
        for option in item.split(" or "):
            key, sep, placeholder = option.partition("=")
            given = f"{key}={values[placeholder]}" if sep else key
            spec = f"ismcts:{given}" if key in ("iters", "time") else f"ismcts:iters=10:{given}"
            assert isinstance(make_bot(spec, random.Random(0)), ISMCTSBot), spec


def play_hand(game: Game, bots: dict[int, Bot]) -> Match:
    match = Match(game, bots=bots)
    play_out(match, stop=lambda: game.hand_number > 1 or game.is_over)
    return match


def test_a_seeded_bot_with_fixed_iterations_plays_the_same_moves_every_time() -> None:
    logs = []
    for _ in range(2):
        game = Game.new("2010", players=3, seed=21)
        bots: dict[int, Bot] = {
            0: make_bot("ismcts:iters=25", random.Random(5)),
            1: make_bot("ismcts:iters=15:guided", random.Random(6)),
            2: HeuristicBot(random.Random(7)),
        }
        play_hand(game, bots)
        logs.append([event.to_dict() for event in game.log])
    assert logs[0] == logs[1] and len(logs[0]) > 30
    # The global generator plays no part.
    random.seed(99)
    game = Game.new("2010", players=3, seed=21)
    bots = {
        0: make_bot("ismcts:iters=25", random.Random(5)),
        1: make_bot("ismcts:iters=15:guided", random.Random(6)),
        2: HeuristicBot(random.Random(7)),
    }
    play_hand(game, bots)
    assert [event.to_dict() for event in game.log] == logs[0]


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"fair_wilds": True},
        {"greedy": True},
        {"held": True},
        {"leaf": seven_feature_leaf("2003")},
        {"leaf": kind_leaf("2003")},
        {"leaf": shape_leaf("2003")},
        {"infer_presses": True, "infer_every": True},
        {"model": "heuristic"},
    ],
)
def test_the_decision_depends_only_on_what_the_seat_knows(options: dict[str, Any]) -> None:
    # Seat 0 sees the same table in both games; the hidden cards differ.
    shown = "hands=R5,B-Skip,W,G3/{one}/{two} pile=G9,R3 colour=R dir=cw turn=0 dealer=2 "
    rest = "scores=0,0,0 stock={stock},... launcher=hazard presses=1,4,9 seed=3"
    first = parse_position(
        "2003 " + shown.format(one="G1,G2,Y-TH", two="B1,B2,WAH") + rest.format(stock="R9,Y1")
    )
    second = parse_position(
        "2003 " + shown.format(one="R9,Y9,B4", two="G5,G6,G7") + rest.format(stock="WHF,Y-Rev")
    )
    assert view(first, 0) == view(second, 0)

    def settings(seed: int) -> dict[str, Any]:
        # A model of the players is a bot with a random stream: a fresh one each search.
        if options.get("model"):
            return {**options, "model": HeuristicBot(random.Random(seed))}
        return options

    for seed in range(5):
        a = search(Sampler(first, 0), random.Random(seed), iterations=150, **settings(seed))
        b = search(Sampler(second, 0), random.Random(seed), iterations=150, **settings(seed))
        assert (a.estimates, a.iterations) == (b.estimates, b.iterations)


def test_it_goes_out_when_it_can() -> None:
    game = parse_position(
        "2003 hands=R5/G1,G2,G3/B1,B2,B3 pile=R2 colour=R dir=cw turn=0 dealer=2 "
        "scores=0,0,0 stock=... launcher=hazard seed=0"
    )
    assert decide(game, ISMCTSBot(random.Random(0), iterations=200)) == Action.parse("play R5")


def test_each_play_that_says_uno_comes_right_after_its_quiet_twin() -> None:
    """``decisions`` drops a play's quiet twin by its code (the UNO play's, less one)."""
    twins = [(ACTIONS[a.code - 1], a) for a in ACTIONS if a.uno]
    assert len(twins) == sum(1 for a in ACTIONS if a.kind is ActionKind.PLAY) // 2
    for quiet, loud in twins:
        assert (quiet.kind, quiet.card, quiet.colour, quiet.target, quiet.uno) == (
            loud.kind,
            loud.card,
            loud.colour,
            loud.target,
            False,
        )


def test_it_says_uno_with_every_play_that_leaves_one_card() -> None:
    game = parse_position(
        "2003 hands=R5,R6/G1,G2,G3/B1,B2,B3 pile=R2 colour=R dir=cw turn=0 dealer=2 "
        "scores=0,0,0 stock=... launcher=hazard seed=0"
    )
    legal = game.legal_actions()
    assert Action.parse("play R5") in legal and Action.parse("play R5 uno") in legal
    assert [str(a) for a in decisions(legal)] == ["play R5 uno", "play R6 uno", "press"]
    choice = decide(game, ISMCTSBot(random.Random(0), iterations=200))
    assert choice.kind is ActionKind.PLAY and choice.uno


def test_it_says_uno_when_catchable_and_catches_whoever_it_can() -> None:
    game = parse_position(
        "2003 hands=R5,R6/G1/B1,B2 pile=R2 colour=R dir=cw turn=2 dealer=0 scores=0,0,0 "
        "stock=... launcher=hazard seed=0 catch=1"
    )
    bot = ISMCTSBot(random.Random(0), iterations=10)
    assert bot.react(view(game, 1)) == Action.parse("uno")
    assert bot.react(view(game, 0)) == Action.parse("catch 1")
    assert bot.react_among(game.legal_actions(0)) == Action.parse("catch 1")
    assert bot.react_among(game.legal_actions(1)) == Action.parse("uno")


PROMPTS = {
    "colour of a wild start card": (
        "2003 hands=R5,R6,R7/G1,G2/B1,B2 pile=W colour=? dir=cw turn=0 dealer=2 "
        "scores=0,0,0 stock=... launcher=hazard seed=0",
        ActionKind.CHOOSE_COLOUR,
    ),
    "target of an Attack-Attack": (
        "2010 hands=WAA,G7,B7/G1,G2,G3/B1,B2,B3,B4,B5/Y1 pile=R2 colour=R dir=cw turn=0 "
        "dealer=3 scores=0,0,0,0 stock=... launcher=hazard seed=0",
        ActionKind.PLAY,
    ),
    "trade partner": (
        "2003 hands=Y-TH,Y9,G8,B7,R6,R5/G1/B1,B2,B3,B4 pile=Y2 colour=Y dir=cw turn=0 "
        "dealer=2 scores=0,0,0 stock=... launcher=hazard seed=0",
        ActionKind.PLAY,
    ),
    "a Mega Hit pile to answer": (
        "mega-hit hands=R5,R6/G1,G2/B-Hit2,B4,B5 pile=R2,R-Hit1,Y-Hit2 colour=Y dir=cw "
        "owe=2:3:pile+stack then=1 mega=3:2:0 dealer=2 scores=0,0,0 stock=... "
        "launcher=hazard seed=0",
        None,
    ),
    "stopping after a fire": (
        "2003 hands=R5,R6/G1,G2/B1,B2 pile=R2,R-Hit2 colour=R dir=cw owe=1:1:hit+yielded "
        "then=2 dealer=2 scores=0,0,0 stock=... launcher=hazard seed=0 "
        "house=stop_after_fire=choose",
        None,
    ),
}


@pytest.mark.parametrize("prompt", PROMPTS, ids=list(PROMPTS))
def test_it_answers_every_prompt_with_a_legal_action(prompt: str) -> None:
    text, kind = PROMPTS[prompt]
    game = parse_position(text)
    seat = game.to_act
    assert seat is not None
    choice = decide(game, ISMCTSBot(random.Random(1), iterations=2_000), seat)
    assert choice in game.legal_actions(seat)
    if kind is not None:
        assert choice.kind is kind
    if prompt == "target of an Attack-Attack":
        # Seat 3 holds one card: the attack goes there.
        assert choice.card is not None and choice.target == 3
    if prompt == "trade partner":
        # Trading six cards for one is the move.
        assert choice.card is not None and choice.target == 1
    if prompt == "stopping after a fire":
        assert choice == Action.parse("stop")  # another press only ever adds cards


#: The search options under trial (docs/bots.md), one in turn per searching seat.
TRIAL_OPTIONS = (
    "",
    ":prior=1:margin=0.05:visits=2",
    ":fitted",
    ":shape",  # the kinds leaf with the shape of the hands (off by default)
    ":faces",
    ":greedy",
    ":held",
    ":wilds",
    ":wilds:named",
    ":every",
    ":pool=2",  # the pool dealt again (the default's 100 exceed these searches)
    ":model",
    ":unaimed",  # playouts that aim at random (aimed by default)
    ":aimtree",  # the other seats in the tree aim as the heuristic bot (off by default)
    ":across:pool=2",  # the plays before the cards taken weighed too (off by default)
    ":unread:pool=2",  # the launcher's reloads not read (read at three seats or more)
)


#: One table in this many (of each chunk) searches as the bot does, weighing the opponents' plays in
#: every sample (the default pool of 100 exceeds these searches' six iterations). The
#: others weigh only two samples a decision and deal them again (``:pool=2``): weighing
#: is most of these searches' time (86% of a chunk's, profiled), and the path is the
#: same.
WEIGHED_EVERY = 5


def random_table(index: int) -> tuple[Game, dict[int, Bot]]:
    """Table ``index`` of the legality run: every edition, 2 to 10 seats, every launcher
    model, house rules, one or two ISMCTS seats (with the options under trial in turn)
    among heuristic and random bots; a match to 100 points."""
    rng = random.Random(f"ismcts-legal:{index}")
    edition = EDITIONS[index % 3]
    options: dict[str, Any] = {"target_score": 100}
    if rng.random() < 0.4:
        options["stacking"] = rng.random() < 0.7
    if rng.random() < 0.4:
        options["stop_after_fire"] = rng.choice(("never", "always", "choose"))
    if rng.random() < 0.2:
        options["may_go_out_on_trade_hands"] = True
    if rng.random() < 0.2:
        options["e2_extra_card_all_counts"] = True
    if edition == "2010" and rng.random() < 0.6:
        options["wild_custom_effect"] = rng.choice(
            ("skip", "hit:2", "all_hit", "hit_fire", "attack:3", "trade_hands")
        )
    players = 2 + rng.randrange(9)
    game = Game.new(
        edition,
        players=players,
        seed=index,
        launcher=LAUNCHERS[index % len(LAUNCHERS)],
        options=options,
    )
    searchers = rng.sample(range(players), min(players, 1 + rng.randrange(2)))
    bots: dict[int, Bot] = {}
    for seat in range(players):
        bot_rng = random.Random(index * 100 + seat)
        if seat in searchers:
            spec = "ismcts:iters=6:depth=4" + (":guided" if rng.random() < 0.2 else "")
            trial = TRIAL_OPTIONS[(index + seat) % len(TRIAL_OPTIONS)]
            if index // CHUNKS % WEIGHED_EVERY and "pool" not in trial:
                spec += ":pool=2"
            bots[seat] = make_bot(spec + trial, bot_rng)
        else:
            bots[seat] = HeuristicBot(bot_rng) if rng.random() < 0.5 else RandomBot(bot_rng)
    return game, bots


GAMES = 1_000
CHUNKS = 20
#: A few tables (random bots pressing at will, stacking, no stop after a fire) make hands
#: of tens of thousands of actions: one took 33,017 and a minute. The cap keeps every chunk
#: to seconds; 992 of the 1,000 tables end before it.
ACTIONS_PER_TABLE = 3_000


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_the_bot_plays_1000_seeded_games_legally_and_reproducibly(chunk: int) -> None:
    """1,000 seeded games (matches to 100 points, so that most end in a few hands), each
    played twice, to its end or its 3,000th action, with fresh bots from the same seeds:
    every decision goes through Game.apply (a bot's illegal choice raises), and both runs
    take the same actions."""
    searched = ended = 0
    tables = range(chunk, GAMES, CHUNKS)
    for index in tables:
        game, bots = random_table(index)
        play_out(Match(game, bots=bots), limit=ACTIONS_PER_TABLE)
        assert game.is_over or len(game.history) == ACTIONS_PER_TABLE, f"table {index}"
        again, bots_again = random_table(index)
        play_out(Match(again, bots=bots_again), limit=ACTIONS_PER_TABLE)
        assert again.history == game.history, f"table {index}"
        assert again.is_over == game.is_over, f"table {index}"
        searched += sum(1 for seat, _code in game.history if isinstance(bots[seat], ISMCTSBot))
        ended += game.is_over
    assert searched > 1_500  # the searchers decided often enough to be tested
    assert ended >= len(tables) - 3  # and the cap cuts short only the odd runaway table


def test_a_search_bot_thinks_ahead_when_the_match_searches_ahead() -> None:
    # With search_ahead the match does not search itself: the move waits until its
    # decision is prepared (a front-end searches on a thread meanwhile).
    game = Game.new("2003", players=2, seed=3)
    seat = game.to_act
    assert seat is not None
    other = 1 - seat
    bot = ISMCTSBot(random.Random(0), iterations=30)
    match = Match(game, bots={seat: bot, other: HeuristicBot(random.Random(1))}, search_ahead=True)
    search_ = match.upcoming_search()
    assert search_ is not None and (search_.state, search_.seat) == (0, seat)
    assert match.next_due() is None and match.advance(10.0) == []
    action = search_.bot.decide(search_.knowledge)
    match.prepare(search_, action)
    assert match.upcoming_search() is None and match.next_due() == 0.0
    steps = match.advance(0.0, limit=1)
    assert [(s.kind, s.seat, s.action) for s in steps] == [(StepKind.APPLIED, seat, action)]


def test_a_decision_prepared_for_an_older_state_is_not_played() -> None:
    game = Game.new("2003", players=2, seed=3)
    seat = game.to_act
    assert seat is not None
    bot = ISMCTSBot(random.Random(0), iterations=30)
    match = Match(game, bots={seat: bot}, search_ahead=True)
    # The other seat is played from outside; seat acts first.
    search_ = match.upcoming_search()
    assert search_ is not None
    stale = search_._replace(state=search_.state + 1)
    match.prepare(stale, Action.parse("press"))
    assert match.next_due() is None  # still waiting for a decision for this state


def test_the_advice_options_are_read_from_the_name() -> None:
    spec = "ismcts:iters=300:prior=0.5:margin=0.04:visits=80:fitted:faces:greedy:held:c=0.3"
    bot = make_bot(spec, random.Random(0))
    assert isinstance(bot, ISMCTSBot)
    assert (bot.prior, bot.margin, bot.min_visits, bot.exploration) == (0.5, 0.04, 80, 0.3)
    assert (bot.fitted_leaf, bot.fair_wilds, bot.greedy, bot.held) == (True, True, True, True)
    assert not bot.kind_leaf
    kinds = make_bot("ismcts:iters=300:kinds", random.Random(0))
    assert isinstance(kinds, ISMCTSBot) and kinds.fitted_leaf and kinds.kind_leaf
    assert not kinds.shape_leaf
    shaped = make_bot("ismcts:iters=300:shape", random.Random(0))
    assert isinstance(shaped, ISMCTSBot) and shaped.kind_leaf and shaped.shape_leaf
    assert isinstance(kinds, ISMCTSBot) and kinds.aimed  # the default
    unaimed = make_bot("ismcts:iters=300:unaimed", random.Random(0))
    assert isinstance(unaimed, ISMCTSBot) and not unaimed.aimed
    aimed = make_bot("ismcts:iters=300:unaimed:aimed", random.Random(0))
    assert isinstance(aimed, ISMCTSBot) and aimed.aimed
    assert isinstance(kinds, ISMCTSBot) and not kinds.aimed_tree  # the default
    tree = make_bot("ismcts:iters=300:aimtree", random.Random(0))
    assert isinstance(tree, ISMCTSBot) and tree.aimed_tree
    searched = make_bot("ismcts:iters=300:aimtree:searchaims", random.Random(0))
    assert isinstance(searched, ISMCTSBot) and not searched.aimed_tree
    plain = make_bot("ismcts:iters=300:prior=0:sizes:actions:random:colours", random.Random(0))
    assert isinstance(plain, ISMCTSBot)
    assert plain.exploration == EXPLORATION == 0.7
    assert (plain.prior, plain.fitted_leaf, plain.fair_wilds, plain.greedy, plain.held) == (
        0.0,
        False,
        False,
        False,
        False,
    )
    for spec, message in (
        ("ismcts:iters=9:prior=-1", "prior must be a number of at least 0"),
        ("ismcts:iters=9:margin=x", "margin must be a number of at least 0"),
        ("ismcts:iters=9:visits=-2", "visits must be a whole number from 0 to 1,000,000"),
        ("ismcts:iters=9:c=-0.5", "c must be a number of at least 0"),
    ):
        with pytest.raises(ValueError, match=message):
            make_bot(spec, random.Random(0))


def test_model_is_read_from_the_name_and_off_by_default() -> None:
    # docs/bots.md, ":model": the other seats' decisions in the tree are the model's.
    def modelled(spec: str) -> bool:
        bot = make_bot(spec, random.Random(0))
        assert isinstance(bot, ISMCTSBot)
        return bot.modelled and bot._model is not None

    assert modelled("ismcts:iters=10:model")
    assert not modelled("ismcts:iters=10")
    assert not modelled("ismcts:iters=10:model:searched")


class PressingModel(HeuristicBot):
    """A model of the players that always presses on its turn, and keeps the views it
    was asked about."""

    def __init__(self) -> None:
        super().__init__(random.Random(0))
        self.asked: list[View] = []

    def choose(self, view: View) -> Action:
        self.asked.append(view)
        presses = [a for a in view.legal_actions if a.kind is ActionKind.PRESS]
        return presses[0] if presses else super().choose(view)


def test_with_a_model_the_other_seats_take_its_decisions_in_the_tree() -> None:
    game = parse_position(
        "2003 hands=R5,R6,B7,G-Skip/G1,G2,G3,Y4/B1,B2,B3 pile=R2 colour=R dir=cw turn=0 "
        "dealer=2 scores=0,0,0 stock=... launcher=hazard seed=0"
    )
    model = PressingModel()
    search(Sampler(game, 0), random.Random(2), iterations=200, model=model)
    # Asked at the other seats' turns in the tree (not in the playouts, which stay
    # random), from their own views of a sample: never seat 0's.
    assert len(model.asked) >= 100
    assert {seen.seat for seen in model.asked} == {1, 2}
    assert all(seen.hand is not None and seen.to_act == seen.seat for seen in model.asked)
    # Their decisions are not searched: the tree's estimates are not the same.
    without = search(Sampler(game, 0), random.Random(2), iterations=200)
    with_model = search(Sampler(game, 0), random.Random(2), iterations=200, model=PressingModel())
    assert with_model.estimates != without.estimates


def test_without_exploration_the_search_keeps_to_the_best_so_far() -> None:
    """``c=0``: once every decision at the root was tried, UCB1 picks the best mean
    alone, so the visits gather on fewer decisions than with the default constant."""
    game = parse_position(
        "2003 hands=R5,R6,G7,B8,Y9/G1,G2,G3,G4,G5 pile=R2 colour=R dir=cw turn=0 dealer=1 "
        "scores=0,0 stock=... launcher=hazard seed=0"
    )
    spread = {}
    for constant in (0.0, EXPLORATION):
        result = search(
            Sampler(game, 0), random.Random(3), iterations=400, settle=False, exploration=constant
        )
        visits = sorted((e.visits for e in result.estimates), reverse=True)
        assert sum(visits) == 400
        spread[constant] = visits
    greedy, default = spread[0.0], spread[EXPLORATION]
    assert greedy[0] > default[0] and greedy[-1] < default[-1]


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_fitted_leaf_is_a_softmax_of_the_seats_features(edition: str) -> None:
    weights = LEAF_WEIGHTS[edition]
    checked = 0
    for seed in range(6):
        game = Game.new(edition, players=2 + seed % 3, seed=seed)
        bots = [HeuristicBot(random.Random(seed)) for _ in range(game.n)]
        while not game.is_over and game.hand_number == 1:
            rows = leaf_features(game)
            assert len(rows) == game.n and all(row is not None for row in rows)
            z = [
                math.exp(sum(w * f for w, f in zip(weights, row, strict=True)))
                for row in rows
                if row
            ]
            expected = [e / sum(z) for e in z]
            assert fitted_estimate(game, weights) == pytest.approx(expected, rel=1e-12)
            seat = game.to_act
            assert seat is not None
            hand = game.hands[seat]
            row = rows[seat]
            assert row is not None and row[0] == len(hand) and row[1] == (len(hand) == 1)
            assert row[4] + row[5] == 1  # it plays a turn or presses under a duty
            game.apply(bots[seat].choose(view(game, seat)), seat)
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("shaped", [False, True], ids=["kinds", "shape"])
def test_the_kinds_leaf_is_a_softmax_of_the_seats_kinds_features(
    edition: str, shaped: bool
) -> None:
    """KindLeaf's face-by-face tables weigh exactly kind_leaf_features: heads-up with
    the first set of weights, at three or four seats with the second (the shape leaf's
    weighing the shape of the hands too)."""
    leaf = shape_leaf(edition) if shaped else kind_leaf(edition)
    assert leaf is not None
    checked = duties = shapes = 0
    for seed in range(9):
        game = Game.new(edition, players=2 + seed % 3, seed=seed)
        if game.n == 2:
            table = KIND_LEAF_WEIGHTS[edition][0]
        else:
            table = SHAPE_LEAF_WEIGHTS[edition] if shaped else KIND_LEAF_WEIGHTS[edition][1]
        weights = [table.get(name, 0.0) for name in KIND_LEAF_FEATURES]
        bots = [HeuristicBot(random.Random(seed)) for _ in range(game.n)]
        while not game.is_over and game.hand_number == 1:
            rows = kind_leaf_features(game)
            z = [
                math.exp(sum(w * f for w, f in zip(weights, row, strict=True)))
                for row in rows
                if row
            ]
            expected = [e / sum(z) for e in z]
            assert leaf.estimate(game) == pytest.approx(expected, rel=1e-12)
            seat = game.to_act
            assert seat is not None
            row = rows[seat]
            assert row is not None
            kinds = len(Kind)
            assert sum(row[:kinds]) == len(game.hands[seat])
            play, press, owed = row[kinds + 3 : kinds + 6]
            assert play + press == 1
            assert owed == (min(game.duties[0].left, OWED_CAP) if press else 0)
            duties += bool(press)
            shapes += any(r[kinds + 7 :] != rows[0][kinds + 7 :] for r in rows if r)
            game.apply(bots[seat].choose(view(game, seat)), seat)
            checked += 1
    assert checked > 100 and duties > 5 and shapes > 100


def test_the_shape_features_read_the_hands_and_the_turn() -> None:
    # Seat 0 to play, the top card G-Skip on green: its R-Skip matches the symbol, its
    # B7 nothing; seat 1 (next) holds one card; seat 2 (second) holds a wild alone.
    game = parse_position(
        "2003 hands=R-Skip,B7,B8/Y5/W/R1,R2,Y3 pile=G-Skip colour=G dir=cw turn=0 dealer=3 "
        "scores=0,0,0,0 stock=... launcher=hazard seed=0"
    )
    shape = dict.fromkeys(SHAPE_LEAF_FEATURES, 0)
    rows = [
        dict(zip(SHAPE_LEAF_FEATURES, row[len(Kind) + 7 :], strict=True))
        for row in kind_leaf_features(game)
        if row
    ]
    assert rows[0] == shape | {"three cards": 1, "matching": 1, "colours": 2, "most of a colour": 2}
    assert rows[1] == shape | {"colours": 1, "most of a colour": 1, "one card next": 1}
    assert rows[2] == shape | {"second": 1, "wilds only": 1}
    assert rows[3] == shape | {"three cards": 1, "colours": 2, "most of a colour": 2}
    # Seat 1 to play its one card, which cannot follow a green 2: it has no play.
    stuck = parse_position(
        "2003 hands=R-Skip,B7,B8/Y5/W/R1,R2,Y3 pile=G2 colour=G dir=cw turn=1 dealer=0 "
        "scores=0,0,0,0 stock=... launcher=hazard seed=0"
    )
    assert shape_of(kind_leaf_features(stuck)[1]) == shape | {
        "no play": 1,
        "colours": 1,
        "most of a colour": 1,
    }
    # On a yellow 2 it goes out.
    going = parse_position(
        "2003 hands=R-Skip,B7,B8/Y5/W/R1,R2,Y3 pile=Y2 colour=Y dir=cw turn=1 dealer=0 "
        "scores=0,0,0,0 stock=... launcher=hazard seed=0"
    )
    assert shape_of(kind_leaf_features(going)[1])["going out"] == 1


def shape_of(row: tuple[int, ...] | None) -> dict[str, int]:
    """A seat's shape-leaf features by name, from its row of kind_leaf_features."""
    assert row is not None
    return dict(zip(SHAPE_LEAF_FEATURES, row[len(Kind) + 7 :], strict=True))


def test_the_kinds_leaf_refuses_a_feature_it_does_not_know() -> None:
    with pytest.raises(ValueError, match=r"unknown leaf features: \['wild_hit_5'\]"):
        KindLeaf(({"wild_hit_5": 1.0}, {}))


def test_fair_playouts_play_a_wild_about_as_often_as_a_coloured_card() -> None:
    # Two cards playable: a Wild (four actions, one per colour) and R5.
    game = parse_position(
        "2003 hands=W,R5,B9/G1,G2,G3 pile=R2 colour=R dir=cw turn=0 dealer=1 "
        "scores=0,0 stock=... launcher=hazard seed=0"
    )
    rng = random.Random(2)
    draws = 4000
    for fair, low, high in ((False, 0.75, 0.85), (True, 0.45, 0.55)):
        wilds = 0
        for _ in range(draws):
            action = playout_policy(game, 0, rng, fair)
            assert action in game.legal_actions(0)
            wilds += action.colour is not None
        assert low < wilds / draws < high, (fair, wilds)


@pytest.mark.parametrize(
    ("edition", "card", "targeted"),
    [("2003", "R-TH", "play R-TH @2"), ("2010", "WAA", "play WAA {colour} @2")],
)
def test_aimed_playouts_draw_a_targeted_card_fairly_and_aim_it_at_the_smallest_hand(
    edition: str, card: str, targeted: str
) -> None:
    # docs/bots.md, ":aimed". Playable: R5 and a card that names a target, three
    # targets at four seats; seat 2 holds the smallest hand (two cards).
    game = parse_position(
        f"{edition} hands={card},R5,B9/G1,G2,G3/Y1,Y2/B1,B2,B3,B4 pile=R2 colour=R dir=cw "
        "turn=0 dealer=3 scores=0,0,0,0 stock=... launcher=hazard seed=0"
    )
    rng = random.Random(3)
    draws = 4000
    plays = [playout_policy(game, 0, rng, fair_wilds=True, aimed=True) for _ in range(draws)]
    aimed = [play for play in plays if play.target is not None]
    # Each card about half the time, the targeted one always at seat 2.
    assert 0.45 < len(aimed) / draws < 0.55
    colours = {"colour": "R"} if card == "WAA" else {}
    assert {str(play) for play in aimed} <= {targeted.format(colour=c) for c in "RYGB"}
    assert any(str(play) == targeted.format(**colours) for play in aimed)
    # Unaimed, every target is an action of its own: the targeted card three times as
    # often as R5 (3 in 4), at each seat alike.
    plays = [playout_policy(game, 0, rng, fair_wilds=True) for _ in range(draws)]
    unaimed = [play.target for play in plays if play.target is not None]
    assert 0.70 < len(unaimed) / draws < 0.80
    assert {unaimed.count(seat) > draws / 5 for seat in (1, 2, 3)} == {True}


@pytest.mark.parametrize(
    ("edition", "card", "per_target"), [("2003", "R-TH", 1), ("2010", "WAA", 4)]
)
@pytest.mark.parametrize(
    ("sizes", "scores", "aimed_at"),
    [
        ("G1,G2,G3/Y1,Y2/B1,B2,B3,B4", "0,0,0,0", {2}),  # the smallest hand
        ("G1,G2/Y1,Y2/B1,B2,B3,B4", "0,10,20,0", {2}),  # tied: the higher score
        ("G1,G2/Y1,Y2/B1,B2", "0,10,10,10", {1, 2, 3}),  # tied on both: each of them
    ],
)
def test_the_tree_aims_the_other_seats_plays_as_the_heuristic_bot_aims(
    edition: str, card: str, per_target: int, sizes: str, scores: str, aimed_at: set[int]
) -> None:
    # docs/bots.md, ":aimtree". Seat 0 holds a card that names a target (a Trade Hands,
    # one play a target; a Wild Attack-Attack, one a colour and target), three targets at
    # four seats: only the heuristic bot's are kept, and every other decision.
    game = parse_position(
        f"{edition} hands={card},R5/{sizes} pile=R2 colour=R dir=cw turn=0 dealer=3 "
        f"scores={scores} stock=... launcher=hazard seed=0"
    )
    legal = decisions(game.legal_actions(0))
    kept = aimed_decisions(game, 0, legal)
    assert [a for a in kept if a.target is None] == [a for a in legal if a.target is None]
    assert {a.target for a in kept if a.target is not None} == aimed_at
    assert len([a for a in kept if a.target is not None]) == per_target * len(aimed_at)
    assert [a for a in legal if a in kept] == kept  # in the engine's order


@pytest.mark.parametrize("edition", ["2003", "2010", "mega-hit"])
def test_every_aim_of_a_heuristic_bot_is_one_the_tree_keeps(edition: str) -> None:
    # The heuristic bots' plays that name a target, over whole seeded matches at four
    # seats: aimed_decisions keeps each of them, so a tree that aims the other seats so
    # never rules out what a heuristic seat does.
    aims = 0
    for seed in range(30):
        game = Game.new(edition, players=4, seed=seed, launcher="hazard")
        bots = [HeuristicBot(random.Random(seed * 4 + s)) for s in range(4)]
        while not game.is_over and len(game.history) < 600:
            seat = game.to_act
            assert seat is not None
            action = bots[seat].choose(view(game, seat))
            if action.target is not None and action.kind is ActionKind.PLAY:
                legal = decisions(game.legal_actions(seat))
                assert action in aimed_decisions(game, seat, legal), (seed, str(action))
                aims += 1
            game.apply(action, seat)
    assert aims >= 20


def test_aimed_playouts_change_nothing_heads_up() -> None:
    # docs/bots.md, ":aimed": one target heads-up, so the same plays from the same stream.
    game = parse_position(
        "2003 hands=R-TH,R5,W,B9/G1,G2,G3 pile=R2 colour=R dir=cw turn=0 dealer=1 "
        "scores=0,0 stock=... launcher=hazard seed=0"
    )
    aimed, unaimed = random.Random(5), random.Random(5)
    for _ in range(500):
        play = playout_policy(game, 0, aimed, fair_wilds=True, aimed=True)
        assert play == playout_policy(game, 0, unaimed, fair_wilds=True)


def test_greedy_playouts_keep_wilds_for_need_and_name_the_colour_held_most() -> None:
    # Playable: a Wild (four actions) and R5; seat 0 holds two blues besides.
    position = (
        "2003 hands=W,R5,B9,B3/{other} pile=R2 colour=R dir=cw turn=0 dealer=1 "
        "scores=0,0 stock=... launcher=hazard seed=0"
    )
    rng = random.Random(2)
    # The next seat holds three cards: the coloured card, always.
    game = parse_position(position.format(other="G1,G2,G3"))
    for _ in range(200):
        assert playout_policy(game, 0, rng, greedy=True) == Action.parse("play R5")
    # The next seat is close to going out: the wild too, naming blue, about half the time.
    game = parse_position(position.format(other="G1,G2"))
    plays = [playout_policy(game, 0, rng, greedy=True) for _ in range(2000)]
    assert set(plays) == {Action.parse("play R5"), Action.parse("play W B")}
    assert 0.45 < plays.count(Action.parse("play W B")) / len(plays) < 0.55


def test_with_held_colours_the_tree_names_only_the_colours_held_most() -> None:
    # Only the Wild can be played (or a press); seat 0 holds two blues and a red.
    game = parse_position(
        "2003 hands=W,B9,B3,R5/G1,G2,G3 pile=G2 colour=G dir=cw turn=0 dealer=1 "
        "scores=0,0 stock=... launcher=hazard seed=0"
    )
    legal = decisions(game.legal_actions(0))
    assert len(legal) == 5  # four colours and the press
    kept = held_colours((game.faces[i].colour for i in game.hands[0]), legal)
    assert [str(a) for a in kept] == ["play W B", "press"]
    result = search(Sampler(game, 0), random.Random(4), iterations=200, held=True)
    assert {str(e.action) for e in result.estimates} <= {"play W B", "press"}
    bot = make_bot("ismcts:iters=200:held", random.Random(4))
    assert isinstance(bot, ISMCTSBot)
    assert decide(game, bot) in kept


def test_a_strong_prior_makes_the_advised_decision_the_most_tried() -> None:
    game = parse_position(
        "2003 hands=R5,R6,B7,G-Skip/G1,G2,G3/B1,B2,B3 pile=R2 colour=R dir=cw turn=0 "
        "dealer=2 scores=0,0,0 stock=... launcher=hazard seed=0"
    )
    knowledge = Sampler(game, 0)
    for advice in (Action.parse("press"), Action.parse("play R6")):
        result = search(knowledge, random.Random(1), iterations=300, hint=advice, prior=1000.0)
        assert result.best == advice


@pytest.mark.skipif(COMPILED, reason="it spies on a method, which a compiled class keeps read-only")
def test_with_an_unreachable_margin_it_plays_the_heuristic_choice() -> None:
    game = Game.new("2010", players=3, seed=8)
    bot = ISMCTSBot(random.Random(3), iterations=40, margin=2.0)
    advisor = bot._advisor
    assert advisor is not None
    advised: list[Action] = []
    ask = advisor.choose

    def spy(seen: View) -> Action:
        advised.append(ask(seen))
        return advised[-1]

    advisor.choose = spy  # type: ignore[method-assign]
    chosen: list[Action] = []
    decide_once = bot.decide

    def record(knowledge: Sampler) -> Action:
        before = len(advised)
        action = decide_once(knowledge)
        if len(advised) > before:
            chosen.append(action)
        return action

    bot.decide = record  # type: ignore[method-assign]
    bots: dict[int, Bot] = {
        0: bot,
        1: HeuristicBot(random.Random(1)),
        2: HeuristicBot(random.Random(2)),
    }
    match = Match(game, bots=bots)
    play_out(match, stop=lambda: game.hand_number > 2 or game.is_over)
    assert len(chosen) >= 8 and chosen == advised
