# ---
# jupyter:
#   jupytext:
#     formats: py:percent
#     notebook_metadata_filter: kernelspec,jupytext,-jupytext.text_representation
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Noiseless privacy — NILM under local quantization of the mains (Fig. 4)
#
# The household reports its mains through a local quantizer with $\lfloor 2^\epsilon \rfloor$
# levels on $[0, \max]$ ($\epsilon$ bits per reading). A combinatorial-optimisation disaggregator
# (NILMTK's CO, written here) is trained on one week of clean appliance data and must tell, over
# the next three weeks, when each appliance is on. The paper reports that the F-score of those
# on/off states falls as $\epsilon$ decreases.
#
# **Data.** The paper uses REDD house 1, which is not available offline. The main figure runs on
# three **real UK households** (REFIT houses 2 and 20, UK-DALE house 2; `nsp.datasets.
# load_nilm_household`): whole-house power and four sub-metered appliances (kettle, dishwasher,
# washing machine, microwave) as 30-s means. Every month in which all channels are present in at
# least 99 % of the 30-s slots gives one window: its first 7 days train, the next 21 test. CO
# models the four appliances plus the unmetered remainder "other" (aggregate minus the four);
# the F-score is the mean over the four appliances, averaged over a house's windows and then over
# the houses. The synthetic REDD-like households of the earlier version are kept below as an
# extra (set `redd_path` to a REDD folder to run that part on the real house 1).

# %% tags=["parameters"]
quick: bool = False  # run in seconds: one house, one month, one window, fewer budgets
houses: list = ["REFIT 2", "REFIT 20", "UKDALE 2"]  # real households ("<dataset> <house>")
min_coverage: float = 0.99  # least share of a month's 30-s slots with every channel present
train_days: int = 7  # training days at the start of each complete month (the paper: one week)
test_days: int = 21  # test days after them (the paper: three weeks)
epsilons: list = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]  # privacy budgets (bits per reading)
seed: int = 0  # seed of k-means (and of the first synthetic household)
redd_path: str = ""  # extra: a REDD low_freq root or house folder; empty: synthetic households
days: int = 36  # extra: days of synthetic data, from 2011-04-18 like REDD house 1
n_households: int = 5  # extra: synthetic households (seeds) averaged
unmodelled_w: float = 40.0  # extra: mean unmodelled base load of a synthetic household, watts
split: str = "2011-04-30"  # extra: train before this date, test after it (the paper's split)
window_start: str = "2011-04-23"  # extra: first day used (the paper's text)
window_end: str = "2011-05-21"  # extra: last day used (the paper's text)

# %%
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from nsp.datasets import load_nilm_household
from nsp.papers.noiseless import nilm
from nsp.plotting import certified, mark_stand_in, save_table, savefig, use_style

use_style()
months = None
if quick:
    houses, months, epsilons = ["UKDALE 2"], ["2013-06"], epsilons[::4]
    days, n_households, window_start, split = 6, 1, "2011-04-18", "2011-04-21"

parts = []
for label in houses:
    dataset, house = label.split()
    frame = load_nilm_household(dataset, int(house), months=months)
    for month in nilm.complete_months(frame, min_coverage=min_coverage):
        c = nilm.household_fscore_vs_epsilon(
            frame,
            start=f"{month}-01",
            train_days=train_days,
            test_days=test_days,
            epsilons=epsilons,
            seed=seed,
        )
        parts.append(c.assign(house=frame.attrs["source"], window=month))
real = certified(pd.concat(parts, ignore_index=True))
save_table(real, "noiseless/table_t3_nilm_f1")
windows = real.groupby("house").window.nunique()
print(windows.to_string())
# per house: mean over its windows; then the mean over houses
per_house = real.groupby(["house", "appliance", "epsilon"], as_index=False).f1.mean()
overall = per_house.groupby(["appliance", "epsilon"], as_index=False).f1.mean()
overall.pivot_table(index="epsilon", columns="appliance", values="f1").round(3)

# %%
fig, (ax, ax2) = plt.subplots(1, 2, figsize=(10, 4.2))
fin = np.isfinite
mean_h = per_house[(per_house.appliance == "mean") & fin(per_house.epsilon)]
for h, c in mean_h.groupby("house"):
    ax.plot(c.epsilon, c.f1, lw=1, alpha=0.6, marker=".", label=f"{h} ({windows[h]} windows)")
mean_all = overall[(overall.appliance == "mean") & fin(overall.epsilon)]
ax.plot(mean_all.epsilon, mean_all.f1, color="k", lw=2, marker="o", label="mean over houses")
base = overall[(overall.appliance == "mean") & ~fin(overall.epsilon)].f1.iloc[0]
ax.axhline(base, color="0.4", ls=":", label="no privacy (mean over houses)")
ax.set(
    xlabel="privacy budget ε [bits per reading]",
    ylabel="f-score (mean over 4 appliances)",
    ylim=(0, 1),
    title="Fig. 4: CO disaggregation, real UK houses",
)
ax.legend(fontsize=7)
per_app = overall[(overall.appliance != "mean") & fin(overall.epsilon)]
for name, c in per_app.groupby("appliance"):
    style = dict(ls="--", color="0.5") if name == "other" else {}
    ax2.plot(
        c.epsilon,
        c.f1,
        marker=".",
        label=name + (" (not in mean)" if name == "other" else ""),
        **style,
    )
