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
# # Sankar, Rajagopalan & Poor — Example 1, Fig. 4: reverse water-filling for categorical data
#
# One categorical attribute $X$ is both public and private; utility is the Hamming distortion
# $D=\Pr\{X\neq\hat X\}$ (eq. (13)) and privacy the equivocation $H(X\mid\hat X)$ (eq. (14)).
# The optimal sanitizer is Pinkston's reverse water-filling (eqs. (16)–(18)): letters with
# $p(x)\le\lambda$ are suppressed from the output, $p(\hat x)\propto(p(x)-\lambda)^+$, and
# $\Gamma(D)=-\bar D\log\bar D-S\lambda\log\lambda-\sum_{k\notin\hat{\mathcal X}_{supp}}p_k\log p_k$.
# (a) the output distributions at $D=0.1,0.25,0.5$; (b) the utility–privacy region
# $\{(D,E):0\le E\le\Gamma(D)\}$. The paper prints no numbers for this example; the closed form
# is cross-checked against certified Blahut–Arimoto, the convex Γ solver and a Monte-Carlo run
# of the sanitizer.

# %% tags=["parameters"]
quick: bool = False  # run in seconds with reduced sizes
pmf_variant: str = "normalized"  # printed / 0.8, or 0.2 dropped [choices: normalized, nine_letter]
D_bars: list = [0.1, 0.25, 0.5]  # distortions of Fig. 4a [>= 0] [<= 1]
n_grid: int = 1001  # points of the Γ(D) curve in Fig. 4b [>= 1]
extend_to_one: bool = False  # draw Gamma flat at H(X) beyond D_max, up to D of 1
ba_points: int = 25  # distortions at which Blahut–Arimoto cross-checks the closed form [>= 1]
mc_samples: int = 400000  # rows of the Monte-Carlo sanitization check [>= 1] [<= 100000000]
seed: int = 2013  # seed of the synthetic column and of the sanitizer [>= 0]

# %%
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from nsp.info import entropy
from nsp.interactive import explore
from nsp.papers import utility_privacy as up
from nsp.plotting import savefig, use_style

use_style()
if quick:
    n_grid, ba_points, mc_samples = 101, 5, 20000
p = up.example1_pmf(pmf_variant)
M = p.size
H = entropy(p)
D_max = 1 - p.max()
print(f"p = {np.round(p, 6).tolist()}\nH(X) = {H:.6f} bits, D_max = {D_max:.6f}")

# %% [markdown]
# ## The solution at the three distortions of Fig. 4a

# %%
rows = []
for D in D_bars:
    s = up.reverse_waterfill(p, D)
    rows.append(
        {
            "D": D,
            "water_level": s.water_level,
            "support_size": int(s.support.sum()),
            "S": s.S,
            "Gamma": s.gamma,
            "R": s.rate,
            "H_out": entropy(s.output_pmf),
            "beta_nats": float(np.log((1 - D) / s.water_level)),
            "p_hat": np.round(s.output_pmf[s.support], 6).tolist(),
        }
    )
table = pd.DataFrame(rows)
table

# %%
fig4a = up.fig4a_table(p, D_bars)
fig, ax = plt.subplots(figsize=(7, 4))
series = ["p_X"] + [f"D={D:g}" for D in D_bars]
width = 0.8 / len(series)
letters = np.arange(1, M + 1)
for i, name in enumerate(series):
    vals = fig4a[fig4a.series == name].probability.to_numpy()
    label = "input $p_X$" if name == "p_X" else f"output $p_{{\\hat X}}$, {name}"
    ax.bar(letters + (i - (len(series) - 1) / 2) * width, vals, width, label=label, color=f"C{i}")
for i, D in enumerate(D_bars):
    lam = up.water_level(p, D).level
    ax.axhline(lam, color=f"C{i + 1}", ls="--", lw=0.9)
ax.set_xticks(letters)
ax.set_xlabel("letter $x$ (most to least likely)")
pmf_note = {
    "normalized": "the printed pmf (sum 0.8) divided by 0.8",
    "nine_letter": "the printed pmf with a ninth letter of mass 0.2",
}[pmf_variant]
ax.set_ylabel("probability")
ax.set_title("Fig. 4a: reverse water-filling outputs (dashed: water levels $\\lambda$)")
ax.text(0.5, 0.97, f"$p_X$ = {pmf_note}", transform=ax.transAxes, ha="center", va="top", fontsize=8)
ax.legend(fontsize=8)
savefig(fig, "utility_privacy/fig4a_reverse_waterfilling", data=fig4a)

# %% [markdown]
# ## Explore: move the distortion budget
# In JupyterLab, move $D$: letters below the water level $\lambda$ are suppressed, the others keep
# $p(x) - \lambda$; the title gives $\Gamma(D)$ and the rate.

# %%
explore(up.waterfilling_view, D=(0.0, 0.65, 0.05), variant=["normalized", "nine_letter"])

# %% [markdown]
# ## Fig. 4b — the utility–privacy region

