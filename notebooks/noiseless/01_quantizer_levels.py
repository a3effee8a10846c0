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
# # Noiseless privacy — how many quantizer levels does a budget allow? (Theorem 8)
#
# A $q$-level linear quantizer of $[y_{\min}, y_{\max}]$ applied to a query of sensitivity
# $\mathcal S$ is $\epsilon$-noiselessly private when, with everybody else fixed, one individual can
# move the output across at most $2^\epsilon$ levels. Theorem 8 prescribes
# $q \le 2^\epsilon R/\mathcal S$ ($R = y_{\max} - y_{\min}$). An interval of length $\mathcal S$ can
# however meet $\lceil q\mathcal S/R\rceil + 1$ bins, so for the average of $n \ge 2$ entries the
# paper's rule really spends $\log_2(2^\epsilon + 1)$ bits. This notebook tabulates the paper's rule,
# the corrected rule and the budget each really spends, and shows a counterexample. The errata are
# explained in `docs/papers/noiseless.md`.

# %% tags=["parameters"]
quick: bool = False  # run in seconds with reduced sizes
group_sizes: list = [2, 3, 4, 8, 16, 32]  # n, the number of individuals averaged [>= 1]
epsilons: list = [0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 6, 8]  # privacy budgets (bits) [>= 0]

# %%
import matplotlib.pyplot as plt
import numpy as np

from nsp.interactive import explore
from nsp.papers import noiseless as paper
from nsp.plotting import save_table, savefig, use_style

use_style()
if quick:
    group_sizes, epsilons = group_sizes[:3], epsilons[:4]

# %% [markdown]
# ## Table T1: levels and realized budgets for the average query on $[0, 1]$

# %%
table = paper.levels_table(epsilons, group_sizes, lo=0, hi=1)
save_table(table, "noiseless/table_t1_quantizer_levels")
table.round(4)

# %% [markdown]
# ## A counterexample: $n = 4$, $\epsilon = 2$, $x_{-i} = (0.1, 0, 0)$
# The paper's rule gives $q = 16$; as $x_i$ sweeps $[0, 1]$ the average sweeps $[0.025, 0.275]$, which
# meets bins 0–4: five outputs, more than $2^2 = 4$.

# %%
q, image = paper.theorem8_counterexample(n=4, epsilon=2)
print(f"q = {q}; bins reached by one individual: {image} -> {len(image)} outputs > 4")

# %% [markdown]
# ## Explore: move the budget
# In JupyterLab, move $\epsilon$, switch between the paper's rule and the corrected one, and change
# $n$: the title counts the outputs one individual reaches against $2^\epsilon$.

# %%
explore(paper.quantizer_view, epsilon=(0.5, 6.0, 0.5), rule=["paper", "safe"], n=(2, 16, 1))

# %%
fig, ax = plt.subplots(figsize=(6.4, 4.2))
eps_grid = np.linspace(0, max(epsilons), 400 if not quick else 60)
curves = paper.realized_epsilon_curves(
    eps_grid, [g for g in group_sizes if g in (2, 4, 16)] or group_sizes[:1]
)
# The safe rule spends the same budget for every n: one curve, labelled for all of them.
sizes = sorted(curves.n.unique())
for n, c in curves[curves.rule == "paper"].groupby("n", sort=False):
    ax.plot(c.epsilon, c.realized_epsilon, "-", label=f"paper rule, n = {n}")
safe = curves[(curves.rule == "safe") & (curves.n == sizes[0])]
ax.plot(
    safe.epsilon,
    safe.realized_epsilon,
    "--",
    color="0.2",
    label="safe rule, n = " + ", ".join(str(n) for n in sizes) + " (identical)",
)
ax.plot(eps_grid, eps_grid, color="0.4", lw=0.8, label="realized = target")
ax.set(
    xlabel="target budget ε [bits]",
    ylabel="realized budget [bits]",
    title="Average query: budget spent by Theorem 8's quantizer",
)
ax.legend(ncol=2)
savefig(fig, "noiseless/quantizer_realized_epsilon", data=curves)

# %% [markdown]
# ## Theorem 4 needs the conditional density
# Theorem 4 bounds the estimation error of $X_i$ given $X_{-i}$ by
# $\rho\,\mu^{p+1} 2^{-(2p+2)} 2^{-\epsilon(p+1)}$ with $\rho$ printed as the infimum of the *joint*
# density. With $X \sim U[0, 0.1]^2$, $p = 2$, $\epsilon = 0.01$ and a constant mechanism, the best
# estimator (the midpoint) has error $0.1^2/12$, below the bound as printed; with $\rho$ the infimum of
# the conditional density of $X_i$ given $X_{-i}$ the bound holds.

