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
# # Ding & Farokhi — the extensions of §V-C: observable S, side information A, medoid codeword
#
# The last two paragraphs of §V-C state, without examples or numbers, that the algorithms also
# apply (i) when the curator observes S and sanitises the pair $Y=(S,X)$ (chain
# $S-Y-\hat Y$, with $[\![S|y]\!]=\{s\}$), and (ii) when the adversary knows side information
# $A$, with privacy $L_0(S\to\hat X|A)=\max_{(\hat x,a)}\log\frac{|[\![S|a]\!]|}{|[\![S|\hat x,a]\!]|}$
# or $I_*(S;\hat X,A)$ (X alone quantized). We run Algorithms 1 and 2 (and the §V-C variant)
# in both settings, on Example 1 (values of eq. (4)) and on the Hungarian heart-disease data
# (S = age, X = cholesterol, A = sex). The utility is $U_2=-\max_{\mathcal X}\bar d(\mathcal X)$,
# drawn as the largest distortion $-U_2$; with $Y$ it is measured on the X component (a cluster
# of pairs releases one codeword of their X values). Finally the medoid codeword (the member of
# least largest distance) beside the paper's centroid.
#
# Each curve is a merge path; filled markers joined by steps are the partitions some λ returns
# (the λ-front), small open markers the other iterates.

# %% tags=["parameters"]
quick: bool = False  # fewer λ runs of the §V-C variant (the paths take seconds either way)
missing: str = "keep"  # unknown cholesterol: level -9 (paper counts), or drop [choices: keep, drop]
attribute: str = "sex"  # A, known to the adversary [choices: sex, cp, trestbps, fbs, restecg, thalach, exang, oldpeak, slope, ca, thal, num]  # fmt: skip
distance: str = "abs"  # U2 distance [choices: abs, sq]
vc_lambdas: list = [0.0, 0.3, 1.0, 3.0]  # λ of the §V-C variant runs [>= 0]

# %%
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from nsp.clustering.nonstochastic import merge_by_leakage
from nsp.papers.agglomerative import (
    EXAMPLE2_U2_LAMBDA,
    EXAMPLE2_VALUES,
    codeword_comparison,
    codeword_table,
    example1_range,
    example1_side_range,
    hungarian_age_chol,
    hungarian_joint_range,
    hungarian_side_range,
    observable_comparison,
    side_information_comparison,
)
from nsp.plotting import savefig, use_style

use_style()
if quick:
    vc_lambdas = vc_lambdas[:2]
ex_r, ex_v = example1_range(), np.asarray(EXAMPLE2_VALUES)
h_r = hungarian_joint_range(hungarian_age_chol(missing=missing))
h_mask, h_v, a_labels = hungarian_side_range(attribute=attribute, missing=missing)
assert (h_mask.any(axis=2) == h_r.mask).all()
instances = {"Example 1, values of eq. (4)": (ex_r, ex_v), "Hungarian (age, chol)": (h_r, h_v)}


def draw(ax, df, y, *, color, marker, ls, label, ms=5):
    """A merge path: its λ-front as steps, the other iterates as small open markers."""
    front = df[df.reachable].assign(dist=-df.utility).sort_values(["dist", y])
    ax.plot(
        front.dist,
        front[y],
        color=color,
        marker=marker,
        ls=ls,
        drawstyle="steps-post",
        ms=ms,
        label=label,
    )
    rest = df[~df.reachable]
    ax.scatter(
        -rest.utility,
        rest[y],
        marker=marker,
        facecolors="none",
        edgecolors=color,
        s=14,
        alpha=0.6,
        lw=0.8,
    )


# %% [markdown]
# ## Observable S: sanitise $Y=(S,X)$ instead of $X$
#
# $I_*(S;Y)=L_0(S\to Y)=H_0(S)$ before any merge (property P19, tested), so Algorithm 2 starts
# from $\log_2|[\![S]\!]|$ instead of $I_*(S;X)$. Every quantization of $X$ is one of $Y$ (merge the
# pairs by their X value) with the same privacy, so $Y$ can only widen the set of policies; the
# greedy paths need not find them. Algorithm 2 on $Y$ first joins pairs with the same x, at no
# $U_2$ cost, so its λ-front is that of $X$ (the open squares at distortion 0 are those
# merges); Algorithm 1 on $Y$ gains a front point on the Hungarian data and ends at a larger
# distortion (the centroid of pairs weighs a value seen with several ages more).

# %%
obs = []
for name, (r, v) in instances.items():
    obs.append(
        observable_comparison(r, v, distance=distance, vc_lambdas=vc_lambdas).assign(instance=name)
    )
obs = pd.concat(obs, ignore_index=True)
summary = (
    obs[obs.reachable]
    .groupby(["instance", "release", "algorithm"])
    .agg(
        points=("t", "size"),
        leakage_max=("leakage", "max"),
        leakage_min=("leakage", "min"),
        largest_distortion=("utility", lambda u: -u.min()),
    )
)
summary.round(4)

