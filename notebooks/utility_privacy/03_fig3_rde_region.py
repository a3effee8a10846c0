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
# # Sankar, Rajagopalan & Poor — Fig. 3 computed: the rate–distortion–equivocation region
#
# The paper's Fig. 3 is a schematic: (a) the RDE region with its boundary surface $R(D,E)$
# and (b) its projection, the utility–privacy region $\{(D,E):E\le\Gamma(D)\}$ (Prop. 1,
# Thm 1). Here both are computed on a small instance of our own where they differ visibly
# (illustrating Remark 4): $X_r=(A,B)$ uniform on $\{0,1\}^2$, the private attribute is $X_h=A$, Hamming
# distortion on $X_r$, a Markov ("census") encoder. Closed forms: $R(D)=2-h(D)-D\log3$,
# $E^*(D)=h(2D/3)$ (the equivocation of the minimal-rate encoder, eq. (9)),
# $\Gamma(D)=h(D)$ for $D\le\frac12$ (eq. (10)) and $R(D,\Gamma(D))=2-h(D)-D$: maximal privacy
# needs $D(\log3-1)$ more bits than minimal rate (Remark 4). Where zero leakage is affordable
# ($D\ge\frac12$) the top of a slice is $R(D,H(X_h))=\frac12\bigl(1-h(2D-1)\bigr)$ (the release
# independent of $A$; $\frac12$ bit at $D=\frac12$). $\Gamma$ and $R(D,E)$ are solved as
# exponential-cone programs, each value with a certified gap (its own dual bound).

# %% tags=["parameters"]
quick: bool = False  # run in seconds with reduced sizes
n_D: int = 37  # distortions on [D_lo, D_hi] for the surface [>= 1]
D_lo: float = 0.02  # smallest distortion of the surface [>= 0]
D_hi: float = 0.74  # largest distortion of the surface [>= 0]
n_E: int = 25  # equivocations per distortion, from 0 to Gamma(D) [>= 1] [<= 100000]
n_curve: int = 101  # points of the Gamma and E* curves [>= 1]

# %%
import matplotlib.pyplot as plt
import numpy as np

from nsp import ratedistortion as rd
from nsp.papers import utility_privacy as up
from nsp.plotting import certified, savefig, use_style

use_style()
if quick:
    n_D, n_E, n_curve = 7, 5, 21
p_src, dist = up.remark4_source()

# %% [markdown]
# ## The solvers against the instance's closed forms

# %%
up.remark4_table([0.1, 0.25, 0.5])

# %% [markdown]
# ## Fig. 3b — the utility–privacy region with $\Gamma(D)$ and $E^*(D)$

# %%
# Γ and the leakage are certified to 1e-7 (the solver's default tol), R(D) and E* come from
# Blahut–Arimoto at 1e-10 (E* is a property of the encoder, so less): 5 decimals throughout
curve = certified(
    rd.utility_privacy_curve(p_src, dist, np.linspace(0.0, 0.75, n_curve)),
    decimals={c: 5 for c in ("Gamma", "Gamma_upper", "leakage", "R_min", "E_star")},
)
fig, ax = plt.subplots(figsize=(6, 4))
ax.fill_between(
    curve.D, 0, curve.Gamma, color="C0", alpha=0.25, label="U–P region $E\\leq\\Gamma(D)$"
)
ax.plot(curve.D, curve.Gamma, color="C0", label="$\\Gamma(D)$ (max. equivocation, eq. (10))")
ax.plot(
    curve.D, curve.E_star, color="C1", ls="--", label="$E^*(D)$ (minimal-rate encoder, eq. (9))"
)
ax.set_xlabel("distortion $D$ (Hamming on $X_r$)")
ax.set_ylabel("equivocation $E$ of $X_h$ [bits]")
ax.set_title("Fig. 3b (computed): utility–privacy region, Remark-4 instance")
ax.legend(loc="lower right", fontsize=8)
savefig(fig, "utility_privacy/fig3b_up_region", data=curve)

# %% [markdown]
# ## Fig. 3a — the boundary $R(D,E)$ of the RDE region

