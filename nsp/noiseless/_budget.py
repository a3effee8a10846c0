"""Noiseless privacy budgets on finite product domains (Farokhi, Definitions 1 and 2).

A deterministic mechanism ``M∘f`` on a dataset of ``n`` individuals is *ε-noiselessly private*
(Definition 1) when, with everybody else's entry fixed, varying one individual's entry gives at
most ``2**ε`` distinct outputs; it is *ε-locally noiselessly private* (Definition 2) when each
individual's own report takes at most ``2**ε`` values. ε is in bits (``base=2``).

A mechanism is a Python callable ``mech(x) -> hashable`` of the whole dataset tuple ``x``,
evaluated on every tuple of ``D_1 × … × D_n``; the budget is then exact.

References
----------
F. Farokhi, *Noiseless privacy*, arXiv:1910.13027, 2019.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from nsp._validation import Base, check_base, check_callable, check_int, check_real, log_in

#: A mechanism ``M∘f``: a function of the whole dataset tuple returning a hashable output.
DeterministicMechanism = Callable[[tuple[Any, ...]], Hashable]

#: The largest product domain (number of tuples) evaluated exhaustively.
MAX_TUPLES: int = 10_000_000

# Relative tolerance when comparing a count of outputs with 2**ε.
_REL_TOL = 1e-12


def _check_domains(domains: Sequence[Sequence[Any]]) -> list[list[Any]]:
    """Return the domains as lists after checking they are non-empty sets of values."""
    if isinstance(domains, str | bytes) or not isinstance(domains, Sequence | np.ndarray):
        raise ValueError(f"domains must be a sequence of sequences of values; got {domains!r}")
    doms = []
    for i, d in enumerate(domains):
        if isinstance(d, str | bytes) or not isinstance(d, Sequence | range | np.ndarray):
            raise ValueError(f"domains[{i}] must be a sequence of values; got {d!r}")
        doms.append(list(d))
    if not doms:
        raise ValueError("domains must list at least one individual's domain")
    for i, d in enumerate(doms):
        if not d:
            raise ValueError(f"domains[{i}] is empty; every individual needs at least one value")
        try:
            distinct = len(set(d)) == len(d)
        except TypeError:
            raise ValueError(f"domains[{i}] must hold hashable values") from None
        if not distinct:
            raise ValueError(f"domains[{i}] repeats a value; domains are sets of distinct values")
    size = math.prod(len(d) for d in doms)
    if size > MAX_TUPLES:
        raise ValueError(
            f"the product domain has {size} tuples, more than MAX_TUPLES={MAX_TUPLES}; "
            "shrink the domains"
        )
    return doms


def _check_sequence(name: str, v: object) -> Sequence[Any]:
    if isinstance(v, str | bytes) or not isinstance(v, Sequence | np.ndarray):
        raise ValueError(f"{name} must be a sequence with one value per individual; got {v!r}")
    return v  # type: ignore[return-value]


def _with(v: Sequence[Any], i: int, value: Any) -> tuple[Any, ...]:
    """Return the tuple ``v`` with its ``i``-th entry replaced by ``value``."""
    out = list(v)
    out[i] = value
    return tuple(out)


def output_table(
    mech: DeterministicMechanism, domains: Sequence[Sequence[Any]]
) -> tuple[NDArray[np.intp], list[Hashable]]:
    """Evaluate ``mech`` on every tuple of the product domain and code its outputs as integers.

    Parameters
    ----------
    mech : callable
        ``mech(x)`` for a tuple ``x = (x_1, …, x_n)``; returns a hashable output.
    domains : sequence of sequences
        ``domains[i]`` lists the distinct values individual ``i`` may take (at most
        :data:`MAX_TUPLES` tuples in all).

    Returns
    -------
    codes : numpy.ndarray of int, shape ``(|D_1|, …, |D_n|)``
        ``codes[k_1, …, k_n]`` is the index of ``mech((D_1[k_1], …, D_n[k_n]))`` in ``outputs``.
    outputs : list
        The distinct outputs, in order of first appearance.

    Raises
    ------
    ValueError
        If ``mech`` is not callable, a domain is empty or repeats a value, the product domain
        is too large, or an output is not hashable.

    See Also
    --------
    conditional_output_counts : The counts computed from the table.

    Examples
    --------
    >>> codes, outputs = output_table(lambda x: x[0] + x[1], [[0, 1], [0, 1]])
    >>> codes.tolist(), outputs
    ([[0, 1], [1, 2]], [0, 1, 2])
    """
    check_callable("mech", mech, n_args=1)
    doms = _check_domains(domains)
    index: dict[Hashable, int] = {}
    try:
        flat = [index.setdefault(mech(tuple(x)), len(index)) for x in itertools.product(*doms)]
    except TypeError as err:
        if "unhashable" in str(err):
            raise ValueError(f"mech must return hashable outputs ({err})") from None
        raise
    codes = np.asarray(flat, dtype=np.intp).reshape([len(d) for d in doms])
    return codes, list(index)


def _distinct_per_row(rows: NDArray[np.intp]) -> NDArray[np.intp]:
    """Count the distinct non-negative entries of each row (entries < 0 are ignored)."""
    s = np.sort(rows, axis=1)
    valid = s >= 0
    new = np.ones_like(valid)
    new[:, 1:] = s[:, 1:] != s[:, :-1]
    return np.count_nonzero(valid & new, axis=1)


def conditional_output_counts(
    codes: ArrayLike, *, admissible: ArrayLike | None = None
) -> list[NDArray[np.intp]]:
    """Count ``|[[Y | X_{-i} = x_{-i}]]|`` for every individual ``i`` and every ``x_{-i}``.

    Parameters
    ----------
    codes : array_like of int
        The output table of :func:`output_table` (non-negative output codes).
    admissible : array_like of bool, optional
        The joint range ``[[X]]`` as a mask over the product domain (booleans, or 0s and 1s),
        for non-product ranges (the literal reading of Definition 1); default: the whole
        product.

    Returns
    -------
    list of numpy.ndarray
        Entry ``i`` has shape ``codes.shape`` without axis ``i``: the number of distinct outputs
        when only individual ``i`` varies (0 where no admissible tuple has that ``x_{-i}``).

    Raises
    ------
    ValueError
        If ``codes`` is not an array of non-negative integers with at least one axis, or
        ``admissible`` has another shape or allows no tuple.

    See Also
    --------
    noiseless_epsilon : The logarithm of the largest count.
    noiseless_witness : Where the largest count is.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy", arXiv:1910.13027, 2019, Definition 1.

    Examples
    --------
    >>> [c.tolist() for c in conditional_output_counts([[0, 1], [1, 2]])]
    [[2, 2], [2, 2]]
    """
    arr = np.asarray(codes)
    if arr.ndim == 0 or arr.size == 0 or not np.issubdtype(arr.dtype, np.integer):
        raise ValueError(f"codes must be a non-empty array of integer output codes; got {arr!r}")
    if arr.min() < 0:
        raise ValueError("codes must be non-negative output codes")
    table = arr.astype(np.intp)
    if admissible is not None:
        mask = np.asarray(admissible)
        if mask.dtype != np.bool_:
            if mask.dtype.kind not in "iuf" or not np.isin(mask, (0, 1)).all():
                raise ValueError("admissible must be a boolean mask (or of 0s and 1s)")
            mask = mask.astype(bool)
        if mask.shape != table.shape:
            raise ValueError(
                f"admissible must have the shape of the domain {table.shape}; got {mask.shape}"
            )
        if not mask.any():
            raise ValueError("admissible must allow at least one tuple (the joint range is empty)")
        table = np.where(mask, table, -1)
    out = []
    for i in range(table.ndim):
        moved = np.moveaxis(table, i, -1)
        counts = _distinct_per_row(moved.reshape(-1, moved.shape[-1]))
        out.append(counts.reshape(moved.shape[:-1]))
    return out


def _worst_count(
    mech: DeterministicMechanism, domains: Sequence[Sequence[Any]], admissible: ArrayLike | None
) -> int:
    codes, _ = output_table(mech, domains)
    return max(int(c.max()) for c in conditional_output_counts(codes, admissible=admissible))


def noiseless_epsilon(
    mech: DeterministicMechanism,
    domains: Sequence[Sequence[Any]],
    *,
    admissible: ArrayLike | None = None,
    base: Base = 2,
) -> float:
    """Return the smallest ε for which ``mech`` is ε-noiselessly private (Definition 1).

    ``ε* = max_i max_{x_{-i}} log |[[Y | X_{-i} = x_{-i}]]|``.

    Parameters
    ----------
    mech : callable
        The mechanism ``M∘f`` as a function of the whole dataset tuple.
    domains : sequence of sequences
        Each individual's finite range ``[[X_i]]``.
    admissible : array_like of bool, optional
        A non-product joint range as a mask over the product domain.
    base : float or {"e", "nats", "bits"}, optional
        Logarithm base (default 2: bits, as in the paper).

    Returns
    -------
    float
        The budget ε* (0 for a mechanism that ignores every individual).

    Raises
    ------
    ValueError
        If an argument is invalid (see :func:`output_table`).

    See Also
    --------
    is_noiselessly_private : Whether a given budget holds.
    noiseless_witness : Where the budget is spent.
    local_noiseless_epsilon : The local counterpart.
    nsp.privacy_channels.dataset_dp_epsilon : The DP level of a randomized release.

    References
    ----------
    F. Farokhi, *Noiseless privacy*, arXiv:1910.13027, Definition 1.

    Examples
    --------
    The sum of two bits reveals each bit given the other (2 outputs, 1 bit):

    >>> noiseless_epsilon(lambda x: x[0] + x[1], [[0, 1], [0, 1]])
    1.0
    >>> noiseless_epsilon(lambda x: 0, [[0, 1], [0, 1]])
    0.0
    """
    check_base(base)
    return log_in(_worst_count(mech, domains, admissible), base)


def is_noiselessly_private(
    mech: DeterministicMechanism,
    domains: Sequence[Sequence[Any]],
    epsilon: float,
    *,
    admissible: ArrayLike | None = None,
) -> bool:
    """Tell whether ``mech`` is ``epsilon``-noiselessly private: every count ≤ ``2**epsilon``.

    Parameters
    ----------
    mech : callable
        The mechanism ``M∘f`` as a function of the whole dataset tuple.
    domains : sequence of sequences
        Each individual's finite range ``[[X_i]]``.
    epsilon : float
        The budget in bits, ``>= 0`` (``inf`` allowed: every mechanism is ∞-private).
    admissible : array_like of bool, optional
        A non-product joint range as a mask over the product domain.

    Returns
    -------
    bool
        ``True`` when ``noiseless_epsilon(mech, domains) <= epsilon`` (up to rounding).

    See Also
    --------
    noiseless_epsilon : The smallest budget.

    References
    ----------
    F. Farokhi, *Noiseless privacy*, arXiv:1910.13027, Definition 1.

    Examples
    --------
    >>> is_noiselessly_private(lambda x: x[0] + x[1], [[0, 1], [0, 1]], 1.0)
    True
    >>> is_noiselessly_private(lambda x: x[0] + x[1], [[0, 1], [0, 1]], 0.5)
    False
    """
    epsilon = check_real("epsilon", epsilon, low=0.0, allow_inf=True)
    worst = _worst_count(mech, domains, admissible)
    return bool(math.isinf(epsilon) or worst <= 2.0**epsilon * (1 + _REL_TOL))


@dataclass(frozen=True)
class NoiselessWitness:
    """Where a mechanism spends its budget: one individual, the others' values, the outputs.

    Parameters
    ----------
    individual : int
        The individual ``i`` whose entry moves the output most.
    others : tuple
        The others' values ``x_{-i}`` (in individual order, ``i`` left out) where it does.
    outputs : tuple
        The distinct outputs individual ``i`` then causes, in the order of its domain;
        ``log2(len(outputs))`` is the mechanism's budget.
    """

    individual: int
    others: tuple[Any, ...]
    outputs: tuple[Hashable, ...]

    def __iter__(self) -> Iterator[Any]:
        return iter((self.individual, self.others, self.outputs))


def noiseless_witness(
    mech: DeterministicMechanism,
    domains: Sequence[Sequence[Any]],
    *,
    admissible: ArrayLike | None = None,
) -> NoiselessWitness:
    """Find where ``mech`` spends its budget: an ``(i, x_{-i})`` with the most outputs.

    The first such pair in the order of the individuals and of the product of their domains.

    Parameters
    ----------
    mech : callable
        The mechanism ``M∘f`` as a function of the whole dataset tuple.
    domains : sequence of sequences
        Each individual's finite range ``[[X_i]]``.
    admissible : array_like of bool, optional
        A non-product joint range as a mask over the product domain.

    Returns
    -------
    NoiselessWitness
        ``individual``, ``others`` and ``outputs``, with
        ``log2(len(outputs)) == noiseless_epsilon(mech, domains)``.

    See Also
    --------
    noiseless_epsilon : The budget it spends.
    conditional_output_counts : Every count.

    References
    ----------
    F. Farokhi, *Noiseless privacy*, arXiv:1910.13027, Definition 1.

    Examples
    --------
    >>> noiseless_witness(lambda x: (x[0] + x[1]) // 2, [range(4), range(2)])
    NoiselessWitness(individual=0, others=(1,), outputs=(0, 1, 2))
    """
    codes, outputs = output_table(mech, domains)
    doms = _check_domains(domains)
    counts = conditional_output_counts(codes, admissible=admissible)
    best = [int(c.max()) for c in counts]
    i = best.index(max(best))
    where = np.unravel_index(int(np.argmax(counts[i])), counts[i].shape)
    others = tuple(
        d[int(k)] for d, k in zip((d for j, d in enumerate(doms) if j != i), where, strict=True)
    )
    line = np.moveaxis(codes, i, -1)[where]
    if admissible is not None:
        line = line[np.moveaxis(np.asarray(admissible, dtype=bool), i, -1)[where]]
    seen = dict.fromkeys(int(c) for c in line)
    return NoiselessWitness(i, others, tuple(outputs[c] for c in seen))


def local_noiseless_epsilon(
    report: Callable[[Any], Hashable], domains: Sequence[Sequence[Any]], *, base: Base = 2
) -> float:
    """Return the smallest ε for which ``report(x_i)`` is ε-locally private (Definition 2).

    For product ranges this is ``max_i log |report([[X_i]])|``.

    Parameters
    ----------
    report : callable
        What an individual reports, as a function of its own value.
    domains : sequence of sequences
        Each individual's finite range ``[[X_i]]``.
    base : float or {"e", "nats", "bits"}, optional
        Logarithm base (default 2: bits).

    Returns
    -------
    float
        The local budget.

    See Also
    --------
    noiseless_epsilon : The central counterpart.
    local_levels : The levels of a local quantizer at a budget.

    References
    ----------
    F. Farokhi, *Noiseless privacy*, arXiv:1910.13027, Definition 2.

    Examples
    --------
    >>> local_noiseless_epsilon(lambda v: v // 2, [range(8), range(4)])
    2.0
    """
    check_callable("report", report, n_args=1)
    check_base(base)
    doms = _check_domains(domains)
    worst = max(len({report(v) for v in d}) for d in doms)
    return log_in(worst, base)


def sensitivity(f: Callable[[tuple[Any, ...]], float], domains: Sequence[Sequence[Any]]) -> float:
    """Return the sensitivity of a real query over a finite product domain.

    ``S(f) = max_i max_{x_{-i}} (max_{x_i} f − min_{x_i} f)``: the most one individual can move
    the query with everybody else fixed (equivalently, the largest ``|f(x) − f(x')|`` over
    datasets differing in one entry).

    Parameters
    ----------
    f : callable
        The query as a function of the whole dataset tuple; returns a finite real number.
    domains : sequence of sequences
        Each individual's finite range ``[[X_i]]``.

    Returns
    -------
    float
        ``S(f) >= 0``.

    Raises
    ------
    ValueError
        If ``f`` is not callable or returns something that is not a finite real number, or a
        domain is invalid.

    See Also
    --------
    sensitivity_average : The closed form for an average.
    nsp.privacy_channels.query_sensitivity : The sensitivity over neighbouring datasets.

    References
    ----------
    F. Farokhi, *Noiseless privacy*, arXiv:1910.13027, Theorem 8.

    Examples
    --------
    >>> round(sensitivity(lambda x: sum(x) / 3, [[0, 1]] * 3), 12)
    0.333333333333
    """
    check_callable("f", f, n_args=1)
    doms = _check_domains(domains)
    raw = [f(tuple(x)) for x in itertools.product(*doms)]
    if any(isinstance(v, bool | np.bool_ | complex | str | bytes) for v in raw):
        raise ValueError("f must return real numbers to have a sensitivity")
    try:
        values = np.asarray(raw, dtype=np.float64)
    except (TypeError, ValueError):
        raise ValueError("f must return real numbers to have a sensitivity") from None
    if values.ndim != 1 or not np.all(np.isfinite(values)):
        raise ValueError(
            "f must return one finite real number per dataset (found NaN, inf or more)"
        )
    values = values.reshape([len(d) for d in doms])
    return float(max(np.ptp(values, axis=i).max() for i in range(values.ndim)))


def sensitivity_average(n: int, lo: float, hi: float) -> float:
    """Return the sensitivity ``(hi − lo)/n`` of the average of ``n`` entries in ``[lo, hi]``.

    Parameters
    ----------
    n : int
        Number of entries averaged, ``>= 1``.
    lo, hi : float
        The entries' public range, ``lo < hi`` (finite).

    Returns
    -------
    float
        The sensitivity; the average's own range is ``hi − lo``.

    See Also
    --------
    sensitivity : Any real query, computed.
    levels : Theorem 8's levels with this sensitivity.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy", arXiv:1910.13027, 2019, Theorem 8.

    Examples
    --------
    >>> sensitivity_average(4, 0.0, 2.0)
    0.5
    """
    n = check_int("n", n, low=1)
    lo, hi = _check_interval(lo, hi)
    return (hi - lo) / n


def _check_interval(lo: object, hi: object) -> tuple[Any, Any]:
    """Check ``lo < hi`` (finite reals); return them unchanged (rationals stay exact)."""
    check_real("lo", lo)
    check_real("hi", hi)
    if not lo < hi:  # type: ignore[operator]
        raise ValueError(f"the range must satisfy lo < hi (finite); got lo={lo}, hi={hi}")
    return lo, hi


def compose_joint(*mechs: DeterministicMechanism) -> DeterministicMechanism:
    """Release all outputs together: the mechanism ``x ↦ (M_1(x), …, M_k(x))``.

    By Theorem 6 the budgets add: ``ε(M_1, …, M_k) <= ε_1 + … + ε_k``.

    Parameters
    ----------
    *mechs : callable
        The mechanisms, each a function of the whole dataset tuple.

    Returns
    -------
    callable
        The joint mechanism.

    Raises
    ------
    ValueError
        If no mechanism is given, or one is not callable.

    See Also
    --------
    postprocess : A function of one mechanism's output.
    noiseless_epsilon : The budget of the joint release.

    References
    ----------
    F. Farokhi, *Noiseless privacy*, arXiv:1910.13027, Theorem 6.

    Examples
    --------
    >>> both = compose_joint(lambda x: x[0] % 2, lambda x: x[0] // 2)
    >>> both((3,)), noiseless_epsilon(both, [range(4)])
    ((1, 1), 2.0)
    """
    if not mechs:
        raise ValueError("compose_joint needs at least one mechanism")
    for k, m in enumerate(mechs):
        check_callable(f"mechs[{k}]", m, n_args=1)
    return lambda x: tuple(m(x) for m in mechs)


def postprocess(
    g: Callable[[Hashable], Hashable], mech: DeterministicMechanism
) -> DeterministicMechanism:
    """Post-process a mechanism: ``x ↦ g(M(x))`` (Theorem 7: ε does not increase).

    Parameters
    ----------
    g : callable
        The post-processing of an output.
    mech : callable
        The mechanism.

    Returns
    -------
    callable
        ``g ∘ mech``.

    See Also
    --------
    compose_joint : Several outputs released together.
    noiseless_epsilon : The budget, which post-processing does not increase.

    References
    ----------
    F. Farokhi, *Noiseless privacy*, arXiv:1910.13027, Theorem 7.

    Examples
    --------
    >>> noiseless_epsilon(postprocess(lambda y: y > 0, lambda x: x[0] + x[1]), [[0, 1], [0, 1]])
    1.0
    """
    check_callable("g", g, n_args=1)
    check_callable("mech", mech, n_args=1)
    return lambda x: g(mech(x))


def psi(x: Sequence[Any], i: int, v: Sequence[Any]) -> tuple[Any, ...]:
    """Return ``ψ_{i,v_{-i}}(x)``: the tuple ``v`` with its ``i``-th entry replaced by ``x_i``.

    Parameters
    ----------
    x : sequence
        A dataset; only its entry ``i`` is used.
    i : int
        The individual, ``0 <= i < len(v)``.
    v : sequence
        The others' values (entry ``i`` is replaced).

    Returns
    -------
    tuple

    See Also
    --------
    individual_range : The range it spans.

    References
    ----------
    .. [1] F. Farokhi, "Noiseless privacy", arXiv:1910.13027, 2019, §III-A (the map ψ before Theorem
       1).

    Examples
    --------
    >>> psi((9, 8), 1, (0, 0))
    (0, 8)
    """
    x, v = _check_sequence("x", x), _check_sequence("v", v)
    if len(x) != len(v):
        raise ValueError(f"x and v must have the same length; got {len(x)} and {len(v)}")
    i = check_int("i", i, low=0, high=len(v) - 1)
    return _with(v, i, x[i])
