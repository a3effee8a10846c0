"""Converted files: rebuilt from commit-pinned sources to the registered sha256 ("convert").

The network is never used: ``fetching._download`` is replaced by a fake server. The SGSC, 2016
taxi and REDD conversions are checked byte for byte against the real mirror files; binfer's
``taxis.RData`` is not available offline, so its recipe is checked on a small synthetic file.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import shutil
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest
from conftest import MIRROR, needs_mirror  # noqa: E402

import nsp.datasets as ds
from nsp.datasets import _convert as convert
from nsp.datasets import _fetching as fetch_mod
from nsp.datasets import _registry as reg_mod
from nsp.datasets._registry import DatasetInfo, FileEntry, Registry

NO_RDATA = "the rdata extra is not installed (pip install 'nsp-privacy[rdata]')"


def _pyreadr():
    return pytest.importorskip("pyreadr", reason=NO_RDATA)


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _python_gzip(data: bytes, name: str, *, flush: bool = False) -> bytes:
    """The reference writer: Python's GzipFile as pandas uses it (mtime 0)."""
    buf = io.BytesIO()
    with gzip.GzipFile(filename=name, mode="wb", fileobj=buf, compresslevel=9, mtime=0) as fh:
        fh.write(data)
        if flush:
            fh.flush()
    return buf.getvalue()


def _leftovers(root: Path) -> list[Path]:
    return [p for p in root.rglob("*") if p.name.endswith(".part") or p.name.startswith(".")]


@pytest.fixture(autouse=True)
def _no_env(monkeypatch):
    for var in ("NSP_DATA_MIRROR", "CI", "NSP_OFFLINE"):
        monkeypatch.delenv(var, raising=False)


def _serve(mapping: dict[str, bytes], calls: list[str]):
    """A stand-in for fetching._download serving fixed bytes per URL."""

    def download(url: str, dest: Path, *, timeout: float) -> None:
        calls.append(url)
        if url not in mapping:
            raise OSError(f"404 {url}")
        Path(dest).write_bytes(mapping[url])

    return download


# --------------------------------------------------------------------------- gzip and git ids


@pytest.mark.parametrize("flush", [False, True])
def test_gzip_bytes_is_pythons_gzipfile_with_mtime_0(flush):
    data = b"customer_id,kwh\n" + b"".join(b"%d,%.3f\n" % (i, i / 7) for i in range(5000))
    assert convert.gzip_bytes(data, name="x.csv", sync_flush=flush) == _python_gzip(
        data, "x.csv", flush=flush
    )
    assert convert.gzip_bytes(data, name="x.csv") != convert.gzip_bytes(data, name="y.csv")


@pytest.mark.skipif(shutil.which("gzip") is None, reason="GNU gzip is not installed")
def test_gzip_bytes_is_gnu_gzip_n_9():
    data = b"".join(
        b"%d %.2f\n" % (1303132929 + i, 200 + (i * 37 % 1000) / 7) for i in range(20000)
    )
    gnu = subprocess.run(
        ["gzip", "-n", "-9", "-c"], input=data, capture_output=True, check=True
    ).stdout
    assert convert.gzip_bytes(data, level=9, mem_level=9, os=3) == gnu


def test_gzip_bytes_rejects_bad_settings():
    with pytest.raises(ValueError, match="level"):
        convert.gzip_bytes(b"x", level=0)
    with pytest.raises(ValueError, match="os"):
        convert.gzip_bytes(b"x", os=256)


def test_git_blob_sha1_is_gits_object_id():
    assert convert.git_blob_sha1(b"hello\n") == "ce013625030ba8dba906f756967f9e9ca394464a"
    if shutil.which("git"):
        out = (
            subprocess.run(
                ["git", "hash-object", "--stdin"],
                input=b"a b\n1 2",
                capture_output=True,
                check=True,
            )
            .stdout.decode()
            .strip()
        )
        assert convert.git_blob_sha1(b"a b\n1 2") == out


def test_verify_source_checks_every_given_hash():
    data = b"1303132929 224.19"
    good = {"git_blob": convert.git_blob_sha1(data), "sha256": _sha(data)}
    convert.verify_source(data, good, where="u")
    with pytest.raises(ds.ChecksumError, match="expected sha256") as err:
        convert.verify_source(data, {**good, "sha256": _sha(b"other")}, where="https://x/y")
    assert err.value.algorithm == "sha256" and err.value.path is None
    with pytest.raises(ds.ChecksumError, match="expected git blob id"):
        convert.verify_source(data + b"\n", good | {"sha256": None}, where="u")
    with pytest.raises(ValueError, match="neither"):
        convert.verify_source(data, {}, where="u")


