"""Fig. 6's uniqueness count out of core: nsp's engines beside DuckDB and polars, same files.

- Generates ``size`` trips (default 10^7) with the synthetic-trip generator of
  :func:`nsp.papers.noiseless.taxi.synthetic_trips`, one Parquet file per 10^6 trips, in
  ``build/bench-scale/trips-<size>/`` (reused when complete; generation holds one chunk at a
  time).
- Counts the unique trips for the 25 budgets of Fig. 6 (ε = 0, 2, ..., 48, all grids nested)
  on those files with :func:`nsp.datasets.uniqueness_vs_epsilon`: ``engine="stream"`` (one
  machine, all cores), ``engine="dask"`` on a ``LocalCluster`` of 1 and of 2 worker processes
  (1 thread, 4 GiB each, spilling to ``build/bench-scale/dask``; Dask's profiler and GIL
  monitor off), and, up to 10^7 trips,
  ``engine="pandas"`` with the trips read into memory. Beside them the same count in DuckDB
  and in polars (bench-only dependencies), written with the same nesting trick: one group-by
  at the finest grid, each coarser grid grouped from the next finer one's counts; they run up
  to 10^8 trips (:data:`ANCHOR_MAX`): at 10^8 they held 5.9 and 7.2 GiB, so 3×10^8 would ask
  about 18 and 22 GiB of this 24 GiB machine.
- **The decode floor**: pyarrow reading the four coordinates of every row group on all cores
  and dropping them (what ``engine="stream"`` reads, nothing counted), the time no count of
  these files can beat on this machine.
- Every engine runs in its own process (``python -m benchmarks.bench_scale --child ENGINE``),
  so each has its own peak memory: the process's peak resident set (imports included), for
  Dask the client's plus the workers' sampled every 50 ms (the client's alone must stay under
  4 GiB: the data never come to it). CPU time is the user + system time of the process during
  the count, for Dask plus that of the workers (printed per worker). Each row also prints the
  machine's load average as the engine started: on a shared machine the times are upper
  bounds.
- Checks that all engines give the same counts (the run fails otherwise), that DuckDB's and
  polars' bins equal those of Definition 3's quantizer (``nsp.noiseless.LinearQuantizer``) on
  boundary values, and that nsp's fastest out-of-core engine is within 2x (wall) of the faster
  of DuckDB and polars; reports the 2-worker speed-up of the Dask path (target 1.6x from 10^8
  trips). The Dask path runs ``--pairs`` times (default 3) on 1 and on 2 workers, alternately;
  the table shows the run of median wall time of each, and the speed-up is the ratio of the
  medians (with the range of the pairs' own ratios).

Size: ``--size 1e8`` on the command line (``python -m benchmarks scale --size 1e8``) or
``NSP_BENCH_SCALE_SIZE=100000000``. Above 10^8 trips (``--size 3e8``: 8.4 GB of Parquet) only
nsp's out-of-core engines run, against the decode floor.

Quick (``--quick``): ``--size 1e6 --pairs 1`` by default (one Parquet file, ``trips-1e06/``).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from benchmarks._timing import QUICK, Row, report
from nsp._scale._keys import _read_row_group
from nsp._scale._morton import _parquet_row_groups
from nsp._scale._taxi import TAXI_COORDS, boxes_for, coordinate_bins
from nsp.datasets import NYC_BBOX_PAPER, uniqueness_vs_epsilon
from nsp.papers.noiseless import taxi

ROOT = Path(__file__).resolve().parents[1] / "build" / "bench-scale"
CHUNK = 1_000_000
EPS = list(range(0, 50, 2))
CLIENT_LIMIT = 4 * 2**30
GiB = 2**30
#: Sizes up to this also run the pandas engine (the trips in memory).
PANDAS_MAX = 10_000_000
#: Sizes up to this also run DuckDB and polars (see the module docstring for why).
ANCHOR_MAX = 100_000_000
ENGINES = ("decode", "stream", "dask-1", "dask-2", "pandas", "duckdb", "polars")
#: The engines that count (the decode floor reads only).
COUNTING = tuple(e for e in ENGINES if e != "decode")
LABELS = {
    "decode": "pyarrow decode alone",
    "stream": "nsp stream",
    "dask-1": "nsp Dask, 1 worker",
    "dask-2": "nsp Dask, 2 workers",
    "pandas": "nsp pandas, in memory",
    "duckdb": "DuckDB",
    "polars": "polars",
}
#: The anchors drop the trips found alone once they are more than 1/REBUILD of those left.
REBUILD = 4
#: Target: nsp's fastest out-of-core engine against the faster of DuckDB and polars (wall).
MAX_BEHIND = 2.0
#: Target: the Dask path's speed-up from 1 to 2 workers.
MIN_SCALING = 1.6


#: The speed-up target applies from this size: a count of 10^7 trips takes 1 to 3 s, of
#: which half a second is Dask's own (starting tasks, moving pieces), whatever the workers.
SCALING_FROM = 100_000_000


def _options() -> tuple[int, int]:
    """``--size`` (trips) and ``--pairs`` (runs of the Dask path on 1 and on 2 workers).

    Without them: ``NSP_BENCH_SCALE_SIZE`` or 10^7 trips and 3 pairs; in quick mode 10^6 trips
    (one :data:`CHUNK`, the smallest size) and 1 pair, whatever ``NSP_BENCH_SCALE_SIZE`` says.
    """
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--size", type=float, default=None)
    parser.add_argument("--pairs", type=int, default=1 if QUICK else 3)
    known, _ = parser.parse_known_args(sys.argv[1:])
    default = CHUNK if QUICK else os.environ.get("NSP_BENCH_SCALE_SIZE", 1e7)
    raw = known.size if known.size is not None else default
    size = int(float(raw))
    if size < CHUNK or size % CHUNK:
        raise SystemExit(f"--size must be a positive multiple of {CHUNK:,}; got {raw}")
    if known.pairs < 1:
        raise SystemExit(f"--pairs must be at least 1; got {known.pairs}")
    return size, known.pairs


def generate(size: int) -> Path:
    """Write ``size`` synthetic trips as Parquet parts of 10^6 (reused if already complete)."""
    folder = ROOT / f"trips-{size:.0e}".replace("+", "")
    done = folder / "_COMPLETE"
    if done.is_file():
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    seeds = np.random.SeedSequence(20261123).spawn(size // CHUNK)
    t0 = time.perf_counter()
    for k, seed in enumerate(seeds):
        trips = taxi.synthetic_trips(CHUNK, seed=int(seed.generate_state(1)[0]))
        tmp = folder / f".part-{k:05d}.parquet"
        trips.to_parquet(tmp, index=False)
        tmp.rename(folder / f"part-{k:05d}.parquet")
        if k % 10 == 9:
            print(f"  generated {(k + 1) * CHUNK:,} trips ({time.perf_counter() - t0:.0f} s)")
    done.write_text(f"{size}\n")
    return folder


# --- the anchors: DuckDB and polars, one group-by at the finest grid, nested roll-up ----------


def _levels(epsilons: Sequence[float]) -> list[int]:
    """Bits per coordinate of each budget's grid; the anchors need nested (power-of-two) grids."""
    boxes = [boxes_for(e) for e in epsilons]
    if any(b & (b - 1) for b in boxes):
        raise ValueError("the DuckDB and polars anchors need power-of-two grids (even budgets)")
    return [b.bit_length() - 1 for b in boxes]


