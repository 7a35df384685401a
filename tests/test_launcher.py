"""The launcher models match their documented parameters, and the Launcher keeps its books.

The statistical tests use fixed seeds, so they are deterministic; their tolerances are
real confidence intervals (Wilson 99.9% for proportions, mean ± 4 standard errors for
means), so a wrong parameter fails them, as test_hazard_checks_reject_a_memoryless_launcher
shows. The calibration figures are written out here again on purpose, so that a change
to the module's tables is caught.
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
from collections import Counter
from collections.abc import Sequence

import pytest

from unoattack.engine.launcher import (
    DEFAULT_LAUNCHER,
    DING,
    LAUNCHER_MODELS,
    DrawOneModel,
    FaultyModel,
    HazardModel,
    Launcher,
    LauncherModel,
    LauncherPublic,
    LauncherSpecError,
    MemorylessModel,
    Outcome,
    ScheduleModel,
    ScriptedModel,
    fired,
    parse_launcher,
    press_distribution,
    with_faults,
)
from unoattack.engine.launcher_draws import hazard_cards

HAZARD_FIRE = (0.18, 0.50, 0.59, 0.55, 1.00)
HAZARD_MEAN_CARDS = (4.66, 5.39, 4.72, 5.07, 7.20)
HAZARD_GAPS = {1: 0.18, 2: 0.41, 3: 0.2419, 4: 0.09245, 5: 0.075645}
SCHEDULE = frozenset(
    (2, 6, 9, 13, 17, 21, 24, 26, 27, 29, 32, 36, 37, 41, 44, 47, 48,
     51, 54, 57, 58, 62, 66, 69, 72, 73, 77, 81, 84, 85, 88, 92, 93, 96)
)  # fmt: skip
FULL_STOCK = list(range(112))

Z_999 = 3.2905  # two-sided 99.9% quantile of the standard normal


# ------------------------------------------------------------------------------ helpers


def wilson(successes: int, trials: int, z: float = Z_999) -> tuple[float, float]:
    """Wilson score interval for a proportion (99.9% by default)."""
    share = successes / trials
    shrink = 1 + z * z / trials
    centre = (share + z * z / (2 * trials)) / shrink
    half = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials)) / shrink
    return centre - half, centre + half


def mean_interval(values: Sequence[float], errors: float = 4.0) -> tuple[float, float]:
    """Sample mean ± ``errors`` standard errors."""
    count = len(values)
    mean = math.fsum(values) / count
    variance = math.fsum((value - mean) ** 2 for value in values) / (count - 1)
    half = errors * math.sqrt(variance / count)
    return mean - half, mean + half


def inside(value: float, interval: tuple[float, float]) -> bool:
    return interval[0] <= value <= interval[1]


def run(spec: str, presses: int, seed: int) -> list[tuple[int, Outcome]]:
    """(since_fire before the press, outcome) for ``presses`` presses, never short of cards."""
    launcher = Launcher(parse_launcher(spec), random.Random(seed), FULL_STOCK)
    presses_made = []
    for _ in range(presses):
        # Top up with more than any model yields, so nothing is capped; not with load(),
        # which would restart the schedule.
        if len(launcher.stock) < 20:
            launcher.stock.extend(FULL_STOCK)
        since_fire = launcher.since_fire
        outcome, _ = launcher.press()
        presses_made.append((since_fire, outcome))
    return presses_made


def gaps(presses: list[tuple[int, Outcome]]) -> list[int]:
    """Presses from one firing to the next, the firing press included."""
    return [since_fire + 1 for since_fire, outcome in presses if outcome.fired]


def batch_means(values: Sequence[float], batches: int) -> list[float]:
    """Means of consecutive batches: nearly independent even when presses are not."""
    size = len(values) // batches
    return [math.fsum(values[i * size : (i + 1) * size]) / size for i in range(batches)]


def distribution_mismatches(
    label: str, counts: Counter[int], probabilities: dict[int, float]
) -> list[str]:
    """Per-value Wilson checks of observed counts against a distribution."""
    trials = sum(counts.values())
    problems = [
        f"{label}: unexpected value {value}" for value in counts if value not in probabilities
    ]
    for value, probability in probabilities.items():
        interval = wilson(counts[value], trials)
        if not inside(probability, interval):
            problems.append(f"{label}={value}: {probability} outside {interval}")
    return problems


def rng_untouched(launcher: Launcher, presses: int) -> bool:
    before = launcher.rng.getstate()
    for _ in range(presses):
        launcher.press()
    return launcher.rng.getstate() == before


# ------------------------------------------------------------------------------- hazard


def test_hazard_calibration_gives_the_documented_figures() -> None:
    # docs/launcher.md derives these from the calibration tables; recompute them here.
    survive = 1.0
    gap_probabilities = {}
    for step, fire in enumerate(HAZARD_FIRE):
        gap_probabilities[step + 1] = survive * fire
        survive *= 1 - fire
    assert survive == 0.0
    for gap, probability in HAZARD_GAPS.items():
        assert gap_probabilities[gap] == pytest.approx(probability, abs=1e-5)
    mean_gap = sum(gap * probability for gap, probability in gap_probabilities.items())
    cards_per_firing = sum(
        gap_probabilities[step + 1] * HAZARD_MEAN_CARDS[step] for step in range(5)
    )
    assert mean_gap == pytest.approx(2.4737, abs=1e-4)
    assert 1 / mean_gap == pytest.approx(0.404, abs=5e-4)
    assert cards_per_firing == pytest.approx(5.20, abs=5e-3)
    assert cards_per_firing / mean_gap == pytest.approx(2.10, abs=5e-3)
    assert HazardModel.FIRE_PROBABILITIES == HAZARD_FIRE
    assert HazardModel.MEAN_CARDS == HAZARD_MEAN_CARDS


def hazard_mismatches(spec: str, presses: int, seed: int) -> list[str]:
    """Every way the launcher of ``spec`` differs from the calibrated hazard model."""
    made = run(spec, presses, seed)
    problems = []
    for step in range(5):
        at_step = [o for k, o in made if min(k, 4) == step]
        fired = [o.cards for o in at_step if o.fired]
        if step == 4:
            if len(fired) != len(at_step):
                problems.append("k>=4: did not always fire")
        elif not inside(HAZARD_FIRE[step], wilson(len(fired), len(at_step))):
            interval = wilson(len(fired), len(at_step))
            problems.append(f"P(fire | k={step}) = {HAZARD_FIRE[step]} outside {interval}")
        if not inside(HAZARD_MEAN_CARDS[step], mean_interval(fired)):
            interval = mean_interval(fired)
            problems.append(f"cards at k={step}: {HAZARD_MEAN_CARDS[step]} outside {interval}")
    fired_cards = [o.cards for _, o in made if o.fired]
    if min(fired_cards) < 1 or max(fired_cards) > 13:
        problems.append(f"cards of a firing range {min(fired_cards)}..{max(fired_cards)}")
    gap_list = gaps(made)
    if max(gap_list) > 5:
        problems.append(f"a gap of {max(gap_list)} presses")
    problems += distribution_mismatches("gap", Counter(gap_list), HAZARD_GAPS)
    fire_rates = batch_means([float(o.fired) for _, o in made], batches=200)
    if not inside(0.40425, mean_interval(fire_rates)):
        problems.append(f"fire rate outside {mean_interval(fire_rates)}")
    card_rates = batch_means([float(o.cards) for _, o in made], batches=200)
    if not inside(2.1036, mean_interval(card_rates)):
        problems.append(f"cards per press outside {mean_interval(card_rates)}")
    return problems


def test_hazard_model_matches_its_calibration() -> None:
    assert hazard_mismatches("hazard", presses=200_000, seed=20031) == []


def test_hazard_checks_reject_a_memoryless_launcher() -> None:
    # Same fire rate and cards per firing on average, but no memory: the checks must see it.
    problems = hazard_mismatches("memoryless:p=0.404", presses=50_000, seed=2)
    assert any(problem.startswith("P(fire | k=0)") for problem in problems)
    assert any(problem.startswith("gap=1") for problem in problems)
    assert "k>=4: did not always fire" in problems


def test_hazard_launcher_counts_presses_since_the_last_firing() -> None:
    launcher = Launcher(HazardModel(), random.Random(5), FULL_STOCK * 10)
    expected = 0
    for _ in range(2_000):
        assert launcher.since_fire == expected
        outcome, _ = launcher.press()
        expected = 0 if outcome.fired else expected + 1


# ----------------------------------------------------------------------------- schedule


def test_schedule_fires_exactly_on_the_listed_presses_and_wraps() -> None:
    made = run("schedule", presses=3 * 96, seed=1)
    fired_at = [index + 1 for index, (_, outcome) in enumerate(made) if outcome.fired]
    expected = [lap * 96 + press for lap in range(3) for press in sorted(SCHEDULE)]
    assert len(SCHEDULE) == 34
    assert fired_at == expected
    assert tuple(sorted(SCHEDULE)) == ScheduleModel.FIRING_PRESSES


def test_schedule_cards_are_two_plus_binomial_ten_035() -> None:
    made = run("schedule", presses=300 * 96, seed=2)
    cards = [outcome.cards for _, outcome in made if outcome.fired]
    assert len(cards) == 300 * 34
    assert min(cards) == 2
    assert max(cards) <= 12
    assert inside(5.5, mean_interval(cards))
    binomial = {2 + k: math.comb(10, k) * 0.35**k * 0.65 ** (10 - k) for k in range(11)}
    assert distribution_mismatches("cards", Counter(cards), binomial) == []


def test_schedule_restarts_on_load_but_since_fire_does_not() -> None:
    launcher = Launcher(ScheduleModel(), random.Random(3), FULL_STOCK)
    fired = [launcher.press()[0].fired for _ in range(5)]
    assert fired == [False, True, False, False, False]
    assert launcher.since_fire == 3
    launcher.load(FULL_STOCK)
    assert (launcher.since_reload, launcher.since_fire) == (0, 3)
    assert [launcher.press()[0].fired for _ in range(2)] == [False, True]
    assert launcher.since_reload == 2


# --------------------------------------------------------------------------- memoryless


@pytest.mark.parametrize(
    ("spec", "p", "mean"), [("memoryless", 0.40, 5.2), ("memoryless:p=0.3,mean=4", 0.3, 4.0)]
)
def test_memoryless_model_matches_its_parameters(spec: str, p: float, mean: float) -> None:
    made = run(spec, presses=100_000, seed=7)
    fired = [outcome.cards for _, outcome in made if outcome.fired]
    assert inside(p, wilson(len(fired), len(made)))
    assert min(fired) >= 1
    assert inside(mean, mean_interval(fired))
    # Poisson shape, not just its mean: P(cards = 1) = P(Poisson(mean - 1) = 0).
    assert inside(math.exp(-(mean - 1)), wilson(fired.count(1), len(fired)))
    # No memory: gaps between firings are geometric.
    gap_counts = Counter(gaps(made))
    for gap in range(1, 6):
        geometric = p * (1 - p) ** (gap - 1)
        assert inside(geometric, wilson(gap_counts[gap], gap_counts.total())), gap
    assert max(gap_counts) > 8  # unlike the hazard model, long droughts happen


def test_memoryless_extremes_are_deterministic() -> None:
    made = run("memoryless:p=1,mean=1", presses=500, seed=4)
    assert all(outcome == Outcome(fired=True, cards=1) for _, outcome in made)


# ----------------------------------------------------------------------------- draw-one


def test_draw_one_yields_exactly_the_next_card_every_press() -> None:
    launcher = Launcher(DrawOneModel(), random.Random(1), [7, 3, 9])
    assert [launcher.press() for _ in range(3)] == [
        (Outcome(fired=True, cards=1), [7]),
        (Outcome(fired=True, cards=1), [3]),
        (Outcome(fired=True, cards=1), [9]),
    ]
    launcher.load(list(range(500)))
    assert rng_untouched(launcher, 500)
    assert launcher.stock == []


# ----------------------------------------------------------------------------- scripted


def test_scripted_outcomes_follow_the_tokens_then_ding() -> None:
    launcher = Launcher(parse_launcher("scripted:3,0,2+1,m,0+1"), random.Random(1), FULL_STOCK)
    made = [launcher.press() for _ in range(7)]
    assert made == [
        (Outcome(fired=True, cards=3), [0, 1, 2]),
        (Outcome(fired=False, cards=0), []),
        (Outcome(fired=True, cards=2, stuck=1), [3, 4, 5]),
        (Outcome(fired=True, cards=0), []),
        (Outcome(fired=False, cards=0, stuck=1), [6]),
        (Outcome(fired=False, cards=0), []),  # the script ran out: dings from now on
        (Outcome(fired=False, cards=0), []),
    ]
    assert launcher.stock == FULL_STOCK[7:]
    assert rng_untouched(launcher, 10)


def test_scripted_script_counts_presses_over_the_whole_game() -> None:
    launcher = Launcher(parse_launcher("scripted:1,1,1"), random.Random(1), [1, 2])
    launcher.press()
    launcher.load([5, 6])
    assert launcher.press() == (Outcome(fired=True, cards=1), [5])
    assert parse_launcher("scripted:").outcome(random.Random(), 0, 0, 0) == Outcome(False, 0)


def test_stuck_cards_come_after_fired_ones_and_count_as_yield() -> None:
    launcher = Launcher(parse_launcher("scripted:2+2"), random.Random(1), [9, 8, 7, 6, 5])
    outcome, yielded = launcher.press()
    assert yielded == [9, 8, 7, 6]
    assert yielded[: outcome.cards] == [9, 8]
    assert outcome.total == len(yielded) == 4


# -------------------------------------------------------------------------- fault layer


def test_fault_layer_misfires_and_sticks_at_its_rates() -> None:
    made = run("draw-one:misfire=0.1,stuck=0.2", presses=100_000, seed=11)
    outcomes = [outcome for _, outcome in made]
    misfires = sum(outcome.cards == 0 for outcome in outcomes)
    stuck = sum(outcome.stuck == 1 for outcome in outcomes)
    both = sum(outcome.cards == 0 and outcome.stuck == 1 for outcome in outcomes)
    assert all(outcome.fired and outcome.stuck <= 1 for outcome in outcomes)
    assert inside(0.1, wilson(misfires, len(outcomes)))
    assert inside(0.2, wilson(stuck, len(outcomes)))
    assert inside(0.1 * 0.2, wilson(both, len(outcomes)))  # independent


def test_fault_layer_on_the_hazard_model() -> None:
    made = run("hazard:misfire=0.05,stuck=0.02", presses=100_000, seed=12)
    fired = [outcome for _, outcome in made if outcome.fired]
    # The hazard model never fires 0 cards, so a fired press with none is a misfire.
    assert inside(0.05, wilson(sum(o.cards == 0 for o in fired), len(fired)))
    assert inside(0.02, wilson(sum(o.stuck for _, o in made), len(made)))
    # A misfire still fires: the pattern of firings is the hazard model's.
    assert inside(
        0.18, wilson(sum(o.fired for k, o in made if k == 0), sum(k == 0 for k, _ in made))
    )
    assert max(gaps(made)) <= 5


def test_fault_layer_with_zero_rates_is_the_plain_model() -> None:
    assert parse_launcher("hazard:misfire=0,stuck=0") == HazardModel()
    assert with_faults(HazardModel()) == HazardModel()
    assert with_faults(HazardModel(), stuck=0.5) == FaultyModel(HazardModel(), 0.0, 0.5)
    with pytest.raises(LauncherSpecError, match="misfire=0 and stuck=0"):
        FaultyModel(HazardModel())


def test_fault_layer_refuses_scripted_and_itself() -> None:
    with pytest.raises(LauncherSpecError, match="cannot wrap 'scripted:1'"):
        FaultyModel(parse_launcher("scripted:1"), misfire=0.5)
    with pytest.raises(LauncherSpecError, match="cannot wrap"):
        FaultyModel(FaultyModel(HazardModel(), misfire=0.5), stuck=0.5)


# ------------------------------------------------------------------------------ launcher


def test_a_press_never_yields_more_than_the_stock() -> None:
    launcher = Launcher(parse_launcher("scripted:5,3+2,0+4,7"), random.Random(1), list(range(6)))
    assert launcher.press() == (Outcome(fired=True, cards=5), [0, 1, 2, 3, 4])
    assert launcher.press() == (Outcome(fired=True, cards=1), [5])  # fired cards go first
    assert launcher.press() == (Outcome(fired=False, cards=0), [])
    # Firing with an empty stock still counts as firing: the mechanism ran.
    assert launcher.press() == (Outcome(fired=True, cards=0), [])
    assert (launcher.since_fire, launcher.since_reload, launcher.presses) == (0, 4, 4)
    launcher.load([1, 2, 3])
    assert launcher.press() == (Outcome(fired=False, cards=0), [])
    assert (launcher.since_fire, launcher.since_reload, launcher.presses) == (1, 1, 5)


def test_capped_stuck_cards_fill_what_is_left() -> None:
    launcher = Launcher(parse_launcher("scripted:2+3"), random.Random(1), [4, 5, 6])
    assert launcher.press() == (Outcome(fired=True, cards=2, stuck=1), [4, 5, 6])


def test_random_presses_take_the_front_of_the_stock_and_conserve_cards() -> None:
    rng = random.Random(99)
    launcher = Launcher(parse_launcher("hazard:stuck=0.3"), random.Random(98))
    emptied = 0
    for round_number in range(300):
        stock = [round_number * 1000 + i for i in range(rng.randrange(0, 16))]
        launcher.load(stock)
        received: list[int] = []
        for _ in range(rng.randrange(1, 6)):
            before = list(launcher.stock)
            outcome, yielded = launcher.press()
            assert outcome.total == len(yielded) <= len(before)
            assert yielded == before[: len(yielded)]
            assert launcher.stock == before[len(yielded) :]
            emptied += bool(before) and not launcher.stock
            received += yielded
        assert received + launcher.stock == stock  # nothing lost, added or reordered
    assert emptied > 20  # small stocks: the cap really was exercised
    assert launcher.presses == launcher.public().total_presses


def test_the_hazard_draw_is_the_inverse_cdf_draw_it_replaced() -> None:
    # launcher_draws.hazard_cards writes bisect_right out (compiled code); the draws, and
    # so every seeded game, must be those of the model's sampler as it was written before.
    cdfs = [
        tuple(
            itertools.accumulate(math.comb(12, k) * p**k * (1 - p) ** (12 - k) for k in range(12))
        )
        for p in ((mean - 1) / 12 for mean in HAZARD_MEAN_CARDS)
    ]
    for seed in range(200):
        ours, reference = random.Random(seed), random.Random(seed)
        for since_fire in list(range(7)) * 20:
            step = min(since_fire, 4)
            expected = (
                0
                if reference.random() >= HAZARD_FIRE[step]
                else 1 + bisect.bisect_right(cdfs[step], reference.random())
            )
            assert hazard_cards(ours, since_fire) == expected
        assert ours.getstate() == reference.getstate()


class _HazardByTheModel(HazardModel):
    """The hazard model, but not of the exact type Launcher.press draws for itself: its
    presses go through ``model.outcome`` and the general capping."""


def test_the_hazard_launchers_own_draw_matches_the_general_press() -> None:
    for seed in range(40):
        rng = random.Random(seed)
        quick = Launcher(HazardModel(), random.Random(seed))
        general = Launcher(_HazardByTheModel(), random.Random(seed))
        for _ in range(60):
            stock = list(range(rng.randrange(0, 14)))
            quick.load(stock)
            general.load(stock)
            for _ in range(rng.randrange(1, 5)):
                assert quick.press() == general.press()
                assert quick.public()[1:] == general.public()[1:]
        assert quick.rng.getstate() == general.rng.getstate()
    assert quick.press()[0] in (DING, *map(fired, range(14)))  # the shared outcomes


def test_stock_given_to_the_launcher_is_copied() -> None:
    cards = [1, 2, 3]
    launcher = Launcher(DrawOneModel(), random.Random(1), cards)
    launcher.press()
    launcher.load(cards)
    launcher.press()
    assert cards == [1, 2, 3]


def test_public_state_is_what_the_table_sees() -> None:
    launcher = Launcher(parse_launcher("scripted:0,0,2"), random.Random(1), [1, 2, 3, 4])
    launcher.press()
    launcher.press()
    assert launcher.public() == LauncherPublic(
        model="scripted:0,0,2",
        presses_since_fire=2,
        presses_since_reload=2,
        total_presses=2,
        stock_size=4,
    )
    launcher.press()
    assert launcher.public().presses_since_fire == 0
    assert launcher.public().stock_size == 2
    assert "1, 2" not in repr(launcher)  # the order of the stock stays hidden


def test_clone_is_independent_and_replays_the_same_future() -> None:
    launcher = Launcher(parse_launcher("hazard:misfire=0.1"), random.Random(42), FULL_STOCK)
    for _ in range(17):
        launcher.press()
    twin = launcher.clone()
    assert twin.public() == launcher.public()
    future = [launcher.press() for _ in range(30)]
    assert [twin.press() for _ in range(30)] == future
    state = (launcher.rng.getstate(), list(launcher.stock), launcher.public())
    for _ in range(20):
        twin.press()
    twin.load([1])
    assert (launcher.rng.getstate(), launcher.stock, launcher.public()) == state


def test_outcome_refuses_impossible_values() -> None:
    with pytest.raises(ValueError, match="impossible outcome"):
        Outcome(fired=False, cards=2)
    with pytest.raises(ValueError, match="impossible outcome"):
        Outcome(fired=True, cards=1, stuck=-1)


# -------------------------------------------------------------------------------- specs

ROUND_TRIPS = [
    (HazardModel(), "hazard"),
    (ScheduleModel(), "schedule"),
    (MemorylessModel(), "memoryless"),
    (MemorylessModel(p=0.3, mean=4), "memoryless:p=0.3,mean=4"),
    (MemorylessModel(mean=2.5), "memoryless:mean=2.5"),
    (MemorylessModel(p=1 / 3), f"memoryless:p={1 / 3!r}"),
    (DrawOneModel(), "draw-one"),
    (ScriptedModel(), "scripted"),
    (
        ScriptedModel(
            (
                Outcome(True, 3),
                Outcome(False, 0),
                Outcome(True, 2, 1),
                Outcome(True, 0),
                Outcome(False, 0, 1),
                Outcome(True, 0, 2),
            )
        ),
        "scripted:3,0,2+1,m,0+1,m+2",
    ),
    (FaultyModel(HazardModel(), 0.05, 0.02), "hazard:misfire=0.05,stuck=0.02"),
    (FaultyModel(ScheduleModel(), stuck=0.1), "schedule:stuck=0.1"),
    (FaultyModel(MemorylessModel(p=0.3, mean=4), 0.1), "memoryless:p=0.3,mean=4,misfire=0.1"),
    (FaultyModel(DrawOneModel(), 1, 1), "draw-one:misfire=1,stuck=1"),
]


@pytest.mark.parametrize(("model", "spec"), ROUND_TRIPS, ids=[spec for _, spec in ROUND_TRIPS])
def test_specs_round_trip(model: LauncherModel, spec: str) -> None:
    assert model.spec == spec
    assert str(model) == spec
    assert parse_launcher(spec) == model
    assert parse_launcher(model.spec).spec == spec


def test_parse_accepts_loose_spelling_and_gives_canonical_specs() -> None:
    assert parse_launcher(" Memoryless : mean=4.0 , P=0.30 ").spec == "memoryless:p=0.3,mean=4"
    assert parse_launcher("memoryless:p=0.4,mean=5.2") == MemorylessModel()
    assert parse_launcher("hazard:") == HazardModel()
    assert parse_launcher("scripted:") == ScriptedModel()
    assert parse_launcher("scripted:3+0,M") == ScriptedModel((Outcome(True, 3), Outcome(True, 0)))


def test_model_names_and_default() -> None:
    assert LAUNCHER_MODELS == ("hazard", "schedule", "memoryless", "draw-one", "scripted")
    assert DEFAULT_LAUNCHER == "hazard"
    for name in LAUNCHER_MODELS:
        model = parse_launcher(name)
        assert model.name == name
        assert model.spec == name
    assert parse_launcher(DEFAULT_LAUNCHER) == HazardModel()


def test_unknown_model_lists_the_models() -> None:
    with pytest.raises(LauncherSpecError) as error:
        parse_launcher("hazzard:misfire=0.1")
    assert str(error.value) == (
        "unknown launcher model 'hazzard': allowed models are "
        "hazard, schedule, memoryless, draw-one, scripted"
    )


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (
            "hazard:p=0.3",
            "unknown key 'p' for launcher model 'hazard': allowed keys are misfire, stuck",
        ),
        (
            "memoryless:q=0.3",
            "unknown key 'q' for launcher model 'memoryless': allowed keys are "
            "p, mean, misfire, stuck",
        ),
        (
            "draw-one:stuck",
            "launcher spec item 'stuck' is not key=value: allowed keys for 'draw-one' are "
            "misfire, stuck",
        ),
        ("memoryless:p=0", "launcher key 'p' got 0: allowed values are 0 < p <= 1"),
        ("memoryless:p=1.5", "launcher key 'p' got 1.5: allowed values are 0 < p <= 1"),
        ("memoryless:p=nan", "launcher key 'p' got nan: allowed values are 0 < p <= 1"),
        ("memoryless:mean=0.5", "launcher key 'mean' got 0.5: allowed values are 1 <= mean <= 20"),
        (
            "memoryless:mean=lots",
            "launcher key 'mean' got 'lots': allowed values are 1 <= mean <= 20",
        ),
        (
            "schedule:misfire=-0.1",
            "launcher key 'misfire' got -0.1: allowed values are 0 <= misfire <= 1",
        ),
        ("hazard:stuck=2", "launcher key 'stuck' got 2: allowed values are 0 <= stuck <= 1"),
        (
            "hazard:stuck=0.1,stuck=0.2",
            "launcher key 'stuck' is given twice in 'hazard:stuck=0.1,stuck=0.2'",
        ),
    ],
)
def test_bad_keys_and_values_name_what_is_allowed(spec: str, message: str) -> None:
    with pytest.raises(LauncherSpecError) as error:
        parse_launcher(spec)
    assert str(error.value) == message


@pytest.mark.parametrize("token", ["x", "-1", "2+", "+1", "m+m", "1.5", "", "misfire=0.1"])
def test_bad_scripted_tokens_name_the_token_and_the_forms(token: str) -> None:
    with pytest.raises(LauncherSpecError) as error:
        parse_launcher(f"scripted:1,{token}")
    message = str(error.value)
    assert message.startswith(f"bad scripted token {token!r}: use N (N >= 1 cards fire), 0 (a ding")
    for form in ("N+S", "0+S", "m (a misfire", "m+S"):
        assert form in message
    assert ("takes no keys" in message) == ("=" in token)


def test_models_check_their_parameters_when_built_directly() -> None:
    with pytest.raises(LauncherSpecError, match="0 < p <= 1"):
        MemorylessModel(p=0)
    with pytest.raises(LauncherSpecError, match="1 <= mean <= 20"):
        MemorylessModel(mean=21)
    with pytest.raises(LauncherSpecError, match="0 <= misfire <= 1"):
        FaultyModel(HazardModel(), misfire=1.5)


def test_scripted_loop_repeats_the_script() -> None:
    model = parse_launcher("scripted:2,0,m,loop")
    assert model.spec == "scripted:2,0,m,loop"
    rng = random.Random(0)
    outcomes = [model.outcome(rng, 0, 0, press) for press in range(7)]
    assert [(o.fired, o.cards) for o in outcomes] == [
        (True, 2),
        (False, 0),
        (True, 0),
        (True, 2),
        (False, 0),
        (True, 0),
        (True, 2),
    ]
    with pytest.raises(LauncherSpecError, match="needs outcomes before 'loop'"):
        parse_launcher("scripted:loop")


# ------------------------------------------------------------------ explicit chance

CONTEXTS = [
    ("hazard", 0, 0),
    ("hazard", 2, 3),
    ("hazard", 4, 9),
    ("schedule", 0, 1),
    ("schedule", 1, 97),
    ("memoryless:p=0.5,mean=3", 0, 0),
    ("hazard:misfire=0.2,stuck=0.3", 1, 0),
]


@pytest.mark.parametrize(("spec", "since_fire", "since_reload"), CONTEXTS)
def test_press_distribution_matches_the_launcher_models_sampler(
    spec: str, since_fire: int, since_reload: int
) -> None:
    model = parse_launcher(spec)
    stock = 9  # small, so that capping matters
    exact = dict(press_distribution(model, since_fire, since_reload, 0, stock))
    assert abs(sum(exact.values()) - 1.0) < 1e-9 and all(p > 0 for p in exact.values())
    rng = random.Random(2024)
    draws = 20_000
    seen: Counter[Outcome] = Counter()
    for _ in range(draws):
        outcome = model.outcome(rng, since_fire, since_reload, 0)
        count = min(outcome.cards + outcome.stuck, stock)
        cards = min(outcome.cards, count)
        seen[Outcome(outcome.fired, cards, count - cards)] += 1
    assert set(seen) <= set(exact)
    for outcome, p in exact.items():
        assert abs(seen[outcome] / draws - p) < 0.015, (outcome, p, seen[outcome] / draws)


KEYED_SPECS = [
    "hazard",
    "schedule",
    "memoryless:p=0.3,mean=4",
    "draw-one",
    "scripted:3,0,2+1,loop",
    "scripted:3,0,2+1",
    "hazard:misfire=0.2,stuck=0.3",
    "schedule:stuck=0.1",
]


@pytest.mark.parametrize("spec", KEYED_SPECS)
def test_presses_with_the_same_distribution_key_have_the_same_distribution(spec: str) -> None:
    # The OpenSpiel game keeps each press's chance outcomes by the model's key: a key
    # that left out a counter the distribution reads would hand a press another's odds.
    model = parse_launcher(spec)
    rng = random.Random(spec)
    first_seen: dict[tuple[object, int], list[tuple[Outcome, float]]] = {}
    keys = set()
    for _ in range(3_000):
        since_fire, since_reload = rng.randrange(12), rng.randrange(200)
        press_number, stock = rng.randrange(300), rng.choice([0, 1, 3, 9, 60])
        key = (model.distribution_key(since_fire, since_reload, press_number), stock)
        keys.add(key[0])
        distribution = press_distribution(model, since_fire, since_reload, press_number, stock)
        assert first_seen.setdefault(key, distribution) == distribution, key
    # ... and the keys do tell presses apart where the model does:
    assert len(keys) == {"hazard": 5, "schedule": 2, "draw-one": 1}.get(
        spec.split(":")[0], len(keys)
    )
    if spec.startswith("memoryless"):
        assert keys == {None}


def test_press_distribution_of_fixed_models() -> None:
    assert press_distribution(HazardModel(), 7, 0, 0, 0) == [(Outcome(True, 0), 1.0)]
    assert press_distribution(ScheduleModel(), 0, 0, 0, 50) == [(Outcome(False, 0), 1.0)]
    assert press_distribution(parse_launcher("draw-one"), 0, 0, 0, 5) == [(Outcome(True, 1), 1.0)]
    scripted = parse_launcher("scripted:3,0,2+1")
    assert press_distribution(scripted, 0, 0, 2, 50) == [(Outcome(True, 2, 1), 1.0)]
    assert press_distribution(scripted, 0, 0, 2, 2) == [(Outcome(True, 2, 0), 1.0)]
    assert press_distribution(scripted, 0, 0, 3, 50) == [(Outcome(False, 0), 1.0)]
    lumped = dict(press_distribution(MemorylessModel(p=1.0, mean=20), 0, 0, 0, 3))
    assert list(lumped) == [Outcome(True, 1), Outcome(True, 2), Outcome(True, 3)]
