"""Uniqueness of quantized taxi start–end points (Farokhi, Sec. V-C, Figs. 5–6).

Each coordinate of a trip's pickup and dropoff is reported through a local linear quantizer of
the bounding box with ``b = ⌊2^{ε/2}⌋`` levels, so a point (latitude, longitude) costs ε bits
and the start–end pair ``2ε`` bits (Theorem 6). The experiment counts the trips whose quantized
4-tuple is unique in the data set: a unique trip is re-identifiable by anyone who knows its
endpoints.

References
----------
F. Farokhi, *Noiseless privacy*, arXiv:1910.13027, 2019, Sec. V-C.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray

from nsp._validation import check_int, check_real
from nsp.datasets import NYC_BBOX_PAPER
from nsp.noiseless import LinearQuantizer, local_levels
from nsp.scale._core import is_dask_frame

__all__ = [
    "PAPER_BBOX",
    "PAPER_EPSILONS",
    "PAPER_FIRST_SOME_COUNT",
    "PAPER_N_TRIPS",
    "annotation_points",
    "boxes_for",
    "curve_frame",
    "grid_keys",
    "synthetic_trips",
    "unique_count",
    "uniqueness_vs_epsilon",
]

#: The paper's box (Fig. 5), (lon_min, lon_max, lat_min, lat_max); defined with the loader.
PAPER_BBOX: tuple[float, float, float, float] = NYC_BBOX_PAPER
#: The paper's data: the first million trips of the 2014 file.
PAPER_N_TRIPS: int = 1_000_000
#: Point budgets of Fig. 6 (even, so that every grid has a power-of-two number of boxes).
PAPER_EPSILONS: tuple[int, ...] = tuple(range(0, 50, 2))
#: Fig. 6's annotation: unique trips at the first budget with any.
PAPER_FIRST_SOME_COUNT: int = 19

_COORDS = ("pickup_latitude", "pickup_longitude", "dropoff_latitude", "dropoff_longitude")


def boxes_for(epsilon: float) -> int:
    """Levels per coordinate at point budget ``epsilon`` (``ε/2`` per coordinate): ``⌊2^{ε/2}⌋``.

    Parameters
    ----------
    epsilon : float
        Budget in bits per point (latitude and longitude), finite and ``>= 0``.

    Returns
    -------
    int
        Boxes per coordinate.

    Examples
    --------
    >>> [boxes_for(e) for e in (0, 2, 3, 10)]
    [1, 2, 2, 32]
    """
    return local_levels(check_real("epsilon", epsilon, low=0.0) / 2)


def _check_bbox(bbox: Sequence[float]) -> tuple[float, float, float, float]:
    if isinstance(bbox, str) or len(bbox) != 4:
        raise ValueError(f"bbox must be (lon_min, lon_max, lat_min, lat_max); got {bbox!r}")
    lon_min, lon_max, lat_min, lat_max = (check_real(f"bbox[{k}]", v) for k, v in enumerate(bbox))
    if not (lon_min < lon_max and lat_min < lat_max):
        raise ValueError(f"bbox must have lon_min < lon_max and lat_min < lat_max; got {bbox!r}")
    return lon_min, lon_max, lat_min, lat_max


def _coordinate_bins(
    trips: pd.DataFrame, boxes: int, bbox: Sequence[float]
) -> list[NDArray[np.int64]]:
    """Definition 3's bin of each coordinate (pickup lat, pickup lon, dropoff lat, dropoff lon)."""
    if not isinstance(trips, pd.DataFrame):
        raise ValueError(f"trips must be a pandas DataFrame; got {type(trips).__name__}")
    missing = [c for c in _COORDS if c not in trips.columns]
    if missing:
        raise ValueError(f"trips must have the columns {list(_COORDS)} (missing {missing})")
    boxes = check_int("boxes", boxes, low=1, high=2**31)
    lon_min, lon_max, lat_min, lat_max = _check_bbox(bbox)
    q_lat = LinearQuantizer(lat_min, lat_max, boxes, output="index")
    q_lon = LinearQuantizer(lon_min, lon_max, boxes, output="index")
    return [
        np.asarray((q_lat if "lat" in c else q_lon).index(trips[c].to_numpy()), dtype=np.int64)
        for c in _COORDS
    ]


