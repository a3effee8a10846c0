"""fetch / verify / status: mirror copies, the (monkeypatched) network path, and every error."""

from __future__ import annotations

import hashlib
import io
import os
import urllib.error
import zipfile
from pathlib import Path

import pandas as pd
import pytest
from conftest import MIRROR, needs_mirror  # noqa: E402

import nsp.datasets as ds
from nsp.datasets import _fetching as fetch_mod
from nsp.datasets import _registry as reg_mod
from nsp.datasets._registry import DatasetInfo, FileEntry, Registry

# --------------------------------------------------------------------------- synthetic registry

FILES = {
    "plain.csv": b"a,b\n1,2\n",
    "member.txt": b"line one\nline two\n",
    "local.dat": b"only on a mirror\n",
}


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@pytest.fixture
def toy(monkeypatch, tmp_path):
    """Replace the registry by three tiny files.

    One is downloaded over https, one comes in a UCI zip (CRLF), one is mirror-only.
    """
    info = DatasetInfo(
        key="toy",
        title="toy",
        publisher="me",
        publisher_url="https://example.org",
        citation="",
        licence="CC0",
        licence_short="CC0",
        papers=(),
        fidelity="exact",
        stand_in_for=None,
        copy_origin="",
    )
    entries = [
        FileEntry(
            "toy",
            "plain.csv",
            "data",
            _sha(FILES["plain.csv"]),
            len(FILES["plain.csv"]),
            "test",
            {"method": "https", "url": "https://example.org/plain.csv"},
            info,
        ),
        FileEntry(
            "toy",
            "member.txt",
            "data",
            _sha(FILES["member.txt"]),
            len(FILES["member.txt"]),
            "test",
            {
                "method": "uci",
                "uci_id": 2,
                "url": "https://example.org/toy.zip",
                "member": "member.txt",
                "newlines": "lf",
            },
            info,
        ),
        FileEntry(
            "toy",
            "local.dat",
            "data",
            _sha(FILES["local.dat"]),
            len(FILES["local.dat"]),
            "test",
            {"method": "mirror-only", "reason": "converted"},
            info,
        ),
    ]
    monkeypatch.setattr(reg_mod, "REGISTRY", Registry({"toy": info}, entries))
    monkeypatch.delenv("NSP_DATA_MIRROR", raising=False)
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.delenv("NSP_OFFLINE", raising=False)
    mirror = tmp_path / "mirror"
    (mirror / "toy").mkdir(parents=True)
    for name, data in FILES.items():
        (mirror / "toy" / name).write_bytes(data)
    return mirror


def _fake_server(calls: list[str], *, crlf: bool = True, corrupt: str | None = None):
    """A stand-in for fetch._download serving the toy files (the zip member with CRLF ends)."""

    def download(url: str, dest: Path, *, timeout: float) -> None:
        calls.append(url)
        assert timeout > 0
        name = url.rsplit("/", 1)[1]
        if name == "toy.zip":
            buf = io.BytesIO()
            body = FILES["member.txt"].replace(b"\n", b"\r\n") if crlf else FILES["member.txt"]
            if corrupt == "member.txt":
                body += b"tampered"
            with zipfile.ZipFile(buf, "w") as zf:
                zf.writestr("member.txt", body)
                zf.writestr("other.txt", b"x")
            data = buf.getvalue()
        else:
            data = FILES[name]
        if corrupt == name:
            data = data + b"tampered"
        Path(dest).write_bytes(data)

    return download


def _leftovers(root: Path) -> list[Path]:
    return [p for p in root.rglob("*") if p.name.endswith(".part")]


# --------------------------------------------------------------------------- mirror path


def test_fetch_copies_from_the_mirror_and_verifies(toy, tmp_path):
    home = tmp_path / "data"
    paths = ds.fetch(mirror=toy, data_home=home, allow_network=False, progress=False)
    assert paths == [home / "toy" / n for n in ("plain.csv", "member.txt", "local.dat")]
    for p in paths:
        assert p.read_bytes() == FILES[p.name]
    assert _leftovers(home) == []
    frame = ds.status(data_home=home)
    assert frame["state"].astype(str).tolist() == ["verified"] * 3


def test_fetch_uses_the_env_mirror_and_skips_verified_files(toy, tmp_path, monkeypatch):
    monkeypatch.setenv("NSP_DATA_MIRROR", str(toy))
    home = tmp_path / "data"
    ds.fetch("toy/plain.csv", data_home=home, allow_network=False, progress=False)
    target = home / "toy" / "plain.csv"
    os.utime(target, ns=(1, 1))
    (toy / "toy" / "plain.csv").unlink()  # a second fetch must not need the mirror
    assert ds.fetch(["toy/plain.csv"], data_home=home, allow_network=False) == [target]
    assert target.stat().st_mtime_ns == 1


