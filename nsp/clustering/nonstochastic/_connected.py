"""The §V-C variant: minimize ``L0`` subject to ``I* = 0`` by merging across components."""

from __future__ import annotations

import math
import sys
from collections.abc import Iterator

import numpy as np
from numpy.typing import ArrayLike, NDArray

from nsp._resources import progress
from nsp._validation import Base
from nsp.clustering.nonstochastic._results import (
    ClusteringResult,
    Iteration,
    _check_lam,
    _iteration,
    _Step,
)
from nsp.clustering.nonstochastic._state import _Graph, _prepare, _SideGraph, _State
from nsp.clustering.nonstochastic._utilities import TOL_VC, Codeword, Distance, Utility, _log

__all__ = ["merge_until_connected"]


def _top3(w: NDArray[np.float64]) -> tuple[NDArray[np.float64], NDArray[np.intp]]:
    """Return the three smallest values of ``w`` and their positions.

    Stable order; padded with ``inf`` and ``-1``.
    """
    order = np.argsort(w, kind="stable")[:3]
    top = np.r_[w[order], [np.inf] * (3 - order.size)]
    return top, np.r_[order, [-1] * (3 - order.size)].astype(np.intp)


def _excluded(top: NDArray, order: NDArray, i: NDArray, j: NDArray) -> NDArray[np.float64]:
    """Smallest value over the positions other than ``i[k]`` and ``j[k]``, from :func:`_top3`."""
    hit0 = (i == order[0]) | (j == order[0])
    hit1 = (i == order[1]) | (j == order[1])
    return np.where(~hit0, top[0], np.where(~hit1, top[1], top[2]))


def _min_size_sum(size: NDArray, comp: NDArray) -> int | None:
    """``min |𝒳_i| + |𝒳_j|`` over pairs in different components (None if there is none)."""
    if size.size < 2:
        return None
    t1 = int(np.argmin(size))
    other = comp != comp[t1]
    if not other.any():
        return None
    partner = np.where(other, size[t1], size[other].min())
    return int((size + partner).min())


def _best_pair_u1(
    p: NDArray, size: NDArray, code: NDArray, comp: NDArray, limit: int, k: int
) -> tuple[int, int, int] | None:
    """Return the lexicographic minimum of ``(code_i + code_j, lo, hi)`` over valid pairs.

    The pairs are those of positions ``p`` in different components with
    ``size_i + size_j ≤ limit``; the search takes ``O(k log k)``.

    For a row ``i`` the best partner is the smallest ``(code_j, j)`` among the clusters of
    size ``≤ limit − size_i`` outside ``i``'s component; prefix summaries over the distinct
    sizes keep the best cluster and the best one of another component, which is enough.
    """
    if p.size < 2:
        return None
    ck = code * (k + 1) + p  # partner order (code_j, j), one integer
    order = np.lexsort((ck, size))
    ss, cc, gg = size[order], ck[order], comp[order]
    m_all = ss.size
    start = np.r_[0, np.flatnonzero(ss[1:] != ss[:-1]) + 1]
    bucket = np.repeat(np.arange(start.size), np.diff(np.r_[start, m_all]))
    idx = np.where(gg != gg[start][bucket], np.arange(m_all), m_all)
    first_other = np.minimum.reduceat(idx, start)
    pref1 = np.empty(start.size, dtype=np.int64)
    pref2 = np.empty(start.size, dtype=np.int64)
    b1 = b2 = -1
    for q in range(start.size):
        cands = [c for c in (b1, b2, int(start[q]), int(first_other[q])) if 0 <= c < m_all]
        b1 = min(cands, key=lambda c: cc[c])
        rest = [c for c in cands if gg[c] != gg[b1]]
        b2 = min(rest, key=lambda c: cc[c]) if rest else -1
        pref1[q], pref2[q] = b1, b2
    qs = np.searchsorted(ss[start], limit - ss, side="right") - 1
    ok = qs >= 0
    rows = np.flatnonzero(ok)
    if rows.size == 0:
        return None
    j1, j2 = pref1[qs[rows]], pref2[qs[rows]]
    partner = np.where(gg[j1] != gg[rows], j1, j2)
    has = partner >= 0
    rows, partner = rows[has], partner[has]
    if rows.size == 0:
        return None
    pi, pj = p[order][rows], p[order][partner]
    csum = code[order][rows] + code[order][partner]
    lo, hi = np.minimum(pi, pj), np.maximum(pi, pj)
    t = np.lexsort((hi, lo, csum))[0]
    return int(csum[t]), int(lo[t]), int(hi[t])


