"""The checks the notebooks show: the closed forms beside independent computations.

Example 1's closed forms beside the general solvers (:func:`example1_solver_check`) and
beside what the sanitizer achieves on a sample (:func:`sanitizer_check`), Example 2's beside
the joint covariance (:func:`gaussian_covariance_check`), and the solvers on the Remark-4
instance beside its closed forms (:func:`remark4_table`).
"""

from __future__ import annotations

import math
from collections.abc import Hashable

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike

from nsp import ratedistortion as rd
from nsp._validation import as_grid, as_pmf, check_int, check_real
from nsp.info import binary_entropy, conditional_entropy
from nsp.papers import paper_vs_ours
from nsp.papers.utility_privacy._gaussian import (
    gaussian_leakage,
    gaussian_leakage_side_info,
    gaussian_rate,
    gaussian_rate_side_info,
    gaussian_rdl_from_covariance,
    gaussian_test_channel_noise,
)
from nsp.papers.utility_privacy._instances import (
    example1_pmf,  # noqa: F401  (the examples use it)
    remark4_source,
)
from nsp.papers.utility_privacy._waterfilling import (
    gamma_hamming,
    gamma_hamming_curve,
    sanitize_categorical,
)

__all__ = ["example1_solver_check", "gaussian_covariance_check", "remark4_table", "sanitizer_check"]


def example1_solver_check(
    p: ArrayLike, D_values: ArrayLike, *, convex_every: int = 1
) -> pd.DataFrame:
    """Put Example 1's closed forms beside the general solvers, at each distortion.

    ``R`` by eq. (18) against certified Blahut–Arimoto (tolerance 1e-10), and Γ by eq. (18)
    against the convex solver :func:`nsp.ratedistortion.max_equivocation` with a general
    encoder (on every ``convex_every``-th distortion, NaN elsewhere: it is the slow one).

    Parameters
    ----------
    p : array_like
        The pmf of the categorical attribute.
    D_values : array_like
        Hamming distortions, each in ``[0, 1]``.
    convex_every : int
        Run the convex solver on every ``convex_every``-th distortion.

    Returns
    -------
    pandas.DataFrame
        Columns ``D, R_closed, R_blahut_arimoto, Gamma_closed, Gamma_convex``.

    See Also
    --------
    gamma_hamming : The closed form.
    nsp.ratedistortion.max_equivocation : The general solver.

    References
    ----------
    .. [1] L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
       information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013, Example 1,
       eq. (18).

    Examples
    --------
    >>> t = example1_solver_check(example1_pmf(), [0.1, 0.25])
    >>> float((t.R_closed - t.R_blahut_arimoto).abs().max()) < 1e-9
    True
    """
    px = as_pmf(p, name="p", ndim=1)
    Ds = as_grid(D_values, "D_values")
    every = check_int("convex_every", convex_every, low=1)
    ham = rd.hamming_distortion(px.size)
    ba = rd.rate_distortion_curve(px, ham, Ds, tol=1e-10)
    closed = gamma_hamming_curve(px, Ds)
    convex = np.full(Ds.size, np.nan)
    for i in range(0, Ds.size, every):
        convex[i] = rd.max_equivocation(np.diag(px), ham, float(Ds[i]), markov=False).gamma
    return pd.DataFrame(
        {
            "D": Ds,
            "R_closed": closed.R.to_numpy(),
            "R_blahut_arimoto": ba.R.to_numpy(),
            "Gamma_closed": closed.Gamma.to_numpy(),
            "Gamma_convex": convex,
        }
    )