# %%
fig, axes = plt.subplots(1, 2, figsize=(11, 4.6))
for ax, name in zip(axes, instances, strict=True):
    d = obs[obs.instance == name]
    for k, (alg, lab) in enumerate(
        (("merge_by_leakage", r"Alg. 1, $L_0$"), ("merge_across_components", r"Alg. 2, $I_*$"))
    ):
        for rel, ls, mk, ms in (("X", "-", "o", 8), ("Y", "--", "s", 4)):
            sub = d[(d.release == rel) & (d.algorithm == alg)]
            draw(
                ax,
                sub,
                "leakage",
                color=f"C{k}",
                marker=mk,
                ls=ls,
                ms=ms,
                label=f"{lab}, release $\\hat {rel}$",
            )
    for rel, mk in (("X", "^"), ("Y", "v")):
        vc = d[(d.release == rel) & (d.algorithm == "merge_until_connected")]
        ax.scatter(
            -vc.utility,
            vc.leakage,
            marker=mk,
            color="C2",
            s=50,
            zorder=4,
            label=f"§V-C variant ($I_*=0$), $L_0$, release $\\hat {rel}$",
        )
    ax.set_xscale("symlog", linthresh=0.1 if "Example" in name else 1.0)
    ax.set_xlabel(r"largest distortion $-U_2$ (on the X values)")
    ax.set_ylabel("privacy leakage [bits]")
    ax.set_title(name)
fig.legend(*axes[1].get_legend_handles_labels(), fontsize=7.5, loc="outside lower center", ncol=3)
fig.suptitle(r"§V-C: sanitising $X$ or $Y=(S,X)$ (utility $U_2$, centroid codeword)")
_ = savefig(fig, "agglomerative/section5c_observable", data=obs)

# %% [markdown]
# ## Side information A known to the adversary
#
# Two designs for each algorithm: the paper's (A ignored, run on $[\![S,X]\!]$) and the
# extension (run on $[\![S,X,A]\!]$); every partition is measured against the adversary who
# knows A. On Example 1, A tells whether S is in $\{s_1,s_2,s_3\}$: the extension's Algorithm 2
# ends at $I_*(S;\hat X,A)=1$ bit, the least possible ($=I_*(S;A)$). With $U_1$ (λ = 0.3, not
# drawn; tested) Example 3's solution, connected for an adversary without A, still leaves
# 2 bits to one with A; with $U_2$ (drawn) the design that ignores A reaches 1 bit only at a
# larger distortion.

# %%
ex_side = example1_side_range()
side = pd.concat(
    [
        side_information_comparison(ex_side, ex_v, distance=distance).assign(
            instance="Example 1, A = [S in {s1,s2,s3}]"
        ),
        side_information_comparison(h_mask, h_v, distance=distance).assign(
            instance=f"Hungarian, A = {attribute}"
        ),
    ],
    ignore_index=True,
)
side[side.reachable].groupby(["instance", "algorithm", "design"]).agg(
    points=("t", "size"),
    leakage_with_a_max=("leakage_with_a", "max"),
    leakage_with_a_min=("leakage_with_a", "min"),
    largest_distortion=("utility", lambda u: -u.min()),
).round(4)

# %%
fig, axes = plt.subplots(1, 2, figsize=(11, 4.6))
for ax, name in zip(axes, side.instance.unique(), strict=True):
    d = side[side.instance == name]
    for k, (alg, lab) in enumerate(
        (
            ("merge_by_leakage", r"Alg. 1, $L_0(S\to\hat X|A)$"),
            ("merge_across_components", r"Alg. 2, $I_*(S;\hat X,A)$"),
        )
    ):
        for design, ls, mk in (("ignores A", "--", "s"), ("accounts for A", "-", "o")):
            sub = d[(d.algorithm == alg) & (d.design == design)]
            draw(
                ax,
                sub,
                "leakage_with_a",
                color=f"C{k}",
                marker=mk,
                ls=ls,
                label=f"{lab}, design {design}",
            )
    ax.set_xscale("symlog", linthresh=0.1 if "Example" in name else 1.0)
    ax.set_xlabel(r"largest distortion $-U_2$")
    ax.set_ylabel("leakage to the adversary who knows A [bits]")
    ax.set_title(name)
fig.legend(*axes[1].get_legend_handles_labels(), fontsize=7.5, loc="outside lower center", ncol=2)
fig.suptitle("§V-C: side information A (X alone is quantized; utility $U_2$, centroid)")
_ = savefig(fig, "agglomerative/section5c_side_information", data=side)

