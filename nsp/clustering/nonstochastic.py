# mypy: ignore-errors
"""Agglomerative clustering for non-stochastic privacy (Ding & Farokhi).

A curator releases a deterministic quantization ``X̂ = f(X)`` of the public variable ``X``,
i.e. a partition ``Q`` of ``[[X]]``, so that an adversary who only knows ranges learns little
about the sensitive ``S``. The conditional range of a cluster is the union of its columns,
``[[S | 𝒳]] = ⋃_{x ∈ 𝒳} [[S | x]]`` (eq. (2) of the paper). Three greedy algorithms:

* :func:`algorithm1` — Algorithm 1, minimize ``L0(S → X̂) − λ U_i`` (problem (3)); every
  outer iteration merges every cluster of minimum ``|[[S|𝒳]]|`` with its utility-best partner.
* :func:`algorithm2` — Algorithm 2, minimize ``I*(S; X̂) − λ U_i`` (problem (5)); every
  iteration merges the utility-best pair of clusters lying in two different connected
  components of the confusability graph.
* :func:`indistinguishable_l0` — the §V-C variant, minimize ``L0`` subject to ``I* = 0``
  (problem (10)); merges the pair of smallest ``ΔL`` across components until ``I* = 0``.

Utilities (§V-A): ``U1 = I0(X → X̂) = log|[[X]]| − log max_𝒳 |𝒳|`` (worst-case resolution)
and ``U2 = −max_𝒳 d̄(𝒳)``, the largest distance of a value from its cluster's codeword, the
centroid (unweighted mean of the cluster's distinct values); distance ``|x − x̂|``
(``distance="abs"``, default) or ``(x − x̂)²`` (``"sq"``).

The merge path of Algorithms 1 and 2 does not depend on λ (λ only decides where the loop
stops), so :func:`merge_path` computes it once and :meth:`MergePath.result` derives every λ's
run from it; :func:`algorithm1` and :func:`algorithm2` walk the same path lazily and stop at
the first non-negative ``ΔL``.

Deterministic rules (the reproduction spec §3.3–3.5, all reproduce Examples 2–5 exactly):

* clusters are in canonical order (by their smallest original index);
* Algorithm 1: ``Π`` (clusters of minimum S-range size) is fixed per outer iteration and
  processed in canonical order; partners are searched in the current, partially merged
  partition, among clusters with a different S-range; the key is ``|𝒳 ⊔ 𝒳'|`` (U1) or
  ``d̄(𝒳 ⊔ 𝒳')`` (U2, ties within 1e-12); ties go to the first candidate in canonical order;
  a cluster with no candidate is dropped from ``Π``; ``ΔL`` is evaluated once per outer
  iteration;
* Algorithm 2: key ``|𝒳1| + |𝒳2|`` (U1) or ``d̄(𝒳1 ⊔ 𝒳2)`` (U2, tol 1e-12), then the pair
  joining the largest two subgraphs (most original values), then canonical order of the
  earlier cluster, then of the later one;
* §V-C: key ``ΔL`` of eq. (12) (tol 1e-9), then the smallest ``|[[S|𝒳1]]| + |[[S|𝒳2]]|``,
  then the largest two subgraphs, then canonical order;
* stopping: a step is rejected when ``ΔL ≥ −1e-12`` and the last accepted partition is
  returned; otherwise the loop also ends when one cluster (Alg. 1) or one component (Alg. 2)
  remains, and that partition is returned (spec A9).

Everything is in bits by default (``base=2``); λ multiplies utility in the units of ``U_i``
(bits for U1, units of ``values`` — or their squares — for U2).
"""

from __future__ import annotations

import math
import numbers
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray

from nsp._validation import check_base
from nsp.clustering.partition import Partition
from nsp.uncertain import _mask_of, support_components

__all__ = [
    "Iteration",
    "ClusteringResult",
    "MergePath",
    "resolution_utility",
    "cluster_distortion",
    "distortion_utility",
    "utility_value",
    "algorithm1",
    "algorithm2",
    "indistinguishable_l0",
    "merge_path",
    "start_point",
]

