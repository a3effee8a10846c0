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
# Ding & Farokhi's non-stochastic $L_0$ and $I_*$, the local-DP ε of the channel (Wu's
# baseline), Wu's own notion — the individual channel capacity $C_1(W)$ of the release
# channel, certified — and Farokhi's noiseless ε. Each panel draws every method's Pareto
# frontier (least leakage at most that utility loss) for one notion; the tables say which
# method wins at which budget, where the winner under one notion loses under another, and
# which pairs are undefined. Information, $C_1$ and both ε are in **bits** here (the DP
# budgets swept are in nats, as their parameter says).
#
# Every number is computed on the empirical pmf of the records, so every number is an
# estimate, and every release but randomized response is *fitted* to these records: on its
# own sample a fitted release looks more private than it is. Each release's leakages and
# losses therefore carry a 95 % interval of the release's value **on the population**: the
# count table is resampled `n_boot` times and every method is refitted on every resample
# (the optimism bootstrap, `selection="refit"`; column `estimand`), and the values of the
# fitted releases are corrected for their optimism. Where a maximum may be tied (maximal
# leakage, whose near-zero releases all tie), its interval is widened for the tie. A method
# *wins* a budget only when it leaks less than every other method by more than `min_margin`
# (0.001 bit), and the status says what backs the win: **backed** (the intervals apart),
# **margin_only** ($L_0$, $I_*$ and noiseless ε, which no interval is valid for: the plug-in
# values alone) or **channel_property** (the local-DP ε and $C_1$, properties of the
# channel). Every other budget is **undecided**: the data cannot tell. (A count table that
# broke the sample-size rule of `nsp.estimate.diagnostics` would decide nothing: its budgets
# would be **too_few_records**. This one passes it.) The strip under each panel of the
# figures shows these verdicts along the budget axis.

# %% tags=["parameters"]
quick: bool = False  # run in seconds with reduced sweeps
n_budgets: int = 41  # disclosure budgets R of each privacy-funnel algorithm [>= 2]
n_equivocation: int = 7  # distortion budgets D of the Γ(D)-optimal sanitizer [>= 1]
n_epsilons: int = 25  # DP budgets (nats) of k-ary randomized response [>= 1]
ci: float = 0.95  # confidence level of the bootstrap intervals [> 0] [< 1]
n_boot: int = 200  # bootstrap replicates, each refitting every fitted method [>= 10]
n_jobs: int = 2  # processes that share the refits (the result does not depend on it) [>= 1]
min_margin: float = 0.001  # least lead (bit) that counts as a win [>= 0]
seed: int = 0  # seed of the resampling [>= 0]

# %%
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from nsp.estimate import diagnostics
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
if quick:
    n_boot = min(n_boot, 20)
joint = census_income_joint()
mechs = (
    agglomerative_sweep(joint, quick=quick)
    + funnel_sweep(joint, n_budgets=n_budgets, quick=quick)
    + equivocation_sweep(joint, n_budgets=n_equivocation, quick=quick)
    + local_dp_sweep(joint, epsilons=np.geomspace(0.05, 20.0, 6 if quick else n_epsilons))
    + k_anonymity_sweep(joint, quick=quick)
)
frame = evaluate_methods(mechs, joint, ci=ci, n_boot=n_boot, seed=seed, n_jobs=n_jobs)
print(len(frame), "releases; relations hold for all:", bool(frame.relations_ok.all()))
print(diagnostics(joint))
frame.groupby("method", sort=False).size()

# %%
_ = save_table(frame.drop(columns=["relations_failed"]), "compare/census_table_evaluations")

# %% [markdown]
# ## Frontiers: one figure per utility loss, one panel per leakage notion
#
# The shaded band around each method's frontier is the 95 % interval of each release's leakage
# (none for $L_0$, $I_*$ and noiseless ε, which see only the support of the joint: no
# bootstrap interval is valid for them; the local-DP ε and $C_1$ do not depend on the data).
# Every panel of a figure shares one x range, that of every release's loss; a frontier is
# continued (dotted) at its last value, and a frontier of one point is ringed. Under each
# panel: the methods it cannot draw (**absent**: the local-DP ε is ∞ for every
# deterministic release with two outputs or more, the noiseless ε undefined for every
# stochastic one), those it draws as **one point** (finite only for the one-output release)
# and the **degenerate** ones (one value for every release: $L_0 = I_* = 0$ for every
# full-support channel, and $I_* = 0$ for every release here). Under the noiseless ε, the
# funnel's Algorithm 2′, built to *maximise* I(S;Y), wins most of the range: that ε is
# log₂ of the number of outputs and ignores S, and Algorithm 2′ keeps its cells even in mass
# (its merge cost grows with the merged mass), so it keeps I(X;Y) = H(Y) with fewer outputs
# — at I(X;Y) ≥ 3 bits, 9 outputs with masses 0.054–0.171 against Algorithm 1's 11 with
# 0.014–0.273.

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
best = best_methods_summary(
    frame, utilities=("information_loss", "hamming_distortion"), min_margin=min_margin
)
_ = save_table(best, "compare/census_table_best")
text = markdown_table(best)
_ = save_markdown(text, "compare/census_table_best")
print(text)

# %% [markdown]
# The share of the budget range of utility loss in which each method wins (tied winners each
# count the whole range; a win that no interval backs is marked by what it rests on), and the
# share the data cannot decide, per notion and utility. This table is the README's, written as
# `census_table_shares.md` (a test checks that the README shows it as it is):

