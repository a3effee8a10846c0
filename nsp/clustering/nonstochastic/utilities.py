"""Utilities of a quantization: U1 (worst-case resolution) and U2 (max centroid distortion)."""

from __future__ import annotations

import math
from typing import Literal

import numpy as np
from numpy.typing import ArrayLike, NDArray

from nsp._validation import check_base, check_choice
from nsp.partition import Partition

__all__ = ["cluster_distortion", "distortion_utility", "resolution_utility", "utility_value"]

#: Tolerance on ΔL (stop when ΔL ≥ −TOL) and on distortion ties.
TOL: float = 1e-12
#: Tolerance on ΔL ties in the §V-C variant.
TOL_VC: float = 1e-9

Utility = Literal["U1", "U2"]
Distance = Literal["abs", "sq"]


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


def _check_utility(utility: object, distance: object) -> None:
    check_choice("utility", utility, ("U1", "U2"))
    check_choice("distance", distance, ("abs", "sq"))


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