#: Tolerance on ΔL (stop when ΔL ≥ −TOL) and on distortion ties.
TOL: float = 1e-12
#: Tolerance on ΔL ties in the §V-C variant.
TOL_VC: float = 1e-9

Utility = Literal["U1", "U2"]
Distance = Literal["abs", "sq"]


# ---------------------------------------------------------------------------------------------
# results
# ---------------------------------------------------------------------------------------------


class Iteration:
    """One iteration of an agglomerative run.

    Attributes
    ----------
    t : int
        Iteration index (0 = singletons).
    partition : Partition
        The quantization ``Q^(t)`` of ``[[X]]``.
    privacy : float
        ``L0(S → X̂)`` (Algorithm 1, §V-C) or ``I*(S; X̂)`` (Algorithm 2), in units of ``base``.
    utility : float
        ``U1`` or ``U2`` of ``Q^(t)``.
    lagrangian : float
        ``privacy − λ·utility`` (the paper's ``𝓛`` for Algorithm 2; for Algorithm 1 the paper's
        ``𝓛 = −B0 − λU`` is this minus ``H0(S)``).
    delta : float or None
        ``ΔL = 𝓛(Q^(t)) − 𝓛(Q^(t−1))`` (None at t = 0). For §V-C it is eq. (12).
    merges : tuple of (tuple, tuple)
        The merged pairs of clusters (original indices), in order.
    decomposition : Partition or None
        The finest decomposition ``P^(t)`` of ``G_X̂`` over ``[[X]]`` (Algorithm 2, §V-C).
    """

    __slots__ = ("t", "privacy", "utility", "lagrangian", "delta", "merges", "_step")

    def __init__(
        self,
        t: int,
        step: _Step,
        privacy: float,
        utility: float,
        lagrangian: float,
        delta: float | None,
        merges: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = (),
    ) -> None:
        # the partitions are built from the step's label arrays on first use (a long run
        # would otherwise spend most of its time building Partitions nobody reads)
        self.t = t
        self._step = step
        self.privacy = privacy
        self.utility = utility
        self.lagrangian = lagrangian
        self.delta = delta
        self.merges = merges

    @property
    def partition(self) -> Partition:
        """The quantization ``Q^(t)``."""
        return self._step.partition

    @property
    def decomposition(self) -> Partition | None:
        """The finest decomposition ``P^(t)`` (Algorithm 2, §V-C), else None."""
        return self._step.decomposition

    def __repr__(self) -> str:
        return (
            f"Iteration(t={self.t}, partition={self.partition!r}, privacy={self.privacy!r}, "
            f"utility={self.utility!r}, lagrangian={self.lagrangian!r}, delta={self.delta!r})"
        )


@dataclass(frozen=True)
class ClusteringResult:
    """The outcome of one run: the returned partition, the history and why it stopped.

    Attributes
    ----------
    partition : Partition
        The returned quantization.
    history : tuple of Iteration
        Every accepted iteration, from t = 0; ``history[-1].partition == partition``.
    rejected : Iteration or None
        The step that was computed and rejected (``ΔL ≥ 0``), if any.
    stop_reason : str
        ``"delta_nonnegative"``, ``"single_cluster"`` (Alg. 1) or ``"connected"`` (Alg. 2, §V-C).
    lam : float
        The Lagrange multiplier λ.
    algorithm : str
        ``"algorithm1"``, ``"algorithm2"`` or ``"indistinguishable_l0"``.
    """

    partition: Partition
    history: tuple[Iteration, ...]
    rejected: Iteration | None
    stop_reason: str
    lam: float
    algorithm: str

    @property
    def iterations(self) -> int:
        """Number of accepted iterations."""
        return len(self.history) - 1

    @property
    def privacy(self) -> float:
        """Privacy leakage of the returned partition."""
        return self.history[-1].privacy

    @property
    def utility(self) -> float:
        """Utility of the returned partition."""
        return self.history[-1].utility

    @property
    def decomposition(self) -> Partition | None:
        """Finest decomposition of the returned partition's graph (Algorithm 2, §V-C)."""
        return self.history[-1].decomposition

    def to_frame(self) -> pd.DataFrame:
        """The history as a table (one row per accepted iteration, then the rejected one)."""
        rows = []
        for it, accepted in [(h, True) for h in self.history] + (
            [(self.rejected, False)] if self.rejected is not None else []
        ):
            rows.append(
                {
                    "t": it.t,
                    "accepted": accepted,
                    "lagrangian": it.lagrangian,
                    "privacy": it.privacy,
                    "utility": it.utility,
                    "delta": np.nan if it.delta is None else it.delta,
                    "n_clusters": len(it.partition),
                    "partition": _fmt(it.partition),
                    "decomposition": "" if it.decomposition is None else _fmt(it.decomposition),
                }
            )
        return pd.DataFrame(rows)


