"""Wu's privacy-channels paper: its instances and the tables of its notebooks.

G. Wu, *Constructing privacy channels from information channels*, arXiv:1910.09235, 2019.
The measures and channels themselves are general and live in :mod:`nsp.privacy_channels`;
this module holds what is specific to the paper and to its notebooks:

Instances
    :func:`example1_universe`, :func:`example1_query`, :func:`example1_rr` (Example 1, §3.1,
    Fig. 1, with the randomized response of §4.1); :func:`count_query` and
    :func:`mod_sum_exponential_channel` (the count query and a weakly symmetric exponential
    channel used to test §4.2–§4.3); :func:`random_privacy_channel` (seeded random instances).
Tables
    Information privacy against differential privacy (:func:`rr_ip_vs_dp_table`,
    :func:`rr_threshold_table`, :func:`gaussian_noise_table`, :func:`exponential_vs_em_table`,
    :func:`gaussian_calibration_table`, :func:`laplace_crossover_table`), Example 1 and
    Theorem 3.1 (:func:`example1_candidate_table`, :func:`example1_candidate_counts`,
    :func:`example1_summary_table`), the exponential channel (:func:`exponential_bound_table`,
    :func:`exponential_calibration_table`, :func:`count_query_exponential_table`), Corollary 1
    (:func:`weakly_symmetric_table`), the Gaussian channel's bound
    (:func:`amplitude_constrained_table`), the algorithms for ``C_1``
    (:func:`algorithm_instances`, :func:`algorithm_comparison_table`) and the paper's
    properties on random instances (:func:`property_checks_table`), Lemmas 1–2 on a
    balance-function table (:func:`lemma1_holds`, :func:`lemma2_holds`).

The paper prints no numbers, so no table here compares printed values with ours. How the
ambiguities of the paper are resolved is written down in ``docs/papers/privacy_channels.md``.

References
----------
.. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235,
   2019.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from nsp import channels
from nsp._validation import (
    Base,
    as_sequence,
    check_base,
    check_frame,
    check_int,
    check_real,
    check_tol,
)
from nsp.channels import channel_capacity
from nsp.privacy_channels import (
    PrivacyChannel,
    ProductUniverse,
    amplitude_constrained_capacity,
    binary_input_awgn_capacity,
    candidate_channels,
    compose_adaptive,
    compose_parallel,
    count_candidates,
    data_independent_bound,
    dataset_dp_epsilon,
    discretized_gaussian_channel,
    dp_epsilon_axis_lines,
    dp_rr_flip,
    expected_distortion,
    exponential_capacity_bound,
    exponential_channel,
    exponential_mechanism_channel,
    exponential_noise_entropy,
    exponential_noise_entropy_sum,
    exponential_noise_for_epsilon,
    exponential_prob_correct,
    gaussian_capacity_bound,
    gaussian_mechanism_sigma,
    gaussian_noise_for_epsilon,
    group_capacity,
    individual_capacity_bounds,
    individual_capacity_search,
    individual_channel_capacity,
    individual_mutual_information,
    is_uniform_output_reachable,
    is_weakly_symmetric,
    laplace_scale,
    laplace_std,
    max_information_capacity_ind,
    post_process,
    randomized_response_channel,
    rr_capacity,
    rr_dp_epsilon,
    rr_flip_threshold,
)
from nsp.privacy_channels._checks import check_seed

__all__ = [
    "rr_view",
    "example1_universe",
    "example1_query",
    "example1_rr",
    "count_query",
    "mod_sum_exponential_channel",
    "random_privacy_channel",
    "rr_ip_vs_dp_table",
    "rr_threshold_table",
    "gaussian_noise_table",
    "gaussian_calibration_table",
    "laplace_crossover_table",
    "exponential_vs_em_table",
    "example1_candidate_table",
    "example1_candidate_counts",
    "example1_summary_table",
    "weakly_symmetric_table",
    "exponential_bound_table",
    "exponential_calibration_table",
    "count_query_exponential_table",
    "amplitude_constrained_table",
    "algorithm_instances",
    "algorithm_comparison_table",
    "property_checks_table",
    "lemma1_holds",
    "lemma2_holds",
    "theorem51_table",
]


def _reals(name: str, values: object, **interval: Any) -> list[float]:
    """Check a 1-D sequence of real numbers, each with :func:`check_real`."""
    items = None if isinstance(values, str | bytes) else np.asarray(values, dtype=object)
    if items is None or items.ndim != 1:
        raise ValueError(f"{name} must be a 1-D sequence of real numbers; got {values!r}")
    return [check_real(f"{name}[{j}]", v, **interval) for j, v in enumerate(items.tolist())]


def _unit(base: Base) -> str:
    b = check_base(base)
    return {2.0: "bits", math.e: "nats"}.get(b, f"log base {b:g}")


# ----------------------------------------------------------------------------- instances
def example1_universe() -> ProductUniverse:
    """Return the universe of Example 1: ``X_1 = {0, 1, 2}``, ``X_2 = {0, 1}``.

    Returns
    -------
    ProductUniverse

    Examples
    --------
    >>> example1_universe().sizes
    (3, 2)
    """
    return ProductUniverse([(0, 1, 2), (0, 1)])


def example1_query(x1: int, x2: int) -> int:
    """Return the query of Example 1, eq. (12): ``1`` if ``x_1 = x_2`` else ``0``.

    Parameters
    ----------
    x1, x2 : int
        The two records.

    Returns
    -------
    int

    Examples
    --------
    >>> example1_query(1, 1), example1_query(2, 1)
    (1, 0)
    """
    return int(x1 == x2)


def example1_rr(p: float) -> PrivacyChannel:
    """Return Example 1 with the randomized-response channel (29) of flip probability ``p``.

    Parameters
    ----------
    p : float
        Flip probability in (0, 1).

    Returns
    -------
    PrivacyChannel

    References
    ----------
    .. [1] G. Wu, arXiv:1910.09235, Example 1 and §4.1.

    Examples
    --------
    >>> example1_rr(0.1).paper_matrix().round(2).tolist()[1]     # row y_2 = 1 of Fig. 1
    [0.9, 0.1, 0.1, 0.9, 0.1, 0.1]
    """
    return randomized_response_channel(example1_universe(), example1_query, p=p)


def count_query(n: int) -> tuple[ProductUniverse, Callable[..., int]]:
    """Return ``n`` binary records and the count query ``f(x) = sum_j x_j``.

    Parameters
    ----------
    n : int
        Number of individuals, >= 1.

    Returns
    -------
    universe : ProductUniverse
    f : callable

    Examples
    --------
    >>> U, f = count_query(3)
    >>> U.size, f(1, 0, 1)
    (8, 2)
    """
    return ProductUniverse.binary(n), lambda *x: int(sum(x))


def mod_sum_exponential_channel(N: float, *, k: int = 5, m2: int = 3) -> PrivacyChannel:
    """Return a weakly symmetric exponential channel: ``f = (x_1 + x_2) mod k``.

    Records ``x_1 in {0..k-1}``, ``x_2 in {0..m2-1}``; the exponential channel (Def. 13) with
    the cyclic distance, ties broken toward the ``+`` direction (``v+j`` before ``v-j``).
    It is weakly symmetric, so ``C_1 = log k - H(Z)`` (Corollary 1, eq. (45)).

    Parameters
    ----------
    N : float
        The noise parameter ``N > 0``.
    k, m2 : int
        Record-universe sizes (>= 1).

    Returns
    -------
    PrivacyChannel

    Examples
    --------
    >>> round(individual_channel_capacity(mod_sum_exponential_channel(1.0)).value, 9)
    0.879272255
    """
    k = check_int("k", k, low=1)
    m2 = check_int("m2", m2, low=1)
    U = ProductUniverse([range(k), range(m2)])

    def cyclic_distance(y: Any, v: Any) -> float:
        return min((y - v) % k, (v - y) % k)

    def plus_first(y: Any, v: Any) -> int:
        return 0 if 0 < (y - v) % k <= k // 2 else 1

    return exponential_channel(
        U,
        lambda a, b: (a + b) % k,
        N=N,
        outputs=tuple(range(k)),
        distortion=cyclic_distance,
        tie_key=plus_first,
    )


def random_privacy_channel(
    seed: int,
    *,
    sizes: Sequence[int] | None = None,
    k: int | None = None,
    alpha: float = 0.5,
    max_size: int = 12,
) -> PrivacyChannel:
    """Return a seeded random privacy channel, the instances of the property checks.

    Unless given: ``n in {1, 2, 3}`` individuals with ``|X_i| in {2, 3}`` and at most
    ``max_size`` datasets, ``k in {2, 3}`` outputs; the rows are those of
    :func:`nsp.channels.random_channel` (Dirichlet(alpha)), drawn from the same generator.

    Parameters
    ----------
    seed : int
        Seed (>= 0) of every random choice.
    sizes : sequence of int, optional
        The record-universe sizes (each >= 1).
    k : int, optional
        The number of outputs (>= 1).
    alpha : float
        Dirichlet concentration (> 0).
    max_size : int
        Largest number of datasets of a drawn universe (>= 2).

    Returns
    -------
    PrivacyChannel

    Examples
    --------
    >>> random_privacy_channel(0).array.shape == random_privacy_channel(0).array.shape
    True
    """
    rng = np.random.default_rng(check_seed(seed))
    max_size = check_int("max_size", max_size, low=2)  # the smallest universe has 2 datasets
    alpha = check_real("alpha", alpha, low=0.0, closed="neither")
    if sizes is not None:
        sizes = tuple(check_int(f"sizes[{j}]", s, low=1) for j, s in enumerate(sizes))
        if not sizes:
            raise ValueError("sizes must list at least one individual's record-universe size")
    if k is not None:
        k = check_int("k", k, low=1)
    if sizes is None:
        while True:
            n = int(rng.integers(1, 4))
            sizes = tuple(int(s) for s in rng.integers(2, 4, size=n))
            if int(np.prod(sizes)) <= max_size:
                break
    if k is None:
        k = int(rng.integers(2, 4))
    rows = channels.random_channel(int(np.prod(sizes)), k, alpha=alpha, seed=rng)
    return PrivacyChannel(ProductUniverse([range(s) for s in sizes]), rows.reshape(sizes + (k,)))


# ----------------------------------------------------------------------------- IP against DP
def rr_ip_vs_dp_table(eps_grid: Sequence[float], *, base: Base = 2) -> pd.DataFrame:
    """Return randomized response calibrated by information privacy and by DP, per ε.

    For each ``eps``: the IP calibration (``p*`` of eq. (37), accuracy ``1 - p*``, ``eps`` in
    units of ``base``) next to ε-DP randomized response at the same number (``eps`` in nats)
    and the IP level ``C_1`` of that DP channel.

    Parameters
    ----------
    eps_grid : sequence of float
        The budgets.
    base : float or str
        Unit of the IP budget and of ``C_1``.

    Returns
    -------
    pandas.DataFrame
        Columns ``eps, p_star_ip, accuracy_ip, p_dp, accuracy_dp, c1_of_dp_rr``.

    Examples
    --------
    >>> rr_ip_vs_dp_table([0.5]).round(4).iloc[0].tolist()
    [0.5, 0.11, 0.89, 0.3775, 0.6225, 0.0437]
    """
    rows = []
    for eps in _reals("eps_grid", eps_grid, low=0.0):
        p_ip = rr_flip_threshold(eps, base=base)
        p_dp = dp_rr_flip(eps)
        rows.append(
            {
                "eps": float(eps),
                "p_star_ip": p_ip,
                "accuracy_ip": 1 - p_ip,
                "p_dp": p_dp,
                "accuracy_dp": 1 - p_dp,
                "c1_of_dp_rr": rr_capacity(p_dp, base=base),
            }
        )
    return pd.DataFrame(rows)


def rr_threshold_table(eps_grid: Sequence[float]) -> pd.DataFrame:
    """Return the calibration ``p*(eps)`` of randomized response (eq. (37)) in bits and nats.

    Parameters
    ----------
    eps_grid : sequence of float
        The budgets (>= 0).

    Returns
    -------
    pandas.DataFrame
        Columns ``eps, p_star_bits, p_star_nats``.

    Examples
    --------
    >>> rr_threshold_table([0.1]).round(6).iloc[0].tolist()
    [0.1, 0.316019, 0.280205]
    """
    eps_grid = _reals("eps_grid", eps_grid, low=0.0)
    return pd.DataFrame(
        {
            "eps": eps_grid,
            "p_star_bits": [rr_flip_threshold(e, base=2) for e in eps_grid],
            "p_star_nats": [rr_flip_threshold(e, base=math.e) for e in eps_grid],
        }
    )


def gaussian_noise_table(
    eps_grid: Sequence[float],
    sensitivities: Sequence[float],
    *,
    T: float = 1.0,
    delta_prime: float = 1e-5,
    balance_deltas: Sequence[float] = (0.0,),
) -> pd.DataFrame:
    """Return noise standard deviations at equal numeric ε (nats): IP channel against DP.

    The IP Gaussian channel's ``sqrt(N*)`` (eqs. (97), (100)) beside the Laplace scale and
    standard deviation and the Gaussian mechanism's σ (eq. (98), NaN for ``eps > 1``).

    Parameters
    ----------
    eps_grid : sequence of float
        Budgets in nats.
    sensitivities : sequence of float
        Sensitivities ``Df`` of the DP baselines.
    T : float
        Bound on ``|f|`` of the IP channel.
    delta_prime : float
        The δ of the Gaussian mechanism, in (0, 1).
    balance_deltas : sequence of float
        The balance values δ of eq. (100).

    Returns
    -------
    pandas.DataFrame
        Columns ``eps, balance_delta, sigma_ip, sensitivity, laplace_scale, laplace_std,
        gauss_mech_sigma``.

    Examples
    --------
    >>> gaussian_noise_table([0.1], [1.0]).round(4).iloc[0].tolist()
    [0.1, 0.0, 2.1252, 1.0, 10.0, 14.1421, 48.4481]
    """
    delta_prime = check_real("delta_prime", delta_prime, low=0.0, high=1.0, closed="neither")
    eps_grid = _reals("eps_grid", eps_grid, low=0.0, closed="neither")
    sensitivities = _reals("sensitivities", sensitivities, low=0.0, closed="neither")
    balance_deltas = _reals("balance_deltas", balance_deltas, low=0.0)
    rows = []
    for eps in eps_grid:
        for bd in balance_deltas:
            sig = math.sqrt(gaussian_noise_for_epsilon(T, eps, balance_delta=bd))
            for df in sensitivities:
                rows.append(
                    {
                        "eps": float(eps),
                        "balance_delta": float(bd),
                        "sigma_ip": sig,
                        "sensitivity": float(df),
                        "laplace_scale": laplace_scale(df, eps),
                        "laplace_std": laplace_std(df, eps),
                        "gauss_mech_sigma": gaussian_mechanism_sigma(df, eps, delta_prime)
                        if eps <= 1
                        else math.nan,
                    }
                )
    return pd.DataFrame(rows)


def gaussian_calibration_table(eps_grid: Sequence[float], *, T: float = 1.0) -> pd.DataFrame:
    """Return the noise variance ``N*`` of the Gaussian channel for each budget (eq. (97)).

    Parameters
    ----------
    eps_grid : sequence of float
        Budgets (> 0), in nats for ``N_star_nats`` and in bits for ``N_star_bits``.
    T : float
        Bound on ``|f|``.

    Returns
    -------
    pandas.DataFrame
        Columns ``eps, N_star_nats, sqrt_N_star, T_over_sqrt_2eps`` (the small-ε
        approximation of ``sqrt(N*)``), ``N_star_bits``.

    Examples
    --------
    >>> gaussian_calibration_table([0.5]).round(6).iloc[0].tolist()
    [0.5, 0.581977, 0.762874, 1.0, 1.0]
    """
    e5 = pd.DataFrame({"eps": _reals("eps_grid", eps_grid, low=0.0, closed="neither")})
    e5["N_star_nats"] = [gaussian_noise_for_epsilon(T, e) for e in e5.eps]
    e5["sqrt_N_star"] = np.sqrt(e5.N_star_nats)
    e5["T_over_sqrt_2eps"] = T / np.sqrt(2 * e5.eps)
    e5["N_star_bits"] = [gaussian_noise_for_epsilon(T, e, base=2) for e in e5.eps]
    return e5


def laplace_crossover_table(eps_grid: Sequence[float]) -> pd.DataFrame:
    """Return the sensitivity below which the Laplace scale is below the IP channel's noise.

    The Laplace scale ``Df / eps`` equals ``sigma_IP = T / sqrt(e^{2 eps} - 1)`` at
    ``Df = T eps / sqrt(e^{2 eps} - 1)``; §5.2's claim that the DP mechanisms need less noise
    holds only for sensitivities below it.

    Parameters
    ----------
    eps_grid : sequence of float
        Budgets in nats.

    Returns
    -------
    pandas.DataFrame
        Columns ``eps, crossover_sensitivity_over_T``.

    Examples
    --------
    >>> laplace_crossover_table([0.1]).round(4).iloc[0].tolist()
    [0.1, 0.2125]
    """
    cross = pd.DataFrame({"eps": _reals("eps_grid", eps_grid, low=0.0, closed="neither")})
    cross["crossover_sensitivity_over_T"] = cross.eps / np.sqrt(np.expm1(2 * cross.eps))
    return cross


def exponential_vs_em_table(
    n: int, eps_dp_list: Sequence[float], *, base: Base = 2
) -> pd.DataFrame:
    """Return the exponential mechanism against the exponential channel at equal ``C_1``.

    Count query over ``n`` bits: the McSherry–Talwar mechanism (``u = -|y - f|``, ``Du = 1``)
    at ``eps`` (nats) against the exponential privacy channel at ``N = 2/eps``.

    Parameters
    ----------
    n : int
        Number of binary records.
    eps_dp_list : sequence of float
        DP budgets (nats) of the mechanism.
    base : float or str
        Unit of ``C_1``.

    Returns
    -------
    pandas.DataFrame
        Columns ``eps_dp, N, c1_em, c1_exp`` (units of ``base``), ``dp_em, dp_exp`` (realized
        DP ε, nats), ``dist_em, dist_exp`` (mean ``|Y - f(x)|`` over uniform datasets).

    Examples
    --------
    >>> df = exponential_vs_em_table(4, [1.0])
    >>> df[["dist_em", "dist_exp", "dp_em", "dp_exp"]].round(4).iloc[0].tolist()
    [0.9451, 0.8002, 0.684, 1.0]
    """
    U, f = count_query(n)
    rows = []
    for eps in _reals("eps_dp_list", eps_dp_list, low=0.0, closed="neither"):
        em = exponential_mechanism_channel(U, f, eps=eps, outputs=tuple(range(n + 1)))
        N = 2.0 / eps
        ex = exponential_channel(U, f, N=N, outputs=tuple(range(n + 1)))
        rows.append(
            {
                "eps_dp": float(eps),
                "N": N,
                "c1_em": individual_channel_capacity(em, base=base, individuals=[0]).value,
                "c1_exp": individual_channel_capacity(ex, base=base, individuals=[0]).value,
                "dp_em": dataset_dp_epsilon(em),
                "dp_exp": dataset_dp_epsilon(ex),
                "dist_em": expected_distortion(em, f),
                "dist_exp": expected_distortion(ex, f),
            }
        )
    return pd.DataFrame(rows)


# ----------------------------------------------------------------------------- Example 1
def example1_candidate_table(p: float, *, base: Base = 2) -> pd.DataFrame:
    """Return the members of ``S_1`` and ``S_2`` (Theorem 3.1) of Example 1 and their capacities.

    Parameters
    ----------
    p : float
        Flip probability of randomized response.
    base : float or str
        Unit of the capacities.

    Returns
    -------
    pandas.DataFrame
        One row per distinct member: ``individual`` (1-based), the selection ``g``, its rows
        and its capacity (column named with the unit).

    Examples
    --------
    >>> t = example1_candidate_table(0.1)
    >>> len(t), round(float(t["capacity [bits]"].max()), 9)
    (8, 0.531004406)
    """
    ch = example1_rr(p)
    rows = []
    for i in (0, 1):
        for g, W in candidate_channels(ch, i):
            rows.append(
                {
                    "individual": i + 1,
                    "selection g (x_i -> x_(i))": str([c[0] for c in g]),
                    "rows p(.|x_i)": str(W.round(3).tolist()),
                    f"capacity [{_unit(base)}]": channel_capacity(W, base=base, tol=1e-11).capacity,
                }
            )
    return pd.DataFrame(rows)


def example1_candidate_counts(p: float) -> pd.DataFrame:
    """Return ``|S_i|`` of Example 1 counted as selection functions and as distinct channels.

    Parameters
    ----------
    p : float
        Flip probability of randomized response.

    Returns
    -------
    pandas.DataFrame

    Examples
    --------
    >>> example1_candidate_counts(0.1).values.tolist()
    [[1, 8, 4], [2, 9, 4]]
    """
    ch = example1_rr(p)
    return pd.DataFrame(
        {
            "individual": [1, 2],
            "|S_i| as functions g": [count_candidates(ch, i, distinct=False) for i in (0, 1)],
            "|S_i| distinct channels": [count_candidates(ch, i) for i in (0, 1)],
        }
    )


def example1_summary_table(
    p: float, *, base: Base = 2, method: str = "setdp", restarts: int = 20
) -> pd.DataFrame:
    """Return ``C_1`` of Example 1 four ways, and its two DP levels.

    Both exact methods of Theorem 3.1, the closed form ``log 2 - H(p)``, a direct search over
    joint priors (a lower bound), and the DP ε (nats) over neighbouring datasets and along the
    axis lines of the transition array (§6).

    Parameters
    ----------
    p : float
        Flip probability of randomized response.
    base : float or str
        Unit of ``C_1``.
    method : {"setdp", "enumerate"}
        The exact method listed first.
    restarts : int
        Random starts of the direct search.

    Returns
    -------
    pandas.DataFrame
        Columns ``quantity, value``.

    Examples
    --------
    >>> example1_summary_table(0.1, restarts=1)["value"].round(6).tolist()
    [0.531004, 0.531004, 0.531004, 0.531004, 2.197225, 2.197225]
    """
    ch = example1_rr(p)
    unit = _unit(base)
    res = individual_channel_capacity(ch, base=base, method=method)
    other = individual_channel_capacity(
        ch, base=base, method="enumerate" if method == "setdp" else "setdp"
    )
    search = individual_capacity_search(ch, base=base, restarts=restarts)
    return pd.DataFrame(
        [
            {"quantity": f"C_1 by {method} [{unit}]", "value": res.value},
            {"quantity": f"C_1 by the other exact method [{unit}]", "value": other.value},
            {"quantity": f"log 2 - H(p) [{unit}]", "value": rr_capacity(p, base=base)},
            {
                "quantity": f"direct search over joint priors (lower bound) [{unit}]",
                "value": search,
            },
            {"quantity": "DP epsilon, Hamming neighbours [nats]", "value": dataset_dp_epsilon(ch)},
            {
                "quantity": "DP epsilon, axis lines of the array (§6) [nats]",
                "value": dp_epsilon_axis_lines(ch),
            },
        ]
    )


# ----------------------------------------------------------------------------- §4–§5 channels
def weakly_symmetric_table(Ns: Sequence[float], *, base: Base = 2) -> pd.DataFrame:
    """Return the mod-sum exponential channel's exact ``C_1`` beside Corollary 1's bound.

    Parameters
    ----------
    Ns : sequence of float
        Noise parameters of :func:`mod_sum_exponential_channel`.
    base : float or str
        Unit of ``C_1``.

    Returns
    -------
    pandas.DataFrame
        Columns ``N, weakly_symmetric, exact_C1, bound``.

    Examples
    --------
    >>> t = weakly_symmetric_table([1.0])
    >>> bool(t.weakly_symmetric[0]), round(float(t.exact_C1[0] - t.bound[0]), 9)
    (True, 0.0)
    """
    rows = []
    for N in _reals("Ns", Ns, low=0.0, closed="neither"):
        ch = mod_sum_exponential_channel(N)
        rows.append(
            {
                "N": N,
                "weakly_symmetric": is_weakly_symmetric(ch),
                "exact_C1": individual_channel_capacity(ch, base=base).value,
                "bound": data_independent_bound(ch, base=base),
            }
        )
    return pd.DataFrame(rows)


def exponential_bound_table(
    ks: Sequence[int], Ns: Sequence[float], *, base: Base = 2
) -> pd.DataFrame:
    """Return the exponential channel's bound, noise entropy and utility on a grid of ``N``.

    Parameters
    ----------
    ks : sequence of int
        Output alphabet sizes.
    Ns : sequence of float
        Noise parameters (> 0).
    base : float or str
        Unit of the bound and of the entropy.

    Returns
    -------
    pandas.DataFrame
        Columns ``k, N, bound`` (``log k - H(Z)``), ``H_Z`` (eq. (62)), ``H_Z_direct_sum``
        (the same by the direct sum), ``prob_correct`` (``1/alpha``).

    Examples
    --------
    >>> exponential_bound_table([5], [1.0]).round(6).values.tolist()
    [[5.0, 1.0, 0.879272, 1.442656, 1.442656, 0.636409]]
    """
    ks = [check_int(f"ks[{j}]", k, low=1) for j, k in enumerate(as_sequence("ks", ks))]
    Ns = _reals("Ns", Ns, low=0.0, closed="neither")
    rows = []
    for k in ks:
        for N in Ns:
            rows.append(
                {
                    "k": k,
                    "N": N,
                    "bound": exponential_capacity_bound(k, N, base=base),
                    "H_Z": exponential_noise_entropy(k, N, base=base),
                    "H_Z_direct_sum": exponential_noise_entropy_sum(k, N, base=base),
                    "prob_correct": exponential_prob_correct(k, N),
                }
            )
    return pd.DataFrame(rows)


def exponential_calibration_table(
    ks: Sequence[int],
    fractions: Sequence[float] | None = None,
    *,
    eps_list: Sequence[float] | None = None,
    base: Base = 2,
) -> pd.DataFrame:
    """Return the noise ``N*`` meeting each budget, and the utility there, per alphabet size.

    Budgets are given either as fractions of ``log k`` (``fractions``, in (0, 1)) or as values
    (``eps_list``, units of ``base``; those not below ``log k`` are skipped: no ``N*`` exists).

    Parameters
    ----------
    ks : sequence of int
        Output alphabet sizes.
    fractions : sequence of float, optional
        Budgets as fractions of ``log k``.
    eps_list : sequence of float, optional
        Budgets as values; give exactly one of ``fractions`` and ``eps_list``.
    base : float or str
        Unit of the budgets.

    Returns
    -------
    pandas.DataFrame
        Columns ``k, eps, N_star`` and, with ``fractions``, ``prob_correct``.

    Examples
    --------
    >>> exponential_calibration_table([5], eps_list=[0.1, 9.0]).round(6).values.tolist()
    [[5.0, 0.1, 3.711812]]
    """
    if (fractions is None) == (eps_list is None):
        raise ValueError("give exactly one of fractions and eps_list")
    ks = [check_int(f"ks[{j}]", k, low=2) for j, k in enumerate(as_sequence("ks", ks))]
    b = check_base(base)
    rows = []
    if fractions is not None:
        fr = np.asarray(_reals("fractions", fractions, low=0.0, high=1.0, closed="neither"))
        for k in ks:
            top = math.log(k) / math.log(b)
            for eps in fr * top:
                N = exponential_noise_for_epsilon(k, eps, base=b)
                rows.append(
                    {
                        "k": k,
                        "eps": eps,
                        "N_star": N,
                        "prob_correct": exponential_prob_correct(k, N),
                    }
                )
        return pd.DataFrame(rows)
    budgets = _reals("eps_list", eps_list, low=0.0, closed="neither")
    for k in ks:
        for e in budgets:
            if e < math.log(k) / math.log(b):
                rows.append(
                    {"k": k, "eps": e, "N_star": exponential_noise_for_epsilon(k, e, base=b)}
                )
    return pd.DataFrame(rows)


def count_query_exponential_table(n: int, Ns: Sequence[float], *, base: Base = 2) -> pd.DataFrame:
    """Return the exact ``C_1`` of the exponential channel on the count query beside its bound.

    Parameters
    ----------
    n : int
        Number of binary records (``k = n + 1`` outputs).
    Ns : sequence of float
        Noise parameters (> 0).
    base : float or str
        Unit of ``C_1`` and of the bound.

    Returns
    -------
    pandas.DataFrame
        Columns ``N, exact_C1`` (Theorem 3.1), ``bound`` (``log k - H(Z)``), ``dp_eps_nats``.

    Examples
    --------
    >>> count_query_exponential_table(2, [1.0]).round(6).values.tolist()
    [[1.0, 0.357194, 0.38407, 2.0]]
    """
    U, f = count_query(n)
    rows = []
    for N in _reals("Ns", Ns, low=0.0, closed="neither"):
        ch = exponential_channel(U, f, N=N)
        rows.append(
            {
                "N": N,
                "exact_C1": individual_channel_capacity(ch, base=base, individuals=[0]).value,
                "bound": exponential_capacity_bound(n + 1, N, base=base),
                "dp_eps_nats": dataset_dp_epsilon(ch),
            }
        )
    return pd.DataFrame(rows)


def amplitude_constrained_table(
    T: float, snrs: Sequence[float], *, n_inputs: int = 61, n_outputs: int = 1201
) -> pd.DataFrame:
    """Return the Gaussian channel's bound (95) beside the amplitude-constrained capacity (bits).

    Parameters
    ----------
    T : float
        Amplitude bound of the inputs.
    snrs : sequence of float
        Values of ``T^2 / N``.
    n_inputs, n_outputs : int
        Grids of :func:`~nsp.privacy_channels.amplitude_constrained_capacity`.

    Returns
    -------
    pandas.DataFrame
        Columns ``snr, N, bound_bits, exact_bits, exact_lower, exact_upper, bi_awgn_bits``
        (inputs ``±T``), ``support_size, support`` (inputs of mass > 1e-3).

    Examples
    --------
    >>> t = amplitude_constrained_table(1.0, [1.0], n_inputs=21, n_outputs=401)
    >>> float(t.bound_bits[0]), int(t.support_size[0])
    (0.5, 2)
    """
    T = check_real("T", T, low=0.0, closed="neither")
    n_inputs = check_int("n_inputs", n_inputs, low=2)
    rows = []
    xs = np.linspace(-T, T, n_inputs)
    for snr in _reals("snrs", snrs, low=0.0, closed="neither"):
        N = T * T / snr
        res = amplitude_constrained_capacity(T, N, n_inputs=n_inputs, n_outputs=n_outputs, base=2)
        support = xs[res.input_pmf > 1e-3]
        rows.append(
            {
                "snr": snr,
                "N": N,
                "bound_bits": gaussian_capacity_bound(T, N),
                "exact_bits": res.capacity,
                "exact_lower": res.lower,
                "exact_upper": res.upper,
                "bi_awgn_bits": binary_input_awgn_capacity(T, N),
                "support_size": len(support),
                "support": " ".join(f"{v:+.3f}" for v in support),
            }
        )
    return pd.DataFrame(rows)


# ------------------------------------------------------------------------ algorithms, properties
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


# ----------------------------------------------------------------------------- Lemmas 1–2
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


def rr_view(p: float = 0.25) -> Figure:
    """Draw randomized response's information privacy and DP levels against its flip probability.

    ``C_1 = log 2 − H(p)`` (bits, eq. (34)) beside the DP level ``|ln((1 − p)/p)|`` (nats); the
    marker shows both at ``p``. A view for :func:`nsp.interactive.explore` (a slider over ``p``).

    Parameters
    ----------
    p : float
        Flip probability, in ``(0, 1)``.

    Returns
    -------
    matplotlib.figure.Figure

    Examples
    --------
    >>> rr_view(0.25).axes[0].get_title()
    'p = 0.25: C₁ = 0.188722 bits, DP ε = 1.09861 nats'
    """
    p = check_real("p", p, low=0.0, high=1.0, closed="neither")
    grid = np.linspace(0.005, 0.995, 199)
    fig, ax = plt.subplots(figsize=(6.4, 3.8))
    ax.plot(grid, [rr_capacity(float(q)) for q in grid], color="C0", label="$C_1$ [bits]")
    ax.plot(grid, [rr_dp_epsilon(float(q)) for q in grid], color="C1", label="DP ε [nats]")
    c1, eps = rr_capacity(p), rr_dp_epsilon(p)
    ax.plot([p, p], [c1, eps], "o", color="C3")
    ax.set(xlabel="flip probability p", ylabel="privacy level", ylim=(0, 5))
    ax.set_title(f"p = {p:g}: C₁ = {c1:.6g} bits, DP ε = {eps:.6g} nats")
    ax.legend(fontsize=8)
    return fig


# ------------------------------------------------------------------------ Theorem 5.1


def theorem51_table(
    Ns: Sequence[float],
    ms: Sequence[int],
    *,
    n_outputs: int = 801,
    n_reference: int = 401,
    base: Base = 2,
    tol: float = 1e-9,
) -> pd.DataFrame:
    """Return certified brackets on ``C_1`` of the discretized sum query and the continuous value.

    The continuous privacy channel is ``Y = x_1 + x_2 + sqrt(N) G`` with records
    ``x_1, x_2 in [0, 1]``. Theorem 5.1 gives ``C_1 = max_{W in S_1} C(W)``; a member of
    ``S_1`` is ``N(x_1 + g(x_1), N)`` for a completion ``g``, and ``g(x) = x`` already spans
    the whole range ``[0, 2]``, so ``C_1`` is the capacity of a Gaussian channel with inputs
    in ``[0, 2]`` (Smith's amplitude-constrained channel, ``T = 1``). Each record is put on
    ``m`` equally spaced points and the output quantized on ``n_outputs`` points of
    ``[-8 sqrt(N), 2 + 8 sqrt(N)]``. For that finite channel, ``lower`` is the capacity of the
    member ``g(x) = x`` of ``S_1`` (``<= C_1`` by Theorem 3.1) and ``upper`` the capacity of the
    union of all rows (every member of ``S_i`` uses a subset of them, so ``>= C_1``); both are
    certified to ``tol``. ``reference`` is the capacity with ``n_reference`` inputs on
    ``[0, 2]`` and the same output grid: a lower bound on the continuous ``C_1``, since both
    the input grid and the output quantization lose information. On this query (70) cannot
    fail (every output law depends on ``x_1 + x_2`` only, whose whole range ``g(x) = x``
    reaches): the table checks the numerics, not the theorem.

    Parameters
    ----------
    Ns : sequence of float
        Noise variances (> 0).
    ms : sequence of int
        Grid points per record (>= 2).
    n_outputs : int
        Output grid size (>= 2).
    n_reference : int
        Input grid size of the reference value (>= 2).
    base : float or str
        Logarithm base of the capacities (2: bits).
    tol : float
        Certified width of every capacity.

    Returns
    -------
    pandas.DataFrame
        Columns ``N, snr, m, lower, upper, reference, gap`` (``gap = reference - lower``).

    Examples
    --------
    >>> t = theorem51_table([0.25], [2, 3], n_outputs=201, n_reference=41)
    >>> bool((t.lower <= t.upper + 1e-9).all()), bool(abs(t.upper[1] - t.lower[1]) < 1e-6)
    (True, True)
    """
    n_outputs = check_int("n_outputs", n_outputs, low=2, high=20001)
    n_reference = check_int("n_reference", n_reference, low=2, high=20001)
    b = check_base(base)
    tol = check_tol("tol", tol)
    Ns_ = _reals("Ns", Ns, low=0.0, closed="neither")
    ms_ = [check_int("ms", m, low=2, high=200) for m in as_sequence("ms", ms)]
    if not ms_:
        raise ValueError("ms must hold at least one grid size")
    rows = []
    for N in Ns_:
        s = math.sqrt(N)
        y_grid = np.linspace(-8 * s, 2 + 8 * s, n_outputs)
        ref_u = ProductUniverse([np.linspace(0.0, 2.0, n_reference).tolist()])
        ref_ch = discretized_gaussian_channel(ref_u, lambda v: v, N=N, y_grid=y_grid)
        ref = channels.channel_capacity(ref_ch.matrix(), base=b, tol=tol)
        for m in ms_:
            grid = np.linspace(0.0, 1.0, m).tolist()
            ch = discretized_gaussian_channel(
                ProductUniverse([grid, grid]), lambda a, c: a + c, N=N, y_grid=y_grid
            )
            arr = np.asarray(ch.array)
            diag = arr[np.arange(m), np.arange(m), :]  # the member g(x) = x of S_1
            union = np.unique(np.round(arr.reshape(m * m, -1), 12), axis=0)
            lo = channels.channel_capacity(diag, base=b, tol=tol)
            up = channels.channel_capacity(union, base=b, tol=tol)
            rows.append(
                {
                    "N": N,
                    "snr": 1.0 / N,
                    "m": m,
                    "lower": lo.lower,
                    "upper": up.upper,
                    "reference": ref.capacity,
                    "gap": ref.capacity - lo.lower,
                }
            )
    return pd.DataFrame(rows)
