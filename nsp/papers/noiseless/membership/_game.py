"""The implementation of :mod:`nsp.papers.noiseless.membership`: import its names from there."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.figure import Figure
from numpy.typing import ArrayLike, NDArray
from scipy.signal import find_peaks
from tqdm.auto import tqdm

from nsp._dask import is_dask_frame
from nsp._validation import (
    as_real_array,
    check_bool,
    check_choice,
    check_frame,
    check_int,
    check_real,
    trusted,
)
from nsp.datasets import daily_totals
from nsp.noiseless import (
    LinearQuantizer,
    QuantizerOutput,
    QuantizerRule,
    levels,
    realized_epsilon,
)

__all__ = [
    "advantage_view",
    "AUSGRID_HOUSEHOLDS",
    "AUSGRID_WINDOW",
    "BIAS_RELEASES",
    "NEGLIGIBLE_ADVANTAGE",
    "POLICIES",
    "advantage",
    "advantage_curves",
    "complete_days_matrix",
    "correlation_bias",
    "daily_matrix",
    "draw_games",
    "meter_range",
    "play",
    "quantizer_levels",
]

#: The adversary's guessing policies, in the order of Fig. 3's panels.
POLICIES: tuple[str, ...] = ("correlation", "mse", "peaks")

#: The paper's data: Ausgrid's solar homes, July 2012 – June 2013 (first and last day).
AUSGRID_WINDOW: tuple[str, str] = ("2012-07-01", "2013-06-30")
#: Number of Ausgrid solar homes in the paper's data.
AUSGRID_HOUSEHOLDS: int = 300
#: (n, ε) at which the paper reports a negligible advantage for every policy.
NEGLIGIBLE_ADVANTAGE: tuple[tuple[int, float], ...] = ((4, 2.0), (8, 3.0))

_RULES = ("paper", "safe")


def meter_range(
    *, amps: float = 100.0, volts: float = 230.0, phases: int = 1, hours: float = 24.0
) -> tuple[float, float]:
    """Range of the energy a domestic meter can register in ``hours``: ``[0, phases·V·A·h]``.

    A bound a curator can fix before seeing any data, as Theorem 8 needs: the meter's maximum
    current at the nominal voltage, drawn for the whole period. The defaults are a single-phase
    Australian domestic connection (230 V nominal, 100 A maximum current) over a day: 552 kWh.

    Parameters
    ----------
    amps : float
        Maximum current per phase in A, ``> 0``.
    volts : float
        Nominal phase voltage in V, ``> 0``.
    phases : int
        Number of phases, ``1..3``.
    hours : float
        Length of the period in hours, ``> 0``.

    Returns
    -------
    (float, float)
        ``(0, maximum energy in kWh)``.

    See Also
    --------
    quantizer_levels : The levels on this range.

    Examples
    --------
    >>> meter_range()
    (0.0, 552.0)
    >>> meter_range(amps=63, phases=3)
    (0.0, 1043.28)
    """
    amps = check_real("amps", amps, low=0.0, closed="right")
    volts = check_real("volts", volts, low=0.0, closed="right")
    phases = check_int("phases", phases, low=1, high=3)
    hours = check_real("hours", hours, low=0.0, closed="right")
    return 0.0, round(phases * volts * amps * hours / 1000, 9)


def _check_bounds(bounds: Any, X: NDArray[np.float64]) -> tuple[float, float]:
    """``bounds`` as a checked pair ``lo < hi`` holding every value of ``X``; None → data's."""
    if bounds is None:
        return 0.0, float(X.max())
    if isinstance(bounds, str) or not isinstance(bounds, Sequence) or len(bounds) != 2:
        raise ValueError(f"bounds must be a pair (lo, hi); got {bounds!r}")
    lo = check_real("bounds[0]", bounds[0])
    hi = check_real("bounds[1]", bounds[1])
    if not lo < hi:
        raise ValueError(f"bounds must have lo < hi; got ({lo:g}, {hi:g})")
    if X.min() < lo or X.max() > hi:
        raise ValueError(
            f"bounds ({lo:g}, {hi:g}) must hold every value of X (which spans "
            f"{X.min():g} to {X.max():g})"
        )
    return lo, hi


_OUTPUTS = ("midpoint", "index", "left")


