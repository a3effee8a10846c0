"""Noiseless privacy's theorems on instances: the errata's counterexamples, Theorem 8's levels.

The counterexamples behind the paper's two errata (Theorem 8's level rule, Theorem 4's
density), the tables and curves that show them, the quantizer view and the game protocol of
Fig. 2. Public through :mod:`nsp.papers.noiseless`.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, cast

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from nsp._validation import as_sequence, check_choice, check_int, check_real, trusted
from nsp.info import maximal_leakage
from nsp.noiseless import (
    LinearQuantizer,
    compose_joint,
    estimation_error_lower_bound,
    individual_range,
    leakage_profile,
    levels,
    levels_paper,
    levels_safe,
    noiseless_epsilon,
    optimal_error_uniform,
    postprocess,
    realized_epsilon,
    worst_case_outputs,
)

__all__ = [
    "ARXIV",
    "GAME_PROTOCOL",
    "THEOREM4_EXAMPLE",
    "THEOREM8_EXAMPLE",
    "levels_table",
    "quantizer_view",
    "realized_epsilon_curves",
    "theorem4_table",
    "theorem8_counterexample",
    "theorems_table",
]

#: The paper's arXiv identifier.
ARXIV: str = "1910.13027"

#: Theorem 8's counterexample: the average of ``n`` entries in [0, 1] at budget ``epsilon``,
#: with the other individuals' entries fixed at ``others``.
THEOREM8_EXAMPLE: dict[str, Any] = {
    "n": 4,
    "epsilon": 2,
    "others": (Fraction(1, 10), Fraction(0), Fraction(0)),
}

#: Theorem 4's counterexample: two entries uniform on [0, 0.1] (joint density 100, conditional
#: density 10), error order ``p = 2``, budget 0.01 bits, a constant mechanism.
THEOREM4_EXAMPLE: dict[str, float] = {
    "width": 0.1,
    "p": 2,
    "epsilon": 0.01,
    "rho_joint": 100.0,
    "rho_conditional": 10.0,
}

#: The membership game of Fig. 2: (sender, receiver, message), in order. Messages are
#: matplotlib mathtext (``$...$``), as the paper writes them.
GAME_PROTOCOL: tuple[tuple[str, str, str], ...] = (
    ("Adversary", "Curator", r"1. chooses households $i_0$, $i_1$"),
    ("Curator", "Curator", r"2. draws $j \in \{0, 1\}$, picks $i_2, \ldots, i_n$"),
    (
        "Curator",
        "Adversary",
        r"3. releases $y_t = \mathfrak{M} \circ f(x_{i_j,t}, x_{i_2,t}, \ldots, x_{i_n,t})$,"
        r" $t = 1, \ldots, T$",
    ),
    ("Adversary", "Curator", r"4. sends its guess $\hat{j}$"),
    ("Curator", "Adversary", r"5. returns $[j = \hat{j}]$"),
)


def levels_table(
    epsilons: Sequence[float], group_sizes: Sequence[int], *, lo: float = 0, hi: float = 1
) -> pd.DataFrame:
    """Theorem 8 for the average of ``n`` entries: paper and safe levels, worst case, realized ε.

    Parameters
    ----------
    epsilons : sequence of float
        Budgets in bits, finite and ``>= 0``.
    group_sizes : sequence of int
        Numbers ``n >= 1`` of entries averaged.
    lo, hi : float
        The entries' range (integers keep the sensitivity ``(hi − lo)/n`` exact).

    Returns
    -------
    pandas.DataFrame
        Columns ``n, epsilon, q_paper, worst_paper, realized_epsilon_paper, q_safe, worst_safe,
        realized_epsilon_safe``, one row per ``(n, epsilon)``.

    See Also
    --------
    nsp.noiseless.levels : Theorem 8's rules.
    theorem8_counterexample : The rule as printed, refuted.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy", arXiv:1910.13027, 2019, Theorem 8.

    Examples
    --------
    >>> row = levels_table([2], [4]).iloc[0]
    >>> int(row.q_paper), int(row.worst_paper), int(row.q_safe)
    (16, 5, 12)
    """
    epsilons = as_sequence("epsilons", epsilons)
    group_sizes = as_sequence("group_sizes", group_sizes)
    for i, eps in enumerate(epsilons):
        check_real(f"epsilons[{i}]", eps, low=0.0)
    check_real("lo", lo)
    check_real("hi", hi)
    rows = []
    for n in group_sizes:
        check_int("group_sizes", n, low=1)
        sens = (
            Fraction(hi - lo) / n if isinstance(lo, int) and isinstance(hi, int) else (hi - lo) / n
        )
        for eps in epsilons:
            qp, qs = levels_paper(eps, sens, lo, hi), levels_safe(eps, sens, lo, hi)
            rows.append(
                {
                    "n": n,
                    "epsilon": eps,
                    "q_paper": qp,
                    "worst_paper": worst_case_outputs(int(qp), sens, lo, hi),
                    "realized_epsilon_paper": realized_epsilon(int(qp), sens, lo, hi),
                    "q_safe": qs,
                    "worst_safe": worst_case_outputs(int(qs), sens, lo, hi),
                    "realized_epsilon_safe": realized_epsilon(int(qs), sens, lo, hi),
                }
            )
    return pd.DataFrame(rows)


def theorem8_counterexample(
    n: int = THEOREM8_EXAMPLE["n"],
    epsilon: float = THEOREM8_EXAMPLE["epsilon"],
    others: Sequence[Fraction] = THEOREM8_EXAMPLE["others"],
    *,
    steps: int = 1000,
) -> tuple[int, list[int]]:
    """Theorem 8's rule as printed, tried on the average of ``n`` entries in [0, 1].

    With the others' entries fixed, individual ``i`` sweeps ``x_i`` over ``steps + 1`` exact
    rationals of [0, 1]; the quantized average then takes more than ``2**epsilon`` values.

    Parameters
    ----------
    n : int
        Entries averaged, ``>= 2``.
    epsilon : float
        Budget in bits, finite and ``>= 0``.
    others : sequence of Fraction
        The ``n − 1`` other entries, in [0, 1].
    steps : int
        Sweep resolution, ``>= 1``.

    Returns
    -------
    q : int
        The paper's number of levels.
    bins : list of int
        The bins individual ``i`` reaches, sorted.

    See Also
    --------
    levels_table : Both rules.
    nsp.noiseless.levels_paper : The rule as printed.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy", arXiv:1910.13027, 2019, Theorem 8.

    Examples
    --------
    >>> q, bins = theorem8_counterexample()
    >>> q, bins
    (16, [0, 1, 2, 3, 4])
    """
    n = check_int("n", n, low=2)
    steps = check_int("steps", steps, low=1)
    if len(others) != n - 1:
        raise ValueError(f"others must hold n - 1 = {n - 1} entries; got {len(others)}")
    Q = LinearQuantizer(
        Fraction(0), Fraction(1), int(levels_paper(epsilon, Fraction(1, n), 0, 1)), output="index"
    )
    for k, x in enumerate(others):
        check_real(f"others[{k}]", x, low=0.0, high=1.0)
    rest = sum(others, Fraction(0))
    bins = sorted({Q.index((Fraction(k, steps) + rest) / n) for k in range(steps + 1)})
    return Q.q, bins


def realized_epsilon_curves(eps_grid: Sequence[float], group_sizes: Sequence[int]) -> pd.DataFrame:
    """Compute the budget Theorem 8's quantizers really spend on the average of ``n`` entries.

    The entries lie in [0, 1].

    Parameters
    ----------
    eps_grid : sequence of float
        Target budgets in bits, finite and ``>= 0``.
    group_sizes : sequence of int
        Numbers ``n >= 1`` of entries averaged.

    Returns
    -------
    pandas.DataFrame
        Columns ``n, rule, epsilon, realized_epsilon``: for each ``n``, the paper's rule then
        the corrected (``"safe"``) rule.

    See Also
    --------
    nsp.noiseless.realized_epsilon : One quantizer.
    levels_table : The levels of both rules.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy", arXiv:1910.13027, 2019, Theorem 8.

    Examples
    --------
    >>> realized_epsilon_curves([2.0], [4]).realized_epsilon.round(3).tolist()
    [2.322, 2.0]
    """
    eps_grid = as_sequence("eps_grid", eps_grid)
    group_sizes = as_sequence("group_sizes", group_sizes)
    for i, eps in enumerate(eps_grid):
        check_real(f"eps_grid[{i}]", eps, low=0.0)
    rows = []
    for n in group_sizes:
        S = Fraction(1, check_int("group_sizes", n, low=1))
        for rule in ("paper", "safe"):
            real = [realized_epsilon(int(levels(e, S, 0, 1, rule=rule)), S, 0, 1) for e in eps_grid]
            rows += [
                {"n": n, "rule": rule, "epsilon": e, "realized_epsilon": r}
                for e, r in zip(eps_grid, real, strict=True)
            ]
    return pd.DataFrame(rows)


def theorem4_table(
    rho_joint: float = THEOREM4_EXAMPLE["rho_joint"],
    rho_conditional: float = THEOREM4_EXAMPLE["rho_conditional"],
    width: float = THEOREM4_EXAMPLE["width"],
    p: int = int(THEOREM4_EXAMPLE["p"]),
    epsilon: float = THEOREM4_EXAMPLE["epsilon"],
) -> pd.DataFrame:
    """Theorem 4's bound, read with the joint and with the conditional density, beside the truth.

    ``X_i`` uniform on ``[0, width]`` given the others, and a constant mechanism: the best
    estimator of ``X_i`` (the midpoint) errs by ``E|X_i − X̂_i|^p``. For two entries uniform on
    ``[0, 0.1]`` the bound with the joint density (100) exceeds it, the bound with the
    conditional density (10) does not.

    Parameters
    ----------
    rho_joint, rho_conditional : float
        Infima of the joint and of the conditional density, ``> 0``.
    width : float
        Length of ``[[X_i]]``, ``> 0``.
    p : int
        Order of the error, ``>= 1``.
    epsilon : float
        Budget in bits, ``>= 0``.

    Returns
    -------
    pandas.DataFrame
        Columns ``reading, rho, bound, best_error, bound_holds``.

    See Also
    --------
    nsp.noiseless.estimation_error_lower_bound : The bound.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy", arXiv:1910.13027, 2019, Theorem 4.

    Examples
    --------
    >>> theorem4_table().bound_holds.tolist()
    [False, True]
    """
    rho = [
        check_real("rho_joint", rho_joint, low=0.0, closed="neither"),
        check_real("rho_conditional", rho_conditional, low=0.0, closed="neither"),
    ]
    best = optimal_error_uniform([width], p)
    table = pd.DataFrame(
        {
            "reading": ["joint density (as printed)", "conditional density (corrected)"],
            "rho": rho,
            "bound": [estimation_error_lower_bound(r, width, p, epsilon) for r in rho],
            "best_error": [best, best],
        }
    )
    table["bound_holds"] = table.bound <= table.best_error
    return table


def theorems_table(
    *, n: int = 3, values: int = 5, epsilon: float = 2.0, epsilon2: float = 2.5
) -> pd.DataFrame:
    """Measure Theorems 1–3 and 5–7 on a quantized average, each beside its bound.

    ``n`` individuals hold an entry of ``{0, 1/(v−1), …, 1}`` (``v = values``); the curator
    releases their average through the corrected Theorem 8 quantizer of ``[0, 1]``
    (:func:`nsp.noiseless.levels_safe`) at budget ``epsilon`` (mechanism ``M1``) or ``epsilon2``
    (``M2``). ``ε*`` is the budget ``M1`` really spends (:func:`nsp.noiseless.noiseless_epsilon`;
    at most ``epsilon`` with the corrected rule), ``ε1`` and ``ε2`` those of ``M1`` and ``M2``.
    Each guarantee is measured for every individual ``i`` and every value ``x_{-i}`` of the
    others (the adversary's choice of ``ψ_{i,v_{-i}}``), and the largest value is reported:

    * Theorem 1: ``I*(X_i; Y) ≤ L0s(X_i; Y) ≤ L0(Y; X_i) ≤ ε``;
    * Theorem 2: the zero-error capacity of the channel ``X_i → Y`` (one letter, ``log α``; a
      deterministic channel reaches its capacity with one letter) ``≤ ε``;
    * Theorem 3: the best two-point hypothesis test ``P(T) ≤ ε`` (it scores 1 bit when the two
      outputs differ, ``−∞`` when they coincide);
    * Theorem 5: the maximal leakage ``L_c(X_i → Y) = I_∞`` under a uniform prior ``≤ ε``;
    * Theorem 6: the budget of the joint release ``(M1, M2)`` ``≤ ε1 + ε2``;
    * Theorem 7: the budget of ``g ∘ M1`` (``g`` merges bins two by two) ``≤ ε1``.

    Since ``Y`` is a function of ``X_i`` once the others are fixed, the measures of Theorems 1,
    2 and 5 all equal ``log2`` of the number of outputs individual ``i`` reaches.

    Parameters
    ----------
    n : int
        Number of individuals, ``2..5``.
    values : int
        Number of values of an entry, ``2..9``.
    epsilon, epsilon2 : float
        The budgets of ``M1`` and ``M2`` in bits, ``0 ≤ ε ≤ 8``.

    Returns
    -------
    pandas.DataFrame
        One row per measured guarantee: ``theorem``, ``quantity``, ``value`` (bits, the largest
        over ``i`` and ``x_{-i}``), ``bound`` (bits) and ``holds``.

    See Also
    --------
    nsp.noiseless.leakage_profile : The guarantees measured.

    References
    ----------
    F. Farokhi, *Noiseless privacy*, arXiv:1910.13027, Theorems 1–3 and 5–7.

    Examples
    --------
    Three entries in quarters, ``M1`` with 9 bins: one individual moves the average over 4 of
    them, 2 bits; ``M2`` (12 bins) over 5, ``log2 5`` bits:

    >>> t = theorems_table()
    >>> t.set_index("quantity").value.round(4).tolist()
    [2.0, 2.0, 2.0, 2.0, 1.0, 2.0, 2.3219, 1.585]
    >>> t.bound.round(4).tolist()
    [2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 4.3219, 2.0]
    >>> bool(t.holds.all())
    True
    """
    n = check_int("n", n, low=2, high=5)
    values = check_int("values", values, low=2, high=9)
    eps1 = check_real("epsilon", epsilon, low=0.0, high=8.0)
    eps2 = check_real("epsilon2", epsilon2, low=0.0, high=8.0)
    domain = [Fraction(k, values - 1) for k in range(values)]
    domains = [domain] * n
    with trusted():
        quantizers = [
            LinearQuantizer(
                Fraction(0), Fraction(1), int(levels_safe(e, Fraction(1, n), 0, 1)), output="index"
            )
            for e in (eps1, eps2)
        ]
        m1, m2 = ((lambda x, Q=Q: int(Q.index(sum(x, Fraction(0)) / n))) for Q in quantizers)
        star = noiseless_epsilon(m1, domains)
        profiles = pd.concat([leakage_profile(m1, domains, i) for i in range(n)])
        leak = 0.0
        for i in range(n):
            for v in itertools.product(*(d if j != i else d[:1] for j, d in enumerate(domains))):
                r = individual_range(m1, domains, i, v)
                joint = np.asarray(r.mask, dtype=float) / r.mask.shape[0]
                leak = max(leak, maximal_leakage(joint))
        e1, e2 = noiseless_epsilon(m1, domains), noiseless_epsilon(m2, domains)
        both = noiseless_epsilon(compose_joint(m1, m2), domains)
        merged = noiseless_epsilon(postprocess(lambda y: cast(int, y) // 2, m1), domains)
    rows = [
        ("1", "I*(X_i; Y)", profiles.maximin.max(), star),
        ("1", "L0s(X_i; Y)", profiles.symmetrized_leakage.max(), star),
        ("1", "L0(Y; X_i)", profiles.leakage.max(), star),
        ("2", "zero-error capacity of X_i → Y", profiles.zero_error.max(), star),
        ("3", "best two-point test P(T)", profiles.hypothesis_bound.max(), star),
        ("5", "maximal leakage L_c(X_i → Y), uniform prior", leak, star),
        ("6", "ε of the joint release (M1, M2)", both, e1 + e2),
        ("7", "ε of g∘M1, g merging bins two by two", merged, e1),
    ]
    table = pd.DataFrame(rows, columns=["theorem", "quantity", "value", "bound"])
    table["value"] = table.value.astype(float)
    table["bound"] = table.bound.astype(float)
    table["holds"] = table.value <= table.bound + 1e-12
    return table


def quantizer_view(epsilon: float = 2.0, rule: str = "paper", n: int = 4) -> Figure:
    """Draw the outputs one individual reaches through Theorem 8's quantizer of an average.

    The other ``n − 1`` entries are fixed at Theorem 8's counterexample (0.1, then zeros);
    individual ``i`` sweeps ``x_i`` over [0, 1]. The title compares the number of distinct
    outputs with the budget's ``2**epsilon``: the paper's rule exceeds it, the safe rule does
    not. A view for :func:`nsp.interactive.explore` (a slider over ``epsilon``).

    Parameters
    ----------
    epsilon : float
        Budget in bits, ``>= 0``.
    rule : {"paper", "safe"}
        Theorem 8's level rule as printed, or the corrected rule.
    n : int
        Entries averaged, ``>= 2``.

    Returns
    -------
    matplotlib.figure.Figure

    See Also
    --------
    nsp.noiseless.quantizer_for : The quantizer.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy", arXiv:1910.13027, 2019, Definition 3 and Theorem 8.

    Examples
    --------
    >>> fig = quantizer_view(2.0, "paper")
    >>> fig.axes[0].get_title()
    'paper rule: q = 16 levels; one individual reaches 5 outputs > 2^ε = 4'
    """
    epsilon = check_real("epsilon", epsilon, low=0.0)
    rule = check_choice("rule", rule, ("paper", "safe"))
    n = check_int("n", n, low=2, high=1000)
    level_rule = levels_paper if rule == "paper" else levels_safe
    q = int(level_rule(epsilon, 1 / n, 0, 1))
    quantizer = LinearQuantizer(0.0, 1.0, q, output="index")
    rest = sum(float(x) for x in THEOREM8_EXAMPLE["others"][: n - 1])
    x_i = np.linspace(0.0, 1.0, 2001)
    bins = np.asarray(quantizer((x_i + rest) / n))
    reached = len(np.unique(bins))
    bound = 2.0**epsilon
    fig, ax = plt.subplots(figsize=(6.4, 3.6))
    ax.step(x_i, bins, where="post")
    ax.set(
        xlabel="$x_i$ (the others fixed)",
        ylabel="output bin",
        ylim=(-0.5, max(bins.max(), 1) + 0.5),
    )
    relation = ">" if reached > bound else "<="
    ax.set_title(
        f"{rule} rule: q = {q} levels; one individual reaches {reached} outputs "
        f"{relation} 2^ε = {bound:g}"
    )
    return fig
