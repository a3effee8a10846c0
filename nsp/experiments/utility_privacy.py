# mypy: ignore-errors
"""Sankar, Rajagopalan & Poor (2013), *Utility–privacy tradeoff in databases*: the paper's instances.

The general solvers (RDE points, Γ(D), R(D, E), side information, reverse water-filling,
Gaussian closed forms) are in :mod:`nsp.ratedistortion`; this module holds the paper's own
inputs and the tables its figures plot:

* :data:`EXAMPLE1_PMF_PRINTED` — Fig. 4's pmf as printed (it sums to 0.8, spec §9.1) and
  :func:`example1_pmf` (normalized by default, or the 9-letter alternative);
* :func:`remark4_source` — the spec's instance where maximal privacy needs extra rate (§4.4);
* :func:`fig4a_table`, :func:`gaussian_curves`, :func:`rde_surface` — the numbers of Figs. 4a,
  5 and 3a;
* :func:`fig1_database` — the illustrative database of Fig. 1 and its sanitized version.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray

from nsp import ratedistortion as rd

#: Fig. 4's pmf exactly as printed in the paper; it sums to 0.8, not 1.
EXAMPLE1_PMF_PRINTED: tuple[float, ...] = (0.25, 0.25, 0.15, 0.1, 0.04, 0.005, 0.003, 0.002)

#: The 9-letter reading with a plausibly dropped 0.2 (sums to 1; spec §9.1 alternative).
EXAMPLE1_PMF_NINE: tuple[float, ...] = (0.25, 0.25, 0.2, 0.15, 0.1, 0.04, 0.005, 0.003, 0.002)


def example1_pmf(variant: str = "normalized") -> NDArray[np.float64]:
    """Return Example 1's pmf: ``"normalized"`` (printed / 0.8, the default) or ``"nine_letter"``.

    Examples
    --------
    >>> example1_pmf().round(12).tolist()
    [0.3125, 0.3125, 0.1875, 0.125, 0.05, 0.00625, 0.00375, 0.0025]
    """
    if variant == "normalized":
        p = np.asarray(EXAMPLE1_PMF_PRINTED) / 0.8
    elif variant == "nine_letter":
        p = np.asarray(EXAMPLE1_PMF_NINE, dtype=np.float64)
    else:
        raise ValueError(f"variant must be 'normalized' or 'nine_letter'; got {variant!r}")
    return p / p.sum()


def remark4_source() -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """The Remark-4 instance (spec §4.4): ``X_r = (A, B)`` uniform on {0,1}², ``X_h = A``.

    Returns ``(p_src[x_r, x_h], dist[x_r, xhat])`` with ``x_r = 2 A + B`` and Hamming distortion
    on ``X_r``. Closed forms: ``R(D) = 2 - h(D) - D log 3``, ``E* = h(2D/3)``, ``Γ(D) = h(D)``
    (``D <= 1/2``), ``R(D, Γ(D)) = 2 - h(D) - D``.

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

    Examples
    --------
    >>> t = fig4a_table(example1_pmf(), [0.25])
    >>> t[t.series == "D=0.25"].probability.round(6).tolist()[:5]
    [0.363636, 0.363636, 0.181818, 0.090909, 0.0]
    """
    px = np.asarray(p, dtype=np.float64)
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
    for D in np.asarray(D_values, dtype=np.float64).ravel():
        s = rd.reverse_waterfill(px, float(D))
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
    base: float | str = 2,
) -> pd.DataFrame:
    """Long table of Fig. 5: rate and leakage versus ``D`` for cases (i)–(iii) of Example 2.

    Columns ``D, quantity ("rate"|"leakage"), case ("i"|"ii/iii"), rho2_xy, rho2_xz, value``
    (NaN outside a case's domain). Rates do not depend on ``rho2_xy`` and leakage of case (i)
    not on ``rho2_xz`` (those columns are NaN there).

    Examples
    --------
    >>> t = gaussian_curves([0.1], [0.9], [0.8])
    >>> t.value.round(6).tolist()
    [1.660964, 0.5, 1.197964, 1.197964]
    """
    Ds = np.asarray(D_grid, dtype=np.float64).ravel()
    rows = [
        pd.DataFrame(
            {
                "D": Ds,
                "quantity": "rate",
                "case": "i",
                "rho2_xy": np.nan,
                "rho2_xz": np.nan,
                "value": rd.gaussian_rate(Ds, var_x=var_x, base=base),
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
                    "value": rd.gaussian_rate_side_info(Ds, float(rz), var_x=var_x, base=base),
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
                    "value": rd.gaussian_leakage(Ds, float(ry), var_x=var_x, base=base),
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
                        "value": rd.gaussian_leakage_side_info(
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
    zero_leak_margin: float = 1e-3,
) -> pd.DataFrame:
    """The RDE region's boundary R(D, E) (Fig. 3a) on ``n_E`` equivocations per ``D``.

    For each ``D``: ``E`` runs over ``n_E`` equally spaced values in ``[0, Γ(D)]``; for
    ``E <= E*(D)`` the rate is R(D) (the minimal-rate encoder already gives that much
    equivocation), above it R(D, E) is solved (convex). Where Γ(D) = H(X_h) (zero leakage
    affordable) the top of the slice is taken at ``H(X_h) - zero_leak_margin``: the exact
    zero-leakage limit needs an unbounded multiplier in the Lagrangian sweep, whose fallback
    there is only an upper bound. Columns ``D, E, R, E_star, Gamma``.

    Examples
    --------
    Remark-4 instance at ``D = 0.25``: flat at R(D) = 0.792481 up to E*, then rising to
    R(D, Γ) = 2 - h(D) - D = 0.938722.

    >>> p, d = remark4_source()
    >>> rde_surface(p, d, [0.25], 3).R.round(4).tolist()
    [0.7925, 0.7925, 0.9387]
    """
    from nsp.info import entropy

    h_h = entropy(np.asarray(p_src, dtype=np.float64).sum(axis=0))
    src = np.asarray(p_src, dtype=np.float64)
    rows = []
    for D in np.asarray(D_grid, dtype=np.float64).ravel():
        gam = rd.max_equivocation(src, dist, float(D), markov=markov, tol=1e-9)
        r0, _ = rd.min_rate(src, dist, float(D))
        top = gam.gamma - (zero_leak_margin if gam.gamma >= h_h - 1e-9 else 1e-9)
        for E in np.linspace(0.0, top, int(n_E)):
            if E <= r0.equivocation:
                R = r0.rate
            else:
                pt = rd.rate_given_equivocation(
                    src, dist, float(D), float(E), markov=markov, tol=tol
                )
                R = np.nan if pt is None else pt.rate
            rows.append((float(D), float(E), float(R), r0.equivocation, gam.gamma))
    return pd.DataFrame(rows, columns=["D", "E", "R", "E_star", "Gamma"])


def fig1_database(
    n_rows: int = 6, *, D_gender: float = 0.25, weight_bin: int = 10, seed: int = 1
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """An illustrative database for Fig. 1 (no data in the paper) and its sanitized version.

    Public attributes ``gender`` and ``weight``, private ``cancer`` and ``income``. The
    sanitized table passes ``gender`` through the Example-1 channel at distortion
    ``D_gender`` (with Entry 1's gender flipped, as in the paper's picture), quantizes
    ``weight`` into ``weight_bin``-lb ranges and withholds the private columns.

    Returns ``(original, sanitized)``.

    Examples
    --------
    >>> orig, san = fig1_database(4)
    >>> list(san.columns)
    ['entry', 'gender', 'weight']
    >>> orig.gender[0] != san.gender[0]
    True
    """
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
    g_san = rd.sanitize_categorical(g, p_g, D_gender, seed=seed)
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


def lloyd_codebook(
    points: ArrayLike, k: int, *, seed: int = 0, n_iter: int = 50
) -> tuple[NDArray[np.float64], NDArray[np.int64], float]:
    """A k-point reproduction codebook for ``points`` by Lloyd's algorithm (for Fig. 2's sketch).

    Starts from ``k`` distinct points drawn with ``seed``; returns ``(codebook, labels, D)``
    with ``D`` the mean squared error per coordinate.

    Examples
    --------
    >>> pts = np.random.default_rng(0).normal(size=(500, 2))
    >>> cb, lab, D = lloyd_codebook(pts, 4, seed=1)
    >>> cb.shape, bool(D < 0.5)
    ((4, 2), True)
    """
    x = np.asarray(points, dtype=np.float64)
    rng = np.random.default_rng(seed)
    cb = x[rng.choice(len(x), size=int(k), replace=False)].copy()
    for _ in range(int(n_iter)):
        lab = ((x[:, None, :] - cb[None, :, :]) ** 2).sum(axis=2).argmin(axis=1)
        for j in range(cb.shape[0]):
            if np.any(lab == j):
                cb[j] = x[lab == j].mean(axis=0)
    lab = ((x[:, None, :] - cb[None, :, :]) ** 2).sum(axis=2).argmin(axis=1)
    D = float(((x - cb[lab]) ** 2).mean())
    return cb, lab.astype(np.int64), D
