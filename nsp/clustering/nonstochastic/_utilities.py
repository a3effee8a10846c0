"""Utilities of a quantization: U1 (worst-case resolution) and U2 (max distortion).

U2's codeword is the centroid (the mean of the cluster's distinct values, the paper's
choice) or the medoid (the member minimising the largest distance to the others).
"""

from __future__ import annotations

import math
from typing import Literal

import numpy as np
from numpy.typing import ArrayLike, NDArray

from nsp._validation import Base, check_base, check_choice
from nsp.partition import Partition

__all__ = [
    "Distance",
    "cluster_codeword",
    "cluster_distortion",
    "distortion_utility",
    "resolution_utility",
    "utility_value",
]

#: Tolerance on ΔL (stop when ΔL ≥ −TOL) and on distortion ties.
TOL: float = 1e-12
#: Tolerance on ΔL ties in the §V-C variant.
TOL_VC: float = 1e-9

Utility = Literal["U1", "U2"]
#: The distance of the distortion utility ``U2``: absolute (``"abs"``) or squared (``"sq"``).
Distance = Literal["abs", "sq"]
Codeword = Literal["centroid", "medoid"]


def _real_vector(name: str, values: object, n: int | None = None) -> NDArray[np.float64]:
    """``values`` as a 1-D float array of finite numbers (one per x when ``n`` is given)."""
    arr = np.asarray(values)
    if arr.dtype == object or arr.dtype.kind not in "biuf":
        raise ValueError(f"{name} must hold real numbers; got dtype {arr.dtype}")
    if arr.dtype.kind == "b":
        raise ValueError(f"{name} must hold real numbers, not booleans")
    v = arr.astype(np.float64)
    if v.ndim != 1 or (n is not None and v.shape != (n,)):
        want = f"({n},)" if n is not None else "1-D"
        raise ValueError(f"{name} must have one number per x, shape {want}; got shape {v.shape}")
    if not np.all(np.isfinite(v)):
        raise ValueError(f"{name} must be finite")
    return v


def _index_vector(name: str, idx: object, n: int) -> NDArray[np.intp]:
    """``idx`` as a non-empty 1-D array of integer indices in ``[0, n)``."""
    arr = np.asarray(idx)
    if arr.ndim != 1 or arr.size == 0:
        raise ValueError(
            f"{name} must be a non-empty 1-D sequence of indices; got shape {arr.shape}"
        )
    if arr.dtype.kind not in "iu":
        raise ValueError(f"{name} must hold integer indices; got dtype {arr.dtype}")
    if arr.min() < 0 or arr.max() >= n:
        raise ValueError(f"{name} must hold indices in [0, {n}); got {arr.min()}..{arr.max()}")
    return arr.astype(np.intp)


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
    return _real_vector("values", values, n_x)


def _check_utility(utility: object, distance: object, codeword: object = "centroid") -> None:
    check_choice("utility", utility, ("U1", "U2"))
    check_choice("distance", distance, ("abs", "sq"))
    check_choice("codeword", codeword, ("centroid", "medoid"))


def _log(x: float | NDArray, base: float) -> float | NDArray:
    if base == 2.0:
        return np.log2(x)
    return np.log(x) / math.log(base)


def _dbar(vsum, vcnt, vmin, vmax, sq: bool):
    """Max distance of a cluster's values from its centroid (vectorized over clusters)."""
    c = vsum / vcnt
    d = np.maximum(c - vmin, vmax - c)
    return d * d if sq else d


def _medoid(sv: NDArray[np.float64]) -> tuple[float, float]:
    """Medoid of sorted values and its largest distance ``max(c − min, max − c)`` (abs).

    The member closest to the midrange minimises the largest distance; of two equally
    close members the smaller value is taken.
    """
    lo, hi = sv[0], sv[-1]
    k = int(np.searchsorted(sv, (lo + hi) / 2))
    best_c, best_d = 0.0, np.inf
    for c in sv[max(k - 1, 0) : k + 1]:
        d = max(c - lo, hi - c)
        if d < best_d:
            best_c, best_d = float(c), float(d)
    return best_c, best_d


