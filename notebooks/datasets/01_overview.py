# ---
# jupyter:
#   jupytext:
#     formats: py:percent
#     notebook_metadata_filter: kernelspec,jupytext,-jupytext.text_representation
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # The datasets of the five papers
#
# One section per dataset: what it is, its size, time span and columns, what it stands in for,
# and one figure. Every file comes from `make data` (`nsp data fetch`), which copies it from the
# offline mirror or its publisher and checks its sha256; provenance and licences are in
# `data/README.md`. Where the paper's own data is not available offline, a **stand-in** is used
# and the figure says so in its title.

# %% tags=["parameters"]
quick: bool = False  # run in seconds (coarser figures)
data_home: str = ""  # data folder; empty: $NSP_DATA_DIR or the repository's data/ [path]

# %%
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import seaborn as sns

from nsp import datasets as ds
from nsp.plotting import mark_stand_in, save_table, savefig, use_style

use_style()
home = data_home or None
overview = []


def show(dataset: str, frame: pd.DataFrame, *, time: str | None = None) -> dict:
    """Print the facts of one dataset and keep them for the overview table."""
    facts = ds.describe(dataset, frame, time=time)
    overview.append(facts)
    print(facts["title"])
    print(
        f"  {facts['rows']:,} rows x {facts['columns']} columns; licence {facts['licence']}; "
        f"used by {facts['papers']}"
    )
    if facts["start"]:
        print(f"  time span {facts['start']} .. {facts['end']}")
    print(
        f"  fidelity: {facts['fidelity']}"
        + (f", stand-in for {facts['stand_in_for']}" if facts["stand_in_for"] else "")
    )
    print(f"  columns: {facts['column_types']}")
    return facts


print(ds.format_status(ds.status(data_home=home)))

# %% [markdown]
# ## UCI Adult — the census data of the privacy funnel
#
# The full UCI sample (train + test, 48,842 people from the 1994 US Census). The privacy-funnel
# experiment uses age, sex, education and income.

# %%
adult = ds.load_adult(data_home=home)
show("adult", adult)

edu_order = (
    adult.drop_duplicates("education")
    .sort_values("education-num")["education"]
    .astype(str)
    .tolist()
)
age_bins = np.arange(15, 95, 5)
age_counts, _ = np.histogram(adult["age"], bins=age_bins)
marginals = {
    "age": pd.Series(age_counts, index=[f"[{a}, {a + 5})" for a in age_bins[:-1]]),
    "education": adult["education"].astype(str).value_counts().reindex(edu_order),
    "sex": adult["sex"].value_counts(sort=False),
    "race": adult["race"].value_counts(),
    "workclass": adult["workclass"]
    .cat.add_categories("? (missing)")
    .fillna("? (missing)")
    .value_counts(),
    "income": adult["income"].value_counts(sort=False),
}
fig, axes = plt.subplots(2, 3, figsize=(11, 6.4))
for ax, (name, counts) in zip(axes.flat, marginals.items(), strict=True):
    labels = [str(v) for v in counts.index]
    if name == "age":
        sns.histplot(x=adult["age"], bins=age_bins, shrink=0.92, alpha=1, linewidth=0, ax=ax)
        ax.set(ylabel="people")
    else:
        ax.barh(labels[::-1], counts.to_numpy()[::-1])
        ax.tick_params(axis="y", labelsize=7)
    ax.set_title(name)
    ax.set_xlabel("people" if name != "age" else "age [years]")
fig.suptitle(f"UCI Adult (1994 US Census): marginals of {len(adult):,} people")
adult_marginals = pd.concat(
    [
        pd.DataFrame({"variable": k, "value": [str(v) for v in c.index], "count": c.to_numpy()})
        for k, c in marginals.items()
    ],
    ignore_index=True,
)
savefig(fig, "datasets/adult_marginals", data=adult_marginals)

# %% [markdown]
# ## UCI Heart Disease (Hungary) — the data of the agglomerative-clustering experiment
#
# Private attribute $S$ = age, released attribute $X$ = serum cholesterol. The paper's counts
# (293 patients, 38 ages, 154 cholesterol levels, 281 distinct pairs, 269 of them unique) are
# reproduced by dropping the one duplicated record and keeping the unknown cholesterol values as
# one more level.

# %%
heart = ds.load_hungarian_heart(data_home=home)
show("heart_disease_hungarian", heart)
pairs = heart.groupby(["age", "chol"], dropna=False).size().rename("patients").reset_index()
print(
    f"  {len(heart)} patients, {heart['age'].nunique()} ages, "
    f"{heart['chol'].nunique(dropna=False)} cholesterol levels (unknown counted as one), "
    f"{len(pairs)} (age, chol) pairs, {(pairs['patients'] == 1).sum()} of them unique"
)

