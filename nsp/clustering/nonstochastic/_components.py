"""Algorithm 2: merge the utility-best pair of clusters lying in two graph components."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
from numpy.typing import ArrayLike, NDArray

from nsp._validation import Base
from nsp.clustering.nonstochastic._results import (
    ClusteringResult,
    _check_lam,
    _run_from_steps,
    _Step,
)
from nsp.clustering.nonstochastic._state import _Graph, _prepare, _SideGraph, _State
from nsp.clustering.nonstochastic._utilities import TOL, Codeword, Distance, Utility

__all__ = ["algorithm2", "merge_across_components"]


def _alg2_steps(
    mask, utility, values, distance, base, codeword: str = "centroid"
) -> Iterator[_Step]:
    st = _State(mask, utility, values, distance, base, codeword)
    if st.side:
        yield from _alg2_side_steps(st, base)
        return
    g = _Graph(st, mask)
    best = _RowBest(st, g) if utility == "U2" else None
    yield _Step(st.label.copy(), g.leakage(base), st.util(), (), g.decomposition_labels())
    while g.k > 1:
        if best is None:
            i, j = _alg2_pick_u1(st, g, np.flatnonzero(st.alive))
        else:
            i, j = best.pick()
        merges = ((st.cluster(i), st.cluster(j)),)
        if best is not None:
            comp_i = np.flatnonzero(st.alive & (g.comp == g.comp[i]))
            comp_j = np.flatnonzero(st.alive & (g.comp == g.comp[j]))
        a = g.merge(i, j)
        if best is not None:
            best.update(a, i, j, comp_i, comp_j)
        yield _Step(st.label.copy(), g.leakage(base), st.util(), merges, g.decomposition_labels())


def _alg2_side_steps(st: _State, base: float) -> Iterator[_Step]:
    """Algorithm 2 with side information: ``I*(S; X̂, A)`` over the nodes ``(𝒳, a)``.

    A candidate pair joins two components of ``G_{X̂,A}`` at some ``a`` both clusters meet;
    keys and ties as without side information, the subgraphs being the joined components
    (counted in original ``(x, a)`` nodes). Ends when no merge joins two components.
    """
    g = _SideGraph(st)
    u1 = st.utility == "U1"
    D = None if u1 else st.pair_dbar()
    yield _Step(st.label.copy(), g.leakage(base), st.util())
    while g.k > 1:
        alive = np.flatnonzero(st.alive)
        nc = g.nc[alive]
        valid = np.zeros((alive.size, alive.size), dtype=bool)
        for c in nc.T:  # one value of A at a time: both meet it, in two components
            present = c >= 0
            valid |= (c[:, None] != c[None, :]) & present[:, None] & present[None, :]
        valid = np.triu(valid, 1)
        if not valid.any():
            return
        if u1:
            key = np.add.outer(st.size[alive], st.size[alive]).astype(np.float64)
            tol = 0.0
        else:
            assert D is not None
            key = D[np.ix_(alive, alive)]
            tol = TOL
        key = np.where(valid, key, np.inf)
        lo, hi = np.nonzero(valid & (key <= key.min() + tol))  # row-major: canonical order
        joined = np.array(
            [g.gsize[g.fused(alive[a], alive[b])].sum() for a, b in zip(lo, hi, strict=True)]
        )
        t = int(np.flatnonzero(joined == joined.max())[0])
        i, j = int(alive[lo[t]]), int(alive[hi[t]])
        merges = ((st.cluster(i), st.cluster(j)),)
        a = g.merge(i, j)
        if D is not None:
            row = st.merged_dbar(a, np.arange(st.n))
            D[a, :] = row
            D[:, a] = row
        yield _Step(st.label.copy(), g.leakage(base), st.util(), merges)


class _RowBest:
    """Algorithm 2 with U2: d̄ of every candidate pair's merge, and each cluster's best partner.

    ``D[i, j] = d̄(𝒳_i ⊔ 𝒳_j)`` for alive slots in different components, ``+inf`` otherwise
    (pairs within a component never become candidates again, since components only fuse);
    a merge rewrites one row and column and blanks the block between the two fused components.
    ``rowmin[i] = min_j D[i, j]`` and ``rowarg[i]`` one minimizing ``j``; only rows whose partner
    died, changed or joined their component are recomputed, the others compare with the new
    cluster. The pair chosen is the one of a full scan: a minimizing pair ``(i, j)`` has both
    ``rowmin[i]`` and ``rowmin[j]`` within the tolerance of the minimum.
    """

    def __init__(self, st: _State, g: _Graph):
        self.st, self.g = st, g
        self.D = st.pair_dbar()
        self.D[g.comp[:, None] == g.comp[None, :]] = np.inf
        self.rowarg = self.D.argmin(axis=1)
        self.rowmin = self.D[np.arange(st.n), self.rowarg]

    def pick(self) -> tuple[int, int]:
        g = self.g
        alive = np.flatnonzero(self.st.alive)
        rm = self.rowmin[alive]
        dmin = rm.min()
        rows = alive[rm <= dmin + TOL]
        ri, ci = np.nonzero(np.triu(self.D[np.ix_(rows, rows)] <= dmin + TOL, 1))
        lo, hi = rows[ri], rows[ci]  # rows are increasing, so lo < hi
        gsum = g.gsize[g.comp[lo]] + g.gsize[g.comp[hi]]
        keep = gsum == gsum.max()
        lo, hi = lo[keep], hi[keep]
        k = np.lexsort((hi, lo))[0]
        return int(lo[k]), int(hi[k])

    def update(self, a: int, i: int, j: int, comp_i: NDArray, comp_j: NDArray) -> None:
        """Update the tables after merging slots ``i, j`` into ``a``.

        ``comp_i, comp_j`` are the alive slots of their components before the merge.
        """
        st, g = self.st, self.g
        D = self.D
        b = j if a == i else i
        D[b, :] = np.inf
        D[:, b] = np.inf
        D[np.ix_(comp_i, comp_j)] = np.inf  # now one component
        D[np.ix_(comp_j, comp_i)] = np.inf
        row = st.merged_dbar(a, np.arange(st.n))
        row[~st.alive | (g.comp == g.comp[a])] = np.inf
        D[a, :] = row
        D[:, a] = row
        arg = self.rowarg
        n = st.n
        stale = st.alive & ((arg == i) | (arg == j) | np.isinf(D[np.arange(n), arg]))
        stale[a] = True
        better = st.alive & ~stale & (row < self.rowmin)
        self.rowmin[better] = row[better]
        arg[better] = a
        rows = np.flatnonzero(stale)
        if rows.size:
            sub = D[rows]
            arg[rows] = sub.argmin(axis=1)
            self.rowmin[rows] = sub[np.arange(rows.size), arg[rows]]
        self.rowmin[~st.alive] = np.inf


def _alg2_pick_u1(st: _State, g: _Graph, alive: NDArray) -> tuple[int, int]:
    """Pair minimizing |𝒳1|+|𝒳2| across components, reduced to one cluster per component.

    Within a component only its smallest clusters can be in a minimizing pair, and among
    those the canonical tie-break prefers the earliest one; so comparing components is exact.
    With the representatives' sizes ``m1 ≤ m2 ≤ …`` the minimal sum is ``m1 + m2``, and the
    pairs attaining it are: the one representative of size ``m1`` with any of size ``m2``
    (``m1 < m2``), or any two of size ``m1`` (``m1 = m2``). Among those, the largest two
    subgraphs and then the canonical order (earlier cluster, then later one) decide, in
    ``O(k)`` for ``k`` components instead of comparing all ``k²`` pairs.
    """
    comp = g.comp[alive]
    order = np.lexsort((alive, st.size[alive], comp))  # by comp, then size, then slot
    first = np.r_[True, comp[order][1:] != comp[order][:-1]]
    rep = alive[order][first]  # smallest (then earliest) cluster of each component
    ms = st.size[rep]
    gs = g.gsize[g.comp[rep]]
    m1 = ms.min()
    at1 = np.flatnonzero(ms == m1)
    if at1.size == 1:  # the pair holds this one and one representative of the next size
        a = int(rep[at1[0]])
        rest = np.flatnonzero(ms != m1)
        cand = rest[ms[rest] == ms[rest].min()]
        cand = cand[gs[cand] == gs[cand].max()]
        others = rep[cand]
        lo, hi = np.minimum(others, a), np.maximum(others, a)
        t = np.lexsort((hi, lo))[0]
        return int(lo[t]), int(hi[t])
    # any two representatives of size m1: the largest two subgraphs, then canonical order
    cand_g = gs[at1]
    g1 = cand_g.max()
    top = at1[cand_g == g1]
    if top.size >= 2:  # the two earliest of the largest
        two = np.sort(rep[top])[:2]
        return int(two[0]), int(two[1])
    a = int(rep[top[0]])
    rest = at1[cand_g != g1]
    others = rep[rest[gs[rest] == gs[rest].max()]]
    lo, hi = np.minimum(others, a), np.maximum(others, a)
    t = np.lexsort((hi, lo))[0]
    return int(lo[t]), int(hi[t])


def merge_across_components(
    r: ArrayLike,
    lam: float,
    *,
    utility: Utility = "U1",
    values: ArrayLike | None = None,
    distance: Distance = "abs",
    codeword: Codeword = "centroid",
    base: Base = 2,
) -> ClusteringResult:
    """Run Algorithm 2: agglomerative clustering for problem (5), min ``I*(S; X̂) − λ U_i``.

    The paper's name, :func:`algorithm2`, is an alias.

    Each iteration merges the pair of clusters, lying in different components of the
    confusability graph ``G_X̂``, that keeps the most utility (smallest ``|𝒳1| + |𝒳2|`` for U1,
    smallest ``d̄(𝒳1 ⊔ 𝒳2)`` for U2), breaking ties by the largest two subgraphs, then in
    canonical order; ``ΔL = log((|P|−1)/|P|) − λ ΔU``.

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_s, n_x) or (n_s, n_x, n_a)
        The joint range ``mask[s, x]``; every row and column must hold a True. A three-way
        range ``mask[s, x, a]`` adds side information ``A`` known to the adversary: X alone
        is quantized and the privacy is ``I*(S; X̂, A)``.
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
        Logarithm base of the privacy measure and of U1.

    Returns
    -------
    ClusteringResult
        Privacy is ``I*(S; X̂) = log|P|`` (``I*(S; X̂, A)`` with side information; the
        decomposition, a partition of the nodes ``(x̂, a)``, is then not recorded);
        ``lagrangian = I* − λU``.

    See Also
    --------
    algorithm1 : The same greedy for the leakage ``L0``.
    merge_path : The whole path, independent of λ.

    References
    ----------
    N. Ding, F. Farokhi, "Developing non-stochastic privacy-preserving policies using
    agglomerative clustering", IEEE Trans. Inf. Forensics Security, 2020, Algorithm 2,
    Examples 3 and 4.

    Examples
    --------
    Example 3 (U1, λ = 0.3):

    >>> from nsp.papers.agglomerative import example1_range
    >>> mask = example1_range()
    >>> res = merge_across_components(mask, 0.3)
    >>> [round(h.delta, 4) for h in res.history[1:]]
    [-0.0219, -0.415, -0.585, -0.8245]
    >>> res.partition.clusters
    ((0, 2, 6), (1, 4), (3, 5))
    """
    lam = _check_lam(lam)
    mask, vals, b = _prepare(r, utility, values, distance, base, pair_table=True, codeword=codeword)
    steps = _alg2_steps(mask, utility, vals, distance, b, codeword)
    return _run_from_steps(steps, lam, "merge_across_components")


#: The paper's name of :func:`merge_across_components` (Algorithm 2).
algorithm2 = merge_across_components
