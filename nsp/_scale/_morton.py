"""Uniqueness of quantized taxi trips from packed Morton keys: one machine, or Dask.

The ``"stream"`` and ``"dask"`` engines of :func:`nsp.datasets.uniqueness_vs_epsilon`.
On one machine (:func:`uniqueness_stream`):

- the trips are read once, a Parquet row group (or a CSV block, or a slice of a frame) at a
  time, only the four coordinates, on a pool of threads; each chunk is quantized at the finest
  grid of each *family* of budgets and kept only as a packed key, 12 bytes a trip;
- the key of a trip interleaves the bits of its four bins, most significant first (a Morton
  key), so the cell of a coarser power-of-two grid is a *prefix* of the key: the key's first
  ``4k`` bits are the trip's cell at ``2^k`` boxes per coordinate. The first 64 bits (16 bits
  per coordinate) are one ``uint64``; the remaining bits of the finest grids (up to 2^31 boxes)
  are kept raw and interleaved only for the trips still sharing their 64-bit prefix;
- one sort of the keys puts the trips of every cell of every nested grid next to each other.
  If ``s`` is the number of levels a trip shares with the neighbour it shares most with, the
  trip is alone in its cell at every grid finer than ``s`` levels: one histogram of ``s`` gives
  the unique count of every budget of the family at once;
- a budget whose grid is not a power of two (odd budgets: ``⌊2^{ε/2}⌋`` boxes) is its own
  family, counted by the same kernel with its own key.

On Dask (:func:`uniqueness_dask`) each partition computes the same keys; the trips are then
shuffled once by their cell at the ``2^COARSE`` grid, so that every trip sharing a finer cell
lands in the same partition, and each partition counts its trips with the same kernel; the
grids up to ``2^COARSE`` boxes (at most 2^20 cells) come from the cells' counts, summed by a
tree reduction (``value_counts(split_out=1)``: no shuffle). One :func:`dask.compute` runs it
all, so the data are read once. The kernels a chunk runs (reading, keys, buckets, counts) are
in :mod:`nsp._scale._keys`, which imports numpy only: a fresh worker is ready at once.

Every count is an integer and the bins are those of Definition 3's quantizer
(:class:`nsp.noiseless.LinearQuantizer`, same floating-point operations), so the result equals
the pandas engine's exactly. Memory is the packed keys (12 bytes a trip per family, plus 8
while sorting), not the coordinates (32 bytes a trip).
"""

from __future__ import annotations

import os
import sys
import uuid
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from functools import partial
from operator import getitem
from typing import Any

import numpy as np
import pandas as pd
from numpy.typing import NDArray

from nsp._dask import DaskInput, as_dask_frame, expand_paths, file_kind, import_dask
from nsp._scale._keys import (
    TAXI_COORDS,
    WORKER_BLOCK,
    Coords,
    Family,
    Keys,
    _add,
    _bucket_hist,
    _read_row_group,
    _read_row_groups,
    _split,
    _split_coords,
    family_plan,
)
from nsp._scale._taxi import boxes_for, check_bbox, check_epsilons, curve_frame

__all__ = [
    "family_plan",
    "uniqueness_dask",
    "uniqueness_stream",
]

#: Rows of a pandas frame handed to a thread at a time.
FRAME_CHUNK = 1 << 20
#: The Dask engine shuffles by the cell at ``2**COARSE`` boxes and counts the coarser grids
#: from the 2^(4 COARSE) cells' counts.
COARSE = 5


def _frame_chunks(trips: pd.DataFrame) -> Iterator[Callable[[], Coords]]:
    missing = [c for c in TAXI_COORDS if c not in trips.columns]
    if missing:
        raise ValueError(f"trips must have the columns {list(TAXI_COORDS)} (missing {missing})")
    for start in range(0, max(len(trips), 1), FRAME_CHUNK):
        part = trips.iloc[start : start + FRAME_CHUNK]
        yield partial(_frame_coords, part)


def _frame_coords(part: pd.DataFrame) -> Coords:
    return [part[c].to_numpy(dtype=np.float64) for c in TAXI_COORDS]


def _given(cols: Coords) -> Coords:
    return cols


def _parquet_row_groups(files: Sequence[str]) -> Iterator[tuple[str, int, int]]:
    """``(path, row group, rows)`` of every row group of the files, checking their columns."""
    import pyarrow.parquet as pq  # noqa: PLC0415  (optional dependency: pyarrow (extra nsp-privacy[scale]))

    for f in files:
        meta = pq.ParquetFile(f)
        names = set(meta.schema_arrow.names)
        missing = [c for c in TAXI_COORDS if c not in names]
        if missing:
            raise ValueError(f"{f} must have the columns {list(TAXI_COORDS)} (missing {missing})")
        for g in range(meta.num_row_groups):
            yield f, g, meta.metadata.row_group(g).num_rows


