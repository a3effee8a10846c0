"""Loaders: on the real mirror files, on small synthetic files of the real formats, and bad data."""

from __future__ import annotations

import gzip
from pathlib import Path

import pandas as pd
import pytest
from conftest import find_mirror  # noqa: E402

import nsp.datasets as ds
from nsp.datasets import MalformedFileError
from nsp.datasets._smart_meter import AUSGRID_2012_13_FILE


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
    """Loaders must find files through data_home here, not by copying from the env mirror."""
    monkeypatch.delenv("NSP_DATA_MIRROR", raising=False)


# ====================================================================== Adult


@pytest.fixture(scope="module")
def adult(home):
    return ds.load_adult(data_home=home)


def test_adult_shapes_columns_and_dtypes(adult, home):
    assert adult.shape == (48842, 16)
    assert list(adult.columns) == [*ds.ADULT_COLUMNS, "split"]
    for c in ("age", "fnlwgt", "education-num", "capital-gain", "capital-loss", "hours-per-week"):
        assert adult[c].dtype == "int64", c
    for c in ("workclass", "education", "sex", "native-country", "income", "split"):
        assert isinstance(adult[c].dtype, pd.CategoricalDtype), c
    assert list(adult["income"].cat.categories) == ["<=50K", ">50K"]
    assert adult["income"].value_counts().to_dict() == {"<=50K": 37155, ">50K": 11687}
    assert adult["split"].value_counts().to_dict() == {"train": 32561, "test": 16281}
    assert adult["sex"].value_counts().to_dict() == {"Male": 32650, "Female": 16192}
    assert not any(str(c).startswith(" ") for c in adult["workclass"].cat.categories)
    assert adult["age"].between(17, 90).all()


def test_adult_missing_values_and_splits(home):
    train = ds.load_adult(split="train", data_home=home)
    test = ds.load_adult(split="test", data_home=home)
    assert len(train) == 32561 and len(test) == 16281
    assert train[["workclass", "occupation", "native-country"]].isna().sum().tolist() == [
        1836,
        1843,
        583,
    ]
    assert test[["workclass", "occupation", "native-country"]].isna().sum().tolist() == [
        963,
        966,
        274,
    ]
    assert train.drop(columns=["workclass", "occupation", "native-country"]).notna().all().all()
    assert test["income"].value_counts().to_dict() == {"<=50K": 12435, ">50K": 3846}
    assert train.dropna().shape[0] == 30162
    assert train.iloc[0, :3].tolist() == [39, "State-gov", 77516]
    with pytest.raises(ValueError, match="split must be"):
        ds.load_adult(split="all", data_home=home)


# ====================================================================== Hungarian heart disease


def _paper_counts(frame: pd.DataFrame) -> tuple[int, int, int, int, int]:
    pairs = frame.groupby(["age", "chol"], dropna=False).size()
    return (
        len(frame),
        frame["age"].nunique(),
        frame["chol"].nunique(dropna=False),
        len(pairs),
        int((pairs == 1).sum()),
    )


def test_hungarian_reproduces_the_paper_counts(home):
    heart = ds.load_hungarian_heart(data_home=home)
    assert _paper_counts(heart) == (293, 38, 154, 281, 269)
    assert list(heart.columns) == list(ds.HEART_COLUMNS)
    assert heart["age"].dtype == "int64" and heart["oldpeak"].dtype == "float64"
    assert all(heart[c].dtype == "Int64" for c in ds.HEART_COLUMNS if c not in ("age", "oldpeak"))
    assert heart["chol"].isna().sum() == 22  # 23 in the file; the dropped duplicate is one of them
    assert heart["age"].min() == 28 and heart["age"].max() == 66
    # the alternatives listed in SOURCE.md give other numbers
    full = ds.load_hungarian_heart(data_home=home, drop_duplicates=False)
    assert _paper_counts(full) == (294, 38, 154, 281, 269)
    assert full["chol"].isna().sum() == 23
    assert _paper_counts(heart.dropna(subset=["chol"])) == (271, 37, 153, 266, 261)
    assert heart["chol"].nunique() == 153  # pandas' default drops NA: not the paper's count


def test_hungarian_raw_records_agree_with_the_processed_file(home):
    raw = ds.load_hungarian_heart(data_home=home, source="raw", drop_duplicates=False)
    processed = ds.load_hungarian_heart(data_home=home, drop_duplicates=False)
    assert len(raw) == 294 and list(raw.columns[:2]) == ["id", "line"]
    assert raw["line"].tolist()[:3] == [1, 11, 21]
    assert raw["id"].nunique() == 293  # id 1132 is used twice
    assert _paper_counts(ds.load_hungarian_heart(data_home=home, source="raw")) == (
        293,
        38,
        154,
        281,
        269,
    )

    def multiset(frame, cols):
        return sorted(map(tuple, frame[cols].astype("float64").fillna(-9).to_numpy().tolist()))

    same = [c for c in ds.HEART_COLUMNS if c not in ("ca", "num")]
    assert multiset(raw, same) == multiset(processed, same)
    assert multiset(raw, ["age", "chol"]) == multiset(processed, ["age", "chol"])
    # processed num is the raw diagnosis 0-4 collapsed to 0/1; raw ca has a 9 that the processed
    # file drops
    raw_bin = raw.assign(num=(raw["num"] > 0).astype("Int64"))
    assert multiset(raw_bin, [*same, "num"]) == multiset(processed, [*same, "num"])
    assert raw["num"].max() == 4 and processed["num"].max() == 1


