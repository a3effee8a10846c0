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
# # Ding & Farokhi §VI — non-stochastic measures beside their stochastic counterparts
#
# On the empirical pmf $p(s,\hat x)$ of the Hungarian records (S = age, X = cholesterol) and
# several quantizations $\hat X$: the maximin information $I_*$ beside the Gács–Körner common
# information $K\le\min(I_*, I)$ ($I_*=\max_p K$ over pmfs with this support), and $L_0$ beside the
# Rényi-0 leakage $\max_{\hat x}D_0(p(s|\hat x)\|p(s))$, which equals $L_0$ when $S$ is uniform
# (eq. (13)), the Rényi-∞ leakage (maximal realizable leakage) and the maximal leakage. All in bits.

# %% tags=["parameters"]
quick: bool = False  # run in seconds with reduced sizes; no effect here since this notebook always runs in seconds
missing: str = "keep"  # unknown cholesterol: level -9 (paper counts), or drop [choices: keep, drop]
demo_lam_alg1_u1: float = 0.2  # λ of the Algorithm-1 U1 quantization in the table [>= 0]
demo_lam_alg1_u2: float = 0.0035  # λ of the Algorithm-1 U2 quantization in the table [>= 0]
k_anon: int = 5  # k of the k-anonymity baseline rows [>= 1]

# %%

from nsp.clustering.baselines import generalize_to_k_anonymity
from nsp.clustering.nonstochastic import algorithm1, algorithm2
from nsp.papers.agglomerative import (
    hungarian_age_chol,
    hungarian_joint_range,
    hungarian_pmf,
    section6_table,
)
from nsp.partition import Partition
from nsp.plotting import certified, save_table

df = hungarian_age_chol(missing=missing)
r = hungarian_joint_range(df)
p = hungarian_pmf(df)
partitions = {
    "X itself (no quantization)": Partition.singletons(r.n_x),
    f"Algorithm 1, U1, λ={demo_lam_alg1_u1:g}": algorithm1(r, demo_lam_alg1_u1).partition,
    f"Algorithm 1, U2, λ={demo_lam_alg1_u2:g}": algorithm1(
        r, demo_lam_alg1_u2, utility="U2"
    ).partition,
    "Algorithm 2, U1, λ=0 (I* = 0)": algorithm2(r, 0.0).partition,
    f"{k_anon}-anonymity (merge_low)": generalize_to_k_anonymity(r, k_anon, method="merge_low"),
    f"{k_anon}-anonymity (interval)": generalize_to_k_anonymity(r, k_anon, method="interval"),
    "one cluster": Partition.whole(r.n_x),
}
table = section6_table(p, partitions)
# direct evaluations (~1e-15 absolute): 12 decimals, so a leakage of 0 is saved as 0, not 3e-16
floats = [c for c in table.columns if table[c].dtype.kind == "f"]
table = certified(table, decimals={c: 12 for c in floats})
_ = save_table(table, "agglomerative/table_section6_stochastic")
table.round(4)

# %% [markdown]
# §VI's relations hold on every row (the tests check them on this table and on random pmfs):
# $K\le I_*$ and $K\le I$; the uniform-S Rényi-0 column equals $L_0$ (eq. (13)); and $I_*=0$
# does not imply $L_0=0$ (Algorithm 2's row).

# %% [markdown]
# ## Differences from the paper
# * §VI has no table or numbers; this table is ours. The paper writes the Rényi divergence with
#   $\sum_{\hat x}$; it is $\sum_s$.
# * The pmf is the empirical one of the 293 records (the paper treats the data as ranges precisely
#   because this pmf is unreliable, §VII-B); with the empirical, non-uniform $p(s)$ the Rényi-0
#   leakage differs from $L_0$, which it equals only under uniform S (eq. (13)).
# * The LDP bound of eq. (14) is not tabulated: every quantization here has zeros in $p(\hat x|s)$,
#   so $\epsilon=\infty$.
# * The table is rounded to 12 decimals (the accuracy of these direct evaluations), so the
#   one-cluster row's leakages are exactly 0, as they are in exact arithmetic.
