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
# # Sankar, Rajagopalan & Poor — illustrations of Figs. 1 and 2
#
# Both figures of the paper are pictures without data. Fig. 1 shows a database with public
# attributes (gender, weight) and private ones (cancer, income) next to a sanitized version
# in which Entry 1's gender is changed and the weight is reported in ranges. Fig. 2 shows the
# space of database realizations covered by $M=2^{nR}$ output databases, each the centre of a
# ball of radius $\sqrt{nD}$. Both are regenerated here as illustrations (synthetic rows, a
# 2-D Gaussian source with a Lloyd codebook); they are not quantitative targets.

# %% tags=["parameters"]
quick: bool = False  # run in seconds with reduced sizes
n_rows: int = 6  # rows of the illustrative database of Fig. 1 [>= 1]
D_gender: float = 0.25  # Hamming distortion of the gender sanitizer (Example 1) [>= 0] [<= 1]
weight_bin: int = 10  # width in lb of the reported weight ranges [>= 1]
n_points: int = 400  # source points of the Fig. 2 sketch [>= 1]
rate_bits: float = 2.0  # rate R per dimension: 2^(2R) reproduction points in two dimensions [>= 0]
seed: int = 1  # seed of the synthetic rows, the sanitizer and the source points [>= 0]

# %%
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from nsp.papers import utility_privacy as up
from nsp.plotting import savefig, use_style

use_style()
if quick:
    n_points = 150

# %% [markdown]
# ## Fig. 1 — a database and its sanitized version (illustrative)

# %%
orig, san = up.fig1_database(n_rows, D_gender=D_gender, weight_bin=weight_bin, seed=seed)
changed_gender = orig.gender.to_numpy() != san.gender.to_numpy()
fig, axes = plt.subplots(1, 2, figsize=(11, 0.3 * n_rows + 1.3))
for ax, frame, title in [
    (axes[0], orig, "original database"),
    (axes[1], san, "sanitized database (released)"),
]:
    ax.axis("off")
    cells = frame.astype(str).to_numpy()
    colours = np.full(cells.shape, "white", dtype=object)
    if frame is san:
        colours[changed_gender, list(frame.columns).index("gender")] = "#f4c7a1"
        colours[:, list(frame.columns).index("weight")] = "#cfe3f3"
    else:
        for c in ("cancer", "income"):
            colours[:, list(frame.columns).index(c)] = "#e6e6e6"
    tab = ax.table(
        cellText=cells, colLabels=list(frame.columns), cellColours=colours.tolist(), loc="center"
    )
    tab.scale(1, 1.3)
    ax.set_title(title)
fig.suptitle(
    "Fig. 1 (illustration, synthetic rows): public gender/weight, private cancer/income (grey);\n"
    "gender through the Example-1 sanitizer (orange: changed), weight in ranges (blue)",
    fontsize=10,
)
fig1_data = orig.merge(san, on="entry", suffixes=("", "_released"))
savefig(fig, "utility_privacy/fig1_database_illustration", data=fig1_data)
fig1_data

# %% [markdown]
# ## Fig. 2 — output databases covering the space of inputs (illustrative)

# %%
rng = np.random.default_rng(seed)
pts = rng.normal(size=(n_points, 2))
k = int(round(2 ** (2 * rate_bits)))
codebook, labels, D = up.lloyd_codebook(pts, k, seed=seed)
fig, ax = plt.subplots(figsize=(5.6, 5.6))
ax.scatter(pts[:, 0], pts[:, 1], s=6, c=labels, cmap="tab20", alpha=0.6, label="input databases")
ax.scatter(
    codebook[:, 0], codebook[:, 1], marker="x", color="k", s=40, label=f"$M=2^{{nR}}$ = {k} outputs"
)
for c in codebook:
    ax.add_patch(plt.Circle(c, np.sqrt(2 * D), fill=False, color="gray", lw=0.8))
ax.set_aspect("equal")
ax.set_xlabel("coordinate 1")
ax.set_ylabel("coordinate 2")
ax.set_title(
    f"Fig. 2 (illustration): n=2, R={rate_bits:g} bits, balls of radius $\\sqrt{{nD}}$, D={D:.3f}"
)
ax.legend(loc="upper right", fontsize=8)
fig2_data = pd.concat(
    [
        pd.DataFrame({"kind": "input", "x1": pts[:, 0], "x2": pts[:, 1], "cell": labels}),
        pd.DataFrame(
            {"kind": "output", "x1": codebook[:, 0], "x2": codebook[:, 1], "cell": np.arange(k)}
        ),
    ],
    ignore_index=True,
)
savefig(fig, "utility_privacy/fig2_covering_illustration", data=fig2_data)

# %% [markdown]
# ## Differences from the paper
#
# * Figs. 1 and 2 are drawings in the paper; these are illustrations on synthetic data, not
#   reproductions of numbers. In Fig. 1 Entry 1's gender is flipped by hand, as in the paper's
#   picture; the other genders pass through Example 1's optimal channel.
# * Fig. 2's space is $n$-dimensional in the paper; the sketch uses $n=2$ and a Lloyd
#   codebook with $2^{nR}$ points, and draws balls of radius $\sqrt{nD}$ at the achieved
#   per-coordinate mean-squared error $D$.
# * The errata of the paper's text are listed in `docs/papers/utility_privacy.md`.
