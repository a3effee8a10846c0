"""The 2015 taxi night: the loader's ``sample=`` choice and Fig. 6's numbers on both samples."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from conftest import find_mirror  # noqa: E402

import nsp.datasets as ds
from nsp.datasets._taxi import KAGGLE_2014_FILE, TAXI_SAMPLES
from nsp.papers.noiseless import taxi


@pytest.fixture(scope="module")
def home() -> Path:
    """A data folder holding every registered file: the mirror itself (same layout), else data/."""
    mirror = find_mirror()
    if mirror is not None:
        return mirror
    if (ds.status()["state"] == "verified").all():
        from nsp.paths import data_dir

        return data_dir()
    pytest.skip("no data: set NSP_DATA_MIRROR or run `make data`")


@pytest.fixture(autouse=True)
def _no_mirror_autocopy(monkeypatch):
    monkeypatch.delenv("NSP_DATA_MIRROR", raising=False)


@pytest.fixture(scope="module")
def night(home):
    return ds.load_nyc_taxi(data_home=home, sample="2015-night", bbox="paper")


def test_samples_are_registered():
    for file in TAXI_SAMPLES.values():
        entry = ds.REGISTRY.get("nyc_taxi", file)
        assert entry.fidelity == "stand-in" and "2014" in entry.stand_in_for


def test_night_counts_and_schema(home, night):
    everything = ds.load_nyc_taxi(data_home=home, sample="2015-night")
    assert everything.attrs["n_read"] == 32_615
    assert everything.attrs["dropped_zero_coordinates"] == 721
    assert everything.attrs["dropped_missing_coordinates"] == 0
    assert len(everything) == 32_615 - 721
    # The box of Fig. 5 keeps 31,867 trips (27 more fall outside it).
    assert len(night) == 31_867 and night.attrs["dropped_outside_bbox"] == 27
    assert list(night.columns) == list(ds.TAXI_COLUMNS)
    assert night.attrs["sample"] == "2015-night" and night.attrs["format"] == "tlc-2016"
    assert night.attrs["fidelity"] == "stand-in" and "2014" in night.attrs["stand_in_for"]
    # Same dtypes as the 2016 sample.
    other = ds.load_nyc_taxi(data_home=home, sample="2016-sample", bbox="paper")
    assert (night.dtypes == other.dtypes).all()
    assert set(everything["vendor_id"].cat.categories) == {"CMT", "VTS"}
    assert everything["vendor_id"].value_counts().to_dict() == {"VTS": 16_975, "CMT": 14_919}
    # Payment labels ("Credit card", ...) map to the 2014 codes.
    assert set(everything["payment_type"].cat.categories) == {"CRD", "CSH", "NOC", "DIS"}
    assert str(everything["pickup_datetime"].min()) == "2015-01-09 00:20:18"
    assert str(everything["pickup_datetime"].max()) == "2015-01-10 00:59:59"
    assert night["rate_code"].dtype == "Int64" and night["surcharge"].dtype == "float64"


def test_sample_choice(home, tmp_path):
    assert ds.load_nyc_taxi(data_home=home).attrs["sample"] == "2016-sample"
    assert ds.load_nyc_taxi(data_home=home, sample="2016-sample").attrs["n_read"] == 10_000
    with pytest.raises(ValueError, match="sample"):
        ds.load_nyc_taxi(data_home=home, sample="2015")
    with pytest.raises(ValueError, match="sample"):
        ds.load_nyc_taxi(
            path=home / "nyc_taxi" / "nyc_taxi_data_2014_head9.csv", sample="2015-night"
        )
    with pytest.raises(FileNotFoundError, match="nyc_taxi_data_2014.csv"):
        ds.load_nyc_taxi(data_home=tmp_path, sample="kaggle-2014")
    head = ds.load_nyc_taxi(path=home / "nyc_taxi" / "nyc_taxi_data_2014_head9.csv")
    assert head.attrs["sample"] == "user file"


def test_kaggle_sample_is_the_users_file(home, tmp_path):
    (tmp_path / "nyc_taxi").mkdir()
    data = (home / "nyc_taxi" / "nyc_taxi_data_2014_head9.csv").read_bytes()
    (tmp_path / "nyc_taxi" / KAGGLE_2014_FILE).write_bytes(data)
    for sample in ("auto", "kaggle-2014"):
        trips = ds.load_nyc_taxi(data_home=tmp_path, sample=sample)
        assert trips.attrs["sample"] == "kaggle-2014" and trips.attrs["fidelity"] == "exact"
        assert len(trips) == 9


def test_payment_labels_and_missing_improvement_surcharge(tmp_path):
    header = (
        "VendorID,tpep_pickup_datetime,tpep_dropoff_datetime,passenger_count,trip_distance,"
        "pickup_longitude,pickup_latitude,RateCodeID,store_and_fwd_flag,dropoff_longitude,"
        "dropoff_latitude,payment_type,fare_amount,extra,mta_tax,tip_amount,tolls_amount,"
        "total_amount,rate"
    )
    rows = [
        "2,2015-01-09 23:00:00,2015-01-09 23:10:00,1,1.0,-73.99,40.73,1,N,-73.98,40.75,"
        "Credit card,7,0.5,0.5,1,0,9,Standard rate",
        "1,2015-01-09 23:00:00,2015-01-09 23:10:00,2,1.0,-73.99,40.73,2,Y,-73.98,40.75,"
        "No charge,52,0,0.5,0,0,52.5,JFK",
        "1,2015-01-09 23:00:00,2015-01-09 23:10:00,2,1.0,-73.99,40.73,2,Y,-73.98,40.75,"
        "Dispute,52,0,0.5,0,0,52.5,JFK",
    ]
    p = tmp_path / "night.csv.gz"
    with gzip.open(p, "wt") as fh:
        fh.write("\n".join([header, *rows]) + "\n")
    trips = ds.load_nyc_taxi(path=p)
    assert trips["payment_type"].astype(str).tolist() == ["CRD", "NOC", "DIS"]
    assert trips["vendor_id"].astype(str).tolist() == ["VTS", "CMT", "CMT"]
    assert trips["rate_code"].tolist() == [1, 2, 2] and "rate" not in trips


def test_fig6_on_the_night(night):
    # Unique (start cell, end cell) pairs; the shares agree with an independent count made when
    # the file was found (0.0003, 0.0118, 0.179, 0.862, 0.984 at ε = 4, 8, 12, 16, 20).
    curve = ds.uniqueness_vs_epsilon(night, [0, 2, 4, 8, 12, 16, 20, 26, 48])
    assert curve.n_trips.unique().tolist() == [31_867]
    assert curve.n_unique.tolist() == [0, 0, 11, 377, 5712, 27_459, 31_352, 31_760, 31_760]
    assert curve.ratio.round(4).tolist()[2:7] == [0.0003, 0.0118, 0.1792, 0.8617, 0.9838]
    notes = taxi.annotation_points(curve)
    assert notes == {"last_none": 2.0, "first_some": 4.0, "first_some_count": 11, "first_all": None}


def test_night_trips_with_identical_endpoints_never_separate(night):
    # 107 trips share their exact endpoints with another trip (97 of them start where they end),
    # so no grid makes them unique: the night's curve stops at 31,760 of 31,867.
    cols = ["pickup_longitude", "pickup_latitude", "dropoff_longitude", "dropoff_latitude"]
    shared = night.duplicated(cols, keep=False)
    assert int(shared.sum()) == 107
    fine = ds.uniqueness_vs_epsilon(night, [62]).n_unique.item()
    assert fine == len(night) - 107


def test_fig6_on_the_2016_sample(home):
    trips = ds.load_nyc_taxi(data_home=home, sample="2016-sample", bbox="paper")
    curve = ds.uniqueness_vs_epsilon(trips, [2, 4, 24])
    assert curve.n_unique.tolist() == [0, 10, 9833]
