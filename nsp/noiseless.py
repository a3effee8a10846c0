# mypy: ignore-errors
"""Noiseless privacy (Farokhi): the budget of a deterministic mechanism, quantizers, guarantees.

A deterministic mechanism ``M∘f`` on a dataset of ``n`` individuals is *ε-noiselessly private*
(Definition 1) when, with everybody else's entry fixed, varying one individual's entry gives at
most ``2**ε`` distinct outputs. It is *ε-locally noiselessly private* (Definition 2) when each
individual's own report takes at most ``2**ε`` values. ε is in **bits** (``base=2``).

Mechanisms on finite product domains are Python callables ``mech(x) -> hashable`` evaluated on
every tuple ``x ∈ D_1 × … × D_n``; the budget is then computed exactly and vectorized.

The linear quantizer of Definition 3 is :class:`LinearQuantizer`. The number of levels that
Theorem 8 prescribes, ``q ≤ 2**ε (y_max − y_min) / S(f)``, breaks the budget when the
sensitivity ``S`` is below the range ``R``: an image of length ``S`` meets up to
``ceil(q S / R) + 1`` bins, not ``q S / R`` (spec seed-001 §3 A3 and §11). Both the paper's rule
(:func:`levels_paper`) and the corrected rule (:func:`levels_safe`) are here, and
:func:`realized_epsilon` reports the budget a quantizer really spends.

Theorem 4's estimation-error bound holds with the infimum of the *conditional* density of
``X_i`` given ``X_{-i}`` (not the joint density, as printed); :func:`estimation_error_lower_bound`
takes that reading and says so.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from numbers import Rational
from typing import Any, Literal

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray

from nsp._validation import log_in

Mechanism = Callable[[tuple], Hashable]

# Relative tolerance when comparing a count of outputs with 2**ε.
_REL_TOL = 1e-12


# --------------------------------------------------------------------------------------------
# Finite domains: the table of outputs and Definition 1
# --------------------------------------------------------------------------------------------
def _check_domains(domains: Sequence[Sequence[Any]]) -> list[list[Any]]:
    doms = [list(d) for d in domains]
    if not doms:
        raise ValueError("domains must list at least one individual's domain")
    for i, d in enumerate(doms):
        if not d:
            raise ValueError(f"domains[{i}] is empty; every individual needs at least one value")
        if len(set(d)) != len(d):
            raise ValueError(f"domains[{i}] repeats a value; domains are sets of distinct values")
    return doms


def output_table(
    mech: Mechanism, domains: Sequence[Sequence[Any]]
) -> tuple[NDArray[np.intp], list[Hashable]]:
    """Evaluate ``mech`` on every tuple of the product domain and code its outputs as integers.

    Parameters
    ----------
    mech : callable
        ``mech(x)`` for a tuple ``x = (x_1, …, x_n)``; returns a hashable output.
    domains : sequence of sequences
        ``domains[i]`` lists the distinct values individual ``i`` may take.

    Returns
    -------
    codes : numpy.ndarray of int, shape ``(|D_1|, …, |D_n|)``
        ``codes[k_1, …, k_n]`` is the index of ``mech((D_1[k_1], …, D_n[k_n]))`` in ``outputs``.
    outputs : list
        The distinct outputs, in order of first appearance.

    Examples
    --------
    >>> codes, outputs = output_table(lambda x: x[0] + x[1], [[0, 1], [0, 1]])
    >>> codes.tolist(), outputs
    ([[0, 1], [1, 2]], [0, 1, 2])
    """
    doms = _check_domains(domains)
    index: dict[Hashable, int] = {}
    flat = [index.setdefault(mech(tuple(x)), len(index)) for x in itertools.product(*doms)]
    codes = np.asarray(flat, dtype=np.intp).reshape([len(d) for d in doms])
    return codes, list(index)


def _distinct_per_row(rows: NDArray[np.intp]) -> NDArray[np.intp]:
    """Number of distinct non-negative entries in each row (entries < 0 are ignored)."""
    s = np.sort(rows, axis=1)
    valid = s >= 0
    new = np.ones_like(valid)
    new[:, 1:] = s[:, 1:] != s[:, :-1]
    return np.count_nonzero(valid & new, axis=1)


def conditional_output_counts(
    codes: ArrayLike, *, admissible: ArrayLike | None = None
) -> list[NDArray[np.intp]]:
    """``|[[Y | X_{-i} = x_{-i}]]|`` for every individual ``i`` and every ``x_{-i}``.

    Parameters
    ----------
    codes : array_like of int
        The output table of :func:`output_table`.
    admissible : array_like of bool, optional
        The joint range ``[[X]]`` as a mask over the product domain, for non-product ranges
        (the literal reading of Definition 1); default: the whole product.

    Returns
    -------
    list of numpy.ndarray
        Entry ``i`` has shape ``codes.shape`` without axis ``i``: the number of distinct outputs
        when only individual ``i`` varies (0 where no admissible tuple has that ``x_{-i}``).
    """
    codes = np.asarray(codes, dtype=np.intp)
    if admissible is not None:
        mask = np.asarray(admissible, dtype=bool)
        if mask.shape != codes.shape:
            raise ValueError(
                f"admissible must have the shape of the domain {codes.shape}; got {mask.shape}"
            )
        if not mask.any():
            raise ValueError("admissible must allow at least one tuple (the joint range is empty)")
        codes = np.where(mask, codes, -1)
    out = []
    for i in range(codes.ndim):
        moved = np.moveaxis(codes, i, -1)
        counts = _distinct_per_row(moved.reshape(-1, moved.shape[-1]))
        out.append(counts.reshape(moved.shape[:-1]))
    return out


def noiseless_epsilon(
    mech: Mechanism,
    domains: Sequence[Sequence[Any]],
    *,
    admissible: ArrayLike | None = None,
    base: float = 2,
) -> float:
    """The smallest ε for which ``mech`` is ε-noiselessly private (Definition 1).

    ``ε* = max_i max_{x_{-i}} log |[[Y | X_{-i} = x_{-i}]]|``.

    Parameters
    ----------
    mech : callable
        The mechanism ``M∘f`` as a function of the whole dataset tuple.
    domains : sequence of sequences
        Each individual's finite range ``[[X_i]]``.
    admissible : array_like of bool, optional
        A non-product joint range as a mask over the product domain.
    base : float
        Logarithm base (2: bits, as in the paper).

    Examples
    --------
    The sum of two bits reveals each bit given the other (2 outputs, 1 bit); its parity too:

    >>> noiseless_epsilon(lambda x: x[0] + x[1], [[0, 1], [0, 1]])
    1.0
    >>> noiseless_epsilon(lambda x: 0, [[0, 1], [0, 1]])
    0.0
    """
    codes, _ = output_table(mech, domains)
    worst = max(int(c.max()) for c in conditional_output_counts(codes, admissible=admissible))
    return log_in(worst, base)


def is_noiselessly_private(
    mech: Mechanism,
    domains: Sequence[Sequence[Any]],
    epsilon: float,
    *,
    admissible: ArrayLike | None = None,
) -> bool:
    """Whether ``mech`` is ``epsilon``-noiselessly private (bits), i.e. every count ≤ ``2**epsilon``."""
    if not epsilon >= 0:  # also rejects NaN
        raise ValueError(f"epsilon must be a number >= 0; got {epsilon}")
    codes, _ = output_table(mech, domains)
    worst = max(int(c.max()) for c in conditional_output_counts(codes, admissible=admissible))
    return worst <= 2.0**epsilon * (1 + _REL_TOL)


def local_noiseless_epsilon(
    report: Callable[[Any], Hashable], domains: Sequence[Sequence[Any]], *, base: float = 2
) -> float:
    """The smallest ε for which the local report ``report(x_i)`` is ε-locally private (Definition 2).

    For product ranges this is ``max_i log |report([[X_i]])|``.

    Examples
    --------
    >>> local_noiseless_epsilon(lambda v: v // 2, [range(8), range(4)])
    2.0
    """
    doms = _check_domains(domains)
    worst = max(len({report(v) for v in d}) for d in doms)
    return log_in(worst, base)


def sensitivity(f: Callable[[tuple], float], domains: Sequence[Sequence[Any]]) -> float:
    """Sensitivity of a scalar query on a finite product domain (Theorem 8):

    ``S(f) = max_i max_{x_{-i}} (max_{x_i} f − min_{x_i} f)``.

    Examples
    --------
    >>> round(sensitivity(lambda x: sum(x) / 3, [[0, 1]] * 3), 12)
    0.333333333333
    """
    doms = _check_domains(domains)
    values = np.asarray([f(tuple(x)) for x in itertools.product(*doms)], dtype=float)
    values = values.reshape([len(d) for d in doms])
    return float(max(np.ptp(values, axis=i).max() for i in range(values.ndim)))


def sensitivity_average(n: int, lo: float, hi: float) -> float:
    """Sensitivity ``(hi − lo)/n`` of the average of ``n`` entries in ``[lo, hi]`` (its range is ``hi − lo``)."""
    if n < 1:
        raise ValueError(f"n must be >= 1; got {n}")
    _check_interval(lo, hi)
    return (hi - lo) / n


def compose(*mechs: Mechanism) -> Mechanism:
    """The mechanism releasing all outputs together, ``x ↦ (M_1(x), …, M_k(x))`` (Theorem 6: ε's add)."""
    if not mechs:
        raise ValueError("compose needs at least one mechanism")
    return lambda x: tuple(m(x) for m in mechs)


def postprocess(g: Callable[[Hashable], Hashable], mech: Mechanism) -> Mechanism:
    """The mechanism ``x ↦ g(M(x))`` (Theorem 7: post-processing does not increase ε)."""
    return lambda x: g(mech(x))


# --------------------------------------------------------------------------------------------
# Linear quantizers (Definition 3) and the number of levels (Theorem 8)
# --------------------------------------------------------------------------------------------
def _check_interval(lo: float, hi: float) -> None:
    if not (math.isfinite(lo) and math.isfinite(hi)) or not lo < hi:
        raise ValueError(f"the range must satisfy lo < hi (finite); got lo={lo}, hi={hi}")


@dataclass(frozen=True)
class LinearQuantizer:
    """The ``q``-level uniform quantizer of ``[lo, hi]`` (Definition 3).

    Bin ``k`` (0-based) is ``[lo + kΔ, lo + (k+1)Δ)`` with ``Δ = (hi − lo)/q``; the last bin is
    closed, so ``hi`` falls in bin ``q − 1``.

    Parameters
    ----------
    lo, hi : float
        The public range of the quantized value (exact rationals such as
        :class:`fractions.Fraction` are handled exactly).
    q : int
        Number of levels, ``q >= 1``.
    output : {"midpoint", "index", "left"}
        The released symbol of bin ``k``: its midpoint ``lo + (k + ½)Δ`` (default), ``k``, or
        its left edge.
    out_of_range : {"raise", "clip"}
        What to do with a value outside ``[lo, hi]``: raise (default), or report the nearest
        bin (the spec's choice for a public bound that data may exceed).

    Examples
    --------
    >>> Q = LinearQuantizer(0, 1, 4)
    >>> Q.index([0.0, 0.25, 0.99, 1.0]).tolist()
    [0, 1, 3, 3]
    >>> Q([0.1, 0.6]).tolist()
    [0.125, 0.625]
    """

    lo: float
    hi: float
    q: int
    output: Literal["midpoint", "index", "left"] = "midpoint"
    out_of_range: Literal["raise", "clip"] = "raise"

    def __post_init__(self) -> None:
        _check_interval(float(self.lo), float(self.hi))
        if isinstance(self.q, bool) or not isinstance(self.q, (int, np.integer)) or self.q < 1:
            raise ValueError(f"q must be an integer >= 1; got {self.q!r}")
        if self.output not in ("midpoint", "index", "left"):
            raise ValueError(f"output must be 'midpoint', 'index' or 'left'; got {self.output!r}")
        if self.out_of_range not in ("raise", "clip"):
            raise ValueError(f"out_of_range must be 'raise' or 'clip'; got {self.out_of_range!r}")

    @property
    def width(self) -> float:
        """The bin width Δ."""
        return (self.hi - self.lo) / self.q

    @property
    def edges(self) -> NDArray[np.float64]:
        """The ``q + 1`` bin edges ``lo, lo + Δ, …, hi``."""
        return np.linspace(float(self.lo), float(self.hi), self.q + 1)

    def index(self, y: ArrayLike) -> NDArray[np.intp] | int:
        """The 0-based bin of each value (exact for rationals, vectorized for floats)."""
        if (
            isinstance(y, Rational)
            and isinstance(self.lo, Rational)
            and isinstance(self.hi, Rational)
        ):
            return self._index_exact(y)
        arr = np.asarray(y, dtype=float)
        self._check_range(arr)
        if self.out_of_range == "clip":
            arr = np.clip(arr, self.lo, self.hi)
        k = np.floor((arr - self.lo) * self.q / (self.hi - self.lo)).astype(np.intp)
        return np.clip(k, 0, self.q - 1)

    def _index_exact(self, y: Rational) -> int:
        self._check_range(np.asarray(float(y)), exact=(y < self.lo or y > self.hi))
        k = math.floor(Fraction(y - self.lo) * self.q / Fraction(self.hi - self.lo))
        return min(max(k, 0), self.q - 1)

    def _check_range(self, arr: np.ndarray, exact: bool | None = None) -> None:
        if np.any(np.isnan(arr)):
            raise ValueError("values must not be NaN (a quantizer has no bin for a missing value)")
        if self.out_of_range == "clip":
            return
        bad = np.asarray(exact) if exact is not None else (arr < self.lo) | (arr > self.hi)
        if np.any(bad):
            first = arr[bad].flat[0] if arr.ndim else arr
            raise ValueError(
                f"values must lie in [lo, hi] = [{self.lo}, {self.hi}] (found {float(first):.6g}); "
                "pass out_of_range='clip' to report the nearest bin"
            )

    def symbols(self, k: ArrayLike) -> NDArray:
        """The released symbol of bins ``k``."""
        k = np.asarray(k)
        if self.output == "index":
            return k
        offset = 0.5 if self.output == "midpoint" else 0.0
        return self.lo + (k + offset) * self.width

    def __call__(self, y: ArrayLike) -> NDArray:
        """Quantize ``y``: the symbol of its bin."""
        return self.symbols(self.index(y))


def _floor(x: float | Fraction) -> int:
    """``floor(x)``, except that a float within 4 ulps of an integer counts as that integer
    (so ``R/S = n`` computed in floating point still gives ``n·2**ε`` levels). Exact rationals
    are floored exactly.
    """
    if isinstance(x, Fraction):
        return math.floor(x)
    k = round(x)
    return k if abs(x - k) <= 4 * math.ulp(x) else math.floor(x)


def _ceil(x: float | Fraction) -> int:
    """``ceil(x)`` with the same snapping to integers as :func:`_floor`."""
    if isinstance(x, Fraction):
        return math.ceil(x)
    k = round(x)
    return k if abs(x - k) <= 4 * math.ulp(x) else math.ceil(x)


def _two_to(epsilon: float) -> float | Fraction:
    if epsilon < 0 or not math.isfinite(epsilon):
        raise ValueError(f"epsilon must be a finite number >= 0; got {epsilon}")
    if float(epsilon).is_integer():
        return Fraction(2) ** int(epsilon)
    return 2.0**epsilon


def _ratio(sens: float, lo: float, hi: float) -> Fraction | float | None:
    """``R / S`` (exact for rationals); ``None`` when ``S = 0``."""
    _check_interval(float(lo), float(hi))
    if sens < 0:
        raise ValueError(f"sensitivity must be >= 0; got {sens}")
    if sens > hi - lo:
        raise ValueError(f"sensitivity {sens} exceeds the output range hi - lo = {hi - lo}")
    if sens == 0:
        return None
    if all(isinstance(v, (Rational, int)) for v in (sens, lo, hi)):
        return Fraction(hi - lo) / Fraction(sens)
    return (hi - lo) / sens


def levels_paper(epsilon: float, sens: float, lo: float, hi: float) -> int | float:
    """Number of levels by Theorem 8 as printed: ``max(1, floor(2**ε · R / S))``.

    Breaks the budget when ``S < R`` (see :func:`realized_epsilon`); exact for local
    quantization (``S = R``). Returns ``inf`` when ``S = 0`` (the query ignores individuals).

    Examples
    --------
    Average of 4 entries in [0, 1] at ε = 2 bits (spec E8): 16 levels.

    >>> levels_paper(2, Fraction(1, 4), 0, 1)
    16
    """
    ratio = _ratio(sens, lo, hi)
    if ratio is None:
        return math.inf
    return max(1, _floor(_two_to(epsilon) * ratio))


def levels_safe(epsilon: float, sens: float, lo: float, hi: float) -> int | float:
    """The most levels that keep every ``[[Y | X_{-i}]]`` within ``2**ε`` outputs (corrected Theorem 8).

    With ``m = floor(2**ε)``: ``q = max(m, floor((m − 1) · R / S))``, the largest ``q`` with
    ``min(q, ceil(q S / R) + 1) <= m``.

    Examples
    --------
    >>> levels_safe(2, Fraction(1, 4), 0, 1)   # spec E9
    12
    >>> levels_safe(2, 1, 0, 1)                # local case: floor(2**ε)
    4
    """
    ratio = _ratio(sens, lo, hi)
    if ratio is None:
        return math.inf
    m = _floor(_two_to(epsilon))
    return max(m, _floor((m - 1) * ratio))


def local_levels(epsilon: float) -> int:
    """Levels of a local quantizer at budget ``epsilon`` (Definition 2, ``S = R``): ``⌊2^ε⌋``.

    Examples
    --------
    >>> [local_levels(e) for e in (0, 1, 3.5, 10)]
    [1, 2, 11, 1024]
    """
    return max(1, _floor(_two_to(epsilon)))


def levels(
    epsilon: float, sens: float, lo: float, hi: float, *, rule: Literal["paper", "safe"] = "paper"
) -> int | float:
    """Levels by Theorem 8's ``rule``: :func:`levels_paper` (as printed) or :func:`levels_safe` (corrected)."""
    if rule == "paper":
        return levels_paper(epsilon, sens, lo, hi)
    if rule == "safe":
        return levels_safe(epsilon, sens, lo, hi)
    raise ValueError(f"rule must be 'paper' or 'safe'; got {rule!r}")


def worst_case_outputs(q: int, sens: float, lo: float, hi: float) -> int:
    """The most bins of a ``q``-level quantizer of ``[lo, hi]`` that an interval of length ``sens`` meets:
    ``min(q, ceil(q S / R) + 1)`` (attained when the interval straddles bin edges).

    Examples
    --------
    >>> worst_case_outputs(16, Fraction(1, 4), 0, 1)   # spec E8: 5 > 4 = 2**2
    5
    """
    if q < 1:
        raise ValueError(f"q must be >= 1; got {q}")
    ratio = _ratio(sens, lo, hi)
    if ratio is None:
        return 1
    return min(q, _ceil(q / ratio) + 1)


def realized_epsilon(q: int, sens: float, lo: float, hi: float, *, base: float = 2) -> float:
    """The budget (bits) a ``q``-level quantizer really spends on a continuous query of sensitivity ``sens``
    over an interval domain: ``log worst_case_outputs(q, sens, lo, hi)``.

    Examples
    --------
    The paper's rule at integer ε spends ``log2(2**ε + 1)`` (spec E11):

    >>> round(realized_epsilon(levels_paper(2, Fraction(1, 4), 0, 1), Fraction(1, 4), 0, 1), 3)
    2.322
    """
    return log_in(worst_case_outputs(q, sens, lo, hi), base)


def quantizer_for(
    epsilon: float,
    sens: float,
    lo: float,
    hi: float,
    *,
    rule: Literal["paper", "safe"] = "paper",
    output: Literal["midpoint", "index", "left"] = "midpoint",
    out_of_range: Literal["raise", "clip"] = "raise",
) -> LinearQuantizer:
    """The quantizer of ``[lo, hi]`` that Theorem 8's ``rule`` prescribes for budget ``epsilon``.

    Raises
    ------
    ValueError
        If the rule gives unboundedly many levels (``sens = 0``: no quantization is needed).
    """
    q = levels(epsilon, sens, lo, hi, rule=rule)
    if math.isinf(q):
        raise ValueError(
            "sensitivity 0: the query does not depend on any individual; no quantizer needed"
        )
    return LinearQuantizer(lo, hi, int(q), output=output, out_of_range=out_of_range)


def levels_table(
    epsilons: Sequence[float], group_sizes: Sequence[int], *, lo: float = 0, hi: float = 1
) -> pd.DataFrame:
    """Spec table T1 for the average of ``n`` entries: paper and safe levels, worst case, realized ε.

    Examples
    --------
    >>> row = levels_table([2], [4]).iloc[0]
    >>> int(row.q_paper), int(row.worst_paper), int(row.q_safe)
    (16, 5, 12)
    """
    rows = []
    for n in group_sizes:
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
                    "worst_paper": worst_case_outputs(qp, sens, lo, hi),
                    "realized_epsilon_paper": realized_epsilon(qp, sens, lo, hi),
                    "q_safe": qs,
                    "worst_safe": worst_case_outputs(qs, sens, lo, hi),
                    "realized_epsilon_safe": realized_epsilon(qs, sens, lo, hi),
                }
            )
    return pd.DataFrame(rows)


