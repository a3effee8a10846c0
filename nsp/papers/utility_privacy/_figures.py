"""Sankar, Rajagopalan & Poor, *Utility–privacy tradeoff in databases*: the paper's own material.

The general solvers (RDE points, Γ(D), R(D, E), side information) are in
:mod:`nsp.ratedistortion`; this module holds what is specific to the paper:

* Example 1 (categorical data, Hamming distortion): the reverse water-filling closed form
  (:func:`water_level`, :func:`reverse_waterfill`, :func:`gamma_hamming`,
  :func:`gamma_hamming_curve`) and the sanitizer it defines (:func:`sanitize_categorical`);
* Example 2 (Gaussian data, cases (i)–(iii)): the closed forms ``gaussian_*`` and an
  independent evaluator from the joint covariance (:func:`gaussian_rdl_from_covariance`);
* the paper's inputs: :data:`EXAMPLE1_PMF_PRINTED` (Fig. 4's pmf as printed, which sums to
  0.8) and :func:`example1_pmf`, :func:`remark4_source` (an instance of Remark 4);
* the tables its figures plot: :func:`fig4a_table`, :func:`gaussian_curves` (Fig. 5),
  :func:`rde_surface` (Fig. 3a), :func:`fig1_database` (Fig. 1) and :func:`lloyd_codebook`
  (Fig. 2's sketch).

How the paper's ambiguities and errata are resolved is written up in
``docs/papers/utility_privacy.md``.

References
----------
L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013,
arXiv:1102.3751.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import ClassVar

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.figure import Figure
from numpy.typing import ArrayLike, NDArray

from nsp import ratedistortion as rd
from nsp._validation import (
    Base,
    as_pmf,
    check_bool,
    check_choice,
    check_int,
    check_real,
    check_tol,
    log_base,
)
from nsp.channels import binary_symmetric_channel as bsc
from nsp.channels._results import _TupleResult
from nsp.info import binary_entropy, conditional_entropy, entropy
from nsp.papers import paper_vs_ours
from nsp.ratedistortion import RDEPoint
from nsp.ratedistortion._equivocation import _base_value
from nsp.ratedistortion._rate_distortion import _as_grid

__all__ = [
    "EXAMPLE1_PMF_NINE",
    "EXAMPLE1_PMF_PRINTED",
    "Codebook",
    "ReverseWaterfilling",
    "WaterLevel",
    "waterfilling_view",
    "example1_pmf",
    "example1_solver_check",
    "fig1_database",
    "fig4a_table",
    "gamma_hamming",
    "gamma_hamming_curve",
    "gaussian_covariance_check",
    "gaussian_curves",
    "gaussian_leakage",
    "gaussian_leakage_side_info",
    "gaussian_rate",
    "gaussian_rate_side_info",
    "gaussian_rdl_from_covariance",
    "gaussian_test_channel_noise",
    "lloyd_codebook",
    "rde_surface",
    "remark4_source",
    "remark4_table",
    "reverse_waterfill",
    "sanitize_categorical",
    "sanitizer_check",
    "side_information_curves",
    "side_information_source",
    "theorem2_family",
    "water_level",
]


# --- the paper's inputs and figure tables ----------------------------------------

#: Fig. 4's pmf exactly as printed in the paper; it sums to 0.8, not 1.
EXAMPLE1_PMF_PRINTED: tuple[float, ...] = (0.25, 0.25, 0.15, 0.1, 0.04, 0.005, 0.003, 0.002)

#: The 9-letter reading with a plausibly dropped 0.2 (sums to 1; the other reading).
EXAMPLE1_PMF_NINE: tuple[float, ...] = (0.25, 0.25, 0.2, 0.15, 0.1, 0.04, 0.005, 0.003, 0.002)


def example1_pmf(variant: str = "normalized") -> NDArray[np.float64]:
    """Return Example 1's pmf: ``"normalized"`` (printed / 0.8, the default) or ``"nine_letter"``.

    Parameters
    ----------
    variant : {"normalized", "nine_letter"}
        Which reading of the printed pmf.

    Returns
    -------
    numpy.ndarray
        A pmf (sums to 1).

    Examples
    --------
    >>> example1_pmf().round(12).tolist()
    [0.3125, 0.3125, 0.1875, 0.125, 0.05, 0.00625, 0.00375, 0.0025]
    """
    variant = check_choice("variant", variant, ("normalized", "nine_letter"))
    if variant == "normalized":
        p = np.asarray(EXAMPLE1_PMF_PRINTED) / 0.8
    elif variant == "nine_letter":
        p = np.asarray(EXAMPLE1_PMF_NINE, dtype=np.float64)
    return p / p.sum()


def remark4_source() -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Return an instance illustrating Remark 4: ``X_r = (A, B)`` uniform on {0,1}², ``X_h = A``.

    With ``x_r = 2 A + B`` and Hamming distortion on ``X_r``. Closed forms:
    ``R(D) = 2 - h(D) - D log 3``, ``E* = h(2D/3)``, ``Γ(D) = h(D)`` (``D <= 1/2``),
    ``R(D, Γ(D)) = 2 - h(D) - D``.

    Returns
    -------
    p_src : numpy.ndarray, shape (4, 2)
        The joint pmf ``p[x_r, x_h]``.
    dist : numpy.ndarray, shape (4, 4)
        The Hamming distortion ``d[x_r, xhat]``.

    Examples
    --------
    >>> p, d = remark4_source()
    >>> p.tolist()
    [[0.25, 0.0], [0.25, 0.0], [0.0, 0.25], [0.0, 0.25]]
    """
    p = np.zeros((4, 2))
    p[[0, 1], 0] = 0.25
    p[[2, 3], 1] = 0.25
    return p, rd.hamming_distortion(4)


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

    Examples
    --------
    >>> t = fig4a_table(example1_pmf(), [0.25])
    >>> t[t.series == "D=0.25"].probability.round(6).tolist()[:5]
    [0.363636, 0.363636, 0.181818, 0.090909, 0.0]
    """
    px = as_pmf(p, name="p", ndim=1)
    D_values = _as_grid(D_values, "D_values")
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

    Examples
    --------
    >>> t = gaussian_curves([0.1], [0.9], [0.8])
    >>> t.value.round(6).tolist()
    [1.660964, 0.5, 1.197964, 1.197964]
    """
    Ds = _as_grid(D_grid)
    rho2_xy_list = _as_grid(rho2_xy_list, "rho2_xy_list")
    rho2_xz_list = _as_grid(rho2_xz_list, "rho2_xz_list")
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
    for D in _as_grid(D_grid):
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

    Returns ``(original, sanitized)``.

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
class Codebook(_TupleResult):
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


