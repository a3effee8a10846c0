"""The paper's figures: the tables they plot, and the view of Example 1's water-filling.

:func:`fig4a_table` (Fig. 4a), :func:`gaussian_curves` (Fig. 5), :func:`rde_surface`
(Fig. 3a), :func:`fig1_database` (Fig. 1, an illustrative database) and
:func:`lloyd_codebook` (Fig. 2's sketch); :func:`waterfilling_view` draws Fig. 4a at one
distortion for :func:`nsp.interactive.explore`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.figure import Figure
from numpy.typing import ArrayLike, NDArray

from nsp import ratedistortion as rd
from nsp._results import TupleResult
from nsp._validation import Base, as_grid, as_pmf, check_bool, check_int, check_real, check_tol
from nsp.info import entropy
from nsp.papers.utility_privacy._gaussian import (
    gaussian_leakage,
    gaussian_leakage_side_info,
    gaussian_rate,
    gaussian_rate_side_info,
)
from nsp.papers.utility_privacy._instances import (
    example1_pmf,
    remark4_source,  # noqa: F401  (the examples use it)
)
from nsp.papers.utility_privacy._waterfilling import reverse_waterfill, sanitize_categorical

__all__ = [
    "Codebook",
    "fig1_database",
    "fig4a_table",
    "gaussian_curves",
    "lloyd_codebook",
    "rde_surface",
    "waterfilling_view",
]


def fig4a_table(p: ArrayLike, D_values: ArrayLike) -> pd.DataFrame:
    """Long table of Fig. 4a: input pmf and the reverse water-filling outputs at each ``D``.

    Columns ``letter`` (1-based), ``series`` (``"p_X"`` or ``"D=<D>"``), ``D`` (NaN for the
    input), ``probability``, ``water_level``.

    Parameters
    ----------
    p : array_like
        The pmf of the categorical attribute.
    D_values : array_like
        Distortions of the bars.

    Returns
    -------
    pandas.DataFrame
        The long table described above.

    See Also
    --------
    reverse_waterfill : The solution at each distortion.
    example1_pmf : The input pmf.

    References
    ----------
    .. [1] L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
       information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013, Example 1
       and Fig. 4(a).

    Examples
    --------
    >>> t = fig4a_table(example1_pmf(), [0.25])
    >>> t[t.series == "D=0.25"].probability.round(6).tolist()[:5]
    [0.363636, 0.363636, 0.181818, 0.090909, 0.0]
    """
    px = as_pmf(p, name="p", ndim=1)
    D_values = as_grid(D_values, "D_values")
    letters = np.arange(1, px.size + 1)
    frames = [
        pd.DataFrame(
            {
                "letter": letters,
                "series": "p_X",
                "D": np.nan,
                "probability": px,
                "water_level": np.nan,
            }
        )
    ]
    for D in D_values:
        s = reverse_waterfill(px, float(D))
        frames.append(
            pd.DataFrame(
                {
                    "letter": letters,
                    "series": f"D={D:g}",
                    "D": float(D),
                    "probability": s.output_pmf,
                    "water_level": s.water_level,
                }
            )
        )
    return pd.concat(frames, ignore_index=True)


def gaussian_curves(
    D_grid: ArrayLike,
    rho2_xy_list: ArrayLike,
    rho2_xz_list: ArrayLike,
    *,
    var_x: float = 1.0,
    base: Base = 2,
) -> pd.DataFrame:
    """Long table of Fig. 5: rate and leakage versus ``D`` for cases (i)–(iii) of Example 2.

    Columns ``D, quantity ("rate"|"leakage"), case ("i"|"ii/iii"), rho2_xy, rho2_xz, value``
    (NaN outside a case's domain). Rates do not depend on ``rho2_xy`` and leakage of case (i)
    not on ``rho2_xz`` (those columns are NaN there).

    Parameters
    ----------
    D_grid : array_like
        Distortions.
    rho2_xy_list, rho2_xz_list : array_like
        Squared correlations of ``X`` with the private ``Y`` and the side information ``Z``.
    var_x : float
        Variance of ``X``.
    base : float or str
        Logarithm base (default 2: bits).

    Returns
    -------
    pandas.DataFrame
        The long table described above.

    See Also
    --------
    gaussian_rate : Case (i)'s rate.
    gaussian_rate_side_info : Cases (ii)-(iii)'s rate.

    References
    ----------
    .. [1] L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
       information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013, Example 2
       and Fig. 5.

    Examples
    --------
    >>> t = gaussian_curves([0.1], [0.9], [0.8])
    >>> t.value.round(6).tolist()
    [1.660964, 0.5, 1.197964, 1.197964]
    """
    Ds = as_grid(D_grid)
    rho2_xy_list = as_grid(rho2_xy_list, "rho2_xy_list")
    rho2_xz_list = as_grid(rho2_xz_list, "rho2_xz_list")
    rows = [
        pd.DataFrame(
            {
                "D": Ds,
                "quantity": "rate",
                "case": "i",
                "rho2_xy": np.nan,
                "rho2_xz": np.nan,
                "value": gaussian_rate(Ds, var_x=var_x, base=base),
            }
        )
    ]
    for rz in rho2_xz_list:
        rows.append(
            pd.DataFrame(
                {
                    "D": Ds,
                    "quantity": "rate",
                    "case": "ii/iii",
                    "rho2_xy": np.nan,
                    "rho2_xz": float(rz),
                    "value": gaussian_rate_side_info(Ds, float(rz), var_x=var_x, base=base),
                }
            )
        )
    for ry in rho2_xy_list:
        rows.append(
            pd.DataFrame(
                {
                    "D": Ds,
                    "quantity": "leakage",
                    "case": "i",
                    "rho2_xy": float(ry),
                    "rho2_xz": np.nan,
                    "value": gaussian_leakage(Ds, float(ry), var_x=var_x, base=base),
                }
            )
        )
        for rz in rho2_xz_list:
            rows.append(
                pd.DataFrame(
                    {
                        "D": Ds,
                        "quantity": "leakage",
                        "case": "ii/iii",
                        "rho2_xy": float(ry),
                        "rho2_xz": float(rz),
                        "value": gaussian_leakage_side_info(
                            Ds, float(ry), float(rz), var_x=var_x, base=base
                        ),
                    }
                )
            )
    return pd.concat(rows, ignore_index=True)


def rde_surface(
    p_src: ArrayLike,
    dist: ArrayLike,
    D_grid: ArrayLike,
    n_E: int,
    *,
    markov: bool = True,
    tol: float = 1e-7,
    zero_leak_margin: float = 0.0,
) -> pd.DataFrame:
    """Return the RDE region's boundary R(D, E) (Fig. 3a) on ``n_E`` equivocations per ``D``.

    For each ``D``: ``E`` runs over ``n_E`` equally spaced values in ``[0, Γ(D)]``; for
    ``E <= E*(D)`` the rate is R(D) (the minimal-rate encoder already gives that much
    equivocation), above it R(D, E) is solved (convex, certified). Where Γ(D) = H(X_h) (zero
    leakage affordable) the top of the slice is ``E = H(X_h) - zero_leak_margin``; with the
    default 0 it is the exact zero-leakage rate (``Xhat`` independent of ``X_h``, solved as
    its own convex program). Below that the top is ``Γ(D) - 1e-9``. Columns
    ``D, E, R, R_lower, E_star, Gamma`` (``R_lower``: the certified lower bound on R).

    Parameters
    ----------
    p_src : array_like, shape (n_r, n_h)
        Joint pmf of the public and private attributes.
    dist : array_like, shape (n_r, n_xhat)
        Distortion of the public attributes.
    D_grid : array_like
        Distortions.
    n_E : int
        Equivocations per distortion, >= 1.
    markov : bool
        Encoder sees only ``X_r`` (``True``) or also ``X_h``.
    tol : float
        Accuracy of each R(D, E), > 0.
    zero_leak_margin : float
        How far below ``H(X_h)`` a slice stops when Γ(D) = H(X_h), >= 0.

    Returns
    -------
    pandas.DataFrame
        Columns ``D, E, R, E_star, Gamma``.

    See Also
    --------
    nsp.ratedistortion.rate_given_equivocation : One point of the surface.

    References
    ----------
    .. [1] L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
       information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013, Theorem 1
       and Fig. 3(a).

    Examples
    --------
    Remark-4 instance at ``D = 0.25``: flat at R(D) = 0.792481 up to E*, then rising to
    R(D, Γ) = 2 - h(D) - D = 0.938722; at ``D = 0.6`` the slice ends at zero leakage with
    ``(1 - h(2D - 1)) / 2 = 0.139036`` bits.

    >>> p, d = remark4_source()
    >>> rde_surface(p, d, [0.25], 3).R.round(4).tolist()
    [0.7925, 0.7925, 0.9387]
    >>> round(float(rde_surface(p, d, [0.6], 3).R.iloc[-1]), 6)
    0.139036
    """
    n_E = check_int("n_E", n_E, low=1, high=100_000)
    markov = check_bool("markov", markov)
    tol = check_tol("tol", tol)
    zero_leak_margin = check_real("zero_leak_margin", zero_leak_margin, low=0.0)
    src = as_pmf(p_src, name="p_src", ndim=2)
    h_h = entropy(src.sum(axis=0))
    rows = []
    for D in as_grid(D_grid):
        gam = rd.max_equivocation(src, dist, float(D), markov=markov, tol=1e-9)
        r0, _ = rd.min_rate(src, dist, float(D))
        zero = gam.gamma >= h_h - 1e-9
        p0 = rd.rate_given_equivocation(src, dist, float(D), 0.0, markov=markov, tol=tol)
        r0_lower = np.nan if p0 is None else p0.lower_bound  # R(D)'s certified lower bound
        top = (h_h - zero_leak_margin) if zero else gam.gamma - 1e-9
        for E in np.linspace(0.0, top, n_E):
            if E <= r0.equivocation:
                R, R_lo = r0.rate, r0_lower
            else:
                pt = rd.rate_given_equivocation(
                    src, dist, float(D), float(E), markov=markov, tol=tol
                )
                R, R_lo = (np.nan, np.nan) if pt is None else (pt.rate, pt.lower_bound)
            rows.append((float(D), float(E), float(R), float(R_lo), r0.equivocation, gam.gamma))
    return pd.DataFrame(rows, columns=["D", "E", "R", "R_lower", "E_star", "Gamma"])


def fig1_database(
    n_rows: int = 6, *, D_gender: float = 0.25, weight_bin: int = 10, seed: int = 1
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Return an illustrative database for Fig. 1 (no data in the paper) and its sanitized version.

    Public attributes ``gender`` and ``weight``, private ``cancer`` and ``income``. The
    sanitized table passes ``gender`` through the Example-1 channel at distortion
    ``D_gender`` (with Entry 1's gender flipped, as in the paper's picture), quantizes
    ``weight`` into ``weight_bin``-lb ranges and withholds the private columns.

    Parameters
    ----------
    n_rows : int
        Number of entries.
    D_gender : float
        Hamming distortion of the gender column, in ``[0, 1]``.
    weight_bin : int
        Width of the weight ranges (lb).
    seed : int
        Seed of the synthetic rows and of the sanitizer.

    Returns
    -------
    original : pandas.DataFrame
        The entries with their public and private attributes.
    sanitized : pandas.DataFrame
        The released table: ``entry``, the sanitized ``gender`` and the ``weight`` range.

    See Also
    --------
    sanitize_categorical : The sanitizer of the gender column.

    References
    ----------
    .. [1] L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
       information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013, Fig. 1.

    Examples
    --------
    >>> orig, san = fig1_database(4)
    >>> list(san.columns)
    ['entry', 'gender', 'weight']
    >>> orig.gender[0] != san.gender[0]
    True
    """
    n_rows = check_int("n_rows", n_rows, low=1)
    D_gender = check_real("D_gender", D_gender, low=0.0, high=1.0)
    weight_bin = check_int("weight_bin", weight_bin, low=1)
    seed = check_int("seed", seed, low=0)
    rng = np.random.default_rng(seed)
    genders = np.array(["F", "M"])
    g = rng.integers(0, 2, n_rows)
    weight = rng.integers(90, 200, n_rows)
    cancer = rng.random(n_rows) < 0.2
    income = (rng.lognormal(10.8, 0.5, n_rows) // 1000 * 1000).astype(int)
    orig = pd.DataFrame(
        {
            "entry": np.arange(1, n_rows + 1),
            "gender": genders[g],
            "weight": weight,
            "cancer": np.where(cancer, "yes", "no"),
            "income": income,
        }
    )
    p_g = np.bincount(g, minlength=2) / n_rows
    p_g = np.clip(p_g, 0.05, None)
    p_g /= p_g.sum()
    g_san = sanitize_categorical(g, p_g, D_gender, seed=seed)
    g_san[0] = 1 - g[0]  # Entry 1's gender is changed, as drawn in the paper
    lo = weight // weight_bin * weight_bin
    san = pd.DataFrame(
        {
            "entry": orig.entry,
            "gender": genders[g_san],
            "weight": [f"{a}-{a + weight_bin}" for a in lo],
        }
    )
    return orig, san


@dataclass(frozen=True, eq=False)
class Codebook(TupleResult):
    """A reproduction codebook with the labels of the points; unpacks as ``(codebook, labels, D)``.

    Attributes
    ----------
    codebook : numpy.ndarray, shape (k, dim)
        The reproduction points.
    labels : numpy.ndarray of int
        The index of each point's nearest reproduction.
    distortion : float
        Mean squared error per coordinate.
    """

    codebook: NDArray[np.float64] = field(repr=False)
    labels: NDArray[np.int64] = field(repr=False)
    distortion: float

    _tuple_fields: ClassVar[tuple[str, ...]] = ("codebook", "labels", "distortion")


def lloyd_codebook(points: ArrayLike, k: int, *, seed: int = 0, n_iter: int = 50) -> Codebook:
    """Return a k-point codebook for ``points`` by Lloyd's algorithm (for Fig. 2's sketch).

    Starts from ``k`` distinct points drawn with ``seed``; returns ``(codebook, labels, D)``
    with ``D`` the mean squared error per coordinate.

    Parameters
    ----------
    points : array_like, shape (n, dim)
        The points.
    k : int
        Codebook size, in ``[1, n]``.
    seed : int
        Seed of the initial codebook.
    n_iter : int
        Most Lloyd iterations, in ``[0, 10000]`` (it stops early at a fixed point).

    Returns
    -------
    Codebook
        Unpacks as ``(codebook, labels, D)``.

    See Also
    --------
    fig1_database : Fig. 1's database.

    References
    ----------
    .. [1] L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
       information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013, Fig. 2.

    Examples
    --------
    >>> pts = np.random.default_rng(0).normal(size=(500, 2))
    >>> cb, lab, D = lloyd_codebook(pts, 4, seed=1)
    >>> cb.shape, bool(D < 0.5)
    ((4, 2), True)
    """
    raw = np.asarray(points)
    if raw.ndim != 2 or raw.dtype.kind not in "iuf" or not np.all(np.isfinite(raw)):
        raise ValueError("points must be a 2-D array of finite real numbers (one row per point)")
    x = raw.astype(np.float64)
    k = check_int("k", k, low=1, high=len(x))
    if len(x) * k > 10**8:
        raise ValueError(f"lloyd_codebook needs {len(x)} x {k} distances, more than 1e+08")
    seed = check_int("seed", seed, low=0)
    n_iter = check_int("n_iter", n_iter, low=0, high=10_000)
    if len(x) * k * max(n_iter, 1) > 10**10:
        raise ValueError(
            f"lloyd_codebook needs {len(x)} x {k} distances per iteration for n_iter={n_iter} "
            "iterations, more than 1e+10 in all: lower n_iter, k or the number of points"
        )
    rng = np.random.default_rng(seed)
    cb = x[rng.choice(len(x), size=k, replace=False)].copy()
    for _ in range(n_iter):
        lab = ((x[:, None, :] - cb[None, :, :]) ** 2).sum(axis=2).argmin(axis=1)
        before = cb.copy()
        for j in range(cb.shape[0]):
            if np.any(lab == j):
                cb[j] = x[lab == j].mean(axis=0)
        if np.array_equal(cb, before):  # a fixed point: further iterations change nothing
            break
    lab = ((x[:, None, :] - cb[None, :, :]) ** 2).sum(axis=2).argmin(axis=1)
    D = float(((x - cb[lab]) ** 2).mean())
    return Codebook(cb, lab.astype(np.int64), D)


def waterfilling_view(D: float = 0.25, variant: str = "normalized") -> Figure:
    """Draw Example 1's reverse water-filling at one distortion ``D``: input, output, water level.

    Letters whose probability is below the water level λ are suppressed; the others keep
    ``p(x) − λ`` (renormalized). The title gives λ, the maximal equivocation Γ(D) and the rate.
    A view for :func:`nsp.interactive.explore` (a slider over ``D``).

    Parameters
    ----------
    D : float
        Hamming distortion, in ``[0, 1 − max p]``.
    variant : {"normalized", "nine_letter"}
        Which reading of Example 1's pmf (see :func:`example1_pmf`).

    Returns
    -------
    matplotlib.figure.Figure

    See Also
    --------
    reverse_waterfill : The solution drawn.
    fig4a_table : The numbers of Fig. 4a.

    References
    ----------
    .. [1] L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
       information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013, Example 1
       and Fig. 4(a).

    Examples
    --------
    >>> fig = waterfilling_view(0.25)
    >>> fig.axes[0].get_title()
    'D = 0.25: water level λ = 0.0625, Γ(D) = 1.37497 bits, R = 0.815336 bits'
    """
    p = example1_pmf(variant)
    solution = reverse_waterfill(p, D)
    letters = np.arange(1, p.size + 1)
    fig, ax = plt.subplots(figsize=(6.4, 3.6))
    ax.bar(letters - 0.2, p, 0.4, label="input $p_X$")
    ax.bar(letters + 0.2, solution.output_pmf, 0.4, label="output $p_{\\hat X}$")
    ax.axhline(solution.water_level, color="0.3", ls="--", lw=0.9, label="water level λ")
    ax.set(xlabel="letter $x$ (most to least likely)", ylabel="probability", xticks=letters)
    ax.set_title(
        f"D = {solution.D:g}: water level λ = {solution.water_level:.6g}, "
        f"Γ(D) = {solution.gamma:.6g} bits, R = {solution.rate:.6g} bits"
    )
    ax.legend(fontsize=8)
    return fig
