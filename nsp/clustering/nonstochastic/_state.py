"""Incremental state shared by the three algorithms: clusters in slots, graph components.

A joint range ``mask[s, x]`` or, with side information ``A`` known to the adversary, a
three-way range ``mask[s, x, a]`` (X alone is quantized). The three-way state keeps a per-a
view: the S-range of a cluster is one row per value of A, stored flat as ``(a, s)``.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from nsp._resources import check_memory
from nsp._validation import Base, check_base
from nsp.clustering.nonstochastic._utilities import (
    Codeword,
    Distance,
    Utility,
    _as_values,
    _check_utility,
    _dbar,
    _log,
)
from nsp.partition import Partition
from nsp.uncertain import range_mask, side_range_mask, support_components

__all__ = ["start_point"]


class _State:
    """Clusters held in slots: slot ``i`` is alive iff ``i`` is the smallest index of a cluster.

    So slot order is canonical order, and a merge of slots ``i < j`` keeps slot ``i``.
    """

    def __init__(
        self,
        mask: NDArray[np.bool_],
        utility: str,
        values,
        distance: str,
        base: float,
        codeword: str = "centroid",
    ):
        self.side = mask.ndim == 3
        n_s, n = mask.shape[:2]
        self.n_s, self.n = n_s, n
        self.base = base
        self.utility = utility
        self.sq = distance == "sq"
        if self.side:  # per-a view: row i holds [[S|𝒳_i, a]] for every a, flat as (a, s)
            self.n_a = mask.shape[2]
            self.R = np.ascontiguousarray(mask.transpose(1, 2, 0).reshape(n, -1))
            self.s_given_a = mask.any(axis=1).sum(axis=0).astype(np.int64)  # |[[S|a]]|
            self.ra = self.R.reshape(n, self.n_a, n_s).sum(axis=2).astype(np.int64)
            self.rsize = self._score(self.ra)
        else:
            self.R = np.ascontiguousarray(mask.T.copy())  # (n, n_s) S-range of each slot
            self.rsize = self.R.sum(axis=1).astype(np.int64)
        self.medoid = utility == "U2" and codeword == "medoid"
        self.size = np.ones(n, dtype=np.int64)
        self.alive = np.ones(n, dtype=bool)
        self.label = np.arange(n)  # slot of every x
        self.members: list[list[int]] = [[i] for i in range(n)]
        if utility == "U2":
            v = values
            self.vsum = v.copy()
            self.vmin = v.copy()
            self.vmax = v.copy()
            self.dbar = np.zeros(n)
            if self.medoid:
                self.sorted = [np.array([x]) for x in v]

    def _score(self, ra: NDArray[np.int64]) -> NDArray[np.float64]:
        """``min_a |[[S|𝒳, a]]| / |[[S|a]]|`` over the values of A the cluster meets.

        ``L0(S → X̂|A) = −log`` of its minimum over the clusters; a float quotient of two
        integers is correctly rounded, so equal ratios compare equal.
        """
        ratio = np.where(ra > 0, ra / self.s_given_a, np.inf)
        return np.asarray(ratio.min(axis=-1), dtype=np.float64)

    # -- measures of the current partition
    def partition(self) -> Partition:
        return Partition.from_labels(self.label.copy())

    def l0(self) -> float:
        """``L0(S → X̂)``, or ``L0(S → X̂|A)`` with side information."""
        if self.side:
            alive = np.flatnonzero(self.alive)
            ra = self.ra[alive]
            ratio = np.where(ra > 0, ra / self.s_given_a, np.inf)
            c, a = np.unravel_index(int(np.argmin(ratio)), ratio.shape)
            num, m = int(self.s_given_a[a]), int(ra[c, a])
            return float(_log(num, self.base) - _log(m, self.base))
        m = int(self.rsize[self.alive].min())
        return float(_log(self.n_s, self.base) - _log(m, self.base))

    def util(self) -> float:
        if self.utility == "U1":
            biggest = int(self.size[self.alive].max())
            return float(_log(self.n, self.base) - _log(biggest, self.base))
        return float(-self.dbar[self.alive].max()) + 0.0

    def merged_dbar(self, i: int, js) -> NDArray[np.float64]:
        if self.medoid:
            return self._merged_medoid_dbar(i, np.atleast_1d(js))
        return _dbar(
            self.vsum[i] + self.vsum[js],
            self.size[i] + self.size[js],
            np.minimum(self.vmin[i], self.vmin[js]),
            np.maximum(self.vmax[i], self.vmax[js]),
            self.sq,
        )

    def _merged_medoid_dbar(self, i: int, js: NDArray) -> NDArray[np.float64]:
        """``d̄`` with the medoid codeword of ``𝒳_i ⊔ 𝒳_j`` for every slot ``j`` of ``js``.

        The medoid of a union is a member nearest the union's midrange, so it is among the
        two neighbours of the midrange in each part; every other member tried can only give a
        larger distance. ``i``'s neighbours are found for all ``js`` at once, and each ``j``'s
        smallest and largest values are always tried, which covers the clusters of at most two
        values; only larger clusters ``j`` are searched one by one (alive ones: the entries of
        dead slots are never read).
        """
        si = self.sorted[i]
        lo = np.minimum(self.vmin[i], self.vmin[js])
        hi = np.maximum(self.vmax[i], self.vmax[js])
        k = np.searchsorted(si, (lo + hi) / 2)
        best = np.full(js.size, np.inf)
        for c in (
            si[np.maximum(k - 1, 0)],
            si[np.minimum(k, si.size - 1)],
            self.vmin[js],
            self.vmax[js],
        ):
            np.minimum(best, np.maximum(c - lo, hi - c), out=best)
        for t in np.flatnonzero((self.size[js] > 2) & self.alive[js]):  # dead slots: unused
            sj = self.sorted[int(js[t])]
            q = int(np.searchsorted(sj, (lo[t] + hi[t]) / 2))
            for c in sj[max(q - 1, 0) : q + 1]:
                best[t] = min(best[t], max(c - lo[t], hi[t] - c))
        return best * best if self.sq else best

    def pair_dbar(self) -> NDArray[np.float64]:
        """Return ``d̄`` of the merge of every pair of slots (n × n).

        The operations of :meth:`merged_dbar`, done in place.
        """
        if self.medoid:
            return np.array([self.merged_dbar(i, np.arange(self.n)) for i in range(self.n)])
        c = np.add.outer(self.vsum, self.vsum)
        c /= np.add.outer(self.size, self.size)
        hi = np.maximum.outer(self.vmax, self.vmax)
        hi -= c
        c -= np.minimum.outer(self.vmin, self.vmin)
        np.maximum(c, hi, out=c)
        if self.sq:
            c *= c
        return c

    def merge(self, i: int, j: int) -> int:
        """Merge slots i and j; return the surviving slot (the smaller)."""
        a, b = (i, j) if i < j else (j, i)
        self.R[a] |= self.R[b]
        if self.side:
            self.ra[a] = self.R[a].reshape(self.n_a, self.n_s).sum(axis=1)
            self.rsize[a] = self._score(self.ra[a])
        else:
            self.rsize[a] = int(self.R[a].sum())
        if self.utility == "U2":
            self.dbar[a] = float(self.merged_dbar(a, np.array([b]))[0])
            if self.medoid:
                self.sorted[a] = np.union1d(self.sorted[a], self.sorted[b])
            self.vsum[a] += self.vsum[b]
            self.vmin[a] = min(self.vmin[a], self.vmin[b])
            self.vmax[a] = max(self.vmax[a], self.vmax[b])
        self.size[a] += self.size[b]
        self.alive[b] = False
        self.label[self.members[b]] = a
        self.members[a].extend(self.members[b])
        self.members[b] = []
        return a

    def cluster(self, i: int) -> tuple[int, ...]:
        return tuple(sorted(self.members[i]))


#: The most values of X for which a table over all pairs of clusters is built (U2 with
#: Algorithm 2 and the §V-C variant): 20,000² floats take 3.2 GB.
MAX_PAIR_TABLE: int = 20_000


def _check_pair_table(n: int, limit: int = MAX_PAIR_TABLE) -> None:
    if n > limit:
        gb = 8 * n * n / 1e9
        raise ValueError(
            f"r has {n} values of X: the table over all pairs of clusters would need {gb:.1f} GB "
            f"(at most {limit} values are accepted); quantize X more coarsely first"
        )


def _memory_estimate(shape: tuple[int, ...], utility: str, pair_table: bool) -> int:
    """Peak bytes of a run: S-ranges, one label array per step, the pair tables.

    Algorithm 2 and the §V-C variant (``pair_table``) make up to ``n − 1`` steps; Algorithm 1
    raises the least S-range (or ratio) every step, so it makes at most ``n_s · n_a``.
    """
    n_s, n = shape[:2]
    n_a = shape[2] if len(shape) == 3 else 1
    steps = n if pair_table else min(n, n_s * n_a)
    nbytes = 2 * n * n_s * n_a + 8 * n * (steps + 8)
    if len(shape) == 3 and pair_table:  # Algorithm 2's candidate table with side information
        nbytes += 2 * n * n
    if utility == "U2" and pair_table:  # the pair table and its temporaries
        nbytes += 3 * 8 * n * n
    return nbytes


def _prepare(r, utility, values, distance, base, *, pair_table=False, codeword="centroid"):
    """Check the options and return the mask (2-D, or 3-D ``mask[s, x, a]``), values, base."""
    _check_utility(utility, distance, codeword)
    b = check_base(base)
    raw = getattr(r, "mask", r)
    if np.ndim(raw) == 3:
        mask = np.ascontiguousarray(side_range_mask(raw))
    else:
        mask = np.ascontiguousarray(range_mask(r))
    if pair_table and utility == "U2":
        _check_pair_table(mask.shape[1])
    check_memory(
        _memory_estimate(mask.shape, utility, pair_table),
        what=f"agglomerative clustering of a range of shape {mask.shape}",
    )
    vals = _as_values(values, r, mask.shape[1]) if utility == "U2" else None
    return mask, vals, b


def start_point(
    r: ArrayLike,
    *,
    utility: Utility = "U1",
    values: ArrayLike | None = None,
    distance: Distance = "abs",
    codeword: Codeword = "centroid",
    base: Base = 2,
) -> tuple[float, float]:
    """Return ``(L0(S → X), U(X; X))``: leakage and utility without quantization.

    The same numbers as ``history[0]`` of :func:`merge_by_leakage` or
    :func:`merge_until_connected` (for Algorithm 2 the leakage is ``I*`` instead).

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_s, n_x) or (n_s, n_x, n_a)
        The joint range; a three-way range ``mask[s, x, a]`` gives ``L0(S → X|A)``.
    utility : {"U1", "U2"}
        Which utility.
    values : array_like of float, optional
        Numeric value of every x (U2); default: the JointRange's x labels.
    distance : {"abs", "sq"}
        Distance of U2.
    codeword : {"centroid", "medoid"}
        Codeword of U2 (the singletons have distortion 0 with either).
    base : float or str
        Logarithm base of L0 and U1.

    Returns
    -------
    leakage : float
        ``L0(S → X)`` of the singletons.
    utility : float
        The utility of the singletons.

    See Also
    --------
    utility_value : The utility of any quantization.
    nsp.uncertain.nonstochastic_leakage : The leakage ``L0``.

    References
    ----------
    .. [1] N. Ding, F. Farokhi, "Developing non-stochastic privacy-preserving policies using
       agglomerative clustering", IEEE Trans. Inf. Forensics Security, 2020, eqs. (3) and (5) at the
       singletons.

    Examples
    --------
    >>> from nsp.papers.agglomerative import example1_range
    >>> mask = example1_range()
    >>> [round(v, 4) for v in start_point(mask)]
    [2.585, 2.8074]
    """
    mask, vals, b = _prepare(r, utility, values, distance, base, codeword=codeword)
    st = _State(mask, utility, vals, distance, b, codeword)
    return st.l0(), st.util()


class _Graph:
    """Component bookkeeping over the slots of a :class:`_State`."""

    def __init__(self, st: _State, mask: NDArray[np.bool_]):
        self.st = st
        k, _, x_lab = support_components(mask)
        self.comp = np.asarray(x_lab, dtype=np.int64).copy()  # component of every slot
        self.gsize = np.bincount(self.comp, minlength=k).astype(np.int64)  # original x's per comp
        self.k = int(k)

    def decomposition(self) -> Partition:
        return Partition.from_labels(self.decomposition_labels())

    def decomposition_labels(self) -> NDArray:
        return self.comp[self.st.label]

    def leakage(self, base: float) -> float:
        return float(_log(self.k, base))

    def merge(self, i: int, j: int) -> int:
        ci, cj = int(self.comp[i]), int(self.comp[j])
        a = self.st.merge(i, j)
        keep, drop = min(ci, cj), max(ci, cj)
        self.comp[self.comp == drop] = keep
        self.gsize[keep] += self.gsize[drop]
        self.gsize[drop] = 0
        self.k -= 1
        return a


class _SideGraph:
    """Components of ``G_{X̂,A}`` with side information: nodes ``(𝒳, a)``, edges when ranges meet.

    Every node's S-range lies in one component, so a component is a set of S values;
    ``nc[i, a]`` is the component of node ``(𝒳_i, a)`` (−1 when the cluster never meets
    ``a``) and ``gsize`` the number of original ``(x, a)`` nodes of every component. Merging
    two clusters joins, for every ``a`` both meet, the components of their two nodes.
    """

    def __init__(self, st: _State):
        self.st = st
        r3 = st.R.reshape(st.n, st.n_a, st.n_s)
        present = st.ra > 0
        nodes = r3[present]  # (number of nodes, n_s)
        k, s_lab, _ = support_components(nodes.T)
        s_comp = np.asarray(s_lab, dtype=np.int64)
        self.nc = np.where(present, s_comp[r3.argmax(axis=2)], -1).astype(np.int64)
        self.k = int(k)
        self.gsize = np.bincount(self.nc[present], minlength=self.k).astype(np.int64)
        self.root = np.arange(self.k)

    def leakage(self, base: float) -> float:
        return float(_log(self.k, base))

    def fused(self, i: int, j: int) -> NDArray[np.int64]:
        """Return the components a merge of slots ``i, j`` would join (empty: none)."""
        ci, cj = self.nc[i], self.nc[j]
        f = (ci >= 0) & (cj >= 0) & (ci != cj)
        return np.unique(np.r_[ci[f], cj[f]])

    def merge(self, i: int, j: int) -> int:
        ci, cj = self.nc[i].copy(), self.nc[j].copy()
        f = (ci >= 0) & (cj >= 0) & (ci != cj)
        root = self.root
        for p, q in zip(ci[f], cj[f], strict=True):
            rp, rq = int(root[p]), int(root[q])
            if rp != rq:
                keep, drop = min(rp, rq), max(rp, rq)
                root[root == drop] = keep
                self.gsize[keep] += self.gsize[drop]
                self.gsize[drop] = 0
                self.k -= 1
        a = self.st.merge(i, j)
        b = j if a == i else i
        nc = self.nc
        live = nc >= 0
        nc[live] = root[nc[live]]
        nc[a] = np.where(
            ci >= 0, root[np.maximum(ci, 0)], np.where(cj >= 0, root[np.maximum(cj, 0)], -1)
        )
        nc[b] = -1
        return a