# --- Example 1: categorical data, Hamming distortion (reverse water-filling) --------------


@dataclass(frozen=True)
class ReverseWaterfilling:
    """The closed-form optimum of Example 1 (eqs. (16)–(18); Pinkston's solution).

    Attributes
    ----------
    D : float
        The distortion (clipped to ``D_max = 1 - max p``).
    water_level : float
        λ, with ``D = S λ + sum_{p_k <= λ} p_k``.
    support : numpy.ndarray of bool
        Surviving letters ``{x: p(x) > λ}`` (the output alphabet).
    output_pmf : numpy.ndarray
        ``p(xhat) = (p - λ)^+ / sum (p - λ)^+`` (eq. (16)).
    backward : numpy.ndarray
        ``backward[x, xhat] = p(x | xhat)`` (eq. (17)); columns off the support are 0.
    forward : numpy.ndarray
        The sanitizer ``forward[x, xhat] = p(xhat | x)``.
    joint : numpy.ndarray
        ``p(x, xhat)``.
    gamma : float
        Γ(D) by eq. (18), in units of ``base``.
    rate : float
        ``R(D) = H(X) - Γ(D)``.
    """

    D: float
    water_level: float
    support: NDArray[np.bool_] = field(repr=False)
    output_pmf: NDArray[np.float64] = field(repr=False)
    backward: NDArray[np.float64] = field(repr=False)
    forward: NDArray[np.float64] = field(repr=False)
    joint: NDArray[np.float64] = field(repr=False)
    gamma: float = 0.0
    rate: float = 0.0

    @property
    def S(self) -> int:
        """``|support| - 1`` (the ``S`` of eq. (18))."""
        return int(self.support.sum()) - 1


@dataclass(frozen=True, eq=False)
class WaterLevel(_TupleResult):
    """The water level of reverse water-filling and the surviving letters.

    Unpacks as the pair ``(level, support)`` that :func:`water_level` used to return.

    Attributes
    ----------
    level : float
        λ.
    support : numpy.ndarray of bool
        The letters with ``p(x) > λ``.
    """

    level: float
    support: NDArray[np.bool_] = field(repr=False)

    _tuple_fields: ClassVar[tuple[str, ...]] = ("level", "support")


