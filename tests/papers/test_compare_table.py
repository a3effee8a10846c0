"""The comparison on a user's own table: counts, the joint, the pipeline, bad input, files.

The count table is checked against a count over the rows in plain Python; the joint of the
census table against :func:`nsp.papers.compare.census_income_joint`, and the one call against
the notebooks' own pipeline (the same frames, exactly); both engines against each other; every
rule on the input by the column and the rule its error names. The command ``nsp compare`` is
tested in ``tests/test_cli_compare.py``.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from nsp.datasets import cell_counts
from nsp.joint import Joint
from nsp.notions import (
    WIN_STATUSES,
    all_methods,
    best_methods_summary,
    definedness,
    evaluate_methods,
    reversals,
    winner_shares,
)
from nsp.papers.compare import MAX_VALUES, TableComparison, compare_table


def _records(n: int = 240, seed: int = 0) -> pd.DataFrame:
    """A small table in which the secret depends on both public columns."""
    rng = np.random.default_rng(seed)
    age = rng.choice([20, 30, 40, 50], n)
    smoker = rng.choice(["no", "yes"], n)
    p = 0.15 + 0.15 * (age > 35) + 0.4 * (smoker == "yes")
    disease = np.where(rng.random(n) < p, "yes", "no")
    return pd.DataFrame({"disease": disease, "age": age, "smoker": smoker})


@pytest.fixture(scope="session")
def small() -> TableComparison:
    """One quick comparison of the small table, shared by the tests that only read it."""
    return compare_table(
        _records(), secret="disease", public=["age", "smoker"], quick=True, n_boot=20
    )


# --------------------------------------------------------------------------- counting


@pytest.mark.parametrize("seed", range(5))
def test_cell_counts_equal_a_count_over_the_rows(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 300))
    df = pd.DataFrame(
        {
            "a": rng.integers(0, 4, n),
            "b": rng.choice(["x", "y", "z"], n),
            "c": rng.choice([0.5, -1.0, 2.25], n),
        }
    )
    got = cell_counts(df, ["a", "b", "c"])
    want = Counter(zip(df.a, df.b, df.c, strict=True))
    assert got.to_dict() == dict(want)
    assert list(got.index) == sorted(want)  # sorted, only observed combinations
    assert (
        got.dtype == np.int64 and got.name == "count" and list(got.index.names) == ["a", "b", "c"]
    )
    one = cell_counts(df, "b")
    assert one.to_dict() == dict(Counter(df.b)) and one.index.name == "b"


def test_cell_counts_refuse_missing_values_by_column_or_drop_them():
    df = pd.DataFrame({"a": [1.0, None, 2.0, None], "b": ["x", "y", None, "x"], "c": [1, 2, 3, 4]})
    with pytest.raises(ValueError, match=r"columns 'a' \(2 of 4 records\), 'b' \(1 of 4 records\)"):
        cell_counts(df, ["a", "b", "c"])
    assert cell_counts(df, ["a", "b"], missing="drop").to_dict() == {(1.0, "x"): 1}
    assert cell_counts(df, ["c"]).sum() == 4  # the other columns' gaps do not matter
    with pytest.raises(ValueError, match="no record left"):
        cell_counts(df.iloc[[1, 2]], ["a", "b"], missing="drop")
    with pytest.raises(ValueError, match=r"missing \['d'\]"):
        cell_counts(df, ["a", "d"])
    with pytest.raises(ValueError, match="distinct"):
        cell_counts(df, ["a", "a"])


def test_categorical_columns_keep_the_order_of_their_categories():
    df = pd.DataFrame(
        {"level": pd.Categorical(["low", "high", "mid", "low"], ["low", "mid", "high"])}
    )
    assert list(cell_counts(df, "level").index) == ["low", "mid", "high"]


def test_the_dask_engine_counts_as_pandas_does(tmp_path):
    dd = pytest.importorskip("dask.dataframe")
    df = _records(500, seed=3)
    for i, start in enumerate((0, 170, 340)):
        df.iloc[start : start + 170].to_csv(tmp_path / f"part-{i}.csv", index=False)
    glob = str(tmp_path / "part-*.csv")
    want = cell_counts(df, ["disease", "age", "smoker"])
    got = cell_counts(glob, ["disease", "age", "smoker"], engine="dask")
    pd.testing.assert_series_equal(got, want, check_index_type=False)  # str dtypes differ
    frame = dd.from_pandas(df.assign(age=df.age.astype(float).mask(df.index % 50 == 0)), 4)
    with pytest.raises(ValueError, match=r"'age' \(10 of 500 records\)"):
        cell_counts(frame, ["disease", "age"], engine="dask")
    # and the whole comparison: the same joint, the same numbers
    a = compare_table(
        df, secret="disease", public=["age", "smoker"], quick=True, n_boot=10, name="t"
    )
    b = compare_table(
        glob,
        secret="disease",
        public=["age", "smoker"],
        quick=True,
        n_boot=10,
        name="t",
        engine="dask",
    )
    np.testing.assert_array_equal(a.joint.counts, b.joint.counts)
    assert (a.joint.s_labels, a.joint.x_labels) == (b.joint.s_labels, b.joint.x_labels)
    pd.testing.assert_frame_equal(a.evaluations, b.evaluations)


# --------------------------------------------------------------------------- the joint


def test_the_joint_is_the_table_of_the_records(small):
    df = _records()
    j = small.joint
    assert isinstance(j, Joint) and j.n_records == len(df) and not j.ordered
    assert j.s_name == "disease" and j.x_name == "age|smoker" and j.s_labels == ("no", "yes")
    combos = sorted(set(zip(df.age, df.smoker, strict=True)))
    assert j.x_labels == tuple(f"{a}|{s}" for a, s in combos)
    for s_i, s in enumerate(j.s_labels):
        for x_i, (a, sm) in enumerate(combos):
            n = int(((df.disease == s) & (df.age == a) & (df.smoker == sm)).sum())
            assert j.counts[s_i, x_i] == n


def test_one_numeric_public_column_is_an_ordered_x():
    df = _records()
    res = compare_table(df, secret="disease", public="age", quick=True, n_boot=10)
    assert res.joint.ordered and res.joint.x_values.tolist() == [20.0, 30.0, 40.0, 50.0]
    assert res.utilities == ("information_loss", "hamming_distortion", "numeric_distortion")
    assert res.methods.ran.all()  # the quantizer, the exponential mechanism, intervals too
    assert "numeric_distortion" in set(res.best.utility_kind)
    text = compare_table(df, secret="age", public="smoker", quick=True, n_boot=10)
    assert not text.joint.ordered and not text.methods.ran.all()


def test_the_methods_an_unordered_x_cannot_run_say_why(small):
    not_run = small.methods[~small.methods.ran]
    assert set(not_run.method) == {
        "linear quantizer (Farokhi)",
        "exponential mechanism (local DP)",
        "k-anonymity, intervals",
    }
    assert (not_run.reason == "needs an ordered X: a single numeric public column").all()
    assert (not_run.releases == 0).all() and (small.methods[small.methods.ran].releases > 0).all()
    for method in not_run.method:
        assert f"| {method} | 0 | not run: needs an ordered X" in small.report


# --------------------------------------------------------------------------- one call


def test_one_call_is_the_notebooks_pipeline(small):
    """The tables are those of the notebooks' steps run by hand on the same joint."""
    j = small.joint
    frame = evaluate_methods(all_methods(j, quick=True), j, ci=0.95, n_boot=20, seed=0)
    pd.testing.assert_frame_equal(small.evaluations, frame)
    utilities = ("information_loss", "hamming_distortion")
    best = best_methods_summary(frame, utilities=utilities)
    pd.testing.assert_frame_equal(small.best, best)
    pd.testing.assert_frame_equal(small.shares, winner_shares(best))
    pd.testing.assert_frame_equal(small.reversals, reversals(frame, utilities=utilities))
    assert set(small.undefined.method) <= set(definedness(frame).method)
    assert set(small.best.status) <= set(WIN_STATUSES)
    assert small.diagnostics.loc[0, "n_records"] == 240 and small.files == {}


