"""The match layer: the one arbiter of a table (engine/match.py).

Who may act and when, how reactions that meet are settled, the UNO grace, stale and
wrong-seat refusals, bots' timing, turn timers and stand-ins, the pause between hands,
offers for turn-based agents, the journal, and what each viewer is handed. Time is an
argument, so every test gives exact times and checks exact outcomes.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import pytest

from compiled import fields
from scenario import position
from unoattack.bots import HeuristicBot, RandomBot
from unoattack.engine import (
    SPECTATOR,
    Action,
    ActionKind,
    Game,
    IllegalAction,
    View,
    format_position,
)
from unoattack.engine.bot import ActionPicker
from unoattack.engine.events import Caught, Dealt, Pressed, UnoSaid
from unoattack.engine.explain import play_to_explain
from unoattack.engine.match import (
    Chooser,
    JournalError,
    Match,
    MatchRefusal,
    Step,
    StepKind,
    Timing,
    play_out,
)
from unoattack.engine.record import TakeBack
from unoattack.engine.view import view as seat_view
from unoattack.rules import Card

# Four seats; seat 1 plays R7 and keeps one card (G5) without saying UNO.
WINDOW = (
    "2003 hands=G5,G6,Y2/R7,G5/G3,G4,B1/B3,B4,Y1 pile=R2 turn=1 dealer=0 "
    "scores=0,0,0,0 stock=... launcher=scripted:0 seed=0"
)


class Scripted:
    """A bot for tests: presses (or takes its first legal action) on its turn, after the
    given moves; reacts with ``reaction`` ("uno", "catch") when it can."""

    def __init__(self, moves: Sequence[str] = (), reaction: str | None = None) -> None:
        self.moves = [Action.parse(m) for m in moves]
        self.reaction = reaction
        self.asked: list[int] = []  # the state ids at which it was asked to react

    def choose(self, view: View) -> Action:
        legal = view.legal_actions
        if self.moves and self.moves[0] in legal:
            return self.moves.pop(0)
        turn = [a for a in legal if a.kind not in (ActionKind.SAY_UNO, ActionKind.CATCH)]
        presses = [a for a in turn if a.kind is ActionKind.PRESS]
        return presses[0] if presses else turn[0]

    def react(self, view: View) -> Action | None:
        self.asked.append(sum(view.hand_counts))
        for action in view.legal_actions:
            if self.reaction == "uno" and action.kind is ActionKind.SAY_UNO:
                return action
            if self.reaction == "catch" and action.kind is ActionKind.CATCH:
                return action
        return None


def applied(steps: list[Step]) -> list[tuple[int, str]]:
    """(seat, action) of the steps that applied an action."""
    return [(s.seat, str(s.action)) for s in steps if s.kind is StepKind.APPLIED]


def play_r7(match: Match, now: float = 0.0) -> list[Step]:
    return match.submit(1, Action.parse("play R7"), now=now)


# ---------------------------------------------------------------------- the reaction order


def test_reactions_that_meet_are_settled_liable_first_then_in_the_order_of_play() -> None:
    """P12: the liable seat's UNO comes first; catches then go in the order of play."""
    bots = {0: Scripted(reaction="catch"), 2: Scripted(reaction="catch")}
    match = Match(position(WINDOW), bots=bots)
    assert match.reaction_order() == []
    steps = play_r7(match) + match.advance(0.0)
    # Seat 2 is after the liable seat 1 in the order of play, seat 0 last: seat 2 catches.
    assert applied(steps)[:2] == [(1, "play R7"), (2, "catch 1")]
    assert steps[1].chooser is Chooser.BOT and steps[1].auto


def test_the_liable_bots_uno_beats_a_catch_that_meets_it() -> None:
    """P12: a liable player who says UNO as someone catches them is safe (R59)."""
    game = position(WINDOW)
    bots = {1: Scripted(["play R7"], reaction="uno"), 2: Scripted(reaction="catch")}
    match = Match(game, bots=bots)
    match.advance(0.0, limit=2)
    assert [str(Action.from_code(code)) for _, code in game.history] == ["play R7", "uno"]
    assert not any(isinstance(e, Caught) for e in game.log)


def test_the_reaction_order_follows_the_direction_of_play() -> None:
    """P12: after the liable seat, the seats in the current direction of play."""
    match = Match(position(WINDOW.replace("turn=1", "turn=1 dir=ccw")))
    play_r7(match)
    assert match.reaction_order() == [1, 0, 3, 2]
    clockwise = Match(position(WINDOW))
    play_r7(clockwise)
    assert clockwise.reaction_order() == [1, 2, 3, 0]


