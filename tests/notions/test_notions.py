"""Tests of nsp.notions: the Mechanism abstraction, evaluate / evaluate_many and the relations.

* Validation: every malformed mechanism or argument raises a ValueError naming it.
* Exact values: closed forms (randomized response, quantizers), Example 1 of Ding & Farokhi.
* The vectorised evaluate_many against the per-mechanism library functions (evaluate) on many
  seeded random instances (joints with zeros, deterministic and stochastic channels of
  different widths), and against independent computations: dit for I(S;Y), qif for maximal
  leakage, brute force for L0, I*, the Bayes error and the distortion.
* Relations: no failure over a large random sweep; every relation applies somewhere and
  detects a corrupted record; the statements that are not theorems have their
  counterexamples here.
"""

from __future__ import annotations

import importlib
import math

import dit
import numpy as np
import pandas as pd
import pytest
import qif
from hypothesis import given
from hypothesis import strategies as st
from scipy.optimize import minimize_scalar

from nsp import channels, info, noiseless, uncertain
from nsp._resampling._columns import FIXED_COLUMNS, measure_columns
from nsp.notions import (
    COLUMNS,
    RELATIONS,
    Evaluation,
    Mechanism,
    check_relations,
    evaluate,
    evaluate_many,
    sibson_column,
    sibson_orders,
)
from nsp.papers.agglomerative import example1_range
from nsp.partition import Partition
from nsp.privacy_channels import individual_channel_capacity

# The submodule (the package attribute ``evaluate`` is the function).
evaluate_module = importlib.import_module("nsp.notions._evaluation")

ALPHAS = (0.0, 0.5, 2.0, 10.0)
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)

# --------------------------------------------------------------------------- instances


def random_joint(rng: np.random.Generator, n_s: int, n_x: int) -> np.ndarray:
    """A joint pmf with zeros: about a third at random, or (half the time) block-diagonal.

    Blocks give the range several overlap components, so that I* and L0 are often positive.
    """
    keep = rng.random((n_s, n_x)) < 0.65
    if rng.random() < 0.5:
        n_blocks = int(rng.integers(2, 5))
        keep = rng.integers(0, n_blocks, n_s)[:, None] == rng.integers(0, n_blocks, n_x)[None, :]
    p = rng.exponential(size=(n_s, n_x)) * keep
    if p.sum() == 0:
        p[rng.integers(n_s), rng.integers(n_x)] = 1.0
    return p / p.sum()


def random_mechanism(rng: np.random.Generator, n_x: int, i: int = 0) -> Mechanism:
    """A deterministic, sparse stochastic or full-support (ε-LDP) channel, or a relabelling."""
    kind = rng.integers(6)
    n_y = int(rng.integers(1, 8))
    if kind == 5:  # X released up to relabelling: the range of (S, Y) is that of (S, X)
        return Mechanism(np.eye(n_x)[rng.permutation(n_x)], method="permutation", value=i)
    if kind == 0:  # up to n_x outputs: often fine enough to keep the blocks apart
        n_y = int(rng.integers(1, n_x + 1))
        _, lab = np.unique(rng.integers(0, n_y, n_x), return_inverse=True)
        return Mechanism.from_labels(lab, method="deterministic", parameter="i", value=i)
    if kind == 4:  # deterministic with unused outputs (columns of zeros), and codewords
        w = np.eye(n_y + 1)[rng.integers(0, n_y + 1, n_x)]
        return Mechanism(w, method="deterministic", codewords=rng.normal(size=n_y + 1))
    if kind == 1:
        w = rng.exponential(size=(n_x, n_y)) * (rng.random((n_x, n_y)) < 0.35)
        w[w.sum(axis=1) == 0, rng.integers(n_y)] = 1.0
    elif kind == 2:
        w = rng.exponential(size=(n_x, n_y)) + 1e-3
    else:  # a near-deterministic channel: a deterministic one mixed with a little noise
        w = np.eye(n_y)[rng.integers(0, n_y, n_x)] + 1e-6 * (rng.random((n_x, n_y)) < 0.3)
    w = w / w.sum(axis=1, keepdims=True)
    codewords = rng.normal(size=n_y) if rng.random() < 0.3 else None
    return Mechanism(w, method=f"kind {kind}", parameter="i", value=i, codewords=codewords)


def random_instance(seed: int, n_mech: int = 6) -> tuple[np.ndarray, list[Mechanism], np.ndarray]:
    rng = np.random.default_rng(seed)
    n_s, n_x = int(rng.integers(1, 6)), int(rng.integers(1, 8))
    p = random_joint(rng, n_s, n_x)
    mechs = [random_mechanism(rng, n_x, i) for i in range(n_mech)]
    return p, mechs, rng.normal(size=n_x)


def assert_same_record(a: dict, b: dict | pd.Series, *, rtol: float = 1e-9) -> None:
    b = b.to_dict() if isinstance(b, pd.Series) else b
    assert list(a) == list(b)
    for key, va in a.items():
        vb = b[key]
        if isinstance(va, str):
            assert va == vb, key
        elif isinstance(va, bool | np.bool_):
            assert bool(va) == bool(vb), key
        elif math.isnan(va):
            assert math.isnan(vb), key
        else:
            assert vb == pytest.approx(va, rel=rtol, abs=rtol), key


# --------------------------------------------------------------------------- Mechanism


