"""Speed of Ding & Farokhi's agglomerative algorithms against the from-scratch reference.

What is compared: ours (:func:`nsp.clustering.nonstochastic.merge_path` and
:func:`~nsp.clustering.nonstochastic.merge_until_connected`, incremental state: clusters in
slots, cached pair tables, component bookkeeping) against the reference versions of
:mod:`nsp.clustering.nonstochastic._reference`, which recompute every cluster's S-range, the
components of the confusability graph and every candidate key from the partition at every
step — the same algorithms, written from the paper's pseudo-code. The tests check that both
make the same merges on small instances; here both must also return the same path on the
benchmark instances (checked before timing).

* Algorithms 1 and 2, the whole λ-independent merge path, U1 and U2, on a random joint range
  with |S| = 100 and |X| = 1000. Target: under 5 s and at least 10× faster (the reference
  vectorizes each step, so it is faster than the pure-Python versions timed before).
* The §V-C variant (λ = 0.3) with |X| = 1000 and |S| = 100 or 1000, and Algorithm 2's U1 path
  with |S| = 1000: the same merges (ΔL within 1e-12). Target: under 5 s and at least 5× faster.
* How our time grows from |X| = 125 to 2000.
* The §V-C extensions: side information (a three-way range with |A| = 2, timed beside the
  same run with A ignored) and the medoid codeword (beside the centroid), |S| = 100,
  |X| = 1000. Target: under 5 s.

The random range gives each x one age, and 5% of the x's a second, adjacent age, so the
confusability graph has many components and Algorithm 2 has a long path.
Quick (``--quick``): |S| = 30 (100 for the large |S|), |X| = 300, scaling |X| = 125 and 250.
Run: ``.venv/bin/python -m benchmarks.bench_agglomerative``.
"""

from __future__ import annotations

import numpy as np

from benchmarks._timing import QUICK, Row, median_time, report
from nsp.clustering.nonstochastic import MergePath, merge_path, merge_until_connected
from nsp.clustering.nonstochastic._reference import reference_path, reference_until_connected

#: |S| and |X| of the instances, the large |S| (§V-C, Algorithm 2's U1 path), the scaling |X|s.
N_S, N_X, N_S_LARGE, SCALING = (
    (30, 300, 100, (125, 250)) if QUICK else (100, 1000, 1000, (125, 250, 500, 1000, 2000))
)