def _edges(bbox: Sequence[float]) -> dict[str, tuple[float, float]]:
    lon0, lon1, lat0, lat1 = (float(v) for v in bbox)
    return {c: (lat0, lat1) if "lat" in c else (lon0, lon1) for c in TAXI_COORDS}


_SHORT = dict(zip(TAXI_COORDS, ("a", "b", "c", "d"), strict=True))


def duckdb_bins_sql(bbox: Sequence[float], bits: int) -> tuple[str, dict[str, float]]:
    """SELECT list of Definition 3's bins at ``2**bits`` boxes, and its DOUBLE parameters.

    ``floor((x - lo) * q / (hi - lo))``, the top edge in bin ``q - 1``: the operations of
    ``LinearQuantizer.index`` in the same order, on the same doubles (bound as parameters, so
    no decimal literal is rounded on the way).
    """
    q = float(1 << bits)
    params: dict[str, float] = {"q": q, "top": q - 1}
    cols = []
    for c, (lo, hi) in _edges(bbox).items():
        s = _SHORT[c]
        params[f"lo_{s}"], params[f"w_{s}"] = lo, hi - lo
        cols.append(f"least(floor(({c} - $lo_{s}) * $q / $w_{s}), $top)::INTEGER AS {s}")
    return ", ".join(cols), params


def _duckdb_key(k: int, finest: int) -> str:
    """Return the cell at ``2**k`` boxes, packed into one integer (BIGINT up to 15 bits a bin)."""
    typ, s = ("BIGINT" if k <= 15 else "HUGEINT"), finest - k
    return " | ".join(f"(({c} >> {s})::{typ} << {k * (3 - j)})" for j, c in enumerate("abcd"))