def test_hungarian_bad_source(home):
    with pytest.raises(ValueError, match="source must be"):
        ds.load_hungarian_heart(data_home=home, source="cleveland")


def test_hungarian_raw_malformed_record(tmp_path, home, monkeypatch):
    from nsp.datasets import _heart as heart

    good = (home / "heart_disease_hungarian" / "hungarian.data").read_text().splitlines()
    assert good[10].startswith("1255 0 49 ")  # record 2 starts on line 11
    broken = good[:10] + [good[10].replace(" 49 ", " 4x9 ", 1)] + good[11:]
    p = tmp_path / "hungarian.data"
    p.write_text("\n".join(broken) + "\n")
    with pytest.raises(MalformedFileError, match=r"hungarian.data, line 11: .*'4x9'"):
        heart._read_raw(p)
    short = good[:10] + [good[10].rsplit(" ", 1)[0]] + good[11:]  # drop one value of record 2
    p.write_text("\n".join(short) + "\n")
    with pytest.raises(MalformedFileError, match=r"line 11: record has 75 values, expected 76"):
        heart._read_raw(p)


# ====================================================================== smart meters: SGSC


@pytest.fixture(scope="module")
def sgsc(home):
    return ds.load_smart_meter(data_home=home)


def test_sgsc_stand_in(sgsc):
    assert list(sgsc.columns) == list(ds.SMART_METER_COLUMNS)
    assert len(sgsc) == 1_330_409
    assert sgsc["customer"].nunique() == 50
    assert isinstance(sgsc["customer"].dtype, pd.CategoricalDtype)
    assert sgsc["timestamp"].dtype == "datetime64[ns]"
    assert list(sgsc["channel"].cat.categories) == ["GC"]
    assert sgsc["kwh"].dtype == "float64"
    assert sgsc["kwh"].max() == pytest.approx(5.907)
    assert sgsc["kwh"].mean() == pytest.approx(0.236, abs=5e-4)
    assert str(sgsc["timestamp"].min()) == "2012-02-10 08:00:00"
    assert str(sgsc["timestamp"].max()) == "2014-03-03 12:00:00"
    assert sgsc.attrs["fidelity"] == "stand-in" and "Ausgrid" in sgsc.attrs["stand_in_for"]
    first = sgsc.iloc[0]
    assert (first["customer"], str(first["timestamp"]), first["kwh"]) == (
        "10006414",
        "2012-02-10 08:00:00",
        0.141,
    )
    assert sgsc.groupby("customer", observed=True)["timestamp"].is_monotonic_increasing.all()


def test_sgsc_paper_window_and_channels(home):
    year = ds.load_smart_meter(data_home=home, start="2012-07-01", end="2013-06-30")
    assert len(year) == 750_810 and year["customer"].nunique() == 50
    assert str(year["timestamp"].max()) == "2013-06-30 23:30:00"
    per = year.groupby("customer", observed=True).size()
    assert (per >= 17_000).sum() == 32
    allc = ds.load_smart_meter(data_home=home, channels=None, start="2013-01-01", end="2013-01-01")
    assert list(allc["channel"].cat.categories) == ["GC", "CL", "GG", "NG", "other"]
    assert (allc.loc[allc["channel"] != "GC", "kwh"] == 0).all()
    with pytest.raises(ValueError, match="channels must be"):
        ds.load_smart_meter(data_home=home, channels=["XX"])
    with pytest.raises(ValueError, match="source must be"):
        ds.load_smart_meter(data_home=home, source="london")


def _write_sgsc(path: Path, rows: list[str]) -> Path:
    header = (
        "CUSTOMER_ID,READING_DATETIME,EVENT_KEY,GENERAL_SUPPLY_KWH,CONTROLLED_LOAD_KWH,"
        "GROSS_GENERATION_KWH,NET_GENERATION_KWH,OTHER_KWH"
    )
    path.write_text("\n".join([header, *rows]) + "\n")
    return path


def test_sgsc_format_from_a_path(tmp_path):
    p = _write_sgsc(
        tmp_path / "sgsc.csv",
        [
            "8,2013-01-01 00:30:00,0,0.5,0,0,0,0",
            "8,2013-01-01 00:00:00,0,0.25,0.1,0,0,0",
            "10,2013-01-01 00:00:00,0,1.0,0,0,0,0",
        ],
    )
    frame = ds.load_smart_meter(path=p, channels=["GC", "CL"])
    assert frame["customer"].tolist() == ["8", "8", "8", "8", "10", "10"]
    assert frame["channel"].astype(str).tolist() == ["GC", "GC", "CL", "CL", "GC", "CL"]
    assert frame["kwh"].tolist() == [0.25, 0.5, 0.1, 0.0, 1.0, 0.0]
    assert frame.attrs["fidelity"] == "user file"


