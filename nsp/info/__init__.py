"""Shannon measures on probability mass functions: entropy, divergences, leakages.

A joint pmf is a numpy array with one axis per variable; ``p[x, y]`` is ``P(X=x, Y=y)``.
Where a measure involves several variables, each is named by a group of axes (an ``int`` or
a tuple of ints: a group of axes is one compound variable). Every measure

* returns **bits** by default and takes ``base=`` (a number > 1, or ``"e"``/``"nats"``/``"bits"``),
* uses ``0 log 0 = 0``,
* validates its input with :mod:`nsp._validation` (a pmf must be non-negative and sum to 1
  within 1e-9; ``normalize=True`` is the only way to pass counts),
* is vectorized: a measure on a dense 2000 x 2000 pmf costs a few passes over the array.

Measures that are non-negative by definition (entropies of discrete variables, mutual and
conditional mutual information, divergences) are clipped at 0: subtracting entropies can leave
a rounding residue of about 1e-16 below zero, and a negative information is never meaningful.

The measures come from the five papers of the project: Shannon quantities (all of them),
Rényi divergence and Gács–Körner common information (Ding & Farokhi, §VI), maximal leakage
(Farokhi, *Noiseless privacy*, §III-E, after Issa, Wagner & Kamath), max-mutual information
(Wu, Definition 6), the Jensen–Shannon merge cost and Pinsker's bound (Makhdoumi et al.).
"""

from nsp.info._measures import (
    Axes,
    binary_entropy,
    conditional_entropy,
    conditional_mutual_information,
    cross_entropy,
    entropy,
    gacs_korner_common_information,
    inverse_binary_entropy,
    js_divergence,
    kl_divergence,
    marginal,
    max_mutual_information,
    maximal_leakage,
    mutual_information,
    renyi_divergence,
    renyi_entropy,
    renyi_leakage,
    sibson_mutual_information,
    total_variation,
)

__all__ = [
    "Axes",
    "binary_entropy",
    "conditional_entropy",
    "conditional_mutual_information",
    "cross_entropy",
    "entropy",
    "gacs_korner_common_information",
    "inverse_binary_entropy",
    "js_divergence",
    "kl_divergence",
    "marginal",
    "max_mutual_information",
    "maximal_leakage",
    "mutual_information",
    "renyi_divergence",
    "renyi_entropy",
    "renyi_leakage",
    "sibson_mutual_information",
    "total_variation",
]