def test_convert_file_rejects_unknown_recipes_and_settings(tmp_path):
    (tmp_path / "s").write_bytes(b"x")
    with pytest.raises(ValueError, match="unknown conversion recipe"):
        convert.convert_file({"recipe": "unzip", "gzip": {}}, tmp_path / "s", tmp_path / "d")
    with pytest.raises(ValueError, match="unknown gzip settings"):
        convert.convert_file(
            {"recipe": "gzip", "gzip": {"mtime": 5}}, tmp_path / "s", tmp_path / "d"
        )


# --------------------------------------------------------------------------- a toy registry

RDATA_URL = (
    "https://raw.githubusercontent.com/o/r/0123456789abcdef0123456789abcdef01234567/taxis.RData"
)
DAT_URL = (
    "https://raw.githubusercontent.com/o/r/0123456789abcdef0123456789abcdef01234567/channel_1.dat"
)
DAT = b"1303132929 224.19\n1303132930 225.57\n1303132931 221.34"  # no final newline, as in REDD

#: The synthetic taxis object (binfer's layout: times as strings ending in Z, factor labels).
TAXIS = pd.DataFrame(
    {
        "VendorID": [2.0, 1.0, 2.0],
        "tpep_pickup_datetime": [
            "2015-01-09 23:44:05Z",
            "2015-01-10 00:01:00Z",
            "2015-01-09 23:59:59Z",
        ],
        "tpep_dropoff_datetime": [
            "2015-01-10 00:06:18Z",
            "2015-01-10 00:30:04Z",
            "2015-01-10 00:10:00Z",
        ],
        "pickup_longitude": [-73.95785522460938, 0.0, -73.98152160644531],
        "payment_type": pd.Categorical(
            ["Cash", "Credit card", "Cash"],
            categories=["Credit card", "Cash", "No charge", "Dispute"],
        ),
        "rate": pd.Categorical(["Standard rate"] * 3),
    }
)
#: What the registered CSV of that object must say (written by hand, not by the code under test).
TAXIS_CSV = (
    b"VendorID,tpep_pickup_datetime,tpep_dropoff_datetime,pickup_longitude,payment_type,rate\n"
    b"2.0,2015-01-09 23:44:05,2015-01-10 00:06:18,-73.95785522460938,Cash,Standard rate\n"
    b"1.0,2015-01-10 00:01:00,2015-01-10 00:30:04,0.0,Credit card,Standard rate\n"
    b"2.0,2015-01-09 23:59:59,2015-01-10 00:10:00,-73.98152160644531,Cash,Standard rate\n"
)


def _info() -> DatasetInfo:
    return DatasetInfo(
        key="toy",
        title="toy",
        publisher="me",
        publisher_url="https://example.org",
        citation="",
        licence="CC0",
        licence_short="CC0",
        papers=(),
        fidelity="stand-in",
        stand_in_for="something",
        copy_origin="",
    )


def _gz(name: str | None, *, mem_level: int = 8, os: int = 255, flush: bool = False) -> dict:
    return {"name": name, "level": 9, "mem_level": mem_level, "os": os, "sync_flush": flush}


@pytest.fixture
def rdata_bytes(tmp_path) -> bytes:
    pyreadr = _pyreadr()
    path = tmp_path / "fixture" / "taxis.RData"
    path.parent.mkdir()
    pyreadr.write_rdata(str(path), TAXIS, df_name="taxis")
    return path.read_bytes()


def _toy_registry(monkeypatch, *, rdata: bytes = b"", out_sha: str | None = None) -> Registry:
    info = _info()
    dat_gz = (
        subprocess.run(["gzip", "-n", "-9", "-c"], input=DAT, capture_output=True).stdout
        if shutil.which("gzip")
        else convert.gzip_bytes(DAT, mem_level=9, os=3)
    )
    entries = [
        FileEntry(
            "toy",
            "channel_1.dat.gz",
            "fragment",
            _sha(dat_gz),
            len(dat_gz),
            "test",
            {
                "method": "convert",
                "recipe": "gzip",
                "gzip": _gz(None, mem_level=9, os=3),
                "source": {
                    "url": DAT_URL,
                    "git_blob": convert.git_blob_sha1(DAT),
                    "sha256": _sha(DAT),
                },
            },
            info,
        ),
        FileEntry(
            "toy",
            "taxis.csv.gz",
            "data",
            out_sha or _sha(_python_gzip(TAXIS_CSV, "taxis.csv")),
            1,
            "test",
            {
                "method": "convert",
                "recipe": "rdata-to-csv-gz",
                "r_object": "taxis",
                "drop_suffix": {
                    "suffix": "Z",
                    "columns": ["tpep_pickup_datetime", "tpep_dropoff_datetime"],
                },
                "gzip": _gz("taxis.csv"),
                "source": {"url": RDATA_URL, "git_blob": convert.git_blob_sha1(rdata)},
            },
            info,
        ),
    ]
    registry = Registry({"toy": info}, entries)
    monkeypatch.setattr(reg_mod, "REGISTRY", registry)
    return registry


