"""Validation happens once per public call: nested public calls run under ``trusted()``.

A public function validates its own arguments, then calls other public functions on the
validated values inside ``nsp._validation.trusted()``, where the validators only convert.
These tests count the full validations (``_FULL_VALIDATIONS``), check that bad input is
still refused at the top level, that the fast path gives bit-identical results, and that
the trusted state never leaks out of a block (exceptions, threads).
"""

from __future__ import annotations

import math
import threading

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from nsp import _validation as V
from nsp.channels import channel_capacity
from nsp.info import (
    conditional_entropy,
    entropy,
    kl_divergence,
    mutual_information,
    renyi_leakage,
    sibson_mutual_information,
)
from nsp.ratedistortion import (
    hamming_distortion,
    max_equivocation,
    min_rate,
    rate_distortion_curve,
    rate_given_equivocation,
    rde_point,
    utility_privacy_curve,
)

P22 = np.array([[0.3, 0.2], [0.1, 0.4]])
D22 = np.array([[0.0, 1.0], [1.0, 0.0]])
# Remark-4 instance: X_r = (A, B) uniform on {0,1}^2, X_h = A.
P42 = np.zeros((4, 2))
P42[[0, 1], 0] = 0.25
P42[[2, 3], 1] = 0.25


def full_validations(fn, *args, **kwargs):
    """Return ``(result, number of full validations made by fn(*args, **kwargs))``."""
    before = sum(V._FULL_VALIDATIONS.values())
    out = fn(*args, **kwargs)
    return out, sum(V._FULL_VALIDATIONS.values()) - before


# --- counting ----------------------------------------------------------------------------


def test_utility_privacy_curve_2x2_validates_at_most_10_times():
    _, n = full_validations(utility_privacy_curve, P22, D22, [0.1, 0.3])
    assert n <= 10
    assert not V.is_trusted()


@pytest.mark.parametrize(
    "call",
    [
        lambda grid: utility_privacy_curve(P22, D22, grid),
        lambda grid: utility_privacy_curve(P42, hamming_distortion(4), grid, rate_at_gamma=True),
        lambda grid: utility_privacy_curve(
            np.diag([0.1, 0.2, 0.3, 0.4]), hamming_distortion(4), grid
        ),
        lambda grid: rate_distortion_curve([0.2, 0.3, 0.5], hamming_distortion(3), grid),
    ],
)
def test_the_count_does_not_grow_with_the_grid(call):
    _, short = full_validations(call, [0.1, 0.3])
    _, long = full_validations(call, [0.1, 0.2, 0.3, 0.4, 0.45])
    assert short == long <= 12


@pytest.mark.parametrize(
    "fn, args, kwargs",
    [
        (max_equivocation, (P42, hamming_distortion(4), 0.25), {}),
        (min_rate, (P42, hamming_distortion(4), 0.25), {}),
        (rate_given_equivocation, (P42, hamming_distortion(4), 0.25, 0.7), {}),
        (rde_point, (P22, [[0.9, 0.1], [0.2, 0.8]], D22), {}),
        (renyi_leakage, (P42, 2.0), {}),
        (sibson_mutual_information, (P22, math.inf), {}),
    ],
)
def test_nested_public_calls_do_not_validate_again(fn, args, kwargs):
    _, n = full_validations(fn, *args, **kwargs)
    # one full validation per argument at most (positional + keyword + defaults)
    assert n <= 10


def test_the_counter_counts_full_paths_only():
    _, n = full_validations(V.as_pmf, [0.5, 0.5])
    assert n == 1
    with V.trusted():
        _, n = full_validations(V.as_pmf, [0.5, 0.5])
    assert n == 0


