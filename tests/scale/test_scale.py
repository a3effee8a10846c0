"""The Dask engines (engine="dask") of nsp.datasets against the pandas ones: exact equality.

Everything runs on one ``LocalCluster`` with two worker processes of one thread each, so the
partitions really travel between processes (pickling, shuffles) as on a cluster. The pandas path
on the same data in memory is the reference; counts are integers and the daily sums add the same
numbers in the same order, so every comparison is exact.
"""

from __future__ import annotations

import gzip
import subprocess
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

dask = pytest.importorskip("dask")
dd = pytest.importorskip("dask.dataframe")
distributed = pytest.importorskip("distributed")

import nsp.datasets as ds  # noqa: E402
from nsp._dask import import_dask  # noqa: E402
from nsp.datasets import load_adult, load_nyc_taxi, load_smart_meter  # noqa: E402
from nsp.papers import agglomerative as ag  # noqa: E402
from nsp.papers.noiseless import membership, taxi  # noqa: E402
from nsp.paths import data_dir  # noqa: E402

EPS = list(range(0, 50, 2))


#: Dask's own monitoring, off or slowed: the statistical profiler samples every 10 ms and the GIL
#: monitor every 1 ms, so an idle cluster took 9 s of CPU a minute for the rest of a shuffled run
#: (2 s with these). Nothing here changes what is computed or how partitions travel.
QUIET = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.system-monitor.gil.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "5s",
}


@pytest.fixture(scope="session")
def client() -> Iterator[distributed.Client]:
    """Two worker processes × one thread: what the 2-core test machine can give.

    The scheduler's HTTP server (health checks, metrics) asks for port 8787 even without a
    dashboard; under ``pytest -n 2`` each process starts a cluster and the second one gets
    another port, with a warning that says nothing about the code tested.
    """
    with dask.config.set(QUIET):
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", "Port 8787 is already in use", UserWarning)
            cluster = distributed.LocalCluster(
                n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
            )
        with cluster, distributed.Client(cluster) as c:
            yield c


def _sorted_categories(frame: pd.DataFrame, key=None) -> pd.DataFrame:
    """Gathered Dask partitions keep the union of their categories in order of appearance."""
    out = frame.copy()
    for c in out.columns:
        if isinstance(out[c].dtype, pd.CategoricalDtype):
            cats = sorted(out[c].cat.categories, key=key)
            out[c] = out[c].cat.reorder_categories(cats)
    return out


def _split(frame: pd.DataFrame, parts: int) -> list[pd.DataFrame]:
    bounds = np.linspace(0, len(frame), parts + 1).astype(int)
    return [frame.iloc[a:b] for a, b in zip(bounds[:-1], bounds[1:], strict=True)]


def _write_parts(frame: pd.DataFrame, folder: Path, parts: int, kind: str) -> str:
    folder.mkdir(parents=True, exist_ok=True)
    for k, part in enumerate(_split(frame, parts)):
        if kind == "parquet":
            part.to_parquet(folder / f"part-{k:03d}.parquet", index=False)
        else:
            part.to_csv(folder / f"part-{k:03d}.{kind}", index=False)
    return str(folder / f"part-*.{kind}")


# --- taxi uniqueness -----------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["parquet", "csv", "csv.gz"])
def test_uniqueness_from_files_equals_pandas(client, tmp_path, kind):
    trips = taxi.synthetic_trips(10_000, seed=5)
    glob = _write_parts(trips, tmp_path / "trips", 3, kind)
    got = ds.uniqueness_vs_epsilon(glob, EPS, engine="dask")
    want = ds.uniqueness_vs_epsilon(trips, EPS)
    pd.testing.assert_frame_equal(got, want)
    assert 0 < got.n_unique.iloc[8] < len(trips)  # the interesting range is covered


@pytest.mark.parametrize("seed", range(3))
def test_uniqueness_random_instances_and_partitions(client, seed):
    rng = np.random.default_rng(seed)
    trips = taxi.synthetic_trips(int(rng.integers(50, 5000)), seed=seed, decimals=3)
    eps = sorted(rng.choice(np.arange(0, 50), size=6, replace=False).tolist())
    for budgets in (eps, [e - e % 2 for e in eps]):  # odd budgets: grids that do not nest
        frame = dd.from_pandas(trips, npartitions=int(rng.integers(1, 7)))
        pd.testing.assert_frame_equal(
            ds.uniqueness_vs_epsilon(frame, budgets, engine="dask"),
            ds.uniqueness_vs_epsilon(trips, budgets),
        )