class TestMechanism:
    def test_channel_is_a_read_only_float_copy(self):
        w = np.array([[1, 0], [0, 1]])
        m = Mechanism(w, method="identity")
        w[0, 0] = 5
        assert m.channel.dtype == np.float64 and m.channel[0, 0] == 1.0
        with pytest.raises(ValueError):
            m.channel[0, 0] = 0.5

    @pytest.mark.parametrize(
        "channel, match",
        [
            ([[0.5, 0.6], [0.5, 0.5]], "row"),
            ([[0.5, 0.5], [-0.5, 1.5]], "channel"),
            ([0.5, 0.5], "2-D"),
            ([[[1.0]]], "2-D"),
            (np.zeros((0, 2)), "empty"),
            ([[np.nan, 1.0]], "channel"),
        ],
    )
    def test_bad_channels_are_refused_by_name(self, channel, match):
        with pytest.raises(ValueError, match=match):
            Mechanism(channel, method="m")
        with pytest.raises(ValueError, match="channel"):
            Mechanism(channel, method="m")

    def test_other_fields_are_validated(self):
        w = np.eye(2)
        with pytest.raises(ValueError, match="method"):
            Mechanism(w, method=3)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="parameter"):
            Mechanism(w, method="m", parameter=None)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="value"):
            Mechanism(w, method="m", value="1")  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="value"):
            Mechanism(w, method="m", value=True)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="codewords.*length 2"):
            Mechanism(w, method="m", codewords=[1.0, 2.0, 3.0])  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="codewords"):
            Mechanism(w, method="m", codewords=[1.0, np.nan])  # type: ignore[arg-type]
        assert math.isnan(Mechanism(w, method="m").value)
        assert Mechanism(w, method="m", value=np.inf).value == math.inf

    def test_deterministic_means_one_one_per_row(self):
        assert Mechanism(np.eye(3)[[0, 2, 2, 1]], method="m").deterministic
        assert not Mechanism([[1.0, 0.0], [0.5, 0.5]], method="m").deterministic
        tiny = np.array([[1.0, 1e-12], [0.0, 1.0]])  # rows sum to 1 within the tolerance
        m = Mechanism(tiny, method="m")
        assert not m.deterministic
        with pytest.raises(ValueError, match="stochastic"):
            m.labels  # noqa: B018

    def test_from_labels(self):
        m = Mechanism.from_labels([2, 0, 1, 0], method="m", parameter="k", value=3)
        assert m.channel.tolist() == [[0, 0, 1], [1, 0, 0], [0, 1, 0], [1, 0, 0]]
        assert m.labels.tolist() == [2, 0, 1, 0] and m.deterministic
        assert (m.method, m.parameter, m.value) == ("m", "k", 3.0)
        assert Mechanism.from_labels(np.array([0.0, 1.0]), method="m").n_y == 2

    @pytest.mark.parametrize(
        "labels, match",
        [
            ([0, 2, 2], r"skip the outputs \[1\]"),
            ([1, 1], r"skip the outputs \[0\]"),
            ([0, -1], ">= 0"),
            ([0, 1.5], "integers"),
            ([True, False], "integers"),
            (["a", "b"], "integers"),
            ([], "non-empty"),
            ([[0, 1]], "1-D"),
        ],
    )
    def test_bad_labels_are_refused(self, labels, match):
        with pytest.raises(ValueError, match=match):
            Mechanism.from_labels(labels, method="m")

    def test_from_labels_codewords_length(self):
        with pytest.raises(ValueError, match="codewords"):
            Mechanism.from_labels([0, 1, 1], method="m", codewords=[0.0])
        m = Mechanism.from_labels([0, 1, 1], method="m", codewords=[0, 5])
        assert m.codewords is not None and m.codewords.tolist() == [0.0, 5.0]

    def test_from_partition_uses_canonical_order(self):
        q = Partition([[3, 1], [0], [2]])
        m = Mechanism.from_partition(q, method="m")
        assert m.labels.tolist() == q.labels.tolist() == [0, 1, 2, 1]
        with pytest.raises(ValueError, match="partition"):
            Mechanism.from_partition([[0], [1]], method="m")  # type: ignore[arg-type]

    def test_repr(self):
        m = Mechanism.from_labels([0, 1], method="id", parameter="k", value=2)
        assert repr(m) == "Mechanism('id', k=2, deterministic 2×2)"


# --------------------------------------------------------------------------- evaluate: inputs