def daily_matrix(frame: pd.DataFrame, *, min_complete_days: int = 350) -> pd.DataFrame:
    """Return the households × days matrix of daily consumption (kWh) of a smart-meter frame.

    A day counts only when all 48 half-hours are present. Households with fewer than
    ``min_complete_days`` complete days are dropped, then only the days complete for every
    kept household are kept, so the matrix has no gaps.

    Parameters
    ----------
    frame : pandas.DataFrame or dask.dataframe.DataFrame
        Columns ``customer``, ``timestamp``, ``kwh`` (as returned by
        :func:`nsp.datasets.load_smart_meter`, one channel). A Dask frame (e.g.
        ``load_smart_meter(engine="dask", path=...)``) is reduced out of core
        (:func:`nsp.datasets.daily_totals` with ``engine="dask"``); the result is the same.
    min_complete_days : int
        Threshold on complete days per household, ``>= 1``.

    Returns
    -------
    pandas.DataFrame
        Index: customer; columns: days (datetime64); values: kWh per day.

    Raises
    ------
    ValueError
        If the frame misses a column, or fewer than 2 households or no common day remain.

    See Also
    --------
    complete_days_matrix : From the daily totals, complete days only.
    """
    min_complete_days = check_int("min_complete_days", min_complete_days, low=1)
    totals = daily_totals(frame, engine="dask" if is_dask_frame(frame) else "pandas")
    return complete_days_matrix(totals, min_complete_days=min_complete_days)


def complete_days_matrix(totals: pd.DataFrame, *, min_complete_days: int = 350) -> pd.DataFrame:
    """Return the households × days matrix of daily totals: complete days, common to all kept.

    Parameters
    ----------
    totals : pandas.DataFrame
        The output of :func:`nsp.datasets.daily_totals` (index customer, day; columns ``sum``,
        ``count``).
    min_complete_days : int
        Threshold on complete days (48 readings) per household, ``>= 1``.

    Returns
    -------
    pandas.DataFrame
        Index: customer; columns: days (datetime64); values: kWh per day.

    Raises
    ------
    ValueError
        If fewer than 2 households or no common day remain.

    See Also
    --------
    daily_matrix : From a tidy smart-meter frame.
    nsp.datasets.daily_totals : The totals.

    Examples
    --------
    >>> days = pd.to_datetime(["2012-07-01", "2012-07-02"])
    >>> idx = pd.MultiIndex.from_product([["a", "b"], days])
    >>> t = pd.DataFrame({"sum": [1.0, 2.0, 3.0, 4.0], "count": [48, 48, 48, 47]}, index=idx)
    >>> complete_days_matrix(t, min_complete_days=1).to_numpy().tolist()
    [[1.0], [3.0]]
    """
    min_complete_days = check_int("min_complete_days", min_complete_days, low=1)
    if not isinstance(totals, pd.DataFrame) or not {"sum", "count"} <= set(totals.columns):
        raise ValueError("totals must come from daily_totals (columns sum and count)")
    agg = totals[totals["count"] == 48]["sum"].unstack()
    kept = agg[agg.notna().sum(axis=1) >= min_complete_days]
    kept = kept.loc[:, kept.notna().all(axis=0)]
    if len(kept) < 2 or kept.shape[1] == 0:
        raise ValueError(
            f"only {len(kept)} household(s) with >= {min_complete_days} complete days and "
            f"{kept.shape[1]} common days; lower min_complete_days"
        )
    kept.index.name, kept.columns.name = "customer", "day"
    return kept


def _pearson_rows(a: NDArray[np.float64], b: NDArray[np.float64]) -> NDArray[np.float64]:
    """Row-wise Pearson correlation; NaN where a row is constant."""
    a = a - a.mean(axis=1, keepdims=True)
    b = b - b.mean(axis=1, keepdims=True)
    den = np.sqrt((a * a).sum(axis=1) * (b * b).sum(axis=1))
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(den > 0, (a * b).sum(axis=1) / np.where(den > 0, den, 1), np.nan)


def _peak_sets(rows: NDArray[np.float64]) -> list[NDArray[np.intp]]:
    return [find_peaks(r)[0] for r in rows]