def sanitizer_check(
    p: ArrayLike, D_values: ArrayLike, n_samples: int, *, seed: int = 0
) -> pd.DataFrame:
    """Sanitize a synthetic column drawn from ``p`` and measure what the sanitizer achieves.

    Draws ``n_samples`` letters from ``p`` (seed ``seed``), passes them through
    :func:`sanitize_categorical` at each distortion (seed ``seed + 1``), and reports the
    empirical distortion and the plug-in ``H(X | Xhat)`` beside Γ(D).

    Parameters
    ----------
    p : array_like
        The pmf of the categorical attribute.
    D_values : array_like
        Target Hamming distortions.
    n_samples : int
        Rows of the synthetic column.
    seed : int
        Seed of the column; the sanitizer uses ``seed + 1``.

    Returns
    -------
    pandas.DataFrame
        Columns ``D, empirical_D, Gamma, plugin_H_X_given_Xhat, letters_in_output``.

    See Also
    --------
    sanitize_categorical : The sanitizer.

    Examples
    --------
    >>> t = sanitizer_check([0.5, 0.3, 0.2], [0.2], 20000, seed=1)
    >>> round(float(t.empirical_D[0]), 2)
    0.2
    """
    px = as_pmf(p, name="p", ndim=1)
    n = check_int("n_samples", n_samples, low=1, high=100_000_000)
    seed = check_int("seed", seed, low=0)
    m = px.size
    x = np.random.default_rng(seed).choice(m, size=n, p=px)
    rows = []
    for D in as_grid(D_values, "D_values"):
        y = sanitize_categorical(x, px, float(D), seed=seed + 1)
        counts = np.zeros((m, m))
        np.add.at(counts, (x, y), 1)
        rows.append(
            {
                "D": float(D),
                "empirical_D": float(np.mean(x != y)),
                "Gamma": gamma_hamming(px, float(D)),
                "plugin_H_X_given_Xhat": conditional_entropy(counts / counts.sum(), 0, 1),
                "letters_in_output": int(np.unique(y).size),
            }
        )
    return pd.DataFrame(rows)


def gaussian_covariance_check(
    rho2_xy_list: ArrayLike,
    rho2_xz_list: ArrayLike,
    fractions: ArrayLike,
    *,
    var_x: float = 1.0,
    sigma_y: float = 1.0,
    sigma_z: float = 1.0,
) -> pd.DataFrame:
    """Check Example 2's closed forms against the covariance of ``(X, Y, Z, U)``, point by point.

    At ``D = frac var_x (1 - rho2_xz)`` (cases (ii)–(iii)) and ``D = frac var_x`` (case (i))
    the test channel ``U = X + N`` is built with :func:`gaussian_test_channel_noise` and
    evaluated by :func:`gaussian_rdl_from_covariance`.

    Parameters
    ----------
    rho2_xy_list, rho2_xz_list : array_like
        Squared correlations, each in ``[0, 1)``.
    fractions : array_like
        Fractions of each case's largest distortion, each in ``(0, 1)``.
    var_x, sigma_y, sigma_z : float
        Variance of ``X`` and scales of ``Y`` and ``Z`` (the closed forms do not depend on
        the scales).

    Returns
    -------
    pandas.DataFrame
        Columns ``rho2_xy, rho2_xz, fraction, deviation``: the largest absolute difference
        between closed form and covariance over distortion, rate and leakage of both cases.

    See Also
    --------
    gaussian_rdl_from_covariance : The computation from the covariance.
    gaussian_curves : The closed forms.

    References
    ----------
    .. [1] L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
       information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013, Example 2.

    Examples
    --------
    >>> t = gaussian_covariance_check([0.5], [0.5], [0.5])
    >>> bool(t.deviation.max() < 1e-12)
    True
    """
    var_x = check_real("var_x", var_x, low=0.0, closed="neither")
    sigma_y = check_real("sigma_y", sigma_y, low=0.0, closed="neither")
    sigma_z = check_real("sigma_z", sigma_z, low=0.0, closed="neither")
    rows = []
    for ry in as_grid(rho2_xy_list, "rho2_xy_list"):
        for rz in as_grid(rho2_xz_list, "rho2_xz_list"):
            for frac in as_grid(fractions, "fractions"):
                check_real("fractions", frac, low=0.0, high=1.0, closed="neither")
                D = frac * var_x * (1 - rz)
                pt = gaussian_rdl_from_covariance(
                    var_x,
                    ry,
                    rz,
                    gaussian_test_channel_noise(D, var_x=var_x, rho2_xz=rz),
                    sigma_y=sigma_y,
                    sigma_z=sigma_z,
                )
                D1 = frac * var_x
                p1 = gaussian_rdl_from_covariance(
                    var_x,
                    ry,
                    rz,
                    gaussian_test_channel_noise(D1, var_x=var_x),
                    sigma_y=sigma_y,
                    sigma_z=sigma_z,
                    side_info=False,
                )
                deviation = max(
                    abs(pt.distortion - D),
                    abs(pt.rate - gaussian_rate_side_info(D, rz, var_x=var_x)),
                    abs(pt.leakage - gaussian_leakage_side_info(D, ry, rz, var_x=var_x)),
                    abs(p1.rate - gaussian_rate(D1, var_x=var_x)),
                    abs(p1.leakage - gaussian_leakage(D1, ry, var_x=var_x)),
                )
                rows.append((float(ry), float(rz), float(frac), float(deviation)))
    return pd.DataFrame(rows, columns=["rho2_xy", "rho2_xz", "fraction", "deviation"])


