"""nsp.papers: the paper registry and the one "paper vs ours" table builder."""

from __future__ import annotations

import importlib

import numpy as np
import pytest

from nsp.papers import PAPERS, paper_vs_ours
from nsp.paths import project_root


def test_paper_keys_are_the_modules_and_the_notebook_and_figure_folders():
    root = project_root()
    assert PAPERS[-1] == "compare"  # the comparison is a paper-like key
    for key in PAPERS:
        assert (root / "notebooks" / key).is_dir(), key
        assert (root / "figures" / key).is_dir(), key
        module = importlib.import_module(f"nsp.papers.{key}")
        assert module.__all__, key


def test_paper_vs_ours_tolerances_sequences_and_labels():
    paper = {("E1", "I"): 0.716920, ("E1", "pair"): (2, 1), ("E1", "groups"): "{0}{1}"}
    ours = {
        ("E1", "I"): 0.7169204,
        ("E1", "pair"): np.array([2.0, 1.0]),
        ("E1", "groups"): "{0}{1}",
    }
    table = paper_vs_ours(
        paper, ours, tol=5e-7, names=("example", "quantity"), notes={("E1", "I"): "ok"}
    )
    assert list(table.columns) == ["example", "quantity", "paper", "ours", "agrees", "note"]
    assert table["agrees"].tolist() == [True, True, True]
    assert table["ours"].tolist() == [0.71692, "(2.0, 1.0)", "{0}{1}"]
    assert table["note"].tolist() == ["ok", "", ""]
    strict = paper_vs_ours(paper, ours, names=("example", "quantity"))
    assert strict["agrees"].tolist() == [False, True, True]
    assert paper_vs_ours({"x": 100.0}, {"x": 100.5}, rtol=0.01)["agrees"].item()
    assert not paper_vs_ours({"x": (1, 2)}, {"x": (1, 2, 3)})["agrees"].item()  # lengths differ


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"ours": {"b": 1}}, "same quantities"),
        ({"tol": -1.0}, "tol must be"),
        ({"tol": float("nan")}, "tol must be"),
        ({"names": ("example", "quantity")}, "label"),
        ({"digits": 2.5}, "digits must be"),
    ],
)
def test_paper_vs_ours_rejects_bad_input(kwargs, match):
    args = {"ours": {"a": 1.0}} | kwargs
    with pytest.raises(ValueError, match=match):
        paper_vs_ours({"a": 1.0}, args.pop("ours"), **args)


def test_import_nsp_reaches_every_subpackage():
    import nsp

    for name in nsp.__all__:
        if name != "__version__":
            assert getattr(nsp, name).__name__ == f"nsp.{name}"
    from nsp import clustering

    assert clustering.funnel.__name__ == "nsp.clustering.funnel"
    with pytest.raises(AttributeError):
        nsp.no_such_module  # noqa: B018


def test_paper_vs_ours_shows_integers_as_integers():
    table = paper_vs_ours({"N": 48842, "H": 5.2279}, {"N": np.int64(48842), "H": 5.22791}, tol=1e-4)
    assert table["paper"].tolist() == [48842, 5.2279]
    assert table["ours"].tolist() == [48842, 5.22791]
    assert table["agrees"].tolist() == [True, True]
    only_numbers = paper_vs_ours({"N": 3, "x": 0.5}, {"N": 3, "x": 0.5})
    assert only_numbers["paper"].tolist() == [3, 0.5] and isinstance(only_numbers["paper"][0], int)
