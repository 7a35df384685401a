"""Scoring: the end of a hand (R71–R74, P08) and of a match, as values.

:func:`match_result` says whether given scores end a match under given options; the game
asks it after every hand, and anyone can ask it about any scores.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from unoattack.engine._compiled import reduce_dataclass
from unoattack.engine.deal import next_dealer, start_hand
from unoattack.engine.events import HandVoid, HandWon, MatchWon, PlayerEliminated
from unoattack.engine.state import Phase
from unoattack.rules.edition import Options

if TYPE_CHECKING:
    from unoattack.engine.game import Game


@dataclass(frozen=True, slots=True)
class HandResult:
    """The end of a hand, as a value."""

    hand_number: int
    winner: int  # -1 for a dead hand (P08)
    points: int  # what the winner scored (first_to_500), else 0
    hand_points: tuple[int, ...]
    scores: tuple[int, ...]
    eliminated: tuple[int, ...]
    reason: str = "went_out"  # or "void" (P08)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_dataclass(self)  # pickle and copy it compiled too (see _compiled)


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The end of a match, as a value. Several winners only when tied (A33)."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    hands: int
    reason: str  # target_reached, lowest_total, last_standing

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_dataclass(self)  # pickle and copy it compiled too (see _compiled)


def match_result(
    scores: Sequence[int],
    active: Sequence[bool],
    options: Options,
    winner: int,
    hand_number: int,
) -> MatchResult | None:
    """The end of the match if the scores after hand ``hand_number``, won by ``winner``,
    end it under ``options`` (R72–R74, A33); else None. ``active`` says who is still in
    play (the Challenge game eliminates players).

    >>> first_to_500 = Options(scoring_mode="first_to_500", target_score=500)
    >>> match_result([120, 510, 80], [True] * 3, first_to_500, winner=1, hand_number=4)
    MatchResult(winners=(1,), scores=(120, 510, 80), hands=4, reason='target_reached')
    >>> match_result([120, 490, 80], [True] * 3, first_to_500, winner=1, hand_number=4)
    >>> lowest = Options(scoring_mode="running_total_lowest_wins", target_score=200)
    >>> match_result([210, 45, 45], [True] * 3, lowest, winner=2, hand_number=6).winners
    (1, 2)
    """
    mode = options.scoring_mode
    target = options.target_score
    n = len(scores)
    if mode == "first_to_500":
        if scores[winner] >= target:
            return MatchResult((winner,), tuple(scores), hand_number, "target_reached")
    elif mode == "running_total_lowest_wins":
        if max(scores) >= target:
            low = min(scores[s] for s in range(n) if active[s])
            winners = tuple(s for s in range(n) if scores[s] == low)
            return MatchResult(winners, tuple(scores), hand_number, "lowest_total")
    elif sum(active) == 1:
        return MatchResult((winner,), tuple(scores), hand_number, "last_standing")
    return None


def end_hand(game: Game) -> None:
    """R71–R74: score the hand, eliminate, and start the next hand or end the match."""
    winner = game.went_out
    game.uno_seat = -1
    game.duties = []
    n, active, scores = game.n, game.active, game.scores
    points_of = game._tables.points_of
    hand_points = tuple(
        sum(points_of[i] for i in game.hands[s]) if active[s] else 0 for s in range(n)
    )
    mode = game.options.scoring_mode
    won = 0
    if mode == "first_to_500":
        won = sum(hand_points)
        scores[winner] += won
    else:
        for s in range(n):
            if active[s] and s != winner:
                scores[s] += hand_points[s]
    eliminated: list[int] = []
    if mode == "challenge":
        for s in range(n):
            if active[s] and scores[s] >= game.options.target_score:
                active[s] = False
                game.n_active -= 1
                eliminated.append(s)
        game._seats_changed()
    if game.emitting:
        faces = game.faces
        game._emit(
            HandWon(
                game.hand_number,
                winner,
                won,
                hand_points,
                tuple([tuple(map(faces.__getitem__, h)) for h in game.hands]),
                tuple(scores),
            )
        )
        for s in eliminated:
            game._emit(PlayerEliminated(s, scores[s]))
    game.last_hand = HandResult(
        game.hand_number, winner, won, hand_points, tuple(scores), tuple(eliminated)
    )
    game.went_out = -1
    result = match_result(scores, active, game.options, winner, game.hand_number)
    if result is not None:
        game.result = result
        game.phase = Phase.MATCH_OVER
        if game.emitting:
            game._emit(MatchWon(result.winners, result.scores, result.reason))
        return
    game.dealer = next_dealer(game)
    start_hand(game)


def void_hand(game: Game) -> None:
    """P08: a dead hand scores nothing; the deal passes on as after any hand."""
    game.uno_seat = -1
    game.duties = []
    if game.emitting:
        game._emit(HandVoid(game.hand_number))
    game.last_hand = HandResult(
        game.hand_number, -1, 0, (0,) * game.n, tuple(game.scores), (), "void"
    )
    game.dealer = next_dealer(game)
    start_hand(game)