def remark4_table(D_values: ArrayLike = (0.1, 0.25, 0.5)) -> pd.DataFrame:
    """Put the solvers on the Remark-4 instance beside its closed forms.

    ``R(D) = 2 - h(D) - D log 3``, ``E* = h(2D/3)``, ``Γ(D) = h(D)`` (1 beyond 1/2) and, for
    ``D < 1/2``, ``R(D, Γ(D)) = 2 - h(D) - D``, against :func:`~nsp.ratedistortion.min_rate`,
    :func:`~nsp.ratedistortion.max_equivocation` and
    :func:`~nsp.ratedistortion.rate_given_equivocation`. Built with :func:`nsp.papers.paper_vs_ours`
    (tolerance 1e-6, 1e-5 for ``R(D, Γ)``); its ``paper`` column is named ``closed_form``.

    Parameters
    ----------
    D_values : array_like
        Hamming distortions in ``[0, 3/4]``.

    Returns
    -------
    pandas.DataFrame
        Columns ``D, quantity, closed_form, ours, agrees``.

    See Also
    --------
    remark4_source : The instance.

    References
    ----------
    .. [1] L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
       information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013, Remark 4.

    Examples
    --------
    >>> bool(remark4_table([0.25]).agrees.all())
    True
    """
    p_src, dist = remark4_source()
    closed: dict[Hashable, float] = {}
    ours: dict[Hashable, float] = {}
    tol: dict[Hashable, float] = {}
    for D in as_grid(D_values, "D_values"):
        D = float(D)
        h = float(binary_entropy(D))
        r0 = rd.min_rate(p_src, dist, D)
        g = rd.max_equivocation(p_src, dist, D)
        closed[D, "R(D)"], ours[D, "R(D)"] = 2 - h - D * math.log2(3), r0.rate
        closed[D, "E*"], ours[D, "E*"] = float(binary_entropy(2 * D / 3)), r0.equivocation
        closed[D, "Gamma"], ours[D, "Gamma"] = (h if D <= 0.5 else 1.0), g.gamma
        if D < 0.5:
            pt = rd.rate_given_equivocation(p_src, dist, D, g.gamma - 1e-7)
            closed[D, "R(D,Gamma)"] = 2 - h - D
            ours[D, "R(D,Gamma)"] = math.nan if pt is None else pt.rate
            tol[D, "R(D,Gamma)"] = 1e-5
    tols: dict[Hashable, float] = {key: tol.get(key, 1e-6) for key in closed}
    table = paper_vs_ours(closed, ours, tol=tols, names=("D", "quantity"))
    return table.rename(columns={"paper": "closed_form"})