@pytest.mark.data
def test_the_census_table_gives_the_census_joint_and_its_comparison():
    """The census records as a table (S = income, X = age decade, sex, education) give the
    comparison's census joint, and the one call the frames of notebook compare/01_census."""
    from nsp.papers.compare import census_income_joint, census_table

    table = census_table()
    res = compare_table(
        table,
        secret="income",
        public=["age", "sex", "education"],
        quick=True,
        n_boot=10,
        name="census",
    )
    want = census_income_joint()
    np.testing.assert_array_equal(res.joint.counts, want.counts)
    assert (res.joint.s_labels, res.joint.x_labels) == (want.s_labels, want.x_labels)
    frame = evaluate_methods(all_methods(want, quick=True), want, ci=0.95, n_boot=10, seed=0)
    pd.testing.assert_frame_equal(res.evaluations, frame)


# --------------------------------------------------------------------------- bad input


def _bad_tables(tmp_path: Path) -> dict[str, tuple[object, dict, str]]:
    df = _records(60)
    ids = pd.DataFrame({"disease": df.disease.tolist() * 1667, "id": range(60 * 1667)})
    wide = pd.DataFrame({"s": [0, 1] * 300, "a": np.arange(600) % 150, "b": np.arange(600) % 4})
    (tmp_path / "table.xlsx").write_bytes(b"PK\x03\x04 not a table")
    (tmp_path / "broken.parquet").write_bytes(b"not parquet at all")
    return {
        "unknown secret": (
            df,
            {"secret": "illness", "public": ["age"]},
            r"secret column 'illness' is not in the table; "
            r"its columns are 'disease', 'age', 'smoker'",
        ),
        "unknown public": (
            df,
            {"secret": "disease", "public": ["age", "smokes"]},
            r"public column 'smokes' is not in the table",
        ),
        "secret is public": (
            df,
            {"secret": "age", "public": ["age", "smoker"]},
            r"secret column 'age' is also a public column",
        ),
        "one secret value": (
            df.assign(disease="no"),
            {"secret": "disease", "public": ["age"]},
            r"secret column 'disease' takes one value \('no'\) in all 60 records: "
            r"a secret needs at least two values",
        ),
        "one public value": (
            df.assign(smoker="no"),
            {"secret": "disease", "public": ["smoker"]},
            r"public column 'smoker' takes one value in all 60 records: X needs at least two",
        ),
        "1e5 values": (
            ids,
            {"secret": "disease", "public": ["id"]},
            r"public column 'id' has 100,020 distinct values, "
            rf"more than max_values={MAX_VALUES}: bin it",
        ),
        "secret values": (
            ids,
            {"secret": "id", "public": ["disease"]},
            r"secret column 'id' has 100,020 distinct values, "
            rf"more than max_values={MAX_VALUES}: bin it",
        ),
        "combinations": (
            wide,
            {"secret": "s", "public": ["a", "b"]},
            r"public columns \['a', 'b'\] take 300 combinations \(the letters of X\), "
            r"more than max_values=200",
        ),
        "missing": (
            df.assign(age=df.age.where(df.index % 20 != 0)),
            {"secret": "disease", "public": ["age", "smoker"]},
            r"missing values in column 'age' \(3 of 60 records\): "
            r"drop those records or fill them in",
        ),
        "empty": (df.iloc[:0], {"secret": "disease", "public": ["age"]}, r"table has no records"),
        "extension": (
            tmp_path / "table.xlsx",
            {"secret": "disease", "public": ["age"]},
            r"table must be a CSV \(\.csv, \.csv\.gz\) or Parquet \(\.parquet, \.pq\) file; "
            r"got .*table\.xlsx",
        ),
        "unreadable": (
            tmp_path / "broken.parquet",
            {"secret": "disease", "public": ["age"]},
            r"table: could not read .*broken\.parquet as PARQUET",
        ),
    }


