"""Packed Morton keys of taxi trips: the kernels that run on every chunk of trips.

What :mod:`nsp._scale._morton`'s engines run per chunk, on a thread or on a Dask worker: read the
four coordinates of Parquet row groups, quantize them into packed keys, split the keys into
buckets, and count a bucket's sorted keys. This module imports numpy only (pyarrow on the first
read), so that a fresh Dask worker, which imports the module of every function it runs, is
ready in a fraction of a second instead of importing pandas, SciPy and the rest of nsp.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
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
#: Trips quantized, split or compared at a time. A block's temporaries stay in the cache and in
#: the allocator's reused memory; temporaries the size of a chunk would each be a fresh memory
#: mapping, a page fault every 4 KiB (on a virtual machine that hands freed memory back to its
#: host, several microseconds each: once more than half of the Dask path's time).
BLOCK = 1 << 16
#: The block of a Dask task: an int64 temporary of 120 KiB, under the 128 KiB above which glibc
#: maps fresh memory for every array once its thresholds are pinned, as Dask's worker processes
#: pin them (``MALLOC_TRIM_THRESHOLD_``). Larger blocks there cost a third of a bucket's time in
#: page faults; smaller ones everywhere cost the threads of one process their shared lock.
WORKER_BLOCK = 15 << 10


def _spread_table() -> NDArray[np.uint64]:
    """``T[v]`` puts bit ``i`` of the 16-bit ``v`` at bit ``4 i`` (one nibble per bit)."""
    v = np.arange(1 << 16, dtype=np.uint64)
    out = np.zeros(1 << 16, dtype=np.uint64)
    for i in range(16):
        out |= ((v >> np.uint64(i)) & np.uint64(1)) << np.uint64(4 * i)
    return out


_SPREAD = _spread_table()
#: ``_SPREADS[c]``: the bits of coordinate ``c`` at their place in the key (coordinate 0 most
#: significant in each nibble).
_SPREADS = np.stack([_SPREAD << np.uint64(3 - c) for c in range(4)])
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


def _check_range(x: NDArray[np.float64], lo: float, hi: float, name: str) -> None:
    """Raise a ValueError if a coordinate is NaN or outside ``[lo, hi]``."""
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


def _bins_into(
    x: NDArray[np.float64],
    lo: float,
    hi: float,
    q: int,
    scratch: NDArray[np.float64],
    out: NDArray[np.int64],
) -> NDArray[np.int64]:
    """Definition 3's bin of every value of a block, as :meth:`LinearQuantizer.index` computes it.

    ``floor((x - lo) · q / (hi - lo))`` clipped to ``q - 1`` (the top edge), in the same
    floating-point operations, so the bins are equal bit for bit; computed in ``scratch`` and
    written to ``out`` (both at least as long as ``x``; the bins' part of ``out`` is returned).
    """
    k = scratch[: len(x)]
    np.subtract(x, lo, out=k)
    k *= q
    k /= hi - lo
    np.floor(k, out=k)
    np.minimum(k, q - 1, out=k)
    bins = out[: len(x)]
    np.copyto(bins, k, casting="unsafe")  # whole numbers in [0, q - 1]: exact
    return bins


def _quantize_into(
    coords: Coords,
    fam: Family,
    box: Sequence[float],
    head: NDArray[np.uint64],
    tail: NDArray[Any] | None,
    *,
    block: int,
) -> None:
    """Write the packed keys of a chunk's trips into ``head`` and ``tail`` (see quantize_chunk).

    A ``block`` of trips at a time, in buffers reused from block to block: no temporary the
    size of the chunk.
    """
    lon_min, lon_max, lat_min, lat_max = box
    limits = [(lat_min, lat_max) if "lat" in c else (lon_min, lon_max) for c in TAXI_COORDS]
    xs = [np.asarray(c, dtype=np.float64) for c in coords]
    for x, (lo, hi), name in zip(xs, limits, TAXI_COORDS, strict=True):
        _check_range(x, lo, hi, name)
    rest = fam.bits - fam.head
    size = min(block, len(head))
    scratch = np.empty(size, dtype=np.float64)
    bins_buf, top_buf = np.empty(size, dtype=np.int64), np.empty(size, dtype=np.int64)
    spread = np.empty(size, dtype=np.uint64)
    fields = np.empty(size, dtype=np.int64)  # the tail's bits, before its narrower dtype
    for i in range(0, len(head), block):
        j = min(i + block, len(head))
        h, w = head[i:j], j - i
        for c, (x, (lo, hi)) in enumerate(zip(xs, limits, strict=True)):
            bins = _bins_into(x[i:j], lo, hi, fam.grid, scratch, bins_buf)
            top = np.right_shift(bins, rest, out=top_buf[:w]) if rest else bins
            # bits of the c-th coordinate at every fourth place, from the most significant
            np.take(_SPREADS[c], top, out=spread[:w] if c else h, mode="clip")
            if c:
                np.bitwise_or(h, spread[:w], out=h)
            if tail is not None:
                field = np.bitwise_and(bins, (1 << rest) - 1, out=bins)
                np.left_shift(field, rest * (3 - c), out=field)
                if c:
                    np.bitwise_or(fields[:w], field, out=fields[:w])
                else:
                    fields[:w] = field
        if tail is not None:
            np.copyto(tail[i:j], fields[:w], casting="unsafe")  # 4 rest bits fit its dtype


def _keys_of(
    chunks: Sequence[Coords], fam: Family, box: Sequence[float], *, block: int | None = None
) -> Keys:
    """Return the packed keys ``(head, tail)`` of consecutive chunks' trips, in one array each."""
    n = sum(len(coords[0]) for coords in chunks)
    rest = fam.bits - fam.head
    head = np.empty(n, dtype=np.uint64)
    # The tail's 4 rest bits, in 32 bits when they fit (up to 2^24 boxes).
    tail = np.empty(n, dtype=np.uint32 if rest <= 8 else np.uint64) if rest else None
    start = 0
    for coords in chunks:
        end = start + len(coords[0])
        _quantize_into(
            coords,
            fam,
            box,
            head[start:end],
            None if tail is None else tail[start:end],
            block=block or BLOCK,
        )
        start = end
    return head, tail


def quantize_chunk(coords: Coords, families: Sequence[Family], bbox: Sequence[float]) -> list[Keys]:
    """Return the packed key ``(head, tail)`` of each trip of a chunk, for each family.

    ``coords`` are the four coordinate columns in the order of ``TAXI_COORDS``. The head is the
    Morton key of the first 16 bits of each bin (pickup latitude most significant); the tail,
    for grids finer than 2^16, the remaining bits of the four bins side by side (not
    interleaved: only the trips sharing a head need it, see :func:`morton_counts`).

    Examples
    --------
    >>> box = (0.0, 1.0, 0.0, 1.0)  # lon_min, lon_max, lat_min, lat_max
    >>> fam = family_plan([4])[0]  # 2 bits a coordinate
    >>> one = [np.array([v]) for v in (0.99, 0.0, 0.3, 0.6)]  # bins 3, 0, 1, 2
    >>> head, tail = quantize_chunk(one, [fam], box)[0]
    >>> f"{int(head[0]):08b}", tail is None  # bits 1, 0 of the bins: 1001, then 1010
    ('10011010', True)
    """
    return [_keys_of([coords], fam, bbox) for fam in families]


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


def _head_hist(ordered: NDArray[np.uint64], top: int, size: int, *, block: int) -> tuple[Any, Any]:
    """Histogram of the levels each sorted head shares with a neighbour; the tied heads.

    In ``block`` rows at a time, so the temporaries stay small whatever the size.
    """
    n = len(ordered)
    hist = np.zeros(size, dtype=np.int64)
    tied = []
    for i in range(0, n, block):
        j = min(i + block, n)
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
    pieces: Sequence[Keys], fam: Family, *, block: int | None = None
) -> NDArray[np.int64]:
    """Trips by the number of levels they share with their closest other trip (-1: alone).

    ``pieces`` are the keys ``(head, tail)`` of the trips, in one or more pieces (read, not
    changed). Returns ``h`` of length ``fam.bits + 2``: ``h[s + 1]`` trips share ``s`` levels at
    most (``s = fam.bits``: an equal key). A trip is alone at ``2^k`` boxes iff it shares fewer
    than ``k`` levels, so the unique count at level ``k`` is ``h[:k + 1].sum()``. The work goes
    ``block`` trips at a time (default :data:`BLOCK`).

    Examples
    --------
    >>> fam = family_plan([4])[0]
    >>> keys = (np.array([0b10011010, 0b10011011, 0b00000000], dtype=np.uint64), None)
    >>> morton_counts([keys], fam).tolist()  # the third shares no level, the others one
    [0, 1, 2, 0]
    """
    top, block = fam.head, block or BLOCK
    ordered = np.concatenate([h for h, _ in pieces])
    ordered.sort()
    hist, tied = _head_hist(ordered, top, fam.bits + 2, block=block)
    del ordered
    if pieces[0][1] is None or not len(tied):
        return hist
    # The trips sharing all their head levels: look at the tail, for them only.
    hist[top + 1] = 0
    heads, tails = [], []
    for head, tail in pieces:
        assert tail is not None  # every piece of a family has a tail, or none has
        for i in range(0, len(head), block):
            part = head[i : i + block]
            pos = np.searchsorted(tied, part)
            pos[pos == len(tied)] = 0
            rows = np.flatnonzero(tied[pos] == part)
            heads.append(part[rows])
            tails.append(tail[i : i + block][rows])
    rest = fam.bits - top
    h = np.concatenate(heads)
    t = _interleave_tail(np.concatenate(tails).astype(np.uint64), rest)
    order = np.lexsort((t, h))
    h, t = h[order], t[order]
    pair = np.where(h[1:] == h[:-1], top + _shared_levels(t[1:], t[:-1], rest), -1)
    # Adjacent rows with different heads share fewer than ``top`` levels, but each of these
    # rows shares all ``top`` head levels with some other row: it has a same-head neighbour.
    more = _neighbour_max(pair, len(h))
    hist += np.bincount(more + 1, minlength=fam.bits + 2).astype(np.int64)
    return hist


