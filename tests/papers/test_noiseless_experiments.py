"""The paper's experiments on small synthetic data: the membership game (Fig. 3), NILM (Fig. 4),
taxi uniqueness (Fig. 6), and the paper's instances and tables."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

import nsp.datasets as ds
from nsp.papers import noiseless as paper
from nsp.papers.noiseless import membership as mg
from nsp.papers.noiseless import nilm, taxi


@pytest.fixture
def households(rng):
    base = 10 + 3 * np.sin(np.arange(120) / 9.0)  # a shared seasonal component
    return np.clip(base + rng.gamma(2.0, 2.0, size=(12, 120)), 0, None)


def test_games_are_well_formed():
    games = mg.draw_games(10, 4, 200, seed=1)
    pairs, others = games["pairs"], games["others"]
    assert pairs.shape == (200, 2) and others.shape == (200, 3)
    assert np.all(pairs[:, 0] != pairs[:, 1])
    for p, o in zip(pairs, others, strict=True):
        assert len(set(o)) == 3 and not set(o) & set(p)
    with pytest.raises(ValueError, match="at least n\\+1"):
        mg.draw_games(4, 4, 10, seed=0)


def test_alone_in_the_group_without_privacy_is_always_found(households):
    """n = 1, eps = inf: the release is the household's own series; correlation and MSE never
    miss."""
    games = mg.draw_games(len(households), 1, 300, seed=2)
    wins = mg.play(households, 1, math.inf, games)
    assert wins["correlation"] == 300 and wins["mse"] == 300
    assert wins["peaks"] >= 270


def test_a_constant_release_gives_no_information(households):
    """eps = 0 with the corrected rule is one level: the release does not depend on the secret, so
    every guess is the same whichever household was in the group: wins(j) + wins(1 - j) = games."""
    assert mg.quantizer_levels(0.0, 3, 0.0, 1.0, rule="safe") == 1
    games = mg.draw_games(len(households), 3, 500, seed=3)
    flipped = dict(games, secret=1 - games["secret"])
    wins = mg.play(households, 3, 0.0, games, rule="safe")
    wins_flipped = mg.play(households, 3, 0.0, flipped, rule="safe")
    assert all(wins[p] + wins_flipped[p] == 500 for p in mg.POLICIES)
    # Without the quantizer, flipping the secret changes the release and the guesses.
    clear = mg.play(households, 3, math.inf, games)
    clear_flipped = mg.play(households, 3, math.inf, flipped)
    assert any(clear[p] + clear_flipped[p] != 500 for p in mg.POLICIES)


def test_curves_are_deterministic_and_complete(households):
    kw = dict(group_sizes=[2, 4], epsilons=[1, 3], n_games=150, progress=False)
    a = mg.advantage_curves(households, seed=5, **kw)
    b = mg.advantage_curves(households, seed=5, **kw)
    pd.testing.assert_frame_equal(a, b)
    assert len(a) == 2 * 3 * 3  # sizes × (2 eps + inf) × policies
    assert a.advantage.between(0, 1).all()
    paper = a[(a.epsilon == 1) & (a.n == 4)]
    assert set(paper.q) == {8}  # floor(n 2^eps)
    assert paper.realized_epsilon.iloc[0] == pytest.approx(math.log2(3))


def test_daily_matrix_keeps_complete_days_only():
    ts = pd.date_range("2012-07-01", periods=48 * 4, freq="30min")
    rows = []
    for c in ("a", "b", "c"):
        for t in ts:
            if c == "b" and t.day == 2 and t.hour == 5:
                continue  # household b misses half-hours on day 2
            if c == "c" and t.day >= 2:
                continue  # household c has only day 1
            rows.append((c, t, 0.5))
    frame = pd.DataFrame(rows, columns=["customer", "timestamp", "kwh"])
    m = mg.daily_matrix(frame, min_complete_days=3)
    assert list(m.index) == ["a", "b"]
    assert [d.day for d in m.columns] == [1, 3, 4]
    assert np.allclose(m.values, 24.0)
    with pytest.raises(ValueError, match="lower min_complete_days"):
        mg.daily_matrix(frame, min_complete_days=5)


def test_bad_inputs_are_rejected(households):
    with pytest.raises(ValueError, match="non-negative"):
        mg.advantage_curves(-households, progress=False)
    with pytest.raises(ValueError, match="rule"):
        mg.quantizer_levels(1, 2, 0, 1, rule="exact")


def _trips(points):
    return pd.DataFrame(
        points,
        columns=["pickup_latitude", "pickup_longitude", "dropoff_latitude", "dropoff_longitude"],
    )


def test_taxi_uniqueness_counts_and_nesting(rng):
    lon0, lon1, lat0, lat1 = taxi.PAPER_BBOX
    n = 3000
    centre = rng.normal([40.75, -73.98], 0.02, size=(n, 2))
    pts = np.column_stack([centre, centre + rng.normal(0, 0.03, size=(n, 2))])
    pts[:, [0, 2]] = np.clip(pts[:, [0, 2]], lat0, lat1)
    pts[:, [1, 3]] = np.clip(pts[:, [1, 3]], lon0, lon1)
    curve = ds.uniqueness_vs_epsilon(_trips(pts), list(range(0, 40, 2)))
    assert curve.n_unique.iloc[0] == 0  # one cell: nobody is unique
    assert curve.ratio.is_monotonic_increasing  # nested grids
    assert curve.ratio.iloc[-1] == 1.0
    # Against a dictionary count of the keys at a few grid sizes.
    from collections import Counter

    for b in (2, 8, 64):
        counts = Counter(map(tuple, ds.grid_keys(_trips(pts), b)))
        assert ds.unique_count(ds.grid_keys(_trips(pts), b)) == sum(c == 1 for c in counts.values())


def test_taxi_keys_match_a_direct_count():
    trips = _trips(
        [
            [40.50, -74.26, 40.91, -73.69],
            [40.50, -74.26, 40.91, -73.69],
            [40.80, -73.90, 40.60, -74.0],
        ]
    )
    keys = ds.grid_keys(trips, 4)
    assert keys.tolist()[0] == keys.tolist()[1]
    assert ds.unique_count(keys) == 1
    with pytest.raises(ValueError, match=r"\[lo, hi\]"):
        ds.grid_keys(_trips([[41.5, -74.0, 40.6, -74.0]]), 4)
    with pytest.raises(ValueError, match="columns"):
        ds.grid_keys(trips.drop(columns="pickup_latitude"), 4)


def test_annotation_points():
    curve = pd.DataFrame(
        {"epsilon": [0, 2, 4, 6], "n_unique": [0, 0, 19, 100], "ratio": [0, 0, 0.19, 1.0]}
    )
    assert taxi.annotation_points(curve) == {
        "last_none": 2.0,
        "first_some": 4.0,
        "first_some_count": 19,
        "first_all": 6.0,
    }


# --------------------------------------------------------------------------- NILM (Fig. 4)


def test_appliance_states_recover_two_levels(rng):
    power = np.concatenate(
        [np.zeros(500), 100 + rng.normal(0, 2, 700), 1000 + rng.normal(0, 5, 300)]
    )
    states = nilm.appliance_states(power, seed=1)
    assert states[0] == 0 and len(states) == 3
    assert abs(states[1] - 100) <= 2 and abs(states[2] - 1000) <= 3
    assert nilm.appliance_states(np.full(10, 50.0)).tolist() == [0]  # too few on-readings


def test_co_explains_exact_sums_and_breaks_ties_upwards():
    idx = pd.date_range("2011-04-18", periods=4, freq="60s", tz="US/Eastern")
    model = nilm.CombinatorialOptimisation().set_states({"a": [0, 100], "b": [0, 300]})
    pred = model.predict(pd.Series([0.0, 400.0, 300.0, 200.0], index=idx))
    assert pred.values.tolist() == [
        [0, 0],
        [100, 300],
        [0, 300],
        [0, 300],
    ]  # 200: tie 100 vs 300 → 300


def test_co_vampire_power_worked_by_hand():
    # States 0/100 W and 0/300 W: totals 0, 100, 300, 400 W.
    model = nilm.CombinatorialOptimisation().set_states({"a": [0, 100], "b": [0, 300]})
    mains = pd.Series([500.0, 600.0, 800.0, 900.0, 700.0])
    # without a standby every reading is nearest the largest total, 400 W
    assert model.predict(mains).values.tolist() == [[100, 300]] * 5
    # NILMTK's vampire power: the smallest reading, 500 W, joins every total -> 500, 600, 800,
    # 900 W; 700 W ties 600/800 and goes up
    assert model.predict(mains, standby="series_min").values.tolist() == [
        [0, 0],
        [100, 0],
        [0, 300],
        [100, 300],
        [0, 300],
    ]
    # a fixed 450 W: totals 450, 550, 750, 850; 500 ties 450/550 (up), 600 is nearest 550,
    # 800 ties 750/850 (up), 900 is nearest 850, 700 nearest 750
    assert model.predict(mains, standby=450).values.tolist() == [
        [100, 0],
        [100, 0],
        [100, 300],
        [100, 300],
        [0, 300],
    ]
    # a series reaching 0 W adds nothing (NILMTK added the term only when positive)
    zero = pd.Series([0.0, 400.0, 150.0])
    pd.testing.assert_frame_equal(
        model.predict(zero, standby="series_min"), model.predict(zero, standby="none")
    )
    assert nilm.standby_watts("series_min", mains) == 500.0
    assert nilm.standby_watts("none", mains) == 0.0 and nilm.standby_watts(12.5, mains) == 12.5


def test_co_with_standby_matches_a_brute_force_search(rng):
    # NILMTK appends the standby as one more column of every state combination and takes the
    # nearest total (ties: the larger); checked against an explicit search over all combinations
    for _ in range(40):
        states = {
            f"a{k}": np.unique(np.r_[0, rng.integers(1, 3000, rng.integers(1, 4))])
            for k in range(int(rng.integers(1, 4)))
        }
        mains = pd.Series(rng.uniform(0, 8000, 60).round(1))
        standby = float(rng.choice([0.0, rng.uniform(0, 500), float(mains.min())]))
        pred = nilm.CombinatorialOptimisation().set_states(states).predict(mains, standby=standby)
        grids = np.meshgrid(*states.values(), indexing="ij")
        combos = np.stack([g.ravel() for g in grids], axis=1)
        totals = combos.sum(axis=1) + standby
        for i, m in enumerate(mains):
            dist = np.abs(totals - m)
            best = totals[dist == dist.min()].max()  # tie -> the larger total
            assert pred.iloc[i].sum() + standby == pytest.approx(best)


def test_always_on_f1_worked_by_hand():
    # on in 3 of 5 readings: TP = 3, FP = 2, FN = 0 -> 2*3 / (2*3 + 2)
    assert nilm.always_on_f1(pd.Series([0.0, 50.0, 50.0, 0.0, 50.0])) == 0.75
    assert nilm.always_on_f1(pd.Series([0.0, 9.9])) == 0.0  # never on (below 10 W)
    assert nilm.always_on_f1(pd.Series([10.0, 20.0])) == 1.0
    assert nilm.always_on_f1(pd.Series([0.0, 50.0]), threshold=60.0) == 0.0
    # the same number as scoring a prediction that is on everywhere
    truth = pd.Series([0.0, 12.0, 0.0, 0.0, 30.0, 11.0, 0.0])
    assert nilm.always_on_f1(truth) == nilm.f1_on_off(pd.Series(1e6, index=truth.index), truth)


def test_f1_on_off():
    idx = pd.date_range("2011-04-18", periods=6, freq="60s")
    truth = pd.Series([0, 50, 50, 0, 50, 0.0], index=idx)
    pred = pd.Series([0, 50, 0, 50, 50, 0.0], index=idx)
    assert nilm.f1_on_off(pred, truth) == pytest.approx(2 * 2 / (2 * 2 + 1 + 1))
    assert nilm.f1_on_off(pd.Series(0.0, index=idx), truth) == 0.0


@pytest.mark.parametrize("eps", [0.5, 1, 2.5, 4])
def test_local_quantization_respects_the_budget(rng, eps):
    s = pd.Series(rng.uniform(0, 3000, 5000))
    out = nilm.privatize(s, eps, lo=0.0, hi=3000.0)
    assert out.nunique() <= 2**eps


def test_fscore_curve_on_a_small_synthetic_household():
    mains, subs = nilm.synthetic_household(days=4, seed=3)
    assert len(mains) == 4 * 86400 and all(len(s) == 4 * 86400 // 3 for s in subs.values())
    assert (mains >= 0).all()
    curve = nilm.fscore_vs_epsilon(mains, subs, split="2011-04-20", epsilons=[1, 3, 30])
    assert set(curve.appliance) == set(subs) | {"mean"}
    assert curve.f1.between(0, 1).all()
    by_eps = curve[curve.appliance == "mean"].set_index("epsilon").f1
    assert by_eps[30] == pytest.approx(by_eps[np.inf])  # bins of micro-watts change nothing
    assert by_eps[1] != pytest.approx(by_eps[np.inf])  # two levels do change the disaggregation
    raw = nilm.fscore_vs_epsilon(
        mains, subs, split="2011-04-20", epsilons=[1, 30], quantize_stage="raw"
    )
    raw_mean = raw[raw.appliance == "mean"].set_index("epsilon").f1
    assert raw_mean[30] == pytest.approx(by_eps[np.inf]) and raw_mean[1] != pytest.approx(
        by_eps[np.inf]
    )
    with pytest.raises(ValueError, match="split"):
        nilm.fscore_vs_epsilon(mains, subs, split="2030-01-01")


def test_redd_series_sums_the_mains_legs(tmp_path):
    house = tmp_path / "low_freq" / "house_1"
    house.mkdir(parents=True)
    t0 = 1303132929
    labels = {
        1: "mains",
        2: "mains",
        5: "refrigerator",
        6: "dishwaser",
        8: "kitchen_outlets",
        9: "lighting",
        11: "microwave",
    }
    (house / "labels.dat").write_text("".join(f"{c} {lab}\n" for c, lab in labels.items()))
    for c in labels:
        times = range(t0, t0 + 30, 1 if c <= 2 else 3)
        (house / f"channel_{c}.dat").write_text("".join(f"{t} {float(c)}\n" for t in times))
    mains, subs = nilm.redd_series(path=str(tmp_path))
    assert (mains == 3.0).all() and len(mains) == 30
    assert set(subs) == set(nilm.REDD_HOUSE1_APPLIANCES)
    assert (subs["fridge"] == 5.0).all()


def test_nested_grids_agree_with_quantizing_each_grid_directly():
    """uniqueness_vs_epsilon derives coarse grids from the finest by bit shifts; check against
    quantizing every grid from the coordinates."""
    trips = taxi.synthetic_trips(20_000, seed=4)
    eps = list(range(0, 50, 2))
    curve = ds.uniqueness_vs_epsilon(trips, eps)
    for e, u in zip(eps, curve.n_unique, strict=True):
        _, counts = np.unique(ds.grid_keys(trips, taxi.boxes_for(e)), axis=0, return_counts=True)
        assert u == int(np.sum(counts == 1)), e
    # A non-power-of-two grid takes the direct path.
    odd = ds.uniqueness_vs_epsilon(trips, [3, 5])
    assert odd.boxes.tolist() == [2, 5]


def test_unique_count_falls_back_to_ranks_for_huge_cells():
    big = 2**40
    keys = np.array([[big, big], [big, big], [big + 1, 3], [5, big * 3]], dtype=np.int64)
    assert ds.unique_count(keys) == 2
    with pytest.raises(ValueError, match="non-negative"):
        ds.unique_count([[-1, 0]])


@pytest.mark.data
def test_paper_claim_uniqueness_rises_from_none_to_all_on_the_stand_in():
    """Sec. V-C: negligible for small ε, all trips unique for large ε (on the 2016 stand-in)."""
    from nsp.datasets import load_nyc_taxi

    trips = load_nyc_taxi(bbox="paper")
    curve = ds.uniqueness_vs_epsilon(trips)
    assert curve.n_unique.iloc[0] == 0 and curve.ratio.iloc[-1] == 1.0
    assert curve.ratio.is_monotonic_increasing


# --------------------------------------------------------------------------- the paper's instances
def test_theorem8_counterexample_reaches_five_bins():
    q, bins = paper.theorem8_counterexample()
    assert q == 16 and bins == [0, 1, 2, 3, 4]
    assert len(bins) > 2 ** paper.THEOREM8_EXAMPLE["epsilon"]
    with pytest.raises(ValueError, match="others"):
        paper.theorem8_counterexample(n=3)


def test_theorem4_table_shows_the_printed_reading_fails():
    table = paper.theorem4_table()
    assert table.best_error.iloc[0] == pytest.approx(0.1**2 / 12)
    assert table.bound.iloc[0] == pytest.approx(1.530e-3, rel=1e-3)
    assert table.bound_holds.tolist() == [False, True]


def test_levels_table_and_realized_curves_agree():
    table = paper.levels_table([1, 2, 3], [2, 4])
    assert (table.q_paper == table.n * 2**table.epsilon).all()
    assert np.allclose(table.realized_epsilon_paper, np.log2(2**table.epsilon + 1))
    assert (table.realized_epsilon_safe <= table.epsilon + 1e-12).all()
    curves = paper.realized_epsilon_curves([1.0, 2.0], [4])
    assert curves.rule.tolist() == ["paper", "paper", "safe", "safe"]
    assert np.allclose(curves.realized_epsilon, [np.log2(3), np.log2(5), 1.0, 2.0])


def test_window_keeps_whole_days():
    idx = pd.date_range("2011-04-22 23:00", periods=4 * 24, freq="h", tz="US/Eastern")
    kept = nilm.window(pd.Series(1.0, index=idx), "2011-04-23", "2011-04-24")
    assert kept.index[0] == pd.Timestamp("2011-04-23", tz="US/Eastern")
    assert kept.index[-1] == pd.Timestamp("2011-04-24 23:00", tz="US/Eastern")
    assert len(kept) == 2 * 24
    assert nilm.PAPER_WINDOW == ("2011-04-23", "2011-05-21") and nilm.PAPER_SPLIT == "2011-04-30"


# --------------------------------------------------------------------------- bad input
@pytest.mark.parametrize("eps", [float("nan"), -1.0, "2", None, True])
def test_the_game_refuses_a_bad_budget(households, eps):
    """NaN used to play the game without privacy; every bad budget is now refused."""
    games = mg.draw_games(len(households), 2, 10, seed=0)
    with pytest.raises(ValueError, match="epsilon"):
        mg.play(households, 2, eps, games)
    with pytest.raises(ValueError, match="epsilon"):
        mg.advantage_curves(households, group_sizes=[2], epsilons=[1, eps], progress=False)


@pytest.mark.parametrize(
    "call, match",
    [
        (lambda X: mg.advantage_curves(X, n_games=0, progress=False), "n_games"),
        (lambda X: mg.advantage_curves(X, n_games=2.5, progress=False), "n_games"),
        (lambda X: mg.advantage_curves(X, group_sizes=[0], progress=False), "group_sizes"),
        (lambda X: mg.advantage_curves(X, rule="exact", progress=False), "rule"),
        (lambda X: mg.advantage_curves(X, output="centre", progress=False), "output"),
        (lambda X: mg.advantage_curves(X, seed=-1, progress=False), "seed"),
        (lambda X: mg.advantage_curves(X, progress="no"), "progress"),
        (lambda X: mg.advantage_curves(X, include_nonprivate=1, progress=False), "include"),
        (lambda X: mg.advantage_curves(X, peak_tolerance=-1, progress=False), "peak_tolerance"),
        (lambda X: mg.advantage_curves(X[:, :2], progress=False), "at least 3"),
        (lambda X: mg.advantage_curves(X * np.nan, progress=False), "finite"),
        (lambda X: mg.advantage_curves(X + 1j, progress=False), "real"),
        (lambda X: mg.play(X, 3, 1.0, mg.draw_games(len(X), 2, 5, seed=0)), "groups of 2"),
        (lambda X: mg.play(X, 2, 1.0, {"pairs": []}), "draw_games"),
        (lambda X: mg.play(X, 2, 1.0, mg.draw_games(len(X), 2, 5, seed=0), bounds=(0,)), "pair"),
        (lambda X: mg.play(X[:4], 2, 1.0, mg.draw_games(len(X), 2, 50, seed=0)), "beyond"),
        (lambda X: mg.draw_games(10, 0, 5, seed=0), "n must"),
        (lambda X: mg.draw_games(10, 2, 5, seed=1.5), "seed"),
        (lambda X: mg.draw_games(10, 2, 0, seed=0), "n_games"),
        (lambda X: mg.quantizer_levels(float("nan"), 2, 0, 1), "epsilon"),
        (lambda X: mg.quantizer_levels(1, 0, 0, 1), "n must"),
        (lambda X: mg.quantizer_levels(1, 2, 0, float("inf")), "hi"),
        (lambda X: mg.advantage(11, 10), "wins"),
        (lambda X: mg.advantage(5, 0), "n_games"),
        (lambda X: mg.daily_matrix(pd.DataFrame(), min_complete_days=0), "min_complete_days"),
        (lambda X: mg.daily_matrix(X), "DataFrame"),
    ],
)
def test_the_game_refuses_bad_input(households, call, match):
    with pytest.raises(ValueError, match=match):
        call(households)


@pytest.mark.parametrize(
    "call, match",
    [
        (lambda: taxi.boxes_for(float("nan")), "epsilon"),
        (lambda: taxi.boxes_for(-2), "epsilon"),
        (lambda: taxi.boxes_for("4"), "epsilon"),
        (lambda: ds.grid_keys(_trips([[40.6, -74.0, 40.6, -74.0]]), 2.5), "boxes"),
        (lambda: ds.grid_keys(_trips([[40.6, -74.0, 40.6, -74.0]]), 0), "boxes"),
        (lambda: ds.grid_keys(_trips([[40.6, -74.0, 40.6, -74.0]]), 2, bbox=(0, 1)), "bbox"),
        (
            lambda: ds.grid_keys(_trips([[40.6, -74.0, 40.6, -74.0]]), 2, bbox=(1, 0, 0, 1)),
            "bbox",
        ),
        (lambda: ds.grid_keys([[40.6, -74.0, 40.6, -74.0]], 2), "DataFrame"),
        (lambda: ds.unique_count([[0.5, 1.0]]), "integer"),
        (lambda: ds.unique_count([0, 1]), "shape"),
        (lambda: taxi.synthetic_trips(0), "n must"),
        (lambda: taxi.synthetic_trips(10, decimals=-1), "decimals"),
        (lambda: taxi.synthetic_trips(10, seed=None), "seed"),
        (lambda: ds.uniqueness_vs_epsilon(taxi.synthetic_trips(10), [float("nan")]), "epsilons"),
        (lambda: ds.uniqueness_vs_epsilon(taxi.synthetic_trips(10).iloc[:0]), "empty"),
        (lambda: nilm.synthetic_household(days=1), "days"),
        (lambda: nilm.synthetic_household(days=2.0), "days"),
        (lambda: nilm.synthetic_household(days=2, unmodelled_w=float("nan")), "unmodelled_w"),
        (lambda: nilm.synthetic_household(days=2, seed=-1), "seed"),
        (lambda: nilm.appliance_states([1.0] * 30, threshold=float("nan")), "threshold"),
        (lambda: nilm.appliance_states([1.0] * 30, max_samples=0), "max_samples"),
        (lambda: nilm.appliance_states([1j] * 30), "real"),
        (lambda: nilm.f1_on_off(pd.Series([1.0]), pd.Series([1.0]), threshold="10"), "threshold"),
        (lambda: nilm.privatize(pd.Series([1.0]), float("nan"), lo=0.0, hi=1.0), "epsilon"),
        (lambda: nilm.privatize(pd.Series([1.0]), 1, lo=1.0, hi=0.0), "lo < hi"),
        (lambda: nilm.redd_series(house=0), "house"),
    ],
)
def test_taxi_and_nilm_refuse_bad_input(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_nilm_curve_refuses_bad_options():
    mains, subs = nilm.synthetic_household(days=2, seed=3)
    for kw, match in [
        ({"epsilons": [float("nan")]}, "epsilons"),
        ({"quantize_stage": "late"}, "quantize_stage"),
        ({"threshold": -1.0}, "threshold"),
        ({"seed": 0.5}, "seed"),
        ({"standby": "median"}, "standby"),
        ({"standby": -5.0}, "standby"),
        ({"public_range": (10.0, 0.0)}, "lo < hi"),
        ({"public_range": "0..100"}, "public_range"),
        ({"public_range": (0.0, float("nan"))}, "public_range"),
    ]:
        with pytest.raises(ValueError, match=match):
            nilm.fscore_vs_epsilon(mains, subs, split="2011-04-19", **kw)


def test_sizes_are_guarded_before_memory_runs_out(households):
    with pytest.raises(ValueError, match="days"):
        nilm.synthetic_household(days=10_000)
    with pytest.raises(ValueError, match="n must"):
        taxi.synthetic_trips(10**9)
    with pytest.raises(ValueError, match="n_games"):
        mg.draw_games(10, 2, 10**9, seed=0)
    with pytest.raises(ValueError, match="real"):
        mg.advantage_curves(households.astype(str), progress=False)
    with pytest.raises(ValueError, match="real"):
        nilm.privatize(pd.Series(["1.0"]), 1, lo=0.0, hi=1.0)


@pytest.mark.parametrize(
    "call, match",
    [
        (lambda: nilm.CombinatorialOptimisation(threshold=float("nan")), "threshold"),
        (lambda: nilm.CombinatorialOptimisation(seed=-1), "seed"),
        (lambda: nilm.CombinatorialOptimisation().set_states({"a": [0, 100.5]}), "integer"),
        (lambda: nilm.CombinatorialOptimisation().set_states({"a": []}), "integer"),
        (lambda: nilm.standby_watts("median", pd.Series([1.0])), "standby"),
        (lambda: nilm.standby_watts(-1.0, pd.Series([1.0])), "standby"),
        (lambda: nilm.standby_watts("series_min", pd.Series([], dtype=float)), "non-empty"),
        (lambda: nilm.always_on_f1(pd.Series([], dtype=float)), "truth"),
        (lambda: taxi.annotation_points(pd.DataFrame({"epsilon": [0]})), "uniqueness_vs_epsilon"),
        (lambda: paper.theorem8_counterexample(others=("a", 0, 0)), "others"),
        (lambda: paper.theorem8_counterexample(others=(2, 0, 0)), "others"),
        (lambda: paper.theorem8_counterexample(epsilon=float("nan")), "epsilon"),
        (lambda: paper.levels_table([float("nan")], [2]), "epsilon"),
        (lambda: paper.levels_table([1], [0]), "group_sizes"),
        (lambda: paper.realized_epsilon_curves([1.0], [1.5]), "group_sizes"),
        (lambda: paper.theorem4_table(rho_joint=0.0), "rho"),
        (lambda: paper.theorem4_table(p=0), "p"),
    ],
)
def test_paper_helpers_refuse_bad_input(call, match):
    with pytest.raises(ValueError, match=match):
        call()
