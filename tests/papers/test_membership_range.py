"""The membership game's quantizer range (noiseless Fig. 3): ``bounds`` and ``meter_range``."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from nsp.papers import noiseless as paper
from nsp.papers.noiseless import membership as mg


@pytest.fixture
def households():
    rng = np.random.default_rng(12)
    base = 10 + 3 * np.sin(np.arange(120) / 9.0)
    return np.clip(base + rng.gamma(2.0, 2.0, size=(12, 120)), 0, None)


def test_meter_range_values():
    # 100 A at 230 V for 24 h: 23 kW × 24 h = 552 kWh; three phases of 63 A: 1043.28 kWh.
    assert mg.meter_range() == (0.0, 552.0)
    assert mg.meter_range(amps=63, phases=3) == (0.0, 1043.28)
    assert mg.meter_range(volts=240, hours=1) == (0.0, 24.0)


@pytest.mark.parametrize(
    ("kw", "name"),
    [
        ({"amps": 0}, "amps"),
        ({"volts": -230}, "volts"),
        ({"phases": 4}, "phases"),
        ({"phases": 1.5}, "phases"),
        ({"hours": 0}, "hours"),
        ({"hours": math.inf}, "hours"),
    ],
)
def test_meter_range_rejects_bad_options(kw, name):
    with pytest.raises(ValueError, match=name):
        mg.meter_range(**kw)


def test_default_bounds_are_the_datas_own_range(households):
    kw = dict(group_sizes=[2, 4], epsilons=[1, 2], n_games=120, progress=False, seed=3)
    default = mg.advantage_curves(households, **kw)
    own = mg.advantage_curves(households, bounds=(0.0, float(households.max())), **kw)
    pd.testing.assert_frame_equal(default, own)
    assert (default.lo == 0).all() and (default.hi == households.max()).all()


def test_the_range_changes_the_advantage_not_the_levels(households):
    kw = dict(group_sizes=[4], epsilons=[2], n_games=300, progress=False, seed=1)
    own = mg.advantage_curves(households, **kw)
    wide = mg.advantage_curves(households, bounds=(0.0, 64 * float(households.max())), **kw)
    assert (own.q == wide.q).all()
    # The non-private reference does not depend on the range.
    free = ~np.isfinite(own.epsilon)
    pd.testing.assert_series_equal(
        own[free].advantage.reset_index(drop=True), wide[free].advantage.reset_index(drop=True)
    )
    # A range 64 times the data's maximum puts every daily average in the first bin:
    # the release is constant and every policy is at chance level (a coin, up to sampling).
    private = wide[np.isfinite(wide.epsilon)]
    assert (private.advantage < 0.2).all()
    assert private.advantage.sum() < own[np.isfinite(own.epsilon)].advantage.sum()


@pytest.mark.parametrize("n", [2, 3, 4])
def test_doubling_the_range_costs_one_bit(households, n):
    """With lo = 0 and the paper's rule, (eps + 1, 2R) has the same bins as (eps, R)."""
    hi = float(households.max()) * 1.5
    games = mg.draw_games(len(households), n, 200, seed=n)
    for eps in (1, 2, 3):
        narrow = mg.play(households, n, eps, games, bounds=(0.0, hi))
        wide = mg.play(households, n, eps + 1, games, bounds=(0.0, 2 * hi))
        assert narrow == wide


@pytest.mark.parametrize(
    ("bounds", "match"),
    [
        ((0.0,), "pair"),
        ("ab", "pair"),
        ((0.0, 1.0, 2.0), "pair"),
        (5.0, "pair"),
        ((1.0, 1.0), "lo < hi"),
        ((0.0, math.nan), "bounds"),
        ((0.0, 1.0), "hold every value"),
        ("above the minimum", "hold every value"),
    ],
)
def test_bad_bounds_are_rejected(households, bounds, match):
    if bounds == "above the minimum":
        bounds = (float(households.min()) + 0.1, 1000.0)
    with pytest.raises(ValueError, match=match):
        mg.advantage_curves(households, bounds=bounds, progress=False)
    games = mg.draw_games(len(households), 2, 5, seed=0)
    with pytest.raises(ValueError, match=match):
        mg.play(households, 2, 1.0, games, bounds=bounds)


def test_game_protocol_messages_are_mathtext():
    """Fig. 2's messages render as mathematics: balanced $ and the paper's symbols."""
    assert len(paper.GAME_PROTOCOL) == 5
    for _, _, text in paper.GAME_PROTOCOL:
        assert text.count("$") % 2 == 0
        outside = text.split("$")[::2]  # the plain text between formulas
        assert not any("_" in part or "\\" in part for part in outside), text
    assert r"x_{i_j,t}" in paper.GAME_PROTOCOL[2][2]
    assert r"\mathfrak{M}" in paper.GAME_PROTOCOL[2][2]
    from matplotlib.mathtext import MathTextParser

    parser = MathTextParser("path")
    for _, _, text in paper.GAME_PROTOCOL:
        parser.parse(text)  # raises on bad mathtext
