"""Speed of :func:`nsp.estimate.estimate_many`: the census sweep, fixed channels and refitted.

The census joint of the comparison (:func:`nsp.papers.compare.census_income_joint`: 2 × 56
cells, 48,842 records) and its methods (:func:`nsp.notions.all_methods`, 131 mechanisms); a
random stand-in of the same size when the Adult files are not in the data folder. Ours: the
whole estimate with ``n_boot=1000`` (multinomial resampling of the count table, the sweep
evaluated on the stack of 1,000 replicates at once, plus the jackknife's leave-one-out
tables). Target: under 30 s.

The anchor is what one would write without the batched kernel: resample the 48,842 records
with replacement (``rng.choice``), count them into a table and call
:func:`nsp.notions.evaluate_many` once per replicate, as a loop over ``scipy.stats.bootstrap``
of a statistic that evaluates the sweep would do. It is timed on 20 replicates and scaled to
1,000 (its cost is linear in the replicates); the row states the ratio. Most of that ratio is
``evaluate_many``'s per-call work (validation, the frame, the relations) and the record
resampling, not the batching: a second row times the replicates alone, all 1,000 evaluated
as one stack against the same kernel called once per multinomial replicate (timed on 100,
scaled), which is what evaluating the stack at once buys (no target: it is reported).

The second row refits every fitted method of the sweep (106 of its 131 releases: the funnel's
123 greedy runs, the Γ(D) solver's 7, Ding & Farokhi's merges, k-anonymity) inside each of 200
replicates (``selection="refit"``, the default for fitted releases), in 2 processes
(``n_jobs=2``). Target: under 5 minutes on 2 cores.

Quick (``--quick``): 100 replicates (anchors 5, 20); refit: 10 replicates, 1 release per method.

Run: ``.venv/bin/python -m benchmarks estimate``.
"""

from __future__ import annotations

import time

import numpy as np

from benchmarks._timing import QUICK, Row, median_time, report
from nsp._resampling._bootstrap import replicate_columns, stack_columns
from nsp.datasets import DataUnavailableError
from nsp.estimate import estimate_many
from nsp.joint import Joint
from nsp.notions import Mechanism, all_methods, evaluate_many
from nsp.papers.compare import census_income_joint

#: Replicates of the fixed-channel estimate, of its two anchors (scaled), and of the refit.
N_BOOT, N_ANCHOR, N_KERNEL, N_REFIT = (100, 5, 20, 10) if QUICK else (1000, 20, 100, 200)
MAX_SECONDS = 30.0
ALPHAS = (2.0, 10.0)
MAX_REFIT_SECONDS = 300.0


def census() -> tuple[Joint, list[Mechanism], str]:
    """Return the census joint and its sweep, or a stand-in of the same size."""
    try:
        joint = census_income_joint()
        return joint, all_methods(joint), "census"
    except DataUnavailableError:
        rng = np.random.default_rng(0)
        p = rng.dirichlet(np.ones(112)).reshape(2, 56)
        joint = Joint.from_counts(rng.multinomial(48842, p.ravel()).reshape(2, 56), name="stand-in")
        return joint, all_methods(joint), "stand-in 2 x 56"


def one_per_method(mechs: list[Mechanism]) -> list[Mechanism]:
    """Return one release of each method, the middle of its sweep (the quick run's refit)."""
    groups: dict[str, list[Mechanism]] = {}
    for m in mechs:
        groups.setdefault(m.method, []).append(m)
    return [g[len(g) // 2] for g in groups.values()]


def records_loop(joint: Joint, mechs: list[Mechanism], n_boot: int) -> None:
    """Bootstrap by resampling records: one table and one ``evaluate_many`` per replicate."""
    assert joint.counts is not None
    cells = np.repeat(np.arange(joint.counts.size), joint.counts.ravel())
    rng = np.random.default_rng(0)
    for _ in range(n_boot):
        draw = rng.choice(cells, size=cells.size, replace=True)
        table = np.bincount(draw, minlength=joint.counts.size).reshape(joint.counts.shape)
        evaluate_many(mechs, table / table.sum())


def kernel_loop(joint: Joint, mechs: list[Mechanism], n_boot: int) -> None:
    """Call the kernel of :func:`replicate_columns` once per multinomial replicate."""
    assert joint.counts is not None
    n = int(joint.counts.sum())
    p = joint.counts.ravel() / n
    rng = np.random.default_rng(0)
    for _ in range(n_boot):
        draw = rng.multinomial(n, p).reshape(1, *joint.counts.shape) / n
        stack_columns(mechs, draw, x_values=joint.x_values, alphas=ALPHAS, base=2)


def main() -> int:
    """Time the census sweep's bootstrap: fixed channels against a loop, and refitted.

    Returns
    -------
    int
        0 if every target is met.
    """
    joint, mechs, what = census()
    ours = median_time(
        lambda: estimate_many(mechs, joint, n_boot=N_BOOT, selection="fixed"), repeat=1
    )
    t0 = time.perf_counter()
    records_loop(joint, mechs, N_ANCHOR)
    theirs = (time.perf_counter() - t0) * N_BOOT / N_ANCHOR
    row = Row(
        f"estimate_many, {N_BOOT} replicates, {len(mechs)} mech.",
        ours,
        theirs,
        against="naive: record resampling + evaluate_many per replicate",
        max_seconds=MAX_SECONDS,
        note=f"{what}; anchor timed on {N_ANCHOR} replicates, scaled to {N_BOOT}",
    )
    assert joint.counts is not None
    batched = median_time(
        lambda: replicate_columns(
            joint.counts,
            mechs,
            x_values=joint.x_values,
            alphas=ALPHAS,
            base=2,
            n_boot=N_BOOT,
            seed=0,
        ),
        repeat=1,
    )
    t0 = time.perf_counter()
    kernel_loop(joint, mechs, N_KERNEL)
    one_at_a_time = (time.perf_counter() - t0) * N_BOOT / N_KERNEL
    kernel_row = Row(
        f"{N_BOOT} replicates as one stack",
        batched,
        one_at_a_time,
        against="naive: the same kernel, one replicate at a time",
        note=f"{what}; the replicates alone; anchor timed on {N_KERNEL}, scaled to {N_BOOT}",
    )
    refitted = one_per_method(mechs) if QUICK else mechs
    refit = median_time(
        lambda: estimate_many(refitted, joint, n_boot=N_REFIT, selection="refit", n_jobs=2),
        repeat=1,
    )
    n_fit = sum(m.fit is not None for m in refitted)
    refit_row = Row(
        f"estimate_many refit, {N_REFIT} replicates, {n_fit} fitted mech.",
        refit,
        max_seconds=MAX_REFIT_SECONDS,
        note=f"{what}; every fitted method refitted on every replicate, n_jobs=2",
    )
    return report("nsp.estimate: bootstrap of a census sweep", [row, kernel_row, refit_row])


if __name__ == "__main__":
    raise SystemExit(main())
