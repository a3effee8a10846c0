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
# # Noiseless privacy — Figs. 1 and 2 on a toy example
#
# **Fig. 1**: non-stochastic hypothesis testing. A measurement $y$ in
# $[\![Y|p_0]\!] \setminus [\![Y|p_1]\!]$ accepts $p_0$ without error, one in
# $[\![Y|p_1]\!] \setminus [\![Y|p_0]\!]$ accepts $p_1$, and one in the intersection decides nothing.
# A toy example: $[\![X]\!] = \{0,\dots,5\}$, $H = p_{[x \ge 3]}$, $Y = \lfloor x/2 \rfloor$.
#
# **Fig. 2**: the timing of the membership game of Sec. V-A.

# %% tags=["parameters"]
quick: bool = False  # run in seconds (this notebook is always fast)
toy_domain: int = 6  # size of the toy range [[X]], the values 0 to toy_domain - 1 [>= 2]
threshold: int = 3  # hypothesis p1 holds for x at or above this value, p0 below [>= 1]

# %%
import matplotlib.pyplot as plt
import pandas as pd

from nsp import uncertain as un
from nsp.papers import noiseless as paper
from nsp.plotting import savefig, use_style

use_style()
xs = list(range(toy_domain))
h = ["p1" if x >= threshold else "p0" for x in xs]
y = [x // 2 for x in xs]
r = un.JointRange.from_pairs(zip(h, y, strict=True), s_labels=["p0", "p1"])
test = un.optimal_hypothesis_test(r)
aleph = [int(lab) for lab, ok in zip(r.x_labels, r.mask.sum(axis=0) == 1, strict=True) if ok]
print(
    "[[Y|p0]] =",
    sorted(un.conditional_range(r, 0, given="s")),
    " [[Y|p1]] =",
    sorted(un.conditional_range(r, 1, given="s")),
)
print(
    "optimal test T* =",
    dict(zip(r.x_labels, [r.s_labels[t] for t in test], strict=True)),
    "; decided correctly at",
    aleph,
    f"; performance log2|aleph| = {un.hypothesis_test_bound(r):.3f} bits",
)

# %%
fig, ax = plt.subplots(figsize=(7.5, 3.6))
ax.set_axis_off()
colour = {"p0": "C0", "p1": "C1"}
for x, hx, yx in zip(xs, h, y, strict=True):
    ax.scatter(0, -x, s=260, color=colour[hx], zorder=3)
    ax.text(0, -x, str(x), ha="center", va="center", color="white", fontsize=9, zorder=4)
    ax.annotate(
        "",
        xy=(2.0, -2 * yx - 0.5),
        xytext=(0.15, -x),
        arrowprops=dict(arrowstyle="->", color="0.5", lw=0.8),
    )
rows = []
for k, yk in enumerate(r.x_labels):
    hyps = [r.s_labels[i] for i in range(r.n_s) if r.mask[i, k]]
    region = "decides " + hyps[0] if len(hyps) == 1 else "undecided (intersection)"
    face = colour[hyps[0]] if len(hyps) == 1 else "0.75"
    ax.add_patch(plt.Rectangle((2.0, -2 * yk - 1.0), 1.2, 1.0, color=face, alpha=0.35))
    ax.text(2.6, -2 * yk - 0.5, f"y = {yk}\n{region}", ha="center", va="center", fontsize=8)
    rows.append(
        {
            "y": yk,
            "hypotheses": "|".join(hyps),
            "optimal_test": r.s_labels[test[k]],
            "correct": len(hyps) == 1,
        }
    )
ax.text(0, 0.7, "[[X]]", ha="center", fontsize=10)
ax.text(2.6, 0.7, "[[Y]]", ha="center", fontsize=10)
ax.set_ylim(-2 * r.n_x + 0.5, 1.2)
for lab, col in colour.items():
    ax.scatter([], [], color=col, label=f"x with H = {lab}")
ax.legend(loc="lower left", fontsize=8)
ax.set_xlim(-1, 4)
ax.set_title("Fig. 1 (toy): non-stochastic hypothesis test from uncertain measurements")
savefig(fig, "noiseless/fig1_hypothesis_testing", data=pd.DataFrame(rows))

# %%
steps = paper.GAME_PROTOCOL
fig, ax = plt.subplots(figsize=(8.5, 3.9))
ax.set_axis_off()
xpos = {"Adversary": 0.0, "Curator": 1.0}
for who, xp in xpos.items():
    ax.plot([xp, xp], [-0.2, -len(steps) - 0.5], color="0.3", lw=1)
    ax.text(xp, 0.15, who, ha="center", va="bottom", fontsize=11, weight="bold")
for k, (src, dst, text) in enumerate(steps, start=1):
    if src == dst:
        ax.text(xpos[src] + 0.03, -k, text, va="center", fontsize=9.5)
    else:
        ax.annotate(
            "", xy=(xpos[dst], -k), xytext=(xpos[src], -k), arrowprops=dict(arrowstyle="->", lw=1.2)
        )
        ax.text(0.5, -k + 0.12, text, ha="center", va="bottom", fontsize=9.5)
ax.set_xlim(-0.25, 1.75)
ax.set_ylim(-len(steps) - 0.6, 0.75)
ax.set_title("Fig. 2: timing of the membership game", pad=4)
savefig(
    fig,
    "noiseless/fig2_game_protocol",
    data=pd.DataFrame(
        [{"step": k, "from": s, "to": d, "message": t} for k, (s, d, t) in enumerate(steps, 1)]
    ),
)

# %% [markdown]
# ## Differences from the paper
# - Fig. 1 of the paper is a conceptual diagram; here it is drawn for a toy example so
#   that the regions and the optimal test are computed, not sketched. (The paper's caption writes
#   $h_2$ where $p_0$ is meant.)
# - Fig. 2 is redrawn as a sequence diagram from the text of Sec. V-A, its messages typeset as the
#   paper writes them.
