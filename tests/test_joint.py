"""Tests of :class:`nsp.joint.Joint`, the labelled joint pmf every paper's experiment takes."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from nsp import info
from nsp.joint import Joint


def test_defaults_and_read_only_arrays():
    j = Joint([[0.25, 0.25], [0.5, 0.0]], x_values=[1, 2])
    assert (j.name, j.s_name, j.x_name) == ("", "S", "X")
    assert j.s_labels == ("0", "1") and j.x_labels == ("0", "1")
    assert j.counts is None and j.n_records == 0 and j.settings == {}
    assert j.ordered and j.x_values.dtype == np.float64
    for arr in (j.p_sx, j.x_values):
        with pytest.raises(ValueError):
            arr[0] = 1.0
    with pytest.raises(dataclasses.FrozenInstanceError):
        j.name = "other"  # type: ignore[misc]


def test_input_is_copied_in_c_order():
    p = np.array([[0.5, 0.5]])
    j = Joint(p)
    p[0, 0] = 0.0
    assert j.p_sx[0, 0] == 0.5
    # a column selection is Fortran-ordered; the joint's arrays are C-ordered (sums over an
    # axis then add in the same order whatever the input's layout)
    counts = np.array([[1, 0, 3], [2, 0, 2]])[:, [0, 2]]
    assert not counts.flags.c_contiguous
    k = Joint(counts / counts.sum(), counts=counts, x_values=np.array([[1.0], [2.0]])[:, 0])
    assert k.p_sx.flags.c_contiguous and k.counts.flags.c_contiguous
    assert k.x_values.flags.c_contiguous


def test_from_counts_keeps_counts_and_records():
    counts = np.array([[3, 0, 1], [0, 2, 2]])
    j = Joint.from_counts(counts, name="c", s_labels=["a", "b"], settings={"k": 1})
    assert j.counts.dtype == np.int64 and j.counts.tolist() == counts.tolist()
    assert j.n_records == 8 and j.settings == {"k": 1}
    np.testing.assert_array_equal(j.p_sx, counts / counts.sum())
    assert not j.counts.flags.writeable


def test_summary_matches_info():
    j = Joint.from_counts([[3, 0, 1], [0, 2, 2]])
    s = j.summary(base="e")
    assert s["N"] == 8 and (s["n_S"], s["n_X"], s["n_X_nonempty"]) == (2, 3, 3)
    assert s["I_SX"] == info.mutual_information(j.p_sx, 0, 1, base="e")
    assert s["H_X_given_S"] == pytest.approx(s["H_X"] - s["I_SX"])


def test_replace_revalidates():
    j = Joint.from_counts([[1, 1], [1, 1]])
    k = dataclasses.replace(j, counts=np.array([[2, 0], [0, 2]]), p_sx=[[0.5, 0], [0, 0.5]])
    assert k.n_records == 4 and k.support.tolist() == [[True, False], [False, True]]
    with pytest.raises(ValueError, match="n_records"):
        dataclasses.replace(j, counts=[[2, 0], [0, 3]], p_sx=[[0.4, 0], [0, 0.6]], n_records=4)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"p_sx": [[0.5, 0.6]]}, "p_sx must sum to 1"),
        ({"p_sx": [0.5, 0.5]}, "p_sx must have 2 axes"),
        ({"p_sx": [[-0.5, 1.5]]}, "p_sx must be non-negative"),
        ({"p_sx": np.zeros((0, 2))}, "p_sx must not be empty"),
        ({"p_sx": [[0.5, 0.5]], "x_values": [2.0, 1.0]}, "strictly increasing"),
        ({"p_sx": [[0.5, 0.5]], "x_values": [1.0, np.inf]}, "x_values must be 2 finite"),
        ({"p_sx": [[0.5, 0.5]], "x_values": [1.0]}, "x_values must be 2 finite"),
        ({"p_sx": [[0.5, 0.5]], "x_labels": ["a"]}, "x_labels must have 2 labels"),
        ({"p_sx": [[0.5, 0.5]], "s_labels": "a"}, "s_labels must be a sequence"),
        ({"p_sx": [[0.5, 0.5]], "n_records": -1}, "n_records"),
        ({"p_sx": [[0.5, 0.5]], "counts": [[1, 2]]}, "counts / counts.sum"),
        ({"p_sx": [[0.5, 0.5]], "counts": [[1, 1, 0]]}, "counts must have the shape"),
        ({"p_sx": [[0.5, 0.5]], "counts": [[1, 1]], "n_records": 3}, "n_records must equal"),
        ({"p_sx": [[0.5, 0.5]], "settings": [1]}, "settings must be a mapping"),
    ],
)
def test_rejects_bad_input(kwargs, match):
    p = kwargs.pop("p_sx")
    with pytest.raises(ValueError, match=match):
        Joint(p, **kwargs)


@pytest.mark.parametrize(
    ("counts", "match"),
    [
        ([[1.5, 1]], "non-negative integers"),
        ([[-1, 2]], "non-negative integers"),
        ([[0, 0]], "positive total"),
        ([1, 2], "2 axes"),
    ],
)
def test_from_counts_rejects_bad_counts(counts, match):
    with pytest.raises(ValueError, match=match):
        Joint.from_counts(counts)
