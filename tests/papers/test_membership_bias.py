"""Why quantizing can raise the correlation policy's advantage (noiseless Fig. 3).

``membership.correlation_bias`` plays each game in both worlds and hands the correlation policy
transforms of the release. Its counts are checked against :func:`membership.play`, its shares
against their definitions, the season's role on seeded random households, and the claims of the
notes on the SGSC households.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from nsp.papers.noiseless import membership as mg
from nsp.paths import project_root


def _seasonal_households(seed: int, *, households: int = 10, days: int = 150) -> np.ndarray:
    """Households that follow one season with different amplitudes, plus their own noise."""
    rng = np.random.default_rng(seed)
    season = 1 + np.cos(2 * np.pi * np.arange(days) / days + rng.uniform(0, 2 * np.pi))
    amplitude = rng.uniform(1, 8, size=(households, 1))
    return 5 + amplitude * season + rng.gamma(1.5, 1.0, size=(households, days))


@pytest.mark.parametrize(("seed", "n", "eps"), [(0, 2, 3), (1, 3, 2), (2, 4, 4)])
def test_both_worlds_agree_with_the_game(seed, n, eps):
    """The exact and quantized rows are the game played with j = 0 and with j = 1."""
    X = _seasonal_households(seed)
    n_games = 300
    table = mg.correlation_bias(X, n=n, epsilon=eps, n_games=n_games, seed=seed, window=9)
    rows = table.set_index("release")
    games = mg.draw_games(X.shape[0], n, n_games, seed=seed)
    for release, budget in (("exact average", math.inf), ("quantized", eps)):
        assert rows.loc[release, "undecided"] == 0  # no coin: play and the table agree exactly
        wins = [
            mg.play(X, n, budget, {**games, "secret": np.full(n_games, j)})["correlation"]
            for j in (0, 1)
        ]
        assert rows.loc[release, "advantage"] == pytest.approx(sum(wins) / n_games - 1, abs=1e-12)
    # The game's own estimate (one secret per game) is the same on average.
    wins = mg.play(X, n, math.inf, games)["correlation"]
    assert abs(2 * wins / n_games - 1 - rows.loc["exact average", "advantage"]) < 0.15


@pytest.mark.parametrize("seed", range(4))
def test_shares_partition_the_games(seed):
    X = _seasonal_households(seed)
    table = mg.correlation_bias(X, n=3, epsilon=1, n_games=200, seed=seed, window=9)
    total = table.both_right + table.same_name + table.both_wrong + table.undecided
    np.testing.assert_allclose(total, 1.0, atol=1e-12)
    decided = table.undecided == 0
    np.testing.assert_allclose(
        table.advantage[decided], (table.both_right - table.both_wrong)[decided], atol=1e-12
    )
    exact = table.set_index("release").loc["exact average"]
    assert exact.excess == 0 and exact.excess_se == 0
    assert list(table.release) == list(mg.BIAS_RELEASES)
    assert (table.width == table.width.iloc[0]).all()


@pytest.mark.parametrize("seed", range(5))
def test_the_season_hides_the_member_from_the_correlation_policy(seed):
    """On households that share a season, the policy mostly names the more seasonal one of a
    pair whichever is the member; without the season it finds the member."""
    X = _seasonal_households(seed)
    rows = mg.correlation_bias(X, n=4, epsilon=2, n_games=400, seed=seed, window=11).set_index(
        "release"
    )
    exact, deseasoned = rows.loc["exact average"], rows.loc["exact average minus its moving mean"]
    seasonal = rows.loc["moving mean of the exact average"]
    assert exact.seasonal_share > 0.6
    assert exact.same_name > 0.5
    assert seasonal.seasonal_share == pytest.approx(1.0)
    assert deseasoned.seasonal_share < 0.1
    assert deseasoned.excess > 3 * deseasoned.excess_se
    assert deseasoned.advantage > 0.8
    assert seasonal.advantage < exact.advantage


@pytest.mark.parametrize(
    ("kw", "name"),
    [
        ({"n": 10}, "n"),
        ({"n": 0}, "n"),
        ({"epsilon": math.inf}, "epsilon"),
        ({"window": 2}, "window"),
        ({"window": 151}, "window"),
        ({"n_games": 0}, "n_games"),
        ({"rule": "exact"}, "rule"),
        ({"bounds": (0.0, 1.0)}, "bounds"),
    ],
)
def test_bad_options_are_refused(kw, name):
    X = _seasonal_households(0)
    args = {"n": 2, "epsilon": 2.0, **kw}
    with pytest.raises(ValueError, match=name):
        mg.correlation_bias(X, **args)


@pytest.fixture(scope="module")
def sgsc():
    from nsp.datasets import load_smart_meter

    frame = load_smart_meter(source="sgsc", start="2012-07-01", end="2013-06-30")
    return mg.daily_matrix(frame, min_complete_days=350).to_numpy()


@pytest.mark.data
def test_the_notes_claims_on_the_sgsc_households(sgsc):
    """Fig. 3's excess at (n, ε) = (16, 2) under the meter's range, as the notes explain it."""
    rows = mg.correlation_bias(
        sgsc, n=16, epsilon=2, bounds=mg.meter_range(), n_games=4000, seed=0
    ).set_index("release")
    exact, quantized = rows.loc["exact average"], rows.loc["quantized"]
    shifted = rows.loc["quantized, grid shifted by half a bin"]
    inside = rows.loc["exact average clipped to the modal bin"]
    beyond = rows.loc["exact average beyond the modal bin"]
    deseasoned = rows.loc["exact average minus its moving mean"]
    # q = 64 levels of 552/64 = 8.625 kWh.
    assert (quantized.q, quantized.width) == (64, 8.625)
    # Without privacy the policy names the same household whichever is the member on most pairs,
    # and the season explains most of the average's variation.
    assert exact.same_name > 0.7 and exact.seasonal_share > 0.7
    # Quantizing raises the advantage by several paired standard errors, and flattens the season.
    assert quantized.excess > 4 * quantized.excess_se
    assert quantized.seasonal_share < 0.45
    # The gain is what lies beyond the modal bin; inside it the exact average does no better.
    assert beyond.excess > 4 * beyond.excess_se
    assert inside.excess < 2 * inside.excess_se
    # It depends on where the edges fall: half a bin over, the quantizer lowers the advantage.
    assert shifted.excess < -3 * shifted.excess_se
    # Removing the season is what the policy needed.
    assert deseasoned.advantage > 0.55 and deseasoned.seasonal_share < 0.05


def test_the_notes_quote_the_committed_tables():
    """The numbers of the notes on the excess are those of the committed tables."""
    figures = project_root() / "figures" / "noiseless"
    bias = pd.read_csv(figures / "table_t2_correlation_bias.csv").set_index(["n", "release"])
    quoted = {
        (16, "exact average"): {"advantage": 0.199, "se": 0.004, "same_name": 0.80},
        (16, "quantized"): {"advantage": 0.284, "se": 0.005, "excess": 0.085, "excess_se": 0.004},
        (16, "exact average beyond the modal bin"): {
            "advantage": 0.305,
            "excess": 0.105,
            "excess_se": 0.005,
        },
        (16, "exact average clipped to the modal bin"): {
            "advantage": 0.187,
            "excess": -0.013,
            "excess_se": 0.002,
        },
        (16, "quantized, grid shifted by half a bin"): {
            "advantage": 0.159,
            "excess": -0.041,
            "excess_se": 0.003,
        },
        (16, "exact average minus its moving mean"): {"advantage": 0.646},
        (16, "moving mean of the exact average"): {"advantage": 0.085},
        (8, "quantized"): {"excess": 0.029, "excess_se": 0.004},
    }
    for key, values in quoted.items():
        for column, value in values.items():
            digits = 2 if column == "same_name" else 3
            assert round(float(bias.loc[key, column]), digits) == value, (key, column)
    assert round(100 * bias.loc[(16, "exact average"), "seasonal_share"]) == 79
    assert round(100 * bias.loc[(16, "quantized"), "seasonal_share"]) == 32
    game = pd.read_csv(figures / "table_t2_membership_game.csv")
    at = game[(game.n == 16) & (game.range == "meter rating") & (game.policy == "correlation")]
    assert at[at.epsilon == 2].advantage.item() == 0.322
    assert at[at.epsilon == math.inf].advantage.item() == 0.202
    for path in ("docs/papers/noiseless.md", "notebooks/noiseless/03_membership_game.py"):
        text = " ".join((project_root() / path).read_text(encoding="utf-8").split())
        for phrase in ("0.322 against 0.202", "0.284 ± 0.005", "+0.085 ± 0.004", "0.159"):
            assert phrase in text.replace("# ", ""), (path, phrase)
