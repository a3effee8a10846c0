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
# # Ding & Farokhi — Algorithm 1 on Example 2 (Fig. 3)
#
# Algorithm 1 minimizes $L_0(S\to\hat X)-\lambda U_i(X;\hat X)$: every outer iteration merges each
# cluster of smallest $|[\![S|\mathcal X]\!]|$ with its utility-best partner (smallest merged size
# for $U_1=I_0(X\to\hat X)$, smallest merged max-distortion $\bar d$ for $U_2$, centroid codewords),
# and stops when the Lagrangian stops strictly decreasing. Fig. 3 plots
# $\mathcal L = L_0-\lambda U_i$ (the paper's $-B_0-\lambda U_i$ plus the constant $\log|[\![S]\!]|$,
# which matches its y-axis).

# %% tags=["parameters"]
quick: bool = False  # run in seconds with reduced sizes; no effect here since this notebook always runs in seconds
lam_u1: float = 0.3  # λ of the U1 run (paper) [>= 0]
lam_u2: float = 2.5  # λ of the U2 run (paper) [>= 0]
x_values: list = [0.2, 0.1, 0.4, 0.3, 0.6, 1.5, 1.0]  # numeric values of x1..x7, eq. (4)
distance: str = "abs"  # distortion d(x, x̂): |x − x̂| or (x − x̂)² [choices: abs, sq]
lagrangian_form: str = "L0"  # L0 − λU (Fig. 3) or the paper's −B0 − λU [choices: L0, raw]

# %%
import math

import matplotlib.pyplot as plt
import pandas as pd

from nsp.clustering.nonstochastic import algorithm1
from nsp.papers.agglomerative import example1_range, trace_table
from nsp.plotting import save_table, savefig, use_style

use_style()
MASK = example1_range().mask
shift = 0.0 if lagrangian_form == "L0" else -math.log2(MASK.shape[0])

runs = {
    "U1": algorithm1(MASK, lam_u1, utility="U1"),
    "U2": algorithm1(MASK, lam_u2, utility="U2", values=x_values, distance=distance),
}

# %% [markdown]
# ## Table T1: the traces, every iteration (the rejected step last, `accepted = False`)

# %%
traces = trace_table(runs, label="utility_kind", merges=True)
_ = save_table(traces, "agglomerative/table_t1_example2_traces")
traces[
    [
        "utility_kind",
        "t",
        "accepted",
        "partition",
        "merges",
        "leakage",
        "utility",
        "lagrangian",
        "delta",
    ]
].round(4)

# %% [markdown]
# ## Fig. 3

# %%
fig, ax = plt.subplots(figsize=(5.2, 3.8))
stops = {
    "single_cluster": "one cluster left",
    "delta_nonnegative": r"next $\Delta\mathcal{L} \geq 0$",
}
rows = []
for k, (name, res) in enumerate(runs.items()):
    t = [h.t for h in res.history]
    y = [h.lagrangian + shift for h in res.history]
    ax.plot(
        t,
        y,
        marker="os"[k],
        label=f"${name[0]}_{name[1]}$, $\\lambda={res.lam:g}$ (stops: {stops[res.stop_reason]})",
    )
    rows += [
        {"utility_kind": name, "lam": res.lam, "t": a, "lagrangian": b}
        for a, b in zip(t, y, strict=True)
    ]
ax.set_xlabel("iteration index $t$")
ax.set_ylabel(
    r"$\mathcal{L}$"
    + (" $= L_0-\\lambda U_i$" if lagrangian_form == "L0" else " $= -B_0-\\lambda U_i$")
)
ax.set_xticks(range(0, 4))
ax.set_title("Fig. 3: Algorithm 1 on Example 2")
ax.legend()
_ = savefig(fig, "agglomerative/fig3_algorithm1_convergence", data=pd.DataFrame(rows))

# %% [markdown]
# ## Exercises
# **1 (concept).** Why can merging two values of $X$ never increase the leakage $L_0(S \to \hat X)$?
#
# <details><summary>Solution</summary>
#
# $L_0(S \to \hat X) = \log|[\![S]\!]| - \log \min_{\hat x} |[\![S|\hat x]\!]|$. A merge replaces two
# conditional ranges by their union, which is at least as large as either, so the smallest
# conditional range cannot shrink and $L_0$ cannot grow.
#
# </details>

# %% [markdown]
# **2 (code).** Merge the values of Example 1 into two clusters, $\{x_1, x_2, x_3, x_4\}$ and $\{x_5, x_6, x_7\}$.
# Compute $L_0(S \to \hat X) = \log_2|[\![S]\!]| - \log_2 \min_{\hat x} |[\![S|\hat x]\!]|$ in bits. Run the check cell to see whether your answer is right.

# %%
from nsp.exercises import check

answer = None  # replace None by your computation
check("worstcase.merged_l0", answer)

# %% [markdown]
# <details><summary>Solution</summary>
#
# ```python
# import numpy as np
#
# from nsp.papers.agglomerative import example1_range
#
# mask = example1_range().mask  # rows s, columns x
# clusters = [[0, 1, 2, 3], [4, 5, 6]]
# sizes = [mask[:, c].any(axis=1).sum() for c in clusters]  # |[[S|x̂]]| of each cluster
# answer = np.log2(mask.any(axis=1).sum()) - np.log2(min(sizes))
# check("worstcase.merged_l0", answer)
# ```
#
# </details>

# %% [markdown]
# ## Differences from the paper
# * Example 2 writes $U_1=I_0(S\to\hat X)$; the definition (§V-A) and every number use
#   $U_1=I_0(X\to\hat X)$.
# * Algorithm 1's line 16 returns $\mathcal Q^{(t-1)}$; Example 2 returns $\mathcal Q^{(3)}$ after
#   reaching one cluster with $\triangle\mathcal L<0$. We return the last accepted partition: the
#   previous one when $\triangle\mathcal L\ge0$, else the single cluster.
# * For $U_2$ the paper prints $\mathcal Q^{(2)}$ and the returned $\mathcal Q^{(1)}$ copied from the
#   $U_1$ run; its own $\triangle\mathcal L=+0.0758$ confirms the corrected trace shown here:
#   $\mathcal Q^{(1)}=\{\{x_1,x_2,x_4\},\{x_3,x_5\},\{x_6,x_7\}\}$. The codeword (centroid) and
#   distance ($|x-\hat x|$) are not stated there; they reproduce −0.3750 and +0.0758.
# * The y-axis plots $L_0-\lambda U_i$ (`lagrangian_form`); the paper's $\mathcal L$ is lower by $\log 6$.