class TestArguments:
    def test_joint_and_mechanism_must_agree(self):
        m = Mechanism(np.eye(3), method="m")
        with pytest.raises(ValueError, match="3 values of X.*2 columns"):
            evaluate(m, [[0.5, 0.5]])
        with pytest.raises(ValueError, match=r"mechanisms\[1\]"):
            evaluate_many([m, Mechanism(np.eye(2), method="m")], np.full((1, 3), 1 / 3))
        with pytest.raises(ValueError, match="mechanism"):
            evaluate(np.eye(2), [[0.5, 0.5]])  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="mechanisms"):
            evaluate_many(m, np.full((1, 3), 1 / 3))  # type: ignore[arg-type]

    @pytest.mark.parametrize(
        "kwargs, match",
        [
            ({"joint": [[0.5, 0.6]]}, "joint"),
            ({"joint": [0.5, 0.5]}, "joint"),
            ({"x_values": [1.0, 2.0, 3.0]}, "x_values"),
            ({"x_values": [1.0, np.inf]}, "x_values"),
            ({"alphas": (2.0, 2.0)}, "alphas"),
            ({"alphas": (-1.0,)}, "alphas"),
            ({"alphas": (np.nan,)}, "alphas"),
            ({"alphas": 2.0}, "alphas"),
            ({"base": 1.0}, "base"),
            ({"base": "decibans"}, "base"),
        ],
    )
    def test_bad_arguments_are_refused_by_name(self, kwargs, match):
        args = {"joint": [[0.25, 0.25], [0.25, 0.25]], **kwargs}
        joint = args.pop("joint")
        m = Mechanism(np.eye(2), method="m")
        with pytest.raises(ValueError, match=match):
            evaluate(m, joint, **args)
        with pytest.raises(ValueError, match=match):
            evaluate_many([m], joint, **args)

    def test_columns_are_the_agreed_ones_in_order(self):
        m = Mechanism(np.eye(2), method="m")
        frame = evaluate_many([m, m], np.diag([0.5, 0.5]), alphas=(2.0, 10.0, 0.5))
        head, tail = COLUMNS
        assert list(frame.columns) == [*head, "sibson_2", "sibson_10", "sibson_0.5", *tail]
        agreed = (
            "method parameter value deterministic mutual_information maximal_leakage sibson_2 "
            "sibson_10 sibson_0.5 nonstochastic_leakage maximin_information ldp_epsilon "
            "individual_channel_capacity individual_channel_capacity_gap "
            "noiseless_epsilon utility_information hamming_distortion numeric_distortion "
            "relations_ok relations_failed"
        ).split()
        assert list(frame.columns[: len(agreed)]) == agreed
        assert frame["relations_failed"].tolist() == ["", ""]
        assert frame["relations_ok"].dtype == bool and frame["deterministic"].dtype == bool

    def test_empty_sweep_gives_an_empty_table_with_the_columns(self):
        frame = evaluate_many([], np.diag([0.5, 0.5]))
        assert len(frame) == 0 and "maximal_leakage" in frame.columns

    def test_evaluation_is_a_mapping_equal_to_its_row(self):
        m = Mechanism([[0.9, 0.1], [0.2, 0.8]], method="m", parameter="p", value=0.1)
        e = evaluate(m, [[0.3, 0.2], [0.1, 0.4]], x_values=[0.0, 1.0])
        assert isinstance(e, Evaluation)
        row = evaluate_many([m], [[0.3, 0.2], [0.1, 0.4]], x_values=[0.0, 1.0]).iloc[0]
        assert list(e) == list(row.index) and len(e) == len(row)
        assert_same_record(dict(e), row.to_dict())
        assert e["sibson_2"] == e.sibson[2.0] and e.base == 2.0
        assert e.as_dict() == dict(e)

    def test_sibson_column(self):
        assert [sibson_column(a) for a in (2, 1.5, 1e-5)] == [
            "sibson_2",
            "sibson_1.5",
            "sibson_1e-05",
        ]
        with pytest.raises(ValueError, match="alpha"):
            sibson_column(-1)


# --------------------------------------------------------------------------- exact values


def h2(q: float) -> float:
    return -q * math.log2(q) - (1 - q) * math.log2(1 - q)


