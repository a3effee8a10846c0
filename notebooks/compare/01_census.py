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
# # The five notions side by side — US census (Adult)
#
# Every method of the five papers, run over its own parameter on the same joint
# $p(s,x)$ — S = income (2 values), X = (age decade, sex, education level) (56 letters), 48,842
# Adult records, discretized as in the census experiment of Makhdoumi et al. — and every release
# measured by every notion (`nsp.notions.evaluate_many`): the mutual information $I(S;Y)$ of the
# privacy funnel and of Sankar et al.'s equivocation, maximal leakage and Sibson's $I_\alpha$,
# Ding & Farokhi's non-stochastic $L_0$ and $I_*$, the local-DP ε of the channel (Wu), and
# Farokhi's noiseless ε. Each panel draws every method's Pareto frontier (least leakage at
# most that utility loss) for one notion; the tables say which method wins at which budget,
# where the winner under one notion loses under another, and which pairs are undefined.
# Information and both ε are in **bits** here (the DP budgets swept are in nats, as their
# parameter says).

# %% tags=["parameters"]
quick: bool = False  # run in seconds with reduced sweeps
n_budgets: int = 41  # disclosure budgets R of each privacy-funnel algorithm
n_equivocation: int = 7  # distortion budgets D of the Γ(D)-optimal sanitizer
n_epsilons: int = 25  # DP budgets (nats) of k-ary randomized response

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
    reversals,
    winner_shares,
)
from nsp.papers.compare import (
    census_income_joint,
    frontier_figure,
    markdown_table,
    save_markdown,
    shares_markdown,
)
from nsp.plotting import save_table, savefig, use_style

use_style()
joint = census_income_joint()
mechs = (
    agglomerative_sweep(joint, quick=quick)
    + funnel_sweep(joint, n_budgets=n_budgets, quick=quick)
    + equivocation_sweep(joint, n_budgets=n_equivocation, quick=quick)
    + local_dp_sweep(joint, epsilons=np.geomspace(0.05, 20.0, 6 if quick else n_epsilons))
    + k_anonymity_sweep(joint, quick=quick)
)
frame = evaluate_methods(mechs, joint)
print(len(frame), "releases; relations hold for all:", bool(frame.relations_ok.all()))
frame.groupby("method", sort=False).size()

# %%
_ = save_table(frame.drop(columns=["relations_failed"]), "compare/census_table_evaluations")

# %% [markdown]
# ## Frontiers: one figure per utility loss, one panel per leakage notion

# %%
for utility in ("information_loss", "hamming_distortion"):
    fig, data = frontier_figure(
        frame, utility=utility, title=f"US census (Adult), S = income: {UTILITIES[utility]}"
    )
    _ = savefig(fig, f"compare/census_frontiers_{utility}", data=data)
    plt.show()

# %% [markdown]
# ## Which method is best under which notion, and for which budget of utility loss

# %%
best = best_methods_summary(frame, utilities=("information_loss", "hamming_distortion"))
_ = save_table(best, "compare/census_table_best")
text = markdown_table(best)
_ = save_markdown(text, "compare/census_table_best")
print(text)

# %% [markdown]
# The share of the budget range of utility loss in which each method is a winner (tied
# methods each count the whole range), per notion and utility:

# %%
shares = winner_shares(best)
_ = save_table(shares, "compare/census_table_shares")
columns = {
    UTILITIES[u]: shares[shares.utility == u] for u in ("information_loss", "hamming_distortion")
}
print(shares_markdown(columns, top=3))

# %% [markdown]
# ## Where the winner under one notion loses under another

# %%
rev = reversals(frame, utilities=("information_loss", "hamming_distortion"))
_ = save_table(rev, "compare/census_table_reversals")
pd.crosstab(rev.notion_a, rev.notion_b)

# %% [markdown]
# ## Undefined, infinite and constant (method, notion) pairs

# %%
undefined = definedness(frame)
_ = save_table(undefined, "compare/census_table_undefined")
undefined

# %% [markdown]
# ## Differences from the paper
# * No single paper does this: each compares its method with its own baseline only. The
#   joint is the privacy funnel's census joint with **S = income alone** (its experiment uses
#   S = (age, income)); with S binary, $L_0$ and $I_*$ can take only the values 0 and 1 bit.
# * The support of this joint is almost the whole product (55 of the 56 values of X occur with
#   both incomes), so the non-stochastic notions barely separate the methods; Ding &
#   Farokhi's algorithms run on that support, with the U1 utility (X has no order).
# * X has no order (sex is nominal): the noiseless quantizer, the exponential mechanism and
#   interval k-anonymity are not run, and the numeric distortion is undefined.
# * Binary randomized response needs a binary X; its k-ary extension is used.
# * The Γ(D)-optimal sanitizer uses the Hamming distortion on X with X̂ on the alphabet of X;
#   its budgets halve from the distortion of a constant release, D_max, down to D_max/64.