def _parquet_chunks(files: Sequence[str]) -> Iterator[Callable[[], Coords]]:
    for f, g, _ in _parquet_row_groups(files):
        yield partial(_read_row_group, f, g)


#: A Dask task reads consecutive Parquet row groups, about this many trips (fewer, larger
#: tasks leave less work to the scheduler, which on a small machine shares the workers'
#: cores, and fewer pieces to exchange between workers), but the data make at least four
#: tasks a thread (so that the threads stay evenly loaded).
DASK_TASK_TRIPS = 4_000_000


def _task_count(rows: NDArray[np.int64], threads: int) -> int:
    """Return how many tasks to cut row groups of ``rows`` trips into, for ``threads`` threads.

    About :data:`DASK_TASK_TRIPS` trips a task and at least four tasks a thread, within a
    factor of two; of those, a multiple of ``threads`` whose tasks are most nearly equal (the
    splitting of every task must end before any bucket can start, so a thread left with one
    task more than the others keeps the rest waiting), the nearest to the target on a tie.
    With too few row groups for that many tasks, one task a row group.

    Examples
    --------
    >>> _task_count(np.full(100, 10**6), threads=2)  # 20 tasks of 5 row groups, not 25 of 4
    20
    >>> _task_count(np.full(100, 10**6), threads=1)
    25
    """
    total, n_groups = max(int(rows.sum()), 1), len(rows)
    want = max(-(-total // DASK_TASK_TRIPS), 4 * threads)
    lo = threads * max(4, -(-(want // 2) // threads))
    candidates = range(lo, min(2 * want, n_groups) + 1, threads)
    if n_groups <= 4 * threads or not candidates:
        return max(min(want, n_groups), 1)

    def score(k: int) -> tuple[float, float]:
        sizes = np.bincount(_task_of(rows, k), weights=rows, minlength=k)
        return float(sizes.max() - sizes.min()), abs(np.log(k / want))

    return min(candidates, key=score)


def _task_of(rows: NDArray[np.int64], n_tasks: int) -> NDArray[np.int64]:
    """Return each row group's task: the trips cut in ``n_tasks`` equal runs, by first trip."""
    return (np.cumsum(rows) - rows) * n_tasks // max(int(rows.sum()), 1)


def _parquet_tasks(files: Sequence[str], threads: int) -> list[Callable[[], list[Coords]]]:
    """Readers of consecutive row groups, in tasks of about equal numbers of trips."""
    groups = list(_parquet_row_groups(files))
    rows = np.array([r for _, _, r in groups], dtype=np.int64)
    task_of = _task_of(rows, _task_count(rows, threads))
    tasks: list[Callable[[], list[Coords]]] = []
    for t in np.unique(task_of):
        members = tuple((groups[g][0], groups[g][1]) for g in np.flatnonzero(task_of == t))
        tasks.append(partial(_read_row_groups, members))
    return tasks


def _csv_chunks(files: Sequence[str]) -> Iterator[Callable[[], Coords]]:
    import pyarrow as pa  # noqa: PLC0415  (optional dependency: pyarrow (extra nsp-privacy[scale]))
    import pyarrow.csv as pcsv  # noqa: PLC0415

    types = dict.fromkeys(TAXI_COORDS, pa.float64())
    options = pcsv.ConvertOptions(include_columns=list(TAXI_COORDS), column_types=types)
    for f in files:
        try:
            reader = pcsv.open_csv(
                pa.input_stream(f, compression="detect"), convert_options=options
            )
        except (pa.ArrowInvalid, KeyError) as exc:
            raise ValueError(f"{f} must have the columns {list(TAXI_COORDS)}: {exc}") from exc
        for batch in reader:
            cols = [batch.column(c).to_numpy(zero_copy_only=False) for c in TAXI_COORDS]
            yield partial(_given, cols)


def _chunks(trips: Any) -> Iterator[Callable[[], Coords]]:
    if isinstance(trips, pd.DataFrame):
        return _frame_chunks(trips)
    if isinstance(trips, (str, os.PathLike, list, tuple)):
        files = expand_paths(trips)
        return _parquet_chunks(files) if file_kind(files) == "parquet" else _csv_chunks(files)
    raise ValueError(
        "trips must be a pandas DataFrame, a path glob or a list of Parquet/CSV paths with "
        f"engine='stream'; got {type(trips).__name__}"
    )


def uniqueness_stream(
    trips: Any, epsilons: Sequence[float], *, bbox: Sequence[float], threads: int | None = None
) -> pd.DataFrame:
    """Run the streaming engine of :func:`nsp.datasets.uniqueness_vs_epsilon` (module notes)."""
    epsilons, box, boxes, families = _plan(epsilons, bbox)
    workers = threads or min(4, os.cpu_count() or 1)
    # As on Dask (the notes): cell counts at ``coarse`` levels, keys in buckets by that cell,
    # one bucket sorted per thread.
    coarse = [min(COARSE, f.head) for f in families]
    n_buckets = [2 * workers if f.bits > c else 1 for f, c in zip(families, coarse, strict=True)]
    counts = [np.zeros(1 << (4 * c), dtype=np.int64) for c in coarse]
    buckets: list[list[list[Keys]]] = [[[] for _ in range(n)] for n in n_buckets]

    def work(read: Callable[[], Coords]) -> list[Any]:
        coords = read()
        return [
            _split_coords(coords, f, box, c, n)
            for f, c, n in zip(families, coarse, n_buckets, strict=True)
        ]

    with ThreadPoolExecutor(max_workers=workers) as pool:
        for got in _bounded_map(pool, work, _chunks(trips), 2 * workers):
            for k, (cells, *pieces) in enumerate(got):
                counts[k] += cells
                for j, piece in enumerate(pieces):
                    buckets[k][j].append(piece)
        done = []
        for k, fam in enumerate(families):
            fine = None
            if fam.bits > coarse[k]:
                hists = pool.map(partial(_bucket_hist, fam=fam, coarse=coarse[k]), buckets[k])
                fine = _add(list(hists))
            buckets[k] = []
            done.append((counts[k], fine))
    return _curve(epsilons, boxes, families, done)


def _bounded_map(
    pool: ThreadPoolExecutor, func: Callable[[Any], Any], items: Iterator[Any], window: int
) -> Iterator[Any]:
    """``pool.map(func, items)`` in order, with at most ``window`` items read ahead."""
    pending: deque[Future[Any]] = deque()
    for item in items:
        pending.append(pool.submit(func, item))
        if len(pending) >= window:
            yield pending.popleft().result()
    while pending:
        yield pending.popleft().result()


def _plan(
    epsilons: Sequence[float], bbox: Sequence[float]
) -> tuple[list[float], tuple[float, float, float, float], list[int], list[Family]]:
    """Return the checked budgets and box, each budget's grid, and the families of grids."""
    epsilons = check_epsilons(epsilons)
    box = check_bbox(bbox)
    boxes = [boxes_for(e) for e in epsilons]
    return epsilons, box, boxes, family_plan(boxes)


def _by_grid(fam: Family, below: NDArray[np.int64]) -> dict[int, int]:
    """Return the unique count per grid of ``fam``; ``below[k]``: trips sharing < k levels."""
    power = fam.grid & (fam.grid - 1) == 0
    return {(1 << k if power else fam.grid): int(below[k]) for k in fam.levels}


# --- Dask ----------------------------------------------------------------------------------


def _tree(graph: dict[Any, Any], name: str, func: Callable[..., Any], keys: list[Any]) -> Any:
    """Add to ``graph`` the calls of ``func`` combining ``keys`` in a tree of fan-in 8 (>= 1 call).

    Returns the key of the root.
    """
    level = 0
    while level == 0 or len(keys) > 1:
        parents = [(name, level, j) for j in range(-(-len(keys) // 8))]
        for j, key in enumerate(parents):
            graph[key] = (func, keys[8 * j : 8 * j + 8])
        keys, level = parents, level + 1
    return keys[0]


def _coarse_below(dense: NDArray[np.int64], fam: Family, coarse: int) -> NDArray[np.int64]:
    """``below[k]`` for ``k <= coarse``: trips alone in their cell at ``k`` levels."""
    below = np.zeros(fam.bits + 1, dtype=np.int64)
    for k in range(coarse + 1):
        cells = dense.reshape(1 << (4 * k), -1).sum(axis=1)
        below[k] = int(np.count_nonzero(cells == 1))
    return below


def uniqueness_dask(
    trips: DaskInput, epsilons: Sequence[float], *, bbox: Sequence[float]
) -> pd.DataFrame:
    """Run the Dask engine of :func:`nsp.datasets.uniqueness_vs_epsilon` (the module's notes)."""
    epsilons, box, boxes, families = _plan(epsilons, bbox)
    dask = import_dask(frames=False)
    from dask.delayed import Delayed  # noqa: PLC0415  (optional dependency: dask (extra nsp-privacy[scale]))

    files = expand_paths(trips) if isinstance(trips, (str, os.PathLike, list, tuple)) else []
    threads = _threads()
    graph: dict[Any, Any] = {}
    parts: list[Any]
    if files and file_kind(files) == "parquet":
        # Parquet row groups straight to arrays (no pandas frame on the way), a few a task.
        parts = _parquet_tasks(files, threads)
    else:
        frames = as_dask_frame(trips, columns=list(TAXI_COORDS), name="trips").to_delayed()
        for shared in {id(g): g for g in (p.__dask_graph__() for p in frames)}.values():
            graph.update(shared)  # the partitions share one graph: copied once, not per part
        parts = [part.key for part in frames]
    name = uuid.uuid4().hex
    out = [
        _family_graph(graph, f"{name}-{f}", fam, parts, box, _n_buckets(len(parts), threads))
        for f, fam in enumerate(families)
    ]
    graph[f"nsp-uniqueness-{name}"] = (list, out)
    (done,) = dask.compute(Delayed(f"nsp-uniqueness-{name}", graph))
    return _curve(epsilons, boxes, families, done)


def _family_graph(
    graph: dict[Any, Any], name: str, fam: Family, parts: list[Any], box: tuple[float, ...], n: int
) -> list[Any]:
    """Add to ``graph`` one family's count; the keys of its cells' counts and its histogram.

    A plain graph of tasks (tuples): it takes a few milliseconds to build, where the same
    graph as ``dask.delayed`` calls took half a second, most of it merging the graphs of the
    pieces every bucket gathers.
    """
    coarse = min(COARSE, fam.head)
    split = [(f"nsp-split-{name}", p) for p in range(len(parts))]
    for of, part in zip(split, parts, strict=True):
        graph[of] = (_split, part, fam, box, coarse, n, WORKER_BLOCK)
    pieces = [[(f"nsp-piece-{name}", p, j) for p in range(len(parts))] for j in range(n + 1)]
    for j, keys in enumerate(pieces):
        for piece, of in zip(keys, split, strict=True):
            graph[piece] = (getitem, of, j)
    counts = _tree(graph, f"nsp-cells-{name}", _add, pieces[0])
    if fam.bits <= coarse:
        return [counts, None]
    hists = [(f"nsp-bucket-{name}", j) for j in range(n)]
    for j, key in enumerate(hists):
        graph[key] = (_bucket_hist, pieces[j + 1], fam, coarse, WORKER_BLOCK)
    return [counts, _tree(graph, f"nsp-hist-{name}", _add, hists)]


def _threads() -> int:
    """Worker threads of the active ``distributed`` client; without one, this machine's cores."""
    distributed = sys.modules.get("distributed")  # not imported: there is no client
    if distributed is not None:
        try:
            return int(sum(distributed.default_client().nthreads().values()))
        except ValueError:  # no client: local threads
            pass
    return os.cpu_count() or 1


def _n_buckets(n_parts: int, threads: int) -> int:
    """Return the number of buckets for ``n_parts`` partitions on ``threads`` threads.

    Eight per thread, more for many partitions (a bucket about 8 partitions' trips), at most one
    per partition: each partition sends a piece to every bucket, so the pieces (``n_parts`` x
    buckets) stay few enough to schedule. Smaller buckets sort faster, each needs less fresh
    memory, and a thread starts on its first bucket once that bucket's pieces, not half of all,
    have arrived (10^8 trips, 25 partitions: one worker 28.5 s with two buckets a thread, 24.3 s
    with eight; two workers 17.9 s and 16.5 s).
    """
    return max(1, min(n_parts, max(8 * threads, -(-n_parts // 8))))


def _curve(
    epsilons: list[float],
    boxes: list[int],
    families: list[Family],
    done: Sequence[tuple[NDArray[np.int64], NDArray[np.int64] | None]],
) -> pd.DataFrame:
    """Fig. 6's table from each family's cell counts at ``coarse`` levels and bucket histogram."""
    unique: dict[int, int] = {}
    n_trips = 0
    for fam, (counts, fine) in zip(families, done, strict=True):
        coarse = min(COARSE, fam.head)
        n_trips = int(counts.sum())
        below = _coarse_below(counts, fam, coarse)
        if fine is not None:
            # Trips sharing fewer than ``coarse`` levels are the ``below[coarse]`` alone there.
            below[coarse + 1 :] = below[coarse] + np.cumsum(fine)[coarse + 1 : fam.bits + 1]
        unique.update(_by_grid(fam, below))
    if n_trips == 0:
        raise ValueError("trips is empty")
    return curve_frame(epsilons, boxes, n_trips, [unique[b] for b in boxes])
