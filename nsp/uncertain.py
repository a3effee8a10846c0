# mypy: ignore-errors
"""Non-stochastic (range-based) privacy measures on uncertain variables.

An *uncertain variable* is described only by its range (the set of values it can take); a
pair ``(S, X)`` by its *joint range* ``[[S, X]]``, a subset of ``S-values × X-values``. Here a
joint range is a boolean matrix ``mask[s, x]`` (axis 0 = S, the sensitive variable or the
channel input; axis 1 = X, the released variable or the channel output), wrapped with its
value labels in :class:`JointRange`. Every measure accepts a :class:`JointRange` or a 2-D
boolean array-like (0/1 numbers are accepted too), validated by the same rules.

Information is in bits by default (``base=2``); every measure takes ``base``.

Measures (sources: Ding & Farokhi, *agglomerative clustering*, §II–V; Farokhi, *noiseless
privacy*, §II; both after Nair 2013):

* Hartley entropy ``H0``, conditional ``H0(S|X)`` and ``B0(S|X)``, non-stochastic information
  ``I0(S→X)``, non-stochastic leakage ``L0(S→X)`` (``.T`` for the other direction),
  symmetrised leakage ``L0s``;
* overlap partition and maximin information ``I*`` (connected components of the bipartite
  graph ``S ⊔ X``, :func:`support_components`), confusability graph and its finest
  decomposition, k-anonymity (distinct values), distinguishability;
* quantization of X by a partition, and cheap ranges of merged clusters for clustering loops;
* zero-error helpers (confusability graph of a set-valued channel, independence number,
  strong powers, zero-error codes and rate bounds) and non-stochastic hypothesis tests;
* continuous ranges (finite unions of intervals, :class:`IntervalUnion`): Rényi differential
  0-entropy ``h0``, its conditional version, ``I0`` and the leakage ``L0`` (nats by default).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import networkx as nx
import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray
from scipy.sparse import coo_array, csr_array
from scipy.sparse.csgraph import connected_components

from nsp._validation import as_pmf, log_in
from nsp.partition import Partition

__all__ = [
    "JointRange",
    "support_components",
    "marginal_range",
    "conditional_range",
    "conditional_range_sizes",
    "hartley_entropy",
    "conditional_hartley_entropy",
    "min_conditional_hartley_entropy",
    "nonstochastic_information",
    "nonstochastic_leakage",
    "symmetrized_leakage",
    "is_independent",
    "overlap_partition",
    "maximin_information",
    "confusability_graph",
    "finest_decomposition",
    "k_anonymity",
    "is_k_anonymous",
    "distinguishability",
    "distinguishability_matrix",
    "quantize",
    "quantized_decomposition",
    "cluster_ranges",
    "pack_ranges",
    "union_sizes",
    "side_information_leakage",
    "side_information_maximin",
    "independence_number",
    "strong_power",
    "is_zero_error_code",
    "zero_error_rate_lower_bound",
    "sup_symmetrized_leakage",
    "hypothesis_test_performance",
    "hypothesis_test_bound",
    "optimal_hypothesis_test",
    "IntervalUnion",
    "differential_hartley_entropy",
    "continuous_conditional_hartley_entropy",
    "continuous_nonstochastic_information",
    "continuous_leakage",
]

#: Above this many edges per vertex, :func:`support_components` contracts the graph first.
_DENSE_EDGES_PER_VERTEX = 16


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


def _components_direct(mask: NDArray[np.bool_]) -> tuple[int, NDArray[np.intp]]:
    """Weak components of the bipartite graph built from every nonzero (sparse masks)."""
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


def _group_any(mask: NDArray[np.bool_], labels: NDArray[np.intp], axis: int):
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
    # The graph is symmetric in S and X: work on whichever orientation is C-contiguous.
    flip = not m.flags.c_contiguous and m.flags.f_contiguous
    work = m.T if flip else np.ascontiguousarray(m)
    nnz = int(np.count_nonzero(work))
    if nnz <= _DENSE_EDGES_PER_VERTEX * (n_s + n_x):
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


# ---------------------------------------------------------------------------------------------
# Logarithms and labels
# ---------------------------------------------------------------------------------------------


def _log(n: float, base: float | str) -> float:
    """``log_base(n)`` for a positive count (see :func:`nsp._validation.log_in`)."""
    return log_in(n, base)


def _ordered_levels(values: Iterable[Hashable]) -> list:
    """Distinct values, sorted when they are mutually comparable, else in order of first appearance."""
    distinct = list(dict.fromkeys(values))
    try:
        return sorted(distinct)
    except TypeError:
        return distinct


def _check_labels(labels: Iterable[Hashable] | None, n: int, name: str) -> tuple:
    if labels is None:
        return tuple(range(n))
    out = tuple(labels)
    if len(out) != n:
        raise ValueError(f"{name} must have one label per value ({n}); got {len(out)}")
    try:
        distinct = len(set(out))
    except TypeError:
        raise ValueError(f"{name} must be hashable values") from None
    if distinct != n:
        raise ValueError(f"{name} must be distinct (a label is repeated)")
    return out


def _check_range_mask(arr: NDArray[np.bool_], name: str) -> None:
    """The rules of a joint range: non-empty, every row and every column non-empty."""
    if arr.size == 0:
        raise ValueError(
            f"{name} must not be empty (shape {arr.shape}): a range has at least one value"
        )
    empty_cols = ~arr.any(axis=0)
    if empty_cols.any():
        raise ValueError(
            f"{name} has an empty column (x index {int(np.argmax(empty_cols))}): every value of "
            "the marginal range [[X]] must occur in some pair of the joint range"
        )
    empty_rows = ~arr.any(axis=1)
    if empty_rows.any():
        raise ValueError(
            f"{name} has an empty row (s index {int(np.argmax(empty_rows))}): every value of "
            "the marginal range [[S]] must occur in some pair of the joint range"
        )


# ---------------------------------------------------------------------------------------------
# JointRange
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False, repr=False)
class JointRange:
    """A finite joint range ``[[S, X]]``: a boolean matrix ``mask[s, x]`` with value labels.

    A frozen dataclass (the mask is a read-only C-ordered copy). Axis 0 is ``S`` (the sensitive variable, or the
    input of a set-valued channel), axis 1 is ``X`` (the released variable, or the output).

    Parameters
    ----------
    mask : array_like of bool, shape (n_s, n_x)
        ``mask[i, j]`` is true when ``(s_i, x_j)`` belongs to the joint range. 0/1 numbers are
        accepted. Since the marginal ranges are the projections of the joint range, every row
        and every column must hold at least one true entry.
    s_labels, x_labels : sequence of hashable, optional
        Distinct labels of the values of ``S`` and ``X`` (default ``0, 1, …``).

    Attributes
    ----------
    mask : ndarray of bool, shape (n_s, n_x)
    s_labels, x_labels : tuple
    n_s, n_x : int

    Raises
    ------
    ValueError
        If ``mask`` is not 2-D boolean (or 0/1), is empty, has an empty row or column, or a
        label list has the wrong length or repeats a label.

    See Also
    --------
    JointRange.from_pairs, JointRange.from_frame, JointRange.from_pmf

    Examples
    --------
    Example 1 of Ding & Farokhi (Fig. 1, reconstructed in spec §4.0): 6 ages × 7 values.

    >>> r = JointRange([[1, 0, 0, 0, 0, 0, 0],
    ...                 [1, 1, 0, 0, 0, 0, 0],
    ...                 [0, 0, 1, 1, 0, 0, 0],
    ...                 [0, 0, 0, 0, 1, 0, 0],
    ...                 [0, 0, 0, 0, 0, 1, 0],
    ...                 [0, 0, 0, 0, 0, 0, 1]])
    >>> r.n_s, r.n_x, int(r.mask.sum())
    (6, 7, 8)
    >>> r.T.shape
    (7, 6)
    """

    mask: NDArray[np.bool_]
    s_labels: tuple = field(default=None, kw_only=True)  # type: ignore[assignment]
    x_labels: tuple = field(default=None, kw_only=True)  # type: ignore[assignment]
    _columns: NDArray[np.bool_] | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        mask, s_labels, x_labels = self.mask, self.s_labels, self.x_labels
        if isinstance(mask, JointRange):  # a copy, keeping the labels unless new ones are given
            s_labels = mask.s_labels if s_labels is None else s_labels
            x_labels = mask.x_labels if x_labels is None else x_labels
            mask = mask.mask
        arr = _as_bool_matrix(mask, name="mask")
        _check_range_mask(arr, "mask")
        arr = np.array(arr, dtype=bool, order="C")
        arr.setflags(write=False)
        object.__setattr__(self, "mask", arr)
        object.__setattr__(self, "s_labels", _check_labels(s_labels, arr.shape[0], "s_labels"))
        object.__setattr__(self, "x_labels", _check_labels(x_labels, arr.shape[1], "x_labels"))

    # -- attributes ------------------------------------------------------------------------
    @property
    def columns(self) -> NDArray[np.bool_]:
        """The mask in column-major (Fortran) order, computed once: fast unions of columns."""
        if self._columns is None:
            cols = np.asfortranarray(self.mask)
            cols.setflags(write=False)
            object.__setattr__(self, "_columns", cols)
        return self._columns

    @property
    def n_s(self) -> int:
        """``|[[S]]|``, the number of values of ``S``."""
        return self.mask.shape[0]

    @property
    def n_x(self) -> int:
        """``|[[X]]|``, the number of values of ``X``."""
        return self.mask.shape[1]

    @property
    def shape(self) -> tuple[int, int]:
        """``(n_s, n_x)``."""
        return self.mask.shape

    @property
    def T(self) -> JointRange:
        """The joint range of ``(X, S)``: roles swapped (``L0(X→S)`` is ``nonstochastic_leakage(r.T)``)."""
        return JointRange(self.mask.T, s_labels=self.x_labels, x_labels=self.s_labels)

    def pairs(self) -> list[tuple[Hashable, Hashable]]:
        """The pairs ``(s, x)`` of the joint range, as labels, in row-major order."""
        return [(self.s_labels[i], self.x_labels[j]) for i, j in zip(*np.nonzero(self.mask))]

    def to_frame(self) -> pd.DataFrame:
        """The mask as a boolean DataFrame (index = S labels, columns = X labels)."""
        return pd.DataFrame(self.mask, index=list(self.s_labels), columns=list(self.x_labels))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, JointRange):
            return NotImplemented
        return (
            self.shape == other.shape
            and bool(np.array_equal(self.mask, other.mask))
            and self.s_labels == other.s_labels
            and self.x_labels == other.x_labels
        )

    def __hash__(self) -> int:
        return hash((self.shape, self.mask.tobytes(), self.s_labels, self.x_labels))

    def __repr__(self) -> str:
        return f"JointRange(n_s={self.n_s}, n_x={self.n_x}, pairs={int(self.mask.sum())})"

    # -- constructors ----------------------------------------------------------------------
    @classmethod
    def from_pairs(
        cls,
        pairs: Iterable[tuple[Hashable, Hashable]],
        *,
        s_labels: Sequence[Hashable] | None = None,
        x_labels: Sequence[Hashable] | None = None,
    ) -> JointRange:
        """Build a joint range from its pairs ``(s, x)``.

        Parameters
        ----------
        pairs : iterable of (hashable, hashable)
            The possible pairs; repeats are ignored.
        s_labels, x_labels : sequence of hashable, optional
            The order of the values. Default: the distinct values sorted, or in order of first
            appearance when they cannot be compared. When given, they must list exactly the
            values that occur (a value that never occurs would be an empty row or column).

        Raises
        ------
        ValueError
            If there is no pair, a pair is not a 2-tuple, or a pair uses a value missing from
            the given labels, or a given label never occurs.

        Examples
        --------
        The pentagon channel ``x ↦ {x, x+1 mod 5}`` (noiseless-privacy spec, E15):

        >>> r = JointRange.from_pairs((x, (x + d) % 5) for x in range(5) for d in (0, 1))
        >>> r.n_s, r.n_x, round(nonstochastic_leakage(r), 4)
        (5, 5, 1.3219)
        """
        items = []
        for pair in pairs:
            try:
                s, x = pair
            except (TypeError, ValueError):
                raise ValueError(f"pairs must hold 2-tuples (s, x); got {pair!r}") from None
            items.append((s, x))
        if not items:
            raise ValueError("pairs must not be empty: a range has at least one value")
        s_levels = _ordered_levels(s for s, _ in items) if s_labels is None else list(s_labels)
        x_levels = _ordered_levels(x for _, x in items) if x_labels is None else list(x_labels)
        s_index = {v: i for i, v in enumerate(s_levels)}
        x_index = {v: j for j, v in enumerate(x_levels)}
        mask = np.zeros((len(s_levels), len(x_levels)), dtype=bool)
        for s, x in items:
            if s not in s_index:
                raise ValueError(f"pairs use the value s={s!r}, which is not in s_labels")
            if x not in x_index:
                raise ValueError(f"pairs use the value x={x!r}, which is not in x_labels")
            mask[s_index[s], x_index[x]] = True
        return cls(mask, s_labels=s_levels, x_labels=x_levels)

    @classmethod
    def from_frame(
        cls, df: pd.DataFrame, *, s: Hashable, x: Hashable, dropna: bool = True
    ) -> JointRange:
        """The joint range of two columns of a DataFrame (the distinct pairs of its rows).

        Parameters
        ----------
        df : pandas.DataFrame
        s, x : column labels
            The columns of ``S`` and ``X``.
        dropna : bool, default True
            Drop the rows where ``s`` or ``x`` is missing. With ``dropna=False`` a missing
            value is one more level, labelled ``None`` and placed last.

        Returns
        -------
        JointRange
            Labels are the observed levels: for a categorical column, its categories in their
            order (unobserved ones dropped); otherwise the distinct values sorted (in order of
            first appearance if they cannot be compared).

        Raises
        ------
        ValueError
            If a column is missing or no row is left.

        Examples
        --------
        >>> df = pd.DataFrame({"age": [30, 30, 40, 50], "chol": [200, 210, 200, None]})
        >>> r = JointRange.from_frame(df, s="age", x="chol")
        >>> r.s_labels, r.x_labels
        ((30, 40), (200.0, 210.0))
        >>> JointRange.from_frame(df, s="age", x="chol", dropna=False).x_labels
        (200.0, 210.0, None)
        """
        if not isinstance(df, pd.DataFrame):
            raise ValueError(f"df must be a pandas DataFrame; got {type(df).__name__}")
        for arg, col in (("s", s), ("x", x)):
            if col not in df.columns:
                raise ValueError(f"{arg}={col!r} is not a column of df")
        sub = df[[s, x]] if s != x else df[[s]].assign(_x=df[s])
        if dropna:
            sub = sub.dropna()
        if len(sub) == 0:
            raise ValueError(
                "df has no row left (after dropping missing values): the range would be empty"
            )
        codes, labels = [], []
        for j in range(2):
            col = sub.iloc[:, j]
            if isinstance(col.dtype, pd.CategoricalDtype):
                used = col.cat.remove_unused_categories()
                levels = list(used.cat.categories)
                c = np.asarray(used.cat.codes, dtype=np.intp).copy()
            else:
                levels = _ordered_levels(col.dropna().tolist())
                c = np.asarray(pd.Categorical(col, categories=levels).codes, dtype=np.intp).copy()
            if (c < 0).any():  # missing values kept as a level (dropna=False)
                c[c < 0] = len(levels)
                levels = [*levels, None]
            codes.append(c)
            labels.append(levels)
        mask = np.zeros((len(labels[0]), len(labels[1])), dtype=bool)
        mask[codes[0], codes[1]] = True
        return cls(mask, s_labels=labels[0], x_labels=labels[1])

    @classmethod
    def from_pmf(cls, p: ArrayLike, *, normalize: bool = False, atol: float = 0.0) -> JointRange:
        """The support ``{(s, x): p(s, x) > atol}`` of a joint pmf ``p[s, x]``.

        Parameters
        ----------
        p : array_like, shape (n_s, n_x)
            A joint pmf (validated as such; counts need ``normalize=True``).
        normalize : bool
            Accept unnormalized non-negative masses.
        atol : float
            Masses ``<= atol`` count as zero.

        Returns
        -------
        JointRange
            Values of zero marginal mass are not in the marginal ranges, so their rows and
            columns are dropped; labels are the original indices of the kept rows/columns.

        Examples
        --------
        >>> r = JointRange.from_pmf([[0.5, 0.0, 0.0], [0.0, 0.0, 0.5]])
        >>> r.x_labels, r.mask.tolist()
        ((0, 2), [[True, False], [False, True]])
        """
        arr = as_pmf(p, name="p", normalize=normalize, ndim=2)
        if not (math.isfinite(atol) and atol >= 0):
            raise ValueError(f"atol must be a finite number >= 0; got {atol!r}")
        support = arr > atol
        rows = np.flatnonzero(support.any(axis=1))
        cols = np.flatnonzero(support.any(axis=0))
        if rows.size == 0:
            raise ValueError(f"p has no mass above atol={atol:g}: the range would be empty")
        return cls(
            support[np.ix_(rows, cols)],
            s_labels=rows.tolist(),
            x_labels=cols.tolist(),
        )


RangeLike = JointRange | ArrayLike


def _mask_of(r: RangeLike, name: str = "r") -> NDArray[np.bool_]:
    """The validated boolean mask of a JointRange or of a 2-D boolean array-like (no copy)."""
    if isinstance(r, JointRange):
        return r.mask
    arr = _as_bool_matrix(r, name=name)
    _check_range_mask(arr, name)
    return arr


def _check_given(given: str) -> int:
    if given not in ("x", "s"):
        raise ValueError(f"given must be 'x' or 's'; got {given!r}")
    return 0 if given == "x" else 1  # axis to sum over


def _check_axis(axis: int) -> int:
    if axis not in (0, 1, -1, -2):
        raise ValueError(f"axis must be 0 (S) or 1 (X); got {axis!r}")
    return axis % 2


# ---------------------------------------------------------------------------------------------
# Marginal and conditional ranges, Hartley entropies, I0, L0
# ---------------------------------------------------------------------------------------------


def marginal_range(r: RangeLike, *, axis: int = 0) -> tuple:
    """The marginal range ``[[S]]`` (``axis=0``) or ``[[X]]`` (``axis=1``), as labels.

    Examples
    --------
    >>> marginal_range(JointRange.from_pairs([("a", 1), ("b", 1)]))
    ('a', 'b')
    """
    axis = _check_axis(axis)
    if isinstance(r, JointRange):
        return r.s_labels if axis == 0 else r.x_labels
    return tuple(range(_mask_of(r).shape[axis]))


def conditional_range(
    r: RangeLike, value: int | Iterable[int], *, given: str = "x"
) -> frozenset[int]:
    """The conditional range ``[[S|x]]`` (or ``[[S|𝒳]]`` for a set of x's), as S indices.

    Parameters
    ----------
    r : JointRange or array_like of bool
    value : int or iterable of int
        Index (or indices) of the conditioning value(s); a set ``𝒳`` gives the union
        ``[[S|𝒳]] = ⋃_{x∈𝒳} [[S|x]]`` (eq. (2) of Ding & Farokhi).
    given : {"x", "s"}
        ``"s"`` gives ``[[X|s]]`` (X indices) instead.

    Examples
    --------
    >>> r = [[1, 0, 0], [1, 1, 0], [0, 0, 1]]
    >>> sorted(conditional_range(r, 0)), sorted(conditional_range(r, [1, 2]))
    ([0, 1], [1, 2])
    >>> sorted(conditional_range(r, 1, given="s"))
    [0, 1]
    """
    axis = _check_given(given)
    m = _mask_of(r)
    m = m if axis == 0 else m.T
    idx = np.atleast_1d(np.asarray(list(value) if not np.isscalar(value) else value))
    if idx.size == 0 or idx.dtype.kind not in "iu":
        raise ValueError(f"value must be one index or a non-empty set of indices; got {value!r}")
    if idx.min() < 0 or idx.max() >= m.shape[1]:
        raise ValueError(f"value holds an index out of range 0..{m.shape[1] - 1}")
    return frozenset(np.flatnonzero(m[:, idx].any(axis=1)).tolist())


def conditional_range_sizes(r: RangeLike, *, given: str = "x") -> NDArray[np.intp]:
    """``|[[S|x]]|`` for every x (``given="x"``), or ``|[[X|s]]|`` for every s (``given="s"``).

    Examples
    --------
    >>> conditional_range_sizes([[1, 0, 1], [1, 1, 0]])
    array([2, 1, 1])
    >>> conditional_range_sizes([[1, 0, 1], [1, 1, 0]], given="s")
    array([2, 2])
    """
    axis = _check_given(given)
    return _mask_of(r).sum(axis=axis, dtype=np.intp)


def hartley_entropy(r: RangeLike, *, axis: int = 0, base: float | str = 2) -> float:
    """Hartley entropy ``H0(S) = log |[[S]]|`` (``axis=0``) or ``H0(X)`` (``axis=1``).

    Examples
    --------
    Example 1 of Ding & Farokhi: ``H0(X) = log 7``.

    >>> round(hartley_entropy(np.eye(7, dtype=bool), axis=1), 6)
    2.807355
    """
    axis = _check_axis(axis)
    return _log(_mask_of(r).shape[axis], base)


def conditional_hartley_entropy(r: RangeLike, *, base: float | str = 2) -> float:
    """``H0(S|X) = max_x log |[[S|x]]|`` (the worst-case remaining uncertainty about S).

    Examples
    --------
    >>> conditional_hartley_entropy([[1, 0], [1, 1], [1, 0]])
    1.584962500721156
    """
    return _log(int(_mask_of(r).sum(axis=0).max()), base)


def min_conditional_hartley_entropy(r: RangeLike, *, base: float | str = 2) -> float:
    """``B0(S|X) = min_x log |[[S|x]]|`` (Ding & Farokhi §III-A).

    Examples
    --------
    >>> min_conditional_hartley_entropy([[1, 0], [1, 1], [1, 0]])
    0.0
    """
    return _log(int(_mask_of(r).sum(axis=0).min()), base)


def nonstochastic_information(r: RangeLike, *, base: float | str = 2) -> float:
    """Nair's non-stochastic information ``I0(S→X) = H0(S) − H0(S|X) = min_x log(|[[S]]|/|[[S|x]]|)``.

    Not symmetric: ``nonstochastic_information(r.T)`` is ``I0(X→S)``.

    Examples
    --------
    Example 1 of Ding & Farokhi: ``I0(S→X) = log 3``.

    >>> r = np.zeros((6, 7), bool); r[[0, 1, 1, 2, 2, 3, 4, 5], [0, 0, 1, 2, 3, 4, 5, 6]] = True
    >>> round(nonstochastic_information(r), 6)
    1.584963
    """
    m = _mask_of(r)
    return _log(m.shape[0] / int(m.sum(axis=0).max()), base)


def nonstochastic_leakage(r: RangeLike, *, base: float | str = 2) -> float:
    """Non-stochastic leakage ``L0(S→X) = H0(S) − B0(S|X) = max_x log(|[[S]]|/|[[S|x]]|)``.

    The maximal uncertainty reduction about S from one observation of X (Ding & Farokhi
    §III-A; Farokhi eq. (6), there written ``L0(X;Y)`` with the secret first). Not symmetric:
    ``nonstochastic_leakage(r.T)`` is ``L0(X→S)``.

    Examples
    --------
    Example 1 of Ding & Farokhi: ``L0(S→X) = log 6`` and ``L0(X→S) = log 7``.

    >>> r = np.zeros((6, 7), bool); r[[0, 1, 1, 2, 2, 3, 4, 5], [0, 0, 1, 2, 3, 4, 5, 6]] = True
    >>> round(nonstochastic_leakage(r), 6), round(nonstochastic_leakage(r.T), 6)
    (2.584963, 2.807355)
    """
    m = _mask_of(r)
    return _log(m.shape[0] / int(m.sum(axis=0).min()), base)


def symmetrized_leakage(r: RangeLike, *, base: float | str = 2) -> float:
    """``L0s(S;X) = min(L0(S→X), L0(X→S))`` (Farokhi eq. (8)); symmetric.

    Examples
    --------
    >>> r = JointRange.from_pairs((x, (x + d) % 5) for x in range(5) for d in (0, 1))
    >>> round(symmetrized_leakage(r), 4)
    1.3219
    """
    m = _mask_of(r)
    return min(nonstochastic_leakage(m, base=base), nonstochastic_leakage(m.T, base=base))


def is_independent(r: RangeLike) -> bool:
    """Non-stochastic independence: ``[[S|x]] = [[S]]`` for every x (the range is a product).

    Examples
    --------
    >>> is_independent([[1, 1], [1, 1]]), is_independent([[1, 0], [1, 1]])
    (True, False)
    """
    return bool(_mask_of(r).all())


# ---------------------------------------------------------------------------------------------
# Overlap partition, maximin information, confusability graph
# ---------------------------------------------------------------------------------------------


def _blocks(labels: NDArray[np.intp], n: int) -> list[NDArray[np.intp]]:
    """Indices grouped by label ``0..n-1`` (each group sorted)."""
    order = np.argsort(labels, kind="stable")
    bounds = np.searchsorted(labels[order], np.arange(n + 1))
    return [order[bounds[k] : bounds[k + 1]] for k in range(n)]


def overlap_partition(r: RangeLike) -> Partition:
    """The overlap partition ``[[S|X]]_*`` (Nair; Ding & Farokhi Def. 1): blocks of S indices.

    Two values of S are overlap connected when a chain of conditional ranges ``[[S|x]]``,
    consecutive ones intersecting, joins them. The blocks are the S-parts of the connected
    components of the bipartite graph ``S ⊔ X`` with edges = the joint range, listed in
    increasing order of their smallest element.

    Examples
    --------
    Example 1 of Ding & Farokhi: ``{{s1, s2}, {s3}, {s4}, {s5}, {s6}}`` (0-based below).

    >>> r = np.zeros((6, 7), bool); r[[0, 1, 1, 2, 2, 3, 4, 5], [0, 0, 1, 2, 3, 4, 5, 6]] = True
    >>> overlap_partition(r)
    Partition({0,1}, {2}, {3}, {4}, {5})
    """
    m = _mask_of(r)
    n, s_lab, _ = support_components(m)
    return Partition([b.tolist() for b in _blocks(s_lab, n)], m.shape[0])


def maximin_information(r: RangeLike, *, base: float | str = 2) -> float:
    """Maximin information ``I*(S;X) = log |[[S|X]]_*|`` (Nair 2013); symmetric in S and X.

    The number of blocks of the overlap partition is the number of connected components of
    the bipartite graph ``S ⊔ X`` (:func:`support_components`), which equals the number of
    components of the confusability graph (Lemma 2 of Ding & Farokhi).

    Examples
    --------
    Example 1 of Ding & Farokhi: ``I*(S;X) = log 5``.

    >>> r = np.zeros((6, 7), bool); r[[0, 1, 1, 2, 2, 3, 4, 5], [0, 0, 1, 2, 3, 4, 5, 6]] = True
    >>> round(maximin_information(r), 6)
    2.321928
    """
    m = _mask_of(r)
    return _log(support_components(m)[0], base)


def confusability_graph(r: RangeLike, *, axis: int = 1) -> nx.Graph:
    """The confusability graph on the values of X (``axis=1``, default) or of S (``axis=0``).

    With ``axis=1`` (Ding & Farokhi §IV, ``G_X``) the nodes are the X indices and ``x ~ x'``
    when ``[[S|x]] ∩ [[S|x']] ≠ ∅``. With ``axis=0`` the nodes are the S indices and
    ``s ~ s'`` when ``[[X|s]] ∩ [[X|s']] ≠ ∅``: for a set-valued channel ``mask[input, output]``
    this is Shannon's confusability graph of the inputs (zero-error coding). No self-loops;
    node attribute ``label`` holds the value's label. Built with one matrix product (dense,
    ``n²`` memory): meant for analysis and plots; measures never need it
    (:func:`finest_decomposition` and :func:`maximin_information` use the components).

    Examples
    --------
    Example 1 of Ding & Farokhi: edges ``x1–x2`` and ``x3–x4`` only (0-based below).

    >>> r = np.zeros((6, 7), bool); r[[0, 1, 1, 2, 2, 3, 4, 5], [0, 0, 1, 2, 3, 4, 5, 6]] = True
    >>> sorted(confusability_graph(r).edges())
    [(0, 1), (2, 3)]
    """
    axis = _check_axis(axis)
    m = _mask_of(r)
    labels = marginal_range(r, axis=axis)
    nodes_first = m.T if axis == 1 else m  # rows = nodes
    a = nodes_first.astype(np.float32)
    # counts of shared values fit float32 exactly up to 2**24 columns
    shared = (a @ a.T) > 0.5
    np.fill_diagonal(shared, False)
    g = nx.Graph()
    g.add_nodes_from((i, {"label": lab}) for i, lab in enumerate(labels))
    i, j = np.nonzero(np.triu(shared, 1))
    g.add_edges_from(zip(i.tolist(), j.tolist()))
    return g


def finest_decomposition(r: RangeLike) -> Partition:
    """The finest decomposition ``P*_{G_X}`` of the confusability graph: blocks of X indices.

    These are the connected components of ``G_X`` (Ding & Farokhi §IV), each a sorted tuple,
    listed in increasing order of their smallest element. Lemma 2: the S-ranges of the blocks
    form the overlap partition.

    Examples
    --------
    Example 1 of Ding & Farokhi: ``{{x1,x2},{x3,x4},{x5},{x6},{x7}}`` (0-based below).

    >>> r = np.zeros((6, 7), bool); r[[0, 1, 1, 2, 2, 3, 4, 5], [0, 0, 1, 2, 3, 4, 5, 6]] = True
    >>> finest_decomposition(r)
    Partition({0,1}, {2,3}, {4}, {5}, {6})
    """
    m = _mask_of(r)
    n, _, x_lab = support_components(m)
    return Partition([b.tolist() for b in _blocks(x_lab, n)], m.shape[1])


def k_anonymity(r: RangeLike) -> int:
    """The achieved ``k = min_x |[[S|x]]|``: the largest k for which the range is k-anonymous.

    ``k`` counts *distinct* values of S (Ding & Farokhi Def. 2, stricter than counting
    records). Lemma 1: k-anonymous ⇔ ``B0(S|X) ≥ log k`` ⇔ ``L0(S→X) ≤ log(|[[S]]|/k)``.

    Examples
    --------
    >>> k_anonymity([[1, 1, 0], [1, 0, 1], [0, 1, 1]])
    2
    """
    return int(_mask_of(r).sum(axis=0).min())


def is_k_anonymous(r: RangeLike, k: int) -> bool:
    """Whether ``|[[S|x]]| >= k`` for every x (Ding & Farokhi Def. 2).

    Examples
    --------
    >>> is_k_anonymous([[1, 1, 0], [1, 0, 1], [0, 1, 1]], 2)
    True
    """
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or k < 1:
        raise ValueError(f"k must be an integer >= 1; got {k!r}")
    return k_anonymity(r) >= k


def distinguishability(r: RangeLike, s: int, s_prime: int) -> int:
    """Non-stochastic distinguishability ``|[[X|s]] Δ [[X|s']]|`` of two values of S.

    The size of the symmetric difference of their conditional ranges (Ding & Farokhi §III-C,
    after [14]); it is maximal, ``|[[X|s]]| + |[[X|s']]|``, when s and s' lie in different
    blocks of the overlap partition.

    Examples
    --------
    >>> distinguishability([[1, 1, 0], [0, 1, 1], [0, 0, 1]], 0, 2)
    3
    """
    m = _mask_of(r)
    for name, v in (("s", s), ("s_prime", s_prime)):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or not 0 <= v < m.shape[0]:
            raise ValueError(f"{name} must be an S index in 0..{m.shape[0] - 1}; got {v!r}")
    return int(np.count_nonzero(m[s] ^ m[s_prime]))


def distinguishability_matrix(r: RangeLike) -> NDArray[np.intp]:
    """``D[s, s'] = |[[X|s]] Δ [[X|s']]|`` for every pair of S values (vectorized).

    Examples
    --------
    >>> distinguishability_matrix([[1, 1, 0], [0, 1, 1]])
    array([[0, 2],
           [2, 0]])
    """
    m = _mask_of(r)
    a = m.astype(np.float64)
    rows = a.sum(axis=1)
    return np.rint(rows[:, None] + rows[None, :] - 2.0 * (a @ a.T)).astype(np.intp)


# ---------------------------------------------------------------------------------------------
# Quantization and ranges of clusters
# ---------------------------------------------------------------------------------------------


def _cluster_index(clusters: Any, n_x: int) -> tuple[NDArray[np.intp], NDArray[np.intp]]:
    """Clusters as ``(perm, sizes)``: x indices listed cluster by cluster, and cluster sizes.

    ``clusters`` is a Partition-like object (``.clusters`` and ``.labels``) or a sequence of
    sequences of x indices.
    """
    if hasattr(clusters, "clusters") and hasattr(clusters, "labels"):
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
    perm = np.asarray(list(itertools.chain.from_iterable(groups)))
    if perm.dtype.kind not in "iu":
        raise ValueError("clusters must hold integer x indices")
    if perm.min() < 0 or perm.max() >= n_x:
        raise ValueError(f"clusters hold an x index out of range 0..{n_x - 1}")
    return perm.astype(np.intp, copy=False), sizes


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


def _column_major(r: RangeLike, n_clusters: int, name: str) -> NDArray[np.bool_]:
    """The mask in a layout where column gathers are cheap (cached for a JointRange)."""
    if isinstance(r, JointRange):
        return r.columns
    m = _mask_of(r, name=name)
    if m.flags.f_contiguous or n_clusters <= _FEW_CLUSTERS:
        return m
    return np.asfortranarray(m)


def cluster_ranges(mask: RangeLike, clusters: Any) -> NDArray[np.bool_]:
    """The S-ranges ``[[S|𝒳]]`` of clusters of X values: the OR of each cluster's columns.

    Parameters
    ----------
    mask : JointRange or array_like of bool, shape (n_s, n_x)
    clusters : Partition or sequence of sequences of int
        Clusters of X indices (they need not cover X nor be disjoint).

    Returns
    -------
    ndarray of bool, shape (n_s, n_clusters)
        Column ``c`` is ``[[S|𝒳_c]]`` (eq. (2) of Ding & Farokhi).

    Notes
    -----
    Vectorized rank by rank over the clusters (about ``max cluster size`` numpy operations
    in all, each a gather of whole columns). Column gathers are cheap on a column-major
    mask: a :class:`JointRange` caches one (:attr:`JointRange.columns`); a C-ordered array is
    converted once per call, so in a loop pass the JointRange or ``np.asfortranarray(mask)``.
    For repeated unions of two cluster ranges inside a greedy loop, see :func:`pack_ranges`
    and :func:`union_sizes`.

    Examples
    --------
    >>> r = np.zeros((6, 7), bool); r[[0, 1, 1, 2, 2, 3, 4, 5], [0, 0, 1, 2, 3, 4, 5, 6]] = True
    >>> cluster_ranges(r, [(0, 1, 6), (2, 4), (3, 5)]).astype(int)
    array([[1, 0, 0],
           [1, 0, 0],
           [0, 1, 1],
           [0, 1, 0],
           [0, 0, 1],
           [1, 0, 0]])
    """
    n_x = _mask_of(mask, name="mask").shape[1]
    perm, sizes = _cluster_index(clusters, n_x)
    return _or_columns(_column_major(mask, sizes.size, "mask"), perm, sizes)


def pack_ranges(ranges: ArrayLike) -> NDArray[np.uint8]:
    """Pack the columns of a boolean ``(n_s, n_clusters)`` matrix into bitsets, one row each.

    Returns
    -------
    ndarray of uint8, shape (n_clusters, ceil(n_s / 8))
        Row ``c`` is the bitset of ``ranges[:, c]``; unions are ``|`` of rows, sizes their
        popcounts (:func:`union_sizes`).

    Examples
    --------
    >>> pack_ranges([[1, 0], [0, 1], [1, 1]])
    array([[160],
           [ 96]], dtype=uint8)
    """
    arr = _as_bool_matrix(ranges, name="ranges")
    return np.packbits(arr.T, axis=1)


if hasattr(np, "bitwise_count"):
    _popcount = np.bitwise_count
else:  # numpy < 2.0
    _POP8 = np.array([bin(i).count("1") for i in range(256)], dtype=np.uint8)

    def _popcount(a: NDArray[np.uint8]) -> NDArray[np.uint8]:
        return _POP8[a]


def union_sizes(packed: ArrayLike, i: int, others: ArrayLike | None = None) -> NDArray[np.intp]:
    """``|R_i ∪ R_j|`` for every j (or for the given ``others``), from bitsets of :func:`pack_ranges`.

    The candidate evaluation of a greedy merge: the size of the S-range of cluster ``i``
    merged with each other cluster, by ``|`` and popcount over packed rows.

    Parameters
    ----------
    packed : ndarray of uint8, shape (n_clusters, n_bytes)
        Bitsets of the cluster ranges, from :func:`pack_ranges`.
    i : int
        The cluster to merge.
    others : array_like of int, optional
        The candidate partners (default: every cluster, ``i`` included).

    Returns
    -------
    ndarray of int
        ``|[[S|𝒳_i ∪ 𝒳_j]]|`` for each candidate ``j``.

    Examples
    --------
    >>> p = pack_ranges([[1, 0, 0], [0, 1, 0], [1, 1, 1]])
    >>> union_sizes(p, 0)
    array([2, 3, 2])
    """
    p = np.asarray(packed)
    if p.dtype != np.uint8 or p.ndim != 2:
        raise ValueError("packed must be a 2-D uint8 array from pack_ranges")
    if not 0 <= i < p.shape[0]:
        raise ValueError(f"i must be a cluster index in 0..{p.shape[0] - 1}; got {i!r}")
    rows = p if others is None else p[np.asarray(others, dtype=np.intp)]
    return _popcount(rows | p[i]).sum(axis=1, dtype=np.intp)


def _labels_of(labels: Any, n_x: int) -> tuple[NDArray[np.intp], list]:
    """Cluster codes ``0..k-1`` in order of first appearance, and the distinct labels."""
    raw = getattr(labels, "labels", labels)
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
    """The joint range of ``(S, X̂)`` for the quantization ``X̂ = f(X)`` given by ``labels``.

    X values with equal labels are merged: ``[[S|x̂]] = ⋃_{x: f(x)=x̂} [[S|x]]`` (eq. (2) of
    Ding & Farokhi), the OR of their columns.

    Parameters
    ----------
    r : JointRange or array_like of bool
    labels : sequence of hashable, or Partition
        ``labels[x]`` is the cluster (the value of ``X̂``) of x; a
        :class:`nsp.clustering.partition.Partition` is used through its ``labels``.

    Returns
    -------
    JointRange
        Columns in order of first appearance of each label (i.e. by the smallest x of each
        cluster); its ``x_labels`` are the labels; S labels are kept.

    Examples
    --------
    Spec §4.2 of Ding & Farokhi: ``Q = {{x1,x3},{x2,x5},{x4,x6},{x7}}`` gives ``I*(S;X̂) = 1``.

    >>> r = np.zeros((6, 7), bool); r[[0, 1, 1, 2, 2, 3, 4, 5], [0, 0, 1, 2, 3, 4, 5, 6]] = True
    >>> q = quantize(r, [0, 1, 0, 2, 1, 2, 3])
    >>> q.shape, maximin_information(q)
    ((6, 4), 1.0)
    """
    m = _mask_of(r)
    codes, distinct = _labels_of(labels, m.shape[1])
    perm, sizes = np.argsort(codes, kind="stable"), np.bincount(codes, minlength=len(distinct))
    merged = _or_columns(_column_major(r, len(distinct), "r"), perm, sizes)
    s_labels = r.s_labels if isinstance(r, JointRange) else None
    return JointRange(merged, s_labels=s_labels, x_labels=distinct)


def quantized_decomposition(r: RangeLike, labels: Any) -> Partition:
    """The finest decomposition ``P*_{G_X̂}`` of a quantized range, expressed on the X indices.

    Equal to the join (finest common coarsening) of ``P*_{G_X}`` and the partition of the
    labels (subgraph merging, Ding & Farokhi §V-B1). Blocks are sorted tuples of X indices,
    in increasing order of their smallest element.

    Examples
    --------
    >>> r = np.zeros((6, 7), bool); r[[0, 1, 1, 2, 2, 3, 4, 5], [0, 0, 1, 2, 3, 4, 5, 6]] = True
    >>> quantized_decomposition(r, [0, 1, 0, 2, 1, 2, 3])
    Partition({0,1,2,3,4,5}, {6})
    """
    m = _mask_of(r)
    codes, distinct = _labels_of(labels, m.shape[1])
    q = quantize(m, codes)
    n, _, cluster_comp = support_components(q.mask)
    x_comp = cluster_comp[codes]
    return Partition([b.tolist() for b in _blocks(x_comp, n) if b.size], m.shape[1])


# ---------------------------------------------------------------------------------------------
# Side information (Ding & Farokhi §V-C): a 3-D range mask[s, x, a]
# ---------------------------------------------------------------------------------------------


def _mask3(mask: ArrayLike) -> NDArray[np.bool_]:
    arr = np.asarray(mask)
    if arr.ndim != 3:
        raise ValueError(f"mask must be a 3-D boolean array mask[s, x, a] (got shape {arr.shape})")
    arr = _as_bool_matrix(arr.reshape(arr.shape[0], -1), name="mask").reshape(arr.shape)
    if not arr.any():
        raise ValueError("mask must not be empty: the joint range [[S, X, A]] has no triple")
    for ax, name in ((0, "S"), (1, "X"), (2, "A")):
        others = tuple(k for k in range(3) if k != ax)
        if not arr.any(axis=others).all():
            raise ValueError(f"mask has a value of {name} that occurs in no triple (axis {ax})")
    return arr


def side_information_leakage(mask: ArrayLike, *, base: float | str = 2) -> float:
    """``L0(S→X|A) = max_{(x,a)∈[[X,A]]} log(|[[S|a]]| / |[[S|x,a]]|)`` for a range ``mask[s, x, a]``.

    The leakage to an adversary who also knows the side information A (Ding & Farokhi §V-C).
    With a constant A (one value) it is ``L0(S→X)``.

    Examples
    --------
    >>> m = np.zeros((2, 2, 2), bool); m[0, 0, 0] = m[1, 1, 0] = m[0, 0, 1] = m[1, 0, 1] = True
    >>> side_information_leakage(m)
    1.0
    """
    m = _mask3(mask)
    s_given_a = m.any(axis=1).sum(axis=0)  # |[[S|a]]|, shape (n_a,)
    s_given_xa = m.sum(axis=0)  # |[[S|x,a]]|, shape (n_x, n_a)
    present = s_given_xa > 0
    ratio = np.broadcast_to(s_given_a, s_given_xa.shape)[present] / s_given_xa[present]
    return _log(float(ratio.max()), base)


def side_information_maximin(mask: ArrayLike, *, base: float | str = 2) -> float:
    """``I*(S; X, A)``: maximin information between S and the pair ``(X, A)`` of ``mask[s, x, a]``.

    Examples
    --------
    >>> m = np.zeros((2, 2, 2), bool); m[0, 0, 0] = m[1, 1, 0] = m[0, 0, 1] = m[1, 0, 1] = True
    >>> side_information_maximin(m)
    0.0
    """
    m = _mask3(mask)
    flat = m.reshape(m.shape[0], -1)
    return maximin_information(flat[:, flat.any(axis=0)], base=base)


# ---------------------------------------------------------------------------------------------
# Zero-error helpers (set-valued channels mask[input, output]; Farokhi §II-B, Prop. 2)
# ---------------------------------------------------------------------------------------------


def independence_number(graph: nx.Graph) -> int:
    """The independence number ``α(G)``: the size of a largest set of pairwise non-adjacent nodes.

    Exact (a maximum clique of the complement, :func:`networkx.max_weight_clique`);
    exponential in the worst case, meant for small graphs.

    Examples
    --------
    >>> independence_number(nx.cycle_graph(5))
    2
    """
    if not isinstance(graph, nx.Graph) or graph.is_directed():
        raise ValueError("graph must be an undirected networkx.Graph")
    if graph.number_of_nodes() == 0:
        return 0
    comp = nx.complement(nx.Graph(graph))
    comp.remove_edges_from(nx.selfloop_edges(comp))
    _, size = nx.max_weight_clique(comp, weight=None)
    return int(size)


def strong_power(r: RangeLike, k: int) -> JointRange:
    """The k-letter range of a memoryless set-valued channel ``mask[input, output]``.

    ``[[Y^k | x^k]] = ∏_ℓ [[Y|x_ℓ]]`` (Farokhi §II-B): the Kronecker power of the mask.
    Inputs and outputs are the k-tuples of labels in lexicographic order; the confusability
    graph of the inputs of the power is the strong power ``G^{⊠k}``.

    Examples
    --------
    >>> p = strong_power([[1, 1], [0, 1]], 2)
    >>> p.shape, p.s_labels[:2]
    ((4, 4), ((0, 0), (0, 1)))
    """
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or k < 1:
        raise ValueError(f"k must be an integer >= 1; got {k!r}")
    rr = r if isinstance(r, JointRange) else JointRange(_mask_of(r))
    m = np.ones((1, 1), dtype=bool)
    for _ in range(k):
        m = np.kron(m, rr.mask).astype(bool)
    return JointRange(
        m,
        s_labels=list(itertools.product(rr.s_labels, repeat=k)),
        x_labels=list(itertools.product(rr.x_labels, repeat=k)),
    )


def is_zero_error_code(r: RangeLike, code: Iterable[int]) -> bool:
    """Whether the inputs ``code`` (row indices of ``mask[input, output]``) are never confused.

    A code is zero-error when no output is possible for two of its inputs, i.e. their
    conditional ranges ``[[Y|x]]`` are pairwise disjoint (``|F ∩ 𝒳(y)| ≤ 1`` for every y).

    Examples
    --------
    >>> pent = JointRange.from_pairs((x, (x + d) % 5) for x in range(5) for d in (0, 1))
    >>> is_zero_error_code(pent, [0, 2]), is_zero_error_code(pent, [0, 1])
    (True, False)
    """
    m = _mask_of(r)
    idx = np.asarray(list(code), dtype=np.intp)
    if idx.size and (idx.min() < 0 or idx.max() >= m.shape[0]):
        raise ValueError(f"code holds an input index out of range 0..{m.shape[0] - 1}")
    if np.unique(idx).size != idx.size:
        raise ValueError("code must not repeat an input")
    return bool((m[idx].sum(axis=0) <= 1).all())


def zero_error_rate_lower_bound(r: RangeLike, *, k_max: int = 2, base: float | str = 2) -> float:
    """``max_{k ≤ k_max} log α(G^{⊠k}) / k``, a lower bound on the zero-error capacity ``C0``.

    ``G`` is the confusability graph of the inputs of the set-valued channel
    ``mask[input, output]`` (Shannon 1956; Farokhi eq. (13)). Exact independence numbers:
    keep ``|inputs|**k_max`` small.

    Examples
    --------
    The pentagon (spec E15): ``α(G) = 2``, ``α(G⊠G) = 5``, so the bound is ``log2 √5``.

    >>> pent = JointRange.from_pairs((x, (x + d) % 5) for x in range(5) for d in (0, 1))
    >>> round(zero_error_rate_lower_bound(pent, k_max=2), 4)
    1.161
    """
    if isinstance(k_max, bool) or not isinstance(k_max, (int, np.integer)) or k_max < 1:
        raise ValueError(f"k_max must be an integer >= 1; got {k_max!r}")
    best = 0.0
    for k in range(1, k_max + 1):
        alpha = independence_number(confusability_graph(strong_power(r, k), axis=0))
        best = max(best, _log(alpha, base) / k)
    return best


def sup_symmetrized_leakage(r: RangeLike, *, base: float | str = 2, max_inputs: int = 16) -> float:
    """``sup_{A ≠ ∅} L0s(J_A)`` over input subsets A of a set-valued channel ``mask[input, output]``.

    ``J_A = {(x, y): x ∈ A, y ∈ [[Y|x]]}``; the right-hand side of Farokhi's Prop. 2
    (``C0 ≤ sup L0s``). Exhaustive over the ``2^n − 1`` subsets.

    Raises
    ------
    ValueError
        If there are more than ``max_inputs`` inputs.

    Examples
    --------
    >>> pent = JointRange.from_pairs((x, (x + d) % 5) for x in range(5) for d in (0, 1))
    >>> round(sup_symmetrized_leakage(pent), 4)
    1.3219
    """
    m = _mask_of(r)
    n = m.shape[0]
    if n > max_inputs:
        raise ValueError(f"r has {n} inputs, more than max_inputs={max_inputs} (2^n subsets)")
    best = 0.0
    for size in range(1, n + 1):
        for subset in itertools.combinations(range(n), size):
            sub = m[list(subset)]
            sub = sub[:, sub.any(axis=0)]
            best = max(best, symmetrized_leakage(sub, base=base))
    return best


# ---------------------------------------------------------------------------------------------
# Non-stochastic hypothesis testing (Farokhi §II-C): a range mask[h, y] of hypotheses and data
# ---------------------------------------------------------------------------------------------


def _test_of(test: ArrayLike, m: NDArray[np.bool_]) -> NDArray[np.intp]:
    t = np.asarray(test)
    if t.shape != (m.shape[1],) or t.dtype.kind not in "iu":
        raise ValueError(f"test must give one hypothesis index per measurement ({m.shape[1]} ints)")
    if t.size and (t.min() < 0 or t.max() >= m.shape[0]):
        raise ValueError(f"test holds a hypothesis index out of range 0..{m.shape[0] - 1}")
    return t.astype(np.intp)


def hypothesis_test_performance(r: RangeLike, test: ArrayLike, *, base: float | str = 2) -> float:
    """Performance ``P(T) = log |ℵ(T)|`` of a test on the range ``[[H, Y]]`` (Farokhi eq. (15)).

    ``r`` is ``mask[h, y]``: row h is ``[[Y|p_h]]`` (rows ``p0``, ``p1``, … the hypotheses,
    e.g. ``JointRange.from_pairs(zip(g_H(x), g_Y(x)))``). The test ``T`` maps each measurement
    y to a hypothesis; it is correct at y when ``[[H|y]] = {T(y)}``, and ``ℵ(T)`` is the set of
    such y. ``-inf`` when no measurement is decided correctly.

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_hypotheses, n_measurements)
    test : array_like of int, shape (n_measurements,)
        ``test[y]`` is the row index of the hypothesis the test decides on seeing y.
    base : float or str, default 2

    Examples
    --------
    >>> r = [[1, 1, 0], [0, 1, 1]]  # Y|p0 = {0, 1}, Y|p1 = {1, 2}
    >>> hypothesis_test_performance(r, [0, 0, 1]), hypothesis_test_performance(r, [1, 1, 1])
    (1.0, 0.0)
    """
    m = _mask_of(r)
    t = _test_of(test, m)
    single = m.sum(axis=0) == 1
    correct = single & m[t, np.arange(m.shape[1])]
    count = int(correct.sum())
    return -math.inf if count == 0 else _log(count, base)


def hypothesis_test_bound(r: RangeLike, *, base: float | str = 2) -> float:
    """``log |{y : |[[H|y]]| = 1}|``, the best performance of any test (Farokhi Prop. 3).

    For two hypotheses this is ``log |[[Y|p0]] Δ [[Y|p1]]|``; ``-inf`` if no measurement
    identifies a hypothesis. :func:`optimal_hypothesis_test` attains it.

    Examples
    --------
    >>> hypothesis_test_bound([[1, 1, 0], [0, 1, 1]])
    1.0
    """
    m = _mask_of(r)
    count = int((m.sum(axis=0) == 1).sum())
    return -math.inf if count == 0 else _log(count, base)


def optimal_hypothesis_test(r: RangeLike) -> NDArray[np.intp]:
    """A test attaining :func:`hypothesis_test_bound`: ``T*(y)`` = the only hypothesis compatible with y.

    Tie rule: where several hypotheses are compatible with y (no test is correct there),
    ``T*(y)`` is the smallest of them.

    Examples
    --------
    >>> optimal_hypothesis_test([[1, 1, 0], [0, 1, 1]])
    array([0, 0, 1])
    """
    m = _mask_of(r)
    return m.argmax(axis=0).astype(np.intp)


# ---------------------------------------------------------------------------------------------
# Continuous ranges (Farokhi §II-B, eqs. (2), (4), (7)): finite unions of closed intervals
# ---------------------------------------------------------------------------------------------


class IntervalUnion:
    """A finite union of closed intervals of the real line, kept sorted and merged.

    Parameters
    ----------
    intervals : iterable of (float, float)
        Pairs ``(lo, hi)`` with finite ``lo <= hi``; overlapping or touching intervals are
        merged. An empty iterable is the empty set.

    Raises
    ------
    ValueError
        If a pair is not two finite numbers with ``lo <= hi``.

    Examples
    --------
    >>> u = IntervalUnion([(0.5, 1.0), (0.0, 0.25), (0.2, 0.3)])
    >>> u.intervals, u.measure()
    (((0.0, 0.3), (0.5, 1.0)), 0.8)
    >>> u.intersect(IntervalUnion([(0.25, 0.75)])).intervals
    ((0.25, 0.3), (0.5, 0.75))
    """

    __slots__ = ("_intervals",)

    def __init__(self, intervals: Iterable[tuple[float, float]] = ()) -> None:
        pairs = []
        for item in intervals:
            try:
                lo, hi = (float(v) for v in item)
            except (TypeError, ValueError):
                raise ValueError(
                    f"intervals must hold pairs (lo, hi) of numbers; got {item!r}"
                ) from None
            if not (math.isfinite(lo) and math.isfinite(hi)) or lo > hi:
                raise ValueError(f"intervals must have finite ends with lo <= hi; got ({lo}, {hi})")
            pairs.append((lo, hi))
        pairs.sort()
        merged: list[tuple[float, float]] = []
        for lo, hi in pairs:
            if merged and lo <= merged[-1][1]:
                merged[-1] = (merged[-1][0], max(merged[-1][1], hi))
            else:
                merged.append((lo, hi))
        object.__setattr__(self, "_intervals", tuple(merged))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("IntervalUnion is immutable")

    @classmethod
    def interval(cls, lo: float, hi: float) -> IntervalUnion:
        """The single interval ``[lo, hi]``."""
        return cls([(lo, hi)])

    @property
    def intervals(self) -> tuple[tuple[float, float], ...]:
        """The disjoint intervals, sorted."""
        return self._intervals

    def measure(self) -> float:
        """Lebesgue measure ``μ``: the total length."""
        return float(math.fsum(hi - lo for lo, hi in self._intervals))

    def is_empty(self) -> bool:
        """Whether the set is empty."""
        return not self._intervals

    def union(self, other: IntervalUnion) -> IntervalUnion:
        """``self ∪ other``."""
        return IntervalUnion(self._intervals + _as_intervals(other, "other")._intervals)

    def intersect(self, other: IntervalUnion) -> IntervalUnion:
        """``self ∩ other``."""
        b = _as_intervals(other, "other")._intervals
        out, i, j = [], 0, 0
        a = self._intervals
        while i < len(a) and j < len(b):
            lo, hi = max(a[i][0], b[j][0]), min(a[i][1], b[j][1])
            if lo <= hi:
                out.append((lo, hi))
            if a[i][1] < b[j][1]:
                i += 1
            else:
                j += 1
        return IntervalUnion(out)

    def issubset(self, other: IntervalUnion) -> bool:
        """Whether ``self ⊆ other``."""
        return self.intersect(other) == self

    def __eq__(self, other: object) -> bool:
        return isinstance(other, IntervalUnion) and self._intervals == other._intervals

    def __hash__(self) -> int:
        return hash(self._intervals)

    def __repr__(self) -> str:
        return f"IntervalUnion({list(self._intervals)})"


def _as_intervals(u: Any, name: str) -> IntervalUnion:
    if isinstance(u, IntervalUnion):
        return u
    try:
        return IntervalUnion(u)
    except (TypeError, ValueError) as err:
        raise ValueError(f"{name} must be an IntervalUnion or pairs (lo, hi): {err}") from None


def _conditional_measures(range_x: Any, cond: Any) -> tuple[float, NDArray[np.float64]]:
    """``μ([[X]])`` and ``μ([[X|y]])`` for every y, with the rules of a continuous range."""
    rx = _as_intervals(range_x, "range_x")
    mu_x = rx.measure()
    if not mu_x > 0:
        raise ValueError("range_x must have positive measure")
    sets = list(cond.values()) if hasattr(cond, "values") else list(cond)
    if not sets:
        raise ValueError("cond must hold at least one conditional range [[X|y]]")
    union = IntervalUnion()
    mus = np.empty(len(sets))
    for k, c in enumerate(sets):
        c = _as_intervals(c, "cond")
        if c.is_empty():
            raise ValueError(f"cond holds an empty conditional range (entry {k})")
        if not c.issubset(rx):
            raise ValueError(
                f"cond entry {k} is not a subset of range_x: [[X|y]] must lie in [[X]]"
            )
        union = union.union(c)
        mus[k] = c.measure()
    if abs(union.measure() - mu_x) > 1e-12 * max(1.0, mu_x):
        raise ValueError(
            "the conditional ranges must cover range_x (it is their union, up to measure 0)"
        )
    return mu_x, mus


def differential_hartley_entropy(range_x: Any, *, base: float | str = "e") -> float:
    """Rényi differential 0-entropy ``h0(X) = log μ([[X]])`` (Farokhi eq. (2)); nats by default.

    ``-inf`` for a set of measure 0.

    Examples
    --------
    >>> differential_hartley_entropy(IntervalUnion([(0, 2), (3, 4)]), base=3)
    1.0
    """
    mu = _as_intervals(range_x, "range_x").measure()
    return -math.inf if mu == 0 else _log(mu, base)


def continuous_conditional_hartley_entropy(
    range_x: Any, cond: Any, *, base: float | str = "e"
) -> float:
    """``h0(X|Y) = ess sup_y log μ([[X|y]])`` (Farokhi eq. (4)), for finitely many y: the max.

    Parameters
    ----------
    range_x : IntervalUnion
        ``[[X]]``, of positive measure.
    cond : mapping y -> IntervalUnion, or sequence of IntervalUnion
        The conditional ranges ``[[X|y]]``: non-empty subsets of ``[[X]]`` whose union is
        ``[[X]]`` (up to measure 0).

    Examples
    --------
    >>> bins = [IntervalUnion.interval(k / 4, (k + 1) / 4) for k in range(4)]
    >>> round(continuous_conditional_hartley_entropy(IntervalUnion.interval(0, 1), bins, base=2), 12)
    -2.0
    """
    _, mus = _conditional_measures(range_x, cond)
    top = float(mus.max())
    return -math.inf if top == 0 else _log(top, base)


def continuous_nonstochastic_information(
    range_x: Any, cond: Any, *, base: float | str = "e"
) -> float:
    """``I0(X;Y) = h0(X) − h0(X|Y) = min_y log(μ([[X]]) / μ([[X|y]]))``; nats by default.

    Examples
    --------
    A uniform 4-level quantizer of ``[0, 1]``: ``I0 = log 4``.

    >>> bins = {k: IntervalUnion.interval(k / 4, (k + 1) / 4) for k in range(4)}
    >>> continuous_nonstochastic_information(IntervalUnion.interval(0, 1), bins, base=2)
    2.0
    """
    mu_x, mus = _conditional_measures(range_x, cond)
    top = float(mus.max())
    return math.inf if top == 0 else _log(mu_x / top, base)


def continuous_leakage(range_x: Any, cond: Any, *, base: float | str = "e") -> float:
    """Continuous non-stochastic leakage ``L0(X;Y) = ess sup_y log(μ([[X]]) / μ([[X|y]]))`` (eq. (7)).

    Nats by default, as in the paper. For finitely many y the essential supremum is the
    maximum; ``inf`` if some ``[[X|y]]`` has measure 0.

    Examples
    --------
    Bins of widths 1/2, 1/4, 1/4: the narrowest gives ``L0 = log 4``.

    >>> bins = [IntervalUnion.interval(0, .5), IntervalUnion.interval(.5, .75), IntervalUnion.interval(.75, 1)]
    >>> continuous_leakage(IntervalUnion.interval(0, 1), bins, base=2)
    2.0
    """
    mu_x, mus = _conditional_measures(range_x, cond)
    low = float(mus.min())
    return math.inf if low == 0 else _log(mu_x / low, base)