def test_every_bot_decides_its_reaction_when_the_window_opens_once() -> None:
    """P12: each bot is asked once per window, all of them when it opens."""
    bots = {0: Scripted(), 2: Scripted(), 3: Scripted()}
    match = Match(position(WINDOW), bots=bots)
    play_r7(match)
    assert [len(b.asked) for b in bots.values()] == [1, 1, 1]
    # Seat 2's turn: its bot presses (a ding) and the window closes (R61).
    match.advance(0.0, limit=1)
    assert match.game.uno_seat == -1
    assert [len(b.asked) for b in bots.values()] == [1, 1, 1]


# ---------------------------------------------------------------------- the UNO grace

GRACE = Timing(uno_grace=0.3)


def test_a_catch_is_held_and_the_liable_players_uno_within_the_grace_wins() -> None:
    """P13: the UNO said just before a catch (arriving just after it) wins."""
    match = Match(position(WINDOW), timing=GRACE)
    play_r7(match, now=10.0)
    held = match.submit(0, Action.parse("catch 1"), now=10.1)
    assert [s.kind for s in held] == [StepKind.HELD]
    assert match.held_catch == (0, 1) and match.state == 1
    steps = match.submit(1, Action.parse("uno"), now=10.35)
    assert [(s.kind, s.seat, s.reason) for s in steps] == [
        (StepKind.APPLIED, 1, ""),
        (StepKind.FAILED, 0, "uno_in_time"),
    ]
    assert match.held_catch is None and match.game.uno_seat == -1


def test_a_held_catch_applies_when_the_grace_ends() -> None:
    """P13: nobody said UNO within the grace: the catch applies at its end."""
    match = Match(position(WINDOW), timing=GRACE)
    play_r7(match, now=10.0)
    match.submit(0, Action.parse("catch 1"), now=10.1)
    assert match.next_due() == pytest.approx(10.4)
    assert match.advance(10.39) == []
    (step,) = match.advance(10.5)
    assert (step.kind, step.seat, str(step.action), step.at) == (
        StepKind.APPLIED,
        0,
        "catch 1",
        pytest.approx(10.4),
    )
    assert isinstance(match.game.log[-2], Caught) or isinstance(match.game.log[-1], Caught)


def test_an_uno_after_the_grace_is_refused() -> None:
    """P13: once the held catch has applied, the window is closed."""
    match = Match(position(WINDOW), timing=GRACE)
    play_r7(match, now=10.0)
    match.submit(0, Action.parse("catch 1"), now=10.1)
    with pytest.raises(IllegalAction) as info:
        match.submit(1, Action.parse("uno"), now=10.6)  # the catch applied at 10.4 first
    assert info.value.reason == "no_uno_to_call"
    assert any(isinstance(e, Caught) for e in match.game.log)


def test_a_second_catch_while_one_is_held_is_refused() -> None:
    """P13: the first catch holds; another arriving meanwhile is refused."""
    match = Match(position(WINDOW), timing=GRACE)
    play_r7(match, now=0.0)
    match.submit(2, Action.parse("catch 1"), now=0.1)
    with pytest.raises(MatchRefusal) as info:
        match.submit(0, Action.parse("catch 1"), now=0.2)
    assert (info.value.reason, info.value.details) == ("catch_pending", {"seat": 2})


def test_nothing_but_the_liable_players_uno_is_taken_while_a_catch_is_held() -> None:
    """P13: the seat to act waits for the held catch, like the bots do."""
    bots = {3: Scripted()}
    match = Match(position(WINDOW), bots=bots, timing=Timing(uno_grace=0.3, think=0.1))
    play_r7(match, now=0.0)
    match.submit(0, Action.parse("catch 1"), now=0.05)
    with pytest.raises(MatchRefusal) as info:
        match.submit(2, Action.parse("press"), now=0.2, state=1)
    assert (info.value.reason, info.value.details) == ("catch_pending", {"seat": 0})
    assert match.next_due() == pytest.approx(0.35)
    steps = match.advance(1.0)
    assert [(s.seat, str(s.action)) for s in steps] == [(0, "catch 1")]
    assert match.game.to_act == 1  # the caught player presses now (A20)


