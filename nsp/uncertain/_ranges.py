"""Joint ranges of uncertain variables: :class:`JointRange` and the rules every mask obeys.

A joint range ``[[S, X]]`` is a boolean matrix ``mask[s, x]`` (axis 0 = S, the sensitive
variable or a channel's input; axis 1 = X, the released variable or the output) with value
labels. Every measure of :mod:`nsp.uncertain` accepts a :class:`JointRange` or a 2-D boolean
array-like (0/1 numbers too), validated by the same rules: non-empty, and every row and
every column holds a possible pair (the marginal ranges are the projections of the joint
range).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeAlias

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray

from nsp._validation import as_pmf, check_bool, check_choice, check_frame, check_real
from nsp.uncertain._masks import _as_bool_matrix

__all__ = [
    "JointRange",
    "RangeLike",
    "range_mask",
]


def _ordered_levels(values: Iterable[Hashable]) -> list:
    """Return the distinct values, sorted if they are comparable, else by first appearance."""
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
    """Check the rules of a joint range: non-empty, every row and every column non-empty."""
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


@dataclass(frozen=True, eq=False, repr=False)
class JointRange:
    """A finite joint range ``[[S, X]]``: a boolean matrix ``mask[s, x]`` with value labels.

    A frozen dataclass (the mask is a read-only C-ordered copy). Axis 0 is ``S`` (the
    sensitive variable, or the input of a set-valued channel), axis 1 is ``X`` (the released
    variable, or the output).

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
    JointRange.from_pairs : The range of observed ``(s, x)`` pairs.
    JointRange.from_frame : The range of two columns of a data frame.
    JointRange.from_pmf : The support of a joint pmf.

    Examples
    --------
    >>> r = JointRange([[1, 0, 0], [1, 1, 0], [0, 0, 1]], x_labels=["a", "b", "c"])
    >>> r.n_s, r.n_x, int(r.mask.sum())
    (3, 3, 4)
    >>> r.T.shape, r.T.s_labels
    ((3, 3), ('a', 'b', 'c'))

    Example 1 of Ding & Farokhi (6 values of S, 7 of X) is
    :func:`nsp.papers.agglomerative.example1_range`.
    """

    mask: NDArray[np.bool_]
    # Any sequence of distinct hashables on input; a tuple after validation.
    s_labels: Any = field(default=None, kw_only=True)
    x_labels: Any = field(default=None, kw_only=True)
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
        """Return the mask in column-major (Fortran) order, computed once: fast column unions."""
        if self._columns is None:
            cols = np.asfortranarray(self.mask)
            cols.setflags(write=False)
            object.__setattr__(self, "_columns", cols)
            return cols
        return self._columns

    @property
    def n_s(self) -> int:
        """Return ``|[[S]]|``, the number of values of ``S``."""
        return self.mask.shape[0]

    @property
    def n_x(self) -> int:
        """Return ``|[[X]]|``, the number of values of ``X``."""
        return self.mask.shape[1]

    @property
    def shape(self) -> tuple[int, int]:
        """Return ``(n_s, n_x)``."""
        return self.mask.shape

    @property
    def T(self) -> JointRange:
        """Return the joint range of ``(X, S)``: ``L0(X→S)`` is ``nonstochastic_leakage(r.T)``."""
        return JointRange(self.mask.T, s_labels=self.x_labels, x_labels=self.s_labels)

    def pairs(self) -> list[tuple[Hashable, Hashable]]:
        """Return the pairs ``(s, x)`` of the joint range, as labels, in row-major order.

        Returns
        -------
        list of (hashable, hashable)
        """
        rows, cols = np.nonzero(self.mask)
        return [(self.s_labels[i], self.x_labels[j]) for i, j in zip(rows, cols, strict=True)]

    def to_frame(self) -> pd.DataFrame:
        """Return the mask as a boolean DataFrame (index = S labels, columns = X labels).

        Returns
        -------
        pandas.DataFrame
        """
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

        Returns
        -------
        JointRange

        Raises
        ------
        ValueError
            If there is no pair, a pair is not a 2-tuple, or a pair uses a value missing from
            the given labels, or a given label never occurs.

        Examples
        --------
        The pentagon channel ``x ↦ {x, x+1 mod 5}``:

        >>> r = JointRange.from_pairs((x, (x + d) % 5) for x in range(5) for d in (0, 1))
        >>> r.n_s, r.n_x, int(r.mask.sum())
        (5, 5, 10)
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
        """Return the joint range of two columns of a DataFrame (the distinct pairs of its rows).

        Parameters
        ----------
        df : pandas.DataFrame
            The records.
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
        check_frame("df", df)
        dropna = check_bool("dropna", dropna)
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
        codes: list[NDArray[np.intp]] = []
        labels: list[list[Any]] = []
        for j in range(2):
            series = sub.iloc[:, j]
            if isinstance(series.dtype, pd.CategoricalDtype):
                used = series.cat.remove_unused_categories()
                levels = list(used.cat.categories)
                c = np.asarray(used.cat.codes, dtype=np.intp).copy()
            else:
                levels = _ordered_levels(series.dropna().tolist())
                cat = pd.Categorical(np.asarray(series, dtype=object), categories=levels)
                c = np.asarray(cat.codes, dtype=np.intp).copy()
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
        """Return the support ``{(s, x): p(s, x) > atol}`` of a joint pmf ``p[s, x]``.

        Parameters
        ----------
        p : array_like, shape (n_s, n_x)
            A joint pmf (validated as such; counts need ``normalize=True``).
        normalize : bool, default False
            Accept unnormalized non-negative masses.
        atol : float, default 0
            Masses ``<= atol`` count as zero (a finite number >= 0).

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
        normalize = check_bool("normalize", normalize)
        atol = check_real("atol", atol, low=0.0)
        if np.iscomplexobj(p):
            raise ValueError("p must hold real masses (got a complex array)")
        arr = as_pmf(p, name="p", normalize=normalize, ndim=2)
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


#: A joint range, or a 2-D boolean (or 0/1) array-like read as one.
RangeLike: TypeAlias = JointRange | ArrayLike


def range_mask(r: RangeLike, name: str = "r") -> NDArray[np.bool_]:
    """Return the boolean mask ``mask[s, x]`` of a joint range, validated.

    A :class:`JointRange` gives its own mask; a 2-D boolean (or 0/1) array-like is checked by
    the rules of every joint range: non-empty, and every row and every column holds a possible
    pair. Every measure of :mod:`nsp.uncertain` and the algorithms of
    :mod:`nsp.clustering.nonstochastic` read their ranges with it.

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_s, n_x)
        The joint range.
    name : str
        The argument's name, for the message.

    Returns
    -------
    numpy.ndarray of bool, shape (n_s, n_x)
        The mask (no copy of a JointRange's mask or of a boolean array).

    Raises
    ------
    ValueError
        If ``r`` is not a 2-D boolean matrix, or breaks the rules of a joint range.

    Examples
    --------
    >>> range_mask([[1, 0], [1, 1]]).tolist()
    [[True, False], [True, True]]
    """
    if isinstance(r, JointRange):
        return r.mask
    arr = _as_bool_matrix(r, name=name)
    _check_range_mask(arr, name)
    return arr


def _check_given(given: str) -> int:
    """Return the axis to sum over for ``given="x"`` (0) or ``given="s"`` (1)."""
    return 0 if check_choice("given", given, ("x", "s")) == "x" else 1


def _check_axis(axis: int) -> int:
    """Return ``axis`` as 0 (S) or 1 (X); -2 and -1 are accepted, bools and floats are not."""
    if isinstance(axis, bool | np.bool_) or not isinstance(axis, int | np.integer):
        raise ValueError(f"axis must be 0 (S) or 1 (X); got {axis!r} ({type(axis).__name__})")
    if axis not in (0, 1, -1, -2):
        raise ValueError(f"axis must be 0 (S) or 1 (X); got {axis!r}")
    return int(axis) % 2
