"""Where a maximum is (nearly) tied: the max-type columns, whose bootstrap is not valid there.

Maximal leakage ``log Σ_y max_s p(y|s)``, the Bayes error ``1 − Σ_y max_x p(x) W[x, y]`` and
the prior error ``1 − max_x p(x)`` are maxima over letters. Where two letters tie for a
maximum the plug-in is biased upwards by ``O(1/√N)`` and its bootstrap distribution does not
converge to the estimator's (the bootstrap of a maximum is not consistent at a tie): nominal
95 % intervals then cover far less, and more records do not help. :func:`tie_margins` finds,
per release, the outputs whose maximum is within ``threshold`` standard errors of a tie and
how much their error can move the column; :func:`widen` widens the bootstrap interval by it
(:mod:`nsp.estimate` gives such an interval the status ``interval_tie``); Sibson's I_α of
an order above :data:`SIBSON_TIE_ORDER`, a power mean over the secrets that is nearly their
maximum, is widened as maximal leakage is. Since
``|max_s a_s − max_s b_s| ≤ max_s |a_s − b_s|``, a tied output moves the sum by at most its
tied letters' largest error: the widening adds :data:`WIDEN_SE` of their largest standard
error per tied output, on top of the bootstrap's own spread.

The threshold ``√(2 ln N)`` grows slowly with the records ``N`` (2.6 at 30 records, 4.6 at
48,842), as the thresholds that select the binding constraints of moment inequalities do:
a gap of fewer than ``threshold`` standard errors is treated as a possible tie. Standard
errors are floored at one record's worth, so two letters that differ by less than a record
are tied.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd
from numpy.typing import NDArray
from scipy import stats

from nsp._resampling._columns import sibson_column
from nsp._resampling._mechanism import Mechanism

__all__ = [
    "MAX_COLUMNS",
    "SIBSON_TIE_ORDER",
    "tie_margins",
    "tie_orders",
    "tie_threshold",
    "widen",
    "widen_frame",
    "widen_tied",
]

#: The columns that are a maximum over letters (non-regular at a tie).
MAX_COLUMNS: tuple[str, ...] = ("maximal_leakage", "hamming_distortion", "prior_error")
#: Sibson's I_α of an order above this is widened at a tie as maximal leakage (its α → ∞
#: limit) is: its power means over the secrets are nearly maxima. Measured on sources with
#: tied secrets, I_10's bootstrap interval covered 83–89 % at 100–500 records, I_2's 92–96 %.
SIBSON_TIE_ORDER: float = 2.0


def tie_threshold(n_records: int) -> float:
    """Return ``√(2 ln N)`` (at least 2): gaps below this many standard errors are ties.

    Examples
    --------
    >>> round(tie_threshold(500), 3), round(tie_threshold(48842), 3)
    (3.526, 4.647)
    """
    return max(2.0, math.sqrt(2.0 * math.log(max(n_records, 2))))


def _tie_margin(
    value: NDArray[np.float64],
    var: NDArray[np.float64],
    threshold: float,
    floor: NDArray[np.float64],
    *,
    covariance: bool = False,
    n: float = 1.0,
) -> float:
    """Return the widening the ties of the maxima over rows of ``value[r, y]`` call for.

    ``var[r, y]`` are the variances of the estimates and ``floor[r]`` the variance of one
    record's worth in row ``r``. The rows are independent (means over disjoint records)
    unless ``covariance``: then they are cells of one multinomial of ``n`` records, whose
    covariance ``−v_top v_r / n`` adds ``2 v_top v_r / n`` to the variance of the gap. A
    column ``y`` is tied when another row is within ``threshold`` standard errors of its
    maximum; it adds :data:`WIDEN_SE` times the largest standard error of its tied rows.
    """
    if value.shape[0] < 2:
        return 0.0
    top = np.argmax(value, axis=0)
    cols = np.arange(value.shape[1])
    best = value[top, cols]
    var = np.maximum(var, floor[:, None])
    gap = best[None, :] - value
    var_gap = var[top, cols][None, :] + var
    if covariance:
        var_gap = var_gap + 2.0 * best[None, :] * value / n
    close = gap <= threshold * np.sqrt(var_gap)
    size = close.sum(axis=0)  # the top row is always close to itself
    tied = (size >= 2) & (best > 0)
    if not tied.any():
        return 0.0
    se = np.sqrt(np.where(close, var, 0.0)).max(axis=0)
    return float((expected_max(size[tied]) * se[tied]).sum())


def expected_max(k: NDArray[np.integer] | int) -> NDArray[np.float64]:
    """Return ``E[max of k independent standard normals]`` (0 for ``k = 1``).

    The upward bias of the plug-in maximum of ``k`` tied estimates with one standard error.

    Examples
    --------
    >>> np.round(expected_max(np.array([1, 2, 3, 8])), 4).tolist()
    [0.0, 0.5642, 0.8463, 1.4236]
    """
    z = np.linspace(-9.0, 9.0, 3601)
    k_arr = np.atleast_1d(np.asarray(k, dtype=np.float64))
    density = k_arr[:, None] * stats.norm.pdf(z) * stats.norm.cdf(z) ** (k_arr[:, None] - 1.0)
    out = np.trapezoid(z * density, z, axis=1)
    return np.where(k_arr <= 1, 0.0, out)


def tie_margins(
    counts: NDArray[np.int64],
    mechanisms: Sequence[Mechanism],
    *,
    threshold: float | None = None,
) -> dict[str, NDArray[np.float64]]:
    """Per mechanism, how much a max-type column's interval must widen for its ties (0: none).

    For each output ``y`` whose maximum over letters is within ``threshold`` standard errors
    of a tie, the estimate ``max p̂`` may be off by the error of any tied letter, which the
    bootstrap of a maximum does not see; the widening adds :data:`WIDEN_SE` times the
    largest standard error of the tied letters, over the tied outputs. For maximal leakage
    it is on ``Σ_y max_s p(y|s)`` (whose logarithm the leakage is); for the Bayes error and
    the prior error on the error itself. See :func:`widen`.

    Parameters
    ----------
    counts : ndarray of int, shape (n_s, n_x)
        The count table.
    mechanisms : sequence of Mechanism
        The releases, on the alphabet of X.
    threshold : float, optional
        Standard errors within which two letters count as tied; default
        :func:`tie_threshold` of the records.

    Returns
    -------
    dict
        For each name of :data:`MAX_COLUMNS`, an array with one entry per mechanism.

    Examples
    --------
    Two secrets that a release cannot tell apart (both have ``p(y|s) = 1/2``) are tied for
    every output; a copy of a secret bit is not:

    >>> counts = np.array([[50, 50], [48, 52]])
    >>> copy = Mechanism.from_labels([0, 1], method="copy")
    >>> round(float(tie_margins(counts, [copy])["maximal_leakage"][0]), 4)
    0.0564
    >>> float(tie_margins(np.array([[90, 10], [10, 90]]), [copy])["maximal_leakage"][0])
    0.0
    """
    cnt = np.asarray(counts, dtype=np.float64)
    n = float(cnt.sum())
    kappa = tie_threshold(int(n)) if threshold is None else float(threshold)
    n_s = cnt.sum(axis=1)
    live = n_s > 0
    q = cnt[live] / n_s[live, None]  # p(x | s)
    ns = n_s[live]
    p_x = cnt.sum(axis=0) / n
    x_floor = np.full(p_x.size, 1.0 / (n * n))
    out = {name: np.zeros(len(mechanisms)) for name in MAX_COLUMNS}
    # The prior error: the letters of X themselves, one multinomial.
    var_x = (p_x * (1.0 - p_x) / n)[:, None]
    out["prior_error"][:] = _tie_margin(p_x[:, None], var_x, kappa, x_floor, covariance=True, n=n)
    for i, m in enumerate(mechanisms):
        w = m.channel
        # Maximal leakage: p(y|s) = E[W[X, y] | s], a mean over the n_s records of s.
        m1 = q @ w
        var = np.maximum(q @ (w * w) - m1 * m1, 0.0) / ns[:, None]
        out["maximal_leakage"][i] = _tie_margin(m1, var, kappa, 1.0 / (ns * ns))
        # Bayes error: p(x, y) = p(x) W[x, y], cells of one multinomial.
        joint = p_x[:, None] * w
        var_xy = (w * w * p_x[:, None] * (1.0 - p_x[:, None])) / n
        out["hamming_distortion"][i] = _tie_margin(
            joint, var_xy, kappa, x_floor, covariance=True, n=n
        )
    return out


def tie_orders(alphas: Sequence[float]) -> dict[str, float]:
    """Return the Sibson columns widened at ties, each with its order (above the threshold).

    Examples
    --------
    >>> tie_orders([0.5, 2.0, 10.0, float("inf")])
    {'sibson_10': 10.0, 'sibson_inf': inf}
    """
    return {sibson_column(a): float(a) for a in alphas if a > SIBSON_TIE_ORDER}


def tie_margin(
    name: str, margins: Mapping[str, NDArray[np.float64]], orders: Mapping[str, float]
) -> NDArray[np.float64] | None:
    """Return the margin ``name`` widens by at ties (:func:`tie_margins`), None if it does not.

    A Sibson column of :func:`tie_orders` takes maximal leakage's margin.
    """
    if name in orders:
        return margins["maximal_leakage"]
    return margins.get(name) if name in MAX_COLUMNS else None


def widen(
    name: str,
    low: NDArray[np.float64],
    high: NDArray[np.float64],
    margin: NDArray[np.float64],
    *,
    ln_b: float,
    high_end: NDArray[np.float64] | float,
    order: float = math.inf,
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Widen the interval of a max-type column by its tie margin (:func:`tie_margins`).

    Maximal leakage ``log Σ`` (in the unit of ``ln_b``, the logarithm of the base) widens on
    ``Σ ≥ 1``; Sibson's ``I_α = α/(α − 1) log Σ_α`` (``order`` α, a column of
    :func:`tie_orders`) likewise on ``Σ_α ≥ 1``, the sum of power means that is at most
    ``Σ`` and whose tie bias is at most that of ``Σ``; the errors widen on themselves, within
    ``[0, high_end]``.

    Examples
    --------
    >>> lo, hi = widen("maximal_leakage", np.array([0.5]), np.array([0.7]), np.array([0.1]),
    ...                ln_b=math.log(2), high_end=1.0)
    >>> round(float(lo[0]), 4), round(float(hi[0]), 4)
    (0.3942, 0.7)
    >>> lo, _ = widen("sibson_10", np.array([0.5]), np.array([0.7]), np.array([0.1]),
    ...               ln_b=math.log(2), high_end=1.0, order=10.0)
    >>> round(float(lo[0]), 4)
    0.3781
    """
    if name == "maximal_leakage" or name.startswith("sibson_"):
        f = 1.0 if math.isinf(order) else (order - 1.0) / order
        lo = np.log(np.maximum(np.exp(low * ln_b * f) - margin, 1.0)) / (ln_b * f)
    else:
        # The errors are 1 − (a sum of maxima): biased downwards where the maxima are tied.
        high = high + margin
        lo = low
    return np.clip(lo, 0.0, high_end), np.clip(high, 0.0, high_end)