def test_a_bots_catch_that_comes_due_while_another_is_held_lapses() -> None:
    """P13: while a catch is held only the liable player's UNO may come first; a bot's
    catch of the same player, due meanwhile, lapses (it stopped the whole table)."""
    bots = {3: Scripted(reaction="catch")}
    timing = Timing(uno_grace=0.3, react=(0.2, 0.2))
    match = Match(position(WINDOW), bots=bots, timing=timing)
    play_r7(match, now=10.0)  # seat 3's catch is due at 10.2
    match.submit(0, Action.parse("catch 1"), now=10.1)
    assert match.held_catch == (0, 1)
    assert match.advance(10.3) == []  # the bot's catch lapsed, the table is unchanged
    assert match.held_catch == (0, 1) and match.state == 1
    (step,) = match.advance(10.4)
    assert (step.kind, step.seat, str(step.action)) == (StepKind.APPLIED, 0, "catch 1")


def test_random_bots_with_the_uno_grace_play_whole_matches() -> None:
    """P13: at a table of bots their catches meet held ones, and every match ends (seeds
    0 and 2 stopped on a refused catch, at their 1,766th and 2,005th action)."""
    for seed, actions in ((0, 4779), (2, 2353)):
        game = Game.new("2003", players=4, seed=seed)
        bots = {seat: RandomBot(random.Random(seed * 10 + seat)) for seat in range(4)}
        timing = Timing(think=0.0, press=0.0, react=(0.0, 0.0), uno_grace=0.3)
        match = Match(game, bots=bots, timing=timing)
        now = 0.0
        while not game.is_over:
            due = match.next_due()
            assert due is not None
            now = max(now, due)
            match.advance(now)
        assert len(game.history) == actions


class FirstAmong(ActionPicker):
    """A bot of the kind that reads only its legal actions, written in Python: it takes
    the first, and never reacts; it notes what it was handed and what the game offered."""

    def __init__(self, game: Game, seat: int) -> None:
        self.game, self.seat = game, seat
        self.handed: list[bool] = []

    def choose_among(self, legal_actions: Sequence[Action]) -> Action:
        self.handed.append(tuple(legal_actions) == self.game.legal_actions(self.seat))
        return legal_actions[0]

    def react_among(self, legal_actions: Sequence[Action]) -> Action | None:
        self.handed.append(tuple(legal_actions) == self.game.legal_actions(self.seat))
        return None


def test_a_bot_that_reads_only_its_legal_actions_is_handed_them_at_every_decision() -> None:
    """An ActionPicker subclass written in Python (the compiled build calls its methods
    directly) is asked with exactly the seat's legal actions, to move and to react, and
    plays the match to its end; asked with a view, it decides from the view's actions."""
    game = Game.new("2003", players=3, seed=5, options={"target_score": 1})
    bots = {seat: FirstAmong(game, seat) for seat in range(3)}
    play_out(Match(game, bots=dict(bots)))
    assert game.is_over
    handed = [answer for bot in bots.values() for answer in bot.handed]
    assert len(handed) >= len(game.history) and all(handed)
    fresh = Game.new("2003", players=3, seed=5, options={"target_score": 1})
    seat = fresh.to_act
    assert seat is not None
    picker = FirstAmong(fresh, seat)
    seen = seat_view(fresh, seat)
    assert picker.choose(seen) == seen.legal_actions[0] and picker.react(seen) is None


# ---------------------------------------------------------------------- refusals


def test_a_stale_action_is_refused_and_changes_nothing() -> None:
    match = Match(position(WINDOW))
    with pytest.raises(MatchRefusal) as info:
        match.submit(1, Action.parse("play R7"), state=3)
    assert (info.value.reason, info.value.details) == ("stale", {"state": 0})
    assert match.state == 0 and match.game.history == []


def test_the_table_says_why_it_would_refuse_an_action_without_trying_it() -> None:
    """Match.refusal is what submit would raise, or None, and changes nothing."""
    match = Match(position(WINDOW), timing=GRACE)
    assert match.refusal(1, Action.parse("play R7")) is None
    refusal = match.refusal(0, Action.parse("press"))
    assert refusal is not None
    assert (refusal.reason, refusal.details) == ("not_your_turn", {"seat": 1})
    refusal = match.refusal(1, Action.parse("play R7"), state=3)
    assert refusal is not None and (refusal.reason, refusal.details) == ("stale", {"state": 0})
    play_r7(match, now=0.0)
    match.submit(2, Action.parse("catch 1"), now=0.1)  # held for the UNO grace
    refusal = match.refusal(0, Action.parse("catch 1"))
    assert isinstance(refusal, MatchRefusal)
    assert (refusal.reason, refusal.details) == ("catch_pending", {"seat": 2})
    assert match.refusal(1, Action.parse("uno")) is None  # the liable player's UNO may come
    assert match.state == 1 and match.next_due() == pytest.approx(0.4)


