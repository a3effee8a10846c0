"""The algorithms for ``C_1`` compared, and the paper's properties checked.

The instances and the comparison of the exact methods with a direct search
(:func:`algorithm_instances`, :func:`algorithm_comparison_table`), the properties of
``C_1`` on seeded random instances (:func:`property_checks_table`) and Lemmas 1–2 on a
balance-function table (:func:`lemma1_holds`, :func:`lemma2_holds`).
"""

from __future__ import annotations

import time
from collections.abc import Sequence

import numpy as np
import pandas as pd

from nsp._validation import as_sequence, check_frame, check_int, check_real, check_seed, check_tol
from nsp.channels import channel_capacity
from nsp.papers.privacy_channels._common import _reals
from nsp.papers.privacy_channels._instances import (
    count_query,
    example1_rr,
    mod_sum_exponential_channel,
    random_privacy_channel,
)
from nsp.privacy_channels import (
    PrivacyChannel,
    compose_adaptive,
    compose_parallel,
    data_independent_bound,
    dataset_dp_epsilon,
    dp_epsilon_axis_lines,
    exponential_channel,
    group_capacity,
    individual_capacity_bounds,
    individual_capacity_search,
    individual_channel_capacity,
    individual_mutual_information,
    is_uniform_output_reachable,
    is_weakly_symmetric,
    max_information_capacity_ind,
    post_process,
)

__all__ = [
    "algorithm_comparison_table",
    "algorithm_instances",
    "lemma1_holds",
    "lemma2_holds",
    "property_checks_table",
]


def algorithm_instances(
    n_instances: int, *, seed: int, max_universe: int = 12
) -> list[tuple[str, PrivacyChannel]]:
    """Return the named instances on which the algorithms for ``C_1`` are compared.

    Example 1, the count query over 4 bits and the mod-sum channel (exponential, ``N = 1``),
    then ``n_instances`` random channels seeded ``seed, seed + 1, ...``.

    Parameters
    ----------
    n_instances : int
        Number of random instances.
    seed : int
        Seed of the first random instance.
    max_universe : int
        Largest number of datasets of a random instance.

    Returns
    -------
    list of (str, PrivacyChannel)

    See Also
    --------
    algorithm_comparison_table : The comparison on these.

    Examples
    --------
    >>> [name.split(",")[0] for name, _ in algorithm_instances(1, seed=0)]
    ['Example 1', 'count query n=4', 'mod-sum', 'random #0']
    """
    n_instances = check_int("n_instances", n_instances, low=0)
    seed = check_int("seed", seed)
    U4, f4 = count_query(4)
    families = [
        ("Example 1, RR p=0.1", example1_rr(0.1)),
        ("count query n=4, exponential N=1", exponential_channel(U4, f4, N=1.0)),
        ("mod-sum, exponential N=1", mod_sum_exponential_channel(1.0)),
    ]
    families += [
        (
            f"random #{j}",
            random_privacy_channel(
                seed + j, max_size=check_int("max_universe", max_universe, low=2)
            ),
        )
        for j in range(n_instances)
    ]
    return families


def algorithm_comparison_table(
    instances: Sequence[tuple[str, PrivacyChannel]],
    *,
    restarts: int = 8,
    seed: int = 0,
    tol: float = 1e-8,
) -> pd.DataFrame:
    """Return ``C_1`` of each instance by enumeration, by the set-DP and by a direct search.

    Parameters
    ----------
    instances : sequence of (str, PrivacyChannel)
        Named channels, e.g. from :func:`algorithm_instances`.
    restarts : int
        Random starts of the direct search.
    seed : int
        Seed of the direct search.
    tol : float
        Tolerance (bits) of the ``agree`` column.

    Returns
    -------
    pandas.DataFrame
        Per instance: sizes, candidates and capacity runs of both exact methods, their
        values, the direct search, timings in seconds, ``agree`` (the exact methods agree
        within ``tol``) and ``search_below`` (the search does not exceed ``C_1``).

    See Also
    --------
    algorithm_instances : The instances.
    nsp.privacy_channels.individual_channel_capacity : The exact algorithm.

    Examples
    --------
    >>> t = algorithm_comparison_table(algorithm_instances(0, seed=0)[:1], restarts=1)
    >>> t[["c1_enumerate", "agree", "search_below"]].round(6).values.tolist()
    [[0.531004, True, True]]
    """
    tol = check_tol("tol", tol)
    instances = as_sequence("instances", instances)
    for j, item in enumerate(instances):
        if not (isinstance(item, tuple | list) and len(item) == 2):
            raise ValueError(
                f"instances[{j}] must be a (name, channel) pair (from algorithm_instances); "
                f"got {item!r}"
            )
    rows = []
    for name, ch in instances:
        t0 = time.perf_counter()
        en = individual_channel_capacity(ch, method="enumerate", tol=1e-11)
        t1 = time.perf_counter()
        sd = individual_channel_capacity(ch, method="setdp", tol=1e-11)
        t2 = time.perf_counter()
        ds = individual_capacity_search(ch, restarts=restarts, seed=seed)
        rows.append(
            {
                "instance": name,
                "sizes": "x".join(map(str, ch.universe.sizes)),
                "k": ch.k,
                "candidates_enumerate": en.n_candidates,
                "candidates_setdp": sd.n_candidates,
                "ba_runs_enumerate": en.n_evaluated,
                "ba_runs_setdp": sd.n_evaluated,
                "c1_enumerate": en.value,
                "c1_setdp": sd.value,
                "direct_search": ds,
                "seconds_enumerate": t1 - t0,
                "seconds_setdp": t2 - t1,
            }
        )
    table = pd.DataFrame(rows)
    table["agree"] = (table.c1_enumerate - table.c1_setdp).abs() <= tol
    table["search_below"] = table.direct_search <= table.c1_setdp + 1e-7
    return table


