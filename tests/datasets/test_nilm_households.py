"""The REFIT / UK-DALE household loader and Fig. 4 on real households (noiseless privacy)."""

from __future__ import annotations

import gzip
import math

import numpy as np
import pandas as pd
import pytest

from nsp.datasets import (
    NILM_APPLIANCES,
    NILM_HOUSEHOLDS,
    MalformedFileError,
    load_nilm_household,
    nilm_household_months,
    read_nilm_household_file,
)
from nsp.papers.noiseless import nilm

HEADER = (
    "Time,Aggregate,Kettle,Kettle_status,Dishwasher,Dishwasher_status,"
    "WashingMachine,WashingMachine_status,Microwave,Microwave_status"
)


def _write(path, rows, header=HEADER):
    path.write_bytes(gzip.compress(("\n".join([header, *rows]) + "\n").encode()))
    return path


@pytest.fixture
def folder(tmp_path):
    _write(
        tmp_path / "REFIT_House7_2014-01.csv.gz",
        [
            "2014-01-31 23:59:00,300.5,0.0,0,0.0,0,0.0,0,0.0,0",
            "2014-01-31 23:59:30,,,,,,,,,",
            "2014-01-31 23:59:59,2500.0,2200.0,1,0.0,0,0.0,0,0.0,0",
        ],
    )
    _write(
        tmp_path / "REFIT_House7_2014-02.csv.gz",
        ["2014-02-01 00:00:00,1300.0,0.0,0,0.0,0,0.0,0,1000.0,1"],
    )
    _write(tmp_path / "UKDALE_House7_2014-02.csv.gz", [])  # another household: not read
    return tmp_path


def test_a_file_of_the_format_gives_a_tidy_frame_with_gaps_as_na(folder):
    f = read_nilm_household_file(folder / "REFIT_House7_2014-01.csv.gz")
    assert list(f.columns) == [
        "timestamp",
        "aggregate",
        *NILM_APPLIANCES,
        *(f"{a}_on" for a in NILM_APPLIANCES),
    ]
    assert str(f.timestamp.dtype) == "datetime64[ns]"
    assert all(str(f[a].dtype) == "float64" for a in ["aggregate", *NILM_APPLIANCES])
    assert all(str(f[f"{a}_on"].dtype) == "boolean" for a in NILM_APPLIANCES)
    assert f["aggregate"].tolist()[0] == 300.5 and math.isnan(f["aggregate"][1])
    assert f.kettle_on.isna().tolist() == [False, True, False]
    assert f.kettle_on.tolist()[2] is True


def test_months_of_a_folder_are_concatenated_in_time(folder):
    f = load_nilm_household("REFIT", 7, path=folder)
    assert len(f) == 4 and f.timestamp.is_monotonic_increasing
    assert f.attrs["months"] == ["2014-01", "2014-02"] and f.attrs["source"] == "REFIT house 7"
    assert f.attrs["fidelity"] == "stand-in"
    one = load_nilm_household("REFIT", 7, path=folder, months=["2014-02"])
    assert one.microwave.tolist() == [1000.0]
    with pytest.raises(FileNotFoundError, match="2014-03"):
        load_nilm_household("REFIT", 7, path=folder, months=["2014-03"])
    with pytest.raises(FileNotFoundError, match="REFIT house 8"):
        load_nilm_household("REFIT", 8, path=folder)
    with pytest.raises(ValueError, match="months"):
        load_nilm_household("REFIT", 7, path=folder, months="2014-02")


@pytest.mark.parametrize(
    ("header", "row", "match"),
    [
        (
            HEADER.replace(",Microwave_status", ""),
            "2014-01-01 00:00:00,1,0,0,0,0,0,0,0",
            "Microwave_status",
        ),
        (HEADER, "2014-01-01 00:00:00,abc,0,0,0,0,0,0,0,0", "Aggregate is not a number"),
        (HEADER, "2014-01-01 00:00:00,1,0,2,0,0,0,0,0,0", "Kettle_status"),
        (HEADER, "01/01/2014 00:00,1,0,0,0,0,0,0,0,0", "Time"),
    ],
)
def test_malformed_files_are_refused_by_name(tmp_path, header, row, match):
    path = _write(tmp_path / "REFIT_House7_2014-01.csv.gz", [row], header=header)
    with pytest.raises(MalformedFileError, match=match):
        read_nilm_household_file(path)


def test_times_must_increase(tmp_path):
    rows = ["2014-01-01 00:00:30,1,0,0,0,0,0,0,0,0", "2014-01-01 00:00:00,1,0,0,0,0,0,0,0,0"]
    with pytest.raises(MalformedFileError, match="increasing"):
        read_nilm_household_file(_write(tmp_path / "x.csv.gz", rows))


def test_bad_options_are_refused_by_name():
    with pytest.raises(ValueError, match="dataset"):
        load_nilm_household("REDD", 1)
    with pytest.raises(ValueError, match="house"):
        nilm_household_months("REFIT", 0)


# --------------------------------------------------------------------------------------------
# The registered files
# --------------------------------------------------------------------------------------------
def test_the_registered_households_and_months():
    counts = {h: len(nilm_household_months(*h)) for h in NILM_HOUSEHOLDS}
    assert counts == {("REFIT", 2): 21, ("REFIT", 20): 16, ("UKDALE", 2): 6}