def test_the_play_to_explain_makes_every_choice_so_the_reason_is_what_stops_the_card() -> None:
    game = position(WINDOW)
    match = Match(game)
    wild = play_to_explain(game, Card.parse("WAA"), 0)
    assert str(wild) == "play WAA R @1"
    refusal = match.refusal(0, wild)
    assert refusal is not None and refusal.reason == "not_your_turn"
    refusal = match.refusal(1, play_to_explain(game, Card.parse("G5"), 1))
    assert refusal is not None and (refusal.reason, refusal.details) == (
        "no_match",
        {"card": "G5", "top": "R2", "colour": "R"},
    )
    assert str(play_to_explain(game, Card.parse("Y-TH"), 3)) == "play Y-TH @0"


def test_a_seat_that_may_not_act_gets_the_engines_reason() -> None:
    match = Match(position(WINDOW))
    with pytest.raises(IllegalAction) as info:
        match.submit(0, Action.parse("press"))
    assert (info.value.reason, info.value.details) == ("not_your_turn", {"seat": 1})
    with pytest.raises(IllegalAction) as info:
        match.submit(7, Action.parse("press"))
    assert info.value.reason == "no_such_seat"
    assert match.state == 0


# ---------------------------------------------------------------------- bots' timing


def test_bots_act_after_their_thinking_time_and_press_after_the_press_time() -> None:
    game = position(
        "2003 hands=R-Hit2,R5/G3,G4/B3,B4 pile=R2 turn=0 dealer=2 scores=0,0,0 "
        "stock=... launcher=scripted:0 seed=0"
    )
    bots = {1: Scripted(), 2: Scripted()}
    match = Match(game, bots=bots, timing=Timing(think=1.0, press=0.5))
    match.submit(0, Action.parse("play R-Hit2"), now=5.0)
    assert match.next_due() == 5.5  # seat 1 owes two presses
    steps = match.advance(7.0)
    assert [(s.seat, str(s.action), s.at) for s in steps] == [
        (1, "press", 5.5),
        (1, "press", 6.0),
        (2, "press", 7.0),  # seat 2's turn: it thinks for a second
    ]


def test_a_bot_waits_for_people_to_react_before_closing_the_window() -> None:
    """P12: a person may react; a bot's move that would close the window waits."""
    bots = {2: Scripted(), 3: Scripted()}
    match = Match(position(WINDOW), bots=bots, timing=Timing(think=0.5, human_window=2.0))
    play_r7(match, now=1.0)  # seat 0, played from outside, may catch seat 1
    assert match.next_due() == 3.0
    steps = match.submit(0, Action.parse("catch 1"), now=2.0)
    assert applied(steps) == [(0, "catch 1")]


def test_bots_reactions_come_after_their_reaction_time() -> None:
    timing = Timing(think=5.0, react=(1.0, 1.0))
    bots = {1: Scripted(["play R7"], reaction="uno"), 2: Scripted(reaction="catch")}
    match = Match(position(WINDOW), bots=bots, timing=timing)
    match.advance(5.0)  # seat 1 plays R7 after thinking
    # The UNO takes half the reaction time (0.5 s) and comes before the catch (1 s).
    steps = match.advance(20.0, limit=1)
    assert [(s.seat, str(s.action), s.at) for s in steps] == [(1, "uno", 5.5)]


def test_the_turn_timer_lets_the_stand_in_decide() -> None:
    match = Match(
        position(WINDOW), stand_ins={1: Scripted(["play R7"])}, timing=Timing(turn_timer=30.0)
    )
    assert match.next_due() == 30.0
    (step,) = match.advance(31.0)
    assert (step.seat, str(step.action), step.at, step.chooser) == (
        1,
        "play R7",
        30.0,
        Chooser.STAND_IN,
    )


