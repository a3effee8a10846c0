"""The implementation of :mod:`nsp.info`: import its names from there."""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import ArrayLike, NDArray
from scipy import optimize, special

from nsp import _kernels
from nsp._validation import (
    SUM_TOL,
    Base,
    as_axes,
    as_pmf,
    as_real_array,
    check_base,
    check_bool,
    check_real,
    log_base,
    trusted,
)
from nsp.uncertain import support_components

__all__ = [
    "Axes",
    "binary_entropy",
    "conditional_entropy",
    "conditional_mutual_information",
    "cross_entropy",
    "entropy",
    "gacs_korner_common_information",
    "inverse_binary_entropy",
    "js_divergence",
    "kl_divergence",
    "marginal",
    "max_mutual_information",
    "maximal_leakage",
    "mutual_information",
    "renyi_divergence",
    "renyi_entropy",
    "renyi_leakage",
    "sibson_mutual_information",
    "total_variation",
]

#: A group of axes naming one (compound) variable: one axis, or several as a tuple or list.
Axes = int | tuple[int, ...] | list[int]

#: About this many entries per block when :func:`_support_and_row_sums` scans a large pmf.
_BLOCK = _kernels.BLOCK


# --------------------------------------------------------------------------- helpers


def _check_alpha(alpha: float) -> float:
    """Validate an order ``alpha`` in ``[0, inf]`` (infinity included)."""
    return check_real("alpha", alpha, low=0.0, allow_inf=True)


def _group(axes: Axes, ndim: int, name: str, *, allow_empty: bool) -> tuple[int, ...]:
    """Validate an axis group with :func:`as_axes`; reject an empty group unless allowed."""
    group = as_axes(axes, ndim, name=name, of="p")
    if not group and not allow_empty:
        raise ValueError(f"{name} must name at least one axis (got {axes!r})")
    return group


def _marginal_sorted(p: NDArray[np.float64], group: tuple[int, ...]) -> NDArray[np.float64]:
    """Pmf of the axes in ``group`` (axes kept in increasing order)."""
    others = tuple(ax for ax in range(p.ndim) if ax not in group)
    return p.sum(axis=others) if others else p


def _h(p: NDArray[np.float64], group: set[int] | tuple[int, ...]) -> float:
    """Entropy in nats of the (possibly empty) axis group ``group`` of a validated pmf."""
    g = tuple(sorted(group))
    if not g:
        return 0.0
    return _kernels.entropy(_marginal_sorted(p, g))


