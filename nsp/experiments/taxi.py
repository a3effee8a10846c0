"""Uniqueness of quantized taxi start–end points (Farokhi, Sec. V-C, Figs. 5–6).

Each coordinate of a trip's pickup and dropoff is reported through a local linear quantizer of
the bounding box with ``b = ⌊2^{ε/2}⌋`` levels, so a point (latitude, longitude) costs ε bits
and the start–end pair ``2ε`` bits (Theorem 6). The experiment counts the trips whose quantized
4-tuple is unique in the data set: a unique trip is re-identifiable by anyone who knows its
endpoints.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray

from nsp.noiseless import LinearQuantizer

#: The paper's box (Fig. 5): longitude [-74.27, -73.68], latitude [40.49, 40.92].
PAPER_BBOX: tuple[float, float, float, float] = (-74.27, -73.68, 40.49, 40.92)

_COORDS = ("pickup_latitude", "pickup_longitude", "dropoff_latitude", "dropoff_longitude")


def boxes_for(epsilon: float) -> int:
    """Levels per coordinate at point budget ``epsilon``: ``⌊2^{ε/2}⌋`` (exact for even ε).

    Examples
    --------
    >>> [boxes_for(e) for e in (0, 2, 3, 10)]
    [1, 2, 2, 32]
    """
    if epsilon < 0 or not math.isfinite(epsilon):
        raise ValueError(f"epsilon must be a finite number >= 0; got {epsilon}")
    return max(1, math.floor(2 ** (epsilon / 2) * (1 + 1e-12)))


def grid_keys(trips: pd.DataFrame, boxes: int, *, bbox: Sequence[float] = PAPER_BBOX) -> NDArray[np.int64]:
    """The quantized (pickup cell, dropoff cell) of every trip as an ``(N, 2)`` integer array.

    Each cell index is ``lat_bin · boxes + lon_bin`` with Definition 3's bins over the box edges.

    Raises
    ------
    ValueError
        If a coordinate column is missing or a trip lies outside ``bbox`` (filter first, e.g.
        ``load_nyc_taxi(bbox="paper")``), or ``boxes`` exceeds 2**31.
    """
    missing = [c for c in _COORDS if c not in trips.columns]
    if missing:
        raise ValueError(f"trips must have the columns {list(_COORDS)} (missing {missing})")
    if not 1 <= boxes <= 2**31:
        raise ValueError(f"boxes must be in 1..2**31; got {boxes}")
    lon_min, lon_max, lat_min, lat_max = bbox
    q_lat = LinearQuantizer(lat_min, lat_max, boxes, output="index")
    q_lon = LinearQuantizer(lon_min, lon_max, boxes, output="index")
    pick = q_lat.index(trips["pickup_latitude"].to_numpy()).astype(np.int64) * boxes + q_lon.index(
        trips["pickup_longitude"].to_numpy())
    drop = q_lat.index(trips["dropoff_latitude"].to_numpy()).astype(np.int64) * boxes + q_lon.index(
        trips["dropoff_longitude"].to_numpy())
    return np.column_stack([pick, drop])


def unique_count(keys: ArrayLike) -> int:
    """Number of rows of ``keys`` that occur exactly once.

    Examples
    --------
    >>> unique_count([[0, 1], [0, 1], [2, 3], [4, 5]])
    2
    """
    keys = np.asarray(keys)
    if keys.ndim != 2 or keys.shape[0] == 0:
        return 0
    _, counts = np.unique(keys, axis=0, return_counts=True)
    return int(np.sum(counts == 1))


def uniqueness_vs_epsilon(
    trips: pd.DataFrame, epsilons: Sequence[float] = tuple(range(0, 50, 2)), *, bbox: Sequence[float] = PAPER_BBOX
) -> pd.DataFrame:
    """The portion of trips with a unique quantized start–end pair for each point budget (Fig. 6).

    Returns
    -------
    pandas.DataFrame
        Columns ``epsilon`` (= ``eps_point``, bits per reported point), ``eps_pair`` (= 2ε,
        the whole trip), ``boxes``, ``n_trips``, ``n_unique``, ``ratio``.
    """
    if len(trips) == 0:
        raise ValueError("trips is empty")
    rows = []
    for eps in epsilons:
        b = boxes_for(eps)
        u = unique_count(grid_keys(trips, b, bbox=bbox))
        rows.append({"epsilon": eps, "eps_pair": 2 * eps, "boxes": b, "n_trips": len(trips),
                     "n_unique": u, "ratio": u / len(trips)})
    return pd.DataFrame(rows)


def annotation_points(curve: pd.DataFrame) -> dict[str, float | None]:
    """The ε's the paper annotates: last with no unique trip, first with some, first with all."""
    none = curve.loc[curve.n_unique == 0, "epsilon"]
    some = curve.loc[curve.n_unique > 0, "epsilon"]
    every = curve.loc[curve.ratio == 1, "epsilon"]
    return {
        "last_none": float(none.max()) if len(none) else None,
        "first_some": float(some.min()) if len(some) else None,
        "first_some_count": int(curve.loc[curve.epsilon == some.min(), "n_unique"].iloc[0]) if len(some) else None,
        "first_all": float(every.min()) if len(every) else None,
    }