# --------------------------------------------------------------------------- fetch with "convert"


def test_gzip_recipe_rebuilds_the_fragment_from_its_pinned_source(tmp_path, monkeypatch):
    _toy_registry(monkeypatch)
    calls: list[str] = []
    monkeypatch.setattr(fetch_mod, "_download", _serve({DAT_URL: DAT}, calls))
    (path,) = ds.fetch("toy/channel_1.dat.gz", data_home=tmp_path, allow_network=True)
    assert calls == [DAT_URL]
    assert gzip.decompress(path.read_bytes()) == DAT
    assert ds.verify("toy/channel_1.dat.gz", data_home=tmp_path)["state"].tolist() == ["verified"]
    assert _leftovers(tmp_path) == []


def test_a_source_that_is_not_the_pinned_blob_is_rejected(tmp_path, monkeypatch):
    _toy_registry(monkeypatch)
    monkeypatch.setattr(fetch_mod, "_download", _serve({DAT_URL: DAT + b"\n"}, []))
    with pytest.raises(ds.ChecksumError) as err:
        ds.fetch("toy/channel_1.dat.gz", data_home=tmp_path, allow_network=True)
    msg = str(err.value)
    assert DAT_URL in msg and "git blob id" in msg and "commit-pinned" in msg
    assert not (tmp_path / "toy" / "channel_1.dat.gz").exists()
    assert _leftovers(tmp_path) == []


def test_rdata_recipe_on_a_synthetic_taxis_file(tmp_path, monkeypatch, rdata_bytes):
    """binfer's recipe (object taxis, factors as labels, the Z dropped), on a fixture."""
    _toy_registry(monkeypatch, rdata=rdata_bytes)
    calls: list[str] = []
    monkeypatch.setattr(fetch_mod, "_download", _serve({RDATA_URL: rdata_bytes}, calls))
    (path,) = ds.fetch("toy/taxis.csv.gz", data_home=tmp_path / "data", allow_network=True)
    assert calls == [RDATA_URL]
    assert path.read_bytes() == _python_gzip(TAXIS_CSV, "taxis.csv")
    frame = pd.read_csv(path, parse_dates=["tpep_pickup_datetime"])
    assert frame["tpep_pickup_datetime"].dt.hour.tolist() == [23, 0, 23]


def test_a_conversion_that_gives_other_bytes_is_an_error_and_writes_nothing(
    tmp_path, monkeypatch, rdata_bytes
):
    _toy_registry(monkeypatch, rdata=rdata_bytes, out_sha=_sha(b"not these bytes"))
    monkeypatch.setattr(fetch_mod, "_download", _serve({RDATA_URL: rdata_bytes}, []))
    with pytest.raises(ds.ChecksumError) as err:
        ds.fetch("toy/taxis.csv.gz", data_home=tmp_path, allow_network=True)
    msg = str(err.value)
    assert "toy/taxis.csv.gz rebuilt from" in msg and RDATA_URL in msg
    assert "NSP_DATA_MIRROR" in msg and "pyreadr" in msg
    assert not (tmp_path / "toy" / "taxis.csv.gz").exists()
    assert _leftovers(tmp_path) == []


def test_without_pyreadr_the_message_names_the_extra(tmp_path, monkeypatch):
    _toy_registry(monkeypatch)
    monkeypatch.setitem(sys.modules, "pyreadr", None)  # import pyreadr now raises ImportError
    calls: list[str] = []
    monkeypatch.setattr(fetch_mod, "_download", _serve({RDATA_URL: b"", DAT_URL: DAT}, calls))
    with pytest.raises(ds.DataUnavailableError) as err:
        ds.fetch("toy", data_home=tmp_path, allow_network=True)
    assert calls == [DAT_URL]  # the R file is not downloaded in vain
    msg = str(err.value)
    assert "toy/taxis.csv.gz" in msg and "pip install 'nsp-privacy[rdata]'" in msg
    assert "toy/channel_1.dat.gz" not in msg  # the gzip recipe needs no extra: it was rebuilt
    assert (tmp_path / "toy" / "channel_1.dat.gz").is_file()
    with pytest.raises(convert.MissingExtraError, match=r"nsp-privacy\[rdata\]"):
        convert.read_r_object(tmp_path / "x.rds")


