"""Example 2, Gaussian data, cases (i)–(iii): the closed forms of rate and leakage.

The rates and leakages without and with side information (``gaussian_*``), the noise of the
test channel ``U = X + N`` that meets a distortion, and an independent evaluation of that
channel from the joint covariance (:func:`gaussian_rdl_from_covariance`).
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import ArrayLike, NDArray

from nsp._validation import Base, base_number, check_bool, check_real, log_base
from nsp.papers.utility_privacy._common import _as_distortions
from nsp.ratedistortion import RDEPoint

__all__ = [
    "gaussian_leakage",
    "gaussian_leakage_side_info",
    "gaussian_rate",
    "gaussian_rate_side_info",
    "gaussian_rdl_from_covariance",
    "gaussian_test_channel_noise",
]


def _gauss_check(D: ArrayLike, var_x: float, **rho2: float) -> NDArray[np.float64]:
    """Check the variance and the squared correlations (named), return ``D`` as an array."""
    check_real("var_x", var_x, low=0.0, closed="neither")
    for name, r in rho2.items():
        check_real(name, r, low=0.0, high=1.0)
    return _as_distortions(D)


def _out(x: NDArray, D: ArrayLike) -> float | NDArray:
    return float(x) if np.ndim(D) == 0 else x


def gaussian_rate(
    D: ArrayLike, *, var_x: float = 1.0, base: Base = 2
) -> float | NDArray[np.float64]:
    """Case (i): ``R_U*(D) = 1/2 log(var_x / D)`` on ``(0, var_x]``, NaN beyond (Example 2).

    Parameters
    ----------
    D : float or array_like
        Mean-squared distortions, each ``>= 0``.
    var_x : float
        Variance of ``X``, > 0.
    base : float or str
        Logarithm base (default 2: bits).

    Returns
    -------
    float or numpy.ndarray
        Of the shape of ``D``; NaN outside the domain.

    See Also
    --------
    gaussian_leakage : The leakage of the same case.
    gaussian_rate_side_info : Cases (ii)-(iii).

    References
    ----------
    .. [1] L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
       information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013, Example 2,
       case (i), and Fig. 5.

    Examples
    --------
    >>> round(gaussian_rate(0.05), 6)
    2.160964
    """
    Ds = _gauss_check(D, var_x)
    with np.errstate(divide="ignore"):
        r = np.where(Ds <= var_x, 0.5 * np.log(var_x / Ds) / log_base(base), np.nan)
    return _out(r, D)


def gaussian_rate_side_info(
    D: ArrayLike, rho2_xz: float, *, var_x: float = 1.0, base: Base = 2
) -> float | NDArray[np.float64]:
    """Return cases (ii)–(iii): ``R_SI* = R_I* = R_WZ(D) = 1/2 log(var_x (1 - rho_xz^2) / D)``.

    Defined on ``(0, var_x (1 - rho_xz^2)]`` (the paper's domain misses the square), NaN beyond.

    Parameters
    ----------
    D : float or array_like
        Mean-squared distortions, each ``>= 0``.
    rho2_xz : float
        Squared correlation of ``X`` and ``Z``, in ``[0, 1]``.
    var_x : float
        Variance of ``X``, > 0.
    base : float or str
        Logarithm base (default 2: bits).

    Returns
    -------
    float or numpy.ndarray
        Of the shape of ``D``; NaN outside the domain.

    See Also
    --------
    gaussian_rate : Case (i).
    gaussian_leakage_side_info : The leakage of the same cases.

    References
    ----------
    .. [1] L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
       information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013, Example 2,
       cases (ii)-(iii), and Fig. 5.

    Examples
    --------
    >>> round(gaussian_rate_side_info(0.1, 0.8), 6)
    0.5
    """
    Ds = _gauss_check(D, var_x, rho2_xz=rho2_xz)
    v = var_x * (1.0 - rho2_xz)
    inside = Ds <= v * (1 + 1e-12)  # the endpoint counts despite rounding of 1 - rho^2
    with np.errstate(divide="ignore"):
        r = np.where(inside, np.maximum(0.5 * np.log(v / Ds), 0.0) / log_base(base), np.nan)
    return _out(r, D)


def gaussian_leakage(
    D: ArrayLike, rho2_xy: float, *, var_x: float = 1.0, base: Base = 2
) -> float | NDArray[np.float64]:
    """Case (i): ``L_U*(D) = 1/2 log 1 / ((1 - rho^2) + rho^2 D / var_x)`` on ``[0, var_x]``.

    The same formula is ``L_SI* = L_I*`` of cases (ii)–(iii) on their shorter domain (see
    :func:`gaussian_leakage_side_info`).

    Parameters
    ----------
    D : float or array_like
        Mean-squared distortions, each ``>= 0``.
    rho2_xy : float
        Squared correlation of ``X`` and ``Y``, in ``[0, 1]``.
    var_x : float
        Variance of ``X``, > 0.
    base : float or str
        Logarithm base (default 2: bits).

    Returns
    -------
    float or numpy.ndarray
        Of the shape of ``D``; NaN outside the domain.

    See Also
    --------
    gaussian_rate : The rate of the same case.
    gaussian_leakage_side_info : Cases (ii)-(iii).

    References
    ----------
    .. [1] L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
       information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013, Example 2,
       case (i), and Fig. 5.

    Examples
    --------
    >>> round(gaussian_leakage(0.1, 0.9), 6)
    1.197964
    """
    Ds = _gauss_check(D, var_x, rho2_xy=rho2_xy)
    with np.errstate(divide="ignore"):
        val = -0.5 * np.log((1.0 - rho2_xy) + rho2_xy * Ds / var_x) / log_base(base)
    return _out(np.where(Ds <= var_x, val + 0.0, np.nan), D)


def gaussian_leakage_side_info(
    D: ArrayLike, rho2_xy: float, rho2_xz: float, *, var_x: float = 1.0, base: Base = 2
) -> float | NDArray[np.float64]:
    """Return ``L_SI*(D) = L_I*(D) = L_U*(D)`` of cases (ii)–(iii), NaN beyond their domain.

    The domain is ``[0, var_x (1 - rho_xz^2)]``.
    At the largest distortion it ends at ``I(Y; Z) = 1/2 log 1/(1 - rho_xy^2 rho_xz^2) > 0``.

    Parameters
    ----------
    D : float or array_like
        Mean-squared distortions, each ``>= 0``.
    rho2_xy, rho2_xz : float
        Squared correlations of ``X`` with ``Y`` and with ``Z``, in ``[0, 1]``.
    var_x : float
        Variance of ``X``, > 0.
    base : float or str
        Logarithm base (default 2: bits).

    Returns
    -------
    float or numpy.ndarray
        Of the shape of ``D``; NaN outside the domain.

    See Also
    --------
    gaussian_leakage : Case (i).
    gaussian_rate_side_info : The rate of the same cases.

    References
    ----------
    .. [1] L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
       information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013, Example 2,
       cases (ii)-(iii), and Fig. 5.

    Examples
    --------
    >>> round(gaussian_leakage_side_info(0.5, 0.5, 0.5), 6)
    0.207519
    """
    Ds = _gauss_check(D, var_x, rho2_xy=rho2_xy, rho2_xz=rho2_xz)
    v = var_x * (1.0 - rho2_xz)
    val = np.asarray(gaussian_leakage(Ds, rho2_xy, var_x=var_x, base=base), dtype=np.float64)
    return _out(np.where(Ds <= v * (1 + 1e-12), val, np.nan), D)


def gaussian_test_channel_noise(D: float, *, var_x: float = 1.0, rho2_xz: float = 0.0) -> float:
    """Noise variance of the test channel ``U = X + N`` with ``var(X | U, Z) = D``.

    ``sigma_N^2 = D s / (s - D)`` with ``s = var_x (1 - rho_xz^2)`` (``rho2_xz = 0``: case (i)).

    Parameters
    ----------
    D : float
        The distortion, in ``(0, var_x (1 - rho2_xz))``.
    var_x : float
        Variance of ``X``, > 0.
    rho2_xz : float
        Squared correlation of ``X`` and ``Z`` (0: no side information).

    Returns
    -------
    float
        The noise variance ``sigma_N^2 > 0``.

    See Also
    --------
    gaussian_rdl_from_covariance : The rate, distortion and leakage of that channel.

    References
    ----------
    .. [1] L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
       information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013, Example 2
       (the test channel ``U = X + N``).

    Examples
    --------
    >>> gaussian_test_channel_noise(0.5)
    1.0
    """
    D = check_real("D", D)
    _gauss_check(D, var_x, rho2_xz=rho2_xz)
    s = var_x * (1.0 - rho2_xz)
    if not 0 < D < s:
        raise ValueError(f"D must lie in (0, var_x (1 - rho_xz^2)) = (0, {s:g}); got {D}")
    return D * s / (s - D)


def gaussian_rdl_from_covariance(
    var_x: float,
    rho2_xy: float,
    rho2_xz: float,
    noise_var: float,
    *,
    sigma_y: float = 1.0,
    sigma_z: float = 1.0,
    side_info: bool = True,
    base: Base = 2,
) -> RDEPoint:
    """Rate, distortion and leakage of ``U = X + N`` computed from the joint covariance.

    An independent check of the closed forms: build the covariance of
    ``(X, Y, Z, U)`` with ``Y - X - Z`` (``rho_yz = rho_xy rho_xz``, positive correlations),
    and use ``I(A; B | C) = 1/2 log det S_{A|C} / det S_{A|BC}``. With ``side_info``:
    ``D = var(X | U, Z)``, ``R = I(X; U | Z)``, ``L = I(Y; U, Z)``; without:
    ``D = var(X | U)``, ``R = I(X; U)``, ``L = I(Y; U)``. The equivocation is NaN
    (differential entropies are not used for privacy here).

    Parameters
    ----------
    var_x : float
        Variance of ``X``, > 0.
    rho2_xy, rho2_xz : float
        Squared correlations of ``X`` with ``Y`` and with ``Z``, in ``[0, 1)``.
    noise_var : float
        Variance of ``N``, > 0.
    sigma_y, sigma_z : float
        Standard deviations of ``Y`` and ``Z``, > 0.
    side_info : bool
        Whether the user holds ``Z``.
    base : float or str
        Logarithm base (default 2: bits).

    Returns
    -------
    RDEPoint
        Rate, distortion and leakage (equivocation NaN).

    See Also
    --------
    gaussian_test_channel_noise : The noise of the test channel.
    gaussian_covariance_check : Check the closed forms with it.

    References
    ----------
    .. [1] L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
       information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013, Example 2.

    Examples
    --------
    >>> noise = gaussian_test_channel_noise(0.2, rho2_xz=0.5)
    >>> pt = gaussian_rdl_from_covariance(1.0, 0.9, 0.5, noise)
    >>> round(pt.distortion, 12), round(pt.rate, 6), round(pt.leakage, 6)
    (0.2, 0.660964, 0.918251)
    """
    var_x = check_real("var_x", var_x, low=0.0, closed="neither")
    # a squared correlation of 1 makes the covariance singular (a variable is determined)
    rho2_xy = check_real("rho2_xy", rho2_xy, low=0.0, high=1.0, closed="left")
    rho2_xz = check_real("rho2_xz", rho2_xz, low=0.0, high=1.0, closed="left")
    noise_var = check_real("noise_var", noise_var, low=0.0, closed="neither")
    sigma_y = check_real("sigma_y", sigma_y, low=0.0, closed="neither")
    sigma_z = check_real("sigma_z", sigma_z, low=0.0, closed="neither")
    side_info = check_bool("side_info", side_info)
    sx = math.sqrt(var_x)
    rxy, rxz = math.sqrt(rho2_xy), math.sqrt(rho2_xz)
    S = np.array(
        [
            [var_x, rxy * sx * sigma_y, rxz * sx * sigma_z, var_x],
            [rxy * sx * sigma_y, sigma_y**2, rxy * rxz * sigma_y * sigma_z, rxy * sx * sigma_y],
            [rxz * sx * sigma_z, rxy * rxz * sigma_y * sigma_z, sigma_z**2, rxz * sx * sigma_z],
            [var_x, rxy * sx * sigma_y, rxz * sx * sigma_z, var_x + noise_var],
        ]
    )
    X, Y, Z, U = 0, 1, 2, 3

    def cond(a: list[int], c: list[int]) -> NDArray:
        if not c:
            return S[np.ix_(a, a)]
        return S[np.ix_(a, a)] - S[np.ix_(a, c)] @ np.linalg.solve(S[np.ix_(c, c)], S[np.ix_(c, a)])

    def mi(a: list[int], b: list[int], c: list[int]) -> float:
        return (
            0.5
            * math.log(np.linalg.det(cond(a, c)) / np.linalg.det(cond(a, b + c)))
            / log_base(base)
        )

    given = [U, Z] if side_info else [U]
    D = float(cond([X], given)[0, 0])
    rate = mi([X], [U], [Z] if side_info else [])
    leak = mi([Y], given, [])
    return RDEPoint(rate, D, math.nan, leak, base_number(base))