def duckdb_unique(source: str, bbox: Sequence[float], epsilons: Sequence[float], con: Any) -> Any:
    """(trips, unique count per budget) by DuckDB on the relation ``source`` (SQL).

    The bins once, at the finest grid; then the grids coarsest first. A trip alone in a cell
    stays alone in its sub-cells, so once a quarter or more of the remaining trips are alone
    they are dropped and counted as unique at every finer grid (a copy of the table costs a
    group-by: dropping fewer does not pay).
    """
    levels = _levels(epsilons)
    finest = max(levels)
    select, params = duckdb_bins_sql(bbox, finest)
    con.execute(f"CREATE OR REPLACE TEMP TABLE r AS SELECT {select} FROM {source}", params)
    n_trips = left = int(con.execute("SELECT count(*) FROM r").fetchone()[0])
    unique = {}
    for k in range(finest + 1):
        key = _duckdb_key(k, finest)
        single = 0
        if left:
            single = int(
                con.execute(
                    f"SELECT count(*) FROM (SELECT count(*) AS n FROM r GROUP BY {key}) WHERE n = 1"
                ).fetchone()[0]
            )
        unique[k] = n_trips - left + single
        if single > left // REBUILD:
            con.execute(
                f"CREATE OR REPLACE TEMP TABLE s AS SELECT * FROM r WHERE ({key}) IN "
                f"(SELECT {key} FROM r GROUP BY ALL HAVING count(*) > 1)"
            )
            con.execute("DROP TABLE r")
            con.execute("ALTER TABLE s RENAME TO r")
            left -= single
    con.execute("DROP TABLE r")
    return n_trips, [unique[k] for k in levels]


def polars_bins(bbox: Sequence[float], bits: int) -> list[Any]:
    """Definition 3's bins at ``2**bits`` boxes as polars expressions (as in DuckDB).

    polars divides a column by a scalar as a product with its reciprocal, which differs in the
    last bit and moves values on a bin edge; ``x * 0 + w`` makes the width a column
    (``w`` exactly, for finite ``x``), divided elementwise.
    """
    import polars as pl

    q = float(1 << bits)
    return [
        (((pl.col(c) - lo) * q / (pl.col(c) * 0.0 + (hi - lo))).floor().clip(upper_bound=q - 1))
        .cast(pl.Int32)
        .alias(_SHORT[c])
        for c, (lo, hi) in _edges(bbox).items()
    ]