def _as_partition(partition: Partition | ArrayLike) -> Partition:
    if isinstance(partition, Partition):
        return partition
    labels = np.asarray(partition)
    if labels.ndim != 1 or labels.size == 0 or labels.dtype.kind not in "iu":
        raise ValueError(
            "partition must be a Partition or a non-empty 1-D array of integer cluster labels"
        )
    return Partition.from_labels(labels)


def resolution_utility(partition: Partition | ArrayLike, *, base: Base = 2) -> float:
    """Return the utility ``U1 = I0(X → X̂) = log|[[X]]| − log max_𝒳 |𝒳|`` of a quantization.

    Parameters
    ----------
    partition : Partition or array_like of int
        The quantization (a Partition, or the cluster label of every x).
    base : float or str
        Logarithm base (2: bits).

    Returns
    -------
    float
        The worst-case resolution of ``X`` from ``X̂``; ``log|[[X]]|`` for singletons, 0 for
        one cluster.

    See Also
    --------
    distortion_utility : The utility ``U2``.
    utility_value : Either utility by name.

    References
    ----------
    N. Ding, F. Farokhi, IEEE Trans. Inf. Forensics Security, 2020, §V-A.

    Examples
    --------
    Example 3's solution keeps ``log(7/3)`` bits (§VII-A):

    >>> round(resolution_utility([0, 1, 0, 2, 1, 2, 0]), 6)
    1.222392
    """
    b = check_base(base)
    p = _as_partition(partition)
    n = int(sum(p.sizes))
    return float(_log(n, b) - _log(int(max(p.sizes)), b))


def cluster_codeword(
    values: ArrayLike, cluster: ArrayLike, *, codeword: Codeword = "centroid"
) -> float:
    """Return the codeword ``x̂_𝒳`` released for a cluster: its centroid or its medoid.

    Parameters
    ----------
    values : array_like of float
        Numeric value of every x.
    cluster : array_like of int
        Indices of the cluster's x values (non-empty).
    codeword : {"centroid", "medoid"}
        The mean of the cluster's values, or the member minimising the largest distance
        to the others (the one closest to the midrange; the smaller of two equally close).

    Returns
    -------
    float
        The codeword. The medoid is a value of the cluster and does not depend on the
        distance (``|x − x̂|`` and its square have the same minimiser).

    See Also
    --------
    cluster_distortion : The distortion of the codeword.

    References
    ----------
    .. [1] N. Ding, F. Farokhi, "Developing non-stochastic privacy-preserving policies using
       agglomerative clustering", IEEE Trans. Inf. Forensics Security, 2020, §V-A1 (the codeword of
       a cluster: centroid or medoid).

    Examples
    --------
    >>> vals = [0.0, 1.0, 2.0, 10.0]
    >>> cluster_codeword(vals, [0, 1, 2, 3])
    3.25
    >>> cluster_codeword(vals, [0, 1, 2, 3], codeword="medoid")
    2.0
    """
    check_choice("codeword", codeword, ("centroid", "medoid"))
    vals = _real_vector("values", values)
    v = vals[_index_vector("cluster", cluster, vals.size)]
    if codeword == "centroid":
        return float(v.mean())
    return _medoid(np.unique(v))[0]


def cluster_distortion(
    values: ArrayLike,
    cluster: ArrayLike,
    *,
    distance: Distance = "abs",
    codeword: Codeword = "centroid",
) -> float:
    """Return the max distortion ``d̄(𝒳) = max_{x ∈ 𝒳} d(x, x̂_𝒳)`` of a cluster.

    Parameters
    ----------
    values : array_like of float
        Numeric value of every x.
    cluster : array_like of int
        Indices of the cluster's x values (non-empty).
    distance : {"abs", "sq"}
        ``|x − x̂|`` or ``(x − x̂)²``.
    codeword : {"centroid", "medoid"}
        The codeword ``x̂_𝒳`` (see :func:`cluster_codeword`).

    Returns
    -------
    float
        The largest distance of a value of the cluster from the codeword.

    See Also
    --------
    cluster_codeword : The codeword it measures.
    distortion_utility : The utility ``U2`` made of these distortions.

    References
    ----------
    N. Ding, F. Farokhi, IEEE Trans. Inf. Forensics Security, 2020, §V-A.

    Examples
    --------
    >>> vals = [0.2, 0.1, 0.4, 0.3, 0.6, 1.5, 1.0]
    >>> round(cluster_distortion(vals, [0, 1, 2, 3, 4, 5, 6]), 6)
    0.914286
    >>> round(cluster_distortion(vals, [0, 1, 2, 3, 4, 5, 6], codeword="medoid"), 6)
    0.9
    """
    _check_utility("U2", distance, codeword)
    vals = _real_vector("values", values)
    v = vals[_index_vector("cluster", cluster, vals.size)]
    sq = distance == "sq"
    if codeword == "medoid":
        d = _medoid(np.unique(v))[1]
        return float(d * d if sq else d)
    return float(_dbar(v.sum(), v.size, v.min(), v.max(), sq))