# --- bad input is still refused at the top level -----------------------------------------


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"base": 1.0}, "base must be"),
        ({"base": "decibans"}, "base must be"),
        ({"tol": 0.0}, "tol must be"),
        ({"markov": 1}, "markov must be True or False"),
        ({"dist": [[0.0, -1.0], [1.0, 0.0]]}, "dist must be non-negative"),
        ({"dist": [[0.0, 1.0]]}, "dist must be a matrix"),
        ({"p_src": [[0.3, 0.2], [0.1, 0.3]]}, "p_src must sum to 1"),
        ({"D_grid": [0.1, np.nan]}, "D_grid must hold finite"),
        ({"D_grid": [-0.5]}, "D must be >= D_min"),
    ],
)
def test_utility_privacy_curve_still_rejects_bad_input(kwargs, match):
    args = {"p_src": P22, "dist": D22, "D_grid": [0.1, 0.3]} | kwargs
    with pytest.raises(ValueError, match=match):
        utility_privacy_curve(**args)
    assert not V.is_trusted()


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"D": "0.2"}, "D must be a real number"),
        ({"D": -1.0}, "D must be >= D_min"),
        ({"tol": -1.0}, "tol must be"),
        ({"base": 0.5}, "base must be"),
        ({"dist": np.ones((3, 4))}, "dist must be a matrix"),
    ],
)
def test_min_rate_validates_what_it_hands_down(kwargs, match):
    args = {"p_src": P42, "dist": hamming_distortion(4), "D": 0.25} | kwargs
    with pytest.raises(ValueError, match=match):
        min_rate(**args)


def test_renyi_leakage_validates_alpha_and_base_itself():
    with pytest.raises(ValueError, match="alpha must be"):
        renyi_leakage(P22, -1.0)
    with pytest.raises(ValueError, match="base must be"):
        renyi_leakage(P22, 2.0, base=1)


# --- the fast path is bit-identical ------------------------------------------------------


def same(a, b):
    """Equal bits, dtype and shape (and both or neither a float)."""
    if isinstance(a, np.ndarray):
        return (
            isinstance(b, np.ndarray)
            and a.dtype == b.dtype
            and a.shape == b.shape
            and a.tobytes() == b.tobytes()
        )
    if isinstance(a, float):
        return type(b) is float and a.hex() == b.hex()
    return type(a) is type(b) and a == b


masses = hnp.arrays(
    np.float64,
    hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=4),
    elements=st.floats(0, 10, allow_nan=False, allow_infinity=False, width=32),
).filter(lambda a: a.sum() > 0)
integer_counts = hnp.arrays(
    np.int64,
    hnp.array_shapes(min_dims=1, max_dims=2, min_side=1, max_side=4),
    elements=st.integers(0, 5),
).filter(lambda a: a.sum() > 0)


@given(p=st.one_of(masses, integer_counts), as_list=st.booleans())
def test_as_pmf_fast_path_is_bit_identical(p, as_list):
    raw = p.tolist() if as_list else p
    full = V.as_pmf(raw, normalize=True)
    with V.trusted():
        fast = V.as_pmf(raw, normalize=True)
    assert same(full, fast)
    pmf = full
    full1 = V.as_pmf(pmf)
    with V.trusted():
        fast1 = V.as_pmf(pmf)
    assert same(full1, fast1)
    assert (full1 is pmf) == (fast1 is pmf)  # the same object, or a copy, in both paths


@given(
    w=hnp.arrays(
        np.float64,
        hnp.array_shapes(min_dims=2, max_dims=2, min_side=1, max_side=5),
        elements=st.floats(0.125, 10, width=32),
    ),
    normalize=st.booleans(),
)
def test_as_channel_fast_path_is_bit_identical(w, normalize):
    w = w if normalize else V.as_channel(w, normalize=True)
    full = V.as_channel(w, normalize=normalize)
    with V.trusted():
        fast = V.as_channel(w, normalize=normalize)
    assert same(full, fast)
    assert (full is w) == (fast is w)


@given(
    value=st.one_of(
        st.integers(2, 100),
        st.floats(1.5, 1e6),
        st.sampled_from(["e", "nats", "nat", "bits", "bit", np.float64(3.0), np.int64(4)]),
        st.just(np.array(2.5)),
    )
)
def test_scalar_fast_paths_are_bit_identical(value):
    full = (V.check_base(value), V.log_base(value))
    with V.trusted():
        fast = (V.check_base(value), V.log_base(value))
    assert all(same(a, b) for a, b in zip(full, fast, strict=True))
    if not isinstance(value, str):
        full = (V.check_real("x", value), V.check_tol("tol", value))
        with V.trusted():
            fast = (V.check_real("x", value), V.check_tol("tol", value))
        assert all(same(a, b) for a, b in zip(full, fast, strict=True))
    for flag in (True, False, np.True_):
        assert same(V.check_bool("b", flag), _trusted(V.check_bool, "b", flag))
    for n in (3, np.int64(3), np.array(3)):
        assert same(V.check_int("n", n), _trusted(V.check_int, "n", n))
    assert same(V.as_axes((-1, 0), 3), _trusted(V.as_axes, (-1, 0), 3))


