"""The paper's privacy channels (§4–§5) and their differential-privacy counterparts.

Information-privacy channels (``C_1`` in units of ``base``, default bits):

* randomized response / binary symmetric channel, eq. (29): ``C_1 = log 2 - H(p)`` exactly for
  any non-constant query (the paper proves ``<=``), calibration (36)–(37);
* ``k``-ary randomized response (extension, data-independent);
* the (discrete) exponential channel, Def. 13, with the numerically stable form of eq. (62);
* the Gaussian channel ``N(f(x), N)`` (``N`` = variance), bound (95) ``1/2 log(1 + T^2/N)``,
  calibration (97)/(100), and the exact amplitude-constrained capacity by Blahut–Arimoto on a
  grid (:func:`nsp.channels.channel_capacity`).

DP counterparts (epsilon in **nats**): DP randomized response, the McSherry–Talwar
exponential mechanism, the Laplace and Gaussian mechanisms.

References
----------
.. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray
from scipy import integrate, optimize, stats

from nsp._validation import Base, check_base, check_int, check_real
from nsp.privacy_channels._checks import check_seed, check_size
from nsp.privacy_channels.core import (
    PrivacyChannel,
    ProductUniverse,
    _default_outputs,
    hamming_neighbours,
    query_channel,
    query_values,
)

__all__ = [
    "randomized_response_channel",
    "rr_capacity",
    "rr_flip_threshold",
    "rr_dp_epsilon",
    "dp_rr_flip",
    "kary_rr_channel",
    "exponential_channel",
    "exponential_noise_entropy",
    "exponential_noise_entropy_sum",
    "exponential_capacity_bound",
    "exponential_noise_for_epsilon",
    "exponential_prob_correct",
    "exponential_expected_rank",
    "sample_exponential_rank",
    "exponential_mechanism_channel",
    "gaussian_capacity_bound",
    "gaussian_noise_for_epsilon",
    "binary_input_awgn_capacity",
    "amplitude_constrained_capacity",
    "discretized_additive_channel",
    "discretized_gaussian_channel",
    "sample_gaussian_channel",
    "laplace_scale",
    "laplace_std",
    "sample_laplace_mechanism",
    "gaussian_mechanism_sigma",
]


def _positive(name: str, v: object) -> float:
    """Check a finite real number > 0."""
    return check_real(name, v, low=0.0, closed="neither")


def _probability(name: str, v: object) -> float:
    """Check a flip probability in the open interval (0, 1)."""
    return check_real(name, v, low=0.0, high=1.0, closed="neither")


def _h_nats(p: float) -> float:
    from nsp.info import binary_entropy

    return float(binary_entropy(p, base=math.e))


# ----------------------------------------------------------------------------- randomized response
def randomized_response_channel(
    universe: ProductUniverse, f: Callable[..., int], *, p: float
) -> PrivacyChannel:
    """Return the binary symmetric (randomized-response) privacy channel, eq. (29).

    ``f(x)`` in ``{0, 1}`` is complemented with probability ``p``; outputs are ``(0, 1)``.


    Parameters
    ----------
    universe : ProductUniverse
        The datasets.
    f : callable
        The query, with values in ``{0, 1}``.
    p : float
        Flip probability in (0, 1).

    Returns
    -------
    PrivacyChannel

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels",
       arXiv:1910.09235, 2019, §4.1.

    Examples
    --------
    >>> U = ProductUniverse([(0, 1, 2), (0, 1)])
    >>> ch = randomized_response_channel(U, lambda a, b: int(a == b), p=0.1)
    >>> ch.array[..., 1].tolist()          # Fig. 1, plane y = 1
    [[0.9, 0.1], [0.1, 0.9], [0.1, 0.1]]
    """
    p = _probability("p", p)

    def kernel(v):
        if v not in (0, 1):
            raise ValueError(f"f must take values in {{0, 1}} for randomized response, got {v!r}")
        return [1 - p, p] if v == 0 else [p, 1 - p]

    return query_channel(universe, f, kernel, outputs=(0, 1))


def rr_capacity(p: float, *, base: Base = 2) -> float:
    """Return ``log 2 - H(p)`` (eq. (34)): the exact ``C_1`` of RR for any non-constant query.

    Parameters
    ----------
    p : float
        Flip probability in (0, 1).
    base : float or str
        Logarithm base of the result (2: bits).

    Returns
    -------
    float

    Examples
    --------
    >>> round(rr_capacity(0.1), 10), round(rr_capacity(0.1, base=math.e), 10)
    (0.5310044064, 0.3680642072)
    """
    p = _probability("p", p)
    return (math.log(2) - _h_nats(p)) / math.log(check_base(base))


def rr_flip_threshold(eps: float, *, base: Base = 2) -> float:
    """Return ``p*`` in ``(0, 1/2]`` solving ``H(p*) = log 2 - eps`` (eq. (37)).

    RR is ``eps``-information private w.r.t. all priors iff ``p`` is in ``[p*, 1 - p*]``.
    For ``eps >= log 2`` every ``p`` works and ``0.0`` is returned.


    Parameters
    ----------
    eps : float
        The budget (>= 0), in units of ``base``.
    base : float or str
        Logarithm base of the result (2: bits).

    Returns
    -------
    float
        ``p*`` in ``[0, 1/2]``.

    Examples
    --------
    >>> round(rr_flip_threshold(0.1), 10), round(rr_flip_threshold(0.1, base=math.e), 10)
    (0.3160193463, 0.2802053738)
    """
    b = check_base(base)
    eps = check_real("eps", eps, low=0.0, allow_inf=True)
    e_n = eps * math.log(b)
    if e_n >= math.log(2):
        return 0.0
    from nsp.info import inverse_binary_entropy

    return float(inverse_binary_entropy(math.log(2) - e_n, base=math.e))


def rr_dp_epsilon(p: float) -> float:
    """Return the DP level (nats) of randomized response: ``|ln((1-p)/p)|``.

    For a query with two neighbouring datasets of different value.


    Parameters
    ----------
    p : float
        Flip probability in (0, 1).

    Returns
    -------
    float

    Examples
    --------
    >>> round(rr_dp_epsilon(0.1), 10)
    2.1972245773
    """
    p = _probability("p", p)
    return abs(math.log((1 - p) / p))


def dp_rr_flip(eps: float) -> float:
    """Return the flip probability ``1 / (1 + e^eps)`` of ``eps``-DP randomized response.

    Parameters
    ----------
    eps : float
        DP budget (>= 0, may be ``inf``), nats.

    Returns
    -------
    float

    Examples
    --------
    >>> round(dp_rr_flip(math.log(9)), 12)
    0.1
    """
    eps = check_real("eps", eps, low=0.0, allow_inf=True)
    return 1.0 / (1.0 + math.exp(eps)) if eps < 700 else math.exp(-eps) / (1.0 + math.exp(-eps))


def kary_rr_channel(
    universe: ProductUniverse,
    f: Callable[..., Hashable],
    *,
    p: float,
    outputs: Sequence[Hashable] | None = None,
) -> PrivacyChannel:
    """Return ``k``-ary randomized response (an extension, not in the paper).

    Keep ``f(x)`` w.p. ``1 - p``, else report a uniformly drawn other output.


    Parameters
    ----------
    universe : ProductUniverse
        The datasets.
    f : callable
        The query, with values among ``outputs``.
    p : float
        Probability in (0, 1) of not reporting ``f(x)``.
    outputs : sequence, optional
        The ``k >= 2`` outputs (default: the sorted range of ``f``).

    Returns
    -------
    PrivacyChannel

    Examples
    --------
    >>> ch = kary_rr_channel(ProductUniverse.binary(2), lambda a, b: a + b, p=0.3)
    >>> ch.array[0, 0].round(3).tolist()
    [0.7, 0.15, 0.15]
    """
    p = _probability("p", p)
    vals = query_values(universe, f)
    outs = _default_outputs(vals) if outputs is None else tuple(outputs)
    k = len(outs)
    if k < 2:
        raise ValueError("outputs must hold at least 2 labels for k-ary randomized response")

    def kernel(v):
        if v not in outs:
            raise ValueError(f"f must take values among outputs; f(x) = {v!r} is not one of {outs}")
        row = np.full(k, p / (k - 1))
        row[outs.index(v)] = 1 - p
        return row

    return query_channel(universe, f, kernel, outputs=outs)


# ----------------------------------------------------------------------------- exponential channel
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
    N = _positive("N", N)
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

    Examples
    --------
    >>> round(exponential_noise_entropy(5, 1.0), 6), round(exponential_noise_entropy(10, 1e-4), 12)
    (1.442656, 0.0)
    """
    k = check_int("k", k, low=1)
    lam = 1.0 / _positive("N", N)
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
    """
    k = check_int("k", k, low=1)
    lam = 1.0 / _positive("N", N)
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

    Examples
    --------
    >>> round(exponential_prob_correct(5, 1.0), 6)
    0.636409
    """
    k = check_int("k", k, low=1)
    lam = 1.0 / _positive("N", N)
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

    Examples
    --------
    >>> round(exponential_expected_rank(2, 1.0), 6)
    0.268941
    """
    k = check_int("k", k, low=1)
    lam = 1.0 / _positive("N", N)
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

    Examples
    --------
    >>> sample_exponential_rank(5, 1e-3, seed=0, size=4).tolist()
    [0, 0, 0, 0]
    """
    k = check_int("k", k, low=1)
    lam = 1.0 / _positive("N", N)
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

    Examples
    --------
    >>> ch = exponential_mechanism_channel(ProductUniverse.binary(1), lambda a: a, eps=2.0)
    >>> round(float(ch.array[0, 0]), 6)
    0.731059
    """
    eps = _positive("eps", eps)
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
        du = _positive("sensitivity", sensitivity)
    if not du > 0:
        raise ValueError(
            "sensitivity of the utility must be > 0 (the utility does not depend on the data?)"
        )
    logits = eps * U / (2 * du)
    logits -= logits.max(axis=-1, keepdims=True)
    w = np.exp(logits)
    return PrivacyChannel(universe, w / w.sum(axis=-1, keepdims=True), outs)


# ----------------------------------------------------------------------------- Gaussian channel
def gaussian_capacity_bound(T: float, N: float, *, base: Base = 2) -> float:
    """Return ``1/2 log(1 + T^2/N)`` (eq. (95)), the bound on ``C_1`` of ``N(f(x), N)``.

    For queries with ``|f| <= T``.

    Parameters
    ----------
    T : float
        Bound (> 0) on ``|f|``.
    N : float
        Noise variance (> 0).
    base : float or str
        Logarithm base of the result (2: bits).

    Returns
    -------
    float

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels",
       arXiv:1910.09235, 2019, §5.1.

    Examples
    --------
    >>> gaussian_capacity_bound(1.0, 1.0)
    0.5
    """
    T = _positive("T", T)
    N = _positive("N", N)
    return 0.5 * math.log1p(T * T / N) / math.log(check_base(base))


def gaussian_noise_for_epsilon(
    T: float, eps: float, *, base: Base = math.e, balance_delta: float = 0.0
) -> float:
    """Return the smallest variance ``N`` whose bound (95) is ``<= eps + delta``.

    ``N = T^2 / (base^{2(eps+delta)} - 1)`` (eqs. (97), (100)).


    Parameters
    ----------
    T : float
        Bound (> 0) on ``|f|``.
    eps : float
        The budget (> 0), in units of ``base``.
    base : float or str
        Unit of ``eps`` and ``balance_delta`` (default nats).
    balance_delta : float
        The balance value δ (>= 0) of eq. (100).

    Returns
    -------
    float
        The noise variance ``N``.

    Examples
    --------
    >>> round(gaussian_noise_for_epsilon(1.0, 0.1), 6), gaussian_noise_for_epsilon(1.0, 0.5, base=2)
    (4.516656, 1.0)
    """
    T = _positive("T", T)
    delta = check_real("balance_delta", balance_delta, low=0.0)
    e = _positive("eps", eps) + delta
    return T * T / math.expm1(2 * e * math.log(check_base(base)))


def binary_input_awgn_capacity(A: float, N: float, *, base: Base = 2) -> float:
    """Return the capacity of inputs ``+-A`` in Gaussian noise of variance ``N``.

    ``ln 2 - E ln(1 + exp(-2A(A+Z)/N))`` nats, ``Z ~ N(0, N)`` (1-D quadrature).


    Parameters
    ----------
    A : float
        Input amplitude (> 0).
    N : float
        Noise variance (> 0).
    base : float or str
        Logarithm base of the result (2: bits).

    Returns
    -------
    float

    Examples
    --------
    >>> round(binary_input_awgn_capacity(1.5, 1.0), 6)
    0.759979
    """
    A = _positive("A", A)
    N = _positive("N", N)
    s = math.sqrt(N)
    fn = lambda z: np.logaddexp(0.0, -2 * A * (A + s * z) / N) * stats.norm.pdf(z)  # noqa: E731
    val, _ = integrate.quad(fn, -40, 40, limit=400, epsabs=1e-14, epsrel=1e-13, points=[-A / s])
    return (math.log(2) - val) / math.log(check_base(base))


def _gaussian_edges(y_grid: NDArray[np.float64]) -> NDArray[np.float64]:
    mids = 0.5 * (y_grid[1:] + y_grid[:-1])
    return np.concatenate([[-np.inf], mids, [np.inf]])


def amplitude_constrained_capacity(
    T: float,
    N: float,
    *,
    n_inputs: int = 61,
    n_outputs: int = 1201,
    base: Base = 2,
    tol: float = 1e-9,
):
    """Return the capacity of ``Y = X + sqrt(N) G`` with ``|X| <= T`` (Smith), by BA on a grid.

    Inputs: ``n_inputs`` equally spaced points of ``[-T, T]``; outputs quantized into
    ``n_outputs`` bins centred on an equally spaced grid over ``[-T - 8 sqrt(N), T + 8 sqrt(N)]``
    (outer bins unbounded). Quantization loses information, so the value converges from below
    as the grids are refined. Returns the :class:`nsp.channels.CapacityResult` (in ``base``),
    with ``input_pmf`` over ``numpy.linspace(-T, T, n_inputs)``.


    Parameters
    ----------
    T : float
        Amplitude bound (> 0).
    N : float
        Noise variance (> 0).
    n_inputs, n_outputs : int
        Grid sizes (>= 2).
    base : float or str
        Logarithm base of the result (2: bits).
    tol : float
        Certified width of the capacity.

    Returns
    -------
    nsp.channels.CapacityResult

    Examples
    --------
    >>> round(amplitude_constrained_capacity(1.0, 1.0, n_inputs=21, n_outputs=401).capacity, 4)
    0.4859
    """
    from nsp.channels import channel_capacity

    T = _positive("T", T)
    N = _positive("N", N)
    n_inputs = check_int("n_inputs", n_inputs, low=2)
    n_outputs = check_int("n_outputs", n_outputs, low=2)
    xs = np.linspace(-T, T, n_inputs)
    s = math.sqrt(N)
    edges = _gaussian_edges(np.linspace(-T - 8 * s, T + 8 * s, n_outputs))
    W = _bin_probs(xs, edges, s)
    return channel_capacity(W, base=check_base(base), tol=tol)


def _bin_probs(
    means: NDArray[np.float64], edges: NDArray[np.float64], s: float
) -> NDArray[np.float64]:
    z = (edges[None, :] - means[:, None]) / s
    # difference of survival functions where that is more accurate (upper tail)
    cdf = stats.norm.cdf(z)
    sf = stats.norm.sf(z)
    upper = z > 0
    P = np.where(upper[:, 1:], sf[:, :-1] - sf[:, 1:], cdf[:, 1:] - cdf[:, :-1])
    P = np.clip(P, 0.0, None)
    return P / P.sum(axis=1, keepdims=True)


def _check_grid(y_grid: ArrayLike) -> NDArray[np.float64]:
    grid = np.asarray(y_grid, dtype=np.float64)
    ok = grid.ndim == 1 and grid.size >= 2 and np.all(np.isfinite(grid))
    if not ok or np.any(np.diff(grid) <= 0):
        raise ValueError(
            "y_grid must be a strictly increasing 1-D grid of at least 2 finite points"
        )
    return grid


def _query_number(v: Any) -> float:
    try:
        x = float(v)
    except (TypeError, ValueError):
        raise ValueError(f"f must return real numbers for an additive channel; got {v!r}") from None
    if not math.isfinite(x):
        raise ValueError(f"f must return finite numbers for an additive channel; got {v!r}")
    return x


def discretized_additive_channel(
    universe: ProductUniverse,
    f: Callable[..., float],
    *,
    cdf: Callable[[NDArray[np.float64]], NDArray[np.float64]],
    y_grid: ArrayLike,
) -> PrivacyChannel:
    """Return ``Y = f(x) + noise`` quantized to the nearest point of ``y_grid``.

    The outer bins are unbounded.

    ``cdf`` is the noise CDF (vectorized). Quantization is post-processing, so ``C_1`` of the
    result is ``<=`` that of the continuous channel. Outputs are the grid points.


    Parameters
    ----------
    universe : ProductUniverse
        The datasets.
    f : callable
        The real-valued query.
    cdf : callable
        The noise's cumulative distribution function, vectorized.
    y_grid : array_like
        Strictly increasing output grid (>= 2 finite points).

    Returns
    -------
    PrivacyChannel

    Examples
    --------
    >>> ch = discretized_additive_channel(ProductUniverse.binary(1), lambda a: float(a),
    ...                                   cdf=stats.laplace(scale=1.0).cdf, y_grid=[0.0, 1.0])
    >>> ch.array.round(4).tolist()
    [[0.6967, 0.3033], [0.3033, 0.6967]]
    """
    grid = _check_grid(y_grid)
    edges = _gaussian_edges(grid)

    def kernel(v):
        c = np.asarray(cdf(edges - _query_number(v)), dtype=np.float64)
        if c.shape != edges.shape or not np.all(np.isfinite(c)):
            raise ValueError(f"cdf must return one finite value per bin edge (query value {v!r})")
        row = np.clip(np.diff(c), 0.0, None)
        if not row.sum() > 0:
            raise ValueError(
                f"cdf must be a non-decreasing distribution function (query value {v!r})"
            )
        return row / row.sum()

    return query_channel(universe, f, kernel, outputs=tuple(grid.tolist()))


def discretized_gaussian_channel(
    universe: ProductUniverse, f: Callable[..., float], *, N: float, y_grid: ArrayLike
) -> PrivacyChannel:
    """Return the Gaussian privacy channel ``N(f(x), N)`` (Def. 14) quantized on ``y_grid``.

    ``N`` is the variance.


    Parameters
    ----------
    universe : ProductUniverse
        The datasets.
    f : callable
        The real-valued query.
    N : float
        Noise variance (> 0).
    y_grid : array_like
        Strictly increasing output grid (>= 2 finite points).

    Returns
    -------
    PrivacyChannel

    Examples
    --------
    >>> from nsp.privacy_channels import individual_channel_capacity
    >>> ch = discretized_gaussian_channel(ProductUniverse.binary(3), lambda *x: sum(x), N=1.0,
    ...                                   y_grid=np.linspace(-7, 10, 801))
    >>> round(individual_channel_capacity(ch).value, 4)   # = binary-input AWGN, A = 1.5
    0.76
    """
    N = _positive("N", N)
    grid = _check_grid(y_grid)
    s = math.sqrt(N)
    edges = _gaussian_edges(grid)
    vals = query_values(universe, f)
    distinct = sorted(set(_query_number(v) for v in vals.ravel()))
    rows = dict(zip(distinct, _bin_probs(np.array(distinct), edges, s), strict=True))
    return query_channel(
        universe, f, lambda v: rows[_query_number(v)], outputs=tuple(grid.tolist())
    )


def sample_gaussian_channel(
    value: float,
    N: float,
    *,
    seed: int | np.random.Generator | None = None,
    size: int | None = None,
):
    """Draw ``f(x) + sqrt(N) G`` (eq. (91)) for the query value ``value = f(x)``.

    Parameters
    ----------
    value : float
        The query value ``f(x)`` (finite).
    N : float
        Noise variance (> 0).
    seed : int or Generator, optional
        Seed of the draws.
    size : int or tuple of int, optional
        Sample shape; ``None`` draws one value.

    Returns
    -------
    float or numpy.ndarray
    """
    N = _positive("N", N)
    value = check_real("value", value)
    rng = np.random.default_rng(check_seed(seed))
    return value + math.sqrt(N) * rng.standard_normal(check_size(size))


# ----------------------------------------------------------------------------- DP mechanisms
def laplace_scale(sensitivity: float, eps: float) -> float:
    """Return the Laplace mechanism's scale ``b = Df / eps`` (eps in nats).

    The paper calls it a "variance"; it is a scale (the standard deviation is ``sqrt(2) b``).


    Parameters
    ----------
    sensitivity : float
        The query's sensitivity ``Df > 0``.
    eps : float
        DP budget (> 0), nats.

    Returns
    -------
    float

    Examples
    --------
    >>> laplace_scale(1.0, 0.1)
    10.0
    """
    return _positive("sensitivity", sensitivity) / _positive("eps", eps)


def laplace_std(sensitivity: float, eps: float) -> float:
    """Return the standard deviation ``sqrt(2) Df / eps`` of the Laplace mechanism's noise.

    Parameters
    ----------
    sensitivity : float
        The query's sensitivity ``Df > 0``.
    eps : float
        DP budget (> 0), nats.

    Returns
    -------
    float

    Examples
    --------
    >>> round(laplace_std(1.0, 0.1), 4)
    14.1421
    """
    return math.sqrt(2) * laplace_scale(sensitivity, eps)


def sample_laplace_mechanism(
    value: float,
    sensitivity: float,
    eps: float,
    *,
    seed: int | np.random.Generator | None = None,
    size: int | None = None,
):
    """Draw ``f(x) + Laplace(Df/eps)``.

    Parameters
    ----------
    value : float
        The query value ``f(x)`` (finite).
    sensitivity : float
        The query's sensitivity ``Df > 0``.
    eps : float
        DP budget (> 0), nats.
    seed : int or Generator, optional
        Seed of the draws.
    size : int or tuple of int, optional
        Sample shape; ``None`` draws one value.

    Returns
    -------
    float or numpy.ndarray
    """
    value = check_real("value", value)
    scale = laplace_scale(sensitivity, eps)
    rng = np.random.default_rng(check_seed(seed))
    return value + rng.laplace(0.0, scale, check_size(size))


def gaussian_mechanism_sigma(sensitivity: float, eps: float, delta: float) -> float:
    """Return the Gaussian mechanism's noise ``sigma = sqrt(2 ln(1.25/delta)) Df / eps`` (98).

    The classical guarantee holds for ``eps < 1``; ``eps = 1`` is accepted as the boundary
    (so that tables may include it) and ``eps > 1`` is refused.

    Parameters
    ----------
    sensitivity : float
        The query's sensitivity ``Df > 0``.
    eps : float
        DP ε in (0, 1], nats.
    delta : float
        The δ of (ε, δ)-DP, in (0, 1).

    Returns
    -------
    float
        The noise standard deviation σ.

    Examples
    --------
    >>> round(gaussian_mechanism_sigma(1.0, 0.1, 1e-5), 4)
    48.4481
    """
    eps = check_real("eps", eps, low=0.0, high=1.0, closed="right")
    delta = check_real("delta", delta, low=0.0, high=1.0, closed="neither")
    return math.sqrt(2 * math.log(1.25 / delta)) * _positive("sensitivity", sensitivity) / eps
