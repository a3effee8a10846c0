"""The Gaussian privacy channel ``N(f(x), N)`` (§5.1; ``N`` is the variance).

The bound (95) and calibration (97)/(100), the exact capacity of binary and of
amplitude-constrained inputs, discretized additive channels, and a sampler.

References
----------
.. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray
from scipy import integrate, stats

from nsp._validation import Base, check_base, check_callable, check_int, check_real, check_seed
from nsp.channels import channel_capacity
from nsp.privacy_channels._checks import check_size
from nsp.privacy_channels._core import (
    PrivacyChannel,
    ProductUniverse,
    _real_array,
    query_channel,
    query_values,
)

#: Largest input or output grid of :func:`amplitude_constrained_capacity`.
MAX_GRID: int = 100_000


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

    See Also
    --------
    gaussian_noise_for_epsilon : The inverse: the variance of a budget.
    amplitude_constrained_capacity : The exact capacity with bounded inputs.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels",
       arXiv:1910.09235, 2019, §5.1.

    Examples
    --------
    >>> gaussian_capacity_bound(1.0, 1.0)
    0.5
    """
    T = check_real("T", T, low=0.0, closed="neither")
    N = check_real("N", N, low=0.0, closed="neither")
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

    See Also
    --------
    gaussian_capacity_bound : The inverse: the bound of a variance.
    gaussian_mechanism_sigma : The DP Gaussian mechanism's noise.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       eqs. (95)-(97).

    Examples
    --------
    >>> round(gaussian_noise_for_epsilon(1.0, 0.1), 6), gaussian_noise_for_epsilon(1.0, 0.5, base=2)
    (4.516656, 1.0)
    """
    T = check_real("T", T, low=0.0, closed="neither")
    delta = check_real("balance_delta", balance_delta, low=0.0)
    e = check_real("eps", eps, low=0.0, closed="neither") + delta
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

    See Also
    --------
    amplitude_constrained_capacity : With any input in ``[-T, T]``.

    Examples
    --------
    >>> round(binary_input_awgn_capacity(1.5, 1.0), 6)
    0.759979
    """
    A = check_real("A", A, low=0.0, closed="neither")
    N = check_real("N", N, low=0.0, closed="neither")
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

    See Also
    --------
    gaussian_capacity_bound : The bound (95).
    binary_input_awgn_capacity : With inputs ``+-A`` only.

    Examples
    --------
    >>> round(amplitude_constrained_capacity(1.0, 1.0, n_inputs=21, n_outputs=401).capacity, 4)
    0.4859
    """
    T = check_real("T", T, low=0.0, closed="neither")
    N = check_real("N", N, low=0.0, closed="neither")
    n_inputs = check_int("n_inputs", n_inputs, low=2, high=MAX_GRID)
    n_outputs = check_int("n_outputs", n_outputs, low=2, high=MAX_GRID)
    if n_inputs * n_outputs > MAX_GRID**2 // 100:
        raise ValueError(
            f"n_inputs * n_outputs = {n_inputs * n_outputs} is more than {MAX_GRID**2 // 100}: "
            "the transition matrix would not fit in memory"
        )
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
    grid = _real_array("y_grid", y_grid)
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

    See Also
    --------
    discretized_gaussian_channel : With Gaussian noise.

    Examples
    --------
    >>> ch = discretized_additive_channel(ProductUniverse.binary(1), lambda a: float(a),
    ...                                   cdf=stats.laplace(scale=1.0).cdf, y_grid=[0.0, 1.0])
    >>> ch.array.round(4).tolist()
    [[0.6967, 0.3033], [0.3033, 0.6967]]
    """
    check_callable("f", f)
    check_callable("cdf", cdf, n_args=1)
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

    See Also
    --------
    discretized_additive_channel : With any noise.
    sample_gaussian_channel : Draw the continuous channel's output.
    gaussian_capacity_bound : The bound on its ``C_1``.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       Def. 14.

    Examples
    --------
    >>> from nsp.privacy_channels import individual_channel_capacity
    >>> ch = discretized_gaussian_channel(ProductUniverse.binary(3), lambda *x: sum(x), N=1.0,
    ...                                   y_grid=np.linspace(-7, 10, 801))
    >>> round(individual_channel_capacity(ch).value, 4)   # = binary-input AWGN, A = 1.5
    0.76
    """
    check_callable("f", f)
    N = check_real("N", N, low=0.0, closed="neither")
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

    See Also
    --------
    discretized_gaussian_channel : The quantized channel.
    sample_laplace_mechanism : Draw the Laplace mechanism's output.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       eq. (91).

    Examples
    --------
    >>> sample_gaussian_channel(3.0, 0.25, seed=0, size=4).round(4).tolist()
    [3.0629, 2.9339, 3.3202, 3.0525]
    """
    N = check_real("N", N, low=0.0, closed="neither")
    value = check_real("value", value)
    rng = np.random.default_rng(check_seed(seed))
    return value + math.sqrt(N) * rng.standard_normal(check_size(size))