CASES = [
    "unknown secret",
    "unknown public",
    "secret is public",
    "one secret value",
    "one public value",
    "1e5 values",
    "secret values",
    "combinations",
    "missing",
    "empty",
    "extension",
    "unreadable",
]


@pytest.mark.parametrize("case", CASES)
def test_bad_input_names_the_column_and_the_rule(case, tmp_path, monkeypatch):
    import nsp.papers.compare._table as mod

    def never(*args, **kwargs):
        raise AssertionError("a method ran on bad input")

    monkeypatch.setattr(mod, "all_methods", never)  # every rule is checked before the methods
    table, kwargs, message = _bad_tables(tmp_path)[case]
    out = tmp_path / "out"
    with pytest.raises(ValueError, match=message):
        compare_table(table, out=out, **kwargs)
    assert not out.exists()


def test_a_missing_file_is_named(tmp_path):
    with pytest.raises(FileNotFoundError, match="no such file: .*none.csv"):
        compare_table(tmp_path / "none.csv", secret="a", public="b")


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"secret": "", "public": ["age"]}, "secret must be a column name"),
        ({"secret": "disease", "public": []}, "public must name at least one column"),
        (
            {"secret": "disease", "public": ["age", "age"]},
            r"public names the column\(s\) \['age'\] more",
        ),
        ({"secret": "disease", "public": ["age"], "ci": 1.0}, "ci must be"),
        ({"secret": "disease", "public": ["age"], "n_boot": 5}, "n_boot must be"),
        ({"secret": "disease", "public": ["age"], "prefix": "a/b"}, "prefix must be"),
        ({"secret": "disease", "public": ["age"], "engine": "spark"}, "engine must be"),
        ({"secret": "disease", "public": ["age"], "max_values": 1}, "max_values must be"),
    ],
)
def test_bad_options_are_refused_by_name(kwargs, message):
    with pytest.raises(ValueError, match=message):
        compare_table(_records(20), **kwargs)


def test_the_engine_must_match_the_table(tmp_path):
    pytest.importorskip("dask.dataframe")
    with pytest.raises(ValueError, match="engine='pandas'"):
        compare_table(_records(20), secret="disease", public="age", engine="dask")
