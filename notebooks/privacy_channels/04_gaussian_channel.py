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
# # Privacy channels — the Gaussian channel against the Laplace and Gaussian mechanisms (Wu, §5)
#
# The Gaussian privacy channel adds $\mathcal N(0, N)$ noise ($N$ is the **variance**) to a query with
# $|f| \le T$. Its individual channel capacity is at most $\tfrac12\log(1 + T^2/N)$ (eq. (95)), so
# $N \ge T^2/(e^{2\epsilon}-1)$ gives ε-information privacy in nats (eq. (97)), or
# $T^2/(e^{2(\epsilon+\delta)}-1)$ with a balance δ (eq. (100)). The first figure compares the noise
# standard deviation with the Laplace and Gaussian DP mechanisms at the same numeric ε (§5.2); the
# second compares the bound with the exact amplitude-constrained capacity (Blahut–Arimoto on a grid,
# via `nsp.channels`).

# %% tags=["parameters"]
quick: bool = False  # run in seconds with reduced sizes
T: float = 1.0  # range bound T of the query values [> 0]
eps_min: float = 0.01  # smallest budget of the noise figure, in nats [> 0]
eps_max: float = 2.0  # largest budget of the noise figure, in nats [> 0]
balance_deltas: list = [0.0, 0.5, 1.0, 2.0]  # balance values delta of eq. (100), in nats [>= 0]
sensitivities: list = [1.0, 0.1, 0.01]  # query sensitivities of the DP baselines, units of T [> 0]
delta_prime: float = 1e-5  # delta of the (eps, delta)-DP Gaussian mechanism [> 0] [< 1]
snr_min: float = 0.0625  # smallest T^2/N of the capacity figure [> 0]
snr_max: float = 16.0  # largest T^2/N of the capacity figure [> 0]
n_snr: int = 25  # points of the capacity figure [>= 1]
n_inputs: int = 61  # input grid of the amplitude-constrained capacity [>= 2]
n_outputs: int = 1201  # output grid of the amplitude-constrained capacity [>= 2]

# %%

import matplotlib.pyplot as plt
import numpy as np

from nsp.papers.privacy_channels import (
    amplitude_constrained_table,
    gaussian_calibration_table,
    gaussian_noise_table,
    laplace_crossover_table,
)
from nsp.plotting import certified, save_table, savefig, use_style

use_style()
if quick:
    n_snr, n_inputs, n_outputs = 5, 21, 301
eps = np.geomspace(eps_min, eps_max, 12 if quick else 120)

# %% [markdown]
# ## Noise standard deviation against ε (nats) — IP Gaussian channel vs DP mechanisms
# The paper calls $\Delta f/\epsilon$ (Laplace scale) and σ "variances"; they are standard
# deviations. We plot standard deviations: Laplace $\sqrt2\,\Delta f/\epsilon$, Gaussian mechanism
# $\sqrt{2\ln(1.25/\delta')}\,\Delta f/\epsilon$ (valid for ε ≤ 1).

# %%
tab = certified(
    gaussian_noise_table(
        eps,
        [s * T for s in sensitivities],
        T=T,
        delta_prime=delta_prime,
        balance_deltas=balance_deltas,
    )
)  # closed forms: 10 digits
fig, ax = plt.subplots(figsize=(7.6, 5.0))
for j, bd in enumerate(balance_deltas):
    d = tab[(tab.balance_delta == bd) & (tab.sensitivity == sensitivities[0] * T)]
    ax.plot(
        d.eps,
        d.sigma_ip,
        color="k",
        lw=2.2 - 0.4 * j,
        ls=["-", "--", "-.", ":"][j % 4],
        label=f"IP Gaussian channel, δ = {bd:g}",
    )
for j, s in enumerate(sensitivities):
    d = tab[(tab.balance_delta == balance_deltas[0]) & (tab.sensitivity == s * T)]
    df_text = "T" if s == 1 else f"{s:g}T"  # Δf = T, not 1T
    ax.plot(d.eps, d.laplace_std, color=f"C{j}", label=f"Laplace std, Δf = {df_text}")
    ax.plot(
        d.eps, d.gauss_mech_sigma, color=f"C{j}", ls="--", label=f"Gaussian mech. σ, Δf = {df_text}"
    )
ax.set(
    xscale="log",
    yscale="log",
    xlabel="ε [nats] (IP: bound on $C_1$; DP: log-likelihood ratio)",
    ylabel="noise standard deviation",
    title=f"Noise at the same numeric ε (T = {T:g}, δ' = {delta_prime:g})",
)
ax.legend(fontsize="x-small", ncol=2)
ax.text(
    0.02,
    0.03,
    "Laplace: standard deviation $\\sqrt{2}\\,\\Delta f/\\epsilon$ (its scale $\\Delta f/\\epsilon$ is "
    "$\\sqrt{2}$ times smaller)",
    transform=ax.transAxes,
    fontsize=7.5,
)
savefig(fig, "privacy_channels/gauss_noise_vs_eps", data=tab)