def property_checks_table(
    n_instances: int, *, seed: int, max_universe: int = 12, tol: float = 1e-8
) -> pd.DataFrame:
    """Check the paper's properties of ``C_1`` on seeded random instances.

    Theorem 3.1 in both directions (the witness prior attains ``C_1``; random priors stay
    below), composition (independent and adaptive), post-processing, group privacy,
    Proposition 1, the axis-line reading of DP (§6), Corollary 1 with its equality cases
    (uniform output reachable, weak symmetry) and the cheap certified bounds.

    Parameters
    ----------
    n_instances : int
        Number of random instances (channels seeded ``seed + 1000 + j``).
    seed : int
        Seed of the instances and of the random priors, second channels and garblings.
    max_universe : int
        Largest number of datasets of an instance.
    tol : float
        Tolerance (bits) of the equalities and inequalities.

    Returns
    -------
    pandas.DataFrame
        Columns ``property, instances, passed, all_passed``.

    See Also
    --------
    random_privacy_channel : The instances.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       Proposition 1, Theorem 3.1 and Corollary 1.

    Examples
    --------
    >>> property_checks_table(1, seed=0)["all_passed"].all()
    np.True_
    """
    n_instances = check_int("n_instances", n_instances, low=1)
    seed = check_int("seed", seed)
    tol = check_tol("tol", tol)
    rng = np.random.default_rng(check_seed(seed))
    checks: dict[str, list[bool]] = {}

    def record(name: str, ok: bool) -> None:
        checks.setdefault(name, []).append(bool(ok))

    for j in range(n_instances):
        ch = random_privacy_channel(
            seed + 1000 + j, max_size=check_int("max_universe", max_universe, low=2)
        )
        U = ch.universe
        res = individual_channel_capacity(ch, tol=1e-11)
        c1 = res.value
        record(
            "Thm 3.1: witness prior attains C_1",
            abs(individual_mutual_information(ch, res.witness_prior, res.individual) - c1) <= tol,
        )
        priors = [
            rng.dirichlet(np.full(U.size, a)).reshape(U.sizes)
            for a in (0.05, 0.3, 1.0)
            for _ in range(5)
        ]
        record(
            "Thm 3.1: max_i I(X_i;Y) <= C_1 for random priors",
            all(
                individual_mutual_information(ch, p, i) <= c1 + 1e-9
                for p in priors
                for i in range(ch.n)
            ),
        )
        ch2 = PrivacyChannel(U, rng.dirichlet(np.full(2, 0.5), size=U.sizes))
        c2 = individual_channel_capacity(ch2).value
        record(
            "composition: C_1(P1 x P2) <= C_1(P1) + C_1(P2)",
            individual_channel_capacity(compose_parallel(ch, ch2)).value <= c1 + c2 + tol,
        )
        seconds = [
            PrivacyChannel(U, rng.dirichlet(np.full(2, 0.5), size=U.sizes)) for _ in range(ch.k)
        ]
        record(
            "adaptive composition: <= C_1(P1) + max_y1 C_1(P2^y1)",
            individual_channel_capacity(compose_adaptive(ch, seconds)).value
            <= c1 + max(individual_channel_capacity(s).value for s in seconds) + tol,
        )
        K = rng.dirichlet(np.full(3, 0.5), size=ch.k)
        record(
            "post-processing: C_1(PK) <= C_1(P)",
            individual_channel_capacity(post_process(ch, K)).value <= c1 + tol,
        )
        if ch.n >= 2:
            cg = group_capacity(ch, [0, 1])
            record(
                "group: max_{i in G} C_1^(i) <= C_G <= |G| C_1",
                max(res.per_individual[:2]) <= cg + tol and cg <= 2 * c1 + tol,
            )
        sup, wit = max_information_capacity_ind(ch)
        record(
            "Prop. 1: sup over product priors of I_inf = DP epsilon (witness within 1e-6)",
            abs(sup - dataset_dp_epsilon(ch)) <= 1e-12 and abs(wit - sup) <= 1e-6,
        )
        record(
            "§6: axis-line DP epsilon = Hamming-neighbour DP epsilon",
            abs(dp_epsilon_axis_lines(ch) - dataset_dp_epsilon(ch)) <= 1e-12,
        )
        z = rng.dirichlet(np.ones(ch.k))
        di = PrivacyChannel(
            U, np.array([rng.permutation(z) for _ in range(U.size)]).reshape(U.sizes + (ch.k,))
        )
        cdi = individual_channel_capacity(di, tol=1e-11).value
        bound = data_independent_bound(di)
        record("Cor. 1: C_1 <= log|Y| - H(Z)", cdi <= bound + 1e-9)
        record(
            "uniform output reachable => equality in Cor. 1",
            (not is_uniform_output_reachable(di)) or abs(cdi - bound) <= tol,
        )
        record(
            "Cor. 1 (45): weakly symmetric => equality",
            (not is_weakly_symmetric(di)) or abs(cdi - bound) <= tol,
        )
        lo, up = individual_capacity_bounds(ch)
        record(
            "pair lower bound <= C_1 <= min(C(P), log|Y|, max_i log|X_i|)",
            lo <= c1 + tol
            and c1 <= up + tol
            and up <= channel_capacity(ch.matrix(), tol=1e-11).upper + tol,
        )
    props = pd.DataFrame(
        [{"property": k, "instances": len(v), "passed": sum(v)} for k, v in checks.items()]
    )
    props["all_passed"] = props.instances == props.passed
    return props


