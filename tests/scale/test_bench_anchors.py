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
