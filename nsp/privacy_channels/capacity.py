"""Individual channel capacity ``C_1`` (Wu, Def. 3) by Theorem 3.1, exactly.

``C_1(P) = max_i max_{X in P} I(X_i; Y)`` over **all** priors (correlated records included).
Theorem 3.1 reduces it to finitely many ordinary capacities: for each individual ``i`` the
set ``S_i`` of ``|X_i| x |Y|`` channels obtained by choosing, for every value ``x_i``, one
completion ``x_(i)`` and the row ``p(.|x_i, x_(i))``; ``C_1 = max_i max_{W in S_i} C(W)``.

Two exact methods, which must agree:

``"enumerate"``
    Theorem 3.1 verbatim: one capacity per distinct member of ``S_i`` (``prod_{x_i} |V(x_i)|``
    matrices, where ``V(x_i)`` is the set of distinct rows of slice ``x_i``).
``"setdp"`` (default)
    A faster exact method (not in the paper): ``C(W)`` depends only on the *set* of
    distinct rows and grows with it, so only the inclusion-maximal row sets reachable by a
    selection are needed (built by a dynamic programme over ``x_i`` with dominance pruning;
    they are the bases of a transversal matroid). Capacities are cached per row set across
    individuals and evaluated best-first under certified upper bounds
    (``C(A) <= log sum_y max_{a in A} A[a, y]``, the maximal leakage, and
    ``C(A) <= (1 - sum_y min_a A[a, y]) log|A|``, an erasure-channel bound): a set whose bound
    cannot beat the best value found for its individual is never evaluated. Exact shortcuts:
    one individual (``C_1 = C(P)``) and binary outputs (two extreme rows).

Every capacity comes from :func:`nsp.channels.channel_capacity` (Blahut–Arimoto with
certified bounds). Both methods refuse instances beyond ``max_candidates`` with
:class:`EnumerationBudgetError`: never a silent approximation. Cheap certified bounds
(:func:`individual_capacity_bounds`) and a direct search over priors
(:func:`individual_capacity_search`, an independent lower bound) are provided as well.

References
----------
.. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray
from scipy.optimize import linprog, minimize

from nsp._validation import (
    Base,
    as_pmf,
    check_base,
    check_choice,
    check_int,
    check_real,
    check_tol,
)
from nsp.privacy_channels._checks import check_seed, warn_renamed
from nsp.privacy_channels.core import PrivacyChannel, as_privacy_channel, group_channel

__all__ = [
    "EnumerationBudgetError",
    "ICCResult",
    "row_types",
    "slice_types",
    "candidate_channels",
    "count_candidates",
    "effective_channel",
    "individual_mutual_information",
    "individual_channel_capacity",
    "individual_capacity_bounds",
    "individual_capacity_search",
    "individual_capacity_entropy_constrained",
    "balance_function",
    "group_capacity",
    "max_information_capacity_ind",
    "is_data_independent",
    "data_independent_bound",
    "is_weakly_symmetric",
    "weakly_symmetric_witness",
    "is_uniform_output_reachable",
    "uniform_output_witness",
    "CapacityBounds",
    "IndividualMaxInformation",
    "WeakSymmetryWitness",
    "UniformOutputWitness",
]

#: Default budget: candidate channels (enumerate) or row sets (setdp) per call.
MAX_CANDIDATES: int = 100_000
#: Rows equal after rounding to this many decimals are the same row.
DECIMALS: int = 12


class EnumerationBudgetError(ValueError):
    """Raised when an exact ``C_1`` would need more candidates than ``max_candidates``."""


@dataclass(frozen=True)
class ICCResult:
    """The individual channel capacity and a prior attaining it.

    Attributes
    ----------
    value : float
        ``C_1`` in units of ``base`` (the midpoint of the certified interval).
    lower, upper : float
        Certified bounds (units of ``base``): ``lower`` is the attained mutual information of
        the witness, ``upper`` the largest certified upper bound of any candidate (pruned
        candidates are certified below it), so ``lower <= C_1 <= upper``.
    individual : int
        An individual ``i*`` (0-based) attaining the maximum.
    selection : tuple
        ``g*``: for each value index of ``X_{i*}``, the chosen completion ``x_(i*)`` (index tuple
        of the other individuals, in order).
    channel : ndarray, shape (|X_{i*}|, k)
        The member ``W*`` of ``S_{i*}`` attaining ``C_1``.
    input_dist : ndarray, shape (|X_{i*}|,)
        A capacity-achieving input pmf of ``W*``.
    witness_prior : ndarray, shape ``universe.sizes``
        ``p*(x) = r*(x_{i*}) 1[x_(i*) = g*(x_{i*})]``, a joint prior with ``I(X_{i*};Y) = C_1``.
    per_individual : tuple of float
        ``max_{W in S_i} C(W)`` for every individual considered (``nan`` if skipped).
    n_candidates : int
        Candidates considered: distinct members of ``S_i`` (enumerate) or maximal row sets (setdp).
    n_evaluated : int
        Capacity computations actually run.
    method : str
    base : float
    exact : bool
        Always ``True``: results are never approximated silently.
    """

    value: float
    lower: float
    upper: float
    individual: int
    selection: tuple = field(repr=False)
    channel: NDArray[np.float64] = field(repr=False)
    input_dist: NDArray[np.float64] = field(repr=False)
    witness_prior: NDArray[np.float64] = field(repr=False)
    per_individual: tuple[float, ...]
    n_candidates: int
    n_evaluated: int
    method: str
    base: float
    exact: bool = True


class _Unpackable:
    """Mixin of the frozen result dataclasses that replaced tuples: they still unpack."""

    _fields: ClassVar[tuple[str, ...]] = ()

    def __iter__(self) -> Iterator[Any]:
        return iter(tuple(getattr(self, f) for f in self._fields))

    def __len__(self) -> int:
        return len(self._fields)

    def __getitem__(self, j: int) -> Any:
        return tuple(self)[j]


@dataclass(frozen=True)
class CapacityBounds(_Unpackable):
    """Certified bounds ``lower <= C_1 <= upper``; unpacks as ``(lower, upper)``.

    Attributes
    ----------
    lower, upper : float
        In units of the ``base`` asked for.
    """

    lower: float
    upper: float
    _fields: ClassVar[tuple[str, ...]] = ("lower", "upper")


@dataclass(frozen=True)
class IndividualMaxInformation(_Unpackable):
    """The supremum of Def. 7 and the value at a witness prior; unpacks as ``(supremum, witness)``.

    Attributes
    ----------
    supremum : float
        ``C_1^inf(P_ind)`` in nats (= the dataset DP ε, Proposition 1).
    witness : float
        The max-information at the witness product prior, within ``eta`` of the supremum.
    """

    supremum: float
    witness: float
    _fields: ClassVar[tuple[str, ...]] = ("supremum", "witness")


@dataclass(frozen=True)
class WeakSymmetryWitness(_Unpackable):
    """The outcome of the weak-symmetry search; unpacks as ``(holds, individual, selection)``.

    Attributes
    ----------
    holds : bool
        Whether the channel is weakly symmetric (Def. 11).
    individual : int or None
        An individual ``i'`` whose set ``S_i'`` holds a member with constant column sums.
    selection : tuple or None
        That member's selection ``g`` (one completion index tuple per value of ``X_i'``).
    """

    holds: bool
    individual: int | None
    selection: tuple | None
    _fields: ClassVar[tuple[str, ...]] = ("holds", "individual", "selection")

    def __bool__(self) -> bool:
        return self.holds


@dataclass(frozen=True)
class UniformOutputWitness(_Unpackable):
    """The outcome of the uniform-output search.

    Unpacks as ``(holds, individual, selection, input_dist)``.

    Attributes
    ----------
    holds : bool
        Whether the uniform output law is reachable from some member of some ``S_i``.
    individual : int or None
        That individual ``i``.
    selection : tuple or None
        The member's selection ``g``.
    input_dist : ndarray or None
        An input pmf over ``X_i`` that makes the output uniform.
    """

    holds: bool
    individual: int | None
    selection: tuple | None
    input_dist: NDArray[np.float64] | None = field(repr=False)
    _fields: ClassVar[tuple[str, ...]] = ("holds", "individual", "selection", "input_dist")

    def __bool__(self) -> bool:
        return self.holds


# ----------------------------------------------------------------------------- row types
def row_types(
    ch: PrivacyChannel | ArrayLike, *, decimals: int = DECIMALS
) -> tuple[NDArray[np.float64], NDArray[np.int64]]:
    """Return the distinct rows of the channel and the row type ``tau(x)`` of every dataset.

    ``types`` has shape ``(n_types, k)``; ``tau`` has shape
    ``universe.sizes`` with ``types[tau[x]] == p(.|x)`` (equality after rounding to
    ``decimals`` decimals).


    Parameters
    ----------
    ch : PrivacyChannel or array_like
        The channel (a raw array has its last axis = y).
    decimals : int
        Rows equal after rounding to this many decimals (>= 0) are one type.

    Returns
    -------
    types : numpy.ndarray, shape (n_types, k)
    tau : numpy.ndarray of int64, shape ``universe.sizes``

    Examples
    --------
    >>> from nsp.papers.privacy_channels import example1_rr
    >>> types, tau = row_types(example1_rr(0.1))
    >>> types.tolist(), tau.tolist()
    ([[0.1, 0.9], [0.9, 0.1]], [[0, 1], [1, 0], [1, 1]])
    """
    ch = as_privacy_channel(ch)
    decimals = check_int("decimals", decimals, low=0)
    M = ch.matrix()
    _, first, inv = np.unique(np.round(M, decimals), axis=0, return_index=True, return_inverse=True)
    return M[first].copy(), inv.reshape(ch.universe.sizes).astype(np.int64)


def slice_types(tau: NDArray[np.int64], i: int) -> list[NDArray[np.int64]]:
    """Return ``V_i(x_i)``, the sorted distinct row types of each slice ``x_i`` of individual ``i``.

    Parameters
    ----------
    tau : numpy.ndarray of int
        Row types of every dataset (from :func:`row_types`).
    i : int
        The individual (0-based).

    Returns
    -------
    list of numpy.ndarray
        One array of row types per value of ``x_i``.
    """
    i = check_int("i", i)
    if not 0 <= i < np.ndim(tau):
        raise ValueError(f"i must be an individual index in 0..{np.ndim(tau) - 1}, got {i}")
    moved = np.moveaxis(tau, i, 0).reshape(tau.shape[i], -1)
    return [np.unique(r) for r in moved]


def _first_completion(tau: NDArray[np.int64], i: int, xi: int, t: int) -> tuple[int, ...]:
    """Index tuple ``x_(i)`` of the first completion of slice ``x_i`` with row type ``t``."""
    sl = np.take(tau, xi, axis=i)
    j = int(np.flatnonzero(sl.ravel() == t)[0])
    return tuple(int(a) for a in np.unravel_index(j, sl.shape)) if sl.ndim else ()


def _full_index(i: int, xi: int, comp: tuple[int, ...]) -> tuple[int, ...]:
    return comp[:i] + (xi,) + comp[i:]


def count_candidates(ch: PrivacyChannel | ArrayLike, i: int, *, distinct: bool = True) -> int:
    """Return ``|S_i|``, counted as distinct matrices or as selection functions ``g``.

    Distinct matrices: ``prod |V(x_i)|``; selection functions: ``|X_(i)|^{|X_i|}``.


    Parameters
    ----------
    ch : PrivacyChannel or array_like
        The channel (a raw array has its last axis = y).
    i : int
        The individual (0-based).
    distinct : bool
        Count distinct matrices (``True``) or selection functions.

    Returns
    -------
    int

    Examples
    --------
    >>> from nsp.papers.privacy_channels import example1_rr
    >>> ch = example1_rr(0.1)
    >>> [count_candidates(ch, i, distinct=d) for i in (0, 1) for d in (False, True)]
    [8, 4, 9, 4]
    """
    ch = as_privacy_channel(ch)
    i = _check_individual(ch, i)
    if not distinct:
        sizes = ch.universe.sizes
        rest = int(np.prod([s for j, s in enumerate(sizes) if j != i]))
        return rest ** sizes[i]
    _, tau = row_types(ch)
    return int(np.prod([len(v) for v in slice_types(tau, i)], dtype=object))


def candidate_channels(
    ch: PrivacyChannel | ArrayLike, i: int, *, distinct: bool = True
) -> Iterator[tuple[tuple, NDArray[np.float64]]]:
    """Iterate over ``S_i`` (eq. (26)).

    Pairs ``(g, W)`` with ``g[x_i]`` the chosen completion ``x_(i)`` and
    ``W[x_i] = p(.|x_i, g[x_i])``.

    ``distinct=True`` yields each distinct matrix once (the first ``g`` producing it);
    ``distinct=False`` yields every selection function.


    Parameters
    ----------
    ch : PrivacyChannel or array_like
        The channel (a raw array has its last axis = y).
    i : int
        The individual (0-based).
    distinct : bool
        Yield each distinct matrix once (``True``) or every selection function.

    Returns
    -------
    iterator of (tuple, numpy.ndarray)
        Pairs ``(g, W)``.

    Examples
    --------
    >>> from nsp.papers.privacy_channels import example1_rr
    >>> [g for g, W in candidate_channels(example1_rr(0.1), 1)]
    [((0,), (1,)), ((0,), (0,)), ((1,), (1,)), ((1,), (0,))]
    """
    ch = as_privacy_channel(ch)
    i = _check_individual(ch, i)
    A = ch.array
    sizes = ch.universe.sizes
    if distinct:
        types, tau = row_types(ch)
        V = slice_types(tau, i)
        comps = [
            {int(t): _first_completion(tau, i, xi, int(t)) for t in V[xi]} for xi in range(sizes[i])
        ]
        for sel in itertools.product(*V):
            g = tuple(comps[xi][int(t)] for xi, t in enumerate(sel))
            yield g, types[list(sel)]
    else:
        rest_shape = tuple(s for j, s in enumerate(sizes) if j != i)
        rest = list(itertools.product(*(range(s) for s in rest_shape)))
        for g in itertools.product(rest, repeat=sizes[i]):
            W = np.stack([A[_full_index(i, xi, comp)] for xi, comp in enumerate(g)])
            yield g, W


def effective_channel(
    ch: PrivacyChannel | ArrayLike, i: int, cond: ArrayLike
) -> NDArray[np.float64]:
    """Return the member of ``Q_i`` (eq. (25)) induced by ``cond[x_i, x_(i)] = p(x_(i) | x_i)``.

    ``cond`` has shape ``(|X_i|, |X_(i)|)`` (completions in C order of the other
    individuals), each row a pmf:
    ``W[x_i, y] = sum_{x_(i)} cond[x_i, x_(i)] p(y|x_i, x_(i))``.


    Parameters
    ----------
    ch : PrivacyChannel or array_like
        The channel (a raw array has its last axis = y).
    i : int
        The individual (0-based).
    cond : array_like, shape (|X_i|, |X_(i)|)
        Conditional pmfs of the other records given ``x_i``.

    Returns
    -------
    numpy.ndarray, shape (|X_i|, k)

    Examples
    --------
    >>> from nsp.papers.privacy_channels import example1_rr
    >>> effective_channel(example1_rr(0.1), 0, [[0.5, 0.5]] * 3).round(3).tolist()
    [[0.5, 0.5], [0.5, 0.5], [0.9, 0.1]]
    """
    ch = as_privacy_channel(ch)
    i = _check_individual(ch, i)
    P = np.moveaxis(ch.array, i, 0).reshape(ch.universe.sizes[i], -1, ch.k)
    C = np.asarray(cond, dtype=np.float64)
    if C.shape != P.shape[:2]:
        raise ValueError(f"cond must have shape {P.shape[:2]} (|X_i|, |X_(i)|), got {C.shape}")
    for j, r in enumerate(C):
        as_pmf(r, name=f"cond[{j}]")
    return np.einsum("ac,acy->ay", C, P)


def individual_mutual_information(
    ch: PrivacyChannel | ArrayLike, prior: ArrayLike, i: int, *, base: Base = 2
) -> float:
    """Return ``I(X_i; Y)`` for a joint prior ``prior[x_1, ..., x_n]`` through the channel.

    Parameters
    ----------
    ch : PrivacyChannel or array_like
        The channel (a raw array has its last axis = y).
    prior : array_like, shape ``universe.sizes``
        A joint pmf of the datasets.
    i : int
        The individual (0-based).
    base : float or str
        Logarithm base of the result (2: bits).

    Returns
    -------
    float

    Examples
    --------
    This prior attains ``C_1 = 1 - h(0.1)`` bits in Example 1:

    >>> from nsp.papers.privacy_channels import example1_rr
    >>> prior = np.zeros((3, 2)); prior[0, 0] = prior[1, 0] = 0.5
    >>> round(individual_mutual_information(example1_rr(0.1), prior, 0), 10)
    0.5310044064
    """
    from nsp.info import mutual_information

    ch = as_privacy_channel(ch)
    i = _check_individual(ch, i)
    px = as_pmf(prior, name="prior")
    if px.shape != ch.universe.sizes:
        raise ValueError(f"prior must have shape {ch.universe.sizes}, got {px.shape}")
    joint = px[..., None] * ch.array
    pxy = np.moveaxis(joint, i, 0).reshape(ch.universe.sizes[i], -1, ch.k).sum(axis=1)
    return float(mutual_information(pxy, 0, 1, base=check_base(base)))


# ----------------------------------------------------------------------------- capacities
def _capacity(
    W: NDArray[np.float64], tol: float
) -> tuple[float, float, float, NDArray[np.float64]]:
    """(C, lower, upper, input pmf) in nats via nsp.channels.channel_capacity."""
    from nsp.channels import channel_capacity

    if W.shape[0] == 1:
        return 0.0, 0.0, 0.0, np.ones(1)
    res = channel_capacity(W, base=math.e, tol=tol)
    return (
        float(res.capacity),
        float(res.lower),
        float(res.upper),
        np.asarray(res.input_pmf, dtype=np.float64),
    )


def _leakage_bound(types: NDArray[np.float64], sets: list[tuple[int, ...]]) -> NDArray[np.float64]:
    """Certified upper bounds (nats) on C(rows of each set A).

    ``min(log|A|, log sum_y max_a A[a, y], (1 - sum_y min_a A[a, y]) log|A|)``: the second is
    the maximal leakage (>= capacity); the third holds because the channel is a garbling of an
    erasure channel that reveals the input with probability ``1 - sum_y min_a A[a, y]``.
    """
    out = np.empty(len(sets))
    by_size: dict[int, list[int]] = {}
    for j, A in enumerate(sets):
        by_size.setdefault(len(A), []).append(j)
    for size, js in by_size.items():  # one stacked array per set size (vectorized)
        R = types[np.array([sets[j] for j in js], dtype=np.intp).reshape(len(js), size)]
        top = R.max(axis=1).sum(axis=1)
        reveal = np.maximum(0.0, 1.0 - R.min(axis=1).sum(axis=1))
        log_size = math.log(size)
        for j, t, r in zip(js, top.tolist(), reveal.tolist(), strict=True):
            out[j] = min(log_size, math.log(t), r * log_size)
    return out


def _maximal_sets(V: list[NDArray[np.int64]], budget: int) -> list[int]:
    """Inclusion-maximal images of full selections, as bitmasks (the set-DP)."""
    order = sorted(range(len(V)), key=lambda a: len(V[a]))
    F: set[int] = {0}
    for xi in order:
        new = {A | (1 << int(t)) for A in F for t in V[xi]}
        if len(new) > budget:
            raise EnumerationBudgetError(
                f"the exact set-DP for C_1 needs more than max_candidates={budget} row sets; "
                "raise max_candidates or use individual_capacity_bounds() for certified bounds"
            )
        F = _prune_dominated(new)
    return sorted(F)


def _prune_dominated(F: set[int]) -> set[int]:
    """Keep the inclusion-maximal sets: a set can only be inside a strictly larger one."""
    items = sorted(F, key=lambda A: -A.bit_count())
    sizes = [A.bit_count() for A in items]
    if len(set(sizes)) == 1:
        return set(items)
    wide = max(items).bit_length() > 63
    kept: list[int] = []
    kept_arr = np.zeros(0, dtype=np.uint64)
    j = 0
    while j < len(items):  # one block of equal size at a time, checked against larger kept sets
        size = sizes[j]
        block = []
        while j < len(items) and sizes[j] == size:
            block.append(items[j])
            j += 1
        if not kept:
            new = block
        elif wide:
            new = [A for A in block if not any((A & B) == A for B in kept)]
        else:
            new = [A for A in block if not np.any((kept_arr & np.uint64(A)) == np.uint64(A))]
        kept.extend(new)
        if not wide:
            kept_arr = np.array(kept, dtype=np.uint64)
    return set(kept)


def _bits(A: int) -> tuple[int, ...]:
    out = []
    j = 0
    while A:
        if A & 1:
            out.append(j)
        A >>= 1
        j += 1
    return tuple(out)


def _match(
    types_set: Sequence[int], V: list[NDArray[np.int64]], support: Sequence[int]
) -> dict[int, int]:
    """Bipartite matching (Kuhn) of the row types in ``support`` to distinct values x_i."""
    adj = {t: [xi for xi, v in enumerate(V) if t in set(v.tolist())] for t in types_set}
    owner: dict[int, int] = {}

    def augment(t: int, seen: set[int]) -> bool:
        for xi in adj[t]:
            if xi in seen:
                continue
            seen.add(xi)
            if xi not in owner or augment(owner[xi], seen):
                owner[xi] = t
                return True
        return False

    for t in support:
        augment(t, set())
    return {t: xi for xi, t in owner.items()}


def _witness(
    ch: PrivacyChannel,
    types: NDArray[np.float64],
    tau: NDArray[np.int64],
    i: int,
    rows: tuple[int, ...],
    r: NDArray[np.float64],
    per_value: tuple[int, ...] | None,
):
    """Build (g, W, r over X_i, prior) from a row set (with input pmf r over ``rows``)."""
    sizes = ch.universe.sizes
    V = slice_types(tau, i)
    r = np.clip(np.asarray(r, dtype=np.float64), 0.0, None)
    r = r / r.sum()
    if per_value is None:  # set-DP: match the support to distinct x_i
        support = [t for t, m in zip(rows, r, strict=True) if m > 0]
        match = _match(rows, V, support)
        if any(t not in match for t in support):
            match = _match(rows, V, list(rows))
        chosen = []
        for xi in range(sizes[i]):
            owned = [t for t, a in match.items() if a == xi]
            if owned:
                chosen.append(owned[0])
            else:  # zero mass: any row of the slice will do (prefer one of the set)
                inset = [int(t) for t in V[xi] if int(t) in set(rows)]
                chosen.append(inset[0] if inset else int(V[xi][0]))
    else:
        chosen = list(per_value)
    mass = dict(zip(rows, r, strict=True))
    rx = np.zeros(sizes[i])
    used: set[int] = set()
    for xi, t in enumerate(chosen):
        if t not in used:
            rx[xi] = mass.get(t, 0.0)
            used.add(t)
    rx = rx / rx.sum()
    g = tuple(_first_completion(tau, i, xi, t) for xi, t in enumerate(chosen))
    W = types[chosen]
    prior = np.zeros(sizes)
    for xi, comp in enumerate(g):
        prior[_full_index(i, xi, comp)] = rx[xi]
    return g, W, rx, prior


def individual_channel_capacity(
    ch: PrivacyChannel | ArrayLike,
    *,
    base: Base = 2,
    method: str = "setdp",
    tol: float = 1e-10,
    max_candidates: int = MAX_CANDIDATES,
    individuals: Sequence[int] | None = None,
) -> ICCResult:
    """Return the individual channel capacity ``C_1`` w.r.t. all priors, exactly.

    Def. 3, computed by Theorem 3.1.

    Parameters
    ----------
    ch : PrivacyChannel or array_like
        The privacy channel (last axis = y).
    base : float
        Logarithm base of the result (2 = bits, ``math.e`` = nats).
    method : {"setdp", "enumerate"}
        ``"enumerate"``: Theorem 3.1 literally, one capacity per distinct member of every
        ``S_i``. ``"setdp"``: maximal row sets, cached and pruned by certified bounds (faster;
        same value).
    tol : float
        Certified width (nats) of every capacity computation.
    max_candidates : int
        Budget on candidate channels (enumerate: ``sum_i prod |V(x_i)|``, counted before any
        work) or row sets (setdp). Beyond it :class:`EnumerationBudgetError` is raised.
    individuals : sequence of int, optional
        Restrict the maximum to these individuals (e.g. one per symmetry orbit).

    Returns
    -------
    ICCResult

    Raises
    ------
    EnumerationBudgetError
        If the instance exceeds ``max_candidates``.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels",
       arXiv:1910.09235, 2019, Def. 3 and Theorem 3.1.

    Examples
    --------
    Example 1 of the paper with randomized response, ``p = 0.1``: ``1 - h(0.1)`` bits.

    >>> from nsp.papers.privacy_channels import example1_rr
    >>> res = individual_channel_capacity(example1_rr(0.1))
    >>> round(res.value, 9), res.per_individual == (res.value, res.value)
    (0.531004406, True)
    >>> res = individual_channel_capacity(example1_rr(0.1), method="enumerate", base=math.e)
    >>> round(res.value, 9)
    0.368064207
    """
    ch = as_privacy_channel(ch)
    b = check_base(base)
    method = check_choice("method", method, ("setdp", "enumerate"))
    tol = check_tol("tol", tol)
    max_candidates = check_int("max_candidates", max_candidates, low=1)
    inds = (
        list(range(ch.n))
        if individuals is None
        else [_check_individual(ch, i) for i in individuals]
    )
    if not inds:
        raise ValueError("individuals must name at least one individual")
    types, tau = row_types(ch)
    k = ch.k
    lnb = math.log(b)
    per = [math.nan] * ch.n
    best = None  # (value_nats, lower, upper, i, rows, r, per_value)
    n_eval = 0
    n_cand = 0

    top_upper = 0.0  # max certified upper bound over every evaluated set (pruned ones are below)

    def consider(val, lo, up, i, rows, r, per_value):
        nonlocal best, top_upper
        top_upper = max(top_upper, up)
        if best is None or val > best[0]:
            best = (val, lo, up, i, rows, r, per_value)

    if method == "enumerate":
        Vs = {i: slice_types(tau, i) for i in inds}
        total = sum(int(np.prod([len(v) for v in Vs[i]], dtype=object)) for i in inds)
        if total > max_candidates:
            raise EnumerationBudgetError(
                f"literal enumeration of S_i needs {total} capacity computations, more than "
                f"max_candidates={max_candidates}; use method='setdp' or raise max_candidates"
            )
        for i in inds:
            for sel in itertools.product(*Vs[i]):
                sel = tuple(int(t) for t in sel)
                rows = tuple(sorted(set(sel)))
                val, lo, up, r = _capacity(types[list(rows)], tol)
                n_eval += 1
                n_cand += 1
                per[i] = val if math.isnan(per[i]) else max(per[i], val)
                consider(val, lo, up, i, rows, r, sel)
    else:
        cache: dict[tuple[int, ...], tuple[float, float, float, NDArray[np.float64]]] = {}

        def cap(rows):
            nonlocal n_eval
            if rows not in cache:
                cache[rows] = _capacity(types[list(rows)], tol)
                n_eval += 1
            return cache[rows]

        if ch.n == 1 or k == 2:
            for i in inds:
                for rows in _shortcut_sets(types, tau, i, k):
                    n_cand += 1
                    val, lo, up, r = cap(rows)
                    per[i] = val if math.isnan(per[i]) else max(per[i], val)
                    consider(val, lo, up, i, rows, r, None)
        else:
            # Individuals whose slices hold the same row types (every individual of a symmetric
            # query) share their maximal sets and bounds: compute them once per distinct slice.
            shared: dict[
                tuple[tuple[int, ...], ...], tuple[list[tuple[int, ...]], NDArray[np.float64]]
            ] = {}
            sets_by_i = {}
            for i in inds:
                V = slice_types(tau, i)
                key = tuple(sorted(tuple(int(t) for t in v) for v in V))
                if key not in shared:
                    sets = [_bits(A) for A in _maximal_sets(V, int(max_candidates))]
                    shared[key] = (sets, _leakage_bound(types, sets))
                n_cand += len(shared[key][0])
                if n_cand > max_candidates:
                    raise EnumerationBudgetError(
                        f"the exact set-DP for C_1 needs more than max_candidates={max_candidates} "
                        "row sets; raise max_candidates or use individual_capacity_bounds()"
                    )
                sets_by_i[i] = shared[key]
            for i in inds:
                sets, ub = sets_by_i[i]
                for j in np.argsort(-ub, kind="stable"):
                    rows = sets[j]
                    if rows in cache:
                        val, lo, up, r = cache[rows]
                    else:
                        if not math.isnan(per[i]) and ub[j] <= per[i]:
                            break
                        val, lo, up, r = cap(rows)
                    per[i] = val if math.isnan(per[i]) else max(per[i], val)
                    consider(val, lo, up, i, rows, r, None)
    if best is None:  # cannot happen: every individual has at least one candidate
        raise RuntimeError("no candidate channel was evaluated")
    val, lo, up, i, rows, r, per_value = best
    g, W, rx, prior = _witness(ch, types, tau, i, rows, r, per_value)
    return ICCResult(
        value=val / lnb,
        lower=lo / lnb,
        upper=max(up, top_upper) / lnb,
        individual=i,
        selection=g,
        channel=W,
        input_dist=rx,
        witness_prior=prior,
        per_individual=tuple(p / lnb if not math.isnan(p) else math.nan for p in per),
        n_candidates=n_cand,
        n_evaluated=n_eval,
        method=method,
        base=b,
    )


def _shortcut_sets(types, tau, i, k):
    """Exact candidate row sets for one individual when n == 1 or k == 2."""
    if tau.ndim == 1:  # one individual: C_1 = C(P), all rows selectable at once
        return [tuple(int(t) for t in np.unique(tau))]
    # k == 2: the capacity of a binary-output row set is that of its two extreme rows, and
    # it grows as they move apart; the best pair takes the highest p(y0) in one slice and the
    # lowest in another slice.
    T = np.moveaxis(tau, i, 0).reshape(tau.shape[i], -1)
    Wv = types[:, 0][T]
    hi = T[np.arange(T.shape[0]), np.argmax(Wv, axis=1)]
    lo = T[np.arange(T.shape[0]), np.argmin(Wv, axis=1)]
    if T.shape[0] == 1:
        return [(int(hi[0]),)]
    w = types[:, 0]
    a = int(np.argmax(w[hi]))
    b = int(np.argmin(w[lo]))
    lo_other = w[lo].copy()
    lo_other[a] = np.inf
    hi_other = w[hi].copy()
    hi_other[b] = -np.inf
    out = {
        tuple(sorted({int(hi[a]), int(lo[int(np.argmin(lo_other))])})),
        tuple(sorted({int(hi[int(np.argmax(hi_other))]), int(lo[b])})),
    }
    return sorted(out)


def _check_individual(ch: PrivacyChannel, i: object) -> int:
    return check_int("individual index", i, low=0, high=ch.n - 1)


# ----------------------------------------------------------------------------- bounds, searches
def individual_capacity_bounds(
    ch: PrivacyChannel | ArrayLike,
    *,
    base: Base = 2,
    tol: float = 1e-10,
    max_pairs: int | None = None,
) -> CapacityBounds:
    """Return cheap certified bounds on ``C_1``, in units of ``base``.

    Lower: ``max`` over pairs of distinct rows of the two-row capacity (any two datasets
    differ in some individual, who can select both rows). Upper:
    ``min(C(P), log|Y|, max_i log|X_i|)`` with ``C(P)`` the capacity of the full channel.
    ``max_pairs`` limits the lower bound to that many pairs, those farthest apart in total
    variation (still a valid lower bound; default: every pair).


    Parameters
    ----------
    ch : PrivacyChannel or array_like
        The channel (a raw array has its last axis = y).
    base : float or str
        Logarithm base of the result (2: bits).
    tol : float
        Certified width (nats, > 0) of each capacity computation.
    max_pairs : int, optional
        Largest number of row pairs tried for the lower bound (>= 1).

    Returns
    -------
    CapacityBounds
        ``lower <= C_1 <= upper``; unpacks as ``(lower, upper)``.

    Examples
    --------
    >>> from nsp.papers.privacy_channels import example1_rr
    >>> [round(v, 9) for v in individual_capacity_bounds(example1_rr(0.1))]
    [0.531004406, 0.531004406]
    """
    ch = as_privacy_channel(ch)
    b = check_base(base)
    tol = check_tol("tol", tol)
    if max_pairs is not None:
        max_pairs = check_int("max_pairs", max_pairs, low=1)
    types, _ = row_types(ch)
    pairs = list(itertools.combinations(range(len(types)), 2))
    if max_pairs is not None and len(pairs) > max_pairs:
        P = np.array(pairs)
        tv = 0.5 * np.abs(types[P[:, 0]] - types[P[:, 1]]).sum(axis=1)
        pairs = [pairs[j] for j in np.argsort(-tv, kind="stable")[:max_pairs]]
    lo = 0.0
    for a, c in pairs:
        lo = max(lo, _capacity(types[[a, c]], tol)[1])
    up = min(_capacity(types, tol)[2], math.log(ch.k), max(math.log(s) for s in ch.universe.sizes))
    return CapacityBounds(lo / math.log(b), up / math.log(b))


def _mi_and_grad(p: NDArray[np.float64], P: NDArray[np.float64]):
    """I(X_0; Y) (nats) and its gradient w.r.t. the joint p (P: (s0, rest, k))."""
    joint = p[..., None] * P
    q = joint.sum(axis=1)  # p(x_i, y)
    m = p.sum(axis=1)  # p(x_i)
    s = q.sum(axis=0)  # p(y)
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = np.where(q > 0, q / (m[:, None] * s[None, :]), 1.0)
        lr = np.log(ratio)
    val = float(np.sum(q * lr))
    grad = np.einsum("arY,aY->ar", P, lr)
    return val, grad


def _softmax(theta: NDArray[np.float64]) -> NDArray[np.float64]:
    z = np.exp(theta - theta.max())
    return z / z.sum()


def _neg_mi_objective(
    theta: NDArray[np.float64], P: NDArray[np.float64]
) -> tuple[float, NDArray[np.float64]]:
    """``-I(X_0; Y)`` (nats) of the prior ``softmax(theta)`` and its gradient in ``theta``.

    ``P`` has shape ``(|X_i|, |X_(i)|, k)`` (individual ``i`` moved first); the objective of
    both searches over priors (:func:`individual_capacity_search` and
    :func:`individual_capacity_entropy_constrained`).
    """
    p = _softmax(theta).reshape(P.shape[:2])
    v, g = _mi_and_grad(p, P)
    g = g.ravel()
    pf = p.ravel()
    return -v, -(pf * (g - pf @ g))


def individual_capacity_search(
    ch: PrivacyChannel | ArrayLike, *, base: Base = 2, restarts: int = 20, seed: int = 0
) -> float:
    """Search directly over joint priors: a lower bound on ``C_1``, independent of Theorem 3.1.

    Maximizes ``max_i I(X_i; Y)`` over ``p(x)`` (softmax parametrization, BFGS with the
    analytic gradient, ``restarts`` Dirichlet(0.3) starts per individual plus a uniform one).
    Validation only: it never exceeds the exact ``C_1`` and usually lands within ``1e-6``.


    Parameters
    ----------
    ch : PrivacyChannel or array_like
        The channel (a raw array has its last axis = y).
    base : float or str
        Logarithm base of the result (2: bits).
    restarts : int
        Random starts per individual (>= 0), besides the uniform one.
    seed : int
        Seed of the random starts.

    Returns
    -------
    float
        The best ``max_i I(X_i; Y)`` found, a lower bound on ``C_1``.

    Examples
    --------
    >>> from nsp.papers.privacy_channels import example1_rr
    >>> round(individual_capacity_search(example1_rr(0.1), restarts=5), 6)
    0.531004
    """
    ch = as_privacy_channel(ch)
    b = check_base(base)
    restarts = check_int("restarts", restarts, low=0)
    rng = np.random.default_rng(check_seed(seed))
    best = 0.0
    sizes = ch.universe.sizes
    for i in range(ch.n):
        P = np.moveaxis(ch.array, i, 0).reshape(sizes[i], -1, ch.k)
        starts = [np.zeros(P.shape[0] * P.shape[1])]
        starts += [
            np.log(rng.dirichlet(np.full(starts[0].size, 0.3)) + 1e-300) for _ in range(restarts)
        ]
        for th0 in starts:
            th0 = np.clip(th0, -40, None)
            res = minimize(
                _neg_mi_objective,
                th0,
                args=(P,),
                jac=True,
                method="BFGS",
                options={"maxiter": 400, "gtol": 1e-10},
            )
            best = max(best, -float(res.fun))
    return best / math.log(b)


def individual_capacity_entropy_constrained(
    ch: PrivacyChannel | ArrayLike, b: float, *, base: Base = 2, restarts: int = 30, seed: int = 0
) -> float:
    """Return a heuristic lower bound on ``C_1^b = max_{i, H(X) >= b} I(X_i; Y)`` (Assumption 2.1).

    Theorem 3.1 does not apply under the entropy constraint; this runs SLSQP from
    ``restarts`` random starts (softmax parametrization). ``b`` is in units of ``base``.
    At ``b = log|X|`` the only prior is uniform and the value is exact.


    Parameters
    ----------
    ch : PrivacyChannel or array_like
        The channel (a raw array has its last axis = y).
    b : float
        The entropy floor, in ``[0, log |X|]`` (units of ``base``).
    base : float or str
        Logarithm base of the result (2: bits).
    restarts : int
        Random starts per individual (>= 0), besides the uniform one.
    seed : int
        Seed of the random starts.

    Returns
    -------
    float
        The best value found, a lower bound on ``C_1^b``.

    Examples
    --------
    >>> from nsp.papers.privacy_channels import example1_rr
    >>> round(individual_capacity_entropy_constrained(example1_rr(0.1), math.log2(6)), 6)
    0.12508
    """
    ch = as_privacy_channel(ch)
    bb = check_base(base)
    lnb = math.log(bb)
    sizes = ch.universe.sizes
    hmax = math.log(ch.universe.size)
    bn = check_real("b", b) * lnb
    restarts = check_int("restarts", restarts, low=0)
    rng_seed = check_seed(seed)
    if not -1e-12 <= bn <= hmax + 1e-9:
        raise ValueError(
            f"b must be in [0, log|X|] = [0, {hmax / lnb:.6g}] (units of base), got {b}"
        )
    if bn >= hmax - 1e-12:
        u = np.full(sizes, 1.0 / ch.universe.size)
        return max(individual_mutual_information(ch, u, i, base=math.e) for i in range(ch.n)) / lnb
    rng = np.random.default_rng(rng_seed)
    best = 0.0
    for i in range(ch.n):
        P = np.moveaxis(ch.array, i, 0).reshape(sizes[i], -1, ch.k)

        def hcon(theta):
            p = _softmax(theta)
            pz = p[p > 0]
            return float(-np.sum(pz * np.log(pz))) - bn

        def hjac(theta):
            p = _softmax(theta)
            lg = np.log(np.where(p > 0, p, 1.0))
            g = -(lg + 1.0)
            return p * (g - p @ g)

        size = P.shape[0] * P.shape[1]
        starts = [np.zeros(size)] + [rng.normal(scale=1.5, size=size) for _ in range(restarts)]
        for th0 in starts:
            with np.errstate(all="ignore"):
                res = minimize(
                    _neg_mi_objective,
                    th0,
                    args=(P,),
                    jac=True,
                    method="SLSQP",
                    constraints=[{"type": "ineq", "fun": hcon, "jac": hjac}],
                    options={"maxiter": 500, "ftol": 1e-12},
                )
            if hcon(res.x) >= -1e-9:
                best = max(best, -float(res.fun))
    return best / lnb


def balance_function(
    ch: PrivacyChannel | ArrayLike,
    bs: Sequence[float],
    *,
    base: Base = 2,
    restarts: int = 30,
    seed: int = 0,
) -> pd.DataFrame:
    """Return the balance function ``delta(b) = C_1 - C_1^b`` (Def. 5), a heuristic upper estimate.

    ``C_1`` is exact (Theorem 3.1); ``C_1^b`` is the heuristic lower bound of
    :func:`individual_capacity_entropy_constrained` (computing it is "an open problem" in the
    paper), so ``delta_upper >= delta(b)``.

    Returns a DataFrame with columns ``b, c1, c1_b, delta_upper`` (units of ``base``).


    Parameters
    ----------
    ch : PrivacyChannel or array_like
        The channel (a raw array has its last axis = y).
    bs : sequence of float
        Entropy floors ``b`` (units of ``base``).
    base : float or str
        Logarithm base of the result (2: bits).
    restarts : int
        Random starts of each constrained search.
    seed : int
        Seed of the random starts.

    Returns
    -------
    pandas.DataFrame
        Columns ``b, c1, c1_b, delta_upper`` (units of ``base``).

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels",
       arXiv:1910.09235, 2019, Def. 5 and Lemmas 1-2.

    Examples
    --------
    >>> from nsp.papers.privacy_channels import example1_rr
    >>> df = balance_function(example1_rr(0.1), [0.0, math.log2(6)], restarts=2)
    >>> df["delta_upper"].round(6).tolist()
    [0.0, 0.405925]
    """
    ch = as_privacy_channel(ch)
    if np.ndim(bs) != 1:
        raise ValueError(f"bs must be a 1-D sequence of entropy levels; got {bs!r}")
    bs = [check_real(f"bs[{j}]", b) for j, b in enumerate(bs)]
    c1 = individual_channel_capacity(ch, base=base).value
    rows = []
    for b in bs:
        cb = individual_capacity_entropy_constrained(ch, b, base=base, restarts=restarts, seed=seed)
        cb = min(cb, c1)
        rows.append({"b": float(b), "c1": c1, "c1_b": cb, "delta_upper": max(c1 - cb, 0.0)})
    return pd.DataFrame(rows)


def group_capacity(
    ch: PrivacyChannel | ArrayLike, group: Sequence[int], *, base: Base = 2, method: str = "setdp"
) -> float:
    """Return ``C_G = max_X I(X_G; Y)``: Theorem 3.1 applied to the merged super-individual ``G``.

    Parameters
    ----------
    ch : PrivacyChannel or array_like
        The channel (a raw array has its last axis = y).
    group : sequence of int
        Distinct individuals (0-based).
    base : float or str
        Logarithm base of the result (2: bits).
    method : {"setdp", "enumerate"}
        As in :func:`individual_channel_capacity`.

    Returns
    -------
    float

    Examples
    --------
    Both individuals of Example 1 together: the capacity of the full channel.

    >>> from nsp.papers.privacy_channels import example1_rr
    >>> round(group_capacity(example1_rr(0.1), [0, 1]), 9)
    0.531004406
    """
    ch = as_privacy_channel(ch)
    g, pos = group_channel(ch, group)
    return individual_channel_capacity(g, base=base, method=method, individuals=[pos]).value


def max_information_capacity_ind(
    ch: PrivacyChannel | ArrayLike, *, eta: float = 1e-12
) -> IndividualMaxInformation:
    """Return ``C_1^inf(P_ind)`` of Def. 7 (nats) and the value at a witness prior.

    The supremum equals the dataset DP epsilon (Proposition 1).

    The supremum is approached, not attained: the witness product prior puts
    mass ``1 - eta`` on the denominator record ``x_i'`` and ``eta`` on ``x_i``, the others
    degenerate at the maximizing completion. Returns ``(supremum, witness value)``.


    Parameters
    ----------
    ch : PrivacyChannel or array_like
        The channel (a raw array has its last axis = y).
    eta : float
        Mass in (0, 1) that the witness prior puts on the numerator record.

    Returns
    -------
    IndividualMaxInformation
        Unpacks as ``(supremum, witness)``, both in nats.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels",
       arXiv:1910.09235, 2019, Defs. 6-8 and Proposition 1.

    Examples
    --------
    >>> from nsp.papers.privacy_channels import example1_rr
    >>> sup, wit = max_information_capacity_ind(example1_rr(0.1))
    >>> round(sup, 9), abs(sup - wit) < 1e-6
    (2.197224577, True)
    """
    from nsp.privacy_channels.core import dp_epsilon_axis_lines

    ch = as_privacy_channel(ch)
    eta = check_real("eta", eta, low=0.0, high=1.0, closed="neither")
    sup = dp_epsilon_axis_lines(ch)
    if sup == 0 or math.isinf(sup):
        return IndividualMaxInformation(sup, sup)
    A = ch.array
    best: tuple[float, tuple[int, tuple[int, ...]]] = (-1.0, (0, ()))
    for i in range(ch.n):
        Ai = np.moveaxis(A, i, 0)  # (s_i, ..., k)
        with np.errstate(divide="ignore"):
            lr = np.log(Ai.max(axis=0)) - np.log(Ai.min(axis=0))
        lr = np.where(Ai.max(axis=0) > 0, lr, -np.inf)
        j = tuple(int(a) for a in np.unravel_index(int(np.argmax(lr)), lr.shape))
        if lr[j] > best[0]:
            best = (float(lr[j]), (i, j))
    i, j = best[1]
    comp, y = j[:-1], j[-1]
    line = np.moveaxis(A, i, 0)[(slice(None),) + tuple(comp) + (y,)]
    hi, lo = int(np.argmax(line)), int(np.argmin(line))
    # product prior: X_i in {hi (eta), lo (1-eta)}, others degenerate at comp
    row_hi = np.moveaxis(A, i, 0)[(hi,) + tuple(comp)]
    row_lo = np.moveaxis(A, i, 0)[(lo,) + tuple(comp)]
    eta = eta * math.exp(-sup)  # keeps the witness within ~eta of the supremum
    py = eta * row_hi + (1 - eta) * row_lo
    wit = float(math.log(row_hi[y] / py[y]))
    return IndividualMaxInformation(sup, wit)


# ----------------------------------------------------------------------------- data independence
def is_data_independent(ch: PrivacyChannel | ArrayLike, *, atol: float = 1e-12) -> bool:
    """Return whether every row ``p(.|x)`` is a permutation of every other.

    Parameters
    ----------
    ch : PrivacyChannel or array_like
        The channel (a raw array has its last axis = y).
    atol : float
        Tolerance (>= 0) on the sorted rows.

    Returns
    -------
    bool

    Examples
    --------
    >>> from nsp.papers.privacy_channels import example1_rr
    >>> is_data_independent(example1_rr(0.3)), is_data_independent([[0.5, 0.5], [0.2, 0.8]])
    (True, False)
    """
    M = np.sort(as_privacy_channel(ch).matrix(), axis=1)
    return bool(np.all(np.abs(M - M[0]) <= check_real("atol", atol, low=0.0)))


def data_independent_bound(ch: PrivacyChannel | ArrayLike, *, base: Base = 2) -> float:
    """Return Corollary 1's bound ``log|Y| - H(Z)`` (eq. (44)) on ``C_1``.

    ``Z ~ p(.|x)`` for any ``x`` (the rows are permutations of each other).


    Parameters
    ----------
    ch : PrivacyChannel or array_like
        The channel (a raw array has its last axis = y).
    base : float or str
        Logarithm base of the result (2: bits).

    Returns
    -------
    float

    Raises
    ------
    ValueError
        If the channel is not data-independent.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels",
       arXiv:1910.09235, 2019, Def. 10 and Corollary 1.

    Examples
    --------
    >>> from nsp.papers.privacy_channels import example1_rr
    >>> round(data_independent_bound(example1_rr(0.1)), 10)
    0.5310044064
    """
    from nsp.info import entropy

    ch = as_privacy_channel(ch)
    if not is_data_independent(ch, atol=1e-9):
        raise ValueError(
            "ch must be data-independent (Def. 10: rows are permutations of each other)"
        )
    b = check_base(base)
    z = ch.matrix()[0]
    return math.log(ch.k) / math.log(b) - float(entropy(z, base=b))


def weakly_symmetric_witness(
    ch: PrivacyChannel | ArrayLike, *, atol: float = 1e-9, max_candidates: int = MAX_CANDIDATES
) -> WeakSymmetryWitness:
    """Search for a witness of weak symmetry (Def. 11).

    A channel is weakly symmetric when it is data-independent and some member of some
    ``S_i`` has constant column sums. The distinct members of every ``S_i`` are searched in
    order.

    Parameters
    ----------
    ch : PrivacyChannel or array_like
        The channel.
    atol : float
        Tolerance (>= 0) of data independence and of equal column sums.
    max_candidates : int
        Budget on the members searched.

    Returns
    -------
    WeakSymmetryWitness
        ``holds`` and, when it holds, the individual and selection of a witnessing member.

    Raises
    ------
    EnumerationBudgetError
        If the search needs more than ``max_candidates`` members.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels",
       arXiv:1910.09235, 2019, Def. 11 and Corollary 1.

    Examples
    --------
    >>> from nsp.papers.privacy_channels import example1_rr
    >>> tuple(weakly_symmetric_witness(example1_rr(0.1)))
    (True, 1, ((0,), (0,)))
    """
    ch = as_privacy_channel(ch)
    atol = check_real("atol", atol, low=0.0)
    max_candidates = check_int("max_candidates", max_candidates, low=1)
    if not is_data_independent(ch, atol=atol):
        return WeakSymmetryWitness(False, None, None)
    total = sum(count_candidates(ch, i) for i in range(ch.n))
    if total > max_candidates:
        raise EnumerationBudgetError(
            f"weak-symmetry search needs {total} candidates > max_candidates={max_candidates}"
        )
    for i in range(ch.n):
        for g, W in candidate_channels(ch, i):
            cs = W.sum(axis=0)
            if np.all(np.abs(cs - cs[0]) <= atol):
                return WeakSymmetryWitness(True, i, g)
    return WeakSymmetryWitness(False, None, None)


def is_weakly_symmetric(
    ch: PrivacyChannel | ArrayLike, *, atol: float = 1e-9, max_candidates: int = MAX_CANDIDATES
) -> bool:
    """Return whether the channel is weakly symmetric (Def. 11).

    The witness comes from :func:`weakly_symmetric_witness`.

    Parameters
    ----------
    ch : PrivacyChannel or array_like
        The channel.
    atol : float
        Tolerance (>= 0) of data independence and of equal column sums.
    max_candidates : int
        Budget on the members of the ``S_i`` searched.

    Returns
    -------
    bool

    Raises
    ------
    EnumerationBudgetError
        If the search needs more than ``max_candidates`` members.

    Examples
    --------
    >>> from nsp.papers.privacy_channels import example1_rr
    >>> is_weakly_symmetric(example1_rr(0.1)), is_weakly_symmetric([[0.5, 0.5], [0.2, 0.8]])
    (True, False)
    """
    return weakly_symmetric_witness(ch, atol=atol, max_candidates=max_candidates).holds


def uniform_output_witness(
    ch: PrivacyChannel | ArrayLike, *, max_candidates: int = MAX_CANDIDATES
) -> UniformOutputWitness:
    """Search for a member of some ``S_i`` whose rows' convex hull holds the uniform output law.

    For a data-independent channel such a member exists **iff** ``C_1 = log|Y| - H(Z)``
    (weak symmetry, Def. 11, is the special case of a uniform input). One linear-programming
    feasibility test per maximal row set.

    Parameters
    ----------
    ch : PrivacyChannel or array_like
        The channel.
    max_candidates : int
        Budget on the maximal row sets per individual.

    Returns
    -------
    UniformOutputWitness
        ``holds`` and, when it holds, the individual, the selection and an input pmf over
        ``X_i`` making the output uniform.

    Raises
    ------
    EnumerationBudgetError
        If an individual has more than ``max_candidates`` maximal row sets.

    Examples
    --------
    >>> from nsp.papers.privacy_channels import example1_rr
    >>> w = uniform_output_witness(example1_rr(0.1))
    >>> w.holds, w.individual, w.input_dist.round(3).tolist()
    (True, 0, [0.5, 0.5, 0.0])
    """
    ch = as_privacy_channel(ch)
    max_candidates = check_int("max_candidates", max_candidates, low=1)
    types, tau = row_types(ch)
    k = ch.k
    for i in range(ch.n):
        for A in _maximal_sets(slice_types(tau, i), max_candidates):
            rows = _bits(A)
            R = types[list(rows)]
            A_eq = np.vstack([R.T, np.ones(len(rows))])
            b_eq = np.concatenate([np.full(k, 1.0 / k), [1.0]])
            res = linprog(
                np.zeros(len(rows)),
                A_eq=A_eq,
                b_eq=b_eq,
                bounds=[(0, None)] * len(rows),
                method="highs",
            )
            if res.status == 0:
                g, W, rx, _ = _witness(
                    ch, types, tau, i, rows, np.maximum(np.asarray(res.x), 0) + 0.0, None
                )
                return UniformOutputWitness(True, i, g, rx)
    return UniformOutputWitness(False, None, None, None)


def is_uniform_output_reachable(
    ch: PrivacyChannel | ArrayLike, *, max_candidates: int = MAX_CANDIDATES
) -> bool:
    """Return whether some member of some ``S_i`` can make the output uniform.

    The witness comes from :func:`uniform_output_witness`.

    Parameters
    ----------
    ch : PrivacyChannel or array_like
        The channel.
    max_candidates : int
        Budget on the maximal row sets per individual.

    Returns
    -------
    bool

    Examples
    --------
    >>> from nsp.papers.privacy_channels import example1_rr
    >>> is_uniform_output_reachable(example1_rr(0.1))
    True
    """
    return uniform_output_witness(ch, max_candidates=max_candidates).holds


def uniform_output_reachable(
    ch: PrivacyChannel | ArrayLike, *, max_candidates: int = MAX_CANDIDATES
) -> UniformOutputWitness:
    """Search for a uniform-output witness: deprecated name of :func:`uniform_output_witness`.

    The result unpacks as before.

    Parameters
    ----------
    ch : PrivacyChannel or array_like
        The channel.
    max_candidates : int
        Budget on the maximal row sets per individual.

    Returns
    -------
    UniformOutputWitness
    """
    warn_renamed("nsp.privacy_channels.uniform_output_reachable", "uniform_output_witness")
    return uniform_output_witness(ch, max_candidates=max_candidates)
