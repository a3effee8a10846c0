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
# # Ding & Farokhi — Example 1: the joint range (Fig. 1) and its confusability graph (Fig. 2)
#
# Six values of the sensitive $S$, seven of the public $X$. The drawing of Fig. 1 did not survive
# the paper's text extraction; the joint range below is the one forced by the paper's own
# numbers (unique up to relabelling $s_1\leftrightarrow s_2$, $s_5\leftrightarrow s_6$).
# $G_X$ joins $x, x'$ when $[\![S|x]\!]\cap[\![S|x']\!]\neq\emptyset$; its connected components
# are the finest decomposition $\mathcal P^*_{G_X}$, and $I_*(S;X)=\log|\mathcal P^*_{G_X}|$ (Lemma 2).

# %% tags=["parameters"]
quick: bool = False  # run in seconds with reduced sizes; no effect here since this notebook always runs in seconds
show_mincut: bool = True  # enumerate all cuts of G_X to list the min-cut solutions of eq. (1)

# %%
import math

import matplotlib.pyplot as plt
import networkx as nx
import numpy as np
import pandas as pd

from nsp import uncertain as unc
from nsp.papers.agglomerative import example1_range, min_cut_solutions
from nsp.plotting import savefig, use_style

use_style()
r = example1_range()
MASK = r.mask
S_NAMES, X_NAMES = list(r.s_labels), list(r.x_labels)

# %% [markdown]
# ## Fig. 1 — the joint range $[\![S,X]\!]$

# %%
fig, ax = plt.subplots(figsize=(5.2, 4.2))
ii, jj = np.nonzero(MASK)
ax.scatter(jj + 1, ii + 1, marker="s", s=520, color="C0")
ax.set_xticks(range(1, 8), [f"$x_{j}$" for j in range(1, 8)])
ax.set_yticks(range(1, 7), [f"$s_{i}$" for i in range(1, 7)])
ax.set_xlim(0.4, 7.6)
ax.set_ylim(0.4, 6.6)
ax.set_xlabel("public data $X$")
ax.set_ylabel("sensitive data $S$")
ax.set_title("Fig. 1: joint range of Example 1 (reconstructed from the text)")
ax.grid(True, alpha=0.3)
fig1_data = pd.DataFrame(
    [
        {"s": S_NAMES[i], "x": X_NAMES[j], "in_range": bool(MASK[i, j])}
        for i in range(6)
        for j in range(7)
    ]
)
_ = savefig(fig, "agglomerative/fig1_joint_range", data=fig1_data)

# %% [markdown]
# ## Fig. 2 — $G_X$ and its finest decomposition

# %%
G = unc.confusability_graph(r)
blocks = unc.finest_decomposition(r)
comp = {x: k for k, b in enumerate(blocks) for x in b}
# the paper draws x2, x4 above x1, x3, then x5, x6, x7
pos = {1: (0, 1), 3: (1, 1), 0: (0, 0), 2: (1, 0), 4: (2, 0.5), 5: (3, 0.5), 6: (4, 0.5)}
fig, ax = plt.subplots(figsize=(5.6, 2.8))
nx.draw_networkx(
    G,
    pos=pos,
    ax=ax,
    labels={x: f"$x_{x + 1}$" for x in G},
    node_color=[f"C{comp[x]}" for x in G],
    node_size=700,
    font_color="white",
)
ax.set_title(f"Fig. 2: $G_X$; min-cut = 0; $I_*(S;X)=\\log {len(blocks)}$")
ax.axis("off")
ax.margins(0.12)
nodes = pd.DataFrame(
    [
        {
            "kind": "node",
            "u": X_NAMES[x],
            "v": "",
            "component": comp[x],
            "px": pos[x][0],
            "py": pos[x][1],
        }
        for x in G
    ]
)
edges = pd.DataFrame(
    [
        {
            "kind": "edge",
            "u": X_NAMES[a],
            "v": X_NAMES[b],
            "component": comp[a],
            "px": np.nan,
            "py": np.nan,
        }
        for a, b in G.edges()
    ]
)
_ = savefig(
    fig, "agglomerative/fig2_confusability_graph", data=pd.concat([nodes, edges], ignore_index=True)
)

