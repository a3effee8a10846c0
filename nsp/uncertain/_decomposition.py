"""Overlap partition, maximin information and the confusability graph.

All three come from the connected components of the bipartite graph ``S ⊔ X`` whose edges
are the pairs of the joint range (:func:`support_components`): the S-parts of the
components are the blocks of the overlap partition, the X-parts the components of the
confusability graph ``G_X`` (Lemma 2 of Ding & Farokhi), and their number gives the maximin
information ``I*``.

References
----------
.. [1] N. Ding, F. Farokhi, "Developing non-stochastic privacy-preserving policies using
   agglomerative clustering", IEEE Trans. Inf. Forensics Security, 2020.
.. [2] G. N. Nair, "A nonstochastic information theory for communication and state
   estimation", IEEE Trans. Automatic Control, 2013.
"""

from __future__ import annotations

import networkx as nx
import numpy as np
from numpy.typing import ArrayLike, NDArray
from scipy.sparse import coo_array, csr_array
from scipy.sparse.csgraph import connected_components

from nsp._validation import Base
from nsp.partition import Partition
from nsp.uncertain._masks import _as_bool_matrix, _log, _or_columns
from nsp.uncertain._measures import marginal_range
from nsp.uncertain._ranges import RangeLike, _check_axis, range_mask

__all__ = [
    "MAX_GRAPH_NODES",
    "support_components",
    "overlap_partition",
    "maximin_information",
    "confusability_graph",
    "finest_decomposition",
]


#: Above this many edges per vertex, :func:`support_components` contracts the graph first.
_DENSE_EDGES_PER_VERTEX = 16

#: The largest confusability graph :func:`confusability_graph` builds (nodes).
MAX_GRAPH_NODES = 20_000