def test_an_away_player_is_played_by_the_stand_in_at_bots_pace() -> None:
    match = Match(position(WINDOW), stand_ins={1: Scripted()}, timing=Timing(think=0.8))
    assert match.next_due() is None
    match.set_away(1, True)
    (step,) = match.advance(1.0)
    assert (step.seat, str(step.action), step.at, step.chooser) == (
        1,
        "press",
        0.8,
        Chooser.STAND_IN,
    )
    match.set_away(1, False)
    assert match.deciding == 2  # the match waits for seat 2, played from outside


# ---------------------------------------------------------------------- between hands

LAST_CARD = (
    "2003 hands=R7/G3,G4/B3,B4 pile=R2 turn=0 dealer=2 scores=0,0,0 "
    "stock=... launcher=scripted:0 seed=0"
)


def test_the_table_pauses_between_hands_until_everyone_is_ready() -> None:
    match = Match(position(LAST_CARD), bots={2: Scripted()}, timing=Timing(between_hands=math.inf))
    (step,) = match.submit(0, Action.parse("play R7"), now=3.0)
    assert step.hand is not None and step.hand.winner == 0
    assert match.paused_until == math.inf
    assert match.view(0).legal_actions == ()
    with pytest.raises(MatchRefusal) as info:
        match.submit(match.game.to_act or 0, Action.parse("press"), now=4.0)
    assert info.value.reason == "between_hands"
    assert match.ready(0, now=5.0) == []  # seat 1 is not ready yet
    steps = match.ready(1, now=6.0)
    assert steps[0].kind is StepKind.RESUMED and steps[0].at == 6.0
    assert match.paused_until is None


def test_the_pause_between_hands_ends_at_its_deadline() -> None:
    match = Match(position(LAST_CARD), timing=Timing(between_hands=5.0))
    match.submit(0, Action.parse("play R7"), now=3.0)
    assert match.next_due() == 8.0
    (step,) = match.advance(9.0)
    assert (step.kind, step.at) == (StepKind.RESUMED, 8.0)


# ---------------------------------------------------------------------- offers


def test_offers_ask_each_seat_played_from_outside_in_the_reaction_order() -> None:
    """P12: with offers, each agent answers in the reaction order before anyone moves."""
    match = Match(position(WINDOW), offers=True)
    play_r7(match)
    assert match.offered == 1 and match.deciding == 1
    assert [str(a) for a in match.legal_actions(1)] == ["uno"]
    assert match.legal_actions(2) == ()
    with pytest.raises(MatchRefusal) as info:
        match.submit(2, Action.parse("catch 1"))
    assert (info.value.reason, info.value.details) == ("offer_pending", {"seat": 1})
    match.decline(1)
    assert match.offered == 2
    with pytest.raises(MatchRefusal) as info:
        match.submit(2, Action.parse("press"))
    assert info.value.reason == "answer_offer"
    steps = match.submit(2, Action.parse("catch 1"))
    assert applied(steps) == [(2, "catch 1")]
    assert match.offered is None and match.deciding == 1  # seat 1 presses its penalty
    with pytest.raises(MatchRefusal) as info:
        match.decline(1)
    assert info.value.reason == "no_offer"


def test_offers_and_bots_go_in_one_order() -> None:
    """P12: a bot earlier in the reaction order than an offered agent acts first."""
    match = Match(position(WINDOW), bots={2: Scripted(reaction="catch")}, offers=True)
    steps = play_r7(match)
    assert match.offered == 1  # the liable agent is offered first
    steps = match.decline(1) + match.advance(0.0)
    assert applied(steps) == [(2, "catch 1")]


def test_decision_actions_are_the_legal_actions_of_the_awaited_decision() -> None:
    """Environments ask for the awaited decision, then for its legal actions without
    asking for the decision again: the same actions as legal_actions, in random matches
    where every seat is an agent answering offers."""
    for players in (2, 3, 4):
        game = Game.new("2003", players=players, seed=players, options={"target_score": 1})
        match = Match(game, offers=True)
        rng = random.Random(players)
        for _ in range(400):
            seat, offer = match.decision()
            if seat is None:
                break
            actions = match.decision_actions(seat, offer)
            assert actions == match.legal_actions(seat)
            if offer and rng.random() < 0.5:
                match.decline(seat)
            else:
                match.submit(seat, rng.choice(actions))


# ---------------------------------------------------------------------- the journal