def water_level(p: ArrayLike, D: float, *, normalize: bool = False) -> WaterLevel:
    """Return the water level λ and the surviving letters of Example 1 at distortion ``D``.

    λ solves ``sum_x (p(x) - λ)^+ = 1 - D - λ`` (equivalently ``D = S λ + sum_{p_k <= λ} p_k``).
    Conventions (see ``docs/papers/utility_privacy.md``): for ``D >= D_max = 1 - max p`` the
    level is ``max p`` and the support is the set of most likely letters; a letter with
    ``p = λ`` is suppressed; when the maximum is unique and ``D = D_max``, λ is the second
    largest mass.

    Parameters
    ----------
    p : array_like
        The pmf of the categorical attribute.
    D : float
        Hamming distortion, ``>= 0``.
    normalize : bool
        Accept an unnormalized ``p``.

    Returns
    -------
    WaterLevel
        The level λ and the surviving letters; unpacks as ``(level, support)``.

    Raises
    ------
    ValueError
        If ``p`` is not a pmf or ``D`` is negative.

    Examples
    --------
    >>> p = np.array([0.25, 0.25, 0.15, 0.1, 0.04, 0.005, 0.003, 0.002]) / 0.8
    >>> lam, supp = water_level(p, 0.25)
    >>> round(lam, 6), supp.sum()
    (0.0625, np.int64(4))
    """
    px = as_pmf(p, name="p", ndim=1, normalize=check_bool("normalize", normalize))
    D = check_real("D", D, low=0.0)
    pmax = float(px.max())
    if D >= 1.0 - pmax - 1e-15:  # D_max up to the rounding of 1 - max p
        if np.count_nonzero(px == pmax) > 1 or D > 1.0 - pmax:
            return WaterLevel(pmax, px == pmax)
        if px.size > 1:  # unique maximum at D = D_max: only the most likely letter survives
            second = float(px[px < pmax].max())
            return WaterLevel(second, px > second)
    order = np.argsort(-px, kind="stable")
    ps = px[order]
    m = ps.size
    tails = np.concatenate([np.cumsum(ps[::-1])[::-1][1:], [0.0]])  # tails[k-1] = sum_{j>k} p(j)
    nxt = np.concatenate([ps[1:], [0.0]])
    for k in range(m, 1, -1):  # k = support size
        lam = (D - tails[k - 1]) / (k - 1)
        if nxt[k - 1] - 1e-15 <= lam < ps[k - 1]:
            return WaterLevel(float(max(lam, 0.0)), px > max(lam, 0.0))
    # unique maximum at D = D_max: S = 0, any lam in [p(2), p(1)); return p(2)
    lam = float(ps[1]) if m > 1 else 0.0
    return WaterLevel(lam, px > lam)


def reverse_waterfill(
    p: ArrayLike, D: float, *, base: Base = 2, normalize: bool = False
) -> ReverseWaterfilling:
    """Return the reverse water-filling solution of Example 1 (eqs. (16)–(18)).

    Parameters
    ----------
    p : array_like
        The pmf of the categorical attribute (public and private at once).
    D : float
        Hamming distortion ``Pr(X != Xhat)``, ``>= 0``; values above ``D_max = 1 - max p``
        give the zero-rate solution (Γ = H(X)).

    Returns
    -------
    ReverseWaterfilling
        The water level, output pmf, backward and forward channels, Γ(D) and R(D).

    Examples
    --------
    The paper's Fig. 4 pmf, normalized (it sums to 0.8 as printed):

    >>> p = np.array([0.25, 0.25, 0.15, 0.1, 0.04, 0.005, 0.003, 0.002]) / 0.8
    >>> sol = reverse_waterfill(p, 0.1)
    >>> round(sol.water_level, 6), sol.S, round(sol.gamma, 6), round(sol.rate, 6)
    (0.021875, 4, 0.71692, 1.473383)
    >>> (sol.output_pmf[:5] * 281).round(6).tolist()
    [93.0, 93.0, 53.0, 33.0, 9.0]
    """
    px = as_pmf(p, name="p", ndim=1, normalize=check_bool("normalize", normalize))
    D = check_real("D", D, low=0.0)
    lb = log_base(base)
    D_max = 1.0 - float(px.max())
    Dc = min(D, D_max)
    lam, supp = water_level(px, Dc)
    excess = np.where(supp, px - lam, 0.0)
    if excess.sum() > 0:
        q = excess / excess.sum()
    else:  # tie-limit at D_max: uniform on the most likely letters
        q = supp / supp.sum()
    m = px.size
    back = np.zeros((m, m))
    cols = np.flatnonzero(supp)
    if supp.sum() == 1 or excess.sum() == 0 or Dc >= D_max:
        # zero rate: Xhat independent of X
        back[:, cols] = px[:, None]
    else:
        back[:, cols] = np.where(supp[:, None], lam, px[:, None])
        back[cols, cols] = 1.0 - Dc
    joint = back * q[None, :]
    with np.errstate(invalid="ignore", divide="ignore"):
        fwd = np.where(px[:, None] > 0, joint / np.where(px > 0, px, 1.0)[:, None], 0.0)
    zero = px == 0
    if np.any(zero):
        fwd[zero] = q  # letters that never occur: draw from p(xhat)
    hx = entropy(px, base=base)
    if Dc >= D_max:
        gamma = hx
    else:
        S = int(supp.sum()) - 1
        off = px[~supp]
        off = off[off > 0]
        nats = (
            -(1 - Dc) * math.log(1 - Dc)
            - (S * lam * math.log(lam) if lam > 0 else 0.0)
            - float(np.sum(off * np.log(off)))
        )
        gamma = nats / lb + 0.0  # no negative zero
    return ReverseWaterfilling(
        Dc, float(lam), supp, q, back, fwd, joint, float(gamma), float(max(hx - gamma, 0.0))
    )


