"""Non-stochastic (range-based) privacy measures on uncertain variables.

An *uncertain variable* is described only by its range (the set of values it can take); a
pair ``(S, X)`` by its *joint range* ``[[S, X]]``, a subset of ``S-values × X-values``. Here a
joint range is a boolean matrix ``mask[s, x]`` (axis 0 = S, the sensitive variable; axis 1 = X,
the released one), wrapped with its value labels in :class:`JointRange`. Every measure accepts
a :class:`JointRange` or a 2-D boolean array-like.

Information is in bits by default (``base=2``); every measure takes ``base``.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray
from scipy.sparse import coo_array, csr_array
from scipy.sparse.csgraph import connected_components

__all__ = [
    "support_components",
]

#: Above this many edges per vertex, :func:`support_components` contracts the graph first.
_DENSE_EDGES_PER_VERTEX = 16


def _as_bool_matrix(mask: ArrayLike, *, name: str = "mask") -> NDArray[np.bool_]:
    """Return ``mask`` as a C-contiguous 2-D boolean array (0/1 numbers are accepted)."""
    arr = np.asarray(mask)
    if arr.ndim != 2:
        raise ValueError(f"{name} must be a 2-D boolean matrix mask[s, x] (got shape {arr.shape})")
    if arr.dtype != np.bool_:
        if arr.dtype.kind not in "biuf":
            raise ValueError(f"{name} must be boolean (or hold only 0 and 1); got dtype {arr.dtype}")
        if not np.all((arr == 0) | (arr == 1)):
            raise ValueError(f"{name} must be boolean (or hold only 0 and 1); found other values")
        arr = arr != 0
    return np.ascontiguousarray(arr)


def _components_direct(mask: NDArray[np.bool_]) -> tuple[int, NDArray[np.intp]]:
    """Weak components of the bipartite graph built from every nonzero (sparse masks)."""
    n_s, n_x = mask.shape
    indptr = np.empty(n_s + n_x + 1, dtype=np.int64)
    indptr[0] = 0
    np.cumsum(mask.sum(axis=1), out=indptr[1 : n_s + 1])
    indptr[n_s + 1 :] = indptr[n_s]
    indices = np.flatnonzero(mask) % n_x + n_s
    graph = csr_array(
        (np.ones(indices.size, dtype=np.int8), indices, indptr), shape=(n_s + n_x, n_s + n_x)
    )
    return connected_components(graph, directed=True, connection="weak")


def _group_any(mask: NDArray[np.bool_], labels: NDArray[np.intp], axis: int):
    """OR together the rows (axis 0) or columns (axis 1) of ``mask`` that share a label."""
    order = np.argsort(labels, kind="stable")
    sorted_labels = labels[order]
    starts = np.flatnonzero(np.r_[True, sorted_labels[1:] != sorted_labels[:-1]])
    reduced = np.logical_or.reduceat(np.take(mask, order, axis=axis), starts, axis=axis)
    return reduced, sorted_labels[starts]


def _components_contracted(mask: NDArray[np.bool_]) -> tuple[int, NDArray[np.intp]]:
    """Weak components for dense masks: components of a spanning sub-forest, then contraction.

    The sub-graph keeps, for every non-empty column, the edge to its first row and, for every
    non-empty row, the edge to its first column (at most ``n_s + n_x`` edges). Its components
    are unions of true components' pieces; OR-ing the rows and the columns of each piece
    gives a small matrix whose components, mapped back, are the true ones.
    """
    n_s, n_x = mask.shape
    n = n_s + n_x
    rows = np.flatnonzero(mask.any(axis=1))
    cols = np.flatnonzero(mask.any(axis=0))
    first_row = mask.argmax(axis=0)
    first_col = mask.argmax(axis=1)
    r = np.concatenate([first_row[cols], rows])
    c = np.concatenate([cols, first_col[rows]]) + n_s
    forest = coo_array((np.ones(r.size, dtype=np.int8), (r, c)), shape=(n, n)).tocsr()
    k, lab = connected_components(forest, directed=True, connection="weak")
    reduced, row_groups = _group_any(mask, lab[:n_s], axis=0)
    reduced, col_groups = _group_any(reduced, lab[n_s:], axis=1)
    rr, cc = np.nonzero(reduced)
    quotient = coo_array(
        (np.ones(rr.size, dtype=np.int8), (row_groups[rr], col_groups[cc])), shape=(k, k)
    ).tocsr()
    k2, lab2 = connected_components(quotient, directed=True, connection="weak")
    return k2, lab2[lab]


def support_components(mask: ArrayLike) -> tuple[int, NDArray[np.intp], NDArray[np.intp]]:
    """Connected components of the bipartite graph ``S ⊔ X`` whose edges are the nonzeros of ``mask``.

    Parameters
    ----------
    mask : JointRange or array_like of bool, shape (n_s, n_x)
        ``mask[s, x]`` is true when the pair ``(s, x)`` is possible (a joint range, or the
        support ``p > 0`` of a joint pmf). Numbers 0/1 are accepted as booleans.

    Returns
    -------
    n_components : int
        Number of connected components.
    s_labels : ndarray of int, shape (n_s,)
        Component of every row ``s``.
    x_labels : ndarray of int, shape (n_x,)
        Component of every column ``x``.

    Notes
    -----
    Numbering rule: components are numbered ``0, 1, ...`` in increasing order of their
    smallest row index ``s``; components that hold no row (only an all-false column) come
    after them, in increasing order of their column index. An all-false row or column is a
    component of its own (a :class:`JointRange` has none; a pmf's support may).

    Sparse masks use :func:`scipy.sparse.csgraph.connected_components` on the bipartite
    adjacency; dense masks (more than 16 edges per vertex) first take the components of the
    sub-forest made of each row's and each column's first edge and then contract, which
    keeps a 2000 × 2000 dense mask at a few milliseconds.

    Examples
    --------
    >>> n, s_lab, x_lab = support_components([[1, 1, 0], [0, 0, 1], [0, 0, 1]])
    >>> n, s_lab.tolist(), x_lab.tolist()
    (2, [0, 1, 1], [0, 0, 1])
    """
    m = _as_bool_matrix(getattr(mask, "mask", mask), name="mask")
    n_s, n_x = m.shape
    if m.size == 0:
        raise ValueError(f"mask must not be empty (shape {m.shape})")
    nnz = int(np.count_nonzero(m))
    if nnz <= _DENSE_EDGES_PER_VERTEX * (n_s + n_x):
        k, lab = _components_direct(m)
    else:
        k, lab = _components_contracted(m)
    # Renumber by first appearance in (s_0, ..., s_{n_s-1}, x_0, ..., x_{n_x-1}).
    _, first = np.unique(lab, return_index=True)
    rank = np.empty(k, dtype=np.intp)
    rank[np.argsort(first, kind="stable")] = np.arange(k)
    # np.unique sorts labels 0..k-1, so ``first[j]`` belongs to label j.
    out = rank[lab]
    return int(k), out[:n_s], out[n_s:]