def lemma1_holds(frame: pd.DataFrame, *, atol: float = 1e-9) -> bool:
    """Whether ``delta(b) <= min(b, C_1)`` on every row of a balance-function table.

    Lemma 1 prints ``delta(log|X|) < min{b, max_i log|X_i|}``, which fails at ``b = 0`` when
    read strictly (``delta(0) = 0 = b``); this checks the non-strict reading.

    Parameters
    ----------
    frame : pandas.DataFrame
        Columns ``b, c1, delta_upper`` (as from
        :func:`~nsp.privacy_channels.balance_function`).
    atol : float
        Tolerance (>= 0).

    Returns
    -------
    bool

    See Also
    --------
    lemma2_holds : Lemma 2.
    nsp.privacy_channels.balance_function : The balance function.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       Lemma 1.

    Examples
    --------
    >>> lemma1_holds(pd.DataFrame({"b": [0.0, 1.0], "c1": [0.5, 0.5], "delta_upper": [0.0, 0.4]}))
    True
    """
    atol = check_real("atol", atol, low=0.0)
    check_frame("frame", frame, what="a balance_function table (a DataFrame)")
    return bool((frame.delta_upper <= np.minimum(frame.b, frame.c1) + atol).all())


def lemma2_holds(frame: pd.DataFrame, eps_grid: Sequence[float]) -> bool:
    """Whether Lemma 2 holds on a grid: ``C_1^b <= eps`` iff ``C_1 <= eps + delta(b)``.

    Parameters
    ----------
    frame : pandas.DataFrame
        Columns ``c1, c1_b, delta_upper`` (as from
        :func:`~nsp.privacy_channels.balance_function`).
    eps_grid : sequence of float
        The budgets tried.

    Returns
    -------
    bool

    See Also
    --------
    lemma1_holds : Lemma 1.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       Lemma 2.

    Examples
    --------
    >>> lemma2_holds(pd.DataFrame({"c1": [0.5], "c1_b": [0.2], "delta_upper": [0.3]}), [0.1, 0.3])
    True
    """
    eps_grid = _reals("eps_grid", eps_grid)
    check_frame("frame", frame, what="a balance_function table (a DataFrame)")
    return all(
        (r.c1_b <= e) == (r.c1 <= e + r.delta_upper) for _, r in frame.iterrows() for e in eps_grid
    )