def gamma_hamming(
    p: ArrayLike, D: ArrayLike, *, base: Base = 2, normalize: bool = False
) -> float | NDArray[np.float64]:
    """Γ(D) of Example 1 by eq. (18), vectorized over ``D`` (``H(X)`` beyond ``D_max``).

    Parameters
    ----------
    p : array_like
        The pmf of the categorical attribute.
    D : float or array_like
        Hamming distortions, each ``>= 0``.
    base : float or str
        Logarithm base (default 2: bits).
    normalize : bool
        Accept an unnormalized ``p``.

    Returns
    -------
    float or numpy.ndarray
        Γ(D), of the shape of ``D``.

    Examples
    --------
    >>> p = np.array([0.25, 0.25, 0.15, 0.1, 0.04, 0.005, 0.003, 0.002]) / 0.8
    >>> gamma_hamming(p, [0.1, 0.25, 0.5]).round(6).tolist()
    [0.71692, 1.374967, 2.025586]
    """
    px = as_pmf(p, name="p", ndim=1, normalize=check_bool("normalize", normalize))
    Ds = _as_distortions(D)
    out = np.array([reverse_waterfill(px, float(x), base=base).gamma for x in Ds.ravel()])
    return float(out[0]) if Ds.ndim == 0 else out.reshape(Ds.shape)


def gamma_hamming_curve(
    p: ArrayLike, D_grid: ArrayLike, *, base: Base = 2, normalize: bool = False
) -> pd.DataFrame:
    """Return Example 1 on a grid: columns ``D, water_level, support_size, Gamma, R, H_out``.

    Parameters
    ----------
    p : array_like
        The pmf of the categorical attribute.
    D_grid : array_like
        Hamming distortions, each ``>= 0``.
    base : float or str
        Logarithm base (default 2: bits).
    normalize : bool
        Accept an unnormalized ``p``.

    Returns
    -------
    pandas.DataFrame
        One row per distortion.

    Examples
    --------
    >>> p = np.array([0.25, 0.25, 0.15, 0.1, 0.04, 0.005, 0.003, 0.002]) / 0.8
    >>> gamma_hamming_curve(p, [0.0, 0.6875])[["support_size", "Gamma"]].round(6).values.tolist()
    [[8.0, 0.0], [2.0, 2.190303]]
    """
    px = as_pmf(p, name="p", ndim=1, normalize=check_bool("normalize", normalize))
    rows = []
    if np.ndim(D_grid) > 1:
        raise ValueError(f"D_grid must be a number or a 1-D array (got shape {np.shape(D_grid)})")
    for D in _as_distortions(D_grid, "D_grid").ravel():
        s = reverse_waterfill(px, float(D), base=base)
        rows.append(
            (
                float(D),
                s.water_level,
                int(s.support.sum()),
                s.gamma,
                s.rate,
                entropy(s.output_pmf, base=base),
            )
        )
    return pd.DataFrame(rows, columns=["D", "water_level", "support_size", "Gamma", "R", "H_out"])