# --------------------------------------------------------------------------------------------
# Guarantees (Theorems 1, 3, 4, 5)
# --------------------------------------------------------------------------------------------
def psi(x: Sequence[Any], i: int, v: Sequence[Any]) -> tuple:
    """``ψ_{i,v_{-i}}(x)``: the tuple ``v`` with its ``i``-th entry replaced by ``x_i``."""
    if len(x) != len(v):
        raise ValueError(f"x and v must have the same length; got {len(x)} and {len(v)}")
    return _with(v, i, x[i])


def individual_range(mech: Mechanism, domains: Sequence[Sequence[Any]], i: int, v: Sequence[Any]):
    """The joint range ``[[X_i, Y]]`` when only individual ``i`` varies around ``v`` (Theorems 1–3, 5).

    Returns a :class:`nsp.uncertain.JointRange` with ``X_i`` on axis 0 and ``Y`` on axis 1; since
    ``Y`` is a function of ``X_i`` here, Theorem 1's chain collapses to equalities
    ``I* = L0s = L0(Y→X_i) = log|[[Y | X_{-i} = v_{-i}]]|`` (spec E16).
    """
    from nsp.uncertain import JointRange

    doms = _check_domains(domains)
    if not 0 <= i < len(doms):
        raise ValueError(f"i must index an individual in 0..{len(doms) - 1}; got {i}")
    if len(v) != len(doms):
        raise ValueError(f"v must give one value per individual ({len(doms)}); got {len(v)}")
    return JointRange.from_pairs((xi, mech(_with(v, i, xi))) for xi in doms[i])