def _fmt(p: Partition) -> str:
    """1-based text of a partition, e.g. ``{x1,x2},{x3}``."""
    return p.format()


class _Step:
    """One point of a merge path; the partitions are built from label arrays on first use."""

    __slots__ = (
        "labels",
        "privacy",
        "utility",
        "merges",
        "decomp_labels",
        "_partition",
        "_decomposition",
    )

    def __init__(
        self, labels, privacy: float, utility: float, merges: tuple = (), decomp_labels=None
    ):
        self.labels = labels
        self.privacy = privacy
        self.utility = utility
        self.merges = merges
        self.decomp_labels = decomp_labels
        self._partition: Partition | None = None
        self._decomposition: Partition | None = None

    @property
    def partition(self) -> Partition:
        if self._partition is None:
            self._partition = Partition.from_labels(self.labels)
        return self._partition

    @property
    def decomposition(self) -> Partition | None:
        if self._decomposition is None and self.decomp_labels is not None:
            self._decomposition = Partition.from_labels(self.decomp_labels)
        return self._decomposition


def _delta(prev: _Step, cur: _Step, lam: float) -> float:
    """ΔL of a path step (same formula for the lazy runs and for path-derived results)."""
    return (cur.privacy - prev.privacy) - lam * (cur.utility - prev.utility)


def _check_lam(lam: float) -> float:
    """λ as a float: a real number (not a bool or a string), finite and ``≥ 0``."""
    if isinstance(lam, (bool, np.bool_)) or not isinstance(lam, numbers.Real):
        raise ValueError(f"lam must be a finite real number >= 0; got {lam!r}")
    lam_f = float(lam)
    if not (lam_f >= 0 and math.isfinite(lam_f)):
        raise ValueError(f"lam must be a finite real number >= 0; got {lam!r}")
    return lam_f


def _iteration(step: _Step, t: int, lam: float, delta: float | None) -> Iteration:
    return Iteration(
        t, step, step.privacy, step.utility, step.privacy - lam * step.utility, delta, step.merges
    )


def _run_from_steps(steps: Iterator[_Step], lam: float, algorithm: str) -> ClusteringResult:
    """Accept steps while ΔL < −TOL; the common stopping rule of Algorithms 1 and 2."""
    first = next(steps)
    history = [_iteration(first, 0, lam, None)]
    prev = first
    for step in steps:
        d = _delta(prev, step, lam)
        it = _iteration(step, len(history), lam, d)
        if d >= -TOL:
            return ClusteringResult(
                prev.partition, tuple(history), it, "delta_nonnegative", lam, algorithm
            )
        history.append(it)
        prev = step
    reason = "single_cluster" if algorithm == "algorithm1" else "connected"
    return ClusteringResult(prev.partition, tuple(history), None, reason, lam, algorithm)


