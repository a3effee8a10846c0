"""The implementation of :mod:`nsp.partition`: import its names from there."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components

from nsp._validation import check_bool, check_choice, check_int

__all__ = ["Partition"]


@dataclass(frozen=True)
class Partition:
    """An immutable partition of ``{0, …, n-1}`` in canonical order.

    Parameters
    ----------
    clusters : sequence of sequences of int
        The blocks. They are sorted into canonical order; they must be non-empty, disjoint
        and cover ``range(n)``.
    n : int, optional
        The alphabet size (default: the number of elements in ``clusters``).

    Raises
    ------
    ValueError
        If a block is empty, an element is repeated or missing, out of range or not an
        integer, or ``n`` is not an integer >= 1.

    Notes
    -----
    A partition iterates over its clusters, ``len`` counts them and ``q[k]`` is cluster ``k``,
    so it can be used wherever a list of blocks was expected. It compares equal to another
    :class:`Partition` with the same clusters and ``n``, and to a list (or tuple) of blocks
    holding the same elements in the same order, whatever the type of each block (tuple,
    list, set or frozenset): ``Partition([[0, 1], [2]]) == [frozenset({0, 1}), (2,)]``; and
    ``block in q`` tests a block given as any collection (``{1, 0} in q``).

    Examples
    --------
    >>> q = Partition([[3, 1], [0], [2]])
    >>> q
    Partition({0}, {1,3}, {2})
    >>> q.labels
    array([0, 1, 2, 1])
    >>> q.merge(0, 2).clusters
    ((0, 2), (1, 3))
    """

    clusters: tuple[tuple[int, ...], ...]
    n: int

    def __init__(self, clusters: Iterable[Iterable[int]], n: int | None = None) -> None:
        try:
            blocks = [tuple(sorted(_element(x) for x in c)) for c in clusters]
        except TypeError:
            raise ValueError("clusters must be an iterable of iterables of integers") from None
        if any(len(b) == 0 for b in blocks):
            raise ValueError("clusters must be non-empty")
        elements = [x for b in blocks for x in b]
        size = len(elements) if n is None else check_int("n", n, low=1)
        if len(set(elements)) != len(elements):
            raise ValueError("clusters must be disjoint (an element appears twice)")
        if sorted(elements) != list(range(size)):
            missing = sorted(set(range(size)) - set(elements))[:5]
            extra = sorted(set(elements) - set(range(size)))[:5]
            raise ValueError(
                f"clusters must cover 0..{size - 1} exactly "
                f"(missing {missing}, out of range {extra})"
            )
        blocks.sort(key=lambda b: b[0])
        object.__setattr__(self, "clusters", tuple(blocks))
        object.__setattr__(self, "n", size)

    # -- constructors -------------------------------------------------------------------
    @classmethod
    def singletons(cls, n: int) -> Partition:
        """Return the finest partition ``{{0}, {1}, …, {n-1}}``.

        Parameters
        ----------
        n : int
            The alphabet size, >= 1.

        Returns
        -------
        Partition

        Examples
        --------
        >>> len(Partition.singletons(4))
        4
        """
        n = check_int("n", n, low=1)
        return cls([[x] for x in range(n)], n)

    @classmethod
    def whole(cls, n: int) -> Partition:
        """Return the coarsest partition: one cluster holding everything.

        Parameters
        ----------
        n : int
            The alphabet size, >= 1.

        Returns
        -------
        Partition

        Examples
        --------
        >>> Partition.whole(3)
        Partition({0,1,2})
        """
        n = check_int("n", n, low=1)
        return cls([range(n)], n)

    @classmethod
    def from_labels(cls, labels: ArrayLike) -> Partition:
        """Return the partition whose clusters are the elements with equal labels (any hashable).

        Parameters
        ----------
        labels : array_like, shape (n,)
            ``labels[x]`` names the cluster of ``x``; a non-empty one-dimensional sequence.

        Returns
        -------
        Partition

        Examples
        --------
        >>> Partition.from_labels(["a", "b", "a"]).clusters
        ((0, 2), (1,))
        """
        arr = np.asarray(labels)
        if arr.ndim != 1:
            raise ValueError(f"labels must be one-dimensional (got shape {arr.shape})")
        values = arr.tolist()
        if not values:
            raise ValueError("labels must not be empty")
        groups: dict[object, list[int]] = {}
        for x, lab in enumerate(values):
            groups.setdefault(lab, []).append(x)
        return cls(groups.values(), len(values))

    # -- views --------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.clusters)

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        return iter(self.clusters)

    def __getitem__(self, k: int) -> tuple[int, ...]:
        return self.clusters[k]

    def __contains__(self, block: object) -> bool:
        # A block given as any collection of elements (tuple, list, set, frozenset).
        if isinstance(block, str) or not isinstance(block, Iterable):
            return False
        try:
            wanted = frozenset(block)
        except TypeError:
            return False
        return any(frozenset(c) == wanted for c in self.clusters)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Partition):
            return self.n == other.n and self.clusters == other.clusters
        if isinstance(other, list | tuple):
            # A list of blocks, as the measures returned before they returned a Partition.
            try:
                blocks = [frozenset(b) for b in other]
            except TypeError:
                return False
            return len(blocks) == len(self.clusters) and all(
                frozenset(c) == b for c, b in zip(self.clusters, blocks, strict=True)
            )
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.clusters, self.n))

    def __repr__(self) -> str:
        return (
            "Partition(" + ", ".join("{" + ",".join(map(str, c)) + "}" for c in self.clusters) + ")"
        )

    @cached_property
    def labels(self) -> NDArray[np.intp]:
        """``labels[x]`` = index of the cluster holding ``x``."""
        out = np.empty(self.n, dtype=np.intp)
        for k, c in enumerate(self.clusters):
            out[list(c)] = k
        out.setflags(write=False)
        return out

    @cached_property
    def sizes(self) -> NDArray[np.intp]:
        """Number of elements in each cluster."""
        out = np.array([len(c) for c in self.clusters], dtype=np.intp)
        out.setflags(write=False)
        return out

    def format(
        self, names: Sequence[str] | None = None, *, one_based: bool = True, prefix: str = "x"
    ) -> str:
        """Human-readable form, 1-based by default as in the papers.

        Parameters
        ----------
        names : sequence of str, optional
            A name for every element (default: ``prefix`` and the element's number).
        one_based : bool, default True
            Number the elements from 1 (as the papers do) rather than from 0.
        prefix : str, default "x"
            The prefix of the default names.

        Returns
        -------
        str
            The clusters in canonical order, e.g. ``{x1,x2},{x3}``.

        Examples
        --------
        >>> Partition([[0, 1], [2]]).format()
        '{x1,x2},{x3}'
        >>> Partition([[0, 1], [2]]).format(["a", "b", "c"])
        '{a,b},{c}'
        """
        one_based = check_bool("one_based", one_based)
        if names is not None and len(names) != self.n:
            raise ValueError(f"names must give one name per element ({self.n}); got {len(names)}")

        def name(x: int) -> str:
            return str(names[x]) if names is not None else f"{prefix}{x + 1 if one_based else x}"

        return ",".join("{" + ",".join(name(x) for x in c) + "}" for c in self.clusters)

    def to_frame(self) -> pd.DataFrame:
        """Return one row per element: ``element``, ``cluster`` (canonical index), ``size``.

        Returns
        -------
        pandas.DataFrame
        """
        return pd.DataFrame(
            {"element": np.arange(self.n), "cluster": self.labels, "size": self.sizes[self.labels]}
        )

    # -- operations ---------------------------------------------------------------------
    def merge(self, i: int, j: int) -> Partition:
        """Merge clusters ``i`` and ``j`` (canonical indices); the result is canonical again.

        Parameters
        ----------
        i, j : int
            Indices of two different clusters.

        Returns
        -------
        Partition

        Raises
        ------
        ValueError
            If ``i == j`` or an index is out of range.
        """
        k = len(self.clusters)
        for name, v in (("i", i), ("j", j)):
            check_int(name, v)
        if not (0 <= i < k and 0 <= j < k):
            raise ValueError(f"cluster indices must be in 0..{k - 1}; got {i}, {j}")
        if i == j:
            raise ValueError(f"cannot merge cluster {i} with itself")
        rest = [c for m, c in enumerate(self.clusters) if m not in (i, j)]
        return Partition(rest + [self.clusters[i] + self.clusters[j]], self.n)

    def refines(self, other: Partition) -> bool:
        """Whether every cluster of ``self`` lies inside a cluster of ``other``.

        Parameters
        ----------
        other : Partition
            A partition of the same alphabet.

        Returns
        -------
        bool

        Examples
        --------
        >>> Partition.singletons(3).refines(Partition([[0, 2], [1]]))
        True
        """
        self._check_same_n(other)
        lab = other.labels
        return all(len({int(lab[x]) for x in c}) == 1 for c in self.clusters)

    def join(self, other: Partition) -> Partition:
        """Return the finest common coarsening of ``self`` and ``other`` (union of the relations).

        Parameters
        ----------
        other : Partition
            A partition of the same alphabet.

        Returns
        -------
        Partition

        Examples
        --------
        >>> Partition([[0, 1], [2], [3]]).join(Partition([[0], [1, 2], [3]])).clusters
        ((0, 1, 2), (3,))
        """
        self._check_same_n(other)

        # Elements are linked to the cluster nodes of both partitions.
        n, a, b = self.n, len(self), len(other)
        rows = np.concatenate([np.arange(n), np.arange(n)])
        cols = np.concatenate([n + self.labels, n + a + other.labels])
        graph = coo_matrix((np.ones(2 * n, dtype=np.int8), (rows, cols)), shape=(n + a + b,) * 2)
        _, comp = connected_components(graph, directed=False)
        return Partition.from_labels(comp[:n])

    def aggregate(
        self, matrix: ArrayLike, *, axis: int = -1, how: Literal["sum", "any"] = "sum"
    ) -> NDArray:
        """Combine the slices of ``matrix`` along ``axis`` cluster by cluster.

        ``how="sum"`` adds them (the pmf of the quantized variable); ``how="any"`` ORs them
        (the range of the quantized variable). The result has ``len(self)`` entries along
        ``axis``, in canonical order.

        Parameters
        ----------
        matrix : array_like
            An array with ``n`` entries along ``axis``.
        axis : int, default -1
            The axis indexed by the elements.
        how : {"sum", "any"}, default "sum"
            How the slices of a cluster are combined.

        Returns
        -------
        numpy.ndarray

        Examples
        --------
        >>> q = Partition([[0, 2], [1]])
        >>> q.aggregate([[0.1, 0.2, 0.3], [0.0, 0.4, 0.0]])
        array([[0.4, 0.2],
               [0. , 0.4]])
        >>> q.aggregate([[True, False, False]], how="any")
        array([[ True, False]])
        """
        check_choice("how", how, ("sum", "any"))
        arr = np.asarray(matrix)
        if arr.dtype.kind == "c":
            raise ValueError("matrix must be real (got a complex array)")
        axis = check_int("axis", axis)
        axis = axis % arr.ndim if arr.ndim else 0
        if arr.ndim == 0 or arr.shape[axis] != self.n:
            raise ValueError(
                f"matrix must have {self.n} entries along axis {axis}; got shape {arr.shape}"
            )
        order = np.fromiter((x for c in self.clusters for x in c), dtype=np.intp, count=self.n)
        starts = np.concatenate([[0], np.cumsum(self.sizes)[:-1]])
        taken = np.take(arr, order, axis=axis)
        if how == "sum":
            return np.add.reduceat(taken, starts, axis=axis)
        return np.logical_or.reduceat(taken.astype(bool), starts, axis=axis)

    def _check_same_n(self, other: Partition) -> None:
        if not isinstance(other, Partition):
            raise ValueError(f"other must be a Partition; got {type(other).__name__}")
        if other.n != self.n:
            raise ValueError(f"partitions of different alphabets: n={self.n} and n={other.n}")


def _element(x: object) -> int:
    """Return an element of a cluster: an integer (numpy integers too), never a bool or a float."""
    if isinstance(x, bool | np.bool_) or not isinstance(x, int | np.integer):
        raise ValueError(f"clusters must hold integers; got {x!r} ({type(x).__name__})")
    return int(x)