def _match_counts(
    peaks_x: NDArray[np.intp], peaks_y: list[NDArray[np.intp]], tolerance: int
) -> NDArray[np.intp]:
    out = np.empty(len(peaks_y), dtype=np.intp)
    for g, py in enumerate(peaks_y):
        if tolerance == 0:
            out[g] = np.intersect1d(peaks_x, py, assume_unique=True).size
        else:
            out[g] = sum(bool(np.any(np.abs(py - p) <= tolerance)) for p in peaks_x)
    return out


def _decide(
    score0: NDArray[Any], score1: NDArray[Any], coin: NDArray[np.bool_], *, larger: bool
) -> NDArray[np.intp]:
    """Guess 0 or 1 by comparing scores; ties or undefined scores (NaN) → the coin."""
    s0, s1 = (score0, score1) if larger else (-score0, -score1)
    guess = np.where(s1 > s0, 1, 0)
    undecided = ~np.isfinite(s0) | ~np.isfinite(s1) | (s0 == s1)
    return np.where(undecided, coin.astype(np.intp), guess)


def _check_consumption(X: ArrayLike) -> NDArray[np.float64]:
    arr = as_real_array(X, name="X", allow_bool=False)
    if arr.ndim != 2 or arr.shape[0] < 3 or arr.shape[1] < 3:
        raise ValueError(
            f"X must be households × time with at least 3 of each; got shape {arr.shape}"
        )
    if np.any(~np.isfinite(arr)) or np.any(arr < 0):
        raise ValueError("X must hold finite, non-negative consumption values")
    return arr


def draw_games(n_households: int, n: int, n_games: int, *, seed: int) -> dict[str, NDArray[Any]]:
    """Random games: the pair ``(i0, i1)``, the secret ``j``, ``n − 1`` others and coins per game.

    The others are drawn without replacement from the households other than ``i0`` and ``i1``.

    Parameters
    ----------
    n_households : int
        Number of households to draw from.
    n : int
        Group size, ``1 <= n <= n_households − 1``.
    n_games : int
        Number of games, ``1..10**7``.
    seed : int
        Seed of the draws, ``>= 0``.

    Returns
    -------
    dict
        ``pairs`` (games × 2), ``secret`` (games), ``others`` (games × (n − 1)) and ``coins``
        (games × policies, bool) as arrays.

    See Also
    --------
    play : Play them.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy", arXiv:1910.13027, 2019, §V-A and Fig. 2.

    Examples
    --------
    >>> games = draw_games(10, 4, 5, seed=0)
    >>> games["pairs"].shape, games["others"].shape
    ((5, 2), (5, 3))
    """
    n_households = check_int("n_households", n_households, low=2)
    n = check_int("n", n, low=1)
    n_games = check_int("n_games", n_games, low=1, high=10**7)
    seed = check_int("seed", seed, low=0)
    if n + 1 > n_households:
        raise ValueError(
            f"group size n={n} needs at least n+1={n + 1} households; have {n_households}"
        )
    rng = np.random.default_rng(seed)
    pairs = np.stack([rng.choice(n_households, size=2, replace=False) for _ in range(n_games)])
    others = np.empty((n_games, n - 1), dtype=np.intp)
    for g in range(n_games):
        pool = np.setdiff1d(np.arange(n_households), pairs[g])
        others[g] = rng.choice(pool, size=n - 1, replace=False)
    return {
        "pairs": pairs,
        "secret": rng.integers(0, 2, size=n_games),
        "others": others,
        "coins": rng.integers(0, 2, size=(n_games, len(POLICIES))).astype(bool),
    }


def _check_games(games: Mapping[str, Any], n: int, n_households: int) -> None:
    if not isinstance(games, Mapping):
        raise ValueError(f"games must be the dict of draw_games; got {type(games).__name__}")
    missing = {"pairs", "secret", "others", "coins"} - set(games)
    if missing:
        raise ValueError(f"games must come from draw_games (missing {sorted(missing)})")
    others = np.asarray(games["others"])
    if others.ndim != 2 or others.shape[1] != n - 1:
        raise ValueError(
            f"games were drawn for groups of {others.shape[-1] + 1}, not n={n}; draw them again"
        )
    pairs = np.asarray(games["pairs"])
    if pairs.size and (pairs.max() >= n_households or others.size and others.max() >= n_households):
        raise ValueError(f"games name households beyond the {n_households} rows of X")