known = pairs[pairs["chol"].notna()]
unknown = pairs[pairs["chol"].isna()]
fig, ax = plt.subplots(figsize=(6.4, 4.4))
ax.scatter(
    known["age"],
    known["chol"].astype(float),
    s=14 * known["patients"],
    alpha=0.7,
    label="(age, cholesterol) pair; area ∝ patients",
)
y_unknown = 40
ax.scatter(
    unknown["age"],
    np.full(len(unknown), y_unknown),
    s=14 * unknown["patients"],
    marker="x",
    color="C3",
    label=f"cholesterol unknown ({int(unknown['patients'].sum())} patients)",
)
ax.axhline(70, color="0.7", lw=0.6)
ax.set(
    xlabel="age [years]  (S, private)",
    ylabel="serum cholesterol [mg/dl]  (X, released)",
    title=f"Hungarian heart disease: age × cholesterol ({len(heart)} patients)",
)
ax.legend(loc="upper left", fontsize=8)
savefig(
    fig, "datasets/heart_age_cholesterol", data=pairs.assign(chol=pairs["chol"].astype("Float64"))
)

# %% [markdown]
# ## Smart meters — the SGSC stand-in for Ausgrid's solar homes
#
# The noiseless-privacy paper plays its membership game on Ausgrid's half-hourly data of 300
# solar homes, July 2012 – June 2013, which is not available offline. The stand-in is 50
# households of the Smart-Grid Smart-City trial in the same region and year, consumption only
# (channel GC). One real Ausgrid home (customer 12, 2011-12) is shown for comparison.

# %%
window = ("2012-07-01", "2012-07-31") if quick else ("2012-07-01", "2013-06-30")
meter = ds.load_smart_meter(data_home=home, start=window[0], end=window[1])
show("sgsc_smart_meter", meter, time="timestamp")
print(f"  {meter['customer'].nunique()} households in {window[0]} .. {window[1]}")
c12 = ds.load_ausgrid_customer12(data_home=home, channels="GC")
show("ausgrid", c12, time="timestamp")

slot = lambda t: t.dt.hour * 2 + t.dt.minute // 30  # noqa: E731  half-hour of the day, 0..47
per_home = (
    meter.assign(slot=slot(meter["timestamp"]))
    .groupby(["customer", "slot"], observed=True)["kwh"]
    .mean()
)
per_home = per_home.unstack("slot")
profile = pd.DataFrame(
    {
        "slot": np.arange(48),
        "time_of_day": [f"{h // 2:02d}:{30 * (h % 2):02d}" for h in range(48)],
        "sgsc_mean_kwh": per_home.mean().to_numpy(),
        "sgsc_q25_kwh": per_home.quantile(0.25).to_numpy(),
        "sgsc_q75_kwh": per_home.quantile(0.75).to_numpy(),
        "ausgrid_c12_mean_kwh": c12.groupby(slot(c12["timestamp"]))["kwh"].mean().to_numpy(),
    }
)
hours = profile["slot"] / 2
fig, ax = plt.subplots(figsize=(6.4, 4.0))
# mean over households with the 25-75 % percentile interval (no bootstrap): the profile's columns
homes = per_home.stack().rename("kwh").reset_index().assign(hour=lambda f: f["slot"] / 2)
sns.lineplot(
    data=homes,
    x="hour",
    y="kwh",
    estimator="mean",
    errorbar=("pi", 50),
    ax=ax,
    label=f"SGSC: mean of {per_home.shape[0]} households (band: households' 25–75 % range)",
)
ax.plot(
    hours,
    profile["ausgrid_c12_mean_kwh"],
    ls="--",
    color="C2",
    label="Ausgrid customer 12 (2011-12)",
)
ax.set(
    xlabel="time of day [h] (start of the half-hour)",
    ylabel="energy per half-hour [kWh]",
    xticks=range(0, 25, 3),
    xlim=(0, 24),
    title="Daily load profile — SGSC stand-in for Ausgrid solar homes",
)
ax.legend(fontsize=8)
mark_stand_in(
    fig,
    f"SGSC customer trial, {per_home.shape[0]} NSW households, {window[0]} to {window[1]} "
    "(stand-in for Ausgrid's 300 solar homes, 2012-13)",
)
savefig(fig, "datasets/smart_meter_daily_profile", data=profile)

# %% [markdown]
# ## NYC taxi trips — the January-2016 stand-in for the 2014 Kaggle trips
#
# The paper uses the first million trips of Kaggle's 2014 NYC taxi file and the box of its
# Fig. 5 (longitude −74.27 … −73.68, latitude 40.49 … 40.92). The stand-in is 10,000 yellow-cab
# trips sampled from January 2016, mapped to the 2014 column names; trips with a zero
# coordinate (GPS missing) are dropped.

