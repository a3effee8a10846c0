"""Timing helpers shared by the benchmarks: medians of repeated runs and one report format.

Every benchmark script builds a list of :class:`Row` and calls :func:`report`, which prints a
table and returns a non-zero exit status when a target is missed.

Times are wall-clock seconds; with ``NSP_BENCH_CLOCK=cpu`` they are the process's CPU seconds
(``time.process_time``: every thread of this process, nothing of other processes), which a
machine shared with other jobs inflates far less. Benchmarks that time work in other processes
(Dask workers) keep the wall clock.

Quick mode (``--quick`` among the arguments, or ``NSP_BENCH_QUICK=1``): every benchmark file
shrinks its sizes, repeats and replicates (its docstring says to what) so that it runs in
under a minute, and :func:`report` prints the rows under a title marked "(quick: sizes
shrunk, targets not checked)" without counting a missed target. The files' correctness checks
(a mismatch against a reference, a wrong value) still run and still fail. It is a smoke run
of every code path, not a measurement: ``make bench-quick``.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

#: Whether :func:`clock` reads CPU time (``NSP_BENCH_CLOCK=cpu``).
CPU_CLOCK = os.environ.get("NSP_BENCH_CLOCK", "").lower() == "cpu"

#: Whether the benchmarks run in quick mode (``--quick`` or ``NSP_BENCH_QUICK=1``): sizes
#: shrunk, targets not checked.
QUICK = "--quick" in sys.argv[1:] or os.environ.get("NSP_BENCH_QUICK", "") == "1"

#: The mark of a table's title in quick mode.
QUICK_TITLE = " (quick: sizes shrunk, targets not checked)"


def clock() -> float:
    """Return the benchmarks' clock reading in seconds: wall clock, or CPU time if so set.

    ``NSP_BENCH_CLOCK=cpu`` selects ``time.process_time`` (CPU seconds of this process);
    anything else (or nothing) ``time.perf_counter``.
    """
    return time.process_time() if CPU_CLOCK else time.perf_counter()


def median_time(fn: Callable[[], object], *, repeat: int = 5, warmup: int = 1) -> float:
    """Return the median time of ``fn()`` in seconds over ``repeat`` runs (:func:`clock`).

    Parameters
    ----------
    fn : callable
        The work to time, called without arguments (its result is ignored).
    repeat : int
        Timed runs.
    warmup : int
        Untimed runs before them (imports, caches, JIT-like warm-up).

    Returns
    -------
    float
        The median of the ``repeat`` times, in seconds.
    """
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(repeat):
        t0 = clock()
        fn()
        times.append(clock() - t0)
    return statistics.median(times)


@dataclass
class Row:
    """One measured figure: ``ours`` seconds against ``theirs`` seconds (or an absolute target).

    ``against`` names the anchor that ``theirs`` timed: ``"dit"``, ``"qif"``,
    ``"CVXPY + Clarabel"``, or ``"naive ..."`` for a reference implementation kept in the
    benchmark (or the library's own slower path); ``note`` says how it was run.
    """

    name: str
    ours: float
    theirs: float | None = None
    against: str = ""
    min_ratio: float | None = None
    max_seconds: float | None = None
    note: str = ""

    @property
    def ratio(self) -> float | None:
        """The speed-up ``theirs / ours``, or ``None`` without a comparison."""
        return None if self.theirs is None else self.theirs / self.ours

    @property
    def ok(self) -> bool:
        """Whether the row meets its targets (the speed-up and the time limit, when set)."""
        if self.min_ratio is not None and (self.ratio is None or self.ratio < self.min_ratio):
            return False
        return self.max_seconds is None or self.ours <= self.max_seconds


#: Every row reported in this process that missed a target, with its table's title (for the
#: summary of ``python -m benchmarks``).
MISSED: list[tuple[str, Row]] = []


def report(title: str, rows: list[Row]) -> int:
    """Print ``rows`` as a table under ``title``.

    In quick mode (:data:`QUICK`) the title says so, the targets are printed but not
    checked (the status column reads ``-``), and no row counts as missed.

    Parameters
    ----------
    title : str
        The heading of the table.
    rows : list of Row
        The measurements, printed in this order.

    Returns
    -------
    int
        0 if every row meets its targets (always in quick mode), else 1 (an exit status).
    """
    mark = (QUICK_TITLE if QUICK else "") + (" (CPU seconds)" if CPU_CLOCK else "")
    print(f"\n== {title}{mark}")
    print(
        f"{'benchmark':<48} {'ours [s]':>10} {'anchor [s]':>10} {'speed-up':>9} "
        f"{'target':>14} {'':<6} anchor"
    )
    for r in rows:
        other = f"{r.theirs:10.4f}" if r.theirs is not None else f"{'':>10}"
        ratio = f"{r.ratio:8.1f}x" if r.ratio is not None else f"{'':>9}"
        target = []
        if r.min_ratio is not None:
            target.append(f">={r.min_ratio:g}x")
        if r.max_seconds is not None:
            target.append(f"<={r.max_seconds:g}s")
        flag = "-" if QUICK else "ok" if r.ok else "MISSED"
        goal = " ".join(target) or "-"
        anchor = f"{r.against} ({r.note})" if r.against and r.note else r.against or r.note
        print(f"{r.name:<48} {r.ours:10.4f} {other} {ratio} {goal:>14} {flag:<6} {anchor}")
    if QUICK:
        return 0
    MISSED.extend((title, r) for r in rows if not r.ok)
    return 0 if all(r.ok for r in rows) else 1