def test_uniqueness_edges_shared_heads_and_row_groups(client, tmp_path):
    """Bin edges, trips sharing their key's 16-level head, several row groups per file."""
    rng = np.random.default_rng(3)
    lon0, lon1, lat0, lat1 = taxi.PAPER_BBOX
    n = 2000
    edges = {}
    for c in ("pickup_latitude", "pickup_longitude", "dropoff_latitude", "dropoff_longitude"):
        lo, hi = (lat0, lat1) if "lat" in c else (lon0, lon1)
        edge = lo + rng.integers(0, 2**9 + 1, n) * ((hi - lo) / 2**9)
        edges[c] = np.clip(np.nextafter(edge, rng.choice([-np.inf, np.inf], n)), lo, hi)
    near = taxi.synthetic_trips(n, seed=4)
    near = near.iloc[rng.integers(0, 50, n)] + np.round(rng.uniform(-1e-6, 1e-6, (n, 4)), 7)
    for c in near.columns:
        near[c] = near[c].clip(*((lat0, lat1) if "lat" in c else (lon0, lon1)))
    trips = pd.concat([pd.DataFrame(edges), near], ignore_index=True)
    budgets = [0, 4, 10, 18, 19, 32, 40, 48, 62]
    want = ds.uniqueness_vs_epsilon(trips, budgets)
    frame = dd.from_pandas(trips, npartitions=5)
    pd.testing.assert_frame_equal(ds.uniqueness_vs_epsilon(frame, budgets, engine="dask"), want)
    trips.to_parquet(tmp_path / "t.parquet", index=False, row_group_size=700)
    got = ds.uniqueness_vs_epsilon(str(tmp_path / "t.parquet"), budgets, engine="dask")
    pd.testing.assert_frame_equal(got, want)


def test_dask_tasks_read_several_row_groups(client, tmp_path):
    """A task reads consecutive row groups (fewer, larger tasks); the counts do not change."""
    from nsp._scale import _morton

    trips = taxi.synthetic_trips(2700, seed=5, decimals=4)
    path = tmp_path / "t.parquet"
    trips.to_parquet(path, index=False, row_group_size=100)  # 27 row groups
    tasks = _morton._parquet_tasks([str(path)], threads=2)
    assert len(tasks) == 8  # four a thread, 27 row groups in runs of 3 or 4
    chunks = [chunk for t in tasks for chunk in t()]  # a task: its row groups' coordinates
    assert len(chunks) == 27
    coords = [np.concatenate(parts) for parts in zip(*chunks, strict=True)]
    for c, got in zip(_morton.TAXI_COORDS, coords, strict=True):
        np.testing.assert_array_equal(got, trips[c].to_numpy())  # every trip, in order
    budgets = [0, 8, 20, 34, 48]
    pd.testing.assert_frame_equal(
        ds.uniqueness_vs_epsilon(str(path), budgets, engine="dask"),
        ds.uniqueness_vs_epsilon(trips, budgets),
    )


