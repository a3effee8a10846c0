"""Zero-error helpers for set-valued channels ``mask[input, output]``.

The confusability graph of the inputs, independence numbers, strong powers, zero-error
codes and the bounds on the zero-error capacity used by Farokhi's noiseless-privacy paper
(Sec. II-B, Prop. 2), after Shannon (1956).

References
----------
.. [1] F. Farokhi, "Noiseless privacy: definition, guarantees, and applications",
   arXiv:1910.13027.
.. [2] C. E. Shannon, "The zero error capacity of a noisy channel", IRE Trans. Inf. Theory,
   1956.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

import networkx as nx
import numpy as np

from nsp._validation import Base, check_base, check_int
from nsp.uncertain._decomposition import confusability_graph
from nsp.uncertain._masks import _check_count, _log
from nsp.uncertain._measures import symmetrized_leakage
from nsp.uncertain._ranges import JointRange, RangeLike, range_mask

__all__ = [
    "MAX_POWER_CELLS",
    "independence_number",
    "strong_power",
    "is_zero_error_code",
    "zero_error_code_witness",
    "zero_error_rate_lower_bound",
    "sup_symmetrized_leakage",
]

#: The largest strong power (cells of its mask) that :func:`strong_power` builds.
MAX_POWER_CELLS = 2**26


def independence_number(graph: nx.Graph) -> int:
    """Return the independence number ``α(G)``: the size of a largest independent set of nodes.

    Exact (a maximum clique of the complement, :func:`networkx.max_weight_clique`);
    exponential in the worst case, meant for small graphs.

    Parameters
    ----------
    graph : networkx.Graph
        An undirected graph; self-loops are ignored.

    Returns
    -------
    int
        The size of a largest set of pairwise non-adjacent nodes (0 for the empty graph).

    See Also
    --------
    confusability_graph : The graph of a range.
    zero_error_rate_lower_bound : Independence numbers of strong powers, per letter.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy", arXiv:1910.13027, 2019, §III-B and Theorem 2 (zero-error
       capacity).

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


def _power_exceeds(cells: int, k: int) -> bool:
    """Whether ``cells**k > MAX_POWER_CELLS``, without computing a huge power."""
    if cells <= 1:
        return False
    # cells >= 2, so cells**k >= 2**k: a k beyond the cap's bit length exceeds it outright.
    return k >= MAX_POWER_CELLS.bit_length() or cells**k > MAX_POWER_CELLS


def strong_power(r: RangeLike, k: int) -> JointRange:
    """Return the k-letter range of a memoryless set-valued channel ``mask[input, output]``.

    ``[[Y^k | x^k]] = ∏_ℓ [[Y|x_ℓ]]`` (Farokhi, Sec. II-B): the Kronecker power of the mask.
    Inputs and outputs are the k-tuples of labels in lexicographic order; the confusability
    graph of the inputs of the power is the strong power ``G^{⊠k}``.

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_inputs, n_outputs)
        The set-valued channel.
    k : int
        The number of channel uses, >= 1.

    Returns
    -------
    JointRange
        Shape ``(n_inputs**k, n_outputs**k)``.

    Raises
    ------
    ValueError
        If ``k`` is not an integer >= 1, or the power would have more than
        :data:`MAX_POWER_CELLS` cells.

    See Also
    --------
    zero_error_rate_lower_bound : The rate its independence numbers give.
    is_zero_error_code : Whether a set of inputs is never confused.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy: definition, guarantees, and applications",
       arXiv:1910.13027, Sec. II-B.

    Examples
    --------
    >>> p = strong_power([[1, 1], [0, 1]], 2)
    >>> p.shape, p.s_labels[:2]
    ((4, 4), ((0, 0), (0, 1)))
    """
    k = _check_count("k", k)
    rr = r if isinstance(r, JointRange) else JointRange(range_mask(r))
    if _power_exceeds(rr.n_s * rr.n_x, k):
        raise ValueError(
            f"strong_power of a {rr.n_s} x {rr.n_x} range with k={k} would have "
            f"({rr.n_s * rr.n_x})**{k} cells, more than MAX_POWER_CELLS={MAX_POWER_CELLS}: lower k"
        )
    m = np.ones((1, 1), dtype=bool)
    for _ in range(k):
        m = np.kron(m, rr.mask).astype(bool)
    return JointRange(
        m,
        s_labels=list(itertools.product(rr.s_labels, repeat=k)),
        x_labels=list(itertools.product(rr.x_labels, repeat=k)),
    )


def is_zero_error_code(r: RangeLike, code: Iterable[int]) -> bool:
    """Return whether the inputs ``code`` (rows of ``mask[input, output]``) are never confused.

    A code is zero-error when no output is possible for two of its inputs, i.e. their
    conditional ranges ``[[Y|x]]`` are pairwise disjoint (``|F ∩ 𝒳(y)| ≤ 1`` for every y).
    :func:`zero_error_code_witness` names two confused inputs when there are some.

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_inputs, n_outputs)
        The set-valued channel.
    code : iterable of int
        Distinct input (row) indices.

    Returns
    -------
    bool

    See Also
    --------
    zero_error_code_witness : A confusion, when there is one.
    independence_number : The size of the largest zero-error code of one letter.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy", arXiv:1910.13027, 2019, §III-B and Theorem 2.

    Examples
    --------
    >>> pent = JointRange.from_pairs((x, (x + d) % 5) for x in range(5) for d in (0, 1))
    >>> is_zero_error_code(pent, [0, 2]), is_zero_error_code(pent, [0, 1])
    (True, False)
    """
    m = range_mask(r)
    idx = _code_of(code, m.shape[0])
    return bool((m[idx].sum(axis=0) <= 1).all())