def polars_unique(frame: Any, bbox: Sequence[float], epsilons: Sequence[float]) -> Any:
    """(trips, unique count per budget) by polars on the LazyFrame ``frame``.

    As :func:`duckdb_unique`: bins at the finest grid, then coarsest first, dropping the trips
    alone in their cell (``is_unique`` of the packed cell) once they are a quarter.
    """
    import polars as pl

    levels = _levels(epsilons)
    finest = max(levels)
    trips = frame.select(polars_bins(bbox, finest)).collect()
    n_trips = left = trips.height
    unique = {}
    for k in range(finest + 1):
        single = 0
        if left:
            bins = [pl.col(c).cast(pl.UInt64) // (1 << (finest - k)) for c in "abcd"]
            if k <= 16:
                key = bins[0] * (1 << 3 * k) + bins[1] * (1 << 2 * k) + bins[2] * (1 << k) + bins[3]
            else:
                key = pl.struct(bins)
            alone = trips.select(key.is_unique()).to_series()
            single = int(alone.sum())
        unique[k] = n_trips - left + single
        if single > left // REBUILD:
            trips = trips.filter(~alone)
            left -= single
    return n_trips, [unique[k] for k in levels]


def boundary_trips(bbox: Sequence[float], bits: int, n: int = 4000, seed: int = 0) -> pd.DataFrame:
    """Trips on and next to the bin edges of ``2**bits`` boxes (and the box's own edges)."""
    rng = np.random.default_rng(seed)
    q = 1 << bits
    out = {}
    for c, (lo, hi) in _edges(bbox).items():
        k = rng.integers(0, q + 1, n)
        edge = lo + k * ((hi - lo) / q)
        edge = np.clip(np.concatenate([edge, [lo, hi]]), lo, hi)
        near = np.concatenate([edge, np.nextafter(edge, -np.inf), np.nextafter(edge, np.inf)])
        out[c] = rng.permutation(np.clip(near, lo, hi))
    return pd.DataFrame(out)


def check_anchor_bins(bbox: Sequence[float] = NYC_BBOX_PAPER) -> None:
    """Raise AssertionError unless DuckDB's and polars' bins equal nsp's on boundary values."""
    import duckdb
    import polars as pl

    for bits in (1, 3, 10, 24):
        trips = boundary_trips(bbox, bits, seed=bits)
        want = np.column_stack(coordinate_bins(trips, 1 << bits, bbox))
        select, params = duckdb_bins_sql(bbox, bits)
        with duckdb.connect() as con:
            con.register("trips", trips)
            got_db = con.execute(f"SELECT {select} FROM trips", params).fetchnumpy()
        got_pl = pl.from_pandas(trips).select(polars_bins(bbox, bits))
        for name, got in (("DuckDB", got_db), ("polars", got_pl)):
            table = np.column_stack([np.asarray(got[s]) for s in "abcd"])
            if not np.array_equal(table, want):
                raise AssertionError(f"{name}'s bins differ from nsp's at 2^{bits} boxes")


# --- one engine in its own process ---------------------------------------------------------


@contextmanager
def peak_rss(pids: Callable[[], list[int]]) -> Iterator[dict[str, int]]:
    """Sample the summed resident memory of ``pids()`` every 50 ms; the peak is in ``["peak"]``."""
    import psutil

    out = {"peak": 0}
    stop = threading.Event()

    def sample() -> None:
        while not stop.is_set():
            total = 0
            for pid in pids():
                try:
                    total += psutil.Process(pid).memory_info().rss
                except psutil.Error:
                    pass
            out["peak"] = max(out["peak"], total)
            stop.wait(0.05)

    thread = threading.Thread(target=sample, daemon=True)
    thread.start()
    try:
        yield out
    finally:
        stop.set()
        thread.join()


def _cpu() -> float:
    t = os.times()
    return t.user + t.system


def _worker_cpu() -> float:
    import psutil

    t = psutil.Process().cpu_times()
    return t.user + t.system


#: Dask's own monitoring, off or slowed (as in tests/scale/test_scale.py): the statistical
#: profiler samples every 10 ms and the GIL monitor every 1 ms, CPU that competes with the
#: workers on 2 cores. Nothing here changes what is computed or how the pieces travel.
QUIET = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.system-monitor.gil.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "5s",
}