def test_sgsc_malformed_rows(tmp_path):
    p = _write_sgsc(
        tmp_path / "bad.csv",
        ["8,2013-01-01 00:00:00,0,0.5,0,0,0,0", "8,2013-01-01 00:30:00,0,abc,0,0,0,0"],
    )
    with pytest.raises(
        MalformedFileError, match=r"bad.csv, line 3: column 'general_supply_kwh' holds 'abc'"
    ):
        ds.load_smart_meter(path=p)
    p = _write_sgsc(
        tmp_path / "dup.csv",
        ["8,2013-01-01 00:00:00,0,0.5,0,0,0,0", "8,2013-01-01 00:00:00,0,0.7,0,0,0,0"],
    )
    with pytest.raises(MalformedFileError, match=r"dup.csv, line 3: second reading"):
        ds.load_smart_meter(path=p)
    p = _write_sgsc(
        tmp_path / "date.csv",
        ["8,2013-01-01 00:00:00,0,0.5,0,0,0,0", "8,2013-13-01 00:30:00,0,0.7,0,0,0,0"],
    )
    with pytest.raises(MalformedFileError, match=r"date.csv, line 3: column 'reading_datetime'"):
        ds.load_smart_meter(path=p)
    with pytest.raises(FileNotFoundError, match="nope.csv"):
        ds.load_smart_meter(path=tmp_path / "nope.csv")


# ====================================================================== smart meters: Ausgrid

HALF_HOURS = [f"{(k * 30) // 60 % 24}:{(k * 30) % 60:02d}" for k in range(1, 49)]
HEADER = ",".join(
    [
        "Customer",
        "Generator Capacity",
        "Postcode",
        "Consumption Category",
        "date",
        *HALF_HOURS,
        "Row Quality",
    ]
)
DISCLAIMER = (
    "The data is provided by Ausgrid for research purposes only. No warranty, "
    "express or implied.,,,,,"
)


def _ausgrid_row(customer: int, channel: str, date: str, base: float, quality: str = "") -> str:
    values = [f"{base + k / 1000:.3f}" for k in range(48)]
    return ",".join([str(customer), "1.04", "2076", channel, date, *values, quality])


def _write_ausgrid(path: Path, rows: list[str], *, disclaimer: bool = True) -> Path:
    lines = ([DISCLAIMER] if disclaimer else []) + [HEADER, *rows]
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.fixture
def ausgrid_file(tmp_path) -> Path:
    return _write_ausgrid(
        tmp_path / AUSGRID_2012_13_FILE,
        [
            _ausgrid_row(1, "CL", "1/07/2012", 0.5),
            _ausgrid_row(1, "GC", "1/07/2012", 1.0),
            _ausgrid_row(1, "GG", "1/07/2012", 0.0),
            _ausgrid_row(1, "GC", "2/07/2012", 2.0, "NA"),
            _ausgrid_row(12, "GC", "1/07/2012", 3.0),
            _ausgrid_row(2, "GC", "30/06/2013", 4.0),
        ],
    )


def test_ausgrid_wide_format_to_long(ausgrid_file):
    frame = ds.load_ausgrid(ausgrid_file)
    assert list(frame.columns) == list(ds.SMART_METER_COLUMNS)
    assert len(frame) == 6 * 48
    assert list(frame["customer"].cat.categories) == ["1", "2", "12"]
    assert list(frame["channel"].cat.categories) == ["GC", "CL", "GG"]
    assert frame["timestamp"].dtype == "datetime64[ns]" and frame["kwh"].dtype == "float64"
    gc1 = frame[(frame["customer"] == "1") & (frame["channel"] == "GC")]
    assert len(gc1) == 96
    # the column "0:30" is the half-hour starting at 00:00; the last column "0:00" starts at 23:30
    assert str(gc1["timestamp"].iloc[0]) == "2012-07-01 00:00:00" and gc1["kwh"].iloc[0] == 1.0
    assert str(gc1["timestamp"].iloc[47]) == "2012-07-01 23:30:00" and gc1["kwh"].iloc[47] == 1.047
    assert str(gc1["timestamp"].iloc[48]) == "2012-07-02 00:00:00" and gc1["kwh"].iloc[48] == 2.0
    assert gc1["timestamp"].diff().dropna().eq(pd.Timedelta(minutes=30)).all()
    assert frame.attrs["source"] == "ausgrid" and frame.attrs["stand_in_for"] is None
    # rows sorted by customer, channel, timestamp
    assert frame["customer"].cat.codes.is_monotonic_increasing