@dataclass(frozen=True)
class MergePath:
    """The λ-independent merge path of Algorithm 1 or 2, from which every λ's run follows.

    Attributes
    ----------
    algorithm : str
        ``"algorithm1"`` or ``"algorithm2"``.
    steps : tuple
        The partitions ``Q^(0), Q^(1), …`` with their privacy and utility.
    end_reason : str
        Why the path ends: ``"single_cluster"``, ``"connected"``, or ``"no_candidates"``
        (Algorithm 1 when every cluster has the same S-range: the last step repeats the
        partition, so ``ΔL = 0`` rejects it for every λ).
    """

    algorithm: str
    steps: tuple[_Step, ...]
    end_reason: str

    def __len__(self) -> int:
        return len(self.steps)

    @property
    def partitions(self) -> list[Partition]:
        """The partitions along the path."""
        return [s.partition for s in self.steps]

    @property
    def privacy(self) -> NDArray[np.float64]:
        """Privacy of every partition on the path."""
        return np.array([s.privacy for s in self.steps])

    @property
    def utility(self) -> NDArray[np.float64]:
        """Utility of every partition on the path."""
        return np.array([s.utility for s in self.steps])

    def result(self, lam: float) -> ClusteringResult:
        """The run of the algorithm for ``lam``, read off the path (identical to a direct run)."""
        lam = _check_lam(lam)
        return _run_from_steps(iter(self.steps), lam, self.algorithm)

    def stop_index(self, lam: float) -> int:
        """Index on the path of the partition returned for ``lam``."""
        lam = _check_lam(lam)
        for t in range(1, len(self.steps)):
            if _delta(self.steps[t - 1], self.steps[t], lam) >= -TOL:
                return t - 1
        return len(self.steps) - 1

    def thresholds(self) -> NDArray[np.float64]:
        """``c[t]``: step ``t`` is accepted iff ``λ < c[t]`` (``c[0] = +inf``).

        ``a_t`` is the privacy gain and ``b_t`` the utility drop of step ``t``; the step is
        accepted iff ``λ b_t < a_t`` (up to the stopping tolerance), so ``c_t = a_t / b_t``
        (``b_t > 0``), ``+inf`` (``b_t ≤ 0 < a_t``) or ``0`` — never accepted — when
        ``a_t ≤ TOL``, and for the repeated last step of a path ending ``"no_candidates"``.
        """
        p, u = self.privacy, self.utility
        c = np.empty(len(p))
        c[0] = np.inf
        for t in range(1, len(p)):
            a, b = p[t - 1] - p[t], u[t - 1] - u[t]
            # on the paths of Algorithms 1 and 2 every real step has a > 0 (B0 rises, |P| falls)
            c[t] = (a / b if b > 0 else np.inf) if a > TOL else 0.0
        if self.end_reason == "no_candidates":
            c[-1] = 0.0
        return c

    def breakpoints(self) -> NDArray[np.float64]:
        """The λ values ``a_t / b_t`` at which a step turns from accepted to rejected: the
        finite, positive :meth:`thresholds`, sorted and unique.
        """
        c = self.thresholds()[1:]
        return np.unique(c[np.isfinite(c) & (c > 0)])


# ---------------------------------------------------------------------------------------------
# inputs, utilities
# ---------------------------------------------------------------------------------------------


def _as_values(values: ArrayLike | None, r: object, n_x: int) -> NDArray[np.float64]:
    if values is None:
        labels = getattr(r, "x_labels", None)
        if labels is None:
            raise ValueError("values must be given for utility 'U2' (the numeric value of every x)")
        try:
            values = np.asarray(labels, dtype=float)
        except (TypeError, ValueError):
            raise ValueError(
                "values must be given for utility 'U2': the x labels are not numeric"
            ) from None
    v = np.asarray(values, dtype=float)
    if v.shape != (n_x,):
        raise ValueError(f"values must have one number per x, shape ({n_x},); got shape {v.shape}")
    if not np.all(np.isfinite(v)):
        raise ValueError("values must be finite")
    return v


def _check_utility(utility: str, distance: str) -> None:
    if utility not in ("U1", "U2"):
        raise ValueError(f"utility must be 'U1' or 'U2'; got {utility!r}")
    if distance not in ("abs", "sq"):
        raise ValueError(f"distance must be 'abs' or 'sq'; got {distance!r}")


def _log(x: float | NDArray, base: float) -> float | NDArray:
    if base == 2.0:
        return np.log2(x)
    return np.log(x) / math.log(base)


def _dbar(vsum, vcnt, vmin, vmax, sq: bool):
    """Max distance of a cluster's values from its centroid (vectorized over clusters)."""
    c = vsum / vcnt
    d = np.maximum(c - vmin, vmax - c)
    return d * d if sq else d