def play(
    X: ArrayLike,
    n: int,
    epsilon: float,
    games: Mapping[str, NDArray[Any]],
    *,
    rule: QuantizerRule = "paper",
    output: QuantizerOutput = "midpoint",
    bounds: tuple[float, float] | None = None,
    peak_tolerance: int = 0,
) -> dict[str, int]:
    """Play the drawn ``games`` at budget ``epsilon``; the number of wins per policy.

    Parameters
    ----------
    X : array_like
        Households × time consumption, finite and non-negative.
    n : int
        Group size the games were drawn for.
    epsilon : float
        Budget in bits per release, ``>= 0``; ``math.inf`` releases the exact average.
    games : dict
        The games of :func:`draw_games`.
    rule : {"paper", "safe"}
        Theorem 8's level rule.
    output : {"midpoint", "index", "left"}
        The released symbol of a bin.
    bounds : (float, float), optional
        The quantizer's range ``lo < hi``, holding every value of ``X`` (default the data's
        own ``(0, max X)``; :func:`meter_range` gives one fixed in advance).
    peak_tolerance : int
        Peaks match within this many steps, ``>= 0``.

    Returns
    -------
    dict of str to int
        Wins of each policy of :data:`POLICIES`.

    See Also
    --------
    draw_games : The games.
    advantage : The advantage of the wins.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy", arXiv:1910.13027, 2019, §V-A and Fig. 2.
    """
    X = _check_consumption(X)
    n = check_int("n", n, low=1)
    epsilon = check_real("epsilon", epsilon, low=0.0, allow_inf=True)
    check_choice("rule", rule, _RULES)
    check_choice("output", output, _OUTPUTS)
    peak_tolerance = check_int("peak_tolerance", peak_tolerance, low=0)
    _check_games(games, n, X.shape[0])
    pairs, secret, others, coins = games["pairs"], games["secret"], games["others"], games["coins"]
    # The group's average, accumulated one member at a time (games × T in memory, not × n).
    y = X[pairs[np.arange(len(secret)), secret]].copy()
    for k in range(others.shape[1]):
        y += X[others[:, k]]
    y /= n
    lo, hi = _check_bounds(bounds, X)
    if math.isfinite(epsilon):
        q = quantizer_levels(epsilon, n, lo, hi, rule=rule)
        y = LinearQuantizer(lo, hi, q, output=output)(y)
    x0, x1 = X[pairs[:, 0]], X[pairs[:, 1]]
    guesses = {
        "correlation": _decide(
            _pearson_rows(x0, y), _pearson_rows(x1, y), coins[:, 0], larger=True
        ),
        "mse": _decide(
            np.linalg.norm(x0 - y, axis=1),
            np.linalg.norm(x1 - y, axis=1),
            coins[:, 1],
            larger=False,
        ),
    }
    peaks_y = _peak_sets(y)
    peaks_h = {h: find_peaks(X[h])[0] for h in np.unique(pairs)}
    m0 = np.array(
        [
            _match_counts(peaks_h[h], [py], peak_tolerance)[0]
            for h, py in zip(pairs[:, 0], peaks_y, strict=True)
        ]
    )
    m1 = np.array(
        [
            _match_counts(peaks_h[h], [py], peak_tolerance)[0]
            for h, py in zip(pairs[:, 1], peaks_y, strict=True)
        ]
    )
    guesses["peaks"] = _decide(m0.astype(float), m1.astype(float), coins[:, 2], larger=True)
    return {p: int(np.sum(guesses[p] == secret)) for p in POLICIES}


def quantizer_levels(
    epsilon: float, n: int, lo: float, hi: float, *, rule: QuantizerRule = "paper"
) -> int:
    """Return the levels of the average-query quantizer: Theorem 8 with ``S = (hi − lo)/n``.

    Parameters
    ----------
    epsilon : float
        Budget in bits, finite and ``>= 0``.
    n : int
        Number of households averaged, ``>= 1``.
    lo, hi : float
        The quantizer's range, ``lo < hi``.
    rule : {"paper", "safe"}
        Theorem 8's level rule.

    Returns
    -------
    int
        The number of levels (``⌊n 2^ε⌋`` with the paper's rule at integer ε).

    See Also
    --------
    meter_range : The range quantized.
    nsp.noiseless.levels : Theorem 8's levels.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy", arXiv:1910.13027, 2019, Theorem 8.

    Examples
    --------
    >>> quantizer_levels(2, 4, 0.0, 1.0), quantizer_levels(2, 4, 0.0, 1.0, rule="safe")
    (16, 12)
    """
    n = check_int("n", n, low=1)
    check_real("lo", lo)
    check_real("hi", hi)
    return int(levels(epsilon, (hi - lo) / n, lo, hi, rule=rule))


