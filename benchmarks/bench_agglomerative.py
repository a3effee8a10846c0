"""Speed of Ding & Farokhi's agglomerative algorithms: the whole λ-independent merge path.

Ours (:func:`nsp.clustering.nonstochastic.merge_path`, incremental state) against a
straightforward version of the same algorithm that recomputes every candidate cluster's
S-range from the columns of the joint range (and, for Algorithm 2, the components and the
candidate keys) from scratch at every step, on a random joint range with |S| = 100 and
|X| = 1000; then how our time grows from |X| = 125 to 2000. Both versions must return the same
path (checked here). Target: under 5 s each and at least 20× faster.

Also the §V-C variant (:func:`~nsp.clustering.nonstochastic.indistinguishable_l0`, λ = 0.3) against
its first, from-scratch version (eq. (12) for all n × n slot pairs at every step, dead slots
included), on |S| = 100 and |S| = 1000 with |X| = 1000; and Algorithm 2's U1 path against the
first pick that compared all k × k pairs of component representatives. Both must make the same
merges (the §V-C one with bit-identical ΔL); target under 5 s and at least 5× faster.

The random range gives each x one age, and 5% of the x's a second, adjacent age, so the
confusability graph has many components and Algorithm 2 has a long path.

Run: ``.venv/bin/python -m benchmarks.bench_agglomerative``.
"""

from __future__ import annotations

import math

import numpy as np
from scipy.sparse import csr_array
from scipy.sparse.csgraph import connected_components