def test_offline_a_converted_file_names_the_command_and_the_source(tmp_path, monkeypatch):
    _toy_registry(monkeypatch)
    monkeypatch.setattr(fetch_mod, "_download", lambda *a, **k: pytest.fail("downloaded offline"))
    with pytest.raises(ds.DataUnavailableError) as err:
        ds.fetch("toy", data_home=tmp_path, allow_network=False)
    msg = str(err.value)
    assert "nsp data fetch toy/taxis.csv.gz" in msg and RDATA_URL in msg and DAT_URL in msg
    assert "nsp-privacy[rdata]" in msg and "NSP_DATA_MIRROR" in msg
    assert f"nsp data fetch --data-home {tmp_path}" in msg
    assert "shared/data" not in msg


# --------------------------------------------------------------------------- the real files


def _real_server(calls: list[str]):
    """Serve each registered https file's mirror bytes at its URL (the network, faked)."""
    by_url = {f.url: (MIRROR / f.dataset / f.file) for f in reg_mod.REGISTRY if f.method == "https"}

    def download(url: str, dest: Path, *, timeout: float) -> None:
        calls.append(url)
        Path(dest).write_bytes(by_url[url].read_bytes())

    return download


@needs_mirror
def test_redd_fragment_is_rebuilt_byte_for_byte_from_the_benchtsdb_blob(tmp_path, monkeypatch):
    entry = reg_mod.REGISTRY.get("redd", "house_1_channel_1_head16686.dat.gz")
    blob = gzip.decompress((MIRROR / "redd" / entry.file).read_bytes())  # = the repository's file
    assert convert.git_blob_sha1(blob) == entry.source["git_blob"]
    calls: list[str] = []
    monkeypatch.setattr(fetch_mod, "_download", _serve({entry.url: blob}, calls))
    (path,) = ds.fetch(entry.key, data_home=tmp_path, allow_network=True)
    assert calls == [entry.url]
    assert ds.sha256_file(path) == entry.sha256


@needs_mirror
def test_taxi_2016_sample_is_rebuilt_byte_for_byte_from_the_rda(tmp_path, monkeypatch):
    _pyreadr()
    calls: list[str] = []
    monkeypatch.setattr(fetch_mod, "_download", _real_server(calls))
    keys = [
        "nyc_taxi/yellow_tripdata_2016-01_sample10k.csv.gz",
        "nyc_taxi/yellow_2016_01_sample.rda",
    ]
    paths = ds.fetch(keys, data_home=tmp_path, allow_network=True)
    rda = reg_mod.REGISTRY.get("nyc_taxi", "yellow_2016_01_sample.rda")
    assert calls == [rda.url]  # downloaded once: converted, then kept as provenance
    assert (ds.verify(keys, data_home=tmp_path)["state"] == "verified").all()
    assert paths[0].read_bytes() == (MIRROR / keys[0]).read_bytes()


# 1.3 million rows through pyreadr and gzip -9; the same path on small files: an .rds converted
# offline (test_cli_messages.py), registered sources found locally (test_redd_house1.py)
@pytest.mark.slow
@needs_mirror
def test_sgsc_sample_is_rebuilt_from_a_mirror_holding_only_the_rds(tmp_path, monkeypatch):
    """A registered source found locally needs no network: the mirror has only the .rds."""
    _pyreadr()
    mirror = tmp_path / "mirror" / "sgsc_smart_meter"
    mirror.mkdir(parents=True)
    (mirror / "sm_cust50.rds").symlink_to(MIRROR / "sgsc_smart_meter" / "sm_cust50.rds")
    monkeypatch.setattr(fetch_mod, "_download", lambda *a, **k: pytest.fail("downloaded"))
    key = "sgsc_smart_meter/sgsc_cust50_halfhourly.csv.gz"
    (path,) = ds.fetch(key, mirror=mirror.parent, data_home=tmp_path / "data", allow_network=False)
    assert ds.sha256_file(path) == reg_mod.REGISTRY.get(*key.split("/")).sha256
