"""The membership game on noiselessly-private aggregates (Farokhi, Sec. V-A, Figs. 2–3).

An adversary names two households ``i0, i1``; the curator secretly picks ``j ∈ {0, 1}``, adds
``n − 1`` other households and releases the quantized average consumption of the group, one
value per day. The adversary, who knows both households' series, guesses ``j``. The advantage
``Adv = 2 |P{ĵ = j} − ½|`` is estimated over many games for three guessing policies
(correlation, mean square error, matching peaks), against the privacy budget ε.

The quantizer follows Theorem 8: ``q = levels(ε, S = R/n, R)`` levels on ``[0, max X]``, with
the paper's rule by default (``q = ⌊n 2^ε⌋``, which really spends more than ε: ``log2(2^ε + 1)``
bits for integer ε; the realized budget is reported beside every point) or the corrected rule.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Literal

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray
from scipy.signal import find_peaks

from nsp.noiseless import LinearQuantizer, levels, realized_epsilon

POLICIES: tuple[str, ...] = ("correlation", "mse", "peaks")


def daily_matrix(frame: pd.DataFrame, *, min_complete_days: int = 350) -> pd.DataFrame:
    """Households × days matrix of daily consumption (kWh) from a tidy smart-meter frame.

    A day counts only when all 48 half-hours are present. Households with fewer than
    ``min_complete_days`` complete days are dropped, then only the days complete for every
    kept household are kept, so the matrix has no gaps.

    Parameters
    ----------
    frame : pandas.DataFrame
        Columns ``customer``, ``timestamp``, ``kwh`` (as returned by
        :func:`nsp.datasets.load_smart_meter`, one channel).
    min_complete_days : int
        Threshold on complete days per household.

    Returns
    -------
    pandas.DataFrame
        Index: customer; columns: days (datetime64); values: kWh per day.

    Raises
    ------
    ValueError
        If the frame misses a column, or fewer than 2 households or no common day remain.
    """
    missing = {"customer", "timestamp", "kwh"} - set(frame.columns)
    if missing:
        raise ValueError(
            f"frame must have columns customer, timestamp, kwh (missing {sorted(missing)})"
        )
    if "channel" in frame.columns and frame["channel"].nunique() > 1:
        raise ValueError("frame holds several channels; select one (e.g. channels=('GC',))")
    day = frame["timestamp"].dt.normalize()
    agg = frame.groupby([frame["customer"].astype(str), day], observed=True)["kwh"].agg(
        ["sum", "count"]
    )
    agg = agg[agg["count"] == 48]["sum"].unstack()
    kept = agg[agg.notna().sum(axis=1) >= min_complete_days]
    kept = kept.loc[:, kept.notna().all(axis=0)]
    if len(kept) < 2 or kept.shape[1] == 0:
        raise ValueError(
            f"only {len(kept)} household(s) with >= {min_complete_days} complete days and "
            f"{kept.shape[1]} common days; lower min_complete_days"
        )
    kept.index.name, kept.columns.name = "customer", "day"
    return kept


def _pearson_rows(a: NDArray, b: NDArray) -> NDArray:
    """Row-wise Pearson correlation; NaN where a row is constant."""
    a = a - a.mean(axis=1, keepdims=True)
    b = b - b.mean(axis=1, keepdims=True)
    den = np.sqrt((a * a).sum(axis=1) * (b * b).sum(axis=1))
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(den > 0, (a * b).sum(axis=1) / np.where(den > 0, den, 1), np.nan)


def _peak_sets(rows: NDArray) -> list[NDArray[np.intp]]:
    return [find_peaks(r)[0] for r in rows]


def _match_counts(
    peaks_x: NDArray[np.intp], peaks_y: list[NDArray[np.intp]], tolerance: int
) -> NDArray:
    out = np.empty(len(peaks_y), dtype=np.intp)
    for g, py in enumerate(peaks_y):
        if tolerance == 0:
            out[g] = np.intersect1d(peaks_x, py, assume_unique=True).size
        else:
            out[g] = sum(bool(np.any(np.abs(py - p) <= tolerance)) for p in peaks_x)
    return out


def _decide(
    score0: NDArray, score1: NDArray, coin: NDArray[np.bool_], *, larger: bool
) -> NDArray[np.intp]:
    """Guess 0 or 1 by comparing scores; ties or undefined scores (NaN) → the coin."""
    s0, s1 = (score0, score1) if larger else (-score0, -score1)
    guess = np.where(s1 > s0, 1, 0)
    undecided = ~np.isfinite(s0) | ~np.isfinite(s1) | (s0 == s1)
    return np.where(undecided, coin.astype(np.intp), guess)


def draw_games(n_households: int, n: int, n_games: int, *, seed: int) -> dict[str, NDArray]:
    """Random games: the pair ``(i0, i1)``, the secret ``j``, the ``n − 1`` others and a coin per game.

    The others are drawn without replacement from the households other than ``i0`` and ``i1``.
    """
    if n < 1:
        raise ValueError(f"group size n must be >= 1; got {n}")
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


def play(
    X: ArrayLike,
    n: int,
    epsilon: float,
    games: dict[str, NDArray],
    *,
    rule: Literal["paper", "safe"] = "paper",
    output: Literal["midpoint", "index", "left"] = "midpoint",
    bounds: tuple[float, float] | None = None,
    peak_tolerance: int = 0,
) -> dict[str, int]:
    """Play the drawn ``games`` at budget ``epsilon`` (``math.inf``: no quantization); wins per policy."""
    X = np.asarray(X, dtype=float)
    pairs, secret, others, coins = games["pairs"], games["secret"], games["others"], games["coins"]
    # The group's average, accumulated one member at a time (games × T in memory, not × n).
    y = X[pairs[np.arange(len(secret)), secret]].copy()
    for k in range(others.shape[1]):
        y += X[others[:, k]]
    y /= n
    if math.isfinite(epsilon):
        lo, hi = bounds if bounds is not None else (0.0, float(X.max()))
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
        [_match_counts(peaks_h[h], [py], peak_tolerance)[0] for h, py in zip(pairs[:, 0], peaks_y)]
    )
    m1 = np.array(
        [_match_counts(peaks_h[h], [py], peak_tolerance)[0] for h, py in zip(pairs[:, 1], peaks_y)]
    )
    guesses["peaks"] = _decide(m0.astype(float), m1.astype(float), coins[:, 2], larger=True)
    return {p: int(np.sum(guesses[p] == secret)) for p in POLICIES}


def quantizer_levels(
    epsilon: float, n: int, lo: float, hi: float, *, rule: Literal["paper", "safe"] = "paper"
) -> int:
    """Levels of the average-query quantizer: Theorem 8 with ``S = (hi − lo)/n``."""
    return int(levels(epsilon, (hi - lo) / n, lo, hi, rule=rule))


def advantage(wins: int, n_games: int) -> float:
    """``Adv = 2 |wins / n_games − ½|``."""
    if n_games < 1:
        raise ValueError("n_games must be >= 1")
    return 2 * abs(wins / n_games - 0.5)


def advantage_curves(
    X: ArrayLike,
    *,
    group_sizes: Sequence[int] = (2, 4, 8, 16),
    epsilons: Sequence[float] = tuple(range(1, 11)),
    n_games: int = 1000,
    rule: Literal["paper", "safe"] = "paper",
    output: Literal["midpoint", "index", "left"] = "midpoint",
    include_nonprivate: bool = True,
    peak_tolerance: int = 0,
    seed: int = 0,
    progress: bool = True,
) -> pd.DataFrame:
    """Advantage of each policy against ε for each group size (Fig. 3).

    The same games (pairs, secrets, groups, coins) are replayed at every ε of a group size, so
    the curves differ only through the quantizer.

    Returns
    -------
    pandas.DataFrame
        Columns ``n, epsilon, q, realized_epsilon, policy, wins, n_games, advantage``;
        ``epsilon = inf`` (``q = 0``) is the non-private reference.
    """
    from tqdm.auto import tqdm

    X = np.asarray(X, dtype=float)
    if X.ndim != 2 or X.shape[0] < 3 or X.shape[1] < 3:
        raise ValueError(
            f"X must be households × time with at least 3 of each; got shape {X.shape}"
        )
    if np.any(~np.isfinite(X)) or np.any(X < 0):
        raise ValueError("X must hold finite, non-negative consumption values")
    lo, hi = 0.0, float(X.max())
    eps_list = list(epsilons) + ([math.inf] if include_nonprivate else [])
    rows = []
    for n in tqdm(group_sizes, desc="group sizes", disable=not progress):
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
                        "q": q,
                        "realized_epsilon": real,
                        "policy": policy,
                        "wins": w,
                        "n_games": n_games,
                        "advantage": advantage(w, n_games),
                    }
                )
    return pd.DataFrame(rows)
