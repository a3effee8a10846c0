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
# # Lesson 0 — Shannon measures and leakages
#
# Every notion of privacy in this course measures how much a release $Y$ tells about a secret
# $S$. This lesson computes the basic ones with `nsp.info` and `nsp.channels` on the smallest
# mechanism there is, **randomized response**: a secret bit $S$ is reported truthfully with
# probability $1-p$ and flipped with probability $p$. The channel is
# $W = \begin{pmatrix}1-p & p\\ p & 1-p\end{pmatrix}$, $W[s, y] = p(y \mid s)$, and the joint pmf
# is $p(s, y) = p(s)\,W[s, y]$.
#
# * **Entropy** $H(S) = -\sum_s p(s)\log_2 p(s)$: the uncertainty about $S$ before the release.
# * **Equivocation** $H(S \mid Y)$: the uncertainty left after it (Sankar et al.).
# * **Mutual information** $I(S;Y) = H(S) - H(S \mid Y)$: the average leakage (the privacy funnel).
# * **Maximal leakage** $L(S \to Y) = \log_2 \sum_y \max_s p(y \mid s)$: the most that any
#   guess about any function of $S$ gains from $Y$ (Issa, Wagner & Kamath; used by Farokhi).
# * **Local differential privacy** $\epsilon = \max_{y, s, s'} \log p(y \mid s)/p(y \mid s')$:
#   the worst likelihood ratio; it depends on the channel alone, not on $p(s)$.
#
# Everything is in **bits** here, including $\epsilon$ (the DP literature states $\epsilon$ in
# nats: multiply by $\ln 2 \approx 0.693$).

# %% tags=["parameters"]
quick: bool = False  # run in seconds with reduced sizes
flip: float = 0.25  # flip probability p of randomized response [> 0] [< 1]
prior_one: float = 0.5  # P(S = 1), the prior of the secret bit [> 0] [< 1]
n_points: int = 99  # points on each curve [>= 3]

# %%
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from nsp.channels import binary_symmetric_channel, dp_epsilon, joint_from_channel
from nsp.info import conditional_entropy, entropy, maximal_leakage, mutual_information
from nsp.plotting import savefig, use_style

use_style()
if quick:
    n_points = 11

# %% [markdown]
# ## Entropy: the uncertainty before any release
# A fair bit has one bit of entropy; a biased one less. $h(q)$ is the entropy of a bit that is 1
# with probability $q$.

# %%
pd.DataFrame(
    {
        "pmf": ["[0.5, 0.5]", "[0.9, 0.1]", "[0.25, 0.25, 0.25, 0.25]"],
        "H [bits]": [entropy([0.5, 0.5]), entropy([0.9, 0.1]), entropy([0.25] * 4)],
    }
)

# %% [markdown]
# ## One secret, one release: every measure of randomized response
# The joint pmf `p[s, y]` has one axis per variable; `nsp.info` takes it whole, and the axes
# name the variables (`0` is $S$, `1` is $Y$).

# %%
W = binary_symmetric_channel(flip)
p_sy = joint_from_channel([1 - prior_one, prior_one], W)
measures = pd.Series(
    {
        "H(S)": entropy(p_sy.sum(axis=1)),
        "H(S|Y)": conditional_entropy(p_sy, 0, 1),
        "I(S;Y)": mutual_information(p_sy),
        "L(S->Y)": maximal_leakage(p_sy),
        "LDP epsilon": dp_epsilon(W, base=2),
    },
    name=f"p = {flip:g}, P(S=1) = {prior_one:g} [bits]",
)
measures

# %% [markdown]
# The three leakages are ordered, $I(S;Y) \le L(S \to Y) \le \epsilon$: the average leakage is
# at most the worst-case gain of a guess, which is at most the worst likelihood ratio.

# %%
ps = np.linspace(0.01, 0.5, n_points)
rows = []
for p in ps:
    joint = joint_from_channel([1 - prior_one, prior_one], binary_symmetric_channel(p))
    rows.append(
        {
            "curve": "against_flip",
            "flip": p,
            "prior_one": prior_one,
            "mutual_information": mutual_information(joint),
            "maximal_leakage": maximal_leakage(joint),
            "ldp_epsilon_bits": dp_epsilon(binary_symmetric_channel(p), base=2),
            "H_S_given_Y": conditional_entropy(joint, 0, 1),
        }
    )
priors = np.linspace(0.01, 0.99, n_points)
for q in priors:
    joint = joint_from_channel([1 - q, q], W)
    rows.append(
        {
            "curve": "against_prior",
            "flip": flip,
            "prior_one": q,
            "mutual_information": mutual_information(joint),
            "maximal_leakage": maximal_leakage(joint),
            "ldp_epsilon_bits": dp_epsilon(W, base=2),
            "H_S_given_Y": conditional_entropy(joint, 0, 1),
        }
    )
