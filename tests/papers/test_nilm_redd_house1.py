"""Fig. 4 on REDD house 1: the pipeline on a small synthetic REDD-like frame, exact values.

A fridge (100 W) and a microwave (1 kW) run through the four combinations, minute after
minute, on the paper's dates. The quantizer covers [0, 1100] W. With 1 to 3 bits, readings of 0
and 100 W fall in one bin whose midpoint is nearer 100 W than 0 W, and 1000 and 1100 W in one
nearer 1000 W: CO always predicts the fridge alone below 550 W and the microwave alone above.
The microwave is then always right (F1 = 1); the fridge is on in 2 of 4 minutes and predicted
on in 2 of 4, one of them right: F1 = 2·1 / (2·1 + 1 + 1) = 1/2. From 4 bits (69-W bins) every
sum has its own bin: F1 = 1. With NILMTK's vampire power the same frame is worked by hand below.
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
    assert list(r.columns) == [
        "seed",
        "epsilon",
        "q",
        "lo_w",
        "hi_w",
        "standby",
        "standby_w",
        "appliance",
        "f1",
        "always_on",
    ]
    assert (r.standby == "none").all() and (r.standby_w == 0.0).all()
    assert (r.lo_w == 0.0).all() and (r.hi_w == 1100.0).all()


def test_vampire_power_worked_by_hand(frame):
    # NILMTK's vampire power is the smallest released value. One bit: bins [0, 550) and
    # [550, 1100] with midpoints 275 and 825; every minute is released as one of them, the
    # standby is 275 W and the totals become 275, 375, 1275, 1375 W. 275 W -> all off; 825 W
    # ties 375/1275 and goes up -> the microwave alone. The fridge is never predicted on (F1 =
    # 0), the microwave always right (F1 = 1).
    # Four bits: 16 bins of 68.75 W, so 0, 100, 1000 and 1100 W are released as 34.375,
    # 103.125, 996.875 and 1065.625 W; standby 34.375 W, totals 34.375, 134.375, 1034.375,
    # 1134.375 W. 1065.625 W is nearest 1034.375 W (the microwave alone): the fridge is missed
    # in one of its two on-minutes, F1 = 2 / (2 + 1) = 2/3. Eight bits and no privacy: all right.
    r = nilm.redd_house1_fscore_vs_epsilon(
        frame, appliances=APPS, epsilons=[1, 4, 8], standby="series_min"
    )
    table = r.pivot_table(index="epsilon", columns="appliance", values="f1")
    assert table.loc[1].tolist() == [0.0, 0.5, 1.0]  # fridge, mean, microwave
    assert table.loc[4].tolist() == pytest.approx([2 / 3, 5 / 6, 1.0])
    assert table.loc[[8, math.inf]].to_numpy().tolist() == [[1.0] * 3] * 2
    watts = r.drop_duplicates("epsilon").set_index("epsilon").standby_w
    assert watts.to_dict() == {1.0: 275.0, 4.0: 34.375, 8.0: 1100 / 512, math.inf: 0.0}
    # the standby of the clean training mains is 0 W here: the same as no standby
    train = nilm.redd_house1_fscore_vs_epsilon(
        frame, appliances=APPS, epsilons=[1, 4, 8], standby="train_min"
    )
    none = nilm.redd_house1_fscore_vs_epsilon(frame, appliances=APPS, epsilons=[1, 4, 8])
    pd.testing.assert_series_equal(train.f1, none.f1)
    assert (train.standby == "train_min").all() and (train.standby_w == 0.0).all()


def test_always_on_baseline_is_reported_for_every_row(frame):
    # each appliance is on in 2 of every 4 test minutes: always on scores 2*2 / (2*2 + 2) = 2/3
    r = nilm.redd_house1_fscore_vs_epsilon(frame, appliances=APPS, epsilons=[1, 8])
    assert r.always_on.to_numpy() == pytest.approx(np.full(len(r), 2 / 3))


def test_both_quantizer_stages_use_one_range():
    # 3-s samples whose minutes average 0, 100, 1000 and 1100 W, with one 3-s spike to 5000 W.
    # The default public range is [0, largest 60-s mean of the mains] whether the quantizer acts
    # on the minute means or on the 3-s samples, so the spike does not widen the bins.
    t = pd.date_range("2011-04-23", "2011-05-03", freq="3s", tz="America/New_York")
    k = (np.arange(len(t)) // 20) % 4
    f = pd.DataFrame({"fridge_5": 100.0 * (k % 2), "microwave_11": 1000.0 * (k // 2)}, index=t)
    f["mains_1_2"] = f["fridge_5"] + f["microwave_11"]
    f.iloc[20 * 12003 + 1, f.columns.get_loc("mains_1_2")] = 5000.0  # in a 1100-W test minute
    minute_max = float(nilm.resample(nilm.window(f["mains_1_2"], *nilm.PAPER_WINDOW)).max())
    kw = dict(appliances=APPS, epsilons=[1, 4])
    means = nilm.redd_house1_fscore_vs_epsilon(f, **kw)
    raw = nilm.redd_house1_fscore_vs_epsilon(f, quantize_stage="raw", **kw)
    assert minute_max > 1100.0
    assert means.hi_w.unique().tolist() == raw.hi_w.unique().tolist() == [minute_max]
    assert (means.lo_w == 0.0).all() and (raw.lo_w == 0.0).all()
    fixed = nilm.redd_house1_fscore_vs_epsilon(
        f, quantize_stage="raw", public_range=(0.0, 1100.0), **kw
    )
    assert fixed.hi_w.unique().tolist() == [1100.0]
    # on [0, 1100] W every minute is released alike at either stage: a constant minute's samples
    # share its bin, and the spike minute lands in the top bin both ways (1295 W mean or 5000 W
    # sample, clipped)
    exact = nilm.redd_house1_fscore_vs_epsilon(f, public_range=(0.0, 1100.0), **kw)
    pd.testing.assert_series_equal(fixed.f1, exact.f1)


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


@pytest.mark.data
def test_fig4_with_the_vampire_power_declines_and_always_on_is_the_floor():
    frame = load_redd_house1(meters=["mains_1_2", *nilm.REDD_HOUSE1_METERS.values()])
    r = nilm.redd_house1_fscore_vs_epsilon(frame, epsilons=[1, 12], seeds=[0], standby="series_min")
    rows = r[r.appliance == "mean"].set_index("epsilon")
    # one bit: two bins of [0, largest minute mean]; the standby is the lower midpoint, above
    # nearly every test minute, so CO switches (nearly) everything off
    hi = float(nilm.resample(nilm.window(frame["mains_1_2"], *nilm.PAPER_WINDOW)).max())
    assert rows.standby_w[1.0] == hi / 4
    assert rows.f1[1.0] < 0.05 < 0.35 < rows.f1[12.0]
    # always on, counted directly from the test minutes of each appliance
    split = pd.Timestamp(nilm.PAPER_SPLIT, tz=frame.index.tz)
    expected = {}
    for name, col in nilm.REDD_HOUSE1_METERS.items():
        s = nilm.window(frame[col].dropna(), *nilm.PAPER_WINDOW)
        on = nilm.resample(s[s.index >= split]) >= nilm.ON_THRESHOLD
        expected[name] = 2 * on.sum() / (2 * on.sum() + (~on).sum())
    got = r[(r.epsilon == 1) & (r.appliance != "mean")].set_index("appliance").always_on
    assert got.to_dict() == pytest.approx(expected)
    assert expected["sockets"] == 1.0  # the kitchen sockets draw >= 10 W in every test minute
    assert rows.always_on[1.0] == pytest.approx(np.mean(list(expected.values())))
