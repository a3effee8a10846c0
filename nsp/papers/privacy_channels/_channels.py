"""``C_1`` of the paper's channels: Example 1, the exponential and Gaussian channels, §5.

Example 1 and Theorem 3.1 (the sets ``S_i`` and ``C_1`` four ways:
:func:`example1_candidate_table`, :func:`example1_candidate_counts`,
:func:`example1_summary_table`), Corollary 1 (:func:`weakly_symmetric_table`), the
exponential channel's bound and calibration (:func:`exponential_bound_table`,
:func:`exponential_calibration_table`, :func:`count_query_exponential_table`), the Gaussian
channel's bound (:func:`amplitude_constrained_table`) and Theorem 5.1, the continuous case
(:func:`theorem51_table` on grids; :func:`theorem51_completion_table` and
:func:`completion_channel` with priors that have densities, with and without the theorem's
continuity hypothesis).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray

from nsp import channels
from nsp._validation import (
    Base,
    as_channel,
    as_real_array,
    as_sequence,
    check_base,
    check_choice,
    check_int,
    check_real,
    check_tol,
)
from nsp.channels import channel_capacity
from nsp.papers.privacy_channels._common import _reals, _unit
from nsp.papers.privacy_channels._instances import (
    count_query,
    example1_rr,
    mod_sum_exponential_channel,
)
from nsp.privacy_channels import (
    ProductUniverse,
    amplitude_constrained_capacity,
    binary_input_awgn_capacity,
    candidate_channels,
    count_candidates,
    data_independent_bound,
    dataset_dp_epsilon,
    discretized_gaussian_channel,
    dp_epsilon_axis_lines,
    exponential_capacity_bound,
    exponential_channel,
    exponential_noise_entropy,
    exponential_noise_entropy_sum,
    exponential_noise_for_epsilon,
    exponential_prob_correct,
    gaussian_capacity_bound,
    individual_capacity_search,
    individual_channel_capacity,
    is_weakly_symmetric,
    rr_capacity,
)

__all__ = [
    "amplitude_constrained_table",
    "completion_channel",
    "count_query_exponential_table",
    "example1_candidate_counts",
    "example1_candidate_table",
    "example1_summary_table",
    "exponential_bound_table",
    "exponential_calibration_table",
    "theorem51_completion_table",
    "theorem51_table",
    "weakly_symmetric_table",
]


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

    See Also
    --------
    example1_candidate_counts : How many there are.
    nsp.privacy_channels.candidate_channels : The members of ``S_i``.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       Example 1 and Theorem 3.1.

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

    See Also
    --------
    example1_candidate_table : The members themselves.
    nsp.privacy_channels.count_candidates : The count of any channel.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       Example 1 and eq. (26).

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

    See Also
    --------
    example1_candidate_table : The members of ``S_1`` and ``S_2``.
    example1_rr : The channel.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       Example 1, Theorem 3.1 and §6.2.

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

    See Also
    --------
    mod_sum_exponential_channel : The channel.
    nsp.privacy_channels.data_independent_bound : Corollary 1's bound.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       Def. 11 and Corollary 1.

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

    See Also
    --------
    exponential_calibration_table : The noise meeting each budget.
    nsp.privacy_channels.exponential_capacity_bound : The bound.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       §4.3, eqs. (43) and (62).

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

    See Also
    --------
    exponential_bound_table : The bound on a grid of noises.
    nsp.privacy_channels.exponential_noise_for_epsilon : The calibration.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       §4.3, eq. (63).

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

    See Also
    --------
    count_query : The query.
    exponential_bound_table : The bound alone.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       Theorem 3.1 and §4.3.

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

    See Also
    --------
    nsp.privacy_channels.amplitude_constrained_capacity : The capacity.
    nsp.privacy_channels.gaussian_capacity_bound : The bound (95).

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       §5.1, eq. (95).

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
    ``S_1`` is ``x_1 -> N(x_1 + g(x_1), N)`` for a completion ``x_2 = g(x_1)``, and the member
    ``x_2 = x_1`` already spans the whole range ``[0, 2]`` of the sum, so ``C_1`` is the
    capacity of a Gaussian channel with inputs in ``[0, 2]`` (Smith's amplitude-constrained
    channel, ``T = 1``). Each record is put on ``m`` equally spaced points and the output
    quantized on ``n_outputs`` points of ``[-8 sqrt(N), 2 + 8 sqrt(N)]``. For that finite
    channel, ``lower`` is the capacity of the member ``x_2 = x_1`` of ``S_1`` (``<= C_1`` by
    Theorem 3.1) and ``upper`` the capacity of the union of all rows (every member of ``S_i``
    uses a subset of them, so ``>= C_1``); both are certified to ``tol``. ``reference`` is the
    capacity with ``n_reference`` inputs on ``[0, 2]`` and the same output grid: a lower bound
    on the continuous ``C_1``, since both the input grid and the output quantization lose
    information. On the sum query (70) holds with no need of the theorem (every output law
    depends on ``x_1 + x_2`` only, whose whole range the member ``x_2 = x_1`` reaches): the
    table checks the numerics. :func:`theorem51_completion_table` shows (70) holding through
    the theorem's own construction and failing where its continuity hypothesis does.

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

    See Also
    --------
    theorem51_completion_table : Theorem 5.1's hypothesis.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       Theorem 5.1.

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
            diag = arr[np.arange(m), np.arange(m), :]  # the member x_2 = x_1 of S_1
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


#: The two queries of the continuity check of Theorem 5.1: the sum ``x_1 + x_2`` (a continuous
#: kernel) and the equality test ``1[x_1 = x_2]`` (a kernel discontinuous on the diagonal).
_COMPLETION_QUERIES: tuple[str, ...] = ("sum", "equality")


def _query_law(
    query: str, x1: float, lo: float, hi: float, s: float
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Return the law (values, weights) of ``f(x1, X_2)`` for ``X_2`` uniform on ``[lo, hi]``.

    ``lo == hi`` is the point mass at ``lo``. For the sum, Gauss-Legendre nodes on the interval
    (exponentially accurate: the Gaussian kernel is analytic in the mean, and the nodes are
    spread at least 6 per noise standard deviation ``s``). For the equality test, the value is
    exact: the tie ``x_2 = x_1`` is one point, of probability 0 under a density.
    """
    if query == "equality":
        tie = lo == hi == x1
        return np.array([1.0 if tie else 0.0]), np.array([1.0])
    if lo == hi:
        return np.array([x1 + lo]), np.array([1.0])
    t, w = np.polynomial.legendre.leggauss(24 + math.ceil(6 * (hi - lo) / s))
    return x1 + lo + 0.5 * (t + 1.0) * (hi - lo), 0.5 * w