Coords = list[NDArray[np.float64]]
Keys = tuple[NDArray[np.uint64], NDArray[Any] | None]


def _read_row_group(path: str, group: int) -> Coords:
    """Return the four coordinates of one Parquet row group, as float64 arrays.

    On the calling thread only: the engines read many row groups at once on their own threads
    (or Dask workers' threads), so pyarrow's threads would only compete with them.
    """
    import pyarrow.parquet as pq  # noqa: PLC0415  (optional dependency: pyarrow (extra nsp-privacy[scale]))

    table = pq.ParquetFile(path).read_row_group(group, columns=list(TAXI_COORDS), use_threads=False)
    return [table.column(c).to_numpy().astype(np.float64, copy=False) for c in TAXI_COORDS]


def _read_row_groups(groups: Sequence[tuple[str, int]]) -> list[Coords]:
    """Return the four coordinates of each of consecutive Parquet row groups."""
    return [_read_row_group(f, g) for f, g in groups]


_MIX = np.uint64(0x9E3779B97F4A7C15)


@lru_cache(maxsize=16)
def _bucket_table(coarse: int, n: int) -> NDArray[Any]:
    """Return the bucket of every cell at ``coarse`` levels: a hash of the cell, modulo ``n``."""
    cells = np.arange(1 << (4 * coarse), dtype=np.uint64)
    bucket = ((cells * _MIX) >> np.uint64(32)) % np.uint64(n)
    return bucket.astype(np.uint8 if n <= 1 << 8 else np.uint16)