def distortion_utility(
    values: ArrayLike,
    partition: Partition | ArrayLike,
    *,
    distance: Distance = "abs",
    codeword: Codeword = "centroid",
) -> float:
    """Return the utility ``U2 = −max_𝒳 d̄(𝒳)`` of a quantization.

    Parameters
    ----------
    values : array_like of float
        Numeric value of every x.
    partition : Partition or array_like of int
        The quantization, over as many x as ``values``.
    distance : {"abs", "sq"}
        ``|x − x̂|`` or ``(x − x̂)²``.
    codeword : {"centroid", "medoid"}
        The codeword of every cluster (see :func:`cluster_codeword`).

    Returns
    -------
    float
        Minus the largest max distortion of a cluster (0 for singletons).

    See Also
    --------
    resolution_utility : The utility ``U1``.
    utility_value : Either utility by name.

    References
    ----------
    N. Ding, F. Farokhi, IEEE Trans. Inf. Forensics Security, 2020, §V-A.

    Examples
    --------
    Example 2 (U2) returns ``{x1,x2,x4},{x3,x5},{x6,x7}``, of max distortion 0.25:

    >>> distortion_utility([0.2, 0.1, 0.4, 0.3, 0.6, 1.5, 1.0], [0, 0, 1, 0, 1, 2, 2])
    -0.25
    """
    _check_utility("U2", distance, codeword)
    p = _as_partition(partition)
    v = _real_vector("values", values, p.n)
    return -max(
        cluster_distortion(v, list(c), distance=distance, codeword=codeword) for c in p.clusters
    )


def utility_value(
    partition: Partition | ArrayLike,
    utility: Utility = "U1",
    *,
    values: ArrayLike | None = None,
    distance: Distance = "abs",
    codeword: Codeword = "centroid",
    base: Base = 2,
) -> float:
    """Return ``U1`` or ``U2`` of a quantization (dispatch on ``utility``).

    Parameters
    ----------
    partition : Partition or array_like of int
        The quantization.
    utility : {"U1", "U2"}
        :func:`resolution_utility` or :func:`distortion_utility`.
    values : array_like of float, optional
        Numeric value of every x (required for U2).
    distance : {"abs", "sq"}
        Distance of U2.
    codeword : {"centroid", "medoid"}
        Codeword of U2.
    base : float or str
        Logarithm base of U1.

    Returns
    -------
    float
        The utility.

    See Also
    --------
    resolution_utility : ``U1``.
    distortion_utility : ``U2``.
    start_point : The leakage and utility without quantization.

    References
    ----------
    .. [1] N. Ding, F. Farokhi, "Developing non-stochastic privacy-preserving policies using
       agglomerative clustering", IEEE Trans. Inf. Forensics Security, 2020, §V-A1 (the utilities U1
       and U2).

    Examples
    --------
    >>> utility_value([0, 0, 1], "U2", values=[0.0, 1.0, 5.0])
    -0.5
    """
    _check_utility(utility, distance, codeword)
    check_base(base)
    if utility == "U1":
        return resolution_utility(partition, base=base)
    if values is None:
        raise ValueError("values must be given for utility 'U2'")
    return distortion_utility(values, partition, distance=distance, codeword=codeword)