def _with(v: Sequence[Any], i: int, value: Any) -> tuple:
    out = list(v)
    out[i] = value
    return tuple(out)


def hypothesis_game_range(mech: Mechanism, i: int, x_i: Any, x_i_prime: Any, v: Sequence[Any]):
    """The range ``[[H, Y]]`` of the hypothesis-testing game of §III-C (Theorem 3).

    The adversary picks individual ``i`` and two values; the curator releases
    ``Y = M(ψ_{i,v}(X̄))`` with ``X̄_i ∈ {x_i, x_i'}``; ``H = p0`` (row 0) for ``x_i`` and ``p1``
    (row 1) for ``x_i'``. Feed it to :func:`nsp.uncertain.hypothesis_test_bound`: the best test
    performance is ``1`` bit when the two outputs differ and ``-inf`` otherwise, never more than
    ε (spec E17).

    Examples
    --------
    >>> from nsp.uncertain import hypothesis_test_bound
    >>> r = hypothesis_game_range(lambda x: x[0] + x[1], 0, 0, 1, (0, 0))
    >>> hypothesis_test_bound(r)
    1.0
    """
    from nsp.uncertain import JointRange

    y0, y1 = mech(_with(v, i, x_i)), mech(_with(v, i, x_i_prime))
    return JointRange.from_pairs([("p0", y0), ("p1", y1)], s_labels=["p0", "p1"])