def _components_direct(mask: NDArray[np.bool_]) -> tuple[int, NDArray[np.signedinteger]]:
    """Return the weak components of the bipartite graph of every nonzero (sparse masks)."""
    n_s, n_x = mask.shape
    flat = np.flatnonzero(mask)  # one pass; row-major, so already sorted by row
    indptr = np.empty(n_s + n_x + 1, dtype=np.int64)
    indptr[0] = 0
    np.cumsum(np.bincount(flat // n_x, minlength=n_s), out=indptr[1 : n_s + 1])
    indptr[n_s + 1 :] = indptr[n_s]
    indices = flat % n_x + n_s
    graph = csr_array(
        (np.ones(indices.size, dtype=np.int8), indices, indptr), shape=(n_s + n_x, n_s + n_x)
    )
    return connected_components(graph, directed=True, connection="weak")


def _group_any(
    mask: NDArray[np.bool_], labels: NDArray[np.signedinteger], axis: int
) -> tuple[NDArray[np.bool_], NDArray[np.signedinteger]]:
    """OR together the rows (axis 0) or columns (axis 1) of ``mask`` that share a label.

    Returns the reduced matrix and the label of each of its rows (or columns).
    """
    order = np.argsort(labels, kind="stable")
    sorted_labels = labels[order]
    starts = np.flatnonzero(np.r_[True, sorted_labels[1:] != sorted_labels[:-1]])
    sizes = np.diff(np.r_[starts, labels.size])
    if axis == 0:  # rows of a C-ordered mask are the columns of its (F-ordered) transpose
        reduced = _or_columns(mask.T, order, sizes).T
    else:
        reduced = _or_columns(mask, order, sizes)
    return reduced, sorted_labels[starts]


def _components_contracted(mask: NDArray[np.bool_]) -> tuple[int, NDArray[np.signedinteger]]:
    """Return weak components of a dense mask: a spanning sub-forest's, then contraction.

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
    if k == 1:  # the sub-forest already connects everything (the usual dense case)
        return k, lab
    reduced, row_groups = _group_any(mask, lab[:n_s], axis=0)
    reduced, col_groups = _group_any(reduced, lab[n_s:], axis=1)
    rr, cc = np.nonzero(reduced)
    quotient = coo_array(
        (np.ones(rr.size, dtype=np.int8), (row_groups[rr], col_groups[cc])), shape=(k, k)
    ).tocsr()
    k2, lab2 = connected_components(quotient, directed=True, connection="weak")
    return k2, lab2[lab]


def support_components(mask: ArrayLike) -> tuple[int, NDArray[np.intp], NDArray[np.intp]]:
    """Return the connected components of the bipartite graph ``S ⊔ X`` of a mask.

    The edges of the graph are the nonzeros of ``mask``.

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

    See Also
    --------
    nsp.info.gacs_korner_common_information : The entropy of the component, for a pmf.
    overlap_partition : The overlap partition of the values of S.

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
    # The graph is symmetric in S and X: work on whichever orientation is C-contiguous.
    flip = not m.flags.c_contiguous and m.flags.f_contiguous
    work = m.T if flip else np.ascontiguousarray(m)
    nnz = int(np.count_nonzero(work))
    if nnz <= _DENSE_EDGES_PER_VERTEX * (n_s + n_x):  # read at each call (tests set it)
        k, lab = _components_direct(work)
    else:
        k, lab = _components_contracted(work)
    if flip:
        lab = np.concatenate([lab[n_x:], lab[:n_x]])
    # Renumber by first appearance in (s_0, ..., s_{n_s-1}, x_0, ..., x_{n_x-1}).
    _, first = np.unique(lab, return_index=True)
    rank = np.empty(k, dtype=np.intp)
    rank[np.argsort(first, kind="stable")] = np.arange(k)
    # np.unique sorts labels 0..k-1, so ``first[j]`` belongs to label j.
    out = rank[lab]
    return int(k), out[:n_s], out[n_s:]


def _blocks(labels: NDArray[np.intp], n: int) -> list[NDArray[np.intp]]:
    """Return the indices grouped by label ``0..n-1`` (each group sorted)."""
    order = np.argsort(labels, kind="stable")
    bounds = np.searchsorted(labels[order], np.arange(n + 1))
    return [order[bounds[k] : bounds[k + 1]] for k in range(n)]


def overlap_partition(r: RangeLike) -> Partition:
    """Return the overlap partition ``[[S|X]]_*`` of the values of S.

    Two values of S are overlap connected when a chain of conditional ranges ``[[S|x]]``,
    consecutive ones intersecting, joins them (Nair; Ding & Farokhi Def. 1). The blocks are
    the S-parts of the connected components of the bipartite graph ``S ⊔ X`` with edges =
    the joint range.

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_s, n_x)
        The joint range ``[[S, X]]``.

    Returns
    -------
    Partition
        A partition of the S indices ``0..n_s-1`` in canonical order (by smallest element).
        It iterates over its blocks (sorted tuples) and compares equal to the list of blocks.

    See Also
    --------
    maximin_information : The logarithm of its number of sets.
    finest_decomposition : The matching partition of the values of X.

    References
    ----------
    .. [1] N. Ding, F. Farokhi, IEEE Trans. Inf. Forensics Security, 2020, Def. 1.
    .. [2] G. N. Nair, IEEE Trans. Automatic Control, 2013.

    Examples
    --------
    Example 1 of Ding & Farokhi: ``{{s1, s2}, {s3}, {s4}, {s5}, {s6}}`` (0-based below).

    >>> from nsp.papers.agglomerative import example1_range
    >>> r = example1_range()
    >>> overlap_partition(r)
    Partition({0,1}, {2}, {3}, {4}, {5})
    """
    m = range_mask(r)
    n, s_lab, _ = support_components(m)
    return Partition([b.tolist() for b in _blocks(s_lab, n)], m.shape[0])


def maximin_information(r: RangeLike, *, base: Base = 2) -> float:
    """Return the maximin information ``I*(S;X) = log |[[S|X]]_*|``, symmetric in S and X.

    The number of blocks of the overlap partition is the number of connected components of
    the bipartite graph ``S ⊔ X`` (:func:`support_components`), which equals the number of
    components of the confusability graph (Lemma 2 of Ding & Farokhi).

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_s, n_x)
        The joint range ``[[S, X]]``.
    base : float or str, default 2
        The logarithm base.

    Returns
    -------
    float

    See Also
    --------
    overlap_partition : The partition it counts.
    nonstochastic_information : Nair's ``I0``.
    side_information_maximin : With side information A.

    References
    ----------
    .. [1] G. N. Nair, IEEE Trans. Automatic Control, 2013.
    .. [2] N. Ding, F. Farokhi, IEEE Trans. Inf. Forensics Security, 2020, Lemma 2.

    Examples
    --------
    Example 1 of Ding & Farokhi: ``I*(S;X) = log 5``.

    >>> from nsp.papers.agglomerative import example1_range
    >>> r = example1_range()
    >>> round(maximin_information(r), 6)
    2.321928
    """
    m = range_mask(r)
    return _log(support_components(m)[0], base)


def confusability_graph(r: RangeLike, *, axis: int = 1) -> nx.Graph:
    """Return the confusability graph on the values of X (``axis=1``) or of S (``axis=0``).

    With ``axis=1`` (Ding & Farokhi, Sec. IV, ``G_X``) the nodes are the X indices and ``x ~ x'``
    when ``[[S|x]] ∩ [[S|x']] ≠ ∅``. With ``axis=0`` the nodes are the S indices and
    ``s ~ s'`` when ``[[X|s]] ∩ [[X|s']] ≠ ∅``: for a set-valued channel ``mask[input, output]``
    this is Shannon's confusability graph of the inputs (zero-error coding). No self-loops;
    node attribute ``label`` holds the value's label. Built with one matrix product (dense,
    ``n²`` memory): meant for analysis and plots; measures never need it
    (:func:`finest_decomposition` and :func:`maximin_information` use the components).

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_s, n_x)
        The joint range ``[[S, X]]``.
    axis : {1, 0}, default 1
        1 for the graph on X, 0 for the graph on S.

    Returns
    -------
    networkx.Graph
        Nodes ``0..n-1`` (with attribute ``label``), edges between confusable values.

    Raises
    ------
    ValueError
        If the graph would have more than ``MAX_GRAPH_NODES`` nodes (its dense
        construction needs ``n²`` memory).

    See Also
    --------
    finest_decomposition : Its finest decomposition.
    independence_number : The size of its largest independent set.

    References
    ----------
    .. [1] N. Ding, F. Farokhi, IEEE Trans. Inf. Forensics Security, 2020, Sec. IV.

    Examples
    --------
    Example 1 of Ding & Farokhi: edges ``x1–x2`` and ``x3–x4`` only (0-based below).

    >>> from nsp.papers.agglomerative import example1_range
    >>> r = example1_range()
    >>> sorted(confusability_graph(r).edges())
    [(0, 1), (2, 3)]
    """
    axis = _check_axis(axis)
    m = range_mask(r)
    if m.shape[axis] > MAX_GRAPH_NODES:
        raise ValueError(
            f"the confusability graph would have {m.shape[axis]} nodes, more than "
            f"MAX_GRAPH_NODES={MAX_GRAPH_NODES}; use finest_decomposition for its components"
        )
    labels = marginal_range(r, axis=axis)
    nodes_first = m.T if axis == 1 else m  # rows = nodes
    a = nodes_first.astype(np.float32)
    # counts of shared values fit float32 exactly up to 2**24 columns
    shared = (a @ a.T) > 0.5
    np.fill_diagonal(shared, False)
    g: nx.Graph[int] = nx.Graph()
    g.add_nodes_from((i, {"label": lab}) for i, lab in enumerate(labels))
    i, j = np.nonzero(np.triu(shared, 1))
    g.add_edges_from(zip(i.tolist(), j.tolist(), strict=True))
    return g


def finest_decomposition(r: RangeLike) -> Partition:
    """Return the finest decomposition ``P*_{G_X}`` of the confusability graph, on X indices.

    These are the connected components of ``G_X`` (Ding & Farokhi, Sec. IV). Lemma 2: the
    S-ranges of the blocks form the overlap partition.

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_s, n_x)
        The joint range ``[[S, X]]``.

    Returns
    -------
    Partition
        A partition of the X indices ``0..n_x-1`` in canonical order (by smallest element).
        It iterates over its blocks (sorted tuples) and compares equal to the list of blocks.

    See Also
    --------
    confusability_graph : The graph it decomposes.
    overlap_partition : The matching partition of the values of S.
    quantized_decomposition : The decomposition after a quantization of X.

    References
    ----------
    .. [1] N. Ding, F. Farokhi, IEEE Trans. Inf. Forensics Security, 2020, Sec. IV, Lemma 2.

    Examples
    --------
    Example 1 of Ding & Farokhi: ``{{x1,x2},{x3,x4},{x5},{x6},{x7}}`` (0-based below).

    >>> from nsp.papers.agglomerative import example1_range
    >>> r = example1_range()
    >>> finest_decomposition(r)
    Partition({0,1}, {2,3}, {4}, {5}, {6})
    """
    m = range_mask(r)
    n, _, x_lab = support_components(m)
    return Partition([b.tolist() for b in _blocks(x_lab, n)], m.shape[1])
