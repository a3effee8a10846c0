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
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import ArrayLike, NDArray

from nsp._resources import progress
from nsp._validation import (
    Base,
    check_base,
    check_choice,
    check_int,
    check_tol,
    trusted,
)
from nsp.privacy_channels._capacity._candidates import (
    _first_completion,
    _full_index,
    row_types,
    slice_types,
)
from nsp.privacy_channels._capacity._common import (
    MAX_CANDIDATES,
    EnumerationBudgetError,
    _capacity,
    _check_individual,
)
from nsp.privacy_channels._core import PrivacyChannel, as_privacy_channel, group_channel

#: Runs over at least this many candidate channels or row sets show a progress bar (after two
#: seconds); smaller ones finish first.
_PROGRESS_CANDIDATES = 1_000


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
    channel : ndarray, shape ``(|X_{i*}|, k)``
        The member ``W*`` of ``S_{i*}`` attaining ``C_1``.
    input_dist : ndarray, shape ``(|X_{i*}|,)``
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
    MemoryError
        If a capacity computation would exceed 80 % of the available memory (checked by
        :func:`nsp.channels.channel_capacity`, which every capacity here goes through).

    See Also
    --------
    individual_capacity_bounds : Cheap certified bounds.
    individual_capacity_search : A direct search over priors, a check.
    group_capacity : The capacity of a group of individuals.
    nsp.channels.channel_capacity : The capacity of a plain channel.

    Notes
    -----
    Runs over at least 1,000 candidate channels (``"enumerate"``) or row sets (``"setdp"``)
    show a progress bar once they exceed two seconds (``TQDM_DISABLE=1`` turns it off).

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
        pairs = ((i, sel) for i in inds for sel in itertools.product(*Vs[i]))
        for i, sel in progress(
            pairs,
            desc="C_1: candidate channels",
            total=total,
            unit="channel",
            enabled=False if total < _PROGRESS_CANDIDATES else None,
        ):
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
            for i in progress(
                inds,
                desc="C_1: individuals",
                unit="individual",
                enabled=False if n_cand < _PROGRESS_CANDIDATES else None,
            ):
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

    See Also
    --------
    individual_channel_capacity : For one individual.
    group_channel : The merged channel.

    Examples
    --------
    Both individuals of Example 1 together: the capacity of the full channel.

    >>> from nsp.papers.privacy_channels import example1_rr
    >>> round(group_capacity(example1_rr(0.1), [0, 1]), 9)
    0.531004406
    """
    ch = as_privacy_channel(ch)
    g, pos = group_channel(ch, group)
    check_base(base)
    method = check_choice("method", method, ("setdp", "enumerate"))
    with trusted():  # the arguments are validated
        return individual_channel_capacity(g, base=base, method=method, individuals=[pos]).value
