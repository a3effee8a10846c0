"""Information privacy against differential privacy: calibrations and noise at equal budgets.

Randomized response calibrated both ways (:func:`rr_ip_vs_dp_table`,
:func:`rr_threshold_table`), the Gaussian channel's noise beside the Laplace and Gaussian
mechanisms' (:func:`gaussian_noise_table`, :func:`gaussian_calibration_table`,
:func:`laplace_crossover_table`) and the exponential mechanism beside the exponential
channel (:func:`exponential_vs_em_table`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pandas as pd

from nsp._validation import Base, check_real
from nsp.papers.privacy_channels._common import _reals
from nsp.papers.privacy_channels._instances import count_query
from nsp.privacy_channels import (
    dataset_dp_epsilon,
    dp_rr_flip,
    expected_distortion,
    exponential_channel,
    exponential_mechanism_channel,
    gaussian_mechanism_sigma,
    gaussian_noise_for_epsilon,
    individual_channel_capacity,
    laplace_scale,
    laplace_std,
    rr_capacity,
    rr_flip_threshold,
)

__all__ = [
    "exponential_vs_em_table",
    "gaussian_calibration_table",
    "gaussian_noise_table",
    "laplace_crossover_table",
    "rr_ip_vs_dp_table",
    "rr_threshold_table",
]


def rr_ip_vs_dp_table(eps_grid: Sequence[float], *, base: Base = 2) -> pd.DataFrame:
    """Return randomized response calibrated by information privacy and by DP, per ε.

    For each ``eps``: the IP calibration (``p*`` of eq. (37), accuracy ``1 - p*``, ``eps`` in
    units of ``base``) next to ε-DP randomized response at the same number (``eps`` in nats)
    and the IP level ``C_1`` of that DP channel.

    Parameters
    ----------
    eps_grid : sequence of float
        The budgets.
    base : float or str
        Unit of the IP budget and of ``C_1``.

    Returns
    -------
    pandas.DataFrame
        Columns ``eps, p_star_ip, accuracy_ip, p_dp, accuracy_dp, c1_of_dp_rr``.

    See Also
    --------
    rr_threshold_table : The calibration alone.
    rr_view : Draw both levels.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       eq. (37) and Def. 9.

    Examples
    --------
    >>> rr_ip_vs_dp_table([0.5]).round(4).iloc[0].tolist()
    [0.5, 0.11, 0.89, 0.3775, 0.6225, 0.0437]
    """
    rows = []
    for eps in _reals("eps_grid", eps_grid, low=0.0):
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


def rr_threshold_table(eps_grid: Sequence[float]) -> pd.DataFrame:
    """Return the calibration ``p*(eps)`` of randomized response (eq. (37)) in bits and nats.

    Parameters
    ----------
    eps_grid : sequence of float
        The budgets (>= 0).

    Returns
    -------
    pandas.DataFrame
        Columns ``eps, p_star_bits, p_star_nats``.

    See Also
    --------
    nsp.privacy_channels.rr_flip_threshold : The calibration.
    rr_ip_vs_dp_table : Information privacy against DP.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       eq. (37).

    Examples
    --------
    >>> rr_threshold_table([0.1]).round(6).iloc[0].tolist()
    [0.1, 0.316019, 0.280205]
    """
    eps_grid = _reals("eps_grid", eps_grid, low=0.0)
    return pd.DataFrame(
        {
            "eps": eps_grid,
            "p_star_bits": [rr_flip_threshold(e, base=2) for e in eps_grid],
            "p_star_nats": [rr_flip_threshold(e, base=math.e) for e in eps_grid],
        }
    )


def gaussian_noise_table(
    eps_grid: Sequence[float],
    sensitivities: Sequence[float],
    *,
    T: float = 1.0,
    delta_prime: float = 1e-5,
    balance_deltas: Sequence[float] = (0.0,),
) -> pd.DataFrame:
    """Return noise standard deviations at equal numeric ε (nats): IP channel against DP.

    The IP Gaussian channel's ``sqrt(N*)`` (eqs. (97), (100)) beside the Laplace scale and
    standard deviation and the Gaussian mechanism's σ (eq. (98), NaN for ``eps > 1``).

    Parameters
    ----------
    eps_grid : sequence of float
        Budgets in nats.
    sensitivities : sequence of float
        Sensitivities ``Df`` of the DP baselines.
    T : float
        Bound on ``|f|`` of the IP channel.
    delta_prime : float
        The δ of the Gaussian mechanism, in (0, 1).
    balance_deltas : sequence of float
        The balance values δ of eq. (100).

    Returns
    -------
    pandas.DataFrame
        Columns ``eps, balance_delta, sigma_ip, sensitivity, laplace_scale, laplace_std,
        gauss_mech_sigma``.

    See Also
    --------
    gaussian_calibration_table : The calibration alone.
    laplace_crossover_table : Where the Laplace mechanism's noise is smaller.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       §5.2, eqs. (97)-(98).

    Examples
    --------
    >>> gaussian_noise_table([0.1], [1.0]).round(4).iloc[0].tolist()
    [0.1, 0.0, 2.1252, 1.0, 10.0, 14.1421, 48.4481]
    """
    delta_prime = check_real("delta_prime", delta_prime, low=0.0, high=1.0, closed="neither")
    eps_grid = _reals("eps_grid", eps_grid, low=0.0, closed="neither")
    sensitivities = _reals("sensitivities", sensitivities, low=0.0, closed="neither")
    balance_deltas = _reals("balance_deltas", balance_deltas, low=0.0)
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


def gaussian_calibration_table(eps_grid: Sequence[float], *, T: float = 1.0) -> pd.DataFrame:
    """Return the noise variance ``N*`` of the Gaussian channel for each budget (eq. (97)).

    Parameters
    ----------
    eps_grid : sequence of float
        Budgets (> 0), in nats for ``N_star_nats`` and in bits for ``N_star_bits``.
    T : float
        Bound on ``|f|``.

    Returns
    -------
    pandas.DataFrame
        Columns ``eps, N_star_nats, sqrt_N_star, T_over_sqrt_2eps`` (the small-ε
        approximation of ``sqrt(N*)``), ``N_star_bits``.

    See Also
    --------
    nsp.privacy_channels.gaussian_noise_for_epsilon : The calibration.
    gaussian_noise_table : Against the DP mechanisms.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       §5.1, eq. (97).

    Examples
    --------
    >>> gaussian_calibration_table([0.5]).round(6).iloc[0].tolist()
    [0.5, 0.581977, 0.762874, 1.0, 1.0]
    """
    e5 = pd.DataFrame({"eps": _reals("eps_grid", eps_grid, low=0.0, closed="neither")})
    e5["N_star_nats"] = [gaussian_noise_for_epsilon(T, e) for e in e5.eps]
    e5["sqrt_N_star"] = np.sqrt(e5.N_star_nats)
    e5["T_over_sqrt_2eps"] = T / np.sqrt(2 * e5.eps)
    e5["N_star_bits"] = [gaussian_noise_for_epsilon(T, e, base=2) for e in e5.eps]
    return e5


def laplace_crossover_table(eps_grid: Sequence[float]) -> pd.DataFrame:
    """Return the sensitivity below which the Laplace scale is below the IP channel's noise.

    The Laplace scale ``Df / eps`` equals ``sigma_IP = T / sqrt(e^{2 eps} - 1)`` at
    ``Df = T eps / sqrt(e^{2 eps} - 1)``; §5.2's claim that the DP mechanisms need less noise
    holds only for sensitivities below it.

    Parameters
    ----------
    eps_grid : sequence of float
        Budgets in nats.

    Returns
    -------
    pandas.DataFrame
        Columns ``eps, crossover_sensitivity_over_T``.

    See Also
    --------
    gaussian_noise_table : The noises compared.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       §5.2.

    Examples
    --------
    >>> laplace_crossover_table([0.1]).round(4).iloc[0].tolist()
    [0.1, 0.2125]
    """
    cross = pd.DataFrame({"eps": _reals("eps_grid", eps_grid, low=0.0, closed="neither")})
    cross["crossover_sensitivity_over_T"] = cross.eps / np.sqrt(np.expm1(2 * cross.eps))
    return cross


def exponential_vs_em_table(
    n: int, eps_dp_list: Sequence[float], *, base: Base = 2
) -> pd.DataFrame:
    """Return the exponential mechanism against the exponential channel at equal ``C_1``.

    Count query over ``n`` bits: the McSherry–Talwar mechanism (``u = -|y - f|``, ``Du = 1``)
    at ``eps`` (nats) against the exponential privacy channel at ``N = 2/eps``.

    Parameters
    ----------
    n : int
        Number of binary records.
    eps_dp_list : sequence of float
        DP budgets (nats) of the mechanism.
    base : float or str
        Unit of ``C_1``.

    Returns
    -------
    pandas.DataFrame
        Columns ``eps_dp, N, c1_em, c1_exp`` (units of ``base``), ``dp_em, dp_exp`` (realized
        DP ε, nats), ``dist_em, dist_exp`` (mean ``|Y - f(x)|`` over uniform datasets).

    See Also
    --------
    nsp.privacy_channels.exponential_mechanism_channel : The exponential mechanism.
    nsp.privacy_channels.exponential_channel : The exponential channel.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       §4.3 (the exponential channel against the exponential mechanism).

    Examples
    --------
    >>> df = exponential_vs_em_table(4, [1.0])
    >>> df[["dist_em", "dist_exp", "dp_em", "dp_exp"]].round(4).iloc[0].tolist()
    [0.9451, 0.8002, 0.684, 1.0]
    """
    U, f = count_query(n)
    rows = []
    for eps in _reals("eps_dp_list", eps_dp_list, low=0.0, closed="neither"):
        em = exponential_mechanism_channel(U, f, eps=eps, outputs=tuple(range(n + 1)))
        N = 2.0 / eps
        ex = exponential_channel(U, f, N=N, outputs=tuple(range(n + 1)))
        rows.append(
            {
                "eps_dp": float(eps),
                "N": N,
                "c1_em": individual_channel_capacity(em, base=base, individuals=[0]).value,
                "c1_exp": individual_channel_capacity(ex, base=base, individuals=[0]).value,
                "dp_em": dataset_dp_epsilon(em),
                "dp_exp": dataset_dp_epsilon(ex),
                "dist_em": expected_distortion(em, f),
                "dist_exp": expected_distortion(ex, f),
            }
        )
    return pd.DataFrame(rows)