def test_the_journal_is_written_before_the_game_changes_and_can_refuse() -> None:
    written: list[tuple[int, str]] = []

    def journal(seat: int, action: Action) -> None:
        if action.kind is ActionKind.PRESS:
            raise OSError("disk full")
        written.append((seat, str(action)))

    match = Match(position(WINDOW), bots={2: Scripted()}, journal=journal)
    play_r7(match)
    with pytest.raises(JournalError) as info:
        match.advance(0.0)  # seat 2's bot presses: the journal refuses it
    assert info.value.steps == [] and isinstance(info.value.cause, OSError)
    assert written == [(1, "play R7")]
    assert match.state == 1 and len(match.game.history) == 1
    # An illegal action never reaches the journal.
    other = Match(position(WINDOW), journal=journal)
    with pytest.raises(IllegalAction):
        other.submit(0, Action.parse("play G5"))
    assert written == [(1, "play R7")] and other.state == 0


# ---------------------------------------------------------------------- one arbiter


def _timed_match(seed: int) -> Match:
    game = Game.new("mega-hit", players=4, seed=seed)
    bots = {s: HeuristicBot(random.Random(s)) for s in (1, 2, 3)}
    timing = Timing(think=1.0, press=0.4, react=(0.5, 2.0), uno_grace=0.3, human_window=1.5)
    return Match(game, bots=bots, stand_ins={0: RandomBot(random.Random(9))}, timing=timing)


def _person(match: Match, rng: random.Random, now: float) -> None:
    legal = match.legal_actions(0)
    if legal and match.game.to_act == 0:
        match.submit(0, rng.choice(legal), now=now)


@pytest.mark.parametrize("seed", [1, 2])
def test_the_same_actions_at_the_same_times_give_the_same_game_however_often_polled(
    seed: int,
) -> None:
    """A front-end that wakes at every due time and one that wakes rarely agree."""
    histories = []
    for period in (None, 7.0):
        match, rng, now = _timed_match(seed), random.Random(seed), 0.0
        while not match.is_over and now < 400:
            due = match.next_due()
            if period is None:
                now = due if due is not None else now + 0.25
            else:
                now += period if due is None or due > now else 0.0
            match.advance(now)
            if match.game.to_act == 0 and match.deciding == 0:
                now += 0.25  # the person thinks a little
                _person(match, rng, now)
        histories.append(match.game.history[:200])
    assert histories[0] == histories[1]


def test_bot_tables_play_the_same_game_through_any_driver() -> None:
    """The bot runner, a simulation and a timed table with its clock polled: one game."""
    from unoattack.bots import play_match
    from unoattack.sim.simulate import drive

    def bots() -> list[RandomBot]:
        return [RandomBot(random.Random(f"7:{s}")) for s in range(3)]

    first = Game.new("2010", players=3, seed=7)
    play_match(first, bots())
    second = Game.new("2010", players=3, seed=7)
    drive(second, bots())
    third = Game.new("2010", players=3, seed=7)
    timed = Match(third, bots=dict(enumerate(bots())), timing=Timing(think=0.5, press=0.2))
    now = 0.0
    while not timed.is_over:
        due = timed.next_due()
        assert due is not None
        now = due
        timed.advance(now)
    assert first.history == second.history == third.history
    assert first.result == second.result == third.result


# ---------------------------------------------------------------------- what viewers see


def test_each_viewer_gets_its_own_view_and_redacted_events() -> None:
    match = Match(Game.new("2003", players=3, seed=2))
    dealt = [e for e in match.events(SPECTATOR) if isinstance(e, Dealt)]
    assert dealt and all(e.cards is None for e in dealt)
    mine = [e for e in match.events(0) if isinstance(e, Dealt) and e.seat == 0]
    assert mine[0].cards == match.view(0).hand
    assert match.view(SPECTATOR).hand is None
    seat = match.game.to_act
    assert seat is not None
    steps = match.submit(seat, Action.parse("press"))
    pressed = [e for e in match.step_events(steps[0], (seat + 1) % 3) if isinstance(e, Pressed)]
    assert pressed and pressed[0].cards is None
    own = [e for e in match.step_events(steps[0], seat) if isinstance(e, Pressed)]
    assert own[0].cards is not None


