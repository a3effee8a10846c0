"""The implementation of :mod:`nsp.clustering.baselines`: import its names from there."""

from __future__ import annotations

from typing import Literal

import numpy as np
from numpy.typing import ArrayLike, NDArray

from nsp._validation import check_choice, check_int
from nsp.clustering.nonstochastic._utilities import _real_vector
from nsp.partition import Partition
from nsp.uncertain import range_mask

__all__ = ["generalize_to_k_anonymity"]


def generalize_to_k_anonymity(
    r: ArrayLike,
    k: int,
    *,
    values: ArrayLike | None = None,
    method: Literal["merge_low", "interval"] = "merge_low",
) -> Partition:
    """Generalize the values of X until every released value has ``|[[S|x̂]]| ≥ k``.

    The k-anonymity baseline of Fig. 9 of Ding & Farokhi.

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_s, n_x)
        The joint range ``mask[s, x]``.
    k : int
        Required anonymity, ``1 ≤ k ≤ |[[S]]|``.
    values : array_like of float, optional
        Numeric value of every x (default: the JointRange's x labels, else ``0, 1, …``).
        Used to order the values (``"interval"``) and to find the nearest cluster.
    method : {"merge_low", "interval"}
        ``"merge_low"``: one new value for every x with ``|[[S|x]]| < k``, other values kept;
        while that value still has fewer than ``k`` values of S, it absorbs the kept cluster
        whose centroid is nearest to its own (ties: the earlier in canonical order).
        ``"interval"``: scan x in increasing value and close a bin as soon as its S-range has
        ``k`` values; a last bin with fewer joins the previous one.

    Returns
    -------
    Partition
        The generalization (a quantization of ``[[X]]``); ``k_anonymity`` of the quantized
        range is ``≥ k``.

    Raises
    ------
    ValueError
        If ``k`` is not an integer in ``[1, |[[S]]|]``, ``method`` is unknown, or ``values``
        are not one finite real number per x.

    See Also
    --------
    nsp.uncertain.k_anonymity : The k a release achieves.
    nsp.notions.k_anonymity_sweep : This baseline over k, as mechanisms.

    References
    ----------
    N. Ding, F. Farokhi, "Developing non-stochastic privacy-preserving policies using
    agglomerative clustering", IEEE Trans. Inf. Forensics Security, 2020, §VII-B, Fig. 9;
    L. Sweeney, "Achieving k-anonymity privacy protection using generalization and
    suppression", 2002, §3.1 (the paper's [49]).

    Examples
    --------
    Example 1 of Ding & Farokhi with ``k = 2``:

    >>> from nsp.papers.agglomerative import example1_range
    >>> mask = example1_range()
    >>> generalize_to_k_anonymity(mask, 2)
    Partition({0}, {1,2,3,4,5,6})
    >>> values = [0.2, 0.1, 0.4, 0.3, 0.6, 1.5, 1.0]
    >>> generalize_to_k_anonymity(mask, 2, values=values, method="interval")
    Partition({0,1}, {2,3,4}, {5,6})
    """
    m = range_mask(r)
    n_s, n = m.shape
    k = check_int("k", k, low=1, high=n_s)
    check_choice("method", method, ("merge_low", "interval"))
    if values is None:
        labels = getattr(r, "x_labels", None)
        try:
            values = (
                np.arange(n, dtype=float) if labels is None else np.asarray(labels, dtype=float)
            )
        except (TypeError, ValueError):
            values = np.arange(n, dtype=float)
    v = _real_vector("values", values, n)
    if method == "merge_low":
        return _merge_low(m, k, v)
    return _interval(m, k, v)


def _merge_low(m: NDArray[np.bool_], k: int, v: NDArray) -> Partition:
    n = m.shape[1]
    sizes = m.sum(axis=0)
    low = np.flatnonzero(sizes < k)
    if low.size == 0:
        return Partition.singletons(n)
    clusters = [[int(x)] for x in np.flatnonzero(sizes >= k)]
    merged = [int(x) for x in low]
    while m[:, merged].any(axis=1).sum() < k:
        # absorb the kept cluster whose centroid is nearest (k ≤ |[[S]]| guarantees an end)
        c = v[merged].mean()
        order = sorted(
            range(len(clusters)), key=lambda i: (abs(v[clusters[i]].mean() - c), min(clusters[i]))
        )
        merged += clusters.pop(order[0])
    return Partition(clusters + [merged], n)


def _interval(m: NDArray[np.bool_], k: int, v: NDArray) -> Partition:
    n_s, n = m.shape
    order = np.lexsort((np.arange(n), v))
    bins: list[list[int]] = []
    cur: list[int] = []
    seen = np.zeros(n_s, dtype=bool)
    for x in order:
        cur.append(int(x))
        seen |= m[:, x]
        if seen.sum() >= k:
            bins.append(cur)
            cur, seen = [], np.zeros(n_s, dtype=bool)
    if cur:
        if bins:
            bins[-1].extend(cur)
        else:
            bins.append(cur)
    return Partition(bins, n)
