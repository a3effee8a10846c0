"""Reference versions of the three algorithms, written from the paper's pseudo-code.

Slow on purpose: every step recomputes every cluster's S-range, the components of the
confusability graph and every candidate's key from the partition itself, with no state
carried between steps (no slots, no cached pair tables, no component bookkeeping). The
library's incremental algorithms (:func:`~nsp.clustering.nonstochastic.merge_by_leakage`,
:func:`~nsp.clustering.nonstochastic.merge_across_components`,
:func:`~nsp.clustering.nonstochastic.merge_until_connected`, :func:`merge_path`) must make
the same merges; the tests check it on seeded random instances and the benchmarks time them
against these versions.

The tie rules are those documented in :mod:`nsp.clustering.nonstochastic`. Partitions are
lists of clusters, each a sorted tuple of indices of X, in canonical order (by their smallest
element). Logarithms are in bits.

References
----------
N. Ding, F. Farokhi, "Developing non-stochastic privacy-preserving policies using
agglomerative clustering", IEEE Trans. Inf. Forensics Security, 2020, Algorithms 1 and 2,
§V-C.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from typing import Literal, NamedTuple

import numpy as np
from numpy.typing import ArrayLike, NDArray
from scipy.sparse import csr_array
from scipy.sparse.csgraph import connected_components

from nsp._algorithms import PathAlgorithm, check_algorithm
from nsp._validation import check_choice, check_int, check_real
from nsp.clustering.nonstochastic._paths import _PATH_ALGORITHMS
from nsp.clustering.nonstochastic._state import _check_pair_table
from nsp.clustering.nonstochastic._utilities import _real_vector
from nsp.uncertain import range_mask

__all__ = [
    "all_partitions",
    "reference_path",
    "reference_run",
    "reference_side_measures",
    "reference_until_connected",
]

Clusters = list[tuple[int, ...]]

#: Stopping tolerance on ΔL and tie tolerance on distortions (as the library's).
TOL = 1e-12
#: Tie tolerance on ΔL of the §V-C variant (as the library's).
TOL_VC = 1e-9
#: The most values of X accepted (every step builds tables over all pairs of clusters).
MAX_VALUES = 5_000


def _canon(clusters: Iterable[Iterable[int]]) -> Clusters:
    return sorted((tuple(sorted(int(x) for x in c)) for c in clusters), key=lambda c: c[0])


def _flat(q: Clusters) -> tuple[NDArray[np.intp], NDArray[np.intp]]:
    """List the members of every cluster one after the other, and where each cluster starts."""
    members = np.fromiter((x for c in q for x in c), dtype=np.intp)
    starts = np.cumsum([0] + [len(c) for c in q[:-1]], dtype=np.intp)
    return members, starts


def _ranges(mask: NDArray[np.bool_], q: Clusters) -> NDArray[np.bool_]:
    """``[[S|𝒳]]`` of every cluster, one row each (from the columns of the joint range)."""
    members, starts = _flat(q)
    return np.logical_or.reduceat(mask[:, members], starts, axis=1).T


def _components(mask: NDArray[np.bool_], q: Clusters) -> NDArray[np.intp]:
    """Component of every cluster in the confusability graph of the quantized range."""
    r = _ranges(mask, q)
    k, n_s = r.shape
    rows, cols = np.nonzero(r)
    g = csr_array((np.ones(rows.size), (rows, cols + k)), shape=(k + n_s, k + n_s))
    lab = connected_components(g, directed=False)[1][:k]
    # renumber in order of first appearance, so that labels do not depend on scipy
    _, first, inv = np.unique(lab, return_index=True, return_inverse=True)
    return np.argsort(np.argsort(first))[inv]


def _stats(
    q: Clusters, values: NDArray[np.float64]
) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64], NDArray[np.intp]]:
    """Sum, minimum, maximum and number of the values of every cluster."""
    members, starts = _flat(q)
    v = values[members]
    sizes = np.array([len(c) for c in q], dtype=np.intp)
    return (
        np.add.reduceat(v, starts),
        np.minimum.reduceat(v, starts),
        np.maximum.reduceat(v, starts),
        sizes,
    )


class _Dist(NamedTuple):
    """The distortion of U2: squared or not, and the codeword (centroid or medoid)."""

    sq: bool
    medoid: bool = False


def _brute_medoid(v: NDArray[np.float64], sq: bool) -> float:
    """``min_{c ∈ v} max_{x ∈ v} d(x, c)``: every member tried as the codeword."""
    d = np.abs(v[:, None] - v[None, :]).max(axis=0).min()
    return float(d * d if sq else d)


def _merged_dbar(
    x: tuple[int, ...], q: Clusters, values: NDArray[np.float64], sq: _Dist
) -> NDArray[np.float64]:
    """``d̄(𝒳 ∪ 𝒳_j)`` of the cluster ``x`` merged with every cluster of ``q``."""
    if sq.medoid:
        return np.array([_brute_medoid(values[list(x) + list(c)], sq.sq) for c in q])
    vsum, vmin, vmax, sizes = _stats(q, values)
    vx = values[list(x)]
    centre = (vx.sum() + vsum) / (vx.size + sizes)
    d = np.maximum(centre - np.minimum(vx.min(), vmin), np.maximum(vx.max(), vmax) - centre)
    return np.asarray(d * d if sq.sq else d, dtype=np.float64)


def _pair_dbar(q: Clusters, values: NDArray[np.float64], sq: _Dist) -> NDArray[np.float64]:
    """``d̄(𝒳_i ∪ 𝒳_j)`` of every pair of clusters (the centroid of the union's values)."""
    if sq.medoid:
        return np.array([_merged_dbar(c, q, values, sq) for c in q])
    vsum, vmin, vmax, sizes = _stats(q, values)
    centre = (vsum[:, None] + vsum[None, :]) / (sizes[:, None] + sizes[None, :])
    d = np.maximum(
        centre - np.minimum(vmin[:, None], vmin[None, :]),
        np.maximum(vmax[:, None], vmax[None, :]) - centre,
    )
    return np.asarray(d * d if sq.sq else d, dtype=np.float64)


def _utility(q: Clusters, n: int, utility: str, values: NDArray | None, sq: _Dist) -> float:
    if utility == "U1":
        return math.log2(n) - math.log2(max(len(c) for c in q))
    assert values is not None
    return -float(_cluster_dbar(q, values, sq).max()) + 0.0


def _cluster_dbar(q: Clusters, values: NDArray[np.float64], sq: _Dist) -> NDArray[np.float64]:
    """``d̄`` of every cluster (its values' largest distance from their codeword)."""
    if sq.medoid:
        return np.array([_brute_medoid(values[list(c)], sq.sq) for c in q])
    vsum, vmin, vmax, sizes = _stats(q, values)
    centre = vsum / sizes
    d = np.maximum(centre - vmin, vmax - centre)
    return np.asarray(d * d if sq.sq else d, dtype=np.float64)


def _l0(mask: NDArray[np.bool_], q: Clusters) -> float:
    return math.log2(mask.shape[0]) - math.log2(int(_ranges(mask, q).sum(axis=1).min()))


def _prepare(
    r: ArrayLike, utility: str, values: ArrayLike | None, distance: str, codeword: str
) -> tuple[NDArray[np.bool_], NDArray[np.float64] | None, _Dist]:
    check_choice("utility", utility, ("U1", "U2"))
    check_choice("distance", distance, ("abs", "sq"))
    check_choice("codeword", codeword, ("centroid", "medoid"))
    mask = np.asarray(range_mask(r), dtype=bool)
    _check_pair_table(mask.shape[1], MAX_VALUES)
    vals = None
    if utility == "U2":
        src = getattr(r, "x_labels", None) if values is None else values
        if src is None:
            raise ValueError("values must be given for utility 'U2'")
        vals = _real_vector("values", src, mask.shape[1])
    return mask, vals, _Dist(distance == "sq", codeword == "medoid")


# ---------------------------------------------------------------------------------------------
# Algorithm 1
# ---------------------------------------------------------------------------------------------


def _alg1(
    mask: NDArray[np.bool_], utility: str, values: NDArray | None, sq: _Dist
) -> Iterator[Clusters]:
    """Yield the partitions of Algorithm 1, ``Q^(0), Q^(1), …`` (ends when no merge is possible)."""
    q = _canon([x] for x in range(mask.shape[1]))
    yield q
    while len(q) > 1:
        sizes = _ranges(mask, q).sum(axis=1)
        pi = [c for c, s in zip(q, sizes, strict=True) if s == sizes.min()]  # fixed this round
        cur = list(q)
        merged = False
        while pi:
            x = pi.pop(0)
            rx = mask[:, list(x)].any(axis=1)
            other = (_ranges(mask, cur) != rx).any(axis=1)  # a different S-range (so not x)
            if not other.any():
                continue
            if utility == "U1":
                keys = np.array([float(len(x) + len(c)) for c in cur])
            else:
                assert values is not None
                keys = _merged_dbar(x, cur, values, sq)
            keys = np.where(other, keys, np.inf)
            tol = 0.0 if utility == "U1" else TOL
            best = cur[int(np.flatnonzero(keys <= keys.min() + tol)[0])]
            cur = _canon([c for c in cur if c not in (x, best)] + [x + best])
            if best in pi:
                pi.remove(best)
            merged = True
        if not merged:
            return
        q = cur
        yield q


# ---------------------------------------------------------------------------------------------
# Algorithm 2
# ---------------------------------------------------------------------------------------------


def _alg2(
    mask: NDArray[np.bool_], utility: str, values: NDArray | None, sq: _Dist
) -> Iterator[Clusters]:
    """Yield the partitions of Algorithm 2 (ends when the confusability graph is connected)."""
    q = _canon([x] for x in range(mask.shape[1]))
    yield q
    while True:
        comp = _components(mask, q)
        if np.unique(comp).size == 1:
            return
        sizes = np.array([len(c) for c in q])
        if utility == "U1":
            key = (sizes[:, None] + sizes[None, :]).astype(float)
            tol = 0.0
        else:
            assert values is not None
            key = _pair_dbar(q, values, sq)
            tol = TOL
        valid = np.triu(comp[:, None] != comp[None, :], 1)
        key = np.where(valid, key, np.inf)
        sel = valid & (key <= key.min() + tol)
        gsize = np.bincount(comp, weights=sizes)[comp]  # original values per component
        joined = np.where(sel, gsize[:, None] + gsize[None, :], -1)
        sel &= joined == joined.max()
        i, j = np.argwhere(sel)[0]  # canonical order: the earlier cluster, then the later one
        q = _canon([c for t, c in enumerate(q) if t not in (i, j)] + [q[i] + q[j]])
        yield q


def reference_path(
    r: ArrayLike,
    *,
    algorithm: PathAlgorithm = "merge_by_leakage",
    utility: Literal["U1", "U2"] = "U1",
    values: ArrayLike | None = None,
    distance: Literal["abs", "sq"] = "abs",
    codeword: Literal["centroid", "medoid"] = "centroid",
) -> list[Clusters]:
    """Return the λ-independent merge path of Algorithm 1 or 2, every step from scratch.

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_s, n_x)
        The joint range.
    algorithm : {"merge_by_leakage", "merge_across_components"}
        Which algorithm (aliases ``"algorithm1"``, ``"algorithm2"``).
    utility : {"U1", "U2"}
        The utility that ranks the candidate merges.
    values : array_like of float, optional
        Numeric value of every x (U2); default: the JointRange's x labels.
    distance : {"abs", "sq"}
        Distance of U2.
    codeword : {"centroid", "medoid"}
        Codeword of U2 (the medoid found by trying every member).

    Returns
    -------
    list of list of tuple
        The partitions ``Q^(0), Q^(1), …`` up to the last possible merge.

    Examples
    --------
    >>> from nsp.papers.agglomerative import example1_range
    >>> reference_path(example1_range())[1]
    [(0, 1, 6), (2, 4), (3, 5)]
    """
    alg = check_algorithm(algorithm, "nonstochastic", _PATH_ALGORITHMS)
    mask, vals, sq = _prepare(r, utility, values, distance, codeword)
    steps = _alg1 if alg == "merge_by_leakage" else _alg2
    return list(steps(mask, utility, vals, sq))


def reference_run(
    r: ArrayLike,
    lam: float,
    *,
    algorithm: PathAlgorithm = "merge_by_leakage",
    utility: Literal["U1", "U2"] = "U1",
    values: ArrayLike | None = None,
    distance: Literal["abs", "sq"] = "abs",
    codeword: Literal["centroid", "medoid"] = "centroid",
) -> Clusters:
    """Return the partition Algorithm 1 or 2 returns for ``lam``, evaluating every ``ΔL``.

    A step is accepted while ``ΔL < −1e-12``; ``ΔL`` is the change of ``L0 − λU``
    (Algorithm 1) or ``log|P| − λU`` (Algorithm 2), both computed from the partitions.

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_s, n_x)
        The joint range.
    lam : float
        λ ≥ 0.
    algorithm, utility, values, distance, codeword
        As in :func:`reference_path`.

    Returns
    -------
    list of tuple
        The returned partition.

    Examples
    --------
    >>> from nsp.papers.agglomerative import example1_range
    >>> reference_run(example1_range(), 0.3, algorithm="merge_across_components")
    [(0, 2, 6), (1, 4), (3, 5)]
    """
    lam = check_real("lam", lam, low=0.0)
    alg = check_algorithm(algorithm, "nonstochastic", _PATH_ALGORITHMS)
    mask, vals, sq = _prepare(r, utility, values, distance, codeword)
    n = mask.shape[1]

    def lagrangian(q: Clusters) -> float:
        if alg == "merge_by_leakage":
            privacy = _l0(mask, q)
        else:
            privacy = math.log2(np.unique(_components(mask, q)).size)
        return privacy - lam * _utility(q, n, utility, vals, sq)

    steps = (_alg1 if alg == "merge_by_leakage" else _alg2)(mask, utility, vals, sq)
    q = next(steps)
    for new in steps:
        if lagrangian(new) - lagrangian(q) >= -TOL:
            return q
        q = new
    return q


# ---------------------------------------------------------------------------------------------
# the §V-C variant
# ---------------------------------------------------------------------------------------------


def _min_others(w: NDArray[np.float64]) -> NDArray[np.float64]:
    """``m[i, j] = min_{c ∉ {i, j}} w[c]`` (``inf`` when there is no other cluster)."""
    k = w.size
    order = np.argsort(w, kind="stable")[:3]
    m = np.full((k, k), np.inf)
    ii, jj = np.meshgrid(np.arange(k), np.arange(k), indexing="ij")
    done = np.zeros((k, k), dtype=bool)
    for c in order:  # the first of the three smallest that is neither i nor j
        take = ~done & (ii != c) & (jj != c)
        m[take] = w[c]
        done |= take
    return m


def reference_until_connected(
    r: ArrayLike,
    lam: float,
    *,
    utility: Literal["U1", "U2"] = "U1",
    values: ArrayLike | None = None,
    distance: Literal["abs", "sq"] = "abs",
    codeword: Literal["centroid", "medoid"] = "centroid",
) -> list[tuple[Clusters, float | None]]:
    """Run the §V-C variant from its definition: eq. (12) for every pair, every step.

    Every iteration merges, among the pairs of clusters in different components, the one of
    smallest ``ΔL = −B0(new) + B0(old) + λ(U(old) − U(new))`` (ties within 1e-9: smallest
    ``|[[S|𝒳1]]| + |[[S|𝒳2]]|``, then the largest two subgraphs, then canonical order),
    until the confusability graph is connected.

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_s, n_x)
        The joint range.
    lam : float
        λ ≥ 0.
    utility, values, distance, codeword
        As in :func:`reference_path`.

    Returns
    -------
    list of (partition, float or None)
        Every partition from the singletons on, with the ``ΔL`` of the merge that made it
        (``None`` for the singletons).

    Examples
    --------
    >>> from nsp.papers.agglomerative import example1_range
    >>> steps = reference_until_connected(example1_range(), 0.3)
    >>> steps[-1][0], [round(d, 4) for _, d in steps[1:]]
    ([(0, 5, 6), (1, 2), (3, 4)], [0.3, 0.0, -1.0, 0.1755])
    """
    lam = check_real("lam", lam, low=0.0)
    mask, vals, sq = _prepare(r, utility, values, distance, codeword)
    n = mask.shape[1]
    q = _canon([x] for x in range(n))
    out: list[tuple[Clusters, float | None]] = [(q, None)]
    while True:
        comp = _components(mask, q)
        if np.unique(comp).size == 1:
            return out
        k = len(q)
        ranges = _ranges(mask, q)
        rs = ranges.sum(axis=1)
        sizes = np.array([len(c) for c in q])
        b0_old = math.log2(int(rs.min()))
        # B0 of the merged partition: min(|[[S|𝒳i ∪ 𝒳j]]|, min over the other clusters); the
        # union matters only when it can be below that minimum, i.e. when both are smaller
        others = _min_others(rs.astype(float))
        off = others[~np.eye(k, dtype=bool)]
        finite = off[np.isfinite(off)]
        low = np.flatnonzero(rs < (finite.max() if finite.size else np.inf))
        union = np.full((k, k), np.inf)
        for a in low:
            for b in low:
                union[a, b] = float((ranges[a] | ranges[b]).sum())
        b0_new = np.log2(np.minimum(union, others))
        if utility == "U1":
            u_old = math.log2(n) - math.log2(int(sizes.max()))
            biggest = np.maximum(
                sizes[:, None] + sizes[None, :], -_min_others(-sizes.astype(float))
            )
            u_new = math.log2(n) - np.log2(biggest)
        else:
            assert vals is not None
            dbar = _cluster_dbar(q, vals, sq)
            u_old = float(-dbar.max()) + 0.0
            u_new = -np.maximum(_pair_dbar(q, vals, sq), -_min_others(-dbar))
        delta = -b0_new + b0_old + lam * (u_old - u_new)
        valid = np.triu(comp[:, None] != comp[None, :], 1)
        dm = np.where(valid, delta, np.inf)
        sel = valid & (dm <= dm.min() + TOL_VC)
        rsum = np.where(sel, rs[:, None] + rs[None, :], np.iinfo(np.int64).max)
        sel &= rsum == rsum.min()
        gsize = np.bincount(comp, weights=sizes)[comp]
        joined = np.where(sel, gsize[:, None] + gsize[None, :], -1)
        sel &= joined == joined.max()
        i, j = np.argwhere(sel)[0]
        q = _canon([c for t, c in enumerate(q) if t not in (i, j)] + [q[i] + q[j]])
        out.append((q, float(delta[i, j])))


# ---------------------------------------------------------------------------------------------
# side information: the measures of one quantization, and every quantization of a small X
# ---------------------------------------------------------------------------------------------

#: The most values of X whose partitions :func:`all_partitions` lists (Bell(10) = 115,975).
MAX_PARTITIONED = 10


def all_partitions(n: int) -> Iterator[Clusters]:
    """Yield every partition of ``{0, …, n−1}``, each in canonical order.

    Parameters
    ----------
    n : int
        The number of values (1 to 10).

    Yields
    ------
    list of tuple
        A partition; there are Bell(n) of them.

    Examples
    --------
    >>> [p for p in all_partitions(3)]  # doctest: +NORMALIZE_WHITESPACE
    [[(0, 1, 2)], [(0, 1), (2,)], [(0, 2), (1,)], [(0,), (1, 2)], [(0,), (1,), (2,)]]
    """
    n = check_int("n", n, low=1, high=MAX_PARTITIONED)

    def grow(x: int, blocks: list[list[int]]) -> Iterator[Clusters]:
        if x == n:
            yield _canon(blocks)
            return
        for b in blocks:
            b.append(x)
            yield from grow(x + 1, blocks)
            b.pop()
        blocks.append([x])
        yield from grow(x + 1, blocks)
        blocks.pop()

    yield from grow(0, [])


def reference_side_measures(
    mask: ArrayLike, clusters: Iterable[Iterable[int]]
) -> tuple[float, float]:
    """Return ``(L0(S → X̂|A), I*(S; X̂, A))`` of one quantization, from sets (in bits).

    Written from the definitions with Python sets: ``[[S|a]]``, ``[[S|x̂, a]]`` for every
    pair that occurs, and the components of the graph on those pairs whose edges join pairs
    with intersecting S-ranges (a breadth-first search).

    Parameters
    ----------
    mask : array_like of bool, shape (n_s, n_x, n_a)
        The joint range ``[[S, X, A]]``.
    clusters : iterable of iterable of int
        The quantization: clusters of indices of X covering every x once.

    Returns
    -------
    tuple of float
        The leakage with side information and the maximin information.

    Examples
    --------
    >>> m = np.zeros((2, 2, 1), bool); m[0, 0, 0] = m[1, 1, 0] = True
    >>> reference_side_measures(m, [[0], [1]]), reference_side_measures(m, [[0, 1]])
    ((1.0, 1.0), (0.0, 0.0))
    """
    arr = np.asarray(mask, dtype=bool)
    if arr.ndim != 3:
        raise ValueError(f"mask must be 3-D, mask[s, x, a]; got shape {arr.shape}")
    n_s, n_x, n_a = arr.shape
    q = _canon(clusters)
    if sorted(x for c in q for x in c) != list(range(n_x)):
        raise ValueError("clusters must cover every value of X exactly once")
    triples = {(s, x, a) for s, x, a in zip(*np.nonzero(arr), strict=True)}
    s_given_a = {a: {s for s, _, b in triples if b == a} for a in range(n_a)}
    nodes: dict[tuple[int, int], set[int]] = {}
    for c_id, c in enumerate(q):
        for a in range(n_a):
            rng = {s for s, x, b in triples if b == a and x in c}
            if rng:
                nodes[(c_id, a)] = rng
    l0 = max(math.log2(len(s_given_a[a]) / len(r)) for (_, a), r in nodes.items())
    todo, comps = set(nodes), 0
    while todo:
        comps += 1
        frontier = [todo.pop()]
        while frontier:
            u = frontier.pop()
            near = [v for v in todo if nodes[u] & nodes[v]]
            for v in near:
                todo.discard(v)
            frontier.extend(near)
    return l0 + 0.0, math.log2(comps)