def _as_clusters(partition: Partition | ArrayLike) -> list[list[int]]:
    if isinstance(partition, Partition):
        return [list(c) for c in partition.clusters]
    p = Partition.from_labels(np.asarray(partition))
    return [list(c) for c in p.clusters]


def resolution_utility(partition: Partition | ArrayLike, *, base: float = 2) -> float:
    """Utility ``U1 = I0(X → X̂) = log|[[X]]| − log max_𝒳 |𝒳|`` of a quantization.

    Parameters
    ----------
    partition : Partition or array_like of int
        The quantization (a Partition, or the cluster label of every x).
    base : float
        Logarithm base (2: bits).

    Returns
    -------
    float
        The worst-case resolution of ``X`` from ``X̂``; ``log|[[X]]|`` for singletons, 0 for
        one cluster.

    Examples
    --------
    Example 3's solution keeps ``log(7/3)`` bits (§VII-A):

    >>> round(resolution_utility([0, 1, 0, 2, 1, 2, 0]), 6)
    1.222392
    """
    b = check_base(base)
    p = partition if isinstance(partition, Partition) else Partition.from_labels(partition)
    n = int(sum(p.sizes))
    return float(_log(n, b) - _log(int(max(p.sizes)), b))


def cluster_distortion(
    values: ArrayLike, cluster: ArrayLike, *, distance: Distance = "abs"
) -> float:
    """Max distortion ``d̄(𝒳) = max_{x ∈ 𝒳} d(x, x̂_𝒳)`` with the centroid codeword.

    Parameters
    ----------
    values : array_like of float
        Numeric value of every x.
    cluster : array_like of int
        Indices of the cluster's x values.
    distance : {"abs", "sq"}
        ``|x − x̂|`` or ``(x − x̂)²``.

    Examples
    --------
    >>> round(cluster_distortion([0.2, 0.1, 0.4, 0.3, 0.6, 1.5, 1.0], [0, 1, 2, 3, 4, 5, 6]), 6)
    0.914286
    """
    _check_utility("U2", distance)
    v = np.asarray(values, dtype=float)[np.asarray(cluster, dtype=int)]
    if v.size == 0:
        raise ValueError("cluster must not be empty")
    return float(_dbar(v.sum(), v.size, v.min(), v.max(), distance == "sq"))


def distortion_utility(
    values: ArrayLike, partition: Partition | ArrayLike, *, distance: Distance = "abs"
) -> float:
    """Utility ``U2 = −max_𝒳 d̄(𝒳)`` (centroid codewords) of a quantization.

    Examples
    --------
    Example 2 (U2) returns ``{x1,x2,x4},{x3,x5},{x6,x7}``, of max distortion 0.25:

    >>> distortion_utility([0.2, 0.1, 0.4, 0.3, 0.6, 1.5, 1.0], [0, 0, 1, 0, 1, 2, 2])
    -0.25
    """
    _check_utility("U2", distance)
    v = np.asarray(values, dtype=float)
    return -max(cluster_distortion(v, c, distance=distance) for c in _as_clusters(partition))


def utility_value(
    partition: Partition | ArrayLike,
    utility: Utility = "U1",
    *,
    values: ArrayLike | None = None,
    distance: Distance = "abs",
    base: float = 2,
) -> float:
    """``U1`` or ``U2`` of a quantization (dispatch on ``utility``)."""
    _check_utility(utility, distance)
    if utility == "U1":
        return resolution_utility(partition, base=base)
    if values is None:
        raise ValueError("values must be given for utility 'U2'")
    return distortion_utility(values, partition, distance=distance)


