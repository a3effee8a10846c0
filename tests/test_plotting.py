"""savefig: deterministic bytes, CSV beside the figure, no partial output on bad input."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402

from nsp import plotting  # noqa: E402


def _figure() -> tuple[plt.Figure, pd.DataFrame]:
    plotting.use_style()
    frame = pd.DataFrame({"x": [0.0, 1.0, 2.0], "y": [0.0, 1.0 / 3.0, 4.0]})
    fig, ax = plt.subplots()
    ax.plot(frame.x, frame.y, marker="o", label="y")
    ax.set(title="A title with text", xlabel="x [bits]", ylabel="y")
    ax.legend()
    return fig, frame


def test_savefig_writes_every_format_and_the_csv(tmp_path, monkeypatch):
    monkeypatch.setenv("NSP_FIGURES_DIR", str(tmp_path))
    fig, frame = _figure()
    written = plotting.savefig(fig, "demo/line", data=frame, close=True)
    assert set(written) == {"png", "pdf", "svg", "csv"}
    assert all(p.parent == tmp_path / "demo" and p.stat().st_size > 0 for p in written.values())
    back = pd.read_csv(written["csv"])
    pd.testing.assert_frame_equal(back, frame, check_dtype=False, rtol=1e-11)
    assert not [p for p in (tmp_path / "demo").iterdir() if p.name.startswith(".")]


def test_saving_twice_gives_identical_bytes(tmp_path, monkeypatch):
    outputs = []
    for run in ("a", "b"):
        monkeypatch.setenv("NSP_FIGURES_DIR", str(tmp_path / run))
        fig, frame = _figure()
        written = plotting.savefig(fig, "demo/line", data=frame, close=True)
        outputs.append({k: p.read_bytes() for k, p in written.items()})
    for fmt in ("png", "pdf", "svg", "csv"):
        assert outputs[0][fmt] == outputs[1][fmt], fmt


def test_a_path_key_writes_the_same_files_into_any_folder(tmp_path, monkeypatch):
    """A Path (no extension) is the stem of the files, anywhere: the same bytes as a key."""
    monkeypatch.setenv("NSP_FIGURES_DIR", str(tmp_path / "figures"))
    fig, frame = _figure()
    by_key = plotting.savefig(fig, "demo/line", data=frame)
    (tmp_path / "mine").mkdir()
    by_path = plotting.savefig(fig, tmp_path / "mine" / "line", data=frame, close=True)
    assert {k: p.name for k, p in by_path.items()} == {k: p.name for k, p in by_key.items()}
    assert all(p.parent == tmp_path / "mine" for p in by_path.values())
    for fmt in by_key:
        assert by_path[fmt].read_bytes() == by_key[fmt].read_bytes(), fmt
    fig, frame = _figure()
    with pytest.raises(ValueError, match="path without extension"):
        plotting.savefig(fig, tmp_path / "mine" / "other.png", data=frame)
    plt.close(fig)
    assert not (tmp_path / "mine" / "other.png").exists()


SCRIPT = """
import sys, matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from nsp import plotting
plotting.use_style()
fig, ax = plt.subplots()
ax.plot([0, 1, 2], [2, 0, 1], label="a")
ax.set_title("same figure, another process")
ax.legend()
plotting.savefig(fig, "demo/proc")
"""


def test_identical_bytes_across_processes(tmp_path):
    """Determinism must not depend on in-process state (ids, dates, hash seeds)."""
    outputs = []
    for run in ("a", "b"):
        env = {
            "NSP_FIGURES_DIR": str(tmp_path / run),
            "PYTHONHASHSEED": "random",
            "PATH": "/usr/bin:/bin",
        }
        subprocess.run([sys.executable, "-c", SCRIPT], check=True, env=env)
        outputs.append(
            {f: (tmp_path / run / "demo" / f"proc.{f}").read_bytes() for f in ("png", "pdf", "svg")}
        )
    assert outputs[0] == outputs[1]


@pytest.mark.parametrize("key", ["noslash", "a/b/c", "../x", "a/b.png", "/abs", "a/"])
def test_bad_keys_write_nothing(tmp_path, monkeypatch, key):
    monkeypatch.setenv("NSP_FIGURES_DIR", str(tmp_path))
    fig, frame = _figure()
    with pytest.raises(ValueError, match="figure key"):
        plotting.savefig(fig, key, data=frame)
    plt.close(fig)
    assert list(Path(tmp_path).rglob("*")) == []


def test_bad_data_and_formats_write_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("NSP_FIGURES_DIR", str(tmp_path))
    fig, frame = _figure()
    with pytest.raises(ValueError, match="DataFrame"):
        plotting.savefig(fig, "demo/x", data=[1, 2, 3])
    with pytest.raises(ValueError, match="formats"):
        plotting.savefig(fig, "demo/x", formats=("png", "jpg"))
    plt.close(fig)
    assert list(Path(tmp_path).rglob("*")) == []


def test_mark_stand_in_requires_text():
    fig = plt.figure()
    with pytest.raises(ValueError, match="stand-in"):
        plotting.mark_stand_in(fig, "  ")
    plt.close(fig)


def test_written_files_get_ordinary_permissions(tmp_path, monkeypatch):
    """Atomic writes must not leave mkstemp's private 0600 mode on figures and tables."""
    import os

    monkeypatch.setenv("NSP_FIGURES_DIR", str(tmp_path))
    mask = os.umask(0o022)
    try:
        fig, frame = _figure()
        written = plotting.savefig(fig, "demo/mode", data=frame, close=True)
    finally:
        os.umask(mask)
    assert {oct(p.stat().st_mode & 0o777) for p in written.values()} == {oct(0o644)}


