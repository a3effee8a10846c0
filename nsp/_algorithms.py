"""The one table of method names: every ``algorithm=`` of :mod:`nsp` is resolved here.

Every argument that names a merge algorithm (``algorithm=`` of :mod:`nsp.clustering.nonstochastic`,
:mod:`nsp.clustering.funnel` and :mod:`nsp.pareto`; ``algorithms=`` of
:func:`nsp.notions.agglomerative_sweep`, :func:`nsp.notions.funnel_sweep` and
:func:`nsp.papers.privacy_funnel.fig1_curves`) takes the name of the function that runs the
algorithm. The papers' numbers and the short keys of earlier versions are permanent aliases,
mapped here and nowhere else; a result (a column, a key, a CSV) records the descriptive name.

* ``"merge_by_leakage"`` (alias ``"algorithm1"``): Ding & Farokhi, Algorithm 1;
* ``"merge_across_components"`` (alias ``"algorithm2"``): Ding & Farokhi, Algorithm 2;
* ``"merge_until_connected"``: Ding & Farokhi, the variant of §V-C;
* ``"greedy_privacy_funnel"`` (aliases ``"algorithm1"``, ``"alg1"``): Makhdoumi et al.,
  Algorithm 1;
* ``"greedy_information_bottleneck"`` (aliases ``"algorithm2"``, ``"alg2"``): Algorithm 2 as
  printed;
* ``"greedy_max_leakage"`` (aliases ``"algorithm2_prime"``, ``"alg2prime"``): Algorithm 2′
  (Note 1's reading);
* ``"greedy_ratio_funnel"`` (alias ``"ratio"``): the ratio greedy (not in the paper);
* ``"generalize_to_k_anonymity_merge_low"`` (aliases ``"k_merge_low"``, ``"kanon_merge_low"``)
  and ``"generalize_to_k_anonymity_interval"`` (aliases ``"k_interval"``, ``"kanon_interval"``):
  the k-anonymity baseline, :func:`nsp.clustering.baselines.generalize_to_k_anonymity` with its
  ``method="merge_low"`` or ``"interval"`` (one function, two readings: its name qualified by
  the reading, as a qualified column keeps its stem).

Both papers number their algorithms from 1, so an alias is resolved within its family
(``"nonstochastic"`` or ``"funnel"``): the function taking ``algorithm=`` says which. The
k-anonymity readings are a family of their own (``"k_anonymity"``: ``methods=`` of
:func:`nsp.notions.k_anonymity_sweep`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from nsp._validation import check_choice

__all__: list[str] = []

#: Ding & Farokhi's algorithms (:mod:`nsp.clustering.nonstochastic`), by function name.
NONSTOCHASTIC = ("merge_by_leakage", "merge_across_components", "merge_until_connected")

#: The privacy funnel's greedy algorithms (:mod:`nsp.clustering.funnel`), by function name.
FUNNEL = (
    "greedy_privacy_funnel",
    "greedy_information_bottleneck",
    "greedy_max_leakage",
    "greedy_ratio_funnel",
)

#: The aliases, per family: the papers' numbers, then the short keys of earlier versions.
ALIASES: dict[str, dict[str, str]] = {
    "nonstochastic": {"algorithm1": "merge_by_leakage", "algorithm2": "merge_across_components"},
    "funnel": {
        "algorithm1": "greedy_privacy_funnel",
        "algorithm2": "greedy_information_bottleneck",
        "algorithm2_prime": "greedy_max_leakage",
        "alg1": "greedy_privacy_funnel",
        "alg2": "greedy_information_bottleneck",
        "alg2prime": "greedy_max_leakage",
        "ratio": "greedy_ratio_funnel",
    },
    # the notions' keys of earlier versions, and the labels of Fig. 9's CSV (agglomerative)
    "k_anonymity": {
        "k_merge_low": "generalize_to_k_anonymity_merge_low",
        "k_interval": "generalize_to_k_anonymity_interval",
        "kanon_merge_low": "generalize_to_k_anonymity_merge_low",
        "kanon_interval": "generalize_to_k_anonymity_interval",
    },
}

#: The k-anonymity baseline (:func:`nsp.clustering.baselines.generalize_to_k_anonymity`), one
#: name per reading (its ``method=``): the function's name qualified by the reading.
K_ANONYMITY = ("generalize_to_k_anonymity_merge_low", "generalize_to_k_anonymity_interval")

_FAMILIES = {"nonstochastic": NONSTOCHASTIC, "funnel": FUNNEL, "k_anonymity": K_ANONYMITY}

#: ``algorithm=`` of the merge paths (Algorithms 1 and 2 of Ding & Farokhi).
PathAlgorithm = Literal["merge_by_leakage", "merge_across_components", "algorithm1", "algorithm2"]

#: ``algorithm=`` of :func:`nsp.pareto.lambda_sweep` (every algorithm of Ding & Farokhi).
SweepAlgorithm = Literal[
    "merge_by_leakage",
    "merge_across_components",
    "merge_until_connected",
    "algorithm1",
    "algorithm2",
]


def check_algorithm(
    value: object,
    family: Literal["nonstochastic", "funnel", "k_anonymity"],
    among: Iterable[str] | None = None,
    *,
    name: str = "algorithm",
) -> str:
    """Return the descriptive name of ``value``, an algorithm of ``family`` or its alias.

    Parameters
    ----------
    value : object
        The ``algorithm=`` argument.
    family : {"nonstochastic", "funnel", "k_anonymity"}
        Whose algorithms (and aliases).
    among : iterable of str, optional
        The names the caller runs (default: every algorithm of the family); aliases of other
        algorithms are refused too.
    name : str
        The argument's name, for the message.

    Returns
    -------
    str
        The descriptive name.

    Raises
    ------
    ValueError
        Naming the argument, the accepted names and aliases, and the value.

    Examples
    --------
    >>> check_algorithm("algorithm2_prime", "funnel")
    'greedy_max_leakage'
    >>> check_algorithm("ratio", "funnel")
    'greedy_ratio_funnel'
    >>> check_algorithm("algorithm1", "nonstochastic")
    'merge_by_leakage'
    """
    choices = _FAMILIES[family] if among is None else tuple(among)
    aliases = {k: v for k, v in ALIASES[family].items() if v in choices}
    return check_choice(name, value, choices, aliases=aliases)
