"""Packed Morton keys of taxi trips: the kernels that run on every chunk of trips.

What :mod:`nsp.scale._morton`'s engines run per chunk, on a thread or on a Dask worker: read the
four coordinates of Parquet row groups, quantize them into packed keys, split the keys into
buckets, and count a bucket's sorted keys. This module imports numpy only (pyarrow on the first
read), so that a fresh Dask worker, which imports the module of every function it runs, is
ready in a fraction of a second instead of importing pandas, SciPy and the rest of nsp.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

__all__ = [
    "TAXI_COORDS",
    "Family",
    "family_plan",
    "morton_counts",
    "quantize_chunk",
]

#: The four coordinates of a trip, in the order of the bins.
TAXI_COORDS = ("pickup_latitude", "pickup_longitude", "dropoff_latitude", "dropoff_longitude")
#: Bits per coordinate held in the ``uint64`` head of a key.
HEAD_BITS = 16
#: Rows of sorted keys compared at a time.
BLOCK = 1 << 20


def _spread_table() -> NDArray[np.uint64]:
    """``T[v]`` puts bit ``i`` of the 16-bit ``v`` at bit ``4 i`` (one nibble per bit)."""
    v = np.arange(1 << 16, dtype=np.uint64)
    out = np.zeros(1 << 16, dtype=np.uint64)
    for i in range(16):
        out |= ((v >> np.uint64(i)) & np.uint64(1)) << np.uint64(4 * i)
    return out


_SPREAD = _spread_table()
#: ``16**j`` for j = 0..15: ``searchsorted`` counts the nibbles a difference spans.
_NIBBLES = np.array([16**j for j in range(16)], dtype=np.uint64)


@dataclass(frozen=True)
class Family:
    """Budgets counted from one key: ``grid`` boxes per coordinate, ``bits`` per bin.

    ``levels`` are the grids counted, as prefixes of ``k`` bits per coordinate (a power-of-two
    family counts every ``2^k`` grid from the key of the finest one; another grid is a family of
    one level, ``bits``, the whole key).
    """

    grid: int
    bits: int
    levels: tuple[int, ...]

    @property
    def head(self) -> int:
        """Bits per coordinate in the ``uint64`` head of the key."""
        return min(self.bits, HEAD_BITS)


def family_plan(boxes: Sequence[int]) -> list[Family]:
    """Group the grids into families: every power of two in one, each other grid alone.

    Examples
    --------
    >>> [(f.grid, f.levels) for f in family_plan([1, 2, 5, 1024, 5])]
    [(1024, (0, 1, 10)), (5, (3,))]
    """
    powers = sorted({b.bit_length() - 1 for b in boxes if b & (b - 1) == 0})
    out = [Family(1 << powers[-1], powers[-1], tuple(powers))] if powers else []
    for b in dict.fromkeys(b for b in boxes if b & (b - 1)):
        w = (b - 1).bit_length()
        out.append(Family(b, w, (w,)))
    return out


def _bins(x: NDArray[np.float64], lo: float, hi: float, q: int, name: str) -> NDArray[np.uint64]:
    """Definition 3's bin of every value, as :meth:`LinearQuantizer.index` computes it.

    ``floor((x - lo) · q / (hi - lo))`` clipped to ``q - 1`` (the top edge), in the same
    floating-point operations, so the bins are equal bit for bit.
    """
    if x.size:
        low, high = float(np.min(x)), float(np.max(x))
        if np.isnan(low) or np.isnan(high):
            raise ValueError(f"trips' {name} must not be NaN")
        if low < lo or high > hi:
            bad = low if low < lo else high
            raise ValueError(
                f"trips must lie inside bbox: {name} {bad:.6g} is outside [{lo}, {hi}] "
                "(filter first, e.g. load_nyc_taxi(bbox='paper'))"
            )
    k = x - lo
    k *= q
    k /= hi - lo
    np.floor(k, out=k)
    np.minimum(k, q - 1, out=k)
    return k.astype(np.uint64)


def quantize_chunk(
    coords: Sequence[NDArray[np.float64]], families: Sequence[Family], bbox: Sequence[float]
) -> list[tuple[NDArray[np.uint64], NDArray[Any] | None]]:
    """Return the packed key ``(head, tail)`` of each trip of a chunk, for each family.

    ``coords`` are the four coordinate columns in the order of ``TAXI_COORDS``. The head is the
    Morton key of the first 16 bits of each bin (pickup latitude most significant); the tail,
    for grids finer than 2^16, the remaining bits of the four bins side by side (not
    interleaved: only the trips sharing a head need it, see :func:`morton_counts`).
    """
    lon_min, lon_max, lat_min, lat_max = bbox
    out = []
    for fam in families:
        bins = [
            _bins(
                np.asarray(c, dtype=np.float64),
                lat_min if "lat" in n else lon_min,
                lat_max if "lat" in n else lon_max,
                fam.grid,
                n,
            )
            for c, n in zip(coords, TAXI_COORDS, strict=True)
        ]
        rest = fam.bits - fam.head
        head = np.zeros(len(bins[0]), dtype=np.uint64)
        # The tail's 4 rest bits, in 32 bits when they fit (up to 2^24 boxes).
        tail: NDArray[Any] | None = None
        if rest:
            tail = np.zeros(len(bins[0]), dtype=np.uint32 if rest <= 8 else np.uint64)
        for j, b in enumerate(bins):
            top = b >> np.uint64(rest) if rest else b
            head |= _SPREAD[top] << np.uint64(3 - j)
            if tail is not None:
                field = (b & np.uint64((1 << rest) - 1)) << np.uint64(rest * (3 - j))
                np.bitwise_or(tail, field.astype(tail.dtype, copy=False), out=tail)
        out.append((head, tail))
    return out


def _interleave_tail(tail: NDArray[np.uint64], rest: int) -> NDArray[np.uint64]:
    """Return the Morton key of the four ``rest``-bit fields of ``tail`` (``rest <= 16``)."""
    mask = np.uint64((1 << rest) - 1)
    out = np.zeros(len(tail), dtype=np.uint64)
    for j in range(4):
        field = (tail >> np.uint64(rest * (3 - j))) & mask
        out |= _SPREAD[field] << np.uint64(3 - j)
    return out


def _shared_levels(a: NDArray[np.uint64], b: NDArray[np.uint64], levels: int) -> NDArray[np.intp]:
    """Leading levels (nibbles) two ``levels``-level Morton keys share, elementwise."""
    spanned = np.searchsorted(_NIBBLES, a ^ b, side="right")  # nibbles of the difference
    return levels - spanned


def _head_hist(ordered: NDArray[np.uint64], top: int, size: int) -> tuple[Any, Any]:
    """Histogram of the levels each sorted head shares with a neighbour; the tied heads.

    In blocks of :data:`BLOCK` rows, so the temporaries stay small whatever the size.
    """
    n = len(ordered)
    hist = np.zeros(size, dtype=np.int64)
    tied = []
    for i in range(0, n, BLOCK):
        j = min(i + BLOCK, n)
        lo, hi = max(i - 1, 0), min(j + 1, n)
        seg = ordered[lo:hi]
        pair = _shared_levels(seg[1:], seg[:-1], top)
        ext = np.full(len(seg) + 1, -1, dtype=np.intp)
        ext[1:-1] = pair
        row = np.maximum(ext[i - lo : j - lo], ext[i - lo + 1 : j - lo + 1])
        hist += np.bincount(row + 1, minlength=size)
        tied.append(seg[1:][pair == top])
    return hist, np.unique(np.concatenate(tied)) if tied else ordered[:0]


def _neighbour_max(pair: NDArray[np.intp], n: int) -> NDArray[np.intp]:
    """Per row of a sorted run, the larger of its two neighbour values (-1 at the ends)."""
    out = np.full(n, -1, dtype=np.intp)
    if n > 1:
        out[1:] = pair
        np.maximum(out[:-1], pair, out=out[:-1])
    return out


def morton_counts(
    head: NDArray[np.uint64], tail: NDArray[Any] | None, fam: Family
) -> NDArray[np.int64]:
    """Trips by the number of levels they share with their closest other trip (-1: alone).

    Returns ``h`` of length ``fam.bits + 2``: ``h[s + 1]`` trips share ``s`` levels at most
    (``s = fam.bits``: an equal key). A trip is alone at ``2^k`` boxes iff it shares fewer than
    ``k`` levels, so the unique count at level ``k`` is ``h[:k + 1].sum()``. Without a tail,
    ``head`` is sorted in place.
    """
    top = fam.head
    if tail is None:
        head.sort()
        return _head_hist(head, top, fam.bits + 2)[0]
    hist, tied = _head_hist(np.sort(head), top, fam.bits + 2)
    if not len(tied):
        return hist
    # The trips sharing all their head levels: look at the tail, for them only.
    hist[top + 1] = 0
    found = []
    for i in range(0, len(head), BLOCK):
        block = head[i : i + BLOCK]
        pos = np.searchsorted(tied, block)
        pos[pos == len(tied)] = 0
        found.append(np.flatnonzero(tied[pos] == block) + i)
    rows = np.concatenate(found)
    rest = fam.bits - top
    h, t = head[rows], _interleave_tail(tail[rows].astype(np.uint64), rest)
    order = np.lexsort((t, h))
    h, t = h[order], t[order]
    pair = np.where(h[1:] == h[:-1], top + _shared_levels(t[1:], t[:-1], rest), -1)
    # Adjacent rows with different heads share fewer than ``top`` levels, but each of these
    # rows shares all ``top`` head levels with some other row: it has a same-head neighbour.
    more = _neighbour_max(pair, len(rows))
    hist += np.bincount(more + 1, minlength=fam.bits + 2).astype(np.int64)
    return hist


Coords = list[NDArray[np.float64]]


def _read_row_group(path: str, group: int) -> Coords:
    """Return the four coordinates of one Parquet row group, as float64 arrays."""
    import pyarrow.parquet as pq  # noqa: PLC0415  (optional dependency: pyarrow (extra nsp-privacy[scale]))

    table = pq.ParquetFile(path).read_row_group(group, columns=list(TAXI_COORDS))
    return [table.column(c).to_numpy().astype(np.float64, copy=False) for c in TAXI_COORDS]


def _read_row_groups(groups: Sequence[tuple[str, int]]) -> Coords:
    """Return the four coordinates of consecutive Parquet row groups, concatenated."""
    parts = [_read_row_group(f, g) for f, g in groups]
    if len(parts) == 1:
        return parts[0]
    return [np.concatenate([part[i] for part in parts]) for i in range(len(TAXI_COORDS))]


_MIX = np.uint64(0x9E3779B97F4A7C15)

Keys = tuple[NDArray[np.uint64], NDArray[Any] | None]


def _split(part: Any, fam: Family, box: tuple[float, ...], coarse: int, n: int) -> Any:
    """Return a partition's cell counts at ``coarse`` levels, then its keys in ``n`` buckets.

    The bucket of a trip is a hash of its cell at ``coarse`` levels, so every trip sharing a
    finer cell goes to the same bucket, whichever partition it comes from. ``part`` is a pandas
    partition or a reader of a Parquet row group.
    """
    if callable(part):
        coords = part()
    else:
        coords = [part[c].to_numpy(dtype=np.float64) for c in TAXI_COORDS]
    return _split_coords(coords, fam, box, coarse, n)


def _split_coords(coords: Coords, fam: Family, box: tuple[float, ...], coarse: int, n: int) -> Any:
    """:func:`_split` of the four coordinate arrays of a chunk."""
    head, tail = quantize_chunk(coords, [fam], box)[0]
    cell = head >> np.uint64(4 * (fam.head - coarse))
    counts = np.bincount(cell.astype(np.intp), minlength=1 << (4 * coarse))
    if n == 1:
        return counts, (head, tail)
    bucket = (((cell * _MIX) >> np.uint64(32)) % np.uint64(n)).astype(np.uint16)
    order = np.argsort(bucket, kind="stable")
    cuts = np.cumsum(np.bincount(bucket, minlength=n))[:-1]
    heads = np.split(head[order], cuts)
    tails = np.split(tail[order], cuts) if tail is not None else [None] * n
    return (counts, *zip(heads, tails, strict=True))


def _bucket_hist(pieces: list[Keys], fam: Family, coarse: int) -> NDArray[np.int64]:
    """Histogram of the shared levels of a bucket's trips that share ``coarse`` or more.

    Every trip of a ``coarse``-level cell is in the same bucket, so for those the count is the
    whole data's; a trip sharing fewer levels is alone in its ``coarse`` cell, which the cells'
    counts already tell.
    """
    head = np.concatenate([p[0] for p in pieces])
    tails = [p[1] for p in pieces]
    tail = None if tails[0] is None else np.concatenate([t for t in tails if t is not None])
    hist = morton_counts(head, tail, fam)
    hist[: coarse + 1] = 0
    return hist


def _add(arrays: list[NDArray[np.int64]]) -> NDArray[np.int64]:
    total = np.zeros(len(arrays[0]), dtype=np.int64)
    for a in arrays:
        total += a
    return total