def leakage_profile(
    mech: Mechanism,
    domains: Sequence[Sequence[Any]],
    i: int,
    *,
    base: float = 2,
    max_rows: int = 10_000,
) -> pd.DataFrame:
    """The guarantees of Theorems 1–3 for individual ``i`` at every ``x_{-i}``: one row per ``x_{-i}``.

    Columns: ``v`` (the others' values), ``outputs`` (``|[[Y | X_{-i} = v]]|``), ``epsilon``
    (its log), ``maximin`` (``I*(X_i; Y)``), ``symmetrized_leakage`` (``L0s``), ``leakage``
    (``L0(Y → X_i)``), ``zero_error`` (``log α(G)``, one-letter zero-error rate) and
    ``hypothesis_bound`` (the best two-point test's performance over all pairs ``x_i, x_i'``).
    Each row builds the range ``[[X_i, Y]]`` and measures it: about a millisecond a row.
    Theorem 1 gives ``maximin ≤ symmetrized_leakage ≤ leakage ≤ ε*``; here they are all equal
    because ``Y`` is a function of ``X_i`` (spec E16).

    Raises
    ------
    ValueError
        If there are more than ``max_rows`` values of ``x_{-i}``.

    Examples
    --------
    >>> prof = leakage_profile(lambda x: (x[0] + x[1]) // 2, [range(4), range(2)], 0)
    >>> prof[["outputs", "epsilon", "maximin", "leakage", "hypothesis_bound"]].round(4).to_numpy().tolist()
    [[2.0, 1.0, 1.0, 1.0, 1.0], [3.0, 1.585, 1.585, 1.585, 1.0]]
    """
    from nsp.uncertain import (
        confusability_graph,
        hypothesis_test_bound,
        independence_number,
        maximin_information,
        nonstochastic_leakage,
        symmetrized_leakage,
    )

    doms = _check_domains(domains)
    if not 0 <= i < len(doms):
        raise ValueError(f"i must index an individual in 0..{len(doms) - 1}; got {i}")
    others = [d if j != i else [d[0]] for j, d in enumerate(doms)]
    if math.prod(len(d) for d in others) > max_rows:
        raise ValueError(
            f"more than max_rows={max_rows} values of x_-i; raise max_rows or shrink the domains"
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
    """Theorem 4's lower bound on ``E{|X_i − X̂_i|^p | X_{-i}}`` for an ε-private mechanism:

    ``ρ μ^{p+1} / 2^{2p+2} · 2^{−ε(p+1)}``, with ``μ = μ([[X_i]])`` and — corrected reading —
    ``ρ`` the infimum of the **conditional** density of ``X_i`` given ``X_{-i}`` (with the joint
    density, as printed, the bound fails: spec E18).

    Examples
    --------
    >>> estimation_error_lower_bound(1.0, 1.0, 1, 0.0)
    0.0625
    """
    if rho <= 0 or mu <= 0:
        raise ValueError(f"rho and mu must be > 0; got rho={rho}, mu={mu}")
    if int(p) != p or p < 1:
        raise ValueError(f"p must be a positive integer; got {p}")
    if epsilon < 0:
        raise ValueError(f"epsilon must be >= 0; got {epsilon}")
    return rho * mu ** (p + 1) / 2 ** (2 * p + 2) * 2 ** (-epsilon * (p + 1))


def optimal_error_uniform(cell_widths: ArrayLike, p: int) -> float:
    """The least ``E|X_i − X̂_i|^p`` when ``X_i | X_{-i}`` is uniform on an interval cut into cells of
    the given widths and the estimator knows the cell (the midpoint is optimal):
    ``Σ_k (1/μ) · 2 (w_k/2)^{p+1} / (p+1)`` with ``μ = Σ w_k``.

    Examples
    --------
    >>> optimal_error_uniform([0.1], 2)   # uniform on [0, 0.1], no information: variance 0.1²/12
    0.0008333333333333335
    """
    w = np.asarray(cell_widths, dtype=float)
    if w.ndim != 1 or w.size == 0 or np.any(w <= 0):
        raise ValueError("cell_widths must be a non-empty 1-D array of positive widths")
    if int(p) != p or p < 1:
        raise ValueError(f"p must be a positive integer; got {p}")
    return float(np.sum(2 * (w / 2) ** (p + 1) / (p + 1)) / w.sum())
