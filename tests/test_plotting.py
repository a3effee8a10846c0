"""savefig: deterministic bytes, CSV beside the figure, no partial output on bad input."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
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
        env = {"NSP_FIGURES_DIR": str(tmp_path / run), "PYTHONHASHSEED": "random", "PATH": "/usr/bin:/bin"}
        subprocess.run([sys.executable, "-c", SCRIPT], check=True, env=env)
        outputs.append({f: (tmp_path / run / "demo" / f"proc.{f}").read_bytes() for f in ("png", "pdf", "svg")})
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
