"""Speed of :func:`nsp.notions.evaluate_many` on a 200-mechanism sweep.

The sweep mixes what the comparison evaluates: 150 deterministic releases along a coarsening
path of random merges (``n_y`` from ``n_x`` down to a few outputs, as the agglomerative and
privacy-funnel merge paths produce) and 50 randomized-response channels of decreasing keep
probability on all of ``X`` (dense ``n_x × n_x``, as Wu's and the DP mechanisms). Two joints
``p(s, x)``: 2 × 100 and 20 × 500 (random, a quarter of the entries zero).

The anchor is the naive loop over the per-mechanism library functions, :func:`nsp.notions.evaluate`
once per mechanism (``nsp.info``, ``nsp.uncertain``, ``nsp.channels``, ``nsp.noiseless``), which
gives the same table. Target: ``evaluate_many`` at least 5× faster.

Quick (``--quick``): 50 mechanisms (40 deterministic), joints 2 × 100 and 20 × 200.

Run: ``.venv/bin/python -m benchmarks notions``.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from benchmarks._timing import QUICK, Row, median_time, report
from nsp.notions import Mechanism, evaluate, evaluate_many

#: Mechanisms of the sweep, the deterministic ones among them, the joints' shapes (|S|, |X|).
N_MECHANISMS, N_DETERMINISTIC, SHAPES = (
    (50, 40, ((2, 100), (20, 200))) if QUICK else (200, 150, ((2, 100), (20, 500)))
)
TARGET_RATIO = 5.0


def joint(n_s: int, n_x: int, seed: int) -> np.ndarray:
    """Return a random joint pmf with a quarter of its entries zero."""
    rng = np.random.default_rng(seed)
    p = rng.exponential(size=(n_s, n_x)) * (rng.random((n_s, n_x)) < 0.75)
    return p / p.sum()


def sweep(n_x: int, seed: int) -> list[Mechanism]:
    """Return N_DETERMINISTIC releases along a random merge path, then noisy channels."""
    rng = np.random.default_rng(seed)
    labels = np.arange(n_x)
    mechs = []
    steps = np.unique(np.linspace(0, n_x - 3, N_DETERMINISTIC).astype(int))
    done = 0
    for k, target in enumerate(steps):
        while done < target:  # merge two random clusters
            live = np.unique(labels)
            a, b = rng.choice(live, size=2, replace=False)
            labels = np.where(labels == b, a, labels)
            done += 1
        _, compact = np.unique(labels, return_inverse=True)
        mechs.append(Mechanism.from_labels(compact, method="merge path", parameter="t", value=k))
    while len(mechs) < N_DETERMINISTIC:
        mechs.append(mechs[-1])
    for keep in np.linspace(0.99, 1.0 / n_x, N_MECHANISMS - N_DETERMINISTIC):
        w = np.full((n_x, n_x), (1.0 - keep) / (n_x - 1))
        np.fill_diagonal(w, keep)
        mechs.append(Mechanism(w, method="randomized response", parameter="keep", value=keep))
    return mechs


def naive(mechs: list[Mechanism], p: np.ndarray, x: np.ndarray) -> pd.DataFrame:
    """Return the table by the loop over the per-mechanism library functions."""
    return pd.DataFrame([evaluate(m, p, x_values=x).as_dict() for m in mechs])


def measure(n_s: int, n_x: int) -> Row:
    """Time ``evaluate_many`` and the naive loop on one joint, after checking they agree.

    Parameters
    ----------
    n_s, n_x : int
        The shape of the joint ``p(s, x)``.

    Returns
    -------
    Row
    """
    p = joint(n_s, n_x, seed=n_x)
    mechs = sweep(n_x, seed=n_x + 1)
    x = np.arange(n_x, dtype=float)
    fast = evaluate_many(mechs, p, x_values=x)
    slow = naive(mechs, p, x)
    numeric = fast.select_dtypes("number").columns
    pd.testing.assert_frame_equal(fast[numeric], slow[numeric], rtol=1e-9, atol=1e-12)
    ours = median_time(lambda: evaluate_many(mechs, p, x_values=x), repeat=3)
    theirs = median_time(lambda: naive(mechs, p, x), repeat=1, warmup=0)
    return Row(
        f"evaluate_many, {N_MECHANISMS} mechanisms, {n_s} x {n_x} joint",
        ours,
        theirs,
        against="loop of per-mechanism library functions",
        min_ratio=TARGET_RATIO,
    )


def main() -> int:
    """Time ``evaluate_many`` against the naive loop on both joints.

    Returns
    -------
    int
        0 if every target is met.
    """
    rows = [measure(n_s, n_x) for n_s, n_x in SHAPES]
    return report("nsp.notions: every notion over a sweep", rows)


if __name__ == "__main__":
    raise SystemExit(main())
