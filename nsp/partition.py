"""Partitions of a finite alphabet and the merge bookkeeping shared by every clustering algorithm.

A :class:`Partition` of ``{0, …, n-1}`` is immutable and kept in *canonical order*: each cluster
is a sorted tuple, and clusters are sorted by their smallest element. Cluster indices therefore
mean the same thing in every algorithm, history and figure of the project, and ties that are
broken "by canonical order" are reproducible.

Algorithms keep their own incremental state (cluster masses, ranges, costs) in arrays and
record :class:`Partition` values in their histories.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray


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
        If a block is empty, an element is repeated or missing, or out of range.

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
        blocks = [tuple(sorted(int(x) for x in c)) for c in clusters]
        if any(len(b) == 0 for b in blocks):
            raise ValueError("clusters must be non-empty")
        elements = [x for b in blocks for x in b]
        size = len(elements) if n is None else int(n)
        if len(set(elements)) != len(elements):
            raise ValueError("clusters must be disjoint (an element appears twice)")
        if sorted(elements) != list(range(size)):
            missing = sorted(set(range(size)) - set(elements))[:5]
            extra = sorted(set(elements) - set(range(size)))[:5]
            raise ValueError(
                f"clusters must cover 0..{size - 1} exactly (missing {missing}, out of range {extra})"
            )
        blocks.sort(key=lambda b: b[0])
        object.__setattr__(self, "clusters", tuple(blocks))
        object.__setattr__(self, "n", size)

    # -- constructors -------------------------------------------------------------------
    @classmethod
    def singletons(cls, n: int) -> Partition:
        """The finest partition ``{{0}, {1}, …, {n-1}}``.

        Examples
        --------
        >>> len(Partition.singletons(4))
        4
        """
        if n < 1:
            raise ValueError(f"n must be >= 1; got {n}")
        return cls([[x] for x in range(n)], n)

    @classmethod
    def whole(cls, n: int) -> Partition:
        """The coarsest partition: one cluster holding everything."""
        if n < 1:
            raise ValueError(f"n must be >= 1; got {n}")
        return cls([range(n)], n)

    @classmethod
    def from_labels(cls, labels: ArrayLike) -> Partition:
        """The partition whose clusters are the elements with equal labels (any hashable labels).

        Examples
        --------
        >>> Partition.from_labels(["a", "b", "a"]).clusters
        ((0, 2), (1,))
        """
        labels = list(np.asarray(labels).tolist())
        if not labels:
            raise ValueError("labels must not be empty")
        groups: dict[object, list[int]] = {}
        for x, lab in enumerate(labels):
            groups.setdefault(lab, []).append(x)
        return cls(groups.values(), len(labels))

    # -- views --------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.clusters)

    def __iter__(self):
        return iter(self.clusters)

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

        Examples
        --------
        >>> Partition([[0, 1], [2]]).format()
        '{x1,x2},{x3}'
        >>> Partition([[0, 1], [2]]).format(["a", "b", "c"])
        '{a,b},{c}'
        """

        def name(x: int) -> str:
            return str(names[x]) if names is not None else f"{prefix}{x + 1 if one_based else x}"

        return ",".join("{" + ",".join(name(x) for x in c) + "}" for c in self.clusters)

    def to_frame(self) -> pd.DataFrame:
        """One row per element: ``element``, ``cluster`` (canonical index), ``size``."""
        return pd.DataFrame(
            {"element": np.arange(self.n), "cluster": self.labels, "size": self.sizes[self.labels]}
        )

    # -- operations ---------------------------------------------------------------------
    def merge(self, i: int, j: int) -> Partition:
        """Merge clusters ``i`` and ``j`` (canonical indices); the result is canonical again.

        Raises
        ------
        ValueError
            If ``i == j`` or an index is out of range.
        """
        k = len(self.clusters)
        if not (0 <= i < k and 0 <= j < k):
            raise ValueError(f"cluster indices must be in 0..{k - 1}; got {i}, {j}")
        if i == j:
            raise ValueError(f"cannot merge cluster {i} with itself")
        rest = [c for m, c in enumerate(self.clusters) if m not in (i, j)]
        return Partition(rest + [self.clusters[i] + self.clusters[j]], self.n)

    def refines(self, other: Partition) -> bool:
        """Whether every cluster of ``self`` lies inside a cluster of ``other``."""
        self._check_same_n(other)
        lab = other.labels
        return all(len({int(lab[x]) for x in c}) == 1 for c in self.clusters)

    def join(self, other: Partition) -> Partition:
        """The finest common coarsening of ``self`` and ``other`` (union of the two relations).

        Examples
        --------
        >>> Partition([[0, 1], [2], [3]]).join(Partition([[0], [1, 2], [3]])).clusters
        ((0, 1, 2), (3,))
        """
        self._check_same_n(other)
        from scipy.sparse import coo_matrix
        from scipy.sparse.csgraph import connected_components

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

        Examples
        --------
        >>> q = Partition([[0, 2], [1]])
        >>> q.aggregate([[0.1, 0.2, 0.3], [0.0, 0.4, 0.0]])
        array([[0.4, 0.2],
               [0. , 0.4]])
        >>> q.aggregate([[True, False, False]], how="any")
        array([[ True, False]])
        """
        arr = np.asarray(matrix)
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
        if how == "any":
            return np.logical_or.reduceat(taken.astype(bool), starts, axis=axis)
        raise ValueError(f"how must be 'sum' or 'any'; got {how!r}")

    def _check_same_n(self, other: Partition) -> None:
        if not isinstance(other, Partition):
            raise ValueError(f"other must be a Partition; got {type(other).__name__}")
        if other.n != self.n:
            raise ValueError(f"partitions of different alphabets: n={self.n} and n={other.n}")