def _code_of(code: Iterable[int], n_inputs: int) -> np.ndarray:
    """Return the input indices of a code, checked: integers, in range, distinct."""
    try:
        items = list(code)
    except TypeError:
        raise ValueError(f"code must be an iterable of input indices; got {code!r}") from None
    for v in items:
        try:
            check_int("code", v)
        except ValueError:
            raise ValueError(f"code must hold integer input indices; got {v!r}") from None
        if not 0 <= v < n_inputs:
            raise ValueError(f"code holds an input index out of range 0..{n_inputs - 1}")
    idx = np.asarray(items, dtype=np.intp)
    if np.unique(idx).size != idx.size:
        raise ValueError("code must not repeat an input")
    return idx


def zero_error_rate_lower_bound(r: RangeLike, *, k_max: int = 2, base: Base = 2) -> float:
    """Return ``max_{k ≤ k_max} log α(G^{⊠k}) / k``, a lower bound on the capacity ``C0``.

    ``G`` is the confusability graph of the inputs of the set-valued channel
    ``mask[input, output]`` (Shannon 1956; Farokhi eq. (13)); ``C0`` is its zero-error
    capacity. Exact independence numbers: keep ``|inputs|**k_max`` small.

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_inputs, n_outputs)
        The set-valued channel.
    k_max : int, default 2
        The largest number of channel uses, >= 1.
    base : float or str, default 2
        The logarithm base.

    Returns
    -------
    float

    See Also
    --------
    strong_power : The k-letter range.
    independence_number : The size of a largest independent set.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy: definition, guarantees, and applications",
       arXiv:1910.13027, eq. (13).

    Examples
    --------
    The pentagon: ``α(G) = 2``, ``α(G⊠G) = 5``, so the bound is ``log2 √5``.

    >>> pent = JointRange.from_pairs((x, (x + d) % 5) for x in range(5) for d in (0, 1))
    >>> round(zero_error_rate_lower_bound(pent, k_max=2), 4)
    1.161
    """
    k_max = _check_count("k_max", k_max)
    check_base(base)
    rr = r if isinstance(r, JointRange) else JointRange(range_mask(r))
    if _power_exceeds(rr.n_s * rr.n_x, k_max):
        raise ValueError(
            f"k_max={k_max} needs a strong power of more than MAX_POWER_CELLS={MAX_POWER_CELLS} "
            "cells: lower k_max"
        )
    best = 0.0
    for k in range(1, k_max + 1):
        alpha = independence_number(confusability_graph(strong_power(rr, k), axis=0))
        best = max(best, _log(alpha, base) / k)
    return best


def sup_symmetrized_leakage(r: RangeLike, *, base: Base = 2, max_inputs: int = 16) -> float:
    """Return ``sup_{A ≠ ∅} L0s(J_A)`` over the input subsets A of a set-valued channel.

    ``J_A = {(x, y): x ∈ A, y ∈ [[Y|x]]}`` for the channel ``mask[input, output]``; the
    right-hand side of Farokhi's Prop. 2 (``C0 ≤ sup L0s``). Exhaustive over the ``2^n − 1``
    subsets.

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_inputs, n_outputs)
        The set-valued channel.
    base : float or str, default 2
        The logarithm base.
    max_inputs : int, default 16
        Refuse channels with more inputs than this (the work doubles with each input).

    Returns
    -------
    float

    Raises
    ------
    ValueError
        If there are more than ``max_inputs`` inputs.

    See Also
    --------
    symmetrized_leakage : The leakage of one range.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy: definition, guarantees, and applications",
       arXiv:1910.13027, Prop. 2.

    Examples
    --------
    >>> pent = JointRange.from_pairs((x, (x + d) % 5) for x in range(5) for d in (0, 1))
    >>> round(sup_symmetrized_leakage(pent), 4)
    1.3219
    """
    max_inputs = _check_count("max_inputs", max_inputs)
    check_base(base)
    m = range_mask(r)
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


def zero_error_code_witness(r: RangeLike, code: Iterable[int]) -> tuple[int, int, int] | None:
    """Return two inputs of ``code`` and an output both can produce, or ``None``.

    The witness that ``code`` is not a zero-error code (:func:`is_zero_error_code`):
    inputs ``a < b`` of the code and an output ``y ∈ [[Y|a]] ∩ [[Y|b]]`` (the first output
    with two inputs of the code, and its two smallest inputs).

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_inputs, n_outputs)
        The set-valued channel ``mask[input, output]``.
    code : iterable of int
        Distinct input (row) indices.

    Returns
    -------
    tuple of (int, int, int), or None
        ``(a, b, y)``.

    See Also
    --------
    is_zero_error_code : Whether there is none.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy", arXiv:1910.13027, 2019, §III-B and Theorem 2.

    Examples
    --------
    >>> pent = JointRange.from_pairs((x, (x + d) % 5) for x in range(5) for d in (0, 1))
    >>> zero_error_code_witness(pent, [0, 1]), zero_error_code_witness(pent, [0, 2])
    ((0, 1, 1), None)
    """
    m = range_mask(r)
    idx = _code_of(code, m.shape[0])
    shared = np.flatnonzero(m[idx].sum(axis=0) > 1)
    if shared.size == 0:
        return None
    y = int(shared[0])
    a, b = sorted(int(i) for i in idx[m[idx, y]])[:2]
    return a, b, y
