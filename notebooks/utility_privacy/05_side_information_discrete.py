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
# # Sankar, Rajagopalan & Poor — side information on a discrete source (extension)
#
# The paper computes its side-information results (Theorems 2 and 3) only for Gaussian data
# (Fig. 5). This notebook evaluates them on a small discrete source, as an extension that is
# **not in the paper**: a uniform binary public attribute $X_r$, a private $X_h$ equal to $X_r$
# through a binary symmetric channel, and side information $Z$ at the user equal to $X_r$ through
# another one ($X_h - X_r - Z$), Hamming distortion on $X_r$, Markov encoders.
#
# * no side information: $\Gamma(D)=\max H(X_h\mid\hat X)$ (eq. (10));
# * the same encoder when the user holds $Z$: $H(X_h\mid\hat X,Z)$ (the leakage grows);
# * informed encoder (Thm 3): $\Gamma_I(D)=\max H(X_h\mid\hat X,Z)$, a convex program;
# * statistically informed encoder (Thm 2): achievable points $(D, H(X_h\mid U,Z))$ of the
#   family $U=X_r$ through a BSC($a$) with the Bayes decoder $\hat X=f(U,Z)$; the optimization
#   over $p(u\mid x)$ and $f$ is not convex, so these are points, not the optimum.

# %% tags=["parameters"]
quick: bool = False  # run in seconds with reduced sizes
crossover_xh: float = 0.1  # BSC crossover from X_r to the private X_h [>= 0] [<= 1]
crossover_z: float = 0.2  # BSC crossover from X_r to the side information Z [>= 0] [<= 1]
n_grid: int = 26  # distortions on [0, 1/2] [>= 1]
n_family: int = 41  # crossovers a of the Theorem-2 family (U: X_r through a BSC(a)) [>= 1]

# %%
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from nsp.info import conditional_entropy
from nsp.papers import utility_privacy as up
from nsp.plotting import certified, savefig, use_style

use_style()
if quick:
    n_grid, n_family = 6, 9

p = up.side_information_source(crossover_xh, crossover_z)  # [x_r, x_h, z]
h_h_given_z = conditional_entropy(p, 1, 2)
h_h_given_rz = conditional_entropy(p, 1, (0, 2))
print(f"H(X_h|Z) = {h_h_given_z:.6f}, H(X_h|X_r,Z) = {h_h_given_rz:.6f}")

# %%
curves = up.side_information_curves(p, np.linspace(0.0, 0.5, n_grid))
fam = up.theorem2_family(p, np.linspace(0.0, 0.5, n_family))
curves.round(6)

# %%
# Γ is certified to 1e-7 (and the equivocation of its encoder seen with Z no better): 5 decimals;
# Γ_I to 1e-9: 7 decimals; the Theorem-2 points are direct evaluations: 12 decimals
curves = certified(
    curves,
    decimals={
        "Gamma": 5,
        "Gamma_user_has_Z": 5,
        "Gamma_informed": 7,
        "Gamma_informed_upper": 7,
        "rate_informed": 5,
    },
)
fam = certified(fam, decimals={c: 12 for c in fam.columns if c != "a"})
fig, ax = plt.subplots(figsize=(6.4, 4.3))
ax.plot(curves.D, curves.Gamma, color="C0", label="$\\Gamma(D)$, no side information")
ax.plot(curves.D, curves.Gamma_user_has_Z, color="C0", ls=":", label="same encoder, user holds $Z$")
ax.plot(
    curves.D, curves.Gamma_informed, color="C1", label="$\\Gamma_I(D)$, informed encoder (Thm 3)"
)
# For a >= crossover_z the Bayes decoder ignores U and outputs Z: every such point has
# D = crossover_z, and only the highest of them (a = 1/2, U independent of X_r) matters
uses_u = fam.a < crossover_z
ax.plot(
    fam.D[uses_u],
    fam.E_SI[uses_u],
    "s",
    color="C2",
    ms=3.5,
    label="Thm 2 points: $U$=BSC$_a(X_r)$, Bayes decoder",
)
ax.plot(
    fam.D[~uses_u],
    fam.E_SI[~uses_u],
    "s",
    mfc="none",
    color="C2",
    ms=3.5,
    mew=0.7,
    label=f"Thm 2, $a\\geq${crossover_z:g}: decoder uses only $Z$ ({int((~uses_u).sum())} points)",
)
ax.annotate(
    f"$a\\geq${crossover_z:g}: $\\hat X=Z$,\n$D$={crossover_z:g} for all $a$",
    (crossover_z, float(fam.E_SI[~uses_u].min())),
    xytext=(crossover_z + 0.03, float(fam.E_SI[~uses_u].min()) - 0.06),
    arrowprops={"arrowstyle": "-", "color": "C2", "lw": 0.6},
    fontsize=7,
    color="C2",
)
ax.axhline(h_h_given_z, color="gray", ls="--", lw=0.8, label="$H(X_h\\mid Z)$")
ax.set_xlabel("distortion $D$ (Hamming on $X_r$)")
ax.set_ylabel("equivocation of $X_h$ [bits]")
ax.set_title("Side information on a binary source (extension, not in the paper)", fontsize=10)
ax.legend(fontsize=7, loc="lower right")
data = pd.concat(
    [curves.assign(series="curves"), fam.assign(series="theorem2_family")], ignore_index=True
)
savefig(fig, "utility_privacy/side_information_discrete", data=data)

# %% [markdown]
# ## Differences from the paper
#
# * This is an extension: the paper evaluates Theorems 2–3 only for Gaussian data (Example 2,
#   Fig. 5, notebook 02). The Theorem-2 points are achievable points of one family, not the
#   optimum (the optimization over $p(u\mid x)$ and the decoder is not convex); $\Gamma_I$ is a
#   certified convex optimum.
# * For crossovers $a\geq$ `crossover_z` the noisy description $U$ is worse than $Z$ and the
#   Bayes decoder outputs $\hat X=Z$: all those points sit at $D=$ `crossover_z` (25 of the 41
#   by default, drawn hollow), with the equivocation rising to $H(X_h\mid Z)$ at $a=1/2$.
# * App. A3 uses $R_{SI}$ for $R_I$ and omits $Z_i$ in (31b) (no computational impact). The
#   other errata of the paper are listed in `docs/papers/utility_privacy.md`.