# %%
theorem4 = paper.theorem4_table(rho_joint=100.0, rho_conditional=10.0, width=0.1, p=2, epsilon=0.01)
save_table(theorem4, "noiseless/table_theorem4_counterexample")
theorem4

# %% [markdown]
# ## Theorems 1–3 and 5–7 on a quantized average
# Three individuals hold an entry in $\{0, \frac14, \frac12, \frac34, 1\}$; the curator releases
# their average through the corrected quantizer at $\epsilon = 2$ ($M_1$: 9 bins) or
# $\epsilon = 2.5$ ($M_2$: 12 bins). Each guarantee is measured for every individual and every value
# of the others, and the largest value is shown beside its bound: $\epsilon^*$, the budget $M_1$
# really spends, for Theorems 1–3 and 5; $\epsilon_1 + \epsilon_2$ for the joint release
# (Theorem 6); $\epsilon_1$ for a post-processing that merges bins two by two (Theorem 7). With the
# others fixed, the release is a function of $X_i$, so Theorem 1's chain and the measures of
# Theorems 2 and 5 all equal $\log_2$ of the number of outputs one individual reaches; the
# hypothesis test scores 1 bit whenever the two outputs differ.

# %%
theorems = paper.theorems_table(n=3, values=5, epsilon=2.0, epsilon2=2.5)
save_table(theorems, "noiseless/table_theorems_1_to_7")
theorems.round(4)

# %% [markdown]
# ## Exercises
# **1 (concept).** One individual moves the average of $n$ readings in $[0, 1]$ over an interval of length $1/n$.
# How many of $q$ equal bins can that interval meet, and why does the paper's rule $q = 2^\epsilon n$
# spend more than $\epsilon$ bits?
#
# <details><summary>Solution</summary>
#
# An interval of length $1/n$ meets at most $\lceil q/n \rceil + 1$ bins: it can straddle a bin
# boundary at each end. With $q = 2^\epsilon n$ that is $2^\epsilon + 1$ outputs, $\log_2(2^\epsilon + 1)$ bits
# (the counterexample above reaches 5 bins at $\epsilon = 2$). The corrected rule $q = \max(m, (m-1)n)$,
# $m = \lfloor 2^\epsilon \rfloor$, gives at most $m - 1 + 1 = m$ outputs when $m \ge 2$.
#
# </details>

# %% [markdown]
# **2 (code).** The average of $n = 8$ readings in $[0, 1]$ is quantized by the paper's rule for $\epsilon = 3$
# bits, $q = 2^\epsilon n$ bins. Compute the budget it really spends: $\log_2$ of the largest number of
# outputs one individual can reach. Run the check cell to see whether your answer is right.

# %%
from nsp.exercises import check

answer = None  # replace None by your computation
check("worstcase.realized_budget", answer)

# %% [markdown]
# <details><summary>Solution</summary>
#
# ```python
# import math
#
# n, epsilon = 8, 3
# q = 2**epsilon * n
# outputs = math.ceil(q / n) + 1  # an interval of length 1/n meets this many bins at most
# answer = math.log2(outputs)
# check("worstcase.realized_budget", answer)
# ```
#
# </details>

# %% [markdown]
# ## Differences from the paper
# - Theorem 8's level rule $q \le 2^\epsilon R/\mathcal S$ is **not** $\epsilon$-private when
#   $\mathcal S < R$: the proof counts $q\mathcal S/R$ bins where an interval can meet
#   $\lceil q\mathcal S/R\rceil + 1$. For the average of $n \ge 2$ entries and integer $\epsilon$ it
#   spends $\log_2(2^\epsilon+1)$ bits (2.32 bits at $\epsilon = 2$). The corrected rule
#   $q = \max(m, \lfloor (m-1)R/\mathcal S\rfloor)$, $m = \lfloor 2^\epsilon\rfloor$, keeps the budget;
#   both coincide in the local case $\mathcal S = R$.
# - **Theorem 4** holds only with $\rho$ the infimum of the *conditional* density of $X_i$ given
#   $X_{-i}$ (and $|X_i - \hat X_i|^p$ for odd $p$); with the joint density as printed it fails (table
#   above). `nsp.noiseless.estimation_error_lower_bound` takes the corrected reading.
# - Table T1, this figure and the Theorem 4 table are not in the paper; they quantify the errata.
#   The table of Theorems 1–3 and 5–7 is not in the paper either (it has no numeric example of
#   them); its instance is ours.
