"""The (discrete) exponential privacy channel (Def. 13, §4.3) and the McSherry–Talwar mechanism.

Its noise entropy in closed form (eq. (62), evaluated stably), the bound ``log k - H(Z)``,
the noise for a budget, utility, a sampler, and the DP exponential mechanism for comparison.

References
----------
.. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence

import numpy as np
from scipy import optimize

from nsp._validation import Base, check_base, check_callable, check_int, check_real, check_seed
from nsp.privacy_channels._checks import check_size
from nsp.privacy_channels._core import (
    PrivacyChannel,
    ProductUniverse,
    _default_outputs,
    hamming_neighbours,
    query_channel,
    query_values,
)


def _default_distortion(y, v) -> float:
    if isinstance(y, (int, float, np.integer, np.floating)) and isinstance(
        v, (int, float, np.integer, np.floating)
    ):
        return abs(float(y) - float(v))
    return 0.0 if y == v else 1.0


def exponential_channel(
    universe: ProductUniverse,
    f: Callable[..., Hashable],
    *,
    N: float,
    outputs: Sequence[Hashable] | None = None,
    distortion: Callable[[Hashable, Hashable], float] | None = None,
    tie_key: Callable[[Hashable, Hashable], object] | None = None,
) -> PrivacyChannel:
    """Return the (discrete) exponential privacy channel of Def. 13.

    ``p(y|x) = exp(-phi_x(y)/N) / alpha``.

    ``phi_x(y)`` is the rank (0-based) of ``y`` when the outputs are sorted by
    ``(d(y, f(x)), tie_key(y, f(x)), index of y)`` (eqs. (47)–(48); the paper does not say how
    ties are broken).

    Parameters
    ----------
    universe : ProductUniverse
        The datasets ``X = X_1 × ... × X_n``, one coordinate per individual.
    f : callable
        The query ``f(x_1, ..., x_n)``.
    N : float
        ``N > 0`` (``lambda = 1/N``).
    outputs : sequence, optional
        ``Y`` (default: the sorted range of ``f``).
    distortion : callable, optional
        ``d(y, v) >= 0``; default ``|y - v|`` for numbers, else 0/1.
    tie_key : callable, optional
        Secondary sort key ``tie_key(y, v)``; default: none (ties go to the smaller index of ``y``).

    Returns
    -------
    PrivacyChannel

    See Also
    --------
    exponential_capacity_bound : The bound on its ``C_1``.
    exponential_noise_for_epsilon : The noise meeting a budget.
    exponential_mechanism_channel : McSherry and Talwar's exponential mechanism.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels",
       arXiv:1910.09235, 2019, §4.3.

    Examples
    --------
    >>> ch = exponential_channel(ProductUniverse.binary(1), lambda a: a, N=1.0)
    >>> round(float(ch.array[0, 0]), 6)       # k = 2 is RR with p = 1/(1+e^{1/N})
    0.731059
    """
    check_callable("f", f)
    N = check_real("N", N, low=0.0, closed="neither")
    d = _default_distortion if distortion is None else distortion
    vals = query_values(universe, f)
    outs = _default_outputs(vals) if outputs is None else tuple(outputs)
    k = len(outs)
    weights = np.exp(-np.arange(k) / N)
    weights /= weights.sum()

    def kernel(v):
        dist = [float(d(y, v)) for y in outs]
        if any(x < 0 or not math.isfinite(x) for x in dist):
            raise ValueError("distortion must return finite values >= 0")
        keys = [
            (dist[j], (tie_key(y, v) if tie_key is not None else 0), j) for j, y in enumerate(outs)
        ]
        order = sorted(range(k), key=lambda j: keys[j])
        row = np.empty(k)
        row[order] = weights
        return row

    return query_channel(universe, f, kernel, outputs=outs)


def _t_over_expm1(t: float) -> float:
    """T / (e^t - 1), stable for all t > 0 (= t e^-t / (1 - e^-t))."""
    if t > 700:
        return t * math.exp(-t) / (-math.expm1(-t))
    return t / math.expm1(t)


def exponential_noise_entropy(k: int, N: float, *, base: Base = 2) -> float:
    """Return ``H(Z)`` of the exponential channel by eq. (62), in a numerically stable form.

    ``H = ln((1-e^{-k lam})/(1-e^{-lam})) + lam/(e^lam - 1) - k lam/(e^{k lam} - 1)`` nats,
    ``lam = 1/N``, valid for every ``N > 0`` (the paper's ``lam <= 1`` is unnecessary).

    Parameters
    ----------
    k : int
        Number of outputs (>= 1).
    N : float
        Noise parameter (> 0).
    base : float or str
        Logarithm base of the result (2: bits).

    Returns
    -------
    float

    See Also
    --------
    exponential_noise_entropy_sum : The direct sum, a check.
    exponential_capacity_bound : ``log k - H(Z)``.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       §4.3, eqs. (60)-(62).

    Examples
    --------
    >>> round(exponential_noise_entropy(5, 1.0), 6), round(exponential_noise_entropy(10, 1e-4), 12)
    (1.442656, 0.0)
    """
    k = check_int("k", k, low=1)
    lam = 1.0 / check_real("N", N, low=0.0, closed="neither")
    if k == 1:
        return 0.0
    log_alpha = math.log(-math.expm1(-k * lam)) - math.log(-math.expm1(-lam))
    h = log_alpha + _t_over_expm1(lam) - _t_over_expm1(k * lam)
    return max(h, 0.0) / math.log(check_base(base))


def exponential_noise_entropy_sum(k: int, N: float, *, base: Base = 2) -> float:
    """Return ``H(Z)`` by the direct sum (eqs. (50)–(53)); the check for eq. (62).

    Parameters
    ----------
    k : int
        Number of outputs (>= 1).
    N : float
        Noise parameter (> 0).
    base : float or str
        Logarithm base of the result (2: bits).

    Returns
    -------
    float

    See Also
    --------
    exponential_noise_entropy : The stable closed form.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       eqs. (50)-(53).

    Examples
    --------
    The direct sum agrees with the closed form of eq. (62):

    >>> from nsp.privacy_channels import exponential_noise_entropy
    >>> round(exponential_noise_entropy_sum(4, 1.0), 9), round(exponential_noise_entropy(4, 1.0), 9)
    (1.367006879, 1.367006879)
    """
    k = check_int("k", k, low=1)
    lam = 1.0 / check_real("N", N, low=0.0, closed="neither")
    w = np.exp(-lam * np.arange(k))
    p = w / w.sum()
    p = p[p > 0]
    return float(-np.sum(p * np.log(p))) / math.log(check_base(base))


def exponential_capacity_bound(k: int, N: float, *, base: Base = 2) -> float:
    """Return ``log k - H(Z)`` (eq. (43)/(63)), the bound on ``C_1`` of the exponential channel.

    Parameters
    ----------
    k : int
        Number of outputs (>= 1).
    N : float
        Noise parameter (> 0).
    base : float or str
        Logarithm base of the result (2: bits).

    Returns
    -------
    float

    See Also
    --------
    exponential_noise_for_epsilon : The inverse: the noise of a budget.
    exponential_noise_entropy : ``H(Z)``.
    data_independent_bound : The general bound.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       eqs. (43) and (63).

    Examples
    --------
    >>> round(exponential_capacity_bound(5, 1.0), 6)
    0.879272
    """
    return math.log(check_int("k", k, low=1)) / math.log(
        check_base(base)
    ) - exponential_noise_entropy(k, N, base=base)


def exponential_noise_for_epsilon(k: int, eps: float, *, base: Base = 2) -> float:
    """Return ``N*``, the unique ``N`` with ``log k - H(Z) = eps``.

    ``H`` increases in ``N``; the root exists iff ``0 < eps < log k``.

    The root is searched in ``[1e-3, 1e9]`` (``[1e-6, 1e9]`` for ``eps`` close to ``log k``). An
    ``eps`` whose root lies outside, or so close to 0 or ``log k`` that the sign of
    ``log k - H(Z) - eps`` at a bracket end is rounding noise, raises :class:`ValueError`
    (never a bracket end returned as a root).

    Parameters
    ----------
    k : int
        Number of outputs (>= 1).
    eps : float
        The budget, in ``(0, log k)`` (units of ``base``).
    base : float or str
        Logarithm base of the result (2: bits).

    Returns
    -------
    float

    See Also
    --------
    exponential_capacity_bound : The inverse: the bound of a noise.
    gaussian_noise_for_epsilon : The same calibration for the Gaussian channel.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       §4.3, eq. (63).

    Examples
    --------
    >>> round(exponential_noise_for_epsilon(5, 0.1), 6)
    3.711812
    """
    k = check_int("k", k, low=1)
    b = check_base(base)
    eps = check_real("eps", eps)
    if not 0 < eps < math.log(k) / math.log(b):
        raise ValueError(
            f"eps must be in (0, log k) = (0, {math.log(k) / math.log(b):.6g}) for k={k}, got {eps}"
        )
    g = lambda N: exponential_capacity_bound(k, N, base=b) - eps  # noqa: E731
    lo, hi = 1e-3, 1e9
    if g(lo) < 0:
        lo = 1e-6
    # g is computed as a difference of two numbers near log k: below this level its sign is noise
    noise = 64 * np.finfo(float).eps * max(1.0, math.log(k) / math.log(b))
    if not g(lo) > noise or not g(hi) < -noise:
        low_ok = max(exponential_capacity_bound(k, hi, base=b), 0.0) + noise
        high_ok = exponential_capacity_bound(k, lo, base=b) - noise
        raise ValueError(
            f"eps = {eps!r} gives no bracketed root N* of log k - H(Z) = eps in [{lo:g}, {hi:g}] "
            f"for k={k}: eps must differ from log k - H(Z) at both ends by more than its rounding "
            f"level {noise:.2g}, i.e. lie in ({low_ok:.3g}, {high_ok:.6g})"
        )
    return float(optimize.brentq(g, lo, hi, xtol=1e-14, rtol=1e-15, maxiter=500))


def exponential_prob_correct(k: int, N: float) -> float:
    """Return ``P(Y = f(x)) = 1/alpha`` (eq. (54)).

    Parameters
    ----------
    k : int
        Number of outputs (>= 1).
    N : float
        Noise parameter (> 0).

    Returns
    -------
    float

    See Also
    --------
    exponential_expected_rank : The expected rank of the output.
    sample_exponential_rank : Draw the ranks.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       Def. 13 and eq. (54).

    Examples
    --------
    >>> round(exponential_prob_correct(5, 1.0), 6)
    0.636409
    """
    k = check_int("k", k, low=1)
    lam = 1.0 / check_real("N", N, low=0.0, closed="neither")
    return -math.expm1(-lam) / -math.expm1(-k * lam)


def exponential_expected_rank(k: int, N: float) -> float:
    """Return ``E[phi_x(Y)] = 1/(e^lam - 1) - k/(e^{k lam} - 1)``.

    Parameters
    ----------
    k : int
        Number of outputs (>= 1).
    N : float
        Noise parameter (> 0).

    Returns
    -------
    float

    See Also
    --------
    exponential_prob_correct : The probability of rank 0.
    sample_exponential_rank : Draw the ranks.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       §4.3 (the series of eqs. (54)-(60)).

    Examples
    --------
    >>> round(exponential_expected_rank(2, 1.0), 6)
    0.268941
    """
    k = check_int("k", k, low=1)
    lam = 1.0 / check_real("N", N, low=0.0, closed="neither")
    return (_t_over_expm1(lam) - _t_over_expm1(k * lam)) / lam


def sample_exponential_rank(
    k: int, N: float, *, seed: int | np.random.Generator | None = None, size: int | None = None
):
    """Draw ranks ``j`` with ``P(j) = e^{-j/N}/alpha`` by inversion.

    Parameters
    ----------
    k : int
        Number of outputs (>= 1).
    N : float
        Noise parameter (> 0).
    seed : int or Generator, optional
        Seed of the draws.
    size : int or tuple of int, optional
        Sample shape; ``None`` draws one rank.

    Returns
    -------
    int or numpy.ndarray of int64

    See Also
    --------
    exponential_prob_correct : The probability of rank 0.
    exponential_expected_rank : The mean rank.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       Def. 13.

    Examples
    --------
    >>> sample_exponential_rank(5, 1e-3, seed=0, size=4).tolist()
    [0, 0, 0, 0]
    """
    k = check_int("k", k, low=1)
    lam = 1.0 / check_real("N", N, low=0.0, closed="neither")
    rng = np.random.default_rng(check_seed(seed))
    u = rng.random(check_size(size))
    j = np.floor(-np.log1p(u * np.expm1(-k * lam)) / lam).astype(np.int64)
    j = np.minimum(j, k - 1)
    return int(j) if size is None else j


def exponential_mechanism_channel(
    universe: ProductUniverse,
    f: Callable[..., Hashable],
    *,
    eps: float,
    outputs: Sequence[Hashable] | None = None,
    utility: Callable[[Hashable, Hashable], float] | None = None,
    sensitivity: float | None = None,
) -> PrivacyChannel:
    """Return the McSherry–Talwar exponential mechanism.

    ``p(y|x) ~ exp(eps u(y, f(x)) / (2 Du))``.

    ``eps`` in nats (an ``eps``-DP guarantee). ``utility`` defaults to ``-|y - v|``; ``Du``
    defaults to the sensitivity of ``u`` over Hamming-1 neighbours.

    Parameters
    ----------
    universe : ProductUniverse
        The datasets.
    f : callable
        The query.
    eps : float
        DP budget (> 0), nats.
    outputs : sequence, optional
        The outputs (default: the sorted range of ``f``).
    utility : callable, optional
        ``u(y, v)``; default ``-|y - v|``.
    sensitivity : float, optional
        ``Du > 0``; default: computed over neighbouring datasets.

    Returns
    -------
    PrivacyChannel

    See Also
    --------
    exponential_channel : The exponential privacy channel.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       §4.3 (the exponential mechanism that Def. 13 adapts).

    Examples
    --------
    >>> ch = exponential_mechanism_channel(ProductUniverse.binary(1), lambda a: a, eps=2.0)
    >>> round(float(ch.array[0, 0]), 6)
    0.731059
    """
    check_callable("f", f)
    eps = check_real("eps", eps, low=0.0, closed="neither")
    u = (lambda y, v: -_default_distortion(y, v)) if utility is None else utility
    vals = query_values(universe, f)
    outs = _default_outputs(vals) if outputs is None else tuple(outputs)
    U = np.array([[float(u(y, v)) for y in outs] for v in vals.ravel()]).reshape(
        universe.sizes + (len(outs),)
    )
    if not np.all(np.isfinite(U)):
        raise ValueError("utility must return finite numbers (found NaN or inf)")
    if sensitivity is None:
        pairs = hamming_neighbours(universe)
        flat = U.reshape(-1, len(outs))
        du = float(np.max(np.abs(flat[pairs[:, 0]] - flat[pairs[:, 1]]))) if len(pairs) else 0.0
    else:
        du = check_real("sensitivity", sensitivity, low=0.0, closed="neither")
    if not du > 0:
        raise ValueError(
            "sensitivity of the utility must be > 0 (the utility does not depend on the data?)"
        )
    logits = eps * U / (2 * du)
    logits -= logits.max(axis=-1, keepdims=True)
    w = np.exp(logits)
    return PrivacyChannel(universe, w / w.sum(axis=-1, keepdims=True), outs)
