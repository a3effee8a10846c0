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
# # Privacy channels — Example 1 and Theorem 3.1 (Wu, §3)
#
# Example 1: two individuals with records $x_1 \in \{0,1,2\}$, $x_2 \in \{0,1\}$, the query
# $f(x_1,x_2) = 1[x_1 = x_2]$ and the randomized-response channel of §4.1 (flip probability $p$).
# The individual channel capacity $C_1 = \max_{i, X} I(X_i;Y)$ over **all** priors is, by Theorem 3.1,
# the largest capacity of the finitely many channels in the sets $\mathbb S_1, \mathbb S_2$ obtained by
# picking one completion per record value. The first figure redraws the paper's Fig. 1 (the 3-D
# transition array) as two planes, one per output; the first table lists the members of
# $\mathbb S_1$ and $\mathbb S_2$.

# %% tags=["parameters"]
quick: bool = False  # run in seconds with reduced sizes
p: float = 0.1  # flip probability of randomized response [> 0] [< 1]
base: float = 2.0  # logarithm base of information values, 2 for bits [> 0]
method: str = "setdp"  # exact C_1 method [choices: setdp, enumerate]

# %%

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from nsp.papers.privacy_channels import (
    example1_candidate_counts,
    example1_candidate_table,
    example1_rr,
    example1_summary_table,
)
from nsp.plotting import save_table, savefig, use_style
from nsp.privacy_channels import individual_channel_capacity

use_style()
ch = example1_rr(p)

# %% [markdown]
# ## The transition array $p(y\,|\,x_1, x_2)$ (the paper's Fig. 1)
# Rows are $x_1$, columns $x_2$; one panel per output $y$. Boxes mark one slice $x_1 = $ const
# (its $x_2$–$y$ plane generates the choices of $\mathbb S_1$) and one slice $x_2 = $ const ($\mathbb S_2$).

# %%
fig, axes = plt.subplots(1, 2, figsize=(7.0, 3.4))
rows = []
for y, ax in enumerate(axes):
    plane = ch.array[..., y]
    ax.imshow(plane, cmap="Blues", vmin=0, vmax=1)
    ax.grid(False)
    for (a, b), v in np.ndenumerate(plane):
        ax.text(b, a, f"{v:.2f}", ha="center", va="center", color="white" if v > 0.5 else "black")
        rows.append({"y": y, "x1": a, "x2": b, "p_y_given_x": v})
    ax.add_patch(
        plt.Rectangle(
            (-0.5, -0.5),
            2,
            1,
            fill=False,
            ec="C1",
            lw=2.5,
            label="slice $x_1=0$ (→ $\\mathbb{S}_1$)",
        )
    )
    ax.add_patch(
        plt.Rectangle(
            (-0.45, -0.45),
            0.9,
            2.9,
            fill=False,
            ec="C2",
            lw=2.5,
            ls="--",
            label="slice $x_2=0$ (→ $\\mathbb{S}_2$)",
        )
    )
    ax.set(
        xticks=[0, 1],
        yticks=[0, 1, 2],
        xlabel="$x_2$",
        ylabel="$x_1$",
        title=f"$p(y={y}\\,|\\,x_1,x_2)$",
    )
axes[1].legend(loc="upper left", bbox_to_anchor=(1.02, 1.0), fontsize="small")
fig.suptitle(f"Example 1, randomized response p = {p:g}: the transition array")
savefig(fig, "privacy_channels/fig1_transition_array", data=pd.DataFrame(rows))

# %% [markdown]
# ## The members of $\mathbb S_1$ and $\mathbb S_2$ and their capacities

# %%
t1 = example1_candidate_table(p, base=base)
save_table(t1, "privacy_channels/table_t1_example1_S_sets")
display(example1_candidate_counts(p))  # noqa: F821
t1.round(10)

# %% [markdown]
# ## $C_1$ by Theorem 3.1, the closed form, a direct search over priors, and the DP level

# %%
summary = example1_summary_table(p, base=base, method=method, restarts=3 if quick else 20)
save_table(summary, "privacy_channels/table_example1_summary")
res = individual_channel_capacity(ch, base=base, method=method)
print("attaining prior p*(x1, x2):\n", res.witness_prior.round(4))
summary

# %% [markdown]
# ## Differences from the paper
# - The paper prints no numbers; every value here is computed from its formulas.
# - Information is in bits (parameter `base`; §2.1 says bits) and the DP ε in nats. The two
#   ε's are different quantities: a mutual-information bound against a log-likelihood-ratio bound.
# - $\mathbb S_i$ is counted both as selection functions (8 and 9) and as distinct matrices (4 and 4);
#   the paper does not say which.
# - The paper proves only $C_1 \le \log 2 - H(p)$ (eq. (34)); for any non-constant query it is an
#   equality (binary outputs: the two extreme rows are always selectable), as the table shows.
# - Typos: eq. (23) should read $p(y|x_i, x_{(i)})$; two labels of Fig. 1 read
#   "(y_2|p(x_12, x_2·)" for $p(y_2|x_{12}, x_{2\cdot})$ (see `docs/papers/privacy_channels.md`).