# %%
D_end = 1.0 if extend_to_one else D_max
grid = np.linspace(0, D_end, n_grid)
curve = up.gamma_hamming_curve(p, grid)
marked = up.gamma_hamming_curve(p, np.asarray(D_bars, dtype=float))  # the annotated points
fig4b = pd.concat(
    [curve.assign(point="curve"), marked.assign(point="Fig. 4a distortion")], ignore_index=True
)
fig, ax = plt.subplots(figsize=(6, 4))
ax.fill_between(curve.D, 0, curve.Gamma, color="C0", alpha=0.25, label="achievable $(D,E)$")
ax.plot(curve.D, curve.Gamma, color="C0", label="$\\Gamma(D)$, eq. (18)")
for D, g in zip(marked.D, marked.Gamma, strict=True):
    ax.plot(D, g, "o", color="C3")
    ax.annotate(f"{g:.4f}", (D, g), textcoords="offset points", xytext=(5, -12), fontsize=8)
ax.axhline(H, color="gray", ls=":", lw=0.8)
ax.annotate(f"$H(X)$ = {H:.4f}", (0, H), textcoords="offset points", xytext=(2, -11), fontsize=8)
ax.set_xlabel("distortion $D$ (Hamming)")
ax.set_ylabel("equivocation $E=H(X\\mid\\hat X)$ [bits]")
ax.set_title("Fig. 4b: utility–privacy tradeoff region")
ax.text(0.98, 0.3, f"$p_X$ = {pmf_note}", transform=ax.transAxes, ha="right", fontsize=8)
ax.legend(loc="lower right")
savefig(fig, "utility_privacy/fig4b_up_region", data=fig4b)

# %% [markdown]
# ## Cross-checks: Blahut–Arimoto, the convex Γ solver and the sanitizer

# %%
check_D = np.linspace(0.01, 0.95 * D_max, ba_points)
checks = up.example1_solver_check(p, check_D, convex_every=max(1, ba_points // 5))
err_ba = float((checks.R_blahut_arimoto - checks.R_closed).abs().max())
err_gen = float((checks.Gamma_convex - checks.Gamma_closed).abs().max())
print(f"max |R_BA - R_closed| = {err_ba:.2e} bits; max |Γ_convex - Γ_closed| = {err_gen:.2e} bits")

# %%
mc = up.sanitizer_check(p, D_bars, mc_samples, seed=seed)
mc

# %% [markdown]
# ## Exercises
# **1 (concept).** At $D = 0.25$ the water level is $\lambda = 0.0625$. Which letters does the optimal sanitizer never
# output?
#
# <details><summary>Solution</summary>
#
# Those with $p(x) \le \lambda$: letters 5 to 8 ($p = 0.05, 0.00625, 0.00375, 0.0025$). The others keep
# $p(x) - \lambda$, renormalized.
#
# </details>

# %% [markdown]
# **2 (code).** Compute $\Gamma(0.25)$ in bits from eq. (18),
# $\Gamma(D) = -\bar D \log \bar D - S \lambda \log \lambda - \sum_{p(x) \le \lambda} p(x) \log p(x)$, with
# $\bar D = 1 - D$, the water level $\lambda = 0.0625$ and $S$ one less than the number of letters
# kept ($p(x) > \lambda$). Compare with the Fig. 4b curve. Run the check cell to see whether your answer is right.

# %%
from nsp.exercises import check

answer = None  # replace None by your computation
check("equivocation.gamma", answer)

# %% [markdown]
# <details><summary>Solution</summary>
#
# ```python
# import numpy as np
#
# from nsp.papers.utility_privacy import example1_pmf
#
# p = example1_pmf("normalized")
# D, lam = 0.25, 0.0625
# kept = p > lam
# S = kept.sum() - 1
# off = p[~kept]
# answer = -(1 - D) * np.log2(1 - D) - S * lam * np.log2(lam) - np.sum(off * np.log2(off))
# check("equivocation.gamma", answer)
# ```
#
# </details>

# %% [markdown]
# ## Differences from the paper
#
# * **The printed pmf sums to 0.8** ($[0.25,0.25,0.15,0.1,0.04,0.005,0.003,0.002]$); it is
#   normalized (divided by 0.8), and the library refuses the raw vector unless
#   `normalize=True`. The parameter `pmf_variant="nine_letter"` uses the other reading, with a
#   dropped 0.2 restored (9 letters, sums to 1).
# * The paper prints no numbers for this example; every value above is recomputed (closed form
#   (16)–(18), certified Blahut–Arimoto, the convex Γ solver, Monte Carlo).
# * Eq. (10) is garbled in the paper ("max over min"); it is read as
#   $\Gamma(D)=\max_{p(\hat x|x):\,\mathbb E d\le D}H(X_{\mathcal K_h}\mid\hat X)$. The other
#   errata are listed in `docs/papers/utility_privacy.md`.
# * The "flattening" of the output the paper mentions is the tail cut at the water level: on
#   the surviving letters $p(\hat x)\propto(p-\lambda)^+$ is *more* concentrated than $p$
#   ($H(\hat X)$ decreases with $D$, column `H_out`).
# * Fig. 4 is redrawn as grouped bars with the water levels, and the region is shaded up to
#   $D_{max}=1-\max p$ (flat beyond it, option `extend_to_one`).
# * Both panels say on the figure that $p_X$ is the normalized pmf, so the bars of letters 1
#   and 2 read 0.3125 where the paper prints 0.25. The three annotated values of
#   $\Gamma(D)$ at $D=0.1,0.25,0.5$ are the rows `point = "Fig. 4a distortion"` of
#   `fig4b_up_region.csv`.