class TestExactValues:
    def test_randomized_response_closed_forms(self):
        for keep in (0.6, 0.75, 0.9):
            w = np.array([[keep, 1 - keep], [1 - keep, keep]])
            e = evaluate(Mechanism(w, method="rr"), np.diag([0.5, 0.5]), alphas=(2.0,))
            assert e.mutual_information == pytest.approx(1 - h2(keep), abs=1e-12)
            assert e.maximal_leakage == pytest.approx(math.log2(2 * keep), abs=1e-12)
            # I_2 = 2 log2 sum_y sqrt(sum_s p(s) p(y|s)^2) = 2 log2 (2 sqrt((k² + (1-k)²)/2))
            i2 = 2 * math.log2(2 * math.sqrt((keep**2 + (1 - keep) ** 2) / 2))
            assert e.sibson[2.0] == pytest.approx(i2, abs=1e-12)
            assert e.ldp_epsilon == pytest.approx(math.log2(keep / (1 - keep)), abs=1e-12)
            assert e.nonstochastic_leakage == e.maximin_information == 0.0
            assert math.isnan(e.noiseless_epsilon) and e.range_is_product
            assert e.utility_information == pytest.approx(1 - h2(keep), abs=1e-12)
            assert e.hamming_distortion == pytest.approx(1 - keep, abs=1e-12)
            assert e.relations_ok

    def test_base_e_matches_the_dp_convention(self):
        w = np.array([[0.9, 0.1], [0.1, 0.9]])
        e = evaluate(Mechanism(w, method="rr"), np.diag([0.5, 0.5]), base="e")
        assert e.ldp_epsilon == pytest.approx(channels.dp_epsilon(w), abs=1e-12)  # ln 9
        assert e.ldp_epsilon == pytest.approx(math.log(9), abs=1e-12)
        bits = evaluate(Mechanism(w, method="rr"), np.diag([0.5, 0.5]))
        for key in ("mutual_information", "maximal_leakage", "sibson_2", "ldp_epsilon"):
            assert e[key] == pytest.approx(bits[key] * math.log(2), rel=1e-12)

    def test_example1_of_ding_and_farokhi(self):
        # Uniform on the range of Example 1, released as it is: L0 = log2 6, I* = log2 5.
        mask = example1_range().mask
        joint = mask / mask.sum()
        e = evaluate(Mechanism(np.eye(7), method="identity"), joint)
        assert e.nonstochastic_leakage == pytest.approx(math.log2(6), abs=1e-12)
        assert e.maximin_information == pytest.approx(math.log2(5), abs=1e-12)
        assert e.noiseless_epsilon == pytest.approx(math.log2(7), abs=1e-12)
        # Merging x1 with x2 and x3 with x4 leaves the S-ranges {s1,s2}, {s3}, {s4}, ...
        merged = Mechanism.from_partition(Partition([[0, 1], [2, 3], [4], [5], [6]]), method="m")
        e = evaluate(merged, joint)
        assert e.nonstochastic_leakage == pytest.approx(math.log2(6), abs=1e-12)
        assert e.maximin_information == pytest.approx(math.log2(5), abs=1e-12)
        assert e.output_hartley_entropy == pytest.approx(math.log2(5), abs=1e-12)

    def test_noiseless_epsilon_of_a_quantizer_of_an_ordered_x(self):
        # X uniform on a grid of [0, 1]; a q-level linear quantizer spends log2 q bits on a
        # query whose sensitivity is the whole range (one individual holding all the data).
        grid = np.linspace(0.0, 1.0, 41)
        joint = np.vstack([np.full(41, 0.5 / 41), np.full(41, 0.5 / 41)])
        for q in (1, 2, 3, 4, 8):
            quant = noiseless.LinearQuantizer(0.0, 1.0, q)
            lab = np.asarray(quant.index(grid))
            m = Mechanism.from_labels(lab, method="quantizer", codewords=quant.symbols(range(q)))
            e = evaluate(m, joint, x_values=grid)
            assert e.noiseless_epsilon == pytest.approx(
                noiseless.realized_epsilon(q, 1.0, 0.0, 1.0), abs=1e-12
            )
            assert e.noiseless_epsilon == pytest.approx(math.log2(q), abs=1e-12)
            # Quantization error of the midpoints: at most (1/2q)^2.
            assert e.numeric_distortion <= (0.5 / q) ** 2 + 1e-12

    def test_noiseless_epsilon_counts_outputs_of_the_support_only(self):
        joint = np.array([[0.5, 0.5, 0.0]])  # x = 2 never occurs
        e = evaluate(Mechanism.from_labels([0, 1, 2], method="m"), joint)
        assert e.noiseless_epsilon == pytest.approx(1.0)
        assert e.output_hartley_entropy == pytest.approx(1.0)

    def test_distortions(self):
        x = np.array([0.0, 1.0, 3.0])
        joint = np.array([[0.2, 0.3, 0.5]])
        ident = evaluate(Mechanism(np.eye(3), method="id"), joint, x_values=x)
        assert ident.numeric_distortion == 0.0 and ident.hamming_distortion == 0.0
        const = evaluate(Mechanism(np.ones((3, 1)), method="c"), joint, x_values=x)
        mean = 0.3 + 1.5
        assert const.numeric_distortion == pytest.approx(0.3 * 1 + 0.5 * 9 - mean**2)
        assert const.hamming_distortion == pytest.approx(0.5)
        fixed = evaluate(Mechanism(np.ones((3, 1)), method="c", codewords=[0.0]), joint, x_values=x)
        assert fixed.numeric_distortion == pytest.approx(0.3 + 0.5 * 9)
        assert math.isnan(evaluate(Mechanism(np.eye(3), method="id"), joint).numeric_distortion)


# --------------------------------------------------------------------------- Wu's capacity


def _mutual_information_bits(p_x: np.ndarray, w: np.ndarray) -> float:
    """I(X;Y) in bits of an input pmf through a channel, summed term by term."""
    q = p_x @ w
    total = 0.0
    for a in range(w.shape[0]):
        for y in range(w.shape[1]):
            if p_x[a] > 0 and w[a, y] > 0:
                total += p_x[a] * w[a, y] * math.log2(w[a, y] / q[y])
    return total


def _bracket(e) -> tuple[float, float]:
    half = 0.5 * e.individual_channel_capacity_gap
    return e.individual_channel_capacity - half, e.individual_channel_capacity + half