# Where the Laplace scale b = Δf/ε (the quantity §5.2 compares) equals σ_IP:
# Δf = T ε / sqrt(e^{2ε} − 1). The figure plots the Laplace standard deviation sqrt(2) b,
# which equals σ_IP at a sensitivity sqrt(2) times smaller.
cross = laplace_crossover_table([0.1, 0.5, 1.0, 2.0])
save_table(cross, "privacy_channels/table_gauss_laplace_crossover")
cross.assign(crossover_for_std_over_T=cross.crossover_sensitivity_over_T / np.sqrt(2)).round(4)

# %% [markdown]
# ## The numbers behind the noise figure at ε ∈ {0.1, 0.5, 1}

# %%
e7 = gaussian_noise_table(
    [0.1, 0.5, 1.0],
    [s * T for s in sensitivities],
    T=T,
    delta_prime=delta_prime,
    balance_deltas=balance_deltas,
)
e5 = gaussian_calibration_table([0.1, 0.5, 1.0], T=T)
save_table(e5, "privacy_channels/table_e5_gauss_calibration")
save_table(e7, "privacy_channels/table_e7_noise_scales")
display(e5.round(6))  # noqa: F821
e7[e7.balance_delta == 0].round(4)

# %% [markdown]
# ## The bound $\tfrac12\log_2(1+T^2/N)$ against the exact amplitude-constrained capacity (bits)

# %%
snrs = np.geomspace(snr_min, snr_max, n_snr)
f8 = amplitude_constrained_table(T, snrs, n_inputs=n_inputs, n_outputs=n_outputs)
# the capacity is certified to a gap of 1e-9 bits: 7 decimals
f8 = certified(f8, decimals={c: 7 for c in ("exact_bits", "exact_lower", "exact_upper")})
fig, ax = plt.subplots(figsize=(6.8, 4.4))
ax.plot(f8.snr, f8.bound_bits, label=r"bound $\frac{1}{2}\log_2(1+T^2/N)$ (eq. (95))")
ax.plot(f8.snr, f8.exact_bits, "o-", ms=3, label="amplitude-constrained capacity (BA on a grid)")
ax.plot(f8.snr, f8.bi_awgn_bits, "--", label="binary input ±T")
ax.set(
    xscale="log",
    xlabel="$T^2/N$",
    ylabel="capacity $C_1$ and its bound [bits]",
    title="Gaussian channel: bound vs exact capacity",
)
ax.legend(fontsize="small")
savefig(fig, "privacy_channels/gauss_bound_vs_exact", data=f8)
f8[["snr", "bound_bits", "exact_bits", "bi_awgn_bits", "support_size", "support"]].round(5)

# %% [markdown]
# ## Differences from the paper
# - §5.2 says the Laplace and Gaussian mechanisms need less noise "noticing that Δ ≤ T". That is not
#   true as written: with $\Delta f = T$ the IP Gaussian channel has the **smaller** noise at every ε
#   (noise figure: the Δf = T lines lie above the black line). The Laplace scale
#   $\Delta f/\epsilon$ is below $\sigma_{IP}$ only when $\Delta f < T\epsilon/\sqrt{e^{2\epsilon}-1}$
#   (0.2125 T at ε = 0.1, 0.3956 T at ε = 1; saved crossover table), and the plotted Laplace
#   standard deviation $\sqrt2\,\Delta f/\epsilon$ only when
#   $\Delta f < T\epsilon/\sqrt{2(e^{2\epsilon}-1)}$ (0.1503 T at ε = 0.1, 0.2797 T at ε = 1):
#   in both readings only for queries whose sensitivity is far below their range.
# - The quantities the paper calls "variances" are standard deviations; the Gaussian mechanism's
#   formula (98) needs ε < 1 (drawn up to ε = 1).
# - Comparing ε's across the two models is only heuristic: the IP ε bounds a mutual information,
#   the DP ε a log-likelihood ratio; both are in nats on the noise figure.
# - The bound (95) is not tight: the exact amplitude-constrained capacity (Smith) is below it, with
#   inputs $\{\pm T\}$ up to $T^2/N \approx 2.5$ and an interior mass point beyond (capacity figure).
#   It is computed on a grid, so it is a slight underestimate at the highest SNR.
# - The paper takes $E f(X)^2 \le T^2$ with $T = \max|f|$; the centred half-range is also valid and
#   tighter. Here $T$ is a parameter.
