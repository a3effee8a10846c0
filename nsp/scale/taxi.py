"""Uniqueness of quantized taxi trips on Dask: Fig. 6 of the noiseless-privacy paper, any size.

The pandas path (:func:`nsp.papers.noiseless.taxi.uniqueness_vs_epsilon`) sorts one array of
keys per budget. Here the trips stay on disk or on a cluster:

- every partition computes the bins of its trips once, at the finest grid (for even budgets
  every grid is a power of two and a coarser bin is a right shift of the finest one, as in the
  pandas path), or at each grid for other budgets;
- coarse grids (at most 32 boxes per coordinate, so at most 2^20 start-end cells) are counted
  by a tree reduction of per-partition ``value_counts``;
- finer grids need every trip of a cell in one place: the bins are shuffled once by their cell
  at the coarsest fine grid (64 boxes), whose cells every finer grid refines, and each
  partition then counts its unique trips at every fine grid locally, coarsest first, looking
  again only at the trips that still share a cell (a trip alone in a cell stays alone in the
  finer ones); the counts are summed.

One :func:`dask.compute` runs it all, so the data are read once. Every count is an integer, so
the result equals the pandas path's exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from nsp._validation import as_sequence, check_real
from nsp.papers.noiseless import taxi as _taxi

from ._core import DaskInput, as_dask_frame, import_dask

__all__ = ["uniqueness_vs_epsilon"]

_COORDS = list(_taxi._COORDS)
_BINS = ["plat", "plon", "dlat", "dlon"]
#: Grids with at most this many boxes per coordinate are counted by a tree reduction.
COARSE_BOXES = 32
_MIX = np.uint64(0x9E3779B97F4A7C15)


def _bins(part: pd.DataFrame, boxes: int, bbox: tuple[float, ...]) -> pd.DataFrame:
    # Bins are < boxes <= 2**31: int32 halves what the shuffle moves.
    bins = _taxi._coordinate_bins(part, boxes, bbox)
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


def uniqueness_vs_epsilon(
    trips: DaskInput,
    epsilons: Sequence[float] = tuple(range(0, 50, 2)),
    *,
    bbox: Sequence[float] = _taxi.PAPER_BBOX,
) -> pd.DataFrame:
    """Compute Fig. 6's unique-trip counts per budget on a Dask frame or many files.

    The same result as :func:`nsp.papers.noiseless.taxi.uniqueness_vs_epsilon` on the trips
    gathered in memory (integer counts: equal exactly), for data that do not fit in memory.
    All budgets are computed in one pass over the data (one :func:`dask.compute`); the active
    ``dask.distributed`` client, if any, runs it.

    Parameters
    ----------
    trips : dask.dataframe.DataFrame, path glob or list of paths
        Trips inside ``bbox`` with the columns ``pickup_latitude, pickup_longitude,
        dropoff_latitude, dropoff_longitude``; files are Parquet or CSV with a header
        (only those four columns are read).
    epsilons : sequence of float
        Point budgets in bits, finite and ``>= 0``.
    bbox : (lon_min, lon_max, lat_min, lat_max)
        The box quantized.

    Returns
    -------
    pandas.DataFrame
        Columns ``epsilon``, ``eps_pair``, ``boxes``, ``n_trips``, ``n_unique``, ``ratio``, one
        row per budget in the order given.

    Raises
    ------
    ValueError
        If a column is missing, ``trips`` is of another type or holds no trip, a budget is
        negative, or a trip lies outside ``bbox`` (raised when computed).
    FileNotFoundError
        If no file matches the glob.

    Examples
    --------
    >>> import dask.dataframe as dd
    >>> trips = _taxi.synthetic_trips(2000, seed=1)
    >>> curve = uniqueness_vs_epsilon(dd.from_pandas(trips, npartitions=3), [4, 16])
    >>> curve.n_unique.tolist() == _taxi.uniqueness_vs_epsilon(trips, [4, 16]).n_unique.tolist()
    True
    """
    import dask

    epsilons = as_sequence("epsilons", epsilons)
    for e in epsilons:
        check_real("epsilons", e, low=0.0)
    box = _taxi._check_bbox(bbox)
    import_dask()
    frame = as_dask_frame(trips, columns=_COORDS, name="trips")
    boxes = [_taxi.boxes_for(e) for e in epsilons]
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
    return _taxi.curve_frame(epsilons, boxes, n_trips, [unique[b] for b in boxes])