ax2.set(
    xlabel="privacy budget ε [bits per reading]",
    ylabel="f-score (mean over houses)",
    ylim=(0, 1),
    title="per appliance",
)
ax2.legend(fontsize=7)
mark_stand_in(
    fig,
    "stand-in for REDD house 1: real UK houses (REFIT 2, 20, UK-DALE 2), one 230 V mains channel "
    "as 30-s means (REDD: two US legs at 1 Hz), 4 sub-metered appliances (kettle, dishwasher, "
    "washing machine, microwave) + unmetered 'other' instead of REDD's top five (fridge, "
    "microwave, sockets, lighting, dishwasher), REFIT mains clipped at 6 kW; "
    f"{int(windows.sum())} one-week-train / three-week-test windows from complete months",
)
plot_data = pd.concat([per_house, overall.assign(house="mean over houses")], ignore_index=True)[
    ["house", "appliance", "epsilon", "f1"]
]
savefig(fig, "noiseless/fig4_nilm_fscore", data=certified(plot_data))

# %% [markdown]
# ## Extra: synthetic REDD-like households
#
# Five appliances following REDD house 1's top five (fridge, microwave, kitchen sockets,
# lighting, dishwasher) at 1 Hz with an unmodelled base load, several seeds, on the paper's dates.

# %%
if redd_path:
    synth = [nilm.redd_series(path=redd_path)]
    source = "REDD house 1"
else:
    synth = [
        nilm.synthetic_household(days=days, unmodelled_w=unmodelled_w, seed=seed + k)
        for k in range(n_households)
    ]
    source = f"{n_households} synthetic REDD-like household(s)"
curves = []
for k, (mains, subs) in enumerate(synth):
    c = nilm.fscore_vs_epsilon(
        nilm.window(mains, window_start, window_end),
        {a: nilm.window(s, window_start, window_end) for a, s in subs.items()},
        split=split,
        epsilons=epsilons,
        seed=seed,
    )
    curves.append(c.assign(household=k))
curves = certified(pd.concat(curves, ignore_index=True))
save_table(curves, "noiseless/table_t3_nilm_f1_synthetic")

fig, (ax, ax2) = plt.subplots(1, 2, figsize=(10, 3.8))
mean = curves[(curves.appliance == "mean") & fin(curves.epsilon)]
stats = mean.groupby("epsilon").f1.agg(["mean", "min", "max"]).reset_index()
ax.plot(stats.epsilon, stats["mean"], marker="o", label="mean over appliances")
if len(synth) > 1:
    ax.fill_between(
        stats.epsilon, stats["min"], stats["max"], alpha=0.2, label="range over households"
    )
sbase = curves[(curves.appliance == "mean") & ~fin(curves.epsilon)].f1.mean()
ax.axhline(sbase, color="0.4", ls=":", label="no privacy")
ax.set(
    xlabel="privacy budget ε [bits per reading]",
    ylabel="f-score",
    ylim=(0, 1),
    title="Extra: CO on synthetic households",
)
ax.legend(fontsize=8)
per = (
    curves[(curves.appliance != "mean") & fin(curves.epsilon)]
    .groupby(["appliance", "epsilon"])
    .f1.mean()
)
for name, c in per.groupby(level=0):
    ax2.plot(c.index.get_level_values(1), c.values, marker=".", label=name)
ax2.set(
    xlabel="privacy budget ε [bits per reading]",
    ylabel="f-score",
    ylim=(0, 1),
    title="per appliance",
)
ax2.legend(fontsize=8)
if not redd_path:
    mark_stand_in(fig, f"synthetic extra: {source}, not REDD house 1")
synth_data = pd.concat(
    [stats.assign(appliance="mean", no_privacy=sbase), per.rename("mean").reset_index()],
    ignore_index=True,
)
savefig(fig, "noiseless/fig4_nilm_synthetic", data=certified(synth_data))

# %% [markdown]
# ## Differences from the paper
# - **Data**: three real UK households (REFIT 2 and 20, UK-DALE 2) replace REDD house 1 (not
#   available offline): one mains channel as 30-s means instead of two US legs at 1 Hz; four
#   sub-metered appliances (kettle, dishwasher, washing machine, microwave) plus the unmetered
#   remainder "other" instead of REDD's top five (only the microwave and the dishwasher are
#   shared); REFIT's mains is clipped at 6 kW by its redistributor. Instead of the paper's one
#   window, every complete month gives a one-week-train / three-week-test window, and the curve
#   is averaged over windows and houses. The synthetic REDD-like households are an extra.
# - **Finding**: on these houses CO is weak even without privacy (mean F-score over the four
#   appliances 0.13 at ε = ∞, averaged over 18 windows and 3 houses; the kettle is the best
#   found, 0.30), and the F-score does **not** fall steadily as ε decreases: it is flat from 12
#   down to 6 bits, *rises* to 0.17 at 3 bits (a coarse quantizer acts as a threshold on the
#   mains, which separates the large loads from the rest about as well as CO's nearest sum), and
#   only at 1 bit drops below the no-privacy value (0.09). The paper's monotone decline on REDD
#   house 1 is not reproduced here; the synthetic extra shows the decline below about 4 bits.
# - CO follows NILMTK (on > 10 W, at most 2000 training readings, two k-means clusters plus off,
#   nearest total with ties to the larger one, 60-s means); k-means is a small numpy version, not
#   scikit-learn's. The quantizer acts on the 60-s means fed to CO, on $[0, \max$ mains of the
#   window$]$, releasing bin midpoints. "other" is on nearly always, so it is left out of the
#   mean (it would score near 1 for any prediction that keeps it on).
# - ε is per reading; a whole test period of $T$ readings costs $T\epsilon$ (Theorem 6).