def _run_dask(files: list[str], workers: int) -> dict[str, Any]:
    import dask
    import distributed

    with (
        dask.config.set(QUIET),
        distributed.LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            memory_limit="4GiB",
            dashboard_address=None,
            local_directory=str(ROOT / "dask"),
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        worker_pids = list(client.run(os.getpid).values())
        before = client.run(_worker_cpu)
        with (
            peak_rss(lambda: [os.getpid()]) as client_mem,
            peak_rss(lambda: worker_pids) as worker_mem,
        ):
            t0, c0 = time.perf_counter(), _cpu()
            curve = uniqueness_vs_epsilon(files, EPS, engine="dask")
            wall, cpu = time.perf_counter() - t0, _cpu() - c0
        after = client.run(_worker_cpu)
    per_worker = [after[w] - before[w] for w in sorted(after)]
    return {
        "curve": curve,
        "wall": wall,
        "cpu": cpu + sum(per_worker),
        "client_cpu": cpu,
        "worker_cpu": per_worker,
        "peak": client_mem["peak"] + worker_mem["peak"],
        "client_peak": client_mem["peak"],
    }


def decode_all(files: Sequence[str]) -> int:
    """Read the coordinates of every row group of ``files`` on all cores and drop them.

    ``engine="stream"``'s own reader (``_read_row_group``: one row group a task, pyarrow's
    threads off, the columns as float64 arrays), nothing computed: the floor of any count of
    these files. Returns the rows read.
    """
    from concurrent.futures import ThreadPoolExecutor

    def rows(task: tuple[str, int, int]) -> int:
        return int(_read_row_group(task[0], task[1])[0].size)

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        return sum(pool.map(rows, _parquet_row_groups(files)))


def child(engine: str, folder: Path) -> dict[str, Any]:
    """Count in this process with one engine; wall, CPU and peak memory of the count."""
    files = sorted(str(f) for f in folder.glob("part-*.parquet"))
    load = os.getloadavg()[0]
    if engine.startswith("dask-"):
        out = _run_dask(files, int(engine.split("-")[1]))
        curve = out.pop("curve")
        out.update(n_trips=int(curve.n_trips.iloc[0]), counts=curve.n_unique.tolist(), load=load)
        return out
    t0, c0 = time.perf_counter(), _cpu()
    if engine == "decode":
        n_trips, counts = decode_all(files), []
    elif engine == "stream":
        curve = uniqueness_vs_epsilon(files, EPS, engine="stream")
        n_trips, counts = int(curve.n_trips.iloc[0]), curve.n_unique.tolist()
    elif engine == "pandas":
        trips = pd.concat([pd.read_parquet(f, columns=list(TAXI_COORDS)) for f in files])
        curve = uniqueness_vs_epsilon(trips, EPS)
        n_trips, counts = int(curve.n_trips.iloc[0]), curve.n_unique.tolist()
    elif engine == "duckdb":
        import duckdb

        with duckdb.connect() as con:
            source = "read_parquet([" + ", ".join(f"'{f}'" for f in files) + "])"
            n_trips, counts = duckdb_unique(source, NYC_BBOX_PAPER, EPS, con)
    elif engine == "polars":
        import polars as pl

        n_trips, counts = polars_unique(pl.scan_parquet(files), NYC_BBOX_PAPER, EPS)
    else:
        raise SystemExit(f"unknown engine {engine!r}")
    wall, cpu = time.perf_counter() - t0, _cpu() - c0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    return {
        "wall": wall,
        "cpu": cpu,
        "peak": peak,
        "n_trips": n_trips,
        "counts": counts,
        "load": load,
    }


def run_child(engine: str, folder: Path) -> dict[str, Any]:
    """Run :func:`child` in a fresh interpreter (its own memory); its result."""
    root = Path(__file__).resolve().parents[1]
    with tempfile.TemporaryFile("w+") as out:
        subprocess.run(
            [sys.executable, "-m", "benchmarks.bench_scale", "--child", engine, str(folder)],
            cwd=root,
            stdout=out,
            check=True,
        )
        out.seek(0)
        lines = out.read().splitlines()
    return dict(json.loads(lines[-1]))


# --- the run -------------------------------------------------------------------------------


def _scaling_note(runs: dict[str, list[dict[str, Any]]], size: int) -> str:
    """Say of how many runs, each pair's speed-up, the CPU, and why no target when small."""
    one, two = runs["dask-1"], runs["dask-2"]
    each = sorted(a["wall"] / b["wall"] for a, b in zip(one, two, strict=True))
    cpu = f"CPU {_median_run(two)['cpu']:.1f} s vs {_median_run(one)['cpu']:.1f} s"
    note = f"medians of {len(one)} runs each; pairs {each[0]:.2f}x to {each[-1]:.2f}x; {cpu}"
    if size < SCALING_FROM:
        note += f"; target {MIN_SCALING}x from {SCALING_FROM:,} trips (fixed costs rule here)"
    return note


def _run_all(engines: list[str], folder: Path, pairs: int) -> dict[str, list[dict[str, Any]]]:
    """Every engine's runs: one each, the Dask path ``pairs`` times on 1 and on 2 workers.

    The Dask runs alternate (1, 2, then 2, 1, ...), so that a slow spell of the machine falls
    on both worker counts alike. The decode floor runs first and again last: the first reader
    of files larger than the page cache's share pays the disk, and the table takes the faster.
    """
    order = [e for e in engines if not e.startswith("dask-")]
    for k in range(pairs):
        order[1:1] = ["dask-1", "dask-2"] if k % 2 == 0 else ["dask-2", "dask-1"]
    if "decode" in order:
        order.append("decode")
    runs: dict[str, list[dict[str, Any]]] = {e: [] for e in engines}
    for engine in order:
        r = run_child(engine, folder)
        runs[engine].append(r)
        print(
            f"  {engine:<7} {r['wall']:8.1f} s wall {r['cpu']:8.1f} s CPU "
            f"{r['peak'] / GiB:6.2f} GiB peak"
        )
    return runs


def _engines(size: int) -> list[str]:
    """Return the engines run at ``size`` trips.

    pandas up to :data:`PANDAS_MAX`, the anchors up to :data:`ANCHOR_MAX`, the rest (the
    decode floor and nsp's out-of-core engines) always.
    """
    skip = {"pandas"} if size > PANDAS_MAX else set()
    skip |= {"duckdb", "polars"} if size > ANCHOR_MAX else set()
    return [e for e in ENGINES if e not in skip]


def _median_run(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Return the run of median wall time (of two middle ones, the faster)."""
    return sorted(runs, key=lambda r: r["wall"])[(len(runs) - 1) // 2]


def main() -> int:
    size, pairs = _options()
    print(f"\n== generating {size:,} synthetic trips in {ROOT}")
    folder = generate(size)
    if size <= ANCHOR_MAX:
        check_anchor_bins()
        print("  DuckDB's and polars' bins equal nsp's on boundary values")
    engines = _engines(size)
    runs = _run_all(engines, folder, pairs)
    got = {e: _median_run(rs) for e, rs in runs.items()}
    want = got["stream"]
    equal = all(
        r["n_trips"] == want["n_trips"] and r["counts"] == want["counts"]
        for e, rs in runs.items()
        if e != "decode"
        for r in rs
    )
    print(f"\n  budgets ε = {EPS[0]}..{EPS[-1]}: unique trips {want['counts']}")
    if not equal:
        for name, r in got.items():
            print(f"  {name}: {r['n_trips']} trips, {r['counts']}")
        print("MISSED: the engines' counts differ")
    print(
        f"\n  {'engine':<10} {'wall [s]':>9} {'CPU [s]':>9} {'peak [GiB]':>11}  counts  "
        "(load: the machine's 1-min load average as the engine started)"
    )
    for name, r in got.items():
        same = "equal" if r["counts"] == want["counts"] else "DIFFERENT"
        same = "(reads)" if name == "decode" else same
        print(
            f"  {name:<10} {r['wall']:9.1f} {r['cpu']:9.1f} {r['peak'] / GiB:11.2f}  {same}  "
            f"load {r['load']:.1f}"
        )
    ok = True
    for name in ("dask-1", "dask-2"):
        r = got[name]
        cpus = ", ".join(f"{c:.1f}" for c in r["worker_cpu"])
        print(
            f"  {name}: CPU per worker {cpus} s, client (with the scheduler) "
            f"{r['client_cpu']:.1f} s; client peak {r['client_peak'] / GiB:.2f} GiB"
        )
        ok_client = r["client_peak"] < CLIENT_LIMIT
        if not ok_client:
            print(f"MISSED: the Dask client's peak exceeded {CLIENT_LIMIT / GiB:.0f} GiB")
        ok &= ok_client
    anchored = size <= ANCHOR_MAX
    anchor = min(("duckdb", "polars"), key=lambda e: got[e]["wall"]) if anchored else "decode"
    ours = min(
        (e for e in got if e in ("stream", "dask-1", "dask-2")), key=lambda e: got[e]["wall"]
    )
    tag = f"{size:.0e} trips"
    floor = got["decode"]
    rows = [
        Row(
            f"{tag}: {LABELS[ours]}",
            got[ours]["wall"],
            got[anchor]["wall"],
            LABELS[anchor],
            min_ratio=1 / MAX_BEHIND if anchored else None,
            note=f"wall; nsp CPU {got[ours]['cpu']:.1f} s vs {got[anchor]['cpu']:.1f} s; "
            f"peak {got[ours]['peak'] / GiB:.2f} GiB"
            + ("" if anchored else f"; DuckDB and polars not run above {ANCHOR_MAX:,} trips"),
        ),
        Row(
            f"{tag}: nsp Dask, 2 workers vs 1",
            got["dask-2"]["wall"],
            got["dask-1"]["wall"],
            LABELS["dask-1"],
            min_ratio=MIN_SCALING if size >= SCALING_FROM else None,
            note=_scaling_note(runs, size),
        ),
    ]
    rows += [
        Row(
            f"{tag}: {LABELS[e]}",
            got[e]["wall"],
            got[anchor]["wall"],
            LABELS[anchor],
            note=f"peak {got[e]['peak'] / GiB:.2f} GiB",
        )
        for e in got
        if e not in (ours, anchor, "decode")
    ]
    if anchored:
        rows.append(
            Row(
                f"{tag}: {LABELS[ours]} against the decode floor",
                got[ours]["wall"],
                floor["wall"],
                LABELS["decode"],
                note=f"the floor reads {floor['n_trips']:,} trips at "
                f"{size / floor['wall'] / 1e6:.0f} M trips/s; peak {floor['peak'] / GiB:.2f} GiB",
            )
        )
    status = report("scale: Fig. 6's uniqueness, nsp beside DuckDB and polars", rows)
    return 0 if equal and ok and status == 0 else 1


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--child":
        print(json.dumps(child(sys.argv[2], Path(sys.argv[3]))))
    else:
        raise SystemExit(main())
