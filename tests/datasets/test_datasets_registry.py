"""The data registry: complete, consistent with the mirror and with every SOURCE.md."""

from __future__ import annotations

import re
import warnings
from dataclasses import replace
from pathlib import Path

import pytest
from conftest import MIRROR, needs_mirror  # noqa: E402

from nsp.datasets import REGISTRY, load_registry, sha256_file, unregistered_mirror_files
from nsp.datasets._convert import RECIPES
from nsp.datasets._registry import Registry


def test_registry_entries_are_well_formed():
    assert len(REGISTRY) == 61
    assert set(REGISTRY.datasets) == {
        "adult",
        "heart_disease_hungarian",
        "sgsc_smart_meter",
        "ausgrid",
        "nyc_taxi",
        "redd",
        "redd_house1",
        "nilm_refit_ukdale",
    }
    keys = [f.key for f in REGISTRY]
    assert len(keys) == len(set(keys))
    for f in REGISTRY:
        assert re.fullmatch(r"[0-9a-f]{64}", f.sha256), f.key
        assert f.size > 0
        assert f.licence and f.origin
        assert f.fidelity in {"exact", "partial", "stand-in"}
        assert f.kind in {"data", "documentation", "duplicate", "fragment", "format-reference"}
        assert (f.stand_in_for is None) == (f.fidelity == "exact"), f.key
        if f.method == "uci":
            assert f.download["uci_id"] in (2, 45)
            assert f.url.startswith("https://archive.ics.uci.edu/") and f.download["member"]
        elif f.method == "https":
            assert f.url.startswith("https://")
        elif f.method == "convert":
            assert f.download["recipe"] in RECIPES
            assert re.fullmatch(
                r"https://raw\.githubusercontent\.com/[^/]+/[^/]+/[0-9a-f]{40}/.+", f.url
            ), f"{f.key}: source not commit-pinned"
            assert f.source.get("sha256") or f.source.get("git_blob"), f.key
            assert f.download["gzip"]["level"] == 9 and f.file.endswith(".gz")
        else:
            assert f.method == "mirror-only" and f.download["reason"] and f.url is None


#: The files that no publisher serves as they are, rebuilt from commit-pinned sources.
CONVERTED = {
    "sgsc_smart_meter/sgsc_cust50_halfhourly.csv.gz": "sgsc_smart_meter/sm_cust50.rds",
    "nyc_taxi/yellow_tripdata_2016-01_sample10k.csv.gz": "nyc_taxi/yellow_2016_01_sample.rda",
    "nyc_taxi/yellow_2015-01-09_binfer_32615.csv.gz": None,
    "redd/house_1_channel_1_head16686.dat.gz": None,
    "redd_house1/redd_house1_1min.csv.gz": "redd_house1/redd1.mat",
    "redd_house1/redd1_rows_per_minute.csv.gz": "redd_house1/redd1.mat",
}


def test_publisher_methods_match_the_datasets():
    by_key = {f.key: f for f in REGISTRY}
    assert by_key["adult/adult.data"].download["uci_id"] == 2
    assert by_key["heart_disease_hungarian/hungarian.data"].download["uci_id"] == 45
    assert by_key["ausgrid/customer12_2011-2012_GC_GG_kW.csv"].method == "https"
    assert {f.key for f in REGISTRY if f.method == "convert"} == set(CONVERTED)
    assert not [
        f.key for f in REGISTRY if f.method == "mirror-only"
    ]  # every file has a public route