@pytest.mark.parametrize("edition", ["2003", "2010", "mega-hit"])
def test_views_of_every_viewer_at_once_are_each_viewers_own_view(edition: str) -> None:
    # A server builds every seat's view after an action in one call: each must be
    # exactly what that seat's own view says, at every moment of whole matches.
    viewers = [SPECTATOR, 3, 0, 2, 1, 0]
    for seed in range(4):
        game = Game.new(edition, players=4, seed=seed)
        bots = {s: RandomBot(random.Random(seed * 10 + s)) for s in range(4)}
        match = Match(game, bots=bots, timing=Timing(think=0.0))
        compared = 0
        while not match.is_over and compared < 400:
            assert match.views(viewers) == [match.view(v) for v in viewers]
            due = match.next_due()
            assert due is not None
            match.advance(due)
            compared += 1
        assert match.views(viewers) == [match.view(v) for v in viewers]
    with pytest.raises(ValueError, match="there is no seat 4"):
        match.views([0, 4])


def test_a_rematch_keeps_the_table_and_deals_anew() -> None:
    game = Game.new("2003", players=3, seed=2)
    bots = {s: RandomBot(random.Random(s)) for s in range(3)}
    match = Match(game, bots=bots, timing=Timing(think=0.1))
    match.advance(math.inf)
    assert match.is_over
    again = match.rematch(seed=3, now=100.0)
    assert again.game.seed == 3 and not again.is_over and again.state == 0
    assert again.next_due() == pytest.approx(100.1)
    assert play_out(again) > 0 and again.is_over


def test_uno_said_event_reaches_every_viewer() -> None:
    match = Match(position(WINDOW))
    play_r7(match)
    match.submit(1, Action.parse("uno"))
    assert all(isinstance(match.events(v)[-1], UnoSaid) for v in (SPECTATOR, 0, 1, 2, 3))


# ---------------------------------------------------------------------- taking a move back


def you_against_bots(seed: int = 3) -> Match:
    """A heads-up match from a fresh deal: seat 0 is played from outside, seat 1 a bot."""
    game = Game.new("2003", players=2, seed=seed, launcher="hazard")
    return Match(game, bots={1: HeuristicBot(random.Random(1))})


def play_yours(match: Match, seat: int = 0) -> Action:
    """Seat ``seat``'s first legal action (a press, if it may only press), then the bots."""
    action = match.legal_actions(seat)[0]
    match.submit(seat, action)
    match.advance(0.0)
    return action


def test_a_player_alone_against_bots_takes_back_their_last_move_and_the_bots_answers() -> None:
    match = you_against_bots()
    if match.deciding != 0:
        match.advance(0.0)
    play_yours(match)
    before = format_position(match.game)
    mine = len(match.game.history)
    action = play_yours(match)
    assert len(match.game.history) > mine + 1  # the bot answered
    took = match.take_back(0)
    # The table is back where it was just before that move, the bot's answer undone too.
    assert format_position(match.game) == before and len(match.game.history) == mine
    assert took.at == mine and took.undone[0] == (0, str(action))
    assert match.takebacks == [took] and match.deciding == 0
    assert match.state == mine


def test_a_move_taken_back_and_made_again_meets_the_same_launcher() -> None:
    # The rewind replays the deal and every action, so the random streams are where they
    # were: pressing again shoots out exactly what it shot out before (no reroll).
    match = you_against_bots(seed=5)
    while not (
        match.deciding == 0 and any(a.kind is ActionKind.PRESS for a in match.legal_actions(0))
    ):
        if match.deciding == 0:
            play_yours(match)
        else:
            match.advance(0.0)
    press = next(a for a in match.legal_actions(0) if a.kind is ActionKind.PRESS)
    match.submit(0, press)
    first = [str(e.to_dict()) for e in match.events(SPECTATOR)]
    hand = match.game.hand(0)
    match.take_back(0)
    match.submit(0, press)
    assert [str(e.to_dict()) for e in match.events(SPECTATOR)] == first
    assert match.game.hand(0) == hand


def four_moves_then_a_take_back() -> tuple[Match, TakeBack]:
    """You against bots: four decisions are made, then you take your last move back."""
    match = you_against_bots()
    for _ in range(4):
        if match.deciding == 0:
            play_yours(match)
        else:
            match.advance(0.0)
    return match, match.take_back(0)


def test_a_take_back_is_kept_in_the_record_which_still_verifies() -> None:
    from unoattack.engine import Record
    from unoattack.engine.record import verify

    match, took = four_moves_then_a_take_back()
    record = Record.from_game(match.game, match.takebacks)
    again = Record.from_json(record.to_json())
    assert again.takebacks == [took] and verify(again).ok
    assert '"takebacks"' in record.to_json()
    # Without take-backs the record is written exactly as before undo existed.
    assert '"takebacks"' not in Record.from_game(match.game).to_json()