# %%
# R(D, E) is certified to tol 1e-7, Γ to 1e-9 (E runs up to Γ): 5 decimals for R, its lower
# bound and E*, 7 for E and Γ
RDE_DIGITS = {"R": 5, "R_lower": 5, "E_star": 5, "E": 7, "Gamma": 7}
surface = certified(
    up.rde_surface(p_src, dist, np.linspace(D_lo, D_hi, n_D), n_E), decimals=RDE_DIGITS
)
fig = plt.figure(figsize=(11, 4.4))
ax3 = fig.add_subplot(1, 2, 1, projection="3d")
ok = surface.dropna()
ax3.plot_trisurf(ok.D, ok.E, ok.R, cmap="viridis", linewidth=0.1, alpha=0.9)
ax3.plot(curve.D, curve.Gamma, np.zeros(len(curve)), color="C3", label="$\\Gamma(D)$ at $R=0$")
ax3.set_xlabel("distortion $D$")
ax3.set_ylabel("equivocation $E$ [bits]")
ax3.set_zlabel("rate $R$ [bits]")
ax3.set_title("$R(D,E)$ over $E\\leq\\Gamma(D)$")
ax2 = fig.add_subplot(1, 2, 2)
for D in [0.1, 0.25, 0.4, 0.6]:  # 0.6: zero leakage is affordable, the slice ends at E = 1
    sub = certified(up.rde_surface(p_src, dist, [D], 9 if quick else 41), decimals=RDE_DIGITS)
    ax2.plot(sub.E, sub.R, label=f"$D$={D}")
    ax2.plot(sub.E_star.iloc[0], sub.R.iloc[0], "k.", ms=6)
ax2.set_xlabel("equivocation $E$ [bits]")
ax2.set_ylabel("minimal rate $R(D,E)$ [bits]")
ax2.set_title("slices: flat up to $E^*$ (dots), rising to $\\Gamma(D)$")
ax2.legend(fontsize=8)
fig.suptitle("Fig. 3a (computed): rate–distortion–equivocation boundary, Remark-4 instance")
savefig(fig, "utility_privacy/fig3a_rde_region", data=surface)

# %% [markdown]
# ## Exercises
# **1 (concept).** Why is each slice $R(D, E)$ of Fig. 3a flat for $E$ up to $E^*(D)$ (the dots)?
#
# <details><summary>Solution</summary>
#
# The encoder that reaches the minimal rate $R(D)$ already leaves the equivocation $E^*(D)$.
# Asking for any $E \le E^*(D)$ is met by that same encoder at no extra rate; only more
# equivocation than $E^*(D)$ has to be paid for with rate, up to $\Gamma(D)$.
#
# </details>

# %% [markdown]
# **2 (code).** On this instance $R(D) = 2 - h(D) - D\log_2 3$ and $R(D, \Gamma(D)) = 2 - h(D) - D$. Compute the
# price of maximal privacy $R(D, \Gamma(D)) - R(D)$ at $D = 0.25$, in bits. The check compares with
# the convex solvers of the table above. Run the check cell to see whether your answer is right.

# %%
from nsp.exercises import check

answer = None  # replace None by your computation
check("equivocation.privacy_price", answer)

# %% [markdown]
# <details><summary>Solution</summary>
#
# ```python
# import numpy as np
#
# from nsp.info import binary_entropy
#
# D = 0.25
# answer = (2 - binary_entropy(D) - D) - (2 - binary_entropy(D) - D * np.log2(3))
# check("equivocation.privacy_price", answer)
# ```
#
# </details>

# %% [markdown]
# ## Differences from the paper
#
# * The paper's Fig. 3 is a schematic without an instance; this is a computed analogue on an
#   instance of our own (`nsp.papers.utility_privacy.remark4_source`), chosen because there
#   $E^*(D)<\Gamma(D)$ and $R(D,\Gamma(D))>R(D)$ are visible.
# * $R(D,E)$ is the minimal rate subject to $\mathbb E d\le D$ and $H(X_h\mid\hat X)\ge E$
#   (consistent with Fig. 3a). Where $\Gamma(D)=H(X_h)$ (zero leakage is affordable,
#   $D\ge\frac12$ here) the slice runs up to $E=H(X_h)$ exactly: that point is solved as its
#   own convex program (the release independent of $X_h$) and equals
#   $\frac12\bigl(1-h(2D-1)\bigr)$ on this instance. Just below it $R(D,E)$ rises steeply
#   (e.g. $R(\frac12,0.999)=0.404$ against $R(\frac12,1)=\frac12$ bit), which the surface
#   shows as a steep edge, not a notch. The slice at $D=0.6$ (right panel) ends at zero leakage,
#   $E=1$, with $\frac12(1-h(0.2))=0.139$ bit.
# * **Eq. (10) is garbled** in the paper ("max over min"); it is read as
#   $\Gamma(D)=\max_{p(\hat x\mid x):\,\mathbb E d\le D}H(X_{\mathcal K_h}\mid\hat X)$.
#   **Remark 3** writes $p(\hat x\mid x_{\mathcal K_h})$ where the Markov encoder is
#   $p(\hat x\mid x_{\mathcal K_r})$. The other errata are listed in
#   `docs/papers/utility_privacy.md`.
