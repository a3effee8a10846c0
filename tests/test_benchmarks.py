"""The benchmark runner (``python -m benchmarks``): help that runs nothing, clear refusals,
and an anchor's failure reported in its row instead of a crash. Timings are not tested here."""

from __future__ import annotations

import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "benchmarks", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_help_lists_every_file_and_runs_nothing():
    out = _run("--help")
    assert out.returncode == 0
    for path in sorted((ROOT / "benchmarks").glob("bench_*.py")):
        assert f"  {path.stem.removeprefix('bench_')} " in out.stdout
    assert "file(s), load average" not in out.stdout  # nothing ran
    assert "--quick" in out.stdout


def test_a_files_help_shows_its_options_without_running_it():
    out = _run("scale", "--help")
    assert out.returncode == 0 and "--size 1e8" in out.stdout and "--pairs" in out.stdout
    assert "file(s), load average" not in out.stdout  # the line a run starts with


def test_an_unknown_file_is_refused_with_the_list():
    out = _run("no_such_bench")
    assert out.returncode == 2
    assert "no benchmark file matches no_such_bench" in out.stdout
    assert "ratedistortion" in out.stdout


def test_an_anchor_that_fails_is_a_note_in_its_row(capsys):
    from benchmarks import bench_ratedistortion as bench
    from benchmarks._timing import Row

    bench._ANCHOR_FAILURES.extend(["solver error", "optimal_inaccurate", "solver error"])
    rows: list[Row] = []
    bench._add(rows, Row("Γ(D), 1 solver pt", 0.1, 0.2, bench.AGAINST, 1.0))
    assert rows[0].note == "anchor not optimal: solver error x2, optimal_inaccurate x1"
    assert not bench._ANCHOR_FAILURES  # counted once, in this row
    bench._add(rows, Row("next", 0.1))
    assert rows[1].note == ""


def test_quick_mode_prints_the_rows_but_misses_no_target(monkeypatch, capsys):
    from benchmarks import _timing

    slow = _timing.Row("too slow", 2.0, 1.0, "naive", min_ratio=5.0, max_seconds=1.0)
    monkeypatch.setattr(_timing, "MISSED", [])
    monkeypatch.setattr(_timing, "QUICK", True)
    assert _timing.report("table", [slow]) == 0
    assert _timing.MISSED == []
    out = capsys.readouterr().out
    assert "== table (quick: sizes shrunk, targets not checked)" in out
    assert "too slow" in out and "MISSED" not in out
    monkeypatch.setattr(_timing, "QUICK", False)
    assert _timing.report("table", [slow]) == 1
    assert _timing.MISSED == [("table", slow)]
    assert "MISSED" in capsys.readouterr().out


def test_quick_mode_is_the_option_or_the_environment():
    code = "from benchmarks import _timing; print(_timing.QUICK)"
    run = [sys.executable, "-c", code]
    env = {k: v for k, v in os.environ.items() if k != "NSP_BENCH_QUICK"}
    kw = dict(cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert subprocess.run(run, env=env, **kw).stdout.strip() == "False"
    assert subprocess.run([*run, "--quick"], env=env, **kw).stdout.strip() == "True"
    quick_env = {**env, "NSP_BENCH_QUICK": "1"}
    assert subprocess.run(run, env=quick_env, **kw).stdout.strip() == "True"


def test_every_file_says_what_quick_mode_shrinks():
    for path in sorted((ROOT / "benchmarks").glob("bench_*.py")):
        doc = path.read_text(encoding="utf-8").split('"""', 2)[1]
        assert "Quick (``--quick``): " in doc, path.name
        assert "QUICK" in path.read_text(encoding="utf-8"), path.name


def test_growth_skips_a_size_whose_extrapolated_time_passes_the_cap(monkeypatch):
    from benchmarks import bench_growth as bench

    now = [0.0]

    def fake_fit(joint, *, families):
        now[0] += (joint.n_x / 100.0) ** 2  # quadratic: 1.64 s, 26.2 s, 419 s
        return [None] * 3

    monkeypatch.setattr(bench, "SIZES", (128, 512, 2048))
    monkeypatch.setattr(bench, "CAP", 200.0)  # 2 x 512: 105 s by n^3, run
    monkeypatch.setattr(bench, "clock", lambda: now[0])
    monkeypatch.setattr(bench, "all_methods", fake_fit)
    rows = bench.family_rows("equivocation")
    assert [r.ours for r in rows[:2]] == pytest.approx([1.6384, 26.2144])
    assert "n^2.00 so far" in rows[1].note
    assert rows[2].ours == math.inf and not rows[2].ok  # 419 s extrapolated > 200 s
    assert rows[2].note.startswith("not run: about 419 s extrapolated (n^2.0)")
    assert rows[1].max_seconds == 30.0 and rows[1].ok  # 26 s within the 30 s of 2 x 512


def test_growth_family_option_selects_families():
    from benchmarks import bench_growth as bench
    from nsp.notions import FAMILIES

    assert bench.families([]) == list(FAMILIES)
    assert bench.families(["--quick", "--family", "funnel"]) == ["funnel"]
    two = bench.families(["--family=funnel,equivocation"])
    assert sorted(two) == ["equivocation", "funnel"]
    with pytest.raises(SystemExit, match="unknown nope"):
        bench.families(["--family", "nope"])