def test_fetch_env_data_dir(toy, tmp_path, monkeypatch):
    monkeypatch.setenv("NSP_DATA_DIR", str(tmp_path / "env_home"))
    ds.fetch("toy/local.dat", mirror=toy, allow_network=False)
    assert (tmp_path / "env_home" / "toy" / "local.dat").read_bytes() == FILES["local.dat"]


def test_mismatched_file_in_data_dir_is_an_error_unless_forced(toy, tmp_path):
    home = tmp_path / "data"
    bad = home / "toy" / "plain.csv"
    bad.parent.mkdir(parents=True)
    bad.write_bytes(b"edited\n")
    with pytest.raises(ds.ChecksumError) as err:
        ds.fetch("toy/plain.csv", mirror=toy, data_home=home, allow_network=False)
    msg = str(err.value)
    assert str(bad) in msg and _sha(FILES["plain.csv"]) in msg and _sha(b"edited\n") in msg
    assert "nsp data fetch --force toy/plain.csv" in msg and "make data" in msg
    assert isinstance(err.value, ValueError)
    ds.fetch("toy/plain.csv", mirror=toy, data_home=home, allow_network=False, force=True)
    assert bad.read_bytes() == FILES["plain.csv"]


def test_corrupt_mirror_copy_is_rejected_and_leaves_nothing(toy, tmp_path):
    (toy / "toy" / "local.dat").write_bytes(b"bit rot\n")
    home = tmp_path / "data"
    with pytest.raises(ds.ChecksumError) as err:
        ds.fetch("toy/local.dat", mirror=toy, data_home=home, allow_network=False)
    msg = str(err.value)
    assert str(toy / "toy" / "local.dat") in msg
    assert _sha(FILES["local.dat"]) in msg and _sha(b"bit rot\n") in msg
    assert not (home / "toy" / "local.dat").exists()
    assert _leftovers(home) == []


# --------------------------------------------------------------------------- network path


def test_network_download_when_no_mirror(toy, tmp_path, monkeypatch):
    calls: list[str] = []
    monkeypatch.setattr(fetch_mod, "_download", _fake_server(calls))
    home = tmp_path / "data"
    paths = ds.fetch(["toy/plain.csv", "toy/member.txt"], data_home=home, allow_network=True)
    assert calls == ["https://example.org/plain.csv", "https://example.org/toy.zip"]
    assert [p.read_bytes() for p in paths] == [
        FILES["plain.csv"],
        FILES["member.txt"],
    ]  # CRLF -> LF
    assert _leftovers(home) == []


def test_one_archive_download_serves_several_members(toy, tmp_path, monkeypatch):
    calls: list[str] = []
    monkeypatch.setattr(fetch_mod, "_download", _fake_server(calls))
    entry = reg_mod.REGISTRY.get("toy", "member.txt")
    twin = FileEntry(
        "toy",
        "twin.txt",
        "data",
        entry.sha256,
        entry.size,
        "test",
        dict(entry.download),
        entry.info,
    )
    monkeypatch.setattr(reg_mod, "REGISTRY", Registry(reg_mod.REGISTRY.datasets, [entry, twin]))
    ds.fetch(data_home=tmp_path, allow_network=True)
    assert calls == ["https://example.org/toy.zip"]


def test_mirror_is_preferred_over_the_network(toy, tmp_path, monkeypatch):
    calls: list[str] = []
    monkeypatch.setattr(fetch_mod, "_download", _fake_server(calls))
    ds.fetch(mirror=toy, data_home=tmp_path, allow_network=True)
    assert calls == []


def test_offline_without_mirror_names_every_file_and_the_fix(toy, tmp_path, monkeypatch):
    def no_network(*args, **kwargs):
        raise AssertionError("must not download")

    monkeypatch.setattr(fetch_mod, "_download", no_network)
    home = tmp_path / "data"
    with pytest.raises(ds.DataUnavailableError) as err:
        ds.fetch(data_home=home, allow_network=False)
    msg = str(err.value)
    assert isinstance(err.value, FileNotFoundError)
    for name in FILES:
        assert f"toy/{name}" in msg
    assert "NSP_DATA_MIRROR" in msg
    assert f"download https://example.org/plain.csv into {home / 'toy' / 'plain.csv'}" in msg
    assert "https://example.org/toy.zip" in msg and "member.txt" in msg
    assert "no public URL" in msg


@pytest.mark.parametrize("var", ["CI", "NSP_OFFLINE"])
def test_ci_or_offline_env_disables_the_network(toy, tmp_path, monkeypatch, var):
    monkeypatch.setenv(var, "true")
    monkeypatch.setattr(fetch_mod, "_download", lambda *a, **k: pytest.fail("downloaded on CI"))
    with pytest.raises(ds.DataUnavailableError, match="offline"):
        ds.fetch("toy/plain.csv", data_home=tmp_path)
    # explicit allow_network=True overrides the environment
    calls: list[str] = []
    monkeypatch.setattr(fetch_mod, "_download", _fake_server(calls))
    ds.fetch("toy/plain.csv", data_home=tmp_path, allow_network=True)
    assert calls