def test_ausgrid_options(ausgrid_file):
    gc = ds.load_ausgrid(ausgrid_file, channels="GC", start="2012-07-02", end="2013-06-30")
    pairs = zip(gc["customer"].astype(str), gc["timestamp"].dt.date.astype(str), strict=True)
    assert sorted(set(pairs)) == [
        ("1", "2012-07-02"),
        ("2", "2013-06-30"),
    ]
    meta = ds.load_ausgrid(ausgrid_file, channels=["GC"], metadata=True)
    assert list(meta.columns) == [
        *ds.SMART_METER_COLUMNS,
        "postcode",
        "generator_capacity",
        "row_quality",
    ]
    assert meta["postcode"].dtype == "Int64" and (meta["postcode"] == 2076).all()
    assert (meta["generator_capacity"] == 1.04).all()
    assert meta.loc[meta["timestamp"] == "2012-07-02 00:00", "row_quality"].tolist() == ["NA"]
    with pytest.raises(ValueError, match="channels must be"):
        ds.load_ausgrid(ausgrid_file, channels=["PV"])


def test_ausgrid_without_disclaimer_and_iso_dates(tmp_path):
    p = _write_ausgrid(
        tmp_path / "a.csv", [_ausgrid_row(5, "GC", "2012-07-01", 0.1)], disclaimer=False
    )
    frame = ds.load_ausgrid(p)
    assert len(frame) == 48 and str(frame["timestamp"].iloc[0]) == "2012-07-01 00:00:00"


def test_ausgrid_through_load_smart_meter(ausgrid_file, tmp_path):
    home = ausgrid_file.parent
    (home / "ausgrid").mkdir()
    ausgrid_file.rename(home / "ausgrid" / AUSGRID_2012_13_FILE)
    frame = ds.load_smart_meter(source="ausgrid", data_home=home)
    assert list(frame["channel"].cat.categories) == ["GC"] and len(frame) == 4 * 48
    explicit = ds.load_smart_meter(
        source="ausgrid", path=home / "ausgrid" / AUSGRID_2012_13_FILE, channels=None
    )
    assert len(explicit) == 6 * 48
    with pytest.raises(FileNotFoundError, match="not in the offline mirror"):
        ds.load_smart_meter(source="ausgrid", data_home=tmp_path / "empty")


@pytest.mark.parametrize(
    ("row", "line", "message"),
    [
        (_ausgrid_row(1, "GC", "3/07/2012", 1.0) + ",extra", 5, "wrong number of fields"),
        (
            _ausgrid_row(1, "GC", "3/07/2012", 1.0).replace(",1.005,", ",1.0O5,"),
            5,
            r"column '3:00' holds '1.0O5'",
        ),
        (_ausgrid_row(1, "XX", "3/07/2012", 1.0), 5, r"Consumption Category 'XX'"),
        (_ausgrid_row(1, "GC", "32/07/2012", 1.0), 5, r"column 'date' holds '32/07/2012'"),
        (_ausgrid_row(1, "GC", "1/07/2012", 1.0), 5, "second row for the same customer"),
        (
            ",".join(_ausgrid_row(1, "GC", "3/07/2012", 1.0).split(",")[:20]),
            5,
            "empty value in required column",
        ),
    ],
)
def test_ausgrid_malformed_rows_name_file_and_line(tmp_path, row, line, message):
    p = _write_ausgrid(
        tmp_path / "broken.csv",
        [
            _ausgrid_row(1, "GC", "1/07/2012", 1.0),
            _ausgrid_row(1, "GC", "2/07/2012", 1.0),
            row,
            _ausgrid_row(1, "GC", "4/07/2012", 1.0),
        ],
    )
    with pytest.raises(MalformedFileError, match=rf"broken.csv, line {line}: .*{message}") as err:
        ds.load_ausgrid(p)
    assert err.value.line == line and err.value.path == p
    assert isinstance(err.value, ValueError)


def test_ausgrid_header_without_half_hours(tmp_path):
    p = tmp_path / "h.csv"
    p.write_text(
        DISCLAIMER + "\nCustomer,Postcode,Consumption Category,date,kwh\n1,2000,GC,1/07/2012,3\n"
    )
    with pytest.raises(
        MalformedFileError, match=r"h.csv, line 2: expected the 48 half-hour columns"
    ):
        ds.load_ausgrid(p)
    with pytest.raises(FileNotFoundError, match="pierreh.eu"):
        ds.load_ausgrid(tmp_path / "missing.csv")


