"""Quantization of X by a partition, and the ranges of clusters of X values.

Merging the values of X in each cluster of a partition gives the range of the quantized
variable ``X̂``: ``[[S|x̂]]`` is the union of the ``[[S|x]]`` it merges (eq. (2) of Ding &
Farokhi), the OR of their columns.

References
----------
.. [1] N. Ding, F. Farokhi, "Developing non-stochastic privacy-preserving policies using
   agglomerative clustering", IEEE Trans. Inf. Forensics Security, 2020.
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
from numpy.typing import NDArray

from nsp.partition import Partition
from nsp.uncertain._decomposition import _blocks, support_components
from nsp.uncertain._masks import (
    _FEW_CLUSTERS,
    _or_columns,
)
from nsp.uncertain._ranges import JointRange, RangeLike, range_mask

__all__ = [
    "quantize",
    "quantized_decomposition",
    "cluster_ranges",
]


def _cluster_index(clusters: Any, n_x: int) -> tuple[NDArray[np.intp], NDArray[np.intp]]:
    """Return clusters as ``(perm, sizes)``: x indices cluster by cluster, and cluster sizes.

    ``clusters`` is a Partition-like object (``.clusters`` and ``.labels``) or a sequence of
    sequences of x indices.
    """
    if isinstance(clusters, Partition) or (
        hasattr(clusters, "clusters") and hasattr(clusters, "labels")
    ):
        lab = np.asarray(clusters.labels)
        if lab.shape != (n_x,):
            raise ValueError(
                f"clusters is a partition of {lab.size} values, but there are {n_x} x values"
            )
        lab = lab.astype(np.intp)
        return np.argsort(lab, kind="stable"), np.bincount(lab)
    try:
        groups = [
            c if isinstance(c, (list, tuple, np.ndarray, range)) else list(c) for c in clusters
        ]
    except TypeError:
        raise ValueError("clusters must be a sequence of sequences of x indices") from None
    if not groups:
        raise ValueError("clusters must hold at least one cluster")
    sizes = np.fromiter((len(c) for c in groups), dtype=np.intp, count=len(groups))
    if (sizes == 0).any():
        raise ValueError("clusters must be non-empty sets of x indices")
    flat = list(itertools.chain.from_iterable(groups))
    if any(isinstance(x, bool | np.bool_) for x in flat):
        raise ValueError("clusters must hold integer x indices (got a bool)")
    perm = np.asarray(flat)
    if perm.dtype.kind not in "iu":
        raise ValueError("clusters must hold integer x indices")
    if perm.min() < 0 or perm.max() >= n_x:
        raise ValueError(f"clusters hold an x index out of range 0..{n_x - 1}")
    return perm.astype(np.intp, copy=False), sizes


def _column_major(r: RangeLike, n_clusters: int, name: str) -> NDArray[np.bool_]:
    """Return the mask in a layout where column gathers are cheap (cached for a JointRange)."""
    if isinstance(r, JointRange):
        return r.columns
    m = range_mask(r, name=name)
    if m.flags.f_contiguous or n_clusters <= _FEW_CLUSTERS:
        return m
    return np.asfortranarray(m)


def cluster_ranges(mask: RangeLike, clusters: Any) -> NDArray[np.bool_]:
    """Return the S-ranges ``[[S|𝒳]]`` of clusters of X values: the OR of their columns.

    The vectorized :func:`~nsp.uncertain.conditional_range` of many clusters at once.

    Parameters
    ----------
    mask : JointRange or array_like of bool, shape (n_s, n_x)
        The joint range ``[[S, X]]``.
    clusters : Partition or sequence of sequences of int
        Clusters of X indices (they need not cover X nor be disjoint).

    Returns
    -------
    ndarray of bool, shape (n_s, n_clusters)
        Column ``c`` is ``[[S|𝒳_c]]`` (eq. (2) of Ding & Farokhi).

    See Also
    --------
    quantize : The joint range of the quantization.
    conditional_range : The S-range of one value of X.

    Notes
    -----
    Vectorized rank by rank over the clusters (about ``max cluster size`` numpy operations
    in all, each a gather of whole columns). Column gathers are cheap on a column-major
    mask: a :class:`JointRange` caches one (:attr:`JointRange.columns`); a C-ordered array is
    converted once per call, so in a loop pass the JointRange or ``np.asfortranarray(mask)``.

    References
    ----------
    .. [1] N. Ding, F. Farokhi, IEEE Trans. Inf. Forensics Security, 2020, eq. (2).

    Examples
    --------
    >>> from nsp.papers.agglomerative import example1_range
    >>> r = example1_range()
    >>> cluster_ranges(r, [(0, 1, 6), (2, 4), (3, 5)]).astype(int)
    array([[1, 0, 0],
           [1, 0, 0],
           [0, 1, 1],
           [0, 1, 0],
           [0, 0, 1],
           [1, 0, 0]])
    """
    n_x = range_mask(mask, name="mask").shape[1]
    perm, sizes = _cluster_index(clusters, n_x)
    return _or_columns(_column_major(mask, sizes.size, "mask"), perm, sizes)


def _labels_of(labels: Any, n_x: int) -> tuple[NDArray[np.intp], list]:
    """Return cluster codes ``0..k-1`` in order of first appearance, and the distinct labels."""
    raw = getattr(labels, "labels", labels)
    if raw is None or (not isinstance(raw, (list, tuple, str)) and np.ndim(raw) == 0):
        raise ValueError(f"labels must be a sequence of one label per x value; got {labels!r}")
    values = list(np.asarray(raw).tolist()) if not isinstance(raw, (list, tuple)) else list(raw)
    if len(values) != n_x:
        raise ValueError(f"labels must give one label per x value ({n_x}); got {len(values)}")
    try:
        first = dict.fromkeys(values)
    except TypeError:
        raise ValueError("labels must be hashable values") from None
    index = {v: k for k, v in enumerate(first)}
    return np.fromiter((index[v] for v in values), dtype=np.intp, count=n_x), list(first)


def quantize(r: RangeLike, labels: Any) -> JointRange:
    """Return the joint range of ``(S, X̂)`` for the quantization ``X̂ = f(X)`` of ``labels``.

    X values with equal labels are merged: ``[[S|x̂]] = ⋃_{x: f(x)=x̂} [[S|x]]`` (eq. (2) of
    Ding & Farokhi), the OR of their columns.

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_s, n_x)
        The joint range ``[[S, X]]``.
    labels : sequence of hashable, or Partition
        ``labels[x]`` is the cluster (the value of ``X̂``) of x; a
        :class:`~nsp.partition.Partition` is used through its ``labels``.

    Returns
    -------
    JointRange
        Columns in order of first appearance of each label (i.e. by the smallest x of each
        cluster); its ``x_labels`` are the labels; S labels are kept.

    See Also
    --------
    quantize_side_range : The same with side information A.
    quantized_decomposition : The finest decomposition of the quantized range.
    cluster_ranges : The S-ranges of the clusters.

    References
    ----------
    .. [1] N. Ding, F. Farokhi, IEEE Trans. Inf. Forensics Security, 2020, eq. (2).

    Examples
    --------
    Ding & Farokhi, Sec. V-B1: ``Q = {{x1,x3},{x2,x5},{x4,x6},{x7}}`` gives ``I*(S;X̂) = 1``.

    >>> from nsp.papers.agglomerative import example1_range
    >>> r = example1_range()
    >>> q = quantize(r, [0, 1, 0, 2, 1, 2, 3])
    >>> from nsp.uncertain import maximin_information
    >>> q.shape, maximin_information(q)
    ((6, 4), 1.0)
    """
    m = range_mask(r)
    codes, distinct = _labels_of(labels, m.shape[1])
    perm, sizes = np.argsort(codes, kind="stable"), np.bincount(codes, minlength=len(distinct))
    merged = _or_columns(_column_major(r, len(distinct), "r"), perm, sizes)
    s_labels = r.s_labels if isinstance(r, JointRange) else None
    return JointRange(merged, s_labels=s_labels, x_labels=distinct)


def quantized_decomposition(r: RangeLike, labels: Any) -> Partition:
    """Return the finest decomposition ``P*_{G_X̂}`` of a quantized range, on the X indices.

    Equal to the join (finest common coarsening) of ``P*_{G_X}`` and the partition of the
    labels (subgraph merging, Ding & Farokhi Sec. V-B1).

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_s, n_x)
        The joint range ``[[S, X]]``.
    labels : sequence of hashable, or Partition
        The quantization, as for :func:`quantize`.

    Returns
    -------
    Partition
        A partition of the X indices ``0..n_x-1``.

    See Also
    --------
    quantize : The quantized range.
    finest_decomposition : Without quantization.

    References
    ----------
    .. [1] N. Ding, F. Farokhi, IEEE Trans. Inf. Forensics Security, 2020, Sec. V-B1.

    Examples
    --------
    >>> from nsp.papers.agglomerative import example1_range
    >>> r = example1_range()
    >>> quantized_decomposition(r, [0, 1, 0, 2, 1, 2, 3])
    Partition({0,1,2,3,4,5}, {6})
    """
    m = range_mask(r)
    codes, distinct = _labels_of(labels, m.shape[1])
    q = quantize(m, codes)
    n, _, cluster_comp = support_components(q.mask)
    x_comp = cluster_comp[codes]
    return Partition([b.tolist() for b in _blocks(x_comp, n) if b.size], m.shape[1])
