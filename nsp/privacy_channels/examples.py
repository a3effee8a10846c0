# mypy: ignore-errors
"""Paper-specific instances (Example 1, the spec's test instances) and comparison tables.

* :func:`example1_universe`, :func:`example1_query`, :func:`example1_rr`: Example 1 (§3.1,
  eqs. (12)–(22), Fig. 1) with the randomized-response channel of §4.1.
* :func:`count_query`, :func:`mod_sum_exponential_channel`: the spec's instances E6 and E4.
* :func:`random_channel`: seeded random privacy channels (spec §7 generator).
* Tables comparing information privacy with DP: :func:`rr_ip_vs_dp_table`,
  :func:`gaussian_noise_table`, :func:`exponential_vs_em_table`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np
import pandas as pd

from nsp.privacy_channels._checks import check_int, check_real, check_seed
from nsp.privacy_channels.capacity import individual_channel_capacity
from nsp.privacy_channels.core import PrivacyChannel, ProductUniverse, dp_epsilon, query_values
from nsp.privacy_channels.mechanisms import (
    dp_rr_flip,
    exponential_channel,
    exponential_mechanism_channel,
    gaussian_mechanism_sigma,
    gaussian_noise_for_epsilon,
    laplace_scale,
    laplace_std,
    randomized_response_channel,
    rr_capacity,
    rr_flip_threshold,
)

__all__ = [
    "example1_universe",
    "example1_query",
    "example1_rr",
    "count_query",
    "mod_sum_exponential_channel",
    "random_channel",
    "expected_distortion",
    "rr_ip_vs_dp_table",
    "gaussian_noise_table",
    "exponential_vs_em_table",
]


def example1_universe() -> ProductUniverse:
    """``X_1 = {0, 1, 2}``, ``X_2 = {0, 1}`` (Example 1)."""
    return ProductUniverse([(0, 1, 2), (0, 1)])


def example1_query(x1: int, x2: int) -> int:
    """Eq. (12): ``f(x_1, x_2) = 1`` if ``x_1 = x_2`` else ``0``."""
    return int(x1 == x2)


def example1_rr(p: float) -> PrivacyChannel:
    """Example 1 with the randomized-response channel (29) of flip probability ``p``.

    Examples
    --------
    >>> example1_rr(0.1).paper_matrix().round(2).tolist()[1]     # row y_2 = 1 of Fig. 1
    [0.9, 0.1, 0.1, 0.9, 0.1, 0.1]
    """
    return randomized_response_channel(example1_universe(), example1_query, p=p)


def count_query(n: int) -> tuple[ProductUniverse, Callable[..., int]]:
    """``n`` binary records and ``f(x) = sum_j x_j`` (spec E6)."""
    return ProductUniverse.binary(n), lambda *x: int(sum(x))


def mod_sum_exponential_channel(N: float, *, k: int = 5, m2: int = 3) -> PrivacyChannel:
    """Spec E4: ``f = (x_1 + x_2) mod k`` on ``{0..k-1} x {0..m2-1}``, exponential channel with
    cyclic distance and ties broken toward the ``+`` direction (``v+j`` before ``v-j``); weakly symmetric, ``C_1 = log k - H(Z)``.

    Examples
    --------
    >>> from nsp.privacy_channels import individual_channel_capacity
    >>> round(individual_channel_capacity(mod_sum_exponential_channel(1.0)).value, 9)
    0.879272255
    """
    k = check_int(k, "k", minimum=1)
    m2 = check_int(m2, "m2", minimum=1)
    U = ProductUniverse([range(k), range(m2)])
    return exponential_channel(
        U,
        lambda a, b: (a + b) % k,
        N=N,
        outputs=tuple(range(k)),
        distortion=lambda y, v: min((y - v) % k, (v - y) % k),
        tie_key=lambda y, v: 0 if 0 < (y - v) % k <= k // 2 else 1,
    )


def random_channel(
    seed: int,
    *,
    sizes: Sequence[int] | None = None,
    k: int | None = None,
    alpha: float = 0.5,
    max_size: int = 12,
) -> PrivacyChannel:
    """A random privacy channel (spec §7 generator): ``n in {1,2,3}``, ``|X_i| in {2,3}``,
    ``|X| <= max_size``, ``k in {2,3}``, rows ``~ Dirichlet(alpha)``; all seeded.

    Examples
    --------
    >>> random_channel(0).array.shape == random_channel(0).array.shape
    True
    """
    rng = np.random.default_rng(check_seed(seed))
    max_size = check_int(max_size, "max_size", minimum=2)  # the smallest universe has 2 datasets
    alpha = check_real(alpha, "alpha", finite=True)
    if not alpha > 0:
        raise ValueError(f"alpha must be a finite number > 0, got {alpha}")
    if sizes is not None:
        sizes = tuple(check_int(s, f"sizes[{j}]", minimum=1) for j, s in enumerate(sizes))
        if not sizes:
            raise ValueError("sizes must list at least one individual's record-universe size")
    if k is not None:
        k = check_int(k, "k", minimum=1)
    if sizes is None:
        while True:
            n = int(rng.integers(1, 4))
            sizes = tuple(int(s) for s in rng.integers(2, 4, size=n))
            if int(np.prod(sizes)) <= max_size:
                break
    if k is None:
        k = int(rng.integers(2, 4))
    arr = rng.dirichlet(np.full(k, alpha), size=tuple(sizes))
    return PrivacyChannel(ProductUniverse([range(s) for s in sizes]), arr)


def expected_distortion(
    ch: PrivacyChannel,
    f: Callable[..., float],
    *,
    distortion: Callable[[float, float], float] | None = None,
) -> float:
    """Mean ``E d(Y, f(X))`` over uniformly distributed datasets (default ``d = |y - v|``)."""
    try:
        vals = np.asarray(query_values(ch.universe, f), dtype=np.float64).ravel()
        ys = np.asarray(ch.outputs, dtype=np.float64)
    except (TypeError, ValueError):
        raise ValueError(
            "f and the channel's outputs must be real numbers for a distortion"
        ) from None
    D = (
        np.abs(ys[None, :] - vals[:, None])
        if distortion is None
        else np.array([[distortion(y, v) for y in ys] for v in vals], dtype=np.float64)
    )
    if not np.all(np.isfinite(D)):
        raise ValueError("f and distortion must give finite numbers (found NaN or inf)")
    return float(np.mean(np.sum(ch.matrix() * D, axis=1)))


def rr_ip_vs_dp_table(eps_grid: Sequence[float], *, base: float = 2) -> pd.DataFrame:
    """For each ``eps``: the IP calibration (``p*``, accuracy ``1 - p*``, ``eps`` in units of
    ``base``) next to DP randomized response at the same number (``eps`` in nats) and the IP
    level ``C_1`` of DP-RR (spec F3).

    Examples
    --------
    >>> rr_ip_vs_dp_table([0.5]).round(4).iloc[0].tolist()
    [0.5, 0.11, 0.89, 0.3775, 0.6225, 0.0437]
    """
    rows = []
    for eps in eps_grid:
        p_ip = rr_flip_threshold(eps, base=base)
        p_dp = dp_rr_flip(eps)
        rows.append(
            {
                "eps": float(eps),
                "p_star_ip": p_ip,
                "accuracy_ip": 1 - p_ip,
                "p_dp": p_dp,
                "accuracy_dp": 1 - p_dp,
                "c1_of_dp_rr": rr_capacity(p_dp, base=base),
            }
        )
    return pd.DataFrame(rows)


def gaussian_noise_table(
    eps_grid: Sequence[float],
    sensitivities: Sequence[float],
    *,
    T: float = 1.0,
    delta_prime: float = 1e-5,
    balance_deltas: Sequence[float] = (0.0,),
) -> pd.DataFrame:
    """Noise standard deviations at equal numeric ``eps`` (nats), spec E7 / F7.

    Columns: ``eps, balance_delta, sigma_ip`` (IP Gaussian channel, ``sqrt(N*)``),
    ``sensitivity, laplace_scale, laplace_std, gauss_mech_sigma`` (NaN for ``eps > 1``).

    Examples
    --------
    >>> gaussian_noise_table([0.1], [1.0]).round(4).iloc[0].tolist()
    [0.1, 0.0, 2.1252, 1.0, 10.0, 14.1421, 48.4481]
    """
    delta_prime = check_real(delta_prime, "delta_prime")
    if not 0 < delta_prime < 1:
        raise ValueError(f"delta_prime must be in (0, 1), got {delta_prime}")
    rows = []
    for eps in eps_grid:
        for bd in balance_deltas:
            sig = math.sqrt(gaussian_noise_for_epsilon(T, eps, balance_delta=bd))
            for df in sensitivities:
                rows.append(
                    {
                        "eps": float(eps),
                        "balance_delta": float(bd),
                        "sigma_ip": sig,
                        "sensitivity": float(df),
                        "laplace_scale": laplace_scale(df, eps),
                        "laplace_std": laplace_std(df, eps),
                        "gauss_mech_sigma": gaussian_mechanism_sigma(df, eps, delta_prime)
                        if eps <= 1
                        else math.nan,
                    }
                )
    return pd.DataFrame(rows)


def exponential_vs_em_table(
    n: int, eps_dp_list: Sequence[float], *, base: float = 2
) -> pd.DataFrame:
    """Count query over ``n`` bits: the McSherry–Talwar mechanism (``u = -|y - f|``, ``Du = 1``)
    at ``eps`` (nats) against the exponential privacy channel at ``N = 2/eps`` (equal ``C_1``).

    Columns: ``eps_dp, N, c1_em, c1_exp`` (units of ``base``), ``dp_em, dp_exp`` (realized DP eps,
    nats), ``dist_em, dist_exp`` (mean ``|Y - f(x)|`` over uniform datasets). Spec F6.

    Examples
    --------
    >>> df = exponential_vs_em_table(4, [1.0])
    >>> df[["dist_em", "dist_exp", "dp_em", "dp_exp"]].round(4).iloc[0].tolist()
    [0.9451, 0.8002, 0.684, 1.0]
    """
    U, f = count_query(n)
    rows = []
    for eps in eps_dp_list:
        em = exponential_mechanism_channel(U, f, eps=eps, outputs=tuple(range(n + 1)))
        N = 2.0 / eps
        ex = exponential_channel(U, f, N=N, outputs=tuple(range(n + 1)))
        rows.append(
            {
                "eps_dp": float(eps),
                "N": N,
                "c1_em": individual_channel_capacity(em, base=base, individuals=[0]).value,
                "c1_exp": individual_channel_capacity(ex, base=base, individuals=[0]).value,
                "dp_em": dp_epsilon(em),
                "dp_exp": dp_epsilon(ex),
                "dist_em": expected_distortion(em, f),
                "dist_exp": expected_distortion(ex, f),
            }
        )
    return pd.DataFrame(rows)