def advantage(wins: int, n_games: int) -> float:
    """Return the adversary's advantage ``Adv = 2 |wins / n_games − ½|``.

    Parameters
    ----------
    wins : int
        Games won, ``0 <= wins <= n_games``.
    n_games : int
        Games played, ``>= 1``.

    Returns
    -------
    float
        The advantage, in ``[0, 1]``.

    See Also
    --------
    play : The games whose wins it turns into an advantage.
    advantage_curves : Against ε.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy", arXiv:1910.13027, 2019, §V-A.

    Examples
    --------
    >>> advantage(750, 1000)
    0.5
    """
    n_games = check_int("n_games", n_games, low=1)
    wins = check_int("wins", wins, low=0, high=n_games)
    return 2 * abs(wins / n_games - 0.5)


def advantage_curves(
    X: ArrayLike,
    *,
    group_sizes: Sequence[int] = (2, 4, 8, 16),
    epsilons: Sequence[float] = tuple(range(1, 11)),
    n_games: int = 1000,
    rule: QuantizerRule = "paper",
    output: QuantizerOutput = "midpoint",
    bounds: tuple[float, float] | None = None,
    include_nonprivate: bool = True,
    peak_tolerance: int = 0,
    seed: int = 0,
    progress: bool = True,
) -> pd.DataFrame:
    """Advantage of each policy against ε for each group size (Fig. 3).

    The same games (pairs, secrets, groups, coins) are replayed at every ε of a group size, so
    the curves differ only through the quantizer.

    Parameters
    ----------
    X : array_like
        Households × time consumption (at least 3 × 3), finite and non-negative.
    group_sizes : sequence of int
        Group sizes ``n``, each ``>= 1`` and below the number of households.
    epsilons : sequence of float
        Budgets in bits per release, finite and ``>= 0``.
    n_games : int
        Games per group size, ``1..10**7``.
    rule : {"paper", "safe"}
        Theorem 8's level rule.
    output : {"midpoint", "index", "left"}
        The released symbol of a bin.
    bounds : (float, float), optional
        The quantizer's range ``lo < hi``, holding every value of ``X``: by default the
        data's own ``(0, max X)``, which a curator cannot know in advance; :func:`meter_range`
        gives a range fixed before seeing the data. ``q`` is the same for every range, the bin
        width ``(hi − lo)/q`` is not.
    include_nonprivate : bool
        Also play without quantization (``epsilon = inf``).
    peak_tolerance : int
        Peaks match within this many steps, ``>= 0``.
    seed : int
        Seed of the games, ``>= 0``.
    progress : bool
        Show a progress bar.

    Returns
    -------
    pandas.DataFrame
        Columns ``n, epsilon, lo, hi, q, realized_epsilon, policy, wins, n_games, advantage``;
        ``epsilon = inf`` (``q = 0``) is the non-private reference.

    See Also
    --------
    advantage : At one budget.
    advantage_view : Draw one budget.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy", arXiv:1910.13027, 2019, §V-A and Fig. 3.
    """
    X = _check_consumption(X)
    sizes = [check_int("group_sizes", g, low=1) for g in group_sizes]
    eps_given = [check_real("epsilons", e, low=0.0) for e in epsilons]
    n_games = check_int("n_games", n_games, low=1, high=10**7)
    check_choice("rule", rule, _RULES)
    check_choice("output", output, _OUTPUTS)
    include_nonprivate = check_bool("include_nonprivate", include_nonprivate)
    peak_tolerance = check_int("peak_tolerance", peak_tolerance, low=0)
    seed = check_int("seed", seed, low=0)
    progress = check_bool("progress", progress)
    lo, hi = _check_bounds(bounds, X)
    eps_list = [e for e, _ in zip(epsilons, eps_given, strict=True)]
    eps_list += [math.inf] if include_nonprivate else []
    rows = []
    for n in tqdm(sizes, desc="group sizes", disable=not progress):
        games = draw_games(
            X.shape[0], n, n_games, seed=int(np.random.SeedSequence([seed, n]).generate_state(1)[0])
        )
        for eps in eps_list:
            wins = play(
                X,
                n,
                eps,
                games,
                rule=rule,
                output=output,
                bounds=(lo, hi),
                peak_tolerance=peak_tolerance,
            )
            q = quantizer_levels(eps, n, lo, hi, rule=rule) if math.isfinite(eps) else 0
            real = realized_epsilon(q, (hi - lo) / n, lo, hi) if math.isfinite(eps) else math.inf
            for policy, w in wins.items():
                rows.append(
                    {
                        "n": n,
                        "epsilon": eps,
                        "lo": lo,
                        "hi": hi,
                        "q": q,
                        "realized_epsilon": real,
                        "policy": policy,
                        "wins": w,
                        "n_games": n_games,
                        "advantage": advantage(w, n_games),
                    }
                )
    return pd.DataFrame(rows)