def test_ausgrid_customer12(home):
    c12 = ds.load_ausgrid_customer12(data_home=home)
    assert len(c12) == 2 * 17_568
    assert list(c12["channel"].cat.categories) == ["GC", "GG"]
    gc = c12[c12["channel"] == "GC"]
    assert str(gc["timestamp"].iloc[0]) == "2011-07-01 00:00:00"
    assert str(gc["timestamp"].iloc[-1]) == "2012-06-30 23:30:00"
    assert gc["kwh"].iloc[0] == pytest.approx(0.392 / 2)  # the file is in kW
    assert round(gc["kwh"].sum()) == 5938
    assert round(c12.loc[c12["channel"] == "GG", "kwh"].sum()) == 1296
    assert c12.attrs["fidelity"] == "partial"
    via = ds.load_smart_meter(source="ausgrid_customer12", data_home=home)
    pd.testing.assert_frame_equal(
        via,
        gc.reset_index(drop=True).assign(
            channel=pd.Categorical(gc["channel"].astype(str), categories=["GC"])
        ),
    )


# ====================================================================== REDD


def test_redd_fragment(home):
    mains = ds.load_redd(1, data_home=home)
    assert list(mains.columns) == ["house", "channel", "label", "timestamp", "watts"]
    assert len(mains) == 16_686
    assert str(mains["timestamp"].dtype) == "datetime64[ns, America/New_York]"
    assert str(mains["timestamp"].iloc[0]) == "2011-04-18 09:22:09-04:00"
    assert str(mains["timestamp"].iloc[-1]) == "2011-04-18 14:04:35-04:00"
    assert mains["watts"].iloc[0] == 224.19 and mains["watts"].iloc[-1] == 59.02
    assert (mains["watts"].min(), mains["watts"].max()) == (54.36, 1974.17)
    assert set(mains["label"]) == {"mains"} and set(mains["channel"]) == {1}
    gaps = mains["timestamp"].diff().dt.total_seconds().value_counts()
    assert gaps.get(3.0) == 1 and gaps.get(260.0) == 1
    assert mains.attrs["fidelity"] == "partial"
    with pytest.raises(FileNotFoundError, match="channel"):
        ds.load_redd(1, channels=[1, 5], data_home=home)
    with pytest.raises(FileNotFoundError, match="house 2"):
        ds.load_redd(2, data_home=home)


def _redd_tree(root: Path, *, gz: bool = False) -> Path:
    house = root / "low_freq" / "house_1"
    house.mkdir(parents=True)
    (house / "labels.dat").write_text("1 mains\n2 mains\n5 refrigerator\n")
    t0 = 1303132929
    for k, base in ((1, 200.0), (2, 50.0), (5, 190.0)):
        step = 1 if k <= 2 else 3
        text = "".join(f"{t0 + step * i} {base + i:.2f}\n" for i in range(10))
        name = house / f"channel_{k}.dat"
        if gz and k == 5:
            with gzip.open(str(name) + ".gz", "wt") as fh:
                fh.write(text)
        else:
            name.write_text(text)
    return house


def test_redd_synthetic_tree(tmp_path):
    house = _redd_tree(tmp_path / "REDD", gz=True)
    frame = ds.load_redd(1, path=tmp_path / "REDD")
    assert frame.groupby("channel").size().to_dict() == {1: 10, 2: 10, 5: 10}
    assert frame.drop_duplicates("channel")["label"].astype(str).tolist() == [
        "mains",
        "mains",
        "refrigerator",
    ]
    fridge = frame[frame["channel"] == 5]
    assert fridge["timestamp"].diff().dropna().dt.total_seconds().eq(3).all()
    assert fridge["watts"].tolist()[:2] == [190.0, 191.0]
    assert frame.attrs["fidelity"] == "user file"
    # a house folder, one channel file, a channel subset
    assert len(ds.load_redd(1, path=house, channels=[2])) == 10
    one = ds.load_redd(path=house / "channel_1.dat")
    assert one["channel"].unique().tolist() == [1] and one["house"].unique().tolist() == [1]
    with pytest.raises(FileNotFoundError, match=r"channel\(s\) \[7\]"):
        ds.load_redd(1, path=house, channels=[7])
    with pytest.raises(FileNotFoundError, match="no REDD house 3"):
        ds.load_redd(3, path=tmp_path / "REDD")


def test_redd_tree_in_data_home_takes_precedence(tmp_path):
    _redd_tree(tmp_path / "redd")
    frame = ds.load_redd(1, data_home=tmp_path)
    assert sorted(frame["channel"].unique()) == [1, 2, 5] and frame.attrs["fidelity"] == "exact"


def test_redd_without_labels_uses_the_house1_table(tmp_path):
    house = _redd_tree(tmp_path)
    (house / "labels.dat").unlink()
    frame = ds.load_redd(1, path=house)
    assert frame.drop_duplicates("channel")["label"].astype(str).tolist() == [
        "mains",
        "mains",
        "refrigerator",
    ]


@pytest.mark.parametrize(
    ("line_text", "message"),
    [
        ("1303132931 abc", "column 'watts' holds 'abc'"),
        ("1303132931 12.5 7", "wrong number of fields"),
        ("1303132931", "empty value in required column 'watts'"),
        ("1303132931.5 12.5", "column 'unix_ts' holds 1303132931.5, not an integer"),
    ],
)
def test_redd_malformed_line(tmp_path, line_text, message):
    p = tmp_path / "channel_1.dat"
    p.write_text(f"1303132929 224.19\n1303132930 225.57\n{line_text}\n1303132932 226.00\n")
    with pytest.raises(MalformedFileError, match=rf"channel_1.dat, line 3: .*{message}"):
        ds.read_redd_channel(p)