# %%
shares = winner_shares(best)
_ = save_table(shares, "compare/census_table_shares")
columns = {
    f"census: {title}": shares[shares.utility_kind == u]
    for u, title in (
        ("information_loss", "information loss"),
        ("hamming_distortion", "Bayes error"),
    )
}
text = shares_markdown(columns, top=2)
_ = save_markdown(text, "compare/census_table_shares")  # the README's table, as it is
print(text)

# %% [markdown]
# Each budget is a release's *estimated* loss, and the rule above does not count its error: a
# range starts exactly at the plug-in loss of the release that opens it. Counting it too
# (`loss_intervals=True`: a leader's release counts only when its whole loss interval is
# within the budget, a rival's as soon as its interval reaches into it), the share of each
# notion's budget range that stays won:


# %%
def won_share(table):
    """Share of each (utility, notion)'s budget range whose win the intervals back."""
    width = table.loss_to - table.loss_from
    won = width.where(table.status == "backed", 0.0)
    keys = [table.utility_kind, table.leakage_notion]
    return won.groupby(keys, sort=False).sum() / width.groupby(keys, sort=False).sum()


counted = best_methods_summary(
    frame,
    utilities=("information_loss", "hamming_distortion"),
    min_margin=min_margin,
    loss_intervals=True,
)
pd.DataFrame({"plug_in_loss": won_share(best), "loss_counted": won_share(counted)}).round(3)

# %% [markdown]
# ## Where the winner under one notion loses under another

# %%
rev = reversals(frame, utilities=("information_loss", "hamming_distortion"), min_margin=min_margin)
_ = save_table(rev, "compare/census_table_reversals")
print(rev.status.value_counts().to_dict())
pd.crosstab([rev.leakage_notion_a, rev.status], rev.leakage_notion_b)

# %% [markdown]
# ## Undefined, infinite and constant (method, notion) pairs

# %%
undefined = definedness(frame)
_ = save_table(undefined, "compare/census_table_undefined")
undefined

# %% [markdown]
# ## What the data can tell
# * 48,842 records on 112 cells (436 per cell; 1 seen once, 1 empty): the sample-size rule of
#   `nsp.estimate.diagnostics` holds, and the intervals are narrow (0.004 bit for I(S;Y),
#   0.024 for maximal leakage, median over the releases; wider where a method's release,
#   refitted on each resample, changes from one resample to the next: the interval of a
#   fitted release counts that too). Still, many leads are smaller: the
#   probabilistic notions' winners are decided on only part of the budget range (the
#   `undecided` shares above), mostly where several methods' frontiers run within 0.001 bit
#   of each other (beyond an information loss of about 1.9 bits, all of them leak less than
#   0.0002 bit). The zooms of the figures show those small leakages.
# * Every release but randomized response is fitted to these records, and its intervals are
#   of its leakage on the population (estimand `refit`: every method refitted on each
#   resample); its value in the tables is corrected for the optimism of a release on its own
#   sample. Taking the channels as given instead (`selection="fixed"`) under-covers the
#   population value of a fitted release where it matters here: near the Γ(D) sanitizer's
#   zero-leakage budgets (63–81 % for maximal leakage in the simulations of
#   `docs/papers/compare.md`).
# * A win requires the two 95 % intervals to be apart (a conservative test: the replicates
#   of two releases are paired, and the test does not use that) and a lead of at least
#   `min_margin`. The budget (the utility loss) is itself an estimate, whose error the tables
#   do not count: a release's information loss is known to 0.030 bit (median width of its
#   interval; Bayes error: 0.032). Counting it (the table above) shrinks the backed shares a
#   little.
# * $L_0$, $I_*$ and noiseless ε see only the support of the joint; no bootstrap interval is
#   valid for them, so their wins are wins on the *observed* support, compared with the
#   minimum margin only, and one rare record can change them (see `nsp.estimate`, status
#   `support_fragile`).
# * The local-DP ε and Wu's capacity $C_1(W)$ are properties of the channel: their values do
#   not depend on the records, only which releases the methods find. $C_1$ is certified: the
#   column `individual_channel_capacity_gap` of `census_table_evaluations.csv` is the width
#   of the bracket around each value.
#
# ## Exercises
# **1 (concept).** The reversals table lists pairs of methods where one wins under one notion and loses under
# another. How can a release leak less than another by $I(S;Y)$ and more by $L_0$?
#
# <details><summary>Solution</summary>
#
# $I(S;Y)$ averages over the outputs with their probabilities; $L_0$ uses only which pairs
# $(s, y)$ are possible, and the single output that rules out the most values of $S$. A release can
# blur the secret a lot on average and still, for one rare output, exclude most values of $S$
# (large $L_0$), while another leaks a little at every output but never excludes any (small $L_0$).
#
# </details>

# %% [markdown]
# **2 (code).** Release $X$ itself on the census joint (`census_income_joint()`, $S$ = income). Compute the
# maximal leakage $L(S \to X) = \log_2 \sum_x \max_s p(x \mid s)$ in bits. Run the check cell to see whether your answer is right.

# %%
from nsp.exercises import check

answer = None  # replace None by your computation
check("compare.census_maximal_leakage", answer)

# %% [markdown]
# <details><summary>Solution</summary>
#
# ```python
# import numpy as np
#
# from nsp.papers.compare import census_income_joint
#
# p = census_income_joint().p_sx
# p_x_given_s = p / p.sum(axis=1, keepdims=True)
# answer = np.log2(p_x_given_s.max(axis=0).sum())
# check("compare.census_maximal_leakage", answer)
# ```
#
# </details>

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