#: The releases :func:`correlation_bias` hands the correlation policy, in the rows' order.
BIAS_RELEASES: tuple[str, ...] = (
    "exact average",
    "quantized",
    "quantized, grid shifted by half a bin",
    "exact average clipped to the modal bin",
    "exact average beyond the modal bin",
    "exact average minus its moving mean",
    "moving mean of the exact average",
)


def _moving_mean(y: NDArray[np.float64], window: int) -> NDArray[np.float64]:
    """Centred moving mean of each row over ``window`` steps (fewer at the ends)."""
    half = window // 2
    padded = np.zeros((y.shape[0], y.shape[1] + 1))
    np.cumsum(y, axis=1, out=padded[:, 1:])
    t = np.arange(y.shape[1])
    start = np.maximum(t - half, 0)
    stop = np.minimum(t + window - half, y.shape[1])
    return (padded[:, stop] - padded[:, start]) / (stop - start)


def _row_modes(index: NDArray[np.intp]) -> NDArray[np.intp]:
    """Return the most frequent value of each row of non-negative integers (ties: the smallest)."""
    low = index.min(axis=1, keepdims=True)
    span = int((index - low).max()) + 1
    if index.shape[0] * span > 10**7:
        return np.array([np.bincount(row).argmax() for row in index])
    rows = np.arange(index.shape[0])[:, None] * span
    counts = np.bincount((rows + index - low).ravel(), minlength=index.shape[0] * span)
    return counts.reshape(-1, span).argmax(axis=1) + low[:, 0]


def _bias_releases(
    y: NDArray[np.float64], quantizer: LinearQuantizer, window: int
) -> list[NDArray[np.float64]]:
    """Return the releases of :data:`BIAS_RELEASES` made from the exact averages ``y``."""
    width = float(quantizer.width)
    lo, hi = float(quantizer.lo), float(quantizer.hi)
    shifted = LinearQuantizer(lo - width / 2, hi + width / 2, quantizer.q + 1)
    index = quantizer.index(y)
    modal = _row_modes(np.asarray(index, dtype=np.intp))
    a = (lo + modal * width)[:, None]
    inside = np.clip(y, a, a + width)
    seasonal = _moving_mean(y, window)
    return [y, quantizer(y), shifted(y), inside, y - inside, y - seasonal, seasonal]