# %% [markdown]
# ## The medoid codeword beside the centroid
#
# The medoid is the member of a cluster with the least largest distance; it is the member
# nearest the midrange, and its largest distance is the half-range plus that gap, the
# centroid's the half-range plus the centroid's gap, so neither codeword dominates (a
# two-value cluster costs the medoid twice the centroid's distortion). Left: Example 2's $U_2$
# solution ($\lambda=2.5$). Right: Algorithm 1's merge paths on the Hungarian data.

# %%
ex_sol = merge_by_leakage(ex_r, EXAMPLE2_U2_LAMBDA, utility="U2", values=ex_v).partition
table = codeword_table(ex_v, ex_sol, distance=distance)
cw = codeword_comparison(h_r, h_v, distance=distance)
table.round(4)

# %%
fig, axes = plt.subplots(1, 2, figsize=(11, 4.2))
ax = axes[0]
for k, c in enumerate(ex_sol.clusters):
    ax.scatter(
        ex_v[list(c)],
        [k] * len(c),
        color="0.4",
        s=30,
        zorder=3,
        label="values $x$" if k == 0 else None,
    )
    row = table.iloc[k]
    ax.scatter(
        [row.centroid],
        [k + 0.12],
        marker="x",
        color="C0",
        s=60,
        label="centroid" if k == 0 else None,
    )
    ax.scatter(
        [row.medoid],
        [k - 0.12],
        marker="D",
        facecolors="none",
        edgecolors="C3",
        s=50,
        label="medoid" if k == 0 else None,
    )
    ax.annotate(
        f"$\\bar d$ = {row.dbar_centroid:.3g} / {row.dbar_medoid:.3g}",
        (ex_v[list(c)].max(), k),
        xytext=(8, -3),
        textcoords="offset points",
        fontsize=8,
    )
ax.set_yticks(range(len(ex_sol)), table.cluster)
ax.set_xlim(0.0, 1.9)
ax.set_xlabel("value of x (eq. (4))")
ax.set_title(r"Example 2 ($U_2$, λ = 2.5): codewords, $\bar d$ centroid / medoid")
ax.legend(fontsize=8, loc="lower right")
ax = axes[1]
for k, c in enumerate(("centroid", "medoid")):
    for alg, ls in (("merge_by_leakage", "-"),):
        sub = cw[(cw.codeword == c) & (cw.algorithm == alg)]
        draw(
            ax,
            sub,
            "leakage",
            color=f"C{3 * k}",
            marker="oD"[k],
            ls=ls,
            label=f"Alg. 1, $L_0$, {c}",
        )
ax.set_xscale("symlog", linthresh=1.0)
ax.set_xlabel(r"largest distortion $-U_2$ [mg/dl]")
ax.set_ylabel(r"$L_0(S\to\hat X)$ [bits]")
ax.set_title("Hungarian (age, chol): Algorithm 1 with either codeword")
ax.legend(fontsize=8, loc="lower left")
fig.suptitle("$U_2$ with the medoid codeword beside the centroid")
data = pd.concat([table.assign(panel="example2"), cw.assign(panel="hungarian")], ignore_index=True)
_ = savefig(fig, "agglomerative/section5c_medoid", data=data)

# %% [markdown]
# ## Differences from the paper
# * **The paper gives no example, number or figure for these extensions**: it only states that
#   the algorithms apply with $Y$ in place of $X$, and that with side information they search
#   $\min L_0(S\to\hat X|A)$ or $I_*(S;\hat X,A)$. Every number here is ours.
# * **Utility on $Y$** is not defined in the paper: $U_2$ is measured on the X component, the
#   centroid being the mean of the X values of the cluster's pairs (each pair once, so a value
#   seen with several ages weighs more than in the X release); $U_1$ on $Y$ would count pairs
#   and is not comparable with $U_1$ on $X$, so only $U_2$ is drawn.
# * **Algorithm 1 with A** merges the clusters of least ratio $\min_a|[\![S|\mathcal X,a]\!]|/|[\![S|a]\!]|$,
#   each with the utility-best partner that raises its ratio (without A: a different S-range);
#   **Algorithm 2 with A** merges pairs that join two components of $G_{\hat X,A}$ at a common
#   $a$, ties to the largest joined subgraphs counted in $(x,a)$ nodes, and ends when no merge
#   joins two components (which can leave $I_*>0$: here $I_*(S;A)$). The §V-C variant takes
#   side information the same way (eq. (12) with $L_0(S\to\hat X|A)$; not drawn, tested).
# * **The medoid**: §V-A names two codewords, the centroid and $\hat x = x$ for some
#   $x\in\mathcal X$ (a member of the cluster, without saying which one); the medoid is the member
#   that minimises the largest distance, the best member for $U_2$. The paper's examples choose the
#   centroid, which reproduces their numbers and stays the default. With A = sex the Hungarian Algorithm 2 is no longer degenerate: $I_*(S;X,A)=\log_2 3$.
