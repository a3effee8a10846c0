"""Speed of nsp.channels: certified capacity of a random 200 x 200 channel (gap < 1e-9 bits).

The channel has i.i.d. Dirichlet(1) rows (seeded). "Certified gap" means ``upper - lower`` with
``lower = I(p; W)`` and ``upper = max_x D(W_x || pW)`` evaluated on the returned input pmf ``p``
(:func:`nsp.channels.capacity_bounds`), the same formula for every contender.

Compared in the same run with

* ``dit.algorithms.channel_capacity`` (dit 2.3, plain Blahut–Arimoto stopped when two successive
  estimates agree within ``atol``; it has no certified stopping rule). Its ``atol`` is tightened
  (``rtol=0``, ``atol`` = 1e-11, 1e-12, ...; looser settings stop far above a 1e-9 gap) until
  its returned pmf has a certified gap below 1e-9 bits, each attempt with a time budget; that
  setting is then timed (at atol=1e-9 dit stops with a gap near 4e-5 bits). If no setting reaches
  1e-9 within the budget, the tightest setting that finished is timed and the gap it reached is
  printed: dit then solved an easier problem than ours, so the ratio understates our advantage.
* ``qif.measure.shannon.add_capacity`` (qif's Blahut–Arimoto in C++, its default stopping
  rule ``md = 1e-7``), run once; the certified gap of its pmf is printed beside the row.
  Target: at least 10x.
* our own plain Blahut–Arimoto (``channel_capacity(..., method="ba")``, the naive anchor) with
  the certified stopping rule, which shows what the acceleration (active-set Newton on the
  KKT conditions) buys over the textbook iteration. Target: at least 10x.

Medians of several runs (7 of ours, 3 of each other; the last run of dit's tolerance search
is its first timed run). Target: at least 2x faster than dit.

Channels with exactly two distinct rows (the two-row capacities of Wu's ``C_1`` enumeration) are
solved directly (2 x 2 closed form, else a bracketed root of dI/dt). Two rows time that path on
seeded Dirichlet(1) 2 x 2 and 2 x 10 channels against the general path (Blahut-Arimoto warm
start + active-set Newton) of the same code in the same run, switched on by the private flag
``nsp.channels._capacity._DIRECT_TWO_ROWS = False``; both must certify the same value within
1e-9 bits.
Target: at least 2x faster. ``--two-rows`` runs only these rows (seconds, no dit).

A large channel: the certified capacity (gap < 1e-9 bits) of a seeded random 1000 x 1000
channel, one run, against qif's (one run, its default stopping rule, its certified gap
printed beside the row). Target: under 10 s. ``--large`` runs only this row.

Quick (``--quick``): 30 x 30; large 300 x 300, qif given 2 s (it needs minutes); 50 calls a run.
Run: ``.venv/bin/python -m benchmarks.bench_channels``.
"""

from __future__ import annotations

import signal
import statistics
import sys
import warnings

import numpy as np

import nsp.channels._capacity
from benchmarks._timing import QUICK, Row, clock, median_time, report
from nsp.channels import capacity_bounds, channel_capacity, random_channel

#: The channel's size, the large channel's, qif's budget on that one in seconds (a child
#: process ended then), and the calls per timed run of the two-row rows (one takes ~0.1 ms).
N, LARGE, QIF_BUDGET_S, TWO_ROW_CALLS = (30, 300, 2, 50) if QUICK else (200, 1000, 600, 200)
SEED = 20261122
TOL = 1e-9  # bits
DIT_ATOLS = (1e-11, 1e-12, 1e-13, 1e-14, 1e-15, 1e-16)
DIT_BUDGET_S = 300  # per attempt
DIT_REPEAT = 3  # timed runs of dit at the chosen setting (median)


class _Timeout(Exception):
    pass


def _with_budget(fn, seconds: int):
    """Run ``fn()``; raise :class:`_Timeout` after ``seconds`` (SIGALRM, main thread only)."""

    def _alarm(signum, frame):  # noqa: ARG001
        raise _Timeout

    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(seconds)
    try:
        return fn()
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def _dit_run(W: np.ndarray, atol: float) -> np.ndarray:
    import dit.algorithms

    with warnings.catch_warnings():  # dit takes log(0) on zero posteriors
        warnings.simplefilter("ignore")
        _, pmf = dit.algorithms.channel_capacity(W, rtol=0.0, atol=atol)
    return np.asarray(pmf, dtype=float)