def test_failed_download_is_reported_with_the_fix(toy, tmp_path, monkeypatch):
    def down(url, dest, *, timeout):
        raise urllib.error.URLError("no route to host")

    monkeypatch.setattr(fetch_mod, "_download", down)
    with pytest.raises(ds.DataUnavailableError) as err:
        ds.fetch("toy/plain.csv", data_home=tmp_path, allow_network=True)
    msg = str(err.value)
    assert "no route to host" in msg and "https://example.org/plain.csv" in msg
    assert str(tmp_path / "toy" / "plain.csv") in msg
    assert _leftovers(tmp_path) == []


def test_timeout_is_a_failed_download(toy, tmp_path, monkeypatch):
    def slow(url, dest, *, timeout):
        raise TimeoutError(f"timed out after {timeout} s")

    monkeypatch.setattr(fetch_mod, "_download", slow)
    with pytest.raises(ds.DataUnavailableError, match="timed out after 0.5 s"):
        ds.fetch("toy/plain.csv", data_home=tmp_path, allow_network=True, timeout=0.5)


@pytest.mark.parametrize(
    ("name", "url"),
    [("plain.csv", "https://example.org/plain.csv"), ("member.txt", "https://example.org/toy.zip")],
)
def test_downloaded_file_with_another_hash_is_rejected(toy, tmp_path, monkeypatch, name, url):
    monkeypatch.setattr(fetch_mod, "_download", _fake_server([], corrupt=name))
    with pytest.raises(ds.ChecksumError) as err:
        ds.fetch(f"toy/{name}", data_home=tmp_path, allow_network=True)
    assert url in str(err.value) and _sha(FILES[name]) in str(err.value)
    assert err.value.path is None and err.value.source == url
    assert not (tmp_path / "toy" / name).exists()
    assert _leftovers(tmp_path) == []


def test_broken_archive_is_a_failed_download(toy, tmp_path, monkeypatch):
    monkeypatch.setattr(
        fetch_mod, "_download", lambda url, dest, *, timeout: Path(dest).write_bytes(b"<html>")
    )
    with pytest.raises(ds.DataUnavailableError, match="toy/member.txt"):
        ds.fetch("toy/member.txt", data_home=tmp_path, allow_network=True)


def test_zip_member_without_crlf_also_verifies(toy, tmp_path, monkeypatch):
    monkeypatch.setattr(fetch_mod, "_download", _fake_server([], crlf=False))
    (p,) = ds.fetch("toy/member.txt", data_home=tmp_path, allow_network=True)
    assert p.read_bytes() == FILES["member.txt"]


def test_real_download_function_writes_the_response(tmp_path, monkeypatch):
    class Resp(io.BytesIO):
        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

    seen = {}

    def urlopen(req, timeout):
        seen["url"], seen["timeout"] = req.full_url, timeout
        return Resp(b"payload")

    monkeypatch.setattr(fetch_mod.urllib.request, "urlopen", urlopen)
    fetch_mod._download("https://example.org/x", tmp_path / "x", timeout=7)
    assert (tmp_path / "x").read_bytes() == b"payload"
    assert seen == {"url": "https://example.org/x", "timeout": 7}


# --------------------------------------------------------------------------- verify / status


def test_verify_reports_each_state(toy, tmp_path):
    home = tmp_path / "data"
    ds.fetch(["toy/plain.csv", "toy/member.txt"], mirror=toy, data_home=home)
    (home / "toy" / "member.txt").write_bytes(b"changed")
    frame = ds.verify(data_home=home)
    assert list(frame.columns) == [
        "dataset",
        "file",
        "state",
        "kind",
        "fidelity",
        "stand_in_for",
        "size",
        "licence",
        "sha256",
        "actual_sha256",
        "path",
    ]
    assert frame["state"].astype(str).tolist() == ["verified", "present-but-mismatch", "missing"]
    assert isinstance(frame["state"].dtype, pd.CategoricalDtype)
    assert frame["actual_sha256"].tolist()[2] is None
    assert frame["size"].dtype == "int64"
    text = ds.format_status(frame)
    assert "1 verified, 1 present-but-mismatch, 1 missing" in text
    for name in FILES:
        assert name in text
    with pytest.raises(ds.ChecksumError, match="member.txt"):
        ds.verify(data_home=home, strict=True)
    with pytest.raises(ds.DataUnavailableError, match="nsp data fetch --data-home"):
        ds.verify("toy/local.dat", data_home=home, strict=True)