def correlation_bias(
    X: ArrayLike,
    *,
    n: int,
    epsilon: float,
    bounds: tuple[float, float] | None = None,
    rule: QuantizerRule = "paper",
    window: int = 31,
    n_games: int = 20_000,
    seed: int = 0,
) -> pd.DataFrame:
    """Hand the correlation policy transforms of the release: when quantizing helps it, and why.

    The correlation policy names the household whose series correlates more with the release.
    Part of that correlation is shared by every household (the season moves them all), so on a
    given pair the policy may name the same household whichever of the two is in the group.
    To see this, each drawn game (pair, ``n − 1`` others) is played in both worlds, ``j = 0``
    and ``j = 1``, and scored: right both times, the same household named both times (the
    pair's bias wins over the member's own contribution) or wrong both times. The advantage
    ``both_right − both_wrong`` (a tie or an undefined correlation counts as the coin, a half)
    is the game's advantage averaged exactly over the secret.

    The policy is handed seven releases (:data:`BIAS_RELEASES`), all functions of the exact
    group average ``y``: ``y`` itself; Theorem 8's quantizer ``Q(y)`` (bin midpoints); the
    same quantizer with its grid shifted by half a bin; ``y`` clipped to the game's modal bin
    ``[a, a + Δ)`` (the bin of ``Q`` holding most days: what ``Q`` flattens) and what lies
    beyond it, ``y − clip(y, a, a + Δ)``; ``y`` minus its centred moving mean over
    ``window`` releases, and that moving mean (the seasonal part).

    Parameters
    ----------
    X : array_like
        Households × time consumption (at least 3 × 3), finite and non-negative.
    n : int
        Group size, ``1 <= n <= households − 1``.
    epsilon : float
        Budget in bits per release, finite and ``>= 0``.
    bounds : (float, float), optional
        The quantizer's range, as in :func:`play` (default the data's own ``(0, max X)``).
    rule : {"paper", "safe"}
        Theorem 8's level rule.
    window : int
        Length of the moving mean in releases, ``3 <= window <= T``.
    n_games : int
        Games (pairs with their groups), ``1..10**6``.
    seed : int
        Seed of the games (:func:`draw_games`), ``>= 0``.

    Returns
    -------
    pandas.DataFrame
        One row per release: ``release``, ``n``, ``epsilon``, ``q``, ``width`` (the bin width),
        ``seasonal_share`` (the squared correlation of the release with the moving mean of the
        exact average, averaged over the games: how much of its variation is the season), the
        shares ``both_right``, ``same_name``, ``both_wrong`` and ``undecided`` (a tie in at
        least one world), ``advantage`` and its standard error ``se``, ``excess`` (advantage
        minus the exact average's, on the same games) and its paired standard error
        ``excess_se``.

    Examples
    --------
    Eight households follow one season with amplitudes 1 to 8 and add their own noise: on the
    exact average the policy mostly names the more seasonal household of a pair; once the season
    is removed it finds the member almost always:

    >>> season = 1 + np.cos(2 * np.pi * np.arange(120) / 120)
    >>> noise = np.random.default_rng(0).exponential(1, (8, 120))
    >>> X = 5 + np.arange(1, 9)[:, None] * season + noise
    >>> d = correlation_bias(X, n=4, epsilon=2, window=15, n_games=400, seed=1)
    >>> d.set_index("release").loc["exact average", ["both_right", "same_name"]].round(2).tolist()
    [0.24, 0.76]
    >>> float(d.set_index("release").loc["exact average minus its moving mean", "advantage"])
    0.9975
    """
    X = _check_consumption(X)
    n = check_int("n", n, low=1)
    epsilon = check_real("epsilon", epsilon, low=0.0)
    check_choice("rule", rule, _RULES)
    window = check_int("window", window, low=3, high=X.shape[1])
    n_games = check_int("n_games", n_games, low=1, high=10**6)
    seed = check_int("seed", seed, low=0)
    lo, hi = _check_bounds(bounds, X)
    if n + 1 > X.shape[0]:
        raise ValueError(f"n={n} needs at least n+1={n + 1} households; X has {X.shape[0]}")
    with trusted():
        games = draw_games(X.shape[0], n, n_games, seed=seed)
        q = quantizer_levels(epsilon, n, lo, hi, rule=rule)
    quantizer = LinearQuantizer(lo, hi, q)
    pairs, others = games["pairs"], games["others"]
    rest = np.zeros((n_games, X.shape[1]))
    for k in range(others.shape[1]):
        rest += X[others[:, k]]
    x0, x1 = X[pairs[:, 0]], X[pairs[:, 1]]
    # right[w][r]: 1 if release r names the member in world w, 0 if the other, ½ if undecided.
    right = []
    seasonal = np.zeros(len(BIAS_RELEASES))
    for world in (0, 1):
        member = (x0, x1)[world]
        y = (member + rest) / n
        scored = []
        season = _moving_mean(y, window)
        for r, release in enumerate(_bias_releases(y, quantizer, window)):
            with np.errstate(all="ignore"):
                seasonal[r] += np.nanmean(_pearson_rows(release, season) ** 2) / 2
            c0, c1 = _pearson_rows(x0, release), _pearson_rows(x1, release)
            named_1 = np.where(c1 > c0, 1.0, 0.0)
            undecided = ~np.isfinite(c0) | ~np.isfinite(c1) | (c0 == c1)
            scored.append(np.where(undecided, 0.5, named_1 if world == 1 else 1.0 - named_1))
        right.append(scored)
    score0 = None
    rows = []
    for r, name in enumerate(BIAS_RELEASES):
        r0, r1 = right[0][r], right[1][r]
        score = r0 + r1 - 1.0  # per game: +1 right twice, −1 wrong twice, 0 the same name
        score0 = score if score0 is None else score0
        rows.append(
            {
                "release": name,
                "n": n,
                "epsilon": epsilon,
                "q": q,
                "width": float(quantizer.width),
                "seasonal_share": float(seasonal[r]),
                "both_right": float(np.mean((r0 == 1) & (r1 == 1))),
                "same_name": float(np.mean(((r0 == 1) & (r1 == 0)) | ((r0 == 0) & (r1 == 1)))),
                "both_wrong": float(np.mean((r0 == 0) & (r1 == 0))),
                "undecided": float(np.mean((r0 == 0.5) | (r1 == 0.5))),
                "advantage": float(score.mean()),
                "se": float(score.std(ddof=1) / math.sqrt(n_games)) if n_games > 1 else math.nan,
                "excess": float((score - score0).mean()),
                "excess_se": float((score - score0).std(ddof=1) / math.sqrt(n_games))
                if n_games > 1
                else math.nan,
            }
        )
    return pd.DataFrame(rows)