def test_ukdale_house2_matches_its_documented_counts():
    f = load_nilm_household("UKDALE", 2)
    assert len(f) == 409_894 and int(f["aggregate"].notna().sum()) == 345_710
    assert f.timestamp.iloc[0] == pd.Timestamp("2013-05-20 21:28:30")
    assert f.timestamp.is_unique and f.timestamp.is_monotonic_increasing
    assert round(f["aggregate"].mean(), 1) == 305.8
    assert nilm.complete_months(f) == ["2013-06", "2013-07"]


def test_refit_mains_is_clipped_at_6kw():
    f = load_nilm_household("REFIT", 2, months=["2014-06"])
    assert f["aggregate"].max() == 6000.0 and (f["aggregate"] == 6000.0).sum() > 0
    assert (
        len(f) == 30 * 2880 and f[["aggregate", *NILM_APPLIANCES]].notna().all(axis=1).mean() > 0.99
    )


# --------------------------------------------------------------------------------------------
# Fig. 4 on a household frame
# --------------------------------------------------------------------------------------------
def _household(days=4, seed=0):
    rng = np.random.default_rng(seed)
    t = pd.date_range("2014-02-01", periods=days * 2880, freq="30s")
    n = len(t)
    kettle = np.where(rng.random(n) < 0.03, 2000.0, 0.0)
    micro = np.where(rng.random(n) < 0.05, 1000.0, 0.0)
    frame = pd.DataFrame(
        {
            "timestamp": t,
            "kettle": kettle,
            "dishwasher": 0.0,
            "washing_machine": 0.0,
            "microwave": micro,
        }
    )
    frame["aggregate"] = 150.0 + kettle + micro
    return frame


def test_co_recovers_well_separated_appliances_without_privacy():
    f = _household()
    # 30-s spikes averaged into 60-s means blur the levels; use 30 s so each reading is exact
    r = nilm.household_fscore_vs_epsilon(
        f, start="2014-02-01", train_days=2, test_days=2, epsilons=[1, 12], sample_period="30s"
    )
    noq = r[~np.isfinite(r.epsilon)].set_index("appliance").f1
    assert noq["kettle"] == 1.0 and noq["microwave"] == 1.0 and noq["other"] == 1.0
    # the mean is over the four named appliances only (two never on score 0)
    assert noq["mean"] == pytest.approx(0.5)
    assert set(r.appliance) == {*NILM_APPLIANCES, "other", "mean"}
    assert r[r.epsilon == 1].q.unique().tolist() == [2]


def test_household_curve_carries_the_standby_and_the_always_on_floor():
    f = _household()
    r = nilm.household_fscore_vs_epsilon(
        f, start="2014-02-01", train_days=2, test_days=2, epsilons=[1], standby="train_min"
    )
    # the clean training aggregate never drops below its 150-W base load
    assert (r.standby == "train_min").all() and (r.standby_w == 150.0).all()
    # always on, counted on the test minutes (60-s means of the last two days)
    test = f[f.timestamp >= "2014-02-03"].set_index("timestamp").resample("60s").mean()
    on = {a: test[a] >= nilm.ON_THRESHOLD for a in NILM_APPLIANCES}
    expected = {
        a: 2 * o.sum() / (2 * o.sum() + (~o).sum()) if o.any() else 0.0 for a, o in on.items()
    }
    rows = r[r.epsilon == 1].set_index("appliance").always_on
    assert rows[list(NILM_APPLIANCES)].to_dict() == pytest.approx(expected)
    assert rows["mean"] == pytest.approx(np.mean(list(expected.values())))  # "other" left out
    assert rows["other"] == 1.0  # the base load is on in every minute


def test_gaps_are_dropped_and_an_empty_window_is_refused():
    f = _household()
    f.loc[f.index[:100], "kettle"] = np.nan
    r = nilm.household_fscore_vs_epsilon(f, start="2014-02-01", train_days=2, test_days=2)
    assert np.isfinite(r.f1).all()
    with pytest.raises(ValueError, match="no complete reading"):
        nilm.household_fscore_vs_epsilon(f, start="2020-01-01")


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"train_days": 0}, "train_days"),
        ({"test_days": 2.5}, "test_days"),
        ({"threshold": float("nan")}, "threshold"),
        ({"seed": -1}, "seed"),
        ({"standby": "lowest"}, "standby"),
    ],
)
def test_household_fscore_refuses_bad_options(kwargs, match):
    with pytest.raises(ValueError, match=match):
        nilm.household_fscore_vs_epsilon(_household(), start="2014-02-01", **kwargs)


def test_complete_months_counts_slots_of_the_whole_month():
    f = _household(days=28)  # February 2014 is 28 days: complete
    assert nilm.complete_months(f) == ["2014-02"]
    f.loc[f.index[: 2880 // 10], "microwave"] = np.nan  # 0.36 % missing
    assert nilm.complete_months(f) == ["2014-02"]
    assert nilm.complete_months(f, min_coverage=1.0) == []
    assert nilm.complete_months(_household(days=27)) == []  # a day short
    with pytest.raises(ValueError, match="min_coverage"):
        nilm.complete_months(f, min_coverage=0.0)
