"""Fig. 6's uniqueness count out of core on Dask: 10^8 synthetic trips from Parquet on disk.

- Generates ``size`` trips (default 10^8) with the synthetic-trip generator of
  :func:`nsp.papers.noiseless.taxi.synthetic_trips`, one Parquet file per 10^6 trips, in
  ``build/bench-scale/trips-<size>/`` (reused when complete; generation holds one chunk at a
  time).
- Counts the unique trips for the 25 budgets of Fig. 6 with
  :func:`nsp.datasets.uniqueness_vs_epsilon` (``engine="dask"``) on a ``LocalCluster`` of 1
  and of 2 worker processes (1 thread, 4 GiB each, spilling to ``build/bench-scale/dask``),
  reporting the time, the peak memory of the client process (target < 4 GiB: the data never
  come to the client) and of the workers.
- At 10^6 trips, the same count by the pandas engine in memory, and a check that both agree.

Size: ``--size 1e6`` on the command line (``python -m benchmarks scale --size 1e6``) or
``NSP_BENCH_SCALE_SIZE=1000000``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from benchmarks._timing import Row, report
from nsp.datasets import uniqueness_vs_epsilon
from nsp.papers.noiseless import taxi

ROOT = Path(__file__).resolve().parents[1] / "build" / "bench-scale"
CHUNK = 1_000_000
EPS = list(range(0, 50, 2))
CLIENT_LIMIT = 4 * 2**30
GiB = 2**30


def _size() -> int:
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--size", type=float, default=None)
    known, _ = parser.parse_known_args(sys.argv[1:])
    raw = known.size if known.size is not None else os.environ.get("NSP_BENCH_SCALE_SIZE", 1e8)
    size = int(float(raw))
    if size < CHUNK or size % CHUNK:
        raise SystemExit(f"--size must be a positive multiple of {CHUNK:,}; got {raw}")
    return size


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


def run_on_cluster(glob: str, workers: int) -> tuple[pd.DataFrame, float, int, int]:
    """Uniqueness on a fresh LocalCluster: result, seconds, client and worker peak memory."""
    import distributed

    with (
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
        info: dict[str, Any] = client.run(os.getpid)
        worker_pids = list(info.values())
        with (
            peak_rss(lambda: [os.getpid()]) as client_mem,
            peak_rss(lambda: worker_pids) as worker_mem,
        ):
            t0 = time.perf_counter()
            curve = uniqueness_vs_epsilon(glob, EPS, engine="dask")
            seconds = time.perf_counter() - t0
    return curve, seconds, client_mem["peak"], worker_mem["peak"]


def main() -> int:
    size = _size()
    rows: list[Row] = []
    ok = True
    print(f"\n== generating {size:,} synthetic trips in {ROOT}")
    folder = generate(size)

    # 10^6 trips (the first part): Dask on 2 workers against the pandas path in memory.
    first = folder / "part-00000.parquet"
    small, dask_seconds, _, _ = run_on_cluster(str(first), 2)
    trips = pd.read_parquet(first)
    t0 = time.perf_counter()
    want = uniqueness_vs_epsilon(trips, EPS)
    pandas_seconds = time.perf_counter() - t0
    pd.testing.assert_frame_equal(small, want)
    rows.append(
        Row(
            "Fig. 6: 25 budgets, 1e6 trips, Dask 2 workers",
            dask_seconds,
            pandas_seconds,
            "pandas in memory (equal tables)",
        )
    )

    # The whole set out of core, on 1 and on 2 workers.
    glob = str(folder / "part-*.parquet")
    results = {}
    for workers in (1, 2):
        curve, seconds, client_peak, worker_peak = run_on_cluster(glob, workers)
        results[workers] = curve
        print(
            f"  {size:.0e} trips, {workers} worker(s): {seconds:.1f} s, client peak "
            f"{client_peak / GiB:.2f} GiB, workers' peak {worker_peak / GiB:.2f} GiB (sum)"
        )
        ok &= client_peak < CLIENT_LIMIT
        rows.append(
            Row(
                f"Fig. 6: 25 budgets, {size:.0e} trips, {workers} worker(s)",
                seconds,
                None,
                f"client peak {client_peak / GiB:.2f} GiB (< 4), workers {worker_peak / GiB:.2f}",
            )
        )
    pd.testing.assert_frame_equal(results[1], results[2])
    print(results[2].to_string(index=False))
    status = report("scale: uniqueness out of core on Dask", rows)
    if not ok:
        print(f"MISSED: the client's peak memory exceeded {CLIENT_LIMIT / GiB:.0f} GiB")
    return 0 if ok and status == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
