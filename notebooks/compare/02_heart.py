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
# # The five notions side by side — Hungarian heart-disease data
#
# Every method of the five papers, run over its own parameter on the same joint $p(s,x)$ —
# S = age, X = serum cholesterol (mg/dl), the Hungarian records used by Ding & Farokhi — and
# every release measured by every notion (`nsp.notions.evaluate_many`): the mutual information
# $I(S;Y)$ of the privacy funnel and of Sankar et al.'s equivocation, maximal leakage and
# Sibson's $I_\alpha$, Ding & Farokhi's non-stochastic $L_0$ and $I_*$, the local-DP ε of the
# channel (Wu), and Farokhi's noiseless ε. X is ordered, so every method runs, and a third
# utility — the mean squared error of the best estimate $E[X\mid Y]$ — is defined. Each panel
# draws every method's Pareto frontier (least leakage at most that utility loss) for one
# notion; the tables say which method wins at which budget, where the winner under one notion
# loses under another, and which pairs are undefined. Information and both ε are in **bits**
# (the DP budgets swept are in nats, as their parameter says).

# %% tags=["parameters"]
quick: bool = False  # run in seconds with reduced sweeps
missing: str = "drop"  # records without cholesterol: drop, or keep as the level -9 (paper counts)
n_budgets: int = 41  # disclosure budgets R of each privacy-funnel algorithm
n_equivocation: int = 7  # distortion budgets D of the Γ(D)-optimal sanitizer
n_epsilons: int = 25  # DP budgets (nats) of randomized response and the exponential mechanism

# %%
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from nsp.notions import (
    UTILITIES,
    agglomerative_sweep,
    best_methods_summary,
    definedness,
    equivocation_sweep,
    evaluate_methods,
    funnel_sweep,
    k_anonymity_sweep,
    local_dp_sweep,
    noiseless_sweep,
    reversals,
    winner_shares,
)
from nsp.papers.compare import (
    frontier_figure,
    heart_joint,
    markdown_table,
    save_markdown,
    shares_markdown,
)
from nsp.plotting import save_table, savefig, use_style

use_style()
joint = heart_joint(missing=missing)
print(joint.n_records, "records,", joint.n_s, "ages,", joint.n_x, "cholesterol levels")
mechs = (
    agglomerative_sweep(joint, quick=quick)
    + funnel_sweep(joint, n_budgets=n_budgets, quick=quick)
    + noiseless_sweep(joint, quick=quick)
    + equivocation_sweep(joint, n_budgets=n_equivocation, quick=quick)
    + local_dp_sweep(joint, epsilons=np.geomspace(0.05, 20.0, 6 if quick else n_epsilons))
    + k_anonymity_sweep(joint, quick=quick)
)
frame = evaluate_methods(mechs, joint)
print(len(frame), "releases; relations hold for all:", bool(frame.relations_ok.all()))
frame.groupby("method", sort=False).size()

# %%
_ = save_table(frame.drop(columns=["relations_failed"]), "compare/heart_table_evaluations")

# %% [markdown]
# ## Frontiers: one figure per utility loss, one panel per leakage notion

# %%
for utility in UTILITIES:
    fig, data = frontier_figure(
        frame, utility=utility, title=f"Hungarian heart data, S = age: {UTILITIES[utility]}"
    )
    _ = savefig(fig, f"compare/heart_frontiers_{utility}", data=data)
    plt.show()

# %% [markdown]
# ## Which method is best under which notion, and for which budget of utility loss

# %%
best = best_methods_summary(frame)
_ = save_table(best, "compare/heart_table_best")
text = markdown_table(best)
_ = save_markdown(text, "compare/heart_table_best")
print(text)

# %% [markdown]
# The share of the budget range of utility loss in which each method is a winner (tied
# methods each count the whole range), per notion and utility:

# %%
shares = winner_shares(best)
_ = save_table(shares, "compare/heart_table_shares")
columns = {UTILITIES[u]: shares[shares.utility == u] for u in tuple(UTILITIES)}
print(shares_markdown(columns, top=3))

# %% [markdown]
# ## Where the winner under one notion loses under another

# %%
rev = reversals(frame)
_ = save_table(rev, "compare/heart_table_reversals")
pd.crosstab(rev.notion_a, rev.notion_b)

# %% [markdown]
# ## Undefined, infinite and constant (method, notion) pairs

# %%
undefined = definedness(frame)
_ = save_table(undefined, "compare/heart_table_undefined")
undefined

# %% [markdown]
# ## Differences from the paper
# * No single paper does this: each compares its method with its own baseline only.
# * By default the records without a cholesterol value are **dropped** (271 records, 37 ages,
#   153 levels). Ding & Farokhi keep them as one more level, which reproduces their counts
#   (`missing="keep"`) but would enter the squared error as a cholesterol of −9 mg/dl.
# * Ding & Farokhi's algorithms run on the support of the empirical joint with the U2 utility
#   (largest distance from a cluster's centroid); each release is kept once, at the smallest λ
#   that returns it.
# * The noiseless quantizer is Farokhi's linear quantizer of $[\min x, \max x]$ with
#   $\lfloor 2^\varepsilon\rfloor$ levels: the local budget of one individual's record.
# * The Γ(D)-optimal sanitizer uses the squared error on the cholesterol values, X̂ on the same
#   values, and is solved to a certified accuracy of 1e-4 bit (at most 2,000 iterations) at
#   each budget D, halving from the MSE of a constant release, D_max, down to D_max/64.
# * The exponential mechanism uses the utility $-|y-x|$ with the sensitivity
#   $\max x - \min x$; binary randomized response needs a binary X, so its k-ary extension
#   is used.
