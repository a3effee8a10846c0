"""Fig. 4 on REDD house 1: the pipeline on a small synthetic REDD-like frame, exact values.

A fridge (100 W) and a microwave (1 kW) run through the four combinations, minute after
minute, on the paper's dates. The quantizer covers [0, 1100] W. With 1 to 3 bits, readings of 0
and 100 W fall in one bin whose midpoint is nearer 100 W than 0 W, and 1000 and 1100 W in one
nearer 1000 W: CO always predicts the fridge alone below 550 W and the microwave alone above.
The microwave is then always right (F1 = 1); the fridge is on in 2 of 4 minutes and predicted
on in 2 of 4, one of them right: F1 = 2·1 / (2·1 + 1 + 1) = 1/2. From 4 bits (69-W bins) every
sum has its own bin: F1 = 1.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from nsp.datasets import load_redd_house1
from nsp.papers.noiseless import nilm

APPS = {"fridge": "fridge_5", "microwave": "microwave_11"}


@pytest.fixture
def frame() -> pd.DataFrame:
    t = pd.date_range("2011-04-20", "2011-05-25", freq="60s", tz="America/New_York")
    k = np.arange(len(t)) % 4
    f = pd.DataFrame({"fridge_5": 100.0 * (k % 2), "microwave_11": 1000.0 * (k // 2)}, index=t)
    f["mains_1_2"] = f["fridge_5"] + f["microwave_11"]
    f["light_9"] = np.nan  # an unused column with gaps does not matter
    return f


def test_exact_fscores_by_budget(frame):
    r = nilm.redd_house1_fscore_vs_epsilon(frame, appliances=APPS, epsilons=[1, 2, 3, 4, 8])
    table = r.pivot_table(index="epsilon", columns="appliance", values="f1")
    assert table.loc[[1, 2, 3], "fridge"].tolist() == [0.5, 0.5, 0.5]
    assert table.loc[[1, 2, 3], "microwave"].tolist() == [1.0, 1.0, 1.0]
    assert table.loc[[1, 2, 3], "mean"].tolist() == [0.75, 0.75, 0.75]
    assert table.loc[[4, 8, math.inf]].to_numpy().tolist() == [[1.0] * 3] * 3
    assert r.q.unique().tolist() == [2, 4, 8, 16, 256, 0]
    assert list(r.columns) == ["seed", "epsilon", "q", "appliance", "f1"]


def test_window_split_and_seeds(frame):
    # the paper's window drops the days before April 23 and after May 21; the split is local
    r = nilm.redd_house1_fscore_vs_epsilon(frame, appliances=APPS, epsilons=[1], seeds=[0, 5])
    assert r.seed.unique().tolist() == [0, 5]
    assert (r.groupby("seed").f1.apply(list).apply(len) == 6).all()
    with pytest.raises(ValueError, match="split"):
        nilm.redd_house1_fscore_vs_epsilon(
            frame, appliances=APPS, epsilons=[1], window_days=("2011-05-01", "2011-05-21")
        )


def test_quantizing_raw_readings_is_the_same_for_constant_minutes(frame):
    a = nilm.redd_house1_fscore_vs_epsilon(frame, appliances=APPS, epsilons=[1, 4])
    b = nilm.redd_house1_fscore_vs_epsilon(
        frame, appliances=APPS, epsilons=[1, 4], quantize_stage="raw"
    )
    pd.testing.assert_frame_equal(a, b)


def test_bad_arguments(frame):
    with pytest.raises(ValueError, match="lacks the column"):
        nilm.redd_house1_fscore_vs_epsilon(frame, appliances={"x": "absent"})
    with pytest.raises(ValueError, match="appliances"):
        nilm.redd_house1_fscore_vs_epsilon(frame, appliances={})
    with pytest.raises(ValueError, match="seeds"):
        nilm.redd_house1_fscore_vs_epsilon(frame, appliances=APPS, seeds=[])
    with pytest.raises(ValueError, match="seeds"):
        nilm.redd_house1_fscore_vs_epsilon(frame, appliances=APPS, seeds=[-1])


def test_the_paper_meters_are_the_top_five_single_meters():
    assert nilm.REDD_HOUSE1_METERS == {
        "fridge": "fridge_5",
        "microwave": "microwave_11",
        "sockets": "sockets_8",
        "light": "light_9",
        "dish washer": "dish_washer_6",
    }
    channels = {k: int(v.rsplit("_", 1)[1]) for k, v in nilm.REDD_HOUSE1_METERS.items()}
    assert channels == {k: v[0] for k, v in nilm.REDD_HOUSE1_APPLIANCES.items()}


@pytest.mark.data
def test_fig4_on_redd_house1_drops_at_one_and_two_bits():
    frame = load_redd_house1(meters=["mains_1_2", *nilm.REDD_HOUSE1_METERS.values()])
    r = nilm.redd_house1_fscore_vs_epsilon(frame, epsilons=[1, 2, 12], seeds=[0])
    mean = r[r.appliance == "mean"].set_index("epsilon").f1.round(3)
    assert mean.to_dict() == {1.0: 0.252, 2.0: 0.174, 12.0: 0.432, math.inf: 0.433}