class TestIndividualChannelCapacity:
    @pytest.mark.parametrize("flip", [0.0, 0.05, 0.1, 0.25, 0.4, 0.5])
    def test_binary_symmetric_channel_has_one_minus_h(self, flip):
        w = np.array([[1 - flip, flip], [flip, 1 - flip]])
        expected = 1.0 - (h2(flip) if 0 < flip < 1 else 0.0)
        for joint in (np.diag([0.5, 0.5]), [[0.1, 0.6], [0.2, 0.1]]):
            e = evaluate(Mechanism(w, method="bsc"), joint)
            lo, hi = _bracket(e)
            assert lo - 1e-15 <= expected <= hi + 1e-15
            assert e.individual_channel_capacity == pytest.approx(expected, abs=1e-9)
            assert e.individual_channel_capacity_gap <= 1e-9 and e.relations_ok

    @given(seed=SEEDS)
    def test_a_deterministic_release_of_a_uniform_secret_has_log_its_outputs(self, seed):
        rng = np.random.default_rng(seed)
        n_x = int(rng.integers(1, 12))
        _, labels = np.unique(rng.integers(0, n_x, n_x), return_inverse=True)
        e = evaluate(Mechanism.from_labels(labels, method="g"), np.eye(n_x) / n_x)
        expected = math.log2(len(set(labels.tolist())))
        lo, hi = _bracket(e)
        assert lo - 1e-12 <= expected <= hi + 1e-12
        assert e.individual_channel_capacity == pytest.approx(expected, abs=1e-12)
        assert e.noiseless_epsilon == pytest.approx(expected, abs=1e-12)
        assert e.utility_information <= expected + 1e-12  # H(Y): log |outputs| if balanced

    def test_capacity_counts_outputs_the_joint_never_reaches(self):
        # x = 2 has no mass: the noiseless ε counts the outputs of the support, Wu's capacity
        # every output some input reaches (a maximum over every prior).
        e = evaluate(Mechanism.from_labels([0, 1, 2], method="g"), [[0.5, 0.5, 0.0]])
        assert e.noiseless_epsilon == pytest.approx(1.0)
        assert e.individual_channel_capacity == pytest.approx(math.log2(3), abs=1e-12)
        assert e.relations_ok

    @pytest.mark.parametrize("seed", range(12))
    def test_bracket_holds_the_maximum_of_two_input_channels_found_apart(self, seed):
        rng = np.random.default_rng(seed)
        w = rng.exponential(size=(2, int(rng.integers(2, 6))))
        w[rng.random(w.shape) < 0.3] = 0.0
        w[:, 0] += 0.01
        w /= w.sum(axis=1, keepdims=True)
        best = minimize_scalar(
            lambda t: -_mutual_information_bits(np.array([t, 1 - t]), w),
            bounds=(0.0, 1.0),
            method="bounded",
            options={"xatol": 1e-12},
        )
        found = -float(best.fun)
        lo, hi = _bracket(evaluate(Mechanism(w, method="w"), [[0.5, 0.5]]))
        assert found <= hi + 1e-12  # no input beats the certified upper end
        assert found >= lo - 1e-9  # and the search reaches the lower end (I is concave in t)

    @pytest.mark.parametrize("seed", range(8))
    def test_no_input_exceeds_the_bracket_and_wu_gives_the_same_capacity(self, seed):
        rng = np.random.default_rng(100 + seed)
        p, mechs, _ = random_instance(seed, n_mech=4)
        for m in mechs:
            lo, hi = _bracket(evaluate(m, p))
            for p_x in rng.dirichlet(np.ones(m.n_x) * 0.5, size=50):
                assert _mutual_information_bits(p_x, m.channel) <= hi + 1e-12
        # Wu's C_1 of a channel of one record (nsp.privacy_channels), on sparse channels
        for _ in range(4):
            w = rng.exponential(size=(int(rng.integers(2, 7)), int(rng.integers(2, 7))))
            w[rng.random(w.shape) < 0.3] = 0.0
            w[:, 0] += 0.05
            w /= w.sum(axis=1, keepdims=True)
            lo, hi = _bracket(evaluate(Mechanism(w, method="w"), np.eye(w.shape[0]) / len(w)))
            wu = individual_channel_capacity(w)
            assert max(lo, wu.lower) <= min(hi, wu.upper) + 1e-12

    def test_capacity_is_a_property_of_the_channel_and_a_fixed_column(self):
        w = np.array([[0.7, 0.2, 0.1], [0.1, 0.3, 0.6], [0.3, 0.3, 0.4]])
        values = {
            evaluate(Mechanism(w, method="w"), joint).individual_channel_capacity
            for joint in (np.full((1, 3), 1 / 3), [[0.5, 0.0, 0.0], [0.0, 0.25, 0.25]])
        }
        assert len(values) == 1
        assert "individual_channel_capacity" in FIXED_COLUMNS
        assert "individual_channel_capacity_gap" not in measure_columns([2.0])


# --------------------------------------------------------------------------- vectorised = library


@given(seed=SEEDS)
def test_evaluate_many_matches_the_per_mechanism_library_functions(seed):
    p, mechs, x = random_instance(seed)
    frame = evaluate_many(mechs, p, x_values=x, alphas=ALPHAS)
    for i, m in enumerate(mechs):
        assert_same_record(evaluate(m, p, x_values=x, alphas=ALPHAS).as_dict(), frame.iloc[i])


def test_evaluate_many_on_wider_instances_and_near_one_orders():
    alphas = (1.0, 1.0005, 1.2, float("inf"))
    for seed in range(8):
        rng = np.random.default_rng(1000 + seed)
        p = random_joint(rng, int(rng.integers(2, 12)), int(rng.integers(10, 40)))
        mechs = [random_mechanism(rng, p.shape[1], i) for i in range(12)]
        frame = evaluate_many(mechs, p, alphas=alphas, base="e")
        assert frame["relations_ok"].all(), frame["relations_failed"].unique()
        for i, m in enumerate(mechs):
            assert_same_record(evaluate(m, p, alphas=alphas, base="e").as_dict(), frame.iloc[i])


def test_chunking_and_the_component_loop_give_the_same_table(monkeypatch):
    p, mechs, x = random_instance(7, n_mech=15)
    whole = evaluate_many(mechs, p, x_values=x)
    monkeypatch.setattr(evaluate_module, "CHUNK_BYTES", 1)  # one mechanism per chunk
    monkeypatch.setattr(evaluate_module, "_CLOSURE_MAX_S", 0)  # scipy components per mechanism
    pd.testing.assert_frame_equal(evaluate_many(mechs, p, x_values=x), whole, rtol=1e-12)


