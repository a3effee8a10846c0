"""The membership game (Fig. 3) and taxi uniqueness (Fig. 6) on small synthetic data."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from nsp.experiments import membership as mg
from nsp.experiments import taxi


@pytest.fixture
def households(rng):
    base = 10 + 3 * np.sin(np.arange(120) / 9.0)  # a shared seasonal component
    return np.clip(base + rng.gamma(2.0, 2.0, size=(12, 120)), 0, None)


def test_games_are_well_formed():
    games = mg.draw_games(10, 4, 200, seed=1)
    pairs, others = games["pairs"], games["others"]
    assert pairs.shape == (200, 2) and others.shape == (200, 3)
    assert np.all(pairs[:, 0] != pairs[:, 1])
    for p, o in zip(pairs, others):
        assert len(set(o)) == 3 and not set(o) & set(p)
    with pytest.raises(ValueError, match="at least n\\+1"):
        mg.draw_games(4, 4, 10, seed=0)


def test_alone_in_the_group_without_privacy_is_always_found(households):
    """n = 1, eps = inf: the release is the household's own series; correlation and MSE never miss."""
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
    return pd.DataFrame(points, columns=["pickup_latitude", "pickup_longitude", "dropoff_latitude", "dropoff_longitude"])


def test_taxi_uniqueness_counts_and_nesting(rng):
    lon0, lon1, lat0, lat1 = taxi.PAPER_BBOX
    n = 3000
    centre = rng.normal([40.75, -73.98], 0.02, size=(n, 2))
    pts = np.column_stack([centre, centre + rng.normal(0, 0.03, size=(n, 2))])
    pts[:, [0, 2]] = np.clip(pts[:, [0, 2]], lat0, lat1)
    pts[:, [1, 3]] = np.clip(pts[:, [1, 3]], lon0, lon1)
    curve = taxi.uniqueness_vs_epsilon(_trips(pts), list(range(0, 40, 2)))
    assert curve.n_unique.iloc[0] == 0  # one cell: nobody is unique
    assert curve.ratio.is_monotonic_increasing  # nested grids (spec X2)
    assert curve.ratio.iloc[-1] == 1.0
    brute = [sum(1 for k in map(tuple, taxi.grid_keys(_trips(pts), b)) if k) for b in [1]]
    assert brute == [n]


def test_taxi_keys_match_a_direct_count():
    trips = _trips([[40.50, -74.26, 40.91, -73.69], [40.50, -74.26, 40.91, -73.69], [40.80, -73.90, 40.60, -74.0]])
    keys = taxi.grid_keys(trips, 4)
    assert keys.tolist()[0] == keys.tolist()[1]
    assert taxi.unique_count(keys) == 1
    with pytest.raises(ValueError, match=r"\[lo, hi\]"):
        taxi.grid_keys(_trips([[41.5, -74.0, 40.6, -74.0]]), 4)
    with pytest.raises(ValueError, match="columns"):
        taxi.grid_keys(trips.drop(columns="pickup_latitude"), 4)


def test_annotation_points():
    curve = pd.DataFrame({"epsilon": [0, 2, 4, 6], "n_unique": [0, 0, 19, 100], "ratio": [0, 0, 0.19, 1.0]})
    assert taxi.annotation_points(curve) == {"last_none": 2.0, "first_some": 4.0, "first_some_count": 19, "first_all": 6.0}