# %% [markdown]
# ## Example 1's numbers

# %%
numbers = pd.DataFrame(
    [
        ("edges of G_X", sorted((X_NAMES[a], X_NAMES[b]) for a, b in G.edges())),
        ("P*_{G_X}", [[X_NAMES[x] for x in b] for b in blocks]),
        (
            "P*_{[[S|X]]} (overlap partition)",
            [sorted(S_NAMES[s] for s in b) for b in unc.overlap_partition(r)],
        ),
        ("I*(S;X) [bits]", unc.maximin_information(r)),
        ("log 5", math.log2(5)),
        ("L0(S->X) [bits]", unc.nonstochastic_leakage(r)),
        ("I0(S->X) [bits]", unc.nonstochastic_information(r)),
        ("H0(X) [bits]", unc.hartley_entropy(r, axis=1)),
        ("L0(X->S) [bits] (asymmetry)", unc.nonstochastic_leakage(r.T)),
        ("k-anonymity k*", unc.k_anonymity(r)),
    ],
    columns=["quantity", "value"],
)
numbers

# %% [markdown]
# ## Eq. (1): the min-cut solutions are the unions of blocks
# A cut $\kappa(\mathcal X)$ counts the edges leaving $\mathcal X$; $G_X$ is decomposable (min-cut 0)
# and the minimizers are exactly the $2^5-2=30$ non-trivial unions of blocks.

# %%
if show_mincut:
    best, solutions, unions = min_cut_solutions(r)
    print(f"min cut = {best}; {len(solutions)} minimizers; equal to the unions of blocks: {unions}")

# %% [markdown]
# ## Exercises
# **1 (concept).** If $G_X$ were connected, what would $I_*(S;X)$ be, and what would that say about what $X$
# reveals about $S$ with certainty?
#
# <details><summary>Solution</summary>
#
# One component gives $I_*(S;X) = \log 1 = 0$: no non-constant function of $X$ is also a function
# of $S$, so observing $X$ never settles with certainty which block of a partition of $S$ holds.
# Each further component is a certain piece of information: here five components,
# $\log_2 5$ bits.
#
# </details>

# %% [markdown]
# **2 (code).** Compute $I_*(S;X)$ of Example 1 in bits yourself: build $G_X$ from the mask (`example1_range().mask`,
# rows $s$, columns $x$; $x$ and $x'$ joined when their columns share an $s$) and count its connected
# components. Run the check cell to see whether your answer is right.

# %%
from nsp.exercises import check

answer = None  # replace None by your computation
check("worstcase.maximin_information", answer)

# %% [markdown]
# <details><summary>Solution</summary>
#
# ```python
# import math
#
# import networkx as nx
#
# from nsp.papers.agglomerative import example1_range
#
# mask = example1_range().mask
# n_x = mask.shape[1]
# G = nx.Graph()
# G.add_nodes_from(range(n_x))
# G.add_edges_from(
#     (a, b) for a in range(n_x) for b in range(a + 1, n_x) if (mask[:, a] & mask[:, b]).any()
# )
# answer = math.log2(nx.number_connected_components(G))
# check("worstcase.maximin_information", answer)
# ```
#
# </details>

# %% [markdown]
# ## Differences from the paper
# * Fig. 1's squares are lost in the extracted text; the range drawn here is the one the paper's
#   numbers force (see `docs/papers/agglomerative.md`). With it, the paper's
#   $[\![S|\{x_4,x_6\}]\!]=\{s_3,s_6\}$ of Example 2 reads $\{s_3,s_5\}$ (the paper is internally
#   inconsistent there: $s_6$ is already $x_7$'s).
# * The paper prints $\mathcal P^*_{[\![S|X]\!]}=\{\{s_1,s_2\},\{s_3\},\{s_4\},\{s_4\},\{s_6\}\}$; the
#   second $\{s_4\}$ is a typo for $\{s_5\}$.
# * Eq. (1) includes the empty union among the min-cut solutions; it is excluded here.
