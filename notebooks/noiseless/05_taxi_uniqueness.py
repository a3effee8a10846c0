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
# # Noiseless privacy — uniqueness of quantized taxi trips (Figs. 5 and 6)
#
# Every coordinate of a trip's pickup and dropoff is reported through a local quantizer of the
# box of Fig. 5 with $\lfloor 2^{\epsilon/2} \rfloor$ levels, so each point costs $\epsilon$ bits
# and the trip $2\epsilon$ (Theorem 6). A trip whose quantized start–end pair is unique can be
# singled out by anyone who knows where it started and ended.
#
# **Data.** The paper uses the first $10^6$ trips of Kaggle's 2014 NYC taxi file, not available
# offline. By default this notebook runs on the **stand-in**: 10,000 yellow-cab trips sampled from
# January 2016. Set `taxi_path` to the 2014 file to use the original.

# %% tags=["parameters"]
quick: bool = False  # run in seconds with reduced sizes
taxi_path: str = ""  # the Kaggle 2014 CSV (nyc_taxi_data_2014.csv); empty: the offline stand-in
nrows: int = 1000000  # read the first nrows trips of the file, as the paper did
n_synthetic: int = 1000000  # also run on a synthetic NYC-like set of this many trips, 0 to skip
epsilons: list = [
    0,
    2,
    4,
    6,
    8,
    10,
    12,
    14,
    16,
    18,
    20,
    22,
    24,
    26,
    28,
    30,
    32,
    34,
    36,
    38,
    40,
    42,
    44,
    46,
    48,
]  # point budgets (bits)

# %%
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from nsp.datasets import load_nyc_taxi
from nsp.papers.noiseless import taxi
from nsp.plotting import mark_stand_in, savefig, use_style

use_style()
trips = load_nyc_taxi(path=taxi_path or None, bbox="paper", nrows=nrows)
if quick:
    trips, epsilons, n_synthetic = trips.iloc[:2000], epsilons[:10], min(n_synthetic, 20000)
stand_in = trips.attrs.get("stand_in_for")
print(
    f"{len(trips)} trips in the box ({trips.attrs['format']}; read {trips.attrs['n_read']}, dropped "
    f"{trips.attrs['dropped_zero_coordinates']} with zero and {trips.attrs['dropped_outside_bbox']} outside the box)"
)
lon0, lon1, lat0, lat1 = taxi.PAPER_BBOX

# %%
fig, ax = plt.subplots(figsize=(5.2, 5.2))
lon = np.concatenate([trips.pickup_longitude, trips.dropoff_longitude])
lat = np.concatenate([trips.pickup_latitude, trips.dropoff_latitude])
hb = ax.hexbin(
    lon,
    lat,
    gridsize=70 if not quick else 30,
    bins="log",
    extent=(lon0, lon1, lat0, lat1),
    mincnt=1,
    cmap="viridis",
)
ax.plot(
    [lon0, lon1, lon1, lon0, lon0],
    [lat0, lat0, lat1, lat1, lat0],
    color="C3",
    lw=1.2,
    label="paper's box",
)
ax.set_aspect(1 / np.cos(np.deg2rad(40.7)))
ax.set(
    xlabel="longitude [°]",
    ylabel="latitude [°]",
    title="Fig. 5: NYC pickups and dropoffs" + (" — 2016 stand-in" if stand_in else ""),
)
fig.colorbar(hb, ax=ax, label="points per cell (log)", shrink=0.8)
ax.legend(loc="lower right")
if stand_in:
    mark_stand_in(
        fig,
        f"stand-in: {len(trips)} NYC yellow-cab trips of January 2016, not the paper's 2014 trips",
    )
counts = hb.get_array()
centres = hb.get_offsets()
savefig(
    fig,
    "noiseless/fig5_nyc_map",
    data=pd.DataFrame({"lon": centres[:, 0], "lat": centres[:, 1], "points": np.asarray(counts)}),
)

# %%
curve = taxi.uniqueness_vs_epsilon(trips, epsilons).assign(
    data="stand-in" if stand_in else "trips file"
)
notes = taxi.annotation_points(curve)
print(notes)
curves = [curve]
if n_synthetic:
    synthetic = taxi.uniqueness_vs_epsilon(taxi.synthetic_trips(n_synthetic, seed=0), epsilons)
    curves.append(synthetic.assign(data="synthetic"))
    print("synthetic:", taxi.annotation_points(synthetic))
fig, ax = plt.subplots(figsize=(6.4, 4.0))
for c, style in zip(curves, ("o-", "s--"), strict=False):
    shown = c[c.ratio > 0]
    label = (
        (f"{len(trips)} trips, 2016 stand-in" if stand_in else f"{len(trips)} trips")
        if c is curve
        else f"{n_synthetic:,} synthetic trips"
    )
    ax.semilogy(shown.epsilon, shown.ratio, style, label=label)
if notes["last_none"] is not None:
    ax.axvline(notes["last_none"], color="0.6", ls=":")
    ax.text(
        notes["last_none"],
        0.5,
        "no unique source-destinations ",
        fontsize=8,
        va="center",
        ha="right",
        rotation=90,
        transform=ax.get_xaxis_transform(),
    )
if notes["first_some"] is not None:
    ax.annotate(
        f"{notes['first_some_count']} unique source-destinations",
        xy=(notes["first_some"], notes["first_some_count"] / len(trips)),
        xytext=(8, 6),
        textcoords="offset points",
        fontsize=8,
    )
if notes["first_all"] is not None:
    ax.annotate(
        "all unique source-destinations",
        xy=(notes["first_all"], 1.0),
        xytext=(5, -15),
        textcoords="offset points",
        fontsize=8,
    )
ax.legend(loc="lower right", fontsize=8)
ax.set(
    xlabel="privacy budget ε [bits per point; 2ε per trip]",
    ylabel="ratio of unique source-destinations",
    title="Fig. 6: unique quantized start–end points" + (" — stand-in data" if stand_in else ""),
)
if stand_in:
    mark_stand_in(
        fig,
        f"stand-in: {len(trips)} NYC yellow-cab trips of January 2016 and synthetic trips, "
        "not the paper's 2014 trips",
    )
savefig(fig, "noiseless/fig6_taxi_uniqueness", data=pd.concat(curves, ignore_index=True))

# %% [markdown]
# ## Differences from the paper
# - **Data**: 10,000 trips of January 2016 stand in for the first $10^6$ trips of 2014. With a
#   hundred times fewer trips, cells are shared less, so uniqueness appears at smaller ε and the
#   paper's "19 unique source-destinations" cannot be reproduced (its value depends on $N$).
# - The synthetic million-trip set (hot spots on Manhattan and the airports, coordinates rounded to
#   $10^{-6}$°) shows the paper's scale: uniqueness starts later and rises over more ε. It is not data.
# - Fig. 5 of the paper is a map image; here it is the density of the trips' endpoints with the
#   paper's box (the paper prints the latitude interval reversed, [40.92, 40.49]).
# - The ε grid (even values, so that $2^{\epsilon/2}$ is an integer and the grids are nested) and
#   the count "trips whose quantized key occurs once" are our choices, the paper gives neither; ε is
#   per point, and a trip's start–end pair costs $2\epsilon$ (Theorem 6).
