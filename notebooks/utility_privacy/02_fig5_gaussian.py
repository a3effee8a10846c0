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
# # Sankar, Rajagopalan & Poor — Example 2, Fig. 5: Gaussian data, rate and leakage versus D
#
# Public $X$, private $Y$ and side information $Z$ are jointly Gaussian with $Y - X - Z$;
# utility is the mean-squared error $D$ and privacy the leakage. Case (i): no side
# information, $R_U^*(D)=\frac12\log\frac{\sigma_X^2}{D}$ and
# $L_U^*(D)=\frac12\log\frac1{(1-\rho_{XY}^2)+\rho_{XY}^2D/\sigma_X^2}$. Cases (ii)
# (the user holds $Z$) and (iii) (the encoder too): $R^*=\frac12\log\frac{\sigma_X^2(1-\rho_{XZ}^2)}{D}$
# (Wyner–Ziv, no rate loss), the same leakage formula, on the shorter domain
# $D\le\sigma_X^2(1-\rho_{XZ}^2)$, where leakage ends at $I(Y;Z)>0$. The paper gives
# $\sigma_X^2=1$ but not the correlations: the defaults below are an assumption (parameters).
# Every curve is checked against an exact covariance computation of the test channel
# $U=X+N$.

# %% tags=["parameters"]
quick: bool = False  # run in seconds with reduced sizes
var_x: float = 1.0  # variance of the public attribute X (the paper's value) [> 0]
rho2_xy_list: list = [
    0.5,
    0.9,
]  # squared correlations of X and the private Y (not given in the paper) [>= 0] [<= 1]
rho2_xz_list: list = [0.5, 0.8]  # X-Z squared correlations (Z: side info; not given) [>= 0] [<= 1]
D_min: float = 0.001  # left end of the distortion grid [> 0]
n_grid: int = 500  # points of the distortion grid [>= 1]
rate_ylim: float = 3.5  # upper limit of the rate axis [> 0]
sigma_y: float = 1.3  # scale of Y in the covariance cross-check (no effect on the curves) [> 0]
sigma_z: float = 0.7  # scale of Z in the covariance cross-check [> 0]

# %%
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.legend_handler import HandlerTuple
from matplotlib.lines import Line2D

from nsp.papers import utility_privacy as up
from nsp.plotting import savefig, use_style

use_style()
if quick:
    n_grid = 60
# the grid includes each case's largest distortion, where the side-information curves end
grid = np.unique(
    np.concatenate([np.linspace(D_min, var_x, n_grid), [var_x * (1 - rz) for rz in rho2_xz_list]])
)
curves = up.gaussian_curves(grid, rho2_xy_list, rho2_xz_list, var_x=var_x)

# %% [markdown]
# ## Rate and leakage at five distortions

# %%
Ds = np.array([0.05, 0.1, 0.2, 0.5, 1.0])
tab = pd.DataFrame({"D": Ds, "R_U": up.gaussian_rate(Ds, var_x=var_x)})
for rz in rho2_xz_list:
    tab[f"R_WZ(rho2_xz={rz})"] = up.gaussian_rate_side_info(Ds, rz, var_x=var_x)
for ry in rho2_xy_list:
    tab[f"L_U(rho2_xy={ry})"] = up.gaussian_leakage(Ds, ry, var_x=var_x)
tab.round(6)

# %% [markdown]
# ## Cross-check against the covariance of $(X, Y, Z, U)$

# %%
checks = up.gaussian_covariance_check(
    rho2_xy_list,
    rho2_xz_list,
    np.linspace(0.05, 0.95, 4 if quick else 19),
    var_x=var_x,
    sigma_y=sigma_y,
    sigma_z=sigma_z,
)
print(f"max deviation closed form vs covariance: {checks.deviation.max():.2e}")

# %% [markdown]
# ## Fig. 5

# %%
fig, (ax_r, ax_l) = plt.subplots(1, 2, figsize=(11, 4.2))
r = curves[curves.quantity == "rate"]
ax_r.plot(grid, r[r.case == "i"].value, color="k", label="case (i): $R_U^*$")
for i, rz in enumerate(rho2_xz_list):
    v = r[(r.case == "ii/iii") & (r.rho2_xz == rz)].value
    ax_r.plot(grid, v, color=f"C{i}", ls="--", label=f"cases (ii)/(iii), $\\rho_{{XZ}}^2$={rz}")
