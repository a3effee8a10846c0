"""Marginal and conditional ranges, Hartley entropies, ``I0``, ``L0`` and k-anonymity.

The measures of a finite joint range ``[[S, X]]`` that depend only on the sizes of its
conditional ranges ``[[S|x]]`` (Nair 2013; Ding & Farokhi 2020, Sec. II-III; Farokhi,
arXiv:1910.13027, Sec. II). Information is in bits by default (``base=2``).

References
----------
.. [1] N. Ding, F. Farokhi, "Developing non-stochastic privacy-preserving policies using
   agglomerative clustering", IEEE Trans. Inf. Forensics Security, 2020.
.. [2] F. Farokhi, "Noiseless privacy: definition, guarantees, and applications",
   arXiv:1910.13027.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
from numpy.typing import NDArray

from nsp._validation import Base
from nsp.uncertain._masks import _check_count, _check_index, _log
from nsp.uncertain._ranges import JointRange, RangeLike, _check_axis, _check_given, range_mask

__all__ = [
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
    "dependence_witness",
    "k_anonymity",
    "is_k_anonymous",
    "k_anonymity_witness",
    "distinguishability",
    "distinguishability_matrix",
]


def marginal_range(r: RangeLike, *, axis: int = 0) -> tuple:
    """Return the marginal range ``[[S]]`` (``axis=0``) or ``[[X]]`` (``axis=1``), as labels.

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_s, n_x)
        The joint range ``[[S, X]]``.
    axis : {0, 1}, default 0
        0 for S, 1 for X (-2 and -1 are accepted too).

    Returns
    -------
    tuple
        The labels of a :class:`JointRange`, else the indices ``0, 1, …``.

    See Also
    --------
    conditional_range : The range of S given x.
    hartley_entropy : The logarithm of the marginal range's size.

    References
    ----------
    .. [1] N. Ding, F. Farokhi, "Developing non-stochastic privacy-preserving policies using
       agglomerative clustering", IEEE Trans. Inf. Forensics Security, 2020, §II.

    Examples
    --------
    >>> marginal_range(JointRange.from_pairs([("a", 1), ("b", 1)]))
    ('a', 'b')
    """
    axis = _check_axis(axis)
    if isinstance(r, JointRange):
        return r.s_labels if axis == 0 else r.x_labels
    return tuple(range(range_mask(r).shape[axis]))


def conditional_range(
    r: RangeLike, value: int | Iterable[int], *, given: str = "x"
) -> frozenset[int]:
    """Return the conditional range ``[[S|x]]`` (or ``[[S|𝒳]]`` for a set of x's), as indices.

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_s, n_x)
        The joint range ``[[S, X]]``.
    value : int or iterable of int
        Index (or indices) of the conditioning value(s); a set ``𝒳`` gives the union
        ``[[S|𝒳]] = ⋃_{x∈𝒳} [[S|x]]`` (eq. (2) of Ding & Farokhi).
    given : {"x", "s"}
        ``"s"`` gives ``[[X|s]]`` (X indices) instead.

    Returns
    -------
    frozenset of int
        Indices of S (or of X with ``given="s"``).

    See Also
    --------
    marginal_range : Without the condition.
    conditional_range_sizes : The sizes of every conditional range.
    cluster_ranges : The conditional ranges of clusters of x's.

    References
    ----------
    .. [1] N. Ding, F. Farokhi, IEEE Trans. Inf. Forensics Security, 2020, eq. (2).

    Examples
    --------
    >>> r = [[1, 0, 0], [1, 1, 0], [0, 0, 1]]
    >>> sorted(conditional_range(r, 0)), sorted(conditional_range(r, [1, 2]))
    ([0, 1], [1, 2])
    >>> sorted(conditional_range(r, 1, given="s"))
    [0, 1]
    """
    axis = _check_given(given)
    m = range_mask(r)
    m = m if axis == 0 else m.T
    raw = list(value) if isinstance(value, Iterable) else value
    idx = np.atleast_1d(np.asarray(raw))
    if idx.size == 0 or idx.ndim != 1 or idx.dtype.kind not in "iu":
        raise ValueError(f"value must be one index or a non-empty set of indices; got {value!r}")
    if idx.min() < 0 or idx.max() >= m.shape[1]:
        raise ValueError(f"value holds an index out of range 0..{m.shape[1] - 1}")
    return frozenset(np.flatnonzero(m[:, idx].any(axis=1)).tolist())


def conditional_range_sizes(r: RangeLike, *, given: str = "x") -> NDArray[np.intp]:
    """Return ``|[[S|x]]|`` for every x (``given="x"``), or ``|[[X|s]]|`` for every s.

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_s, n_x)
        The joint range ``[[S, X]]``.
    given : {"x", "s"}
        The conditioning variable.

    Returns
    -------
    ndarray of int
        Shape ``(n_x,)`` for ``given="x"``, ``(n_s,)`` for ``given="s"``.

    See Also
    --------
    conditional_range : One conditional range, as indices.
    conditional_hartley_entropy : The logarithm of the largest size.
    k_anonymity : The smallest size.

    References
    ----------
    .. [1] N. Ding, F. Farokhi, "Developing non-stochastic privacy-preserving policies using
       agglomerative clustering", IEEE Trans. Inf. Forensics Security, 2020, §II and Lemma 1.

    Examples
    --------
    >>> conditional_range_sizes([[1, 0, 1], [1, 1, 0]])
    array([2, 1, 1])
    >>> conditional_range_sizes([[1, 0, 1], [1, 1, 0]], given="s")
    array([2, 2])
    """
    axis = _check_given(given)
    return range_mask(r).sum(axis=axis, dtype=np.intp)


def hartley_entropy(r: RangeLike, *, axis: int = 0, base: Base = 2) -> float:
    """Return the Hartley entropy ``H0(S) = log |[[S]]|`` (``axis=0``) or ``H0(X)``.

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_s, n_x)
        The joint range ``[[S, X]]``.
    axis : {0, 1}, default 0
        0 for S, 1 for X.
    base : float or str, default 2
        The logarithm base.

    Returns
    -------
    float

    See Also
    --------
    conditional_hartley_entropy : ``H0(S|X)``, the worst case given X.
    nsp.info.entropy : The probabilistic counterpart.
    differential_hartley_entropy : The continuous counterpart ``h0``.

    References
    ----------
    .. [1] G. N. Nair, IEEE Trans. Automatic Control, 2013.

    Examples
    --------
    Example 1 of Ding & Farokhi: ``H0(X) = log 7``.

    >>> from nsp.papers.agglomerative import example1_range
    >>> round(hartley_entropy(example1_range(), axis=1), 6)
    2.807355
    """
    axis = _check_axis(axis)
    return _log(range_mask(r).shape[axis], base)


def conditional_hartley_entropy(r: RangeLike, *, base: Base = 2) -> float:
    """Return ``H0(S|X) = max_x log |[[S|x]]|``, the worst-case remaining uncertainty about S.

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
    min_conditional_hartley_entropy : ``B0(S|X)``, the best case given X.
    hartley_entropy : Without the condition.
    nsp.info.conditional_entropy : The probabilistic counterpart.

    References
    ----------
    .. [1] G. N. Nair, IEEE Trans. Automatic Control, 2013.

    Examples
    --------
    >>> conditional_hartley_entropy([[1, 0], [1, 1], [1, 0]])
    1.584962500721156
    """
    return _log(int(range_mask(r).sum(axis=0).max()), base)


def min_conditional_hartley_entropy(r: RangeLike, *, base: Base = 2) -> float:
    """Return ``B0(S|X) = min_x log |[[S|x]]|``.

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
    conditional_hartley_entropy : ``H0(S|X)``, the worst case.
    nonstochastic_leakage : ``H0(S) - B0(S|X)``.

    References
    ----------
    .. [1] N. Ding, F. Farokhi, IEEE Trans. Inf. Forensics Security, 2020, Sec. III-A.

    Examples
    --------
    >>> min_conditional_hartley_entropy([[1, 0], [1, 1], [1, 0]])
    0.0
    """
    return _log(int(range_mask(r).sum(axis=0).min()), base)


def nonstochastic_information(r: RangeLike, *, base: Base = 2) -> float:
    """Return Nair's ``I0(S→X) = H0(S) − H0(S|X) = min_x log(|[[S]]|/|[[S|x]]|)``.

    Not symmetric: ``nonstochastic_information(r.T)`` is ``I0(X→S)``.

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
    nonstochastic_leakage : The largest gain over x instead of the smallest.
    maximin_information : The symmetric ``I*(S;X)``.
    continuous_nonstochastic_information : The same for ranges of real numbers.

    References
    ----------
    .. [1] G. N. Nair, IEEE Trans. Automatic Control, 2013.

    Examples
    --------
    Example 1 of Ding & Farokhi: ``I0(S→X) = log 3``.

    >>> from nsp.papers.agglomerative import example1_range
    >>> round(nonstochastic_information(example1_range()), 6)
    1.584963
    """
    m = range_mask(r)
    return _log(m.shape[0] / int(m.sum(axis=0).max()), base)


def nonstochastic_leakage(r: RangeLike, *, base: Base = 2) -> float:
    """Return the non-stochastic leakage ``L0(S→X) = max_x log(|[[S]]|/|[[S|x]]|)``.

    ``L0(S→X) = H0(S) − B0(S|X)``: the maximal uncertainty reduction about S from one
    observation of X (Ding & Farokhi, Sec. III-A; Farokhi eq. (6), there written
    ``L0(X;Y)`` with the secret first). Not symmetric: ``nonstochastic_leakage(r.T)`` is
    ``L0(X→S)``.

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
    nonstochastic_information : Nair's ``I0``, the smallest gain over x.
    symmetrized_leakage : Symmetric in S and X.
    side_information_leakage : With side information A.
    nsp.info.maximal_leakage : A probabilistic worst-case leakage.

    References
    ----------
    .. [1] N. Ding, F. Farokhi, IEEE Trans. Inf. Forensics Security, 2020, Sec. III-A.
    .. [2] F. Farokhi, "Noiseless privacy: definition, guarantees, and applications",
       arXiv:1910.13027, eq. (6).

    Examples
    --------
    Example 1 of Ding & Farokhi: ``L0(S→X) = log 6`` and ``L0(X→S) = log 7``.

    >>> from nsp.papers.agglomerative import example1_range
    >>> r = example1_range()
    >>> round(nonstochastic_leakage(r), 6), round(nonstochastic_leakage(r.T), 6)
    (2.584963, 2.807355)
    """
    m = range_mask(r)
    return _log(m.shape[0] / int(m.sum(axis=0).min()), base)


def symmetrized_leakage(r: RangeLike, *, base: Base = 2) -> float:
    """Return ``L0s(S;X) = min(L0(S→X), L0(X→S))``, symmetric in S and X.

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
    nonstochastic_leakage : One direction, ``L0(S→X)``.
    sup_symmetrized_leakage : Its supremum over a channel's input sets.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy: definition, guarantees, and applications",
       arXiv:1910.13027, eq. (8).

    Examples
    --------
    >>> r = JointRange.from_pairs((x, (x + d) % 5) for x in range(5) for d in (0, 1))
    >>> round(symmetrized_leakage(r), 4)
    1.3219
    """
    m = range_mask(r)
    return min(nonstochastic_leakage(m, base=base), nonstochastic_leakage(m.T, base=base))


def is_independent(r: RangeLike) -> bool:
    """Return whether S and X are independent: ``[[S|x]] = [[S]]`` for every x.

    Non-stochastic independence holds when the joint range is the product of the marginal
    ranges; :func:`dependence_witness` names a missing pair otherwise.

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_s, n_x)
        The joint range ``[[S, X]]``.

    Returns
    -------
    bool

    See Also
    --------
    dependence_witness : A pair that shows dependence.
    nonstochastic_leakage : Zero exactly when S and X are independent.

    References
    ----------
    .. [1] G. N. Nair, IEEE Trans. Automatic Control, 2013.

    Examples
    --------
    >>> is_independent([[1, 1], [1, 1]]), is_independent([[1, 0], [1, 1]])
    (True, False)
    """
    return bool(range_mask(r).all())


def k_anonymity(r: RangeLike) -> int:
    """Return the achieved ``k = min_x |[[S|x]]|``: the largest k of k-anonymity.

    ``k`` counts *distinct* values of S (Ding & Farokhi Def. 2, stricter than counting
    records). Lemma 1: k-anonymous ⇔ ``B0(S|X) ≥ log k`` ⇔ ``L0(S→X) ≤ log(|[[S]]|/k)``.

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_s, n_x)
        The joint range ``[[S, X]]``.

    Returns
    -------
    int

    See Also
    --------
    is_k_anonymous : Whether a given k is achieved.
    k_anonymity_witness : A value of X that breaks a given k.
    nsp.clustering.baselines.generalize_to_k_anonymity : A release that achieves k.

    References
    ----------
    .. [1] N. Ding, F. Farokhi, IEEE Trans. Inf. Forensics Security, 2020, Def. 2, Lemma 1.

    Examples
    --------
    >>> k_anonymity([[1, 1, 0], [1, 0, 1], [0, 1, 1]])
    2
    """
    return int(range_mask(r).sum(axis=0).min())


def is_k_anonymous(r: RangeLike, k: int) -> bool:
    """Return whether ``|[[S|x]]| >= k`` for every x.

    :func:`k_anonymity_witness` names an x that breaks it.

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_s, n_x)
        The joint range ``[[S, X]]``.
    k : int
        The anonymity level, >= 1.

    Returns
    -------
    bool

    See Also
    --------
    k_anonymity : The largest k achieved.
    k_anonymity_witness : A value of X that breaks k.

    References
    ----------
    .. [1] N. Ding, F. Farokhi, IEEE Trans. Inf. Forensics Security, 2020, Def. 2.

    Examples
    --------
    >>> is_k_anonymous([[1, 1, 0], [1, 0, 1], [0, 1, 1]], 2)
    True
    """
    k = _check_count("k", k)
    return k_anonymity(r) >= k


def distinguishability(r: RangeLike, s: int, s_prime: int) -> int:
    """Return the distinguishability ``|[[X|s]] Δ [[X|s']]|`` of two values of S.

    The size of the symmetric difference of their conditional ranges (Ding & Farokhi,
    Sec. III-C); it is maximal, ``|[[X|s]]| + |[[X|s']]|``, when s and s' lie in different
    blocks of the overlap partition.

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_s, n_x)
        The joint range ``[[S, X]]``.
    s, s_prime : int
        Indices of two values of S.

    Returns
    -------
    int

    See Also
    --------
    distinguishability_matrix : For every pair of values of S.

    References
    ----------
    .. [1] N. Ding, F. Farokhi, IEEE Trans. Inf. Forensics Security, 2020, Sec. III-C.

    Examples
    --------
    >>> distinguishability([[1, 1, 0], [0, 1, 1], [0, 0, 1]], 0, 2)
    3
    """
    m = range_mask(r)
    s = _check_index("s", s, m.shape[0], "an S")
    s_prime = _check_index("s_prime", s_prime, m.shape[0], "an S")
    return int(np.count_nonzero(m[s] ^ m[s_prime]))


def distinguishability_matrix(r: RangeLike) -> NDArray[np.intp]:
    """Return ``D[s, s'] = |[[X|s]] Δ [[X|s']]|`` for every pair of values of S.

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_s, n_x)
        The joint range ``[[S, X]]``.

    Returns
    -------
    ndarray of int, shape (n_s, n_s)

    See Also
    --------
    distinguishability : One pair.

    References
    ----------
    .. [1] N. Ding, F. Farokhi, "Developing non-stochastic privacy-preserving policies using
       agglomerative clustering", IEEE Trans. Inf. Forensics Security, 2020, §III-C.

    Examples
    --------
    >>> distinguishability_matrix([[1, 1, 0], [0, 1, 1]])
    array([[0, 2],
           [2, 0]])
    """
    m = range_mask(r)
    a = m.astype(np.float64)
    rows = a.sum(axis=1)
    return np.rint(rows[:, None] + rows[None, :] - 2.0 * (a @ a.T)).astype(np.intp)


def dependence_witness(r: RangeLike) -> tuple[int, int] | None:
    """Return a pair ``(s, x)`` of the product of the marginal ranges missing from the range.

    The witness that S and X are not (non-stochastically) independent: ``s ∈ [[S]]`` and
    ``x ∈ [[X]]`` but ``s ∉ [[S|x]]``. The first such pair in row-major order, or ``None``
    when :func:`is_independent` holds.

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_s, n_x)
        The joint range ``[[S, X]]``.

    Returns
    -------
    tuple of (int, int), or None
        Indices ``(s, x)``.

    See Also
    --------
    is_independent : Whether there is none.

    Examples
    --------
    >>> dependence_witness([[1, 0], [1, 1]]), dependence_witness([[1, 1], [1, 1]])
    ((0, 1), None)
    """
    m = range_mask(r)
    missing = np.argwhere(~m)
    if missing.size == 0:
        return None
    return int(missing[0, 0]), int(missing[0, 1])


def k_anonymity_witness(r: RangeLike, k: int) -> int | None:
    """Return a value ``x`` (its index) with ``|[[S|x]]| < k``, or ``None`` if there is none.

    The witness that the range is not k-anonymous (:func:`is_k_anonymous`): the first x
    whose conditional range holds fewer than ``k`` distinct values of S.

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_s, n_x)
        The joint range ``[[S, X]]``.
    k : int
        The anonymity level, >= 1.

    Returns
    -------
    int or None
        The index of x.

    See Also
    --------
    is_k_anonymous : Whether there is none.
    k_anonymity : The largest k achieved.

    References
    ----------
    .. [1] N. Ding, F. Farokhi, IEEE Trans. Inf. Forensics Security, 2020, Def. 2.

    Examples
    --------
    >>> k_anonymity_witness([[1, 1, 0], [1, 0, 1], [0, 1, 1]], 3)
    0
    >>> k_anonymity_witness([[1, 1, 0], [1, 0, 1], [0, 1, 1]], 2) is None
    True
    """
    k = _check_count("k", k)
    short = np.flatnonzero(range_mask(r).sum(axis=0) < k)
    return int(short[0]) if short.size else None
