"""Uniqueness of quantized taxi trips: the binning kernels every engine shares.

The kernels (:func:`boxes_for`, :func:`coordinate_bins`, :func:`curve_frame`) are shared by
the engines of :func:`nsp.datasets.uniqueness_vs_epsilon`: the pandas engine sorts one array
of keys per budget; the streaming and Dask engines (``nsp._scale._morton``) count packed
Morton keys, one sort for all the nested budgets.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd
from numpy.typing import NDArray

from nsp._scale._keys import TAXI_COORDS
from nsp._validation import as_sequence, check_frame, check_int, check_real
from nsp.noiseless import LinearQuantizer, local_levels

__all__ = [
    "TAXI_COORDS",
    "boxes_for",
    "check_bbox",
    "check_epsilons",
    "coordinate_bins",
    "curve_frame",
]

#: The finest budget: 2^31 boxes a coordinate (the bins' limit in every engine).
MAX_EPSILON = 62.0


def boxes_for(epsilon: float) -> int:
    """Return the levels per coordinate at point budget ``epsilon`` (``ε/2`` each): ``⌊2^{ε/2}⌋``.

    Parameters
    ----------
    epsilon : float
        Budget in bits per point (latitude and longitude), finite and ``>= 0``.

    Returns
    -------
    int
        Boxes per coordinate.

    See Also
    --------
    nsp.datasets.grid_keys : The keys of the trips on these boxes.
    annotation_points : The budgets the paper annotates.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy", arXiv:1910.13027, 2019, Definition 3 and Theorem 8.

    Examples
    --------
    >>> [boxes_for(e) for e in (0, 2, 3, 10)]
    [1, 2, 2, 32]
    """
    return local_levels(check_real("epsilon", epsilon, low=0.0) / 2)


def check_epsilons(epsilons: Sequence[float]) -> list[float]:
    """``epsilons`` as a checked list: at least one budget, each ``0 <= ε <= 62``.

    Examples
    --------
    >>> check_epsilons((0, 2.5))
    [0, 2.5]
    """
    epsilons = as_sequence("epsilons", epsilons)
    if not epsilons:
        raise ValueError("epsilons must hold at least one budget")
    for e in epsilons:
        # 2^31 boxes a coordinate at most, as coordinate_bins allows.
        check_real("epsilons", e, low=0.0, high=MAX_EPSILON)
    return epsilons


def check_bbox(bbox: Sequence[float]) -> tuple[float, float, float, float]:
    """``bbox`` as a checked ``(lon_min, lon_max, lat_min, lat_max)``."""
    if isinstance(bbox, str) or len(bbox) != 4:
        raise ValueError(f"bbox must be (lon_min, lon_max, lat_min, lat_max); got {bbox!r}")
    lon_min, lon_max, lat_min, lat_max = (check_real(f"bbox[{k}]", v) for k, v in enumerate(bbox))
    if not (lon_min < lon_max and lat_min < lat_max):
        raise ValueError(f"bbox must have lon_min < lon_max and lat_min < lat_max; got {bbox!r}")
    return lon_min, lon_max, lat_min, lat_max


def coordinate_bins(
    trips: pd.DataFrame, boxes: int, bbox: Sequence[float]
) -> list[NDArray[np.int64]]:
    """Definition 3's bin of each coordinate (pickup lat, pickup lon, dropoff lat, dropoff lon)."""
    check_frame("trips", trips)
    missing = [c for c in TAXI_COORDS if c not in trips.columns]
    if missing:
        raise ValueError(f"trips must have the columns {list(TAXI_COORDS)} (missing {missing})")
    boxes = check_int("boxes", boxes, low=1, high=2**31)
    lon_min, lon_max, lat_min, lat_max = check_bbox(bbox)
    q_lat = LinearQuantizer(lat_min, lat_max, boxes, output="index")
    q_lon = LinearQuantizer(lon_min, lon_max, boxes, output="index")
    return [
        np.asarray((q_lat if "lat" in c else q_lon).index(trips[c].to_numpy()), dtype=np.int64)
        for c in TAXI_COORDS
    ]


def curve_frame(
    epsilons: Sequence[float], boxes: Sequence[int], n_trips: int, n_unique: Sequence[int]
) -> pd.DataFrame:
    """Assemble Fig. 6's table from the unique-trip count of each budget.

    The one place the table's columns and dtypes are defined, for the pandas and the Dask engine.

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
