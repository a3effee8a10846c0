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
# # Privacy channels — randomized response against DP randomized response (Wu, §4.1)
#
# The binary symmetric privacy channel (29) flips the query's bit with probability $p$. Its
# individual channel capacity is $C_1 = \log 2 - H(p)$ (the paper proves "$\le$", eq. (34); it is an
# equality for every non-constant query). Calibration (36)–(37): $C_1 \le \epsilon$ iff
# $p \in [p^*, 1-p^*]$ with $H(p^*) = \log 2 - \epsilon$. The first figure checks the closed form
# against the exact Theorem 3.1 computation on Example 1; the second compares with ε-DP randomized
# response,
# $p_{DP} = 1/(1+e^\epsilon)$. **Units differ:** the information-privacy ε is in bits (a bound on
# mutual information); the DP ε is in nats (a bound on a log-likelihood ratio).

# %% tags=["parameters"]
quick: bool = False  # run in seconds with reduced sizes
p_min: float = 0.01  # smallest flip probability on the curves [> 0] [< 1]
p_max: float = 0.99  # largest flip probability on the curves [> 0] [< 1]
n_p: int = 99  # points on the curves [>= 1]
eps_marks: list = [0.1, 0.5]  # IP budgets marked on the capacity curve, in bits [>= 0]
eps_grid: list = [0.05, 0.1, 0.25, 0.5, 1.0, 2.0]  # budgets of the threshold table and (b) [>= 0]
base: float = 2.0  # logarithm base of information values, 2 for bits [> 0]

# %%
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from nsp.interactive import explore
from nsp.papers.privacy_channels import (
    example1_rr,
    rr_ip_vs_dp_table,
    rr_threshold_table,
    rr_view,
)
from nsp.plotting import save_table, savefig, unit_label, use_style
from nsp.privacy_channels import (
    individual_channel_capacity,
    rr_capacity,
    rr_dp_epsilon,
    rr_flip_threshold,
)

use_style()
unit = unit_label(base)
if quick:
    n_p = 11
ps = np.linspace(p_min, p_max, n_p)
marker_ps = np.round(np.arange(0.05, 0.951, 0.05 if not quick else 0.15), 2)
marker_ps = np.concatenate([[0.01], marker_ps])
marker_ps = marker_ps[(marker_ps >= p_min) & (marker_ps <= p_max)]  # the curve's range only

# %% [markdown]
# ## $C_1$ of randomized response against $p$

# %%
curve = np.array([rr_capacity(p, base=base) for p in ps])
exact = np.array([individual_channel_capacity(example1_rr(p), base=base).value for p in marker_ps])

fig, ax = plt.subplots(figsize=(6.4, 4.2))
ax.plot(ps, curve, label=r"$\log 2 - H(p)$ (eq. (34))")
ax.plot(marker_ps, exact, "o", ms=5, mfc="none", label="exact $C_1$ of Example 1 (Theorem 3.1)")
marks = []
for j, eps in enumerate(eps_marks):
    ps_ = rr_flip_threshold(eps, base=base)
    # the thresholds go to the legend: text on the curve would cover its markers
    ax.axhline(eps, color=f"C{j + 2}", lw=0.8, ls=":")
    for k, v in enumerate((ps_, 1 - ps_)):
        ax.axvline(
            v,
            color=f"C{j + 2}",
            lw=0.8,
            ls="--",
            label=f"ε = {eps:g} {unit}: $C_1$ ≤ ε iff p ∈ [{ps_:.5f}, {1 - ps_:.5f}]"
            if k == 0
            else None,
        )
    marks.append({"eps": eps, "p_star": ps_, "one_minus_p_star": 1 - ps_})
ax.set(
    xlabel="flip probability p",
    ylabel=f"$C_1$ [{unit}]",
    title="Randomized response: individual channel capacity",
)
ax.set_ylim(top=1.3 * float(curve.max()))  # headroom for the legend above the curve
ax.legend(loc="upper center", fontsize="small", frameon=True, framealpha=0.95, edgecolor="none")
data = pd.concat(
    [
        pd.DataFrame({"series": "closed_form", "p": ps, "c1": curve}),
        pd.DataFrame({"series": "exact_example1", "p": marker_ps, "c1": exact}),
    ]
)
savefig(fig, "privacy_channels/rr_capacity_vs_p", data=data)
pd.DataFrame(marks)

# %% [markdown]
# ## Explore: move the flip probability
# In JupyterLab, move $p$: $C_1 = \log 2 - H(p)$ vanishes at $p = 1/2$ while the DP level
# $|\ln((1-p)/p)|$ grows without bound as $p \to 0$.

# %%
explore(rr_view, p=(0.05, 0.95, 0.05))

# %% [markdown]
# ## The calibration $p^*(\epsilon)$ (eq. (37)), in bits and in nats

# %%
e2 = rr_threshold_table(eps_grid)
save_table(e2, "privacy_channels/table_e2_rr_threshold")
e2

