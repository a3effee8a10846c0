"""REDD house 1 (``redd_house1/``): registry entries, the ``redd1-minutes`` recipe, the loader.

The recipe and the loader are tested offline on a small fixture written here (a ``.mat`` of 3-s
rows without time and a timestamped 1-minute CSV in the redistributors' formats); the network is
never used (``fetching._download`` is a fake server). Tests marked ``data`` read the registered
files; the byte-for-byte rebuild of the two derived files needs the mirror.
"""

from __future__ import annotations

import gzip
import hashlib
import re
from typing import Any

import numpy as np
import pandas as pd
import pytest
import scipy.io
from conftest import MIRROR, needs_mirror  # noqa: E402

import nsp.datasets as ds
from nsp.datasets import REGISTRY, load_redd_house1
from nsp.datasets import _convert as convert
from nsp.datasets import _fetching as fetch_mod
from nsp.datasets import _registry as reg_mod
from nsp.datasets._registry import FileEntry, Registry

GZ: dict[str, Any] = {"name": None, "level": 9, "mem_level": 8, "os": 255, "sync_flush": False}
MAT_URL = "https://example.org/pinned/redd1.mat"
CSV_URL = "https://example.org/pinned/Building1_NILM_data_basic.csv"
DERIVED = ("redd_house1_1min.csv.gz", "redd1_rows_per_minute.csv.gz")


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@pytest.fixture(autouse=True)
def _no_env(monkeypatch):
    for var in ("NSP_DATA_MIRROR", "CI", "NSP_OFFLINE"):
        monkeypatch.delenv(var, raising=False)


def _fixture_sources(tmp_path):
    """Four minutes of the 1-minute CSV (the last without mains) and 59 untimed 3-s rows.

    Minute 1 holds 20 rows of 100 W mains, minute 2 20 rows of 300 W, minute 3 19 rows of 200 W
    (one sample lost): the exact assignment costs 0.2 (one missing row); moving a row into the
    unobserved minute 4 would cost 2.0 and a mains error.
    """
    mains = np.array([100] * 20 + [300] * 20 + [200] * 19)
    data = np.zeros((59, 18), dtype=np.int32)
    data[:, 0] = np.arange(1, 60)
    data[:, 1] = mains
    data[:, 2] = mains // 10  # fridge_5: a tenth of the mains
    data[40:, 7] = 1000  # microwave_11 on in minute 3
    mat = tmp_path / "redd1.mat"
    scipy.io.savemat(mat, {"data": data})
    csv = tmp_path / "Building1_NILM_data_basic.csv"
    csv.write_text(
        "Timestamp,main,Refrigerator,Dish Washer,Microwave,Washer Dryer\n"
        ",,,,,\n"
        "2011-04-18 09:22:00-04:00,100.0,10.0,0.0,0.0,0.0\n"
        "2011-04-18 09:23:00-04:00,300.0,30.0,0.0,0.0,0.0\n"
        "2011-04-18 09:24:00-04:00,200.0,20.0,0.0,1000.0,0.0\n"
        "2011-04-18 09:25:00-04:00,,0.0,0.0,0.0,0.0\n"
    )
    return mat, csv


