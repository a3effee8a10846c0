"""Measures of the privacy funnel: leakage I(S;Y), disclosure I(X;Y), merge costs, bounds.

Private data ``S`` and disclosable data ``X`` have a joint pmf ``p_sx[s, x]`` (axis 0 = S,
axis 1 = X); the user releases ``Y`` through a privacy mapping ``mapping[x, y] = p(y | x)``
(row-stochastic), so that ``S -> X -> Y``. Every measure is computed with :mod:`nsp.info`, in
bits by default (``base=`` on each).

References
----------
.. [1] A. Makhdoumi, S. Salamatian, N. Fawaz, M. Médard, "From the information bottleneck to
   the privacy funnel", IEEE ITW 2014, doi:10.1109/ITW.2014.6970882, arXiv:1402.1774.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray
from scipy.special import xlogy

from nsp import info
from nsp._validation import Base, as_channel, as_pmf, check_base, check_int
from nsp.partition import Partition

__all__ = [
    "privacy_leakage",
    "disclosure",
    "logloss_distortion",
    "merge_costs",
    "chain_rule_bounds",
    "mapping_from_partition",
]


def _real(name: str, value: ArrayLike) -> ArrayLike:
    """Refuse arrays of strings, complex numbers or objects (which would lose information)."""
    try:
        kind = np.asarray(value).dtype.kind
    except (TypeError, ValueError):
        kind = "O"  # ragged
    if kind not in "iuf":
        raise ValueError(f"{name} must be an array of real numbers; got {value!r}")
    return value


def _joint(p_sx: ArrayLike) -> NDArray[np.float64]:
    return as_pmf(_real("p_sx", p_sx), name="p_sx", ndim=2)


def _joint_and_mapping(
    p_sx: ArrayLike, mapping: ArrayLike
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    p = _joint(p_sx)
    w = as_channel(_real("mapping", mapping), name="mapping")
    if w.shape[0] != p.shape[1]:
        raise ValueError(
            f"mapping must have one row per letter of X: p_sx has {p.shape[1]} columns, "
            f"mapping has {w.shape[0]} rows"
        )
    return p, w


def _finite_array(name: str, value: ArrayLike) -> NDArray[np.float64]:
    """Return ``value`` as a float array of finite real numbers (not bool, str, complex)."""
    arr = np.asarray(value)
    if arr.dtype.kind not in "iuf" or not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} must hold finite real numbers; got {value!r}")
    return arr.astype(float)


def privacy_leakage(p_sx: ArrayLike, mapping: ArrayLike, *, base: Base = 2) -> float:
    """Privacy leakage I(S;Y) of a privacy mapping (the log-loss threat ΔC, Lemma 1).

    Parameters
    ----------
    p_sx : array_like, shape (n_s, n_x)
        Joint pmf of the private S (axis 0) and the disclosable X (axis 1).
    mapping : array_like, shape (n_x, n_y)
        Row-stochastic privacy mapping ``p(y | x)``.
    base : float or {"e", "nats", "bits"}
        Logarithm base (2: bits).

    Returns
    -------
    float
        I(S;Y) with ``p(s, y) = sum_x p(s, x) p(y | x)``.

    See Also
    --------
    disclosure : The utility ``I(X;Y)`` of the same mapping.
    merge_costs : How a merge changes both.
    nsp.info.mutual_information : The same quantity of a joint pmf.

    References
    ----------
    .. [1] Makhdoumi et al., ITW 2014, arXiv:1402.1774, Section III and Lemma 1.

    Examples
    --------
    S is the parity of a uniform X on 4 letters; revealing whether X < 2 leaks nothing
    about S.

    >>> p = [[.25, 0, .25, 0], [0, .25, 0, .25]]
    >>> privacy_leakage(p, [[1, 0], [1, 0], [0, 1], [0, 1]])
    0.0
    >>> privacy_leakage(p, [[1, 0], [0, 1], [1, 0], [0, 1]])
    1.0
    """
    p, w = _joint_and_mapping(p_sx, mapping)
    return info.mutual_information(p @ w, 0, 1, base=base)


def disclosure(p_sx: ArrayLike, mapping: ArrayLike, *, base: Base = 2) -> float:
    """Disclosure I(X;Y) of a privacy mapping (Section III-B).

    Parameters
    ----------
    p_sx : array_like, shape (n_s, n_x)
        Joint pmf of the private S (axis 0) and the disclosable X (axis 1).
    mapping : array_like, shape (n_x, n_y)
        Row-stochastic privacy mapping ``p(y | x)``.
    base : float or {"e", "nats", "bits"}
        Logarithm base (2: bits).

    Returns
    -------
    float
        I(X;Y) with ``p(x, y) = p(x) p(y | x)``.

    See Also
    --------
    privacy_leakage : The leakage ``I(S;Y)`` of the same mapping.
    logloss_distortion : ``H(X) - I(X;Y)``.

    References
    ----------
    .. [1] Makhdoumi et al., ITW 2014, arXiv:1402.1774, Section III-B.

    Examples
    --------
    >>> p = [[.25, 0, .25, 0], [0, .25, 0, .25]]
    >>> round(disclosure(p, [[1, 0], [1, 0], [0, 1], [0, 1]]), 12)
    1.0
    """
    p, w = _joint_and_mapping(p_sx, mapping)
    return info.mutual_information(p.sum(axis=0)[:, None] * w, 0, 1, base=base)


def logloss_distortion(p_sx: ArrayLike, mapping: ArrayLike, *, base: Base = 2) -> float:
    """Average log-loss distortion E[-log P(X|Y)] = H(X|Y) (Section III-B).

    ``H(X|Y) <= D`` is the same constraint as ``I(X;Y) >= H(X) - D``.

    Parameters
    ----------
    p_sx : array_like, shape (n_s, n_x)
        Joint pmf of the private S (axis 0) and the disclosable X (axis 1).
    mapping : array_like, shape (n_x, n_y)
        Row-stochastic privacy mapping ``p(y | x)``.
    base : float or {"e", "nats", "bits"}
        Logarithm base (2: bits).

    Returns
    -------
    float
        H(X|Y).

    See Also
    --------
    disclosure : ``I(X;Y) = H(X) - H(X|Y)``.

    References
    ----------
    .. [1] Makhdoumi et al., ITW 2014, arXiv:1402.1774, Section III-B.

    Examples
    --------
    >>> p = [[.25, 0, .25, 0], [0, .25, 0, .25]]
    >>> logloss_distortion(p, [[1, 0], [1, 0], [0, 1], [0, 1]])
    1.0
    """
    p, w = _joint_and_mapping(p_sx, mapping)
    return info.conditional_entropy(p.sum(axis=0)[:, None] * w, 0, 1, base=base)


def _unnormalized_entropy(v: NDArray[np.float64]) -> NDArray[np.float64]:
    """``h_u(v) = m log m - sum_t v_t log v_t`` (nats) along the last axis, ``m = sum_t v_t``."""
    m = v.sum(axis=-1)
    return xlogy(m, m) - xlogy(v, v).sum(axis=-1)


def merge_costs(
    p_sx: ArrayLike, mapping: ArrayLike, i: int, j: int, *, base: Base = 2
) -> tuple[float, float]:
    """Proposition 1: the decreases of I(S;Y) and I(X;Y) when output letters i and j merge.

    With the printed typo corrected (the paper writes ``P_{S|y_j}`` in both terms),
    ``I(S;Y) - I(S;Y^{i-j}) = p(y_ij) H(P_{S|y_ij}) - p(y_i) H(P_{S|y_i}) - p(y_j) H(P_{S|y_j})``
    where ``P_{S|y_ij} = (p(y_i) P_{S|y_i} + p(y_j) P_{S|y_j}) / p(y_ij)``, and the same for X.
    Both are ``p(y_ij)`` times a weighted Jensen–Shannon divergence
    (:func:`nsp.info.js_divergence`), hence >= 0.

    Parameters
    ----------
    p_sx : array_like, shape (n_s, n_x)
        Joint pmf of S and X.
    mapping : array_like, shape (n_x, n_y)
        Any row-stochastic mapping (not only deterministic ones).
    i, j : int
        Distinct output letters.
    base : float or {"e", "nats", "bits"}
        Logarithm base.

    Returns
    -------
    (float, float)
        ``(delta_S, delta_X)``.

    See Also
    --------
    privacy_leakage : The leakage before the merge.
    disclosure : The disclosure before the merge.
    greedy_privacy_funnel : The greedy algorithm that ranks merges by these costs.

    References
    ----------
    .. [1] Makhdoumi et al., ITW 2014, arXiv:1402.1774, Proposition 1.

    Examples
    --------
    The worked example E4 of ``docs/papers/privacy_funnel.md``, pair (1, 2) of the identity:

    >>> p = [[0.3, 0.1, 0.05], [0.1, 0.2, 0.25]]
    >>> [round(v, 6) for v in merge_costs(p, [[1, 0, 0], [0, 1, 0], [0, 0, 1]], 1, 2)]
    [0.016271, 0.6]
    """
    p, w = _joint_and_mapping(p_sx, mapping)
    n_y = w.shape[1]
    i, j = check_int("i", i), check_int("j", j)
    for name, v in (("i", i), ("j", j)):
        if not 0 <= v < n_y:
            raise ValueError(f"{name} must be an output letter in 0..{n_y - 1}; got {v}")
    if i == j:
        raise ValueError(f"i and j must be distinct output letters; got {i} twice")
    check_base(base)
    a_s = (p @ w).T  # rows: P(S, Y=y)
    a_x = (p.sum(axis=0)[:, None] * w).T  # rows: P(X, Y=y)
    return _merge_cost(a_s[i], a_s[j], base), _merge_cost(a_x[i], a_x[j], base)


def _merge_cost(a_i: NDArray[np.float64], a_j: NDArray[np.float64], base: Base) -> float:
    """``p(y_ij) JS_pi(P_{.|y_i}, P_{.|y_j})`` with ``pi = (p(y_i), p(y_j)) / p(y_ij)``."""
    m_i, m_j = float(a_i.sum()), float(a_j.sum())
    if m_i <= 0 or m_j <= 0:
        return 0.0  # an empty letter: merging it changes nothing
    m = m_i + m_j
    return m * info.js_divergence(a_i / m_i, a_j / m_j, weights=(m_i / m, m_j / m), base=base)


def chain_rule_bounds(
    p_sx: ArrayLike, i_xy: float | ArrayLike, *, base: Base = 2
) -> tuple[float, float] | tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Return the bounds on I(S;Y) of any mapping with disclosure ``i_xy``.

    ``max(0, I(X;Y) - H(X|S)) <= I(S;Y) <= min(I(X;Y), I(S;X))``: the lower bound is the
    chain rule ``I(X;Y) = I(S;Y) + I(X;Y|S)`` with ``I(X;Y|S) <= H(X|S)``, the upper one is
    data processing.

    Parameters
    ----------
    p_sx : array_like, shape (n_s, n_x)
        Joint pmf of S and X.
    i_xy : float or array_like
        Disclosure value(s), in ``base`` units, in ``[0, H(X)]``.
    base : float or {"e", "nats", "bits"}
        Logarithm base.

    Returns
    -------
    (lower, upper)
        Floats, or arrays shaped like ``i_xy``.

    Raises
    ------
    ValueError
        If ``p_sx`` is not a 2-D pmf or ``i_xy`` holds a value that is not a number in
        ``[0, H(X)]`` (no mapping discloses more than ``H(X)``).

    See Also
    --------
    privacy_leakage : The leakage these bounds enclose.
    brute_force_deterministic : Every deterministic mapping's point, to compare.

    Examples
    --------
    >>> p = [[.25, 0, .25, 0], [0, .25, 0, .25]]
    >>> [round(v, 12) for v in chain_rule_bounds(p, 1.5)]
    [0.5, 1.0]
    """
    p = _joint(p_sx)
    h_x_given_s = info.conditional_entropy(p, 1, 0, base=base)
    i_sx = info.mutual_information(p, 0, 1, base=base)
    r = _finite_array("i_xy", i_xy)
    h_x = h_x_given_s + i_sx
    slack = 1e-9 * max(1.0, h_x)
    if np.any(r < -slack) or np.any(r > h_x + slack):
        raise ValueError(
            f"i_xy must lie in [0, H(X)] = [0, {h_x:.6g}] (a disclosure I(X;Y) <= H(X)); "
            f"got {i_xy!r}"
        )
    lo = np.maximum(0.0, r - h_x_given_s)
    hi = np.minimum(r, i_sx)
    if lo.ndim == 0:
        return float(lo), float(hi)
    return lo, hi


def mapping_from_partition(partition: Partition) -> NDArray[np.float64]:
    """Return the 0/1 mapping ``P[x, k] = 1`` iff ``x`` is in cluster ``k`` (canonical order).

    Parameters
    ----------
    partition : Partition
        A partition of the letters of X.

    Returns
    -------
    numpy.ndarray, shape (n_x, n_clusters)
        The deterministic privacy mapping whose output letters are the clusters.

    See Also
    --------
    nsp.channels.deterministic_channel : The same 0/1 channel from output labels.
    privacy_leakage : The leakage of the mapping.

    Examples
    --------
    >>> mapping_from_partition(Partition([[0, 2], [1]]))
    array([[1., 0.],
           [0., 1.],
           [1., 0.]])
    """
    if not isinstance(partition, Partition):
        raise ValueError(f"partition must be a Partition; got {type(partition).__name__}")
    w = np.zeros((partition.n, len(partition)))
    w[np.arange(partition.n), partition.labels] = 1.0
    return w
