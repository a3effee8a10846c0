"""Algorithm 1: merge every cluster of least S-range with its utility-best partner."""

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
from nsp.clustering.nonstochastic._state import _prepare, _State
from nsp.clustering.nonstochastic._utilities import TOL, Codeword, Distance, Utility

__all__ = ["algorithm1", "merge_by_leakage"]


def _raises_score(st: _State, i: int) -> NDArray[np.bool_]:
    """Side information: the slots whose merge with ``i`` raises ``i``'s least ratio.

    ``|[[S|𝒳_i ⊔ 𝒳_j, a]]| / |[[S|a]]|`` must grow at every ``a`` where ``i`` attains its
    minimum; without side information this is "a different S-range" (``i`` has the least).
    """
    union = (st.R[i] | st.R).reshape(st.n, st.n_a, st.n_s).sum(axis=2)
    return st._score(union) > st.rsize[i]


def _alg1_steps(
    mask, utility, values, distance, base, end: list, codeword: str = "centroid"
) -> Iterator[_Step]:
    st = _State(mask, utility, values, distance, base, codeword)
    # S-range identity: a small integer id per distinct range, so candidates are O(n) to find.
    ids: dict[bytes, int] = {}

    def gid_of(i: int) -> int:
        return ids.setdefault(st.R[i].tobytes(), len(ids))

    gid = np.array([gid_of(i) for i in range(st.n)], dtype=np.int64)
    yield _Step(st.label.copy(), st.l0(), st.util())
    slots = np.arange(st.n)
    while True:
        m = st.rsize[st.alive].min()
        pi = np.flatnonzero(st.alive & (st.rsize == m))
        done = np.zeros(st.n, dtype=bool)
        merges = []
        for i_pos in pi:
            i = int(i_pos)
            if done[i]:
                continue
            done[i] = True
            if st.side:
                cand = st.alive & _raises_score(st, i)
            else:
                cand = st.alive & (gid != gid[i])
            if not cand.any():
                continue
            if utility == "U1":
                j = int(np.argmin(np.where(cand, st.size, np.iinfo(np.int64).max)))
            else:
                d = np.where(cand, st.merged_dbar(i, slots), np.inf)
                j = int(np.flatnonzero(d <= d.min() + TOL)[0])
            merges.append((st.cluster(i), st.cluster(j)))
            done[j] = True
            a = st.merge(i, j)
            gid[a] = gid_of(a)
        yield _Step(st.label.copy(), st.l0(), st.util(), tuple(merges))
        if not merges:
            end.append("no_candidates")
            return
        if st.alive.sum() == 1:
            end.append("single_cluster")
            return


def merge_by_leakage(
    r: ArrayLike,
    lam: float,
    *,
    utility: Utility = "U1",
    values: ArrayLike | None = None,
    distance: Distance = "abs",
    codeword: Codeword = "centroid",
    base: Base = 2,
) -> ClusteringResult:
    """Run Algorithm 1: agglomerative clustering for problem (3), min ``L0(S → X̂) − λ U_i``.

    The paper's name, :func:`algorithm1`, is an alias.

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_s, n_x) or (n_s, n_x, n_a)
        The joint range ``mask[s, x]``; every row and column must hold a True. A three-way
        range ``mask[s, x, a]`` adds side information ``A`` known to the adversary: X alone
        is quantized and the privacy is ``L0(S → X̂|A)``.
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
        Privacy is ``L0(S → X̂)`` (``L0(S → X̂|A)`` with side information);
        ``lagrangian = L0 − λU``.

    See Also
    --------
    algorithm2 : The same greedy for the maximin information ``I*``.
    merge_until_connected : The §V-C variant with ``I* = 0``.
    merge_path : The whole path, independent of λ.

    Notes
    -----
    With side information the clusters of least leakage ratio
    ``min_a |[[S|𝒳, a]]| / |[[S|a]]|`` are merged, each with the utility-best partner among
    those that raise its ratio (without side information: those with a different S-range).

    References
    ----------
    N. Ding, F. Farokhi, "Developing non-stochastic privacy-preserving policies using
    agglomerative clustering", IEEE Trans. Inf. Forensics Security, 2020, Algorithm 1, Example 2.

    Examples
    --------
    Example 2 (U1, λ = 0.3) merges down to one cluster in three iterations:

    >>> from nsp.papers.agglomerative import example1_range
    >>> mask = example1_range()
    >>> res = merge_by_leakage(mask, 0.3)
    >>> [round(h.delta, 4) for h in res.history[1:]], res.stop_reason
    ([-0.5245, -0.4605, -0.7578], 'single_cluster')

    With U2 (λ = 2.5, the values of eq. (4)) it stops after one iteration:

    >>> res = merge_by_leakage(mask, 2.5, utility="U2", values=[0.2, 0.1, 0.4, 0.3, 0.6, 1.5, 1.0])
    >>> res.partition.clusters, round(res.rejected.delta, 4)
    (((0, 1, 3), (2, 4), (5, 6)), 0.0758)
    """
    lam = _check_lam(lam)
    mask, vals, b = _prepare(r, utility, values, distance, base, codeword=codeword)
    # a path ending without candidates ends with a repeated partition (ΔL = 0: always rejected)
    steps = _alg1_steps(mask, utility, vals, distance, b, [], codeword)
    return _run_from_steps(steps, lam, "merge_by_leakage")


#: The paper's name of :func:`merge_by_leakage` (Algorithm 1).
algorithm1 = merge_by_leakage