def test_underflowing_products_stay_in_the_range():
    # p(s, x) W[x, y] = 1e-200 * 1e-200 underflows to 0, but (s, y) is in the range.
    tiny = 1e-200
    joint = np.array([[tiny, 0.5 - tiny], [0.0, 0.5]])
    w = np.array([[1 - tiny, tiny], [1.0, 0.0]])
    m = Mechanism(w, method="m")
    assert (joint @ w)[0, 1] == 0.0
    e = evaluate(m, joint)
    assert e.nonstochastic_leakage == pytest.approx(1.0) and not e.range_is_product
    assert_same_record(e.as_dict(), evaluate_many([m], joint).iloc[0])


def test_large_secret_alphabet_uses_the_component_loop():
    rng = np.random.default_rng(3)
    p = random_joint(rng, 140, 30)
    mechs = [random_mechanism(rng, 30, i) for i in range(4)]
    frame = evaluate_many(mechs, p)
    for i, m in enumerate(mechs):
        assert_same_record(evaluate(m, p).as_dict(), frame.iloc[i])


# --------------------------------------------------------------------------- independent checks


def test_mutual_information_against_dit():
    for seed in range(6):
        p, mechs, _ = random_instance(500 + seed, n_mech=3)
        frame = evaluate_many(mechs, p)
        for i, m in enumerate(mechs):
            p_sy = p @ m.channel
            d = dit.Distribution.from_ndarray(p_sy)
            expected = dit.shannon.mutual_information(d, [0], [1])
            assert frame.loc[i, "mutual_information"] == pytest.approx(expected, abs=1e-10)
            d = dit.Distribution.from_ndarray(p.sum(axis=0)[:, None] * m.channel)
            expected = dit.shannon.mutual_information(d, [0], [1])
            assert frame.loc[i, "utility_information"] == pytest.approx(expected, abs=1e-10)


def test_maximal_leakage_against_qif():
    # Maximal leakage is the log of the multiplicative Bayes capacity of the channel S -> Y.
    for seed in range(6):
        p, mechs, _ = random_instance(600 + seed, n_mech=3)
        frame = evaluate_many(mechs, p)
        live = p.sum(axis=1) > 0
        for i, m in enumerate(mechs):
            c = (p @ m.channel)[live] / p.sum(axis=1)[live, None]
            c = c / c.sum(axis=1, keepdims=True)
            expected = math.log2(qif.measure.bayes_vuln.mult_capacity(np.ascontiguousarray(c)))
            assert frame.loc[i, "maximal_leakage"] == pytest.approx(expected, abs=1e-10)


def _brute_range_measures(p: np.ndarray, w: np.ndarray) -> tuple[float, float, bool]:
    """L0, I* (bits) and product-ness of [[S, Y]] from sets and a union-find."""
    ss = [s for s in range(p.shape[0]) if p[s].sum() > 0]
    pairs = {
        (s, y)
        for s in ss
        for x in range(p.shape[1])
        for y in range(w.shape[1])
        if p[s, x] > 0 and w[x, y] > 0
    }
    ys = sorted({y for _, y in pairs})
    cond = {y: {s for s, t in pairs if t == y} for y in ys}
    l0 = max(math.log2(len(ss) / len(cond[y])) for y in ys)
    parent = {s: s for s in ss}

    def find(s: int) -> int:
        while parent[s] != s:
            s = parent[s]
        return s

    for group in cond.values():
        first = min(group)
        for s in group:
            parent[find(s)] = find(first)
    n_comp = len({find(s) for s in ss})
    return l0, math.log2(n_comp), len(pairs) == len(ss) * len(ys)


@given(seed=SEEDS)
def test_range_measures_and_bayes_error_against_brute_force(seed):
    p, mechs, x = random_instance(seed, n_mech=3)
    frame = evaluate_many(mechs, p, x_values=x)
    p_x = p.sum(axis=0)
    for i, m in enumerate(mechs):
        l0, istar, product = _brute_range_measures(p, m.channel)
        assert frame.loc[i, "nonstochastic_leakage"] == pytest.approx(l0, abs=1e-12)
        assert frame.loc[i, "maximin_information"] == pytest.approx(istar, abs=1e-12)
        assert bool(frame.loc[i, "range_is_product"]) == product
        # The MAP decoder x̂(y) = argmax_x p(x, y), its error counted pair by pair.
        p_xy = p_x[:, None] * m.channel
        decoder = p_xy.argmax(axis=0)
        error = sum(p_xy[a, y] for a in range(m.n_x) for y in range(m.n_y) if a != decoder[y])
        assert frame.loc[i, "hamming_distortion"] == pytest.approx(error, abs=1e-12)
        # The conditional mean is the best estimator: no codebook does better.
        if m.codewords is not None:
            best = evaluate(Mechanism(m.channel, method="m"), p, x_values=x).numeric_distortion
            assert best <= frame.loc[i, "numeric_distortion"] + 1e-12


def test_ldp_epsilon_and_sibson_against_the_library_directly():
    p, mechs, _ = random_instance(11, n_mech=10)
    frame = evaluate_many(mechs, p, alphas=(0.5, 3.0))
    p_sy = [p @ m.channel for m in mechs]
    for i, m in enumerate(mechs):
        assert frame.loc[i, "ldp_epsilon"] == pytest.approx(
            channels.dp_epsilon(m.channel, base=2), abs=1e-12
        )
        for a in (0.5, 3.0):
            assert frame.loc[i, sibson_column(a)] == pytest.approx(
                info.sibson_mutual_information(p_sy[i], a), abs=1e-10
            )


# --------------------------------------------------------------------------- relations


