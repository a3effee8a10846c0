"""Uniqueness of quantized taxi trips: the binning kernels of both engines and the Dask path.

The kernels (:func:`boxes_for`, :func:`coordinate_bins`, :func:`curve_frame`) are shared by
both engines of :func:`nsp.datasets.uniqueness_vs_epsilon`. The pandas engine sorts one array
of keys per budget; the Dask path (:func:`uniqueness_dask`) keeps the trips on
disk or on a cluster:

- every partition computes the bins of its trips once, at the finest grid (for even budgets
  every grid is a power of two and a coarser bin is a right shift of the finest one, as in the
  pandas engine), or at each grid for other budgets;
- coarse grids (at most 32 boxes per coordinate, so at most 2^20 start-end cells) are counted
  by a tree reduction of per-partition ``value_counts``;
- finer grids need every trip of a cell in one place: the bins are shuffled once by their cell
  at the coarsest fine grid (64 boxes), whose cells every finer grid refines, and each
  partition then counts its unique trips at every fine grid locally, coarsest first, looking
  again only at the trips that still share a cell (a trip alone in a cell stays alone in the
  finer ones); the counts are summed.

One :func:`dask.compute` runs it all, so the data are read once. Every count is an integer, so
the result equals the pandas engine's exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd
from numpy.typing import NDArray

from nsp._dask import DaskInput, as_dask_frame, import_dask
from nsp._validation import as_sequence, check_frame, check_int, check_real
from nsp.noiseless import LinearQuantizer, local_levels

__all__ = [
    "TAXI_COORDS",
    "boxes_for",
    "check_bbox",
    "coordinate_bins",
    "curve_frame",
    "uniqueness_dask",
]

#: The four coordinates of a trip, in the order of the bins.
TAXI_COORDS = ("pickup_latitude", "pickup_longitude", "dropoff_latitude", "dropoff_longitude")


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


_BINS = ["plat", "plon", "dlat", "dlon"]
#: Grids with at most this many boxes per coordinate are counted by a tree reduction.
COARSE_BOXES = 32
_MIX = np.uint64(0x9E3779B97F4A7C15)


def _bins(part: pd.DataFrame, boxes: int, bbox: tuple[float, ...]) -> pd.DataFrame:
    # Bins are < boxes <= 2**31: int32 halves what the shuffle moves.
    bins = coordinate_bins(part, boxes, bbox)
    return pd.DataFrame({c: b.astype(np.int32) for c, b in zip(_BINS, bins, strict=True)})


def _keys(bins: pd.DataFrame, base: int, boxes: int) -> tuple[np.ndarray, np.ndarray]:
    """(pickup cell, dropoff cell) at ``boxes`` from bins at the finer ``base`` grid."""
    shift = base.bit_length() - boxes.bit_length() if base != boxes else 0
    plat, plon, dlat, dlon = (bins[c].to_numpy(np.int64) >> shift for c in _BINS)
    return plat * boxes + plon, dlat * boxes + dlon


def _coarse_key(bins: pd.DataFrame, base: int, boxes: int) -> pd.Series:
    pick, drop = _keys(bins, base, boxes)
    return pd.Series(pick * (boxes * boxes) + drop, dtype=np.int64, name="key")


def _with_cell(bins: pd.DataFrame, base: int, boxes: int) -> pd.DataFrame:
    pick, drop = _keys(bins, base, boxes)
    cell = (pick.astype(np.uint64) * _MIX) ^ drop.astype(np.uint64)
    return bins.assign(_cell=(cell >> np.uint64(1)).astype(np.int64))


def _singletons(pick: np.ndarray, drop: np.ndarray) -> np.ndarray:
    """Mask of the rows whose (pick, drop) pair occurs once."""
    n = len(pick)
    order = np.lexsort((drop, pick))
    p, d = pick[order], drop[order]
    new = np.ones(n + 1, dtype=bool)
    new[1:-1] = (p[1:] != p[:-1]) | (d[1:] != d[:-1])
    sizes = np.diff(np.flatnonzero(new))
    mask = np.empty(n, dtype=bool)
    mask[order] = np.repeat(sizes == 1, sizes)
    return mask


def _fine_counts(part: pd.DataFrame, base: int, levels: Sequence[int]) -> pd.DataFrame:
    """Count the unique trips of a partition at each fine grid, coarsest first.

    A trip alone in its cell stays alone in every finer cell (finer grids refine coarser ones),
    so each grid only re-examines the trips that still share a cell.
    """
    row = {}
    unique = 0
    shared = part
    for b in levels:
        if len(shared):
            alone = _singletons(*_keys(shared, base, b))
            unique += int(alone.sum())
            shared = shared.loc[~alone]
        row[f"b{b}"] = unique
    return pd.DataFrame({k: [v] for k, v in row.items()}, dtype=np.int64)


def _family(bins: Any, base: int, levels: Sequence[int]) -> dict[int, Any]:
    """Lazy unique counts of ``levels`` (all refining nothing finer than ``base``)."""
    out: dict[int, Any] = {}
    meta_key = pd.Series([], dtype=np.int64, name="key")
    for b in [b for b in levels if b <= COARSE_BOXES]:
        vc = bins.map_partitions(_coarse_key, base, b, meta=meta_key).value_counts()
        out[b] = (vc == 1).sum()
    fine = sorted({b for b in levels if b > COARSE_BOXES})
    if fine:
        meta = bins._meta.assign(_cell=pd.Series([], dtype=np.int64))
        celled = bins.map_partitions(_with_cell, base, fine[0], meta=meta)
        shuffled = celled.shuffle(on="_cell", npartitions=bins.npartitions)
        meta_counts = pd.DataFrame({f"b{b}": pd.Series([], dtype=np.int64) for b in fine})
        sums = shuffled.map_partitions(_fine_counts, base, fine, meta=meta_counts).sum()
        for b in fine:
            out[b] = sums[f"b{b}"]
    return out


def uniqueness_dask(
    trips: DaskInput, epsilons: Sequence[float], *, bbox: Sequence[float]
) -> pd.DataFrame:
    """Run the Dask engine of :func:`nsp.datasets.uniqueness_vs_epsilon` (the module's notes)."""
    import dask  # noqa: PLC0415  (optional dependency: dask (extra nsp-privacy[scale]))

    epsilons = as_sequence("epsilons", epsilons)
    for e in epsilons:
        check_real("epsilons", e, low=0.0)
    box = check_bbox(bbox)
    import_dask()
    frame = as_dask_frame(trips, columns=list(TAXI_COORDS), name="trips")
    boxes = [boxes_for(e) for e in epsilons]
    lazy: dict[int, Any] = {}
    if boxes and all(b & (b - 1) == 0 for b in boxes):
        finest = max(boxes)
        bins = frame.map_partitions(_bins, finest, box, meta=_bins(frame._meta, 1, box))
        lazy.update(_family(bins, finest, boxes))
    else:
        for b in dict.fromkeys(boxes):
            bins = frame.map_partitions(_bins, b, box, meta=_bins(frame._meta, 1, box))
            lazy.update(_family(bins, b, [b]))
    order = list(lazy)
    n_trips, *counts = dask.compute(frame.shape[0], *(lazy[b] for b in order))
    n_trips = int(n_trips)
    if n_trips == 0:
        raise ValueError("trips is empty")
    unique = {b: int(c) for b, c in zip(order, counts, strict=True)}
    return curve_frame(epsilons, boxes, n_trips, [unique[b] for b in boxes])