# ---------------------------------------------------------------------------------------------
# incremental state shared by the three algorithms
# ---------------------------------------------------------------------------------------------


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
        """``d̄`` of the merge of every pair of slots (n × n), the operations of :meth:`merged_dbar`
        done in place.
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


def _prepare(r, utility, values, distance, base):
    _check_utility(utility, distance)
    b = check_base(base)
    mask = np.ascontiguousarray(_mask_of(r))
    vals = _as_values(values, r, mask.shape[1]) if utility == "U2" else None
    return mask, vals, b


def start_point(
    r: ArrayLike,
    *,
    utility: Utility = "U1",
    values: ArrayLike | None = None,
    distance: Distance = "abs",
    base: float = 2,
) -> tuple[float, float]:
    """``(L0(S → X), U(X; X))``: privacy and utility without quantization (singletons).

    The same numbers as ``history[0]`` of :func:`algorithm1` or :func:`indistinguishable_l0`
    (for Algorithm 2 the privacy is ``I*`` instead).

    Examples
    --------
    >>> mask = [[1, 0, 0, 0, 0, 0, 0], [1, 1, 0, 0, 0, 0, 0], [0, 0, 1, 1, 0, 0, 0],
    ...         [0, 0, 0, 0, 1, 0, 0], [0, 0, 0, 0, 0, 1, 0], [0, 0, 0, 0, 0, 0, 1]]
    >>> [round(v, 4) for v in start_point(mask)]
    [2.585, 2.8074]
    """
    mask, vals, b = _prepare(r, utility, values, distance, base)
    st = _State(mask, utility, vals, distance, b)
    return st.l0(), st.util()


# ---------------------------------------------------------------------------------------------
# Algorithm 1
# ---------------------------------------------------------------------------------------------


def _alg1_steps(mask, utility, values, distance, base, end: list) -> Iterator[_Step]:
    st = _State(mask, utility, values, distance, base)
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
        for i in pi:
            if done[i]:
                continue
            done[i] = True
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


def algorithm1(
    r: ArrayLike,
    lam: float,
    *,
    utility: Utility = "U1",
    values: ArrayLike | None = None,
    distance: Distance = "abs",
    base: float = 2,
) -> ClusteringResult:
    """Algorithm 1: agglomerative clustering for problem (3), minimize ``L0(S → X̂) − λ U_i``.

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_s, n_x)
        The joint range ``mask[s, x]``; every row and column must hold a True.
    lam : float
        Lagrange multiplier λ ≥ 0.
    utility : {"U1", "U2"}
        ``U1 = I0(X → X̂)`` or ``U2 = −max distortion`` (centroid codewords).
    values : array_like of float, optional
        Numeric value of every x (U2); default: the JointRange's x labels.
    distance : {"abs", "sq"}
        Distance for U2.
    base : float
        Logarithm base of L0 and U1.

    Returns
    -------
    ClusteringResult
        Privacy is ``L0(S → X̂)``; ``lagrangian = L0 − λU``.

    Examples
    --------
    Example 2 (U1, λ = 0.3) merges down to one cluster in three iterations:

    >>> mask = [[1, 0, 0, 0, 0, 0, 0], [1, 1, 0, 0, 0, 0, 0], [0, 0, 1, 1, 0, 0, 0],
    ...         [0, 0, 0, 0, 1, 0, 0], [0, 0, 0, 0, 0, 1, 0], [0, 0, 0, 0, 0, 0, 1]]
    >>> res = algorithm1(mask, 0.3)
    >>> [round(h.delta, 4) for h in res.history[1:]], res.stop_reason
    ([-0.5245, -0.4605, -0.7578], 'single_cluster')

    With U2 (λ = 2.5, the values of eq. (4)) it stops after one iteration:

    >>> res = algorithm1(mask, 2.5, utility="U2", values=[0.2, 0.1, 0.4, 0.3, 0.6, 1.5, 1.0])
    >>> res.partition.clusters, round(res.rejected.delta, 4)
    (((0, 1, 3), (2, 4), (5, 6)), 0.0758)
    """
    lam = _check_lam(lam)
    mask, vals, b = _prepare(r, utility, values, distance, base)
    # a path ending without candidates ends with a repeated partition (ΔL = 0: always rejected)
    return _run_from_steps(_alg1_steps(mask, utility, vals, distance, b, []), lam, "algorithm1")


# ---------------------------------------------------------------------------------------------
# Algorithm 2 and the §V-C variant
# ---------------------------------------------------------------------------------------------


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


def _alg2_steps(mask, utility, values, distance, base) -> Iterator[_Step]:
    st = _State(mask, utility, values, distance, base)
    g = _Graph(st, mask)
    best = _RowBest(st, g) if utility == "U2" else None
    yield _Step(st.label.copy(), g.privacy(base), st.util(), (), g.decomposition_labels())
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
        yield _Step(st.label.copy(), g.privacy(base), st.util(), merges, g.decomposition_labels())


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
        """After merging slots ``i, j`` into ``a``; ``comp_i, comp_j`` = alive slots of their
        components before the merge.
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


