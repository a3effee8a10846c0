"""The streaming engine (engine="stream") of uniqueness_vs_epsilon against the pandas one.

The pandas engine (one sort of keys per budget, no Morton keys) is the reference; the counts are
integers, so every comparison is exact. Covers nested and non-nested budgets, coordinates on bin
edges, trips sharing their 64-bit key head (the tail path), Parquet/CSV files, and the errors.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import nsp.datasets as ds
from nsp._scale import _keys, _morton
from nsp.papers.noiseless import taxi

pytest.importorskip("pyarrow")

EPS = list(range(0, 50, 2))
COORDS = ["pickup_latitude", "pickup_longitude", "dropoff_latitude", "dropoff_longitude"]


def _stream(trips, eps, **kw):
    return ds.uniqueness_vs_epsilon(trips, eps, engine="stream", **kw)


def _edge_trips(rng: np.random.Generator, bits: int, n: int, bbox) -> pd.DataFrame:
    """Trips on the bin edges of ``2**bits`` boxes, one float either side, and the box's edges."""
    lon0, lon1, lat0, lat1 = bbox
    q = 1 << bits
    cols = {}
    for c in COORDS:
        lo, hi = (lat0, lat1) if "lat" in c else (lon0, lon1)
        edge = lo + rng.integers(0, q + 1, n) * ((hi - lo) / q)
        near = np.concatenate([edge, np.nextafter(edge, -np.inf), np.nextafter(edge, np.inf)])
        near = np.concatenate([near, [lo, hi, np.nextafter(lo, np.inf), np.nextafter(hi, -np.inf)]])
        cols[c] = rng.permutation(np.clip(near, lo, hi))
    return pd.DataFrame(cols)


def _clustered(rng: np.random.Generator, n: int, spread: float) -> pd.DataFrame:
    """Trips around a few points, within ``spread`` degrees: many share all their 16-bit heads."""
    centres = np.array([[40.75, -73.98, 40.71, -74.0], [40.64, -73.78, 40.77, -73.87]])
    pick = centres[rng.integers(0, len(centres), n)]
    jitter = np.round(rng.uniform(-spread, spread, (n, 4)), 7)
    return pd.DataFrame(pick + jitter, columns=COORDS)


@pytest.mark.parametrize("seed", range(4))
def test_random_instances_equal_pandas(seed):
    rng = np.random.default_rng(seed)
    trips = taxi.synthetic_trips(int(rng.integers(1, 4000)), seed=seed, decimals=int(seed + 2))
    picked = sorted(rng.choice(np.arange(0, 63), size=7, replace=False).tolist())
    for budgets in (EPS, picked, [e - e % 2 for e in picked], [3.5, 0.5, 9.9, 61.0]):
        pd.testing.assert_frame_equal(
            _stream(trips, budgets), ds.uniqueness_vs_epsilon(trips, budgets)
        )


@pytest.mark.parametrize("bits", [1, 4, 9, 16, 17, 24, 31])
def test_bin_edges_equal_pandas(bits):
    rng = np.random.default_rng(bits)
    trips = _edge_trips(rng, bits, 300, ds.NYC_BBOX_PAPER)
    budgets = [2 * bits, 2 * bits - 1, min(2 * bits + 1, 62), 0, 48]
    pd.testing.assert_frame_equal(_stream(trips, budgets), ds.uniqueness_vs_epsilon(trips, budgets))


@pytest.mark.parametrize("spread", [1e-6, 1e-5, 3e-5])
def test_trips_sharing_their_head_equal_pandas(spread):
    # At 2^16 boxes a cell is about 7e-6 degrees: these trips share the key's 64-bit head in
    # bulk and are told apart (or not: rounding makes exact duplicates) by the tail.
    trips = _clustered(np.random.default_rng(7), 3000, spread)
    budgets = [30, 32, 34, 36, 40, 44, 48, 50, 62, 33, 47]
    got = _stream(trips, budgets)
    pd.testing.assert_frame_equal(got, ds.uniqueness_vs_epsilon(trips, budgets))
    assert got.n_unique.iloc[1] < len(trips)  # some trips share all 16 head levels


@pytest.mark.parametrize("block", [1, 5, 64])
def test_blocks_of_any_size_give_the_same_counts(monkeypatch, block):
    """The kernels work a block of trips at a time: boundaries anywhere change no count."""
    rng = np.random.default_rng(block)
    cases = [
        (taxi.synthetic_trips(700, seed=block, decimals=3), EPS + [5, 33]),
        (_clustered(rng, 500, 1e-5), [30, 32, 34, 40, 48, 62, 33]),
        (_edge_trips(rng, 17, 60, ds.NYC_BBOX_PAPER), [0, 33, 34, 35, 48]),
    ]
    want = [ds.uniqueness_vs_epsilon(trips, budgets) for trips, budgets in cases]
    monkeypatch.setattr(_keys, "BLOCK", block)
    for (trips, budgets), expected in zip(cases, want, strict=True):
        pd.testing.assert_frame_equal(_stream(trips, budgets), expected)


def test_keys_of_consecutive_chunks_are_the_chunks_keys(monkeypatch):
    monkeypatch.setattr(_keys, "BLOCK", 7)
    trips = _clustered(np.random.default_rng(3), 100, 1e-5)
    coords = [trips[c].to_numpy() for c in COORDS]
    box = ds.NYC_BBOX_PAPER
    for fam in _morton.family_plan([2**24, 2**31, 1000]):
        parts = [[c[a:b] for c in coords] for a, b in [(0, 30), (30, 31), (31, 100)]]
        head, tail = _keys._keys_of(parts, fam, box)
        whole_head, whole_tail = _keys.quantize_chunk(coords, [fam], box)[0]
        np.testing.assert_array_equal(head, whole_head)
        np.testing.assert_array_equal(tail, whole_tail)