def test_redd_malformed_labels(tmp_path):
    p = tmp_path / "labels.dat"
    p.write_text("1 mains\n2\n")
    with pytest.raises(MalformedFileError, match=r"labels.dat, line 2"):
        ds.read_redd_labels(p)
    p.write_text("1 mains\n\n1 oven\n")
    with pytest.raises(MalformedFileError, match=r"line 3: channel 1 labelled twice"):
        ds.read_redd_labels(p)


def test_redd_blank_line_keeps_line_numbers(tmp_path):
    p = tmp_path / "channel_1.dat"
    p.write_text("1303132929 1.0\n\n1303132931 x\n")
    with pytest.raises(MalformedFileError, match="line 3"):
        ds.read_redd_channel(p)
    p.write_text("1303132929 1.0\n\n1303132931 2.0\n")
    assert ds.read_redd_channel(p)["watts"].tolist() == [1.0, 2.0]


# ====================================================================== NYC taxi


def test_taxi_stand_in(home):
    trips = ds.load_nyc_taxi(data_home=home)
    assert list(trips.columns) == list(ds.TAXI_COLUMNS)
    assert len(trips) == 10_000 - 159
    assert trips.attrs["n_read"] == 10_000 and trips.attrs["dropped_zero_coordinates"] == 159
    assert trips.attrs["format"] == "tlc-2016" and trips.attrs["fidelity"] == "stand-in"
    assert "2014" in trips.attrs["stand_in_for"]
    coords = trips[["pickup_longitude", "pickup_latitude", "dropoff_longitude", "dropoff_latitude"]]
    assert (coords != 0).all().all()
    assert set(trips["vendor_id"].cat.categories) == {"CMT", "VTS"}
    assert set(trips["payment_type"].cat.categories) <= {"CRD", "CSH", "NOC", "DIS", "UNK", "VOI"}
    assert trips["pickup_datetime"].dtype == "datetime64[ns]"
    assert trips["passenger_count"].dtype == "Int64" and trips["rate_code"].dtype == "Int64"
    assert str(trips["pickup_datetime"].min()) == "2016-01-01 00:04:54"
    assert str(trips["pickup_datetime"].max()) == "2016-01-31 23:39:20"
    assert trips["pickup_longitude"].median() == pytest.approx(-73.9815, abs=5e-4)


def test_taxi_paper_bbox(home, caplog):
    with caplog.at_level("INFO", logger="nsp.datasets"):
        boxed = ds.load_nyc_taxi(data_home=home, bbox="paper")
    assert boxed.attrs["bbox"] == ds.NYC_BBOX_PAPER == (-74.27, -73.68, 40.49, 40.92)
    assert (
        boxed.attrs["dropped_outside_bbox"]
        == len(ds.load_nyc_taxi(data_home=home)) - len(boxed)
        == 8
    )
    lon_min, lon_max, lat_min, lat_max = ds.NYC_BBOX_PAPER
    for end in ("pickup", "dropoff"):
        assert boxed[f"{end}_longitude"].between(lon_min, lon_max).all()
        assert boxed[f"{end}_latitude"].between(lat_min, lat_max).all()
    assert "dropped 159 with a zero coordinate" in caplog.text
    small = ds.load_nyc_taxi(data_home=home, bbox=(-74.0, -73.95, 40.7, 40.8))
    assert 0 < len(small) < len(boxed)


@pytest.mark.parametrize("bad", ["nyc", (1, 2, 3), (-73.6, -74.3, 40.4, 40.9), ("a", 1, 2, 3)])
def test_taxi_bad_bbox(home, bad):
    with pytest.raises(ValueError, match="bbox"):
        ds.load_nyc_taxi(data_home=home, bbox=bad)


def test_taxi_kaggle_2014_head(home):
    head = ds.load_nyc_taxi(path=home / "nyc_taxi" / "nyc_taxi_data_2014_head9.csv")
    assert head.shape == (9, 18) and head.attrs["format"] == "kaggle-2014"
    assert head.attrs["stand_in_for"] is None
    first = head.iloc[0]
    assert first["vendor_id"] == "CMT" and str(first["pickup_datetime"]) == "2014-01-09 20:45:25"
    assert first["pickup_longitude"] == pytest.approx(-73.99477) and first[
        "trip_distance"
    ] == pytest.approx(0.7)
    assert first["payment_type"] == "CRD" and first["total_amount"] == pytest.approx(8.9)
    assert (
        ds.load_nyc_taxi(path=home / "nyc_taxi" / "nyc_taxi_data_2014_head9.csv", nrows=4).shape[0]
        == 4
    )


