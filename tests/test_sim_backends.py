"""The same seed gives the same results whatever the backend, job count and chunking."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from unoattack.sim.backends import BackendError, ray_available, run_tasks
from unoattack.sim.simulate import GameRow, SimConfig, simulate
from unoattack.sim.tournament import TournamentConfig, tournament

CONFIG = SimConfig(
    edition="mega-hit",
    players=3,
    games=24,
    seed=42,
    bots=("random", "heuristic"),
    unit="hands",
    launcher="hazard",
)
TOURNAMENT = TournamentConfig(("heuristic", "random"), players=2, games=8, seed=9, unit="hands")


def run(**kwargs: Any) -> tuple[dict[str, Any], list[GameRow]]:
    rows: list[GameRow] = []
    summary = simulate(CONFIG, on_rows=rows.extend, **kwargs)
    return summary.to_dict(CONFIG), rows


@pytest.fixture(scope="module")
def reference() -> tuple[dict[str, Any], list[GameRow]]:
    return run(jobs=1)


@pytest.fixture(scope="module")
def tournament_reference() -> dict[str, Any]:
    return tournament(TOURNAMENT).to_dict()


def test_chunk_size_does_not_change_the_results(
    reference: tuple[dict[str, Any], list[GameRow]],
) -> None:
    for size in (1, 5, 24):
        assert run(jobs=1, chunk_size=size) == reference


def test_local_processes_give_the_same_results(
    reference: tuple[dict[str, Any], list[GameRow]], tournament_reference: dict[str, Any]
) -> None:
    assert run(jobs=2, chunk_size=3) == reference
    assert run(jobs=3, chunk_size=7) == reference
    assert tournament(TOURNAMENT, jobs=2, chunk_size=3).to_dict() == tournament_reference


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    problem = ray_available()
    if problem is not None:
        pytest.skip(f"the Ray backend is optional and {problem}")
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_ray_gives_the_same_results(
    local_ray: None,
    reference: tuple[dict[str, Any], list[GameRow]],
    tournament_reference: dict[str, Any],
) -> None:
    assert run(backend="ray", jobs=2, chunk_size=4) == reference
    assert run(backend="ray", jobs=1, chunk_size=24) == reference
    assert (
        tournament(TOURNAMENT, backend="ray", jobs=2, chunk_size=3).to_dict()
        == tournament_reference
    )


def double(x: int) -> int:
    return 2 * x


def test_in_flight_tasks_are_bounded_and_every_result_arrives() -> None:
    pulled = 0

    def tasks() -> Iterator[int]:
        nonlocal pulled
        for i in range(50):
            pulled += 1
            yield i

    results = run_tasks(double, tasks(), jobs=2)
    first = next(results)
    # Two jobs keep at most four tasks in flight: the source is read lazily.
    assert pulled <= 4
    assert sorted([first, *results]) == [2 * i for i in range(50)]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"backend": "spark"}, "unknown backend 'spark'"),
        ({"jobs": 0}, "jobs must be at least 1"),
        ({"address": "ray://x:1"}, "--address needs --backend ray"),
    ],
)
def test_backend_errors(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(BackendError, match=message):
        list(run_tasks(double, [1], **kwargs))