import nsp.clustering.nonstochastic as ns
from benchmarks._timing import Row, median_time, report
from nsp.clustering.nonstochastic import (
    TOL,
    TOL_VC,
    _Graph,
    _log,
    _prepare,
    _State,
    indistinguishable_l0,
    merge_path,
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
            key = np.maximum(
                cen - np.minimum(vmin[:, None], vmin[None, :]),
                np.maximum(vmax[:, None], vmax[None, :]) - cen,
            )
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


def _pick_pair(key, valid, tol, *secondary):
    """First pair (i < j, rows of ``key``) by key ↑ (within ``tol``), then ``secondary`` keys ↑,
    then canonical order (row, then column).
    """
    k = np.where(valid, key, np.inf)
    sel = valid & (k <= k.min() + tol)
    for s in secondary:
        best = s[sel].min()
        sel &= s == best
    i, j = np.argwhere(sel)[0]
    return int(i), int(j)


def cubic_alg2_pick_u1(st, g, alive):
    """Algorithm 2's U1 pick as first written: all pairs of component representatives
    (k × k tables every step, O(k³) over a path).
    """
    comp = g.comp[alive]
    order = np.lexsort((alive, st.size[alive], comp))  # by comp, then size, then slot
    first = np.r_[True, comp[order][1:] != comp[order][:-1]]
    rep = alive[order][first]  # smallest (then earliest) cluster of each component
    ms = st.size[rep]
    gs = g.gsize[g.comp[rep]]
    lo = np.minimum(rep[:, None], rep[None, :])
    hi = np.maximum(rep[:, None], rep[None, :])
    valid = ~np.eye(rep.size, dtype=bool)
    n = st.n
    ii, jj = _pick_pair(
        (ms[:, None] + ms[None, :]).astype(float),
        valid,
        0.0,
        -(gs[:, None] + gs[None, :]),
        lo * n + hi,
    )
    a, b = int(rep[ii]), int(rep[jj])
    return (a, b) if a < b else (b, a)


def path_with_cubic_pick(mask):
    """Algorithm 2's U1 merge path with :func:`cubic_alg2_pick_u1` swapped in."""
    new = ns._alg2_pick_u1
    ns._alg2_pick_u1 = cubic_alg2_pick_u1
    try:
        return merge_path(mask, algorithm="algorithm2")
    finally:
        ns._alg2_pick_u1 = new


def _min_excluding(v, alive, largest=False):
    """``m[i, j]`` = min (or max) of ``v`` over alive slots other than i and j (n × n)."""
    w = np.where(alive, -v if largest else v, np.inf).astype(float)
    order = np.argsort(w, kind="stable")[:3]
    top = np.r_[w[order], [np.inf] * (3 - order.size)]
    o = np.r_[order, [-1] * (3 - order.size)]
    n = v.size
    ii = np.arange(n)[:, None]
    jj = np.arange(n)[None, :]
    hit0 = (ii == o[0]) | (jj == o[0])
    hit1 = (ii == o[1]) | (jj == o[1])
    m = np.where(~hit0, top[0], np.where(~hit1, top[1], top[2]))
    return -m if largest else m


def fromscratch_indistinguishable(mask, lam, utility="U1", values=None, distance="abs"):
    """The §V-C variant as first written: every iteration evaluates eq. (12) for all n × n
    slot pairs (dead ones included) from the running S-range intersections; returns the
    merged slot pairs and their ΔL.
    """
    mask, vals, b = _prepare(mask, utility, values, distance, 2)
    st = _State(mask, utility, vals, distance, b)
    g = _Graph(st, mask)
    n = st.n
    Rf = st.R.astype(np.float64)
    C = Rf @ Rf.T
    idx = np.arange(n)
    D = st.pair_dbar() if utility == "U2" else None
    out = []
    while g.k > 1:
        alive = st.alive
        b0_old = _log(int(st.rsize[alive].min()), b)
        union = st.rsize[:, None] + st.rsize[None, :] - np.rint(C).astype(np.int64)
        others = _min_excluding(st.rsize.astype(float), alive)
        b0_new = np.minimum(_log(np.maximum(union, 1), b), _log(others, b))
        u_old = st.util()
        if utility == "U1":
            others = _min_excluding(st.size.astype(float), alive, True)
            big = np.maximum(st.size[:, None] + st.size[None, :], others)
            u_new = _log(n, b) - _log(big, b)
        else:
            u_new = -np.maximum(D, _min_excluding(st.dbar, alive, True))
        delta = -b0_new + b0_old + lam * (u_old - u_new)
        valid = np.triu(alive[:, None] & alive[None, :] & (g.comp[:, None] != g.comp[None, :]), k=1)
        gs = g.gsize[g.comp]
        i, j = _pick_pair(
            delta,
            valid,
            TOL_VC,
            (st.rsize[:, None] + st.rsize[None, :]).astype(float),
            -(gs[:, None] + gs[None, :]),
        )
        out.append((int(i), int(j), float(delta[i, j])))
        a = g.merge(i, j)
        Rf[a] = st.R[a]
        C[a, :] = Rf[a] @ Rf.T
        C[:, a] = C[a, :]
        if D is not None:
            D[a, :] = st.merged_dbar(a, idx)
            D[:, a] = D[a, :]
    return out


def _vc_merges(res):
    """(smallest index of each merged cluster, ΔL) of every step of a §V-C run."""
    return [(min(h.merges[0][0]), min(h.merges[0][1]), h.delta) for h in res.history[1:]]


def _same(ours, theirs) -> bool:
    parts = [p.clusters for p in ours.partitions]
    if ours.end_reason == "no_candidates":  # our path records the rejected no-merge step
        parts = parts[:-1]
    return parts == [tuple(q) for q in theirs]


def main() -> int:
    rows: list[Row] = []
    mask, values = random_range(100, 1000)
    for alg, naive in (
        ("algorithm1", naive_path_algorithm1),
        ("algorithm2", naive_path_algorithm2),
    ):
        for u in ("U1", "U2"):
            ours_path = merge_path(mask, algorithm=alg, utility=u, values=values)
            naive_result = naive(mask, u, values)
            if not _same(ours_path, naive_result):
                print(f"MISMATCH: {alg} {u}: our path differs from the straightforward one")
                return 1
            t_ours = median_time(
                lambda: merge_path(mask, algorithm=alg, utility=u, values=values), repeat=3
            )
            t_naive = median_time(lambda: naive(mask, u, values), repeat=1, warmup=0)
            rows.append(
                Row(
                    f"{alg} {u} path, |S|=100 |X|=1000 ({len(ours_path) - 1} steps)",
                    t_ours,
                    t_naive,
                    "recompute from scratch",
                    min_ratio=20,
                    max_seconds=5,
                )
            )
    for n_s, lam in ((100, 0.3), (1000, 0.3)):
        m, v = random_range(n_s, 1000)
        for u in ("U1", "U2"):
            kw = dict(utility=u, values=v)
            ours = indistinguishable_l0(m, lam, **kw)
            theirs = fromscratch_indistinguishable(m, lam, **kw)
            if _vc_merges(ours) != theirs:  # same pairs and bit-identical ΔL
                print(
                    f"MISMATCH: indistinguishable_l0 {u} |S|={n_s}: differs from the from-scratch run"
                )
                return 1
            t_ours = median_time(lambda: indistinguishable_l0(m, lam, **kw), repeat=3)
            t_old = median_time(
                lambda: fromscratch_indistinguishable(m, lam, **kw), repeat=1, warmup=0
            )
            rows.append(
                Row(
                    f"§V-C {u}, |S|={n_s} |X|=1000 ({ours.iterations} steps)",
                    t_ours,
                    t_old,
                    "all n×n slot pairs every step",
                    min_ratio=5,
                    max_seconds=5,
                )
            )
    m, _ = random_range(1000, 1000)
    ours_path = merge_path(m, algorithm="algorithm2")
    if ours_path.partitions != path_with_cubic_pick(m).partitions:
        print("MISMATCH: algorithm2 U1: the O(k) pick differs from the all-pairs pick")
        return 1
    t_ours = median_time(lambda: merge_path(m, algorithm="algorithm2"), repeat=3)
    t_old = median_time(lambda: path_with_cubic_pick(m), repeat=1, warmup=0)
    rows.append(
        Row(
            f"algorithm2 U1 path, |S|=1000 |X|=1000 ({len(ours_path) - 1} steps)",
            t_ours,
            t_old,
            "all representative pairs (k×k)",
            min_ratio=5,
            max_seconds=5,
        )
    )
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
