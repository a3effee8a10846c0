"""The benchmark's DuckDB and polars anchors count what nsp counts (benchmarks/bench_scale.py).

``make bench`` compares nsp's out-of-core engines with these; a comparison is only worth making if
they compute the same bins (Definition 3's quantizer) and the same unique counts.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

duckdb = pytest.importorskip("duckdb")
pl = pytest.importorskip("polars")

import nsp.datasets as ds  # noqa: E402
from benchmarks import bench_scale as bench  # noqa: E402
from nsp.papers.noiseless import taxi  # noqa: E402

EPS = list(range(0, 50, 2))


def test_anchor_bins_equal_the_quantizer_on_bin_edges():
    bench.check_anchor_bins()  # raises unless equal, at 2, 8, 1024 and 2^24 boxes


@pytest.mark.parametrize("seed", range(3))
def test_anchor_counts_equal_pandas(seed):
    rng = np.random.default_rng(seed)
    bits = int(rng.integers(2, 25))
    trips = pd.concat(
        [
            taxi.synthetic_trips(int(rng.integers(1, 3000)), seed=seed, decimals=seed + 3),
            bench.boundary_trips(ds.NYC_BBOX_PAPER, bits, n=300, seed=seed),
        ],
        ignore_index=True,
    )
    budgets = sorted(rng.choice(EPS, size=6, replace=False).tolist())
    want = ds.uniqueness_vs_epsilon(trips, budgets)
    with duckdb.connect() as con:
        con.register("trips", trips)
        n, got = bench.duckdb_unique("trips", ds.NYC_BBOX_PAPER, budgets, con)
    assert (n, got) == (len(trips), want.n_unique.tolist())
    n, got = bench.polars_unique(pl.from_pandas(trips).lazy(), ds.NYC_BBOX_PAPER, budgets)
    assert (n, got) == (len(trips), want.n_unique.tolist())


def test_anchors_need_nested_grids():
    with pytest.raises(ValueError, match="power-of-two"):
        bench.polars_unique(pl.LazyFrame(), ds.NYC_BBOX_PAPER, [5])  # 5 boxes


def test_dask_runs_alternate_and_the_median_run_is_reported(monkeypatch, tmp_path, capsys):
    """Pairs of Dask runs alternate 1, 2 / 2, 1 workers; the table takes each engine's median."""
    walls = iter([5.0, 3.0, 2.0, 4.0, 1.0, 9.0, 6.0, 7.0, 8.0])
    order = []

    def fake_child(engine, folder):
        order.append(engine)
        return {"wall": next(walls), "cpu": 1.0, "peak": 0, "counts": [1], "n_trips": 1}

    monkeypatch.setattr(bench, "run_child", fake_child)
    runs = bench._run_all(["stream", "dask-1", "dask-2", "duckdb", "polars"], tmp_path, 3)
    assert order == ["stream", "dask-1", "dask-2", "dask-2", "dask-1", "dask-1", "dask-2"] + [
        "duckdb",
        "polars",
    ]
    assert [r["wall"] for r in runs["dask-1"]] == [3.0, 1.0, 9.0]
    assert [r["wall"] for r in runs["dask-2"]] == [2.0, 4.0, 6.0]
    assert bench._median_run(runs["dask-1"])["wall"] == 3.0
    assert bench._median_run(runs["dask-2"][:2])["wall"] == 2.0  # of two, the faster
    note = bench._scaling_note(runs, 10**7)
    assert "medians of 3 runs each; pairs 0.25x to 1.50x" in note and "target 1.6x" in note
    assert "target" not in bench._scaling_note(runs, 10**8)


def test_decode_floor_reads_every_row_group(tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    trips = taxi.synthetic_trips(5000, seed=1)
    files = []
    for k, rows in enumerate((1000, 2500)):
        path = tmp_path / f"part-{k}.parquet"
        trips.iloc[:rows].to_parquet(path, index=False, row_group_size=700)
        assert pq.ParquetFile(path).num_row_groups > 1
        files.append(str(path))
    assert bench.decode_all(files) == 3500


def test_engines_by_size():
    assert "pandas" in bench._engines(bench.PANDAS_MAX)
    assert "pandas" not in bench._engines(bench.PANDAS_MAX + bench.CHUNK)
    assert {"duckdb", "polars"} <= set(bench._engines(bench.ANCHOR_MAX))
    large = bench._engines(3 * bench.ANCHOR_MAX)
    assert large == ["decode", "stream", "dask-1", "dask-2"]