def _expected_text(output: str) -> bytes:
    minutes = ["2011-04-18T13:22:00Z", "2011-04-18T13:23:00Z", "2011-04-18T13:24:00Z"]
    if output == "rows":
        body = [
            f"{m},{first},{n}"
            for m, first, n in zip(minutes, [0, 20, 40], [20, 20, 19], strict=True)
        ]
        return ("minute_utc,first_row,n_rows\n" + "\n".join(body) + "\n").encode()
    header = "minute_utc,n_samples," + ",".join(convert.REDD1_COLUMNS)
    rows = []
    for m, n, mains, micro in zip(
        minutes, [20, 20, 19], [100, 300, 200], [0, 0, 1000], strict=True
    ):
        values = [mains, mains // 10, 0, 0, 0, 0, micro] + [0] * 10
        rows.append(f"{m},{n}," + ",".join(f"{v:.3f}" for v in values))
    return (header + "\n" + "\n".join(rows) + "\n").encode()


# --------------------------------------------------------------------------- the recipe


def test_alignment_places_every_row_on_its_minute(tmp_path):
    mat, csv = _fixture_sources(tmp_path)
    means, rows = convert.align_redd1_minutes(
        scipy.io.loadmat(mat)["data"], pd.read_csv(csv, skiprows=[1])
    )
    assert rows["first_row"].tolist() == [0, 20, 40]
    assert rows["n_rows"].tolist() == [20, 20, 19]
    assert means["mains_1_2"].tolist() == [100.0, 300.0, 200.0]
    assert means["microwave_11"].tolist() == [0.0, 0.0, 1000.0]
    assert list(means.columns) == ["minute_utc", "n_samples", *convert.REDD1_COLUMNS]


def test_alignment_rejects_too_many_rows_and_bad_shapes():
    minutes = pd.DataFrame({"Timestamp": ["2011-04-18 09:22:00-04:00"], "main": [1.0]})
    with pytest.raises(ValueError, match="cannot hold 21 rows"):
        convert.align_redd1_minutes(np.ones((21, 18)), minutes)
    with pytest.raises(ValueError, match=r"shape \(R, 18\)"):
        convert.align_redd1_minutes(np.ones((3, 5)), minutes)


@pytest.mark.parametrize("output", ["minutes", "rows"])
def test_recipe_writes_the_registered_csv_text_gzipped(tmp_path, output):
    mat, csv = _fixture_sources(tmp_path)
    download = {"recipe": "redd1-minutes", "output": output, "gzip": GZ}
    convert.convert_file(download, mat, tmp_path / "out.gz", extra_sources=[csv])
    raw = (tmp_path / "out.gz").read_bytes()
    assert gzip.decompress(raw) == _expected_text(output)
    assert raw == convert.gzip_bytes(_expected_text(output), **GZ)
    assert raw[3] == 0 and raw[9] == 255  # no file name in the header; OS byte "unknown"


def test_recipe_needs_its_extra_source_and_a_known_output(tmp_path):
    mat, csv = _fixture_sources(tmp_path)
    with pytest.raises(ValueError, match="one extra source"):
        convert.convert_file({"recipe": "redd1-minutes", "gzip": GZ}, mat, tmp_path / "x")
    with pytest.raises(ValueError, match="output must be"):
        convert.convert_file(
            {"recipe": "redd1-minutes", "output": "days", "gzip": GZ},
            mat,
            tmp_path / "x",
            extra_sources=[csv],
        )


# --------------------------------------------------------------------------- fetch with two sources


def _toy_registry(monkeypatch, mat_bytes: bytes, csv_bytes: bytes) -> Registry:
    info = REGISTRY.datasets["redd_house1"]
    https = [
        FileEntry(
            "redd_house1",
            name,
            "data",
            _sha(b),
            len(b),
            "test",
            {"method": "https", "url": u},
            info,
        )
        for name, b, u in (
            ("redd1.mat", mat_bytes, MAT_URL),
            ("Building1_NILM_data_basic.csv", csv_bytes, CSV_URL),
        )
    ]
    derived = [
        FileEntry(
            "redd_house1",
            name,
            "data",
            _sha(convert.gzip_bytes(_expected_text(output), **GZ)),
            1,
            "test",
            {
                "method": "convert",
                "recipe": "redd1-minutes",
                "output": output,
                "gzip": GZ,
                "source": {"registered": "redd_house1/redd1.mat"},
                "extra_sources": [{"registered": "redd_house1/Building1_NILM_data_basic.csv"}],
            },
            info,
        )
        for name, output in zip(DERIVED, ["minutes", "rows"], strict=True)
    ]
    registry = Registry({"redd_house1": info}, https + derived)
    monkeypatch.setattr(reg_mod, "REGISTRY", registry)
    return registry


def _serve(mapping: dict[str, bytes], calls: list[str]):
    def fake(url, dest, *, timeout):
        calls.append(url)
        dest.write_bytes(mapping[url])

    return fake


def test_fetch_rebuilds_both_derived_files_from_the_two_pinned_sources(tmp_path, monkeypatch):
    mat, csv = _fixture_sources(tmp_path)
    registry = _toy_registry(monkeypatch, mat.read_bytes(), csv.read_bytes())
    entry = registry.get("redd_house1", DERIVED[0])
    assert entry.extra_sources[0]["url"] == CSV_URL  # filled from the registered entry
    calls: list[str] = []
    monkeypatch.setattr(
        fetch_mod,
        "_download",
        _serve({MAT_URL: mat.read_bytes(), CSV_URL: csv.read_bytes()}, calls),
    )
    paths = ds.fetch(
        [f"redd_house1/{n}" for n in DERIVED], data_home=tmp_path / "d", allow_network=True
    )
    assert sorted(calls) == sorted([MAT_URL, CSV_URL])  # each source downloaded once
    assert gzip.decompress(paths[0].read_bytes()) == _expected_text("minutes")
    assert gzip.decompress(paths[1].read_bytes()) == _expected_text("rows")


def test_fetch_rebuilds_offline_from_verified_local_sources(tmp_path, monkeypatch):
    mat, csv = _fixture_sources(tmp_path)
    _toy_registry(monkeypatch, mat.read_bytes(), csv.read_bytes())
    home = tmp_path / "d"
    (home / "redd_house1").mkdir(parents=True)
    (home / "redd_house1" / "redd1.mat").write_bytes(mat.read_bytes())
    (home / "redd_house1" / csv.name).write_bytes(csv.read_bytes())
    monkeypatch.setattr(fetch_mod, "_download", _serve({}, []))
    (path,) = ds.fetch(f"redd_house1/{DERIVED[0]}", data_home=home, allow_network=False)
    assert gzip.decompress(path.read_bytes()) == _expected_text("minutes")


def test_offline_without_the_second_source_nothing_is_downloaded(tmp_path, monkeypatch):
    mat, csv = _fixture_sources(tmp_path)
    _toy_registry(monkeypatch, mat.read_bytes(), csv.read_bytes())
    home = tmp_path / "d"
    (home / "redd_house1").mkdir(parents=True)
    (home / "redd_house1" / "redd1.mat").write_bytes(mat.read_bytes())
    calls: list[str] = []
    monkeypatch.setattr(fetch_mod, "_download", _serve({}, calls))
    with pytest.raises(ds.DataUnavailableError, match=DERIVED[0]):
        ds.fetch(f"redd_house1/{DERIVED[0]}", data_home=home, allow_network=False)
    assert calls == []


def test_a_tampered_second_source_is_rejected(tmp_path, monkeypatch):
    mat, csv = _fixture_sources(tmp_path)
    _toy_registry(monkeypatch, mat.read_bytes(), csv.read_bytes())
    bad = csv.read_bytes().replace(b"300.0", b"301.0")
    monkeypatch.setattr(
        fetch_mod, "_download", _serve({MAT_URL: mat.read_bytes(), CSV_URL: bad}, [])
    )
    with pytest.raises(ds.ChecksumError, match="sha256"):
        ds.fetch(f"redd_house1/{DERIVED[0]}", data_home=tmp_path / "d", allow_network=True)
    assert not (tmp_path / "d" / "redd_house1" / DERIVED[0]).exists()


# --------------------------------------------------------------------------- the registry


def test_registry_entries_of_redd_house1():
    files = {f.file: f for f in REGISTRY if f.dataset == "redd_house1"}
    assert sorted(files) == sorted(["redd1.mat", "Building1_NILM_data_basic.csv", *DERIVED])
    info = REGISTRY.datasets["redd_house1"]
    assert "no open licence" in info.licence and "Kolter" in info.citation
    pinned = re.compile(r"^https://raw\.githubusercontent\.com/[^/]+/[^/]+/[0-9a-f]{40}/")
    for name in ("redd1.mat", "Building1_NILM_data_basic.csv"):
        assert files[name].method == "https" and pinned.match(files[name].url), name
    assert "38e382c00905180e832042f7c2ec102ed52ad8f3" in files["redd1.mat"].origin
    for name, output in zip(DERIVED, ["minutes", "rows"], strict=True):
        entry = files[name]
        assert entry.method == "convert" and entry.download["output"] == output
        assert entry.source["sha256"] == files["redd1.mat"].sha256
        assert entry.extra_sources[0]["sha256"] == files["Building1_NILM_data_basic.csv"].sha256
        assert "rebuilds the file" in entry.manual_fix(MIRROR or reg_mod.Path("x"))


def test_an_extra_source_must_be_registered_and_downloadable():
    info = REGISTRY.datasets["redd_house1"]
    entry = FileEntry(
        "redd_house1",
        "x.csv.gz",
        "data",
        "0" * 64,
        1,
        "test",
        {
            "method": "convert",
            "recipe": "redd1-minutes",
            "source": {"url": "https://x", "sha256": "0" * 64},
            "extra_sources": [{"registered": "redd_house1/absent.csv"}],
        },
        info,
    )
    with pytest.raises(ValueError, match="not a registered downloadable file"):
        Registry({"redd_house1": info}, [entry])


@pytest.mark.slow
@needs_mirror
def test_the_derived_files_rebuild_byte_for_byte_from_the_mirror_originals():
    """About a minute: the alignment over 26,303 minutes (on the fixture above in seconds)."""
    folder = MIRROR / "redd_house1"
    means, rows = convert.align_redd1_minutes(
        scipy.io.loadmat(folder / "redd1.mat")["data"],
        pd.read_csv(folder / "Building1_NILM_data_basic.csv", skiprows=[1]),
    )
    for frame, name in zip([means, rows], DERIVED, strict=True):
        text = frame.to_csv(index=False, float_format="%.3f", lineterminator="\n").encode()
        assert _sha(convert.gzip_bytes(text, **GZ)) == REGISTRY.get("redd_house1", name).sha256


# --------------------------------------------------------------------------- the loader


def test_loader_on_the_fixture(tmp_path, monkeypatch):
    mat, csv = _fixture_sources(tmp_path)
    _toy_registry(monkeypatch, mat.read_bytes(), csv.read_bytes())
    home = tmp_path / "d"
    (home / "redd_house1").mkdir(parents=True)
    for name, output in zip(DERIVED, ["minutes", "rows"], strict=True):
        (home / "redd_house1" / name).write_bytes(convert.gzip_bytes(_expected_text(output), **GZ))
    (home / "redd_house1" / "redd1.mat").write_bytes(mat.read_bytes())
    frame = load_redd_house1(data_home=home)
    assert frame.shape == (3, 18) and str(frame.index.tz) == "America/New_York"
    assert frame.index[0] == pd.Timestamp("2011-04-18 09:22", tz="America/New_York")
    assert frame["mains_1_2"].tolist() == [100.0, 300.0, 200.0]
    assert frame["n_samples"].tolist() == [20, 20, 19]
    assert frame.attrs["fidelity"] == "partial"
    fine = load_redd_house1(resolution="3s", meters=["mains_1_2"], data_home=home, tz="UTC")
    assert fine.shape == (59, 1)
    assert fine.index[1] - fine.index[0] == pd.Timedelta(seconds=3)
    assert fine.index[20] == pd.Timestamp("2011-04-18 13:23", tz="UTC")
    per_minute = fine.groupby(fine.index.floor("min"))["mains_1_2"].mean()
    assert per_minute.tolist() == [100.0, 300.0, 200.0]


def test_loader_rejects_bad_options():
    with pytest.raises(ValueError, match="resolution"):
        load_redd_house1(resolution="1s")
    with pytest.raises(ValueError, match="meters"):
        load_redd_house1(meters=["fridge"])
    with pytest.raises(ValueError, match="meters"):
        load_redd_house1(meters="fridge_5")


@pytest.mark.data
def test_loader_on_the_registered_files():
    frame = load_redd_house1()
    assert frame.shape == (26303, 18)
    assert int(frame["n_samples"].sum()) == 525757
    assert frame.index.is_monotonic_increasing and not frame.index.has_duplicates
    assert round(float(frame["mains_1_2"].mean()), 1) == 382.9
    train = frame[frame.index < pd.Timestamp("2011-04-30", tz="America/New_York")]
    assert len(train) == 13849
    share = train.drop(columns=["n_samples", "mains_1_2"]).sum()
    top = (share / share.sum()).sort_values(ascending=False).head(5)
    assert list(top.index) == ["fridge_5", "light_9", "sockets_8", "microwave_11", "dish_washer_6"]
    assert round(float(top["fridge_5"]), 3) == 0.194
    fine = load_redd_house1(resolution="3s", meters=["fridge_5"])
    assert fine.shape == (525757, 1)
    means = fine.groupby(fine.index.floor("min"))["fridge_5"].mean()
    assert np.allclose(means.to_numpy(), frame["fridge_5"].to_numpy(), atol=5e-4)