def _sweep_records(n_instances: int, seed0: int) -> pd.DataFrame:
    frames = []
    for seed in range(seed0, seed0 + n_instances):
        p, mechs, x = random_instance(seed, n_mech=8)
        frames.append(evaluate_many(mechs, p, x_values=x, alphas=ALPHAS))
    return pd.concat(frames, ignore_index=True)


@pytest.fixture(scope="session")  # pure; module scope rebuilds it whenever a shuffled run returns
def sweep() -> pd.DataFrame:
    return _sweep_records(250, 20_000)


def test_no_relation_fails_over_a_large_random_sweep(sweep):
    assert len(sweep) == 2000
    bad = sweep.loc[~sweep["relations_ok"], ["method", "relations_failed"]]
    assert bad.empty, bad.head().to_string()


def test_every_relation_applies_on_part_of_the_sweep(sweep):
    records = [{str(k): v for k, v in r.items()} for r in sweep.to_dict("records")]
    for rel in RELATIONS:
        n = sum(rel.applies(r) for r in records)
        assert n >= 50, f"{rel.name} applies on only {n} records"


# A violation of each relation, made by corrupting a record that satisfies them all.
CORRUPTIONS = {
    "nonnegative": {"hamming_distortion": -0.1},
    "sibson_monotone": {"sibson_2": 5.0},
    "data_processing_secret": {"secret_information": 0.0},
    "data_processing_utility": {"utility_information": 0.0},
    "maximin_le_l0": {"nonstochastic_leakage": 0.0},
    "maximin_le_maximal_leakage": {"maximal_leakage": 0.5},
    "maximal_leakage_le_ldp": {"ldp_epsilon": 0.1},
    "maximal_leakage_le_hartley": {"output_hartley_entropy": 0.1},
    "l0_le_hartley_secret": {"secret_hartley_entropy": 0.1},
    "maximin_le_hartley": {"output_hartley_entropy": 0.0},
    "product_range_no_leakage": {"range_is_product": True},
    "finite_ldp_product_range": {"ldp_epsilon": 3.0},
    "deterministic_utility_is_output_entropy": {"output_entropy": 3.0},
    "noiseless_is_output_hartley": {"noiseless_epsilon": 0.5},
    "noiseless_bounds": {"noiseless_epsilon": 0.1},
    "utility_le_capacity": {"individual_channel_capacity": 0.5},
    "capacity_le_ldp": {"ldp_epsilon": 0.5},
    "noiseless_le_capacity": {"individual_channel_capacity": 0.5},
    "fano": {"data_entropy": 5.0},
    "hamming_le_prior_error": {"prior_error": 0.0},
}


def test_every_relation_detects_its_violation():
    assert set(CORRUPTIONS) == {r.name for r in RELATIONS}
    # S uniform on 4 values, X = S, Y = X // 2: every notion positive, deterministic.
    joint = np.eye(4) / 4
    base = evaluate(Mechanism.from_labels([0, 0, 1, 1], method="m"), joint, alphas=(2.0,))
    record = base.as_dict()
    assert check_relations(record) == []
    for name, change in CORRUPTIONS.items():
        bad = {**record, **change}
        assert name in check_relations(bad), name


def test_check_relations_needs_its_columns_and_a_tolerance():
    record = evaluate(Mechanism(np.eye(2), method="m"), np.diag([0.5, 0.5])).as_dict()
    del record["prior_error"]
    with pytest.raises(ValueError, match="prior_error"):
        check_relations(record)
    with pytest.raises(ValueError, match="tol"):
        check_relations({}, tol=0.0)


def test_sibson_orders_reads_the_columns():
    record = {"mutual_information": 0.3, "maximal_leakage": 1.0, "sibson_0.5": 0.1}
    assert sibson_orders(record) == [(0.5, 0.1), (1.0, 0.3), (math.inf, 1.0)]


@given(seed=SEEDS)
def test_finite_ldp_implies_zero_range_leakage(seed):
    rng = np.random.default_rng(seed)
    p = random_joint(rng, int(rng.integers(1, 6)), int(rng.integers(1, 8)))
    w = rng.exponential(size=(p.shape[1], int(rng.integers(1, 6)))) + 1e-4
    m = Mechanism(w / w.sum(axis=1, keepdims=True), method="ldp")
    e = evaluate(m, p)
    assert math.isfinite(e.ldp_epsilon)
    assert e.nonstochastic_leakage == 0.0 and e.maximin_information == 0.0
    assert e.maximal_leakage <= e.ldp_epsilon + 1e-12


# --------------------------------------------------------------------------- not theorems


def _triangle(conf: float) -> np.ndarray:
    """S uniform on {0, 1, 2}; X = Y; [[S|y]] = {y, y+1 mod 3}; p(y|s): conf on s, rest on s-1."""
    joint = np.zeros((3, 3))
    for s in range(3):
        joint[s, s] = conf / 3
        joint[s, (s - 1) % 3] = (1 - conf) / 3
    return joint


def test_maximal_leakage_le_l0_is_false_for_a_deterministic_channel():
    identity = Mechanism(np.eye(3), method="X = Y")
    # With p(y|s) = 1/2 on both outputs of each s the two are equal (the candidate) ...
    even = evaluate(identity, _triangle(0.5))
    assert even.maximal_leakage == pytest.approx(math.log2(1.5))
    assert even.nonstochastic_leakage == pytest.approx(math.log2(1.5))
    # ... but skewing p(y|s) to (0.9, 0.1) keeps the range and raises maximal leakage.
    skew = evaluate(identity, _triangle(0.9))
    assert skew.nonstochastic_leakage == pytest.approx(math.log2(1.5))
    assert skew.maximal_leakage == pytest.approx(math.log2(2.7))
    assert skew.maximal_leakage > skew.nonstochastic_leakage + 0.8
    assert skew.deterministic and skew.relations_ok