# %%
trips = ds.load_nyc_taxi(data_home=home)
show("nyc_taxi", trips, time="pickup_datetime")
print(
    f"  read {trips.attrs['n_read']:,}; dropped {trips.attrs['dropped_zero_coordinates']} with a zero "
    f"coordinate and {trips.attrs['dropped_missing_coordinates']} with a missing one"
)
lon0, lon1, lat0, lat1 = ds.NYC_BBOX_PAPER
in_box = ds.load_nyc_taxi(data_home=home, bbox="paper")
print(
    f"  {len(in_box):,} trips begin and end inside the paper's box "
    f"({in_box.attrs['dropped_outside_bbox']} leave it)"
)

view = (lon0 - 0.05, lon1 + 0.05, lat0 - 0.03, lat1 + 0.03)
inside_view = trips["pickup_longitude"].between(view[0], view[1]) & trips[
    "pickup_latitude"
].between(view[2], view[3])
fig, ax = plt.subplots(figsize=(5.6, 5.4))
hb = ax.hexbin(
    trips.loc[inside_view, "pickup_longitude"],
    trips.loc[inside_view, "pickup_latitude"],
    gridsize=35 if quick else 70,
    extent=view,
    bins="log",
    mincnt=1,
    cmap="viridis",
)
ax.plot(
    [lon0, lon1, lon1, lon0, lon0],
    [lat0, lat0, lat1, lat1, lat0],
    color="C3",
    lw=1.2,
    label="bounding box of the paper's Fig. 5",
)
ax.set_aspect(1 / np.cos(np.deg2rad(40.7)))
ax.set(
    xlim=view[:2],
    ylim=view[2:],
    xlabel="longitude [°]",
    ylabel="latitude [°]",
    title="NYC taxi pickups\nJanuary 2016 stand-in for the 2014 trips",
)
fig.colorbar(hb, ax=ax, label="pickups per cell (log scale)", shrink=0.8)
ax.legend(loc="lower right", fontsize=8)
mark_stand_in(
    fig,
    f"{int(inside_view.sum()):,} NYC yellow-cab pickups of January 2016 "
    "(stand-in for the paper's first 10⁶ trips of 2014)",
)
centres = hb.get_offsets()
savefig(
    fig,
    "datasets/taxi_pickup_density",
    data=pd.DataFrame(
        {"lon": centres[:, 0], "lat": centres[:, 1], "pickups": np.asarray(hb.get_array())}
    ),
)

# %% [markdown]
# ## REDD — a 4.7-hour fragment of house 1's mains
#
# The NILM experiment of the noiseless-privacy paper needs REDD house 1 (20 channels, five
# weeks), which is not available offline: only the first 16,686 one-second readings of mains
# leg 1 are. They serve to test the REDD loader on real bytes, and show what a mains trace
# looks like. Users with REDD put its `low_freq/` folder in `data/redd/` and `load_redd` reads
# it instead.

# %%
mains = ds.load_redd(1, channels=[1], data_home=home)
show("redd", mains, time="timestamp")
fig, ax = plt.subplots(figsize=(7.2, 3.4))
ax.plot(mains["timestamp"].dt.tz_localize(None), mains["watts"], lw=0.5)
ax.set(
    xlabel="time on 2011-04-18 (US/Eastern)",
    ylabel="apparent power [W]",
    title="REDD house 1, mains leg 1 — 4.7-hour fragment (partial data)",
)
import matplotlib.dates as mdates  # noqa: E402

ax.xaxis.set_major_formatter(mdates.DateFormatter("%H:%M"))
mark_stand_in(
    fig,
    "first 16,686 s of REDD low_freq/house_1/channel_1.dat; the paper uses 20 channels "
    "over five weeks",
)
savefig(
    fig,
    "datasets/redd_mains_fragment",
    data=pd.DataFrame(
        {"unix_ts": mains["timestamp"].astype("int64") // 10**9, "watts": mains["watts"]}
    ),
)

# %% [markdown]
# ## Overview

# %%
table = pd.DataFrame(overview)[
    ["dataset", "rows", "columns", "start", "end", "fidelity", "stand_in_for", "licence", "papers"]
]
save_table(table, "datasets/overview")
table

# %% [markdown]
# ## Differences from the paper
#
# - **Adult** and **Hungarian heart disease** are the papers' own files (byte-identical to UCI's);
#   the heart-disease counts 293 / 38 / 154 / 281 / 269 are reproduced exactly.
# - **Smart meters**: the 50-household SGSC sample stands in for Ausgrid's 300 solar homes of
#   2012-13 (consumption only, no PV, some incomplete years); the one real Ausgrid home available
#   is of 2011-12 and is in kW in its source (converted to kWh per half-hour).
# - **Taxi**: 10,000 trips of January 2016 stand in for the first 10⁶ trips of 2014; the
#   density map shows pickups only (the paper's Fig. 5 is a map of the city with the box).
# - **REDD**: only a 4.7-hour fragment of one of house 1's 20 channels is available; no NILM
#   figure can be made from it.