def random_range(n_s: int, n_x: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    s = rng.integers(0, n_s, n_x)
    s[:n_s] = rng.permutation(n_s)  # every age occurs
    mask = np.zeros((n_s, n_x), dtype=bool)
    mask[s, np.arange(n_x)] = True
    two = np.flatnonzero(rng.random(n_x) < 0.05)
    mask[np.minimum(s[two] + 1, n_s - 1), two] = True
    values = np.round(rng.normal(200, 40, n_x), 1)
    return mask, values


def _same_path(ours: MergePath, reference: list) -> bool:
    parts = [p.clusters for p in ours.partitions]
    if ours.end_reason == "no_candidates":  # our path records the rejected no-merge step
        parts = parts[:-1]
    return parts == [tuple(q) for q in reference]


def _same_merges(ours, reference: list) -> bool:
    if [h.partition.clusters for h in ours.history] != [tuple(q) for q, _ in reference]:
        return False
    deltas = np.array([h.delta for h in ours.history[1:]])
    return bool(np.allclose(deltas, [d for _, d in reference[1:]], rtol=0, atol=1e-12))


def side_range(n_s: int, n_x: int, n_a: int = 2, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Return the range of :func:`random_range` with a random side value for every pair."""
    mask, values = random_range(n_s, n_x, seed)
    rng = np.random.default_rng(seed + 1)
    a = rng.integers(0, n_a, mask.shape)
    a[:, :n_a] = np.arange(n_a)  # every value of A occurs
    m3 = np.zeros((*mask.shape, n_a), dtype=bool)
    s, x = np.nonzero(mask)
    m3[s, x, a[s, x]] = True
    m3[s[:n_a], x[:n_a], np.arange(n_a)] = True
    return m3, values


def _extension_rows() -> list[Row]:
    rows = []
    m3, v = side_range(N_S, N_X)
    m2 = m3.any(axis=2)
    for alg in ("merge_by_leakage", "merge_across_components"):
        kw = dict(algorithm=alg, utility="U2", values=v)
        steps = len(merge_path(m3, **kw)) - 1
        t_side = median_time(lambda kw=kw: merge_path(m3, **kw), repeat=3)
        t_plain = median_time(lambda kw=kw: merge_path(m2, **kw), repeat=3)
        rows.append(
            Row(
                f"side information |A|=2: {alg} U2 path, |S|={N_S} |X|={N_X} ({steps} steps)",
                t_side,
                t_plain,
                "the same path with A ignored",
                max_seconds=5,
            )
        )
    mask, v = random_range(N_S, N_X)
    for alg in ("merge_by_leakage", "merge_across_components"):
        kw = dict(algorithm=alg, utility="U2", values=v)
        steps = len(merge_path(mask, codeword="medoid", **kw)) - 1
        t_med = median_time(lambda kw=kw: merge_path(mask, codeword="medoid", **kw), repeat=3)
        t_cen = median_time(lambda kw=kw: merge_path(mask, **kw), repeat=3)
        rows.append(
            Row(
                f"medoid codeword: {alg} U2 path, |S|={N_S} |X|={N_X} ({steps} steps)",
                t_med,
                t_cen,
                "the same algorithm with the centroid",
                max_seconds=5,
            )
        )
    return rows


def main() -> int:
    rows: list[Row] = []
    mask, values = random_range(N_S, N_X)
    for alg in ("merge_by_leakage", "merge_across_components"):
        for u in ("U1", "U2"):
            kw = dict(algorithm=alg, utility=u, values=values)
            ours_path = merge_path(mask, **kw)
            if not _same_path(ours_path, reference_path(mask, **kw)):
                print(f"MISMATCH: {alg} {u}: our path differs from the reference")
                return 1
            t_ours = median_time(lambda kw=kw: merge_path(mask, **kw), repeat=3)
            t_ref = median_time(lambda kw=kw: reference_path(mask, **kw), repeat=1, warmup=0)
            rows.append(
                Row(
                    f"{alg} {u} path, |S|={N_S} |X|={N_X} ({len(ours_path) - 1} steps)",
                    t_ours,
                    t_ref,
                    "reference: every step from scratch",
                    min_ratio=10,
                    max_seconds=5,
                )
            )
    for n_s, lam in ((N_S, 0.3), (N_S_LARGE, 0.3)):
        m, v = random_range(n_s, N_X)
        for u in ("U1", "U2"):
            vkw = dict(utility=u, values=v)
            ours = merge_until_connected(m, lam, **vkw)
            if not _same_merges(ours, reference_until_connected(m, lam, **vkw)):
                print(f"MISMATCH: merge_until_connected {u} |S|={n_s}: differs from the reference")
                return 1
            t_ours = median_time(
                lambda m=m, lam=lam, vkw=vkw: merge_until_connected(m, lam, **vkw), repeat=3
            )
            t_ref = median_time(
                lambda m=m, lam=lam, vkw=vkw: reference_until_connected(m, lam, **vkw),
                repeat=1,
                warmup=0,
            )
            rows.append(
                Row(
                    f"§V-C {u}, |S|={n_s} |X|={N_X} ({ours.iterations} steps)",
                    t_ours,
                    t_ref,
                    "reference: eq. (12) for all pairs, from scratch",
                    min_ratio=5,
                    max_seconds=5,
                )
            )
    m, _ = random_range(N_S_LARGE, N_X)
    alg = "merge_across_components"  # Algorithm 2
    ours_path = merge_path(m, algorithm=alg)
    if not _same_path(ours_path, reference_path(m, algorithm=alg)):
        print(f"MISMATCH: {alg} U1 |S|={N_S_LARGE}: our path differs from the reference")
        return 1
    t_ours = median_time(lambda: merge_path(m, algorithm=alg), repeat=3)
    t_ref = median_time(lambda: reference_path(m, algorithm=alg), repeat=1, warmup=0)
    rows.append(
        Row(
            f"{alg} U1 path, |S|={N_S_LARGE} |X|={N_X} ({len(ours_path) - 1} steps)",
            t_ours,
            t_ref,
            "reference: every step from scratch",
            min_ratio=5,
            max_seconds=5,
        )
    )
    rows += _extension_rows()
    for n_x in SCALING:
        m, v = random_range(N_S, n_x, seed=1)
        for alg in ("merge_by_leakage", "merge_across_components"):
            for u in ("U1", "U2"):
                kw = dict(algorithm=alg, utility=u, values=v)
                t = median_time(lambda m=m, kw=kw: merge_path(m, **kw), repeat=3)
                steps = len(merge_path(m, **kw)) - 1
                rows.append(Row(f"scaling: {alg} {u}, |X|={n_x} ({steps} steps)", t))
    return report("agglomerative merge paths (Ding & Farokhi Alg. 1, Alg. 2)", rows)


if __name__ == "__main__":
    raise SystemExit(main())
