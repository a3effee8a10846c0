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
# # Privacy channels — the (discrete) exponential channel (Wu, §4.2–§4.3)
#
# The exponential privacy channel (Def. 13) outputs $y$ with probability $e^{-\phi_x(y)/N}/\alpha$,
# $\phi_x(y)$ the rank of $y$ by distortion from $f(x)$. It is data-independent, so Corollary 1 bounds
# $C_1 \le \log k - H(Z)$ with $H(Z)$ in closed form (eq. (62), evaluated stably here). The figures
# show the bound and the utility $P(Y = f(x)) = 1/\alpha$ against $N$, the noise $N^*(\epsilon)$ that
# meets a budget, and the exact $C_1$ (Theorem 3.1) on a count query, which can be far below the
# bound, beside the McSherry–Talwar exponential mechanism at matched $C_1$.

# %% tags=["parameters"]
quick: bool = False  # run in seconds with reduced sizes
ks: list = [2, 5, 10, 100]  # output alphabet sizes k of the bound and of N* [>= 2]
N_min: float = 0.1  # smallest N of the bound curves [> 0]
N_max: float = 100.0  # largest N of the bound curves [> 0]
n_N: int = 200  # points on the bound curves [>= 1]
eps_list: list = [0.1, 0.5, 1.0]  # budgets of the N* table, in bits [> 0]
count_n: int = 4  # individuals of the count query [>= 1]
eps_dp_list: list = [0.5, 1.0, 2.0, 4.0]  # DP budgets of the exponential mechanism, in nats [> 0]
base: float = 2.0  # logarithm base of information values, 2 for bits [> 0]

# %%
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from nsp.papers.privacy_channels import (
    count_query_exponential_table,
    exponential_bound_table,
    exponential_calibration_table,
    exponential_vs_em_table,
    weakly_symmetric_table,
)
from nsp.plotting import certified, save_table, savefig, unit_label, use_style

use_style()
unit = unit_label(base)
if quick:
    n_N = 12
Ns = np.geomspace(N_min, N_max, n_N)

# %% [markdown]
# ## The bound $\log k - H(Z)$ and the utility $1/\alpha$ against $N$

# %%
f4 = exponential_bound_table(ks, Ns, base=base)
# closed forms; the bound is a difference near log k, exact to ~1e-15 absolute: 12 decimals
f4 = certified(f4, decimals={"bound": 12, "H_Z": 12, "H_Z_direct_sum": 12})
fig, (a1, a2) = plt.subplots(1, 2, figsize=(11.0, 4.0))
for k in ks:
    d = f4[f4.k == k]
    a1.plot(d.N, d.bound, label=f"k = {k}")
    a2.plot(d.N, d.prob_correct, label=f"k = {k}")
a1.set(
    xscale="log",
    xlabel="N",
    ylabel=f"log k − H(Z) [{unit}]",
    title="bound on $C_1$ (Cor. 1, eq. (62))",
)
a2.set(xscale="log", xlabel="N", ylabel="P(Y = f(x)) = 1/α", title="utility")
a1.legend()
savefig(fig, "privacy_channels/exp_bound_vs_N", data=f4)

# %% [markdown]
# ## The noise $N^*(\epsilon)$ with $\log k - H(Z) = \epsilon$

# %%
fractions = np.linspace(0.02, 0.98, 10 if quick else 60)  # budgets as fractions of log k
f5 = exponential_calibration_table(ks, fractions, base=base)
# N* is a root of log k - H(Z) = eps, whose sign is noise below ~1e-14: 8 significant digits
f5 = certified(f5, sig={"N_star": 8, "prob_correct": 8})
fig, (a1, a2) = plt.subplots(1, 2, figsize=(11.0, 4.0))
for k in ks:
    d = f5[f5.k == k]
    a1.plot(d.eps, d.N_star, label=f"k = {k}")
    a2.plot(d.eps, d.prob_correct, label=f"k = {k}")
a1.set(
    yscale="log",
    xlabel=f"IP budget ε [{unit}]",
    ylabel="N*",
    title="noise needed for ε-information privacy",
)
a2.set(xlabel=f"IP budget ε [{unit}]", ylabel="P(Y = f(x)) at N*", title="utility at N*")
a1.legend()
savefig(fig, "privacy_channels/exp_Nstar_vs_eps", data=f5)
e3 = certified(exponential_calibration_table(ks, eps_list=eps_list, base=base), sig={"N_star": 8})
save_table(e3, "privacy_channels/table_e3_exp_Nstar")
e3

# %% [markdown]
# ## A weakly symmetric channel reaches the bound (Corollary 1, eq. (45))
# $f = (x_1 + x_2) \bmod 5$ on $\{0..4\}\times\{0,1,2\}$, cyclic distance.

# %%
e4 = certified(weakly_symmetric_table((0.5, 1.0, 3.0), base=base), decimals={"exact_C1": 8})
save_table(e4, "privacy_channels/table_e4_weakly_symmetric")
e4