def _dit_setting(W: np.ndarray) -> tuple[float, float, float, bool]:
    """Loosest dit ``atol`` whose result is certified within TOL: (atol, gap, seconds, reached)."""
    best = None
    for atol in DIT_ATOLS:
        t0 = clock()
        try:
            pmf = _with_budget(lambda a=atol: _dit_run(W, a), DIT_BUDGET_S)
        except _Timeout:
            print(f"  dit atol={atol:g}: no answer within {DIT_BUDGET_S} s")
            break
        seconds = clock() - t0
        lo, up = capacity_bounds(pmf / pmf.sum(), W)
        print(f"  dit atol={atol:g}: {seconds:.2f} s, certified gap {up - lo:.3g} bits")
        best = (atol, up - lo, seconds, up - lo < TOL)
        if up - lo < TOL:
            break
    if best is None:
        raise RuntimeError("dit did not finish its loosest setting within the budget")
    return best


def qif_capacity(W: np.ndarray) -> tuple[float, np.ndarray]:
    """Return qif's Shannon capacity (bits) and input pmf, with its default stopping rule."""
    import qif

    value, pmf = qif.measure.shannon.add_capacity(W)
    return float(value), np.asarray(pmf, dtype=float)


def two_row_rows() -> list[Row]:
    """Direct two-row path against the general path, on 2 x 2 and 2 x 10 channels."""
    rows = []
    for k in (2, 10):
        W = np.random.default_rng(SEED + k).dirichlet(np.ones(k), size=2)
        direct = channel_capacity(W, tol=TOL)
        nsp.channels._capacity._DIRECT_TWO_ROWS = False
        try:
            general = channel_capacity(W, tol=TOL)
            t_general = median_time(
                lambda W=W: [channel_capacity(W, tol=TOL) for _ in range(TWO_ROW_CALLS)], repeat=5
            )
        finally:
            nsp.channels._capacity._DIRECT_TWO_ROWS = True
        if not (direct.converged and general.converged):
            raise AssertionError(f"2 x {k}: a path did not certify gap {TOL}")
        if abs(direct.capacity - general.capacity) > TOL:
            raise AssertionError(
                f"2 x {k}: direct {direct.capacity!r} != general {general.capacity!r}"
            )
        t_direct = median_time(
            lambda W=W: [channel_capacity(W, tol=TOL) for _ in range(TWO_ROW_CALLS)], repeat=5
        )
        print(
            f"2x{k}: direct {1e6 * t_direct / TWO_ROW_CALLS:.0f} us per call, general path "
            f"{1e6 * t_general / TWO_ROW_CALLS:.0f} us per call, C = {direct.capacity:.12f} bits"
        )
        rows.append(
            Row(
                f"capacity 2x{k}, direct two-row path (per call)",
                t_direct / TWO_ROW_CALLS,
                t_general / TWO_ROW_CALLS,
                "naive general path",
                min_ratio=2.0,
                note=f"same code; iterations {general.iterations} vs {direct.iterations}",
            )
        )
    return rows


def _qif_in_child(W: np.ndarray, seconds: int) -> tuple[float, np.ndarray, float]:
    """Run :func:`qif_capacity` in a child process: value, pmf and the child's clock seconds.

    Raises :class:`_Timeout` (and ends the child) after ``seconds`` wall-clock seconds: SIGALRM
    cannot interrupt qif's loop, which runs in C++ without returning to the interpreter.
    """
    import multiprocessing as mp

    ctx = mp.get_context("fork")
    receive, send = ctx.Pipe(duplex=False)

    def run() -> None:
        t0 = clock()
        value, pmf = qif_capacity(W)
        send.send((value, pmf, clock() - t0))

    proc = ctx.Process(target=run)
    proc.start()
    try:
        if not receive.poll(seconds):
            raise _Timeout
        return receive.recv()
    finally:
        proc.terminate()
        proc.join()