def test_registered_path_errors_and_mirror_autocopy(toy, tmp_path, monkeypatch):
    home = tmp_path / "data"
    with pytest.raises(FileNotFoundError) as err:
        ds.registered_path("toy", "plain.csv", data_home=home)
    assert str(home / "toy" / "plain.csv") in str(err.value)
    assert f"nsp data fetch --data-home {home}" in str(err.value)  # make data fills data/
    monkeypatch.setenv("NSP_DATA_MIRROR", str(toy))
    p = ds.registered_path("toy", "plain.csv", data_home=home)
    assert p.read_bytes() == FILES["plain.csv"]
    p.write_bytes(b"damaged")
    with pytest.raises(ds.ChecksumError) as err:
        ds.registered_path("toy", "plain.csv", data_home=home)
    assert _sha(b"damaged") in str(err.value) and _sha(FILES["plain.csv"]) in str(err.value)
    assert "nsp data fetch --force toy/plain.csv" in str(err.value)


def test_messages_name_the_projects_settings_not_a_machines_paths(toy, tmp_path):
    """Errors say NSP_DATA_MIRROR / nsp data fetch --data-home / data_home=, never a path of
    the machine they were written on (the user's own data folder is named in the command)."""
    home = tmp_path / "data"
    with pytest.raises(ds.DataUnavailableError) as fetch_err:
        ds.fetch(data_home=home, allow_network=False)
    with pytest.raises(ds.DataUnavailableError) as path_err:
        ds.registered_path("toy", "plain.csv", data_home=home)
    for msg in (str(fetch_err.value), str(path_err.value)):
        assert "NSP_DATA_MIRROR" in msg and f"nsp data fetch --data-home {home}" in msg
        assert "data_home=" in msg and "NSP_DATA_DIR" in msg
        assert "shared/data" not in msg
    package = Path(ds.__file__).parent.parent
    for source in package.rglob("*.py"):
        assert "shared/data" not in source.read_text(encoding="utf-8"), source
    assert "shared/data" not in (package / "datasets" / "registry.json").read_text(encoding="utf-8")


def test_unknown_names_are_rejected(toy, tmp_path):
    with pytest.raises(ValueError, match="unknown dataset"):
        ds.fetch("nope", mirror=toy, data_home=tmp_path)
    with pytest.raises(ValueError, match="unknown dataset"):
        ds.verify(["toy", "nope"], data_home=tmp_path)


# --------------------------------------------------------------------------- the real mirror


@needs_mirror
def test_fetch_everything_from_the_real_mirror(tmp_path, monkeypatch):
    monkeypatch.delenv("NSP_DATA_MIRROR", raising=False)
    paths = ds.fetch(mirror=MIRROR, data_home=tmp_path, allow_network=False)
    assert len(paths) == len(reg_mod.REGISTRY)
    frame = ds.status(data_home=tmp_path)
    assert (frame["state"] == "verified").all()
    text = ds.format_status(frame)
    assert f"{len(frame)} files: {len(frame)} verified, 0 present-but-mismatch, 0 missing" in text
    assert "stand-in for Ausgrid" in text and "stand-in for Kaggle 2014" in text


@needs_mirror
def test_real_uci_and_https_entries_through_the_network_path(tmp_path, monkeypatch):
    """The publisher path for the real entries, with a fake server serving the mirror bytes."""
    monkeypatch.delenv("NSP_DATA_MIRROR", raising=False)
    calls: list[str] = []

    def server(url, dest, *, timeout):
        calls.append(url)
        if url.endswith(".zip"):  # UCI archive: members with CRLF line ends, as on Windows copies
            buf = io.BytesIO()
            with zipfile.ZipFile(buf, "w") as zf:
                for f in reg_mod.REGISTRY:
                    if f.url == url:
                        data = (MIRROR / f.dataset / f.file).read_bytes()
                        zf.writestr(
                            f.download["member"],
                            data.replace(b"\n", b"\r\n") if f.download.get("newlines") else data,
                        )
            Path(dest).write_bytes(buf.getvalue())
        else:
            f = next(f for f in reg_mod.REGISTRY if f.url == url)
            Path(dest).write_bytes((MIRROR / f.dataset / f.file).read_bytes())

    monkeypatch.setattr(fetch_mod, "_download", server)
    ds.fetch(["heart_disease_hungarian", "ausgrid"], data_home=tmp_path, allow_network=True)
    assert calls == [
        "https://archive.ics.uci.edu/static/public/45/heart+disease.zip",
        reg_mod.REGISTRY.get("ausgrid", "customer12_2011-2012_GC_GG_kW.csv").url,
    ]
    assert (
        ds.verify(["heart_disease_hungarian", "ausgrid"], data_home=tmp_path)["state"] == "verified"
    ).all()