def merge_until_connected(
    r: ArrayLike,
    lam: float,
    *,
    utility: Utility = "U1",
    values: ArrayLike | None = None,
    distance: Distance = "abs",
    codeword: Codeword = "centroid",
    base: Base = 2,
) -> ClusteringResult:
    """Run the §V-C variant: min ``L0(S → X̂) − λ U_i`` subject to ``I*(S; X̂) = 0`` (problem (10)).

    Algorithm 2 with its selection and break replaced by eq. (12): merge the pair across
    components of smallest ``ΔL = −B0(new) + B0(old) + λ(U(old) − U(new))``, every iteration,
    until the confusability graph is connected (the output always has ``I* = 0``; the path
    depends on λ). Ties: smallest ``|[[S|𝒳1]]| + |[[S|𝒳2]]|``, then the largest two
    subgraphs, then canonical order.

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_s, n_x) or (n_s, n_x, n_a)
        The joint range ``mask[s, x]``; every row and column must hold a True. A three-way
        range ``mask[s, x, a]`` adds side information ``A`` known to the adversary: X alone
        is quantized, the privacy is ``L0(S → X̂|A)`` and the run merges pairs that join two
        components of ``G_{X̂,A}`` until none does (``I*(S; X̂, A)`` is then as small as
        merging can make it, not always 0).
    lam : float
        Lagrange multiplier λ ≥ 0 (finite).
    utility : {"U1", "U2"}
        ``U1 = I0(X → X̂)`` or ``U2 = −max distortion`` (centroid codewords).
    values : array_like of float, optional
        Numeric value of every x (U2); default: the JointRange's x labels.
    distance : {"abs", "sq"}
        Distance for U2.
    codeword : {"centroid", "medoid"}
        Codeword of U2: the cluster's mean, or the member of least largest distance.
    base : float or str
        Logarithm base of L0 and U1.

    Returns
    -------
    ClusteringResult
        Privacy recorded is ``L0(S → X̂)``; ``delta`` is eq. (12); the run always ends with a
        connected confusability graph (``stop_reason == "connected"``).

    See Also
    --------
    algorithm1 : Without the constraint.
    nsp.uncertain.maximin_information : The quantity held at zero.

    References
    ----------
    N. Ding, F. Farokhi, "Developing non-stochastic privacy-preserving policies using
    agglomerative clustering", IEEE Trans. Inf. Forensics Security, 2020, §V-C, Example 5.

    Examples
    --------
    Example 5 (U1, λ = 0.3):

    >>> from nsp.papers.agglomerative import example1_range
    >>> mask = example1_range()
    >>> res = merge_until_connected(mask, 0.3)
    >>> [round(h.delta, 4) for h in res.history[1:]]
    [0.3, 0.0, -1.0, 0.1755]
    >>> res.partition.clusters
    ((0, 5, 6), (1, 2), (3, 4))
    """
    lam = _check_lam(lam)
    mask, vals, b = _prepare(r, utility, values, distance, base, pair_table=True, codeword=codeword)
    st = _State(mask, utility, vals, distance, b, codeword)
    u1 = utility == "U1"
    side = mask.ndim == 3
    g: _Graph | _SideGraph = _SideGraph(st) if side else _Graph(st, mask)

    def snapshot(merges=(), delta=None, t=0) -> Iteration:
        decomp = None if isinstance(g, _SideGraph) else g.decomposition_labels()
        step = _Step(st.label.copy(), st.l0(), st.util(), merges, decomp)
        return _iteration(step, t, lam, delta)

    history = [snapshot()]
    if isinstance(g, _SideGraph):
        steps = _vc_side_steps(st, g, lam, u1, b)
    else:
        steps = _vc_steps(st, g, lam, u1, b)
    for i, j, d in progress(steps, desc="§V-C merges", unit="merge"):
        merges = ((st.cluster(i), st.cluster(j)),)
        g.merge(i, j)
        history.append(snapshot(merges, d, len(history)))
    return ClusteringResult(
        history[-1].partition, tuple(history), None, "connected", lam, "merge_until_connected"
    )