def _split(
    part: Any, fam: Family, box: tuple[float, ...], coarse: int, n: int, block: int | None = None
) -> Any:
    """Return a partition's cell counts at ``coarse`` levels, then its keys in ``n`` buckets.

    The bucket of a trip is a hash of its cell at ``coarse`` levels, so every trip sharing a
    finer cell goes to the same bucket, whichever partition it comes from. ``part`` is a pandas
    partition or a reader of consecutive Parquet row groups; ``block``: see :data:`BLOCK`.
    """
    if callable(part):
        chunks = part()
    else:
        chunks = [[part[c].to_numpy(dtype=np.float64) for c in TAXI_COORDS]]
    return _split_keys(_keys_of(chunks, fam, box, block=block), fam, coarse, n, block=block)


def _split_coords(coords: Coords, fam: Family, box: tuple[float, ...], coarse: int, n: int) -> Any:
    """:func:`_split` of the four coordinate arrays of a chunk."""
    return _split_keys(_keys_of([coords], fam, box), fam, coarse, n)


def _split_keys(keys: Keys, fam: Family, coarse: int, n: int, *, block: int | None = None) -> Any:
    """:func:`_split` of a chunk's keys: the cells' counts, then one ``(head, tail)`` a bucket.

    A ``block`` of trips at a time goes to its buckets, straight into arrays of their final
    sizes.
    """
    head, tail = keys
    block = block or BLOCK
    cell = np.right_shift(head, np.uint64(4 * (fam.head - coarse))).view(np.int64)
    counts = np.bincount(cell, minlength=1 << (4 * coarse))
    if n == 1:
        return counts, keys
    bucket = np.take(_bucket_table(coarse, n), cell, mode="clip")
    del cell
    sizes = np.bincount(bucket, minlength=n)
    heads = [np.empty(k, dtype=head.dtype) for k in sizes]
    tails: list[NDArray[Any] | None] = [
        None if tail is None else np.empty(k, dtype=tail.dtype) for k in sizes
    ]
    filled = np.zeros(n, dtype=np.int64)
    for i in range(0, len(head), block):
        of = bucket[i : i + block]
        order = np.argsort(of, kind="stable")
        h = head[i : i + block][order]
        t = tail[i : i + block][order] if tail is not None else None
        ends = np.cumsum(np.bincount(of, minlength=n))
        for b in np.flatnonzero(np.diff(ends, prepend=0)):
            start, end = (ends[b - 1] if b else 0), ends[b]
            at = slice(filled[b], filled[b] + end - start)
            heads[b][at] = h[start:end]
            piece = tails[b]
            if piece is not None and t is not None:
                piece[at] = t[start:end]
            filled[b] += end - start
    return (counts, *zip(heads, tails, strict=True))


def _bucket_hist(
    pieces: list[Keys], fam: Family, coarse: int, block: int | None = None
) -> NDArray[np.int64]:
    """Histogram of the shared levels of a bucket's trips that share ``coarse`` or more.

    Every trip of a ``coarse``-level cell is in the same bucket, so for those the count is the
    whole data's; a trip sharing fewer levels is alone in its ``coarse`` cell, which the cells'
    counts already tell.
    """
    hist = morton_counts(pieces, fam, block=block)
    hist[: coarse + 1] = 0
    return hist


def _add(arrays: list[NDArray[np.int64]]) -> NDArray[np.int64]:
    total = np.zeros(len(arrays[0]), dtype=np.int64)
    for a in arrays:
        total += a
    return total