def completion_channel(
    query: str,
    x1s: Sequence[float] | NDArray[np.float64],
    los: ArrayLike,
    his: ArrayLike,
    weights: ArrayLike,
    *,
    N: float,
    y_grid: ArrayLike,
) -> NDArray[np.float64]:
    """Return the channel ``x_1 -> Y`` that a completion law of ``x_2`` given ``x_1`` induces.

    Two records ``x_1, x_2 in [0, 1]``, the Gaussian privacy channel ``Y = f(x) + sqrt(N) G``
    (Def. 14) quantized on ``y_grid``, and ``f`` the sum ``x_1 + x_2`` (``query="sum"``) or the
    equality test ``1[x_1 = x_2]`` (``query="equality"``). Given ``x_1 = x1s[a]``, ``x_2`` is
    drawn from the mixture ``sum_j weights[a, j] U[los[a, j], his[a, j]]`` of uniform laws, a
    piecewise-constant density as in the paper's (75) and (83); an interval with
    ``lo == hi`` is the point mass at ``lo``, so ``los = his = g(x1s)`` (one column) gives the
    member of ``S_1`` with the completion ``x_2 = g(x_1)``. Row ``a`` of the result is
    ``p(y | x_1) = int p(y | x_1, x_2) p(x_2 | x_1) dx_2`` (eq. (66)), exactly for the equality
    test (the tie ``x_2 = x_1`` has probability 0 under an interval of positive length) and to
    about 1e-15 for the sum (Gauss-Legendre quadrature over the interval).

    Parameters
    ----------
    query : {"sum", "equality"}
        The query ``f``.
    x1s : sequence of float
        Values of ``x_1`` in ``[0, 1]``: the inputs of the channel.
    los, his : array_like, shape (len(x1s), n_pieces)
        Ends of the uniform pieces, ``0 <= lo <= hi <= 1``.
    weights : array_like, shape (len(x1s), n_pieces)
        Weights of the pieces; each row is a pmf.
    N : float
        Noise variance (> 0).
    y_grid : array_like
        Strictly increasing output grid (>= 2 finite points).

    Returns
    -------
    numpy.ndarray, shape (len(x1s), len(y_grid))
        Row-stochastic.

    See Also
    --------
    theorem51_completion_table : Its use.
    nsp.privacy_channels.effective_channel : The member of ``Q_i`` of a conditional law.

    Examples
    --------
    A member of ``S_1`` of the equality test against a density close to it: the point mass
    ``x_2 = x_1`` reveals the tie, the uniform law on ``[x_1 - 0.001, x_1 + 0.001]`` never
    does.

    >>> y = np.linspace(-4.0, 5.0, 201)
    >>> member = completion_channel("equality", [0.5], [[0.5]], [[0.5]], [[1.0]], N=1.0, y_grid=y)
    >>> ball = completion_channel("equality", [0.5], [[0.499]], [[0.501]], [[1.0]], N=1.0,
    ...                           y_grid=y)
    >>> tie = completion_channel("equality", [0.5], [[0.0]], [[0.0]], [[1.0]], N=1.0, y_grid=y)
    >>> bool(np.allclose(ball, tie)), bool(np.allclose(member, tie))
    (True, False)
    """
    query = check_choice("query", query, _COMPLETION_QUERIES)
    N = check_real("N", N, low=0.0, closed="neither")
    xs = np.array(_reals("x1s", x1s, low=0.0, high=1.0))
    if xs.size == 0:
        raise ValueError("x1s must hold at least one value of x_1")
    lo = as_real_array(los, name="los")
    hi = as_real_array(his, name="his")
    if lo.ndim != 2 or lo.shape[0] != xs.size or hi.shape != lo.shape or lo.shape[1] == 0:
        raise ValueError(
            f"los and his must have shape (len(x1s), n_pieces) = ({xs.size}, n); "
            f"got {lo.shape} and {hi.shape}"
        )
    if not (np.all(lo >= 0.0) and np.all(lo <= hi) and np.all(hi <= 1.0)):
        raise ValueError("los and his must satisfy 0 <= los <= his <= 1 elementwise")
    w = as_channel(weights, name="weights")
    if w.shape != lo.shape:
        raise ValueError(f"weights must have the shape of los, {lo.shape}; got {w.shape}")
    s = math.sqrt(N)
    laws = [
        [
            _query_law(query, float(xs[a]), float(lo[a, j]), float(hi[a, j]), s)
            for j in range(lo.shape[1])
        ]
        for a in range(xs.size)
    ]
    values = np.unique(np.concatenate([v for row in laws for v, _ in row]))
    rows = discretized_gaussian_channel(
        ProductUniverse([values.tolist()]), lambda v: v, N=N, y_grid=y_grid
    ).matrix()
    mix = np.zeros((xs.size, values.size))
    for a, row in enumerate(laws):
        for j, (v, p) in enumerate(row):
            np.add.at(mix[a], np.searchsorted(values, v), w[a, j] * p)
    W = mix @ rows
    return W / W.sum(axis=1, keepdims=True)