def grid_keys(
    trips: pd.DataFrame, boxes: int, *, bbox: Sequence[float] = PAPER_BBOX
) -> NDArray[np.int64]:
    """Return the quantized (pickup cell, dropoff cell) of every trip as an ``(N, 2)`` array.

    Each cell index is ``lat_bin · boxes + lon_bin`` with Definition 3's bins over the box edges.

    Parameters
    ----------
    trips : pandas.DataFrame
        Columns ``pickup_latitude, pickup_longitude, dropoff_latitude, dropoff_longitude``.
    boxes : int
        Boxes per coordinate, ``1..2**31``.
    bbox : (lon_min, lon_max, lat_min, lat_max)
        The box quantized.

    Returns
    -------
    numpy.ndarray of int64, shape (N, 2)

    Raises
    ------
    ValueError
        If a coordinate column is missing or a trip lies outside ``bbox`` (filter first, e.g.
        ``load_nyc_taxi(bbox="paper")``), or ``boxes`` exceeds 2**31.
    """
    plat, plon, dlat, dlon = _coordinate_bins(trips, boxes, bbox)
    pick, drop = plat * boxes + plon, dlat * boxes + dlon
    return np.column_stack([pick, drop])


def unique_count(keys: ArrayLike) -> int:
    """Count the rows of ``keys`` (pairs of non-negative cell indices) that occur exactly once.

    The pair is packed into one integer when it fits in 63 bits (one sort), else each column is
    replaced by the rank of its value first.

    Parameters
    ----------
    keys : array_like of int, shape (N, 2)
        Non-negative cell indices.

    Returns
    -------
    int

    Examples
    --------
    >>> unique_count([[0, 1], [0, 1], [2, 3], [4, 5]])
    2
    """
    raw = np.asarray(keys)
    if raw.size and not np.issubdtype(raw.dtype, np.integer):
        raise ValueError(f"keys must be integer cell indices; got dtype {raw.dtype}")
    keys = raw.astype(np.int64)
    if keys.ndim != 2 or keys.shape[1] != 2:
        raise ValueError(f"keys must be an (N, 2) array of cell indices; got shape {keys.shape}")
    if keys.shape[0] == 0:
        return 0
    if keys.min() < 0:
        raise ValueError("keys must be non-negative cell indices")
    first, second = keys[:, 0], keys[:, 1]
    span = int(second.max()) + 1
    if int(first.max()) >= (2**63 - 1) // span:
        # Too many cells to pack: replace each column by the rank of its value (< N).
        first = np.unique(first, return_inverse=True)[1].astype(np.int64)
        second = np.unique(second, return_inverse=True)[1].astype(np.int64)
        span = int(second.max()) + 1
    packed = np.sort(first * span + second)
    new = np.empty(packed.size + 1, dtype=bool)
    new[0], new[-1] = True, True
    new[1:-1] = packed[1:] != packed[:-1]
    starts = np.flatnonzero(new)
    return int(np.sum(np.diff(starts) == 1))


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
    """
    n = check_int("n", n, low=1, high=10**7)
    decimals = check_int("decimals", decimals, low=0, high=15)
    seed = check_int("seed", seed, low=0)
    rng = np.random.default_rng(seed)
    lon0, lon1, lat0, lat1 = _check_bbox(bbox)
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


def uniqueness_vs_epsilon(
    trips: pd.DataFrame,
    epsilons: Sequence[float] = tuple(range(0, 50, 2)),
    *,
    bbox: Sequence[float] = PAPER_BBOX,
) -> pd.DataFrame:
    """Compute the portion of trips with a unique quantized start–end pair per budget (Fig. 6).

    Parameters
    ----------
    trips : pandas.DataFrame or dask.dataframe.DataFrame
        Trips inside ``bbox`` (see :func:`grid_keys`). A Dask frame is counted out of core by
        :func:`nsp.scale.uniqueness_vs_epsilon` (same result).
    epsilons : sequence of float
        Point budgets in bits, finite and ``>= 0``.
    bbox : (lon_min, lon_max, lat_min, lat_max)
        The box quantized.

    Returns
    -------
    pandas.DataFrame
        Columns ``epsilon`` (= ``eps_point``, bits per reported point), ``eps_pair`` (= 2ε,
        the whole trip), ``boxes``, ``n_trips``, ``n_unique``, ``ratio``.
    """
    if is_dask_frame(trips):
        from nsp.scale.taxi import uniqueness_vs_epsilon as on_dask

        return on_dask(trips, epsilons, bbox=bbox)
    if len(trips) == 0:
        raise ValueError("trips is empty")
    for e in epsilons:
        check_real("epsilons", e, low=0.0)
    boxes = [boxes_for(eps) for eps in epsilons]
    finest = max(boxes)
    nested = all(
        b & (b - 1) == 0 for b in boxes
    )  # powers of two: every grid refines into the finest
    if nested:
        # Bins at the finest power-of-two grid, once; a coarser grid's bin is a right shift of it
        # (scaling by a power of two is exact in floating point, so this equals quantizing again).
        fine = _coordinate_bins(trips, finest, bbox)
    uniques = []
    for b in boxes:
        if nested:
            shift = finest.bit_length() - b.bit_length()
            plat, plon, dlat, dlon = (c >> shift for c in fine)
            keys = np.empty((len(trips), 2), dtype=np.int64)
            np.multiply(plat, b, out=keys[:, 0])
            keys[:, 0] += plon
            np.multiply(dlat, b, out=keys[:, 1])
            keys[:, 1] += dlon
        else:
            keys = grid_keys(trips, b, bbox=bbox)
        uniques.append(unique_count(keys))
    return curve_frame(epsilons, boxes, len(trips), uniques)


def curve_frame(
    epsilons: Sequence[float], boxes: Sequence[int], n_trips: int, n_unique: Sequence[int]
) -> pd.DataFrame:
    """Assemble Fig. 6's table from the unique-trip count of each budget.

    The one place the table's columns and dtypes are defined, for the pandas and the Dask path.

    Parameters
    ----------
    epsilons : sequence of float
        Point budgets in bits.
    boxes : sequence of int
        Boxes per coordinate of each budget (:func:`boxes_for`).
    n_trips : int
        Number of trips, ``>= 1``.
    n_unique : sequence of int
        Unique trips at each budget, ``0..n_trips``.

    Returns
    -------
    pandas.DataFrame
        Columns ``epsilon``, ``eps_pair``, ``boxes``, ``n_trips``, ``n_unique``, ``ratio``.

    Examples
    --------
    >>> curve_frame([0, 2], [1, 2], 4, [0, 2]).ratio.tolist()
    [0.0, 0.5]
    """
    n_trips = check_int("n_trips", n_trips, low=1)
    if not len(epsilons) == len(boxes) == len(n_unique):
        raise ValueError("epsilons, boxes and n_unique must have the same length")
    rows = []
    for eps, b, u in zip(epsilons, boxes, n_unique, strict=True):
        u = check_int("n_unique", u, low=0, high=n_trips)
        rows.append(
            {
                "epsilon": eps,
                "eps_pair": 2 * eps,
                "boxes": b,
                "n_trips": n_trips,
                "n_unique": u,
                "ratio": u / n_trips,
            }
        )
    return pd.DataFrame(rows)


def annotation_points(curve: pd.DataFrame) -> dict[str, Any]:
    """Find the ε's the paper annotates: last with no unique trip, first with some, first with all.

    Parameters
    ----------
    curve : pandas.DataFrame
        The result of :func:`uniqueness_vs_epsilon`.

    Returns
    -------
    dict
        ``last_none``, ``first_some``, ``first_some_count`` (unique trips there) and
        ``first_all``; ``None`` where no budget qualifies.
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
