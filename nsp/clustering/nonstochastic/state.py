"""Incremental state shared by the three algorithms: clusters in slots, graph components."""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from nsp._validation import Base, check_base
from nsp.clustering.nonstochastic.utilities import (
    Distance,
    Utility,
    _as_values,
    _check_utility,
    _dbar,
    _log,
)
from nsp.partition import Partition
from nsp.uncertain import _mask_of, support_components

__all__ = ["start_point"]


class _State:
    """Clusters held in slots: slot ``i`` is alive iff ``i`` is the smallest index of a cluster.

    So slot order is canonical order, and a merge of slots ``i < j`` keeps slot ``i``.
    """

    def __init__(self, mask: NDArray[np.bool_], utility: str, values, distance: str, base: float):
        n_s, n = mask.shape
        self.n_s, self.n = n_s, n
        self.base = base
        self.utility = utility
        self.sq = distance == "sq"
        self.R = np.ascontiguousarray(mask.T.copy())  # (n, n_s) S-range of each slot
        self.rsize = self.R.sum(axis=1).astype(np.int64)
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

    # -- measures of the current partition
    def partition(self) -> Partition:
        return Partition.from_labels(self.label.copy())

    def l0(self) -> float:
        m = int(self.rsize[self.alive].min())
        return float(_log(self.n_s, self.base) - _log(m, self.base))

    def util(self) -> float:
        if self.utility == "U1":
            biggest = int(self.size[self.alive].max())
            return float(_log(self.n, self.base) - _log(biggest, self.base))
        return float(-self.dbar[self.alive].max()) + 0.0

    def merged_dbar(self, i: int, js) -> NDArray[np.float64]:
        return _dbar(
            self.vsum[i] + self.vsum[js],
            self.size[i] + self.size[js],
            np.minimum(self.vmin[i], self.vmin[js]),
            np.maximum(self.vmax[i], self.vmax[js]),
            self.sq,
        )

    def pair_dbar(self) -> NDArray[np.float64]:
        """Return ``d̄`` of the merge of every pair of slots (n × n).

        The operations of :meth:`merged_dbar`, done in place.
        """
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
        self.rsize[a] = int(self.R[a].sum())
        if self.utility == "U2":
            self.dbar[a] = float(self.merged_dbar(a, np.array([b]))[0])
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


def _prepare(r, utility, values, distance, base, *, pair_table=False):
    _check_utility(utility, distance)
    b = check_base(base)
    mask = np.ascontiguousarray(_mask_of(r))
    if pair_table and utility == "U2":
        _check_pair_table(mask.shape[1])
    vals = _as_values(values, r, mask.shape[1]) if utility == "U2" else None
    return mask, vals, b


def start_point(
    r: ArrayLike,
    *,
    utility: Utility = "U1",
    values: ArrayLike | None = None,
    distance: Distance = "abs",
    base: Base = 2,
) -> tuple[float, float]:
    """Return ``(L0(S → X), U(X; X))``: privacy and utility without quantization.

    The same numbers as ``history[0]`` of :func:`merge_by_leakage` or
    :func:`merge_until_connected` (for Algorithm 2 the privacy is ``I*`` instead).

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_s, n_x)
        The joint range.
    utility : {"U1", "U2"}
        Which utility.
    values : array_like of float, optional
        Numeric value of every x (U2); default: the JointRange's x labels.
    distance : {"abs", "sq"}
        Distance of U2.
    base : float or str
        Logarithm base of L0 and U1.

    Returns
    -------
    privacy, utility : float
        ``L0(S → X)`` and the utility of the singletons.

    Examples
    --------
    >>> from nsp.papers.agglomerative import example1_range
    >>> mask = example1_range()
    >>> [round(v, 4) for v in start_point(mask)]
    [2.585, 2.8074]
    """
    mask, vals, b = _prepare(r, utility, values, distance, base)
    st = _State(mask, utility, vals, distance, b)
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

    def privacy(self, base: float) -> float:
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