def advantage_view(curves: pd.DataFrame, epsilon: float = 2) -> Figure:
    """Draw the adversary's advantage at one budget, per policy and group size.

    Bars give the advantage at ``epsilon``; dots the advantage without privacy. A view for
    :func:`nsp.interactive.explore` (a slider over the budgets of ``curves``), reading the games
    already played.

    Parameters
    ----------
    curves : pandas.DataFrame
        From :func:`advantage_curves`: columns ``n``, ``epsilon`` (``inf`` = no privacy),
        ``policy`` and ``advantage``.
    epsilon : float
        One of the budgets of ``curves`` (bits per release).

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    ValueError
        If ``curves`` holds no game at ``epsilon``.

    See Also
    --------
    advantage_curves : Against ε.

    Examples
    --------
    >>> curves = pd.DataFrame({"n": [2, 2], "epsilon": [2.0, math.inf],
    ...                        "policy": ["mse", "mse"], "advantage": [0.1, 0.4]})
    >>> advantage_view(curves, 2).axes[0].get_title()
    'ε = 2 bits per release'
    """
    epsilon = check_real("epsilon", epsilon, low=0.0)
    check_frame("curves", curves, what="the DataFrame of advantage_curves")
    at = curves[curves.epsilon == epsilon]
    if at.empty:
        raise ValueError(f"curves holds no game at epsilon = {epsilon:g}")
    free = curves[~np.isfinite(curves.epsilon)]
    sizes = sorted(at.n.unique())
    policies = [p for p in POLICIES if p in set(at.policy)]
    width = 0.8 / len(sizes)
    fig, ax = plt.subplots(figsize=(6.4, 3.8))
    for k, n in enumerate(sizes):
        xs = np.arange(len(policies)) + (k - (len(sizes) - 1) / 2) * width
        got = at[at.n == n].set_index("policy").advantage.reindex(policies)
        ax.bar(xs, got.to_numpy(), width, color=f"C{k}", label=f"n = {n}")
        ref = free[free.n == n].set_index("policy").advantage.reindex(policies)
        ax.plot(xs, ref.to_numpy(), "o", color="0.2", ms=4)
    ax.set_xticks(np.arange(len(policies)), policies)
    ax.set(ylabel="adversary's advantage (dots: no privacy)", ylim=(-0.02, 1.02))
    ax.set_title(f"ε = {epsilon:g} bits per release")
    ax.legend(fontsize=8)
    return fig
