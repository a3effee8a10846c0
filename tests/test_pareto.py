"""λ sweeps and Pareto fronts: Fig. 7 of Ding & Farokhi exactly, λ-windows against direct
runs, and the non-dominated filter against a brute-force definition."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from nsp.clustering.nonstochastic import algorithm1, algorithm2, merge_path
from nsp.papers.agglomerative import example1_range
from nsp.pareto import default_lambdas, lambda_sweep, lambda_windows, normalize, pareto_front

EX1 = example1_range().mask
VALUES_EX4 = [0.2, 0.1, 0.4, 0.3, 0.6, 1.5, 4.0]


def points(df: pd.DataFrame, source: str | None = None) -> list[tuple[float, float]]:
    d = df if source is None else df[df.source == source]
    return sorted(set(zip(d.loss_norm.round(4), d.leakage_norm.round(4), strict=True)))


def test_fig7_u1_sweep_and_path():
    df = lambda_sweep(EX1, algorithm="merge_across_components", include_path=True)
    assert points(df, "sweep") == [(0.0, 1.0), (0.5646, 0.0)]
    assert points(df, "path") == [
        (0.0, 1.0),
        (0.3562, 0.4307),
        (0.3562, 0.6826),
        (0.3562, 0.8614),
        (0.5646, 0.0),
    ]
    # Example 3's solution (0, log 7/3): utility loss 1 − log(7/3)/log 7
    assert df[df.source == "sweep"].loss_norm.max() == pytest.approx(1 - np.log(7 / 3) / np.log(7))


@pytest.mark.parametrize(
    ("distance", "sweep", "extra_path_point", "windows"),
    [
        (
            "abs",
            [(0.0, 1.0), (0.0513, 0.6826), (0.3419, 0.4307), (1.0, 0.0)],
            (0.0256, 0.8614),
            [(0, 6.4386, np.inf), (2, 1.0323, 6.4386), (3, 0.7792, 1.0323), (4, 0.0, 0.7792)],
        ),
        # the paper lists no λ for (0.0007, 0.8614) with (x − x̂)², but λ in [55.34, 128.77)
        # returns it
        (
            "sq",
            [(0.0, 1.0), (0.0007, 0.8614), (0.0026, 0.6826), (0.1169, 0.4307), (1.0, 0.0)],
            (0.0007, 0.8614),
            [(1, 55.3383, 128.7712), (3, 0.2978, 1.3465), (4, 0.0, 0.2978)],
        ),
    ],
)
def test_fig7_u2_sweep_path_and_windows(distance, sweep, extra_path_point, windows):
    df = lambda_sweep(
        EX1,
        algorithm="algorithm2",
        utility="U2",
        values=VALUES_EX4,
        distance=distance,
        include_path=True,
    )
    assert points(df, "sweep") == sweep
    assert set(points(df, "path")) == set(sweep) | {extra_path_point}
    w = lambda_windows(
        merge_path(EX1, algorithm="algorithm2", utility="U2", values=VALUES_EX4, distance=distance)
    )
    got = {
        int(r.t): (round(r.lam_low, 4), round(r.lam_high, 4)) for r in w.itertuples() if r.reachable
    }
    for t, lo, hi in windows:
        assert got[t] == (round(lo, 4), round(hi, 4))


@given(seed=st.integers(0, 2**32 - 1))
def test_windows_agree_with_direct_runs(seed):
    rng = np.random.default_rng(seed)
    n_s, n_x = int(rng.integers(2, 7)), int(rng.integers(2, 9))
    mask = rng.random((n_s, n_x)) < rng.uniform(0.1, 0.6)
    mask[rng.integers(0, n_s, n_x), np.arange(n_x)] = True
    mask[np.arange(n_s), rng.integers(0, n_x, n_s)] = True
    values = rng.normal(size=n_x)
    for alg, name in [(algorithm1, "algorithm1"), (algorithm2, "algorithm2")]:
        for utility in ("U1", "U2"):
            path = merge_path(mask, algorithm=name, utility=utility, values=values)
            w = lambda_windows(path)
            for lam in default_lambdas(path, num=6):
                # λ exactly at a breakpoint is decided by the floating ΔL; skip the edges
                t = alg(mask, float(lam), utility=utility, values=values).iterations
                row = w.iloc[t]
                assert row.lam_low - 1e-9 <= lam < row.lam_high + 1e-9
            # the default grid (it has the breakpoints) hits every reachable point of the windows
            hit = {path.stop_index(float(lam)) for lam in default_lambdas(path)}
            assert hit == set(w[w.reachable].t)


@given(seed=st.integers(0, 2**32 - 1))
def test_pareto_front_is_the_non_dominated_set(seed):
    rng = np.random.default_rng(seed)
    d = pd.DataFrame(
        {"loss_norm": rng.integers(0, 5, 12) / 4, "leakage_norm": rng.integers(0, 5, 12) / 4}
    )
    front = pareto_front(d)
    pts = list(zip(d.loss_norm, d.leakage_norm, strict=True))
    brute = {p for p in pts if not any(q[0] <= p[0] and q[1] <= p[1] and q != p for q in pts)}
    assert set(zip(front.loss_norm, front.leakage_norm, strict=True)) == brute


def test_normalize_and_sweep_inputs():
    d = pd.DataFrame({"leakage": [2.0, 1.0], "utility": [-0.5, -2.0]})
    out = normalize(d, utility="U2", leakage_max=2.0, utility_max=0.0)
    assert out.leakage_norm.tolist() == [1.0, 0.5] and out.loss_norm.tolist() == [0.25, 1.0]
    out = normalize(d, utility="U2", leakage_max=2.0, utility_max=0.0, u2_hat=-4.0)
    assert out.loss_norm.tolist() == [0.125, 0.5]
    with pytest.raises(ValueError, match="utility"):
        normalize(d, utility="U9", leakage_max=1, utility_max=1)
    with pytest.raises(ValueError, match="algorithm"):
        lambda_sweep(EX1, algorithm="nope")
    with pytest.raises(ValueError, match="lo < hi"):
        default_lambdas(lo=1, hi=0.5)


def test_paper_numbers_are_aliases_of_the_algorithm_names():
    for name, alias in (
        ("merge_by_leakage", "algorithm1"),
        ("merge_across_components", "algorithm2"),
    ):
        by_name = lambda_sweep(EX1, [0.0, 0.3, 1.0], algorithm=name)
        pd.testing.assert_frame_equal(by_name, lambda_sweep(EX1, [0.0, 0.3, 1.0], algorithm=alias))
    for bad in ("alg1", "algorithm2_prime", "greedy_privacy_funnel"):
        with pytest.raises(ValueError, match="algorithm must be one of"):
            lambda_sweep(EX1, algorithm=bad)


def test_problem_10_sweep_always_has_zero_maximin():
    df = lambda_sweep(EX1, [0.0, 0.3, 1.0, 10.0], algorithm="merge_until_connected")
    with pytest.raises(ValueError, match="algorithm must be one of"):
        lambda_sweep(EX1, [0.0, 0.3], algorithm="indistinguishable_l0")  # the old name is gone
    # every outcome has I* = 0; the privacy axis here is L0 / L0(S→X)
    assert (df.n_clusters <= 4).all()
    assert df.leakage_norm.max() <= 1.0


def test_pareto_front_rejects_nan():
    d = pd.DataFrame({"loss_norm": [0.0, np.nan, 0.5], "leakage_norm": [1.0, 0.2, 0.1]})
    with pytest.raises(ValueError, match="NaN"):
        pareto_front(d)
    d = pd.DataFrame({"loss_norm": [0.0, 0.3], "leakage_norm": [1.0, np.nan]})
    with pytest.raises(ValueError, match="leakage_norm"):
        pareto_front(d)


@given(seed=st.integers(0, 2**32 - 1))
def test_problem_10_sweep_normalizes_by_the_singletons(seed):
    """The Sec. V-C variant's sweep normalizes by the singletons' L0(S→X) and U(X;X).

    No extra run: the same numbers as every run's first iterate.
    """
    from nsp.clustering.nonstochastic import merge_until_connected, start_point

    rng = np.random.default_rng(seed)
    n_s, n_x = int(rng.integers(2, 6)), int(rng.integers(2, 8))
    mask = rng.random((n_s, n_x)) < 0.4
    mask[rng.integers(0, n_s, n_x), np.arange(n_x)] = True
    mask[np.arange(n_s), rng.integers(0, n_x, n_s)] = True
    values = rng.normal(size=n_x)
    for utility in ("U1", "U2"):
        first = merge_until_connected(mask, 0.7, utility=utility, values=values).history[0]
        assert start_point(mask, utility=utility, values=values) == (first.leakage, first.utility)
        df = lambda_sweep(
            mask, [0.0, 0.7], algorithm="merge_until_connected", utility=utility, values=values
        )
        p0 = first.leakage
        expected = df.leakage / p0 if p0 > 0 else 0 * df.leakage
        assert df.leakage_norm.tolist() == pytest.approx(expected.tolist())


@given(seed=st.integers(0, 2**32 - 1))
def test_breakpoints_are_the_finite_positive_thresholds_and_decide_the_stop(seed):
    rng = np.random.default_rng(seed)
    n_s, n_x = int(rng.integers(2, 7)), int(rng.integers(2, 9))
    mask = rng.random((n_s, n_x)) < rng.uniform(0.1, 0.6)
    mask[rng.integers(0, n_s, n_x), np.arange(n_x)] = True
    mask[np.arange(n_s), rng.integers(0, n_x, n_s)] = True
    for name in ("algorithm1", "algorithm2"):
        path = merge_path(mask, algorithm=name, utility="U2", values=rng.normal(size=n_x))
        p, u = path.leakage, path.utility
        a, b = p[:-1] - p[1:], u[:-1] - u[1:]
        ok = (a > 0) & (b > 0)
        assert path.breakpoints().tolist() == pytest.approx(sorted(set((a[ok] / b[ok]).tolist())))
        c = path.thresholds()
        for lam in (0.0, 0.1, 1.0, 10.0):
            # the returned index: the last t before the first step with λ ≥ c[t]
            rejected = [t for t in range(1, len(c)) if not lam < c[t]]
            expect = (rejected[0] - 1) if rejected else len(c) - 1
            assert path.stop_index(lam) == expect


_D = pd.DataFrame({"leakage": [2.0, 1.0], "utility": [3.0, 1.5]})
_PT = pd.DataFrame({"loss_norm": [0.0, 1.0], "leakage_norm": [1.0, 0.0]})


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: default_lambdas(lo=0), "lo"),
        (lambda: default_lambdas(lo=float("nan")), "lo"),
        (lambda: default_lambdas(hi=float("inf")), "hi"),
        (lambda: default_lambdas(hi="100"), "hi"),
        (lambda: default_lambdas(num=0), "num"),
        (lambda: default_lambdas(num=12.0), "num"),
        (lambda: default_lambdas(num=True), "num"),
        (lambda: default_lambdas(path=[1.0]), "MergePath"),
        (lambda: lambda_windows(EX1), "MergePath"),
        (lambda: lambda_sweep(EX1, [0.1, float("nan")]), "lambdas"),
        (lambda: lambda_sweep(EX1, [-1.0]), "lambdas"),
        (lambda: lambda_sweep(EX1, []), "lambdas"),
        (lambda: lambda_sweep(EX1, ["a"]), "lambdas"),
        (lambda: lambda_sweep(EX1, [[0.1]]), "lambdas"),
        (lambda: lambda_sweep(EX1, [1j]), "lambdas"),
        (lambda: lambda_sweep(EX1, utility="U3"), "utility"),
        (lambda: lambda_sweep(EX1, distance="l2"), "distance"),
        (lambda: lambda_sweep(EX1, base=1), "base"),
        (lambda: lambda_sweep(EX1, base=True), "base"),
        (lambda: lambda_sweep(EX1, include_path="yes"), "include_path"),
        (lambda: normalize(_D, utility="U1", leakage_max=float("nan"), utility_max=1), "leakage"),
        (lambda: normalize(_D, utility="U1", leakage_max=-1.0, utility_max=1), "leakage_max"),
        (lambda: normalize(_D, utility="U1", leakage_max=1, utility_max="3"), "utility_max"),
        (lambda: normalize(_D, utility="U2", leakage_max=1, utility_max=1, u2_hat=True), "u2_hat"),
        (lambda: normalize(_D[["leakage"]], utility="U1", leakage_max=1, utility_max=1), "utility"),
        (lambda: normalize([1, 2], utility="U1", leakage_max=1, utility_max=1), "DataFrame"),
        (lambda: pareto_front(_PT, tol=-1.0), "tol"),
        (lambda: pareto_front(_PT, tol=float("nan")), "tol"),
        (lambda: pareto_front(_PT, x="nope"), "x='nope'"),
        (lambda: pareto_front(_PT.to_numpy()), "DataFrame"),
    ],
)
def test_bad_options_are_refused(call, match):
    with pytest.raises(ValueError, match=match):
        call()


@pytest.mark.parametrize(
    "algorithm", ["merge_by_leakage", "merge_across_components", "merge_until_connected"]
)
def test_medoid_sweep_equals_direct_runs(algorithm):
    from nsp.clustering.nonstochastic import merge_until_connected

    run = {"merge_by_leakage": algorithm1, "merge_across_components": algorithm2}.get(
        algorithm, merge_until_connected
    )
    lams = [0.0, 0.3, 1.0, 2.5, 10.0]
    kw = dict(utility="U2", values=VALUES_EX4, codeword="medoid")
    df = lambda_sweep(EX1, lams, algorithm=algorithm, **kw)
    centroid = lambda_sweep(EX1, lams, algorithm=algorithm, utility="U2", values=VALUES_EX4)
    for lam, row in zip(lams, df.itertuples(), strict=True):
        res = run(EX1, lam, **kw)
        assert (row.leakage, row.utility) == pytest.approx((res.leakage, res.utility), abs=1e-12)
        assert row.n_clusters == len(res.partition)
    # the medoid changes the utility somewhere along the sweep (it is passed on)
    assert not np.allclose(df.utility.to_numpy(), centroid.utility.to_numpy())
