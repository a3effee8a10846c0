"""The implementation of :mod:`nsp.papers.noiseless.nilm`: import its names from there."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np
import pandas as pd
from numpy.typing import NDArray

from nsp._validation import (
    as_real_array,
    as_sequence,
    check_choice,
    check_frame,
    check_int,
    check_real,
)
from nsp.datasets import NILM_APPLIANCES, load_redd
from nsp.noiseless import LinearQuantizer, local_levels

__all__ = [
    "ON_THRESHOLD",
    "PAPER_SPLIT",
    "PAPER_WINDOW",
    "REDD_HOUSE1_APPLIANCES",
    "REDD_HOUSE1_METERS",
    "CombinatorialOptimisation",
    "always_on_f1",
    "appliance_states",
    "complete_months",
    "f1_on_off",
    "fscore_vs_epsilon",
    "household_fscore_vs_epsilon",
    "privatize",
    "redd_house1_fscore_vs_epsilon",
    "redd_series",
    "resample",
    "standby_watts",
    "synthetic_household",
    "window",
]

#: REDD house 1 channels of the paper's five appliances (NILMTK's top five by energy).
REDD_HOUSE1_APPLIANCES: dict[str, list[int]] = {
    "fridge": [5],
    "microwave": [11],
    "sockets": [8],
    "light": [9],
    "dish washer": [6],
}
#: Columns of :func:`nsp.datasets.load_redd_house1` holding the paper's five appliances: the
#: single meters NILMTK's ``select_top_k(k=5)`` picks by training energy (channels 5, 11, 8, 9,
#: 6); the other kitchen-outlet and lighting circuits stay in the mains, unmodelled.
REDD_HOUSE1_METERS: dict[str, str] = {
    "fridge": "fridge_5",
    "microwave": "microwave_11",
    "sockets": "sockets_8",
    "light": "light_9",
    "dish washer": "dish_washer_6",
}
#: Power above which an appliance counts as on (NILMTK's default threshold), watts.
ON_THRESHOLD: float = 10.0
#: The paper's REDD window: first and last day used (Sec. V-B).
PAPER_WINDOW: tuple[str, str] = ("2011-04-23", "2011-05-21")
#: The paper's split: train before this day, test from it.
PAPER_SPLIT: str = "2011-04-30"

#: A standby ("vampire") load option of CO: ``"none"``, ``"series_min"`` or watts.
Standby = Literal["none", "series_min"] | float
#: The same, with ``"train_min"`` (the smallest clean training reading) for the experiments.
CurveStandby = Literal["none", "series_min", "train_min"] | float


# --------------------------------------------------------------------------------------------
# Data: a synthetic REDD-like household, and the real REDD files
# --------------------------------------------------------------------------------------------
def _cycles(
    n: int,
    on: tuple[float, float],
    off: tuple[float, float],
    level: float,
    rng: np.random.Generator,
) -> NDArray[np.float64]:
    """Simulate a cycling load: on/off periods (seconds drawn uniformly from the ranges)."""
    out = np.zeros(n)
    t = int(rng.uniform(0, off[1]))
    while t < n:
        d_on = int(rng.uniform(*on))
        out[t : t + d_on] = level * rng.uniform(0.95, 1.05)
        t += d_on + int(rng.uniform(*off))
    return out


def _events(
    n: int,
    days: int,
    per_day: tuple[int, int],
    hours: Sequence[float],
    duration: tuple[float, float],
    levels: Sequence[float],
    rng: np.random.Generator,
) -> NDArray[np.float64]:
    """Events around given hours of the day; each holds one of ``levels`` for a random duration."""
    out = np.zeros(n)
    for d in range(days):
        for _ in range(int(rng.integers(per_day[0], per_day[1] + 1))):
            start = int((d * 24 + rng.choice(hours) + rng.normal(0, 0.5)) * 3600)
            length = int(rng.uniform(*duration))
            if 0 <= start < n:
                out[start : start + length] = np.maximum(
                    out[start : start + length], rng.choice(levels)
                )
    return out


def synthetic_household(
    *, days: int = 36, start: str = "2011-04-18", unmodelled_w: float = 40.0, seed: int = 0
) -> tuple[pd.Series, dict[str, pd.Series]]:
    """Simulate a household modelled on REDD house 1: 1-Hz mains, 3-s submeters of 5 appliances.

    fridge ≈ 190 W compressor cycles (⅓ duty) with a 400 W defrost a day; microwave ≈ 1.5 kW
    bursts at meal times; kitchen sockets 20–100 W; lighting ≈ 80 W in the evening and early
    morning; dishwasher programmes (200 W washing, 1.1 kW heating) every other day. The mains
    adds an unmodelled base load of about ``unmodelled_w`` W and measurement noise.

    Parameters
    ----------
    days : int
        Length in days, ``2..120`` (a day is 86,400 readings of each series).
    start : str
        First day (a date ``pandas.Timestamp`` reads).
    unmodelled_w : float
        Mean unmodelled base load, watts, ``>= 0``.
    seed : int
        Seed of the household, ``>= 0``.

    Returns
    -------
    mains : pandas.Series
        Watts at 1 Hz (time-zone aware, US/Eastern), named ``"mains"``.
    submeters : dict of str to pandas.Series
        Watts every 3 s for ``fridge, microwave, sockets, light, dish washer``.

    See Also
    --------
    fscore_vs_epsilon : The experiment to run on it.
    """
    days = check_int("days", days, low=2, high=120)
    unmodelled_w = check_real("unmodelled_w", unmodelled_w, low=0.0)
    seed = check_int("seed", seed, low=0)
    rng = np.random.default_rng(seed)
    n = days * 86400
    fridge = _cycles(n, (900, 1500), (1800, 3000), 190.0, rng)
    fridge += _events(n, days, (1, 1), [3.0], (1200, 1800), [400.0], rng) * (fridge == 0)
    microwave = _events(n, days, (1, 3), [7.5, 12.5, 18.5], (60, 300), [1500.0, 1100.0], rng)
    sockets = _events(
        n, days, (3, 6), [8, 10, 13, 16, 19, 21], (600, 3600), [20.0, 45.0, 100.0], rng
    )
    light = _events(n, days, (2, 3), [6.5, 19.0, 21.0], (1800, 7200), [80.0, 160.0], rng)
    dish = np.zeros(n)
    for d in range(0, days, 2):
        t0 = int((d * 24 + 20.5 + rng.normal(0, 0.7)) * 3600)
        for level, length in (
            (200.0, 1200),
            (1100.0, 900),
            (200.0, 1500),
            (1100.0, 600),
            (200.0, 900),
        ):
            dish[t0 : t0 + length] = level
            t0 += length
    base: NDArray[np.float64] | float = (
        unmodelled_w * (1 + 0.25 * np.sin(np.arange(n) * 2 * np.pi / 86400))
        if unmodelled_w
        else 0.0
    )
    mains = fridge + microwave + sockets + light + dish + base + rng.normal(0, 3.0, n)
    index = pd.date_range(start, periods=n, freq="1s", tz="US/Eastern")
    apps = {
        "fridge": fridge,
        "microwave": microwave,
        "sockets": sockets,
        "light": light,
        "dish washer": dish,
    }
    sub = {k: pd.Series(v[::3], index=index[::3], name=k) for k, v in apps.items()}
    return pd.Series(np.clip(mains, 0, None), index=index, name="mains"), sub


def redd_series(
    *,
    path: str | None = None,
    data_home: str | None = None,
    house: int = 1,
    appliances: Mapping[str, Sequence[int]] = REDD_HOUSE1_APPLIANCES,
    mains_channels: Sequence[int] = (1, 2),
) -> tuple[pd.Series, dict[str, pd.Series]]:
    """Read the mains (the legs summed on common timestamps) and appliance series of REDD.

    Parameters
    ----------
    path : str, optional
        A REDD ``low_freq`` root or house folder.
    data_home : str, optional
        Where the datasets are looked up.
    house : int
        REDD house number, ``>= 1``.
    appliances : mapping of str to sequence of int
        Appliance name to the REDD channels summed into it.
    mains_channels : sequence of int
        The mains legs.

    Returns
    -------
    mains : pandas.Series
        Watts, the sum of the mains legs.
    submeters : dict of str to pandas.Series
        Watts of each appliance.

    Raises
    ------
    FileNotFoundError
        If the house lacks a channel.

    See Also
    --------
    resample : Average the readings over fixed bins.
    window : Keep some days.
    """
    house = check_int("house", house, low=1)

    chans = sorted(set(mains_channels) | {c for cs in appliances.values() for c in cs})
    frame = load_redd(house, channels=chans, path=path, data_home=data_home)
    wide = {c: g.set_index("timestamp")["watts"] for c, g in frame.groupby("channel")}
    missing = [c for c in chans if c not in wide]
    if missing:
        raise FileNotFoundError(f"REDD house {house} lacks channel(s) {missing}")
    mains = (
        pd.concat([wide[c] for c in mains_channels], axis=1, join="inner")
        .sum(axis=1)
        .rename("mains")
    )
    subs = {
        name: pd.concat([wide[c] for c in cs], axis=1)
        .sum(axis=1, min_count=1)
        .dropna()
        .rename(name)
        for name, cs in appliances.items()
    }
    return mains, subs


def resample(series: pd.Series, period: str = "60s") -> pd.Series:
    """Mean over fixed bins (NILMTK's ``sample_period=60``), empty bins dropped.

    Parameters
    ----------
    series : pandas.Series
        A series on a datetime index.
    period : str
        The bin length (a pandas frequency).

    Returns
    -------
    pandas.Series

    See Also
    --------
    redd_series : The series.

    Examples
    --------
    >>> import pandas as pd
    >>> s = pd.Series([1.0, 2.0, 3.0, 4.0], index=pd.to_datetime([0, 30, 60, 90], unit="s"))
    >>> resample(s).tolist()
    [1.5, 3.5]
    """
    if not isinstance(series, pd.Series) or not isinstance(series.index, pd.DatetimeIndex):
        raise ValueError(
            "series must be a pandas Series on a DatetimeIndex (as redd_series returns); got "
            + type(series).__name__
            + (f" on a {type(series.index).__name__}" if isinstance(series, pd.Series) else "")
        )
    return series.resample(period).mean().dropna()


# --------------------------------------------------------------------------------------------
# Combinatorial optimisation, as NILMTK's CombinatorialOptimisation does it
# --------------------------------------------------------------------------------------------
def _kmeans_1d(
    x: NDArray[np.float64], k: int, rng: np.random.Generator, iters: int = 100
) -> NDArray[np.float64]:
    """1-D k-means with k-means++ seeding; returns sorted centroids."""
    centres = [x[rng.integers(len(x))]]
    for _ in range(1, k):
        d2 = np.min((x[:, None] - np.array(centres)[None, :]) ** 2, axis=1)
        centres.append(
            x[rng.choice(len(x), p=d2 / d2.sum())] if d2.sum() > 0 else x[rng.integers(len(x))]
        )
    c = np.array(centres, dtype=float)
    for _ in range(iters):
        lab = np.argmin(np.abs(x[:, None] - c[None, :]), axis=1)
        new = np.array([x[lab == j].mean() if np.any(lab == j) else c[j] for j in range(k)])
        if np.allclose(new, c):
            break
        c = new
    return np.sort(c)


def appliance_states(
    power: NDArray[Any],
    *,
    threshold: float = ON_THRESHOLD,
    max_samples: int = 2000,
    min_samples: int = 20,
    seed: int = 0,
) -> NDArray[np.int64]:
    """Power states of one appliance: 2-means of its readings above ``threshold``, plus off (0).

    NILMTK's ``cluster()``: at most ``max_samples`` readings (drawn with replacement), and none
    at all (only the off state) when fewer than ``min_samples`` readings are on.

    Parameters
    ----------
    power : array_like
        The appliance's readings, watts (1-D, non-empty, finite, ``>= 0``).
    threshold : float
        Readings above it count as on, watts, ``>= 0``.
    max_samples : int
        The most readings clustered, ``>= 1``.
    min_samples : int
        The fewest on-readings that give on-states, ``>= 1``.
    seed : int
        Seed of the sampling and of k-means, ``>= 0``.

    Returns
    -------
    numpy.ndarray of int64
        Sorted distinct states in watts, starting with 0 (off).

    See Also
    --------
    fscore_vs_epsilon : The experiment that uses them.

    Examples
    --------
    >>> import numpy as np
    >>> appliance_states(np.r_[np.zeros(50), np.full(50, 100.0), np.full(50, 2000.0)]).tolist()
    [0, 100, 2000]
    """
    threshold = check_real("threshold", threshold, low=0.0)
    max_samples = check_int("max_samples", max_samples, low=1)
    min_samples = check_int("min_samples", min_samples, low=1)
    seed = check_int("seed", seed, low=0)
    rng = np.random.default_rng(seed)
    on = _as_watts("power", power)
    if on.ndim != 1 or on.size == 0 or not np.all(np.isfinite(on)) or np.any(on < 0):
        raise ValueError(
            "power must be a non-empty 1-D array of finite readings >= 0 (watts); "
            f"got shape {on.shape}"
            + ("" if on.ndim != 1 or on.size == 0 else " with NaN, inf or < 0")
        )
    on = on[on > threshold]
    if len(on) < min_samples:
        return np.array([0], dtype=np.int64)
    if len(on) > max_samples:
        on = on[rng.integers(0, len(on), max_samples)]
    k = 2 if np.unique(on).size >= 2 else 1
    centres = _kmeans_1d(on, k, rng)
    return np.unique(np.round(np.concatenate([centres, [0.0]])).astype(np.int64))


def _as_watts(name: str, values: Any) -> NDArray[np.float64]:
    return as_real_array(values, name=name, allow_bool=False)


def _check_series(name: str, value: object) -> None:
    if not isinstance(value, pd.Series):
        raise ValueError(f"{name} must be a pandas.Series of readings; got {type(value).__name__}")


def _check_day(name: str, value: object) -> None:
    """Refuse a day that is not a date string or a timestamp (None, a number)."""
    ok = isinstance(value, str | pd.Timestamp | np.datetime64) or hasattr(value, "isoformat")
    try:
        ok = ok and pd.Timestamp(value) is not pd.NaT  # type: ignore[arg-type]
    except (TypeError, ValueError):
        ok = False
    if not ok:
        raise ValueError(f"{name} must be a day (e.g. '2011-04-23'); got {value!r}")


@dataclass
class CombinatorialOptimisation:
    """Combinatorial-optimisation disaggregation, as NILMTK's ``CombinatorialOptimisation``.

    Each mains reading is explained by the combination of appliance states whose total power is
    nearest (ties: the larger total, as NILMTK's ``find_nearest``), optionally plus a constant
    standby load (:meth:`predict`).

    Parameters
    ----------
    threshold : float
        Readings above it count as on, watts.
    seed : int
        Seed of the state clustering (appliance ``k`` uses ``seed + k``).
    states_ : dict of str to numpy.ndarray
        The appliances' states once fitted.
    """

    threshold: float = ON_THRESHOLD
    seed: int = 0
    states_: dict[str, NDArray[np.int64]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        check_real("threshold", self.threshold, low=0.0)
        check_int("seed", self.seed, low=0)

    def fit(self, submeters: Mapping[str, pd.Series]) -> CombinatorialOptimisation:
        """Learn each appliance's states from its (clean, training-period) readings.

        Parameters
        ----------
        submeters : mapping of str to pandas.Series
            Each appliance's readings, watts.

        Returns
        -------
        CombinatorialOptimisation
            ``self``.
        """
        if not submeters:
            raise ValueError("submeters must hold at least one appliance")
        states = {
            name: appliance_states(s.to_numpy(), threshold=self.threshold, seed=self.seed + k)
            for k, (name, s) in enumerate(submeters.items())
        }
        return self.set_states(states)

    def set_states(
        self, states: Mapping[str, Sequence[int] | NDArray[np.int64]]
    ) -> CombinatorialOptimisation:
        """Use given appliance states (each including 0 for off) instead of learning them.

        Parameters
        ----------
        states : mapping of str to sequence of int
            Each appliance's states, watts.

        Returns
        -------
        CombinatorialOptimisation
            ``self``.
        """
        if not states:
            raise ValueError("states must hold at least one appliance")
        arrays = {k: np.asarray(v) for k, v in states.items()}
        for k, v in arrays.items():
            if v.ndim != 1 or v.size == 0 or not np.issubdtype(v.dtype, np.integer):
                raise ValueError(f"states[{k!r}] must be a non-empty list of integer watts")
        self.states_ = {k: v.astype(np.int64) for k, v in arrays.items()}
        grids = np.meshgrid(*self.states_.values(), indexing="ij")
        self._combos = np.stack([g.ravel() for g in grids], axis=1)
        sums = self._combos.sum(axis=1)
        self._order = np.argsort(sums, kind="stable")
        self._sums = sums[self._order]
        return self

    def predict(self, mains: pd.Series, *, standby: Standby = "none") -> pd.DataFrame:
        """Appliance powers (one column each) explaining every mains reading.

        Parameters
        ----------
        mains : pandas.Series
            Mains readings, watts.
        standby : {"none", "series_min"} or float
            A constant "vampire" load added to every combination of states before the nearest
            total is sought (it belongs to no appliance). ``"none"``: no such load (the
            default; NILMTK 0.4, where the term is commented out). ``"series_min"``: the
            smallest reading of ``mains`` itself, as ``get_vampire_power`` took it in NILMTK's
            ``disaggregate_chunk`` of 2014–15. A number: that many watts, ``>= 0``. A load of
            0 W or less adds nothing (NILMTK added it only when positive).

        Returns
        -------
        pandas.DataFrame
            One column per appliance, on the index of ``mains``.

        Examples
        --------
        States 0/100 W and 0/300 W. Readings of 500–900 W: without a standby every one is
        nearest the largest total (400 W); with the smallest reading (500 W) as standby the
        totals become 500, 600, 800 and 900 W, and 700 W ties 600/800, taken upwards.

        >>> co = CombinatorialOptimisation().set_states({"a": [0, 100], "b": [0, 300]})
        >>> m = pd.Series([500.0, 600.0, 800.0, 900.0, 700.0])
        >>> co.predict(m).values.tolist()
        [[100, 300], [100, 300], [100, 300], [100, 300], [100, 300]]
        >>> co.predict(m, standby="series_min").values.tolist()
        [[0, 0], [100, 0], [0, 300], [100, 300], [0, 300]]
        """
        if not self.states_:
            raise ValueError("call fit() before predict()")
        _check_series("mains", mains)
        m = mains.to_numpy(dtype=float)
        sums = self._sums + max(standby_watts(standby, mains), 0.0)
        pos = np.clip(np.searchsorted(sums, m), 1, len(sums) - 1)
        left, right = sums[pos - 1], sums[pos]
        pick = np.where(np.abs(right - m) <= np.abs(m - left), pos, pos - 1)  # tie → larger sum
        if len(sums) == 1:
            pick = np.zeros(len(m), dtype=np.intp)
        combos = self._combos[self._order[pick]]
        return pd.DataFrame(combos, index=mains.index, columns=list(self.states_))


def standby_watts(standby: Standby, series: pd.Series) -> float:
    """Return the constant load (watts) that a ``standby`` option adds to CO's totals.

    Parameters
    ----------
    standby : {"none", "series_min"} or float
        ``"none"``: 0 W. ``"series_min"``: the smallest reading of ``series`` (NILMTK's
        ``get_vampire_power``). A number: itself, finite and ``>= 0``.
    series : pandas.Series
        The readings CO disaggregates, watts (non-empty for ``"series_min"``).

    Returns
    -------
    float

    See Also
    --------
    fscore_vs_epsilon : The experiment that adds it.

    Examples
    --------
    >>> standby_watts("series_min", pd.Series([250.0, 90.0, 400.0]))
    90.0
    >>> standby_watts("none", pd.Series([250.0])), standby_watts(40, pd.Series([250.0]))
    (0.0, 40.0)
    """
    _check_series("series", series)
    if isinstance(standby, str):
        check_choice("standby", standby, ("none", "series_min"))
        if standby == "none":
            return 0.0
        if len(series) == 0:
            raise ValueError("standby='series_min' needs a non-empty series")
        return float(_as_watts("series", series.to_numpy()).min())
    return check_real("standby", standby, low=0.0)


def always_on_f1(truth: pd.Series, *, threshold: float = ON_THRESHOLD) -> float:
    """F-score of the guess "always on": predicting the appliance on at every reading of ``truth``.

    Every on-reading is a true positive and every off-reading a false positive, so the score is
    ``2 n_on / (2 n_on + n_off)`` (0 when the appliance is never on). It is the floor a
    disaggregator must beat: an output that no longer depends on the mains can reach it.

    Parameters
    ----------
    truth : pandas.Series
        Power of one appliance, watts.
    threshold : float
        On when the power is at least this, watts, ``>= 0``.

    Returns
    -------
    float

    See Also
    --------
    f1_on_off : The score of a guess.

    Examples
    --------
    On in 3 of 5 readings: 2·3 / (2·3 + 2) = 0.75.

    >>> always_on_f1(pd.Series([0.0, 50.0, 50.0, 0.0, 50.0]))
    0.75
    """
    threshold = check_real("threshold", threshold, low=0.0)
    _check_series("truth", truth)
    if len(truth) == 0:
        raise ValueError("truth must hold at least one reading")
    on = _as_watts("truth", truth.to_numpy()) >= threshold
    n_on = int(on.sum())
    return 0.0 if n_on == 0 else 2 * n_on / (2 * n_on + (len(on) - n_on))


def f1_on_off(predicted: pd.Series, truth: pd.Series, *, threshold: float = ON_THRESHOLD) -> float:
    """F-score of on/off states (on = power ≥ ``threshold``) on common timestamps.

    Parameters
    ----------
    predicted, truth : pandas.Series
        Power of one appliance, watts.
    threshold : float
        On when the power is at least this, watts, ``>= 0``.

    Returns
    -------
    float
        ``2 TP / (2 TP + FP + FN)``; 0 when there is no true positive (NILMTK's convention).

    See Also
    --------
    always_on_f1 : The score of always guessing on.

    Examples
    --------
    >>> f1_on_off(pd.Series([0.0, 50.0, 50.0]), pd.Series([0.0, 50.0, 0.0]))
    0.6666666666666666
    """
    threshold = check_real("threshold", threshold, low=0.0)
    _check_series("predicted", predicted)
    _check_series("truth", truth)
    p, t = predicted.align(truth, join="inner")
    if len(p) == 0:
        raise ValueError("predicted and truth share no timestamp")
    on_p, on_t = p.to_numpy() >= threshold, t.to_numpy() >= threshold
    tp = int(np.sum(on_p & on_t))
    fp, fn = int(np.sum(on_p & ~on_t)), int(np.sum(~on_p & on_t))
    return 0.0 if tp == 0 else 2 * tp / (2 * tp + fp + fn)


# --------------------------------------------------------------------------------------------
# Fig. 4: F-score against the local privacy budget
# --------------------------------------------------------------------------------------------
def privatize(series: pd.Series, epsilon: float, *, lo: float, hi: float) -> pd.Series:
    """Local noiseless privacy: each reading through a ``⌊2^ε⌋``-level quantizer of ``[lo, hi]``.

    Bin midpoints are released; readings outside the public range are reported in the nearest
    bin.

    Parameters
    ----------
    series : pandas.Series
        Readings, watts.
    epsilon : float
        Budget in bits per reading, finite and ``>= 0``.
    lo, hi : float
        The public range, ``lo < hi``.

    Returns
    -------
    pandas.Series
        The released readings, on the same index.

    See Also
    --------
    fscore_vs_epsilon : The score of CO on privatized mains.
    nsp.noiseless.local_levels : The levels at a budget.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy", arXiv:1910.13027, 2019, Definitions 2 and 3.

    Examples
    --------
    >>> privatize(pd.Series([10.0, 900.0]), 1, lo=0.0, hi=1000.0).tolist()
    [250.0, 750.0]
    """
    _check_series("series", series)
    Q = LinearQuantizer(lo, hi, local_levels(epsilon), output="midpoint", out_of_range="clip")
    return pd.Series(
        Q(_as_watts("series", series.to_numpy())), index=series.index, name=series.name
    )


def _check_public_range(public_range: object) -> tuple[float, float]:
    """Refuse a public range that is not two finite numbers ``lo < hi``."""
    if not isinstance(public_range, Sequence) or isinstance(public_range, str):
        raise ValueError(
            f"public_range must be a pair (lo, hi) of watts; got {type(public_range).__name__}"
        )
    if len(public_range) != 2:
        raise ValueError(f"public_range must be a pair (lo, hi) of watts; got {public_range!r}")
    lo = check_real("public_range", public_range[0])
    hi = check_real("public_range", public_range[1])
    if not lo < hi:
        raise ValueError(f"public_range must have lo < hi; got {public_range!r}")
    return lo, hi


def fscore_vs_epsilon(
    mains: pd.Series,
    submeters: Mapping[str, pd.Series],
    *,
    split: str | pd.Timestamp,
    epsilons: Sequence[float] = tuple(range(1, 13)),
    sample_period: str = "60s",
    quantize_stage: Literal["resampled", "raw"] = "resampled",
    public_range: tuple[float, float] | None = None,
    standby: CurveStandby = "none",
    threshold: float = ON_THRESHOLD,
    seed: int = 0,
) -> pd.DataFrame:
    """Train CO on clean submeters before ``split``; score it after ``split`` on quantized mains.

    Parameters
    ----------
    mains : pandas.Series
        Mains readings, watts, on a datetime index.
    submeters : mapping of str to pandas.Series
        Each appliance's readings, watts.
    split : str or pandas.Timestamp
        Train before it, test from it (local time of ``mains`` when naive).
    epsilons : sequence of float
        Budgets in bits per reading, finite and ``>= 0``.
    sample_period : str
        The resampling period fed to CO (a pandas frequency).
    quantize_stage : {"resampled", "raw"}
        Quantize the resampled means fed to CO, or the raw readings before resampling.
    public_range : (float, float), optional
        The quantizer's range ``(lo, hi)``, watts. Default: ``[0, largest sample_period mean
        of mains]`` (train and test), the same whichever ``quantize_stage``; raw readings
        beyond it are reported in the nearest bin.
    standby : {"none", "series_min", "train_min"} or float
        The constant load CO adds to every combination of states
        (:meth:`CombinatorialOptimisation.predict`): none; the smallest value of the series
        it is given, i.e. of the *released* test mains (NILMTK's vampire power); the smallest
        clean training mains (resampled); or fixed watts.
    threshold : float
        On when the power is at least this, watts.
    seed : int
        Seed of the state clustering, ``>= 0``.

    Returns
    -------
    pandas.DataFrame
        Columns ``epsilon`` (``inf``: no quantization), ``q`` (levels; 0 for none), ``lo_w``
        and ``hi_w`` (the public range), ``standby`` (the option; ``"fixed"`` for watts),
        ``standby_w`` (the load CO added), ``appliance`` (``"mean"`` for the macro average),
        ``f1`` (CO's F-score) and ``always_on`` (the F-score of predicting the appliance on
        in every test reading, :func:`always_on_f1`; for ``"mean"`` the mean).

    See Also
    --------
    household_fscore_vs_epsilon : On a REFIT or UK-DALE household.
    redd_house1_fscore_vs_epsilon : On REDD house 1.
    privatize : The quantization of the mains.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy", arXiv:1910.13027, 2019, §V-B and Fig. 4.
    """
    check_choice("quantize_stage", quantize_stage, ("resampled", "raw"))
    for e in epsilons:
        check_real("epsilons", e, low=0.0)
    if isinstance(standby, str):
        check_choice("standby", standby, ("none", "series_min", "train_min"))
    else:
        check_real("standby", standby, low=0.0)
    threshold = check_real("threshold", threshold, low=0.0)
    seed = check_int("seed", seed, low=0)
    split = pd.Timestamp(split)
    tz = getattr(mains.index, "tz", None)
    if split.tzinfo is None and tz is not None:
        split = split.tz_localize(tz)
    train = {k: resample(s[s.index < split], sample_period) for k, s in submeters.items()}
    truth = {k: resample(s[s.index >= split], sample_period) for k, s in submeters.items()}
    if any(len(s) == 0 for s in train.values()) or any(len(s) == 0 for s in truth.values()):
        raise ValueError(f"split {split} leaves an appliance without training or test data")
    model = CombinatorialOptimisation(threshold=threshold, seed=seed).fit(train)
    test_mains = mains[mains.index >= split]
    train_mains = resample(mains[mains.index < split], sample_period)
    if standby == "train_min" and len(train_mains) == 0:
        raise ValueError(f"standby='train_min' needs mains readings before split {split}")
    lo, hi = (
        (0.0, float(resample(mains, sample_period).max()))
        if public_range is None
        else _check_public_range(public_range)
    )
    fixed: Standby = float(train_mains.min()) if standby == "train_min" else standby
    label = standby if isinstance(standby, str) else "fixed"
    base = {k: always_on_f1(truth[k], threshold=threshold) for k in submeters}
    rows = []
    for eps in list(epsilons) + [math.inf]:
        if math.isinf(eps):
            m, q = resample(test_mains, sample_period), 0
        elif quantize_stage == "resampled":
            m = privatize(resample(test_mains, sample_period), eps, lo=lo, hi=hi)
            q = local_levels(eps)
        else:
            m = resample(privatize(test_mains, eps, lo=lo, hi=hi), sample_period)
            q = local_levels(eps)
        watts = max(standby_watts(fixed, m), 0.0)
        pred = model.predict(m, standby=watts)
        scores = {k: f1_on_off(pred[k], truth[k], threshold=threshold) for k in submeters}
        scores["mean"] = float(np.mean(list(scores.values())))
        always = {**base, "mean": float(np.mean(list(base.values())))}
        common = {"epsilon": eps, "q": q, "lo_w": lo, "hi_w": hi, "standby": label}
        rows += [
            {**common, "standby_w": watts, "appliance": k, "f1": v, "always_on": always[k]}
            for k, v in scores.items()
        ]
    return pd.DataFrame(rows)


def window(series: pd.Series, start: str, end: str) -> pd.Series:
    """Keep the readings from day ``start`` through day ``end`` (both included), in local time.

    Parameters
    ----------
    series : pandas.Series
        Readings on a datetime index (time-zone aware or naive).
    start, end : str
        First and last day.

    Returns
    -------
    pandas.Series

    See Also
    --------
    redd_series : The series.
    complete_months : The complete months.

    Examples
    --------
    >>> s = pd.Series(range(4), index=pd.date_range("2011-04-22", periods=4, freq="D"))
    >>> window(s, "2011-04-23", "2011-04-24").tolist()
    [1, 2]
    """
    _check_series("series", series)
    _check_day("start", start)
    _check_day("end", end)
    tz = getattr(series.index, "tz", None)
    return series[
        (series.index >= pd.Timestamp(start, tz=tz))
        & (series.index < pd.Timestamp(end, tz=tz) + pd.Timedelta(days=1))
    ]


# --------------------------------------------------------------------------------------------
# Real households (REFIT, UK-DALE): one-week train / three-week test windows
# --------------------------------------------------------------------------------------------
def complete_months(frame: pd.DataFrame, *, min_coverage: float = 0.99) -> list[str]:
    """Return the months in which the mains and every appliance fill enough 30-s slots.

    Parameters
    ----------
    frame : pandas.DataFrame
        A household as :func:`nsp.datasets.load_nilm_household` returns it.
    min_coverage : float
        The least share of the month's 30-s slots (``days × 2880``) with all five channels
        present, in ``(0, 1]``.

    Returns
    -------
    list of str
        Sorted months ``"YYYY-MM"``.

    See Also
    --------
    window : Keep a window.

    Examples
    --------
    >>> t = pd.date_range("2014-02-01", "2014-03-31 23:59:30", freq="30s")
    >>> cols = ["aggregate", "kettle", "dishwasher", "washing_machine", "microwave"]
    >>> f = pd.DataFrame({"timestamp": t, **{c: 1.0 for c in cols}})
    >>> f.loc[f.timestamp >= "2014-03-20", "kettle"] = np.nan
    >>> complete_months(f)
    ['2014-02']
    """
    min_coverage = check_real("min_coverage", min_coverage, low=0.0, high=1.0)
    if min_coverage == 0.0:
        raise ValueError("min_coverage must be > 0")
    check_frame("frame", frame)
    cols = ["aggregate", *NILM_APPLIANCES]
    ok = frame[cols].notna().all(axis=1).to_numpy()
    month = frame["timestamp"].dt.to_period("M")
    counts = pd.Series(ok, index=month.to_numpy()).groupby(level=0).sum()
    out = [
        str(p)
        for p, n in counts.items()
        if n >= min_coverage * p.days_in_month * 2880  # type: ignore[attr-defined]
    ]
    return sorted(out)


def household_fscore_vs_epsilon(
    frame: pd.DataFrame,
    *,
    start: str | pd.Timestamp,
    train_days: int = 7,
    test_days: int = 21,
    epsilons: Sequence[float] = tuple(range(1, 13)),
    sample_period: str = "60s",
    standby: CurveStandby = "none",
    threshold: float = ON_THRESHOLD,
    seed: int = 0,
) -> pd.DataFrame:
    """Fig. 4 on one window of a real household: CO over four appliances plus "other".

    The window is ``train_days`` of training from ``start`` then ``test_days`` of test. CO
    learns the states of the four appliances and of the unmetered remainder ``other =
    max(aggregate − Σ appliances, 0)`` from clean training readings, and disaggregates the
    quantized aggregate of the test period (:func:`fscore_vs_epsilon`, 60-s means). Slots where
    a channel is missing are dropped.

    Parameters
    ----------
    frame : pandas.DataFrame
        A household as :func:`nsp.datasets.load_nilm_household` returns it.
    start : str or pandas.Timestamp
        First instant of the window.
    train_days, test_days : int
        Lengths of the two periods, days, ``>= 1``.
    epsilons : sequence of float
        Budgets in bits per reading, finite and ``>= 0``.
    sample_period : str
        The resampling period fed to CO (a pandas frequency).
    standby : {"none", "series_min", "train_min"} or float
        The constant load CO adds to its totals (:func:`fscore_vs_epsilon`).
    threshold : float
        On when the power is at least this, watts, ``>= 0``.
    seed : int
        Seed of the state clustering, ``>= 0``.

    Returns
    -------
    pandas.DataFrame
        The columns of :func:`fscore_vs_epsilon` (the quantizer covers ``[0, largest 60-s
        mean of the window]``), with rows for the four appliances and ``other``;
        ``appliance == "mean"`` is the mean over the four appliances only (``other`` is on
        nearly always and would score near 1 whatever CO does), for ``f1`` and ``always_on``.

    See Also
    --------
    fscore_vs_epsilon : The experiment it runs.
    redd_house1_fscore_vs_epsilon : On REDD house 1.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy", arXiv:1910.13027, 2019, §V-B and Fig. 4.

    Examples
    --------
    >>> t = pd.date_range("2014-02-01", periods=4 * 2880, freq="30s")
    >>> kettle = np.where(t.hour == 8, 2000.0, 0.0)
    >>> f = pd.DataFrame({"timestamp": t, "aggregate": 100.0 + kettle, "kettle": kettle,
    ...                   "dishwasher": 0.0, "washing_machine": 0.0, "microwave": 0.0})
    >>> r = household_fscore_vs_epsilon(f, start="2014-02-01", train_days=2, test_days=2,
    ...                                 epsilons=[1, 8])
    >>> r[r.appliance == "kettle"].f1.tolist()
    [1.0, 1.0, 1.0]
    """
    train_days = check_int("train_days", train_days, low=1)
    test_days = check_int("test_days", test_days, low=1)
    check_frame("frame", frame)
    _check_day("start", start)
    epsilons = as_sequence("epsilons", epsilons)
    threshold = check_real("threshold", threshold, low=0.0)
    seed = check_int("seed", seed, low=0)
    t0 = pd.Timestamp(start)
    split = t0 + pd.Timedelta(days=train_days)
    t1 = split + pd.Timedelta(days=test_days)
    cols = ["aggregate", *NILM_APPLIANCES]
    part = frame[(frame["timestamp"] >= t0) & (frame["timestamp"] < t1)]
    part = part.dropna(subset=cols).set_index("timestamp")
    if len(part) == 0:
        raise ValueError(f"no complete reading between {t0} and {t1}")
    subs = {a: part[a].astype(float) for a in NILM_APPLIANCES}
    subs["other"] = (part["aggregate"] - part[list(NILM_APPLIANCES)].sum(axis=1)).clip(lower=0.0)
    curve = fscore_vs_epsilon(
        part["aggregate"].astype(float),
        subs,
        split=split,
        epsilons=epsilons,
        sample_period=sample_period,
        standby=standby,
        threshold=threshold,
        seed=seed,
    )
    keys = [c for c in curve.columns if c not in ("appliance", "f1", "always_on")]
    named = curve[curve.appliance.isin(NILM_APPLIANCES)]
    mean = named.groupby(keys, sort=False)[["f1", "always_on"]].mean().reset_index()
    curve = curve[curve.appliance != "mean"]
    rows = mean.assign(appliance="mean")[list(curve.columns)]
    return pd.concat([curve, rows], ignore_index=True).sort_values(
        ["epsilon", "appliance"], kind="stable", ignore_index=True
    )


# --------------------------------------------------------------------------------------------
# REDD house 1 (the paper's house): one window, several k-means seeds
# --------------------------------------------------------------------------------------------
def redd_house1_fscore_vs_epsilon(
    frame: pd.DataFrame,
    *,
    appliances: Mapping[str, str] = REDD_HOUSE1_METERS,
    mains: str = "mains_1_2",
    window_days: tuple[str, str] | None = PAPER_WINDOW,
    split: str = PAPER_SPLIT,
    epsilons: Sequence[float] = tuple(range(1, 13)),
    seeds: Sequence[int] = (0,),
    sample_period: str = "60s",
    quantize_stage: Literal["resampled", "raw"] = "resampled",
    public_range: tuple[float, float] | None = None,
    standby: CurveStandby = "none",
    threshold: float = ON_THRESHOLD,
) -> pd.DataFrame:
    """Fig. 4 on REDD house 1: CO on the paper's five appliances, once per k-means seed.

    The readings of ``window_days`` (local days, both included) are split at ``split``: CO
    learns each appliance's states from its clean readings before it and disaggregates the
    quantized mains from it on (:func:`fscore_vs_epsilon`; by default the quantizer covers
    ``[0, largest 60-s mean of the window's mains]`` whether it acts on the means or on the
    raw readings). CO's states come from k-means on a random sample, so the curve is computed
    for every seed in ``seeds``.

    Parameters
    ----------
    frame : pandas.DataFrame
        Watts on a time-zone aware index, as :func:`nsp.datasets.load_redd_house1` returns it
        (1-minute means or 3-s samples).
    appliances : mapping of str to str
        Appliance name to its column (default: the paper's top five).
    mains : str
        The mains column.
    window_days : (str, str) or None
        First and last day used (default the paper's, 2011-04-23 .. 05-21); ``None``: all.
    split : str
        Train before this local day, test from it.
    epsilons : sequence of float
        Budgets in bits per reading, finite and ``>= 0``.
    seeds : sequence of int
        Seeds of the state clustering, each ``>= 0``.
    sample_period : str
        The resampling period fed to CO (a pandas frequency).
    quantize_stage : {"resampled", "raw"}
        Quantize the resampled means fed to CO, or each reading of ``frame`` before resampling.
    public_range : (float, float), optional
        The quantizer's range, watts (default above).
    standby : {"none", "series_min", "train_min"} or float
        The constant load CO adds to its totals (:func:`fscore_vs_epsilon`): ``"series_min"``
        is NILMTK's vampire power, the smallest value of the released test mains.
    threshold : float
        On when the power is at least this, watts, ``>= 0``.

    Returns
    -------
    pandas.DataFrame
        Columns ``seed`` and those of :func:`fscore_vs_epsilon` (``epsilon`` ``inf`` = no
        quantization; ``appliance == "mean"`` the mean over the appliances).

    See Also
    --------
    fscore_vs_epsilon : The experiment it runs.
    household_fscore_vs_epsilon : On a REFIT or UK-DALE household.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy", arXiv:1910.13027, 2019, §V-B and Fig. 4.

    Examples
    --------
    A fridge (100 W) and a microwave (1 kW) in all four combinations, minute after minute: one
    bit puts 0 and 100 W in one bin and 1000 and 1100 W in the other, so CO always sees the
    fridge alone or the microwave alone; four bits separate all four sums.

    >>> t = pd.date_range("2011-04-23", "2011-05-03", freq="60s", tz="America/New_York")
    >>> k = np.arange(len(t)) % 4
    >>> f = pd.DataFrame({"fridge_5": 100.0 * (k % 2), "microwave_11": 1000.0 * (k // 2)},
    ...                  index=t)
    >>> f["mains_1_2"] = f.fridge_5 + f.microwave_11
    >>> r = redd_house1_fscore_vs_epsilon(
    ...     f, appliances={"fridge": "fridge_5", "microwave": "microwave_11"},
    ...     epsilons=[1, 4])
    >>> r.pivot_table(index="epsilon", columns="appliance", values="f1").round(3).values.tolist()
    [[0.5, 0.75, 1.0], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0]]
    """
    check_frame("frame", frame, what="a pandas DataFrame of meters")
    if not isinstance(appliances, Mapping):
        raise ValueError(
            f"appliances must map appliance names to columns; got {type(appliances).__name__}"
        )
    if not appliances:
        raise ValueError("appliances must name at least one column")
    epsilons = as_sequence("epsilons", epsilons)
    missing = [c for c in [mains, *appliances.values()] if c not in frame.columns]
    if missing:
        raise ValueError(f"frame lacks the column(s) {missing}")
    seeds = [check_int("seeds", s, low=0) for s in seeds]
    if not seeds:
        raise ValueError("seeds must hold at least one seed")

    def cut(series: pd.Series) -> pd.Series:
        clean = series.dropna().astype(float)
        return clean if window_days is None else window(clean, *window_days)

    total = cut(frame[mains])
    subs = {name: cut(frame[col]) for name, col in appliances.items()}
    curves = [
        fscore_vs_epsilon(
            total,
            subs,
            split=split,
            epsilons=epsilons,
            sample_period=sample_period,
            quantize_stage=quantize_stage,
            public_range=public_range,
            standby=standby,
            threshold=threshold,
            seed=seed,
        ).assign(seed=seed)
        for seed in seeds
    ]
    out = pd.concat(curves, ignore_index=True)
    return out[["seed", *[c for c in out.columns if c != "seed"]]]