ax_r.set_ylim(0, rate_ylim)
ax_r.set_xlabel("distortion $D$ (MSE)")
ax_r.set_ylabel("rate [bits/entry]")
ax_r.set_title("rate")
ax_r.legend(fontsize=8)
lk = curves[curves.quantity == "leakage"]
# Cases (ii)/(iii) have the leakage of case (i) at the same D, on a shorter domain: they are
# drawn as wide translucent bands under the thin case-(i) line, one width per rho_XZ^2
band_lw = [10.0, 5.0]
for j, ry in enumerate(rho2_xy_list):
    for i, rz in enumerate(rho2_xz_list):
        v = lk[(lk.case == "ii/iii") & (lk.rho2_xy == ry) & (lk.rho2_xz == rz)].value.to_numpy()
        end = var_x * (1 - rz)
        ax_l.plot(
            grid,
            v,
            color=f"C{j + 2}",
            lw=band_lw[i % 2],
            alpha=0.22 + 0.18 * i,
            solid_capstyle="butt",
        )
        ax_l.plot(
            end,
            up.gaussian_leakage_side_info(end, ry, rz, var_x=var_x),
            "o",
            color=f"C{j + 2}",
            ms=5,
        )
    ax_l.plot(
        grid,
        lk[(lk.case == "i") & (lk.rho2_xy == ry)].value,
        color=f"C{j + 2}",
        lw=1.2,
        label=f"case (i), $\\rho_{{XY}}^2$={ry}",
    )
# The band legend shows each band width in the colours it is drawn in (one per rho_XY^2).
band_handles, band_labels = [], []
for i, rz in enumerate(rho2_xz_list):
    band_handles.append(
        tuple(
            Line2D(
                [],
                [],
                color=f"C{j + 2}",
                lw=band_lw[i % 2],
                alpha=0.22 + 0.18 * i,
                solid_capstyle="butt",
            )
            for j in range(len(rho2_xy_list))
        )
    )
    band_labels.append(
        f"cases (ii)/(iii), $\\rho_{{XZ}}^2$={rz}: up to $D$={var_x * (1 - rz):g} (dot)"
    )
ax_l.text(
    0.98,
    0.55,
    "cases (ii)/(iii) leak as much as case (i)\nat the same $D$; they stop at $\\sigma_X^2(1-\\rho_{XZ}^2)$",
    transform=ax_l.transAxes,
    ha="right",
    fontsize=7.5,
)
ax_l.set_xlabel("distortion $D$ (MSE)")
ax_l.set_ylabel("leakage [bits/entry]")
ax_l.set_title("leakage")
line_handles, line_labels = ax_l.get_legend_handles_labels()
ax_l.legend(
    line_handles + band_handles,
    line_labels + band_labels,
    handler_map={tuple: HandlerTuple(ndivide=None, pad=0.0)},
    handlelength=3.0,
    fontsize=7,
)
fig.suptitle(
    f"Fig. 5: Gaussian data, $\\sigma_X^2$={var_x:g} (correlations assumed, not given in the paper)"
)
savefig(fig, "utility_privacy/fig5_gaussian", data=curves)

# %% [markdown]
# ## Differences from the paper
#
# * The paper does not give $\rho_{XY}^2$ or $\rho_{XZ}^2$ for Fig. 5 nor its layout; the
#   defaults $\rho_{XY}^2\in\{0.5,0.9\}$, $\rho_{XZ}^2\in\{0.5,0.8\}$ and the two panels are our
#   assumption, exposed as parameters.
# * **Case (ii)'s domain misses a square** in the paper: "$[0,\sigma_X^2(1-\rho_{XZ})]$" is
#   $[0,\sigma_X^2(1-\rho_{XZ}^2)]$ (the text itself later uses $1-\rho_{XZ}^2$).
# * "$\hat X=X+N$" is read as the quantized description $U=X+N$ with the reconstruction
#   $\hat X=\mathbb E[X\mid U(,Z)]$ and $D=\mathrm{var}(X\mid U(,Z))$.
# * In the leakage panel the side-information curves coincide with case (i) wherever they
#   are defined; they are drawn as wide translucent bands under the case-(i) lines so that they
#   stay visible.
# * The other errata of the paper are listed in `docs/papers/utility_privacy.md`.