KAGGLE_HEADER = ",".join(ds.TAXI_COLUMNS)


def _kaggle_row(lon=-73.99, lat=40.73, dlon=-73.98, dlat=40.75, when="2014-01-09 20:45:25") -> str:
    return (
        f"VTS,{when},2014-01-09 20:52:31,1,0.7,{lon},{lat},1,,{dlon},{dlat},CSH,6.5,0.5,0.5,0,0,7.5"
    )


def test_taxi_kaggle_file_in_data_home_is_preferred_and_zeros_dropped(tmp_path):
    (tmp_path / "nyc_taxi").mkdir()
    rows = [
        _kaggle_row(),
        _kaggle_row(lon=0, lat=0),
        _kaggle_row(dlat=""),
        _kaggle_row(lon=-75.0),
        _kaggle_row(dlon=0.0),
    ]
    (tmp_path / "nyc_taxi" / "nyc_taxi_data_2014.csv").write_text(
        "\n".join([KAGGLE_HEADER, *rows]) + "\n"
    )
    trips = ds.load_nyc_taxi(data_home=tmp_path)
    assert trips.attrs["fidelity"] == "exact" and trips.attrs["stand_in_for"] is None
    assert len(trips) == 2
    assert (
        trips.attrs["dropped_zero_coordinates"] == 2
        and trips.attrs["dropped_missing_coordinates"] == 1
    )
    assert trips["store_and_fwd_flag"].isna().all()
    boxed = ds.load_nyc_taxi(data_home=tmp_path, bbox="paper")
    assert len(boxed) == 1 and boxed.attrs["dropped_outside_bbox"] == 1
    assert ds.load_nyc_taxi(data_home=tmp_path, nrows=2).attrs["n_read"] == 2


@pytest.mark.parametrize(
    ("row", "message"),
    [
        (_kaggle_row(lon="-73.9x"), "column 'pickup_longitude' holds '-73.9x'"),
        (_kaggle_row() + ",1", "wrong number of fields"),
        (
            _kaggle_row(when="2014-02-30 10:00:00"),
            "column 'pickup_datetime' holds '2014-02-30 10:00:00'",
        ),
        (",".join(_kaggle_row().split(",")[:10]), "empty value in required column"),
    ],
)
def test_taxi_malformed_row_names_file_and_line(tmp_path, row, message):
    p = tmp_path / "trips.csv"
    p.write_text(
        "\n".join([KAGGLE_HEADER, _kaggle_row(), _kaggle_row(), row, _kaggle_row()]) + "\n"
    )
    with pytest.raises(MalformedFileError, match=rf"trips.csv, line 4: .*{message}"):
        ds.load_nyc_taxi(path=p)


def test_taxi_not_a_taxi_file(tmp_path):
    p = tmp_path / "x.csv"
    p.write_text("a,b\n1,2\n")
    with pytest.raises(MalformedFileError, match="not a taxi trip file"):
        ds.load_nyc_taxi(path=p)
    with pytest.raises(ValueError, match="nrows"):
        ds.load_nyc_taxi(path=p, nrows=0)


def test_taxi_2016_mapping(tmp_path):
    header = (
        "VendorID,tpep_pickup_datetime,tpep_dropoff_datetime,passenger_count,trip_distance,"
        "pickup_longitude,pickup_latitude,RatecodeID,store_and_fwd_flag,dropoff_longitude,"
        "dropoff_latitude,payment_type,fare_amount,extra,mta_tax,tip_amount,tolls_amount,"
        "improvement_surcharge,total_amount"
    )
    row1 = (
        "1,2016-01-01 00:00:00,2016-01-01 00:10:00,1,1.0,-73.99,40.73,1,N,-73.98,40.75,1,7,"
        "0.5,0.5,1,0,0.3,9.3"
    )
    row2 = (
        "2,2016-01-01 00:00:00,2016-01-01 00:10:00,2,1.0,-73.99,40.73,5,Y,-73.98,40.75,2,7,"
        "1.0,0.5,0,0,0.3,8.8"
    )
    p = tmp_path / "yellow.csv.gz"
    with gzip.open(p, "wt") as fh:
        fh.write("\n".join([header, row1, row2]) + "\n")
    trips = ds.load_nyc_taxi(path=p)
    assert trips["vendor_id"].astype(str).tolist() == ["CMT", "VTS"]
    assert trips["payment_type"].astype(str).tolist() == ["CRD", "CSH"]
    assert trips["surcharge"].tolist() == [0.5, 1.0] and trips["rate_code"].tolist() == [1, 5]
    assert "improvement_surcharge" not in trips and trips.attrs["format"] == "tlc-2016"
    assert "2014" in trips.attrs["stand_in_for"]


# ====================================================================== missing and damaged files