def _vc_side_steps(
    st: _State, g: _SideGraph, lam: float, u1: bool, b: float
) -> Iterator[tuple[int, int, float]]:
    """Yield the merges of the §V-C variant with side information, eq. (12) for every pair.

    The candidates are the pairs whose merge joins two components of ``G_{X̂,A}``; ``ΔL`` is
    the change of ``L0(S → X̂|A)`` plus ``λ`` times the utility lost; ties as without side
    information, the S-range sizes summed over the values of A and the joined subgraphs
    counted in ``(x, a)`` nodes. Ends when no merge joins two components. Every step evaluates
    all candidate pairs (no incremental shortcut). The caller merges each pair.
    """
    n, n_s, n_a = st.n, st.n_s, st.n_a
    log_n = _log(n, b)
    D = None if u1 else st.pair_dbar()
    while True:
        alive = np.flatnonzero(st.alive)
        k = alive.size
        nc = g.nc[alive]
        valid = np.zeros((k, k), dtype=bool)
        for c in nc.T:
            present = c >= 0
            valid |= (c[:, None] != c[None, :]) & present[:, None] & present[None, :]
        lo, hi = np.nonzero(np.triu(valid, 1))  # row-major: canonical order
        if lo.size == 0:
            return
        score = st.rsize[alive]
        l0_old = -_log(float(score.min()), b)
        r3 = st.R[alive].reshape(k, n_a, n_s)
        union = np.empty(lo.size)
        for c0 in range(0, lo.size, 4096):  # in blocks: pairs × n_a × n_s booleans
            blk = slice(c0, c0 + 4096)
            counts = (r3[lo[blk]] | r3[hi[blk]]).sum(axis=2)
            union[blk] = st._score(counts)
        top_r, o_r = _top3(score)
        new_min = np.minimum(union, _excluded(top_r, o_r, lo, hi))
        l0_new = -_log(new_min, b)
        u_old = st.util()
        v = st.size[alive] if u1 else st.dbar[alive]
        top_u, o_u = _top3(-v.astype(float))
        others_u = -_excluded(top_u, o_u, lo, hi)
        if u1:
            sz = st.size[alive]
            u_new = log_n - _log(np.maximum(sz[lo] + sz[hi], others_u), b)
        else:
            assert D is not None
            u_new = -np.maximum(D[alive[lo], alive[hi]], others_u)
        delta = np.asarray((l0_new - l0_old) + lam * (u_old - u_new), dtype=np.float64)
        sel = np.flatnonzero(delta <= delta.min() + TOL_VC)
        rsum = st.ra[alive[lo[sel]]].sum(axis=1) + st.ra[alive[hi[sel]]].sum(axis=1)
        sel = sel[rsum == rsum.min()]
        joined = np.array([g.gsize[g.fused(alive[lo[t]], alive[hi[t]])].sum() for t in sel])
        t = int(sel[np.flatnonzero(joined == joined.max())[0]])
        i, j = int(alive[lo[t]]), int(alive[hi[t]])
        yield i, j, float(delta[t])
        # the caller merged the pair into slot i (the smaller)
        if D is not None:
            row = st.merged_dbar(i, np.arange(n))
            D[i, :] = row
            D[:, i] = row


def _last_at_most(f, thr: float, lo: float, guess: float) -> float:
    """Return the largest float ``y`` with ``f(y) ≤ thr``, for a non-decreasing ``f``.

    Requires ``f(lo) ≤ thr``; ``inf`` if ``f`` never exceeds ``thr``. Bisection on floats,
    started around ``guess``.
    """
    gap = abs(guess) * 1e-9 + 1e-300
    if guess - gap > lo and f(guess - gap) <= thr:
        lo = guess - gap
    hi = max(lo, guess + gap)
    while f(hi) <= thr:
        lo, gap = hi, gap * 2
        hi = min(hi + gap, sys.float_info.max)
        if hi == lo:  # every finite float qualifies
            return math.inf if f(math.inf) <= thr else lo
    while True:  # f(lo) ≤ thr < f(hi)
        mid = lo + (hi - lo) / 2
        if not lo < mid < hi:
            return lo
        if f(mid) <= thr:
            lo = mid
        else:
            hi = mid


