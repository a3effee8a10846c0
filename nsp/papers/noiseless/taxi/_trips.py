"""The implementation of :mod:`nsp.papers.noiseless.taxi`: import its names from there."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd
from numpy.typing import NDArray

from nsp._scale import boxes_for, check_bbox
from nsp._validation import check_int
from nsp.datasets import NYC_BBOX_PAPER

__all__ = [
    "PAPER_BBOX",
    "PAPER_EPSILONS",
    "PAPER_FIRST_SOME_COUNT",
    "PAPER_N_TRIPS",
    "annotation_points",
    "boxes_for",
    "synthetic_trips",
]

#: The paper's box (Fig. 5), (lon_min, lon_max, lat_min, lat_max); defined with the loader.
PAPER_BBOX: tuple[float, float, float, float] = NYC_BBOX_PAPER
#: The paper's data: the first million trips of the 2014 file.
PAPER_N_TRIPS: int = 1_000_000
#: Point budgets of Fig. 6 (even, so that every grid has a power-of-two number of boxes).
PAPER_EPSILONS: tuple[int, ...] = tuple(range(0, 50, 2))
#: Fig. 6's annotation: unique trips at the first budget with any.
PAPER_FIRST_SOME_COUNT: int = 19


def synthetic_trips(
    n: int = 1_000_000, *, bbox: Sequence[float] = PAPER_BBOX, decimals: int = 6, seed: int = 0
) -> pd.DataFrame:
    """Draw a synthetic NYC-like trip set.

    Endpoints concentrate on Manhattan hot spots and the airports, with a diffuse background;
    coordinates are rounded to ``decimals`` like the TLC data.

    For the scale of the paper's experiment (10⁶ trips), which the offline stand-in cannot reach.

    Parameters
    ----------
    n : int
        Number of trips, ``1..10**7``.
    bbox : (lon_min, lon_max, lat_min, lat_max)
        Points are clipped to this box.
    decimals : int
        Decimals of the coordinates, ``0..15``.
    seed : int
        Seed, ``>= 0``.

    Returns
    -------
    pandas.DataFrame
        Columns ``pickup_latitude, pickup_longitude, dropoff_latitude, dropoff_longitude``.

    See Also
    --------
    nsp.datasets.uniqueness_vs_epsilon : The curve to draw from them.

    Examples
    --------
    >>> trips = synthetic_trips(5, seed=1)
    >>> trips.shape, list(trips.columns[:2])
    ((5, 4), ['pickup_latitude', 'pickup_longitude'])
    """
    n = check_int("n", n, low=1, high=10**7)
    decimals = check_int("decimals", decimals, low=0, high=15)
    seed = check_int("seed", seed, low=0)
    rng = np.random.default_rng(seed)
    lon0, lon1, lat0, lat1 = check_bbox(bbox)
    # (lat, lon, spread in degrees, weight): Midtown, Downtown, Upper East/West, JFK, LGA, Brooklyn.
    hubs = np.array(
        [
            [40.755, -73.985, 0.012, 0.35],
            [40.715, -74.005, 0.010, 0.15],
            [40.78, -73.965, 0.015, 0.2],
            [40.645, -73.785, 0.006, 0.05],
            [40.774, -73.872, 0.004, 0.05],
            [40.68, -73.96, 0.03, 0.1],
            [40.70, -73.95, 0.12, 0.10],
        ]
    )
    w = hubs[:, 3] / hubs[:, 3].sum()

    def points(m: int) -> NDArray[np.float64]:
        h = rng.choice(len(hubs), size=m, p=w)
        lat = rng.normal(hubs[h, 0], hubs[h, 2])
        lon = rng.normal(hubs[h, 1], hubs[h, 2] * 1.3)
        return np.column_stack([np.clip(lat, lat0, lat1), np.clip(lon, lon0, lon1)]).round(decimals)

    start, end = points(n), points(n)
    return pd.DataFrame(
        {
            "pickup_latitude": start[:, 0],
            "pickup_longitude": start[:, 1],
            "dropoff_latitude": end[:, 0],
            "dropoff_longitude": end[:, 1],
        }
    )


def annotation_points(curve: pd.DataFrame) -> dict[str, Any]:
    """Find the ε's the paper annotates: last with no unique trip, first with some, first with all.

    Parameters
    ----------
    curve : pandas.DataFrame
        The result of :func:`nsp.datasets.uniqueness_vs_epsilon`.

    Returns
    -------
    dict
        ``last_none``, ``first_some``, ``first_some_count`` (unique trips there) and
        ``first_all``; ``None`` where no budget qualifies.

    See Also
    --------
    nsp.datasets.uniqueness_vs_epsilon : The curve annotated.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy", arXiv:1910.13027, 2019, §V-C and Fig. 6.
    """
    missing = {"epsilon", "n_unique", "ratio"} - set(getattr(curve, "columns", ()))
    if missing:
        raise ValueError(f"curve must come from uniqueness_vs_epsilon (missing {sorted(missing)})")
    none = curve.loc[curve.n_unique == 0, "epsilon"]
    some = curve.loc[curve.n_unique > 0, "epsilon"]
    every = curve.loc[curve.ratio == 1, "epsilon"]
    return {
        "last_none": float(none.max()) if len(none) else None,
        "first_some": float(some.min()) if len(some) else None,
        "first_some_count": int(curve.loc[curve.epsilon == some.min(), "n_unique"].iloc[0])
        if len(some)
        else None,
        "first_all": float(every.min()) if len(every) else None,
    }