def _member_completion(query: str, x1s: NDArray[np.float64]) -> NDArray[np.float64]:
    """Return ``g(x_1)`` of the best member of ``S_1``: the completion ``x_2 = g(x_1)``.

    The sum: ``x_2 = x_1`` (the sums ``2 x_1`` span ``[0, 2]``). The equality test:
    ``x_2 = x_1`` for ``x_1 < 1/2`` (the tie, ``f = 1``) and ``x_2 = 0`` for ``x_1 >= 1/2``
    (``f = 0``), so that both rows of the test are used, each by half of ``[0, 1]``.
    """
    if query == "sum":
        return x1s.copy()
    return np.where(x1s < 0.5, x1s, 0.0)


def theorem51_completion_table(
    Ns: Sequence[float],
    ks: Sequence[int],
    *,
    n_x1: int = 101,
    n_outputs: int = 401,
    base: Base = 2,
    tol: float = 1e-9,
) -> pd.DataFrame:
    """Return (70) of Theorem 5.1 with and without its continuity hypothesis: members vs densities.

    Two records ``x_1, x_2 in [0, 1]`` with priors that have densities (§5), and the Gaussian
    privacy channel ``Y = f(x) + sqrt(N) G`` for two queries: the sum ``x_1 + x_2`` (``p(y|x)``
    continuous) and the equality test ``1[x_1 = x_2]`` (``p(y|x)`` discontinuous on the
    diagonal ``x_2 = x_1``). ``member`` is the capacity of the best member of ``S_1`` (the
    right side of (70)): the completion ``x_2 = x_1`` for the sum, and ``x_2 = x_1`` on
    ``x_1 < 1/2``, ``x_2 = 0`` on ``x_1 >= 1/2`` for the equality test (see
    :func:`completion_channel`). ``completion`` is the capacity of the channel of the paper's
    density completion (75)-(76): ``x_2`` uniform on the ball of radius ``1/k`` around the
    member's ``x_2`` (within ``[0, 1]``), a member of ``Q_1``, so ``completion <= C_1``.

    For the sum the completions rise to the member as ``k`` grows: the rows converge because
    the kernel is continuous, and (70) holds. For the equality test every density completion
    gives ``P(x_2 = x_1) = 0``, so ``Y ~ N(0, N)`` whatever ``x_1``: ``C_1 = 0`` over the
    priors with densities, while the members reach the capacity of the two rows ``N(0, N)``,
    ``N(1, N)``: (70) fails, by ``gap = member - completion``, for every ``k``. The
    continuity is all (70) needs: any prior writes ``x_2 = phi(x_1, U)`` with ``U`` uniform and
    independent of ``x_1`` (functional representation), so ``I(X_1; Y) <= I(X_1; Y | U)``, an
    average of the members' ``x_2 = phi(., u)``, and no prior beats the members; the balls
    reach every member in the limit when the kernel is continuous. Both
    capacities use ``n_x1`` equally spaced values of ``x_1`` and the output quantized on
    ``n_outputs`` points of ``[-8 sqrt(N), 2 + 8 sqrt(N)]``, and are certified to ``tol``.

    Parameters
    ----------
    Ns : sequence of float
        Noise variances (> 0).
    ks : sequence of int
        Inverse radii of the balls (>= 1).
    n_x1 : int
        Values of ``x_1`` on ``[0, 1]`` (>= 2).
    n_outputs : int
        Output grid size (>= 2).
    base : float or str
        Logarithm base of the capacities (2: bits).
    tol : float
        Certified width of every capacity.

    Returns
    -------
    pandas.DataFrame
        Columns ``query`` (``"sum"`` or ``"equality"``), ``N, k, radius, completion_lower,
        completion_upper, member_lower, member_upper, gap`` (``gap = member_lower -
        completion_upper``, a certified lower bound on the member's excess).

    See Also
    --------
    theorem51_table : The brackets on ``C_1``.
    completion_channel : The channel of a completion law.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       Theorem 5.1 and Lemma 4.

    Examples
    --------
    >>> t = theorem51_completion_table([0.25], [4, 64], n_x1=21, n_outputs=201)
    >>> eq = t[t["query"] == "equality"]
    >>> float(eq.completion_upper.max()), round(float(eq.gap.min()), 3)
    (0.0, 0.486)
    >>> s = t[t["query"] == "sum"]
    >>> bool(s.gap.iloc[1] < s.gap.iloc[0])
    True
    """
    n_x1 = check_int("n_x1", n_x1, low=2, high=2001)
    n_outputs = check_int("n_outputs", n_outputs, low=2, high=20001)
    b = check_base(base)
    tol = check_tol("tol", tol)
    Ns_ = _reals("Ns", Ns, low=0.0, closed="neither")
    ks_ = [check_int(f"ks[{j}]", k, low=1) for j, k in enumerate(as_sequence("ks", ks))]
    if not ks_:
        raise ValueError("ks must hold at least one inverse radius")
    xs = np.linspace(0.0, 1.0, n_x1)
    ones = np.ones((n_x1, 1))
    rows = []
    for query in _COMPLETION_QUERIES:
        g = _member_completion(query, xs)[:, None]
        for N in Ns_:
            s = math.sqrt(N)
            y = np.linspace(-8 * s, 2 + 8 * s, n_outputs)
            W = completion_channel(query, xs, g, g, ones, N=N, y_grid=y)
            member = channel_capacity(W, base=b, tol=tol)
            for k in ks_:
                lo, hi = np.clip(g - 1.0 / k, 0.0, 1.0), np.clip(g + 1.0 / k, 0.0, 1.0)
                Wk = completion_channel(query, xs, lo, hi, ones, N=N, y_grid=y)
                c = channel_capacity(Wk, base=b, tol=tol)
                rows.append(
                    {
                        "query": query,
                        "N": N,
                        "k": k,
                        "radius": 1.0 / k,
                        "completion_lower": c.lower,
                        "completion_upper": c.upper,
                        "member_lower": member.lower,
                        "member_upper": member.upper,
                        "gap": member.lower - c.upper,
                    }
                )
    return pd.DataFrame(rows)
