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
# # Ding & Farokhi — Algorithm 2 on Examples 3 and 4 (Figs. 4–6) and the §V-C variant (Example 5)
#
# Algorithm 2 minimizes $I_*(S;\hat X)-\lambda U_i$: each iteration merges the utility-best pair of
# clusters lying in two different components of the confusability graph $G_{\hat X}$ (which fuses
# those components, so $I_*=\log|\mathcal P|$ drops by one component), ties going to the pair that
# joins the largest two subgraphs. Example 3 uses $U_1$; Example 4 uses $U_2$ with $x_7=4$.
# The §V-C variant (Example 5) minimizes $L_0$ subject to $I_*=0$.

# %% tags=["parameters"]
quick: bool = False  # run in seconds with reduced sizes; no effect here since this notebook always runs in seconds
lam: float = 0.3  # λ of Examples 3, 4 and 5 (paper) [>= 0]
x_values_example4: list = [0.2, 0.1, 0.4, 0.3, 0.6, 1.5, 4.0]  # eq. (4) with x7 reset to 4
distance_example4: str = "sq"  # sq: the paper's stop at step 3; abs: as stated [choices: sq, abs]
also_run_abs: bool = True  # also plot Example 4 with the stated distance |x − x̂|

# %%
import matplotlib.pyplot as plt
import networkx as nx
import pandas as pd

from nsp import uncertain as unc
from nsp.clustering.nonstochastic import algorithm2, merge_until_connected
from nsp.papers.agglomerative import example1_range, trace_table
from nsp.plotting import save_table, savefig, use_style

use_style()
MASK = example1_range().mask

ex3 = algorithm2(MASK, lam, utility="U1")
ex4 = algorithm2(MASK, lam, utility="U2", values=x_values_example4, distance=distance_example4)
ex4_abs = algorithm2(MASK, lam, utility="U2", values=x_values_example4, distance="abs")
ex5 = merge_until_connected(MASK, lam, utility="U1")


def node_name(cluster) -> str:
    return "$x_{" + "".join(str(i + 1) for i in cluster) + "}$"


def draw_graphs(res, key: str, title: str) -> None:
    """One panel per accepted iteration t ≥ 1: G at the end of iteration t."""
    hist = res.history[1:]
    fig, axes = plt.subplots(1, len(hist), figsize=(3.0 * len(hist), 3.0), squeeze=False)
    rows = []
    for ax, it in zip(axes[0], hist, strict=True):
        q = it.partition
        G = unc.confusability_graph(unc.quantize(MASK, q.labels))
        comp = it.decomposition.labels
        pos = nx.circular_layout(G)
        nx.draw_networkx(
            G,
            pos=pos,
            ax=ax,
            labels={k: node_name(c) for k, c in enumerate(q.clusters)},
            node_color=[f"C{comp[c[0]]}" for c in q.clusters],
            node_size=900,
            font_size=9,
            font_color="white",
        )
        ax.set_title(f"t = {it.t}: $|\\mathcal{{P}}| = {len(it.decomposition)}$")
        ax.axis("off")
        ax.margins(0.2)
        rows += [
            {"t": it.t, "kind": "node", "u": node_name(c), "v": "", "component": int(comp[c[0]])}
            for c in q.clusters
        ]
        rows += [
            {
                "t": it.t,
                "kind": "edge",
                "u": node_name(q.clusters[a]),
                "v": node_name(q.clusters[b]),
                "component": int(comp[q.clusters[a][0]]),
            }
            for a, b in G.edges()
        ]
    fig.suptitle(title)
    _ = savefig(fig, key, data=pd.DataFrame(rows))


# %% [markdown]
# ## Table: traces of Examples 3, 4 (both distances) and 5