curves = pd.DataFrame(rows)
ordered = bool(
    (curves.mutual_information <= curves.maximal_leakage + 1e-12).all()
    and (curves.maximal_leakage <= curves.ldp_epsilon_bits + 1e-12).all()
)
print("I(S;Y) <= L(S->Y) <= epsilon at every point:", ordered)

# %% [markdown]
# ## The leakages against the flip probability and against the prior
# (a) More noise, less leakage: all three vanish at $p = 1/2$, where $Y$ is independent of $S$;
# as $p \to 0$, $I(S;Y)$ and $L(S \to Y)$ reach one bit (all a binary answer can carry) while
# $\epsilon = \log_2((1-p)/p)$ grows without bound. (b) At a fixed channel, $I(S;Y)$ depends on
# the prior of the secret; $L(S \to Y)$ and $\epsilon$ do not.

# %%
fig, (ax, bx) = plt.subplots(1, 2, figsize=(10.0, 3.9))
a = curves[curves.curve == "against_flip"]
b = curves[curves.curve == "against_prior"]
labels = {
    "mutual_information": "mutual information $I(S;Y)$",
    "maximal_leakage": r"maximal leakage $L(S \to Y)$",
    "ldp_epsilon_bits": r"local DP $\epsilon$",
}
for column, style in zip(labels, ("-", "--", ":"), strict=True):
    ax.plot(a.flip, a[column], style, label=labels[column])
    bx.plot(b.prior_one, b[column], style, label=labels[column])
ax.set(
    xlabel="flip probability $p$",
    ylabel="leakage [bits]",
    ylim=(0, 3),
    title=f"(a) against $p$, P(S=1) = {prior_one:g}",
)
bx.set(
    xlabel="prior P(S = 1)",
    ylabel="leakage [bits]",
    ylim=(0, 1.2 * float(b.ldp_epsilon_bits.max())),
    title=f"(b) against the prior, p = {flip:g}",
)
ax.legend(fontsize="small")
fig.suptitle("Randomized response: three leakages of one channel (all in bits)")
_ = savefig(fig, "course/measures_of_rr", data=curves)

# %% [markdown]
# ## Exercises
# **1 (concept).** In panel (b), why does $I(S;Y)$ depend on the prior of $S$ while
# $L(S \to Y)$ does not?
#
# <details><summary>Solution</summary>
#
# $I(S;Y)$ averages over the secret's values with their probabilities: a secret that is almost
# always 0 has little uncertainty to leak. $L(S \to Y) = \log_2 \sum_y \max_s p(y \mid s)$ uses
# only the channel (a maximum over the values $s$ of positive probability), so every prior of
# full support gives the same value: it is the leakage of the worst prior and the worst guess.
#
# </details>
#
# **2 (concept).** Why is $\epsilon$ infinite for a channel with a zero, e.g. $p = 0$, while
# $L(S \to Y)$ stays at one bit?
#
# <details><summary>Solution</summary>
#
# $\epsilon$ is the largest log-ratio $\log p(y \mid s)/p(y \mid s')$; a zero in the denominator
# makes it infinite: seeing $y$ rules one secret out. Maximal leakage sums $\max_s p(y \mid s)$
# over $y$, at most $\log_2$ (number of outputs) $= 1$ bit: it counts how much a guess improves,
# and a guess about a bit can improve by at most a factor 2.
#
# </details>

# %% [markdown]
# **3 (code).** A secret bit is uniform ($P(S=1) = 1/2$) and released by randomized response
# with $p = 0.25$. Compute its maximal leakage $L(S \to Y)$ in bits, then run the check cell.

# %%
from nsp.exercises import check

answer = None  # replace None by your computation
check("measures.maximal_leakage", answer)

# %% [markdown]
# <details><summary>Solution</summary>
#
# ```python
# import numpy as np
#
# W = np.array([[0.75, 0.25], [0.25, 0.75]])  # p(y | s)
# answer = np.log2(W.max(axis=0).sum())  # log2 of the sum over y of the largest p(y | s)
# check("measures.maximal_leakage", answer)
# ```
#
# </details>

# %% [markdown]
# **4 (code).** Now the secret is rare, $P(S=1) = 0.1$, and the channel the same ($p = 0.25$).
# Compute $I(S;Y)$ in bits.

# %%
from nsp.exercises import check

answer = None  # replace None by your computation
check("measures.mutual_information", answer)

# %% [markdown]
# <details><summary>Solution</summary>
#
# ```python
# from nsp.info import binary_entropy
#
# p_y1 = 0.1 * 0.75 + 0.9 * 0.25  # P(Y = 1)
# answer = binary_entropy(p_y1) - binary_entropy(0.25)  # H(Y) - H(Y | S)
# check("measures.mutual_information", answer)
# ```
#
# </details>

# %% [markdown]
# ## Differences from the papers
# * This lesson reproduces no figure of a paper: it introduces the measures the five papers
#   build on, on randomized response (Wu, §4.1, in lesson 1).
# * $\epsilon$ is in bits here so that the three leakages share one axis; the notebooks of
#   lesson 1 state the DP $\epsilon$ in nats, as the papers do.