def test_cross_check_by_value_counts():
    """An independent count: quantize each coordinate directly and count the 4-tuples."""
    trips = taxi.synthetic_trips(5000, seed=11, decimals=4)
    got = _stream(trips, [6, 14, 30, 7])
    lon0, lon1, lat0, lat1 = taxi.PAPER_BBOX
    for e, n_unique in zip([6, 14, 30, 7], got.n_unique, strict=True):
        b = taxi.boxes_for(e)

        def bins(x, lo, hi, b=b):
            return np.minimum(np.floor((x - lo) * b / (hi - lo)), b - 1).astype(np.int64)

        cells = pd.DataFrame(
            {c: bins(trips[c], *((lat0, lat1) if "lat" in c else (lon0, lon1))) for c in COORDS}
        )
        assert n_unique == int((cells.value_counts() == 1).sum())


def test_one_trip_and_exact_duplicates():
    one = taxi.synthetic_trips(1, seed=3)
    assert _stream(one, [0, 48]).n_unique.tolist() == [1, 1]
    twice = pd.concat([one, one])
    assert _stream(twice, [0, 48, 62]).n_unique.tolist() == [0, 0, 0]


def test_chunks_of_a_frame(monkeypatch):
    trips = taxi.synthetic_trips(5000, seed=2, decimals=3)
    want = ds.uniqueness_vs_epsilon(trips, EPS)
    monkeypatch.setattr(_morton, "FRAME_CHUNK", 777)
    pd.testing.assert_frame_equal(_stream(trips, EPS), want)


@pytest.mark.parametrize("kind", ["parquet", "csv", "csv.gz"])
def test_files_equal_pandas(tmp_path: Path, kind):
    trips = taxi.synthetic_trips(6000, seed=5)
    bounds = [0, 1000, 1001, 6000]
    for k, (a, b) in enumerate(zip(bounds[:-1], bounds[1:], strict=True)):
        part = trips.iloc[a:b].assign(extra="x")  # a column that is not read
        if kind == "parquet":
            part.to_parquet(tmp_path / f"p{k}.parquet", index=False, row_group_size=700)
        else:
            part.to_csv(tmp_path / f"p{k}.{kind}", index=False)
    got = _stream(str(tmp_path / f"p*.{kind}"), EPS + [5])
    pd.testing.assert_frame_equal(got, ds.uniqueness_vs_epsilon(trips, EPS + [5]))


def test_family_plan_groups_nested_grids():
    plan = _morton.family_plan([1, 2, 5, 1024, 5, 3])
    assert [(f.grid, f.bits, f.levels) for f in plan] == [
        (1024, 10, (0, 1, 10)),
        (5, 3, (3,)),
        (3, 2, (2,)),
    ]


def test_errors_are_clear(tmp_path: Path):
    trips = taxi.synthetic_trips(100, seed=0)
    with pytest.raises(ValueError, match=r"missing \['dropoff_longitude'\]"):
        _stream(trips.drop(columns="dropoff_longitude"), EPS)
    with pytest.raises(ValueError, match="trips is empty"):
        _stream(trips.iloc[:0], EPS)
    with pytest.raises(ValueError, match="epsilons"):
        _stream(trips, [-2])
    with pytest.raises(ValueError, match="epsilons"):
        _stream(trips, [])
    with pytest.raises(ValueError, match="epsilons"):
        _stream(trips, [63])  # 2^31.5 boxes: beyond the bins' 2^31
    with pytest.raises(ValueError, match="epsilons"):
        _stream(trips, 4)
    with pytest.raises(ValueError, match="outside"):
        _stream(trips, [4], bbox=(-74.0, -73.9, 40.7, 40.8))
    with pytest.raises(ValueError, match="bbox"):
        _stream(trips, [4], bbox=(-73.9, -74.0, 40.7, 40.8))
    with pytest.raises(ValueError, match="NaN"):
        _stream(trips.assign(pickup_latitude=np.nan), [4])
    with pytest.raises(ValueError, match="trips must be a pandas DataFrame, a path glob"):
        _stream(42, EPS)
    with pytest.raises(FileNotFoundError, match="no file matches"):
        _stream(str(tmp_path / "none-*.parquet"), EPS)
    trips.drop(columns="pickup_latitude").to_parquet(tmp_path / "a.parquet")
    with pytest.raises(ValueError, match=r"missing \['pickup_latitude'\]"):
        _stream(str(tmp_path / "a.parquet"), EPS)
    trips.drop(columns="pickup_latitude").to_csv(tmp_path / "a.csv", index=False)
    with pytest.raises(ValueError, match="pickup_latitude"):
        _stream(str(tmp_path / "a.csv"), EPS)
    with pytest.raises(ValueError, match="engine"):
        ds.uniqueness_vs_epsilon(trips, EPS, engine="duckdb")
    for engine in ("pandas", "stream"):  # the same rules for the budgets in every engine
        with pytest.raises(ValueError, match="at least one budget"):
            ds.uniqueness_vs_epsilon(trips, [], engine=engine)
        with pytest.raises(ValueError, match="epsilons"):
            ds.uniqueness_vs_epsilon(trips, [62.5], engine=engine)
