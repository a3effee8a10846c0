"""The utility–privacy tradeoff curve: R(D), E*(D), Γ(D) and R(D, Γ(D)) on a grid of distortions.

References
----------
L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013,
arXiv:1102.3751 (Theorem 1).
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike

from nsp._resources import progress
from nsp._threads import with_few_blas_threads
from nsp._validation import Base, as_grid, check_base, check_bool, check_tol, trusted
from nsp.info import entropy
from nsp.ratedistortion._equivocation import (
    _as_source,
    _gamma_points,
    min_rate,
    rate_given_equivocation,
)
from nsp.ratedistortion._rate_distortion import _as_distortion, rate_distortion_at


@with_few_blas_threads
def utility_privacy_curve(
    p_src: ArrayLike,
    dist: ArrayLike,
    D_grid: ArrayLike,
    *,
    markov: bool = True,
    rate_at_gamma: bool = False,
    tol: float = 1e-7,
    base: Base = 2,
    normalize: bool = False,
) -> pd.DataFrame:
    """Return the utility–privacy tradeoff (Thm 1) on a grid of distortions.

    Columns: ``D``; ``Gamma`` (Γ(D), eq. (10)) and ``Gamma_upper`` (its certified upper
    bound); ``leakage`` = H(X_h) − Γ; ``R_min`` = R(D) and ``E_star`` (eq. (9)); and, with
    ``rate_at_gamma=True``, ``R_at_Gamma`` = R(D, Γ(D)) (the extra precision maximal privacy
    needs, Remark 4; slower) with its certified lower bound ``R_at_Gamma_lower`` (the
    general case). The U–P region is ``{(D, E): 0 <= E <= Gamma}``.

    Γ is computed as in :func:`~nsp.ratedistortion.max_equivocation`, with one
    exponential-cone program built for the whole grid (only the distortion budget changes
    from point to point) and a certificate per point; ``R_min`` and ``E_star`` come from
    certified Blahut–Arimoto. Long grids show a progress bar.

    Parameters
    ----------
    p_src : array_like, shape (n_r, n_h)
        Joint pmf of the public and private attributes.
    dist : array_like, shape (n_r, n_xhat)
        Distortion ``d(x_r, xhat)`` of the public attributes.
    D_grid : array_like
        Distortions.
    markov : bool
        Encoder sees only ``X_r`` (``True``) or also ``X_h``.
    rate_at_gamma : bool
        Also compute ``R(D, Γ(D))`` (slower).
    tol : float
        Certified accuracy of Γ (units of ``base``), > 0.
    base : float or str
        Logarithm base (default 2: bits).
    normalize : bool
        Accept an unnormalized ``p_src``.

    Returns
    -------
    pandas.DataFrame
        One row per distortion, with the columns listed above.

    Warns
    -----
    AccuracyWarning
        If the certified gap of Γ exceeds ``tol`` at some distortion (once, with the count
        and the worst).

    See Also
    --------
    max_equivocation : One point of the tradeoff.
    rate_distortion_curve : The rate alone.

    References
    ----------
    .. [1] L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
       information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013, Theorem 1,
       eqs. (9) and (10).

    Examples
    --------
    >>> from nsp.ratedistortion import hamming_distortion
    >>> p_src = np.zeros((4, 2)); p_src[[0, 1], 0] = 0.25; p_src[[2, 3], 1] = 0.25
    >>> df = utility_privacy_curve(p_src, hamming_distortion(4), [0.1, 0.5])
    >>> df[["Gamma", "E_star"]].round(6).values.tolist()
    [[0.468996, 0.353359], [1.0, 0.918296]]
    """
    markov = check_bool("markov", markov)
    rate_at_gamma = check_bool("rate_at_gamma", rate_at_gamma)
    tol = check_tol("tol", tol)
    grid = as_grid(D_grid)
    src = _as_source(p_src, normalize=normalize)
    d = _as_distortion(dist, src.shape[0])
    check_base(base)
    with trusted():  # the arguments are validated: nested calls skip their checks
        rows = []
        if markov and src.shape[0] == src.shape[1] and not np.any(src - np.diag(np.diag(src))):
            # X_h = X_r: Γ = H - R(D) and the minimal-rate encoder is the Γ-optimal one (E* = Γ);
            # one certified Blahut–Arimoto per point.

            px = np.diag(src)
            hx = entropy(px, base=base)
            for D in progress(grid, desc="R(D)"):
                r = rate_distortion_at(px, d, float(D), tol=tol, base=base)
                gam = max(hx - r.rate, 0.0)
                row = {
                    "D": float(D),
                    "Gamma": gam,
                    "Gamma_upper": max(min(hx - r.lower_bound, hx), gam),
                    "leakage": r.rate,
                    "R_min": r.rate,
                    "E_star": gam,
                }
                if rate_at_gamma:
                    row["R_at_Gamma"] = r.rate
                rows.append(row)
            return pd.DataFrame(rows)
        gammas = _gamma_points(
            src,
            d,
            grid,
            markov=markov,
            tol=tol,
            max_iter=20_000,
            base=base,
            show_progress=True,
            warn="utility_privacy_curve",
        )
        for D, g in zip(progress(grid, desc="R(D), E*(D)"), gammas, strict=True):
            r_min, _ = min_rate(src, d, float(D), base=base)
            row = {
                "D": float(D),
                "Gamma": g.gamma,
                "Gamma_upper": g.upper_bound,
                "leakage": g.point.leakage,
                "R_min": r_min.rate,
                "E_star": r_min.equivocation,
            }
            if rate_at_gamma:
                pt = rate_given_equivocation(
                    src, d, float(D), g.gamma - 10 * tol, markov=markov, base=base
                )
                row["R_at_Gamma"] = math.nan if pt is None else pt.rate
                row["R_at_Gamma_lower"] = math.nan if pt is None else pt.lower_bound
            rows.append(row)
    return pd.DataFrame(rows)