def test_converted_files_name_their_verified_sources():
    for key, registered in CONVERTED.items():
        f = REGISTRY.get(*key.split("/", 1))
        if registered is not None:  # the source is itself registered: same URL and sha256
            src = REGISTRY.get(*registered.split("/", 1))
            assert f.source == {"registered": registered, "url": src.url, "sha256": src.sha256}
        else:  # commit-pinned on GitHub, checked by the blob id (offline-checkable)
            assert re.fullmatch(r"[0-9a-f]{40}", f.source["git_blob"]), key
    binfer = REGISTRY.get("nyc_taxi", "yellow_2015-01-09_binfer_32615.csv.gz")
    assert (
        "nicksolomon/binfer/11966a68e5968ef8502b03cfac7eb7dca5c58b0e/data/taxis.RData" in binfer.url
    )
    assert binfer.source["git_blob"] == "3a536756f2b68d06670e915216b8abff9d508a46"
    assert binfer.download["r_object"] == "taxis"
    redd = REGISTRY.get("redd", "house_1_channel_1_head16686.dat.gz")
    assert redd.source["sha256"] in redd.origin  # the uncompressed sha256 the origin states
    assert redd.download["gzip"] == {
        "name": None,
        "level": 9,
        "mem_level": 9,
        "os": 3,
        "sync_flush": False,
    }


def test_convert_entries_are_checked_when_the_registry_is_built():
    f = REGISTRY.get("sgsc_smart_meter", "sgsc_cust50_halfhourly.csv.gz")
    others = [g for g in REGISTRY if g.key != "sgsc_smart_meter/sm_cust50.rds"]
    with pytest.raises(ValueError, match="not a registered downloadable file"):
        Registry(REGISTRY.datasets, others)
    bad = replace(f, download={**f.download, "recipe": "unzip"})
    with pytest.raises(ValueError, match="unknown recipe 'unzip'"):
        Registry(REGISTRY.datasets, [bad])
    bare = replace(f, download={**f.download, "source": {"url": "https://example.org/x.rds"}})
    with pytest.raises(ValueError, match="sha256 or git_blob"):
        Registry(REGISTRY.datasets, [bare])


def test_stand_in_status():
    fid = {f.dataset: f.info.fidelity for f in REGISTRY}
    assert fid == {
        "adult": "exact",
        "heart_disease_hungarian": "exact",
        "sgsc_smart_meter": "stand-in",
        "ausgrid": "partial",
        "nyc_taxi": "stand-in",
        "redd": "partial",
        "redd_house1": "partial",
        "nilm_refit_ukdale": "stand-in",
    }
    assert "REDD" in REGISTRY.get("nilm_refit_ukdale", "REFIT_House2_2014-03.csv.gz").stand_in_for
    assert len(REGISTRY.select("nilm_refit_ukdale")) == 43
    assert (
        "Ausgrid" in REGISTRY.get("sgsc_smart_meter", "sgsc_cust50_halfhourly.csv.gz").stand_in_for
    )
    assert (
        "2014" in REGISTRY.get("nyc_taxi", "yellow_tripdata_2016-01_sample10k.csv.gz").stand_in_for
    )
    assert REGISTRY.get("nyc_taxi", "nyc_taxi_data_2014_head9.csv").fidelity == "partial"
    assert "1-s mains" in REGISTRY.get("redd_house1", "redd1.mat").stand_in_for


def test_select_by_dataset_and_file():
    assert [f.file for f in REGISTRY.select("adult")] == ["adult.data", "adult.test", "adult.names"]
    assert [f.key for f in REGISTRY.select(["redd", "adult/adult.test", "redd"])] == [
        "redd/house_1_channel_1_head16686.dat.gz",
        "adult/adult.test",
    ]
    assert len(REGISTRY.select(None)) == len(REGISTRY)
    with pytest.raises(ValueError, match="unknown dataset or file 'nope'"):
        REGISTRY.select("nope")
    with pytest.raises(KeyError):
        REGISTRY.get("adult", "nope")


def test_registry_rejects_duplicates_and_unknown_datasets():
    f = REGISTRY.get("redd", "house_1_channel_1_head16686.dat.gz")
    with pytest.raises(ValueError, match="twice"):
        Registry(REGISTRY.datasets, [f, f])
    with pytest.raises(ValueError, match="unknown dataset"):
        Registry({}, [f])