@pytest.mark.parametrize("threads", [1, 2, 3, 4])
def test_dask_tasks_come_in_multiples_of_the_threads(threads):
    """Whole row groups, a multiple of the threads, as even as the row groups allow."""
    from nsp._scale import _morton

    rng = np.random.default_rng(threads)
    for _ in range(300):
        rows = rng.integers(1, 3 * _morton.DASK_TASK_TRIPS, size=rng.integers(1, 200))
        k = _morton._task_count(rows, threads)
        want = max(-(-int(rows.sum()) // _morton.DASK_TASK_TRIPS), 4 * threads)
        lowest = threads * max(4, -(-(want // 2) // threads))  # the fewest tasks allowed
        if len(rows) <= 4 * threads or lowest > min(2 * want, len(rows)):
            assert k == len(rows)  # too few row groups for that many tasks: one a task
        else:
            assert k % threads == 0 and 4 * threads <= k <= min(2 * want, len(rows))
            assert k >= want // 2
    # 100 row groups of a million: 2 threads take 20 tasks of 5 (25 of 4 leave one waiting)
    assert _morton._task_count(np.full(100, 10**6), threads=2) == 20
    # no even cut for 3 threads: the multiple of 3 nearest to 25, eight tasks a thread
    assert _morton._task_count(np.full(100, 10**6), threads=3) == 24
    # row groups of three tasks' trips each: one a task, whatever the threads
    assert _morton._task_count(np.full(9, 3 * _morton.DASK_TASK_TRIPS), threads=2) == 9


def test_dask_tasks_in_small_blocks_give_the_same_counts(client, tmp_path, monkeypatch):
    """The workers' block size travels with the tasks: blocks of 7 trips change no count."""
    from nsp._scale import _morton

    trips = taxi.synthetic_trips(2000, seed=8, decimals=5)
    path = tmp_path / "t.parquet"
    trips.to_parquet(path, index=False, row_group_size=300)
    budgets = [0, 8, 20, 33, 34, 48]
    monkeypatch.setattr(_morton, "WORKER_BLOCK", 7)
    pd.testing.assert_frame_equal(
        ds.uniqueness_vs_epsilon(str(path), budgets, engine="dask"),
        ds.uniqueness_vs_epsilon(trips, budgets),
    )


def test_dask_tasks_unpickle_without_pandas_or_the_rest_of_nsp(tmp_path, monkeypatch):
    """A fresh worker imports what the count's tasks need, numpy, not pandas, SciPy or nsp.

    The graph is the one ``uniqueness_dask`` hands to ``dask.compute``; it is pickled as
    ``distributed`` does (cloudpickle) and unpickled in a fresh interpreter.
    """
    import cloudpickle

    from nsp._scale import _morton

    trips = taxi.synthetic_trips(300, seed=2, decimals=4)
    path = tmp_path / "t.parquet"
    trips.to_parquet(path, index=False, row_group_size=100)
    captured = []

    class Captured(Exception):
        """Stops the count before it computes: only its graph is wanted."""

    def capture(*lazy, **_):
        captured.extend(lazy)
        raise Captured

    monkeypatch.setattr(dask, "compute", capture)
    with pytest.raises(Captured):
        _morton.uniqueness_dask(str(path), [0, 20, 48, 33], bbox=taxi.PAPER_BBOX)
    graph = {k: v for x in captured for k, v in dict(x.__dask_graph__()).items()}
    blob = tmp_path / "graph.pkl"
    blob.write_bytes(cloudpickle.dumps(graph))
    heavy = ("pandas", "scipy", "networkx", "nsp.noiseless", "nsp.datasets", "nsp._scale._morton")
    code = (
        "import pickle, sys; graph = pickle.load(open(sys.argv[1], 'rb'));"
        f"print(len(graph), [m for m in {heavy!r} if m in sys.modules])"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(blob)], capture_output=True, text=True, check=True
    )
    n_tasks, loaded = out.stdout.split(" ", 1)
    assert int(n_tasks) == len(graph) > 10
    assert loaded.strip() == "[]"


def test_uniqueness_cross_check_by_value_counts(client):
    """An independent count: quantise each coordinate directly and count 4-tuples."""
    trips = taxi.synthetic_trips(5000, seed=11, decimals=4)
    got = ds.uniqueness_vs_epsilon(dd.from_pandas(trips, npartitions=4), [6, 14, 30], engine="dask")
    lon0, lon1, lat0, lat1 = taxi.PAPER_BBOX
    for e, n_unique in zip([6, 14, 30], got.n_unique, strict=True):
        b = taxi.boxes_for(e)

        def bins(x, lo, hi, b=b):
            return np.minimum(np.floor((x - lo) / (hi - lo) * b), b - 1).astype(np.int64)

        cells = pd.DataFrame(
            {
                "a": bins(trips.pickup_latitude, lat0, lat1),
                "b": bins(trips.pickup_longitude, lon0, lon1),
                "c": bins(trips.dropoff_latitude, lat0, lat1),
                "d": bins(trips.dropoff_longitude, lon0, lon1),
            }
        )
        assert n_unique == int((cells.value_counts() == 1).sum())


def test_the_pandas_engine_names_the_dask_one(client):
    frame = dd.from_pandas(taxi.synthetic_trips(30, seed=2), npartitions=2)
    with pytest.raises(ValueError, match="engine='dask'"):
        ds.uniqueness_vs_epsilon(frame, [8, 20])


@pytest.mark.data
def test_uniqueness_on_the_stand_in_through_the_dask_loader(client):
    want = ds.uniqueness_vs_epsilon(load_nyc_taxi(sample="2015-night", bbox="paper"), EPS)
    frame = load_nyc_taxi(sample="2015-night", bbox="paper", engine="dask")
    pd.testing.assert_frame_equal(ds.uniqueness_vs_epsilon(frame, EPS, engine="dask"), want)


# --- loaders --------------------------------------------------------------------------------


@pytest.mark.data
@pytest.mark.parametrize("sample", ["2016-sample", "2015-night"])
def test_taxi_loader_dask_equals_pandas(client, sample):
    want = load_nyc_taxi(sample=sample, bbox="paper")
    frame = load_nyc_taxi(sample=sample, bbox="paper", engine="dask")
    assert isinstance(frame, dd.DataFrame)
    assert frame.dtypes.astype(str).equals(want.dtypes.astype(str))
    pd.testing.assert_frame_equal(frame.compute(), want.reset_index(drop=True))


@pytest.mark.data
def test_taxi_loader_many_gzipped_csv_files(client, tmp_path):
    """The TLC 2016 sample cut into three gzipped CSV parts reads as the whole file does."""
    source = data_dir() / "nyc_taxi" / "yellow_tripdata_2016-01_sample10k.csv.gz"
    lines = gzip.open(source, "rt").read().splitlines(keepends=True)
    header, body = lines[0], lines[1:]
    for k, chunk in enumerate(np.array_split(np.arange(len(body)), 3)):
        with gzip.open(tmp_path / f"part{k}.csv.gz", "wt") as fh:
            fh.write(header + "".join(body[i] for i in chunk))
    want = load_nyc_taxi(path=source, bbox="paper")
    frame = load_nyc_taxi(path=tmp_path / "part*.csv.gz", bbox="paper", engine="dask")
    assert frame.npartitions == 3
    got = frame.compute().reset_index(drop=True)
    pd.testing.assert_frame_equal(_sorted_categories(got), want)


def test_taxi_loader_parquet_parts_in_both_schemas(client, tmp_path):
    rng = np.random.default_rng(3)
    n = 600
    trips = taxi.synthetic_trips(n, seed=3)
    trips.loc[::50, "pickup_latitude"] = 0.0  # dropped as GPS-missing
    raw = pd.DataFrame(
        {
            "VendorID": rng.integers(1, 3, n),
            "tpep_pickup_datetime": pd.Timestamp("2016-01-01") + pd.to_timedelta(np.arange(n), "s"),
            "tpep_dropoff_datetime": pd.Timestamp("2016-01-01")
            + pd.to_timedelta(np.arange(n) + 60, "s"),
            "passenger_count": rng.integers(1, 5, n),
            "trip_distance": rng.random(n),
            "pickup_longitude": trips.pickup_longitude,
            "pickup_latitude": trips.pickup_latitude,
            "RatecodeID": np.ones(n, dtype=int),
            "store_and_fwd_flag": rng.choice(["N", "Y"], n),
            "dropoff_longitude": trips.dropoff_longitude,
            "dropoff_latitude": trips.dropoff_latitude,
            "payment_type": rng.integers(1, 5, n),
            "fare_amount": rng.random(n),
            "extra": rng.random(n),
            "mta_tax": np.full(n, 0.5),
            "tip_amount": rng.random(n),
            "tolls_amount": np.zeros(n),
            "improvement_surcharge": np.full(n, 0.3),
            "total_amount": rng.random(n) + 5,
        }
    )
    raw.to_parquet(tmp_path / "whole.parquet", index=False)
    want = load_nyc_taxi(path=tmp_path / "whole.parquet", bbox="paper")
    assert want.attrs["dropped_zero_coordinates"] == 12
    assert set(want.vendor_id.cat.categories) == {"CMT", "VTS"}
    glob = _write_parts(raw, tmp_path / "parts", 3, "parquet")
    got = load_nyc_taxi(path=glob, bbox="paper", engine="dask").compute()
    pd.testing.assert_frame_equal(_sorted_categories(got.reset_index(drop=True)), want)
    pd.testing.assert_frame_equal(
        ds.uniqueness_vs_epsilon(
            load_nyc_taxi(path=glob, bbox="paper", engine="dask"), EPS, engine="dask"
        ),
        ds.uniqueness_vs_epsilon(want, EPS),
    )


WINDOW = {"start": "2012-09-01", "end": "2012-10-31"}


@pytest.mark.slow  # three passes over the 1.3 million rows of the registered file
@pytest.mark.data
def test_smart_meter_loader_one_and_many_files(client, tmp_path):
    """The SGSC stand-in, whole and split by customer into three CSV files: same readings."""
    want = load_smart_meter(**WINDOW)
    frame = load_smart_meter(**WINDOW, engine="dask")
    assert frame.dtypes.astype(str).equals(want.dtypes.astype(str))
    pd.testing.assert_frame_equal(frame.compute(), want)

    raw = pd.read_csv(data_dir() / "sgsc_smart_meter" / "sgsc_cust50_halfhourly.csv.gz", dtype=str)
    raw = raw[raw.reading_datetime.str[:7].isin(["2012-09", "2012-10"])]
    raw.to_csv(tmp_path / "whole.csv", index=False)
    want = load_smart_meter(path=tmp_path / "whole.csv", **WINDOW)
    ids = sorted(raw.customer_id.unique())
    for k, group in enumerate(np.array_split(np.asarray(ids), 3)):
        raw[raw.customer_id.isin(group)].to_csv(tmp_path / f"sgsc{k}.csv", index=False)
    parts = load_smart_meter(path=tmp_path / "sgsc*.csv", **WINDOW, engine="dask")
    assert parts.npartitions == 3
    got = _sorted_categories(parts.compute().reset_index(drop=True), key=lambda s: (len(s), s))
    pd.testing.assert_frame_equal(got, want)
    pd.testing.assert_frame_equal(
        membership.daily_matrix(parts, min_complete_days=30),
        membership.daily_matrix(want, min_complete_days=30),
    )


# --- membership: daily totals -------------------------------------------------------------


def _readings(seed: int) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    stamps = pd.date_range("2013-01-01", periods=48 * 12, freq="30min")
    rows = []
    for c in ["7", "12", "100", "3"]:
        keep = rng.random(len(stamps)) > 0.01  # a few readings missing: incomplete days
        rows.append(
            pd.DataFrame(
                {
                    "customer": c,
                    "timestamp": stamps[keep],
                    "kwh": rng.gamma(2.0, 0.13, keep.sum()).round(rng.integers(3, 17)),
                }
            )
        )
    return pd.concat(rows, ignore_index=True)


@pytest.mark.parametrize(("seed", "kind"), [(0, "parquet"), (1, "csv"), (2, "parquet")])
def test_daily_totals_are_bit_identical(client, tmp_path, seed, kind):
    readings = _readings(seed)
    want = ds.daily_totals(readings)
    glob = _write_parts(readings, tmp_path / "meter", 5, kind)
    got = ds.daily_totals(glob, engine="dask")
    pd.testing.assert_frame_equal(got, want, check_exact=True)
    assert (got["count"] < 48).any()  # incomplete days are present and counted
    frame = dd.from_pandas(readings, npartitions=7)
    pd.testing.assert_frame_equal(
        membership.daily_matrix(frame, min_complete_days=1),
        membership.daily_matrix(readings, min_complete_days=1),
        check_exact=True,
    )


# --- joint pmfs ------------------------------------------------------------------------------


@pytest.mark.data
@pytest.mark.parametrize(
    "options",
    [
        {},
        {"age_edges": [17, 30, 50, 91], "education_scheme": "4level", "s_attrs": ("income",)},
        {"x_attrs": ("sex", "education"), "s_attrs": ("age",)},
    ],
)
def test_census_joint_equals_pandas(client, tmp_path, options):
    df = load_adult()
    cut = {k: v for k, v in options.items() if k in ("age_edges", "education_scheme")}
    attrs = {k: v for k, v in options.items() if k.endswith("attrs")}
    want = ds.census_joint(df, **cut, **attrs)
    glob = _write_parts(df, tmp_path / "adult", 4, "parquet")
    got = ds.census_joint(glob, **options, engine="dask")
    pd.testing.assert_frame_equal(got, want, check_exact=True)
    assert got.to_numpy().dtype == np.int64
    codes = ds.discretize_adult(glob, **cut, engine="dask").compute().reset_index(drop=True)
    want_codes = ds.discretize_adult(df, **cut)
    want_codes.attrs = {}
    pd.testing.assert_frame_equal(codes, want_codes)


@pytest.mark.data
def test_hungarian_joint_counts_equal_the_pmf(client, tmp_path):
    df = ag.hungarian_age_chol()
    glob = _write_parts(df, tmp_path / "heart", 3, "csv")
    table = ds.joint_counts(glob, s="age", x="chol", engine="dask")
    pd.testing.assert_frame_equal(table, ds.joint_counts(df, s="age", x="chol"))
    r = ag.hungarian_joint_range(df)
    assert tuple(table.index) == tuple(r.s_labels) and tuple(table.columns) == tuple(r.x_labels)
    counts = table.to_numpy()
    np.testing.assert_array_equal(counts / counts.sum(), ag.hungarian_pmf(df))
    assert (counts > 0).sum() == 281 and ((counts == 1).sum()) == 269  # the paper's counts


def test_daily_totals_do_not_depend_on_the_row_order(rng):
    """The pandas step itself: shuffled rows, same floats (what makes partitions exact)."""
    readings = _readings(7)
    want = ds.daily_totals(readings)
    for _ in range(3):
        shuffled = readings.iloc[rng.permutation(len(readings))]
        pd.testing.assert_frame_equal(ds.daily_totals(shuffled), want, check_exact=True)
    one = readings[readings.customer == "100"]
    pd.testing.assert_frame_equal(ds.daily_totals(one), want.loc[["100"]])


def test_census_joint_underscore_names_from_csv(client, tmp_path):
    rng = np.random.default_rng(9)
    df = pd.DataFrame(
        {
            "age": rng.integers(17, 91, 500),
            "sex": rng.choice(["Male", "Female"], 500),
            "education_num": rng.integers(1, 17, 500),
            "income": rng.choice(["<=50K", ">50K", ">50K."], 500),
        }
    )
    want = ds.census_joint(df)
    got = ds.census_joint(_write_parts(df, tmp_path / "adult", 3, "csv"), engine="dask")
    pd.testing.assert_frame_equal(got, want, check_exact=True)


def test_joint_counts_random_tables(client, rng):
    for _ in range(3):
        df = pd.DataFrame(
            {"s": rng.integers(0, 5, 400), "x": rng.choice([2.5, -1.0, 7.0, 3.0], 400)}
        )
        df.loc[rng.random(400) < 0.05, "x"] = np.nan
        table = ds.joint_counts(dd.from_pandas(df, npartitions=3), s="s", x="x", engine="dask")
        want = pd.crosstab(df.s, df.x)  # NaN rows dropped, sorted levels
        np.testing.assert_array_equal(table.to_numpy(), want.to_numpy())
        pd.testing.assert_frame_equal(table, ds.joint_counts(df, s="s", x="x"))
        assert list(table.columns) == list(want.columns)


# --- errors ----------------------------------------------------------------------------------


def test_errors_are_clear(client, tmp_path):
    trips = dd.from_pandas(taxi.synthetic_trips(100, seed=0), npartitions=2)
    with pytest.raises(ValueError, match=r"missing \['dropoff_longitude'\]"):
        ds.uniqueness_vs_epsilon(trips.drop(columns="dropoff_longitude"), engine="dask")
    with pytest.raises(FileNotFoundError, match="no file matches"):
        ds.uniqueness_vs_epsilon(str(tmp_path / "none-*.parquet"), engine="dask")
    with pytest.raises(ValueError, match="trips must be a Dask DataFrame"):
        ds.uniqueness_vs_epsilon(42, engine="dask")
    with pytest.raises(ValueError, match="epsilons"):
        ds.uniqueness_vs_epsilon(trips, [-2], engine="dask")
    with pytest.raises(ValueError, match="trips is empty"):
        ds.uniqueness_vs_epsilon(trips[trips.pickup_latitude > 90], engine="dask")
    with pytest.raises(ValueError, match="outside|range|within"):
        ds.uniqueness_vs_epsilon(trips, [4], bbox=(-74.0, -73.9, 40.7, 40.8), engine="dask")
    (tmp_path / "a.parquet").write_bytes(b"")
    (tmp_path / "b.csv").write_text("x\n")
    with pytest.raises(ValueError, match="not a mix"):
        ds.uniqueness_vs_epsilon([tmp_path / "a.parquet", tmp_path / "b.csv"], engine="dask")
    (tmp_path / "c.txt").write_text("a,b\n")
    with pytest.raises(ValueError, match="Parquet .* or CSV"):
        ds.joint_counts(str(tmp_path / "c.txt"), s="a", x="b", engine="dask")
    with pytest.raises(ValueError, match="missing"):
        ds.daily_totals(
            dd.from_pandas(pd.DataFrame({"customer": ["a"], "kwh": [1.0]}), 1), engine="dask"
        )
    with pytest.raises(ValueError, match="several channels"):
        sm = _readings(0).assign(channel=["GC", "CL"] * (len(_readings(0)) // 2))
        ds.daily_totals(dd.from_pandas(sm, npartitions=2), engine="dask")
    with pytest.raises(ValueError, match="education_num"):
        ds.census_joint(
            dd.from_pandas(pd.DataFrame({"age": [30], "sex": ["Male"]}), 1), engine="dask"
        )
    with pytest.raises(ValueError, match="quantile"):
        ds.census_joint(trips, age_edges="quantile", engine="dask")
    with pytest.raises(ValueError, match="two distinct"):
        ds.joint_counts(trips, s="pickup_latitude", x="pickup_latitude", engine="dask")


def test_loader_errors(tmp_path):
    with pytest.raises(ValueError, match="engine"):
        load_nyc_taxi(engine="spark")
    with pytest.raises(ValueError, match="nrows is not used"):
        load_nyc_taxi(engine="dask", nrows=10)
    with pytest.raises(ValueError, match="several need engine='dask'"):
        load_nyc_taxi(path=[tmp_path / "a.csv", tmp_path / "b.csv"])
    with pytest.raises(FileNotFoundError, match="no file matches"):
        load_nyc_taxi(path=tmp_path / "*.csv", engine="dask")
    with pytest.raises(FileNotFoundError, match="no file matches"):
        load_smart_meter(path=tmp_path / "*.csv", engine="dask")
    with pytest.raises(ValueError, match="engine"):
        load_smart_meter(engine="polars")


def test_missing_extra_names_the_install_command(monkeypatch):
    monkeypatch.setitem(sys.modules, "dask.dataframe", None)
    with pytest.raises(ImportError, match=r'pip install "nsp-privacy\[scale\]"'):
        import_dask()
    monkeypatch.setitem(sys.modules, "dask", None)
    with pytest.raises(ImportError, match=r'pip install "nsp-privacy\[scale\]"'):
        import_dask(frames=False)


def test_parquet_count_on_dask_imports_no_dask_dataframe(tmp_path):
    """Parquet files to counts in plain tasks: Dask's frames (a second to import) stay unloaded."""
    trips = taxi.synthetic_trips(500, seed=4, decimals=4)
    trips.to_parquet(tmp_path / "t.parquet", index=False, row_group_size=100)
    code = (
        "import sys, nsp.datasets as ds\n"
        f"curve = ds.uniqueness_vs_epsilon({str(tmp_path / 't.parquet')!r}, [0, 20, 48, 33],"
        " engine='dask')\n"
        "print(curve.n_unique.tolist(), 'dask' in sys.modules, 'dask.dataframe' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    want = ds.uniqueness_vs_epsilon(trips, [0, 20, 48, 33]).n_unique.tolist()
    assert out == f"{want} True False"


def test_nsp_imports_without_dask():
    code = (
        "import sys; sys.modules['dask'] = None; sys.modules['dask.dataframe'] = None\n"
        "import nsp._scale, nsp.datasets as ds, nsp.papers.noiseless.taxi as t\n"
        "ds.uniqueness_vs_epsilon(t.synthetic_trips(10), [2])\n"
        "try:\n    ds.census_joint('adult-*.parquet', engine='dask')\nexcept ImportError as e:\n"
        "    print(e)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert 'pip install "nsp-privacy[scale]"' in out