def widen_tied(
    name: str,
    low: NDArray[np.float64],
    high: NDArray[np.float64],
    margins: Mapping[str, NDArray[np.float64]],
    orders: Mapping[str, float],
    *,
    ln_b: float,
    high_end: NDArray[np.float64] | float,
) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.bool_]]:
    """Widen the column ``name``'s intervals where a tie may bias it; return them and where.

    :func:`tie_margin` picks the margin (none for a column that is not widened at ties);
    :func:`widen` applies it where it is positive. Returns ``(low, high, tied)``.
    """
    margin = tie_margin(name, margins, orders)
    if margin is None:
        return low, high, np.zeros(np.shape(low), dtype=bool)
    wide_low, wide_high = widen(
        name,
        low,
        high,
        margin,
        ln_b=ln_b,
        high_end=high_end,
        order=orders.get(name, math.inf),
    )
    tied = margin > 0
    return np.where(tied, wide_low, low), np.where(tied, wide_high, high), tied


def widen_frame(
    frame: pd.DataFrame,
    counts: NDArray[np.int64],
    mechanisms: Sequence[Mechanism],
    bounds: Mapping[str, NDArray[np.float64]],
    *,
    ln_b: float,
    alphas: Sequence[float] = (),
) -> None:
    """Widen, in place, the ``<column>_low``/``_high`` of every max-type column of ``frame``.

    ``frame`` has one row per mechanism (as :func:`nsp.notions.evaluate_many`); ``bounds``
    are the columns' largest values (:func:`nsp._resampling._bootstrap.upper_bounds`); the
    Sibson columns of :func:`tie_orders` of ``alphas`` are widened too.
    """
    margins = tie_margins(counts, mechanisms)
    orders = tie_orders(alphas)
    for name in [*MAX_COLUMNS, *orders]:
        if f"{name}_low" not in frame.columns:
            continue
        low, high, _ = widen_tied(
            name,
            frame[f"{name}_low"].to_numpy(dtype=float),
            frame[f"{name}_high"].to_numpy(dtype=float),
            margins,
            orders,
            ln_b=ln_b,
            high_end=bounds[name],
        )
        frame[f"{name}_low"], frame[f"{name}_high"] = low, high