@given(seed=SEEDS)
def test_maximal_leakage_le_l0_when_y_is_a_function_of_the_secret(seed):
    # The converse of the counterexample above: if Y = f(S), L(S→Y) = I*(S;Y) = log |[[Y]]|
    # and the least conditional range f^{-1}(y) holds at most |[[S]]| / |[[Y]]| secrets.
    rng = np.random.default_rng(seed)
    n_s, n_z = int(rng.integers(1, 7)), int(rng.integers(1, 4))
    p_s = rng.exponential(size=n_s) * (rng.random(n_s) < 0.8)
    p_s[rng.integers(n_s)] += 0.1
    joint = np.zeros((n_s, n_s * n_z))  # X = (S, Z): x = s * n_z + z
    for s in range(n_s):
        joint[s, s * n_z : (s + 1) * n_z] = p_s[s] * rng.dirichlet(np.ones(n_z))
    joint /= joint.sum()
    f = rng.integers(0, n_s, n_s)
    _, labels = np.unique(np.repeat(f, n_z), return_inverse=True)  # g(x) = f(s(x))
    e = evaluate(Mechanism.from_labels(labels, method="f(S)"), joint)
    n_outputs = len({int(f[s]) for s in range(n_s) if p_s[s] > 0})
    assert e.maximal_leakage == pytest.approx(math.log2(n_outputs), abs=1e-12)
    assert e.maximin_information == pytest.approx(math.log2(n_outputs), abs=1e-12)
    assert e.maximal_leakage <= e.nonstochastic_leakage + 1e-12


def test_l0_le_maximal_leakage_is_false():
    delta = 1e-3  # x0 reveals s = 0 but is rare
    joint = np.array([[delta, 0.5 - delta], [0.0, 0.5]])
    e = evaluate(Mechanism(np.eye(2), method="X = Y"), joint)
    assert e.nonstochastic_leakage == pytest.approx(1.0)
    assert e.maximal_leakage == pytest.approx(math.log2(1 + 2 * delta))
    assert e.maximal_leakage < e.nonstochastic_leakage and e.relations_ok


def test_maximin_information_and_mutual_information_are_not_ordered():
    # A rare component: I* = 1 bit but I(S;Y) tiny.
    delta = 1e-3
    rare = evaluate(Mechanism(np.eye(2), method="X = Y"), np.diag([delta, 1 - delta]))
    assert rare.maximin_information == pytest.approx(1.0)
    assert rare.mutual_information == pytest.approx(h2(delta))
    assert rare.mutual_information < rare.maximin_information
    # A full-support channel: I* = 0 but I(S;Y) > 0.
    rr = Mechanism([[0.9, 0.1], [0.1, 0.9]], method="rr")
    full = evaluate(rr, np.diag([0.5, 0.5]))
    assert full.maximin_information == 0.0 and full.mutual_information > 0.5


def test_l0_of_the_secret_is_not_bounded_by_the_noiseless_epsilon():
    # Farokhi's Theorem 1 bounds the leakage from Y to the individual's value; L0(S→Y) with
    # S = X and Y = g(X) can exceed ε = log |g([[X]])|: 3 values of X share one output.
    joint = np.eye(4) / 4
    e = evaluate(Mechanism.from_labels([0, 0, 0, 1], method="g"), joint)
    assert e.noiseless_epsilon == pytest.approx(1.0)
    assert e.nonstochastic_leakage == pytest.approx(2.0)
    # The other direction, L0(Y→S) on the same range, is within ε.
    mask = (joint > 0).astype(float) @ (e_channel := np.eye(2)[[0, 0, 0, 1]]) > 0
    assert e_channel.shape == (4, 2)
    assert uncertain.nonstochastic_leakage(mask.T) <= e.noiseless_epsilon


@pytest.mark.parametrize("seed", range(4))
def test_funnel_sweep_is_the_per_budget_releases(seed):
    # funnel_sweep runs each algorithm's budgets at once (nsp.clustering.funnel.greedy_sweep);
    # its releases are those of one run per budget, and each release's fit is that one run
    from nsp.joint import Joint
    from nsp.notions import funnel_sweep
    from nsp.notions._methods import _distinct, _funnel_release

    rng = np.random.default_rng(seed)
    counts = rng.integers(0, 4, size=(2, 30))
    counts[0, counts.sum(axis=0) == 0] = 1
    j = Joint.from_counts(counts, name="random")
    got = funnel_sweep(j, n_budgets=21)
    h_x = info.entropy(j.p_sx.sum(axis=0))
    want = []
    for key in ("greedy_privacy_funnel", "greedy_max_leakage", "greedy_ratio_funnel"):
        want += _distinct(
            _funnel_release(j, key=key, r=float(r), base=2) for r in np.linspace(0.0, h_x, 21)
        )
    assert [(m.method, m.value, m.labels.tolist()) for m in got] == [
        (m.method, m.value, m.labels.tolist()) for m in want
    ]
    assert all(m.fit(j).labels.tolist() == m.labels.tolist() for m in got)