def _trusted(fn, *args, **kwargs):
    with V.trusted():
        return fn(*args, **kwargs)


joints = hnp.arrays(
    np.float64,
    st.tuples(st.integers(1, 4), st.integers(1, 4), st.integers(1, 3)),
    elements=st.floats(0, 1, width=32),
).filter(lambda a: a.sum() > 0)


@given(counts=joints, base=st.sampled_from([2, "e", 10.0]), normalize=st.booleans())
def test_measures_are_bit_identical_under_trusted(counts, base, normalize):
    p = counts if normalize else V.as_pmf(counts, normalize=True)
    calls = [
        (entropy, (p,), {}),
        (mutual_information, (p, (0, 1), 2), {}),
        (conditional_entropy, (p, 1, (0, 2)), {}),
        (kl_divergence, (p, np.full(p.shape, 1.0)), {}),
    ]
    for fn, args, kwargs in calls:
        kwargs = kwargs | {"base": base, "normalize": normalize}
        if fn is kl_divergence:
            kwargs["normalize"] = True
        assert same(fn(*args, **kwargs), _trusted(fn, *args, **kwargs))


@given(
    src=hnp.arrays(np.float64, (3, 2), elements=st.floats(0.125, 1, width=32)),
    w=hnp.arrays(np.float64, (3, 3), elements=st.floats(0.125, 1, width=32)),
    dist=hnp.arrays(np.float64, (3, 3), elements=st.floats(0, 2, width=32)),
    normalize=st.booleans(),
)
def test_rde_point_is_bit_identical_under_trusted(src, w, dist, normalize):
    src = src if normalize else V.as_pmf(src, normalize=True)
    w = V.as_channel(w, normalize=True)
    full = rde_point(src, w, dist, normalize=normalize)
    fast = _trusted(rde_point, src, w, dist, normalize=normalize)
    assert full == fast


def test_channel_capacity_is_bit_identical_under_trusted():
    rng = np.random.default_rng(5)
    w = V.as_channel(rng.random((20, 4)), normalize=True)
    w[7] = w[2]
    full, fast = channel_capacity(w), _trusted(channel_capacity, w)
    assert same(full.capacity, fast.capacity) and same(full.input_pmf, fast.input_pmf)


# --- the trusted state never leaks --------------------------------------------------------


def test_trusted_state_is_reset_when_a_call_raises_inside_it():
    # D below D_min is found inside the trusted block of max_equivocation's solver loop
    with pytest.raises(ValueError, match="D_min"):
        max_equivocation(P42, hamming_distortion(4), -0.1)
    assert not V.is_trusted()
    with pytest.raises(ValueError, match="sum to 1"):
        V.as_pmf([0.5, 0.6])


def test_trusted_blocks_nest_and_reset_on_exceptions():
    with pytest.raises(RuntimeError):
        with V.trusted():
            with V.trusted():
                assert V.is_trusted()
            assert V.is_trusted()
            raise RuntimeError
    assert not V.is_trusted()


def test_other_threads_keep_validating():
    seen = []

    def worker():
        seen.append(V.is_trusted())
        try:
            V.as_pmf([0.5, 0.6])
        except ValueError:
            seen.append("refused")

    with V.trusted():
        t = threading.Thread(target=worker)
        t.start()
        t.join()
    assert seen == [False, "refused"]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: __import__("nsp.noiseless", fromlist=["x"]).noiseless_epsilon(
                lambda a, b: 0, [[0, 1]] * 2
            ),
            r"mech must take 1 positional argument \(it is called as mech\(x\)\)",
        ),
        (
            lambda: __import__("nsp.noiseless", fromlist=["x"]).sensitivity(lambda: 0, [[0, 1]]),
            r"f must take 1 positional argument",
        ),
    ],
)
def test_a_user_callable_of_the_wrong_arity_is_refused_by_name(call, message):
    """Python's own 'takes 2 positional arguments but 1 was given' named nothing of ours."""
    with pytest.raises(ValueError, match=message):
        call()
