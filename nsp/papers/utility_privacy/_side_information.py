"""An extension beyond the paper: side information on a binary source.

A source ``X_h - X_r - Z`` (:func:`side_information_source`), the maximal equivocation
without, against and with side information (:func:`side_information_curves`) and the
achievable points of statistically informed encoders (Theorem 2, :func:`theorem2_family`).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray

from nsp import ratedistortion as rd
from nsp._validation import as_grid, as_pmf, check_real
from nsp.channels import binary_symmetric_channel as bsc

__all__ = ["side_information_curves", "side_information_source", "theorem2_family"]


def side_information_source(crossover_xh: float, crossover_z: float) -> NDArray[np.float64]:
    """Return a binary source with a private attribute and side information, ``X_h - X_r - Z``.

    ``X_r`` is a uniform bit, ``X_h`` is ``X_r`` through a binary symmetric channel with
    crossover ``crossover_xh`` and ``Z`` is ``X_r`` through one with crossover ``crossover_z``.

    Parameters
    ----------
    crossover_xh, crossover_z : float
        Crossover probabilities in ``[0, 1]``.

    Returns
    -------
    numpy.ndarray, shape (2, 2, 2)
        The joint pmf ``p[x_r, x_h, z]``.

    See Also
    --------
    side_information_curves : The equivocations on this source.
    theorem2_family : Statistically informed encoders on a binary source.

    Examples
    --------
    >>> side_information_source(0.1, 0.2).sum(axis=(1, 2)).round(12).tolist()
    [0.5, 0.5]
    """
    p_r = np.array([0.5, 0.5])
    crossover_xh = check_real("crossover_xh", crossover_xh, low=0.0, high=1.0)
    crossover_z = check_real("crossover_z", crossover_z, low=0.0, high=1.0)
    return p_r[:, None, None] * bsc(crossover_xh)[:, :, None] * bsc(crossover_z)[:, None, :]


def side_information_curves(p_src_z: ArrayLike, D_grid: ArrayLike) -> pd.DataFrame:
    """Maximal equivocation without, against and with side information, on a grid of ``D``.

    For each ``D``: Γ(D) (the encoder ignores ``Z``, the user has none), the equivocation of
    that same encoder when the user holds ``Z``, and the informed encoder's Γ_I(D) with its
    certified upper bound and rate (Theorem 3). Hamming distortion, Markov encoders.

    Parameters
    ----------
    p_src_z : array_like, shape (n_r, n_h, n_z)
        Joint pmf ``p[x_r, x_h, z]``.
    D_grid : array_like
        Distortions.

    Returns
    -------
    pandas.DataFrame
        Columns ``D, Gamma, Gamma_user_has_Z, Gamma_informed, Gamma_informed_upper,
        rate_informed``.

    See Also
    --------
    side_information_source : A source with side information.
    nsp.ratedistortion.max_equivocation_informed : The informed encoder's Γ.

    References
    ----------
    .. [1] L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
       information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013, Prop. 2 and
       Theorems 2-3.

    Examples
    --------
    >>> t = side_information_curves(side_information_source(0.1, 0.2), [0.25])
    >>> bool(t.Gamma_user_has_Z[0] <= t.Gamma[0])
    True
    """
    p = as_pmf(p_src_z, name="p_src_z", ndim=3)
    p_src = p.sum(axis=2)
    d = rd.hamming_distortion(p.shape[0])
    rows = []
    for D in as_grid(D_grid):
        g = rd.max_equivocation(p_src, d, D)
        w = np.repeat(g.channel[:, None, :], p.shape[2], axis=1)  # the same encoder, ignoring Z
        seen_by_z = rd.si_informed_point(p, w, d).equivocation
        gi = rd.max_equivocation_informed(p, d, D)
        rows.append(
            {
                "D": D,
                "Gamma": g.gamma,
                "Gamma_user_has_Z": seen_by_z,
                "Gamma_informed": gi.gamma,
                "Gamma_informed_upper": gi.upper_bound,
                "rate_informed": gi.point.rate,
            }
        )
    return pd.DataFrame(rows)


def theorem2_family(p_src_z: ArrayLike, crossovers: ArrayLike) -> pd.DataFrame:
    """Achievable points of statistically informed encoders (Theorem 2) on a binary source.

    ``U`` is ``X_r`` through a binary symmetric channel with crossover ``a`` and the user
    decodes with the Bayes decoder ``f(U, Z)``; with the quantize-and-bin exponents.

    Parameters
    ----------
    p_src_z : array_like, shape (2, n_h, n_z)
        Joint pmf ``p[x_r, x_h, z]`` with a binary ``X_r``.
    crossovers : array_like
        The crossovers ``a`` in ``[0, 1]``.

    Returns
    -------
    pandas.DataFrame
        Columns ``a, D, E_SI, R_SI, I_XU, I_XU_given_Z, I_UZ``.

    See Also
    --------
    nsp.ratedistortion.si_statistical_point : The point of one encoder.

    References
    ----------
    .. [1] L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
       information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013, Theorem 2,
       eq. (11).

    Examples
    --------
    >>> t = theorem2_family(side_information_source(0.1, 0.2), [0.0, 0.5])
    >>> t.D.round(6).tolist()
    [0.0, 0.2]
    """
    p = as_pmf(p_src_z, name="p_src_z", ndim=3)
    d = rd.hamming_distortion(p.shape[0])
    fam = []
    for a in as_grid(crossovers, "crossovers"):
        pt = rd.si_statistical_point(p, bsc(a), None, d)
        fam.append(
            {
                "a": a,
                "D": pt.distortion,
                "E_SI": pt.equivocation,
                "R_SI": pt.rate,
                **rd.binning_exponents(p, bsc(a)),
            }
        )
    return pd.DataFrame(fam)
