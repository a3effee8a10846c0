"""Leakage and maximin information with side information: a 3-D range ``mask[s, x, a]``.

References
----------
.. [1] N. Ding, F. Farokhi, "Developing non-stochastic privacy-preserving policies using
   agglomerative clustering", IEEE Trans. Inf. Forensics Security, 2020, Sec. V-C.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from nsp._validation import Base
from nsp.partition import Partition
from nsp.uncertain._decomposition import maximin_information
from nsp.uncertain._masks import _as_bool_matrix, _log

__all__ = [
    "quantize_side_range",
    "side_range_mask",
    "side_information_leakage",
    "side_information_maximin",
]


def side_range_mask(mask: ArrayLike) -> NDArray[np.bool_]:
    """Return a joint range with side information, ``mask[s, x, a]``, as booleans, validated.

    Checked like a joint range (:func:`range_mask`): non-empty, and every value of S, of X and
    of the side information A occurs in some triple.

    Parameters
    ----------
    mask : array_like of bool, shape (n_s, n_x, n_a)
        The range ``[[S, X, A]]`` (0/1 numbers are accepted).

    Returns
    -------
    numpy.ndarray of bool, shape (n_s, n_x, n_a)
        The mask.

    Raises
    ------
    ValueError
        If ``mask`` is not a 3-D boolean array, is empty, or has a value in no triple.

    Examples
    --------
    >>> side_range_mask([[[1], [0]], [[0], [1]]]).shape
    (2, 2, 1)
    """
    arr = np.asarray(mask)
    if arr.ndim != 3:
        raise ValueError(f"mask must be a 3-D boolean array mask[s, x, a] (got shape {arr.shape})")
    if arr.size == 0:
        raise ValueError(f"mask must not be empty (shape {arr.shape}): there is no triple")
    arr = _as_bool_matrix(arr.reshape(arr.shape[0], -1), name="mask").reshape(arr.shape)
    if not arr.any():
        raise ValueError("mask must not be empty: the joint range [[S, X, A]] has no triple")
    for ax, name in ((0, "S"), (1, "X"), (2, "A")):
        others = tuple(k for k in range(3) if k != ax)
        if not arr.any(axis=others).all():
            raise ValueError(f"mask has a value of {name} that occurs in no triple (axis {ax})")
    return arr


def side_information_leakage(mask: ArrayLike, *, base: Base = 2) -> float:
    """Return ``L0(S→X|A) = max_{(x,a)∈[[X,A]]} log(|[[S|a]]| / |[[S|x,a]]|)``.

    The leakage to an adversary who also knows the side information A (Ding & Farokhi,
    Sec. V-C). With a constant A (one value) it is ``L0(S→X)``.

    Parameters
    ----------
    mask : array_like of bool, shape (n_s, n_x, n_a)
        The joint range ``[[S, X, A]]``: every value of each variable occurs in a triple.
    base : float or str, default 2
        The logarithm base.

    Returns
    -------
    float

    See Also
    --------
    nonstochastic_leakage : Without side information.
    side_information_maximin : The maximin information with side information.
    quantize_side_range : The range of a quantization with side information.

    References
    ----------
    .. [1] N. Ding, F. Farokhi, IEEE Trans. Inf. Forensics Security, 2020, Sec. V-C.

    Examples
    --------
    >>> m = np.zeros((2, 2, 2), bool); m[0, 0, 0] = m[1, 1, 0] = m[0, 0, 1] = m[1, 0, 1] = True
    >>> side_information_leakage(m)
    1.0
    """
    m = side_range_mask(mask)
    s_given_a = m.any(axis=1).sum(axis=0)  # |[[S|a]]|, shape (n_a,)
    s_given_xa = m.sum(axis=0)  # |[[S|x,a]]|, shape (n_x, n_a)
    present = s_given_xa > 0
    ratio = np.broadcast_to(s_given_a, s_given_xa.shape)[present] / s_given_xa[present]
    return _log(float(ratio.max()), base)


def side_information_maximin(mask: ArrayLike, *, base: Base = 2) -> float:
    """Return ``I*(S; X, A)``, the maximin information between S and the pair ``(X, A)``.

    Parameters
    ----------
    mask : array_like of bool, shape (n_s, n_x, n_a)
        The joint range ``[[S, X, A]]``: every value of each variable occurs in a triple.
    base : float or str, default 2
        The logarithm base.

    Returns
    -------
    float

    See Also
    --------
    maximin_information : Without side information.
    side_information_leakage : The leakage with side information.

    References
    ----------
    .. [1] N. Ding, F. Farokhi, IEEE Trans. Inf. Forensics Security, 2020, Sec. V-C.

    Examples
    --------
    >>> m = np.zeros((2, 2, 2), bool); m[0, 0, 0] = m[1, 1, 0] = m[0, 0, 1] = m[1, 0, 1] = True
    >>> side_information_maximin(m)
    0.0
    """
    m = side_range_mask(mask)
    flat = m.reshape(m.shape[0], -1)
    return maximin_information(flat[:, flat.any(axis=0)], base=base)


def quantize_side_range(mask: ArrayLike, partition: Partition | ArrayLike) -> NDArray[np.bool_]:
    """Return the three-way range ``[[S, X̂, A]]`` of a quantization ``X̂`` of X alone.

    ``[[S|x̂, a]] = ⋃_{x ∈ 𝒳} [[S|x, a]]`` for the cluster ``𝒳`` of ``x̂`` (eq. (2) of
    Ding & Farokhi, for every value of A).

    Parameters
    ----------
    mask : array_like of bool, shape (n_s, n_x, n_a)
        The joint range ``[[S, X, A]]``.
    partition : Partition or array_like of int
        The quantization of ``[[X]]``: a Partition, or the cluster label of every x.

    Returns
    -------
    numpy.ndarray of bool, shape (n_s, n_clusters, n_a)
        ``out[s, c, a]``: some x of cluster ``c`` (canonical order) meets ``(s, a)``.

    See Also
    --------
    quantize : Without side information.
    side_information_leakage : The leakage of the three-way range.

    References
    ----------
    .. [1] N. Ding, F. Farokhi, IEEE Trans. Inf. Forensics Security, 2020, Sec. V-C.

    Examples
    --------
    >>> m = np.zeros((2, 3, 1), bool); m[0, 0, 0] = m[1, 1, 0] = m[1, 2, 0] = True
    >>> quantize_side_range(m, [0, 0, 1])[:, :, 0].astype(int).tolist()
    [[1, 0], [1, 1]]
    """
    m = side_range_mask(mask)
    if isinstance(partition, Partition):
        p = partition
    else:
        labels = np.asarray(partition)
        if labels.ndim != 1 or labels.dtype.kind not in "iu":
            raise ValueError("partition must be a Partition or a 1-D array of integer labels")
        if labels.size != m.shape[1]:
            raise ValueError(
                f"partition must label every x: {m.shape[1]} labels needed, got {labels.size}"
            )
        p = Partition.from_labels(labels)
    if p.n != m.shape[1]:
        raise ValueError(f"partition must be of the {m.shape[1]} values of X; it has {p.n}")
    return np.stack([m[:, list(c), :].any(axis=1) for c in p.clusters], axis=1)