def _vc_steps(
    st: _State, g: _Graph, lam: float, u1: bool, b: float
) -> Iterator[tuple[int, int, float]]:
    """Yield the merges of the §V-C variant: slots ``(i, j)`` (``i < j``) and eq. (12)'s ΔL.

    The caller merges each pair before the next step is computed.

    Work is restricted to the ``k`` alive clusters (kept in canonical order at positions
    ``0..k-1``), and only the merged row and column of the pair table ``d̄(𝒳_i ⊔ 𝒳_j)`` (U2)
    are recomputed. ΔL splits into a privacy part, zero unless the pair holds the cluster of
    smallest S-range (``B0`` cannot rise otherwise), and a utility part that depends on the
    pair only through ``|𝒳_i| + |𝒳_j|`` (U1) or ``d̄(𝒳_i ⊔ 𝒳_j)`` (U2) — except for pairs
    holding the largest cluster (U1) or the one of largest ``d̄`` (U2). Pairs holding one of
    these (at most two) special clusters get ΔL with the full formula; for the others it is a
    non-decreasing function ``F`` of the key, so the set of pairs within ``TOL_VC`` of the
    minimum is a threshold on the key. Every ΔL is computed with the same floating-point
    operations as a from-scratch evaluation, so ties are decided identically.
    """
    n = st.n
    log_n = _log(n, b)
    pos = np.arange(n)  # alive slots, increasing
    D = None  # U2: d̄(𝒳_i ⊔ 𝒳_j) over the alive positions (D[:k, :k]), +inf within a component
    if not u1:
        D = st.pair_dbar()
        D[g.comp[:, None] == g.comp[None, :]] = np.inf
    big = np.int64(n + 1)  # > any |G1| + |G2|
    imax = np.iinfo(np.int64).max
    while g.k > 1:
        k = pos.size
        r = st.rsize[pos]
        comp = g.comp[pos]
        b0_old = _log(int(r.min()), b)
        u_old = st.util()
        top_r, o_r = _top3(r.astype(float))
        v = st.size[pos] if u1 else st.dbar[pos]
        top_u, o_u = _top3(-v.astype(float))  # largest: minus the smallest of −v
        m_u = -top_u[0]
        code = r.astype(np.int64) * big - g.gsize[comp]  # (rsum, −gsum) as one integer
        # -- pairs holding a special cluster: the full eq. (12)
        spec = np.unique(np.r_[o_r[0], o_u[0]])
        ii = np.repeat(spec, k)
        jj = np.tile(np.arange(k), spec.size)
        lo, hi = np.minimum(ii, jj), np.maximum(ii, jj)
        keep = comp[lo] != comp[hi]
        lo, hi = lo[keep], hi[keep]
        inter = np.empty(lo.size, dtype=np.int64)
        for s_pos in spec:  # |[[S|s]] ∩ [[S|j]]| for every slot j: count over s's S-range only
            cols = st.R[:, np.flatnonzero(st.R[pos[s_pos]])]
            at = (lo == s_pos) | (hi == s_pos)
            other = np.where(lo[at] == s_pos, hi[at], lo[at])
            inter[at] = np.count_nonzero(cols[pos[other]], axis=1)
        union = r[lo] + r[hi] - inter
        b0_new = np.minimum(_log(np.maximum(union, 1), b), _log(_excluded(top_r, o_r, lo, hi), b))
        others_u = -_excluded(top_u, o_u, lo, hi)
        if u1:
            sz = st.size[pos]
            u_new = log_n - _log(np.maximum(sz[lo] + sz[hi], others_u), b)
        else:
            assert D is not None
            u_new = -np.maximum(D[lo, hi], others_u)
        d_spec = -b0_new + b0_old + lam * (u_old - u_new)
        # -- the other pairs: ΔL = 0 + F(key)
        gen = np.ones(k, dtype=bool)
        gen[spec] = False
        if u1:
            ftab = np.asarray(
                0.0 + lam * (u_old - (log_n - _log(np.maximum(np.arange(n + 1), m_u), b)))
            )
            gp = np.flatnonzero(gen)
            kmin = _min_size_sum(sz[gp], comp[gp])
            d_gen = ftab[kmin] if kmin is not None else np.inf
        else:
            assert D is not None
            # D is +inf within components; hide the special rows and columns for now
            saved = D[spec, :k].copy()
            D[spec, :k] = np.inf
            D[:k, spec] = np.inf
            key = D[:k, :k]
            dmin_key = key.min()
            d_gen = (
                0.0 + lam * (u_old - (-np.maximum(dmin_key, m_u)))
                if np.isfinite(dmin_key)
                else np.inf
            )
        dmin = min(d_gen, d_spec.min()) if d_spec.size else d_gen
        thr = dmin + TOL_VC
        # -- within the tolerance: smallest (rsum, −gsum), then canonical order
        best = (imax, n, n)
        if d_gen <= thr:
            if u1:
                # F is non-decreasing: the tied keys are those up to the last x with F(x) ≤ thr
                x_max = int(np.flatnonzero(ftab <= thr)[-1])
                found = _best_pair_u1(gp, sz[gp], code[gp], comp[gp], x_max, k)
                if found is not None:
                    best = found
            else:
                if lam == 0:
                    tie = key < np.inf  # F = 0 everywhere
                else:
                    # F(D) = 0 + λ(u_old + max(D, m_u)) is non-decreasing in D: the tied pairs
                    # are those with D up to the largest float y with F(y) ≤ thr
                    lam_f, u_f, m_f, thr_f = float(lam), float(u_old), float(m_u), float(thr)
                    y = _last_at_most(
                        lambda x, lam_f=lam_f, u_f=u_f, m_f=m_f: 0.0 + lam_f * (u_f + max(x, m_f)),
                        thr_f,
                        float(dmin_key),
                        thr_f / lam_f - u_f,
                    )
                    tie = key <= y
                # each row's best partner in the order (code_j, j), then the best row
                ck = code * (k + 1) + np.arange(k)
                rowbest = np.where(tie, ck[None, :], imax).min(axis=1)
                rows = np.flatnonzero(rowbest < imax)
                if rows.size:
                    cols = rowbest[rows] % (k + 1)
                    csum = code[rows] + code[cols]
                    lo_g, hi_g = np.minimum(rows, cols), np.maximum(rows, cols)
                    t = np.lexsort((hi_g, lo_g, csum))[0]
                    best = (int(csum[t]), int(lo_g[t]), int(hi_g[t]))
        if D is not None:  # U2
            D[spec, :k] = saved
            D[:k, spec] = saved.T
        sel = np.flatnonzero(d_spec <= thr)
        for t in sel[np.lexsort((hi[sel], lo[sel], code[lo[sel]] + code[hi[sel]]))][:1]:
            cand = (int(code[lo[t]] + code[hi[t]]), int(lo[t]), int(hi[t]))
            if cand < best:
                best = cand
        _, pi, pj = best
        if (pi in spec) or (pj in spec):
            t = int(np.flatnonzero((lo == pi) & (hi == pj))[0])
            d = float(d_spec[t])
        elif u1:
            d = float(ftab[sz[pi] + sz[pj]])
        else:
            d = float(0.0 + lam * (u_old - (-np.maximum(key[pi, pj], m_u))))
        yield int(pos[pi]), int(pos[pj]), d
        # the caller merged the pair: slot pos[pi] holds the union, pos[pj] is gone
        a = int(pos[pi])
        pos = np.delete(pos, pj)
        if D is not None:
            ci, cj = np.flatnonzero(comp == comp[pi]), np.flatnonzero(comp == comp[pj])
            D[np.ix_(ci, cj)] = np.inf  # the two components are one now
            D[np.ix_(cj, ci)] = np.inf
            D[pj : k - 1, :k] = D[pj + 1 : k, :k]
            D[: k - 1, pj : k - 1] = D[: k - 1, pj + 1 : k]
            row = st.merged_dbar(a, pos)
            row[g.comp[pos] == g.comp[a]] = np.inf
            D[pi, : k - 1] = row
            D[: k - 1, pi] = row