def large_rows() -> list[Row]:
    """Certified capacity of a random LARGE x LARGE channel (target: under 10 s), against qif."""
    W = random_channel(LARGE, seed=SEED)
    t0 = clock()
    ours = channel_capacity(W, tol=TOL)
    t_ours = clock() - t0
    if not ours.converged or ours.gap > TOL:
        raise AssertionError(f"{LARGE}x{LARGE}: our capacity did not certify gap {TOL}: {ours}")
    print(
        f"\n{LARGE}x{LARGE}: C = {ours.capacity:.12f} bits, certified gap {ours.gap:.3g} bits, "
        f"{ours.iterations} iterations, support {np.count_nonzero(ours.input_pmf)} inputs"
    )
    try:
        qif_value, qif_pmf, t_qif = _qif_in_child(W, QIF_BUDGET_S)
    except _Timeout:
        return [
            Row(
                f"capacity {LARGE}x{LARGE}, gap<1e-9 bits",
                t_ours,
                max_seconds=10.0,
                note=f"qif gave no answer within {QIF_BUDGET_S} s",
            )
        ]
    qlo, qup = capacity_bounds(np.asarray(qif_pmf) / np.sum(qif_pmf), W)
    if abs(qif_value - ours.capacity) > 1e-6:
        raise AssertionError(f"qif's capacity {qif_value!r} is far from ours {ours.capacity!r}")
    return [
        Row(
            f"capacity {LARGE}x{LARGE}, gap<1e-9 bits",
            t_ours,
            t_qif,
            "qif",
            max_seconds=10.0,
            note=f"shannon.add_capacity, md=1e-7: certified gap {qup - qlo:.2g} bits; one run",
        )
    ]


def main() -> int:
    if "--two-rows" in sys.argv[1:]:
        return report("nsp.channels: two distinct rows", two_row_rows())
    if "--large" in sys.argv[1:]:
        return report("nsp.channels: a large channel", large_rows())
    W = random_channel(N, seed=SEED)

    ours = channel_capacity(W, tol=TOL)
    if not ours.converged or ours.gap > TOL:
        raise AssertionError(f"our capacity did not certify gap {TOL}: {ours}")
    print(
        f"\nours: C = {ours.capacity:.12f} bits, certified gap {ours.gap:.3g} bits, "
        f"{ours.iterations} iterations (Blahut-Arimoto warm-up + Newton steps), "
        f"support {np.count_nonzero(ours.input_pmf)} of {N} inputs"
    )
    plain = channel_capacity(W, tol=TOL, method="ba")
    print(
        f"plain BA: C = {plain.capacity:.12f} bits, certified gap {plain.gap:.3g}, "
        f"{plain.iterations} iterations"
    )
    if abs(plain.capacity - ours.capacity) > TOL:
        raise AssertionError("plain Blahut-Arimoto and ours disagree")

    print("searching dit's tolerance:")
    atol, dit_gap, first_seconds, reached = _dit_setting(W)
    dit_times = [first_seconds]  # the search's last run is the first timed run
    for _ in range(DIT_REPEAT - 1):
        t0 = clock()
        dit_pmf = _dit_run(W, atol)
        dit_times.append(clock() - t0)
    lo, up = capacity_bounds(dit_pmf / dit_pmf.sum(), W)
    if up < ours.lower - 1e-12 or lo > ours.upper + 1e-12:
        raise AssertionError("dit's certified interval does not meet ours")

    t_ours = median_time(lambda: channel_capacity(W, tol=TOL), repeat=7)
    t_dit = statistics.median(dit_times)
    t_plain = median_time(lambda: channel_capacity(W, tol=TOL, method="ba"), repeat=3, warmup=0)

    t0 = clock()
    qif_value, qif_pmf = qif_capacity(W)
    t_qif = clock() - t0
    qlo, qup = capacity_bounds(np.asarray(qif_pmf) / np.sum(qif_pmf), W)
    if abs(qif_value - ours.capacity) > 1e-6:
        raise AssertionError(f"qif's capacity {qif_value!r} is far from ours {ours.capacity!r}")

    dit_note = (
        f"BA, rtol=0 atol={atol:g}, certified gap {dit_gap:.2g} bits"
        if reached
        else f"BA at its tightest finished atol={atol:g}: gap only {dit_gap:.2g} bits (> 1e-9)"
    )
    rows = [
        Row(
            f"capacity {N}x{N}, gap<1e-9 bits vs dit",
            t_ours,
            t_dit,
            "dit",
            min_ratio=2.0,
            note=dit_note,
        ),
        Row(
            f"capacity {N}x{N}, gap<1e-9 bits vs qif",
            t_ours,
            t_qif,
            "qif",
            min_ratio=10.0,
            note=f"shannon.add_capacity, md=1e-7: certified gap {qup - qlo:.2g} bits; one run",
        ),
        Row(
            f"capacity {N}x{N}, gap<1e-9 bits vs plain BA",
            t_ours,
            t_plain,
            "naive plain BA",
            min_ratio=10.0,
            note=f"same certified stop, {plain.iterations} iterations",
        ),
    ]
    rows += two_row_rows()
    rows += large_rows()
    return report("nsp.channels: channel capacity", rows)


if __name__ == "__main__":
    raise SystemExit(main())