def test_load_registry_from_a_path(tmp_path):
    src = Path(__file__).resolve().parents[2] / "nsp" / "datasets" / "registry.json"
    copy = tmp_path / "r.json"
    copy.write_text(src.read_text())
    assert [f.key for f in load_registry(copy)] == [f.key for f in REGISTRY]


def test_sha256_file(tmp_path):
    p = tmp_path / "x"
    p.write_bytes(b"abc")
    assert sha256_file(p) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    p.write_bytes(b"abcd")  # size changes: the cache must not answer
    assert sha256_file(p) == "88d4266fd4e6338d13b845fcf289579d209c897823b9217da3e161936f031589"


@needs_mirror
def test_every_registered_file_is_in_the_mirror_with_its_hash_and_size():
    """A registered file missing from the mirror fails; extra mirror files are only reported."""
    extra = unregistered_mirror_files(MIRROR)
    if extra:
        warnings.warn(f"the mirror holds {len(extra)} unregistered file(s): {extra}", stacklevel=1)
    for f in REGISTRY:
        path = MIRROR / f.dataset / f.file
        assert path.stat().st_size == f.size, f.key
        assert sha256_file(path) == f.sha256, f.key


@needs_mirror
def test_registry_agrees_with_every_source_md():
    """Each file's SOURCE.md table row carries the registered sha256 and byte count."""
    for f in REGISTRY:
        text = (MIRROR / f.dataset / "SOURCE.md").read_text(encoding="utf-8")
        rows = [
            line
            for line in text.splitlines()
            if line.startswith("|") and f"| {f.file} |" in line and f.sha256 in line
        ]
        assert rows, f"{f.key}: sha256 not in the table of {f.dataset}/SOURCE.md"
        assert f"{f.size:,}" in rows[0], f"{f.key}: size {f.size:,} not in {rows[0]!r}"


def test_data_readme_lists_every_file_with_its_hash():
    readme = (Path(__file__).resolve().parents[2] / "data" / "README.md").read_text(
        encoding="utf-8"
    )
    for f in REGISTRY:
        row = next(
            (line for line in readme.splitlines() if line.startswith(f"| `{f.key}` |")), None
        )
        assert row is not None, f"{f.key} missing from data/README.md"
        assert f.sha256 in row and f"{f.size:,}" in row, f.key
        if f.method == "convert":
            assert "rebuilt" in row, f"{f.key}: the files table must say how it is rebuilt"
            assert f"`{f.key}`" in readme.split("## Rebuilding the converted files")[1], f.key
    assert "mirror only" not in readme.lower() and "shared/data" not in readme


def test_unregistered_mirror_files_are_listed_not_copied(tmp_path, monkeypatch):
    mirror = tmp_path / "mirror"
    (mirror / "redd").mkdir(parents=True)
    (mirror / "redd" / "house_1_channel_1_head16686.dat.gz").write_bytes(b"registered name")
    (mirror / "redd" / "SOURCE.md").write_text("notes")
    (mirror / "new_set").mkdir()
    (mirror / "new_set" / "a.csv").write_text("x\n1\n")
    assert unregistered_mirror_files(mirror) == ["new_set/a.csv"]
    with pytest.raises(FileNotFoundError, match=r"mirror: no such folder: .*absent"):
        unregistered_mirror_files(tmp_path / "absent")  # a mistyped mirror is not empty
    monkeypatch.setenv("NSP_DATA_MIRROR", str(tmp_path / "absent"))
    assert unregistered_mirror_files() == []  # the variable set for another machine


def test_a_missing_file_under_another_data_home_names_the_command_that_fills_it(tmp_path):
    """After --data-home X the suggested command fills X, not data/ (make data would)."""
    from nsp.datasets import DataUnavailableError, verify

    home = tmp_path / "my data"
    with pytest.raises(DataUnavailableError) as info:
        verify(["adult"], data_home=home, strict=True)
    assert f"nsp data fetch --data-home '{home}' adult" in str(info.value)
    assert "make data" not in str(info.value)
