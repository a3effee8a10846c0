"""``nsp compare``: the comparison on a user's CSV or Parquet file, from the command line.

One quick run on a small CSV written here is shared by the tests that read its outputs; the
Python call must write the same files, byte for byte. Bad input exits 2 with one line naming
the column and the rule; Ctrl-C leaves no output folder.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from nsp import cli
from nsp.cli import _commands
from nsp.notions import LEAKAGES, UTILITIES, WIN_STATUSES
from nsp.papers.compare import compare_table

QUICK = ["--quick", "--n-boot", "20", "--seed", "3"]

#: What each table of the folder holds, at least.
COLUMNS = {
    "counts.csv": {"disease", "age|smoker", "count"},
    "diagnostics.csv": {"dataset", "n_records", "n_cells", "unseen_mass", "warning", "message"},
    "methods.csv": {"method", "family", "releases", "ran", "reason"},
    "evaluations.csv": {"dataset", "method", "mutual_information", "mutual_information_low"}
    | {"information_loss", "information_loss_high", *LEAKAGES},
    "best.csv": {"utility_kind", "leakage_notion", "loss_from", "loss_to", "best", "status"},
    "shares.csv": {"utility_kind", "leakage_notion", "method", "share"},
    "reversals.csv": {"status"},
    "undefined.csv": {"method", "notion", "status", "reason"},
    "frontiers_information_loss.csv": {"leakage_notion", "method", "loss", "leakage"},
}


def _write_records(path: Path, n: int = 300) -> pd.DataFrame:
    rng = np.random.default_rng(1)
    age = rng.choice([20, 30, 40, 50], n)
    smoker = rng.choice(["no", "yes"], n)
    p = 0.15 + 0.15 * (age > 35) + 0.4 * (smoker == "yes")
    df = pd.DataFrame(
        {"disease": np.where(rng.random(n) < p, "yes", "no"), "age": age, "smoker": smoker}
    )
    df.to_csv(path, index=False)
    return df


@pytest.fixture(scope="session")
def run(tmp_path_factory):
    """``nsp compare records.csv --secret disease --public age,smoker --quick``, run once."""
    folder = tmp_path_factory.mktemp("compare")
    _write_records(folder / "records.csv")
    out = folder / "out"
    stdout = io.StringIO()
    with contextlib.redirect_stdout(stdout):
        code = cli.main(
            [
                "compare",
                str(folder / "records.csv"),
                "--secret",
                "disease",
                "--public",
                "age,smoker",
                "--out",
                str(out),
                *QUICK,
            ]
        )
    return folder, out, code, stdout.getvalue()


def test_compare_writes_the_tables_figures_and_report(run):
    folder, out, code, stdout = run
    assert code == 0
    assert f"wrote 13 files to {out}" in stdout and "300 records" in stdout
    names = sorted(p.name for p in out.iterdir())
    assert names == sorted(
        [
            *COLUMNS,
            "frontiers_hamming_distortion.csv",
            "frontiers_information_loss.png",
            "frontiers_hamming_distortion.png",
            "report.md",
        ]
    )
    for name, columns in COLUMNS.items():
        header = set(pd.read_csv(out / name, nrows=0).columns)
        assert columns <= header, (name, columns - header)
    for png in out.glob("*.png"):
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    best = pd.read_csv(out / "best.csv")
    assert set(best.status) <= set(WIN_STATUSES)
    assert set(best.utility_kind) == {"information_loss", "hamming_distortion"}
    report = (out / "report.md").read_text(encoding="utf-8")
    assert "S = `disease`, X = (`age`, `smoker`)" in report
    assert "| records | 300 |" in report
    for status in set(best.status):
        assert f"* **{status}**: {WIN_STATUSES[status]}" in report
    assert UTILITIES["information_loss"] in report
    assert "not run: needs an ordered X" in report  # two public columns: no order
    assert not [p for p in folder.iterdir() if p.name.startswith(".nsp-tmp-")]


def test_the_python_call_writes_the_same_files(run, tmp_path):
    """The one Python call is the command: the same files, byte for byte (PNG included),
    here with a prefix into a folder that has files of its own, which stay."""
    folder, out, _, _ = run
    (tmp_path / "mine.txt").write_text("kept")
    res = compare_table(
        folder / "records.csv",
        secret="disease",
        public=["age", "smoker"],
        out=tmp_path,
        quick=True,
        n_boot=20,
        seed=3,
        prefix="t_",
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*res.files, "mine.txt"])
    assert (tmp_path / "mine.txt").read_text() == "kept"
    for name in sorted(p.name for p in out.iterdir()):
        mine = (tmp_path / f"t_{name}").read_bytes()
        if name == "report.md":  # it lists the files, by their names
            mine = mine.replace(b"`t_", b"`")
        assert mine == (out / name).read_bytes(), name
    assert res.report == (tmp_path / "t_report.md").read_text(encoding="utf-8")


def test_parquet_gives_the_tables_of_the_csv(run, tmp_path):
    pytest.importorskip("pyarrow")
    folder, out, _, _ = run
    pd.read_csv(folder / "records.csv").to_parquet(tmp_path / "records.parquet")
    res = compare_table(
        tmp_path / "records.parquet",
        secret="disease",
        public=["age", "smoker"],
        quick=True,
        n_boot=20,
        seed=3,
    )
    assert res.joint.name == "records"
    evaluations = pd.read_csv(out / "evaluations.csv")
    pd.testing.assert_series_equal(
        res.evaluations["mutual_information"].round(9),
        evaluations["mutual_information"].round(9),
    )
    assert res.best["status"].tolist() == pd.read_csv(out / "best.csv")["status"].tolist()


@pytest.mark.parametrize(
    "args, message",
    [
        (["--secret", "illness", "--public", "age"], "secret column 'illness' is not in the table"),
        (["--secret", "disease", "--public", "age,smokes"], "public column 'smokes' is not in"),
        (["--secret", "disease", "--public", "disease"], "is also a public column"),
        (["--secret", "disease", "--public", "age,"], "--public must be column names"),
        (["--secret", "disease", "--public", "age", "--n-boot", "3"], "n_boot must be"),
        (["--secret", "disease", "--public", "age", "--max-values", "3"], "more than max_values=3"),
    ],
)
def test_bad_input_exits_2_with_one_line(run, args, message, capsys, tmp_path):
    folder = run[0]
    out = tmp_path / "out"
    code = cli.main(["compare", str(folder / "records.csv"), "--out", str(out), *QUICK, *args])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("nsp compare: error: ") and message in err
    assert err.count("\n") == 1 and not out.exists()


def test_a_missing_value_is_counted_and_named(tmp_path, capsys):
    df = _write_records(tmp_path / "r.csv", n=40)
    df.loc[[3, 7], "smoker"] = None
    df.to_csv(tmp_path / "r.csv", index=False)
    args = ["--secret", "disease", "--public", "age,smoker", "--out", str(tmp_path / "o")]
    assert cli.main(["compare", str(tmp_path / "r.csv"), *args]) == 2
    assert "missing values in column 'smoker' (2 of 40 records)" in capsys.readouterr().err
    assert not (tmp_path / "o").exists()


def test_ctrl_c_leaves_no_output_folder(run, tmp_path, monkeypatch, capsys):
    import nsp.papers.compare._table as table

    def interrupted(*args, **kwargs):  # Ctrl-C while the figures are drawn
        raise KeyboardInterrupt

    monkeypatch.setattr(table, "frontier_figure", interrupted)
    out = tmp_path / "out"
    args = ["--secret", "disease", "--public", "age", "--out", str(out), *QUICK]
    assert cli.main(["compare", str(run[0] / "records.csv"), *args]) == 130
    assert "interrupted; nothing was written to" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []  # neither the folder nor a temporary one
    out.mkdir()
    (out / "report.md").write_text("an older report")
    assert cli.main(["compare", str(run[0] / "records.csv"), *args]) == 130
    assert [p.name for p in out.iterdir()] == ["report.md"]
    assert (out / "report.md").read_text() == "an older report"


def test_the_default_folder_is_named_after_the_table(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert _commands._default_out("data/my records.v2.csv") == tmp_path / "compare_my_records"
    assert _commands._default_out("parts/*.parquet") == tmp_path / "compare_table"


def test_help_documents_compare(capsys):
    with pytest.raises(SystemExit):
        cli.main(["compare", "--help"])
    out = capsys.readouterr().out
    for flag in ("--secret", "--public", "--out", "--ci", "--n-boot", "--quick", "--engine"):
        assert flag in out