# %% [markdown]
# ## Count query — exact $C_1$ against the bound, and the exponential mechanism
# $n$ binary records, $f = \sum_j x_j$, $k = n + 1$, $d = |y - y'|$, ties toward the smaller $y$. The
# McSherry–Talwar mechanism ($u = -|y - f|$, $\Delta u = 1$) at DP level ε has the same $C_1$ as the
# exponential channel at $N = 2/\epsilon$; at that match we compare utility and the realized DP ε.

# %%
f6 = count_query_exponential_table(count_n, np.geomspace(0.2, 10, 10 if quick else 40), base=base)
# C_1 is certified to 1e-10 (Theorem 3.1): 8 decimals; the bound and DP eps are closed forms
f6 = certified(f6, decimals={"exact_C1": 8, "bound": 12})
em = certified(
    exponential_vs_em_table(count_n, eps_dp_list, base=base), decimals={"c1_em": 8, "c1_exp": 8}
)
fig, (a1, a2) = plt.subplots(1, 2, figsize=(11.0, 4.0))
a1.plot(f6.N, f6.bound, label="bound log k − H(Z) (eq. (43))")
a1.plot(f6.N, f6.exact_C1, label="exact $C_1$ (Theorem 3.1)")
a1.plot(em.N, em.c1_em, "s", mfc="none", label="McSherry–Talwar at ε = 2/N (same $C_1$)")
a1.set(
    xscale="log",
    xlabel="N",
    ylabel=f"$C_1$ and its bound [{unit}]",
    title=f"count query, n = {count_n}: $C_1$",
)
a1.legend(fontsize="small")
x = np.arange(len(em))
a2.bar(x - 0.2, em.dist_em, 0.4, label="McSherry–Talwar")
a2.bar(x + 0.2, em.dist_exp, 0.4, label="exponential privacy channel")
for j, r in em.iterrows():
    a2.annotate(
        f"DP ε {r.dp_em:.2f}", (j - 0.2, r.dist_em), ha="center", va="bottom", fontsize="x-small"
    )
    a2.annotate(
        f"DP ε {r.dp_exp:.2f}", (j + 0.2, r.dist_exp), ha="center", va="bottom", fontsize="x-small"
    )
a2.set(
    xticks=x,
    xticklabels=[f"ε={e:g}\nN={n:g}" for e, n in zip(em.eps_dp, em.N, strict=True)],
    ylabel="E|Y − f(X)| (uniform datasets)",
    title="utility at matched $C_1$ (DP ε in nats)",
)
a2.legend(fontsize="small")
fig.suptitle("Exponential channel vs exponential mechanism: C1 in " + unit + ", DP ε in nats")
data = pd.concat([f6.assign(series="exponential_channel"), em.assign(series="em_vs_exp_matched")])
savefig(fig, "privacy_channels/exp_count_query", data=data)
save_table(em, "privacy_channels/table_e6_em_vs_exp")
em

# %% [markdown]
# ## Exercises
# **1 (concept).** On the count query with binary records the exact $C_1$ never exceeds 1 bit, while the bound
# $\log k - H(Z)$ tends to $\log_2 5$ as $N \to 0$. Why can $C_1$ not exceed 1 bit there?
#
# <details><summary>Solution</summary>
#
# $C_1$ measures what the output tells about **one** individual's record, the others fixed
# arbitrarily. That record is one bit, so the mutual information between it and the output is
# at most its entropy, $\le \log_2 2 = 1$ bit, however many outputs there are. The bound counts
# outputs ($\log k$), not the inputs of one individual, so it can be loose.
#
# </details>

# %% [markdown]
# **2 (code).** For $k = 5$ outputs and $N = 2$, compute the bound $\log_2 k - H(Z)$ of Corollary 1, where the
# rank $Z \in \{0, \dots, k-1\}$ has probability proportional to $e^{-Z/N}$. In bits. Run the check cell to see whether your answer is right.

# %%
from nsp.exercises import check

answer = None  # replace None by your computation
check("channels.exponential_bound", answer)

# %% [markdown]
# <details><summary>Solution</summary>
#
# ```python
# import numpy as np
#
# from nsp.info import entropy
#
# k, N = 5, 2.0
# weights = np.exp(-np.arange(k) / N)
# answer = np.log2(k) - entropy(weights / weights.sum())
# check("channels.exponential_bound", answer)
# ```
#
# </details>

# %% [markdown]
# ## Differences from the paper
# - The paper gives no numbers for §4.3; every figure and table here is ours.
# - Eq. (62) is stated for $\lambda = 1/N \le 1$; it holds for every $N > 0$ and is evaluated here in a
#   stable form (the naive one overflows for $N \lesssim 10^{-3}$).
# - The distortion and the tie rule in (47) are not specified; here $d = |y-y'|$ and ties go to the
#   smaller output. The DP ε and the exact $C_1$ depend on that rule.
# - The bound (43) can be loose: on the count query with binary records the exact $C_1$ never exceeds
#   1 bit while the bound tends to $\log_2 5$ (count-query figure, left).
# - The McSherry–Talwar comparison is not in the paper. At matched $C_1$ the rank-based channel has
#   better utility but a worse DP level (count-query figure, right). IP ε (bits) and DP ε (nats) are
#   different quantities.