def algorithm2(
    r: ArrayLike,
    lam: float,
    *,
    utility: Utility = "U1",
    values: ArrayLike | None = None,
    distance: Distance = "abs",
    base: float = 2,
) -> ClusteringResult:
    """Algorithm 2: agglomerative clustering for problem (5), minimize ``I*(S; X̂) − λ U_i``.

    Each iteration merges the pair of clusters, lying in different components of the
    confusability graph ``G_X̂``, that keeps the most utility (smallest ``|𝒳1| + |𝒳2|`` for U1,
    smallest ``d̄(𝒳1 ⊔ 𝒳2)`` for U2), breaking ties by the largest two subgraphs, then in
    canonical order; ``ΔL = log((|P|−1)/|P|) − λ ΔU``.

    Parameters are those of :func:`algorithm1`. Privacy is ``I*(S; X̂) = log|P|``.

    Examples
    --------
    Example 3 (U1, λ = 0.3):

    >>> mask = [[1, 0, 0, 0, 0, 0, 0], [1, 1, 0, 0, 0, 0, 0], [0, 0, 1, 1, 0, 0, 0],
    ...         [0, 0, 0, 0, 1, 0, 0], [0, 0, 0, 0, 0, 1, 0], [0, 0, 0, 0, 0, 0, 1]]
    >>> res = algorithm2(mask, 0.3)
    >>> [round(h.delta, 4) for h in res.history[1:]]
    [-0.0219, -0.415, -0.585, -0.8245]
    >>> res.partition.clusters
    ((0, 2, 6), (1, 4), (3, 5))
    """
    lam = _check_lam(lam)
    mask, vals, b = _prepare(r, utility, values, distance, base)
    return _run_from_steps(_alg2_steps(mask, utility, vals, distance, b), lam, "algorithm2")


def merge_path(
    r: ArrayLike,
    *,
    algorithm: Literal["algorithm1", "algorithm2"] = "algorithm1",
    utility: Utility = "U1",
    values: ArrayLike | None = None,
    distance: Distance = "abs",
    base: float = 2,
) -> MergePath:
    """The whole λ-independent merge path of Algorithm 1 or 2 (to its last possible merge).

    ``merge_path(r, ...).result(lam)`` equals ``algorithm1(r, lam, ...)`` (or
    ``algorithm2``) for every λ, so a λ sweep costs one run.

    Examples
    --------
    >>> mask = [[1, 0, 0, 0, 0, 0, 0], [1, 1, 0, 0, 0, 0, 0], [0, 0, 1, 1, 0, 0, 0],
    ...         [0, 0, 0, 0, 1, 0, 0], [0, 0, 0, 0, 0, 1, 0], [0, 0, 0, 0, 0, 0, 1]]
    >>> path = merge_path(mask)
    >>> len(path), [round(float(b), 4) for b in path.breakpoints()]
    (4, [0.6309, 1.2386, 1.4094])
    >>> path.result(0.7).iterations, path.result(0.3).iterations
    (0, 3)
    """
    mask, vals, b = _prepare(r, utility, values, distance, base)
    if algorithm == "algorithm1":
        end: list[str] = []
        steps = tuple(_alg1_steps(mask, utility, vals, distance, b, end))
        return MergePath("algorithm1", steps, end[0])
    if algorithm == "algorithm2":
        steps = tuple(_alg2_steps(mask, utility, vals, distance, b))
        return MergePath("algorithm2", steps, "connected")
    raise ValueError(f"algorithm must be 'algorithm1' or 'algorithm2'; got {algorithm!r}")