def test_verify_refuses_take_backs_that_could_not_have_been_taken() -> None:
    import dataclasses

    from unoattack.engine import Record
    from unoattack.engine.record import verify

    match, took = four_moves_then_a_take_back()
    record = Record.from_game(match.game, match.takebacks)
    assert verify(record).ok and record.takeback_problem() is None

    def with_takebacks(*takebacks: TakeBack) -> str:
        forged = dataclasses.replace(record, takebacks=list(takebacks))
        forged.digest = forged.compute_digest()  # a digest agrees with any body
        verdict = verify(forged)
        assert not verdict.ok
        return verdict.message

    assert with_takebacks(TakeBack(took.at, ())) == "take-back 1 undoes no move"
    assert with_takebacks(TakeBack(len(record.actions) + 1, took.undone)) == (
        f"take-back 1 starts at action {len(record.actions) + 1} of {len(record.actions)}"
    )
    seat, _ = took.undone[0]
    assert with_takebacks(TakeBack(took.at, ((seat, "play W R"),) * 3)).startswith(
        "take-back 1: the moves it undid do not replay: "
    )
    # Taken back twice: the second undoes the move played again after the first.
    play_yours(match)
    match.take_back(0)
    twice = Record.from_game(match.game, match.takebacks)
    assert len(twice.takebacks) == 2 and verify(twice).ok


def test_moves_cannot_be_taken_back_with_other_people_at_the_table() -> None:
    game = Game.new("2003", players=3, seed=3)
    match = Match(game, bots={2: HeuristicBot(random.Random(1))})
    with pytest.raises(MatchRefusal, match="only a player alone against bots") as refusal:
        match.take_back(0)
    assert refusal.value.reason == "undo_with_people"


def test_moves_cannot_be_taken_back_at_a_journaled_table_or_before_any_move() -> None:
    game = Game.new("2003", players=2, seed=3)
    journaled = Match(game, bots={1: HeuristicBot(random.Random(1))}, journal=lambda s, a: None)
    with pytest.raises(MatchRefusal) as refusal:
        journaled.take_back(0)
    assert refusal.value.reason == "undo_unavailable"
    fresh = Match(Game.new("2003", players=2, seed=3), bots={0: HeuristicBot(random.Random(1))})
    with pytest.raises(MatchRefusal) as nothing:
        fresh.take_back(1)
    assert nothing.value.reason == "nothing_to_undo"
    assert fresh.takebacks == []


def test_a_move_of_a_finished_hand_cannot_be_taken_back() -> None:
    # Seat 0 goes out with its last card: the hand is over, and stays over.
    game = position(
        "2003 hands=R7/G3,G4 pile=R2 turn=0 dealer=1 scores=0,0 stock=... "
        "launcher=scripted:1 seed=0"
    )
    match = Match(game, bots={1: HeuristicBot(random.Random(1))})
    match.submit(0, Action.parse("play R7"))
    assert match.game.hand_number == 2
    with pytest.raises(MatchRefusal, match="your last move was in a hand that is over") as refusal:
        match.take_back(0)
    assert refusal.value.reason == "undo_past_hand" and match.game.hand_number == 2


def test_a_clone_has_every_field_of_the_match_and_plays_on_alone() -> None:
    """Match.clone assigns the match's fields one by one: none may be left out, each
    mutable one is copied rather than shared, and the copy plays on as the match would
    while the match stays where it was."""
    match = Match(Game.new("2003", players=3, seed=4), offers=True)
    for _ in range(5):
        seat = match.deciding
        assert seat is not None
        action = match.legal_actions(seat)[0]
        match.submit(seat, action)
    twin = match.clone()
    copied = {"game", "seats", "_ahead", "_ready", "_rng"}
    for name in fields(Match):
        mine, theirs = getattr(match, name), getattr(twin, name)
        if name in copied:
            assert theirs is not mine, name
        elif name != "_window":  # None here; a window's queue is copied (below)
            assert theirs is mine or theirs == mine, name
    assert twin.game.history == match.game.history
    assert twin._rng.getstate() == match._rng.getstate()
    history = list(match.game.history)
    seat = twin.deciding
    assert seat is not None
    twin.submit(seat, twin.legal_actions(seat)[0])
    assert match.game.history == history and len(twin.game.history) == len(history) + 1