def _pair(
    p: ArrayLike, q: ArrayLike, normalize: bool
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Validate two pmfs on the same alphabet (same shape)."""
    pa = as_pmf(p, name="p", normalize=normalize)
    qa = as_pmf(q, name="q", normalize=normalize)
    if pa.shape != qa.shape:
        raise ValueError(f"p and q must have the same shape (got {pa.shape} and {qa.shape})")
    return pa, qa


def _nonneg(x: float) -> float:
    """Clip a rounding residue below zero (for quantities that are >= 0 by definition)."""
    x = float(x)
    return x if x > 0 else 0.0


# --------------------------------------------------------------------------- entropies


def entropy(p: ArrayLike, *, base: Base = 2, normalize: bool = False) -> float:
    """Shannon entropy ``H(p) = -sum p log p`` of a pmf (the joint entropy of all its axes).

    Parameters
    ----------
    p : array_like
        A pmf of any number of axes (a joint pmf gives the joint entropy).
    base : float or str, default 2
        Logarithm base: 2 gives bits, ``"e"`` nats.
    normalize : bool, default False
        Accept unnormalized non-negative counts and divide by their total.

    Returns
    -------
    float
        ``H(p)`` in units of ``base``, with ``0 log 0 = 0``.

    Raises
    ------
    ValueError
        If ``p`` is not a pmf (empty, negative, not summing to 1) or ``base`` is invalid.

    See Also
    --------
    conditional_entropy : ``H(A | G)``.
    mutual_information : ``I(A; B)``.
    renyi_entropy : The entropies of every order.
    nsp.uncertain.hartley_entropy : The range-based counterpart ``H0``.

    Examples
    --------
    The maximum-entropy prior of Wu's Example 1 (1/4 on each of four datasets) has 2 bits:

    >>> entropy([0.25, 0.25, 0.25, 0.25])
    2.0
    >>> round(entropy([[0.5, 0.0], [0.25, 0.25]], base="e"), 6)
    1.039721
    >>> entropy([3, 1], normalize=True) == binary_entropy(0.25)
    True
    """
    normalize = check_bool("normalize", normalize)
    arr = as_pmf(p, name="p", normalize=normalize)
    ln_b = log_base(base)
    return _nonneg(_kernels.entropy(arr)) / ln_b


def binary_entropy(q: ArrayLike, *, base: Base = 2) -> float | NDArray[np.float64]:
    """Binary entropy ``h(q) = -q log q - (1 - q) log(1 - q)``, elementwise.

    Parameters
    ----------
    q : float or array_like
        Probabilities in ``[0, 1]``.
    base : float or str, default 2
        Logarithm base.

    Returns
    -------
    float or numpy.ndarray
        A float for a scalar ``q``, else an array of the shape of ``q``.

    Raises
    ------
    ValueError
        If some ``q`` is NaN or outside ``[0, 1]``.

    See Also
    --------
    inverse_binary_entropy : The inverse on ``[0, 1/2]``.
    entropy : The entropy of any pmf.

    Notes
    -----
    The second term is computed as ``(1 - q) log1p(-q)``, so ``h`` keeps full relative
    precision for tiny ``q`` (where ``1 - q`` rounds to 1).

    Examples
    --------
    >>> binary_entropy(0.5)
    1.0
    >>> binary_entropy([0.0, 1.0]).tolist()
    [0.0, 0.0]
    >>> round(1 - binary_entropy(0.1), 4)  # capacity of a BSC(0.1), bits
    0.531
    """
    arr = as_real_array(q, name="q")
    if arr.size and (np.any(np.isnan(arr)) or np.any(arr < 0) or np.any(arr > 1)):
        raise ValueError("q must lie in [0, 1] (found a value outside it or NaN)")
    ln_b = log_base(base)
    h = (special.entr(arr) - special.xlog1py(1.0 - arr, -arr)) / ln_b + 0.0  # no -0.0
    return float(h) if np.ndim(h) == 0 else h


def inverse_binary_entropy(h: ArrayLike, *, base: Base = 2) -> float | NDArray[np.float64]:
    """Return the root ``q`` in ``[0, 1/2]`` of ``binary_entropy(q) = h``, elementwise.

    Parameters
    ----------
    h : float or array_like
        Values in ``[0, log_base 2]`` (``[0, 1]`` in bits).
    base : float or str, default 2
        Logarithm base of ``h``.

    Returns
    -------
    float or numpy.ndarray
        A float for a scalar ``h``, else an array of the shape of ``h``.

    Raises
    ------
    ValueError
        If some ``h`` is outside ``[0, log_base 2]`` (with a 1e-12 relative allowance at the top).

    See Also
    --------
    binary_entropy : The function it inverts.

    Examples
    --------
    >>> inverse_binary_entropy(1.0)
    0.5
    >>> round(inverse_binary_entropy(binary_entropy(0.11)), 12)
    0.11
    """
    ln_b = log_base(base)
    arr = as_real_array(h, name="h")
    top = math.log(2) / ln_b
    if arr.size and (np.any(np.isnan(arr)) or np.any(arr < 0) or np.any(arr > top * (1 + 1e-12))):
        raise ValueError(f"h must lie in [0, log_base 2] = [0, {top:.12g}]")
    target = np.minimum(arr, top) * ln_b  # nats

    def solve(t: float) -> float:
        if t <= 0:
            return 0.0
        if t >= math.log(2):
            return 0.5
        f = lambda x: float(special.entr(x) - special.xlog1py(1.0 - x, -x)) - t  # noqa: E731
        return optimize.brentq(f, 0.0, 0.5, xtol=1e-300, rtol=4 * np.finfo(float).eps, maxiter=500)

    out = np.vectorize(solve, otypes=[np.float64])(target)
    return float(out) if out.ndim == 0 else out


def renyi_entropy(p: ArrayLike, alpha: float, *, base: Base = 2, normalize: bool = False) -> float:
    """Rényi entropy ``H_alpha(p) = log(sum p^alpha) / (1 - alpha)``, of every order in [0, inf].

    Parameters
    ----------
    p : array_like
        A pmf of any number of axes.
    alpha : float
        The order, any real number in ``[0, inf]``. ``0`` gives the Hartley entropy
        ``log |supp p|``, the limit as ``alpha -> 0`` (zeros of ``p`` do not count, as
        ``0^alpha = 0`` for every ``alpha > 0``); ``1`` the Shannon entropy; ``inf`` the
        min-entropy ``-log max p``, the limit as ``alpha -> inf``.
    base : float or str, default 2
        Logarithm base.
    normalize : bool, default False
        Accept counts.

    Returns
    -------
    float
        ``H_alpha(p)``; non-increasing and continuous in ``alpha`` on ``[0, inf]``.

    See Also
    --------
    entropy : Order 1.
    renyi_divergence : The divergences of the same orders.
    nsp.uncertain.hartley_entropy : Order 0 of a range.

    Notes
    -----
    ``p`` is renormalized to sum exactly to 1. Orders with ``|alpha - 1| <= 1/8`` use an
    ``expm1``/``log1p`` form free of cancellation, so the error does not grow as
    ``alpha -> 1`` and the Shannon limit is reached continuously. Other orders take
    ``log sum_x e^{alpha ln p(x)}`` scaled by its largest term, so no power ``p^alpha``
    underflows or overflows: from ``alpha = 1e-6`` to ``1e6`` and beyond the error is a few
    ulps of a value of order 1.

    Examples
    --------
    >>> p = [0.5, 0.25, 0.25, 0.0]
    >>> [round(renyi_entropy(p, a), 6) for a in (0, 1, float("inf"))]  # log2 3, 1.5, 1
    [1.584963, 1.5, 1.0]
    >>> round(renyi_entropy(p, 2), 6)  # collision entropy, -log2(3/8)
    1.415037

    Extreme orders approach the limits, ``alpha / (alpha - 1)`` bits here (``0.25^alpha``
    is far below the smallest float):

    >>> renyi_entropy(p, 1e6), round(renyi_entropy(p, 1e-9), 6)
    (1.000001000001, 1.584963)
    """
    normalize = check_bool("normalize", normalize)
    arr = as_pmf(p, name="p", normalize=normalize)
    a = _check_alpha(alpha)
    ln_b = log_base(base)
    if a == 1:
        return _nonneg(_kernels.entropy(arr)) / ln_b
    nz = arr[arr > 0]
    if a == 0:
        return math.log(nz.size) / ln_b
    if math.isinf(a):
        return _nonneg(-math.log(float(nz.max()))) / ln_b
    w = nz / nz.sum()  # the division by 1 - alpha needs sum w = 1, not 1 +- SUM_TOL
    if abs(a - 1.0) <= _kernels.NEAR_ONE:
        return _nonneg(-_kernels.scaled_log_mean_exp(w, np.log(w), a - 1.0)) / ln_b
    # ln sum e^{alpha ln w}: each exponent to a few ulps of itself, the sum scaled by its
    # largest term, so that no power of w underflows or overflows at any order
    return _nonneg(float(special.logsumexp(a * np.log(w))) / (1.0 - a)) / ln_b


def cross_entropy(p: ArrayLike, q: ArrayLike, *, base: Base = 2, normalize: bool = False) -> float:
    """Cross entropy ``H(p, q) = -sum p log q`` (``inf`` when ``supp p`` is not inside ``supp q``).

    Parameters
    ----------
    p, q : array_like
        Pmfs of the same shape.
    base : float or str, default 2
        Logarithm base.
    normalize : bool, default False
        Accept counts (each of ``p`` and ``q`` is normalized separately).

    Returns
    -------
    float
        ``H(p, q) = H(p) + D(p || q)``.

    See Also
    --------
    entropy : ``H(p, p)``.
    kl_divergence : ``H(p, q) - H(p)``.

    Examples
    --------
    >>> bool(np.isclose(cross_entropy([0.5, 0.5], [0.25, 0.75]),
    ...                 entropy([0.5, 0.5]) + kl_divergence([0.5, 0.5], [0.25, 0.75])))
    True
    >>> cross_entropy([0.5, 0.5], [1.0, 0.0])
    inf
    """
    normalize = check_bool("normalize", normalize)
    pa, qa = _pair(p, q, normalize)
    ln_b = log_base(base)
    mask = pa > 0
    qs = qa[mask]
    if np.any(qs == 0):
        return math.inf
    return _nonneg(float(-(pa[mask] @ np.log(qs)))) / ln_b


def marginal(p: ArrayLike, axes: Axes, *, normalize: bool = False) -> NDArray[np.float64]:
    """Pmf of the kept axes of a joint pmf, summing out the others; axes in the order given.

    Parameters
    ----------
    p : array_like
        A joint pmf (one axis per variable).
    axes : int or tuple of int
        The axes to keep, in the order wanted in the result (``(2, 0)`` gives ``P(X2, X0)``
        with ``X2`` on axis 0).
    normalize : bool, default False
        Accept counts.

    Returns
    -------
    numpy.ndarray
        The marginal pmf, with ``len(axes)`` axes.

    Raises
    ------
    ValueError
        If ``p`` is not a pmf, or ``axes`` is empty, out of range or repeats an axis.

    See Also
    --------
    entropy : The entropy of a marginal.
    nsp.uncertain.marginal_range : The range-based counterpart.

    Examples
    --------
    >>> p = np.array([[0.5, 0.0], [0.25, 0.25]])
    >>> marginal(p, 0).tolist(), marginal(p, 1).tolist()
    ([0.5, 0.5], [0.75, 0.25])
    >>> marginal(p, (1, 0)).tolist() == p.T.tolist()
    True
    """
    normalize = check_bool("normalize", normalize)
    arr = as_pmf(p, name="p", normalize=normalize)
    group = _group(axes, arr.ndim, "axes", allow_empty=False)
    order = [int(a) % arr.ndim for a in ((axes,) if isinstance(axes, (int, np.integer)) else axes)]
    m = _marginal_sorted(arr, group)
    # ``m`` has the kept axes in increasing order; permute them into the order given.
    return np.transpose(m, [group.index(a) for a in order])


def conditional_entropy(
    p: ArrayLike,
    axes: Axes = 0,
    given: Axes = 1,
    *,
    base: Base = 2,
    normalize: bool = False,
) -> float:
    """Conditional entropy ``H(A | G) = H(A, G) - H(G)`` of axis groups of a joint pmf.

    Parameters
    ----------
    p : array_like
        A joint pmf.
    axes : int or tuple of int, default 0
        The group ``A`` (non-empty).
    given : int or tuple of int, default 1
        The conditioning group ``G``; ``()`` gives ``H(A)``. Axes shared with ``A`` are
        allowed (they contribute nothing).
    base : float or str, default 2
        Logarithm base.
    normalize : bool, default False
        Accept counts.

    Returns
    -------
    float
        ``H(A | G) = sum_g p(g) H(A | G = g)``; axes outside ``A`` and ``G`` are summed out.

    See Also
    --------
    entropy : The joint entropy.
    mutual_information : ``H(A) - H(A | B)``.
    nsp.uncertain.conditional_hartley_entropy : The range-based counterpart ``H0(S|X)``.

    Examples
    --------
    Y is X through a binary symmetric channel with crossover 0.1, X uniform:

    >>> p = np.array([[0.45, 0.05], [0.05, 0.45]])
    >>> round(conditional_entropy(p, 1, 0), 6) == round(binary_entropy(0.1), 6)
    True
    >>> conditional_entropy(p, 0, ())
    1.0
    """
    normalize = check_bool("normalize", normalize)
    arr = as_pmf(p, name="p", normalize=normalize)
    a = _group(axes, arr.ndim, "axes", allow_empty=False)
    g = _group(given, arr.ndim, "given", allow_empty=True)
    ln_b = log_base(base)
    return _nonneg(_h(arr, set(a) | set(g)) - _h(arr, g)) / ln_b


def mutual_information(
    p: ArrayLike,
    a: Axes = 0,
    b: Axes = 1,
    *,
    base: Base = 2,
    normalize: bool = False,
) -> float:
    """Mutual information ``I(A; B) = H(A) + H(B) - H(A, B)`` of two axis groups of a joint pmf.

    Parameters
    ----------
    p : array_like
        A joint pmf (at least two axes with the default groups).
    a, b : int or tuple of int, default 0 and 1
        The two groups (non-empty). Other axes are summed out; shared axes are allowed
        (``I(A; A) = H(A)``).
    base : float or str, default 2
        Logarithm base.
    normalize : bool, default False
        Accept counts.

    Returns
    -------
    float
        ``I(A; B) >= 0``, symmetric in ``a`` and ``b``.

    See Also
    --------
    conditional_mutual_information : ``I(A; B | C)``.
    maximal_leakage : A worst-case leakage of the same joint.
    sibson_mutual_information : The Rényi-type generalization of order alpha.
    nsp.uncertain.nonstochastic_information : The range-based counterpart ``I0``.

    Notes
    -----
    Computed from three entropies, each one pass of ``x log x`` over the support of a
    marginal: this avoids the ``p / (p_a p_b)`` temporary of the textbook formula and is
    several times faster on large dense pmfs (see ``benchmarks/bench_info.py``).

    Examples
    --------
    A binary symmetric channel with crossover 0.1 and uniform input: ``I = 1 - h(0.1)``.

    >>> p = np.array([[0.45, 0.05], [0.05, 0.45]])
    >>> round(mutual_information(p), 6)
    0.531004
    >>> round(mutual_information(np.full((2, 3), 1 / 6)), 12)  # independent: 0 up to rounding
    0.0
    """
    normalize = check_bool("normalize", normalize)
    raw = as_real_array(p, name="p")
    if raw.ndim == 0 or raw.size == 0:
        as_pmf(raw, name="p")  # raises the shared message
    ga = _group(a, raw.ndim, "a", allow_empty=False)
    gb = _group(b, raw.ndim, "b", allow_empty=False)
    ln_b = log_base(base)
    split = _leading_split(raw, ga, gb)
    if split is not None and not normalize:
        value = _mi_matrix(raw.reshape(split))
        if value is not None:
            return _nonneg(value) / ln_b
    arr = as_pmf(raw, name="p", normalize=normalize)
    value = _h(arr, ga) + _h(arr, gb) - _h(arr, set(ga) | set(gb))
    return _nonneg(value) / ln_b


def _leading_split(
    arr: NDArray[np.float64], ga: tuple[int, ...], gb: tuple[int, ...]
) -> tuple[int, int] | None:
    """Return the matrix shape ``(n_a, n_b)`` of ``a`` and ``b``, or ``None``.

    ``a`` and ``b`` must be the leading and trailing axes of a C-contiguous array (in either
    order; the measure is symmetric).
    """
    if not arr.flags.c_contiguous:
        return None
    for first, second in ((ga, gb), (gb, ga)):
        k = len(first)
        if first == tuple(range(k)) and second == tuple(range(k, arr.ndim)):
            n_first = math.prod(arr.shape[:k])
            return n_first, arr.size // n_first
    return None


def _mi_matrix(m: NDArray[np.float64]) -> float | None:
    """``I`` in nats of a 2-D pmf by the shared kernel, or ``None`` if ``m`` is not a pmf.

    The input is accepted with the rules of ``as_pmf`` (min >= 0, finite total within
    ``SUM_TOL`` of 1), checked in the same pass as the sums on large pmfs; on ``None`` the
    caller validates with ``as_pmf``, which raises the shared message.
    """
    if m.size <= _kernels.VECTOR_MAX:
        low, total = float(m.min()), float(m.sum())
        value = math.nan
    else:
        value, low, total = _kernels.blocked_mutual_information(m)
    if not (low >= 0 and math.isfinite(total) and abs(total - 1.0) <= SUM_TOL):
        return None
    if m.size <= _kernels.VECTOR_MAX:
        value = float(_kernels.mutual_information_stack(m[None])[0])
    return value if math.isfinite(value) else None


def conditional_mutual_information(
    p: ArrayLike,
    a: Axes,
    b: Axes,
    given: Axes,
    *,
    base: Base = 2,
    normalize: bool = False,
) -> float:
    """Conditional mutual information ``I(A; B | C) = H(A,C) + H(B,C) - H(A,B,C) - H(C)``.

    Parameters
    ----------
    p : array_like
        A joint pmf.
    a, b : int or tuple of int
        The two groups (non-empty).
    given : int or tuple of int
        The conditioning group ``C``; ``()`` gives ``I(A; B)``.
    base : float or str, default 2
        Logarithm base.
    normalize : bool, default False
        Accept counts.

    Returns
    -------
    float
        ``I(A; B | C) >= 0``.

    See Also
    --------
    mutual_information : Without the condition.
    conditional_entropy : ``H(A | G)``.

    Examples
    --------
    ``Z = X xor Y`` with ``X, Y`` independent fair bits: ``I(X; Y) = 0`` but ``I(X; Y | Z) = 1``.

    >>> p = np.zeros((2, 2, 2))
    >>> for x in (0, 1):
    ...     for y in (0, 1):
    ...         p[x, y, x ^ y] = 0.25
    >>> mutual_information(p, 0, 1), conditional_mutual_information(p, 0, 1, 2)
    (0.0, 1.0)
    """
    normalize = check_bool("normalize", normalize)
    arr = as_pmf(p, name="p", normalize=normalize)
    ga = set(_group(a, arr.ndim, "a", allow_empty=False))
    gb = set(_group(b, arr.ndim, "b", allow_empty=False))
    gc = set(_group(given, arr.ndim, "given", allow_empty=True))
    ln_b = log_base(base)
    value = _h(arr, ga | gc) + _h(arr, gb | gc) - _h(arr, ga | gb | gc) - _h(arr, gc)
    return _nonneg(value) / ln_b


# --------------------------------------------------------------------------- divergences


def kl_divergence(p: ArrayLike, q: ArrayLike, *, base: Base = 2, normalize: bool = False) -> float:
    """Kullback–Leibler divergence ``D(p || q) = sum_{p > 0} p log(p / q)``.

    Parameters
    ----------
    p, q : array_like
        Pmfs of the same shape.
    base : float or str, default 2
        Logarithm base.
    normalize : bool, default False
        Accept counts (each of ``p`` and ``q`` is normalized separately).

    Returns
    -------
    float
        ``D(p || q) >= 0``; ``inf`` when ``supp p`` is not inside ``supp q``.

    See Also
    --------
    renyi_divergence : The divergences of every order (order 1 is this one).
    js_divergence : A symmetric, bounded divergence.
    total_variation : Bounded by Pinsker's inequality ``sqrt(D / 2)`` (in nats).

    Examples
    --------
    >>> by_hand = 0.5 * np.log2(0.5 / 0.25) + 0.5 * np.log2(0.5 / 0.75)
    >>> bool(np.isclose(kl_divergence([0.5, 0.5], [0.25, 0.75]), by_hand))
    True
    >>> kl_divergence([0.5, 0.5], [1.0, 0.0])
    inf
    """
    normalize = check_bool("normalize", normalize)
    pa, qa = _pair(p, q, normalize)
    ln_b = log_base(base)
    mask = pa > 0
    ps, qs = pa[mask], qa[mask]
    if np.any(qs == 0):
        return math.inf
    return _nonneg(float(ps @ (np.log(ps) - np.log(qs)))) / ln_b


def renyi_divergence(
    p: ArrayLike,
    q: ArrayLike,
    alpha: float,
    *,
    base: Base = 2,
    normalize: bool = False,
) -> float:
    """Rényi divergence ``D_alpha(p || q) = log(sum p^alpha q^(1-alpha)) / (alpha - 1)``.

    Every order ``alpha`` in ``[0, inf]``, with the limits at 0, 1 and infinity.

    Parameters
    ----------
    p, q : array_like
        Pmfs of the same shape.
    alpha : float
        The order, any real number in ``[0, inf]``; ``0``, ``1`` and ``inf`` are the limits
        (see Notes).
    base : float or str, default 2
        Logarithm base.
    normalize : bool, default False
        Accept counts.

    Returns
    -------
    float
        ``D_alpha(p || q) >= 0``, non-decreasing in ``alpha``.

    See Also
    --------
    kl_divergence : Order 1.
    renyi_entropy : The entropies of the same orders.
    renyi_leakage : Its maximum over the outputs.

    Notes
    -----
    Conventions (van Erven & Harremoës, 2014), with the sum over the outcomes where
    ``p > 0`` and ``q > 0``; the orders 0, 1 and infinity are the limits of the others:

    * ``alpha = 0``: ``-log Q(supp p)``; ``inf`` if ``q`` puts no mass on ``supp p``.
    * ``0 < alpha < 1``: finite unless ``p`` and ``q`` have disjoint supports (then ``inf``).
    * ``alpha = 1``: the KL divergence; ``inf`` if ``supp p`` is not inside ``supp q``
      (then ``D_alpha`` grows without bound as ``alpha -> 1`` from below).
    * ``1 < alpha < inf``: ``inf`` if ``supp p`` is not inside ``supp q``.
    * ``alpha = inf``: ``log max_{p > 0} p / q``; ``inf`` if ``supp p`` is not inside ``supp q``.

    ``p`` and ``q`` are renormalized to sum exactly to 1. Every power is taken in the log
    domain, so none underflows or overflows: from ``alpha = 1e-6`` to ``1e6`` and beyond the
    error is a few ulps of a value of order 1.

    * ``|alpha - 1| <= 1/8``: an ``expm1``/``log1p`` form of
      ``log(sum p e^{(alpha - 1)(log p - log q)})`` free of cancellation, so the error does
      not grow as ``alpha -> 1`` (the limit is the KL divergence, continuously).
    * ``alpha <= 1/8``: the same form of ``log(sum q e^{alpha (log p - log q)}) / alpha``
      times ``alpha / (alpha - 1)``, which keeps the relative precision of a value of order
      ``alpha`` (the mass of ``q`` off ``supp p`` is the deficit of the weights).
    * Other orders: a log-sum-exp of ``alpha log p + (1 - alpha) log q`` scaled by its
      largest term.

    Examples
    --------
    Ding & Farokhi eq. (13): with ``S`` uniform on 6 values and ``p(s | x)`` supported on 2 of
    them, ``D_0(p(s | x) || p(s)) = log(6 / 2)``, the non-stochastic leakage of that ``x``.

    >>> p_s = np.full(6, 1 / 6)
    >>> p_s_given_x = np.array([0.7, 0.3, 0, 0, 0, 0])
    >>> bool(np.isclose(renyi_divergence(p_s_given_x, p_s, 0), np.log2(3)))
    True
    >>> renyi_divergence([0.5, 0.5], [0.25, 0.75], 1) == kl_divergence([0.5, 0.5], [0.25, 0.75])
    True
    >>> renyi_divergence([0.5, 0.5], [0.25, 0.75], float("inf"))  # log2 max(p/q) = log2 2
    1.0

    A large order, ``1 - 1 / (alpha - 1)`` bits here, close to the limit ``D_inf = 1``:

    >>> renyi_divergence([0.5, 0.5], [0.25, 0.75], 1e6)
    0.9999989999989999
    """
    normalize = check_bool("normalize", normalize)
    pa, qa = _pair(p, q, normalize)
    a = _check_alpha(alpha)
    ln_b = log_base(base)
    if a == 1:
        with trusted():  # validated arguments
            return kl_divergence(pa, qa, base=base)
    on_p = pa > 0
    if a == 0:
        mass = float(qa[on_p].sum())
        return math.inf if mass <= 0 else _nonneg(-math.log(mass)) / ln_b
    if a > 1 and np.any(qa[on_p] == 0):
        return math.inf
    both = on_p & (qa > 0)
    if not np.any(both):
        return math.inf  # disjoint supports (only reachable for alpha < 1)
    pa, qa = pa / pa.sum(), qa / qa.sum()  # exact sums of 1 for the division by alpha - 1
    lp, lq = np.log(pa[both]), np.log(qa[both])
    if math.isinf(a):
        return _nonneg(float(np.max(lp - lq))) / ln_b
    if a <= _kernels.NEAR_ONE:
        # sum q (p/q)^alpha = sum q exp(alpha (lp - lq)), a log-mean-exp of scale alpha (the
        # mass of q off supp p is the deficit of the weights): D_alpha is alpha / (alpha - 1)
        # times it, a value of order alpha kept to a few ulps relative as alpha -> 0
        unseen = float(qa[~on_p].sum())
        s = a / (a - 1.0) * _kernels.scaled_log_mean_exp(qa[both], lp - lq, a, -unseen)
        return _nonneg(s) / ln_b
    # sum q (p/q)^alpha = sum p exp((alpha - 1)(lp - lq)): exact 0 for p = q at any order;
    # the mass of p off supp q (alpha < 1 only) enters as the deficit of the weights
    missing = float(pa[on_p & ~both].sum())
    s = _kernels.scaled_log_mean_exp(pa[both], lp - lq, a - 1.0, -missing)
    return _nonneg(s) / ln_b


def total_variation(p: ArrayLike, q: ArrayLike, *, normalize: bool = False) -> float:
    """Total variation distance ``||p - q||_TV = (1/2) sum |p - q|``, in ``[0, 1]``.

    Parameters
    ----------
    p, q : array_like
        Pmfs of the same shape.
    normalize : bool, default False
        Accept counts (each of ``p`` and ``q`` is normalized separately).

    Returns
    -------
    float
        The distance; Pinsker's inequality bounds it by ``sqrt(D(p || q) / 2)`` with ``D`` in nats.

    See Also
    --------
    kl_divergence : Pinsker's inequality bounds this distance by ``sqrt(D / 2)`` (nats).
    js_divergence : Another bounded divergence.

    Examples
    --------
    >>> total_variation([0.5, 0.5], [0.25, 0.75])
    0.25
    >>> total_variation([1.0, 0.0], [0.0, 1.0])
    1.0
    """
    normalize = check_bool("normalize", normalize)
    pa, qa = _pair(p, q, normalize)
    return min(1.0, 0.5 * float(np.abs(pa - qa).sum()))


def js_divergence(
    p: ArrayLike,
    q: ArrayLike,
    *,
    weights: tuple[float, float] = (0.5, 0.5),
    base: Base = 2,
    normalize: bool = False,
) -> float:
    """Jensen–Shannon divergence ``JS_pi(p, q) = H(pi1 p + pi2 q) - pi1 H(p) - pi2 H(q)``.

    With ``weights = (p(y_i), p(y_j)) / p(y_ij)`` this is the merge cost of the privacy funnel
    and the information bottleneck (Makhdoumi et al., Prop. 1 in JS form).

    Parameters
    ----------
    p, q : array_like
        Pmfs of the same shape.
    weights : pair of float, default (0.5, 0.5)
        A pmf ``(pi1, pi2)``.
    base : float or str, default 2
        Logarithm base.
    normalize : bool, default False
        Accept counts for ``p`` and ``q``.

    Returns
    -------
    float
        The weighted Jensen–Shannon divergence, ``>= 0``, in units of ``base``.

    See Also
    --------
    kl_divergence : The divergence it symmetrizes.
    total_variation : Another bounded distance between pmfs.

    References
    ----------
    .. [1] A. Makhdoumi, S. Salamatian, N. Fawaz, M. Médard, "From the information bottleneck to the
       privacy funnel", IEEE ITW 2014, Proposition 1 (the merge cost, in Jensen-Shannon form).

    Examples
    --------
    >>> js_divergence([1.0, 0.0], [0.0, 1.0])
    1.0
    >>> js_divergence([0.3, 0.7], [0.3, 0.7])
    0.0
    """
    normalize = check_bool("normalize", normalize)
    pa, qa = _pair(p, q, normalize)
    w = as_pmf(weights, name="weights", ndim=1)
    if w.size != 2:
        raise ValueError(f"weights must hold two masses (got {w.size})")
    ln_b = log_base(base)
    mix = w[0] * pa + w[1] * qa
    value = _kernels.entropy(mix) - w[0] * _kernels.entropy(pa) - w[1] * _kernels.entropy(qa)
    return _nonneg(value) / ln_b


# --------------------------------------------------------------------------- leakages


def _joint2(p_xy: ArrayLike, normalize: bool) -> NDArray[np.float64]:
    return as_pmf(p_xy, name="p_xy", normalize=normalize, ndim=2)


def maximal_leakage(p_xy: ArrayLike, *, base: Base = 2, normalize: bool = False) -> float:
    """Maximal leakage ``L(X -> Y) = log sum_y max_{x: p(x) > 0} p(y | x)`` (Issa, Wagner & Kamath).

    Parameters
    ----------
    p_xy : array_like, shape (n_x, n_y)
        Joint pmf; axis 0 is the secret ``X``, axis 1 the release ``Y``.
    base : float or str, default 2
        Logarithm base (Farokhi's *Noiseless privacy* uses bits).
    normalize : bool, default False
        Accept counts.

    Returns
    -------
    float
        ``L(X -> Y)``, equal to Sibson's mutual information of order infinity. It depends on
        ``p_x`` only through its support, lies between ``I(X; Y)`` and
        :func:`max_mutual_information`, and is at most ``log min(|supp X|, |supp Y|)``.

    See Also
    --------
    sibson_mutual_information : Of order infinity it is this leakage.
    max_mutual_information : The worst ratio ``p(y|x) / p(y)``.
    nsp.uncertain.nonstochastic_leakage : The range-based counterpart ``L0``.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy", arXiv:1910.13027, 2019, Theorem 5 (the maximal leakage
       it bounds).

    Examples
    --------
    For a deterministic ``Y = g(X)`` it is ``log2 |g(supp p_x)|`` (Farokhi, *Noiseless privacy*):
    here ``g`` maps 4 inputs onto 3 outputs.

    >>> p = np.zeros((4, 3))
    >>> p[[0, 1, 2, 3], [0, 1, 2, 2]] = [0.1, 0.2, 0.3, 0.4]
    >>> bool(np.isclose(maximal_leakage(p), np.log2(3)))
    True
    """
    normalize = check_bool("normalize", normalize)
    p = _joint2(p_xy, normalize)
    ln_b = log_base(base)
    return float(_kernels.maximal_leakage_stack(p[None])[0]) / ln_b


def max_mutual_information(p_xy: ArrayLike, *, base: Base = 2, normalize: bool = False) -> float:
    """Max-mutual information ``I_inf(X; Y) = D_inf(p_xy || p_x p_y) = max log p(y|x) / p(y)``.

    The maximum is over the pairs with ``p(x, y) > 0`` (Wu, Definition 6, eq. (7); Ding &
    Farokhi §VI: the maximal realizable leakage of Issa et al.).

    Parameters
    ----------
    p_xy : array_like, shape (n_x, n_y)
        Joint pmf; axis 0 is ``X``, axis 1 is ``Y``.
    base : float or str, default 2
        Logarithm base (Wu compares it with a DP epsilon in nats: pass ``base="e"``).
    normalize : bool, default False
        Accept counts.

    Returns
    -------
    float
        ``I_inf(X; Y) >= maximal_leakage(p_xy)``; 0 exactly when ``X`` and ``Y`` are independent.

    See Also
    --------
    maximal_leakage : The leakage of the worst guess.
    nsp.channels.dp_epsilon : The prior-free worst ratio of a channel.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       Def. 6 and eq. (7).

    Examples
    --------
    Randomized response with keep-probability 3/4 on a uniform bit: ``log(0.75 / 0.5)``.

    >>> p = np.array([[0.375, 0.125], [0.125, 0.375]])
    >>> bool(np.isclose(max_mutual_information(p, base="e"), np.log(1.5)))
    True
    """
    normalize = check_bool("normalize", normalize)
    p = _joint2(p_xy, normalize)
    ln_b = log_base(base)
    px, py = p.sum(axis=1), p.sum(axis=0)
    # Outside the support the ratio is 0 (p = 0), below the maximum over the support (>= 1).
    ratio = p / np.where(px > 0, px, 1.0)[:, None]
    ratio /= np.where(py > 0, py, 1.0)[None, :]
    return _nonneg(math.log(float(ratio.max()))) / ln_b


def renyi_leakage(
    p_xy: ArrayLike, alpha: float, *, base: Base = 2, normalize: bool = False
) -> float:
    """Return ``max_y D_alpha(p(x|y) || p(x))`` over the ``y`` with ``p(y) > 0``.

    The largest Rényi divergence of the posterior of ``X`` from its prior (Ding & Farokhi
    §VI, eq. (13)).

    At ``alpha = inf`` this is :func:`max_mutual_information`; at ``alpha = 0`` with a uniform
    ``X`` it is the non-stochastic leakage ``L0(X -> Y)`` of the support.

    Parameters
    ----------
    p_xy : array_like, shape (n_x, n_y)
        Joint pmf; axis 0 is ``X`` (the secret), axis 1 is ``Y``.
    alpha : float
        Rényi order, any real number in ``[0, inf]``; the orders 0, 1 and infinity are the
        limits of the others (the conventions of :func:`renyi_divergence`).
    base : float or str, default 2
        Logarithm base.
    normalize : bool, default False
        Accept counts.

    Returns
    -------
    float
        The leakage ``>= 0`` in units of ``base``, non-decreasing in ``alpha``; finite, as
        every posterior is supported inside the support of the prior.

    See Also
    --------
    renyi_divergence : The divergence maximized.
    sibson_mutual_information : The averaged counterpart.

    Notes
    -----
    Each divergence is :func:`renyi_divergence`, computed in the log domain: extreme orders
    neither underflow nor overflow.

    References
    ----------
    .. [1] N. Ding, F. Farokhi, "Developing non-stochastic privacy-preserving policies using
       agglomerative clustering", IEEE Trans. Inf. Forensics Security, 2020, §VI and eq. (13).

    Examples
    --------
    A uniform secret seen through ``y = x // 2`` (4 values, pairs merged): every posterior halves
    the support, so the Rényi-0 leakage is 1 bit, and so is max-mutual information.

    >>> p = np.zeros((4, 2)); p[[0, 1], 0] = p[[2, 3], 1] = 0.25
    >>> renyi_leakage(p, 0), renyi_leakage(p, np.inf), max_mutual_information(p)
    (1.0, 1.0, 1.0)

    A large order approaches max-mutual information:

    >>> q = np.array([[0.3, 0.1], [0.1, 0.5]])
    >>> round(renyi_leakage(q, 1e6), 5), round(max_mutual_information(q), 5)
    (0.90689, 0.90689)
    """
    normalize = check_bool("normalize", normalize)
    p = _joint2(p_xy, normalize)
    a = _check_alpha(alpha)
    check_base(base)
    px, py = p.sum(axis=1), p.sum(axis=0)
    with trusted():  # validated arguments: the posteriors and the prior are pmfs
        return max(
            renyi_divergence(p[:, y] / py[y], px, a, base=base) for y in np.flatnonzero(py > 0)
        )


def sibson_mutual_information(
    p_xy: ArrayLike,
    alpha: float,
    *,
    base: Base = 2,
    normalize: bool = False,
) -> float:
    """Return Sibson's mutual information of order ``alpha`` in ``[0, inf]``.

    ``I_alpha(X; Y) = alpha / (alpha - 1) log sum_y (sum_x p(x) p(y|x)^alpha)^(1/alpha)
    = min_Q D_alpha(p_xy || p_x Q)``.

    Parameters
    ----------
    p_xy : array_like, shape (n_x, n_y)
        Joint pmf; axis 0 is ``X``, axis 1 is ``Y``.
    alpha : float
        The order, any real number in ``[0, inf]``. ``0`` gives the limit as
        ``alpha -> 0``, ``-log max_y P_X({x: p(x, y) > 0})`` (0 when some ``y`` can follow
        every ``x``, positive when every output rules out some inputs); ``1`` the mutual
        information; ``inf`` the maximal leakage, the limit as ``alpha -> inf``.
    base : float or str, default 2
        Logarithm base.
    normalize : bool, default False
        Accept counts.

    Returns
    -------
    float
        ``I_alpha(X; Y) >= 0``, non-decreasing and continuous in ``alpha`` on ``[0, inf]``;
        exactly 0 when ``X`` or ``Y`` is constant.

    See Also
    --------
    mutual_information : Order 1.
    maximal_leakage : Order infinity.
    renyi_leakage : The worst output instead of the average.

    Notes
    -----
    Every power is taken in the log domain, so that neither ``p(y|x)^alpha`` nor the
    ``1/alpha``-th power of the inner sum underflows or overflows at any order: from
    ``alpha = 1e-6`` to ``1e6`` and beyond, on pmfs with zeros too, the error is a few ulps
    of a value of order 1.

    * ``|alpha - 1| > 1/8``: ``alpha / (alpha - 1)`` times a log-sum-exp over ``y`` of
      ``G_y = log(sum_x p(x) p(y|x)^alpha) / alpha``, itself scaled by ``max_x p(y|x)``
      (so ``G_y -> log max_x p(y|x)`` and the maximal leakage is reached as
      ``alpha -> inf``); for ``alpha <= 1/8``, ``G_y`` is taken in an ``expm1``/``log1p``
      form, which keeps the relative precision of a value of order ``alpha``.
    * ``|alpha - 1| <= 1/8``:
      ``alpha / (alpha - 1) ln sum_y p(y) (sum_x p(x|y) e^{(alpha - 1) i(x; y)})^(1 / alpha)``
      with ``i(x; y) = ln p(x, y) / (p(x) p(y))``, both logarithms in an ``expm1``/``log1p``
      form free of cancellation, so the error does not grow as ``alpha -> 1`` and the
      mutual information is reached continuously.

    The same kernel evaluates whole sweeps in :func:`nsp.notions.evaluate_many`, which
    therefore agrees with this function to the bit.

    Examples
    --------
    >>> p = np.array([[0.45, 0.05], [0.05, 0.45]])
    >>> sibson_mutual_information(p, 1) == mutual_information(p)
    True
    >>> sibson_mutual_information(p, float("inf")) == maximal_leakage(p)
    True
    >>> round(sibson_mutual_information(p, 2), 6)  # 2 log2(2 sqrt(0.5 * 0.9**2 + 0.5 * 0.1**2))
    0.713696

    Large orders approach the maximal leakage, ``log2 1.8``:

    >>> round(sibson_mutual_information(p, 1e6), 6), round(maximal_leakage(p), 6)
    (0.847997, 0.847997)

    Every output of this joint rules out one input, so small orders approach
    ``-log2 0.7`` (the largest mass of the inputs an output allows is 0.7):

    >>> z = np.array([[0.2, 0.1, 0.0], [0.0, 0.2, 0.1], [0.1, 0.0, 0.3]])
    >>> [round(sibson_mutual_information(z, a), 6) for a in (0, 1e-9, 1e-4)]
    [0.514573, 0.514573, 0.514638]
    """
    normalize = check_bool("normalize", normalize)
    p = _joint2(p_xy, normalize)
    a = _check_alpha(alpha)
    ln_b = log_base(base)
    if a == 1:
        with trusted():  # validated arguments
            return mutual_information(p, base=base)
    if math.isinf(a):
        with trusted():
            return maximal_leakage(p, base=base)
    return float(_kernels.sibson_stack(p[None], a)[0]) / ln_b


def gacs_korner_common_information(
    p_xy: ArrayLike, *, base: Base = 2, normalize: bool = False
) -> float:
    """Gács–Körner common information ``K(X; Y)``: the entropy of the support's component.

    The support ``{(x, y): p(x, y) > 0}`` is a bipartite graph on ``X ⊔ Y``; the component that
    ``(X, Y)`` falls in is the maximal common part of ``X`` and ``Y`` (a function of either),
    and ``K`` is the entropy of its pmf (Ding & Farokhi §VI: ``K(S; X̂)`` over the finest
    decomposition ``[[S | X̂]]_*``).

    Parameters
    ----------
    p_xy : array_like, shape (n_x, n_y)
        Joint pmf; axis 0 is ``X``, axis 1 is ``Y``.
    base : float or str, default 2
        Logarithm base.
    normalize : bool, default False
        Accept counts.

    Returns
    -------
    float
        ``0 <= K(X; Y) <= I(X; Y)``; ``K = log(#components)`` at most (the maximin
        information ``I_*`` is the maximum of ``K`` over pmfs with this support).

    See Also
    --------
    nsp.uncertain.support_components : The components of the support.
    nsp.uncertain.maximin_information : The range-based counterpart ``I*``.

    Notes
    -----
    Components come from :func:`nsp.uncertain.support_components` (rows or columns of zero
    mass form components of zero mass, which contribute nothing).

    References
    ----------
    .. [1] N. Ding, F. Farokhi, "Developing non-stochastic privacy-preserving policies using
       agglomerative clustering", IEEE Trans. Inf. Forensics Security, 2020, §VI.

    Examples
    --------
    Two blocks of masses 0.3 and 0.7: ``K = h(0.3)``.

    >>> p = np.array([[0.1, 0.2, 0.0], [0.0, 0.0, 0.4], [0.0, 0.0, 0.3]])
    >>> bool(np.isclose(gacs_korner_common_information(p), binary_entropy(0.3)))
    True
    """
    normalize = check_bool("normalize", normalize)
    ln_b = log_base(base)
    raw = as_real_array(p_xy, name="p_xy")
    found = _support_and_row_sums(raw) if raw.ndim == 2 and raw.size and not normalize else None
    if found is None:
        p = _joint2(raw, normalize)
        found = p > 0, p.sum(axis=1)
    support, px = found
    n, s_labels, _ = support_components(support)
    mass = np.bincount(s_labels, weights=px, minlength=n).astype(np.float64, copy=False)
    return _nonneg(_kernels.entropy(mass)) / ln_b


def _support_and_row_sums(
    m: NDArray[np.float64],
) -> tuple[NDArray[np.bool_], NDArray[np.float64]] | None:
    """Support mask and row sums of a 2-D pmf in one blocked pass, or ``None`` if not a pmf.

    Acceptance follows ``as_pmf`` (min >= 0, finite total within ``SUM_TOL`` of 1); on
    ``None`` the caller validates with ``as_pmf``, which raises the shared message.
    """
    n, k = m.shape
    step = max(1, 4 * _BLOCK // k)
    px = np.empty(n)
    support = np.empty((n, k), dtype=bool)
    for r0 in range(0, n, step):
        chunk = m[r0 : r0 + step]
        if not chunk.min() >= 0:  # a negative or NaN mass
            return None
        r1 = r0 + chunk.shape[0]
        px[r0:r1] = chunk.sum(axis=1)
        np.greater(chunk, 0, out=support[r0:r1])
    total = float(px.sum())
    if not (math.isfinite(total) and abs(total - 1.0) <= SUM_TOL):
        return None
    return support, px