def test_certified_rounds_through_decimal_text_and_keeps_other_columns():
    from nsp.plotting import certified

    frame = pd.DataFrame(
        {
            "a": [0.1 + 0.2, -1e-17, np.nan, np.inf, 2.675],
            "b": [123456.789, 1 / 3, 0.0, -0.0, 1e-30],
            "c": [1.23456789012345, 2.0, 3.0, 4.0, 5.0],
            "n": [1, 2, 3, 4, 5],
            "s": list("vwxyz"),
        }
    )
    out = certified(frame, decimals={"a": 2}, sig={"b": 3})
    assert out["a"].tolist()[:2] == [0.3, 0.0] and np.isnan(out["a"][2]) and out["a"][3] == np.inf
    assert out["a"][4] == 2.67  # 2.675 is stored below ...675: correct rounding of the double
    assert np.signbit(out["a"]).sum() == 0  # no -0
    assert out["b"].tolist() == [123000.0, 0.333, 0.0, 0.0, 1e-30]
    assert out["c"][0] == 1.23456789  # default: 10 significant digits
    assert out["n"].tolist() == [1, 2, 3, 4, 5] and out["s"].tolist() == list("vwxyz")
    assert frame["c"][0] == 1.23456789012345  # the input is not modified
    # idempotent: rounding again changes nothing
    pd.testing.assert_frame_equal(certified(out, decimals={"a": 2}, sig={"b": 3}), out)


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"decimals": {"zz": 2}}, "no column 'zz'"),
        ({"decimals": {"n": 2}}, "not float"),
        ({"decimals": {"a": 2}, "sig": {"a": 3}}, "both"),
        ({"sig": {"a": 0}}, r"in \[1, 17\]"),
        ({"decimals": {"a": 2.0}}, "must be an int"),
        ({"decimals": {"a": True}}, "must be an int"),
        ({"default_sig": 30}, "default_sig"),
    ],
)
def test_certified_rejects_bad_rules(kwargs, match):
    from nsp.plotting import certified

    with pytest.raises(ValueError, match=match):
        certified(pd.DataFrame({"a": [0.5], "n": [1]}), **kwargs)


def test_write_csv_keeps_at_most_ten_significant_digits(tmp_path):
    from nsp.plotting import write_csv

    target = write_csv(pd.DataFrame({"x": [1 / 3, 1.0, -0.0], "k": [1, 2, 3]}), tmp_path / "t.csv")
    assert target.read_text() == "x,k\n0.3333333333,1\n1,2\n0,3\n"


def test_use_style_takes_the_colour_cycle_from_seaborn_colorblind():
    import seaborn as sns

    plotting.use_style()
    colors = matplotlib.rcParams["axes.prop_cycle"].by_key()["color"]
    assert colors == sns.color_palette("colorblind").as_hex()
    assert matplotlib.rcParams["pdf.fonttype"] == 42  # the rest of the style sheet still applies
    assert "prop_cycle" not in "".join(
        line
        for line in plotting.STYLE.read_text().splitlines()
        if not line.lstrip().startswith("#")
    )
