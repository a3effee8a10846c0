"""Speed of Ding & Farokhi's agglomerative algorithms: the whole λ-independent merge path.

Ours (:func:`nsp.clustering.nonstochastic.merge_path`, incremental state) against a
straightforward version of the same algorithm that recomputes every candidate cluster's
S-range from the columns of the joint range (and, for Algorithm 2, the components and the
candidate keys) from scratch at every step, on a random joint range with |S| = 100 and
|X| = 1000; then how our time grows from |X| = 125 to 2000. Both versions must return the same
path (checked here). Target: under 5 s each and at least 20× faster.

The random range gives each x one age, and 5% of the x's a second, adjacent age, so the
confusability graph has many components and Algorithm 2 has a long path.

Run: ``.venv/bin/python -m benchmarks.bench_agglomerative``.
"""

from __future__ import annotations

import math

import numpy as np
from scipy.sparse import csr_array
from scipy.sparse.csgraph import connected_components

from benchmarks._timing import Row, median_time, report
from nsp.clustering.nonstochastic import TOL, merge_path


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


# --------------------------------------------------------------------------------------------
# the straightforward versions (no incremental state: ranges recomputed from the columns)
# --------------------------------------------------------------------------------------------


def _range(mask, members):
    return mask[:, members].any(axis=1)


def _dbar(values, members):
    v = values[members]
    c = v.mean()
    return max(c - v.min(), v.max() - c)


def naive_path_algorithm1(mask, utility="U1", values=None):
    n_s, n = mask.shape
    Q = [[x] for x in range(n)]
    path = [[tuple(c) for c in Q]]
    while len(Q) > 1:
        sizes = [int(_range(mask, c).sum()) for c in Q]
        m = min(sizes)
        pi = [tuple(c) for c, k in zip(Q, sizes) if k == m]
        cur = [list(c) for c in Q]
        merged_any = False
        for X in pi:
            if list(X) not in cur:
                continue
            rx = _range(mask, list(X))
            best, best_key = None, math.inf
            for c in cur:  # every candidate's range from scratch
                if c == list(X) or np.array_equal(_range(mask, c), rx):
                    continue
                key = len(X) + len(c) if utility == "U1" else _dbar(values, list(X) + c)
                if key < best_key - TOL:
                    best, best_key = c, key
            if best is None:
                continue
            cur.remove(list(X))
            cur.remove(best)
            cur.append(sorted(list(X) + best))
            cur.sort(key=lambda c: c[0])
            merged_any = True
        if not merged_any:
            break
        Q = cur
        path.append([tuple(c) for c in Q])
    return path


def naive_path_algorithm2(mask, utility="U1", values=None):
    n_s, n = mask.shape
    Q = [[x] for x in range(n)]
    path = [[tuple(c) for c in Q]]
    while True:
        R = np.array([_range(mask, c) for c in Q])  # every cluster's range from scratch
        k = len(Q)
        rows, cols = np.nonzero(R)
        g = csr_array((np.ones(rows.size), (rows, cols + k)), shape=(k + n_s, k + n_s))
        n_comp, lab = connected_components(g, directed=False)
        comp = lab[:k]
        if len(np.unique(comp)) == 1:
            break
        sizes = np.array([len(c) for c in Q])
        gsize = np.bincount(comp, weights=sizes)
        if utility == "U1":
            key = (sizes[:, None] + sizes[None, :]).astype(float)
        else:
            vs = np.array([values[c].sum() for c in Q])
            vmin = np.array([values[c].min() for c in Q])
            vmax = np.array([values[c].max() for c in Q])
            cen = (vs[:, None] + vs[None, :]) / (sizes[:, None] + sizes[None, :])
            key = np.maximum(cen - np.minimum(vmin[:, None], vmin[None, :]),
                             np.maximum(vmax[:, None], vmax[None, :]) - cen)
        valid = np.triu(comp[:, None] != comp[None, :], 1)
        key = np.where(valid, key, np.inf)
        sel = valid & (key <= key.min() + TOL)
        gs = gsize[comp]
        score = np.where(sel, gs[:, None] + gs[None, :], -1)
        sel &= score == score.max()
        i, j = np.argwhere(sel)[0]
        new = sorted(Q[i] + Q[j])
        Q = [c for t, c in enumerate(Q) if t not in (i, j)] + [new]
        Q.sort(key=lambda c: c[0])
        path.append([tuple(c) for c in Q])
    return path


def _same(ours, theirs) -> bool:
    parts = [p.clusters for p in ours.partitions]
    if ours.end_reason == "no_candidates":  # our path records the rejected no-merge step
        parts = parts[:-1]
    return parts == [tuple(q) for q in theirs]


def main() -> int:
    rows: list[Row] = []
    mask, values = random_range(100, 1000)
    for alg, naive in (("algorithm1", naive_path_algorithm1), ("algorithm2", naive_path_algorithm2)):
        for u in ("U1", "U2"):
            ours_path = merge_path(mask, algorithm=alg, utility=u, values=values)
            naive_result = naive(mask, u, values)
            if not _same(ours_path, naive_result):
                print(f"MISMATCH: {alg} {u}: our path differs from the straightforward one")
                return 1
            t_ours = median_time(lambda: merge_path(mask, algorithm=alg, utility=u, values=values), repeat=3)
            t_naive = median_time(lambda: naive(mask, u, values), repeat=1, warmup=0)
            rows.append(Row(f"{alg} {u} path, |S|=100 |X|=1000 ({len(ours_path) - 1} steps)",
                            t_ours, t_naive, "recompute from scratch", min_ratio=20, max_seconds=5))
    for n_x in (125, 250, 500, 1000, 2000):
        m, v = random_range(100, n_x, seed=1)
        for alg in ("algorithm1", "algorithm2"):
            for u in ("U1", "U2"):
                t = median_time(lambda: merge_path(m, algorithm=alg, utility=u, values=v), repeat=3)
                steps = len(merge_path(m, algorithm=alg, utility=u, values=v)) - 1
                rows.append(Row(f"scaling: {alg} {u}, |X|={n_x} ({steps} steps)", t))
    return report("agglomerative merge paths (Ding & Farokhi Alg. 1, Alg. 2)", rows)


if __name__ == "__main__":
    raise SystemExit(main())