def sanitize_categorical(
    x: ArrayLike,
    p: ArrayLike,
    D: float,
    *,
    seed: int | np.random.Generator | None = 0,
    normalize: bool = False,
) -> NDArray[np.int64]:
    """Sanitize a column of categorical codes through the optimal Example-1 channel.

    Each entry ``x_i`` (an integer code in ``0..len(p)-1``) is replaced by a draw from the
    forward channel ``p(xhat | x_i)`` of :func:`reverse_waterfill`: a suppressed letter
    (``p(x) <= λ``) becomes an independent draw from ``p(xhat)``; a surviving one is kept with
    probability ``p(xhat=x)(1-D)/p(x)``. The empirical ``Pr(X != Xhat)`` tends to ``D`` and the
    plug-in ``H(X | Xhat)`` to Γ(D).

    Parameters
    ----------
    x : array_like of int
        The column (codes).
    p : array_like
        The pmf assumed by the sanitizer (the source model, known to all).
    D : float
        Target Hamming distortion.
    seed : int or numpy.random.Generator, optional
        Randomness of the channel (default 0: deterministic).

    Returns
    -------
    numpy.ndarray of int
        The sanitized codes, of the shape of ``x``.

    Examples
    --------
    >>> p = np.array([0.5, 0.3, 0.2])
    >>> x = np.random.default_rng(1).choice(3, size=20000, p=p)
    >>> y = sanitize_categorical(x, p, 0.2, seed=2)
    >>> round(float(np.mean(x != y)), 2)
    0.2
    """
    codes = np.asarray(x)
    px = as_pmf(p, name="p", ndim=1, normalize=check_bool("normalize", normalize))
    D = check_real("D", D, low=0.0)
    if codes.size and (
        not np.issubdtype(codes.dtype, np.integer) or codes.min() < 0 or codes.max() >= px.size
    ):
        raise ValueError(f"x must hold integer codes in 0..{px.size - 1}")
    sol = reverse_waterfill(px, D)
    if seed is not None and not isinstance(seed, np.random.Generator):
        seed = check_int("seed", seed, low=0)
    rng = np.random.default_rng(seed)
    cdf = np.cumsum(sol.forward, axis=1)
    cdf[:, -1] = 1.0
    u = rng.random(codes.shape)
    flat = codes.ravel()
    out = (u.ravel()[:, None] > cdf[flat]).sum(axis=1)
    return out.reshape(codes.shape).astype(np.int64)


# --- Example 2: Gaussian data ------------------------------------------------------------


def _as_distortions(D: ArrayLike, name: str = "D") -> NDArray[np.float64]:
    """Distortions as a float array of the same shape: finite real numbers >= 0."""
    raw = np.asarray(D)
    if raw.dtype.kind not in "iuf":
        raise ValueError(f"{name} must hold real numbers (got dtype {raw.dtype})")
    Ds = raw.astype(np.float64)
    if not np.all(np.isfinite(Ds)) or np.any(Ds < 0):
        raise ValueError(f"{name} must hold finite numbers >= 0")
    return Ds


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
    """Cases (ii)–(iii): ``R_SI* = R_I* = R_WZ(D) = 1/2 log(var_x (1 - rho_xz^2) / D)``.

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
    return RDEPoint(rate, D, math.nan, leak, _base_value(base))


# --- checks the notebooks show: closed forms against independent computations -------------


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

    Examples
    --------
    >>> t = example1_solver_check(example1_pmf(), [0.1, 0.25])
    >>> float((t.R_closed - t.R_blahut_arimoto).abs().max()) < 1e-9
    True
    """
    px = as_pmf(p, name="p", ndim=1)
    Ds = _as_grid(D_values, "D_values")
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
    for D in _as_grid(D_values, "D_values"):
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
    for ry in _as_grid(rho2_xy_list, "rho2_xy_list"):
        for rz in _as_grid(rho2_xz_list, "rho2_xz_list"):
            for frac in _as_grid(fractions, "fractions"):
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

    Examples
    --------
    >>> bool(remark4_table([0.25]).agrees.all())
    True
    """
    p_src, dist = remark4_source()
    closed: dict[Hashable, float] = {}
    ours: dict[Hashable, float] = {}
    tol: dict[Hashable, float] = {}
    for D in _as_grid(D_values, "D_values"):
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


# --- an extension beyond the paper: side information on a binary source ------------------


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
    for D in _as_grid(D_grid):
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

    Examples
    --------
    >>> t = theorem2_family(side_information_source(0.1, 0.2), [0.0, 0.5])
    >>> t.D.round(6).tolist()
    [0.0, 0.2]
    """
    p = as_pmf(p_src_z, name="p_src_z", ndim=3)
    d = rd.hamming_distortion(p.shape[0])
    fam = []
    for a in _as_grid(crossovers, "crossovers"):
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
