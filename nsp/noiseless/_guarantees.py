"""What a noiselessly private mechanism guarantees (Farokhi, Theorems 1–5).

For one individual ``i`` with everybody else fixed at ``v``, the range ``[[X_i, Y]]`` of a
deterministic mechanism bounds maximin information, non-stochastic leakage, zero-error rates
(Theorems 1, 2, 5) and the performance of non-stochastic hypothesis tests (Theorem 3) by ε.
Theorem 4 bounds the estimation error; it holds with ``ρ`` the infimum of the *conditional*
density of ``X_i`` given ``X_{-i}``, not the joint density as printed (see
``docs/papers/noiseless.md``).

References
----------
F. Farokhi, *Noiseless privacy*, arXiv:1910.13027, 2019.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike

from nsp._validation import (
    Base,
    as_real_array,
    check_base,
    check_callable,
    check_int,
    check_real,
    log_in,
)
from nsp.noiseless._budget import (
    DeterministicMechanism,
    _check_domains,
    _check_sequence,
    _with,
)
from nsp.uncertain import (
    JointRange,
    confusability_graph,
    hypothesis_test_bound,
    independence_number,
    maximin_information,
    nonstochastic_leakage,
    symmetrized_leakage,
)

#: The largest order ``p`` of :func:`estimation_error_lower_bound` (``2**(2p+2)`` is a float).
_MAX_ORDER = 510


def _check_individual(i: int, doms: list[list[Any]], v: Sequence[Any] | None = None) -> int:
    i = check_int("i", i, low=0, high=len(doms) - 1)
    if v is not None and len(_check_sequence("v", v)) != len(doms):
        raise ValueError(f"v must give one value per individual ({len(doms)}); got {len(v)}")
    return i


def individual_range(
    mech: DeterministicMechanism, domains: Sequence[Sequence[Any]], i: int, v: Sequence[Any]
) -> JointRange:
    """Return the joint range ``[[X_i, Y]]`` when only individual ``i`` varies around ``v``.

    Since ``Y`` is a function of ``X_i`` here, Theorem 1's chain collapses to equalities:
    ``I* = L0s = L0(Y→X_i) = log|[[Y | X_{-i} = v_{-i}]]|``.

    Parameters
    ----------
    mech : callable
        The mechanism ``M∘f`` as a function of the whole dataset tuple.
    domains : sequence of sequences
        Each individual's finite range ``[[X_i]]``.
    i : int
        The individual, ``0 <= i < len(domains)``.
    v : sequence
        One value per individual; entry ``i`` is ignored.

    Returns
    -------
    nsp.uncertain.JointRange
        ``X_i`` on axis 0 and ``Y`` on axis 1.

    See Also
    --------
    leakage_profile : The guarantees measured on these ranges.
    psi : The tuple with one entry replaced.

    References
    ----------
    F. Farokhi, *Noiseless privacy*, arXiv:1910.13027, Theorems 1–3 and 5.

    Examples
    --------
    >>> individual_range(lambda x: (x[0] + x[1]) // 2, [range(4), range(2)], 0, (0, 1)).n_x
    3
    """
    check_callable("mech", mech, n_args=1)
    doms = _check_domains(domains)
    i = _check_individual(i, doms, _check_sequence("v", v))
    return JointRange.from_pairs((xi, mech(_with(v, i, xi))) for xi in doms[i])


def hypothesis_game_range(
    mech: DeterministicMechanism, i: int, x_i: Any, x_i_prime: Any, v: Sequence[Any]
) -> JointRange:
    """Return the range ``[[H, Y]]`` of the hypothesis-testing game of §III-C (Theorem 3).

    The adversary picks individual ``i`` and two values; the curator releases
    ``Y = M(ψ_{i,v}(X̄))`` with ``X̄_i ∈ {x_i, x_i'}``; ``H = p0`` (row 0) for ``x_i`` and ``p1``
    (row 1) for ``x_i'``. Feed it to :func:`nsp.uncertain.hypothesis_test_bound`: the best test
    performance is ``1`` bit when the two outputs differ and ``-inf`` otherwise, never more than
    ε.

    Parameters
    ----------
    mech : callable
        The mechanism ``M∘f`` as a function of the whole dataset tuple.
    i : int
        The individual, ``0 <= i < len(v)``.
    x_i, x_i_prime : object
        The two hypotheses' values of individual ``i``.
    v : sequence
        One value per individual; entry ``i`` is replaced.

    Returns
    -------
    nsp.uncertain.JointRange
        Rows ``p0, p1``; columns the outputs.

    See Also
    --------
    nsp.uncertain.hypothesis_test_bound : The best test's performance on the range.
    leakage_profile : Theorems 1-3 for every individual.

    References
    ----------
    F. Farokhi, *Noiseless privacy*, arXiv:1910.13027, Theorem 3.

    Examples
    --------
    >>> from nsp.uncertain import hypothesis_test_bound
    >>> r = hypothesis_game_range(lambda x: x[0] + x[1], 0, 0, 1, (0, 0))
    >>> hypothesis_test_bound(r)
    1.0
    """
    check_callable("mech", mech, n_args=1)
    i = check_int("i", i, low=0, high=len(_check_sequence("v", v)) - 1)
    y0, y1 = mech(_with(v, i, x_i)), mech(_with(v, i, x_i_prime))
    return JointRange.from_pairs([("p0", y0), ("p1", y1)], s_labels=["p0", "p1"])


def leakage_profile(
    mech: DeterministicMechanism,
    domains: Sequence[Sequence[Any]],
    i: int,
    *,
    base: Base = 2,
    max_rows: int = 10_000,
    max_work: int = 2_000_000,
) -> pd.DataFrame:
    """Measure the guarantees of Theorems 1–3 for individual ``i`` at every ``x_{-i}``.

    Each row builds the range ``[[X_i, Y]]`` and measures it: about a millisecond a row.
    Theorem 1 gives ``maximin ≤ symmetrized_leakage ≤ leakage ≤ ε*``; here they are all equal
    because ``Y`` is a function of ``X_i``.

    Parameters
    ----------
    mech : callable
        The mechanism ``M∘f`` as a function of the whole dataset tuple.
    domains : sequence of sequences
        Each individual's finite range ``[[X_i]]``.
    i : int
        The individual, ``0 <= i < len(domains)``.
    base : float or {"e", "nats", "bits"}, optional
        Logarithm base (default 2: bits).
    max_rows : int, optional
        The most values of ``x_{-i}`` allowed.
    max_work : int, optional
        The most pairs of values of ``x_i`` examined in all, ``rows × |[[X_i]]|²`` (each row's
        two-point games and confusability graph look at every pair): a bound on the run time
        (about 15 s per 10⁶ pairs; the default, half a minute), checked before any work.

    Returns
    -------
    pandas.DataFrame
        Columns: ``v`` (the others' values), ``outputs`` (``|[[Y | X_{-i} = v]]|``), ``epsilon``
        (its log), ``maximin`` (``I*(X_i; Y)``), ``symmetrized_leakage`` (``L0s``), ``leakage``
        (``L0(Y → X_i)``), ``zero_error`` (``log α(G)``, one-letter zero-error rate) and
        ``hypothesis_bound`` (the best two-point test's performance over all pairs
        ``x_i, x_i'``).

    Raises
    ------
    ValueError
        If there are more than ``max_rows`` values of ``x_{-i}``, more than ``max_work`` pairs
        to examine, or an argument is invalid.

    See Also
    --------
    individual_range : The range of one individual.
    noiseless_epsilon : The budget the guarantees are in.

    References
    ----------
    F. Farokhi, *Noiseless privacy*, arXiv:1910.13027, Theorems 1–3.

    Examples
    --------
    >>> prof = leakage_profile(lambda x: (x[0] + x[1]) // 2, [range(4), range(2)], 0)
    >>> cols = ["outputs", "epsilon", "maximin", "leakage", "hypothesis_bound"]
    >>> prof[cols].round(4).to_numpy().tolist()
    [[2.0, 1.0, 1.0, 1.0, 1.0], [3.0, 1.585, 1.585, 1.585, 1.0]]
    """
    check_callable("mech", mech, n_args=1)
    check_base(base)
    max_rows = check_int("max_rows", max_rows, low=1)
    max_work = check_int("max_work", max_work, low=1)
    doms = _check_domains(domains)
    i = _check_individual(i, doms)
    others = [d if j != i else [d[0]] for j, d in enumerate(doms)]
    n_rows = math.prod(len(d) for d in others)
    if n_rows > max_rows:
        raise ValueError(
            f"more than max_rows={max_rows} values of x_-i; raise max_rows or shrink the domains"
        )
    work = n_rows * len(doms[i]) ** 2
    if work > max_work:
        raise ValueError(
            f"{n_rows} values of x_-i times {len(doms[i])}² pairs of values of x_i = {work:.3g} "
            f"pairs to examine, more than max_work={max_work} (about {work * 1.5e-5 / 60:.2g} "
            "min at 15 s per 10⁶ pairs); raise max_work or shrink the domains"
        )
    rows = []
    for v in itertools.product(*others):
        J = individual_range(mech, doms, i, v)
        # The best two-point game: a pair of values with different outputs if there is one
        # (every pair with equal outputs scores -inf, every pair with different ones 1 bit).
        pair = next(
            (
                (a, b)
                for a, b in itertools.combinations(doms[i], 2)
                if mech(_with(v, i, a)) != mech(_with(v, i, b))
            ),
            None,
        )
        hyp = hypothesis_test_bound(hypothesis_game_range(mech, i, *pair, v)) if pair else -math.inf
        rows.append(
            {
                "v": tuple(x for j, x in enumerate(v) if j != i),
                "outputs": float(J.n_x),
                "epsilon": log_in(J.n_x, base),
                "maximin": maximin_information(J, base=base),
                "symmetrized_leakage": symmetrized_leakage(J, base=base),
                "leakage": nonstochastic_leakage(J.T, base=base),
                "zero_error": log_in(independence_number(confusability_graph(J, axis=0)), base),
                "hypothesis_bound": hyp,
            }
        )
    return pd.DataFrame(rows)


def estimation_error_lower_bound(rho: float, mu: float, p: int, epsilon: float) -> float:
    """Theorem 4's lower bound on ``E{|X_i − X̂_i|^p | X_{-i}}`` for an ε-private mechanism.

    ``ρ μ^{p+1} / 2^{2p+2} · 2^{−ε(p+1)}``, with ``μ = μ([[X_i]])`` and — corrected reading —
    ``ρ`` the infimum of the **conditional** density of ``X_i`` given ``X_{-i}`` (with the joint
    density, as printed, the bound fails; see ``docs/papers/noiseless.md``).

    Parameters
    ----------
    rho : float
        Infimum of the conditional density of ``X_i`` given ``X_{-i}``, ``> 0``.
    mu : float
        Lebesgue measure of ``[[X_i]]``, ``> 0``.
    p : int
        Order of the error, in ``[1, 510]`` (beyond, ``2^{2p+2}`` exceeds a float).
    epsilon : float
        Budget in bits, ``>= 0`` (``inf`` gives 0).

    Returns
    -------
    float
        The bound.

    See Also
    --------
    optimal_error_uniform : The least error when the cell of a uniform value is known.
    noiseless_epsilon : The budget in the bound.

    References
    ----------
    F. Farokhi, *Noiseless privacy*, arXiv:1910.13027, Theorem 4.

    Examples
    --------
    >>> estimation_error_lower_bound(1.0, 1.0, 1, 0.0)
    0.0625
    """
    rho = check_real("rho", rho, low=0.0, closed="neither")
    mu = check_real("mu", mu, low=0.0, closed="neither")
    p = check_int("p", p, low=1, high=_MAX_ORDER)  # beyond, 2**(2p+2) is no float
    epsilon = check_real("epsilon", epsilon, low=0.0, allow_inf=True)
    try:
        return float(rho * mu ** (p + 1) / 2 ** (2 * p + 2) * 2 ** (-epsilon * (p + 1)))
    except OverflowError:
        raise ValueError(
            f"the bound overflows a float (mu**(p+1) with mu={mu!r}, p={p}): lower mu or p"
        ) from None


def optimal_error_uniform(cell_widths: ArrayLike, p: int) -> float:
    """Return the least ``E|X_i − X̂_i|^p`` when the estimator knows the cell of a uniform ``X_i``.

    ``X_i | X_{-i}`` is uniform on an interval cut into cells of the given widths; the midpoint
    of the cell is optimal: ``Σ_k (1/μ) · 2 (w_k/2)^{p+1} / (p+1)`` with ``μ = Σ w_k``.

    Parameters
    ----------
    cell_widths : array_like
        Positive, finite widths of the cells (1-D, non-empty).
    p : int
        Order of the error, ``>= 1``.

    Returns
    -------
    float
        The least expected error.

    See Also
    --------
    estimation_error_lower_bound : Theorem 4's bound.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy", arXiv:1910.13027, 2019, Theorem 4.

    Examples
    --------
    >>> optimal_error_uniform([0.1], 2)   # uniform on [0, 0.1], no information: variance 0.1²/12
    0.0008333333333333335
    """
    w = as_real_array(cell_widths, name="cell_widths", allow_bool=False)
    if w.ndim != 1 or w.size == 0 or not np.all(np.isfinite(w)) or np.any(w <= 0):
        raise ValueError("cell_widths must be a non-empty 1-D array of finite positive widths")
    p = check_int("p", p, low=1)
    return float(np.sum(2 * (w / 2) ** (p + 1) / (p + 1)) / w.sum())