def test_missing_files_name_the_path_and_make_data(tmp_path):
    for load in (
        ds.load_adult,
        ds.load_hungarian_heart,
        ds.load_smart_meter,
        ds.load_nyc_taxi,
        ds.load_ausgrid_customer12,
        ds.load_redd,
    ):
        with pytest.raises(FileNotFoundError) as err:
            load(data_home=tmp_path)
        assert str(tmp_path) in str(err.value), load.__name__
        assert f"nsp data fetch --data-home {tmp_path}" in str(err.value), load.__name__
        assert isinstance(err.value, ds.DataUnavailableError)


def test_loader_refuses_a_damaged_file(tmp_path, home):
    target = tmp_path / "heart_disease_hungarian" / "processed.hungarian.data"
    target.parent.mkdir(parents=True)
    data = (home / "heart_disease_hungarian" / "processed.hungarian.data").read_bytes()
    target.write_bytes(data.replace(b"28,1,2,130,132", b"28,1,2,130,133", 1))
    with pytest.raises(ds.ChecksumError) as err:
        ds.load_hungarian_heart(data_home=tmp_path)
    entry = ds.REGISTRY.get("heart_disease_hungarian", "processed.hungarian.data")
    msg = str(err.value)
    assert str(target) in msg and entry.sha256 in msg and err.value.actual in msg
    assert "make data" in msg


def test_env_data_dir_is_used(tmp_path, home, monkeypatch):
    ds.fetch("redd", mirror=home, data_home=tmp_path, allow_network=False)
    monkeypatch.setenv("NSP_DATA_DIR", str(tmp_path))
    assert len(ds.load_redd()) == 16_686


# --------------------------------------------------------------------------- UCI's API (ucimlrepo)


def _fake_fetch_ucirepo(calls):
    """A stand-in for ucimlrepo.fetch_ucirepo with the shape of its answer (no network)."""

    def fetch_ucirepo(name=None, id=None):
        calls.append(id)
        original = pd.DataFrame({"age": [39, 50], "income": ["<=50K", ">50K"]})
        return {
            "data": {
                "ids": None,
                "features": original[["age"]],
                "targets": original[["income"]],
                "original": original,
                "headers": original.columns,
            },
            "metadata": {
                "uci_id": id,
                "name": "Adult",
                "dataset_doi": "10.24432/C5XW20",
                "additional_info": {"summary": "census"},
                "intro_paper": None,
            },
            "variables": pd.DataFrame.from_records(
                [
                    {
                        "name": "age",
                        "role": "Feature",
                        "type": "Integer",
                        "demographic": "Age",
                        "description": "N/A",
                        "units": None,
                        "missing_values": "no",
                    },
                    {
                        "name": "income",
                        "role": "Target",
                        "type": "Binary",
                        "demographic": None,
                        "description": ">50K, <=50K.",
                        "units": None,
                        "missing_values": "no",
                    },
                ]
            ),
        }

    return fetch_ucirepo


def test_uci_metadata_reads_variables_and_table_from_ucimlrepo(monkeypatch):
    import ucimlrepo

    calls = []
    monkeypatch.setattr(ucimlrepo, "fetch_ucirepo", _fake_fetch_ucirepo(calls))
    meta = ds.uci_metadata("adult", allow_network=True)
    assert calls == [2]
    assert (meta.uci_id, meta.name, meta.doi) == (2, "Adult", "10.24432/C5XW20")
    assert list(meta.variables.columns) == [
        "name",
        "role",
        "type",
        "demographic",
        "description",
        "units",
        "missing_values",
    ]
    assert meta.variables["name"].tolist() == ["age", "income"]
    assert meta.variables.loc[1, "role"] == "Target" and meta.variables.loc[0, "units"] is None
    assert meta.table.shape == (2, 2)
    assert meta.metadata["additional_info"] == {"summary": "census"}
    assert set(meta.variables["name"]) <= set(ds.ADULT_COLUMNS)
    ds.uci_metadata("heart_disease_hungarian", allow_network=True)
    ds.uci_metadata(45, allow_network=True)
    assert calls == [2, 45, 45]


def test_uci_metadata_fails_clearly_offline(monkeypatch):
    import ucimlrepo

    def offline(name=None, id=None):
        raise ConnectionError("Error connecting to server")

    monkeypatch.setattr(ucimlrepo, "fetch_ucirepo", offline)
    with pytest.raises(ds.UCIUnavailableError) as err:
        ds.uci_metadata("adult", allow_network=True)
    msg = str(err.value)
    assert "fetch_ucirepo(id=2)" in msg and "Error connecting to server" in msg
    assert "network" in msg and "load_adult()" in msg
    assert isinstance(err.value, ConnectionError)
    monkeypatch.setenv("NSP_OFFLINE", "1")
    monkeypatch.setattr(ucimlrepo, "fetch_ucirepo", lambda **k: pytest.fail("asked UCI offline"))
    with pytest.raises(ds.UCIUnavailableError, match="disabled"):
        ds.uci_metadata("heart_disease")
    with pytest.raises(ValueError, match="unknown dataset 'iris'"):
        ds.uci_metadata("iris")
