"""Data-independent channels (Def. 10) and Corollary 1's bound ``log|Y| - H(Z)``.

When the bound is attained: weak symmetry (Def. 11) and, more generally, a reachable uniform
output law.

References
----------
.. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import ClassVar

import numpy as np
from numpy.typing import ArrayLike, NDArray
from scipy.optimize import linprog

from nsp._validation import (
    Base,
    check_base,
    check_int,
    check_real,
    trusted,
)
from nsp.info import entropy
from nsp.privacy_channels._capacity._candidates import (
    candidate_channels,
    count_candidates,
    row_types,
    slice_types,
)
from nsp.privacy_channels._capacity._common import (
    MAX_CANDIDATES,
    EnumerationBudgetError,
    _Unpackable,
)
from nsp.privacy_channels._capacity._exact import _bits, _maximal_sets, _witness
from nsp.privacy_channels._core import PrivacyChannel, as_privacy_channel


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

    See Also
    --------
    data_independent_bound : Corollary 1's bound, which holds for such channels.
    is_weakly_symmetric : A weaker condition.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       Def. 10 and Corollary 1.

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

    See Also
    --------
    is_data_independent : When the bound applies.
    exponential_capacity_bound : The bound for the exponential channel.

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
    ch = as_privacy_channel(ch)
    with trusted():  # a validated channel
        independent = is_data_independent(ch, atol=1e-9)
    if not independent:
        raise ValueError(
            "ch must be data-independent (Def. 10: rows are permutations of each other)"
        )
    b = check_base(base)
    z = ch.matrix()[0]
    with trusted():  # a row of the validated channel
        return math.log(ch.k) / math.log(b) - float(entropy(z, base=b))


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

    See Also
    --------
    is_weakly_symmetric : Whether there is a witness.

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

    See Also
    --------
    weakly_symmetric_witness : The witness.
    is_data_independent : A stronger condition.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       Def. 11.

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

    See Also
    --------
    is_uniform_output_reachable : Whether there is a witness.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       Def. 11 (weakly symmetric-reachable) and Corollary 1.

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

    See Also
    --------
    uniform_output_witness : The witness.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       Def. 11 (weakly symmetric-reachable) and Corollary 1.

    Examples
    --------
    >>> from nsp.papers.privacy_channels import example1_rr
    >>> is_uniform_output_reachable(example1_rr(0.1))
    True
    """
    return uniform_output_witness(ch, max_candidates=max_candidates).holds