def _top3(w: NDArray[np.float64]) -> tuple[NDArray[np.float64], NDArray[np.intp]]:
    """The three smallest values of ``w`` and their positions (stable order; padded with
    ``inf`` and ``-1``).
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
    """Lexicographic minimum of ``(code_i + code_j, lo, hi)`` over pairs of positions ``p``
    in different components with ``size_i + size_j ≤ limit``, in ``O(k log k)``.

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
    q = np.searchsorted(ss[start], limit - ss, side="right") - 1
    ok = q >= 0
    rows = np.flatnonzero(ok)
    if rows.size == 0:
        return None
    j1, j2 = pref1[q[rows]], pref2[q[rows]]
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


def indistinguishable_l0(
    r: ArrayLike,
    lam: float,
    *,
    utility: Utility = "U1",
    values: ArrayLike | None = None,
    distance: Distance = "abs",
    base: float = 2,
) -> ClusteringResult:
    """§V-C variant: minimize ``L0(S → X̂) − λ U_i`` subject to ``I*(S; X̂) = 0`` (problem (10)).

    Algorithm 2 with its selection and break replaced by eq. (12): merge the pair across
    components of smallest ``ΔL = −B0(new) + B0(old) + λ(U(old) − U(new))``, every iteration,
    until the confusability graph is connected (the output always has ``I* = 0``; the path
    depends on λ). Ties: smallest ``|[[S|𝒳1]]| + |[[S|𝒳2]]|``, then the largest two
    subgraphs, then canonical order. Privacy recorded is ``L0(S → X̂)``; ``delta`` is eq. (12).

    Examples
    --------
    Example 5 (U1, λ = 0.3):

    >>> mask = [[1, 0, 0, 0, 0, 0, 0], [1, 1, 0, 0, 0, 0, 0], [0, 0, 1, 1, 0, 0, 0],
    ...         [0, 0, 0, 0, 1, 0, 0], [0, 0, 0, 0, 0, 1, 0], [0, 0, 0, 0, 0, 0, 1]]
    >>> res = indistinguishable_l0(mask, 0.3)
    >>> [round(h.delta, 4) for h in res.history[1:]]
    [0.3, 0.0, -1.0, 0.1755]
    >>> res.partition.clusters
    ((0, 5, 6), (1, 2), (3, 4))
    """
    lam = _check_lam(lam)
    mask, vals, b = _prepare(r, utility, values, distance, base)
    st = _State(mask, utility, vals, distance, b)
    g = _Graph(st, mask)
    u1 = utility == "U1"

    def snapshot(merges=(), delta=None, t=0) -> Iteration:
        step = _Step(st.label.copy(), st.l0(), st.util(), merges, g.decomposition_labels())
        return _iteration(step, t, lam, delta)

    history = [snapshot()]
    for i, j, d in _vc_steps(st, g, lam, u1, b):
        merges = ((st.cluster(i), st.cluster(j)),)
        g.merge(i, j)
        history.append(snapshot(merges, d, len(history)))
    return ClusteringResult(
        history[-1].partition, tuple(history), None, "connected", lam, "indistinguishable_l0"
    )


def _last_at_most(f, thr: float, lo: float, guess: float) -> float:
    """The largest float ``y`` with ``f(y) ≤ thr``, for a non-decreasing ``f`` with
    ``f(lo) ≤ thr``; ``inf`` if ``f`` never exceeds ``thr``. Bisection on floats, started
    around ``guess``.
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
    """The merges of the §V-C variant: yields slots ``(i, j)`` (``i < j``) and eq. (12)'s ΔL;
    the caller merges them before the next step is computed.

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
            u_new = -np.maximum(D[lo, hi], others_u)
        d_spec = -b0_new + b0_old + lam * (u_old - u_new)
        # -- the other pairs: ΔL = 0 + F(key)
        gen = np.ones(k, dtype=bool)
        gen[spec] = False
        if u1:
            ftab = 0.0 + lam * (u_old - (log_n - _log(np.maximum(np.arange(n + 1), m_u), b)))
            gp = np.flatnonzero(gen)
            kmin = _min_size_sum(sz[gp], comp[gp])
            d_gen = ftab[kmin] if kmin is not None else np.inf
        else:
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
                        lambda x: 0.0 + lam_f * (u_f + max(x, m_f)),
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
        if not u1:
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
