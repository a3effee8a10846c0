"""The ``algorithm=`` vocabulary of the merge algorithms; the papers' numbers are aliases.

Every ``algorithm=`` argument of :mod:`nsp.clustering.nonstochastic`,
:mod:`nsp.clustering.funnel` and :mod:`nsp.pareto` takes the name of the function that runs
the algorithm. The papers' numbers are permanent aliases, mapped here and nowhere else; a
result records the descriptive name.

* ``"merge_by_leakage"`` (alias ``"algorithm1"``): Ding & Farokhi, Algorithm 1;
* ``"merge_across_components"`` (alias ``"algorithm2"``): Ding & Farokhi, Algorithm 2;
* ``"merge_until_connected"``: Ding & Farokhi, the variant of §V-C;
* ``"greedy_privacy_funnel"`` (alias ``"algorithm1"``): Makhdoumi et al., Algorithm 1;
* ``"greedy_information_bottleneck"`` (alias ``"algorithm2"``): Algorithm 2 as printed;
* ``"greedy_max_leakage"`` (alias ``"algorithm2_prime"``): Algorithm 2′ (Note 1's reading);
* ``"greedy_ratio_funnel"``: the ratio greedy (not in the paper).

Both papers number their algorithms from 1, so an alias is resolved within its family
(``"nonstochastic"`` or ``"funnel"``): the function taking ``algorithm=`` says which.
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

#: The papers' numbers, per family: the one table of aliases.
ALIASES: dict[str, dict[str, str]] = {
    "nonstochastic": {"algorithm1": "merge_by_leakage", "algorithm2": "merge_across_components"},
    "funnel": {
        "algorithm1": "greedy_privacy_funnel",
        "algorithm2": "greedy_information_bottleneck",
        "algorithm2_prime": "greedy_max_leakage",
    },
}

_FAMILIES = {"nonstochastic": NONSTOCHASTIC, "funnel": FUNNEL}

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
    family: Literal["nonstochastic", "funnel"],
    among: Iterable[str] | None = None,
    *,
    name: str = "algorithm",
) -> str:
    """Return the descriptive name of ``value``, an algorithm of ``family`` or its alias.

    Parameters
    ----------
    value : object
        The ``algorithm=`` argument.
    family : {"nonstochastic", "funnel"}
        Whose algorithms (and numbers).
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
    >>> check_algorithm("algorithm1", "nonstochastic")
    'merge_by_leakage'
    """
    choices = _FAMILIES[family] if among is None else tuple(among)
    aliases = {k: v for k, v in ALIASES[family].items() if v in choices}
    return check_choice(name, value, choices, aliases=aliases)