# %% [markdown]
# ## Information privacy against differential privacy for randomized response
# (a) the two privacy levels of the same channel; (b) accuracy $1-p$ when the same *number* ε is
# used in both models (heuristic: the units differ); (c) the IP level of $\epsilon$-DP randomized
# response (a unit-consistent comparison: both channels measured by $C_1$).

# %%
half = ps[ps < 0.5]
ip_level = np.array([rr_capacity(p, base=base) for p in half])
dp_level = np.array([rr_dp_epsilon(p) for p in half])
eps_fine = np.linspace(0.01, max(eps_grid), 200 if not quick else 20)
tab = rr_ip_vs_dp_table(eps_fine, base=base)

fig, axes = plt.subplots(1, 3, figsize=(13.0, 4.0))
ax = axes[0]
ax.plot(half, ip_level, label=f"IP: $C_1 = \\log 2 - H(p)$ [{unit}]")
ax.plot(half, dp_level, label="DP: $\\epsilon = \\ln((1-p)/p)$ [nats]")
ax.set(
    xlabel="flip probability p",
    ylabel="privacy level (different units!)",
    yscale="log",
    title="(a) two levels of one channel",
)
ax.legend(fontsize="small")
ax = axes[1]
ax.plot(tab.eps, tab.accuracy_ip, label=f"IP-calibrated RR, ε in {unit}")
ax.plot(tab.eps, tab.accuracy_dp, label="DP RR, ε in nats")
ax.set(
    xlabel="the same number ε (bits for IP, nats for DP)",
    ylabel="accuracy 1 − p",
    title="(b) equal numeric ε (heuristic)",
)
ax.legend(fontsize="small")
ax = axes[2]
ax.plot(tab.eps, tab.c1_of_dp_rr, label=f"$C_1$ of ε-DP RR [{unit}]")
ax.set(
    xlabel="DP ε [nats]", ylabel=f"$C_1$ [{unit}]", title="(c) IP level of DP randomized response"
)
ax.legend(fontsize="small")
fig.suptitle(
    "Randomized response: information privacy (bits) vs differential privacy (nats) — units differ"
)
data = pd.concat(
    [
        pd.DataFrame({"panel": "a", "x": half, "ip_c1": ip_level, "dp_eps_nats": dp_level}),
        tab.assign(panel="bc").rename(columns={"eps": "x"}),
    ]
)
savefig(fig, "privacy_channels/rr_ip_vs_dp", data=data)
rr_ip_vs_dp_table(eps_grid, base=base)

# %% [markdown]
# ## Exercises
# **1 (concept).** At which flip probability does randomized response leak nothing, in both senses? What do the two
# levels do as $p \to 0$?
#
# <details><summary>Solution</summary>
#
# At $p = 1/2$: $C_1 = \log 2 - H(1/2) = 0$ and the DP level is $|\ln 1| = 0$. As $p \to 0$, $C_1 \to
# \log 2$ (one bit: all a binary answer can carry), while the DP level $\ln((1-p)/p)$ grows without
# bound.
#
# </details>

# %% [markdown]
# **2 (code).** Calibrate randomized response to an information-privacy budget of $\epsilon = 0.25$ bit
# (the flip probability $p^* \le 1/2$ with $C_1 = \log_2 2 - h(p^*) = 0.25$), then compute the DP
# level $\ln((1-p^*)/p^*)$ of that same channel, in nats. Run the check cell to see whether your answer is right.

# %%
from nsp.exercises import check

answer = None  # replace None by your computation
check("channels.dp_level_of_calibrated_rr", answer)

# %% [markdown]
# <details><summary>Solution</summary>
#
# ```python
# import numpy as np
#
# from nsp.info import inverse_binary_entropy
#
# p_star = inverse_binary_entropy(1 - 0.25)  # h(p*) = 1 - epsilon bits, p* <= 1/2
# answer = np.log((1 - p_star) / p_star)  # the DP level of the same channel, in nats
# check("channels.dp_level_of_calibrated_rr", answer)
# ```
#
# </details>

# %% [markdown]
# ## Differences from the paper
# - The paper prints no numbers or curves for §4.1; both figures and the threshold table are ours.
# - Eq. (34) is an equality, not only a bound, for every non-constant query (markers on the first
#   figure).
# - (36) states the open interval $(p^*, 1-p^*)$; the closed interval also gives $C_1 \le \epsilon$, and
#   for $\epsilon \ge \log 2$ every $p$ works: the IP curve of panel (b) reaches accuracy 1.
# - The first figure gives the calibration intervals $[p^*, 1-p^*]$ of the marked budgets in its
#   legend (dashed verticals), not as text over the curve.
# - Units: ε of information privacy is in bits here (§2.1 says bits), the DP ε in nats. Panel (b)
#   compares them at the same number only as a heuristic; panel (c) compares both channels by the
#   same measure $C_1$.
