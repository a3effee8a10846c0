"""Boolean-matrix kernels shared by the modules of :mod:`nsp.uncertain` (private)."""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from nsp._validation import Base, check_int, log_in


def _as_bool_matrix(mask: ArrayLike, *, name: str = "mask") -> NDArray[np.bool_]:
    """Return ``mask`` as a 2-D boolean array, any memory layout (0/1 numbers are accepted)."""
    arr = np.asarray(mask)
    if arr.ndim != 2:
        raise ValueError(f"{name} must be a 2-D boolean matrix mask[s, x] (got shape {arr.shape})")
    if arr.dtype != np.bool_:
        if arr.dtype.kind not in "biuf":
            raise ValueError(
                f"{name} must be boolean (or hold only 0 and 1); got dtype {arr.dtype}"
            )
        if not np.all((arr == 0) | (arr == 1)):
            raise ValueError(f"{name} must be boolean (or hold only 0 and 1); found other values")
        arr = arr != 0
    return arr


#: When at most this many clusters are still growing, :func:`_or_columns` ORs the rest directly.
_FEW_CLUSTERS = 4


def _or_columns(
    cols: NDArray[np.bool_], perm: NDArray[np.intp], sizes: NDArray[np.intp]
) -> NDArray[np.bool_]:
    """OR of the columns of each cluster (``perm`` lists them cluster by cluster).

    Rank by rank: the first columns of every cluster are gathered at once, then the second
    columns of the clusters that have one are OR-ed in, and so on (clusters sorted by size, so
    each step is a prefix); the few largest clusters finish with one ``any`` each. With a
    column-major ``cols`` every gather is a block copy.
    """
    k = sizes.size
    starts = np.zeros(k, dtype=np.intp)
    np.cumsum(sizes[:-1], out=starts[1:])
    order = np.argsort(-sizes, kind="stable")
    ss, st = sizes[order], starts[order]
    acc = np.asfortranarray(cols[:, perm[st]])
    rank = 1
    while rank < ss[0]:
        c = int(np.count_nonzero(ss > rank))
        if c <= _FEW_CLUSTERS:
            for j in range(c):
                acc[:, j] |= cols[:, perm[st[j] + rank : st[j] + ss[j]]].any(axis=1)
            break
        acc[:, :c] |= cols[:, perm[st[:c] + rank]]
        rank += 1
    out = np.empty_like(acc)
    out[:, order] = acc
    return out


def _log(n: float, base: Base) -> float:
    """``log_base(n)`` for a positive count (see :func:`nsp._validation.log_in`)."""
    return log_in(n, base)


def _check_count(name: str, value: object, low: int = 1) -> int:
    """Return ``value`` checked by :func:`nsp._validation.check_int` to be an integer >= ``low``."""
    try:
        return check_int(name, value, low=low)
    except ValueError:
        raise ValueError(
            f"{name} must be an integer >= {low}; got {value!r} ({type(value).__name__})"
        ) from None


def _check_index(name: str, value: object, n: int, what: str) -> int:
    """Return ``value`` checked to be an integer index in ``0..n-1`` (``what`` names its kind)."""
    try:
        return check_int(name, value, low=0, high=n - 1)
    except ValueError:
        raise ValueError(
            f"{name} must be {what} index in 0..{n - 1}; got {value!r} ({type(value).__name__})"
        ) from None