# %%
runs = {
    "Example 3 (U1)": ex3,
    f"Example 4 (U2, {distance_example4})": ex4,
    "Example 4 (U2, abs)": ex4_abs,
    "Example 5 (§V-C, U1)": ex5,
}
traces = trace_table(runs)
_ = save_table(traces, "agglomerative/table_t1_examples3to5_traces")
traces[
    [
        "run",
        "t",
        "accepted",
        "partition",
        "decomposition",
        "leakage",
        "utility",
        "lagrangian",
        "delta",
    ]
].round(4)

# %% [markdown]
# ## Fig. 4 — Example 3: $G$ at the end of each iteration

# %%
draw_graphs(
    ex3,
    "agglomerative/fig4_example3_graphs",
    "Fig. 4: Algorithm 2, Example 3 ($U_1$, $\\lambda=0.3$)",
)

# %% [markdown]
# ## Fig. 5 — Example 4: $G$ at the end of each accepted iteration

# %%
draw_graphs(
    ex4,
    "agglomerative/fig5_example4_graphs",
    f"Fig. 5: Algorithm 2, Example 4 ($U_2$, $d$ = {distance_example4}, $\\lambda={lam:g}$)",
)

# %% [markdown]
# ## Fig. 6 — convergence, $\mathcal L=\log|\mathcal P^{(t)}|-\lambda U_i$

# %%
fig, ax = plt.subplots(figsize=(5.4, 3.9))
curves = [
    ("$U_1$ (Example 3)", ex3, "o-"),
    (f"$U_2$ (Example 4, $d$ = {distance_example4})", ex4, "s-"),
]
if also_run_abs:
    curves.append(("$U_2$ (Example 4, $d=|x-\\hat x|$ as stated)", ex4_abs, "^--"))
rows = []
for label, res, style in curves:
    t = [h.t for h in res.history]
    y = [h.lagrangian for h in res.history]
    ax.plot(t, y, style, label=f"{label}: stops at t = {res.iterations}")
    rows += [{"curve": label, "t": a, "lagrangian": b} for a, b in zip(t, y, strict=True)]
ax.set_xlabel("iteration index $t$")
ax.set_ylabel(r"$\mathcal{L}=\log|\mathcal{P}^{(t)}|-\lambda U_i$")
ax.set_xticks(range(0, 5))
ax.set_title(f"Fig. 6: Algorithm 2, $\\lambda={lam:g}$")
ax.legend(fontsize=8)
_ = savefig(fig, "agglomerative/fig6_algorithm2_convergence", data=pd.DataFrame(rows))

# %% [markdown]
# ## Differences from the paper
# * Example 3 prints $\triangle\mathcal L=\log\frac45-\lambda\log\frac21$; the printed value −0.0219
#   needs $+\lambda\log 2$ (sign typo). Ties of (8) are broken by the largest two subgraphs
#   (counted in original values), then canonical order; this reproduces Examples 3 and 4.
# * **Example 4**: with the stated distance $|x-\hat x|$ and $\lambda=0.3$, Algorithm 2 does **not**
#   stop at $t=3$: the 4th merge $\{x_2\}+\{x_7\}$ has $\triangle\mathcal L=-1+0.3(1.95-0.667)=-0.615<0$,
#   so it ends connected at $t=4$ (dashed curve). The squared distance $(x-\hat x)^2$ reproduces the
#   paper's stop at $t=3$ ($\triangle\mathcal L=+0.0074$); Figs. 5–6 use it by default
#   (`distance_example4`). With $|x-\hat x|$ the stated outcome holds for $\lambda\in[0.7792,1.0323)$.
# * Footnote 11's claim about merging $\{x_5\},\{x_6\}$ first is not reproducible and not shown.
# * Example 5 (§V-C): lines 4–6 of Algorithm 2 are replaced by (12) and there is no break (it
#   merges with $\triangle\mathcal L=+0.3$ and $+0.1755$); the paper's justification of the first
#   choice ("$|[\![S|\{2\}]\!]|=2$") refers to the sizes of the subgraphs, not of the ranges.
# * Figs. 4–5 draw the graphs on a circle with nodes coloured by component; the paper's layout is lost.
