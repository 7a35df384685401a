"""Where the games run: in-process, in local worker processes, or as Ray tasks.

Every backend takes the same stream of independent tasks and yields their results as
they finish, in no particular order; callers aggregate with order-independent sums (and
put rows back in game order themselves), so the backend and the number of jobs never
change a result. At most ``2 * jobs`` tasks are in flight, so a run of a million games
holds a handful of chunks in memory, not a million results.

- ``local`` with ``jobs == 1``: in this process, no pool at all.
- ``local``: a :class:`concurrent.futures.ProcessPoolExecutor` of ``jobs`` processes
  (started with ``spawn``: no threads or locks inherited from the caller).
- ``ray``: Ray tasks, on a local Ray started for the run (``ray.init(num_cpus=jobs)``)
  or on an existing cluster (``address``, e.g. ``ray://head:10001`` or ``auto``). The
  ``unoattack`` package is shipped to the cluster's workers with the job
  (``runtime_env={"py_modules": [...]}``), so they need only Python and Ray.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from itertools import islice
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")

BACKENDS = ("local", "ray")


class BackendError(RuntimeError):
    """A backend cannot run: Ray missing, a cluster unreachable..."""


def cpu_count() -> int:
    """Cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def ray_available() -> str | None:
    """None if Ray imports, else why not (for messages and test skips)."""
    try:
        import ray  # noqa: F401
    except ImportError as exc:
        return f"ray is not installed ({exc}); install the extra: pip install 'unoattack[ray]'"
    return None


def run_tasks(
    fn: Callable[[T], R],
    tasks: Iterable[T],
    *,
    backend: str = "local",
    jobs: int = 1,
    address: str | None = None,
) -> Iterator[R]:
    """Yield ``fn(task)`` for every task, in completion order.

    ``fn`` must be a module-level function and tasks and results picklable.
    """
    if backend not in BACKENDS:
        raise BackendError(f"unknown backend {backend!r}: choose one of {', '.join(BACKENDS)}")
    if jobs < 1:
        raise BackendError(f"jobs must be at least 1, got {jobs}")
    if backend == "ray":
        return _run_ray(fn, tasks, jobs, address)
    if address is not None:
        raise BackendError("--address needs --backend ray")
    if jobs == 1:
        return map(fn, tasks)
    return _run_processes(fn, tasks, jobs)


def _run_processes(fn: Callable[[T], R], tasks: Iterable[T], jobs: int) -> Iterator[R]:
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        pending: set[Future[R]] = set()
        source = iter(tasks)
        try:
            while True:
                for task in islice(source, 2 * jobs - len(pending)):
                    pending.add(pool.submit(fn, task))
                if not pending:
                    return
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    yield future.result()
        except BaseException:
            # A failed task, Ctrl-C or a caller that stopped reading: drop queued work.
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def _ray_init(jobs: int, address: str | None) -> bool:
    """Connect to Ray; return True if this call started it (and must shut it down)."""
    import logging

    import ray

    if ray.is_initialized():
        return False
    kwargs: dict[str, Any] = {
        "include_dashboard": False,
        "log_to_driver": False,
        "logging_level": logging.WARNING,
    }
    if address is None:
        kwargs["num_cpus"] = jobs
    else:
        import unoattack

        kwargs["address"] = address
        kwargs["runtime_env"] = {"py_modules": [os.path.dirname(unoattack.__file__)]}
    try:
        ray.init(**kwargs)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        where = address or "a local Ray"
        raise BackendError(f"cannot start or reach {where}: {exc}".splitlines()[0]) from None
    return True


def _run_ray(
    fn: Callable[[T], R], tasks: Iterable[T], jobs: int, address: str | None
) -> Iterator[R]:
    problem = ray_available()
    if problem is not None:
        raise BackendError(problem)
    import ray

    started = _ray_init(jobs, address)
    try:
        remote = ray.remote(fn)
        pending: list[Any] = []
        source = iter(tasks)
        while True:
            for task in islice(source, 2 * jobs - len(pending)):
                pending.append(remote.remote(task))
            if not pending:
                return
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield ray.get(ref)
    finally:
        if started:
            ray.shutdown()
