"""The privacy funnel: log-loss threat, merge costs and the greedy merging algorithms.

Implements the measures and algorithms of Makhdoumi, Salamatian, Fawaz & Médard, *From the
Information Bottleneck to the Privacy Funnel* (ITW 2014). Private data ``S`` and disclosable
data ``X`` have a joint pmf ``p_sx[s, x]`` (axis 0 = S, axis 1 = X); the user releases ``Y``
through a privacy mapping ``mapping[x, y] = p(y | x)`` (row-stochastic), so that
``S -> X -> Y``. The paper's instances, census experiment and tables are in
:mod:`nsp.papers.privacy_funnel`.

Contents (every name is imported from here, ``from nsp.clustering.funnel import merge_costs``):

Measures
    :func:`privacy_leakage` I(S;Y), :func:`disclosure` I(X;Y), :func:`logloss_distortion`
    H(X|Y), :func:`merge_costs` (Proposition 1), :func:`chain_rule_bounds`,
    :func:`mapping_from_partition` (bits by default, ``base=`` on each).
The inference threat
    Section II-B, Lemma 1, Lemma 2, Theorem 1 (**nats** for the bounds): :class:`LogLoss`,
    :class:`ZeroOneLoss`, :class:`BrierLoss`, :class:`BayesDecisionCost`,
    :func:`inference_cost_gain` (ΔC), :func:`lemma2_gaps`, :func:`lemma2_bound`,
    :func:`theorem1_bound`.
Greedy algorithms
    Section IV-A, incremental: :func:`greedy_privacy_funnel` (Algorithm 1, alias
    :func:`algorithm1`), :func:`greedy_information_bottleneck` (Algorithm 2 as printed, alias
    :func:`algorithm2`), :func:`greedy_max_leakage` (Algorithm 2′, Note 1's reading, alias
    :func:`algorithm2_prime`), and :func:`greedy_ratio_funnel` (a ratio greedy, not in the
    paper); :func:`greedy_sweep` runs one of them at many thresholds at once. Their
    ``algorithm=`` names (:func:`funnel_curve`, :class:`GreedyResult`) are the function
    names; the paper's numbers ``"algorithm1"``, ``"algorithm2"`` and ``"algorithm2_prime"``
    are accepted as aliases.
The alternating iteration
    Section III-D: :func:`alternating_iteration` (the information bottleneck's
    self-consistent iteration on ``I(X;Y) − β I(S;Y)``, a descent: it leaves the funnel's
    solutions), with :class:`AlternatingResult`.
Exhaustive search and curves
    :func:`set_partition_labels`, :func:`brute_force_deterministic`, :func:`funnel_curve`,
    :func:`constrained_envelope`, :func:`lower_envelope`, :func:`upper_envelope`.

Examples
--------
The worked example E1 (S = parity of a uniform X): one bit of disclosure with no leakage.

>>> from nsp.clustering.funnel import greedy_privacy_funnel
>>> res = greedy_privacy_funnel([[.25, 0, .25, 0], [0, .25, 0, .25]], 1.0)
>>> res.groups, res.utility, res.leakage, res.algorithm
([[0, 1], [2, 3]], 1.0, 0.0, 'greedy_privacy_funnel')

References
----------
.. [1] A. Makhdoumi, S. Salamatian, N. Fawaz, M. Médard, "From the information bottleneck to
   the privacy funnel", IEEE ITW 2014, doi:10.1109/ITW.2014.6970882, arXiv:1402.1774.
"""

from nsp.clustering.funnel._alternating import AlternatingResult, alternating_iteration
from nsp.clustering.funnel._curves import (
    brute_force_deterministic,
    constrained_envelope,
    funnel_curve,
    lower_envelope,
    set_partition_labels,
    upper_envelope,
)
from nsp.clustering.funnel._greedy import (
    Algorithm,
    GreedyResult,
    algorithm1,
    algorithm2,
    algorithm2_prime,
    greedy_information_bottleneck,
    greedy_max_leakage,
    greedy_privacy_funnel,
    greedy_ratio_funnel,
    greedy_sweep,
)
from nsp.clustering.funnel._measures import (
    chain_rule_bounds,
    disclosure,
    logloss_distortion,
    mapping_from_partition,
    merge_costs,
    privacy_leakage,
)
from nsp.clustering.funnel._threat import (
    BayesDecisionCost,
    BrierLoss,
    Cost,
    LogLoss,
    ZeroOneLoss,
    inference_cost_gain,
    lemma2_bound,
    lemma2_gaps,
    theorem1_bound,
)

__all__ = [
    # measures
    "privacy_leakage",
    "disclosure",
    "logloss_distortion",
    "merge_costs",
    "chain_rule_bounds",
    "mapping_from_partition",
    # threat
    "Cost",
    "LogLoss",
    "ZeroOneLoss",
    "BrierLoss",
    "BayesDecisionCost",
    "inference_cost_gain",
    "lemma2_gaps",
    "lemma2_bound",
    "theorem1_bound",
    # greedy
    "Algorithm",
    "GreedyResult",
    "greedy_privacy_funnel",
    "greedy_information_bottleneck",
    "greedy_max_leakage",
    "algorithm1",
    "algorithm2",
    "algorithm2_prime",
    "greedy_ratio_funnel",
    "greedy_sweep",
    # the bottleneck's alternating iteration (Section III-D)
    "AlternatingResult",
    "alternating_iteration",
    # curves
    "set_partition_labels",
    "brute_force_deterministic",
    "funnel_curve",
    "constrained_envelope",
    "lower_envelope",
    "upper_envelope",
]
